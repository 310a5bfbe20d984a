//! A compact memo for searches whose keys fit in 26 bits.
//!
//! Each slot is one `u32`: the key in the low 26 bits and the value, plus
//! one, in the top 6 (0 marks an empty slot). The solved MNC game (395,554
//! keys) fits in 2 MiB this way, inside the L2 cache, where a general hash
//! map of `u64` keys needs 8 MiB and spends most of the solve waiting on
//! memory.

use super::search::{Memo, Outcome};

pub const KEY_BITS: u32 = 26;
const KEY_MASK: u32 = (1 << KEY_BITS) - 1;
/// Largest distance a packed value holds.
pub const MAX_DISTANCE: u8 = 30;

/// Open addressing with linear probing, grown to stay at most 7/8 full.
#[derive(Debug, Clone)]
pub struct PackedMemo {
    slots: Vec<u32>,
    len: usize,
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
            slots: vec![0; 1 << log2],
            len: 0,
            shift: 32 - log2,
        }
    }

    fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    fn grow(&mut self) {
        let log2 = 32 - self.shift + 1;
        let old = std::mem::replace(self, Self::with_slots_log2(log2));
        for slot in old.slots.into_iter().filter(|&s| s != 0) {
            self.place(slot);
        }
    }

    /// Stores a slot whose key is not present yet.
    fn place(&mut self, slot: u32) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot & KEY_MASK);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        self.len += 1;
    }

    fn find(&self, key: u32) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(i);
            }
            if slot & KEY_MASK == key {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }
}

impl Memo for PackedMemo {
    fn get(&self, key: u64) -> Option<Outcome> {
        debug_assert!(key <= u64::from(KEY_MASK));
        self.find(key as u32).ok().map(|i| decode(self.slots[i]))
    }

    fn insert(&mut self, key: u64, value: Outcome) {
        debug_assert!(key <= u64::from(KEY_MASK));
        let key = key as u32;
        match self.find(key) {
            Ok(i) => self.slots[i] = key | encode(value),
            Err(_) => {
                if (self.len + 1) * 2 > self.slots.len() {
                    self.grow();
                }
                self.place(key | encode(value));
            }
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn entries(&self) -> Vec<(u64, Outcome)> {
        self.slots
            .iter()
            .filter(|&&s| s != 0)
            .map(|&s| (u64::from(s & KEY_MASK), decode(s)))
            .collect()
    }

    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const u32 = &self.slots[self.home(key as u32)];
            // SAFETY: a prefetch is only a hint; the address is in bounds.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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
}
