//! The `--stats` report: the figures of a sequence (from the solver's
//! [`Sequence::figures`]) as the `--json` document, and in words.

use crate::notation::octal::{code, name};
use crate::solver::grundy::Sequence;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The `--stats` figures, for the text report and `--json` alike.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StatsReport {
    /// The octal code (`0.007` for Treblecross).
    pub game: String,
    /// Its name, if it has one.
    pub name: Option<String>,
    /// `free segments` (Treblecross: position L is a heap of L + 2) or `heaps`.
    pub sequence: String,
    /// Position i of the values is a heap of i + offset tokens.
    pub offset: usize,
    /// How many values: G(0) … G(values − 1).
    pub values: usize,
    /// The largest value and where it first occurs (none when N = 0).
    pub largest: Option<u16>,
    pub first_largest_at: Option<usize>,
    /// How many different values occur.
    pub distinct: usize,
    /// The rare/common split (none when N = 0).
    pub rare_common: Option<RareCommon>,
    /// The period the values prove, if any.
    pub period: Option<PeriodReport>,
    /// Whether the Guy–Smith check applies (not to Grundy's game).
    pub period_checked: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RareCommon {
    /// Values v with an even number of set bits in `v & mask` are rare.
    pub mask: u16,
    /// How many values are rare.
    pub rare: usize,
    /// Where the last rare value is (0 if none).
    pub last_rare: usize,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PeriodReport {
    /// G(i + period) = G(i) for every i ≥ preperiod …
    pub period: usize,
    pub preperiod: usize,
    /// … proved by the values up to this position (the fewest that do).
    pub proved_up_to: usize,
}

/// The figures of the sequence's values in `heaps` (the game's heap values).
pub fn stats_report(sequence: &Sequence, heaps: &[u16]) -> StatsReport {
    let figures = sequence.figures(heaps, 0..usize::MAX);
    let s = &figures.stats;
    let empty = s.count == 0;
    StatsReport {
        game: code(sequence.game()),
        name: if sequence.is_segments() {
            Some("treblecross".into())
        } else {
            name(sequence.game()).map(String::from)
        },
        sequence: if sequence.is_segments() {
            "free segments".into()
        } else {
            "heaps".into()
        },
        offset: sequence.offset(),
        values: s.count,
        largest: (!empty).then_some(s.largest),
        first_largest_at: (!empty).then_some(s.first_largest_at),
        distinct: s.distinct,
        rare_common: (!empty).then_some(RareCommon {
            mask: s.split.mask,
            rare: s.split.rare,
            last_rare: s.split.last_rare,
        }),
        period: figures.period.map(|p| PeriodReport {
            period: p.period,
            preperiod: p.preperiod,
            proved_up_to: p.proved_up_to,
        }),
        period_checked: figures.period_checked,
    }
}

/// What a position of the sequence is called: `L` (cells of a free
/// segment) or `n` (tokens of a heap).
fn position_name(sequence: &Sequence) -> &'static str {
    if sequence.is_segments() {
        "L"
    } else {
        "n"
    }
}

/// The sequence in words, for the report's first line.
fn describe(sequence: &Sequence) -> String {
    if sequence.is_segments() {
        format!(
            "free Treblecross segments of L cells ({} on heaps of L + {})",
            code(sequence.game()),
            sequence.offset()
        )
    } else {
        format!("{} heaps of n tokens", sequence.game())
    }
}

/// The `--stats` report in words.
pub fn report(sequence: &Sequence, figures: &StatsReport) -> String {
    let at = position_name(sequence);
    let mut out = String::new();
    let _ = writeln!(out, "game: {}", describe(sequence));
    let (Some(largest), Some(first_largest_at), Some(split)) = (
        figures.largest,
        figures.first_largest_at,
        &figures.rare_common,
    ) else {
        let _ = writeln!(out, "values: none (N = 0)");
        return out;
    };
    let last = figures.values - 1;
    let _ = writeln!(out, "values: G(0) … G({last})");
    let _ = writeln!(
        out,
        "largest value: {largest} (first at {at} = {first_largest_at})"
    );
    let _ = writeln!(out, "distinct values: {}", figures.distinct);
    let _ = writeln!(
        out,
        "rare/common: mask {:#x} ({:#b}); {} of {} values rare ({:.2}%), the last at {at} = {}",
        split.mask,
        split.mask,
        split.rare,
        figures.values,
        100.0 * split.rare as f64 / figures.values as f64,
        split.last_rare
    );
    match &figures.period {
        Some(period) => {
            let _ = writeln!(
                out,
                "period: {} with pre-period {} (G({at} + {}) = G({at}) for every {at} >= {}, proved by the values up to {at} = {})",
                period.period,
                period.preperiod,
                period.period,
                period.preperiod,
                period.proved_up_to
            );
        }
        None if !figures.period_checked => {
            let _ = writeln!(
                out,
                "period: not checked (the Guy–Smith theorem does not cover Grundy's game)"
            );
        }
        None => {
            let _ = writeln!(out, "period: none proved up to {at} = {last}");
        }
    }
    out
}

/// Rows as a Markdown table, the first row its head, each column as wide
/// as its widest cell (the tables of `--survey` and `--merge`).
pub fn markdown_table<const N: usize>(
    rows: &[[String; N]],
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let widths: Vec<usize> = (0..N)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell:<w$}"))
            .collect();
        writeln!(out, "| {} |", cells.join(" | "))?;
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            writeln!(out, "| {} |", rule.join(" | "))?;
        }
    }
    Ok(())
}
