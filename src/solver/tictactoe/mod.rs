//! Tic-tac-toe positions: legality from the rules of play, verdicts, the
//! reason an illegal board is illegal, and perfect-play analysis.
//!
//! Legality is decided by reachability: [`Atlas`] walks every game from the
//! empty board, never moving after a win, and records each board it meets.
//! The rule-based [`illegality`] only explains; tests check it agrees.

use super::board::{has_line, Cell, Side, ALL_CELLS};
use super::record::{PerfectLine, Rules};
use super::search::{Expansion, Game, Outcome, Solver};
use std::sync::OnceLock;

mod engine;
mod puzzle;
pub use engine::TicTacToeEngine;
pub use puzzle::{TicTacToePuzzle, TicTacToeTask};

/// Number of boards: 3^9.
pub const BOARD_COUNT: usize = 19_683;

/// A 3×3 board: the cells holding X and the cells holding O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: u16,
    o: u16,
}

impl Board {
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    pub fn get(&self, cell: Cell) -> Option<Side> {
        if self.x & cell.bit() != 0 {
            Some(Side::X)
        } else if self.o & cell.bit() != 0 {
            Some(Side::O)
        } else {
            None
        }
    }

    /// A copy with `cell` set to `mark` (or emptied).
    pub fn with(&self, cell: Cell, mark: Option<Side>) -> Board {
        let bit = cell.bit();
        let (mut x, mut o) = (self.x & !bit, self.o & !bit);
        match mark {
            Some(Side::X) => x |= bit,
            Some(Side::O) => o |= bit,
            None => {}
        }
        Board { x, o }
    }

    pub fn count(&self, mark: Side) -> u32 {
        self.cells(mark).count_ones()
    }

    /// The set of cells holding `mark`.
    pub fn cells(&self, mark: Side) -> u16 {
        match mark {
            Side::X => self.x,
            Side::O => self.o,
        }
    }

    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> {
        Cell::of_set(ALL_CELLS & !(self.x | self.o))
    }

    pub fn is_full(&self) -> bool {
        (self.x | self.o) == ALL_CELLS
    }

    pub fn has_line(&self, mark: Side) -> bool {
        has_line(self.cells(mark))
    }

    /// Whose turn it is if the board was reached by alternate moves from X.
    pub fn to_move(&self) -> Side {
        if self.count(Side::X) == self.count(Side::O) {
            Side::X
        } else {
            Side::O
        }
    }

    /// Base-3 index of the board (cell 0 least significant; 0 empty, 1 X, 2 O).
    pub fn index(&self) -> usize {
        Cell::ALL.iter().rev().fold(0, |acc, &c| {
            acc * 3
                + match self.get(c) {
                    None => 0,
                    Some(Side::X) => 1,
                    Some(Side::O) => 2,
                }
        })
    }

    pub fn from_index(mut index: usize) -> Board {
        let mut board = Board::EMPTY;
        for cell in Cell::ALL {
            let mark = match index % 3 {
                1 => Some(Side::X),
                2 => Some(Side::O),
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
        for cell in Cell::ALL {
            out = out.with(cell.transformed(symmetry), self.get(cell));
        }
        out
    }

    /// The completed line of `mark`, if any, as a cell set.
    pub fn line_of(&self, mark: Side) -> Option<u16> {
        super::board::line_in(self.cells(mark))
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
    if board.has_line(Side::X) {
        Verdict::FirstPlayerWon
    } else if board.has_line(Side::O) {
        Verdict::SecondPlayerWon
    } else if board.is_full() {
        Verdict::Draw
    } else if board.to_move() == Side::X {
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

/// Explains an illegal board by the rule it breaks; `None` for a legal one.
pub fn illegality(board: &Board) -> Option<Illegality> {
    let (xs, os) = (board.count(Side::X), board.count(Side::O));
    let (x_line, o_line) = (board.has_line(Side::X), board.has_line(Side::O));
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
        if board.empty_cells().any(|c| has_line(own | c.bit())) {
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
    pub mover: Side,
    /// The value for the mover.
    pub value: Outcome,
    /// Each empty cell with the mover's value after playing there.
    pub moves: Vec<(Cell, Outcome)>,
}

impl Analysis {
    /// The cells whose value equals the best value.
    pub fn best_cells(&self) -> impl Iterator<Item = Cell> + '_ {
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
        let moves = board
            .empty_cells()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        let mut b = Board::EMPTY;
        let marks = rows.chars().filter(|c| !c.is_whitespace());
        for (cell, ch) in Cell::ALL.into_iter().zip(marks) {
            let mark = match ch {
                'X' => Some(Side::X),
                '0' | 'O' => Some(Side::O),
                _ => None,
            };
            b = b.with(cell, mark);
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
}

/// Tic-tac-toe as a record's rules: a board, X first, a move a cell
/// (the review and the perfect line of the app are the same for every
/// game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicTacToeRules;

/// Why a move was refused: the cell is taken, or the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    Taken(Cell),
    Over,
}

impl Rules for TicTacToeRules {
    type Position = Board;
    type Move = Cell;
    type Value = Outcome;
    type Side = Side;
    type Illegal = Refused;

    fn check(board: &Board, cell: Cell) -> Result<(), Refused> {
        if Self::winner(board).is_some() || board.is_full() {
            return Err(Refused::Over);
        }
        match board.get(cell) {
            None => Ok(()),
            Some(_) => Err(Refused::Taken(cell)),
        }
    }

    fn play(board: &mut Board, cell: Cell) {
        *board = board.with(cell, Some(board.to_move()));
    }

    fn to_move(board: &Board) -> Side {
        board.to_move()
    }

    fn winner(board: &Board) -> Option<Side> {
        [Side::X, Side::O]
            .into_iter()
            .find(|&side| board.has_line(side))
    }

    fn drawn(board: &Board) -> bool {
        board.is_full() && Self::winner(board).is_none()
    }
}

/// The perfect line from a board: the best move again and again (the
/// first best cell in a1…c3 order) until the game is over, each with the
/// value for its mover of the board it is made on; empty on an illegal or
/// finished board.
pub fn perfect_line(board: Board, analyzer: &mut Analyzer) -> PerfectLine<TicTacToeRules> {
    let mut moves = Vec::new();
    let mut at = board;
    while let Some(analysis) = analyzer.analyze(&at) {
        let Some(cell) = analysis.best_cells().next() else {
            break;
        };
        moves.push((cell, analysis.value));
        at = at.with(cell, Some(analysis.mover));
    }
    PerfectLine {
        from: board,
        moves,
        cut: false,
    }
}
