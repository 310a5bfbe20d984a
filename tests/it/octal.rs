//! Grundy values of octal games, as the binary prints them, against the
//! test's own decoding of the code and plain mex over every move
//! (`independent`, written from the digits' definition). The crate's fast
//! and naive methods share its decoding of a code into moves, so comparing
//! them with each other cannot catch a decoding error; this can. Only the
//! command line is used: no library path.

use crate::independent;

use assert_cmd::Command;
use independent::{decode, grundys_game_values, segment_values};

/// The codes of the "Known games" table in docs/commands.md (the named games among
/// them: 0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's Chess, 0.007
/// Treblecross, `grundy` Grundy's game).
const KNOWN_GAMES: [&str; 13] = [
    "0.77", "0.07", "0.137", "0.1377", "0.177", "0.11377", "0.127", "0.56", "4.6", "4.077",
    "4.007", "0.007", "grundy",
];

/// Values compared for each known game.
const KNOWN_COUNT: usize = 2_000;

/// `G(0 … count − 1)` of `code` by the plain mex.
fn plain(code: &str, count: usize) -> Vec<u32> {
    if code == "grundy" {
        return grundys_game_values(count);
    }
    decode(code)
        .unwrap_or_else(|| panic!("{code} has a move"))
        .values(count)
}

/// Runs `noughts grundy` with `args`; returns its output and exit status.
fn grundy(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .arg("grundy")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// The values `noughts grundy COUNT ARGS…` prints, one a line.
fn printed(count: usize, args: &[&str]) -> Vec<u32> {
    let count = count.to_string();
    let (out, err, status) = grundy(&[&[count.as_str()][..], args].concat());
    assert_eq!(status, Some(0), "{args:?}: {err}");
    out.lines()
        .map(|line| {
            line.parse()
                .unwrap_or_else(|_| panic!("{args:?}: {line:?}"))
        })
        .collect()
}

/// Where two value lists first differ, for a short failure message.
fn first_difference(a: &[u32], b: &[u32]) -> Option<(usize, Option<u32>, Option<u32>)> {
    (0..a.len().max(b.len()))
        .map(|n| (n, a.get(n).copied(), b.get(n).copied()))
        .find(|(_, x, y)| x != y)
}

#[test]
fn the_plain_mex_gives_the_published_values() {
    // Kayles (0.77): the start in the literature, period 12 from 71.
    let kayles = plain("0.77", 400);
    assert_eq!(kayles[..13], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    assert!((71..388).all(|n| kayles[n + 12] == kayles[n]));
    assert_ne!(kayles[70 + 12], kayles[70]);
    // Dawson's Kayles (0.07): period 34 from 53; Dawson's Chess (0.137) is
    // it on one token fewer.
    let dawson = plain("0.07", 400);
    assert!((53..366).all(|n| dawson[n + 34] == dawson[n]));
    assert_ne!(dawson[52 + 34], dawson[52]);
    assert_eq!(plain("0.137", 399)[..], dawson[1..]);
    // Grundy's game: OEIS A002188.
    assert_eq!(
        plain("grundy", 24),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0]
    );
    // Treblecross: the free segments of docs/commands.md (`noughts grundy 26`),
    // and a segment of L cells is a 0.007 heap of L + 2.
    let segments = segment_values(400);
    assert_eq!(
        segments[..26],
        [0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5, 5, 2]
    );
    assert_eq!(plain("0.007", 403)[2..], segments[..]);
}

#[test]
fn every_known_game_agrees_with_the_plain_mex() {
    for code in KNOWN_GAMES {
        let expected = plain(code, KNOWN_COUNT);
        for method in ["fast", "naive"] {
            let got = printed(KNOWN_COUNT, &["--game", code, "--method", method]);
            assert_eq!(
                first_difference(&got, &expected),
                None,
                "{code} by the {method} method: (n, printed, plain mex)"
            );
        }
    }
    // Without --game: free Treblecross segments, heaps of 0.007 from 2 on.
    let got = printed(KNOWN_COUNT, &[]);
    assert_eq!(
        first_difference(&got, &segment_values(KNOWN_COUNT - 1)),
        None,
        "free segments: (L, printed, plain mex)"
    );
}

/// A deterministic pseudo-random number below `below`.
fn next(seed: &mut u64, below: u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) % below
}

/// Random codes compared (those with no move are refused, and counted
/// apart).
const RANDOM_CODES: usize = 300;

/// Values compared for each random code.
const RANDOM_COUNT: usize = 1_500;

#[test]
fn random_codes_agree_with_the_plain_mex() {
    let mut seed = 2024;
    let (mut compared, mut refused) = (0, 0);
    while compared < RANDOM_CODES {
        let first = if next(&mut seed, 2) == 0 { '0' } else { '4' };
        let digits: String = (0..1 + next(&mut seed, 4))
            .map(|_| char::from(b'0' + next(&mut seed, 8) as u8))
            .collect();
        let code = format!("{first}.{digits}");
        let Some(rules) = decode(&code) else {
            // No digit allows a move: 0.0, 0.00, …
            let (out, err, status) = grundy(&["10", "--game", &code]);
            assert_eq!(status, Some(2), "{code} is refused: {out}");
            assert!(err.contains("no move"), "{code}: {err}");
            refused += 1;
            continue;
        };
        let expected = rules.values(RANDOM_COUNT);
        // The naive method on every fourth code: it shares the decoding.
        let methods: &[&str] = if compared % 4 == 0 {
            &["fast", "naive"]
        } else {
            &["fast"]
        };
        for method in methods {
            let got = printed(RANDOM_COUNT, &["--game", &code, "--method", method]);
            assert_eq!(
                first_difference(&got, &expected),
                None,
                "{code} by the {method} method: (n, printed, plain mex)"
            );
        }
        compared += 1;
    }
    // Some of the 4 × 4 … codes have no move.
    assert!(refused > 0);
}
