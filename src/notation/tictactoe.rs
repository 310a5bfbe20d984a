//! Tic-tac-toe in text: boards as rows in the contests' alphabets, the
//! one-argument form `X0X/.0./.X.`, verdicts in the words of Codeforces 3C,
//! and the reasons and results in words.

use super::in_moves;
use super::puzzle::{cells_text, place_words, row_words, PuzzleText};
use super::saved::{expect_key, player_word, read_first, Fact, Saved};
use super::{describe, quoted, InputError, Token, Tokens};
use crate::solver::record::Player;
use crate::solver::record::Rules;
use crate::solver::tictactoe::{illegality, Analysis, Board, Illegality, TicTacToeRules, Verdict};
use crate::solver::tictactoe::{TicTacToePuzzle, TicTacToeTask};
use crate::solver::{Cell, Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// The characters a format writes X, O and an empty cell with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alphabet {
    pub x: char,
    pub o: char,
    pub empty: char,
}

impl Alphabet {
    /// Codeforces 3C: `X`, `0` (zero) and `.`.
    pub const CODEFORCES: Alphabet = Alphabet {
        x: 'X',
        o: '0',
        empty: '.',
    };
    /// The app's and the one-line form's: `X`, the letter `O` and `.`.
    pub const LETTERS: Alphabet = Alphabet {
        x: 'X',
        o: 'O',
        empty: '.',
    };
    /// CodeChef TCTCTOE: `X`, `O` and `_`.
    pub const CODECHEF: Alphabet = Alphabet {
        x: 'X',
        o: 'O',
        empty: '_',
    };

    fn mark(self, ch: char) -> Option<Option<Side>> {
        match ch {
            c if c == self.x => Some(Some(Side::X)),
            c if c == self.o => Some(Some(Side::O)),
            c if c == self.empty => Some(None),
            _ => None,
        }
    }

    fn expected(self) -> String {
        format!("'{}', '{}' or '{}'", self.x, self.o, self.empty)
    }
}

/// The letter of a side on the tic-tac-toe board: `X` or `O`.
pub fn mark_letter(side: Side) -> char {
    match side {
        Side::X => 'X',
        Side::O => 'O',
    }
}

/// Reads one row of three cells from a token into `board`.
fn read_row(
    token: &Token,
    board: &mut Board,
    row: usize,
    alphabet: Alphabet,
) -> Result<(), InputError> {
    let mut len = 0;
    for (i, ch) in token.text.chars().enumerate() {
        if i == 3 {
            return Err(token.error_at(
                3,
                format!(
                    "expected a row of 3 cells, found {} characters in {}",
                    token.text.chars().count(),
                    quoted(token.text)
                ),
            ));
        }
        let mark = alphabet.mark(ch).ok_or_else(|| {
            token.error_at(
                i,
                format!("expected {}, found {}", alphabet.expected(), describe(ch)),
            )
        })?;
        *board = board.with(Cell::ALL[3 * row + i], mark);
        len += 1;
    }
    if len < 3 {
        return Err(token.error_at(
            len,
            format!(
                "expected a row of 3 cells, found {len} in {}",
                quoted(token.text)
            ),
        ));
    }
    Ok(())
}

/// Reads a board of three rows, board `number` of the input; `None` at a
/// clean end of input when `end_allowed`.
pub fn read_board(
    tokens: &mut Tokens,
    alphabet: Alphabet,
    number: usize,
    end_allowed: bool,
) -> Result<Option<Board>, InputError> {
    let mut board = Board::EMPTY;
    for row in 0..3 {
        let token = match tokens.next() {
            Some(token) => token,
            None if row == 0 && end_allowed => return Ok(None),
            None => {
                return Err(tokens.end_error(format!(
                    "expected row {} of board {number}, found end of input",
                    row + 1
                )))
            }
        };
        read_row(&token, &mut board, row, alphabet)?;
    }
    Ok(Some(board))
}

/// Three rows in the Codeforces alphabet `X`, `0`, `.`, one per line.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(self, Alphabet::CODEFORCES, "\n", f)
    }
}

fn write_rows(
    board: &Board,
    alphabet: Alphabet,
    between: &str,
    f: &mut impl fmt::Write,
) -> fmt::Result {
    for (i, cell) in Cell::ALL.into_iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            f.write_str(between)?;
        }
        f.write_char(match board.get(cell) {
            Some(Side::X) => alphabet.x,
            Some(Side::O) => alphabet.o,
            None => alphabet.empty,
        })?;
    }
    Ok(())
}

/// The board on one line, rows joined by `/`, O as the letter: `XOX/.O./.X.`
/// (the contest formats' zero is read too).
pub fn slashed(board: &Board) -> String {
    let mut text = String::with_capacity(11);
    let _ = write_rows(board, Alphabet::LETTERS, "/", &mut text);
    text
}

/// The one-line form of [`slashed`]; `0` (zero) is taken for `O` as well.
impl FromStr for Board {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Board, InputError> {
        let mut board = Board::EMPTY;
        let (mut row, mut col) = (0, 0);
        let mut column = 0;
        for ch in text.chars() {
            column += 1;
            if ch == '/' {
                if col < 3 {
                    return Err(short_row(row, col, column));
                }
                if row == 2 {
                    return Err(InputError::at_column(
                        column,
                        "expected the end of the board after 3 rows, found '/'",
                    ));
                }
                (row, col) = (row + 1, 0);
                continue;
            }
            if col == 3 {
                return Err(InputError::at_column(
                    column,
                    format!(
                        "expected '/' after the 3 cells of row {}, found {}",
                        row + 1,
                        describe(ch)
                    ),
                ));
            }
            let mark = match ch {
                'X' => Some(Side::X),
                '0' | 'O' => Some(Side::O),
                '.' => None,
                c => {
                    return Err(InputError::at_column(
                        column,
                        format!("expected 'X', '0' (or 'O') or '.', found {}", describe(c)),
                    ))
                }
            };
            board = board.with(Cell::ALL[3 * row + col], mark);
            col += 1;
        }
        if row < 2 || col < 3 {
            return Err(short_row(row, col, column + 1));
        }
        Ok(board)
    }
}

fn short_row(row: usize, cells: usize, column: usize) -> InputError {
    InputError::at_column(
        column,
        format!(
            "expected 3 rows of 3 cells joined by '/' (like X0X/.0./.X.), found row {} with {cells} cells",
            row + 1
        ),
    )
}

/// The value parser of `--board`.
pub fn board_arg(text: &str) -> Result<Board, InputError> {
    text.parse()
}

impl Verdict {
    /// The exact words of Codeforces 3C.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::First => "first",
            Verdict::Second => "second",
            Verdict::Illegal => "illegal",
            Verdict::FirstPlayerWon => "the first player won",
            Verdict::SecondPlayerWon => "the second player won",
            Verdict::Draw => "draw",
        }
    }
}

impl Verdict {
    /// What the Codeforces word means, in a few words for a reader who
    /// does not know the problem ("first": X, the first player, moves).
    pub fn meaning(self) -> &'static str {
        match self {
            Verdict::First => "X moves (player 1)",
            Verdict::Second => "O moves (player 2)",
            Verdict::Illegal => "no game reaches it",
            Verdict::FirstPlayerWon => "X",
            Verdict::SecondPlayerWon => "O",
            Verdict::Draw => "full, no line",
        }
    }

    /// What the CodeChef status code means.
    pub fn status_meaning(self) -> &'static str {
        match self.status_code() {
            1 => "reachable, over",
            2 => "reachable, not over",
            _ => "unreachable",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegality::OHasMoreMarks => write!(f, "O has more marks than X"),
            Illegality::XTooFarAhead(d) => write!(f, "X has {d} more marks than O"),
            Illegality::BothHaveLines => write!(f, "both X and O have three in a row"),
            Illegality::OMovedAfterXWon => write!(
                f,
                "X has three in a row but O has as many marks (O moved after X won)"
            ),
            Illegality::XMovedAfterOWon => {
                write!(f, "O has three in a row but X moved after it")
            }
            Illegality::Unreachable => write!(f, "no sequence of alternate moves reaches it"),
        }
    }
}

/// The result from the mover's side in words: "X wins", "O wins", "draw".
pub fn result_words(mover: Side, value: Outcome) -> String {
    match value {
        Outcome::Win(_) => format!("{} wins", mark_letter(mover)),
        Outcome::Loss(_) => format!("{} wins", mark_letter(mover.other())),
        Outcome::Draw => "draw".to_string(),
    }
}

/// What an example board shows, for the tab's `e`: who is to move and
/// who wins with perfect play, or why no game reaches it, or how it ended.
pub fn example_words(
    verdict: Verdict,
    why: Option<Illegality>,
    analysis: Option<&Analysis>,
) -> String {
    match (verdict, why, analysis) {
        (Verdict::Illegal, Some(why), _) => format!("no real game reaches it: {why}"),
        (Verdict::Illegal, None, _) => "no real game reaches it".into(),
        (Verdict::FirstPlayerWon, ..) => "over: X has three in a row".into(),
        (Verdict::SecondPlayerWon, ..) => "over: O has three in a row".into(),
        (Verdict::Draw, ..) => "over: a full board with no line, a draw".into(),
        (_, _, Some(a)) => format!(
            "{} to move, and with perfect play {}",
            mark_letter(a.mover),
            match result_words(a.mover, a.value).as_str() {
                "draw" => "it is a draw".to_string(),
                words => words.to_string(),
            }
        ),
        (_, _, None) => "a game going on".into(),
    }
}

/// Tic-tac-toe puzzles in words.
impl PuzzleText for TicTacToePuzzle {
    const WORD: &'static str = "tictactoe";

    fn question(&self) -> String {
        let mover = mark_letter(self.mover);
        match self.task {
            TicTacToeTask::Win { plies: 1 } => format!("{mover} to move and win at once"),
            TicTacToeTask::Win { plies: 3 } => {
                format!("{mover} to move and win in 3 moves: find a fork")
            }
            TicTacToeTask::Win { plies } => {
                format!("{mover} to move and win in {}", in_moves(plies))
            }
            TicTacToeTask::Save => format!("{mover} to move: find every move that does not lose"),
        }
    }

    fn position_text(&self) -> String {
        slashed(&self.board)
    }

    fn answers(&self) -> Vec<String> {
        self.answers.iter().map(|c| c.to_string()).collect()
    }

    fn answer_text(&self) -> String {
        let cells = self.answers().join(" ");
        match self.task {
            TicTacToeTask::Win { .. } => format!("winning: {cells}"),
            TicTacToeTask::Save => format!("not losing: {cells}"),
        }
    }
}

/// Step `step` (1 to 3) of the hint of a tic-tac-toe puzzle: where the
/// move is, then its row and what it does, then the move.
pub fn puzzle_hint(p: &TicTacToePuzzle, step: u8) -> String {
    let Some(&first) = p.answers.first() else {
        return "no move answers this".into();
    };
    let n = p.answers.len();
    // Where the first answer is, and whether every answer is there too
    // ("each is in a corner", not "one is" when both are).
    let place = place_words(first);
    let some = if p.answers.iter().all(|&c| place_words(c) == place) {
        "each"
    } else {
        "one"
    };
    // "In the centre" names the cell itself: where it is the one answer,
    // the first hint says what the move does and the second where it is
    // (round 12 read the answer in hint 1, and a vaguer hint 2).
    let centre = n == 1 && first == Cell::CENTRE;
    let other = mark_letter(p.mover.other());
    match (p.task, step) {
        (TicTacToeTask::Win { plies: 1 }, 1) if centre => {
            "the winning move completes a line".into()
        }
        // The question already says "fork": the hint says how to find one
        // (round 19 read "makes two threats at once" as the question again).
        (TicTacToeTask::Win { plies: 3 }, 1) if centre => format!(
            "look for the empty cell on two lines that each hold one {} and no {other}",
            mark_letter(p.mover)
        ),
        (TicTacToeTask::Win { .. }, 1) if centre => "the winning move sets up a fork".into(),
        (TicTacToeTask::Win { .. }, 2) if centre => "it is in the centre".into(),
        (TicTacToeTask::Save, 1) if centre => format!(
            "only 1 of the {} empty cells holds: every other lets {other} win",
            p.moves.len()
        ),
        (TicTacToeTask::Save, 2) if centre => "it is in the centre".into(),
        (TicTacToeTask::Win { .. }, 1) if n == 1 => {
            format!("the winning move is {}", place_words(first))
        }
        (TicTacToeTask::Win { .. }, 1) => format!("{n} moves win; {some} is {place}"),
        (TicTacToeTask::Save, 1) if n == 1 => format!(
            "only 1 of the {} empty cells holds: it is {}",
            p.moves.len(),
            place_words(first)
        ),
        (TicTacToeTask::Save, 1) => format!(
            "{n} of the {} empty cells hold; {some} is {place}",
            p.moves.len()
        ),
        (TicTacToeTask::Win { plies: 1 }, 2) => {
            format!("it completes a line; the cell is in {}", row_words(first))
        }
        (TicTacToeTask::Win { plies: 3 }, 2) => format!(
            "it is in {} and makes two threats at once",
            row_words(first)
        ),
        (TicTacToeTask::Win { .. }, 2) => {
            format!("it is in {} and sets up a fork", row_words(first))
        }
        (TicTacToeTask::Save, 2) => format!(
            "one is in {}; every other cell lets {other} win",
            row_words(first),
        ),
        (TicTacToeTask::Win { .. }, _) if n == 1 => format!("the move: {first}"),
        (TicTacToeTask::Win { .. }, _) => format!("the winning moves: {}", cells_text(&p.answers)),
        (TicTacToeTask::Save, _) if n == 1 => format!("the cell that holds: {first}"),
        (TicTacToeTask::Save, _) => format!("the cells that hold: {}", cells_text(&p.answers)),
    }
}

/// A saved board: its line; in a game, who moved first and the cells
/// played, a line each (as a Treblecross game is kept).
pub(super) fn write_saved(board: &Board, game: &Option<(Player, Vec<Cell>)>, text: &mut String) {
    text.push_str(&format!("tictactoe {}\n", slashed(board)));
    if let Some((first, moves)) = game {
        text.push_str(&format!("first {}\n", player_word(*first)));
        for cell in moves {
            text.push_str(&format!("move {cell}\n"));
        }
    }
}

/// `tictactoe` and a board; then, for a game, `first you|engine` and its
/// moves, each a cell that is empty while the game is not over.
pub(super) fn read_saved(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let start: Board = game.value.parse().map_err(|e| game.placed(e))?;
    let Some(first_fact) = rest.first() else {
        return Ok(Saved::TicTacToe {
            board: start,
            game: None,
        });
    };
    let first_fact = expect_key(Some(first_fact), "first", game)?;
    if let Some(why) = illegality(&start) {
        return Err(first_fact.error(
            0,
            format!("expected the end: no game starts on this board ({why})"),
        ));
    }
    let over = TicTacToeRules::is_over;
    if over(&start) {
        return Err(first_fact.error(
            0,
            "expected the end: no game starts on a board that is over",
        ));
    }
    let first = read_first(first_fact)?;
    let mut board = start;
    let mut moves = Vec::new();
    for fact in &rest[1..] {
        let fact = expect_key(Some(fact), "move", game)?;
        if over(&board) {
            return Err(fact.error(0, "expected the end: the game is over"));
        }
        let cell: Cell = fact.value.parse().map_err(|e| fact.placed(e))?;
        if board.get(cell).is_some() {
            return Err(fact.error(0, format!("{cell} is taken already")));
        }
        board = board.with(cell, Some(board.to_move()));
        moves.push(cell);
    }
    Ok(Saved::TicTacToe {
        board: start,
        game: Some((first, moves)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slashed_form_round_trips() {
        for board in Board::all() {
            assert_eq!(slashed(&board).parse::<Board>(), Ok(board));
        }
        assert_eq!(
            "XOX/.o./...".parse::<Board>().unwrap_err().column,
            6,
            "lower-case o is not a mark"
        );
    }

    #[test]
    fn the_slashed_form_blames_the_right_row() {
        let e = "X0X//.0.".parse::<Board>().unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("row 2 with 0 cells"), "{e}");
        let e = "X0X/.0.".parse::<Board>().unwrap_err();
        assert_eq!(e.column, 8);
        assert!(e.message.contains("row 2 with 3 cells"), "{e}");
        let e = "X0X/.0./.X./".parse::<Board>().unwrap_err();
        assert_eq!(e.column, 12);
        let e = "X0X0/.0./.X.".parse::<Board>().unwrap_err();
        assert_eq!(e.column, 4);
    }
}
