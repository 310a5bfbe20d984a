//! The engine of a tic-tac-toe match: perfect play from the solved game.
//! Among equally good cells it varies its choice by the board, so that
//! games differ while the same board always gets the same reply.

use super::{perfect_line, Analyzer, Board, TicTacToeRules};
use crate::solver::record::{Annotation, Engine, PerfectLine};
use crate::solver::{Cell, Outcome};
use std::convert::Infallible;

#[derive(Default)]
pub struct TicTacToeEngine {
    analyzer: Analyzer,
}

impl Engine<TicTacToeRules> for TicTacToeEngine {
    type Error = Infallible;

    /// One of the best cells (a quickest win, a slowest loss), picked by
    /// the board's own bits: `None` on a finished or illegal board.
    fn best_move(&mut self, board: &Board) -> Result<Option<Cell>, Infallible> {
        let Some(analysis) = self.analyzer.analyze(board) else {
            return Ok(None);
        };
        let best: Vec<Cell> = analysis.best_cells().collect();
        let pick = Cell::ALL
            .iter()
            .map(|&cell| match board.get(cell) {
                Some(side) => 1 + side as usize,
                None => 0,
            })
            .fold(7usize, |h, mark| h.wrapping_mul(31).wrapping_add(mark));
        Ok(best.get(pick % best.len().max(1)).copied())
    }

    fn perfect_line(&mut self, from: Board) -> Result<PerfectLine<TicTacToeRules>, Infallible> {
        Ok(perfect_line(from, &mut self.analyzer))
    }

    fn annotate(
        &mut self,
        start: &Board,
        moves: &[Cell],
    ) -> Result<Vec<Annotation<Outcome>>, Infallible> {
        let mut board = *start;
        Ok(moves
            .iter()
            .map(|&cell| {
                // A finished board's value is a loss in 0 when won, a
                // draw when full.
                let before = self.analyzer.value(&board);
                board = board.with(cell, Some(board.to_move()));
                let after = self.analyzer.value(&board);
                Annotation { before, after }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Side;

    /// A board from nine marks, a1 to c3 row by row (the solver reads no
    /// text).
    fn board(marks: &str) -> Board {
        marks
            .chars()
            .zip(Cell::ALL)
            .fold(Board::EMPTY, |b, (mark, cell)| match mark {
                'X' => b.with(cell, Some(Side::X)),
                'O' => b.with(cell, Some(Side::O)),
                _ => b,
            })
    }

    #[test]
    fn finished_boards_are_a_loss_for_the_mover_or_a_draw() {
        let mut engine = TicTacToeEngine::default();
        let won = board("XXXOO....");
        assert_eq!(engine.analyzer.value(&won), Outcome::Loss(0));
        let full = board("XOXXOOOXX");
        assert_eq!(engine.analyzer.value(&full), Outcome::Draw);
        assert_eq!(engine.best_move(&won).unwrap(), None);
        assert_eq!(engine.best_move(&full).unwrap(), None);
    }
}
