//! Errors in a value given on the command line (`--board`, `grundy N`,
//! `notakto BOARD…`). An argument is one line, so it has no line to name,
//! only the character where it goes wrong, and not even that at its first
//! character (the message quotes what was found). Files and standard input
//! keep "line L, column C".

use super::InputError;
use std::fmt;

impl InputError {
    /// Where in an argument, and what was expected: `character 7: expected
    /// …`, or the message alone at the first character.
    pub fn in_argument(&self) -> String {
        match (self.line, self.column) {
            (1, 0 | 1) => self.message.clone(),
            (1, column) => format!("character {column}: {}", self.message),
            // A value that holds a line end and is read as lines.
            (line, column) => format!("line {line}, character {column}: {}", self.message),
        }
    }
}

/// What a value parser of clap gives back: its [`InputError`] as an
/// argument's ([`InputError::in_argument`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgumentError(pub InputError);

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.in_argument())
    }
}

impl std::error::Error for ArgumentError {}

/// `parse` as clap's value parser: `value_parser = argument(count_arg)`.
pub fn argument<T: 'static>(
    parse: fn(&str) -> Result<T, InputError>,
) -> impl Fn(&str) -> Result<T, ArgumentError> + Clone + Send + Sync + 'static {
    move |text| parse(text).map_err(ArgumentError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_argument_names_the_character_past_the_first_and_never_a_line() {
        let at = |line, column| InputError {
            line,
            column,
            message: "expected a whole number, found 'x'".into(),
        };
        assert_eq!(at(1, 1).in_argument(), "expected a whole number, found 'x'");
        assert_eq!(
            at(1, 3).in_argument(),
            "character 3: expected a whole number, found 'x'"
        );
        assert_eq!(
            at(2, 4).in_argument(),
            "line 2, character 4: expected a whole number, found 'x'"
        );
        let parse = argument(super::super::count_arg);
        assert_eq!(parse("12"), Ok(12));
        assert_eq!(
            parse("1_0").unwrap_err().to_string(),
            "character 2: expected a whole number, found '_'"
        );
    }
}
