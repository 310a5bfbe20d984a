//! The terminal app: four tabs on the shared solvers.
//!
//! `app` holds the title bar, footer, overlays and the one update
//! function; `tabs` one folder per tab, each a leaf that owns its actions,
//! key table, state, click mapping and drawing (the `Tab` trait in `tab`);
//! `keymap` the binding type the key tables are made of; `playing` the
//! match against the engine, `puzzle` the puzzles and lessons, `review`
//! the review, each written once for every tab; `grid`, `widgets` and
//! `theme` what the tabs draw with; `worker` the thread the match engines
//! and puzzle makers run on; `terminal` taking and giving back the
//! terminal, the signals and the session's keeper (it imports nothing of
//! the app). Here: starting the app and its event loop.

pub(crate) mod action;
mod ascii;
pub(crate) mod grid;
pub(crate) mod history;
pub(crate) mod overlays;
mod playing;
pub(crate) mod record_view;
mod terminal;
pub(crate) mod widgets;
pub(crate) mod worker;

/// The modules the project's own tests, benches and screenshot painter
/// drive the app through: public with the `internals` feature (which only
/// those turn on), crate-private otherwise. Without it, what only they use
/// (their layouts, the drawing audit, re-exported names) goes unused, and
/// is not a defect; with it, nothing is unused by definition, as before.
macro_rules! inner {
    ($($name:ident),* $(,)?) => {$(
        #[cfg(feature = "internals")]
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code, unused_imports)]
        pub(crate) mod $name;
    )*};
}
inner!(
    app,
    audit,
    files,
    keymap,
    puzzle,
    review,
    rules,
    session,
    shell,
    tab,
    tabs,
    text,
    theme,
    value_history
);

/// A saved game's file, read and checked (`noughts tui --load FILE`).
pub use files::load;

use app::App;
use crossterm::event::{self, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{Clear, ClearType};
use std::fmt;
use std::io::{stdout, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use terminal::keeper::Keeper;

/// How the app starts.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Mouse capture, as the command line asks (the settings may turn it
    /// off too).
    pub mouse: bool,
    /// Every symbol in ASCII (`--ascii`), whatever the settings say.
    pub ascii: bool,
    /// A puzzle to open (`noughts tui --puzzle mnc-3-1234`).
    pub puzzle: Option<crate::solver::puzzle::PuzzleId>,
    /// Start clean: the last session is not restored (`--fresh`).
    pub fresh: bool,
    /// Games to open in their tabs, in order (`--load FILE`, then a
    /// position given on the command line): the last one's tab is shown.
    pub load: Vec<crate::notation::saved::Saved>,
}

/// Why the app could not run.
#[derive(Debug)]
pub enum Error {
    /// Standard input or output is not a terminal (a pipe, a file, none).
    NoTerminal,
    Io(std::io::Error),
    /// The app ended, but its session could not be written (why).
    NotKept(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoTerminal => write!(
                f,
                "the app needs a terminal (standard input and output); for batch use see noughts --help"
            ),
            Error::Io(e) => write!(f, "terminal: {e}"),
            Error::NotKept(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

/// Ctrl-Z: gives the terminal back, stops until `fg`, then takes it
/// again. Whether that happened (then everything is drawn anew).
#[cfg(unix)]
fn suspend_if_asked(app: &mut App, mouse: bool) -> std::io::Result<bool> {
    if !std::mem::take(&mut app.suspend_requested) {
        return Ok(false);
    }
    terminal::suspend(mouse)?;
    Ok(true)
}

/// Windows has no job control: its key table has no Ctrl-Z.
#[cfg(not(unix))]
fn suspend_if_asked(_app: &mut App, _mouse: bool) -> std::io::Result<bool> {
    Ok(false)
}

/// Said once, on the very first start (no settings file yet).
pub const FIRST_START: &str = "new here? L starts a short lesson in each tab; ? lists every key";

/// Runs the app until the user quits (or a signal ends it: the terminal is
/// given back first, then the signal does what it does by default).
pub fn run(options: Options) -> Result<(), Error> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(Error::NoTerminal);
    }
    // The settings file, read (and written with its defaults on first use)
    // only once there is a terminal to run in; the options win over it.
    let loaded = crate::settings::path().map(|file| crate::settings::load_or_create(&file));
    let first = loaded.as_ref().is_some_and(|l| l.first);
    let (settings, note) = loaded.map_or_else(Default::default, |l| (l.settings, l.note));
    let mouse = options.mouse && settings.mouse;
    let mut app = App::new(theme::Theme::from_env());
    app.apply_settings(&settings);
    app.ascii |= options.ascii;
    // The very first start offers the lessons, once.
    app.notice = note.or_else(|| first.then(|| FIRST_START.to_string()));
    // The last session, unless asked to start clean; the options below
    // win over it. From here on it is kept, whatever ends the app.
    let kept = session::file().map(|file| session::open(&mut app, &file, options.fresh));
    let keeper = kept.as_ref().and_then(|k| k.keeper.clone());
    if let Some(note) = kept.as_ref().and_then(|k| k.note.clone()) {
        app.notice = Some(
            app.notice
                .take()
                .map_or(note.clone(), |n| format!("{n}; {note}")),
        );
    }
    app.open_settings_tab(&settings);
    app.keeps_session = keeper.is_some();
    let resumed = Arc::new(AtomicBool::new(false));
    let signals = terminal::signals::Watch::start(mouse, Arc::clone(&resumed), keeper.clone())?;
    // ratatui's own panic hook restores the screen but not mouse capture:
    // ours turns it off first, keeps the session as last handed over (the
    // state being changed when it broke is not trusted), then hands over
    // (to color-eyre's report).
    let previous = std::panic::take_hook();
    let keeper_at_panic = keeper.clone();
    std::panic::set_hook(Box::new(move |info| {
        terminal::leave_terminal(mouse);
        if let Some(Err(why)) = keeper_at_panic.as_ref().map(Keeper::flush) {
            eprintln!("noughts: {why}");
        }
        previous(info);
    }));
    let mut terminal = ratatui::init();
    let guard = terminal::TerminalGuard { mouse };
    if mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    for saved in options.load {
        app.load_saved(saved);
    }
    if let Some(folder) = crate::training::data_dir() {
        app.keep_puzzles_in(folder);
    }
    if let Some(id) = options.puzzle {
        app.open_puzzle(id);
    }
    // However the loop ends (q, or the terminal failing), the session is
    // kept.
    let looped = event_loop(&mut app, &mut terminal, keeper.as_ref(), &resumed, mouse);
    signals.close();
    app.closing();
    let written = keeper.map(|keeper| {
        keeper.offer(session::text(&mut app));
        keeper.flush()
    });
    // The terminal given back first: the note of a session not kept is
    // read on the ordinary screen.
    drop(guard);
    drop(kept);
    looped?;
    match written {
        Some(Err(why)) => Err(Error::NotKept(why)),
        _ => Ok(()),
    }
}

/// Draws, reads input, ticks and hands the session to the keeper until the
/// user quits.
fn event_loop(
    app: &mut App,
    terminal: &mut ratatui::DefaultTerminal,
    keeper: Option<&Keeper>,
    resumed: &AtomicBool,
    mouse: bool,
) -> Result<(), Error> {
    let mut kept_text = None;
    let mut offered = Instant::now();
    let mut failure_said = None;
    let mut mender = terminal::torn::Mender::default();
    while app.running {
        let mut area = ratatui::layout::Rect::default();
        {
            let _screen = terminal::SCREEN.lock().unwrap_or_else(|e| e.into_inner());
            terminal.draw(|frame| {
                area = frame.area();
                frame.render_widget(&*app, area);
            })?;
        }
        // Wait for input; the timeout redraws progress of background work,
        // takes in its results and looks at signals.
        let mut handled = false;
        if event::poll(Duration::from_millis(100))? {
            // Everything already waiting, before the next frame. (A zero
            // timeout would not look: crossterm's poll(2) reader only reads
            // while some of its timeout is left, so it gets a millisecond.)
            // An Esc waits a moment longer: it may open a sequence torn in
            // two ([`terminal::torn`]).
            loop {
                for event in mender.push(event::read()?) {
                    app.handle(&event, area);
                }
                handled = true;
                let wait = if mender.holding() {
                    terminal::torn::WAIT
                } else {
                    Duration::from_millis(1)
                };
                if !event::poll(wait)? {
                    for event in mender.flush() {
                        app.handle(&event, area);
                    }
                    break;
                }
            }
        }
        app.tick();
        if let Some(keeper) = &keeper {
            // The session's text after input, before the next frame shows
            // its effect (so what the screen shows is what a signal keeps),
            // and every second for what changes on its own (the engine's
            // moves); handed over when it differs from the last.
            if handled || offered.elapsed() >= OFFER_ANYWAY {
                offered = Instant::now();
                let text = session::text(app);
                if kept_text.as_ref() != Some(&text) {
                    keeper.offer(text.clone());
                    kept_text = Some(text);
                }
            }
            // A write that failed is said while the app runs (once each).
            let failure = keeper.failure();
            if failure.is_some() && failure != failure_said {
                app.notice = failure.clone();
            }
            failure_said = failure;
        }
        let resumed_now = resumed.swap(false, Ordering::Relaxed);
        let redraw = suspend_if_asked(app, mouse)? || resumed_now;
        if redraw {
            // A new terminal handle: nothing drawn yet, so the next frame
            // draws every cell (Terminal::clear would ask the terminal
            // where its cursor is, and not every terminal answers).
            execute!(stdout(), Clear(ClearType::All))?;
            *terminal = ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(stdout()))?;
        }
    }
    Ok(())
}

/// How often the session is handed to the keeper when there was no input.
const OFFER_ANYWAY: Duration = Duration::from_secs(1);
