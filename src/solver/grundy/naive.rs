//! The naive method: `G(n)` is the mex over every move of a heap of `n`,
//! each split looked at (once per mirror pair), one heap after another on
//! one thread — the slow, obviously right twin of [`super::RareCommon`].

use super::{GrundyMethod, Waits, WATCH_EVERY};
use crate::solver::octal::{OctalGame, ValueTooLarge, LARGEST_VALUE};
use std::ops::ControlFlow;

/// The plain mex over every move, on one thread whatever the threads asked.
#[derive(Debug, Clone, Copy, Default)]
pub struct Naive;

impl GrundyMethod for Naive {
    fn extend(
        &self,
        game: &OctalGame,
        values: &mut Vec<u16>,
        n: usize,
        _threads: usize,
        watch: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Vec<Waits>, ValueTooLarge> {
        let mut largest = values.iter().copied().max().unwrap_or(0);
        let mut seen: Vec<bool> = Vec::new();
        let splits: Vec<usize> = game.split_takes().collect();
        while values.len() < n {
            let heap = values.len();
            let mex = mex_of(game, values, heap, largest, &splits, &mut seen);
            if mex > LARGEST_VALUE as usize {
                return Err(ValueTooLarge { heap });
            }
            values.push(mex as u16);
            largest = largest.max(mex as u16);
            if values.len().is_multiple_of(WATCH_EVERY) && watch(values).is_break() {
                break;
            }
        }
        // One thread: nobody to wait for.
        Ok(Vec::new())
    }
}

/// The value of `heap` from the values below it (`values[..heap]`), by the
/// plain mex, without copying them: what a loaded file's values are checked
/// by, one heap at a time. `None` past the largest value kept.
pub fn value_of(game: &OctalGame, values: &[u16], heap: usize) -> Option<u16> {
    let below = values.get(..heap)?;
    let largest = below.iter().copied().max().unwrap_or(0);
    let splits: Vec<usize> = game.split_takes().collect();
    let mex = mex_of(game, below, heap, largest, &splits, &mut Vec::new());
    u16::try_from(mex).ok().filter(|&g| g <= LARGEST_VALUE)
}

/// The mex of the options of `heap`, from `values[..heap]` whose largest is
/// `largest`; `seen` is scratch.
fn mex_of(
    game: &OctalGame,
    values: &[u16],
    heap: usize,
    largest: u16,
    splits: &[usize],
    seen: &mut Vec<bool>,
) -> usize {
    // Options are xors of known values: below the power of two above the
    // largest, so the mex is at most that power.
    let width = (largest as usize + 1).next_power_of_two() + 1;
    seen.clear();
    seen.resize(width, false);
    for k in game.whole_takes() {
        if heap == k {
            seen[0] = true;
        }
    }
    for k in game.one_heap_takes() {
        if heap > k {
            seen[values[heap - k] as usize] = true;
        }
    }
    for &k in splits {
        if heap >= k + 2 {
            let rest = heap - k;
            for a in 1..game.splits_end(rest) {
                seen[(values[a] ^ values[rest - a]) as usize] = true;
            }
        }
    }
    seen.iter().position(|s| !s).unwrap_or(width)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(game: &OctalGame, n: usize) -> Vec<u16> {
        let mut values = Vec::new();
        Naive.extend_to(game, &mut values, n, 1).unwrap();
        values
    }

    #[test]
    fn kayles_starts_as_in_the_literature() {
        let kayles = OctalGame::from_digits(vec![0, 7, 7]).unwrap();
        assert_eq!(values(&kayles, 13), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    }

    #[test]
    fn grundys_game_starts_as_published() {
        // OEIS A002188.
        assert_eq!(
            values(&OctalGame::grundys_game(), 24),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0]
        );
    }

    #[test]
    fn the_watcher_sees_every_1024_values_and_can_stop_the_work() {
        let game = OctalGame::treblecross();
        let mut table = Vec::new();
        let mut seen = Vec::new();
        Naive
            .extend(&game, &mut table, 10_000, 1, &mut |known| {
                seen.push(known.len());
                if known.len() >= 3000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(seen, [1024, 2048, 3072]);
        assert_eq!(table, values(&game, 3072));
    }

    #[test]
    fn one_heap_at_a_time_gives_the_same_values() {
        for code in ["0.007", "0.77", "4.6", "0.137"] {
            let game: OctalGame = code.parse().unwrap();
            let all = values(&game, 400);
            for heap in 0..all.len() {
                assert_eq!(
                    value_of(&game, &all, heap),
                    Some(all[heap]),
                    "{code} {heap}"
                );
            }
            assert_eq!(value_of(&game, &all, all.len() + 1), None);
        }
    }
}
