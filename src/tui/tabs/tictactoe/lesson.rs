//! The tab's lesson: threats, blocks and forks, on five boards. Each
//! step is a puzzle made from its board, so its answers are the solver's.

use crate::solver::tictactoe::{Board, TicTacToePuzzle};
use crate::tui::puzzle::{Lesson, Step};

/// The boards (rows from the top, `/` between), whether the step asks for
/// every move that holds (else a win), what it asks and why.
const STEPS: [(&str, bool, &str, &str); 5] = [
    (
        "XX./OO./...",
        false,
        "Threats. X has two in a row on the top row: click the cell that makes three.",
        "three in a row wins at once, so look for a line of your own to finish before anything else.",
    ),
    (
        "X../OO./X..",
        true,
        "Blocks. O has two in a row and threatens to finish it. X to move: click the one cell that does not lose.",
        "a threat must be blocked at once: on any other cell, O completes the line next move.",
    ),
    (
        "X../.O./..X",
        true,
        "Forks. X threatens to make two threats at once. O to move: find all four cells that hold the draw.",
        "a middle edge makes a threat of O's own, which X must block; a corner lets X make two threats, and O can block only one.",
    ),
    (
        "X../.O./O.X",
        false,
        "Your own fork. O threatens the diagonal. X to move: find the block that also makes two threats of X's.",
        "c1 blocks O and makes two threats at once (b1 and c2): O can block only one, and X completes the other.",
    ),
    (
        "X../.../...",
        true,
        "First replies. X took a corner. O to move: only one reply holds the draw; find it.",
        "the centre is on four lines; any other reply lets X build a fork. With perfect play tic-tac-toe is a draw.",
    ),
];

/// Each step's first two hints, in its words (the third gives the move).
const HINTS: [[&str; 2]; 5] = [
    [
        "look along the top row",
        "X is on a1 and b1: one cell is left",
    ],
    [
        "look at O's two in the middle row",
        "block the empty cell of that row",
    ],
    [
        "a corner lets X make two threats at once",
        "the four are the middles of the edges",
    ],
    [
        "O's diagonal runs from a3 through b2",
        "the block also lines up with X's a1 and with X's c3",
    ],
    [
        "which cell is on the most lines?",
        "not a corner, not an edge",
    ],
];

pub fn lesson() -> Lesson<TicTacToePuzzle> {
    let steps = STEPS
        .iter()
        .zip(HINTS)
        .map(|(&(board, save, ask, why), hints)| {
            let board: Board = board.parse().expect("a lesson's board reads");
            let puzzle = TicTacToePuzzle::on(board, save).expect("a lesson's board goes on");
            Step::new(puzzle, ask, why).hinted(&hints)
        })
        .collect();
    Lesson::new("threats, blocks and forks", steps)
}
