//! A compact memo for searches whose keys fit in 26 bits.
//!
//! Each slot is one `u32`: the key in the low 26 bits and the value, plus
//! one, in the top 6 (0 marks an empty slot). The solved MNC game (395,554
//! keys, at most half the slots: 2^20 slots) takes 4 MiB this way, where a
//! general hash map of `u64` keys and values needs about 16 MiB and spends
//! most of the solve waiting on memory.

use super::search::{Memo, Outcome};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};

pub const KEY_BITS: u32 = 26;
const KEY_MASK: u32 = (1 << KEY_BITS) - 1;
/// How far a shared insert probes before it gives up (a half-full table
/// probes about 2.5 slots on average).
const SHARED_PROBE_LIMIT: usize = 256;
/// Largest distance a packed value holds.
pub const MAX_DISTANCE: u8 = 30;

/// Open addressing with linear probing, grown to stay at most half full.
///
/// Slots are atomic so that several threads can fill one table at once
/// ([`PackedMemo::shared`]); a relaxed load costs what a plain one does.
#[derive(Debug)]
pub struct PackedMemo {
    slots: Vec<AtomicU32>,
    len: AtomicUsize,
    /// 32 − log2(slots.len()): the hash keeps the top bits.
    shift: u32,
}

impl Default for PackedMemo {
    fn default() -> Self {
        Self::with_slots_log2(10)
    }
}

fn encode(value: Outcome) -> u32 {
    let code = match value {
        Outcome::Loss(d) => u32::from(d.min(MAX_DISTANCE)),
        Outcome::Draw => 31,
        Outcome::Win(d) => 32 + u32::from(d.min(MAX_DISTANCE)),
    };
    (code + 1) << KEY_BITS
}

fn decode(slot: u32) -> Outcome {
    match (slot >> KEY_BITS) - 1 {
        31 => Outcome::Draw,
        code if code >= 32 => Outcome::Win((code - 32) as u8),
        code => Outcome::Loss(code as u8),
    }
}

impl PackedMemo {
    fn with_slots_log2(log2: u32) -> PackedMemo {
        PackedMemo {
            slots: (0..1usize << log2).map(|_| AtomicU32::new(0)).collect(),
            len: AtomicUsize::new(0),
            shift: 32 - log2,
        }
    }

    /// Whether one more key keeps the table at most half full.
    fn has_room(&self, len: usize) -> bool {
        (len + 1) * 2 <= self.slots.len()
    }

    /// The key's first slot: Fibonacci hashing keeps the top bits.
    fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    fn grow(&mut self) {
        let log2 = 32 - self.shift + 1;
        let old = std::mem::replace(self, Self::with_slots_log2(log2));
        for slot in old
            .slots
            .into_iter()
            .map(AtomicU32::into_inner)
            .filter(|&s| s != 0)
        {
            self.place(slot);
        }
    }

    /// Stores a slot whose key is not present yet.
    fn place(&mut self, slot: u32) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot & KEY_MASK);
        while *self.slots[i].get_mut() != 0 {
            i = (i + 1) & mask;
        }
        *self.slots[i].get_mut() = slot;
        *self.len.get_mut() += 1;
    }

    /// The slot holding `key`. Probes at most every slot once: a table
    /// filled by threads may have no empty slot left to stop at.
    fn find(&self, key: u32) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        for _ in 0..self.slots.len() {
            let slot = self.slots[i].load(Relaxed);
            if slot == 0 {
                return None;
            }
            if slot & KEY_MASK == key {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
        None
    }
}

impl Memo for PackedMemo {
    fn get(&self, key: u64) -> Option<Outcome> {
        debug_assert!(key <= u64::from(KEY_MASK));
        self.find(key as u32)
            .map(|i| decode(self.slots[i].load(Relaxed)))
    }

    fn insert(&mut self, key: u64, value: Outcome) {
        debug_assert!(key <= u64::from(KEY_MASK));
        let key = key as u32;
        match self.find(key) {
            Some(i) => *self.slots[i].get_mut() = key | encode(value),
            None => {
                let len = *self.len.get_mut();
                if !self.has_room(len) {
                    self.grow();
                }
                self.place(key | encode(value));
            }
        }
    }

    fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    fn entries(&self) -> Vec<(u64, Outcome)> {
        self.slots
            .iter()
            .map(|s| s.load(Relaxed))
            .filter(|&s| s != 0)
            .map(|s| (u64::from(s & KEY_MASK), decode(s)))
            .collect()
    }

    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const AtomicU32 = &self.slots[self.home(key as u32)];
            // SAFETY: a prefetch is only a hint; the address is in bounds.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(slot.cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
}

/// A packed memo that several threads fill at once, each through `&` (a
/// [`Memo`] for their solvers). Inserts do not count: a counter shared by
/// the threads would bounce between cores on every insert. [`finish`]
/// counts once and gives the table back.
///
/// [`finish`]: SharedPackedMemo::finish
#[derive(Debug)]
pub struct SharedPackedMemo(PackedMemo);

impl SharedPackedMemo {
    /// A table with room for `keys` keys at most half full.
    pub fn with_room_for(keys: usize) -> SharedPackedMemo {
        let log2 = (keys * 2).next_power_of_two().trailing_zeros().max(10);
        SharedPackedMemo(PackedMemo::with_slots_log2(log2))
    }

    pub fn get(&self, key: u64) -> Option<Outcome> {
        self.0.get(key)
    }

    /// Stores a value. Returns false (and stores nothing) when the table is
    /// too crowded around the key's home slot.
    pub fn insert(&self, key: u64, value: Outcome) -> bool {
        debug_assert!(key <= u64::from(KEY_MASK));
        let table = &self.0;
        let key = key as u32;
        let slot = key | encode(value);
        let mask = table.slots.len() - 1;
        let mut i = table.home(key);
        for _ in 0..SHARED_PROBE_LIMIT {
            let current = table.slots[i].load(Relaxed);
            if current != 0 && current & KEY_MASK == key {
                // Values are exact: whoever stored it stored the same.
                table.slots[i].store(slot, Relaxed);
                return true;
            }
            if current == 0 {
                match table.slots[i].compare_exchange(0, slot, Relaxed, Relaxed) {
                    Ok(_) => return true,
                    // Another thread took this slot: look at it again.
                    Err(_) => continue,
                }
            }
            i = (i + 1) & mask;
        }
        false
    }

    /// The table, with its keys counted.
    pub fn finish(self) -> PackedMemo {
        let mut table = self.0;
        let len = table
            .slots
            .iter_mut()
            .map(|s| *s.get_mut())
            .filter(|&s| s != 0)
            .count();
        *table.len.get_mut() = len;
        table
    }
}

impl Memo for &SharedPackedMemo {
    fn get(&self, key: u64) -> Option<Outcome> {
        self.0.get(key)
    }
    fn insert(&mut self, key: u64, value: Outcome) {
        // A crowded table only means this value is found again when needed.
        let _ = SharedPackedMemo::insert(self, key, value);
    }
    /// Not counted while shared: see [`SharedPackedMemo::finish`].
    fn len(&self) -> usize {
        self.0.entries().len()
    }
    fn entries(&self) -> Vec<(u64, Outcome)> {
        self.0.entries()
    }
    fn prefetch(&self, key: u64) {
        self.0.prefetch(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn values_round_trip() {
        let mut values = vec![Outcome::Draw];
        for d in 0..=MAX_DISTANCE {
            values.push(Outcome::Win(d));
            values.push(Outcome::Loss(d));
        }
        for v in values {
            assert_eq!(decode(encode(v)), v);
        }
    }

    #[test]
    fn behaves_like_a_hash_map_through_growth() {
        let mut packed = PackedMemo::default();
        let mut plain = FxHashMap::default();
        let mut x: u64 = 12345;
        for i in 0..200_000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = (x >> 38) & u64::from(KEY_MASK);
            let value = if i % 3 == 0 {
                Outcome::Win((i % 21) as u8)
            } else {
                Outcome::Loss((i % 17) as u8)
            };
            packed.insert(key, value);
            plain.insert(key, value);
        }
        assert_eq!(packed.len(), plain.len());
        for (&k, &v) in &plain {
            assert_eq!(packed.get(k), Some(v));
        }
        assert_eq!(
            packed.get(u64::from(KEY_MASK)),
            plain.get(&u64::from(KEY_MASK)).copied()
        );
        let mut entries = packed.entries();
        entries.sort_by_key(|e| e.0);
        let mut expected: Vec<_> = plain.into_iter().collect();
        expected.sort_by_key(|e| e.0);
        assert_eq!(entries, expected);
    }

    #[test]
    fn threads_fill_one_table() {
        let shared = SharedPackedMemo::with_room_for(50_000);
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let shared = &shared;
                scope.spawn(move || {
                    // Both threads store overlapping ranges of keys.
                    for k in (t * 20_000)..(t * 20_000 + 30_000) {
                        assert!(shared.insert(k, Outcome::Win((k % 25) as u8)));
                    }
                });
            }
        });
        let mut table = shared.finish();
        assert_eq!(table.len(), 50_000);
        for k in 0..50_000u64 {
            assert_eq!(table.get(k), Some(Outcome::Win((k % 25) as u8)));
        }
        for k in 0..50_000u64 {
            table.insert(k + 50_000, Outcome::Draw);
        }
        assert_eq!(table.len(), 100_000);
        assert_eq!(table.get(99_999), Some(Outcome::Draw));

        // Filled to the last slot by threads, a table still answers misses
        // and grows when a key is added single-handed.
        let tiny = SharedPackedMemo::with_room_for(0);
        let stored = (0..10_000)
            .filter(|&k| tiny.insert(k, Outcome::Draw))
            .count();
        let mut tiny = tiny.finish();
        assert_eq!(stored, tiny.len());
        assert_eq!(stored, 1024);
        assert_eq!(tiny.get(20_000), None);
        tiny.insert(20_000, Outcome::Win(3));
        assert_eq!(tiny.get(20_000), Some(Outcome::Win(3)));
        assert_eq!(tiny.len(), 1025);
    }
}
