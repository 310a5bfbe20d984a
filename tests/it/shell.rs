//! What the command line offers a shell user: completion scripts and man
//! pages generated from its own definition, and options only where they
//! apply.

use assert_cmd::Command;

fn noughts(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("noughts")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = noughts(args);
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The commands and the options a completion script must offer.
const WORDS: [&str; 13] = [
    "tictactoe",
    "treblecross",
    "grundy",
    "mnc",
    "analyze",
    "kattis",
    "completions",
    "manpage",
    "--json",
    "--explain",
    "--stats",
    "--no-mouse",
    "--ascii",
];

#[test]
fn completion_scripts_cover_every_command_and_option() {
    // (shell, a line only its script has, whether it lists option values)
    for (shell, marker, values) in [
        ("bash", "complete -F _noughts", true),
        ("zsh", "#compdef noughts", true),
        ("fish", "complete -c noughts", true),
        ("elvish", "edit:completion:arg-completer[noughts]", false),
        ("powershell", "Register-ArgumentCompleter", false),
    ] {
        let script = stdout(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: no {marker}");
        for word in WORDS {
            // fish writes options as `-l json`.
            assert!(
                script.contains(word.trim_start_matches('-')),
                "{shell}: no {word}"
            );
        }
        // Possible values (`--format codechef`) where the shell lists them.
        assert_eq!(script.contains("codechef"), values, "{shell}");
    }
    let out = noughts(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8(out.stderr).unwrap();
    assert!(error.contains("possible values: bash"), "{error}");
    assert_eq!(error.lines().count(), 1);
}

#[test]
fn the_bash_script_is_valid_bash() {
    let script = stdout(&["completions", "bash"]);
    let dir = tempfile_dir("bash");
    let path = dir.join("noughts.bash");
    std::fs::write(&path, script).unwrap();
    // Source it and ask for the completions of "noughts tic".
    let check = format!(
        "source {}; COMP_WORDS=(noughts tic); COMP_CWORD=1; _noughts noughts tic noughts; echo \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &check])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "tictactoe");
}

/// A fresh folder under the target directory for one test.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("shell-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_man_page_is_roff_and_names_every_command() {
    let page = stdout(&["manpage"]);
    assert!(page.contains(".TH noughts 1"), "{page}");
    for command in ["tictactoe", "treblecross", "grundy", "mnc", "completions"] {
        assert!(
            page.contains(&format!("noughts\\-{command}(1)")),
            "{command}"
        );
    }
    // Every page, one per command, written to a folder.
    let dir = tempfile_dir("man");
    let out = noughts(&["manpage", "--dir", dir.to_str().unwrap()]);
    assert!(out.status.success());
    for name in ["noughts.1", "noughts-grundy.1", "noughts-mnc-analyze.1"] {
        let page = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(page.contains(".TH"), "{name}");
    }
    let grundy = std::fs::read_to_string(dir.join("noughts-grundy.1")).unwrap();
    assert!(grundy.contains("\\-\\-stats") && grundy.contains("\\-\\-json"));
    // A folder that is not there: one line, exit 1.
    let out = noughts(&["manpage", "--dir", "/nonexistent/man"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("noughts: error: --dir"));
}

#[test]
fn options_appear_only_where_they_apply() {
    // --no-mouse and --ascii belong to the app: `noughts` alone and
    // `noughts tui`.
    for option in ["--no-mouse", "--ascii"] {
        assert!(stdout(&["--help"]).contains(option));
        assert!(stdout(&["tui", "--help"]).contains(option));
        for command in [
            &["tictactoe"][..],
            &["treblecross"],
            &["grundy", "10"],
            &["mnc", "solve"],
        ] {
            let mut help = command.to_vec();
            help.push("--help");
            assert!(!stdout(&help).contains(option), "{command:?}");
            let mut args = command.to_vec();
            args.push(option);
            let out = noughts(&args);
            assert_eq!(out.status.code(), Some(2), "{command:?}");
            let error = String::from_utf8(out.stderr).unwrap();
            assert!(
                error.contains(&format!("unexpected argument '{option}'")),
                "{error}"
            );
        }
        // Before a command, too: only the app's.
        for command in [
            &["tictactoe"][..],
            &["treblecross"],
            &["grundy", "10"],
            &["mnc", "solve"],
            &["completions", "bash"],
        ] {
            let mut args = vec![option];
            args.extend(command);
            let out = noughts(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(out.stdout.is_empty(), "{args:?}");
            let error = String::from_utf8(out.stderr).unwrap();
            assert!(
                error.starts_with(&format!(
                    "noughts: error: '{option}' cannot be used with '{}'",
                    command[0]
                )),
                "{error}"
            );
            assert_eq!(error.lines().count(), 1, "{error}");
        }
        // Where it belongs it is taken (the app then wants a terminal).
        for args in [&[option][..], &[option, "tui"], &["tui", option]] {
            let error = String::from_utf8(noughts(args).stderr).unwrap();
            assert!(error.contains("needs a terminal"), "{args:?}: {error}");
        }
    }
    // --json of grundy goes with --stats; --json and --explain exclude each other.
    for (args, expected) in [
        (
            &["grundy", "10", "--json"][..],
            "required arguments were not provided: <--stats|--until-period|--merge <DIR>>",
        ),
        (
            &["tictactoe", "--json", "--explain"],
            "'--json' cannot be used with '--explain'",
        ),
    ] {
        let out = noughts(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8(out.stderr).unwrap();
        assert!(error.contains(expected), "{error}");
        assert_eq!(error.lines().count(), 1, "{error}");
    }
}

#[test]
fn config_prints_the_settings_path_and_init_writes_it_once() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("settings.toml");
    let path = Command::cargo_bin("noughts")
        .unwrap()
        .args(["config", "--path"])
        .env("NOUGHTS_CONFIG_DIR", folder.path())
        .assert()
        .success();
    let printed = String::from_utf8_lossy(&path.get_output().stdout).to_string();
    assert_eq!(printed.trim_end(), file.display().to_string());
    assert!(!file.exists(), "--path writes nothing");

    Command::cargo_bin("noughts")
        .unwrap()
        .args(["config", "--init"])
        .env("NOUGHTS_CONFIG_DIR", folder.path())
        .assert()
        .success();
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written, noughts::settings::default_text());
    assert_eq!(
        noughts::settings::parse(&written),
        Ok(noughts::settings::Settings::default())
    );

    std::fs::write(&file, "tab = \"mnc\"\n").unwrap();
    let again = Command::cargo_bin("noughts")
        .unwrap()
        .args(["config", "--init"])
        .env("NOUGHTS_CONFIG_DIR", folder.path())
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&again.get_output().stderr).to_string();
    assert!(err.contains("exists already"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "tab = \"mnc\"\n");
}
