//! A game's puzzle record: the streak, the counts, the player's rating,
//! how far above or below it the puzzles aim, and the best runs, kept in
//! the data folder, read, changed and written
//! under a lock so that two apps lose none of each other's progress.
//!
//! The rating is Glicko-2 (the `skillratings` crate), on the usual scale (a
//! new player 1500): each puzzle is a game against an opponent of the
//! puzzle's rating, won when solved with no wrong answer and no hint that
//! shows the move, lost otherwise; a puzzle left open counts for nothing.

use super::history::{self, Comeback, Ended, Entry, History, ThemeRating};
use super::run::RunKind;
use super::{Attempt, Standing, HINT_STEPS, SEEDS};
use crate::solver::puzzle::{Choice, PuzzleGame, SplitMix64};
use crate::store;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A game's record in the puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The level older versions chose puzzles by (puzzles are now chosen
    /// near the rating); kept as read, so that they still read the file.
    pub level: u8,
    /// Solved in a row, with no wrong answer and no solution shown.
    pub streak: u32,
    pub best: u32,
    /// Solved with no wrong answer, outside runs (a run counts its own):
    /// as the dashboard and the history count a solve (round 15 read
    /// `solved 1` on the panel beside the dashboard's `0 solved, 1 missed`).
    pub solved: u32,
    /// The player's rating (a record of before ratings reads as new).
    #[serde(default)]
    pub rating: Rating,
    /// How far above the rating (below, when negative) the next puzzles
    /// are chosen: `+` and `-`, in steps of [`AIM_STEP`].
    #[serde(default)]
    pub aim: i16,
    /// The most puzzles solved in one streak run, and in one timed run.
    #[serde(default)]
    pub best_streak_run: u32,
    #[serde(default)]
    pub best_timed_run: u32,
}

/// The most a new rating's puzzles are eased below it ([`Trainer::ease`]).
pub const MOST_EASE: u16 = 350;

/// What `+` and `-` move the aim by, and how far they may take it.
pub const AIM_STEP: i16 = 200;
pub const MOST_AIM: i16 = 600;

/// Where the next puzzles are chosen, in words: `near your rating`,
/// `about 200 above your rating`.
pub fn aim_words(aim: i16) -> String {
    match aim {
        0 => "near your rating".into(),
        a if a > 0 => format!("about {a} above your rating"),
        a => format!("about {} below your rating", a.unsigned_abs()),
    }
}

/// A player's Glicko-2 rating: the rating, how sure it is (the deviation
/// shrinks as puzzles are played) and how much it moves.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A deviation above this marks a rating provisional, as lichess marks it
/// (`1432?`): a new player's first answers move it by a hundred or more.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The most a provisional rating moves on one answer, either way. Glicko-2
/// alone takes 400 or more off a new player's guessed 1500 for one miss of
/// an eased puzzle (rated 1150), while a solve gives under 100: a newcomer
/// read that as punishment. The deviation still shrinks as Glicko-2 says,
/// so the rating settles as fast; it only gets there in smaller steps.
pub const MOST_SWING: f64 = 150.0;

impl Rating {
    /// The rating as the panel writes it: rounded, with `?` while it is
    /// provisional.
    pub fn words(&self) -> String {
        let mark = if self.deviation > PROVISIONAL_DEVIATION {
            "?"
        } else {
            ""
        };
        format!("{}{mark}", self.rating.round())
    }

    /// How far off a provisional rating may be (its deviation, to the
    /// nearest 10), as the panel writes it: `None` once it has settled.
    pub fn uncertainty(&self) -> Option<i32> {
        (self.deviation > PROVISIONAL_DEVIATION)
            .then(|| (self.deviation / 10.0).round() as i32 * 10)
    }
}

/// The ranges a rating read back (or computed) is kept within: what
/// Glicko-2 gives a real player, with room to spare. A number outside them
/// (`1e308`, a negative deviation), or one that is not a number at all,
/// would make the next rating `null` in the file, which no version reads.
pub const RATINGS: std::ops::RangeInclusive<f64> = 0.0..=5000.0;
pub const DEVIATIONS: std::ops::RangeInclusive<f64> = 1.0..=350.0;
pub const VOLATILITIES: std::ops::RangeInclusive<f64> = 0.0001..=1.0;

impl Rating {
    /// The rating with each number in its range (clamped), and a new
    /// player's where one is not a finite number.
    pub fn checked(self) -> Rating {
        let new = Rating::default();
        let within = |x: f64, range: &std::ops::RangeInclusive<f64>, or: f64| {
            if x.is_finite() {
                x.clamp(*range.start(), *range.end())
            } else {
                or
            }
        };
        Rating {
            rating: within(self.rating, &RATINGS, new.rating),
            deviation: within(self.deviation, &DEVIATIONS, new.deviation),
            volatility: within(self.volatility, &VOLATILITIES, new.volatility),
        }
    }
}

impl Progress {
    /// The record with every number in its range: the rating's (see
    /// [`Rating::checked`]) and the aim's; counters are whole numbers
    /// already, and saturate.
    pub fn checked(self) -> Progress {
        Progress {
            rating: self.rating.checked(),
            aim: self.aim.clamp(-MOST_AIM, MOST_AIM),
            best: self.best.max(self.streak),
            ..self
        }
    }
}

impl Default for Rating {
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// How sure a puzzle's rating is, as an opponent's deviation: it is
/// measured, not played in, so fairly sure.
const PUZZLE_DEVIATION: f64 = 80.0;

impl Default for Progress {
    fn default() -> Self {
        Progress {
            level: 1,
            streak: 0,
            best: 0,
            solved: 0,
            rating: Rating::default(),
            aim: 0,
            best_streak_run: 0,
            best_timed_run: 0,
        }
    }
}

/// A change to a record, kept to be made again on the file's record.
type Change = Arc<dyn Fn(&mut Progress) + Send + Sync>;

/// A game's puzzle record, and where it is kept.
#[derive(Clone)]
pub struct Trainer {
    pub game: PuzzleGame,
    progress: Progress,
    /// `None`: kept in memory only (tests, or no data folder).
    file: Option<PathBuf>,
    /// Why the record could not be read or kept (said once, in the panel).
    pub trouble: Option<String>,
    /// The rating's change at the last puzzle rated, while it is shown.
    pub change: Option<i32>,
    /// Whether that change is the first swing of a provisional rating in
    /// this session: the panel says why it is so large, once.
    pub first_swing: bool,
    swing_explained: bool,
    random: SplitMix64,
    /// Changes made while the record's lock was held elsewhere, in order:
    /// made again on the file as it is once the lock is free.
    pending: Vec<Change>,
    /// Whether the lock was found held (said once, until it is free).
    waiting: bool,
    /// The record as last read or written, before the pending changes:
    /// what they are made on when the file has gone.
    saved: Progress,
    /// Every attempt kept, of every game (one file for all).
    pub history: History,
}

impl std::fmt::Debug for Trainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trainer")
            .field("game", &self.game)
            .field("progress", &self.progress)
            .field("file", &self.file)
            .field("trouble", &self.trouble)
            .field("pending", &self.pending.len())
            .finish_non_exhaustive()
    }
}

impl Trainer {
    /// A record kept in memory only.
    pub fn in_memory(game: PuzzleGame) -> Trainer {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Trainer {
            game,
            progress: Progress::default(),
            file: None,
            trouble: None,
            change: None,
            first_swing: false,
            swing_explained: false,
            random: SplitMix64::new(clock ^ game as u64),
            pending: Vec::new(),
            waiting: false,
            saved: Progress::default(),
            history: History::default(),
        }
    }

    /// The record kept in `folder` (`puzzles-mnc.json`), read now. A file
    /// that does not read is set aside under a fresh name, never deleted,
    /// and the record starts afresh; one that cannot be set aside is never
    /// written over (the record is then kept in memory only, and said so).
    pub fn kept_in(game: PuzzleGame, folder: &Path) -> Trainer {
        let mut trainer = Trainer::in_memory(game);
        // The history whatever becomes of the record (a record that cannot
        // be set aside left it in memory, unsaid: round 14's review).
        trainer.history = History::kept_in(folder);
        let file = folder.join(format!(
            "puzzles-{}.json",
            crate::notation::puzzle::game_word(game)
        ));
        let shown = crate::notation::escape_all(&file.display().to_string());
        match read_progress(&file) {
            Ok(Some(progress)) => trainer.progress = progress,
            Ok(None) => {}
            Err(why) => {
                let aside = store::set_aside(&file);
                let kept = store::set_aside_words(&aside);
                let how = if aside.is_ok() {
                    "starting afresh"
                } else {
                    "kept in memory only this time"
                };
                trainer.trouble = Some(format!("puzzle record {shown}: {why}; {how} ({kept})"));
                if aside.is_err() {
                    trainer.progress.level = 1;
                    return trainer;
                }
            }
        }
        trainer.progress.level = trainer.progress.level.clamp(1, game.levels());
        trainer.saved = trainer.progress;
        trainer.file = Some(file);
        trainer
    }

    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// An attempt over (or left after an answer or a hint), kept in the
    /// history once; one only looked at is not kept. A lesson's steps are
    /// no puzzles.
    pub fn keep(&mut self, attempt: &mut Attempt) {
        if attempt.kept || attempt.practice {
            return;
        }
        let Some(ended) = Ended::of(attempt) else {
            return;
        };
        attempt.kept = true;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let after = self.progress.rating;
        if !attempt.rated {
            attempt.rating_before = after.rating;
        }
        let entry = Entry::of(attempt, ended, now, after);
        self.history.add(entry);
    }

    /// The game's missed puzzles that come back, oldest miss first.
    pub fn comebacks(&self) -> Vec<Comeback> {
        history::comebacks(self.history.attempts(), self.game)
    }

    /// The player's rating in each theme met, weakest first.
    pub fn theme_ratings(&self) -> Vec<ThemeRating> {
        history::theme_ratings(self.history.attempts(), self.game)
    }

    /// The rating the next puzzle is chosen near: the player's, moved by
    /// the aim, and eased while the rating is new.
    pub fn aim(&self) -> u16 {
        let p = &self.progress;
        let near = p.rating.rating.round() + f64::from(p.aim) - f64::from(self.ease());
        near.clamp(100.0, 3000.0) as u16
    }

    /// How far below the rating the puzzles come while it is provisional:
    /// a new player's 1500 is only a guess, and the middle of a game's
    /// scale is hard (a newcomer met 86-cell Treblecross strips first).
    /// Up to [`MOST_EASE`] for a new rating, none once it has settled.
    pub fn ease(&self) -> u16 {
        let over = self.progress.rating.deviation - PROVISIONAL_DEVIATION;
        (over * 1.5).clamp(0.0, f64::from(MOST_EASE)).round() as u16
    }

    /// A new puzzle near the aim (from a random seed on).
    pub fn choice(&mut self) -> Choice {
        Choice::Near {
            game: self.game,
            at_least: 0,
            rating: self.aim(),
            seed: self.random.below(SEEDS) as u32,
            theme: None,
        }
    }

    /// A puzzle left unsolved (the next one asked for, another aim,
    /// the puzzles left): after a hint the streak ends, as a wrong answer
    /// ends it; a puzzle only looked at (no answer, no hint) costs nothing.
    pub fn skipped(&mut self, attempt: &Attempt) {
        let touched = attempt.hints > 0 || attempt.wrong > 0;
        if attempt.is_open() && touched && !attempt.practice && self.progress.streak > 0 {
            self.update(|p| p.streak = 0);
        }
    }

    /// The aim a step up (harder puzzles) or down; the words of why not
    /// at either end.
    pub fn change_aim(&mut self, by: i8) -> Result<i16, String> {
        let aim = (self.progress.aim + AIM_STEP * i16::from(by)).clamp(-MOST_AIM, MOST_AIM);
        if aim == self.progress.aim {
            return Err(if by > 0 {
                format!("puzzles {} are the hardest offered", aim_words(aim))
            } else {
                format!("puzzles {} are the easiest offered", aim_words(aim))
            });
        }
        self.update(move |p| p.aim = aim);
        Ok(aim)
    }

    /// A run's score so far: the best of its kind rises to it.
    pub fn run_solved(&mut self, kind: RunKind, solved: u32) {
        if solved > self.best_run(kind) {
            self.update(move |p| match kind {
                RunKind::Streak => p.best_streak_run = p.best_streak_run.max(solved),
                RunKind::Timed => p.best_timed_run = p.best_timed_run.max(solved),
            });
        }
    }

    /// The best run of a kind.
    pub fn best_run(&self, kind: RunKind) -> u32 {
        match kind {
            RunKind::Streak => self.progress.best_streak_run,
            RunKind::Timed => self.progress.best_timed_run,
        }
    }

    /// A right answer that ends the puzzle: the streak grows when nothing
    /// was given away, and holds after a hint; the words to show.
    pub fn solved(&mut self, attempt: &mut Attempt) -> String {
        if !attempt.is_open() {
            return "solved".into();
        }
        attempt.standing = Standing::Solved;
        if attempt.practice {
            return "done".into();
        }
        // A clean solve wins against the puzzle; one after a hint is not
        // rated (a hint is help, and a solve should never cost points: a
        // draw did, against an easier puzzle); a slip lost already.
        let hinted = attempt.helped && attempt.wrong == 0;
        if !hinted {
            self.rate(attempt, Outcomes::WIN);
        }
        if attempt.wrong > 0 || attempt.hints >= HINT_STEPS {
            // Kept as a miss: not one more solved.
            self.update(|p| p.streak = 0);
            // Said as the count has it (round 16 read `solved 0` under it).
            return "solved on a later try: the wrong answer before it makes this a miss (streak 0)".into();
        }
        // The streak counts puzzles solved unaided: a hint holds it where
        // it was (leaving a hinted puzzle unsolved ends it, see `skipped`).
        let helped = attempt.helped;
        self.update(move |p| {
            p.solved = p.solved.saturating_add(1);
            if !helped {
                p.streak = p.streak.saturating_add(1);
                p.best = p.best.max(p.streak);
            }
        });
        let streak = self.progress.streak;
        match (helped, attempt.rating != 0) {
            (true, true) => {
                format!("solved after a hint: streak stays {streak}, rating unchanged")
            }
            (true, false) => format!("solved after a hint: streak stays {streak}"),
            (false, _) => format!("solved! streak {streak}"),
        }
    }

    /// A wrong answer: the streak ends (once per puzzle).
    pub fn wrong(&mut self, attempt: &mut Attempt) {
        if attempt.practice {
            attempt.wrong = attempt.wrong.saturating_add(1);
            return;
        }
        if attempt.is_open() {
            self.rate(attempt, Outcomes::LOSS);
        }
        attempt.wrong = attempt.wrong.saturating_add(1);
        if attempt.wrong == 1 && attempt.is_open() {
            self.update(|p| p.streak = 0);
        }
    }

    /// The next hint step; the last gives the move away.
    pub fn hint(&mut self, attempt: &mut Attempt) -> Result<u8, String> {
        if attempt.hints >= HINT_STEPS {
            return Err("that was the last hint: the move is shown".into());
        }
        attempt.hints += 1;
        attempt.hints_given = attempt.hints_given.saturating_add(1);
        attempt.helped = true;
        if attempt.hints == HINT_STEPS {
            self.given_up(attempt);
        }
        Ok(attempt.hints)
    }

    /// The solution shown: the streak ends.
    pub fn given_up(&mut self, attempt: &mut Attempt) {
        attempt.shown |= attempt.is_open();
        if attempt.is_open() {
            attempt.standing = Standing::GivenUp;
            if attempt.practice {
                return;
            }
            self.rate(attempt, Outcomes::LOSS);
            self.update(|p| p.streak = 0);
        }
    }

    /// The puzzle's game, once: won or lost against its rating (a puzzle
    /// with no rating counts for nothing).
    fn rate(&mut self, attempt: &mut Attempt, outcome: Outcomes) {
        // A missed puzzle back again is practice: its answer was seen.
        if attempt.rated || attempt.rating == 0 || attempt.again {
            return;
        }
        attempt.rated = true;
        let won = outcome == Outcomes::WIN;
        let puzzle = attempt.rating;
        let play = move |r: Rating| rated(r, puzzle, won);
        let before = self.progress.rating;
        attempt.rating_before = before.rating;
        let change = play(before).rating - before.rating;
        self.update(move |p| p.rating = play(p.rating));
        self.change = Some(change.round() as i32);
        self.first_swing = before.uncertainty().is_some() && !self.swing_explained;
        self.swing_explained |= self.first_swing;
    }

    /// Changes the record: in the file as it is now (another instance may
    /// have changed it), read, changed and written under a lock so that no
    /// instance's progress is lost; this instance then goes on from it. The
    /// file is written atomically (a new file renamed over the old, so a link
    /// planted at its name is replaced, never followed). The lock is only
    /// tried, for a moment: held elsewhere, the change is kept in memory and
    /// written with the next one once the lock is free, and the interface
    /// never waits.
    fn update(&mut self, change: impl Fn(&mut Progress) + Send + Sync + 'static) {
        change(&mut self.progress);
        self.progress = self.progress.checked();
        let Some(file) = self.file.clone() else {
            return;
        };
        self.pending.push(Arc::new(change));
        let kept = (|| -> Result<Option<Progress>, String> {
            if let Some(folder) = file.parent() {
                store::ensure_folder(folder).map_err(|e| e.to_string())?;
            }
            let lock = match store::Lock::try_for(&lock_file(&file), store::LOCK_PATIENCE) {
                Ok(Some(lock)) => lock,
                Ok(None) => return Ok(None),
                Err(e) => return Err(format!("its lock {}", e)),
            };
            let mut progress = match read_progress(&file) {
                Ok(Some(progress)) => progress,
                Ok(None) => self.saved,
                // Changed into something unreadable meanwhile: not ours to
                // write over.
                Err(why) => return Err(format!("it no longer reads ({why})")),
            };
            progress.level = progress.level.clamp(1, self.game.levels());
            for change in &self.pending {
                change(&mut progress);
            }
            let progress = progress.checked();
            write_progress(&file, &progress).map_err(|e| e.to_string())?;
            drop(lock);
            Ok(Some(progress))
        })();
        let shown = || crate::notation::escape_all(&file.display().to_string());
        match kept {
            Ok(Some(progress)) => {
                self.progress = progress;
                self.saved = progress;
                self.pending.clear();
                if self.waiting {
                    self.waiting = false;
                    self.trouble = Some(format!("the puzzle record is kept in {} again", shown()));
                }
            }
            // Held by another noughts: said once, kept in memory meanwhile.
            Ok(None) => {
                if !self.waiting {
                    self.waiting = true;
                    self.trouble = Some(format!(
                        "the puzzle record {} is locked by another program: kept in memory until it is free",
                        shown()
                    ));
                }
            }
            Err(why) => {
                self.trouble = Some(format!(
                    "the puzzle record could not be kept in {}: {why}",
                    shown()
                ));
                // Said once; the record goes on in memory.
                self.file = None;
                self.pending.clear();
            }
        }
    }
}

/// A rating after one puzzle rated `puzzle`, won or lost: Glicko-2, a
/// provisional rating's move held to [`MOST_SWING`]. The game's rating and
/// each theme's (worked out from the history) move by it.
pub(crate) fn rated(r: Rating, puzzle: u16, won: bool) -> Rating {
    let puzzle = Glicko2Rating {
        rating: f64::from(puzzle),
        deviation: PUZZLE_DEVIATION,
        volatility: Glicko2Rating::new().volatility,
    };
    let player = Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
    let mut new = Rating::from(glicko2(&player, &puzzle, &outcome, &Glicko2Config::new()).0);
    if r.deviation > PROVISIONAL_DEVIATION {
        new.rating = new
            .rating
            .clamp(r.rating - MOST_SWING, r.rating + MOST_SWING);
    }
    new.checked()
}

/// The lock the records of every game share: `puzzles.lock` beside them
/// (the history takes it too).
pub(crate) fn lock_file(record: &Path) -> PathBuf {
    record.with_file_name("puzzles.lock")
}

/// `game`'s record kept in `folder`, only read (nothing set aside): `None`
/// when there is none yet.
pub fn read_record(game: PuzzleGame, folder: &Path) -> Result<Option<Progress>, String> {
    let word = crate::notation::puzzle::game_word(game);
    read_progress(&folder.join(format!("puzzles-{word}.json")))
}

/// The record in `file`; `None` when there is none yet.
fn read_progress(file: &Path) -> Result<Option<Progress>, String> {
    // A record is a few dozen bytes: anything past 4 KiB is not one.
    let Some(text) = store::read_bounded(file, 4096).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    if text.trim().is_empty() {
        return Err("the file is empty".into());
    }
    serde_json::from_str(&text)
        .map(|p: Progress| Some(p.checked()))
        .map_err(|e| store::json_error(&e))
}

fn write_progress(file: &Path, progress: &Progress) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(progress).map_err(std::io::Error::other)?;
    store::write_atomically(file, &format!("{text}\n"))
}

#[cfg(test)]
mod tests;
