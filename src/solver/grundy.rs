//! Grundy values of free Treblecross segments (the octal game 0.007).
//!
//! A free segment of `L` cells is a row where a move may be made anywhere and
//! kills the two cells on each side of it: playing at offset `p` leaves free
//! segments of `max(0, p - 2)` and `max(0, L - p - 3)` cells. So
//! `G(0) = 0` and `G(L) = mex { G(max(0,p-2)) ^ G(max(0,L-p-3)) : 0 <= p < L }`.

/// The segment lengths a move at offset `p` of a free segment of `len` cells
/// leaves on its left and right.
pub fn split(len: usize, p: usize) -> (usize, usize) {
    debug_assert!(p < len);
    (p.saturating_sub(2), (len - p).saturating_sub(3))
}

/// The Grundy values of free segments, extended on demand.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    values: Vec<u16>,
}

impl Default for GrundyTable {
    fn default() -> Self {
        GrundyTable { values: vec![0] }
    }
}

impl GrundyTable {
    /// A table holding G(0) … G(n − 1) (at least G(0)).
    pub fn with_len(n: usize) -> GrundyTable {
        let mut table = GrundyTable::default();
        table.extend_to(n);
        table
    }

    /// Makes sure G(0) … G(n − 1) are known.
    pub fn extend_to(&mut self, n: usize) {
        self.extend_with_progress(n, |_| {});
    }

    /// [`GrundyTable::extend_to`], telling `progress` how many values are
    /// known every 1,024 values (for a progress display).
    pub fn extend_with_progress(&mut self, n: usize, mut progress: impl FnMut(usize)) {
        // Every option value is below 2 * (largest value so far), rounded to
        // a power of two, so a bitset that size holds every option.
        let mut seen: Vec<u64> = Vec::new();
        while self.values.len() < n {
            let len = self.values.len();
            let largest = self.values.iter().copied().max().unwrap_or(0) as usize;
            let words = ((largest + 1).next_power_of_two() * 2).div_ceil(64);
            seen.clear();
            seen.resize(words, 0);
            // Offsets p and len - 1 - p leave mirrored splits: half suffice.
            for p in 0..len.div_ceil(2) {
                let (left, right) = split(len, p);
                let option = (self.values[left] ^ self.values[right]) as usize;
                seen[option / 64] |= 1 << (option % 64);
            }
            let mex = seen
                .iter()
                .enumerate()
                .find(|(_, w)| **w != u64::MAX)
                .map(|(i, w)| i * 64 + w.trailing_ones() as usize)
                .unwrap_or(words * 64);
            self.values.push(mex as u16);
            if self.values.len().is_multiple_of(1024) {
                progress(self.values.len());
            }
        }
    }

    /// G(len); the table must hold it (see [`GrundyTable::extend_to`]).
    pub fn get(&self, len: usize) -> u16 {
        self.values[len]
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn values(&self) -> &[u16] {
        &self.values
    }
}

/// Summary figures of a prefix G(0) … G(n − 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyStats {
    pub count: usize,
    pub largest: u16,
    pub first_largest_at: usize,
    pub distinct: usize,
}

pub fn stats(values: &[u16]) -> GrundyStats {
    let mut largest = 0;
    let mut first_largest_at = 0;
    let mut present = vec![false; 1 << 16];
    for (len, &g) in values.iter().enumerate() {
        if g > largest {
            largest = g;
            first_largest_at = len;
        }
        present[g as usize] = true;
    }
    GrundyStats {
        count: values.len(),
        largest,
        first_largest_at,
        distinct: present.iter().filter(|&&p| p).count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_match_the_spec() {
        let expected = [
            0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5, 5, 2,
        ];
        assert_eq!(GrundyTable::with_len(26).values(), &expected);
    }

    #[test]
    fn progress_is_reported_as_values_are_found() {
        let mut seen = Vec::new();
        GrundyTable::default().extend_with_progress(5000, |n| seen.push(n));
        assert_eq!(seen, vec![1024, 2048, 3072, 4096]);
    }

    #[test]
    fn extending_in_steps_equals_extending_at_once() {
        let mut stepwise = GrundyTable::default();
        for n in [3, 10, 11, 500] {
            stepwise.extend_to(n);
        }
        assert_eq!(stepwise.values(), GrundyTable::with_len(500).values());
    }

    /// The definition, with a hash set and no halving: the slow twin.
    #[test]
    fn table_equals_the_plain_definition() {
        let table = GrundyTable::with_len(1500);
        let mut plain: Vec<u16> = vec![0];
        for len in 1..1500usize {
            let options: std::collections::HashSet<u16> = (0..len)
                .map(|p| {
                    let l = p.saturating_sub(2);
                    let r = if len >= p + 3 { len - p - 3 } else { 0 };
                    plain[l] ^ plain[r]
                })
                .collect();
            plain.push((0..).find(|g| !options.contains(g)).unwrap());
        }
        assert_eq!(table.values(), &plain[..]);
    }
}
