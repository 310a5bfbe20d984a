//! The terminal app: three tabs on the shared solvers.
//!
//! `app` holds the title bar, footer, help overlay and the one update
//! function; `tabs` one file per tab, each a leaf that owns its actions,
//! key table, state, click mapping and drawing (the [`tab::Tab`] trait);
//! `keymap` the binding type the key tables are made of; `grid`, `widgets`
//! and `theme` what the tabs share; `engine` the MNC engine's thread.

pub mod app;
pub mod engine;
pub mod grid;
pub mod keymap;
pub mod tab;
pub mod tabs;
pub mod theme;
pub mod widgets;

use app::App;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use std::io::stdout;
use std::time::Duration;

/// How the app starts.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub mouse: bool,
    pub board: Option<crate::solver::tictactoe::Board>,
    /// A Treblecross strip to start with; opens that tab.
    pub strip: Option<crate::solver::treblecross::Strip>,
}

/// Undoes raw mode, the alternate screen and mouse capture when dropped:
/// on a normal exit, an early return with an error, and unwinding.
struct TerminalGuard {
    mouse: bool,
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        if self.mouse {
            let _ = execute!(stdout(), DisableMouseCapture);
        }
        ratatui::restore();
    }
}

/// Runs the app until the user quits.
pub fn run(options: Options) -> color_eyre::Result<()> {
    // ratatui's own panic hook restores the screen but not mouse capture:
    // ours turns it off first, then hands over (to color-eyre's report).
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
        previous(info);
    }));
    let mut terminal = ratatui::init();
    let _guard = TerminalGuard {
        mouse: options.mouse,
    };
    if options.mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    let mut app = App::new(theme::Theme::from_env());
    if let Some(board) = options.board {
        app.tictactoe = tabs::tictactoe::TicTacToeTab::with_board(board);
    }
    if let Some(strip) = options.strip {
        app.treblecross = tabs::treblecross::TreblecrossTab::with_strip(strip);
        app.tab = app::TabId::Treblecross;
    }
    while app.running {
        let mut area = ratatui::layout::Rect::default();
        terminal.draw(|frame| {
            area = frame.area();
            frame.render_widget(&app, area);
        })?;
        // Wait for input; the timeout redraws progress of background work
        // and takes in its results.
        if event::poll(Duration::from_millis(250))? {
            let event = event::read()?;
            app.handle(&event, area);
        }
        app.tick();
    }
    Ok(())
}
