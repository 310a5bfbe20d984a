//! `--survey --games LIST [--results DIR] [--shard K/N]` and `--merge DIR`:
//! many games, each computed until its period is proved or `--max` values
//! are known, with what the public tables say of it.
//!
//! With `--results`, each game has three files in DIR, named by its code:
//! `CODE.values` (the checkpoint: the values as they are found, so a run
//! killed at any moment goes on from there), `CODE.json` (one line: the
//! figures, written whole once the game is done) and `CODE.lock` (held
//! while a run computes it). A re-run skips the games done for that
//! `--max` and resumes the others. `--shard K/N` takes the K-th of N
//! deterministic shares, balanced by the values each game is expected to
//! need: the shard index is all that machines running a survey share,
//! besides the folder (GNU parallel, Slurm job arrays: `contrib/slurm/`).

use super::checkpoint::Checkpoint;
use super::compare::{compare, Comparison, NOTHING_PUBLISHED};
use super::report::{stats_report, StatsReport};
use super::tables;
use super::{compute, sha256, workers, Computing, Method, LARGEST_N, LARGEST_N_WORDS};
use crate::cli::Error;
use crate::notation::octal::code;
use crate::notation::{escape_all, InputError};
use crate::solver::grundy::Sequence;
use crate::solver::octal::OctalGame;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The longest games list, and the longest result line, read.
const LONGEST_LIST: u64 = 1 << 20;
const LONGEST_RESULT: u64 = 1 << 20;

/// `--shard K/N`: the K-th (from 1) of N shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The most shares a survey is cut into.
const MOST_SHARDS: usize = 100_000;

/// `K/N` with 1 ≤ K ≤ N.
pub fn shard_arg(text: &str) -> Result<Shard, InputError> {
    let Some((k, n)) = text.split_once('/') else {
        return Err(InputError::at_column(
            1,
            format!(
                "expected K/N (the K-th of N shares, such as 3/8), found {}",
                crate::notation::quoted(text)
            ),
        ));
    };
    let index = crate::notation::count_arg(k)?;
    let count = crate::notation::count_arg(n).map_err(|mut e| {
        e.column += k.chars().count() + 1;
        e
    })?;
    if count == 0 || count > MOST_SHARDS || index == 0 || index > count {
        return Err(InputError::at_column(
            1,
            format!("expected K/N with 1 <= K <= N <= {MOST_SHARDS}, found {k}/{n}"),
        ));
    }
    Ok(Shard { index, count })
}

/// What `--survey --games` was asked.
#[derive(Debug, Clone)]
pub struct SurveyRequest {
    /// A named set ([`tables::SETS`]) or a file of codes, one a line.
    pub games: String,
    pub results: Option<PathBuf>,
    pub max: usize,
    pub shard: Option<Shard>,
    pub threads: Option<usize>,
}

/// A game of the list: its code as noughts writes it, and the game.
#[derive(Debug, Clone)]
pub struct Listed {
    pub code: String,
    pub game: OctalGame,
}

/// The games `--games` names, each once, in the order given.
pub fn games_list(arg: &str) -> Result<Vec<Listed>, Error> {
    let codes: Vec<(usize, String)> = match tables::set(arg) {
        Some(codes) => codes.into_iter().map(|c| (0, c)).collect(),
        None => {
            let path = Path::new(arg);
            let read_error = |error| Error::Read {
                source: escape_all(arg),
                error,
            };
            let text = crate::store::read_bounded(path, LONGEST_LIST)
                .map_err(read_error)?
                .ok_or_else(|| {
                    read_error(std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        format!("no such file (and not a set: {})", tables::SETS.join(", ")),
                    ))
                })?;
            text.lines()
                .enumerate()
                .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or("").to_string()))
                .filter(|(_, line)| !line.trim().is_empty())
                .collect()
        }
    };
    let mut games: Vec<Listed> = Vec::new();
    let mut seen = HashSet::new();
    for (line, text) in codes {
        let trimmed = text.trim();
        let lead = text.chars().count() - text.trim_start().chars().count();
        let game: OctalGame = trimmed.parse().map_err(|mut e: InputError| {
            e.line = line.max(1);
            e.column += lead;
            Error::Option {
                option: format!("--games {}", escape_all(arg)),
                error: e,
            }
        })?;
        let code = code(&game);
        if seen.insert(code.clone()) {
            games.push(Listed { code, game });
        }
    }
    if games.is_empty() {
        return Err(Error::Option {
            option: format!("--games {}", escape_all(arg)),
            error: InputError::at_column(1, "expected at least one game code, found none"),
        });
    }
    Ok(games)
}

/// The values a game is expected to need: up to the proof of its published
/// period, or `max`.
pub fn expected_values(listed: &Listed, max: usize) -> usize {
    let published = tables::find(&listed.code);
    match (
        published.and_then(|p| p.preperiod),
        published.and_then(|p| p.period),
    ) {
        (Some(pre), Some(period)) => {
            let take = listed.game.periodicity_take().unwrap_or(0);
            (2 * pre.max(1) + 2 * period + take + 1).min(max)
        }
        _ => max,
    }
}

/// The games of shard `shard`: the longest first, each to the share with
/// the least expected work so far (ties: the lower share, then the code),
/// so every machine gets its share of the long ones, and the shares do
/// not depend on the order of the list.
pub fn share(games: &[Listed], max: usize, shard: Shard) -> Vec<Listed> {
    // Each game's cost once; the least loaded share at hand in a heap.
    let mut order: Vec<(u128, &Listed)> = games
        .iter()
        .map(|g| (expected_values(g, max) as u128, g))
        .collect();
    order.sort_by(|(a, ga), (b, gb)| b.cmp(a).then_with(|| ga.code.cmp(&gb.code)));
    let mut loads: BinaryHeap<Reverse<(u128, usize)>> =
        (0..shard.count).map(|k| Reverse((0, k))).collect();
    let mut mine = HashSet::new();
    for (cost, game) in order {
        let Some(Reverse((load, least))) = loads.pop() else {
            break;
        };
        loads.push(Reverse((load + cost.max(1), least)));
        if least + 1 == shard.index {
            mine.insert(game.code.as_str());
        }
    }
    // In the order of the list.
    games
        .iter()
        .filter(|g| mine.contains(g.code.as_str()))
        .cloned()
        .collect()
}

/// One game's line in the results folder: the `--stats --json` figures,
/// and how they were found and how they compare with the public tables.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameResult {
    #[serde(flatten)]
    pub figures: StatsReport,
    /// The `--max` of the run that wrote it.
    pub max: usize,
    /// SHA-256 of the values, u16 little-endian.
    pub sha256: String,
    /// Why it stopped before `max` without a period (a value too large).
    pub stopped: Option<String>,
    /// Seconds this run computed, from `resumed_from` values.
    pub seconds: f64,
    pub resumed_from: usize,
    pub threads: usize,
    /// The public tables' row and what differs from it.
    pub published: Option<Comparison>,
}

impl GameResult {
    /// Whether a run with this `max` has nothing left to do.
    fn done_for(&self, max: usize) -> bool {
        self.max >= max || self.figures.period.is_some() || self.stopped.is_some()
    }
}

/// `noughts grundy --survey --games …`.
pub fn survey(request: &SurveyRequest, out: &mut impl Write) -> Result<(), Error> {
    if request.max > LARGEST_N {
        return Err(Error::Range(format!(
            "--max = {}: at most {LARGEST_N} values ({LARGEST_N_WORDS}) in one run",
            request.max
        )));
    }
    let games = games_list(&request.games)?;
    let games = match request.shard {
        Some(shard) => share(&games, request.max, shard),
        None => games,
    };
    let threads = workers(request.threads);
    let Some(folder) = &request.results else {
        // No folder: computed in memory, printed as --merge prints.
        let mut results = Vec::new();
        for listed in &games {
            let mut heaps = Vec::new();
            results.push(run_game(listed, &mut heaps, None, request.max, threads)?);
        }
        return write_table(&results, out);
    };
    // Made when missing (as `mkdir -p`): a survey's first shard may be the
    // first to use it.
    if !folder.is_dir() {
        std::fs::create_dir_all(folder).map_err(|error| Error::Unwritable {
            option: format!("--results {}", escape_all(&folder.display().to_string())),
            error,
        })?;
    }
    let mut failed = 0;
    for listed in &games {
        match survey_one(listed, folder, request, threads, out)? {
            Kept::Done => {}
            Kept::Failed => failed += 1,
        }
        // Each game's line as it is done: a survey runs for hours, into a
        // log, and may be stopped at any moment.
        out.flush()?;
    }
    if failed > 0 {
        return Err(Error::Write {
            option: format!("--results {}", escape_all(&folder.display().to_string())),
            error: std::io::Error::other(format!(
                "{failed} of {} games could not be computed (said above); the others were",
                games.len()
            )),
        });
    }
    Ok(())
}

/// How one game of a survey with a results folder went.
enum Kept {
    /// Computed, found done, or being computed by another run.
    Done,
    /// A file of its own could neither be used nor set aside: said, and
    /// the survey went on.
    Failed,
}

/// One game of a survey into `folder`. Every file of the game's own that
/// does not read — its lock, its result line, its kept values, whether
/// junk, damaged, another game's, a link, a FIFO or a folder — is set aside
/// under a fresh name (never deleted, never written through), said, and the
/// game computed again; the survey goes on with the next game whatever
/// happens to this one's files.
fn survey_one(
    listed: &Listed,
    folder: &Path,
    request: &SurveyRequest,
    threads: usize,
    out: &mut impl Write,
) -> Result<Kept, Error> {
    let shown = |p: &Path| escape_all(&p.display().to_string());
    let code = escape_all(&listed.code);
    let stem = file_stem(&listed.code);
    let json_path = folder.join(format!("{stem}.json"));
    let lock_path = folder.join(format!("{stem}.lock"));
    let values_path = folder.join(format!("{stem}.values"));
    // Says what was wrong with `path` and sets it aside; false when it
    // could not be (the game is then left alone).
    let aside = |path: &Path, why: &str, out: &mut dyn Write| -> Result<bool, Error> {
        let outcome = crate::store::set_aside(path);
        let words = crate::store::set_aside_words(&outcome);
        if outcome.is_ok() {
            writeln!(
                out,
                "{code}: {} {why}; {words}, computed again",
                shown(path)
            )?;
        } else {
            writeln!(out, "{code}: {} {why}; {words}: not computed", shown(path))?;
        }
        Ok(outcome.is_ok())
    };
    // A link, FIFO or folder at the lock's name is set aside, then tried
    // again once.
    let mut taken = crate::store::Lock::try_take(&lock_path);
    if let Err(e) = &taken {
        if crate::store::is_not_a_file(e) {
            if !aside(&lock_path, &format!("is not a lock file ({e})"), out)? {
                return Ok(Kept::Failed);
            }
            taken = crate::store::Lock::try_take(&lock_path);
        }
    }
    let lock = match taken {
        Ok(lock) => lock,
        Err(e) => {
            writeln!(
                out,
                "{code}: {} cannot be locked ({e}): not computed",
                shown(&lock_path)
            )?;
            return Ok(Kept::Failed);
        }
    };
    let Some(_lock) = lock else {
        writeln!(out, "{code}: another run is computing it")?;
        return Ok(Kept::Done);
    };
    match read_result(&json_path) {
        Ok(Some(done)) if done.done_for(request.max) => {
            writeln!(out, "{code}: done already ({})", summary(&done))?;
            return Ok(Kept::Done);
        }
        Ok(_) => {}
        Err(e) => {
            if !aside(
                &json_path,
                &format!("does not read ({})", error_words(&e)),
                out,
            )? {
                return Ok(Kept::Failed);
            }
        }
    }
    let sequence = Sequence::heaps(listed.game.clone());
    let method = Method::Fast.word();
    // A read-only file cannot take the values still to come: set aside too.
    let opened = match Checkpoint::open(&values_path, &sequence, method) {
        Ok((_, loaded)) if loaded.read_only => Err(Error::Unwritable {
            option: String::new(),
            error: std::io::Error::new(std::io::ErrorKind::PermissionDenied, "read-only"),
        }),
        other => other,
    };
    let opened = match opened {
        Ok(opened) => opened,
        Err(e) => {
            if !aside(
                &values_path,
                &format!("cannot be used ({})", error_words(&e)),
                out,
            )? {
                return Ok(Kept::Failed);
            }
            match Checkpoint::open(&values_path, &sequence, method) {
                Ok(opened) => opened,
                Err(e) => {
                    writeln!(out, "{code}: {}: not computed", error_words(&e))?;
                    return Ok(Kept::Failed);
                }
            }
        }
    };
    let (mut checkpoint, loaded) = opened;
    if loaded.dropped > 0 {
        writeln!(
            out,
            "{code}: resuming from {} ({})",
            shown(&values_path),
            loaded.words(&sequence)
        )?;
    }
    let mut heaps = loaded.heaps;
    let result = run_game(
        listed,
        &mut heaps,
        Some(&mut checkpoint),
        request.max,
        threads,
    )?;
    let mut line = serde_json::to_string(&result).map_err(std::io::Error::other)?;
    line.push('\n');
    crate::store::write_atomically(&json_path, &line).map_err(|error| Error::Write {
        option: format!("--results {}", shown(&json_path)),
        error,
    })?;
    writeln!(out, "{code}: {}", summary(&result))?;
    Ok(Kept::Done)
}

/// An error's words without the option it would name (the survey names
/// the file itself).
fn error_words(e: &Error) -> String {
    match e {
        Error::Option { error, .. } => error.to_string(),
        Error::Read { error, .. }
        | Error::Write { error, .. }
        | Error::Unwritable { error, .. } => error.to_string(),
        other => other.to_string(),
    }
}

/// `0.04` → `0.04`, `4.` → `4`: the files' names.
fn file_stem(code: &str) -> &str {
    code.trim_end_matches('.')
}

/// One game computed (from the values in `heaps`) and compared.
fn run_game(
    listed: &Listed,
    heaps: &mut Vec<u16>,
    checkpoint: Option<&mut Checkpoint>,
    max: usize,
    threads: usize,
) -> Result<GameResult, Error> {
    let sequence = Sequence::heaps(listed.game.clone());
    let resumed_from = heaps.len();
    let started = Instant::now();
    let computed = compute(
        &sequence,
        heaps,
        max,
        Computing {
            method: Method::Fast,
            threads,
            out_path: None,
            checkpoint,
            until_period: listed.game.periodicity_take(),
        },
    );
    let stopped = match computed {
        Ok(()) => None,
        Err(Error::TooLarge(e)) => Some(e.to_string()),
        Err(other) => return Err(other),
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut values = &heaps[..heaps.len().min(max)];
    let mut figures = stats_report(&sequence, values);
    // A checkpoint may hold values past the proof of the period (it is
    // saved every few seconds, the period looked for less often): the
    // result is that of the values up to the proof, as a run never
    // stopped gives it.
    if let Some(proved) = figures.period.as_ref().map(|p| p.proved_up_to + 1) {
        if proved < values.len() {
            values = &values[..proved];
            figures = stats_report(&sequence, values);
        }
    }
    let published = tables::find(&listed.code).map(|p| compare(p, &sequence, values, &figures));
    Ok(GameResult {
        figures,
        max,
        sha256: sha256(values),
        stopped,
        seconds: (seconds * 1000.0).round() / 1000.0,
        resumed_from,
        threads,
        published,
    })
}

/// `G(0) … G(k), period p from q (12.3 s)` and the like.
fn summary(result: &GameResult) -> String {
    let f = &result.figures;
    let values = match f.values {
        0 => "no values".to_string(),
        n => format!("G(0) … G({})", n - 1),
    };
    let period = match (&f.period, &result.stopped) {
        (Some(p), _) => format!("period {} from {}", p.period, p.preperiod),
        (None, Some(why)) => format!("stopped: {why}"),
        (None, None) if !f.period_checked => "period not checked".into(),
        (None, None) => "no period proved".into(),
    };
    let published = match &result.published {
        None => String::new(),
        Some(c) if c.compared == NOTHING_PUBLISHED => {
            format!(", in the {} table ({NOTHING_PUBLISHED})", c.table.word())
        }
        Some(c) if c.differences.is_empty() => {
            format!(", as the {} table ({})", c.table.word(), c.compared)
        }
        Some(c) => format!(
            ", differs from the {} table: {}",
            c.table.word(),
            c.differences.join("; ")
        ),
    };
    format!("{values}, {period}{published} ({:.1} s)", result.seconds)
}

/// A result file, if there is one, checked (see [`GameResult::checked`]);
/// one that does not read is an error naming it.
pub(super) fn read_result(path: &Path) -> Result<Option<GameResult>, Error> {
    let source = escape_all(&path.display().to_string());
    let invalid = |words: String| Error::Read {
        source: source.clone(),
        error: std::io::Error::new(std::io::ErrorKind::InvalidData, words),
    };
    let text = match crate::store::read_bounded(path, LONGEST_RESULT) {
        Ok(Some(text)) => text,
        Ok(None) => return Ok(None),
        Err(error) => return Err(Error::Read { source, error }),
    };
    let result: GameResult =
        serde_json::from_str(&text).map_err(|e| invalid(crate::store::json_error(&e)))?;
    result.checked().map(Some).map_err(invalid)
}

impl GameResult {
    /// The result if its numbers are possible ones: a game code that
    /// reads, counts within what a run computes, figures within the
    /// values, a SHA-256 of 64 hexadecimal digits. A line edited into
    /// nonsense is refused, never published.
    fn checked(self) -> Result<GameResult, String> {
        let f = &self.figures;
        let most = LARGEST_N + 2;
        let fails = |what: &str| Err(format!("{what}: not a result of a survey"));
        if f.game != "grundy"
            && f.game
                .parse::<OctalGame>()
                .map(|g| code(&g))
                .ok()
                .as_deref()
                != Some(f.game.as_str())
        {
            return fails(&format!(
                "the game {} is not a code as noughts writes it",
                crate::notation::quoted(&f.game)
            ));
        }
        if f.values > most || self.max > most || self.resumed_from > most.max(f.values) {
            return fails(&format!("a count past {LARGEST_N_WORDS} values"));
        }
        if f.first_largest_at.is_some_and(|at| at >= f.values) || f.distinct > f.values {
            return fails("figures past its values");
        }
        if let Some(p) = &f.period {
            if p.period == 0 || p.proved_up_to >= f.values || p.preperiod > p.proved_up_to {
                return fails("a period its values cannot prove");
            }
        }
        if let Some(rc) = &f.rare_common {
            if rc.rare > f.values || rc.last_rare >= f.values.max(1) {
                return fails("rare heaps past its values");
            }
        }
        if self.sha256.len() != 64
            || !self
                .sha256
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        {
            return fails("a SHA-256 that is not 64 hexadecimal digits");
        }
        if !self.seconds.is_finite()
            || self.seconds < 0.0
            || self.threads > usize::from(super::MOST_THREADS)
        {
            return fails("a time or a thread count out of range");
        }
        Ok(self)
    }
}

/// The results in the public tables' columns, then pre-period, period and
/// how they compare, as a Markdown table.
pub(super) fn write_table(results: &[GameResult], out: &mut impl Write) -> Result<(), Error> {
    let mut rows = vec![[
        "game",
        "n",
        "largest idx",
        "largest",
        "rare mask",
        "num rare",
        "last rare",
        "pre-period",
        "period",
        "public tables",
    ]
    .map(String::from)];
    let text = |v: Option<String>| v.unwrap_or_default();
    for r in results {
        let f = &r.figures;
        let split = f.rare_common.as_ref();
        let (pre, period) = match (&f.period, &r.stopped) {
            (Some(p), _) => (p.preperiod.to_string(), p.period.to_string()),
            (None, Some(_)) => (String::new(), "stopped: value too large".into()),
            (None, None) if !f.period_checked => (String::new(), "not checked".into()),
            (None, None) => (String::new(), "none proved".into()),
        };
        let public = match &r.published {
            None => "not listed".to_string(),
            Some(c) if c.compared == NOTHING_PUBLISHED => {
                format!("{}: {NOTHING_PUBLISHED}", c.table.word())
            }
            Some(c) if c.differences.is_empty() => {
                format!("{}: agrees ({})", c.table.word(), c.compared)
            }
            Some(c) => format!("{}: {}", c.table.word(), c.differences.join("; ")),
        };
        rows.push([
            f.game.clone(),
            f.values.to_string(),
            text(f.first_largest_at.map(|v| v.to_string())),
            text(f.largest.map(|v| v.to_string())),
            text(split.map(|s| format!("{:x}", s.mask))),
            text(split.map(|s| s.rare.to_string())),
            text(split.map(|s| s.last_rare.to_string())),
            pre,
            period,
            public,
        ]);
    }
    // What a results file says is printed escaped: it may hold anything.
    for row in rows.iter_mut().skip(1) {
        for cell in row.iter_mut() {
            *cell = escape_all(cell);
        }
    }
    super::report::markdown_table(&rows, out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(codes: &[&str]) -> Vec<Listed> {
        codes
            .iter()
            .map(|c| {
                let game: OctalGame = c.parse().unwrap();
                Listed {
                    code: code(&game),
                    game,
                }
            })
            .collect()
    }

    #[test]
    fn shards_read_back() {
        assert_eq!(shard_arg("3/8"), Ok(Shard { index: 3, count: 8 }));
        for bad in ["0/4", "5/4", "1/0", "3", "a/4", "3/x", "1/100001"] {
            assert!(shard_arg(bad).is_err(), "{bad}");
        }
        assert_eq!(shard_arg("3/x").unwrap_err().column, 3);
    }

    #[test]
    fn the_shares_cover_every_game_once_whatever_the_order() {
        let games = games_list("public").unwrap();
        let max = 1 << 20;
        for count in [1, 2, 3, 7, 16, 200] {
            let shares: Vec<Vec<Listed>> = (1..=count)
                .map(|index| share(&games, max, Shard { index, count }))
                .collect();
            let mut seen: Vec<&str> = shares.iter().flatten().map(|g| g.code.as_str()).collect();
            assert_eq!(seen.len(), games.len(), "{count} shares");
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), games.len(), "{count} shares: a game twice");
            // The list backwards gives each share the same games.
            let mut reversed = games.clone();
            reversed.reverse();
            for (k, mine) in shares.iter().enumerate() {
                let again = share(
                    &reversed,
                    max,
                    Shard {
                        index: k + 1,
                        count,
                    },
                );
                let mut a: Vec<&str> = mine.iter().map(|g| g.code.as_str()).collect();
                let mut b: Vec<&str> = again.iter().map(|g| g.code.as_str()).collect();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b);
            }
            // Balanced: no share expects more than the largest game over
            // an even split.
            let load = |s: &[Listed]| -> usize { s.iter().map(|g| expected_values(g, max)).sum() };
            let total: usize = games.iter().map(|g| expected_values(g, max)).sum();
            let largest = games.iter().map(|g| expected_values(g, max)).max().unwrap();
            for s in &shares {
                assert!(load(s) <= total / count + largest, "{count} shares");
            }
        }
    }

    #[test]
    fn a_games_file_names_the_line_and_column_of_a_bad_code() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("games.txt");
        // The 8 of "  0.8" is the fifth character of line 4.
        std::fs::write(&file, "# mine\n0.77\n\n  0.8 # no\n").unwrap();
        let Err(Error::Option { error, .. }) = games_list(file.to_str().unwrap()) else {
            panic!("read");
        };
        assert_eq!((error.line, error.column), (4, 5), "{error}");
        std::fs::write(&file, "0.77\nkayles\n.07 # Dawson\n").unwrap();
        let games = games_list(file.to_str().unwrap()).unwrap();
        let codes: Vec<&str> = games.iter().map(|g| g.code.as_str()).collect();
        assert_eq!(codes, ["0.77", "0.07"]);
        std::fs::write(&file, "# none\n").unwrap();
        assert!(games_list(file.to_str().unwrap()).is_err());
        assert!(games_list("no-such-set-or-file").is_err());
    }

    #[test]
    fn expected_values_follow_the_published_period() {
        let games = listed(&["0.45", "0.04"]);
        // 0.45: period 20 from 498, largest take 2.
        assert_eq!(
            expected_values(&games[0], 1 << 20),
            2 * 498 + 2 * 20 + 2 + 1
        );
        assert_eq!(expected_values(&games[1], 1 << 20), 1 << 20);
    }
}
