//! Every puzzle tried, kept in the data folder beside the records
//! (`puzzle-history.json`, one file for every game), under the records'
//! guarantees: written whole or not at all (a new file renamed over the
//! old), under their lock (only tried: held elsewhere, the attempts wait in
//! memory), read back with every field checked, and bounded: the newest
//! [`KEPT`] attempts. What is worked out from it is never kept apart, so it
//! can never disagree with it: the missed puzzles that come back
//! ([`comebacks`]) and the rating per theme ([`theme_ratings`]).

use super::trainer::{rated, Rating, RATINGS};
use super::{Attempt, Standing, HINT_STEPS};
use crate::solver::puzzle::{PuzzleGame, PuzzleId};
use crate::store;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The most hints an attempt may say it used: three at each of the
/// positions of the longest N&C+ win (13 moves, 7 of them the player's).
pub const MOST_HINTS: u8 = HINT_STEPS * 7;

/// The attempts kept: the newest this many (about 1 MiB).
pub const KEPT: usize = 5000;

/// The longest a history file may be (more than [`KEPT`] attempts take).
const LONGEST: u64 = 8 << 20;

/// The longest an attempt's time is written as (a puzzle left open over a
/// night is not a day's thought).
pub const LONGEST_SECONDS: u32 = 24 * 3600;

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ended {
    /// Solved with no wrong answer (a hint may have been used: `hints`).
    Solved,
    /// At least one wrong answer, whatever came after.
    Missed,
    /// The solution was shown (`p`, or the last hint), with no wrong answer.
    Shown,
    /// Left unsolved after a hint, with no wrong answer.
    Left,
}

impl Ended {
    /// How it ended, in words: `solved`, `missed`, `solution shown`, `left`.
    pub fn words(self) -> &'static str {
        match self {
            Ended::Solved => "solved",
            Ended::Missed => "missed",
            Ended::Shown => "solution shown",
            Ended::Left => "left after a hint",
        }
    }

    /// How an attempt stands, as it is over or left: `None` for one only
    /// looked at (no answer, no hint), which is not kept.
    pub fn of(attempt: &Attempt) -> Option<Ended> {
        if attempt.wrong > 0 {
            Some(Ended::Missed)
        } else if attempt.standing == Standing::Solved {
            Some(Ended::Solved)
        } else if attempt.shown || attempt.hints >= HINT_STEPS {
            Some(Ended::Shown)
        } else if attempt.hints_given > 0 {
            Some(Ended::Left)
        } else {
            None
        }
    }

    /// Whether the puzzle goes into the missed puzzles that come back.
    pub fn is_miss(self) -> bool {
        matches!(self, Ended::Missed | Ended::Shown)
    }
}

/// The run an attempt was in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunName {
    Streak,
    Timed,
}

impl RunName {
    /// The run's word, as the file writes it: `streak`, `timed`.
    pub fn word(self) -> &'static str {
        match self {
            RunName::Streak => "streak",
            RunName::Timed => "timed",
        }
    }
}

impl From<super::RunKind> for RunName {
    fn from(kind: super::RunKind) -> RunName {
        match kind {
            super::RunKind::Streak => RunName::Streak,
            super::RunKind::Timed => RunName::Timed,
        }
    }
}

/// One attempt at one puzzle, as kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// When it ended: seconds since 1970-01-01 UTC.
    pub at: u64,
    #[serde(with = "id_text")]
    pub id: PuzzleId,
    /// The puzzle's themes, by name (each one of its game's).
    pub themes: Vec<String>,
    pub ended: Ended,
    /// Hint steps shown (an N&C+ win of several moves has three at each
    /// of its positions).
    pub hints: u8,
    /// The solution was shown (`p`, or the last hint), wrong answers or not.
    #[serde(default)]
    pub shown: bool,
    /// Wrong answers.
    pub wrong: u32,
    /// The puzzle's rating (0: none).
    pub puzzle_rating: u16,
    /// Whether it moved the player's rating (outside runs and lessons, once).
    pub rated: bool,
    /// The player's rating for the game before and after.
    pub rating_before: f64,
    pub rating_after: f64,
    /// From the puzzle shown to its end, in whole seconds.
    pub seconds: u32,
    /// The run it was in; none outside runs.
    pub run: Option<RunName>,
    /// Brought back because it was missed before.
    pub again: bool,
}

impl Entry {
    /// The attempt as kept, ended now (`at`), `seconds` after it began,
    /// the player's rating then `after`.
    pub fn of(attempt: &Attempt, ended: Ended, at: u64, after: Rating) -> Entry {
        Entry {
            at,
            id: attempt.id,
            themes: attempt.themes.iter().map(|t| t.name.to_string()).collect(),
            ended,
            hints: attempt.hints_given,
            shown: attempt.shown || attempt.hints >= HINT_STEPS,
            wrong: attempt.wrong,
            puzzle_rating: attempt.rating,
            rated: attempt.rated,
            rating_before: attempt.rating_before,
            rating_after: after.rating,
            seconds: attempt
                .started
                .elapsed()
                .as_secs()
                .min(LONGEST_SECONDS.into()) as u32,
            run: attempt.run.map(RunName::from),
            again: attempt.again,
        }
    }

    /// What is wrong with an entry read back, if anything: a theme its
    /// game does not have, a number out of its range.
    fn trouble(&self) -> Option<String> {
        let themes = self.id.game.themes();
        if let Some(unknown) = (self.themes.iter()).find(|t| !themes.iter().any(|k| k.name == **t))
        {
            return Some(format!(
                "{}: no theme {}",
                self.id,
                crate::notation::escaped(unknown)
            ));
        }
        let checks = [
            (self.hints <= MOST_HINTS, "hints"),
            (RATINGS.contains(&self.rating_before), "rating_before"),
            (RATINGS.contains(&self.rating_after), "rating_after"),
            (self.seconds <= LONGEST_SECONDS, "seconds"),
            (self.puzzle_rating <= 5000, "puzzle_rating"),
            (self.ended != Ended::Missed || self.wrong > 0, "wrong"),
        ];
        (checks.iter().find(|(ok, _)| !ok))
            .map(|(_, field)| format!("{}: {field} out of range", self.id))
    }
}

/// The file as written: a version, then the attempts, oldest first.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    version: u32,
    attempts: Vec<Entry>,
}

const VERSION: u32 = 1;

mod id_text {
    use crate::solver::puzzle::PuzzleId;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(id: &PuzzleId, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(id)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PuzzleId, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|e: crate::notation::InputError| serde::de::Error::custom(e.message))
    }
}

/// The history's file in `folder`.
pub fn file_in(folder: &Path) -> PathBuf {
    folder.join("puzzle-history.json")
}

/// The attempts kept in `file`, oldest first; none when there is no file
/// yet. A file that does not read, or one entry out of range, is an error
/// (whole or not at all: nothing in it is trusted then).
pub fn read(file: &Path) -> Result<Vec<Entry>, String> {
    let Some(text) = store::read_bounded(file, LONGEST).map_err(|e| e.to_string())? else {
        return Ok(Vec::new());
    };
    if text.trim().is_empty() {
        return Err("the file is empty".into());
    }
    let document: Document = serde_json::from_str(&text).map_err(|e| store::json_error(&e))?;
    if document.version != VERSION {
        return Err(format!(
            "version {} (this noughts reads version {VERSION})",
            document.version
        ));
    }
    if document.attempts.len() > KEPT {
        return Err(format!(
            "{} attempts (at most {KEPT} are kept)",
            document.attempts.len()
        ));
    }
    if let Some(trouble) = document.attempts.iter().find_map(Entry::trouble) {
        return Err(trouble);
    }
    Ok(document.attempts)
}

fn write(file: &Path, attempts: &[Entry]) -> std::io::Result<()> {
    let document = Document {
        version: VERSION,
        attempts: attempts.to_vec(),
    };
    let text = serde_json::to_string(&document).map_err(std::io::Error::other)?;
    store::write_atomically(file, &format!("{text}\n"))
}

/// The history, as kept: what was last read or written, and the attempts
/// waiting for the lock.
#[derive(Debug, Clone, Default)]
pub struct History {
    /// `None`: kept in memory only (tests, no data folder, or a file that
    /// could not be set aside).
    file: Option<PathBuf>,
    attempts: Vec<Entry>,
    /// Attempts not yet written (the lock was held elsewhere).
    pending: Vec<Entry>,
    /// Why the history could not be read or kept (the panel's heading
    /// shows it while it stands).
    pub trouble: Option<String>,
    /// The lock was found held: attempts wait in memory.
    waiting: bool,
}

impl History {
    /// The history kept in `folder`, read now. A file that does not read
    /// is set aside under a fresh name, never deleted, and the history
    /// starts afresh; one that cannot be set aside is never written over.
    pub fn kept_in(folder: &Path) -> History {
        let file = file_in(folder);
        let shown = crate::notation::escape_all(&file.display().to_string());
        let why = match read(&file) {
            Ok(attempts) => {
                return History {
                    file: Some(file),
                    attempts,
                    ..History::default()
                }
            }
            Err(why) => why,
        };
        let memory_only = |why: String| History {
            trouble: Some(format!(
                "puzzle history {shown}: {why}; kept in memory only this time"
            )),
            ..History::default()
        };
        // A newer noughts's file is its own: left as it is.
        if newer_version(&file) {
            return memory_only(format!("{why}, made by a newer noughts; left as it is"));
        }
        // Looked at again under the lock before it is set aside: another
        // noughts may be writing it whole this very moment.
        let lock =
            match store::Lock::try_for(&super::trainer::lock_file(&file), store::LOCK_PATIENCE) {
                Ok(Some(lock)) => lock,
                _ => {
                    return memory_only(format!("{why}; its lock is held, so it is left as it is"))
                }
            };
        if let Ok(attempts) = read(&file) {
            return History {
                file: Some(file),
                attempts,
                ..History::default()
            };
        }
        let aside = store::set_aside(&file);
        drop(lock);
        let words = store::set_aside_words(&aside);
        match aside {
            Ok(_) => History {
                file: Some(file),
                trouble: Some(format!(
                    "puzzle history {shown}: {why}; starting afresh ({words})"
                )),
                ..History::default()
            },
            Err(_) => memory_only(format!("{why} ({words})")),
        }
    }

    /// Every attempt, oldest first, with those still waiting to be written.
    pub fn attempts(&self) -> impl DoubleEndedIterator<Item = &Entry> + Clone {
        self.attempts.iter().chain(&self.pending)
    }

    /// One attempt more: written with whatever another noughts added
    /// meanwhile (read, added to and written under the lock), the oldest
    /// dropped past [`KEPT`]. The lock is only tried: held elsewhere, the
    /// attempt waits in memory (and says so) for the next one, or the
    /// app's closing ([`History::flush`]).
    pub fn add(&mut self, entry: Entry) {
        self.pending.push(entry);
        self.write_pending(store::LOCK_PATIENCE);
    }

    /// The attempts still waiting for the lock, written now if it comes
    /// free within a moment (the app closes).
    pub fn flush(&mut self) {
        if !self.pending.is_empty() {
            self.write_pending(std::time::Duration::from_secs(2));
        }
    }

    fn write_pending(&mut self, patience: std::time::Duration) {
        let Some(file) = self.file.clone() else {
            self.attempts.append(&mut self.pending);
            trim(&mut self.attempts);
            return;
        };
        let written = (|| -> Result<Option<Vec<Entry>>, String> {
            if let Some(folder) = file.parent() {
                store::ensure_folder(folder).map_err(|e| e.to_string())?;
            }
            let lock = match store::Lock::try_for(&super::trainer::lock_file(&file), patience) {
                Ok(Some(lock)) => lock,
                Ok(None) => return Ok(None),
                Err(e) => return Err(format!("its lock {e}")),
            };
            let mut attempts = read(&file).map_err(|why| format!("it no longer reads ({why})"))?;
            attempts.extend(self.pending.iter().cloned());
            trim(&mut attempts);
            write(&file, &attempts).map_err(|e| e.to_string())?;
            drop(lock);
            Ok(Some(attempts))
        })();
        let shown = || crate::notation::escape_all(&file.display().to_string());
        match written {
            Ok(Some(attempts)) => {
                self.attempts = attempts;
                self.pending.clear();
                if std::mem::take(&mut self.waiting) {
                    self.trouble = Some(format!("the puzzle history is kept in {} again", shown()));
                }
            }
            // Held by another noughts: said once, kept in memory meanwhile.
            Ok(None) => {
                if !std::mem::replace(&mut self.waiting, true) {
                    self.trouble = Some(format!(
                        "the puzzle history {} is locked by another program: attempts wait in memory until it is free",
                        shown()
                    ));
                }
            }
            Err(why) => {
                self.trouble = Some(format!(
                    "the puzzle history could not be kept in {}: {why}",
                    shown()
                ));
                self.file = None;
                self.attempts.append(&mut self.pending);
                trim(&mut self.attempts);
            }
        }
    }
}

/// Whether `file` says it was written by a newer noughts (a version past
/// [`VERSION`]), whatever else it holds.
fn newer_version(file: &Path) -> bool {
    #[derive(Deserialize)]
    struct Versioned {
        version: u32,
    }
    let text = store::read_bounded(file, LONGEST).ok().flatten();
    text.and_then(|t| serde_json::from_str::<Versioned>(&t).ok())
        .is_some_and(|v| v.version > VERSION)
}

/// The newest [`KEPT`] attempts.
fn trim(attempts: &mut Vec<Entry>) {
    let over = attempts.len().saturating_sub(KEPT);
    attempts.drain(..over);
}

/// After a miss, a puzzle comes back once this many other attempts of its
/// game are kept; after one clean solve since, once [`LATER`] are.
pub const SOON: usize = 3;
pub const LATER: usize = 8;

/// Clean solves in a row that take a missed puzzle off the list.
pub const CLEAN_TO_CLEAR: u8 = 2;

/// A missed puzzle that comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comeback {
    pub id: PuzzleId,
    /// Solved cleanly (no wrong answer, no hint) in a row, lately: a
    /// miss, a hinted solve or a hint left starts the count again.
    pub clean: u8,
    /// Other attempts of its game since it was last tried.
    pub since: usize,
}

impl Comeback {
    /// How many more attempts of its game before it is due back (0: due
    /// now): [`SOON`] after a miss, [`LATER`] after a clean solve.
    pub fn due_in(&self) -> usize {
        let wait = if self.clean == 0 { SOON } else { LATER };
        wait.saturating_sub(self.since)
    }

    /// Whether it is due back now.
    pub fn is_due(&self) -> bool {
        self.due_in() == 0
    }
}

/// The puzzles of `game` missed (a wrong answer, or the solution shown)
/// and not solved cleanly [`CLEAN_TO_CLEAR`] times in a row since, in the
/// order they went on the list (a puzzle missed again keeps its place).
pub fn comebacks<'a>(attempts: impl Iterator<Item = &'a Entry>, game: PuzzleGame) -> Vec<Comeback> {
    let mut list: Vec<(Comeback, usize)> = Vec::new();
    let mut count = 0;
    for entry in attempts.filter(|e| e.id.game == game) {
        let at = list.iter().position(|(c, _)| c.id == entry.id);
        let clean = entry.ended == Ended::Solved && entry.hints == 0;
        match (at, entry.ended.is_miss()) {
            (Some(k), true) => {
                list[k] = (
                    Comeback {
                        clean: 0,
                        ..list[k].0
                    },
                    count,
                )
            }
            (None, true) => list.push((
                Comeback {
                    id: entry.id,
                    clean: 0,
                    since: 0,
                },
                count,
            )),
            (Some(k), false) if clean && list[k].0.clean + 1 >= CLEAN_TO_CLEAR => {
                list.remove(k);
            }
            (Some(k), false) => {
                let kept = if clean { list[k].0.clean + 1 } else { 0 };
                list[k] = (
                    Comeback {
                        clean: kept,
                        ..list[k].0
                    },
                    count,
                );
            }
            (None, false) => {}
        }
        count += 1;
    }
    list.into_iter()
        .map(|(c, last)| Comeback {
            since: count - 1 - last,
            ..c
        })
        .collect()
}

/// A theme's rating, from the rated attempts kept.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeRating {
    pub name: &'static str,
    pub rating: Rating,
    /// Rated attempts of puzzles with the theme, and how many were lost.
    pub tried: u32,
    pub lost: u32,
}

/// The player's rating in each theme of `game` that rated attempts have
/// met: Glicko-2 played over them in order, as the game's own rating is
/// (a solve wins against the puzzle's rating, a miss or a shown solution
/// loses), weakest first.
pub fn theme_ratings<'a>(
    attempts: impl Iterator<Item = &'a Entry>,
    game: PuzzleGame,
) -> Vec<ThemeRating> {
    let mut themes: Vec<ThemeRating> = (game.themes().iter())
        .map(|t| ThemeRating {
            name: t.name,
            rating: Rating::default(),
            tried: 0,
            lost: 0,
        })
        .collect();
    for entry in attempts.filter(|e| e.id.game == game && e.rated && e.puzzle_rating > 0) {
        let won = entry.ended == Ended::Solved;
        for theme in themes
            .iter_mut()
            .filter(|t| entry.themes.iter().any(|n| n == t.name))
        {
            theme.rating = rated(theme.rating, entry.puzzle_rating, won);
            theme.tried += 1;
            theme.lost += u32::from(!won);
        }
    }
    themes.retain(|t| t.tried > 0);
    themes.sort_by(|a, b| a.rating.rating.total_cmp(&b.rating.rating));
    themes
}

#[cfg(test)]
mod tests;
