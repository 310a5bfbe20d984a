//! How the threads share one table: each value is written once, by the
//! thread that computes it, and one published *frontier* says how far the
//! table is known without a gap. A thread that needs values past it waits
//! for the frontier alone — a short spin, then asleep — and the thread that
//! moves the frontier past what a sleeper waits for wakes that sleeper, and
//! only it. The table is kept whole in memory, or (a long run) as its small
//! heaps and a ring of the recent values, long enough for every split with
//! a rare part; what a rare long walk needs beyond them is read back from
//! the cold store.

// The Grundy kernels: SIMD and shared tables read without locks, each
// unsafe block with the reason it is sound beside it (Cargo.toml denies
// unsafe code everywhere else).
#![allow(unsafe_code)]

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

/// The first slots of a wrapping ring are kept again after its last one, so
/// that the row of a batch (16 heaps) reads on across the wrap.
pub const MIRROR: usize = super::BATCH;

/// Cells the caller lends (the whole table, kept in memory) or the
/// frontier owns (a ring and a prefix, the rest on the cold store), each
/// owned one a mapping of its own: given back to the system when dropped
/// (a ring made longer is a new one; freed to the allocator, the old ones
/// stayed resident), its pages resident only once written.
pub enum Cells<'a> {
    Lent(&'a [AtomicU16]),
    Owned(memmap2::MmapRaw, usize),
}

impl Cells<'_> {
    /// `len` cells, each 0 until written.
    fn owned(len: usize) -> Cells<'static> {
        // A mapping of no bytes is refused: one value more.
        let map = memmap2::MmapMut::map_anon(2 * len.max(1)).expect("memory for the values");
        // Raw: its pointer comes from the mapping itself, not from a shared
        // reference to bytes (which the atomics' stores would then break).
        Cells::Owned(map.into(), len)
    }
}

impl std::ops::Deref for Cells<'_> {
    type Target = [AtomicU16];
    fn deref(&self) -> &[AtomicU16] {
        match self {
            Cells::Lent(cells) => cells,
            // SAFETY: the mapping is page-aligned, at least 2·len bytes,
            // zero-filled (a valid u16), and lives as long as `self`; its
            // raw pointer (no reference was made to its bytes) is only ever
            // used through these atomics, which allow shared writes.
            Cells::Owned(map, len) => unsafe {
                std::slice::from_raw_parts(map.as_mut_ptr().cast::<AtomicU16>(), *len)
            },
        }
    }
}

/// Where the values read by a long run live when not in memory: every value
/// the watcher has been shown is there (its caller wrote them out).
pub trait Cold: Sync {
    /// `G(from … from + out.len() − 1)`, or why they cannot be read.
    fn read(&self, from: usize, out: &mut [u16]) -> Result<(), String>;
}

/// The values in memory: the small heaps (`prefix`), and the recent ones in
/// a ring of `capacity` slots (heap `h` at `h mod capacity`) with a
/// reversed copy. Kept whole, the table is both the ring and the prefix
/// (`capacity` = its length: the ring never wraps).
pub struct Store<'a> {
    pub ring: Cells<'a>,
    /// `G(h)` at `capacity − 1 − h mod capacity`: the right parts of
    /// consecutive splits then read forwards, as vector loads want.
    pub reversed: Cells<'a>,
    pub prefix: Cells<'a>,
    pub capacity: usize,
    /// Whether the ring wraps (the values it lets go are on `cold`).
    pub wraps: bool,
    pub cold: Option<&'a dyn Cold>,
}

impl<'a> Store<'a> {
    /// The whole table `cells` (its values from `start` on [`UNKNOWN`]),
    /// kept in memory: no ring, no cold store.
    pub fn whole(cells: &'a [AtomicU16], start: usize) -> Store<'a> {
        let n = cells.len();
        let reversed = Cells::owned(n);
        for (h, cell) in cells[..start].iter().enumerate() {
            reversed[n - 1 - h].store(cell.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        Store {
            ring: Cells::Lent(cells),
            reversed,
            prefix: Cells::Lent(cells),
            capacity: n,
            wraps: false,
            cold: None,
        }
    }

    /// A ring of `capacity` values and a prefix of `prefix`, the values
    /// not in them read from `cold`. Where the ring holds every one of the
    /// `n` values it does not wrap.
    pub fn ring(n: usize, capacity: usize, prefix: usize, cold: &'a dyn Cold) -> Store<'a> {
        let wraps = capacity < n;
        let capacity = capacity.min(n);
        let extra = if wraps { MIRROR } else { 0 };
        Store {
            ring: Cells::owned(capacity + extra),
            reversed: Cells::owned(capacity),
            prefix: Cells::owned(prefix.min(n)),
            capacity,
            wraps,
            cold: Some(cold),
        }
    }

    /// Writes `G(heap)` in every place that keeps it (the ring's slot last,
    /// in `order`; the note in `Frontier::put` that follows publishes it).
    fn write(&self, heap: usize, value: u16, order: Ordering) {
        let slot = heap % self.capacity;
        self.reversed[self.capacity - 1 - slot].store(value, Ordering::Relaxed);
        if self.wraps && slot < MIRROR {
            self.ring[self.capacity + slot].store(value, Ordering::Relaxed);
        }
        if let Cells::Owned(..) = &self.prefix {
            if heap < self.prefix.len() {
                self.prefix[heap].store(value, Ordering::Relaxed);
            }
        }
        self.ring[slot].store(value, order);
    }
}

/// The store and the frontier.
pub struct Frontier<'a> {
    store: Store<'a>,
    /// How many values the work computes.
    n: usize,
    /// Every value below this one is known.
    known: Line<AtomicUsize>,
    /// Heap `h`, once put, at `h mod put.len()`: what the movers look at.
    /// A heap is put only once the `lag` values before it are known, and
    /// the threads' batches spread no wider than theirs: `margin` (rounded
    /// to a power of two) places hold every heap waiting at once (a fixed
    /// 256 did not, for a take of 300 on 24 threads: the frontier stopped).
    put: Box<[AtomicUsize]>,
    /// Values below this one have been shown to the watcher (and so are on
    /// the cold store): a wrapping ring writes over a value only after.
    shown: AtomicUsize,
    /// How far past a reader's view the values may be written while it
    /// reads (see [`Frontier::view`]).
    margin: usize,
    stopped: AtomicBool,
    /// Stopped by the watcher (it wants no more values).
    watcher_stopped: AtomicBool,
    /// The least frontier a sleeper waits for (`usize::MAX` when none
    /// sleeps): a mover looks at the sleepers' list only once it gets there.
    least_wanted: AtomicUsize,
    /// Each sleeper: the frontier it waits for, and its thread.
    sleepers: Mutex<Vec<(usize, Thread)>>,
    /// Whether a waiting thread spins a while first (every thread has a
    /// core) or sleeps at once.
    spin: bool,
}

/// The values as one reader sees them for a while: the known ones, below
/// `end`; those of the ring from `lowest` on (older ones may be written over
/// while it reads, and are on the cold store).
#[derive(Clone, Copy)]
pub struct View<'s> {
    ring: &'s [AtomicU16],
    reversed: &'s [AtomicU16],
    prefix: &'s [AtomicU16],
    capacity: usize,
    /// `h − base` (wrapping) is below `2 · capacity` for every heap read.
    base: usize,
    pub end: usize,
    pub lowest: usize,
    /// The prefix's values known: below this.
    pub small: usize,
    /// Whether the ring is the whole table.
    whole: bool,
}

impl<'s> View<'s> {
    /// Where heap `h` (from `lowest` on) sits in the ring.
    #[inline(always)]
    fn slot(&self, h: usize) -> usize {
        let i = h.wrapping_sub(self.base);
        if i >= self.capacity {
            i - self.capacity
        } else {
            i
        }
    }

    /// `G(h)`, for `h` from `lowest` to below `end`.
    #[inline(always)]
    pub fn at(&self, h: usize) -> u16 {
        debug_assert!(
            h >= self.lowest && h < self.end,
            "{h} outside {}..{}",
            self.lowest,
            self.end
        );
        self.ring[self.slot(h)].load(Ordering::Relaxed)
    }

    /// `G(h)` for a small heap (in the prefix) or one from `lowest` on.
    #[inline(always)]
    pub fn any(&self, h: usize) -> u16 {
        if h < self.small {
            self.prefix[h].load(Ordering::Relaxed)
        } else {
            self.at(h)
        }
    }

    /// `G(from … to − 1)` (from `lowest`, below `end`) as one or two runs
    /// of plain values, each with the heap it begins at: two where they wrap
    /// round the ring, the first then reading on through the mirrored
    /// slots as far as they go.
    pub fn runs(&self, from: usize, to: usize) -> [(usize, &'s [u16]); 2] {
        debug_assert!(from >= self.lowest && to <= self.end && from <= to);
        let first = self.slot(from);
        let room = self.ring.len() - first;
        let len = to - from;
        if len <= room {
            return [(from, self.plain(self.ring, first, len)), (to, &[])];
        }
        let wrap = from + (self.capacity - first);
        [
            (from, self.plain(self.ring, first, room)),
            (wrap, self.plain(self.ring, 0, to - wrap)),
        ]
    }

    /// `G(h), G(h − 1), …`: at most `len` of them, as far as the reversed
    /// ring goes without wrapping (at least one). The caller sees that they
    /// are not below `lowest`.
    #[inline]
    pub fn down_from(&self, h: usize, len: usize) -> &'s [u16] {
        debug_assert!(h >= self.lowest && h < self.end);
        let q = self.capacity - 1 - self.slot(h);
        self.plain(self.reversed, q, len.min(self.capacity - q))
    }

    /// `G(a … a + len − 1)` from the prefix, if all there.
    #[inline]
    pub fn small(&self, a: usize, len: usize) -> Option<&'s [u16]> {
        (a + len <= self.small).then(|| self.plain(self.prefix, a, len))
    }

    /// `G(0 … end − 1)`, where the ring holds the whole table.
    pub fn whole(&self) -> Option<&'s [u16]> {
        self.whole.then(|| self.plain(self.ring, 0, self.end))
    }

    /// `cells[from … from + len − 1]` as plain values.
    #[inline(always)]
    fn plain(&self, cells: &'s [AtomicU16], from: usize, len: usize) -> &'s [u16] {
        let cells = &cells[from..from + len];
        // SAFETY: the callers ask only for the slots of known heaps from
        // `lowest` on: each was written before the frontier passed it (a
        // SeqCst store seen by the mover, whose move this thread has read
        // with Acquire), and no slot of them is written again while this
        // view is in use (the ring is long enough: see `Frontier::view`),
        // so plain reads race with nothing. AtomicU16 has u16's layout.
        unsafe { std::slice::from_raw_parts(cells.as_ptr().cast::<u16>(), len) }
    }
}

impl<'a> Frontier<'a> {
    /// `store` holds every value below `start`; `threads` will share the
    /// work of the values up to `n`, the readers at most `margin` values
    /// ahead of the frontier.
    pub fn new(
        store: Store<'a>,
        start: usize,
        n: usize,
        threads: usize,
        margin: usize,
    ) -> Frontier<'a> {
        let put = (0..margin.next_power_of_two())
            .map(|_| AtomicUsize::new(usize::MAX))
            .collect();
        Frontier {
            store,
            n,
            known: Line(AtomicUsize::new(start)),
            put,
            shown: AtomicUsize::new(start),
            margin,
            stopped: AtomicBool::new(false),
            watcher_stopped: AtomicBool::new(false),
            least_wanted: AtomicUsize::new(usize::MAX),
            sleepers: Mutex::new(Vec::new()),
            spin: threads <= crate::solver::grundy::cores(),
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    /// How many values are known without a gap.
    pub fn known(&self) -> usize {
        self.known.0.load(Ordering::Acquire)
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Acquire)
    }

    /// Whether the values go to a cold store (else the table is whole).
    pub fn streams(&self) -> bool {
        self.store.cold.is_some()
    }

    pub fn watcher_stopped(&self) -> bool {
        self.watcher_stopped.load(Ordering::Acquire)
    }

    /// The watcher wants no more values: the work stops.
    pub fn stop_watching(&self) {
        self.watcher_stopped.store(true, Ordering::Release);
        self.stop();
    }

    pub fn wraps(&self) -> bool {
        self.store.wraps
    }

    pub fn capacity(&self) -> usize {
        self.store.capacity
    }

    /// The values known below `end` (not past the frontier), as a reader
    /// sees them while the frontier stays within `margin` of `end`: the
    /// frontier cannot pass the heap the reader works on, and a value is
    /// written at most `lag` past it. A slot is written over `capacity`
    /// values later, so the slots of heaps from `end + margin − capacity`
    /// on keep their values while the view is in use.
    pub fn view(&self, end: usize) -> View<'_> {
        let end = end.min(self.known());
        let capacity = self.store.capacity;
        let ahead = end + self.margin;
        let (base, lowest) = if self.store.wraps {
            (
                (ahead / capacity * capacity).wrapping_sub(capacity),
                ahead.saturating_sub(capacity),
            )
        } else {
            (0, 0)
        };
        View {
            ring: &self.store.ring,
            reversed: &self.store.reversed,
            prefix: &self.store.prefix,
            capacity,
            base,
            end,
            lowest,
            small: end.min(self.store.prefix.len()),
            whole: !self.store.wraps,
        }
    }

    /// Copies `G(from … from + out.len() − 1)` (all below the view's end)
    /// from wherever they are: the prefix, the ring, or the cold store.
    pub fn read(&self, view: &View, from: usize, out: &mut [u16]) -> Result<(), String> {
        debug_assert!(from + out.len() <= view.end);
        let mut at = 0;
        while at < out.len() {
            let h = from + at;
            let left = out.len() - at;
            let run = if h < view.small {
                view.small(h, left.min(view.small - h)).unwrap_or_default()
            } else if h >= view.lowest {
                view.runs(h, h + left)[0].1
            } else {
                let len = left.min(view.lowest - h);
                let cold = self.store.cold.ok_or("no cold store")?;
                cold.read(h, &mut out[at..at + len])?;
                at += len;
                continue;
            };
            let run = &run[..run.len().min(left)];
            if run.is_empty() {
                return Err(format!("G({h}) is not kept"));
            }
            out[at..at + run.len()].copy_from_slice(run);
            at += run.len();
        }
        Ok(())
    }

    /// Before the work: puts `values` (heaps from `from` on, all below
    /// the frontier) where they are kept.
    pub fn fill(&self, from: usize, values: &[u16]) {
        for (i, &v) in values.iter().enumerate() {
            self.store.write(from + i, v, Ordering::Relaxed);
        }
    }

    /// Values below `shown` are on the cold store.
    pub fn set_shown(&self, shown: usize) {
        self.shown.store(shown, Ordering::Release);
    }

    /// Writes `G(heap)` (once) and moves the frontier over every value
    /// known from where it stands, waking the sleepers it passes. In a
    /// wrapping ring, first waits until the value the slot held (and those
    /// a reader may still want beside it) is on the cold store; stopped
    /// while it waits, it writes nothing (the frontier stays where every
    /// value below a view's `lowest` is on the cold store).
    pub fn put(&self, heap: usize, value: u16) {
        debug_assert!(heap >= self.known());
        if self.store.wraps {
            let free =
                || heap + self.margin < self.shown.load(Ordering::Acquire) + self.store.capacity;
            while !free() {
                if self.is_stopped() {
                    return;
                }
                std::thread::sleep(Duration::from_micros(50));
            }
        }
        // SeqCst: of two threads that write neighbouring values and then
        // look at each other's, one sees the other's (see `advance`).
        self.store.write(heap, value, Ordering::SeqCst);
        self.put[heap % self.put.len()].store(heap, Ordering::SeqCst);
        self.advance();
    }

    fn advance(&self) {
        let mut known = self.known.0.load(Ordering::SeqCst);
        let mut moved = false;
        while known < self.n && self.put[known % self.put.len()].load(Ordering::SeqCst) == known {
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
