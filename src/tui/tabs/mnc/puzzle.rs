//! The tab's puzzles: "x (or o) to move and win in N plies", read off the
//! solved game by the engine's thread. The player makes moves as in a
//! match; each must keep the fastest win, the engine answers with its
//! longest defence, and the puzzle ends when the win is home. The match
//! in progress is put aside meanwhile and comes back after.

use super::engine::{Rating, Request};
use super::{Action, MncTab, Mode};
use crate::notation::mnc::{move_in_list, side_letter};
use crate::notation::puzzle::{after_words, mnc_hint, question};
use crate::solver::mnc::{Match, Move, Position, Strength};
use crate::solver::puzzle::{MncPuzzle, Puzzle, PuzzleGame, PuzzleId};
use crate::solver::record::Shown;
use crate::solver::Outcome;
use crate::tui::puzzle::{heading, standing_line, Attempt, PuzzleAction, PuzzlePanel, Trainer};
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// The puzzles' record, the puzzle being played, and the match put aside.
pub struct Training {
    pub trainer: Trainer,
    pub current: Option<Try>,
    /// Asked of the engine's thread, not made yet.
    pub pending: Option<PuzzleId>,
    aside: Option<Aside>,
}

impl Default for Training {
    fn default() -> Self {
        Training {
            trainer: Trainer::in_memory(PuzzleGame::Mnc),
            current: None,
            pending: None,
            aside: None,
        }
    }
}

impl Training {
    /// No puzzle any more, and no match aside (a match loaded over them).
    pub fn forget(&mut self) {
        self.current = None;
        self.pending = None;
        self.aside = None;
    }

    /// The match put aside while the puzzles are on.
    pub fn put_aside(&self) -> Option<&Match> {
        self.aside.as_ref().map(|a| &a.game)
    }
}

/// The match as it was when the puzzles began.
struct Aside {
    game: Match,
    strength: Strength,
    hints: bool,
}

/// One puzzle being played.
pub struct Try {
    pub attempt: Attempt,
    /// The puzzle as it was asked.
    pub puzzle: MncPuzzle,
    /// What the last answer gave, and whether it was right.
    pub said: Option<(String, bool)>,
    /// The hints given for the position on the board (each position of a
    /// longer win has its own).
    pub hints: Vec<String>,
}

impl MncTab {
    pub fn training(&self) -> &Training {
        &self.training
    }

    /// The puzzles' level and streak kept in `folder` from now on.
    pub fn keep_puzzles_in(&mut self, folder: &std::path::Path) {
        self.training.trainer = Trainer::kept_in(PuzzleGame::Mnc, folder);
    }

    /// Whether a puzzle is being played and not over: moves are judged.
    pub(super) fn puzzle_open(&self) -> bool {
        self.training
            .current
            .as_ref()
            .is_some_and(|t| t.attempt.is_open())
    }

    /// Whether the board shows a puzzle as it stands (not a review or its
    /// solution's line).
    pub(super) fn in_puzzle_view(&self) -> bool {
        self.training.current.is_some()
            && self.mode == Mode::Match
            && self.game.record().shown() == Shown::Live
    }

    /// What a puzzle on the board does with the match's keys: the
    /// perfect line is its solution; the keys that would change the match
    /// say why not. True when the action was taken here.
    pub(super) fn refused_in_puzzle(&mut self, action: Action) -> bool {
        use Action as A;
        if self.training.current.is_none() {
            return false;
        }
        match action {
            A::PerfectLine if self.puzzle_open() => {
                self.update_puzzle(PuzzleAction::Solution);
                true
            }
            // `n` in the solution's line, as in the puzzle: the next one.
            A::NewGame => {
                self.update_puzzle(PuzzleAction::Next);
                true
            }
            A::Undo | A::SwapSides | A::NextStrength | A::ToggleAnalysis | A::ToggleHints => {
                self.message = Some("a puzzle is on the board: P or Esc leaves it".into());
                true
            }
            _ => false,
        }
    }

    /// Asks the engine's thread for the puzzle `id`, or a new one at the
    /// level; it shows when made (at once, once the game is solved).
    pub fn open_puzzle(&mut self, id: Option<PuzzleId>) {
        // A shared id leaves the player's own level as it is.
        let id = id.unwrap_or_else(|| self.training.trainer.new_id());
        if let Some(t) = &self.training.current {
            self.training.trainer.skipped(&t.attempt);
        }
        self.training.pending = Some(id);
        self.worker.ask(Request::Puzzle(id));
        self.message = Some(format!("making puzzle {id}…"));
    }

    /// The engine's thread made the puzzle: it goes on the board.
    pub(super) fn puzzle_made(&mut self, id: PuzzleId, puzzle: MncPuzzle) {
        if self.training.pending != Some(id) {
            return;
        }
        self.training.pending = None;
        self.mode = Mode::Match;
        let game = Match::new(puzzle.position, puzzle.position.to_move());
        let old = std::mem::replace(&mut self.game, game);
        if self.training.aside.is_none() {
            self.training.aside = Some(Aside {
                game: old,
                strength: self.strength,
                hints: self.hints,
            });
        }
        // The engine defends as well as it can; the board's hints would
        // give the answer away.
        self.strength = Strength::Perfect;
        self.hints = false;
        self.message = None;
        self.training.current = Some(Try {
            attempt: Attempt::new(id),
            puzzle,
            said: None,
            hints: Vec::new(),
        });
        self.after_move();
    }

    fn leave_puzzles(&mut self) {
        if let Some(t) = self.training.current.take() {
            self.training.trainer.skipped(&t.attempt);
        }
        self.training.pending = None;
        if let Some(aside) = self.training.aside.take() {
            self.game = aside.game;
            self.strength = aside.strength;
            self.hints = aside.hints;
        }
        self.message = None;
        self.after_move();
    }

    pub(super) fn update_puzzle(&mut self, action: PuzzleAction) {
        self.message = None;
        let done = match action {
            PuzzleAction::Toggle if self.training.current.is_none() => {
                if self.mode != Mode::Match {
                    self.toggle_analysis();
                }
                self.open_puzzle(None);
                Ok(())
            }
            PuzzleAction::Toggle | PuzzleAction::Leave => {
                self.leave_puzzles();
                Ok(())
            }
            _ if self.training.current.is_none() => Err("no puzzle on the board: P for one".into()),
            PuzzleAction::Next => {
                self.open_puzzle(None);
                Ok(())
            }
            PuzzleAction::Level(by) => self
                .training
                .trainer
                .change_level(by)
                .map(|_| self.open_puzzle(None)),
            PuzzleAction::Hint => self.hint(),
            PuzzleAction::Solution => {
                if let Some(t) = &mut self.training.current {
                    self.training.trainer.given_up(&mut t.attempt);
                }
                self.toggle_line();
                Ok(())
            }
            PuzzleAction::Digit(_)
            | PuzzleAction::Erase
            | PuzzleAction::ClearTyped
            | PuzzleAction::Submit => Ok(()),
        };
        if let Err(why) = done {
            self.message = Some(why);
        }
    }

    fn hint(&mut self) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        if !t.attempt.is_open() {
            return Err("this puzzle is over: n for the next".into());
        }
        if !self.game.humans_turn() {
            return Err("wait for the engine's move".into());
        }
        let Some(now) = self.puzzle_now() else {
            return Err("one moment: the engine is rating the position".into());
        };
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        let step = self.training.trainer.hint(&mut t.attempt)?;
        t.hints.push(mnc_hint(&now, step));
        Ok(())
    }

    /// The puzzle as it stands now: the moves from the position on the
    /// board that keep the fastest win (from the engine's rating).
    pub(super) fn puzzle_now(&self) -> Option<MncPuzzle> {
        let t = self.training.current.as_ref()?;
        if *self.position() == t.puzzle.position {
            return Some(t.puzzle.clone());
        }
        let rating = self.rating.as_ref()?;
        if rating.position != *self.position() {
            return None;
        }
        let Outcome::Win(plies) = rating.value else {
            return None;
        };
        Some(MncPuzzle {
            position: rating.position,
            plies,
            answers: answers_of(rating),
            moves: rating.moves.clone(),
        })
    }

    /// Judges the human's move while a puzzle is open: whether it keeps
    /// the fastest win. When it does not, the panel says what it gives
    /// instead and the move is not made.
    pub(super) fn judge(&mut self, mv: Move) -> bool {
        if !self.puzzle_open() || !self.humans_turn() {
            return true;
        }
        let Some(now) = self.puzzle_now() else {
            self.message = Some("one moment: the engine is rating the position".into());
            return false;
        };
        let Some(&(_, value)) = now.moves.iter().find(|(m, _)| *m == mv) else {
            // Illegal: the match says why.
            return true;
        };
        if now.answers.contains(&mv) {
            return true;
        }
        let mover = now.position.to_move();
        let name = move_in_list(&now.position, mv);
        let words = match value {
            Outcome::Win(d) => format!(
                "{name} wins too, but in {d} plies: find the win in {}",
                now.plies
            ),
            _ => after_words(mover, &name, value, side_letter),
        };
        if let Some(t) = &mut self.training.current {
            self.training.trainer.wrong(&mut t.attempt);
            t.said = Some((words, false));
        }
        self.selection = None;
        false
    }

    /// After a move of the puzzle: solved once the human has won.
    pub(super) fn after_puzzle_move(&mut self, before: &Position, mv: Move) {
        let human = self.human();
        let Some(t) = &mut self.training.current else {
            return;
        };
        if before.to_move() != human {
            return;
        }
        if !t.attempt.is_open() {
            // Played on after the answer was shown: nothing to judge.
            t.said = None;
            return;
        }
        let name = move_in_list(before, mv);
        if self.game.winner() == Some(human) {
            let solved = self.training.trainer.solved(&mut t.attempt);
            t.said = Some((format!("✓ {name}: the win is home · {solved}"), true));
        } else {
            t.said = Some((format!("✓ {name} keeps the win: the engine answers"), true));
            // The next position has hints of its own.
            t.attempt.hints = 0;
            t.hints.clear();
        }
    }

    /// The puzzle's panel: the question, what the last move gave, the
    /// hints, and what to do next.
    pub(super) fn puzzle_panel(&self, theme: &Theme) -> Option<PuzzlePanel> {
        let t = self.training.current.as_ref()?;
        let mut panel = PuzzlePanel {
            heading: heading(&self.training.trainer, &t.attempt, theme),
            ..PuzzlePanel::default()
        };
        let asked = question(&Puzzle::Mnc(t.puzzle.clone()));
        panel.question.push(Line::styled(asked, theme.title()));
        if let Some((words, right)) = &t.said {
            let style = if *right { theme.good() } else { theme.bad() };
            panel.said.push(Line::styled(words.clone(), style));
        }
        // What to do now (and the engine's capture, a message), in the
        // match's short words; once won, the line above says it all.
        match self.winner() {
            None => panel.said.extend(self.live_status(true, theme)),
            // Won after the answer was shown: no ✓, but the game is over.
            Some(side) if t.said.is_none() => panel.said.push(Line::styled(
                format!("{} wins: the game is over", side_letter(side)),
                theme.key(),
            )),
            Some(_) => {}
        }
        if self.winner().is_some() {
            if let Some(message) = &self.message {
                panel.said.push(Line::styled(message.clone(), theme.bad()));
            }
        }
        for (k, words) in t.hints.iter().enumerate() {
            panel.hints.push(Line::styled(
                format!("hint {}: {words}", k + 1),
                theme.key(),
            ));
        }
        panel.standing.push(standing_line(&t.attempt, theme));
        Some(panel)
    }
}

/// The moves that keep the rating's value (a win at its fastest).
fn answers_of(rating: &Rating) -> Vec<Move> {
    rating
        .moves
        .iter()
        .filter(|(_, v)| *v == rating.value)
        .map(|(m, _)| *m)
        .collect()
}
