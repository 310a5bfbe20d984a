//! The app's frame: the title bar, the tab shown, the footer, the pop-up
//! and the notice over it, in ASCII when the settings ask.

use super::App;
use crate::tui::widgets;
use crate::tui::ascii;
use crate::tui::keymap::{Footer, Hint};
use crate::tui::overlays;
use crate::tui::shell::{shell_layout, Shell};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

impl App {
    /// Key labels as drawn: in ASCII mode the arrows are words, as `<`
    /// and `>` are keys of their own.
    fn shown_keys(&self, mut hints: Vec<Hint>) -> Vec<Hint> {
        if self.ascii {
            for hint in &mut hints {
                hint.label = ascii::key_words(hint.label);
                if let Footer::Group(keys, word) = hint.footer {
                    hint.footer = Footer::Group(ascii::key_words(keys), word);
                }
            }
        }
        hints
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // The views spell their texts in ASCII while this frame is drawn.
        let _ascii = ascii::drawing(self.ascii);
        // A panel cut short shows the page `J` and `K` turned to.
        let _page = widgets::reading_on(self.panel_page);
        let layout = shell_layout(area);
        let tab_hints = self.shown_keys(self.page().hints());
        let mut cursor = self.page().cursor();
        if self.ascii {
            cursor.keys = ascii::key_words(cursor.keys);
        }
        let shell = Shell {
            tab: self.tab,
            theme: &self.theme,
            cursor,
            tab_hints: &tab_hints,
        };
        shell.render_title_bar(
            Rect::new(area.x, area.y, area.width, area.height.min(1)),
            &layout,
            buf,
        );
        self.page().render(layout.body, buf, &self.theme);
        if area.height >= 2 {
            match &self.overlay {
                Some(overlay) => {
                    let spell = |keys| if self.ascii { ascii::key_words(keys) } else { keys };
                    let entries: Vec<_> = (overlay.footer_entries().into_iter())
                        .map(|(keys, word)| (spell(keys), word))
                        .collect();
                    shell.render_overlay_footer(&entries, layout.footer, buf);
                }
                None => shell.render_footer(layout.footer, buf),
            }
        }
        if let Some(overlay) = &self.overlay {
            // Behind the pop-up, dimmed; the footer, which names the
            // pop-up's keys, stays bright (the pop-ups that reach its row
            // draw over it).
            let behind = match area.height >= 2 {
                true => Rect::new(area.x, area.y, area.width, layout.footer.y - area.y),
                false => area,
            };
            widgets::dim(behind, buf);
            let hints = self.shown_keys(self.hints());
            let context = overlays::Context {
                tab: self.tab,
                hints: &hints,
                scroll: self.overlay_scroll,
                scroll_end: &self.overlay_scroll_end,
                theme: &self.theme,
                trainer: self.page().trainer(),
                attempt_waiting: self.page().attempt_waiting(),
            };
            overlay.render(&context, area, buf);
        }
        if let Some(notice) = &self.notice {
            shell.render_notice(notice, layout.footer, buf);
        }
        widgets::plain_spaces(buf, area);
        if self.ascii {
            ascii::to_ascii(buf, area);
        }
    }
}
