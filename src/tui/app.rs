//! The app around the tabs: the title bar, the footer, the app's own keys
//! and the one update function (the pop-ups are drawn in `overlays.rs`). Terminal events
//! become [`Action`]s (through the key tables, or the layout for mouse
//! clicks) and every change of state goes through [`App::update`]; tests
//! drive it with no terminal.
//!
//! Past 600 lines because the shell's drawing (title bar, footer) stays
//! beside the update function: both read the same key tables and the same
//! layout, and one file keeps them from drifting apart.

use super::keymap::{self, ch, ctrl, key, Binding, Direction, Hint};
use super::overlays::capitalized;
pub use super::tab::TabId;
use super::tab::{Cursor, Tab};
use super::tabs::mnc::{self, MncTab};
use super::tabs::tictactoe::{self, TicTacToeTab};
use super::tabs::treblecross::{self, TreblecrossTab};
use super::theme::Theme;
use super::widgets::put;
use crate::solver::mnc::Strength;
use crate::solver::Side;
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// A question the app asks before doing something that loses work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// Quit, while this is at stake ("the match against the engine").
    Quit(&'static str),
    /// Do a tab's action that throws a match in progress away.
    Abandon { question: String, action: Action },
}

/// Everything the app can be asked to do: its own actions, and each tab's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// `q`: quits at once (the session is kept), or asks first while a
    /// game is at stake and there is no state folder to keep it in.
    Quit,
    /// Quits whatever is at stake (`y` to the question, Ctrl-C).
    QuitNow,
    /// `y` to a question about a tab's action: do it.
    Yes,
    /// Esc: closes the question or the help, else dismisses the tab's
    /// message. Never quits.
    Dismiss,
    NextTab,
    PrevTab,
    SelectTab(TabId),
    ToggleHelp,
    /// The rules of the tab's game, on or off.
    ToggleRules,
    /// The help or the rules this many lines further down (up if negative).
    ScrollOverlay(isize),
    /// Stop the app and give the terminal back until `fg` (Ctrl-Z).
    Suspend,
    /// Ctrl-S, Ctrl-O: the prompt for the file to save the tab to, or to
    /// load.
    SaveFile,
    LoadFile,
    /// A key typed into that prompt.
    FileKey(KeyEvent),
    /// The cursor of the current tab.
    Cursor(Direction),
    TicTacToe(tictactoe::Action),
    Treblecross(treblecross::Action),
    Mnc(mnc::Action),
}

impl From<tictactoe::Action> for Action {
    fn from(action: tictactoe::Action) -> Action {
        Action::TicTacToe(action)
    }
}

impl From<treblecross::Action> for Action {
    fn from(action: treblecross::Action) -> Action {
        Action::Treblecross(action)
    }
}

impl From<mnc::Action> for Action {
    fn from(action: mnc::Action) -> Action {
        Action::Mnc(action)
    }
}

/// The app's keys that come before the tab's in the footer.
pub const NAVIGATION: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::Left), ch('h')],
        "←/h",
        "cursor left",
        Action::Cursor(Direction::Left),
    ),
    Binding::new(
        &[key(KeyCode::Right), ch('l')],
        "→/l",
        "cursor right",
        Action::Cursor(Direction::Right),
    ),
    Binding::new(
        &[key(KeyCode::Up), ch('k')],
        "↑/k",
        "cursor up",
        Action::Cursor(Direction::Up),
    ),
    Binding::new(
        &[key(KeyCode::Down), ch('j')],
        "↓/j",
        "cursor down",
        Action::Cursor(Direction::Down),
    ),
    Binding::new(&[key(KeyCode::Tab)], "Tab", "next tab", Action::NextTab),
    Binding::new(
        &[key(KeyCode::BackTab)],
        "S-Tab",
        "previous tab",
        Action::PrevTab,
    ),
    Binding::new(
        &[ch('1')],
        "1",
        "Tic-tac-toe tab",
        Action::SelectTab(TabId::TicTacToe),
    ),
    Binding::new(
        &[ch('2')],
        "2",
        "Treblecross tab",
        Action::SelectTab(TabId::Treblecross),
    ),
    Binding::new(
        &[ch('3')],
        "3",
        "Noughts & Crosses+ tab",
        Action::SelectTab(TabId::Mnc),
    ),
];

/// The app's keys that end the footer: Ctrl-Z (last) only where there is
/// job control.
pub const GENERAL: &[Binding<Action>] = if cfg!(unix) {
    GENERAL_ALL
} else {
    GENERAL_ALL.split_at(GENERAL_ALL.len() - 1).0
};

const GENERAL_ALL: &[Binding<Action>] = &[
    Binding::new(
        &[ch('?')],
        "?",
        "help: every key that works now",
        Action::ToggleHelp,
    )
    .footer("help"),
    Binding::new(
        &[ch('r')],
        "r",
        "rules of this tab's game",
        Action::ToggleRules,
    )
    .footer("rules"),
    Binding::new(
        &[ch('q')],
        "q",
        "quit (the session is kept; asks first where it cannot be)",
        Action::Quit,
    )
    .footer("quit"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "close, put down, dismiss (never quits)",
        Action::Dismiss,
    ),
    Binding::new(
        &[ctrl('s')],
        "C-s",
        "save the tab's position (a match: with its moves) to a file",
        Action::SaveFile,
    ),
    Binding::new(
        &[ctrl('o')],
        "C-o",
        "load a saved file into its tab",
        Action::LoadFile,
    ),
    Binding::new(&[ctrl('c')], "C-c", "quit at once", Action::QuitNow),
    Binding::new(
        &[ctrl('z')],
        "C-z",
        "suspend: back to the shell until fg",
        Action::Suspend,
    ),
];

/// A tab as the app sees it, its actions wrapped in the app's: one blanket
/// implementation for every [`Tab`], so the app never matches on which tab
/// is shown except to pick it.
trait Page {
    fn key_action(&self, event: &KeyEvent) -> Option<Action>;
    fn key_action_now_or_not(&self, event: &KeyEvent) -> Option<Action>;
    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<Action>;
    fn hints(&self) -> Vec<Hint>;
    fn cursor(&self) -> Option<Cursor>;
    fn move_cursor(&mut self, direction: Direction);
    fn dismiss(&mut self);
    fn typed(&self, event: &KeyEvent) -> Option<Action>;
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme);
}

impl<T: Tab> Page for T
where
    Action: From<T::Action>,
{
    fn key_action(&self, event: &KeyEvent) -> Option<Action> {
        keymap::applicable(self.bindings(), event, self.mode()).map(Action::from)
    }

    fn key_action_now_or_not(&self, event: &KeyEvent) -> Option<Action> {
        keymap::any(self.bindings(), event).map(Action::from)
    }

    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        self.mouse(area, event).map(Action::from)
    }

    fn hints(&self) -> Vec<Hint> {
        keymap::hints(self.bindings(), self.mode()).collect()
    }

    fn cursor(&self) -> Option<Cursor> {
        Some(Tab::cursor(self))
    }

    fn move_cursor(&mut self, direction: Direction) {
        Tab::move_cursor(self, direction);
    }

    fn dismiss(&mut self) {
        Tab::dismiss(self);
    }

    fn typed(&self, event: &KeyEvent) -> Option<Action> {
        Tab::typed(self, event).map(Action::from)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        Tab::render(self, area, buf, theme);
    }
}

/// Shown for the MNC tab before it is first opened (never for long).
struct Starting;

impl Page for Starting {
    fn key_action(&self, _: &KeyEvent) -> Option<Action> {
        None
    }
    fn key_action_now_or_not(&self, _: &KeyEvent) -> Option<Action> {
        None
    }
    fn mouse_action(&self, _: Rect, _: &MouseEvent) -> Option<Action> {
        None
    }
    fn hints(&self) -> Vec<Hint> {
        Vec::new()
    }
    fn cursor(&self) -> Option<Cursor> {
        None
    }
    fn move_cursor(&mut self, _: Direction) {}
    fn dismiss(&mut self) {}
    fn typed(&self, _: &KeyEvent) -> Option<Action> {
        None
    }
    fn render(&self, area: Rect, buf: &mut Buffer, _: &Theme) {
        put(
            buf,
            area.x,
            area.y,
            &Line::from("starting the engine…"),
            area.width,
        );
    }
}

/// Where the shell puts things; the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShellLayout {
    /// The clickable title of each tab, in `TabId::ALL` order.
    pub titles: [Rect; 3],
    pub body: Rect,
    pub footer: Rect,
}

const APP_NAME: &str = " noughts ";

/// The text of a tab's title in the bar: short ones when the full ones do
/// not all fit in `width` columns (each title stays whole and clickable).
fn title_text(tab: TabId, width: u16) -> String {
    let full = |tab: TabId| format!(" {} {} ", tab.index() + 1, tab.title());
    let needed: usize = APP_NAME.len()
        + TabId::ALL
            .iter()
            .map(|&t| full(t).chars().count() + 1)
            .sum::<usize>();
    if needed <= usize::from(width) {
        full(tab)
    } else {
        format!(" {} {} ", tab.index() + 1, tab.short_title())
    }
}

pub fn shell_layout(area: Rect) -> ShellLayout {
    let [top, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    let mut x = top.x.saturating_add(APP_NAME.len() as u16);
    let titles = TabId::ALL.map(|tab| {
        let width = title_text(tab, top.width).chars().count() as u16;
        let rect = Rect::new(x, top.y, width, top.height).intersection(top);
        x = x.saturating_add(width + 1);
        rect
    });
    ShellLayout {
        titles,
        body,
        footer,
    }
}

pub struct App {
    pub tab: TabId,
    pub show_help: bool,
    /// The first line of the help or the rules shown, when it is longer
    /// than the screen.
    pub overlay_scroll: usize,
    pub show_rules: bool,
    /// A question asked before quitting or before a key that would throw
    /// a match away; every key answers it.
    pub question: Option<Question>,
    pub running: bool,
    /// Asked to suspend (Ctrl-Z): the event loop does it and clears this.
    pub suspend_requested: bool,
    pub theme: Theme,
    pub tictactoe: TicTacToeTab,
    pub treblecross: TreblecrossTab,
    /// Made when the tab is first shown: its engine thread starts solving.
    pub mnc: Option<MncTab>,
    /// The data folder: the puzzles' levels and streaks, saved files
    /// (`None`: in memory only).
    pub(super) puzzle_folder: Option<std::path::PathBuf>,
    /// Whether quitting keeps the session (a state folder to keep it in):
    /// then nothing is at stake, and `q` quits without asking.
    pub keeps_session: bool,
    /// The path being typed for Ctrl-S or Ctrl-O.
    pub file_prompt: Option<super::files::FilePrompt>,
    /// Every symbol drawn in ASCII (the settings' `display = "ascii"`).
    pub ascii: bool,
    /// A one-line note over the footer until the next key (a settings
    /// file that did not read).
    pub notice: Option<String>,
    /// How the MNC tab starts when it is first shown: the human's side,
    /// the engine's strength, the hints.
    pub(super) mnc_start: (Side, Strength, bool),
}

impl App {
    pub fn new(theme: Theme) -> App {
        App {
            tab: TabId::TicTacToe,
            show_help: false,
            overlay_scroll: 0,
            show_rules: false,
            question: None,
            running: true,
            suspend_requested: false,
            theme,
            tictactoe: TicTacToeTab::new(),
            treblecross: TreblecrossTab::default(),
            mnc: None,
            puzzle_folder: None,
            ascii: false,
            notice: None,
            file_prompt: None,
            keeps_session: false,
            mnc_start: (Side::O, Strength::Perfect, false),
        }
    }

    /// The tab on screen.
    fn page(&self) -> &dyn Page {
        match self.tab {
            TabId::TicTacToe => &self.tictactoe,
            TabId::Treblecross => &self.treblecross,
            TabId::Mnc => match &self.mnc {
                Some(mnc) => mnc,
                None => &Starting,
            },
        }
    }

    fn page_mut(&mut self) -> &mut dyn Page {
        match self.tab {
            TabId::TicTacToe => &mut self.tictactoe,
            TabId::Treblecross => &mut self.treblecross,
            TabId::Mnc => self.mnc_tab(),
        }
    }

    /// Every key that works now: the tab's, then the app's.
    pub fn hints(&self) -> Vec<Hint> {
        let mut hints = self.page().hints();
        hints.extend(self.navigation().chain(GENERAL).map(Binding::hint));
        hints
    }

    /// The app's navigation keys that work on this tab (no cursor keys
    /// where there is no cursor, no up and down on a strip).
    fn navigation(&self) -> impl Iterator<Item = &'static Binding<Action>> {
        let cursor = self.page().cursor();
        NAVIGATION.iter().filter(move |b| match b.action {
            Action::Cursor(Direction::Up | Direction::Down) => cursor.is_some_and(|c| c.vertical),
            Action::Cursor(_) => cursor.is_some(),
            _ => true,
        })
    }

    /// Turns a terminal event into an action; `area` is the whole screen,
    /// as last drawn (clicks are placed by the same layout as drawing).
    pub fn action_for(&self, event: &Event, area: Rect) -> Option<Action> {
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => {
                let app_key = |table: &[Binding<Action>]| keymap::any(table, key);
                if self.file_prompt.is_some() {
                    // The path takes every key but Ctrl-C.
                    return match app_key(GENERAL) {
                        Some(Action::QuitNow) => Some(Action::QuitNow),
                        _ => Some(Action::FileKey(*key)),
                    };
                }
                if let Some(question) = &self.question {
                    // The question takes every key: y does it, n, q or Esc
                    // does not.
                    let yes = match question {
                        Question::Quit(_) => Action::QuitNow,
                        Question::Abandon { .. } => Action::Yes,
                    };
                    return match key.code {
                        KeyCode::Char('y' | 'Y') => Some(yes),
                        KeyCode::Char('n' | 'N' | 'q') | KeyCode::Esc => Some(Action::Dismiss),
                        _ => app_key(GENERAL).filter(|a| *a == Action::QuitNow),
                    };
                }
                if self.show_rules || self.show_help {
                    // The overlay takes every key; the arrows and pages
                    // scroll one longer than the screen.
                    match key.code {
                        KeyCode::Down | KeyCode::Char('j') => {
                            return Some(Action::ScrollOverlay(1))
                        }
                        KeyCode::Up | KeyCode::Char('k') => return Some(Action::ScrollOverlay(-1)),
                        KeyCode::PageDown | KeyCode::Char(' ') => {
                            return Some(Action::ScrollOverlay(10))
                        }
                        KeyCode::PageUp => return Some(Action::ScrollOverlay(-10)),
                        _ => {}
                    }
                }
                if self.show_rules {
                    // r, Esc and q close the rules.
                    return match app_key(GENERAL) {
                        Some(Action::ToggleRules | Action::Quit | Action::Dismiss) => {
                            Some(Action::ToggleRules)
                        }
                        Some(Action::QuitNow) => Some(Action::QuitNow),
                        _ => None,
                    };
                }
                if self.show_help {
                    // `?`, Esc and q close the help.
                    return match app_key(GENERAL) {
                        Some(Action::ToggleHelp | Action::Quit | Action::Dismiss) => {
                            Some(Action::ToggleHelp)
                        }
                        Some(Action::QuitNow) => Some(Action::QuitNow),
                        _ => None,
                    };
                }
                // Typing into a tab's prompt takes every key but Ctrl-C.
                let page = self.page();
                if let Some(action) = page.typed(key) {
                    return Some(action);
                }
                // The tab's keys that work now come first (Esc puts down a
                // picked-up piece), then the app's, then the tab's that do
                // not work now (the tab then says why).
                page.key_action(key)
                    .or_else(|| app_key(NAVIGATION))
                    .or_else(|| app_key(GENERAL))
                    .or_else(|| page.key_action_now_or_not(key))
            }
            Event::Mouse(mouse) => self.mouse_action(mouse, area),
            _ => None,
        }
    }

    fn mouse_action(&self, mouse: &MouseEvent, area: Rect) -> Option<Action> {
        let layout = shell_layout(area);
        let click = mouse.kind == MouseEventKind::Down(MouseButton::Left);
        if self.question.is_some() {
            // A click is no answer to a question: it keeps things as they are.
            return click.then_some(Action::Dismiss);
        }
        if self.file_prompt.is_some() {
            return None;
        }
        if self.show_help || self.show_rules {
            let close = if self.show_help {
                Action::ToggleHelp
            } else {
                Action::ToggleRules
            };
            return match mouse.kind {
                MouseEventKind::ScrollDown => Some(Action::ScrollOverlay(3)),
                MouseEventKind::ScrollUp => Some(Action::ScrollOverlay(-3)),
                _ => click.then_some(close),
            };
        }
        let at = Position::new(mouse.column, mouse.row);
        if mouse.kind == MouseEventKind::Down(MouseButton::Left) {
            if let Some(i) = layout.titles.iter().position(|r| r.contains(at)) {
                return Some(Action::SelectTab(TabId::ALL[i]));
            }
        }
        self.page().mouse_action(layout.body, mouse)
    }

    /// The one place where state changes.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Quit => match self.at_stake() {
                Some(what) if !self.keeps_session => self.question = Some(Question::Quit(what)),
                _ => self.running = false,
            },
            Action::QuitNow => self.running = false,
            Action::Yes => {
                if let Some(Question::Abandon { action, .. }) = self.question.take() {
                    self.apply(action);
                }
            }
            Action::Dismiss => {
                if self.question.is_some() {
                    self.question = None;
                } else if self.show_help {
                    self.show_help = false;
                } else if self.show_rules {
                    self.show_rules = false;
                } else {
                    self.page_mut().dismiss();
                }
            }
            Action::NextTab => self.select_tab(self.tab.next()),
            Action::PrevTab => self.select_tab(self.tab.prev()),
            Action::SelectTab(tab) => self.select_tab(tab),
            Action::ToggleHelp => {
                self.show_help = !self.show_help;
                self.overlay_scroll = 0;
            }
            Action::ScrollOverlay(by) => {
                self.overlay_scroll = self.overlay_scroll.saturating_add_signed(by);
            }
            Action::ToggleRules => {
                self.show_rules = !self.show_rules;
                self.overlay_scroll = 0;
            }
            Action::Suspend => self.suspend_requested = true,
            Action::SaveFile | Action::LoadFile | Action::FileKey(_) => self.file_action(action),
            Action::Cursor(direction) => self.page_mut().move_cursor(direction),
            Action::TicTacToe(_) | Action::Treblecross(_) | Action::Mnc(_) => {
                let question = match action {
                    Action::Treblecross(a) => self.treblecross.abandons(a),
                    Action::Mnc(a) => self.mnc_tab().abandons(a),
                    _ => None,
                };
                match question {
                    Some(question) => self.question = Some(Question::Abandon { question, action }),
                    None => self.apply(action),
                }
            }
        }
    }

    /// A tab's action, done (asked about first where it loses a match).
    fn apply(&mut self, action: Action) {
        match action {
            Action::TicTacToe(action) => self.tictactoe.update(action),
            Action::Treblecross(action) => self.treblecross.update(action),
            Action::Mnc(action) => self.mnc_tab().update(action),
            _ => self.update(action),
        }
    }

    pub(super) fn select_tab(&mut self, tab: TabId) {
        self.tab = tab;
        if tab == TabId::Mnc {
            self.mnc_tab();
        }
    }

    /// What quitting would lose, in any tab (a match left on another tab
    /// counts too).
    pub fn at_stake(&self) -> Option<&'static str> {
        let mnc = self.mnc.as_ref().and_then(|m| Tab::at_stake(m));
        mnc.or_else(|| Tab::at_stake(&self.treblecross))
    }

    /// Work between events: takes in results of background work.
    pub fn tick(&mut self) {
        Tab::tick(&mut self.treblecross);
        if let Some(mnc) = &mut self.mnc {
            Tab::tick(mnc);
        }
    }

    /// The MNC tab, made (and its engine started) on first use.
    pub fn mnc_tab(&mut self) -> &mut MncTab {
        let folder = &self.puzzle_folder;
        let (human, strength, hints) = self.mnc_start;
        self.mnc.get_or_insert_with(|| {
            let mut tab = MncTab::new(human, mnc::ENGINE_DELAY);
            tab.strength = strength;
            tab.set_hints(hints);
            if let Some(folder) = folder {
                tab.keep_puzzles_in(folder);
            }
            tab
        })
    }

    /// Applies an event (what the event loop does); a key also takes the
    /// notice away.
    pub fn handle(&mut self, event: &Event, area: Rect) {
        if matches!(event, Event::Key(_)) {
            self.notice = None;
        }
        if let Some(action) = self.action_for(event, area) {
            self.update(action);
        }
    }

    fn render_title_bar(&self, area: Rect, layout: &ShellLayout, buf: &mut Buffer) {
        let name = Line::styled(APP_NAME, self.theme.title());
        put(buf, area.x, area.y, &name, layout.titles[0].x - area.x);
        for (tab, rect) in TabId::ALL.iter().zip(layout.titles) {
            let style = if *tab == self.tab {
                self.theme.tab_selected()
            } else {
                self.theme.tab()
            };
            let title = Line::styled(title_text(*tab, area.width), style);
            put(buf, rect.x, rect.y, &title, rect.width);
        }
    }

    /// The notice over the footer, ending in `…` where it is cut.
    fn render_notice(&self, notice: &str, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.y == 0 {
            return;
        }
        let room = usize::from(area.width.saturating_sub(1));
        let mut text: String = notice.chars().take(room).collect();
        if notice.chars().count() > room {
            text.pop();
            text.push('…');
        }
        // Padded to the width: the footer under it does not show through.
        let line = Line::styled(format!(" {text:<room$}"), self.theme.bad());
        buf.set_style(area, self.theme.bad());
        put(buf, area.x, area.y, &line, area.width);
    }

    fn render_footer(&self, area: Rect, buf: &mut Buffer) {
        let page = self.page();
        let cursor = page.cursor().map(|c| (c.keys, c.word));
        let tab = page.hints().into_iter().filter_map(|h| h.footer_entry());
        let general: Vec<_> = GENERAL
            .iter()
            .filter_map(|b| b.hint().footer_entry())
            .collect();
        // `? help` and `q quit` always show: the tab's entries give way,
        // from the last, when the line is too short for all.
        let width = |entries: &[(&str, &str)]| -> usize {
            entries
                .iter()
                .map(|(keys, word)| keys.chars().count() + word.chars().count() + 3)
                .sum()
        };
        let mut entries: Vec<_> = cursor.into_iter().chain(tab).collect();
        // (The last entry's trailing space may fall off the edge.)
        let room = usize::from(area.width) + 1;
        while !entries.is_empty() && width(&entries) + width(&general) > room {
            entries.pop();
        }
        let mut spans = Vec::new();
        for (keys, word) in entries.into_iter().chain(general) {
            spans.push(Span::styled(format!(" {keys} "), self.theme.key()));
            spans.push(Span::styled(format!("{word} "), self.theme.dim()));
        }
        put(buf, area.x, area.y, &Line::from(spans), area.width);
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = shell_layout(area);
        self.render_title_bar(
            Rect::new(area.x, area.y, area.width, area.height.min(1)),
            &layout,
            buf,
        );
        self.page().render(layout.body, buf, &self.theme);
        if area.height >= 2 {
            self.render_footer(layout.footer, buf);
        }
        if self.show_rules {
            self.render_rules(area, buf);
        }
        if self.show_help {
            self.render_help(area, buf);
        }
        match &self.question {
            Some(Question::Quit(what)) => {
                let question = format!("{} is not over: quitting loses it.", capitalized(what));
                self.render_question(" Quit? ", &question, "quit", "stay", area, buf);
            }
            Some(Question::Abandon { question, .. }) => {
                self.render_question(" Sure? ", question, "yes", "no", area, buf);
            }
            None => {}
        }
        if let Some(prompt) = &self.file_prompt {
            prompt.render(area, buf, &self.theme);
        }
        if let Some(notice) = &self.notice {
            self.render_notice(notice, layout.footer, buf);
        }
        if self.ascii {
            super::ascii::to_ascii(buf, area);
        }
    }
}
