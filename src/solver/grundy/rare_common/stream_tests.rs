//! The streaming form against the whole table and the naive mex: short
//! rings that wrap, prefixes so short that the walks read back, rings that
//! grow, runs resumed, watchers that stop, cold stores that fail.

use super::*;
use crate::solver::grundy::Naive;
use std::sync::RwLock;

/// A cold store in memory: what the watcher was shown, in order.
#[derive(Default)]
struct Kept {
    values: RwLock<Vec<u16>>,
    /// Values read back (to see that the walks did read back).
    reads: AtomicUsize,
}

impl Cold for Kept {
    fn read(&self, from: usize, out: &mut [u16]) -> Result<(), String> {
        let values = self.values.read().unwrap();
        let got = values
            .get(from..from + out.len())
            .ok_or_else(|| format!("G({from}) not shown yet ({} shown)", values.len()))?;
        out.copy_from_slice(got);
        self.reads
            .fetch_add(out.len(), std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }
}

fn game(code: &str) -> OctalGame {
    if code == "grundy" {
        return OctalGame::grundys_game();
    }
    code.parse().unwrap()
}

/// `G(0 … n − 1)` kept whole (the form every other test checks).
fn whole(code: &str, n: usize) -> Vec<u16> {
    let mut values = Vec::new();
    RareCommon
        .extend_to(&game(code), &mut values, n, 1)
        .unwrap();
    values
}

/// `G(0 … n − 1)` by the naive mex.
fn naive(code: &str, n: usize) -> Vec<u16> {
    let mut values = Vec::new();
    Naive.extend_to(&game(code), &mut values, n, 1).unwrap();
    values
}

/// Streams `n` values of `code` from the first `start` of `whole`.
fn streamed(
    code: &str,
    whole: &[u16],
    start: usize,
    n: usize,
    threads: usize,
    bounds: Bounds,
) -> (Vec<u16>, Streamed, usize) {
    let kept = Kept::default();
    kept.values
        .write()
        .unwrap()
        .extend_from_slice(&whole[..start]);
    let mut next = start;
    let outcome = stream(
        &game(code),
        start,
        n,
        threads,
        bounds,
        &kept,
        &mut |from, values| {
            assert_eq!(from, next, "{code}: stretches follow each other");
            next += values.len();
            kept.values.write().unwrap().extend_from_slice(values);
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    let reads = kept.reads.load(std::sync::atomic::Ordering::Relaxed);
    (kept.values.into_inner().unwrap(), outcome, reads)
}

const SHORT: Bounds = Bounds {
    prefix: 0,
    least_ring: 0,
};

#[test]
fn a_short_ring_gives_the_whole_tables_values() {
    let n = 1 << 17;
    for code in ["0.454", "0.174", "0.167", "0.054", "0.007"] {
        let whole = whole(code, n);
        for threads in [1, 2, 3] {
            let (values, outcome, reads) = streamed(code, &whole, 0, n, threads, SHORT);
            assert_eq!(values, whole, "{code} on {threads} threads");
            assert_eq!(outcome.known, n, "{code}");
            if code == "0.007" {
                // Rare heaps all along: the ring grew with them.
                assert!(outcome.restarts > 0, "{code}: {outcome:?}");
            } else {
                // Rare heaps end early: the ring stays short, and the walks
                // past the prefix read back.
                assert!(outcome.ring < n / 8, "{code}: {outcome:?}");
                assert!(reads > 0, "{code}");
            }
        }
    }
}

#[test]
fn a_short_ring_gives_the_naive_mexs_values() {
    let n = 12_000;
    for code in ["0.454", "0.167", "0.137", "4.07", "grundy"] {
        let naive = naive(code, n);
        for threads in [1, 2, 16] {
            let (values, _, _) = streamed(code, &naive, 0, n, threads, SHORT);
            assert_eq!(values, naive, "{code} on {threads} threads");
        }
    }
}

#[test]
fn a_stream_resumed_from_the_cold_store_goes_on_alike() {
    let n = 1 << 16;
    for code in ["0.167", "0.007"] {
        let whole = whole(code, n);
        for start in [1, 300, 5000, 40_000] {
            let (values, outcome, _) = streamed(code, &whole, start, n, 2, SHORT);
            assert_eq!(values, whole, "{code} from {start}");
            assert_eq!(outcome.known, n);
        }
    }
}

#[test]
fn the_default_bounds_give_the_same_values_in_a_ring_shorter_than_the_table() {
    let n = 1 << 18;
    let mut whole = Vec::new();
    RareCommon
        .extend_to(&game("0.167"), &mut whole, n, 2)
        .unwrap();
    let (values, outcome, _) = streamed("0.167", &whole, 0, n, 2, Bounds::default());
    assert_eq!(values, whole);
    // Its last rare heap is 1,303: the ring stays at its least.
    assert_eq!(outcome.ring, Bounds::default().least_ring, "{outcome:?}");
    assert!(outcome.ring < n);
}

/// A watcher slower than the workers: they wait for it before writing over
/// a value it has not shown (and, where the ring grows meanwhile, stop
/// without writing), and every value still comes out right.
#[test]
fn a_slow_watcher_holds_the_workers_back_and_nothing_is_lost() {
    let n = 1 << 16;
    for code in ["0.167", "0.007"] {
        let whole = whole(code, n);
        for threads in [2, 3] {
            let kept = Kept::default();
            let outcome = stream(
                &game(code),
                0,
                n,
                threads,
                SHORT,
                &kept,
                &mut |_, values| {
                    std::thread::sleep(std::time::Duration::from_millis(3));
                    kept.values.write().unwrap().extend_from_slice(values);
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(outcome.known, n);
            assert_eq!(
                *kept.values.read().unwrap(),
                whole,
                "{code} on {threads} threads"
            );
        }
    }
}

#[test]
fn a_watcher_stops_a_stream_and_what_it_saw_is_what_is_known() {
    let code = "0.167";
    for threads in [1, 2] {
        let kept = Kept::default();
        let outcome = stream(
            &game(code),
            0,
            1 << 20,
            threads,
            SHORT,
            &kept,
            &mut |_, values| {
                let mut kept = kept.values.write().unwrap();
                kept.extend_from_slice(values);
                if kept.len() >= 20_000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )
        .unwrap();
        let seen = kept.values.read().unwrap().len();
        assert!((20_000..1 << 20).contains(&seen), "{seen}");
        assert_eq!(outcome.known, seen, "{threads} threads");
        assert_eq!(*kept.values.read().unwrap(), naive(code, seen));
    }
}

/// A cold store that fails: the run says so, with its words, rather than
/// give a value.
#[test]
fn a_cold_store_that_fails_ends_the_run_with_its_reason() {
    struct Broken;
    impl Cold for Broken {
        fn read(&self, from: usize, _: &mut [u16]) -> Result<(), String> {
            Err(format!("block of G({from}) damaged"))
        }
    }
    for threads in [1, 2] {
        let outcome = stream(
            &game("0.167"),
            0,
            1 << 16,
            threads,
            SHORT,
            &Broken,
            &mut |_, _| ControlFlow::Continue(()),
        );
        match outcome {
            Err(StreamError::Cold(why)) => assert!(why.contains("damaged"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
