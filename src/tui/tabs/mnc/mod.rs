//! The Noughts & Crosses+ tab: a match of Magnificent Noughts & Crosses
//! against the perfect engine, which runs on a worker thread. The match
//! is the shared one ([`crate::tui::playing`]); its review and perfect
//! line are drawn by the shared [`record_view`](crate::tui::record_view).

mod engine;
mod game;
mod hand;
mod hints;
mod keys;
mod layout;
mod lesson;
mod puzzle;
mod save;
mod setup;
mod view;

pub use crate::notation::mnc::strength_word;
pub use engine::Rating;
use engine::{Ask, MncPlaying};
pub use keys::{Action, BINDINGS, PUZZLE_BINDINGS};
pub use layout::{layout, MncLayout, MIN_SIZE};
pub use puzzle::{Training, Try};
pub use setup::Setup;
pub use view::piece_glyph;

use crate::notation::mnc::{side_letter, MncSettings};
use crate::solver::mnc::{Match, Move, Position, Size, Strength, SMALL_PIECES};
use crate::solver::puzzle::{Choice, PuzzleGame};
use crate::solver::record::Shown;
use crate::solver::{Cell, Outcome, Side};
use crate::tui::keymap::{Binding, Direction, When};
use crate::tui::playing::PlayingTab;
use crate::tui::record_view::dropped_moves;
use crate::tui::review::Review;
use crate::tui::tab::{About, Cursor, Tab, TabBasics};
use crate::tui::theme::Theme;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use keys::{
    ANALYSIS, BIG_IN_HAND, ENGINES_MOVE, OVER, PICKED, REVIEWING, SMALL_IN_HAND, YOUR_MOVE,
};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as At, Rect};
use setup::cycled;
use std::time::Duration;

/// How long the engine's move waits before it is shown, so that the human
/// sees one move at a time.
pub const ENGINE_DELAY: Duration = Duration::from_millis(350);

/// What the human has picked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    Hand(Size),
    /// A big piece of theirs on the board, about to move.
    Board(Cell),
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
    /// The match and the engine's thread. There is always a game: a
    /// puzzle's takes the match's place while the match waits aside.
    playing: MncPlaying,
    mode: Mode,
    /// The last analysis set-up, with the match position it was left at:
    /// back in analysis from the same match position, it is there again.
    last_setup: Option<(Position, Setup)>,
    selection: Option<Selection>,
    cursor: Cell,
    hints: bool,
    message: Option<String>,
    /// The expert's layer shown under the plain words (`i`).
    details: bool,
    /// The engine's value of the current position and of each move in it.
    rating: Option<Rating>,
    /// How well the engine plays (the verdict is always perfect play's);
    /// set with [`MncTab::set_strength`], which tells the engine.
    strength: Strength,
    /// The puzzles; while one is on, the match waits aside.
    training: Training,
    /// The puzzle asked of the engine's thread, not made yet.
    pending: Option<Choice>,
}

impl Default for MncTab {
    fn default() -> Self {
        // The side a new settings file gives (x: a newcomer moves first).
        Self::new(MncSettings::default().side.side(), ENGINE_DELAY)
    }
}

impl Tab for MncTab {
    type Action = Action;
    const ABOUT: About = About::new(
        "Noughts & Crosses+",
        "N&C+",
        "mnc",
        "### Noughts & Crosses+ (Magnificent Noughts & Crosses)",
    );
    const MIN_SIZE: (u16, u16) = MIN_SIZE;
    const KEYS: &'static [Binding<Action>] = BINDINGS;
    const PUZZLE_KEYS: &'static [Binding<Action>] = PUZZLE_BINDINGS;

    fn puzzle_action(action: crate::tui::puzzle::PuzzleAction) -> Action {
        Action::Puzzle(action)
    }

    /// The puzzle is drawn: the match's board, live.
    fn puzzle_shown(&self) -> bool {
        self.training.current.is_some()
            && self.mode == Mode::Match
            && self.game().record().shown() == Shown::Live
    }

    fn mode(&self) -> When {
        if matches!(self.mode, Mode::Analysis { .. }) {
            ANALYSIS
        } else if self.game().record().shown() != Shown::Live {
            REVIEWING
        } else if self.winner().is_some() {
            OVER
        } else if !self.humans_turn() || !self.is_solved() {
            ENGINES_MOVE
        } else {
            let moving = if self.selection.is_some() {
                PICKED
            } else {
                YOUR_MOVE
            };
            // The keys of a piece you have none of left are not offered.
            let you = self.human();
            let position = self.position();
            let small = (position.small_in_hand(you) > 0).then_some(SMALL_IN_HAND);
            let big = (position.big_in_hand(you) > 0).then_some(BIG_IN_HAND);
            [small, big].into_iter().flatten().fold(moving, When::or)
        }
    }

    fn update(&mut self, action: Action) {
        use Action as A;
        if self.refused_in_puzzle(action) {
            return;
        }
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
                    self.message = Some("editing a position: e goes back to the match".into());
                    return;
                }
                A::Review(_) | A::ToggleHints | A::NewGame | A::SwapSides | A::NextStrength => {
                    self.message = Some(
                        "that key works on the match: e goes back to it (the set-up is kept)"
                            .into(),
                    );
                    return;
                }
                _ => {}
            }
        }
        if self.game().record().shown() != Shown::Live {
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
            A::Review(key) => self.review_key(key),
            A::ToggleAnalysis => self.toggle_analysis(),
            A::SetupEmpty => {
                let cell = self.cursor.index();
                self.edit_setup(|s| s.set(cell, None));
            }
            A::SetupSide => self.edit_setup(|s| s.to_move = s.to_move.other()),
            A::SetupHand(side, delta) => {
                let held = self.setup().map_or(0, |s| s.hands[side]);
                let letter = side_letter(side);
                if delta > 0 && held >= SMALL_PIECES {
                    self.message = Some(format!(
                        "{letter} already holds all {SMALL_PIECES} small pieces"
                    ));
                } else if delta < 0 && held == 0 {
                    self.message = Some(format!("{letter} holds no small piece"));
                } else {
                    self.edit_setup(|s| {
                        let hand = &mut s.hands[side];
                        *hand = hand.saturating_add_signed(delta).min(SMALL_PIECES);
                    });
                }
            }
            A::Puzzle(puzzle) => crate::tui::puzzle::update(self, puzzle),
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
            A::PickUp if self.humans_turn() => match self.selection {
                // `m` again on a ◎ target drops the piece there, as `b`
                // again places a big one (round 10 pressed `m` twice).
                Some(s @ Selection::Board(_)) if self.targets_of(s).contains(&self.cursor) => {
                    self.activate(self.cursor)
                }
                _ => self.pick_up(self.cursor),
            },
            A::PickUp => {}
            A::Cancel => self.selection = None,
            A::Undo => self.undo_in_game(),
            A::NewGame => self.new_game(self.human()),
            A::SwapSides => self.new_game(self.human().other()),
            A::ToggleHints => self.hints = !self.hints,
            A::NextStrength => {
                self.set_strength(self.strength.next());
                // Said, as the review and the line do not show the level.
                self.message = Some(format!(
                    "engine: {} from its next move",
                    strength_word(self.strength)
                ));
            }
            A::Play(mv) => {
                if self.humans_turn() {
                    self.play(mv);
                }
            }
        }
    }

    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Action> {
        if event.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        let at = At::new(event.column, event.row);
        if let Some(size) = self.hand_at(area, at) {
            return Some(Action::Hand(size));
        }
        if let Some(ply) = self.ply_at(area, at) {
            return Some(Action::Review(Review::At(ply)));
        }
        self.cell_at(area, at).map(Action::Click)
    }

    fn abandons(&self, action: Action) -> Option<String> {
        // A puzzle refuses these keys itself (refused_in_puzzle).
        let puzzle = self.training.current.is_some();
        let game = self.game();
        if puzzle || !(game.human_moved() && game.is_on()) || self.mode != Mode::Match {
            return None;
        }
        match action {
            Action::NewGame => Some("Start a new game? The match in progress is discarded.".into()),
            Action::SwapSides => Some(format!(
                "Swap sides and start again, you as {}? The match in progress is discarded.",
                side_letter(self.human().other())
            )),
            Action::NextStrength => Some(format!(
                "Let the engine play {} from here on? The match goes on, no longer against the {} engine.",
                strength_word(self.strength.next()),
                strength_word(self.strength)
            )),
            Action::Review(Review::Continue) => dropped_moves(game.record()).map(|n| {
                format!("Play on from the position shown? The game's last {n} moves are dropped.")
            }),
            _ => None,
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
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

impl TabBasics for MncTab {
    fn cursor(&self) -> Cursor {
        // "move" is a move of the game here; "cell" keeps the footer to 80
        // columns with the lesson in it.
        Cursor {
            word: "cell",
            ..Cursor::BOARD
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let (rows, cols) = direction.delta();
        self.cursor = self.cursor.moved(rows, cols);
    }

    fn tick(&mut self) {
        self.poll_engine();
        crate::tui::puzzle::tick(self);
    }

    fn busy(&self) -> bool {
        self.playing.is_busy() || !self.is_solved() || self.pending.is_some()
    }

    fn at_stake(&self) -> Option<&'static str> {
        // A puzzle loses nothing; the match put aside for it does.
        self.game_at_stake()
    }

    fn set_details(&mut self, on: bool) {
        self.details = on;
    }
}

impl MncTab {
    /// A match with the human on `human`'s side; the engine thread starts
    /// solving at once.
    pub fn new(human: Side, delay: Duration) -> MncTab {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0x9E37_79B9_7F4A_7C15, |d| d.as_nanos() as u64);
        let mut playing = engine::start(delay, seed);
        playing.game = Some(Match::new(Position::START, human));
        let mut tab = MncTab {
            playing,
            mode: Mode::Match,
            last_setup: None,
            selection: None,
            cursor: Cell::CENTRE,
            hints: false,
            message: None,
            details: false,
            rating: None,
            strength: Strength::Perfect,
            training: Training::new(PuzzleGame::Mnc),
            pending: None,
        };
        tab.after_move();
        tab
    }

    /// The match: its moves, review and perfect line.
    pub fn game(&self) -> &Match {
        // Set in `new`, and only ever swapped for another (a puzzle's).
        self.playing
            .game
            .as_ref()
            .expect("the MNC tab always has a game")
    }

    /// How well the engine plays.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// How well the engine plays from its next move.
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = strength;
        self.playing.ask(Ask::Strength(strength));
    }

    /// The side the human plays.
    pub fn human(&self) -> Side {
        self.game().human()
    }

    /// The position of the game as it stands.
    pub fn position(&self) -> &Position {
        self.game().position()
    }

    pub fn selection(&self) -> Option<Selection> {
        self.selection
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Every move of the game so far, with the position it was made in.
    pub fn history(&self) -> Vec<(Position, Move)> {
        let mut moves = Vec::new();
        self.game()
            .record()
            .visit(|_, &before, mv| moves.push((before, mv)));
        moves
    }

    pub fn is_solved(&self) -> bool {
        self.playing.is_ready()
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
            self.playing.ask(Ask::Rate(position));
        }
    }

    fn toggle_analysis(&mut self) {
        self.message = None;
        match self.mode {
            Mode::Analysis { setup, .. } => {
                // Kept for the next visit while the match stays where it is.
                self.last_setup = Some((*self.position(), setup));
                self.mode = Mode::Match;
            }
            Mode::Match => {
                let setup = match self.last_setup {
                    Some((at, setup)) if at == *self.position() => setup,
                    _ => Setup::of(self.position()),
                };
                self.mode = Mode::Analysis {
                    setup,
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
        self.game().winner()
    }

    /// Whether the human may move now.
    pub fn humans_turn(&self) -> bool {
        self.game().humans_turn()
    }

    /// After any move (the match asks the engine for its move): the
    /// selection goes, and the engine is asked to rate the new position.
    fn rate_position(&mut self) {
        self.selection = None;
        self.rating = None;
        if self.winner().is_none() {
            let position = *self.position();
            self.playing.ask(Ask::Rate(position));
        }
    }

    /// The engine's rating: of the set-up in analysis, or of the match's
    /// position (one left behind is dropped).
    fn rated(&mut self, new: Rating) {
        if let Mode::Analysis { setup, rating } = &mut self.mode {
            if setup.position() == Ok(new.position) {
                *rating = Some(new);
                return;
            }
        }
        if new.position == *self.position() {
            self.rating = Some(new);
        }
    }

    /// Your move, judged first while a puzzle is on the board.
    fn play(&mut self, mv: Move) {
        if self.winner().is_some() {
            self.message = Some(self.over_message());
            return;
        }
        if !self.judge(mv) {
            return;
        }
        let before = *self.position();
        let played = self.game().record().moves().len();
        self.play_at(mv);
        if self.game().record().moves().len() > played {
            self.after_puzzle_move(&before, mv);
        }
    }

    fn new_game(&mut self, human: Side) {
        self.playing.game = Some(Match::new(Position::START, human));
        // Said: a new game at the start looks like the old one.
        self.message = Some(format!(
            "a new game: you play {}, x moves first",
            side_letter(human)
        ));
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

    /// Whether the hints are on the board.
    pub fn hints_on(&self) -> bool {
        self.hints
    }

    /// The hints on the board on or off (the settings' `hints`).
    pub fn set_hints(&mut self, on: bool) {
        self.hints = on;
    }

    /// Seeds the weaker levels' choices (tests replay games with it).
    pub fn seed(&mut self, seed: u64) {
        self.playing.ask(Ask::Seed(seed));
    }
}
