//! A game against the engine in the Treblecross tab: the match itself is
//! the shared one ([`crate::tui::playing`]); here are its words and where
//! the strip comes from and goes back to.

use super::puzzle::Editor;
use super::{Edit, TreblecrossTab};
use crate::solver::treblecross::{Match, Player, Position, Taken, TreblecrossRules};
use crate::tui::playing::playing_fields;
use crate::tui::playing::{EditedMatch, Players, PlayingTab, PlayingWords};
use crate::tui::review::Review;
use std::convert::Infallible;

impl PlayingTab for TreblecrossTab {
    type Rules = TreblecrossRules;
    type Editor = Editor;
    type Ask = Infallible;
    type Answer = Infallible;
    const NO_MOVE: &'static str = "the strip is full";
    const THE_GAME: &'static str = "the Treblecross game";

    playing_fields!();

    fn reanalyze(&mut self) {
        TreblecrossTab::reanalyze(self);
    }

    fn move_words(cell: usize, _details: bool) -> String {
        (cell + 1).to_string()
    }

    fn refused(_: &Position, Taken(cell): Taken, _: bool) -> String {
        format!("cell {} already holds an X", cell + 1)
    }
}

impl EditedMatch for TreblecrossTab {
    const STOPPED: &'static str = "game stopped: the strip is yours to edit (u undoes its moves)";
    const PLAYED_AGAIN: &'static str = "a new game on the same strip";
    const NOW_SHOWN: &'static str = "the strip is now the one shown";
    const NO_GAME: &'static str = "the strip already has three in a row: edit it first";
    const STOP_QUESTION: &'static str = "Stop the game and edit the strip? The game in progress is discarded (the strip keeps its X).";
    const AGAIN_QUESTION: &'static str =
        "Start the game again from its first strip? The game in progress is discarded.";

    fn editor_start(&self, first: Player) -> (Position, Player) {
        let start = Position {
            strip: self.strip.clone(),
            to_move: first,
        };
        (start, Player::You)
    }

    /// A solved puzzle's answer is on the strip: the opponent moves first
    /// in the line from there (round 7 read "you" for them).
    fn line_first(&self) -> Player {
        match self.training.is_solved() {
            true => Player::Engine,
            false => Player::You,
        }
    }

    fn take_position(&mut self, position: Position) {
        if position.strip != self.strip {
            self.edit(Edit::whole(&position.strip));
        }
    }

    fn game_began(&mut self) {
        self.show_analysis = false;
    }

    fn mover_wins(&self) -> Option<bool> {
        self.analysis.as_ref().map(|a| a.is_winning())
    }
}

impl TreblecrossTab {
    pub fn game(&self) -> Option<&Match> {
        self.playing.game.as_ref()
    }

    /// How moves and values are written for the record shown.
    pub fn words(&self) -> PlayingWords<TreblecrossTab> {
        PlayingWords::new(Players::of(
            self.playing.game.is_some(),
            self.training.current.is_some(),
        ),
            self.details,
        )
    }

    /// The strip the board shows, and the last move that led to it with
    /// the player who made it.
    pub fn shown(&self) -> (crate::solver::treblecross::Strip, Option<(Player, usize)>) {
        match self.record() {
            Some(record) => {
                let (position, last) = record.shown_position();
                let mover = position.to_move.other();
                (position.strip, last.map(|cell| (mover, cell)))
            }
            None => (self.strip.clone(), None),
        }
    }

    /// The perfect line from the strip shown, or back from it.
    pub(super) fn toggle_line(&mut self) {
        self.review_key(Review::Line);
    }
}
