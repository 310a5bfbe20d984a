//! A match against the engine: a [`Record`] whose moves all went through
//! the game's rules, and whose human may take back.

use super::{Annotation, NoStep, PerfectLine, Record, Rules, Wanted};

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
    /// The winner of the current position, kept as moves are made (asked
    /// for after every move, and by every view).
    winner: Option<R::Side>,
    /// Whether the current position is over with no winner.
    drawn: bool,
}

impl<R: Rules> Match<R> {
    /// A match from `start` (where the game must not be over already).
    pub fn new(start: R::Position, human: R::Side) -> Match<R> {
        let winner = R::winner(&start);
        let drawn = R::drawn(&start);
        Match {
            human,
            record: Record::new(start),
            winner,
            drawn,
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
        self.winner
    }

    /// The winner found again, after the current position changed other
    /// than by a move.
    fn refresh(&mut self) {
        self.winner = R::winner(self.position());
        self.drawn = R::drawn(self.position());
    }

    /// Whether the game goes on (no winner, no draw).
    pub fn is_on(&self) -> bool {
        self.winner.is_none() && !self.drawn
    }

    /// Whether the game is over with no winner.
    pub fn is_drawn(&self) -> bool {
        self.drawn
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
        self.winner = R::winner_after(self.position(), mv);
        self.drawn = self.winner.is_none() && R::drawn(self.position());
        Ok(())
    }

    /// Takes back the human's last move and everything after it (the
    /// engine's reply): the human is to move again.
    pub fn take_back(&mut self) -> Result<(), MatchError<R::Illegal>> {
        let last = self
            .last_human_move()
            .ok_or(MatchError::NothingToTakeBack)?;
        self.record.truncate(last);
        self.refresh();
        Ok(())
    }

    /// The same start again, nothing played.
    pub fn restart(&mut self) {
        self.record = Record::new(self.record.start().clone());
        self.refresh();
    }

    // The review, as the record keeps it.

    pub fn review(&mut self, ply: usize) -> Option<Wanted<R>> {
        self.record.review(ply)
    }

    pub fn step(&mut self, by: isize) -> Result<Option<Wanted<R>>, NoStep> {
        self.record.step(by)
    }

    pub fn toggle_line(&mut self) -> Result<Option<Wanted<R>>, NoStep> {
        self.record.toggle_line(R::is_over)
    }

    pub fn back(&mut self) {
        self.record.back();
    }

    /// Play on from the position shown (see [`Record::continue_here`]).
    pub fn continue_here(&mut self) -> bool {
        let continued = self.record.continue_here();
        self.refresh();
        continued
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
