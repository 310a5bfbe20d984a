//! A game against the engine in the Treblecross tab: starting and
//! stopping one, your moves and the engine's (asked of the worker), the
//! take-back, the review and the perfect line (also from the editor,
//! where `c` makes the strip the one shown).

use super::engine::{Reply, Request};
use super::{Edit, TreblecrossTab};
use crate::solver::record::{MatchError, Record, Wanted};
use crate::solver::treblecross::{
    new_match, Match, Move, Player, Position, StripValue, Taken, TreblecrossRules,
};
use crate::tui::record_view::Words;
use crate::tui::review::{self, Review};

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

/// A refused game move in words.
fn match_error_words(error: MatchError<Taken>) -> String {
    match error {
        MatchError::GameOver => "the game is over: n plays it again, g goes back to editing".into(),
        MatchError::NotYourTurn => "wait: it is the engine's move".into(),
        MatchError::Illegal(Taken(cell)) => format!("cell {} already holds an X", cell + 1),
        MatchError::NothingToTakeBack => "nothing of yours to take back".into(),
    }
}

impl TreblecrossTab {
    pub fn game(&self) -> Option<&Match> {
        self.game.as_ref()
    }

    /// How moves and values are written for the record shown.
    pub fn words(&self) -> TreblecrossWords {
        TreblecrossWords {
            in_game: self.game.is_some(),
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

    /// Starts a game on the current strip, or stops the one going on (the
    /// strip keeps its moves).
    pub(super) fn toggle_game(&mut self, first: Player) {
        self.study = None;
        if let Some(game) = self.game.take() {
            self.strip = game.position().strip.clone();
            self.message = Some("game stopped: the strip is yours to edit".into());
            self.reanalyze();
            return;
        }
        match new_match(self.strip.clone(), first) {
            Some(game) => {
                self.game = Some(game);
                self.show_analysis = false;
                self.message = None;
                self.after_move();
            }
            None => {
                self.message = Some("the strip already has three in a row: edit it first".into())
            }
        }
    }

    /// The game again from the strip it started on, the same player first.
    pub(super) fn new_game(&mut self) {
        let Some(game) = &mut self.game else {
            self.message = Some("no game to start again: g starts one".into());
            return;
        };
        game.restart();
        self.message = Some("a new game on the same strip".into());
        self.after_move();
    }

    /// After any change to the game: the analysis follows, the engine is
    /// asked for its move when it is to move, and a finished game's moves
    /// for their values (the review's marks).
    pub(super) fn after_move(&mut self) {
        self.reanalyze();
        let Some(game) = &self.game else { return };
        if game.is_on() && game.to_move() == Player::Engine {
            let position = game.position().clone();
            self.worker.ask(Request::Move(position));
        } else if !game.is_on() {
            let wanted = game.record().wanted_annotations();
            self.want(wanted);
        }
    }

    /// Asks the engine for what the record needs to show.
    fn want(&mut self, wanted: Option<Wanted<TreblecrossRules>>) {
        if let Some(wanted) = wanted {
            self.worker.ask(Request::from(wanted));
        }
    }

    /// Takes in the engine's answers; true if one came.
    pub(super) fn poll_engine(&mut self) -> bool {
        let mut any = false;
        loop {
            let reply = match self.worker.try_reply() {
                Ok(Some(reply)) => reply,
                Ok(None) => return any,
                Err(gone) => {
                    self.message = Some(format!("the engine stopped: {gone}"));
                    return true;
                }
            };
            any = true;
            match reply {
                Reply::Move(position, cell) => self.engine_moved(&position, cell),
                Reply::Line(Ok(line)) => {
                    if let Some(game) = &mut self.game {
                        game.lined(line);
                    } else if let Some(study) = &mut self.study {
                        study.lined(line);
                    }
                }
                Reply::Annotated(start, moves, Ok(values)) => {
                    if let Some(game) = &mut self.game {
                        game.annotated(&start, &moves, values);
                    }
                }
                Reply::Line(Err(e)) | Reply::Annotated(_, _, Err(e)) => {
                    self.message = Some(e.to_string())
                }
            }
        }
    }

    /// The engine's answer to "your move in `position`": played if the
    /// game is still there.
    fn engine_moved(
        &mut self,
        position: &Position,
        cell: Result<Option<usize>, crate::solver::octal::ValueTooLarge>,
    ) {
        let Some(game) = &mut self.game else { return };
        if game.position() != position {
            return;
        }
        match cell {
            Ok(Some(cell)) => match game.play(Player::Engine, cell) {
                Ok(()) => self.message = Some(format!("the engine played {}", cell + 1)),
                Err(e) => self.message = Some(match_error_words(e)),
            },
            Ok(None) => self.message = Some("the strip is full".into()),
            Err(e) => self.message = Some(e.to_string()),
        }
        self.after_move();
    }

    /// Your move in a game: an X on an empty cell, then the engine's reply.
    pub(super) fn play_at(&mut self, cell: usize) {
        let Some(game) = &mut self.game else { return };
        match game.play(Player::You, cell) {
            Ok(()) => {
                self.message = None;
                self.after_move();
            }
            Err(e) => self.message = Some(match_error_words(e)),
        }
    }

    /// Takes back your last move and the engine's reply to it.
    pub(super) fn undo_in_game(&mut self) {
        let Some(game) = &mut self.game else { return };
        let before = game.record().moves().len();
        match game.take_back() {
            Ok(()) => {
                let taken = before - game.record().moves().len();
                self.message = Some(crate::tui::record_view::taken_back(taken).into());
                self.after_move();
            }
            Err(e) => self.message = Some(match_error_words(e)),
        }
    }

    /// A review key: on the game (the shared controller), or on the
    /// editor's study of the perfect line from the strip.
    pub(super) fn review_key(&mut self, key: Review) {
        if let Some(game) = &mut self.game {
            let reviewed = review::review(game, key);
            self.message = reviewed.said;
            self.want(reviewed.wanted);
            if reviewed.continued {
                self.after_move();
            }
            return;
        }
        let strip = &self.strip;
        let start = || Position {
            strip: strip.clone(),
            to_move: Player::You,
        };
        let studied = review::study(&mut self.study, start, key);
        self.message = studied.said;
        self.want(studied.wanted);
        if let Some(position) = studied.continue_from {
            self.edit(Edit::whole(&position.strip));
            self.message = Some("the strip is now the one shown".into());
        }
    }

    /// The perfect line from the strip shown, or back from it.
    pub(super) fn toggle_line(&mut self) {
        self.review_key(Review::Line);
    }
}
