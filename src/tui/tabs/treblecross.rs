//! The Treblecross tab: edit a strip, see who wins, every winning cell, the
//! unsafe cells, the free segments with their Grundy values and the nim-sum,
//! and a panel to study the Grundy sequence.

use crate::notation::treblecross::{read_strip, LONGEST_EDITABLE};
use crate::notation::{InputError, Tokens};
use crate::solver::grundy::{find_period, stats, GrundyTable, HEAP_OF_SEGMENT};
use crate::solver::octal::{OctalGame, ValueTooLarge};
use crate::solver::treblecross::{
    analyze, longest_free_segment, safe_cells, Match, MatchError, Player, Strip, StripAnalysis,
};
use crate::tui::keymap::{ch, ctrl, key, Binding, Direction, When};
use crate::tui::tab::{Cursor, Tab};
use crate::tui::theme::Theme;
use crate::tui::widgets::render_too_small;
use crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Sparkline, Widget, Wrap};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The cursor this many cells right (left if negative).
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
    Play(Player),
}

/// Editing the strip (no game, or a game stopped).
const EDITING: When = When::mode(0);
/// A game against the engine, going on.
const PLAYING: When = When::mode(1);
/// A game against the engine, won by one side.
const GAME_OVER: When = When::mode(2);

/// The tab's keys (the cursor keys ← → are every tab's, in the app), in
/// the order of the footer: a short one drops the last first.
pub const BINDINGS: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::PageUp)],
        "PgUp",
        "cursor 50 cells left",
        Action::Move(-50),
    ),
    Binding::new(
        &[key(KeyCode::PageDown)],
        "PgDn",
        "cursor 50 cells right",
        Action::Move(50),
    ),
    Binding::new(&[key(KeyCode::Home)], "Home", "first cell", Action::Home),
    Binding::new(&[key(KeyCode::End)], "End", "last cell", Action::End),
    Binding::new(
        &[key(KeyCode::Char(' '))],
        "Space",
        "toggle X in the cell (or click it)",
        Action::Toggle,
    )
    .when(EDITING)
    .footer("toggle"),
    Binding::new(
        &[key(KeyCode::Char(' '))],
        "Space",
        "play your X in the cell (or click it)",
        Action::Toggle,
    )
    .when(PLAYING)
    .footer("play here"),
    Binding::new(
        &[ch('p')],
        "p",
        "play the engine, you first",
        Action::Play(Player::You),
    )
    .when(EDITING)
    .footer("play"),
    Binding::new(
        &[ch('P')],
        "P",
        "play the engine, engine first",
        Action::Play(Player::Engine),
    )
    .when(EDITING),
    Binding::new(
        &[ch('p'), ch('P')],
        "p",
        "stop the game: back to editing",
        Action::Play(Player::You),
    )
    .when(PLAYING.or(GAME_OVER))
    .footer("stop"),
    Binding::new(&[ch('x')], "x", "put X in the cell", Action::SetX).when(EDITING),
    Binding::new(
        &[ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)],
        ".",
        "empty the cell",
        Action::SetEmpty,
    )
    .when(EDITING),
    Binding::new(
        &[ch('+'), ch('=')],
        "+",
        "one cell longer",
        Action::Longer(1),
    )
    .when(EDITING)
    .footer_group("+/-", "length"),
    Binding::new(
        &[ch('-')],
        "-",
        "one cell shorter (down to 3)",
        Action::Shorter(1),
    )
    .when(EDITING),
    Binding::new(
        &[ch('>')],
        ">",
        "100 cells longer (up to 100,000)",
        Action::Longer(100),
    )
    .when(EDITING),
    Binding::new(&[ch('<')], "<", "100 cells shorter", Action::Shorter(100)).when(EDITING),
    Binding::new(&[ch('u')], "u", "undo", Action::Undo)
        .when(EDITING)
        .footer("undo"),
    Binding::new(
        &[ch('u')],
        "u",
        "take back your move and the engine's reply",
        Action::Undo,
    )
    .when(PLAYING.or(GAME_OVER))
    .footer("take back"),
    Binding::new(&[ctrl('r')], "C-r", "redo", Action::Redo).when(EDITING),
    Binding::new(&[ch('c')], "c", "clear the strip", Action::Clear)
        .when(EDITING)
        .footer("clear"),
    Binding::new(
        &[ch('e')],
        "e",
        "next example (the UVA sample strips)",
        Action::NextExample,
    )
    .when(EDITING)
    .footer("example"),
    Binding::new(
        &[ch('[')],
        "[",
        "Grundy panel: smaller L (or wheel)",
        Action::ScrollGrundy(-8),
    ),
    Binding::new(
        &[ch(']')],
        "]",
        "Grundy panel: larger L (or wheel)",
        Action::ScrollGrundy(8),
    )
    .footer_group("[/]", "G(L)"),
    Binding::new(
        &[ch('s')],
        "s",
        "Grundy panel: statistics / values",
        Action::GrundyStats,
    ),
];

pub const MIN_LENGTH: usize = Strip::MIN_LEN;
pub const MAX_LENGTH: usize = LONGEST_EDITABLE;
/// Smallest area the tab draws in.
pub const MIN_SIZE: (u16, u16) = (40, 18);
/// Rows of the Grundy panel at the bottom.
const PANEL_HEIGHT: u16 = 8;
/// Lengths the Grundy table holds past the panel's first one: wider than
/// any terminal, so drawing never computes a value.
const PANEL_SPAN: usize = 1024;

/// Longest free segment analysed at once on the UI thread: the table up to
/// here takes about 5 ms. Longer ones are built on a background thread
/// (an empty 100,000-cell strip needs about 0.8 s) while the tab shows
/// progress.
pub const SYNC_GRUNDY: usize = 5_000;

/// Grundy values being computed on a background thread.
struct TableJob {
    wanted: usize,
    known: Arc<AtomicUsize>,
    result: Receiver<Result<GrundyTable, ValueTooLarge>>,
}

/// The strips of `assets/`, shipped inside the binary (the UVA sample).
const EXAMPLES: &str = include_str!("../../../assets/treblecross/uva-sample.txt");

/// The strips of [`EXAMPLES`] (tests/assets.rs checks that they parse).
pub fn examples() -> Result<Vec<Strip>, InputError> {
    let mut tokens = Tokens::new(EXAMPLES);
    let count = tokens.expect_count("the number of strips")?;
    (0..count)
        .map(|i| read_strip(&tokens.expect(&format!("strip {}", i + 1))?))
        .collect()
}

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreblecrossLayout {
    pub ruler: Rect,
    /// One column per cell, for the visible window of the strip.
    pub strip: Rect,
    pub segments: Rect,
    pub info: Rect,
    pub panel: Rect,
}

/// `None` when the area is smaller than [`MIN_SIZE`].
pub fn layout(area: Rect) -> Option<TreblecrossLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let inner = Rect::new(area.x + 1, area.y, area.width - 2, area.height);
    let row = |dy: u16, h: u16| Rect::new(inner.x, inner.y + dy, inner.width, h);
    let panel = Rect::new(
        area.x,
        area.bottom() - PANEL_HEIGHT,
        area.width,
        PANEL_HEIGHT,
    );
    let info_top = 5;
    Some(TreblecrossLayout {
        ruler: row(1, 1),
        strip: row(2, 1),
        segments: row(3, 2),
        info: row(info_top, panel.y - inner.y - info_top),
        panel,
    })
}

/// The first cell shown when the strip window is `width` cells wide: the
/// window moves a page at a time so that the cursor is always on it.
pub fn window_start(cursor: usize, width: usize) -> usize {
    cursor.checked_div(width).map_or(0, |page| page * width)
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Edit {
    /// Toggling a cell is its own inverse.
    Toggle(usize),
    /// Anything else: the whole strip before it.
    Replace(Strip),
}

pub struct TreblecrossTab {
    strip: Strip,
    /// A game against the engine, when one is being played: it holds the
    /// strip while it lasts.
    game: Option<Match>,
    /// A one-line answer to the last action (why it was refused, …).
    message: Option<String>,
    cursor: usize,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    table: GrundyTable,
    /// `None` while the Grundy values it needs are being computed.
    analysis: Option<StripAnalysis>,
    /// Which cells are safe, recomputed with the analysis (not per frame).
    safe: Vec<bool>,
    job: Option<TableJob>,
    examples: Result<Vec<Strip>, InputError>,
    next_example: usize,
    /// First length shown in the Grundy panel.
    grundy_start: usize,
    /// The panel shows the statistics of its range instead of the values.
    grundy_stats: bool,
}

impl Default for TreblecrossTab {
    fn default() -> Self {
        Self::with_strip(Strip::empty(12))
    }
}

impl Tab for TreblecrossTab {
    type Action = Action;

    fn bindings(&self) -> &'static [Binding<Action>] {
        BINDINGS
    }

    fn mode(&self) -> When {
        match &self.game {
            None => EDITING,
            Some(game) if game.is_on() => PLAYING,
            Some(_) => GAME_OVER,
        }
    }

    fn update(&mut self, action: Action) {
        use Action as A;
        let last = self.strip().len() - 1;
        if self.game.is_some() {
            match action {
                A::Toggle | A::SetX => return self.play_at(self.cursor),
                A::Click(cell) if cell <= last => {
                    self.cursor = cell;
                    return self.play_at(cell);
                }
                A::Undo => return self.undo_in_game(),
                A::Play(first) => return self.toggle_game(first),
                A::SetEmpty
                | A::Longer(_)
                | A::Shorter(_)
                | A::Clear
                | A::NextExample
                | A::Redo => {
                    self.message = Some("a game is on: p stops it, then edit".into());
                    return;
                }
                A::Move(_)
                | A::Home
                | A::End
                | A::Click(_)
                | A::ScrollGrundy(_)
                | A::GrundyStats => {}
            }
        }
        self.message = None;
        match action {
            A::Play(first) => self.toggle_game(first),
            A::Move(delta) => {
                self.cursor = self.cursor.saturating_add_signed(delta).min(last);
            }
            A::Home => self.cursor = 0,
            A::End => self.cursor = last,
            A::Toggle => self.edit(Edit::Toggle(self.cursor)),
            A::Click(cell) if cell <= last => {
                self.cursor = cell;
                self.edit(Edit::Toggle(cell));
            }
            A::Click(_) => {}
            A::SetX if !self.strip[self.cursor] => self.edit(Edit::Toggle(self.cursor)),
            A::SetEmpty if self.strip[self.cursor] => self.edit(Edit::Toggle(self.cursor)),
            A::SetX | A::SetEmpty => {}
            A::Longer(n) => self.resize(self.strip.len().saturating_add(n)),
            A::Shorter(n) => self.resize(self.strip.len().saturating_sub(n)),
            A::Clear => {
                if self.strip.has_x() {
                    self.edit(Edit::Replace(Strip::empty(self.strip.len())));
                }
            }
            A::NextExample => self.next_example(),
            A::Undo => {
                if let Some(edit) = self.undo.pop() {
                    let inverse = self.apply(edit);
                    self.redo.push(inverse);
                }
            }
            A::Redo => {
                if let Some(edit) = self.redo.pop() {
                    let inverse = self.apply(edit);
                    self.undo.push(inverse);
                }
            }
            A::ScrollGrundy(delta) => {
                // The panel shows values already known, or cheap to know.
                let limit = self.table.len().max(SYNC_GRUNDY);
                self.grundy_start = self.grundy_start.saturating_add_signed(delta).min(limit);
                if let Err(e) = self.table.extend_to(self.grundy_start + PANEL_SPAN) {
                    self.message = Some(e.to_string());
                }
            }
            A::GrundyStats => self.grundy_stats = !self.grundy_stats,
        }
    }

    fn cursor(&self) -> Cursor {
        Cursor {
            keys: "←→",
            word: "move",
            vertical: false,
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        match direction {
            Direction::Left => self.update(Action::Move(-1)),
            Direction::Right => self.update(Action::Move(1)),
            Direction::Up | Direction::Down => {}
        }
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        self.mouse_action(area, event)
    }

    fn tick(&mut self) {
        self.poll();
    }

    fn at_stake(&self) -> Option<&'static str> {
        let game = self.game.as_ref()?;
        let you_moved = game.moves.iter().any(|(p, _)| *p == Player::You);
        (game.is_on() && you_moved).then_some("the Treblecross game")
    }

    fn dismiss(&mut self) {
        self.message = None;
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        let width = layout.strip.width as usize;
        let start = window_start(self.cursor, width);
        let end = (start + width).min(self.strip().len());
        self.render_ruler(layout.ruler, start, end, buf, theme);
        self.render_strip(layout.strip, start, end, buf, theme);
        self.render_segments(layout.segments, start, end, buf, theme);
        self.render_info(layout.info, start, end, buf, theme);
        self.render_panel(layout.panel, buf, theme);
    }
}

/// A refused game move in words.
fn match_error_words(error: MatchError) -> String {
    match error {
        MatchError::AlreadyOver => "the strip already has three in a row: edit it first".into(),
        MatchError::GameOver => "the game is over: p starts a new one".into(),
        MatchError::NotYourTurn => "wait: it is the engine's move".into(),
        MatchError::Taken(cell) => format!("cell {} already holds an X", cell + 1),
        MatchError::NothingToTakeBack => "nothing of yours to take back".into(),
        MatchError::Full => "the strip is full".into(),
        MatchError::TooLarge(e) => e.to_string(),
    }
}

impl TreblecrossTab {
    /// A tab on this strip (lengths are clamped to 3..=100,000 cells).
    pub fn with_strip(mut strip: Strip) -> TreblecrossTab {
        strip.resize(strip.len().clamp(MIN_LENGTH, MAX_LENGTH));
        let mut message = None;
        // G(0 … PANEL_SPAN) fit in u16 whatever happens: G(L) <= L.
        let table = GrundyTable::with_len(PANEL_SPAN).unwrap_or_else(|e| {
            message = Some(e.to_string());
            GrundyTable::default()
        });
        let mut tab = TreblecrossTab {
            strip,
            game: None,
            message,
            cursor: 0,
            undo: Vec::new(),
            redo: Vec::new(),
            table,
            analysis: None,
            safe: Vec::new(),
            job: None,
            examples: examples(),
            next_example: 0,
            grundy_start: 0,
            grundy_stats: false,
        };
        tab.reanalyze();
        tab
    }

    /// The strip on screen: the game's while a game is on.
    pub fn strip(&self) -> &Strip {
        self.game.as_ref().map_or(&self.strip, |g| &g.strip)
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The analysis of the strip, or `None` while its Grundy values are
    /// being computed (see [`TreblecrossTab::computing`]).
    pub fn analysis(&self) -> Option<&StripAnalysis> {
        self.analysis.as_ref()
    }

    /// Values known so far and values wanted, while computing.
    pub fn computing(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|job| (job.known.load(Relaxed), job.wanted))
    }

    /// Takes in Grundy values finished on the background thread; true if
    /// something changed (the event loop calls it on every tick).
    pub fn poll(&mut self) -> bool {
        let Some(job) = &self.job else { return false };
        match job.result.try_recv() {
            Ok(Ok(table)) => {
                if table.len() > self.table.len() {
                    self.table = table;
                }
                self.job = None;
                self.reanalyze();
                true
            }
            Ok(Err(e)) => {
                self.job = None;
                self.message = Some(e.to_string());
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.message = Some("the Grundy values could not be computed".into());
                true
            }
        }
    }

    fn start_job(&mut self, wanted: usize) {
        let mut table = self.table.clone();
        let known = Arc::new(AtomicUsize::new(table.len()));
        let (send, result) = channel();
        let progress = Arc::clone(&known);
        std::thread::spawn(move || {
            let done = table.extend_with_progress(wanted, |n| progress.store(n, Relaxed));
            // The tab may have gone: then nobody wants the table.
            let _ = send.send(done.map(|()| table));
        });
        self.job = Some(TableJob {
            wanted,
            known,
            result,
        });
    }

    pub fn grundy_start(&self) -> usize {
        self.grundy_start
    }

    pub fn game(&self) -> Option<&Match> {
        self.game.as_ref()
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Starts a game on the current strip, or stops the one going on (the
    /// strip keeps its moves).
    fn toggle_game(&mut self, first: Player) {
        if let Some(game) = self.game.take() {
            self.strip = game.strip;
            self.message = Some("game stopped: the strip is yours to edit".into());
            return;
        }
        if self.analysis.is_none() {
            self.message = Some("wait for the Grundy values, then play".into());
            return;
        }
        match Match::new(self.strip.clone(), first) {
            Ok(game) => {
                self.game = Some(game);
                self.message = None;
                if first == Player::Engine {
                    self.engine_reply();
                }
            }
            Err(e) => self.message = Some(match_error_words(e)),
        }
    }

    fn engine_reply(&mut self) {
        let Some(game) = &mut self.game else { return };
        if let Err(e) = game.engine_plays(&mut self.table) {
            self.message = Some(match_error_words(e));
        }
        self.reanalyze();
    }

    /// Your move in a game: an X on an empty cell, then the engine's reply.
    fn play_at(&mut self, cell: usize) {
        let Some(game) = &mut self.game else { return };
        match game.play(Player::You, cell) {
            Ok(()) => {
                self.message = None;
                let engine_to_move = game.is_on();
                self.reanalyze();
                if engine_to_move {
                    self.engine_reply();
                }
            }
            Err(e) => self.message = Some(match_error_words(e)),
        }
    }

    /// Takes back your last move and the engine's reply to it.
    fn undo_in_game(&mut self) {
        let Some(game) = &mut self.game else { return };
        match game.take_back() {
            Ok(()) => {
                self.message = None;
                self.reanalyze();
            }
            Err(e) => self.message = Some(match_error_words(e)),
        }
    }

    /// Recomputes the analysis: once per edit, O(n) once the Grundy table
    /// reaches the longest free segment; a table that must grow far is
    /// built on a background thread and the analysis waits for it.
    fn reanalyze(&mut self) {
        let strip = self.game.as_ref().map_or(&self.strip, |g| &g.strip);
        self.cursor = self.cursor.min(strip.len() - 1);
        self.safe = safe_cells(strip);
        let wanted = longest_free_segment(strip) + 1;
        if wanted <= self.table.len() || wanted <= SYNC_GRUNDY {
            match analyze(strip, &mut self.table) {
                Ok(analysis) => self.analysis = Some(analysis),
                Err(e) => {
                    self.analysis = None;
                    self.message = Some(e.to_string());
                }
            }
        } else {
            self.analysis = None;
            if self.job.as_ref().is_none_or(|job| job.wanted < wanted) {
                self.start_job(wanted);
            }
        }
    }

    fn apply(&mut self, edit: Edit) -> Edit {
        let inverse = match edit {
            Edit::Toggle(i) => {
                self.strip.toggle(i);
                Edit::Toggle(i)
            }
            Edit::Replace(strip) => Edit::Replace(std::mem::replace(&mut self.strip, strip)),
        };
        self.reanalyze();
        inverse
    }

    fn edit(&mut self, edit: Edit) {
        let inverse = self.apply(edit);
        self.undo.push(inverse);
        self.redo.clear();
    }

    fn resize(&mut self, len: usize) {
        let len = len.clamp(MIN_LENGTH, MAX_LENGTH);
        if len != self.strip.len() {
            let mut strip = self.strip.clone();
            strip.resize(len);
            self.edit(Edit::Replace(strip));
        }
    }

    fn next_example(&mut self) {
        match &self.examples {
            Ok(examples) if !examples.is_empty() => {
                let example = examples[self.next_example % examples.len()].clone();
                self.next_example = (self.next_example + 1) % examples.len();
                self.cursor = 0;
                self.edit(Edit::Replace(example));
            }
            Ok(_) => self.message = Some("assets/ holds no example strip".into()),
            Err(e) => self.message = Some(format!("the examples in assets/ do not parse: {e}")),
        }
    }

    /// Whether the Grundy panel shows statistics.
    pub fn showing_grundy_stats(&self) -> bool {
        self.grundy_stats
    }

    /// The strip cell under a screen position, by the same layout and
    /// window as drawing.
    pub fn cell_at(&self, area: Rect, at: Position) -> Option<usize> {
        let strip = layout(area)?.strip;
        if !strip.contains(at) {
            return None;
        }
        let start = window_start(self.cursor, strip.width as usize);
        let cell = start + usize::from(at.x - strip.x);
        (cell < self.strip().len()).then_some(cell)
    }

    /// Whether a screen position is over the Grundy panel (mouse wheel).
    pub fn over_panel(&self, area: Rect, at: Position) -> bool {
        layout(area).is_some_and(|l| l.panel.contains(at))
    }

    /// The action a mouse event asks for: a click on a cell, the wheel
    /// over the Grundy panel.
    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        let at = Position::new(event.column, event.row);
        match event.kind {
            MouseEventKind::ScrollDown if self.over_panel(area, at) => {
                Some(Action::ScrollGrundy(8))
            }
            MouseEventKind::ScrollUp if self.over_panel(area, at) => Some(Action::ScrollGrundy(-8)),
            MouseEventKind::Down(MouseButton::Left) => self.cell_at(area, at).map(Action::Click),
            _ => None,
        }
    }

    fn render_ruler(&self, area: Rect, start: usize, end: usize, buf: &mut Buffer, theme: &Theme) {
        // 1-based cell numbers above every tenth cell (and the first).
        let mut x = 0;
        for cell in start..end {
            let number = cell + 1;
            let label = number.to_string();
            let col = (cell - start) as u16;
            if (number % 10 == 0 || cell == start)
                && col >= x
                && col + label.len() as u16 <= area.width
            {
                buf.set_string(area.x + col, area.y, &label, theme.dim());
                x = col + label.len() as u16 + 1;
            }
        }
    }

    /// Whether a game is on and not over: the analysis is then hidden.
    fn playing(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.winner.is_none())
    }

    fn render_strip(&self, area: Rect, start: usize, end: usize, buf: &mut Buffer, theme: &Theme) {
        let safe = &self.safe;
        let winning = match &self.analysis {
            Some(analysis) if !self.playing() => analysis.winning_cells(),
            _ => &[],
        };
        let engine_cells: Vec<usize> = self
            .game
            .iter()
            .flat_map(|g| g.moves.iter())
            .filter(|(p, _)| *p == Player::Engine)
            .map(|(_, c)| *c)
            .collect();
        for cell in start..end {
            let (symbol, style) = if self.strip()[cell] && engine_cells.contains(&cell) {
                // The engine's Xs in their own colour, its last one underlined.
                let last = engine_cells.last() == Some(&cell);
                let style = theme.mark_o();
                (
                    "X",
                    if last {
                        style.patch(theme.best())
                    } else {
                        style
                    },
                )
            } else if self.strip()[cell] {
                ("X", theme.mark_x())
            } else if winning.binary_search(&cell).is_ok() {
                ("★", theme.win().patch(theme.best()))
            } else if safe[cell] {
                ("·", Style::new())
            } else {
                ("×", theme.dim())
            };
            let style = if cell == self.cursor {
                style.patch(theme.cursor())
            } else {
                style
            };
            buf[(area.x + (cell - start) as u16, area.y)]
                .set_symbol(symbol)
                .set_style(style);
        }
    }

    fn segments(&self) -> &[crate::solver::treblecross::FreeSegment] {
        match &self.analysis {
            Some(StripAnalysis::Segments { segments, .. }) => segments,
            _ => &[],
        }
    }

    fn render_segments(
        &self,
        area: Rect,
        start: usize,
        end: usize,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        // Labels go left to right and never overwrite one another.
        let mut free_from = 0u16;
        for segment in self.segments() {
            let (first, last) = (segment.start, segment.start + segment.len - 1);
            if last < start || first >= end {
                continue;
            }
            let (from, to) = (first.max(start), last.min(end - 1));
            for cell in from..=to {
                let symbol = match (cell == first, cell == last) {
                    (true, true) => "╨",
                    (true, false) => "└",
                    (false, true) => "┘",
                    _ => "─",
                };
                buf[(area.x + (cell - start) as u16, area.y)]
                    .set_symbol(symbol)
                    .set_style(theme.dim());
            }
            let label = format!("L={} G={}", segment.len, segment.grundy);
            let col = (from - start) as u16;
            if area.height > 1 && col >= free_from && col + label.len() as u16 <= area.width {
                buf.set_string(area.x + col, area.y + 1, &label, theme.key());
                free_from = col + label.len() as u16 + 1;
            }
        }
    }

    fn render_info(&self, area: Rect, start: usize, end: usize, buf: &mut Buffer, theme: &Theme) {
        let n = self.strip().len();
        let mut lines = vec![Line::from(vec![
            Span::styled(format!("cells {}–{} of {n}", start + 1, end), theme.dim()),
            Span::styled(format!("   cursor at {}", self.cursor + 1), theme.dim()),
            Span::styled("   ★ winning  · safe  × unsafe", theme.dim()),
        ])];
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.key()));
        }
        if let Some(game) = &self.game {
            let started = match game.moves.first() {
                Some((Player::Engine, _)) => "the engine started",
                _ => "you started",
            };
            let banner = match (game.winner, game.to_move) {
                (Some(Player::You), _) => Span::styled(
                    "GAME OVER: you win, three in a row!  (p: back to editing)",
                    theme.good(),
                ),
                (Some(Player::Engine), _) => Span::styled(
                    "GAME OVER: the engine wins, three in a row.  (u: take back, p: back to editing)",
                    theme.bad(),
                ),
                (None, Player::You) => Span::styled(
                    format!("Playing the engine ({started}): your move. Space or click places an X."),
                    theme.key(),
                ),
                (None, Player::Engine) => Span::styled("Playing the engine: its move", theme.key()),
            };
            lines.push(Line::from(banner));
            if game.winner.is_none() {
                lines.push(Line::styled(
                    "(the analysis is hidden while you play; p stops the game)",
                    theme.dim(),
                ));
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .render(area, buf);
                return;
            }
        }
        let cells = |cells: &[usize]| -> String {
            const SHOWN: usize = 24;
            let mut text: Vec<String> = cells
                .iter()
                .take(SHOWN)
                .map(|c| (c + 1).to_string())
                .collect();
            if cells.len() > SHOWN {
                text.push(format!("… ({} in all)", cells.len()));
            }
            text.join(" ")
        };
        let Some(analysis) = &self.analysis else {
            let (known, wanted) = self.computing().unwrap_or_default();
            lines.push(Line::styled(
                format!(
                    "computing the Grundy values up to L = {}: {known} known ({}%)…",
                    wanted.saturating_sub(1),
                    known * 100 / wanted.max(1)
                ),
                theme.key(),
            ));
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .render(area, buf);
            return;
        };
        match analysis {
            StripAnalysis::Finished { run_start } => {
                lines.push(Line::styled(
                    format!(
                        "Three X in a row at {}–{}: the game is over, the player who made it won.",
                        run_start + 1,
                        run_start + 3
                    ),
                    theme.bad(),
                ));
            }
            StripAnalysis::ImmediateWin { cells: win } => {
                lines.push(Line::from(vec![
                    Span::styled("WINNING", theme.good()),
                    Span::raw(" at once: the player to move completes three at "),
                    Span::styled(cells(win), theme.win().patch(theme.best())),
                ]));
            }
            StripAnalysis::Segments {
                segments,
                nim_sum,
                winning_cells,
            } => {
                let verdict = if *nim_sum != 0 {
                    Span::styled("WINNING", theme.good())
                } else {
                    Span::styled("LOSING", theme.bad())
                };
                lines.push(Line::from(vec![
                    verdict.clone(),
                    Span::raw(" for the player to move"),
                ]));
                lines.push(Line::from(vec![
                    Span::raw(nim_sum_text(segments, *nim_sum)),
                    Span::raw(" → "),
                    verdict,
                ]));
                if !winning_cells.is_empty() {
                    lines.push(Line::from(vec![
                        Span::raw("winning cells: "),
                        Span::styled(cells(winning_cells), theme.win().patch(theme.best())),
                    ]));
                } else {
                    lines.push(Line::styled(
                        "every move loses against perfect play",
                        theme.dim(),
                    ));
                }
            }
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    fn render_panel(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let block = Block::new()
            .borders(Borders::TOP)
            .border_style(theme.border())
            .title(Span::styled(
                " Grundy values G(L) of free segments  ([ ] or wheel: scroll; ▲ in use; s: statistics) ",
                theme.dim(),
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.height < 4 {
            return;
        }
        let count = inner.width as usize;
        let first = self.grundy_start;
        let values: Vec<u64> = (first..first + count)
            .map(|l| u64::from(self.grundy(l)))
            .collect();
        let in_use: Vec<usize> = self.segments().iter().map(|s| s.len).collect();
        // The plot: one bar per length.
        let plot = Rect::new(inner.x, inner.y, inner.width, inner.height - 3);
        Sparkline::default()
            .data(&values)
            .style(theme.key())
            .render(plot, buf);
        // Under it: ▲ under lengths in use, and a ruler of lengths.
        let marks = inner.y + inner.height - 3;
        for (i, l) in (first..first + count).enumerate() {
            if in_use.contains(&l) {
                buf[(inner.x + i as u16, marks)]
                    .set_symbol("▲")
                    .set_style(theme.good());
            }
        }
        let mut x = 0u16;
        for (i, l) in (first..first + count).enumerate() {
            let label = format!("{l}");
            let col = i as u16;
            if l % 10 == 0 && col >= x && col + label.len() as u16 <= inner.width {
                buf.set_string(inner.x + col, marks + 1, &label, theme.dim());
                x = col + label.len() as u16 + 1;
            }
        }
        if self.grundy_stats {
            let [range, prefix] = grundy_stats_lines(&self.table, first, count);
            let line = Rect::new(inner.x, marks + 2, inner.width, 1);
            Line::from(vec![Span::styled(range, theme.best())]).render(line, buf);
            // The ruler gives way to the second line: the period check.
            let ruler = Rect::new(inner.x, marks + 1, inner.width, 1);
            for x in ruler.left()..ruler.right() {
                buf[(x, ruler.y)].set_symbol(" ");
            }
            Line::from(vec![Span::styled(prefix, theme.dim())]).render(ruler, buf);
            return;
        }
        // The table: the lengths in use first, then the lengths on screen
        // (those in use underlined), as L:G(L).
        let mut used = in_use.clone();
        used.sort_unstable();
        used.dedup();
        let mut spans = vec![Span::styled("in use ", theme.dim())];
        for &l in used.iter().take(8) {
            spans.push(Span::styled(
                format!("{l}:{} ", self.grundy(l)),
                theme.best(),
            ));
        }
        if used.is_empty() {
            spans.push(Span::styled("none ", theme.dim()));
        }
        spans.push(Span::styled("│ from ", theme.dim()));
        for l in first..first + 20 {
            let style = if in_use.contains(&l) {
                theme.best()
            } else {
                Style::new()
            };
            spans.push(Span::styled(format!("{l}:{} ", self.grundy(l)), style));
        }
        Line::from(spans).render(Rect::new(inner.x, marks + 2, inner.width, 1), buf);
    }

    /// G(l) from the tab's table, which `update` keeps ahead of the panel.
    fn grundy(&self, l: usize) -> u16 {
        self.table.values().get(l).copied().unwrap_or_default()
    }
}

/// The panel's statistics: of the `count` lengths from `first` (as
/// `noughts grundy --stats` gives them), and the period check of G(0) up to
/// the last of them.
pub fn grundy_stats_lines(table: &GrundyTable, first: usize, count: usize) -> [String; 2] {
    let end = (first + count).min(table.len());
    let first = first.min(end);
    let Some(last) = end.checked_sub(1) else {
        return [String::new(), String::new()];
    };
    let s = stats(&table.values()[first..end]);
    let rare = if s.split.rare == 0 {
        "none rare".to_string()
    } else {
        format!(
            "{} rare, last at L={}",
            s.split.rare,
            first + s.split.last_rare
        )
    };
    let range = format!(
        "L {first}…{last}: largest {} at L={} · {} distinct · mask {:#x}: {rare}",
        s.largest,
        first + s.first_largest_at,
        s.distinct,
        s.split.mask,
    );
    let heaps = &table.heap_values()[..end + HEAP_OF_SEGMENT];
    let prefix = match find_period(heaps, OctalGame::treblecross().largest_take()) {
        Some(p) => format!(
            "G(0…{last}): period {} from L={}",
            p.period,
            p.preperiod.saturating_sub(HEAP_OF_SEGMENT)
        ),
        None => format!("G(0…{last}): no period up to L={last} (Guy–Smith check)"),
    };
    [range, prefix]
}

/// `G(3) ⊕ G(12) = 1 ⊕ 4 = 5`, shortened when there are many segments.
pub fn nim_sum_text(segments: &[crate::solver::treblecross::FreeSegment], nim_sum: u16) -> String {
    const SHOWN: usize = 8;
    if segments.is_empty() {
        return "no free segment: nim-sum 0".into();
    }
    let more = if segments.len() > SHOWN {
        " ⊕ …"
    } else {
        ""
    };
    let lengths: Vec<String> = segments
        .iter()
        .take(SHOWN)
        .map(|s| format!("G({})", s.len))
        .collect();
    let values: Vec<String> = segments
        .iter()
        .take(SHOWN)
        .map(|s| s.grundy.to_string())
        .collect();
    format!(
        "{}{more} = {}{more} = {nim_sum}",
        lengths.join(" ⊕ "),
        values.join(" ⊕ ")
    )
}
