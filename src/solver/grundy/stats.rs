//! Figures of any sequence of Grundy values: summary statistics, and the
//! periods the Guy–Smith theorem proves.

use super::rare_common::{rare_common_split, RareCommonSplit};

/// Where a sequence becomes periodic: `G(n + period) == G(n)` for every
/// `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
}

impl Period {
    /// How many values prove the period (see [`find_period`]): the heaps
    /// up to `2·n0 + 2p + t` (`n0` at least 1).
    pub fn proof_length(&self, largest_take: usize) -> usize {
        2 * self.preperiod.max(1) + 2 * self.period + largest_take + 1
    }
}

/// The smallest period an octal game's values `G(0 …)` are proved to have,
/// with its shortest pre-period; `largest_take` is the most tokens a move
/// removes.
///
/// The proof is the periodicity theorem of Guy and Smith: if
/// `G(n + p) == G(n)` for `n0 <= n <= 2·n0 + p + t` then for every
/// `n >= n0`. So a period found in the table counts only if the table
/// reaches past `2·n0 + 2p + t` (taking `n0` at least 1, as heap 0 has no
/// move) and past the heaps where whole-heap moves could break it.
pub fn find_period(values: &[u16], largest_take: usize) -> Option<Period> {
    let len = values.len();
    // Periods whose values repeat over a long stretch without proving it
    // yet, with where the repetition starts: a multiple of one repeats from
    // there too, so its walk starts there instead of at the end (else each
    // multiple of a long-unproved period walks the whole stretch again).
    let mut repeating: Vec<(usize, usize)> = Vec::new();
    for period in 1..len {
        if len < period + largest_take + 1 {
            break;
        }
        let divisor = repeating.iter().find(|(p, _)| period.is_multiple_of(*p));
        // Walk back from the end (or from a divisor's start) while the
        // values repeat.
        let mut start = divisor.map_or(len - period, |&(_, s)| s.min(len - period));
        while start > 0 && values[start - 1] == values[start - 1 + period] {
            start -= 1;
        }
        let found = Period {
            preperiod: start,
            period,
        };
        if len >= found.proof_length(largest_take) {
            return Some(found);
        }
        if divisor.is_none() && len - period - start > 2 * period {
            repeating.push((period, start));
        }
    }
    None
}

/// Summary figures of a sequence of values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyStats {
    pub count: usize,
    pub largest: u16,
    pub first_largest_at: usize,
    pub distinct: usize,
    /// How the values split into rare and common (see
    /// [`super::rare_common`]).
    pub split: RareCommonSplit,
}

/// Figures of `values` (positions are indices into it).
pub fn stats(values: &[u16]) -> GrundyStats {
    let mut largest = 0;
    let mut first_largest_at = 0;
    for (len, &g) in values.iter().enumerate() {
        if g > largest {
            largest = g;
            first_largest_at = len;
        }
    }
    let mut present = vec![false; largest as usize + 1];
    for &g in values {
        present[g as usize] = true;
    }
    GrundyStats {
        count: values.len(),
        largest,
        first_largest_at,
        distinct: present.iter().filter(|&&p| p).count(),
        split: rare_common_split(values),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::grundy::{GrundyMethod, Naive};
    use crate::solver::octal::OctalGame;

    /// The plain search: every period walked back from the end.
    fn find_period_plainly(values: &[u16], t: usize) -> Option<Period> {
        let len = values.len();
        (1..len)
            .take_while(|&p| len > p + t)
            .map(|period| {
                let mut start = len - period;
                while start > 0 && values[start - 1] == values[start - 1 + period] {
                    start -= 1;
                }
                Period {
                    preperiod: start,
                    period,
                }
            })
            .find(|found| len >= found.proof_length(t))
    }

    #[test]
    fn walks_shortened_by_divisors_find_what_plain_walks_find() {
        for code in ["0.77", "0.137", "0.56", "0.127", "4.6", "0.6", "0.007"] {
            let game: OctalGame = code.parse().unwrap();
            let mut values = Vec::new();
            Naive.extend_to(&game, &mut values, 2_000, 1).unwrap();
            let t = game.largest_take();
            for len in (0..2_000).step_by(7) {
                assert_eq!(
                    find_period(&values[..len], t),
                    find_period_plainly(&values[..len], t),
                    "{code} up to {len}"
                );
            }
        }
        // A sequence with period 6 from 50 whose tail also repeats with 2
        // and 3 for a while: divisors recorded, multiples walked from them.
        let mut made: Vec<u16> = (0..50).map(|i| (i * 7 % 11) as u16).collect();
        made.extend((0..400).map(|i| [1, 2, 1, 2, 1, 3][i % 6]));
        for len in 0..made.len() {
            assert_eq!(
                find_period(&made[..len], 1),
                find_period_plainly(&made[..len], 1)
            );
        }
    }
}
