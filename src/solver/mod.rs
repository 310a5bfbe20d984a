//! The solvers every front end shares: pure rules and perfect play, no I/O
//! and no text (the text forms of these types are in [`crate::notation`]).
//!
//! Each game is a module here holding all of its core: rules, solver,
//! engine and puzzles (`tictactoe`, `treblecross`, `mnc`, `notakto`). This
//! file is also the core's registry of the games: [`PuzzleGame`] and
//! [`Puzzle`], and the two macros that match over them, are the only places
//! outside a game's module that name it.

pub mod board;
pub mod grundy;
pub mod mnc;
pub mod notakto;
pub mod octal;
pub mod puzzle;
pub mod record;
pub mod search;
pub mod table;
pub mod tictactoe;
pub mod treblecross;

pub use board::{BySide, Cell, Side};
pub use search::{Expansion, Game, Outcome, Solver};

/// The games that have puzzles, and their puzzles: the one list that names
/// them. Everything else reaches a game's puzzles through [`puzzle::GamePuzzle`]
/// (and the traits of the layers above), by [`with_puzzle!`] or
/// [`with_puzzle_game!`], which match over this list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleGame {
    TicTacToe,
    Treblecross,
    Mnc,
    Notakto,
}

/// A puzzle with its answers, of any game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    TicTacToe(tictactoe::TicTacToePuzzle),
    Treblecross(treblecross::TreblecrossPuzzle),
    Mnc(mnc::MncPuzzle),
    Notakto(notakto::NotaktoPuzzle),
}

/// `$body` with `$p` bound to the game's puzzle in `$puzzle` (a
/// [`Puzzle`] or a reference to one), whichever game it is.
#[macro_export]
macro_rules! with_puzzle {
    ($puzzle:expr, $p:ident => $body:expr) => {
        match $puzzle {
            $crate::solver::Puzzle::TicTacToe($p) => $body,
            $crate::solver::Puzzle::Treblecross($p) => $body,
            $crate::solver::Puzzle::Mnc($p) => $body,
            $crate::solver::Puzzle::Notakto($p) => $body,
        }
    };
}

/// `$body` with the type `$P` standing for the puzzle type of `$game`.
#[macro_export]
macro_rules! with_puzzle_game {
    ($game:expr, $P:ident => $body:expr) => {{
        use $crate::solver as games;
        match $game {
            games::PuzzleGame::TicTacToe => {
                type $P = games::tictactoe::TicTacToePuzzle;
                $body
            }
            games::PuzzleGame::Treblecross => {
                type $P = games::treblecross::TreblecrossPuzzle;
                $body
            }
            games::PuzzleGame::Mnc => {
                type $P = games::mnc::MncPuzzle;
                $body
            }
            games::PuzzleGame::Notakto => {
                type $P = games::notakto::NotaktoPuzzle;
                $body
            }
        }
    }};
}

impl PuzzleGame {
    pub const ALL: [PuzzleGame; 4] = [
        PuzzleGame::TicTacToe,
        PuzzleGame::Treblecross,
        PuzzleGame::Mnc,
        PuzzleGame::Notakto,
    ];
}
