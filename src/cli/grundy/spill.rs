//! Where a streaming run without `--checkpoint` keeps the values that have
//! left memory: an unnamed temporary file (gone with the process), in
//! blocks of [`BLOCK`] values whose CRC-32C stay in memory, so that a value
//! read back is one that was written (a block that does not match is an
//! error, never a value). The block being filled stays in memory.

use crate::solver::grundy::rare_common::Cold;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::Mutex;

/// Values a block.
const BLOCK: usize = 1 << 16;

pub struct Spill {
    state: Mutex<State>,
}

struct State {
    file: File,
    /// The checksum of each whole block written.
    sums: Vec<u32>,
    /// The values past the last whole block.
    tail: Vec<u16>,
    /// The block read back last (walks read on in the same block).
    cached: Option<(usize, Vec<u16>)>,
}

impl Spill {
    /// A new spill file, in the system's temporary folder.
    pub fn new() -> std::io::Result<Spill> {
        Ok(Spill {
            state: Mutex::new(State {
                file: tempfile::tempfile()?,
                sums: Vec::new(),
                tail: Vec::with_capacity(BLOCK),
                cached: None,
            }),
        })
    }

    /// Appends the next values (whole blocks go to the file).
    pub fn append(&self, values: &[u16]) -> std::io::Result<()> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        for &g in values {
            state.tail.push(g);
            if state.tail.len() == BLOCK {
                let bytes: Vec<u8> = state.tail.iter().flat_map(|g| g.to_le_bytes()).collect();
                let sum = crc32c::crc32c(&bytes);
                state.file.write_all(&bytes)?;
                state.sums.push(sum);
                state.tail.clear();
            }
        }
        Ok(())
    }
}

impl Cold for Spill {
    fn read(&self, from: usize, out: &mut [u16]) -> Result<(), String> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let whole = state.sums.len() * BLOCK;
        let mut at = 0;
        while at < out.len() {
            let h = from + at;
            let (block, offset) = (h / BLOCK, h % BLOCK);
            let values: &[u16] = if h >= whole {
                let tail = &state.tail[h - whole..];
                if tail.is_empty() {
                    return Err(format!("G({h}) was never written out"));
                }
                tail
            } else {
                if state.cached.as_ref().is_none_or(|(b, _)| *b != block) {
                    let values = state.read_block(block)?;
                    state.cached = Some((block, values));
                }
                let (_, values) = state.cached.as_ref().expect("just read");
                &values[offset..]
            };
            let len = values.len().min(out.len() - at);
            out[at..at + len].copy_from_slice(&values[..len]);
            at += len;
        }
        Ok(())
    }
}

impl State {
    /// Whole block `block`, checked against the sum kept when it was written.
    fn read_block(&mut self, block: usize) -> Result<Vec<u16>, String> {
        let mut bytes = vec![0u8; 2 * BLOCK];
        let why = |e: std::io::Error| format!("reading the spill file: {e}");
        self.file
            .seek(SeekFrom::Start((2 * BLOCK * block) as u64))
            .map_err(why)?;
        self.file.read_exact(&mut bytes).map_err(why)?;
        // Appends go on at the end.
        self.file.seek(SeekFrom::End(0)).map_err(why)?;
        if crc32c::crc32c(&bytes) != self.sums[block] {
            return Err(format!(
                "the spill file's block of G({}) … G({}) reads back altered",
                block * BLOCK,
                (block + 1) * BLOCK - 1
            ));
        }
        Ok(bytes
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_appended_reads_back_across_blocks_and_the_tail() {
        let spill = Spill::new().unwrap();
        let values: Vec<u16> = (0..3 * BLOCK + 100)
            .map(|i| (i * 7 % 1000) as u16)
            .collect();
        for chunk in values.chunks(1000) {
            spill.append(chunk).unwrap();
        }
        for (from, len) in [
            (0, 10),
            (BLOCK - 5, 10),
            (2 * BLOCK + 1, BLOCK),
            (3 * BLOCK + 90, 10),
        ] {
            let mut out = vec![0; len];
            spill.read(from, &mut out).unwrap();
            assert_eq!(out, values[from..from + len], "{from}");
        }
        let mut past = [0; 2];
        assert!(spill.read(3 * BLOCK + 99, &mut past).is_err());
    }

    #[test]
    fn a_block_altered_on_disk_is_refused() {
        let spill = Spill::new().unwrap();
        spill.append(&vec![5u16; 2 * BLOCK]).unwrap();
        {
            let mut state = spill.state.lock().unwrap();
            state
                .file
                .seek(SeekFrom::Start(2 * BLOCK as u64 + 10))
                .unwrap();
            state.file.write_all(&[9, 9]).unwrap();
        }
        let mut out = [0u16; 4];
        spill.read(0, &mut out).unwrap();
        let why = spill.read(BLOCK + 3, &mut out).unwrap_err();
        assert!(why.contains("altered"), "{why}");
    }
}
