//! A survey's result beside the public tables' row of its game: which
//! figures were compared, and each that differs.

use super::report::{stats_report, StatsReport};
use super::tables::{self, Published, Table};
use crate::solver::grundy::Sequence;
use serde::{Deserialize, Serialize};

/// What a row of the unsolved table without figures compares.
pub const NOTHING_PUBLISHED: &str = "no figures published";

/// A result beside the public tables' row.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Comparison {
    pub table: Table,
    /// Each figure that differs, in words (empty: all agree).
    pub differences: Vec<String>,
    /// What was compared: `period and values`, `G(0) … G(n − 1)`, …
    pub compared: String,
}

/// What differs between the values computed here and a public row.
pub fn compare(
    p: &Published,
    sequence: &Sequence,
    values: &[u16],
    figures: &StatsReport,
) -> Comparison {
    let mut differences = Vec::new();
    let mut compared = Vec::new();
    if let (Some(pre), Some(period)) = (p.preperiod, p.period) {
        compared.push("period".to_string());
        match &figures.period {
            Some(found) if (found.period, found.preperiod) == (period, pre) => {}
            Some(found) => differences.push(format!(
                "period {} from {} here, published {period} from {pre}",
                found.period, found.preperiod
            )),
            None => {
                // The published figures are of the values up to the proof:
                // those of fewer values are not comparable.
                differences.push(format!(
                    "no period proved in {} values here, published {period} from {pre}",
                    values.len()
                ));
                return Comparison {
                    table: p.table,
                    differences,
                    compared: compared.join(", "),
                };
            }
        }
    }
    if let Some(text) = &p.values {
        compared.push(format!("G(0) … G({})", values.len().saturating_sub(1)));
        match tables::published_values(text, values.len()) {
            Some(expected) => {
                if let Some(i) = (0..values.len()).find(|&i| values[i] != expected[i]) {
                    differences.push(format!(
                        "G({i}) = {} here, {} published",
                        values[i], expected[i]
                    ));
                }
            }
            None => differences.push("the published values do not read".into()),
        }
    }
    // The figures: the unsolved table's are of G(0) … G(n − 1); the solved
    // table gives no n (its program printed them at some power of two past
    // the proof), so they are compared over the values up to the proof:
    // past the last rare heap and the largest value, the same figures.
    let at = p.n.map_or(values.len(), |n| n.min(values.len()));
    let short = p.n.filter(|&n| n > values.len());
    if let Some(n) = short {
        // The figures of a longer table are not those of this one.
        compared.push(format!(
            "figures published to n = {n}, not compared with {} values",
            values.len()
        ));
    } else if p.largest.is_some() || p.rare.is_some() {
        compared.push(format!("figures of G(0) … G({})", at.saturating_sub(1)));
        let ours = if at == values.len() {
            None
        } else {
            Some(stats_report(sequence, &values[..at]))
        };
        let ours = ours.as_ref().unwrap_or(figures);
        let split = ours.rare_common.as_ref();
        let mut differ = |what: &str, here: Option<String>, published: Option<String>| {
            if let Some(published) = published {
                let here = here.unwrap_or_else(|| "none".into());
                if here != published {
                    differences.push(format!("{what} {here} here, {published} published"));
                }
            }
        };
        differ(
            "largest",
            ours.largest.map(|v| v.to_string()),
            p.largest.map(|v| v.to_string()),
        );
        differ(
            "largest first at",
            ours.first_largest_at.map(|v| v.to_string()),
            p.largest_at.map(|v| v.to_string()),
        );
        let published_split = p.mask.as_deref().map(PublishedSplit::read);
        match published_split {
            Some(Some(PublishedSplit {
                mask,
                by_parity: true,
            })) => {
                // 0.127's `1+pos`: a split that also looks at the heap's
                // parity, which the figures here do not make; counted from
                // the values by that rule instead.
                let (rare, last_rare) = rare_by_parity(&values[..at], mask);
                compared.push(format!("the split {mask:x}+pos counted from the values"));
                differ(
                    "rare",
                    Some(rare.to_string()),
                    p.rare.map(|v| v.to_string()),
                );
                differ(
                    "last rare",
                    Some(last_rare.to_string()),
                    p.last_rare.map(|v| v.to_string()),
                );
            }
            Some(None) => compared.push(format!(
                "the split {} not compared (it does not read)",
                p.mask.as_deref().unwrap_or("")
            )),
            _ => {
                differ(
                    "mask",
                    split.map(|s| format!("{:x}", s.mask)),
                    published_split.flatten().map(|s| format!("{:x}", s.mask)),
                );
                differ(
                    "rare",
                    split.map(|s| s.rare.to_string()),
                    p.rare.map(|v| v.to_string()),
                );
                differ(
                    "last rare",
                    split.map(|s| s.last_rare.to_string()),
                    p.last_rare.map(|v| v.to_string()),
                );
            }
        }
    }
    if compared.is_empty() {
        compared.push(NOTHING_PUBLISHED.into());
    }
    Comparison {
        table: p.table,
        differences,
        compared: compared.join(", "),
    }
}

/// A published rare/common split: a mask in hexadecimal, with `+pos`
/// where the heap's parity takes part (tczajka/octal-games'
/// `analyze_exec.cc`: the class of heap i flips when i is even).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PublishedSplit {
    mask: u16,
    by_parity: bool,
}

impl PublishedSplit {
    fn read(text: &str) -> Option<PublishedSplit> {
        let (hex, by_parity) = match text.strip_suffix("+pos") {
            Some(hex) => (hex, true),
            None => (text, false),
        };
        let mask = u16::from_str_radix(hex, 16).ok()?;
        Some(PublishedSplit { mask, by_parity })
    }
}

/// How many heaps are rare under a `+pos` split, and the last of them:
/// heap i of value g is rare iff `popcount(g & mask)` is even exactly when
/// i is odd.
fn rare_by_parity(values: &[u16], mask: u16) -> (usize, usize) {
    let rare = |(i, &g): &(usize, &u16)| (g & mask).count_ones().is_multiple_of(2) == (i % 2 == 1);
    let mut count = 0;
    let mut last = 0;
    for (i, _) in values.iter().enumerate().filter(rare) {
        count += 1;
        last = i;
    }
    (count, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_with_the_heaps_parity_reads_and_counts() {
        assert_eq!(
            PublishedSplit::read("1+pos"),
            Some(PublishedSplit {
                mask: 1,
                by_parity: true
            })
        );
        assert_eq!(
            PublishedSplit::read("fe"),
            Some(PublishedSplit {
                mask: 0xfe,
                by_parity: false
            })
        );
        assert_eq!(PublishedSplit::read("zz"), None);
        // Heaps 0 … 4 of values 0 1 1 0 2 under mask 1: rare where an
        // even popcount meets an odd heap (3) or an odd one an even heap (2).
        assert_eq!(rare_by_parity(&[0, 1, 1, 0, 2], 1), (2, 3));
    }
}
