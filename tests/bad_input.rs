//! Bad input for every command: a one-line error with line and column,
//! exit status 2, never a panic. Property tests throw arbitrary text at
//! every parser.

use assert_cmd::Command;
use noughts::cli;
use noughts::solver::mnc::Position;
use proptest::prelude::*;

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_bad(args: &[&str], stdin: &str, place: &str, words: &str) {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!(code, Some(2), "{args:?} {stdin:?}: {stderr}");
    assert!(stdout.is_empty(), "no partial answer: {stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(place), "{stderr} lacks {place}");
    assert!(stderr.contains(words), "{stderr} lacks {words}");
}

#[test]
fn tictactoe_bad_input() {
    let cf = ["tictactoe"];
    assert_bad(&cf, "", "line 1, column 1", "expected row 1 of board 1");
    assert_bad(&cf, "X0X\n.x.\n...\n", "line 2, column 2", "found 'x'");
    assert_bad(&cf, "X0X\n..\n...\n", "line 2, column 3", "row of 3 cells");
    assert_bad(&cf, "X0X\n...\n", "line 3, column 1", "row 3 of board 1");
    assert_bad(
        &cf,
        "X0X\n...\n...\n\n...\n",
        "line 6, column 1",
        "row 2 of board 2",
    );
    let cc = ["tictactoe", "--format", "codechef"];
    assert_bad(&cc, "", "line 1, column 1", "number of boards");
    assert_bad(&cc, "two\n", "line 1, column 1", "whole number");
    assert_bad(
        &cc,
        "2\nXOX\nXXO\nO_O\n",
        "line 5, column 1",
        "row 1 of board 2",
    );
    assert_bad(
        &cc,
        "1\nXOX\nXXO\nO_O\nXXX\n",
        "line 5, column 1",
        "end of input after 1 board",
    );
    assert_bad(
        &cc,
        "1\nX0X\n...\n...\n",
        "line 2, column 2",
        "'X', 'O' or '_'",
    );
}

#[test]
fn treblecross_bad_input() {
    let t = ["treblecross"];
    assert_bad(&t, "", "line 1, column 1", "number of strips");
    assert_bad(&t, "2\n....\n", "line 3, column 1", "strip 2 of 2");
    assert_bad(&t, "1\n..XXX..\n", "line 2, column 3", "three 'X' in a row");
    assert_bad(&t, "1\n..O..\n", "line 2, column 3", "expected 'X' or '.'");
    assert_bad(&t, "1\n..\n", "line 2, column 1", "at least 3 cells");
    assert_bad(
        &t,
        "1\n...\n...\n",
        "line 3, column 1",
        "end of input after 1 strip",
    );
}

#[test]
fn missing_file_and_binary_input() {
    let (code, _, stderr) = run(&["tictactoe", "/no/such/file"], "");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("cannot read /no/such/file"), "{stderr}");
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .arg("treblecross")
        .write_stdin(vec![b'1', b'\n', 0xff, b'.', b'.'])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2, column 1"));
}

#[test]
fn mnc_analyze_bad_positions() {
    let bad = |position: &str, place: &str, words: &str| {
        assert_bad(&["mnc", "analyze", position], "", place, words)
    };
    bad("x../.q./...", "line 1, column 6", "found 'q'");
    bad("x../.../..", "line 1, column 11", "3 rows of 3 cells");
    bad("XXX/.../... o", "line 1", "3 big pieces");
    bad("xx./xx./x.. o 0 4", "line 1", "more than the 4");
    bad("x../.../... z", "line 1, column 13", "'x' or 'o'");
    bad("x../.../... o 7 4", "line 1, column 15", "0 to 4");
    // Hands are digits, as counts are: no sign.
    bad("x../.../... o +3 4", "line 1, column 15", "0 to 4");
    bad("x../.../... o 3 +4", "line 1, column 17", "0 to 4");
    bad("oxx/ox./o.. o 1 1", "line 1", "three in a row");
}

#[test]
fn grundy_bad_input() {
    assert_bad(
        &["grundy", "5", "--game", "0.08"],
        "",
        "column 4",
        "octal digit",
    );
    assert_bad(
        &["grundy", "5", "--game", "chess"],
        "",
        "column 1",
        "kayles",
    );
    assert_bad(&["grundy", "5", "--game", "0.000"], "", "--game", "no move");
    assert_bad(&["grundy", "300000000"], "", "N = 300000000", "at most");
    assert_bad(
        &["grundy", "5", "--resume", "/no/such/table"],
        "",
        "/no/such/table",
        "--resume",
    );
    let dir = std::env::temp_dir().join(format!("noughts-bad-grundy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("table.txt");
    std::fs::write(
        &table,
        "# noughts grundy table: 0.77 heaps\n0\n1\n2\nthree\n",
    )
    .unwrap();
    let path = table.to_str().unwrap();
    assert_bad(
        &["grundy", "5", "--game", "kayles", "--resume", path],
        "",
        "line 5, column 1",
        "\"three\"",
    );
    assert_bad(
        &["grundy", "5", "--resume", path],
        "",
        "line 1, column 1",
        "header",
    );
    // Values are digits: no sign.
    std::fs::write(&table, "# noughts grundy table: 0.77 heaps\n0\n1\n+2\n").unwrap();
    assert_bad(
        &["grundy", "5", "--game", "kayles", "--resume", path],
        "",
        "line 4, column 1",
        "\"+2\"",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_2_too() {
    let (code, _, _) = run(&["grundy", "many"], "");
    assert_eq!(code, Some(2));
    let (code, _, _) = run(&["no-such-command"], "");
    assert_eq!(code, Some(2));
    // Counts on the command line are digits too, as in the input.
    for args in [
        &["grundy", "+5"][..],
        &["grundy", "--until-period", "--max", "+100"],
        &["grundy", "5", "--threads", "+2"],
    ] {
        let (code, stdout, stderr) = run(args, "");
        assert_eq!(code, Some(2), "{args:?}: {stdout}");
        assert!(stderr.contains("invalid value '+"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic(text in "(?s).{0,80}") {
        let _ = cli::tictactoe::parse(&text, cli::tictactoe::Format::Codeforces);
        let _ = cli::tictactoe::parse(&text, cli::tictactoe::Format::Codechef);
        let _ = cli::treblecross::parse(&text);
        let _ = text.parse::<Position>();
    }

    #[test]
    fn near_misses_never_panic_and_errors_point_inside_the_input(
        text in "[0-9XO0._xo/ \n]{0,60}"
    ) {
        for result in [
            cli::tictactoe::parse(&text, cli::tictactoe::Format::Codeforces).err(),
            cli::tictactoe::parse(&text, cli::tictactoe::Format::Codechef).err(),
            cli::treblecross::parse(&text).err(),
            text.parse::<Position>().err(),
        ].into_iter().flatten() {
            let lines = text.split('\n').count();
            prop_assert!(result.line >= 1 && result.line <= lines, "{result} in {text:?}");
            prop_assert!(result.column >= 1);
        }
    }

    #[test]
    fn every_board_round_trips_through_the_codeforces_format(index in 0usize..19_683) {
        let board = noughts::solver::tictactoe::Board::from_index(index);
        let parsed = cli::tictactoe::parse(&format!("{board}\n"), cli::tictactoe::Format::Codeforces);
        prop_assert_eq!(parsed, Ok(vec![board]));
    }

    #[test]
    fn valid_strips_parse_and_analyze(cells in proptest::collection::vec(any::<bool>(), 3..300)) {
        let strip: String = cells.iter().map(|&x| if x { 'X' } else { '.' }).collect();
        let parsed = cli::treblecross::parse(&format!("1\n{strip}\n"));
        let finished = noughts::solver::treblecross::three_in_a_row(&cells).is_some();
        prop_assert_eq!(parsed.is_err(), finished);
        if !finished {
            let input = format!("1\n{strip}\n");
            prop_assert!(cli::treblecross::run(&input, &mut Vec::new()).is_ok());
        }
    }
}
