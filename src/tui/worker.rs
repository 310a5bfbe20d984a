//! A search on its own thread, so that no frame waits for one: the tab
//! sends requests and takes in the answers on its ticks. The three match
//! tabs run their engines this way (MNC's also rates positions and makes
//! its puzzles, through its own requests).

use crate::solver::record::{Annotation, Engine, PerfectLine, Rules, Wanted};
use std::convert::Infallible;
use std::fmt;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};

enum Message<A> {
    /// The thread has set itself up (the MNC engine solves the game first).
    Ready,
    Answer(A),
}

/// The tab's end of a worker thread answering requests `Q` with `A`.
pub struct Worker<Q, A> {
    requests: Sender<Q>,
    replies: Receiver<Message<A>>,
    ready: bool,
    /// Requests sent and not yet answered.
    pending: usize,
}

impl<Q: Send + 'static, A: Send + 'static> Worker<Q, A> {
    /// Starts the thread: it runs `setup` once, then answers each request
    /// with `answer`, in order, until the tab drops its end.
    pub fn start<S>(
        setup: impl FnOnce() -> S + Send + 'static,
        mut answer: impl FnMut(&mut S, Q) -> A + Send + 'static,
    ) -> Worker<Q, A> {
        let (requests, inbox) = channel::<Q>();
        let (outbox, replies) = channel();
        std::thread::spawn(move || {
            let mut state = setup();
            if outbox.send(Message::Ready).is_err() {
                return;
            }
            for request in inbox {
                if outbox
                    .send(Message::Answer(answer(&mut state, request)))
                    .is_err()
                {
                    return;
                }
            }
        });
        Worker {
            requests,
            replies,
            ready: false,
            pending: 0,
        }
    }
}

/// Asking and answering need nothing of the types: only starting the
/// thread sends them across.
impl<Q, A> Worker<Q, A> {
    pub fn ask(&mut self, request: Q) {
        if self.requests.send(request).is_ok() {
            self.pending += 1;
        }
    }

    /// Whether the thread has finished setting up.
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// Whether a request is still being worked on.
    pub fn is_busy(&self) -> bool {
        self.pending > 0
    }

    /// The next answer, if one has arrived; an error once the thread is
    /// gone (it panicked: it never ends on its own while asked).
    pub fn try_reply(&mut self) -> Result<Option<A>, WorkerGone> {
        loop {
            match self.replies.try_recv() {
                Ok(Message::Ready) => self.ready = true,
                Ok(Message::Answer(answer)) => {
                    self.pending = self.pending.saturating_sub(1);
                    return Ok(Some(answer));
                }
                Err(TryRecvError::Empty) => return Ok(None),
                Err(TryRecvError::Disconnected) => return Err(WorkerGone),
            }
        }
    }
}

/// What a match tab asks its engine's thread, in any game: its move, the
/// perfect line, or a game's values (what a record wants, and the move);
/// and `O`, what the game asks of its engine besides (MNC's ratings and
/// puzzles; nothing for most games).
pub enum GameRequest<R: Rules, O = Infallible> {
    /// The engine's move in this position.
    Move(R::Position),
    /// The perfect line from this position.
    Line(R::Position),
    /// The values of a game's moves, played from a start.
    Annotate(R::Position, Vec<R::Move>),
    /// The game's own request.
    Own(O),
}

impl<R: Rules, O> From<Wanted<R>> for GameRequest<R, O> {
    fn from(wanted: Wanted<R>) -> GameRequest<R, O> {
        match wanted {
            Wanted::Annotations(start, moves) => GameRequest::Annotate(start, moves),
            Wanted::Line(from) => GameRequest::Line(from),
        }
    }
}

/// An engine's answer, with the position it is about (the tab drops stale
/// ones); a search that failed says why in words. `A` answers the game's
/// own requests.
pub enum GameReply<R: Rules, A = Infallible> {
    /// The engine's move, `None` when it has none.
    Move(R::Position, Result<Option<R::Move>, String>),
    Line(Result<PerfectLine<R>, String>),
    Annotated(
        R::Position,
        Vec<R::Move>,
        Result<Vec<Annotation<R::Value>>, String>,
    ),
    Own(A),
}

/// A game whose positions, moves and values may go to the engine's thread
/// and back.
pub trait SendRules: Rules<Position: Send, Move: Send, Value: Send> + 'static {}

impl<R> SendRules for R where R: Rules<Position: Send, Move: Send, Value: Send> + 'static {}

/// Starts a game's engine on its own thread: `make` builds it there (its
/// tables are its own), then it answers each [`GameRequest`].
pub fn start_engine<R, E>(
    make: impl FnOnce() -> E + Send + 'static,
) -> Worker<GameRequest<R>, GameReply<R>>
where
    R: SendRules,
    E: Engine<R>,
{
    start_engine_with(make, |_: &mut E, never: Infallible| match never {})
}

/// [`start_engine`] for an engine that also answers its game's own
/// requests, with `own`, on the same thread (and the same tables).
pub fn start_engine_with<R, E, O, A>(
    make: impl FnOnce() -> E + Send + 'static,
    mut own: impl FnMut(&mut E, O) -> A + Send + 'static,
) -> Worker<GameRequest<R, O>, GameReply<R, A>>
where
    R: SendRules,
    E: Engine<R>,
    O: Send + 'static,
    A: Send + 'static,
{
    Worker::start(make, move |engine: &mut E, request| {
        let words = |e: E::Error| e.to_string();
        match request {
            GameRequest::Move(position) => {
                let mv = engine.best_move(&position).map_err(words);
                GameReply::Move(position, mv)
            }
            GameRequest::Line(from) => GameReply::Line(engine.perfect_line(from).map_err(words)),
            GameRequest::Annotate(start, moves) => {
                let values = engine.annotate(&start, &moves).map_err(words);
                GameReply::Annotated(start, moves, values)
            }
            GameRequest::Own(request) => GameReply::Own(own(engine, request)),
        }
    })
}

/// The worker thread ended: no more answers will come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerGone;

impl fmt::Display for WorkerGone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "its thread ended without an answer (restart the app)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait<Q: Send + 'static, A: Send + 'static>(worker: &mut Worker<Q, A>) -> A {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(answer) = worker.try_reply().unwrap() {
                return answer;
            }
            assert!(Instant::now() < deadline, "no answer");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn answers_come_in_order_and_the_state_is_kept() {
        let mut worker = Worker::start(
            || 10,
            |sum: &mut i32, n: i32| {
                *sum += n;
                *sum
            },
        );
        worker.ask(1);
        worker.ask(2);
        assert!(worker.is_busy());
        assert_eq!(wait(&mut worker), 11);
        assert_eq!(wait(&mut worker), 13);
        assert!(worker.is_ready() && !worker.is_busy());
    }

    #[test]
    fn a_panicking_thread_is_reported_gone() {
        let mut worker = Worker::start(|| (), |_: &mut (), _: ()| -> () { panic!("broken") });
        worker.ask(());
        let deadline = Instant::now() + Duration::from_secs(10);
        while worker.try_reply() != Err(WorkerGone) {
            assert!(Instant::now() < deadline, "never reported");
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
