//! Bad input for every command: a one-line error with line and column,
//! exit status 2, never a panic. Property tests throw arbitrary text at
//! every parser.

use assert_cmd::Command;
use clap::Parser;
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
    bad("x../.q./...", "the position: character 6:", "found 'q'");
    bad(
        "x../.../..",
        "the position: character 11:",
        "3 rows of 3 cells",
    );
    bad("XXX/.../... o", "the position: ", "3 big pieces");
    bad("xx./xx./x.. o 0 4", "the position: ", "more than the 4");
    bad("x../.../... z", "the position: character 13:", "'x' or 'o'");
    bad("x../.../... o 7 4", "the position: character 15:", "0 to 4");
    // Hands are digits, as counts are: no sign.
    bad(
        "x../.../... o +3 4",
        "the position: character 15:",
        "0 to 4",
    );
    bad(
        "x../.../... o 3 +4",
        "the position: character 17:",
        "0 to 4",
    );
    bad("oxx/ox./o.. o 1 1", "the position: ", "three in a row");
}

#[test]
fn grundy_bad_input() {
    assert_bad(
        &["grundy", "5", "--game", "0.08"],
        "",
        "--game \"0.08\": character 4:",
        "octal digit",
    );
    assert_bad(
        &["grundy", "5", "--game", "chess"],
        "",
        "--game \"chess\": expected",
        "kayles",
    );
    assert_bad(&["grundy", "5", "--game", "0.000"], "", "--game", "no move");
    // A sign is the count's mistake, not an unknown option (round 20).
    assert_bad(
        &["grundy", "-5"],
        "",
        "'-5' for '[N]'",
        "expected a whole number, found '-'",
    );
    assert_bad(
        &["grundy", "2147483649"],
        "",
        "N = 2147483649",
        "at most 2147483648 values (2^31)",
    );
    // Streamed, 2^32 heaps: of free segments (heap L + 2), two fewer values.
    assert_bad(
        &["grundy", "4294967295", "--sha256"],
        "",
        "N = 4294967295",
        "at most 4294967294 values in one streamed run (2^32 heaps: a free segment of L cells is heap L + 2)",
    );
    assert_bad(
        &["grundy", "4294967297", "--game", "0.007", "--sha256"],
        "",
        "N = 4294967297",
        "at most 4294967296 values in one streamed run (2^32 heaps)",
    );
    assert_bad(
        &["grundy", "18446744073709551615", "--sha256"],
        "",
        "N = 18446744073709551615",
        "streamed run",
    );
    assert_bad(
        &["grundy", "--survey", "--max", "2147483649"],
        "",
        "--max = 2147483649",
        "at most",
    );
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

/// A command missing its argument says how it is written, on the one line
/// (round 20 ran `noughts notakto` and read no usage).
#[test]
fn a_missing_argument_is_answered_with_the_usage() {
    for (args, usage) in [
        (&["notakto"][..], "usage: noughts notakto <BOARDS>..."),
        (&["mnc", "analyze"], "usage: noughts mnc analyze <POSITION>"),
    ] {
        assert_bad(args, "", "not provided", usage);
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
            prop_assert!(cli::treblecross::run(input.as_bytes(), "input", &mut Vec::new()).is_ok());
        }
    }
}

/// Characters that would drive a terminal or pass for a space, and the
/// command line's own syntax.
const HOSTILE: &[char] = &[
    '\n',
    '\r',
    '\t',
    '\u{0}',
    '\u{1b}',
    '\u{7f}',
    '\u{85}',
    '\u{9b}',
    '\u{ad}',
    '\u{61c}',
    '\u{200b}',
    '\u{200e}',
    '\u{202e}',
    '\u{2066}',
    '\u{2069}',
    '\u{2028}',
    '\u{2029}',
    '\u{feff}',
    '\u{a0}',
    '\u{2007}',
    '\u{3000}',
    '\u{e0041}',
    '-',
    '-',
    '=',
    '\'',
    '"',
    ' ',
    '.',
    'x',
    'X',
    'o',
    'O',
    '/',
    '0',
    '7',
    'h',
];

/// Words mostly of those characters, some of any.
fn hostile_word() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![4 => proptest::sample::select(HOSTILE), 1 => any::<char>()],
        0..20,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// The command lines that put `word` where the user's words go: an
/// option's value (apart and after `=`), a position, a positional count.
fn placements(word: &str) -> Vec<Vec<String>> {
    let lines: [&[&str]; 6] = [
        &["tui", "--board", word],
        &["tui", &format!("--board={word}")],
        &["tui", "--strip", word],
        &["grundy", "5", "--game", word],
        &["mnc", "analyze", word],
        &["grundy", word],
    ];
    lines
        .iter()
        .map(|line| line.iter().map(|s| s.to_string()).collect())
        .collect()
}

/// No character of `message` (but the line end) may drive a terminal.
fn is_one_shown_line(message: &str) -> bool {
    let body = message.strip_suffix('\n').unwrap_or(message);
    !body.chars().any(noughts::notation::needs_escape)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Through the parser and the usage message as `main` shows it.
    #[test]
    fn arguments_never_panic_and_usage_errors_are_one_shown_line(word in hostile_word()) {
        for line in placements(&word) {
            let args: Vec<std::ffi::OsString> =
                std::iter::once("noughts".to_string()).chain(line).map(Into::into).collect();
            let _ = cli::Cli::try_parse_from(&args);
            if let Err(e) = cli::Cli::try_from_args(&args) {
                if e.use_stderr() {
                    let message = cli::usage_line(&e, &args);
                    prop_assert!(is_one_shown_line(&message), "{args:?}: {message:?}");
                }
            }
        }
        // What the commands say of a bad position or game.
        let mut out = Vec::new();
        let engine = &mut noughts::solver::mnc::Engine::new();
        let analyzed = cli::mnc::position_after(&word, None)
            .and_then(|position| cli::mnc::analyze(&position, engine, &mut out));
        if let Err(e) = analyzed {
            prop_assert!(is_one_shown_line(&e.to_string()), "{e}");
        }
    }
}

proptest! {
    // Each case runs the binary five times.
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Through the binary: a failure is one line with nothing raw.
    #[test]
    fn the_binary_shows_any_argument_in_one_line(word in hostile_word()) {
        // No argument of a process holds a NUL.
        let word = word.replace('\0', "\u{1}");
        // (`grundy WORD` could ask for a long computation: parsed above.)
        for line in placements(&word).into_iter().take(5) {
            let out = Command::cargo_bin("noughts")
                .unwrap()
                .args(&line)
                .write_stdin("")
                .output()
                .unwrap();
            if out.status.success() {
                continue;
            }
            let stderr = String::from_utf8(out.stderr).unwrap();
            prop_assert_eq!(out.status.code(), Some(2), "{:?}: {}", line, stderr);
            prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {:?}", line, stderr);
            prop_assert!(is_one_shown_line(&stderr), "{:?}: {:?}", line, stderr);
        }
    }
}

/// Bad input read from a file named on the command line names that file
/// first, as the app names a file it cannot load (before, `mnc review
/// bad.txt` said only `line 4, column 8: …`); from standard input or `-`
/// the error is as before.
#[test]
fn an_error_in_a_named_file_names_the_file() {
    let folder = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = folder.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let board = write("board.txt", "X0X\n.x.\n...\n");
    let strip = write("strip.txt", "2\nX..\nXQ.\n");
    let game = write("game.txt", "x a1\no b2\n");
    let cases: [(&[&str], &str, &str); 3] = [
        (&["tictactoe", &board], "line 2, column 2", "found 'x'"),
        (&["treblecross", &strip], "line 3, column 2", "found 'Q'"),
        (&["mnc", "review", &game], "line 1, column 1", "noughts 1"),
    ];
    for (args, place, words) in cases {
        let file = args.last().unwrap();
        assert_bad(args, "", &format!("noughts: error: {file}: {place}"), words);
    }
    // Standard input has no name to give.
    let (_, _, stderr) = run(&["tictactoe", "-"], "X0X\n.x.\n...\n");
    assert!(
        stderr.starts_with("noughts: error: line 2, column 2"),
        "{stderr}"
    );
}
