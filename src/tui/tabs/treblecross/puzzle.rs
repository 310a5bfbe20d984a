//! The tab's puzzles: "find a winning cell" on strips that grow with the
//! level, answered by Space or a click on a cell, and drills of the
//! method — G(L) of a free segment, the nim-sum of a strip — answered by
//! typing the number. The strip being edited (with its undo history and
//! cursor) is put aside while the puzzles are on, and comes back after.

use super::history::History;
use super::view::{three_for_opponent, Window};
use super::{Action, TreblecrossTab};
use crate::notation::puzzle::PuzzleText;
use crate::notation::treblecross::{
    cells_words, puzzle_hint, segment_value_wrong, stretch_counts, stretches_counting,
};
use crate::solver::grundy::GrundyTable;
use crate::solver::puzzle::{Choice, PuzzleId};
use crate::solver::record::Shown;
use crate::solver::treblecross::{analyze, completes_three, longest_free_segment};
use crate::solver::treblecross::{Strip, StripAnalysis, TreblecrossRules};
use crate::solver::treblecross::{TreblecrossPuzzle, TreblecrossTask};
use crate::tui::playing::{self, PlayingTab};
use crate::tui::puzzle::{self, Missed, PuzzleAction, PuzzlePanel, Puzzles};
use crate::tui::review::Review;
use crate::tui::text::{TextField, TextKey, Typed};
use crate::tui::theme::Theme;
use crate::tui::widgets::{put_label, render_wrapped};
use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// The puzzles' record, the puzzle on the strip, and the editor's strip
/// (or the game) put aside meanwhile.
pub type Training = puzzle::Training<TreblecrossPuzzle, Aside, Answers>;

/// One puzzle being answered.
pub type Try = puzzle::Try<TreblecrossPuzzle, Answers>;

/// What this tab's try keeps: the wrong cells tried, and the number being
/// typed for a drill (four digits at most: the values asked stay under a
/// few hundred).
pub struct Answers {
    pub missed: Missed<usize>,
    pub typed: TextField,
}

impl Default for Answers {
    fn default() -> Self {
        Answers {
            missed: Missed::default(),
            typed: TextField::new(String::new(), 4, |c| c.is_ascii_digit()),
        }
    }
}

/// What the tab had when the puzzles began: the editor's strip and its
/// view, and the game if one was on.
pub type Aside = playing::Aside<TreblecrossRules, Editor>;

/// The editor as the puzzles found it.
pub struct Editor {
    pub strip: Strip,
    history: History,
    cursor: usize,
    zoom: Option<u16>,
    show_analysis: bool,
}

impl Try {
    /// Whether the puzzle asks for a number (a drill) rather than a cell.
    pub fn wants_number(&self) -> bool {
        !matches!(self.puzzle.task, TreblecrossTask::WinningCell { .. })
    }
}

impl Puzzles for TreblecrossTab {
    type Puzzle = TreblecrossPuzzle;
    type Aside = Aside;
    type More = Answers;

    fn training(&self) -> &Training {
        &self.training
    }

    fn training_mut(&mut self) -> &mut Training {
        &mut self.training
    }

    /// The drills of G(L) and the nim-sum speak the details' language:
    /// chosen only while the details are on.
    fn choose(&mut self, choice: Choice) -> Option<(PuzzleId, TreblecrossPuzzle)> {
        let drills = self.details;
        Some(
            self.puzzler
                .chosen_where(choice, |puzzle: &TreblecrossPuzzle| {
                    drills || matches!(puzzle.task, TreblecrossTask::WinningCell { .. })
                }),
        )
    }

    /// The puzzle's strip goes on; the editor's strip, or the game, waits.
    fn put_on(&mut self, puzzle: &TreblecrossPuzzle) -> Aside {
        let editor = Editor {
            strip: std::mem::replace(&mut self.strip, puzzle.strip.clone()),
            history: std::mem::take(&mut self.history),
            cursor: std::mem::take(&mut self.cursor),
            zoom: self.zoom,
            show_analysis: self.show_analysis,
        };
        self.playing.put_aside(editor)
    }

    fn take_back(&mut self, aside: Aside) {
        let editor = self.playing.bring_back(aside);
        self.strip = editor.strip;
        self.history = editor.history;
        self.cursor = editor.cursor;
        self.zoom = editor.zoom;
        self.show_analysis = editor.show_analysis;
    }

    /// A game that came back may wait for an engine reply (or its values)
    /// dropped while it was aside: asked again.
    fn on_board(&mut self) {
        self.after_move();
    }

    fn lesson(&mut self) -> Result<puzzle::Lesson<TreblecrossPuzzle>, String> {
        Ok(super::lesson::lesson())
    }

    fn hint(&mut self) -> Result<(), String> {
        self.next_hint()
    }

    fn solution(&mut self) -> Result<(), String> {
        self.give_up()
    }

    fn other(&mut self, action: PuzzleAction) -> Result<(), String> {
        match action {
            PuzzleAction::Type(key) => self.type_number(key),
            _ => Ok(()),
        }
    }

    fn say(&mut self, message: Option<String>) {
        self.message = message;
    }

    /// The drills of a stretch's value come only with the details (as
    /// [`Puzzles::choose`] gives them), so their theme only then.
    fn themes_offered(&self) -> Vec<crate::solver::puzzle::Theme> {
        let all = <TreblecrossPuzzle as crate::solver::puzzle::GamePuzzle>::THEMES;
        (all.iter().copied())
            .filter(|t| self.details || *t != crate::solver::treblecross::GRUNDY_VALUE)
            .collect()
    }
}

impl TreblecrossTab {
    /// Whether a puzzle is on the strip and still open: the analysis, the
    /// segments and the Grundy table stay hidden.
    pub(super) fn puzzle_open(&self) -> bool {
        self.training.is_open()
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

    /// A key typed while a drill asks for a number: digits, Backspace,
    /// Ctrl-U, Enter (other keys work as usual). Esc clears what is typed
    /// first; then it leaves, as anywhere.
    pub(super) fn typed_number(&self, event: &KeyEvent) -> Option<Action> {
        let typed = self.training.current.as_ref().map(|t| &t.more.typed)?;
        let key = match TextKey::of(event)? {
            TextKey::Char(c) if !c.is_ascii_digit() => return None,
            TextKey::Cancel if typed.is_empty() => return None,
            TextKey::Cancel => TextKey::ClearLine,
            key => key,
        };
        Some(Action::Puzzle(PuzzleAction::Type(key)))
    }

    /// The puzzle's keys, and what a puzzle on the strip does with the
    /// tab's: true when the action was taken here.
    pub(super) fn route_to_puzzle(&mut self, action: Action) -> bool {
        use Action as A;
        if self.training.current.is_some() {
            match action {
                A::Puzzle(action) => {
                    puzzle::update(self, action);
                    return true;
                }
                // While the puzzle is open, the perfect line is its
                // solution.
                A::Review(Review::Line) if self.puzzle_open() => {
                    puzzle::update(self, PuzzleAction::Solution);
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
                A::Review(Review::Continue) => {
                    self.message = Some(puzzle::NO_CONTINUING.into());
                    return true;
                }
                A::Review(_) => {}
                _ => {
                    self.message = Some("a puzzle is on the strip: P or Esc leaves it".into());
                    return true;
                }
            }
        } else if let A::Puzzle(action) = action {
            puzzle::update(self, action);
            return true;
        }
        false
    }

    fn next_hint(&mut self) -> Result<(), String> {
        if !self.training.is_open() {
            return Err(self.training.over_words());
        }
        let table = &mut self.table;
        let details = self.details;
        self.training
            .hint(|puzzle, step| match analyze(&puzzle.strip, table) {
                Ok(analysis) => puzzle_hint(puzzle, &analysis, table.values(), step, details),
                Err(_) => "no hint: the values do not fit".into(),
            })?;
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
            t.add_hint(match &analysis {
                Some(a) => puzzle_hint(&t.puzzle, a, self.table.values(), step, self.details),
                None => "no hint: the values do not fit".into(),
            });
        }
    }

    /// The solution: the perfect line from the puzzle's strip, or the
    /// number of a drill (every hint step, the last one giving it).
    fn give_up(&mut self) -> Result<(), String> {
        self.training.give_up();
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        if t.wants_number() {
            t.attempt.hints = crate::tui::puzzle::HINT_STEPS;
            self.word_hints();
            return Ok(());
        }
        self.reanalyze();
        // A lesson's answer is starred on the strip, its why beside it.
        if !self.training.in_lesson() {
            self.toggle_line();
        }
        Ok(())
    }

    /// A winning-cell answer: Space, x or a click on `cell`.
    pub(super) fn answer_cell(&mut self, cell: usize) {
        self.cursor = cell;
        // A refused try's words (`cell 3 holds an X already`) go with the
        // next try, as in Notakto's answers.
        self.message = None;
        // Counts are the lesson's last step: before it, a wrong cell is
        // said in plain words (round 12 met "it counts 2" in step 3).
        let plain = self.training.before_last_step();
        let Some(t) = &mut self.training.current else {
            return;
        };
        if !t.attempt.is_open() {
            self.message = Some(self.training.over_words());
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
            // In the player's words first: the nim-sum is a detail (`i`).
            let n = cell + 1;
            let mut after = self.strip.cells().to_vec();
            after[cell] = true;
            let words = if completes_three(&after, cell) {
                format!("✓ {n} makes three in a row")
            } else if self.details {
                format!("✓ {n} wins: the nim-sum after it is 0")
            } else {
                format!("✓ {n} wins: the opponent is then LOSING")
            };
            self.training.right(words);
            // The move is made: the strip shows what it leaves.
            self.strip.set(cell, true);
            self.reanalyze();
            return;
        }
        let words = wrong_cell_words(&t.puzzle.strip, cell, &mut self.table, self.details, plain);
        if let Some(t) = &mut self.training.current {
            t.more.missed.add(cell, None);
        }
        self.training.refused(words, "cell");
    }

    /// A key typed into the drill's number; Enter answers.
    fn type_number(&mut self, key: TextKey) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        match t.more.typed.key(key) {
            Typed::Refused => Err("four digits at most".into()),
            Typed::Editing if key == TextKey::Enter => {
                Err("type a number first, then Enter".into())
            }
            Typed::Done(_) => self.submit_number(),
            _ => Ok(()),
        }
    }

    fn submit_number(&mut self) -> Result<(), String> {
        let Some(t) = &mut self.training.current else {
            return Ok(());
        };
        if !t.wants_number() {
            return Err("this puzzle asks for a cell: Space or a click on it".into());
        }
        if !t.attempt.is_open() {
            return Err(self.training.over_words());
        }
        let Ok(answer) = t.more.typed.text.parse::<u16>() else {
            return Err("type a number first, then Enter".into());
        };
        t.more.typed.key(TextKey::ClearLine);
        let (value, right_words) = match t.puzzle.task {
            TreblecrossTask::SegmentValue { len, value } => (value, format!("G({len}) = {value}")),
            TreblecrossTask::NimSum { value } => (value, format!("the nim-sum is {value}")),
            TreblecrossTask::WinningCell { .. } => return Ok(()),
        };
        if answer == value {
            self.training.right(format!("✓ {right_words}"));
        } else {
            // What the wrong number is, worked out only when it is wrong.
            let words = match t.puzzle.task {
                TreblecrossTask::SegmentValue { len, .. } => {
                    segment_value_wrong(len, value, answer, self.table.values())
                }
                _ => format!("not {answer}: XOR the values of the free segments"),
            };
            self.training
                .wrong_try(words, "Try again.", Some(right_words));
        }
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
        window: Window,
        buf: &mut Buffer,
        theme: &Theme,
    ) -> bool {
        let Window { start, end, .. } = window;
        if self.view() != Shown::Live {
            return false;
        }
        let Some(panel) = self.puzzle_panel(theme) else {
            return false;
        };
        let n = self.strip().len();
        let (first, last, at) = (start + 1, end, self.cursor + 1);
        let tried = self
            .training
            .current
            .as_ref()
            .is_some_and(|t| !t.more.missed.0.is_empty());
        // ✗ beside ⊘ (unsafe) and X: said once one is drawn, where it fits.
        let mut head = format!("cells {first}–{last} of {n}; cursor at {at}");
        let legend = "; ✗ a cell you tried";
        if tried && head.chars().count() + legend.chars().count() <= usize::from(info.width) {
            head.push_str(legend);
        }
        let head = Line::styled(head, theme.dim());
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
        // No hints in a run: then the hint key is not offered.
        let hint = if self.training.run_on().is_some() {
            ""
        } else {
            " (t for a hint)"
        };
        let hidden = Line::styled(
            format!("Grundy values: hidden while the puzzle is open{hint}"),
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
        let mut asked = t.puzzle.question();
        if t.wants_number() && t.attempt.is_open() {
            asked = format!("{asked}  {}▏ (type it, Enter)", t.more.typed.text);
        }
        let mut panel = self.training.panel(asked, theme)?;
        // What each stretch counts, as the lesson taught for the short
        // ones: the tool a winning cell is found with (the drills ask for
        // the counts themselves, and the lesson's steps teach them).
        if matches!(t.puzzle.task, TreblecrossTask::WinningCell { .. })
            && !self.training.in_lesson()
        {
            // The puzzle's strip, not the one shown: once solved the
            // table shrank with the stretches ("1–2 → 1" read as if 3 no
            // longer counted 1, round 11).
            let longest = longest_free_segment(t.puzzle.strip.cells());
            if longest > 0 {
                panel.said.push(Line::styled(
                    format!(
                        "a free stretch counts, by its length: {}",
                        stretch_counts(self.table.values(), longest)
                    ),
                    theme.dim(),
                ));
            }
        }
        if let Some(message) = &self.message {
            panel
                .message
                .push(Line::styled(message.clone(), theme.bad()));
        }
        Some(panel)
    }
}

/// What a cell that does not win gives: three in a row for the opponent,
/// or free segments the opponent wins.
fn wrong_cell_words(
    strip: &Strip,
    cell: usize,
    table: &mut GrundyTable,
    details: bool,
    plain: bool,
) -> String {
    let mut after = strip.clone();
    after.set(cell, true);
    let n = cell + 1;
    if let Some((w, there)) = three_for_opponent(strip, &after) {
        return match there {
            true => format!(
                "that cell leaves the opponent three in a row at {}, which was yours to make",
                w + 1
            ),
            false => format!("that cell hands the opponent three in a row at {}", w + 1),
        };
    }
    match analyze(&after, table) {
        Ok(StripAnalysis::Segments { segments, .. }) if plain && !segments.is_empty() => {
            let left: Vec<String> = segments.iter().map(cells_words).collect();
            format!(
                "after {n} the free cells left ({}) are a win for your opponent, who moves next",
                left.join("; ")
            )
        }
        // The nim-sum is a detail (`i`); plain words first.
        Ok(StripAnalysis::Segments { segments, .. }) if !details && segments.len() == 1 => {
            let s = &segments[0];
            format!(
                "after {n} one free stretch is left, {}, and it counts {}: not 0, so your opponent wins",
                cells_words(s),
                s.grundy
            )
        }
        Ok(StripAnalysis::Segments { segments, .. }) if !details => format!(
            "after {n} the free stretches count: {}; they do not cancel out, so your opponent wins",
            stretches_counting(&segments)
        ),
        Ok(StripAnalysis::Segments { nim_sum, .. }) => {
            format!("after {n} the free segments' nim-sum is {nim_sum}, not 0: the opponent wins")
        }
        _ => format!("{n} does not win"),
    }
}
