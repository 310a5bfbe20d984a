//! Drawing the app (divan): `cargo bench --bench app`.

// A benchmark that cannot set up its input should stop at once.
#![allow(clippy::unwrap_used)]

use noughts::solver::tictactoe::Board;
use noughts::solver::treblecross::{Player, Strip};
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
    app.tabs.tictactoe = TicTacToeTab::with_board("X0X/.0./.X.".parse::<Board>().unwrap());
    app.update(Action::SelectTab(tab));
    app
}

/// One full frame of each tab at 200×60 (ratatui diffs against the last
/// frame, so each iteration draws into a fresh buffer pair), in each of
/// their views: `treblecross-stats` is the Grundy panel scrolled to
/// L = 4,800 showing its statistics (computed as the frame is drawn),
/// `treblecross-plot` the plot of G(0 … 2^16 − 1), `treblecross-game` a
/// game under review, `mnc-review` a finished match under review,
/// `tictactoe-line` the perfect line.
#[divan::bench(args = [
    "tictactoe", "tictactoe-line", "treblecross", "treblecross-stats", "treblecross-plot",
    "treblecross-game", "mnc", "mnc-review",
])]
fn draw_frame_200x60(bencher: divan::Bencher, view: &str) {
    let tab = match view {
        "tictactoe" | "tictactoe-line" => TabId::TicTacToe,
        "mnc" | "mnc-review" => TabId::Mnc,
        _ => TabId::Treblecross,
    };
    let mut app = app_on(tab);
    let treblecross = |app: &mut App, action| app.update(Action::tab(action));
    match view {
        "tictactoe-line" => app.update(Action::tab(TicTacToeAction::Review(
            noughts::tui::review::Review::Line,
        ))),
        "treblecross-stats" => {
            for _ in 0..600 {
                treblecross(&mut app, TreblecrossAction::ScrollGrundy(8));
            }
            treblecross(&mut app, TreblecrossAction::GrundyStats);
        }
        "treblecross-plot" => {
            treblecross(&mut app, TreblecrossAction::GrundyStats);
            treblecross(&mut app, TreblecrossAction::GrundyStats);
            while app.tabs.treblecross.computing().is_some() {
                std::thread::sleep(std::time::Duration::from_millis(10));
                app.tick();
            }
        }
        "treblecross-game" => {
            app.tabs.treblecross = TreblecrossTab::with_strip(Strip::empty(40));
            treblecross(&mut app, TreblecrossAction::Play(Player::You));
            while app.tabs.treblecross.game().is_some_and(|g| g.is_on()) {
                treblecross(&mut app, TreblecrossAction::Move(1));
                treblecross(&mut app, TreblecrossAction::Toggle);
            }
            treblecross(
                &mut app,
                TreblecrossAction::Review(noughts::tui::review::Review::Step(-1)),
            );
        }
        "mnc" | "mnc-review" => wait_for_mnc(&mut app, view == "mnc-review"),
        _ => {}
    }
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        terminal.clear().unwrap();
        terminal
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .unwrap();
    });
}

/// Waits for the engine's first move; with `play_out`, plays o's best
/// moves to the end and opens the review.
fn wait_for_mnc(app: &mut App, play_out: bool) {
    use noughts::solver::mnc::Engine;
    use noughts::tui::tabs::mnc::Action as MncAction;
    let mut engine = Engine::solved();
    loop {
        app.tick();
        let tab = &app.tabs.mnc;
        let ready = (tab.humans_turn() && tab.value().is_some()) || tab.winner().is_some();
        if !ready {
            std::thread::sleep(std::time::Duration::from_millis(2));
            continue;
        }
        if !play_out {
            return;
        }
        if tab.winner().is_some() {
            app.update(Action::tab(MncAction::Review(
                noughts::tui::review::Review::Step(-1),
            )));
            while app.tabs.mnc.annotations().is_none() {
                std::thread::sleep(std::time::Duration::from_millis(2));
                app.tick();
            }
            return;
        }
        let mv = engine.best_move(tab.position()).unwrap();
        app.update(Action::tab(MncAction::Play(mv)));
    }
}

/// An edit and the frame after it: the analysis runs once per edit.
#[divan::bench]
fn edit_then_draw_200x60(bencher: divan::Bencher) {
    let mut app = app_on(TabId::TicTacToe);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        app.update(Action::tab(TicTacToeAction::Play));
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
    app.tabs.treblecross = TreblecrossTab::with_strip(Strip::from(strip));
    app.update(Action::SelectTab(TabId::Treblecross));
    app.update(Action::tab(TreblecrossAction::Move(60_025)));
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    bencher.bench_local(|| {
        app.update(Action::tab(TreblecrossAction::Toggle));
        terminal
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .unwrap();
    });
}

/// The session's text, which the event loop builds after every batch of
/// input: for the largest session, a 100,000-cell strip with a game of
/// 66,667 moves (about 890 KB), and for the usual one, a fresh app.
#[divan::bench(args = ["fresh", "largest"])]
fn session_text(bencher: divan::Bencher, which: &str) {
    let mut app = App::new(Theme { color: false });
    if which == "largest" {
        let n = 100_000;
        let mut text = format!("noughts 1\ntreblecross {}\nfirst you\n", ".".repeat(n));
        for c in (0..n).filter(|i| i % 3 != 2) {
            text.push_str(&format!("move {}\n", c + 1));
        }
        app.load_saved(noughts::notation::saved::read(&text).unwrap());
    }
    bencher.bench_local(|| noughts::tui::session::text(&mut app));
}
