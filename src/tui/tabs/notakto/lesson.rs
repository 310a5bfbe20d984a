//! The tab's lesson: one board, dead boards, killing a board, the last
//! live board, then what boards count as (opens, halves, flips) and the
//! count's rule, in plain words
//! (the quotient's algebra stays behind `i`). Each step is a puzzle made from
//! its boards, so its answers are the solver's.

use crate::notation::notakto::read_board;
use crate::notation::Tokens;
use crate::solver::notakto::NotaktoPuzzle;
use crate::tui::puzzle::{Lesson, Step};

/// The step (from 1) that first names what a board counts as (opens):
/// before it the tab says nothing of the count (no words not yet taught).
pub const FIRST_COUNT_STEP: usize = 4;

/// The boards (rows from the top, `/` between; boards apart by spaces),
/// what each step asks and why.
const STEPS: [(&str, &str, &str); 7] = [
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
        "board 2, its centre taken, loses for the player to move. Finishing board 1's line hands it to your opponent.",
    ),
    (
        ".../.../... .../.../... XX./.../...",
        "Opens. Each empty board counts as an open, and two opens with nothing else lose for the player to move. Board 3, two X side by side, counts as an open and a spare: with an odd number of spares the player to move always wins. Leave your opponent two empty boards.",
        "finishing board 3's line kills it: two opens are left, a loss for your opponent whatever they play. A lone centre counts as two opens too: that is why it lost in step 3.",
    ),
    (
        "X../.../... X.X/.../...",
        "Halves. A board with two corners of one side is a half: two halves lose together, and so do a half and one open. A lone corner counts for nothing. Make board 1 a half.",
        "two halves and nothing else: a loss for your opponent. Other shapes count as a half too (a corner and the middle of a far side, as a1 and c2): under each board the tab says what it counts as, in puzzles too.",
    ),
    (
        ".X./.../... XXX/.../...",
        "Flips. A board with X on the middles of two sides is a flip: a flip alone loses for the player to move. Board 1 has one such X: make it a flip.",
        "with board 2 dead, one flip is all there is: a loss for your opponent. Two opposite corners make a flip too, and two flips cancel out.",
    ),
    (
        ".X./X../... .../.../... .../.../...",
        "The count. With two or more opens, the player to move loses when the halves are even and flips + opens even (r gives the whole rule). Here: 1 flip, 2 opens. Leave a losing count.",
        "a centre makes an empty board two opens: 1 flip + 3 opens is 4, even, with no halves. With no opens or one, the rule is another: r gives it, and the line under the boards always says the count and the part of the rule that decides it.",
    ),
];

/// Each step's first two hints, in its words (the third gives the move).
const HINTS: [[&str; 2]; 7] = [
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
    [
        "with two or more opens, flips + opens must be even: make one open more, or turn the flip into something else",
        "a centre X makes an empty board two opens",
    ],
];

/// Steps (from 1) that ask for a move on one board (from 0): their winning
/// moves elsewhere are not the answer, and are said to win too.
const ONE_BOARD: [(usize, usize); 1] = [(5, 0)];

pub fn lesson() -> Lesson<NotaktoPuzzle> {
    let steps = (STEPS.iter().zip(HINTS).enumerate())
        .map(|(k, (&(boards, ask, why), hints))| {
            let boards = Tokens::new(boards)
                .map(|token| read_board(&token).expect("a lesson's board reads"))
                .collect();
            let mut puzzle = NotaktoPuzzle::on(boards).expect("a lesson's boards win");
            if let Some(&(_, board)) = ONE_BOARD.iter().find(|(step, _)| *step == k + 1) {
                puzzle.answers.retain(|mv| mv.board == board);
            }
            Step::new(puzzle, ask, why).hinted(&hints)
        })
        .collect();
    Lesson::new("dead boards and the last live board", steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_on_one_board_keeps_the_wins_it_asks_for() {
        use crate::notation::notakto::board_kind;
        use crate::solver::notakto::{analyze, play};
        let lesson = lesson();
        for &(step, board) in &ONE_BOARD {
            let puzzle = &lesson.steps[step - 1].puzzle;
            let all = analyze(&puzzle.boards).winning_moves();
            // The answers: every winning move on that board, and there are
            // wins elsewhere (else the step would need no narrowing).
            let on: Vec<_> = all.iter().copied().filter(|m| m.board == board).collect();
            assert_eq!(puzzle.answers, on, "step {step}");
            assert!(all.len() > on.len(), "step {step}: {all:?}");
        }
        // Step 5 asks to make board 1 a half: each answer does.
        let halves = &lesson.steps[4].puzzle;
        assert!(lesson.steps[4].ask.contains("Make board 1 a half"));
        for &mv in &halves.answers {
            let after = play(&halves.boards, mv);
            assert_eq!(board_kind(after[0])[0], "a half", "{mv:?}");
        }
    }

    #[test]
    fn the_first_count_step_is_the_one_that_names_opens() {
        assert!(STEPS[FIRST_COUNT_STEP - 1].1.starts_with("Opens."));
        for (_, ask, why) in &STEPS[..FIRST_COUNT_STEP - 1] {
            for word in ["open", "half", "flip", "spare", "count"] {
                assert!(!ask.contains(word) && !why.contains(word), "{word}: {ask} {why}");
            }
        }
        // The heading is on every step, the first ones too (round 16 read
        // "LESSON the count, step 1 of 7" before any count was taught).
        let title = lesson().title;
        for word in ["open", "half", "flip", "spare", "count"] {
            assert!(!title.contains(word), "{word}: {title}");
        }
    }
}
