//! Undo and redo, the same for every tab that edits: a history of
//! edits, each applied returning the edit that undoes it, bounded in bytes
//! (the oldest edits go first). The tic-tac-toe board's edit is the whole
//! board; the Treblecross strip's says what changed.

use std::collections::VecDeque;

/// Bytes the undo and redo lists may hold together.
pub const BUDGET: usize = 16 << 20;

/// What the undo and redo keys say when there is nothing to do.
pub const NOTHING_TO_UNDO: &str = "nothing to undo";
pub const NOTHING_TO_REDO: &str = "nothing to redo";

/// An edit of a state (a board, a strip).
pub trait Edit: Sized {
    type State;
    /// Applies the edit to `state`; returns the edit that undoes it.
    fn apply(self, state: &mut Self::State) -> Self;
    /// What the edit costs to keep.
    fn bytes(&self) -> usize;
}

#[derive(Debug)]
pub struct History<E> {
    undo: VecDeque<E>,
    redo: Vec<E>,
    bytes: usize,
}

impl<E> Default for History<E> {
    fn default() -> Self {
        History {
            undo: VecDeque::new(),
            redo: Vec::new(),
            bytes: 0,
        }
    }
}

impl<E: Edit> History<E> {
    /// Makes `edit` on `state` and remembers how to undo it.
    pub fn edit(&mut self, edit: E, state: &mut E::State) {
        let inverse = edit.apply(state);
        for dropped in self.redo.drain(..) {
            self.bytes -= dropped.bytes();
        }
        self.push_undo(inverse);
    }

    /// Undoes the last edit; false if there is none.
    pub fn undo(&mut self, state: &mut E::State) -> bool {
        let Some(edit) = self.undo.pop_back() else {
            return false;
        };
        self.bytes -= edit.bytes();
        let inverse = edit.apply(state);
        self.bytes += inverse.bytes();
        self.redo.push(inverse);
        self.trim();
        true
    }

    /// Redoes the last undone edit; false if there is none.
    pub fn redo(&mut self, state: &mut E::State) -> bool {
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        self.bytes -= edit.bytes();
        let inverse = edit.apply(state);
        self.push_undo(inverse);
        true
    }

    fn push_undo(&mut self, edit: E) {
        self.bytes += edit.bytes();
        self.undo.push_back(edit);
        self.trim();
    }

    /// Forgets the oldest edits until the lists fit the budget.
    fn trim(&mut self) {
        while self.bytes > BUDGET {
            match self.undo.pop_front() {
                Some(old) => self.bytes -= old.bytes(),
                None => break,
            }
        }
    }

    /// Bytes held now (for tests and the README's measurement).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }
}
