//! A game against the engine in the Notakto tab: the match itself is the
//! shared one ([`crate::tui::playing`]); here are its words and where the
//! boards come from and go back to.

use super::puzzle::Editor;
use super::NotaktoTab;
use crate::notation::notakto::move_named;
use crate::solver::notakto::game::{NotPlayable, NotaktoRules, Player, Position};
use crate::solver::notakto::{Board, Move};
use crate::solver::record::Record;
use crate::tui::playing::playing_fields;
use crate::tui::playing::{EditedMatch, Players, PlayingTab, PlayingWords};
use std::convert::Infallible;

impl PlayingTab for NotaktoTab {
    type Rules = NotaktoRules;
    type Editor = Editor;
    type Ask = Infallible;
    type Answer = Infallible;
    const NO_MOVE: &'static str = "no live board";
    const THE_GAME: &'static str = "the Notakto game";

    playing_fields!();

    fn reanalyze(&mut self) {
        NotaktoTab::reanalyze(self);
    }

    fn move_words(mv: Move, details: bool) -> String {
        move_named(mv, details)
    }

    fn refused(position: &Position, NotPlayable(mv): NotPlayable, details: bool) -> String {
        match position.boards.get(mv.board) {
            Some(board) if board.is_dead() => {
                format!("board {} is dead: no move there", mv.board + 1)
            }
            Some(board) if board.has_x(mv.cell) => {
                format!("{} holds an X already", move_named(mv, details))
            }
            _ => format!("{} is not a cell of the boards", move_named(mv, details)),
        }
    }
}

impl EditedMatch for NotaktoTab {
    const STOPPED: &'static str = "game stopped: the boards are yours to edit (u undoes its moves)";
    const PLAYED_AGAIN: &'static str = "a new game on the same boards";
    const NOW_SHOWN: &'static str = "the boards are now the ones shown";
    const NO_GAME: &'static str = "every board is dead: edit one first";
    const STOP_QUESTION: &'static str = "Stop the game and edit the boards? The game in progress is discarded (the boards keep their X).";
    const AGAIN_QUESTION: &'static str =
        "Start the game again from its first boards? The game in progress is discarded.";

    fn editor_start(&self, first: Player) -> (Position, Player) {
        let start = Position {
            boards: self.boards.clone(),
            to_move: first,
        };
        (start, Player::You)
    }

    /// A solved puzzle's answer is on the boards: the opponent moves first
    /// in the line from there (round 7 read "you" for them).
    fn line_first(&self) -> Player {
        match self.training.is_solved() {
            true => Player::Engine,
            false => Player::You,
        }
    }

    fn take_position(&mut self, position: Position) {
        self.edit(position.boards);
    }

    fn game_began(&mut self) {
        self.show_analysis = false;
    }

    fn mover_wins(&self) -> Option<bool> {
        Some(self.analysis.is_winning())
    }
}

impl NotaktoTab {
    /// How moves and values are written for the record shown.
    pub fn words(&self) -> PlayingWords<NotaktoTab> {
        PlayingWords::new(Players::of(
            self.playing.game.is_some(),
            self.training.current.is_some(),
        ),
            self.details,
        )
    }

    /// The game's record, or the editor's study of a perfect line.
    pub fn record(&self) -> Option<&Record<NotaktoRules>> {
        self.playing.record()
    }

    /// The boards drawn, and the last move that led to them with the
    /// player who made it.
    pub fn shown(&self) -> (Vec<Board>, Option<(Player, Move)>) {
        match self.record() {
            Some(record) => {
                let (position, last) = record.shown_position();
                let mover = position.to_move.other();
                (position.boards, last.map(|mv| (mover, mv)))
            }
            None => (self.boards.clone(), None),
        }
    }
}
