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
                    Worker::new(shared).run(start, first, n, threads, |_| {})
                })
            })
            .collect();
        let guard = FailOnPanic(&shared.failed);
        let mut outcome = Worker::new(&shared).run(start, 0, n, threads, &mut progress);
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
    /// The options found so far of each heap of the batch being computed:
    /// `width` flags per heap, one per value (a byte: a store, where a bit
    /// would be a load, a shift and a store).
    seen: Vec<u8>,
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
            needed: Vec::new(),
            classes_for: (0, 0),
            common_values: Vec::new(),
            rare_values_below: Vec::new(),
        }
    }

    /// This thread's share of `G(start … end − 1)`, being thread `index`
    /// of `threads`: below [`BATCH_FROM`] every `threads`-th heap, one at a
    /// time; from there every `threads`-th batch of [`BATCH`] heaps.
    fn run(
        mut self,
        start: usize,
        index: usize,
        end: usize,
        threads: usize,
        mut progress: impl FnMut(usize),
    ) -> Result<(), ValueTooLarge> {
        let batches_from = BATCH_FROM.clamp(start, end);
        let mut reported = start;
        let mut report = |heap: usize| {
            if heap - reported >= 1024 {
                progress(heap);
                reported = heap;
            }
        };
        let mut heap = start + index;
        while heap < batches_from {
            // Every value this heap reads: each other thread's latest
            // below `heap − lag + 1` (own values are done already).
            let readable = (heap + 1).saturating_sub(self.shared.lag);
            if !self.wait_below(readable, threads) {
                return Ok(());
            }
            self.scan_to(readable, true);
            self.batch(heap, 1, readable)?;
            heap += threads;
            report(heap);
        }
        let mut first = batches_from + index * BATCH;
        while first < end {
            let last = (first + BATCH).min(end);
            // The batches before this one still being computed by the
            // other threads are not known yet; everything below them is.
            let known = first
                .saturating_sub((threads - 1) * BATCH)
                .max(start.min(first));
            if !self.wait_below(known, threads * BATCH) {
                return Ok(());
            }
            self.scan_to(known, true);
            let mut heap = first;
            while heap < last {
                heap += self.batch(heap, last - heap, known)?;
            }
            report(last);
            first += threads * BATCH;
        }
        Ok(())
    }

    /// Waits until the `span` values below `end` are known (so every value
    /// below `end` is: each thread writes its values in order); false if
    /// another thread failed.
    fn wait_below(&self, end: usize, span: usize) -> bool {
        (end.saturating_sub(span)..end).all(|heap| self.shared.wait_for(heap))
    }

    /// Copies, counts and classifies heaps up to `end` (exclusive); with
    /// `review`, looks for a better mask when it is time to.
    fn scan_to(&mut self, end: usize, review: bool) {
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
        if review && (widened || self.scanned >= self.next_review) {
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

    /// Room for the options of a heap: they are xors of values below 2^b,
    /// so below 2^b, and the mex is at most 2^b; one more power of two
    /// keeps room for both (and for a value of 2^b turning up within a
    /// batch: the batch then stops there).
    fn width(&self) -> usize {
        2 * (self.largest as usize + 1).next_power_of_two()
    }

    /// Computes the `count` heaps from `first`, `G(0 … known − 1)` being in
    /// the table (the heaps from `known` on are read as other threads, or
    /// this one, finish them); returns how many were computed (fewer when
    /// the values outgrew the batch's room).
    ///
    /// Step 1 — every split with a rare part — is one walk over the rare
    /// heaps for the whole batch where both parts are below `known`; the
    /// few splits it cannot cover (a part at or above `known`, or past the
    /// ends of the shared walk) are added heap by heap.
    fn batch(&mut self, first: usize, count: usize, known: usize) -> Result<usize, ValueTooLarge> {
        let width = self.width();
        self.seen.clear();
        self.seen.resize(count * width, 0);
        let last_heap = first + count - 1;
        // The shared walk, per split take k: rare r with r <= rest − 1 for
        // the first heap and rest − r < known for the last.
        let mut shared_range = Vec::with_capacity(self.split_takes.len());
        for &k in &self.split_takes {
            let (Some(first_rest), Some(last_rest)) =
                (first.checked_sub(k), last_heap.checked_sub(k))
            else {
                shared_range.push(0..0);
                continue;
            };
            let lo = (last_rest + 1).saturating_sub(known).max(1);
            let hi = first_rest; // exclusive
            let from = self.rare_heaps.partition_point(|&r| (r as usize) < lo);
            let to = self.rare_heaps.partition_point(|&r| (r as usize) < hi);
            if from < to {
                mark_rare_splits(
                    &mut self.seen,
                    width,
                    &self.table,
                    &self.rare_heaps[from..to],
                    &self.rare_values[from..to],
                    first_rest,
                    count,
                );
            }
            shared_range.push(lo..hi.max(lo));
        }
        for j in 0..count {
            let heap = first + j;
            // The values this heap reads beyond `known`: from the other
            // threads, or this one's earlier in the batch.
            let readable = (heap + 1).saturating_sub(self.shared.lag);
            if !self.wait_below(readable, readable.saturating_sub(self.scanned)) {
                return Ok(count);
            }
            self.scan_to(readable, false);
            if self.width() != width {
                // A new power of two: the rest of the batch starts afresh.
                return Ok(j);
            }
            let mut seen = std::mem::take(&mut self.seen);
            self.add_other_options(&mut seen[j * width..][..width], heap, known, &shared_range);
            self.seen = seen;
            let value = self.finish(j, heap);
            if value > LARGEST_VALUE as usize {
                self.shared.failed.store(true, Ordering::Relaxed);
                return Err(ValueTooLarge { heap });
            }
            self.shared.values[heap].store(value as u16, Ordering::Release);
        }
        Ok(count)
    }

    /// The options of `heap` that the shared walk left out: whole-heap and
    /// one-heap moves, and the splits outside the shared range.
    fn add_other_options(
        &self,
        seen: &mut [u8],
        heap: usize,
        known: usize,
        shared_range: &[std::ops::Range<usize>],
    ) {
        let table = &self.table;
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
        for (&k, range) in self.split_takes.iter().zip(shared_range) {
            if heap < k + 2 {
                continue;
            }
            let rest = heap - k;
            // Rare parts below and above the shared range.
            let rare = self.rare_heaps.iter().zip(&self.rare_values);
            let below = self
                .rare_heaps
                .partition_point(|&r| (r as usize) < range.start);
            let above = self
                .rare_heaps
                .partition_point(|&r| (r as usize) < range.end);
            let outside = rare.clone().take(below).chain(rare.skip(above));
            for (&r, &g) in outside.take_while(|(&r, _)| (r as usize) < rest) {
                set(seen, (g ^ table[rest - r as usize]) as usize);
            }
            // Splits with a part not yet known when the batch began.
            for a in known.max(1)..rest {
                set(seen, (table[a] ^ table[rest - a]) as usize);
            }
        }
    }

    /// Step 2 for heap `j` of the batch: the candidate, and the rare values
    /// below it from any split.
    fn finish(&mut self, j: usize, heap: usize) -> usize {
        let width = self.width();
        if self.classes_for != (self.mask, width) {
            self.classes_for = (self.mask, width);
            let mask = self.mask;
            self.common_values = (0..width as u16).filter(|&v| !is_rare(v, mask)).collect();
            self.rare_values_below = (0..width as u16).filter(|&v| is_rare(v, mask)).collect();
        }
        let table = &self.table;
        let seen = &mut self.seen[j * width..(j + 1) * width];
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
        // The rare values below the candidate, from any split: a walk that
        // stops once each has been seen. Most are seen within a few
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
                    mark_splits(seen, left, right);
                    self.needed.retain(|&v| !has(seen, v as usize));
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

/// Heaps computed together by a thread working alone.
const BATCH: usize = 16;

/// Below this heap one at a time (the batch's bookkeeping would cost more).
const BATCH_FROM: usize = 256;

/// Adds `v` to a set of values (a power of two long: the index wraps
/// instead of being checked; no option reaches the length).
#[inline(always)]
fn set(seen: &mut [u8], v: usize) {
    let wrap = seen.len() - 1;
    seen[v & wrap] = 1;
}

#[inline(always)]
fn has(seen: &[u8], v: usize) -> bool {
    seen[v] != 0
}

/// For each rare heap `r` of value `g` and each heap `j` of a batch:
/// records `g ^ G(first_rest + j − r)` in the `j`-th set of options. The
/// batch's heaps read neighbouring values of the table, one cache line for
/// all of them, where one heap at a time would read it once per heap.
#[inline(never)]
fn mark_rare_splits(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
    count: usize,
) {
    if count == BATCH {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe {
                mark_rare_splits_avx2(seen, width, table, rare_heaps, rare_values, first_rest)
            };
        }
        return mark_rare_splits_of::<BATCH>(
            seen,
            width,
            table,
            rare_heaps,
            rare_values,
            first_rest,
        );
    }
    // A short batch (the end of the table, or one heap at a time when
    // threads share the work): heap by heap.
    for j in 0..count {
        mark_rare_splits_of::<1>(
            &mut seen[j * width..],
            width,
            table,
            rare_heaps,
            rare_values,
            first_rest + j,
        );
    }
}

/// [`mark_rare_splits_of`] for a full batch, compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_rare_splits_avx2(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
) {
    mark_rare_splits_of::<BATCH>(seen, width, table, rare_heaps, rare_values, first_rest)
}

/// [`mark_rare_splits`] for `N` heaps: the inner loop unrolled.
#[inline(always)]
fn mark_rare_splits_of<const N: usize>(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
) {
    let wrap = width - 1;
    let seen = &mut seen[..N * width];
    for (&r, &g) in rare_heaps.iter().zip(rare_values) {
        let row: &[u16; N] = table[first_rest - r as usize..][..N]
            .try_into()
            .expect("a row of N values");
        for (j, &t) in row.iter().enumerate() {
            seen[j * width + ((g ^ t) as usize & wrap)] = 1;
        }
    }
}

/// Records `left[i] ^ right[i]` for each `i`.
#[inline(never)]
fn mark_splits(seen: &mut [u8], left: &[u16], right: &[u16]) {
    for (&x, &y) in left.iter().zip(right) {
        set(seen, (x ^ y) as usize);
    }
}

/// Whether `left[i] ^ right[i] == value` for some `i`: written without an
/// early exit so that it compiles to vector compares, twice as wide where
/// the processor has AVX2 (asked once; the answer is cached).
fn any_split_gives(left: &[u16], right: &[u16], value: u16) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { any_split_gives_avx2(left, right, value) };
    }
    any_split_gives_here(left, right, value)
}

/// [`any_split_gives`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn any_split_gives_avx2(left: &[u16], right: &[u16], value: u16) -> bool {
    any_split_gives_here(left, right, value)
}

#[inline(always)]
fn any_split_gives_here(left: &[u16], right: &[u16], value: u16) -> bool {
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
