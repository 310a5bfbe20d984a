//! What the Notakto tab can be asked to do, and the keys that ask it.

use crate::solver::notakto::game::Player;
use crate::solver::Cell;
use crate::tui::keymap::{ch, ctrl, key, Binding, When};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
use crate::tui::review::{review_keys, Review};
use crossterm::event::KeyCode;

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Space: toggle the X under the cursor (editing), play there (a
    /// game), answer with it (a puzzle).
    Toggle,
    SetX,
    SetEmpty,
    /// A click on cell `1` of board `0`: the cursor goes there, then as
    /// Space.
    Click(usize, Cell),
    /// The cursor this many boards on (back if negative), on the same cell.
    Board(isize),
    /// One board more (up to 9), or the cursor's board taken away.
    MoreBoards,
    FewerBoards,
    Clear,
    NextExample,
    Undo,
    Redo,
    /// Start a game against the engine with this player first (or stop one).
    Play(Player),
    /// A game again from the boards it started on, the same player first.
    NewGame,
    /// During a game: show or hide the analysis.
    ShowAnalysis,
    /// The review and the perfect line (every tab's keys).
    Review(Review),
    Puzzle(PuzzleAction),
}

// Editing the boards, a game going on or over, reviewing: a match tab's.
pub use crate::tui::playing::modes::{EDITING, GAME, GAME_OVER, PLAYING, REVIEWING};

/// The tab's keys (the cursor keys are every tab's, in the app), in the
/// footer's order: a short footer drops the last first.
pub const BINDINGS: &[Binding<Action>] = review_keys![Action::Review;
    reviewing: REVIEWING, stepping: GAME.or(REVIEWING), line: EDITING.or(GAME).or(REVIEWING); {
    [key(KeyCode::Char(' '))] "Space" "put an X in the cell, or take it away (or click it)" => Action::Toggle, when EDITING, footer "X";
    // The lesson second: the footer keeps the first two at 40 columns.
    [ch('L')] "L" "a lesson: dead boards, the last live board, and the count that says who wins, in seven steps (the boards wait)" => Action::Puzzle(PuzzleAction::Lesson), when EDITING, footer "lesson";
    [key(KeyCode::Char(' '))] "Space" "play your X in the cell (or click it)" => Action::Toggle, when PLAYING, footer "play here";
    [ch('g')] "g" "play the engine, you first" => Action::Play(Player::You), when EDITING, footer "vs engine";
    [ch('G')] "G" "play the engine, engine first" => Action::Play(Player::Engine), when EDITING;
    [ch('P')] "P" "puzzles: find the winning move (the boards wait)" => Action::Puzzle(PuzzleAction::Toggle), when EDITING, footer "puzzle";
    [ch('P')] "P" "puzzles (the game waits, and comes back when they end)" => Action::Puzzle(PuzzleAction::Toggle), when GAME;
    [ch('L')] "L" "a lesson (the game waits, and comes back when it ends)" => Action::Puzzle(PuzzleAction::Lesson), when GAME;
    [ch('u')] "u" "take back your move and the reply" => Action::Undo, when GAME, footer "take back";
    [ch('g'), ch('G')] "g" "stop the game: back to editing" => Action::Play(Player::You), when GAME, footer "stop";
    [ch('n')] "n" "new game: the same boards and first player" => Action::NewGame, when GAME.or(REVIEWING), needs When::NO_PUZZLE, footer "new";
    [ch('a')] "a" "show or hide the analysis during the game" => Action::ShowAnalysis, when PLAYING, footer "analysis";
    [ch('[')] "[" "the previous board (the arrows cross too)" => Action::Board(-1), when EDITING.or(GAME);
    [ch(']')] "]" "the next board" => Action::Board(1), when EDITING.or(GAME), group "[/]" "board";
    [ch('+'), ch('=')] "+" "one board more (up to 9)" => Action::MoreBoards, when EDITING, group "+/-" "boards";
    [ch('-')] "-" "take away the cursor's board (down to 1)" => Action::FewerBoards, when EDITING;
} {
    [ch('x')] "x" "put X in the cell" => Action::SetX, when EDITING;
    [ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)] "." "empty the cell" => Action::SetEmpty, when EDITING;
    [ch('u')] "u" "undo" => Action::Undo, when EDITING, footer "undo";
    [ctrl('r')] "C-r" "redo" => Action::Redo, when EDITING;
    [ch('c')] "c" "clear every board" => Action::Clear, when EDITING, footer "clear";
    [ch('e')] "e" "the next example position, with what it shows" => Action::NextExample, when EDITING, footer "example";
}];

/// The keys while a puzzle is on the boards.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys![Action::Puzzle;
    [key(KeyCode::Char(' ')), ch('x'), key(KeyCode::Enter)] "Space" "answer with the cell under the cursor (or click it)" => Action::Toggle, needs When::OPEN, footer "answer";
    [ch('[')] "[" "the previous board (the arrows cross too)" => Action::Board(-1);
    [ch(']')] "]" "the next board" => Action::Board(1);
];
