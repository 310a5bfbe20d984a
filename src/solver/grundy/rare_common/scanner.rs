//! The bookkeeping every thread shares: how many heaps have each value, the
//! mask that makes the fewest of them rare, and the list of rare heaps. One
//! copy for all threads, kept up to the frontier under a lock (a few
//! operations a value); the list is append-only, so a thread reads the part
//! it needs without the lock while it grows.

// The Grundy kernels: SIMD and shared tables read without locks, each
// unsafe block with the reason it is sound beside it (Cargo.toml denies
// unsafe code everywhere else).
#![allow(unsafe_code)]

use super::frontier::Frontier;
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

    /// Only the scanner pushes, under its lock.
    fn push(&self, heap: usize, value: u16) {
        let i = self.len.load(Ordering::Relaxed);
        // SAFETY: place `i` is past `len`: no reader looks at it yet, and
        // the one pusher is this thread.
        unsafe {
            (*self.heaps[i].get()).write(heap as u32);
            (*self.values[i].get()).write(value);
        }
        self.len.store(i + 1, Ordering::Release);
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
}

struct State {
    /// Heaps `1 … scanned − 1` are counted and classified.
    scanned: usize,
    counts: Vec<u64>,
    largest: u16,
    next_review: usize,
    rare: Arc<RareList>,
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
            }),
        }
    }

    /// Takes in every heap below the frontier, looks for a better mask when
    /// it is time to, and hands out the state of things.
    pub fn scan(&self, frontier: &Frontier) -> Snapshot {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let end = frontier.known();
        if end > state.scanned {
            let (table, _) = frontier.table(end);
            let widened_from = state.largest;
            let from = state.scanned.max(1);
            for (heap, &value) in table.iter().enumerate().skip(from) {
                if value as usize >= state.counts.len() {
                    state
                        .counts
                        .resize((value as usize + 1).next_power_of_two(), 0);
                }
                state.counts[value as usize] += 1;
                state.largest = state.largest.max(value);
                if is_rare(value, state.rare.mask) {
                    state.rare.push(heap, value);
                }
            }
            state.scanned = end;
            let widened = (widened_from as usize + 1).next_power_of_two()
                != (state.largest as usize + 1).next_power_of_two();
            if widened || state.scanned >= state.next_review {
                review_mask(&mut state, table, frontier.len());
                state.next_review = state.scanned + state.scanned / 8 + 64;
            }
        }
        Snapshot {
            rare: Arc::clone(&state.rare),
            largest: state.largest,
            scanned: state.scanned,
        }
    }
}

/// Switches to the mask with the fewest rare heaps if it beats this one:
/// a new list (threads still walking the old one keep it until done).
fn review_mask(state: &mut State, table: &[u16], room: usize) {
    let (best, best_rare) = best_mask(&state.counts);
    let rare_now = state.rare.len.load(Ordering::Relaxed) as u64;
    if best == state.rare.mask || best_rare >= rare_now {
        return;
    }
    let rare = RareList::new(best, room);
    for (heap, &value) in table.iter().enumerate().skip(1) {
        if is_rare(value, best) {
            rare.push(heap, value);
        }
    }
    state.rare = Arc::new(rare);
}
