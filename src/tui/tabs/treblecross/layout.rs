//! Where the Treblecross tab puts things: the ruler, the strip, the
//! segments, the analysis in words and the Grundy panel; the one source
//! for drawing and for clicks.

use ratatui::layout::Rect;

/// Smallest area the tab draws in (a 40×16 terminal): the ruler, the
/// strip, the segments, two rows of analysis and the smallest panel.
pub const MIN_SIZE: (u16, u16) = (40, 14);

/// Rows under the strip for the segments: the brackets, then up to three
/// lines of labels (labels that would collide go on the next line).
const SEGMENT_ROWS: u16 = 4;
/// Rows the analysis in words gets before the panel grows.
const INFO_ROWS: u16 = 9;
/// Below this many rows the words take room from the labels and the panel.
const SHORT_SCREEN: u16 = 20;

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreblecrossLayout {
    pub ruler: Rect,
    /// The visible window of the strip, a cell 1 to 3 columns wide.
    pub strip: Rect,
    /// The brackets of the free segments and their labels.
    pub segments: Rect,
    pub info: Rect,
    /// The Grundy panel: the rows the rest leaves, at least 6.
    pub panel: Rect,
}

/// `None` when the area is smaller than [`MIN_SIZE`]. With a `game` on
/// the strip (playing, over, under review) the words and the move list
/// with its value history get half the rows the strip leaves, where the
/// Grundy panel would otherwise take all but [`INFO_ROWS`].
pub fn layout(area: Rect, game: bool) -> Option<TreblecrossLayout> {
    layout_for(area, game, true, true)
}

/// As [`layout`]; without the `panel` (the details off) the words take
/// its rows, and the panel is an empty row under the area; without the
/// `segments` (hidden in a puzzle, which they would answer) the words
/// take their rows but one (round 6 saw a 40×16 puzzle drop its heading
/// under three empty rows).
pub fn layout_for(area: Rect, game: bool, panel: bool, segments: bool) -> Option<TreblecrossLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let inner = Rect::new(area.x + 1, area.y, area.width - 2, area.height);
    let row = |dy: u16, h: u16| Rect::new(inner.x, inner.y + dy, inner.width, h);
    // The info needs about 9 rows; the Grundy panel takes the rest. On a
    // short screen the words come first: the labels get two lines and the
    // panel a title and two rows.
    let short = area.height < SHORT_SCREEN;
    let segment_rows = match (segments, short) {
        (false, _) => 1,
        (true, true) => 3,
        (true, false) => SEGMENT_ROWS,
    };
    let left = area.height.saturating_sub(2 + segment_rows);
    let info_rows = if game {
        INFO_ROWS.max(left / 2)
    } else {
        INFO_ROWS
    };
    let panel_height = match panel {
        true => left
            .saturating_sub(info_rows)
            .clamp(if short { 3 } else { 6 }, 40),
        false => 0,
    };
    let panel = Rect::new(
        area.x,
        area.bottom() - panel_height,
        area.width,
        panel_height,
    );
    let info_top = 2 + segment_rows;
    Some(TreblecrossLayout {
        ruler: row(0, 1),
        strip: row(1, 1),
        segments: row(2, segment_rows),
        info: row(info_top, (panel.y - inner.y).saturating_sub(info_top)),
        panel,
    })
}

/// The first cell shown when the strip window is `width` cells wide: the
/// window moves a page at a time so that the cursor is always on it.
pub fn window_start(cursor: usize, width: usize) -> usize {
    cursor.checked_div(width).map_or(0, |page| page * width)
}
