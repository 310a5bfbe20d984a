//! The Noughts & Crosses+ tab: a match of Magnificent Noughts & Crosses
//! against the perfect engine, which runs on its own thread.

use crate::notation::mnc::{game_over_words, move_in_list, side_letter, size_word, value_words};
use crate::solver::mnc::{Move, Piece, Position, PositionError, Size, Strength, SMALL_PIECES};
use crate::solver::search::Mistake;
use crate::solver::{BySide, Cell, Outcome, Side};
use crate::tui::engine::{EngineWorker, Rating, Reply};
use crate::tui::grid::{
    draw_centred, fitting_cell_height, glyph, grid_size, Grid, Shape, MIN_CELL_HEIGHT,
};
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
    /// The engine's strength: perfect → strong → casual → perfect.
    NextStrength,
    /// Review: the position before the one shown (a step back along the
    /// perfect line when it is shown).
    Back,
    /// Review: the position after the one shown.
    Forward,
    /// Review the position after this many moves (a click on the list).
    ReviewAt(usize),
    /// The perfect line from the position shown, on or off.
    PerfectLine,
    /// Play on from the position shown (later moves are dropped).
    ContinueHere,
    /// Back from a review to the game as it stands.
    BackToGame,
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
/// Looking at an earlier position, or along the perfect line.
const REVIEWING: When = When::mode(5);
const MATCH: When = YOUR_MOVE.or(PICKED).or(ENGINES_MOVE).or(OVER);
/// A game to look back on (playing it, or reviewing it).
const GAME: When = MATCH.or(REVIEWING);
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
        "analysis: cycle . x X o O (or click)",
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
        .when(GAME)
        .footer("new"),
    Binding::new(
        &[ch('w')],
        "w",
        "swap sides (a new game)",
        Action::SwapSides,
    )
    .when(GAME)
    .footer("swap"),
    Binding::new(
        &[key(KeyCode::Esc)],
        "Esc",
        "back to the game as it stands",
        Action::BackToGame,
    )
    .when(REVIEWING)
    .footer("back"),
    Binding::new(
        &[ch('<'), ch(',')],
        "<",
        "review: the move before (or click one)",
        Action::Back,
    )
    .when(GAME)
    .footer_group("< >", "review"),
    Binding::new(
        &[ch('>'), ch('.')],
        ">",
        "review: the move after",
        Action::Forward,
    )
    .when(REVIEWING),
    Binding::new(
        &[ch('p')],
        "p",
        "perfect line from the position shown",
        Action::PerfectLine,
    )
    .when(GAME)
    .footer("perfect line"),
    Binding::new(
        &[ch('c')],
        "c",
        "continue the game from here",
        Action::ContinueHere,
    )
    .when(REVIEWING)
    .footer("continue here"),
    Binding::new(
        &[ch('d')],
        "d",
        "engine strength: perfect, strong, casual",
        Action::NextStrength,
    )
    .when(GAME)
    .footer("strength"),
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

/// The smallest area the tab draws in: a board of the smallest cells,
/// the hands under it and two rows of panel.
pub const MIN_SIZE: (u16, u16) = (32, grid_size(MIN_CELL_HEIGHT).1 + HAND_ROWS + 2);
/// How long the engine's move waits before it is shown, so that the human
/// sees one move at a time.
pub const ENGINE_DELAY: Duration = Duration::from_millis(350);

/// Rows under the board: your hand, then the engine's.
const HAND_ROWS: u16 = 2;
/// The panel goes beside the board when it gets this many columns.
const PANEL_WIDTH: u16 = 38;
/// Rows of the panel above the move list (who plays, whose move, the
/// value, hints, captures, a message).
const STATUS_ROWS: u16 = 8;
/// Cells taller than this only spread their text: the board stops growing.
const LARGEST_CELL: u16 = 14;

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MncLayout {
    pub board: Grid,
    /// The grid's area, lines included.
    pub grid: Rect,
    pub cells: [Rect; 9],
    /// Your hand: the buttons that pick a small or a big piece.
    pub hand_small: Rect,
    pub hand_big: Rect,
    /// Beside the board (or under it on a narrow screen): status, then
    /// the move list.
    pub panel: Rect,
    /// The move list, two moves a row (clicks pick a move to review).
    pub moves: Rect,
}

/// The board as large as the area allows (cells about square), the panel
/// beside it, or under it when the area is narrow.
pub fn layout(area: Rect) -> Option<MncLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let beside = fitting_cell_height(
        area.width.saturating_sub(1 + 2 + PANEL_WIDTH),
        area.height.saturating_sub(1 + HAND_ROWS),
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
            // Narrow: the panel under the hands, at least two rows of it.
            let h = fitting_cell_height(
                area.width.saturating_sub(1),
                area.height.saturating_sub(HAND_ROWS + 2),
                LARGEST_CELL,
            )?;
            let board = Grid::at(area.x + 1, area.y, h);
            let y = board.area.bottom() + HAND_ROWS;
            (
                board,
                Rect::new(area.x + 1, y, area.width - 1, area.bottom() - y),
            )
        }
    };
    let grid = board.area;
    let hand_y = grid.bottom();
    let hand_small = Rect::new(grid.x + 4, hand_y, 12, 1);
    let hand_big = Rect::new(hand_small.right() + 1, hand_y, 12, 1);
    let status = STATUS_ROWS.min(panel.height);
    let moves = Rect::new(
        panel.x,
        panel.y + status,
        panel.width,
        panel.height - status,
    );
    Some(MncLayout {
        board,
        grid,
        cells: board.cells(),
        hand_small,
        hand_big,
        panel,
        moves,
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

    /// Puts `piece` on the cell at `index`. A small piece comes from its
    /// side's hand and goes back to it when taken off, so that placing
    /// pieces keeps the set-up consistent as long as a hand holds one.
    pub fn set(&mut self, index: usize, piece: Option<Piece>) {
        if let Some(old) = self.cells[index].filter(|p| p.size == Size::Small) {
            let hand = &mut self.hands[old.side];
            *hand = (*hand + 1).min(SMALL_PIECES);
        }
        if let Some(new) = piece.filter(|p| p.size == Size::Small) {
            let hand = &mut self.hands[new.side];
            *hand = hand.saturating_sub(1);
        }
        self.cells[index] = piece;
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

/// What the board shows in a match: the game as it stands, an earlier
/// position of it, or a step along the perfect line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Live,
    /// The position after `ply` moves of the game (0: the start).
    Review {
        ply: usize,
    },
    /// The perfect line from the position after `ply` moves of the game,
    /// `step` moves along it.
    Line {
        ply: usize,
        step: usize,
    },
}

/// The perfect line from a position: each move with the position it is
/// made in and its value for its mover.
type PerfectLine = Vec<(Position, Move, Outcome)>;

/// A game's moves (the position each was made in, the move) with the
/// mover's value before and after each.
type Annotations = (Vec<(Position, Move)>, Vec<(Outcome, Outcome)>);

pub struct MncTab {
    worker: EngineWorker,
    mode: Mode,
    view: View,
    /// The perfect line asked for, with the position it starts from.
    line: Option<(Position, PerfectLine)>,
    /// The game's moves with their mover's value before and after each,
    /// once the engine has answered (for review).
    annotations: Option<Annotations>,
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
    /// How well the engine plays (the verdict is always perfect play's).
    pub strength: Strength,
    /// Chooses among the weaker levels' candidate moves (xorshift).
    random: u64,
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
        } else if self.view != View::Live {
            REVIEWING
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
                A::Activate => return self.edit_setup(|s| s.set(cell, cycled(s.cells[cell]))),
                A::Click(at) => {
                    self.cursor = at;
                    let at = at.index();
                    return self.edit_setup(|s| s.set(at, cycled(s.cells[at])));
                }
                A::Hand(_) | A::PlaceHere(_) | A::PickUp | A::Undo | A::Play(_) => {
                    self.message = Some("analysis mode: a goes back to the match".into());
                    return;
                }
                _ => {}
            }
        }
        if self.view != View::Live {
            let is_move = matches!(
                action,
                A::Activate
                    | A::Click(_)
                    | A::Hand(_)
                    | A::PlaceHere(_)
                    | A::PickUp
                    | A::Play(_)
                    | A::Undo
                    | A::ToggleHints
                    | A::Cancel
            );
            if is_move {
                self.message = Some("reviewing: Esc back to the game, c continue from here".into());
                return;
            }
        }
        match action {
            A::Back => self.step(-1),
            A::Forward => self.step(1),
            A::ReviewAt(ply) => self.review(ply),
            A::PerfectLine => self.toggle_line(),
            A::ContinueHere => self.continue_here(),
            A::BackToGame => {
                self.view = View::Live;
                self.message = None;
            }
            A::ToggleAnalysis => self.toggle_analysis(),
            A::SetupEmpty => {
                let cell = self.cursor.index();
                self.edit_setup(|s| s.set(cell, None));
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
            A::PickUp if self.winner().is_some() => self.message = Some(self.over_message()),
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
            A::NextStrength => {
                self.strength = self.strength.next();
                self.message = None;
            }
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
        if let Some(i) = self.move_at(area, at) {
            return Some(Action::ReviewAt(i + 1));
        }
        self.cell_at(area, at).map(Action::Click)
    }

    fn tick(&mut self) {
        self.poll();
    }

    fn at_stake(&self) -> Option<&'static str> {
        let you_moved = self.history.iter().any(|(p, _)| p.to_move() == self.human);
        (you_moved && self.winner().is_none()).then_some("the match against the engine")
    }

    fn dismiss(&mut self) {
        self.message = None;
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
        self.render_panel(&layout, buf, theme);
    }
}

impl MncTab {
    /// A match with the human on `human`'s side; the engine thread starts
    /// solving at once.
    pub fn new(human: Side, delay: Duration) -> MncTab {
        let mut tab = MncTab {
            worker: EngineWorker::start(),
            mode: Mode::Match,
            view: View::Live,
            line: None,
            annotations: None,
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
            strength: Strength::Perfect,
            random: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0x9E37_79B9_7F4A_7C15, |d| d.as_nanos() as u64)
                | 1,
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
            // Ready for the review the game-over panel offers.
            self.worker.ask_annotations(self.history.clone());
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
                Reply::Move(position, Some(best)) if position == self.position => {
                    // A weaker level chooses from the rating of the same
                    // position (asked first, so it is here already).
                    let random = self.next_random();
                    let mv = match &self.rating {
                        Some(r) if r.position == position => {
                            self.strength.choose(&r.moves, random).unwrap_or(best)
                        }
                        _ => best,
                    };
                    self.engine_move = Some((Instant::now() + self.delay, mv));
                }
                // Answers about positions left behind (undo, new game).
                Reply::Move(..) => {}
                Reply::Line(from, line) => self.line = Some((from, line)),
                Reply::Annotated(moves, values) => self.annotations = Some((moves, values)),
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
        if self.winner().is_some() {
            self.message = Some(self.over_message());
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
            // A click (or Space) on an empty cell: a small piece, the
            // move people make most.
            None if self.position.piece_at(cell).is_none() => {
                if self.position.small_in_hand(self.human) > 0 {
                    self.play(Move::Place {
                        size: Size::Small,
                        cell,
                    });
                } else {
                    self.message =
                        Some("no small piece left: b places a big one, m moves one".into());
                }
            }
            None => {
                self.message = Some(
                    "choose a piece first: b big (or click your hand), or m on your big piece"
                        .into(),
                )
            }
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

    /// What can be done once the game is over.
    fn over_message(&self) -> String {
        let who = if self.winner() == Some(self.human) {
            "you won"
        } else {
            "the engine won"
        };
        format!("the game is over ({who}): n new game, u take back, < review, p perfect line")
    }

    fn select_hand(&mut self, size: Size) {
        if self.winner().is_some() {
            self.message = Some(self.over_message());
            return;
        }
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
        self.view = View::Live;
        self.message = None;
        self.after_move();
    }

    fn new_game(&mut self, human: Side) {
        self.view = View::Live;
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
        layout.board.draw(buf, theme);
        let live = self.view == View::Live;
        let (position, last) = self.shown();
        let targets = match self.selection {
            Some(selection) if live => self.targets_of(selection),
            _ => Vec::new(),
        };
        let hints = if live {
            self.hints_by_cell(theme)
        } else {
            vec![None; 9]
        };
        for (i, (cell, rect)) in Cell::ALL.into_iter().zip(layout.cells).enumerate() {
            let mut name = vec![Span::styled(cell.to_string(), theme.dim())];
            // The last move: its cell tinted and marked (and the cell a
            // moved big piece left).
            let mut style = Style::new();
            if last.is_some_and(|mv| mv.target() == cell) {
                name.push(Span::styled(" last", theme.key()));
                style = theme.tint();
            } else if matches!(last, Some(Move::Shift { from, .. }) if from == cell) {
                name.push(Span::styled(" from", theme.dim()));
                style = theme.tint_faint();
            }
            // A legal target: a + and a bold green name (no colour needed).
            if targets.contains(&cell) {
                name[0] = Span::styled(cell.to_string(), theme.good());
                name.push(Span::styled(" +", theme.good()));
            }
            if live && self.selection == Some(Selection::Board(cell)) {
                name.push(Span::styled(" ↑", theme.good()));
            }
            if live && cell == self.cursor {
                style = style.patch(theme.cursor());
            }
            let view = CellView {
                name: Line::from(name),
                piece: position.piece_at(cell),
                hint: hints[i].clone(),
                style,
            };
            draw_cell(rect, &view, buf, theme);
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
        // The best value within reach (the selection's moves when a piece
        // is picked up): starred, also when every move loses (the slowest
        // loss is the best defence).
        let best = moves
            .iter()
            .filter(|(mv, _)| self.selection_allows(*mv))
            .map(|(_, v)| *v)
            .max();
        for cell in Cell::ALL {
            let here: Vec<&(Move, Outcome)> = moves
                .iter()
                .filter(|(mv, _)| mv.target() == cell && self.selection_allows(*mv))
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
                    Outcome::Win(d) => (format!("{kind} W{d}"), theme.win()),
                    Outcome::Loss(d) => (format!("{kind} L{d}"), theme.loss()),
                    Outcome::Draw => (format!("{kind} D"), theme.draw()),
                };
                out[cell.index()] = Some(if Some(*value) == best {
                    Line::styled(format!("★{word}"), style.patch(theme.best()))
                } else {
                    Line::styled(word, style)
                });
            }
        }
        out
    }

    /// The view of the board: review, perfect line or the game itself.
    pub fn view(&self) -> View {
        self.view
    }

    /// The perfect line shown, once the engine has answered.
    pub fn perfect_line(&self) -> Option<&PerfectLine> {
        let View::Line { ply, .. } = self.view else {
            return None;
        };
        let base = self.position_at(ply);
        self.line
            .as_ref()
            .filter(|(from, _)| *from == base)
            .map(|(_, line)| line)
    }

    /// Each move of the game with its mover's value before and after it,
    /// once the engine has answered for the game as it stands.
    pub fn annotations(&self) -> Option<&[(Outcome, Outcome)]> {
        self.annotations
            .as_ref()
            .filter(|(moves, _)| *moves == self.history)
            .map(|(_, values)| values.as_slice())
    }

    /// The position after `ply` moves of the game.
    fn position_at(&self, ply: usize) -> Position {
        self.history
            .get(ply)
            .map_or(self.position, |(before, _)| *before)
    }

    /// The position the board shows, and the move that led to it.
    pub fn shown(&self) -> (Position, Option<Move>) {
        let last_of = |ply: usize| ply.checked_sub(1).map(|i| self.history[i].1);
        match self.view {
            View::Live => (self.position, last_of(self.history.len())),
            View::Review { ply } => (self.position_at(ply), last_of(ply)),
            View::Line { ply, step } => match self.perfect_line() {
                Some(line) if step > 0 => {
                    let (before, mv, _) = line[step - 1];
                    (before.play(mv).unwrap_or(before), Some(mv))
                }
                _ => (self.position_at(ply), last_of(ply)),
            },
        }
    }

    /// One move back or forward: along the game, or along the perfect line.
    fn step(&mut self, by: isize) {
        self.message = None;
        let moves = self.history.len();
        match self.view {
            View::Live if by < 0 && moves > 0 => self.review(moves - 1),
            View::Live => {
                self.message = Some("no move to review yet".into());
            }
            View::Review { ply } => {
                let ply = ply.saturating_add_signed(by).min(moves);
                self.review(ply);
            }
            View::Line { ply, step } => {
                let longest = self.perfect_line().map_or(0, Vec::len);
                let step = step.saturating_add_signed(by).min(longest);
                self.view = View::Line { ply, step };
            }
        }
    }

    /// Shows the position after `ply` moves (the game itself at its end).
    fn review(&mut self, ply: usize) {
        self.selection = None;
        if ply >= self.history.len() {
            self.view = View::Live;
            return;
        }
        self.view = View::Review { ply };
        if self.annotations().is_none() {
            self.worker.ask_annotations(self.history.clone());
        }
    }

    /// The perfect line from the position shown; again: back from it.
    fn toggle_line(&mut self) {
        self.message = None;
        self.selection = None;
        self.view = match self.view {
            View::Line { ply, .. } if ply >= self.history.len() => View::Live,
            View::Line { ply, .. } => View::Review { ply },
            View::Live => View::Line {
                ply: self.history.len(),
                step: 0,
            },
            View::Review { ply } => View::Line { ply, step: 0 },
        };
        if let View::Line { ply, .. } = self.view {
            let from = self.position_at(ply);
            if from.game_over().is_some() {
                self.message = Some("the game is over there: no line to show".into());
            }
            if self.perfect_line().is_none() {
                self.worker.ask_line(from);
            }
        }
    }

    /// Play on from the position shown: later moves of the game go, the
    /// perfect line's moves up to the step shown become the game's.
    fn continue_here(&mut self) {
        let (ply, line_steps) = match self.view {
            View::Live => return,
            View::Review { ply } => (ply, 0),
            View::Line { ply, step } => (ply, step),
        };
        let position = self.shown().0;
        let line: Vec<(Position, Move)> = self
            .perfect_line()
            .map(|line| {
                line[..line_steps]
                    .iter()
                    .map(|&(p, mv, _)| (p, mv))
                    .collect()
            })
            .unwrap_or_default();
        self.history.truncate(ply);
        self.history.extend(line);
        self.position = position;
        self.view = View::Live;
        self.message = Some("play goes on from here".into());
        self.after_move();
    }

    /// A fresh random number (xorshift64).
    fn next_random(&mut self) -> u64 {
        let mut x = self.random;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.random = x;
        x
    }

    /// Seeds the weaker levels' choices (tests replay games with it).
    pub fn seed(&mut self, seed: u64) {
        self.random = seed | 1;
    }

    /// Whether `mv` goes with what is picked up (any move when nothing is).
    fn selection_allows(&self, mv: Move) -> bool {
        match self.selection {
            Some(Selection::Hand(s)) => matches!(mv, Move::Place { size, .. } if size == s),
            Some(Selection::Board(f)) => matches!(mv, Move::Shift { from, .. } if from == f),
            None => true,
        }
    }

    /// What the last move captured, in words: "the engine took your o on b2".
    fn last_capture(&self) -> Option<String> {
        let (before, mv) = self.history.last()?;
        let taken = before.captured_by(*mv)?;
        let by_you = before.to_move() == self.human;
        let whose = if taken.side == self.human {
            "your"
        } else {
            "its"
        };
        let text = match (by_you, taken.side == self.human) {
            (true, true) => format!("you covered your own {} on {}", taken.letter(), mv.target()),
            (true, false) => format!(
                "you took the engine's {} on {}",
                taken.letter(),
                mv.target()
            ),
            (false, _) => format!(
                "the engine took {whose} {} on {}",
                taken.letter(),
                mv.target()
            ),
        };
        Some(text)
    }

    /// Both hands as they are in the position shown, and the small pieces
    /// each side has lost to captures (its own big pieces included).
    fn render_hand(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        let you = self.human;
        let (position, _) = self.shown();
        let lost = |side: Side| {
            let on_board = position
                .cells()
                .iter()
                .flatten()
                .filter(|p| p.side == side && p.size == Size::Small)
                .count() as u8;
            let lost = SMALL_PIECES - position.small_in_hand(side) - on_board;
            let letter = side_letter(side).to_string();
            match lost {
                0 => String::new(),
                n => format!("  lost {}", vec![letter; usize::from(n)].join(" ")),
            }
        };
        buf.set_string(layout.grid.x, layout.hand_small.y, "you", theme.dim());
        for (size, rect) in [
            (Size::Small, layout.hand_small),
            (Size::Big, layout.hand_big),
        ] {
            let left = match size {
                Size::Small => position.small_in_hand(you),
                Size::Big => position.big_in_hand(you),
            };
            let letter = Piece { side: you, size }.letter();
            let text = format!("[{} {letter} ×{left}]", size_word(size));
            let mut style = piece_style(Piece { side: you, size }, theme);
            if self.selection == Some(Selection::Hand(size)) {
                style = style.patch(theme.cursor());
            }
            buf.set_stringn(rect.x, rect.y, &text, rect.width as usize, style);
        }
        let right = buf.area.right();
        let room = |x: u16| usize::from(right.saturating_sub(x));
        let x = layout.hand_big.right() + 1;
        buf.set_stringn(x, layout.hand_small.y, lost(you), room(x), theme.dim());
        let engine = you.other();
        let text = format!(
            "engine {} small {}, {} big {}{}",
            position.small_in_hand(engine),
            Piece {
                side: engine,
                size: Size::Small
            }
            .letter(),
            position.big_in_hand(engine),
            Piece {
                side: engine,
                size: Size::Big
            }
            .letter(),
            lost(engine),
        );
        let x = layout.grid.x;
        buf.set_stringn(x, layout.hand_small.y + 1, &text, room(x), theme.dim());
    }

    fn render_panel(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        let status = Rect {
            height: layout.moves.y - layout.panel.y,
            ..layout.panel
        };
        let lines = match self.view {
            // A short panel (a small screen) keeps what to do now.
            View::Live if status.height < 4 => self.live_status(theme).split_off(1),
            View::Live => self.live_status(theme),
            View::Review { ply } => self.review_status(ply, theme),
            View::Line { ply, step } => self.line_status(ply, step, theme),
        };
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(status, buf);
        match self.view {
            View::Line { .. } => self.render_line(layout.moves, buf, theme),
            _ => self.render_moves(layout.moves, buf, theme),
        }
    }

    /// Who plays, whose move or the result, the value, hints, a capture.
    fn live_status(&self, theme: &Theme) -> Vec<Line<'static>> {
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
            Span::styled(" · engine: ", theme.dim()),
            Span::styled(strength_word(self.strength), theme.key()),
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
                    "n new game · w swap sides · u take back · < review · p perfect line",
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
                    Some(Selection::Board(from)) => {
                        format!("your move: move the big piece from {from} (+ marks where)")
                    }
                    None => {
                        "your move: click a cell (a small piece); b big, m move a big one".into()
                    }
                };
                lines.push(Line::styled(what, theme.key()));
            }
            None => lines.push(Line::styled("the engine is moving…", theme.key())),
        }
        if let Some(value) = self.value() {
            lines.push(Line::from(vec![
                Span::styled("perfect play  ", theme.dim()),
                Span::styled(value_words(self.position.to_move(), value), theme.best()),
            ]));
        }
        if self.hints && self.humans_turn() {
            lines.push(Line::from(vec![
                Span::styled("hints ", theme.dim()),
                Span::raw("s/b/m"),
                Span::styled(" small, big, move  ", theme.dim()),
                Span::styled("W9", theme.win()),
                Span::styled(" win in 9  ", theme.dim()),
                Span::styled("L4", theme.loss()),
                Span::styled(" loss in 4  ", theme.dim()),
                Span::styled("★", theme.best()),
                Span::styled(" best", theme.dim()),
            ]));
        }
        if let Some(capture) = self.last_capture() {
            lines.push(Line::styled(capture, theme.key()));
        }
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        lines
    }

    /// The move that led to the position after `ply` moves, and what it did.
    fn review_status(&self, ply: usize, theme: &Theme) -> Vec<Line<'static>> {
        let moves = self.history.len();
        let mut lines = vec![Line::styled(
            format!("REVIEW · after move {ply} of {moves}"),
            theme.title(),
        )];
        match ply.checked_sub(1).map(|i| (i, self.history[i])) {
            None => lines.push(Line::from("the start: no move yet")),
            Some((i, (before, mv))) => {
                let mover = before.to_move();
                let who = if mover == self.human {
                    "you"
                } else {
                    "the engine"
                };
                lines.push(Line::from(format!(
                    "{}. {} ({who})",
                    i + 1,
                    move_in_list(&before, mv)
                )));
                match self.annotations().and_then(|a| a.get(i)) {
                    Some(&(was, now)) => {
                        lines.push(Line::from(vec![
                            Span::styled("before ", theme.dim()),
                            Span::raw(value_words(mover, was)),
                        ]));
                        let mut after = vec![
                            Span::styled("after  ", theme.dim()),
                            Span::raw(value_words(mover, now)),
                        ];
                        match Mistake::of(was, now) {
                            Some(Mistake::Blunder) => {
                                after.push(Span::styled("  ?? a blunder", theme.bad()));
                            }
                            Some(Mistake::Inaccuracy) => {
                                after.push(Span::styled("  ?! shortens the defence", theme.key()));
                            }
                            None if was == now => {
                                after.push(Span::styled("  best", theme.good()));
                            }
                            None => {}
                        }
                        lines.push(Line::from(after));
                    }
                    None => lines.push(Line::styled("asking the engine…", theme.dim())),
                }
            }
        }
        lines.push(Line::styled(
            "< > step · click a move · p perfect line · c continue here · Esc back",
            theme.dim(),
        ));
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        lines
    }

    fn line_status(&self, ply: usize, step: usize, theme: &Theme) -> Vec<Line<'static>> {
        let from = if ply == self.history.len() {
            "the position as it stands".to_string()
        } else {
            format!("move {ply} on")
        };
        let mut lines = vec![Line::styled(
            format!("PERFECT LINE from {from}"),
            theme.title(),
        )];
        match self.perfect_line() {
            None => lines.push(Line::styled("asking the engine…", theme.dim())),
            Some(line) => lines.push(Line::from(format!(
                "both sides play perfectly: {} moves to the end; step {step} of {}",
                line.len(),
                line.len()
            ))),
        }
        lines.push(Line::styled(
            "< > step · c continue from the step shown · p or Esc back",
            theme.dim(),
        ));
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        lines
    }

    /// The game's moves, two a row, with review marks (?? ?!) once the
    /// game is over or under review; the reviewed move highlighted.
    fn render_moves(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if area.height < 2 {
            return;
        }
        buf.set_stringn(
            area.x,
            area.y,
            "moves (×: captured; click one to review)",
            usize::from(area.width),
            theme.dim(),
        );
        let marks = (self.view != View::Live || self.winner().is_some())
            .then(|| self.annotations())
            .flatten();
        let selected = match self.view {
            View::Review { ply } => ply.checked_sub(1),
            _ => None,
        };
        let width = area.width / 2;
        let first = self.list_window(area, selected);
        for (i, (before, mv)) in self.history.iter().enumerate().skip(first) {
            let row = ((i - first) / 2) as u16;
            if row + 1 >= area.height {
                break;
            }
            let col = ((i - first) % 2) as u16;
            let mark = match marks.and_then(|m| m.get(i)) {
                Some(&(was, now)) => match Mistake::of(was, now) {
                    Some(Mistake::Blunder) => " ??",
                    Some(Mistake::Inaccuracy) => " ?!",
                    None => "",
                },
                None => "",
            };
            let text = format!("{}. {}{mark}", i + 1, move_in_list(before, *mv));
            let mut style = if mark == " ??" {
                theme.bad()
            } else {
                Style::new()
            };
            if selected == Some(i) {
                style = style.patch(theme.cursor());
            }
            buf.set_stringn(
                area.x + col * width,
                area.y + 1 + row,
                &text,
                usize::from(width.saturating_sub(1)),
                style,
            );
        }
    }

    /// The index of the first move the list shows in `area` (two a row):
    /// the last moves, or the window holding the selected one.
    fn list_window(&self, area: Rect, selected: Option<usize>) -> usize {
        let rows = usize::from(area.height.saturating_sub(1)).max(1);
        let room = rows * 2;
        let count = self.history.len();
        let last_window = count.saturating_sub(room).div_ceil(2) * 2;
        match selected {
            Some(i) if i < last_window => i / 2 * 2,
            _ => last_window,
        }
    }

    /// The move a click on the list picks, if any.
    pub fn move_at(&self, area: Rect, at: At) -> Option<usize> {
        let moves = layout(area)?.moves;
        if !moves.contains(at) || at.y == moves.y || matches!(self.view, View::Line { .. }) {
            return None;
        }
        let selected = match self.view {
            View::Review { ply } => ply.checked_sub(1),
            _ => None,
        };
        let first = self.list_window(moves, selected);
        let row = usize::from(at.y - moves.y - 1);
        let col = usize::from((at.x - moves.x) / (moves.width / 2).max(1)).min(1);
        let i = first + 2 * row + col;
        (i < self.history.len()).then_some(i)
    }

    /// The perfect line, a move a row, with the value after each move;
    /// the step shown highlighted.
    fn render_line(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let (Some(line), View::Line { ply, step }) = (self.perfect_line(), self.view) else {
            return;
        };
        if area.height < 2 {
            return;
        }
        buf.set_stringn(
            area.x,
            area.y,
            "the line (value after each move)",
            usize::from(area.width),
            theme.dim(),
        );
        let rows = usize::from(area.height - 1);
        let first = step.saturating_sub(rows);
        for (k, (before, mv, value)) in line.iter().enumerate().skip(first).take(rows) {
            let mover = before.to_move();
            let after = match value {
                Outcome::Win(1) => format!("{} wins", side_letter(mover)),
                Outcome::Win(d) => value_words(mover.other(), Outcome::Loss(d - 1)),
                Outcome::Loss(d) => value_words(mover.other(), Outcome::Win(d - 1)),
                Outcome::Draw => "draw".into(),
            };
            let text = format!("{}. {}  → {after}", ply + k + 1, move_in_list(before, *mv));
            let style = if k + 1 == step {
                theme.cursor()
            } else {
                Style::new()
            };
            buf.set_stringn(
                area.x,
                area.y + 1 + (k - first) as u16,
                &text,
                usize::from(area.width),
                style,
            );
        }
    }
}

impl MncTab {
    fn render_setup(&self, setup: &Setup, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        layout.board.draw(buf, theme);
        for (i, rect) in layout.cells.iter().enumerate() {
            let cell = Cell::ALL[i];
            let style = if cell == self.cursor {
                theme.cursor()
            } else {
                Style::new()
            };
            let view = CellView {
                name: Line::styled(cell.to_string(), theme.dim()),
                piece: setup.cells[i],
                hint: None,
                style,
            };
            draw_cell(*rect, &view, buf, theme);
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

/// The level's name, as the panel shows it.
pub fn strength_word(strength: Strength) -> &'static str {
    match strength {
        Strength::Perfect => "perfect",
        Strength::Strong => "strong",
        Strength::Casual => "casual",
    }
}

fn piece_style(piece: Piece, theme: &Theme) -> Style {
    match piece.side {
        Side::X => theme.mark_x(),
        Side::O => theme.mark_o(),
    }
}

/// What one cell of the board shows.
struct CellView {
    /// The cell's name and its marks (last, from, +, ↑).
    name: Line<'static>,
    piece: Option<Piece>,
    hint: Option<Line<'static>>,
    /// The tint of the last move, the cursor.
    style: Style,
}

/// Draws a cell: its name on the first row, its hint on the last (after
/// the name in a two-row cell), the piece in the rows between.
fn draw_cell(rect: Rect, view: &CellView, buf: &mut Buffer, theme: &Theme) {
    buf.set_style(rect, view.style);
    let hint_row = rect.height >= 3;
    let mut name = view.name.clone();
    match &view.hint {
        Some(hint) if hint_row => {
            let x = rect.x + rect.width.saturating_sub(hint.width() as u16) / 2;
            buf.set_line(x, rect.bottom() - 1, hint, rect.width);
        }
        Some(hint) => {
            name.spans.push(Span::raw(" "));
            name.spans.extend(hint.spans.iter().cloned());
        }
        None => {}
    }
    buf.set_line(rect.x, rect.y, &name, rect.width);
    if let Some(piece) = view.piece {
        let rows = rect.height - 1 - u16::from(hint_row);
        let area = Rect::new(rect.x, rect.y + 1, rect.width, rows);
        draw_centred(
            &piece_glyph(piece, rows),
            area,
            piece_style(piece, theme),
            buf,
        );
    }
}

/// A piece drawn in `rows` rows: a big one fills them (a cross of
/// diagonals for x, a ring for o), a small one is a letter, or a third of
/// the height on a large board. A single row shows `[X]` for a big piece.
pub fn piece_glyph(piece: Piece, rows: u16) -> Vec<String> {
    let shape = match piece.side {
        Side::X => Shape::Cross,
        Side::O => Shape::Ring,
    };
    match piece.size {
        Size::Big if rows <= 1 => vec![format!("[{}]", piece.letter())],
        Size::Big => glyph(shape, rows, piece.letter()),
        Size::Small if rows >= 6 => glyph(shape, rows / 3, piece.letter()),
        Size::Small => vec![piece.letter().to_string()],
    }
}
