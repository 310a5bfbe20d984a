//! MNC in the files the app keeps: a saved match's lines (the form every
//! saved file shares is [`crate::notation::saved`]) and the `[mnc]` section
//! of the settings file.

use super::{move_notation, position_notation, read_move, side_letter};
use crate::notation::saved::{expect_key, Fact, Saved};
use crate::notation::InputError;
use crate::solver::mnc::{Move, Position};
use crate::solver::Side;

/// A saved match: where it started, the human's side, and the moves.
pub(in crate::notation) fn write_saved(
    start: &Position,
    human: Side,
    moves: &[Move],
    text: &mut String,
) {
    text.push_str(&format!("mnc {}\n", position_notation(start)));
    text.push_str(&format!("you {}\n", side_letter(human)));
    let mut position = *start;
    for &mv in moves {
        text.push_str(&format!("move {}\n", move_notation(&position, mv)));
        // Every move of a kept game was played, so legal.
        position = position.play(mv).unwrap_or(position);
    }
}

/// `mnc` and a position, `you` and a side, then the moves, each checked
/// as it is played.
pub(in crate::notation) fn read_saved(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let start: Position = game.value.parse().map_err(|e| game.placed(e))?;
    let you = expect_key(rest.first(), "you", game)?;
    let human = match you.value {
        "x" => Side::X,
        "o" => Side::O,
        other => {
            return Err(you.error(
                0,
                format!(
                    "expected 'x' or 'o', found {}",
                    crate::notation::escaped(other)
                ),
            ))
        }
    };
    let mut position = start;
    let mut moves = Vec::new();
    for fact in rest.iter().skip(1) {
        let fact = expect_key(Some(fact), "move", game)?;
        if position.game_over().is_some() {
            return Err(fact.error(0, "expected the end: the game is over"));
        }
        let mv = read_move(&position, fact.value).map_err(|e| fact.error(e.offset, e.message))?;
        position = position
            .play(mv)
            .map_err(|why| fact.error(0, format!("not a legal move here: {why}")))?;
        moves.push(mv);
    }
    Ok(Saved::Mnc {
        start,
        human,
        moves,
    })
}

/// The `[mnc]` section as a new settings file writes it.
pub const SETTINGS_TEXT: &str = r#"[mnc]
# Your side in Noughts & Crosses+: "x" (you move first) or "o" (the engine does).
side = "x"
# The engine: "perfect", "strong" or "casual".
strength = "perfect"
# Your moves' values on the board (t in the tab).
hints = false
"#;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SideSetting {
    /// x moves first, and wins with perfect play: a newcomer's first match
    /// starts on an empty board, on the side that can win.
    #[default]
    X,
    O,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum StrengthSetting {
    #[default]
    Perfect,
    Strong,
    Casual,
}

impl SideSetting {
    pub fn side(self) -> crate::solver::Side {
        match self {
            SideSetting::X => crate::solver::Side::X,
            SideSetting::O => crate::solver::Side::O,
        }
    }
}

impl StrengthSetting {
    pub fn strength(self) -> crate::solver::mnc::Strength {
        use crate::solver::mnc::Strength;
        match self {
            StrengthSetting::Perfect => Strength::Perfect,
            StrengthSetting::Strong => Strength::Strong,
            StrengthSetting::Casual => Strength::Casual,
        }
    }
}

/// The `[mnc]` section of the settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MncSettings {
    pub side: SideSetting,
    pub strength: StrengthSetting,
    pub hints: bool,
}

impl Default for MncSettings {
    fn default() -> Self {
        MncSettings {
            side: SideSetting::X,
            strength: StrengthSetting::Perfect,
            hints: false,
        }
    }
}
