//! `noughts grundy N [--stats] [--game CODE] [--out FILE] [--resume FILE]`,
//! `noughts grundy --until-period [--max N]`, `noughts grundy --survey`:
//! Grundy values of free Treblecross segments, of any octal game and of
//! Grundy's game; periods proved; a table of the well-known games.
//!
//! Here the driver: the request, the method and threads it runs on, the
//! computing with its progress bar, checkpoints and interrupts, the values
//! or the report written. `report.rs`: the `--stats` figures in words and
//! as JSON; `survey.rs`: `--survey`; `table_file.rs`: the file of `--out`
//! and `--resume`.

use super::json;
use super::Error;
use crate::notation::InputError;
use crate::solver::grundy::{cores, find_period, GrundyMethod, Naive, Sequence};
use report::report;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table_file::{load, out_target, save, CHECKED_HEAD, CHECKED_SPOT, CHECKED_TAIL};

mod checkpoint;
mod compare;
mod kept;
mod merge;
mod options;
mod records;
mod report;
mod results;
mod stream;
mod survey;
mod table_file;
mod tables;

pub use merge::merge;
pub use options::Options;
pub use report::{stats_report, PeriodReport, RareCommon, StatsReport};
pub use results::{
    games_list, shard_arg, share, survey as survey_games, GameResult, Shard, SurveyRequest,
};
pub use survey::{survey, survey_rows, SurveyRow, Surveyed, SURVEY};
pub use table_file::parse_table;
pub use tables::{Published, Table};

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
    /// The method's name in a checkpoint's header.
    pub fn word(self) -> &'static str {
        match self {
            Method::Fast => "rare-common",
            Method::Naive => "naive",
        }
    }

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
    /// An append-only file of the values, resumed from when it exists.
    pub checkpoint: Option<PathBuf>,
    /// Print the SHA-256 of the values (u16 little-endian) instead.
    pub sha256: bool,
    /// Print the records document (see `records.rs`) instead.
    pub records: bool,
    pub method: Method,
    pub threads: Option<usize>,
}

/// Seconds between two writes of `--out` or `--checkpoint` while computing.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(10);

/// [`CHECKPOINT_EVERY`], or `$NOUGHTS_CHECKPOINT_MS` milliseconds: the
/// crash tests kill runs a fraction of a second in.
fn checkpoint_every() -> Duration {
    std::env::var("NOUGHTS_CHECKPOINT_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(CHECKPOINT_EVERY, Duration::from_millis)
}

/// Below this many new values no progress bar is drawn.
const PROGRESS_FROM: usize = 1 << 16;

/// The most values one run computes: the table and its one reversed copy
/// must fit in memory (2^31 values: 4 GiB each, whatever the threads, 6.3
/// bytes a value measured at 2^30, so about 13.5 GB (12.6 GiB, estimated); the values are
/// written out as a stream). Rare heaps are kept as u32, so this must stay
/// below 2^32; beyond 2^31 waits for the streaming form (issue 50).
pub const LARGEST_N: usize = 1 << 31;

/// [`LARGEST_N`] as the messages write it.
pub const LARGEST_N_WORDS: &str = "2^31";

/// The most heaps a streamed run (`--sha256` or `--records`, with
/// `--checkpoint` or not) computes: it holds the rare heaps as u32, so heap
/// 2^32 − 1 is the last (2^32 on 64-bit machines, which the table needs).
pub const LARGEST_HEAPS_STREAMED: usize = (u32::MAX as usize).saturating_add(1);

pub fn run(request: &Request, out: &mut impl Write) -> Result<(), Error> {
    let (n, option) = match request.count {
        Count::Exactly(n) => (n, "N"),
        Count::UntilPeriod(max) => (max, "--max"),
    };
    // The name lists free segments; every code, 0.007 included, heaps.
    let sequence = match request.game.as_deref() {
        None | Some("treblecross") => Sequence::segments(),
        Some(text) => Sequence::heaps(text.parse().map_err(|error| Error::Argument {
            name: format!("--game {}", crate::notation::quoted(text)),
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
    let wanted = n.saturating_add(sequence.offset());
    // Only the hash or the records wanted (with a checkpoint or not): the
    // values stream past in bounded memory (issue 50; the other forms keep
    // the whole table).
    let streams = (request.sha256 || request.records)
        && !request.stats
        && until_period.is_none()
        && request.out.is_none()
        && request.resume.is_none()
        && request.method == Method::Fast
        && std::env::var_os("NOUGHTS_GRUNDY_TRACE").is_none();
    if streams && wanted > LARGEST_HEAPS_STREAMED {
        let segments = if sequence.is_segments() {
            ": a free segment of L cells is heap L + 2"
        } else {
            ""
        };
        return Err(Error::Range(format!(
            "{option} = {n}: at most {} values in one streamed run (2^32 heaps{segments})",
            LARGEST_HEAPS_STREAMED - sequence.offset(),
        )));
    }
    if !streams && n > LARGEST_N {
        return Err(Error::Range(format!(
            "{option} = {n}: at most {LARGEST_N} values ({LARGEST_N_WORDS}) in one run that keeps \
             the whole table, as this one does; `grundy N --sha256` or `--records` (with \
             `--checkpoint` or not, and no other option but `--game` and `--threads`) streams, \
             to 2^32"
        )));
    }
    if streams {
        let print = if request.records {
            stream::Print::Records
        } else {
            stream::Print::Sha256
        };
        let text = stream::run(
            &sequence,
            wanted,
            workers(request.threads),
            request.checkpoint.as_deref(),
            print,
        )?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    // Where --out writes, checked now rather than after the work.
    let out_path = request.out.as_deref().map(out_target).transpose()?;
    let mut heaps = match &request.resume {
        Some(path) => {
            let heaps = load(path, &sequence)?;
            let count = heaps.len() - sequence.offset();
            let checked = if heaps.len() <= CHECKED_HEAD {
                "its checksum and every value checked".to_string()
            } else {
                format!("its checksum verified over every value, the first {CHECKED_HEAD}, the last {CHECKED_TAIL} and {CHECKED_SPOT} others recomputed")
            };
            eprintln!(
                "noughts: resuming from {} ({count} values): {checked}",
                crate::notation::escape_all(&path.display().to_string())
            );
            heaps
        }
        None => Vec::new(),
    };
    let mut checkpoint = match &request.checkpoint {
        Some(path) => {
            let (checkpoint, loaded) =
                checkpoint::Checkpoint::open(path, &sequence, request.method.word())?;
            say_resuming(path, &loaded, &sequence);
            checkpoint.refuse_short(wanted, &sequence)?;
            heaps = loaded.heaps;
            Some(checkpoint)
        }
        None => None,
    };
    let threads = workers(request.threads);
    compute(
        &sequence,
        &mut heaps,
        wanted,
        Computing {
            method: request.method,
            threads,
            out_path: out_path.as_deref(),
            checkpoint: checkpoint.as_mut(),
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
    if request.records {
        let document = records::records(&sequence, &heaps[..end]);
        let text = serde_json::to_string_pretty(&document).map_err(std::io::Error::other)?;
        writeln!(out, "{text}")?;
    } else if request.sha256 {
        writeln!(out, "{}", sha256(values))?;
    } else if request.stats || until_period.is_some() {
        let figures = stats_report(&sequence, &heaps[..end]);
        if request.json {
            json::write_line(out, &figures)?;
        } else {
            out.write_all(report(&sequence, &figures).as_bytes())?;
        }
    } else if request.out.is_none() {
        // Streamed: 2^31 values would be gigabytes as one string.
        for g in values {
            writeln!(out, "{g}")?;
        }
    }
    Ok(())
}

/// `noughts: resuming from FILE (what was checked)`, when it held anything.
fn say_resuming(path: &Path, loaded: &checkpoint::Loaded, sequence: &Sequence) {
    if loaded.held > 0 || loaded.dropped > 0 {
        eprintln!(
            "noughts: resuming from {} ({})",
            crate::notation::escape_all(&path.display().to_string()),
            loaded.words(sequence)
        );
    }
}

/// The SHA-256 of `values` as u16 little-endian, in hexadecimal: what
/// published tables carry so that anyone can check a computation.
pub fn sha256(values: &[u16]) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hash_values(&mut hasher, values);
    hex(&hasher.finalize())
}

/// `values` into `hasher` as u16 little-endian, a stretch at a time.
fn hash_values(hasher: &mut sha2::Sha256, values: &[u16]) {
    use sha2::Digest;
    for chunk in values.chunks(1 << 16) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|g| g.to_le_bytes()).collect();
        hasher.update(&bytes);
    }
}

/// Bytes in lowercase hexadecimal, as hashes are published.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The threads a run uses: those asked for (default: one per core), but
/// never more than the cores — a thread without a core only waits, and
/// makes the others wait for it.
fn workers(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(cores).clamp(1, cores())
}

/// How often a run without a progress bar says how far it is.
const SAY_EVERY: Duration = Duration::from_secs(60);

/// `G(0) … G(k) known of N (r values/s), about t left` (the estimate of
/// [`super::progress::Eta`]: the cost of a value grows as the table does).
fn progress_words(known: u64, total: u64, eta: &super::progress::Eta) -> String {
    let rate = eta.rate().map_or_else(
        || "rate not known yet".into(),
        |r| format!("{r:.0} values/s"),
    );
    let left = eta.left().map_or_else(
        || "the time left is not known yet".into(),
        |s| format!("about {} left", super::progress::duration_words(s)),
    );
    format!(
        "G(0) … G({}) known of {total} ({rate}), {left}",
        known.saturating_sub(1)
    )
}

/// `NOUGHTS_GRUNDY_TRACE=FILE`: the values on one thread by the fast
/// method, timed, and the times written to FILE, a line a batch: its first
/// heap, its far part's nanoseconds, then each heap's near part's.
fn traced(
    sequence: &Sequence,
    heaps: &mut Vec<u16>,
    wanted: usize,
    path: &Path,
) -> Result<(), Error> {
    let trace = crate::solver::grundy::one_thread_traced(sequence.game(), heaps, wanted)
        .map_err(Error::TooLarge)?;
    let mut text = String::from("# first heap, far part ns, each heap's near part ns\n");
    for batch in &trace {
        use std::fmt::Write as _;
        let _ = write!(text, "{} {}", batch.first, batch.far_ns);
        for near in &batch.near_ns {
            let _ = write!(text, " {near}");
        }
        text.push('\n');
    }
    crate::store::write_atomically(path, &text).map_err(|error| Error::Write {
        option: format!(
            "NOUGHTS_GRUNDY_TRACE={}",
            crate::notation::escape_all(&path.display().to_string())
        ),
        error,
    })
}

/// How [`compute`] works.
struct Computing<'a> {
    method: Method,
    threads: usize,
    /// Where checkpoints go.
    out_path: Option<&'a Path>,
    /// The append-only checkpoint, if any.
    checkpoint: Option<&'a mut checkpoint::Checkpoint>,
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
    options: Computing,
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
    // For the wavefront model (benches/wavefront-model.py): one thread,
    // each batch's far part and each heap's near part timed, to a file.
    if let Some(path) = std::env::var_os("NOUGHTS_GRUNDY_TRACE") {
        // Only a plain run: a trace left in the environment must not turn
        // a survey or a checkpointed run into one that saves nothing.
        let plain = matches!(options.method, Method::Fast)
            && options.out_path.is_none()
            && options.checkpoint.is_none()
            && options.until_period.is_none();
        if !plain {
            return Err(Error::Range(
                "NOUGHTS_GRUNDY_TRACE times a plain `grundy N` run only (no --out, \
                 --checkpoint, --until-period, --survey or --method naive): unset it"
                    .into(),
            ));
        }
        return traced(sequence, heaps, wanted, Path::new(&path));
    }

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
    let started = Instant::now();
    let counted_from = position(start);
    let total = position(wanted);
    let mut last_said = Instant::now();
    let every = checkpoint_every();
    let mut next_look = 0;
    let mut failed_save = None;
    let mut checkpoint = options.checkpoint;
    // With --out or --checkpoint, an interrupt saves what is known and
    // stops (a second one stops at once).
    let interrupted = Arc::new(AtomicBool::new(false));
    if options.out_path.is_some() || checkpoint.is_some() {
        super::interrupt::watch(&interrupted);
    }
    let mut eta = super::progress::Eta::new(counted_from, total);
    let mut watch = |known: &[u16]| {
        bar.set_position(position(known.len()));
        eta.record(started.elapsed().as_secs_f64(), position(known.len()));
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
        if last_checkpoint.elapsed() >= every {
            let saved = match (options.out_path, checkpoint.as_deref_mut()) {
                (Some(path), _) => save(path, sequence, known),
                (None, Some(checkpoint)) => checkpoint.append(known),
                (None, None) => Ok(()),
            };
            if let Err(e) = saved {
                failed_save = Some(e);
                return ControlFlow::Break(());
            }
            last_checkpoint = Instant::now();
            // No bar where standard error is a log: a line a minute says
            // how far the run is and how long it has to go.
            if bar.is_hidden() && last_said.elapsed() >= SAY_EVERY {
                last_said = Instant::now();
                eprintln!(
                    "noughts: {}",
                    progress_words(position(known.len()), total, &eta)
                );
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
    // Every value found is kept, whatever happens next.
    if let Some(checkpoint) = checkpoint {
        checkpoint.append(heaps)?;
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
    if interrupted.load(Ordering::Relaxed) {
        bar.abandon();
        let known = heaps.len().saturating_sub(sequence.offset());
        let (path, how) = match options.out_path {
            Some(path) => {
                save(path, sequence, heaps)?;
                (path.display().to_string(), "--resume with it")
            }
            None => ("the checkpoint".to_string(), "the same command"),
        };
        return Err(Error::Interrupted(format!(
            "interrupted: wrote G(0) … G({}) to {} ({how} continues)",
            known.saturating_sub(1),
            crate::notation::escape_all(&path)
        )));
    }
    bar.finish_and_clear();
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
            checkpoint: None,
            sha256: false,
            records: false,
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
    fn a_run_without_a_bar_says_its_rate_and_time_left() {
        // 200 values a second for 1,000 s, from 1,000 values: steady.
        let mut eta = crate::cli::progress::Eta::new(1_000, 1_201_000);
        for second in 1..=1_000u32 {
            eta.record(f64::from(second), 1_000 + 200 * u64::from(second));
        }
        let words = progress_words(201_000, 1_201_000, &eta);
        assert!(
            words.starts_with("G(0) … G(200999) known of 1201000 (200 values/s)"),
            "{words}"
        );
        assert!(words.ends_with("about 1h23m20s left"), "{words}");
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
