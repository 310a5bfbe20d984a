//! Where the MNC tab puts things: the one source for drawing and clicks.

use crate::tui::grid::{board_and_panel, grid_size, BoardLayout, Grid, MIN_CELL_HEIGHT};
use ratatui::layout::Rect;

/// The smallest area the tab draws in: a board of the smallest cells,
/// the hands under it and two rows of panel.
pub const MIN_SIZE: (u16, u16) = (32, grid_size(MIN_CELL_HEIGHT).1 + HAND_ROWS + 2);

/// Rows under the board: your hand, then the engine's.
pub(super) const HAND_ROWS: u16 = 2;
/// A hand's button, `[3 small o]`, and the column the hands take beside
/// the board.
const HAND_WIDTH: u16 = 12;
/// The big pieces' button, `[2 big X]` at most: no wider, so that what
/// that side has lost (`4 x taken`) fits after it and a click there does
/// not pick up a big piece.
const BIG_HAND_WIDTH: u16 = 9;
/// The rows of the hands in a column: `you`, two buttons, what you lost,
/// `engine`, its two counts and what it lost.
pub(super) const BESIDE_ROWS: u16 = 8;
/// Rows of the panel above the move list (who plays, whose move, the
/// value, hints, captures, a message).
const STATUS_ROWS: u16 = 8;
/// Cells taller than this only spread their text: the board stops growing.
const LARGEST_CELL: u16 = 14;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MncLayout {
    pub board: Grid,
    /// The grid's area, lines included.
    pub grid: Rect,
    pub cells: [Rect; 9],
    /// Your hand: the buttons that pick a small or a big piece.
    pub hand_small: Rect,
    pub hand_big: Rect,
    /// The hands stand in a column beside the board, not in two rows under
    /// it: a narrow screen's panel under the board gets their rows (at
    /// 40×16 it had two, and a capture's sentence was cut).
    pub hands_beside: bool,
    /// Beside the board (or under it on a narrow screen): status, then
    /// the move list.
    pub panel: Rect,
    /// The move list, two moves a row (clicks pick a move to review).
    pub moves: Rect,
}

/// The board as large as the area allows (cells about square), the panel
/// beside it, or under it when the area is narrow.
pub fn layout(area: Rect) -> Option<MncLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let BoardLayout {
        board,
        grid,
        cells,
        panel,
    } = board_and_panel(area, HAND_ROWS, LARGEST_CELL)?;
    let under = panel.y > grid.bottom();
    let beside_x = grid.right() + 1;
    let hands_beside = under
        && area.right().saturating_sub(beside_x) >= HAND_WIDTH
        && grid.height >= BESIDE_ROWS;
    let (hand_small, hand_big, panel) = if hands_beside {
        let small = Rect::new(beside_x, grid.y + 1, HAND_WIDTH, 1);
        let big = Rect::new(beside_x, grid.y + 2, BIG_HAND_WIDTH, 1);
        let y = grid.bottom();
        (small, big, Rect::new(panel.x, y, panel.width, panel.bottom() - y))
    } else {
        let hand_y = grid.bottom();
        let small = Rect::new(grid.x + 4, hand_y, HAND_WIDTH, 1);
        let big = Rect::new(small.right() + 1, hand_y, BIG_HAND_WIDTH, 1);
        (small, big, panel)
    };
    let status = STATUS_ROWS.min(panel.height);
    let moves = Rect::new(
        panel.x,
        panel.y + status,
        panel.width,
        panel.height - status,
    );
    Some(MncLayout {
        board,
        grid,
        cells,
        hand_small,
        hand_big,
        hands_beside,
        panel,
        moves,
    })
}
