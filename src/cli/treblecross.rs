//! `noughts treblecross`: the UVA 10561 format. `T`, then `T` strips over
//! `X` and `.`; for each, `WINNING` and the winning cells (1-based) on the
//! next line, or `LOSING` and an empty line.

use super::input::{describe, quoted, InputError, Tokens};
use crate::solver::grundy::GrundyTable;
use crate::solver::treblecross::{analyze, three_in_a_row};
use std::fmt::Write as _;

/// Parses one strip, rejecting wrong characters, strips shorter than 3 cells
/// and strips that already hold three `X` in a row (the game is over).
pub fn parse_strip(token: &super::input::Token) -> Result<Vec<bool>, InputError> {
    let mut strip = Vec::with_capacity(token.text.len());
    for (i, ch) in token.text.chars().enumerate() {
        match ch {
            'X' => strip.push(true),
            '.' => strip.push(false),
            c => {
                return Err(token.error_at(i, format!("expected 'X' or '.', found {}", describe(c))))
            }
        }
    }
    if strip.len() < 3 {
        return Err(token.error(format!(
            "expected a strip of at least 3 cells, found {} in {}",
            strip.len(),
            quoted(token.text)
        )));
    }
    if let Some(start) = three_in_a_row(&strip) {
        return Err(token.error_at(
            start,
            "expected a game in progress, found three 'X' in a row (the game is over)",
        ));
    }
    Ok(strip)
}

pub fn parse(text: &str) -> Result<Vec<Vec<bool>>, InputError> {
    let mut tokens = Tokens::new(text);
    let count = tokens.expect_count("the number of strips")?;
    let mut strips = Vec::with_capacity(count.min(1 << 20));
    for number in 1..=count {
        let token = tokens.expect(&format!("strip {number} of {count}"))?;
        strips.push(parse_strip(&token)?);
    }
    tokens.expect_end(&format!("{count} strips"))?;
    Ok(strips)
}

pub fn run(text: &str) -> Result<String, InputError> {
    let strips = parse(text)?;
    let longest = strips.iter().map(Vec::len).max().unwrap_or(0);
    let mut table = GrundyTable::with_len(longest + 1);
    let mut out = String::new();
    for strip in &strips {
        let analysis = analyze(strip, &mut table);
        if analysis.is_winning() {
            out.push_str("WINNING\n");
            for (i, cell) in analysis.winning_cells().iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{}", cell + 1);
            }
            out.push('\n');
        } else {
            out.push_str("LOSING\n\n");
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors() {
        let e = parse("2\n..X..\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        assert!(e.message.contains("strip 2 of 2"), "{}", e.message);
        let e = parse("1\n..x..\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse("1\n.XXX.\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        assert!(e.message.contains("three 'X'"));
        let e = parse("1\n..\n").unwrap_err();
        assert!(e.message.contains("at least 3 cells"));
        let e = parse("1\n...\n...").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        let e = parse("").unwrap_err();
        assert!(e.message.contains("number of strips"));
    }
}
