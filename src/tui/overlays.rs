//! The app's pop-ups over the tabs: the help (every key that works now),
//! the rules, and the questions asked before work is lost. Long ones
//! scroll; each text is put through the noted writers, so that the tests
//! find any word cut.

use super::app::App;
use super::audit;
use super::widgets::{centered, put, wrap_words};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

impl App {
    /// Every key that works now with what it does, each help wrapped to
    /// the overlay's width; longer than the screen, it scrolls and says so.
    pub(super) fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let hints = self.hints();
        const LABEL: usize = 8;
        let longest = hints
            .iter()
            .map(|h| h.help.chars().count() + LABEL)
            .max()
            .unwrap_or(20);
        let width = (longest + 2)
            .min(usize::from(area.width.saturating_sub(2)))
            .max(12) as u16;
        let text_width = usize::from(width).saturating_sub(2 + LABEL).max(4);
        let mut lines: Vec<Line> = Vec::new();
        for hint in &hints {
            for (i, part) in wrap_words(hint.help, text_width).into_iter().enumerate() {
                let label = if i == 0 { hint.label } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{label:>6}  "), self.theme.key()),
                    Span::raw(part),
                ]));
            }
        }
        let titles = [self.tab.title(), self.tab.short_title()].map(|t| format!(" Keys: {t} "));
        let closing = "  ? or Esc closes this help";
        self.render_overlay(titles, lines, closing, width, area, buf);
    }

    /// A box of `lines` (each no wider than it) over the screen, with the
    /// first of the `titles` that fits, ending with the `closing` words;
    /// longer than the screen, it shows the lines from the scroll position
    /// and says how many more there are.
    fn render_overlay(
        &self,
        titles: [String; 2],
        lines: Vec<Line<'static>>,
        closing: &'static str,
        width: u16,
        area: Rect,
        buf: &mut Buffer,
    ) {
        // Room inside the borders, less the closing line.
        let room = usize::from(area.height.saturating_sub(3)).max(1);
        let scrolls = lines.len() > room;
        let last_first = lines.len().saturating_sub(room.saturating_sub(1));
        let first = if scrolls {
            self.overlay_scroll.min(last_first)
        } else {
            0
        };
        let shown = if scrolls { room - 1 } else { room };
        let mut visible: Vec<Line> = lines.iter().skip(first).take(shown).cloned().collect();
        if scrolls {
            let below = lines.len() - first - visible.len();
            let text = match (first, below) {
                (0, n) => format!("  ↓ {n} more lines: ↓ or PgDn"),
                (_, 0) => "  ↑ the end: ↑ or PgUp goes back".to_string(),
                (_, n) => format!("  ↑↓ {n} more lines below"),
            };
            visible.push(Line::styled(text, self.theme.key()));
        }
        visible.push(Line::styled(closing, self.theme.dim()));
        let popup = centered(area, width, visible.len() as u16 + 2);
        audit::layer(popup, "an overlay");
        Clear.render(popup, buf);
        let inner = Rect::new(
            popup.x + 1,
            popup.y + 1,
            popup.width.saturating_sub(2),
            popup.height.saturating_sub(2),
        );
        let block = Block::new().borders(Borders::ALL);
        block.render(popup, buf);
        let room = popup.width.saturating_sub(2);
        let [long, short] = titles;
        let title = if long.chars().count() <= usize::from(room) {
            long
        } else {
            short
        };
        put(buf, popup.x + 1, popup.y, &Line::from(title), room);
        for (row, line) in visible.iter().take(usize::from(inner.height)).enumerate() {
            put(buf, inner.x, inner.y + row as u16, line, inner.width);
        }
    }

    pub(super) fn render_rules(&self, area: Rect, buf: &mut Buffer) {
        let (title, paragraphs) = super::rules::rules(self.tab);
        let width = area.width.saturating_sub(4).min(72);
        let inner = usize::from(width.saturating_sub(2)).max(1);
        let mut lines = Vec::new();
        for paragraph in paragraphs {
            if !lines.is_empty() {
                lines.push(Line::from(""));
            }
            lines.extend(wrap_words(&paragraph, inner).into_iter().map(Line::from));
        }
        lines.push(Line::from(""));
        let titles = [title, self.tab.short_title()].map(|t| format!(" Rules: {t} "));
        self.render_overlay(titles, lines, "r or Esc closes the rules", width, area, buf);
    }

    /// A question in a box (" Sure? ", "A new game? The match in progress
    /// is lost.") with its answers: `y` and what it does, `n` or Esc.
    pub(super) fn render_question(
        &self,
        title: &str,
        question: &str,
        yes: &str,
        no: &str,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let width = area.width.saturating_sub(4).clamp(20, 50);
        let inner = usize::from(width.saturating_sub(3)).max(1);
        let mut lines: Vec<Line> = wrap_words(question, inner)
            .into_iter()
            .map(|l| Line::from(format!(" {l}")))
            .collect();
        lines.push(Line::from(""));
        lines.push(Line::from(vec![
            Span::styled("  y ", self.theme.key()),
            Span::raw(format!("{yes}   ")),
            Span::styled("n ", self.theme.key()),
            Span::raw(format!("(or Esc) {no}")),
        ]));
        let popup = centered(area, width, lines.len() as u16 + 2);
        audit::layer(popup, "a question");
        Clear.render(popup, buf);
        Block::new()
            .borders(Borders::ALL)
            .border_style(self.theme.key())
            .render(popup, buf);
        let room = popup.width.saturating_sub(2);
        put(
            buf,
            popup.x + 1,
            popup.y,
            &Line::from(title.to_string()),
            room,
        );
        for (row, line) in lines.iter().enumerate() {
            put(buf, popup.x + 1, popup.y + 1 + row as u16, line, room);
        }
    }
}

/// `text` with its first letter capital.
pub(super) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
