//! What the MNC tab can be asked to do, and the keys that ask it.

use crate::solver::mnc::{Move, Size};
use crate::solver::{Cell, Side};
use crate::tui::keymap::{ch, key, Binding, When};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
use crossterm::event::KeyCode;

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Space/Enter at the cursor: place or move what is selected there, or
    /// pick up your big piece there.
    Activate,
    /// A click on a cell: as Activate, there.
    Click(Cell),
    /// Pick a piece from your hand (or click it).
    Hand(Size),
    /// Place a piece of this size from your hand at the cursor.
    PlaceHere(Size),
    /// Pick up your big piece under the cursor to move it.
    PickUp,
    Cancel,
    Undo,
    NewGame,
    SwapSides,
    ToggleHints,
    /// The engine's strength: perfect → strong → casual → perfect.
    NextStrength,
    /// Review: the position before the one shown (a step back along the
    /// perfect line when it is shown).
    Back,
    /// Review: the position after the one shown.
    Forward,
    /// Review the position after this many moves (a click on the list).
    ReviewAt(usize),
    /// The perfect line from the position shown, on or off.
    PerfectLine,
    /// Play on from the position shown (later moves are dropped).
    ContinueHere,
    /// Back from a review to the game as it stands.
    BackToGame,
    /// A whole move at once (tests, scripts).
    Play(Move),
    /// Analysis mode on or off (it starts from the match's position).
    ToggleAnalysis,
    /// Analysis: empty the cell under the cursor.
    SetupEmpty,
    /// Analysis: the other side is to move.
    SetupSide,
    /// Analysis: one small piece more or less in a side's hand.
    SetupHand(Side, i8),
    Puzzle(PuzzleAction),
}

/// Your move, nothing picked up yet.
pub(super) const YOUR_MOVE: When = When::mode(0);
/// Your move, a piece picked up (from the hand or the board).
pub(super) const PICKED: When = When::mode(1);
/// The engine's move (or the engine still solving).
pub(super) const ENGINES_MOVE: When = When::mode(2);
/// The match is over.
pub(super) const OVER: When = When::mode(3);
/// Setting up a position to analyse.
pub(super) const ANALYSIS: When = When::mode(4);
/// Looking at an earlier position, or along the perfect line.
pub(super) const REVIEWING: When = When::mode(5);
const MATCH: When = YOUR_MOVE.or(PICKED).or(ENGINES_MOVE).or(OVER);
/// A game to look back on (playing it, or reviewing it).
const GAME: When = MATCH.or(REVIEWING);
const MOVING: When = YOUR_MOVE.or(PICKED);

/// The tab's keys (the cursor keys are every tab's, in the app).
/// The keys that make a move, in a match and in a puzzle.
const PUT_DOWN: Binding<Action> = Binding::new(
    &[key(KeyCode::Esc)],
    "Esc",
    "put the picked piece down",
    Action::Cancel,
)
.when(PICKED)
.footer("put down");
const SMALL: Binding<Action> = Binding::new(
    &[ch('s')],
    "s",
    "place a small piece at the cursor",
    Action::PlaceHere(Size::Small),
)
.when(MOVING)
.footer("small");
const BIG: Binding<Action> = Binding::new(
    &[ch('b')],
    "b",
    "place a big piece (may cover a small)",
    Action::PlaceHere(Size::Big),
)
.when(MOVING)
.footer("big");
const PICK_UP: Binding<Action> = Binding::new(
    &[ch('m')],
    "m",
    "pick up your big piece, to move it",
    Action::PickUp,
)
.when(YOUR_MOVE)
.footer("move");
const ACTIVATE: Binding<Action> = Binding::new(
    &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
    "Space",
    "a small piece at the cursor, or pick up your big piece there (or click the cell)",
    Action::Activate,
)
.when(YOUR_MOVE);
const PUT_HERE: Binding<Action> = Binding::new(
    &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
    "Space",
    "put the picked piece here (or click)",
    Action::Activate,
)
.when(PICKED)
.footer("here");

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = &[
    PUT_DOWN,
    SMALL,
    BIG,
    PICK_UP,
    ACTIVATE,
    PUT_HERE,
    Binding::new(
        &[ch('P')],
        "P",
        "puzzles: win in N against the engine (the match waits)",
        Action::Puzzle(PuzzleAction::Toggle),
    )
    .when(MATCH)
    .footer("puzzle"),
    Binding::new(
        &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
        "Space",
        "analysis: cycle . x X o O (or click)",
        Action::Activate,
    )
    .when(ANALYSIS)
    .footer("cycle"),
    Binding::new(
        &[ch('t')],
        "t",
        "hints: your moves' values on the board",
        Action::ToggleHints,
    )
    .when(MATCH)
    .footer("hints"),
    Binding::new(
        &[ch('u')],
        "u",
        "take back your move and the reply",
        Action::Undo,
    )
    .when(MATCH)
    .footer("undo"),
    Binding::new(&[ch('n')], "n", "new game", Action::NewGame)
        .when(GAME)
        .footer("new"),
    Binding::new(
        &[ch('w')],
        "w",
        "swap sides (a new game)",
        Action::SwapSides,
    )
    .when(GAME)
    .footer("swap"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "back: from the line to the review, then the game",
        Action::BackToGame,
    )
    .when(REVIEWING)
    .footer("back"),
    Binding::new(
        &[ch('<'), ch(',')],
        "<",
        "review: the move before (or click one)",
        Action::Back,
    )
    .when(GAME)
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
        "perfect line from the position shown",
        Action::PerfectLine,
    )
    .when(GAME)
    .footer("perfect line"),
    Binding::new(
        &[ch('c')],
        "c",
        "continue the game from here",
        Action::ContinueHere,
    )
    .when(REVIEWING)
    .footer("continue here"),
    Binding::new(
        &[ch('d')],
        "d",
        "engine strength: perfect, strong, casual",
        Action::NextStrength,
    )
    .when(GAME)
    .footer("strength"),
    Binding::new(
        &[ch('a')],
        "a",
        "analysis: set up any position",
        Action::ToggleAnalysis,
    )
    .when(MATCH)
    .footer("analysis"),
    Binding::new(&[ch('a')], "a", "back to the match", Action::ToggleAnalysis)
        .when(ANALYSIS)
        .footer("match"),
    Binding::new(
        &[ch('.')],
        ".",
        "analysis: empty the cell",
        Action::SetupEmpty,
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch('v')],
        "v",
        "analysis: the other side to move",
        Action::SetupSide,
    )
    .when(ANALYSIS)
    .footer("side"),
    Binding::new(
        &[ch('[')],
        "[",
        "analysis: x holds a small piece less",
        Action::SetupHand(Side::X, -1),
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch(']')],
        "]",
        "analysis: x holds a small piece more",
        Action::SetupHand(Side::X, 1),
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch('{')],
        "{",
        "analysis: o holds a small piece less",
        Action::SetupHand(Side::O, -1),
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch('}')],
        "}",
        "analysis: o holds a small piece more",
        Action::SetupHand(Side::O, 1),
    )
    .when(ANALYSIS),
];

/// The keys while a puzzle is on the board: a move is made as in a match.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys!(Action::Puzzle;
    PUT_DOWN, SMALL, BIG, PICK_UP, ACTIVATE, PUT_HERE,
);
