//! The tab's puzzles: "find a winning cell" on strips that grow with the
//! level, answered by Space or a click on a cell, and drills of the
//! method — G(L) of a free segment, the nim-sum of a strip — answered by
//! typing the number. The strip being edited (with its undo history and
//! cursor) is put aside while the puzzles are on, and comes back after.

use super::history::History;
use super::{Action, TreblecrossTab};
use crate::notation::puzzle::{question, segment_value_wrong, treblecross_hint};
use crate::solver::grundy::GrundyTable;
use crate::solver::puzzle::{
    Puzzle, PuzzleGame, PuzzleId, Puzzler, TreblecrossPuzzle, TreblecrossTask,
};
use crate::solver::record::{Record, Shown};
use crate::solver::treblecross::{analyze, immediate_wins, Strip, StripAnalysis, TreblecrossRules};
use crate::tui::puzzle::{heading, standing_line, Attempt, PuzzleAction, PuzzlePanel, Trainer};
use crate::tui::theme::Theme;
use crate::tui::widgets::{put_label, render_wrapped};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// The puzzles' record, the puzzle on the strip, and the editor's strip
/// put aside meanwhile.
pub struct Training {
    pub trainer: Trainer,
    puzzler: Puzzler,
    pub current: Option<Try>,
    aside: Option<Aside>,
}

impl Default for Training {
    fn default() -> Self {
        Training {
            trainer: Trainer::in_memory(PuzzleGame::Treblecross),
            puzzler: Puzzler::new(),
            current: None,
            aside: None,
        }
    }
}

/// What the editor had when the puzzles began.
struct Aside {
    strip: Strip,
    history: History,
    cursor: usize,
    zoom: Option<u16>,
    study: Option<Record<TreblecrossRules>>,
}

/// One puzzle being answered.
pub struct Try {
    pub attempt: Attempt,
    pub puzzle: TreblecrossPuzzle,
    /// What the last answer gave, and whether it was right.
    pub said: Option<(String, bool)>,
    /// The hints given, in words (made when asked for, not each frame).
    pub hints: Vec<String>,
}

impl Try {
    /// Whether the puzzle asks for a number (a drill) rather than a cell.
    pub fn wants_number(&self) -> bool {
        !matches!(self.puzzle.task, TreblecrossTask::WinningCell { .. })
    }
}

impl Training {
    /// The editor's strip while a puzzle is on (put aside).
    pub fn editor_strip(&self) -> Option<&Strip> {
        self.aside.as_ref().map(|a| &a.strip)
    }
}

impl TreblecrossTab {
    pub fn training(&self) -> &Training {
        &self.training
    }

    /// The puzzles' level and streak kept in `folder` from now on.
    pub fn keep_puzzles_in(&mut self, folder: &std::path::Path) {
        self.training.trainer = Trainer::kept_in(PuzzleGame::Treblecross, folder);
    }

    /// Whether a puzzle is on the strip and still open: the analysis, the
    /// segments and the Grundy table stay hidden.
    pub(super) fn puzzle_open(&self) -> bool {
        self.training
            .current
            .as_ref()
            .is_some_and(|t| t.attempt.is_open())
    }

    /// Whether a puzzle asking for a number takes the keys typed now.
    pub(super) fn takes_number(&self) -> bool {
        self.view() == Shown::Live
            && self
                .training
                .current
                .as_ref()
                .is_some_and(|t| t.attempt.is_open() && t.wants_number())
    }

    /// Whether the strip shows a puzzle as it stands (not its solution's
    /// line).
    pub(super) fn in_puzzle_view(&self) -> bool {
        self.training.current.is_some() && self.view() == Shown::Live && self.panel.prompt.is_none()
    }

    /// A key typed while a drill asks for a number: digits, Backspace,
    /// Enter (other keys work as usual).
    pub(super) fn typed_number(&self, event: &KeyEvent) -> Option<Action> {
        if event.modifiers.contains(KeyModifiers::CONTROL) {
            return None;
        }
        let puzzle = match event.code {
            KeyCode::Char(c @ '0'..='9') => PuzzleAction::Digit(c as u8 - b'0'),
            KeyCode::Backspace => PuzzleAction::Erase,
            KeyCode::Enter => PuzzleAction::Submit,
            // Esc clears what is typed first; then it leaves, as anywhere.
            KeyCode::Esc
                if self
                    .training
                    .current
                    .as_ref()
                    .is_some_and(|t| !t.attempt.typed.is_empty()) =>
            {
                PuzzleAction::ClearTyped
            }
            _ => return None,
        };
        Some(Action::Puzzle(puzzle))
    }

    /// The puzzle's keys, and what a puzzle on the strip does with the
    /// tab's: true when the action was taken here.
    pub(super) fn route_to_puzzle(&mut self, action: Action) -> bool {
        use Action as A;
        if self.training.current.is_some() {
            match action {
                A::Puzzle(puzzle) => {
                    self.update_puzzle(puzzle);
                    return true;
                }
                // While the puzzle is open, the perfect line is its
                // solution.
                A::PerfectLine if self.puzzle_open() => {
                    self.update_puzzle(PuzzleAction::Solution);
                    return true;
                }
                A::Toggle | A::SetX if self.view() == Shown::Live => {
                    self.answer_cell(self.cursor);
                    return true;
                }
                A::Click(cell) if self.view() == Shown::Live && cell < self.strip.len() => {
                    self.answer_cell(cell);
                    return true;
                }
                A::Move(_) | A::Home | A::End | A::Zoom | A::ScrollGrundy(_) | A::GrundyStats => {}
                A::PerfectLine | A::Back | A::Forward | A::BackToLive | A::ReviewAt(_) => {}
                _ => {
                    self.message = Some("a puzzle is on the strip: P or Esc leaves it".into());
                    return true;
                }
            }
        } else if let A::Puzzle(puzzle) = action {
            match puzzle {
                PuzzleAction::Toggle => self.open_puzzle(None),
                _ => self.message = Some("no puzzle on the strip: P for one".into()),
            }
            return true;
        }
        false
    }

    /// Opens the puzzle `id` (or a new one at the level) on the strip.
    pub fn open_puzzle(&mut self, id: Option<PuzzleId>) {
        if self.game.is_some() {
            self.message = Some("a game is on: g stops it, then P for puzzles".into());
            return;
        }
        if let Some(t) = &self.training.current {
            self.training.trainer.skipped(&t.attempt);
        }
        // A shared id leaves the player's own level as it is.
        let id = id.unwrap_or_else(|| self.training.trainer.new_id());
        let Puzzle::Treblecross(puzzle) = self.training.puzzler.make(id) else {
            unreachable!("a Treblecross id makes a Treblecross puzzle")
        };
        if self.training.aside.is_none() {
            self.training.aside = Some(Aside {
                strip: self.strip.clone(),
                history: std::mem::take(&mut self.history),
                cursor: self.cursor,
                zoom: self.zoom,
                study: self.study.take(),
            });
        }
        self.study = None;
        self.strip = puzzle.strip.clone();
        self.history = History::default();
        self.cursor = 0;
        self.message = None;
        self.training.current = Some(Try {
            attempt: Attempt::new(id),
            puzzle,
            said: None,
            hints: Vec::new(),
        });
        self.reanalyze();
    }

    /// Back to the editor's strip as it was.
    pub(super) fn leave_puzzles(&mut self) {
        if let Some(t) = self.training.current.take() {
            self.training.trainer.skipped(&t.attempt);
        }
        if let Some(aside) = self.training.aside.take() {
            self.strip = aside.strip;
            self.history = aside.history;
            self.cursor = aside.cursor;
            self.zoom = aside.zoom;
            self.study = aside.study;
        }
        self.message = None;
        self.reanalyze();
    }

    /// A puzzle key, or an answer.
    pub(super) fn update_puzzle(&mut self, action: PuzzleAction) {
        self.message = None;
        let done = match action {
            PuzzleAction::Toggle | PuzzleAction::Leave => {
                self.leave_puzzles();
                Ok(())
            }
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
            PuzzleAction::Solution => self.solution(),
            PuzzleAction::Digit(d) => self.type_digit(d),
            PuzzleAction::Erase => {
                if let Some(t) = &mut self.training.current {
                    t.attempt.typed.pop();
                }
                Ok(())
            }
            PuzzleAction::ClearTyped => {
                if let Some(t) = &mut self.training.current {
                    t.attempt.typed.clear();
                }
                Ok(())
            }
            PuzzleAction::Submit => self.submit_number(),
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
        self.training.trainer.hint(&mut t.attempt)?;
        self.word_hints();
        if self
            .training
            .current
            .as_ref()
            .is_some_and(|t| !t.attempt.is_open())
        {
            // The last hint gave the answer: the analysis comes back.
            self.reanalyze();
        }
        Ok(())
    }

    /// The words of each hint step given and not yet worded; the hints
    /// read the puzzle's own strip, not what an answer left.
    fn word_hints(&mut self) {
        let Some(t) = &mut self.training.current else {
            return;
        };
        let analysis = analyze(&t.puzzle.strip, &mut self.table).ok();
        while t.hints.len() < usize::from(t.attempt.hints) {
            let step = t.hints.len() as u8 + 1;
            t.hints.push(match &analysis {
                Some(a) => treblecross_hint(&t.puzzle, a, self.table.values(), step),
                None => "no hint: the values do not fit".into(),
            });
        }
    }

    /// The solution: the perfect line from the puzzle's strip, or the
    /// number of a drill (every hint step, the last one giving it).
    fn solution(&mut self) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        self.training.trainer.given_up(&mut t.attempt);
        if t.wants_number() {
            t.attempt.hints = crate::tui::puzzle::HINT_STEPS;
            self.word_hints();
            return Ok(());
        }
        self.reanalyze();
        self.toggle_line();
        Ok(())
    }

    /// A winning-cell answer: Space, x or a click on `cell`.
    pub(super) fn answer_cell(&mut self, cell: usize) {
        self.cursor = cell;
        let Some(t) = &mut self.training.current else {
            return;
        };
        if !t.attempt.is_open() {
            self.message = Some("this puzzle is over: n for the next".into());
            return;
        }
        let TreblecrossTask::WinningCell { cells } = &t.puzzle.task else {
            self.message = Some("type the number, then Enter".into());
            return;
        };
        if self.strip[cell] {
            self.message = Some(format!("cell {} holds an X already", cell + 1));
            return;
        }
        if cells.contains(&cell) {
            let solved = self.training.trainer.solved(&mut t.attempt);
            t.said = Some((
                format!("✓ {} wins: the nim-sum after it is 0 · {solved}", cell + 1),
                true,
            ));
            // The move is made: the strip shows what it leaves.
            self.strip.set(cell, true);
            self.reanalyze();
            return;
        }
        let words = wrong_cell_words(&t.puzzle.strip, cell, &mut self.table);
        self.training.trainer.wrong(&mut t.attempt);
        t.said = Some((words, false));
    }

    fn type_digit(&mut self, digit: u8) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        // Values here stay under a few hundred: four digits is plenty.
        if t.attempt.typed.len() >= 4 {
            return Err("four digits at most".into());
        }
        t.attempt.typed.push(char::from(b'0' + digit));
        Ok(())
    }

    fn submit_number(&mut self) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        if !t.wants_number() {
            return Err("this puzzle asks for a cell: Space or a click on it".into());
        }
        if !t.attempt.is_open() {
            return Err("this puzzle is over: n for the next".into());
        }
        let Ok(answer) = t.attempt.typed.parse::<u16>() else {
            return Err("type a number first, then Enter".into());
        };
        t.attempt.typed.clear();
        let (right, words) = match t.puzzle.task {
            TreblecrossTask::SegmentValue { len, value } => (
                answer == value,
                if answer == value {
                    format!("✓ G({len}) = {value}")
                } else {
                    segment_value_wrong(len, value, answer, self.table.values())
                },
            ),
            TreblecrossTask::NimSum { value } => (
                answer == value,
                if answer == value {
                    format!("✓ the nim-sum is {value}")
                } else {
                    format!("not {answer}: XOR the values of the free segments")
                },
            ),
            TreblecrossTask::WinningCell { .. } => return Ok(()),
        };
        let words = if right {
            let solved = self.training.trainer.solved(&mut t.attempt);
            format!("{words} · {solved}")
        } else {
            self.training.trainer.wrong(&mut t.attempt);
            words
        };
        t.said = Some((words, right));
        // Solved: the segments and their values show again.
        self.reanalyze();
        Ok(())
    }

    /// Under the strip while a puzzle is on it (and not its solution's
    /// line): where the window is, then the puzzle. False when there is
    /// none, for the usual words.
    pub(super) fn render_puzzle_info(
        &self,
        info: Rect,
        start: usize,
        end: usize,
        buf: &mut Buffer,
        theme: &Theme,
    ) -> bool {
        if self.view() != Shown::Live {
            return false;
        }
        let Some(panel) = self.puzzle_panel(theme) else {
            return false;
        };
        let n = self.strip().len();
        let (first, last, at) = (start + 1, end, self.cursor + 1);
        let head = Line::styled(
            format!("cells {first}–{last} of {n} · cursor at {at}"),
            theme.dim(),
        );
        put_label(buf, info.x, info.y, &head, info.width);
        let rest = Rect::new(
            info.x,
            info.y + 1,
            info.width,
            info.height.saturating_sub(1),
        );
        panel.render(rest, buf, theme);
        true
    }

    /// The Grundy panel while a puzzle is open: its values would give the
    /// answer away.
    pub(super) fn render_table_hidden(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let hidden = Line::styled(
            "Grundy values: hidden while the puzzle is open (t for a hint)",
            theme.dim(),
        );
        let inner = Rect::new(
            area.x + 1,
            area.y,
            area.width.saturating_sub(2),
            area.height,
        );
        render_wrapped(vec![hidden], inner, buf, theme.dim());
    }

    /// The puzzle's words for the info area under the strip.
    pub(super) fn puzzle_panel(&self, theme: &Theme) -> Option<PuzzlePanel> {
        let t = self.training.current.as_ref()?;
        let mut panel = PuzzlePanel {
            heading: heading(&self.training.trainer, &t.attempt, theme),
            ..PuzzlePanel::default()
        };
        let puzzle = Puzzle::Treblecross(t.puzzle.clone());
        let mut asked = question(&puzzle);
        if t.wants_number() && t.attempt.is_open() {
            asked = format!("{asked}  {}▏ (type it, Enter)", t.attempt.typed);
        }
        panel.question.push(Line::styled(asked, theme.title()));
        if let Some((words, right)) = &t.said {
            let style = if *right { theme.good() } else { theme.bad() };
            panel.said.push(Line::styled(words.clone(), style));
        }
        if let Some(message) = &self.message {
            panel.said.push(Line::styled(message.clone(), theme.bad()));
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

/// What a cell that does not win gives: three in a row for the opponent,
/// or free segments the opponent wins.
fn wrong_cell_words(strip: &Strip, cell: usize, table: &mut GrundyTable) -> String {
    let mut after = strip.clone();
    after.set(cell, true);
    let n = cell + 1;
    if let Some(&w) = immediate_wins(&after).first() {
        return format!("that cell hands the opponent three in a row at {}", w + 1);
    }
    match analyze(&after, table) {
        Ok(StripAnalysis::Segments { nim_sum, .. }) => {
            format!("after {n} the free segments' nim-sum is {nim_sum}, not 0: the opponent wins")
        }
        _ => format!("{n} does not win"),
    }
}
