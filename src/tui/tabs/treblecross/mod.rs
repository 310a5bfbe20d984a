//! The Treblecross tab: edit a strip (cells 1 to 3 columns wide), see who
//! wins, every winning cell, the free segments with their Grundy values and
//! the nim-sum, and what playing the cell under the cursor would do; play
//! the engine with a move list, review and the perfect line; study the
//! Grundy sequence, of Treblecross or of any octal game, in the panel.

mod history;
mod panel;
mod view;

pub use history::{Edit, History, BUDGET as HISTORY_BUDGET};
pub use panel::{stats_lines, Panel, PanelMode, PLOT_FIRST, PLOT_MOST};
pub use view::{cursor_words, layout, nim_sum_text, window_start, TreblecrossLayout};

use crate::notation::treblecross::{read_strip, LONGEST_EDITABLE};
use crate::notation::{InputError, Tokens};
use crate::solver::grundy::GrundyTable;
use crate::solver::octal::{OctalGame, ValueTooLarge};
use crate::solver::search::Mistake;
use crate::solver::treblecross::{
    analyze, longest_free_segment, perfect_line, safe_cells, strip_value, three_in_a_row, Match,
    MatchError, Player, Strip, StripAnalysis, StripValue,
};
use crate::tui::keymap::{ch, ctrl, key, Binding, Direction, When};
use crate::tui::tab::{Cursor, Tab};
use crate::tui::theme::Theme;
use crate::tui::widgets::render_too_small;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
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
    /// Cells 1, 2 or 3 columns wide (the widest that fits, then 3, 2, 1).
    Zoom,
    ScrollGrundy(isize),
    /// The Grundy panel's next view: values, statistics, plot.
    GrundyStats,
    /// The Grundy panel: type another octal game's code.
    OtherGame,
    /// A key typed into the panel's prompt.
    Prompt(PromptKey),
    /// Start a game against the engine with this player first (or stop one).
    Play(Player),
    /// During a game: show or hide the analysis.
    ShowAnalysis,
    /// Review: the position before the one shown (a step back along the
    /// perfect line when it is shown).
    Back,
    Forward,
    /// The perfect line from the strip shown, on or off.
    PerfectLine,
    /// Go on from the position shown: in a game, the later moves go; on a
    /// perfect line from the editor, the strip becomes the one shown.
    ContinueHere,
    /// Back from a review or a line to the strip as it stands.
    BackToLive,
}

/// A key typed into the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKey {
    Char(char),
    Backspace,
    Enter,
    Cancel,
}

/// Editing the strip (no game, or a game stopped).
const EDITING: When = When::mode(0);
/// A game against the engine, going on.
const PLAYING: When = When::mode(1);
/// A game against the engine, won by one side.
const GAME_OVER: When = When::mode(2);
/// An earlier position of the game, or a step along the perfect line.
const REVIEWING: When = When::mode(3);
/// Typing a game code into the panel's prompt.
const TYPING: When = When::mode(4);
const GAME: When = PLAYING.or(GAME_OVER);
const NOT_TYPING: When = EDITING.or(GAME).or(REVIEWING);

/// The tab's keys (the cursor keys ← → are every tab's, in the app), in
/// the order of the footer: a short one drops the last first.
pub const BINDINGS: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::Enter)],
        "Enter",
        "show that game's values",
        Action::Prompt(PromptKey::Enter),
    )
    .when(TYPING)
    .footer("show"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "cancel",
        Action::Prompt(PromptKey::Cancel),
    )
    .when(TYPING)
    .footer("cancel"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "back to the strip as it stands",
        Action::BackToLive,
    )
    .when(REVIEWING)
    .footer("back"),
    Binding::new(
        &[key(KeyCode::PageUp)],
        "PgUp",
        "cursor 50 cells left",
        Action::Move(-50),
    )
    .when(NOT_TYPING),
    Binding::new(
        &[key(KeyCode::PageDown)],
        "PgDn",
        "cursor 50 cells right",
        Action::Move(50),
    )
    .when(NOT_TYPING),
    Binding::new(&[key(KeyCode::Home)], "Home", "first cell", Action::Home).when(NOT_TYPING),
    Binding::new(&[key(KeyCode::End)], "End", "last cell", Action::End).when(NOT_TYPING),
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
        &[ch('u')],
        "u",
        "take back your move and the reply",
        Action::Undo,
    )
    .when(GAME)
    .footer("take back"),
    Binding::new(
        &[ch('g')],
        "g",
        "play the engine, you first",
        Action::Play(Player::You),
    )
    .when(EDITING)
    .footer("game"),
    Binding::new(
        &[ch('G')],
        "G",
        "play the engine, engine first",
        Action::Play(Player::Engine),
    )
    .when(EDITING),
    Binding::new(
        &[ch('g'), ch('G')],
        "g",
        "stop the game: back to editing",
        Action::Play(Player::You),
    )
    .when(GAME)
    .footer("stop"),
    Binding::new(
        &[ch('a')],
        "a",
        "show or hide the analysis during the game",
        Action::ShowAnalysis,
    )
    .when(PLAYING)
    .footer("analysis"),
    Binding::new(
        &[ch('<'), ch(',')],
        "<",
        "review: the move before",
        Action::Back,
    )
    .when(GAME.or(REVIEWING))
    .footer_group("< >", "review"),
    Binding::new(
        &[ch('>'), ch('.')],
        ">",
        "review: the move after",
        Action::Forward,
    )
    .when(REVIEWING),
    Binding::new(
        &[ch('p')],
        "p",
        "perfect line from the strip shown",
        Action::PerfectLine,
    )
    .when(EDITING.or(GAME).or(REVIEWING))
    .footer("perfect line"),
    Binding::new(
        &[ch('c')],
        "c",
        "continue from the position shown",
        Action::ContinueHere,
    )
    .when(REVIEWING)
    .footer("continue here"),
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
    Binding::new(&[ch('z')], "z", "zoom: cells 3, 2 or 1 wide", Action::Zoom)
        .when(NOT_TYPING)
        .footer("zoom"),
    Binding::new(
        &[ch('[')],
        "[",
        "Grundy panel: smaller L (or wheel)",
        Action::ScrollGrundy(-8),
    )
    .when(NOT_TYPING),
    Binding::new(
        &[ch(']')],
        "]",
        "Grundy panel: larger L (or wheel)",
        Action::ScrollGrundy(8),
    )
    .when(NOT_TYPING)
    .footer_group("[/]", "G(L)"),
    Binding::new(
        &[ch('s')],
        "s",
        "Grundy panel: values, statistics, plot",
        Action::GrundyStats,
    )
    .when(NOT_TYPING),
    Binding::new(
        &[ch('o')],
        "o",
        "Grundy panel: another octal game",
        Action::OtherGame,
    )
    .when(NOT_TYPING),
];

pub const MIN_LENGTH: usize = Strip::MIN_LEN;
pub const MAX_LENGTH: usize = LONGEST_EDITABLE;
/// Smallest area the tab draws in (a 40×16 terminal): the ruler, the
/// strip, the segments, two rows of analysis and the smallest panel.
pub const MIN_SIZE: (u16, u16) = (40, 14);
/// Lengths the Grundy table holds past the panel's first one: wider than
/// any terminal, so drawing never computes a value.
const PANEL_SPAN: usize = 1024;
/// The most moves of a perfect line worked out at once (a long strip has
/// thousands; the first ones are the ones to study).
pub const LINE_MOST: usize = 200;

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
const EXAMPLES: &str = include_str!("../../../../assets/treblecross/uva-sample.txt");

/// The strips of [`EXAMPLES`] (tests/assets.rs checks that they parse).
pub fn examples() -> Result<Vec<Strip>, InputError> {
    let mut tokens = Tokens::new(EXAMPLES);
    let count = tokens.expect_count("the number of strips")?;
    (0..count)
        .map(|i| read_strip(&tokens.expect(&format!("strip {}", i + 1))?))
        .collect()
}

/// What the strip shows: the strip (or the game) as it stands, an earlier
/// position of the game, or a step along the perfect line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Live,
    /// The game after `ply` moves.
    Review {
        ply: usize,
    },
    /// `step` moves along the perfect line from the strip it was asked on.
    Line {
        step: usize,
    },
}

/// A perfect line: the strip it starts from, each move with the value for
/// its mover of the strip it was made on, and whether it was cut short.
#[derive(Debug, Clone)]
pub struct PerfectLine {
    pub from: Strip,
    /// In a game: the moves made before the line starts.
    pub after_ply: Option<usize>,
    pub moves: Vec<(usize, StripValue)>,
    pub cut: bool,
}

/// Each game move's value for its mover before and after it.
pub type Annotations = Vec<(StripValue, StripValue)>;

pub struct TreblecrossTab {
    strip: Strip,
    /// A game against the engine, when one is being played: it holds the
    /// strip while it lasts.
    game: Option<Match>,
    /// A one-line answer to the last action (why it was refused, …).
    message: Option<String>,
    cursor: usize,
    history: History,
    table: GrundyTable,
    /// `None` while the Grundy values it needs are being computed.
    analysis: Option<StripAnalysis>,
    /// Which cells are safe, recomputed with the analysis (not per frame).
    safe: Vec<bool>,
    job: Option<TableJob>,
    examples: Result<Vec<Strip>, InputError>,
    next_example: usize,
    /// Columns per cell; `None`: the widest that fits the strip.
    zoom: Option<u16>,
    /// During a game, the analysis is hidden unless asked for.
    show_analysis: bool,
    view: View,
    line: Option<PerfectLine>,
    /// The game's moves' values (for review), and the moves they are of.
    annotations: Option<(Vec<(Player, usize)>, Annotations)>,
    panel: Panel,
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
        if self.panel.prompt.is_some() {
            return TYPING;
        }
        if self.view != View::Live {
            return REVIEWING;
        }
        match &self.game {
            None => EDITING,
            Some(game) if game.is_on() => PLAYING,
            Some(_) => GAME_OVER,
        }
    }

    fn update(&mut self, action: Action) {
        use Action as A;
        if let A::Prompt(key) = action {
            return self.prompt_key(key);
        }
        let last = self.strip().len() - 1;
        // Cursor, zoom and panel work whatever is shown.
        match action {
            A::Move(delta) => {
                self.cursor = self.cursor.saturating_add_signed(delta).min(last);
                return;
            }
            A::Home => return self.cursor = 0,
            A::End => return self.cursor = last,
            A::Zoom => return self.next_zoom(),
            A::ScrollGrundy(delta) => return self.scroll_panel(delta),
            A::GrundyStats => return self.next_panel_mode(),
            A::OtherGame => {
                self.panel.prompt = Some(String::new());
                return;
            }
            A::PerfectLine => return self.toggle_line(),
            A::Back => return self.step(-1),
            A::Forward => return self.step(1),
            A::ContinueHere => return self.continue_here(),
            A::BackToLive => {
                self.view = View::Live;
                self.message = None;
                return;
            }
            _ => {}
        }
        if self.view != View::Live {
            // A click on an X of the game: the position after that move.
            let played = match action {
                A::Click(cell) => self
                    .game
                    .as_ref()
                    .and_then(|g| g.moves.iter().position(|&(_, c)| c == cell)),
                _ => None,
            };
            match played {
                Some(i) => {
                    self.view = View::Review { ply: i + 1 };
                    self.annotate();
                    let moves = self.game.as_ref().map_or(0, |g| g.moves.len());
                    if i + 1 == moves {
                        self.view = View::Live;
                    }
                }
                None => {
                    self.message =
                        Some("reviewing: < > or a click on an X, Esc back, c continue".into());
                }
            }
            return;
        }
        if self.game.is_some() {
            match action {
                A::Toggle | A::SetX => return self.play_at(self.cursor),
                A::Click(cell) if cell <= last => {
                    self.cursor = cell;
                    return self.play_at(cell);
                }
                A::Undo => return self.undo_in_game(),
                A::Play(first) => return self.toggle_game(first),
                A::ShowAnalysis => {
                    self.show_analysis = !self.show_analysis;
                    return;
                }
                _ => {
                    self.message = Some("a game is on: g stops it, then edit".into());
                    return;
                }
            }
        }
        self.message = None;
        match action {
            A::Play(first) => self.toggle_game(first),
            A::Toggle => self.edit(Edit::Toggle(self.cursor)),
            A::Click(cell) if cell <= last => {
                self.cursor = cell;
                self.edit(Edit::Toggle(cell));
            }
            A::SetX if !self.strip[self.cursor] => self.edit(Edit::Toggle(self.cursor)),
            A::SetEmpty if self.strip[self.cursor] => self.edit(Edit::Toggle(self.cursor)),
            A::Longer(n) => self.resize(self.strip.len().saturating_add(n)),
            A::Shorter(n) => self.resize(self.strip.len().saturating_sub(n)),
            A::Clear if self.strip.has_x() => self.edit(Edit::Whole {
                len: self.strip.len(),
                xs: Vec::new(),
            }),
            A::NextExample => self.next_example(),
            A::Undo if self.history.undo(&mut self.strip) => self.reanalyze(),
            A::Redo if self.history.redo(&mut self.strip) => self.reanalyze(),
            A::ShowAnalysis => {
                self.message = Some("the analysis is on: a hides it in games".into())
            }
            _ => {}
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

    fn typed(&self, event: &KeyEvent) -> Option<Action> {
        self.panel.prompt.as_ref()?;
        if event.modifiers.contains(KeyModifiers::CONTROL) {
            return None;
        }
        let key = match event.code {
            KeyCode::Char(c) => PromptKey::Char(c),
            KeyCode::Backspace => PromptKey::Backspace,
            KeyCode::Enter => PromptKey::Enter,
            KeyCode::Esc => PromptKey::Cancel,
            _ => return None,
        };
        Some(Action::Prompt(key))
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        self.render_view(&layout, buf, theme);
        let in_use: Vec<usize> = self.segments().iter().map(|s| s.len).collect();
        self.panel
            .render(layout.panel, &self.table, &in_use, buf, theme);
    }
}

/// A refused game move in words.
fn match_error_words(error: MatchError) -> String {
    match error {
        MatchError::AlreadyOver => "the strip already has three in a row: edit it first".into(),
        MatchError::GameOver => "the game is over: g starts a new one".into(),
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
            history: History::default(),
            table,
            analysis: None,
            safe: Vec::new(),
            job: None,
            examples: examples(),
            next_example: 0,
            zoom: None,
            show_analysis: false,
            view: View::Live,
            line: None,
            annotations: None,
            panel: Panel::default(),
        };
        tab.reanalyze();
        tab
    }

    /// The strip as it stands: the game's while a game is on.
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

    pub fn history(&self) -> &History {
        &self.history
    }

    pub fn view(&self) -> View {
        self.view
    }

    pub fn perfect_line(&self) -> Option<&PerfectLine> {
        self.line.as_ref()
    }

    pub fn panel(&self) -> &Panel {
        &self.panel
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
        self.panel.start
    }

    pub fn game(&self) -> Option<&Match> {
        self.game.as_ref()
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Whether the Grundy panel shows statistics.
    pub fn showing_grundy_stats(&self) -> bool {
        self.panel.mode == PanelMode::Stats
    }

    /// Starts a game on the current strip, or stops the one going on (the
    /// strip keeps its moves).
    fn toggle_game(&mut self, first: Player) {
        self.view = View::Live;
        self.annotations = None;
        if let Some(game) = self.game.take() {
            self.strip = game.strip;
            self.message = Some("game stopped: the strip is yours to edit".into());
            self.reanalyze();
            return;
        }
        if self.analysis.is_none() {
            self.message = Some("wait for the Grundy values, then play".into());
            return;
        }
        match Match::new(self.strip.clone(), first) {
            Ok(game) => {
                self.game = Some(game);
                self.show_analysis = false;
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
        match game.engine_plays(&mut self.table) {
            Ok(cell) => self.message = Some(format!("the engine played {}", cell + 1)),
            Err(e) => self.message = Some(match_error_words(e)),
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

    /// The strip a game started from (its moves taken off again).
    fn game_start(game: &Match) -> Strip {
        let mut strip = game.strip.clone();
        for &(_, cell) in &game.moves {
            strip.set(cell, false);
        }
        strip
    }

    /// The strip the board shows, and the last move that led to it.
    pub fn shown(&self) -> (Strip, Option<(Player, usize)>) {
        match (self.view, &self.game, &self.line) {
            (View::Review { ply }, Some(game), _) => {
                let mut strip = Self::game_start(game);
                for &(_, cell) in &game.moves[..ply] {
                    strip.set(cell, true);
                }
                (strip, ply.checked_sub(1).map(|i| game.moves[i]))
            }
            (View::Line { step }, _, Some(line)) => {
                let mut strip = line.from.clone();
                for &(cell, _) in &line.moves[..step] {
                    strip.set(cell, true);
                }
                // Who moves along the line: the player to move at its start.
                let first = self.line_first_player();
                let last = step.checked_sub(1).map(|i| {
                    let player = if i % 2 == 0 { first } else { first.other() };
                    (player, line.moves[i].0)
                });
                (strip, last)
            }
            _ => (
                self.strip().clone(),
                self.game.as_ref().and_then(|g| g.moves.last().copied()),
            ),
        }
    }

    /// The player to move where the perfect line starts (you, outside a
    /// game: both players are "the player to move" there).
    fn line_first_player(&self) -> Player {
        match (&self.game, &self.line) {
            (
                Some(game),
                Some(PerfectLine {
                    after_ply: Some(ply),
                    ..
                }),
            ) => {
                let first = game.moves.first().map_or(game.to_move, |&(p, _)| p);
                if ply % 2 == 0 {
                    first
                } else {
                    first.other()
                }
            }
            _ => Player::You,
        }
    }

    /// The game's moves with their mover's value before and after each.
    pub fn annotations(&self) -> Option<&Annotations> {
        let game = self.game.as_ref()?;
        self.annotations
            .as_ref()
            .filter(|(moves, _)| *moves == game.moves)
            .map(|(_, values)| values)
    }

    /// Works out the annotations of the game (one exact search serves every
    /// move of a short strip).
    fn annotate(&mut self) {
        let Some(game) = &self.game else { return };
        if self.annotations().is_some() {
            return;
        }
        let mut strip = Self::game_start(game);
        let moves = game.moves.clone();
        let mut values = Vec::with_capacity(moves.len());
        for &(_, cell) in &moves {
            let before = match strip_value(strip.cells(), &mut self.table) {
                Ok(v) => v,
                Err(e) => {
                    self.message = Some(e.to_string());
                    return;
                }
            };
            strip.set(cell, true);
            let after = if three_in_a_row(strip.cells()).is_some() {
                StripValue {
                    winning: true,
                    plies: Some(1),
                }
            } else {
                match strip_value(strip.cells(), &mut self.table) {
                    Ok(v) => StripValue {
                        winning: !v.winning,
                        plies: v.plies.map(|d| d + 1),
                    },
                    Err(e) => {
                        self.message = Some(e.to_string());
                        return;
                    }
                }
            };
            values.push((before, after));
        }
        self.annotations = Some((moves, values));
    }

    /// One move back or forward: along the game, or along the line.
    fn step(&mut self, by: isize) {
        self.message = None;
        match self.view {
            View::Live => match &self.game {
                Some(game) if !game.moves.is_empty() && by < 0 => {
                    let ply = game.moves.len() - 1;
                    self.view = View::Review { ply };
                    self.annotate();
                }
                _ => self.message = Some("no move to review".into()),
            },
            View::Review { ply } => {
                let moves = self.game.as_ref().map_or(0, |g| g.moves.len());
                let ply = ply.saturating_add_signed(by).min(moves);
                self.view = if ply == moves {
                    View::Live
                } else {
                    View::Review { ply }
                };
            }
            View::Line { step } => {
                let longest = self.line.as_ref().map_or(0, |l| l.moves.len());
                self.view = View::Line {
                    step: step.saturating_add_signed(by).min(longest),
                };
            }
        }
    }

    /// The perfect line from the strip shown; again: back from it.
    fn toggle_line(&mut self) {
        self.message = None;
        if let View::Line { .. } = self.view {
            self.view = match self.line.as_ref().and_then(|l| l.after_ply) {
                Some(ply) if self.game.as_ref().is_some_and(|g| ply < g.moves.len()) => {
                    View::Review { ply }
                }
                _ => View::Live,
            };
            return;
        }
        let after_ply = match (self.view, &self.game) {
            (View::Review { ply }, _) => Some(ply),
            (_, Some(game)) => Some(game.moves.len()),
            _ => None,
        };
        let (from, _) = self.shown();
        if three_in_a_row(from.cells()).is_some() {
            self.message = Some("three in a row already: no line to show".into());
            return;
        }
        let wanted = longest_free_segment(from.cells()) + 1;
        if wanted > self.table.len() && wanted > SYNC_GRUNDY {
            self.message = Some("the Grundy values are still being computed".into());
            return;
        }
        match perfect_line(from.cells(), &mut self.table, LINE_MOST) {
            Ok((moves, cut)) => {
                self.line = Some(PerfectLine {
                    from,
                    after_ply,
                    moves,
                    cut,
                });
                self.view = View::Line { step: 0 };
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Go on from the position shown.
    fn continue_here(&mut self) {
        let (shown, _) = self.shown();
        let first = self.line_first_player();
        match (self.view, &mut self.game) {
            (View::Live, _) => return,
            (View::Review { ply }, Some(game)) => {
                for (_, cell) in game.moves.drain(ply..) {
                    game.strip.set(cell, false);
                }
                game.winner = None;
                game.to_move = Self::next_player(game);
                self.message = Some("play goes on from here".into());
            }
            (View::Line { step }, Some(game)) => {
                // The line's moves become the game's.
                let line = self.line.clone().unwrap_or_else(|| PerfectLine {
                    from: shown.clone(),
                    after_ply: None,
                    moves: Vec::new(),
                    cut: false,
                });
                let ply = line.after_ply.unwrap_or(game.moves.len());
                for (_, cell) in game.moves.drain(ply.min(game.moves.len())..) {
                    game.strip.set(cell, false);
                }
                game.winner = None;
                for (i, &(cell, _)) in line.moves[..step].iter().enumerate() {
                    let player = if i % 2 == 0 { first } else { first.other() };
                    game.to_move = player;
                    let _ = game.play(player, cell);
                }
                if game.winner.is_none() {
                    game.to_move = Self::next_player(game);
                }
                self.message = Some("play goes on from here".into());
            }
            (View::Line { .. }, None) => {
                // From the editor: the strip becomes the one shown.
                self.edit(Edit::whole(&shown));
                self.message = Some("the strip is now the one shown".into());
            }
            (View::Review { .. }, None) => {}
        }
        self.view = View::Live;
        self.annotations = None;
        self.reanalyze();
        // The engine moves if it is its turn.
        if self
            .game
            .as_ref()
            .is_some_and(|g| g.is_on() && g.to_move == Player::Engine)
        {
            self.engine_reply();
        }
    }

    /// Who moves after the game's moves so far.
    fn next_player(game: &Match) -> Player {
        match game.moves.last() {
            Some(&(last, _)) => last.other(),
            None => Player::You,
        }
    }

    /// The prompt of the panel: a game code typed, then shown.
    fn prompt_key(&mut self, key: PromptKey) {
        let Some(text) = &mut self.panel.prompt else {
            return;
        };
        match key {
            PromptKey::Char(c) if text.chars().count() < 300 && !c.is_control() => text.push(c),
            PromptKey::Char(_) => {}
            PromptKey::Backspace => {
                text.pop();
            }
            PromptKey::Cancel => self.panel.prompt = None,
            PromptKey::Enter => {
                let text = text.trim().to_string();
                let game = match text.as_str() {
                    "" | "treblecross" => None,
                    code => match code.parse::<OctalGame>() {
                        Ok(game) => Some(game),
                        Err(e) => {
                            self.message = Some(format!("not a game: {}", e.message));
                            return;
                        }
                    },
                };
                self.panel.prompt = None;
                let wanted = self.panel_wanted();
                if let Err(e) = self.panel.show_game(game, wanted) {
                    self.message = Some(e.to_string());
                }
            }
        }
    }

    /// How many values the panel needs now.
    fn panel_wanted(&self) -> usize {
        match self.panel.mode {
            PanelMode::Plot => self.panel.plot_len,
            _ => self.panel.start + PANEL_SPAN,
        }
    }

    fn scroll_panel(&mut self, delta: isize) {
        if self.panel.mode == PanelMode::Plot {
            // The plot: half or twice as many values.
            let len = if delta < 0 {
                self.panel.plot_len / 2
            } else {
                self.panel.plot_len * 2
            };
            self.panel.plot_len = len.clamp(PANEL_SPAN, PLOT_MOST);
            return self.fill_panel();
        }
        // The bars show values already known, or cheap to know.
        let limit = self.table.len().max(SYNC_GRUNDY);
        self.panel.start = self.panel.start.saturating_add_signed(delta).min(limit);
        self.fill_panel();
    }

    fn next_panel_mode(&mut self) {
        self.panel.mode = match self.panel.mode {
            PanelMode::Values => PanelMode::Stats,
            PanelMode::Stats => PanelMode::Plot,
            PanelMode::Plot => PanelMode::Values,
        };
        self.fill_panel();
    }

    /// Computes what the panel needs: at once for the bars, on the
    /// background thread for a long plot of Treblecross.
    fn fill_panel(&mut self) {
        let wanted = self.panel_wanted();
        if self.panel.other.is_some() {
            if let Err(e) = self.panel.extend_other(wanted) {
                self.message = Some(e.to_string());
            }
            return;
        }
        if wanted <= self.table.len() {
            return;
        }
        if self.panel.mode == PanelMode::Plot {
            if self.job.as_ref().is_none_or(|job| job.wanted < wanted) {
                self.start_job(wanted);
            }
        } else if let Err(e) = self.table.extend_to(wanted) {
            self.message = Some(e.to_string());
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

    fn edit(&mut self, edit: Edit) {
        self.history.edit(edit, &mut self.strip);
        self.reanalyze();
    }

    fn resize(&mut self, len: usize) {
        let len = len.clamp(MIN_LENGTH, MAX_LENGTH);
        if len != self.strip.len() {
            self.edit(Edit::Length {
                len,
                xs: Vec::new(),
            });
        }
    }

    fn next_example(&mut self) {
        match &self.examples {
            Ok(examples) if !examples.is_empty() => {
                let example = examples[self.next_example % examples.len()].clone();
                self.next_example = (self.next_example + 1) % examples.len();
                self.cursor = 0;
                self.edit(Edit::whole(&example));
            }
            Ok(_) => self.message = Some("assets/ holds no example strip".into()),
            Err(e) => self.message = Some(format!("the examples in assets/ do not parse: {e}")),
        }
    }

    fn next_zoom(&mut self) {
        self.zoom = match self.zoom {
            None => Some(3),
            Some(3) => Some(2),
            Some(2) => Some(1),
            _ => None,
        };
        self.message = Some(match self.zoom {
            None => "zoom: the widest cells that fit".into(),
            Some(z) => format!(
                "zoom: cells {z} column{} wide",
                if z == 1 { "" } else { "s" }
            ),
        });
    }

    /// Columns per cell on a strip row `width` columns wide: as asked, or
    /// the widest (up to 3) that shows the whole strip, else 1.
    pub fn cell_width(&self, width: u16) -> u16 {
        match self.zoom {
            Some(z) => z,
            None => (1..=3)
                .rev()
                .find(|&z| usize::from(width / z) >= self.strip().len())
                .unwrap_or(1),
        }
    }

    /// The strip cell under a screen position, by the same layout and
    /// window as drawing.
    pub fn cell_at(&self, area: Rect, at: Position) -> Option<usize> {
        let strip = layout(area)?.strip;
        if !strip.contains(at) {
            return None;
        }
        let z = self.cell_width(strip.width);
        let start = window_start(self.cursor, usize::from(strip.width / z));
        let cell = start + usize::from((at.x - strip.x) / z);
        (cell < self.strip().len()).then_some(cell)
    }

    /// Whether a screen position is over the Grundy panel (mouse wheel).
    pub fn over_panel(&self, area: Rect, at: Position) -> bool {
        layout(area).is_some_and(|l| l.panel.contains(at))
    }

    /// Whether a screen position is over the strip (mouse wheel).
    fn over_strip(&self, area: Rect, at: Position) -> bool {
        layout(area).is_some_and(|l| l.strip.union(l.ruler).union(l.segments).contains(at))
    }

    /// The action a mouse event asks for: a click on a cell, the wheel
    /// over the strip (it scrolls) or over the Grundy panel.
    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        let at = Position::new(event.column, event.row);
        let page = layout(area).map_or(1, |l| {
            let z = self.cell_width(l.strip.width);
            (l.strip.width / z).max(1) as isize
        });
        match event.kind {
            MouseEventKind::ScrollDown if self.over_panel(area, at) => {
                Some(Action::ScrollGrundy(8))
            }
            MouseEventKind::ScrollUp if self.over_panel(area, at) => Some(Action::ScrollGrundy(-8)),
            MouseEventKind::ScrollDown if self.over_strip(area, at) => Some(Action::Move(page)),
            MouseEventKind::ScrollUp if self.over_strip(area, at) => Some(Action::Move(-page)),
            MouseEventKind::Down(MouseButton::Left) => self.cell_at(area, at).map(Action::Click),
            _ => None,
        }
    }

    /// The free segments shown: none while the analysis is hidden or an
    /// earlier position is shown.
    fn segments(&self) -> &[crate::solver::treblecross::FreeSegment] {
        match (&self.analysis, self.view) {
            (Some(StripAnalysis::Segments { segments, .. }), View::Live)
                if !self.analysis_hidden() =>
            {
                segments
            }
            _ => &[],
        }
    }

    /// Whether the analysis is hidden: during a game, unless asked for.
    fn analysis_hidden(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.is_on()) && !self.show_analysis
    }

    /// The mark a reviewed move gets.
    fn mistake(before: StripValue, after: StripValue) -> Option<Mistake> {
        match (before.outcome(), after.outcome()) {
            (Some(b), Some(a)) => Mistake::of(b, a),
            _ => (before.winning && !after.winning).then_some(Mistake::Blunder),
        }
    }
}
