//! Every puzzle's answers against the slow twins written from the rules
//! alone (`tests/independent`): thousands per game, every level.
//!
//! - Tic-tac-toe: plain negamax gives each move's value: a "win in N"
//!   puzzle's answers are exactly the moves that win in N, N the fastest;
//!   a save's are exactly the moves that do not lose, with at least one
//!   that does, at the depth the level says.
//! - Treblecross: free segments read off the safe cells, G(L) by the plain
//!   mex: the nim-sum, G(L), and the winning cells (a safe cell whose X
//!   leaves a nim-sum of 0); on strips of up to 21 cells also the
//!   exhaustive search.
//! - MNC: the slow twin's value is a win in exactly N plies, and the
//!   answers lead to exactly the successors that keep it; "the only one"
//!   is said where there is one.
//! - Notakto: plain misère search: the position is a win, the answers are
//!   exactly the moves after which the opponent loses, and the boards are
//!   live and as many as the level says.

use crate::independent;

use crate::bridge::{outcome, twin_of};
use assert_cmd::Command;
use independent::mnc::{SlowSolver, Twin};
use independent::{mask_of, safe, segment_values, TreblecrossSearch, Value};
use noughts::notation::tictactoe::slashed;
use noughts::solver::puzzle::{
    Choice, Puzzle, PuzzleGame, PuzzleId, Puzzler, Rated, FIRST_ROOM, ROOM_STEP,
};
use noughts::solver::tictactoe::TicTacToeTask;
use noughts::solver::treblecross::TreblecrossTask;
use noughts::solver::{Outcome, Side};
use std::collections::{HashMap, HashSet};

fn ids(game: PuzzleGame, per_level: u32) -> impl Iterator<Item = PuzzleId> {
    (1..=game.levels()).flat_map(move |level| {
        (0..per_level).map(move |seed| PuzzleId {
            game,
            level,
            seed: seed * 7919,
        })
    })
}

#[test]
fn notakto_answers_are_every_winning_move_and_no_other() {
    use independent::notakto::{dead, moves, NotaktoSearch};
    let mut search = NotaktoSearch::default();
    let mut puzzler = Puzzler::new();
    // The plain search holds every position of up to 5 boards it meets;
    // 6 to 9 (level 5) are past it: there only the puzzle's form is checked
    // here, its answers being the quotient's analysis, which
    // tests/it/notakto.rs checks against the plain search.
    for id in ids(PuzzleGame::Notakto, 300) {
        let Puzzle::Notakto(p) = puzzler.make(id) else {
            panic!("{id}: not a Notakto puzzle")
        };
        let cells: Vec<u16> = p.boards.iter().map(|b| b.cells()).collect();
        assert!(cells.iter().all(|&b| !dead(b)), "{id}: a dead board");
        let boards = [(2, 2), (3, 3), (3, 3), (4, 5), (6, 9)][usize::from(id.level) - 1];
        assert!(
            (boards.0..=boards.1).contains(&cells.len()),
            "{id}: {} boards",
            cells.len()
        );
        if id.level > 1 {
            assert!(
                p.answers.len() <= 3,
                "{id}: {} winning moves",
                p.answers.len()
            );
        }
        // Each answer an X on an empty cell.
        assert!(!p.answers.is_empty(), "{id}: no answer");
        for m in &p.answers {
            assert!(
                cells[m.board] >> m.cell.index() & 1 == 0,
                "{id}: {m:?} is taken"
            );
        }
        if id.level == 5 {
            continue;
        }
        if id.level == 4 && id.seed > 40 * 7919 {
            continue;
        }
        assert!(
            search.wins(&cells),
            "{id}: not a win for the player to move"
        );
        let winning: Vec<(usize, usize)> = moves(&cells)
            .into_iter()
            .filter(|(_, _, after)| !search.wins(after))
            .map(|(k, cell, _)| (k, cell))
            .collect();
        let answers: Vec<(usize, usize)> = p
            .answers
            .iter()
            .map(|m| (m.board, m.cell.index()))
            .collect();
        assert_eq!(answers, winning, "{id}");
    }
}

#[test]
fn tic_tac_toe_answers_are_every_right_move_and_no_other() {
    let mut puzzler = Puzzler::new();
    let mut tasks = HashSet::new();
    for id in ids(PuzzleGame::TicTacToe, 700) {
        let Puzzle::TicTacToe(p) = puzzler.make(id) else {
            panic!("{id:?} is not tic-tac-toe");
        };
        let board = independent::tictactoe::from_rows(&slashed(&p.board));
        let values: Vec<(usize, Value)> = (0..9)
            .filter(|&c| board[c] == b'.')
            .map(|c| (c, independent::tictactoe::move_value(&board, c)))
            .collect();
        let best = values
            .iter()
            .map(|(_, v)| *v)
            .reduce(|a, b| {
                if independent::tictactoe::better(a, b) {
                    a
                } else {
                    b
                }
            })
            .unwrap();
        let answers: Vec<usize> = p.answers.iter().map(|c| c.index()).collect();
        match p.task {
            TicTacToeTask::Win { plies } => {
                assert_eq!(best, Value::Win(u32::from(plies)), "{id:?}");
                // Level 1 wins at once, level 2 makes a fork (3 or 5).
                let deep = if id.level == 1 { [1, 1] } else { [3, 5] };
                assert!(deep.contains(&u32::from(plies)), "{id:?}");
                let right: Vec<usize> = values
                    .iter()
                    .filter(|(_, v)| *v == best)
                    .map(|(c, _)| *c)
                    .collect();
                assert_eq!(answers, right, "{id:?}");
            }
            TicTacToeTask::Save => {
                assert_eq!(best, Value::Draw, "{id:?}");
                let right: Vec<usize> = values
                    .iter()
                    .filter(|(_, v)| !v.is_loss())
                    .map(|(c, _)| *c)
                    .collect();
                assert_eq!(answers, right, "{id:?}");
                // Saves are level 2, a losing move among the moves or not.
                assert_eq!(id.level, 2, "{id:?}");
            }
        }
        tasks.insert((id.level, matches!(p.task, TicTacToeTask::Save)));
    }
    // Level 1 wins; level 2 both kinds.
    assert_eq!(tasks.len(), 3, "{tasks:?}");
}

/// The free segments' nim-sum of a strip with no immediate win, from the
/// safe cells and the plain mex.
fn nim_sum(strip: &[bool], g: &[u32]) -> u32 {
    let safe = safe(strip);
    let mut sum = 0;
    let mut run = 0;
    for &s in safe.iter().chain([&false]) {
        if s {
            run += 1;
        } else {
            sum ^= g[run];
            run = 0;
        }
    }
    sum
}

#[test]
fn treblecross_answers_follow_the_free_segments_and_the_search() {
    let mut puzzler = Puzzler::new();
    let g = segment_values(600);
    let mut kinds = HashSet::new();
    for id in ids(PuzzleGame::Treblecross, 300) {
        let Puzzle::Treblecross(p) = puzzler.make(id) else {
            panic!("{id:?} is not Treblecross");
        };
        let strip: Vec<bool> = p.strip.to_vec();
        // No move makes three at once: the segments decide.
        let xs: Vec<usize> = (0..strip.len()).filter(|&i| strip[i]).collect();
        assert!(xs.windows(2).all(|w| w[1] - w[0] >= 3), "{id:?}");
        match &p.task {
            TreblecrossTask::SegmentValue { len, value } => {
                assert_eq!(u32::from(*value), g[*len], "{id:?}");
                kinds.insert("G");
            }
            TreblecrossTask::NimSum { value } => {
                assert_eq!(u32::from(*value), nim_sum(&strip, &g), "{id:?}");
                kinds.insert("nim-sum");
            }
            TreblecrossTask::WinningCell { cells } => {
                assert_ne!(nim_sum(&strip, &g), 0, "{id:?}");
                let safe = safe(&strip);
                let right: Vec<usize> = (0..strip.len())
                    .filter(|&c| safe[c])
                    .filter(|&c| {
                        let mut after = strip.clone();
                        after[c] = true;
                        nim_sum(&after, &g) == 0
                    })
                    .collect();
                assert_eq!(cells, &right, "{id:?}");
                if strip.len() <= 21 {
                    let mut search = TreblecrossSearch::new(strip.len());
                    assert_eq!(cells, &search.winning_cells(mask_of(&strip)), "{id:?}");
                }
                kinds.insert("cell");
            }
        }
    }
    assert_eq!(kinds.len(), 3);
}

#[test]
fn mnc_answers_are_exactly_the_moves_that_keep_the_win_in_n() {
    let mut puzzler = Puzzler::new();
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let mut only = 0;
    for id in ids(PuzzleGame::Mnc, 200) {
        let Puzzle::Mnc(p) = puzzler.make(id) else {
            panic!("{id:?} is not MNC");
        };
        // Level l: a win in 2l + 1 plies; the last level, the longest (11
        // or 13: too few positions win in 13 for a level of their own).
        let n = p.plies;
        let last = id.level == PuzzleGame::Mnc.levels();
        assert!(
            n == 2 * id.level + 1 || last && n == 2 * id.level + 3,
            "{id:?}: {n}"
        );
        let twin = twin_of(&p.position);
        assert_eq!(outcome(slow.value(&twin)), Outcome::Win(n), "{id:?}");
        let mut right: Vec<Twin> = twin
            .moves(true)
            .into_iter()
            .filter(|after| outcome(slow.value(after)) == Outcome::Loss(n - 1))
            .collect();
        let mut given: Vec<Twin> = p
            .answers
            .iter()
            .map(|mv| twin_of(&p.position.play(*mv).unwrap()))
            .collect();
        right.sort_by_key(|t| (t.cells, t.hands));
        given.sort_by_key(|t| (t.cells, t.hands));
        assert_eq!(given, right, "{id:?}");
        only += usize::from(p.answers.len() == 1);
    }
    // Positions with one winning move are preferred: most puzzles have one.
    let all = 200 * usize::from(PuzzleGame::Mnc.levels());
    assert!(only * 10 >= 6 * all, "{only} of {all} with one answer");
}

/// Every position a game reaches from the start, with the side to move
/// (true: x), by the slow twin's moves: no symmetry, no table.
pub(crate) fn reachable_twins() -> HashSet<(Twin, bool)> {
    let start = (Twin::start(), true);
    let mut seen = HashSet::from([start]);
    let mut todo = vec![start];
    while let Some((twin, x_to_move)) = todo.pop() {
        // Over once the player who just moved (the opponent here) has a line.
        if twin.line(b'n', b'N') {
            continue;
        }
        for next in twin.moves(true) {
            if seen.insert((next, !x_to_move)) {
                todo.push((next, !x_to_move));
            }
        }
    }
    seen
}

#[test]
fn every_mnc_puzzle_is_a_position_a_game_reaches_with_that_side_to_move() {
    let reached = reachable_twins();
    let is_reached = |text: &str| {
        let position: noughts::solver::mnc::Position = text.parse().unwrap();
        reached.contains(&(twin_of(&position), position.to_move() == Side::X))
    };
    // The search itself: the example is no game's position with o
    // to move (nothing captured, two moves each: x is to move), and is one
    // with x to move.
    assert!(!is_reached("X.X/..o/o.. o 4 2"));
    assert!(is_reached(".../.../... x 4 4"));
    let mut puzzler = Puzzler::new();
    for id in ids(PuzzleGame::Mnc, 100) {
        let Puzzle::Mnc(p) = puzzler.make(id) else {
            panic!("{id:?} is not MNC");
        };
        let side = p.position.to_move() == Side::X;
        assert!(
            reached.contains(&(twin_of(&p.position), side)),
            "{id}: no game reaches it with {:?} to move",
            p.position.to_move()
        );
    }
}

#[test]
fn the_same_id_gives_the_same_puzzle_and_ids_read_back() {
    for game in PuzzleGame::ALL {
        for id in ids(game, 20) {
            let a = Puzzler::new().make(id);
            let b = Puzzler::new().make(id);
            assert_eq!(a, b, "{id:?}");
            assert_eq!(id.to_string().parse::<PuzzleId>().unwrap(), id);
        }
    }
    for bad in [
        "mnc-7-1",
        "chess-1-1",
        "mnc-1",
        "mnc-x-1",
        "mnc-1-99999999999",
        "",
    ] {
        assert!(bad.parse::<PuzzleId>().is_err(), "{bad}");
    }
}

#[test]
fn the_command_prints_the_puzzles_its_seed_names() {
    let json = Command::cargo_bin("noughts")
        .unwrap()
        .args([
            "puzzle", "--game", "mnc", "--level", "2", "--count", "5", "--seed", "40", "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(json)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    let mut puzzler = Puzzler::new();
    for (k, line) in lines.iter().enumerate() {
        let id: PuzzleId = line["id"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            id,
            PuzzleId {
                game: PuzzleGame::Mnc,
                level: 2,
                seed: 40 + k as u32
            }
        );
        let Puzzle::Mnc(p) = puzzler.make(id) else {
            panic!()
        };
        assert_eq!(
            line["question"],
            format!(
                "{} to move and win in 5 moves",
                if p.position.to_move() == Side::X {
                    'x'
                } else {
                    'o'
                }
            )
        );
        assert_eq!(line["answers"].as_array().unwrap().len(), p.answers.len());
    }
    for (args, said) in [
        (
            &["puzzle", "--game", "mnc", "--level", "7"][..],
            "expected a level from 1 to 5",
        ),
        (&["puzzle", "--game", "go"][..], "expected a game"),
        (
            &["puzzle", "--game", "mnc", "--seed=x1"][..],
            "expected a whole number",
        ),
        (
            &["tui", "--puzzle", "chess-1-1"][..],
            "'--puzzle <PUZZLE>': expected a game",
        ),
        (
            &["tui", "--puzzle", "mnc-9-1"][..],
            "character 5: expected a level from 1 to 5",
        ),
        (
            &["tui", "--puzzle", "notakto-6-1"][..],
            "character 9: expected a level from 1 to 5",
        ),
    ] {
        let out = Command::cargo_bin("noughts")
            .unwrap()
            .args(args)
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(err.contains(said), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// A puzzle up to symmetry, read from its printed position (not from the
/// crate's own `shape`): the smallest of the board's 8 turns and mirrors
/// (rows of a 3×3 board, with the rest of the line kept; each Notakto
/// board so, the boards sorted), or of a strip and its reverse, with what
/// the puzzle asks.
fn canonical(puzzle: &Puzzle) -> String {
    let text = noughts::notation::puzzle::position_text(puzzle);
    let asks = noughts::notation::puzzle::question(puzzle);
    // What is asked, less the level's words that do not name the puzzle.
    let asks = asks.split(':').next().unwrap_or_default().to_string();
    if let Puzzle::Treblecross(_) = puzzle {
        let reversed: String = text.chars().rev().collect();
        return format!("{asks} {}", text.clone().min(reversed));
    }
    if let Puzzle::Notakto(_) = puzzle {
        let mut boards: Vec<String> = text.split(' ').map(smallest_turn).collect();
        boards.sort();
        return format!("{asks} {}", boards.join(" "));
    }
    let (rows, rest) = text.split_once(' ').unwrap_or((&text, ""));
    format!("{asks} {} {rest}", smallest_turn(rows))
}

/// The smallest of a 3×3 board's 8 turns and mirrors, its rows joined.
fn smallest_turn(rows: &str) -> String {
    let cells: Vec<char> = rows.chars().filter(|&c| c != '/').collect();
    assert_eq!(cells.len(), 9, "{rows}");
    let at = |r: usize, c: usize| cells[3 * r + c];
    let turns = (0..8).map(|s| {
        let mut out = String::new();
        for r in 0..3 {
            for c in 0..3 {
                // Mirror first (s ≥ 4), then turn s % 4 quarter turns.
                let (mut r0, mut c0) = (r, if s >= 4 { 2 - c } else { c });
                for _ in 0..s % 4 {
                    (r0, c0) = (2 - c0, r0);
                }
                out.push(at(r0, c0));
            }
        }
        out
    });
    turns.min().unwrap()
}

/// Issue 34: the same puzzle came again and again (Treblecross level 1
/// had 10 distinct strips in 1,000 puzzles). Each level offers at least
/// 200 puzzles up to symmetry, and a run of new ones repeats none of the
/// last 50 of its level.
#[test]
fn every_level_offers_200_puzzles_and_a_run_repeats_none_of_its_last_50() {
    let mut puzzler = Puzzler::new();
    for game in PuzzleGame::ALL {
        for level in 1..=game.levels() {
            let id = |seed| PuzzleId { game, level, seed };
            let distinct: HashSet<String> = (0..1_500)
                .map(|seed| canonical(&puzzler.make(id(seed))))
                .collect();
            assert!(
                distinct.len() >= 200,
                "{game:?} level {level}: {} distinct puzzles in 1,500",
                distinct.len()
            );
            let mut run: Vec<String> = Vec::new();
            let mut seed = 77;
            for _ in 0..200 {
                let (made, puzzle) = puzzler.fresh_puzzle(id(seed));
                assert_eq!((made.game, made.level), (game, level));
                // The id says the puzzle: a shared id gives it again.
                assert_eq!(puzzler.make(made), puzzle);
                let shape = canonical(&puzzle);
                let recent = &run[run.len().saturating_sub(50)..];
                assert!(!recent.contains(&shape), "{made} repeats {shape} within 50");
                run.push(shape);
                seed = made.seed + 1;
            }
        }
    }
}

/// What the tests measure of a puzzle themselves, for its rating: the
/// moves to choose from, the moves that answer, and the depth of the proof
/// (the plies of the win, the free segments of the strip read off the safe
/// cells, the live boards by the twin's own lines).
fn measured(puzzle: &Puzzle) -> Option<(usize, usize, u32)> {
    match puzzle {
        Puzzle::TicTacToe(p) => match p.task {
            TicTacToeTask::Win { plies } => {
                let empty = slashed(&p.board).matches('.').count();
                Some((empty, p.answers.len(), u32::from(plies)))
            }
            TicTacToeTask::Save => None,
        },
        Puzzle::Treblecross(p) => match &p.task {
            TreblecrossTask::WinningCell { cells } => {
                let strip = p.strip.cells();
                let empty = strip.iter().filter(|&&x| !x).count();
                let safe = safe(strip);
                let runs = (0..safe.len())
                    .filter(|&i| safe[i] && (i == 0 || !safe[i - 1]))
                    .count();
                Some((empty, cells.len(), runs as u32))
            }
            _ => None,
        },
        Puzzle::Mnc(_) => None,
        Puzzle::Notakto(p) => {
            let boards: Vec<u16> = p.boards.iter().map(|b| b.cells()).collect();
            let live = boards
                .iter()
                .filter(|&&b| !independent::notakto::dead(b))
                .count();
            let choices = independent::notakto::moves(&boards).len();
            Some((choices, p.answers.len(), live as u32))
        }
    }
}

#[test]
fn ratings_come_from_what_is_measured_and_grow_with_the_level() {
    let mut puzzler = Puzzler::new();
    for game in PuzzleGame::ALL {
        let mut medians = Vec::new();
        for level in 1..=game.levels() {
            let mut ratings: Vec<u16> = (0..40)
                .map(|seed| {
                    let puzzle = puzzler.make(PuzzleId {
                        game,
                        level,
                        seed: seed * 7919,
                    });
                    if let Some((choices, answers, depth)) = measured(&puzzle) {
                        let d = puzzle.difficulty();
                        let bits = (choices as f64 / answers as f64).log2();
                        assert!((d.bits - bits).abs() < 1e-9, "{game:?} {level}: {d:?}");
                        assert_eq!(d.depth, depth.max(1), "{game:?} {level}");
                    }
                    puzzle.rating()
                })
                .collect();
            ratings.sort();
            medians.push(ratings[ratings.len() / 2]);
        }
        // The levels were made harder by other means (more boards, longer
        // strips, deeper wins): the ratings say so too, past the noise of
        // 40 puzzles (a Treblecross level mixes in drills): each level's
        // median above the one two levels down, the last above the first.
        let rising = medians.windows(3).all(|w| w[0] < w[2]);
        let first_last = medians.first() < medians.last();
        assert!(
            rising && first_last,
            "{game:?}: medians by level {medians:?}"
        );
    }
}

#[test]
fn puzzles_near_a_rating_come_from_any_level_with_their_rating() {
    for game in ["tictactoe", "treblecross", "mnc", "notakto"] {
        let out = Command::cargo_bin("noughts")
            .unwrap()
            .args([
                "puzzle", "--game", game, "--rating", "1500", "--count", "6", "--seed", "3",
                "--json",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let mut puzzler = Puzzler::new();
        let mut positions = HashSet::new();
        for line in String::from_utf8(out).unwrap().lines() {
            let line: serde_json::Value = serde_json::from_str(line).unwrap();
            let id: PuzzleId = line["id"].as_str().unwrap().parse().unwrap();
            let rating = line["rating"].as_u64().unwrap();
            assert_eq!(rating, u64::from(puzzler.make(id).rating()), "{id}");
            assert!(rating.abs_diff(1500) <= 400, "{id}: {rating}");
            assert!(positions.insert(line["position"].to_string()), "{id} twice");
        }
        assert_eq!(positions.len(), 6);
    }
    for (args, said) in [
        (
            &["--rating", "5000"][..],
            "expected a rating from 100 to 3000",
        ),
        (
            &["--rating", "1500", "--level", "2"][..],
            "cannot be used with",
        ),
    ] {
        let out = Command::cargo_bin("noughts")
            .unwrap()
            .args(["puzzle", "--game", "mnc"])
            .args(args)
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

/// The app chooses each next puzzle near the player's rating: from any
/// level, within the first room where the game has puzzles there, none
/// of the last 50 chosen so again (up to symmetry), and the id it gives
/// makes the same puzzle.
#[test]
fn puzzles_chosen_near_a_rating_are_near_it_new_and_named_by_their_id() {
    let mut puzzler = Puzzler::new();
    for game in PuzzleGame::ALL {
        let (low, high) = game.span();
        for aim in [low, (low + high) / 2, high] {
            let mut run: Vec<String> = Vec::new();
            let mut off = Vec::new();
            for k in 0..60u32 {
                let choice = Choice::Near {
                    game,
                    at_least: 0,
                    rating: aim,
                    seed: 1000 + 97 * k,
                    theme: None,
                };
                let (made, puzzle) = puzzler.chosen_puzzle(choice);
                assert_eq!(made.game, game);
                assert_eq!(puzzler.make(made), puzzle, "{made}");
                let shape = canonical(&puzzle);
                let recent = &run[run.len().saturating_sub(50)..];
                assert!(!recent.contains(&shape), "{made} repeats within 50");
                run.push(shape);
                off.push(puzzle.rating().abs_diff(aim));
            }
            // The first ten (nothing chosen yet to avoid) mostly within the
            // first room; none past a few widenings (a small game near the
            // edge of its ratings runs short of new puzzles there).
            let mut first: Vec<u16> = off[..10].to_vec();
            first.sort();
            let median = first[first.len() / 2];
            assert!(median <= FIRST_ROOM, "{game:?} near {aim}: {off:?}");
            assert!(
                off.iter().all(|&o| o <= FIRST_ROOM + 6 * ROOM_STEP),
                "{game:?} near {aim}: {off:?}"
            );
        }
    }
}

/// The span the runs climb is the one the generators give: about the
/// 10th percentile of level 1 and the 90th of the last level.
#[test]
fn each_games_span_is_its_puzzles_ratings() {
    let mut puzzler = Puzzler::new();
    for game in PuzzleGame::ALL {
        let percentile = |puzzler: &mut Puzzler, level: u8, p: usize| {
            let mut ratings: Vec<u16> = (1..=200)
                .map(|seed| puzzler.make(PuzzleId { game, level, seed }).rating())
                .collect();
            ratings.sort();
            ratings[ratings.len() * p / 100]
        };
        let (low, high) = game.span();
        let p10 = percentile(&mut puzzler, 1, 10);
        let p90 = percentile(&mut puzzler, game.levels(), 90);
        assert!(
            p10.abs_diff(low) <= 60,
            "{game:?}: low {low}, measured {p10}"
        );
        assert!(
            p90.abs_diff(high) <= 60,
            "{game:?}: high {high}, measured {p90}"
        );
    }
}

/// A cell of the twin's board by the notation's name: `a1` top left.
fn cell_name(index: usize) -> String {
    format!("{}{}", char::from(b'a' + (index % 3) as u8), index / 3 + 1)
}

#[test]
fn an_mnc_puzzles_hints_describe_a_winning_move_piece_capture_and_place() {
    use noughts::notation::mnc::puzzle_hint;
    let mut puzzler = Puzzler::new();
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let rows = ["the top row", "the middle row", "the bottom row"];
    let (mut shifts, mut captures, mut edges) = (0, 0, 0);
    for id in ids(PuzzleGame::Mnc, 40) {
        let Puzzle::Mnc(p) = puzzler.make(id) else {
            panic!("{id:?} is not MNC");
        };
        let (first, second) = (puzzle_hint(&p, 1), puzzle_hint(&p, 2));
        let before = twin_of(&p.position);
        let text = noughts::notation::mnc::position_notation(&p.position);
        let mover = text.split(' ').nth(1).expect("the side to move");
        let (mover, other) = if mover == "x" { ('x', 'o') } else { ('o', 'x') };
        let n = p.plies;
        // Each winning move as the test reads it off the two boards (the
        // successor is seen from the next mover: the mover's pieces are
        // n/N there): where a piece landed, from where, what it covered.
        let described: Vec<(String, String)> = before
            .moves(true)
            .into_iter()
            .filter(|after| outcome(slow.value(after)) == Outcome::Loss(n - 1))
            .map(|after| {
                let to = (0..9)
                    .find(|&c| {
                        let landed = after.cells[c];
                        let own = if landed == b'n' { b'm' } else { b'M' };
                        (landed == b'n' || landed == b'N') && before.cells[c] != own
                    })
                    .expect("a piece landed");
                let from = (0..9).find(|&c| before.cells[c] == b'M' && after.cells[c] == b'.');
                // m: the mover's own small piece covered, n: the opponent's.
                let onto = match before.cells[to] {
                    b'.' => ", onto an empty cell".to_string(),
                    b'm' => ", covering its own side's small piece".to_string(),
                    _ => format!(", taking {other}'s small piece"),
                };
                let piece = match (from, after.cells[to]) {
                    (Some(f), _) => format!("the big piece on {} moves", cell_name(f)),
                    (None, b'n') => format!("a small {mover} piece from the hand"),
                    (None, _) => {
                        format!("a big {} piece from the hand", mover.to_ascii_uppercase())
                    }
                };
                let place = match to {
                    4 => "it lands in the centre".to_string(),
                    0 | 2 | 6 | 8 => format!("it lands in a corner of {}", rows[to / 3]),
                    _ => format!("it lands on the edge, in {}", rows[to / 3]),
                };
                (format!("{piece}{onto}"), place)
            })
            .collect();
        // Both hints fit one winning move: the first names its piece and
        // what it covers, the second where it lands.
        let fits = described
            .iter()
            .any(|(piece, place)| first == *piece && second == *place);
        assert!(fits, "{id:?}: {first} / {second}: {described:?}");
        shifts += usize::from(first.starts_with("the big piece on"));
        captures += usize::from(first.contains("taking"));
        edges += usize::from(second.contains("edge"));
    }
    // Each kind of hint came up.
    assert!(
        shifts > 0 && captures > 0 && edges > 0,
        "{shifts} {captures} {edges}"
    );
}
