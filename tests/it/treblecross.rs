//! The O(n) Treblecross analysis and the engine against exhaustive game
//! search on every strip of 3 to 14 cells and random strips of up to 30,
//! and the binary on the contest sample. The exhaustive search and the
//! segment values are the test's own (`independent`), written from the
//! rules: the crate's search is what is being checked.

use crate::independent;

use assert_cmd::Command;
use independent::{mask_of, safe, segment_values, TreblecrossSearch, Value};
use noughts::solver::grundy::GrundyTable;
use noughts::solver::treblecross::{
    analyze, engine_move, strip_value, to_mask, StripAnalysis, EXACT_ENGINE_EMPTY_CELLS,
};

#[test]
fn every_strip_up_to_14_cells_matches_exhaustive_search() {
    // Every strip here has few enough empty cells to be played exactly.
    const { assert!(EXACT_ENGINE_EMPTY_CELLS >= 14) };
    let mut table = GrundyTable::default();
    let mut strips = 0;
    for n in 3..=14usize {
        let mut search = TreblecrossSearch::new(n);
        for mask in 0u64..(1 << n) {
            let strip: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let analysis = analyze(&strip, &mut table).unwrap();
            let value = search.value(mask);
            if let StripAnalysis::Finished { .. } = analysis {
                assert_eq!(value, Value::Loss(0), "strip {mask:b} of {n}");
                continue;
            }
            strips += 1;
            assert_ne!(value, Value::Draw, "no draws on {n} cells");
            assert_eq!(
                analysis.is_winning(),
                value.is_win(),
                "strip {mask:b} of {n}"
            );
            // A winning cell is a move after which the opponent loses.
            assert_eq!(
                analysis.winning_cells(),
                &search.winning_cells(mask)[..],
                "strip {mask:b} of {n}"
            );
            assert_eq!(to_mask(&strip), mask);
            // Few cells empty: the value and the engine's move are exact.
            let claimed = strip_value(&strip, &mut table).unwrap();
            let plies = claimed.plies.map(u32::from);
            assert_eq!(plies, value.plies(), "plies of {mask:b} of {n}");
            let cell = engine_move(&strip, &mut table).unwrap().unwrap();
            assert_eq!(
                search.move_value(mask, cell),
                value,
                "the engine's move {cell} on {mask:b} of {n}"
            );
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
    // An empty strip of L cells is one free segment: winning iff G(L) != 0
    // (the values by the plain mex over every cell, not the crate's).
    let values = segment_values(3000);
    let mut input = String::from("3\n");
    for len in [1000, 2000, 3000] {
        input.push_str(&".".repeat(len));
        input.push('\n');
    }
    let text = treblecross(input);
    let verdicts: Vec<&str> = text.lines().step_by(2).collect();
    for (len, verdict) in [1000, 2000, 3000].into_iter().zip(verdicts) {
        let expected = if values[len] != 0 {
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
    let (mut winning_positions, mut exact_moves, mut long_lost) = (0, 0, 0);
    for n in 3..=30usize {
        let mut search = TreblecrossSearch::new(n);
        let mut strips: Vec<Vec<bool>> = (0..40).map(|_| random_strip(n, &mut seed)).collect();
        // Sparse strips, where winning cells differ in how fast they win
        // (the engine must take the fastest): the empty strip while it is
        // played exactly, and one X while the crate's search is quick.
        if n <= EXACT_ENGINE_EMPTY_CELLS {
            strips.push(vec![false; n]);
        }
        if n <= 20 {
            for i in 0..n {
                let mut strip = vec![false; n];
                strip[i] = true;
                strips.push(strip);
            }
        }
        for strip in strips {
            let mask = mask_of(&strip);
            let value = search.value(mask);
            let empty = strip.iter().filter(|&&x| !x).count();
            // The verdict, the winning cells and the value of the strip.
            let analysis = analyze(&strip, &mut table).unwrap();
            assert_eq!(analysis.is_winning(), value.is_win(), "{mask:b} of {n}");
            assert_eq!(
                analysis.winning_cells(),
                &search.winning_cells(mask)[..],
                "{mask:b} of {n}"
            );
            let claimed = strip_value(&strip, &mut table).unwrap();
            assert_eq!(claimed.winning, value.is_win(), "{mask:b} of {n}");
            // Plies too when few cells are empty: exact there.
            let exact = empty <= EXACT_ENGINE_EMPTY_CELLS;
            let plies = claimed.plies.map(u32::from);
            assert_eq!(
                plies,
                value.plies().filter(|_| exact),
                "plies of {mask:b} of {n}"
            );
            // The engine's move, worth what the search says it is worth.
            let Some(cell) = engine_move(&strip, &mut table).unwrap() else {
                panic!("no move on {strip:?}");
            };
            assert!(!strip[cell], "the engine plays an empty cell");
            let after = search.move_value(mask, cell);
            if value.is_win() {
                winning_positions += 1;
                assert!(
                    after.is_win(),
                    "missed a win on {n} cells: {mask:b}, played {cell}"
                );
            }
            let safe = safe(&strip);
            if exact {
                // Exact: its move is worth exactly the position's value.
                exact_moves += 1;
                assert_eq!(after, value, "{mask:b} of {n}, played {cell}");
            } else if value.is_loss() && safe.iter().any(|&s| s) {
                // Long and lost: it never gives an immediate win away.
                long_lost += 1;
                assert!(
                    safe[cell],
                    "gave a win away on {mask:b} of {n}: played {cell}"
                );
            }
        }
    }
    assert!(winning_positions > 300);
    // Both kinds of strips are met.
    assert!(
        exact_moves > 300 && long_lost > 10,
        "{exact_moves} {long_lost}"
    );
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
    let values = segment_values(11);
    let mut searches: Vec<TreblecrossSearch> = (0..=11).map(TreblecrossSearch::new).collect();
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
        let expected: Vec<usize> = searches[n]
            .winning_cells(mask_of(strip))
            .into_iter()
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

/// The second hint where a strip has one free stretch (round 14 read `the
/// free stretch of 14` on a strip of one): the stretches the first winning
/// cell leaves, by the test's own rule, and their counts cancel out.
fn only_stretch_hint(strip: &[bool], cells: &[usize], hint: &str, g: &[u32]) {
    let cell = cells[0];
    // One of several winning cells is said as one (round 17).
    let which = match cells.len() {
        1 => "the winning cell leaves ",
        _ => "one winning cell leaves ",
    };
    let safe_before = safe(strip);
    let from = safe_before.iter().position(|&s| s).unwrap();
    let to = safe_before.iter().rposition(|&s| s).unwrap();
    let prefix = match from == to {
        true => format!("the only free stretch is cell {}: ", from + 1),
        false => format!("the only free stretch is cells {}–{}: ", from + 1, to + 1),
    };
    let leaves = hint
        .strip_prefix(&prefix)
        .and_then(|rest| rest.strip_prefix(which))
        .unwrap_or_else(|| panic!("{hint}"));
    let mut after = strip.to_vec();
    after[cell] = true;
    let safe_after = safe(&after);
    let mut runs = Vec::new();
    let mut run = 0;
    for &s in safe_after.iter().chain([&false]) {
        match s {
            true => run += 1,
            false if run > 0 => {
                runs.push(run);
                run = 0;
            }
            false => {}
        }
    }
    let expected = match runs[..] {
        [] => "no free cell".to_string(),
        [a] => format!("one stretch, of {a}, which counts 0"),
        [a, b] => format!("two stretches, of {a} and {b}, whose counts cancel out"),
        _ => panic!("{hint}: three stretches after one X"),
    };
    assert_eq!(leaves, expected, "{hint}");
    assert_eq!(runs.iter().fold(0, |x, &r| x ^ g[r]), 0, "{hint}");
}

#[test]
fn a_winning_cells_hints_are_plain_words_and_name_the_stretch_it_is_in() {
    use noughts::notation::treblecross::puzzle_hint;
    use noughts::solver::puzzle::Puzzler;
    use noughts::solver::treblecross::{TreblecrossPuzzle, TreblecrossTask};
    let g = segment_values(200);
    let mut table = GrundyTable::default();
    let mut puzzler = Puzzler::new();
    let (mut asked, mut only) = (0, 0);
    for level in 1..=4u8 {
        for number in 1..=20u32 {
            let p: TreblecrossPuzzle = puzzler.named(level, number);
            let TreblecrossTask::WinningCell { cells } = &p.task else {
                continue;
            };
            asked += 1;
            let analysis = analyze(&p.strip, &mut table).unwrap();
            let values = table.values().to_vec();
            let hint = |step, details| puzzle_hint(&p, &analysis, &values, step, details);
            let first = hint(1, false);
            // Every free stretch, with its count (the test's own values),
            // each a whole run of safe cells by the test's own rule.
            let safe = safe(&p.strip);
            let listed = first
                .strip_prefix("the free stretches count: ")
                .and_then(|rest| rest.split_once("; a winning cell leaves counts that cancel out"))
                .unwrap_or_else(|| panic!("{first}"))
                .0;
            let mut stretches = 0;
            for item in listed.split(", ").flat_map(|s| s.split(" and ")) {
                let (cells, count) = item.split_once(" → ").unwrap_or_else(|| panic!("{first}"));
                let range = cells
                    .trim_start_matches("cells ")
                    .trim_start_matches("cell ");
                let (a, b) = range.split_once('–').unwrap_or((range, range));
                let (from, to) = (
                    a.parse::<usize>().unwrap() - 1,
                    b.parse::<usize>().unwrap() - 1,
                );
                assert!((from..=to).all(|c| safe[c]), "{first}");
                assert!(from == 0 || !safe[from - 1], "{first}");
                assert!(to + 1 == p.strip.len() || !safe[to + 1], "{first}");
                assert_eq!(count, g[to - from + 1].to_string(), "{first}");
                stretches += 1;
            }
            assert_eq!(stretches, safe_runs(&safe), "{first}");
            let second = hint(2, false);
            for plain in [&first, &second] {
                for expert in ["nim-sum", "G =", "segment", "Grundy"] {
                    assert!(!plain.contains(expert), "{plain}");
                }
            }
            assert!(hint(1, true).contains("nim-sum"));
            // The only stretch: what the first winning cell leaves of it
            // (by the test's own rule), counts that cancel out.
            if stretches == 1 {
                only_stretch_hint(&p.strip, cells, &second, &g);
                only += 1;
                continue;
            }
            // The stretch named: safe cells (by the test's own rule), the
            // cells beside it not, and the first winning cell in it.
            let (len, from, to) = {
                let rest = second
                    .strip_prefix("a winning cell lies in the free stretch of ")
                    .unwrap_or_else(|| panic!("{second}"));
                let (len, cells_part) = rest.split_once(' ').unwrap();
                let inner = cells_part.trim_matches(|c| "()".contains(c));
                let range = inner
                    .trim_start_matches("cells ")
                    .trim_start_matches("cell ");
                let (a, b) = range.split_once('–').unwrap_or((range, range));
                let n = |s: &str| s.parse::<usize>().unwrap() - 1;
                (len.parse::<usize>().unwrap(), n(a), n(b))
            };
            assert_eq!(to - from + 1, len, "{second}");
            assert!((from..=to).all(|c| safe[c]), "{second}");
            assert!(from == 0 || !safe[from - 1], "{second}");
            assert!(to + 1 == p.strip.len() || !safe[to + 1], "{second}");
            assert!((from..=to).contains(&cells[0]), "{second}: {cells:?}");
            assert!(hint(2, true).ends_with(&format!("worth G = {}", g[len])));
            let last = hint(3, false);
            assert!(last.contains(&(cells[0] + 1).to_string()), "{last}");
        }
    }
    assert!(asked > 20, "{asked} winning-cell puzzles");
    assert!(only > 0, "no strip of one stretch among {asked}");
}

/// How many runs of safe cells there are.
fn safe_runs(safe: &[bool]) -> usize {
    (0..safe.len())
        .filter(|&c| safe[c] && (c == 0 || !safe[c - 1]))
        .count()
}

#[test]
fn the_stretch_counts_a_puzzle_lists_are_the_values_of_free_stretches() {
    use noughts::notation::treblecross::stretch_counts;
    let g = segment_values(400);
    let mut table = GrundyTable::default();
    table.extend_to(401).unwrap();
    let mut cuts = 0;
    for longest in [1, 2, 4, 13, 40, 60, 80, 400] {
        let words = stretch_counts(table.values(), longest);
        // At most 50 runs, then `…` (the listing stops short of `longest`).
        let (words, cut) =
            match words.strip_suffix(", … (longer: the first hint counts each stretch)") {
                Some(listed) => (listed.to_string(), true),
                None => (words, false),
            };
        // Runs `a–b → c` (or `a → c`) that cover 1 to `longest` in order,
        // neighbouring runs of different counts.
        let mut next = 1;
        let mut last_count = None;
        for run in words.split(", ") {
            let (lens, count) = run.split_once(" → ").unwrap_or_else(|| panic!("{words}"));
            let (a, b) = lens.split_once('–').unwrap_or((lens, lens));
            let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(a, next, "{words}");
            let count: u32 = count.parse().unwrap();
            assert!((a..=b).all(|len| g[len] == count), "{run} in {words}");
            assert_ne!(last_count, Some(count), "{words}");
            last_count = Some(count);
            next = b + 1;
        }
        // A level-8 strip's stretches (to about 80 cells) are listed whole
        // (round 6 met a list that stopped at 39 under a stretch of 56).
        assert!(longest > 80 || !cut, "{longest}: {words}");
        cuts += usize::from(cut);
        match cut {
            true => assert!(
                next <= longest && words.split(", ").count() == 50,
                "{words}"
            ),
            // Up to `longest` at least, and the last run whole (`1–3 → 1`
            // where the longest is 2: `1–2 → 1` read as if 3 counted
            // otherwise, round 11).
            false => {
                assert!(next > longest, "{words}");
                assert!(
                    next >= g.len() || Some(g[next]) != last_count,
                    "the last run is cut: {words}"
                );
            }
        }
    }
    // The longest strips are cut short, and so checked too.
    assert!(cuts > 0);
}
