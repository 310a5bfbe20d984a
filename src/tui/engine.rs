//! The MNC engine on its own thread: it solves the game at start, then
//! answers requests, so the screen never waits for it.

use crate::solver::mnc::{Engine, Move, Position};
use crate::solver::Outcome;
use std::fmt;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};

enum Request {
    /// The engine's move in this position.
    Move(Position),
    /// The value of this position and of every legal move in it.
    Rate(Position),
    /// The perfect line from this position.
    Line(Position),
    /// The values before and after each move of a game.
    Annotate(Vec<(Position, Move)>),
}

/// The value of a position for its mover, and of each legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub position: Position,
    pub value: Outcome,
    /// Best first.
    pub moves: Vec<(Move, Outcome)>,
}

/// An answer, with the position it is about (the app drops stale ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Solved,
    Move(Position, Option<Move>),
    Rated(Rating),
    /// The perfect line from a position: each move with the position it is
    /// made in and its value for its mover.
    Line(Position, Vec<(Position, Move, Outcome)>),
    /// A game's moves, each with its mover's value before and after it.
    Annotated(Vec<(Position, Move)>, Vec<(Outcome, Outcome)>),
}

/// The app's end of the engine thread.
pub struct EngineWorker {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
}

impl EngineWorker {
    /// Starts the thread; it solves the whole game first (about 0.1 s).
    pub fn start() -> EngineWorker {
        let (requests, inbox) = channel::<Request>();
        let (outbox, replies) = channel();
        std::thread::spawn(move || {
            let mut engine = Engine::solved();
            if outbox.send(Reply::Solved).is_err() {
                return;
            }
            for request in inbox {
                let reply = match request {
                    Request::Move(position) => Reply::Move(position, engine.best_move(&position)),
                    Request::Rate(position) => Reply::Rated(Rating {
                        position,
                        value: engine.value(&position),
                        moves: engine.rate_moves(&position),
                    }),
                    Request::Line(position) => {
                        Reply::Line(position, engine.perfect_line(&position))
                    }
                    Request::Annotate(moves) => {
                        let values = engine.annotate(&moves);
                        Reply::Annotated(moves, values)
                    }
                };
                if outbox.send(reply).is_err() {
                    return;
                }
            }
        });
        EngineWorker { requests, replies }
    }

    pub fn ask_move(&self, position: Position) {
        let _ = self.requests.send(Request::Move(position));
    }

    pub fn ask_rating(&self, position: Position) {
        let _ = self.requests.send(Request::Rate(position));
    }

    pub fn ask_line(&self, position: Position) {
        let _ = self.requests.send(Request::Line(position));
    }

    pub fn ask_annotations(&self, moves: Vec<(Position, Move)>) {
        let _ = self.requests.send(Request::Annotate(moves));
    }

    /// The next reply, if one has arrived; an error once the thread is
    /// gone (it panicked: it never ends on its own while asked).
    pub fn try_reply(&self) -> Result<Option<Reply>, EngineGone> {
        match self.replies.try_recv() {
            Ok(reply) => Ok(Some(reply)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(EngineGone),
        }
    }
}

/// The engine thread ended: no more answers will come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineGone;

impl fmt::Display for EngineGone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "its thread ended without an answer (restart the app)")
    }
}
