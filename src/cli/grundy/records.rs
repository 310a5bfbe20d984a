//! `--records`: what a published table of a long computation gives — the
//! hash of the values, every record (each new largest value and where it
//! first occurs), the rare/common split of every power-of-two prefix, the
//! last rare position, each value's frequency and the positions of value 0
//! — as one JSON document, so that anyone can check a prefix of the values
//! with `--sha256`.
//!
//! The frequencies (`histogram`) count G(0) … G(n − 1), the values of the
//! prefix; rogalski-wmii-uni-lodz-pl/octal's `results/GAME/n` files count
//! G(1) … G(n) (no heap of 0 tokens): the same table of that convention is
//! this one less one 0 (G(0)) and plus one G(n).

use super::sha256;
use crate::notation::octal::code;
use crate::solver::grundy::rare_common::rare_common_split;
use crate::solver::grundy::Sequence;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Serialize)]
pub struct Records {
    /// The octal code.
    pub game: String,
    /// `heaps` or `free segments` (position i is a heap of i + offset).
    pub sequence: &'static str,
    pub offset: usize,
    /// How many values: G(0) … G(values − 1).
    pub values: usize,
    /// SHA-256 of G(0) … G(values − 1) as u16 little-endian.
    pub sha256: String,
    /// Each value larger than every one before it, where it first occurs.
    pub records: Vec<Record>,
    /// The figures of each prefix G(0) … G(n − 1), n a power of two up to
    /// `values` (and `values` itself).
    pub prefixes: Vec<Prefix>,
    /// How many values are 0, and the last position of one.
    pub zeros: usize,
    pub last_zero: Option<usize>,
}

#[derive(Debug, Serialize)]
pub struct Record {
    pub value: u16,
    pub first_at: usize,
}

#[derive(Debug, Serialize)]
pub struct Prefix {
    pub n: usize,
    pub largest: u16,
    /// Values v with an even number of set bits in `v & mask` are rare.
    pub rare_mask: u16,
    pub rare: usize,
    pub last_rare: usize,
    pub sha256: String,
    /// How many of G(0) … G(n − 1) take each value (value → count).
    pub histogram: BTreeMap<u16, usize>,
}

/// The records of `heaps`, the game's heap values.
pub fn records(sequence: &Sequence, heaps: &[u16]) -> Records {
    let values = sequence.values(heaps);
    let mut records = Vec::new();
    let mut zeros = 0;
    let mut last_zero = None;
    for (at, &g) in values.iter().enumerate() {
        if records.last().is_none_or(|r: &Record| g > r.value) {
            records.push(Record {
                value: g,
                first_at: at,
            });
        }
        if g == 0 {
            zeros += 1;
            last_zero = Some(at);
        }
    }
    let mut ends: Vec<usize> = (0..usize::BITS)
        .map(|k| 1usize << k)
        .take_while(|&n| n < values.len())
        .collect();
    ends.push(values.len());
    // Each value's count, taken as the values stream past, kept at each end.
    let mut counts = vec![0usize; usize::from(u16::MAX) + 1];
    let mut counted = 0;
    let prefixes = ends
        .into_iter()
        .filter(|&n| n > 0)
        .map(|n| {
            let prefix = &values[..n];
            for &g in &values[counted..n] {
                counts[usize::from(g)] += 1;
            }
            counted = n;
            let split = rare_common_split(prefix);
            let largest = prefix.iter().copied().max().unwrap_or(0);
            Prefix {
                n,
                largest,
                rare_mask: split.mask,
                rare: split.rare,
                last_rare: split.last_rare,
                sha256: sha256(prefix),
                histogram: (0..=largest)
                    .filter(|&g| counts[usize::from(g)] > 0)
                    .map(|g| (g, counts[usize::from(g)]))
                    .collect(),
            }
        })
        .collect();
    Records {
        game: code(sequence.game()),
        sequence: if sequence.is_segments() {
            "free segments"
        } else {
            "heaps"
        },
        offset: sequence.offset(),
        values: values.len(),
        sha256: sha256(values),
        records,
        prefixes,
        zeros,
        last_zero,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_of_treblecross_as_the_values_say() {
        // 0.007 on heaps: G(0..12) = 0 0 0 1 1 1 2 2 0 3 3 1 1.
        let heaps = [0u16, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1];
        let r = records(&Sequence::heaps("0.007".parse().unwrap()), &heaps);
        let found: Vec<(u16, usize)> = r.records.iter().map(|r| (r.value, r.first_at)).collect();
        assert_eq!(found, [(0, 0), (1, 3), (2, 6), (3, 9)]);
        assert_eq!((r.zeros, r.last_zero), (4, Some(8)));
        let ns: Vec<usize> = r.prefixes.iter().map(|p| p.n).collect();
        assert_eq!(ns, [1, 2, 4, 8, 13]);
        assert_eq!(r.prefixes.last().unwrap().sha256, r.sha256);
        assert_eq!(r.prefixes[3].largest, 2);
        // Frequencies, counted plainly for each prefix.
        for p in &r.prefixes {
            let mut plain = BTreeMap::new();
            for &g in &heaps[..p.n] {
                *plain.entry(g).or_insert(0) += 1;
            }
            assert_eq!(p.histogram, plain, "n = {}", p.n);
        }
        assert_eq!(r.prefixes[2].histogram, BTreeMap::from([(0, 3), (1, 1)]));
    }
}
