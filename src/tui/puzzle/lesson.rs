//! A lesson (`L`): a few steps on real positions, each one a puzzle the
//! tab already shows and judges (a click or a move answers, hints and `p`
//! work as in any puzzle), asked in plain words and followed by a
//! sentence of why. The answers are the solver's, as every puzzle's are;
//! a step counts for nothing in the record ([`Attempt::practice`]). After
//! the last step the lesson points to the rated puzzles.

use super::{Attempt, Standing, Training, Try};
use crate::tui::widgets::together;
use crate::solver::puzzle::PuzzleId;
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// One step: the puzzle the player answers, what it asks in plain words,
/// and why the answer is right, said once it is found (or shown).
pub struct Step<P> {
    pub puzzle: P,
    pub ask: String,
    pub why: String,
    /// The first hints, in the step's words (the puzzle's own, which may
    /// speak of nim-sums or a quotient, give the last: the move).
    pub hints: Vec<String>,
}

impl<P> Step<P> {
    pub fn new(puzzle: P, ask: impl Into<String>, why: impl Into<String>) -> Step<P> {
        Step {
            puzzle,
            ask: ask.into(),
            why: why.into(),
            hints: Vec::new(),
        }
    }

    /// The step with its own first hints.
    pub fn hinted(mut self, hints: &[&str]) -> Step<P> {
        self.hints = hints.iter().map(|h| h.to_string()).collect();
        self
    }
}

/// Hint number `step` (from 1) of the lesson's step on the board, where
/// the step has its own.
pub(super) fn step_hint<P>(lesson: Option<&Lesson<P>>, step: u8) -> Option<String> {
    let own = &lesson?.step()?.hints;
    own.get(usize::from(step).checked_sub(1)?).cloned()
}

/// A tab's lesson, and how far the player is in it.
pub struct Lesson<P> {
    pub title: &'static str,
    pub steps: Vec<Step<P>>,
    /// Steps put on the board so far: the one on is `shown - 1`.
    shown: usize,
}

impl<P> Lesson<P> {
    pub fn new(title: &'static str, steps: Vec<Step<P>>) -> Lesson<P> {
        Lesson {
            title,
            steps,
            shown: 0,
        }
    }

    /// The step on the board, if one is.
    pub fn step(&self) -> Option<&Step<P>> {
        self.shown.checked_sub(1).and_then(|k| self.steps.get(k))
    }

    /// "step 2 of 5".
    pub fn place(&self) -> String {
        together(&format!("step {} of {}", self.shown, self.steps.len()))
    }

    fn is_last(&self) -> bool {
        self.shown >= self.steps.len()
    }
}

impl<P: Clone, A, E> Training<P, A, E> {
    /// A lesson begins: a run on is stopped, and the puzzle on (outside a
    /// run) counts as skipped; the tab then opens its first step
    /// ([`Training::next_step`]).
    pub fn start_lesson(&mut self, lesson: Lesson<P>) {
        self.close_current(self.run.is_none());
        self.run = None;
        self.lesson = Some(lesson);
    }

    /// The lesson's next step, as a puzzle to open (its id names the game
    /// and the step); none when no lesson is on or its last step was on
    /// (the lesson then ends, and rated puzzles follow).
    pub fn next_step(&mut self) -> Option<(PuzzleId, P)> {
        let lesson = self.lesson.as_mut()?;
        if lesson.is_last() {
            self.lesson = None;
            self.lesson_ended = true;
            return None;
        }
        lesson.shown += 1;
        let step = lesson.step()?;
        let id = PuzzleId {
            game: self.trainer.game,
            level: 0,
            seed: lesson.shown as u32,
        };
        Some((id, step.puzzle.clone()))
    }
}

impl<P, A, E> Training<P, A, E> {
    /// Whether a lesson is on.
    pub fn in_lesson(&self) -> bool {
        self.lesson.is_some()
    }

    /// Whether a lesson is on at a step before step `k` (from 1): the
    /// words step `k` teaches are not known yet.
    pub fn before_step(&self, k: usize) -> bool {
        self.lesson.as_ref().is_some_and(|l| l.shown < k)
    }

    /// Whether a lesson is on at a step before its last: the words a
    /// later step teaches are not known yet.
    pub fn before_last_step(&self) -> bool {
        self.lesson.as_ref().is_some_and(|l| !l.is_last())
    }

    /// What a key that needs an open puzzle says once it is over: a
    /// lesson speaks of its step.
    pub fn over_words(&self) -> String {
        if self.in_lesson() {
            "this step is done: n for the next step".into()
        } else {
            "this puzzle is over: n for the next".into()
        }
    }

    /// Hint number `step` (from 1) of the step on the board, where it
    /// has its own.
    pub fn lesson_hint(&self, step: u8) -> Option<String> {
        step_hint(self.lesson.as_ref(), step)
    }

    /// A step going on: its attempt is practice, with no rating.
    pub(super) fn lesson_attempt(&self, tried: &mut Try<P, E>) {
        if self.lesson.is_some() {
            tried.attempt.practice = true;
            tried.attempt.rating = 0;
        }
    }

    /// The lesson's panel lines, when one is on: the heading, the step's
    /// question, why (once the step is over) and what to do next.
    pub(super) fn lesson_lines(
        &self,
        attempt: &Attempt,
        theme: &Theme,
    ) -> Option<[Vec<Line<'static>>; 4]> {
        let lesson = self.lesson.as_ref()?;
        let step = lesson.step()?;
        let heading = vec![Line::styled(
            format!("LESSON {}, {}", lesson.title, lesson.place()),
            theme.title(),
        )];
        let over = attempt.standing != Standing::Solving;
        // Once the step is over, why it went so takes the question's rows
        // (the answer's line says what was played), and says first what
        // comes next, in a few words (the footer has Esc): round 14 could
        // not read the end of the last step's why at 40×16.
        let next = if lesson.is_last() {
            "the lesson is over; n: a rated puzzle"
        } else {
            "n: the next step"
        };
        let (question, why, standing) = if over {
            let why = format!("Why ({next}): {}", step.why);
            (Vec::new(), vec![Line::raw(why)], Vec::new())
        } else {
            let ask = vec![Line::styled(step.ask.clone(), theme.title())];
            // The last hint shows the answer and ends the step: said first.
            let standing = match (attempt.hints, lesson.is_last()) {
                (2, _) => "t once more shows the answer (the step ends); n skips; Esc leaves",
                (_, false) => "t for a hint, p shows the answer, n skips the step; Esc leaves",
                (_, true) => {
                    "t for a hint, p shows the answer; the last step: n ends the lesson, Esc leaves"
                }
            };
            (ask, Vec::new(), vec![Line::styled(standing, theme.dim())])
        };
        Some([heading, question, why, standing])
    }
}
