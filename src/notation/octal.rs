//! Octal game codes: `0.d1d2…` (or `.d1d2…`), and the names of the
//! well-known games.

use super::{describe, InputError};
use crate::solver::octal::OctalGame;
use std::fmt;
use std::str::FromStr;

/// Games with a name, for `--game` and for messages.
pub const NAMED_GAMES: [(&str, &str); 4] = [
    ("treblecross", "0.007"),
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
];

/// The longest code taken, in digits after the point.
pub const MAX_DIGITS: usize = 32;

/// The code, as `0.d1d2…`.
pub fn code(game: &OctalGame) -> String {
    let digits: String = game.digits().iter().map(|d| char::from(b'0' + d)).collect();
    format!("0.{digits}")
}

/// The game's name if it has one.
pub fn name(game: &OctalGame) -> Option<&'static str> {
    let code = code(game);
    NAMED_GAMES
        .iter()
        .find(|(_, c)| *c == code)
        .map(|(name, _)| *name)
}

/// `0.007 (treblecross)`, or the code alone.
impl fmt::Display for OctalGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match name(self) {
            Some(name) => write!(f, "{} ({name})", code(self)),
            None => write!(f, "{}", code(self)),
        }
    }
}

impl FromStr for OctalGame {
    type Err = InputError;

    /// `0.d1d2…` (digits 0–7, at least one non-zero), `.d1d2…`, or a name
    /// from [`NAMED_GAMES`]. Errors name the column (1-based).
    fn from_str(text: &str) -> Result<OctalGame, InputError> {
        if let Some((_, code)) = NAMED_GAMES.iter().find(|(name, _)| *name == text) {
            return code.parse();
        }
        let digits_start = if let Some(rest) = text.strip_prefix("0.") {
            text.len() - rest.len()
        } else if text.starts_with('.') {
            1
        } else {
            let names: Vec<&str> = NAMED_GAMES.iter().map(|(name, _)| *name).collect();
            let column = match text.chars().next() {
                Some('0') => 2,
                _ => 1,
            };
            return Err(InputError::at_column(
                column,
                format!(
                    "expected an octal game code like 0.007 (\"0.\" then digits 0-7) or one of {}",
                    names.join(", ")
                ),
            ));
        };
        let mut digits = vec![0];
        for (i, ch) in text[digits_start..].chars().enumerate() {
            match ch.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(InputError::at_column(
                        digits_start + i + 1,
                        format!(
                            "expected an octal digit 0-7 in the game code, found {}",
                            describe(ch)
                        ),
                    ))
                }
            }
        }
        let significant = digits.iter().rposition(|&d| d != 0).unwrap_or(0);
        if significant > MAX_DIGITS {
            return Err(InputError::at_column(
                digits_start + MAX_DIGITS + 1,
                format!("game codes of more than {MAX_DIGITS} digits are not supported"),
            ));
        }
        OctalGame::from_digits(digits).ok_or_else(|| {
            InputError::at_column(
                text.chars().count() + 1,
                "the game code has no move: give at least one non-zero digit after \"0.\"",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_and_print_back() {
        for (text, expected, expected_name) in [
            ("0.007", "0.007", Some("treblecross")),
            (".77", "0.77", Some("kayles")),
            ("dawsons-kayles", "0.07", Some("dawsons-kayles")),
            ("0.1370", "0.137", Some("dawsons-chess")),
            ("0.4", "0.4", None),
        ] {
            let game: OctalGame = text.parse().unwrap();
            assert_eq!(code(&game), expected);
            assert_eq!(name(&game), expected_name);
        }
        assert_eq!(OctalGame::treblecross().to_string(), "0.007 (treblecross)");
    }

    #[test]
    fn bad_codes_say_where() {
        let err = "0.08".parse::<OctalGame>().unwrap_err();
        assert_eq!(err.column, 4);
        assert!(err.message.contains("'8'"), "{}", err.message);
        assert_eq!("1.07".parse::<OctalGame>().unwrap_err().column, 1);
        assert_eq!("0,07".parse::<OctalGame>().unwrap_err().column, 2);
        assert!("0.000"
            .parse::<OctalGame>()
            .unwrap_err()
            .message
            .contains("no move"));
        assert!("0.".parse::<OctalGame>().is_err());
        assert!("".parse::<OctalGame>().is_err());
        let err = "0.7\n".parse::<OctalGame>().unwrap_err();
        assert!(err.to_string().contains("U+000A"), "{err}");
        assert!(!err.to_string().contains('\n'));
    }
}
