//! The tab's puzzles: "to move and win" (in 1, 3 or 5 plies) and "find
//! every move that does not lose", answered by a click or Space on a cell.
//! The board being edited waits, untouched, until the puzzles are left.

use super::{Action, PerfectLine};
use crate::notation::puzzle::{after_words, question, tictactoe_hint};
use crate::notation::tictactoe::mark_letter;
use crate::solver::puzzle::{
    Puzzle, PuzzleGame, PuzzleId, Puzzler, TicTacToePuzzle, TicTacToeTask,
};
use crate::solver::tictactoe::Board;
use crate::solver::{Cell, Outcome};
use crate::tui::puzzle::{
    heading, standing_line, Attempt, PuzzleAction, PuzzlePanel, Standing, Trainer,
};
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// The puzzles' record and the puzzle on the board, if any.
pub struct Training {
    pub trainer: Trainer,
    /// Holds the rated boards, built on the first puzzle (2 ms).
    puzzler: Puzzler,
    pub current: Option<Try>,
}

/// One puzzle being answered.
pub struct Try {
    pub attempt: Attempt,
    pub puzzle: TicTacToePuzzle,
    /// The right answers given (a save asks for every one).
    pub found: Vec<Cell>,
    /// Cells answered and wrong.
    pub missed: Vec<Cell>,
    /// What the last answer gave, and whether it was right.
    pub said: Option<(String, bool)>,
}

impl Try {
    /// The board shown: the puzzle's, with the winning move once found.
    pub fn board(&self) -> (Board, Option<Cell>) {
        match (self.puzzle.task, self.found.first()) {
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

impl Default for Training {
    fn default() -> Self {
        Training {
            trainer: Trainer::in_memory(PuzzleGame::TicTacToe),
            puzzler: Puzzler::new(),
            current: None,
        }
    }
}

impl Training {
    /// A puzzle on the board: `id`, or a new one at the level.
    pub fn start(&mut self, id: Option<PuzzleId>) {
        if let Some(t) = &self.current {
            self.trainer.skipped(&t.attempt);
        }
        // A shared id leaves the player's own level as it is.
        let id = id.unwrap_or_else(|| self.trainer.new_id());
        let Puzzle::TicTacToe(puzzle) = self.puzzler.make(id) else {
            unreachable!("a tic-tac-toe id makes a tic-tac-toe puzzle")
        };
        self.current = Some(Try {
            attempt: Attempt::new(id),
            puzzle,
            found: Vec::new(),
            missed: Vec::new(),
            said: None,
        });
    }

    /// An answer: the cell played (a win) or named (a save).
    pub fn answer(&mut self, cell: Cell) -> Result<(), String> {
        let Some(t) = &mut self.current else {
            return Ok(());
        };
        if !t.attempt.is_open() {
            return Err("this puzzle is over: n for the next".into());
        }
        let Some(value) = t.value_of(cell) else {
            return Err(format!("{cell} is taken: answer with an empty cell"));
        };
        if t.found.contains(&cell) {
            return Err(format!("{cell} is found already"));
        }
        let mover = t.puzzle.mover;
        let name = cell.to_string();
        let right = t.puzzle.answers.contains(&cell);
        let words = match t.puzzle.task {
            TicTacToeTask::Win { .. } if right => {
                t.found.push(cell);
                let solved = self.trainer.solved(&mut t.attempt);
                format!(
                    "✓ {} · {solved}",
                    after_words(mover, &name, value, mark_letter)
                )
            }
            TicTacToeTask::Win { plies } => match value {
                Outcome::Win(d) => {
                    format!("{name} wins too, but in {d} plies: find the win in {plies}")
                }
                _ => after_words(mover, &name, value, mark_letter),
            },
            TicTacToeTask::Save if right => {
                t.found.push(cell);
                let left = t.puzzle.answers.len() - t.found.len();
                if left == 0 {
                    let solved = self.trainer.solved(&mut t.attempt);
                    format!("✓ {name} holds, and that was the last · {solved}")
                } else {
                    format!("✓ {name} holds · {left} more to find")
                }
            }
            TicTacToeTask::Save => after_words(mover, &name, value, mark_letter),
        };
        if !right {
            t.missed.push(cell);
            self.trainer.wrong(&mut t.attempt);
        }
        t.said = Some((words, right));
        Ok(())
    }

    /// The next hint step.
    pub fn hint(&mut self) -> Result<(), String> {
        let Some(t) = &mut self.current else {
            return Ok(());
        };
        if !t.attempt.is_open() {
            return Err("this puzzle is over: every cell's value is shown".into());
        }
        self.trainer.hint(&mut t.attempt).map(|_| ())
    }

    /// The solution is about to be shown: the puzzle is given up; the
    /// board to show the perfect line from.
    pub fn give_up(&mut self) -> Option<Board> {
        let t = self.current.as_mut()?;
        self.trainer.given_up(&mut t.attempt);
        Some(t.puzzle.board)
    }

    /// The panel: the puzzle's id, level and streak, the question, what
    /// the last answer gave, the hints so far, and what to do next.
    pub fn panel(&self, theme: &Theme) -> PuzzlePanel {
        let Some(t) = &self.current else {
            return PuzzlePanel::default();
        };
        let mut panel = PuzzlePanel {
            heading: heading(&self.trainer, &t.attempt, theme),
            ..PuzzlePanel::default()
        };
        let puzzle = Puzzle::TicTacToe(t.puzzle.clone());
        panel
            .question
            .push(Line::styled(question(&puzzle), theme.title()));
        if t.puzzle.task == TicTacToeTask::Save && !t.found.is_empty() {
            let found: Vec<String> = t.found.iter().map(|c| c.to_string()).collect();
            panel.said.push(Line::styled(
                format!(
                    "found {} of {}: {}",
                    t.found.len(),
                    t.puzzle.answers.len(),
                    found.join(" ")
                ),
                theme.good(),
            ));
        }
        if let Some((words, right)) = &t.said {
            let style = if *right { theme.good() } else { theme.bad() };
            panel.said.push(Line::styled(words.clone(), style));
        }
        for step in 1..=t.attempt.hints {
            panel.hints.push(Line::styled(
                format!("hint {step}: {}", tictactoe_hint(&t.puzzle, step)),
                theme.key(),
            ));
        }
        panel.standing.push(standing_line(&t.attempt, theme));
        if t.attempt.standing != Standing::Solving {
            panel.notes.push(Line::styled(
                format!(
                    "Each empty cell: {}'s result after playing there; ★ or ✓ the answers.",
                    mark_letter(t.puzzle.mover)
                ),
                theme.dim(),
            ));
        }
        panel
    }
}

impl super::TicTacToeTab {
    /// A key or click while a puzzle is on the board.
    pub(super) fn update_puzzle(&mut self, action: Action) {
        let answered = match action {
            Action::Answer | Action::Cycle | Action::Set(_) => Some(self.cursor),
            Action::Click(cell) | Action::ClickBack(cell) => {
                self.cursor = cell;
                Some(cell)
            }
            _ => None,
        };
        let done = match (action, answered) {
            (_, Some(cell)) => self.training.answer(cell),
            (Action::Puzzle(PuzzleAction::Toggle | PuzzleAction::Leave), _) => {
                if let Some(t) = self.training.current.take() {
                    self.training.trainer.skipped(&t.attempt);
                }
                Ok(())
            }
            (Action::Puzzle(PuzzleAction::Hint), _) => self.training.hint(),
            (Action::Puzzle(PuzzleAction::Next), _) => {
                self.training.start(None);
                Ok(())
            }
            (Action::Puzzle(PuzzleAction::Level(by)), _) => self
                .training
                .trainer
                .change_level(by)
                .map(|_| self.training.start(None)),
            (Action::Puzzle(PuzzleAction::Solution) | Action::PerfectLine, _) => {
                if let Some(board) = self.training.give_up() {
                    self.line = Some((PerfectLine::from_board(board, &mut self.analyzer), 0));
                }
                Ok(())
            }
            _ => Err("a puzzle is on the board: P or Esc leaves it".into()),
        };
        if let Err(why) = done {
            self.message = Some(why);
        }
    }
}

impl super::TicTacToeTab {
    /// The board, as a saved file holds it.
    pub fn saved(&self) -> crate::notation::saved::Saved {
        crate::notation::saved::Saved::TicTacToe(self.board)
    }

    /// A saved board, as one undoable edit (a puzzle or a line shown is
    /// left).
    pub fn load(&mut self, board: Board) {
        self.line = None;
        self.training.current = None;
        self.edit(board);
    }
}
