//! A game of Treblecross against the engine, kept as a [`Record`]: a
//! position is the strip and who is to move (both players place `X`, so
//! the strip alone does not say whose turn it is).

use super::{completes_three, three_in_a_row, Strip, StripValue};
use crate::solver::record::{self, Rules};

/// The two players of a game against the engine (the record's).
pub use crate::solver::record::Player;

/// A position of a game: the strip, and the player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub strip: Strip,
    pub to_move: Player,
}

/// A move: the cell (0-based) that gets an `X`.
pub type Move = usize;

/// Treblecross as a record keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreblecrossRules;

/// Why a move was refused: the cell is off the strip or holds an `X`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Taken(pub usize);

impl Rules for TreblecrossRules {
    type Position = Position;
    type Move = Move;
    type Value = StripValue;
    type Side = Player;
    type Illegal = Taken;

    fn check(position: &Position, cell: usize) -> Result<(), Taken> {
        match position.strip.get(cell) {
            Some(false) => Ok(()),
            _ => Err(Taken(cell)),
        }
    }

    fn play(position: &mut Position, cell: usize) {
        position.strip.set(cell, true);
        position.to_move = position.to_move.other();
    }

    fn to_move(position: &Position) -> Player {
        position.to_move
    }

    /// Three in a row: its maker, the player who moved last, won.
    fn winner(position: &Position) -> Option<Player> {
        three_in_a_row(&position.strip).map(|_| position.to_move.other())
    }

    /// Only around the cell just played: a replay of a long game stays
    /// linear in its moves.
    fn winner_after(position: &Position, cell: usize) -> Option<Player> {
        completes_three(&position.strip, cell).then(|| position.to_move.other())
    }
}

/// A game against the engine: you are [`Player::You`].
pub type Match = record::Match<TreblecrossRules>;
/// Why a move of a game was refused.
pub type MatchError = record::MatchError<Taken>;

/// A game on `strip` with `first` to move, or `None` when the strip
/// already holds three in a row (there is no game to play).
pub fn new_match(strip: Strip, first: Player) -> Option<Match> {
    three_in_a_row(&strip).is_none().then(|| {
        Match::new(
            Position {
                strip,
                to_move: first,
            },
            Player::You,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::record::MatchError as E;

    fn strip(s: &str) -> Strip {
        Strip::from(s.chars().map(|c| c == 'X').collect::<Vec<_>>())
    }

    #[test]
    fn a_match_alternates_ends_on_three_and_takes_back() {
        assert!(new_match(strip("XXX.."), Player::You).is_none());
        let mut game = new_match(strip("......."), Player::You).unwrap();
        assert_eq!(game.play(Player::Engine, 0), Err(E::NotYourTurn));
        game.play(Player::You, 3).unwrap();
        assert_eq!(game.play(Player::You, 4), Err(E::NotYourTurn));
        game.play(Player::Engine, 5).unwrap();
        assert_eq!(game.record().moves(), [3, 5]);
        assert_eq!(game.play(Player::You, 5), Err(E::Illegal(Taken(5))));
        assert_eq!(game.play(Player::You, 7), Err(E::Illegal(Taken(7))));
        game.take_back().unwrap();
        assert!(game.record().moves().is_empty() && !game.position().strip.has_x());
        assert_eq!(game.to_move(), Player::You);
        assert_eq!(game.take_back(), Err(E::NothingToTakeBack));
        // X.X: the mover completes three and wins.
        let mut game = new_match(strip("X.X...."), Player::You).unwrap();
        game.play(Player::You, 1).unwrap();
        assert_eq!(game.winner(), Some(Player::You));
        assert_eq!(game.play(Player::Engine, 5), Err(E::GameOver));
        // The engine first: taking back goes to before your first move.
        let mut game = new_match(strip("........"), Player::Engine).unwrap();
        assert_eq!(game.take_back(), Err(E::NothingToTakeBack));
        game.play(Player::Engine, 0).unwrap();
        game.play(Player::You, 7).unwrap();
        game.play(Player::Engine, 3).unwrap();
        game.take_back().unwrap();
        assert_eq!(game.record().moves(), [0]);
    }

    /// The winner kept move by move (a look around each cell played) is
    /// the whole strip's, after every move and take-back of random games.
    #[test]
    fn the_winner_kept_as_moves_are_made_is_the_whole_strips() {
        let mut random = crate::solver::puzzle::SplitMix64::new(7);
        for _ in 0..300 {
            let len = 3 + random.below(30);
            let mut game = new_match(Strip::empty(len), Player::You).unwrap();
            while game.is_on() {
                let free: Vec<usize> = (0..len).filter(|&c| !game.position().strip[c]).collect();
                let Some(&cell) = free.get(random.below(free.len().max(1))) else {
                    break;
                };
                game.play(game.to_move(), cell).unwrap();
                let whole = three_in_a_row(&game.position().strip).map(|_| game.to_move().other());
                assert_eq!(game.winner(), whole);
                if random.below(5) == 0 && game.take_back().is_ok() {
                    let whole = three_in_a_row(&game.position().strip);
                    assert_eq!(game.winner().is_some(), whole.is_some());
                }
            }
        }
    }
}
