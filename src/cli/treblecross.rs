//! `noughts treblecross`: the UVA 10561 format. `T`, then `T` strips over
//! `X` and `.`; for each, `WINNING` and the winning cells (1-based) on the
//! next line, or `LOSING` and an empty line.

use super::json;
use super::Error;
use crate::notation::treblecross::{cells_into, check_strip, read_strip};
use crate::notation::{counted, InputError, Token, Tokens};
use crate::solver::grundy::GrundyTable;
use crate::solver::treblecross::{analyze, longest_free_segment, Strip, StripAnalysis};
use serde::Serialize;
use std::io::Write;

/// Reads the count and every strip (see [`check_strip`] for what a strip
/// may be), as the tokens of the input.
fn strip_tokens(text: &str) -> Result<Vec<Token<'_>>, InputError> {
    let mut tokens = Tokens::new(text);
    let count = tokens.expect_count("the number of strips")?;
    let mut strips = Vec::with_capacity(count.min(1 << 20));
    for number in 1..=count {
        let token = tokens.expect(&format!("strip {number} of {count}"))?;
        check_strip(&token)?;
        strips.push(token);
    }
    tokens.expect_end(&counted(count, "strip"))?;
    Ok(strips)
}

/// Reads the count and every strip.
pub fn parse(text: &str) -> Result<Vec<Strip>, InputError> {
    strip_tokens(text)?.iter().map(read_strip).collect()
}

/// The answers for every strip, written to `out`. The whole input is
/// checked first: bad input gets its error and no partial answer. The
/// Grundy table grows to the longest free segment met, not the longest
/// strip; one buffer of cells and one of text serve every strip.
pub fn run(text: &str, out: &mut impl Write) -> Result<(), Error> {
    let strips = strip_tokens(text)?;
    let mut table = GrundyTable::default();
    grow_for_long_segments(&strips, &mut table)?;
    let mut cells = Vec::new();
    let mut line = Vec::new();
    for token in &strips {
        cells_into(token, &mut cells);
        let analysis = analyze(&cells, &mut table)?;
        line.clear();
        if analysis.is_winning() {
            line.extend_from_slice(b"WINNING\n");
            for (i, &cell) in analysis.winning_cells().iter().enumerate() {
                if i > 0 {
                    line.push(b' ');
                }
                push_number(&mut line, cell + 1);
            }
            line.push(b'\n');
        } else {
            line.extend_from_slice(b"LOSING\n\n");
        }
        out.write_all(&line)?;
    }
    Ok(())
}

/// One strip as `--json` gives it (a line of JSON per strip). Cells are
/// numbered from 1, as in the contest's answers.
#[derive(Debug, Serialize)]
pub struct StripReport<'a> {
    /// The strip as it was read.
    pub strip: &'a str,
    /// `WINNING` or `LOSING` for the player to move.
    pub verdict: &'static str,
    /// `immediate win` (the mover completes three at once) or `segments`
    /// (the free segments decide).
    pub state: &'static str,
    /// Every winning cell, ascending.
    pub winning_cells: Vec<usize>,
    /// The free segments (runs of cells where an `X` gives no immediate
    /// win), when they decide.
    pub segments: Option<Vec<Segment>>,
    /// The xor of their Grundy values (non-zero: the mover wins).
    pub nim_sum: Option<u16>,
}

/// A free segment: its first cell, length and Grundy value.
#[derive(Debug, Serialize)]
pub struct Segment {
    pub start: usize,
    pub length: usize,
    pub grundy: u16,
}

/// The `--json` report of one strip.
pub fn strip_report<'a>(strip: &'a str, analysis: &StripAnalysis) -> StripReport<'a> {
    let mut report = StripReport {
        strip,
        verdict: if analysis.is_winning() {
            "WINNING"
        } else {
            "LOSING"
        },
        state: "segments",
        winning_cells: analysis.winning_cells().iter().map(|c| c + 1).collect(),
        segments: None,
        nim_sum: None,
    };
    match analysis {
        // Refused when read: three `X` in a row end the game.
        StripAnalysis::Finished { .. } => report.state = "over",
        StripAnalysis::ImmediateWin { .. } => report.state = "immediate win",
        StripAnalysis::Segments {
            segments, nim_sum, ..
        } => {
            report.segments = Some(
                segments
                    .iter()
                    .map(|s| Segment {
                        start: s.start + 1,
                        length: s.len,
                        grundy: s.grundy,
                    })
                    .collect(),
            );
            report.nim_sum = Some(*nim_sum);
        }
    }
    report
}

/// `--json`: a line of JSON per strip (see [`StripReport`]); the whole
/// input is checked first, as for the text answers.
pub fn run_json(text: &str, out: &mut impl Write) -> Result<(), Error> {
    let strips = strip_tokens(text)?;
    let mut table = GrundyTable::default();
    grow_for_long_segments(&strips, &mut table)?;
    let mut cells = Vec::new();
    for token in &strips {
        cells_into(token, &mut cells);
        let analysis = analyze(&cells, &mut table)?;
        json::write_line(out, &strip_report(token.text, &analysis))?;
    }
    Ok(())
}

/// Free segments longer than this are refused: their Grundy values would
/// take hours (2^22 values take about two minutes).
pub const LONGEST_FREE_SEGMENT: usize = 1 << 24;

/// Strips at least this long are looked at for long free segments first:
/// the table for them is built with a progress bar (on a terminal), and
/// one too long is refused before any work.
const LONG_STRIP: usize = 1 << 16;

fn grow_for_long_segments(strips: &[Token], table: &mut GrundyTable) -> Result<(), Error> {
    let mut cells = Vec::new();
    let mut longest = 0;
    for token in strips.iter().filter(|t| t.text.len() >= LONG_STRIP) {
        cells_into(token, &mut cells);
        let segment = longest_free_segment(&cells);
        if segment > LONGEST_FREE_SEGMENT {
            return Err(Error::Input(token.error(format!(
                "expected free segments of at most {LONGEST_FREE_SEGMENT} cells (2^24), found one of {segment}"
            ))));
        }
        longest = longest.max(segment);
    }
    if longest < LONG_STRIP {
        return Ok(());
    }
    let bar = super::progress_bar(longest as u64 + 1, "Grundy values");
    table.extend_with_progress(longest + 1, |known| bar.set_position(known as u64))?;
    bar.finish_and_clear();
    Ok(())
}

/// Appends the decimal digits of `n` (the formatting machinery costs more
/// than the analysis at a million numbers).
fn push_number(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
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

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 99, 100, 123_456_789, usize::MAX] {
            let mut out = Vec::new();
            push_number(&mut out, n);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }
}
