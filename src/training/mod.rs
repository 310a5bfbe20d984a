//! Training with the puzzles, whatever shows them (the app's tabs, the
//! command line): each game's record (the streak, the player's Glicko-2
//! rating, the aim, the best runs), kept between sittings in the data
//! folder ([`Trainer`]); one try at one puzzle ([`Attempt`]) and the wrong
//! answers it met ([`Missed`]); the streak and timed runs ([`Run`]). No
//! drawing here: the app's `tui::puzzle` shows them.

pub mod history;
mod missed;
pub mod run;
mod trainer;

pub use missed::Missed;
pub use run::{Run, RunEnd, RunKind};
pub use trainer::{
    aim_words, read_record, Progress, Rating, Trainer, AIM_STEP, MOST_EASE, MOST_SWING,
};

use crate::solver::puzzle::{PuzzleId, Theme};
use crate::store;
use std::path::PathBuf;

/// The hints: the region, then the piece (or a narrower region), then
/// the move itself.
pub const HINT_STEPS: u8 = 3;

/// Seeds of new puzzles stay below this, for ids short enough to say.
pub(crate) const SEEDS: usize = 100_000;

/// Where the app keeps what lasts between runs: `$NOUGHTS_DATA_DIR`, else
/// the platform's data folder (`~/.local/share/noughts` on Linux,
/// `~/Library/Application Support/noughts` on macOS,
/// `%APPDATA%\noughts\data` on Windows).
pub fn data_dir() -> Option<PathBuf> {
    store::Folder::Data.path()
}

/// How a try at a puzzle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Solving,
    Solved,
    /// The solution was shown (or the last hint, the move itself).
    GivenUp,
}

/// One try at one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    pub id: PuzzleId,
    /// The puzzle's rating (see `noughts puzzle --rating`); 0: none.
    pub rating: u16,
    /// Whether the player's rating has counted this puzzle (once).
    pub rated: bool,
    /// Opened by its id, not chosen near a rating.
    pub named: bool,
    /// Hint steps shown, 0 to [`HINT_STEPS`] (N&C+ starts them again at
    /// each position of a win of several moves).
    pub hints: u8,
    /// Whether any hint was shown in this puzzle: a solve after one is not
    /// rated, in every game (N&C+ rated it once the next position's hints
    /// had started again).
    pub helped: bool,
    pub wrong: u32,
    pub standing: Standing,
    /// A lesson's step: it counts for nothing in the record (no rating,
    /// streak or solved count moves), whatever the answer.
    pub practice: bool,
    /// The puzzle's themes, worked out once when it is made (the panel
    /// names them each frame once it is over; a history keeps them).
    pub themes: Vec<Theme>,
    /// When it was shown, for the time it took.
    pub started: std::time::Instant,
    /// The player's rating for the game just before this puzzle moved it
    /// (set when it is rated).
    pub rating_before: f64,
    /// The solution was shown (`p`, or the last hint).
    pub shown: bool,
    /// The run it is in, if any.
    pub run: Option<RunKind>,
    /// A puzzle missed before, brought back.
    pub again: bool,
    /// Kept in the history already (an attempt is kept once).
    pub kept: bool,
    /// Every hint step shown in this puzzle (`hints` starts again at each
    /// position of an N&C+ win; this does not).
    pub hints_given: u8,
}

impl Attempt {
    pub fn new(id: PuzzleId) -> Attempt {
        Attempt {
            id,
            rating: 0,
            rated: false,
            named: false,
            hints: 0,
            helped: false,
            wrong: 0,
            standing: Standing::Solving,
            practice: false,
            themes: Vec::new(),
            started: std::time::Instant::now(),
            rating_before: Rating::default().rating,
            shown: false,
            run: None,
            again: false,
            kept: false,
            hints_given: 0,
        }
    }

    pub fn is_open(&self) -> bool {
        self.standing == Standing::Solving
    }
}
