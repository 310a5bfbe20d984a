//! The app's state and its one update function. Terminal events become
//! [`Action`]s (through the keymap, or the layout for mouse clicks) and
//! every change of state goes through [`App::update`]; tests drive it with
//! no terminal.

use super::keymap;
use super::mnc::MncTab;
use super::theme::Theme;
use super::tictactoe::TicTacToeTab;
use super::treblecross::TreblecrossTab;
use crate::solver::mnc::{Move, Size};
use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TabId {
    TicTacToe,
    Treblecross,
    Mnc,
}

impl TabId {
    pub const ALL: [TabId; 3] = [TabId::TicTacToe, TabId::Treblecross, TabId::Mnc];

    pub fn title(self) -> &'static str {
        match self {
            TabId::TicTacToe => "Tic-tac-toe",
            TabId::Treblecross => "Treblecross",
            TabId::Mnc => "Noughts & Crosses+",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn next(self) -> TabId {
        TabId::ALL[(self.index() + 1) % 3]
    }

    fn prev(self) -> TabId {
        TabId::ALL[(self.index() + 2) % 3]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicTacToeAction {
    Move {
        rows: i8,
        cols: i8,
    },
    Cycle,
    SetX,
    SetO,
    SetEmpty,
    /// A click on a cell: the cursor goes there and the cell cycles.
    Click(usize),
    Undo,
    Redo,
    Clear,
    NextExample,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreblecrossAction {
    Move(isize),
    Home,
    End,
    Toggle,
    SetX,
    SetEmpty,
    /// A click on a cell: the cursor goes there and the cell toggles.
    Click(usize),
    Longer(usize),
    Shorter(usize),
    Clear,
    NextExample,
    Undo,
    Redo,
    ScrollGrundy(isize),
    /// Show the statistics of the Grundy values on screen (or the values).
    GrundyStats,
    /// Start a game against the engine with this player first (or stop one).
    Play(super::treblecross::Player),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MncAction {
    Move {
        rows: i8,
        cols: i8,
    },
    /// Space/Enter at the cursor: place or move what is selected there, or
    /// pick up your big piece there.
    Activate,
    /// A click on a cell: as Activate, there.
    Click(u8),
    /// Pick a piece from your hand (or click it).
    Hand(Size),
    /// Place a piece of this size from your hand at the cursor.
    PlaceHere(Size),
    /// Pick up your big piece under the cursor to move it.
    PickUp,
    Cancel,
    Undo,
    NewGame,
    SwapSides,
    ToggleHints,
    /// A whole move at once (tests, scripts).
    Play(Move),
    /// Analysis mode on or off (it starts from the match's position).
    ToggleAnalysis,
    /// Analysis: empty the cell under the cursor.
    SetupEmpty,
    /// Analysis: the other side is to move.
    SetupSide,
    /// Analysis: one small piece more or less in a side's hand.
    SetupHand(crate::solver::mnc::Side, i8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Quit,
    NextTab,
    PrevTab,
    SelectTab(TabId),
    ToggleHelp,
    TicTacToe(TicTacToeAction),
    Treblecross(TreblecrossAction),
    Mnc(MncAction),
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

/// The text of a tab's title in the bar.
fn title_text(tab: TabId) -> String {
    format!(" {} {} ", tab.index() + 1, tab.title())
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
        let width = title_text(tab).chars().count() as u16;
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
    pub running: bool,
    pub theme: Theme,
    pub tictactoe: TicTacToeTab,
    pub treblecross: TreblecrossTab,
    /// Made when the tab is first shown: its engine thread starts solving.
    pub mnc: Option<MncTab>,
}

impl App {
    pub fn new(theme: Theme) -> App {
        App {
            tab: TabId::TicTacToe,
            show_help: false,
            running: true,
            theme,
            tictactoe: TicTacToeTab::new(),
            treblecross: TreblecrossTab::default(),
            mnc: None,
        }
    }

    /// Turns a terminal event into an action; `area` is the whole screen,
    /// as last drawn (clicks are placed by the same layout as drawing).
    pub fn action_for(&self, event: &Event, area: Rect) -> Option<Action> {
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => {
                if self.show_help {
                    // The overlay takes every key; `?`, Esc and q close it.
                    return match keymap::action_for(self.tab, key) {
                        Some(Action::ToggleHelp | Action::Quit) => Some(Action::ToggleHelp),
                        _ => None,
                    };
                }
                // Esc first drops a piece picked up on the MNC board.
                let selecting = self.mnc.as_ref().is_some_and(|m| m.selection().is_some());
                if self.tab == TabId::Mnc && selecting && key.code == crossterm::event::KeyCode::Esc
                {
                    return Some(Action::Mnc(MncAction::Cancel));
                }
                keymap::action_for(self.tab, key)
            }
            Event::Mouse(mouse) => self.click(mouse, area),
            _ => None,
        }
    }

    fn click(&self, mouse: &MouseEvent, area: Rect) -> Option<Action> {
        let at = Position::new(mouse.column, mouse.row);
        let layout = shell_layout(area);
        let wheel = match mouse.kind {
            MouseEventKind::ScrollDown => Some(8),
            MouseEventKind::ScrollUp => Some(-8),
            _ => None,
        };
        if let Some(delta) = wheel {
            let over = !self.show_help
                && self.tab == TabId::Treblecross
                && self.treblecross.over_panel(layout.body, at);
            return over.then_some(Action::Treblecross(TreblecrossAction::ScrollGrundy(delta)));
        }
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        if self.show_help {
            return Some(Action::ToggleHelp);
        }
        if let Some(i) = layout.titles.iter().position(|r| r.contains(at)) {
            return Some(Action::SelectTab(TabId::ALL[i]));
        }
        match self.tab {
            TabId::TicTacToe => self
                .tictactoe
                .cell_at(layout.body, at)
                .map(|cell| Action::TicTacToe(TicTacToeAction::Click(cell))),
            TabId::Treblecross => self
                .treblecross
                .cell_at(layout.body, at)
                .map(|cell| Action::Treblecross(TreblecrossAction::Click(cell))),
            TabId::Mnc => {
                let mnc = self.mnc.as_ref()?;
                if let Some(size) = mnc.hand_at(layout.body, at) {
                    return Some(Action::Mnc(MncAction::Hand(size)));
                }
                mnc.cell_at(layout.body, at)
                    .map(|cell| Action::Mnc(MncAction::Click(cell)))
            }
        }
    }

    /// The one place where state changes.
    pub fn update(&mut self, action: Action) {
        if matches!(
            action,
            Action::NextTab | Action::PrevTab | Action::SelectTab(_)
        ) {
            self.switch_tab(action);
            return;
        }
        match action {
            Action::Quit => self.running = false,
            Action::NextTab | Action::PrevTab | Action::SelectTab(_) => {}
            Action::Mnc(action) => self.mnc_tab().update(action),
            Action::ToggleHelp => self.show_help = !self.show_help,
            Action::TicTacToe(action) => self.tictactoe.update(action),
            Action::Treblecross(action) => self.treblecross.update(action),
        }
    }

    fn switch_tab(&mut self, action: Action) {
        self.tab = match action {
            Action::NextTab => self.tab.next(),
            Action::PrevTab => self.tab.prev(),
            Action::SelectTab(tab) => tab,
            _ => self.tab,
        };
        if self.tab == TabId::Mnc {
            self.mnc_tab();
        }
    }

    /// Work between events: takes in results of background work.
    pub fn tick(&mut self) {
        self.treblecross.poll();
        if let Some(mnc) = &mut self.mnc {
            mnc.poll();
        }
    }

    /// The MNC tab, made (and its engine started) on first use.
    pub fn mnc_tab(&mut self) -> &mut MncTab {
        self.mnc.get_or_insert_with(MncTab::default)
    }

    /// Applies an event (what the event loop does).
    pub fn handle(&mut self, event: &Event, area: Rect) {
        if let Some(action) = self.action_for(event, area) {
            self.update(action);
        }
    }

    fn render_title_bar(&self, area: Rect, layout: &ShellLayout, buf: &mut Buffer) {
        Span::styled(APP_NAME, self.theme.title()).render(area, buf);
        for (tab, rect) in TabId::ALL.iter().zip(layout.titles) {
            let style = if *tab == self.tab {
                self.theme.tab_selected()
            } else {
                self.theme.tab()
            };
            Span::styled(title_text(*tab), style).render(rect, buf);
        }
    }

    fn render_footer(&self, area: Rect, buf: &mut Buffer) {
        let mut spans = Vec::new();
        match self.tab {
            TabId::TicTacToe => {
                spans.push(Span::styled(" ←↓↑→ ", self.theme.key()));
                spans.push(Span::styled("move ", self.theme.dim()));
            }
            TabId::Treblecross => {
                spans.push(Span::styled(" ←→ ", self.theme.key()));
                spans.push(Span::styled("move ", self.theme.dim()));
            }
            TabId::Mnc => {
                spans.push(Span::styled(" ←↓↑→ ", self.theme.key()));
                spans.push(Span::styled("cursor ", self.theme.dim()));
            }
        }
        for binding in keymap::bindings(self.tab).filter(|b| !b.footer.is_empty()) {
            // A footer entry may name its keys itself: "x/o/. set".
            let (label, word) = match binding.footer.split_once(' ') {
                Some((keys, word)) => (keys, word),
                None => (binding.label, binding.footer),
            };
            spans.push(Span::styled(format!(" {label} "), self.theme.key()));
            spans.push(Span::styled(format!("{word} "), self.theme.dim()));
        }
        Line::from(spans).render(area, buf);
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let bindings: Vec<_> = keymap::bindings(self.tab).collect();
        let entry_width = bindings
            .iter()
            .map(|b| b.help.chars().count() + 8)
            .max()
            .unwrap_or(20);
        // One column if it fits the screen, else two side by side.
        let rows_free = usize::from(area.height.saturating_sub(4));
        let columns = if bindings.len() <= rows_free { 1 } else { 2 };
        let rows = bindings.len().div_ceil(columns);
        let entry = |b: &keymap::Binding| {
            vec![
                Span::styled(format!("{:>6}  ", b.label), self.theme.key()),
                Span::raw(format!("{:<w$}", b.help, w = entry_width - 8)),
            ]
        };
        let mut lines: Vec<Line> = (0..rows)
            .map(|row| {
                let mut spans = entry(bindings[row]);
                if let Some(right) = bindings.get(row + rows).filter(|_| columns == 2) {
                    spans.push(Span::raw(" "));
                    spans.extend(entry(right));
                }
                Line::from(spans)
            })
            .collect();
        lines.push(Line::from(""));
        lines.push(Line::styled(
            "  ? or Esc closes this help",
            self.theme.dim(),
        ));
        let width = (entry_width * columns + columns + 2) as u16;
        let popup = centered(area, width, lines.len() as u16 + 2);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(
                Block::new()
                    .borders(Borders::ALL)
                    .title(format!(" Keys: {} ", self.tab.title())),
            )
            .render(popup, buf);
    }
}

/// A rectangle of at most `width`×`height` centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// Shown instead of a tab that does not fit.
pub fn render_too_small(area: Rect, buf: &mut Buffer, need: (u16, u16)) {
    let text = format!(
        "Enlarge the terminal: this tab needs {}×{}, it has {}×{}.",
        need.0, need.1, area.width, area.height
    );
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = shell_layout(area);
        self.render_title_bar(
            Rect::new(area.x, area.y, area.width, area.height.min(1)),
            &layout,
            buf,
        );
        match self.tab {
            TabId::TicTacToe => self.tictactoe.render(layout.body, buf, &self.theme),
            TabId::Treblecross => self.treblecross.render(layout.body, buf, &self.theme),
            TabId::Mnc => match &self.mnc {
                Some(mnc) => mnc.render(layout.body, buf, &self.theme),
                None => Paragraph::new("starting the engine…").render(layout.body, buf),
            },
        }
        if area.height >= 2 {
            self.render_footer(layout.footer, buf);
        }
        if self.show_help {
            self.render_help(area, buf);
        }
    }
}
