//! The tab in files: the board as a saved file holds it, and a saved board
//! loaded as one undoable edit.

use super::TicTacToeTab;
use crate::notation::saved::Saved;
use crate::tui::tab::Keep;

impl Keep for TicTacToeTab {
    /// The board, as a saved file holds it (during a puzzle, the board
    /// being edited, which waits).
    fn saved(&self) -> Saved {
        Saved::TicTacToe(self.board)
    }

    /// A saved board, as one undoable edit (a puzzle or a line shown is
    /// left); a file of another game is given back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved> {
        let Saved::TicTacToe(board) = saved else {
            return Err(saved);
        };
        self.study = None;
        self.training.forget();
        self.edit(board);
        Ok(())
    }
}
