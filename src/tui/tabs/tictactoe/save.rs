//! The tab in files: the board as a saved file holds it, and a saved board
//! loaded as one undoable edit.

use super::TicTacToeTab;
use crate::notation::saved::Saved;
use crate::solver::puzzle::PuzzleId;
use crate::tui::tab::Keep;

impl Keep for TicTacToeTab {
    /// The board, as a saved file holds it (during a puzzle, the board
    /// being edited, which waits).
    fn saved(&self) -> Saved {
        Saved::TicTacToe(self.board)
    }

    /// The puzzle's board as shown (with the winning move once found).
    fn puzzle_saved(&self) -> Option<(PuzzleId, Saved)> {
        let t = self.training.current.as_ref()?;
        Some((t.attempt.id, Saved::TicTacToe(t.board().0)))
    }

    /// A saved board, as one undoable edit (a puzzle, a line shown or a
    /// game against the engine is left); a file of another game is given
    /// back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved> {
        let Saved::TicTacToe(board) = saved else {
            return Err(saved);
        };
        self.study = None;
        self.playing.game = None;
        self.training.forget();
        self.edit(board);
        // The verdict was the game's: now the board's, changed or not.
        self.reanalyze();
        Ok(())
    }
}
