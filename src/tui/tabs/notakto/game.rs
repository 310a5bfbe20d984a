//! A game against the engine in the Notakto tab: starting and stopping
//! one, your moves and the engine's (asked of the worker), the take-back,
//! the review and the perfect line (also from the editor, where `c` makes
//! the boards the ones shown).

use super::engine::{Reply, Request};
use super::NotaktoTab;
use crate::notation::notakto::MoveText;
use crate::solver::notakto::game::{
    new_match, MatchError, NotPlayable, NotaktoRules, Player, Position,
};
use crate::solver::notakto::{Board, Move};
use crate::solver::record::{KnownValue, Record, Wanted};
use crate::tui::record_view::{taken_back, Words};
use crate::tui::review::{self, Review};

/// How Notakto moves and values are written in the move list and the
/// review: in a game with the players' names, in the editor's study of a
/// line as values for the player to move.
pub struct NotaktoWords {
    pub in_game: bool,
}

impl Words<NotaktoRules> for NotaktoWords {
    fn move_text(&self, before: &Position, mv: Move) -> String {
        match (self.in_game, before.to_move) {
            (true, Player::You) => format!("you {}", MoveText(mv)),
            (true, Player::Engine) => format!("engine {}", MoveText(mv)),
            (false, _) => MoveText(mv).to_string(),
        }
    }

    /// Nothing: a move in the list already names its player.
    fn who(&self, _: Player) -> &'static str {
        ""
    }

    fn history_side(&self, record: &Record<NotaktoRules>) -> (Player, &'static str) {
        match self.in_game {
            true => (Player::You, "you"),
            false => (record.start().to_move, "the first to move"),
        }
    }

    /// Short, for the narrow columns of the move list: `engine wins in
    /// 5` (plies), `you won`.
    fn value_text(&self, position: &Position, value: KnownValue) -> String {
        let mover = position.to_move;
        let winner = if value.winning { mover } else { mover.other() };
        let who = match winner {
            Player::You => "you",
            Player::Engine => "engine",
        };
        let wins = if winner == Player::You { "win" } else { "wins" };
        match (self.in_game, value.plies) {
            // No live board: the player to move has won.
            (true, Some(0)) => format!("{who} won"),
            (true, Some(d)) => format!("{who} {wins} in {d}"),
            (true, None) => format!("{who} {wins}"),
            (false, Some(0)) => "every board dead".into(),
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
fn match_error_words(error: MatchError) -> String {
    match error {
        MatchError::GameOver => "the game is over: n plays it again, g goes back to editing".into(),
        MatchError::NotYourTurn => "wait: it is the engine's move".into(),
        MatchError::Illegal(NotPlayable(mv)) => {
            let board = mv.board + 1;
            format!(
                "{} is not playable: board {board} is dead or the cell holds an X",
                MoveText(mv)
            )
        }
        MatchError::NothingToTakeBack => "nothing of yours to take back".into(),
    }
}

impl NotaktoTab {
    /// How moves and values are written for the record shown.
    pub fn words(&self) -> NotaktoWords {
        NotaktoWords {
            in_game: self.game.is_some(),
        }
    }

    /// The game's record, or the editor's study of a perfect line.
    pub fn record(&self) -> Option<&Record<NotaktoRules>> {
        match &self.game {
            Some(game) => Some(game.record()),
            None => self.study.as_ref(),
        }
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

    /// Starts a game on the boards, or stops the one going on (the boards
    /// keep its moves).
    pub(super) fn toggle_game(&mut self, first: Player) {
        self.study = None;
        if let Some(game) = self.game.take() {
            // An edit: u brings back the boards the game started from.
            self.edit(game.position().boards.clone());
            self.reanalyze();
            self.message = Some("game stopped: the boards are yours to edit".into());
            return;
        }
        match new_match(self.boards.clone(), first) {
            Some(game) => {
                self.game = Some(game);
                self.show_analysis = false;
                self.message = None;
                self.after_move();
            }
            None => self.message = Some("every board is dead: edit one first".into()),
        }
    }

    /// The game again from the boards it started on, the same player first.
    pub(super) fn new_game(&mut self) {
        let Some(game) = &mut self.game else {
            self.message = Some("no game to start again: g starts one".into());
            return;
        };
        game.restart();
        self.message = Some("a new game on the same boards".into());
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
    fn want(&mut self, wanted: Option<Wanted<NotaktoRules>>) {
        if let Some(wanted) = wanted {
            self.worker.ask(Request::from(wanted));
        }
    }

    /// Takes in the engine's answers.
    pub(super) fn poll_engine(&mut self) {
        loop {
            let reply = match self.worker.try_reply() {
                Ok(Some(reply)) => reply,
                Ok(None) => return,
                Err(gone) => {
                    self.message = Some(format!("the engine stopped: {gone}"));
                    return;
                }
            };
            match reply {
                Reply::Move(position, mv) => self.engine_moved(&position, mv),
                Reply::Line(line) => {
                    if let Some(game) = &mut self.game {
                        game.lined(line);
                    } else if let Some(study) = &mut self.study {
                        study.lined(line);
                    }
                }
                Reply::Annotated(start, moves, values) => {
                    if let Some(game) = &mut self.game {
                        game.annotated(&start, &moves, values);
                    }
                }
            }
        }
    }

    /// The engine's answer to "your move in `position`": played if the
    /// game is still there.
    fn engine_moved(&mut self, position: &Position, mv: Option<Move>) {
        let Some(game) = &mut self.game else { return };
        if game.position() != position {
            return;
        }
        match mv {
            Some(mv) => match game.play(Player::Engine, mv) {
                Ok(()) => self.message = Some(format!("the engine played {}", MoveText(mv))),
                Err(e) => self.message = Some(match_error_words(e)),
            },
            None => self.message = Some("no live board".into()),
        }
        self.after_move();
    }

    /// Your move in a game: an X on an empty cell, then the engine's reply.
    pub(super) fn play_at(&mut self, mv: Move) {
        let Some(game) = &mut self.game else { return };
        let board = game.position().boards[mv.board];
        if game.is_on() && board.is_dead() {
            self.message = Some(format!("board {} is dead: no move there", mv.board + 1));
            return;
        }
        if game.is_on() && board.has_x(mv.cell) {
            self.message = Some(format!("{} holds an X already", MoveText(mv)));
            return;
        }
        match game.play(Player::You, mv) {
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
                self.message = Some(taken_back(before - game.record().moves().len()).into());
                self.after_move();
            }
            Err(e) => self.message = Some(match_error_words(e)),
        }
    }

    /// A review key: on the game (the shared controller), or on the
    /// editor's study of the perfect line from the boards.
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
        let boards = &self.boards;
        let start = || Position {
            boards: boards.clone(),
            to_move: Player::You,
        };
        let studied = review::study(&mut self.study, start, key);
        self.message = studied.said;
        self.want(studied.wanted);
        if let Some(position) = studied.continue_from {
            self.edit(position.boards);
            self.message = Some("the boards are now the ones shown".into());
        }
    }
}
