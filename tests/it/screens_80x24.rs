//! Every mode of every tab at 80×24, the size most terminals open at:
//! editing, a match, a piece picked up, review, perfect line, analysis,
//! help, rules, a question and game over, as snapshots to look at; and the
//! words that say what happened and what to do next, found whole on screen.
//! Each of these screens, and the help and rules over it, is also drawn at
//! 40×16 and 120×40 with the views' notes of what they wrote where: no text
//! may be cut at the edge of its room without a sign, no two may share a
//! cell.

use crate::app_support;

use app_support::*;
use crossterm::event::KeyCode;
use noughts::solver::mnc::{Engine, Move, Size};
use noughts::solver::treblecross::Strip;
use noughts::solver::{Cell, Side};
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::audit;
use noughts::tui::puzzle::Puzzles;
use noughts::tui::tabs::mnc::{Action as MncAction, MncTab};
use noughts::tui::tabs::treblecross::TreblecrossTab;
use noughts::tui::theme::Theme;
use ratatui::layout::Rect;
use std::time::Duration;

/// The sizes every screen is checked at: the most common, a small one and
/// a large one.
const SIZES: [(u16, u16); 3] = [(80, 24), (40, 16), (120, 40)];

/// Draws `app` at `width`×`height`, failing on any text cut without a sign
/// or two texts sharing a cell.
fn whole_and_apart(app: &App, width: u16, height: u16) {
    audit::start();
    let terminal = draw(app, width, height);
    let notes = audit::finish();
    assert!(!notes.is_empty(), "nothing noted at {width}×{height}");
    let found = audit::problems(Rect::new(0, 0, width, height), &notes);
    assert!(
        found.is_empty(),
        "at {width}×{height}:\n{}\n{}",
        found.join("\n"),
        terminal.backend()
    );
}

/// Draws `app` in the ASCII display mode: every symbol ASCII, none empty
/// and none unknown (`?` where the Unicode screen has none), every text
/// whole and apart as in Unicode (`...` is wider than `…`).
fn all_ascii(app: &mut App, width: u16, height: u16) {
    let unicode = draw(app, width, height).backend().to_string();
    app.ascii = true;
    audit::start();
    let terminal = draw(app, width, height);
    let notes = audit::finish();
    app.ascii = false;
    let found = audit::problems(Rect::new(0, 0, width, height), &notes);
    assert!(
        found.is_empty(),
        "in ASCII at {width}×{height}:\n{}\n{}",
        found.join("\n"),
        terminal.backend()
    );
    let buffer = terminal.backend().buffer();
    for cell in buffer.content() {
        let symbol = cell.symbol();
        assert!(
            symbol.len() == 1 && symbol.is_ascii(),
            "{symbol:?} in ASCII mode at {width}×{height}:\n{}",
            terminal.backend()
        );
    }
    let text = terminal.backend().to_string();
    let unknown = |text: &str| text.matches('?').count();
    assert!(
        unknown(&text) <= unknown(&unicode),
        "a symbol with no stand-in at {width}×{height}:\n{text}"
    );
}

/// Whether a row of the screen is a Treblecross strip: its cells' marks
/// and nothing else.
fn strip_row(line: &str, marks: &[char]) -> bool {
    line.chars().any(|c| marks.contains(&c))
        && line
            .chars()
            .all(|c| c == ' ' || c == '"' || c == 'X' || marks.contains(&c))
}

/// `·` only ever marks a safe cell, on the strip and in its legend (`·
/// loses later`): never a separator of words (`cells 1–14 of 14 · cursor
/// at 1 · z zooms  ★ winning, · safe, × unsafe` had both on one line). In ASCII, where it is
/// `.`, no other lone `.` comes in (the separator, the old `…`): only the
/// empty cells the Unicode screen writes `.` too. On the Notakto tab `·`
/// is the sign of the quotient's product (as the paper and the command
/// write it; `x` in ASCII): only the ASCII half applies there.
fn dots_only_mark_safe_cells(unicode: &str, ascii: &str, products: bool) {
    for line in unicode.lines().filter(|_| !products) {
        if strip_row(line, &['★', '·', '⊘', '✗']) {
            continue;
        }
        let rest = line.replace("· loses later", "");
        assert!(!rest.contains('·'), "a · that is no safe cell: {line}");
    }
    let lone = |text: &str, dot: &str| {
        let ends = text
            .lines()
            .filter(|l| l.trim_end_matches([' ', '"']).ends_with(&format!(" {dot}")))
            .count();
        text.matches(&format!(" {dot} ")).count() + ends
    };
    assert!(
        lone(ascii, ".") <= lone(unicode, "·") + lone(unicode, "."),
        "a lone . that is no empty cell:\n{ascii}"
    );
}

/// The screen as text, 80×24, after checking it (and the help and rules
/// over it, scrolled to either end) at every size, in Unicode and ASCII.
fn screen(app: &mut App) -> String {
    let overlays = !app.showing_help() && !app.showing_rules() && app.question().is_none();
    for (width, height) in SIZES {
        whole_and_apart(app, width, height);
        all_ascii(app, width, height);
        if overlays {
            let unicode = draw(app, width, height).backend().to_string();
            app.ascii = true;
            let ascii = draw(app, width, height).backend().to_string();
            app.ascii = false;
            dots_only_mark_safe_cells(&unicode, &ascii, app.tab == TabId::Notakto);
        }
        if overlays {
            for toggle in [Action::ToggleHelp, Action::ToggleRules] {
                app.update(toggle);
                whole_and_apart(app, width, height);
                app.update(Action::ScrollOverlay(1000));
                whole_and_apart(app, width, height);
                app.update(toggle);
            }
        }
    }
    draw(app, 80, 24).backend().to_string()
}

/// Ticks until both engines have answered what they were asked.
fn settle(app: &mut App) {
    tick_until(app, "an answer from an engine", |app| {
        let mnc_waiting = {
            let m = &app.tabs.mnc;
            use noughts::solver::record::Shown;
            let waiting = match m.view() {
                _ if m.setup().is_some() => {
                    m.setup().unwrap().position().is_ok() && m.setup_rating().is_none()
                }
                // Over: the values of its moves come (the value history).
                Shown::Live if m.winner().is_some() => m.annotations().is_none(),
                Shown::Live => !m.humans_turn() || m.value().is_none(),
                Shown::Review { .. } => m.annotations().is_none(),
                Shown::Line { .. } => m.perfect_line().is_none(),
            };
            !m.is_solved() || waiting
        };
        // Busy: a puzzle asked of an engine's thread is not made yet.
        !app.busy()
            && !app.tabs.treblecross.is_thinking()
            && !app.tabs.notakto.is_thinking()
            && !mnc_waiting
    });
}

fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        type_keys(app, &c.to_string());
        settle(app);
    }
}

/// `words` on screen, each whole.
fn shows(text: &str, words: &[&str]) {
    for w in words {
        assert!(text.contains(w), "{w:?} not on screen:\n{text}");
    }
}

#[test]
fn tic_tac_toe_editing_help_and_rules() {
    let mut app = App::new(Theme { color: true });
    let text = screen(&mut app);
    insta::assert_snapshot!("ttt_80x24_editing", text);
    shows(&text, &["Perfect play", "? help", "q quit"]);
    keys(&mut app, "?");
    let text = screen(&mut app);
    insta::assert_snapshot!("ttt_80x24_help", text);
    shows(
        &text,
        &["Keys: Tic-tac-toe", "?, q or Esc closes this help"],
    );
    app.handle(&key(KeyCode::Esc), AREA);
    keys(&mut app, "r");
    let text = screen(&mut app);
    insta::assert_snapshot!("ttt_80x24_rules", text);
    shows(
        &text,
        &["Rules: Tic-tac-toe", "r, q or Esc closes the rules"],
    );
}

#[test]
fn treblecross_editing_game_review_line_and_over() {
    let mut app = App::new(Theme { color: true });
    app.tabs.treblecross = TreblecrossTab::with_strip(Strip::from(
        "X.......X.............."
            .chars()
            .map(|c| c == 'X')
            .collect::<Vec<_>>(),
    ));
    app.update(Action::SelectTab(TabId::Treblecross));
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_editing", text);
    shows(
        &text,
        &[
            "for the player to move",
            "winning cells:",
            "cell 1 holds an X",
        ],
    );
    // A game: your X on cell 4 (a safe one), the engine's reply.
    keys(&mut app, "glll ");
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_playing", text);
    shows(&text, &["your move", "1. you 4", "2. engine"]);
    keys(&mut app, "<");
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_review", text);
    shows(
        &text,
        &["REVIEW, after move 1 of 2", "before", "after", "Esc back"],
    );
    keys(&mut app, "p");
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_line", text);
    shows(
        &text,
        &["PERFECT LINE from move 1 on", "p or Esc back to the review"],
    );
    app.handle(&key(KeyCode::Esc), AREA);
    app.handle(&key(KeyCode::Esc), AREA);
    // A question before throwing the game away.
    keys(&mut app, "n");
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_question", text);
    shows(
        &text,
        &["Start the game again from its first strip?", "y yes"],
    );
    keys(&mut app, "n");
    // Play next to an X until the engine completes three.
    while app.tabs.treblecross.game().unwrap().is_on() {
        let strip = app.tabs.treblecross.strip().clone();
        let cell = (0..strip.len())
            .find(|&i| !strip[i] && (i > 0 && strip[i - 1] || i + 1 < strip.len() && strip[i + 1]))
            .or_else(|| (0..strip.len()).find(|&i| !strip[i]))
            .unwrap();
        app.handle(&key(KeyCode::Home), AREA);
        for _ in 0..cell {
            app.handle(&key(KeyCode::Right), AREA);
        }
        keys(&mut app, " ");
    }
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_over", text);
    shows(&text, &["GAME OVER: the engine wins: three in a row at"]);
}

#[test]
fn mnc_match_picked_review_line_analysis_question_and_over() {
    let mut app = App::new(Theme { color: true });
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_match", text);
    shows(&text, &["your move: click a cell for a small", "1. x a1"]);
    app.update(Action::tab(MncAction::Hand(Size::Big)));
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_picked", text);
    shows(&text, &["your move: place the big piece"]);
    app.handle(&key(KeyCode::Esc), AREA);
    app.update(Action::tab(MncAction::Play(Move::Place {
        size: Size::Small,
        cell: Cell::CENTRE,
    })));
    settle(&mut app);
    keys(&mut app, "n");
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_question", text);
    shows(
        &text,
        &[
            "Start a new game? The match in progress is",
            "discarded.",
            "y yes",
        ],
    );
    keys(&mut app, "n");
    // o plays the engine's moves to the end: x wins.
    let mut engine = Engine::solved();
    while app.tabs.mnc.winner().is_none() {
        let position = *app.tabs.mnc.position();
        let mv = engine.best_move(&position).unwrap();
        app.update(Action::tab(MncAction::Play(mv)));
        settle(&mut app);
    }
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_over", text);
    shows(&text, &["GAME OVER: the engine wins: three in a"]);
    keys(&mut app, "<");
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_review", text);
    shows(
        &text,
        &["REVIEW, after move", "before ", "after ", "Esc back"],
    );
    keys(&mut app, "p");
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_line", text);
    shows(
        &text,
        &["PERFECT LINE from move", "p or Esc back to the review"],
    );
    app.handle(&key(KeyCode::Esc), AREA);
    app.handle(&key(KeyCode::Esc), AREA);
    keys(&mut app, "e");
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_analysis", text);
    shows(
        &text,
        &["EDITING: set up any position to analyse", "e: back"],
    );
}

#[test]
fn notakto_editing_game_review_line_over_and_puzzle() {
    let mut app = App::new(Theme { color: true });
    let late = ["XX./..X/...", ".X./X../...", "X.X/.../.X."];
    app.load_saved(
        noughts::notation::saved::read(&format!("noughts 1\nnotakto {}\n", late.join(" ")))
            .unwrap(),
    );
    assert_eq!(app.tab, TabId::Notakto);
    let text = screen(&mut app);
    insta::assert_snapshot!("notakto_80x24_editing", text);
    shows(
        &text,
        &[
            "WINNING for the player to move",
            "winning moves: board 1: a2",
            "board 1",
            "★ wins, ⊘ loses; under each board",
            "i: the details",
        ],
    );
    // The details: each board's element and their product.
    app.set_details(true);
    let text = screen(&mut app);
    shows(
        &text,
        &[
            "WINNING for the player to move: one move wins",
            "why: ad · a · a = ad",
            "board 1: ad",
        ],
    );
    app.set_details(false);
    // Nine boards, one dead.
    keys(&mut app, "c++++++x");
    keys(&mut app, "llx");
    screen(&mut app);
    // A game on three boards: your X, the engine's reply.
    keys(&mut app, "-----e");
    keys(&mut app, "ee");
    keys(&mut app, "g ");
    let text = screen(&mut app);
    insta::assert_snapshot!("notakto_80x24_playing", text);
    shows(
        &text,
        &[
            "your move, the cursor on",
            "1. you board 1, c2",
            "2. engine",
        ],
    );
    keys(&mut app, "a");
    screen(&mut app);
    keys(&mut app, "<");
    let text = screen(&mut app);
    insta::assert_snapshot!("notakto_80x24_review", text);
    shows(&text, &["REVIEW, after move 1 of 2", "before", "after"]);
    keys(&mut app, "p");
    let text = screen(&mut app);
    insta::assert_snapshot!("notakto_80x24_line", text);
    shows(&text, &["PERFECT LINE from move 1 on"]);
    app.handle(&key(KeyCode::Esc), AREA);
    app.handle(&key(KeyCode::Esc), AREA);
    keys(&mut app, "n");
    shows(
        &screen(&mut app),
        &["Start the game again from its first boards?"],
    );
    keys(&mut app, "n");
    // Play the first playable cell until the game ends.
    while app.tabs.notakto.game().unwrap().is_on() {
        let boards = app.tabs.notakto.boards().to_vec();
        let (k, cell) = boards
            .iter()
            .enumerate()
            .find_map(|(k, b)| b.playable().next().map(|c| (k, c)))
            .unwrap();
        app.update(Action::tab(noughts::tui::tabs::notakto::Action::Click(
            k, cell,
        )));
        settle(&mut app);
    }
    let text = screen(&mut app);
    insta::assert_snapshot!("notakto_80x24_over", text);
    shows(&text, &["GAME OVER: the engine wins", "n new game"]);

    // A puzzle: a wrong answer, then a hint.
    app.open_puzzle("notakto-2-3".parse().unwrap());
    let puzzle = app
        .tabs
        .notakto
        .training()
        .current
        .as_ref()
        .unwrap()
        .puzzle
        .clone();
    let wrong = noughts::solver::notakto::analyze(&puzzle.boards)
        .moves
        .iter()
        .find(|m| !m.1)
        .map(|m| m.0)
        .unwrap();
    app.update(Action::tab(noughts::tui::tabs::notakto::Action::Click(
        wrong.board,
        wrong.cell,
    )));
    keys(&mut app, "t");
    let text = screen(&mut app);
    insta::assert_snapshot!("notakto_80x24_puzzle", text);
    shows(&text, &["PUZZLE notakto-2-3", "not played", "hint 1:"]);

    app.update(Action::tab(noughts::tui::tabs::notakto::Action::Puzzle(
        noughts::tui::puzzle::PuzzleAction::Leave,
    )));
    // Back to editing, the boards cleared: in ASCII.
    keys(&mut app, "gcx");
    app.ascii = true;
    let text = draw(&app, 80, 24).backend().to_string();
    insta::assert_snapshot!("notakto_80x24_ascii", text);
    shows(&text, &["* wins, ! loses; under each board"]);
}

/// The views the snapshots above do not reach, each checked at every size
/// for cut and overlapping words (with the help and rules over it).
#[test]
fn every_other_view_is_whole_and_apart() {
    let mut app = App::new(Theme { color: true });
    // Tic-tac-toe: cell values, an illegal board, the perfect line.
    keys(&mut app, "x");
    screen(&mut app);
    keys(&mut app, "lx");
    screen(&mut app);
    keys(&mut app, "lx");
    screen(&mut app);
    keys(&mut app, "uu");
    keys(&mut app, "p>>");
    screen(&mut app);
    app.handle(&key(KeyCode::Esc), AREA);
    // Treblecross: each panel view, another octal game, the prompt, a long
    // strip at every zoom, a game with the analysis hidden.
    app.update(Action::SelectTab(TabId::Treblecross));
    for _ in 0..3 {
        keys(&mut app, "s");
        screen(&mut app);
        keys(&mut app, "]]");
        screen(&mut app);
    }
    keys(&mut app, "o0.77");
    screen(&mut app);
    app.handle(&key(KeyCode::Enter), AREA);
    settle(&mut app);
    screen(&mut app);
    keys(&mut app, "o");
    app.handle(&key(KeyCode::Enter), AREA);
    settle(&mut app);
    keys(&mut app, ">>>>>");
    settle(&mut app);
    for _ in 0..3 {
        keys(&mut app, "z");
        screen(&mut app);
    }
    keys(&mut app, "xlllllx");
    screen(&mut app);
    keys(&mut app, "g");
    screen(&mut app);
    keys(&mut app, "a");
    screen(&mut app);
    // MNC: hints on, a big piece on the board picked up to move.
    app.tabs.mnc = MncTab::new(Side::X, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    keys(&mut app, "a");
    screen(&mut app);
    app.update(Action::tab(MncAction::Play(Move::Place {
        size: Size::Big,
        cell: Cell::CENTRE,
    })));
    settle(&mut app);
    screen(&mut app);
    keys(&mut app, "m");
    screen(&mut app);
    app.handle(&key(KeyCode::Esc), AREA);
    // Analysis: a position set up cell by cell, and one refused.
    keys(&mut app, "e");
    for _ in 0..2 {
        keys(&mut app, " l ");
        screen(&mut app);
    }
    keys(&mut app, "v");
    screen(&mut app);
}

/// Keys that find nothing to do say why, on screen, at every size.
#[test]
fn keys_that_find_nothing_to_do_say_why() {
    let mut app = App::new(Theme { color: true });
    for (key, why) in [
        ("u", "nothing to undo"),
        ("c", "the board is empty already"),
    ] {
        keys(&mut app, key);
        assert_eq!(app.tabs.tictactoe.message(), Some(why));
        shows(&screen(&mut app), &[why]);
    }
    type_keys(&mut app, "ox.");
    keys(&mut app, "p<");
    assert_eq!(
        app.tabs.tictactoe.message(),
        Some("already at the start: > steps on")
    );
    app.handle(&key(KeyCode::Esc), AREA);
    app.update(Action::SelectTab(TabId::Treblecross));
    for (key, why) in [
        ("u", "nothing to undo"),
        ("c", "the strip has no X to clear"),
        ("xx", "the cell holds an X already"),
    ] {
        keys(&mut app, key);
        assert_eq!(app.tabs.treblecross.message(), Some(why));
    }
    for _ in 0..20 {
        keys(&mut app, "-");
    }
    assert_eq!(
        app.tabs.treblecross.message(),
        Some("the strip is 3 cells: from 3 to 100000")
    );
    // A game's review stepped past its first move; the level said.
    keys(&mut app, ">c");
    app.handle(&key(KeyCode::Home), AREA);
    keys(&mut app, "g ");
    assert_eq!(
        app.tabs.treblecross.game().unwrap().record().moves().len(),
        2
    );
    keys(&mut app, "<<<");
    assert_eq!(
        app.tabs.treblecross.message(),
        Some("already at the start: > steps on")
    );
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    keys(&mut app, "<d");
    let why = "engine: strong from its next move";
    assert_eq!(app.tabs.mnc.message(), Some(why));
    app.handle(&key(KeyCode::Esc), AREA);
    // The question before quitting a match, whole at every size.
    keys(&mut app, "q");
    shows(&screen(&mut app), &["Quit?", "y quit"]);
}

/// Ticks until the MNC tab shows the puzzle `id`, rated.
fn settle_puzzle(app: &mut App, id: &str) {
    tick_until(app, "the puzzle", |app| {
        let m = &app.tabs.mnc;
        let made = m.training().current.as_ref();
        made.is_some_and(|t| t.attempt.id.to_string() == id) && m.value().is_some()
    });
}

#[test]
fn a_puzzle_in_each_game_after_a_wrong_answer_and_a_hint() {
    let mut app = App::new(Theme { color: true });
    // Tic-tac-toe: a fork to find; a2 lets O draw.
    app.open_puzzle("tictactoe-2-2".parse().unwrap());
    keys(&mut app, "j t");
    let text = screen(&mut app);
    insta::assert_snapshot!("ttt_80x24_puzzle", text);
    shows(
        &text,
        &[
            "PUZZLE tictactoe-2-2",
            "win in 3 moves",
            "hint 1:",
            "t hint",
        ],
    );

    // Treblecross: one winning cell; cell 1 hands a nim-sum to the engine.
    app.open_puzzle("treblecross-4-6".parse().unwrap());
    keys(&mut app, " t");
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_puzzle", text);
    shows(
        &text,
        &["PUZZLE treblecross-4-6", "find a winning cell", "hint 1:"],
    );
    // A drill: the nim-sum, typed.
    app.open_puzzle("treblecross-4-1".parse().unwrap());
    keys(&mut app, "5");
    app.handle(&key(KeyCode::Enter), AREA);
    keys(&mut app, "t");
    let text = screen(&mut app);
    insta::assert_snapshot!("treblecross_80x24_drill", text);
    shows(
        &text,
        &["nim-sum of this strip", "not 5", "0-9 Enter answer"],
    );

    // MNC: win in 5; a big piece on b2 is a wrong answer.
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.open_puzzle("mnc-2-12".parse().unwrap());
    settle_puzzle(&mut app, "mnc-2-12");
    keys(&mut app, "bt");
    let text = screen(&mut app);
    insta::assert_snapshot!("mnc_80x24_puzzle", text);
    shows(&text, &["PUZZLE mnc-2-12", "after O b2", "hint 1:"]);
}

#[test]
fn every_tab_in_ascii_keeps_its_marks_as_letters() {
    let mut app = App::new(Theme { color: false });
    app.ascii = true;
    app.tabs.tictactoe =
        noughts::tui::tabs::tictactoe::TicTacToeTab::with_board("X0X/.0./.X.".parse().unwrap());
    let text = draw(&app, 80, 24).backend().to_string();
    insta::assert_snapshot!("ttt_80x24_ascii", text);
    shows(&text, &["+-----", "Perfect play", "*draw"]);

    app.tabs.treblecross = TreblecrossTab::with_strip(Strip::from(
        "X.......X.............."
            .chars()
            .map(|c| c == 'X')
            .collect::<Vec<_>>(),
    ));
    app.update(Action::SelectTab(TabId::Treblecross));
    let text = draw(&app, 80, 24).backend().to_string();
    insta::assert_snapshot!("treblecross_80x24_ascii", text);
    shows(
        &text,
        &[
            "X  !  !  *",
            "winning cells:",
            "cells 1-23 of 23; cursor at 1; z: smaller cells",
            "* wins, . loses later, ! loses at once",
        ],
    );
    // The details: the sum with `^` for XOR, the values list cut `...`.
    app.set_details(true);
    let text = draw(&app, 80, 24).backend().to_string();
    shows(&text, &["G(3) ^ G(12) = 1 ^ 0 = 1", "26:2 ..."]);
    app.set_details(false);

    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    keys(&mut app, "a");
    let text = draw(&app, 80, 24).backend().to_string();
    insta::assert_snapshot!("mnc_80x24_ascii", text);
    shows(
        &text,
        &[
            "you [4 small o]",
            "perfect play",
            "hints: s small, b big, m big moved,",
            "W9 win in 9,",
            "L4 loss in 4, * best",
        ],
    );
}

/// In ASCII each meaning keeps a sign of its own on its screen: `.` the
/// empty cell (never a separator, never the "more" sign), `+` the corners
/// of boxes (a big O is a ring, a legal target `@`), `^` the XOR (the
/// lengths in use `'`).
#[test]
fn ascii_signs_say_one_thing_each() {
    let mut app = App::new(Theme { color: false });
    app.ascii = true;
    app.tabs.tictactoe =
        noughts::tui::tabs::tictactoe::TicTacToeTab::with_board("X0X/.0./.X.".parse().unwrap());
    // The details too: the values list and the nim-sum's XOR.
    app.set_details(true);
    keys(&mut app, "p");
    let text = draw(&app, 80, 24).backend().to_string();
    shows(
        &text,
        &[
            "PERFECT LINE from XOX/.O./.X.",
            "4 moves of perfect play; step 0 of 4",
            "/----\\",
        ],
    );
    assert!(!text.contains(". step"), "{text}");
    app.handle(&key(KeyCode::Esc), AREA);

    // A strip whose values list is cut: `...`, as in the panel's title.
    app.tabs.treblecross = TreblecrossTab::with_strip(Strip::from(vec![false; 14]));
    // The details too: the values list and the nim-sum's XOR.
    app.set_details(true);
    app.update(Action::SelectTab(TabId::Treblecross));
    let text = draw(&app, 80, 24).backend().to_string();
    shows(
        &text,
        &[
            "cells 1-14 of 14; cursor at 1; z: smaller cells",
            // No X, so no cell loses at once: the legend says no `!`.
            "* wins, . loses later  ",
            "'",
        ],
    );
    assert!(
        text.lines()
            .any(|l| l.contains(':') && l.trim_end_matches([' ', '"']).ends_with("...")),
        "{text}"
    );
    assert!(!text.contains('^') || text.contains(" ^ "), "{text}");

    // MNC: a big piece picked up, its legal targets marked `@`.
    app.tabs.mnc = MncTab::new(Side::X, Duration::ZERO);
    // The details too: the values list and the nim-sum's XOR.
    app.set_details(true);
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    app.update(Action::tab(MncAction::Hand(Size::Big)));
    let text = draw(&app, 80, 24).backend().to_string();
    shows(&text, &["a1 @", "(@ marks"]);
    for cell in Cell::ALL {
        assert!(
            !text.contains(&format!("{cell} +")),
            "a + that is no corner:\n{text}"
        );
    }
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains('@'), "{text}");
}

/// The contest judges' verdicts (the details, `i`) say what they mean
/// ("first": X moves, the first player; CodeChef's 2: reachable, not
/// over), whole at 80×24 and 40 columns.
#[test]
fn tic_tac_toe_verdicts_say_what_they_mean() {
    let mut app = App::new(Theme { color: true });
    app.set_details(true);
    // (40×30: a panel under the board 40 columns wide, as at 40×16, with
    // the rows to show them.)
    for (width, height) in [(80, 24), (40, 30)] {
        let text = draw(&app, width, height).backend().to_string();
        shows(
            &text,
            &[
                "Codeforces  first: X moves (player 1)",
                "CodeChef    2: reachable, not over",
            ],
        );
    }
    type_keys(&mut app, "x");
    for (width, height) in [(80, 24), (40, 30)] {
        let text = draw(&app, width, height).backend().to_string();
        shows(&text, &["Codeforces  second: O moves (player 2)"]);
    }
    // The perfect line's last move: "draw", as every move before it.
    keys(&mut app, "p");
    let text = draw(&app, 80, 24).backend().to_string();
    shows(&text, &["8. X c3: draw"]);
    assert!(!text.contains("a draw"), "{text}");
    app.handle(&key(KeyCode::Esc), AREA);
    keys(&mut app, "?");
    let text = draw(&app, 80, 40).backend().to_string();
    shows(&text, &["load the next example position"]);
    assert!(!text.contains("assets/"), "{text}");
}

/// Before the first move the MNC panel says which side wins and how to
/// take it, at every size (at 40×16 it went without a sign); its hint
/// legend is whole phrases a line.
#[test]
fn the_winning_side_and_the_hint_legend_at_every_size() {
    let mut app = App::new(Theme { color: true });
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    for (width, height) in [(40, 16), (40, 20)] {
        let text = draw(&app, width, height).backend().to_string();
        shows(&text, &["x wins in 12 moves: w swaps, d weakens"]);
    }
    for (width, height) in [(80, 24), (120, 40)] {
        let text = draw(&app, width, height).backend().to_string();
        shows(&text, &["x is the winning side"]);
    }
    // Playing x, the winning side.
    app.tabs.mnc = MncTab::new(Side::X, Duration::ZERO);
    settle(&mut app);
    for (width, height) in [(40, 16), (40, 20)] {
        let text = draw(&app, width, height).backend().to_string();
        shows(&text, &["you (x) win in 13 moves; a shows how"]);
        assert!(!text.contains("more row"), "{text}");
    }
    keys(&mut app, "a");
    // The legend says what the board's style shortens: values at 80×24
    // (`★small W13`), nothing but the star where the cells have the room
    // for words (`★ small: win in 13`); tui_mnc_hints checks every style.
    let text = draw(&app, 80, 24).backend().to_string();
    shows(
        &text,
        &["★small W13", "hints: W9 win in 9, L4 loss in 4, ★ best"],
    );
    let text = draw(&app, 120, 40).backend().to_string();
    shows(&text, &["★ small: win in 13", "hints: ★ best"]);
    assert!(!text.contains("W9"), "{text}");
}

/// The runs' panels in every tab, whole and apart at every size and in
/// ASCII (their puzzles are random: no snapshot).
#[test]
fn a_streak_run_and_a_timed_run_in_each_game() {
    for first in ["tictactoe-2-2", "treblecross-4-6", "mnc-2-5", "notakto-2-3"] {
        let mut app = App::new(Theme { color: true });
        app.open_puzzle(first.parse().unwrap());
        settle(&mut app);
        keys(&mut app, "S");
        tick_until(&mut app, "the run's puzzle", |app| !app.busy());
        shows(&screen(&mut app), &["STREAK RUN", "0 solved, best 0"]);
        // Esc from the solution's line, where one is shown.
        keys(&mut app, "p");
        if !draw(&app, 80, 24)
            .backend()
            .to_string()
            .contains("RUN OVER")
        {
            app.handle(&key(KeyCode::Esc), AREA);
        }
        shows(&screen(&mut app), &["STREAK RUN OVER (you gave up)"]);
        keys(&mut app, "T");
        tick_until(&mut app, "the run's puzzle", |app| !app.busy());
        shows(&screen(&mut app), &["TIMED RUN ", " left: 0 solved"]);
    }
}
