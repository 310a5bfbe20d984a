//! The user's files and the process's outputs under attack: only the file
//! named by `--out` ever changes (a planted link at a temporary name, a
//! user's own `*.partial` file, the target's permissions), `--resume` reads
//! only regular files, a place that cannot be written is found before any
//! work, a failed write of any answer is said, and memory follows the
//! longest strip rather than the input.
//!
//! Unix only: links, FIFOs, file modes, `/proc`, `/dev/full` and `wait4`.
#![cfg(unix)]

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn noughts() -> Command {
    Command::new(env!("CARGO_BIN_EXE_noughts"))
}

fn run(args: &[&str]) -> Output {
    noughts().args(args).stdin(Stdio::null()).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// One line on standard error, this status, and these words in it.
fn assert_said(out: &Output, status: i32, words: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(status), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(words), "{err:?} lacks {words:?}");
}

/// A folder of its own for each test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("noughts-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn is_table(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.starts_with("# noughts grundy table"))
}

#[test]
fn a_link_planted_at_the_temporary_name_is_never_followed() {
    let dir = scratch("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "VICTIM\n").unwrap();
    // A new table, and a table written over an existing one.
    for (name, existing) in [("new.txt", false), ("t.txt", true)] {
        let target = dir.join(name);
        if existing {
            std::fs::write(&target, "old\n").unwrap();
        }
        let planted = dir.join(format!("{name}.partial"));
        symlink(&victim, &planted).unwrap();
        let out = run(&["grundy", "5", "--out", text(&target)]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "VICTIM\n");
        assert!(is_table(&target), "{name}");
        let meta = std::fs::symlink_metadata(&target).unwrap();
        assert!(meta.file_type().is_file(), "{name} is still a plain file");
        assert!(std::fs::symlink_metadata(&planted)
            .unwrap()
            .file_type()
            .is_symlink());
        std::fs::remove_file(&planted).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_users_own_partial_file_is_left_alone() {
    let dir = scratch("own-partial");
    let mine = dir.join("g.txt.partial");
    std::fs::write(&mine, "my notes\n").unwrap();
    let out = run(&["grundy", "5", "--out", text(&dir.join("g.txt"))]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "my notes\n");
    assert_eq!(names(&dir), ["g.txt", "g.txt.partial"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rewritten_table_keeps_its_permissions_and_a_new_one_gets_the_usual() {
    let dir = scratch("modes");
    let table = dir.join("private.txt");
    std::fs::write(&table, "old\n").unwrap();
    std::fs::set_permissions(&table, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = run(&["grundy", "5", "--out", text(&table)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_table(&table));
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&table), 0o600);
    // A new table: the mode any new file gets here (0666 less the umask).
    let usual = dir.join("usual.txt");
    std::fs::File::create(&usual).unwrap();
    let fresh = dir.join("fresh.txt");
    let out = run(&["grundy", "5", "--out", text(&fresh)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(mode(&fresh), mode(&usual));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dangling_link_is_written_through() {
    let dir = scratch("dangling");
    let link = dir.join("link.txt");
    symlink("made.txt", &link).unwrap();
    let out = run(&["grundy", "5", "--out", text(&link)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_table(&dir.join("made.txt")));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(names(&dir), ["link.txt", "made.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A command that must end at once: killed (and failed) after 20 s.
fn run_briefly(args: &[&str]) -> Output {
    let mut child = noughts()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("noughts {args:?} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn resume_reads_only_regular_files() {
    let dir = scratch("resume");
    let fifo = dir.join("fifo");
    let name = std::ffi::CString::new(text(&fifo)).unwrap();
    // SAFETY: a valid C string and mode.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
    for path in [text(&fifo), "/dev/urandom", "/dev/zero", text(&dir)] {
        let out = run_briefly(&["grundy", "10", "--resume", path]);
        assert_said(&out, 2, "--resume");
        assert!(stderr(&out).contains("regular file"), "{}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_place_that_cannot_be_written_is_found_before_the_work() {
    // /proc/self: its files can be opened for writing, but no file can be
    // made beside them (as the temporary file must be), even by root.
    let out = run_briefly(&["grundy", "100", "--out", "/proc/self/comm"]);
    assert_said(&out, 2, "--out");
    assert!(out.stdout.is_empty());
}

/// Runs through the shell with standard output closed.
fn run_with_stdout_closed(args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} >&-"))
        .arg(env!("CARGO_BIN_EXE_noughts"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_closed_standard_output_is_said() {
    for args in [
        "grundy 100",
        "tictactoe /dev/null",
        "mnc analyze x:....x....",
        "--help",
        "--version",
        "completions bash",
    ] {
        let out = run_with_stdout_closed(args);
        assert_eq!(out.status.code(), Some(1), "{args}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{args}: {}", stderr(&out));
    }
    // /dev/null opened for reading and writing on purpose (as Python's
    // subprocess.DEVNULL does) is no closed output.
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let out = noughts()
        .args(["grundy", "100"])
        .stdout(null)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty());
}

#[test]
fn help_and_version_on_a_full_disk_are_said() {
    for args in [&["--help"][..], &["--version"], &["grundy", "--help"]] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let out = noughts().args(args).stdout(full).output().unwrap();
        assert_said(&out, 1, "noughts: error");
    }
}

#[test]
fn a_man_page_that_cannot_be_written_leaves_no_empty_file() {
    let dir = scratch("manpage");
    // A folder where the first page should go: that page cannot be written.
    std::fs::create_dir(dir.join("noughts-grundy.1")).unwrap();
    let out = run(&["manpage", "--dir", text(&dir)]);
    assert_said(&out, 1, "noughts-grundy.1");
    for name in names(&dir) {
        let path = dir.join(&name);
        if path.is_file() {
            assert!(
                std::fs::metadata(&path).unwrap().len() > 0,
                "{name} is empty"
            );
        }
        assert!(
            !name.contains("partial") && !name.starts_with('.'),
            "{name}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Peak resident memory of a run, in KiB (from wait4).
#[allow(clippy::zombie_processes)] // reaped by wait4, which gives the peak
fn peak_kib(args: &[&str], input: &Path) -> (i32, i64) {
    use std::os::unix::process::ExitStatusExt;
    let child = noughts()
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is valid; the pid is our own child's.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    assert_eq!(unsafe { libc::wait4(pid, &mut status, 0, &mut usage) }, pid);
    let code = std::process::ExitStatus::from_raw(status)
        .code()
        .unwrap_or(-1);
    (code, usage.ru_maxrss)
}

#[test]
fn treblecross_memory_follows_the_longest_strip_not_the_input() {
    let dir = scratch("memory");
    // Two million strips of 3 cells: 8 MB of input, 2 MB of answers.
    let many = dir.join("many.txt");
    let count = 2_000_000;
    std::fs::write(&many, format!("{count}\n{}", "...\n".repeat(count))).unwrap();
    let (code, many_peak) = peak_kib(&["treblecross"], &many);
    assert_eq!(code, 0);
    let (code, json_peak) = peak_kib(&["treblecross", "--json"], &many);
    assert_eq!(code, 0);
    // One strip: the baseline of the process.
    let one = dir.join("one.txt");
    std::fs::write(&one, "1\n...\n").unwrap();
    let (_, base) = peak_kib(&["treblecross"], &one);
    // Held whole, the strips took over 70 MB; one at a time, the process
    // stays within a few MB of its baseline.
    for peak in [many_peak, json_peak] {
        assert!(peak < base + 8 * 1024, "{peak} KiB against {base} KiB");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A second interrupt while the table is being saved ends the run at once
/// (status 130) and leaves no temporary file behind. The second one is sent
/// at several moments after the first, so that some land during the save.
#[test]
fn a_second_interrupt_during_the_save_leaves_nothing_behind() {
    let dir = scratch("second-interrupt");
    let table = dir.join("g.txt");
    for delay_ms in [0, 2, 5, 10, 20, 40] {
        let _ = std::fs::remove_file(&table);
        let child = noughts()
            .args(["grundy", "8000000", "--out", text(&table)])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id() as libc::pid_t;
        // Long enough to have a table worth saving (a few hundred thousand
        // values: a save of some milliseconds).
        std::thread::sleep(Duration::from_millis(1500));
        // SAFETY: our own child, still running (it takes minutes).
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = unsafe { libc::kill(pid, libc::SIGINT) };
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(130),
            "{delay_ms} ms: {}",
            stderr(&out)
        );
        let left: Vec<String> = names(&dir).into_iter().filter(|n| n != "g.txt").collect();
        assert!(left.is_empty(), "{delay_ms} ms: {left:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
