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

use super::hash_values;
use crate::notation::octal::code;
use crate::solver::grundy::period::{self, Reader, Undecided, Verdict};
use crate::solver::grundy::rare_common::{best_mask, is_rare};
use crate::solver::grundy::Sequence;
use serde::Serialize;
use sha2::{Digest, Sha256};
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
    /// Whether the values after the last rare one repeat (the whole
    /// table's split).
    pub period: Option<PeriodFound>,
}

/// What the search for a period found (`solver::grundy::period`), at
/// positions as the rest of the document counts them.
#[derive(Debug, Serialize)]
pub struct PeriodFound {
    /// The window: positions `from … to − 1`, the values after the last
    /// rare one (all of them where none is rare).
    pub from: usize,
    pub to: usize,
    /// Periods `1 … bound` were looked for: `(to − from) / 2`.
    pub bound: usize,
    /// `once` (a value occurs once in the window: no period up to the
    /// bound), `ruled` (no period up to the bound), `repeats` (the values
    /// repeat with `period`), `undecided` or `empty`.
    pub verdict: &'static str,
    /// `once`: the value and where; `ruled` and `undecided`: the scarcest
    /// value and how often it occurs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times: Option<usize>,
    /// `ruled`: where the scarcest value is, when it occurs 8 times or
    /// fewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub places: Option<Vec<usize>>,
    /// `repeats`: the smallest period, and whether the Guy–Smith theorem
    /// proves it for every later heap (else how many values would).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_needs: Option<usize>,
    /// The finding in one sentence.
    pub words: String,
}

impl PeriodFound {
    fn of(found: period::PeriodSearch, take: Option<usize>) -> PeriodFound {
        let (from, to, bound) = (found.from, found.to, found.bound);
        let mut report = PeriodFound {
            from,
            to,
            bound,
            verdict: "empty",
            value: None,
            at: None,
            times: None,
            places: None,
            period: None,
            proved: None,
            proof_needs: None,
            words: format!("no values from position {from} on: nothing to look for"),
        };
        let none = format!(
            "no period up to {bound} holds from position {from} to {}",
            to - 1
        );
        match found.verdict {
            Verdict::Empty => {}
            Verdict::Once { value, at } => {
                report.verdict = "once";
                (report.value, report.at) = (Some(value), Some(at));
                report.words = format!(
                    "{none}: the value {value} occurs once in it, at position {at}, and a \
                     period would repeat it {bound} or fewer places before or after"
                );
            }
            Verdict::Ruled {
                value,
                times,
                within,
                places,
            } => {
                report.verdict = "ruled";
                (report.value, report.times) = (Some(value), Some(times));
                let at = match places.is_empty() {
                    true => String::new(),
                    false => format!(
                        " (at {})",
                        places
                            .iter()
                            .map(|p| p.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                report.places = (!places.is_empty()).then_some(places);
                // A distance fails by a place of the value, or a value, it
                // does not carry onto the same value.
                let why = match within {
                    0 => format!("every distance from its first place to another is over {bound}"),
                    1 => "the one distance from its first place to another within the bound is \
                          not a period of the window"
                        .to_string(),
                    n => format!(
                        "none of the {n} distances from its first place to another within \
                         the bound is a period of the window"
                    ),
                };
                report.words = format!(
                    "{none}: the value {value} occurs {times} times in it{at}; a period must \
                     carry its first place onto another, and {why}"
                );
            }
            Verdict::Repeats { period, proved } => {
                report.verdict = "repeats";
                let needs = take.map(|t| period::proof_length(from, period, t));
                (report.period, report.proved) = (Some(period), Some(proved));
                report.proof_needs = needs.filter(|_| !proved);
                report.words = match (proved, needs) {
                    (true, _) => format!(
                        "the values repeat with period {period} from position {from}: proved \
                         for every later heap (Guy–Smith)"
                    ),
                    (false, Some(needs)) => format!(
                        "the values repeat with period {period} from position {from} to {}; \
                         the Guy–Smith theorem proves it once {needs} values agree",
                        to - 1
                    ),
                    (false, None) => format!(
                        "the values repeat with period {period} from position {from} to {} \
                         (not proved for later heaps: the Guy–Smith check here does not \
                         cover this game's unequal splits)",
                        to - 1
                    ),
                };
            }
            Verdict::Undecided {
                value,
                times,
                cause,
            } => {
                report.verdict = "undecided";
                (report.value, report.times) = (Some(value), Some(times));
                let why = match cause {
                    Undecided::TooManyPlaces => format!(
                        "more places than the search keeps ({})",
                        period::MOST_PLACES
                    ),
                    Undecided::TooManyCandidates { left } => format!(
                        "and the first {} periods its places allow failed value by value, \
                         with {left} more to compare",
                        period::MOST_CONFIRMED
                    ),
                };
                report.words = format!(
                    "not decided: the scarcest value, {value}, occurs {times} times from \
                     position {from}, {why}"
                );
            }
        }
        report
    }
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
    let mut taking = Taking::new(sequence, heaps.len());
    taking.take(heaps);
    let offset = sequence.offset();
    let mut read = |at: usize, out: &mut [u16]| {
        out.copy_from_slice(&heaps[offset + at..offset + at + out.len()]);
        Ok(())
    };
    taking.finish(&mut read).expect("a table in memory reads")
}

/// [`records`] taken as the heap values stream past, in order, in memory
/// that does not grow with them: each value's count and last position, the
/// running hash (cloned at each power of two), the records and the zeros.
/// A prefix's split comes from its counts (the best mask) and the last
/// positions (the last rare heap is the last of a rare value).
pub struct Taking {
    offset: usize,
    /// Heaps wanted: G(0) … G(wanted − offset − 1).
    wanted: usize,
    /// The heap the next stretch begins at.
    next: usize,
    /// How many of the sequence's values were taken.
    taken: usize,
    hasher: Sha256,
    counts: Vec<u64>,
    last_at: Vec<usize>,
    largest: u16,
    records: Vec<Record>,
    prefixes: Vec<Prefix>,
    zeros: usize,
    last_zero: Option<usize>,
    game: String,
    segments: bool,
    /// The `t` of the Guy–Smith theorem, where it applies (the heaps of an
    /// octal game other than Grundy's).
    take: Option<usize>,
}

impl Taking {
    /// Ready for the heap values of `sequence` from heap 0, `wanted` heaps.
    pub fn new(sequence: &Sequence, wanted: usize) -> Taking {
        let slots = usize::from(u16::MAX) + 1;
        Taking {
            offset: sequence.offset(),
            wanted,
            next: 0,
            taken: 0,
            hasher: Sha256::new(),
            counts: vec![0; slots],
            last_at: vec![0; slots],
            largest: 0,
            records: Vec::new(),
            prefixes: Vec::new(),
            zeros: 0,
            last_zero: None,
            game: code(sequence.game()),
            segments: sequence.is_segments(),
            take: match sequence.is_segments() {
                true => None,
                false => sequence.game().periodicity_take(),
            },
        }
    }

    /// The next heap values, from the heap after the last taken; those
    /// below the offset or from the wanted on are passed over.
    pub fn take(&mut self, heaps: &[u16]) {
        let from = self.next;
        self.next += heaps.len();
        let low = self.offset.clamp(from, self.next) - from;
        let high = self.wanted.clamp(from, self.next) - from;
        let values = &heaps[low..high.max(low)];
        let mut hashed = 0;
        for (i, &g) in values.iter().enumerate() {
            let at = self.taken;
            // The prefix of the `at` values before this one ends here.
            if at.is_power_of_two() {
                hash_values(&mut self.hasher, &values[hashed..i]);
                hashed = i;
                let prefix = self.prefix(at);
                self.prefixes.push(prefix);
            }
            if self.records.last().is_none_or(|r| g > r.value) {
                self.records.push(Record {
                    value: g,
                    first_at: at,
                });
            }
            if g == 0 {
                self.zeros += 1;
                self.last_zero = Some(at);
            }
            self.counts[usize::from(g)] += 1;
            self.last_at[usize::from(g)] = at;
            self.largest = self.largest.max(g);
            self.taken += 1;
        }
        hash_values(&mut self.hasher, &values[hashed..]);
    }

    /// The figures of the prefix of the first `n` values, all taken.
    fn prefix(&self, n: usize) -> Prefix {
        let width = (usize::from(self.largest) + 1).next_power_of_two().max(2);
        let (mask, rare) = best_mask(&self.counts[..width]);
        let last_rare = (0..width)
            .filter(|&g| self.counts[g] > 0 && is_rare(g as u16, mask))
            .map(|g| self.last_at[g])
            .max()
            .unwrap_or(0);
        Prefix {
            n,
            largest: self.largest,
            rare_mask: mask,
            rare: rare as usize,
            last_rare,
            sha256: super::hex(&self.hasher.clone().finalize()),
            histogram: (0..=self.largest)
                .filter(|&g| self.counts[usize::from(g)] > 0)
                .map(|g| (g, self.counts[usize::from(g)] as usize))
                .collect(),
        }
    }

    /// The document, once every value wanted was taken; `read` reads them
    /// back (`read(at, out)`, positions counted as here) for the period's
    /// search.
    pub fn finish(self, read: &mut Reader) -> Result<Records, String> {
        let take = self.take;
        let mut records = self.finish_hash();
        if let Some(last) = records.prefixes.last() {
            let from = if last.rare > 0 { last.last_rare + 1 } else { 0 };
            let found = period::search(from, records.values, take, read)?;
            records.period = Some(PeriodFound::of(found, take));
        }
        Ok(records)
    }

    /// The document without the period's search (`--sha256` needs only
    /// the hash).
    pub fn finish_hash(mut self) -> Records {
        let values = self.taken;
        if values > 0 && self.prefixes.last().is_none_or(|p| p.n < values) {
            let prefix = self.prefix(values);
            self.prefixes.push(prefix);
        }
        Records {
            game: self.game,
            sequence: if self.segments {
                "free segments"
            } else {
                "heaps"
            },
            offset: self.offset,
            values,
            sha256: super::hex(&self.hasher.finalize()),
            records: self.records,
            prefixes: self.prefixes,
            zeros: self.zeros,
            last_zero: self.last_zero,
            period: None,
        }
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

    /// Taken in stretches of any length, from a resumed heap on or not, the
    /// document is the same; each prefix's split is the one counted plainly
    /// over its values (`rare_common_split`: the last rare by a search from
    /// the end), its hash that of its values.
    #[test]
    fn records_taken_in_stretches_are_those_of_each_prefix() {
        use crate::solver::grundy::rare_common::rare_common_split;
        use crate::solver::grundy::{GrundyMethod, Naive};
        for sequence in [
            Sequence::segments(),
            Sequence::heaps("0.137".parse().unwrap()),
            Sequence::heaps("4.06".parse().unwrap()),
        ] {
            let mut heaps = Vec::new();
            Naive
                .extend_to(sequence.game(), &mut heaps, 3_000, 1)
                .unwrap();
            let whole = records(&sequence, &heaps);
            let values = sequence.values(&heaps);
            assert_eq!(whole.values, values.len());
            for p in &whole.prefixes {
                let split = rare_common_split(&values[..p.n]);
                assert_eq!(
                    (p.rare_mask, p.rare, p.last_rare),
                    (split.mask, split.rare, split.last_rare),
                    "{}, n = {}",
                    sequence.game(),
                    p.n
                );
                assert_eq!(p.sha256, super::super::sha256(&values[..p.n]));
            }
            let json = serde_json::to_string(&whole).unwrap();
            let offset = sequence.offset();
            let mut read = |at: usize, out: &mut [u16]| {
                out.copy_from_slice(&heaps[offset + at..offset + at + out.len()]);
                Ok(())
            };
            for stretch in [1, 7, 1_000, 4_096] {
                // Wanting fewer heaps than given: the rest passed over.
                let mut taking = Taking::new(&sequence, 2_500);
                for part in heaps.chunks(stretch) {
                    taking.take(part);
                }
                let cut = records(&sequence, &heaps[..2_500]);
                assert_eq!(
                    serde_json::to_string(&taking.finish(&mut read).unwrap()).unwrap(),
                    serde_json::to_string(&cut).unwrap(),
                    "{stretch}"
                );
                let mut taking = Taking::new(&sequence, heaps.len());
                for part in heaps.chunks(stretch) {
                    taking.take(part);
                }
                assert_eq!(
                    serde_json::to_string(&taking.finish(&mut read).unwrap()).unwrap(),
                    json
                );
            }
        }
    }
}
