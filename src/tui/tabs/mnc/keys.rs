//! What the MNC tab can be asked to do, and the keys that ask it.

use crate::solver::mnc::{Move, Size};
use crate::solver::{Cell, Side};
use crate::tui::keymap::{ch, key, keys, modes, Binding, When};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction};
use crate::tui::review::{review_keys, Review};
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
    /// The review and the perfect line (every tab's keys).
    Review(Review),
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

modes! {
    /// Your move, nothing picked up yet.
    YOUR_MOVE,
    /// Your move, a piece picked up (from the hand or the board).
    PICKED,
    /// The engine's move (or the engine still solving).
    ENGINES_MOVE,
    /// The match is over.
    OVER,
    /// Setting up a position to analyse.
    ANALYSIS,
    /// Looking at an earlier position, or along the perfect line.
    REVIEWING,
    /// Added to `YOUR_MOVE` or `PICKED` while a small piece is in your
    /// hand, so that `s` is offered only then.
    SMALL_IN_HAND,
    /// The same for a big piece, for `b`.
    BIG_IN_HAND,
}
const MATCH: When = YOUR_MOVE.or(PICKED).or(ENGINES_MOVE).or(OVER);
/// A game to look back on (playing it, or reviewing it).
const GAME: When = MATCH.or(REVIEWING);

/// The keys that make a move, in a match and in a puzzle.
const PUT_DOWN: Binding<Action> = keys!(@one [key(KeyCode::Esc)] "Esc" "put the picked piece down" => Action::Cancel, when PICKED, footer "put down");
const SMALL: Binding<Action> = keys!(@one [ch('s')] "s" "place a small piece at the cursor" => Action::PlaceHere(Size::Small), when SMALL_IN_HAND, footer "small");
const BIG: Binding<Action> = keys!(@one [ch('b')] "b" "place a big piece (may cover a small)" => Action::PlaceHere(Size::Big), when BIG_IN_HAND, footer "big");
const PICK_UP: Binding<Action> = keys!(@one [ch('m')] "m" "pick up your big piece to move it (m again on a ◎ drops it)" => Action::PickUp, when YOUR_MOVE, footer "move");
const ACTIVATE: Binding<Action> = keys!(@one [key(KeyCode::Char(' ')), key(KeyCode::Enter)] "Space" "a small piece at the cursor, or pick up your big piece there (or click the cell)" => Action::Activate, when YOUR_MOVE);
const PUT_HERE: Binding<Action> = keys!(@one [key(KeyCode::Char(' ')), key(KeyCode::Enter)] "Space" "put the picked piece here (or click)" => Action::Activate, when PICKED, footer "here");

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = review_keys![Action::Review;
    reviewing: REVIEWING, stepping: GAME, line: GAME; {
    use PUT_DOWN;
    use SMALL;
    use BIG;
    use PICK_UP;
    use ACTIVATE;
    use PUT_HERE;
    [ch('P')] "P" "puzzles: win in N against the engine (the match waits)" => Action::Puzzle(PuzzleAction::Toggle), when MATCH, footer "puzzle";
    [ch('L')] "L" "a lesson: small and big pieces, captures, moving a big piece, in four steps (the match waits)" => Action::Puzzle(PuzzleAction::Lesson), when YOUR_MOVE.or(PICKED).or(ENGINES_MOVE), footer "lesson";
    [ch('L')] "L" "a lesson (the match waits)" => Action::Puzzle(PuzzleAction::Lesson), when OVER;
    [key(KeyCode::Char(' ')), key(KeyCode::Enter)] "Space" "analysis: cycle . x X o O (or click)" => Action::Activate, when ANALYSIS, footer "cycle";
    // `a` shows the analysis as in every tab's game, while it goes on (a
    // game over has no move to rate: round 17 pressed it there for
    // nothing); `t` (its old key) still works, unlisted.
    [ch('a'), ch('t')] "a" "show or hide the analysis: your moves' values on the board" => Action::ToggleHints, when YOUR_MOVE.or(PICKED).or(ENGINES_MOVE), footer "analysis";
    [ch('u')] "u" "take back your move and the reply" => Action::Undo, when MATCH, footer "take back";
    [ch('n')] "n" "new game" => Action::NewGame, when GAME, needs When::NO_PUZZLE, footer "new";
    [ch('w')] "w" "swap sides (a new game)" => Action::SwapSides, when GAME, needs When::NO_PUZZLE, footer "swap";
} {
    [ch('d')] "d" "engine strength: perfect, strong, casual" => Action::NextStrength, when GAME, needs When::NO_PUZZLE, footer "strength";
    [ch('e')] "e" "edit: set up any position to analyse (the match waits)" => Action::ToggleAnalysis, when MATCH, footer "edit";
    [ch('e'), ch('a')] "e" "back to the match" => Action::ToggleAnalysis, when ANALYSIS, footer "match";
    [ch('.')] "." "analysis: empty the cell" => Action::SetupEmpty, when ANALYSIS;
    [ch('v')] "v" "analysis: the other side to move" => Action::SetupSide, when ANALYSIS, footer "side";
    [ch('[')] "[" "analysis: x holds a small piece less" => Action::SetupHand(Side::X, -1), when ANALYSIS;
    [ch(']')] "]" "analysis: x holds a small piece more" => Action::SetupHand(Side::X, 1), when ANALYSIS;
    [ch('{')] "{" "analysis: o holds a small piece less" => Action::SetupHand(Side::O, -1), when ANALYSIS;
    [ch('}')] "}" "analysis: o holds a small piece more" => Action::SetupHand(Side::O, 1), when ANALYSIS;
}];

/// The keys while a puzzle is on the board: a move is made as in a match.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys![Action::Puzzle;
    use PUT_DOWN;
    use SMALL;
    use BIG;
    use PICK_UP;
    use ACTIVATE;
    use PUT_HERE;
];
