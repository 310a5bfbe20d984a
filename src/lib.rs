//! noughts: exact analysis of three "three in a row" games.
//!
//! - [`solver`]: the rules and perfect-play solvers (tic-tac-toe, Treblecross
//!   with Grundy values, Magnificent Noughts & Crosses);
//! - [`cli`]: the batch commands in the contest problems' formats.

pub mod cli;
pub mod solver;
