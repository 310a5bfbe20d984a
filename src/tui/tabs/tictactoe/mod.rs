//! The Tic-tac-toe tab: edit a board, see its verdict live, and for a
//! legal continuing board what every empty cell gives under perfect play;
//! play the engine from it.
//!
//! Its drawing is in `view.rs`, its game in `game.rs`, its puzzles in
//! `puzzle.rs`.

mod game;
mod keys;
mod layout;
mod lesson;
mod puzzle;
mod save;
mod view;
pub use game::GameWords;
pub use keys::{Action, BINDINGS, PUZZLE_BINDINGS};
use keys::{EDITING, GAME_OVER, LINE, PLAYING, REVIEWING};
pub use layout::{layout, TicTacToeLayout, MIN_SIZE};
pub use puzzle::{Training, Try};

use crate::notation::tictactoe::{example_words, Alphabet};
use crate::notation::{InputError, Tokens};
use crate::solver::puzzle::{PuzzleGame, Puzzler};
use crate::solver::record::{PerfectLine, Record, Shown, Wanted};
use crate::solver::tictactoe::{illegality, Analysis, Analyzer, Atlas, Board, Illegality, Verdict};
use crate::solver::tictactoe::{perfect_line, TicTacToeEngine, TicTacToeRules};
use crate::solver::{Cell, Side};
use crate::tui::history::{History, NOTHING_TO_REDO, NOTHING_TO_UNDO};
use crate::tui::keymap::{Binding, Direction, When};
use crate::tui::playing::{Abandon, EditedMatch, Playing, PlayingTab};
use crate::tui::puzzle as puzzles;
use crate::tui::record_view;
use crate::tui::review::{self, Review};
use crate::tui::tab::{About, Tab, TabBasics};
use crate::tui::theme::Theme;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};

/// The examples of `assets/`, shipped inside the binary.
const EXAMPLES: &str = include_str!("../../../../assets/tictactoe/codeforces-examples.txt");

/// The boards of [`EXAMPLES`] (tests/it/assets.rs checks that they parse).
pub fn examples() -> Result<Vec<Board>, InputError> {
    let mut tokens = Tokens::new(EXAMPLES);
    let mut boards = Vec::new();
    while let Some(board) = crate::notation::tictactoe::read_board(
        &mut tokens,
        Alphabet::CODEFORCES,
        boards.len() + 1,
        true,
    )? {
        boards.push(board);
    }
    Ok(boards)
}

/// What the board is, computed once per edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdicts {
    pub verdict: Verdict,
    pub why: Option<Illegality>,
    pub analysis: Option<Analysis>,
}

pub struct TicTacToeTab {
    board: Board,
    cursor: Cell,
    /// Each edit is the whole board (9 cells: cheaper than saying what
    /// changed).
    history: History<Board>,
    analyzer: Analyzer,
    verdicts: Verdicts,
    examples: Result<Vec<Board>, InputError>,
    next_example: usize,
    /// A one-line answer to the last action, when it did not work.
    message: Option<String>,
    /// The expert's layer shown under the plain words (`i`).
    details: bool,
    /// The perfect line studied from the board (or the puzzle's), while
    /// it is shown.
    study: Option<Record<TicTacToeRules>>,
    /// The puzzles; while one is on, the board above waits.
    training: Training,
    /// Holds the rated boards, built on the first puzzle (2 ms).
    puzzler: Puzzler,
    /// A game against the engine, from the board (which waits meanwhile).
    playing: Playing<TicTacToeRules>,
    /// Whether each cell's value shows during a game (`a`).
    show_analysis: bool,
}

impl Default for TicTacToeTab {
    fn default() -> Self {
        Self::new()
    }
}

impl Tab for TicTacToeTab {
    type Action = Action;
    const ABOUT: About = About::new("Tic-tac-toe", "TicTac", "tictactoe", "### Tic-tac-toe");
    const MIN_SIZE: (u16, u16) = MIN_SIZE;
    const KEYS: &'static [Binding<Action>] = BINDINGS;
    const PUZZLE_KEYS: &'static [Binding<Action>] = PUZZLE_BINDINGS;

    fn puzzle_action(action: puzzles::PuzzleAction) -> Action {
        Action::Puzzle(action)
    }

    fn puzzle_shown(&self) -> bool {
        self.study.is_none() && self.training.current.is_some()
    }

    fn mode(&self) -> When {
        if self.study.is_some() {
            return LINE;
        }
        match (self.game(), self.game_record().map(|r| r.shown())) {
            (None, _) => EDITING,
            (Some(_), Some(shown)) if shown != Shown::Live => REVIEWING,
            (Some(game), _) if game.is_on() => PLAYING,
            (Some(_), _) => GAME_OVER,
        }
    }

    fn update(&mut self, action: Action) {
        let cell = self.cursor;
        self.message = None;
        if self.study.is_some() {
            match action {
                Action::Review(Review::Continue) if self.training.current.is_some() => {
                    self.message = Some(puzzles::NO_CONTINUING.into())
                }
                Action::Review(key) => self.review_key(key),
                _ => {
                    self.message =
                        Some("the perfect line is shown: Esc back, c continue from here".into())
                }
            }
            return;
        }
        if self.training.current.is_some() {
            return self.update_puzzle(action);
        }
        if self.game().is_some() {
            return self.update_game(action);
        }
        match action {
            Action::Game(first) => self.toggle_game(first),
            Action::NewGame => self.new_game(),
            Action::ShowAnalysis => {
                self.message = Some("the values are on: a hides them in games".into())
            }
            Action::Puzzle(action) => puzzles::update(self, action),
            Action::Answer => self.message = Some(puzzles::NO_PUZZLE.into()),
            Action::Review(Review::Line) => self.review_key(Review::Line),
            Action::Review(_) => {}
            Action::Play => self.edit(self.board.with(cell, played(&self.board, cell))),
            Action::Click(at) => {
                self.cursor = at;
                self.edit(self.board.with(at, played(&self.board, at)));
            }
            Action::ClickBack(at) => {
                self.cursor = at;
                let back = cycled(cycled(self.board.get(at)));
                self.edit(self.board.with(at, back));
            }
            Action::Set(mark) => self.edit(self.board.with(cell, mark)),
            Action::Clear if self.board == Board::EMPTY => {
                self.message = Some("the board is empty already".into())
            }
            Action::Clear => self.edit(Board::EMPTY),
            Action::NextExample => self.next_example(),
            Action::Undo if self.history.undo(&mut self.board) => self.set(self.board),
            Action::Redo if self.history.redo(&mut self.board) => self.set(self.board),
            Action::Undo => self.message = Some(NOTHING_TO_UNDO.into()),
            Action::Redo => self.message = Some(NOTHING_TO_REDO.into()),
        }
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        let at = Position::new(event.column, event.row);
        // A click on a move of a game's list: the position after it.
        let left = event.kind == MouseEventKind::Down(MouseButton::Left);
        if let (true, Some(game), Some(l)) = (left, self.game(), layout(area)) {
            if let Some(list) = self
                .game_list_area(l.panel)
                .filter(|list| list.contains(at))
            {
                let ply = record_view::ply_at(game.record(), &GameWords::of(game), list, at)?;
                return Some(Action::Review(Review::At(ply)));
            }
        }
        let cell = self.cell_at(area, at)?;
        match event.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Action::Click(cell)),
            MouseEventKind::Down(MouseButton::Right) => Some(Action::ClickBack(cell)),
            _ => None,
        }
    }

    fn abandons(&self, action: Action) -> Option<String> {
        let live = self.game_record().is_some_and(|r| r.shown() == Shown::Live);
        match action {
            Action::Game(_) if live => self.abandons_game(Abandon::Stop),
            Action::NewGame => self.abandons_game(Abandon::Again),
            Action::Review(Review::Continue) => self.abandons_game(Abandon::PlayOn),
            _ => None,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            return;
        };
        self.render_grid(&layout, buf, theme);
        self.render_panel(layout.panel, buf, theme);
    }
}

impl TabBasics for TicTacToeTab {
    fn move_cursor(&mut self, direction: Direction) {
        let (rows, cols) = direction.delta();
        self.cursor = self.cursor.moved(rows, cols);
    }

    fn tick(&mut self) {
        self.poll_engine();
        crate::tui::puzzle::tick(self);
    }

    fn busy(&self) -> bool {
        self.playing.is_busy()
    }

    fn at_stake(&self) -> Option<&'static str> {
        self.game_at_stake()
    }

    fn set_details(&mut self, on: bool) {
        self.details = on;
    }
}

impl TicTacToeTab {
    pub fn new() -> TicTacToeTab {
        Self::with_board(Board::EMPTY)
    }

    pub fn with_board(board: Board) -> TicTacToeTab {
        let mut analyzer = Analyzer::new();
        let verdicts = assess(&board, &mut analyzer);
        TicTacToeTab {
            board,
            cursor: Cell::CENTRE,
            history: History::default(),
            analyzer,
            verdicts,
            examples: examples(),
            next_example: 0,
            message: None,
            details: false,
            study: None,
            training: Training::new(PuzzleGame::TicTacToe),
            puzzler: Puzzler::new(),
            playing: Playing::new(TicTacToeEngine::default),
            show_analysis: true,
        }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn training(&self) -> &Training {
        &self.training
    }

    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    pub fn verdicts(&self) -> &Verdicts {
        &self.verdicts
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The perfect line shown and the step on the board.
    pub fn perfect_line(&self) -> Option<(&PerfectLine<TicTacToeRules>, usize)> {
        let study = self.study.as_ref()?;
        let Shown::Line { step, .. } = study.shown() else {
            return None;
        };
        Some((study.line()?, step))
    }

    /// The board drawn: the edited one, or a step of the perfect line, with
    /// the move that led there.
    pub fn shown(&self) -> (Board, Option<Cell>) {
        match (&self.study, &self.training.current, self.game_record()) {
            (Some(study), _, _) => study.shown_position(),
            (None, Some(t), _) => t.board(),
            (None, None, Some(record)) => record.shown_position(),
            (None, None, None) => (self.board, None),
        }
    }

    /// The board the verdict is of: the game's as shown, else the one
    /// being edited (a puzzle's and a study's have their own words).
    fn live_board(&self) -> Board {
        match self.game_record() {
            Some(record) => record.shown_position().0,
            None => self.board,
        }
    }

    /// The verdict follows the board shown (after a game's move, a step
    /// of its review, or an edit).
    fn reanalyze(&mut self) {
        self.verdicts = assess(&self.live_board(), &mut self.analyzer);
    }

    /// An action while a game is on or over: a move, the take-back, the
    /// keys of the game; the editing keys say why they wait.
    fn update_game(&mut self, action: Action) {
        let reviewing = self.game_record().is_some_and(|r| r.shown() != Shown::Live);
        match action {
            Action::Review(key) => self.review_key(key),
            Action::NewGame => self.new_game(),
            Action::Game(first) => self.toggle_game(first),
            Action::Click(cell) if reviewing => self.review_click(Some(cell)),
            _ if reviewing => self.review_click(None),
            Action::Play => self.play_at(self.cursor),
            Action::Click(cell) => {
                self.cursor = cell;
                self.play_at(cell);
            }
            Action::Undo => self.undo_in_game(),
            Action::ShowAnalysis => self.show_analysis = !self.show_analysis,
            Action::Puzzle(action) => puzzles::update(self, action),
            _ => self.message = Some("a game is on: g stops it, then edit the board".into()),
        }
    }

    /// A review key on the perfect line from `from` (the board, or the
    /// puzzle's): the shared study, the line from the solver at once.
    pub(super) fn study_key(&mut self, from: Board, key: Review) {
        let studied = review::study(&mut self.study, || from, key);
        self.message = studied.said;
        if let Some(Wanted::Line(from)) = studied.wanted {
            let line = perfect_line(from, &mut self.analyzer);
            match &mut self.study {
                Some(study) if !line.moves.is_empty() => study.lined(line),
                _ => {
                    self.study = None;
                    self.message = Some("no line: the board is illegal or the game is over".into());
                }
            }
        }
        if let Some(board) = studied.continue_from {
            self.edit(board);
        }
    }

    /// Replaces the board as one undoable edit (no-op if unchanged).
    pub(super) fn edit(&mut self, board: Board) {
        if board == self.board {
            return;
        }
        self.history.edit(board, &mut self.board);
        self.set(self.board);
    }

    fn set(&mut self, board: Board) {
        self.board = board;
        self.reanalyze();
    }

    fn next_example(&mut self) {
        match &self.examples {
            Ok(examples) if !examples.is_empty() => {
                let (count, at) = (examples.len(), self.next_example % examples.len());
                let example = examples[at];
                self.next_example = (at + 1) % count;
                self.edit(example);
                let v = &self.verdicts;
                let words = example_words(v.verdict, v.why, v.analysis.as_ref());
                self.message = Some(format!(
                    "example {} of {count}, from the contests' samples: {words}",
                    at + 1
                ));
            }
            Ok(_) => self.message = Some("assets/ holds no example board".into()),
            Err(e) => self.message = Some(format!("the examples in assets/ do not parse: {e}")),
        }
    }

    /// The cell under a screen position, by the same layout as drawing.
    pub fn cell_at(&self, area: Rect, at: Position) -> Option<Cell> {
        let index = layout(area)?.cells.iter().position(|r| r.contains(at))?;
        Cell::from_index(index)
    }

    /// The completed line on a won board (not an illegal one), with its
    /// side.
    pub(super) fn won_line(&self) -> Option<(Side, u16)> {
        let side = match self.verdicts.verdict {
            Verdict::FirstPlayerWon => Side::X,
            Verdict::SecondPlayerWon => Side::O,
            _ => return None,
        };
        Some((side, self.live_board().line_of(side)?))
    }
}

fn assess(board: &Board, analyzer: &mut Analyzer) -> Verdicts {
    Verdicts {
        verdict: Atlas::shared().verdict(board),
        why: illegality(board),
        analysis: analyzer.analyze(board),
    }
}

/// What a click or Space leaves in `cell`: in an empty cell the mark of
/// the side to move (X when the counts are even: a newcomer clicks a game
/// move by move), on a mark nothing.
fn played(board: &Board, cell: Cell) -> Option<Side> {
    match board.get(cell) {
        None => Some(board.to_move()),
        Some(_) => None,
    }
}

/// The cycle `.` → `X` → `O` → `.`: a right-click goes back, twice round it.
fn cycled(mark: Option<Side>) -> Option<Side> {
    match mark {
        None => Some(Side::X),
        Some(Side::X) => Some(Side::O),
        Some(Side::O) => None,
    }
}

/// A board edit: the board that replaces the one there.
impl crate::tui::history::Edit for Board {
    type State = Board;

    fn apply(self, board: &mut Board) -> Board {
        std::mem::replace(board, self)
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Board>()
    }
}
