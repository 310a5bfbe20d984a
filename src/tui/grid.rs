//! The 3×3 board both board tabs draw: where its cells are and its lines.

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Inside of one cell.
pub const CELL_WIDTH: u16 = 9;
pub const CELL_HEIGHT: u16 = 3;
/// The whole grid, lines included.
pub const GRID_WIDTH: u16 = 3 * CELL_WIDTH + 4;
pub const GRID_HEIGHT: u16 = 3 * CELL_HEIGHT + 4;

/// The inside of each cell of a grid whose top-left corner is `grid`'s,
/// row by row.
pub fn cells(grid: Rect) -> [Rect; 9] {
    std::array::from_fn(|i| {
        let (row, col) = (i as u16 / 3, i as u16 % 3);
        Rect::new(
            grid.x + 1 + col * (CELL_WIDTH + 1),
            grid.y + 1 + row * (CELL_HEIGHT + 1),
            CELL_WIDTH,
            CELL_HEIGHT,
        )
    })
}

/// Draws the grid's lines (the cells are left to the caller).
pub fn draw(grid: Rect, buf: &mut Buffer, theme: &Theme) {
    for dy in 0..grid.height.min(GRID_HEIGHT) {
        for dx in 0..grid.width.min(GRID_WIDTH) {
            let on_row = dy % (CELL_HEIGHT + 1) == 0;
            let on_col = dx % (CELL_WIDTH + 1) == 0;
            let symbol = match (on_row, on_col) {
                (true, true) => junction(dx, dy),
                (true, false) => "─",
                (false, true) => "│",
                (false, false) => continue,
            };
            buf[(grid.x + dx, grid.y + dy)]
                .set_symbol(symbol)
                .set_style(theme.border());
        }
    }
}

/// The box-drawing junction at a grid corner or crossing.
fn junction(dx: u16, dy: u16) -> &'static str {
    let (left, right) = (dx == 0, dx == GRID_WIDTH - 1);
    let (top, bottom) = (dy == 0, dy == GRID_HEIGHT - 1);
    match (top, bottom, left, right) {
        (true, _, true, _) => "┌",
        (true, _, _, true) => "┐",
        (_, true, true, _) => "└",
        (_, true, _, true) => "┘",
        (true, _, _, _) => "┬",
        (_, true, _, _) => "┴",
        (_, _, true, _) => "├",
        (_, _, _, true) => "┤",
        _ => "┼",
    }
}
