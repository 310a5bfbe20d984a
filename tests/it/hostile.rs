//! The binary used carelessly or with hostile input and paths: no terminal,
//! outputs that fail, endless or binary input, odd `--out` paths, protocol
//! misuse, bytes that would drive the user's terminal. Every case ends with
//! one line on standard error and a non-zero status, or a right answer;
//! never a panic, never input read without bound.
//!
//! One file past 600 lines: every case shares the one harness (the binary
//! spawned in a hostile setting), and each test reads on its own.

use crate::players;

use noughts::cli;
use noughts::notation::text_of;
use noughts::solver::mnc::Position;
use noughts::solver::octal::OctalGame;
use noughts::solver::tictactoe::Board;
use noughts::solver::treblecross::Strip;
use noughts::solver::Cell;
use proptest::prelude::*;
#[cfg(unix)]
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn noughts() -> Command {
    Command::new(env!("CARGO_BIN_EXE_noughts"))
}

/// Runs with `stdin` as standard input (bytes), stdout and stderr captured.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = noughts()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    // Written on a thread: the app may stop reading early (that is the point).
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// One line on standard error, this status, nothing on standard output.
fn assert_refused(out: &Output, status: i32, words: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(status), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(words), "{err:?} lacks {words:?}");
    assert!(out.stdout.is_empty(), "no output: {:?}", out.stdout);
}

#[cfg(unix)]
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("noughts-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_app_without_a_terminal_says_so_in_one_line() {
    // Standard input and output are pipes here, as in `noughts | head`.
    for args in [&[][..], &["tui"][..]] {
        let out = run(args, b"");
        assert_refused(&out, 2, "needs a terminal");
    }
}

#[test]
#[cfg(unix)] // devices, FIFOs, links or signals
fn write_errors_are_errors_and_a_closed_pipe_is_not() {
    let full = || std::fs::File::create("/dev/full").unwrap();
    for args in [
        &["grundy", "100"][..],
        &["mnc", "solve"][..],
        &["mnc", "analyze", ".../.../..."][..],
    ] {
        let out = noughts().args(args).stdout(full()).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{err}");
        assert_eq!(err.lines().count(), 1);
    }
    let out = noughts()
        .args(["tictactoe"])
        .stdin(std::fs::File::open("assets/tictactoe/codeforces-examples.txt").unwrap())
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // A reader that goes away (`| head -1`) is no error.
    let mut child = noughts()
        .args(["grundy", "200000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = [0u8; 2];
    use std::io::Read;
    child.stdout.take().unwrap().read_exact(&mut line).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty());
}

#[test]
#[cfg(unix)] // devices, FIFOs, links or signals
fn grundy_out_is_checked_before_the_work_and_leaves_nothing_behind() {
    let dir = scratch("out");
    let path = |name: &str| dir.join(name);
    let text = |p: &Path| p.to_str().unwrap().to_string();
    // A directory.
    let out = run(&["grundy", "100", "--out", &text(&dir)], b"");
    assert_refused(&out, 2, "a directory");
    assert!(!Path::new(&format!("{}.partial", text(&dir))).exists());
    // A FIFO: refused, not opened (opening it would block).
    let fifo = path("fifo");
    let name = std::ffi::CString::new(text(&fifo)).unwrap();
    // SAFETY: a valid C string and mode.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
    let out = run(&["grundy", "100", "--out", &text(&fifo)], b"");
    assert_refused(&out, 2, "not a regular file");
    // A device.
    let out = run(&["grundy", "100", "--out", "/dev/null"], b"");
    assert_refused(&out, 2, "not a regular file");
    // A directory that does not exist.
    let missing = path("no/such/dir/g.txt");
    let out = run(&["grundy", "100", "--out", &text(&missing)], b"");
    assert_refused(&out, 2, "--out");
    // A symbolic link: written through, the link stays a link.
    let target = path("target.txt");
    std::fs::write(&target, "old").unwrap();
    let link = path("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = run(&["grundy", "100", "--out", &text(&link)], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let table = std::fs::read_to_string(&target).unwrap();
    assert!(table.starts_with("# noughts grundy table"), "{table}");
    assert!(
        stderr(&out).contains("wrote G(0) … G(99)"),
        "{}",
        stderr(&out)
    );
    // Resumed from a longer table, the words say what was written.
    let long = path("long.txt");
    let _ = run(&["grundy", "300", "--out", &text(&long)], b"");
    let short = path("short.txt");
    let out = run(
        &[
            "grundy",
            "100",
            "--resume",
            &text(&long),
            "--out",
            &text(&short),
        ],
        b"",
    );
    let err = stderr(&out);
    assert!(err.contains("wrote G(0) … G(299)"), "{err}");
    assert!(err.contains("every value checked"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg(unix)] // devices, FIFOs, links or signals
fn endless_and_binary_input_is_refused_at_its_first_bad_byte() {
    for (args, path) in [
        (&["treblecross"][..], "/dev/urandom"),
        (&["tictactoe"][..], "/dev/zero"),
        (&["mnc", "kattis"][..], "/dev/zero"),
    ] {
        let out = noughts()
            .args(args)
            .stdin(std::fs::File::open(path).unwrap())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?} < {path}: {err}");
        // (Random bytes may hold a newline before the first bad one.)
        assert!(err.contains("line ") && err.contains(", column "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // As a file argument too.
    let out = noughts()
        .args(["treblecross", "/dev/urandom"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn long_strips_size_the_table_by_their_free_segments() {
    // A million cells in free segments of 2: answered at once, exactly.
    let strip = "X....".repeat(200_000);
    let out = run(&["treblecross"], format!("1\n{strip}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let cells = Strip::from(strip.bytes().map(|b| b == b'X').collect::<Vec<_>>());
    let mut table = noughts::solver::grundy::GrundyTable::default();
    let analysis = noughts::solver::treblecross::analyze(&cells, &mut table).unwrap();
    let expected = if analysis.is_winning() {
        "WINNING"
    } else {
        "LOSING"
    };
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(expected));
    assert!(table.len() < 10, "the table grew to {}", table.len());
    // A free segment past the bound is refused before any work.
    let huge = ".".repeat((1 << 24) + 1);
    let out = run(&["treblecross"], format!("1\n{huge}\n").as_bytes());
    assert_refused(&out, 2, "free segments of at most");
}

#[test]
fn errors_escape_what_would_drive_the_terminal() {
    let out = run(&["treblecross"], b"1\n...\x1b[41mBG\n");
    assert_refused(&out, 2, "line 2, column 4");
    let err = stderr(&out);
    assert!(!err.contains('\u{1b}'), "raw ESC in {err:?}");
    let out = run(&["grundy", "5", "--game", "0.7\n"], b"");
    assert_refused(&out, 2, "U+000A");
    // A byte-order mark is skipped, not shown as an invisible character.
    let out = run(&["treblecross"], "\u{feff}1\n.....\n".as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&["treblecross"], "\u{feff}1\n..x..\n".as_bytes());
    assert_refused(&out, 2, "line 2, column 3");
    // Lines that end with a lone carriage return count as lines.
    let out = run(&["treblecross"], b"2\r.....\r..O..\r");
    assert_refused(&out, 2, "line 3, column 3");
}

#[test]
fn errors_escape_separators_bidi_controls_and_look_alike_spaces() {
    for ch in [
        '\u{2028}', '\u{2029}', '\u{2066}', '\u{2069}', '\u{61c}', '\u{ad}', '\u{a0}', '\u{85}',
    ] {
        let code = format!("U+{:04X}", ch as u32);
        let out = run(&["treblecross"], format!("1\n..{ch}..\n").as_bytes());
        assert_refused(
            &out,
            2,
            &format!("line 2, column 3: expected 'X' or '.', found character {code}"),
        );
        assert!(
            !stderr(&out).contains(ch),
            "raw {code} in {:?}",
            stderr(&out)
        );
        let out = run(&["grundy", "5", "--game", &format!("0.7{ch}")], b"");
        assert_refused(&out, 2, &format!("--game \"0.7{}\"", ch.escape_unicode()));
        assert!(
            !stderr(&out).contains(ch),
            "raw {code} in {:?}",
            stderr(&out)
        );
    }
}

/// The characters of `text` that must not reach a terminal raw, but for
/// the line end that closes a message.
fn raw_controls(text: &str) -> Vec<char> {
    let hostile = [
        '\r', '\n', '\t', '\u{1b}', '\u{9b}', '\u{85}', '\u{200b}', '\u{202e}', '\u{2066}',
        '\u{2028}', '\u{feff}', '\u{a0}',
    ];
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.chars().filter(|c| hostile.contains(c)).collect()
}

#[test]
fn usage_errors_escape_the_arguments_they_quote() {
    for arg in [
        "5\rnoughts: all good    ",
        "5\t",
        "5\u{9b}31m",
        "5\u{202e}",
        "5\u{200b}",
        "\u{feff}5",
        "5\u{2066}",
        "5\nmore",
    ] {
        let out = run(&["grundy", arg], b"");
        assert_refused(&out, 2, "invalid value '");
        let err = stderr(&out);
        assert!(raw_controls(&err).is_empty(), "{arg:?} gave {err:?}");
        let shown: String = arg
            .chars()
            .map(|c| match c {
                '\r' | '\t' | '\n' | '\u{9b}' | '\u{202e}' | '\u{200b}' | '\u{feff}'
                | '\u{2066}' => c.escape_unicode().to_string(),
                c => c.to_string(),
            })
            .collect();
        assert!(err.contains(&format!("'{shown}' for '[N]'")), "{err:?}");
    }
    // Quoted in part (the value of --opt=value, a flag in a cluster) or
    // as an unknown argument, and with clap's list kept.
    for args in [
        &["grundy", "5", "--threads=4\u{1b}[2J"][..],
        &["grundy", "5", "-\r\u{1b}[2J"],
        &["grundy", "5", "--\u{202e}stats"],
        &["tictactoe", "--format", "code\u{2028}chef"],
        &["grundy", "\u{2029}"],
        &["\n"],
    ] {
        let out = run(args, b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(raw_controls(&err).is_empty(), "{args:?} gave {err:?}");
        assert!(err.contains("\\u{"), "{args:?} gave {err:?}");
    }
    let out = run(&["tictactoe", "--format", "code\u{2028}chef"], b"");
    assert!(stderr(&out).contains("[possible values: codeforces, codechef]"));
}

#[test]
#[cfg(unix)] // arguments as bytes
fn arguments_that_are_not_utf8_are_refused_in_one_line() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    for args in [
        &[&b"grundy"[..], b"5\xff\r"][..],
        &[b"tui", b"--board", b"\xfe\x1b[2J"],
        &[b"\xff\n"],
    ] {
        let args: Vec<&OsStr> = args.iter().map(|a| OsStr::from_bytes(a)).collect();
        let out = noughts().args(&args).stdin(Stdio::null()).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(raw_controls(&err).is_empty(), "{args:?} gave {err:?}");
    }
}

#[test]
fn grundy_of_no_values_says_so() {
    let out = run(&["grundy", "0", "--stats"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("values: none"), "{text}");
    assert!(!text.contains("G(0) … G(0)"), "{text}");
}

/// The engine's first board as the contest prints it, and a reply of o.
fn first_exchange() -> (String, String) {
    let mut engine = noughts::solver::mnc::Engine::solved();
    let start = Position::START;
    let after = start.play(engine.best_move(&start).unwrap()).unwrap();
    let mut rng = players::Lcg(7);
    let reply = after.play(players::greedy(&after, &mut rng)).unwrap();
    (format!("{after}\n"), format!("{reply}\n"))
}

#[test]
fn kattis_refuses_the_verdicts_while_the_game_goes_on() {
    let (first, reply) = first_exchange();
    for verdict in ["Sigur!", "Tap!"] {
        let out = run(&["mnc", "kattis"], format!("{verdict}\n").as_bytes());
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout), first);
        assert!(
            stderr(&out).contains("the game is not over"),
            "{}",
            stderr(&out)
        );
    }
    // A verdict in the middle of a board.
    let half: String = reply.lines().take(1).map(|l| format!("{l}\n")).collect();
    let out = run(&["mnc", "kattis"], format!("{half}Sigur!\n").as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("line 2, column 1"),
        "{}",
        stderr(&out)
    );
    // Not UTF-8: placed.
    let out = run(&["mnc", "kattis"], b"x.\xff\n");
    assert!(
        stderr(&out).contains("line 1, column 3"),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(2));
    // A line without end.
    let out = run(&["mnc", "kattis"], &vec![b'.'; 100_000]);
    assert!(
        stderr(&out).contains("at most 1024 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn kattis_takes_a_line_as_long_as_it_says() {
    let (first, reply) = first_exchange();
    let rows: Vec<&str> = reply.lines().collect();
    // A row padded to exactly the bound is a row; the game goes on.
    let padded = format!("{:<1024}\n{}\n{}\n", rows[0], rows[1], rows[2]);
    assert_eq!(padded.find('\n'), Some(1024));
    let out = run(&["mnc", "kattis"], padded.as_bytes());
    let err = stderr(&out);
    assert!(!err.contains("at most 1024 bytes"), "{err}");
    assert!(err.contains("line 4, column 1"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(&first));
    // With a CRLF too.
    let padded = padded.replace('\n', "\r\n");
    let out = run(&["mnc", "kattis"], padded.as_bytes());
    let err = stderr(&out);
    assert!(err.contains("line 4, column 1"), "{err}");
    // One byte more is refused, at the byte past the bound.
    let long = format!("{:<1025}\n", rows[0]);
    let out = run(&["mnc", "kattis"], long.as_bytes());
    assert!(
        stderr(&out).contains("line 1, column 1025: expected a line of at most 1024 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn kattis_refuses_anything_after_a_row_at_once() {
    let (_, reply) = first_exchange();
    let rows: Vec<&str> = reply.lines().collect();
    // Two rows on one line, or a row and a word: refused where the row ends.
    for (input, found) in [
        (format!("{} {}\n{}\n", rows[0], rows[1], rows[2]), rows[1]),
        (format!("{} junk\n", rows[0]), "junk"),
        (format!("{}\n{}\t...\n", rows[0], rows[1]), "..."),
    ] {
        let out = run(&["mnc", "kattis"], input.as_bytes());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{input:?}: {err}");
        let line = if input.contains('\t') { 2 } else { 1 };
        assert!(
            err.contains(&format!(
                "line {line}, column 5: expected the end of the line after row {line} (one row a line), found \"{found}\""
            )),
            "{input:?}: {err}"
        );
    }
}

#[test]
fn kattis_counts_every_line_end() {
    // Rows ended by a lone CR, CRLF or LF: each one line.
    for end in ["\r", "\r\n", "\n"] {
        let input = format!("...{end}.q.{end}...{end}");
        let out = run(&["mnc", "kattis"], input.as_bytes());
        let err = stderr(&out);
        assert!(err.contains("line 2, column 2"), "{end:?}: {err}");
        assert_eq!(out.status.code(), Some(2));
    }
    // A reply of rows ended by lone CRs, then a board too few.
    let (_, reply) = first_exchange();
    let input = reply.replace('\n', "\r");
    let out = run(&["mnc", "kattis"], input.as_bytes());
    assert!(
        stderr(&out).contains("line 4, column 1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn kattis_at_the_end_of_a_won_game_asks_for_sigur() {
    // Play greedy o until x has won, then end the input: the error names
    // the verdict the judge owed.
    let mut engine = noughts::solver::mnc::Engine::solved();
    let mut rng = players::Lcg(11);
    let mut position = Position::START;
    let mut replies = String::new();
    loop {
        position = position.play(engine.best_move(&position).unwrap()).unwrap();
        if position.game_over().is_some() {
            break;
        }
        position = position.play(players::greedy(&position, &mut rng)).unwrap();
        replies.push_str(&format!("{position}\n"));
    }
    let out = run(&["mnc", "kattis"], replies.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("expected \"Sigur!\""),
        "{}",
        stderr(&out)
    );
    let out = run(&["mnc", "kattis"], format!("{replies}Sigur!\n").as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Arbitrary bytes through the decoding and every parser: an answer or
    /// an error inside the input, one line, no raw control characters.
    #[test]
    fn every_parser_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        let Ok(text) = text_of(bytes.clone()) else { return Ok(()) };
        let lines = text.split(['\n', '\r']).count();
        let mut errors = Vec::new();
        errors.extend(cli::tictactoe::parse(&text, cli::tictactoe::Format::Codeforces).err());
        errors.extend(cli::tictactoe::parse(&text, cli::tictactoe::Format::Codechef).err());
        errors.extend(cli::treblecross::parse(&text).err());
        errors.extend(text.parse::<Position>().err());
        errors.extend(text.parse::<Board>().err());
        errors.extend(text.parse::<Strip>().err());
        errors.extend(text.parse::<OctalGame>().err());
        errors.extend(text.parse::<Cell>().err());
        let sequence = noughts::solver::grundy::Sequence::segments();
        errors.extend(cli::grundy::parse_table(&text, &sequence).err());
        for e in errors {
            let shown = e.to_string();
            prop_assert!(e.line >= 1 && e.line <= lines + 1, "{shown} in {text:?}");
            prop_assert!(e.column >= 1);
            prop_assert!(!shown.contains('\n') && !shown.chars().any(|c| c.is_control()), "{shown:?}");
        }
    }

}

proptest! {
    // Each case solves the game once (40 ms): fewer cases.
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Arbitrary replies to the engine's first board: the game goes on or
    /// stops with an error; the engine never panics or accepts nonsense.
    #[test]
    fn kattis_takes_any_reply(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        let mut out = Vec::new();
        let result = cli::mnc::kattis(&bytes[..], &mut out);
        if result.is_ok() {
            // Only a verdict after x's win, or legal boards, end well: the
            // input must then hold "Sigur!".
            prop_assert!(String::from_utf8_lossy(&bytes).contains("Sigur!"));
        }
    }
}

/// An interrupt during a long `--out` run writes what is known, says so in
/// one line and exits 130; the table it leaves continues with --resume.
#[test]
#[cfg(unix)] // devices, FIFOs, links or signals
fn an_interrupted_grundy_run_saves_its_table() {
    use noughts::solver::grundy::GrundyTable;
    let dir = scratch("interrupt");
    let table = dir.join("g.txt");
    let path = table.to_str().unwrap();
    for signal in ["-INT", "-TERM"] {
        let _ = std::fs::remove_file(&table);
        let child = noughts()
            .args(["grundy", "8000000", "--out", path])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let killed = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(130), "{signal}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("interrupted: wrote G(0) … G("), "{err}");
        let values = crate::app_support::out_table(&table);
        assert!(err.contains(&format!("G({})", values.len() - 1)), "{err}");
        assert!(values.len() > 1000, "{}", values.len());
        // The values (the resume below rechecks the last ones).
        let head = values.len().min(50_000);
        assert_eq!(
            values[..head],
            GrundyTable::with_len(head).unwrap().values()[..]
        );
        // It carries on from there.
        let n = (values.len() + 500).to_string();
        let out = run(&["grundy", &n, "--resume", path, "--stats"], b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
}
