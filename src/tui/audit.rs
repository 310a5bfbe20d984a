//! What the views wrote where, kept only while a test asks for it.
//!
//! Every text the app draws goes through [`crate::tui::widgets`]'s writers,
//! which note it here: the words, the cells they were given, and whether
//! they wrap (with the "… N more rows" sign) or must fit one row. The tests
//! that draw every view at 80×24 and 40×16 read the notes and find any text
//! cut at the edge of its room and any two texts sharing a cell. Outside
//! those tests nothing is kept: one thread-local check per text.

use ratatui::layout::Rect;
use std::cell::RefCell;

/// How a text was given its room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// One row: the text must fit its width.
    Row,
    /// Wrapped at spaces into its rectangle; rows that do not fit are
    /// replaced by the sign. A word wider than the rectangle is cut.
    Wrapped,
    /// A label inside a board or chart cell: checked for fitting, not for
    /// sharing cells with the board it labels.
    Label,
    /// Not text: a board, a strip, a chart, taking its cells.
    Region,
    /// A pop-up covered everything under it: later notes are a new layer.
    Layer,
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    pub kind: Kind,
    /// The cells it was given.
    pub room: Rect,
    /// Its words, a line per logical line; a region's or layer's name.
    pub text: Vec<String>,
}

thread_local! {
    static NOTES: RefCell<Option<Vec<Drawn>>> = const { RefCell::new(None) };
}

/// Keeps the notes of what is drawn on this thread from now on.
pub fn start() {
    NOTES.with(|n| *n.borrow_mut() = Some(Vec::new()));
}

/// The notes since [`start`]; nothing more is kept.
pub fn finish() -> Vec<Drawn> {
    NOTES.with(|n| n.borrow_mut().take().unwrap_or_default())
}

/// Notes what `drawn` gives, when a test is keeping notes.
pub fn note(drawn: impl FnOnce() -> Drawn) {
    NOTES.with(|n| {
        if let Some(notes) = n.borrow_mut().as_mut() {
            notes.push(drawn());
        }
    });
}

/// Notes a region (a board, a chart) that takes `room`.
pub fn region(room: Rect, what: &'static str) {
    note(|| Drawn {
        kind: Kind::Region,
        room,
        text: vec![what.to_string()],
    });
}

/// Notes that a pop-up covers what was drawn before.
pub fn layer(room: Rect, what: &'static str) {
    note(|| Drawn {
        kind: Kind::Layer,
        room,
        text: vec![what.to_string()],
    });
}

/// Notes a text given `room`, in the way `kind` says.
pub fn text(kind: Kind, room: Rect, lines: impl FnOnce() -> Vec<String>) {
    note(|| Drawn {
        kind,
        room,
        text: lines(),
    });
}

/// Columns `text` takes on a terminal.
fn width(text: &str) -> u16 {
    ratatui::text::Line::from(text).width() as u16
}

/// The cells a note takes: a row text only those its words cover.
fn cells(drawn: &Drawn) -> Rect {
    match drawn.kind {
        Kind::Row | Kind::Label => {
            let widest = drawn
                .text
                .iter()
                .map(|l| width(l.trim_end()))
                .max()
                .unwrap_or(0);
            Rect {
                width: widest.min(drawn.room.width),
                height: 1,
                ..drawn.room
            }
        }
        _ => drawn.room,
    }
}

/// What is wrong on a `screen` drawn with these notes: a text cut at the
/// edge of its room or of the screen, a word cut by wrapping, two texts
/// (or a text and a board) sharing a cell in one layer. Empty when none.
pub fn problems(screen: Rect, notes: &[Drawn]) -> Vec<String> {
    let mut found = Vec::new();
    let mut layer = 0;
    for (i, drawn) in notes.iter().enumerate() {
        let room = drawn.room;
        let said = drawn.text.join(" / ");
        if drawn.kind == Kind::Layer {
            layer = i + 1;
            continue;
        }
        if room.intersection(screen) != room {
            found.push(format!("{said:?} is given {room:?}, off the screen"));
        }
        match drawn.kind {
            Kind::Row | Kind::Label => {
                for line in &drawn.text {
                    // (Trailing spaces may fall off the edge.)
                    let line = line.trim_end();
                    if width(line) > room.width {
                        found.push(format!(
                            "{line:?} is cut: it needs {} columns, has {} at {room:?}",
                            width(line),
                            room.width
                        ));
                    }
                }
            }
            Kind::Wrapped => {
                // A no-break space keeps its words together, as wrapping does.
                let apart = |c: char| c.is_whitespace() && c != '\u{a0}';
                for word in (drawn.text.iter()).flat_map(|l| l.split(apart).filter(|w| !w.is_empty())) {
                    if width(word) > room.width {
                        found.push(format!(
                            "{word:?} is cut by wrapping at {} columns in {room:?}",
                            room.width
                        ));
                    }
                }
            }
            Kind::Region | Kind::Layer => {}
        }
        for before in &notes[layer..i] {
            let board_label =
                |a: &Drawn, b: &Drawn| a.kind == Kind::Label && b.kind == Kind::Region;
            if board_label(drawn, before) || board_label(before, drawn) {
                continue;
            }
            let shared = cells(drawn).intersection(cells(before));
            if !shared.is_empty() {
                found.push(format!(
                    "{said:?} shares {shared:?} with {:?}",
                    before.text.join(" / ")
                ));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: Rect = Rect::new(0, 0, 40, 16);

    fn row(x: u16, y: u16, room: u16, text: &str) -> Drawn {
        Drawn {
            kind: Kind::Row,
            room: Rect::new(x, y, room, 1),
            text: vec![text.to_string()],
        }
    }

    #[test]
    fn a_text_that_fits_beside_another_is_no_problem() {
        let notes = [row(0, 0, 10, "you ×3"), row(10, 0, 30, "engine ×2")];
        assert_eq!(problems(SCREEN, &notes), Vec::<String>::new());
    }

    #[test]
    fn a_text_wider_than_its_room_is_cut() {
        let found = problems(SCREEN, &[row(0, 0, 5, "lost o ×3")]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("is cut"), "{found:?}");
    }

    #[test]
    fn texts_sharing_a_cell_overlap_unless_a_popup_came_between() {
        let notes = vec![row(0, 3, 20, "the perfect line"), row(5, 3, 20, "you ×3")];
        let found = problems(SCREEN, &notes);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("shares"), "{found:?}");
        let mut covered = notes.clone();
        covered.insert(
            1,
            Drawn {
                kind: Kind::Layer,
                room: SCREEN,
                text: vec!["help".into()],
            },
        );
        assert_eq!(problems(SCREEN, &covered), Vec::<String>::new());
    }

    #[test]
    fn a_word_wider_than_a_wrapped_room_and_a_room_off_screen_are_found() {
        let wrapped = Drawn {
            kind: Kind::Wrapped,
            room: Rect::new(0, 0, 6, 3),
            text: vec!["a wonderful day".into()],
        };
        assert_eq!(problems(SCREEN, &[wrapped]).len(), 1);
        assert_eq!(problems(SCREEN, &[row(35, 0, 10, "x")]).len(), 1);
    }

    #[test]
    fn a_label_may_sit_on_its_board_but_not_on_another_text() {
        let board = Drawn {
            kind: Kind::Region,
            room: Rect::new(0, 0, 12, 6),
            text: vec!["board".into()],
        };
        let label = Drawn {
            kind: Kind::Label,
            ..row(1, 1, 3, "a1")
        };
        assert!(problems(SCREEN, &[board.clone(), label.clone()]).is_empty());
        let found = problems(SCREEN, &[board, label, row(0, 1, 10, "status")]);
        assert_eq!(found.len(), 2, "{found:?}");
    }
}
