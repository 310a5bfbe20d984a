//! Treblecross: a strip of cells, both players place `X`, three in a row wins.
//!
//! An immediate win (filling `XX.`, `.XX` or `X.X`) is taken when there is
//! one. Otherwise every cell within distance 2 of an `X` is unsafe (playing
//! there lets the opponent complete three), the safe cells form independent
//! free segments, and the game is their sum: the mover wins iff the xor of
//! the segments' Grundy values is non-zero. Winning cells come from one pass
//! over the segments with the Grundy table: O(n).

use super::grundy::{split, GrundyTable};
use super::octal::ValueTooLarge;
use std::ops::Deref;

mod engine;
mod game;
mod puzzle;

pub use engine::{
    annotate, engine_move, perfect_line, strip_value, to_mask, StripValue, Treblecross,
    TreblecrossEngine, EXACT_ENGINE_EMPTY_CELLS, LINE_MOST,
};
pub use game::{new_match, Match, MatchError, Move, Player, Position, Taken, TreblecrossRules};
pub use puzzle::{TreblecrossPuzzle, TreblecrossTask, GRUNDY_VALUE};

/// A Treblecross strip: each cell holds an `X` (true) or is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Strip(Vec<bool>);

impl Strip {
    /// The fewest cells a strip has (shorter ones cannot hold three).
    pub const MIN_LEN: usize = 3;

    /// An empty strip of `len` cells.
    pub fn empty(len: usize) -> Strip {
        Strip(vec![false; len])
    }

    pub fn cells(&self) -> &[bool] {
        &self.0
    }

    pub fn set(&mut self, cell: usize, x: bool) {
        self.0[cell] = x;
    }

    pub fn toggle(&mut self, cell: usize) {
        self.0[cell] = !self.0[cell];
    }

    /// Longer (with empty cells) or shorter (cut at the right end).
    pub fn resize(&mut self, len: usize) {
        self.0.resize(len, false);
    }

    /// Whether any cell holds an `X`.
    pub fn has_x(&self) -> bool {
        self.0.contains(&true)
    }
}

impl From<Vec<bool>> for Strip {
    fn from(cells: Vec<bool>) -> Strip {
        Strip(cells)
    }
}

impl Deref for Strip {
    type Target = [bool];
    fn deref(&self) -> &[bool] {
        &self.0
    }
}

/// A maximal run of safe empty cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeSegment {
    /// Index of its first cell in the strip (0-based).
    pub start: usize,
    pub len: usize,
    /// Its Grundy value G(len).
    pub grundy: u16,
}

/// What the player to move has on a strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripAnalysis {
    /// Three `X` are already in a row: the game is over, the previous
    /// player won. Carries the start of the first such run.
    Finished { run_start: usize },
    /// The mover completes three at once on any of these cells (0-based).
    ImmediateWin { cells: Vec<usize> },
    /// No immediate win: the free segments decide.
    Segments {
        segments: Vec<FreeSegment>,
        /// The xor of all segment values (non-zero: the mover wins).
        nim_sum: u16,
        /// Every winning cell (0-based, ascending); empty when losing.
        winning_cells: Vec<usize>,
    },
}

impl StripAnalysis {
    pub fn is_winning(&self) -> bool {
        match self {
            StripAnalysis::Finished { .. } => false,
            StripAnalysis::ImmediateWin { .. } => true,
            StripAnalysis::Segments { nim_sum, .. } => *nim_sum != 0,
        }
    }

    pub fn winning_cells(&self) -> &[usize] {
        match self {
            StripAnalysis::Finished { .. } => &[],
            StripAnalysis::ImmediateWin { cells } => cells,
            StripAnalysis::Segments { winning_cells, .. } => winning_cells,
        }
    }
}

/// The first run of three `X`, if any.
pub fn three_in_a_row(strip: &[bool]) -> Option<usize> {
    strip.windows(3).position(|w| w[0] && w[1] && w[2])
}

/// Whether the `X` at `cell` is part of three in a row: after a move on a
/// strip that had none, whether that move made one — in O(1), where
/// [`three_in_a_row`] looks at the whole strip.
pub fn completes_three(strip: &[bool], cell: usize) -> bool {
    (cell.saturating_sub(2)..=cell)
        .any(|s| s + 2 < strip.len() && strip[s] && strip[s + 1] && strip[s + 2])
}

/// The cells holding an `X`, ascending: the analysis works on these, so
/// that apart from one pass over the strip it costs O(number of X).
fn x_cells(strip: &[bool]) -> Vec<usize> {
    strip
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| x.then_some(i))
        .collect()
}

/// Cells where placing an `X` makes three in a row (ascending).
pub fn immediate_wins(strip: &[bool]) -> Vec<usize> {
    immediate_wins_of(&x_cells(strip), strip.len())
}

/// [`immediate_wins`] from the `X` cells of a strip of `n` cells. Such a
/// cell needs two `X` within distance 2 of each other: `XX.`, `.XX`, `X.X`.
fn immediate_wins_of(xs: &[usize], n: usize) -> Vec<usize> {
    let mut cells = Vec::new();
    for pair in xs.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        match b - a {
            1 => {
                cells.extend(a.checked_sub(1));
                cells.extend(Some(b + 1).filter(|&c| c < n));
            }
            2 => cells.push(a + 1),
            _ => {}
        }
    }
    // The neighbours of a pair may hold an X (a run of three): not empty.
    cells.retain(|c| xs.binary_search(c).is_err());
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Whether each cell is safe: empty and not within distance 2 of an `X`.
pub fn safe_cells(strip: &[bool]) -> Vec<bool> {
    let n = strip.len();
    let mut safe = vec![true; n];
    for (i, _) in strip.iter().enumerate().filter(|(_, &x)| x) {
        for s in &mut safe[i.saturating_sub(2)..(i + 3).min(n)] {
            *s = false;
        }
    }
    safe
}

/// The free segments (start and length) of a strip of `n` cells with `X`
/// on `xs`: the gaps between the cells within distance 2 of an `X`.
fn segments_of(xs: impl IntoIterator<Item = usize>, n: usize) -> impl Iterator<Item = FreeSegment> {
    let mut free_from = 0;
    xs.into_iter()
        .chain(std::iter::once(n + 2))
        .filter_map(move |x| {
            let free_to = x.saturating_sub(2).min(n);
            let segment = (free_to > free_from).then(|| FreeSegment {
                start: free_from,
                len: free_to - free_from,
                grundy: 0,
            });
            free_from = free_from.max(x + 3);
            segment
        })
}

/// The length of the longest free segment (0 if none): how far the Grundy
/// table must reach to analyse the strip.
pub fn longest_free_segment(strip: &[bool]) -> usize {
    // One pass, nothing kept: a strip may have hundreds of millions of cells.
    let xs = strip
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| x.then_some(i));
    segments_of(xs, strip.len())
        .map(|s| s.len)
        .max()
        .unwrap_or(0)
}

/// How many free segments a strip has (their values not needed).
pub fn free_segment_count(strip: &[bool]) -> usize {
    let xs = strip
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| x.then_some(i));
    segments_of(xs, strip.len()).count()
}

/// The free segments of a strip with no immediate win, with their values.
pub fn free_segments(
    strip: &[bool],
    table: &mut GrundyTable,
) -> Result<Vec<FreeSegment>, ValueTooLarge> {
    valued(segments_of(x_cells(strip), strip.len()).collect(), table)
}

/// Gives each segment its Grundy value, growing the table to the longest.
fn valued(
    mut segments: Vec<FreeSegment>,
    table: &mut GrundyTable,
) -> Result<Vec<FreeSegment>, ValueTooLarge> {
    if let Some(longest) = segments.iter().map(|s| s.len).max() {
        table.extend_to(longest + 1)?;
    }
    for segment in &mut segments {
        segment.grundy = table.get(segment.len);
    }
    Ok(segments)
}

/// The full analysis of a strip for the player to move, in O(n) once the
/// table holds the longest segment (it is extended to it when shorter).
pub fn analyze(strip: &[bool], table: &mut GrundyTable) -> Result<StripAnalysis, ValueTooLarge> {
    let xs = x_cells(strip);
    if let Some(i) = xs.windows(3).position(|w| w[2] == w[0] + 2) {
        return Ok(StripAnalysis::Finished { run_start: xs[i] });
    }
    let cells = immediate_wins_of(&xs, strip.len());
    if !cells.is_empty() {
        return Ok(StripAnalysis::ImmediateWin { cells });
    }
    let segments = valued(
        segments_of(xs.iter().copied(), strip.len()).collect(),
        table,
    )?;
    let nim_sum = segments.iter().fold(0, |acc, s| acc ^ s.grundy);
    let mut winning_cells = Vec::new();
    if nim_sum != 0 {
        let values = table.values();
        for segment in &segments {
            // Playing in this segment must leave it worth `target`.
            let target = nim_sum ^ segment.grundy;
            for p in 0..segment.len {
                let (left, right) = split(segment.len, p);
                if values[left] ^ values[right] == target {
                    winning_cells.push(segment.start + p);
                }
            }
        }
    }
    Ok(StripAnalysis::Segments {
        segments,
        nim_sum,
        winning_cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(s: &str) -> Strip {
        Strip::from(s.chars().map(|c| c == 'X').collect::<Vec<_>>())
    }

    #[test]
    fn sample_of_the_contest() {
        let mut table = GrundyTable::default();
        let cases = [
            (".....", Some(vec![3])),
            ("X.....X..X.............X....X..X", None),
            (".X.X...X", Some(vec![3])),
            (
                "...............................................",
                Some(vec![1, 12, 15, 17, 20, 24, 28, 31, 33, 36, 47]),
            ),
        ];
        for (s, expected) in cases {
            let analysis = analyze(&strip(s), &mut table).unwrap();
            match expected {
                Some(cells) => {
                    assert!(analysis.is_winning(), "{s}");
                    let one_based: Vec<usize> =
                        analysis.winning_cells().iter().map(|c| c + 1).collect();
                    assert_eq!(one_based, cells, "{s}");
                }
                None => {
                    assert!(!analysis.is_winning(), "{s}");
                    assert!(analysis.winning_cells().is_empty());
                }
            }
        }
    }

    #[test]
    fn finished_and_immediate_strips() {
        let mut table = GrundyTable::default();
        assert_eq!(
            analyze(&strip("..XXX."), &mut table).unwrap(),
            StripAnalysis::Finished { run_start: 2 }
        );
        assert_eq!(
            analyze(&strip("X.X..XX"), &mut table).unwrap(),
            StripAnalysis::ImmediateWin { cells: vec![1, 4] }
        );
    }

    #[test]
    fn segments_of_a_strip() {
        let mut table = GrundyTable::default();
        // X at 0 and 9 of 13 cells: safe cells are 3..=6 and 12.
        let segments = free_segments(&strip("X........X..."), &mut table).unwrap();
        assert_eq!(
            segments,
            vec![
                FreeSegment {
                    start: 3,
                    len: 4,
                    grundy: 2
                },
                FreeSegment {
                    start: 12,
                    len: 1,
                    grundy: 1
                }
            ]
        );
    }
}
