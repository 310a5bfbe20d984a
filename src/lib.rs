//! noughts: exact analysis of three "three in a row" games.
//!
//! - [`solver`]: the rules and perfect-play solvers (tic-tac-toe, Treblecross
//!   with Grundy values, Magnificent Noughts & Crosses);
//! - [`cli`]: the batch commands in the contest problems' formats;
//! - [`tui`]: the terminal app (ratatui), one tab per game.

pub mod cli;
pub mod solver;
pub mod tui;
