//! `noughts grundy N [--stats] [--game CODE] [--out FILE] [--resume FILE]`,
//! `noughts grundy --until-period [--max N]`, `noughts grundy --survey`:
//! Grundy values of free Treblecross segments, of any octal game and of
//! Grundy's game; periods proved; a table of the well-known games.

use super::json;
use super::Error;
use crate::notation::octal::{code, name};
use crate::notation::InputError;
use crate::solver::grundy::{cores, find_period, GrundyMethod, Naive, Period, Sequence};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table_file::{load, out_target, save, CHECKED_HEAD, CHECKED_TAIL};

mod table_file;
pub use table_file::parse_table;

/// The most threads `--threads` takes.
pub const MOST_THREADS: u16 = 64;

/// `--threads N`: 1 to [`MOST_THREADS`], in digits as every count.
pub fn threads_arg(text: &str) -> Result<u16, InputError> {
    let n = crate::notation::count_arg(text)?;
    u16::try_from(n)
        .ok()
        .filter(|n| (1..=MOST_THREADS).contains(n))
        .ok_or_else(|| {
            InputError::at_column(
                1,
                format!("expected 1 to {MOST_THREADS} threads, found {n}"),
            )
        })
}

/// How to compute the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// The rare/common method on every core.
    Fast,
    /// The plain mex over every split, one core (for comparison).
    Naive,
}

impl Method {
    /// The method of the solver this choice names.
    pub fn solver(self) -> &'static dyn GrundyMethod {
        match self {
            Method::Fast => &crate::solver::grundy::RareCommon,
            Method::Naive => &Naive,
        }
    }
}

/// How many values to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// G(0) … G(n − 1).
    Exactly(usize),
    /// Until the values prove a period, or this many are known.
    UntilPeriod(usize),
}

/// `--max` when not given: 2^20 values.
pub const DEFAULT_MAX: usize = 1 << 20;

/// What `noughts grundy` was asked.
#[derive(Debug, Clone)]
pub struct Request {
    pub count: Count,
    pub stats: bool,
    /// With `stats`: the figures as one line of JSON.
    pub json: bool,
    pub game: Option<String>,
    pub out: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    pub method: Method,
    pub threads: Option<usize>,
}

/// Seconds between two writes of `--out` while computing.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(10);

/// Below this many new values no progress bar is drawn.
const PROGRESS_FROM: usize = 1 << 16;

/// The most values one run computes: the table and its one reversed copy
/// must fit in memory (2^28 values: 512 MB each, whatever the threads; the
/// values are written out as a stream).
pub const LARGEST_N: usize = 1 << 28;

pub fn run(request: &Request, out: &mut impl Write) -> Result<(), Error> {
    let (n, option) = match request.count {
        Count::Exactly(n) => (n, "N"),
        Count::UntilPeriod(max) => (max, "--max"),
    };
    if n > LARGEST_N {
        return Err(Error::Range(format!(
            "{option} = {n}: at most {LARGEST_N} values (2^28) in one run"
        )));
    }
    // The name lists free segments; every code, 0.007 included, heaps.
    let sequence = match request.game.as_deref() {
        None | Some("treblecross") => Sequence::segments(),
        Some(text) => Sequence::heaps(text.parse().map_err(|error| Error::Option {
            option: format!("--game {}", crate::notation::escaped(text)),
            error,
        })?),
    };
    let until_period = match request.count {
        Count::Exactly(_) => None,
        Count::UntilPeriod(_) => Some(sequence.game().periodicity_take().ok_or_else(|| {
            Error::Range(format!(
                "--until-period: {} has no periodicity check (the Guy–Smith theorem does not cover \
                 unequal splits); give N instead",
                sequence.game()
            ))
        })?),
    };
    let wanted = n + sequence.offset();
    // Where --out writes, checked now rather than after the work.
    let out_path = request.out.as_deref().map(out_target).transpose()?;
    let mut heaps = match &request.resume {
        Some(path) => {
            let heaps = load(path, &sequence)?;
            let count = heaps.len() - sequence.offset();
            let checked = if heaps.len() <= CHECKED_HEAD {
                "its checksum and every value checked".to_string()
            } else {
                format!("its checksum and its first {CHECKED_HEAD} and last {CHECKED_TAIL} values checked, the rest trusted")
            };
            eprintln!(
                "noughts: resuming from {} ({count} values): {checked}",
                crate::notation::escape_all(&path.display().to_string())
            );
            heaps
        }
        None => Vec::new(),
    };
    let threads = workers(request.threads);
    compute(
        &sequence,
        &mut heaps,
        wanted,
        Options {
            method: request.method,
            threads,
            out_path: out_path.as_deref(),
            until_period,
        },
    )?;
    // Fewer than wanted when a period was proved on the way.
    let end = heaps.len().min(wanted);
    let values = sequence.values(&heaps[..end]);
    if let (Some(path), Some(shown)) = (&out_path, &request.out) {
        save(path, &sequence, &heaps)?;
        let written = heaps.len() - sequence.offset();
        let what = match written {
            0 => "no values".to_string(),
            n => format!("G(0) … G({})", n - 1),
        };
        eprintln!(
            "noughts: wrote {what} to {}",
            crate::notation::escape_all(&shown.display().to_string())
        );
    }
    if request.stats || until_period.is_some() {
        let figures = stats_report(&sequence, &heaps[..end]);
        if request.json {
            json::write_line(out, &figures)?;
        } else {
            out.write_all(report(&sequence, &figures).as_bytes())?;
        }
    } else if request.out.is_none() {
        // Streamed: 2^28 values would be over a gigabyte as one string.
        for g in values {
            writeln!(out, "{g}")?;
        }
    }
    Ok(())
}

/// The threads a run uses: those asked for (default: one per core), but
/// never more than the cores — a thread without a core only waits, and
/// makes the others wait for it.
fn workers(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(cores).clamp(1, cores())
}

/// How [`compute`] works.
struct Options<'a> {
    method: Method,
    threads: usize,
    /// Where checkpoints go.
    out_path: Option<&'a Path>,
    /// Stop once the values prove a period (the game's largest take).
    until_period: Option<usize>,
}

/// Grows `heaps` to `wanted`, with a progress bar on a terminal and
/// checkpoints to `--out`; with `until_period`, stops at the shortest table
/// that proves a period (never cutting what was loaded).
fn compute(
    sequence: &Sequence,
    heaps: &mut Vec<u16>,
    wanted: usize,
    options: Options,
) -> Result<(), Error> {
    let start = heaps.len();
    let proved = |heaps: &mut Vec<u16>| match options.until_period {
        Some(take) => match find_period(heaps, take) {
            Some(period) => {
                heaps.truncate(period.proof_length(take).max(start));
                true
            }
            None => false,
        },
        None => false,
    };
    if wanted <= start || proved(heaps) {
        return Ok(());
    }
    // One table, grown in place (the method writes into it).
    heaps.reserve_exact(wanted - start);
    let bar = if wanted - start >= PROGRESS_FROM {
        let bar = super::progress_bar((wanted - sequence.offset()) as u64, "values");
        bar.set_position(start.saturating_sub(sequence.offset()) as u64);
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let position = |known: usize| known.saturating_sub(sequence.offset()) as u64;
    // Shown the values known so far (every 1,024 or so, on this thread):
    // moves the bar, looks for a period (each time the table has grown by
    // an eighth), writes a checkpoint every 10 s.
    let mut last_checkpoint = Instant::now();
    let mut next_look = 0;
    let mut failed_save = None;
    // With --out, an interrupt saves what is known and stops (a second
    // one stops at once).
    let interrupted = Arc::new(AtomicBool::new(false));
    if options.out_path.is_some() {
        super::interrupt::watch(&interrupted);
    }
    let mut watch = |known: &[u16]| {
        bar.set_position(position(known.len()));
        if interrupted.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if let Some(take) = options.until_period {
            if known.len() >= next_look {
                next_look = known.len() + (known.len() / 8).max(1024);
                if find_period(known, take).is_some() {
                    return ControlFlow::Break(());
                }
            }
        }
        if let Some(path) = options.out_path {
            if last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
                if let Err(e) = save(path, sequence, known) {
                    failed_save = Some(e);
                    return ControlFlow::Break(());
                }
                last_checkpoint = Instant::now();
            }
        }
        ControlFlow::Continue(())
    };
    // One run for the whole request: the threads and their tables are set
    // up once.
    let counted =
        options
            .method
            .solver()
            .extend(sequence.game(), heaps, wanted, options.threads, &mut watch);
    // For measuring how the work scales (benches/grundy-scaling.py): each
    // thread's waits for the others, on standard error.
    if std::env::var_os("NOUGHTS_GRUNDY_WAITS").is_some() {
        if let Ok(waits) = &counted {
            for (thread, w) in waits.iter().enumerate() {
                eprintln!(
                    "noughts: thread {thread}: {} waits, {} asleep, {:.3} s waiting",
                    w.waits,
                    w.sleeps,
                    w.waited.as_secs_f64()
                );
            }
        }
    }
    let result = counted.map(drop);
    if let Some(e) = failed_save {
        bar.abandon();
        return Err(e);
    }
    // A value too large met past a proved period does not matter.
    if proved(heaps) {
        bar.finish_and_clear();
        return Ok(());
    }
    if let Err(e) = result {
        bar.abandon();
        if let Some(path) = options.out_path {
            save(path, sequence, heaps)?;
        }
        return Err(Error::TooLarge(e));
    }
    if let (true, Some(path)) = (interrupted.load(Ordering::Relaxed), options.out_path) {
        bar.abandon();
        save(path, sequence, heaps)?;
        let known = heaps.len().saturating_sub(sequence.offset());
        return Err(Error::Interrupted(format!(
            "interrupted: wrote G(0) … G({}) to {} (--resume with it continues)",
            known.saturating_sub(1),
            crate::notation::escape_all(&path.display().to_string())
        )));
    }
    bar.finish_and_clear();
    Ok(())
}

/// The `--stats` figures, for the text report and `--json` alike.
#[derive(Debug, Serialize)]
pub struct StatsReport {
    /// The octal code (`0.007` for Treblecross).
    pub game: String,
    /// Its name, if it has one.
    pub name: Option<&'static str>,
    /// `free segments` (Treblecross: position L is a heap of L + 2) or `heaps`.
    pub sequence: &'static str,
    /// Position i of the values is a heap of i + offset tokens.
    pub offset: usize,
    /// How many values: G(0) … G(values − 1).
    pub values: usize,
    /// The largest value and where it first occurs (none when N = 0).
    pub largest: Option<u16>,
    pub first_largest_at: Option<usize>,
    /// How many different values occur.
    pub distinct: usize,
    /// The rare/common split (none when N = 0).
    pub rare_common: Option<RareCommon>,
    /// The period the values prove, if any.
    pub period: Option<PeriodReport>,
    /// Whether the Guy–Smith check applies (not to Grundy's game).
    pub period_checked: bool,
}

#[derive(Debug, Serialize)]
pub struct RareCommon {
    /// Values v with an even number of set bits in `v & mask` are rare.
    pub mask: u16,
    /// How many values are rare.
    pub rare: usize,
    /// Where the last rare value is (0 if none).
    pub last_rare: usize,
}

#[derive(Debug, Serialize)]
pub struct PeriodReport {
    /// G(i + period) = G(i) for every i ≥ preperiod …
    pub period: usize,
    pub preperiod: usize,
    /// … proved by the values up to this position (the fewest that do).
    pub proved_up_to: usize,
}

/// The figures of the sequence's values in `heaps` (the game's heap values).
pub fn stats_report(sequence: &Sequence, heaps: &[u16]) -> StatsReport {
    let figures = sequence.figures(heaps, 0..usize::MAX);
    let s = &figures.stats;
    let empty = s.count == 0;
    StatsReport {
        game: code(sequence.game()),
        name: if sequence.is_segments() {
            Some("treblecross")
        } else {
            name(sequence.game())
        },
        sequence: if sequence.is_segments() {
            "free segments"
        } else {
            "heaps"
        },
        offset: sequence.offset(),
        values: s.count,
        largest: (!empty).then_some(s.largest),
        first_largest_at: (!empty).then_some(s.first_largest_at),
        distinct: s.distinct,
        rare_common: (!empty).then_some(RareCommon {
            mask: s.split.mask,
            rare: s.split.rare,
            last_rare: s.split.last_rare,
        }),
        period: figures.period.map(|p| PeriodReport {
            period: p.period,
            preperiod: p.preperiod,
            proved_up_to: p.proved_up_to,
        }),
        period_checked: figures.period_checked,
    }
}

/// What a position of the sequence is called: `L` (cells of a free
/// segment) or `n` (tokens of a heap).
fn position_name(sequence: &Sequence) -> &'static str {
    if sequence.is_segments() {
        "L"
    } else {
        "n"
    }
}

/// The sequence in words, for the report's first line.
fn describe(sequence: &Sequence) -> String {
    if sequence.is_segments() {
        format!(
            "free Treblecross segments of L cells ({} on heaps of L + {})",
            code(sequence.game()),
            sequence.offset()
        )
    } else {
        format!("{} heaps of n tokens", sequence.game())
    }
}

/// The `--stats` report in words.
fn report(sequence: &Sequence, figures: &StatsReport) -> String {
    let at = position_name(sequence);
    let mut out = String::new();
    let _ = writeln!(out, "game: {}", describe(sequence));
    let (Some(largest), Some(first_largest_at), Some(split)) = (
        figures.largest,
        figures.first_largest_at,
        &figures.rare_common,
    ) else {
        let _ = writeln!(out, "values: none (N = 0)");
        return out;
    };
    let last = figures.values - 1;
    let _ = writeln!(out, "values: G(0) … G({last})");
    let _ = writeln!(
        out,
        "largest value: {largest} (first at {at} = {first_largest_at})"
    );
    let _ = writeln!(out, "distinct values: {}", figures.distinct);
    let _ = writeln!(
        out,
        "rare/common: mask {:#x} ({:#b}); {} of {} values rare ({:.2}%), the last at {at} = {}",
        split.mask,
        split.mask,
        split.rare,
        figures.values,
        100.0 * split.rare as f64 / figures.values as f64,
        split.last_rare
    );
    match &figures.period {
        Some(period) => {
            let _ = writeln!(
                out,
                "period: {} with pre-period {} (G({at} + {}) = G({at}) for every {at} >= {}, proved by the values up to {at} = {})",
                period.period,
                period.preperiod,
                period.period,
                period.preperiod,
                period.proved_up_to
            );
        }
        None if !figures.period_checked => {
            let _ = writeln!(
                out,
                "period: not checked (the Guy–Smith theorem does not cover Grundy's game)"
            );
        }
        None => {
            let _ = writeln!(out, "period: none proved up to {at} = {last}");
        }
    }
    out
}

/// A game of `--survey`, with what the literature says of it.
#[derive(Debug, Clone, Copy)]
pub struct Surveyed {
    pub name: &'static str,
    /// Its code (or `grundy`), as `--game` takes it.
    pub code: &'static str,
    /// The published period and pre-period (heaps `n >= preperiod`), if
    /// the game is known to be periodic.
    pub published: Option<Period>,
    /// Where that comes from, or what is known instead.
    pub source: &'static str,
}

/// The games of `--survey`: the classics, the long periodic ones of Winning
/// Ways (heap counts as here: the pre-period is one past the last
/// exceptional heap), games that split without taking, and the unsolved.
pub const SURVEY: [Surveyed; 13] = [
    surveyed("Kayles", "0.77", Some((12, 71)), "Guy & Smith 1956"),
    surveyed(
        "Dawson's Kayles",
        "0.07",
        Some((34, 53)),
        "Guy & Smith 1956",
    ),
    surveyed("Dawson's Chess", "0.137", Some((34, 52)), "OEIS A002187"),
    surveyed("", "0.1377", Some((24, 141)), "Winning Ways; OEIS A071434"),
    surveyed("", "0.177", Some((20, 497)), "Winning Ways; OEIS A071435"),
    surveyed("", "0.11377", Some((32, 187)), "Winning Ways; OEIS A071452"),
    surveyed("", "0.127", Some((4, 46_578)), "Gangolli & Plambeck 1989"),
    // Published as period 144 with the last exception at 326,637 (OEIS
    // A071436); the values here, and the naive method's, differ from the
    // periodic ones up to 326,639 (G(326639) != G(326783)).
    surveyed(
        "",
        "0.56",
        None,
        "published 144 from 326638 (Gangolli & Plambeck 1989); the naive method agrees with 326640",
    ),
    surveyed("", "4.6", Some((12, 72)), "Kayles on one more token"),
    surveyed(
        "",
        "4.077",
        None,
        "found here; the naive method agrees (to 220,812)",
    ),
    surveyed(
        "",
        "4.007",
        None,
        "none known; the naive method agrees (to 20,000)",
    ),
    surveyed("Treblecross", "0.007", None, "no period known"),
    surveyed(
        "Grundy's game",
        "grundy",
        None,
        "no period known (OEIS A002188)",
    ),
];

/// A row of [`SURVEY`]; `published` is `(period, pre-period)`.
const fn surveyed(
    name: &'static str,
    code: &'static str,
    published: Option<(usize, usize)>,
    source: &'static str,
) -> Surveyed {
    Surveyed {
        name,
        code,
        published: match published {
            Some((period, preperiod)) => Some(Period { preperiod, period }),
            None => None,
        },
        source,
    }
}

/// One line of `--survey`.
#[derive(Debug)]
pub struct SurveyRow {
    pub game: Surveyed,
    pub figures: StatsReport,
}

/// The figures of every game of [`SURVEY`], each computed until its period
/// is proved or `max` values are known.
pub fn survey_rows(max: usize, threads: Option<usize>) -> Result<Vec<SurveyRow>, Error> {
    if max > LARGEST_N {
        return Err(Error::Range(format!(
            "--max = {max}: at most {LARGEST_N} values (2^28) in one run"
        )));
    }
    let threads = workers(threads);
    SURVEY
        .iter()
        .map(|game| {
            let sequence = Sequence::heaps(game.code.parse().map_err(|error| Error::Option {
                option: format!("--game {}", game.code),
                error,
            })?);
            let mut heaps = Vec::new();
            let options = Options {
                method: Method::Fast,
                threads,
                out_path: None,
                until_period: sequence.game().periodicity_take(),
            };
            compute(&sequence, &mut heaps, max, options)?;
            let figures = stats_report(&sequence, &heaps);
            Ok(SurveyRow {
                game: *game,
                figures,
            })
        })
        .collect()
}

/// `noughts grundy --survey`: [`survey_rows`] as a Markdown table.
pub fn survey(max: usize, threads: Option<usize>, out: &mut impl Write) -> Result<(), Error> {
    let rows = survey_rows(max, threads)?;
    let mut table = vec![[
        "game",
        "code",
        "period",
        "pre-period",
        "proved by n =",
        "largest",
        "mask",
        "rare heaps",
        "literature",
    ]
    .map(String::from)];
    for row in &rows {
        let f = &row.figures;
        let (period, preperiod, proved) = match &f.period {
            Some(p) => (
                p.period.to_string(),
                p.preperiod.to_string(),
                p.proved_up_to.to_string(),
            ),
            None if !f.period_checked => ("not checked".into(), "".into(), "".into()),
            None if f.values == 0 => ("no values".into(), "".into(), "".into()),
            None => (
                format!("none proved up to {}", f.values - 1),
                "".into(),
                "".into(),
            ),
        };
        let split = f.rare_common.as_ref();
        let literature = match row.game.published {
            Some(p) => format!("{} from {}: {}", p.period, p.preperiod, row.game.source),
            None => row.game.source.to_string(),
        };
        table.push([
            row.game.name.to_string(),
            row.game.code.to_string(),
            period,
            preperiod,
            proved,
            f.largest.map_or(String::new(), |g| g.to_string()),
            split.map_or(String::new(), |s| format!("{:#x}", s.mask)),
            split.map_or(String::new(), |s| s.rare.to_string()),
            literature,
        ]);
    }
    let widths: Vec<usize> = (0..table[0].len())
        .map(|c| {
            table
                .iter()
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (i, row) in table.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell:<w$}"))
            .collect();
        writeln!(out, "| {} |", cells.join(" | "))?;
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            writeln!(out, "| {} |", rule.join(" | "))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(n: usize) -> Request {
        Request {
            count: Count::Exactly(n),
            stats: false,
            json: false,
            game: None,
            out: None,
            resume: None,
            method: Method::Fast,
            threads: None,
        }
    }

    fn run(request: &Request) -> Result<String, Error> {
        let mut out = Vec::new();
        super::run(request, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn values_come_one_per_line() {
        assert_eq!(run(&request(6)).unwrap(), "0\n1\n1\n1\n2\n2\n");
        assert_eq!(run(&request(0)).unwrap(), "");
        let kayles = Request {
            game: Some("kayles".into()),
            ..request(5)
        };
        assert_eq!(run(&kayles).unwrap(), "0\n1\n2\n3\n1\n");
    }
}
