//! The tab in files: the boards (and a game with its moves) as a saved
//! file holds them, a saved one loaded, and the settings' first boards.

use super::NotaktoTab;
use crate::notation::saved::Saved;
use crate::settings::Settings;
use crate::solver::notakto::game::{Player, Position};
use crate::solver::notakto::{Board, Move};
use crate::solver::puzzle::PuzzleId;
use crate::tui::playing::{EditedMatch, PlayingTab};
use crate::tui::tab::Keep;

impl Keep for NotaktoTab {
    /// The boards, and in a game where it started, who moved first and
    /// the moves (during a puzzle: what waits aside).
    fn saved(&self) -> Saved {
        match self.saved_game() {
            Some((start, moves)) => Saved::Notakto {
                boards: start.boards,
                game: Some((start.to_move, moves)),
            },
            // During a puzzle: the editor's own, put aside.
            None => Saved::Notakto {
                boards: self
                    .aside()
                    .map_or(&self.boards, |a| &a.editor.boards)
                    .clone(),
                game: None,
            },
        }
    }

    /// The puzzle's boards as shown (with the winning X once found).
    fn puzzle_saved(&self) -> Option<(PuzzleId, Saved)> {
        let t = self.training.current.as_ref()?;
        let boards = self.boards.clone();
        Some((t.attempt.id, Saved::Notakto { boards, game: None }))
    }

    /// A saved file of this tab's game, loaded; another given back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved> {
        match saved {
            Saved::Notakto { boards, game } => {
                self.load_boards(boards, game);
                Ok(())
            }
            other => Err(other),
        }
    }

    /// The settings' number of boards, for a tab not yet touched (a
    /// session or a file loaded after it wins).
    fn apply_settings(&mut self, settings: &Settings) {
        let untouched = self.playing.game.is_none()
            && self.history.undo_len() == 0
            && self.boards.iter().all(|&b| b == Board::EMPTY);
        if untouched {
            self.boards = vec![Board::EMPTY; usize::from(settings.games.notakto.boards.0)];
            self.reanalyze();
        }
    }
}

impl NotaktoTab {
    /// Saved boards, as one undoable edit; with a game, the game played
    /// again to where it was (the engine moves if it is its turn).
    fn load_boards(&mut self, boards: Vec<Board>, game: Option<(Player, Vec<Move>)>) {
        self.training.forget();
        self.playing.game = None;
        self.playing.study = None;
        self.edit(boards.clone());
        // The same boards as the editor's: no edit, but what is shown
        // changed (a game or puzzle went).
        self.reanalyze();
        self.message = None;
        if let Some((first, moves)) = game {
            self.load_game(
                Position {
                    boards,
                    to_move: first,
                },
                Player::You,
                moves,
            );
        }
    }
}
