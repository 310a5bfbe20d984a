//! The perfect MNC engine: the whole game solved into one memo (on one or
//! two threads), the values and moves it answers, and the weaker levels.

use super::{Mnc, MncRules, Move, Position, Rules};
use crate::solver::record::{Annotation, PerfectLine};
use crate::solver::search::{Memo, Outcome, Solver};
use crate::solver::table::{PackedMemo, SharedPackedMemo};
use crate::solver::Side;

/// Keys in the engine's memo once it has solved the game from the start
/// (taking immediate wins at once).
const SOLVED_KEYS: usize = 276_680;

/// The perfect engine: a memo of exact values, shared by every query.
pub struct Engine {
    solver: Solver<Mnc, PackedMemo>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with an empty memo: it solves what it is asked, as asked.
    pub fn new() -> Engine {
        Self::with_rules(Rules::STANDARD)
    }

    /// An engine with an empty memo for a game played by other rules.
    pub fn with_rules(rules: Rules) -> Engine {
        Engine {
            solver: Solver::new(Mnc {
                rules,
                short_cut: true,
                reversed: false,
            }),
        }
    }

    pub fn rules(&self) -> Rules {
        self.solver.game().rules
    }

    /// An engine that has solved the whole game from the start, on two
    /// threads where the machine has two cores.
    pub fn solved() -> Engine {
        Self::solved_on(crate::solver::grundy::cores())
    }

    /// Solves the whole game from the start on 1 or 2 threads (more are not
    /// used): they fill one memo, walking the moves in opposite orders.
    pub fn solved_on(threads: usize) -> Engine {
        let game = Mnc {
            rules: Rules::STANDARD,
            short_cut: true,
            reversed: false,
        };
        let mut engine = Engine {
            solver: Solver::with_memo(game, solve_shared(game, threads, SOLVED_KEYS)),
        };
        // Cheap, and completes the memo if a thread could not store a key.
        engine.value(&Position::START);
        engine
    }

    /// The exact value of a position for its mover.
    pub fn value(&mut self, position: &Position) -> Outcome {
        self.solver.solve(position)
    }

    /// Every legal move with its value for the mover, best first (ties keep
    /// the order of generation).
    pub fn rate_moves(&mut self, position: &Position) -> Vec<(Move, Outcome)> {
        let mut rated: Vec<(Move, Outcome)> = position
            .legal_moves_under(self.rules())
            .into_iter()
            .map(|mv| (mv, self.value(&position.apply(mv)).for_previous_mover()))
            .collect();
        rated.sort_by_key(|r| std::cmp::Reverse(r.1));
        rated
    }

    /// The engine's choice: fastest win, else slowest loss.
    pub fn best_move(&mut self, position: &Position) -> Option<Move> {
        self.rate_moves(position).first().map(|&(mv, _)| mv)
    }

    /// The perfect line from `position`: the best move (fastest win,
    /// slowest loss) again and again until the game is over, each with its
    /// value for the side making it.
    pub fn perfect_line(&mut self, position: &Position) -> PerfectLine<MncRules> {
        let mut moves = Vec::new();
        let mut at = *position;
        while at.game_over().is_none() {
            let Some(&(mv, value)) = self.rate_moves(&at).first() else {
                break;
            };
            moves.push((mv, value));
            at = at.apply(mv);
        }
        PerfectLine {
            from: *position,
            moves,
            cut: false,
        }
    }

    /// For each move of a game from `start`: the mover's value before it,
    /// and the value of the position after it for the player to move
    /// there (as the live panel counts it).
    pub fn annotate(&mut self, start: &Position, moves: &[Move]) -> Vec<Annotation<Outcome>> {
        let mut at = *start;
        moves
            .iter()
            .map(|&mv| {
                let before = self.value(&at);
                at = at.apply(mv);
                Annotation {
                    before,
                    after: self.value(&at),
                }
            })
            .collect()
    }

    /// Keys in the memo with their values (canonical orientation).
    pub fn memo(&self) -> Vec<(u64, Outcome)> {
        self.solver.memo().entries()
    }
}

/// How well the engine plays. Perfect is the default; the weaker levels
/// give a newcomer a game, and the tab still states the perfect-play value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strength {
    /// Always the best move: the fastest win, the slowest loss.
    #[default]
    Perfect,
    /// Any move that keeps the result (a win stays a win, however slowly),
    /// and one time in six any move that does not lose at once.
    Strong,
    /// Half the time a move at random, else the best.
    Casual,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Perfect, Strength::Strong, Strength::Casual];

    /// The next level, for a key that cycles them.
    pub fn next(self) -> Strength {
        match self {
            Strength::Perfect => Strength::Strong,
            Strength::Strong => Strength::Casual,
            Strength::Casual => Strength::Perfect,
        }
    }

    /// The move to make from `rated` (every legal move with its value for
    /// the mover, best first, as [`Engine::rate_moves`] gives them), using
    /// `random` (any number) to choose among the candidates.
    pub fn choose(self, rated: &[(Move, Outcome)], random: u64) -> Option<Move> {
        let &(best_move, best) = rated.first()?;
        let pick = |candidates: Vec<Move>, random: u64| {
            candidates
                .get((random % candidates.len().max(1) as u64) as usize)
                .copied()
        };
        match self {
            Strength::Perfect => Some(best_move),
            Strength::Strong => {
                // The low bits choose whether to err, the rest which move.
                let (err, which) = (random.is_multiple_of(6), random / 6);
                let keeps =
                    |v: Outcome| v.is_win() == best.is_win() && v.is_loss() == best.is_loss();
                let candidates: Vec<Move> = if err {
                    // Not a move that loses at once (the opponent's line
                    // next ply), unless every move does.
                    let fair: Vec<Move> = rated
                        .iter()
                        .filter(|(_, v)| *v != Outcome::Loss(2))
                        .map(|(mv, _)| *mv)
                        .collect();
                    if fair.is_empty() {
                        rated.iter().map(|(mv, _)| *mv).collect()
                    } else {
                        fair
                    }
                } else {
                    rated
                        .iter()
                        .filter(|(_, v)| keeps(*v))
                        .map(|(mv, _)| *mv)
                        .collect()
                };
                pick(candidates, which).or(Some(best_move))
            }
            Strength::Casual => {
                if random.is_multiple_of(2) {
                    Some(best_move)
                } else {
                    pick(rated.iter().map(|(mv, _)| *mv).collect(), random / 2)
                }
            }
        }
    }
}

/// Keys a full search from the start visits (every move expanded).
const ALL_KEYS: usize = 395_554;

/// Solves the start into one memo filled by 1 or 2 threads at once.
fn solve_shared(game: Mnc, threads: usize, keys: usize) -> PackedMemo {
    let table = SharedPackedMemo::with_room_for(keys);
    std::thread::scope(|scope| {
        for reversed in [false, true].into_iter().take(threads.clamp(1, 2)) {
            let table = &table;
            scope.spawn(move || {
                let game = Mnc { reversed, ..game };
                Solver::with_memo(game, table).solve(&Position::START)
            });
        }
    });
    table.finish()
}

/// The facts of a whole-game solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    /// Value of the start for x.
    pub start: Outcome,
    /// x's openings with their values for x.
    pub openings: Vec<(Move, Outcome)>,
    /// Keys a full search from the start visits (positions where a line was
    /// just completed included), counted without folding symmetries.
    pub keys: usize,
    /// Those keys that are wins for their mover.
    pub winning_keys: usize,
    /// Keys distinct under the 8 symmetries.
    pub distinct_keys: usize,
}

impl Engine {
    /// The census of the whole game: the engine's values of the start and
    /// the openings, and the keys of a full search from the start (which
    /// the engine, taking immediate wins at once, does not visit all of:
    /// this solves the game again, expanding every move).
    pub fn census(&mut self) -> Census {
        let start = self.value(&Position::START);
        let openings = self.rate_moves(&Position::START);
        let full = Mnc {
            rules: self.rules(),
            short_cut: false,
            reversed: false,
        };
        let memo = solve_shared(full, crate::solver::grundy::cores(), ALL_KEYS);
        let (mut keys, mut winning_keys) = (0, 0);
        for (key, value) in memo.entries() {
            let orbit = Position::from_key(key, Side::X).orbit_size();
            keys += orbit;
            if value.is_win() {
                winning_keys += orbit;
            }
        }
        Census {
            start,
            openings,
            keys,
            winning_keys,
            distinct_keys: memo.len(),
        }
    }
}
