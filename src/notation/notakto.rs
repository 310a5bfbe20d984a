//! Notakto in text: a board as three rows joined by `/` over `X` and `.`
//! (rows from the top, as tic-tac-toe boards), a move as `K:CELL` (board
//! number from 1), and the quotient's elements as products of generators
//! (`ab²c`, or `ab^2c` in ASCII).

use super::puzzle::{listed, PuzzleText};
use super::saved::{expect_key, player_word, read_first, Fact, Saved};
use super::{describe, quoted, InputError, Token};
use crate::solver::notakto::count::{Case, Count};
use crate::solver::notakto::NotaktoPuzzle;
use crate::solver::notakto::{play, Analysis, Board, Element, Move, Quotient};
use crate::solver::record::Player;
use crate::solver::Cell;
use std::fmt;

/// The most boards the app's tab holds, and so a saved file.
pub const MOST_EDITABLE: usize = 9;

/// Reads one board: `X../.X./...`. Three rows of three cells, `X` or `.`,
/// joined by `/`. Dead boards (three in a line) are allowed.
pub fn read_board(token: &Token) -> Result<Board, InputError> {
    // Eleven characters: cells at offsets 0-2, 4-6 and 8-10, '/' at 3 and 7.
    let mut cells = 0u16;
    let mut length = 0;
    for (offset, ch) in token.text.chars().enumerate() {
        length = offset + 1;
        if offset >= 11 {
            let hint = if ch.is_whitespace() {
                " (each board is a word of its own)"
            } else {
                ""
            };
            return Err(token.error_at(
                offset,
                format!(
                    "expected the end of the board after 3 rows, found {}{hint}",
                    describe(ch)
                ),
            ));
        }
        if offset == 3 || offset == 7 {
            if ch != '/' {
                return Err(token.error_at(
                    offset,
                    format!(
                        "expected '/' after row {}, found {}",
                        offset / 4 + 1,
                        describe(ch)
                    ),
                ));
            }
            continue;
        }
        match ch {
            'X' => cells |= 1 << (offset - offset / 4),
            '.' => {}
            _ => {
                return Err(token.error_at(
                    offset,
                    format!("expected 'X' or '.', found {}", describe(ch)),
                ))
            }
        }
    }
    if length == 0 {
        return Err(token.error("expected a board such as X../.X./..., found nothing"));
    }
    if length < 11 {
        return Err(token.error_at(
            length,
            format!(
                "expected 3 rows of 3 cells such as X../.X./..., found the board ending in {}",
                quoted(token.text)
            ),
        ));
    }
    Ok(Board::from_cells(cells))
}

/// A board as `X../.X./...`.
pub struct BoardText(pub Board);

impl fmt::Display for BoardText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in Cell::ALL {
            if cell.index() > 0 && cell.col() == 0 {
                f.write_str("/")?;
            }
            f.write_str(if self.0.has_x(cell) { "X" } else { "." })?;
        }
        Ok(())
    }
}

/// A move as `K:CELL`, the board counted from 1.
pub struct MoveText(pub Move);

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0.board + 1, self.0.cell)
    }
}

/// A move named for the player: `board 1, b2`; in the notation, `1:b2`,
/// with the details (`i`), which the expert reads and the files keep.
pub fn move_named(mv: Move, details: bool) -> String {
    match details {
        true => MoveText(mv).to_string(),
        false => format!("board {}, {}", mv.board + 1, mv.cell),
    }
}

/// Reads a move `K:CELL` (`2:b2`) playable on `boards`: the error's
/// column counts from 1 in `text`.
pub fn read_move(boards: &[Board], text: &str) -> Result<Move, InputError> {
    let (number, cell) = text.split_once(':').ok_or_else(|| {
        InputError::at_column(
            1,
            format!(
                "expected a move such as 2:b2 (board, ':', cell), found {}",
                quoted(text)
            ),
        )
    })?;
    let board = super::digits::<usize>(number)
        .filter(|k| (1..=boards.len()).contains(k))
        .ok_or_else(|| {
            InputError::at_column(
                1,
                format!(
                    "expected a board from 1 to {}, found {}",
                    boards.len(),
                    quoted(number)
                ),
            )
        })?
        - 1;
    let at = number.len() + 2;
    let cell: Cell = cell.parse().map_err(|e: InputError| InputError {
        column: at + e.column - 1,
        ..e
    })?;
    if boards[board].is_dead() {
        return Err(InputError::at_column(
            1,
            format!(
                "board {} is dead (three in a line): no move there",
                board + 1
            ),
        ));
    }
    if boards[board].has_x(cell) {
        return Err(InputError::at_column(
            at,
            format!("{cell} of board {} holds an X already", board + 1),
        ));
    }
    Ok(Move { board, cell })
}

/// The letter of generator `i`.
pub fn generator_name(i: usize) -> char {
    char::from(b'a' + i as u8)
}

/// A product of generators by its exponents: `1` when empty, else each
/// generator's letter with its power (`²` or `^2`).
pub fn monomial(exponents: &[u8], ascii: bool) -> String {
    let mut text = String::new();
    for (i, &power) in exponents.iter().enumerate() {
        if power == 0 {
            continue;
        }
        text.push(generator_name(i));
        if power > 1 {
            if ascii {
                text.push('^');
                text.push_str(&power.to_string());
            } else {
                text.extend(power.to_string().chars().map(superscript));
            }
        }
    }
    if text.is_empty() {
        text.push('1');
    }
    text
}

/// A decimal digit raised (a power's digits are all it is given).
fn superscript(digit: char) -> char {
    const RAISED: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    digit.to_digit(10).map_or(digit, |d| RAISED[d as usize])
}

/// An element by its name in the quotient (`ab²`).
pub fn element(q: &Quotient, x: Element, ascii: bool) -> String {
    monomial(q.normal_form(x), ascii)
}

/// The product written out, as the Treblecross tab writes its nim-sum:
/// `c · d · c² = ad: not in the P-portion {a, b², bc, c²}, so the player to
/// move wins`. Past 9 boards equal elements are gathered into powers
/// (`b²¹⁴ · (ab)⁴⁷`), the identity left out.
pub fn product_words(q: &Quotient, analysis: &Analysis, ascii: bool) -> String {
    // In ASCII `x`: `*` marks a winning move on the same screen.
    let times = if ascii { " x " } else { " · " };
    let mut factors: Vec<String> = if analysis.elements.len() <= 9 {
        analysis
            .elements
            .iter()
            .map(|&x| element(q, x, ascii))
            .collect()
    } else {
        let mut counts = vec![0usize; q.len()];
        for x in &analysis.elements {
            counts[x.index()] += 1;
        }
        q.elements()
            .filter(|&x| x != Element::IDENTITY)
            .filter_map(|x| {
                let n = counts[x.index()];
                let name = element(q, x, ascii);
                let base = if name.chars().count() > 1 {
                    format!("({name})")
                } else {
                    name.clone()
                };
                match n {
                    0 => None,
                    1 => Some(name),
                    _ if ascii => Some(format!("{base}^{n}")),
                    _ => Some(format!(
                        "{base}{}",
                        n.to_string().chars().map(superscript).collect::<String>()
                    )),
                }
            })
            .collect()
    };
    if factors.is_empty() {
        factors.push("1".into());
    }
    let p_portion = p_portion(q, ascii);
    let product = element(q, analysis.product, ascii);
    let verdict = if analysis.is_over() {
        "no live board: the player to move has won".to_string()
    } else if analysis.p_position {
        format!(
            "in the P-portion {{{}}}, so the player to move loses",
            p_portion.join(", ")
        )
    } else {
        format!(
            "not in the P-portion {{{}}}, so the player to move wins",
            p_portion.join(", ")
        )
    };
    format!("{} = {product}: {verdict}", factors.join(times))
}

/// The P-portion's elements by name, in the quotient's order.
pub fn p_portion(q: &Quotient, ascii: bool) -> Vec<String> {
    q.elements()
        .filter(|&x| q.is_p(x))
        .map(|x| element(q, x, ascii))
        .collect()
}

/// The presentation: `⟨a, b, c, d | a² = 1, b³ = b, …⟩` (ASCII: `<…>`).
pub fn presentation(q: &Quotient, ascii: bool) -> String {
    let generators: Vec<String> = (0..q.generators().len())
        .map(|i| generator_name(i).to_string())
        .collect();
    let relations: Vec<String> = q
        .relations()
        .iter()
        .map(|(left, right)| format!("{} = {}", monomial(left, ascii), monomial(right, ascii)))
        .collect();
    let (open, close) = if ascii { ("<", ">") } else { ("⟨", "⟩") };
    format!(
        "{open}{} | {}{close}",
        generators.join(", "),
        relations.join(", ")
    )
}

/// Notakto puzzles in words: boards as `X../.X./...`, moves as `2:b2`.
impl PuzzleText for NotaktoPuzzle {
    const WORD: &'static str = "notakto";

    fn question(&self) -> String {
        let x: u32 = self.boards.iter().map(|b| b.x_count()).sum();
        let player = if x.is_multiple_of(2) {
            "first"
        } else {
            "second"
        };
        format!("find a winning move: the {player} player is to move, {x} X played")
    }

    fn position_text(&self) -> String {
        let boards: Vec<String> = self
            .boards
            .iter()
            .map(|&b| BoardText(b).to_string())
            .collect();
        boards.join(" ")
    }

    fn answers(&self) -> Vec<String> {
        self.answers
            .iter()
            .map(|&m| MoveText(m).to_string())
            .collect()
    }

    fn answer_text(&self) -> String {
        format!("winning: {}", listed(self.answers(), " "))
    }
}

/// What the letters of [`kind_forms`]' shortest form stand for.
pub const KIND_LETTERS: &str = "H half, F flip, O open, S spare";

/// What one board counts for, in words, longest first: `a half and a
/// flip`, `half+flip`, `HF`. A board that counts for nothing says so.
pub fn kind_forms(c: Count) -> [String; 3] {
    if c.is_nothing() {
        return ["counts for nothing", "nothing", "0"].map(String::from);
    }
    // A board holds at most one flip, half and spare, and two opens.
    let mut long = Vec::new();
    let mut short = Vec::new();
    let mut least = String::new();
    for (n, one, name, letter) in [
        (c.halves, "a half", "half", 'H'),
        (c.flips, "a flip", "flip", 'F'),
        (c.opens, "an open", "open", 'O'),
        (c.spares, "a spare", "spare", 'S'),
    ] {
        match n {
            0 => {}
            1 => {
                long.push(one.to_string());
                short.push(name.to_string());
                least.push(letter);
            }
            n => {
                long.push(format!("{} {name}s", number_word(n)));
                short.push(format!("{n} {name}s"));
                least.push_str(&format!("{n}{letter}"));
            }
        }
    }
    let long = match long.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => unreachable!("a count that is not nothing has a part"),
    };
    [long, short.join("+"), least]
}

fn number_word(n: u32) -> String {
    match n {
        2 => "two".into(),
        n => n.to_string(),
    }
}

/// What one board counts for, as [`kind_forms`] says it; a dead board
/// is `dead`.
pub fn board_kind(board: Board) -> [String; 3] {
    match board.is_dead() {
        true => ["dead", "dead", "dead"].map(String::from),
        false => kind_forms(Count::of(board)),
    }
}

/// The words under board `n` (1-based) for what it counts for: the longest
/// first, then shorter forms for narrower labels.
pub fn kind_words(n: usize, board: Board) -> Vec<String> {
    let [long, short, least] = board_kind(board);
    // Under a narrow board its number goes before the words become
    // letters (`HF` read as nothing to a newcomer).
    vec![
        format!("board {n}: {long}"),
        format!("{n}: {long}"),
        format!("{n}: {short}"),
        short,
        format!("{n} {least}"),
    ]
}

/// A sum of what boards count for: `1 flip, 0 halves, 2 opens` (spares
/// only when there are some: most positions have none).
pub fn count_words(c: Count) -> String {
    if c.is_nothing() {
        return "nothing".into();
    }
    let part = |n: u32, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    };
    let mut parts = vec![
        part(c.flips, "flip", "flips"),
        part(c.halves, "half", "halves"),
        part(c.opens, "open", "opens"),
    ];
    if c.spares > 0 {
        parts.push(part(c.spares, "spare", "spares"));
    }
    parts.join(", ")
}

/// A count in the fewest words, only the parts it has: `3 opens`, `1 flip
/// and 2 opens` (a first screen that listed `0 flips, 0 halves` named two
/// words before anything had taught them: round 13).
pub fn count_short(c: Count) -> String {
    let parts: Vec<String> = [
        (c.flips, "flip", "flips"),
        (c.halves, "half", "halves"),
        (c.opens, "open", "opens"),
        (c.spares, "spare", "spares"),
    ]
    .into_iter()
    .filter(|(n, ..)| *n > 0)
    .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
    .collect();
    match parts.split_last() {
        None => "nothing".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// What each part a count has is like, in shapes a newcomer can find on
/// the boards: `an open is like an empty board`. Other shapes count so too
/// (the lesson and `r` say which); these are the ones to look for first.
pub fn count_glosses(c: Count) -> String {
    let glosses: Vec<&str> = [
        (c.flips, "a flip is like X on two side middles"),
        (c.halves, "a half is like two corners of one side"),
        (c.opens, "an open is like an empty board"),
        (c.spares, "a spare is like two X side by side"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(_, gloss)| gloss)
    .collect();
    glosses.join("; ")
}

/// Who the count says wins, in plain words, for a first screen: `the
/// boards count 3 opens (an open is like an empty board): not a losing
/// count, so the player to move wins`; the rule's part that decides it
/// is a detail (`i`, `r`).
pub fn count_plain(boards: &[Board], glossed: bool) -> String {
    let c = Count::of_all(boards);
    if c.is_nothing() {
        return "no live board counts for anything: the player to move wins".into();
    }
    let verdict = match c.loses() {
        true => "a losing count, so the player to move loses",
        false => "not a losing count, so the player to move wins",
    };
    // Three kinds glossed take three rows at 80 columns: the glosses are
    // for a first screen, where there are one or two.
    let kinds = [c.flips, c.halves, c.opens, c.spares];
    match glossed && kinds.iter().filter(|&&n| n > 0).count() <= 2 {
        true => format!(
            "the boards count {} ({}): {verdict}",
            count_short(c),
            count_glosses(c)
        ),
        // Narrow: the verdict line above says who wins.
        false => format!(
            "the boards count {}: {}",
            count_short(c),
            verdict.split(',').next().unwrap_or(verdict)
        ),
    }
}

/// The part of the rule that decides a count, in words.
pub fn case_words(c: Count) -> String {
    match c.is_nothing() {
        true => "where nothing counts, the player to move wins".into(),
        false => {
            let (with, rule) = case_parts(c);
            format!("with {with}, {rule}")
        }
    }
}

/// The part of the rule that decides a count, as what the count has
/// (`no opens`) and what that rule says (`a loss takes …`).
fn case_parts(c: Count) -> (&'static str, &'static str) {
    match c.case() {
        Case::OddSpares => ("an odd number of spares", "the player to move wins"),
        Case::NoOpens => (
            "no opens",
            "a loss takes no halves and odd flips, or even halves (2 or more) and even flips",
        ),
        Case::OneOpen => ("one open", "a loss takes odd halves and even flips"),
        Case::Opens => (
            "two or more opens",
            "a loss takes even halves, and flips + opens even",
        ),
    }
}

/// Why `boards` win or lose for the player to move, by the count: `1
/// flip, 0 halves, 0 opens (with no opens, a loss takes …)`.
pub fn count_reason(boards: &[Board]) -> String {
    let c = Count::of_all(boards);
    format!("{} ({})", count_words(c), case_words(c))
}

/// The count's verdict on `boards`, in one sentence for the command
/// line's `--explain`: `the boards count 1 flip, 0 halves, 0 opens: a
/// losing count, so the player to move loses (with no opens, …)`.
pub fn count_verdict(boards: &[Board]) -> String {
    if boards.iter().all(|b| b.is_dead()) {
        return "no live board: the player to move has already won".into();
    }
    let c = Count::of_all(boards);
    if c.is_nothing() {
        return "the live boards count for nothing, so the player to move wins".into();
    }
    let (verdict, mover) = match c.loses() {
        true => ("a losing count", "loses"),
        false => ("not a losing count", "wins"),
    };
    format!(
        "the boards count {}: {verdict}, so the player to move {mover} ({})",
        count_words(c),
        case_words(c)
    )
}

/// What a move makes of its board, called `it`, in words: `makes board 2
/// a flip`, `kills it`, `makes it count for nothing`.
pub fn makes_words(boards: &[Board], mv: Move, it: &str) -> String {
    let after = boards[mv.board].with_x(mv.cell);
    if after.is_dead() {
        return format!("kills {it}");
    }
    let c = Count::of(after);
    match c.is_nothing() {
        true => format!("makes {it} count for nothing"),
        false => format!("makes {it} {}", kind_forms(c)[0]),
    }
}

/// Why a move wins or loses, by the count it leaves: `makes board 2 a
/// flip and leaves 1 flip, 0 halves, 0 opens, a losing count`, and with
/// `rule` the part of the rule that decides it (`(with no opens, …)`).
pub fn move_reason(boards: &[Board], mv: Move, rule: bool) -> String {
    let after = play(boards, mv);
    let c = Count::of_all(&after);
    let makes = makes_words(boards, mv, &format!("board {}", mv.board + 1));
    // Every part where the rule's words follow (they name parts that may
    // be 0); else only those it has (round 18 met `0 flips, 0 halves`
    // before the lesson had taught halves).
    let count_words = match rule {
        true => count_words,
        false => count_short,
    };
    let said = match (c.is_nothing(), c.loses()) {
        // Said whole: "where nothing counts" read as a riddle (round 9).
        (true, _) => {
            return format!(
                "{makes}, and no board counts for anything then (a win for whoever moves next)"
            )
        }
        (false, true) => format!("{makes} and leaves {}, a losing count", count_words(c)),
        (false, false) => format!("{makes} and leaves {}, not a losing count", count_words(c)),
    };
    match rule || c.is_nothing() {
        true => format!("{said} ({})", case_words(c)),
        false => said,
    }
}

/// Step `step` of the hint of a Notakto puzzle, in plain words: the count
/// now and the part of the rule a winning move meets, then the board and
/// what one X there makes of it, then the move. With `details` the first
/// step is the quotient's (the product and the P-portion), and the second
/// names a board of the same kind to make.
pub fn puzzle_hint(p: &NotaktoPuzzle, step: u8, details: bool) -> String {
    let Some(&first) = p.answers.first() else {
        return "no move answers this".into();
    };
    let q = crate::solver::notakto::quotient();
    let board = first.board + 1;
    let after = p.boards[first.board].with_x(first.cell);
    match step {
        1 if details => {
            let product = q.product(p.boards.iter().map(|&b| q.element_of(b)));
            format!(
                "the boards multiply to {}, not in the P-portion; a winning move makes the product one of {}",
                element(q, product, false),
                p_portion(q, false).join(", ")
            )
        }
        1 => {
            // The rule of the count a winning move leaves, not of the
            // count now (round 9 read one for the other).
            let (with, rule) = case_parts(Count::of_all(&play(&p.boards, first)));
            format!(
                "the boards count {} now; a winning move leaves your opponent a losing count: even spares and {with}, where {rule}",
                count_words(Count::of_all(&p.boards)),
            )
        }
        2 if after.is_dead() => format!("kill board {board}: complete a line there"),
        2 if !details => {
            // With the count it leaves: `a half` alone read as "a half
            // and a flip will do" (round 9); only the parts it has, as a
            // wrong answer's words (not `1 flip, 0 halves, 0 opens`).
            let left = Count::of_all(&play(&p.boards, first));
            format!(
                "on board {board}: one X there {}, leaving {}",
                makes_words(&p.boards, first, "it"),
                count_short(left)
            )
        }
        2 => {
            // The board of the same kind with the fewest X.
            let kind = q.element_of(after);
            match q.positions().iter().find(|&&(_, x)| x == kind) {
                Some(&(like, _)) => format!(
                    "on board {board}: make it like {} (of the same kind)",
                    BoardText(like)
                ),
                None => format!("a winning move is on board {board}"),
            }
        }
        _ if p.answers.len() == 1 => format!("the move: {}", MoveText(first)),
        _ => {
            let moves: Vec<String> = p.answers.iter().map(|&m| MoveText(m).to_string()).collect();
            format!("the winning moves: {}", moves.join(" "))
        }
    }
}

/// Saved boards: their line, and in a game who moved first and the moves.
pub(super) fn write_saved(boards: &[Board], game: &Option<(Player, Vec<Move>)>, text: &mut String) {
    let words: Vec<String> = boards.iter().map(|&b| BoardText(b).to_string()).collect();
    text.push_str(&format!("notakto {}\n", words.join(" ")));
    if let Some((first, moves)) = game {
        text.push_str(&format!("first {}\n", player_word(*first)));
        for &mv in moves {
            text.push_str(&format!("move {}\n", MoveText(mv)));
        }
    }
}

/// `notakto` and 1 to 9 boards, each a word; in a game, `first` and the
/// moves, each checked on the boards as they are then.
pub(super) fn read_saved(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let most = MOST_EDITABLE;
    let mut boards = Vec::new();
    for token in super::Tokens::new(game.value) {
        if boards.len() == most {
            return Err(game.placed(token.error(format!(
                "expected the end: the app holds at most {most} boards"
            ))));
        }
        boards.push(read_board(&token).map_err(|e| game.placed(e))?);
    }
    if boards.is_empty() {
        return Err(game.error(
            0,
            format!("expected 1 to {most} boards such as X../.X./..., found none"),
        ));
    }
    let start = boards.clone();
    let Some(first_fact) = rest.first() else {
        return Ok(Saved::Notakto { boards, game: None });
    };
    let first_fact = expect_key(Some(first_fact), "first", game)?;
    if boards.iter().all(|b| b.is_dead()) {
        return Err(first_fact.error(0, "expected the end: no game starts with every board dead"));
    }
    let first = read_first(first_fact)?;
    let mut moves = Vec::new();
    for fact in &rest[1..] {
        let fact = expect_key(Some(fact), "move", game)?;
        if boards.iter().all(|b| b.is_dead()) {
            return Err(fact.error(0, "expected the end: the game is over (every board dead)"));
        }
        let mv = read_move(&boards, fact.value).map_err(|e| fact.placed(e))?;
        boards[mv.board] = boards[mv.board].with_x(mv.cell);
        moves.push(mv);
    }
    Ok(Saved::Notakto {
        boards: start,
        game: Some((first, moves)),
    })
}

/// The `[notakto]` section as a new settings file writes it.
pub const SETTINGS_TEXT: &str = r#"[notakto]
# The boards a fresh Notakto tab starts with: 1 to 9 (+ and - change it).
boards = 3
"#;

/// The `[notakto]` section of the settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct NotaktoSettings {
    pub boards: BoardCount,
}

/// How many boards a fresh Notakto tab has: 1 to 9.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCount(pub u8);

impl Default for BoardCount {
    fn default() -> Self {
        BoardCount(3)
    }
}

impl<'de> serde::Deserialize<'de> for BoardCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BoardCount, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        let most = MOST_EDITABLE;
        if !(1..=most).contains(&usize::from(n)) {
            return Err(serde::de::Error::custom(format!(
                "expected 1 to {most} boards, found {n}"
            )));
        }
        Ok(BoardCount(n))
    }
}

#[cfg(test)]
mod tests;
