//! The O(n) Treblecross analysis against exhaustive game search on every
//! strip of 3 to 14 cells, and the binary on the contest sample.

use assert_cmd::Command;
use noughts::solver::grundy::GrundyTable;
use noughts::solver::treblecross::{analyze, to_mask, StripAnalysis, Treblecross};
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
            let analysis = analyze(&strip, &mut table);
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
    let table = GrundyTable::with_len(3001);
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
