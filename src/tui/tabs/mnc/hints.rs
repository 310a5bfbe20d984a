//! The hints on N&C+'s board (`t`): each cell's best value of each kind of
//! move, written in one style over the whole board (the widest style in
//! which every hinted cell fits), and the legend of that style.
//!
//! Round 14 read `★m W9 b L8`, `sb L2` and `big L4 / small L2` on one
//! board, each cell in the widest form its own room allowed, under a
//! legend of letters none of the word forms used.

use super::view::hint_fits;
use super::{MncTab, Rating};
use crate::solver::mnc::{Move, Size};
use crate::solver::Outcome;
use crate::tui::ascii::ellipsis;
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The styles of a hint, widest first: `★ small: win in 13`,
/// `★small win 13`, `★small W13`, then [`LETTERS`], `★s W13`.
pub(super) const STYLES: usize = 4;
/// The style of letters: the one the legend explains in full.
pub(super) const LETTERS: usize = STYLES - 1;
/// The style that writes the values as `W13` and `L12`.
const SHORT_VALUES: usize = 2;

/// A cell's hint in one style: on one line (its forms widest first, after
/// the name or on the last row), and a line a kind of move, drawn instead
/// in an empty cell with the rows and columns for it.
#[derive(Clone, Default)]
pub(super) struct HintForms {
    pub inline: Vec<Line<'static>>,
    pub stacked: Vec<Line<'static>>,
}

/// A cell's hint in every style.
#[derive(Clone)]
pub(super) struct CellHint {
    pub styles: Vec<HintForms>,
}

/// The best value of each kind of move landing on a cell: `s` a small
/// piece, `b` a big one from the hand, `m` a big one moved here. Kinds of
/// equal value share their value (`sb`), the best value first.
type Kinds = Vec<(String, Outcome)>;

impl MncTab {
    /// With hints on: per cell, the best of your moves landing there.
    pub(super) fn hints_by_cell(&self, theme: &Theme) -> Vec<Option<CellHint>> {
        let mut out = vec![None; 9];
        if !self.hints || !self.humans_turn() {
            return out;
        }
        let Some(Rating { moves, .. }) = &self.rating else {
            return out;
        };
        // The best value within reach (the selection's moves when a piece
        // is picked up): starred, also when every move loses (the slowest
        // loss is the best defence).
        let within_reach = || moves.iter().filter(|(mv, _)| self.selection_allows(*mv));
        let best = within_reach().map(|(_, v)| *v).max();
        for cell in crate::solver::Cell::ALL {
            let mut kinds: Kinds = Vec::new();
            for (letter, kind) in [("s", 0), ("b", 1), ("m", 2)] {
                let value = within_reach()
                    .filter(|(mv, _)| mv.target() == cell && kind_of(*mv) == kind)
                    .map(|(_, v)| *v)
                    .max();
                let Some(value) = value else { continue };
                match kinds.iter_mut().find(|(_, v)| *v == value) {
                    Some((letters, _)) => letters.push_str(letter),
                    None => kinds.push((letter.to_string(), value)),
                }
            }
            kinds.sort_by_key(|kind| std::cmp::Reverse(kind.1));
            if kinds.is_empty() {
                continue;
            }
            let styles = (0..STYLES)
                .map(|style| HintForms {
                    inline: inline_forms(&kinds, best, style, theme),
                    stacked: kinds
                        .iter()
                        .map(|(letters, value)| {
                            kind_line(letters, *value, Some(*value) == best, style, theme)
                        })
                        .collect(),
                })
                .collect();
            out[cell.index()] = Some(CellHint { styles });
        }
        out
    }

    /// The style of the board's hints: the widest in which every hinted
    /// cell fits, in its `cells`.
    pub(super) fn hint_style(&self, hints: &[Option<CellHint>], cells: &[Rect; 9]) -> usize {
        let position = self.position();
        (0..LETTERS)
            .find(|&style| {
                hints.iter().zip(cells).enumerate().all(|(i, (hint, rect))| {
                    hint.as_ref().is_none_or(|hint| {
                        let piece = position.piece_at(crate::solver::Cell::ALL[i]);
                        hint_fits(*rect, piece.is_some(), &hint.styles[style])
                    })
                })
            })
            .unwrap_or(LETTERS)
    }
}

/// 0 a small piece placed, 1 a big one placed, 2 a big one moved.
fn kind_of(mv: Move) -> u8 {
    match mv {
        Move::Place {
            size: Size::Small, ..
        } => 0,
        Move::Place { .. } => 1,
        Move::Shift { .. } => 2,
    }
}

/// The hint on one line in `style`: its kinds side by side; in letters
/// also without the spaces, then the best value alone with `…` when a
/// kind is left out (in ASCII, where `...` has no room, two dots too).
fn inline_forms(
    kinds: &Kinds,
    best: Option<Outcome>,
    style: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let part = |(letters, value): &(String, Outcome), tight: bool| {
        let line = kind_line(letters, *value, Some(*value) == best, style, theme);
        let text = line.to_string();
        // Unstarred parts lose the space that lines up a stack.
        let text = text.strip_prefix(' ').unwrap_or(&text).to_string();
        let text = if tight { text.replacen(' ', "", 1) } else { text };
        Span::styled(text, line.style)
    };
    let joined = |tight: bool, between: &str| {
        let mut spans = Vec::new();
        for (k, kind) in kinds.iter().enumerate() {
            if k > 0 {
                spans.push(Span::raw(between.to_string()));
            }
            spans.push(part(kind, tight));
        }
        Line::from(spans)
    };
    if style < LETTERS {
        return vec![joined(false, ", ")];
    }
    let best_only = |more: &'static str| {
        let mut spans = vec![part(&kinds[0], true)];
        if kinds.len() > 1 {
            spans.push(Span::styled(more, theme.dim()));
        }
        Line::from(spans)
    };
    let mut forms = vec![joined(false, " "), joined(true, " "), best_only(ellipsis())];
    if kinds.len() > 1 && ellipsis() != "…" {
        forms.push(best_only(".."));
    }
    forms
}

/// One kind of move's line in `style` (0, the widest, `★ small: win in
/// 13`, to [`LETTERS`], `★s W13`). Kinds of equal value share it
/// (`small/big`); a line without the star starts with a space, so that
/// the names line up in a stack.
pub(super) fn kind_line(
    letters: &str,
    value: Outcome,
    best: bool,
    style: usize,
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
    let (long, mid, short, colour) = match value {
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
    let (star, colour) = if best {
        ("★", colour.patch(theme.best()))
    } else {
        (" ", colour)
    };
    let text = match style {
        0 => format!("{star} {names}: {long}"),
        1 => format!("{star}{names} {mid}"),
        SHORT_VALUES => format!("{star}{names} {short}"),
        _ => format!("{star}{letters} {short}"),
    };
    Line::styled(text, colour)
}

/// The legend of the hints in the board's `style` (only what it shortens),
/// a phrase never split: as many phrases a line as fit in `width` columns.
pub(super) fn hint_legend(width: u16, style: usize, theme: &Theme) -> Vec<Line<'static>> {
    let dim = |text: &'static str| Span::styled(text, theme.dim());
    let mut phrases = vec![vec![dim("hints:")]];
    if style >= LETTERS {
        phrases.extend([
            vec![Span::raw("s"), dim(" small,")],
            vec![Span::raw("b"), dim(" big,")],
            vec![Span::raw("m"), dim(" big moved,")],
            // Kinds of equal value share a hint (`sb L2`): said, since
            // round 11 looked for `sb` in the legend.
            vec![Span::raw("sb"), dim(" both alike;")],
        ]);
    }
    if style >= SHORT_VALUES {
        phrases.extend([
            vec![Span::styled("W9", theme.win()), dim(" win in 9,")],
            vec![Span::styled("L4", theme.loss()), dim(" loss in 4,")],
        ]);
    }
    phrases.push(vec![Span::styled("★", theme.best()), dim(" best")]);
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
