//! The record of a game played against the engine, for any of the games:
//! the moves from a start, what the engine said about each (the mover's
//! value before it and the value after it, counted as the live panel
//! counts), a review cursor, and the perfect line from any point of the
//! game. No UI here: both match tabs show a `Record` the same way, and the
//! tabs' workers fill in the values it asks for.

use crate::solver::search::{Mistake, Outcome};
use std::fmt::Debug;

mod game;

pub use game::{Match, MatchError};

/// What a game must say for its record to be kept and its match played.
pub trait Rules {
    type Position: Clone + PartialEq + Debug;
    type Move: Copy + PartialEq + Debug;
    /// The value of a position for the player to move there.
    type Value: Value;
    /// The players (x and o, or you and the engine).
    type Side: Copy + PartialEq + Debug;
    /// Why a move is not allowed.
    type Illegal: Debug;
    /// Whether `mv` may be made in `position` (not over).
    fn check(position: &Self::Position, mv: Self::Move) -> Result<(), Self::Illegal>;
    /// `mv` made in `position` (the record only holds legal moves).
    fn play(position: &mut Self::Position, mv: Self::Move);
    fn to_move(position: &Self::Position) -> Self::Side;
    /// The winner, once the game is over.
    fn winner(position: &Self::Position) -> Option<Self::Side>;
    /// The winner of `position`, reached by `mv` from a position with
    /// none: a game whose win is local (a line through the cell played)
    /// says so without looking at the whole position.
    fn winner_after(position: &Self::Position, _mv: Self::Move) -> Option<Self::Side> {
        Self::winner(position)
    }
    /// Whether the game is over with no winner (a full tic-tac-toe
    /// board); the other games end only in a win.
    fn drawn(_position: &Self::Position) -> bool {
        false
    }
    /// Whether the game is over: won, or drawn.
    fn is_over(position: &Self::Position) -> bool {
        Self::winner(position).is_some() || Self::drawn(position)
    }
}

/// A game's engine, as a match against it and its record ask of it: its
/// move, the perfect line and the values of a game's moves. The app runs
/// one on a worker thread for each match tab; `Error` is what can stop a
/// search (a Treblecross value past the table's room).
pub trait Engine<R: Rules> {
    type Error: std::fmt::Display;
    /// The engine's move in `position`, `None` when there is none.
    fn best_move(&mut self, position: &R::Position) -> Result<Option<R::Move>, Self::Error>;
    /// The perfect line from `from`, cut where the engine thinks it long
    /// enough to study.
    fn perfect_line(&mut self, from: R::Position) -> Result<PerfectLine<R>, Self::Error>;
    /// The values of `moves` played from `start`, as the review marks them.
    fn annotate(
        &mut self,
        start: &R::Position,
        moves: &[R::Move],
    ) -> Result<Vec<Annotation<R::Value>>, Self::Error>;
}

/// A position's value for the player to move there.
pub trait Value: Copy + PartialEq + Debug {
    /// The value for the player who moved into a position of value `self`.
    fn for_previous_mover(self) -> Self;
    /// The value, for the next mover, of the position after the best move
    /// of a position of value `self` (undoes [`Value::for_previous_mover`]).
    fn after_best_move(self) -> Self;
    /// What a move did for its mover: `before` its value of the position
    /// the move was made in, `after` its value of the move.
    fn mark(before: Self, after: Self) -> Mark;
    /// How the game ends for the player to move, with perfect play.
    fn ending(self) -> Ending;
}

/// How a game ends for a player with perfect play: won or lost, in so many
/// plies when that is known, or drawn (what the value history draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Win(Option<u8>),
    Draw,
    Loss(Option<u8>),
}

impl Ending {
    /// The same position's ending for the other player.
    pub fn other(self) -> Ending {
        match self {
            Ending::Win(d) => Ending::Loss(d),
            Ending::Draw => Ending::Draw,
            Ending::Loss(d) => Ending::Win(d),
        }
    }
    /// Who wins, of `mover` (the player to move) and `other`, and in how
    /// many plies when that is known; `None` for a draw.
    pub fn winner<S>(self, mover: S, other: S) -> Option<(S, Option<u8>)> {
        match self {
            Ending::Win(d) => Some((mover, d)),
            Ending::Loss(d) => Some((other, d)),
            Ending::Draw => None,
        }
    }
}

impl Value for Outcome {
    fn for_previous_mover(self) -> Outcome {
        Outcome::for_previous_mover(self)
    }

    fn after_best_move(self) -> Outcome {
        match self {
            Outcome::Win(d) => Outcome::Loss(d.saturating_sub(1)),
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss(d) => Outcome::Win(d.saturating_sub(1)),
        }
    }

    fn ending(self) -> Ending {
        match self {
            Outcome::Win(d) => Ending::Win(Some(d)),
            Outcome::Draw => Ending::Draw,
            Outcome::Loss(d) => Ending::Loss(Some(d)),
        }
    }

    fn mark(before: Outcome, after: Outcome) -> Mark {
        match Mistake::of(before, after) {
            Some(Mistake::Blunder) => Mark::Blunder,
            Some(Mistake::Inaccuracy) => Mark::Inaccuracy,
            None if before == after => Mark::Best,
            None => Mark::Good,
        }
    }
}

/// The two players of a game against the engine, in the games where both
/// play the same marks (Treblecross, Notakto).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    You,
    Engine,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::You => Player::Engine,
            Player::Engine => Player::You,
        }
    }
}

/// A value known exactly (won or lost in so many plies) or only as won or
/// lost: the games whose exact search stops at a size (a Treblecross strip
/// of many empty cells, a Notakto position of many boards), where the win
/// or loss still comes from their theory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownValue {
    pub winning: bool,
    pub plies: Option<u8>,
}

impl KnownValue {
    /// The value as an outcome for the mover when exact.
    pub fn outcome(self) -> Option<Outcome> {
        self.plies.map(|d| {
            if self.winning {
                Outcome::Win(d)
            } else {
                Outcome::Loss(d)
            }
        })
    }
}

impl Value for KnownValue {
    fn for_previous_mover(self) -> KnownValue {
        KnownValue {
            winning: !self.winning,
            plies: self.plies.map(|d| d + 1),
        }
    }

    fn after_best_move(self) -> KnownValue {
        KnownValue {
            winning: !self.winning,
            plies: self.plies.map(|d| d.saturating_sub(1)),
        }
    }

    fn ending(self) -> Ending {
        if self.winning {
            Ending::Win(self.plies)
        } else {
            Ending::Loss(self.plies)
        }
    }

    /// Exact values are marked as any game's; a value known only as won or
    /// lost marks a win given away, and nothing finer.
    fn mark(before: KnownValue, after: KnownValue) -> Mark {
        match (before.outcome(), after.outcome()) {
            (Some(b), Some(a)) => Outcome::mark(b, a),
            _ if before.winning && !after.winning => Mark::Blunder,
            _ => Mark::Good,
        }
    }
}

/// What a move did for its mover, as the review marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// It kept the value exactly: the fastest win, the slowest loss.
    Best,
    /// It kept the result (a slower win, or a value known only as won).
    Good,
    /// `?!`: a lost position, lost faster.
    Inaccuracy,
    /// `??`: a worse result (a won position given away).
    Blunder,
}

impl Mark {
    /// The sign a move list shows after the move (`??`, `?!` or nothing).
    pub fn sign(self) -> Option<&'static str> {
        match self {
            Mark::Blunder => Some("??"),
            Mark::Inaccuracy => Some("?!"),
            Mark::Best | Mark::Good => None,
        }
    }

    /// What the review says of the move.
    pub fn words(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "keeps the result",
            Mark::Inaccuracy => "?! shortens the defence",
            Mark::Blunder => "?? a blunder",
        }
    }
}

/// What the engine says of one move of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Annotation<V> {
    /// The value, for the mover, of the position the move was made in.
    pub before: V,
    /// The value of the position after the move, for the player to move
    /// there: what the live panel showed after it.
    pub after: V,
}

impl<V: Value> Annotation<V> {
    /// The value of the move for its mover.
    pub fn for_mover(&self) -> V {
        self.after.for_previous_mover()
    }

    pub fn mark(&self) -> Mark {
        V::mark(self.before, self.for_mover())
    }
}

/// The perfect line from a position: both sides' best moves to the end
/// (or its first moves, when `cut`), each with the value, for its mover,
/// of the position it is made in.
#[derive(Debug, Clone, PartialEq)]
pub struct PerfectLine<R: Rules> {
    pub from: R::Position,
    pub moves: Vec<(R::Move, R::Value)>,
    /// The line goes on past its last move here.
    pub cut: bool,
}

/// What the board shows of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The game as it stands.
    Live,
    /// The position after `ply` moves (0: the start).
    Review { ply: usize },
    /// `step` moves along the perfect line from the position after `ply`
    /// moves; `reviewing`: it was opened from a review (and goes back there).
    Line {
        ply: usize,
        step: usize,
        reviewing: bool,
    },
}

/// What a record needs from the engine to show what was asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Wanted<R: Rules> {
    /// The values of these moves, played from the record's start.
    Annotations(R::Position, Vec<R::Move>),
    /// The perfect line from this position.
    Line(R::Position),
}

/// Why a step through the record did nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoStep {
    /// The game has no move yet.
    NoMove,
    /// The line starts where the game is over.
    GameOverThere,
}

/// A game's record: see the module's words.
#[derive(Debug, Clone)]
pub struct Record<R: Rules> {
    start: R::Position,
    moves: Vec<R::Move>,
    /// The position after every move.
    current: R::Position,
    shown: Shown,
    /// The engine's values of the first moves (any prefix of `moves`).
    annotations: Vec<Annotation<R::Value>>,
    line: Option<PerfectLine<R>>,
}

impl<R: Rules> Record<R> {
    pub fn new(start: R::Position) -> Record<R> {
        Record {
            current: start.clone(),
            start,
            moves: Vec::new(),
            shown: Shown::Live,
            annotations: Vec::new(),
            line: None,
        }
    }

    pub fn start(&self) -> &R::Position {
        &self.start
    }

    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }

    /// The position after every move.
    pub fn current(&self) -> &R::Position {
        &self.current
    }

    pub fn shown(&self) -> Shown {
        self.shown
    }

    /// Adds a move (legal in the current position: the game's `Match`
    /// checks). What is shown stays: a review is not moved by a reply.
    pub fn push(&mut self, mv: R::Move) {
        R::play(&mut self.current, mv);
        self.moves.push(mv);
    }

    /// Keeps the first `ply` moves (a take-back), showing the game.
    pub fn truncate(&mut self, ply: usize) {
        if ply < self.moves.len() {
            self.current = self.position_at(ply);
            self.moves.truncate(ply);
            self.annotations.truncate(ply);
        }
        self.shown = Shown::Live;
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> R::Position {
        if ply >= self.moves.len() {
            return self.current.clone();
        }
        let mut position = self.start.clone();
        for &mv in &self.moves[..ply] {
            R::play(&mut position, mv);
        }
        position
    }

    /// Shows `visit` each move (its index, the position it was made in,
    /// the move), from the start: one position walked along, no copies.
    pub fn visit(&self, mut visit: impl FnMut(usize, &R::Position, R::Move)) {
        let mut position = self.start.clone();
        for (i, &mv) in self.moves.iter().enumerate() {
            visit(i, &position, mv);
            R::play(&mut position, mv);
        }
    }

    /// The position the board shows, and the move that led to it.
    pub fn shown_position(&self) -> (R::Position, Option<R::Move>) {
        let last_of = |ply: usize| ply.checked_sub(1).map(|i| self.moves[i]);
        match self.shown {
            Shown::Live => (self.current.clone(), last_of(self.moves.len())),
            Shown::Review { ply } => (self.position_at(ply), last_of(ply)),
            Shown::Line { ply, step, .. } => match self.line() {
                Some(line) if step > 0 => {
                    let mut position = line.from.clone();
                    for &(mv, _) in &line.moves[..step] {
                        R::play(&mut position, mv);
                    }
                    (position, Some(line.moves[step - 1].0))
                }
                _ => (self.position_at(ply), last_of(ply)),
            },
        }
    }

    /// Every move's annotation, once the engine has given them all.
    pub fn annotations(&self) -> Option<&[Annotation<R::Value>]> {
        (self.annotations.len() == self.moves.len()).then_some(&self.annotations[..])
    }

    /// The annotation of move `i` (0-based), when known.
    pub fn annotation(&self, i: usize) -> Option<&Annotation<R::Value>> {
        self.annotations.get(i)
    }

    /// The perfect line shown, once the engine has given it.
    pub fn line(&self) -> Option<&PerfectLine<R>> {
        let Shown::Line { ply, .. } = self.shown else {
            return None;
        };
        let from = self.position_at(ply);
        self.line.as_ref().filter(|line| line.from == from)
    }

    /// What the engine must answer for the annotations to be complete.
    pub fn wanted_annotations(&self) -> Option<Wanted<R>> {
        self.annotations()
            .is_none()
            .then(|| Wanted::Annotations(self.start.clone(), self.moves.clone()))
    }

    /// Takes in the engine's values of these moves from `start`; kept if
    /// they are of the first moves of this game.
    pub fn annotated(
        &mut self,
        start: &R::Position,
        moves: &[R::Move],
        values: Vec<Annotation<R::Value>>,
    ) {
        if *start == self.start
            && moves.len() >= self.annotations.len()
            && self.moves.starts_with(moves)
            && values.len() == moves.len()
        {
            self.annotations = values;
        }
    }

    /// Takes in a perfect line (kept for as long as it is shown or might
    /// be shown again from the same position).
    pub fn lined(&mut self, line: PerfectLine<R>) {
        self.line = Some(line);
    }

    /// Reviews the position after `ply` moves (the game itself at its end).
    pub fn review(&mut self, ply: usize) -> Option<Wanted<R>> {
        if ply >= self.moves.len() {
            self.shown = Shown::Live;
            return None;
        }
        self.shown = Shown::Review { ply };
        self.wanted_annotations()
    }

    /// One move back or forward: along the game, or along the line shown.
    pub fn step(&mut self, by: isize) -> Result<Option<Wanted<R>>, NoStep> {
        let moves = self.moves.len();
        match self.shown {
            Shown::Live if by < 0 && moves > 0 => Ok(self.review(moves - 1)),
            Shown::Live if moves == 0 => Err(NoStep::NoMove),
            Shown::Live => Ok(None),
            Shown::Review { ply } => Ok(self.review(ply.saturating_add_signed(by).min(moves))),
            Shown::Line {
                ply,
                step,
                reviewing,
            } => {
                let longest = self.line().map_or(0, |l| l.moves.len());
                self.shown = Shown::Line {
                    ply,
                    step: step.saturating_add_signed(by).min(longest),
                    reviewing,
                };
                Ok(None)
            }
        }
    }

    /// The perfect line from the position shown; from the line, back to
    /// where it was opened (the review, or the game).
    pub fn toggle_line(
        &mut self,
        is_over: impl Fn(&R::Position) -> bool,
    ) -> Result<Option<Wanted<R>>, NoStep> {
        let (ply, reviewing) = match self.shown {
            Shown::Line { .. } => {
                self.back();
                return Ok(None);
            }
            Shown::Live => (self.moves.len(), false),
            Shown::Review { ply } => (ply, true),
        };
        let from = self.position_at(ply);
        if is_over(&from) {
            return Err(NoStep::GameOverThere);
        }
        self.shown = Shown::Line {
            ply,
            step: 0,
            reviewing,
        };
        Ok(self.line().is_none().then_some(Wanted::Line(from)))
    }

    /// One level back: from a line to where it was opened, from a review
    /// to the game.
    pub fn back(&mut self) {
        self.shown = match self.shown {
            Shown::Line {
                ply,
                reviewing: true,
                ..
            } if ply < self.moves.len() => Shown::Review { ply },
            _ => Shown::Live,
        };
    }

    /// Play on from the position shown: later moves go, and the line's
    /// moves up to the step shown become the game's. False when the game
    /// is shown as it stands (nothing to do).
    pub fn continue_here(&mut self) -> bool {
        let (ply, steps) = match self.shown {
            Shown::Live => return false,
            Shown::Review { ply } => (ply, 0),
            Shown::Line { ply, step, .. } => (ply, step),
        };
        let line: Vec<R::Move> = self
            .line()
            .map(|line| line.moves[..steps].iter().map(|&(mv, _)| mv).collect())
            .unwrap_or_default();
        self.truncate(ply);
        for mv in line {
            self.push(mv);
        }
        self.shown = Shown::Live;
        true
    }
}

#[cfg(test)]
mod tests;
