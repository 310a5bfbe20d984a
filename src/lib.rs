//! noughts: exact analysis of three "three in a row" games.
//!
//! - [`solver`]: the rules and perfect-play solvers (tic-tac-toe, Treblecross
//!   with Grundy values, Magnificent Noughts & Crosses);
//! - [`notation`]: every text form of the games' objects, parsed and printed;
//! - [`training`]: the puzzles' records, ratings and runs, kept between sittings;
//! - [`cli`]: the batch commands in the contest problems' formats;
//! - [`tui`]: the terminal app (ratatui), one tab per game; of it only the
//!   entry is public ([`tui::run`]), the rest is the app's own (the
//!   project's tests reach it with the `internals` feature).

pub mod cli;
pub mod notation;
pub mod settings;
pub mod solver;
pub mod store;
pub mod training;
pub mod tui;
