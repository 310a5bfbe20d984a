//! The ASCII display mode: the screen as drawn, each symbol that is not
//! ASCII replaced by the ASCII character closest in meaning, for the Linux
//! console and old Windows consoles. One pass over the finished frame, so
//! every view of every tab is covered, and the same information shows:
//! `★` winning cells become `*`, `×` unsafe ones `x`, `·` empty ones `.`,
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
        '×' | '✗' => "x",
        '✓' => "+",
        '⊕' => "^",
        '–' | '—' | '−' => "-",
        '…' => ".",
        '▏' => "|",
        // Arrows.
        '←' => "<",
        '→' => ">",
        '↑' | '▲' => "^",
        '↓' | '▼' => "v",
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
    fn a_frame_is_ascii_after_the_pass_and_ascii_stays() {
        let area = Rect::new(0, 0, 6, 1);
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "a★·×⊕b", ratatui::style::Style::new());
        to_ascii(&mut buf, area);
        let text: String = (0..6).map(|x| buf[(x, 0)].symbol().to_string()).collect();
        assert_eq!(text, "a*.x^b");
    }
}
