//! The three tabs, each a leaf: see [`super::tab::Tab`].

pub mod mnc;
pub mod tictactoe;
pub mod treblecross;
