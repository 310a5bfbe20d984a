//! `grundy N --sha256 | --records [--checkpoint FILE]` in bounded memory:
//! the values stream past (the rare/common method's streaming form,
//! `solver::grundy::rare_common::stream`), hashed and counted as they go
//! (`records::Taking`); those that leave memory go to
//! the checkpoint, or to an unnamed temporary one ([`super::kept`]), for the
//! rare long walk that reads them back. A checkpoint is resumed without
//! loading it: its blocks are checked and hashed as they are read, and the
//! values recomputed to vouch for it are read where they lie.

use super::checkpoint::Checkpoint;
use super::kept::Kept;
use super::records::Taking;
use super::{
    checkpoint_every, progress_words, say_resuming, Error, Method, PROGRESS_FROM, SAY_EVERY,
};
use crate::solver::grundy::period::Reader;
use crate::solver::grundy::rare_common::{stream, Bounds, Cold, StreamError};
use crate::solver::grundy::Sequence;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
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

/// What a streamed run prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Print {
    /// The SHA-256 of the values.
    Sha256,
    /// The records document (`records.rs`).
    Records,
}

/// The SHA-256 or the records of `G(0 … wanted − 1 − offset)` of `sequence`
/// (heaps from its offset on), computed on `threads` threads in bounded
/// memory, resumed from and kept in the checkpoint at `path` if one is
/// given: what to print.
pub fn run(
    sequence: &Sequence,
    wanted: usize,
    threads: usize,
    path: Option<&Path>,
    print: Print,
) -> Result<String, Error> {
    let mut taking = Taking::new(sequence, wanted);
    let method = Method::Fast.word();
    let (checkpoint, every) = match path {
        Some(path) => {
            let (checkpoint, loaded) =
                Checkpoint::open_streaming(path, sequence, method, &mut |values| {
                    taking.take(values)
                })?;
            say_resuming(path, &loaded, sequence);
            checkpoint.refuse_short(wanted, sequence)?;
            (checkpoint, Some(checkpoint_every()))
        }
        None => {
            let checkpoint = Checkpoint::temporary(sequence, method).map_err(|e| {
                let folder = std::env::temp_dir();
                Error::Write {
                    option: "the temporary file of the values".into(),
                    error: std::io::Error::other(format!(
                        "cannot make it in {} (the temporary folder, TMPDIR): {e}",
                        crate::notation::escape_all(&folder.display().to_string())
                    )),
                }
            })?;
            (checkpoint, None)
        }
    };
    let start = checkpoint.written();
    let offset = sequence.offset();
    // The period's search reads the values back from the checkpoint (a
    // value that reads wrong is an error, never a finding).
    let printed = |taking: Taking, read: &mut Reader| -> Result<String, Error> {
        Ok(match print {
            Print::Sha256 => taking.finish_hash().sha256,
            Print::Records => {
                let records = taking.finish(read).map_err(|why| Error::Write {
                    option: "reading back the values for the period's search".into(),
                    error: std::io::Error::other(why),
                })?;
                serde_json::to_string_pretty(&records).map_err(std::io::Error::other)?
            }
        })
    };
    if start >= wanted {
        let mut checkpoint = checkpoint;
        let mut read = |at: usize, out: &mut [u16]| checkpoint.read_values(offset + at, out);
        return printed(taking, &mut read);
    }
    let kept = Kept::new(checkpoint, every);
    let position = |known: usize| known.saturating_sub(offset) as u64;
    let bar = if wanted - start >= PROGRESS_FROM {
        let bar = crate::cli::progress_bar(position(wanted), "values");
        bar.set_position(position(start));
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut eta = crate::cli::progress::Eta::new(position(start), position(wanted));
    let started = Instant::now();
    let mut last_said = Instant::now();
    // With a checkpoint, an interrupt keeps what is known and stops (a
    // second one stops at once).
    let interrupted = Arc::new(AtomicBool::new(false));
    if path.is_some() {
        crate::cli::interrupt::watch(&interrupted);
    }
    let mut failed = None;
    let mut watch = |from: usize, values: &[u16]| {
        if let Err(e) = kept.push(values) {
            failed = Some(e);
            return ControlFlow::Break(());
        }
        taking.take(values);
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
        if interrupted.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    let streamed = stream(
        sequence.game(),
        start,
        wanted,
        threads,
        bounds(),
        &kept,
        &mut watch,
    );
    // Every value found is kept, whatever happens next.
    let finished = if path.is_some() {
        kept.finish()
    } else {
        Ok(())
    };
    if let Some(e) = failed {
        bar.abandon();
        return Err(e);
    }
    finished.inspect_err(|_| bar.abandon())?;
    let streamed = streamed.map_err(|e| {
        bar.abandon();
        match e {
            StreamError::TooLarge(e) => Error::TooLarge(e),
            StreamError::Cold(why) => Error::Write {
                option: "reading back a value".into(),
                error: std::io::Error::other(why),
            },
        }
    })?;
    if streamed.known < wanted {
        bar.abandon();
        return Err(Error::Interrupted(match position(streamed.known) {
            0 => "interrupted before the first value was found (the same command starts again)"
                .into(),
            known => format!(
                "interrupted: wrote G(0) … G({}) to the checkpoint (the same command continues)",
                known - 1
            ),
        }));
    }
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
    let mut read = |at: usize, out: &mut [u16]| kept.read(offset + at, out);
    printed(taking, &mut read)
}
