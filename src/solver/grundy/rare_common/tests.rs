//! The method against the naive mex, on one thread and many.

use super::mask::{best_mask, classes, is_rare};
use super::*;
use crate::solver::grundy::Naive;

/// `d0.d1d2…`, or `grundy`.
fn game(code: &str) -> OctalGame {
    if code == "grundy" {
        return OctalGame::grundys_game();
    }
    let digits = code.bytes().filter(|&b| b != b'.').map(|b| b - b'0');
    OctalGame::from_digits(digits.collect()).unwrap()
}

fn both(code: &str, n: usize, threads: usize) -> (Vec<u16>, Vec<u16>) {
    let game = game(code);
    let mut naive = Vec::new();
    Naive.extend_to(&game, &mut naive, n, 1).unwrap();
    let mut fast = Vec::new();
    RareCommon.extend_to(&game, &mut fast, n, threads).unwrap();
    (fast, naive)
}

#[test]
fn small_tables_equal_the_naive_mex() {
    for code in [
        "0.007", "0.77", "0.07", "0.137", "0.4", "0.6", "0.5", "0.1337", "0.72", "4.", "4.07",
        "4.7", "4.37", "4.0004", "grundy",
    ] {
        for threads in [1, 2, 3] {
            let (fast, naive) = both(code, 300, threads);
            assert_eq!(fast, naive, "{code} on {threads} threads");
        }
    }
}

/// Past the point where threads share the work, for games whose values
/// keep changing class: splitting without taking (lag 1) and Grundy's
/// game (its equal splits left out).
#[test]
fn threads_equal_the_naive_mex_on_longer_tables() {
    for code in ["grundy", "4.07", "0.6", "0.007"] {
        // 16: more threads than this machine has cores, each far from
        // the frontier when it takes its batch.
        for threads in [2, 3, 4, 16] {
            let (fast, naive) = both(code, PARALLEL_FROM + 600, threads);
            assert_eq!(fast, naive, "{code} on {threads} threads");
        }
    }
}

#[test]
fn the_classes_cover_every_value_up_to_the_widest_room() {
    for (width, mask) in [(1, 0), (8, 5), (1 << 16, 0x7b8)] {
        let (common, rare) = classes(width, mask);
        assert_eq!(common.len() + rare.len(), width);
        assert!(rare.contains(&0));
        assert!(common.iter().all(|&v| !is_rare(v, mask)));
    }
    // The top value is there too (a range to `width as u16` would be empty).
    assert!(classes(1 << 16, 1).0.contains(&u16::MAX));
}

#[test]
fn a_watcher_sees_known_values_and_can_stop_the_work() {
    let game = OctalGame::treblecross();
    let checked = 40_000;
    let mut naive = Vec::new();
    Naive.extend_to(&game, &mut naive, checked, 1).unwrap();
    // One thread reports every 1,024 values or so. With more, the watcher
    // is woken as the frontier passes and may be late, so their table is
    // long enough (seconds of work) that stopping at 10,000 visibly stops.
    for (threads, n) in [(1, checked), (2, 1 << 20), (3, 1 << 20)] {
        let mut values = Vec::new();
        let mut seen = Vec::new();
        RareCommon
            .extend(&game, &mut values, n, threads, &mut |known| {
                let upto = known.len().min(checked);
                assert_eq!(known[..upto], naive[..upto]);
                seen.push(known.len());
                if known.len() >= 10_000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        if threads == 1 {
            assert!(
                seen.windows(2).all(|w| w[1] - w[0] <= 2 * WATCH_EVERY),
                "{seen:?}"
            );
        }
        let last = *seen.last().unwrap();
        assert!(last >= 10_000 && values.len() >= last && values.len() < n);
        let upto = values.len().min(checked);
        assert_eq!(values[..upto], naive[..upto]);
    }
}

#[test]
fn two_threads_equal_one_past_the_parallel_threshold() {
    let game = OctalGame::treblecross();
    let n = PARALLEL_FROM * 2;
    let mut one = Vec::new();
    RareCommon.extend_to(&game, &mut one, n, 1).unwrap();
    let mut two = Vec::new();
    RareCommon.extend_to(&game, &mut two, n, 2).unwrap();
    assert_eq!(one, two);
}

#[test]
fn continuing_a_table_equals_computing_it_at_once() {
    let game = OctalGame::treblecross();
    let mut whole = Vec::new();
    RareCommon.extend_to(&game, &mut whole, 7000, 2).unwrap();
    let mut stepwise = whole[..1234].to_vec();
    RareCommon.extend_to(&game, &mut stepwise, 7000, 2).unwrap();
    assert_eq!(stepwise, whole);
}

#[test]
fn the_best_mask_is_the_one_with_fewest_rare_values() {
    // Values 1, 2, 3 three times each and 0 once: mask 0b11 makes 1 and 2
    // common (odd), 0 and 3 rare: 4 rare of 10. Every other mask does
    // worse (checked by brute force).
    let counts = [1, 3, 3, 3];
    let (mask, rare) = best_mask(&counts);
    let brute = (0u16..4)
        .map(|m| {
            let rare: u64 = (0..4)
                .filter(|&v| is_rare(v, m))
                .map(|v| counts[v as usize])
                .sum();
            (rare, m)
        })
        .min()
        .unwrap();
    assert_eq!((rare, mask), brute);
    assert_eq!(rare, 4);
}

/// The traced run (the wavefront model's input) gives the values the naive
/// mex gives, and times every heap once, in order, each batch at most
/// [`BATCH`] heaps.
#[test]
fn a_traced_run_times_every_heap_once_and_gives_the_same_values() {
    for code in ["0.007", "4.07", "grundy"] {
        let game = game(code);
        let mut naive = Vec::new();
        Naive.extend_to(&game, &mut naive, 6000, 1).unwrap();
        let mut traced = vec![0];
        let trace = one_thread_traced(&game, &mut traced, 6000).unwrap();
        assert_eq!(traced, naive, "{code}");
        let mut next = 1;
        for batch in &trace {
            assert_eq!(batch.first, next, "{code}");
            assert!((1..=BATCH).contains(&batch.near_ns.len()), "{code}");
            next += batch.near_ns.len();
        }
        assert_eq!(next, 6000, "{code}");
        // The first heaps one at a time, then batches.
        assert!(trace
            .iter()
            .take_while(|b| b.first < BATCH_FROM)
            .all(|b| b.near_ns.len() == 1));
        assert!(trace.iter().any(|b| b.near_ns.len() == BATCH), "{code}");
    }
}

/// A heap put more than 256 places past the frontier (a take of 300, on
/// 24 threads: their batches spread wider than that) is still noted where
/// the frontier's movers look for it.
#[test]
fn a_long_lag_on_many_threads_still_moves_the_frontier() {
    let code = format!("0.{}7", "0".repeat(299));
    let game: OctalGame = code.parse().unwrap();
    assert_eq!(game.lag(), 300);
    let (fast, naive) = (
        {
            let mut v = Vec::new();
            RareCommon
                .extend_to(&game, &mut v, PARALLEL_FROM + 3000, 24)
                .unwrap();
            v
        },
        {
            let mut v = Vec::new();
            Naive
                .extend_to(&game, &mut v, PARALLEL_FROM + 3000, 1)
                .unwrap();
            v
        },
    );
    assert_eq!(fast, naive);
}
