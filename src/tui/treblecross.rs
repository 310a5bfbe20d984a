//! The Treblecross tab: edit a strip, see who wins, every winning cell, the
//! unsafe cells, the free segments with their Grundy values and the nim-sum,
//! and a panel to study the Grundy sequence.

use super::app::{render_too_small, TreblecrossAction};
use super::theme::Theme;
use crate::cli::treblecross::parse;
use crate::solver::grundy::{find_period, stats, GrundyTable, HEAP_OF_SEGMENT};
use crate::solver::octal::OctalGame;
use crate::solver::treblecross::{
    analyze, engine_move, longest_free_segment, safe_cells, three_in_a_row, StripAnalysis,
};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Sparkline, Widget, Wrap};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;

pub const MIN_LENGTH: usize = 3;
pub const MAX_LENGTH: usize = 100_000;
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
    result: Receiver<GrundyTable>,
}

/// The strips of `assets/`, shipped inside the binary (the UVA sample).
const EXAMPLES: &str = include_str!("../../assets/treblecross/uva-sample.txt");

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
    Replace(Vec<bool>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    You,
    Engine,
}

/// A game against the engine on the strip as it was when it started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub to_move: Player,
    pub winner: Option<Player>,
    /// The cells played in this game, in order (for undo).
    pub moves: Vec<(Player, usize)>,
}

pub struct TreblecrossTab {
    strip: Vec<bool>,
    /// A game against the engine, when one is being played.
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
    examples: Vec<Vec<bool>>,
    next_example: usize,
    /// First length shown in the Grundy panel.
    grundy_start: usize,
    /// The panel shows the statistics of its range instead of the values.
    grundy_stats: bool,
}

impl Default for TreblecrossTab {
    fn default() -> Self {
        Self::with_strip(vec![false; 12])
    }
}

impl TreblecrossTab {
    /// A tab on this strip (lengths are clamped to 3..=100,000 cells).
    pub fn with_strip(mut strip: Vec<bool>) -> TreblecrossTab {
        strip.resize(strip.len().clamp(MIN_LENGTH, MAX_LENGTH), false);
        let mut tab = TreblecrossTab {
            strip,
            game: None,
            message: None,
            cursor: 0,
            undo: Vec::new(),
            redo: Vec::new(),
            table: GrundyTable::with_len(PANEL_SPAN),
            analysis: None,
            safe: Vec::new(),
            job: None,
            examples: parse(EXAMPLES).unwrap_or_default(),
            next_example: 0,
            grundy_start: 0,
            grundy_stats: false,
        };
        tab.reanalyze();
        tab
    }

    pub fn strip(&self) -> &[bool] {
        &self.strip
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
            Ok(table) => {
                if table.len() > self.table.len() {
                    self.table = table;
                }
                self.job = None;
                self.reanalyze();
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                false
            }
        }
    }

    fn start_job(&mut self, wanted: usize) {
        let mut table = self.table.clone();
        let known = Arc::new(AtomicUsize::new(table.len()));
        let (send, result) = channel();
        let progress = Arc::clone(&known);
        std::thread::spawn(move || {
            table.extend_with_progress(wanted, |n| progress.store(n, Relaxed));
            // The tab may have gone: then nobody wants the table.
            let _ = send.send(table);
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

    /// Starts a game on the current strip, or stops the one going on.
    fn toggle_game(&mut self, first: Player) {
        if self.game.take().is_some() {
            self.message = Some("game stopped: the strip is yours to edit".into());
            return;
        }
        if self.analysis.is_none() {
            self.message = Some("wait for the Grundy values, then play".into());
            return;
        }
        if three_in_a_row(&self.strip).is_some() {
            self.message = Some("the strip already has three in a row: edit it first".into());
            return;
        }
        self.game = Some(Match {
            to_move: first,
            winner: None,
            moves: Vec::new(),
        });
        self.message = None;
        if first == Player::Engine {
            self.engine_reply();
        }
    }

    /// Places an X for `player` in a game; ends it on three in a row.
    fn place(&mut self, player: Player, cell: usize) {
        self.strip[cell] = true;
        self.reanalyze();
        if let Some(game) = &mut self.game {
            game.moves.push((player, cell));
            game.to_move = match player {
                Player::You => Player::Engine,
                Player::Engine => Player::You,
            };
            if three_in_a_row(&self.strip).is_some() {
                game.winner = Some(player);
            }
        }
    }

    fn engine_reply(&mut self) {
        match engine_move(&self.strip, &mut self.table) {
            Some(cell) => self.place(Player::Engine, cell),
            None => self.message = Some("the strip is full".into()),
        }
    }

    /// Your move in a game: an X on an empty cell, then the engine's reply.
    fn play_at(&mut self, cell: usize) {
        let Some(game) = &self.game else { return };
        if game.winner.is_some() {
            self.message = Some("the game is over: p starts a new one".into());
        } else if self.strip[cell] {
            self.message = Some(format!("cell {} already holds an X", cell + 1));
        } else {
            self.message = None;
            self.place(Player::You, cell);
            if self.game.as_ref().is_some_and(|g| g.winner.is_none()) {
                self.engine_reply();
            }
        }
    }

    /// Takes back your last move and the engine's reply to it.
    fn undo_in_game(&mut self) {
        let Some(game) = &mut self.game else { return };
        let Some(last_yours) = game.moves.iter().rposition(|(p, _)| *p == Player::You) else {
            self.message = Some("nothing of yours to take back".into());
            return;
        };
        for (_, cell) in game.moves.drain(last_yours..) {
            self.strip[cell] = false;
        }
        game.to_move = Player::You;
        game.winner = None;
        self.message = None;
        self.reanalyze();
    }

    /// Recomputes the analysis: once per edit, O(n) once the Grundy table
    /// reaches the longest free segment; a table that must grow far is
    /// built on a background thread and the analysis waits for it.
    fn reanalyze(&mut self) {
        self.cursor = self.cursor.min(self.strip.len() - 1);
        self.safe = safe_cells(&self.strip);
        let wanted = longest_free_segment(&self.strip) + 1;
        if wanted <= self.table.len() || wanted <= SYNC_GRUNDY {
            self.analysis = Some(analyze(&self.strip, &mut self.table));
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
                self.strip[i] = !self.strip[i];
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
            strip.resize(len, false);
            self.edit(Edit::Replace(strip));
        }
    }

    pub fn update(&mut self, action: TreblecrossAction) {
        use TreblecrossAction as A;
        let last = self.strip.len() - 1;
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
                if self.strip.iter().any(|&x| x) {
                    self.edit(Edit::Replace(vec![false; self.strip.len()]));
                }
            }
            A::NextExample => {
                if let Some(example) = self.examples.get(self.next_example).cloned() {
                    self.next_example = (self.next_example + 1) % self.examples.len();
                    self.cursor = 0;
                    self.edit(Edit::Replace(example));
                }
            }
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
                self.table.extend_to(self.grundy_start + PANEL_SPAN);
            }
            A::GrundyStats => self.grundy_stats = !self.grundy_stats,
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
        (cell < self.strip.len()).then_some(cell)
    }

    /// Whether a screen position is over the Grundy panel (mouse wheel).
    pub fn over_panel(&self, area: Rect, at: Position) -> bool {
        layout(area).is_some_and(|l| l.panel.contains(at))
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        let width = layout.strip.width as usize;
        let start = window_start(self.cursor, width);
        let end = (start + width).min(self.strip.len());
        self.render_ruler(layout.ruler, start, end, buf, theme);
        self.render_strip(layout.strip, start, end, buf, theme);
        self.render_segments(layout.segments, start, end, buf, theme);
        self.render_info(layout.info, start, end, buf, theme);
        self.render_panel(layout.panel, buf, theme);
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
            let (symbol, style) = if self.strip[cell] && engine_cells.contains(&cell) {
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
            } else if self.strip[cell] {
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
        let n = self.strip.len();
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
