//! Where the tab puts the board and its panel (the board tabs' layout):
//! the one source for drawing and for clicks.

use crate::tui::grid::{board_and_panel, grid_size, BoardLayout, MIN_CELL_HEIGHT};
use ratatui::layout::Rect;

/// Smallest area the tab draws in: a board of the smallest cells and two
/// rows of panel under it.
pub const MIN_SIZE: (u16, u16) = (32, grid_size(MIN_CELL_HEIGHT).1 + 2);
/// Cells taller than this only spread their text: the board stops growing.
const LARGEST_CELL: u16 = 12;

pub type TicTacToeLayout = BoardLayout;

/// `None` when the area is smaller than [`MIN_SIZE`]. The board as large
/// as fits with the panel beside it, or under it on a narrow screen.
pub fn layout(area: Rect) -> Option<TicTacToeLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    board_and_panel(area, 0, LARGEST_CELL)
}
