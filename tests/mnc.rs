//! The MNC engine against a slow twin written from the rules alone: boards
//! of characters, plain hash map keyed without symmetry, every move expanded.

mod common;

use noughts::solver::mnc::{Engine, Move, Piece, Position, Rules, Size};
use noughts::solver::{Cell, Outcome, Side};
use std::collections::HashMap;

/// A position from the mover's side: 'm'/'M' the mover's small/big pieces,
/// 'n'/'N' the opponent's; hands of small pieces (mover's, opponent's).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Twin {
    cells: [u8; 9],
    hands: [u8; 2],
}

use common::LINES;

impl Twin {
    fn start() -> Twin {
        Twin {
            cells: [b'.'; 9],
            hands: [4, 4],
        }
    }

    fn line(&self, small: u8, big: u8) -> bool {
        LINES.iter().any(|l| {
            l.iter()
                .all(|&c| self.cells[c] == small || self.cells[c] == big)
        })
    }

    fn bigs_on_board(&self) -> usize {
        self.cells.iter().filter(|&&c| c == b'M').count()
    }

    /// Successors, each seen from the next mover's side.
    fn moves(&self, cover_own_small: bool) -> Vec<Twin> {
        let coverable = |c: u8| c == b'n' || (cover_own_small && c == b'm');
        let mut after = Vec::new();
        for cell in 0..9 {
            if self.cells[cell] == b'.' && self.hands[0] > 0 {
                let mut next = *self;
                next.cells[cell] = b'm';
                next.hands[0] -= 1;
                after.push(next);
            }
            if (self.cells[cell] == b'.' || coverable(self.cells[cell])) && self.bigs_on_board() < 2
            {
                let mut next = *self;
                next.cells[cell] = b'M';
                after.push(next);
            }
            for to in 0..9 {
                if self.cells[cell] == b'M' && coverable(self.cells[to]) {
                    let mut next = *self;
                    next.cells[cell] = b'.';
                    next.cells[to] = b'M';
                    after.push(next);
                }
            }
        }
        after.iter().map(Twin::flipped).collect()
    }

    fn flipped(&self) -> Twin {
        let swap = |c: u8| match c {
            b'm' => b'n',
            b'M' => b'N',
            b'n' => b'm',
            b'N' => b'M',
            c => c,
        };
        Twin {
            cells: self.cells.map(swap),
            hands: [self.hands[1], self.hands[0]],
        }
    }

    fn of(position: &Position) -> Twin {
        let mover = position.to_move();
        let cells = position.cells().map(|p| match p {
            None => b'.',
            Some(Piece { side, size }) => match (side == mover, size) {
                (true, Size::Small) => b'm',
                (true, Size::Big) => b'M',
                (false, Size::Small) => b'n',
                (false, Size::Big) => b'N',
            },
        });
        Twin {
            cells,
            hands: [
                position.small_in_hand(mover),
                position.small_in_hand(mover.other()),
            ],
        }
    }
}

/// Plain memoised search; values as Outcome. Terminal positions (the
/// opponent has a line) are not stored, as the spec counts keys.
struct SlowSolver {
    cover_own_small: bool,
    memo: HashMap<Twin, Outcome>,
}

impl SlowSolver {
    fn value(&mut self, t: &Twin) -> Outcome {
        if t.line(b'n', b'N') {
            return Outcome::Loss(0);
        }
        if let Some(&v) = self.memo.get(t) {
            return v;
        }
        let mut best = Outcome::Loss(0);
        for next in t.moves(self.cover_own_small) {
            best = best.max(self.value(&next).for_previous_mover());
        }
        self.memo.insert(*t, best);
        best
    }
}

#[test]
fn engine_equals_the_slow_twin_on_every_key_and_the_facts_hold() {
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let start_value = slow.value(&Twin::start());
    assert_eq!(start_value, Outcome::Win(13), "x wins in 13 plies");
    assert_eq!(slow.memo.len(), 3_102_641);
    let wins = slow.memo.values().filter(|v| v.is_win()).count();
    assert_eq!(wins, 2_526_606);
    // Every ply places a piece from a hand or removes a small one: at most
    // 12 + 8 = 20 plies, within the spec's bound of 24.
    assert!(slow.memo.values().all(|v| v.distance().unwrap() <= 20));

    let mut engine = Engine::solved();
    let census = engine.census();
    assert_eq!(census.start, Outcome::Win(13));
    assert_eq!(census.keys, 3_102_641);
    assert_eq!(census.winning_keys, 2_526_606);
    assert_eq!(census.distinct_keys, 395_554);

    // Every key the engine stores has the slow twin's value, and the move
    // generators agree on it.
    for (key, value) in engine.memo() {
        let position = Position::from_key(key, Side::X);
        let twin = Twin::of(&position);
        assert_eq!(slow.memo.get(&twin), Some(&value), "{position}");
        let mut ours: Vec<Twin> = position
            .legal_moves()
            .into_iter()
            .map(|mv| Twin::of(&position.play(mv).unwrap()))
            .collect();
        let mut theirs = twin.moves(true);
        ours.sort_by_key(|t| (t.cells, t.hands));
        theirs.sort_by_key(|t| (t.cells, t.hands));
        assert_eq!(ours, theirs, "{position}");
    }

    // The 18 openings: exactly the 9 small ones win.
    assert_eq!(census.openings.len(), 18);
    for (mv, value) in &census.openings {
        let small = matches!(
            mv,
            Move::Place {
                size: Size::Small,
                ..
            }
        );
        assert_eq!(value.is_win(), small, "{mv}");
        let after = Position::START.play(*mv).unwrap();
        assert_eq!(slow.value(&Twin::of(&after)).for_previous_mover(), *value);
    }
}

#[test]
fn covering_ones_own_small_piece_matters() {
    // The engine under the rules that forbid it, against the slow twin.
    let rules = Rules {
        own_small_coverable: false,
    };
    let mut engine = Engine::with_rules(rules);
    assert!(engine.value(&Position::START).is_loss(), "x would lose");
    let mut slow = SlowSolver {
        cover_own_small: false,
        memo: HashMap::new(),
    };
    assert!(slow.value(&Twin::start()).is_loss(), "x would lose");
    // Along a game of the engine's own moves, values and moves agree.
    let mut position = Position::START;
    while let Some(&(mv, value)) = engine.rate_moves(&position).first() {
        let twin = Twin::of(&position);
        assert_eq!(engine.value(&position), slow.value(&twin));
        let mut ours: Vec<Twin> = position
            .legal_moves_under(rules)
            .into_iter()
            .map(|mv| Twin::of(&position.play_under(rules, mv).unwrap()))
            .collect();
        let mut theirs = twin.moves(false);
        ours.sort_by_key(|t| (t.cells, t.hands));
        theirs.sort_by_key(|t| (t.cells, t.hands));
        assert_eq!(ours, theirs);
        let after = position.play_under(rules, mv).unwrap();
        assert_eq!(value, slow.value(&Twin::of(&after)).for_previous_mover());
        position = after;
    }
}

#[test]
fn the_engine_is_right_on_positions_off_the_main_tree() {
    // Positions not reachable from the start (hands emptied by hand) are
    // solved on demand by a fresh engine, and agree with the slow twin.
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let mut engine = Engine::new();
    let positions = [
        "x.o/.X./o.. o 0 1",
        "xo./.../... x 0 0",
        ".../.../... o 1 0",
        "XO./oX./x.. o 1 1",
    ];
    for text in positions {
        let position: Position = text.parse().unwrap();
        assert_eq!(
            engine.value(&position),
            slow.value(&Twin::of(&position)),
            "{text}"
        );
        for (mv, value) in engine.rate_moves(&position) {
            let after = position.play(mv).unwrap();
            assert_eq!(
                value,
                slow.value(&Twin::of(&after)).for_previous_mover(),
                "{text} {mv}"
            );
        }
    }
}

#[test]
fn illegal_moves_are_explained() {
    use noughts::solver::mnc::IllegalMove;
    let [a1, b2] = [Cell::ALL[0], Cell::CENTRE];
    let p = Position::START;
    let p = p
        .play(Move::Place {
            size: Size::Small,
            cell: b2,
        })
        .unwrap();
    assert_eq!(
        p.play(Move::Place {
            size: Size::Small,
            cell: b2
        }),
        Err(IllegalMove::CellOccupied(b2))
    );
    let p = p
        .play(Move::Place {
            size: Size::Big,
            cell: b2,
        })
        .unwrap();
    // x cannot cover o's big piece, nor move a big it does not have.
    assert_eq!(
        p.play(Move::Place {
            size: Size::Big,
            cell: b2
        }),
        Err(IllegalMove::CannotCoverBig(b2))
    );
    assert_eq!(
        p.play(Move::Shift { from: b2, to: a1 }),
        Err(IllegalMove::NotYourBig(b2))
    );
    // No move can name a cell off the board: there is no such cell.
    assert_eq!(Cell::from_index(9), None);
    // Under the rules without covering one's own small piece, that is
    // refused with its reason.
    let rules = Rules {
        own_small_coverable: false,
    };
    let p = Position::START
        .play(Move::Place {
            size: Size::Small,
            cell: a1,
        })
        .unwrap()
        .play(Move::Place {
            size: Size::Small,
            cell: b2,
        })
        .unwrap();
    assert_eq!(
        p.play_under(
            rules,
            Move::Place {
                size: Size::Big,
                cell: a1
            }
        ),
        Err(IllegalMove::CannotCoverOwnSmall(a1))
    );
    assert!(p
        .play(Move::Place {
            size: Size::Big,
            cell: a1
        })
        .is_ok());
}
