//! A match against the engine, written once for every tab that has one:
//! your moves and the engine's (asked of the worker thread, shown at once
//! or after a short delay), the take-back, the review and the perfect
//! line, and the game put aside for the puzzles. Where the game is played
//! from the editor's own position (Treblecross, Notakto), starting and
//! stopping one, and the perfect line studied from the editor with no
//! game, are here too.
//!
//! A tab holds a [`Playing`] and implements [`PlayingTab`]: where its
//! position comes from and goes back to, and the game's words. Every
//! action here is then the same in each such tab.

mod editor;
mod words;

pub use editor::{Abandon, EditedMatch};
pub use words::{game_lines, won_words, Banner, Players, PlayingWords};

use crate::solver::record::{Engine, Match, MatchError, Record, Rules, Wanted};
use crate::tui::record_view::{self, taken_back};
use crate::tui::review::{self, Review};
use crate::tui::worker::{
    start_engine, start_engine_with, GameReply, GameRequest, SendRules, Worker,
};
use std::convert::Infallible;
use std::time::{Duration, Instant};

/// The modes of a tab with a match, for its keys' `when`: each such tab
/// has these four, and its own from [`OWN_MODES`] on.
pub mod modes {
    use crate::tui::keymap::{modes, When};
    modes! {
        /// Editing the position (no game, or a game stopped).
        EDITING,
        /// A game against the engine, going on.
        PLAYING,
        /// A game against the engine, won by one side.
        GAME_OVER,
        /// An earlier position of the game, or a step along the perfect line.
        REVIEWING,
    }
    /// A game, going on or over.
    pub const GAME: When = PLAYING.or(GAME_OVER);
}

/// Where a tab's own modes begin, after [`modes`]' four.
pub const OWN_MODES: u8 = 4;

/// A game against the engine when one is on, the editor's study of a
/// perfect line when one is shown, and the engine's thread, which answers
/// the game's own requests `O` with `A` too (none for most games).
pub struct Playing<R: Rules, O = Infallible, A = Infallible> {
    /// The game, while it lasts: it holds the position.
    pub game: Option<Match<R>>,
    /// A perfect line studied from the editor (no game): a record of no
    /// moves that starts at the editor's position.
    pub study: Option<Record<R>>,
    worker: Worker<GameRequest<R, O>, GameReply<R, A>>,
    /// How long the engine's move waits before it is played, so that the
    /// player sees one move at a time.
    delay: Duration,
    /// The engine's move, waiting for its time: when, where, which.
    due: Option<(Instant, R::Position, R::Move)>,
    /// Why the engine stopped answering, once it has.
    failed: Option<String>,
    /// What the game's start said (who holds the winning side), said
    /// again beside the engine's first move when the engine begins, whose
    /// words would hide it.
    opening: Option<String>,
}

impl<R: SendRules> Playing<R> {
    /// No game yet; `engine` is built on its own thread, and its moves are
    /// played as soon as they come.
    pub fn new<E: Engine<R>>(engine: impl FnOnce() -> E + Send + 'static) -> Playing<R> {
        Playing::on(start_engine(engine), Duration::ZERO)
    }

    /// No game yet; `engine` is built on its own thread, where `own`
    /// answers the game's own requests; its moves wait `delay`.
    pub fn with_own<E, O, A>(
        engine: impl FnOnce() -> E + Send + 'static,
        own: impl FnMut(&mut E, O) -> A + Send + 'static,
        delay: Duration,
    ) -> Playing<R, O, A>
    where
        E: Engine<R>,
        O: Send + 'static,
        A: Send + 'static,
    {
        Playing::on(start_engine_with(engine, own), delay)
    }
}

impl<R: Rules, O, A> Playing<R, O, A> {
    fn on(worker: Worker<GameRequest<R, O>, GameReply<R, A>>, delay: Duration) -> Self {
        Playing {
            game: None,
            study: None,
            worker,
            delay,
            due: None,
            failed: None,
            opening: None,
        }
    }

    /// Asks the engine's thread one of the game's own requests.
    pub fn ask(&mut self, request: O) {
        self.worker.ask(GameRequest::Own(request));
    }

    /// Whether the engine's thread has set itself up (MNC's solves the
    /// game first).
    pub fn is_ready(&self) -> bool {
        self.worker.is_ready()
    }

    /// Why the engine stopped answering, once it has.
    pub fn failed(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    /// The game's record, or the editor's study of a perfect line.
    pub fn record(&self) -> Option<&Record<R>> {
        match &self.game {
            Some(game) => Some(game.record()),
            None => self.study.as_ref(),
        }
    }

    /// Whether there is a move to list (see [`record_view::has_moves`]).
    pub fn has_moves(&self) -> bool {
        self.record().is_some_and(record_view::has_moves)
    }

    /// Whether the engine is thinking, or its move waits to be played.
    pub fn is_busy(&self) -> bool {
        self.worker.is_busy() || self.due.is_some()
    }

    /// Asks the engine for what the record needs to show.
    fn want(&mut self, wanted: Option<Wanted<R>>) {
        if let Some(wanted) = wanted {
            self.worker.ask(GameRequest::from(wanted));
        }
    }
}

/// What a tab with a match puts aside while the puzzles are on: the
/// game or the study, and `E`, the tab's own editor state.
pub struct Aside<R: Rules, E> {
    pub editor: E,
    game: Option<Match<R>>,
    study: Option<Record<R>>,
}

impl<R: Rules, O, A> Playing<R, O, A> {
    /// The game and the study go aside with `editor`.
    pub fn put_aside<E>(&mut self, editor: E) -> Aside<R, E> {
        Aside {
            editor,
            game: self.game.take(),
            study: self.study.take(),
        }
    }

    /// The game and the study go aside with `editor`, and `game` (a
    /// puzzle's) takes the game's place.
    pub fn put_aside_for<E>(&mut self, editor: E, game: Match<R>) -> Aside<R, E> {
        let aside = self.put_aside(editor);
        self.game = Some(game);
        aside
    }

    /// The game and the study back from `aside`; its editor for the tab.
    pub fn bring_back<E>(&mut self, aside: Aside<R, E>) -> E {
        self.game = aside.game;
        self.study = aside.study;
        aside.editor
    }
}

/// The accessors of [`PlayingTab`] that every game tab writes alike, for a
/// tab whose fields are `playing` and `message` and whose `training` keeps
/// what waits aside (`playing_fields!(nothing aside)`: a tab that puts
/// nothing aside).
macro_rules! playing_fields {
    () => {
        $crate::tui::playing::playing_fields!(@fields);
        fn aside(&self) -> Option<&$crate::tui::playing::Aside<Self::Rules, Self::Editor>> {
            self.training.put_aside()
        }
    };
    (nothing aside) => {
        $crate::tui::playing::playing_fields!(@fields);
        fn aside(&self) -> Option<&$crate::tui::playing::Aside<Self::Rules, Self::Editor>> {
            None
        }
    };
    (@fields) => {
        fn playing(&self) -> &$crate::tui::playing::Playing<Self::Rules, Self::Ask, Self::Answer> {
            &self.playing
        }
        fn playing_mut(
            &mut self,
        ) -> &mut $crate::tui::playing::Playing<Self::Rules, Self::Ask, Self::Answer> {
            &mut self.playing
        }
        fn message_mut(&mut self) -> &mut Option<String> {
            &mut self.message
        }
        fn details(&self) -> bool {
            self.details
        }
    };
}
pub(crate) use playing_fields;

/// What a tab says of its game, and where its game lives: the rest of a
/// match is written once, in the provided methods.
pub trait PlayingTab {
    type Rules: Rules;
    /// What of the editor waits aside during the puzzles.
    type Editor;
    /// What the game asks of its engine besides its moves and values, and
    /// the answers ([`Infallible`] where nothing).
    type Ask;
    type Answer;

    /// Said when the engine finds no move.
    const NO_MOVE: &'static str;
    /// The game as the quit question names it.
    const THE_GAME: &'static str;
    /// Said when a move is tried in a game that is over.
    const OVER: &'static str = "the game is over: n plays it again, g goes back to editing";

    fn playing(&self) -> &Playing<Self::Rules, Self::Ask, Self::Answer>;
    fn playing_mut(&mut self) -> &mut Playing<Self::Rules, Self::Ask, Self::Answer>;
    /// What waits aside while the puzzles are on.
    fn aside(&self) -> Option<&Aside<Self::Rules, Self::Editor>>;
    /// The one-line answer to the last action.
    fn message_mut(&mut self) -> &mut Option<String>;
    /// The analysis follows what is shown now.
    fn reanalyze(&mut self);
    /// Whether the details (`i`) are shown: moves in the notation then.
    fn details(&self) -> bool;
    /// A move as the move list writes it: in plain words, or in the
    /// notation with the `details`.
    fn move_words(mv: Mv<Self>, details: bool) -> String;
    /// Why `position` refuses a move, in words.
    /// Why the rules refuse a move, in the words of the details or not
    /// (Notakto's move `1:b2` or `board 1, b2`, as its move list).
    fn refused(position: &Pos<Self>, why: <Self::Rules as Rules>::Illegal, details: bool)
        -> String;

    /// The engine's answer to one of the game's own requests.
    fn own_answer(&mut self, _answer: Self::Answer) {}

    /// Said when the engine has moved (`None`: the board and the move
    /// list say it).
    fn engine_said(&self, mv: Mv<Self>) -> Option<String> {
        Some(format!(
            "the engine played {}",
            Self::move_words(mv, self.details())
        ))
    }

    /// The game kept: the one on, or the one waiting aside for the
    /// puzzles.
    fn kept_game(&self) -> Option<&Match<Self::Rules>> {
        match self.aside() {
            Some(aside) => aside.game.as_ref(),
            None => self.playing().game.as_ref(),
        }
    }

    /// A saved file's game: its start (the first to move in it) and its
    /// moves.
    fn saved_game(&self) -> Option<(Pos<Self>, Vec<Mv<Self>>)> {
        let record = self.kept_game()?.record();
        Some((record.start().clone(), record.moves().to_vec()))
    }

    /// The game that quitting would lose: one you have moved in, on or
    /// waiting aside for the puzzles.
    fn game_at_stake(&self) -> Option<&'static str> {
        self.kept_game()
            .is_some_and(|game| game.is_on() && game.human_moved())
            .then_some(Self::THE_GAME)
    }

    fn say(&mut self, words: impl Into<String>) {
        *self.message_mut() = Some(words.into());
    }

    /// After any change to the game: the analysis follows, the engine is
    /// asked for its move when it is to move, and a finished game's moves
    /// for their values (the review's marks).
    fn after_move(&mut self) {
        self.reanalyze();
        let playing = self.playing_mut();
        // A move waiting for its time was for the position before.
        playing.due = None;
        let Some(game) = &playing.game else { return };
        if game.is_on() && !game.humans_turn() {
            let position = game.position().clone();
            playing.worker.ask(GameRequest::Move(position));
        } else if !game.is_on() {
            let wanted = game.record().wanted_annotations();
            playing.want(wanted);
        }
    }

    /// Takes in the engine's answers, and plays its move once its time
    /// has come; true if anything came.
    fn poll_engine(&mut self) -> bool {
        let mut any = false;
        loop {
            let reply = match self.playing_mut().worker.try_reply() {
                Ok(Some(reply)) => reply,
                Ok(None) => break,
                Err(gone) => {
                    if self.playing().failed.is_none() {
                        self.playing_mut().failed = Some(gone.to_string());
                        self.say(format!("the engine stopped: {gone}"));
                    }
                    return true;
                }
            };
            any = true;
            let playing = self.playing_mut();
            match reply {
                GameReply::Move(position, mv) => self.engine_moved(&position, mv),
                GameReply::Line(Ok(line)) => {
                    if let Some(game) = &mut playing.game {
                        game.lined(line);
                    } else if let Some(study) = &mut playing.study {
                        study.lined(line);
                    }
                }
                GameReply::Annotated(start, moves, Ok(values)) => {
                    if let Some(game) = &mut playing.game {
                        game.annotated(&start, &moves, values);
                    }
                }
                GameReply::Line(Err(e)) | GameReply::Annotated(_, _, Err(e)) => self.say(e),
                GameReply::Own(answer) => self.own_answer(answer),
            }
        }
        let due = self.playing().due.as_ref();
        if due.is_some_and(|(when, _, _)| Instant::now() >= *when) {
            if let Some((_, position, mv)) = self.playing_mut().due.take() {
                self.play_engines(&position, mv);
                any = true;
            }
        }
        any
    }

    /// The engine's answer to "your move in `position`": played if the
    /// game is still there, at once or when its delay is over.
    fn engine_moved(&mut self, position: &Pos<Self>, mv: Result<Option<Mv<Self>>, String>) {
        let playing = self.playing_mut();
        if playing.game.as_ref().map(|g| g.position()) != Some(position) {
            return;
        }
        match mv {
            Ok(Some(mv)) if playing.delay.is_zero() => self.play_engines(position, mv),
            Ok(Some(mv)) => {
                playing.due = Some((Instant::now() + playing.delay, position.clone(), mv));
            }
            Ok(None) => self.say(Self::NO_MOVE),
            Err(e) => self.say(e),
        }
    }

    /// Plays the engine's move `mv` in `position`, if the game is still
    /// there and the engine is to move.
    fn play_engines(&mut self, position: &Pos<Self>, mv: Mv<Self>) {
        let details = self.details();
        let Some(game) = &mut self.playing_mut().game else {
            return;
        };
        if game.position() != position || game.humans_turn() {
            return;
        }
        let said = match game.play(game.to_move(), mv) {
            Ok(()) => self.engine_said(mv),
            Err(e) => Some(refusal::<Self>(game.position(), e, details)),
        };
        // The opening's words go with the engine's first move only (round
        // 10 never saw them when the engine began).
        let first = self
            .kept_game()
            .is_some_and(|g| g.record().moves().len() == 1);
        let opening = self.playing_mut().opening.take().filter(|_| first);
        match (said, opening) {
            (Some(said), Some(opening)) => self.say(format!("{said}; {opening}")),
            (Some(said), None) => self.say(said),
            // A tab that shows the engine's move on the board alone: the
            // word to wait for it is over now (round 16 read it, stale).
            (None, _) => {
                let message = self.message_mut();
                if message.as_deref() == Some(NOT_YOUR_TURN) {
                    *message = None;
                }
            }
        }
        self.after_move();
    }

    /// Your move in a game, then the engine's reply.
    fn play_at(&mut self, mv: Mv<Self>) {
        let details = self.details();
        let Some(game) = &mut self.playing_mut().game else {
            return;
        };
        match game.play(game.human(), mv) {
            Ok(()) => {
                *self.message_mut() = None;
                self.after_move();
            }
            Err(e) => {
                let said = refusal::<Self>(game.position(), e, details);
                self.say(said);
            }
        }
    }

    /// A review key on the game (the shared controller); false when there
    /// is no game.
    fn review_game(&mut self, key: Review) -> bool {
        let Some(game) = &mut self.playing_mut().game else {
            return false;
        };
        let reviewed = review::review(game, key);
        self.playing_mut().want(reviewed.wanted);
        *self.message_mut() = reviewed.said;
        if reviewed.continued {
            self.after_move();
        }
        true
    }

    /// Takes back your last move and the engine's reply to it.
    fn undo_in_game(&mut self) {
        let details = self.details();
        let Some(game) = &mut self.playing_mut().game else {
            return;
        };
        let before = game.record().moves().len();
        match game.take_back() {
            Ok(()) => {
                let taken = before - game.record().moves().len();
                self.say(taken_back(taken));
                self.after_move();
            }
            Err(e) => {
                let said = refusal::<Self>(game.position(), e, details);
                self.say(said);
            }
        }
    }
}

/// A tab's position and move.
pub type Pos<T> = <<T as PlayingTab>::Rules as Rules>::Position;
pub type Mv<T> = <<T as PlayingTab>::Rules as Rules>::Move;

/// The word to a move tried while the engine is to move.
pub const NOT_YOUR_TURN: &str = "wait: it is the engine's move";

/// A refused game move in words, the same in every such tab but for why
/// the game's rules refuse it.
fn refusal<T: PlayingTab + ?Sized>(
    position: &Pos<T>,
    error: MatchError<<T::Rules as Rules>::Illegal>,
    details: bool,
) -> String {
    match error {
        MatchError::GameOver => T::OVER.into(),
        MatchError::NotYourTurn => NOT_YOUR_TURN.into(),
        MatchError::NothingToTakeBack => "nothing of yours to take back".into(),
        MatchError::Illegal(why) => T::refused(position, why, details),
    }
}
