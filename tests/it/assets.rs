//! Every example in `assets/` through the binary: inputs with a `.out`
//! beside them must give exactly that output; every MNC example position
//! must be accepted and analysed.

use assert_cmd::Command;
use std::path::Path;

fn noughts(args: &[&str], input: Option<&Path>) -> String {
    let mut command = Command::cargo_bin("noughts").unwrap();
    command.args(args);
    if let Some(path) = input {
        command.arg(path);
    }
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} {input:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn examples_give_their_expected_output() {
    let mut checked = 0;
    for (dir, args) in [
        ("assets/tictactoe", vec!["tictactoe"]),
        ("assets/treblecross", vec!["treblecross"]),
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let expected = path.with_extension("out");
            let expected = std::fs::read_to_string(&expected)
                .unwrap_or_else(|_| panic!("{} has no .out beside it", path.display()));
            let mut args = args.clone();
            if path.to_string_lossy().contains("codechef") {
                args.extend(["--format", "codechef"]);
            }
            assert_eq!(noughts(&args, Some(&path)), expected, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 4);
}

#[test]
fn mnc_example_positions_are_analysed() {
    let text = std::fs::read_to_string("assets/mnc/positions.txt").unwrap();
    let positions: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert!(positions.len() >= 5);
    for position in positions {
        let out = noughts(&["mnc", "analyze", position], None);
        assert!(out.contains("value: "), "{position}: {out}");
    }
}

#[test]
fn the_examples_built_into_the_app_parse() {
    // The app ships the files inside the binary; a file that stopped
    // parsing would show as an error message in the tab.
    let boards = noughts::tui::tabs::tictactoe::examples().unwrap();
    assert!(boards.len() >= 2);
    let strips = noughts::tui::tabs::treblecross::examples().unwrap();
    assert_eq!(strips.len(), 4);
    // Notakto's, each with the words it is shown with, and each answered
    // by the command as the file's line reads.
    let positions = noughts::tui::tabs::notakto::examples().unwrap();
    let text = std::fs::read_to_string("assets/notakto/examples.txt").unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(positions.len(), lines.len());
    for (example, line) in positions.iter().zip(lines) {
        assert!(example.title.len() > 10, "{line}: no title");
        let args: Vec<&str> = ["notakto"].into_iter().chain(line.split(' ')).collect();
        let out = noughts(&args, None);
        assert!(
            out.starts_with("WINNING") || out.starts_with("LOSING"),
            "{out}"
        );
        let winning = out.starts_with("WINNING");
        let said = example.title.to_lowercase();
        // A title that names the outcome names the right one.
        if said.contains("loses") && !said.contains("wins") {
            assert!(!winning, "{}: {out}", example.title);
        }
        if said.contains("wins") && !said.contains("loses") {
            assert!(winning, "{}: {out}", example.title);
        }
    }
}

#[test]
fn the_rules_the_app_shows_are_the_docs_page() {
    let rules = std::fs::read_to_string("assets/rules.md").unwrap();
    let page = std::fs::read_to_string("docs/rules.md").unwrap();
    assert!(
        page.contains(rules.trim()),
        "docs/rules.md and assets/rules.md differ"
    );
}
