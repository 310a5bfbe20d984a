//! Where a streaming run keeps the values that have left memory: its
//! checkpoint (`--checkpoint`, or an unnamed temporary one, gone with the
//! process), read back by the rare long walk. Whole blocks are checked
//! against the sums kept when they were read or written, so a value read
//! back is one that was written, never one altered since. The latest values
//! wait in memory until a block's worth, then are written; a named
//! checkpoint is also sealed and synced every few seconds.

use super::checkpoint::{Checkpoint, BLOCK};
use super::Error;
use crate::solver::grundy::rare_common::Cold;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Kept {
    state: Mutex<State>,
}

struct State {
    checkpoint: Checkpoint,
    /// The values past those the file holds.
    pending: Vec<u16>,
    /// How often the file is sealed and synced (never, for a temporary one).
    every: Option<Duration>,
    sealed_at: Instant,
}

impl Kept {
    /// The values of `checkpoint`, sealed every `every` (`None`: never).
    pub fn new(checkpoint: Checkpoint, every: Option<Duration>) -> Kept {
        Kept {
            state: Mutex::new(State {
                checkpoint,
                pending: Vec::with_capacity(BLOCK),
                every,
                sealed_at: Instant::now(),
            }),
        }
    }

    /// Keeps the next values (the heaps after those kept so far).
    pub fn push(&self, values: &[u16]) -> Result<(), Error> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.pending.extend_from_slice(values);
        let seal = state.every.is_some_and(|e| state.sealed_at.elapsed() >= e);
        if seal || state.pending.len() >= BLOCK {
            state.write(seal)?;
        }
        Ok(())
    }

    /// Writes what waits, sealed and synced: every value found is kept.
    pub fn finish(&self) -> Result<(), Error> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.write(true)
    }
}

impl State {
    fn write(&mut self, seal: bool) -> Result<(), Error> {
        self.checkpoint.write(&self.pending, seal)?;
        self.pending.clear();
        if seal {
            self.sealed_at = Instant::now();
        }
        Ok(())
    }
}

impl Cold for Kept {
    fn read(&self, from: usize, out: &mut [u16]) -> Result<(), String> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let written = state.checkpoint.written();
        let (on_file, waiting) = out.split_at_mut(written.saturating_sub(from).min(out.len()));
        if !on_file.is_empty() {
            let option = state.checkpoint.option().to_string();
            (state.checkpoint.read_values(from, on_file))
                .map_err(|why| format!("{option}: {why}"))?;
        }
        if !waiting.is_empty() {
            let at = from + on_file.len() - written;
            let values = state
                .pending
                .get(at..at + waiting.len())
                .ok_or_else(|| format!("G({}) was never kept", written + at + waiting.len() - 1))?;
            waiting.copy_from_slice(values);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::grundy::Sequence;
    use std::io::{Seek, SeekFrom, Write};

    fn temporary() -> Kept {
        let sequence = Sequence::heaps("0.007".parse().unwrap());
        Kept::new(
            Checkpoint::temporary(&sequence, "rare-common").unwrap(),
            None,
        )
    }

    #[test]
    fn what_is_kept_reads_back_across_blocks_the_tail_and_what_waits() {
        let kept = temporary();
        let values: Vec<u16> = (0..3 * BLOCK + 100)
            .map(|i| (i * 7 % 1000) as u16)
            .collect();
        for chunk in values.chunks(1000) {
            kept.push(chunk).unwrap();
        }
        // Some on the file, in whole blocks and a tail; the rest waiting.
        for (from, len) in [
            (0, 10),
            (BLOCK - 5, 10),
            (2 * BLOCK + 1, BLOCK),
            (3 * BLOCK + 90, 10),
        ] {
            let mut out = vec![0; len];
            kept.read(from, &mut out).unwrap();
            assert_eq!(out, values[from..from + len], "{from}");
        }
        let mut past = [0; 2];
        assert!(kept.read(3 * BLOCK + 99, &mut past).is_err());
    }

    #[test]
    fn a_block_altered_on_disk_is_refused() {
        let kept = temporary();
        kept.push(&vec![5u16; 2 * BLOCK]).unwrap();
        let mut out = [0u16; 4];
        kept.read(0, &mut out).unwrap();
        {
            let mut state = kept.state.lock().unwrap();
            let file = state.checkpoint.file_for_tests();
            let end = file.seek(SeekFrom::End(0)).unwrap();
            // In the second block's values (its checksum is the last 4 bytes).
            file.seek(SeekFrom::Start(end - 4 - 100)).unwrap();
            file.write_all(&[9, 9]).unwrap();
        }
        let why = kept.read(BLOCK + 3, &mut out).unwrap_err();
        assert!(why.contains("altered"), "{why}");
    }
}
