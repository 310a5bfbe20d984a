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
/// by, one heap at a time. `None` past the largest value kept. (The
/// checks read through [`value_read`]; this form tests it.)
#[cfg(test)]
pub fn value_of(game: &OctalGame, values: &[u16], heap: usize) -> Option<u16> {
    values.get(..heap)?;
    let mut read = |from: usize, out: &mut [u16]| -> Result<(), ()> {
        out.copy_from_slice(&values[from..from + out.len()]);
        Ok(())
    };
    value_read(game, heap, &mut read).ok().flatten()
}

/// Where [`value_read`] reads values: `read(from, out)` fills `out` with
/// `G(from …)`.
pub type ReadValues<'a, E> = dyn FnMut(usize, &mut [u16]) -> Result<(), E> + 'a;

/// Values a read of [`value_read`] asks for at most.
const READ_CHUNK: usize = 1 << 14;

/// [`value_of`] with the values below `heap` read through `read` (`read(from,
/// out)` fills `out` with `G(from …)`), a stretch at a time from both ends of
/// each split: a file of billions of values is checked without holding it.
pub fn value_read<E>(
    game: &OctalGame,
    heap: usize,
    read: &mut ReadValues<E>,
) -> Result<Option<u16>, E> {
    // Every option is a value or the xor of two: below 2^16.
    let mut seen = vec![false; (1 << 16) + 1];
    for k in game.whole_takes() {
        if heap == k {
            seen[0] = true;
        }
    }
    let mut one = [0u16];
    for k in game.one_heap_takes() {
        if heap > k {
            read(heap - k, &mut one)?;
            seen[one[0] as usize] = true;
        }
    }
    let (mut low, mut high) = (vec![0u16; READ_CHUNK], vec![0u16; READ_CHUNK]);
    for k in game.split_takes() {
        if heap < k + 2 {
            continue;
        }
        let rest = heap - k;
        let end = game.splits_end(rest);
        let mut a = 1;
        while a < end {
            // G(a …) against G(rest − a …), read backwards.
            let len = READ_CHUNK.min(end - a);
            read(a, &mut low[..len])?;
            read(rest - a - len + 1, &mut high[..len])?;
            for (g, h) in low[..len].iter().zip(high[..len].iter().rev()) {
                seen[(g ^ h) as usize] = true;
            }
            a += len;
        }
    }
    let mex = seen.iter().position(|s| !s).unwrap_or(seen.len());
    Ok(u16::try_from(mex).ok().filter(|&g| g <= LARGEST_VALUE))
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
