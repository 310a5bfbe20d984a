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

pub use mask::{best_mask, is_rare, rare_common_split, RareCommonSplit};

use super::{GrundyMethod, Waits, WATCH_EVERY};
use crate::solver::octal::{OctalGame, ValueTooLarge};
pub use frontier::Cold;
use frontier::{Frontier, Store};
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

/// Why the work stopped short of its end.
#[derive(Debug)]
pub(super) enum Failure {
    TooLarge(ValueTooLarge),
    /// A value could not be read back from the cold store.
    Cold(String),
    /// The ring is too short for the farthest rare heap (this far back
    /// from a heap, the margin included), or the rare list is full.
    Grow {
        reach: usize,
        rare_full: bool,
    },
}

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
        values.resize(n, UNKNOWN);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            whole_table(game, values, start, threads, watch, None)
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

/// [`RareCommon::extend`] on a table whose values from `start` on are
/// [`UNKNOWN`], kept whole in memory.
fn whole_table(
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
    let mut shown = |frontier: &Frontier, known: usize| {
        let table = frontier.view(known).whole().expect("a whole table");
        watch(table)
    };
    let (outcome, _) = compute(
        game,
        Store::whole(cells, start),
        &|_| Ok(()),
        start,
        n,
        threads,
        n,
        &mut shown,
        trace,
    );
    outcome.map_err(|failure| match failure {
        Failure::TooLarge(e) => e,
        // A whole table neither reads back nor grows.
        other => unreachable!("{other:?}"),
    })
}

/// What a streaming run keeps in memory besides the ring (see [`stream`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The small heaps kept: the left parts of the splits the walks read.
    pub prefix: usize,
    /// The ring's least length.
    pub least_ring: usize,
}

impl Default for Bounds {
    /// 2^20 small heaps: step 2's walks on 0.007 stopped below 2^17 for 95%
    /// of the heaps from 2^22 to 2^24, and past 2^20 for 12 of 12.5 million
    /// (those read back).
    fn default() -> Bounds {
        Bounds {
            prefix: 1 << 20,
            least_ring: 1 << 16,
        }
    }
}

/// How a streaming run went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Streamed {
    /// Values known: `G(0 … known − 1)`, every one shown to the watcher
    /// unless it stopped the work.
    pub known: usize,
    /// Each thread's waits, in the last stretch (since the last restart).
    pub waits: Vec<Waits>,
    /// The ring's length at the end, and how often it was made longer.
    pub ring: usize,
    pub restarts: usize,
}

/// Why a streaming run stopped short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamError {
    TooLarge(ValueTooLarge),
    /// The cold store failed to give back a value: what it said.
    Cold(String),
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::TooLarge(e) => e.fmt(f),
            StreamError::Cold(why) => write!(f, "reading back a value: {why}"),
        }
    }
}

impl std::error::Error for StreamError {}

/// The rare/common method in bounded memory: `G(start …)` up to `n` values,
/// `G(0 … start − 1)` read from `cold`. In memory: the small heaps
/// (`bounds.prefix`), a ring of the recent values as long as the farthest
/// rare heap (and a margin), and the rare heaps. Each new stretch of values
/// is shown to `watch` with the heap it begins at, on the calling thread:
/// it must put them where `cold` reads them before it returns (a value
/// leaves the ring only after), and may stop the work with `Break`. What a
/// long walk needs beyond the prefix and the ring is read from `cold`. When
/// a rare heap farther than the ring appears, the threads stop, and go on
/// with a longer ring filled from `cold`.
pub fn stream(
    game: &OctalGame,
    start: usize,
    n: usize,
    threads: usize,
    bounds: Bounds,
    cold: &dyn Cold,
    watch: &mut dyn FnMut(usize, &[u16]) -> ControlFlow<()>,
) -> Result<Streamed, StreamError> {
    let threads = threads.max(1);
    let margin = margin(game, threads);
    // The watcher keeps within a few looks of the frontier, and the ring
    // must let the one thread that also watches run on meanwhile.
    let least = bounds.least_ring.max(4 * WATCH_EVERY + 4 * margin);
    let prefix = bounds.prefix.max(4 * margin);
    let mut known = start;
    let mut ring = least;
    let mut rare_room = 1 << 16;
    let mut restarts = 0;
    loop {
        if known >= n {
            return Ok(Streamed {
                known,
                waits: Vec::new(),
                ring,
                restarts,
            });
        }
        let store = Store::ring(n, ring, prefix, cold);
        let frontier_fill = |frontier: &Frontier| -> Result<(), String> {
            let mut buffer = vec![0u16; WATCH_EVERY * 16];
            // The prefix, then the ring's values (the latest `ring`).
            let ring_from = known.saturating_sub(ring);
            for (from, to) in [(0, known.min(prefix).min(ring_from)), (ring_from, known)] {
                let mut at = from;
                while at < to {
                    let len = buffer.len().min(to - at);
                    cold.read(at, &mut buffer[..len])?;
                    frontier.fill(at, &buffer[..len]);
                    at += len;
                }
            }
            Ok(())
        };
        let mut reported = known;
        let mut stopped = false;
        let mut buffer = Vec::new();
        let mut shown = |frontier: &Frontier, now: usize| {
            if now <= reported {
                return ControlFlow::Continue(());
            }
            buffer.resize(now - reported, 0);
            let view = frontier.view(now);
            if let Err(why) = frontier.read(&view, reported, &mut buffer) {
                unreachable!("values not yet shown are in memory: {why}");
            }
            let flow = watch(reported, &buffer);
            reported = now;
            frontier.set_shown(now);
            stopped |= flow.is_break();
            flow
        };
        let (outcome, at) = compute(
            game,
            store,
            &frontier_fill,
            known,
            n,
            threads,
            rare_room.min(n),
            &mut shown,
            None,
        );
        known = at.min(reported).max(known);
        match outcome {
            Ok(waits) => {
                return Ok(Streamed {
                    known,
                    waits,
                    ring,
                    restarts,
                })
            }
            Err(Failure::TooLarge(e)) => return Err(StreamError::TooLarge(e)),
            Err(Failure::Cold(why)) => return Err(StreamError::Cold(why)),
            Err(Failure::Grow { reach, rare_full }) => {
                if stopped {
                    return Ok(Streamed {
                        known,
                        waits: Vec::new(),
                        ring,
                        restarts,
                    });
                }
                restarts += 1;
                if rare_full {
                    rare_room *= 2;
                }
                // A sixteenth more than needed, so that the next farther
                // rare heap does not restart the work at once.
                ring = ring.max(reach + reach / 16).min(n);
            }
        }
    }
}

/// How far past a reader's view values may be written while it reads: the
/// batches of the other threads, its own, and the `lag` values a heap may
/// be put ahead of the frontier (twice: once more so that the watcher has
/// shown everything below the oldest slot a view reads).
fn margin(game: &OctalGame, threads: usize) -> usize {
    threads * BATCH + BATCH + 2 * game.lag() + 1
}

/// One thread's run, timed (see [`BatchTrace`]).
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
    let outcome = whole_table(
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
    /// How far back from a heap its splits with a rare part read, beyond
    /// the farthest rare heap: the ring must hold that much.
    reach_margin: usize,
    /// Whether the workers time their batches ([`one_thread_traced`]).
    timed: bool,
}

/// The values of `store` from `start` up to `n`, on `threads` threads, once
/// `fill` has put the values below `start` in it; `shown` is given the
/// frontier every 1,024 values or so (and, a streaming store, once more at
/// the end unless it stopped the work). Returns how the work ended and how
/// many values were then known without a gap.
#[allow(clippy::too_many_arguments)]
fn compute(
    game: &OctalGame,
    store: Store,
    fill: &dyn Fn(&Frontier) -> Result<(), String>,
    start: usize,
    n: usize,
    threads: usize,
    rare_room: usize,
    shown: &mut dyn FnMut(&Frontier, usize) -> ControlFlow<()>,
    trace: Option<&mut Vec<BatchTrace>>,
) -> (Result<Vec<Waits>, Failure>, usize) {
    let threads = if n - start < PARALLEL_FROM {
        1
    } else {
        threads.max(1)
    };
    let margin = margin(game, threads);
    let shared = Shared {
        game,
        frontier: Frontier::new(store, start, n, threads, margin),
        scanner: Scanner::new(rare_room),
        next_batch: AtomicUsize::new(BATCH_FROM.clamp(start, n)),
        lag: game.lag(),
        ahead: threads * BATCH,
        reach_margin: margin + game.largest_take() + 1,
        timed: trace.is_some(),
    };
    let frontier = &shared.frontier;
    if let Err(why) = fill(frontier) {
        return (Err(Failure::Cold(why)), start);
    }
    let outcome = run(&shared, threads, shown, trace);
    let known = frontier.known();
    let failed = matches!(outcome, Err(Failure::TooLarge(_) | Failure::Cold(_)));
    if frontier.streams() && !failed && !frontier.watcher_stopped() {
        // The last values, so that the cold store holds every one.
        let _ = shown(frontier, known);
    }
    (outcome, known)
}

/// The work itself, on this thread alone or on `threads` more (this one
/// then watching).
fn run(
    shared: &Shared,
    threads: usize,
    shown: &mut dyn FnMut(&Frontier, usize) -> ControlFlow<()>,
    trace: Option<&mut Vec<BatchTrace>>,
) -> Result<Vec<Waits>, Failure> {
    let n = shared.frontier.len();
    let start = shared.frontier.known();
    // The first heaps one at a time, on this thread.
    let mut first = Worker::new(shared);
    let mut heap = start;
    let mut first_heaps = || -> Result<(), Failure> {
        while heap < BATCH_FROM.min(n) && !shared.frontier.is_stopped() {
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
                if shown(&shared.frontier, known).is_break() {
                    shared.frontier.stop_watching();
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
        // It counts from the values last shown (not from where the workers
        // have got to when it begins: a wrapping ring waits for it).
        let guard = FailOnPanic(&shared.frontier);
        let mut reported = start;
        let mut own = Waits::default();
        while reported < n && !shared.frontier.is_stopped() {
            let next = (reported + WATCH_EVERY).min(n);
            if !shared.frontier.wait_until(next, &mut own) {
                break;
            }
            reported = shared.frontier.known();
            if shown(&shared.frontier, reported).is_break() {
                shared.frontier.stop_watching();
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
                // The threads a failure stopped return Ok: an error is a
                // failure's own (the first joined, if two failed).
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

#[cfg(test)]
mod stream_tests;
