//! The match's review in the MNC tab: what the board shows (the game, an
//! earlier position, a step of the perfect line), stepping, the line on
//! and off, continuing from the position shown, and the engine asked for
//! what the record needs.

use super::engine::Request;
use super::layout::layout;
use super::view::MncWords;
use super::MncTab;
use crate::solver::mnc::{MncRules, Move, Position};
use crate::solver::record::{Annotation, PerfectLine, Shown, Wanted};
use crate::solver::Outcome;
use crate::tui::record_view;
use crate::tui::review::{self, Review};
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

    /// A review key: the shared controller on the match, then the engine
    /// asked for what the record wants.
    pub(super) fn review_key(&mut self, key: Review) {
        self.selection = None;
        let reviewed = review::review(&mut self.game, key);
        self.message = reviewed.said;
        self.want(reviewed.wanted);
        if reviewed.continued {
            self.after_move();
        }
    }

    /// The perfect line from the position shown, or back from it.
    pub(super) fn toggle_line(&mut self) {
        self.review_key(Review::Line);
    }

    /// The position a click on the value history or the move list picks,
    /// if any.
    pub fn ply_at(&self, area: Rect, at: At) -> Option<usize> {
        let layout = layout(area)?;
        let lines = self.status_lines(&layout, &Theme { color: false });
        let (_, moves) = self.panel_areas(&layout, &lines);
        record_view::ply_at(
            self.game.record(),
            &MncWords {
                human: self.human(),
            },
            moves,
            at,
        )
    }
}
