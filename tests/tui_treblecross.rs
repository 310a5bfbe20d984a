//! The Treblecross tab without a terminal: edits through the update
//! function, clicks on a scrolled strip, the styles of winning cells,
//! and snapshots.

mod app_support;

use app_support::*;
use crossterm::event::{KeyCode, KeyModifiers, MouseEventKind};
use noughts::solver::grundy::GrundyTable;
use noughts::solver::treblecross::{analyze, Strip, StripAnalysis};
use noughts::tui::app::{shell_layout, App, TabId};
use noughts::tui::tabs::treblecross::{layout, window_start, TreblecrossTab};
use noughts::tui::theme::Theme;
use ratatui::style::{Color, Modifier};

fn strip(text: &str) -> Strip {
    Strip::from(text.chars().map(|c| c == 'X').collect::<Vec<_>>())
}

fn app_with(text: &str) -> App {
    let mut app = App::new(Theme { color: true });
    app.treblecross = TreblecrossTab::with_strip(strip(text));
    app.tab = TabId::Treblecross;
    app
}

fn text_of(strip: &[bool]) -> String {
    strip.iter().map(|&x| if x { 'X' } else { '.' }).collect()
}

/// The tab's analysis is the solver's analysis of the tab's strip.
fn assert_analysis_follows(app: &App) {
    let mut table = GrundyTable::default();
    assert_eq!(
        app.treblecross.analysis(),
        Some(&analyze(app.treblecross.strip(), &mut table).unwrap())
    );
}

#[test]
fn keys_edit_the_strip_and_the_analysis_follows() {
    let mut app = app_with(".....");
    assert_eq!(app.treblecross.analysis().unwrap().winning_cells(), &[2]);
    type_keys(&mut app, "ll ");
    assert_eq!(text_of(app.treblecross.strip()), "..X..");
    assert!(!app.treblecross.analysis().unwrap().is_winning());
    assert_analysis_follows(&app);
    type_keys(&mut app, "+++");
    assert_eq!(app.treblecross.strip().len(), 8);
    assert_analysis_follows(&app);
    type_keys(&mut app, "------");
    assert_eq!(app.treblecross.strip().len(), 3, "never shorter than 3");
    // Each length change is one edit.
    type_keys(&mut app, "u");
    assert_eq!(app.treblecross.strip().len(), 4);
    type_keys(&mut app, "uuuu");
    assert_eq!(app.treblecross.strip().len(), 8);
    type_keys(&mut app, "uuu");
    assert_eq!(text_of(app.treblecross.strip()), "..X..");
    type_keys(&mut app, "u");
    assert_eq!(text_of(app.treblecross.strip()), ".....");
    type_keys(&mut app, "u");
    assert_eq!(
        text_of(app.treblecross.strip()),
        ".....",
        "nothing left to undo"
    );
    app.handle(&key_with(KeyCode::Char('r'), KeyModifiers::CONTROL), AREA);
    assert_eq!(text_of(app.treblecross.strip()), "..X..");
    type_keys(&mut app, "x.");
    assert_analysis_follows(&app);
    // Examples: the UVA sample strips, in order.
    type_keys(&mut app, "ee");
    assert_eq!(
        text_of(app.treblecross.strip()),
        "X.....X..X.............X....X..X"
    );
    assert!(!app.treblecross.analysis().unwrap().is_winning());
    app.handle(&key(KeyCode::End), AREA);
    assert_eq!(app.treblecross.cursor(), 31);
    type_keys(&mut app, "c");
    assert!(app.treblecross.strip().iter().all(|&x| !x));
}

#[test]
fn a_click_on_a_scrolled_strip_toggles_the_cell_drawn_there() {
    let mut app = app_with(&".".repeat(500));
    let body = shell_layout(AREA).body;
    let strip_row = layout(body).unwrap().strip;
    let width = strip_row.width as usize;
    // Move far right: the window scrolls to the page holding the cursor.
    for _ in 0..5 {
        app.handle(&key(KeyCode::PageDown), AREA);
    }
    let cursor = app.treblecross.cursor();
    assert_eq!(cursor, 250);
    let start = window_start(cursor, width);
    assert!(start > 0, "the strip is scrolled");
    let before = draw(&app, 100, 24);
    let ruler: String = (0..width as u16)
        .map(|x| {
            before.backend().buffer()[(strip_row.x + x, strip_row.y - 1)]
                .symbol()
                .to_string()
        })
        .collect();
    assert!(
        ruler.trim_start().starts_with(&(start + 1).to_string()),
        "{ruler}"
    );

    let column = strip_row.x + 7;
    app.handle(&click(column, strip_row.y), AREA);
    let toggled = start + 7;
    assert!(app.treblecross.strip()[toggled]);
    assert_eq!(app.treblecross.strip().iter().filter(|&&x| x).count(), 1);
    // What is drawn under the click is the X just placed.
    let after = draw(&app, 100, 24);
    assert_eq!(
        after.backend().buffer()[(column, strip_row.y)].symbol(),
        "X"
    );
    assert_analysis_follows(&app);
}

#[test]
fn winning_cells_are_starred_green_bold_and_underlined() {
    let app = app_with("...............................................");
    let terminal = draw(&app, 100, 24);
    insta::assert_snapshot!("treblecross_winning", terminal.backend());
    let strip_row = layout(shell_layout(AREA).body).unwrap().strip;
    let buffer = terminal.backend().buffer();
    let winning = app.treblecross.analysis().unwrap().winning_cells().to_vec();
    assert_eq!(
        winning.iter().map(|c| c + 1).collect::<Vec<_>>(),
        vec![1, 12, 15, 17, 20, 24, 28, 31, 33, 36, 47]
    );
    for cell in 0..47usize {
        let drawn = &buffer[(strip_row.x + cell as u16, strip_row.y)];
        if winning.contains(&cell) {
            assert_eq!(drawn.symbol(), "★", "cell {cell}");
            assert_eq!(drawn.fg, Color::Green);
            assert!(drawn
                .modifier
                .contains(Modifier::BOLD | Modifier::UNDERLINED));
        } else {
            assert_ne!(drawn.symbol(), "★", "cell {cell}");
        }
    }
    let text = terminal.backend().to_string();
    let g = GrundyTable::with_len(48).unwrap().get(47);
    assert!(
        text.contains(&format!("G(47) = {g} = {g} → WINNING")),
        "{text}"
    );
}

#[test]
fn segments_nim_sum_and_messages() {
    let losing = app_with("X.....X..X.............X....X..X");
    let text = draw(&losing, 100, 24).backend().to_string();
    insta::assert_snapshot!("treblecross_losing", text);
    assert!(text.contains("G(1) ⊕ G(9) = 1 ⊕ 1 = 0 → LOSING"), "{text}");
    assert!(text.contains("L=9 G=1"));

    let immediate = app_with(".X.X...X");
    let text = draw(&immediate, 100, 24).backend().to_string();
    assert!(
        text.contains("WINNING at once") && text.contains("completes three at 3"),
        "{text}"
    );

    let mut finished = app_with("..X.X..");
    type_keys(&mut finished, "lll ");
    let text = draw(&finished, 100, 24).backend().to_string();
    assert!(matches!(
        finished.treblecross.analysis(),
        Some(StripAnalysis::Finished { .. })
    ));
    assert!(
        text.contains("Three X in a row at 3–5: the game is over"),
        "{text}"
    );
}

#[test]
fn the_wheel_over_the_panel_scrolls_the_grundy_values() {
    let mut app = app_with(".....");
    let panel = layout(shell_layout(AREA).body).unwrap().panel;
    app.handle(
        &mouse(MouseEventKind::ScrollDown, panel.x + 3, panel.y + 2),
        AREA,
    );
    assert_eq!(app.treblecross.grundy_start(), 8);
    type_keys(&mut app, "]]");
    assert_eq!(app.treblecross.grundy_start(), 24);
    app.handle(
        &mouse(MouseEventKind::ScrollUp, panel.x + 3, panel.y + 2),
        AREA,
    );
    type_keys(&mut app, "[[[[");
    assert_eq!(app.treblecross.grundy_start(), 0);
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("13:4"), "G(13) = 4 in the table: {text}");
    assert!(
        text.contains("in use 5:2 "),
        "the one segment, 5 cells: {text}"
    );
    // The wheel elsewhere does nothing.
    app.handle(&mouse(MouseEventKind::ScrollDown, 5, 2), AREA);
    assert_eq!(app.treblecross.grundy_start(), 0);
}

#[test]
fn a_long_strip_edits_and_draws_only_its_window() {
    // 100,000 cells with an X every 50: segments stay short.
    let text: String = (0..100_000)
        .map(|i| if i % 50 == 0 { 'X' } else { '.' })
        .collect();
    let mut app = app_with(&text);
    app.handle(&key(KeyCode::End), AREA);
    app.handle(&key(KeyCode::Char('x')), AREA);
    assert_analysis_follows(&app);
    let rendered = draw(&app, 100, 24).backend().to_string();
    assert!(rendered.contains("of 100000"), "{rendered}");
    assert!(rendered.contains("cursor at 100000"));
}

#[test]
fn a_game_against_the_engine() {
    use noughts::solver::treblecross::Player;
    // You first on 8 empty cells: a move, then the engine's reply at once.
    let mut app = app_with("........");
    type_keys(&mut app, "plll ");
    let game = app.treblecross.game().expect("a game is on");
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.moves[0], (Player::You, 3));
    assert_eq!(game.moves[1].0, Player::Engine);
    assert_eq!(game.to_move, Player::You);
    let terminal = draw(&app, 100, 24);
    let text = terminal.backend().to_string();
    assert!(
        text.contains("your move") && text.contains("analysis is hidden"),
        "{text}"
    );
    let strip_row = layout(shell_layout(AREA).body).unwrap().strip;
    let row: String = (0..8)
        .map(|x| {
            terminal.backend().buffer()[(strip_row.x + x, strip_row.y)]
                .symbol()
                .to_string()
        })
        .collect();
    assert!(
        !row.contains('★'),
        "no hints on the strip while playing: {row}"
    );

    // Editing is refused while a game is on, with the reason.
    type_keys(&mut app, "+");
    assert_eq!(app.treblecross.strip().len(), 8);
    assert!(app.treblecross.message().unwrap().contains("p stops it"));

    // Undo takes back your move and the reply.
    type_keys(&mut app, "u");
    assert!(app.treblecross.strip().iter().all(|&x| !x));
    assert!(app.treblecross.game().unwrap().moves.is_empty());

    // An X next to another hands the engine three in a row.
    type_keys(&mut app, " ");
    let engine_cell = app.treblecross.game().unwrap().moves[1].1;
    let next_to = if engine_cell + 1 < 8 && !app.treblecross.strip()[engine_cell + 1] {
        engine_cell + 1
    } else {
        engine_cell - 1
    };
    app.handle(&key(KeyCode::Home), AREA);
    for _ in 0..next_to {
        app.handle(&key(KeyCode::Right), AREA);
    }
    type_keys(&mut app, " ");
    assert_eq!(app.treblecross.game().unwrap().winner, Some(Player::Engine));
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("GAME OVER: the engine wins"), "{text}");
    // p ends the game; the strip is editable again.
    type_keys(&mut app, "p+");
    assert!(app.treblecross.game().is_none());
    assert_eq!(app.treblecross.strip().len(), 9);
}

#[test]
fn the_engine_wins_from_a_won_start_whatever_you_play() {
    use noughts::solver::treblecross::Player;
    for len in [5, 9, 14, 23] {
        let mut app = app_with(&".".repeat(len));
        assert!(app.treblecross.analysis().unwrap().is_winning(), "{len}");
        type_keys(&mut app, "P");
        // You always play the first empty cell.
        while app.treblecross.game().unwrap().winner.is_none() {
            let first_empty = app.treblecross.strip().iter().position(|&x| !x).unwrap();
            app.handle(&key(KeyCode::Home), AREA);
            for _ in 0..first_empty {
                app.handle(&key(KeyCode::Right), AREA);
            }
            type_keys(&mut app, " ");
        }
        assert_eq!(
            app.treblecross.game().unwrap().winner,
            Some(Player::Engine),
            "{len}"
        );
    }
}

#[test]
fn long_free_segments_are_analysed_off_the_ui_thread_with_progress() {
    use noughts::tui::tabs::treblecross::SYNC_GRUNDY;
    let len = 12_000;
    assert!(len > SYNC_GRUNDY);
    let mut app = app_with(&".".repeat(len));
    // At first: no stale answer, a progress line instead, and no game.
    assert!(app.treblecross.analysis().is_none());
    let (_, wanted) = app.treblecross.computing().expect("a background job");
    assert_eq!(wanted, len + 1);
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(
        text.contains("computing the Grundy values up to L = 12000"),
        "{text}"
    );
    type_keys(&mut app, "p");
    assert!(app.treblecross.game().is_none());
    assert!(app.treblecross.message().unwrap().contains("wait"));
    // Edits and drawing go on meanwhile.
    type_keys(&mut app, "l ");
    draw(&app, 100, 24);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while app.treblecross.analysis().is_none() {
        assert!(
            std::time::Instant::now() < deadline,
            "the job never finished"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.tick();
    }
    assert!(app.treblecross.computing().is_none());
    assert_analysis_follows(&app);
}

#[test]
fn s_shows_the_statistics_of_the_lengths_on_screen() {
    use noughts::solver::grundy::{find_period, stats};
    let mut app = app_with(".....");
    type_keys(&mut app, "]]]]]]]]]]s");
    assert!(app.treblecross.showing_grundy_stats());
    let first = app.treblecross.grundy_start();
    assert_eq!(first, 80);
    let terminal = draw(&app, 100, 24);
    let text = terminal.backend().to_string();
    // The panel is 100 columns wide: lengths 80 … 179 on screen, and the
    // line says what `stats` says of exactly those values.
    let table = GrundyTable::with_len(200).unwrap();
    let s = stats(&table.values()[80..180]);
    let expected = format!(
        "L 80…179: largest {} at L={} · {} distinct · mask {:#x}: {} rare, last at L={}",
        s.largest,
        80 + s.first_largest_at,
        s.distinct,
        s.split.mask,
        s.split.rare,
        80 + s.split.last_rare
    );
    assert!(text.contains(&expected), "{expected}\nnot in\n{text}");
    assert_eq!(find_period(&table.heap_values()[..182], 3), None);
    assert!(text.contains("G(0…179): no period up to L=179"), "{text}");
    insta::assert_snapshot!("treblecross_grundy_stats", terminal.backend());
    // s again: the values are back.
    type_keys(&mut app, "s");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("│ from 80:"), "{text}");
    assert!(!text.contains("distinct"), "{text}");
}

#[test]
fn footer_and_help_show_the_keys_that_work_now() {
    let mut app = app_with("........");
    let footer = footer_of(&draw(&app, 100, 24));
    assert!(footer.starts_with(" ←→ move"), "a strip: no up or down");
    assert!(
        footer.contains("length") && footer.contains("play"),
        "{footer}"
    );
    assert!(!helps(&app).contains(&"cursor up"));
    assert!(helps(&app).contains(&"one cell longer"));
    // In a game: no editing keys, but taking back and stopping.
    type_keys(&mut app, "p");
    let footer = footer_of(&draw(&app, 100, 24));
    assert!(
        footer.contains("take back") && footer.contains("stop"),
        "{footer}"
    );
    assert!(!footer.contains("length"), "{footer}");
    assert!(!helps(&app).contains(&"one cell longer"));
    assert!(helps(&app).contains(&"stop the game: back to editing"));
    // An editing key during the game still answers: with why not.
    type_keys(&mut app, "+");
    assert!(app.treblecross.message().unwrap().contains("p stops it"));
    // The footer always ends with help and quit, however narrow.
    let footer = footer_of(&draw(&app, 60, 24));
    assert!(
        footer.trim_end().ends_with("? help  r rules  q quit"),
        "{footer}"
    );
}
