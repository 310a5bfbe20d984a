//! The tab's puzzles: "find a winning move" on 2 to 9 boards, answered by
//! Space or a click on a cell. The boards being edited (with their undo
//! history and cursor), or the game, wait aside while the puzzles are on,
//! and come back after.

use super::{Action, Boards, NotaktoTab, Spot};
use crate::notation::notakto::puzzle_hint;
use crate::notation::notakto::{
    count_short, element, makes_words, move_named, move_reason, KIND_LETTERS,
};
use crate::solver::notakto::count::Count;
use crate::notation::puzzle::PuzzleText;
use crate::solver::notakto::game::NotaktoRules;
use crate::solver::notakto::NotaktoPuzzle;
use crate::solver::notakto::{analyze, play, quotient, Board, Move};
use crate::solver::puzzle::{Choice, PuzzleId};
use crate::solver::record::Shown;
use crate::tui::history::History;
use crate::tui::playing::{self, EditedMatch, PlayingTab};
use crate::tui::puzzle::{self, Missed, PuzzleAction, PuzzlePanel, Puzzles, Standing};
use crate::tui::review::Review;
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// The puzzles' record, the puzzle on the boards, and the editor's boards
/// (or the game) put aside meanwhile.
pub type Training = puzzle::Training<NotaktoPuzzle, Aside, Missed<Move>>;

/// One puzzle being answered.
pub type Try = puzzle::Try<NotaktoPuzzle, Missed<Move>>;

/// What the tab had when the puzzles began: the editor's boards and its
/// view, and the game if one was on.
pub type Aside = playing::Aside<NotaktoRules, Editor>;

/// The editor as the puzzles found it.
pub struct Editor {
    pub boards: Vec<Board>,
    history: History<Boards>,
    cursor: Spot,
    show_analysis: bool,
}

impl Puzzles for NotaktoTab {
    type Puzzle = NotaktoPuzzle;
    type Aside = Aside;
    type More = Missed<Move>;

    fn training(&self) -> &Training {
        &self.training
    }

    fn training_mut(&mut self) -> &mut Training {
        &mut self.training
    }

    fn choose(&mut self, choice: Choice) -> Option<(PuzzleId, NotaktoPuzzle)> {
        Some(self.puzzler.chosen(choice))
    }

    /// The puzzle's boards go on; the editor's boards, or the game, wait.
    fn put_on(&mut self, puzzle: &NotaktoPuzzle) -> Aside {
        let editor = Editor {
            boards: std::mem::replace(&mut self.boards, puzzle.boards.clone()),
            history: std::mem::take(&mut self.history),
            cursor: self.cursor,
            show_analysis: self.show_analysis,
        };
        self.playing.put_aside(editor)
    }

    fn take_back(&mut self, aside: Aside) {
        let editor = self.playing.bring_back(aside);
        self.boards = editor.boards;
        self.history = editor.history;
        self.cursor = editor.cursor;
        self.show_analysis = editor.show_analysis;
    }

    /// A game that came back may wait for an engine reply (or its values)
    /// dropped while it was aside: asked again.
    fn on_board(&mut self) {
        self.after_move();
    }

    fn lesson(&mut self) -> Result<puzzle::Lesson<NotaktoPuzzle>, String> {
        Ok(super::lesson::lesson())
    }

    fn hint(&mut self) -> Result<(), String> {
        let details = self.details;
        self.training.hint(|p, step| match (step, details) {
            // The panel follows the second hint with what the cursor's
            // cell makes (see `puzzle_panel`).
            (2, false) => format!(
                "{} (the panel now says what the cursor's cell makes)",
                puzzle_hint(p, step, details)
            ),
            _ => puzzle_hint(p, step, details),
        })
    }

    /// The perfect line from the puzzle's boards.
    fn solution(&mut self) -> Result<(), String> {
        self.training.give_up();
        self.reanalyze();
        // A lesson's answer is starred on the boards, its why beside them.
        if !self.training.in_lesson() {
            self.review_key(Review::Line);
        }
        Ok(())
    }

    fn say(&mut self, message: Option<String>) {
        self.message = message;
    }
}

impl NotaktoTab {
    /// The puzzle's keys, and what a puzzle on the boards does with the
    /// tab's: true when the action was taken here.
    pub(super) fn route_to_puzzle(&mut self, action: Action) -> bool {
        use Action as A;
        if self.training.current.is_none() {
            if let A::Puzzle(action) = action {
                puzzle::update(self, action);
                return true;
            }
            return false;
        }
        let live = self.view() == Shown::Live;
        match action {
            A::Puzzle(action) => puzzle::update(self, action),
            // While the puzzle is open, the perfect line is its solution.
            A::Review(Review::Line) if self.training.is_open() => {
                puzzle::update(self, PuzzleAction::Solution)
            }
            A::Toggle | A::SetX if live => self.answer(self.cursor),
            A::Click(board, cell) if live => self.answer(Spot { board, cell }),
            A::Review(Review::Continue) => self.message = Some(puzzle::NO_CONTINUING.into()),
            A::Board(_) | A::Review(_) => return false,
            _ => self.message = Some("a puzzle is on the boards: P or Esc leaves it".into()),
        }
        true
    }

    /// An answer: Space, x or a click on a cell.
    fn answer(&mut self, spot: Spot) {
        self.cursor = spot;
        // A refused try's words go with the next try (they stayed over
        // the next answer's, round 11); Treblecross's answers do the same.
        self.message = None;
        let Some(t) = &self.training.current else {
            return;
        };
        if !t.attempt.is_open() {
            self.message = Some(self.training.over_words());
            return;
        }
        let mv = spot.as_move();
        let board = self.boards[mv.board];
        if board.is_dead() {
            self.message = Some(format!("board {} is dead: no move there", mv.board + 1));
            return;
        }
        if board.has_x(mv.cell) {
            self.message = Some(format!("{} holds an X already", move_named(mv, self.details)));
            return;
        }
        let q = quotient();
        let after = play(&self.boards, mv);
        let analysis = analyze(&after);
        let product = element(q, analysis.product, false);
        // The quotient's words are a detail (`i`); plain words first, and
        // before the lesson's step that teaches the count, no count (round
        // 14 met `0 flips, 0 halves, 2 opens` on step 1) nor `1:b2`.
        let details = self.details;
        let counts = self.counts_taught();
        let named = move_named(mv, details);
        if t.puzzle.answers.contains(&mv) {
            self.training.right(match (details, counts) {
                (true, _) => format!(
                    "✓ {named} wins: the product after it, {product}, is in the P-portion"
                ),
                // The count in plain words, as a wrong move's are: the
                // rule's whole case is `r`'s (round 18's lesson read it
                // twice, over the step's own why).
                (false, true) => format!(
                    "✓ {named} wins: it {}",
                    move_reason(&self.boards, mv, false)
                ),
                (false, false) => format!("✓ {named} wins"),
            });
            // The move is made: the boards show what it leaves.
            self.boards = after;
            self.reanalyze();
            return;
        }
        // A win the step does not ask for (step 5 wants board 1 made a
        // half; round 17 played on board 2 and was told it was right).
        if !analysis.is_over() && !analysis.is_winning() {
            self.training.not_asked(&named, "move");
            return;
        }
        let words = if analysis.is_over() {
            format!("{named} completes a line on the last live board: it loses at once")
        } else if details {
            format!("after {named} the product is {product}, not in the P-portion: the opponent wins")
        } else {
            // Why, by the count the move leaves (once taught), and a reply
            // that wins.
            let reply = analysis.winning_moves().first().map_or_else(String::new, |&r| {
                format!(", for example with {}", move_named(r, false))
            });
            let why = match counts {
                true => format!(" {}", move_reason(&self.boards, mv, false)),
                false => " loses".to_string(),
            };
            format!("{named}{why}: the opponent wins with perfect play{reply}")
        };
        if let Some(t) = &mut self.training.current {
            t.more.add(mv, None);
        }
        self.training.refused(words, "move");
    }

    /// Whether the words of the count (open, half, flip, spare) may be
    /// used: everywhere but the lesson's steps before the one that
    /// teaches them (round 13 met them on step 1, defined on step 4).
    pub(super) fn counts_taught(&self) -> bool {
        !self.training.before_step(super::lesson::FIRST_COUNT_STEP)
    }

    /// The puzzle's words, in the words' area.
    pub(super) fn puzzle_panel(&self, theme: &Theme) -> Option<PuzzlePanel> {
        let t = self.training.current.as_ref()?;
        let asked = t.puzzle.question();
        let mut panel = self.training.panel(asked, theme)?;
        if let Some(message) = &self.message {
            panel
                .message
                .push(Line::styled(message.clone(), theme.bad()));
        }
        // The position's reading, not the answer: what the boards count,
        // which the rule (`r`) turns into who wins.
        if t.attempt.is_open() && !self.details && self.counts_taught() {
            panel.said.push(Line::styled(
                format!(
                    "the boards count {} (r: the rule)",
                    count_short(Count::of_all(&self.boards))
                ),
                theme.dim(),
            ));
        }
        // From the hint that names what to make of a board on: what the
        // cursor's cell makes of its board, and no more (not whether it
        // wins), so that the player can look for it (round 10 guessed).
        // Not before the lesson teaches what boards count as: round 19 read
        // "makes board 2 a half" on step 3, halves taught on step 5.
        let taught = self.counts_taught();
        if t.attempt.is_open() && t.attempt.hints >= 2 && !self.details && taught {
            let words = |spot: Spot| {
                let mv = spot.as_move();
                let at = move_named(mv, false);
                match self.boards.get(spot.board) {
                    Some(b) if b.is_dead() => format!(
                        "the cursor: board {} is dead; move the cursor to a live board",
                        mv.board + 1
                    ),
                    Some(b) if b.has_x(spot.cell) => {
                        format!("the cursor: {at} has an X; move the cursor to an empty cell")
                    }
                    _ => format!(
                        "the cursor: X at {at} {}",
                        makes_words(&self.boards, mv, &format!("board {}", mv.board + 1))
                    ),
                }
            };
            panel.pointer.push(Line::styled(words(self.cursor), theme.dim()));
            // The panel keeps room for the longest of them, so that its
            // parts stay in their order as the cursor moves.
            let spots = (0..self.boards.len())
                .flat_map(|board| crate::solver::Cell::ALL.map(|cell| Spot { board, cell }));
            let longest = spots.map(words).max_by_key(|w| w.chars().count());
            panel.pointer_longest = longest.map(Line::raw).into_iter().collect();
        }
        // The last hint gave the answer already: said once.
        let told = t.attempt.hints >= puzzle::HINT_STEPS;
        if !t.attempt.is_open() && !told {
            let answers: Vec<String> = t
                .puzzle
                .answers
                .iter()
                .map(|&m| move_named(m, self.details))
                .collect();
            let (one, all) = match answers.len() {
                1 => ("the one winning move", ""),
                _ => ("the winning moves", " (any of them)"),
            };
            panel.notes.push(Line::styled(
                // `;` between moves whose names hold a comma (round 16 read
                // `board 1, b1 board 1, c1`).
                format!("{one}: {}{all}", answers.join("; ")),
                theme.dim(),
            ));
            // Solved: the move is on the boards, and the marks are the
            // other player's (round 5 read the loss mark as its own winning move).
            if t.attempt.standing == Standing::Solved {
                panel.notes.push(Line::styled(
                    "your move is played: the marks now say what each cell gives your opponent, \
                     who is to move (⊘ everywhere: every move loses for them)",
                    theme.dim(),
                ));
            }
        }
        // The letters of narrow labels said, as the tab's legend says them.
        if self.letters_drawn.get() {
            panel.notes.push(Line::styled(
                format!("under the boards: {KIND_LETTERS}"),
                theme.dim(),
            ));
        }
        Some(panel)
    }
}
