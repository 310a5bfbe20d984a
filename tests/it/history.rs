//! The puzzle history, as a player meets it: attempts made in the app are
//! kept in its data folder, `noughts puzzle --history` lists them (a missed
//! puzzle on the list that comes back), and a missed puzzle comes back in
//! the app after a few others until it is solved twice in a row; `D` shows
//! the dashboard, `f` practises one theme at a time.

use crate::app_support::*;
use assert_cmd::Command;
use noughts::solver::puzzle::PuzzleGame;
use noughts::solver::puzzle::PuzzleId;
use noughts::solver::Cell;
use noughts::training::history::{CLEAN_TO_CLEAR, SOON};
use noughts::training::Attempt;
use noughts::tui::app::{App, TabId};
use noughts::tui::puzzle::Puzzles;
use noughts::tui::tabs::tictactoe;
use noughts::tui::theme::Theme;

const WIDE: (u16, u16) = (200, 60);

fn app_keeping_in(folder: &std::path::Path) -> App {
    let mut app = App::new(Theme { color: false });
    app.keep_puzzles_in(folder.to_path_buf());
    app
}

fn attempt(app: &App) -> &Attempt {
    let training = app.tabs.tictactoe.training();
    &training.current.as_ref().unwrap().attempt
}

fn click_cell(app: &mut App, cell: Cell) {
    let area = ratatui::layout::Rect::new(0, 0, WIDE.0, WIDE.1);
    let body = noughts::tui::shell::shell_layout(area).body;
    let rect = tictactoe::layout(body).unwrap().cells[cell.index()];
    app.handle(
        &click(rect.x + rect.width / 2, rect.y + rect.height / 2),
        area,
    );
    app.tick();
}

/// A wrong answer to the tic-tac-toe puzzle on: the first empty cell that
/// is not an answer.
fn miss(app: &mut App) {
    let answers = app
        .tabs
        .tictactoe
        .training()
        .current
        .as_ref()
        .unwrap()
        .puzzle
        .answers
        .clone();
    for cell in Cell::ALL.into_iter().filter(|c| !answers.contains(c)) {
        click_cell(app, cell);
        if attempt(app).wrong > 0 {
            return;
        }
    }
    panic!("no wrong cell in {}", screen(app));
}

fn solve(app: &mut App) {
    let answers = app
        .tabs
        .tictactoe
        .training()
        .current
        .as_ref()
        .unwrap()
        .puzzle
        .answers
        .clone();
    for cell in answers {
        click_cell(app, cell);
    }
}

fn screen(app: &App) -> String {
    draw(app, WIDE.0, WIDE.1).backend().to_string()
}

fn next(app: &mut App) {
    type_keys(app, "n");
    tick_until(app, "the next puzzle", |app| !app.busy());
    app.tick();
}

/// `noughts puzzle --history --json` on `folder`, a document per line.
fn history_json(folder: &std::path::Path) -> Vec<serde_json::Value> {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .env("NOUGHTS_DATA_DIR", folder)
        .args(["puzzle", "--history", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    (String::from_utf8(out).unwrap().lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn a_missed_puzzle_is_listed_and_comes_back_until_solved_twice_in_a_row() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let missed: PuzzleId = "tictactoe-1-1".parse().unwrap();
    app.open_puzzle(missed);
    miss(&mut app);
    // Still open after a wrong answer: kept once it is left (or solved).
    solve(&mut app);
    let lines = history_json(folder.path());
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["id"], "tictactoe-1-1");
    assert_eq!(lines[0]["ended"], "missed");
    assert_eq!(lines[0]["wrong"], 1);
    assert_eq!(lines[0]["comes_back"], true);
    assert!(lines[0]["themes"].as_array().is_some_and(|t| !t.is_empty()));

    // A few others solved; then it is due, and comes back first.
    let mut back = 0;
    for k in 0..SOON + 1 {
        next(&mut app);
        if attempt(&app).id == missed {
            back = k;
            break;
        }
        solve(&mut app);
    }
    assert_eq!(back, SOON, "{}", screen(&app));
    assert!(attempt(&app).again);
    let text = screen(&app);
    assert!(
        text.contains("missed before: back until solved 2 times in a row"),
        "{text}"
    );
    // Not rated, and what a hint costs says so (round 15 read `a miss
    // still is` rated under `not rated`).
    assert!(text.contains("t for a hint, p for the solution"), "{text}");
    assert!(!text.contains("a miss still is"), "{text}");
    solve(&mut app);

    // Solved once: it stays on the list, and comes back again later.
    let still = |folder: &std::path::Path| {
        let lines = history_json(folder);
        let last = lines
            .iter()
            .rev()
            .find(|l| l["id"] == "tictactoe-1-1")
            .unwrap()
            .clone();
        (last["comes_back"] == true, lines.len())
    };
    assert_eq!(still(folder.path()), (true, SOON + 2));
    let mut solved_again = 1;
    for _ in 0..30 {
        next(&mut app);
        let again = attempt(&app).id == missed;
        solve(&mut app);
        if again {
            solved_again += 1;
            break;
        }
    }
    assert_eq!(solved_again, CLEAN_TO_CLEAR, "it came back a second time");
    assert!(
        !still(folder.path()).0,
        "solved twice in a row: off the list"
    );

    // The text form lists the attempt, the game's themes and no comeback.
    let text = Command::cargo_bin("noughts")
        .unwrap()
        .env("NOUGHTS_DATA_DIR", folder.path())
        .args(["puzzle", "--history", "--game", "tictactoe"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("tictactoe-1-1") && text.contains("missed (1 wrong)"),
        "{text}"
    );
    assert!(text.contains("themes, weakest first: "), "{text}");
    assert!(text.contains("no missed puzzle to come back"), "{text}");
}

#[test]
fn an_answered_puzzle_open_when_the_app_closes_is_kept() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle("tictactoe-1-7".parse().unwrap());
    miss(&mut app);
    assert!(history_json(folder.path()).is_empty(), "still open");
    app.closing();
    let lines = history_json(folder.path());
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["ended"], "missed");
}

#[test]
fn a_damaged_history_is_refused_by_the_command_line_with_its_reason() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(
        folder.path().join("puzzle-history.json"),
        "{\"version\":1,\"attempts\":[{}]}",
    )
    .unwrap();
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .env("NOUGHTS_DATA_DIR", folder.path())
        .args(["puzzle", "--history"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let error = String::from_utf8(out.stderr).unwrap();
    assert!(
        error.contains("puzzle-history.json") && error.contains("line 1, column"),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(out.stdout.is_empty());
}

#[test]
fn d_opens_a_dashboard_of_the_rating_themes_and_missed_puzzles_and_m_plays_them() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let missed: PuzzleId = "tictactoe-1-1".parse().unwrap();
    app.open_puzzle(missed);
    miss(&mut app);
    // Missed and still on: it counts once it is over, and the dashboard
    // says so under a rating that has moved.
    type_keys(&mut app, "D");
    let text = screen(&app);
    assert!(
        text.contains("0 attempts kept")
            && text.contains("the puzzle on counts here once it is over"),
        "{text}"
    );
    type_keys(&mut app, "D");
    solve(&mut app);
    for id in ["tictactoe-1-2", "tictactoe-2-2"] {
        app.open_puzzle(id.parse().unwrap());
        solve(&mut app);
    }
    type_keys(&mut app, "D");
    let text = screen(&app);
    let trainer = &app.tabs.tictactoe.training().trainer;
    let rating = trainer.progress().rating.rating.round();
    for words in [
        "Puzzle dashboard: Tic-tac-toe".to_string(),
        format!("your rating {rating} (provisional"),
        "3 attempts kept: 2 solved, 1 missed".into(),
        "your rating from the first kept, after each of 3 rated puzzles:".into(),
        "themes, weakest first".into(),
        "1 puzzle missed: each comes back (not rated) until solved 2 times in a row".into(),
        "tictactoe-1-1  back after 1 more".into(),
        "m replays missed".into(),
        // One figure a name: the longest row of solves, and each run's best
        // (round 16 read "best streak 2; best runs: streak 0").
        "most rated puzzles solved in a row 2; best streak run 0, best timed run 0".into(),
    ] {
        assert!(text.contains(&words), "{words:?} not in\n{text}");
    }
    assert_eq!(text.matches("best streak").count(), 1, "{text}");
    // The themes in the order of their ratings, weakest first, as the
    // history rates them.
    let themes = trainer.theme_ratings();
    assert!(!themes.is_empty());
    let at: Vec<usize> = (themes.iter())
        .map(|t| {
            text.find(&format!("  {} ", t.name.replace('-', " ")))
                .unwrap()
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{themes:?}\n{text}");
    // The chart: a column per point, the highest at the top row's side.
    assert!(text.contains('█'), "{text}");

    // 40×16: the rating and the way to scroll; ASCII: nothing else.
    let small = draw(&app, 40, 16).backend().to_string();
    assert!(
        small.contains("your rating") && small.contains("more lines: J reads on"),
        "{small}"
    );
    app.ascii = true;
    let plain = draw(&app, 80, 24).backend().to_string();
    assert!(plain.is_ascii() && plain.contains("#"), "{plain}");
    app.ascii = false;

    // m: the missed puzzle again now, said so.
    type_keys(&mut app, "m");
    assert!(app.overlay.is_none());
    assert_eq!(attempt(&app).id, missed);
    assert!(attempt(&app).again);
    let text = screen(&app);
    assert!(text.contains("the puzzle you missed, again now"), "{text}");
    assert!(
        text.contains("missed before: back until solved 2 times in a row"),
        "{text}"
    );
    // Played again, it is not rated (its answer was seen).
    let before = app.tabs.tictactoe.training().trainer.progress().rating;
    solve(&mut app);
    assert_eq!(
        app.tabs.tictactoe.training().trainer.progress().rating,
        before
    );
    // Nothing more to replay: n gives a chosen one, and says so.
    next(&mut app);
    assert!(!attempt(&app).again);
    let text = screen(&app);
    assert!(text.contains(noughts::tui::puzzle::REPLAY_OVER), "{text}");
    // Solved once since: still listed (twice in a row takes it off), and
    // m still offered.
    type_keys(&mut app, "D");
    let text = screen(&app);
    assert!(
        text.contains("tictactoe-1-1  solved once; back after"),
        "{text}"
    );
    assert!(text.contains("m replays missed"), "{text}");
    // With none missed, the dashboard says so and offers no m.
    let mut fresh = App::new(Theme { color: false });
    fresh.open_puzzle("tictactoe-1-2".parse().unwrap());
    type_keys(&mut fresh, "D");
    let text = screen(&fresh);
    assert!(text.contains("no missed puzzle waiting"), "{text}");
    assert!(!text.contains("m replays missed"), "{text}");
    type_keys(&mut fresh, "m");
    assert!(fresh.overlay.is_some(), "m does nothing there");
}

/// The focus theme and the puzzle on in a tab: (focus, the puzzle's themes).
fn focus_and_themes(app: &App, tab: TabId) -> (Option<&'static str>, Vec<&'static str>) {
    fn look<P, A, E>(
        t: &noughts::tui::puzzle::Training<P, A, E>,
    ) -> (Option<&'static str>, Vec<&'static str>) {
        let current = t.current.as_ref().unwrap();
        (
            t.focus.map(|f| f.name),
            current.attempt.themes.iter().map(|t| t.name).collect(),
        )
    }
    match tab {
        TabId::TicTacToe => look(app.tabs.tictactoe.training()),
        TabId::Treblecross => look(app.tabs.treblecross.training()),
        TabId::Notakto => look(app.tabs.notakto.training()),
        TabId::Mnc => look(app.tabs.mnc.training()),
    }
}

#[test]
fn f_practises_each_theme_in_turn_then_every_theme_again() {
    for (tab, game) in [
        (TabId::TicTacToe, PuzzleGame::TicTacToe),
        (TabId::Treblecross, PuzzleGame::Treblecross),
        (TabId::Notakto, PuzzleGame::Notakto),
    ] {
        let mut app = App::new(Theme { color: false });
        app.update(noughts::tui::app::Action::SelectTab(tab));
        type_keys(&mut app, "P");
        // Treblecross's drills (a stretch's value) come only with the
        // details: without them `f` passes their theme by.
        let offered: Vec<&str> = (game.themes().iter())
            .map(|t| t.name)
            .filter(|&t| !(tab == TabId::Treblecross && t == "grundy-value"))
            .collect();
        for name in &offered {
            type_keys(&mut app, "f");
            let (focus, themes) = focus_and_themes(&app, tab);
            assert_eq!(focus, Some(*name));
            assert!(themes.contains(name), "{name}: a puzzle with {themes:?}");
            let text = screen(&app);
            let words = format!("on the theme {}", name.replace('-', " "));
            assert!(text.contains(&words), "{words:?} not in\n{text}");
            // n keeps to the theme.
            next(&mut app);
            let after = focus_and_themes(&app, tab);
            assert!(
                after.1.contains(name),
                "{name}: n gave {after:?}\n{}",
                screen(&app)
            );
        }
        type_keys(&mut app, "f");
        assert_eq!(focus_and_themes(&app, tab).0, None, "every theme again");
        assert!(!screen(&app).contains("on the theme"));
    }
}
