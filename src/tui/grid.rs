//! The 3×3 board both board tabs draw: how big it can be in an area,
//! where its cells are, its lines, and the pieces drawn in a cell.

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The smallest cell: a name row and a piece row.
pub const MIN_CELL_HEIGHT: u16 = 2;

/// A cell `height` rows tall is this wide: terminal cells are about twice
/// as tall as wide, so the cell looks square (plus room for its text).
pub const fn cell_width(height: u16) -> u16 {
    2 * height + 3
}

/// The whole grid's size, lines included, for cells of `height` rows.
pub const fn grid_size(height: u16) -> (u16, u16) {
    (3 * cell_width(height) + 4, 3 * height + 4)
}

/// The tallest cells whose grid fits `width` × `height` (at most `most`
/// rows: a bigger board only spreads its text), if any does.
pub fn fitting_cell_height(width: u16, height: u16, most: u16) -> Option<u16> {
    (MIN_CELL_HEIGHT..=most).rev().find(|&h| {
        let (w, gh) = grid_size(h);
        w <= width && gh <= height
    })
}

/// The panel goes beside the board when it gets this many columns.
pub const PANEL_WIDTH: u16 = 38;

/// Where a board tab puts its board and its panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLayout {
    pub board: Grid,
    /// The whole grid, borders included.
    pub grid: Rect,
    /// The inside of each cell, row by row.
    pub cells: [Rect; 9],
    pub panel: Rect,
}

/// The board tabs' layout: the board as large as fits (cells at most
/// `largest` rows), `under` rows kept below it, and the panel beside it
/// when it gets [`PANEL_WIDTH`] columns, else under the board (at least
/// two rows of it). `None` when not even the smallest board fits.
pub fn board_and_panel(area: Rect, under: u16, largest: u16) -> Option<BoardLayout> {
    let beside = fitting_cell_height(
        area.width.saturating_sub(1 + 2 + PANEL_WIDTH),
        area.height.saturating_sub(1 + under),
        largest,
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
                area.height.saturating_sub(under + 2),
                largest,
            )?;
            let board = Grid::at(area.x + 1, area.y, h);
            let y = board.area.bottom() + under;
            (
                board,
                Rect::new(area.x + 1, y, area.width - 1, area.bottom() - y),
            )
        }
    };
    Some(BoardLayout {
        board,
        grid: board.area,
        cells: board.cells(),
        panel,
    })
}

/// A grid on screen: its area (lines included) and its cells' size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub area: Rect,
    pub cell_height: u16,
}

impl Grid {
    /// A grid with its top-left corner at (`x`, `y`) and cells of
    /// `cell_height` rows.
    pub fn at(x: u16, y: u16, cell_height: u16) -> Grid {
        let (width, height) = grid_size(cell_height);
        Grid {
            area: Rect::new(x, y, width, height),
            cell_height,
        }
    }

    pub fn cell_width(&self) -> u16 {
        cell_width(self.cell_height)
    }

    /// The inside of each cell, row by row.
    pub fn cells(&self) -> [Rect; 9] {
        let (w, h) = (self.cell_width(), self.cell_height);
        std::array::from_fn(|i| {
            let (row, col) = (i as u16 / 3, i as u16 % 3);
            Rect::new(
                self.area.x + 1 + col * (w + 1),
                self.area.y + 1 + row * (h + 1),
                w,
                h,
            )
        })
    }

    /// Draws the grid's lines (the cells are left to the caller).
    pub fn draw(&self, buf: &mut Buffer, theme: &Theme) {
        let (w, h) = (self.cell_width() + 1, self.cell_height + 1);
        crate::tui::audit::region(self.area, "the board");
        let area = self.area.intersection(buf.area);
        for y in area.top()..area.bottom() {
            for x in area.left()..area.right() {
                let (dx, dy) = (x - self.area.x, y - self.area.y);
                let on_row = dy % h == 0;
                let on_col = dx % w == 0;
                let symbol = match (on_row, on_col) {
                    (true, true) => self.junction(dx, dy),
                    (true, false) => "─",
                    (false, true) => "│",
                    (false, false) => continue,
                };
                buf[(x, y)].set_symbol(symbol).set_style(theme.border());
            }
        }
    }

    /// The box-drawing junction at a grid corner or crossing.
    fn junction(&self, dx: u16, dy: u16) -> &'static str {
        let (left, right) = (dx == 0, dx == self.area.width - 1);
        let (top, bottom) = (dy == 0, dy == self.area.height - 1);
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
}

/// The shape of a mark: the two games' pieces are crosses and rings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Cross,
    Ring,
}

/// The rows of a mark drawn `rows` tall: a cross of diagonals or a
/// rounded ring, or one `letter` when there is a single row.
pub fn glyph(shape: Shape, rows: u16, letter: char) -> Vec<String> {
    let rows = usize::from(rows);
    if rows <= 1 {
        return vec![letter.to_string()];
    }
    // A ring a little wider than a cross of the same height: both look
    // about as wide as tall in terminal cells (twice as tall as wide).
    let width = rows + 3;
    match shape {
        // Diagonals one column per row, so that their strokes join; they
        // cross in the middle row of an odd height.
        Shape::Cross => (0..rows)
            .map(|r| {
                let mut line = vec![' '; rows];
                let a = r;
                let b = rows - 1 - r;
                if a == b {
                    line[a] = '╳';
                } else {
                    line[a] = '╲';
                    line[b] = '╱';
                }
                line.into_iter().collect()
            })
            .collect(),
        Shape::Ring => (0..rows)
            .map(|r| {
                let inner = width - 2;
                if r == 0 {
                    format!("╭{}╮", "─".repeat(inner))
                } else if r == rows - 1 {
                    format!("╰{}╯", "─".repeat(inner))
                } else {
                    format!("│{}│", " ".repeat(inner))
                }
            })
            .collect(),
    }
}

/// Draws `lines` centred in `area` (horizontally and vertically).
pub fn draw_centred(lines: &[String], area: Rect, style: Style, buf: &mut Buffer) {
    let height = lines.len() as u16;
    let top = area.y + area.height.saturating_sub(height) / 2;
    for (i, line) in lines.iter().enumerate().take(usize::from(area.height)) {
        let width = line.chars().count() as u16;
        let x = area.x + area.width.saturating_sub(width) / 2;
        // Only the strokes: the spaces inside a ring keep the cell's look
        // (under the cursor's reverse video they would fill it).
        for (dx, ch) in line.chars().enumerate().take(usize::from(area.width)) {
            if ch != ' ' {
                let mut text = [0u8; 4];
                buf[(x + dx as u16, top + i as u16)]
                    .set_symbol(ch.encode_utf8(&mut text))
                    .set_style(style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_fit_and_cells_tile_the_inside() {
        assert_eq!(fitting_cell_height(33, 13, 20), Some(3));
        assert_eq!(fitting_cell_height(20, 20, 20), None);
        for h in MIN_CELL_HEIGHT..12 {
            let grid = Grid::at(2, 1, h);
            let cells = grid.cells();
            assert!(cells.iter().all(|c| grid.area.contains(c.as_position())));
            assert_eq!(cells[8].right() + 1, grid.area.right());
            assert_eq!(cells[8].bottom() + 1, grid.area.bottom());
        }
    }

    #[test]
    fn glyphs_have_the_rows_asked_and_stay_within_the_cell() {
        for rows in 1..10 {
            for shape in [Shape::Cross, Shape::Ring] {
                let g = glyph(shape, rows, 'X');
                assert_eq!(g.len(), usize::from(rows));
                let width = g.iter().map(|l| l.chars().count()).max().unwrap() as u16;
                // A cell `rows + 1` tall (its name row above) holds it.
                assert!(width <= cell_width(rows + 1), "{shape:?} {rows}");
            }
        }
        assert_eq!(glyph(Shape::Cross, 2, 'X'), ["╲╱", "╱╲"]);
        assert_eq!(glyph(Shape::Cross, 3, 'X'), ["╲ ╱", " ╳ ", "╱ ╲"]);
        assert_eq!(glyph(Shape::Ring, 2, 'O'), ["╭───╮", "╰───╯"]);
    }
}
