//! The tab in files: the board (and a game against the engine, with who
//! moved first and its moves) as a saved file holds it, and a saved one
//! loaded: the board as one undoable edit, the game played again.

use super::TicTacToeTab;
use crate::notation::saved::Saved;
use crate::solver::puzzle::PuzzleId;
use crate::solver::record::Player;
use crate::tui::playing::{EditedMatch, PlayingTab};
use crate::tui::tab::Keep;

impl Keep for TicTacToeTab {
    /// The board, and in a game where it started, who moved first and the
    /// moves (during a puzzle, the board being edited, which waits).
    fn saved(&self) -> Saved {
        let game = self.kept_game().map(|game| {
            let start = *game.record().start();
            let first = match start.to_move() == game.human() {
                true => Player::You,
                false => Player::Engine,
            };
            (start, first, game.record().moves().to_vec())
        });
        match game {
            Some((board, first, moves)) => Saved::TicTacToe {
                board,
                game: Some((first, moves)),
            },
            None => Saved::TicTacToe {
                board: self.board,
                game: None,
            },
        }
    }

    /// The puzzle's board as shown (with the winning move once found).
    fn puzzle_saved(&self) -> Option<(PuzzleId, Saved)> {
        let t = self.training.current.as_ref()?;
        let board = t.board().0;
        Some((t.attempt.id, Saved::TicTacToe { board, game: None }))
    }

    /// A saved board, as one undoable edit (a puzzle, a line shown or a
    /// game against the engine is left); with a game, the game played
    /// again to where it was (the engine moves if it is its turn). A file
    /// of another game is given back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved> {
        let Saved::TicTacToe { board, game } = saved else {
            return Err(saved);
        };
        self.study = None;
        self.playing.game = None;
        self.training.forget();
        self.edit(board);
        // The verdict was the game's: now the board's, changed or not.
        self.reanalyze();
        if let Some((first, moves)) = game {
            let you = match first {
                Player::You => board.to_move(),
                Player::Engine => board.to_move().other(),
            };
            self.load_game(board, you, moves);
        }
        Ok(())
    }
}
