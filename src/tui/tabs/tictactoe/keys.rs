//! The tab's actions and keys: editing, a game against the engine, the
//! perfect line, and the puzzles' (the cursor keys are every tab's, in the
//! app).

use crate::solver::record::Player;
use crate::solver::{Cell, Side};
use crate::tui::keymap::{ch, ctrl, key, modes, Binding, When};
use crate::tui::playing::OWN_MODES;
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
    /// Start a game against the engine with this player first on the
    /// board (or stop one).
    Game(Player),
    /// A game again from the board it started on, the same player first.
    NewGame,
    /// During a game: show or hide each cell's value.
    ShowAnalysis,
}

// Editing, a game going on or over, reviewing it: a match tab's.
pub use crate::tui::playing::modes::{EDITING, GAME, GAME_OVER, PLAYING, REVIEWING};
modes! { from OWN_MODES;
    /// Stepping along the perfect line from the board (no game).
    LINE,
}
const BACK: When = LINE.or(REVIEWING);

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = review_keys![Action::Review;
    reviewing: BACK, stepping: BACK.or(GAME), line: EDITING.or(REVIEWING).or(GAME); {
    // On the board's line, `p` goes back, and the footer offers no
    // "perfect line" (round 15 read it there, on the line already).
    [ch('p')] "p" "back from the perfect line to the board" => Action::Review(Review::Line), when LINE;
    [key(KeyCode::Char(' '))] "Space" "the side to move's mark, or clear it (or click; right-click: cycle)" => Action::Play, when EDITING, footer "play";
    // The lesson second: the footer keeps the first two at 40 columns.
    [ch('L')] "L" "a lesson: threats, blocks and forks, in five steps (the board waits)" => Action::Puzzle(PuzzleAction::Lesson), when EDITING, footer "lesson";
    [key(KeyCode::Char(' '))] "Space" "play your mark in the cell (or click it)" => Action::Play, when PLAYING, footer "play here";
    [ch('g')] "g" "play the engine: you play the side to move" => Action::Game(Player::You), when EDITING, footer "vs engine";
    [ch('G')] "G" "play the engine: it plays the side to move" => Action::Game(Player::Engine), when EDITING;
    [ch('g'), ch('G')] "g" "stop the game: back to editing" => Action::Game(Player::You), when GAME, footer "stop";
    [ch('u')] "u" "take back your move and the reply" => Action::Undo, when GAME, footer "take back";
    [ch('n')] "n" "new game: the same board and first player" => Action::NewGame, when GAME.or(REVIEWING), needs When::NO_PUZZLE, footer "new";
    [ch('a')] "a" "show or hide the analysis during the game: each cell's value" => Action::ShowAnalysis, when PLAYING, footer "analysis";
    [ch('P')] "P" "puzzles (the game waits, and comes back when they end)" => Action::Puzzle(PuzzleAction::Toggle), when GAME;
    [ch('L')] "L" "a lesson (the game waits, and comes back when it ends)" => Action::Puzzle(PuzzleAction::Lesson), when GAME;
    [ch('P')] "P" "puzzles: win, or find every move that holds (the board waits)" => Action::Puzzle(PuzzleAction::Toggle), when EDITING, footer "puzzle";
    [ch('x'), ch('X')] "x" "put X in the cell" => Action::Set(Some(Side::X)), when EDITING, group "x/o/." "set";
    [ch('o'), ch('O'), ch('0')] "o" "put O in the cell" => Action::Set(Some(Side::O)), when EDITING;
    [ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)] "." "empty the cell" => Action::Set(None), when EDITING;
    [ch('u')] "u" "undo" => Action::Undo, when EDITING, footer "undo";
    [ctrl('r')] "C-r" "redo" => Action::Redo, when EDITING, footer "redo";
    [ch('c')] "c" "clear the board" => Action::Clear, when EDITING, footer "clear";
    [ch('e')] "e" "load the next example position (the contests' sample boards)" => Action::NextExample, when EDITING, footer "example";
} {
}];

/// The keys while a puzzle is on the board.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys![Action::Puzzle;
    [key(KeyCode::Char(' ')), key(KeyCode::Enter)] "Space" "answer with the cell under the cursor (or click it)" => Action::Answer, needs When::OPEN, footer "answer";
];
