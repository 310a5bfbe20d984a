//! The Treblecross tab: edit a strip (cells 1 to 3 columns wide), see who
//! wins, every winning cell, the free segments with their Grundy values and
//! the nim-sum, and what playing the cell under the cursor would do; play
//! the engine with a move list, review and the perfect line; study the
//! Grundy sequence, of Treblecross or of any octal game, in the panel.
//!
//! Past 600 lines because the state and the one update function that
//! changes it stay together; keys, games, drawing, the panel and the
//! puzzles each have their own file.

mod game;
mod history;
mod keys;
mod layout;
mod lesson;
mod panel;
mod puzzle;
mod save;
mod values;
mod view;

pub use history::{Edit, History, BUDGET as HISTORY_BUDGET};
pub use keys::{Action, BINDINGS, PUZZLE_BINDINGS};
pub use layout::{layout, layout_for, window_start, TreblecrossLayout, MIN_SIZE};
pub use panel::{stats_lines, Panel, PanelMode, PLOT_FIRST, PLOT_MOST};
pub use puzzle::{Training, Try};
pub use view::{cursor_words, nim_sum_text};

use crate::notation::treblecross::{example_words, read_strip, LONGEST_EDITABLE};
use crate::notation::{InputError, Tokens};
use crate::solver::grundy::GrundyTable;
use crate::solver::puzzle::{PuzzleGame, Puzzler};
use crate::solver::record::{Annotation, PerfectLine, Record, Shown};
use crate::solver::treblecross::{
    analyze, longest_free_segment, safe_cells, Strip, StripAnalysis, StripValue, TreblecrossEngine,
    TreblecrossRules,
};
use crate::tui::history::{NOTHING_TO_REDO, NOTHING_TO_UNDO};
use crate::tui::keymap::{Binding, Direction, When};
use crate::tui::playing::{Abandon, EditedMatch, Playing, PlayingTab};
use crate::tui::record_view;
use crate::tui::review::Review;
use crate::tui::tab::{About, Cursor, Tab, TabBasics};
use crate::tui::text::{TextField, TextKey};
use crate::tui::theme::Theme;
use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use keys::{EDITING, GAME_OVER, PANEL, PLAYING, PUZZLE_CELL, PUZZLE_NUMBER, REVIEWING, TYPING};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use std::sync::atomic::Ordering::Relaxed;
use values::TableJob;

/// The widest a cell is drawn (columns) when the zoom is left to the tab:
/// wide enough to click without aiming, not so wide that the strip stops
/// looking like one.
pub const WIDEST_CELL: u16 = 5;
pub const MIN_LENGTH: usize = Strip::MIN_LEN;
pub const MAX_LENGTH: usize = LONGEST_EDITABLE;
/// Lengths the Grundy table holds past the panel's first one: wider than
/// any terminal, so drawing never computes a value.
const PANEL_SPAN: usize = 1024;
/// Longest free segment analysed at once on the UI thread: the table up to
/// here takes about 5 ms. Longer ones are built on a background thread
/// (an empty 100,000-cell strip needs about 0.8 s) while the tab shows
/// progress.
pub const SYNC_GRUNDY: usize = 5_000;
/// The longest game code the panel's prompt takes.
const GAME_CODE_MOST: usize = 300;

/// The strips of `assets/`, shipped inside the binary (the UVA sample).
const EXAMPLES: &str = include_str!("../../../../assets/treblecross/uva-sample.txt");

/// The strips of [`EXAMPLES`] (tests/it/assets.rs checks that they parse).
pub fn examples() -> Result<Vec<Strip>, InputError> {
    let mut tokens = Tokens::new(EXAMPLES);
    let count = tokens.expect_count("the number of strips")?;
    (0..count)
        .map(|i| read_strip(&tokens.expect(&format!("strip {}", i + 1))?))
        .collect()
}

pub struct TreblecrossTab {
    strip: Strip,
    /// A game against the engine, or the editor's study of a perfect line,
    /// and the engine's thread: a game holds the strip while it lasts.
    playing: Playing<TreblecrossRules>,
    /// A one-line answer to the last action (why it was refused, …).
    message: Option<String>,
    /// The expert's layer shown under the plain words (`i`).
    details: bool,
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
    /// Columns per cell last drawn, so that `z` always changes what is
    /// seen (from 3 wide its first step would be 3 again).
    drawn_cell: std::cell::Cell<u16>,
    /// During a game, the analysis is hidden unless asked for.
    show_analysis: bool,
    panel: Panel,
    /// The puzzles; while one is on, the editor's strip (or the game)
    /// waits aside.
    training: Training,
    puzzler: Puzzler,
}

impl Default for TreblecrossTab {
    fn default() -> Self {
        Self::with_strip(Strip::empty(12))
    }
}

impl Tab for TreblecrossTab {
    type Action = Action;
    const ABOUT: About = About::new("Treblecross", "Treble", "treblecross", "### Treblecross");
    const MIN_SIZE: (u16, u16) = MIN_SIZE;
    const KEYS: &'static [Binding<Action>] = BINDINGS;
    const PUZZLE_KEYS: &'static [Binding<Action>] = PUZZLE_BINDINGS;

    fn puzzle_action(action: crate::tui::puzzle::PuzzleAction) -> Action {
        Action::Puzzle(action)
    }

    /// The puzzle is drawn (not a review of its moves, not the prompt).
    fn puzzle_shown(&self) -> bool {
        self.training.current.is_some() && self.view() == Shown::Live && self.panel.prompt.is_none()
    }

    fn mode(&self) -> When {
        if self.panel.prompt.is_some() {
            return TYPING;
        }
        if self.puzzle_shown() {
            return if self.takes_number() {
                PUZZLE_NUMBER
            } else {
                PUZZLE_CELL
            };
        }
        let base = match &self.playing.game {
            _ if self.view() != Shown::Live => REVIEWING,
            None => EDITING,
            Some(game) if game.is_on() => PLAYING,
            Some(_) => GAME_OVER,
        };
        // The Grundy panel's keys with the details, which show it.
        match self.details {
            true => base.or(PANEL),
            false => base,
        }
    }

    fn update(&mut self, action: Action) {
        use Action as A;
        if let A::Prompt(key) = action {
            return self.prompt_key(key);
        }
        if self.route_to_puzzle(action) {
            return;
        }
        let last = self.strip().len() - 1;
        // The Grundy panel is part of the details.
        let panel_key = matches!(action, A::ScrollGrundy(_) | A::GrundyStats | A::OtherGame);
        if panel_key && !self.details {
            self.message = Some("the Grundy panel is part of the details: i shows it".into());
            return;
        }
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
                self.panel.prompt = Some(TextField::printable(String::new(), GAME_CODE_MOST));
                return;
            }
            A::Review(key) => return self.review_key(key),
            A::NewGame => return self.new_game(),
            _ => {}
        }
        if self.view() != Shown::Live {
            // A click on an X of the game: the position after that move.
            let clicked = match action {
                A::Click(cell) => Some(cell),
                _ => None,
            };
            return self.review_click(clicked);
        }
        if self.playing.game.is_some() {
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
            // The keys that found nothing to do say why.
            A::Undo => self.message = Some(NOTHING_TO_UNDO.into()),
            A::Redo => self.message = Some(NOTHING_TO_REDO.into()),
            A::Clear => self.message = Some("the strip has no X to clear".into()),
            A::SetX => self.message = Some("the cell holds an X already".into()),
            A::SetEmpty => self.message = Some("the cell is empty already".into()),
            _ => {}
        }
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        self.mouse_action(area, event)
    }

    fn abandons(&self, action: Action) -> Option<String> {
        match action {
            Action::Play(_) if self.view() == Shown::Live => self.abandons_game(Abandon::Stop),
            Action::NewGame => self.abandons_game(Abandon::Again),
            Action::Review(Review::Continue) => self.abandons_game(Abandon::PlayOn),
            _ => None,
        }
    }

    fn typed(&self, event: &KeyEvent) -> Option<Action> {
        if self.takes_number() {
            return self.typed_number(event);
        }
        self.panel.prompt.as_ref()?;
        TextKey::of(event).map(Action::Prompt)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = self.layout_in(area) else {
            return;
        };
        self.render_view(&layout, buf, theme);
        if layout.panel.height == 0 {
            return;
        }
        if self.puzzle_open() {
            return self.render_table_hidden(layout.panel, buf, theme);
        }
        let in_use: Vec<usize> = self.segments().iter().map(|s| s.len).collect();
        self.panel.render(
            layout.panel,
            &self.table,
            &in_use,
            self.computing(),
            buf,
            theme,
        );
    }
}

impl TabBasics for TreblecrossTab {
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

    fn tick(&mut self) {
        self.poll();
        crate::tui::puzzle::tick(self);
    }

    fn busy(&self) -> bool {
        self.is_thinking() || self.job.is_some()
    }

    fn at_stake(&self) -> Option<&'static str> {
        self.game_at_stake()
    }

    fn set_details(&mut self, on: bool) {
        self.details = on;
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
            playing: Playing::new(TreblecrossEngine::default),
            message,
            details: false,
            cursor: 0,
            history: History::default(),
            table,
            analysis: None,
            safe: Vec::new(),
            job: None,
            examples: examples(),
            next_example: 0,
            zoom: None,
            drawn_cell: std::cell::Cell::new(0),
            show_analysis: false,
            panel: Panel::default(),
            training: Training::new(PuzzleGame::Treblecross),
            puzzler: Puzzler::new(),
        };
        tab.reanalyze();
        tab
    }

    /// The strip as it stands: the game's while a game is on.
    pub fn strip(&self) -> &Strip {
        self.playing
            .game
            .as_ref()
            .map_or(&self.strip, |g| &g.position().strip)
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

    /// The game's record, or the editor's study of a perfect line.
    /// Where things are in `area` now (the words get more rows while a
    /// game is on): the one call drawing and clicks both make.
    pub(super) fn layout_in(&self, area: Rect) -> Option<TreblecrossLayout> {
        // The Grundy panel is part of the details.
        let segments = !self.analysis_hidden();
        layout_for(area, self.record().is_some(), self.details, segments)
    }

    pub fn record(&self) -> Option<&Record<TreblecrossRules>> {
        self.playing.record()
    }

    /// What the strip shows: as it stands, a review or the perfect line.
    pub fn view(&self) -> Shown {
        self.record().map_or(Shown::Live, Record::shown)
    }

    /// The perfect line shown, once the engine has given it.
    pub fn perfect_line(&self) -> Option<&PerfectLine<TreblecrossRules>> {
        self.record()?.line()
    }

    /// Each game move's value for its mover before it, and the value after
    /// it, once the engine has given them.
    pub fn annotations(&self) -> Option<&[Annotation<StripValue>]> {
        self.playing.game.as_ref()?.record().annotations()
    }

    /// Whether the engine is still working on something asked of it.
    pub fn is_thinking(&self) -> bool {
        self.playing.is_busy()
    }

    pub fn panel(&self) -> &Panel {
        &self.panel
    }

    /// Takes in the engine's answers and Grundy values finished on the
    /// background thread; true if something changed (the event loop calls
    /// it on every tick).
    pub fn poll(&mut self) -> bool {
        let answered = self.poll_engine();
        answered | self.poll_table()
    }

    pub fn grundy_start(&self) -> usize {
        self.panel.start
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Whether the Grundy panel shows statistics.
    pub fn showing_grundy_stats(&self) -> bool {
        self.panel.mode == PanelMode::Stats
    }

    /// Recomputes the analysis: once per edit, O(n) once the Grundy table
    /// reaches the longest free segment; a table that must grow far is
    /// built on a background thread and the analysis waits for it.
    fn reanalyze(&mut self) {
        let strip = self
            .playing
            .game
            .as_ref()
            .map_or(&self.strip, |g| &g.position().strip);
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
        if len == self.strip.len() {
            self.message = Some(format!(
                "the strip is {len} cells: from {MIN_LENGTH} to {MAX_LENGTH}"
            ));
        } else {
            self.edit(Edit::Length {
                len,
                xs: Vec::new(),
            });
        }
    }

    fn next_example(&mut self) {
        match &self.examples {
            Ok(examples) if !examples.is_empty() => {
                let (count, at) = (examples.len(), self.next_example % examples.len());
                let example = examples[at].clone();
                self.next_example = (at + 1) % count;
                self.cursor = 0;
                self.edit(Edit::whole(&example));
                let words = match &self.analysis {
                    Some(analysis) => example_words(analysis),
                    None => "its values are being computed".into(),
                };
                self.message = Some(format!(
                    "example {} of {count}, the UVA problem's sample strips: {words}",
                    at + 1
                ));
            }
            Ok(_) => self.message = Some("assets/ holds no example strip".into()),
            Err(e) => self.message = Some(format!("the examples in assets/ do not parse: {e}")),
        }
    }

    fn next_zoom(&mut self) {
        self.zoom = match self.zoom {
            None if self.drawn_cell.get() == 3 => Some(2),
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

    /// Columns per cell as last drawn.
    pub fn drawn_cell_width(&self) -> u16 {
        self.drawn_cell.get()
    }

    /// The zoom chosen: columns per cell, or `None` for the widest that
    /// fits.
    pub fn zoom(&self) -> Option<u16> {
        self.zoom
    }

    /// Columns per cell: 1 to 3, or `None` for the widest that fits (the
    /// settings' `zoom`).
    pub fn set_zoom(&mut self, zoom: Option<u16>) {
        self.zoom = zoom.map(|z| z.clamp(1, 3));
    }

    /// Columns per cell on a strip row `width` columns wide: as asked, or
    /// the widest (up to [`WIDEST_CELL`]) that shows the whole strip, so a
    /// short strip fills the width; else 1.
    pub fn cell_width(&self, width: u16) -> u16 {
        match self.zoom {
            Some(z) => z,
            None => (1..=WIDEST_CELL)
                .rev()
                .find(|&z| usize::from(width / z) >= self.strip().len())
                .unwrap_or(1),
        }
    }

    /// The strip cell under a screen position, by the same layout and
    /// window as drawing.
    pub fn cell_at(&self, area: Rect, at: Position) -> Option<usize> {
        let strip = self.layout_in(area)?.strip;
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
        self.layout_in(area).is_some_and(|l| l.panel.contains(at))
    }

    /// Whether a screen position is over the strip (mouse wheel).
    fn over_strip(&self, area: Rect, at: Position) -> bool {
        self.layout_in(area)
            .is_some_and(|l| l.strip.union(l.ruler).union(l.segments).contains(at))
    }

    /// The action a mouse event asks for: a click on a cell, the wheel
    /// over the strip (it scrolls) or over the Grundy panel.
    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        let at = Position::new(event.column, event.row);
        let page = self.layout_in(area).map_or(1, |l| {
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
            MouseEventKind::Down(MouseButton::Left) => {
                if let (Some(list), Some(record)) = (self.list_area(area), self.record()) {
                    if let Some(ply) = record_view::ply_at(record, &self.words(), list, at) {
                        return Some(Action::Review(Review::At(ply)));
                    }
                }
                self.cell_at(area, at).map(Action::Click)
            }
            _ => None,
        }
    }

    /// The free segments shown: none while the analysis is hidden or an
    /// earlier position is shown.
    fn segments(&self) -> &[crate::solver::treblecross::FreeSegment] {
        match (&self.analysis, self.view()) {
            (Some(StripAnalysis::Segments { segments, .. }), Shown::Live)
                if !self.analysis_hidden() =>
            {
                segments
            }
            _ => &[],
        }
    }

    /// Whether the analysis is hidden: during a game, unless asked for;
    /// on a game's last position, or any strip with three in a row (a
    /// lesson's answered step), where its marks mean nothing (a newcomer
    /// read the mark left there as still in play); while a puzzle is open.
    fn analysis_hidden(&self) -> bool {
        let game = self.playing.game.as_ref();
        let finished = matches!(self.analysis, Some(StripAnalysis::Finished { .. }));
        game.is_some_and(|g| g.is_on()) && !self.show_analysis
            || (game.is_some_and(|g| !g.is_on()) || finished) && self.view() == Shown::Live
            || self.puzzle_open()
    }
}
