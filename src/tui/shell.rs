//! The shell around the tabs: the title bar, the footer and the notice
//! over it, laid out by [`shell_layout`], the one source for drawing and
//! for clicks.

use super::action::GENERAL;
use super::keymap::{Binding, Hint};
use super::tab::Cursor;
use super::tabs::TabId;
use super::theme::Theme;
use super::widgets::put;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

/// The most lines a notice takes at the foot of the screen.
const NOTICE_LINES: usize = 3;

/// Where the shell puts things; the one source for drawing and clicks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellLayout {
    /// The clickable title of each tab, in `TabId::ALL` order.
    pub titles: Vec<Rect>,
    pub body: Rect,
    pub footer: Rect,
}

const APP_NAME: &str = " noughts ";

/// How the title bar is written, from the widest form to the narrowest:
/// with the app's name or not, full or short titles, padded or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TitleForm {
    name: bool,
    short: bool,
    padded: bool,
}

const TITLE_FORMS: [TitleForm; 3] = [
    TitleForm {
        name: true,
        short: false,
        padded: true,
    },
    TitleForm {
        name: true,
        short: true,
        padded: true,
    },
    TitleForm {
        name: false,
        short: true,
        padded: false,
    },
];

impl TitleForm {
    /// The widest form whose titles all fit in `width` columns (each
    /// title stays whole and clickable), else the narrowest.
    fn for_width(width: u16) -> TitleForm {
        let needed = |form: TitleForm| -> usize {
            let name = if form.name { APP_NAME.len() } else { 0 };
            name + TabId::ALL
                .iter()
                .map(|&t| form.title(t).chars().count() + 1)
                .sum::<usize>()
        };
        TITLE_FORMS
            .into_iter()
            .find(|&form| needed(form) <= usize::from(width))
            .unwrap_or(TITLE_FORMS[TITLE_FORMS.len() - 1])
    }

    fn title(self, tab: TabId) -> String {
        let title = if self.short {
            tab.short_title()
        } else {
            tab.title()
        };
        if self.padded {
            format!(" {} {title} ", tab.index() + 1)
        } else {
            format!("{} {title}", tab.index() + 1)
        }
    }
}

pub fn shell_layout(area: Rect) -> ShellLayout {
    let [top, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    let form = TitleForm::for_width(top.width);
    let name = if form.name { APP_NAME.len() as u16 } else { 0 };
    let mut x = top.x.saturating_add(name);
    let titles = TabId::ALL
        .iter()
        .map(|&tab| {
            let width = form.title(tab).chars().count() as u16;
            let rect = Rect::new(x, top.y, width, top.height).intersection(top);
            x = x.saturating_add(width + 1);
            rect
        })
        .collect();
    ShellLayout {
        titles,
        body,
        footer,
    }
}

/// What the shell's drawing needs to know of the app.
pub struct Shell<'a> {
    pub tab: TabId,
    pub theme: &'a Theme,
    pub cursor: Cursor,
    /// The shown tab's keys that work now.
    pub tab_hints: &'a [Hint],
}

impl Shell<'_> {
    /// The app's name and each tab's title, the one shown marked.
    pub fn render_title_bar(&self, area: Rect, layout: &ShellLayout, buf: &mut Buffer) {
        let form = TitleForm::for_width(area.width);
        if form.name {
            let name = Line::styled(APP_NAME, self.theme.title());
            let first = layout.titles.first().map_or(area.right(), |r| r.x);
            put(buf, area.x, area.y, &name, first - area.x);
        }
        for (tab, &rect) in TabId::ALL.iter().zip(&layout.titles) {
            let style = if *tab == self.tab {
                self.theme.tab_selected()
            } else {
                self.theme.tab()
            };
            let title = Line::styled(form.title(*tab), style);
            put(buf, rect.x, rect.y, &title, rect.width);
        }
    }

    /// The notice over the footer, wrapped over up to three lines (the
    /// rows above the footer give way to it: a settings error's useful
    /// part, the defaults used and the file's path, comes last), ending in
    /// `…` where it is still cut.
    pub fn render_notice(&self, notice: &str, footer: Rect, buf: &mut Buffer) {
        if footer.height == 0 || footer.y == 0 {
            return;
        }
        let room = usize::from(footer.width.saturating_sub(1)).max(1);
        // Row 0 is the tab bar: the notice stays below it.
        let most = usize::from(footer.y).min(NOTICE_LINES);
        let notice = super::ascii::spelled(notice);
        let mut lines = super::widgets::wrap_words(&notice, room);
        let cut = lines.len() > most;
        lines.truncate(most);
        let more = super::ascii::ellipsis();
        let kept = room.saturating_sub(more.chars().count());
        for line in &mut lines {
            if line.chars().count() > room {
                *line = format!("{}{more}", line.chars().take(kept).collect::<String>());
            }
        }
        if cut {
            if let Some(last) = lines.last_mut() {
                let start: String = last.chars().take(kept).collect();
                *last = format!("{start}{more}");
            }
        }
        let top = footer.y + 1 - lines.len() as u16;
        for (row, text) in (top..).zip(&lines) {
            let area = Rect::new(footer.x, row, footer.width, 1);
            // Padded to the width: what is under it does not show through.
            let line = Line::styled(format!(" {text:<room$}"), self.theme.bad());
            buf.set_style(area, self.theme.bad());
            put(buf, area.x, area.y, &line, area.width);
        }
    }

    /// The footer: the cursor, the tab's keys that work now, then the
    /// app's general ones. `? help` and `q quit` always show; the tab's
    /// entries give way, from the last, when the line is too short for all;
    /// where that would leave fewer than the tab's first two (40 columns),
    /// the cursor's entry and then `r rules` give way to them instead.
    pub fn render_footer(&self, area: Rect, buf: &mut Buffer) {
        let cursor = (self.cursor.keys, self.cursor.word);
        let tab: Vec<_> = self
            .tab_hints
            .iter()
            .filter_map(|h| h.footer_entry())
            .collect();
        let all_general: Vec<_> = GENERAL
            .iter()
            .filter_map(|b: &Binding<_>| b.hint().footer_entry())
            .collect();
        let width = |entries: &[(&str, &str)]| -> usize {
            entries
                .iter()
                .map(|(keys, word)| keys.chars().count() + word.chars().count() + 3)
                .sum()
        };
        // (The last entry's trailing space may fall off the edge.)
        let room = usize::from(area.width) + 1;
        let fit = |with_cursor: bool, with_rules: bool| {
            let mut entries: Vec<_> = with_cursor
                .then_some(cursor)
                .into_iter()
                .chain(tab.iter().copied())
                .collect();
            let general: Vec<_> = all_general
                .iter()
                .copied()
                .filter(|(keys, _)| with_rules || *keys != "r")
                .collect();
            while !entries.is_empty() && width(&entries) + width(&general) > room {
                entries.pop();
            }
            let shown = entries.len() - usize::from(with_cursor && !entries.is_empty());
            (entries, general, shown)
        };
        let wanted = tab.len().min(2);
        let (entries, general, _) = [(true, true), (false, true)]
            .into_iter()
            .map(|(c, r)| fit(c, r))
            .find(|(_, _, shown)| *shown >= wanted)
            .unwrap_or_else(|| fit(false, false));
        self.render_entries(entries.into_iter().chain(general), area, buf);
    }

    /// The footer while a pop-up is shown: its keys alone, as the tab's and
    /// the app's do not work under it.
    pub fn render_overlay_footer(&self, entries: &[(&str, &str)], area: Rect, buf: &mut Buffer) {
        self.render_entries(entries.iter().copied(), area, buf);
    }

    fn render_entries<'e>(
        &self,
        entries: impl Iterator<Item = (&'e str, &'e str)>,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut spans = Vec::new();
        for (keys, word) in entries {
            spans.push(Span::styled(format!(" {keys} "), self.theme.key()));
            spans.push(Span::styled(format!("{word} "), self.theme.dim()));
        }
        put(buf, area.x, area.y, &Line::from(spans), area.width);
    }
}
