//! Grundy values of octal games (and Grundy's game) by the rare/common
//! ("sparse space") method, on as many cores as asked.
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
//! On many threads, a *wavefront*: threads take batches of [`BATCH`] heaps
//! from a counter, and each batch's work is split by the *frontier* (how
//! far the table is known, [`frontier`]) when the batch is taken. The far
//! part — step 1 over the splits whose parts are both known, and step 2's
//! walk over those splits for the rare values below the candidate so far —
//! needs nothing more and runs at once, beside the other threads. Only the
//! near part waits: for each heap in turn, the splits with a part past that
//! frontier (a few hundred at most), then the candidate, and the rest of
//! the walk when the near options have raised the candidate. The table, its reversed copy, the value counts and the rare
//! list are one copy for all threads ([`scanner`]); a waiting thread sleeps
//! and is woken alone.

mod frontier;
mod kernels;
mod scanner;

use super::{GrundyMethod, Waits, WATCH_EVERY};
use crate::solver::octal::{OctalGame, ValueTooLarge, LARGEST_VALUE};
use frontier::Frontier;
use kernels::{any_split_gives, has, mark_rare_splits, mark_splits, set};
use scanner::{RareList, Scanner};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering};
use std::sync::Arc;

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

/// Heaps computed together (a thread's turn when threads share the work).
const BATCH: usize = 16;

/// Below this heap one thread computes every value alone, one at a time
/// (a batch's bookkeeping would cost more).
const BATCH_FROM: usize = 256;

/// The rare/common method, on as many threads as asked (see the top of
/// this file).
#[derive(Debug, Clone, Copy, Default)]
pub struct RareCommon;

impl GrundyMethod for RareCommon {
    fn extend(
        &self,
        game: &OctalGame,
        values: &mut Vec<u16>,
        n: usize,
        threads: usize,
        watch: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Vec<Waits>, ValueTooLarge> {
        let start = values.len();
        if n <= start {
            return Ok(Vec::new());
        }
        let threads = if n - start < PARALLEL_FROM {
            1
        } else {
            threads.max(1)
        };
        values.resize(n, UNKNOWN);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            compute(game, values, start, threads, watch)
        }));
        // Keep the values known below the first unknown one.
        let known = values[start..]
            .iter()
            .take_while(|&&v| v != UNKNOWN)
            .count();
        values.truncate(start + known);
        outcome.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

/// What every thread shares.
struct Shared<'a> {
    game: &'a OctalGame,
    frontier: Frontier<'a>,
    scanner: Scanner,
    /// The first heap of the next batch to take.
    next_batch: AtomicUsize,
    /// `G(h)` reads `G(0 … h − lag)` only.
    lag: usize,
    /// How far behind a batch the frontier may be when its far part
    /// begins: the batches of the other threads. A thread further ahead
    /// (more threads than cores: it was not running) waits first, rather
    /// than leave hundreds more splits to its near part.
    ahead: usize,
}

/// [`RareCommon::extend`] on a table whose values from `start` on are
/// [`UNKNOWN`].
fn compute(
    game: &OctalGame,
    values: &mut [u16],
    start: usize,
    threads: usize,
    watch: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
) -> Result<Vec<Waits>, ValueTooLarge> {
    const _: () = assert!(std::mem::align_of::<AtomicU16>() == std::mem::align_of::<u16>());
    let n = values.len();
    // SAFETY: AtomicU16 has the size, bit validity and (checked above)
    // alignment of u16, and `values` is borrowed exclusively for as long
    // as the atomics are used.
    let cells = unsafe { &*(values as *mut [u16] as *const [AtomicU16]) };
    let shared = Shared {
        game,
        frontier: Frontier::new(cells, start, threads),
        scanner: Scanner::new(n),
        next_batch: AtomicUsize::new(BATCH_FROM.clamp(start, n)),
        lag: game.lag(),
        ahead: threads * BATCH,
    };
    // The first heaps one at a time, on this thread.
    let mut first = Worker::new(&shared);
    let mut heap = start;
    while heap < BATCH_FROM.min(n) {
        heap += first.batch(heap, 1)?;
    }
    if threads == 1 {
        // One thread: it shows the watcher its values itself.
        let mut reported = shared.frontier.known();
        let mut worker = first;
        while let Some(batch) = worker.take_batch() {
            worker.run_batch(batch)?;
            let known = shared.frontier.known();
            if known >= reported + WATCH_EVERY {
                reported = known;
                if watch(shared.frontier.table(known).0).is_break() {
                    shared.frontier.stop();
                }
            }
        }
        return Ok(vec![worker.waits]);
    }
    drop(first);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let shared = &shared;
                scope.spawn(move || {
                    let _guard = FailOnPanic(&shared.frontier);
                    let mut worker = Worker::new(shared);
                    while let Some(batch) = worker.take_batch() {
                        worker.run_batch(batch)?;
                    }
                    Ok(worker.waits)
                })
            })
            .collect();
        // This thread watches, off the workers' way: woken each time the
        // frontier has gone 1,024 values further (or the work has ended).
        // If the watcher panics, the workers stop rather than finish first.
        let guard = FailOnPanic(&shared.frontier);
        let mut reported = shared.frontier.known();
        let mut own = Waits::default();
        while reported < n && !shared.frontier.is_stopped() {
            let next = (reported + WATCH_EVERY).min(n);
            if !shared.frontier.wait_until(next, &mut own) {
                break;
            }
            reported = shared.frontier.known();
            if watch(shared.frontier.table(reported).0).is_break() {
                shared.frontier.stop();
            }
        }
        drop(guard);
        let mut outcome = Ok(Vec::new());
        for worker in workers {
            let done = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            outcome = match (outcome, done) {
                (Ok(mut all), Ok(waits)) => {
                    all.push(waits);
                    Ok(all)
                }
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
        }
        outcome
    })
}

/// Tells the other threads to stop waiting if this one panics (they would
/// otherwise wait for its values forever; the panic is then re-raised).
struct FailOnPanic<'a, 'b>(&'b Frontier<'a>);

impl Drop for FailOnPanic<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

fn is_rare(value: u16, mask: u16) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// The values below `width` (at most 2^16), common and rare under `mask`.
fn classes(width: usize, mask: u16) -> (Vec<u16>, Vec<u16>) {
    (0..width)
        .map(|v| v as u16)
        .partition(|&v| !is_rare(v, mask))
}

/// One thread: its scratch space, and the classes of values under the mask
/// it last used.
struct Worker<'a> {
    shared: &'a Shared<'a>,
    game: &'a OctalGame,
    whole_takes: Vec<usize>,
    one_heap_takes: Vec<usize>,
    split_takes: Vec<usize>,
    /// The options found so far of each heap of the batch: `width` flags
    /// per heap, one per value (a byte: a store, where a bit would be a
    /// load, a shift and a store).
    seen: Vec<u8>,
    /// Where each heap's speculative walk over the far splits (step 2)
    /// stopped, per split take: the next left part `a`, the walk going up.
    walked: Vec<usize>,
    /// Each heap's candidate when its far walk began.
    first_candidate: Vec<usize>,
    needed: Vec<u16>,
    /// The values below `classes_for.1` of each class under `classes_for.0`.
    classes_for: (u16, usize),
    common_values: Vec<u16>,
    rare_values_below: Vec<u16>,
    waits: Waits,
}

/// A batch as a thread sees it when it takes it up.
struct Batch {
    first: usize,
    count: usize,
}

/// What a batch knows when it begins: the frontier then, the values below
/// it (and reversed), the rare heaps below it and the room for options.
struct Known<'a> {
    end: usize,
    table: &'a [u16],
    reversed: &'a [u16],
    rare: Arc<RareList>,
    width: usize,
}

impl Known<'_> {
    /// `G(rest − a − i)` for `i = 0 … len − 1`, both below `end`.
    fn right(&self, rest: usize, a: usize, len: usize) -> &[u16] {
        let from = self.end - 1 - (rest - a);
        &self.reversed[from..from + len]
    }
}

impl<'a> Worker<'a> {
    fn new(shared: &'a Shared<'a>) -> Worker<'a> {
        let game = shared.game;
        Worker {
            shared,
            game,
            whole_takes: game.whole_takes().collect(),
            one_heap_takes: game.one_heap_takes().collect(),
            split_takes: game.split_takes().collect(),
            seen: Vec::new(),
            walked: Vec::new(),
            first_candidate: Vec::new(),
            needed: Vec::new(),
            classes_for: (0, 0),
            common_values: Vec::new(),
            rare_values_below: Vec::new(),
            waits: Waits::default(),
        }
    }

    /// The next batch nobody has taken, if any is left and the work goes on.
    fn take_batch(&self) -> Option<Batch> {
        let end = self.shared.frontier.len();
        let first = self.shared.next_batch.fetch_add(BATCH, Ordering::Relaxed);
        (first < end && !self.shared.frontier.is_stopped()).then(|| Batch {
            first,
            count: BATCH.min(end - first),
        })
    }

    fn run_batch(&mut self, batch: Batch) -> Result<(), ValueTooLarge> {
        let mut heap = batch.first;
        let end = batch.first + batch.count;
        while heap < end && !self.shared.frontier.is_stopped() {
            heap += self.batch(heap, end - heap)?;
        }
        Ok(())
    }

    /// What is known now, with the rare list and room that go with it.
    fn known_now(&self) -> Known<'a> {
        let snapshot = self.shared.scanner.scan(&self.shared.frontier);
        let (table, reversed) = self.shared.frontier.table(snapshot.scanned);
        Known {
            end: snapshot.scanned,
            table,
            reversed,
            rare: snapshot.rare,
            width: (snapshot.largest as usize + 1).next_power_of_two(),
        }
    }

    /// Computes the `count` heaps from `first`; returns how many were
    /// computed (fewer when a value outgrew the batch's room, or the work
    /// was stopped).
    fn batch(&mut self, first: usize, count: usize) -> Result<usize, ValueTooLarge> {
        let near_enough = first.saturating_sub(self.shared.ahead);
        if !self
            .shared
            .frontier
            .wait_until(near_enough, &mut self.waits)
        {
            return Ok(count);
        }
        let known = self.known_now();
        let width = known.width;
        self.seen.clear();
        self.seen.resize(count * width, 0);
        self.set_classes(known.rare.mask, width);
        // The far part: everything the values below the frontier give.
        let shared_range = self.far_rare_splits(&known, first, count);
        self.walked.clear();
        self.first_candidate.clear();
        for j in 0..count {
            // The moves to known values count now, so that the candidate
            // the walk starts from is as near the last one as can be.
            let heap = first + j;
            let options = &mut self.seen[j * width..][..width];
            for &k in &self.whole_takes {
                if heap == k {
                    set(options, 0);
                }
            }
            for &k in &self.one_heap_takes {
                if heap > k && heap - k < known.end {
                    set(options, known.table[heap - k] as usize);
                }
            }
            self.walk_far_splits(&known, j, heap);
        }
        // The near part, heap by heap as the values before each come in.
        for j in 0..count {
            let heap = first + j;
            let readable = (heap + 1).saturating_sub(self.shared.lag);
            if !self.shared.frontier.wait_until(readable, &mut self.waits) {
                return Ok(count);
            }
            let (table, _) = self.shared.frontier.table(readable);
            let largest = table[known.end.min(readable)..].iter().max();
            if largest.is_some_and(|&g| (g as usize) >= width) {
                // A value past the room: the rest starts afresh.
                return Ok(j);
            }
            let mut seen = std::mem::take(&mut self.seen);
            let options = &mut seen[j * width..][..width];
            self.add_near_options(options, heap, &known, table, &shared_range);
            self.seen = seen;
            let value = self.finish(&known, j, heap);
            if value > LARGEST_VALUE as usize {
                self.shared.frontier.stop();
                return Err(ValueTooLarge { heap });
            }
            self.shared.frontier.put(heap, value as u16);
        }
        Ok(count)
    }

    fn set_classes(&mut self, mask: u16, width: usize) {
        if self.classes_for != (mask, width) {
            self.classes_for = (mask, width);
            (self.common_values, self.rare_values_below) = classes(width, mask);
        }
    }

    /// Step 1's far part: one walk over the rare heaps for the whole batch,
    /// for the splits whose parts are both below the frontier and that
    /// every heap of the batch has (per split take `k`: rare `r` with
    /// `r <= rest − 1` for the first heap and `rest − r < end` for the
    /// last). Returns each take's range of rare parts walked.
    fn far_rare_splits(
        &mut self,
        known: &Known,
        first: usize,
        count: usize,
    ) -> Vec<std::ops::Range<usize>> {
        let last_heap = first + count - 1;
        let (rare_heaps, rare_values) = known.rare.below(known.end);
        let mut ranges = Vec::with_capacity(self.split_takes.len());
        for &k in &self.split_takes {
            let (Some(first_rest), Some(last_rest)) =
                (first.checked_sub(k), last_heap.checked_sub(k))
            else {
                ranges.push(0..0);
                continue;
            };
            let lo = (last_rest + 1).saturating_sub(known.end).max(1);
            let hi = first_rest; // exclusive
            let from = rare_heaps.partition_point(|&r| (r as usize) < lo);
            let to = rare_heaps.partition_point(|&r| (r as usize) < hi);
            if from < to {
                mark_rare_splits(
                    &mut self.seen,
                    known.width,
                    known.table,
                    &rare_heaps[from..to],
                    &rare_values[from..to],
                    first_rest,
                    count,
                );
            }
            ranges.push(lo..hi.max(lo));
        }
        if self.game.is_grundys_game() {
            // Step 1 counted the equal split, G(a) ⊕ G(a) = 0, which
            // Grundy's game forbids: 0 (a rare value) is looked for again
            // among the unequal splits.
            for j in 0..count {
                if (first + j).is_multiple_of(2) {
                    self.seen[j * known.width] = 0;
                }
            }
        }
        ranges
    }

    /// The options of `heap` that the far walk left out: whole-heap and
    /// one-heap moves, splits with a rare part outside the shared range,
    /// and every split with a part at or past the batch's frontier.
    fn add_near_options(
        &self,
        seen: &mut [u8],
        heap: usize,
        known: &Known,
        table: &[u16],
        shared_range: &[std::ops::Range<usize>],
    ) {
        let unequal = self.game.is_grundys_game();
        for &k in &self.whole_takes {
            if heap == k {
                set(seen, 0);
            }
        }
        for &k in &self.one_heap_takes {
            if heap > k {
                set(seen, table[heap - k] as usize);
            }
        }
        let (rare_heaps, rare_values) = known.rare.below(known.end);
        for (&k, range) in self.split_takes.iter().zip(shared_range) {
            if heap < k + 2 {
                continue;
            }
            let rest = heap - k;
            // Rare parts below and above the shared range, the other part
            // below the frontier.
            let rare = rare_heaps.iter().zip(rare_values);
            let below = rare_heaps.partition_point(|&r| (r as usize) < range.start);
            let above = rare_heaps.partition_point(|&r| (r as usize) < range.end);
            let outside = rare.clone().take(below).chain(rare.skip(above));
            for (&r, &g) in outside.take_while(|(&r, _)| (r as usize) < rest) {
                let r = r as usize;
                if rest - r < known.end && !(unequal && 2 * r == rest) {
                    set(seen, (g ^ table[rest - r]) as usize);
                }
            }
            // Splits with a part at or past the frontier: every one.
            for a in known.end.max(1)..rest {
                if !(unequal && 2 * a == rest) {
                    set(seen, (table[a] ^ table[rest - a]) as usize);
                }
            }
        }
    }

    /// Heap `j`'s candidate (the smallest common value not among its
    /// options so far), with the rare values below it not seen yet in
    /// `needed`.
    fn candidate(&mut self, width: usize, j: usize) -> usize {
        let seen = &self.seen[j * width..(j + 1) * width];
        let candidate = self
            .common_values
            .iter()
            .find(|&&v| !has(seen, v as usize))
            .map_or(width, |&v| v as usize);
        self.needed.clear();
        self.needed.extend(
            self.rare_values_below
                .iter()
                .take_while(|&&v| (v as usize) < candidate)
                .filter(|&&v| !has(seen, v as usize)),
        );
        candidate
    }

    /// The far splits of `rest` (both parts below the frontier): the left
    /// parts `a` from `low` to `high`.
    fn far_range(&self, known: &Known, rest: usize) -> std::ops::Range<usize> {
        let low = (rest + 1).saturating_sub(known.end).max(1);
        let high = self.game.splits_end(rest).min(known.end);
        low..high.max(low)
    }

    /// Step 2's speculative walk for heap `j` of the batch, before its near
    /// options are known: over its far splits, until every rare value below
    /// the candidate so far has turned up (each recorded in `seen`). Where
    /// each split take's walk stopped is kept for [`Worker::finish`].
    fn walk_far_splits(&mut self, known: &Known, j: usize, heap: usize) {
        let candidate = self.candidate(known.width, j);
        self.first_candidate.push(candidate);
        let mut needed = std::mem::take(&mut self.needed);
        for t in 0..self.split_takes.len() {
            let k = self.split_takes[t];
            let stop = match heap.checked_sub(k).filter(|&rest| rest >= 2) {
                Some(rest) => {
                    let range = self.far_range(known, rest);
                    self.walk(known, j, rest, range, &mut needed)
                }
                None => 0,
            };
            self.walked.push(stop);
        }
        self.needed = needed;
    }

    /// Walks the splits of `rest` with left parts in `range` (all below the
    /// frontier), recording in heap `j`'s options each value of `needed`
    /// it meets (every split's value while many are needed), until none is
    /// left; returns where it stopped.
    fn walk(
        &mut self,
        known: &Known,
        j: usize,
        rest: usize,
        range: std::ops::Range<usize>,
        needed: &mut Vec<u16>,
    ) -> usize {
        let width = known.width;
        let seen = &mut self.seen[j * width..(j + 1) * width];
        let mut a = range.start;
        while a < range.end && !needed.is_empty() {
            let scatter = needed.len() > COMPARE_UP_TO;
            let block = (range.end - a).min(if scatter { 4 * BLOCK } else { BLOCK });
            let left = &known.table[a..a + block];
            let right = known.right(rest, a, block);
            if scatter {
                mark_splits(seen, left, right);
                needed.retain(|&v| !has(seen, v as usize));
            } else {
                needed.retain(|&v| {
                    let found = any_split_gives(left, right, v);
                    if found {
                        seen[v as usize] = 1;
                    }
                    !found
                });
            }
            a += block;
        }
        a
    }

    /// Step 2 for heap `j`, its near options in: the candidate, and the
    /// rare values below it that no split gives. The speculative walk goes
    /// on from where it stopped; a value it was not looking for (the
    /// candidate has grown with the near options) is looked for over the
    /// part it walked too, since where it compared it looked for the
    /// others only.
    fn finish(&mut self, known: &Known, j: usize, heap: usize) -> usize {
        let candidate = self.candidate(known.width, j);
        let first_candidate = self.first_candidate[j];
        let mut needed = std::mem::take(&mut self.needed);
        let takes = self.split_takes.len();
        for t in 0..takes {
            let k = self.split_takes[t];
            let Some(rest) = heap.checked_sub(k).filter(|&rest| rest >= 2) else {
                continue;
            };
            let range = self.far_range(known, rest);
            let walked = self.walked[j * takes + t].max(range.start);
            self.walk(known, j, rest, walked..range.end, &mut needed);
            if needed.iter().any(|&v| v as usize >= first_candidate) {
                let mut new: Vec<u16> = needed
                    .iter()
                    .copied()
                    .filter(|&v| v as usize >= first_candidate)
                    .collect();
                self.walk(known, j, rest, range.start..walked, &mut new);
                needed.retain(|&v| (v as usize) < first_candidate || new.contains(&v));
            }
        }
        let value = match needed.first() {
            Some(&rare) => rare as usize,
            None => candidate,
        };
        self.needed = needed;
        value
    }
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
mod tests;
