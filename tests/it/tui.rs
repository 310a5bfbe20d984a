//! The app without a terminal: key and mouse events through the update
//! function, snapshots of the drawn screen (insta on ratatui's TestBackend)
//! with the styles that carry meaning, and every size down to 1×1.

use crate::app_support;

use app_support::*;
use crossterm::event::{KeyCode, KeyModifiers};
use noughts::notation::tictactoe::slashed as notation;
use noughts::solver::tictactoe::{Board, Verdict};
use noughts::solver::{Cell, Side};
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::tictactoe::{layout, TicTacToeTab};
use noughts::tui::theme::Theme;

fn parse_notation(text: &str) -> Result<Board, String> {
    text.parse::<Board>().map_err(|e| e.to_string())
}
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

fn app_with(board: &str) -> App {
    let mut app = App::new(Theme { color: true });
    app.tabs.tictactoe = TicTacToeTab::with_board(parse_notation(board).unwrap());
    app
}

fn cell_rect(cell: usize) -> Rect {
    layout(shell_layout(AREA).body).unwrap().cells[cell]
}

/// The buffer cells of one grid cell's inside.
fn cells_of(buffer: &Buffer, rect: Rect) -> Vec<&ratatui::buffer::Cell> {
    rect.positions().map(|p| &buffer[p]).collect()
}

#[test]
fn keys_edit_the_board_and_the_verdict_follows() {
    let mut app = App::new(Theme { color: true });
    assert_eq!(app.tabs.tictactoe.verdicts().verdict, Verdict::First);
    // The cursor starts in the centre.
    type_keys(&mut app, "x");
    assert_eq!(app.tabs.tictactoe.board().get(Cell::ALL[4]), Some(Side::X));
    assert_eq!(app.tabs.tictactoe.verdicts().verdict, Verdict::Second);
    type_keys(&mut app, "ko");
    assert_eq!(app.tabs.tictactoe.board().get(Cell::ALL[1]), Some(Side::O));
    app.handle(&key(KeyCode::Left), AREA);
    app.handle(&key(KeyCode::Char(' ')), AREA);
    assert_eq!(app.tabs.tictactoe.board().get(Cell::ALL[0]), Some(Side::X));
    assert_eq!(notation(&app.tabs.tictactoe.board()), "XO./.X./...");
    // The cursor stays on the board.
    type_keys(&mut app, "hhhkkk");
    assert_eq!(app.tabs.tictactoe.cursor(), Cell::ALL[0]);
    // Undo three edits, redo one.
    type_keys(&mut app, "uuu");
    assert_eq!(
        app.tabs.tictactoe.board(),
        parse_notation(".../.../...").unwrap()
    );
    app.handle(&key_with(KeyCode::Char('r'), KeyModifiers::CONTROL), AREA);
    assert_eq!(
        app.tabs.tictactoe.board(),
        parse_notation(".../.X./...").unwrap()
    );
    // Clear, then an example from assets/.
    type_keys(&mut app, "c");
    assert_eq!(
        app.tabs.tictactoe.board(),
        parse_notation(".../.../...").unwrap()
    );
    type_keys(&mut app, "e");
    assert_eq!(notation(&app.tabs.tictactoe.board()), "XOX/.O./.X.");
    type_keys(&mut app, "e");
    assert_eq!(app.tabs.tictactoe.verdicts().verdict, Verdict::Illegal);
}

#[test]
fn a_click_plays_the_side_to_moves_mark_and_a_right_click_cycles_back() {
    let mut app = App::new(Theme { color: true });
    // Clicks in every cell, in order: X, O, X, … as a game goes (the side
    // to move counted here), and any point inside a cell hits it.
    for (i, cell) in Cell::ALL.into_iter().enumerate() {
        let rect = cell_rect(i);
        let (x, y) = if i % 2 == 0 {
            (rect.x, rect.y)
        } else {
            (rect.right() - 1, rect.bottom() - 1)
        };
        let mover = if i % 2 == 0 { Side::X } else { Side::O };
        app.handle(&click(x, y), AREA);
        assert_eq!(app.tabs.tictactoe.cursor(), cell);
        assert_eq!(
            app.tabs.tictactoe.board().get(cell),
            Some(mover),
            "cell {cell}"
        );
    }
    // A click on a mark takes it away; the next click there plays the
    // side to move's (X and O even again after the last X went: X).
    let last = cell_rect(8);
    app.handle(&click(last.x, last.y), AREA);
    assert_eq!(app.tabs.tictactoe.board().get(Cell::ALL[8]), None);
    app.handle(&click(last.x, last.y), AREA);
    assert_eq!(app.tabs.tictactoe.board().get(Cell::ALL[8]), Some(Side::X));
    // A right-click cycles back: X → . → O → X.
    for expected in [None, Some(Side::O), Some(Side::X)] {
        app.handle(&right_click(last.x, last.y), AREA);
        assert_eq!(app.tabs.tictactoe.board().get(Cell::ALL[8]), expected);
    }
    // A click on a grid line or outside changes nothing.
    let board = app.tabs.tictactoe.board();
    let grid = layout(shell_layout(AREA).body).unwrap().grid;
    app.handle(&click(grid.x, grid.y), AREA);
    app.handle(&click(99, 20), AREA);
    assert_eq!(app.tabs.tictactoe.board(), board);
}

#[test]
fn tabs_switch_by_keys_and_by_clicking_their_titles() {
    let mut app = App::new(Theme { color: true });
    app.handle(&key(KeyCode::Tab), AREA);
    assert_eq!(app.tab, TabId::Treblecross);
    app.handle(&key(KeyCode::BackTab), AREA);
    app.handle(&key(KeyCode::BackTab), AREA);
    assert_eq!(Some(&app.tab), TabId::ALL.last(), "round to the last");
    type_keys(&mut app, "1");
    assert_eq!(app.tab, TabId::TicTacToe);
    let titles = shell_layout(AREA).titles;
    for (i, tab) in TabId::ALL.iter().enumerate() {
        app.handle(&click(titles[i].x + 2, titles[i].y), AREA);
        assert_eq!(app.tab, *tab);
        let text = draw(&app, 100, 24).backend().to_string();
        assert!(text.contains(tab.title()));
    }
}

#[test]
fn help_overlay_lists_every_key_and_closes() {
    let mut app = App::new(Theme { color: true });
    type_keys(&mut app, "?");
    assert!(app.showing_help());
    // Tall enough for every line (the help scrolls where it is not).
    let text = draw(&app, 100, 40).backend().to_string();
    for hint in app.hints() {
        assert!(text.contains(hint.help), "{}", hint.help);
    }
    // Keys do not reach the board while the overlay is open.
    type_keys(&mut app, "x");
    assert_eq!(app.tabs.tictactoe.board().get(Cell::CENTRE), None);
    app.handle(&key(KeyCode::Esc), AREA);
    assert!(!app.showing_help());
    assert!(app.running, "Esc closes the overlay");
    // Esc never quits, however often it is pressed; q quits at once when
    // no game is at stake.
    for _ in 0..3 {
        app.handle(&key(KeyCode::Esc), AREA);
    }
    assert!(app.running);
    let mut app = App::new(Theme { color: true });
    type_keys(&mut app, "q");
    assert!(!app.running);
    // Ctrl-C quits at once too.
    let mut app = App::new(Theme { color: true });
    app.handle(&key_with(KeyCode::Char('c'), KeyModifiers::CONTROL), AREA);
    assert!(!app.running);
}

#[test]
fn the_rules_are_one_key_away_in_every_tab() {
    for &tab in TabId::ALL {
        let mut app = App::new(Theme { color: true });
        app.update(Action::SelectTab(tab));
        type_keys(&mut app, "r");
        assert!(app.showing_rules());
        let text = draw(&app, 100, 30).backend().to_string();
        let (title, paragraphs) = noughts::tui::rules::rules(tab);
        assert!(text.contains(&format!("Rules: {title}")), "{text}");
        // The first words of every paragraph are on screen.
        for paragraph in paragraphs {
            let start: String = paragraph
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(text.contains(&start), "{start} not in\n{text}");
        }
        // Keys do not reach the tab while the rules are shown; Esc closes them.
        type_keys(&mut app, "q");
        assert!(!app.showing_rules() && app.running);
        type_keys(&mut app, "r");
        app.handle(&key(KeyCode::Esc), AREA);
        assert!(!app.showing_rules() && app.running);
    }
}

/// The rows inside the help overlay's borders, as drawn.
fn overlay_rows(terminal: &ratatui::Terminal<ratatui::backend::TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    let row = |y: u16| -> Vec<String> {
        (0..area.width)
            .map(|x| buffer[(x, y)].symbol().to_string())
            .collect()
    };
    let top = (0..area.height)
        .find(|&y| row(y).concat().contains("Keys: "))
        .expect("the overlay is drawn");
    let cells = row(top);
    let left = cells.iter().position(|c| c == "┌").unwrap();
    let right = cells.iter().rposition(|c| c == "┐").unwrap();
    (top + 1..area.height)
        .map(row)
        .take_while(|cells| cells[left] != "└")
        .map(|cells| cells[left + 1..right].concat())
        .collect()
}

#[test]
fn help_lists_every_key_of_every_tab_whole_at_every_size() {
    for (width, height) in [(100, 24), (80, 24), (40, 16)] {
        for &tab in TabId::ALL {
            let mut app = App::new(Theme { color: true });
            app.update(Action::SelectTab(tab));
            type_keys(&mut app, "?");
            // Every line of the help, scrolled through one line at a time
            // (the last content row is the new one each time).
            let mut lines: Vec<String> = Vec::new();
            for step in 0..200 {
                let rows = overlay_rows(&draw(&app, width, height));
                let closing = rows.len() - 1;
                assert!(rows[closing].contains("?, q or Esc closes"), "{rows:?}");
                let scrolls = rows[closing - 1].contains("more line")
                    || rows[closing - 1].contains("the end");
                let content = &rows[..closing - usize::from(scrolls)];
                if step == 0 {
                    lines.extend(content.iter().cloned());
                } else {
                    lines.push(content.last().unwrap().clone());
                }
                if !scrolls || rows[closing - 1].contains("the end") {
                    break;
                }
                app.handle(&key(KeyCode::Down), AREA);
            }
            // Each help is there whole, its words in order, none cut.
            let text = flat_words(&lines.join(" "));
            for hint in app.hints() {
                assert!(
                    text.contains(&flat_words(hint.help)),
                    "{width}×{height} {tab:?}: {}\n{}",
                    hint.help,
                    lines.join("\n")
                );
            }
        }
    }
}

#[test]
fn footer_shows_the_keys_of_the_tab() {
    let app = App::new(Theme { color: true });
    let terminal = draw(&app, 100, 24);
    let buffer = terminal.backend().buffer();
    // Wide characters (arrows) are followed by an empty continuation cell.
    let footer: String = (0..100).map(|x| buffer[(x, 23)].symbol()).collect();
    for word in [
        "move",
        "play",
        "vs engine",
        "puzzle",
        "lesson",
        "help",
        "quit",
    ] {
        assert!(footer.contains(word), "{footer}");
    }
}

#[test]
fn snapshot_continuing_with_best_moves_emphasised() {
    let app = app_with("X0X/.0./.X.");
    let terminal = draw(&app, 100, 24);
    insta::assert_snapshot!("continuing", terminal.backend());
    let buffer = terminal.backend().buffer();
    // a2 is a best move (draw): starred, bold and underlined, yellow.
    let a2: Vec<_> = cells_of(buffer, cell_rect(3));
    assert!(a2.iter().any(|c| c.symbol() == "★"));
    let star = a2.iter().find(|c| c.symbol() == "★").unwrap();
    assert!(star
        .modifier
        .contains(Modifier::BOLD | Modifier::UNDERLINED));
    assert_eq!(star.fg, Color::Yellow);
}

#[test]
fn snapshot_losing_and_winning_cells_are_styled() {
    // X to move: X wins at once in b1; c2 wins in 3; the rest lose.
    let app = app_with("X.X/00./...");
    let terminal = draw(&app, 100, 24);
    insta::assert_snapshot!("x_wins", terminal.backend());
    let buffer = terminal.backend().buffer();
    let b1 = cells_of(buffer, cell_rect(1));
    let star = b1.iter().find(|c| c.symbol() == "★").expect("b1 is best");
    assert_eq!(star.fg, Color::Green);
    let a3 = cells_of(buffer, cell_rect(6));
    assert!(a3.iter().all(|c| c.symbol() != "★"));
    assert!(a3.iter().any(|c| c.symbol() == "l" && c.fg == Color::Red));
}

#[test]
fn snapshot_illegal_won_and_drawn() {
    let illegal = app_with("XXX/00./0..");
    let terminal = draw(&illegal, 100, 24);
    insta::assert_snapshot!("illegal", terminal.backend());
    assert!(terminal
        .backend()
        .to_string()
        .contains("X has three in a row but O has as many"));

    let won = app_with("XX0/0X./0.X");
    let terminal = draw(&won, 100, 24);
    let text = terminal.backend().to_string();
    insta::assert_snapshot!("won", text);
    assert!(text.contains("Game over    X won"), "{text}");
    // The line is named and its cells tinted and marked `row` (★ is the
    // best cells'); no other cell is, and no cell is starred.
    assert!(text.contains("X has the line a1–c3 (marked won)"), "{text}");
    let buffer = terminal.backend().buffer();
    for (i, on_line) in [true, false, false, false, true, false, false, false, true]
        .into_iter()
        .enumerate()
    {
        let cells = cells_of(buffer, cell_rect(i));
        let name: String = cells.iter().take(8).map(|c| c.symbol()).collect();
        assert_eq!(name.contains(" won"), on_line, "cell {i}: {name}");
        assert!(!cells.iter().any(|c| c.symbol() == "★"), "cell {i}");
        assert_eq!(
            cells.iter().all(|c| c.bg == Color::Indexed(58)),
            on_line,
            "cell {i}"
        );
    }

    let drawn = app_with("X0X/X00/0XX");
    let text = draw(&drawn, 100, 24).backend().to_string();
    insta::assert_snapshot!("drawn", text);
    assert!(
        text.contains("a draw: the board is full (c clears it"),
        "{text}"
    );
}

#[test]
fn no_color_uses_no_colour_but_keeps_the_emphasis() {
    let mut app = app_with("X0X/.0./.X.");
    app.theme = Theme { color: false };
    let terminal = draw(&app, AREA.width, AREA.height);
    let buffer = terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset);
        assert_eq!(cell.bg, Color::Reset);
    }
    let a2 = cells_of(buffer, cell_rect(3));
    let star = a2.iter().find(|c| c.symbol() == "★").unwrap();
    assert!(star
        .modifier
        .contains(Modifier::BOLD | Modifier::UNDERLINED));
    // The cursor cell is reversed.
    let cursor = cells_of(buffer, cell_rect(4));
    assert!(cursor
        .iter()
        .all(|c| c.modifier.contains(Modifier::REVERSED)));
}

#[test]
fn every_small_size_draws_without_panicking() {
    let mut app = app_with("X0X/.0./.X.");
    for &tab in TabId::ALL {
        app.update(Action::SelectTab(tab));
        for width in 1..=80 {
            for height in 1..=20 {
                draw(&app, width, height);
            }
        }
    }
    let text = draw(&app_with("X0X/.0./.X."), 50, 10).backend().to_string();
    assert!(text.contains("Enlarge the terminal"), "{text}");
}

/// Every overlay, prompt and question open, in every tab, drawn at every
/// size from 1×1 (a window resized while it is open: issue 32 found panics
/// at 40×2, 80×1, 80×4, 40×3 and 5×5).
#[test]
fn every_overlay_prompt_and_question_draws_at_every_size() {
    let ctrl = |c| key_with(KeyCode::Char(c), KeyModifiers::CONTROL);
    // Each: the keys that open it, from a fresh app on that tab.
    let opened: [(&str, Vec<crossterm::event::Event>); 6] = [
        ("help", vec![key(KeyCode::Char('?'))]),
        ("rules", vec![key(KeyCode::Char('r'))]),
        ("save prompt", vec![ctrl('s')]),
        ("load prompt", vec![ctrl('o')]),
        ("puzzle", vec![key(KeyCode::Char('P'))]),
        // A match under way, then n: the question whether to abandon it.
        (
            "question",
            vec![key(KeyCode::Char(' ')), key(KeyCode::Char('n'))],
        ),
    ];
    let sizes = (1..=60u16)
        .flat_map(|w| (1..=20u16).map(move |h| (w, h)))
        .chain([(80, 1), (80, 4), (200, 2), (200, 60)]);
    let sizes: Vec<(u16, u16)> = sizes.collect();
    for &tab in TabId::ALL {
        for (what, events) in &opened {
            let mut app = App::new(Theme { color: true });
            app.update(Action::SelectTab(tab));
            for event in events {
                app.handle(event, AREA);
            }
            for &(width, height) in &sizes {
                let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    draw(&app, width, height);
                }));
                assert!(
                    drawn.is_ok(),
                    "{what} in {tab:?} at {width}×{height} panicked"
                );
            }
        }
    }
}

#[test]
fn board_notation_round_trips_and_rejects_bad_boards() {
    // Written with the letter O; the contests' zero is read as well.
    let board = parse_notation("X0X/.O./.X.").unwrap();
    assert_eq!(notation(&board), "XOX/.O./.X.");
    assert!(parse_notation("X0X/.0.").is_err());
    assert!(parse_notation("X0X/.q./...").unwrap_err().contains("'q'"));
    assert_eq!(
        noughts::notation::tictactoe::board_arg("X0X/.O./.X.").ok(),
        parse_notation("X0X/.0./.X.").ok()
    );
}

#[test]
fn capitals_and_right_clicks_edit_the_board() {
    let mut app = App::new(Theme { color: true });
    // The cursor starts in the centre: X, then O, by capitals too.
    type_keys(&mut app, "X");
    assert_eq!(app.tabs.tictactoe.board().get(Cell::CENTRE), Some(Side::X));
    type_keys(&mut app, "O");
    assert_eq!(app.tabs.tictactoe.board().get(Cell::CENTRE), Some(Side::O));
    // A right-click cycles backwards: . → O → X → .
    let a1 = cell_rect(0);
    let right = |app: &mut App| {
        app.handle(
            &mouse(
                crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Right),
                a1.x + 1,
                a1.y + 1,
            ),
            AREA,
        )
    };
    let a1_mark = |app: &App| app.tabs.tictactoe.board().get(Cell::ALL[0]);
    right(&mut app);
    assert_eq!(a1_mark(&app), Some(Side::O));
    right(&mut app);
    assert_eq!(a1_mark(&app), Some(Side::X));
    right(&mut app);
    assert_eq!(a1_mark(&app), None);
}

#[test]
fn the_perfect_line_is_the_solvers_move_by_move() {
    use noughts::solver::tictactoe::Analyzer;
    let mut analyzer = Analyzer::new();
    for start in ["X../.../...", "X.X/00./...", ".../.0./X.."] {
        let mut app = app_with(start);
        type_keys(&mut app, "p");
        let (line, step) = app.tabs.tictactoe.perfect_line().expect("a line");
        assert_eq!(step, 0);
        let line = line.clone();
        let mut board = parse_notation(start).unwrap();
        let first = analyzer.analyze(&board).unwrap().value;
        for (k, &(cell, value)) in line.moves.iter().enumerate() {
            let analysis = analyzer.analyze(&board).unwrap();
            assert_eq!(value, analysis.value, "{start} {k}");
            assert!(analysis.best_cells().any(|c| c == cell), "{start} {k}");
            board = board.with(cell, Some(analysis.mover));
            type_keys(&mut app, ">");
            assert_eq!(app.tabs.tictactoe.shown().0, board, "{start} {k}");
        }
        // To the end: as long as the value says (a full board for a draw).
        assert!(analyzer.analyze(&board).is_none());
        match first {
            noughts::solver::Outcome::Win(d) | noughts::solver::Outcome::Loss(d) => {
                assert_eq!(line.moves.len(), usize::from(d), "{start}")
            }
            noughts::solver::Outcome::Draw => assert!(board.is_full()),
        }
        let text = draw(&app, 100, 24).backend().to_string();
        assert!(text.contains("PERFECT LINE"), "{text}");
        // Editing keys wait; c makes the board the one shown.
        type_keys(&mut app, "x");
        assert!(app.tabs.tictactoe.message().unwrap().contains("Esc back"));
        type_keys(&mut app, "c");
        assert!(app.tabs.tictactoe.perfect_line().is_none());
        assert_eq!(app.tabs.tictactoe.board(), board);
        // u undoes that, like any edit.
        type_keys(&mut app, "u");
        assert_eq!(app.tabs.tictactoe.board(), parse_notation(start).unwrap());
    }
}

#[test]
fn a_40_by_16_screen_puts_the_verdict_first() {
    let mut app = app_with(".../.../...");
    // With the details: the board's other forms give way on a short panel.
    app.set_details(true);
    type_keys(&mut app, " ");
    let text = draw(&app, 40, 16).backend().to_string();
    // The verdict and the best moves, before the board's other forms.
    for words in ["Perfect play draw", "Best moves", "more rows: J reads on"] {
        assert!(text.contains(words), "{words}\n{text}");
    }
    // Cell values in the short form where the long one does not fit.
    assert!(text.contains("★draw") && text.contains("L6"), "{text}");
    // 100×24: everything, in the usual order, no sign.
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.find("Board").unwrap() < text.find("Perfect play").unwrap());
    assert!(
        !text.contains("more row") && text.contains("loss in 6"),
        "{text}"
    );
}

#[test]
fn a_40_column_footer_keeps_the_tabs_first_keys_over_the_arrows_and_rules() {
    let footer = |app: &App, width: u16, height: u16| -> String {
        let text = draw(app, width, height).backend().to_string();
        text.lines().last().unwrap().to_string()
    };
    let mut app = App::new(Theme { color: true });
    // At 80 columns: the arrows, the tab's keys, then help, rules, quit.
    let wide = footer(&app, 80, 24);
    for words in [
        "move",
        "Space play",
        "P puzzle",
        "? help",
        "r rules",
        "q quit",
    ] {
        assert!(wide.contains(words), "{words}: {wide}");
    }
    // At 40: the tab's first two keys, help and quit; the arrows and the
    // rules give way (? lists them).
    let narrow = footer(&app, 40, 16);
    for words in ["Space play", "L lesson", "? help", "q quit"] {
        assert!(narrow.contains(words), "{words}: {narrow}");
    }
    assert!(
        !narrow.contains("move") && !narrow.contains("rules"),
        "{narrow}"
    );
    // A puzzle: its answer and hint keys.
    app.open_puzzle("tictactoe-2-2".parse().unwrap());
    let narrow = footer(&app, 40, 16);
    for words in ["Space answer", "t hint", "? help", "q quit"] {
        assert!(narrow.contains(words), "{words}: {narrow}");
    }
}
