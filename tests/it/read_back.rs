//! Trust nothing read back: the attacks of the fifth round, each as the
//! attacker ran it — a forged or damaged checkpoint, damaged survey values,
//! bad per-game files, a game held twice by a merge, escape sequences in a
//! results file, seeds that would wrap. Each failed before the checks that
//! now refuse them.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_noughts"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stderr}");
    stdout
}

/// The true hash of G(0) … G(n − 1) of free Treblecross segments.
fn true_hash(n: &str) -> String {
    ok(&["grundy", n, "--sha256"])
}

#[test]
fn the_attacks_forged_checkpoint_is_refused_not_used() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("f.bin");
    let path = file.to_str().unwrap();
    std::fs::write(
        &file,
        b"# noughts grundy checkpoint 1: # noughts grundy table: 0.007 free segments (heap L + 2)\n\x05\x00\x05\x00",
    )
    .unwrap();
    let out = run(&["grundy", "3000", "--checkpoint", path, "--sha256"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "no hash from a forged file: {stdout}");
    assert!(stderr.contains("format 1"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
}

#[test]
fn a_genuine_checkpoint_with_one_value_flipped_is_refused_with_its_offset() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("run.bin");
    let path = file.to_str().unwrap();
    let hash = true_hash("3000");
    assert_eq!(
        ok(&["grundy", "3000", "--checkpoint", path, "--sha256"]),
        hash
    );
    let clean = std::fs::read(&file).unwrap();
    let line = clean.iter().position(|&b| b == b'\n').unwrap() + 1;
    // Heap 2500 (G(2498)), and heap 100, far below and above the head.
    for heap in [2500, 100] {
        let mut bytes = clean.clone();
        bytes[line + 2 * heap] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        let out = run(&["grundy", "3000", "--checkpoint", path, "--sha256"]);
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(2), "heap {heap}: {stdout}{stderr}");
        assert!(stdout.is_empty());
        assert!(
            stderr.contains("the tail (heaps 0 to 3001, from byte"),
            "{stderr}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "left as it was");
    }
    // The clean file resumes, and says what it checked.
    std::fs::write(&file, &clean).unwrap();
    let out = run(&["grundy", "3000", "--checkpoint", path, "--sha256"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(stdout, hash);
    assert!(stderr.contains("recomputed"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn a_checkpoint_link_is_refused_and_nothing_is_written_where_it_leads() {
    let folder = tempfile::tempdir().unwrap();
    let outside = folder.path().join("notes.txt");
    std::fs::write(&outside, "# noughts: my notes").unwrap();
    let link = folder.path().join("run.bin");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let out = run(&[
        "grundy",
        "100",
        "--checkpoint",
        link.to_str().unwrap(),
        "--sha256",
    ]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("symbolic link"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&outside).unwrap(),
        "# noughts: my notes"
    );
}

/// `grundy --survey --games GAMES --results FOLDER --max 5000`.
fn survey(games: &Path, folder: &Path) -> Output {
    run(&[
        "grundy",
        "--survey",
        "--games",
        games.to_str().unwrap(),
        "--results",
        folder.to_str().unwrap(),
        "--max",
        "5000",
    ])
}

fn sha_of(folder: &Path, stem: &str) -> String {
    let line = std::fs::read_to_string(folder.join(format!("{stem}.json"))).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&line).unwrap();
    doc["sha256"].as_str().unwrap().to_string()
}

#[test]
fn damaged_survey_values_are_set_aside_and_computed_again() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path().join("res");
    let games = scratch.path().join("games.txt");
    std::fs::write(&games, "0.007\n").unwrap();
    // --results makes its folder.
    let out = survey(&games, &folder);
    assert!(out.status.success(), "{}", text(&out).1);
    let sha = sha_of(&folder, "0.007");
    assert_eq!(
        sha,
        ok(&["grundy", "5000", "--game", "0.007", "--sha256"]).trim()
    );
    // The attack: the result removed, heap 3000 of the kept values flipped.
    std::fs::remove_file(folder.join("0.007.json")).unwrap();
    let values = folder.join("0.007.values");
    let mut bytes = std::fs::read(&values).unwrap();
    let line = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    bytes[line + 2 * 3000] ^= 1;
    std::fs::write(&values, &bytes).unwrap();
    let out = survey(&games, &folder);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("does not match its checksum"), "{stdout}");
    assert!(stdout.contains("set aside as"), "{stdout}");
    assert_eq!(
        sha_of(&folder, "0.007"),
        sha,
        "the published hash is the true one"
    );
    assert_eq!(
        std::fs::read(folder.join("0.007.values.unreadable")).unwrap(),
        bytes
    );
}

/// A junk file, a FIFO, a folder or a link at a game's values or lock:
/// each set aside, said, the game computed, and the next game too.
#[cfg(unix)]
#[test]
fn every_bad_per_game_file_is_set_aside_and_the_share_goes_on() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path().join("res");
    std::fs::create_dir(&folder).unwrap();
    let games = scratch.path().join("games.txt");
    std::fs::write(&games, "0.77\n0.07\n").unwrap();
    let outside = scratch.path().join("outside.txt");
    let fifo = |path: &Path| {
        let made = Command::new("mkfifo").arg(path).status().unwrap();
        assert!(made.success());
    };
    type Plant = Box<dyn Fn(&Path)>;
    let plants: Vec<(&str, &str, Plant)> = vec![
        (
            "values",
            "junk",
            Box::new(|p| std::fs::write(p, "junk\n").unwrap()),
        ),
        ("values", "a FIFO", Box::new(fifo)),
        (
            "values",
            "a folder",
            Box::new(|p| std::fs::create_dir(p).unwrap()),
        ),
        ("values", "a link", {
            let outside = outside.clone();
            Box::new(move |p| std::os::unix::fs::symlink(&outside, p).unwrap())
        }),
        ("lock", "a FIFO", Box::new(fifo)),
        (
            "lock",
            "a folder",
            Box::new(|p| std::fs::create_dir(p).unwrap()),
        ),
        ("lock", "a link", {
            let outside = outside.clone();
            Box::new(move |p| std::os::unix::fs::symlink(&outside, p).unwrap())
        }),
    ];
    for (file, what, plant) in plants {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && !path.is_symlink() {
                std::fs::remove_dir(&path).unwrap();
            } else {
                std::fs::remove_file(&path).unwrap();
            }
        }
        plant(&folder.join(format!("0.77.{file}")));
        let out = survey(&games, &folder);
        let (stdout, stderr) = text(&out);
        assert!(
            out.status.success(),
            "{what} at 0.77.{file}: {stdout}{stderr}"
        );
        assert!(
            stdout.contains("set aside as"),
            "{what} at 0.77.{file}: {stdout}"
        );
        assert!(
            stdout.contains("0.77: G(0) … G(168), period 12 from 71"),
            "{what} at 0.77.{file}: {stdout}"
        );
        assert!(
            stdout.contains("0.07: G(0)"),
            "{what} at 0.77.{file}: {stdout}"
        );
        assert!(
            !outside.exists(),
            "{what} at 0.77.{file}: made through the link"
        );
    }
}

#[test]
fn merge_shows_a_game_once_names_files_that_differ_and_escapes_what_it_prints() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path().join("res");
    let games = scratch.path().join("games.txt");
    std::fs::write(&games, "0.77\n0.07\n").unwrap();
    assert!(survey(&games, &folder).status.success());
    let merge = |json: bool| {
        let mut args = vec!["grundy", "--merge", folder.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        run(&args)
    };
    // The same game in a second file, agreeing: shown once.
    let line = std::fs::read_to_string(folder.join("0.77.json")).unwrap();
    std::fs::write(folder.join("copy.json"), &line).unwrap();
    let out = merge(true);
    assert!(out.status.success());
    assert_eq!(text(&out).0.lines().count(), 2, "{}", text(&out).0);
    // Differing: named, left out, and the status says so.
    let other = line.replace(&sha_of(&folder, "0.77"), &"0".repeat(64));
    std::fs::write(folder.join("copy.json"), &other).unwrap();
    let out = merge(true);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("0.77 is held by files that differ"),
        "{stderr}"
    );
    assert!(stderr.contains("copy.json"), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    std::fs::remove_file(folder.join("copy.json")).unwrap();
    // A game name that would clear the screen, and a line that does not
    // read: set aside as the survey sets it aside, the rest merged.
    let mut doc: serde_json::Value = serde_json::from_str(&line).unwrap();
    doc["published"]["compared"] = "\u{1b}[2J".into();
    std::fs::write(folder.join("0.77.json"), doc.to_string()).unwrap();
    std::fs::write(folder.join("junk.json"), "{\"game\": ").unwrap();
    let out = merge(false);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(!stdout.contains('\u{1b}'), "{stdout}");
    assert!(
        stdout.contains("\\u{1b}") || stdout.contains("\\x1b") || stdout.contains("\\e"),
        "{stdout}"
    );
    assert!(stderr.contains("set aside as"), "{stderr}");
    assert!(folder.join("junk.json.unreadable").exists());
    // A result whose numbers are impossible is refused as well.
    let mut doc: serde_json::Value = serde_json::from_str(&line).unwrap();
    doc["values"] = 1_000_000_000_000u64.into();
    std::fs::write(folder.join("0.77.json"), doc.to_string()).unwrap();
    let out = merge(true);
    let (stdout, stderr) = text(&out);
    assert!(stderr.contains("past 2^31"), "{stderr}");
    assert_eq!(stdout.lines().count(), 1);
}

#[test]
fn puzzle_seeds_never_wrap_on_any_path() {
    for rating in ["700", "1500"] {
        for game in ["tictactoe", "treblecross", "mnc", "notakto"] {
            let out = run(&[
                "puzzle",
                "--game",
                game,
                "--seed",
                "4294967290",
                "--count",
                "6",
                "--rating",
                rating,
            ]);
            let (stdout, stderr) = text(&out);
            // Every id printed has a seed at or above the one asked for.
            for id in stdout.lines().filter(|l| l.starts_with(game)) {
                let id = id.split_whitespace().next().unwrap();
                let seed: u64 = id.rsplit('-').next().unwrap().parse().unwrap();
                assert!(seed >= 4_294_967_290, "{game} {rating}: {id}");
            }
            assert_eq!(
                out.status.code(),
                Some(2),
                "{game} {rating}: {stdout}{stderr}"
            );
            assert!(stderr.contains("ran past 4294967295"), "{stderr}");
        }
    }
    // The plain path: the last seed is the largest, and no more.
    let out = run(&[
        "puzzle",
        "--game",
        "tictactoe",
        "--seed",
        "4294967295",
        "--count",
        "1",
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert!(
        text(&out).0.starts_with("tictactoe-1-4294967295"),
        "{}",
        text(&out).0
    );
}

#[test]
fn the_lesser_messages_say_what_they_found() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("v.txt");
    std::fs::write(&file, "\nx").unwrap();
    let out = run(&["grundy", "10", "--checkpoint", file.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains("found an empty first line"), "{stderr}");
    let out = run(&["grundy", "10", "--game", "mnc "]);
    let (_, stderr) = text(&out);
    assert!(stderr.contains("--game \"mnc \""), "{stderr}");
    let out = run(&["puzzle", "--game", "mnc "]);
    let (_, stderr) = text(&out);
    assert!(stderr.contains("found \"mnc \""), "{stderr}");
}
