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
//! the walk when the near options have raised the candidate. The table,
//! its reversed copy, the value counts and the rare list are one copy for
//! all threads ([`scanner`]); a waiting thread sleeps and is woken alone.
//!
//! Here: the method's entry and its threads (the watcher on the calling
//! one); `worker.rs`: one thread's batches, the two steps above;
//! `mask.rs`: the classes and the best mask; `frontier.rs`: the shared
//! table and the frontier, sleeping and waking; `scanner.rs`: the value
//! counts and the shared rare list; `kernels.rs`: the AVX2 and portable
//! marking loops.

mod frontier;
mod kernels;
mod mask;
mod scanner;
mod worker;

pub use mask::{rare_common_split, RareCommonSplit};

use super::{GrundyMethod, Waits, WATCH_EVERY};
use crate::solver::octal::{OctalGame, ValueTooLarge};
use frontier::Frontier;
use scanner::Scanner;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU16, AtomicUsize};
use worker::Worker;

/// Marks a value not computed yet.
const UNKNOWN: u16 = u16::MAX;

/// Below this many new values one thread is quicker than two.
const PARALLEL_FROM: usize = 4096;

/// Splits looked at between two checks of what is still needed.
const BLOCK: usize = 256;

/// With this many values or fewer still needed, step 2 compares each split
/// with each of them (one pass: 16 splits xored at once, then a compare
/// per value) instead of recording every split's value (a scattered store
/// per split). 16 measured 1.5% faster than 12 at 2^19, one thread.
const COMPARE_UP_TO: usize = 16;

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
            compute(game, values, start, threads, watch, None)
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

/// One batch of a one-thread run, timed: what the wavefront model
/// (`benches/wavefront-model.py`) reads to predict runs on many threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchTrace {
    /// The batch's first heap.
    pub first: usize,
    /// Nanoseconds from taking the batch up to its far part done (the rare
    /// list brought up to date included).
    pub far_ns: u64,
    /// Each heap's near part, up to its value put in the table.
    pub near_ns: Vec<u64>,
}

/// [`RareCommon`] on one thread, timing each batch's far part and each
/// heap's near part: grows `values` to `n` as `extend` does.
pub fn one_thread_traced(
    game: &OctalGame,
    values: &mut Vec<u16>,
    n: usize,
) -> Result<Vec<BatchTrace>, ValueTooLarge> {
    let start = values.len();
    let mut trace = Vec::new();
    if n <= start {
        return Ok(trace);
    }
    values.resize(n, UNKNOWN);
    let outcome = compute(
        game,
        values,
        start,
        1,
        &mut |_| ControlFlow::Continue(()),
        Some(&mut trace),
    );
    let known = values[start..]
        .iter()
        .take_while(|&&v| v != UNKNOWN)
        .count();
    values.truncate(start + known);
    outcome.map(|_| trace)
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
    /// Whether the workers time their batches ([`one_thread_traced`]).
    timed: bool,
}

/// [`RareCommon::extend`] on a table whose values from `start` on are
/// [`UNKNOWN`].
fn compute(
    game: &OctalGame,
    values: &mut [u16],
    start: usize,
    threads: usize,
    watch: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    trace: Option<&mut Vec<BatchTrace>>,
) -> Result<Vec<Waits>, ValueTooLarge> {
    const _: () = assert!(std::mem::align_of::<AtomicU16>() == std::mem::align_of::<u16>());
    let n = values.len();
    // SAFETY: AtomicU16 has the size, bit validity and (checked above)
    // alignment of u16, and `values` is borrowed exclusively for as long
    // as the atomics are used.
    #[allow(unsafe_code)]
    let cells = unsafe { &*(values as *mut [u16] as *const [AtomicU16]) };
    let shared = Shared {
        game,
        frontier: Frontier::new(cells, start, threads),
        scanner: Scanner::new(n),
        next_batch: AtomicUsize::new(BATCH_FROM.clamp(start, n)),
        lag: game.lag(),
        ahead: threads * BATCH,
        timed: trace.is_some(),
    };
    // The first heaps one at a time, on this thread.
    let mut first = Worker::new(&shared);
    let mut heap = start;
    let mut first_heaps = || -> Result<(), ValueTooLarge> {
        while heap < BATCH_FROM.min(n) {
            heap += first.batch(heap, 1)?;
        }
        Ok(())
    };
    let begun = first_heaps();
    if threads == 1 {
        // One thread: it shows the watcher its values itself.
        let mut reported = shared.frontier.known();
        let mut worker = first;
        let mut outcome = begun;
        while let Some(batch) = worker.take_batch().filter(|_| outcome.is_ok()) {
            outcome = worker.run_batch(batch);
            if outcome.is_err() {
                break;
            }
            let known = shared.frontier.known();
            if known >= reported + WATCH_EVERY {
                reported = known;
                if watch(shared.frontier.table(known).0).is_break() {
                    shared.frontier.stop();
                }
            }
        }
        if let Some(trace) = trace {
            *trace = std::mem::take(&mut worker.trace);
        }
        return outcome.map(|()| vec![worker.waits]);
    }
    begun?;
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

#[cfg(test)]
mod tests;
