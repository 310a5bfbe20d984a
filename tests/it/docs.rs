//! The examples of the README and of docs/ are run: every `$ command` of a
//! fenced text block, its output compared line for line with the lines that
//! follow it, and every saved file shown is one the app reads — so no
//! example can be refused or go stale (issue 32 found the README's saved
//! game refused by the app).

use noughts::notation::saved::read;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Commands shown but not run here, and why.
const NOT_RUN: [(&str, &str); 3] = [
    ("noughts grundy 1048576 --stats", "ten seconds of computing"),
    ("noughts mnc solve", "prints the time it took"),
    (
        "noughts mnc review ~/",
        "a file in the user's data folder: run below",
    ),
];

/// The README and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![Path::new(ROOT).join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The fenced ```text blocks of a page, each as its lines.
fn blocks(page: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(page).unwrap();
    let mut blocks = Vec::new();
    let mut open: Option<Vec<String>> = None;
    // A block in a list item is indented as the item is: so is its fence.
    let mut indent = 0;
    for line in text.lines() {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) => {
                indent = line.len() - line.trim_start().len();
                let kind = if line.trim() == "```text" {
                    ""
                } else {
                    "(not text)"
                };
                open = Some(
                    [kind]
                        .iter()
                        .filter(|k| !k.is_empty())
                        .map(|k| k.to_string())
                        .collect(),
                );
            }
            (Some(_), true) => blocks.push(open.take().unwrap()),
            (Some(block), false) => block.push(line.get(indent..).unwrap_or("").to_string()),
            _ => {}
        }
    }
    blocks
}

/// The output of `command` as a shell runs it in the repository, with the
/// binary under test first on the PATH (standard error after standard
/// output, as a terminal shows both).
fn shell(command: &str) -> Vec<String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_noughts")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(ROOT)
        .env("PATH", path)
        .output()
        .unwrap();
    let mut text = String::from_utf8(out.stdout).unwrap();
    text.push_str(&String::from_utf8(out.stderr).unwrap());
    text.lines().map(|l| l.trim_end().to_string()).collect()
}

/// Whether `printed` is `shown`, where a shown line `...` stands for any
/// lines left out.
fn matches(printed: &[String], shown: &[String]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=printed.len()).any(|skip| matches(&printed[skip..], rest))
        }
        Some((first, rest)) => printed
            .split_first()
            .is_some_and(|(line, more)| line == first && matches(more, rest)),
    }
}

#[test]
fn every_command_shown_prints_what_is_shown() {
    let mut ran = 0;
    for page in pages() {
        for block in blocks(&page) {
            let mut lines = block.iter().peekable();
            while let Some(line) = lines.next() {
                let Some(command) = line.strip_prefix("$ ") else {
                    continue;
                };
                let mut shown = Vec::new();
                while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
                    shown.push(next.trim_end().to_string());
                }
                if NOT_RUN.iter().any(|(c, _)| command.starts_with(c)) {
                    continue;
                }
                let printed = shell(command);
                assert!(
                    matches(&printed, &shown),
                    "{}: `{command}` prints something else:\n{}\n--- shown:\n{}",
                    page.display(),
                    printed.join("\n"),
                    shown.join("\n")
                );
                ran += 1;
            }
        }
    }
    assert!(ran >= 10, "only {ran} commands found");
}

#[test]
fn every_saved_file_shown_loads_and_the_review_shown_is_the_commands() {
    let all: Vec<Vec<String>> = pages().iter().flat_map(|p| blocks(p)).collect();
    let saved: Vec<&Vec<String>> = all
        .iter()
        .filter(|b| b.first().is_some_and(|l| l == "noughts 1"))
        .collect();
    assert!(!saved.is_empty(), "the docs show a saved file");
    for block in &saved {
        let text = block.join("\n") + "\n";
        read(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    }
    let review = all
        .iter()
        .find(|b| {
            b.first()
                .is_some_and(|l| l.starts_with("$ noughts mnc review"))
        })
        .expect("the docs show a review");
    let match_file = saved
        .iter()
        .find(|b| b.get(1).is_some_and(|l| l.starts_with("mnc ")))
        .expect("the docs show a saved match");
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("mnc.txt");
    std::fs::write(&file, match_file.join("\n") + "\n").unwrap();
    let printed = shell(&format!("noughts mnc review '{}'", file.display()));
    let shown: Vec<String> = review[1..]
        .iter()
        .map(|l| l.trim_end().to_string())
        .collect();
    assert_eq!(printed, shown);
}
