//! The tab's lesson: one board, dead boards, killing a board, the last
//! live board, and the kinds of position that lose, in plain words (the
//! quotient's algebra stays behind `i`). Each step is a puzzle made from
//! its boards, so its answers are the solver's.

use crate::notation::notakto::read_board;
use crate::notation::Tokens;
use crate::solver::notakto::NotaktoPuzzle;
use crate::tui::puzzle::{Lesson, Step};

/// The boards (rows from the top, `/` between; boards apart by spaces),
/// what each step asks and why.
const STEPS: [(&str, &str, &str); 5] = [
    (
        ".../.../...",
        "One board. Whoever makes three in a row loses. Find the only first move that wins.",
        "after the centre, answer every X with the cell opposite it through the centre: your opponent is the one who runs out of safe cells.",
    ),
    (
        "XXX/.../... .../.../...",
        "Dead boards. Board 1 has three in a row: it is dead, and nobody plays there. Find the winning move.",
        "a dead board is out of the game: what is left is one empty board, and its centre wins.",
    ),
    (
        "XX./.../... .../.X./...",
        "Killing a board. A line on a board that is not the last live one only kills it. Find the move that leaves your opponent the last live board, and the loss.",
        "board 2, its centre taken, loses for the player to move: finish board 1's line and hand it to your opponent.",
    ),
    (
        ".../.../... .../.../... XX./.../...",
        "Two empty boards lose for the player to move. Leave your opponent two empty boards.",
        "finishing board 3's line kills it, and two empty boards are a loss for your opponent, whatever they play.",
    ),
    (
        "XX./.../... X.X/.../...",
        "Losing kinds. These lose for the player to move: two empty boards; one board with only its centre taken; two boards that each hold two corners of a side, like board 2; one such board and an empty board. Leave one of them.",
        "an X under the corner of board 1 makes three X around a corner, which is of the same kind as board 2: two boards of one kind are left, and they cancel out. A board with one X off the centre, and a dead board, count for nothing; i shows the algebra behind the kinds.",
    ),
];

/// Each step's first two hints, in its words (the third gives the move).
const HINTS: [[&str; 2]; 5] = [
    [
        "which cell has an opposite cell for every other one?",
        "the centre",
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
        "make board 1 of the same kind as board 2",
        "three X around a corner are of board 2's kind",
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
