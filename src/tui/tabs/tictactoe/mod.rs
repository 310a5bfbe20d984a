//! The Tic-tac-toe tab: edit a board, see its verdict live, and for a
//! legal continuing board what every empty cell gives under perfect play.
//!
//! Its drawing is in `view.rs`, its puzzles in `puzzle.rs`.

mod puzzle;
mod view;
pub use puzzle::{Training, Try};

use crate::notation::tictactoe::Alphabet;
use crate::notation::{InputError, Tokens};
use crate::solver::puzzle::PuzzleId;
use crate::solver::tictactoe::{illegality, Analysis, Analyzer, Atlas, Board, Illegality, Verdict};
use crate::solver::{Cell, Outcome, Side};
use crate::tui::grid::{fitting_cell_height, grid_size, Grid, MIN_CELL_HEIGHT};
use crate::tui::keymap::{ch, ctrl, key, Binding, Direction, When};
use crate::tui::puzzle::{puzzle_keys, PuzzleAction, Trainer};
use crate::tui::record_view;
use crate::tui::tab::Tab;
use crate::tui::theme::Theme;
use crate::tui::widgets::render_too_small;
use crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Cycle,
    Set(Option<Side>),
    /// A click on a cell: the cursor goes there and the cell cycles.
    Click(Cell),
    /// A right-click: the cell cycles backwards (. → O → X → .).
    ClickBack(Cell),
    Undo,
    Redo,
    Clear,
    NextExample,
    /// The perfect line from the board, on or off.
    PerfectLine,
    /// Along the perfect line: a move back or forward.
    Step(isize),
    /// The board becomes the one the line shows.
    ContinueHere,
    BackToBoard,
    /// Answers the puzzle with the cell under the cursor.
    Answer,
    Puzzle(PuzzleAction),
}

/// Editing the board.
const EDITING: When = When::mode(0);
/// Stepping along the perfect line.
const LINE: When = When::mode(1);

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "back to the board",
        Action::BackToBoard,
    )
    .when(LINE)
    .footer("back"),
    Binding::new(
        &[ch('<'), ch(',')],
        "<",
        "perfect line: a move back",
        Action::Step(-1),
    )
    .when(LINE)
    .footer_group("< >", "step"),
    Binding::new(
        &[ch('>'), ch('.')],
        ">",
        "perfect line: a move on",
        Action::Step(1),
    )
    .when(LINE),
    Binding::new(
        &[ch('c')],
        "c",
        "continue from the board shown",
        Action::ContinueHere,
    )
    .when(LINE)
    .footer("continue here"),
    Binding::new(
        &[key(KeyCode::Char(' '))],
        "Space",
        "cycle . X O (click; right-click: back)",
        Action::Cycle,
    )
    .when(EDITING)
    .footer("cycle"),
    Binding::new(
        &[ch('x'), ch('X')],
        "x",
        "put X in the cell",
        Action::Set(Some(Side::X)),
    )
    .when(EDITING)
    .footer_group("x/o/.", "set"),
    Binding::new(
        &[ch('o'), ch('O'), ch('0')],
        "o",
        "put O in the cell",
        Action::Set(Some(Side::O)),
    )
    .when(EDITING),
    Binding::new(
        &[ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)],
        ".",
        "empty the cell",
        Action::Set(None),
    )
    .when(EDITING),
    Binding::new(
        &[ch('P')],
        "P",
        "puzzles: win, or find every move that holds (the board waits)",
        Action::Puzzle(PuzzleAction::Toggle),
    )
    .when(EDITING)
    .footer("puzzle"),
    Binding::new(&[ch('u')], "u", "undo", Action::Undo)
        .when(EDITING)
        .footer("undo"),
    Binding::new(&[ctrl('r')], "C-r", "redo", Action::Redo)
        .when(EDITING)
        .footer("redo"),
    Binding::new(&[ch('c')], "c", "clear the board", Action::Clear)
        .when(EDITING)
        .footer("clear"),
    Binding::new(
        &[ch('e')],
        "e",
        "load the next example from assets/",
        Action::NextExample,
    )
    .when(EDITING)
    .footer("example"),
    Binding::new(
        &[ch('p')],
        "p",
        "perfect line from this board",
        Action::PerfectLine,
    )
    .footer("perfect line"),
];

/// The keys while a puzzle is on the board.
pub const PUZZLE_BINDINGS: &[Binding<Action>] = puzzle_keys!(Action::Puzzle;
    Binding::new(
        &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
        "Space",
        "answer with the cell under the cursor (or click it)",
        Action::Answer,
    )
    .footer("answer"),
);

/// Smallest area the tab draws in: a board of the smallest cells and two
/// rows of panel under it.
pub const MIN_SIZE: (u16, u16) = (32, grid_size(MIN_CELL_HEIGHT).1 + 2);
/// The panel goes beside the board when it gets this many columns.
const PANEL_WIDTH: u16 = 38;
/// Cells taller than this only spread their text: the board stops growing.
const LARGEST_CELL: u16 = 12;

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

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicTacToeLayout {
    pub board: Grid,
    /// The whole grid, borders included.
    pub grid: Rect,
    /// The inside of each cell, row by row.
    pub cells: [Rect; 9],
    pub panel: Rect,
}

/// `None` when the area is smaller than [`MIN_SIZE`]. The board as large
/// as fits with the panel beside it, or under it on a narrow screen.
pub fn layout(area: Rect) -> Option<TicTacToeLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let beside = fitting_cell_height(
        area.width.saturating_sub(1 + 2 + PANEL_WIDTH),
        area.height.saturating_sub(1),
        LARGEST_CELL,
    );
    let (board, panel) = match beside {
        Some(h) => {
            let board = Grid::at(area.x + 1, area.y + 1, h);
            let x = board.area.right() + 2;
            (
                board,
                Rect::new(x, area.y + 1, area.right() - x, area.height - 1),
            )
        }
        None => {
            let h = fitting_cell_height(
                area.width.saturating_sub(1),
                area.height.saturating_sub(2),
                LARGEST_CELL,
            )?;
            let board = Grid::at(area.x + 1, area.y, h);
            let y = board.area.bottom();
            (
                board,
                Rect::new(area.x + 1, y, area.width - 1, area.bottom() - y),
            )
        }
    };
    Some(TicTacToeLayout {
        board,
        grid: board.area,
        cells: board.cells(),
        panel,
    })
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
    undo: Vec<Board>,
    redo: Vec<Board>,
    analyzer: Analyzer,
    verdicts: Verdicts,
    examples: Result<Vec<Board>, InputError>,
    next_example: usize,
    /// A one-line answer to the last action, when it did not work.
    message: Option<String>,
    /// The perfect line shown, and how many of its moves are on the board.
    line: Option<(PerfectLine, usize)>,
    /// The puzzles; while one is on, the board above waits.
    training: Training,
}

/// The perfect line from a board: each move (cell, mover) with the value
/// for the mover of the board it is made on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerfectLine {
    pub from: Board,
    pub moves: Vec<(Cell, Side, Outcome)>,
}

impl PerfectLine {
    /// The best move again and again (the first best cell in a1…c3 order)
    /// until the game is over; empty on an illegal or finished board.
    pub fn from_board(board: Board, analyzer: &mut Analyzer) -> PerfectLine {
        let mut moves = Vec::new();
        let mut at = board;
        while let Some(analysis) = analyzer.analyze(&at) {
            let Some(cell) = analysis.best_cells().next() else {
                break;
            };
            moves.push((cell, analysis.mover, analysis.value));
            at = at.with(cell, Some(analysis.mover));
        }
        PerfectLine { from: board, moves }
    }

    /// The board after `step` moves of the line.
    pub fn board_at(&self, step: usize) -> Board {
        self.moves[..step]
            .iter()
            .fold(self.from, |b, &(cell, side, _)| b.with(cell, Some(side)))
    }
}

impl Default for TicTacToeTab {
    fn default() -> Self {
        Self::new()
    }
}

impl Tab for TicTacToeTab {
    type Action = Action;

    fn bindings(&self) -> &'static [Binding<Action>] {
        if self.line.is_none() && self.training.current.is_some() {
            PUZZLE_BINDINGS
        } else {
            BINDINGS
        }
    }

    fn mode(&self) -> When {
        if self.line.is_some() {
            LINE
        } else {
            EDITING
        }
    }

    fn update(&mut self, action: Action) {
        let cell = self.cursor;
        self.message = None;
        if let Some((line, step)) = &mut self.line {
            match action {
                Action::PerfectLine | Action::BackToBoard => self.line = None,
                Action::Step(by) => {
                    let next = step.saturating_add_signed(by).min(line.moves.len());
                    if next == *step {
                        self.message = Some(record_view::end_of_steps(by).into());
                    }
                    *step = next;
                }
                Action::ContinueHere if self.training.current.is_some() => {
                    self.message = Some("the puzzle's line: Esc back to the puzzle".into())
                }
                Action::ContinueHere => {
                    let board = line.board_at(*step);
                    self.line = None;
                    self.edit(board);
                }
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
        match action {
            Action::Puzzle(PuzzleAction::Toggle) => self.training.start(None),
            Action::Puzzle(_) | Action::Answer => {
                self.message = Some("no puzzle on the board: P for one".into())
            }
            Action::PerfectLine => {
                let line = PerfectLine::from_board(self.board, &mut self.analyzer);
                if line.moves.is_empty() {
                    self.message = Some("no line: the board is illegal or the game is over".into());
                } else {
                    self.line = Some((line, 0));
                }
            }
            Action::Step(_) | Action::ContinueHere | Action::BackToBoard => {}
            Action::Cycle => self.edit(self.board.with(cell, cycled(self.board.get(cell)))),
            Action::Click(at) => {
                self.cursor = at;
                self.edit(self.board.with(at, cycled(self.board.get(at))));
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
            Action::Undo => match self.undo.pop() {
                Some(previous) => {
                    self.redo.push(self.board);
                    self.set(previous);
                }
                None => self.message = Some("nothing to undo".into()),
            },
            Action::Redo => match self.redo.pop() {
                Some(next) => {
                    self.undo.push(self.board);
                    self.set(next);
                }
                None => self.message = Some("nothing to redo".into()),
            },
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let (rows, cols) = direction.delta();
        self.cursor = self.cursor.moved(rows, cols);
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        let cell = self.cell_at(area, Position::new(event.column, event.row))?;
        match event.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Action::Click(cell)),
            MouseEventKind::Down(MouseButton::Right) => Some(Action::ClickBack(cell)),
            _ => None,
        }
    }

    fn dismiss(&mut self) {
        self.message = None;
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        self.render_grid(&layout, buf, theme);
        self.render_panel(layout.panel, buf, theme);
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
            undo: Vec::new(),
            redo: Vec::new(),
            analyzer,
            verdicts,
            examples: examples(),
            next_example: 0,
            message: None,
            line: None,
            training: Training::default(),
        }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn training(&self) -> &Training {
        &self.training
    }

    /// The puzzles' level and streak kept in `folder` from now on.
    pub fn keep_puzzles_in(&mut self, folder: &std::path::Path) {
        self.training.trainer = Trainer::kept_in(self.training.trainer.game, folder);
    }

    /// Opens the puzzle `id` (`noughts tui --puzzle`).
    pub fn open_puzzle(&mut self, id: PuzzleId) {
        self.line = None;
        self.training.start(Some(id));
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
    pub fn perfect_line(&self) -> Option<(&PerfectLine, usize)> {
        self.line.as_ref().map(|(line, step)| (line, *step))
    }

    /// The board drawn: the edited one, or a step of the perfect line, with
    /// the move that led there.
    pub fn shown(&self) -> (Board, Option<Cell>) {
        match (&self.line, &self.training.current) {
            (Some((line, step)), _) => (
                line.board_at(*step),
                step.checked_sub(1).map(|i| line.moves[i].0),
            ),
            (None, Some(t)) => t.board(),
            (None, None) => (self.board, None),
        }
    }

    /// Replaces the board as one undoable edit (no-op if unchanged).
    pub(super) fn edit(&mut self, board: Board) {
        if board == self.board {
            return;
        }
        self.undo.push(self.board);
        self.redo.clear();
        self.set(board);
    }

    fn set(&mut self, board: Board) {
        self.board = board;
        self.verdicts = assess(&board, &mut self.analyzer);
    }

    fn next_example(&mut self) {
        match &self.examples {
            Ok(examples) if !examples.is_empty() => {
                let example = examples[self.next_example % examples.len()];
                self.next_example = (self.next_example + 1) % examples.len();
                self.edit(example);
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
        Some((side, self.board.line_of(side)?))
    }
}

fn assess(board: &Board, analyzer: &mut Analyzer) -> Verdicts {
    Verdicts {
        verdict: Atlas::shared().verdict(board),
        why: illegality(board),
        analysis: analyzer.analyze(board),
    }
}

fn cycled(mark: Option<Side>) -> Option<Side> {
    match mark {
        None => Some(Side::X),
        Some(Side::X) => Some(Side::O),
        Some(Side::O) => None,
    }
}
