//! The public tables of octal games (tczajka/octal-games: `TrivialGames.md`,
//! `SolvedGames.md`, `UnsolvedGames.md`), kept in
//! `assets/public-octal-tables.tsv`: the named sets of `--survey --games`
//! and what `--merge` compares each result with.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

const TEXT: &str = include_str!("../../../assets/public-octal-tables.tsv");

/// Which public table a game is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Table {
    /// Periodic, found from the heaps below 1,000.
    Trivial,
    /// Periodic, with a long pre-period or period.
    Solved,
    /// No period known; figures for a few.
    Unsolved,
}

impl Table {
    pub fn word(self) -> &'static str {
        match self {
            Table::Trivial => "trivial",
            Table::Solved => "solved",
            Table::Unsolved => "unsolved",
        }
    }
}

/// One game's row in the public tables, as published (heaps of n tokens).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Published {
    pub table: Table,
    /// The code as noughts writes it (`.04` there is `0.04`, `4` is `4.`).
    pub game: String,
    pub preperiod: Option<usize>,
    pub period: Option<usize>,
    /// The unsolved table's figures are of G(0) … G(n − 1).
    pub n: Option<usize>,
    pub largest_at: Option<usize>,
    pub largest: Option<u16>,
    /// As published, in hexadecimal (`1+pos` for 0.127 kept as it is).
    pub mask: Option<String>,
    pub rare: Option<usize>,
    pub last_rare: Option<usize>,
    /// The trivial table's values: the pre-period, then the period in
    /// brackets, one character a value (`0`–`9`, then `A`–`Z`).
    pub values: Option<String>,
}

/// Every row of the three tables, in their order.
pub fn all() -> &'static [Published] {
    static ROWS: OnceLock<Vec<Published>> = OnceLock::new();
    ROWS.get_or_init(|| TEXT.lines().filter_map(row).collect())
}

/// The row of `game` (a code as noughts writes it), if it is published.
pub fn find(game: &str) -> Option<&'static Published> {
    static INDEX: OnceLock<std::collections::HashMap<&'static str, usize>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = std::collections::HashMap::new();
        for (i, row) in all().iter().enumerate() {
            index.entry(row.game.as_str()).or_insert(i);
        }
        index
    });
    index.get(game).map(|&i| &all()[i])
}

/// The named sets of `--games`: a table's word, or `public` for all three.
pub const SETS: [&str; 4] = ["trivial", "solved", "unsolved", "public"];

/// The codes of a named set, or `None` if `name` names none.
pub fn set(name: &str) -> Option<Vec<String>> {
    let tables: &[Table] = match name {
        "trivial" => &[Table::Trivial],
        "solved" => &[Table::Solved],
        "unsolved" => &[Table::Unsolved],
        "public" => &[Table::Trivial, Table::Solved, Table::Unsolved],
        _ => return None,
    };
    Some(
        all()
            .iter()
            .filter(|p| tables.contains(&p.table))
            .map(|p| p.game.clone())
            .collect(),
    )
}

/// A line of the file; comments and malformed lines give none (the file
/// is this crate's own: a test checks that every line reads).
fn row(line: &str) -> Option<Published> {
    if line.starts_with('#') || line.trim().is_empty() {
        return None;
    }
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 11 {
        return None;
    }
    let table = match f[0] {
        "trivial" => Table::Trivial,
        "solved" => Table::Solved,
        "unsolved" => Table::Unsolved,
        _ => return None,
    };
    let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
    Some(Published {
        table,
        game: f[1].to_string(),
        preperiod: f[2].parse().ok(),
        period: f[3].parse().ok(),
        n: f[4].parse().ok(),
        largest_at: f[5].parse().ok(),
        largest: f[6].parse().ok(),
        mask: text(f[7]),
        rare: f[8].parse().ok(),
        last_rare: f[9].parse().ok(),
        values: text(f[10]),
    })
}

/// The values a trivial row gives: G(0) … G(len − 1), the pre-period then
/// the period repeated; `None` if the row has none or they do not read.
pub fn published_values(values: &str, len: usize) -> Option<Vec<u16>> {
    let digit = |c: char| c.to_digit(36).and_then(|d| u16::try_from(d).ok());
    let (pre, rest) = values.split_once('(')?;
    let period = rest.strip_suffix(')')?;
    let pre: Vec<u16> = pre.chars().map(digit).collect::<Option<_>>()?;
    let period: Vec<u16> = period.chars().map(digit).collect::<Option<_>>()?;
    if period.is_empty() {
        return None;
    }
    Some(
        (0..len)
            .map(|i| match pre.get(i) {
                Some(&g) => g,
                None => period[(i - pre.len()) % period.len()],
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_tables_reads() {
        let lines = TEXT
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(all().len(), lines);
        let count = |t: Table| all().iter().filter(|p| p.table == t).count();
        // As published: 82 trivial, 10 solved, 83 unsolved games.
        assert_eq!(
            (
                count(Table::Trivial),
                count(Table::Solved),
                count(Table::Unsolved)
            ),
            (82, 10, 83)
        );
        for p in all() {
            assert!(
                p.game.parse::<crate::solver::octal::OctalGame>().is_ok(),
                "{}",
                p.game
            );
            if p.table != Table::Unsolved {
                assert!(p.preperiod.is_some() && p.period.is_some(), "{p:?}");
            }
            if let Some(values) = &p.values {
                let pre = p.preperiod.unwrap_or(0);
                let period = p.period.unwrap_or(1);
                let v = published_values(values, pre + period).expect("reads");
                assert_eq!(v.len(), pre + period, "{}", p.game);
            }
        }
        assert_eq!(find("0.04").and_then(|p| p.n), Some(1 << 17));
        assert_eq!(find("grundy").and_then(|p| p.largest), Some(231));
        assert_eq!(set("public").map(|s| s.len()), Some(175));
    }

    #[test]
    fn a_trivial_row_gives_its_values() {
        assert_eq!(published_values("0(01)", 5), Some(vec![0, 0, 1, 0, 1]));
        assert_eq!(published_values("01A(B)", 4), Some(vec![0, 1, 10, 11]));
        assert_eq!(published_values("01", 4), None);
        assert_eq!(published_values("0()", 4), None);
    }
}
