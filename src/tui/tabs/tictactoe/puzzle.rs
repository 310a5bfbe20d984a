//! The tab's puzzles: "to move and win" (in 1, 3 or 5 plies) and "find
//! every move that does not lose", answered by a click or Space on a cell.
//! The board being edited waits, untouched, until the puzzles are left.

use super::{Action, TicTacToeTab};
use crate::notation::puzzle::{after_words, PuzzleText};
use crate::notation::tictactoe::mark_letter;
use crate::notation::tictactoe::puzzle_hint;
use crate::solver::puzzle::{Choice, PuzzleId};
use crate::solver::tictactoe::Board;
use crate::solver::tictactoe::{TicTacToePuzzle, TicTacToeTask};
use crate::solver::{Cell, Outcome};
use crate::tui::puzzle::{self, PuzzleAction, PuzzlePanel, Puzzles, Standing};
use crate::tui::review::Review;
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// The puzzles' record and the puzzle on the board, if any (the board
/// being edited stays as it is meanwhile: nothing is put aside).
pub type Training = puzzle::Training<TicTacToePuzzle, (), Found>;

/// One puzzle being answered.
pub type Try = puzzle::Try<TicTacToePuzzle, Found>;

/// What a tic-tac-toe try keeps besides every game's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// The right answers given (a save asks for every one).
    pub found: Vec<Cell>,
    /// Cells answered and wrong.
    pub missed: Vec<Cell>,
}

impl Try {
    /// The board shown: the puzzle's, with the winning move once found
    /// (the other cells keep the values they had, said as "instead").
    pub fn board(&self) -> (Board, Option<Cell>) {
        match (self.puzzle.task, self.more.found.first()) {
            (TicTacToeTask::Win { .. }, Some(&cell)) => (
                self.puzzle.board.with(cell, Some(self.puzzle.mover)),
                Some(cell),
            ),
            _ => (self.puzzle.board, None),
        }
    }

    /// Whether each empty cell's value is shown (once the puzzle is over,
    /// or the last hint gave the answer).
    pub fn shows_values(&self) -> bool {
        !self.attempt.is_open()
    }

    /// The value for the mover of playing `cell`.
    pub fn value_of(&self, cell: Cell) -> Option<Outcome> {
        self.puzzle
            .moves
            .iter()
            .find(|(c, _)| *c == cell)
            .map(|(_, v)| *v)
    }
}

impl Puzzles for TicTacToeTab {
    type Puzzle = TicTacToePuzzle;
    type Aside = ();
    type More = Found;

    fn training(&self) -> &Training {
        &self.training
    }

    fn training_mut(&mut self) -> &mut Training {
        &mut self.training
    }

    fn choose(&mut self, choice: Choice) -> Option<(PuzzleId, TicTacToePuzzle)> {
        Some(self.puzzler.chosen(choice))
    }

    /// The puzzle is drawn in place of the board, which stays as it was;
    /// only a study of its line ends.
    fn put_on(&mut self, _: &TicTacToePuzzle) {
        self.study = None;
    }

    fn take_back(&mut self, (): ()) {}

    fn lesson(&mut self) -> Result<puzzle::Lesson<TicTacToePuzzle>, String> {
        Ok(super::lesson::lesson())
    }

    fn hint(&mut self) -> Result<(), String> {
        self.training.hint(puzzle_hint)
    }

    fn solution(&mut self) -> Result<(), String> {
        self.training.give_up();
        // A lesson's answer is starred on the board, its why beside it.
        if self.training.in_lesson() {
            return Ok(());
        }
        if let Some(board) = self.training.current.as_ref().map(|t| t.puzzle.board) {
            self.study = None;
            self.study_key(board, Review::Line);
        }
        Ok(())
    }

    fn say(&mut self, message: Option<String>) {
        self.message = message;
    }
}

impl TicTacToeTab {
    /// An answer: the cell played (a win) or named (a save).
    fn answer(&mut self, cell: Cell) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        if !t.attempt.is_open() {
            return Err(self.training.over_words());
        }
        let Some(value) = t.value_of(cell) else {
            return Err(format!("{cell} is taken: answer with an empty cell"));
        };
        if t.more.found.contains(&cell) {
            return Err(format!("{cell} is found already"));
        }
        let mover = t.puzzle.mover;
        let name = cell.to_string();
        let after = after_words(mover, &name, value, mark_letter);
        if !t.puzzle.answers.contains(&cell) {
            if let (TicTacToeTask::Win { plies }, Outcome::Win(d)) = (t.puzzle.task, value) {
                self.training.slower(&name, d, plies, "cell");
                return Ok(());
            }
            t.more.missed.push(cell);
            self.training.refused(after, "cell");
            return Ok(());
        }
        t.more.found.push(cell);
        let left = t.puzzle.answers.len() - t.more.found.len();
        match t.puzzle.task {
            TicTacToeTask::Win { .. } => self.training.right(format!("✓ {after}")),
            // A one-cell save says so, not "the last cell to find".
            TicTacToeTask::Save if t.puzzle.answers.len() == 1 => self
                .training
                .right(format!("✓ {name} holds: the only cell that does not lose")),
            TicTacToeTask::Save if left == 0 => self.training.right(format!(
                "✓ {name} holds, and that was the last cell to find"
            )),
            TicTacToeTask::Save => self
                .training
                .right_so_far(format!("✓ {name} holds; {left} more to find")),
        }
        Ok(())
    }

    /// The panel: every game's lines, the saves found so far, and once the
    /// puzzle is over how to read the cells.
    pub(super) fn puzzle_panel(&self, theme: &Theme) -> PuzzlePanel {
        let Some(t) = &self.training.current else {
            return PuzzlePanel::default();
        };
        let asked = t.puzzle.question();
        let Some(mut panel) = self.training.panel(asked, theme) else {
            return PuzzlePanel::default();
        };
        let found = &t.more.found;
        if t.puzzle.task == TicTacToeTask::Save && !found.is_empty() {
            let cells: Vec<String> = found.iter().map(|c| c.to_string()).collect();
            panel.said.insert(
                0,
                Line::styled(
                    format!(
                        "found {} of {}: {}",
                        found.len(),
                        t.puzzle.answers.len(),
                        cells.join(" ")
                    ),
                    theme.good(),
                ),
            );
        }
        if t.attempt.standing != Standing::Solving {
            let mover = mark_letter(t.puzzle.mover);
            // The winning move is on the board: the other cells' values are
            // of the position before it.
            let note = match t.board().1 {
                // ★ only where another answer is left to star.
                Some(played) if t.puzzle.answers.len() > 1 => format!(
                    "{played} is played; each other empty cell: {mover}'s result had \
                     {mover} played there instead (★ the other answers)."
                ),
                Some(played) => format!(
                    "{played} is played; each other empty cell: {mover}'s result had \
                     {mover} played there instead."
                ),
                None => format!(
                    "Each empty cell: {mover}'s result after playing there; ★ or ✓ the answers."
                ),
            };
            panel.notes.push(Line::styled(note, theme.dim()));
        }
        panel
    }

    /// A key or click while a puzzle is on the board: a cell answers, the
    /// puzzle keys are every tab's.
    pub(super) fn update_puzzle(&mut self, action: Action) {
        let answered = match action {
            Action::Answer | Action::Play | Action::Set(_) => Some(self.cursor),
            Action::Click(cell) | Action::ClickBack(cell) => {
                self.cursor = cell;
                Some(cell)
            }
            _ => None,
        };
        let done = match (action, answered) {
            (_, Some(cell)) => self.answer(cell),
            (Action::Puzzle(action), _) => return puzzle::update(self, action),
            (Action::Review(Review::Line), _) => {
                return puzzle::update(self, PuzzleAction::Solution)
            }
            _ => Err("a puzzle is on the board: P or Esc leaves it".into()),
        };
        if let Err(why) = done {
            self.message = Some(why);
        }
    }
}
