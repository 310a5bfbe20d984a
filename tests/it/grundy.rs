//! Grundy sequences of octal games: the rare/common method against the naive
//! mex, the naive mex against exhaustive game search, the periodicity check
//! against the literature and against brute force, and facts of the Treblecross values.

use crate::independent;

use noughts::notation::octal::NAMED_GAMES;
use noughts::solver::grundy::rare_common::rare_common_split;
use noughts::solver::grundy::{
    find_period, stats, GrundyMethod, GrundyTable, Naive, Period, RareCommon,
};
use noughts::solver::octal::OctalGame;
use proptest::prelude::*;
use std::collections::HashMap;

fn naive(game: &OctalGame, n: usize) -> Vec<u16> {
    let mut values = Vec::new();
    Naive.extend_to(game, &mut values, n, 1).unwrap();
    values
}

fn fast(game: &OctalGame, n: usize, threads: usize) -> Vec<u16> {
    let mut values = Vec::new();
    RareCommon.extend_to(game, &mut values, n, threads).unwrap();
    values
}

#[test]
fn every_fast_path_equals_the_naive_mex_up_to_20000() {
    for (name, _) in NAMED_GAMES {
        let game = name.parse::<OctalGame>().unwrap();
        let slow = naive(&game, 20_000);
        for threads in [1, 2] {
            assert_eq!(
                fast(&game, 20_000, threads),
                slow,
                "{name}, {threads} threads"
            );
        }
        // Continued from a table cut anywhere, as `--resume` does.
        let mut resumed = slow[..7_777].to_vec();
        RareCommon
            .extend_to(&game, &mut resumed, 20_000, 2)
            .unwrap();
        assert_eq!(resumed, slow, "{name} resumed");
    }
    // And the free-segment table the Treblecross analysis uses.
    let table = GrundyTable::with_len(20_000).unwrap();
    assert_eq!(
        table.values(),
        &naive(&OctalGame::treblecross(), 20_002)[2..]
    );
}

/// Every move from a heap of `n` as the heaps it leaves, decoded from the
/// code by the tests' own reading of the digits (not the crate's), and
/// Grundy's game's unequal splits.
fn each_option(code: &str, n: usize, each: &mut dyn FnMut(&[usize])) {
    if code == "grundy" {
        for small in 1..n.div_ceil(2) {
            each(&[small, n - small]);
        }
        return;
    }
    independent::decode(code)
        .expect("a valid code")
        .each_option(n, each);
}

/// The Grundy value of a position of several heaps by exhaustive search
/// over the moves of the whole position — no Sprague–Grundy sum, no xor.
fn position_value(code: &str, heaps: Vec<usize>, memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    if let Some(&v) = memo.get(&heaps) {
        return v;
    }
    let mut options = Vec::new();
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        let mut lefts = Vec::new();
        each_option(code, heaps[i], &mut |left| lefts.push(left.to_vec()));
        for left in lefts {
            let mut next: Vec<usize> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend(left);
            next.sort_unstable();
            options.push(position_value(code, next, memo));
        }
    }
    let value = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert(heaps, value);
    value
}

#[test]
fn the_naive_mex_equals_exhaustive_search_of_whole_positions() {
    for code in [
        "0.007", "0.77", "0.07", "0.137", "0.4", "0.51", "0.156", "0.6", "4.07", "4.6", "4.",
        "grundy",
    ] {
        let game = code.parse::<OctalGame>().unwrap();
        let values = naive(&game, 15);
        let mut memo = HashMap::new();
        for (heap, &value) in values.iter().enumerate() {
            assert_eq!(
                position_value(code, vec![heap], &mut memo),
                value as u32,
                "{code}, heap {heap}"
            );
        }
        // Sums of two heaps: the xor rule, checked rather than assumed.
        for a in 1..9 {
            for b in a..9 {
                assert_eq!(
                    position_value(code, vec![a, b], &mut memo),
                    (values[a] ^ values[b]) as u32,
                    "{code}, heaps {a} and {b}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Any octal code of up to four digits, `0.` or `4.`: the fast method
    /// on one to three threads equals the naive mex.
    #[test]
    fn random_codes_agree(
        split_first in any::<bool>(),
        digits in proptest::collection::vec(0u8..8, 1..5),
        threads in 1usize..4,
    ) {
        prop_assume!(split_first || digits.iter().any(|&d| d != 0));
        let first = if split_first { "4." } else { "0." };
        let code: String = std::iter::once(first.to_string())
            .chain(digits.iter().map(|d| d.to_string()))
            .collect();
        let game = code.parse::<OctalGame>().unwrap();
        prop_assert_eq!(fast(&game, 5_000, threads), naive(&game, 5_000), "{}", code);
    }
}

#[test]
fn the_literature_values_come_out() {
    let kayles = naive(&"kayles".parse::<OctalGame>().unwrap(), 13);
    assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    let dawson = naive(&"dawsons-kayles".parse::<OctalGame>().unwrap(), 34);
    assert_eq!(
        dawson,
        [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
            0, 4, 5, 2, 7
        ]
    );
    // Dawson's Chess is Dawson's Kayles on one more token.
    let chess = naive(&"dawsons-chess".parse::<OctalGame>().unwrap(), 2_000);
    let kayles = naive(&"dawsons-kayles".parse::<OctalGame>().unwrap(), 2_001);
    assert_eq!(chess, kayles[1..]);
}

#[test]
fn the_periods_of_the_literature_are_found() {
    for (name, preperiod, period) in [
        ("kayles", 71, 12),
        // The last exception is G(52) of 0.07, G(51) of 0.137: heap counts
        // differ by one between the two games.
        ("dawsons-kayles", 53, 34),
        ("dawsons-chess", 52, 34),
    ] {
        let game = name.parse::<OctalGame>().unwrap();
        let values = fast(&game, 3_000, 2);
        assert_eq!(
            find_period(&values, game.largest_take()),
            Some(Period { preperiod, period }),
            "{name}"
        );
    }
    let treblecross = OctalGame::treblecross();
    let values = fast(&treblecross, 20_000, 2);
    assert_eq!(find_period(&values, treblecross.largest_take()), None);
}

#[test]
fn a_period_counts_only_once_the_table_proves_it() {
    // Kayles: period 12 from 71 needs 2·71 + 2·12 + 2 + 1 = 169 values.
    let kayles = "kayles".parse::<OctalGame>().unwrap();
    let values = naive(&kayles, 400);
    assert_eq!(find_period(&values[..168], 2), None);
    assert_eq!(
        find_period(&values[..169], 2),
        Some(Period {
            preperiod: 71,
            period: 12
        })
    );
}

#[test]
fn the_period_found_is_what_brute_force_sees() {
    // Brute force over a long table: the values repeat with the period from
    // the pre-period on, and not from one heap earlier, and no smaller
    // period holds from any start up to half the table.
    for name in ["kayles", "dawsons-kayles", "dawsons-chess"] {
        let game = name.parse::<OctalGame>().unwrap();
        let values = naive(&game, 6_000);
        let Period { preperiod, period } =
            find_period(&values[..1_000], game.largest_take()).unwrap();
        assert!((preperiod..6_000 - period).all(|n| values[n] == values[n + period]));
        assert_ne!(values[preperiod - 1], values[preperiod - 1 + period]);
        for smaller in 1..period {
            assert!((3_000..6_000 - smaller).any(|n| values[n] != values[n + smaller]));
        }
    }
}

#[test]
fn the_spec_facts_on_treblecross_hold() {
    // G(0 … 25) as docs/commands.md lists them (`noughts grundy 26`).
    let table = GrundyTable::with_len(131_070).unwrap();
    assert_eq!(
        &table.values()[..26],
        [0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5, 5, 2]
    );
    // For L < 131,070 the largest value is 1024, first at L = 109,360.
    let s = stats(table.values());
    assert_eq!((s.largest, s.first_largest_at), (1024, 109_360));
}

#[test]
fn the_rare_common_split_is_the_best_of_every_mask() {
    let values = naive(&OctalGame::treblecross(), 3_000);
    let split = rare_common_split(&values);
    let rare_under = |mask: u16| {
        values
            .iter()
            .filter(|&&v| (v & mask).count_ones().is_multiple_of(2))
            .count()
    };
    let fewest = (0..1024u16).map(rare_under).min().unwrap();
    assert_eq!(split.rare, fewest);
    assert_eq!(split.rare, rare_under(split.mask));
    let last = (0..values.len())
        .rev()
        .find(|&i| (values[i] & split.mask).count_ones().is_multiple_of(2))
        .unwrap();
    assert_eq!(split.last_rare, last);
    // Common values are most of them (fewer still are rare further on):
    // the point of the method.
    assert!(split.rare * 3 < values.len(), "{split:?}");
}

fn noughts(args: &[&str]) -> String {
    let out = assert_cmd::Command::cargo_bin("noughts")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_command_prints_tables_and_statistics() {
    let values: Vec<u16> = noughts(&["grundy", "3000"])
        .lines()
        .map(|l| l.parse::<u16>().unwrap())
        .collect();
    assert_eq!(values, GrundyTable::with_len(3000).unwrap().values());
    // --game 0.007 lists heaps: the free segments shifted by two.
    let heaps = noughts(&["grundy", "3002", "--game", "0.007"]);
    let heaps: Vec<u16> = heaps.lines().map(|l| l.parse::<u16>().unwrap()).collect();
    assert_eq!(heaps[2..], values[..]);
    // The naive method prints the same.
    assert_eq!(
        noughts(&["grundy", "3000", "--method", "naive"]),
        noughts(&["grundy", "3000", "--threads", "1"])
    );
    let kayles = noughts(&["grundy", "500", "--game", "kayles", "--stats"]);
    assert!(kayles.contains("game: 0.77 (kayles)"), "{kayles}");
    assert!(
        kayles.contains("largest value: 8 (first at n = 27)"),
        "{kayles}"
    );
    assert!(kayles.contains("period: 12 with pre-period 71"), "{kayles}");
    let treblecross = noughts(&["grundy", "20000", "--stats"]);
    let s = stats(GrundyTable::with_len(20_000).unwrap().values());
    for line in [
        format!(
            "largest value: {} (first at L = {})",
            s.largest, s.first_largest_at
        ),
        format!("distinct values: {}", s.distinct),
        format!("mask {:#x}", s.split.mask),
        format!("{} of 20000 values rare", s.split.rare),
        format!("the last at L = {}", s.split.last_rare),
        "period: none proved up to L = 19999".to_string(),
    ] {
        assert!(treblecross.contains(&line), "{line} not in\n{treblecross}");
    }
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let out = assert_cmd::Command::cargo_bin("noughts")
        .unwrap()
        .args(["grundy", "70000", "--stats"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_table_written_with_out_is_continued_with_resume() {
    let dir = std::env::temp_dir().join(format!("noughts-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("g.txt");
    let path = table.to_str().unwrap();
    assert_eq!(noughts(&["grundy", "5000", "--out", path]), "");
    assert_eq!(
        noughts(&["grundy", "12000", "--resume", path, "--out", path]),
        ""
    );
    let written = crate::app_support::out_table(&table);
    assert_eq!(written, GrundyTable::with_len(12_000).unwrap().values());
    // Printing from the table reads it rather than recomputing.
    assert_eq!(
        noughts(&["grundy", "12000", "--resume", path]),
        noughts(&["grundy", "12000"])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stats_json_agrees_with_the_text_and_the_naive_values() {
    let cases: [(&[&str], &str, usize); 4] = [
        (&[], "0.007", 2),
        (&["--game", "kayles"], "0.77", 0),
        (&["--game", "dawsons-kayles"], "0.07", 0),
        (&["--game", "0.137"], "0.137", 0),
    ];
    for (game_args, code, offset) in cases {
        let n = 600;
        let mut args = vec!["grundy", "600", "--stats"];
        args.extend_from_slice(game_args);
        let words = noughts(&args);
        args.push("--json");
        let doc: serde_json::Value = serde_json::from_str(&noughts(&args)).unwrap();
        let game: OctalGame = code.parse().unwrap();
        let heaps = naive(&game, n + offset);
        let values = &heaps[offset..];
        assert_eq!(doc["game"], code);
        assert_eq!(doc["offset"], offset);
        assert_eq!(doc["values"], n);
        // Largest, where first, how many distinct: counted here.
        let largest = *values.iter().max().unwrap();
        let first = values.iter().position(|&g| g == largest).unwrap();
        let mut distinct = values.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(doc["largest"], largest, "{code}");
        assert_eq!(doc["first_largest_at"], first, "{code}");
        assert_eq!(doc["distinct"], distinct.len(), "{code}");
        // The rare count and the last rare position under the mask given.
        let split = &doc["rare_common"];
        let mask = split["mask"].as_u64().unwrap() as u16;
        let rare: Vec<usize> = (0..n)
            .filter(|&i| (values[i] & mask).count_ones().is_multiple_of(2))
            .collect();
        assert_eq!(split["rare"], rare.len(), "{code}");
        assert_eq!(
            split["last_rare"],
            rare.last().copied().unwrap_or(0),
            "{code}"
        );
        let at = if offset == 0 { "n" } else { "L" };
        for line in [
            format!("largest value: {largest} (first at {at} = {first})"),
            format!("distinct values: {}", distinct.len()),
            format!("mask {mask:#x}"),
            format!("{} of {n} values rare", rare.len()),
        ] {
            assert!(words.contains(&line), "{line} not in\n{words}");
        }
        // A period claimed holds on every value computed, and no shorter
        // pre-period would do.
        match doc["period"].as_object() {
            Some(period) => {
                let p = period["period"].as_u64().unwrap() as usize;
                let pre = period["preperiod"].as_u64().unwrap() as usize;
                let holds = |from: usize| (from..n - p).all(|i| values[i + p] == values[i]);
                assert!(holds(pre), "{code}");
                assert!(pre == 0 || !holds(pre - 1), "{code}");
                // Proved by the fewest values that do (Guy–Smith: up to
                // 2·n0 + 2p + t, in heaps), and not by one fewer.
                let t = game.largest_take();
                let proof = (2 * (pre + offset).max(1) + 2 * p + t + 1).max(p + t + 1);
                assert_eq!(period["proved_up_to"], proof - 1 - offset, "{code}");
                assert!(find_period(&heaps[..proof], t).is_some(), "{code}");
                assert_eq!(find_period(&heaps[..proof - 1], t), None, "{code}");
                assert_eq!(doc["period_checked"], true);
                assert!(words.contains(&format!("period: {p} with pre-period {pre} ")));
            }
            None => assert!(words.contains(&format!("period: none proved up to {at} = {}", n - 1))),
        }
    }
}

#[test]
fn grundys_game_has_its_published_values_and_sparse_heaps() {
    // OEIS A002188: G(0) … G(104).
    let published: [u16; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let game = "grundy".parse::<OctalGame>().unwrap();
    assert_eq!(naive(&game, 105), published);
    assert_eq!(fast(&game, 105, 2), published);
    // Flammenkamp's list of the sparse (rare) heaps below 232: an even
    // number of ones in G(n) without its lowest bit.
    let sparse = [
        0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28, 31, 34, 37, 40, 43, 46, 49, 50, 52, 53,
        55, 58, 61, 87, 90, 93, 146, 149, 152, 158, 161, 164, 167, 176, 179, 181, 182, 185, 188,
        190, 193, 196, 231,
    ];
    let values = fast(&game, 30_000, 2);
    let rare: Vec<usize> = (0..232)
        .filter(|&n| (values[n] & !1).count_ones().is_multiple_of(2))
        .collect();
    assert_eq!(rare, sparse);
    // And the mask found is that one, within the values' bits.
    assert_eq!(rare_common_split(&values).mask, 0xfe);
    assert_eq!(values, naive(&game, 30_000));
}

#[test]
fn splitting_without_taking_matches_its_twins() {
    // 4.6 is Kayles on one more token: taking one and splitting in two,
    // or splitting alone, from a heap one larger.
    let kayles = naive(&"kayles".parse::<OctalGame>().unwrap(), 5_000);
    let shifted = fast(&"4.6".parse::<OctalGame>().unwrap(), 5_001, 2);
    assert_eq!(shifted[1..], kayles[..]);
    for code in ["4.07", "4.077", "4.007", "4.3", "4.0000007"] {
        let game = code.parse::<OctalGame>().unwrap();
        assert_eq!(fast(&game, 20_000, 2), naive(&game, 20_000), "{code}");
    }
}

#[test]
fn codes_of_hundreds_of_digits_work() {
    // Digits 299 and 300: remove 299 leaving two heaps, or 300 leaving
    // any number; 255 digits is what ogsolve takes.
    let code = format!("0.{}47", "0".repeat(298));
    let game = code.parse::<OctalGame>().unwrap();
    assert_eq!(game.largest_take(), 300);
    assert_eq!(fast(&game, 6_000, 2), naive(&game, 6_000));
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&noughts(args)).unwrap()
}

#[test]
fn until_period_stops_at_the_proof() {
    // Kayles: the fewest values proving period 12 from 71 are 169.
    let doc = json(&["grundy", "--until-period", "--game", "kayles", "--json"]);
    assert_eq!(doc["values"], 169);
    assert_eq!(doc["period"]["period"], 12);
    assert_eq!(doc["period"]["preperiod"], 71);
    assert_eq!(doc["period"]["proved_up_to"], 168);
    // The same figures as --stats over those values.
    let words = noughts(&["grundy", "--until-period", "--game", "kayles"]);
    assert_eq!(
        words,
        noughts(&["grundy", "169", "--game", "kayles", "--stats"])
    );
    // No period within --max: computed to the end, said so.
    let doc = json(&["grundy", "--until-period", "--max", "5000", "--json"]);
    assert_eq!(doc["values"], 5000);
    assert_eq!(doc["period"], serde_json::Value::Null);
    // --out keeps the table it stopped at; --resume carries on from it.
    let dir = std::env::temp_dir().join(format!("noughts-until-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("g.txt");
    let path = table.to_str().unwrap();
    let args = [
        "grundy",
        "--until-period",
        "--game",
        "0.1377",
        "--out",
        path,
    ];
    let first = noughts(&args);
    assert!(first.contains("period: 24 with pre-period 141"), "{first}");
    let text = std::fs::read_to_string(&table).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 335);
    let mut resumed = args.to_vec();
    resumed.extend(["--resume", path]);
    assert_eq!(noughts(&resumed), first);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grundys_game_is_not_claimed_periodic() {
    let out = assert_cmd::Command::cargo_bin("noughts")
        .unwrap()
        .args(["grundy", "--until-period", "--game", "grundy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8(out.stderr).unwrap();
    assert!(error.contains("no periodicity check"), "{error}");
    let doc = json(&["grundy", "3000", "--game", "grundy", "--stats", "--json"]);
    assert_eq!(doc["period"], serde_json::Value::Null);
    assert_eq!(doc["period_checked"], false);
    assert_eq!(doc["game"], "grundy");
}

/// Every game of the survey with a published period: computed until the
/// period is proved, it is the published one.
#[test]
fn the_survey_agrees_with_the_literature() {
    use noughts::cli::grundy::SURVEY;
    for game in SURVEY {
        let Some(published) = game.published else {
            continue;
        };
        let doc = json(&["grundy", "--until-period", "--game", game.code, "--json"]);
        assert_eq!(doc["period"]["period"], published.period, "{}", game.code);
        assert_eq!(
            doc["period"]["preperiod"], published.preperiod,
            "{}",
            game.code
        );
    }
}

#[test]
fn the_survey_prints_a_row_per_game() {
    use noughts::cli::grundy::SURVEY;
    let table = noughts(&["grundy", "--survey", "--max", "20000"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), SURVEY.len() + 2, "{table}");
    for (game, line) in SURVEY.iter().zip(&lines[2..]) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cells[2], game.code, "{line}");
        match game.published {
            // Proved within 20,000 values: the published figures.
            Some(p) if p.preperiod < 5_000 => {
                assert_eq!(cells[3], p.period.to_string(), "{line}");
                assert_eq!(cells[4], p.preperiod.to_string(), "{line}");
            }
            _ if game.code == "grundy" => assert_eq!(cells[3], "not checked"),
            _ => assert_eq!(cells[3], "none proved up to 19999", "{line}"),
        }
    }
}

/// `--sha256` alone streams in bounded memory. With the prefix cut to 64
/// small heaps and the ring to its least (`NOUGHTS_GRUNDY_BOUNDS`), the
/// walks read back from the spill file and the ring wraps (0.167, 0.454:
/// their rare heaps end before 1,400) or grows (0.007): the hash is still
/// that of the naive mex's values, hashed here.
#[test]
fn a_streamed_hash_is_the_hash_of_the_naive_values() {
    use sha2::{Digest, Sha256};
    let n = 30_000;
    for code in ["0.167", "0.454", "0.007"] {
        let slow = naive(&code.parse().unwrap(), n);
        let bytes: Vec<u8> = slow.iter().flat_map(|g| g.to_le_bytes()).collect();
        let expected: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        for (threads, bounds) in [("1", "64,0"), ("2", "64,0"), ("2", "")] {
            let out = assert_cmd::Command::cargo_bin("noughts")
                .unwrap()
                .args(["grundy", &n.to_string(), "--game", code, "--sha256"])
                .args(["--threads", threads])
                .env("NOUGHTS_GRUNDY_BOUNDS", bounds)
                .env("NOUGHTS_GRUNDY_WAITS", "1")
                .output()
                .unwrap();
            assert!(out.status.success(), "{code}");
            assert_eq!(
                String::from_utf8(out.stdout).unwrap().trim(),
                expected,
                "{code}, {threads} threads, bounds {bounds:?}"
            );
            let said = String::from_utf8(out.stderr).unwrap();
            if code != "0.007" && !bounds.is_empty() {
                // The ring stayed short of the table.
                let ring: usize = said
                    .split("a ring of ")
                    .nth(1)
                    .and_then(|rest| rest.split(' ').next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{said}"));
                assert!(ring < n / 4, "{code}: {said}");
            }
        }
    }
}

/// A streamed run with nowhere to put the values that leave memory says
/// where it tried, in one line, with status 1.
#[cfg(unix)]
#[test]
fn a_streamed_run_without_a_temporary_folder_says_where_it_looked() {
    let out = assert_cmd::Command::cargo_bin("noughts")
        .unwrap()
        .args(["grundy", "1000", "--sha256"])
        .env("TMPDIR", "/nonexistent/noughts-tmp")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("/nonexistent/noughts-tmp") && said.contains("TMPDIR"),
        "{said}"
    );
}

/// A long run killed with kill -9 at random moments and started again
/// with the same --checkpoint ends with the values of a run never stopped
/// (the same SHA-256), however many times it was killed, a kill while the
/// header or half a value was being written included. `--sha256` streams:
/// some sittings with the ring cut short, so that walks and refills read
/// back from the checkpoint itself. The file is byte for byte the one the
/// whole-table form writes, and either form goes on from the other's.
#[cfg(unix)]
#[test]
fn a_checkpointed_run_killed_anywhere_resumes_to_the_same_values() {
    use noughts::solver::puzzle::SplitMix64;
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let n = "200000";
    let args = ["grundy", n, "--game", "0.007", "--sha256", "--threads", "2"];
    let whole = noughts(&args);
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("run.bin");
    let mut random = SplitMix64::new(2026);
    let mut kills = 0;
    let hash = loop {
        assert!(kills < 200, "never finished");
        let bounds = ["", "64,0"][random.below(2)];
        let child = Command::new(env!("CARGO_BIN_EXE_noughts"))
            .args(args)
            .arg("--checkpoint")
            .arg(&file)
            .env("NOUGHTS_CHECKPOINT_MS", "20")
            .env("NOUGHTS_GRUNDY_BOUNDS", bounds)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id() as libc::pid_t;
        // Anywhere in the first 400 ms, a window that widens with each
        // kill: on a loaded machine a sitting that starts slowly still
        // gets far enough, in time, for the run to end.
        let window = 400 + 25 * kills;
        std::thread::sleep(Duration::from_millis(random.below(window) as u64));
        // SAFETY: kill has no memory effects; the pid is our child's.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        let out = child.wait_with_output().unwrap();
        if out.status.success() {
            break String::from_utf8(out.stdout).unwrap();
        }
        kills += 1;
    };
    assert_eq!(hash, whole);
    assert!(
        kills >= 3,
        "killed {kills} times only: the test kills too late"
    );
    // The file holds the game's heap values, 2 bytes each, after its
    // header: three whole blocks of 65,536 with a 4-byte checksum each, and
    // a tail of 3,392 values with its 8-byte seal.
    let bytes = std::fs::read(&file).unwrap();
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    assert_eq!(bytes.len() - header, 2 * 200_000 + 4 * 3 + 8);
    // The whole-table form (no --sha256) to 120,000, then streamed on.
    let other = folder.path().join("other.bin");
    let other_path = other.to_str().unwrap();
    let whole_form = [
        "grundy",
        "120000",
        "--game",
        "0.007",
        "--checkpoint",
        other_path,
    ];
    assert_eq!(noughts(&whole_form).lines().count(), 120_000);
    let out = Command::new(env!("CARGO_BIN_EXE_noughts"))
        .args(args)
        .args(["--checkpoint", other_path])
        .env("NOUGHTS_GRUNDY_BOUNDS", "64,0")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), whole);
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("(120000 values: every block's checksum verified"),
        "{said}"
    );
    assert!(std::fs::read(&other).unwrap() == bytes, "not the same file");
    // A file holding more than asked: the hash of the first values only.
    let short = ["grundy", "1000", "--game", "0.007", "--sha256"];
    let from_file = noughts(&[&short[..], &["--checkpoint", other_path]].concat());
    assert_eq!(from_file, noughts(&short));
    // And the whole-table form reads the streamed file on.
    let longer = [
        "grundy",
        "200100",
        "--game",
        "0.007",
        "--checkpoint",
        other_path,
    ];
    let values = noughts(&longer);
    let naive_tail = naive(&"0.007".parse().unwrap(), 200_100);
    let last: Vec<u16> = values
        .lines()
        .skip(200_000)
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(last, naive_tail[200_000..]);
}

/// An interrupted streamed run keeps every value it found in its
/// checkpoint, says how far it got, and the same command goes on from
/// there to the hash of a run never stopped.
#[cfg(unix)]
#[test]
fn an_interrupted_streamed_run_keeps_what_it_found() {
    use std::process::{Command, Stdio};
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("run.bin");
    let path = file.to_str().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_noughts"))
        .args(["grundy", "50000000", "--game", "0.007", "--sha256"])
        .args(["--checkpoint", path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupted once it has written a few blocks, however slow the
    // machine (a fixed pause could come before the first).
    let started = std::time::Instant::now();
    while std::fs::metadata(&file).map_or(0, |m| m.len()) < 140_000 {
        assert!(started.elapsed().as_secs() < 120, "no blocks written");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    let last: usize = said
        .split("interrupted: wrote G(0) … G(")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|k| k.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(
        said.contains("to the checkpoint (the same command continues)"),
        "{said}"
    );
    assert!(last > 10_000, "{said}");
    let n = (last + 1 + 5_000).to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_noughts"))
        .args([
            "grundy",
            &n,
            "--game",
            "0.007",
            "--sha256",
            "--checkpoint",
            path,
        ])
        .output()
        .unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{said}");
    assert!(said.contains(&format!("({} values: ", last + 1)), "{said}");
    let hash = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        hash,
        noughts(&["grundy", &n, "--game", "0.007", "--sha256"])
    );
}

/// `--records` streams too (the values counted as they pass), with a
/// checkpoint or not, from a checkpoint resumed or not, on a ring cut
/// short: the same document as the form that keeps the whole table
/// (`--out` keeps it).
#[test]
fn streamed_records_are_those_of_the_whole_table() {
    use std::process::Command;
    let folder = tempfile::tempdir().unwrap();
    let table = folder.path().join("table.txt");
    let file = folder.path().join("run.bin");
    let run = |args: &[&str], bounds: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_noughts"))
            .args(args)
            .env("NOUGHTS_GRUNDY_BOUNDS", bounds)
            .env("NOUGHTS_GRUNDY_WAITS", "1")
            .output()
            .unwrap();
        let said = String::from_utf8(out.stderr).unwrap();
        assert!(out.status.success(), "{args:?}: {said}");
        // Only the streaming form says its ring.
        let streamed = said.contains("a ring of");
        assert_eq!(streamed, !args.contains(&"--out"), "{args:?}: {said}");
        String::from_utf8(out.stdout).unwrap()
    };
    for (code, n) in [
        ("0.007", "40000"),
        ("treblecross", "40000"),
        ("0.137", "3000"),
    ] {
        let _ = std::fs::remove_file(&file);
        let game = ["--game", code];
        let whole = run(
            &[
                &["grundy", n, "--records", "--out"],
                &[table.to_str().unwrap()][..],
                &game,
            ]
            .concat(),
            "",
        );
        assert!(whole.contains("\"histogram\""), "{whole}");
        assert_eq!(
            run(&[&["grundy", n, "--records"][..], &game].concat(), "64,0"),
            whole
        );
        // Half first, then resumed from the checkpoint to the end.
        let path = file.to_str().unwrap();
        let half = (n.parse::<usize>().unwrap() / 2).to_string();
        let first = run(
            &[
                &["grundy", &half, "--records", "--checkpoint", path][..],
                &game,
            ]
            .concat(),
            "64,0",
        );
        assert!(first.contains(&format!("\"values\": {half}")), "{first}");
        let on = run(
            &[&["grundy", n, "--records", "--checkpoint", path][..], &game].concat(),
            "64,0",
        );
        assert_eq!(on, whole, "{code}");
    }
}

/// A sealed tail of 65,534 or 65,535 values is as long as a whole block
/// with its checksum, or longer: it was read as a block, its checksum did
/// not match, and the whole file was refused (found by review; seen
/// failing with the binary of 44a2bb0).
#[test]
fn a_checkpoint_ending_in_a_tail_of_almost_a_block_resumes() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("run.bin");
    let path = file.to_str().unwrap();
    // Free segments: N + 2 heaps, so 65,532 and 65,533 make tails of
    // 65,534 and 65,535.
    for short in ["65532", "65533"] {
        let _ = std::fs::remove_file(&file);
        noughts(&["grundy", short, "--sha256", "--checkpoint", path]);
        let longer = noughts(&["grundy", "70000", "--sha256", "--checkpoint", path]);
        assert_eq!(longer, noughts(&["grundy", "70000", "--sha256"]), "{short}");
    }
}

/// `--records` looks for a period in the values after the last rare one,
/// as they stream back from the checkpoint: games known periodic from
/// there are found so, with the period `--stats` proves (another search,
/// over the whole table); for Treblecross a value met once in the window
/// rules out every period up to half its length, checked here against the
/// table `--out` writes.
#[test]
fn records_say_whether_the_values_after_the_last_rare_one_repeat() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("run.bin");
    let path = file.to_str().unwrap();
    let period_of = |code: &str, n: &str| -> serde_json::Value {
        let _ = std::fs::remove_file(&file);
        let json = noughts(&[
            "grundy",
            n,
            "--game",
            code,
            "--records",
            "--checkpoint",
            path,
        ]);
        let records: serde_json::Value = serde_json::from_str(&json).unwrap();
        // The window begins after the last rare value, if any.
        let last = &records["prefixes"].as_array().unwrap().last().unwrap();
        let from = match last["rare"].as_u64().unwrap() {
            0 => 0,
            _ => last["last_rare"].as_u64().unwrap() + 1,
        };
        assert_eq!(records["period"]["from"], from, "{code}: {json}");
        records["period"].clone()
    };
    // Dawson's-Kayles-like 0.077, Kayles, 4.7: periodic, proved.
    for (code, period, from) in [("0.077", 24, 142), ("0.77", 12, 71), ("4.7", 2, 1)] {
        let found = period_of(code, "3000");
        assert_eq!(found["verdict"], "repeats", "{code}: {found}");
        assert_eq!(found["period"], period, "{code}: {found}");
        assert_eq!(found["from"], from, "{code}: {found}");
        assert_eq!(found["proved"], true, "{code}: {found}");
        let stats = noughts(&["grundy", "3000", "--game", code, "--stats"]);
        let said = format!("period: {period} with pre-period {from} ");
        assert!(stats.contains(&said), "{code}: {stats}");
    }
    // Treblecross: one value once, and it is once in the table's window.
    let found = period_of("0.007", "40000");
    assert_eq!(found["verdict"], "once", "{found}");
    let table = folder.path().join("table.txt");
    noughts(&[
        "grundy",
        "40000",
        "--game",
        "0.007",
        "--out",
        table.to_str().unwrap(),
    ]);
    let values = crate::app_support::out_table(&table);
    let (from, at, value) = (
        found["from"].as_u64().unwrap() as usize,
        found["at"].as_u64().unwrap() as usize,
        found["value"].as_u64().unwrap() as u16,
    );
    assert_eq!(found["bound"], (40000 - from) / 2, "{found}");
    let places: Vec<usize> = (from..values.len())
        .filter(|&n| values[n] == value)
        .collect();
    assert_eq!(places, vec![at], "{found}");
    assert!(found["words"]
        .as_str()
        .unwrap()
        .starts_with("no period up to"));
}
