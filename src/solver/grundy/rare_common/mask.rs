//! Rare and common values: which values a mask makes rare, the mask that
//! makes the fewest heaps rare (from the value counts, by a Walsh–Hadamard
//! transform), and how a finished sequence splits under its best mask (a
//! statistic of `--stats` and of the app's panel).

/// Whether `value` is rare under `mask`: an even number of its bits in
/// the mask (0 is always rare).
pub fn is_rare(value: u16, mask: u16) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// The values below `width` (at most 2^16), common and rare under `mask`.
pub fn classes(width: usize, mask: u16) -> (Vec<u16>, Vec<u16>) {
    (0..width)
        .map(|v| v as u16)
        .partition(|&v| !is_rare(v, mask))
}

/// The mask making the fewest heaps rare, and how many: rare heaps under
/// `m` are `(total + H[m]) / 2`, `H` the Walsh–Hadamard transform of the
/// value counts.
pub fn best_mask(counts: &[u64]) -> (u16, u64) {
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
