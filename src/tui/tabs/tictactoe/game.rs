//! A game against the engine in the tic-tac-toe tab: the match itself is
//! the shared one ([`crate::tui::playing`]); here are its words and where
//! the board comes from and goes back to. `g` plays the side to move on
//! the board being edited, `G` leaves that side to the engine.

use super::TicTacToeTab;
use crate::notation::tictactoe::mark_letter;
use crate::solver::record::{Match, Player, Record, Rules, Value};
use crate::solver::tictactoe::{Board, Refused, TicTacToeRules};
use crate::solver::{Cell, Outcome, Side};
use crate::tui::playing::playing_fields;
use crate::tui::playing::won_words;
use crate::tui::playing::{EditedMatch, PlayingTab};
use crate::tui::record_view::Words;
use crate::tui::review::Review;
use std::convert::Infallible;

impl PlayingTab for TicTacToeTab {
    type Rules = TicTacToeRules;
    /// Nothing goes aside: a puzzle is drawn over the game, which waits.
    type Editor = ();
    type Ask = Infallible;
    type Answer = Infallible;
    const NO_MOVE: &'static str = "the game is over";
    const THE_GAME: &'static str = "the tic-tac-toe game";

    playing_fields!(nothing aside);

    fn reanalyze(&mut self) {
        TicTacToeTab::reanalyze(self);
    }

    fn move_words(cell: Cell, _details: bool) -> String {
        cell.to_string()
    }

    fn refused(_: &Board, why: Refused, _: bool) -> String {
        match why {
            Refused::Taken(cell) => format!("{cell} is taken: pick an empty cell"),
            Refused::Over => "the game is over".into(),
        }
    }
}

impl EditedMatch for TicTacToeTab {
    const STOPPED: &'static str = "game stopped: the board is yours to edit (u undoes its moves)";
    const PLAYED_AGAIN: &'static str = "a new game from the same board";
    const NOW_SHOWN: &'static str = "the board is now the one shown";
    const NO_GAME: &'static str = "the game on this board is over: c clears it";
    const STOP_QUESTION: &'static str =
        "Stop the game and edit the board? The game in progress is discarded (the board keeps its marks).";
    const AGAIN_QUESTION: &'static str =
        "Start the game again from its first board? The game in progress is discarded.";

    /// The board as it is: its own side to move (X when the counts are
    /// even); you play that side when you move first, else the other.
    fn editor_start(&self, first: Player) -> (Board, Side) {
        let to_move = self.board.to_move();
        let you = match first {
            Player::You => to_move,
            Player::Engine => to_move.other(),
        };
        (self.board, you)
    }

    fn take_position(&mut self, board: Board) {
        self.edit(board);
    }

    fn game_began(&mut self) {
        self.show_analysis = false;
    }

    fn mover_wins(&self) -> Option<bool> {
        match self.verdicts.analysis.as_ref()?.value {
            Outcome::Win(_) => Some(true),
            Outcome::Loss(_) => Some(false),
            Outcome::Draw => None,
        }
    }

    /// A review key: on the game (the cells' values follow the position
    /// reviewed), else the tab's own study of the perfect line from the
    /// board (from the solver at once, no engine thread).
    fn review_key(&mut self, key: Review) {
        match self.review_game(key) {
            true => self.reanalyze(),
            false => self.study_key(self.board, key),
        }
    }
}

impl TicTacToeTab {
    /// The game against the engine, on or over.
    pub fn game(&self) -> Option<&Match<TicTacToeRules>> {
        self.playing.game.as_ref()
    }

    /// The game's record, while there is a game.
    pub fn game_record(&self) -> Option<&Record<TicTacToeRules>> {
        self.playing.game.as_ref().map(|g| g.record())
    }

    /// Whether the cells' values are hidden: during a game, until `a`.
    pub fn analysis_hidden(&self) -> bool {
        self.game().is_some_and(|g| g.is_on()) && !self.show_analysis
    }
}

/// How a tic-tac-toe game is written in its move list and review: each
/// move by its mark and who made it (`X b2 (you)`), each value by who wins
/// and in how many moves. (The editor's perfect line is drawn by the tab
/// itself, so these words are only ever a game's.)
pub struct GameWords {
    /// The side you play.
    you: Side,
}

impl GameWords {
    pub fn of(game: &Match<TicTacToeRules>) -> GameWords {
        GameWords { you: game.human() }
    }
}

impl Words<TicTacToeRules> for GameWords {
    fn move_text(&self, before: &Board, cell: Cell) -> String {
        let mover = before.to_move();
        let whose = if mover == self.you {
            " (you)"
        } else {
            " (engine)"
        };
        format!("{} {cell}{whose}", mark_letter(mover))
    }

    /// Nothing: a move in the list already names its mark.
    fn who(&self, _: Side) -> &'static str {
        ""
    }

    fn value_text(&self, board: &Board, value: Outcome) -> String {
        let mover = TicTacToeRules::to_move(board);
        let Some((winner, distance)) = value.ending().winner(mover, mover.other()) else {
            return "a draw".into();
        };
        won_words(&mark_letter(winner).to_string(), "wins", distance)
    }

    fn history_side(&self, _: &Record<TicTacToeRules>) -> (Side, &'static str) {
        (self.you, "you")
    }
}
