//! Tic-tac-toe positions: legality from the rules of play, verdicts, the
//! reason an illegal board is illegal, and perfect-play analysis.
//!
//! Legality is decided by reachability: [`Atlas`] walks every game from the
//! empty board, never moving after a win, and records each board it meets.
//! The rule-based [`illegality`] only explains; tests check it agrees.

use super::search::{Expansion, Game, Outcome, Solver};
use std::fmt;
use std::sync::OnceLock;

/// The 8 lines of a 3×3 board as cell masks (cell = 3 * row + column).
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Whether a set of cells holds a complete line (one table look-up: the
/// MNC search asks this millions of times).
pub fn has_line(cells: u16) -> bool {
    LINE_TABLE[(cells & 0x1FF) as usize]
}

static LINE_TABLE: [bool; 512] = line_table();

const fn line_table() -> [bool; 512] {
    let mut table = [false; 512];
    let mut cells = 0;
    while cells < 512 {
        let mut l = 0;
        while l < LINES.len() {
            if cells as u16 & LINES[l] == LINES[l] {
                table[cells] = true;
            }
            l += 1;
        }
        cells += 1;
    }
    table
}

/// Number of boards: 3^9.
pub const BOARD_COUNT: usize = 19_683;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    X,
    O,
}

impl Mark {
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// A 3×3 board: the cells holding X and the cells holding O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: u16,
    o: u16,
}

impl Board {
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    pub fn get(&self, cell: usize) -> Option<Mark> {
        if self.x >> cell & 1 == 1 {
            Some(Mark::X)
        } else if self.o >> cell & 1 == 1 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// A copy with `cell` set to `mark` (or emptied).
    pub fn with(&self, cell: usize, mark: Option<Mark>) -> Board {
        let bit = 1 << cell;
        let (mut x, mut o) = (self.x & !bit, self.o & !bit);
        match mark {
            Some(Mark::X) => x |= bit,
            Some(Mark::O) => o |= bit,
            None => {}
        }
        Board { x, o }
    }

    pub fn count(&self, mark: Mark) -> u32 {
        self.cells(mark).count_ones()
    }

    pub fn cells(&self, mark: Mark) -> u16 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(|&c| self.get(c).is_none())
    }

    pub fn is_full(&self) -> bool {
        (self.x | self.o) == 0x1FF
    }

    pub fn has_line(&self, mark: Mark) -> bool {
        has_line(self.cells(mark))
    }

    /// Whose turn it is if the board was reached by alternate moves from X.
    pub fn to_move(&self) -> Mark {
        if self.count(Mark::X) == self.count(Mark::O) {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// Base-3 index of the board (cell 0 least significant; 0 empty, 1 X, 2 O).
    pub fn index(&self) -> usize {
        (0..9).rev().fold(0, |acc, c| {
            acc * 3
                + match self.get(c) {
                    None => 0,
                    Some(Mark::X) => 1,
                    Some(Mark::O) => 2,
                }
        })
    }

    pub fn from_index(mut index: usize) -> Board {
        let mut board = Board::EMPTY;
        for cell in 0..9 {
            let mark = match index % 3 {
                1 => Some(Mark::X),
                2 => Some(Mark::O),
                _ => None,
            };
            board = board.with(cell, mark);
            index /= 3;
        }
        board
    }

    /// Every one of the 19,683 boards, legal or not.
    pub fn all() -> impl Iterator<Item = Board> {
        (0..BOARD_COUNT).map(Board::from_index)
    }

    /// The board seen in one of the 8 symmetries of the square.
    pub fn transformed(&self, symmetry: usize) -> Board {
        let mut out = Board::EMPTY;
        for cell in 0..9 {
            out = out.with(transform_cell(cell, symmetry), self.get(cell));
        }
        out
    }
}

/// Where `cell` goes under symmetry `s` (0..8): `s & 3` quarter turns, then
/// a mirror if `s >= 4`. (A `const fn`: MNC builds its tables with it.)
pub const fn transform_cell(cell: usize, s: usize) -> usize {
    let (mut r, mut c) = (cell / 3, cell % 3);
    let mut turns = 0;
    while turns < (s & 3) {
        (r, c) = (c, 2 - r);
        turns += 1;
    }
    if s >= 4 {
        c = 2 - c;
    }
    3 * r + c
}

/// Cell names a1…c3: column letter, row number from the top (both games).
pub fn cell_name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % 3) as u8) as char, cell / 3 + 1)
}

impl fmt::Display for Board {
    /// Three rows in the Codeforces alphabet `X`, `0`, `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            for col in 0..3 {
                let ch = match self.get(3 * row + col) {
                    Some(Mark::X) => 'X',
                    Some(Mark::O) => '0',
                    None => '.',
                };
                write!(f, "{ch}")?;
            }
            if row < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// The verdict of Codeforces 3C.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// X to move.
    First,
    /// O to move.
    Second,
    Illegal,
    FirstPlayerWon,
    SecondPlayerWon,
    Draw,
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

    /// The status code of CodeChef TCTCTOE: 1 over, 2 continuing, 3 unreachable.
    pub fn status_code(self) -> u8 {
        match self {
            Verdict::FirstPlayerWon | Verdict::SecondPlayerWon | Verdict::Draw => 1,
            Verdict::First | Verdict::Second => 2,
            Verdict::Illegal => 3,
        }
    }

    pub fn is_legal(self) -> bool {
        self != Verdict::Illegal
    }

    pub fn is_over(self) -> bool {
        self.status_code() == 1
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// The verdict of every board, found by playing out every real game.
pub struct Atlas {
    verdicts: Vec<Verdict>,
}

impl Atlas {
    /// Walks every game from the empty board (a few thousand boards).
    pub fn build() -> Atlas {
        let mut verdicts = vec![Verdict::Illegal; BOARD_COUNT];
        let mut stack = vec![Board::EMPTY];
        while let Some(board) = stack.pop() {
            let index = board.index();
            if verdicts[index] != Verdict::Illegal {
                continue;
            }
            let verdict = verdict_of_reached(&board);
            verdicts[index] = verdict;
            if !verdict.is_over() {
                let mover = board.to_move();
                stack.extend(board.empty_cells().map(|c| board.with(c, Some(mover))));
            }
        }
        Atlas { verdicts }
    }

    /// The process-wide atlas, built on first use.
    pub fn shared() -> &'static Atlas {
        static ATLAS: OnceLock<Atlas> = OnceLock::new();
        ATLAS.get_or_init(Atlas::build)
    }

    pub fn verdict(&self, board: &Board) -> Verdict {
        self.verdicts[board.index()]
    }
}

/// The verdict of a board known to be reached in a real game.
fn verdict_of_reached(board: &Board) -> Verdict {
    if board.has_line(Mark::X) {
        Verdict::FirstPlayerWon
    } else if board.has_line(Mark::O) {
        Verdict::SecondPlayerWon
    } else if board.is_full() {
        Verdict::Draw
    } else if board.to_move() == Mark::X {
        Verdict::First
    } else {
        Verdict::Second
    }
}

/// Why a board cannot occur in a real game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegality {
    /// O moves second, so it can never have more marks than X.
    OHasMoreMarks,
    /// X can be at most one mark ahead; carries the difference.
    XTooFarAhead(u32),
    /// The game stops at the first line, so both cannot have one.
    BothHaveLines,
    /// X's line was made by X's last move, so X must be one mark ahead.
    OMovedAfterXWon,
    /// O's line was made by O's last move, so the marks must be equal.
    XMovedAfterOWon,
    /// Counts and lines look fine but no game reaches the board (the 3×3
    /// board has none of these; kept so the explanation is total).
    Unreachable,
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

/// Explains an illegal board by the rule it breaks; `None` for a legal one.
pub fn illegality(board: &Board) -> Option<Illegality> {
    let (xs, os) = (board.count(Mark::X), board.count(Mark::O));
    let (x_line, o_line) = (board.has_line(Mark::X), board.has_line(Mark::O));
    if os > xs {
        Some(Illegality::OHasMoreMarks)
    } else if xs > os + 1 {
        Some(Illegality::XTooFarAhead(xs - os))
    } else if x_line && o_line {
        Some(Illegality::BothHaveLines)
    } else if x_line && xs == os {
        Some(Illegality::OMovedAfterXWon)
    } else if o_line && xs > os {
        Some(Illegality::XMovedAfterOWon)
    } else if !Atlas::shared().verdict(board).is_legal() {
        Some(Illegality::Unreachable)
    } else {
        None
    }
}

/// Tic-tac-toe as the generic search sees it.
pub struct TicTacToe;

impl Game for TicTacToe {
    type Position = Board;

    fn key(&self, board: &Board) -> u64 {
        board.index() as u64
    }

    fn expand(&self, board: &Board, children: &mut Vec<Board>) -> Expansion {
        let mover = board.to_move();
        if board.has_line(mover.other()) {
            return Expansion::Settled(Outcome::Loss(0));
        }
        if board.is_full() {
            return Expansion::Settled(Outcome::Draw);
        }
        let own = board.cells(mover);
        if board.empty_cells().any(|c| has_line(own | 1 << c)) {
            return Expansion::Settled(Outcome::Win(1));
        }
        children.extend(board.empty_cells().map(|c| board.with(c, Some(mover))));
        Expansion::Moves
    }

    fn no_moves(&self) -> Outcome {
        Outcome::Draw
    }
}

/// Perfect-play values of every legal board, solved once.
pub struct Analyzer {
    solver: Solver<TicTacToe>,
}

/// What perfect play gives from a legal, continuing board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub mover: Mark,
    /// The value for the mover.
    pub value: Outcome,
    /// Each empty cell with the mover's value after playing there.
    pub moves: Vec<(usize, Outcome)>,
}

impl Analysis {
    /// The cells whose value equals the best value.
    pub fn best_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.moves
            .iter()
            .filter(|(_, v)| *v == self.value)
            .map(|(c, _)| *c)
    }
}

impl Default for Analyzer {
    fn default() -> Self {
        Self::new()
    }
}

impl Analyzer {
    pub fn new() -> Analyzer {
        let mut solver = Solver::new(TicTacToe);
        solver.solve(&Board::EMPTY);
        Analyzer { solver }
    }

    /// The value of a legal board for its mover.
    pub fn value(&mut self, board: &Board) -> Outcome {
        self.solver.solve(board)
    }

    /// `None` unless the board is legal and the game continues.
    pub fn analyze(&mut self, board: &Board) -> Option<Analysis> {
        if Atlas::shared().verdict(board).is_over() || !Atlas::shared().verdict(board).is_legal() {
            return None;
        }
        let mover = board.to_move();
        let cells: Vec<usize> = board.empty_cells().collect();
        let moves = cells
            .into_iter()
            .map(|c| {
                let after = board.with(c, Some(mover));
                (c, self.solver.solve(&after).for_previous_mover())
            })
            .collect();
        Some(Analysis {
            mover,
            value: self.solver.solve(board),
            moves,
        })
    }
}

/// The word for a result from the mover's side: "X wins", "O wins", "draw".
pub fn result_words(mover: Mark, value: Outcome) -> String {
    match value {
        Outcome::Win(_) => format!("{mover} wins"),
        Outcome::Loss(_) => format!("{} wins", mover.other()),
        Outcome::Draw => "draw".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        let mut b = Board::EMPTY;
        for (i, ch) in rows.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let mark = match ch {
                'X' => Some(Mark::X),
                '0' | 'O' => Some(Mark::O),
                _ => None,
            };
            b = b.with(i, mark);
        }
        b
    }

    #[test]
    fn index_round_trips() {
        for i in 0..BOARD_COUNT {
            assert_eq!(Board::from_index(i).index(), i);
        }
    }

    #[test]
    fn samples_of_the_contest() {
        let atlas = Atlas::shared();
        assert_eq!(atlas.verdict(&board("X0X .0. .X.")), Verdict::Second);
        assert_eq!(atlas.verdict(&board("XXX 0.0 ..0")), Verdict::Illegal);
        assert_eq!(
            illegality(&board("XXX 0.0 ..0")),
            Some(Illegality::OMovedAfterXWon)
        );
    }

    #[test]
    fn symmetries_are_eight_distinct_permutations() {
        let mut seen = std::collections::HashSet::new();
        for s in 0..8 {
            let image: Vec<usize> = (0..9).map(|c| transform_cell(c, s)).collect();
            let mut sorted = image.clone();
            sorted.sort();
            assert_eq!(sorted, (0..9).collect::<Vec<_>>());
            assert_eq!(image[4], 4);
            assert!(seen.insert(image));
        }
    }
}
