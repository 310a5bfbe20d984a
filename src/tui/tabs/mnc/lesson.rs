//! The tab's lesson: lines of small and big pieces, captures, and moving
//! a big piece, on four positions some game reaches. Each step is a
//! puzzle made from its position by the engine (a few milliseconds), so
//! its answers are the solver's; it is played out as any puzzle is.

use crate::solver::mnc::{Engine, MncPuzzle, Position};
use crate::tui::puzzle::{Lesson, Step};

/// The positions (as `noughts mnc analyze` reads them), what each step
/// asks and why.
pub const STEPS: [(&str, &str, &str); 4] = [
    (
        "xx./oo./... x",
        "Lines. x to move: make three in a line (small and big pieces both count).",
        "small and big pieces count alike in a line; x moves first, and with perfect play x wins the whole game (in 13 moves, its first piece a small one).",
    ),
    (
        ".o./xx./.ox o",
        "Captures. o to move: a big O may cover any small x. Win at once.",
        "a big piece may go on top of any small piece, which leaves the game: O on b2 takes x's piece, stops x's line and completes o's own down the middle.",
    ),
    (
        "x../oo./.x. x",
        "Two threats. o threatens c2. x to move: win in 3 moves.",
        "X on b2 takes o's piece: it blocks o and makes two threats of x's (b1 and c3); o can stop only one.",
    ),
    (
        ".oo/oXx/X.O x 1 0",
        "Moving. A big X on the board may move onto any small piece. x to move: win at once.",
        "X a3-a2 takes o's piece and completes the middle row; a big piece moves only onto a small one, which leaves the game. One rule more: a player left with no legal move loses, and some puzzles are won that way.",
    ),
];

/// Each step's first two hints, in its words (the third gives the move).
const HINTS: [[&str; 2]; 4] = [
    [
        "look along the top row",
        "c1 completes it, with a small or a big piece",
    ],
    ["o has b1 and b3", "cover x's piece on b2 with a big O"],
    [
        "a big X may cover o's piece in the centre",
        "from b2, X lines up with a1 and with b3",
    ],
    [
        "look at the middle row: o, X and x",
        "move the X from a3 onto the o at a2",
    ],
];

pub fn lesson() -> Lesson<MncPuzzle> {
    let mut engine = Engine::new();
    let steps = STEPS
        .iter()
        .zip(HINTS)
        .map(|(&(position, ask, why), hints)| {
            let position: Position = position.parse().expect("a lesson's position reads");
            let puzzle = MncPuzzle::on(position, &mut engine).expect("a lesson's position wins");
            Step::new(puzzle, ask, why).hinted(&hints)
        })
        .collect();
    Lesson::new("big and small pieces", steps)
}
