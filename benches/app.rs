//! Drawing the app (divan): `cargo bench --bench app`.

use noughts::solver::tictactoe::Board;
use noughts::solver::treblecross::Strip;
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::tabs::tictactoe::{Action as TicTacToeAction, TicTacToeTab};
use noughts::tui::tabs::treblecross::{Action as TreblecrossAction, TreblecrossTab};
use noughts::tui::theme::Theme;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn main() {
    divan::main();
}

fn app_on(tab: TabId) -> App {
    let mut app = App::new(Theme { color: true });
    app.tictactoe = TicTacToeTab::with_board("X0X/.0./.X.".parse::<Board>().unwrap());
    app.update(Action::SelectTab(tab));
    app
}

/// One full frame of each tab at 200×60 (ratatui diffs against the last
/// frame, so each iteration draws into a fresh buffer pair).
/// `treblecross-stats`: the Grundy panel scrolled to L = 4,800 showing its
/// statistics, which are computed as the frame is drawn.
#[divan::bench(args = ["tictactoe", "treblecross", "treblecross-stats", "mnc"])]
fn draw_frame_200x60(bencher: divan::Bencher, tab: &str) {
    let stats = tab == "treblecross-stats";
    let tab = match tab {
        "tictactoe" => TabId::TicTacToe,
        "treblecross" | "treblecross-stats" => TabId::Treblecross,
        _ => TabId::Mnc,
    };
    let mut app = app_on(tab);
    if stats {
        for _ in 0..600 {
            app.update(Action::Treblecross(TreblecrossAction::ScrollGrundy(8)));
        }
        app.update(Action::Treblecross(TreblecrossAction::GrundyStats));
    }
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        terminal.clear().unwrap();
        terminal
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .unwrap();
    });
}

/// An edit and the frame after it: the analysis runs once per edit.
#[divan::bench]
fn edit_then_draw_200x60(bencher: divan::Bencher) {
    let mut app = app_on(TabId::TicTacToe);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        app.update(Action::TicTacToe(TicTacToeAction::Cycle));
        terminal
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .unwrap();
    });
}

/// Treblecross: toggle a cell of a 100,000-cell strip (an X every 50
/// cells) and draw the frame after it: O(n) analysis once, then only the
/// visible window is drawn.
#[divan::bench]
fn treblecross_edit_then_draw_100k(bencher: divan::Bencher) {
    let strip: Vec<bool> = (0..100_000).map(|i| i % 50 == 0).collect();
    let mut app = App::new(Theme { color: true });
    app.treblecross = TreblecrossTab::with_strip(Strip::from(strip));
    app.update(Action::SelectTab(TabId::Treblecross));
    app.update(Action::Treblecross(TreblecrossAction::Move(60_025)));
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        app.update(Action::Treblecross(TreblecrossAction::Toggle));
        terminal
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .unwrap();
    });
}
