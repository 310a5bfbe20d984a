//! Small pieces of drawing every tab may use.

use super::ascii::{self, spelled};
use super::audit::{self, Kind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::cell::Cell;

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

/// Clears a pop-up's place and a blank margin of one cell around it
/// (within `area`), so that no word behind the pop-up touches its edge;
/// a side of a few columns beside it goes whole (only fragments fit
/// there). The rest of the screen stays as it was (the frame dims it:
/// [`dim`]). (Round 13 saw a cut word's `w` beside a pop-up; round 21 saw
/// the chase for such fragments take board edges and move names with it,
/// so the screen looked wiped around the box.)
pub fn clear_popup(popup: Rect, area: Rect, buf: &mut Buffer) {
    let x = popup.x.saturating_sub(1).max(area.x);
    let y = popup.y.saturating_sub(1).max(area.y);
    let right = (popup.right() + 1).min(area.right());
    let bottom = (popup.bottom() + 1).min(area.bottom());
    let margin = Rect::new(x, y, right.saturating_sub(x), bottom.saturating_sub(y));
    let area = area.intersection(buf.area);
    // A word the margin cuts in two goes whole (a lone `g` of `clicking`
    // read as a word of its own), punctuation with it; board edges and
    // other words stay.
    let letter = |buf: &Buffer, column: u16, row: u16| {
        // Board edges (box drawing and blocks) are not words.
        buf.cell((column, row)).is_some_and(|c| {
            let symbol = c.symbol();
            !symbol.trim().is_empty()
                && symbol
                    .chars()
                    .all(|ch| !('\u{2500}'..='\u{259f}').contains(&ch))
        })
    };
    let cut: Vec<(bool, bool)> = (y..bottom)
        .map(|row| {
            let left = x > area.x && letter(buf, x, row) && letter(buf, x - 1, row);
            let right =
                right < area.right() && letter(buf, right - 1, row) && letter(buf, right, row);
            (left, right)
        })
        .collect();
    for (row, (left, right_cut)) in (y..bottom).zip(cut) {
        let mut column = x;
        while left && column > area.x && letter(buf, column - 1, row) {
            column -= 1;
            buf[(column, row)].reset();
        }
        let mut column = right;
        while right_cut && column < area.right() && letter(buf, column, row) {
            buf[(column, row)].reset();
            column += 1;
        }
    }
    ratatui::widgets::Clear.render(margin, buf);
    // A side narrower than this is only fragments: cleared whole.
    const NARROW: u16 = 8;
    let (left_narrow, right_narrow) = (x - area.x < NARROW, area.right() - right < NARROW);
    for row in y..bottom {
        let columns = (left_narrow.then_some(area.x..x).into_iter())
            .chain(right_narrow.then_some(right..area.right()));
        for column in columns.flatten() {
            buf[(column, row)].reset();
        }
    }
}

/// Dims what `area` shows: what is behind a pop-up reads as behind.
pub fn dim(area: Rect, buf: &mut Buffer) {
    buf.set_style(
        area.intersection(buf.area),
        Style::new().add_modifier(ratatui::style::Modifier::DIM),
    );
}

/// Rows of the screen that are not a tab's: the tab bar and the footer.
pub const SHELL_ROWS: u16 = 2;

/// Shown instead of a tab that does not fit (in `area`, the tab's part of
/// the screen, needing `need`): what the terminal needs, and has.
pub fn render_too_small(area: Rect, buf: &mut Buffer, need: (u16, u16)) {
    let text = format!(
        "Enlarge the terminal: this tab needs {}×{}, it is {}×{}.",
        need.0,
        need.1 + SHELL_ROWS,
        area.width,
        area.height + SHELL_ROWS
    );
    let text = spelled(&text).into_owned();
    audit::text(Kind::Wrapped, area, || vec![text.clone()]);
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

thread_local! {
    /// The page of a cut panel the app shows in the frame it draws (`J`
    /// reads on, `K` back), and the last page a panel drawn in it had.
    static PAGE: Cell<usize> = const { Cell::new(0) };
    static LAST_PAGE: Cell<usize> = const { Cell::new(0) };
}

/// A cut panel shows its page `page` while this frame is drawn (the app's
/// drawing of one frame); [`last_page`] then says how far it goes.
pub fn reading_on(page: usize) -> ReadingOn {
    LAST_PAGE.with(|last| last.set(0));
    ReadingOn {
        was: PAGE.with(|shown| shown.replace(page)),
    }
}

/// Puts the page back as it was when dropped.
pub struct ReadingOn {
    was: usize,
}

impl Drop for ReadingOn {
    fn drop(&mut self) {
        PAGE.with(|shown| shown.set(self.was));
    }
}

/// The last page of the panels cut in the frame last drawn (0: none cut).
pub fn last_page() -> usize {
    LAST_PAGE.with(Cell::get)
}

/// `lines` wrapped into `area`; when they need more rows than it has, its
/// last row says how many more and how to read them (`J` reads on a page,
/// `K` goes back), instead of cutting the words off silently. A page ends
/// between two lines where one does (round 15 read a sentence split
/// across pages); only a line longer than a page is split.
pub fn render_wrapped(lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer, sign: Style) {
    let lines: Vec<Line<'static>> = lines.into_iter().map(spelled_line).collect();
    audit::text(Kind::Wrapped, area, || lines.iter().map(plain).collect());
    // Each line wraps on its own: the rows it takes, and where it ends.
    let mut ends = Vec::with_capacity(lines.len());
    let mut needed = 0;
    for line in &lines {
        needed += Paragraph::new(line.clone())
            .wrap(Wrap { trim: false })
            .line_count(area.width);
        ends.push(needed);
    }
    let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false });
    if needed <= usize::from(area.height) {
        paragraph.render(area, buf);
        return;
    }
    let more = match usize::from(area.height) {
        0 => return,
        // One row: no page to turn, the sign alone.
        1 => format!(
            "{} {} (enlarge the window)",
            ascii::ellipsis(),
            rows_more(needed)
        ),
        // A page is at most every row but the last, which says what is left.
        height => {
            let pages = pages(&ends, height - 1);
            let last = pages.len() - 1;
            LAST_PAGE.with(|most| most.set(most.get().max(last)));
            let page = PAGE.with(Cell::get).min(last);
            let (top, bottom) = pages[page];
            let text = Rect::new(area.x, area.y, area.width, (bottom - top) as u16);
            let scroll = u16::try_from(top).unwrap_or(u16::MAX);
            paragraph.scroll((scroll, 0)).render(text, buf);
            let left = needed - bottom;
            match (left, page) {
                (0, _) => "the end: K back up".to_string(),
                (_, 0) => format!("{} {}: J reads on", ascii::ellipsis(), rows_more(left)),
                _ => format!("{} {}: J on, K back", ascii::ellipsis(), rows_more(left)),
            }
        }
    };
    let row = area.bottom() - 1;
    buf.set_style(Rect::new(area.x, row, area.width, 1), Style::reset());
    for x in area.left()..area.right() {
        buf[(x, row)].set_symbol(" ");
    }
    buf.set_stringn(area.x, row, more, usize::from(area.width), sign);
}

/// `1 more row`, `5 more rows`.
fn rows_more(rows: usize) -> String {
    match rows {
        1 => "1 more row".to_string(),
        n => format!("{n} more rows"),
    }
}

/// The pages of lines whose last rows are `ends` (counted from the top),
/// `rows` a page at most: each page's first and past-last row. A page ends
/// at the last line end within it, unless the line it would push on is
/// longer than a page anyway, or the page would be less than half full:
/// then that line is split where the page ends.
fn pages(ends: &[usize], rows: usize) -> Vec<(usize, usize)> {
    let needed = ends.last().copied().unwrap_or(0);
    let mut pages = Vec::new();
    let mut top = 0;
    while top < needed {
        let room = top + rows;
        let bottom = if room >= needed {
            needed
        } else {
            // The line that runs past the page: where it starts and ends.
            let over = ends.partition_point(|&end| end <= room);
            let start = if over == 0 { 0 } else { ends[over - 1] };
            // Pushed on whole where it fits a page and this one is at
            // least half full (a page of one row over two blank ones read
            // as the end).
            let half_full = start.saturating_sub(top) >= rows.div_ceil(2);
            match half_full && ends[over] - start <= rows {
                true => start,
                false => room,
            }
        };
        pages.push((top, bottom));
        top = bottom;
    }
    pages
}

/// A space that wrapping keeps (no-break): `step 1 of 4` wraps whole
/// (round 12 read `step 1 of` / `4`). The frame draws it as a plain space
/// ([`plain_spaces`]).
const KEPT_SPACE: char = '\u{a0}';

/// `words` with its spaces kept by wrapping: they wrap as one word.
pub fn together(words: &str) -> String {
    words.replace(' ', &KEPT_SPACE.to_string())
}

/// Draws each kept space of `area` as a plain space, once the frame is
/// drawn: a terminal, a copied screen and `tmux capture-pane` read a space.
pub fn plain_spaces(buf: &mut Buffer, area: Rect) {
    let area = area.intersection(buf.area);
    let kept = KEPT_SPACE.to_string();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if buf[(x, y)].symbol() == kept {
                buf[(x, y)].set_symbol(" ");
            }
        }
    }
}

/// The rows `lines` take wrapped at `width` (spelled as they are drawn).
pub fn rows_of(lines: &[Line<'_>], width: u16) -> usize {
    let lines: Vec<Line<'_>> = lines.iter().cloned().map(spelled_line).collect();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .line_count(width)
}

/// A list of keys and what they do (`< > step`, `c continue here`), two
/// spaces apart as in the footer, in as many lines of at most `width`
/// columns as it takes: a line breaks between two entries, never inside
/// one (where one entry is wider than `width`, wrapping breaks it).
pub fn key_lines(entries: &[&str], width: u16, style: Style) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for entry in entries {
        let needed = line.chars().count() + 2 + entry.chars().count();
        if !line.is_empty() && needed > usize::from(width) {
            lines.push(Line::styled(std::mem::take(&mut line), style));
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(entry);
    }
    if !line.is_empty() {
        lines.push(Line::styled(line, style));
    }
    lines
}

/// `line` as the frame being drawn writes it: in ASCII with `...` for `…`
/// and the like ([`ascii::spelled`]), its styles kept.
pub fn spelled_line<'a>(mut line: Line<'a>) -> Line<'a> {
    if ascii::on() {
        for span in &mut line.spans {
            if let std::borrow::Cow::Owned(text) = spelled(&span.content) {
                span.content = text.into();
            }
        }
    }
    line
}

/// Columns `line` takes as drawn (spelled in ASCII).
pub fn width_of(line: &Line<'_>) -> usize {
    spelled_line(line.clone()).width()
}

/// `line` on one row from `(x, y)` in at most `room` columns: the words
/// that must fit there (the tests check they do).
pub fn put(buf: &mut Buffer, x: u16, y: u16, line: &Line<'_>, room: u16) {
    let Some(room) = room_on_screen(buf, x, y, room) else {
        return;
    };
    let line = spelled_line(line.clone());
    audit::text(Kind::Row, Rect::new(x, y, room, 1), || vec![plain(&line)]);
    buf.set_line(x, y, &line, room);
}

/// The columns of `room` from `(x, y)` that are on the screen; `None` where
/// that place is off it. Every text goes through here, so that a window
/// resized to any size (1×1 included) never has a text drawn past its edge.
fn room_on_screen(buf: &Buffer, x: u16, y: u16, room: u16) -> Option<u16> {
    let area = buf.area;
    let inside = (area.x..area.right()).contains(&x) && (area.y..area.bottom()).contains(&y);
    inside.then(|| room.min(area.right() - x))
}

/// `text` in `style` on one row, as [`put`] puts a line.
pub fn put_str(buf: &mut Buffer, x: u16, y: u16, text: &str, room: u16, style: Style) {
    let Some(room) = room_on_screen(buf, x, y, room) else {
        return;
    };
    let text = spelled(text);
    audit::text(Kind::Row, Rect::new(x, y, room, 1), || {
        vec![text.to_string()]
    });
    buf.set_stringn(x, y, &text, usize::from(room), style);
}

/// A label inside a board's or chart's cell, as [`put`] puts a line (it
/// may sit on the board, not on another text).
pub fn put_label(buf: &mut Buffer, x: u16, y: u16, line: &Line<'_>, room: u16) {
    let line = spelled_line(line.clone());
    audit::text(Kind::Label, Rect::new(x, y, room, 1), || vec![plain(&line)]);
    buf.set_line(x, y, &line, room);
}

/// A line's words without their styles.
pub fn plain(line: &Line<'_>) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// `line` as the rows it takes at `width`, each a line of its own with
/// its styles, broken at plain spaces (a kept space holds its words
/// together; a word longer than the width gets a row of its own): a pager
/// may then end a page inside it (a hint under its question at 40×16).
pub fn split_rows(line: &Line<'static>, width: u16) -> Vec<Line<'static>> {
    let line = spelled_line(line.clone());
    let width = usize::from(width.max(1));
    // The words, each a run of (char, style), and the rows they fill.
    let chars: Vec<(char, ratatui::style::Style)> = (line.spans.iter())
        .flat_map(|span| span.content.chars().map(move |c| (c, span.style)))
        .collect();
    let words: Vec<&[(char, ratatui::style::Style)]> = chars
        .split(|&(c, _)| c == ' ')
        .filter(|w| !w.is_empty())
        .collect();
    let mut rows: Vec<Vec<(char, ratatui::style::Style)>> = Vec::new();
    for word in words {
        match rows.last_mut() {
            Some(row) if row.len() + 1 + word.len() <= width => {
                let style = row.last().map_or(line.style, |&(_, s)| s);
                row.push((' ', style));
                row.extend_from_slice(word);
            }
            _ => rows.push(word.to_vec()),
        }
    }
    // Each row's characters back into spans, a span a style.
    rows.into_iter()
        .map(|row| {
            let mut spans: Vec<ratatui::text::Span<'static>> = Vec::new();
            for (c, style) in row {
                match spans.last_mut() {
                    Some(span) if span.style == style => span.content.to_mut().push(c),
                    _ => spans.push(ratatui::text::Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans).style(line.style)
        })
        .collect()
}

/// `text` broken into lines of at most `width` characters at spaces (a
/// word longer than the width gets a line of its own).
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if !line.is_empty() && needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_rows_are_the_rows_a_paragraph_wraps_to_with_their_styles() {
        use ratatui::style::Stylize;
        let line = Line::from(vec![
            "hint 2: ".bold(),
            ratatui::text::Span::raw(format!(
                "X is on a1 and b1: one {} left",
                together("cell is")
            )),
        ]);
        for width in [10u16, 16, 24, 38, 80] {
            let rows = split_rows(&line, width);
            assert_eq!(
                rows.len(),
                rows_of(std::slice::from_ref(&line), width),
                "{width}"
            );
            let words = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
            let joined = rows.iter().map(plain).collect::<Vec<_>>().join(" ");
            assert_eq!(words(joined), words(plain(&line)), "{width}");
            assert!(rows
                .iter()
                .all(|r| plain(r).chars().count() <= usize::from(width)));
            assert!(rows[0].spans[0]
                .style
                .add_modifier
                .contains(ratatui::style::Modifier::BOLD));
        }
    }

    #[test]
    fn key_lists_break_between_entries() {
        let entries = ["< > step", "click a move", "p perfect line", "Esc back"];
        let text = |lines: Vec<Line>| -> Vec<String> { lines.iter().map(plain).collect() };
        assert_eq!(
            text(key_lines(&entries, 80, Style::new())),
            ["< > step  click a move  p perfect line  Esc back"]
        );
        assert_eq!(
            text(key_lines(&entries, 24, Style::new())),
            ["< > step  click a move", "p perfect line  Esc back"]
        );
        assert_eq!(text(key_lines(&entries, 5, Style::new())).len(), 4);
    }

    #[test]
    fn words_wrap_at_spaces_within_the_width() {
        let text = "three of one's own pieces in a line wins";
        let lines = wrap_words(text, 12);
        assert!(lines.iter().all(|l| l.chars().count() <= 12), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap_words("", 5), Vec::<String>::new());
        assert_eq!(wrap_words("abcdefgh ij", 4), ["abcdefgh", "ij"]);
    }

    /// A pop-up clears its place and a margin of one cell; beside it the
    /// screen stays (round 21 read board edges and moves wiped around a
    /// question; the frame dims it); a side of a few columns goes whole.
    #[test]
    fn a_popup_keeps_the_screen_beside_it() {
        let area = Rect::new(0, 0, 40, 3);
        let row = |buf: &Buffer, y: u16| -> String {
            (0..40).map(|x| buf[(x, y)].symbol().to_string()).collect()
        };
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "x kept          ........  words stay", Style::new());
        buf.set_string(0, 1, "x   cutwordcutwordcutwordrest  stays", Style::new());
        clear_popup(Rect::new(16, 0, 8, 2), area, &mut buf);
        assert_eq!(row(&buf, 0), "x kept                    words stay    ");
        // The word the margin cut goes whole, on both sides.
        assert_eq!(row(&buf, 1), "x                              stays    ");
        // A board's edge the margin cuts stays.
        let mut buf = Buffer::empty(area);
        buf.set_string(
            0,
            1,
            "├───────────┼───────────┼──────────────┤",
            Style::new(),
        );
        clear_popup(Rect::new(16, 0, 8, 2), area, &mut buf);
        assert_eq!(row(&buf, 1), "├───────────┼──          ──────────────┤");
        assert_eq!(row(&buf, 2), "                                        ");
        // A side narrower than 8 columns is cleared whole, on the margin's
        // rows too (round 13: a `w` and a `█` were left there).
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "│a │ some text here to the end of it", Style::new());
        buf.set_string(
            0,
            1,
            "  w   some text here to the end of it █",
            Style::new(),
        );
        clear_popup(Rect::new(5, 1, 28, 1), area, &mut buf);
        assert_eq!(row(&buf, 0).trim(), "");
        assert_eq!(row(&buf, 1).trim(), "");
    }

    /// A panel cut short reads on a page at a time (`J`) to its end, every
    /// word once, and says what is left; a page past the end is the last.
    #[test]
    fn a_cut_panel_reads_on_page_by_page() {
        let words: Vec<String> = (1..=23).map(|k| format!("word{k:02}")).collect();
        let area = Rect::new(0, 0, 30, 4);
        let page = |n: usize| -> (Vec<String>, String) {
            let _page = reading_on(n);
            let mut buf = Buffer::empty(area);
            let lines = words.iter().map(|w| Line::raw(w.clone())).collect();
            render_wrapped(lines, area, &mut buf, Style::new());
            let rows: Vec<String> = (0..4)
                .map(|y| (0..30).map(|x| buf[(x, y)].symbol().to_string()).collect())
                .collect();
            let text = rows[..3].iter().map(|r| r.trim().to_string());
            (text.filter(|r| !r.is_empty()).collect(), rows[3].clone())
        };
        // 23 rows, 3 a page: 8 pages, the last (7) with two.
        let mut read = Vec::new();
        for n in 0..8 {
            let (text, sign) = page(n);
            assert_eq!(last_page(), 7);
            read.extend(text);
            let left = 23usize.saturating_sub(3 * (n + 1));
            let expected = match (left, n) {
                (0, _) => "the end: K back up".to_string(),
                (_, 0) => format!("… {left} more rows: J reads on"),
                _ => format!("… {left} more rows: J on, K back"),
            };
            assert!(sign.starts_with(&expected), "page {n}: {sign:?}");
        }
        assert_eq!(read, words);
        assert_eq!(page(12).0, ["word22", "word23"]);
        // One row: the sign alone (no page to turn).
        let row = Rect::new(0, 0, 40, 1);
        let mut buf = Buffer::empty(row);
        let lines = words.iter().map(|w| Line::raw(w.clone())).collect();
        render_wrapped(lines, row, &mut buf, Style::new());
        let sign: String = (0..40).map(|x| buf[(x, 0)].symbol().to_string()).collect();
        assert!(sign.starts_with("… 23 more rows (enlarge"), "{sign:?}");
        // Words that fit: no sign, nothing cut, no page.
        let _page = reading_on(3);
        let mut buf = Buffer::empty(area);
        render_wrapped(vec![Line::raw("all here")], area, &mut buf, Style::new());
        assert_eq!(buf[(0, 0)].symbol(), "a");
        assert_eq!(last_page(), 0);
    }

    /// Pages end between lines: lines of two rows, three rows a page, make
    /// pages of two; a line longer than a page is split where a page ends;
    /// what is left says `row` for one.
    #[test]
    fn pages_end_between_lines() {
        assert_eq!(pages(&[2, 4, 6], 3), [(0, 2), (2, 4), (4, 6)]);
        assert_eq!(pages(&[1, 8, 9], 3), [(0, 3), (3, 6), (6, 9)]);
        assert_eq!(pages(&[1, 4, 5], 3), [(0, 3), (3, 5)]);
        assert_eq!(pages(&[2, 5, 6], 4), [(0, 2), (2, 6)]);
        assert_eq!(pages(&[1, 2, 3, 4], 3), [(0, 3), (3, 4)]);
        // Drawn: the second page starts with the second sentence whole.
        let area = Rect::new(0, 0, 12, 4);
        let sentences = ["one two three", "four five six", "seven"];
        let page = |n: usize| -> Vec<String> {
            let _page = reading_on(n);
            let mut buf = Buffer::empty(area);
            let lines = sentences.iter().map(|w| Line::raw(*w)).collect();
            render_wrapped(lines, area, &mut buf, Style::new());
            (0..4)
                .map(|y| {
                    let row: String = (0..12).map(|x| buf[(x, y)].symbol()).collect();
                    row.trim_end().to_string()
                })
                .collect()
        };
        assert_eq!(page(0), ["one two", "three", "", "… 3 more row"]);
        assert_eq!(page(1), ["four five", "six", "seven", "the end: K b"]);
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 3));
        let lines = vec![Line::raw("a"), Line::raw("b"), Line::raw("c")];
        render_wrapped(lines, Rect::new(0, 0, 30, 2), &mut buf, Style::new());
        let sign: String = (0..30).map(|x| buf[(x, 1)].symbol()).collect();
        assert!(sign.starts_with("… 2 more rows: J reads on"), "{sign:?}");
        let lines = ["a", "b", "c", "d", "e"].map(Line::raw).to_vec();
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 3));
        let _page = reading_on(1);
        render_wrapped(lines, Rect::new(0, 0, 30, 3), &mut buf, Style::new());
        let sign: String = (0..30).map(|x| buf[(x, 2)].symbol()).collect();
        assert!(sign.starts_with("… 1 more row: J on, K back"), "{sign:?}");
    }
}
