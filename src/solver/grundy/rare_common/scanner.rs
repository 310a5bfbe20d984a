//! The bookkeeping every thread shares: how many heaps have each value, the
//! mask that makes the fewest of them rare, and the list of rare heaps. One
//! copy for all threads, kept up to the frontier under a lock (a few
//! operations a value); the list is append-only, so a thread reads the part
//! it needs without the lock while it grows.

// The Grundy kernels: SIMD and shared tables read without locks, each
// unsafe block with the reason it is sound beside it (Cargo.toml denies
// unsafe code everywhere else).
#![allow(unsafe_code)]

use super::frontier::{Frontier, View};
use super::mask::{best_mask, is_rare};
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The rare heaps under one mask, ascending, with their values.
pub struct RareList {
    pub mask: u16,
    /// Room for every heap, never initialised as a whole: only the part
    /// written is ever touched (a zeroed allocation would be zeroed by
    /// hand when the allocator reuses memory, and counted all along).
    heaps: Box<[UnsafeCell<MaybeUninit<u32>>]>,
    values: Box<[UnsafeCell<MaybeUninit<u16>>]>,
    len: AtomicUsize,
}

// SAFETY: one thread pushes (the scanner, under its lock), writing only
// past `len` before publishing it with Release; readers read only below
// the `len` they loaded with Acquire. No place is ever read and written at
// once.
unsafe impl Sync for RareList {}

impl RareList {
    fn new(mask: u16, room: usize) -> RareList {
        RareList {
            mask,
            heaps: room_for(room),
            values: room_for(room),
            len: AtomicUsize::new(0),
        }
    }

    /// Only the scanner pushes, under its lock; false when the list is full.
    #[must_use]
    fn push(&self, heap: usize, value: u16) -> bool {
        let i = self.len.load(Ordering::Relaxed);
        if i == self.heaps.len() {
            return false;
        }
        // SAFETY: place `i` is past `len`: no reader looks at it yet, and
        // the one pusher is this thread.
        unsafe {
            (*self.heaps[i].get()).write(heap as u32);
            (*self.values[i].get()).write(value);
        }
        self.len.store(i + 1, Ordering::Release);
        true
    }

    /// The farthest rare heap (0 when none).
    fn last_heap(&self) -> usize {
        let (heaps, _) = self.below(usize::MAX);
        heaps.last().map_or(0, |&h| h as usize)
    }

    /// The rare heaps below `end` and their values.
    pub fn below(&self, end: usize) -> (&[u32], &[u16]) {
        let len = self.len.load(Ordering::Acquire);
        // SAFETY: the first `len` places were written before `len` was
        // published (Release, read here with Acquire) and never change;
        // UnsafeCell and MaybeUninit have their content's layout.
        let (heaps, values) = unsafe {
            (
                std::slice::from_raw_parts(self.heaps.as_ptr().cast::<u32>(), len),
                std::slice::from_raw_parts(self.values.as_ptr().cast::<u16>(), len),
            )
        };
        let count = heaps.partition_point(|&h| (h as usize) < end);
        (&heaps[..count], &values[..count])
    }
}

/// Room for `len` values, allocated and not touched.
fn room_for<T>(len: usize) -> Box<[UnsafeCell<MaybeUninit<T>>]> {
    let room = Box::into_raw(Box::<[T]>::new_uninit_slice(len));
    // SAFETY: UnsafeCell is repr(transparent): the slice's layout is the
    // same, and an uninitialised value is what both hold.
    unsafe { Box::from_raw(room as *mut [UnsafeCell<MaybeUninit<T>>]) }
}

/// What a thread takes for a batch: the rare list (with its mask) and the
/// largest value, as of the frontier it scanned to.
pub struct Snapshot {
    pub rare: Arc<RareList>,
    pub largest: u16,
    pub scanned: usize,
    /// The farthest rare heap: how far back the splits with a rare part
    /// read.
    pub reach: usize,
    /// The rare list had no room for a rare heap: the scan stopped there.
    pub full: bool,
}

/// Values read back at a time where they are not in memory.
const CHUNK: usize = 1 << 14;

struct State {
    /// Heaps `1 … scanned − 1` are counted and classified.
    scanned: usize,
    counts: Vec<u64>,
    largest: u16,
    next_review: usize,
    rare: Arc<RareList>,
    full: bool,
}

pub struct Scanner {
    state: Mutex<State>,
}

impl Scanner {
    pub fn new(room: usize) -> Scanner {
        Scanner {
            state: Mutex::new(State {
                scanned: 0,
                counts: vec![0; 2],
                largest: 0,
                next_review: 64,
                rare: Arc::new(RareList::new(0, room)),
                full: false,
            }),
        }
    }

    /// Takes in every heap below the frontier, looks for a better mask when
    /// it is time to, and hands out the state of things. Called by a thread
    /// about to work on a batch, so that the frontier stays near: the
    /// values are read through its view (the old ones from the cold store).
    pub fn scan(&self, frontier: &Frontier) -> Result<Snapshot, String> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let view = frontier.view(frontier.known());
        let end = view.end;
        if state.scanned == 0 && end > CHUNK {
            // A table resumed (or a run restarted with a longer ring): its
            // mask chosen from its counts before any heap is listed, since
            // under the first mask (0) every heap is rare.
            let mut counts = vec![0u64; 2];
            let mut chunk = vec![0u16; CHUNK];
            let mut from = 1;
            while from < end {
                let len = CHUNK.min(end - from);
                frontier.read(&view, from, &mut chunk[..len])?;
                for &value in &chunk[..len] {
                    if value as usize >= counts.len() {
                        counts.resize((value as usize + 1).next_power_of_two(), 0);
                    }
                    counts[value as usize] += 1;
                }
                from += len;
            }
            let (mask, _) = best_mask(&counts);
            state.rare = Arc::new(RareList::new(mask, state.rare.heaps.len()));
        }
        if end > state.scanned && !state.full {
            let widened_from = state.largest;
            let mut chunk = vec![0u16; CHUNK.min(end - state.scanned)];
            let mut from = state.scanned.max(1);
            'scan: while from < end {
                let len = chunk.len().min(end - from);
                frontier.read(&view, from, &mut chunk[..len])?;
                for (i, &value) in chunk[..len].iter().enumerate() {
                    let heap = from + i;
                    if is_rare(value, state.rare.mask) && !state.rare.push(heap, value) {
                        state.full = true;
                        state.scanned = heap;
                        break 'scan;
                    }
                    if value as usize >= state.counts.len() {
                        state
                            .counts
                            .resize((value as usize + 1).next_power_of_two(), 0);
                    }
                    state.counts[value as usize] += 1;
                    state.largest = state.largest.max(value);
                }
                from += len;
                state.scanned = from;
            }
            let widened = (widened_from as usize + 1).next_power_of_two()
                != (state.largest as usize + 1).next_power_of_two();
            if !state.full && (widened || state.scanned >= state.next_review) {
                review_mask(&mut state, frontier, &view)?;
                state.next_review = state.scanned + state.scanned / 8 + 64;
            }
        }
        Ok(Snapshot {
            rare: Arc::clone(&state.rare),
            largest: state.largest,
            scanned: state.scanned,
            reach: state.rare.last_heap(),
            full: state.full,
        })
    }
}

/// Switches to the mask with the fewest rare heaps if it beats this one:
/// a new list (threads still walking the old one keep it until done),
/// made from every value scanned, read again.
fn review_mask(state: &mut State, frontier: &Frontier, view: &View) -> Result<(), String> {
    let (best, best_rare) = best_mask(&state.counts);
    let rare_now = state.rare.len.load(Ordering::Relaxed) as u64;
    if best == state.rare.mask || best_rare >= rare_now {
        return Ok(());
    }
    let rare = RareList::new(best, state.rare.heaps.len());
    let mut chunk = vec![0u16; CHUNK];
    let mut from = 1;
    while from < state.scanned {
        let len = CHUNK.min(state.scanned - from);
        frontier.read(view, from, &mut chunk[..len])?;
        for (i, &value) in chunk[..len].iter().enumerate() {
            if is_rare(value, best) && !rare.push(from + i, value) {
                // No room for this mask's list: keep the one there is.
                return Ok(());
            }
        }
        from += len;
    }
    state.rare = Arc::new(rare);
    Ok(())
}
