//! The tab's lesson: three in a row, the unsafe cells, free stretches that
//! lose, equal stretches, stretches of one move, and how stretches count
//! together, on six strips. Each step is a
//! puzzle made from its strip, so its answers are the solver's.

use crate::solver::grundy::GrundyTable;
use crate::solver::treblecross::{Strip, TreblecrossPuzzle};
use crate::tui::puzzle::{Lesson, Step};

/// The strips, what each step asks and why (cells count from 1).
const STEPS: [(&str, &str, &str); 6] = [
    (
        "..X.X...",
        "Three in a row. Both players play X. Click the cell that makes three X in a row.",
        "the player who completes three X in a row wins, no matter who played the other two.",
    ),
    (
        "X.........",
        "Unsafe cells. An X within two cells of another lets your opponent make three. Many cells are safe; only one of them wins: click it.",
        "cells 2 and 3 are unsafe. X at 7 leaves two lone safe cells, 4 and 10: your opponent takes one, you take the other, and they are left with only unsafe cells.",
    ),
    (
        ".........",
        "Six loses. Six free cells in a row lose for the player to move. Leave your opponent six: click a winning cell.",
        "an X at either end leaves six free cells in a row, a loss for your opponent (the middle cells win for another reason: the next step).",
    ),
    (
        ".............",
        "Equal sides. On this empty strip of 13 only one cell wins. Find it.",
        "the middle leaves two equal stretches of four free cells: answer each move of your opponent's with the mirror cell on the other side, and you always have a safe reply.",
    ),
    (
        "X.....X......X.......X",
        "One move each. A free stretch of one, two or three safe cells holds just one more move: an X there leaves none of it safe. Three such stretches are left. Click a cell that wins.",
        "after your move two one-move stretches are left: your opponent uses one, you use the last, and they have only unsafe cells. An odd number of one-move stretches wins for the player to move.",
    ),
    (
        ".......X.......X....",
        "Counting stretches. A stretch of four or five free cells counts as 2, not 1. Counts that pair off cancel, as equal stretches did. Click the one winning cell.",
        "the stretches count 2, 1 and 1: X at 3 uses up the 2, and the two 1s cancel (you answer in one whatever your opponent does in the other). Every stretch has such a count, its Grundy value; the player to move loses when the counts cancel out (their nim-sum, binary addition without carry, is 0). The puzzles list the count of every length they need.",
    ),
];

/// Each step's first two hints, in its words (the third gives the move).
const HINTS: [[&str; 2]; 6] = [
    ["look at the gap between the two X", "an X at 4 makes X X X"],
    [
        "an X at 2 or 3 lets your opponent complete three",
        "count the safe cells your X leaves on each side",
    ],
    [
        "an X at an end makes the two cells next to it unsafe",
        "try the first or the last cell",
    ],
    ["think of a mirror", "the middle cell is 7"],
    [
        "count the moves left: each stretch holds one",
        "any safe cell wins: the stretches are cells 4, 10 to 11 and 17 to 19",
    ],
    [
        "the free stretches are cells 1 to 5, 11 to 13 and 19 to 20",
        "use up the stretch that counts 2: an X in its middle leaves none of it safe",
    ],
];

pub fn lesson() -> Lesson<TreblecrossPuzzle> {
    let mut table = GrundyTable::default();
    let steps = STEPS
        .iter()
        .zip(HINTS)
        .map(|(&(strip, ask, why), hints)| {
            let strip: Strip = strip.parse().expect("a lesson's strip reads");
            let puzzle = TreblecrossPuzzle::on(strip, &mut table).expect("a lesson's strip wins");
            Step::new(puzzle, ask, why).hinted(&hints)
        })
        .collect();
    Lesson::new("safe cells and free stretches", steps)
}
