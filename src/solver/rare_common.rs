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
//! Threads take turns at batches of [`BATCH`] heaps. A batch's walk over the
//! rare heaps needs only the values below the batches still being computed,
//! so it overlaps the other threads' work; its last steps wait for the
//! values just before it. All threads read and write one table: the caller's
//! vector, each value written once, by the thread that owns its batch.

use super::octal::{OctalGame, ValueTooLarge, LARGEST_VALUE};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

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

/// Below this heap the first thread computes every value alone, one at a
/// time (a batch's bookkeeping would cost more).
const BATCH_FROM: usize = 256;

/// Checks made of a value before a waiting thread sleeps.
const SPINS: u32 = 400;

/// Grows `values` (`G(0 …)` so far, say from a saved table) to `n` values
/// of `game`, on up to `threads` threads; `progress` hears how many values
/// are known every 1,024 or so, on the calling thread. On an error the
/// values known before it are kept.
pub fn extend(
    game: &OctalGame,
    values: &mut Vec<u16>,
    n: usize,
    threads: usize,
    mut progress: impl FnMut(usize),
) -> Result<(), ValueTooLarge> {
    let result = extend_watched(game, values, n, threads, |known| {
        progress(known.len());
        ControlFlow::Continue(())
    });
    progress(values.len());
    result
}

/// [`extend`], showing `watch` the values known so far every 1,024 or so
/// (on the calling thread, while the others go on): it may save them, look
/// for a period, and stop the work early with `Break` (`values` then keeps
/// every value known, at least those it saw).
pub fn extend_watched(
    game: &OctalGame,
    values: &mut Vec<u16>,
    n: usize,
    threads: usize,
    mut watch: impl FnMut(&[u16]) -> ControlFlow<()>,
) -> Result<(), ValueTooLarge> {
    let start = values.len();
    if n <= start {
        return Ok(());
    }
    let threads = if n - start < PARALLEL_FROM {
        1
    } else {
        threads.max(1)
    };
    values.resize(n, UNKNOWN);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        compute(game, values, start, threads, &mut watch)
    }));
    // Keep the values known below the first unknown one.
    let known = values[start..]
        .iter()
        .take_while(|&&v| v != UNKNOWN)
        .count();
    values.truncate(start + known);
    outcome.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// [`extend`] on a table whose values from `start` on are [`UNKNOWN`].
fn compute(
    game: &OctalGame,
    values: &mut [u16],
    start: usize,
    threads: usize,
    watch: &mut impl FnMut(&[u16]) -> ControlFlow<()>,
) -> Result<(), ValueTooLarge> {
    const _: () = assert!(std::mem::align_of::<AtomicU16>() == std::mem::align_of::<u16>());
    // SAFETY: AtomicU16 has the size, bit validity and (checked above)
    // alignment of u16, and `values` is borrowed exclusively for as long
    // as the atomics are used.
    let cells = unsafe { &*(values as *mut [u16] as *const [AtomicU16]) };
    let shared = Shared {
        game,
        cells,
        stopped: AtomicBool::new(false),
        lag: game.lag(),
        sleepers: AtomicUsize::new(0),
        lock: Mutex::new(()),
        woken: Condvar::new(),
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|index| {
                let shared = &shared;
                scope.spawn(move || {
                    let _guard = FailOnPanic(shared);
                    let mut watch = |_: &[u16]| ControlFlow::Continue(());
                    Worker::new(shared).run(start, index, threads, &mut watch)
                })
            })
            .collect();
        let guard = FailOnPanic(&shared);
        let mut outcome = Worker::new(&shared).run(start, 0, threads, watch);
        drop(guard);
        for helper in helpers {
            let helped = helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            outcome = outcome.and(helped);
        }
        outcome
    })
}

/// Tells the other threads to stop waiting if this one panics (they would
/// otherwise wait for its values forever; the panic is then re-raised).
struct FailOnPanic<'a>(&'a Shared<'a>);

impl Drop for FailOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

struct Shared<'a> {
    game: &'a OctalGame,
    /// `G(0 … n − 1)`, [`UNKNOWN`] where not computed yet. Each value is
    /// written once, by the thread that owns its batch.
    cells: &'a [AtomicU16],
    /// Set when a thread fails or the watcher stops the work: the others
    /// stop waiting and return.
    stopped: AtomicBool,
    /// `G(h)` reads `G(0 … h − lag)` only.
    lag: usize,
    /// Threads asleep (or about to be) waiting for a value; writers wake
    /// them only then, so a thread that does not wait costs no system call.
    sleepers: AtomicUsize,
    lock: Mutex<()>,
    woken: Condvar,
}

impl<'a> Shared<'a> {
    /// `G(0 … end − 1)` as plain values.
    ///
    /// # Safety
    /// Every value below `end` must have been seen written by this thread
    /// (by [`Shared::wait_for`], its own writes, or a thread it has since
    /// synchronised with): each is written once, so they never change
    /// again and reading them without atomics races with nothing.
    unsafe fn known(&self, end: usize) -> &'a [u16] {
        let cells = &self.cells[..end];
        // SAFETY: the caller's promise above; the layout is u16's
        // (checked in `compute`).
        unsafe { std::slice::from_raw_parts(cells.as_ptr().cast::<u16>(), end) }
    }

    fn put(&self, heap: usize, value: u16) {
        // SeqCst, with the load of `sleepers` after it and the sleeper's
        // SeqCst count before its last look: one of the two sees the other.
        self.cells[heap].store(value, Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            let _held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.woken.notify_all();
        }
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        let _held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.woken.notify_all();
    }

    fn is_known(&self, heap: usize) -> bool {
        self.cells[heap].load(Ordering::Acquire) != UNKNOWN
    }

    /// Waits until `G(heap)` is known: a short spin (the value is usually
    /// moments away), then asleep, so a waiting thread uses no processor;
    /// false if the work was stopped.
    fn wait_for(&self, heap: usize) -> bool {
        for _ in 0..SPINS {
            if self.is_known(heap) {
                return true;
            }
            std::hint::spin_loop();
        }
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        let mut held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while self.cells[heap].load(Ordering::SeqCst) == UNKNOWN
            && !self.stopped.load(Ordering::SeqCst)
        {
            held = self.woken.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        drop(held);
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
        self.is_known(heap)
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

/// One thread's view: the values it has seen, its mask, rare heaps and
/// scratch space. Plain slices here let the hot loops vectorise.
struct Worker<'a> {
    shared: &'a Shared<'a>,
    game: &'a OctalGame,
    whole_takes: Vec<usize>,
    one_heap_takes: Vec<usize>,
    split_takes: Vec<usize>,
    /// `G(h)` for `h < scanned`.
    table: &'a [u16],
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
        let n = shared.cells.len();
        Worker {
            shared,
            game,
            whole_takes: game.whole_takes().collect(),
            one_heap_takes: game.one_heap_takes().collect(),
            split_takes: game.split_takes().collect(),
            table: &[],
            reversed: vec![0; n],
            last: n - 1,
            scanned: 0,
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

    /// This thread's share of `G(start …)`, being thread `index` of
    /// `threads`: below [`BATCH_FROM`] the first thread computes every
    /// heap; from there each thread takes every `threads`-th batch of
    /// [`BATCH`] heaps.
    fn run(
        mut self,
        start: usize,
        index: usize,
        threads: usize,
        watch: &mut impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<(), ValueTooLarge> {
        let end = self.shared.cells.len();
        let batches_from = BATCH_FROM.clamp(start, end);
        let mut reported = start;
        if index == 0 {
            let mut heap = start;
            while heap < batches_from {
                heap += self.batch(heap, batches_from - heap, heap)?;
            }
        }
        let mut first = batches_from + index * BATCH;
        while first < end {
            let last = (first + BATCH).min(end);
            // The batches before this one still being computed by the
            // other threads are not known yet; everything below them is.
            let known = first
                .saturating_sub((threads - 1) * BATCH)
                .max(batches_from.min(first));
            if !self.wait_below(known, threads * BATCH) {
                return Ok(());
            }
            self.scan_to(known, true);
            let mut heap = first;
            while heap < last {
                heap += self.batch(heap, last - heap, known)?;
            }
            // The values this thread has taken in are known: show them.
            if self.scanned >= reported + 1024 {
                reported = self.scanned;
                if watch(self.table).is_break() {
                    self.shared.stop();
                    return Ok(());
                }
            }
            first += threads * BATCH;
        }
        Ok(())
    }

    /// Waits until the `span` values below `end` are known (so every value
    /// below `end` is: each thread writes its values in order, after
    /// reading those below its batch); false if the work was stopped.
    fn wait_below(&self, end: usize, span: usize) -> bool {
        (end.saturating_sub(span)..end).all(|heap| self.shared.wait_for(heap))
    }

    /// Takes in, counts and classifies heaps up to `end` (exclusive), all
    /// known; with `review`, looks for a better mask when it is time to.
    fn scan_to(&mut self, end: usize, review: bool) {
        if end <= self.scanned {
            return;
        }
        // SAFETY: every caller has waited for the values below `end` (or
        // wrote them): see `run` and `batch`.
        self.table = unsafe { self.shared.known(end) };
        let widened_from = self.largest;
        for heap in self.scanned..end {
            let value = self.table[heap];
            self.reversed[self.last - heap] = value;
            if heap == 0 {
                continue;
            }
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
        self.scanned = end;
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
    /// so below 2^b, and the mex is at most 2^b. A value of 2^b turning up
    /// within a batch ends the batch there (the rest starts afresh).
    fn width(&self) -> usize {
        (self.largest as usize + 1).next_power_of_two()
    }

    /// Computes the `count` heaps from `first`, `G(0 … known − 1)` being
    /// known (the heaps from `known` on are read as other threads, or this
    /// one, finish them); returns how many were computed (fewer when the
    /// values outgrew the batch's room).
    ///
    /// Step 1 — every split with a rare part — is one walk over the rare
    /// heaps for the whole batch where both parts are below `known`; the
    /// few splits it cannot cover (a part at or above `known`, or past the
    /// ends of the shared walk) are added heap by heap.
    fn batch(&mut self, first: usize, count: usize, known: usize) -> Result<usize, ValueTooLarge> {
        self.scan_to(known, true);
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
                    self.table,
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
                self.shared.stop();
                return Err(ValueTooLarge { heap });
            }
            self.shared.put(heap, value as u16);
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
        let table = self.table;
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
            (self.common_values, self.rare_values_below) = classes(width, mask);
        }
        let table = self.table;
        let seen = &mut self.seen[j * width..(j + 1) * width];
        if self.game.is_grundys_game() && heap.is_multiple_of(2) {
            // Step 1 counted the equal split, G(a) ⊕ G(a) = 0, which
            // Grundy's game forbids: 0 (a rare value) is looked for again
            // among the unequal splits below.
            seen[0] = 0;
        }
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
            let end = self.game.splits_end(rest);
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

/// [`mark_rare_splits_of`] for a full batch in AVX2: a row of the batch's
/// 16 values is xored, wrapped and turned into 16 indices into `seen` by
/// vector instructions, leaving one byte store per split (the compiler's
/// own version extracts each lane separately: twice the instructions).
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
    use std::arch::x86_64::*;
    const _: () = assert!(BATCH == 16);
    let seen = &mut seen[..BATCH * width];
    let w = width as i32;
    let wrap = _mm256_set1_epi16((width - 1) as i16);
    let low_rows = _mm256_setr_epi32(0, w, 2 * w, 3 * w, 4 * w, 5 * w, 6 * w, 7 * w);
    let high_rows = _mm256_add_epi32(low_rows, _mm256_set1_epi32(8 * w));
    let mut at = [0u32; BATCH];
    for (&r, &g) in rare_heaps.iter().zip(rare_values) {
        let row = &table[first_rest - r as usize..][..BATCH];
        // SAFETY: `row` holds 16 u16 (32 bytes), read unaligned; `at` has
        // room for two vectors of 8 u32.
        unsafe {
            let values = _mm256_loadu_si256(row.as_ptr().cast());
            let options =
                _mm256_and_si256(_mm256_xor_si256(values, _mm256_set1_epi16(g as i16)), wrap);
            let low = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(options));
            let high = _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(options));
            _mm256_storeu_si256(at.as_mut_ptr().cast(), _mm256_add_epi32(low, low_rows));
            _mm256_storeu_si256(
                at.as_mut_ptr().add(8).cast(),
                _mm256_add_epi32(high, high_rows),
            );
        }
        for &i in &at {
            // SAFETY: lane j is j·width plus an option below width, so
            // below 16·width = seen.len().
            unsafe { *seen.get_unchecked_mut(i as usize) = 1 };
        }
    }
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
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { mark_splits_avx2(seen, left, right) };
    }
    mark_splits_here(seen, left, right)
}

#[inline(always)]
fn mark_splits_here(seen: &mut [u8], left: &[u16], right: &[u16]) {
    for (&x, &y) in left.iter().zip(right) {
        set(seen, (x ^ y) as usize);
    }
}

/// [`mark_splits`] in AVX2: 16 options xored and wrapped at once, then one
/// byte store each (as in [`mark_rare_splits_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_splits_avx2(seen: &mut [u8], left: &[u16], right: &[u16]) {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    assert!(seen.len().is_power_of_two() && seen.len() <= 1 << 16);
    let wrap = _mm256_set1_epi16((seen.len() - 1) as i16);
    let mut at = [0u16; LANES];
    let whole = left.len().min(right.len()) / LANES * LANES;
    for (x, y) in left[..whole]
        .chunks_exact(LANES)
        .zip(right[..whole].chunks_exact(LANES))
    {
        // SAFETY: each chunk holds 16 u16 (32 bytes), read unaligned; `at`
        // has room for 16 u16.
        unsafe {
            let options = _mm256_xor_si256(
                _mm256_loadu_si256(x.as_ptr().cast()),
                _mm256_loadu_si256(y.as_ptr().cast()),
            );
            _mm256_storeu_si256(at.as_mut_ptr().cast(), _mm256_and_si256(options, wrap));
        }
        for &i in &at {
            // SAFETY: wrapped below seen.len().
            unsafe { *seen.get_unchecked_mut(i as usize) = 1 };
        }
    }
    mark_splits_here(seen, &left[whole..], &right[whole..]);
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

    /// `d0.d1d2…`, or `grundy`.
    fn game(code: &str) -> OctalGame {
        if code == "grundy" {
            return OctalGame::grundys_game();
        }
        let digits = code.bytes().filter(|&b| b != b'.').map(|b| b - b'0');
        OctalGame::from_digits(digits.collect()).unwrap()
    }

    fn both(code: &str, n: usize, threads: usize) -> (Vec<u16>, Vec<u16>) {
        let game = game(code);
        let mut naive = Vec::new();
        extend_naive(&game, &mut naive, n, |_| {}).unwrap();
        let mut fast = Vec::new();
        extend(&game, &mut fast, n, threads, |_| {}).unwrap();
        (fast, naive)
    }

    #[test]
    fn small_tables_equal_the_naive_mex() {
        for code in [
            "0.007", "0.77", "0.07", "0.137", "0.4", "0.6", "0.5", "0.1337", "0.72", "4.", "4.07",
            "4.7", "4.37", "4.0004", "grundy",
        ] {
            for threads in [1, 2, 3] {
                let (fast, naive) = both(code, 300, threads);
                assert_eq!(fast, naive, "{code} on {threads} threads");
            }
        }
    }

    /// Past the point where threads share the work, for games whose values
    /// keep changing class: splitting without taking (lag 1) and Grundy's
    /// game (its equal splits left out).
    #[test]
    fn threads_equal_the_naive_mex_on_longer_tables() {
        for code in ["grundy", "4.07", "0.6", "0.007"] {
            for threads in [2, 3, 4] {
                let (fast, naive) = both(code, PARALLEL_FROM + 600, threads);
                assert_eq!(fast, naive, "{code} on {threads} threads");
            }
        }
    }

    #[test]
    fn the_classes_cover_every_value_up_to_the_widest_room() {
        for (width, mask) in [(1, 0), (8, 5), (1 << 16, 0x7b8)] {
            let (common, rare) = classes(width, mask);
            assert_eq!(common.len() + rare.len(), width);
            assert!(rare.contains(&0));
            assert!(common.iter().all(|&v| !is_rare(v, mask)));
        }
        // The top value is there too (a range to `width as u16` would be empty).
        assert!(classes(1 << 16, 1).0.contains(&u16::MAX));
    }

    #[test]
    fn a_watcher_sees_known_values_and_can_stop_the_work() {
        let game = OctalGame::treblecross();
        let mut naive = Vec::new();
        extend_naive(&game, &mut naive, 40_000, |_| {}).unwrap();
        for threads in [1, 2, 3] {
            let mut values = Vec::new();
            let mut seen = Vec::new();
            extend_watched(&game, &mut values, 40_000, threads, |known| {
                assert_eq!(known, &naive[..known.len()]);
                seen.push(known.len());
                if known.len() >= 10_000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
            assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
            let last = *seen.last().unwrap();
            assert!(last >= 10_000 && values.len() >= last && values.len() < 40_000);
            assert_eq!(values, naive[..values.len()]);
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
