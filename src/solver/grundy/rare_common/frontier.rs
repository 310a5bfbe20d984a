//! How the threads share one table: each value is written once, by the
//! thread that computes it, and one published *frontier* says how far the
//! table is known without a gap. A thread that needs values past it waits
//! for the frontier alone — a short spin, then asleep — and the thread that
//! moves the frontier past what a sleeper waits for wakes that sleeper, and
//! only it.

// The Grundy kernels: SIMD and shared tables read without locks, each
// unsafe block with the reason it is sound beside it (Cargo.toml denies
// unsafe code everywhere else).
#![allow(unsafe_code)]

use super::UNKNOWN;
use crate::solver::grundy::Waits;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread::Thread;
use std::time::{Duration, Instant};

/// How long a waiting thread looks at the frontier before it sleeps when
/// every thread has a core: the value wanted is usually a moment away (the
/// end of the batch before), and a sleep and a wake cost more than that on
/// the path every value takes. With more threads than cores a waiting
/// thread sleeps at once, so that the thread it waits for gets the core.
const SPIN_FOR: Duration = Duration::from_micros(20);

/// A value on a cache line of its own: the frontier moves with every value,
/// and the flags read beside it would otherwise miss the cache each time.
#[repr(align(64))]
struct Line<T>(T);

/// The table, its reversed copy and the frontier.
pub struct Frontier<'a> {
    /// `G(0 … n − 1)`, [`UNKNOWN`] where not computed yet.
    cells: &'a [AtomicU16],
    /// `G(h)` at `n − 1 − h`: the right parts of consecutive splits then
    /// read forwards, as vector loads want. One copy for every thread.
    reversed: Box<[AtomicU16]>,
    /// Every value below this one is known.
    known: Line<AtomicUsize>,
    stopped: AtomicBool,
    /// The least frontier a sleeper waits for (`usize::MAX` when none
    /// sleeps): a mover looks at the sleepers' list only once it gets there.
    least_wanted: AtomicUsize,
    /// Each sleeper: the frontier it waits for, and its thread.
    sleepers: Mutex<Vec<(usize, Thread)>>,
    /// Whether a waiting thread spins a while first (every thread has a
    /// core) or sleeps at once.
    spin: bool,
}

impl<'a> Frontier<'a> {
    /// `cells` from `start` on are [`UNKNOWN`]; the values below are known.
    /// `threads` will share the work.
    pub fn new(cells: &'a [AtomicU16], start: usize, threads: usize) -> Frontier<'a> {
        let n = cells.len();
        let mut reversed = vec![0u16; n];
        for (h, cell) in cells[..start].iter().enumerate() {
            reversed[n - 1 - h] = cell.load(Ordering::Relaxed);
        }
        Frontier {
            cells,
            reversed: atomics(reversed),
            known: Line(AtomicUsize::new(start)),
            stopped: AtomicBool::new(false),
            least_wanted: AtomicUsize::new(usize::MAX),
            sleepers: Mutex::new(Vec::new()),
            spin: threads <= crate::solver::grundy::cores(),
        }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// How many values are known without a gap.
    pub fn known(&self) -> usize {
        self.known.0.load(Ordering::Acquire)
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Acquire)
    }

    /// `G(0 … end − 1)`, and the same reversed (`G(end − 1 − i)` at the
    /// reversed table's `n − end + i`), as plain values. `end` must not be
    /// past the frontier.
    pub fn table(&self, end: usize) -> (&'a [u16], &[u16]) {
        let end = end.min(self.known());
        let n = self.len();
        // SAFETY: every value below the frontier was written once, before
        // the frontier passed it (a SeqCst store seen by the mover, whose
        // move this thread has read with Acquire): they never change again,
        // so plain reads race with nothing. AtomicU16 has u16's layout.
        unsafe {
            (
                std::slice::from_raw_parts(self.cells.as_ptr().cast::<u16>(), end),
                std::slice::from_raw_parts(self.reversed.as_ptr().add(n - end).cast::<u16>(), end),
            )
        }
    }

    /// Writes `G(heap)` (once) and moves the frontier over every value
    /// known from where it stands, waking the sleepers it passes.
    pub fn put(&self, heap: usize, value: u16) {
        debug_assert!(heap >= self.known() && self.cells[heap].load(Ordering::Relaxed) == UNKNOWN);
        let n = self.len();
        self.reversed[n - 1 - heap].store(value, Ordering::Relaxed);
        // SeqCst: of two threads that write neighbouring values and then
        // look at each other's, one sees the other's (see `advance`).
        self.cells[heap].store(value, Ordering::SeqCst);
        self.advance();
    }

    fn advance(&self) {
        let mut known = self.known.0.load(Ordering::SeqCst);
        let mut moved = false;
        while known < self.len() && self.cells[known].load(Ordering::SeqCst) != UNKNOWN {
            match self.known.0.compare_exchange_weak(
                known,
                known + 1,
                Ordering::SeqCst,
                Ordering::SeqCst,
            ) {
                Ok(_) => {
                    known += 1;
                    moved = true;
                }
                Err(now) => known = now,
            }
        }
        if moved && self.least_wanted.load(Ordering::SeqCst) <= known {
            let mut sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
            let known = self.known.0.load(Ordering::SeqCst);
            sleepers.retain(|(wanted, thread)| {
                let done = *wanted <= known;
                if done {
                    thread.unpark();
                }
                !done
            });
            self.set_least_wanted(&sleepers);
        }
    }

    /// Under the sleepers' lock.
    fn set_least_wanted(&self, sleepers: &[(usize, Thread)]) {
        let least = sleepers.iter().map(|&(wanted, _)| wanted).min();
        self.least_wanted
            .store(least.unwrap_or(usize::MAX), Ordering::SeqCst);
    }

    /// Waits until every value below `end` is known; false if the work was
    /// stopped first.
    pub fn wait_until(&self, end: usize, waits: &mut Waits) -> bool {
        if self.known() >= end {
            return true;
        }
        let began = Instant::now();
        waits.waits += 1;
        let mut spins = 0u32;
        while self.known() < end && !self.is_stopped() {
            // The clock is read once every 64 looks.
            spins += 1;
            if self.spin && (!spins.is_multiple_of(64) || began.elapsed() < SPIN_FOR) {
                std::hint::spin_loop();
                continue;
            }
            waits.sleeps += 1;
            self.sleep_until(end);
            break;
        }
        waits.waited += began.elapsed();
        self.known() >= end
    }

    /// Asleep until the frontier reaches `end` or the work stops. SeqCst
    /// on both sides: either the mover sees this sleeper's wish (the least
    /// one wanted), or this sleeper sees the frontier moved.
    fn sleep_until(&self, end: usize) {
        let me = std::thread::current();
        {
            let mut sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
            sleepers.push((end, me.clone()));
            self.set_least_wanted(&sleepers);
        }
        while self.known.0.load(Ordering::SeqCst) < end && !self.is_stopped() {
            std::thread::park();
        }
        // Taken off the list by the mover that woke it, unless stopped or
        // it saw the frontier first.
        let mut sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        if sleepers.iter().any(|(_, thread)| thread.id() == me.id()) {
            sleepers.retain(|(_, thread)| thread.id() != me.id());
            self.set_least_wanted(&sleepers);
        }
    }

    /// Stops the work: every sleeper wakes and returns.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        let sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        for (_, thread) in sleepers.iter() {
            thread.unpark();
        }
    }
}

/// A vector of values as atomics.
fn atomics(values: Vec<u16>) -> Box<[AtomicU16]> {
    let plain = Box::into_raw(values.into_boxed_slice());
    // SAFETY: AtomicU16 has the size, alignment and bit validity of u16
    // (the standard library says so), so the slice may be viewed as one of
    // atomics, which now owns it.
    unsafe { Box::from_raw(plain as *mut [AtomicU16]) }
}
