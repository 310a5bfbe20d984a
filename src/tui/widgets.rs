//! Small pieces of drawing every tab may use.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::widgets::{Paragraph, Widget, Wrap};

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
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
