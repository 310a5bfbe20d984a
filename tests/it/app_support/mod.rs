//! Driving the app without a terminal: events as the terminal would send
//! them, and drawing into ratatui's TestBackend. Shared by the app tests
//! (each uses its own part of it).
#![allow(dead_code)]

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use noughts::tui::app::App;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::time::{Duration, Instant};

/// The screen the events are aimed at.
pub const AREA: Rect = Rect {
    x: 0,
    y: 0,
    width: 100,
    height: 24,
};

pub fn key(code: KeyCode) -> Event {
    key_with(code, KeyModifiers::NONE)
}

pub fn key_with(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent {
        code,
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

pub fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// A left click (the press; the app acts on presses).
pub fn click(column: u16, row: u16) -> Event {
    mouse(MouseEventKind::Down(MouseButton::Left), column, row)
}

/// A right click (the press).
pub fn right_click(column: u16, row: u16) -> Event {
    mouse(MouseEventKind::Down(MouseButton::Right), column, row)
}

/// Types characters as key presses on a screen of [`AREA`].
pub fn type_keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle(&key(KeyCode::Char(c)), AREA);
    }
}

pub fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal
}

/// The footer line of a drawn screen (its last row), as text.
/// A drawn screen's words in one line, its rows' quotes and breaks gone:
/// a sentence wrapped over rows reads whole.
pub fn flat_words(screen: &str) -> String {
    screen
        .replace('"', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn footer_of(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    (0..area.width)
        .map(|x| buffer[(x, area.height - 1)].symbol())
        .collect()
}

/// The help texts of every key that works now.
pub fn helps(app: &App) -> Vec<&'static str> {
    app.hints().iter().map(|h| h.help).collect()
}

/// Ticks the app until `done` (the engines and background jobs answer from
/// their own threads), failing with `what` after a minute.
pub fn tick_until(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(app) {
        assert!(Instant::now() < deadline, "never {what}");
        std::thread::sleep(Duration::from_millis(1));
        app.tick();
    }
}

/// The Treblecross tab's helpers, for its two test files.
pub mod treblecross {
    use super::{tick_until, type_keys};
    use noughts::solver::treblecross::Strip;
    use noughts::tui::app::{App, TabId};
    use noughts::tui::tabs::treblecross::TreblecrossTab;
    use noughts::tui::theme::Theme;

    pub fn strip(text: &str) -> Strip {
        Strip::from(text.chars().map(|c| c == 'X').collect::<Vec<_>>())
    }

    pub fn app_with(text: &str) -> App {
        let mut app = App::new(Theme { color: true });
        app.tabs.treblecross = TreblecrossTab::with_strip(strip(text));
        app.tab = TabId::Treblecross;
        app
    }

    /// Ticks until the engine has answered everything asked of it (its
    /// replies come from its thread).
    pub fn settle(app: &mut App) {
        tick_until(app, "an answer from the engine", |app| {
            !app.tabs.treblecross.is_thinking()
        });
    }

    /// Types keys one at a time, each once the engine has answered.
    pub fn play_keys(app: &mut App, keys: &str) {
        for c in keys.chars() {
            type_keys(app, &c.to_string());
            settle(app);
        }
    }

    /// The cells played in the game so far, with who played each.
    pub fn moves_of(app: &App) -> Vec<(noughts::solver::treblecross::Player, usize)> {
        let game = app.tabs.treblecross.game().unwrap();
        let mut moves = Vec::new();
        game.record()
            .visit(|_, before, cell| moves.push((before.to_move, cell)));
        moves
    }
}

/// The values of a table `noughts grundy … --out FILE` wrote: one a line,
/// after its `#` header.
pub fn out_table(path: &std::path::Path) -> Vec<u16> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.parse::<u16>().unwrap())
        .collect()
}
