//! Octal game codes: `0.d1d2…` (or `.d1d2…`), `4.d1d2…`, the names of the
//! well-known games, and `grundy` for Grundy's game.

use super::{describe, InputError};
use crate::solver::octal::OctalGame;
use std::fmt;
use std::str::FromStr;

/// Games with a name, for `--game` and for messages. Grundy's game has no
/// octal code: `grundy` is its name and its code.
pub const NAMED_GAMES: [(&str, &str); 5] = [
    ("treblecross", "0.007"),
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("grundy", GRUNDYS_GAME),
];

/// The name (and code) of Grundy's game.
pub const GRUNDYS_GAME: &str = "grundy";

/// The longest code taken, in digits after the point.
pub const MAX_DIGITS: usize = 1024;

/// The code, as `d0.d1d2…` (`0.007`, `4.07`, `4.` when only the first
/// digit is set), or `grundy`.
pub fn code(game: &OctalGame) -> String {
    if game.is_grundys_game() {
        return GRUNDYS_GAME.to_string();
    }
    let digits: String = game.digits().iter().map(|d| char::from(b'0' + d)).collect();
    format!("{}.{digits}", game.first_digit())
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
        if self.is_grundys_game() {
            return write!(f, "Grundy's game (split a heap into two unequal heaps)");
        }
        match name(self) {
            Some(name) => write!(f, "{} ({name})", code(self)),
            None => write!(f, "{}", code(self)),
        }
    }
}

impl FromStr for OctalGame {
    type Err = InputError;

    /// `0.d1d2…` or `4.d1d2…` (digits 0–7, at least one non-zero),
    /// `.d1d2…`, or a name from [`NAMED_GAMES`]. Errors name the column
    /// (1-based).
    fn from_str(text: &str) -> Result<OctalGame, InputError> {
        if text == GRUNDYS_GAME {
            return Ok(OctalGame::grundys_game());
        }
        if let Some((_, code)) = NAMED_GAMES.iter().find(|(name, _)| *name == text) {
            return code.parse();
        }
        let (first_digit, digits_start) = if let Some(rest) = text.strip_prefix("0.") {
            (0, text.len() - rest.len())
        } else if let Some(rest) = text.strip_prefix("4.") {
            (4, text.len() - rest.len())
        } else if text.starts_with('.') {
            (0, 1)
        } else {
            let names: Vec<&str> = NAMED_GAMES.iter().map(|(name, _)| *name).collect();
            let column = match text.chars().next() {
                Some('0' | '4') => 2,
                _ => 1,
            };
            return Err(InputError::at_column(
                column,
                format!(
                    "expected an octal game code like 0.007 or 4.07 (\"0.\" or \"4.\" then digits 0-7) or one of {}",
                    names.join(", ")
                ),
            ));
        };
        let mut digits = vec![first_digit];
        for (i, ch) in text[digits_start..].chars().enumerate() {
            match ch.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    let why = if ch.is_ascii_hexdigit() {
                        " (hexadecimal codes, whose moves leave three heaps, are not supported)"
                    } else {
                        ""
                    };
                    return Err(InputError::at_column(
                        digits_start + i + 1,
                        format!(
                            "expected an octal digit 0-7 in the game code, found {}{why}",
                            describe(ch)
                        ),
                    ));
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
                "the game code has no move: give at least one non-zero digit",
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
            ("4.07", "4.07", None),
            ("4.", "4.", None),
            ("4.0", "4.", None),
            ("grundy", "grundy", Some("grundy")),
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
        assert_eq!("0.".parse::<OctalGame>().unwrap_err().column, 3);
        let err = "0.0a".parse::<OctalGame>().unwrap_err();
        assert!(err.message.contains("hexadecimal"), "{}", err.message);
        // Long codes: 255 digits and more.
        let long = format!("0.{}7", "0".repeat(299));
        assert_eq!(long.parse::<OctalGame>().unwrap().largest_take(), 300);
        let too_long = format!("0.{}7", "0".repeat(MAX_DIGITS));
        assert!(too_long.parse::<OctalGame>().is_err());
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
