//! The 3×3 board both board games share: its cells, its lines and its
//! symmetries, and the two sides that play on it.

use std::ops::{Index, IndexMut};

/// One of the 9 cells, row by row from the top left (0…8). Named `a1`…`c3`
/// (column letter, row number from the top) in both games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, row by row.
    pub const ALL: [Cell; 9] = {
        let mut cells = [Cell(0); 9];
        let mut i = 0;
        while i < 9 {
            cells[i] = Cell(i as u8);
            i += 1;
        }
        cells
    };
    pub const CENTRE: Cell = Cell(4);

    /// The cell with this index (0…8), or `None` off the board.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < 9 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell at `row`, `col` (each 0…2, clamped to the board).
    pub fn at(row: i8, col: i8) -> Cell {
        Cell((row.clamp(0, 2) * 3 + col.clamp(0, 2)) as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    pub const fn col(self) -> u8 {
        self.0 % 3
    }

    /// The cell's bit in a 9-bit set of cells.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// The cell `rows` down and `cols` right, stopping at the edges.
    pub fn moved(self, rows: i8, cols: i8) -> Cell {
        Cell::at(self.row() as i8 + rows, self.col() as i8 + cols)
    }

    /// Where this cell goes under symmetry `s` of the square.
    pub const fn transformed(self, s: usize) -> Cell {
        Cell(transform_cell(self.0 as usize, s) as u8)
    }

    /// The cells of a 9-bit set, in order.
    pub fn of_set(mut set: u16) -> impl Iterator<Item = Cell> {
        set &= ALL_CELLS;
        std::iter::from_fn(move || {
            if set == 0 {
                None
            } else {
                let cell = Cell(set.trailing_zeros() as u8);
                set &= set - 1;
                Some(cell)
            }
        })
    }
}

/// The set of all 9 cells.
pub const ALL_CELLS: u16 = 0x1FF;

/// The two sides: X moves first in both games (in Magnificent Noughts &
/// Crosses its pieces are written `x` and `X`, in tic-tac-toe `X`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    X,
    O,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }
}

/// One value for each side, indexed by [`Side`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySide<T>([T; 2]);

impl<T> BySide<T> {
    pub const fn new(x: T, o: T) -> BySide<T> {
        BySide([x, o])
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        &self.0[side as usize]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side as usize]
    }
}

/// The 8 lines of the board as cell sets (cell = 3 · row + column).
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Whether a set of cells holds a complete line (one table look-up: the
/// MNC search asks this millions of times).
pub fn has_line(cells: u16) -> bool {
    LINE_TABLE[(cells & ALL_CELLS) as usize]
}

/// The first line (in [`LINES`] order) inside a set of cells.
pub fn line_in(cells: u16) -> Option<u16> {
    LINES.into_iter().find(|&line| cells & line == line)
}

static LINE_TABLE: [bool; 512] = line_table();

const fn line_table() -> [bool; 512] {
    let mut table = [false; 512];
    let mut cells = 0;
    while cells < 512 {
        let mut l = 0;
        while l < LINES.len() {
            if cells as u16 & LINES[l] == LINES[l] {
                table[cells] = true;
            }
            l += 1;
        }
        cells += 1;
    }
    table
}

/// Where `cell` goes under symmetry `s` (0..8): `s & 3` quarter turns, then
/// a mirror if `s >= 4`. (A `const fn`: MNC builds its tables with it.)
pub const fn transform_cell(cell: usize, s: usize) -> usize {
    let (mut r, mut c) = (cell / 3, cell % 3);
    let mut turns = 0;
    while turns < (s & 3) {
        (r, c) = (c, 2 - r);
        turns += 1;
    }
    if s >= 4 {
        c = 2 - c;
    }
    3 * r + c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_eight_distinct_permutations() {
        let mut seen = std::collections::HashSet::new();
        for s in 0..8 {
            let image: Vec<usize> = (0..9).map(|c| transform_cell(c, s)).collect();
            let mut sorted = image.clone();
            sorted.sort();
            assert_eq!(sorted, (0..9).collect::<Vec<_>>());
            assert_eq!(image[4], 4);
            assert!(seen.insert(image));
        }
    }

    #[test]
    fn cells_move_and_stop_at_the_edges() {
        assert_eq!(Cell::CENTRE.moved(-1, 0), Cell::ALL[1]);
        assert_eq!(Cell::ALL[0].moved(-1, -1), Cell::ALL[0]);
        assert_eq!(Cell::ALL[8].moved(1, 1), Cell::ALL[8]);
        assert_eq!(Cell::from_index(9), None);
        let set = Cell::ALL[2].bit() | Cell::ALL[7].bit();
        assert_eq!(
            Cell::of_set(set).collect::<Vec<_>>(),
            [Cell::ALL[2], Cell::ALL[7]]
        );
    }

    #[test]
    fn sides_index_their_values() {
        let mut hands = BySide::new(4, 2);
        hands[Side::O] += 1;
        assert_eq!((hands[Side::X], hands[Side::O]), (4, 3));
        assert_eq!(Side::X.other(), Side::O);
    }
}
