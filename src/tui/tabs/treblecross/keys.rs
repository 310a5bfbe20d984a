//! What the Treblecross tab can be asked to do, and the keys that ask it.

use crate::solver::treblecross::Player;
use crate::tui::keymap::{ch, ctrl, key, Binding, When};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
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
    Prompt(PromptKey),
    /// Start a game against the engine with this player first (or stop one).
    Play(Player),
    /// During a game: show or hide the analysis.
    ShowAnalysis,
    /// Review: the position before the one shown (a step back along the
    /// perfect line when it is shown).
    Back,
    Forward,
    /// The perfect line from the strip shown, on or off.
    PerfectLine,
    /// Go on from the position shown: in a game, the later moves go; on a
    /// perfect line from the editor, the strip becomes the one shown.
    ContinueHere,
    /// One level back: from a line to where it was opened, from a review
    /// to the strip as it stands.
    BackToLive,
    /// A game again from the strip it started on, the same player first.
    NewGame,
    /// Review the position after this many moves (a click on the list).
    ReviewAt(usize),
    Puzzle(PuzzleAction),
}

/// A key typed into the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKey {
    Char(char),
    Backspace,
    Enter,
    Cancel,
}

/// Editing the strip (no game, or a game stopped).
pub(super) const EDITING: When = When::mode(0);
/// A game against the engine, going on.
pub(super) const PLAYING: When = When::mode(1);
/// A game against the engine, won by one side.
pub(super) const GAME_OVER: When = When::mode(2);
/// An earlier position of the game, or a step along the perfect line.
pub(super) const REVIEWING: When = When::mode(3);
/// Typing a game code into the panel's prompt.
pub(super) const TYPING: When = When::mode(4);
/// A puzzle that asks for a cell (or one over: n for the next).
pub(super) const PUZZLE_CELL: When = When::mode(5);
/// A drill that asks for a number, typed.
pub(super) const PUZZLE_NUMBER: When = When::mode(6);
pub(super) const GAME: When = PLAYING.or(GAME_OVER);
pub(super) const NOT_TYPING: When = EDITING.or(GAME).or(REVIEWING);

/// The tab's keys (the cursor keys ← → are every tab's, in the app), in
/// the order of the footer: a short one drops the last first.
pub const BINDINGS: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::Enter)],
        "Enter",
        "show that game's values",
        Action::Prompt(PromptKey::Enter),
    )
    .when(TYPING)
    .footer("show"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "cancel",
        Action::Prompt(PromptKey::Cancel),
    )
    .when(TYPING)
    .footer("cancel"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "back: from the line to the review, then the game",
        Action::BackToLive,
    )
    .when(REVIEWING)
    .footer("back"),
    Binding::new(
        &[key(KeyCode::PageUp)],
        "PgUp",
        "cursor 50 cells left",
        Action::Move(-50),
    )
    .when(NOT_TYPING),
    Binding::new(
        &[key(KeyCode::PageDown)],
        "PgDn",
        "cursor 50 cells right",
        Action::Move(50),
    )
    .when(NOT_TYPING),
    Binding::new(&[key(KeyCode::Home)], "Home", "first cell", Action::Home).when(NOT_TYPING),
    Binding::new(&[key(KeyCode::End)], "End", "last cell", Action::End).when(NOT_TYPING),
    Binding::new(
        &[key(KeyCode::Char(' '))],
        "Space",
        "toggle X in the cell (or click it)",
        Action::Toggle,
    )
    .when(EDITING)
    .footer("toggle"),
    Binding::new(
        &[ch('P')],
        "P",
        "puzzles: winning cells, G(L), nim-sums (the strip waits)",
        Action::Puzzle(PuzzleAction::Toggle),
    )
    .when(EDITING)
    .footer("puzzle"),
    Binding::new(
        &[ch('P')],
        "P",
        "puzzles (the game waits, and comes back when they end)",
        Action::Puzzle(PuzzleAction::Toggle),
    )
    .when(GAME),
    Binding::new(
        &[key(KeyCode::Char(' '))],
        "Space",
        "play your X in the cell (or click it)",
        Action::Toggle,
    )
    .when(PLAYING)
    .footer("play here"),
    Binding::new(
        &[ch('u')],
        "u",
        "take back your move and the reply",
        Action::Undo,
    )
    .when(GAME)
    .footer("take back"),
    Binding::new(
        &[ch('g')],
        "g",
        "play the engine, you first",
        Action::Play(Player::You),
    )
    .when(EDITING)
    .footer("game"),
    Binding::new(
        &[ch('G')],
        "G",
        "play the engine, engine first",
        Action::Play(Player::Engine),
    )
    .when(EDITING),
    Binding::new(
        &[ch('g'), ch('G')],
        "g",
        "stop the game: back to editing",
        Action::Play(Player::You),
    )
    .when(GAME)
    .footer("stop"),
    Binding::new(
        &[ch('n')],
        "n",
        "new game: the same strip and first player",
        Action::NewGame,
    )
    .when(GAME.or(REVIEWING))
    .footer("new"),
    Binding::new(
        &[ch('a')],
        "a",
        "show or hide the analysis during the game",
        Action::ShowAnalysis,
    )
    .when(PLAYING)
    .footer("analysis"),
    Binding::new(
        &[ch('<'), ch(',')],
        "<",
        "review: the move before (or click a move or a played X)",
        Action::Back,
    )
    .when(GAME.or(REVIEWING))
    .footer_group("< >", "review"),
    Binding::new(
        &[ch('>'), ch('.')],
        ">",
        "review: the move after",
        Action::Forward,
    )
    .when(REVIEWING),
    Binding::new(
        &[ch('p')],
        "p",
        "perfect line from the strip shown",
        Action::PerfectLine,
    )
    .when(EDITING.or(GAME).or(REVIEWING))
    .footer("perfect line"),
    Binding::new(
        &[ch('c')],
        "c",
        "continue from the position shown",
        Action::ContinueHere,
    )
    .when(REVIEWING)
    .footer("continue here"),
    Binding::new(&[ch('x')], "x", "put X in the cell", Action::SetX).when(EDITING),
    Binding::new(
        &[ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)],
        ".",
        "empty the cell",
        Action::SetEmpty,
    )
    .when(EDITING),
    Binding::new(
        &[ch('+'), ch('=')],
        "+",
        "one cell longer",
        Action::Longer(1),
    )
    .when(EDITING)
    .footer_group("+/-", "length"),
    Binding::new(
        &[ch('-')],
        "-",
        "one cell shorter (down to 3)",
        Action::Shorter(1),
    )
    .when(EDITING),
    Binding::new(
        &[ch('>')],
        ">",
        "100 cells longer (up to 100,000)",
        Action::Longer(100),
    )
    .when(EDITING),
    Binding::new(&[ch('<')], "<", "100 cells shorter", Action::Shorter(100)).when(EDITING),
    Binding::new(&[ch('u')], "u", "undo", Action::Undo)
        .when(EDITING)
        .footer("undo"),
    Binding::new(&[ctrl('r')], "C-r", "redo", Action::Redo).when(EDITING),
    Binding::new(&[ch('c')], "c", "clear the strip", Action::Clear)
        .when(EDITING)
        .footer("clear"),
    Binding::new(
        &[ch('e')],
        "e",
        "next example (the UVA sample strips)",
        Action::NextExample,
    )
    .when(EDITING)
    .footer("example"),
    Binding::new(
        &[ch('z')],
        "z",
        "zoom: cells 3, 2, 1 wide, then as wide as fit",
        Action::Zoom,
    )
    .when(NOT_TYPING)
    .footer("zoom"),
    Binding::new(
        &[ch('[')],
        "[",
        "Grundy panel: smaller L (or wheel)",
        Action::ScrollGrundy(-8),
    )
    .when(NOT_TYPING),
    Binding::new(
        &[ch(']')],
        "]",
        "Grundy panel: larger L (or wheel)",
        Action::ScrollGrundy(8),
    )
    .when(NOT_TYPING)
    .footer_group("[/]", "G(L)"),
    Binding::new(
        &[ch('s')],
        "s",
        "Grundy panel: values, statistics, plot",
        Action::GrundyStats,
    )
    .when(NOT_TYPING),
    Binding::new(
        &[ch('o')],
        "o",
        "Grundy panel: another octal game",
        Action::OtherGame,
    )
    .when(NOT_TYPING),
];

/// The keys while a puzzle is on the strip.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys!(Action::Puzzle;
    Binding::new(
        &[key(KeyCode::Char(' ')), ch('x')],
        "Space",
        "answer with the cell under the cursor (or click it)",
        Action::Toggle,
    )
    .when(PUZZLE_CELL)
    .footer("answer"),
    Binding::new(
        &[key(KeyCode::Enter)],
        "0-9 Enter",
        "type the number, Enter answers (Backspace erases)",
        Action::Puzzle(PuzzleAction::Submit),
    )
    .when(PUZZLE_NUMBER)
    .footer("answer"),
    Binding::new(&[key(KeyCode::Home)], "Home", "first cell", Action::Home),
    Binding::new(&[key(KeyCode::End)], "End", "last cell", Action::End),
    Binding::new(
        &[ch('z')],
        "z",
        "zoom: cells 3, 2, 1 wide, then as wide as fit",
        Action::Zoom,
    ),
);
