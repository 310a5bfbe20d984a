//! A match against the engine, written once for the tabs whose game is
//! played from the editor's own position (Treblecross, Notakto): starting
//! and stopping one, your moves and the engine's (asked of the worker
//! thread), the take-back, the review and the perfect line — in the game,
//! or studied from the editor with no game.
//!
//! A tab holds a [`Playing`] and implements [`PlayingTab`]: where its
//! position comes from and goes back to, and the game's words. Every
//! action here is then the same in each such tab.

use crate::notation::in_moves;
use crate::solver::record::{
    Ending, Engine, Match, MatchError, Player, Record, Rules, Value, Wanted,
};
use crate::tui::record_view::{dropped_moves, taken_back, Words};
use crate::tui::review::{self, Review};
use crate::tui::theme::Theme;
use crate::tui::widgets::key_lines;
use crate::tui::worker::{start_engine, GameReply, GameRequest, Worker};
use ratatui::text::Line;
use std::marker::PhantomData;

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
/// perfect line when one is shown, and the engine's thread.
pub struct Playing<R: Rules> {
    /// The game, while it lasts: it holds the position.
    pub game: Option<Match<R>>,
    /// A perfect line studied from the editor (no game): a record of no
    /// moves that starts at the editor's position.
    pub study: Option<Record<R>>,
    worker: Worker<GameRequest<R>, GameReply<R>>,
}

impl<R> Playing<R>
where
    R: Rules<Side = Player> + 'static,
    R::Position: Send,
    R::Move: Send,
    R::Value: Send,
{
    /// No game yet; `engine` is built on its own thread.
    pub fn new<E: Engine<R>>(engine: impl FnOnce() -> E + Send + 'static) -> Playing<R> {
        Playing {
            game: None,
            study: None,
            worker: start_engine(engine),
        }
    }
}

impl<R: Rules> Playing<R> {
    /// The game's record, or the editor's study of a perfect line.
    pub fn record(&self) -> Option<&Record<R>> {
        match &self.game {
            Some(game) => Some(game.record()),
            None => self.study.as_ref(),
        }
    }

    /// Whether the engine is thinking.
    pub fn is_busy(&self) -> bool {
        self.worker.is_busy()
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

impl<R: Rules> Playing<R> {
    /// The game and the study go aside with `editor`.
    pub fn put_aside<E>(&mut self, editor: E) -> Aside<R, E> {
        Aside {
            editor,
            game: self.game.take(),
            study: self.study.take(),
        }
    }

    /// The game and the study back from `aside`; its editor for the tab.
    pub fn bring_back<E>(&mut self, aside: Aside<R, E>) -> E {
        self.game = aside.game;
        self.study = aside.study;
        aside.editor
    }
}

/// What would throw a game away: stopping it, starting it again, playing
/// on from a move of its review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandon {
    Stop,
    Again,
    PlayOn,
}

/// What a tab says of its game, and where its position lives: the rest of
/// a match is written once, in the provided methods.
pub trait PlayingTab {
    type Rules: Rules<Side = Player>;
    /// What of the editor waits aside during the puzzles.
    type Editor;

    /// Said when a game stops and the position goes back to the editor.
    const STOPPED: &'static str;
    /// Said when `n` plays the game again from its start.
    const PLAYED_AGAIN: &'static str;
    /// Said when `c` makes the position shown the editor's.
    const NOW_SHOWN: &'static str;
    /// Said when no game can start from the editor's position.
    const NO_GAME: &'static str;
    /// Said when the engine finds no move.
    const NO_MOVE: &'static str;
    /// Asked before a game you have moved in stops (`g`).
    const STOP_QUESTION: &'static str;
    /// Asked before it starts again (`n`).
    const AGAIN_QUESTION: &'static str;
    /// The game as the quit question names it.
    const THE_GAME: &'static str;

    fn playing(&self) -> &Playing<Self::Rules>;
    fn playing_mut(&mut self) -> &mut Playing<Self::Rules>;
    /// What waits aside while the puzzles are on.
    fn aside(&self) -> Option<&Aside<Self::Rules, Self::Editor>>;
    /// The one-line answer to the last action.
    fn message_mut(&mut self) -> &mut Option<String>;
    /// The analysis follows what is shown now.
    fn reanalyze(&mut self);
    /// The editor's position, with `first` to move.
    fn editor_position(&self, first: Player) -> Pos<Self>;
    /// The editor takes `position` (a stopped game's, or the one shown),
    /// as one undoable edit.
    fn take_position(&mut self, position: Pos<Self>);
    /// A game has begun (the tab hides what would give it away).
    fn game_began(&mut self);
    /// A move as the move list writes it.
    fn move_words(mv: Mv<Self>) -> String;
    /// Why `position` refuses a move, in words.
    fn refused(position: &Pos<Self>, why: <Self::Rules as Rules>::Illegal) -> String;

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

    /// The question to ask before `what` throws away a game you have
    /// moved in; `None` when nothing would be lost.
    fn abandons_game(&self, what: Abandon) -> Option<String> {
        let game = self.playing().game.as_ref()?;
        if !(game.is_on() && game.human_moved()) {
            return None;
        }
        match what {
            Abandon::Stop => Some(Self::STOP_QUESTION.into()),
            Abandon::Again => Some(Self::AGAIN_QUESTION.into()),
            Abandon::PlayOn => dropped_moves(game.record()).map(|n| {
                format!("Play on from the position shown? The game's last {n} moves are dropped.")
            }),
        }
    }

    fn say(&mut self, words: impl Into<String>) {
        *self.message_mut() = Some(words.into());
    }

    /// Starts a game from the editor's position, or stops the one going
    /// on (the editor takes its position).
    fn toggle_game(&mut self, first: Player) {
        self.playing_mut().study = None;
        if let Some(game) = self.playing_mut().game.take() {
            self.take_position(game.position().clone());
            self.say(Self::STOPPED);
            self.reanalyze();
            return;
        }
        let start = self.editor_position(first);
        if Self::Rules::winner(&start).is_some() {
            self.say(Self::NO_GAME);
            return;
        }
        self.playing_mut().game = Some(Match::new(start, Player::You));
        self.game_began();
        *self.message_mut() = None;
        self.after_move();
    }

    /// A saved game: its start, who moved first and its moves, played
    /// again as far as they are legal (the engine moves if it is its turn).
    fn load_game(&mut self, start: Pos<Self>, moves: Vec<Mv<Self>>) {
        if Self::Rules::winner(&start).is_some() {
            return;
        }
        let mut game = Match::new(start, Player::You);
        for mv in moves {
            if game.play(game.to_move(), mv).is_err() {
                break;
            }
        }
        self.playing_mut().game = Some(game);
        self.game_began();
        self.after_move();
    }

    /// The game again from where it started, the same player first.
    fn new_game(&mut self) {
        let Some(game) = &mut self.playing_mut().game else {
            self.say("no game to start again: g starts one");
            return;
        };
        game.restart();
        self.say(Self::PLAYED_AGAIN);
        self.after_move();
    }

    /// After any change to the game: the analysis follows, the engine is
    /// asked for its move when it is to move, and a finished game's moves
    /// for their values (the review's marks).
    fn after_move(&mut self) {
        self.reanalyze();
        let playing = self.playing_mut();
        let Some(game) = &playing.game else { return };
        if game.is_on() && game.to_move() == Player::Engine {
            let position = game.position().clone();
            playing.worker.ask(GameRequest::Move(position));
        } else if !game.is_on() {
            let wanted = game.record().wanted_annotations();
            playing.want(wanted);
        }
    }

    /// Takes in the engine's answers; true if one came.
    fn poll_engine(&mut self) -> bool {
        let mut any = false;
        loop {
            let reply = match self.playing_mut().worker.try_reply() {
                Ok(Some(reply)) => reply,
                Ok(None) => return any,
                Err(gone) => {
                    self.say(format!("the engine stopped: {gone}"));
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
            }
        }
    }

    /// The engine's answer to "your move in `position`": played if the
    /// game is still there.
    fn engine_moved(&mut self, position: &Pos<Self>, mv: Result<Option<Mv<Self>>, String>) {
        let Some(game) = &mut self.playing_mut().game else {
            return;
        };
        if game.position() != position {
            return;
        }
        let said = match mv {
            Ok(Some(mv)) => match game.play(Player::Engine, mv) {
                Ok(()) => format!("the engine played {}", Self::move_words(mv)),
                Err(e) => refusal::<Self>(game.position(), e),
            },
            Ok(None) => Self::NO_MOVE.into(),
            Err(e) => e,
        };
        self.say(said);
        self.after_move();
    }

    /// Your move in a game, then the engine's reply.
    fn play_at(&mut self, mv: Mv<Self>) {
        let Some(game) = &mut self.playing_mut().game else {
            return;
        };
        match game.play(Player::You, mv) {
            Ok(()) => {
                *self.message_mut() = None;
                self.after_move();
            }
            Err(e) => {
                let said = refusal::<Self>(game.position(), e);
                self.say(said);
            }
        }
    }

    /// Takes back your last move and the engine's reply to it.
    fn undo_in_game(&mut self) {
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
                let said = refusal::<Self>(game.position(), e);
                self.say(said);
            }
        }
    }

    /// A review key: on the game (the shared controller), or on the
    /// editor's study of the perfect line from its position.
    fn review_key(&mut self, key: Review) {
        if let Some(game) = &mut self.playing_mut().game {
            let reviewed = review::review(game, key);
            self.playing_mut().want(reviewed.wanted);
            *self.message_mut() = reviewed.said;
            if reviewed.continued {
                self.after_move();
            }
            return;
        }
        let start = self.editor_position(Player::You);
        let playing = self.playing_mut();
        let studied = review::study(&mut playing.study, || start, key);
        playing.want(studied.wanted);
        *self.message_mut() = studied.said;
        if let Some(position) = studied.continue_from {
            self.take_position(position);
            self.say(Self::NOW_SHOWN);
        }
    }
}

/// A tab's position and move.
pub type Pos<T> = <<T as PlayingTab>::Rules as Rules>::Position;
pub type Mv<T> = <<T as PlayingTab>::Rules as Rules>::Move;

/// A refused game move in words, the same in every such tab but for why
/// the game's rules refuse it.
fn refusal<T: PlayingTab + ?Sized>(
    position: &Pos<T>,
    error: MatchError<<T::Rules as Rules>::Illegal>,
) -> String {
    match error {
        MatchError::GameOver => "the game is over: n plays it again, g goes back to editing".into(),
        MatchError::NotYourTurn => "wait: it is the engine's move".into(),
        MatchError::NothingToTakeBack => "nothing of yours to take back".into(),
        MatchError::Illegal(why) => T::refused(position, why),
    }
}

/// A game's own words for its banner: how each side won, and what your
/// move is (where the cursor is, how to place a mark).
pub struct Banner {
    pub you_won: String,
    pub engine_won: String,
    pub your_move: String,
}

/// How a game's panel begins, the same in each such tab: who started and
/// whose move it is, or who won and the keys that go on from there; the
/// legend of the marks once a move has one; and, when the analysis is
/// hidden, how to show it.
pub fn game_lines<R: Rules<Side = Player>>(
    game: &Match<R>,
    banner: Banner,
    hidden: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let started = match R::to_move(game.record().start()) {
        Player::Engine => "the engine started",
        Player::You => "you started",
    };
    let (words, style) = match (game.winner(), game.to_move()) {
        (Some(Player::You), _) => (format!("GAME OVER: {}", banner.you_won), theme.good()),
        (Some(Player::Engine), _) => (format!("GAME OVER: {}", banner.engine_won), theme.bad()),
        (None, Player::You) => (
            format!("Playing the engine ({started}): {}", banner.your_move),
            theme.key(),
        ),
        (None, Player::Engine) => ("Playing the engine: it is thinking…".into(), theme.key()),
    };
    // Game over: what happened, then the keys that go on from it.
    let keys: &[&str] = match game.winner() {
        Some(Player::You) => &["n again", "< review", "g back to editing"],
        Some(Player::Engine) => &["u take back", "n again", "< review", "g back to editing"],
        None => &[],
    };
    let mut lines = vec![Line::styled(words, style)];
    lines.extend(key_lines(keys, width, theme.dim()));
    let marked = game
        .record()
        .annotations()
        .is_some_and(|notes| notes.iter().any(|n| n.mark().sign().is_some()));
    if marked {
        lines.push(Line::styled(
            "in the moves: ?? a won position given away, ?! a loss made shorter",
            theme.dim(),
        ));
    }
    if hidden {
        lines.push(Line::styled(
            "(the analysis is hidden while you play: a shows it, p the perfect line)",
            theme.dim(),
        ));
    }
    lines
}

/// How a match's moves and values are written in the move list, the review
/// and the perfect line, the same in each such tab. In a game the players
/// are you and the engine; in the editor's study of a line, the first and
/// the second player (to move from the editor's position). Distances are
/// in moves, each player's turn counted ([`in_moves`]).
pub struct PlayingWords<T> {
    in_game: bool,
    tab: PhantomData<T>,
}

impl<T> PlayingWords<T> {
    pub fn new(in_game: bool) -> PlayingWords<T> {
        PlayingWords {
            in_game,
            tab: PhantomData,
        }
    }

    /// A player as the move list names it.
    fn short_name(&self, player: Player) -> &'static str {
        match (self.in_game, player) {
            (true, Player::You) => "you",
            (true, Player::Engine) => "engine",
            (false, Player::You) => "first",
            (false, Player::Engine) => "second",
        }
    }
}

impl<T: PlayingTab> Words<T::Rules> for PlayingWords<T> {
    fn move_text(&self, before: &Pos<T>, mv: Mv<T>) -> String {
        let mover = T::Rules::to_move(before);
        format!("{} {}", self.short_name(mover), T::move_words(mv))
    }

    /// Nothing: a move in the list already names its player.
    fn who(&self, _: Player) -> &'static str {
        ""
    }

    fn history_side(&self, record: &Record<T::Rules>) -> (Player, &'static str) {
        match self.in_game {
            true => (Player::You, "you"),
            false => (T::Rules::to_move(record.start()), "the first player"),
        }
    }

    /// Who wins and in how many moves: `the engine wins in 5 moves`, `you
    /// won`, `first wins` (in a study, where only the winner is known).
    fn value_text(&self, position: &Pos<T>, value: <T::Rules as Rules>::Value) -> String {
        let mover = T::Rules::to_move(position);
        let (winner, distance) = match value.ending() {
            Ending::Win(d) => (mover, d),
            Ending::Loss(d) => (mover.other(), d),
            Ending::Draw => return "a draw".into(),
        };
        let (name, wins) = match (self.in_game, winner) {
            (true, Player::You) => ("you", "win"),
            (true, Player::Engine) => ("the engine", "wins"),
            // Short: the move list's columns are narrow.
            (false, Player::You) => ("first", "wins"),
            (false, Player::Engine) => ("second", "wins"),
        };
        match distance {
            Some(0) => format!("{name} won"),
            Some(d) => format!("{name} {wins} in {}", in_moves(d)),
            None => format!("{name} {wins}"),
        }
    }
}
