//! Where the Notakto tab puts things: the boards, as large as they fit
//! all at once (wrapping into rows), each with its label under it, and
//! the words beside them or under them; the one source for drawing and
//! for clicks.

use crate::tui::grid::{grid_size, Grid};
use ratatui::layout::Rect;

/// Smallest area the tab draws in (a 40×16 terminal): nine boards of the
/// smallest look in two rows, and five rows of words.
pub const MIN_SIZE: (u16, u16) = (40, 14);

/// Rows the words get under the boards: enough for the verdict, the
/// product, the winning moves, the cursor's move and the legend where the
/// boards can be that much smaller, else at least a few.
pub(super) const WORDS_UNDER: u16 = 7;
const WORDS_UNDER_LEAST: u16 = 5;
/// Columns the words get at least beside the boards.
const WORDS_BESIDE: u16 = 38;
/// Boards larger than [`Look::Grid`]`(6)` only where they leave the words
/// this many columns beside them, or, under the words, stand all in one
/// row: a larger board is worth less than words read whole (one board at
/// 120×40 would take all but 38 columns).
const WORDS_BESIDE_LARGE: u16 = 60;
/// Columns between boards side by side.
const GAP: u16 = 2;

/// How a board is drawn, from the largest look to the smallest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// The tic-tac-toe tab's grid with lines, cells `h` rows tall: from 2
    /// rows on, a cell's name on its first row and a drawn cross under it.
    Grid(u16),
    /// A box around cells 3 columns wide and 1 row tall.
    Boxed,
    /// Cells 2 columns wide and 1 row tall, nothing around them.
    Bare,
}

/// The looks tried, largest first: cells as tall as the tic-tac-toe
/// tab's at most (round 18 found 37 empty rows under three boards of
/// the old largest, 6, at 200×60).
const LOOKS: [Look; 14] = [
    Look::Grid(12),
    Look::Grid(11),
    Look::Grid(10),
    Look::Grid(9),
    Look::Grid(8),
    Look::Grid(7),
    Look::Grid(6),
    Look::Grid(5),
    Look::Grid(4),
    Look::Grid(3),
    Look::Grid(2),
    Look::Grid(1),
    Look::Boxed,
    Look::Bare,
];

impl Look {
    /// Columns and rows of a board, lines included.
    pub fn size(self) -> (u16, u16) {
        match self {
            Look::Grid(h) => grid_size(h),
            Look::Boxed => (11, 5),
            Look::Bare => (6, 3),
        }
    }

    /// The cells of a board whose top-left corner is at (`x`, `y`), row
    /// by row.
    fn cells(self, x: u16, y: u16) -> [Rect; 9] {
        let at = |i: usize, x0: u16, y0: u16, w: u16| {
            let (row, col) = (i as u16 / 3, i as u16 % 3);
            Rect::new(x0 + col * w, y0 + row, w, 1)
        };
        match self {
            Look::Grid(h) => Grid::at(x, y, h).cells(),
            Look::Boxed => std::array::from_fn(|i| at(i, x + 1, y + 1, 3)),
            Look::Bare => std::array::from_fn(|i| at(i, x, y, 2)),
        }
    }
}

/// One board on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The board, lines included.
    pub area: Rect,
    /// The inside of each cell, row by row.
    pub cells: [Rect; 9],
    /// The row under it: its number and its element.
    pub label: Rect,
}

/// Where the tab puts things.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotaktoLayout {
    pub look: Look,
    pub boards: Vec<Place>,
    /// Boards in a row (the up and down arrows cross this many).
    pub per_row: usize,
    /// The words: the verdict, the product, the game, the move list.
    pub info: Rect,
}

/// How `count` boards of `look` fill `width` × `height`: boards in a row,
/// and the rows between board rows (1 where they fit, else 0).
fn fit(look: Look, count: usize, width: u16, height: u16) -> Option<(usize, u16)> {
    let (w, h) = look.size();
    let per_row = usize::from((width + GAP) / (w + GAP)).min(count);
    if per_row == 0 {
        return None;
    }
    let rows = count.div_ceil(per_row) as u16;
    // Each board has its label row under it.
    [1, 0]
        .into_iter()
        .find(|&gap| rows * (h + 1) + (rows - 1) * gap <= height)
        .map(|gap| (per_row, gap))
}

/// `None` when the area is smaller than [`MIN_SIZE`]. The largest look at
/// which all `count` boards fit, with the words beside them where they get
/// [`WORDS_BESIDE`] columns, else under them in [`WORDS_UNDER`] rows (or,
/// where even the smallest boards leave fewer, [`WORDS_UNDER_LEAST`]).
pub fn layout(area: Rect, count: usize) -> Option<NotaktoLayout> {
    layout_with_words(area, count, WORDS_UNDER)
}

/// Rows the words want under the boards while a game's record is shown
/// (a review, game over, the perfect line): its value history and moves.
pub const WORDS_UNDER_RECORD: u16 = 16;

/// [`layout`] with `words` rows wanted for the words under the boards.
pub fn layout_with_words(area: Rect, count: usize, words: u16) -> Option<NotaktoLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 || count == 0 {
        return None;
    }
    placed(area, count, words).or_else(|| placed(area, count, WORDS_UNDER_LEAST))
}

fn placed(area: Rect, count: usize, words_under: u16) -> Option<NotaktoLayout> {
    let width = area.width - 1;
    // The words start a row below the boards.
    let under_height = area.height.saturating_sub(words_under + 1);
    for look in LOOKS {
        let large = matches!(look, Look::Grid(h) if h > 6);
        let words = if large { WORDS_BESIDE_LARGE } else { WORDS_BESIDE };
        let beside = fit(look, count, width.saturating_sub(words + GAP), area.height);
        let under = fit(look, count, width, under_height)
            .filter(|&(per_row, _)| !large || (per_row == count && count > 1));
        // Both fit: the one with fewer rows of boards (a set of boards
        // reads best side by side), else the words beside.
        let (per_row, gap, is_beside) = match (beside, under) {
            (Some((b, _)), Some((u, g))) if u > b => (u, g, false),
            (Some((p, g)), _) => (p, g, true),
            (None, Some((p, g))) => (p, g, false),
            (None, None) => continue,
        };
        let (w, h) = look.size();
        let boards: Vec<Place> = (0..count)
            .map(|k| {
                let (row, col) = ((k / per_row) as u16, (k % per_row) as u16);
                let x = area.x + 1 + col * (w + GAP);
                let y = area.y + row * (h + 1 + gap);
                Place {
                    area: Rect::new(x, y, w, h),
                    cells: look.cells(x, y),
                    label: Rect::new(x, y + h, w, 1),
                }
            })
            .collect();
        let right = boards
            .iter()
            .map(|p| p.area.right())
            .max()
            .unwrap_or(area.x);
        let bottom = boards
            .iter()
            .map(|p| p.label.bottom())
            .max()
            .unwrap_or(area.y);
        let info = if is_beside {
            let x = right + GAP;
            Rect::new(x, area.y, area.right() - x, area.height)
        } else {
            let y = bottom + 1;
            Rect::new(area.x + 1, y, width, area.bottom().saturating_sub(y))
        };
        return Some(NotaktoLayout {
            look,
            boards,
            per_row,
            info,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_boards_fit_the_smallest_area_and_nothing_overlaps() {
        for (w, h) in [(40, 14), (80, 22), (120, 38), (200, 58)] {
            for count in 1..=9 {
                let area = Rect::new(0, 1, w, h);
                let l = layout(area, count).unwrap_or_else(|| panic!("{count} at {w}x{h}"));
                assert_eq!(l.boards.len(), count);
                for (i, a) in l.boards.iter().enumerate() {
                    assert!(area.contains(a.area.as_position()));
                    assert!(a.label.right() <= area.right() && a.label.bottom() <= area.bottom());
                    assert!(
                        !a.area.union(a.label).intersects(l.info),
                        "{count} at {w}x{h}"
                    );
                    for cell in a.cells {
                        assert!(a.area.union(cell) == a.area, "a cell outside its board");
                    }
                    for b in &l.boards[i + 1..] {
                        assert!(!a.area.union(a.label).intersects(b.area.union(b.label)));
                    }
                }
                assert!(
                    l.info.height >= 5 && l.info.width >= 38,
                    "{count} at {w}x{h}"
                );
            }
        }
        assert_eq!(layout(Rect::new(0, 0, 39, 14), 1), None);
    }

    /// Round 18 found 37 empty rows under three boards at 200×60 (cells
    /// were 6 rows at most); larger ones keep the words 60 columns wide
    /// beside them, or stand in one row over the words.
    #[test]
    fn a_large_screen_gets_larger_boards_and_the_words_keep_their_room() {
        let three = layout(Rect::new(0, 1, 200, 58), 3).unwrap();
        assert!(matches!(three.look, Look::Grid(h) if h > 6), "{:?}", three.look);
        assert_eq!(three.per_row, 3);
        assert!(three.info.y > three.boards[0].label.y, "the words under the boards");
        for (w, h) in [(120, 38), (200, 58)] {
            let one = layout(Rect::new(0, 1, w, h), 1).unwrap();
            assert!(one.info.x > one.boards[0].area.right(), "{w}x{h}: words beside");
            assert!(one.info.width >= 60, "{w}x{h}: {:?}", one.info);
        }
        let one = layout(Rect::new(0, 1, 200, 58), 1).unwrap();
        assert_eq!(one.look, Look::Grid(12));
    }

    #[test]
    fn fewer_boards_are_drawn_larger() {
        let area = Rect::new(0, 1, 120, 38);
        let size = |count| layout(area, count).unwrap().look.size().0;
        assert!(size(1) >= size(3) && size(3) >= size(9));
        assert!(size(1) > size(9));
    }
}
