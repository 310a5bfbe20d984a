//! `noughts grundy N [--stats]`: Grundy values of free Treblecross segments.

use crate::solver::grundy::{stats, GrundyTable};
use std::fmt::Write as _;

pub fn run(n: usize, with_stats: bool) -> String {
    let table = GrundyTable::with_len(n);
    let values = &table.values()[..n];
    let mut out = String::with_capacity(n * 4);
    if with_stats {
        let s = stats(values);
        let _ = writeln!(out, "values: G(0) … G({})", n.saturating_sub(1));
        if n > 0 {
            let _ = writeln!(
                out,
                "largest value: {} (first at L = {})",
                s.largest, s.first_largest_at
            );
            let _ = writeln!(out, "distinct values: {}", s.distinct);
        }
    } else {
        for g in values {
            let _ = writeln!(out, "{g}");
        }
    }
    out
}
