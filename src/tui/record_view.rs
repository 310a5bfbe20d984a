//! How both match tabs show a game's record: the move list with its review
//! marks, the review of one move (the values before and after it, in the
//! live panel's words), and the perfect line. A tab says how its moves and
//! values are written ([`Words`]); the rest is the same in both.

use crate::solver::record::{Mark, Record, Rules, Shown, Value};
use crate::tui::theme::Theme;
use crate::tui::value_history::{ValueHistory, LEAST_ROWS, MOST_ROWS};
use crate::tui::widgets::{key_lines, put_str, rows_of, together};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as At, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// How a game writes its moves and values.
pub trait Words<R: Rules> {
    /// A move as the list writes it (`x X c1 ×o`, `you 5`).
    fn move_text(&self, before: &R::Position, mv: R::Move) -> String;
    /// A side as the review names it after a move (`you`, `the engine`;
    /// empty when the move's text names it already).
    fn who(&self, side: R::Side) -> &'static str;
    /// A position's value for its mover, as the live panel says it there.
    fn value_text(&self, position: &R::Position, value: R::Value) -> String;
    /// The move list's heading.
    fn list_heading(&self) -> &'static str {
        "moves (click one to review)"
    }
    /// The side the value history is drawn for, and its name there (`you`
    /// in a game; in a study of the line, the player to move first).
    fn history_side(&self, record: &Record<R>) -> (R::Side, &'static str);
}

/// An area of words over a record's list split in two: the words first,
/// then the list (and value history) in the rows they leave, at least two
/// (its heading and a row); the words alone with no move to list (a game
/// not begun: its empty list cut the cursor's line at 80×24), or in fewer
/// than 5 rows.
pub fn split_words_and_list(
    info: Rect,
    lines: &[Line<'static>],
    has_moves: bool,
) -> (Rect, Option<Rect>) {
    if !has_moves || info.height < 5 {
        return (info, None);
    }
    let rows = rows_of(lines, info.width);
    let list_rows = (info.height as usize).saturating_sub(rows).max(2) as u16;
    let list_rows = list_rows.min(info.height - 2);
    let status = Rect {
        height: info.height - list_rows,
        ..info
    };
    let list = Rect {
        y: status.bottom(),
        height: list_rows,
        ..info
    };
    (status, Some(list))
}

/// Whether `record` has a move to list: one played at least, or a perfect
/// line shown.
pub fn has_moves<R: Rules>(record: &Record<R>) -> bool {
    !record.moves().is_empty() || record.shown() != Shown::Live
}

/// What a take-back of `moves` moves took, in words: your move alone when
/// it ended the game (no reply came), else the engine's reply too.
pub fn taken_back(moves: usize) -> &'static str {
    if moves == 1 {
        "took back your last move"
    } else {
        "took back your last move and the engine's reply"
    }
}

/// How many of the game's moves "continue here" would drop from what
/// `record` shows (none: `None`): the question asked before it.
pub fn dropped_moves<R: Rules>(record: &Record<R>) -> Option<usize> {
    let ply = match record.shown() {
        Shown::Live => return None,
        Shown::Review { ply } | Shown::Line { ply, .. } => ply,
    };
    let dropped = record.moves().len().saturating_sub(ply);
    (dropped > 0).then_some(dropped)
}

/// The style of a move's mark in lists and reviews.
fn mark_style(mark: Mark, theme: &Theme) -> Style {
    match mark {
        Mark::Blunder => theme.bad(),
        Mark::Inaccuracy => theme.key(),
        Mark::Best => theme.good(),
        Mark::Good => theme.dim(),
    }
}

/// The status lines of a review: the move that led to the position
/// shown, with its values and its mark, and what the keys do.
pub fn review_lines<R: Rules>(
    record: &Record<R>,
    words: &impl Words<R>,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let ply = match record.shown() {
        Shown::Review { ply } => ply,
        _ => return Vec::new(),
    };
    let moves = record.moves().len();
    let mut lines = vec![Line::styled(
        format!("REVIEW, after move {ply} of {moves}"),
        theme.title(),
    )];
    match ply.checked_sub(1) {
        None => lines.push(Line::from("the start: no move yet")),
        Some(i) => {
            let before = record.position_at(i);
            let after = record.position_at(ply);
            let mv = record.moves()[i];
            let who = match words.who(R::to_move(&before)) {
                "" => String::new(),
                who => format!(" ({who})"),
            };
            lines.push(Line::from(format!(
                "{ply}. {}{who}",
                words.move_text(&before, mv)
            )));
            match record.annotation(i) {
                Some(note) => {
                    lines.push(Line::from(vec![
                        Span::styled("before ", theme.dim()),
                        Span::raw(words.value_text(&before, note.before)),
                    ]));
                    let mark = note.mark();
                    lines.push(Line::from(vec![
                        Span::styled("after  ", theme.dim()),
                        Span::raw(words.value_text(&after, note.after)),
                        Span::styled(format!("  {}", mark.words()), mark_style(mark, theme)),
                    ]));
                }
                None => lines.push(Line::styled("asking the engine…", theme.dim())),
            }
        }
    }
    lines.extend(key_lines(
        &[
            "< > step",
            "click a move",
            "p perfect line",
            "c continue here",
            "Esc back",
        ],
        width,
        theme.dim(),
    ));
    lines
}

/// A puzzle's perfect line under what giving it up cost, if it was given
/// up (`cost`: `given up: it counts as a miss; your rating …`).
pub fn line_lines_under<R: Rules>(
    cost: Option<String>,
    record: &Record<R>,
    continues: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = (cost.into_iter())
        .map(|words| Line::styled(words, theme.bad()))
        .collect();
    lines.extend(line_lines(record, continues, width, theme));
    lines
}

/// The status lines of a perfect line: where it starts, how long it is,
/// the step shown, and what the keys do (`c` where play can go on from
/// it: not a puzzle's line, whose game is the puzzle).
pub fn line_lines<R: Rules>(
    record: &Record<R>,
    continues: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let Shown::Line { ply, step, .. } = record.shown() else {
        return Vec::new();
    };
    let from = if ply == record.moves().len() {
        "the position as it stands".to_string()
    } else if ply == 0 {
        "the start".to_string()
    } else {
        format!("move {ply} on")
    };
    let mut lines = vec![Line::styled(
        format!("PERFECT LINE from {from}"),
        theme.title(),
    )];
    match record.line() {
        None => lines.push(Line::styled("asking the engine…", theme.dim())),
        Some(line) => {
            let more = if line.cut { " (and more)" } else { "" };
            lines.push(Line::from(line_steps(line.moves.len(), more, step)));
        }
    }
    let back = match record.shown() {
        Shown::Line {
            reviewing: true, ..
        } => "p or Esc back to the review",
        _ => "p or Esc back",
    };
    lines.extend(key_lines(
        &line_keys("c continue from the step shown", back, continues),
        width,
        theme.dim(),
    ));
    lines
}

/// What a perfect line's keys do, in its panel: stepping, `continue`
/// (its words, said only where play can go on: not in a puzzle's line,
/// whose game is the puzzle), and `back`.
pub fn line_keys<'a>(continue_words: &'a str, back: &'a str, continues: bool) -> Vec<&'a str> {
    let mut keys = vec!["< > step"];
    if continues {
        keys.push(continue_words);
    }
    keys.push(back);
    keys
}

/// What a list shows: a heading, its entries and the one highlighted.
struct Entries {
    heading: &'static str,
    items: Vec<(String, Style)>,
    selected: Option<usize>,
    /// With none selected, the first page is shown (a line read from its
    /// first move), else the last (a game's latest moves).
    from_start: bool,
}

/// The game's moves with their marks (the reviewed one highlighted), or
/// the perfect line with the value after each move (the step shown).
fn entries<R: Rules>(record: &Record<R>, words: &impl Words<R>, theme: &Theme) -> Entries {
    if let Shown::Line { ply, step, .. } = record.shown() {
        let mut items = Vec::new();
        if let Some(line) = record.line() {
            let mut position = line.from.clone();
            for (k, &(mv, value)) in line.moves.iter().enumerate() {
                let text = words.move_text(&position, mv);
                R::play(&mut position, mv);
                let after = words.value_text(&position, value.after_best_move());
                items.push((format!("{}. {text}: {after}", ply + k + 1), Style::new()));
            }
        }
        return Entries {
            heading: "the line (the value after each move)",
            items,
            selected: step.checked_sub(1),
            from_start: true,
        };
    }
    let mut items = Vec::with_capacity(record.moves().len());
    record.visit(|i, before, mv| {
        let mark = record.annotation(i).map(|note| note.mark());
        let sign = mark
            .and_then(Mark::sign)
            .map_or(String::new(), |s| format!(" {s}"));
        let style = match mark {
            Some(m @ (Mark::Blunder | Mark::Inaccuracy)) => mark_style(m, theme),
            _ => Style::new(),
        };
        items.push((
            format!("{}. {}{sign}", i + 1, words.move_text(before, mv)),
            style,
        ));
    });
    let selected = match record.shown() {
        Shown::Review { ply } => ply.checked_sub(1),
        _ => None,
    };
    Entries {
        heading: words.list_heading(),
        items,
        selected,
        // The start reviewed: the first moves.
        from_start: record.shown() == Shown::Review { ply: 0 },
    }
}

/// Where a list's entries go: columns as wide as the longest entry, and
/// the page holding the highlighted entry (else the last page).
struct Grid {
    first: usize,
    columns: usize,
    width: u16,
    rows: usize,
}

impl Grid {
    fn of(area: Rect, entries: &Entries) -> Grid {
        let longest = entries
            .items
            .iter()
            .map(|(text, _)| text.chars().count())
            .max()
            .unwrap_or(1);
        // An even number of columns where two fit, so that a row holds
        // whole rounds (a move and its reply); spread over the width.
        let fitting = usize::from(area.width / (longest as u16 + 2).max(1)).max(1);
        let columns = if fitting >= 2 {
            fitting - fitting % 2
        } else {
            1
        };
        let width = (area.width / columns as u16).max(1);
        let rows = usize::from(area.height.saturating_sub(1)).max(1);
        let page = rows * columns;
        let count = entries.items.len();
        // Whole rows, so that a move keeps its column as the list grows.
        let last_page = count.saturating_sub(page).div_ceil(columns) * columns;
        let first = match entries.selected {
            Some(i) if i < last_page => i / columns * columns,
            None if entries.from_start => 0,
            _ => last_page,
        };
        Grid {
            first,
            columns,
            width,
            rows,
        }
    }

    /// The entry drawn at row `row`, column `column` of the list.
    fn index(&self, row: usize, column: usize) -> usize {
        self.first + row * self.columns + column
    }
}

/// Draws the list of the record's state in `area`: a heading (unless the
/// value history's strip takes its row), then the entries in columns (the
/// game's moves, or the perfect line).
fn render_list<R: Rules>(
    record: &Record<R>,
    words: &impl Words<R>,
    area: Rect,
    with_heading: bool,
    buf: &mut Buffer,
    theme: &Theme,
) {
    if area.height < 2 || area.width == 0 {
        return;
    }
    let entries = entries(record, words, theme);
    let grid = Grid::of(area, &entries);
    // The heading says how many entries are off the page, either way.
    let earlier = grid.first;
    let later = entries
        .items
        .len()
        .saturating_sub(grid.first + grid.rows * grid.columns);
    let sign = match (earlier, later) {
        (0, 0) => String::new(),
        // Not "above": the list does not scroll, the review (`<` `>`)
        // brings them (round 11 looked for a way up).
        (e, 0) => format!("; {e} earlier, < shows them"),
        (0, l) => format!("; {l} later, > shows them"),
        (e, l) => format!("; {e} earlier, {l} later"),
    };
    let short = entries.heading.split(" (").next().unwrap_or_default();
    let heading = [
        format!("{}{sign}", entries.heading),
        format!("{short}{sign}"),
        format!(
            "{short}{}",
            sign.replace(" earlier", "").replace(" more", "")
        ),
    ]
    .into_iter()
    .find(|h| h.chars().count() <= usize::from(area.width))
    .unwrap_or_default();
    let style = if sign.is_empty() {
        theme.dim()
    } else {
        theme.key()
    };
    if with_heading {
        put_str(buf, area.x, area.y, &heading, area.width, style);
    }
    for row in 0..grid.rows {
        for column in 0..grid.columns {
            let i = grid.index(row, column);
            let Some((text, style)) = entries.items.get(i) else {
                return;
            };
            let style = if entries.selected == Some(i) {
                style.patch(theme.cursor())
            } else {
                *style
            };
            let x = area.x + column as u16 * grid.width;
            let room = grid.width.saturating_sub(2).max(1).min(area.right() - x);
            put_str(
                buf,
                x,
                area.y + 1 + row as u16,
                &cut_to(text, room),
                room,
                style,
            );
        }
    }
}

/// `text` in `room` columns: as it is where it fits, else cut with the
/// sign of more (a narrow screen's one column of long entries).
fn cut_to(text: &str, room: u16) -> String {
    let text = crate::tui::ascii::spelled(text);
    let room = usize::from(room);
    if text.chars().count() <= room {
        return text.into_owned();
    }
    let more = crate::tui::ascii::ellipsis();
    let kept = room.saturating_sub(more.chars().count());
    text.chars().take(kept).chain(more.chars()).collect()
}

/// The rows under a record's words: its value history (in a review, at
/// game over, along the line) over the move list, which keeps its heading
/// and three rows where it can (else one); the history's chart where it
/// gets [`LEAST_ROWS`], else its one-row compact form (over the list's
/// heading where the list has only two rows).
fn record_areas<R: Rules>(
    record: &Record<R>,
    side: R::Side,
    area: Rect,
) -> (Option<(ValueHistory, Rect)>, Rect) {
    // The list keeps its heading and three moves where it can, else one.
    let rows = match area.height.saturating_sub(4) {
        rows if rows >= LEAST_ROWS => rows,
        _ => area.height.saturating_sub(2),
    }
    .min(MOST_ROWS);
    // Too few rows for the chart: its compact strip in one, where the
    // list keeps its heading and a move under it.
    let rows = match rows {
        rows if rows >= LEAST_ROWS => rows,
        _ if area.height >= 2 => 1,
        _ => 0,
    };
    let history = (rows > 0).then(|| ValueHistory::of(record, side)).flatten();
    match history {
        Some(history) => {
            let chart = Rect {
                height: rows,
                ..area
            };
            // In two rows the strip takes the list's heading row: the move
            // shown matters more than how many are off the page.
            let list = match area.height - rows {
                left if left >= 2 => Rect {
                    y: area.y + rows,
                    height: left,
                    ..area
                },
                _ => area,
            };
            (Some((history, chart)), list)
        }
        None => (None, area),
    }
}

/// Draws what `area` holds of the record: the value history (for the side
/// [`Words::history_side`] names) and the move list.
pub fn render_record<R: Rules>(
    record: &Record<R>,
    words: &impl Words<R>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let (side, whose) = words.history_side(record);
    let (history, list) = record_areas(record, side, area);
    let under = history.as_ref().is_some_and(|(_, chart)| chart.y == list.y);
    render_list(record, words, list, !under, buf, theme);
    if let Some((history, chart)) = history {
        history.render(whose, chart, buf, theme);
    }
}

/// The position (moves from the start) a click at `at` on what
/// [`render_record`] drew asks for: a bar of the history, or a move of the
/// list (the position after it).
pub fn ply_at<R: Rules>(
    record: &Record<R>,
    words: &impl Words<R>,
    area: Rect,
    at: At,
) -> Option<usize> {
    let (side, whose) = words.history_side(record);
    let (history, list) = record_areas(record, side, area);
    if let Some((history, chart)) = history {
        if let Some(k) = history.position_at(whose, chart, at) {
            // Along the line a bar is a step of it: the click does
            // nothing there (< > step along it).
            return match record.shown() {
                Shown::Line { .. } => None,
                _ => Some(k),
            };
        }
    }
    move_at(record, words, list, at).map(|i| i + 1)
}

/// The move (0-based) a click at `at` on the list in `area` picks; none
/// while the perfect line is listed.
fn move_at<R: Rules>(
    record: &Record<R>,
    words: &impl Words<R>,
    area: Rect,
    at: At,
) -> Option<usize> {
    if !area.contains(at) || at.y == area.y || matches!(record.shown(), Shown::Line { .. }) {
        return None;
    }
    let entries = entries(record, words, &Theme { color: false });
    let grid = Grid::of(area, &entries);
    let column = usize::from((at.x - area.x) / grid.width);
    if column >= grid.columns {
        return None;
    }
    let i = grid.index(usize::from(at.y - area.y - 1), column);
    (i < entries.items.len()).then_some(i)
}

/// A perfect line's length and the step shown, as every tab heads it:
/// `4 moves of perfect play; step 0 of 4` (`more` after the count when the
/// line was cut).
pub fn line_steps(count: usize, more: &str, step: usize) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!(
        "{count} move{plural} of perfect play{more}; {}",
        together(&format!("step {step} of {count}"))
    )
}
