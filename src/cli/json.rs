//! What the `--json` documents share: one JSON value per line, written
//! with serde (`tictactoe` and `treblecross` write one line per board or
//! strip, the other commands one line in all), and game values in one
//! shape. docs/commands.md shows an example of every document.

use super::Error;
use crate::solver::{Outcome, Side};
use serde::Serialize;
use std::io::Write;

/// A game value from the mover's side, with the side that wins:
/// `{"result":"win","plies":5,"winner":"x"}`, `{"result":"draw",…}`.
#[derive(Debug, Serialize)]
pub struct Value {
    /// `win`, `draw` or `loss`, for the side to move.
    pub result: &'static str,
    /// Plies to the end under perfect play (none for a draw).
    pub plies: Option<u8>,
    /// The side that wins (none for a draw), as the game writes it.
    pub winner: Option<char>,
}

impl Value {
    /// `value` for `mover`, the sides named by `letter`.
    pub fn new(value: Outcome, mover: Side, letter: fn(Side) -> char) -> Value {
        let (result, plies, winner) = match value {
            Outcome::Win(d) => ("win", Some(d), Some(mover)),
            Outcome::Draw => ("draw", None, None),
            Outcome::Loss(d) => ("loss", Some(d), Some(mover.other())),
        };
        Value {
            result,
            plies,
            winner: winner.map(letter),
        }
    }
}

/// Writes `document` as one line of JSON.
pub fn write_line(out: &mut impl Write, document: &impl Serialize) -> Result<(), Error> {
    serde_json::to_writer(&mut *out, document).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    Ok(())
}
