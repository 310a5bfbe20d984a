//! A game of Notakto against the engine, kept as a [`Record`]: a position
//! is the boards and who is to move (both players place `X`, so the boards
//! alone do not say whose turn it is). Values come from the quotient (who
//! wins) and, on few live boards, the exact search (in how many plies).
//!
//! [`Record`]: crate::solver::record::Record

use super::{analyze, engine_move_with, play, Board, Exact, Move};
use crate::solver::record::{self, Annotation, KnownValue, PerfectLine, Rules};
use std::convert::Infallible;

pub use crate::solver::record::Player;

/// A position of a game: the boards, and the player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub boards: Vec<Board>,
    pub to_move: Player,
}

/// Notakto as a record keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotaktoRules;

/// Why a move was refused: no such board, a dead board, or a cell that
/// holds an `X`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotPlayable(pub Move);

impl Rules for NotaktoRules {
    type Position = Position;
    type Move = Move;
    type Value = KnownValue;
    type Side = Player;
    type Illegal = NotPlayable;

    fn check(position: &Position, mv: Move) -> Result<(), NotPlayable> {
        match position.boards.get(mv.board) {
            Some(b) if !b.is_dead() && !b.has_x(mv.cell) => Ok(()),
            _ => Err(NotPlayable(mv)),
        }
    }

    fn play(position: &mut Position, mv: Move) {
        let board = &mut position.boards[mv.board];
        *board = board.with_x(mv.cell);
        position.to_move = position.to_move.other();
    }

    fn to_move(position: &Position) -> Player {
        position.to_move
    }

    /// No live board: the player who killed the last one lost, so the
    /// player to move has won (misère).
    fn winner(position: &Position) -> Option<Player> {
        position
            .boards
            .iter()
            .all(|b| b.is_dead())
            .then_some(position.to_move)
    }
}

/// A game against the engine: you are [`Player::You`].
pub type Match = record::Match<NotaktoRules>;
/// Why a move of a game was refused.
pub type MatchError = record::MatchError<NotPlayable>;

/// A game on `boards` with `first` to move, or `None` when no board is
/// live (there is no game to play).
pub fn new_match(boards: Vec<Board>, first: Player) -> Option<Match> {
    boards.iter().any(|b| !b.is_dead()).then(|| {
        Match::new(
            Position {
                boards,
                to_move: first,
            },
            Player::You,
        )
    })
}

/// The value of `boards` for the player to move: won or lost from the
/// quotient, and in how many plies when at most
/// [`EXACT_ENGINE_BOARDS`](super::EXACT_ENGINE_BOARDS)
/// boards are live.
pub fn value(boards: &[Board]) -> KnownValue {
    value_with(boards, &mut Exact::default())
}

fn value_with(boards: &[Board], exact: &mut Exact) -> KnownValue {
    KnownValue {
        winning: analyze(boards).is_winning(),
        plies: exact.value(boards).and_then(|v| v.distance()),
    }
}

/// The perfect line from `boards`: the engine's move for both sides, each
/// with the value, for its mover, of the position it is made in, to the
/// end or `most` moves. One memo serves the whole line.
pub fn perfect_line(boards: &[Board], most: usize) -> (Vec<(Move, KnownValue)>, bool) {
    let mut exact = Exact::default();
    let mut boards = boards.to_vec();
    let mut line = Vec::new();
    while let Some(mv) = engine_move_with(&boards, &mut exact) {
        if line.len() == most {
            return (line, true);
        }
        line.push((mv, value_with(&boards, &mut exact)));
        boards = play(&boards, mv);
    }
    (line, false)
}

/// The values of a game's moves played from `start`, as the review marks
/// them: each move's mover's value before it and the value after it. One
/// memo serves the whole game.
pub fn annotate(start: &[Board], moves: &[Move]) -> Vec<Annotation<KnownValue>> {
    let mut exact = Exact::default();
    let mut boards = start.to_vec();
    moves
        .iter()
        .map(|&mv| {
            let before = value_with(&boards, &mut exact);
            boards = play(&boards, mv);
            let after = value_with(&boards, &mut exact);
            Annotation { before, after }
        })
        .collect()
}

/// The most moves of a perfect line: every move of 9 boards (a board holds
/// at most 6 X without a line, so it takes at most 7).
pub const LINE_MOST: usize = 63;

/// The engine of a match: the quotient for who wins, the exact search on
/// few live boards for how soon. Its searches cannot fail.
#[derive(Debug, Default, Clone, Copy)]
pub struct NotaktoEngine;

impl record::Engine<NotaktoRules> for NotaktoEngine {
    type Error = Infallible;

    fn best_move(&mut self, position: &Position) -> Result<Option<Move>, Infallible> {
        Ok(super::engine_move(&position.boards))
    }

    fn perfect_line(&mut self, from: Position) -> Result<PerfectLine<NotaktoRules>, Infallible> {
        let (moves, cut) = perfect_line(&from.boards, LINE_MOST);
        Ok(PerfectLine { from, moves, cut })
    }

    fn annotate(
        &mut self,
        start: &Position,
        moves: &[Move],
    ) -> Result<Vec<Annotation<KnownValue>>, Infallible> {
        Ok(annotate(&start.boards, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::record::MatchError as E;
    use crate::solver::Cell;

    fn mv(board: usize, cell: usize) -> Move {
        Move {
            board,
            cell: Cell::from_index(cell).unwrap(),
        }
    }

    #[test]
    fn a_match_alternates_refuses_dead_boards_and_ends_when_none_is_live() {
        let dead = Board::from_cells(0b111);
        assert!(new_match(vec![dead], Player::You).is_none());
        let mut game = new_match(vec![Board::EMPTY, dead], Player::You).unwrap();
        assert_eq!(game.play(Player::Engine, mv(0, 4)), Err(E::NotYourTurn));
        game.play(Player::You, mv(0, 4)).unwrap();
        assert_eq!(
            game.play(Player::Engine, mv(0, 4)),
            Err(E::Illegal(NotPlayable(mv(0, 4))))
        );
        assert_eq!(
            game.play(Player::Engine, mv(1, 5)),
            Err(E::Illegal(NotPlayable(mv(1, 5))))
        );
        assert_eq!(
            game.play(Player::Engine, mv(2, 0)),
            Err(E::Illegal(NotPlayable(mv(2, 0))))
        );
        // The engine completes a line on the last live board: it loses.
        game.play(Player::Engine, mv(0, 0)).unwrap();
        game.play(Player::You, mv(0, 1)).unwrap();
        game.play(Player::Engine, mv(0, 7)).unwrap();
        assert_eq!(game.winner(), Some(Player::You));
        assert_eq!(game.play(Player::You, mv(0, 8)), Err(E::GameOver));
    }

    #[test]
    fn the_perfect_line_of_one_board_is_won_by_the_first_player() {
        let (line, cut) = perfect_line(&[Board::EMPTY], 20);
        assert!(!cut);
        assert_eq!(line[0].0, mv(0, 4), "the centre first");
        assert!(line[0].1.winning);
        // Even length: the second player made the last move, completing
        // the line.
        assert_eq!(line.len() % 2, 0);
        assert_eq!(line[0].1.plies, Some(line.len() as u8));
        let (short, cut) = perfect_line(&[Board::EMPTY; 2], 2);
        assert!(cut && short.len() == 2);
        assert!(!short[0].1.winning, "two boards: the first player loses");
    }

    #[test]
    fn annotations_mark_a_win_given_away_and_the_end() {
        // One empty board: the centre wins, a corner gives the win away.
        let notes = annotate(&[Board::EMPTY], &[mv(0, 0), mv(0, 4)]);
        assert!(notes[0].before.winning && !notes[0].for_mover().winning);
        assert_eq!(notes[0].mark(), record::Mark::Blunder);
        assert_eq!(notes[1].before, notes[0].after);
        // The last line on the last live board: the mover has lost.
        let line = [mv(0, 0), mv(0, 1), mv(0, 2)];
        let notes = annotate(&[Board::EMPTY], &line);
        let end = notes[2].after;
        assert_eq!(
            end,
            KnownValue {
                winning: true,
                plies: Some(0)
            },
            "the player to move after the last line has won"
        );
        assert!(!notes[2].for_mover().winning);
    }
}
