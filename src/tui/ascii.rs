//! The ASCII display mode: the screen as drawn, each symbol that is not
//! ASCII replaced by the ASCII character closest in meaning, for the Linux
//! console and old Windows consoles. One pass over the finished frame, so
//! every view of every tab is covered, and the same information shows:
//! `★` winning cells become `*`, `×` unsafe ones `!` (an `x` would read as
//! a side in MNC), `·` empty ones `.`,
//! lines of boxes `-` `|` `+`, bars `_` `=` `#`, the plot's braille dots
//! `.` `:` `#` by how many dots are set.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

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

/// The ASCII stand-in of one drawn symbol.
pub fn ascii_of(symbol: &str) -> &'static str {
    let Some(c) = symbol.chars().next() else {
        return " ";
    };
    match c {
        // Lines and boxes.
        '─' | '━' | '═' | '╌' | '┄' => "-",
        '│' | '┃' | '║' | '╎' | '┆' => "|",
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╰' | '╯' | '╔' | '╗'
        | '╚' | '╝' | '╠' | '╣' | '╦' | '╩' | '╬' | '╞' | '╡' | '╥' | '╨' => {
            "+"
        }
        '╲' => "\\",
        '╱' => "/",
        '╳' => "X",
        // Marks of the analysis and the puzzles.
        '★' | '☆' => "*",
        '·' | '•' | '∙' => ".",
        '×' | '✗' => "!",
        '✓' => "+",
        '⊕' => "^",
        '–' | '—' | '−' => "-",
        '…' => ".",
        '▏' => "|",
        // Arrows.
        '←' => "<",
        '→' => ">",
        '↑' | '▲' => "^",
        '↓' | '▼' => "_",
        // Bars, by height.
        '▁' | '▂' => "_",
        '▃' | '▄' | '▅' => "=",
        '▆' | '▇' | '█' => "#",
        // Braille dots (the plot): by how many are set.
        '\u{2800}'..='\u{28FF}' => match (c as u32 - 0x2800).count_ones() {
            0 => " ",
            1..=2 => ".",
            3..=5 => ":",
            _ => "#",
        },
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_becomes_one_ascii_character() {
        for symbol in [
            "┌", "╲", "★", "·", "×", "⊕", "…", "←", "█", "⣿", "⠁", "✓", "日",
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
    fn a_frame_is_ascii_after_the_pass_and_ascii_stays() {
        let area = Rect::new(0, 0, 6, 1);
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "a★·×⊕b", ratatui::style::Style::new());
        to_ascii(&mut buf, area);
        let text: String = (0..6).map(|x| buf[(x, 0)].symbol().to_string()).collect();
        assert_eq!(text, "a*.!^b");
    }
}
