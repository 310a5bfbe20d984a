//! The Treblecross tab without a terminal: edits through the update
//! function, clicks on a scrolled strip, the styles of winning cells,
//! the Grundy panel and snapshots.
//!
//! Games against the engine are in `tui_treblecross_game.rs`.

use crate::app_support;
use crate::independent;

use app_support::treblecross::*;
use app_support::*;
use crossterm::event::{KeyCode, KeyModifiers, MouseEventKind};
use noughts::solver::grundy::GrundyTable;
use noughts::solver::treblecross::{analyze, StripAnalysis};
use noughts::tui::app::App;
use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::treblecross::{layout, window_start};
use ratatui::style::{Color, Modifier};

fn text_of(strip: &[bool]) -> String {
    strip.iter().map(|&x| if x { 'X' } else { '.' }).collect()
}

/// The tab's analysis is the solver's analysis of the tab's strip.
fn assert_analysis_follows(app: &App) {
    let mut table = GrundyTable::default();
    assert_eq!(
        app.tabs.treblecross.analysis(),
        Some(&analyze(app.tabs.treblecross.strip(), &mut table).unwrap())
    );
}

#[test]
fn keys_edit_the_strip_and_the_analysis_follows() {
    let mut app = app_with(".....");
    assert_eq!(
        app.tabs.treblecross.analysis().unwrap().winning_cells(),
        &[2]
    );
    type_keys(&mut app, "ll ");
    assert_eq!(text_of(app.tabs.treblecross.strip()), "..X..");
    assert!(!app.tabs.treblecross.analysis().unwrap().is_winning());
    assert_analysis_follows(&app);
    type_keys(&mut app, "+++");
    assert_eq!(app.tabs.treblecross.strip().len(), 8);
    assert_analysis_follows(&app);
    type_keys(&mut app, "------");
    assert_eq!(
        app.tabs.treblecross.strip().len(),
        3,
        "never shorter than 3"
    );
    // Each length change is one edit.
    type_keys(&mut app, "u");
    assert_eq!(app.tabs.treblecross.strip().len(), 4);
    type_keys(&mut app, "uuuu");
    assert_eq!(app.tabs.treblecross.strip().len(), 8);
    type_keys(&mut app, "uuu");
    assert_eq!(text_of(app.tabs.treblecross.strip()), "..X..");
    type_keys(&mut app, "u");
    assert_eq!(text_of(app.tabs.treblecross.strip()), ".....");
    type_keys(&mut app, "u");
    assert_eq!(
        text_of(app.tabs.treblecross.strip()),
        ".....",
        "nothing left to undo"
    );
    app.handle(&key_with(KeyCode::Char('r'), KeyModifiers::CONTROL), AREA);
    assert_eq!(text_of(app.tabs.treblecross.strip()), "..X..");
    type_keys(&mut app, "x.");
    assert_analysis_follows(&app);
    // Examples: the UVA sample strips, in order.
    type_keys(&mut app, "ee");
    assert_eq!(
        text_of(app.tabs.treblecross.strip()),
        "X.....X..X.............X....X..X"
    );
    assert!(!app.tabs.treblecross.analysis().unwrap().is_winning());
    app.handle(&key(KeyCode::End), AREA);
    assert_eq!(app.tabs.treblecross.cursor(), 31);
    type_keys(&mut app, "c");
    assert!(app.tabs.treblecross.strip().iter().all(|&x| !x));
}

#[test]
fn a_click_on_a_scrolled_strip_toggles_the_cell_drawn_there() {
    let mut app = app_with(&".".repeat(500));
    let body = shell_layout(AREA).body;
    let strip_row = layout(body, false).unwrap().strip;
    let width = strip_row.width as usize;
    // Move far right: the window scrolls to the page holding the cursor.
    for _ in 0..5 {
        app.handle(&key(KeyCode::PageDown), AREA);
    }
    let cursor = app.tabs.treblecross.cursor();
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
    assert!(app.tabs.treblecross.strip()[toggled]);
    assert_eq!(
        app.tabs.treblecross.strip().iter().filter(|&&x| x).count(),
        1
    );
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
    let mut app = app_with("...............................................");
    app.set_details(true);
    let terminal = draw(&app, 100, 24);
    insta::assert_snapshot!("treblecross_winning", terminal.backend());
    let strip_row = layout(shell_layout(AREA).body, false).unwrap().strip;
    let buffer = terminal.backend().buffer();
    let winning = app
        .tabs
        .treblecross
        .analysis()
        .unwrap()
        .winning_cells()
        .to_vec();
    assert_eq!(
        winning.iter().map(|c| c + 1).collect::<Vec<_>>(),
        vec![1, 12, 15, 17, 20, 24, 28, 31, 33, 36, 47]
    );
    // 47 cells fit twice as wide: the symbol in the middle of each.
    let z = app.tabs.treblecross.cell_width(strip_row.width);
    assert_eq!(z, 2);
    for cell in 0..47usize {
        let drawn = &buffer[(strip_row.x + cell as u16 * z + z / 2, strip_row.y)];
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
        text.contains(&format!("WINNING for the player to move: G(47) = {g}\n"))
            || text.contains(&format!("WINNING for the player to move: G(47) = {g} ")),
        "{text}"
    );
}

#[test]
fn segments_nim_sum_and_messages() {
    let mut losing = app_with("X.....X..X.............X....X..X");
    losing.set_details(true);
    let text = draw(&losing, 100, 24).backend().to_string();
    insta::assert_snapshot!("treblecross_losing", text);
    assert!(
        text.contains("LOSING for the player to move: G(1) ⊕ G(9) = 1 ⊕ 1 = 0"),
        "{text}"
    );
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
        finished.tabs.treblecross.analysis(),
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
    app.set_details(true);
    let panel = layout(shell_layout(AREA).body, false).unwrap().panel;
    app.handle(
        &mouse(MouseEventKind::ScrollDown, panel.x + 3, panel.y + 2),
        AREA,
    );
    assert_eq!(app.tabs.treblecross.grundy_start(), 8);
    type_keys(&mut app, "]]");
    assert_eq!(app.tabs.treblecross.grundy_start(), 24);
    app.handle(
        &mouse(MouseEventKind::ScrollUp, panel.x + 3, panel.y + 2),
        AREA,
    );
    type_keys(&mut app, "[[[[");
    assert_eq!(app.tabs.treblecross.grundy_start(), 0);
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("13:4"), "G(13) = 4 in the table: {text}");
    assert!(
        text.contains("in use 5:2 "),
        "the one segment, 5 cells: {text}"
    );
    // The wheel elsewhere does nothing.
    app.handle(&mouse(MouseEventKind::ScrollDown, 5, 2), AREA);
    assert_eq!(app.tabs.treblecross.grundy_start(), 0);
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
fn long_free_segments_are_analysed_off_the_ui_thread_with_progress() {
    use noughts::tui::tabs::treblecross::SYNC_GRUNDY;
    let len = 12_000;
    assert!(len > SYNC_GRUNDY);
    let mut app = app_with(&".".repeat(len));
    // At first: no stale answer, a progress line instead, and no game.
    assert!(app.tabs.treblecross.analysis().is_none());
    let (_, wanted) = app.tabs.treblecross.computing().expect("a background job");
    assert_eq!(wanted, len + 1);
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(
        text.contains("computing the Grundy values up to L = 12000"),
        "{text}"
    );
    // A game may start meanwhile: the engine has its own thread and table.
    type_keys(&mut app, "g");
    assert!(app.tabs.treblecross.game().is_some());
    type_keys(&mut app, "g");
    assert!(app.tabs.treblecross.game().is_none());
    // Edits and drawing go on meanwhile.
    type_keys(&mut app, "l ");
    draw(&app, 100, 24);
    tick_until(&mut app, "the end of the job", |app| {
        app.tabs.treblecross.analysis().is_some()
    });
    assert!(app.tabs.treblecross.computing().is_none());
    assert_analysis_follows(&app);
}

#[test]
fn s_shows_the_statistics_of_the_lengths_on_screen() {
    use noughts::solver::grundy::{find_period, stats};
    let mut app = app_with(".....");
    app.set_details(true);
    type_keys(&mut app, "]]]]]]]]]]s");
    assert!(app.tabs.treblecross.showing_grundy_stats());
    let first = app.tabs.treblecross.grundy_start();
    assert_eq!(first, 80);
    let terminal = draw(&app, 100, 24);
    let text = terminal.backend().to_string();
    // The panel is 100 columns wide less its y-axis: lengths 80 … last on
    // screen, and the line says what `stats` says of exactly those values.
    let last: usize = text
        .split("L 80…")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .expect("the statistics line");
    assert!((170..=179).contains(&last), "{last}");
    let table = GrundyTable::with_len(200).unwrap();
    let s = stats(&table.values()[80..=last]);
    let expected = format!(
        "L 80…{last}: largest {} at L={}; {} distinct; mask {:#x}: {} rare, last at L={}",
        s.largest,
        80 + s.first_largest_at,
        s.distinct,
        s.split.mask,
        s.split.rare,
        80 + s.split.last_rare
    );
    assert!(text.contains(&expected), "{expected}\nnot in\n{text}");
    assert_eq!(find_period(&table.heap_values()[..last + 3], 3), None);
    assert!(
        text.contains(&format!("G(0…{last}): no period up to L={last}")),
        "{text}"
    );
    insta::assert_snapshot!("treblecross_grundy_stats", terminal.backend());
    // s again: the plot of the whole table; once more: the values.
    type_keys(&mut app, "s");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("Grundy plot"), "{text}");
    type_keys(&mut app, "s");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("L:G from 80:"), "{text}");
    assert!(!text.contains("distinct"), "{text}");
}

#[test]
fn footer_and_help_show_the_keys_that_work_now() {
    let mut app = app_with("........");
    let footer = footer_of(&draw(&app, 100, 24));
    assert!(footer.starts_with(" ←→ move"), "a strip: no up or down");
    assert!(
        footer.contains("length") && footer.contains("vs engine"),
        "{footer}"
    );
    assert!(!helps(&app).contains(&"cursor up"));
    assert!(helps(&app).contains(&"one cell longer"));
    // In a game: no editing keys, but taking back and stopping.
    type_keys(&mut app, "g");
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
    assert!(app
        .tabs
        .treblecross
        .message()
        .unwrap()
        .contains("g stops it"));
    // The footer always ends with help and quit, however narrow.
    let footer = footer_of(&draw(&app, 60, 24));
    assert!(
        footer.trim_end().ends_with("? help  r rules  q quit"),
        "{footer}"
    );
}

#[test]
fn the_values_and_statistics_views_draw_the_same_bars() {
    // At 80×24 the statistics take two lines: the values view used to
    // give the bars a row more, so the same scale drew G(56) = 9 at
    // another height (issue 34).
    for (width, height) in [(80, 24), (100, 24), (120, 40), (200, 60)] {
        let mut app = app_with(".....");
        app.set_details(true);
        let bars = |app: &App| -> Vec<String> {
            let terminal = draw(app, width, height);
            (0..height)
                .map(|y| row_text(&terminal, y))
                .filter(|row| row.contains('▁') || row.contains('█'))
                .collect()
        };
        let values = bars(&app);
        assert!(!values.is_empty(), "no bars at {width}×{height}");
        type_keys(&mut app, "s");
        assert!(app.tabs.treblecross.showing_grundy_stats());
        let statistics = bars(&app);
        assert_eq!(values, statistics, "at {width}×{height}");
    }
}

/// The text of one screen row.
fn row_text(terminal: &ratatui::Terminal<ratatui::backend::TestBackend>, y: u16) -> String {
    let buffer = terminal.backend().buffer();
    (0..buffer.area.width)
        .map(|x| buffer[(x, y)].symbol().to_string())
        .collect()
}

/// A deterministic pseudo-random strip of `n` cells with no three in a row.
fn random_strip(n: usize, seed: &mut u64) -> Vec<bool> {
    let mut strip = vec![false; n];
    let mut next = || {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as usize
    };
    for _ in 0..next() % (n / 3 + 1) {
        let i = next() % n;
        strip[i] = true;
        if strip.windows(3).any(|w| w.iter().all(|&x| x)) {
            strip[i] = false;
        }
    }
    strip
}

#[test]
fn a_40_by_16_screen_keeps_the_verdict_the_winning_cells_and_the_cursor_line() {
    let mut app = app_with(&".".repeat(15));
    let text = draw(&app, 40, 16).backend().to_string();
    for words in ["WINNING for the player to move", "winning cells:", "X at 1"] {
        assert!(text.contains(words), "{words}\n{text}");
    }
    // The current tab's title is whole in the title bar.
    assert!(text.lines().next().unwrap().contains("2 Treble"), "{text}");
    // A losing strip: the nim-sum is never split from its value (it
    // wrapped `G(12) =` / `0`).
    let mut losing = app_with(&".".repeat(12));
    let text = draw(&losing, 40, 16).backend().to_string();
    assert!(text.contains("LOSING for the player to move"), "{text}");
    losing.set_details(true);
    let text = draw(&losing, 40, 16).backend().to_string();
    assert!(text.contains("G(12) = 0"), "{text}");
    type_keys(&mut app, "3");
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.lines().next().unwrap().contains("3 N&C+"), "{text}");
}

#[test]
fn a_short_strip_is_zoomed_and_clicks_hit_the_wide_cells() {
    let mut app = app_with("............");
    let strip_row = layout(shell_layout(AREA).body, false).unwrap().strip;
    // 12 cells on a 98-column row: five columns each, the widest zoom.
    assert_eq!(app.tabs.treblecross.cell_width(strip_row.width), 5);
    // A click on any of a cell's five columns toggles that cell.
    for (dx, cell) in [(0u16, 0usize), (4, 0), (5, 1), (9, 1), (59, 11)] {
        app.handle(&click(strip_row.x + dx, strip_row.y), AREA);
        assert!(app.tabs.treblecross.strip()[cell], "column {dx}");
        app.handle(&click(strip_row.x + dx, strip_row.y), AREA);
    }
    // z: 3, 2, 1 columns, then the widest that fits again.
    for expected in [3, 2, 1, 5] {
        type_keys(&mut app, "z");
        assert_eq!(app.tabs.treblecross.cell_width(strip_row.width), expected);
    }
    // The wheel over the strip scrolls a long one a page at a time.
    let mut long = app_with(&".".repeat(1000));
    long.handle(
        &mouse(MouseEventKind::ScrollDown, strip_row.x + 3, strip_row.y),
        AREA,
    );
    assert_eq!(long.tabs.treblecross.cursor(), usize::from(strip_row.width));
}

#[test]
fn every_free_segment_gets_a_label() {
    let mut seed = 3;
    for n in [30, 60, 98, 150] {
        for _ in 0..40 {
            let cells = random_strip(n, &mut seed);
            let text: String = cells.iter().map(|&x| if x { 'X' } else { '.' }).collect();
            let mut app = app_with(&text);
            let Some(StripAnalysis::Segments { segments, .. }) =
                app.tabs.treblecross.analysis().cloned()
            else {
                continue;
            };
            // Plain, each segment's length; with the details, its value.
            for details in [false, true] {
                app.set_details(details);
                let l = layout(shell_layout(AREA).body, false).unwrap();
                let z = app.tabs.treblecross.cell_width(l.strip.width);
                let visible = usize::from(l.strip.width / z);
                let terminal = draw(&app, 100, 24);
                let rows: Vec<String> = (1..l.segments.height)
                    .map(|dy| row_text(&terminal, l.segments.y + dy))
                    .collect();
                for s in segments.iter().filter(|s| s.start < visible) {
                    let col = usize::from(l.segments.x - l.strip.x) + s.start * usize::from(z);
                    let forms = match details {
                        true => vec![
                            format!("L={} G={}", s.len, s.grundy),
                            format!("G={}", s.grundy),
                            s.grundy.to_string(),
                        ],
                        false => vec![
                            match s.len {
                                1 => "1 free cell".to_string(),
                                n => format!("{n} free cells"),
                            },
                            format!("{} free", s.len),
                            s.len.to_string(),
                        ],
                    };
                    // At the segment's first column (or pulled left at the
                    // right edge, never further than its own width).
                    let wide = forms.iter().map(|f| f.chars().count()).max().unwrap();
                    let labelled = rows.iter().any(|row| {
                        let chars: Vec<char> = row.chars().collect();
                        (col.saturating_sub(wide)..=col).rev().any(|x| {
                            let at: String = chars[(l.segments.x as usize + x).min(chars.len())..]
                                .iter()
                                .collect();
                            forms.iter().any(|f| at.starts_with(f.as_str()))
                                && (x == col || x + wide >= chars.len() - 2 - wide)
                        })
                    });
                    assert!(
                        labelled,
                        "{text}: segment at {} unlabelled:\n{}",
                        s.start + 1,
                        rows.join("\n")
                    );
                }
            }
        }
    }
}

#[test]
fn the_cursor_line_says_what_the_move_does_as_a_search_would() {
    use independent::{mask_of, safe, segment_values, TreblecrossSearch};
    use noughts::tui::tabs::treblecross::cursor_words;
    let mut seed = 11;
    let mut table = GrundyTable::with_len(200).unwrap();
    let g = segment_values(24);
    let three = |cells: &[bool]| cells.windows(3).any(|w| w.iter().all(|&x| x));
    for n in [7, 12, 18, 22] {
        let mut search = TreblecrossSearch::new(n);
        for _ in 0..40 {
            let cells = random_strip(n, &mut seed);
            let analysis = analyze(&cells, &mut table).unwrap();
            for cell in 0..n {
                let words = cursor_words(&cells, cell, &analysis, &table, true);
                let plain = cursor_words(&cells, cell, &analysis, &table, false);
                if cells[cell] {
                    assert!(words.contains("holds an X"), "{words}");
                    continue;
                }
                let mut after = cells.clone();
                after[cell] = true;
                let wins = search.move_value(mask_of(&cells), cell).is_win();
                if three(&after) {
                    assert!(words.contains("wins at once") && wins, "{words}");
                    continue;
                }
                let makes_three = |cells: &Vec<bool>, i: usize| {
                    let mut next = cells.clone();
                    next[i] = true;
                    !cells[i] && three(&next)
                };
                // The first three the opponent can make: "left" where it
                // was there to make before the move, else "handed".
                if let Some(first) = (0..n).find(|&i| makes_three(&after, i)) {
                    let gives = match makes_three(&cells, first) {
                        true => format!("leaves the opponent three in a row at {}", first + 1),
                        false => format!("hands the opponent three in a row at {}", first + 1),
                    };
                    assert!(words.contains(&gives) && !wins, "{gives}: {words}");
                    continue;
                }
                // The nim-sum it states is the free segments' (found here
                // from the safe cells), and its verdict the search's.
                let safe = safe(&after);
                let mut nim_sum = 0;
                let mut run = 0;
                for &s in safe.iter().chain([&false]) {
                    if s {
                        run += 1;
                    } else {
                        nim_sum ^= g[run];
                        run = 0;
                    }
                }
                // "… = 5 → …", or "no free segment: nim-sum 0 → …".
                let after_sum = if words.contains("no free segment") {
                    words.split("nim-sum ").nth(1)
                } else {
                    words.rsplit(" = ").next()
                };
                let stated: u32 = after_sum
                    .and_then(|rest| rest.split([' ', ',']).next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{words}"));
                assert_eq!(stated, nim_sum, "{words}");
                assert_eq!(words.contains("LOSING"), wins, "{words}");
                assert_eq!(nim_sum == 0, wins, "{words}");
                // Without the details: the same verdict, and no sum.
                assert_eq!(plain.contains("a winning move"), wins, "{plain}");
                assert!(!plain.contains('⊕') && !plain.contains("G("), "{plain}");
            }
        }
    }
}

/// `0:g 1:g … 9:g ` of a game by the tests' own mex, as the panel lists
/// values.
fn first_values(code: &str) -> String {
    let values = match code {
        "grundy" => independent::grundys_game_values(10),
        code => independent::decode(code).unwrap().values(10),
    };
    values
        .iter()
        .enumerate()
        .map(|(n, g)| format!("{n}:{g} "))
        .collect()
}

#[test]
fn the_panel_shows_other_octal_games_and_a_plot() {
    let mut app = app_with(".....");
    app.set_details(true);
    type_keys(&mut app, "o0.77\n");
    // (Enter as a key, not a newline character.)
    app.handle(&key(KeyCode::Enter), AREA);
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("0.77 (kayles) heaps"), "{text}");
    let expected = first_values("0.77");
    assert!(text.contains(&expected), "{expected}\n{text}");
    // Grundy's game and a game that splits without taking: their values
    // (the naive method's), and no period claimed for Grundy's game.
    for (code, heading) in [
        ("grundy", "Grundy's game (unequal splits)"),
        ("4.07", "4.07 heaps"),
    ] {
        type_keys(&mut app, &format!("o{code}"));
        app.handle(&key(KeyCode::Enter), AREA);
        type_keys(&mut app, "s");
        let stats = draw(&app, 100, 24).backend().to_string();
        type_keys(&mut app, "ss");
        let text = draw(&app, 100, 24).backend().to_string();
        assert!(text.contains(heading), "{text}");
        let expected = first_values(code);
        assert!(text.contains(&expected), "{expected}\n{text}");
        if code == "grundy" {
            assert!(
                stats.contains("no period check for Grundy's game"),
                "{stats}"
            );
        }
    }
    // A code that is not one: said, and the panel stays.
    type_keys(&mut app, "o0.8");
    app.handle(&key(KeyCode::Enter), AREA);
    assert!(app
        .tabs
        .treblecross
        .message()
        .unwrap()
        .contains("not a game"));
    app.handle(&key(KeyCode::Esc), AREA);
    // Back to Treblecross with an empty code; then the plot.
    type_keys(&mut app, "o");
    app.handle(&key(KeyCode::Enter), AREA);
    type_keys(&mut app, "ss");
    tick_until(&mut app, "the plot's values", |app| {
        app.tabs.treblecross.computing().is_none()
    });
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(
        text.contains("Grundy plot") && text.contains("65535"),
        "{text}"
    );
}

/// The legend says what each mark gives (a newcomer read `· safe` under
/// `LOSING` as a contradiction, then `· safe for now` as a riddle): on a
/// losing strip no cell is starred; on a winning strip it names the star.
#[test]
fn the_legend_says_what_each_mark_gives() {
    let app = app_with("......");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("LOSING"), "{text}");
    assert!(text.contains("· loses later"), "{text}");
    assert!(!text.contains("★ wins"), "{text}");
    // Only the marks drawn: no X, no ⊘ (round 15 looked for one).
    assert!(!text.contains('⊘'), "{text}");
    let app = app_with(".......");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("★ wins, · loses later"), "{text}");
    assert!(!text.contains('⊘'), "{text}");
    let app = app_with("X.......X..............");
    let text = draw(&app, 100, 24).backend().to_string();
    let strip = text.lines().nth(2).unwrap_or_default();
    assert!(strip.contains('⊘') && strip.contains('★'), "{text}");
    assert!(
        text.contains("★ wins, · loses later, ⊘ loses at once"),
        "{text}"
    );
}

#[test]
fn the_zoom_says_what_its_key_does_first() {
    // 12 cells on 200 columns are drawn 5 wide, 23 on 80 are 3 wide: z's
    // first step narrows both (3, then 2 where 3 it was); 40 cells on 80
    // are drawn 2 wide: it widens them (to 3).
    for (text, width, said) in [
        ("............", 200, "z: smaller cells"),
        (".......................", 80, "z: smaller cells"),
        (
            "........................................",
            80,
            "z widens the cells",
        ),
    ] {
        let mut app = app_with(text);
        let screen = draw(&app, width, 24).backend().to_string();
        assert!(screen.contains(said), "{screen}");
        let before = app.tabs.treblecross.drawn_cell_width();
        type_keys(&mut app, "z");
        draw(&app, width, 24);
        let after = app.tabs.treblecross.drawn_cell_width();
        let wider = said.contains("widens");
        // (`z: smaller cells` narrows them.)
        assert!(
            after != before && (after > before) == wider,
            "{text}: {before} then {after}"
        );
    }
}

#[test]
fn a_refused_puzzle_answer_goes_with_the_next_answer() {
    // As in Notakto (round 11): "holds an X already" stayed over the next
    // answer's words.
    use noughts::tui::theme::Theme;
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("treblecross-1-3".parse().unwrap());
    let click =
        |cell| noughts::tui::app::Action::tab(noughts::tui::tabs::treblecross::Action::Click(cell));
    app.update(click(9));
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("cell 10 holds an X already"), "{text}");
    app.update(click(1));
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("not played: after 2"), "{text}");
    assert!(!text.contains("holds an X already"), "{text}");
}

/// At 40×16 the first screen says the game in one sentence after its
/// verdict and the cursor's move (round 16 found three blank rows and no
/// word of how to win there).
#[test]
fn at_40_by_16_the_first_screen_says_how_to_win() {
    let app = app_with("............");
    let text = draw(&app, 40, 16).backend().to_string();
    let flat = flat_words(&text);
    assert!(flat.contains("LOSING for the player to move"), "{text}");
    assert!(flat.contains("the cursor: X at 1"), "{text}");
    assert!(
        flat.contains("whoever first makes three X in a row wins."),
        "{text}"
    );
    assert!(!text.contains("more row"), "{text}");
}
