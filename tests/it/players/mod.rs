//! Opponents for games against the MNC engine in the tests: a tiny
//! deterministic random source and a greedy player.

use noughts::solver::mnc::{Move, Position};

/// A tiny deterministic random source (no dependency needed).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Completes a line if it can, else avoids moves after which the engine
/// completes one at once, else random.
pub fn greedy(position: &Position, rng: &mut Lcg) -> Move {
    let moves = position.legal_moves();
    let me = position.to_move();
    if let Some(&mv) = moves
        .iter()
        .find(|&&mv| position.play(mv).unwrap().winner() == Some(me))
    {
        return mv;
    }
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| !position.play(mv).unwrap().has_winning_move())
        .collect();
    let pool = if safe.is_empty() { &moves } else { &safe };
    pool[rng.below(pool.len())]
}
