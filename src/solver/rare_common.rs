//! Grundy values of octal games by the rare/common ("sparse space") method,
//! on as many cores as the game allows.
//!
//! Pick a bit mask `m` and call a value *rare* when `popcount(v & m)` is even
//! (0 is always rare) and *common* otherwise. Parity adds under xor, so the
//! xor of two values of the same class is rare and a common option can only
//! come from a split with exactly one rare part. For a good mask few heaps
//! are rare (for Treblecross 22,459 of the first 2^20, 21,772 of them below
//! 2^18), so:
//!
//! 1. every split with a rare part — a walk over the rare heaps only —
//!    gives every common option: the smallest common value not among them
//!    is the candidate `c`;
//! 2. `G(n) = c` unless some rare value below `c` is not an option. Rare
//!    options are plentiful (common ⊕ common), so a walk over all splits
//!    that stops once each rare value below `c` has turned up is short,
//!    except when `G(n)` really is rare; then it runs to the end. While
//!    many values are still wanted the walk records every split's value;
//!    once a few are left it compares each split with each of them, which
//!    vectorises (the right parts come from a reversed copy of the table so
//!    both parts read forwards).
//!
//! The mask is the one that makes the fewest heaps rare, found with a
//! Walsh–Hadamard transform of the value counts and reviewed as the table
//! grows. Any mask gives the right values; a good one only gives them fast.
//!
//! `G(n)` depends on `G(0 … n − k)` only, `k` being the fewest tokens a move
//! that leaves a heap removes (3 for Treblecross), so up to `k` consecutive
//! values are computed at once: one thread per residue of `n`, each waiting
//! only for the values it reads.

use super::octal::{OctalGame, ValueTooLarge, LARGEST_VALUE};
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};

/// Marks a value not computed yet.
const UNKNOWN: u16 = u16::MAX;

/// Below this many new values one thread is quicker than two.
const PARALLEL_FROM: usize = 4096;

/// Splits looked at between two checks of what is still needed.
const BLOCK: usize = 256;

/// With this many values or fewer still needed, step 2 compares each split
/// with each of them (a few vector instructions per 8 splits) instead of
/// recording every split's value (a scattered store per split).
const COMPARE_UP_TO: usize = 12;

/// Grows `values` (`G(0 …)` so far, say from a saved table) to `n` values
/// of `game`, on up to `threads` threads; `progress` hears how many values
/// are known every 1,024 or so, on the calling thread.
pub fn extend(
    game: &OctalGame,
    values: &mut Vec<u16>,
    n: usize,
    threads: usize,
    mut progress: impl FnMut(usize),
) -> Result<(), ValueTooLarge> {
    let start = values.len();
    if n <= start {
        return Ok(());
    }
    let shared = Shared {
        game,
        values: (0..n)
            .map(|i| AtomicU16::new(values.get(i).copied().unwrap_or(UNKNOWN)))
            .collect(),
        failed: AtomicBool::new(false),
        lag: game.smallest_take_leaving_heaps(),
    };
    let threads = if n - start < PARALLEL_FROM {
        1
    } else {
        threads.clamp(1, shared.lag)
    };
    let result = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|first| {
                let shared = &shared;
                scope.spawn(move || {
                    let _guard = FailOnPanic(&shared.failed);
                    Worker::new(shared).run(start + first, n, threads, |_| {})
                })
            })
            .collect();
        let guard = FailOnPanic(&shared.failed);
        let mut outcome = Worker::new(&shared).run(start, n, threads, &mut progress);
        drop(guard);
        for helper in helpers {
            let helped = helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            outcome = outcome.and(helped);
        }
        outcome
    });
    // On failure keep the values known below the first unknown one.
    let known = shared.values[start..]
        .iter()
        .take_while(|v| v.load(Ordering::Acquire) != UNKNOWN)
        .count();
    values.extend(
        shared.values[start..start + known]
            .iter()
            .map(|v| v.load(Ordering::Relaxed)),
    );
    progress(values.len());
    result
}

/// Tells the other threads to stop waiting if this one panics (they would
/// otherwise wait for its values forever; the panic is then re-raised).
struct FailOnPanic<'a>(&'a AtomicBool);

impl Drop for FailOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

struct Shared<'a> {
    game: &'a OctalGame,
    /// `G(0 … n − 1)`, [`UNKNOWN`] where not computed yet. Each value is
    /// written once, by the thread that owns its residue.
    values: Vec<AtomicU16>,
    failed: AtomicBool,
    /// `G(h)` reads `G(0 … h − lag)` only.
    lag: usize,
}

impl Shared<'_> {
    fn get(&self, heap: usize) -> u16 {
        self.values[heap].load(Ordering::Relaxed)
    }

    /// Waits until `G(heap)` is known; false if another thread failed.
    fn wait_for(&self, heap: usize) -> bool {
        let mut spins = 0u32;
        while self.values[heap].load(Ordering::Acquire) == UNKNOWN {
            if self.failed.load(Ordering::Relaxed) {
                return false;
            }
            spins += 1;
            if spins < 100 {
                std::hint::spin_loop();
            } else {
                // The machine may have fewer free cores than threads.
                std::thread::yield_now();
            }
        }
        true
    }
}

fn is_rare(value: u16, mask: u16) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// One thread's view: its own copy of the table, mask, rare heaps and
/// scratch space. Plain slices here let the hot loops vectorise.
struct Worker<'a> {
    shared: &'a Shared<'a>,
    whole_takes: Vec<usize>,
    one_heap_takes: Vec<usize>,
    split_takes: Vec<usize>,
    /// `G(h)` for `h < scanned`.
    table: Vec<u16>,
    /// `G(h)` at `last - h`, so the right parts of consecutive splits read
    /// forwards.
    reversed: Vec<u16>,
    last: usize,
    /// Heaps `1 … scanned − 1` are counted and classified.
    scanned: usize,
    mask: u16,
    /// Rare heaps ≥ 1 below `scanned`, ascending, with their values.
    rare_heaps: Vec<u32>,
    rare_values: Vec<u16>,
    /// How many heaps ≥ 1 below `scanned` have each value.
    counts: Vec<u64>,
    largest: u16,
    next_review: usize,
    /// `seen[v] == stamp`: `v` is an option of the heap being computed.
    seen: Vec<u32>,
    stamp: u32,
    needed: Vec<u16>,
    /// The values below `classes_for.1` of each class under `classes_for.0`.
    classes_for: (u16, usize),
    common_values: Vec<u16>,
    rare_values_below: Vec<u16>,
}

impl<'a> Worker<'a> {
    fn new(shared: &'a Shared<'a>) -> Worker<'a> {
        let game = shared.game;
        let n = shared.values.len();
        Worker {
            shared,
            whole_takes: game.whole_takes().collect(),
            one_heap_takes: game.one_heap_takes().collect(),
            split_takes: game.split_takes().collect(),
            table: Vec::with_capacity(n),
            reversed: vec![0; n],
            last: n - 1,
            scanned: 1,
            mask: 0,
            rare_heaps: Vec::new(),
            rare_values: Vec::new(),
            counts: vec![0; 2],
            largest: 0,
            next_review: 64,
            seen: Vec::new(),
            stamp: 0,
            needed: Vec::new(),
            classes_for: (0, 0),
            common_values: Vec::new(),
            rare_values_below: Vec::new(),
        }
    }

    /// Computes `G(first)`, `G(first + step)`, … below `end`.
    fn run(
        mut self,
        first: usize,
        end: usize,
        step: usize,
        mut progress: impl FnMut(usize),
    ) -> Result<(), ValueTooLarge> {
        for heap in (first..end).step_by(step) {
            // Every value this heap reads: each other thread's latest
            // below `heap − lag + 1` (own values are done already).
            let readable = (heap + 1).saturating_sub(self.shared.lag);
            for back in 1..=step.min(readable) {
                if !self.shared.wait_for(readable - back) {
                    return Ok(());
                }
            }
            self.scan_to(readable);
            let value = self.value_of(heap);
            if value > LARGEST_VALUE as usize {
                self.shared.failed.store(true, Ordering::Relaxed);
                return Err(ValueTooLarge { heap });
            }
            self.shared.values[heap].store(value as u16, Ordering::Release);
            if (heap - first) % 1024 < step {
                progress(heap);
            }
        }
        Ok(())
    }

    /// Copies, counts and classifies heaps up to `end` (exclusive).
    fn scan_to(&mut self, end: usize) {
        if self.table.is_empty() && end > 0 {
            self.table.push(self.shared.get(0));
            self.reversed[self.last] = self.table[0];
        }
        let widened_from = self.largest;
        for heap in self.scanned..end {
            let value = self.shared.get(heap);
            self.table.push(value);
            self.reversed[self.last - heap] = value;
            if value as usize >= self.counts.len() {
                self.counts
                    .resize((value as usize + 1).next_power_of_two(), 0);
            }
            self.counts[value as usize] += 1;
            self.largest = self.largest.max(value);
            if is_rare(value, self.mask) {
                self.rare_heaps.push(heap as u32);
                self.rare_values.push(value);
            }
        }
        self.scanned = self.scanned.max(end);
        let widened = (widened_from as usize + 1).next_power_of_two()
            != (self.largest as usize + 1).next_power_of_two();
        if widened || self.scanned >= self.next_review {
            self.review_mask();
            self.next_review = self.scanned + self.scanned / 8 + 64;
        }
    }

    /// Switches to the mask with the fewest rare heaps if it beats this one.
    fn review_mask(&mut self) {
        let (best, best_rare) = best_mask(&self.counts);
        if best != self.mask && best_rare < self.rare_heaps.len() as u64 {
            self.mask = best;
            self.rare_heaps.clear();
            self.rare_values.clear();
            for (heap, &value) in self.table.iter().enumerate().skip(1) {
                if is_rare(value, best) {
                    self.rare_heaps.push(heap as u32);
                    self.rare_values.push(value);
                }
            }
        }
    }

    fn value_of(&mut self, heap: usize) -> usize {
        // Options are xors of values below 2^b, so below 2^b; the mex is at
        // most 2^b. One more power of two keeps room for both.
        let width = 2 * (self.largest as usize + 1).next_power_of_two();
        if self.seen.len() < width {
            self.seen.resize(width, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let table = &self.table;
        let seen = &mut self.seen[..width];
        for &k in &self.whole_takes {
            if heap == k {
                seen[0] = stamp;
            }
        }
        for &k in &self.one_heap_takes {
            if heap > k {
                seen[table[heap - k] as usize] = stamp;
            }
        }
        // 1. Every split with a rare part.
        for &k in &self.split_takes {
            if heap < k + 2 {
                continue;
            }
            let rest = heap - k;
            let reach = self.rare_heaps.partition_point(|&r| (r as usize) < rest);
            mark_rare_splits(
                seen,
                table,
                &self.rare_heaps[..reach],
                &self.rare_values[..reach],
                rest,
                stamp,
            );
        }
        if self.classes_for != (self.mask, width) {
            self.classes_for = (self.mask, width);
            let mask = self.mask;
            self.common_values = (0..width as u16).filter(|&v| !is_rare(v, mask)).collect();
            self.rare_values_below = (0..width as u16).filter(|&v| is_rare(v, mask)).collect();
        }
        let candidate = self
            .common_values
            .iter()
            .find(|&&v| seen[v as usize] != stamp)
            .map_or(width, |&v| v as usize);
        self.needed.clear();
        self.needed.extend(
            self.rare_values_below
                .iter()
                .take_while(|&&v| (v as usize) < candidate)
                .filter(|&&v| seen[v as usize] != stamp),
        );
        // 2. The rare values below the candidate, from any split: a walk
        // that stops once each has been seen. Most are seen within a few
        // thousand splits; the last few can take tens of thousands, which
        // is why the walk switches to comparing.
        for &k in &self.split_takes {
            if self.needed.is_empty() {
                break;
            }
            if heap < k + 2 {
                continue;
            }
            let rest = heap - k;
            let end = rest / 2 + 1;
            let mut a = 1;
            while a < end && !self.needed.is_empty() {
                let scatter = self.needed.len() > COMPARE_UP_TO;
                let block = (end - a).min(if scatter { 4 * BLOCK } else { BLOCK });
                let left = &table[a..a + block];
                // G(rest − a − i) for i = 0 … block − 1.
                let right_start = self.last - (rest - a);
                let right = &self.reversed[right_start..right_start + block];
                if scatter {
                    mark_splits(seen, left, right, stamp);
                    self.needed.retain(|&v| seen[v as usize] != stamp);
                } else {
                    self.needed.retain(|&v| !any_split_gives(left, right, v));
                }
                a += block;
            }
        }
        match self.needed.first() {
            Some(&rare) => rare as usize,
            None => candidate,
        }
    }
}

/// Records `g ^ G(rest − r)` for each rare heap `r` of value `g`.
#[inline(never)]
fn mark_rare_splits(
    seen: &mut [u32],
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    rest: usize,
    stamp: u32,
) {
    let wrap = seen.len() - 1; // a power of two minus one: no bounds check
    for (&r, &g) in rare_heaps.iter().zip(rare_values) {
        seen[(g ^ table[rest - r as usize]) as usize & wrap] = stamp;
    }
}

/// Records `left[i] ^ right[i]` for each `i`.
#[inline(never)]
fn mark_splits(seen: &mut [u32], left: &[u16], right: &[u16], stamp: u32) {
    let wrap = seen.len() - 1;
    for (&x, &y) in left.iter().zip(right) {
        seen[(x ^ y) as usize & wrap] = stamp;
    }
}

/// Whether `left[i] ^ right[i] == value` for some `i`: written without an
/// early exit so that it compiles to vector compares.
fn any_split_gives(left: &[u16], right: &[u16], value: u16) -> bool {
    left.iter()
        .zip(right)
        .fold(false, |hit, (&x, &y)| hit | (x ^ y == value))
}

/// The mask making the fewest heaps rare, and how many: rare heaps under
/// `m` are `(total + H[m]) / 2`, `H` the Walsh–Hadamard transform of the
/// value counts.
fn best_mask(counts: &[u64]) -> (u16, u64) {
    let total: u64 = counts.iter().sum();
    let mut h: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    let mut len = 1;
    while len < h.len() {
        for block in h.chunks_mut(2 * len) {
            let (low, high) = block.split_at_mut(len);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                let (a, b) = (*x, *y);
                *x = a + b;
                *y = a - b;
            }
        }
        len *= 2;
    }
    let (mask, rare) = h
        .iter()
        .enumerate()
        .map(|(m, &hm)| (m as u16, ((total as i64 + hm) / 2) as u64))
        .min_by_key(|&(m, rare)| (rare, m))
        .unwrap_or((0, total));
    (mask, rare)
}

/// How a sequence of values splits under the mask that makes the fewest of
/// them rare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareCommonSplit {
    pub mask: u16,
    /// How many values are rare under the mask.
    pub rare: usize,
    /// The position of the last rare value (0 if none).
    pub last_rare: usize,
}

pub fn rare_common_split(values: &[u16]) -> RareCommonSplit {
    let mut counts = vec![0u64; 2];
    for &v in values {
        if v as usize >= counts.len() {
            counts.resize((v as usize + 1).next_power_of_two(), 0);
        }
        counts[v as usize] += 1;
    }
    let (mask, rare) = best_mask(&counts);
    let last_rare = values.iter().rposition(|&v| is_rare(v, mask)).unwrap_or(0);
    RareCommonSplit {
        mask,
        rare: rare as usize,
        last_rare,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::octal::extend_naive;

    fn both(code: &str, n: usize, threads: usize) -> (Vec<u16>, Vec<u16>) {
        // "0.d1d2…": the digits after the point.
        let digits = std::iter::once(0).chain(code[2..].bytes().map(|b| b - b'0'));
        let game = OctalGame::from_digits(digits.collect()).unwrap();
        let mut naive = Vec::new();
        extend_naive(&game, &mut naive, n, |_| {}).unwrap();
        let mut fast = Vec::new();
        extend(&game, &mut fast, n, threads, |_| {}).unwrap();
        (fast, naive)
    }

    #[test]
    fn small_tables_equal_the_naive_mex() {
        for code in [
            "0.007", "0.77", "0.07", "0.137", "0.4", "0.6", "0.5", "0.1337", "0.72",
        ] {
            for threads in [1, 2, 3] {
                let (fast, naive) = both(code, 300, threads);
                assert_eq!(fast, naive, "{code} on {threads} threads");
            }
        }
    }

    #[test]
    fn two_threads_equal_one_past_the_parallel_threshold() {
        let game = OctalGame::treblecross();
        let n = PARALLEL_FROM * 2;
        let mut one = Vec::new();
        extend(&game, &mut one, n, 1, |_| {}).unwrap();
        let mut two = Vec::new();
        extend(&game, &mut two, n, 2, |_| {}).unwrap();
        assert_eq!(one, two);
    }

    #[test]
    fn continuing_a_table_equals_computing_it_at_once() {
        let game = OctalGame::treblecross();
        let mut whole = Vec::new();
        extend(&game, &mut whole, 7000, 2, |_| {}).unwrap();
        let mut stepwise = whole[..1234].to_vec();
        extend(&game, &mut stepwise, 7000, 2, |_| {}).unwrap();
        assert_eq!(stepwise, whole);
    }

    #[test]
    fn the_best_mask_is_the_one_with_fewest_rare_values() {
        // Values 1, 2, 3 three times each and 0 once: mask 0b11 makes 1 and 2
        // common (odd), 0 and 3 rare: 4 rare of 10. Every other mask does
        // worse (checked by brute force).
        let counts = [1, 3, 3, 3];
        let (mask, rare) = best_mask(&counts);
        let brute = (0u16..4)
            .map(|m| {
                let rare: u64 = (0..4)
                    .filter(|&v| is_rare(v, m))
                    .map(|v| counts[v as usize])
                    .sum();
                (rare, m)
            })
            .min()
            .unwrap();
        assert_eq!((rare, mask), brute);
        assert_eq!(rare, 4);
    }
}
