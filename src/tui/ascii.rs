//! The ASCII display mode: the screen as drawn, each symbol that is not
//! ASCII replaced by the ASCII closest in meaning, for the Linux console
//! and old Windows consoles. Two passes cover every view of every tab:
//!
//! - the texts, as the views write them ([`spelled`], by the writers of
//!   [`crate::tui::widgets`]): `…` becomes `...`, `✓` the word `ok`, a
//!   `×` between digits (`40×16`) an `x`; the views that measure a text
//!   to choose its form measure it spelled so (they read [`on`]);
//! - the finished frame, cell by cell ([`to_ascii`]): lines of boxes
//!   `-` `|` `+`, a ring's round corners `/` `\`, bars `_` `=` `#`, the
//!   plot's braille dots `,` `:` `#` by how many are set, and each mark
//!   its own sign (the tests' list of marks): no two meanings share a sign on a screen,
//!   and no mark is a letter, a digit, a key or a piece of a drawing.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::borrow::Cow;
use std::cell::Cell;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
}

/// The ASCII mode on for what this thread draws until the guard goes (the
/// app's drawing of one frame).
pub fn drawing(ascii: bool) -> Drawing {
    let was = ON.with(|on| on.replace(ascii));
    Drawing { was }
}

/// Puts the mode back as it was when dropped.
pub struct Drawing {
    was: bool,
}

impl Drop for Drawing {
    fn drop(&mut self) {
        ON.with(|on| on.set(self.was));
    }
}

/// Whether the frame being drawn is in ASCII.
pub fn on() -> bool {
    ON.with(Cell::get)
}

/// The sign of a cut or of more to come: `…`, or `...` in ASCII.
pub fn ellipsis() -> &'static str {
    if on() {
        "..."
    } else {
        "…"
    }
}

/// The sign of a legal target of the piece picked up (MNC).
pub const TARGET: &str = "◎";

/// The sign of the piece picked up (MNC).
pub const LIFTED: &str = "↑";

/// The superscript digits, as powers are written (Notakto's `ab²`).
const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/// `text` as the frame being drawn writes it: in ASCII, with the stand-ins
/// that take more than one column (`...`, `ok`, the `x` of `40×16`, a
/// power `b²` as `b^2`, a rating's `±350` as `+/-350`); as it is otherwise.
pub fn spelled(text: &str) -> Cow<'_, str> {
    if !on() || !text.contains(['…', '✓', '×', '±']) && !text.contains(SUPERSCRIPTS) {
        return Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let digit = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(char::is_ascii_digit)
        };
        match c {
            '…' => out.push_str("..."),
            '✓' => out.push_str("ok"),
            '±' => out.push_str("+/-"),
            '×' if digit(i.checked_sub(1)) && digit(Some(i + 1)) => out.push('x'),
            c if SUPERSCRIPTS.contains(&c) => {
                // One caret before a power's digits.
                if i == 0 || !SUPERSCRIPTS.contains(&chars[i - 1]) {
                    out.push('^');
                }
                let d = SUPERSCRIPTS.iter().position(|&s| s == c).unwrap_or(0);
                out.push(char::from(b'0' + d as u8));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Replaces every symbol of `area` that is not ASCII.
pub fn to_ascii(buf: &mut Buffer, area: Rect) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let symbol = cell.symbol();
            if !symbol.is_ascii() {
                let plain = ascii_of(symbol);
                cell.set_symbol(plain);
            }
        }
    }
}

/// A key label as ASCII mode draws it: arrows as words, since `<`, `>`
/// and `^` are keys or symbols of their own (review steps, the nim-sum).
/// Any other label is drawn as it is (the frame pass covers it).
pub fn key_words(label: &'static str) -> &'static str {
    match label {
        "←/h" => "Left/h",
        "→/l" => "Right/l",
        "↑/k" => "Up/k",
        "↓/j" => "Down/j",
        "←→" => "Left/Right",
        "↑↓" => "Up/Down",
        "←↓↑→" => "arrows",
        other => other,
    }
}

/// The ASCII stand-in of one drawn symbol, one column wide (a text's
/// wider ones, `...` and `ok`, are [`spelled`] before it is laid out).
pub fn ascii_of(symbol: &str) -> &'static str {
    let Some(c) = symbol.chars().next() else {
        return " ";
    };
    match c {
        // Lines and boxes; a ring's round corners.
        '─' | '━' | '═' | '╌' | '┄' => "-",
        '│' | '┃' | '║' | '╎' | '┆' => "|",
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╔' | '╗' | '╚' | '╝' | '╠' | '╣'
        | '╦' | '╩' | '╬' | '╞' | '╡' | '╥' | '╨' => "+",
        '╭' | '╯' | '╱' => "/",
        '╮' | '╰' | '╲' => "\\",
        '╳' => "X",
        '▏' => "|",
        '\u{a0}' => " ",
        // Marks of the analysis, the puzzles and the board.
        '★' | '☆' => "*",
        '·' => ".",
        '×' | '✗' | '⊘' => "!",
        '⊕' => "^",
        '▲' => "'",
        '•' | '◎' => "@",
        '↑' => "^",
        '–' | '—' | '−' => "-",
        // Arrows (the views write none in their sentences).
        '←' => "<",
        '→' => ">",
        '↓' | '▼' => "_",
        // Bars, by height; the upper half a win in a compact value history.
        '▀' => "~",
        '▁' | '▂' => "_",
        '▃' | '▄' | '▅' => "=",
        '▆' | '▇' | '█' => "#",
        // Braille dots (the plot): by how many are set.
        '\u{2800}'..='\u{28FF}' => match (c as u32 - 0x2800).count_ones() {
            0 => " ",
            1..=2 => ",",
            3..=5 => ":",
            _ => "#",
        },
        // `…` and `✓` are spelled in the texts, before this pass.
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks the views draw, what each means and in which tabs (`t`
    /// tic-tac-toe, `b` Treblecross, `m` MNC), with their ASCII signs: no two
    /// meanings may share a sign in one tab.
    // Tabs: t tic-tac-toe, b Treblecross, m MNC, n Notakto (the value
    // history, in all of them, has no mark of its own: bars, the axis,
    // `??` and a number).
    const MARKS: &[(&str, &str, &str)] = &[
        ("★", "best or winning", "tbmn"),
        ("☆", "best or winning", "tbm"),
        ("·", "an empty cell, safe", "bn"),
        ("×", "a losing move", "n"),
        ("⊘", "a losing move", "bn"),
        ("✗", "a losing move", "tbmn"),
        ("✓", "a right answer", "tbmn"),
        ("⊕", "XOR, the nim-sum", "b"),
        ("▲", "a length in use", "b"),
        ("•", "a rare value", "b"),
        (TARGET, "a legal target", "m"),
        (LIFTED, "the piece picked up", "m"),
        ("…", "more, or cut", "tbmn"),
    ];

    /// The sign a mark has on screen in ASCII: spelled in a text, else the
    /// frame's.
    fn sign_of(mark: &str) -> String {
        let _ascii = drawing(true);
        let spelled = spelled(mark);
        if spelled != mark {
            return spelled.into_owned();
        }
        ascii_of(mark).to_string()
    }

    /// What drawings are made of in ASCII: lines, a ring's corners, the
    /// middle of a big X, bars and braille.
    fn drawing_signs() -> Vec<&'static str> {
        let mut signs: Vec<&str> = ["─", "│", "┼", "╭", "╮", "╳", "▁", "▄", "█", "▏"]
            .iter()
            .map(|s| ascii_of(s))
            .collect();
        signs.extend((0x2801..=0x28FF).map(|c| ascii_of(&char::from_u32(c).unwrap().to_string())));
        signs
    }

    #[test]
    fn every_symbol_becomes_one_ascii_character() {
        for symbol in [
            "┌", "╲", "╭", "★", "·", "×", "⊘", "⊕", "▲", "•", "◎", "↑", "←", "█", "⣿", "⠁", "日",
        ] {
            let plain = ascii_of(symbol);
            assert_eq!(plain.len(), 1, "{symbol}");
            assert!(plain.is_ascii(), "{symbol}");
        }
        assert_eq!(ascii_of("⣿"), "#");
        assert_eq!(ascii_of("\u{2800}"), " ");
    }

    #[test]
    fn no_stand_in_is_a_letter_or_a_key() {
        // Letters are sides and pieces, `<` `>` review keys: a stand-in
        // that is one would say something else (issue 34: `×` was `x`).
        // `╳` is the middle of a big X piece, drawn as the X it is.
        for c in ('\u{2000}'..='\u{2BFF}').chain(['·', '×', '✓', '✗', '…']) {
            let plain = ascii_of(&c.to_string());
            if c == '╳' || plain == "?" {
                continue;
            }
            let ch = plain.chars().next().unwrap();
            assert!(!ch.is_ascii_alphanumeric(), "{c} becomes {plain}");
        }
        for label in ["←/h", "→/l", "↑/k", "↓/j", "←→", "↑↓", "←↓↑→"] {
            assert!(key_words(label).is_ascii(), "{label}");
        }
    }

    #[test]
    fn no_two_meanings_share_a_sign_in_a_tab_and_no_mark_is_a_drawing_or_a_key() {
        // `.` was once both the safe cell and the ellipsis, `+` both the
        // corner of every box and the ✓ (and the MNC target, then `+`
        // itself), `^` both the XOR and the lengths in use.
        let drawings = drawing_signs();
        for &(mark, meaning, tabs) in MARKS {
            let sign = sign_of(mark);
            assert!(sign.is_ascii() && !sign.is_empty(), "{mark}");
            assert!(
                !drawings.contains(&sign.as_str()),
                "{mark} ({meaning}) is drawn {sign}, as lines are"
            );
            let single = sign.chars().count() == 1;
            let first = sign.chars().next().unwrap();
            assert!(
                !(single && first.is_ascii_alphanumeric()),
                "{mark} ({meaning}) is the letter {sign}"
            );
            for key in ["<", ">", "?", "[", "]", "{", "}", "+", "-", "="] {
                assert_ne!(sign, key, "{mark} ({meaning}) is drawn as the key {key}");
            }
            for &(other, other_meaning, other_tabs) in MARKS {
                let shared = tabs.chars().any(|t| other_tabs.contains(t));
                if shared && meaning != other_meaning {
                    assert_ne!(
                        sign,
                        sign_of(other),
                        "{mark} ({meaning}) and {other} ({other_meaning}) share a sign"
                    );
                }
            }
        }
    }

    #[test]
    fn texts_are_spelled_only_in_ascii() {
        let text = "thinking… ✓ a2 · 40×16 · cell × 3";
        assert_eq!(spelled(text), text);
        let _ascii = drawing(true);
        assert_eq!(spelled(text), "thinking... ok a2 · 40x16 · cell × 3");
        assert_eq!(spelled("ab²c · (ab)¹²"), "ab^2c · (ab)^12");
        assert_eq!(ellipsis(), "...");
        drop(_ascii);
        assert!(!on());
        assert_eq!(ellipsis(), "…");
    }

    #[test]
    fn a_frame_is_ascii_after_the_pass_and_ascii_stays() {
        let area = Rect::new(0, 0, 9, 1);
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "a★·×⊕▲◎↑b", ratatui::style::Style::new());
        to_ascii(&mut buf, area);
        let text: String = (0..9).map(|x| buf[(x, 0)].symbol().to_string()).collect();
        assert_eq!(text, "a*.!^'@^b");
    }
}
