//! `noughts treblecross`: the UVA 10561 format. `T`, then `T` strips over
//! `X` and `.`; for each, `WINNING` and the winning cells (1-based) on the
//! next line, or `LOSING` and an empty line.

use super::Error;
use crate::notation::treblecross::read_strip;
use crate::notation::{InputError, Tokens};
use crate::solver::grundy::GrundyTable;
use crate::solver::treblecross::{analyze, Strip};
use std::io::Write;

/// Reads the count and every strip (see [`read_strip`] for what a strip
/// may be).
pub fn parse(text: &str) -> Result<Vec<Strip>, InputError> {
    let mut tokens = Tokens::new(text);
    let count = tokens.expect_count("the number of strips")?;
    let mut strips = Vec::with_capacity(count.min(1 << 20));
    for number in 1..=count {
        let token = tokens.expect(&format!("strip {number} of {count}"))?;
        strips.push(read_strip(&token)?);
    }
    tokens.expect_end(&format!("{count} strips"))?;
    Ok(strips)
}

/// The answers for every strip, written to `out`. The whole input is read
/// first: bad input gets its error and no partial answer. The Grundy table
/// grows to the longest free segment met, not the longest strip.
pub fn run(text: &str, out: &mut impl Write) -> Result<(), Error> {
    let strips = parse(text)?;
    let mut table = GrundyTable::default();
    for strip in &strips {
        let analysis = analyze(strip, &mut table)?;
        if analysis.is_winning() {
            out.write_all(b"WINNING\n")?;
            for (i, cell) in analysis.winning_cells().iter().enumerate() {
                if i > 0 {
                    out.write_all(b" ")?;
                }
                write!(out, "{}", cell + 1)?;
            }
            out.write_all(b"\n")?;
        } else {
            out.write_all(b"LOSING\n\n")?;
        }
    }
    Ok(())
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

    #[test]
    fn answers_in_the_contest_format() {
        let mut out = Vec::new();
        run("2\n.....\nX.....X..X.............X....X..X\n", &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "WINNING\n3\nLOSING\n\n");
    }
}
