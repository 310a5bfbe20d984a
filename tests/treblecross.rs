//! The O(n) Treblecross analysis against exhaustive game search on every
//! strip of 3 to 14 cells, and the binary on the contest sample.

use assert_cmd::Command;
use noughts::solver::grundy::GrundyTable;
use noughts::solver::treblecross::{
    analyze, engine_move, safe_cells, to_mask, StripAnalysis, Treblecross, EXACT_ENGINE_EMPTY_CELLS,
};
use noughts::solver::{Outcome, Solver};

#[test]
fn every_strip_up_to_14_cells_matches_exhaustive_search() {
    let mut table = GrundyTable::default();
    let mut strips = 0;
    for n in 3..=14u32 {
        let game = Treblecross { len: n };
        let mut solver: Solver<Treblecross> = Solver::new(game);
        for mask in 0u64..(1 << n) {
            let strip: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let analysis = analyze(&strip, &mut table).unwrap();
            let value = solver.solve(&mask);
            if let StripAnalysis::Finished { .. } = analysis {
                assert_eq!(value, Outcome::Loss(0));
                continue;
            }
            strips += 1;
            assert_ne!(value, Outcome::Draw, "no draws on {n} cells");
            assert_eq!(
                analysis.is_winning(),
                value.is_win(),
                "strip {mask:b} of {n}"
            );
            // A winning cell is a move after which the opponent loses.
            let expected: Vec<usize> = (0..n as usize)
                .filter(|&i| !strip[i])
                .filter(|&i| value.is_win() && solver.solve(&(mask | 1 << i)).is_loss())
                .collect();
            assert_eq!(
                analysis.winning_cells(),
                &expected[..],
                "strip {mask:b} of {n}"
            );
            assert_eq!(to_mask(&strip), mask);
        }
    }
    assert!(strips > 10_000);
}

/// Runs `noughts treblecross` on `input`; returns what it printed.
fn treblecross(input: String) -> String {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .arg("treblecross")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_binary_answers_the_contest_sample() {
    let input = std::fs::read_to_string("assets/treblecross/uva-sample.txt").unwrap();
    let expected = std::fs::read_to_string("assets/treblecross/uva-sample.out").unwrap();
    assert_eq!(treblecross(input), expected);
}

#[test]
fn long_strips_are_answered() {
    // An empty strip of L cells is one free segment: winning iff G(L) != 0.
    let table = GrundyTable::with_len(3001).unwrap();
    let mut input = String::from("3\n");
    for len in [1000, 2000, 3000] {
        input.push_str(&".".repeat(len));
        input.push('\n');
    }
    let text = treblecross(input);
    let verdicts: Vec<&str> = text.lines().step_by(2).collect();
    for (len, verdict) in [1000, 2000, 3000].into_iter().zip(verdicts) {
        let expected = if table.get(len) != 0 {
            "WINNING"
        } else {
            "LOSING"
        };
        assert_eq!(verdict, expected, "{len}");
    }
}

/// A deterministic pseudo-random strip of `n` cells with no three in a row.
fn random_strip(n: usize, seed: &mut u64) -> Vec<bool> {
    let mut strip = vec![false; n];
    let mut next = || {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as usize
    };
    for _ in 0..next() % (n / 3 + 1) {
        let i = next() % n;
        strip[i] = true;
        if strip.windows(3).any(|w| w.iter().all(|&x| x)) {
            strip[i] = false;
        }
    }
    strip
}

#[test]
fn the_engine_never_misses_a_win_on_strips_up_to_30_cells() {
    let mut table = GrundyTable::default();
    let mut seed = 7;
    let mut winning_positions = 0;
    for n in 3..=30usize {
        let mut solver: Solver<Treblecross> = Solver::new(Treblecross { len: n as u32 });
        for _ in 0..40 {
            let strip = random_strip(n, &mut seed);
            let mask = to_mask(&strip);
            let value = solver.solve(&mask);
            let Some(cell) = engine_move(&strip, &mut table).unwrap() else {
                panic!("no move on {strip:?}");
            };
            assert!(!strip[cell], "the engine plays an empty cell");
            let after = solver.solve(&(mask | 1 << cell)).for_previous_mover();
            if value.is_win() {
                winning_positions += 1;
                assert!(after.is_win(), "missed a win on {n} cells: {mask:b}");
            }
            let empty = strip.iter().filter(|&&x| !x).count();
            if empty <= EXACT_ENGINE_EMPTY_CELLS {
                // Exact: its move is worth exactly the position's value.
                assert_eq!(after, value, "{mask:b} of {n}");
            } else if value.is_loss() && safe_cells(&strip).iter().any(|&s| s) {
                // Long and lost: it never gives an immediate win away.
                assert!(safe_cells(&strip)[cell], "{mask:b} of {n}");
            }
        }
    }
    assert!(winning_positions > 300);
}

/// Runs `noughts treblecross` with `args` on `input`.
fn answers(args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// G(L) of a free segment by the plain mex over every cell (the
/// recurrence of the README, written apart from the solver).
fn plain_segment_values(up_to: usize) -> Vec<u16> {
    let mut g: Vec<u16> = vec![0];
    for len in 1..=up_to {
        let mut seen = [false; 64];
        for p in 0..len {
            let left = p.saturating_sub(2);
            let right = len.saturating_sub(p + 3);
            seen[usize::from(g[left] ^ g[right])] = true;
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u16);
    }
    g
}

#[test]
fn json_lines_agree_with_the_text_answers_and_exhaustive_search() {
    // Every strip of 3 to 11 cells with no three in a row, in one input.
    let mut strips: Vec<Vec<bool>> = Vec::new();
    for n in 3..=11usize {
        for mask in 0u32..(1 << n) {
            let strip: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            if !strip.windows(3).any(|w| w.iter().all(|&x| x)) {
                strips.push(strip);
            }
        }
    }
    let text_of =
        |s: &Vec<bool>| -> String { s.iter().map(|&x| if x { 'X' } else { '.' }).collect() };
    let mut input = format!("{}\n", strips.len());
    for strip in &strips {
        input.push_str(&text_of(strip));
        input.push('\n');
    }
    let text = answers(&["treblecross"], &input);
    let json = answers(&["treblecross", "--json"], &input);
    let text: Vec<&str> = text.lines().collect();
    let json: Vec<&str> = json.lines().collect();
    assert_eq!(json.len(), strips.len());
    let values = plain_segment_values(11);
    let mut solvers: Vec<Solver<Treblecross>> = (0..=11)
        .map(|n| Solver::new(Treblecross { len: n }))
        .collect();
    for (i, strip) in strips.iter().enumerate() {
        let doc: serde_json::Value = serde_json::from_str(json[i]).unwrap();
        let line = json[i];
        assert_eq!(doc["strip"], text_of(strip));
        assert_eq!(doc["verdict"], text[2 * i], "{line}");
        let cells: Vec<usize> = doc["winning_cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as usize)
            .collect();
        let listed: Vec<usize> = text[2 * i + 1]
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(cells, listed, "{line}");
        // Winning cells by exhaustive search (cells from 1).
        let n = strip.len();
        let solver = &mut solvers[n];
        let mask = to_mask(strip);
        let expected: Vec<usize> = (0..n)
            .filter(|&c| !strip[c] && solver.solve(&(mask | 1 << c)).is_loss())
            .map(|c| c + 1)
            .collect();
        assert_eq!(cells, expected, "{line}");
        let immediate = (0..n).any(|c| {
            let mut after = strip.clone();
            after[c] = true;
            !strip[c] && after.windows(3).any(|w| w.iter().all(|&x| x))
        });
        if immediate {
            assert_eq!(doc["state"], "immediate win", "{line}");
            assert!(doc["segments"].is_null() && doc["nim_sum"].is_null());
            continue;
        }
        assert_eq!(doc["state"], "segments", "{line}");
        // Free segments: the maximal runs of cells with no X within 2.
        let free = |c: usize| (c.saturating_sub(2)..(c + 3).min(n)).all(|d| !strip[d]);
        let mut runs = Vec::new();
        let mut c = 0;
        while c < n {
            if free(c) {
                let start = c;
                while c < n && free(c) {
                    c += 1;
                }
                runs.push((start + 1, c - start));
            } else {
                c += 1;
            }
        }
        let segments = doc["segments"].as_array().unwrap();
        let read: Vec<(usize, usize)> = segments
            .iter()
            .map(|s| {
                let (start, length) = (s["start"].as_u64().unwrap(), s["length"].as_u64().unwrap());
                assert_eq!(s["grundy"], values[length as usize], "{line}");
                (start as usize, length as usize)
            })
            .collect();
        assert_eq!(read, runs, "{line}");
        let nim_sum = runs.iter().fold(0, |sum, &(_, len)| sum ^ values[len]);
        assert_eq!(doc["nim_sum"], nim_sum, "{line}");
        assert_eq!(doc["verdict"] == "WINNING", nim_sum != 0, "{line}");
    }
}
