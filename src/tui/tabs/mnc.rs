//! The Noughts & Crosses+ tab: a match of Magnificent Noughts & Crosses
//! against the perfect engine, which runs on its own thread.

use crate::notation::mnc::{game_over_words, side_letter, size_word, value_words};
use crate::solver::mnc::{Move, Piece, Position, PositionError, Size};
use crate::solver::{BySide, Cell, Outcome, Side};
use crate::tui::engine::{EngineWorker, Rating, Reply};
use crate::tui::grid::{self, GRID_HEIGHT, GRID_WIDTH};
use crate::tui::keymap::{ch, key, Binding, Direction, When};
use crate::tui::tab::{Cursor, Tab};
use crate::tui::theme::Theme;
use crate::tui::widgets::render_too_small;
use crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as At, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::time::{Duration, Instant};

/// Everything the tab can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Space/Enter at the cursor: place or move what is selected there, or
    /// pick up your big piece there.
    Activate,
    /// A click on a cell: as Activate, there.
    Click(Cell),
    /// Pick a piece from your hand (or click it).
    Hand(Size),
    /// Place a piece of this size from your hand at the cursor.
    PlaceHere(Size),
    /// Pick up your big piece under the cursor to move it.
    PickUp,
    Cancel,
    Undo,
    NewGame,
    SwapSides,
    ToggleHints,
    /// A whole move at once (tests, scripts).
    Play(Move),
    /// Analysis mode on or off (it starts from the match's position).
    ToggleAnalysis,
    /// Analysis: empty the cell under the cursor.
    SetupEmpty,
    /// Analysis: the other side is to move.
    SetupSide,
    /// Analysis: one small piece more or less in a side's hand.
    SetupHand(Side, i8),
}

/// Your move, nothing picked up yet.
const YOUR_MOVE: When = When::mode(0);
/// Your move, a piece picked up (from the hand or the board).
const PICKED: When = When::mode(1);
/// The engine's move (or the engine still solving).
const ENGINES_MOVE: When = When::mode(2);
/// The match is over.
const OVER: When = When::mode(3);
/// Setting up a position to analyse.
const ANALYSIS: When = When::mode(4);
const MATCH: When = YOUR_MOVE.or(PICKED).or(ENGINES_MOVE).or(OVER);
const MOVING: When = YOUR_MOVE.or(PICKED);

/// The tab's keys (the cursor keys are every tab's, in the app).
pub const BINDINGS: &[Binding<Action>] = &[
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "put the picked piece down",
        Action::Cancel,
    )
    .when(PICKED)
    .footer("put down"),
    Binding::new(
        &[ch('s')],
        "s",
        "place a small piece at the cursor",
        Action::PlaceHere(Size::Small),
    )
    .when(MOVING)
    .footer("small"),
    Binding::new(
        &[ch('b')],
        "b",
        "place a big piece (may cover a small)",
        Action::PlaceHere(Size::Big),
    )
    .when(MOVING)
    .footer("big"),
    Binding::new(
        &[ch('m')],
        "m",
        "pick up your big piece, to move it",
        Action::PickUp,
    )
    .when(YOUR_MOVE)
    .footer("move"),
    Binding::new(
        &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
        "Space",
        "put the picked piece here (or click)",
        Action::Activate,
    )
    .when(PICKED)
    .footer("here"),
    Binding::new(
        &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
        "Space",
        "analysis: cycle the cell . x X o O (or click)",
        Action::Activate,
    )
    .when(ANALYSIS)
    .footer("cycle"),
    Binding::new(
        &[ch('t')],
        "t",
        "hints: your moves' values on the board",
        Action::ToggleHints,
    )
    .when(MATCH)
    .footer("hints"),
    Binding::new(
        &[ch('u')],
        "u",
        "take back your move and the reply",
        Action::Undo,
    )
    .when(MATCH)
    .footer("undo"),
    Binding::new(&[ch('n')], "n", "new game", Action::NewGame)
        .when(MATCH)
        .footer("new"),
    Binding::new(
        &[ch('w')],
        "w",
        "swap sides (a new game)",
        Action::SwapSides,
    )
    .when(MATCH)
    .footer("swap"),
    Binding::new(
        &[ch('a')],
        "a",
        "analysis: set up any position",
        Action::ToggleAnalysis,
    )
    .when(MATCH)
    .footer("analyse"),
    Binding::new(&[ch('a')], "a", "back to the match", Action::ToggleAnalysis)
        .when(ANALYSIS)
        .footer("match"),
    Binding::new(
        &[ch('.')],
        ".",
        "analysis: empty the cell",
        Action::SetupEmpty,
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch('v')],
        "v",
        "analysis: the other side to move",
        Action::SetupSide,
    )
    .when(ANALYSIS)
    .footer("side"),
    Binding::new(
        &[ch('[')],
        "[",
        "analysis: x holds a small piece less",
        Action::SetupHand(Side::X, -1),
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch(']')],
        "]",
        "analysis: x holds a small piece more",
        Action::SetupHand(Side::X, 1),
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch('{')],
        "{",
        "analysis: o holds a small piece less",
        Action::SetupHand(Side::O, -1),
    )
    .when(ANALYSIS),
    Binding::new(
        &[ch('}')],
        "}",
        "analysis: o holds a small piece more",
        Action::SetupHand(Side::O, 1),
    )
    .when(ANALYSIS),
];

pub const MIN_SIZE: (u16, u16) = (GRID_WIDTH + 2 + 40, GRID_HEIGHT + 4);
/// How long the engine's move waits before it is shown, so that the human
/// sees one move at a time.
pub const ENGINE_DELAY: Duration = Duration::from_millis(350);

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MncLayout {
    pub grid: Rect,
    pub cells: [Rect; 9],
    /// Your hand: the buttons that pick a small or a big piece.
    pub hand_small: Rect,
    pub hand_big: Rect,
    pub panel: Rect,
}

pub fn layout(area: Rect) -> Option<MncLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let grid = Rect::new(area.x + 1, area.y + 1, GRID_WIDTH, GRID_HEIGHT);
    let cells = grid::cells(grid);
    let hand_y = grid.bottom() + 1;
    let hand_small = Rect::new(grid.x + 5, hand_y, 12, 1);
    let hand_big = Rect::new(hand_small.right() + 2, hand_y, 12, 1);
    let panel_x = grid.right() + 2;
    let panel = Rect::new(panel_x, area.y + 1, area.right() - panel_x, area.height - 1);
    Some(MncLayout {
        grid,
        cells,
        hand_small,
        hand_big,
        panel,
    })
}

/// What the human has picked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    Hand(Size),
    /// A big piece of theirs on the board, about to move.
    Board(Cell),
}

/// A position being set up in analysis mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    pub cells: [Option<Piece>; 9],
    /// Small pieces in each hand.
    pub hands: BySide<u8>,
    pub to_move: Side,
}

impl Setup {
    fn of(position: &Position) -> Setup {
        Setup {
            cells: position.cells(),
            hands: position.hands(),
            to_move: position.to_move(),
        }
    }

    /// The position, or why it cannot be one (as `noughts mnc analyze`).
    pub fn position(&self) -> Result<Position, PositionError> {
        Position::new(self.cells, self.hands, self.to_move)
    }
}

/// The next piece when cycling a cell: . → x → X → o → O → .
fn cycled(piece: Option<Piece>) -> Option<Piece> {
    let order = [
        None,
        Some(Piece {
            side: Side::X,
            size: Size::Small,
        }),
        Some(Piece {
            side: Side::X,
            size: Size::Big,
        }),
        Some(Piece {
            side: Side::O,
            size: Size::Small,
        }),
        Some(Piece {
            side: Side::O,
            size: Size::Big,
        }),
    ];
    let at = order.iter().position(|p| *p == piece).unwrap_or(0);
    order[(at + 1) % order.len()]
}

/// What the tab is doing: playing the match, or analysing a position set
/// up by hand (the match waits meanwhile).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Match,
    Analysis {
        setup: Setup,
        /// The engine's rating of the set-up, once it answered.
        rating: Option<Rating>,
    },
}

pub struct MncTab {
    worker: EngineWorker,
    mode: Mode,
    solved: bool,
    /// Why the engine stopped answering, if it did.
    engine_failed: Option<String>,
    pub human: Side,
    position: Position,
    /// Every position of the game so far, with the move made from it.
    history: Vec<(Position, Move)>,
    selection: Option<Selection>,
    cursor: Cell,
    hints: bool,
    message: Option<String>,
    /// The engine's value of the current position and of each move in it.
    rating: Option<Rating>,
    /// The engine's move, shown once its delay is over.
    engine_move: Option<(Instant, Move)>,
    delay: Duration,
}

impl Default for MncTab {
    fn default() -> Self {
        Self::new(Side::O, ENGINE_DELAY)
    }
}

impl Tab for MncTab {
    type Action = Action;

    fn bindings(&self) -> &'static [Binding<Action>] {
        BINDINGS
    }

    fn mode(&self) -> When {
        if matches!(self.mode, Mode::Analysis { .. }) {
            ANALYSIS
        } else if self.winner().is_some() {
            OVER
        } else if !self.humans_turn() || !self.solved {
            ENGINES_MOVE
        } else if self.selection.is_some() {
            PICKED
        } else {
            YOUR_MOVE
        }
    }

    fn update(&mut self, action: Action) {
        use Action as A;
        if let Mode::Analysis { .. } = self.mode {
            let cell = self.cursor.index();
            match action {
                A::Activate => return self.edit_setup(|s| s.cells[cell] = cycled(s.cells[cell])),
                A::Click(at) => {
                    self.cursor = at;
                    let at = at.index();
                    return self.edit_setup(|s| s.cells[at] = cycled(s.cells[at]));
                }
                A::Hand(_) | A::PlaceHere(_) | A::PickUp | A::Undo | A::Play(_) => {
                    self.message = Some("analysis mode: a goes back to the match".into());
                    return;
                }
                _ => {}
            }
        }
        match action {
            A::ToggleAnalysis => self.toggle_analysis(),
            A::SetupEmpty => {
                let cell = self.cursor.index();
                self.edit_setup(|s| s.cells[cell] = None);
            }
            A::SetupSide => self.edit_setup(|s| s.to_move = s.to_move.other()),
            A::SetupHand(side, delta) => {
                self.edit_setup(|s| {
                    let hand = &mut s.hands[side];
                    *hand = hand.saturating_add_signed(delta).min(4);
                });
            }
            A::Activate => self.activate(self.cursor),
            A::Click(cell) => self.activate(cell),
            A::Hand(size) => self.select_hand(size),
            A::PlaceHere(size) => {
                self.select_hand(size);
                if self.selection == Some(Selection::Hand(size)) {
                    self.activate(self.cursor);
                }
            }
            A::PickUp => {
                if self.humans_turn() {
                    self.pick_up(self.cursor);
                }
            }
            A::Cancel => self.selection = None,
            A::Undo => self.undo(),
            A::NewGame => self.new_game(self.human),
            A::SwapSides => self.new_game(self.human.other()),
            A::ToggleHints => self.hints = !self.hints,
            A::Play(mv) => {
                if self.humans_turn() {
                    self.play(mv);
                }
            }
        }
    }

    fn cursor(&self) -> Cursor {
        // "move" is a move of the game here.
        Cursor {
            word: "cursor",
            ..Cursor::BOARD
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let (rows, cols) = direction.delta();
        self.cursor = self.cursor.moved(rows, cols);
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        if event.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        let at = At::new(event.column, event.row);
        if let Some(size) = self.hand_at(area, at) {
            return Some(Action::Hand(size));
        }
        self.cell_at(area, at).map(Action::Click)
    }

    fn tick(&mut self) {
        self.poll();
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        if let Mode::Analysis { setup, .. } = &self.mode {
            self.render_setup(setup, &layout, buf, theme);
            return;
        }
        self.render_board(&layout, buf, theme);
        self.render_hand(&layout, buf, theme);
        self.render_panel(layout.panel, buf, theme);
    }
}

impl MncTab {
    /// A match with the human on `human`'s side; the engine thread starts
    /// solving at once.
    pub fn new(human: Side, delay: Duration) -> MncTab {
        let mut tab = MncTab {
            worker: EngineWorker::start(),
            mode: Mode::Match,
            solved: false,
            engine_failed: None,
            human,
            position: Position::START,
            history: Vec::new(),
            selection: None,
            cursor: Cell::CENTRE,
            hints: false,
            message: None,
            rating: None,
            engine_move: None,
            delay,
        };
        tab.after_move();
        tab
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn selection(&self) -> Option<Selection> {
        self.selection
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    pub fn history(&self) -> &[(Position, Move)] {
        &self.history
    }

    pub fn is_solved(&self) -> bool {
        self.solved
    }

    pub fn setup(&self) -> Option<&Setup> {
        match &self.mode {
            Mode::Analysis { setup, .. } => Some(setup),
            Mode::Match => None,
        }
    }

    /// The engine's rating of the set-up position, once it answered.
    pub fn setup_rating(&self) -> Option<&Rating> {
        match &self.mode {
            Mode::Analysis {
                setup,
                rating: Some(rating),
            } => (setup.position() == Ok(rating.position)).then_some(rating),
            _ => None,
        }
    }

    /// Changes the set-up and asks the engine about it (when consistent).
    fn edit_setup(&mut self, edit: impl FnOnce(&mut Setup)) {
        let Mode::Analysis { setup, .. } = &mut self.mode else {
            self.message = Some("that key sets up positions: a opens analysis mode".into());
            return;
        };
        edit(setup);
        self.message = None;
        if let Ok(position) = setup.position() {
            self.worker.ask_rating(position);
        }
    }

    fn toggle_analysis(&mut self) {
        self.message = None;
        match self.mode {
            Mode::Analysis { .. } => self.mode = Mode::Match,
            Mode::Match => {
                self.mode = Mode::Analysis {
                    setup: Setup::of(&self.position),
                    rating: None,
                };
                self.selection = None;
                self.edit_setup(|_| {});
            }
        }
    }

    /// The engine's value of the position for its mover, once known.
    pub fn value(&self) -> Option<Outcome> {
        self.rating.as_ref().map(|r| r.value)
    }

    pub fn winner(&self) -> Option<Side> {
        self.position.game_over()
    }

    /// Whether the human may move now.
    pub fn humans_turn(&self) -> bool {
        self.position.to_move() == self.human && self.winner().is_none()
    }

    /// After any move: ask for the rating, and for the engine's move.
    fn after_move(&mut self) {
        self.selection = None;
        self.rating = None;
        self.engine_move = None;
        if self.winner().is_some() {
            return;
        }
        self.worker.ask_rating(self.position);
        if self.position.to_move() != self.human {
            self.worker.ask_move(self.position);
        }
    }

    fn play(&mut self, mv: Move) {
        match self.position.play(mv) {
            Ok(next) => {
                self.history.push((self.position, mv));
                self.position = next;
                self.message = None;
                self.after_move();
            }
            Err(why) => self.message = Some(format!("not allowed: {why}")),
        }
    }

    /// Takes in the engine's answers; shows its move once the delay is over.
    pub fn poll(&mut self) {
        loop {
            let reply = match self.worker.try_reply() {
                Ok(Some(reply)) => reply,
                Ok(None) => break,
                Err(gone) => {
                    self.engine_failed = Some(gone.to_string());
                    break;
                }
            };
            match reply {
                Reply::Solved => self.solved = true,
                Reply::Rated(new) => {
                    if let Mode::Analysis { setup, rating } = &mut self.mode {
                        if setup.position() == Ok(new.position) {
                            *rating = Some(new);
                            continue;
                        }
                    }
                    if new.position == self.position {
                        self.rating = Some(new);
                    }
                }
                Reply::Move(position, Some(mv)) if position == self.position => {
                    self.engine_move = Some((Instant::now() + self.delay, mv));
                }
                // Answers about positions left behind (undo, new game).
                Reply::Move(..) => {}
            }
        }
        if let Some((due, mv)) = self.engine_move {
            if Instant::now() >= due {
                self.play(mv);
            }
        }
    }

    /// The human's move at `cell` with what is selected (or picks up a big
    /// piece of theirs there).
    fn activate(&mut self, cell: Cell) {
        self.cursor = cell;
        if let Some(winner) = self.winner() {
            let who = if winner == self.human {
                "you"
            } else {
                "the engine"
            };
            self.message = Some(format!("the game is over ({who} won): n starts a new one"));
            return;
        }
        if !self.humans_turn() {
            self.message = Some("wait: it is the engine's move".into());
            return;
        }
        let own_big = self.position.piece_at(cell)
            == Some(Piece {
                side: self.human,
                size: Size::Big,
            });
        match self.selection {
            Some(Selection::Hand(size)) => self.play(Move::Place { size, cell }),
            Some(Selection::Board(from)) if from == cell => {
                self.selection = None;
                self.message = Some("put the piece back".into());
            }
            Some(Selection::Board(from)) => self.play(Move::Shift { from, to: cell }),
            None if own_big => self.pick_up(cell),
            None => self.message = Some(
                "choose a piece first: s small, b big (or click your hand), or m on your big piece"
                    .into(),
            ),
        }
    }

    fn pick_up(&mut self, cell: Cell) {
        let own_big = Some(Piece {
            side: self.human,
            size: Size::Big,
        });
        if self.position.piece_at(cell) != own_big {
            self.message = Some(format!("{cell} does not hold one of your big pieces"));
        } else if self.targets_of(Selection::Board(cell)).is_empty() {
            self.message =
                Some("that piece has nowhere to go: it moves only onto small pieces".into());
        } else {
            self.selection = Some(Selection::Board(cell));
            self.message = None;
        }
    }

    fn select_hand(&mut self, size: Size) {
        if !self.humans_turn() {
            self.message = Some("wait for your move".into());
            return;
        }
        let left = match size {
            Size::Small => self.position.small_in_hand(self.human),
            Size::Big => self.position.big_in_hand(self.human),
        };
        if left == 0 {
            self.message = Some(format!("no {} piece left in your hand", size_word(size)));
        } else {
            self.selection = Some(Selection::Hand(size));
            self.message = None;
        }
    }

    /// The cells a selection may go to.
    pub fn targets_of(&self, selection: Selection) -> Vec<Cell> {
        self.position
            .legal_moves()
            .into_iter()
            .filter(|mv| match (selection, mv) {
                (Selection::Hand(s), Move::Place { size, .. }) => s == *size,
                (Selection::Board(f), Move::Shift { from, .. }) => f == *from,
                _ => false,
            })
            .map(Move::target)
            .collect()
    }

    fn undo(&mut self) {
        // Back to the last position where the human was to move, before
        // their last move (so the engine's reply goes too).
        let Some(i) = self
            .history
            .iter()
            .rposition(|(p, _)| p.to_move() == self.human)
        else {
            self.message = Some("nothing of yours to take back".into());
            return;
        };
        self.position = self.history[i].0;
        self.history.truncate(i);
        self.message = None;
        self.after_move();
    }

    fn new_game(&mut self, human: Side) {
        self.human = human;
        self.position = Position::START;
        self.history.clear();
        self.message = None;
        self.after_move();
    }

    pub fn cell_at(&self, area: Rect, at: At) -> Option<Cell> {
        let index = layout(area)?.cells.iter().position(|r| r.contains(at))?;
        Cell::from_index(index)
    }

    pub fn hand_at(&self, area: Rect, at: At) -> Option<Size> {
        let layout = layout(area)?;
        if layout.hand_small.contains(at) {
            Some(Size::Small)
        } else if layout.hand_big.contains(at) {
            Some(Size::Big)
        } else {
            None
        }
    }

    fn render_board(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        grid::draw(layout.grid, buf, theme);
        let targets = self
            .selection
            .map(|s| self.targets_of(s))
            .unwrap_or_default();
        let last = self.history.last().map(|(_, mv)| *mv);
        let hints = self.hints_by_cell(theme);
        for (i, (cell, rect)) in Cell::ALL.into_iter().zip(layout.cells).enumerate() {
            let mut lines = Vec::new();
            let name = Span::styled(cell.to_string(), theme.dim());
            let mut first = vec![name];
            if last.is_some_and(|mv| mv.target() == cell) {
                first.push(Span::styled(" last", theme.key()));
            }
            lines.push(Line::from(first));
            lines.push(match self.position.piece_at(cell) {
                Some(piece) => piece_line(piece, theme),
                None => Line::from(""),
            });
            if let Some(hint) = hints.get(i).and_then(|h| h.as_ref()) {
                lines.push(hint.clone().centered());
            }
            // A legal target: a + and a bold green name (no colour needed).
            let mut style = Style::new();
            if targets.contains(&cell) {
                lines[0].spans[0] = Span::styled(cell.to_string(), theme.good());
                lines[0].spans.push(Span::styled(" +", theme.good()));
            }
            if self.selection == Some(Selection::Board(cell)) {
                lines[0].spans.push(Span::styled(" ↑", theme.good()));
            }
            if cell == self.cursor {
                style = style.patch(theme.cursor());
            }
            Paragraph::new(lines).style(style).render(rect, buf);
        }
    }

    /// With hints on: per cell, the best of your moves landing there.
    fn hints_by_cell(&self, theme: &Theme) -> Vec<Option<Line<'static>>> {
        let mut out = vec![None; 9];
        if !self.hints || !self.humans_turn() {
            return out;
        }
        let Some(Rating { moves, .. }) = &self.rating else {
            return out;
        };
        for cell in Cell::ALL {
            let here: Vec<&(Move, Outcome)> = moves
                .iter()
                .filter(|(mv, _)| mv.target() == cell)
                .filter(|(mv, _)| match self.selection {
                    Some(Selection::Hand(s)) => {
                        matches!(mv, Move::Place { size, .. } if *size == s)
                    }
                    Some(Selection::Board(f)) => {
                        matches!(mv, Move::Shift { from, .. } if *from == f)
                    }
                    None => true,
                })
                .collect();
            if let Some((mv, value)) = here.iter().max_by_key(|(_, v)| *v) {
                let kind = match mv {
                    Move::Place {
                        size: Size::Small, ..
                    } => "s",
                    Move::Place {
                        size: Size::Big, ..
                    } => "b",
                    Move::Shift { .. } => "m",
                };
                let (word, style) = match value {
                    Outcome::Win(d) => (format!("{kind} W{d}"), theme.win().patch(theme.best())),
                    Outcome::Loss(d) => (format!("{kind} L{d}"), theme.loss()),
                    Outcome::Draw => (format!("{kind} D"), Style::new()),
                };
                out[cell.index()] = Some(Line::styled(word, style));
            }
        }
        out
    }

    fn render_hand(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        let you = self.human;
        buf.set_string(layout.grid.x, layout.hand_small.y, "you", theme.dim());
        for (size, rect) in [
            (Size::Small, layout.hand_small),
            (Size::Big, layout.hand_big),
        ] {
            let left = match size {
                Size::Small => self.position.small_in_hand(you),
                Size::Big => self.position.big_in_hand(you),
            };
            let letter = Piece { side: you, size }.letter();
            let text = format!("[{} {letter} ×{left}]", size_word(size));
            let mut style = piece_style(Piece { side: you, size }, theme);
            if self.selection == Some(Selection::Hand(size)) {
                style = style.patch(theme.cursor());
            }
            buf.set_stringn(rect.x, rect.y, &text, rect.width as usize, style);
        }
        let engine = you.other();
        let text = format!(
            "engine: {} small {}, {} big {}",
            self.position.small_in_hand(engine),
            Piece {
                side: engine,
                size: Size::Small
            }
            .letter(),
            self.position.big_in_hand(engine),
            Piece {
                side: engine,
                size: Size::Big
            }
            .letter(),
        );
        buf.set_stringn(
            layout.grid.x,
            layout.hand_small.y + 1,
            &text,
            60,
            theme.dim(),
        );
    }

    fn render_panel(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let you = self.human;
        let mut lines = vec![Line::from(vec![
            Span::raw(format!("You play {}", side_letter(you))),
            Span::styled(
                if you == Side::X {
                    " (you move first)"
                } else {
                    " (the engine moves first)"
                },
                theme.dim(),
            ),
        ])];
        // Whose move, or the result.
        match self.winner() {
            Some(winner) => {
                let how = if self.position.has_line(winner) {
                    "three in a row"
                } else {
                    "the other side has no legal move"
                };
                let (text, style) = if winner == you {
                    (format!("GAME OVER: you win ({how})!"), theme.good())
                } else {
                    (format!("GAME OVER: the engine wins ({how})."), theme.bad())
                };
                lines.push(Line::styled(text, style));
                lines.push(Line::styled(
                    "n: new game   w: swap sides   u: take back",
                    theme.dim(),
                ));
            }
            None if self.engine_failed.is_some() => lines.push(Line::styled(
                format!(
                    "the engine stopped: {}",
                    self.engine_failed.as_deref().unwrap_or_default()
                ),
                theme.bad(),
            )),
            None if !self.solved => lines.push(Line::styled("solving the game…", theme.key())),
            None if self.humans_turn() => {
                let what = match self.selection {
                    Some(Selection::Hand(size)) => format!(
                        "your move: place the {} piece (+ marks where)",
                        size_word(size)
                    ),
                    Some(Selection::Board(from)) => format!(
                        "your move: move the big piece from {} (+ marks where)",
                        from
                    ),
                    None => "your move: s small, b big at the cursor, m to move a big piece".into(),
                };
                lines.push(Line::styled(what, theme.key()));
            }
            None => lines.push(Line::styled("the engine is moving…", theme.key())),
        }
        if let Some(value) = self.value() {
            lines.push(Line::from(vec![
                Span::styled("engine's verdict  ", theme.dim()),
                Span::styled(value_words(self.position.to_move(), value), theme.best()),
            ]));
        }
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        lines.push(Line::from(""));
        lines.push(Line::styled("moves", theme.dim()));
        let moves: Vec<String> = self
            .history
            .iter()
            .enumerate()
            .map(|(i, (p, mv))| format!("{}. {} {mv}", i + 1, side_letter(p.to_move())))
            .collect();
        let room = area.height.saturating_sub(lines.len() as u16) as usize;
        let shown = moves.len().saturating_sub(room.max(1) * 2);
        for pair in moves[shown..].chunks(2) {
            lines.push(Line::from(pair.join("   ")));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

impl MncTab {
    fn render_setup(&self, setup: &Setup, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        grid::draw(layout.grid, buf, theme);
        for (i, rect) in layout.cells.iter().enumerate() {
            let cell = Cell::ALL[i];
            let mut lines = vec![Line::styled(cell.to_string(), theme.dim())];
            if let Some(piece) = setup.cells[i] {
                lines.push(piece_line(piece, theme));
            }
            let style = if cell == self.cursor {
                theme.cursor()
            } else {
                Style::new()
            };
            Paragraph::new(lines).style(style).render(*rect, buf);
        }
        let hands = format!(
            "small in hand: x {} [ ]  o {} {{ }}",
            setup.hands[Side::X],
            setup.hands[Side::O]
        );
        let width = layout.grid.width as usize;
        buf.set_stringn(
            layout.grid.x,
            layout.hand_small.y,
            &hands,
            width,
            theme.dim(),
        );
        let mut lines = vec![
            Line::styled("ANALYSIS: set up any position", theme.title()),
            Line::styled(
                "Space/click cycles a cell . x X o O; v side to move; a: back",
                theme.dim(),
            ),
            Line::from(vec![
                Span::raw(format!("{} to move", side_letter(setup.to_move))),
                Span::styled(
                    format!(
                        "   big in hand: x {} o {}",
                        2 - setup
                            .cells
                            .iter()
                            .flatten()
                            .filter(|p| p.letter() == 'X')
                            .count()
                            .min(2),
                        2 - setup
                            .cells
                            .iter()
                            .flatten()
                            .filter(|p| p.letter() == 'O')
                            .count()
                            .min(2)
                    ),
                    theme.dim(),
                ),
            ]),
        ];
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        match setup.position() {
            Err(why) => lines.push(Line::styled(format!("refused: {why}"), theme.bad())),
            Ok(position) => match self.setup_rating() {
                None => lines.push(Line::styled("asking the engine…", theme.key())),
                Some(Rating { value, moves, .. }) => {
                    let mover = position.to_move();
                    if let Some(over) = game_over_words(&position) {
                        lines.push(Line::styled(over, theme.best()));
                    } else {
                        lines.push(Line::from(vec![
                            Span::styled("value  ", theme.dim()),
                            Span::styled(value_words(mover, *value), theme.best()),
                        ]));
                        lines.push(Line::styled("moves, best first", theme.dim()));
                        for (mv, value) in moves {
                            lines.push(Line::from(format!(
                                "  {:<8} {}",
                                mv.to_string(),
                                value_words(mover, *value)
                            )));
                        }
                    }
                }
            },
        }
        Paragraph::new(lines).render(layout.panel, buf);
    }
}

fn piece_style(piece: Piece, theme: &Theme) -> Style {
    match piece.side {
        Side::X => theme.mark_x(),
        Side::O => theme.mark_o(),
    }
}

/// A piece as drawn in its cell: `x` small, `[X]` big, in its side's style.
fn piece_line(piece: Piece, theme: &Theme) -> Line<'static> {
    let text = match piece.size {
        Size::Small => piece.letter().to_string(),
        Size::Big => format!("[{}]", piece.letter()),
    };
    Line::styled(text, piece_style(piece, theme)).centered()
}
