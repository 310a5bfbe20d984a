//! What the tabs' puzzle modes share, over [`crate::training`] (the
//! record, the rating, the runs, kept between sittings): one puzzle being
//! tried ([`Try`], its hints in words), the puzzles with the tab's own work
//! put aside ([`Training`]), the [`Puzzles`] trait whose open and leave are
//! written here once, the keys every puzzle mode has ([`puzzle_keys!`]) and
//! their one update function, and the panel ([`PuzzlePanel`]). The tabs own
//! the boards, the answers and their words.
//!
//! The next puzzle is chosen near the player's rating (moved by the aim),
//! or, in a run, near the run's climb: the levels of the generators are
//! rating bands the choice draws from.

use crate::solver::puzzle::{Choice, GamePuzzle, PuzzleGame, PuzzleId, Theme as PuzzleTheme};
use crate::tui::text::TextKey;
use std::path::Path;
use std::time::Instant;

mod keys;
mod lesson;
mod panel;

pub use lesson::{Lesson, Step};
pub use panel::{heading, standing_line, PuzzlePanel};

pub mod dashboard;

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
    /// The aim a step up (+1: harder) or down (-1), and a new puzzle
    /// near it.
    Aim(i8),
    /// A run begins (another run, or the puzzle on, is left).
    Run(RunKind),
    /// A key typed into a number answer (Treblecross drills); Enter
    /// answers.
    Type(TextKey),
    /// The tab's lesson, from its first step.
    Lesson,
    /// The dashboard: the rating over time, the themes, the missed puzzles.
    Dashboard,
    /// The next theme to practise (after the last, every theme again), and
    /// a puzzle with it now.
    Theme,
}

pub(crate) use keys::puzzle_keys;

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
    /// Whether the last hint came after the last answer: where rows are
    /// few it goes first (at 40×16 a long wrong answer hid the hint asked
    /// for after it).
    pub hint_newest: bool,
    pub more: E,
}

impl<P: GamePuzzle, E: Default> Try<P, E> {
    pub fn new(id: PuzzleId, puzzle: P) -> Self {
        let mut attempt = Attempt::new(id);
        attempt.rating = puzzle.rating();
        attempt.themes = puzzle.themes();
        Try {
            attempt,
            puzzle,
            said: None,
            hints: Vec::new(),
            hint_newest: false,
            more: E::default(),
        }
    }
}

impl<P, E> Try<P, E> {
    /// What an answer gave, and whether it was right.
    pub fn say(&mut self, words: String, right: bool) {
        self.said = Some((words, right));
        self.hint_newest = false;
    }

    /// A hint given, after whatever the last answer said.
    pub fn add_hint(&mut self, words: String) {
        self.hints.push(words);
        self.hint_newest = true;
    }
}

/// A tab's puzzle mode, the same in every tab: the record, the puzzle
/// being tried, the run if one is on, and what the tab had when the
/// puzzles began (`A`: the board, strip or match, with its undo history),
/// put aside and brought back when they end.
pub struct Training<P, A, E = ()> {
    pub trainer: Trainer,
    pub current: Option<Try<P, E>>,
    /// A streak or timed run, going on or just over.
    pub run: Option<Run>,
    /// A run's puzzle was solved: the next one is due.
    due: bool,
    /// How the puzzle coming (or on) was chosen.
    chosen: Option<Choice>,
    aside: Option<A>,
    /// The lesson going on, if one is: its steps are the puzzles.
    lesson: Option<Lesson<P>>,
    /// A lesson has just ended: the next puzzle says so (it is rated).
    lesson_ended: bool,
    /// The missed puzzles brought back this sitting and not tried since.
    offered_back: Vec<PuzzleId>,
    /// The missed puzzle chosen to come back, until it is on (N&C+ makes
    /// its puzzles on another thread: another may come first).
    again: Option<PuzzleId>,
    /// The missed puzzles still to come, played again from the dashboard.
    replay: std::collections::VecDeque<PuzzleId>,
    /// A replay is on (its last puzzle may be on), and just ended.
    replaying: bool,
    replay_ended: bool,
    /// `D` was pressed: the app opens the dashboard (and clears this).
    pub dashboard_asked: bool,
    /// The theme the puzzles chosen are on (`f`), if one.
    pub focus: Option<PuzzleTheme>,
    /// A rated puzzle left with `P` untouched (no answer, no hint): `P`
    /// brings it back rather than another (round 18 came back to a new
    /// one and gave it up unseen).
    left: Option<PuzzleId>,
    /// The puzzle coming is the one left: the panel says so.
    coming_back: bool,
}

impl<P, A, E> Training<P, A, E> {
    pub fn new(game: PuzzleGame) -> Self {
        Training {
            trainer: Trainer::in_memory(game),
            current: None,
            run: None,
            due: false,
            chosen: None,
            aside: None,
            lesson: None,
            lesson_ended: false,
            offered_back: Vec::new(),
            again: None,
            replay: std::collections::VecDeque::new(),
            replaying: false,
            replay_ended: false,
            dashboard_asked: false,
            focus: None,
            left: None,
            coming_back: false,
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

    /// Whether the puzzle on is solved (its answer is played where the
    /// tab plays it: the opponent is then to move).
    pub fn is_solved(&self) -> bool {
        (self.current.as_ref()).is_some_and(|t| t.attempt.standing == Standing::Solved)
    }

    /// Whether a streak run is on and its puzzle still open (a skip would
    /// end the run).
    pub fn streak_run_open(&self) -> bool {
        self.run_on().is_some_and(|r| r.kind == RunKind::Streak) && self.is_open()
    }

    /// Whether a run has just ended (its panel is showing).
    pub fn run_over(&self) -> bool {
        self.run.as_ref().is_some_and(|r| !r.is_on())
    }

    /// The run going on, if any (not one just over).
    pub fn run_on(&self) -> Option<&Run> {
        self.run.as_ref().filter(|r| r.is_on())
    }

    /// Which puzzle comes next: `id` (a shared one is rated as any other),
    /// or one near the aim, or in a run near the run's climb. The puzzle on
    /// now, if open, counts as skipped; a run over gives way to the rated
    /// puzzles.
    pub fn next_choice(&mut self, id: Option<PuzzleId>) -> Choice {
        let now = Instant::now();
        if let Some(t) = &mut self.current {
            if t.attempt.is_open() {
                match &mut self.run {
                    // A skip gives a streak run up; a timed run pays in time.
                    Some(run) if run.is_on() && run.kind == RunKind::Streak => {
                        run.end(RunEnd::GivenUp, now);
                        t.attempt.standing = Standing::GivenUp;
                    }
                    Some(run) if run.is_on() => {}
                    _ => self.trainer.skipped(&t.attempt),
                }
            }
        }
        self.keep_current(true);
        self.again = None;
        if self.run.as_ref().is_some_and(|r| !r.is_on()) || id.is_some() {
            self.run = None;
        }
        // The puzzle left untouched comes back first, outside a run.
        let left = self.left.take().filter(|_| id.is_none() && self.run.is_none());
        self.coming_back = left.is_some();
        let id = id.or(left);
        let choice = match (id, &self.run) {
            (Some(id), _) => Choice::Named(id),
            (None, Some(run)) => match self.trainer.choice() {
                // A run climbs the game's ratings, whatever the theme.
                Choice::Near { game, seed, .. } => Choice::Near {
                    game,
                    rating: run.aim(game),
                    at_least: run.hardest,
                    seed,
                    theme: None,
                },
                named => named,
            },
            // A missed puzzle due back comes first (once a sitting, unless
            // tried again).
            (None, None) => match self.next_replayed().or_else(|| self.due_back()) {
                Some(id) => {
                    self.again = Some(id);
                    Choice::Named(id)
                }
                None => match self.trainer.choice() {
                    Choice::Near { game, rating, at_least, seed, .. } => Choice::Near {
                        game,
                        rating,
                        at_least,
                        seed,
                        theme: self.focus,
                    },
                    named => named,
                },
            },
        };
        self.chosen = Some(choice);
        choice
    }

    /// A run of `kind` begins (the puzzle on counts as skipped, and a run
    /// on is stopped); the tab then opens its first puzzle.
    pub fn start_run(&mut self, kind: RunKind) {
        let now = Instant::now();
        let skipped = match &mut self.run {
            Some(run) => {
                run.end(RunEnd::Stopped, now);
                false
            }
            None => true,
        };
        self.close_current(skipped);
        self.lesson = None;
        self.replay.clear();
        self.replaying = false;
        self.run = Some(Run::new(kind, self.trainer.best_run(kind), now));
        self.left = None;
    }

    /// Whatever was on is over, as a run or a lesson begins: it counts as
    /// skipped (outside a run), and no answer to it counts now.
    fn close_current(&mut self, skipped: bool) {
        if let Some(t) = &mut self.current {
            if skipped {
                self.trainer.skipped(&t.attempt);
            }
            if t.attempt.is_open() {
                t.attempt.standing = Standing::GivenUp;
            }
        }
        self.keep_current(true);
    }

    /// The puzzle `tried` is on; what the tab had is put aside (by
    /// `aside`) unless puzzles were on already. In a run, what the last
    /// answer gave is said over it.
    pub fn begin(&mut self, mut tried: Try<P, E>, aside: impl FnOnce() -> A) {
        if self.aside.is_none() {
            self.aside = Some(aside());
        }
        if let Some(words) = self.run.as_mut().and_then(|r| r.last.take()) {
            tried.say(words, true);
        }
        if std::mem::take(&mut self.lesson_ended) {
            tried.say(LESSON_OVER.into(), true);
        }
        if std::mem::take(&mut self.replay_ended) {
            tried.say(REPLAY_OVER.into(), true);
        }
        if std::mem::take(&mut self.coming_back) {
            tried.say(COMING_BACK.into(), true);
        }
        self.keep_current(true);
        self.due = false;
        tried.attempt.named = !matches!(self.chosen, Some(Choice::Near { .. }));
        tried.attempt.run = self.run_on().map(|r| r.kind);
        // A missed puzzle on again, however it came (back by itself, by its
        // id, or chosen near the rating), is practice: its answer was seen.
        // One brought back is not offered again this sitting unless tried.
        let id = tried.attempt.id;
        if self.again.take() == Some(id) {
            self.offered_back.push(id);
        }
        tried.attempt.again = self.trainer.comebacks().iter().any(|c| c.id == id);
        self.lesson_attempt(&mut tried);
        self.current = Some(tried);
    }

    /// The puzzles end (the one on counts as skipped, a run stops): what
    /// was put aside, to bring back.
    pub fn end(&mut self) -> Option<A> {
        self.keep_current(true);
        if let Some(t) = self.current.take() {
            if self.run_on().is_none() {
                self.trainer.skipped(&t.attempt);
            }
            // Kept to come back where nothing was tried: a puzzle answered
            // or hinted at is over for its rating.
            let a = &t.attempt;
            let untouched = a.is_open() && a.wrong == 0 && !a.helped && !a.shown;
            let plain = self.run.is_none() && self.lesson.is_none() && !a.practice;
            self.left = (untouched && plain).then_some(a.id);
        }
        self.run = None;
        self.lesson = None;
        self.lesson_ended = false;
        self.due = false;
        self.replay.clear();
        self.replaying = false;
        self.again = None;
        self.aside.take()
    }

    /// What waits aside while puzzles are on.
    pub fn put_aside(&self) -> Option<&A> {
        self.aside.as_ref()
    }

    /// The puzzles and what was aside, dropped (a file loaded over them).
    pub fn forget(&mut self) {
        self.keep_current(true);
        self.current = None;
        self.aside = None;
        self.run = None;
        self.lesson = None;
        self.due = false;
    }

    /// The clock of a timed run looked at (`now`): out of time, the run
    /// ends and the puzzle on with it. Whether the next puzzle of a run
    /// is due (it then is taken: ask once).
    pub fn tick(&mut self, now: Instant) -> bool {
        if let Some(run) = &mut self.run {
            if run.is_on() && run.kind == RunKind::Timed && run.left(now).is_zero() {
                run.end(RunEnd::TimeUp, now);
                self.due = false;
                if let Some(t) = &mut self.current {
                    if t.attempt.is_open() {
                        t.attempt.standing = Standing::GivenUp;
                        // What the last try said ("try another cell") is
                        // no longer so.
                        t.say("time is up: this puzzle is over".into(), false);
                    }
                }
                self.keep_current(false);
            }
        }
        std::mem::take(&mut self.due)
    }

    /// The next hint step for the open puzzle, its words made by `words`
    /// from the puzzle and the step.
    pub fn hint(&mut self, words: impl FnOnce(&P, u8) -> String) -> Result<(), String> {
        let over = self.over_words();
        let Some(t) = &mut self.current else {
            return Err(NO_PUZZLE.into());
        };
        if !t.attempt.is_open() {
            return Err(over);
        }
        let step = self.trainer.hint(&mut t.attempt)?;
        // A lesson's step has its own first hints, in its own words.
        let own = lesson::step_hint(self.lesson.as_ref(), step);
        t.add_hint(own.unwrap_or_else(|| words(&t.puzzle, step)));
        self.keep_current(false);
        Ok(())
    }

    /// The puzzle on, given up (its solution is shown): a streak run ends
    /// there, and a timed run pays for it as for a mistake.
    pub fn give_up(&mut self) {
        let Some(t) = &mut self.current else {
            return;
        };
        if !t.attempt.is_open() {
            return;
        }
        t.attempt.shown = true;
        // What was said before no longer holds (round 19: "the puzzle you left, back as it was").
        t.said = None;
        match &mut self.run {
            Some(run) if run.is_on() => {
                t.attempt.standing = Standing::GivenUp;
                let now = Instant::now();
                run.mistakes = run.mistakes.saturating_add(1);
                match run.kind {
                    RunKind::Streak => run.end(RunEnd::GivenUp, now),
                    RunKind::Timed if run.left(now).is_zero() => run.end(RunEnd::TimeUp, now),
                    RunKind::Timed => {}
                }
            }
            _ => self.trainer.given_up(&mut t.attempt),
        }
        self.keep_current(false);
    }

    /// A right answer: the record moves on (in a run, the run's score,
    /// and the next puzzle is due); what the panel says.
    pub fn right(&mut self, words: String) {
        let Some(t) = &mut self.current else {
            return;
        };
        match &mut self.run {
            Some(run) if run.is_on() && t.attempt.is_open() => {
                t.attempt.standing = Standing::Solved;
                run.solved = run.solved.saturating_add(1);
                run.hardest = run.hardest.max(t.attempt.rating);
                let (kind, solved) = (run.kind, run.solved);
                run.last = Some(format!("the last puzzle: {words}"));
                t.say(format!("{words}; {solved} solved"), true);
                self.trainer.run_solved(kind, solved);
                self.due = true;
            }
            _ if t.attempt.practice => {
                self.trainer.solved(&mut t.attempt);
                t.say(words, true);
            }
            _ => {
                let solved = self.trainer.solved(&mut t.attempt);
                t.say(format!("{words}; {solved}"), true);
            }
        }
        self.keep_current(false);
    }

    /// A right step of an answer that is not finished yet.
    pub fn right_so_far(&mut self, words: String) {
        if let Some(t) = &mut self.current {
            t.say(words, true);
        }
    }

    /// A wrong move (`what`: "move", "cell"), refused: the streak ends,
    /// and the panel says that it was not played, what it gives, and to
    /// try again (in a streak run, that the run is over).
    pub fn refused(&mut self, words: String, what: &str) {
        self.wrong_try(
            format!("not played: {words}"),
            &format!("Try another {what}."),
            None,
        );
    }

    /// A win slower than the puzzle asks: not played, and not counted
    /// (no streak, rating or run time lost), for it is no mistake; the
    /// panel says so, and to try another `what`.
    pub fn slower(&mut self, move_name: &str, moves: u8, asked: u8, what: &str) {
        // A lesson's step is no puzzle, and counts for nothing anyway.
        let (asks, counted) = match self.in_lesson() {
            true => ("this step asks", ""),
            false => ("the puzzle asks", " Not counted."),
        };
        if let Some(t) = &mut self.current {
            t.say(
                format!(
                    "not played: {move_name} wins too, but in {}: {asks} for the win in {}.{counted} Try another {what}.",
                    crate::notation::in_moves(moves),
                    crate::notation::in_moves(asked)
                ),
                false,
            );
        }
    }

    /// A move that wins but is not the one asked for (a lesson's step that
    /// asks for a move on one board): not played, and not counted, for it
    /// is no mistake; the panel says so, and to try another `what`.
    pub fn not_asked(&mut self, move_name: &str, what: &str) {
        let asks = match self.in_lesson() {
            true => "this step asks for another",
            false => "the puzzle asks for another",
        };
        if let Some(t) = &mut self.current {
            t.say(
                format!("not played: {move_name} wins too, but {asks}. Try another {what}."),
                false,
            );
        }
    }

    /// A wrong answer that may be tried again (`retry` says how), unless it
    /// ends a streak run: then the panel says so, and what the right
    /// answer was (`answer`) where the board does not show it.
    pub fn wrong_try(&mut self, words: String, retry: &str, answer: Option<String>) {
        let ends = self.streak_run_open();
        match answer {
            Some(answer) if ends => self.wrong(format!("{words} ({answer})")),
            _ if ends => self.wrong(words),
            _ => self.wrong(format!("{words}. {retry}")),
        }
    }

    /// A wrong answer: the streak ends (a streak run with it; a timed run
    /// loses time); what the panel says.
    pub fn wrong(&mut self, words: String) {
        let Some(t) = &mut self.current else {
            return;
        };
        match &mut self.run {
            Some(run) if run.is_on() && t.attempt.is_open() => {
                let now = Instant::now();
                run.mistakes = run.mistakes.saturating_add(1);
                t.attempt.wrong = t.attempt.wrong.saturating_add(1);
                let words = match run.kind {
                    RunKind::Streak => {
                        run.end(RunEnd::Mistake, now);
                        t.attempt.standing = Standing::GivenUp;
                        format!("{words}: the run is over")
                    }
                    RunKind::Timed => {
                        if run.left(now).is_zero() {
                            run.end(RunEnd::TimeUp, now);
                            t.attempt.standing = Standing::GivenUp;
                        }
                        format!("{words} (−{} s)", run::MISTAKE_COSTS.as_secs())
                    }
                };
                t.say(words, false);
            }
            _ => {
                self.trainer.wrong(&mut t.attempt);
                t.say(words, false);
            }
        }
        self.keep_current(false);
    }

}

/// Said by `c` on a puzzle's line or review: a puzzle is not played on
/// from another position (its question would no longer hold).
pub const NO_CONTINUING: &str = "the puzzle's line: Esc back to the puzzle";

/// Said by a puzzle key with no puzzle on.
pub const NO_PUZZLE: &str = "no puzzle on: P for one";

/// Said on the first puzzle after the missed ones played again.
pub const REPLAY_OVER: &str =
    "the missed puzzles are done: from here puzzles are chosen near your rating";

/// Said on a puzzle left untouched and brought back by `P`.
pub const COMING_BACK: &str = "the puzzle you left, back as it was (n for another)";

/// Said on the first rated puzzle after a lesson's last step.
pub const LESSON_OVER: &str =
    "the lesson is over: from here the puzzles are rated (Esc back to the tab)";

/// What a tab does for the puzzle keys; [`update`] is the one place that
/// reads them.
pub trait Puzzles {
    type Puzzle: GamePuzzle + Clone;
    type Aside;
    type More: Default;
    fn training(&self) -> &Training<Self::Puzzle, Self::Aside, Self::More>;
    fn training_mut(&mut self) -> &mut Training<Self::Puzzle, Self::Aside, Self::More>;
    /// Makes the puzzle `choice` names; `None` where it is made later (on
    /// the engine's thread: the tab hands it to [`Puzzles::begin`]).
    fn choose(&mut self, choice: Choice) -> Option<(PuzzleId, Self::Puzzle)>;
    /// Puts the puzzle on the tab and gives back what the tab had (its
    /// editor, its game), to wait aside.
    fn put_on(&mut self, puzzle: &Self::Puzzle) -> Self::Aside;
    /// Gives the tab back what [`Puzzles::put_on`] took.
    fn take_back(&mut self, aside: Self::Aside);
    /// After a puzzle went on or the puzzles ended: the tab's analysis
    /// anew, and a game that came back asks for what it was waiting for.
    fn on_board(&mut self) {}

    /// Puts the puzzle `id` (a new one at the level when `None`) on the
    /// tab, the tab's own work put aside (a game too: it comes back).
    fn open(&mut self, id: Option<PuzzleId>) {
        // In a lesson: its next step, while there is one.
        if id.is_none() {
            if let Some((id, puzzle)) = self.training_mut().next_step() {
                self.begin(id, puzzle);
                return;
            }
        }
        let choice = self.training_mut().next_choice(id);
        if let Some((id, puzzle)) = self.choose(choice) {
            self.begin(id, puzzle);
        }
    }

    /// The puzzle made for the last choice goes on the tab.
    fn begin(&mut self, id: PuzzleId, puzzle: Self::Puzzle) {
        let tried = Try::new(id, puzzle);
        let aside = self.put_on(&tried.puzzle);
        self.training_mut().begin(tried, || aside);
        self.say(None);
        self.on_board();
    }

    /// Back to the tab as it was before the puzzles.
    fn leave(&mut self) {
        if let Some(aside) = self.training_mut().end() {
            self.take_back(aside);
        }
        self.say(None);
        self.on_board();
    }
    /// The tab's lesson (`L`), its answers the solver's; why not now
    /// (the game still being solved).
    fn lesson(&mut self) -> Result<Lesson<Self::Puzzle>, String>;
    /// The next step of the hint, in the tab's words.
    fn hint(&mut self) -> Result<(), String>;
    /// The solution, shown as the perfect line.
    fn solution(&mut self) -> Result<(), String>;
    /// The keys only some tabs have (typing a number).
    fn other(&mut self, _action: PuzzleAction) -> Result<(), String> {
        Ok(())
    }
    fn say(&mut self, message: Option<String>);
    /// The themes `f` goes through: the game's, less those of puzzles the
    /// tab does not choose now (Treblecross's drills without the details).
    fn themes_offered(&self) -> Vec<PuzzleTheme> {
        self.training().trainer.game.themes().to_vec()
    }
}

/// A puzzle key, the same in every tab.
pub fn update<P: Puzzles>(tab: &mut P, action: PuzzleAction) {
    // A look at the dashboard leaves the tab's words as they were.
    if action == PuzzleAction::Dashboard {
        tab.training_mut().dashboard_asked = true;
        return;
    }
    tab.say(None);
    let on = tab.training().current.is_some();
    let done = match action {
        PuzzleAction::Toggle if !on => {
            tab.open(None);
            Ok(())
        }
        PuzzleAction::Toggle | PuzzleAction::Leave => {
            // A run left halfway says how far it got (it ended silently).
            let run = tab.training().run_on().map(|r| (r.kind.name(), r.solved));
            tab.leave();
            if let Some((name, solved)) = run {
                let plural = if solved == 1 { "" } else { "s" };
                tab.say(Some(format!(
                    "you left the {name}: {solved} puzzle{plural} solved (S or T starts another)"
                )));
            }
            Ok(())
        }
        PuzzleAction::Theme if tab.training().run_on().is_some() => {
            Err("a run chooses its own puzzles: n or Esc ends it".into())
        }
        PuzzleAction::Theme => {
            let themes = tab.themes_offered();
            let training = tab.training_mut();
            let at = (training.focus)
                .and_then(|f| themes.iter().position(|t| *t == f))
                .map_or(0, |k| k + 1);
            training.focus = themes.get(at).copied();
            training.lesson = None;
            tab.open(None);
            Ok(())
        }
        PuzzleAction::Lesson => tab.lesson().map(|lesson| {
            tab.training_mut().start_lesson(lesson);
            tab.open(None);
        }),
        // A lesson starts no run (its keys do not offer one).
        PuzzleAction::Run(_) if tab.training().in_lesson() => {
            Err("a lesson is on: Esc leaves it, then S or T starts a run".into())
        }
        // From the puzzles or a tab's first screen alike.
        PuzzleAction::Run(kind) => {
            tab.training_mut().start_run(kind);
            tab.open(None);
            Ok(())
        }
        _ if !on => Err(NO_PUZZLE.into()),
        // In a streak run a skip is a mistake: the run ends on this puzzle,
        // its answer shown, rather than giving way to a rated one unseen.
        PuzzleAction::Next if tab.training().streak_run_open() => tab.solution().map(|()| {
            tab.say(Some(
                "a skip ends a streak run: here is the answer (n for rated puzzles)".into(),
            ))
        }),
        PuzzleAction::Next => {
            tab.open(None);
            Ok(())
        }
        PuzzleAction::Aim(_) if tab.training().run_on().is_some() => {
            Err("a run chooses its own puzzles: n or Esc ends it".into())
        }
        PuzzleAction::Aim(by) => {
            let training = tab.training_mut();
            training.lesson = None;
            training.trainer.change_aim(by).map(|_| tab.open(None))
        }
        PuzzleAction::Hint if tab.training().run_on().is_some() => {
            Err(match tab.training().run_on().map(|r| r.kind) {
                Some(RunKind::Timed) => format!(
                    "no hints in a run: p gives up on this one (it costs {} s)",
                    run::MISTAKE_COSTS.as_secs()
                ),
                _ => "no hints in a run: p gives up on this one (and ends the run)".to_string(),
            })
        }
        PuzzleAction::Hint => tab.hint(),
        PuzzleAction::Solution => tab.solution(),
        other => tab.other(other),
    };
    if let Err(why) = done {
        tab.say(Some(why));
    }
}

/// Work between events, the same in every tab (called from its tick): a
/// timed run's clock, and a run's next puzzle once one is solved.
pub fn tick<P: Puzzles>(tab: &mut P) {
    if tab.training_mut().tick(Instant::now()) {
        tab.open(None);
    }
}

pub use crate::training::run::{self, Run, RunEnd, RunKind};
pub use crate::training::{
    aim_words, Attempt, Missed, Progress, Standing, Trainer, AIM_STEP, HINT_STEPS,
};
