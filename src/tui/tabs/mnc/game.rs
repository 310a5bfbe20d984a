//! The match in the MNC tab: the shared match ([`crate::tui::playing`])
//! told where MNC's game lives and what it says, and its review: what the
//! board shows (the game, an earlier position, a step of the perfect
//! line), stepping, the line on and off, continuing from the position
//! shown.

use super::engine::{Answer, Ask};
use super::layout::layout;
use super::puzzle::Settings;
use super::view::MncWords;
use super::MncTab;
use crate::solver::mnc::{IllegalMove, MncRules, Move, Position, Size};
use crate::solver::record::{Annotation, PerfectLine, Shown};
use crate::solver::Outcome;
use crate::tui::playing::playing_fields;
use crate::tui::playing::PlayingTab;
use crate::tui::record_view;
use crate::tui::review::Review;
use crate::tui::theme::Theme;
use ratatui::layout::{Position as At, Rect};

impl PlayingTab for MncTab {
    type Rules = MncRules;
    type Editor = Settings;
    type Ask = Ask;
    type Answer = Answer;
    const NO_MOVE: &'static str = "the engine has no move";
    const THE_GAME: &'static str = "the Noughts & Crosses+ match";
    const OVER: &'static str =
        "the game is over: n new game, u take back, < review, p perfect line";

    playing_fields!();

    fn reanalyze(&mut self) {
        self.rate_position();
    }

    /// Without the position (which says whose piece it is and what it
    /// takes): `small b2`, `big c1-a3`.
    fn move_words(mv: Move, _details: bool) -> String {
        match mv {
            Move::Place { size, cell } => format!("{} {cell}", size_word(size)),
            Move::Shift { from, to } => format!("big {from}-{to}"),
        }
    }

    fn refused(_: &Position, why: IllegalMove, _: bool) -> String {
        format!("not allowed: {why}")
    }

    fn own_answer(&mut self, answer: Answer) {
        match answer {
            Answer::Rated(new) => self.rated(new),
            Answer::Puzzle(asked, id, puzzle) => self.puzzle_made(asked, id, *puzzle),
            Answer::Noted => {}
        }
    }

    /// Nothing: the board marks the engine's move, and the move list
    /// names it (a new game's words stay over its first move).
    fn engine_said(&self, _: Move) -> Option<String> {
        None
    }
}

impl MncTab {
    /// What the board shows: the game, a review or the perfect line.
    pub fn view(&self) -> Shown {
        self.game().record().shown()
    }

    /// The perfect line shown, once the engine has answered.
    pub fn perfect_line(&self) -> Option<&PerfectLine<MncRules>> {
        self.game().record().line()
    }

    /// Each move of the game with its mover's value before it and the
    /// value after it, once the engine has answered for the game as it
    /// stands.
    pub fn annotations(&self) -> Option<&[Annotation<Outcome>]> {
        self.game().record().annotations()
    }

    /// The position the board shows, and the move that led to it.
    pub fn shown(&self) -> (Position, Option<Move>) {
        self.game().record().shown_position()
    }

    /// A review key: the shared controller on the match, then the engine
    /// asked for what the record wants.
    pub(super) fn review_key(&mut self, key: Review) {
        self.selection = None;
        self.review_game(key);
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
            self.game().record(),
            &MncWords {
                human: self.human(),
            },
            moves,
            at,
        )
    }
}

fn size_word(size: Size) -> &'static str {
    match size {
        Size::Small => "small",
        Size::Big => "big",
    }
}
