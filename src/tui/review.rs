//! Review and the perfect line, the same in every tab: the keys
//! ([`review_keys!`]), what they ask ([`Review`]) and the one function that
//! does it ([`review`]) on a game's record or on a study (the perfect line
//! from a position with no game: the tic-tac-toe board, the Treblecross
//! strip being edited). The tab then asks its engine for what the record
//! wants and says what [`Reviewed::said`] says.

use crate::solver::record::{Match, NoStep, Record, Rules, Shown, Wanted};

/// What the review keys ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Review {
    /// A move back (negative) or on: in the review, or along the line.
    Step(isize),
    /// The perfect line from the position shown; again: back from it.
    Line,
    /// One level back: from the line to where it was opened, from a
    /// review to the game as it stands.
    Back,
    /// Go on from the position shown.
    Continue,
    /// The position after this many moves (a click on the move list).
    At(usize),
}

/// What a review key did.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed<R: Rules> {
    /// What the record needs from the engine to show it.
    pub wanted: Option<Wanted<R>>,
    /// Words for the tab's message (none: the message goes).
    pub said: Option<String>,
    /// Play goes on from the position that was shown.
    pub continued: bool,
}

impl<R: Rules> Reviewed<R> {
    fn quiet(wanted: Option<Wanted<R>>) -> Self {
        Reviewed {
            wanted,
            said: None,
            continued: false,
        }
    }

    fn saying(said: &str) -> Self {
        Reviewed {
            wanted: None,
            said: Some(said.into()),
            continued: false,
        }
    }
}

/// A record the review keys work on: a game's, or a study's.
pub trait Reviewable<R: Rules> {
    fn record(&self) -> &Record<R>;
    fn step(&mut self, by: isize) -> Result<Option<Wanted<R>>, NoStep>;
    fn review(&mut self, ply: usize) -> Option<Wanted<R>>;
    fn toggle_line(&mut self) -> Result<Option<Wanted<R>>, NoStep>;
    fn back(&mut self);
    fn continue_here(&mut self) -> bool;
}

impl<R: Rules> Reviewable<R> for Match<R> {
    fn record(&self) -> &Record<R> {
        Match::record(self)
    }
    fn step(&mut self, by: isize) -> Result<Option<Wanted<R>>, NoStep> {
        Match::step(self, by)
    }
    fn review(&mut self, ply: usize) -> Option<Wanted<R>> {
        Match::review(self, ply)
    }
    fn toggle_line(&mut self) -> Result<Option<Wanted<R>>, NoStep> {
        Match::toggle_line(self)
    }
    fn back(&mut self) {
        Match::back(self);
    }
    fn continue_here(&mut self) -> bool {
        Match::continue_here(self)
    }
}

impl<R: Rules> Reviewable<R> for Record<R> {
    fn record(&self) -> &Record<R> {
        self
    }
    fn step(&mut self, by: isize) -> Result<Option<Wanted<R>>, NoStep> {
        Record::step(self, by)
    }
    fn review(&mut self, ply: usize) -> Option<Wanted<R>> {
        Record::review(self, ply)
    }
    fn toggle_line(&mut self) -> Result<Option<Wanted<R>>, NoStep> {
        Record::toggle_line(self, R::is_over)
    }
    fn back(&mut self) {
        Record::back(self);
    }
    fn continue_here(&mut self) -> bool {
        Record::continue_here(self)
    }
}

/// A review key on `target`, with the words every tab says.
pub fn review<R: Rules>(target: &mut impl Reviewable<R>, action: Review) -> Reviewed<R> {
    match action {
        Review::Step(by) => {
            let before = target.record().shown();
            match target.step(by) {
                Err(_) => Reviewed::saying("no move to review yet"),
                Ok(wanted) => {
                    let now = target.record().shown();
                    let said = if by > 0 && now == Shown::Live && before == Shown::Live {
                        Some("> steps forward in a review: < opens one".into())
                    } else if now == before {
                        Some(end_of_steps(by).into())
                    } else {
                        None
                    };
                    Reviewed {
                        said,
                        ..Reviewed::quiet(wanted)
                    }
                }
            }
        }
        Review::At(ply) => Reviewed::quiet(target.review(ply)),
        Review::Line => match target.toggle_line() {
            Ok(wanted) => Reviewed::quiet(wanted),
            Err(NoStep::GameOverThere) => {
                Reviewed::saying("the game is over there: no line to show")
            }
            Err(NoStep::NoMove) => Reviewed::quiet(None),
        },
        Review::Back => {
            target.back();
            Reviewed::quiet(None)
        }
        Review::Continue => {
            let continued = target.continue_here();
            let said = if continued {
                "play goes on from here"
            } else {
                "c goes on from a position shown: < reviews the game, p shows the perfect line"
            };
            Reviewed {
                wanted: None,
                said: Some(said.into()),
                continued,
            }
        }
    }
}

/// What a review key did to a study.
#[derive(Debug, Clone, PartialEq)]
pub struct Studied<R: Rules> {
    /// The perfect line the study needs (the tab's engine, or its solver).
    pub wanted: Option<Wanted<R>>,
    pub said: Option<String>,
    /// `c`: the position shown, for the tab to make its own (an edit).
    pub continue_from: Option<R::Position>,
}

/// A review key on a study: the perfect line from a position with no game
/// (`start`: the position as it stands, when the line opens). The study
/// is the record while the line is shown, `None` otherwise.
pub fn study<R: Rules>(
    study: &mut Option<Record<R>>,
    start: impl FnOnce() -> R::Position,
    key: Review,
) -> Studied<R> {
    let mut studied = Studied {
        wanted: None,
        said: None,
        continue_from: None,
    };
    match key {
        Review::Line if study.as_ref().is_some_and(|s| s.shown() != Shown::Live) => *study = None,
        Review::Line => {
            let record = study.insert(Record::new(start()));
            let reviewed = review(record, Review::Line);
            if reviewed.said.is_some() {
                *study = None;
                studied.said = Some("the game is over here: no line to show".into());
            }
            studied.wanted = reviewed.wanted;
        }
        Review::Back => *study = None,
        Review::Continue => {
            if let Some(record) = study.take() {
                if record.shown() != Shown::Live {
                    studied.continue_from = Some(record.shown_position().0);
                }
            }
        }
        Review::Step(_) | Review::At(_) => match study {
            Some(record) => {
                let reviewed = review(record, key);
                studied.said = reviewed.said;
                studied.wanted = reviewed.wanted;
            }
            None => studied.said = Some("no line shown: p opens the perfect line".into()),
        },
    }
    studied
}

/// What a step past either end of the review or the line says.
pub fn end_of_steps(by: isize) -> &'static str {
    if by < 0 {
        "already at the start: > steps on"
    } else {
        "already at the end: < steps back"
    }
}

/// The review keys, the same in every tab, in a tab's
/// [`keys!`](crate::tui::keymap::keys) table between its first lines and
/// the rest: `review_keys![wrap; reviewing: MODES, stepping: MODES, line:
/// MODES; { first lines } { the rest }]`. `reviewing`: a review or a line
/// is shown; `stepping`: `<` opens or steps (a game with moves, a line);
/// `line`: `p` opens the line.
macro_rules! review_keys {
    [$wrap:path; reviewing: $reviewing:expr, stepping: $stepping:expr, line: $line:expr;
        { $($first:tt)* } { $($rest:tt)* }] => {
        $crate::tui::keymap::keys![
            $($first)*
            [$crate::tui::keymap::key(crossterm::event::KeyCode::Esc)] "Esc"
                "back: from the line to the review, then to the game or board"
                => $wrap($crate::tui::review::Review::Back), when $reviewing, footer "back";
            [$crate::tui::keymap::ch('<'), $crate::tui::keymap::ch(',')] "<"
                "a move back: in the review (or click a move), or along the line"
                => $wrap($crate::tui::review::Review::Step(-1)), when $stepping, group "< >" "review";
            [$crate::tui::keymap::ch('>'), $crate::tui::keymap::ch('.')] ">"
                "a move on: in the review, or along the line"
                => $wrap($crate::tui::review::Review::Step(1)), when $reviewing;
            [$crate::tui::keymap::ch('p')] "p" "perfect line from the position shown (again: back)"
                => $wrap($crate::tui::review::Review::Line), when $line, footer "perfect line";
            [$crate::tui::keymap::ch('c')] "c" "continue from the position shown"
                => $wrap($crate::tui::review::Review::Continue), when $reviewing,
                needs $crate::tui::keymap::When::NO_PUZZLE, footer "continue here";
            $($rest)*
        ]
    };
}
pub(crate) use review_keys;
