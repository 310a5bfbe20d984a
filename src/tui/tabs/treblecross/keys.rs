//! What the Treblecross tab can be asked to do, and the keys that ask it.

use crate::solver::treblecross::Player;
use crate::tui::keymap::{ch, ctrl, key, modes, Binding, When};
use crate::tui::playing::OWN_MODES;
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
use crate::tui::review::{review_keys, Review};
use crate::tui::text::TextKey;
use crossterm::event::KeyCode;

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The cursor this many cells right (left if negative).
    Move(isize),
    Home,
    End,
    Toggle,
    SetX,
    SetEmpty,
    /// A click on a cell: the cursor goes there and the cell toggles.
    Click(usize),
    Longer(usize),
    Shorter(usize),
    Clear,
    NextExample,
    Undo,
    Redo,
    /// Cells 1, 2 or 3 columns wide (the widest that fits, then 3, 2, 1).
    Zoom,
    ScrollGrundy(isize),
    /// The Grundy panel's next view: values, statistics, plot.
    GrundyStats,
    /// The Grundy panel: type another octal game's code.
    OtherGame,
    /// A key typed into the panel's prompt.
    Prompt(TextKey),
    /// Start a game against the engine with this player first (or stop one).
    Play(Player),
    /// During a game: show or hide the analysis.
    ShowAnalysis,
    /// The review and the perfect line (every tab's keys); on a line
    /// from the editor, continuing makes the strip the one shown.
    Review(Review),
    /// A game again from the strip it started on, the same player first.
    NewGame,
    Puzzle(PuzzleAction),
}

// Editing the strip, a game going on or over, reviewing: a match tab's.
pub use crate::tui::playing::modes::{EDITING, GAME, GAME_OVER, PLAYING, REVIEWING};
modes! { from OWN_MODES;
    /// Typing a game code into the panel's prompt.
    TYPING,
    /// A puzzle that asks for a cell (or one over: n for the next).
    PUZZLE_CELL,
    /// A drill that asks for a number, typed.
    PUZZLE_NUMBER,
    /// With any of the others but typing: the Grundy panel shown (the
    /// details).
    PANEL,
}
pub(super) const NOT_TYPING: When = EDITING.or(GAME).or(REVIEWING);

/// The tab's keys (the cursor keys ← → are every tab's, in the app), in
/// the order of the footer: a short one drops the last first.
pub const BINDINGS: &[Binding<Action>] = review_keys![Action::Review;
    reviewing: REVIEWING, stepping: GAME.or(REVIEWING), line: EDITING.or(GAME).or(REVIEWING); {
    [key(KeyCode::Enter)] "Enter" "show that game's values" => Action::Prompt(TextKey::Enter), when TYPING, footer "show";
    [key(KeyCode::Esc)] "Esc" "cancel" => Action::Prompt(TextKey::Cancel), when TYPING, footer "cancel";
    [key(KeyCode::PageUp)] "PgUp" "cursor 50 cells left" => Action::Move(-50), when NOT_TYPING;
    [key(KeyCode::PageDown)] "PgDn" "cursor 50 cells right" => Action::Move(50), when NOT_TYPING;
    [key(KeyCode::Home)] "Home" "first cell" => Action::Home, when NOT_TYPING;
    [key(KeyCode::End)] "End" "last cell" => Action::End, when NOT_TYPING;
    [key(KeyCode::Char(' '))] "Space" "put an X in the cell, or take it away (or click it)" => Action::Toggle, when EDITING, footer "X";
    // The lesson second: the footer keeps the first two at 40 columns.
    [ch('L')] "L" "a lesson: safe cells, free stretches, and how to win them, in six steps (the strip waits)" => Action::Puzzle(PuzzleAction::Lesson), when EDITING, footer "lesson";
    [ch('g')] "g" "play the engine, you first" => Action::Play(Player::You), when EDITING, footer "vs engine";
    [ch('G')] "G" "play the engine, engine first" => Action::Play(Player::Engine), when EDITING;
    [ch('P')] "P" "puzzles: find the winning cell, and (later) the values behind it (the strip waits)" => Action::Puzzle(PuzzleAction::Toggle), when EDITING, footer "puzzle";
    [ch('P')] "P" "puzzles (the game waits, and comes back when they end)" => Action::Puzzle(PuzzleAction::Toggle), when GAME;
    [ch('L')] "L" "a lesson (the game waits, and comes back when it ends)" => Action::Puzzle(PuzzleAction::Lesson), when GAME;
    [key(KeyCode::Char(' '))] "Space" "play your X in the cell (or click it)" => Action::Toggle, when PLAYING, footer "play here";
    [ch('u')] "u" "take back your move and the reply" => Action::Undo, when GAME, footer "take back";
    [ch('+'), ch('=')] "+" "one cell longer" => Action::Longer(1), when EDITING, group "+/-" "length";
    [ch('-')] "-" "one cell shorter (down to 3)" => Action::Shorter(1), when EDITING;
    [ch('g'), ch('G')] "g" "stop the game: back to editing" => Action::Play(Player::You), when GAME, footer "stop";
    [ch('n')] "n" "new game: the same strip and first player" => Action::NewGame, when GAME.or(REVIEWING), needs When::NO_PUZZLE, footer "new";
    [ch('a')] "a" "show or hide the analysis during the game" => Action::ShowAnalysis, when PLAYING, footer "analysis";
} {
    [ch('x')] "x" "put X in the cell" => Action::SetX, when EDITING;
    [ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)] "." "empty the cell" => Action::SetEmpty, when EDITING;
    [ch('>')] ">" "100 cells longer (up to 100,000)" => Action::Longer(100), when EDITING;
    [ch('<')] "<" "100 cells shorter" => Action::Shorter(100), when EDITING;
    [ch('u')] "u" "undo" => Action::Undo, when EDITING, footer "undo";
    [ctrl('r')] "C-r" "redo" => Action::Redo, when EDITING;
    [ch('c')] "c" "clear the strip" => Action::Clear, when EDITING, footer "clear";
    [ch('e')] "e" "next example (the UVA sample strips)" => Action::NextExample, when EDITING, footer "example";
    [ch('z')] "z" "zoom: cells 3, 2, 1 wide, then as wide as fit" => Action::Zoom, when NOT_TYPING, footer "zoom";
    [ch('[')] "[" "Grundy panel: smaller L (or wheel)" => Action::ScrollGrundy(-8), when PANEL;
    [ch(']')] "]" "Grundy panel: larger L (or wheel)" => Action::ScrollGrundy(8), when PANEL, group "[/]" "G(L)";
    [ch('s')] "s" "Grundy panel: values, statistics, plot" => Action::GrundyStats, when PANEL;
    [ch('o')] "o" "Grundy panel: another octal game" => Action::OtherGame, when PANEL;
}];

/// The keys while a puzzle is on the strip.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys![Action::Puzzle;
    [key(KeyCode::Char(' ')), ch('x')] "Space" "answer with the cell under the cursor (or click it)" => Action::Toggle, when PUZZLE_CELL, needs When::OPEN, footer "answer";
    [key(KeyCode::Enter)] "0-9 Enter" "type the number, Enter answers (Backspace erases)" => Action::Puzzle(PuzzleAction::Type(TextKey::Enter)), when PUZZLE_NUMBER, needs When::OPEN, footer "answer";
    [key(KeyCode::Home)] "Home" "first cell" => Action::Home;
    [key(KeyCode::End)] "End" "last cell" => Action::End;
    [ch('z')] "z" "zoom: cells 3, 2, 1 wide, then as wide as fit" => Action::Zoom;
];
