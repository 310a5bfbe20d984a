//! The record of a game played against the engine, for any of the games:
//! the moves from a start, what the engine said about each (the mover's
//! value before it and the value after it, counted as the live panel
//! counts), a review cursor, and the perfect line from any point of the
//! game. No UI here: both match tabs show a `Record` the same way, and the
//! tabs' workers fill in the values it asks for.

use crate::solver::search::{Mistake, Outcome};
use std::fmt::Debug;

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

    fn mark(before: Outcome, after: Outcome) -> Mark {
        match Mistake::of(before, after) {
            Some(Mistake::Blunder) => Mark::Blunder,
            Some(Mistake::Inaccuracy) => Mark::Inaccuracy,
            None if before == after => Mark::Best,
            None => Mark::Good,
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

/// Why a match refused a move or a take-back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchError<I> {
    /// The game has a winner.
    GameOver,
    /// It is the other side's move.
    NotYourTurn,
    /// The human has no move to take back.
    NothingToTakeBack,
    /// The game's rules refuse the move.
    Illegal(I),
}

/// A match against the engine: the human's side and the game's record.
/// Every move goes through the rules; the fields stay private so that the
/// record never holds an illegal move.
#[derive(Debug, Clone)]
pub struct Match<R: Rules> {
    human: R::Side,
    record: Record<R>,
}

impl<R: Rules> Match<R> {
    /// A match from `start` (where the game must not be over already).
    pub fn new(start: R::Position, human: R::Side) -> Match<R> {
        Match {
            human,
            record: Record::new(start),
        }
    }

    pub fn human(&self) -> R::Side {
        self.human
    }

    pub fn record(&self) -> &Record<R> {
        &self.record
    }

    /// The position after every move.
    pub fn position(&self) -> &R::Position {
        self.record.current()
    }

    pub fn to_move(&self) -> R::Side {
        R::to_move(self.position())
    }

    pub fn winner(&self) -> Option<R::Side> {
        R::winner(self.position())
    }

    /// Whether the game goes on.
    pub fn is_on(&self) -> bool {
        self.winner().is_none()
    }

    /// Whether the human is to move in a game going on.
    pub fn humans_turn(&self) -> bool {
        self.is_on() && self.to_move() == self.human
    }

    /// Whether the human has made a move (a match worth keeping).
    pub fn human_moved(&self) -> bool {
        self.last_human_move().is_some()
    }

    /// The index of the human's last move.
    fn last_human_move(&self) -> Option<usize> {
        let mut last = None;
        self.record.visit(|i, before, _| {
            if R::to_move(before) == self.human {
                last = Some(i);
            }
        });
        last
    }

    /// `side` makes `mv`.
    pub fn play(&mut self, side: R::Side, mv: R::Move) -> Result<(), MatchError<R::Illegal>> {
        if !self.is_on() {
            return Err(MatchError::GameOver);
        }
        if side != self.to_move() {
            return Err(MatchError::NotYourTurn);
        }
        R::check(self.position(), mv).map_err(MatchError::Illegal)?;
        self.record.push(mv);
        Ok(())
    }

    /// Takes back the human's last move and everything after it (the
    /// engine's reply): the human is to move again.
    pub fn take_back(&mut self) -> Result<(), MatchError<R::Illegal>> {
        let last = self
            .last_human_move()
            .ok_or(MatchError::NothingToTakeBack)?;
        self.record.truncate(last);
        Ok(())
    }

    /// The same start again, nothing played.
    pub fn restart(&mut self) {
        self.record = Record::new(self.record.start().clone());
    }

    // The review, as the record keeps it.

    pub fn review(&mut self, ply: usize) -> Option<Wanted<R>> {
        self.record.review(ply)
    }

    pub fn step(&mut self, by: isize) -> Result<Option<Wanted<R>>, NoStep> {
        self.record.step(by)
    }

    pub fn toggle_line(&mut self) -> Result<Option<Wanted<R>>, NoStep> {
        self.record.toggle_line(|p| R::winner(p).is_some())
    }

    pub fn back(&mut self) {
        self.record.back();
    }

    /// Play on from the position shown (see [`Record::continue_here`]).
    pub fn continue_here(&mut self) -> bool {
        self.record.continue_here()
    }

    pub fn annotated(
        &mut self,
        start: &R::Position,
        moves: &[R::Move],
        values: Vec<Annotation<R::Value>>,
    ) {
        self.record.annotated(start, moves, values);
    }

    pub fn lined(&mut self, line: PerfectLine<R>) {
        self.record.lined(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 from a heap; who takes the last wins. A position is
    /// the heap and whether the first player is to move.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Nim;

    impl Rules for Nim {
        type Position = (u8, bool);
        type Move = u8;
        type Value = Outcome;
        type Side = bool;
        type Illegal = ();
        fn check(&(heap, _): &(u8, bool), take: u8) -> Result<(), ()> {
            ((1..=2).contains(&take) && take <= heap)
                .then_some(())
                .ok_or(())
        }
        fn play((heap, first): &mut (u8, bool), take: u8) {
            *heap -= take;
            *first = !*first;
        }
        fn to_move(&(_, first): &(u8, bool)) -> bool {
            first
        }
        fn winner(&(heap, first): &(u8, bool)) -> Option<bool> {
            (heap == 0).then_some(!first)
        }
    }

    fn value(heap: u8) -> Outcome {
        // Multiples of 3 are lost; a win takes one move per 3 tokens.
        match heap % 3 {
            0 => Outcome::Loss(heap / 3 * 2),
            _ => Outcome::Win(heap / 3 * 2 + 1),
        }
    }

    fn annotate(record: &Record<Nim>) -> Vec<Annotation<Outcome>> {
        let mut values = Vec::new();
        record.visit(|_, &(heap, _), take| {
            values.push(Annotation {
                before: value(heap),
                after: value(heap - take),
            })
        });
        values
    }

    fn heap(record: &Record<Nim>) -> u8 {
        record.current().0
    }

    #[test]
    fn moves_positions_and_take_backs() {
        let mut record = Record::<Nim>::new((10, true));
        for take in [1, 2, 2] {
            record.push(take);
        }
        assert_eq!(*record.current(), (5, false));
        assert_eq!(record.position_at(1), (9, false));
        let mut heaps = Vec::new();
        record.visit(|_, &(heap, _), take| heaps.push((heap, take)));
        assert_eq!(heaps, [(10, 1), (9, 2), (7, 2)]);
        record.truncate(1);
        assert_eq!((heap(&record), record.moves()), (9, &[1][..]));
    }

    #[test]
    fn marks_count_after_as_the_panel_does() {
        let mut record = Record::<Nim>::new((10, true));
        record.push(1); // 10 → 9: the best move (9 is lost for the next)
        record.push(1); // 9 → 8: lost anyway, and as slowly as can be
        record.push(1); // 8 → 7: a blunder (7 is won for the next)
        let values = annotate(&record);
        record.annotated(&(10, true), &[1, 1, 1], values);
        let marks: Vec<Mark> = record
            .annotations()
            .unwrap()
            .iter()
            .map(|a| a.mark())
            .collect();
        assert_eq!(marks, [Mark::Best, Mark::Best, Mark::Blunder]);
        // After 10 → 9 the panel says "the player to move loses in 6".
        assert_eq!(record.annotation(0).unwrap().after, Outcome::Loss(6));
        assert_eq!(record.annotation(0).unwrap().for_mover(), Outcome::Win(7));
        // Values of another game's moves are not taken.
        record.truncate(0);
        record.push(2);
        let other = vec![Annotation {
            before: Outcome::Win(7),
            after: Outcome::Loss(6),
        }];
        record.annotated(&(10, true), &[1], other);
        assert!(record.annotations().is_none());
    }

    #[test]
    fn review_line_back_and_continue() {
        let over = |p: &(u8, bool)| p.0 == 0;
        let mut record = Record::<Nim>::new((7, true));
        record.push(2);
        record.push(1);
        assert_eq!(
            record.step(-1),
            Ok(Some(Wanted::Annotations((7, true), vec![2, 1])))
        );
        assert_eq!(record.shown(), Shown::Review { ply: 1 });
        assert_eq!(record.shown_position(), ((5, false), Some(2)));
        // The line from the reviewed position; back goes to the review.
        assert_eq!(record.toggle_line(over), Ok(Some(Wanted::Line((5, false)))));
        record.lined(PerfectLine {
            from: (5, false),
            moves: vec![
                (2, Outcome::Win(3)),
                (1, Outcome::Loss(2)),
                (2, Outcome::Win(1)),
            ],
            cut: false,
        });
        record.step(1).unwrap();
        record.step(1).unwrap();
        assert_eq!(record.shown_position(), ((2, false), Some(1)));
        record.back();
        assert_eq!(record.shown(), Shown::Review { ply: 1 });
        record.back();
        assert_eq!(record.shown(), Shown::Live);
        // Continue from two steps along the line: 7 -2→ 5 -2→ 3 -1→ 2.
        record.review(1);
        record.toggle_line(over).unwrap();
        record.step(2).unwrap();
        assert!(record.continue_here());
        assert_eq!(record.moves(), [2, 2, 1]);
        assert_eq!(*record.current(), (2, false));
        assert_eq!(record.shown(), Shown::Live);
        // No line where the game is over.
        let mut done = Record::<Nim>::new((1, true));
        done.push(1);
        assert_eq!(done.toggle_line(over), Err(NoStep::GameOverThere));
        assert_eq!(Record::<Nim>::new((3, true)).step(-1), Err(NoStep::NoMove));
    }

    #[test]
    fn a_match_checks_moves_and_takes_back_to_the_humans_turn() {
        let mut game = Match::<Nim>::new((10, true), true);
        assert_eq!(game.play(false, 1), Err(MatchError::NotYourTurn));
        assert_eq!(game.play(true, 3), Err(MatchError::Illegal(())));
        assert_eq!(game.take_back(), Err(MatchError::NothingToTakeBack));
        game.play(true, 1).unwrap();
        assert!(!game.humans_turn() && game.human_moved());
        game.play(false, 1).unwrap();
        game.play(true, 2).unwrap();
        game.take_back().unwrap();
        assert_eq!(*game.position(), (8, true));
        assert_eq!(game.record().moves(), [1, 1]);
        game.take_back().unwrap();
        assert_eq!(*game.position(), (10, true));
        let mut short = Match::<Nim>::new((2, true), true);
        short.play(true, 2).unwrap();
        assert_eq!(short.winner(), Some(true));
        assert_eq!(short.play(false, 1), Err(MatchError::GameOver));
    }
}
