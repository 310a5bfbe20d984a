//! The MNC engine on a worker thread: it solves the game at start, then
//! answers requests, so the screen never waits for it.

use crate::solver::mnc::MncPuzzle;
use crate::solver::mnc::{Engine, MncRules, Move, Position};
use crate::solver::puzzle::{Choice, PuzzleId, Puzzler};
use crate::solver::record::{Annotation, PerfectLine};
use crate::solver::Outcome;
use crate::tui::worker::Worker;

pub enum Request {
    /// The engine's move in this position.
    Move(Position),
    /// The value of this position and of every legal move in it.
    Rate(Position),
    /// The perfect line from this position.
    Line(Position),
    /// The values of a game's moves, played from a start.
    Annotate(Position, Vec<Move>),
    /// The puzzle chosen (read off the solved game): named, or near a
    /// rating.
    Puzzle(Choice),
}

/// The value of a position for its mover, and of each legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub position: Position,
    pub value: Outcome,
    /// Best first.
    pub moves: Vec<(Move, Outcome)>,
}

/// An answer, with the position it is about (the tab drops stale ones).
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Move(Position, Option<Move>),
    Rated(Rating),
    Line(PerfectLine<MncRules>),
    Annotated(Position, Vec<Move>, Vec<Annotation<Outcome>>),
    /// The choice asked for, the puzzle's id and the puzzle.
    Puzzle(Choice, PuzzleId, Box<MncPuzzle>),
}

/// Starts the engine's thread; it solves the whole game first (about 0.1 s).
/// The puzzles come from the same solved game.
pub fn start() -> Worker<Request, Reply> {
    Worker::start(|| Puzzler::with_engine(Engine::solved()), answer)
}

fn answer(puzzler: &mut Puzzler, request: Request) -> Reply {
    match request {
        Request::Puzzle(choice) => {
            let (id, puzzle) = puzzler.chosen(choice);
            Reply::Puzzle(choice, id, Box::new(puzzle))
        }
        Request::Move(position) => Reply::Move(position, puzzler.engine().best_move(&position)),
        Request::Rate(position) => {
            let engine = puzzler.engine();
            Reply::Rated(Rating {
                position,
                value: engine.value(&position),
                moves: engine.rate_moves(&position),
            })
        }
        Request::Line(position) => Reply::Line(puzzler.engine().perfect_line(&position)),
        Request::Annotate(start, moves) => {
            let values = puzzler.engine().annotate(&start, &moves);
            Reply::Annotated(start, moves, values)
        }
    }
}
