//! The tab's actions and keys: editing, the perfect line, and the
//! puzzles' (the cursor keys are every tab's, in the app).

use crate::solver::{Cell, Side};
use crate::tui::keymap::{ch, ctrl, key, Binding, When};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
use crossterm::event::KeyCode;

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Cycle,
    Set(Option<Side>),
    /// A click on a cell: the cursor goes there and the cell cycles.
    Click(Cell),
    /// A right-click: the cell cycles backwards (. → O → X → .).
    ClickBack(Cell),
    Undo,
    Redo,
    Clear,
    NextExample,
    /// The perfect line from the board, on or off.
    PerfectLine,
    /// Along the perfect line: a move back or forward.
    Step(isize),
    /// The board becomes the one the line shows.
    ContinueHere,
    BackToBoard,
    /// Answers the puzzle with the cell under the cursor.
    Answer,
    Puzzle(PuzzleAction),
}

/// Editing the board.
pub(super) const EDITING: When = When::mode(0);
/// Stepping along the perfect line.
pub(super) const LINE: When = When::mode(1);

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "back to the board",
        Action::BackToBoard,
    )
    .when(LINE)
    .footer("back"),
    Binding::new(
        &[ch('<'), ch(',')],
        "<",
        "perfect line: a move back",
        Action::Step(-1),
    )
    .when(LINE)
    .footer_group("< >", "step"),
    Binding::new(
        &[ch('>'), ch('.')],
        ">",
        "perfect line: a move on",
        Action::Step(1),
    )
    .when(LINE),
    Binding::new(
        &[ch('c')],
        "c",
        "continue from the board shown",
        Action::ContinueHere,
    )
    .when(LINE)
    .footer("continue here"),
    Binding::new(
        &[key(KeyCode::Char(' '))],
        "Space",
        "cycle . X O (click; right-click: back)",
        Action::Cycle,
    )
    .when(EDITING)
    .footer("cycle"),
    Binding::new(
        &[ch('x'), ch('X')],
        "x",
        "put X in the cell",
        Action::Set(Some(Side::X)),
    )
    .when(EDITING)
    .footer_group("x/o/.", "set"),
    Binding::new(
        &[ch('o'), ch('O'), ch('0')],
        "o",
        "put O in the cell",
        Action::Set(Some(Side::O)),
    )
    .when(EDITING),
    Binding::new(
        &[ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)],
        ".",
        "empty the cell",
        Action::Set(None),
    )
    .when(EDITING),
    Binding::new(
        &[ch('P')],
        "P",
        "puzzles: win, or find every move that holds (the board waits)",
        Action::Puzzle(PuzzleAction::Toggle),
    )
    .when(EDITING)
    .footer("puzzle"),
    Binding::new(&[ch('u')], "u", "undo", Action::Undo)
        .when(EDITING)
        .footer("undo"),
    Binding::new(&[ctrl('r')], "C-r", "redo", Action::Redo)
        .when(EDITING)
        .footer("redo"),
    Binding::new(&[ch('c')], "c", "clear the board", Action::Clear)
        .when(EDITING)
        .footer("clear"),
    Binding::new(
        &[ch('e')],
        "e",
        "load the next example from assets/",
        Action::NextExample,
    )
    .when(EDITING)
    .footer("example"),
    Binding::new(
        &[ch('p')],
        "p",
        "perfect line from this board",
        Action::PerfectLine,
    )
    .footer("perfect line"),
];

/// The keys while a puzzle is on the board.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys!(Action::Puzzle;
    Binding::new(
        &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
        "Space",
        "answer with the cell under the cursor (or click it)",
        Action::Answer,
    )
    .footer("answer"),
);
