//! The match's review in the MNC tab: what the board shows (the game, an
//! earlier position, a step of the perfect line), stepping, the line on
//! and off, continuing from the position shown, and the engine asked for
//! what the record needs.

use super::engine::Request;
use super::layout::layout;
use super::view::MncWords;
use super::MncTab;
use crate::solver::mnc::{MncRules, Move, Position};
use crate::solver::record::{Annotation, NoStep, PerfectLine, Shown, Wanted};
use crate::solver::Outcome;
use crate::tui::record_view;
use crate::tui::theme::Theme;
use ratatui::layout::{Position as At, Rect};

impl MncTab {
    /// Asks the engine for what the record needs to show.
    pub(super) fn want(&mut self, wanted: Option<Wanted<MncRules>>) {
        match wanted {
            Some(Wanted::Annotations(start, moves)) => {
                self.worker.ask(Request::Annotate(start, moves))
            }
            Some(Wanted::Line(from)) => self.worker.ask(Request::Line(from)),
            None => {}
        }
    }

    /// What the board shows: the game, a review or the perfect line.
    pub fn view(&self) -> Shown {
        self.game.record().shown()
    }

    /// The perfect line shown, once the engine has answered.
    pub fn perfect_line(&self) -> Option<&PerfectLine<MncRules>> {
        self.game.record().line()
    }

    /// Each move of the game with its mover's value before it and the
    /// value after it, once the engine has answered for the game as it
    /// stands.
    pub fn annotations(&self) -> Option<&[Annotation<Outcome>]> {
        self.game.record().annotations()
    }

    /// The position the board shows, and the move that led to it.
    pub fn shown(&self) -> (Position, Option<Move>) {
        self.game.record().shown_position()
    }

    /// One move back or forward: along the game, or along the perfect line.
    pub(super) fn step(&mut self, by: isize) {
        self.message = None;
        self.selection = None;
        let before = self.view();
        match self.game.step(by) {
            Ok(wanted) => {
                if by > 0 && self.view() == Shown::Live {
                    self.message = Some("> steps forward in a review: < opens one".into());
                } else if self.view() == before {
                    self.message = Some(record_view::end_of_steps(by).into());
                }
                self.want(wanted)
            }
            Err(_) => self.message = Some("no move to review yet".into()),
        }
    }

    /// Shows the position after `ply` moves (the game itself at its end).
    pub(super) fn review(&mut self, ply: usize) {
        self.selection = None;
        let wanted = self.game.review(ply);
        self.want(wanted);
    }

    /// The perfect line from the position shown; again: back from it.
    pub(super) fn toggle_line(&mut self) {
        self.message = None;
        self.selection = None;
        match self.game.toggle_line() {
            Ok(wanted) => self.want(wanted),
            Err(NoStep::GameOverThere) => {
                self.message = Some("the game is over there: no line to show".into())
            }
            Err(NoStep::NoMove) => {}
        }
    }

    /// Play on from the position shown: later moves of the game go, the
    /// perfect line's moves up to the step shown become the game's.
    pub(super) fn continue_here(&mut self) {
        if self.game.continue_here() {
            self.message = Some("play goes on from here".into());
            self.after_move();
        }
    }

    /// The move a click on the list picks, if any.
    pub fn move_at(&self, area: Rect, at: At) -> Option<usize> {
        let layout = layout(area)?;
        let lines = self.status_lines(&layout, &Theme { color: false });
        let (_, moves) = self.panel_areas(&layout, &lines);
        record_view::move_at(
            self.game.record(),
            &MncWords {
                human: self.human(),
            },
            moves,
            at,
        )
    }
}
