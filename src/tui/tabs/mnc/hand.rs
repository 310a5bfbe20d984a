//! The human's move made the way a person makes it: a piece picked from
//! the hand or the board, then a cell (by click or by key), with a word for
//! every move refused.

use super::{MncTab, Selection};
use crate::notation::mnc::size_word;
use crate::solver::mnc::{Move, Piece, Size};
use crate::solver::Cell;

impl MncTab {
    /// Whether the human may move now; if not, the message says why.
    fn may_move(&mut self) -> bool {
        if self.winner().is_some() {
            self.message = Some(self.over_message());
            return false;
        }
        if !self.humans_turn() {
            self.message = Some(crate::tui::playing::NOT_YOUR_TURN.into());
            return false;
        }
        true
    }

    /// The human's move at `cell` with what is selected (or picks up a big
    /// piece of theirs there).
    pub(super) fn activate(&mut self, cell: Cell) {
        self.cursor = cell;
        if !self.may_move() {
            return;
        }
        let own_big = self.position().piece_at(cell)
            == Some(Piece {
                side: self.human(),
                size: Size::Big,
            });
        match self.selection {
            Some(Selection::Hand(size)) => self.play(Move::Place { size, cell }),
            Some(Selection::Board(from)) if from == cell => {
                self.selection = None;
                self.message = Some("put the piece back".into());
            }
            Some(Selection::Board(from)) => self.play(Move::Shift { from, to: cell }),
            None if own_big => self.pick_up(cell),
            // A click (or Space) on an empty cell: a small piece, the
            // move people make most; with none left, a big one (a click
            // alone then still plays: a newcomer found no way by mouse).
            None if self.position().piece_at(cell).is_none() => {
                let you = self.human();
                let size = match (
                    self.position().small_in_hand(you),
                    self.position().big_in_hand(you),
                ) {
                    (0, 0) => None,
                    (0, _) => Some(Size::Big),
                    _ => Some(Size::Small),
                };
                match size {
                    Some(size) => self.play(Move::Place { size, cell }),
                    None => self.message = Some(
                        "no piece left in your hand: m (or a click) picks up a big one to move it"
                            .into(),
                    ),
                }
            }
            None => {
                self.message = Some(
                    "choose a piece first: b big (or click your hand), or m on your big piece"
                        .into(),
                )
            }
        }
    }

    pub(super) fn pick_up(&mut self, cell: Cell) {
        let own_big = Some(Piece {
            side: self.human(),
            size: Size::Big,
        });
        if self.position().piece_at(cell) != own_big {
            self.message = Some(format!("{cell} does not hold one of your big pieces"));
        } else if self.targets_of(Selection::Board(cell)).is_empty() {
            self.message =
                Some("that piece has nowhere to go: it moves only onto small pieces".into());
        } else {
            self.selection = Some(Selection::Board(cell));
            self.message = None;
        }
    }

    /// What can be done once the game is over.
    pub(super) fn over_message(&self) -> String {
        let who = if self.winner() == Some(self.human()) {
            "you won"
        } else {
            "the engine won"
        };
        format!("the game is over ({who}): n new game, u take back, < review, p perfect line")
    }

    pub(super) fn select_hand(&mut self, size: Size) {
        if !self.may_move() {
            return;
        }
        let left = match size {
            Size::Small => self.position().small_in_hand(self.human()),
            Size::Big => self.position().big_in_hand(self.human()),
        };
        if left == 0 {
            self.message = Some(format!("no {} piece left in your hand", size_word(size)));
        } else {
            self.selection = Some(Selection::Hand(size));
            self.message = None;
        }
    }

    /// The cells a selection may go to.
    pub fn targets_of(&self, selection: Selection) -> Vec<Cell> {
        self.position()
            .legal_moves()
            .into_iter()
            .filter(|mv| match (selection, mv) {
                (Selection::Hand(s), Move::Place { size, .. }) => s == *size,
                (Selection::Board(f), Move::Shift { from, .. }) => f == *from,
                _ => false,
            })
            .map(Move::target)
            .collect()
    }

    /// Whether `mv` goes with what is picked up (any move when nothing is).
    pub(super) fn selection_allows(&self, mv: Move) -> bool {
        match self.selection {
            Some(Selection::Hand(s)) => matches!(mv, Move::Place { size, .. } if size == s),
            Some(Selection::Board(f)) => matches!(mv, Move::Shift { from, .. } if from == f),
            None => true,
        }
    }
}
