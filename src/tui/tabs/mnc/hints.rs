//! The hints on N&C+'s board (`t`): a cell's best value of each kind of
//! move, in the forms a cell's room allows, and their legend.

use crate::solver::Outcome;
use crate::tui::theme::Theme;
use ratatui::text::{Line, Span};

/// A cell's hint: on one line (after the name, or on the last row), or a
/// line a kind of move in an empty cell tall enough.
#[derive(Clone)]
pub(super) struct CellHint {
    pub inline: Vec<Line<'static>>,
    pub stacked: Vec<Vec<Line<'static>>>,
}

/// One kind of move's line of a stacked hint, in form 0 (the widest:
/// `★ small: win in 13`) to 3 (`★s W13`). Kinds of equal value share it
/// (`small/big`); a line without the star starts with a space, so that
/// the names line up.
pub(super) fn kind_line(
    letters: &str,
    value: Outcome,
    best: bool,
    form: usize,
    theme: &Theme,
) -> Line<'static> {
    let names: Vec<&str> = letters
        .chars()
        .map(|letter| match letter {
            's' => "small",
            'b' => "big",
            _ => "moved big",
        })
        .collect();
    let names = names.join("/");
    let (long, mid, short, style) = match value {
        Outcome::Win(d) => (
            format!("win in {d}"),
            format!("win {d}"),
            format!("W{d}"),
            theme.win(),
        ),
        Outcome::Loss(d) => (
            format!("loss in {d}"),
            format!("loss {d}"),
            format!("L{d}"),
            theme.loss(),
        ),
        Outcome::Draw => ("draw".into(), "draw".into(), "D".into(), theme.draw()),
    };
    let (star, style) = if best {
        ("★", style.patch(theme.best()))
    } else {
        (" ", style)
    };
    let text = match form {
        0 => format!("{star} {names}: {long}"),
        1 => format!("{star}{names} {mid}"),
        2 => format!("{star}{names} {short}"),
        _ => format!("{star}{letters} {short}"),
    };
    Line::styled(text, style)
}

/// The legend of the hints on the board, a phrase never split: as many
/// phrases a line as fit in `width` columns.
pub(super) fn hint_legend(width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let dim = |text: &'static str| Span::styled(text, theme.dim());
    let phrases = [
        vec![dim("hints: "), Span::raw("s"), dim(" small,")],
        vec![Span::raw("b"), dim(" big,")],
        vec![Span::raw("m"), dim(" big moved,")],
        // Kinds of equal value share a hint (`sb L2`): said, since round
        // 11 looked for `sb` in the legend.
        vec![Span::raw("sb"), dim(" both alike;")],
        vec![Span::styled("W9", theme.win()), dim(" win in 9,")],
        vec![Span::styled("L4", theme.loss()), dim(" loss in 4,")],
        vec![Span::styled("★", theme.best()), dim(" best")],
    ];
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    for phrase in phrases {
        let needed = Line::from(phrase.clone()).width();
        let used = Line::from(line.clone()).width();
        if !line.is_empty() && used + 1 + needed > usize::from(width) {
            lines.push(Line::from(std::mem::take(&mut line)));
        }
        if !line.is_empty() {
            line.push(Span::raw(" "));
        }
        line.extend(phrase);
    }
    lines.push(Line::from(line));
    lines
}
