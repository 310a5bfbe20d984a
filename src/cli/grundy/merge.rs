//! `noughts grundy --merge DIR [--json]`: a results folder's lines as one
//! table, each game once, what a file says escaped, bad files set aside.

use super::results::{read_result, write_table, GameResult};
use super::tables;
use crate::cli::Error;
use crate::notation::escape_all;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `noughts grundy --merge DIR [--json]`: every `*.json` of the folder, in
/// the public tables' order (then by code), as one table or JSON lines.
/// A file that does not read is set aside (as the survey sets it aside),
/// said on standard error, and the rest merged; a game held by two files is
/// shown once when they agree, and not at all when they differ (both files
/// named).
pub fn merge(folder: &Path, json: bool, out: &mut impl Write) -> Result<(), Error> {
    let source = || escape_all(&folder.display().to_string());
    let entries = std::fs::read_dir(folder).map_err(|error| Error::Read {
        source: source(),
        error,
    })?;
    let mut paths = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|error| Error::Read {
            source: source(),
            error,
        })?;
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "json") {
            paths.push(path);
        }
    }
    // Files in name order: the same notes in the same order every time.
    paths.sort();
    let mut by_game: std::collections::BTreeMap<String, Vec<(PathBuf, GameResult)>> =
        Default::default();
    for path in paths {
        match read_result(&path) {
            Ok(Some(result)) => by_game
                .entry(result.figures.game.clone())
                .or_default()
                .push((path, result)),
            Ok(None) => {}
            Err(e) => {
                let outcome = crate::store::set_aside(&path);
                eprintln!(
                    "noughts: {e}; {}, not merged",
                    crate::store::set_aside_words(&outcome)
                );
            }
        }
    }
    let mut results = Vec::new();
    let mut disagreeing = 0;
    for (game, mut held) in by_game {
        let first = &held[0].1;
        let same =
            |r: &GameResult| r.sha256 == first.sha256 && r.figures.values == first.figures.values;
        if !held.iter().all(|(_, r)| same(r)) {
            let files: Vec<String> = held
                .iter()
                .map(|(p, r)| {
                    format!(
                        "{} ({} values, sha256 {})",
                        escape_all(&p.display().to_string()),
                        r.figures.values,
                        &r.sha256[..12]
                    )
                })
                .collect();
            eprintln!(
                "noughts: {} is held by files that differ: {}; not merged",
                escape_all(&game),
                files.join(", ")
            );
            disagreeing += 1;
            continue;
        }
        results.push(held.swap_remove(0).1);
    }
    results.sort_by_key(order_key);
    if json {
        for result in &results {
            crate::cli::json::write_line(out, result)?;
        }
    } else {
        write_table(&results, out)?;
    }
    if disagreeing > 0 {
        // The games merged stand: out before the error (which drops what
        // is still buffered).
        out.flush()?;
        return Err(Error::Read {
            source: source(),
            error: std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{disagreeing} games are held by files that differ (named above): merge the right one"),
            ),
        });
    }
    Ok(())
}

/// The public tables' order: their table, their row; the rest by code.
fn order_key(result: &GameResult) -> (u8, usize, String) {
    let rows = tables::all();
    match rows.iter().position(|p| p.game == result.figures.game) {
        Some(i) => (rows[i].table as u8, i, String::new()),
        None => (u8::MAX, 0, result.figures.game.clone()),
    }
}
