//! The app's pop-ups over the tabs, one at a time ([`Overlay`]): the help
//! (every key that works now), the rules, the questions asked before work
//! is lost, and the path prompt of Ctrl-S and Ctrl-O. Their keys are
//! [`OVERLAY`](super::action::OVERLAY). Long ones scroll; each text is put
//! through the noted writers, so that the tests find any word cut.

use super::action::{Action, DASHBOARD, DASHBOARD_MISSED, FILE, HELP, OVERLAY, QUESTION, RULES};
use super::ascii::ellipsis;
use super::audit;
use super::files::FilePrompt;
use super::keymap::{self, Hint, When};
use super::tabs::{TabAction, TabId};
use super::theme::Theme;
use super::widgets::{centered, clear_popup, put, wrap_words};
use crate::notation::counted;
use crate::notation::saved::Saved;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

/// A question the app asks before doing something that loses work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// Quit, while these are at stake ("the Treblecross game", "the
    /// Noughts & Crosses+ match"): every one is named.
    Quit(Vec<&'static str>),
    /// Do a tab's action that throws a match in progress away.
    Abandon { question: String, action: TabAction },
    /// Load a file over a match in progress (Ctrl-O).
    Load {
        question: String,
        saved: Box<Saved>,
        path: String,
    },
}

/// The pop-up over the tabs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    Help,
    Rules,
    Question(Question),
    /// The path being typed for Ctrl-S or Ctrl-O.
    File(FilePrompt),
    /// The puzzle dashboard of the tab's game; whether it has missed
    /// puzzles to play again (`m` works then).
    Dashboard {
        missed: bool,
    },
}

impl Overlay {
    /// Which of [`OVERLAY`]'s keys apply.
    pub fn mode(&self) -> When {
        match self {
            Overlay::Help => HELP,
            Overlay::Rules => RULES,
            Overlay::Question(_) => QUESTION,
            Overlay::File(_) => FILE,
            Overlay::Dashboard { missed: false } => DASHBOARD,
            Overlay::Dashboard { missed: true } => DASHBOARD.or(DASHBOARD_MISSED),
        }
    }

    /// The pop-up's keys that have a footer word, as `(keys, word)`: its
    /// closing line, and the app's footer while it is shown (the tab's keys
    /// there would not work; round 20 read them under `D`).
    pub fn footer_entries(&self) -> Vec<(&'static str, &'static str)> {
        if let Overlay::File(_) = self {
            // The prompt takes every key: these are its own.
            return vec![("Enter", "go"), ("Esc", "cancel")];
        }
        keymap::hints(OVERLAY, self.mode())
            .filter_map(|h| h.footer_entry())
            .collect()
    }

    /// The pop-up's closing line, from its keys' footer words.
    fn closing(&self) -> String {
        self.footer_entries()
            .into_iter()
            .map(|(keys, word)| format!("  {keys} {word}"))
            .collect()
    }

    /// The action a key press is while the pop-up is shown: it takes every
    /// key (the path prompt each one typed, Ctrl-C aside).
    pub fn key_action(&self, key: &crossterm::event::KeyEvent) -> Option<Action> {
        let action = keymap::applicable(OVERLAY, key, self.mode());
        match self {
            Overlay::File(_) if action != Some(Action::QuitNow) => Some(Action::FileKey(*key)),
            _ => action,
        }
    }
}

/// What drawing the pop-ups needs to know of the app.
pub struct Context<'a> {
    pub tab: TabId,
    /// Every key that works now, for the help.
    pub hints: &'a [Hint],
    /// The first line shown of a long pop-up.
    pub scroll: usize,
    /// Where scrolling stops, written as the pop-up is drawn.
    pub scroll_end: &'a std::cell::Cell<usize>,
    pub theme: &'a Theme,
    /// The tab's puzzle record and history, for the dashboard, and whether
    /// the puzzle on waits to be kept.
    pub trainer: &'a crate::training::Trainer,
    pub attempt_waiting: bool,
}

impl Overlay {
    pub fn render(&self, context: &Context, area: Rect, buf: &mut Buffer) {
        match self {
            Overlay::Help => context.render_help(&self.closing(), area, buf),
            Overlay::Rules => context.render_rules(&self.closing(), area, buf),
            Overlay::Question(Question::Quit(what)) => {
                let question = match &what[..] {
                    [one] => format!("{} is not over: quitting abandons it.", capitalized(one)),
                    [first @ .., last] => format!(
                        "{} and {last} are not over: quitting abandons them.",
                        capitalized(&first.join(", "))
                    ),
                    [] => "Quit?".to_string(),
                };
                context.render_question(" Quit? ", &question, "quit", "stay", area, buf);
            }
            Overlay::Question(
                Question::Abandon { question, .. } | Question::Load { question, .. },
            ) => {
                context.render_question(" Sure? ", question, "yes", "no", area, buf);
            }
            Overlay::File(prompt) => prompt.render(area, buf, context.theme),
            Overlay::Dashboard { .. } => context.render_dashboard(&self.closing(), area, buf),
        }
    }
}

impl Context<'_> {
    /// Every key that works now with what it does, each help wrapped to
    /// the overlay's width; longer than the screen, it scrolls and says so.
    fn render_help(&self, closing: &str, area: Rect, buf: &mut Buffer) {
        let hints = self.hints;
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
        for hint in hints {
            for (i, part) in wrap_words(hint.help, text_width).into_iter().enumerate() {
                let label = if i == 0 { hint.label } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{label:>6}  "), self.theme.key()),
                    Span::raw(part),
                ]));
            }
        }
        let titles = [self.tab.title(), self.tab.short_title()].map(|t| format!(" Keys: {t} "));
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
        closing: &str,
        width: u16,
        area: Rect,
        buf: &mut Buffer,
    ) {
        // Room inside the borders, less the closing line (which gives way
        // on the smallest screens, where the scroll line must show).
        let closes = area.height >= 5;
        let room = usize::from(area.height.saturating_sub(2 + u16::from(closes))).max(1);
        let scrolls = lines.len() > room;
        let shown = if scrolls { room - 1 } else { room };
        let last_first = lines.len().saturating_sub(shown);
        self.scroll_end.set(if scrolls { last_first } else { 0 });
        let first = if scrolls {
            self.scroll.min(last_first)
        } else {
            0
        };
        let mut visible: Vec<Line> = lines.iter().skip(first).take(shown).cloned().collect();
        if scrolls {
            let below = lines.len() - first - visible.len();
            let text = match (first, below) {
                // The words of a cut panel's sign (`j`/`k` go a line).
                (0, n) => format!("  {} {}: J reads on", ellipsis(), counted(n, "more line")),
                (_, 0) => "  the end: K back up".to_string(),
                (_, n) => format!("  {} {}: J on, K back", ellipsis(), counted(n, "more line")),
            };
            visible.push(Line::styled(text, self.theme.key()));
        }
        if closes {
            visible.push(Line::styled(closing.to_string(), self.theme.dim()));
        }
        let popup = centered(area, width, visible.len() as u16 + 2);
        audit::layer(popup, "an overlay");
        clear_popup(popup, area, buf);
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

    /// The puzzle dashboard of the tab's game, as wide as the screen (the
    /// chart takes what it is given; narrower, the tab's words showed
    /// beside it in fragments).
    fn render_dashboard(&self, closing: &str, area: Rect, buf: &mut Buffer) {
        let width = area.width.saturating_sub(2);
        let inner = width.saturating_sub(2).max(1);
        let mut lines = Vec::new();
        let lines_of = crate::tui::puzzle::dashboard::lines;
        for line in lines_of(self.trainer, self.attempt_waiting, inner, self.theme) {
            // Long lines wrap to the box, each part in the line's style.
            let style = line.style;
            let spans_style = line.spans.first().map(|s| s.style).unwrap_or_default();
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            if text.chars().count() <= usize::from(inner) {
                lines.push(line);
                continue;
            }
            for part in wrap_words(&text, usize::from(inner)) {
                lines.push(Line::styled(part, style.patch(spans_style)));
            }
        }
        let titles =
            [self.tab.title(), self.tab.short_title()].map(|t| format!(" Puzzle dashboard: {t} "));
        self.render_overlay(titles, lines, closing, width, area, buf);
    }

    fn render_rules(&self, closing: &str, area: Rect, buf: &mut Buffer) {
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
        self.render_overlay(titles, lines, closing, width, area, buf);
    }

    /// A question in a box (" Sure? ", "A new game? The match in progress
    /// is lost.") with its answers: `y` and what it does, `n` or Esc.
    fn render_question(
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
        clear_popup(popup, area, buf);
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
