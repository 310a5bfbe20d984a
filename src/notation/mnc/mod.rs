//! Magnificent Noughts & Crosses in text.
//!
//! - Pieces: `x` `X` (x's small and big), `o` `O`; `.` an empty cell.
//! - A board: three rows top to bottom, one per line (as the contest prints
//!   it) or joined by `/` on one line: `o.X/.x./...`.
//! - A position (`noughts mnc analyze`): `ROWS [SIDE] [XHAND OHAND]` — the
//!   side to move (`x` or `o`) and how many small pieces each still holds
//!   (0 to 4). Big pieces in hand are always 2 minus those on the board.
//!   Left out, the hands assume no small piece was ever captured (4 minus
//!   those on the board) and the side to move follows from that (x if both
//!   placed as many pieces, else o).
//! - A move ([`move_notation`]): the piece, where it goes, and what it
//!   takes — `x b2`, `O a1` (from the hand), `O a1 takes x` (onto x's
//!   small piece), `X a1-c3 takes o` (a big piece moved from a1 onto o's
//!   small piece at c3). Moves in a row are joined by commas.

use super::puzzle::{listed, place_words, row_words, PuzzleText};
use super::{describe, in_moves, quoted, InputError, Token, Tokens};
use crate::solver::mnc::MncPuzzle;
use crate::solver::mnc::{
    IllegalMove, Move, Piece, Position, PositionError, Size, Strength, BIG_PIECES, SMALL_PIECES,
};
use crate::solver::{BySide, Cell, Outcome, Side};
use std::fmt;
use std::str::FromStr;

mod kept;
pub(in crate::notation) use kept::{read_saved, write_saved};
pub use kept::{MncSettings, SideSetting, StrengthSetting, SETTINGS_TEXT};

/// The side's letter: `x` or `o`.
/// The engine's level in one word, as the panel, the settings and the
/// session write it.
pub fn strength_word(strength: Strength) -> &'static str {
    match strength {
        Strength::Perfect => "perfect",
        Strength::Strong => "strong",
        Strength::Casual => "casual",
    }
}

/// The level a word names.
pub fn read_strength(word: &str) -> Option<Strength> {
    [Strength::Perfect, Strength::Strong, Strength::Casual]
        .into_iter()
        .find(|&s| strength_word(s) == word)
}

pub fn side_letter(side: Side) -> char {
    match side {
        Side::X => 'x',
        Side::O => 'o',
    }
}

impl Piece {
    /// `x`, `X`, `o` or `O`.
    pub fn letter(self) -> char {
        match (self.side, self.size) {
            (Side::X, Size::Small) => 'x',
            (Side::X, Size::Big) => 'X',
            (Side::O, Size::Small) => 'o',
            (Side::O, Size::Big) => 'O',
        }
    }

    pub fn from_letter(ch: char) -> Option<Piece> {
        let (side, size) = match ch {
            'x' => (Side::X, Size::Small),
            'X' => (Side::X, Size::Big),
            'o' => (Side::O, Size::Small),
            'O' => (Side::O, Size::Big),
            _ => return None,
        };
        Some(Piece { side, size })
    }
}

/// "small" or "big".
pub fn size_word(size: Size) -> &'static str {
    match size {
        Size::Small => "small",
        Size::Big => "big",
    }
}

/// A move in the one notation of this crate, from the position it was made
/// in: the piece that moves, where, and what it takes —
/// `x a1` (x's small piece placed on a1), `O b2 takes x` (o's big piece
/// placed on x's small piece, which leaves the game), `X c1-a3 takes o`
/// (x's big piece moved from c1 onto o's small piece at a3). The app's
/// list, `mnc analyze`, saved files, puzzles and JSON all write it, and
/// [`read_move`] reads it back. The capture is a word because `×` would
/// become `x`, a side, in ASCII mode.
pub fn move_notation(before: &Position, mv: Move) -> String {
    let side = before.to_move();
    let (size, place) = match mv {
        Move::Place { size, cell } => (size, cell.to_string()),
        Move::Shift { from, to } => (Size::Big, format!("{from}-{to}")),
    };
    let mut text = format!("{} {place}", Piece { side, size }.letter());
    if let Some(taken) = before.captured_by(mv) {
        text.push_str(&format!(" takes {}", taken.letter()));
    }
    text
}

/// Why a move's text does not read, and where (a character offset into
/// the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    pub offset: usize,
    pub message: String,
}

impl MoveError {
    fn at(token: &Token, message: String) -> MoveError {
        MoveError {
            offset: token.column - 1,
            message,
        }
    }

    fn at_end(tokens: &Tokens, message: &str) -> MoveError {
        let e = tokens.end_error(message);
        MoveError {
            offset: e.column - 1,
            message: e.message,
        }
    }
}

/// The cell a token (or a part of one, `skip` characters in) names.
fn cell_in(token: &Token, skip: usize, text: &str) -> Result<Cell, MoveError> {
    text.parse::<Cell>().map_err(|e| MoveError {
        offset: token.column - 1 + skip + e.column - 1,
        message: e.message,
    })
}

/// `c1-a3`: a big piece's move within one token.
fn shift_in(token: &Token, from: &str, to: &str) -> Result<Move, MoveError> {
    Ok(Move::Shift {
        from: cell_in(token, 0, from)?,
        to: cell_in(token, from.chars().count() + 1, to)?,
    })
}

/// Reads one move of [`move_notation`] made in `position`: its piece must be
/// the mover's, and a `takes` must name what is there. The older forms
/// still read, for files saved before the one notation: `small b2`,
/// `big a1`, `a1-c3` and `a1 c3`. Whether the move is legal is the
/// caller's to check, by playing it.
pub fn read_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    let mut tokens = Tokens::new(text);
    let first = tokens.next().ok_or_else(|| {
        MoveError::at_end(
            &tokens,
            "expected a move such as 'x a1', 'X b2' or 'X c1-a3', found nothing",
        )
    })?;
    let mover = position.to_move();
    let mut letters = first.text.chars();
    let piece = match (letters.next(), letters.next()) {
        (Some(ch), None) => Piece::from_letter(ch),
        _ => None,
    };
    let mv = if let Some(piece) = piece {
        if piece.side != mover {
            return Err(MoveError::at(
                &first,
                format!(
                    "it is {}'s move, and {} is {}'s piece",
                    side_letter(mover),
                    quoted(first.text),
                    side_letter(piece.side)
                ),
            ));
        }
        let place = tokens.next().ok_or_else(|| {
            MoveError::at_end(
                &tokens,
                "expected a cell such as b2, or a big piece's move such as c1-a3",
            )
        })?;
        match place.text.split_once('-') {
            Some(_) if piece.size == Size::Small => {
                return Err(MoveError::at(
                    &place,
                    format!(
                        "only a big piece moves on the board, and {} is a small one",
                        quoted(first.text)
                    ),
                ))
            }
            Some((from, to)) => shift_in(&place, from, to)?,
            None => Move::Place {
                size: piece.size,
                cell: cell_in(&place, 0, place.text)?,
            },
        }
    } else if let Some((from, to)) = first.text.split_once('-') {
        shift_in(&first, from, to)?
    } else if first.text == "small" || first.text == "big" {
        let size = if first.text == "small" {
            Size::Small
        } else {
            Size::Big
        };
        let cell = tokens.next().ok_or_else(|| {
            MoveError::at_end(&tokens, "expected a cell such as b2 after the size")
        })?;
        Move::Place {
            size,
            cell: cell_in(&cell, 0, cell.text)?,
        }
    } else if first.text.parse::<Cell>().is_ok() {
        // The first saved files wrote a big piece's move `a1 c3`.
        let to = tokens.next().ok_or_else(|| {
            MoveError::at_end(&tokens, "expected the cell the big piece moves to")
        })?;
        Move::Shift {
            from: cell_in(&first, 0, first.text)?,
            to: cell_in(&to, 0, to.text)?,
        }
    } else {
        return Err(MoveError::at(
            &first,
            format!(
                "expected a piece (x, X, o or O) and a cell, such as 'x a1', found {}",
                quoted(first.text)
            ),
        ));
    };
    if let Some(word) = tokens.next() {
        if word.text != "takes" {
            return Err(MoveError::at(
                &word,
                format!(
                    "expected 'takes' or the end of the move, found {}",
                    quoted(word.text)
                ),
            ));
        }
        let named = tokens
            .next()
            .ok_or_else(|| MoveError::at_end(&tokens, "expected the piece taken after 'takes'"))?;
        let taken = position.captured_by(mv);
        if Some(named.text.to_string()) != taken.map(|p| p.letter().to_string()) {
            let really = taken.map_or("nothing".into(), |p| quoted(&p.letter().to_string()));
            return Err(MoveError::at(
                &named,
                format!("that move takes {really}, not {}", quoted(named.text)),
            ));
        }
    }
    if let Some(extra) = tokens.next() {
        return Err(MoveError::at(
            &extra,
            format!("expected the end of the move, found {}", quoted(extra.text)),
        ));
    }
    Ok(mv)
}

/// Moves played one after another from `start`, in [`move_notation`]
/// joined by commas (`x b2, O b2 takes x`): the moves and where they lead,
/// or an error at the column of the text where it went wrong.
pub fn read_moves(start: &Position, text: &str) -> Result<(Vec<Move>, Position), InputError> {
    let mut position = *start;
    let mut moves = Vec::new();
    let mut column = 1;
    for part in text.split(',') {
        let mv = read_move(&position, part)
            .map_err(|e| InputError::at_column(column + e.offset, e.message))?;
        let lead = part.chars().take_while(char::is_ascii_whitespace).count();
        position = position.play(mv).map_err(|why| {
            InputError::at_column(
                column + lead,
                format!("{} is not a legal move here: {why}", quoted(part.trim())),
            )
        })?;
        moves.push(mv);
        column += part.chars().count() + 1;
    }
    Ok((moves, position))
}

impl fmt::Display for Position {
    /// Three rows over `.xXoO`, one per line, as the contest prints boards.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&rows(self, "\n"))
    }
}

fn rows(position: &Position, between: &str) -> String {
    let mut text = String::with_capacity(11);
    for (i, cell) in Cell::ALL.into_iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            text.push_str(between);
        }
        text.push(position.piece_at(cell).map_or('.', Piece::letter));
    }
    text
}

/// The whole position in the notation `mnc analyze` reads:
/// `o.X/.x./... x 2 3`.
pub fn position_notation(position: &Position) -> String {
    format!(
        "{} {} {} {}",
        rows(position, "/"),
        side_letter(position.to_move()),
        position.small_in_hand(Side::X),
        position.small_in_hand(Side::O)
    )
}

fn piece_of(token: &Token, offset: usize, ch: char) -> Result<Option<Piece>, InputError> {
    match ch {
        '.' => Ok(None),
        c => Piece::from_letter(c).map(Some).ok_or_else(|| {
            token.error_at(
                offset,
                format!(
                    "expected one of '.', 'x', 'X', 'o', 'O', found {}",
                    describe(c)
                ),
            )
        }),
    }
}

/// Reads three rows (`.xXoO`) from one token joined by `/`.
fn read_rows(token: &Token) -> Result<[Option<Piece>; 9], InputError> {
    let mut cells = [None; 9];
    let (mut row, mut col) = (0, 0);
    let mut len = 0;
    for (i, ch) in token.text.chars().enumerate() {
        len = i + 1;
        if ch == '/' && col == 3 && row < 2 {
            (row, col) = (row + 1, 0);
            continue;
        }
        if col == 3 {
            let expected = if row < 2 {
                format!("'/' after row {}", row + 1)
            } else {
                "the end of the board after 3 rows".into()
            };
            return Err(token.error_at(i, format!("expected {expected}, found {}", describe(ch))));
        }
        if ch == '/' {
            return Err(token.error_at(
                i,
                format!(
                    "expected 3 cells in row {}, found {col} before '/'",
                    row + 1
                ),
            ));
        }
        cells[3 * row + col] = piece_of(token, i, ch)?;
        col += 1;
    }
    if row < 2 || col < 3 {
        return Err(token.error_at(
            len,
            format!(
                "expected 3 rows of 3 cells joined by '/', found {} cells in {}",
                3 * row + col,
                quoted(token.text)
            ),
        ));
    }
    Ok(cells)
}

/// Reads one row of three cells (`.xXoO`) of a board written row per line.
pub fn read_row(token: &Token) -> Result<[Option<Piece>; 3], InputError> {
    let mut row = [None; 3];
    let mut len = 0;
    for (i, ch) in token.text.chars().enumerate() {
        if i == 3 {
            return Err(token.error_at(
                3,
                format!("expected a row of 3 cells, found {}", quoted(token.text)),
            ));
        }
        row[i] = piece_of(token, i, ch)?;
        len = i + 1;
    }
    if len < 3 {
        return Err(token.error_at(
            len,
            format!("expected a row of 3 cells, found {}", quoted(token.text)),
        ));
    }
    Ok(row)
}

fn read_hand(token: &Token, side: Side) -> Result<u8, InputError> {
    match super::digits::<u8>(token.text) {
        Some(n) if n <= SMALL_PIECES => Ok(n),
        _ => Err(token.error(format!(
            "expected the number of small pieces {} holds (0 to {SMALL_PIECES}), found {}",
            side_letter(side),
            quoted(token.text)
        ))),
    }
}

impl FromStr for Position {
    type Err = InputError;

    /// The notation described in the module documentation.
    fn from_str(text: &str) -> Result<Position, InputError> {
        let mut tokens = Tokens::new(text);
        let board = tokens.expect("a board: three rows of '.xXoO' joined by '/'")?;
        let cells = read_rows(&board)?;
        let count = |side: Side, size: Size| {
            cells
                .iter()
                .flatten()
                .filter(|p| p.side == side && p.size == size)
                .count() as u8
        };
        let small_left = |side| SMALL_PIECES.saturating_sub(count(side, Size::Small));
        let mut hands = BySide::new(small_left(Side::X), small_left(Side::O));
        let placed = |s: Side| count(s, Size::Small) + count(s, Size::Big);
        let mut to_move = if placed(Side::X) > placed(Side::O) {
            Side::O
        } else {
            Side::X
        };
        let mut last = board;
        if let Some(token) = tokens.next() {
            to_move = match token.text {
                "x" => Side::X,
                "o" => Side::O,
                other => {
                    return Err(token.error(format!(
                        "expected the side to move, 'x' or 'o', found {}",
                        quoted(other)
                    )))
                }
            };
            last = token;
            if let Some(token) = tokens.next() {
                hands[Side::X] = read_hand(&token, Side::X)?;
                let o_hand = tokens.expect("the number of small pieces o holds")?;
                hands[Side::O] = read_hand(&o_hand, Side::O)?;
                last = o_hand;
            }
        }
        tokens.expect_end("the position")?;
        Position::new(cells, hands, to_move).map_err(|why| InputError {
            line: last.line,
            column: 1,
            message: format!("inconsistent position: {why}"),
        })
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::TooManyBig { side, on_board } => write!(
                f,
                "{} has {on_board} big pieces on the board, but only {BIG_PIECES} in all",
                side_letter(side)
            ),
            PositionError::TooManySmall {
                side,
                on_board,
                in_hand,
            } => write!(
                f,
                "{} has {on_board} small pieces on the board and {in_hand} in hand, more than the {SMALL_PIECES} it owns",
                side_letter(side)
            ),
            PositionError::BothHaveLines => write!(f, "both x and o have three in a row"),
            PositionError::MoverHasLine(side) => write!(
                f,
                "{} has three in a row but is to move: the game stopped at that line",
                side_letter(side)
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::NoSmallInHand => write!(f, "no small piece left in hand"),
            IllegalMove::NoBigInHand => write!(f, "no big piece left in hand"),
            IllegalMove::CellOccupied(c) => {
                write!(f, "{c} is taken: a small piece needs an empty cell")
            }
            IllegalMove::CannotCoverBig(c) => {
                write!(f, "{c} holds a big piece, which cannot be covered")
            }
            IllegalMove::NotYourBig(c) => write!(f, "{c} does not hold one of your big pieces"),
            IllegalMove::TargetNotSmall(c) => write!(
                f,
                "a big piece on the board may only move onto a small piece, and {c} holds none"
            ),
            IllegalMove::CannotCoverOwnSmall(c) => {
                write!(f, "{c} holds your own small piece, which these rules keep")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Why the game is over in this position, in words, if it is.
pub fn game_over_words(position: &Position) -> Option<String> {
    if let Some(winner) = position.winner() {
        return Some(format!(
            "the game is over: {} has three in a row",
            side_letter(winner)
        ));
    }
    position.legal_moves().is_empty().then(|| {
        format!(
            "the game is over: {} has no legal move and loses",
            side_letter(position.to_move())
        )
    })
}

/// "x wins in 5 moves" from a value for `mover`.
pub fn value_words(mover: Side, value: Outcome) -> String {
    match value {
        Outcome::Win(d) => format!("{} wins in {}", side_letter(mover), in_moves(d)),
        Outcome::Loss(d) => format!("{} wins in {}", side_letter(mover.other()), in_moves(d)),
        Outcome::Draw => "draw".into(),
    }
}

/// MNC puzzles in words: moves as the move list writes them.
impl PuzzleText for MncPuzzle {
    const WORD: &'static str = "mnc";

    fn question(&self) -> String {
        format!(
            "{} to move and win in {}",
            side_letter(self.position.to_move()),
            in_moves(self.plies)
        )
    }

    fn position_text(&self) -> String {
        position_notation(&self.position)
    }

    fn answers(&self) -> Vec<String> {
        self.answers
            .iter()
            .map(|m| move_notation(&self.position, *m))
            .collect()
    }

    fn answer_text(&self) -> String {
        format!("winning: {}", listed(self.answers(), ", "))
    }
}

/// Step `step` of the hint of an MNC "win in N": the piece and whether it
/// takes one, then where it lands, then the move.
pub fn puzzle_hint(p: &MncPuzzle, step: u8) -> String {
    let Some(&first) = p.answers.first() else {
        return "no move answers this".into();
    };
    let mover = p.position.to_move();
    // A big piece may cover its own side's small piece too: that is no
    // capture of the other's (round 10 read "taking x's" as a slip).
    let taken = p
        .position
        .captured_by(first)
        .map(|piece| match piece.side == mover {
            true => ", covering its own side's small piece".to_string(),
            false => format!(", taking {}'s small piece", side_letter(piece.side)),
        });
    let taken = taken.unwrap_or_else(|| ", onto an empty cell".into());
    match step {
        1 => match first {
            Move::Place {
                size: Size::Small, ..
            } => {
                format!("a small {} piece from the hand{taken}", side_letter(mover))
            }
            Move::Place {
                size: Size::Big, ..
            } => {
                format!(
                    "a big {} piece from the hand{taken}",
                    side_letter(mover).to_ascii_uppercase()
                )
            }
            Move::Shift { from, .. } => format!("the big piece on {from} moves{taken}"),
        },
        2 => {
            let target = first.target();
            let row = row_words(target);
            match place_words(target) {
                "in the centre" => "it lands in the centre".into(),
                "in a corner" => format!("it lands in a corner of {row}"),
                _ => format!("it lands on the edge, in {row}"),
            }
        }
        _ => format!("the move: {}", move_notation(&p.position, first)),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_move_names_its_piece_its_cells_and_what_it_takes() {
        let start = Position::START;
        let small = Move::Place {
            size: Size::Small,
            cell: Cell::ALL[0],
        };
        assert_eq!(move_notation(&start, small), "x a1");
        // o's big piece on x's small one takes it.
        let after = start.play(small).unwrap();
        let cover = Move::Place {
            size: Size::Big,
            cell: Cell::ALL[0],
        };
        assert_eq!(move_notation(&after, cover), "O a1 takes x");
        let position: Position = "O.x/.../... o 3 4".parse().unwrap();
        let shift = Move::Shift {
            from: Cell::ALL[0],
            to: Cell::ALL[2],
        };
        assert_eq!(move_notation(&position, shift), "O a1-c1 takes x");
    }

    #[test]
    fn every_move_reads_back_from_its_notation() {
        // Every legal move of every position on a few random games.
        let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
        let mut read = 0;
        for _ in 0..200 {
            let mut position = Position::START;
            while position.game_over().is_none() {
                let moves = position.legal_moves();
                for &mv in &moves {
                    let text = move_notation(&position, mv);
                    assert_eq!(read_move(&position, &text), Ok(mv), "{text}");
                    read += 1;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                position = position.play(moves[rng as usize % moves.len()]).unwrap();
            }
        }
        assert!(read > 10_000, "{read}");
    }

    #[test]
    fn older_move_forms_still_read() {
        let position: Position = "O.x/.../... o 3 4".parse().unwrap();
        let [a1, b2, c1] = [0, 4, 2].map(|i| Cell::ALL[i]);
        let shift = Move::Shift { from: a1, to: c1 };
        assert_eq!(read_move(&position, "a1-c1"), Ok(shift));
        assert_eq!(read_move(&position, "a1 c1"), Ok(shift));
        let small = Move::Place {
            size: Size::Small,
            cell: b2,
        };
        assert_eq!(read_move(&position, "small b2"), Ok(small));
        assert_eq!(read_move(&position, "o b2"), Ok(small));
    }

    #[test]
    fn a_wrong_move_text_says_where_and_why() {
        let position: Position = "O.x/.../... o 3 4".parse().unwrap();
        let err = |text: &str| {
            let e = read_move(&position, text).unwrap_err();
            (e.offset, e.message)
        };
        assert_eq!(err("x b2").0, 0);
        assert!(
            err("x b2").1.contains("it is o's move"),
            "{:?}",
            err("x b2")
        );
        assert_eq!(err("o a1-c1").0, 2);
        assert!(err("o a1-c1").1.contains("only a big piece moves"));
        assert_eq!(err("O a1-c4").0, 6);
        assert_eq!(
            err("O a1-c1 takes o"),
            (14, "that move takes \"x\", not \"o\"".into())
        );
        assert_eq!(err("O b2 takes x").0, 11);
        assert!(err("O b2 takes x").1.contains("takes nothing"));
        assert_eq!(err("O b2 gives").0, 5);
        assert_eq!(err("O a1-c1 takes x x").0, 16);
        assert_eq!(err("O").0, 1);
        assert_eq!(err("").0, 0);
        assert!(err("q b2").1.contains("expected a piece"));
        // A list of moves: the column of the argument.
        let e = read_moves(&Position::START, "x b2, O b2 takes x, x b2").unwrap_err();
        assert_eq!(e.column, 21, "{e}");
        assert!(e.message.contains("not a legal move here"), "{e}");
        let (moves, after) = read_moves(&Position::START, "x b2, O b2 takes x").unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(after.to_move(), Side::X);
    }
    use super::*;

    fn parse(text: &str) -> Result<Position, InputError> {
        text.parse()
    }

    #[test]
    fn notation_with_defaults() {
        let p = parse("x../.../...").unwrap();
        assert_eq!(p.to_move(), Side::O);
        assert_eq!(p.small_in_hand(Side::X), 3);
        assert_eq!(p.big_in_hand(Side::X), 2);
        let p = parse("X../.o./... x 2 3").unwrap();
        assert_eq!(p.to_move(), Side::X);
        assert_eq!((p.small_in_hand(Side::X), p.small_in_hand(Side::O)), (2, 3));
        assert_eq!(p.big_in_hand(Side::X), 1);
        assert_eq!(position_notation(&p), "X../.o./... x 2 3");
        assert_eq!(parse(&position_notation(&p)), Ok(p));
    }

    #[test]
    fn notation_errors() {
        let col = |t: &str| parse(t).unwrap_err().column;
        assert_eq!(col("x../.a./..."), 6);
        assert_eq!(col("x..|.../..."), 4);
        assert_eq!(col("x../.../.."), 11);
        assert_eq!(col("x../.../...."), 12);
        assert_eq!(col("x../.../... z"), 13);
        assert_eq!(col("x../.../... x 5 1"), 15);
        assert_eq!(col("x..//.../..."), 5);
        let e = parse("XXX/.../... o 4 4").unwrap_err();
        assert!(e.message.contains("3 big pieces"), "{}", e.message);
        let e = parse("xxx/.../... x 4 4").unwrap_err();
        assert!(e.message.contains("more than the 4"), "{}", e.message);
        let e = parse("oxx/ox./o.. o 1 1").unwrap_err();
        assert!(e.message.contains("three in a row"), "{}", e.message);
        assert!(parse("").unwrap_err().message.contains("board"));
    }

    #[test]
    fn moves_in_words() {
        let [a1, b2, c1] = [0, 4, 2].map(|i| Cell::ALL[i]);
        let small = Move::Place {
            size: Size::Small,
            cell: b2,
        };
        assert_eq!(move_notation(&Position::START, small), "x b2");
        let corner: Position = "x.O/.../... o 3 4".parse().unwrap();
        let shift = Move::Shift { from: c1, to: a1 };
        assert_eq!(move_notation(&corner, shift), "O c1-a1 takes x");
        assert_eq!(value_words(Side::X, Outcome::Win(1)), "x wins in 1 move");
        assert_eq!(value_words(Side::X, Outcome::Loss(4)), "o wins in 4 moves");
    }
}
