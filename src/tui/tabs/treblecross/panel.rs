//! The Grundy panel at the bottom of the Treblecross tab: the values of
//! free segments (or of any octal game's heaps) as bars on a fixed,
//! labelled scale, their statistics, or a plot of the whole table with
//! the rare values marked, so that the shape of the sequence shows.

use crate::notation::octal::code;
use crate::solver::grundy::rare_common::rare_common_split;
use crate::solver::grundy::{GrundyMethod, GrundyTable, RareCommon, Sequence};
use crate::solver::octal::{OctalGame, ValueTooLarge};
use crate::tui::ascii::{ellipsis, spelled};
use crate::tui::audit;
use crate::tui::text::TextField;
use crate::tui::theme::Theme;
use crate::tui::widgets::{put, put_label, render_wrapped, rows_of};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Borders, Chart, Dataset, GraphType, Sparkline, Widget};

/// What the panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelMode {
    /// One bar per length, on a scale fixed by the whole table.
    Values,
    /// The same bars, and the statistics of the lengths on screen.
    Stats,
    /// Every value of the table as a point (rare values marked).
    Plot,
}

/// Lengths the plot shows at first, and at most.
pub const PLOT_FIRST: usize = 1 << 16;
pub const PLOT_MOST: usize = 1 << 20;
/// The most values of another game computed on the UI thread at once.
const OTHER_MOST: usize = 1 << 16;

/// The panel's state.
#[derive(Debug, Clone)]
pub struct Panel {
    /// The first length shown by the bars.
    pub start: usize,
    pub mode: PanelMode,
    /// How many values the plot shows.
    pub plot_len: usize,
    /// Another octal game's heap values, shown instead of Treblecross's
    /// free segments.
    pub other: Option<(OctalGame, Vec<u16>)>,
    /// The game code being typed (`o`), if the prompt is open.
    pub prompt: Option<TextField>,
}

impl Default for Panel {
    fn default() -> Panel {
        Panel {
            start: 0,
            mode: PanelMode::Values,
            plot_len: PLOT_FIRST,
            other: None,
            prompt: None,
        }
    }
}

/// What the panel calls a sequence in its heading.
fn name(sequence: &Sequence) -> String {
    let game = sequence.game();
    if sequence.is_segments() {
        "G(L), Treblecross free segments".to_string()
    } else if game.is_grundys_game() {
        "G(n), Grundy's game (unequal splits)".to_string()
    } else {
        format!("G(n), {game} heaps")
    }
}

/// What a position is called: `L` (cells of a free segment) or `n`
/// (tokens of a heap).
fn position_name(sequence: &Sequence) -> &'static str {
    if sequence.is_segments() {
        "L"
    } else {
        "n"
    }
}

impl Panel {
    /// The sequence shown, with its game's heap values: Treblecross's free
    /// segments from `table`, or the other game's heaps.
    pub fn sequence<'a>(&'a self, table: &'a GrundyTable) -> (Sequence, &'a [u16]) {
        match &self.other {
            None => (Sequence::segments(), table.heap_values()),
            Some((game, values)) => (Sequence::heaps(game.clone()), values),
        }
    }

    /// Switches to another octal game (or back to Treblecross): its values
    /// up to what the panel needs now.
    pub fn show_game(
        &mut self,
        game: Option<OctalGame>,
        wanted: usize,
    ) -> Result<(), ValueTooLarge> {
        self.start = 0;
        self.other = match game {
            None => None,
            Some(game) => {
                let mut values = Vec::new();
                RareCommon.extend_to(&game, &mut values, wanted.min(OTHER_MOST), 1)?;
                Some((game, values))
            }
        };
        Ok(())
    }

    /// Makes sure the other game's values reach `wanted` (capped).
    pub fn extend_other(&mut self, wanted: usize) -> Result<(), ValueTooLarge> {
        if let Some((game, values)) = &mut self.other {
            RareCommon.extend_to(game, values, wanted.min(OTHER_MOST), 1)?;
        }
        Ok(())
    }

    /// The heading of the panel: what it shows and its keys.
    fn mode_word(&self) -> &'static str {
        match self.mode {
            PanelMode::Values => "values",
            PanelMode::Stats => "statistics",
            PanelMode::Plot => "plot (• rare)",
        }
    }

    fn title(&self, sequence: &Sequence) -> String {
        let mode = self.mode_word();
        format!(
            " Grundy {mode}: {}  [ ] scroll  s view  o game ",
            name(sequence)
        )
    }

    /// Draws the panel; `computing`: values known and wanted while a
    /// larger table is computed in the background (the plot says so).
    pub fn render(
        &self,
        area: Rect,
        table: &GrundyTable,
        in_use: &[usize],
        computing: Option<(usize, usize)>,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let (sequence, heaps) = self.sequence(table);
        // The whole title where it fits, else shorter forms of it.
        let (titles, style) = match computing {
            Some((known, wanted)) if self.mode == PanelMode::Plot && self.other.is_none() => {
                let (last, percent) = (wanted.saturating_sub(1), known * 100 / wanted.max(1));
                let titles = vec![
                    format!(
                        " Grundy plot: computing G(0 … {last}) in the background, {known} known ({percent}%)… "
                    ),
                    format!(" Grundy plot: computing G(0 … {last}), {percent}%… "),
                    format!(" computing G(0 … {last}): {percent}% "),
                    format!(" {percent}% "),
                ];
                (titles, theme.key())
            }
            // Too short for the chart: the title says so.
            _ if area.height < 5 && self.prompt.is_none() => {
                let mode = self.mode_word();
                let titles = vec![
                    format!(" Grundy {mode}: a taller screen shows them "),
                    format!(" Grundy {mode}: needs more rows "),
                    format!(" Grundy {mode} "),
                ];
                (titles, theme.dim())
            }
            _ => {
                let mode = self.mode_word();
                let titles = vec![
                    self.title(&sequence),
                    format!(" Grundy {mode}: {} ", name(&sequence)),
                    format!(" Grundy {mode}  s o [ ] "),
                    format!(" Grundy {mode} "),
                ];
                (titles, theme.dim())
            }
        };
        let room = area.width;
        let title = titles
            .into_iter()
            .find(|t| spelled(t).chars().count() + 2 <= usize::from(room))
            .unwrap_or_default();
        let block = Block::new()
            .borders(Borders::TOP)
            .border_style(theme.border());
        let inner = block.inner(area);
        block.render(area, buf);
        put(buf, area.x, area.y, &Line::styled(title, style), room);
        if let Some(prompt) = &self.prompt {
            // The whole question where it fits, else the short one.
            let typed = format!("{}▏", prompt.text);
            let question = [
                "octal game (a code such as 0.77, or a name; empty: Treblecross): ",
                "octal game (code or name): ",
                "game: ",
            ]
            .into_iter()
            .find(|q| q.chars().count() + typed.chars().count() + 28 <= usize::from(inner.width))
            .unwrap_or("game: ");
            let mut spans = vec![Span::styled(question, theme.key()), Span::raw(typed)];
            let width = Line::from(spans.clone()).width();
            if width + 28 <= usize::from(inner.width) {
                spans.push(Span::styled("   Enter: show  Esc: cancel", theme.dim()));
            }
            put(buf, inner.x, inner.y, &Line::from(spans), inner.width);
            return;
        }
        if inner.height < 4 || sequence.values(heaps).is_empty() {
            return;
        }
        match self.mode {
            PanelMode::Plot => self.render_plot(inner, &sequence, heaps, buf, theme),
            _ => self.render_bars(inner, &sequence, heaps, in_use, buf, theme),
        }
    }

    /// Bars for the lengths from `start`, on a y-scale from 0 to the
    /// largest value of the whole table (so a value keeps its height while
    /// scrolling), with ▲ under lengths in use, a ruler, and a line of the
    /// values or of the statistics.
    fn render_bars(
        &self,
        inner: Rect,
        sequence: &Sequence,
        heaps: &[u16],
        in_use: &[usize],
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let values = sequence.values(heaps);
        let first = self.start.min(values.len().saturating_sub(1));
        // The scale: the largest value from 0 to the right edge, rounded up
        // to a multiple of 8, so that it changes seldom while scrolling
        // and a value keeps its height (it only ever grows to the right).
        let reach = (first + usize::from(inner.width)).min(values.len());
        let largest = values[..reach]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .div_ceil(8)
            * 8;
        let axis_width = largest.max(1).to_string().len() as u16 + 1;
        let width = inner.width.saturating_sub(axis_width);
        let end = (first + usize::from(width)).min(values.len());
        let shown = &values[first..end];
        // Under the bars: the marks, the ruler, then the values' line or
        // the statistics wrapped (the bars give them the rows they need,
        // keeping two for themselves). The values view leaves the same
        // rows, so that `s` does not redraw the same bars at another
        // height under the same scale (issue 34).
        let stats_text = stats_lines(sequence, heaps, first, usize::from(width))
            .map(|l| Line::styled(l, theme.dim()));
        let needed = rows_of(&stats_text, inner.width) as u16;
        let text_rows = (2 + needed.max(1)).min(inner.height.saturating_sub(2));
        let stats = (self.mode == PanelMode::Stats).then_some(stats_text);
        let plot_height = inner.height.saturating_sub(text_rows);
        // The y-axis: the top value, the middle and 0.
        let axis_x = inner.x;
        if plot_height >= 1 {
            let top = inner.y;
            let bottom = inner.y + plot_height - 1;
            let label = |text: String| Line::styled(text, theme.dim());
            let w = usize::from(axis_width - 1);
            put_label(
                buf,
                axis_x,
                top,
                &label(format!("{largest:>w$}")),
                axis_width,
            );
            put_label(
                buf,
                axis_x,
                bottom,
                &label(format!("{:>w$}", 0)),
                axis_width,
            );
            if plot_height >= 5 {
                let middle = top + plot_height / 2;
                let value =
                    u32::from(largest) * u32::from(bottom - middle) / u32::from(plot_height - 1);
                put_label(
                    buf,
                    axis_x,
                    middle,
                    &label(format!("{value:>w$}")),
                    axis_width,
                );
            }
        }
        let data: Vec<u64> = shown.iter().map(|&g| u64::from(g)).collect();
        let plot = Rect::new(inner.x + axis_width, inner.y, width, plot_height);
        audit::region(
            Rect::new(inner.x, inner.y, inner.width, plot_height + 2),
            "the bars",
        );
        Sparkline::default()
            .data(&data)
            .max(u64::from(largest.max(1)))
            .style(theme.key())
            .render(plot, buf);
        let x0 = inner.x + axis_width;
        let marks = inner.y + plot_height;
        if self.other.is_none() {
            for (i, l) in (first..end).enumerate() {
                if in_use.contains(&l) {
                    buf[(x0 + i as u16, marks)]
                        .set_symbol("▲")
                        .set_style(theme.good());
                }
            }
        }
        // The ruler: a length every 10.
        let mut free = 0u16;
        for (i, l) in (first..end).enumerate() {
            let label = l.to_string();
            let col = i as u16;
            if l % 10 == 0 && col >= free && col + label.len() as u16 <= width {
                let room = width - col;
                put_label(
                    buf,
                    x0 + col,
                    marks + 1,
                    &Line::styled(label.clone(), theme.dim()),
                    room,
                );
                free = col + label.len() as u16 + 1;
            }
        }
        let line_y = marks + 2;
        if let Some([range, period]) = stats {
            let rows = inner.bottom().saturating_sub(line_y);
            let area = Rect::new(inner.x, line_y, inner.width, rows);
            render_wrapped(
                vec![range.patch_style(theme.best()), period],
                area,
                buf,
                theme.dim(),
            );
            return;
        }
        // The values as numbers: those in use first, then from the left.
        let at = position_name(sequence);
        let mut spans = Vec::new();
        if self.other.is_none() {
            let mut used: Vec<usize> = in_use.to_vec();
            used.sort_unstable();
            used.dedup();
            spans.push(Span::styled("in use ", theme.dim()));
            // As many as leave room for the values from the left.
            let room = usize::from(inner.width) / 2;
            let mut used_width = 7;
            let more = ellipsis();
            for (k, &l) in used.iter().take(8).enumerate() {
                if let Some(g) = values.get(l) {
                    let entry = format!("{l}:{g} ");
                    if used_width + entry.chars().count() + more.chars().count() + 1 > room && k > 0
                    {
                        spans.push(Span::styled(format!("{more} "), theme.dim()));
                        break;
                    }
                    used_width += entry.chars().count();
                    spans.push(Span::styled(entry, theme.best()));
                }
            }
            if used.is_empty() {
                spans.push(Span::styled("none ", theme.dim()));
            }
            spans.push(Span::styled("│ ", theme.dim()));
        }
        spans.push(Span::styled(format!("{at}:G from "), theme.dim()));
        // Whole entries only, on the rows the statistics would take, and
        // "…" where the last has no room for more ([ ] scroll to them).
        let room = usize::from(inner.width);
        let rows = inner.bottom().saturating_sub(line_y).max(1);
        let mut lines = Vec::new();
        let mut used_width: usize = spans.iter().map(|s| s.width()).sum();
        for (l, g) in values
            .iter()
            .enumerate()
            .skip(first)
            .take(24 * usize::from(rows))
        {
            let style = if in_use.contains(&l) && self.other.is_none() {
                theme.best()
            } else {
                Style::new()
            };
            let entry = format!("{l}:{g} ");
            if used_width + entry.chars().count() + ellipsis().chars().count() > room {
                if lines.len() + 1 == usize::from(rows) {
                    spans.push(Span::styled(ellipsis(), theme.dim()));
                    break;
                }
                lines.push(Line::from(std::mem::take(&mut spans)));
                used_width = 0;
            }
            used_width += entry.chars().count();
            spans.push(Span::styled(entry, style));
        }
        lines.push(Line::from(spans));
        for (row, line) in (line_y..).zip(&lines) {
            put(buf, inner.x, row, line, inner.width);
        }
    }

    /// Every value up to the plot's length as a point: common values in
    /// braille dots, rare ones (under the rare/common mask of the values
    /// plotted) as bullets.
    fn render_plot(
        &self,
        inner: Rect,
        sequence: &Sequence,
        heaps: &[u16],
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let values = sequence.values(heaps);
        let values = &values[..values.len().min(self.plot_len)];
        let n = values.len();
        let largest = values.iter().copied().max().unwrap_or(0);
        let mask = rare_common_split(values).mask;
        // One point per braille dot the chart can tell apart: values that
        // fall on the same dot are drawn once (65,536 points would be slow).
        let columns = usize::from(inner.width) * 2;
        let rows = usize::from(inner.height) * 4;
        let mut seen = vec![false; columns.max(1) * rows.max(1) * 2];
        let (mut common, mut rare) = (Vec::new(), Vec::new());
        for (l, &g) in values.iter().enumerate() {
            let is_rare = (g & mask).count_ones().is_multiple_of(2);
            let x = l * columns / n.max(1);
            let y = usize::from(g) * rows / (usize::from(largest) + 1);
            let slot = ((x * rows + y) * 2 + usize::from(is_rare)).min(seen.len() - 1);
            if !seen[slot] {
                seen[slot] = true;
                let point = (l as f64, f64::from(g));
                if is_rare {
                    rare.push(point);
                } else {
                    common.push(point);
                }
            }
        }
        let last = n.saturating_sub(1);
        // The common values last: where both fall in one cell, their
        // finer braille dots show; the rare ones' bullets elsewhere.
        let chart = Chart::new(vec![
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(theme.good())
                .data(&rare),
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Scatter)
                .style(theme.key())
                .data(&common),
        ])
        .x_axis(
            // (No axis title: ratatui draws it over the last points; the
            // panel's title names the axis.)
            Axis::default()
                .bounds([0.0, last.max(1) as f64])
                .labels(vec![
                    Span::styled("0", theme.dim()),
                    Span::styled((last / 2).to_string(), theme.dim()),
                    Span::styled(last.to_string(), theme.dim()),
                ]),
        )
        .y_axis(
            Axis::default()
                .title(Span::styled("G", theme.dim()))
                .bounds([0.0, f64::from(largest.max(1))])
                .labels(vec![
                    Span::styled("0", theme.dim()),
                    Span::styled((largest / 2).to_string(), theme.dim()),
                    Span::styled(largest.to_string(), theme.dim()),
                ]),
        );
        audit::region(inner, "the plot");
        chart.render(inner, buf);
    }
}

/// The statistics line of the `count` values from `first`, as `noughts
/// grundy --stats` gives them (the same figures, from
/// [`Sequence::figures`]), and the period check of the values up to the
/// last of them. `heaps` are the game's heap values.
pub fn stats_lines(sequence: &Sequence, heaps: &[u16], first: usize, count: usize) -> [String; 2] {
    let at = position_name(sequence);
    let figures = sequence.figures(heaps, first..first.saturating_add(count));
    let Some(last) = figures.end.checked_sub(1) else {
        return [String::new(), String::new()];
    };
    let (first, s) = (figures.first, &figures.stats);
    let rare = if s.split.rare == 0 {
        "none rare".to_string()
    } else {
        format!("{} rare, last at {at}={}", s.split.rare, s.split.last_rare)
    };
    let range = format!(
        "{at} {first}…{last}: largest {} at {at}={}; {} distinct; mask {:#x}: {rare}",
        s.largest, s.first_largest_at, s.distinct, s.split.mask,
    );
    let period = match figures.period {
        _ if !figures.period_checked => {
            format!("G(0…{last}): no period check for Grundy's game")
        }
        Some(p) => format!(
            "G(0…{last}): period {} from {at}={} ({})",
            p.period,
            p.preperiod,
            code(sequence.game())
        ),
        None => format!("G(0…{last}): no period up to {at}={last} (Guy–Smith check)"),
    };
    [range, period]
}
