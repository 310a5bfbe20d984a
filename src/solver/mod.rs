//! The solvers every front end shares: pure rules and perfect play, no I/O
//! and no text (the text forms of these types are in [`crate::notation`]).

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
