//! `noughts treblecross`: the UVA 10561 format. `T`, then `T` strips over
//! `X` and `.`; for each, `WINNING` and the winning cells (1-based) on the
//! next line, or `LOSING` and an empty line.

use super::input::{open_input, TokenReader};
use super::json;
use super::Error;
use crate::notation::treblecross::{check_strip, read_strip, Cells};
use crate::notation::{counted, InputError, Tokens};
use crate::solver::grundy::GrundyTable;
use crate::solver::treblecross::{
    analyze, longest_free_segment, FreeSegment, Strip, StripAnalysis,
};
use serde::Serialize;
use std::io::{Read, Write};
use std::path::PathBuf;

/// `noughts treblecross`'s options (its help and examples are on the
/// command, in [`super::Command`]).
#[derive(Debug, clap::Args)]
pub struct Options {
    /// A line of JSON per strip instead: verdict, free segments with
    /// their lengths and Grundy values, nim-sum, winning cells.
    #[arg(long)]
    json: bool,
    /// Input file; standard input if absent or `-`.
    file: Option<PathBuf>,
}

impl Options {
    pub fn run(self, out: &mut impl Write) -> Result<(), Error> {
        let (input, source) = open_input(self.file.as_deref())?;
        let answered = if self.json {
            run_json(input, &source, out)
        } else {
            run(input, &source, out)
        };
        answered.map_err(|e| e.in_file(self.file.as_deref()))
    }
}

/// Reads the count and every strip of a whole text (see [`check_strip`]
/// for what a strip may be).
pub fn parse(text: &str) -> Result<Vec<Strip>, InputError> {
    let mut tokens = Tokens::new(text);
    let count = tokens.expect_count("the number of strips")?;
    let mut strips = Vec::with_capacity(count.min(1 << 20));
    for number in 1..=count {
        strips.push(read_strip(
            &tokens.expect(&format!("strip {number} of {count}"))?,
        )?);
    }
    tokens.expect_end(&counted(count, "strip"))?;
    Ok(strips)
}

/// Reads the strips one at a time and hands each, checked, to `answer`
/// with its cells and the Grundy table. Only one strip is held: memory
/// follows the longest strip (and the Grundy table its longest free
/// segment), not the input. A bad strip ends the run with its error, after
/// the answers to the strips before it.
fn each_strip(
    input: impl Read,
    source: &str,
    mut answer: impl FnMut(&[bool], &mut GrundyTable) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut tokens = TokenReader::new(input, source)?;
    let count = tokens.expect_count("the number of strips")?;
    let mut table = GrundyTable::default();
    for number in 1..=count {
        if !tokens.advance()? {
            return Err(Error::Input(tokens.end_error(format!(
                "expected strip {number} of {count}, found end of input"
            ))));
        }
        let token = tokens.token();
        check_strip(&token)?;
        let (line, column) = (token.line, token.column);
        // The token's bytes become the cells in place (one byte a cell,
        // held once), and the buffer goes back for the next strip.
        let cells: Vec<bool> = tokens.take_token().into_iter().map(|b| b == b'X').collect();
        if cells.len() >= LONG_STRIP {
            grow_for_long_segments(line, column, &cells, &mut table)?;
        }
        answer(&cells, &mut table)?;
        tokens.give_back(cells.into_iter().map(u8::from).collect());
    }
    tokens.expect_end(&counted(count, "strip"))
}

/// The answers for every strip, written to `out` as the strips are read
/// (see [`each_strip`]).
pub fn run(input: impl Read, source: &str, out: &mut impl Write) -> Result<(), Error> {
    let mut number = [0u8; 20];
    each_strip(input, source, |cells, table| {
        let analysis = analyze(cells, table)?;
        if !analysis.is_winning() {
            out.write_all(b"LOSING\n\n")?;
            return Ok(());
        }
        out.write_all(b"WINNING\n")?;
        for (i, &cell) in analysis.winning_cells().iter().enumerate() {
            if i > 0 {
                out.write_all(b" ")?;
            }
            out.write_all(decimal(cell + 1, &mut number))?;
        }
        out.write_all(b"\n")?;
        Ok(())
    })
}

/// One strip as `--json` gives it (a line of JSON per strip). Cells are
/// numbered from 1, as in the contest's answers. It borrows the strip and
/// its analysis, written as they are serialized: a strip of millions of
/// cells is not copied again for its report.
#[derive(Debug, Serialize)]
pub struct StripReport<'a> {
    /// The strip as it was read.
    #[serde(serialize_with = "as_text")]
    pub strip: &'a [bool],
    /// `WINNING` or `LOSING` for the player to move.
    pub verdict: &'static str,
    /// `immediate win` (the mover completes three at once) or `segments`
    /// (the free segments decide).
    pub state: &'static str,
    /// Every winning cell, ascending (0-based here, written from 1).
    #[serde(serialize_with = "from_one")]
    pub winning_cells: &'a [usize],
    /// The free segments (runs of cells where an `X` gives no immediate
    /// win), when they decide: each `{"start","length","grundy"}`, the
    /// start from 1.
    #[serde(serialize_with = "as_segments")]
    pub segments: Option<&'a [FreeSegment]>,
    /// The xor of their Grundy values (non-zero: the mover wins).
    pub nim_sum: Option<u16>,
}

/// A strip's cells as its text, `X` and `.`.
fn as_text<S: serde::Serializer>(cells: &&[bool], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&Cells(cells))
}

/// Cell numbers from 1.
fn from_one<S: serde::Serializer>(cells: &&[usize], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(cells.iter().map(|c| c + 1))
}

/// A free segment as `--json` writes it.
#[derive(Serialize)]
struct Segment {
    start: usize,
    length: usize,
    grundy: u16,
}

fn as_segments<S: serde::Serializer>(
    segments: &Option<&[FreeSegment]>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match segments {
        None => serializer.serialize_none(),
        Some(segments) => serializer.collect_seq(segments.iter().map(|s| Segment {
            start: s.start + 1,
            length: s.len,
            grundy: s.grundy,
        })),
    }
}

/// The `--json` report of one strip.
pub fn strip_report<'a>(strip: &'a [bool], analysis: &'a StripAnalysis) -> StripReport<'a> {
    let (state, segments, nim_sum) = match analysis {
        // Refused when read: three `X` in a row end the game.
        StripAnalysis::Finished { .. } => ("over", None, None),
        StripAnalysis::ImmediateWin { .. } => ("immediate win", None, None),
        StripAnalysis::Segments {
            segments, nim_sum, ..
        } => ("segments", Some(&segments[..]), Some(*nim_sum)),
    };
    StripReport {
        strip,
        verdict: if analysis.is_winning() {
            "WINNING"
        } else {
            "LOSING"
        },
        state,
        winning_cells: analysis.winning_cells(),
        segments,
        nim_sum,
    }
}

/// `--json`: a line of JSON per strip (see [`StripReport`]), written as the
/// strips are read, as for the text answers.
pub fn run_json(input: impl Read, source: &str, out: &mut impl Write) -> Result<(), Error> {
    each_strip(input, source, |cells, table| {
        let analysis = analyze(cells, table)?;
        json::write_line(out, &strip_report(cells, &analysis))
    })
}

/// Free segments longer than this are refused: their Grundy values would
/// take hours (2^22 values take about two minutes).
pub const LONGEST_FREE_SEGMENT: usize = 1 << 24;

/// Strips at least this long are looked at for long free segments first:
/// the table for them is built with a progress bar (on a terminal), and
/// one too long is refused before any work.
const LONG_STRIP: usize = 1 << 16;

/// A long strip's free segments: one too long is refused before any work,
/// and the table for the longest is built with a progress bar (on a
/// terminal).
fn grow_for_long_segments(
    line: usize,
    column: usize,
    cells: &[bool],
    table: &mut GrundyTable,
) -> Result<(), Error> {
    let segment = longest_free_segment(cells);
    if segment > LONGEST_FREE_SEGMENT {
        return Err(Error::Input(InputError {
            line,
            column,
            message: format!(
                "expected free segments of at most {LONGEST_FREE_SEGMENT} cells (2^24), found one of {segment}"
            ),
        }));
    }
    if segment < LONG_STRIP || table.len() > segment {
        return Ok(());
    }
    let bar = super::progress_bar(segment as u64 + 1, "Grundy values");
    table.extend_with_progress(segment + 1, |known| bar.set_position(known as u64))?;
    bar.finish_and_clear();
    Ok(())
}

/// The decimal digits of `n`, written into `digits` (the formatting
/// machinery costs more than the analysis at a million numbers).
fn decimal(mut n: usize, digits: &mut [u8; 20]) -> &[u8] {
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &digits[i..]
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

    fn answers(text: &str) -> Result<String, Error> {
        let mut out = Vec::new();
        run(text.as_bytes(), "test", &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn answers_in_the_contest_format() {
        assert_eq!(
            answers("2\n.....\nX.....X..X.............X....X..X\n").unwrap(),
            "WINNING\n3\nLOSING\n\n"
        );
    }

    #[test]
    fn streamed_errors_say_where_as_parse_does() {
        for text in [
            "2\n..X..\n",
            "1\n..x..\n",
            "1\n.XXX.\n",
            "1\n..\n",
            "1\n...\n...",
            "",
            "x",
            "2\r.....\r..O..\r",
            "\u{feff}1\n..x..",
            "2\r\n...\r\n\r\n  .X.é.\r\n",
        ] {
            let Err(Error::Input(streamed)) = answers(text) else {
                panic!("{text:?} was answered");
            };
            // A byte-order mark is skipped when the input is read.
            let read = text.strip_prefix('\u{feff}').unwrap_or(text);
            assert_eq!(Err(streamed), parse(read).map(|_| ()), "{text:?}");
        }
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 99, 100, 123_456_789, usize::MAX] {
            assert_eq!(decimal(n, &mut [0; 20]), n.to_string().as_bytes());
        }
    }
}
