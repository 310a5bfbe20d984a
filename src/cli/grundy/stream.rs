//! `grundy N --sha256` in bounded memory: the values stream past (the
//! rare/common method's streaming form, `solver::grundy::rare_common::
//! stream`), hashed as they go; those that leave memory go to a spill file
//! ([`super::spill`]) for the rare long walk that reads them back.

use super::spill::Spill;
use super::{progress_words, Error, PROGRESS_FROM, SAY_EVERY};
use crate::solver::grundy::rare_common::{stream, Bounds, StreamError};
use crate::solver::grundy::Sequence;
use sha2::{Digest, Sha256};
use std::ops::ControlFlow;
use std::time::Instant;

/// `NOUGHTS_GRUNDY_BOUNDS=PREFIX,RING`: the small heaps kept and the ring's
/// least length, for tests that make the ring wrap on short runs.
fn bounds() -> Bounds {
    std::env::var("NOUGHTS_GRUNDY_BOUNDS")
        .ok()
        .and_then(|text| {
            let (prefix, ring) = text.split_once(',')?;
            Some(Bounds {
                prefix: prefix.parse().ok()?,
                least_ring: ring.parse().ok()?,
            })
        })
        .unwrap_or_default()
}

/// The SHA-256 of `G(0 … wanted − 1 − offset)` of `sequence` (heaps from its
/// offset on), computed on `threads` threads in bounded memory.
pub fn sha256(sequence: &Sequence, wanted: usize, threads: usize) -> Result<String, Error> {
    let kept = |error: String| Error::Write {
        option: "the temporary file of the values".into(),
        error: std::io::Error::other(error),
    };
    let spill = Spill::new().map_err(|e| {
        let folder = std::env::temp_dir();
        kept(format!(
            "cannot make it in {} (the temporary folder, TMPDIR): {e}",
            crate::notation::escape_all(&folder.display().to_string())
        ))
    })?;
    let offset = sequence.offset();
    let bar = if wanted >= PROGRESS_FROM {
        crate::cli::progress_bar((wanted - offset) as u64, "values")
    } else {
        indicatif::ProgressBar::hidden()
    };
    let position = |known: usize| known.saturating_sub(offset) as u64;
    let mut eta = crate::cli::progress::Eta::new(0, position(wanted));
    let started = Instant::now();
    let mut last_said = Instant::now();
    let mut hasher = Sha256::new();
    let mut failed = None;
    let mut watch = |from: usize, values: &[u16]| {
        if let Err(e) = spill.append(values) {
            failed = Some(e.to_string());
            return ControlFlow::Break(());
        }
        // The sequence's values begin at its offset.
        let skip = offset.saturating_sub(from).min(values.len());
        let bytes: Vec<u8> = values[skip..]
            .iter()
            .flat_map(|g| g.to_le_bytes())
            .collect();
        hasher.update(&bytes);
        let known = from + values.len();
        bar.set_position(position(known));
        eta.record(started.elapsed().as_secs_f64(), position(known));
        if bar.is_hidden() && wanted >= PROGRESS_FROM && last_said.elapsed() >= SAY_EVERY {
            last_said = Instant::now();
            eprintln!(
                "noughts: {}",
                progress_words(position(known), position(wanted), &eta)
            );
        }
        ControlFlow::Continue(())
    };
    let streamed = stream(
        sequence.game(),
        0,
        wanted,
        threads,
        bounds(),
        &spill,
        &mut watch,
    );
    if let Some(e) = failed {
        bar.abandon();
        return Err(kept(e));
    }
    let streamed = streamed.map_err(|e| {
        bar.abandon();
        match e {
            StreamError::TooLarge(e) => Error::TooLarge(e),
            StreamError::Cold(why) => kept(why),
        }
    })?;
    bar.finish_and_clear();
    // For measuring (benches/grundy-scaling.py and the memory figures):
    // each thread's waits, and the ring the run ended with.
    if std::env::var_os("NOUGHTS_GRUNDY_WAITS").is_some() {
        for (thread, w) in streamed.waits.iter().enumerate() {
            eprintln!(
                "noughts: thread {thread}: {} waits, {} asleep, {:.3} s waiting",
                w.waits,
                w.sleeps,
                w.waited.as_secs_f64()
            );
        }
        eprintln!(
            "noughts: a ring of {} values, made longer {} times",
            streamed.ring, streamed.restarts
        );
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}
