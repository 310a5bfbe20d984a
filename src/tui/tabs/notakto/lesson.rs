//! The tab's lesson: one board, dead boards, killing a board, the last
//! live board, boards that pair and boards that lose alone, in plain words
//! (the quotient's algebra stays behind `i`). Each step is a puzzle made from
//! its boards, so its answers are the solver's.

use crate::notation::notakto::read_board;
use crate::notation::Tokens;
use crate::solver::notakto::NotaktoPuzzle;
use crate::tui::puzzle::{Lesson, Step};

/// The boards (rows from the top, `/` between; boards apart by spaces),
/// what each step asks and why.
const STEPS: [(&str, &str, &str); 6] = [
    (
        ".../.../...",
        "One board. Whoever makes three in a row loses. Find the only first move that wins.",
        "after the centre, answer every X with a knight's move from it, as in chess (two cells along, one across), on a cell that makes no line: there always is one, and your opponent is the one who runs out of safe cells.",
    ),
    (
        "XXX/.../... .../.../...",
        "Dead boards. Board 1 has three in a row: it is dead, and nobody plays there. Find the winning move.",
        "a dead board is out of the game: what is left is one empty board, and its centre wins.",
    ),
    (
        "XX./.../... .../.X./...",
        "Killing a board. A line on a board that is not the last live one only kills it. Find the move that leaves your opponent the last live board, and the loss.",
        "board 2, its centre taken, loses for the player to move: it loses alone. Finishing board 1's line hands it to your opponent.",
    ),
    (
        ".../.../... .../.../... XX./.../...",
        "Two empty boards lose for the player to move: they pair. Leave your opponent two empty boards.",
        "finishing board 3's line kills it, and two empty boards are a loss for your opponent, whatever they play.",
    ),
    (
        "X../.../... X.X/.../...",
        "Pairs. Two boards that each hold two corners of one side pair too: together they lose for the player to move. A lone corner counts for nothing. Make board 1 pair with board 2.",
        "the ✓ line says why your move wins: one pair, or one board that loses alone, with the rest counting for nothing. Under each board the tab says what it counts for, in puzzles too.",
    ),
    (
        ".X./.../... XXX/.../...",
        "Losing alone. A board with X on the middles of two sides loses alone, as the lone centre did. Board 1 has one such X: make it lose alone.",
        "with board 2 dead, board 1 is all there is, and it loses alone for your opponent. Two opposite corners lose alone too. Many puzzles are won this way: leave one pair, or one board that loses alone, where the rest counts for nothing. Where that is not enough, hint 2 shows a board to copy, and i (outside puzzles) shows the algebra behind every case.",
    ),
];

/// Each step's first two hints, in its words (the third gives the move).
const HINTS: [[&str; 2]; 6] = [
    [
        "the first X goes on the cell that lies on the most lines",
        "the centre: it lies on four lines",
    ],
    [
        "only board 2 is still in play",
        "on one board, the centre wins",
    ],
    [
        "board 2, its centre taken, loses for whoever must move there",
        "finish the line on board 1",
    ],
    [
        "two empty boards lose for whoever moves first on them",
        "finish the line on board 3",
    ],
    [
        "board 1 needs a second corner, on a side with its first",
        "a1 and c1 are two corners of the top row",
    ],
    [
        "the middles of the sides are b1, a2, c2 and b3",
        "board 1 has b1: add a second middle",
    ],
];

pub fn lesson() -> Lesson<NotaktoPuzzle> {
    let steps = STEPS
        .iter()
        .zip(HINTS)
        .map(|(&(boards, ask, why), hints)| {
            let boards = Tokens::new(boards)
                .map(|token| read_board(&token).expect("a lesson's board reads"))
                .collect();
            let puzzle = NotaktoPuzzle::on(boards).expect("a lesson's boards win");
            Step::new(puzzle, ask, why).hinted(&hints)
        })
        .collect();
    Lesson::new("dead boards and the last live one", steps)
}
