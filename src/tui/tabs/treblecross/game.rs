//! A game against the engine in the Treblecross tab: the match itself is
//! the shared one ([`crate::tui::playing`]); here are its words and where
//! the strip comes from and goes back to.

use super::puzzle::{Aside, Editor};
use super::{Edit, TreblecrossTab};
use crate::solver::record::Record;
use crate::solver::treblecross::{
    Match, Move, Player, Position, StripValue, Taken, TreblecrossRules,
};
use crate::tui::playing::{Playing, PlayingTab};
use crate::tui::record_view::Words;
use crate::tui::review::Review;

/// How Treblecross moves and values are written in the move list and the
/// review: in a game with the players' names, in the editor's study of a
/// line as values for the player to move.
pub struct TreblecrossWords {
    pub in_game: bool,
}

fn player_word(player: Player) -> &'static str {
    match player {
        Player::You => "you",
        Player::Engine => "engine",
    }
}

impl Words<TreblecrossRules> for TreblecrossWords {
    fn move_text(&self, before: &Position, cell: Move) -> String {
        if self.in_game {
            format!("{} {}", player_word(before.to_move), cell + 1)
        } else {
            (cell + 1).to_string()
        }
    }

    /// Nothing: a move in the list already names its player.
    fn who(&self, _: Player) -> &'static str {
        ""
    }

    fn history_side(&self, record: &Record<TreblecrossRules>) -> (Player, &'static str) {
        match self.in_game {
            true => (Player::You, "you"),
            false => (record.start().to_move, "the first to move"),
        }
    }

    fn value_text(&self, position: &Position, value: StripValue) -> String {
        let mover = position.to_move;
        let winner = if value.winning { mover } else { mover.other() };
        match (self.in_game, value.plies) {
            (true, Some(0)) => match winner {
                Player::You => "you won: three in a row".into(),
                Player::Engine => "the engine won: three in a row".into(),
            },
            (false, Some(0)) => "three in a row".into(),
            (true, Some(d)) => {
                let plies = if d == 1 { "ply" } else { "plies" };
                match winner {
                    Player::You => format!("you win in {d} {plies}"),
                    Player::Engine => format!("the engine wins in {d} {plies}"),
                }
            }
            (true, None) => match winner {
                Player::You => "you win with perfect play".into(),
                Player::Engine => "the engine wins with perfect play".into(),
            },
            (false, plies) => {
                let word = if value.winning { "WINNING" } else { "LOSING" };
                match plies {
                    Some(d) => format!("{word} in {d}"),
                    None => word.into(),
                }
            }
        }
    }
}

impl PlayingTab for TreblecrossTab {
    type Rules = TreblecrossRules;
    type Editor = Editor;
    const STOPPED: &'static str = "game stopped: the strip is yours to edit (u undoes its moves)";
    const PLAYED_AGAIN: &'static str = "a new game on the same strip";
    const NOW_SHOWN: &'static str = "the strip is now the one shown";
    const NO_GAME: &'static str = "the strip already has three in a row: edit it first";
    const NO_MOVE: &'static str = "the strip is full";
    const STOP_QUESTION: &'static str = "Stop the game and edit the strip? The game in progress is discarded (the strip keeps its X).";
    const AGAIN_QUESTION: &'static str =
        "Start the game again from its first strip? The game in progress is discarded.";

    fn playing(&self) -> &Playing<TreblecrossRules> {
        &self.playing
    }

    fn aside(&self) -> Option<&Aside> {
        self.training.put_aside()
    }

    fn playing_mut(&mut self) -> &mut Playing<TreblecrossRules> {
        &mut self.playing
    }

    fn message_mut(&mut self) -> &mut Option<String> {
        &mut self.message
    }

    fn reanalyze(&mut self) {
        TreblecrossTab::reanalyze(self);
    }

    fn editor_position(&self, first: Player) -> Position {
        Position {
            strip: self.strip.clone(),
            to_move: first,
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

    fn move_words(cell: usize) -> String {
        (cell + 1).to_string()
    }

    fn refused(_: &Position, Taken(cell): Taken) -> String {
        format!("cell {} already holds an X", cell + 1)
    }
}

impl TreblecrossTab {
    pub fn game(&self) -> Option<&Match> {
        self.playing.game.as_ref()
    }

    /// How moves and values are written for the record shown.
    pub fn words(&self) -> TreblecrossWords {
        TreblecrossWords {
            in_game: self.playing.game.is_some(),
        }
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
