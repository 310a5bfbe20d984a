//! A line of text being typed, the same everywhere the app asks for one:
//! the path of Ctrl-S and Ctrl-O, the octal game code of the Grundy panel,
//! the number a drill asks for. Keys as in a shell: Backspace, Ctrl-U
//! clears the line, Enter gives it, Esc cancels.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key typed into a line of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKey {
    Char(char),
    Backspace,
    /// Ctrl-U.
    ClearLine,
    Enter,
    Cancel,
}

impl TextKey {
    /// The text key a key press is; `None` for keys a line of text does
    /// not take (they keep their meaning elsewhere).
    pub fn of(key: &KeyEvent) -> Option<TextKey> {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return (key.code == KeyCode::Char('u')).then_some(TextKey::ClearLine);
        }
        match key.code {
            KeyCode::Char(c) => Some(TextKey::Char(c)),
            KeyCode::Backspace => Some(TextKey::Backspace),
            KeyCode::Enter => Some(TextKey::Enter),
            KeyCode::Esc => Some(TextKey::Cancel),
            _ => None,
        }
    }
}

/// What a key did to the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    Editing,
    /// The character is not one the line takes, or the line is full.
    Refused,
    Cancelled,
    /// Enter on a line with something in it: the text, trimmed.
    Done(String),
}

/// A line of text: at most `most` characters, each one `takes` allows.
#[derive(Debug, Clone)]
pub struct TextField {
    pub text: String,
    most: usize,
    takes: fn(char) -> bool,
}

/// Two lines are the same when their text and length are.
impl PartialEq for TextField {
    fn eq(&self, other: &TextField) -> bool {
        self.text == other.text && self.most == other.most
    }
}

impl Eq for TextField {}

impl TextField {
    pub fn new(text: String, most: usize, takes: fn(char) -> bool) -> TextField {
        TextField { text, most, takes }
    }

    /// A line that takes any printable character.
    pub fn printable(text: String, most: usize) -> TextField {
        TextField::new(text, most, |c| !c.is_control())
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    pub fn key(&mut self, key: TextKey) -> Typed {
        match key {
            TextKey::Char(c) if (self.takes)(c) && self.text.chars().count() < self.most => {
                self.text.push(c);
                Typed::Editing
            }
            TextKey::Char(_) => Typed::Refused,
            TextKey::Backspace => {
                self.text.pop();
                Typed::Editing
            }
            TextKey::ClearLine => {
                self.text.clear();
                Typed::Editing
            }
            TextKey::Enter if self.text.trim().is_empty() => Typed::Editing,
            TextKey::Enter => Typed::Done(self.text.trim().to_string()),
            TextKey::Cancel => Typed::Cancelled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_takes_what_it_allows_up_to_its_length() {
        let mut digits = TextField::new(String::new(), 2, |c| c.is_ascii_digit());
        assert_eq!(
            digits.key(TextKey::Enter),
            Typed::Editing,
            "nothing to give"
        );
        assert_eq!(digits.key(TextKey::Char('x')), Typed::Refused);
        assert_eq!(digits.key(TextKey::Char('4')), Typed::Editing);
        assert_eq!(digits.key(TextKey::Char('2')), Typed::Editing);
        assert_eq!(digits.key(TextKey::Char('1')), Typed::Refused, "full");
        assert_eq!(digits.key(TextKey::Backspace), Typed::Editing);
        assert_eq!(digits.text, "4");
        assert_eq!(digits.key(TextKey::Enter), Typed::Done("4".into()));
        assert_eq!(digits.key(TextKey::ClearLine), Typed::Editing);
        assert!(digits.is_empty());
        assert_eq!(digits.key(TextKey::Cancel), Typed::Cancelled);
        let mut path = TextField::printable(" ~/a b ".into(), 100);
        assert_eq!(path.key(TextKey::Char('\u{7}')), Typed::Refused);
        assert_eq!(path.key(TextKey::Enter), Typed::Done("~/a b".into()));
    }
}
