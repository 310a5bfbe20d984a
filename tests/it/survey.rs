//! `noughts grundy --survey --games … --results DIR [--shard K/N]` and
//! `--merge DIR`: shards merged give what one run gives, a re-run skips
//! what is done, a run killed anywhere resumes to the same values, GNU
//! parallel spreads a survey over workers, and the public tables' periods
//! and values are reproduced.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_noughts"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn noughts(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `noughts grundy --survey --games GAMES --results FOLDER --max MAX`, then
/// `more` arguments: what it says.
fn survey(games: &str, folder: &Path, max: &str, more: &[&str]) -> String {
    let folder = folder.to_str().unwrap();
    let mut args = vec![
        "grundy",
        "--survey",
        "--games",
        games,
        "--results",
        folder,
        "--max",
        max,
    ];
    args.extend_from_slice(more);
    noughts(&args)
}

/// The merged results as JSON, without what depends on the run (its time,
/// threads, and where it resumed from).
fn merged(folder: &Path) -> Vec<serde_json::Value> {
    noughts(&["grundy", "--merge", folder.to_str().unwrap(), "--json"])
        .lines()
        .map(|line| {
            let mut doc: serde_json::Value = serde_json::from_str(line).unwrap();
            for key in ["seconds", "threads", "resumed_from"] {
                doc.as_object_mut().unwrap().remove(key);
            }
            doc
        })
        .collect()
}

const GAMES: &str = "# a few of each table, and one that is in none\n\
                     0.77\n0.07\n0.45\n0.156\n4.6\n0.04\n0.06\ngrundy\n4.007\n";

fn games_file(folder: &Path) -> String {
    let file = folder.join("games.txt");
    std::fs::write(&file, GAMES).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn shards_merged_give_the_table_of_one_run_and_the_figures_of_stats() {
    let scratch = tempfile::tempdir().unwrap();
    let games = games_file(scratch.path());
    let whole = scratch.path().join("whole");
    let parts = scratch.path().join("parts");
    std::fs::create_dir_all(&whole).unwrap();
    std::fs::create_dir_all(&parts).unwrap();
    let max = "20000";
    survey(&games, &whole, max, &[]);
    let mut per_shard = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let said = survey(&games, &parts, max, &["--shard", &shard]);
        per_shard.push(said.lines().count());
    }
    // Every game in one share, none left over, none twice.
    assert_eq!(per_shard.iter().sum::<usize>(), 9, "{per_shard:?}");
    assert!(per_shard.iter().all(|&n| n > 0), "{per_shard:?}");
    let one = merged(&whole);
    assert_eq!(one.len(), 9);
    assert_eq!(one, merged(&parts));
    // Each line carries --stats --json's fields with its values, and the
    // hash of the values --sha256 gives.
    for doc in &one {
        let game = doc["game"].as_str().unwrap();
        let n = doc["values"].as_u64().unwrap().to_string();
        let stats: serde_json::Value = serde_json::from_str(&noughts(&[
            "grundy", &n, "--game", game, "--stats", "--json",
        ]))
        .unwrap();
        for (key, value) in stats.as_object().unwrap() {
            // --stats over the same values proves the same period.
            assert_eq!(&doc[key], value, "{game}: {key}");
        }
        let hash = noughts(&["grundy", &n, "--game", game, "--sha256"]);
        assert_eq!(doc["sha256"], hash.trim(), "{game}");
    }
    // The table: the public tables' order (trivial, solved, unsolved),
    // then the games in none of them by code (0.07, Dawson's Kayles, is in none).
    let table = noughts(&["grundy", "--merge", whole.to_str().unwrap()]);
    let order: Vec<&str> = table
        .lines()
        .skip(2)
        .map(|l| l.split('|').nth(1).unwrap().trim())
        .collect();
    assert_eq!(
        order,
        ["0.77", "0.45", "0.156", "grundy", "0.04", "0.06", "4.007", "0.07", "4.6"],
        "{table}"
    );
    assert!(table.contains("| solved: agrees"), "{table}");
    assert!(table.contains("not listed"), "{table}");
}

#[test]
fn a_rerun_skips_the_games_done_and_a_larger_max_goes_on_from_the_values_kept() {
    let scratch = tempfile::tempdir().unwrap();
    let games = scratch.path().join("games.txt");
    std::fs::write(&games, "0.77\n0.04\n").unwrap();
    let games = games.to_str().unwrap();
    let results = scratch.path().to_str().unwrap();
    let first = survey(games, Path::new(results), "5000", &[]);
    assert!(
        first.contains("0.77: G(0) … G(168), period 12 from 71"),
        "{first}"
    );
    assert!(
        first.contains("0.04: G(0) … G(4999), no period proved"),
        "{first}"
    );
    let again = survey(games, Path::new(results), "5000", &[]);
    assert!(again.contains("0.77: done already"), "{again}");
    assert!(again.contains("0.04: done already"), "{again}");
    // A larger --max: Kayles is done (its period is proved), 0.04 goes on
    // from its 5,000 values.
    let more = survey(games, Path::new(results), "9000", &[]);
    assert!(more.contains("0.77: done already"), "{more}");
    assert!(more.contains("0.04: G(0) … G(8999)"), "{more}");
    let doc = &merged(scratch.path())[1];
    assert_eq!(doc["game"], "0.04");
    let line = std::fs::read_to_string(scratch.path().join("0.04.json")).unwrap();
    let raw: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(raw["resumed_from"], 5000);
    assert_eq!(
        doc["sha256"],
        noughts(&["grundy", "9000", "--game", "0.04", "--sha256"]).trim()
    );
}

/// A survey killed with kill -9 at random moments and started again ends
/// with the results of one never stopped.
#[cfg(unix)]
#[test]
fn a_survey_killed_anywhere_resumes_to_the_same_results() {
    use noughts::solver::puzzle::SplitMix64;
    use std::time::Duration;
    let scratch = tempfile::tempdir().unwrap();
    let games = scratch.path().join("games.txt");
    std::fs::write(&games, "0.77\n0.06\n0.04\n").unwrap();
    let whole = scratch.path().join("whole");
    let killed = scratch.path().join("killed");
    std::fs::create_dir_all(&whole).unwrap();
    std::fs::create_dir_all(&killed).unwrap();
    let args = |folder: &Path| -> Vec<String> {
        [
            "grundy",
            "--survey",
            "--games",
            games.to_str().unwrap(),
            "--results",
            folder.to_str().unwrap(),
            "--max",
            "60000",
        ]
        .map(String::from)
        .to_vec()
    };
    let whole_args = args(&whole);
    noughts(&whole_args.iter().map(String::as_str).collect::<Vec<_>>());
    let mut random = SplitMix64::new(35);
    let mut kills = 0;
    loop {
        assert!(kills < 200, "never finished");
        let child = Command::new(env!("CARGO_BIN_EXE_noughts"))
            .args(args(&killed))
            .env("NOUGHTS_CHECKPOINT_MS", "20")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id() as libc::pid_t;
        std::thread::sleep(Duration::from_millis(random.below(300) as u64));
        // SAFETY: kill has no memory effects; the pid is our child's.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        let out = child.wait_with_output().unwrap();
        if out.status.success() {
            break;
        }
        kills += 1;
    }
    assert!(
        kills >= 3,
        "killed {kills} times only: the test kills too late"
    );
    assert_eq!(merged(&whole), merged(&killed));
}

/// GNU parallel runs the shards as local workers into one folder; the
/// merged table is the one of a single run. (CI installs parallel.)
#[test]
fn gnu_parallel_runs_the_shards_over_local_workers() {
    if Command::new("parallel").arg("--version").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is missing: .ci/run installs it"
        );
        eprintln!("GNU parallel is not installed here: skipped");
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let games = games_file(scratch.path());
    let whole = scratch.path().join("whole");
    let spread = scratch.path().join("spread");
    std::fs::create_dir_all(&whole).unwrap();
    std::fs::create_dir_all(&spread).unwrap();
    survey(&games, &whole, "20000", &[]);
    let out = Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "4"])
        .arg(env!("CARGO_BIN_EXE_noughts"))
        .args(["grundy", "--survey", "--games", &games, "--results"])
        .arg(&spread)
        .args([
            "--max",
            "20000",
            "--threads",
            "1",
            "--shard",
            "{}/4",
            ":::",
            "1",
            "2",
            "3",
            "4",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 9);
    assert_eq!(merged(&whole), merged(&spread));
}

/// The trivial table whole, and the solved games whose period is proved
/// within 100,000 values: the published period, pre-period and values.
#[test]
fn the_public_trivial_and_solved_periods_are_reproduced() {
    let scratch = tempfile::tempdir().unwrap();
    let results = scratch.path().to_str().unwrap();
    for set in ["trivial", "solved"] {
        let said = survey(set, Path::new(results), "100000", &[]);
        assert!(!said.is_empty());
    }
    let docs = merged(scratch.path());
    let mut reproduced = 0;
    for doc in &docs {
        let public = &doc["published"];
        let table = public["table"].as_str().unwrap();
        if doc["period"].is_null() {
            // Only the solved games with longer proofs: 0.16, 0.56, 0.376, 0.354.
            assert_eq!(table, "solved", "{doc}");
            assert!(
                ["0.16", "0.56", "0.376", "0.354"].contains(&doc["game"].as_str().unwrap()),
                "{doc}"
            );
            continue;
        }
        assert_eq!(public["differences"], serde_json::json!([]), "{doc}");
        reproduced += 1;
    }
    assert_eq!(reproduced, 82 + 6);
}

/// Each game's line is out as soon as the game is done: a survey stopped
/// later (here by TERM, as a batch system stops a job) has said it.
#[cfg(unix)]
#[test]
fn each_games_line_is_out_before_the_next_game() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let scratch = tempfile::tempdir().unwrap();
    let games = scratch.path().join("games.txt");
    std::fs::write(&games, "0.77\n0.04\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_noughts"))
        .args(["grundy", "--survey", "--games"])
        .arg(&games)
        .arg("--results")
        .arg(scratch.path())
        .args(["--max", "268435456", "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kayles is done in a moment; then 0.04 runs for hours.
    let started = Instant::now();
    while !scratch.path().join("0.77.json").exists() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "Kayles never done"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: kill has no memory effects; the pid is our child's.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let mut said = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success());
    assert!(
        said.contains("0.77: G(0) … G(168), period 12 from 71"),
        "{said:?}"
    );
}

/// Values kept past the proof of the period (a run killed between a
/// checkpoint and the period's check) give the result of a run never
/// stopped; a result line that does not read is set aside and the game
/// computed again, the other games going on.
#[test]
fn values_past_the_proof_and_a_bad_result_line_change_nothing() {
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path();
    // 0.156 is proved by 7,660 values; its checkpoint holds 9,000.
    let values = folder.join("0.156.values");
    noughts(&[
        "grundy",
        "9000",
        "--game",
        "0.156",
        "--checkpoint",
        values.to_str().unwrap(),
        "--sha256",
    ]);
    std::fs::write(folder.join("0.77.json"), "{\"game\": \"0.77\", \"val").unwrap();
    let games = folder.join("games.txt");
    std::fs::write(&games, "0.77\n0.156\n").unwrap();
    let said = survey(games.to_str().unwrap(), folder, "20000", &[]);
    assert!(said.contains("set aside as"), "{said}");
    assert!(
        said.contains("0.156: G(0) … G(7659), period 349 from 3479"),
        "{said}"
    );
    let docs = merged(folder);
    assert_eq!(docs.len(), 2);
    // The trivial table (Kayles) before the solved one.
    assert_eq!(docs[0]["game"], "0.77");
    assert_eq!(docs[1]["game"], "0.156");
    assert_eq!(
        docs[1]["sha256"],
        noughts(&["grundy", "7660", "--game", "0.156", "--sha256"]).trim()
    );
    assert!(folder.join("0.77.json.unreadable").exists());
}
