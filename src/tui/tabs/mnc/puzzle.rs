//! The tab's puzzles: "x (or o) to move and win in N plies", read off the
//! solved game by the engine's thread. The player makes moves as in a
//! match; each must keep the fastest win, the engine answers with its
//! longest defence, and the puzzle ends when the game is won. The match
//! in progress is put aside meanwhile and comes back after.

use super::engine::{Ask, Rating};
use super::hints::LETTERS;
use super::{Action, MncTab, Mode};
use crate::notation::mnc::puzzle_hint;
use crate::notation::mnc::{move_notation, side_letter};
use crate::notation::puzzle::{after_words, PuzzleText};
use crate::solver::mnc::MncPuzzle;
use crate::solver::mnc::{Match, MncRules, Move, Position, Strength};
use crate::solver::puzzle::{Choice, PuzzleId};
use crate::solver::Outcome;
use crate::tui::playing::{self, PlayingTab};
use crate::tui::puzzle::{self, Missed, PuzzleAction, PuzzlePanel, Puzzles, Standing};
use crate::tui::review::Review;
use crate::tui::tab::Tab;
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// The puzzles' record, the puzzle being played, and the match put aside.
pub type Training = puzzle::Training<MncPuzzle, Aside, Missed<Move>>;

/// One puzzle being played: the hints are for the position on the board
/// (each position of a longer win has its own).
pub type Try = puzzle::Try<MncPuzzle, Missed<Move>>;

/// The match as it was when the puzzles began: the match itself, and
/// what the tab sets apart for a puzzle.
pub type Aside = playing::Aside<MncRules, Settings>;

/// How the match was played when the puzzles began.
pub struct Settings {
    strength: Strength,
    hints: bool,
}

impl Puzzles for MncTab {
    type Puzzle = MncPuzzle;
    type Aside = Aside;
    type More = Missed<Move>;

    fn training(&self) -> &Training {
        &self.training
    }

    fn training_mut(&mut self) -> &mut Training {
        &mut self.training
    }

    /// Asks the engine's thread for the puzzle: it shows when made (at
    /// once, once the game is solved; [`MncTab::puzzle_made`]). From the
    /// analysis board, back to the match first (it is put aside).
    fn choose(&mut self, choice: Choice) -> Option<(PuzzleId, MncPuzzle)> {
        if self.mode != Mode::Match {
            self.toggle_analysis();
        }
        self.pending = Some(choice);
        self.playing.ask(Ask::Puzzle(choice));
        self.message = Some(match choice {
            Choice::Named(id) => format!("making puzzle {id}…"),
            Choice::Near { rating, .. } => format!("choosing the puzzle nearest {rating}…"),
        });
        None
    }

    /// The puzzle's position is played as a match against the engine at
    /// its best, without the board's hints (they would give it away).
    fn put_on(&mut self, puzzle: &MncPuzzle) -> Aside {
        let game = Match::new(puzzle.position, puzzle.position.to_move());
        let settings = Settings {
            strength: self.strength(),
            hints: self.hints,
        };
        let aside = self.playing.put_aside_for(settings, game);
        self.set_strength(Strength::Perfect);
        self.hints = false;
        aside
    }

    fn take_back(&mut self, aside: Aside) {
        let settings = self.playing.bring_back(aside);
        self.set_strength(settings.strength);
        self.hints = settings.hints;
    }

    fn on_board(&mut self) {
        self.pending = None;
        self.after_move();
    }

    /// From the analysis board, back to the match first (it is put
    /// aside while the lesson is on).
    fn lesson(&mut self) -> Result<puzzle::Lesson<MncPuzzle>, String> {
        if self.mode != Mode::Match {
            self.toggle_analysis();
        }
        Ok(super::lesson::lesson())
    }

    fn hint(&mut self) -> Result<(), String> {
        self.hint_words()
    }

    fn solution(&mut self) -> Result<(), String> {
        self.training.give_up();
        self.toggle_line();
        Ok(())
    }

    fn say(&mut self, message: Option<String>) {
        self.message = message;
    }
}

impl MncTab {
    /// Whether a puzzle is being played and not over: moves are judged.
    pub(super) fn puzzle_open(&self) -> bool {
        self.training.is_open()
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
            A::Review(Review::Line) if self.puzzle_open() => {
                puzzle::update(self, PuzzleAction::Solution);
                true
            }
            // `n` in the solution's line, as in the puzzle: the next one.
            A::NewGame => {
                puzzle::update(self, PuzzleAction::Next);
                true
            }
            A::Review(Review::Continue) => {
                self.message = Some(puzzle::NO_CONTINUING.into());
                true
            }
            A::Undo | A::SwapSides | A::NextStrength | A::ToggleAnalysis | A::ToggleHints => {
                self.message = Some("a puzzle is on the board: P or Esc leaves it".into());
                true
            }
            _ => false,
        }
    }

    /// The engine's thread made the puzzle: it goes on the board.
    pub(super) fn puzzle_made(&mut self, asked: Choice, id: PuzzleId, puzzle: MncPuzzle) {
        if self.pending == Some(asked) {
            self.mode = Mode::Match;
            self.begin(id, puzzle);
        }
    }

    /// The next hint for the position on the board. Once the answer is
    /// shown the win can still be played home, each position with its
    /// own hints (they count for nothing then).
    fn hint_words(&mut self) -> Result<(), String> {
        if self.winner().is_some() {
            return Err(self.training.over_words());
        }
        if !self.game().humans_turn() {
            return Err(crate::tui::playing::NOT_YOUR_TURN.into());
        }
        let Some(now) = self.puzzle_now() else {
            return Err("one moment: the engine is rating the position".into());
        };
        // A lesson's step has its own first hints.
        let next = (self.training.current.as_ref()).map_or(1, |t| t.attempt.hints + 1);
        let own = self.training.lesson_hint(next);
        let training = &mut self.training;
        let Some(t) = training.current.as_mut() else {
            return Err(puzzle::NO_PUZZLE.into());
        };
        if t.attempt.hints >= puzzle::HINT_STEPS {
            return Err(
                "no more hints here: the last one gave the move; play it, or n for the next puzzle"
                    .into(),
            );
        }
        let step = training.trainer.hint(&mut t.attempt)?;
        t.add_hint(own.unwrap_or_else(|| puzzle_hint(&now, step)));
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

    /// Judges the human's move while a puzzle is on the board, open or
    /// its answer shown: whether it keeps the fastest win. When it does
    /// not, the panel says what it gives instead and the move is not made
    /// (issue 34 saw a wrong move played once the last hint was taken).
    pub(super) fn judge(&mut self, mv: Move) -> bool {
        if self.training.current.is_none() || !self.puzzle_shown() || !self.humans_turn() {
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
            // The position moves on: the marks of this one's wrong tries go.
            if let Some(t) = &mut self.training.current {
                t.more = Missed::default();
            }
            return true;
        }
        let mover = now.position.to_move();
        let name = move_notation(&now.position, mv);
        if let Outcome::Win(d) = value {
            self.training.slower(&name, d, now.plies, "move");
            self.selection = None;
            return false;
        }
        if let Some(t) = &mut self.training.current {
            t.more.add(mv, Some(value));
        }
        let mut words = after_words(mover, &name, value, side_letter);
        // A win at once says which (round 18 blocked c2 with a small x and
        // read "o wins at once" without seeing the big O that covers it).
        if value == Outcome::Loss(2) {
            let after = now.position.play(mv).ok();
            let reply = after.and_then(|after| {
                (after.legal_moves().into_iter())
                    .find(|&r| after.play(r).is_ok_and(|p| p.game_over() == Some(mover.other())))
                    .map(|r| move_notation(&after, r))
            });
            if let Some(reply) = reply {
                words = format!("{words}: {reply}");
            }
        }
        self.training.refused(words, "move");
        self.selection = None;
        false
    }

    /// After a move of the puzzle: solved once the human has won.
    pub(super) fn after_puzzle_move(&mut self, before: &Position, mv: Move) {
        let human = self.human();
        let won = self.winner() == Some(human);
        // How it was won: a line, or an opponent left with no legal move
        // (a rule a newcomer does not expect).
        let how = match self.position().line_of(human) {
            Some(_) => "three in a row",
            None => "the engine has no legal move left, and a player who cannot move loses",
        };
        let Some(t) = &mut self.training.current else {
            return;
        };
        if before.to_move() != human {
            return;
        }
        // The hints were about the position before: gone with it.
        t.hints.clear();
        let name = move_notation(before, mv);
        if !t.attempt.is_open() {
            // Played on after the answer was shown: right, not counted;
            // the next position has hints of its own.
            t.attempt.hints = 0;
            t.say(format!("{name} keeps the win"), true);
            if won {
                t.say(format!("{name}: won ({how})"), true);
            }
            return;
        }
        if won {
            // The trainer's words follow (`solved! streak 3`).
            self.training.right(format!("✓ {name}: won ({how})"));
        } else {
            // Not "the engine answers": it stayed after the reply (round
            // 12); the status line under it says whose move it is.
            t.say(format!("✓ {name} keeps the win"), true);
            // The next position has hints of its own.
            t.attempt.hints = 0;
            t.hints.clear();
        }
    }

    /// The puzzle's panel: the question, what the last move gave, the
    /// hints, and what to do next.
    pub(super) fn puzzle_panel(&self, theme: &Theme) -> Option<PuzzlePanel> {
        let t = self.training.current.as_ref()?;
        // The next puzzle is being made on the engine's thread: the one
        // done (a lesson's step, `rated 0 … ✓ solved`) is not shown as if
        // it were on, only what is coming.
        if self.pending.is_some() {
            let mut panel = PuzzlePanel::default();
            let coming = self.message.clone().unwrap_or_default();
            panel.heading.push(Line::styled(coming, theme.dim()));
            return Some(panel);
        }
        let mut asked = t.puzzle.question();
        // Once the first right move is answered, the question says what is
        // left, in its own count of moves (round 17 read `win in 3 moves`
        // with one move to go); short enough for a row at 40×16.
        let played = self.game().record().moves().len();
        if let (true, None, Some(Outcome::Win(d))) = (played > 0, self.winner(), self.value()) {
            if self.position().to_move() == t.puzzle.position.to_move() {
                asked = format!("{asked}: {d} to go");
            }
        }
        let mut panel = self.training.panel(asked, theme)?;
        // What to do now (and the engine's capture), in the match's short
        // words; once won, the line above says it all.
        match self.winner() {
            None => panel.said = self.live_status(true, u16::MAX, LETTERS, theme),
            // Won after the answer was shown: no ✓, but the game is over.
            Some(side) if t.said.is_none() => panel.said.push(Line::styled(
                format!("{} wins: the game is over", side_letter(side)),
                theme.key(),
            )),
            Some(_) => {}
        }
        if let Some(message) = &self.message {
            panel
                .message
                .push(Line::styled(message.clone(), theme.bad()));
        }
        if self.winner().is_none()
            && t.attempt.standing == Standing::GivenUp
            && self.training.run.is_none()
            && !self.training.in_lesson()
        {
            // The answer shown, the win not home yet: it may be played on.
            panel.standing = vec![Line::styled(
                "the answer is shown: play the win home (not counted), or n for the next puzzle",
                theme.dim(),
            )];
        }
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
