//! The MNC engine against a slow twin written from the rules alone: boards
//! of characters, plain hash map keyed without symmetry, every move expanded.

use crate::independent;

use crate::bridge::{outcome, twin_of};
use assert_cmd::Command;
use independent::mnc::{SlowSolver, Twin};
use noughts::notation::mnc::value_words;
use noughts::solver::mnc::{Engine, Move, Position, Rules, Size};
use noughts::solver::{Cell, Outcome, Side};
use std::collections::HashMap;

#[test]
fn engine_equals_the_slow_twin_on_every_key_and_the_facts_hold() {
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let start_value = outcome(slow.value(&Twin::start()));
    assert_eq!(start_value, Outcome::Win(13), "x wins in 13 moves");
    assert_eq!(slow.memo.len(), 3_102_641);
    let wins = slow.memo.values().filter(|v| v.is_win()).count();
    assert_eq!(wins, 2_526_606);
    // Every ply places a piece from a hand or removes a small one: at most
    // 12 + 8 = 20 plies, within the spec's bound of 24.
    assert!(slow.memo.values().all(|v| v.plies().unwrap() <= 20));

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
        let twin = twin_of(&position);
        assert_eq!(
            slow.memo.get(&twin).copied().map(outcome),
            Some(value),
            "{position}"
        );
        let mut ours: Vec<Twin> = position
            .legal_moves()
            .into_iter()
            .map(|mv| twin_of(&position.play(mv).unwrap()))
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
        assert_eq!(value.is_win(), small, "{mv:?}");
        let after = Position::START.play(*mv).unwrap();
        assert_eq!(
            outcome(slow.value(&twin_of(&after))).for_previous_mover(),
            *value
        );
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
    assert!(
        outcome(slow.value(&Twin::start())).is_loss(),
        "x would lose"
    );
    // Along a game of the engine's own moves, values and moves agree.
    let mut position = Position::START;
    while let Some(&(mv, value)) = engine.rate_moves(&position).first() {
        let twin = twin_of(&position);
        assert_eq!(engine.value(&position), outcome(slow.value(&twin)));
        let mut ours: Vec<Twin> = position
            .legal_moves_under(rules)
            .into_iter()
            .map(|mv| twin_of(&position.play_under(rules, mv).unwrap()))
            .collect();
        let mut theirs = twin.moves(false);
        ours.sort_by_key(|t| (t.cells, t.hands));
        theirs.sort_by_key(|t| (t.cells, t.hands));
        assert_eq!(ours, theirs);
        let after = position.play_under(rules, mv).unwrap();
        assert_eq!(
            value,
            outcome(slow.value(&twin_of(&after))).for_previous_mover()
        );
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
            outcome(slow.value(&twin_of(&position))),
            "{text}"
        );
        for (mv, value) in engine.rate_moves(&position) {
            let after = position.play(mv).unwrap();
            assert_eq!(
                value,
                outcome(slow.value(&twin_of(&after))).for_previous_mover(),
                "{text} {mv:?}"
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

/// Runs the binary with `args`, expecting success.
fn noughts(args: &[&str]) -> String {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn analyze_takes_json_anywhere_on_its_line() {
    let expected = noughts(&["mnc", "analyze", "--json", "o.X/.x./O.. x 2 3"]);
    assert!(expected.starts_with('{'), "{expected}");
    for args in [
        &["mnc", "analyze", "o.X/.x./O.. x 2 3", "--json"][..],
        &["mnc", "analyze", "o.X/.x./O..", "x", "--json", "2", "3"],
        &["mnc", "analyze", "o.X/.x./O..", "x", "2", "3", "--json"],
    ] {
        assert_eq!(noughts(args), expected, "{args:?}");
    }
}

/// A JSON value (`result`, `plies`, `winner`) for `mover` as an Outcome.
fn outcome_of(value: &serde_json::Value, mover: Side) -> Outcome {
    let plies = value["plies"].as_u64().map(|d| d as u8);
    let (outcome, winner) = match (value["result"].as_str().unwrap(), plies) {
        ("win", Some(d)) => (Outcome::Win(d), Some(mover)),
        ("loss", Some(d)) => (Outcome::Loss(d), Some(mover.other())),
        ("draw", None) => (Outcome::Draw, None),
        other => panic!("not a value: {other:?}"),
    };
    let letter = winner.map(|side| if side == Side::X { "x" } else { "o" });
    assert_eq!(value["winner"].as_str(), letter, "{value}");
    outcome
}

#[test]
fn analyze_json_agrees_with_the_text_and_the_slow_twin() {
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let positions = [
        ".../.../...",
        "o.X/.x./O.. x 2 3",
        "x.o/.X./o.. o 0 1",
        "XO./oX./x.. o 1 1",
        "xxx/o../o..",
        "ooo/xx./X.. x",
    ];
    for text in positions {
        let position: Position = text.parse().unwrap();
        let doc: serde_json::Value =
            serde_json::from_str(&noughts(&["mnc", "analyze", "--json", text])).unwrap();
        let words = noughts(&["mnc", "analyze", text]);
        let read: Position = doc["position"].as_str().unwrap().parse().unwrap();
        assert_eq!(read, position, "{text}");
        let mover = position.to_move();
        assert_eq!(doc["to_move"], if mover == Side::X { "x" } else { "o" });
        for (side, name) in [(Side::X, "x"), (Side::O, "o")] {
            let hand = &doc["hands"][name];
            assert_eq!(hand["small"], position.small_in_hand(side), "{text}");
            assert_eq!(hand["big"], position.big_in_hand(side), "{text}");
        }
        let twin = twin_of(&position);
        let legal = position.legal_moves();
        if position.winner().is_some() || legal.is_empty() {
            let winner = position.winner().unwrap_or(mover.other());
            assert_eq!(doc["winner"], if winner == Side::X { "x" } else { "o" });
            assert!(words.contains(doc["over"].as_str().unwrap()), "{text}");
            assert!(doc["value"].is_null() && doc["moves"].as_array().unwrap().is_empty());
            continue;
        }
        assert!(doc["over"].is_null() && doc["winner"].is_null());
        let value = outcome_of(&doc["value"], mover);
        assert_eq!(value, outcome(slow.value(&twin)), "{text}");
        let moves = doc["moves"].as_array().unwrap();
        assert_eq!(moves.len(), legal.len(), "{text}");
        // The text lists the same moves, in the same order, with the same values.
        let listed: Vec<&str> = words
            .lines()
            .skip_while(|l| *l != "moves, best first:")
            .skip(1)
            .collect();
        assert_eq!(listed.len(), moves.len(), "{words}");
        for (mv, line) in moves.iter().zip(listed) {
            let name = mv["move"].as_str().unwrap();
            let played = *legal
                .iter()
                .find(|m| noughts::notation::mnc::move_notation(&position, **m) == name)
                .unwrap_or_else(|| panic!("{name} is not a legal move in {text}"));
            let value = outcome_of(mv, mover);
            let after = position.play(played).unwrap();
            let expected = outcome(slow.value(&twin_of(&after))).for_previous_mover();
            assert_eq!(value, expected, "{text} {name}");
            assert_eq!(line, format!("  {name:<16} {}", value_words(mover, value)));
        }
    }
}

#[test]
fn solve_json_agrees_with_the_text() {
    let doc: serde_json::Value =
        serde_json::from_str(&noughts(&["mnc", "solve", "--json"])).unwrap();
    let words = noughts(&["mnc", "solve"]);
    let start = outcome_of(&doc["start"], Side::X);
    assert!(words.starts_with(&format!(
        "start: {} (perfect play)",
        value_words(Side::X, start)
    )));
    let openings = doc["openings"].as_array().unwrap();
    let listed: Vec<&str> = words.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(openings.len(), listed.len());
    for (mv, line) in openings.iter().zip(listed) {
        let name = mv["move"].as_str().unwrap();
        let value = outcome_of(mv, Side::X);
        assert_eq!(line, format!("  {name:<8} {}", value_words(Side::X, value)));
    }
    // The counts of the text, read back without their thousands commas.
    let numbers: Vec<u64> = words
        .lines()
        .filter(|l| l.starts_with("keys") || l.starts_with("distinct"))
        .flat_map(|l| l.split_once(": ").unwrap().1.split([' ', '(']))
        .filter_map(|w| w.replace(',', "").parse().ok())
        .collect();
    assert_eq!(
        numbers,
        [&doc["keys"], &doc["winning_keys"], &doc["distinct_keys"]].map(|n| n.as_u64().unwrap()),
        "{words}"
    );
    // The engine's own census (the slow twin checks it in the test above).
    let census = Engine::solved().census();
    assert_eq!(doc["keys"], census.keys);
    assert_eq!(doc["distinct_keys"], census.distinct_keys);
    assert!(doc["solved_ms"].as_f64().unwrap() > 0.0);
}

#[test]
fn every_strength_chooses_a_legal_move_and_perfect_the_best() {
    use noughts::solver::mnc::Strength;
    let mut engine = Engine::solved();
    // Positions along games of random moves.
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 11
    };
    let mut kept = 0;
    let mut chosen = 0;
    for _ in 0..40 {
        let mut position = Position::START;
        while position.game_over().is_none() {
            let rated = engine.rate_moves(&position);
            let legal = position.legal_moves();
            for strength in Strength::ALL {
                for _ in 0..6 {
                    let mv = strength.choose(&rated, next()).unwrap();
                    assert!(legal.contains(&mv), "{position} {mv:?}");
                    let value = rated.iter().find(|(m, _)| *m == mv).unwrap().1;
                    match strength {
                        Strength::Perfect => assert_eq!(value, rated[0].1),
                        Strength::Strong => {
                            chosen += 1;
                            if value.is_win() == rated[0].1.is_win() {
                                kept += 1;
                            }
                        }
                        Strength::Casual => {}
                    }
                }
            }
            let i = (next() % legal.len() as u64) as usize;
            position = position.play(legal[i]).unwrap();
        }
    }
    // Strong keeps the result far more often than not (it errs 1 in 6).
    assert!(kept * 10 > chosen * 8, "{kept} of {chosen}");
    assert_eq!(Strength::Perfect.choose(&[], 1), None);
}
