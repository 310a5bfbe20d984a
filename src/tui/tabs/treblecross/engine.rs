//! The Treblecross engine on a worker thread, as MNC's: its moves, the
//! perfect line and a game's annotations are searched there (an exact
//! search grows about 1.6 times per empty cell, and a long strip may need
//! its Grundy table grown first), with its own Grundy table, so that no
//! frame waits for them.

use crate::solver::grundy::GrundyTable;
use crate::solver::octal::ValueTooLarge;
use crate::solver::record::{Annotation, PerfectLine};
use crate::solver::treblecross::{
    annotate, engine_move, perfect_line, Move, Position, StripValue, TreblecrossRules,
};
use crate::tui::worker::Worker;

/// The most moves of a perfect line worked out at once (a long strip has
/// thousands; the first ones are the ones to study).
pub const LINE_MOST: usize = 200;

pub type Request = crate::tui::worker::GameRequest<TreblecrossRules>;

/// An answer, with the position it is about (the tab drops stale ones).
pub enum Reply {
    /// The engine's cell, `None` on a full strip.
    Move(Position, Result<Option<Move>, ValueTooLarge>),
    Line(Result<PerfectLine<TreblecrossRules>, ValueTooLarge>),
    Annotated(
        Position,
        Vec<Move>,
        Result<Vec<Annotation<StripValue>>, ValueTooLarge>,
    ),
}

pub fn start() -> Worker<Request, Reply> {
    Worker::start(GrundyTable::default, |table, request| match request {
        Request::Move(position) => {
            let cell = engine_move(&position.strip, table);
            Reply::Move(position, cell)
        }
        Request::Line(from) => Reply::Line(
            perfect_line(&from.strip, table, LINE_MOST).map(|(moves, cut)| PerfectLine {
                from,
                moves,
                cut,
            }),
        ),
        Request::Annotate(start, moves) => {
            let values = annotate(&start, &moves, table);
            Reply::Annotated(start, moves, values)
        }
    })
}
