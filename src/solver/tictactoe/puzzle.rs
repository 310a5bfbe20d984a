//! Tic-tac-toe puzzles: "to move and win" (in 1, 3 or 5 plies: the last
//! two are forks to find) and "find every move that does not lose", from
//! every legal board that goes on, each sorted once by what it asks.
//!
//! The game is small: 627 boards that go on, up to symmetry, and only 321
//! of them are a win at once. So two levels, each of at least 200
//! puzzles up to symmetry: level 1 wins at once (321); level 2 the rest
//! (217): stop a threat (79), make a fork (win in 3: 51, in 5: 18), stop
//! one (27 and 5), and boards where no move loses (37), for the eye that
//! checks before it plays.

use crate::solver::board::{ALL_CELLS, LINES};
use crate::solver::puzzle::{
    those, Difficulty, GamePuzzle, Puzzle, PuzzleGame, Puzzler, Rated, Shape, SplitMix64, Theme,
};
use crate::solver::tictactoe::{Analyzer, Board};
use crate::solver::{Cell, Outcome, Side};

/// Level 1: a win in 1; level 2: a save, or a win in 3 or 5.
pub const LEVELS: u8 = 2;

/// What the player is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicTacToeTask {
    /// Win in this many plies (the fastest win): find a move that does.
    Win { plies: u8 },
    /// A draw at best: find every move that does not lose (some may, or
    /// none).
    Save,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicTacToePuzzle {
    pub board: Board,
    pub mover: Side,
    pub task: TicTacToeTask,
    /// Win: every move that wins in the puzzle's plies; save: every move
    /// that does not lose (ascending).
    pub answers: Vec<Cell>,
    /// Every empty cell with the mover's value after playing there.
    pub moves: Vec<(Cell, Outcome)>,
}

/// A board with each empty cell's value for its mover.
type RatedBoard = (Board, Vec<(Cell, Outcome)>);

/// The boards of each level and task.
pub(super) struct Index {
    /// `wins[l]`, `saves[l]`: the boards of level `l + 1`.
    wins: Vec<Vec<RatedBoard>>,
    saves: Vec<Vec<RatedBoard>>,
}

impl Index {
    pub(super) fn build(analyzer: &mut Analyzer) -> Index {
        let levels = usize::from(LEVELS);
        let mut index = Index {
            wins: vec![Vec::new(); levels],
            saves: vec![Vec::new(); levels],
        };
        for board in Board::all() {
            let Some(analysis) = analyzer.analyze(&board) else {
                continue;
            };
            match analysis.value {
                Outcome::Win(1) => index.wins[0].push((board, analysis.moves)),
                Outcome::Win(3 | 5) => index.wins[1].push((board, analysis.moves)),
                Outcome::Draw => index.saves[1].push((board, analysis.moves)),
                _ => {}
            }
        }
        index
    }

    pub(super) fn make(&self, level: u8, random: &mut SplitMix64) -> TicTacToePuzzle {
        let l = usize::from(level) - 1;
        // Half wins, half saves, where the level has both.
        let save = random.below(2) == 1 && !self.saves[l].is_empty() || self.wins[l].is_empty();
        let boards = if save { &self.saves[l] } else { &self.wins[l] };
        let (board, moves) = boards[random.below(boards.len())].clone();
        TicTacToePuzzle::asking(board, moves, save)
    }
}

impl TicTacToePuzzle {
    /// The puzzle a board makes (a lesson's step): to find every move that
    /// does not lose (`save`), else one that wins at the fastest; `None`
    /// for a board that is over or not legal.
    pub fn on(board: Board, save: bool) -> Option<TicTacToePuzzle> {
        let analysis = Analyzer::new().analyze(&board)?;
        Some(TicTacToePuzzle::asking(board, analysis.moves, save))
    }

    /// The puzzle of a board and each empty cell's value for its mover.
    fn asking(board: Board, moves: Vec<(Cell, Outcome)>, save: bool) -> TicTacToePuzzle {
        let best = moves.iter().map(|(_, v)| *v).max().unwrap_or(Outcome::Draw);
        let (task, answers) = if save {
            let keep = moves.iter().filter(|(_, v)| !v.is_loss());
            (TicTacToeTask::Save, keep.map(|(c, _)| *c).collect())
        } else {
            let plies = best.distance().unwrap_or(0);
            let win = moves.iter().filter(|(_, v)| *v == best);
            (TicTacToeTask::Win { plies }, win.map(|(c, _)| *c).collect())
        };
        TicTacToePuzzle {
            board,
            mover: board.to_move(),
            task,
            answers,
            moves,
        }
    }
}

/// The themes, in the order they are listed.
pub const THREE_IN_A_ROW: Theme = Theme {
    name: "three-in-a-row",
    about: "complete a line of three",
};
pub const FORK: Theme = Theme {
    name: "fork",
    about: "make two threats at once: only one can be stopped",
};
pub const FORCING_MOVE: Theme = Theme {
    name: "forcing-move",
    about: "make one threat: the reply is forced, and then you fork",
};
pub const QUIET_MOVE: Theme = Theme {
    name: "quiet-move",
    about: "a move that threatens nothing yet and still wins",
};
pub const BLOCK: Theme = Theme {
    name: "block",
    about: "stop your opponent's two in a line",
};
pub const STOP_A_FORK: Theme = Theme {
    name: "stop-a-fork",
    about: "no threat yet, but a careless move lets your opponent fork",
};
pub const EVERY_MOVE_HOLDS: Theme = Theme {
    name: "every-move-holds",
    about: "no move loses: see it before you play",
};

/// The lines where `side` has two marks and the third cell is empty: the
/// threats it makes.
pub fn threats(board: &Board, side: Side) -> usize {
    let own = board.cells(side);
    let empty = ALL_CELLS & !(board.cells(Side::X) | board.cells(Side::O));
    LINES
        .iter()
        .filter(|&&line| (line & own).count_ones() == 2 && line & empty != 0)
        .count()
}

impl GamePuzzle for TicTacToePuzzle {
    const GAME: PuzzleGame = PuzzleGame::TicTacToe;
    const LEVELS: u8 = LEVELS;
    const SPAN: (u16, u16) = (800, 1470);
    const THEMES: &'static [Theme] = &[
        THREE_IN_A_ROW,
        FORK,
        FORCING_MOVE,
        QUIET_MOVE,
        BLOCK,
        STOP_A_FORK,
        EVERY_MOVE_HOLDS,
    ];

    /// A win: what each winning move makes (a line, two threats, one, none),
    /// and a block where the opponent threatens and the win is not at once.
    /// A save: a block where the opponent threatens, else a fork to stop
    /// where some move loses, else no move loses.
    fn themes(&self) -> Vec<Theme> {
        let opponent = self.mover.other();
        let threatened = threats(&self.board, opponent) > 0;
        let made: Vec<usize> = (self.answers.iter())
            .map(|&cell| threats(&self.board.with(cell, Some(self.mover)), self.mover))
            .collect();
        let some_move_loses = self.moves.iter().any(|(_, v)| v.is_loss());
        those(Self::THEMES, |t| match (self.task, *t) {
            (TicTacToeTask::Win { plies: 1 }, t) => t == THREE_IN_A_ROW,
            (TicTacToeTask::Win { .. }, FORK) => made.iter().any(|&n| n >= 2),
            (TicTacToeTask::Win { .. }, FORCING_MOVE) => made.contains(&1),
            (TicTacToeTask::Win { .. }, QUIET_MOVE) => made.contains(&0),
            (TicTacToeTask::Win { .. }, BLOCK) => threatened,
            (TicTacToeTask::Save, BLOCK) => threatened,
            (TicTacToeTask::Save, STOP_A_FORK) => !threatened && some_move_loses,
            (TicTacToeTask::Save, EVERY_MOVE_HOLDS) => !threatened && !some_move_loses,
            _ => false,
        })
    }

    fn make(puzzler: &mut Puzzler, level: u8, random: &mut SplitMix64) -> Self {
        let index = puzzler.kept(|| Index::build(&mut Analyzer::new()));
        index.make(level, random)
    }

    /// The puzzle up to the 8 symmetries of the board: its board decides
    /// what it asks.
    fn shape(&self) -> Shape {
        let smallest = (0..8)
            .map(|s| self.board.transformed(s).index())
            .min()
            .unwrap_or(0);
        smallest as Shape
    }

    fn into_puzzle(self) -> Puzzle {
        Puzzle::TicTacToe(self)
    }
}

impl Rated for TicTacToePuzzle {
    fn difficulty(&self) -> Difficulty {
        match self.task {
            TicTacToeTask::Win { plies } => {
                Difficulty::one_of(self.moves.len(), self.answers.len(), u32::from(plies))
            }
            TicTacToeTask::Save => {
                // The deepest trap among the moves that lose.
                let trap = self
                    .moves
                    .iter()
                    .filter_map(|&(_, v)| match v {
                        Outcome::Loss(d) => Some(u32::from(d)),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(1);
                Difficulty::all_of(self.moves.len(), self.answers.len(), trap)
            }
        }
    }
}
