//! The Notakto tab: 1 to 9 boards, edited (Space or a click toggles an X)
//! or played against the engine, either side first. Under each board its
//! element of the misère quotient; under the boards their product, written
//! out, and so who wins; every empty cell of a live board marked winning
//! or losing. Review, the perfect line, puzzles and files as in the other
//! tabs.
//!
//! The game is in `game.rs`, the engine's thread in `engine.rs`, the
//! keys in `keys.rs`, where things go in `layout.rs`, the drawing in
//! `view.rs`, the puzzles in `puzzle.rs` and the files in `save.rs`.

mod game;
mod keys;
mod layout;
mod lesson;
mod puzzle;
mod save;
mod view;

pub use keys::{Action, BINDINGS, PUZZLE_BINDINGS};
pub use layout::{layout, layout_with_words, Look, NotaktoLayout, Place, MIN_SIZE};
pub use puzzle::{Training, Try};

use crate::notation::notakto::{read_board, MOST_EDITABLE};
use crate::notation::{InputError, Tokens};
use crate::solver::notakto::game::{Match, NotaktoEngine, NotaktoRules, Player};
use crate::solver::notakto::{analyze, Analysis, Board, Move};
use crate::solver::puzzle::{PuzzleGame, Puzzler};
use crate::solver::record::{Record, Shown};
use crate::solver::Cell;
use crate::tui::history::{History, NOTHING_TO_REDO, NOTHING_TO_UNDO};
use crate::tui::keymap::{Binding, Direction, When};
use crate::tui::playing::{Abandon, EditedMatch, Playing, PlayingTab};
use crate::tui::record_view;
use crate::tui::review::Review;
use crate::tui::tab::{About, Tab, TabBasics};
use crate::tui::theme::Theme;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use keys::{EDITING, GAME_OVER, PLAYING, REVIEWING};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as At, Rect};

/// The positions of `assets/notakto`, shipped inside the binary.
const EXAMPLES: &str = include_str!("../../../../assets/notakto/examples.txt");

/// A position of [`EXAMPLES`] and what it shows (the comment above it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    pub title: String,
    pub boards: Vec<Board>,
}

/// The positions of [`EXAMPLES`], one a line, each titled by the comment
/// lines right above it (tests/it/assets.rs checks that they read).
pub fn examples() -> Result<Vec<Example>, InputError> {
    let mut examples = Vec::new();
    let mut title: Vec<&str> = Vec::new();
    for (i, line) in EXAMPLES.lines().enumerate() {
        let (text, comment) = line.split_once('#').unwrap_or((line, ""));
        if text.trim().is_empty() {
            // A comment line adds to the title; a blank one ends it.
            match line.trim().is_empty() {
                true => title.clear(),
                false => title.push(comment.trim()),
            }
            continue;
        }
        let mut boards = Vec::new();
        for mut token in Tokens::new(text) {
            token.line = i + 1;
            boards.push(read_board(&token)?);
        }
        examples.push(Example {
            title: title.join(" "),
            boards,
        });
        title.clear();
    }
    Ok(examples)
}

/// A cell of a board: where the cursor is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    pub board: usize,
    pub cell: Cell,
}

impl Spot {
    pub fn as_move(self) -> Move {
        Move {
            board: self.board,
            cell: self.cell,
        }
    }
}

/// An edit: the boards that replace the ones there (at most 9 boards of
/// 2 bytes: cheaper than saying what changed).
pub struct Boards(pub Vec<Board>);

impl crate::tui::history::Edit for Boards {
    type State = Vec<Board>;

    fn apply(self, boards: &mut Vec<Board>) -> Boards {
        Boards(std::mem::replace(boards, self.0))
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Boards>() + self.0.len() * std::mem::size_of::<Board>()
    }
}

pub struct NotaktoTab {
    /// The editor's boards (a game holds its own while it lasts).
    boards: Vec<Board>,
    /// A game against the engine, or the editor's study of a perfect
    /// line, and the engine's thread.
    playing: Playing<NotaktoRules>,
    /// A one-line answer to the last action (why it was refused, …).
    message: Option<String>,
    /// The expert's layer shown under the plain words (`i`).
    details: bool,
    cursor: Spot,
    history: History<Boards>,
    /// The quotient's answer for the boards as they stand, once per change.
    analysis: Analysis,
    /// During a game, the analysis is hidden unless asked for.
    show_analysis: bool,
    examples: Result<Vec<Example>, InputError>,
    next_example: usize,
    /// Boards in a row as last drawn: the up and down arrows cross as many.
    per_row: std::cell::Cell<usize>,
    /// The boards' labels were last drawn as letters (`1 HF`): the legend
    /// then says what they stand for.
    letters_drawn: std::cell::Cell<bool>,
    /// The puzzles; while one is on, the boards (or the game) wait aside.
    training: Training,
    puzzler: Puzzler,
}

impl Default for NotaktoTab {
    fn default() -> Self {
        // As many as the settings' `boards` has at its default.
        let boards = crate::notation::notakto::BoardCount::default().0;
        Self::with_boards(vec![Board::EMPTY; usize::from(boards)])
    }
}

impl Tab for NotaktoTab {
    type Action = Action;
    const ABOUT: About = About::new("Notakto", "Notakto", "notakto", "### Notakto");
    const MIN_SIZE: (u16, u16) = MIN_SIZE;
    const KEYS: &'static [Binding<Action>] = BINDINGS;
    const PUZZLE_KEYS: &'static [Binding<Action>] = PUZZLE_BINDINGS;

    fn puzzle_action(action: crate::tui::puzzle::PuzzleAction) -> Action {
        Action::Puzzle(action)
    }

    fn puzzle_shown(&self) -> bool {
        self.training.current.is_some() && self.view() == Shown::Live
    }

    fn mode(&self) -> When {
        if self.view() != Shown::Live {
            return REVIEWING;
        }
        match &self.playing.game {
            None => EDITING,
            Some(game) if game.is_on() => PLAYING,
            Some(_) => GAME_OVER,
        }
    }

    fn update(&mut self, action: Action) {
        use Action as A;
        if self.route_to_puzzle(action) {
            return;
        }
        match action {
            A::Board(delta) => return self.step_board(delta),
            A::Review(key) => return self.review_key(key),
            A::NewGame => return self.new_game(),
            _ => {}
        }
        if self.view() != Shown::Live {
            // A click on an X of the game: the position after that move.
            let clicked = match action {
                A::Click(board, cell) => Some(Move { board, cell }),
                _ => None,
            };
            return self.review_click(clicked);
        }
        if let A::Click(board, cell) = action {
            self.cursor = Spot { board, cell };
        }
        if self.playing.game.is_some() {
            match action {
                A::Toggle | A::SetX | A::Click(..) => self.play_at(self.cursor.as_move()),
                A::Undo => self.undo_in_game(),
                A::Play(first) => self.toggle_game(first),
                A::ShowAnalysis => self.show_analysis = !self.show_analysis,
                _ => self.message = Some("a game is on: g stops it, then edit".into()),
            }
            return;
        }
        self.message = None;
        let Spot { board, cell } = self.cursor;
        let here = self.boards[board];
        match action {
            A::Play(first) => self.toggle_game(first),
            A::Toggle | A::Click(..) => self.set(board, here.cells() ^ cell.bit()),
            A::SetX if !here.has_x(cell) => self.set(board, here.cells() | cell.bit()),
            A::SetEmpty if here.has_x(cell) => self.set(board, here.cells() & !cell.bit()),
            A::MoreBoards if self.boards.len() < MOST_EDITABLE => {
                let mut boards = self.boards.clone();
                boards.push(Board::EMPTY);
                self.edit(boards);
                self.cursor.board = self.boards.len() - 1;
            }
            A::FewerBoards if self.boards.len() > 1 => {
                let mut boards = self.boards.clone();
                boards.remove(board);
                self.edit(boards);
                self.message = Some(format!("board {} taken away", board + 1));
            }
            A::Clear if self.boards.iter().any(|b| b.x_count() > 0) => {
                self.edit(vec![Board::EMPTY; self.boards.len()])
            }
            A::NextExample => self.next_example(),
            A::Undo if self.history.undo(&mut self.boards) => self.reanalyze(),
            A::Redo if self.history.redo(&mut self.boards) => self.reanalyze(),
            A::ShowAnalysis => {
                self.message = Some("the analysis is on: a hides it in games".into())
            }
            // The keys that found nothing to do say why.
            A::MoreBoards => self.message = Some(format!("{MOST_EDITABLE} boards at most")),
            A::FewerBoards => self.message = Some("one board at least".into()),
            A::Clear => self.message = Some("the boards hold no X to clear".into()),
            A::SetX => self.message = Some("the cell holds an X already".into()),
            A::SetEmpty => self.message = Some("the cell is empty already".into()),
            A::Undo => self.message = Some(NOTHING_TO_UNDO.into()),
            A::Redo => self.message = Some(NOTHING_TO_REDO.into()),
            A::Board(_) | A::Review(_) | A::NewGame | A::Puzzle(_) => {}
        }
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        if event.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        let at = At::new(event.column, event.row);
        if let (Some(list), Some(record)) = (self.list_area(area), self.record()) {
            if let Some(ply) = record_view::ply_at(record, &self.words(), list, at) {
                return Some(Action::Review(Review::At(ply)));
            }
        }
        let spot = self.spot_at(area, at)?;
        Some(Action::Click(spot.board, spot.cell))
    }

    fn abandons(&self, action: Action) -> Option<String> {
        match action {
            Action::Play(_) if self.view() == Shown::Live => self.abandons_game(Abandon::Stop),
            Action::NewGame => self.abandons_game(Abandon::Again),
            Action::Review(Review::Continue) => self.abandons_game(Abandon::PlayOn),
            _ => None,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = self.layout(area) else {
            return;
        };
        self.per_row.set(layout.per_row);
        self.render_boards(&layout, buf, theme);
        self.render_info(&layout, buf, theme);
    }
}

impl TabBasics for NotaktoTab {
    /// Within a board, then across: left and right into the board before
    /// or after, up and down into the board above or below as drawn.
    fn move_cursor(&mut self, direction: Direction) {
        let count = self.shown_count();
        let Spot { board, cell } = self.cursor;
        let (row, col) = (cell.row() as i8, cell.col() as i8);
        let per_row = self.per_row.get().max(1);
        let (rows, cols) = direction.delta();
        let inside = (0..3).contains(&(row + rows)) && (0..3).contains(&(col + cols));
        if inside {
            self.cursor.cell = cell.moved(rows, cols);
            return;
        }
        let (to, row, col) = match direction {
            Direction::Left if board > 0 => (board - 1, row, 2),
            Direction::Right if board + 1 < count => (board + 1, row, 0),
            Direction::Up if board >= per_row => (board - per_row, 2, col),
            Direction::Down if board + per_row < count => (board + per_row, 0, col),
            _ => return,
        };
        self.cursor = Spot {
            board: to,
            cell: Cell::at(row, col),
        };
    }

    fn tick(&mut self) {
        self.poll_engine();
        crate::tui::puzzle::tick(self);
    }

    fn busy(&self) -> bool {
        self.is_thinking()
    }

    fn at_stake(&self) -> Option<&'static str> {
        self.game_at_stake()
    }

    fn set_details(&mut self, on: bool) {
        self.details = on;
    }
}

impl NotaktoTab {
    /// A tab on these boards (1 to 9: more are dropped, none is one
    /// empty board).
    pub fn with_boards(mut boards: Vec<Board>) -> NotaktoTab {
        boards.truncate(MOST_EDITABLE);
        if boards.is_empty() {
            boards.push(Board::EMPTY);
        }
        let analysis = analyze(&boards);
        NotaktoTab {
            boards,
            playing: Playing::new(|| NotaktoEngine),
            message: None,
            details: false,
            cursor: Spot {
                board: 0,
                cell: Cell::CENTRE,
            },
            history: History::default(),
            analysis,
            show_analysis: false,
            examples: examples(),
            next_example: 0,
            per_row: std::cell::Cell::new(1),
            letters_drawn: std::cell::Cell::new(false),
            training: Training::new(PuzzleGame::Notakto),
            puzzler: Puzzler::new(),
        }
    }

    /// The boards as they stand: the game's while a game is on.
    pub fn boards(&self) -> &[Board] {
        self.playing
            .game
            .as_ref()
            .map_or(&self.boards, |g| &g.position().boards)
    }

    pub fn game(&self) -> Option<&Match> {
        self.playing.game.as_ref()
    }

    pub fn cursor(&self) -> Spot {
        self.cursor
    }

    /// Whether the engine is still working on something asked of it.
    pub fn is_thinking(&self) -> bool {
        self.playing.is_busy()
    }

    /// The quotient's answer for the boards as they stand.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// What the boards show: as they stand, a review or the perfect line.
    pub fn view(&self) -> Shown {
        self.record().map_or(Shown::Live, Record::shown)
    }

    /// How many boards are drawn (a review shows the game's, which are as
    /// many as it started with).
    fn shown_count(&self) -> usize {
        self.boards().len()
    }

    /// The analysis follows the boards (and the cursor stays on one).
    fn reanalyze(&mut self) {
        self.analysis = analyze(self.boards());
        self.cursor.board = self.cursor.board.min(self.shown_count() - 1);
    }

    /// Replaces the boards as one undoable edit (no-op if unchanged).
    fn edit(&mut self, boards: Vec<Board>) {
        if boards == self.boards {
            return;
        }
        self.history.edit(Boards(boards), &mut self.boards);
        self.reanalyze();
    }

    /// Board `board` becomes the cells `cells`, as an undoable edit.
    fn set(&mut self, board: usize, cells: u16) {
        let mut boards = self.boards.clone();
        boards[board] = Board::from_cells(cells);
        self.edit(boards);
    }

    /// The cursor `delta` boards on, on the same cell.
    fn step_board(&mut self, delta: isize) {
        let last = self.shown_count() - 1;
        let to = self.cursor.board.saturating_add_signed(delta).min(last);
        self.message = match to == self.cursor.board {
            true if delta < 0 => Some("the cursor is on the first board".into()),
            true => Some(format!("the cursor is on the last board, {}", last + 1)),
            false => None,
        };
        self.cursor.board = to;
    }

    fn next_example(&mut self) {
        match &self.examples {
            Ok(examples) if !examples.is_empty() => {
                let (count, at) = (examples.len(), self.next_example % examples.len());
                let Example { title, boards } = examples[at].clone();
                self.next_example = (at + 1) % count;
                self.edit(boards);
                self.message = Some(format!("example {} of {count}: {title}", at + 1));
            }
            Ok(_) => self.message = Some("assets/ holds no example position".into()),
            Err(e) => self.message = Some(format!("the examples in assets/ do not read: {e}")),
        }
    }

    /// The board and cell under a screen position, by the same layout as
    /// drawing.
    pub fn spot_at(&self, area: Rect, at: At) -> Option<Spot> {
        let layout = self.layout(area)?;
        layout.boards.iter().enumerate().find_map(|(board, place)| {
            let i = place.cells.iter().position(|r| r.contains(at))?;
            Some(Spot {
                board,
                cell: Cell::from_index(i)?,
            })
        })
    }

    /// Where things go in `area` now: the boards give the words more rows
    /// while a game's record is shown (its value history and moves).
    pub fn layout(&self, area: Rect) -> Option<NotaktoLayout> {
        let over = self.playing.game.as_ref().is_some_and(|g| !g.is_on());
        let words = if self.view() != Shown::Live || over {
            layout::WORDS_UNDER_RECORD
        } else {
            layout::WORDS_UNDER
        };
        layout_with_words(area, self.shown_count(), words)
    }

    /// Whether the analysis is hidden: during a game unless asked for,
    /// and while a puzzle is open.
    fn analysis_hidden(&self) -> bool {
        self.playing.game.as_ref().is_some_and(|g| g.is_on()) && !self.show_analysis
            || self.training.is_open()
    }

    /// The players' names for the boards' X: whose each move was.
    fn first_player(&self) -> Option<Player> {
        self.playing
            .game
            .as_ref()
            .map(|g| g.record().start().to_move)
    }
}
