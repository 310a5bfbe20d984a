//! The real binary in a pseudo-terminal: keys and SGR mouse clicks go in,
//! a terminal emulator (vt100) reads the screen, and after quitting the
//! alternate screen must be left and mouse reporting turned off.
//!
//! Unix only: the pseudo-terminal is driven with termios and signals.
#![cfg(unix)]

use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::tictactoe::layout;
use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use ratatui::layout::Rect;
use std::io::{Read, Write};
use std::os::unix::fs::FileTypeExt;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const COLS: u16 = 100;
const ROWS: u16 = 24;

struct Session {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Box<dyn portable_pty::MasterPty + Send>,
    /// The data folder [`Session::start`] made, if it made one.
    data: Option<tempfile::TempDir>,
}

impl Session {
    /// The app with its data folder in a temporary directory of its own,
    /// removed with the session.
    fn start(args: &[&str]) -> Session {
        let data = tempfile::tempdir().unwrap();
        let mut session = Session::start_in(args, data.path());
        session.data = Some(data);
        session
    }

    /// The app keeping what lasts (puzzle records) in `data`.
    fn start_in(args: &[&str], data: &std::path::Path) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_noughts"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        command.env("NOUGHTS_DATA_DIR", data);
        command.env("NOUGHTS_CONFIG_DIR", data);
        command.env("NOUGHTS_STATE_DIR", data);
        command.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(command).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            parser: vt100::Parser::new(nonzero(ROWS), nonzero(COLS), 0),
            output,
            writer,
            child,
            master: pair.master,
            data: None,
        }
    }

    /// Whether the terminal is in its ordinary (cooked) mode: lines edited
    /// and echoed by the terminal, as raw mode turns off.
    fn cooked(&self) -> bool {
        let fd = self.master.as_raw_fd().expect("a unix pty");
        // SAFETY: a zeroed termios is a valid value to fill, and `fd` is
        // the open master of the session's pty.
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::tcgetattr(fd, &mut modes) }, 0);
        modes.c_lflag & (libc::ICANON | libc::ECHO) == (libc::ICANON | libc::ECHO)
    }

    /// Sends a signal to the app.
    fn signal(&self, signal: libc::c_int) {
        let pid = self.child.process_id().expect("a running child") as libc::pid_t;
        // SAFETY: kill has no memory effects; the pid is our child's.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    /// Whether the app is stopped (suspended), from /proc.
    fn stopped(&self) -> bool {
        let pid = self.child.process_id().expect("a running child");
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The state follows the command name in parentheses.
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('T'))
    }

    /// Reads until `done` holds of the session (10 s at most).
    fn wait_until(&mut self, what: &str, done: impl Fn(&Session) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done(self) {
            assert!(
                Instant::now() < deadline,
                "never {what}:\n{}",
                self.screen_text()
            );
            self.pump(Duration::from_millis(50));
        }
    }

    fn pump(&mut self, wait: Duration) {
        if let Ok(bytes) = self.output.recv_timeout(wait) {
            self.parser.process(&bytes);
        }
    }

    fn screen_text(&self) -> String {
        self.parser.screen().contents()
    }

    /// Reads until the screen shows `text` (10 s at most).
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.screen_text().contains(text) {
            assert!(
                Instant::now() < deadline,
                "screen never showed {text:?}:\n{}",
                self.screen_text()
            );
            self.pump(Duration::from_millis(50));
        }
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// A left click at a 0-based screen position, as SGR mouse reports it.
    fn click(&mut self, column: u16, row: u16) {
        let (x, y) = (column + 1, row + 1);
        self.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    }

    /// Waits for the process to exit and reads what it printed last.
    fn finish(mut self) -> (portable_pty::ExitStatus, vt100::Parser) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Everything it wrote, to the end of the pty (the reader
                // ends there): on a loaded machine the last bytes, which
                // leave the alternate screen, can come well after the exit.
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_secs(5)) {
                    self.parser.process(&bytes);
                }
                return (status, self.parser);
            }
            assert!(
                Instant::now() < deadline,
                "the app did not exit; its screen:\n{}",
                self.screen_text()
            );
            self.pump(Duration::from_millis(50));
        }
    }
}

/// After quitting: the alternate screen was left, mouse reporting is off.
fn assert_terminal_restored(parser: &vt100::Parser) {
    assert!(
        !parser.screen().alternate_screen(),
        "the alternate screen was left"
    );
    assert_eq!(
        parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse reporting was turned off"
    );
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a terminal has at least one row and column")
}

fn verdict_line(session: &Session) -> String {
    session
        .screen_text()
        .lines()
        .find(|l| l.contains("To move"))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn keys_and_clicks_change_the_verdict_then_the_terminal_is_restored() {
    let mut session = Session::start(&[]);
    session.wait_for("To move      X");
    assert!(session.parser.screen().alternate_screen());
    assert_ne!(
        session.parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse reporting is on while the app runs"
    );

    // The cursor starts in the centre: x puts an X there, O to move.
    session.send("x");
    session.wait_for("To move      O");

    // A click on a1 plays O's move there: X to move again.
    let area = Rect::new(0, 0, COLS, ROWS);
    let a1 = layout(shell_layout(area).body).unwrap().cells[0];
    session.click(a1.x + 4, a1.y + 1);
    session.wait_for("To move      X");
    // A right-click cycles a1 back to X: two X and no O is illegal.
    session.send(&format!(
        "\x1b[<2;{x};{y}M\x1b[<2;{x};{y}m",
        x = a1.x + 5,
        y = a1.y + 2
    ));
    session.wait_for("no game reaches this board");
    assert!(session.screen_text().contains("X has 2 more marks than O"));
    // A click takes the X away: legal again, O to move.
    session.click(a1.x + 4, a1.y + 1);
    session.wait_for("To move      O");
    assert!(verdict_line(&session).contains('O'));

    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_terminal_restored(&parser);
}

#[test]
fn a_click_torn_in_two_after_its_escape_is_still_one_click() {
    let mut session = Session::start(&[]);
    session.wait_for("To move      X");
    let area = Rect::new(0, 0, COLS, ROWS);
    let cells = layout(shell_layout(area).body).unwrap().cells;
    // Column 13 (1-based) on a1: its release, read as keys, would be `<`,
    // `0`, `;`, `1`, `3` (tab 3!), … So the release is torn just after its
    // ESC, as a slow link or tmux may deliver it.
    let (x, y) = (13, cells[0].y + 2);
    assert!(
        cells[0].x < x && x <= cells[0].right(),
        "column 13 is on a1"
    );
    session.send(&format!("\x1b[<0;{x};{y}M\x1b"));
    std::thread::sleep(Duration::from_millis(15));
    session.send(&format!("[<0;{x};{y}m"));
    session.wait_for("To move      O");
    // A while later: still the tic-tac-toe tab, a1 X's, nothing else done.
    let deadline = Instant::now() + Duration::from_millis(600);
    while Instant::now() < deadline {
        session.pump(Duration::from_millis(50));
    }
    let text = session.screen_text();
    assert!(text.contains("To move      O"), "{text}");
    assert!(!text.contains("REVIEW"), "{text}");
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_puzzle_opened_by_id_is_solved_by_a_click_and_its_streak_lasts() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start_in(&["tui", "--puzzle", "tictactoe-2-2"], data.path());
    session.wait_for("PUZZLE tictactoe-2-2");
    session.wait_for("win in 3 moves");
    // c2 makes the fork.
    let area = Rect::new(0, 0, COLS, ROWS);
    let c2 = layout(shell_layout(area).body).unwrap().cells[5];
    session.click(c2.x + 4, c2.y + 1);
    session.wait_for("solved! streak 1");
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_terminal_restored(&parser);
    // Only the record and the history of the puzzle tried, the session and
    // the settings written on first use, and the locks of the state folder
    // and of the records, in the folders named for them.
    let mut files: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "noughts.lock",
            "puzzle-history.json",
            "puzzles-tictactoe.json",
            "puzzles.lock",
            "session.json",
            "settings.toml"
        ]
    );

    // The next run: P opens a puzzle at the player's own level (a shared
    // id leaves it as it was), the streak kept.
    let mut session = Session::start_in(&[], data.path());
    session.wait_for("Perfect play");
    session.send("P");
    session.wait_for("PUZZLE tictactoe-");
    session.wait_for("streak 1, best 1, solved 1");
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success(), "{status:?}");
}

#[test]
fn the_tab_setting_wins_over_the_session_and_last_keeps_where_you_left_off() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("settings.toml");
    // The first run writes the settings (tab = "last") and leaves the
    // session on the Treblecross tab.
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("Perfect play");
    // The very first start (no settings file yet) offers the lessons.
    session.wait_for("new here? L starts a short lesson");
    session.send("2");
    session.wait_for("cells 1–12 of 12");
    session.send("q");
    assert!(session.finish().0.success());
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("tab = \"last\""));
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("cells 1–12 of 12");
    assert!(!session.screen_text().contains("new here?"), "offered once");
    session.send("q");
    assert!(session.finish().0.success());
    // A tab named in the settings opens, whatever the session says.
    std::fs::write(&file, "tab = \"tictactoe\"\n").unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("Perfect play");
    assert!(!session.screen_text().contains("cells 1–12"));
    session.send("q");
    assert!(session.finish().0.success());
}

#[test]
fn the_settings_file_opens_its_tab_in_ascii_and_a_bad_one_is_named() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("settings.toml");
    std::fs::write(&file, "tab = \"treblecross\"\ndisplay = \"ascii\"\n").unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("for the player to move");
    let text = session.screen_text();
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("Treblecross"));
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success(), "{status:?}");

    // An unknown key: named with its line and column, the defaults used
    // (the first tab, in Unicode), the file left as it was.
    let bad = "tab = \"mnc\"\ncolour = true\n";
    std::fs::write(&file, bad).unwrap();
    let mut session = Session::start_in(&["tui", "--fresh"], folder.path());
    session.wait_for("line 2, column 1");
    session.wait_for("Perfect play");
    // Whole at 80 columns (issue 34 saw it cut before its useful part):
    // the defaults are used, and which file it is.
    session.wait_for("the defaults are used");
    session.wait_for("settings.toml");
    assert!(session.screen_text().contains('┌'));
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
}

#[test]
fn the_last_session_comes_back_and_a_bad_one_is_set_aside() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("To move      X");
    // An X in the centre, then the Treblecross tab, three cells longer.
    session.send("x");
    session.wait_for("To move      O");
    session.send("2");
    session.wait_for("cells 1–12 of 12");
    session.send("+++");
    session.wait_for("cells 1–15 of 15");
    session.wait_for("15 free");
    session.wait_for("their sum, the table)");
    // Lines without their trailing blanks: a terminal that had other text
    // there first holds spaces where a fresh one holds nothing.
    let trimmed =
        |text: String| -> Vec<String> { text.lines().map(|l| l.trim_end().to_string()).collect() };
    let before = trimmed(session.screen_text());
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success(), "{status:?}");

    // The same screen again; the first tab holds its X.
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("cells 1–15 of 15");
    session.wait_for("15 free");
    session.wait_for("their sum, the table)");
    assert_eq!(trimmed(session.screen_text()), before);
    session.send("1");
    session.wait_for("To move      O");
    session.send("q");
    session.finish();

    // --fresh: a clean start.
    let mut session = Session::start_in(&["tui", "--fresh"], folder.path());
    session.wait_for("To move      X");
    session.send("q");
    session.finish();

    // A session file that does not read: set aside, a note, a clean start.
    let file = folder.path().join("session.json");
    std::fs::write(&file, "{\"version\": 9}").unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("the last session");
    session.wait_for("To move      X");
    session.send("q");
    session.finish();
    let aside = folder.path().join("session.json.unreadable");
    assert_eq!(std::fs::read_to_string(aside).unwrap(), "{\"version\": 9}");
}

#[test]
fn no_mouse_leaves_mouse_reporting_off() {
    let mut session = Session::start(&["tui", "--no-mouse", "--board", "X0X/.0./.X."]);
    session.wait_for("To move      O");
    assert_eq!(
        session.parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None
    );
    // Esc never quits; q does, at once (no game at stake).
    session.send("\x1b");
    std::thread::sleep(std::time::Duration::from_millis(200));
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success());
    assert!(!parser.screen().alternate_screen());
}

#[test]
fn ascii_from_the_command_line_draws_only_ascii() {
    // `display = "ascii"` was the only way; the options win over the
    // settings file, which says "unicode" here (its default, written on
    // first start).
    for args in [&["--ascii"][..], &["tui", "--ascii"]] {
        let mut session = Session::start(args);
        session.wait_for("To move      X");
        let text = session.screen_text();
        assert!(text.contains("+-----") && text.contains("*draw"), "{text}");
        assert!(text.is_ascii(), "{text}");
        session.send("q");
        let (status, _) = session.finish();
        assert!(status.success());
    }
}

#[test]
fn a_click_on_the_strip_changes_the_treblecross_verdict() {
    let mut session = Session::start(&["tui", "--strip", "....."]);
    session.wait_for("WINNING for the player to move");
    assert!(session.screen_text().contains("winning cells: 3"));
    // Click cell 3 (the winning one): the opponent is then lost.
    let area = Rect::new(0, 0, COLS, ROWS);
    let strip = noughts::tui::tabs::treblecross::layout(shell_layout(area).body, false)
        .unwrap()
        .strip;
    // Five cells are drawn five columns wide: cell 3 is columns 10 to 14.
    session.click(strip.x + 2 * 5 + 2, strip.y);
    session.wait_for("LOSING for the player to move");
    assert!(
        session.screen_text().contains("⊘    ⊘    X    ⊘    ⊘"),
        "{}",
        session.screen_text()
    );
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success());
    assert_terminal_restored(&parser);
}

#[test]
fn a_move_by_mouse_in_mnc_gets_the_engines_reply() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("Perfect play");
    session.send("3");
    // You play x, first: a click on the centre places a small x, and the
    // engine (o) answers once it has solved the game.
    session.wait_for("your move");
    let area = Rect::new(0, 0, COLS, ROWS);
    let mnc = noughts::tui::tabs::mnc::layout(shell_layout(area).body).unwrap();
    let centre = mnc.cells[4];
    session.click(centre.x + centre.width / 2, centre.y + centre.height / 2);
    session.wait_for("1. x b2");
    session.wait_until("the engine's answer", |s| s.screen_text().contains("2. "));
    let text = session.screen_text();
    let reply = text
        .split("2. ")
        .nth(1)
        .and_then(|rest| rest.get(..4))
        .expect("the engine answers")
        .to_string();
    // Take the engine's small o with a big X: pick the big piece from the
    // hand, then click the o's cell. The move list marks the capture. (A
    // big O cannot be taken: then the big X goes on a corner.)
    let (piece, cell) = reply.split_at(2);
    let cell = match piece {
        "o " => cell.to_string(),
        _ => ["a1", "c1", "a3", "c3"]
            .into_iter()
            .find(|c| !text.contains(&format!(" {c}")))
            .unwrap()
            .to_string(),
    };
    let target = mnc.cells[cell.parse::<noughts::solver::Cell>().unwrap().index()];
    session.click(mnc.hand_big.x + 2, mnc.hand_big.y);
    session.wait_for("place the big piece");
    session.click(target.x + target.width / 2, target.y + target.height / 2);
    let third = if piece == "o " {
        format!("3. X {cell} takes o")
    } else {
        format!("3. X {cell}")
    };
    session.wait_for(&third);
    if piece == "o " {
        assert!(session.screen_text().contains("you took the engine's o"));
    }
    // The engine answers from its thread, after a short pause.
    session.wait_until("the engine's answer", |s| {
        let text = s.screen_text();
        text.contains("4. o ") || text.contains("4. O ")
    });
    // A match is on, but nothing is at stake: q quits at once, and the
    // next start brings the match back, its moves with it.
    session.wait_for("your move");
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success());
    assert_terminal_restored(&parser);
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for(&third);
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success());
}

#[test]
fn notakto_by_mouse_an_edit_then_a_game_that_the_next_start_brings_back() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("Perfect play");
    session.send("4");
    session.wait_for("WINNING for the player to move");
    // The details: three empty boards, c · c · c = ac², every first move
    // wins.
    session.send("i");
    session.wait_for("board 1: c ");
    let area = Rect::new(0, 0, COLS, ROWS);
    let boards = noughts::tui::tabs::notakto::layout(shell_layout(area).body, 3).unwrap();
    let centre = boards.boards[0].cells[4];
    session.click(centre.x + centre.width / 2, centre.y + centre.height - 1);
    session.wait_for("LOSING for the player to move");
    assert!(session.screen_text().contains("board 1: c²"));
    // A game, you first: a click on board 2's corner, the engine's reply.
    session.send("g");
    session.wait_for("your move");
    let corner = boards.boards[1].cells[0];
    session.click(corner.x + corner.width / 2, corner.y + corner.height - 1);
    session.wait_for("1. you 2:a1");
    session.wait_for("2. engine ");
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success());
    assert_terminal_restored(&parser);
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("1. you 2:a1");
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success());
}

#[test]
fn grundy_shows_a_progress_bar_on_a_terminal_and_clears_it() {
    let mut session = Session::start(&["grundy", "200000", "--stats"]);
    // The bar: how far, the rate and the time left (each "not known yet"
    // for its first moments).
    session.wait_for("/s), about");
    let bar = session.screen_text();
    assert!(bar.contains("/200000 values ("), "{bar}");
    assert!(bar.contains("/s)"), "the rate: {bar}");
    let (status, parser) = session.finish();
    assert!(status.success());
    let text = parser.screen().contents();
    assert!(text.contains("largest value:"), "{text}");
    assert!(!text.contains(" left"), "the bar is cleared: {text}");
}

#[test]
fn signals_give_the_terminal_back_before_they_end_the_app() {
    for signal in [libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
        let mut session = Session::start(&["tui", "--board", "X0X/.0./.X."]);
        session.wait_for("To move      O");
        assert!(!session.cooked(), "raw mode while the app runs");
        session.signal(signal);
        session.wait_until("cooked mode again", Session::cooked);
        let (status, parser) = session.finish();
        assert!(!status.success(), "signal {signal}: {status:?}");
        assert_terminal_restored(&parser);
        assert!(!parser.screen().hide_cursor(), "the cursor shows again");
    }
}

#[test]
fn suspended_and_resumed_the_app_takes_the_terminal_again_and_redraws() {
    let mut session = Session::start(&["tui", "--board", "X0X/.0./.X."]);
    session.wait_for("To move      O");
    // Ctrl-Z (a key in raw mode) and SIGTSTP (from kill) both suspend.
    for suspend in [None, Some(libc::SIGTSTP)] {
        match suspend {
            None => session.send("\x1a"),
            Some(signal) => session.signal(signal),
        }
        // Given back first, then stopped: SIGCONT before the stop would be
        // lost, so wait for both.
        session.wait_until("suspended with the terminal given back", |s| {
            s.cooked() && !s.parser.screen().alternate_screen() && s.stopped()
        });
        assert_eq!(
            session.parser.screen().mouse_protocol_mode(),
            vt100::MouseProtocolMode::None
        );
        session.signal(libc::SIGCONT);
        session.wait_until("resumed in raw mode, redrawn", |s| {
            !s.cooked()
                && s.parser.screen().alternate_screen()
                && s.screen_text().contains("To move      O")
        });
    }
    // Still working: a key changes the board.
    session.send("c");
    session.wait_for("To move      X");
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_terminal_restored(&parser);
}

#[test]
fn a_burst_of_thousands_of_bytes_is_taken_in_at_once() {
    // 3,000 presses of + in one write (a paste, a held key): the strip
    // grows by 3,000 cells without waiting for another key.
    let mut session = Session::start(&["tui", "--strip", "....."]);
    session.wait_for("of 5");
    session.send(&"+".repeat(3_000));
    session.wait_for("of 3005");
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success());
    assert_terminal_restored(&parser);
}

/// Every way out keeps the session: each signal that ends the app, and a
/// kill that cannot be caught once the keeper had a moment (issue 32:
/// closing the terminal lost the session).
#[test]
fn every_way_out_keeps_the_session() {
    let ways = [
        ("TERM", libc::SIGTERM),
        ("HUP", libc::SIGHUP),
        ("INT", libc::SIGINT),
        ("QUIT", libc::SIGQUIT),
        ("KILL", libc::SIGKILL),
    ];
    for (name, signal) in ways {
        let folder = tempfile::tempdir().unwrap();
        let mut session = Session::start_in(&[], folder.path());
        session.wait_for("To move      X");
        session.send("x");
        session.wait_for("To move      O");
        if signal == libc::SIGKILL {
            // Written half a second after the change, off the UI thread.
            let file = folder.path().join("session.json");
            session.wait_until("the session written", |_| {
                std::fs::read_to_string(&file).is_ok_and(|t| t.contains(".X."))
            });
        }
        session.signal(signal);
        let (status, _) = session.finish();
        assert!(!status.success(), "{name}: {status:?}");
        eprintln!("{name}: ended; starting again");
        let mut session = Session::start_in(&[], folder.path());
        session.wait_for("To move      O");
        session.send("q");
        let (status, _) = session.finish();
        assert!(status.success(), "{name}: {status:?}");
    }
}

/// A second instance on the same state folder says its session will not
/// be kept, and the first one's stands.
#[test]
fn a_second_instance_knows_of_the_first() {
    let folder = tempfile::tempdir().unwrap();
    let mut first = Session::start_in(&[], folder.path());
    first.wait_for("To move      X");
    first.send("x");
    first.wait_for("To move      O");
    let mut second = Session::start_in(&[], folder.path());
    second.wait_for("will not be kept");
    second.send("2");
    second.wait_for("cells 1–12");
    first.send("q");
    assert!(first.finish().0.success());
    second.send("q");
    // Nothing is kept for it: q asks first.
    second.wait_for("y");
    second.send("y");
    assert!(second.finish().0.success());
    let mut again = Session::start_in(&[], folder.path());
    again.wait_for("To move      O");
    again.send("q");
    again.finish();
}

/// Resized to tiny sizes with a question open, then back: no panic, and
/// the question is still there to answer (issue 32 found panics at 80×4,
/// 40×3 and 5×5).
#[test]
fn resized_with_the_question_open_it_never_panics() {
    let mut session = Session::start(&[]);
    session.wait_for("Perfect play");
    session.send("3");
    session.wait_for("your move");
    session.send(" ");
    session.send("n");
    session.wait_for("Sure?");
    for (cols, rows) in [
        (80, 4),
        (40, 3),
        (5, 5),
        (1, 1),
        (40, 2),
        (80, 1),
        (COLS, ROWS),
    ] {
        session
            .master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        session
            .parser
            .screen_mut()
            .set_size(nonzero(rows), nonzero(cols));
        session.pump(Duration::from_millis(300));
        assert!(
            session.child.try_wait().unwrap().is_none(),
            "ended at {cols}×{rows}"
        );
    }
    session.wait_for("Sure?");
    // Esc alone (followed at once by q it would read as Alt-q).
    session.send("\x1b");
    session.wait_until("the question closed", |s| {
        !s.screen_text().contains("Sure?")
    });
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_terminal_restored(&parser);
}

/// A FIFO where the session or a record should be is refused at once: the
/// app starts (it used to block in open(2) with the terminal taken).
#[test]
fn a_fifo_at_the_session_file_is_refused_at_once() {
    let folder = tempfile::tempdir().unwrap();
    for name in ["session.json", "puzzles-tictactoe.json", "settings.toml"] {
        let made = std::process::Command::new("mkfifo")
            .arg(folder.path().join(name))
            .status()
            .unwrap();
        assert!(made.success());
    }
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("To move      X");
    session.wait_for("not a regular file");
    session.send("P");
    session.wait_for("puzzle");
    session.send("q");
    let (status, _) = session.finish();
    assert!(status.success(), "{status:?}");
    // The FIFO at the session's name was set aside, not read or written.
    let aside = folder.path().join("session.json.unreadable");
    assert!(std::fs::symlink_metadata(aside)
        .unwrap()
        .file_type()
        .is_fifo());
}

/// A session that cannot be written is said while the app runs, and again
/// at the end with status 1 (a directory made at the session's name: the
/// rename onto it fails, as a full disk or a lost folder would).
#[test]
fn a_session_that_cannot_be_written_is_said_and_ends_with_status_1() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Session::start_in(&[], folder.path());
    session.wait_for("To move      X");
    std::fs::create_dir(folder.path().join("session.json")).unwrap();
    session.send("x");
    session.wait_for("the session could not be kept");
    session.send("q");
    let (status, parser) = session.finish();
    assert_eq!(status.exit_code(), 1, "{status:?}");
    assert_terminal_restored(&parser);
    assert!(parser.screen().contents().contains("could not be kept"));
}

/// The puzzle records' lock held by another program (as `flock` holds it):
/// the app says so in one line, keeps the record in memory, and never stops
/// answering — `q` still quits (it used to wait on the lock forever).
#[test]
fn a_puzzle_lock_held_elsewhere_never_freezes_the_app() {
    let data = tempfile::tempdir().unwrap();
    let lock = data.path().join("puzzles.lock");
    std::fs::write(&lock, "").unwrap();
    // flock(1), of util-linux, as the attack held it.
    let mut holder = std::process::Command::new("flock")
        .arg(&lock)
        .args(["sleep", "60"])
        .spawn()
        .unwrap();
    let free = |lock: &std::path::Path| noughts::store::Lock::try_take(lock).unwrap().is_some();
    // Until flock holds it.
    let deadline = Instant::now() + Duration::from_secs(10);
    while free(&lock) {
        assert!(Instant::now() < deadline, "flock never took the lock");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut session = Session::start_in(&["tui", "--puzzle", "tictactoe-2-2"], data.path());
    session.wait_for("PUZZLE tictactoe-2-2");
    let area = Rect::new(0, 0, COLS, ROWS);
    let c2 = layout(shell_layout(area).body).unwrap().cells[5];
    session.click(c2.x + 4, c2.y + 1);
    session.wait_for("solved! streak 1");
    session.wait_for("another program: kept in memory");
    // Another puzzle, and the tabs, still answer.
    session.send("p");
    session.send("2");
    session.wait_for("cells 1–12");
    session.send("q");
    let (status, parser) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_terminal_restored(&parser);
    let _ = holder.kill();
    let _ = holder.wait();
}

/// A dangling link at the session lock's name: refused, nothing made where
/// it leads, and the app says its session will not be kept.
#[test]
fn a_link_at_the_session_lock_makes_nothing_outside() {
    let scratch = tempfile::tempdir().unwrap();
    let state = scratch.path().join("state");
    std::fs::create_dir(&state).unwrap();
    let elsewhere = scratch.path().join("elsewhere.txt");
    std::os::unix::fs::symlink("../elsewhere.txt", state.join("noughts.lock")).unwrap();
    let mut session = Session::start_in(&[], &state);
    session.wait_for("Perfect play");
    session.wait_for("will not be kept");
    session.send("q");
    session.wait_for("y");
    session.send("y");
    let (status, parser) = session.finish();
    assert!(status.success(), "{status:?}");
    assert_terminal_restored(&parser);
    assert!(!elsewhere.exists(), "made through the link");
    assert!(std::fs::symlink_metadata(state.join("noughts.lock"))
        .unwrap()
        .file_type()
        .is_symlink());
}
