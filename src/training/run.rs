//! The two runs every puzzle mode has, after lichess's Puzzle Streak and
//! Puzzle Storm: a **streak run** (puzzles climb from the game's easiest
//! ratings to its hardest; one wrong answer ends it) and a **timed run**
//! (the same climb against a clock of [`RUN_TIME`]; each mistake costs
//! [`MISTAKE_COSTS`]). A run's solved puzzles are its score; the best of
//! each kind is kept in the record. Runs leave the rating and the streak
//! of the rated puzzles as they were: a puzzle met in a hurry says little
//! of how good you are.

use crate::solver::puzzle::PuzzleGame;
use std::time::{Duration, Instant};

/// A timed run's clock.
pub const RUN_TIME: Duration = Duration::from_secs(180);

/// What a mistake takes off a timed run's clock.
pub const MISTAKE_COSTS: Duration = Duration::from_secs(10);

/// Puzzles solved before a run reaches the game's hardest ratings.
pub const CLIMB: u32 = 20;

/// Which run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunKind {
    /// One mistake ends it.
    Streak,
    /// Against the clock.
    Timed,
}

impl RunKind {
    /// The run's name, as the panel writes it.
    pub fn name(self) -> &'static str {
        match self {
            RunKind::Streak => "streak run",
            RunKind::Timed => "timed run",
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEnd {
    /// A wrong answer ended a streak run.
    Mistake,
    /// The player gave up on a streak run's puzzle: asked for its answer,
    /// or skipped it (its answer is then shown).
    GivenUp,
    /// A timed run's clock ran out.
    TimeUp,
    /// The puzzles were left, or another run begun.
    Stopped,
}

/// A run going on, or just over (shown until the next puzzle).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub kind: RunKind,
    pub solved: u32,
    pub mistakes: u32,
    started: Instant,
    /// When it ended, and how.
    pub ended: Option<(Instant, RunEnd)>,
    /// The best of this kind before the run began (to say a new best).
    pub best_before: u32,
    /// What the last answer gave, said over the next puzzle.
    pub last: Option<String>,
    /// The hardest puzzle solved in the run: the next is rated no lower.
    pub hardest: u16,
}

impl Run {
    pub fn new(kind: RunKind, best_before: u32, now: Instant) -> Run {
        Run {
            kind,
            solved: 0,
            mistakes: 0,
            started: now,
            ended: None,
            best_before,
            last: None,
            hardest: 0,
        }
    }

    pub fn is_on(&self) -> bool {
        self.ended.is_none()
    }

    /// A timed run's time left at `now` (the clock stops when it ends);
    /// each mistake has taken its cost off.
    pub fn left(&self, now: Instant) -> Duration {
        let at = self.ended.map_or(now, |(at, _)| at);
        let used = at.saturating_duration_since(self.started) + MISTAKE_COSTS * self.mistakes;
        RUN_TIME.saturating_sub(used)
    }

    /// The run ends now, if it has not already.
    pub fn end(&mut self, how: RunEnd, now: Instant) {
        if self.ended.is_none() {
            self.ended = Some((now, how));
        }
    }

    /// The rating the next puzzle is chosen near: the game's easiest at
    /// first, its hardest after [`CLIMB`] solved, evenly between.
    pub fn aim(&self, game: PuzzleGame) -> u16 {
        let (low, high) = game.span();
        let step = self.solved.min(CLIMB);
        low + ((u32::from(high - low) * step) / CLIMB) as u16
    }
}

/// A clock's time as the panel writes it: `2:05`.
pub fn clock(left: Duration) -> String {
    // Rounded up, so that 0:00 shows only when the time is out.
    let seconds = left.as_millis().div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_climbs_the_games_ratings_and_stays_at_the_top() {
        let now = Instant::now();
        for game in PuzzleGame::ALL {
            let mut run = Run::new(RunKind::Streak, 0, now);
            let (low, high) = game.span();
            assert_eq!(run.aim(game), low);
            let mut last = low;
            for solved in 1..=CLIMB + 5 {
                run.solved = solved;
                let aim = run.aim(game);
                assert!(aim >= last, "the climb never goes down");
                last = aim;
            }
            assert_eq!(last, high, "{game:?}");
        }
    }

    #[test]
    fn mistakes_take_time_off_and_the_clock_stops_at_the_end() {
        let start = Instant::now();
        let mut run = Run::new(RunKind::Timed, 0, start);
        assert_eq!(run.left(start), RUN_TIME);
        run.mistakes = 2;
        let later = start + Duration::from_secs(30);
        assert_eq!(run.left(later), RUN_TIME - Duration::from_secs(50));
        run.end(RunEnd::Stopped, later);
        run.end(RunEnd::TimeUp, later + Duration::from_secs(5));
        assert_eq!(run.ended, Some((later, RunEnd::Stopped)), "ends once");
        assert_eq!(run.left(later + Duration::from_secs(99)), run.left(later));
        run.mistakes = 100;
        assert_eq!(run.left(later), Duration::ZERO);
    }

    #[test]
    fn the_clock_reads_in_minutes_and_seconds_rounded_up() {
        assert_eq!(clock(RUN_TIME), "3:00");
        assert_eq!(clock(Duration::from_millis(125_001)), "2:06");
        assert_eq!(clock(Duration::from_millis(400)), "0:01");
        assert_eq!(clock(Duration::ZERO), "0:00");
    }
}
