//! Where the crate meets the slow twins of `independent`, which import
//! nothing of it: a crate position written in the notation a twin reads
//! (the one `noughts mnc analyze` documents), and a twin's value in the
//! crate's terms for the comparisons.

use crate::independent::mnc::Twin;
use crate::independent::Value;
use noughts::solver::mnc::Position;
use noughts::solver::Outcome;

/// The MNC twin of a crate position, through its text.
pub fn twin_of(position: &Position) -> Twin {
    Twin::parse(&noughts::notation::mnc::position_notation(position))
}

/// A twin's value as the crate writes values.
pub fn outcome(value: Value) -> Outcome {
    let plies = |d: u32| u8::try_from(d).expect("a game of at most 255 plies");
    match value {
        Value::Win(d) => Outcome::Win(plies(d)),
        Value::Draw => Outcome::Draw,
        Value::Loss(d) => Outcome::Loss(plies(d)),
    }
}
