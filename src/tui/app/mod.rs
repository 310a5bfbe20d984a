//! The app: which tab is shown, the pop-up over it, and the one update
//! function. Terminal events become [`Action`]s (through the key tables,
//! or the layout for mouse clicks) and every change of state goes through
//! [`App::update`]; tests drive it with no terminal. The tabs are in
//! [`Tabs`]; the shell's drawing is `shell.rs`, the pop-ups' `overlays.rs`,
//! saving and loading `save_load.rs`, the frame `view.rs`.

mod save_load;
mod view;

pub use super::action::Action;
use super::action::{self, GENERAL, NAVIGATION, PUZZLE_ENTRY};
use super::files::{self, Intent};
use super::keymap::{self, Binding, Direction, Hint};
use super::overlays::Overlay;
pub use super::overlays::Question;
use super::shell::shell_layout;
pub use super::tabs::{TabAction, TabId, Tabs};
use super::text::Typed;
use super::theme::Theme;
use super::widgets;
use crate::settings::Settings;
use crate::solver::puzzle::PuzzleId;
use crossterm::event::{Event, KeyCode, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};
use std::path::PathBuf;

pub struct App {
    pub tab: TabId,
    pub tabs: Tabs,
    /// The pop-up over the tabs: the help, the rules, a question (every
    /// key answers it) or the path prompt.
    pub overlay: Option<Overlay>,
    /// The first line of the help or the rules shown, when it is longer
    /// than the screen.
    pub overlay_scroll: usize,
    /// The page shown of a panel cut short (`J`, `K`); any other key or
    /// click brings back its first.
    pub panel_page: usize,
    /// The last scroll position that shows something new, as last drawn:
    /// scrolling stops there, so that going back is at once visible.
    overlay_scroll_end: std::cell::Cell<usize>,
    pub running: bool,
    /// Asked to suspend (Ctrl-Z): the event loop does it and clears this.
    pub suspend_requested: bool,
    pub theme: Theme,
    /// The data folder: the puzzles' levels and streaks, saved files
    /// (`None`: in memory only).
    puzzle_folder: Option<PathBuf>,
    /// Whether quitting keeps the session (a state folder to keep it in):
    /// then nothing is at stake, and `q` quits without asking.
    pub keeps_session: bool,
    /// Every symbol drawn in ASCII (the settings' `display = "ascii"`).
    pub ascii: bool,
    /// The details shown in every tab (`i`; the settings' `details`).
    pub details: bool,
    /// A one-line note over the footer until the next key (a settings
    /// file that did not read, a file saved).
    pub notice: Option<String>,
}

impl App {
    pub fn new(theme: Theme) -> App {
        App {
            tab: TabId::ALL[0],
            tabs: Tabs::default(),
            overlay: None,
            overlay_scroll: 0,
            panel_page: 0,
            overlay_scroll_end: std::cell::Cell::new(usize::MAX),
            running: true,
            suspend_requested: false,
            theme,
            puzzle_folder: None,
            keeps_session: false,
            ascii: false,
            details: false,
            notice: None,
        }
    }

    /// The question asked now, if any.
    pub fn question(&self) -> Option<&Question> {
        match &self.overlay {
            Some(Overlay::Question(question)) => Some(question),
            _ => None,
        }
    }

    pub fn showing_help(&self) -> bool {
        self.overlay == Some(Overlay::Help)
    }

    pub fn showing_rules(&self) -> bool {
        self.overlay == Some(Overlay::Rules)
    }

    /// The tab on screen.
    fn page(&self) -> &dyn super::tabs::Page {
        self.tabs.page(self.tab)
    }

    fn page_mut(&mut self) -> &mut dyn super::tabs::Page {
        self.tabs.page_mut(self.tab)
    }

    /// Every key that works now: the tab's, then the app's.
    pub fn hints(&self) -> Vec<Hint> {
        let mut hints = self.page().hints();
        hints.extend(self.navigation().map(Binding::hint));
        hints.push(action::tab_digits_hint());
        hints.extend(GENERAL.iter().map(Binding::hint));
        if !self.page().puzzle_on() {
            hints.extend(PUZZLE_ENTRY.iter().map(Binding::hint));
        }
        hints
    }

    /// The app's navigation keys that work on this tab (no up and down on
    /// a strip).
    fn navigation(&self) -> impl Iterator<Item = &'static Binding<Action>> {
        let vertical = self.page().cursor().vertical;
        NAVIGATION.iter().filter(move |b| match b.action {
            Action::Cursor(Direction::Up | Direction::Down) => vertical,
            _ => true,
        })
    }

    /// Turns a terminal event into an action; `area` is the whole screen,
    /// as last drawn (clicks are placed by the same layout as drawing).
    pub fn action_for(&self, event: &Event, area: Rect) -> Option<Action> {
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => {
                if let Some(overlay) = &self.overlay {
                    return overlay.key_action(key);
                }
                let app_key = |table: &[Binding<Action>]| keymap::any(table, key);
                let page = self.page();
                // A tab too small to be drawn takes no keys: nothing would
                // show what they did.
                if !page.fits(shell_layout(area).body) {
                    return app_key(NAVIGATION)
                        .filter(|a| !matches!(a, Action::Cursor(_)))
                        .or_else(|| action::tab_for_digit(key).map(Action::SelectTab))
                        .or_else(|| app_key(GENERAL));
                }
                // Typing into a tab's prompt takes every key but Ctrl-C.
                if let Some(action) = page.typed(key) {
                    return Some(Action::Tab(action));
                }
                // The tab's keys that work now come first (Esc puts down a
                // picked-up piece), then the app's, then the tab's that do
                // not work now (the tab then says why).
                page.key_action(key)
                    .map(Action::Tab)
                    .or_else(|| app_key(NAVIGATION))
                    .or_else(|| action::tab_for_digit(key).map(Action::SelectTab))
                    .or_else(|| app_key(GENERAL))
                    .or_else(|| (!page.puzzle_on()).then(|| app_key(PUZZLE_ENTRY)).flatten())
                    .or_else(|| page.key_action_now_or_not(key).map(Action::Tab))
            }
            Event::Mouse(mouse) => self.mouse_action(mouse, area),
            _ => None,
        }
    }

    fn mouse_action(&self, mouse: &MouseEvent, area: Rect) -> Option<Action> {
        let layout = shell_layout(area);
        let click = mouse.kind == MouseEventKind::Down(MouseButton::Left);
        match &self.overlay {
            // A click is no answer to a question: it keeps things as they
            // are; on the help or the rules it closes them.
            Some(Overlay::Question(_)) => return click.then_some(Action::Dismiss),
            Some(Overlay::File(_)) => return None,
            Some(_) => {
                return match mouse.kind {
                    MouseEventKind::ScrollDown => Some(Action::ScrollOverlay(3)),
                    MouseEventKind::ScrollUp => Some(Action::ScrollOverlay(-3)),
                    _ => click.then_some(Action::Dismiss),
                }
            }
            None => {}
        }
        let at = Position::new(mouse.column, mouse.row);
        if click {
            if let Some(i) = layout.titles.iter().position(|r| r.contains(at)) {
                return Some(Action::SelectTab(TabId::ALL[i]));
            }
        }
        if !self.page().fits(layout.body) {
            return None;
        }
        self.page()
            .mouse_action(layout.body, mouse)
            .map(Action::Tab)
    }

    /// The one place where state changes.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Quit => {
                let at_stake = self.at_stake();
                if at_stake.is_empty() || self.keeps_session {
                    self.running = false;
                } else {
                    self.overlay = Some(Overlay::Question(Question::Quit(at_stake)));
                }
            }
            Action::QuitNow => self.running = false,
            Action::Yes => match self.overlay.take() {
                Some(Overlay::Question(Question::Quit(_))) => self.running = false,
                Some(Overlay::Question(Question::Abandon { action, .. })) => {
                    self.page_mut().apply(action)
                }
                Some(Overlay::Question(Question::Load { saved, path, .. })) => {
                    self.load_saved(*saved);
                    self.notice = Some(format!("loaded {path}"));
                }
                other => self.overlay = other,
            },
            Action::Dismiss => {
                if self.overlay.take().is_none() {
                    self.page_mut().dismiss();
                }
            }
            Action::NextTab => self.tab = self.tab.next(),
            Action::PrevTab => self.tab = self.tab.prev(),
            Action::SelectTab(tab) => self.tab = tab,
            Action::ToggleHelp => self.toggle(Overlay::Help),
            Action::ToggleRules => self.toggle(Overlay::Rules),
            Action::ToggleDetails => {
                self.set_details(!self.details);
                self.notice = Some(if self.details {
                    "details shown in every tab: i hides them".into()
                } else {
                    "details hidden: i shows them again".into()
                });
            }
            Action::ReadOn(by) => {
                self.panel_page =
                    (self.panel_page.saturating_add_signed(by)).min(widgets::last_page());
            }
            Action::ScrollOverlay(by) => {
                self.overlay_scroll = (self.overlay_scroll.saturating_add_signed(by))
                    .min(self.overlay_scroll_end.get());
            }
            Action::Suspend => self.suspend_requested = true,
            Action::SaveFile => self.open_file_prompt(Intent::Save),
            Action::LoadFile => self.open_file_prompt(Intent::Load),
            Action::FileKey(key) => {
                let Some(Overlay::File(prompt)) = &mut self.overlay else {
                    return;
                };
                let intent = prompt.intent;
                match prompt.key(&key) {
                    Typed::Editing | Typed::Refused => {}
                    Typed::Cancelled => self.overlay = None,
                    Typed::Done(typed) => {
                        self.overlay = None;
                        let path = files::home_expanded(std::path::Path::new(&typed));
                        let done = self.file_done(intent, &path);
                        let said = done.unwrap_or_else(|why| why);
                        self.notice = (!said.is_empty()).then_some(said);
                    }
                }
            }
            Action::Cursor(direction) => self.page_mut().move_cursor(direction),
            Action::Tab(action) => match self.page().abandons(action) {
                Some(question) => {
                    self.overlay = Some(Overlay::Question(Question::Abandon { question, action }))
                }
                None => {
                    self.page_mut().apply(action);
                    self.dashboard_if_asked();
                }
            },
            // The tab's own puzzle action: its guards and questions apply.
            Action::Puzzle(action) => {
                let action = self.page().puzzle_action(action);
                self.update(Action::Tab(action));
            }
            Action::ReplayMissed => {
                self.overlay = None;
                let count = self.page_mut().replay_missed();
                self.notice = Some(match count {
                    0 => "no missed puzzle to play again".into(),
                    1 => "the puzzle you missed, again now".into(),
                    n => format!("the {n} puzzles you missed, one after another (n for the next)"),
                });
            }
        }
    }

    /// The dashboard, when the tab's `D` asked for it.
    fn dashboard_if_asked(&mut self) {
        if self.page_mut().take_dashboard_asked() {
            self.overlay_scroll = 0;
            let missed = !self.page().trainer().comebacks().is_empty();
            self.overlay = Some(Overlay::Dashboard { missed });
        }
    }

    /// The help or the rules on, or off if it was shown.
    fn toggle(&mut self, overlay: Overlay) {
        self.overlay_scroll = 0;
        if self.overlay.as_ref() == Some(&overlay) {
            self.overlay = None;
        } else {
            self.overlay = Some(overlay);
        }
    }

    /// Opens the puzzle `id` on its tab, which is shown.
    pub fn open_puzzle(&mut self, mut id: PuzzleId) {
        for &tab in TabId::ALL {
            match self.tabs.page_mut(tab).open_puzzle(Some(id)) {
                Ok(()) => return self.tab = tab,
                Err(back) => id = back,
            }
        }
    }

    /// The details on or off in every tab.
    pub fn set_details(&mut self, on: bool) {
        self.details = on;
        for page in self.tabs.pages_mut() {
            page.set_details(on);
        }
    }

    /// The settings file's choices (the command line's come after).
    pub fn apply_settings(&mut self, settings: &Settings) {
        self.ascii = settings.display == crate::settings::Display::Ascii;
        if settings.details {
            self.set_details(true);
        }
        for page in self.tabs.pages_mut() {
            page.apply_settings(settings);
        }
        self.open_settings_tab(settings);
    }

    /// The tab the settings name, if they name one (`tab = "last"` leaves
    /// the one the session left). Called again once the session is back:
    /// a tab named in the settings wins over it (issue 34 found the
    /// setting dead once there was a session).
    pub fn open_settings_tab(&mut self, settings: &Settings) {
        if let Some(tab) = settings.tab.word().and_then(TabId::from_word) {
            self.tab = tab;
        }
    }

    /// The puzzles' levels and streaks kept in `folder` from now on.
    pub fn keep_puzzles_in(&mut self, folder: PathBuf) {
        for page in self.tabs.pages_mut() {
            page.keep_puzzles_in(&folder);
        }
        self.puzzle_folder = Some(folder);
    }

    /// The app closes: every tab's puzzle on, if answered or hinted, goes
    /// into the history.
    pub fn closing(&mut self) {
        for page in self.tabs.pages_mut() {
            page.closing();
        }
    }

    /// What quitting would lose, in every tab (a match left on another tab
    /// counts too), in the order of the tabs.
    pub fn at_stake(&self) -> Vec<&'static str> {
        self.tabs
            .pages()
            .into_iter()
            .filter_map(|p| p.at_stake())
            .collect()
    }

    /// Work between events: takes in results of background work.
    pub fn tick(&mut self) {
        for page in self.tabs.pages_mut() {
            page.tick();
        }
    }

    /// Whether any tab waits for background work.
    pub fn busy(&self) -> bool {
        self.tabs.pages().iter().any(|p| p.busy())
    }

    /// Applies an event (what the event loop does); a key also takes the
    /// notice away, and Esc the tab's message, in every tab, before
    /// whatever else it does there (put a piece down, leave a review).
    pub fn handle(&mut self, event: &Event, area: Rect) {
        if let Event::Key(key) = event {
            self.notice = None;
            if key.code == KeyCode::Esc && key.kind == KeyEventKind::Press && self.overlay.is_none()
            {
                self.page_mut().dismiss();
            }
        }
        let action = self.action_for(event, area);
        // Any key but J and K, a click or a new size shows a cut panel's
        // first page again (a mouse's mere moving does not).
        let turns_page = matches!(action, Some(Action::ReadOn(_)));
        let resets = match event {
            Event::Key(_) | Event::Resize(..) => !turns_page,
            Event::Mouse(_) => action.is_some() && !turns_page,
            _ => false,
        };
        if resets {
            self.panel_page = 0;
        }
        if let Some(action) = action {
            self.update(action);
        }
    }
}
