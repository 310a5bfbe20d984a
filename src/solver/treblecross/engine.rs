//! The Treblecross engine: exact search on short strips, the Grundy
//! analysis on long ones; the value of a strip, the perfect line, and the
//! values of a game's moves for its review.

use super::{analyze, safe_cells, three_in_a_row, Position, TreblecrossRules};
use crate::solver::grundy::GrundyTable;
use crate::solver::octal::ValueTooLarge;
use crate::solver::record::{self, Annotation, PerfectLine};
use crate::solver::search::{Expansion, Game, Outcome, Solver};

/// Treblecross as the generic search sees it: the exhaustive slow twin of
/// [`analyze`] and the engine for short strips. A strip is a bitmask of its
/// `X` cells; both players place `X`, so the mover does not matter.
#[derive(Debug, Clone, Copy)]
pub struct Treblecross {
    pub len: u32,
}

impl Treblecross {
    fn full(&self) -> u64 {
        (1u64 << self.len) - 1
    }

    fn has_three(mask: u64) -> bool {
        mask & mask >> 1 & mask >> 2 != 0
    }
}

impl Game for Treblecross {
    type Position = u64;

    fn key(&self, mask: &u64) -> u64 {
        *mask
    }

    fn expand(&self, &mask: &u64, children: &mut Vec<u64>) -> Expansion {
        if Self::has_three(mask) {
            return Expansion::Settled(Outcome::Loss(0));
        }
        let empty = self.full() & !mask;
        let mut rest = empty;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if Self::has_three(mask | bit) {
                return Expansion::Settled(Outcome::Win(1));
            }
            children.push(mask | bit);
        }
        Expansion::Moves
    }

    fn no_moves(&self) -> Outcome {
        // Only a strip of fewer than 3 cells can fill up without a line.
        Outcome::Draw
    }
}

/// Strips with at most this many empty cells are played exactly by search:
/// about 40 ms for 24 empty cells, growing about 1.6 times per cell (600 ms
/// at 30), so the app can answer at once.
pub const EXACT_ENGINE_EMPTY_CELLS: usize = 24;

/// The engine's move on a strip with no three in a row, or `None` if it
/// is full. It takes a winning cell whenever it has one; otherwise it plays
/// the move that keeps the game going longest. Exact (fastest win, slowest
/// loss) when at most [`EXACT_ENGINE_EMPTY_CELLS`] cells are empty; on
/// longer strips it takes the first winning cell of [`analyze`] or, when
/// losing, the safe cell that leaves the most safe cells (a cell next to an
/// `X` only when every cell is unsafe).
pub fn engine_move(
    strip: &[bool],
    table: &mut GrundyTable,
) -> Result<Option<usize>, ValueTooLarge> {
    let empty: Vec<usize> = (0..strip.len()).filter(|&i| !strip[i]).collect();
    if empty.is_empty() || three_in_a_row(strip).is_some() {
        return Ok(None);
    }
    if empty.len() <= EXACT_ENGINE_EMPTY_CELLS && strip.len() <= 64 {
        let mut solver: Solver<Treblecross> = Solver::new(Treblecross {
            len: strip.len() as u32,
        });
        let mask = to_mask(strip);
        // Best for the mover: the highest value of the position after it.
        return Ok(empty.iter().copied().max_by_key(|&i| {
            (
                solver.solve(&(mask | 1 << i)).for_previous_mover(),
                std::cmp::Reverse(i),
            )
        }));
    }
    if let Some(&cell) = analyze(strip, table)?.winning_cells().first() {
        return Ok(Some(cell));
    }
    // Playing at i makes the safe cells within distance 2 of it unsafe;
    // the move that loses fewest keeps the most moves for later. O(n).
    let safe = safe_cells(strip);
    let lost = |i: usize| {
        (i.saturating_sub(2)..(i + 3).min(strip.len()))
            .filter(|&j| safe[j])
            .count()
    };
    Ok((0..strip.len())
        .filter(|&i| safe[i])
        .min_by_key(|&i| (lost(i), i))
        .or_else(|| empty.first().copied()))
}

/// What a strip is worth to the player to move: winning or losing, and
/// in how many plies under perfect play when that is known exactly (at
/// most [`EXACT_ENGINE_EMPTY_CELLS`] empty cells on 64 cells or fewer).
pub use crate::solver::record::KnownValue as StripValue;

/// The exact search of a strip, when it is small enough.
fn exact_solver(strip: &[bool]) -> Option<Solver<Treblecross>> {
    let empty = strip.iter().filter(|&&x| !x).count();
    (empty <= EXACT_ENGINE_EMPTY_CELLS && strip.len() <= 64).then(|| {
        Solver::new(Treblecross {
            len: strip.len() as u32,
        })
    })
}

fn value_with(
    strip: &[bool],
    solver: &mut Option<Solver<Treblecross>>,
    table: &mut GrundyTable,
) -> Result<StripValue, ValueTooLarge> {
    if let Some(solver) = solver {
        let outcome = solver.solve(&to_mask(strip));
        return Ok(StripValue {
            winning: outcome.is_win(),
            plies: outcome.distance(),
        });
    }
    Ok(StripValue {
        winning: analyze(strip, table)?.is_winning(),
        plies: None,
    })
}

/// The value of a strip for the player to move (a strip with three in a
/// row is lost for the player to move: the other one made it).
pub fn strip_value(strip: &[bool], table: &mut GrundyTable) -> Result<StripValue, ValueTooLarge> {
    value_with(strip, &mut exact_solver(strip), table)
}

/// The perfect line from a strip: the engine's move (see [`engine_move`])
/// for each side in turn until three in a row or a full strip, each cell
/// with the value, for the player making it, of the strip before it.
/// Exact on small strips; on long ones the winner's moves are winning
/// moves and the loser's the longest-lasting of [`engine_move`]. At most
/// `most` moves; true with them if the line goes on past that.
pub fn perfect_line(
    strip: &[bool],
    table: &mut GrundyTable,
    most: usize,
) -> Result<(Vec<(usize, StripValue)>, bool), ValueTooLarge> {
    let mut strip = strip.to_vec();
    let mut solver = exact_solver(&strip);
    let mut line = Vec::new();
    while three_in_a_row(&strip).is_none() {
        if line.len() == most {
            let more = strip.iter().any(|&x| !x);
            return Ok((line, more));
        }
        if solver.is_none() {
            // Few enough cells left to search exactly from here on.
            solver = exact_solver(&strip);
        }
        let value = value_with(&strip, &mut solver, table)?;
        let cell = match &mut solver {
            // The solver already holds this strip's subtree: choose here.
            Some(solver) => {
                let mask = to_mask(&strip);
                (0..strip.len()).filter(|&i| !strip[i]).max_by_key(|&i| {
                    (
                        solver.solve(&(mask | 1 << i)).for_previous_mover(),
                        std::cmp::Reverse(i),
                    )
                })
            }
            None => engine_move(&strip, table)?,
        };
        let Some(cell) = cell else { break };
        line.push((cell, value));
        strip[cell] = true;
    }
    Ok((line, false))
}

/// A strip as a bitmask (cell 0 = bit 0).
pub fn to_mask(strip: &[bool]) -> u64 {
    strip
        .iter()
        .enumerate()
        .filter(|(_, &x)| x)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Each move of a game from `start` with the value, for its mover, of the
/// strip it was made on, and the value of the strip after it for the
/// player to move there (lost in 0 once it holds three in a row).
pub fn annotate(
    start: &Position,
    moves: &[usize],
    table: &mut GrundyTable,
) -> Result<Vec<Annotation<StripValue>>, ValueTooLarge> {
    let mut strip = start.strip.to_vec();
    let mut values = Vec::with_capacity(moves.len());
    // One exact search serves every move of a short strip.
    let mut solver = exact_solver(&strip);
    for &cell in moves {
        let before = value_with(&strip, &mut solver, table)?;
        strip[cell] = true;
        let after = if three_in_a_row(&strip).is_some() {
            StripValue {
                winning: false,
                plies: Some(0),
            }
        } else {
            value_with(&strip, &mut solver, table)?
        };
        values.push(Annotation { before, after });
    }
    Ok(values)
}

/// The most moves of a perfect line worked out at once (a long strip has
/// thousands; the first ones are the ones to study).
pub const LINE_MOST: usize = 200;

/// The engine of a match, with its own Grundy table (grown as long strips
/// need it).
#[derive(Default)]
pub struct TreblecrossEngine {
    table: GrundyTable,
}

impl record::Engine<TreblecrossRules> for TreblecrossEngine {
    type Error = ValueTooLarge;

    fn best_move(&mut self, position: &Position) -> Result<Option<usize>, ValueTooLarge> {
        engine_move(&position.strip, &mut self.table)
    }

    fn perfect_line(
        &mut self,
        from: Position,
    ) -> Result<PerfectLine<TreblecrossRules>, ValueTooLarge> {
        let (moves, cut) = perfect_line(&from.strip, &mut self.table, LINE_MOST)?;
        Ok(PerfectLine { from, moves, cut })
    }

    fn annotate(
        &mut self,
        start: &Position,
        moves: &[usize],
    ) -> Result<Vec<Annotation<StripValue>>, ValueTooLarge> {
        annotate(start, moves, &mut self.table)
    }
}
