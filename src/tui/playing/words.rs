//! How a match is written, the same in each tab played from its editor:
//! the banner over the game, and the moves and values in the move list,
//! the review and the perfect line.

use super::{Mv, PlayingTab, Pos};
use crate::notation::in_moves;
use crate::solver::record::{Ending, Mark, Match, Player, Record, Rules, Value};
use crate::tui::record_view::Words;
use crate::tui::theme::Theme;
use crate::tui::widgets::key_lines;
use ratatui::text::Line;
use std::marker::PhantomData;

/// A game's own words for its banner: how each side won (`three in a row,
/// a1–c3`; the banner writes `you win: …!` and `the engine wins: ….` around
/// it, the same in every tab), and what your move is (where the cursor is,
/// how to place a mark).
pub struct Banner {
    pub how_you_won: String,
    pub how_engine_won: String,
    pub your_move: String,
}

/// How a game's panel begins, the same in each such tab: who started and
/// whose move it is, or how it ended and the keys that go on from there;
/// the legend of the marks once a move has one; and, when the analysis is
/// hidden, how to show it.
pub fn game_lines<R: Rules>(
    game: &Match<R>,
    banner: Banner,
    hidden: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let you = game.human();
    // Before the first move it is still to come (round 14 read "you moved
    // first" over an empty board).
    let begun = !game.record().moves().is_empty();
    let started = match (R::to_move(game.record().start()) == you, begun) {
        (true, false) => "you move first",
        (true, true) => "you moved first",
        (false, _) => "the engine moved first",
    };
    let (words, style) = match game.winner() {
        Some(side) if side == you => (
            format!("GAME OVER: you win: {}!", banner.how_you_won),
            theme.good(),
        ),
        Some(_) => (
            format!("GAME OVER: the engine wins: {}.", banner.how_engine_won),
            theme.bad(),
        ),
        None if game.is_drawn() => ("GAME OVER: a draw".to_string(), theme.key()),
        None if game.to_move() == you => (
            format!("Playing the engine ({started}): {}", banner.your_move),
            theme.key(),
        ),
        None => ("Playing the engine: it is thinking…".into(), theme.key()),
    };
    // Game over: what happened, then the keys that go on from it.
    let keys: &[&str] = match game.winner() {
        Some(side) if side == you => &["n new game", "< review", "g stop (back to editing)"],
        _ if game.is_on() => &[],
        _ => &[
            "u take back",
            "n new game",
            "< review",
            "g stop (back to editing)",
        ],
    };
    let mut lines = vec![Line::styled(words, style)];
    lines.extend(key_lines(keys, width, theme.dim()));
    let notes = game.record().annotations().unwrap_or_default();
    let marked = notes.iter().any(|n| n.mark().sign().is_some());
    // A game that can be drawn (tic-tac-toe) throws draws away too.
    let drawn_away = notes
        .iter()
        .any(|n| n.mark() == Mark::Blunder && n.before.ending() == Ending::Draw);
    if marked {
        let thrown = match drawn_away {
            true => "a win or a draw",
            false => "a win",
        };
        lines.push(Line::styled(
            format!("in the moves: ?? threw {thrown} away, ?! lost sooner than it had to"),
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

/// Who the players of a record are, as its words name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Players {
    /// A game: you and the engine.
    Game,
    /// A puzzle's line: you (to move in the puzzle) and your opponent.
    Puzzle,
    /// The editor's study of a line: the first and the second player (to
    /// move from the editor's position).
    Study,
}

impl Players {
    /// The players of the record a tab shows: its game's, else a puzzle's
    /// (its solution is a line from the puzzle's position: yours), else
    /// the editor's study's.
    pub fn of(game: bool, puzzle: bool) -> Players {
        match (game, puzzle) {
            (true, _) => Players::Game,
            (false, true) => Players::Puzzle,
            (false, false) => Players::Study,
        }
    }
}

/// How a match's moves and values are written in the move list, the review
/// and the perfect line, the same in each such tab, the players named as
/// [`Players`] says. Distances are in moves, each player's turn counted
/// ([`in_moves`]).
pub struct PlayingWords<T> {
    players: Players,
    /// Moves in the notation (the details shown), else in plain words.
    details: bool,
    tab: PhantomData<T>,
}

impl<T> PlayingWords<T> {
    pub fn new(players: Players, details: bool) -> PlayingWords<T> {
        PlayingWords {
            players,
            details,
            tab: PhantomData,
        }
    }

    /// A player as the move list names it, and as a value names the
    /// winner, with the verb: short, for the list's columns are narrow.
    fn names(&self, player: Player) -> (&'static str, &'static str, &'static str) {
        match (self.players, player) {
            (Players::Game, Player::You) => ("you", "you", "win"),
            (Players::Game, Player::Engine) => ("engine", "the engine", "wins"),
            (Players::Puzzle, Player::You) => ("you", "you", "win"),
            (Players::Puzzle, Player::Engine) => ("opponent", "your opponent", "wins"),
            (Players::Study, Player::You) => ("first", "first", "wins"),
            (Players::Study, Player::Engine) => ("second", "second", "wins"),
        }
    }
}

impl<T: PlayingTab> Words<T::Rules> for PlayingWords<T>
where
    T::Rules: Rules<Side = Player>,
{
    fn move_text(&self, before: &Pos<T>, mv: Mv<T>) -> String {
        let mover = T::Rules::to_move(before);
        format!(
            "{} {}",
            self.names(mover).0,
            T::move_words(mv, self.details)
        )
    }

    /// Nothing: a move in the list already names its player.
    fn who(&self, _: Player) -> &'static str {
        ""
    }

    fn history_side(&self, record: &Record<T::Rules>) -> (Player, &'static str) {
        match self.players {
            Players::Game | Players::Puzzle => (Player::You, "you"),
            Players::Study => (T::Rules::to_move(record.start()), "the first player"),
        }
    }

    /// Who wins and in how many moves: `the engine wins in 5 moves`, `you
    /// won`, `first wins` (in a study, where only the winner is known).
    fn value_text(&self, position: &Pos<T>, value: <T::Rules as Rules>::Value) -> String {
        let mover = T::Rules::to_move(position);
        let Some((winner, distance)) = value.ending().winner(mover, mover.other()) else {
            return "a draw".into();
        };
        let (_, name, wins) = self.names(winner);
        won_words(name, wins, distance)
    }
}

/// A winner's words, once named: `you won` (at the end), `X wins in 3
/// moves`, `first wins` (where the distance is not known).
pub fn won_words(name: &str, wins: &str, distance: Option<u8>) -> String {
    match distance {
        Some(0) => format!("{name} won"),
        Some(d) => format!("{name} {wins} in {}", in_moves(d)),
        None => format!("{name} {wins}"),
    }
}
