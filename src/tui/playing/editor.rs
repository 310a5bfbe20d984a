//! A match played from the tab's own editor (tic-tac-toe, Treblecross,
//! Notakto): a
//! game starts from the editor's position and stops back into it, `n`
//! plays it again from its start, and with no game the perfect line is
//! studied from the editor's position.

use super::{Mv, PlayingTab, Pos};
use crate::solver::record::{Match, Player, Rules};
use crate::tui::record_view::dropped_moves;
use crate::tui::review::{self, Review};

/// What would throw a game away: stopping it, starting it again, playing
/// on from a move of its review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandon {
    Stop,
    Again,
    PlayOn,
}

/// A side of the tab's game (you and the engine, or X and O).
pub type Side<T> = <<T as PlayingTab>::Rules as Rules>::Side;

/// A match tab whose game is played from its editor's position: `g` with
/// you first there, `G` with the engine first.
pub trait EditedMatch: PlayingTab {
    /// Said when a game stops and the position goes back to the editor.
    const STOPPED: &'static str;
    /// Said when `n` plays the game again from its start.
    const PLAYED_AGAIN: &'static str;
    /// Said when `c` makes the position shown the editor's.
    const NOW_SHOWN: &'static str;
    /// Said when no game can start from the editor's position.
    const NO_GAME: &'static str;
    /// Asked before a game you have moved in stops (`g`).
    const STOP_QUESTION: &'static str;
    /// Asked before it starts again (`n`).
    const AGAIN_QUESTION: &'static str;

    /// The editor's position as a game's start, with `first` (you or the
    /// engine) to move, and the side you play there.
    fn editor_start(&self, first: Player) -> (Pos<Self>, Side<Self>);
    /// The editor takes `position` (a stopped game's, or the one shown),
    /// as one undoable edit.
    fn take_position(&mut self, position: Pos<Self>);
    /// A game has begun (the tab hides what would give it away).
    fn game_began(&mut self);
    /// Who moves first in the perfect line from the editor's position: you,
    /// unless your move made it (a solved puzzle's answer is played on the
    /// board, and the opponent is to move there).
    fn line_first(&self) -> Player {
        Player::You
    }
    /// Whether the editor's position wins for the player to move with
    /// perfect play (`None`: a draw, or not known yet): said as a game
    /// starts, so that nobody starts a lost game unwarned.
    fn mover_wins(&self) -> Option<bool> {
        None
    }

    /// The question to ask before `what` throws away a game you have
    /// moved in; `None` when nothing would be lost.
    fn abandons_game(&self, what: Abandon) -> Option<String> {
        let game = self.playing().game.as_ref()?;
        if !(game.is_on() && game.human_moved()) {
            return None;
        }
        match what {
            Abandon::Stop => Some(Self::STOP_QUESTION.into()),
            Abandon::Again => Some(Self::AGAIN_QUESTION.into()),
            Abandon::PlayOn => dropped_moves(game.record()).map(|n| {
                format!("Play on from the position shown? The game's last {n} moves are dropped.")
            }),
        }
    }

    /// Starts a game from the editor's position, or stops the one going
    /// on (the editor takes its position).
    fn toggle_game(&mut self, first: Player) {
        self.playing_mut().study = None;
        if let Some(game) = self.playing_mut().game.take() {
            self.take_position(game.position().clone());
            self.say(Self::STOPPED);
            self.reanalyze();
            return;
        }
        let (start, you) = self.editor_start(first);
        if Self::Rules::is_over(&start) {
            self.say(Self::NO_GAME);
            return;
        }
        let winning_side = self.mover_wins().map(|wins| wins == (first == Player::You));
        self.playing_mut().game = Some(Match::new(start, you));
        self.game_began();
        let opening: Option<String> = winning_side.map(|yours| match yours {
            true => {
                "you hold the winning side: find the win (a shows or hides the analysis)".into()
            }
            // What to press for the other side: the game began as asked.
            false if first == Player::You => {
                "the engine holds the winning side here: g stops, then G lets the engine move first"
                    .into()
            }
            false => {
                "the engine holds the winning side here: g stops, then g lets you move first".into()
            }
        });
        self.playing_mut().opening = opening.clone();
        *self.message_mut() = opening;
        self.after_move();
    }

    /// A saved game: its start, the side you play and its moves, played
    /// again as far as they are legal (the engine moves if it is its turn).
    fn load_game(&mut self, start: Pos<Self>, you: Side<Self>, moves: Vec<Mv<Self>>) {
        if Self::Rules::is_over(&start) {
            return;
        }
        let mut game = Match::new(start, you);
        for mv in moves {
            if game.play(game.to_move(), mv).is_err() {
                break;
            }
        }
        self.playing_mut().game = Some(game);
        self.playing_mut().opening = None;
        self.game_began();
        self.after_move();
    }

    /// The game again from where it started, the same player first.
    fn new_game(&mut self) {
        let Some(game) = &mut self.playing_mut().game else {
            self.say("no game to start again: g starts one");
            return;
        };
        game.restart();
        self.say(Self::PLAYED_AGAIN);
        self.after_move();
    }

    /// A click while a game is reviewed: the position after the clicked
    /// move of the game (`None`: no move was clicked), else the keys that
    /// work while reviewing.
    fn review_click(&mut self, clicked: Option<Mv<Self>>) {
        let played = clicked.and_then(|mv| {
            let game = self.playing().game.as_ref()?;
            game.record().moves().iter().position(|&m| m == mv)
        });
        match played {
            Some(i) => self.review_key(Review::At(i + 1)),
            None => self.say("reviewing: < > or a click on an X, Esc back, c continue"),
        }
    }

    /// A review key: on the game (the shared controller), or on the
    /// editor's study of the perfect line from its position.
    fn review_key(&mut self, key: Review) {
        if self.review_game(key) {
            return;
        }
        let (start, _) = self.editor_start(self.line_first());
        let playing = self.playing_mut();
        let studied = review::study(&mut playing.study, || start, key);
        playing.want(studied.wanted);
        *self.message_mut() = studied.said;
        if let Some(position) = studied.continue_from {
            self.take_position(position);
            self.say(Self::NOW_SHOWN);
        }
    }
}
