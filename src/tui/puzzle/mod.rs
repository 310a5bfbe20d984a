//! What the three tabs' puzzle modes share: each game's level and streak,
//! kept between runs in the data folder ([`Trainer`]), one try at one
//! puzzle with its hints and wrong answers ([`Attempt`]), the keys every
//! puzzle mode has ([`puzzle_keys!`]) and the panel's first lines. The
//! tabs own the boards, the answers and their words.

use crate::solver::puzzle::{PuzzleGame, PuzzleId, Rated};
use crate::store;
use crate::tui::text::{TextField, TextKey};
use crate::tui::theme::Theme;
use crate::tui::widgets::{render_wrapped, rows_of};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use std::path::{Path, PathBuf};

/// The hints: the region, then the piece (or a narrower region), then
/// the move itself.
pub const HINT_STEPS: u8 = 3;

/// Solved in a row without a slip, this many times, and the level rises.
pub const LEVEL_UP_AFTER: u32 = 3;

/// Seeds of new puzzles stay below this, for ids short enough to say.
const SEEDS: usize = 100_000;

/// Where the app keeps what lasts between runs: `$NOUGHTS_DATA_DIR`, else
/// the platform's data folder (`~/.local/share/noughts` on Linux,
/// `~/Library/Application Support/noughts` on macOS,
/// `%APPDATA%\noughts\data` on Windows).
pub fn data_dir() -> Option<PathBuf> {
    store::Folder::Data.path()
}

/// What the puzzle modes can be asked to do; each tab wraps these in its
/// own actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleAction {
    /// Into the puzzles, or back to the tab as it was.
    Toggle,
    Leave,
    /// The next step of the hint.
    Hint,
    /// The perfect line from the puzzle: the answer, given up.
    Solution,
    Next,
    /// A level up (+1) or down (-1), and a new puzzle there.
    Level(i8),
    /// A key typed into a number answer (Treblecross drills); Enter
    /// answers.
    Type(TextKey),
}

/// The keys of every puzzle mode, after the tab's own answer keys: the
/// table a tab uses while it shows a puzzle.
macro_rules! puzzle_keys {
    [$wrap:path; $($answers:tt)*] => {
        $crate::tui::keymap::keys![
            $($answers)*
            [$crate::tui::keymap::ch('t')] "t" "puzzle: a hint, in three steps (the last shows the move)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Hint), footer "hint";
            [$crate::tui::keymap::ch('n')] "n" "puzzle: the next one, at your level (skipping ends the streak)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Next), footer "next";
            [$crate::tui::keymap::ch('P'), $crate::tui::keymap::key(crossterm::event::KeyCode::Esc)] "P/Esc" "leave the puzzles: back to the tab as it was"
                => $wrap($crate::tui::puzzle::PuzzleAction::Leave), group "P" "leave";
            [$crate::tui::keymap::ch('p')] "p" "puzzle: the solution, as the perfect line (ends the streak)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Solution), footer "solution";
            [$crate::tui::keymap::ch('+'), $crate::tui::keymap::ch('=')] "+" "puzzle: a level up, and a puzzle there"
                => $wrap($crate::tui::puzzle::PuzzleAction::Level(1)), group "+/-" "level";
            [$crate::tui::keymap::ch('-')] "-" "puzzle: a level down, and a puzzle there"
                => $wrap($crate::tui::puzzle::PuzzleAction::Level(-1));
        ]
    };
}
pub(crate) use puzzle_keys;

/// One puzzle being tried, in any tab: its [`Attempt`], the puzzle
/// (`P`), what the last answer gave, the hints given in words, and what
/// only that game keeps (`E`).
pub struct Try<P, E = ()> {
    pub attempt: Attempt,
    pub puzzle: P,
    /// What the last answer gave, and whether it was right.
    pub said: Option<(String, bool)>,
    /// The hints given, in words (made when asked for, not each frame).
    pub hints: Vec<String>,
    pub more: E,
}

impl<P: Rated, E: Default> Try<P, E> {
    pub fn new(id: PuzzleId, puzzle: P) -> Self {
        let mut attempt = Attempt::new(id);
        attempt.rating = puzzle.rating();
        Try {
            attempt,
            puzzle,
            said: None,
            hints: Vec::new(),
            more: E::default(),
        }
    }
}

/// A tab's puzzle mode, the same in every tab: the record, the puzzle
/// being tried, and what the tab had when the puzzles began (`A`: the
/// board, strip or match, with its undo history), put aside and brought
/// back when they end.
pub struct Training<P, A, E = ()> {
    pub trainer: Trainer,
    pub current: Option<Try<P, E>>,
    aside: Option<A>,
}

impl<P, A, E> Training<P, A, E> {
    pub fn new(game: PuzzleGame) -> Self {
        Training {
            trainer: Trainer::in_memory(game),
            current: None,
            aside: None,
        }
    }

    /// The record kept in `folder` from now on.
    pub fn keep_in(&mut self, folder: &Path) {
        self.trainer = Trainer::kept_in(self.trainer.game, folder);
    }

    /// Whether a puzzle is on and still open (answers are judged).
    pub fn is_open(&self) -> bool {
        self.current.as_ref().is_some_and(|t| t.attempt.is_open())
    }

    /// The id of the next puzzle: `id` (a shared one leaves the player's
    /// level as it is), or a new one at the level. The puzzle on now, if
    /// any, counts as skipped.
    pub fn next_id(&mut self, id: Option<PuzzleId>) -> PuzzleId {
        if let Some(t) = &self.current {
            self.trainer.skipped(&t.attempt);
        }
        id.unwrap_or_else(|| self.trainer.new_id())
    }

    /// The puzzle `tried` is on; what the tab had is put aside (by
    /// `aside`) unless puzzles were on already.
    pub fn begin(&mut self, tried: Try<P, E>, aside: impl FnOnce() -> A) {
        if self.aside.is_none() {
            self.aside = Some(aside());
        }
        self.current = Some(tried);
    }

    /// The puzzles end (the one on counts as skipped): what was put aside,
    /// to bring back.
    pub fn end(&mut self) -> Option<A> {
        if let Some(t) = self.current.take() {
            self.trainer.skipped(&t.attempt);
        }
        self.aside.take()
    }

    /// What waits aside while puzzles are on.
    pub fn put_aside(&self) -> Option<&A> {
        self.aside.as_ref()
    }

    /// The puzzles and what was aside, dropped (a file loaded over them).
    pub fn forget(&mut self) {
        self.current = None;
        self.aside = None;
    }

    /// The next hint step for the open puzzle, its words made by `words`
    /// from the puzzle and the step.
    pub fn hint(&mut self, words: impl FnOnce(&P, u8) -> String) -> Result<(), String> {
        let Some(t) = &mut self.current else {
            return Err(NO_PUZZLE.into());
        };
        if !t.attempt.is_open() {
            return Err("this puzzle is over: n for the next".into());
        }
        let step = self.trainer.hint(&mut t.attempt)?;
        t.hints.push(words(&t.puzzle, step));
        Ok(())
    }

    /// The puzzle on, given up (its solution is shown).
    pub fn give_up(&mut self) {
        if let Some(t) = &mut self.current {
            self.trainer.given_up(&mut t.attempt);
        }
    }

    /// A right answer: the record moves on; what the panel says.
    pub fn right(&mut self, words: String) {
        if let Some(t) = &mut self.current {
            let solved = self.trainer.solved(&mut t.attempt);
            t.said = Some((format!("{words}; {solved}"), true));
        }
    }

    /// A right step of an answer that is not finished yet.
    pub fn right_so_far(&mut self, words: String) {
        if let Some(t) = &mut self.current {
            t.said = Some((words, true));
        }
    }

    /// A wrong move (`what`: "move", "cell"), refused: the streak ends,
    /// and the panel says that it was not played, what it gives, and to
    /// try again.
    pub fn refused(&mut self, words: String, what: &str) {
        self.wrong(format!("not played: {words}. Try another {what}."));
    }

    /// A wrong answer: the streak ends; what the panel says.
    pub fn wrong(&mut self, words: String) {
        if let Some(t) = &mut self.current {
            self.trainer.wrong(&mut t.attempt);
            t.said = Some((words, false));
        }
    }

    /// The panel's lines every tab has: the heading, the question asked,
    /// what the last answer gave, the hints and what to do next (the tab
    /// adds its own).
    pub fn panel(&self, asked: String, theme: &Theme) -> Option<PuzzlePanel> {
        let t = self.current.as_ref()?;
        let mut panel = PuzzlePanel {
            heading: heading(&self.trainer, &t.attempt, theme),
            question: vec![Line::styled(asked, theme.title())],
            ..PuzzlePanel::default()
        };
        if let Some((words, right)) = &t.said {
            let style = if *right { theme.good() } else { theme.bad() };
            panel.said.push(Line::styled(words.clone(), style));
        }
        for (k, words) in t.hints.iter().enumerate() {
            panel.hints.push(Line::styled(
                format!("hint {}: {words}", k + 1),
                theme.key(),
            ));
        }
        panel.standing.push(standing_line(&t.attempt, theme));
        Some(panel)
    }
}

/// Said by `c` on a puzzle's line or review: a puzzle is not played on
/// from another position (its question would no longer hold).
pub const NO_CONTINUING: &str = "the puzzle's line: Esc back to the puzzle";

/// Said by a puzzle key with no puzzle on.
pub const NO_PUZZLE: &str = "no puzzle on: P for one";

/// What a tab does for the puzzle keys; [`update`] is the one place that
/// reads them.
pub trait Puzzles {
    type Puzzle;
    type Aside;
    type More;
    fn training(&mut self) -> &mut Training<Self::Puzzle, Self::Aside, Self::More>;
    /// Puts the puzzle `id` (a new one at the level when `None`) on the
    /// tab, the tab's own work put aside (a game too: it comes back).
    fn open(&mut self, id: Option<PuzzleId>);
    /// Back to the tab as it was before the puzzles.
    fn leave(&mut self);
    /// The next step of the hint, in the tab's words.
    fn hint(&mut self) -> Result<(), String>;
    /// The solution, shown as the perfect line.
    fn solution(&mut self) -> Result<(), String>;
    /// The keys only some tabs have (typing a number).
    fn other(&mut self, _action: PuzzleAction) -> Result<(), String> {
        Ok(())
    }
    fn say(&mut self, message: Option<String>);
}

/// A puzzle key, the same in every tab.
pub fn update<P: Puzzles>(tab: &mut P, action: PuzzleAction) {
    tab.say(None);
    let on = tab.training().current.is_some();
    let done = match action {
        PuzzleAction::Toggle if !on => {
            tab.open(None);
            Ok(())
        }
        PuzzleAction::Toggle | PuzzleAction::Leave => {
            tab.leave();
            Ok(())
        }
        _ if !on => Err(NO_PUZZLE.into()),
        PuzzleAction::Next => {
            tab.open(None);
            Ok(())
        }
        PuzzleAction::Level(by) => tab
            .training()
            .trainer
            .change_level(by)
            .map(|_| tab.open(None)),
        PuzzleAction::Hint => tab.hint(),
        PuzzleAction::Solution => tab.solution(),
        other => tab.other(other),
    };
    if let Err(why) = done {
        tab.say(Some(why));
    }
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub id: PuzzleId,
    /// The puzzle's rating (see `noughts puzzle --rating`); 0: none.
    pub rating: u16,
    /// Whether the player's rating has counted this puzzle (once).
    pub rated: bool,
    /// Hint steps shown, 0 to [`HINT_STEPS`].
    pub hints: u8,
    pub wrong: u32,
    pub standing: Standing,
    /// A number being typed (the drills): four digits at most (the
    /// values asked stay under a few hundred).
    pub typed: TextField,
}

impl Attempt {
    pub fn new(id: PuzzleId) -> Attempt {
        Attempt {
            id,
            rating: 0,
            rated: false,
            hints: 0,
            wrong: 0,
            standing: Standing::Solving,
            typed: TextField::new(String::new(), 4, |c| c.is_ascii_digit()),
        }
    }

    pub fn is_open(&self) -> bool {
        self.standing == Standing::Solving
    }
}

/// A puzzle's panel, in parts: all of them in this order where they fit,
/// else what to answer and what happened first.
#[derive(Default)]
pub struct PuzzlePanel {
    pub heading: Vec<Line<'static>>,
    pub question: Vec<Line<'static>>,
    /// What the last answer gave, and the tab's message.
    pub said: Vec<Line<'static>>,
    pub hints: Vec<Line<'static>>,
    pub standing: Vec<Line<'static>>,
    pub notes: Vec<Line<'static>>,
}

impl PuzzlePanel {
    /// Every line, in the order of a panel with room for all.
    pub fn lines(&self) -> Vec<Line<'static>> {
        [
            &self.heading,
            &self.question,
            &self.said,
            &self.hints,
            &self.standing,
            &self.notes,
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    }

    pub fn render(self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let all = self.lines();
        let fits = |lines: &[Line<'_>]| rows_of(lines, area.width) <= usize::from(area.height);
        // Less where there is no room: first the streak line and the notes,
        // then the earlier hints; the id stays first.
        let id = self.heading.first().cloned();
        let without = |hints: &[Line<'static>]| -> Vec<Line<'static>> {
            id.iter()
                .chain(&self.question)
                .chain(&self.said)
                .chain(hints)
                .chain(&self.standing)
                .cloned()
                .collect()
        };
        let lines = if fits(&all) {
            all
        } else if fits(&without(&self.hints)) {
            without(&self.hints)
        } else {
            without(&self.hints[self.hints.len().saturating_sub(1)..])
        };
        render_wrapped(lines, area, buf, theme.dim());
    }
}

/// The panel's first lines: the id, the level and the streak; the
/// trouble with the record, if any.
pub fn heading(trainer: &Trainer, attempt: &Attempt, theme: &Theme) -> Vec<Line<'static>> {
    let p = trainer.progress();
    let levels = trainer.game.levels();
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("PUZZLE {}", attempt.id), theme.title()),
            Span::styled(
                format!(
                    ", level {} of {levels}, rated {}",
                    attempt.id.level, attempt.rating
                ),
                theme.dim(),
            ),
        ]),
        Line::styled(
            format!(
                "streak {}, best {}, solved {}; your rating {}{}",
                p.streak,
                p.best,
                p.solved,
                p.rating.rating.round(),
                match trainer.change {
                    Some(c) if attempt.rated => format!(" ({c:+})"),
                    _ => String::new(),
                }
            ),
            theme.dim(),
        ),
    ];
    if let Some(trouble) = &trainer.trouble {
        lines.push(Line::styled(trouble.clone(), theme.bad()));
    }
    lines
}

/// How the try stands, for the panel: what to do next.
pub fn standing_line(attempt: &Attempt, theme: &Theme) -> Line<'static> {
    match attempt.standing {
        Standing::Solving if attempt.hints == 0 => {
            Line::styled("t for a hint, p for the solution", theme.dim())
        }
        Standing::Solving => Line::styled(
            format!("hint {} of {HINT_STEPS}: t for the next", attempt.hints),
            theme.dim(),
        ),
        Standing::Solved => Line::styled("✓ solved: n for the next puzzle", theme.good()),
        Standing::GivenUp => {
            Line::styled("the answer is shown: n for the next puzzle", theme.dim())
        }
    }
}

mod trainer;
pub use trainer::{Progress, Trainer};
