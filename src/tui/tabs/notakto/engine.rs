//! The Notakto engine on a worker thread, as the other match tabs': its
//! moves, the perfect line and a game's annotations. On up to three live
//! boards each is an exact search (about 10 ms for three empty boards, a
//! game's annotations a few times that), which no frame should wait for.

use crate::solver::notakto::game::{annotate, perfect_line, NotaktoRules, Position};
use crate::solver::notakto::{engine_move, Move};
use crate::solver::record::{Annotation, KnownValue, PerfectLine};
use crate::tui::worker::Worker;

/// The most moves of a perfect line: every move of 9 boards (a board holds
/// at most 6 X without a line, so it takes at most 7).
pub const LINE_MOST: usize = 63;

pub type Request = crate::tui::worker::GameRequest<NotaktoRules>;

/// An answer, with the position it is about (the tab drops stale ones).
pub enum Reply {
    /// The engine's move, `None` when no board is live.
    Move(Position, Option<Move>),
    Line(PerfectLine<NotaktoRules>),
    Annotated(Position, Vec<Move>, Vec<Annotation<KnownValue>>),
}

pub fn start() -> Worker<Request, Reply> {
    Worker::start(
        || (),
        |_, request| match request {
            Request::Move(position) => {
                let mv = engine_move(&position.boards);
                Reply::Move(position, mv)
            }
            Request::Line(from) => {
                let (moves, cut) = perfect_line(&from.boards, LINE_MOST);
                Reply::Line(PerfectLine { from, moves, cut })
            }
            Request::Annotate(start, moves) => {
                let values = annotate(&start.boards, &moves);
                Reply::Annotated(start, moves, values)
            }
        },
    )
}
