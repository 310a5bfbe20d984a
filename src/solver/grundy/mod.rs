//! Grundy values of octal games: the methods of computing them (one
//! [`GrundyMethod`] trait, one file per method), the table of free
//! Treblecross segments, statistics and the periodicity check.
//!
//! A free segment of `L` cells is a row where a move may be made anywhere and
//! kills the two cells on each side of it: playing at offset `p` leaves free
//! segments of `max(0, p - 2)` and `max(0, L - p - 3)` cells. So
//! `G(0) = 0` and `G(L) = mex { G(max(0,p-2)) ^ G(max(0,L-p-3)) : 0 <= p < L }`.
//! That is the octal game 0.007 on a heap of `L + 2`: the table is computed
//! as such, and the statistics and periodicity check here serve every octal
//! game.

mod naive;
pub mod period;
pub mod rare_common;
mod sequence;
mod stats;

pub use naive::{value_read, Naive, ReadValues};
pub use rare_common::{one_thread_traced, BatchTrace, RareCommon};
pub use sequence::{Figures, ProvedPeriod, Sequence};
pub use stats::{find_period, stats, GrundyStats, Period};

use crate::solver::octal::{OctalGame, ValueTooLarge};
use std::ops::ControlFlow;
use std::time::Duration;

/// Values between two looks of a method's watcher.
const WATCH_EVERY: usize = 1024;

/// A method of computing an octal game's Grundy values `G(0 …)`.
pub trait GrundyMethod {
    /// Grows `values` (`G(0 …)` of `game` so far, say from a saved table)
    /// to `n` values, on up to `threads` threads. `watch` is shown the
    /// values known so far every 1,024 or so, on the calling thread (while
    /// any others go on): it may save them, look for a period, and stop the
    /// work early with `Break` (`values` then keeps every value known, at
    /// least those it saw). On an error the values known before it are
    /// kept. Returns each thread's time spent waiting for the others (none
    /// where no thread waits), for measuring how the work scales.
    fn extend(
        &self,
        game: &OctalGame,
        values: &mut Vec<u16>,
        n: usize,
        threads: usize,
        watch: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Vec<Waits>, ValueTooLarge>;

    /// [`GrundyMethod::extend`] with nobody watching.
    fn extend_to(
        &self,
        game: &OctalGame,
        values: &mut Vec<u16>,
        n: usize,
        threads: usize,
    ) -> Result<(), ValueTooLarge> {
        self.extend(game, values, n, threads, &mut |_| ControlFlow::Continue(()))
            .map(drop)
    }

    /// [`GrundyMethod::extend`], telling `progress` how many values are
    /// known every 1,024 or so and once more at the end (for a progress
    /// display).
    fn extend_with_progress(
        &self,
        game: &OctalGame,
        values: &mut Vec<u16>,
        n: usize,
        threads: usize,
        progress: &mut dyn FnMut(usize),
    ) -> Result<(), ValueTooLarge> {
        let result = self.extend(game, values, n, threads, &mut |known| {
            progress(known.len());
            ControlFlow::Continue(())
        });
        progress(values.len());
        result.map(drop)
    }
}

/// One thread's time spent waiting for the values of the others.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Waits {
    /// Waits that found the values wanted not known yet.
    pub waits: u64,
    /// Of those, the ones that went to sleep.
    pub sleeps: u64,
    pub waited: Duration,
}

/// The segment lengths a move at offset `p` of a free segment of `len` cells
/// leaves on its left and right.
pub fn split(len: usize, p: usize) -> (usize, usize) {
    debug_assert!(p < len);
    (p.saturating_sub(2), (len - p).saturating_sub(3))
}

/// The nim-sums a move in a free segment of `len` cells reaches, each
/// with a cell (0-based in the segment) that reaches it; `values` holds
/// G(0) up to G(len − 1) at least.
pub fn reached_values(len: usize, values: &[u16]) -> Vec<(u16, usize)> {
    let mut reached: Vec<(u16, usize)> = Vec::new();
    for p in 0..len {
        let (left, right) = split(len, p);
        let v = values[left] ^ values[right];
        if !reached.iter().any(|(r, _)| *r == v) {
            reached.push((v, p));
        }
    }
    reached.sort_unstable();
    reached
}

/// Heap of the octal game 0.007 that a free segment of `len` cells is.
pub const HEAP_OF_SEGMENT: usize = 2;

/// The Grundy values of free segments, extended on demand by the
/// rare/common method ([`rare_common`]) on the game 0.007.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    /// Values of 0.007 heaps: segment `L` is heap `L + 2`.
    heaps: Vec<u16>,
}

impl Default for GrundyTable {
    fn default() -> Self {
        GrundyTable {
            heaps: vec![0; HEAP_OF_SEGMENT + 1],
        }
    }
}

impl GrundyTable {
    /// A table holding G(0) … G(n − 1) (at least G(0)).
    pub fn with_len(n: usize) -> Result<GrundyTable, ValueTooLarge> {
        let mut table = GrundyTable::default();
        table.extend_to(n)?;
        Ok(table)
    }

    /// Makes sure G(0) … G(n − 1) are known. Fails only if a value passes
    /// `u16` (none does below 2^20; 1,226 is the largest there).
    pub fn extend_to(&mut self, n: usize) -> Result<(), ValueTooLarge> {
        self.extend_with_progress(n, |_| {})
    }

    /// [`GrundyTable::extend_to`] on every core, telling `progress` how many
    /// values are known every 1,024 values or so (for a progress display).
    pub fn extend_with_progress(
        &mut self,
        n: usize,
        mut progress: impl FnMut(usize),
    ) -> Result<(), ValueTooLarge> {
        let wanted = n + HEAP_OF_SEGMENT;
        if wanted <= self.heaps.len() {
            // Known already: no threads to count (asking the system how many
            // cores there are reads files, and this is called per strip).
            return Ok(());
        }
        RareCommon.extend_with_progress(
            &OctalGame::treblecross(),
            &mut self.heaps,
            wanted,
            cores(),
            &mut |heaps| progress(heaps.saturating_sub(HEAP_OF_SEGMENT)),
        )
    }

    /// G(len); the table must hold it (see [`GrundyTable::extend_to`]).
    pub fn get(&self, len: usize) -> u16 {
        self.heaps[len + HEAP_OF_SEGMENT]
    }

    pub fn len(&self) -> usize {
        self.heaps.len() - HEAP_OF_SEGMENT
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(0) … G(len − 1).
    pub fn values(&self) -> &[u16] {
        &self.heaps[HEAP_OF_SEGMENT..]
    }

    /// The same values as heaps of 0.007: heap `L + 2` is segment `L`.
    pub fn heap_values(&self) -> &[u16] {
        &self.heaps
    }
}

/// The cores of this machine, asked once per process.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_values_a_move_reaches_are_the_options_of_the_mex() {
        // Each value reached is reached by the cell given, and G(len) is
        // the least value not reached (the table itself is checked against
        // an exhaustive search in tests/it/treblecross.rs).
        let table = GrundyTable::with_len(60).unwrap();
        let values = table.values();
        for len in 1..60 {
            let reached = reached_values(len, values);
            for &(v, p) in &reached {
                let (left, right) = split(len, p);
                assert_eq!(values[left] ^ values[right], v, "{len} {p}");
            }
            let mex = (0..)
                .find(|v| !reached.iter().any(|(r, _)| r == v))
                .unwrap();
            assert_eq!(mex, values[len], "G({len})");
        }
    }

    #[test]
    fn first_values_match_the_spec() {
        let expected = [
            0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5, 5, 2,
        ];
        assert_eq!(GrundyTable::with_len(26).unwrap().values(), &expected);
    }

    #[test]
    fn progress_is_reported_as_values_are_found() {
        let mut seen = Vec::new();
        GrundyTable::default()
            .extend_with_progress(9000, |n| seen.push(n))
            .unwrap();
        // How many reports come depends on how the threads are scheduled
        // (a watcher woken late sees a larger frontier); what is promised is
        // counts that never go back and a last one at the end.
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert!(seen.iter().all(|&n| n <= 9000), "{seen:?}");
        assert_eq!(seen.last(), Some(&9000));
    }

    #[test]
    fn extending_in_steps_equals_extending_at_once() {
        let mut stepwise = GrundyTable::default();
        for n in [3, 10, 11, 500] {
            stepwise.extend_to(n).unwrap();
        }
        assert_eq!(
            stepwise.values(),
            GrundyTable::with_len(500).unwrap().values()
        );
    }

    /// The definition, with a hash set and no halving: the slow twin.
    #[test]
    fn table_equals_the_plain_definition() {
        let table = GrundyTable::with_len(1500).unwrap();
        let mut plain: Vec<u16> = vec![0];
        for len in 1..1500usize {
            let options: std::collections::HashSet<u16> = (0..len)
                .map(|p| {
                    let l = p.saturating_sub(2);
                    let r = if len >= p + 3 { len - p - 3 } else { 0 };
                    plain[l] ^ plain[r]
                })
                .collect();
            plain.push((0..).find(|g| !options.contains(g)).unwrap());
        }
        assert_eq!(table.values(), &plain[..]);
    }
}
