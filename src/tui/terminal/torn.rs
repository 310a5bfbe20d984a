//! Escape sequences torn in two, put back together. A terminal (or tmux,
//! or a slow link) may deliver a mouse report or an arrow key in two
//! reads; when the first ends on the sequence's opening ESC, crossterm
//! reads a lone Esc key, then the rest as typed characters (its issue
//! 854): a click would become `Esc [ < 0 ; 1 2 ; 6 m`, and the app would
//! take `<`, the digits and `m` as keys (a review opened, a tab switched).
//! So an Esc is held back a moment: characters that continue it into a
//! control sequence are read as that sequence (an SGR mouse report, an
//! arrow, Home or End) or dropped (any other); anything else lets the Esc
//! and what followed go on as they came.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::Duration;

/// How long a held Esc waits for the rest of a sequence: a real Esc key
/// is seen that much later (vim's default is 100 ms; a sequence's parts
/// come within a millisecond or two).
pub const WAIT: Duration = Duration::from_millis(30);

/// The longest sequence put back together (a mouse report at column and
/// row 9999 is 16 characters).
const LONGEST: usize = 24;

/// Holds an Esc and the characters that may continue it.
#[derive(Debug, Default)]
pub struct Mender {
    /// The Esc, then the characters read since, while they may still be
    /// the rest of a control sequence.
    held: Vec<Event>,
    text: String,
}

/// What the characters after an Esc make.
enum Reading {
    /// A control sequence not finished yet.
    More,
    /// A whole one: what it means, if anything this app reads.
    Whole(Option<Event>),
    /// Not a control sequence.
    Not,
}

impl Mender {
    /// Whether an Esc is held (the caller waits [`WAIT`] for more, then
    /// calls [`Mender::flush`]).
    pub fn holding(&self) -> bool {
        !self.held.is_empty()
    }

    /// The events to handle now that `event` has come.
    pub fn push(&mut self, event: Event) -> Vec<Event> {
        if !self.holding() {
            if is_plain(&event, KeyCode::Esc) {
                self.held.push(event);
                return Vec::new();
            }
            return vec![event];
        }
        let next = match &event {
            Event::Key(key)
                if key.kind == KeyEventKind::Press
                    && (key.modifiers - KeyModifiers::SHIFT).is_empty() =>
            {
                match key.code {
                    KeyCode::Char(c) => Some(c),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(c) = next {
            self.text.push(c);
            match read(&self.text) {
                Reading::More if self.text.len() < LONGEST => {
                    self.held.push(event);
                    return Vec::new();
                }
                Reading::Whole(meant) => {
                    self.held.clear();
                    self.text.clear();
                    return meant.into_iter().collect();
                }
                Reading::More | Reading::Not => self.text.pop(),
            };
        }
        // Not a sequence: what was held goes on as it came, then this
        // event (which may itself be an Esc to hold).
        let mut out = self.flush();
        out.extend(self.push(event));
        out
    }

    /// No more came in time: what is held goes on as it came.
    pub fn flush(&mut self) -> Vec<Event> {
        self.text.clear();
        std::mem::take(&mut self.held)
    }
}

fn is_plain(event: &Event, code: KeyCode) -> bool {
    matches!(event, Event::Key(key) if key.code == code
        && key.kind == KeyEventKind::Press
        && key.modifiers.is_empty())
}

/// What `text` (the characters after an Esc) makes: a control sequence is
/// `[`, then parameter bytes (`0`–`?`), then one final byte (`@`–`~`).
fn read(text: &str) -> Reading {
    let Some(body) = text.strip_prefix('[') else {
        return Reading::Not;
    };
    let Some(last) = body.chars().last() else {
        return Reading::More;
    };
    let params = &body[..body.len() - last.len_utf8()];
    if !params.chars().all(|c| ('0'..='?').contains(&c)) {
        return Reading::Not;
    }
    match last {
        '0'..='?' => Reading::More,
        '@'..='~' => Reading::Whole(meaning(params, last)),
        _ => Reading::Not,
    }
}

/// The event a whole control sequence stands for, where the app reads it.
fn meaning(params: &str, last: char) -> Option<Event> {
    let key = |code| Some(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    match (params, last) {
        ("", 'A') => key(KeyCode::Up),
        ("", 'B') => key(KeyCode::Down),
        ("", 'C') => key(KeyCode::Right),
        ("", 'D') => key(KeyCode::Left),
        ("", 'H') => key(KeyCode::Home),
        ("", 'F') => key(KeyCode::End),
        (_, 'M' | 'm') => params
            .strip_prefix('<')
            .and_then(|p| sgr_mouse(p, last == 'M')),
        _ => None,
    }
}

/// An SGR mouse report `b;x;y` (1-based column and row), pressed or not.
fn sgr_mouse(params: &str, pressed: bool) -> Option<Event> {
    let mut numbers = params.split(';').map(|n| n.parse::<u16>().ok());
    let (b, x, y) = (numbers.next()??, numbers.next()??, numbers.next()??);
    if numbers.next().is_some() || x == 0 || y == 0 {
        return None;
    }
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (4, KeyModifiers::SHIFT),
        (8, KeyModifiers::ALT),
        (16, KeyModifiers::CONTROL),
    ] {
        if b & bit != 0 {
            modifiers |= modifier;
        }
    }
    let button = match b & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = if b & 64 != 0 {
        match b & 3 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if b & 32 != 0 {
        if b & 3 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if pressed {
        MouseEventKind::Down(button)
    } else {
        MouseEventKind::Up(button)
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column: x - 1,
        row: y - 1,
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// What the mender gives for `events`, then a flush (the wait over).
    fn mended(events: Vec<Event>) -> Vec<Event> {
        let mut mender = Mender::default();
        let mut out: Vec<Event> = events.into_iter().flat_map(|e| mender.push(e)).collect();
        out.extend(mender.flush());
        out
    }

    /// An Esc, then `rest` as crossterm reads it: one character each.
    fn torn(rest: &str) -> Vec<Event> {
        std::iter::once(key(KeyCode::Esc))
            .chain(rest.chars().map(|c| key(KeyCode::Char(c))))
            .collect()
    }

    #[test]
    fn a_torn_click_is_a_click_again() {
        let click = |kind| {
            Event::Mouse(MouseEvent {
                kind,
                column: 11,
                row: 5,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            mended(torn("[<0;12;6m")),
            [click(MouseEventKind::Up(MouseButton::Left))]
        );
        assert_eq!(
            mended(torn("[<2;12;6M")),
            [click(MouseEventKind::Down(MouseButton::Right))]
        );
        assert_eq!(
            mended(torn("[<64;12;6M")),
            [click(MouseEventKind::ScrollUp)]
        );
        assert_eq!(
            mended(torn("[<32;12;6M")),
            [click(MouseEventKind::Drag(MouseButton::Left))]
        );
    }

    #[test]
    fn torn_arrows_are_arrows_and_other_sequences_are_dropped() {
        assert_eq!(mended(torn("[A")), [key(KeyCode::Up)]);
        assert_eq!(mended(torn("[D")), [key(KeyCode::Left)]);
        // A function key's report: nothing the app reads, and no stray keys.
        assert_eq!(mended(torn("[15~")), []);
        // Two torn in a row.
        let mut both = torn("[C");
        both.extend(torn("[B"));
        assert_eq!(mended(both), [key(KeyCode::Right), key(KeyCode::Down)]);
    }

    #[test]
    fn a_real_esc_and_what_follows_go_on_as_they_came() {
        // Esc alone, after the wait.
        assert_eq!(mended(torn("")), [key(KeyCode::Esc)]);
        // Esc then a key that starts no sequence.
        assert_eq!(
            mended(torn("q")),
            [key(KeyCode::Esc), key(KeyCode::Char('q'))]
        );
        // Esc, `[`, then something no sequence holds.
        let mut broken = torn("[");
        broken.push(key(KeyCode::Enter));
        assert_eq!(mended(broken.clone()), broken, "given back whole");
        // Esc twice: the first goes on, the second is held, then goes.
        assert_eq!(
            mended(vec![key(KeyCode::Esc), key(KeyCode::Esc)]),
            [key(KeyCode::Esc), key(KeyCode::Esc)]
        );
        // A sequence cut short by the wait: given back as it came.
        assert_eq!(mended(torn("[<0;12")), torn("[<0;12"));
        // A click that came whole is untouched, held Esc or not.
        let whole = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(mended(vec![whole.clone()]), std::slice::from_ref(&whole));
        assert_eq!(
            mended(vec![key(KeyCode::Esc), whole.clone()]),
            [key(KeyCode::Esc), whole]
        );
    }

    #[test]
    fn a_runaway_sequence_is_given_back() {
        let long = format!("[{}", "1;".repeat(20));
        assert_eq!(mended(torn(&long)), torn(&long));
    }
}
