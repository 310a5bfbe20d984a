//! The checkpoint reader against every forgery and damage the attacks on it
//! tried: cut anywhere, odd lengths, another game's file or blocks, values
//! flipped in the head, in the middle and in the tail, impossible values,
//! blocks swapped, the first format, a header alone, links and FIFOs.

use super::*;
use crate::solver::grundy::{GrundyMethod, RareCommon};

/// G of 0.007's heaps (free segments: heap L + 2), `n` of them.
fn values(n: usize) -> Vec<u16> {
    let mut heaps = Vec::new();
    RareCommon
        .extend_to(Sequence::segments().game(), &mut heaps, n, 1)
        .unwrap();
    heaps
}

/// Two whole blocks and a tail: every part of the format.
const N: usize = 2 * BLOCK + 5_000;

/// The bytes of a checkpoint of `heaps` as this module writes it.
fn written(folder: &Path, heaps: &[u16]) -> Vec<u8> {
    let path = folder.join("made.bin");
    let _ = std::fs::remove_file(&path);
    let (mut checkpoint, loaded) =
        Checkpoint::open(&path, &Sequence::segments(), "rare-common").unwrap();
    assert!(loaded.heaps.is_empty());
    checkpoint.append(heaps).unwrap();
    std::fs::read(&path).unwrap()
}

/// The bytes of a file holding `heaps` with checksums made to match, as a
/// forger would make them (header of `sequence`).
fn forged(sequence: &Sequence, heaps: &[u16]) -> Vec<u8> {
    let line = header_line(sequence, "rare-common").into_bytes();
    let mut bytes = line.clone();
    let mut blocks = heaps.chunks_exact(BLOCK);
    for (index, block) in blocks.by_ref().enumerate() {
        let data: Vec<u8> = block.iter().flat_map(|g| g.to_le_bytes()).collect();
        bytes.extend_from_slice(&data);
        bytes.extend_from_slice(&block_sum(&line, index as u64, &data).to_le_bytes());
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let data: Vec<u8> = tail.iter().flat_map(|g| g.to_le_bytes()).collect();
        let index = (heaps.len() / BLOCK) as u64;
        bytes.extend_from_slice(&data);
        bytes.extend_from_slice(&SEAL_MARK);
        bytes.extend_from_slice(&tail_sum(&line, index, tail.len(), &data).to_le_bytes());
    }
    bytes
}

/// Opens `bytes` as a checkpoint of free segments. Opened streaming first
/// (its values shown as they are checked, the spots recomputed from the
/// file), it must hold the same values, read back the same, or be refused
/// in the same words.
fn open(folder: &Path, bytes: &[u8]) -> Result<(Checkpoint, Loaded), Error> {
    let path = folder.join("read.bin");
    let sequence = Sequence::segments();
    std::fs::write(&path, bytes).unwrap();
    let mut shown = Vec::new();
    let streamed = Checkpoint::open_streaming(&path, &sequence, "rare-common", &mut |values| {
        shown.extend_from_slice(values)
    });
    // Opening cuts what it drops: the same bytes again.
    std::fs::write(&path, bytes).unwrap();
    let opened = Checkpoint::open(&path, &sequence, "rare-common");
    match (streamed, &opened) {
        (Ok((mut checkpoint, streamed)), Ok((_, loaded))) => {
            assert!(shown == loaded.heaps, "other values shown");
            assert!(streamed.heaps.is_empty(), "values held");
            assert_eq!(streamed.held, loaded.heaps.len());
            assert_eq!(streamed.dropped, loaded.dropped);
            let mut back = vec![0; streamed.held];
            checkpoint.read_values(0, &mut back).unwrap();
            assert!(back == loaded.heaps, "other values read back");
            assert!(checkpoint.read_values(streamed.held, &mut [0]).is_err());
        }
        (Err(streamed), Err(opened)) => {
            assert_eq!(streamed.to_string(), opened.to_string());
            // A file refused is left as it was.
            assert!(
                std::fs::read(&path).unwrap() == bytes,
                "{opened}: the file changed"
            );
        }
        (streamed, opened) => panic!(
            "streamed {:?}, opened {:?}",
            streamed.map(|(_, l)| l.held),
            opened.as_ref().map(|(_, l)| l.held)
        ),
    }
    opened
}

/// Where heap `h`'s two bytes are in a file whose header is `line` long.
fn at(line: usize, h: usize) -> usize {
    line + (h / BLOCK) * BLOCK_BYTES as usize + 2 * (h % BLOCK)
}

#[test]
fn a_checkpoint_cut_anywhere_resumes_a_prefix_and_grows_back_to_the_same_bytes() {
    let folder = tempfile::tempdir().unwrap();
    let heaps = values(N);
    let whole = written(folder.path(), &heaps);
    let line = whole.iter().position(|&b| b == b'\n').unwrap() + 1;
    // Written in pieces, with a seal taken off and put back each time, it
    // is the same file as written at once; reopened after each piece, it
    // holds that piece's values (a sealed tail of 65,534 or 65,535 values
    // is as long as a whole block, or longer: it is still a tail).
    let path = folder.path().join("pieces.bin");
    let sequence = Sequence::segments();
    for end in [
        10,
        1_000,
        BLOCK - 2,
        BLOCK - 1,
        BLOCK,
        BLOCK + 7,
        2 * BLOCK - 2,
        2 * BLOCK + 1,
        N,
    ] {
        let (mut checkpoint, _) = Checkpoint::open(&path, &sequence, "rare-common").unwrap();
        checkpoint.append(&heaps[..end]).unwrap();
        drop(checkpoint);
        let (_, loaded) = open(folder.path(), &std::fs::read(&path).unwrap())
            .unwrap_or_else(|e| panic!("{end} values: {e}"));
        assert!(loaded.heaps == heaps[..end], "{end} values: not read back");
    }
    assert_eq!(std::fs::read(&path).unwrap(), whole);
    let block_end = line + BLOCK_BYTES as usize;
    let cuts = [
        0,
        line / 2,
        line,
        line + 1,
        line + 3_001,
        block_end - 4,
        block_end - 1,
        block_end,
        block_end + 1,
        block_end + 2,
        whole.len() - 9,
        whole.len() - 8,
        whole.len() - 5,
        whole.len() - 4,
        whole.len() - 1,
        whole.len(),
    ];
    for cut in cuts {
        let (mut checkpoint, loaded) = open(folder.path(), &whole[..cut]).unwrap();
        // Only whole blocks and a sealed tail are kept.
        let kept = if cut == whole.len() {
            N
        } else {
            (cut.saturating_sub(line) / BLOCK_BYTES as usize) * BLOCK
        };
        assert!(
            loaded.heaps == heaps[..kept],
            "cut at byte {cut}: not the first {kept} values"
        );
        assert_eq!(checkpoint.written(), kept);
        checkpoint.append(&heaps).unwrap();
        drop(checkpoint);
        let again = std::fs::read(folder.path().join("read.bin")).unwrap();
        assert!(again == whole, "cut at byte {cut}: not the same file");
    }
}

#[test]
fn every_forgery_is_refused_or_recomputed_never_used() {
    let folder = tempfile::tempdir().unwrap();
    let heaps = values(N);
    let whole = written(folder.path(), &heaps);
    let line = whole.iter().position(|&b| b == b'\n').unwrap() + 1;
    let flipped = |h: usize| {
        let mut bytes = whole.clone();
        bytes[at(line, h)] ^= 1;
        bytes
    };
    let with_values = |change: &dyn Fn(&mut Vec<u16>)| {
        let mut v = heaps.clone();
        change(&mut v);
        forged(&Sequence::segments(), &v)
    };
    let kayles = Sequence::heaps("0.77".parse().unwrap());
    let mut swapped = whole.clone();
    let (a, b) = (line, line + BLOCK_BYTES as usize);
    let first: Vec<u8> = swapped[a..b].to_vec();
    swapped.copy_within(b..b + BLOCK_BYTES as usize, a);
    swapped[b..b + BLOCK_BYTES as usize].copy_from_slice(&first);
    let mut other_game_blocks = header_line(&Sequence::segments(), "rare-common").into_bytes();
    let kayles_file = forged(&kayles, &heaps);
    let kayles_line = kayles_file.iter().position(|&b| b == b'\n').unwrap() + 1;
    other_game_blocks.extend_from_slice(&kayles_file[kayles_line..]);
    let mut bad_sum = whole.clone();
    bad_sum[line + 2 * BLOCK + 1] ^= 0x80;

    let last_heap = format!("heap {}", N - 1);
    // Refused: (what, bytes, words the error must carry).
    let refused: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "the attack's forgery: the first format with two values",
            b"# noughts grundy checkpoint 1: # noughts grundy table: 0.007 free segments (heap L + 2)\n\x05\x00\x05\x00".to_vec(),
            "format 1",
        ),
        (
            "the first format's header alone",
            b"# noughts grundy checkpoint 1: # noughts grundy table: 0.007 free segments (heap L + 2)\n".to_vec(),
            "format 1",
        ),
        ("a value flipped in the head", flipped(100), "block 0 (heaps 0 to 65535"),
        ("a value flipped past the head", flipped(2_500), "block 0"),
        ("a value flipped in the second block", flipped(BLOCK + 77), "block 1 (heaps 65536 to 131071"),
        ("a checksum altered", bad_sum, "block 0"),
        ("two blocks swapped with their checksums", swapped, "block 0"),
        ("another game's blocks under this header", other_game_blocks, "checksum"),
        ("another game's file", forged(&kayles, &heaps), "found one of \"0.77 heaps\""),
        (
            "a value past the largest, checksums made to match",
            with_values(&|v| v[BLOCK + 3] = u16::MAX),
            "heap 65539 is 65535",
        ),
        (
            "a heap below the segments' offset not 0",
            with_values(&|v| v[1] = 1),
            "heap 1 is 1",
        ),
        (
            "a value changed in the head, checksums made to match",
            with_values(&|v| v[900] ^= 3),
            "heap 900",
        ),
        (
            "the last value changed, its seal made to match",
            with_values(&|v| *v.last_mut().unwrap() ^= 1),
            &last_heap,
        ),
        ("not a checkpoint at all", b"0\n1\n1\n1\n".to_vec(), "found \"0\""),
        ("an empty first line", b"\n\x00\x00".to_vec(), "found an empty first line"),
        (
            "a header cut, then other words",
            b"# noughts grundy checkpoint 2: # noughts grundy table: 0.007 free segs".to_vec(),
            "expected a noughts checkpoint",
        ),
    ];
    for (what, bytes, words) in &refused {
        let err = open(folder.path(), bytes)
            .err()
            .unwrap_or_else(|| panic!("{what}: used"));
        let text = err.to_string();
        assert_eq!(err.exit_code(), 2, "{what}: {text}");
        assert!(text.contains(words), "{what}: {text}");
    }

    // A sealed tail altered: refused as a block is.
    let mut tail_flipped = whole.clone();
    tail_flipped[at(line, 2 * BLOCK + 10)] ^= 1;
    let err = open(folder.path(), &tail_flipped)
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("the tail (heaps 131072 to 136071, from byte"),
        "{err}"
    );
    // Dropped and computed again: what follows the last checksum when it
    // is not a sealed tail (cut mid-value or mid-seal, an odd length).
    let mut odd = whole.clone();
    odd.push(0);
    let recomputed: Vec<(&str, Vec<u8>)> = vec![
        ("an odd length", odd),
        ("cut mid-value", whole[..whole.len() - 9].to_vec()),
        ("cut mid-seal", whole[..whole.len() - 3].to_vec()),
    ];
    for (what, bytes) in recomputed {
        let (_, loaded) = open(folder.path(), &bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            loaded.heaps == heaps[..2 * BLOCK],
            "{what}: not the whole blocks"
        );
        assert!(loaded.dropped > 0, "{what}");
        assert!(
            loaded
                .words(&Sequence::segments())
                .contains("computed again"),
            "{what}"
        );
    }
    // A header alone holds no values: all are computed.
    let header_alone = header_line(&Sequence::segments(), "naive").into_bytes();
    let (_, loaded) = open(folder.path(), &header_alone).unwrap();
    assert!(loaded.heaps.is_empty());
}

#[cfg(unix)]
#[test]
fn nothing_is_written_through_a_link_or_into_a_fifo() {
    let folder = tempfile::tempdir().unwrap();
    let sequence = Sequence::segments();
    let target = folder.path().join("precious.txt");
    let link = folder.path().join("run.bin");
    // A dangling link: nothing is made where it leads.
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let err = Checkpoint::open(&link, &sequence, "rare-common")
        .err()
        .unwrap();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert!(!target.exists());
    // A link to a file that begins like a checkpoint: left as it was.
    std::fs::write(&target, "# noughts").unwrap();
    assert!(Checkpoint::open(&link, &sequence, "rare-common").is_err());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "# noughts");
    let fifo = folder.path().join("fifo.bin");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let err = Checkpoint::open(&fifo, &sequence, "rare-common")
            .err()
            .unwrap();
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }
}

#[test]
fn a_read_only_checkpoint_serves_what_it_holds_and_refuses_more() {
    let folder = tempfile::tempdir().unwrap();
    let heaps = values(BLOCK + 10);
    let bytes = written(folder.path(), &heaps);
    let path = folder.path().join("kept.bin");
    std::fs::write(&path, &bytes).unwrap();
    // Opened as a file that refused writing is (root writes any file, so
    // the fallback is called as open calls it).
    let (mut checkpoint, loaded) =
        Checkpoint::open_read_only(&path, &Sequence::segments()).unwrap();
    assert!(loaded.read_only);
    assert!(loaded.heaps == heaps, "not the values written");
    assert!(loaded.words(&Sequence::segments()).contains("read-only"));
    checkpoint.append(&heaps).unwrap();
    checkpoint.append(&heaps[..5]).unwrap();
    let more = values(BLOCK + 20);
    let err = checkpoint.append(&more).err().unwrap();
    assert!(err.to_string().contains("read-only"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "nothing written");
}

/// A write that fails leaves the file as a run killed then would, and
/// nothing is written after it (a seal on values never written would make
/// the whole file refused); sealing syncs whatever was written since the
/// last sync, a run ending on a block's boundary too.
#[cfg(target_os = "linux")]
#[test]
fn after_a_failed_write_nothing_more_is_written() {
    let line = header_line(&Sequence::segments(), "rare-common").into_bytes();
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let mut checkpoint = Checkpoint::new(full, "--checkpoint full".into(), line.clone(), false);
    let err = checkpoint.write(&vec![1; BLOCK], false).unwrap_err();
    assert!(err.to_string().contains("--checkpoint full"), "{err}");
    let again = checkpoint.write(&[], true).unwrap_err().to_string();
    assert!(again.contains("an earlier write to it failed"), "{again}");

    let file = tempfile::tempfile().unwrap();
    let mut checkpoint = Checkpoint::new(file, "--checkpoint f".into(), line, false);
    checkpoint.write(&vec![1; BLOCK], false).unwrap();
    assert!(checkpoint.dirty);
    checkpoint.write(&[], true).unwrap();
    assert!(!checkpoint.dirty, "a whole block written, not synced");
}
