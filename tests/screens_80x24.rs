//! Every mode of every tab at 80×24, the size most terminals open at:
//! editing, a match, a piece picked up, review, perfect line, analysis,
//! help, rules, a question and game over, as snapshots to look at; and the
//! words that say what happened and what to do next, found whole on screen.

mod app_support;

use app_support::*;
use crossterm::event::KeyCode;
use noughts::solver::mnc::{Engine, Move, Size};
use noughts::solver::treblecross::Strip;
use noughts::solver::{Cell, Side};
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::tabs::mnc::{Action as MncAction, MncTab};
use noughts::tui::tabs::treblecross::TreblecrossTab;
use noughts::tui::theme::Theme;
use std::time::Duration;

/// The screen as text, 80×24.
fn screen(app: &App) -> String {
    draw(app, 80, 24).backend().to_string()
}

/// Ticks until both engines have answered what they were asked.
fn settle(app: &mut App) {
    tick_until(app, "an answer from an engine", |app| {
        let mnc_waiting = app.mnc.as_ref().is_some_and(|m| {
            use noughts::solver::record::Shown;
            let waiting = match m.view() {
                _ if m.setup().is_some() => {
                    m.setup().unwrap().position().is_ok() && m.setup_rating().is_none()
                }
                Shown::Live => m.winner().is_none() && (!m.humans_turn() || m.value().is_none()),
                Shown::Review { .. } => m.annotations().is_none(),
                Shown::Line { .. } => m.perfect_line().is_none(),
            };
            !m.is_solved() || waiting
        });
        !app.treblecross.is_thinking() && !mnc_waiting
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
    let text = screen(&app);
    insta::assert_snapshot!("ttt_80x24_editing", text);
    shows(&text, &["Board", "? help", "q quit"]);
    keys(&mut app, "?");
    let text = screen(&app);
    insta::assert_snapshot!("ttt_80x24_help", text);
    shows(&text, &["Keys: Tic-tac-toe", "? or Esc closes this help"]);
    app.handle(&key(KeyCode::Esc), AREA);
    keys(&mut app, "r");
    let text = screen(&app);
    insta::assert_snapshot!("ttt_80x24_rules", text);
    shows(&text, &["Rules: Tic-tac-toe", "r or Esc closes the rules"]);
}

#[test]
fn treblecross_editing_game_review_line_and_over() {
    let mut app = App::new(Theme { color: true });
    app.treblecross = TreblecrossTab::with_strip(Strip::from(
        "X.......X.............."
            .chars()
            .map(|c| c == 'X')
            .collect::<Vec<_>>(),
    ));
    app.update(Action::SelectTab(TabId::Treblecross));
    let text = screen(&app);
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
    let text = screen(&app);
    insta::assert_snapshot!("treblecross_80x24_playing", text);
    shows(&text, &["your move", "1. you 4", "2. engine"]);
    keys(&mut app, "<");
    let text = screen(&app);
    insta::assert_snapshot!("treblecross_80x24_review", text);
    shows(
        &text,
        &["REVIEW · after move 1 of 2", "before", "after", "Esc back"],
    );
    keys(&mut app, "p");
    let text = screen(&app);
    insta::assert_snapshot!("treblecross_80x24_line", text);
    shows(
        &text,
        &["PERFECT LINE from move 1 on", "p or Esc back to the review"],
    );
    app.handle(&key(KeyCode::Esc), AREA);
    app.handle(&key(KeyCode::Esc), AREA);
    // A question before throwing the game away.
    keys(&mut app, "n");
    let text = screen(&app);
    insta::assert_snapshot!("treblecross_80x24_question", text);
    shows(
        &text,
        &["Start the game again from its first strip?", "y yes"],
    );
    keys(&mut app, "n");
    // Play next to an X until the engine completes three.
    while app.treblecross.game().unwrap().is_on() {
        let strip = app.treblecross.strip().clone();
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
    let text = screen(&app);
    insta::assert_snapshot!("treblecross_80x24_over", text);
    shows(&text, &["GAME OVER: the engine wins, three in a row"]);
}

#[test]
fn mnc_match_picked_review_line_analysis_question_and_over() {
    let mut app = App::new(Theme { color: true });
    app.mnc = Some(MncTab::new(Side::O, Duration::ZERO));
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_match", text);
    shows(
        &text,
        &["your move: click a cell (a small piece);", "1. x x a1"],
    );
    app.update(Action::Mnc(MncAction::Hand(Size::Big)));
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_picked", text);
    shows(&text, &["your move: place the big piece"]);
    app.handle(&key(KeyCode::Esc), AREA);
    app.update(Action::Mnc(MncAction::Play(Move::Place {
        size: Size::Small,
        cell: Cell::CENTRE,
    })));
    settle(&mut app);
    keys(&mut app, "n");
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_question", text);
    shows(
        &text,
        &[
            "Start a new game? The match in progress is",
            "lost.",
            "y yes",
        ],
    );
    keys(&mut app, "n");
    // o plays the engine's moves to the end: x wins.
    let mut engine = Engine::solved();
    while app.mnc.as_ref().unwrap().winner().is_none() {
        let position = *app.mnc.as_ref().unwrap().position();
        let mv = engine.best_move(&position).unwrap();
        app.update(Action::Mnc(MncAction::Play(mv)));
        settle(&mut app);
    }
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_over", text);
    shows(&text, &["GAME OVER: the engine wins: three in a"]);
    keys(&mut app, "<");
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_review", text);
    shows(
        &text,
        &["REVIEW · after move", "before ", "after ", "Esc back"],
    );
    keys(&mut app, "p");
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_line", text);
    shows(
        &text,
        &["PERFECT LINE from move", "p or Esc back to the review"],
    );
    app.handle(&key(KeyCode::Esc), AREA);
    app.handle(&key(KeyCode::Esc), AREA);
    keys(&mut app, "a");
    let text = screen(&app);
    insta::assert_snapshot!("mnc_80x24_analysis", text);
    shows(&text, &["ANALYSIS: set up any position", "a: back"]);
}
