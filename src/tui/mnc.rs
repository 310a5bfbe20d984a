//! The Noughts & Crosses+ tab: a match of Magnificent Noughts & Crosses
//! against the perfect engine, which runs on its own thread.

use super::app::{render_too_small, MncAction};
use super::engine::{EngineWorker, Rating, Reply};
use super::grid::{self, GRID_HEIGHT, GRID_WIDTH};
use super::theme::Theme;
use crate::cli::mnc::value_words;
use crate::solver::mnc::{cell_name, Move, Piece, Position, Side, Size};
use crate::solver::Outcome;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as At, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::time::{Duration, Instant};

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
    Board(u8),
}

/// A position being set up in analysis mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    pub cells: [Option<Piece>; 9],
    /// Small pieces in hand, x's then o's.
    pub hands: [u8; 2],
    pub to_move: Side,
}

impl Setup {
    fn of(position: &Position) -> Setup {
        Setup {
            cells: position.cells(),
            hands: [
                position.small_in_hand(Side::X),
                position.small_in_hand(Side::O),
            ],
            to_move: position.to_move(),
        }
    }

    /// The position, or why it cannot be one (as `noughts mnc analyze`).
    pub fn position(&self) -> Result<Position, String> {
        Position::new(self.cells, self.hands, self.to_move)
    }
}

/// The next piece when cycling a cell: . → x → X → o → O → .
fn cycled(piece: Option<Piece>) -> Option<Piece> {
    let order = [
        None,
        Piece::from_letter('x'),
        Piece::from_letter('X'),
        Piece::from_letter('o'),
        Piece::from_letter('O'),
    ];
    let at = order.iter().position(|p| *p == piece).unwrap_or(0);
    order[(at + 1) % order.len()]
}

pub struct MncTab {
    worker: EngineWorker,
    /// Analysis mode: the position being set up, and the engine's rating
    /// of it once it answers.
    setup: Option<Setup>,
    setup_rating: Option<Rating>,
    solved: bool,
    pub human: Side,
    position: Position,
    /// Every position of the game so far, with the move made from it.
    history: Vec<(Position, Move)>,
    selection: Option<Selection>,
    cursor: u8,
    hints: bool,
    message: Option<String>,
    /// The engine's value of the current position and of each move in it.
    rating: Option<Rating>,
    /// The engine's move, shown once its delay is over.
    engine_move: Option<(Instant, Move)>,
    waiting_for_engine: bool,
    delay: Duration,
}

impl Default for MncTab {
    fn default() -> Self {
        Self::new(Side::O, ENGINE_DELAY)
    }
}

impl MncTab {
    /// A match with the human on `human`'s side; the engine thread starts
    /// solving at once.
    pub fn new(human: Side, delay: Duration) -> MncTab {
        let mut tab = MncTab {
            worker: EngineWorker::start(),
            setup: None,
            setup_rating: None,
            solved: false,
            human,
            position: Position::START,
            history: Vec::new(),
            selection: None,
            cursor: 4,
            hints: false,
            message: None,
            rating: None,
            engine_move: None,
            waiting_for_engine: false,
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
        self.setup.as_ref()
    }

    /// The engine's rating of the set-up position, once it answered.
    pub fn setup_rating(&self) -> Option<&Rating> {
        let position = self.setup?.position().ok()?;
        self.setup_rating
            .as_ref()
            .filter(|r| r.position == position)
    }

    /// Changes the set-up and asks the engine about it (when consistent).
    fn edit_setup(&mut self, edit: impl FnOnce(&mut Setup)) {
        let Some(setup) = &mut self.setup else {
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
        if self.setup.take().is_none() {
            let setup = Setup::of(&self.position);
            self.setup = Some(setup);
            self.selection = None;
            self.edit_setup(|_| {});
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
        self.waiting_for_engine = false;
        if self.winner().is_some() {
            return;
        }
        self.worker.ask_rating(self.position);
        if self.position.to_move() != self.human {
            self.worker.ask_move(self.position);
            self.waiting_for_engine = true;
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
        while let Some(reply) = self.worker.try_reply() {
            match reply {
                Reply::Solved => self.solved = true,
                Reply::Rated(rating)
                    if self
                        .setup
                        .is_some_and(|s| s.position() == Ok(rating.position)) =>
                {
                    self.setup_rating = Some(rating);
                }
                Reply::Rated(rating) if rating.position == self.position => {
                    self.rating = Some(rating)
                }
                Reply::Move(position, Some(mv)) if position == self.position => {
                    self.engine_move = Some((Instant::now() + self.delay, mv));
                }
                // Answers about positions left behind (undo, new game).
                Reply::Rated(_) | Reply::Move(..) => {}
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
    fn activate(&mut self, cell: u8) {
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

    fn pick_up(&mut self, cell: u8) {
        let own_big = Some(Piece {
            side: self.human,
            size: Size::Big,
        });
        if self.position.piece_at(cell) != own_big {
            self.message = Some(format!(
                "{} does not hold one of your big pieces",
                cell_name(cell)
            ));
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
    pub fn targets_of(&self, selection: Selection) -> Vec<u8> {
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

    pub fn update(&mut self, action: MncAction) {
        use MncAction as A;
        if self.setup.is_some() {
            match action {
                A::Activate => {
                    let cell = self.cursor as usize;
                    return self.edit_setup(|s| s.cells[cell] = cycled(s.cells[cell]));
                }
                A::Click(cell) => {
                    self.cursor = cell;
                    return self
                        .edit_setup(|s| s.cells[cell as usize] = cycled(s.cells[cell as usize]));
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
                let cell = self.cursor as usize;
                self.edit_setup(|s| s.cells[cell] = None);
            }
            A::SetupSide => self.edit_setup(|s| s.to_move = s.to_move.other()),
            A::SetupHand(side, delta) => {
                self.edit_setup(|s| {
                    let hand = &mut s.hands[side as usize];
                    *hand = hand.saturating_add_signed(delta).min(4);
                });
            }
            A::Move { rows, cols } => {
                let row = (self.cursor / 3) as i8 + rows;
                let col = (self.cursor % 3) as i8 + cols;
                self.cursor = (row.clamp(0, 2) * 3 + col.clamp(0, 2)) as u8;
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

    pub fn cell_at(&self, area: Rect, at: At) -> Option<u8> {
        layout(area)?
            .cells
            .iter()
            .position(|r| r.contains(at))
            .map(|c| c as u8)
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

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        if let Some(setup) = &self.setup {
            self.render_setup(setup, &layout, buf, theme);
            return;
        }
        self.render_board(&layout, buf, theme);
        self.render_hand(&layout, buf, theme);
        self.render_panel(layout.panel, buf, theme);
    }

    fn render_board(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        grid::draw(layout.grid, buf, theme);
        let targets = self
            .selection
            .map(|s| self.targets_of(s))
            .unwrap_or_default();
        let last = self.history.last().map(|(_, mv)| *mv);
        let hints = self.hints_by_cell(theme);
        for (i, rect) in layout.cells.iter().enumerate() {
            let cell = i as u8;
            let mut lines = Vec::new();
            let name = Span::styled(cell_name(cell), theme.dim());
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
                lines[0].spans[0] = Span::styled(cell_name(cell), theme.good());
                lines[0].spans.push(Span::styled(" +", theme.good()));
            }
            if self.selection == Some(Selection::Board(cell)) {
                lines[0].spans.push(Span::styled(" ↑", theme.good()));
            }
            if cell == self.cursor {
                style = style.patch(theme.cursor());
            }
            Paragraph::new(lines).style(style).render(*rect, buf);
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
        for cell in 0..9u8 {
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
                out[cell as usize] = Some(Line::styled(word, style));
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
            Span::raw(format!("You play {you}")),
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
            None if !self.solved => lines.push(Line::styled("solving the game…", theme.key())),
            None if self.humans_turn() => {
                let what = match self.selection {
                    Some(Selection::Hand(size)) => format!(
                        "your move: place the {} piece (+ marks where)",
                        size_word(size)
                    ),
                    Some(Selection::Board(from)) => format!(
                        "your move: move the big piece from {} (+ marks where)",
                        cell_name(from)
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
            .map(|(i, (p, mv))| format!("{}. {} {mv}", i + 1, p.to_move()))
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
            let mut lines = vec![Line::styled(cell_name(i as u8), theme.dim())];
            if let Some(piece) = setup.cells[i] {
                lines.push(piece_line(piece, theme));
            }
            let style = if i as u8 == self.cursor {
                theme.cursor()
            } else {
                Style::new()
            };
            Paragraph::new(lines).style(style).render(*rect, buf);
        }
        let hands = format!(
            "small in hand: x {} [ ]  o {} {{ }}",
            setup.hands[0], setup.hands[1]
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
                Span::raw(format!("{} to move", setup.to_move)),
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
                    if let Some(winner) = position.winner() {
                        lines.push(Line::styled(
                            format!("the game is over: {winner} has three in a row"),
                            theme.best(),
                        ));
                    } else if moves.is_empty() {
                        lines.push(Line::styled(
                            format!("the game is over: {mover} has no legal move and loses"),
                            theme.best(),
                        ));
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

fn size_word(size: Size) -> &'static str {
    match size {
        Size::Small => "small",
        Size::Big => "big",
    }
}
