//! The strip's edits for the shared undo history ([`History`]): each
//! held as what it changes (a cell, a length and the `X` it cut off, a
//! strip's `X` cells), never as a copy of the strip (a cleared strip of
//! 100,000 cells costs at most 267 KB: its `X` cells, 4 bytes each).

use crate::solver::treblecross::Strip;
use crate::tui::history;
pub use crate::tui::history::BUDGET;

/// The strip's undo history.
pub type History = history::History<Edit>;

/// An edit of the strip: applying it returns its inverse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Toggle one cell (its own inverse).
    Toggle(usize),
    /// Make the strip `len` cells long, then put an `X` on `xs` (the cells
    /// a shortening cut off, when this undoes it).
    Length { len: usize, xs: Vec<u32> },
    /// The whole strip: its length and its `X` cells.
    Whole { len: usize, xs: Vec<u32> },
}

impl Edit {
    /// The edit that makes a strip `strip` again.
    pub fn whole(strip: &Strip) -> Edit {
        Edit::Whole {
            len: strip.len(),
            xs: x_cells(strip, 0),
        }
    }
}

impl history::Edit for Edit {
    type State = Strip;

    fn bytes(&self) -> usize {
        let cells = match self {
            Edit::Toggle(_) => 0,
            Edit::Length { xs, .. } | Edit::Whole { xs, .. } => xs.capacity(),
        };
        std::mem::size_of::<Edit>() + 4 * cells
    }

    fn apply(self, strip: &mut Strip) -> Edit {
        match self {
            Edit::Toggle(cell) => {
                strip.toggle(cell);
                Edit::Toggle(cell)
            }
            Edit::Length { len, xs } => {
                let before = strip.len();
                let cut = if len < before {
                    x_cells(strip, len)
                } else {
                    Vec::new()
                };
                strip.resize(len);
                for x in xs {
                    strip.set(x as usize, true);
                }
                Edit::Length {
                    len: before,
                    xs: cut,
                }
            }
            Edit::Whole { len, xs } => {
                let inverse = Edit::whole(strip);
                let mut new = Strip::empty(len);
                for x in xs {
                    new.set(x as usize, true);
                }
                *strip = new;
                inverse
            }
        }
    }
}

/// The `X` cells of `strip` from `from` on.
fn x_cells(strip: &Strip, from: usize) -> Vec<u32> {
    let cells = strip.cells();
    (from..cells.len())
        .filter(|&i| cells[i])
        .map(|i| i as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(text: &str) -> Strip {
        Strip::from(text.chars().map(|c| c == 'X').collect::<Vec<_>>())
    }

    fn text(strip: &Strip) -> String {
        strip
            .cells()
            .iter()
            .map(|&x| if x { 'X' } else { '.' })
            .collect()
    }

    #[test]
    fn every_edit_undoes_and_redoes_exactly() {
        let mut s = strip("X...X..X.X");
        let mut history = History::default();
        let mut seen = vec![text(&s)];
        let edits = [
            Edit::Toggle(2),
            Edit::Length { len: 6, xs: vec![] },
            Edit::Length {
                len: 12,
                xs: vec![],
            },
            Edit::whole(&strip("..X..X")),
            Edit::Toggle(0),
            Edit::Whole { len: 8, xs: vec![] },
        ];
        for edit in edits {
            history.edit(edit, &mut s);
            seen.push(text(&s));
        }
        assert_eq!(seen[2], "X.X.X.", "shortening cuts");
        assert_eq!(seen[3], "X.X.X.......", "lengthening adds empty cells");
        for expected in seen.iter().rev().skip(1) {
            assert!(history.undo(&mut s));
            assert_eq!(&text(&s), expected);
        }
        assert!(!history.undo(&mut s));
        for expected in seen.iter().skip(1) {
            assert!(history.redo(&mut s));
            assert_eq!(&text(&s), expected);
        }
        assert!(!history.redo(&mut s));
    }

    #[test]
    fn the_history_stays_within_its_budget() {
        // Clearing a long strip full of X again and again: the oldest
        // clears are forgotten, the bytes stay under the budget.
        let cells: Vec<bool> = (0..100_000).map(|i| i % 3 != 2).collect();
        let full = Strip::from(cells);
        let mut s = full.clone();
        let mut history = History::default();
        for _ in 0..200 {
            history.edit(Edit::whole(&full), &mut s);
            history.edit(
                Edit::Whole {
                    len: 100_000,
                    xs: vec![],
                },
                &mut s,
            );
            assert!(history.bytes() <= BUDGET);
        }
        assert!(history.undo_len() < 400, "old edits were dropped");
        // What is kept still undoes right.
        assert!(history.undo(&mut s));
        assert_eq!(s, full);
    }
}
