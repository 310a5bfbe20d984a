//! Analysis mode: any position set up by hand (the match waits meanwhile),
//! with the engine's value of it and of every move.

use super::engine::Rating;
use super::layout::MncLayout;
use super::view::{draw_cell, CellView};
use super::MncTab;
use crate::notation::mnc::{game_over_words, move_notation, side_letter, value_words};
use crate::solver::mnc::{Piece, Position, PositionError, Size, SMALL_PIECES};
use crate::solver::{BySide, Cell, Side};
use crate::tui::theme::Theme;
use crate::tui::widgets::{put_str, render_wrapped, rows_of};
use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// A position being set up in analysis mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    pub cells: [Option<Piece>; 9],
    /// Small pieces in each hand.
    pub hands: BySide<u8>,
    pub to_move: Side,
}

impl Setup {
    pub(super) fn of(position: &Position) -> Setup {
        Setup {
            cells: position.cells(),
            hands: position.hands(),
            to_move: position.to_move(),
        }
    }

    /// Puts `piece` on the cell at `index`. A small piece comes from its
    /// side's hand and goes back to it when taken off, so that placing
    /// pieces keeps the set-up consistent as long as a hand holds one.
    pub fn set(&mut self, index: usize, piece: Option<Piece>) {
        if let Some(old) = self.cells[index].filter(|p| p.size == Size::Small) {
            let hand = &mut self.hands[old.side];
            *hand = (*hand + 1).min(SMALL_PIECES);
        }
        if let Some(new) = piece.filter(|p| p.size == Size::Small) {
            let hand = &mut self.hands[new.side];
            *hand = hand.saturating_sub(1);
        }
        self.cells[index] = piece;
    }

    /// The position, or why it cannot be one (as `noughts mnc analyze`).
    pub fn position(&self) -> Result<Position, PositionError> {
        Position::new(self.cells, self.hands, self.to_move)
    }
}

/// The next piece when cycling a cell: . → x → X → o → O → .
pub(super) fn cycled(piece: Option<Piece>) -> Option<Piece> {
    let order = [
        None,
        Some(Piece {
            side: Side::X,
            size: Size::Small,
        }),
        Some(Piece {
            side: Side::X,
            size: Size::Big,
        }),
        Some(Piece {
            side: Side::O,
            size: Size::Small,
        }),
        Some(Piece {
            side: Side::O,
            size: Size::Big,
        }),
    ];
    let at = order.iter().position(|p| *p == piece).unwrap_or(0);
    order[(at + 1) % order.len()]
}

impl MncTab {
    pub(super) fn render_setup(
        &self,
        setup: &Setup,
        layout: &MncLayout,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        layout.board.draw(buf, theme);
        for (i, rect) in layout.cells.iter().enumerate() {
            let cell = Cell::ALL[i];
            let style = if cell == self.cursor {
                theme.cursor()
            } else {
                Style::new()
            };
            let view = CellView {
                name: Line::styled(cell.to_string(), theme.dim()),
                piece: setup.cells[i],
                hint: None,
                style,
            };
            draw_cell(*rect, &view, buf, theme);
        }
        let counts = format!(
            "x {} [ ]  o {} {{ }}",
            setup.hands[Side::X],
            setup.hands[Side::O]
        );
        let hands = [
            format!("small in hand: {counts}"),
            format!("small: {counts}"),
        ]
        .into_iter()
        .find(|t| t.chars().count() <= usize::from(layout.grid.width))
        .unwrap_or(counts);
        if layout.hands_beside {
            // The column beside the board: a count a row.
            let (x, y, width) = (layout.hand_small.x, layout.hand_small.y, layout.hand_small.width);
            let rows = [
                "small in".to_string(),
                "hand:".to_string(),
                format!("x {} [ ]", setup.hands[Side::X]),
                format!("o {} {{ }}", setup.hands[Side::O]),
            ];
            for (k, text) in rows.iter().enumerate() {
                put_str(buf, x, y - 1 + k as u16, text, width, theme.dim());
            }
        } else {
            let (x, y) = (layout.grid.x, layout.hand_small.y);
            put_str(buf, x, y, &hands, layout.grid.width, theme.dim());
        }
        let mut moves_listed = 0;
        let mut lines = vec![
            Line::styled("EDITING: set up any position to analyse", theme.title()),
            Line::styled(
                "Space/click cycles a cell . x X o O; v side to move; e: back",
                theme.dim(),
            ),
            Line::from(vec![
                Span::raw(format!("{} to move", side_letter(setup.to_move))),
                Span::styled(
                    format!(
                        "   big in hand: x {} o {}",
                        2 - setup
                            .cells
                            .iter()
                            .flatten()
                            .filter(|p| p.letter() == 'X')
                            .count()
                            .min(2),
                        2 - setup
                            .cells
                            .iter()
                            .flatten()
                            .filter(|p| p.letter() == 'O')
                            .count()
                            .min(2)
                    ),
                    theme.dim(),
                ),
            ]),
        ];
        // A short panel (a small screen): the mode, the side to move and
        // the way back on one row, so that the value comes next.
        let short = layout.panel.height < 6;
        if short {
            lines = vec![Line::from(vec![
                Span::styled("EDITING: ", theme.title()),
                Span::raw(format!("{} to move", side_letter(setup.to_move))),
                Span::styled("  v side  e back", theme.dim()),
            ])];
        }
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        match setup.position() {
            Err(why) => lines.push(Line::styled(format!("refused: {why}"), theme.bad())),
            Ok(position) => match self.setup_rating() {
                None => lines.push(Line::styled("asking the engine…", theme.key())),
                Some(Rating { value, moves, .. }) => {
                    let mover = position.to_move();
                    if let Some(over) = game_over_words(&position) {
                        lines.push(Line::styled(over, theme.best()));
                    } else if short {
                        // No room for the list: the value and the best move.
                        let best = moves.first().map(|(mv, _)| move_notation(&position, *mv));
                        lines.push(Line::from(vec![
                            Span::styled(value_words(mover, *value), theme.best()),
                            Span::styled(
                                best.map(|b| format!("; best {b} …")).unwrap_or_default(),
                                theme.dim(),
                            ),
                        ]));
                    } else {
                        lines.push(Line::from(vec![
                            Span::styled("value  ", theme.dim()),
                            Span::styled(value_words(mover, *value), theme.best()),
                        ]));
                        lines.push(Line::styled("moves, best first", theme.dim()));
                        for (mv, value) in moves {
                            lines.push(Line::from(format!(
                                "  {:<14} {}",
                                move_notation(&position, *mv),
                                value_words(mover, *value)
                            )));
                            moves_listed += 1;
                        }
                    }
                }
            },
        }
        // Every line wrapped; a move list longer than the panel ends with
        // how many moves it leaves out.
        let wrapped = |lines: &[Line<'static>]| rows_of(lines, layout.panel.width);
        let panel_rows = usize::from(layout.panel.height);
        let mut left_out = 0;
        while moves_listed > 0 && wrapped(&lines) > panel_rows.saturating_sub(1) {
            lines.pop();
            moves_listed -= 1;
            left_out += 1;
        }
        if left_out > 0 {
            lines.push(Line::styled(
                format!("… and {left_out} more moves"),
                theme.key(),
            ));
        }
        render_wrapped(lines, layout.panel, buf, theme.dim());
    }
}
