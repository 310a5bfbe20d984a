//! The value history of a game, the same in every match tab: each
//! position's value for one side as a bar, a win above the axis and a loss
//! below, the taller the nearer the end (a won game played well rises
//! toward its win; full height where only the result is known), a draw a block on the axis; the position shown in
//! reverse with its number under it, and the `??` and `?!` moves marked
//! under the bar of the position they led to. Drawn
//! in the rows the move list gives it (ratatui's canvas paints the bars);
//! a click on a bar goes to that position. Where the list can spare only
//! one row (a 40×16 screen), a compact form: a strip of half blocks, the
//! upper half a win, the lower a loss, a dash a draw.

use crate::solver::record::{Ending, Mark, Record, Rules, Shown, Value};
use crate::tui::audit;
use crate::tui::theme::Theme;
use crate::tui::widgets::{put_label, width_of};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as At, Rect};
use ratatui::style::Color;
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine};
use ratatui::widgets::Widget;

/// Rows the history takes at least: its title, a row of bars up, the
/// axis, a row down, and the row of marks under them.
pub const LEAST_ROWS: u16 = 5;
/// Rows it takes at most: bars up to 4 rows each way.
pub const MOST_ROWS: u16 = 11;

/// The compact form's signs: a win, a loss, a draw (in ASCII `~` `=` `-`).
const COMPACT_WIN: &str = "▀";
const COMPACT_LOSS: &str = "▄";
const COMPACT_DRAW: &str = "─";

/// A game's positions as the history draws them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueHistory {
    /// Each position's ending for the side the history is drawn for, from
    /// the start.
    pub endings: Vec<Ending>,
    /// The mark of the move that led to each position (none for the start).
    pub marks: Vec<Option<Mark>>,
    /// The position shown.
    pub shown: usize,
}

/// The positions a chart shows, first to last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    first: usize,
    last: usize,
}

impl ValueHistory {
    /// The history of what `record` shows, for `side`: the game in a
    /// review or once it is over (when the engine has given every move's
    /// values), the perfect line while it is shown; `None` otherwise.
    pub fn of<R: Rules>(record: &Record<R>, side: R::Side) -> Option<ValueHistory> {
        let for_side = |position: &R::Position, value: R::Value| {
            let ending = value.ending();
            if R::to_move(position) == side {
                ending
            } else {
                ending.other()
            }
        };
        match record.shown() {
            Shown::Line { step, .. } => {
                let line = record.line()?;
                let mut position = line.from.clone();
                let mut endings = Vec::with_capacity(line.moves.len() + 1);
                for &(mv, value) in &line.moves {
                    endings.push(for_side(&position, value));
                    R::play(&mut position, mv);
                }
                // The position after the last move (of the line, or of
                // its first moves where it is cut).
                let (_, last) = line.moves.last()?;
                endings.push(for_side(&position, last.after_best_move()));
                let marks = vec![None; endings.len()];
                Some(ValueHistory {
                    shown: step,
                    endings,
                    marks,
                })
            }
            shown => {
                let ply = match shown {
                    Shown::Review { ply } => ply,
                    // Over, won or drawn (round 20 found no history after
                    // a drawn tic-tac-toe game).
                    _ if R::is_over(record.current()) => record.moves().len(),
                    _ => return None,
                };
                let notes = record.annotations().filter(|n| !n.is_empty())?;
                let mut endings = Vec::with_capacity(notes.len() + 1);
                endings.push(for_side(record.start(), notes[0].before));
                let marks = std::iter::once(None)
                    .chain(notes.iter().map(|n| Some(n.mark())))
                    .collect();
                // The position after each move, and its value for its mover.
                let mut position = record.start().clone();
                for (i, &mv) in record.moves().iter().enumerate() {
                    R::play(&mut position, mv);
                    endings.push(for_side(&position, notes[i].after));
                }
                Some(ValueHistory {
                    endings,
                    marks,
                    shown: ply,
                })
            }
        }
    }

    /// The last position's index: the x axis runs from 0 to this.
    fn last(&self) -> usize {
        self.endings.len().saturating_sub(1)
    }

    /// Every position, as the compact strip spreads them.
    fn all(&self) -> Span {
        Span {
            first: 0,
            last: self.last(),
        }
    }

    /// The positions the bars show in `width` columns: every one where
    /// they stand a column apart or more, else as many as do, around the
    /// position shown (the latest while a game is played); side by side,
    /// bars ran into one block (round 20, a long Notakto game at 80×24).
    fn bars_span(&self, width: u16) -> Span {
        let count = usize::from(width.div_ceil(2)).max(1);
        let len = self.endings.len();
        if len <= count {
            return self.all();
        }
        let first = (self.shown.min(self.last()))
            .saturating_sub(count / 2)
            .min(len - count);
        Span {
            first,
            last: first + count - 1,
        }
    }

    /// The column of position `k` in a chart `width` columns wide showing
    /// `span`, as the canvas places it (rounded from the x bounds); `None`
    /// outside the span.
    fn column(&self, span: Span, k: usize, width: u16) -> Option<u16> {
        if !(span.first..=span.last).contains(&k) {
            return None;
        }
        let across = (span.last - span.first).max(1) as f64;
        Some(((k - span.first) as f64 * f64::from(width.saturating_sub(1)) / across).round() as u16)
    }

    /// The position drawn at column `column` of a chart `width` wide
    /// showing `span`.
    fn position_at_column(&self, span: Span, column: u16, width: u16) -> usize {
        let columns = f64::from(width.saturating_sub(1)).max(1.0);
        let k = (f64::from(column) * (span.last - span.first) as f64 / columns).round() as usize;
        (span.first + k).min(span.last)
    }

    /// Whether any bar goes up (a win for the side) and any goes down.
    fn ways(&self) -> (bool, bool) {
        let up = self.endings.iter().any(|e| matches!(e, Ending::Win(_)));
        let down = self.endings.iter().any(|e| matches!(e, Ending::Loss(_)));
        (up, down)
    }

    /// Where the bars go in `area`: under the title, over the marks; an
    /// odd number of rows where they go both ways, so that the axis has a
    /// row of its own in the middle (the bars start a row off it, so a win
    /// never shares a cell with a loss).
    fn bars_area(&self, area: Rect) -> Rect {
        let rows = area.height.saturating_sub(2);
        let rows = match self.ways() {
            (true, true) => rows - (1 - rows % 2).min(rows),
            _ => rows,
        };
        Rect::new(area.x, area.y + 1, area.width, rows)
    }

    /// Whether bars in `bars` are drawn at all (clicks go there only then).
    fn drawn(bars: Rect) -> bool {
        bars.height >= 3 && bars.width >= 8
    }

    /// Where the compact form's strip goes in its row: after the side's
    /// name, a cell a position where they fit (else spread as the bars
    /// are); the legend after it where there is room.
    fn compact_layout(&self, side: &str, area: Rect) -> (Rect, Option<String>) {
        let name = format!("{}: ", compact_name(side, area));
        let before = (name.chars().count() as u16).min(area.width / 3);
        let room = area.width.saturating_sub(before);
        let cells = (self.endings.len() as u16).min(room);
        let strip = Rect::new(area.x + before, area.y, cells, 1);
        let legend = format!(" {COMPACT_WIN} win {COMPACT_LOSS} loss");
        let fits = room.saturating_sub(cells) as usize >= legend.chars().count();
        (strip, fits.then_some(legend))
    }

    /// The position a click at `at` picks: a column of the bars or marks
    /// (of the strip, in the compact form, drawn for the side `side`).
    pub fn position_at(&self, side: &str, area: Rect, at: At) -> Option<usize> {
        if area.height < LEAST_ROWS {
            let (strip, _) = self.compact_layout(side, area);
            return (strip.width >= 2 && strip.contains(at))
                .then(|| self.position_at_column(self.all(), at.x - strip.x, strip.width));
        }
        let bars = self.bars_area(area);
        if !Self::drawn(bars) {
            return None;
        }
        let rows = Rect::new(bars.x, bars.y, bars.width, bars.height + 1);
        let span = self.bars_span(bars.width);
        rows.contains(at)
            .then(|| self.position_at_column(span, at.x - bars.x, bars.width))
    }

    /// Draws the history in `area` for the side named `side`: the chart in
    /// [`LEAST_ROWS`] rows or more, else the compact strip in the first.
    pub fn render(&self, side: &str, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if area.height < LEAST_ROWS {
            return self.render_compact(side, area, buf, theme);
        }
        let bars = self.bars_area(area);
        if !Self::drawn(bars) {
            return;
        }
        // The longest distance known, if any: where none is (a long
        // Treblecross strip, many Notakto boards) every bar is full height,
        // and the legend says so instead of "taller: nearer the end" (round
        // 20 read it over bars of one height).
        let known = (self.endings.iter())
            .filter_map(|e| match e {
                Ending::Win(d) | Ending::Loss(d) => *d,
                Ending::Draw => None,
            })
            .max();
        let longest = known.unwrap_or(1).max(1);
        let (long, short) = match known {
            Some(_) => (
                ", the taller the nearer the end",
                "; taller: nearer the end",
            ),
            None => (" (who wins is known, not how soon)", " (results only)"),
        };
        let titles = [
            format!("value history for {side}: a win above the line, a loss below{long}"),
            format!("for {side}: win above, loss below{short}"),
            format!("for {side}: win up, loss down"),
        ];
        if let Some(title) = titles
            .into_iter()
            .map(|t| Line::styled(t, theme.dim()))
            .find(|t| width_of(t) <= usize::from(area.width))
        {
            put_label(buf, area.x, area.y, &title, area.width);
        }
        audit::region(bars, "the value history");
        // The axis: a row of its own, in the middle where bars go both
        // ways, else at the top (only losses) or the bottom (only wins).
        // A bar's height is how near the end it is (one more than the
        // longest distance, less the distance), so that a won game played
        // well rises toward its win instead of sinking as it nears it.
        let top = f64::from(longest) + 1.0;
        let (axis, y_bounds) = match self.ways() {
            (false, true) => (bars.y, [-top, 0.0]),
            (true, false) => (bars.bottom() - 1, [0.0, top]),
            _ => (bars.y + bars.height / 2, [-top, top]),
        };
        for x in bars.left()..bars.right() {
            buf[(x, axis)].set_symbol("─").set_style(theme.dim());
        }
        // Positions left out are signed at the axis's ends (`<` reviews
        // the earlier ones).
        let span = self.bars_span(bars.width);
        let more = crate::tui::ascii::ellipsis();
        if span.first > 0 {
            buf[(bars.x, axis)].set_symbol(more).set_style(theme.dim());
        }
        if span.last < self.last() {
            buf[(bars.right() - 1, axis)].set_symbol(more).set_style(theme.dim());
        }
        // A row is `step` high; the bars run from one row off the axis to
        // their height (at least that row), a result with no known
        // distance to the top.
        let step = (y_bounds[1] - y_bounds[0]) / f64::from(bars.height - 1);
        let x_bounds = [span.first as f64, (span.first + (span.last - span.first).max(1)) as f64];
        let colour = |style: ratatui::style::Style| style.fg.unwrap_or(Color::Reset);
        let (win, loss) = (colour(theme.win()), colour(theme.loss()));
        let endings = &self.endings;
        Canvas::default()
            .marker(Marker::Block)
            .x_bounds(x_bounds)
            .y_bounds(y_bounds)
            .paint(|ctx| {
                for (k, ending) in endings.iter().enumerate().take(span.last + 1).skip(span.first) {
                    let x = k as f64;
                    let (sign, d, color) = match *ending {
                        Ending::Win(d) => (1.0, d, win),
                        Ending::Loss(d) => (-1.0, d, loss),
                        Ending::Draw => continue,
                    };
                    let height = d.map_or(top, |d| top - f64::from(d)).max(step);
                    ctx.draw(&CanvasLine::new(x, sign * step, x, sign * height, color));
                }
            })
            .render(bars, buf);
        // Draws: a bar of no height, a block on the axis (no win or loss
        // is drawn on its row).
        for (k, ending) in endings.iter().enumerate() {
            if let (Ending::Draw, Some(column)) = (ending, self.column(span, k, bars.width)) {
                buf[(bars.x + column, axis)].set_symbol("█").set_style(theme.draw());
            }
        }
        // Under the bars: the position shown, and the moves marked.
        let marks_y = bars.bottom();
        let spacing = (self.column(span, span.first + 1, bars.width)).unwrap_or(bars.width).max(1);
        for (k, mark) in self.marks.iter().enumerate() {
            // The position shown has its ▲ (the review names its mark).
            let Some(sign) = mark.and_then(Mark::sign).filter(|_| k != self.shown) else {
                continue;
            };
            let style = match mark {
                Some(Mark::Blunder) => theme.bad(),
                _ => theme.key(),
            };
            let Some(column) = self.column(span, k, bars.width) else {
                continue;
            };
            let x = bars.x + column;
            // The sign's first character where the columns are narrow, or
            // at the right edge.
            let room = bars.right() - x;
            let text = if spacing >= 3 && room >= 2 {
                sign
            } else {
                &sign[..1]
            };
            put_label(
                buf,
                x,
                marks_y,
                &Line::styled(text, style),
                text.len() as u16,
            );
        }
        // The position shown: its column reversed, its number under it
        // (moves from the start, as the review counts them).
        let shown = self.column(span, self.shown.min(self.last()), bars.width);
        let x = bars.x + shown.unwrap_or(0);
        buf.set_style(Rect::new(x, bars.y, 1, bars.height), theme.cursor());
        let number = self.shown.to_string();
        let width = number.len() as u16;
        let x = x.min(bars.right().saturating_sub(width));
        put_label(buf, x, marks_y, &Line::styled(number, theme.title()), width);
    }
}

impl ValueHistory {
    /// The compact form in `area`'s first row: `you: ▀▀▄▄─` and the legend,
    /// the position shown reversed, a marked move's position underlined.
    fn render_compact(&self, side: &str, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let (strip, legend) = self.compact_layout(side, area);
        if strip.width < 2 {
            return;
        }

        let name = Line::styled(format!("{}:", compact_name(side, area)), theme.dim());
        put_label(buf, area.x, area.y, &name, strip.x - area.x);
        audit::region(strip, "the value history");
        for x in 0..strip.width {
            let k = self.position_at_column(self.all(), x, strip.width);
            let (sign, style) = match self.endings[k] {
                Ending::Win(_) => (COMPACT_WIN, theme.win()),
                Ending::Loss(_) => (COMPACT_LOSS, theme.loss()),
                Ending::Draw => (COMPACT_DRAW, theme.draw()),
            };
            let marked = self.marks.get(k).copied().flatten().and_then(Mark::sign);
            let style = match (k == self.shown, marked) {
                (true, _) => theme.cursor(),
                (false, Some(_)) => style.add_modifier(ratatui::style::Modifier::UNDERLINED),
                (false, None) => style,
            };
            buf[(strip.x + x, strip.y)]
                .set_symbol(sign)
                .set_style(style);
        }
        if let Some(legend) = legend {
            let legend = Line::styled(legend, theme.dim());
            put_label(
                buf,
                strip.right(),
                area.y,
                &legend,
                area.right() - strip.right(),
            );
        }
    }
}

/// The side's name before the compact strip: whole where it fits in a
/// third of the row, else its one telling word (`the first player`:
/// `first`), so that a cut never leaves half a word (`the first pl`).
fn compact_name(side: &str, area: Rect) -> &str {
    let room = usize::from(area.width / 3).saturating_sub(2);
    if side.chars().count() <= room {
        return side;
    }
    let side = side.strip_prefix("the ").unwrap_or(side);
    side.strip_suffix(" player").unwrap_or(side)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A history of `endings`, unmarked, `shown` in reverse.
    fn history(endings: Vec<Ending>, shown: usize) -> ValueHistory {
        ValueHistory {
            marks: vec![None; endings.len()],
            endings,
            shown,
        }
    }

    /// `history` drawn on a blank `area`, without colour.
    fn drawn(history: &ValueHistory, area: Rect) -> Buffer {
        let mut buf = Buffer::empty(area);
        history.render("you", area, &mut buf, &Theme { color: false });
        buf
    }

    #[test]
    fn the_compact_strip_has_a_cell_a_position_and_clicks_find_them() {
        let endings = vec![
            Ending::Win(Some(5)),
            Ending::Loss(Some(4)),
            Ending::Draw,
            Ending::Win(Some(1)),
        ];
        let history = history(endings, 1);
        let area = Rect::new(0, 0, 40, 1);
        let buf = drawn(&history, area);
        let row: String = (0..40).map(|x| buf[(x, 0)].symbol().to_string()).collect();
        assert!(row.starts_with("you: ▀▄─▀ ▀ win ▄ loss"), "{row}");
        for k in 0..4 {
            let at = At::new(5 + k as u16, 0);
            assert_eq!(history.position_at("you", area, at), Some(k));
        }
        assert_eq!(history.position_at("you", area, At::new(2, 0)), None);
    }

    /// Bars of one height where no distance is known: the legend does not
    /// say "taller: nearer the end" over them (round 20), and does where a
    /// distance is known.
    #[test]
    fn the_legend_speaks_of_height_only_where_a_distance_is_known() {
        let legend = |endings: Vec<Ending>| {
            let buf = drawn(&history(endings, 0), Rect::new(0, 0, 100, 9));
            (0..100).map(|x| buf[(x, 0)].symbol().to_string()).collect::<String>()
        };
        let results_only = legend(vec![Ending::Win(None), Ending::Loss(None), Ending::Win(None)]);
        assert!(!results_only.contains("taller"), "{results_only}");
        assert!(results_only.contains("not how soon"), "{results_only}");
        let known = legend(vec![Ending::Win(Some(3)), Ending::Loss(Some(2)), Ending::Win(Some(1))]);
        assert!(known.contains("the taller the nearer the end"), "{known}");
    }

    /// A win kept to its end rises: each bar at least as tall as the one
    /// before, the last taller than the first (a newcomer read bars as
    /// tall as the moves left as a game slipping away).
    #[test]
    fn a_win_played_out_rises_toward_its_end() {
        let endings: Vec<Ending> = (0..=6).rev().map(|d| Ending::Win(Some(d))).collect();
        let area = Rect::new(0, 0, 28, 9);
        let buf = drawn(&history(endings, 0), area);
        let heights: Vec<usize> = (0..area.width)
            .map(|x| {
                (1..area.height)
                    .filter(|&y| buf[(x, y)].symbol() == "█")
                    .count()
            })
            .filter(|&h| h > 0)
            .collect();
        assert_eq!(heights.len(), 7, "a bar a position: {heights:?}");
        assert!(heights.windows(2).all(|w| w[0] <= w[1]), "{heights:?}");
        assert!(heights[6] > heights[0], "{heights:?}");
    }

    #[test]
    fn columns_and_clicks_agree_both_ways() {
        let history = history(vec![Ending::Win(Some(3)); 10], 0);
        for width in [10, 23, 40, 77] {
            let span = history.bars_span(width);
            for k in span.first..=span.last {
                let column = history.column(span, k, width).unwrap();
                assert!(column < width);
                assert_eq!(history.position_at_column(span, column, width), k, "{width}");
            }
        }
    }

    /// More positions than fit a column apart: the bars around the one
    /// shown, a column apart, the ends signed where some are left out,
    /// and a click picks the bar under it (round 20 read a long Notakto
    /// game's bars at 80×24 as one block).
    #[test]
    fn a_long_game_s_bars_stand_apart_around_the_position_shown() {
        let endings: Vec<Ending> = (0..60)
            .map(|k| match k % 3 {
                0 => Ending::Win(Some(2)),
                1 => Ending::Loss(Some(2)),
                _ => Ending::Win(None),
            })
            .collect();
        let area = Rect::new(0, 0, 40, 9);
        for shown in [59, 30, 0] {
            let history = history(endings.clone(), shown);
            let buf = drawn(&history, area);
            let bars = history.bars_area(area);
            let axis = bars.y + bars.height / 2;
            let has_bar = |x: u16| (bars.top()..bars.bottom()).any(|y| y != axis && buf[(x, y)].symbol() == "█");
            let columns: Vec<u16> = (0..area.width).filter(|&x| has_bar(x)).collect();
            assert!(columns.len() >= 15, "{shown}: {columns:?}");
            assert!(columns.windows(2).all(|w| w[1] - w[0] >= 2), "{shown}: {columns:?}");
            // The position shown is among them, and clicks agree.
            let span = history.bars_span(area.width);
            assert!((span.first..=span.last).contains(&shown), "{span:?}");
            for x in columns {
                let k = history.position_at("you", area, At::new(x, bars.y)).unwrap();
                assert_eq!(history.column(span, k, area.width), Some(x), "{shown}");
            }
            // Left out before or after: an ellipsis at that end of the axis.
            let end = |x: u16| buf[(x, axis)].symbol() == "…";
            assert_eq!(end(0), span.first > 0, "{shown}");
            assert_eq!(end(area.width - 1), span.last < 59, "{shown}");
        }
        assert_eq!(history(endings.clone(), 59).bars_span(40).last, 59, "the latest while played");
        // Few enough: every position, as before.
        assert_eq!(history(endings[..20].to_vec(), 3).bars_span(40), Span { first: 0, last: 19 });
    }
}
