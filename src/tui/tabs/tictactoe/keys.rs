//! The tab's actions and keys: editing, the perfect line, and the
//! puzzles' (the cursor keys are every tab's, in the app).

use crate::solver::{Cell, Side};
use crate::tui::keymap::{ch, ctrl, key, modes, Binding};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
use crate::tui::review::{review_keys, Review};
use crossterm::event::KeyCode;

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Space: the side to move's mark in the empty cell under the cursor
    /// (a mark there: taken away), as a click does.
    Play,
    Set(Option<Side>),
    /// A click on a cell: the cursor goes there, then as Space.
    Click(Cell),
    /// A right-click: the cell cycles backwards (. → O → X → .).
    ClickBack(Cell),
    Undo,
    Redo,
    Clear,
    NextExample,
    /// The perfect line from the board, and stepping along it (every
    /// tab's keys).
    Review(Review),
    /// Answers the puzzle with the cell under the cursor.
    Answer,
    Puzzle(PuzzleAction),
}

modes! {
    /// Editing the board.
    EDITING,
    /// Stepping along the perfect line.
    LINE,
}

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = review_keys![Action::Review;
    reviewing: LINE, stepping: LINE, line: EDITING.or(LINE); {
    [key(KeyCode::Char(' '))] "Space" "the side to move's mark, or clear it (or click; right-click: cycle)" => Action::Play, when EDITING, footer "play";
    [ch('x'), ch('X')] "x" "put X in the cell" => Action::Set(Some(Side::X)), when EDITING, group "x/o/." "set";
    [ch('o'), ch('O'), ch('0')] "o" "put O in the cell" => Action::Set(Some(Side::O)), when EDITING;
    [ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)] "." "empty the cell" => Action::Set(None), when EDITING;
    [ch('P')] "P" "puzzles: win, or find every move that holds (the board waits)" => Action::Puzzle(PuzzleAction::Toggle), when EDITING, footer "puzzle";
    [ch('L')] "L" "a lesson: threats, blocks and forks, in five steps (the board waits)" => Action::Puzzle(PuzzleAction::Lesson), when EDITING, footer "lesson";
    [ch('u')] "u" "undo" => Action::Undo, when EDITING, footer "undo";
    [ctrl('r')] "C-r" "redo" => Action::Redo, when EDITING, footer "redo";
    [ch('c')] "c" "clear the board" => Action::Clear, when EDITING, footer "clear";
    [ch('e')] "e" "load the next example position (the contests' sample boards)" => Action::NextExample, when EDITING, footer "example";
} {
}];

/// The keys while a puzzle is on the board.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys![Action::Puzzle;
    [key(KeyCode::Char(' ')), key(KeyCode::Enter)] "Space" "answer with the cell under the cursor (or click it)" => Action::Answer, footer "answer";
];
