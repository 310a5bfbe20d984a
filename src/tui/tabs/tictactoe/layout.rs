//! Where the tab puts the board and its panel: the one source for drawing
//! and for clicks.

use crate::tui::grid::{fitting_cell_height, grid_size, Grid, MIN_CELL_HEIGHT};
use ratatui::layout::Rect;

/// Smallest area the tab draws in: a board of the smallest cells and two
/// rows of panel under it.
pub const MIN_SIZE: (u16, u16) = (32, grid_size(MIN_CELL_HEIGHT).1 + 2);
/// The panel goes beside the board when it gets this many columns.
const PANEL_WIDTH: u16 = 38;
/// Cells taller than this only spread their text: the board stops growing.
const LARGEST_CELL: u16 = 12;

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicTacToeLayout {
    pub board: Grid,
    /// The whole grid, borders included.
    pub grid: Rect,
    /// The inside of each cell, row by row.
    pub cells: [Rect; 9],
    pub panel: Rect,
}

/// `None` when the area is smaller than [`MIN_SIZE`]. The board as large
/// as fits with the panel beside it, or under it on a narrow screen.
pub fn layout(area: Rect) -> Option<TicTacToeLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let beside = fitting_cell_height(
        area.width.saturating_sub(1 + 2 + PANEL_WIDTH),
        area.height.saturating_sub(1),
        LARGEST_CELL,
    );
    let (board, panel) = match beside {
        Some(h) => {
            let board = Grid::at(area.x + 1, area.y + 1, h);
            let x = board.area.right() + 2;
            (
                board,
                Rect::new(x, area.y + 1, area.right() - x, area.height - 1),
            )
        }
        None => {
            let h = fitting_cell_height(
                area.width.saturating_sub(1),
                area.height.saturating_sub(2),
                LARGEST_CELL,
            )?;
            let board = Grid::at(area.x + 1, area.y, h);
            let y = board.area.bottom();
            (
                board,
                Rect::new(area.x + 1, y, area.width - 1, area.bottom() - y),
            )
        }
    };
    Some(TicTacToeLayout {
        board,
        grid: board.area,
        cells: board.cells(),
        panel,
    })
}
