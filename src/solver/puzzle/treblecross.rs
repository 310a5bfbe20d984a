//! Treblecross puzzles: find a winning cell on strips that grow with the
//! level (7 cells to 260, more `X` as they grow), and drills of the method:
//! the Grundy value of a free segment, the nim-sum of a strip.

use super::SplitMix64;
use crate::solver::grundy::GrundyTable;
use crate::solver::treblecross::{analyze, Strip, StripAnalysis};

pub const LEVELS: u8 = 10;

/// The strip's length at each level.
const LENGTHS: [usize; LEVELS as usize] = [7, 10, 14, 20, 30, 45, 70, 110, 170, 260];

/// What the player is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TreblecrossTask {
    /// Find a winning cell (every one is an answer, 0-based ascending).
    WinningCell { cells: Vec<usize> },
    /// What is G(len) for a free segment of `len` cells?
    SegmentValue { len: usize, value: u16 },
    /// What is the nim-sum of the strip's free segments?
    NimSum { value: u16 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreblecrossPuzzle {
    /// The strip asked about (for a segment's value: that segment, empty).
    pub strip: Strip,
    pub task: TreblecrossTask,
}

pub(super) fn make(
    level: u8,
    random: &mut SplitMix64,
    table: &mut GrundyTable,
) -> TreblecrossPuzzle {
    // The level's length, and up to half as much again.
    let base = LENGTHS[usize::from(level) - 1];
    let len = base + random.below(base / 2 + 1);
    // Three in five ask for a winning cell, one for G(L), one for a nim-sum.
    match random.below(5) {
        3 => {
            let len = 1 + random.below(len);
            table.extend_to(len + 1).expect("Treblecross values fit");
            TreblecrossPuzzle {
                strip: Strip::empty(len),
                task: TreblecrossTask::SegmentValue {
                    len,
                    value: table.get(len),
                },
            }
        }
        4 => {
            let (strip, analysis) = strip_with_no_immediate_win(level, len, random, table);
            let StripAnalysis::Segments { nim_sum, .. } = analysis else {
                unreachable!("strips here have no immediate win")
            };
            TreblecrossPuzzle {
                strip,
                task: TreblecrossTask::NimSum { value: nim_sum },
            }
        }
        _ => loop {
            let (strip, analysis) = strip_with_no_immediate_win(level, len, random, table);
            if analysis.is_winning() {
                let cells = analysis.winning_cells().to_vec();
                return TreblecrossPuzzle {
                    strip,
                    task: TreblecrossTask::WinningCell { cells },
                };
            }
        },
    }
}

/// A strip of `len` cells with `level / 2` X (none at level 1), each at
/// least three cells from the others, so that no move wins at once and
/// the free segments decide.
fn strip_with_no_immediate_win(
    level: u8,
    len: usize,
    random: &mut SplitMix64,
    table: &mut GrundyTable,
) -> (Strip, StripAnalysis) {
    let count = usize::from(level / 2);
    loop {
        let mut strip = Strip::empty(len);
        let mut placed = 0;
        for _ in 0..count * 8 {
            let cell = random.below(len);
            let near = cell.saturating_sub(2)..(cell + 3).min(len);
            if near.clone().all(|c| !strip[c]) {
                strip.set(cell, true);
                placed += 1;
                if placed == count {
                    break;
                }
            }
        }
        let analysis = analyze(&strip, table).expect("Treblecross values fit");
        if placed == count && matches!(analysis, StripAnalysis::Segments { .. }) {
            return (strip, analysis);
        }
    }
}
