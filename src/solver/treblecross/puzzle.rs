//! Treblecross puzzles: find a winning cell on strips that grow with the
//! level (10 cells to 390, more `X` as they grow), and drills of the method:
//! the Grundy value of a free segment, the nim-sum of a strip.

use crate::solver::grundy::GrundyTable;
use crate::solver::puzzle::{
    shape_of, those, Difficulty, GamePuzzle, Puzzle, PuzzleGame, Puzzler, Rated, Shape, SplitMix64,
    Theme,
};
use crate::solver::treblecross::{analyze, free_segment_count, Strip, StripAnalysis};

pub const LEVELS: u8 = 10;

/// The strip's shortest length at each level (the longest is half as much
/// again), and the fewest `X` on it (the most is one more). Every level
/// has at least one `X`: the empty strips of a length are one puzzle each,
/// and a level of them alone would repeat itself (issue 34 counted 10
/// distinct puzzles in 1,000 at the old level 1).
const LEVEL_SHAPES: [(usize, usize); LEVELS as usize] = [
    (10, 1),
    (14, 1),
    (18, 1),
    (22, 2),
    (30, 2),
    (45, 3),
    (70, 3),
    (110, 4),
    (170, 4),
    (260, 5),
];

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
    let (base, fewest) = LEVEL_SHAPES[usize::from(level) - 1];
    let len = base + random.below(base / 2 + 1);
    let count = fewest + random.below(2);
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
            let (strip, analysis) = strip_with_no_immediate_win(count, len, random, table);
            let StripAnalysis::Segments { nim_sum, .. } = analysis else {
                unreachable!("strips here have no immediate win")
            };
            TreblecrossPuzzle {
                strip,
                task: TreblecrossTask::NimSum { value: nim_sum },
            }
        }
        _ => loop {
            let (strip, analysis) = strip_with_no_immediate_win(count, len, random, table);
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

/// A strip of `len` cells with `count` X, each at least three cells from
/// the others, so that no move wins at once and the free segments decide.
fn strip_with_no_immediate_win(
    count: usize,
    len: usize,
    random: &mut SplitMix64,
    table: &mut GrundyTable,
) -> (Strip, StripAnalysis) {
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

impl TreblecrossPuzzle {
    /// The puzzle a strip makes (a lesson's step): to find a winning
    /// cell; `None` for a strip that loses for the player to move.
    pub fn on(strip: Strip, table: &mut GrundyTable) -> Option<TreblecrossPuzzle> {
        let analysis = analyze(&strip, table).ok()?;
        let cells = analysis.winning_cells().to_vec();
        (analysis.is_winning() && !cells.is_empty()).then_some(TreblecrossPuzzle {
            strip,
            task: TreblecrossTask::WinningCell { cells },
        })
    }
}

/// The themes, in the order they are listed.
pub const ONE_SEGMENT: Theme = Theme {
    name: "one-segment",
    about: "one free stretch: split it into two that cancel",
};
pub const NIM_SUM: Theme = Theme {
    name: "nim-sum",
    about: "several free stretches: leave their nim-sum 0",
};
pub const UNSAFE_CELLS: Theme = Theme {
    name: "unsafe-cells",
    about: "most empty cells hand your opponent three in a row: find the safe ones",
};
pub const GRUNDY_VALUE: Theme = Theme {
    name: "grundy-value",
    about: "the value of a free stretch, from the values of what a move leaves",
};

/// The empty cells within two of an `X`: a move there lets the opponent
/// make three in a row.
pub fn unsafe_cells(strip: &[bool]) -> usize {
    (0..strip.len())
        .filter(|&c| !strip[c] && (c.saturating_sub(2)..(c + 3).min(strip.len())).any(|d| strip[d]))
        .count()
}

impl GamePuzzle for TreblecrossPuzzle {
    const GAME: PuzzleGame = PuzzleGame::Treblecross;
    const LEVELS: u8 = LEVELS;
    const SPAN: (u16, u16) = (940, 2320);
    const THEMES: &'static [Theme] = &[ONE_SEGMENT, NIM_SUM, UNSAFE_CELLS, GRUNDY_VALUE];

    /// A winning cell: one free stretch or several (the nim-sum), and
    /// unsafe cells where they are most of the empty ones; the drills are
    /// a stretch's value and a nim-sum.
    fn themes(&self) -> Vec<Theme> {
        let strip = self.strip.cells();
        let segments = free_segment_count(strip);
        let empty = strip.iter().filter(|&&x| !x).count();
        let mostly_unsafe = 2 * unsafe_cells(strip) > empty;
        those(Self::THEMES, |t| match (&self.task, *t) {
            (TreblecrossTask::WinningCell { .. }, ONE_SEGMENT) => segments == 1,
            (TreblecrossTask::WinningCell { .. }, NIM_SUM) => segments >= 2,
            (TreblecrossTask::WinningCell { .. }, UNSAFE_CELLS) => mostly_unsafe,
            (TreblecrossTask::NimSum { .. }, t) => t == NIM_SUM,
            (TreblecrossTask::SegmentValue { .. }, t) => t == GRUNDY_VALUE,
            _ => false,
        })
    }

    fn make(puzzler: &mut Puzzler, level: u8, random: &mut SplitMix64) -> Self {
        let table = puzzler.kept(GrundyTable::default);
        make(level, random, table)
    }

    /// The puzzle up to reversing the strip: what it asks, and the strip
    /// read from whichever end comes first.
    fn shape(&self) -> Shape {
        let cells = self.strip.cells();
        let reversed: Vec<bool> = cells.iter().rev().copied().collect();
        let strip = cells.min(&reversed[..]);
        let asks = match self.task {
            TreblecrossTask::WinningCell { .. } => 0,
            TreblecrossTask::SegmentValue { .. } => 1,
            TreblecrossTask::NimSum { .. } => 2,
        };
        shape_of((asks, strip))
    }

    fn into_puzzle(self) -> Puzzle {
        Puzzle::Treblecross(self)
    }
}

impl Rated for TreblecrossPuzzle {
    fn difficulty(&self) -> Difficulty {
        let segments = free_segment_count(&self.strip) as u32;
        let empty = self.strip.cells().iter().filter(|&&x| !x).count();
        match &self.task {
            TreblecrossTask::WinningCell { cells } => {
                Difficulty::one_of(empty, cells.len(), segments)
            }
            // A value among the mex's candidates: up to a few.
            TreblecrossTask::SegmentValue { len, value } => {
                Difficulty::one_of(usize::from(*value).max(*len / 8) + 2, 1, 1)
            }
            TreblecrossTask::NimSum { value } => {
                let range = (usize::from(*value) + 1).next_power_of_two();
                Difficulty::one_of(range.max(2), 1, segments)
            }
        }
    }
}
