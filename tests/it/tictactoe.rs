//! Every one of the 19,683 boards against slow, independent methods: plain
//! enumeration of every game (no memo) for legality, and plain minimax (no
//! memo, no short cut) for values.

use crate::independent;

use assert_cmd::Command;
use noughts::solver::board::has_line;
use noughts::solver::tictactoe::{
    illegality, Analyzer, Atlas, Board, Illegality, Verdict, BOARD_COUNT,
};
use noughts::solver::{Cell, Outcome, Side};
use std::collections::{HashMap, HashSet};

/// Boards as 9 chars, plain rules, written independently of the solver.
type Cells = [u8; 9];

fn line_of(cells: &Cells, mark: u8) -> bool {
    independent::tictactoe::has_line(cells, mark)
}

/// Every board met in every game from the empty board, by plain recursion.
fn play_every_game(cells: &mut Cells, mover: u8, seen: &mut HashSet<Cells>) {
    seen.insert(*cells);
    if line_of(cells, b'X') || line_of(cells, b'O') {
        return;
    }
    for c in 0..9 {
        if cells[c] == b'.' {
            cells[c] = mover;
            play_every_game(cells, if mover == b'X' { b'O' } else { b'X' }, seen);
            cells[c] = b'.';
        }
    }
}

fn cells_of(board: &Board) -> Cells {
    Cell::ALL.map(|c| match board.get(c) {
        Some(Side::X) => b'X',
        Some(Side::O) => b'O',
        None => b'.',
    })
}

/// Plain minimax: +(10 - plies) for a mover win, -(10 - plies) for a loss.
fn minimax(cells: &mut Cells, mover: u8) -> i32 {
    let other = if mover == b'X' { b'O' } else { b'X' };
    if line_of(cells, other) {
        return -10;
    }
    if cells.iter().all(|&c| c != b'.') {
        return 0;
    }
    let mut best = i32::MIN;
    for c in 0..9 {
        if cells[c] == b'.' {
            cells[c] = mover;
            let v = -minimax(cells, other);
            cells[c] = b'.';
            // One ply further away: shrink the magnitude by one.
            let v = v - v.signum();
            best = best.max(v);
        }
    }
    best
}

fn score(outcome: Outcome) -> i32 {
    match outcome {
        Outcome::Win(d) => 10 - i32::from(d),
        Outcome::Loss(d) => -(10 - i32::from(d)),
        Outcome::Draw => 0,
    }
}

#[test]
fn legality_matches_every_real_game_and_the_counts() {
    let mut seen = HashSet::new();
    play_every_game(&mut [b'.'; 9], b'X', &mut seen);
    let atlas = Atlas::shared();
    let mut counts: HashMap<Verdict, usize> = HashMap::new();
    for board in Board::all() {
        let verdict = atlas.verdict(&board);
        assert_eq!(
            verdict.is_legal(),
            seen.contains(&cells_of(&board)),
            "{board}"
        );
        *counts.entry(verdict).or_default() += 1;
    }
    assert_eq!(Board::all().count(), BOARD_COUNT);
    assert_eq!(counts[&Verdict::Illegal], 14_205);
    assert_eq!(BOARD_COUNT - counts[&Verdict::Illegal], 5_478);
    assert_eq!(counts[&Verdict::FirstPlayerWon], 626);
    assert_eq!(counts[&Verdict::SecondPlayerWon], 316);
    assert_eq!(counts[&Verdict::Draw], 16);
    assert_eq!(
        counts[&Verdict::First] + counts[&Verdict::Second],
        5_478 - 958
    );
}

#[test]
fn verdicts_of_legal_boards_follow_the_position() {
    let atlas = Atlas::shared();
    for board in Board::all().filter(|b| atlas.verdict(b).is_legal()) {
        let cells = cells_of(&board);
        let xs = cells.iter().filter(|&&c| c == b'X').count();
        let os = cells.iter().filter(|&&c| c == b'O').count();
        let expected = if line_of(&cells, b'X') {
            Verdict::FirstPlayerWon
        } else if line_of(&cells, b'O') {
            Verdict::SecondPlayerWon
        } else if xs + os == 9 {
            Verdict::Draw
        } else if xs == os {
            Verdict::First
        } else {
            Verdict::Second
        };
        assert_eq!(atlas.verdict(&board), expected, "{board}");
    }
}

#[test]
fn every_illegal_board_gets_a_specific_reason() {
    let atlas = Atlas::shared();
    for board in Board::all() {
        let why = illegality(&board);
        assert_eq!(why.is_none(), atlas.verdict(&board).is_legal(), "{board}");
        assert_ne!(why, Some(Illegality::Unreachable), "{board}");
    }
    let board = |rows: &str| {
        rows.chars()
            .filter(|c| !c.is_whitespace())
            .enumerate()
            .fold(Board::EMPTY, |b, (i, ch)| {
                b.with(
                    Cell::ALL[i],
                    match ch {
                        'X' => Some(Side::X),
                        'O' => Some(Side::O),
                        _ => None,
                    },
                )
            })
    };
    let reason = |rows: &str| illegality(&board(rows)).map(|r| r.to_string());
    assert_eq!(
        reason("O.. ... ..."),
        Some("O has more marks than X".into())
    );
    assert_eq!(
        reason("XXX ... ..."),
        Some("X has 3 more marks than O".into())
    );
    assert_eq!(
        reason("XXX OOO X.."),
        Some("both X and O have three in a row".into())
    );
    assert_eq!(
        reason("XXX OO. O.."),
        Some("X has three in a row but O has as many marks (O moved after X won)".into())
    );
    assert_eq!(
        reason("OOO XX. X.X"),
        Some("O has three in a row but X moved after it".into())
    );
}

#[test]
fn legal_boards_up_to_symmetry() {
    let atlas = Atlas::shared();
    let classes: HashSet<usize> = Board::all()
        .filter(|b| atlas.verdict(b).is_legal())
        .map(|b| (0..8).map(|s| b.transformed(s).index()).min().unwrap())
        .collect();
    assert_eq!(classes.len(), 765);
}

#[test]
fn perfect_play_values_match_plain_minimax_on_every_continuing_board() {
    let atlas = Atlas::shared();
    let mut analyzer = Analyzer::new();
    assert_eq!(analyzer.value(&Board::EMPTY), Outcome::Draw);
    let mut checked = 0;
    for board in Board::all() {
        let verdict = atlas.verdict(&board);
        if !verdict.is_legal() || verdict.is_over() {
            assert!(analyzer.analyze(&board).is_none());
            continue;
        }
        let analysis = analyzer.analyze(&board).unwrap();
        let mut cells = cells_of(&board);
        let mover = if analysis.mover == Side::X {
            b'X'
        } else {
            b'O'
        };
        assert_eq!(score(analysis.value), minimax(&mut cells, mover), "{board}");
        for &(cell, value) in &analysis.moves {
            cells[cell.index()] = mover;
            let other = if mover == b'X' { b'O' } else { b'X' };
            let after = -minimax(&mut cells, other);
            cells[cell.index()] = b'.';
            assert_eq!(score(value), after - after.signum(), "{board} at {cell}");
        }
        assert!(analysis.best_cells().count() > 0);
        checked += 1;
    }
    assert_eq!(checked, 5_478 - 958);
}

#[test]
fn has_line_agrees_with_the_plain_rule() {
    for mask in 0u16..512 {
        let cells: Cells = std::array::from_fn(|c| if mask >> c & 1 == 1 { b'X' } else { b'.' });
        assert_eq!(has_line(mask), line_of(&cells, b'X'));
    }
}

fn codeforces_text(board: &Board) -> String {
    format!("{board}\n")
}

#[test]
fn the_binary_answers_all_boards_in_both_formats() {
    let atlas = Atlas::shared();
    let boards: Vec<Board> = Board::all().collect();
    let input: String = boards.iter().map(codeforces_text).collect();
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .arg("tictactoe")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), BOARD_COUNT);
    for (board, line) in boards.iter().zip(&lines) {
        assert_eq!(*line, atlas.verdict(board).words());
    }

    let mut input = format!("{BOARD_COUNT}\n");
    for board in &boards {
        let rows = board.to_string().replace('0', "O").replace('.', "_");
        input.push_str(&rows);
        input.push('\n');
    }
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(["tictactoe", "--format", "codechef"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for (board, line) in boards.iter().zip(text.lines()) {
        assert_eq!(line, atlas.verdict(board).status_code().to_string());
    }
}

#[test]
fn explain_gives_reasons_and_distances() {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(["tictactoe", "--explain"])
        .write_stdin("XXX\n0.0\n..0\n\nX..\n.0.\n...\n\nX.X\n00.\n...\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "illegal\n  why: X has three in a row but O has as many marks (O moved after X won)\nfirst\n"
    ));
    assert!(
        text.contains("X to move; perfect play gives: draw"),
        "{text}"
    );
    // X.X / 00. : X wins at once in b1.
    assert!(text.contains("X on b1: win in 1  (best)"), "{text}");
    assert!(text.contains("X on c2: win in 3"), "{text}");
    assert!(text.contains("X on a3: loss in 2"), "{text}");
}

/// Runs the binary on `input`, expecting success.
fn answers(args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn json_lines_agree_with_the_text_answers_and_plain_minimax() {
    let boards: Vec<Board> = Board::all().collect();
    let input: String = boards.iter().map(codeforces_text).collect();
    let text = answers(&["tictactoe"], &input);
    let json = answers(&["tictactoe", "--json"], &input);
    let (mut won, mut continuing) = (0, 0);
    assert_eq!(json.lines().count(), BOARD_COUNT);
    for ((board, verdict), line) in boards.iter().zip(text.lines()).zip(json.lines()) {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        let read: Board = doc["board"].as_str().unwrap().parse().unwrap();
        assert_eq!(read, *board);
        assert_eq!(doc["verdict"], verdict, "{line}");
        let code = match verdict {
            "illegal" => 3,
            "first" | "second" => 2,
            _ => 1,
        };
        assert_eq!(doc["code"], code, "{line}");
        let cells = cells_of(board);
        let reason = illegality(board).map(|why| why.to_string());
        assert_eq!(doc["reason"].as_str(), reason.as_deref(), "{line}");
        if verdict == "the first player won" || verdict == "the second player won" {
            won += 1;
            let mark = if verdict.contains("first") {
                b'X'
            } else {
                b'O'
            };
            assert_eq!(doc["winner"], (mark as char).to_string());
            // The line named by its end cells: both ends and the middle
            // cell between them are the winner's.
            let ends: Vec<Cell> = doc["line"]
                .as_str()
                .unwrap()
                .split('–')
                .map(|c| c.parse().unwrap())
                .collect();
            let (a, b) = (ends[0], ends[1]);
            let middle = 3 * (a.row() + b.row()) / 2 + (a.col() + b.col()) / 2;
            for cell in [a.index(), b.index(), usize::from(middle)] {
                assert_eq!(cells[cell], mark, "{line}");
            }
        } else {
            assert!(doc["winner"].is_null() && doc["line"].is_null(), "{line}");
        }
        if verdict != "first" && verdict != "second" {
            assert!(doc["value"].is_null() && doc["moves"].as_array().unwrap().is_empty());
            continue;
        }
        continuing += 1;
        let (mover, other) = if verdict == "first" {
            (b'X', b'O')
        } else {
            (b'O', b'X')
        };
        assert_eq!(doc["to_move"], (mover as char).to_string());
        let mut cells = cells;
        assert_eq!(
            score_of(&doc["value"]),
            minimax(&mut cells, mover),
            "{line}"
        );
        for value in std::iter::once(&doc["value"]).chain(doc["moves"].as_array().unwrap()) {
            let winner = match value["result"].as_str() {
                Some("win") => Some((mover as char).to_string()),
                Some("loss") => Some((other as char).to_string()),
                _ => None,
            };
            assert_eq!(value["winner"].as_str(), winner.as_deref(), "{line}");
        }
        let moves = doc["moves"].as_array().unwrap();
        let empty = cells.iter().filter(|&&c| c == b'.').count();
        assert_eq!(moves.len(), empty, "{line}");
        let mut previous = i32::MAX;
        for mv in moves {
            let cell: Cell = mv["cell"].as_str().unwrap().parse().unwrap();
            assert_eq!(cells[cell.index()], b'.');
            cells[cell.index()] = mover;
            let after = -minimax(&mut cells, other);
            cells[cell.index()] = b'.';
            let score = score_of(mv);
            assert_eq!(score, after - after.signum(), "{line} at {cell}");
            assert!(score <= previous, "best first: {line}");
            previous = score;
        }
    }
    assert_eq!((won, continuing), (626 + 316, 5_478 - 958));
}

/// The score (as [`minimax`] gives it) of a JSON value, read from its
/// `result` and `plies` alone; `winner` is checked against the result.
fn score_of(value: &serde_json::Value) -> i32 {
    let plies = value["plies"].as_i64().map(|d| d as i32);
    match (value["result"].as_str().unwrap(), plies) {
        ("win", Some(d)) => 10 - d,
        ("loss", Some(d)) => -(10 - d),
        ("draw", None) => {
            assert!(value["winner"].is_null());
            0
        }
        other => panic!("not a value: {other:?} in {value}"),
    }
}

#[test]
fn a_first_hint_says_each_where_every_answer_is_in_the_place_it_names() {
    use noughts::notation::tictactoe::puzzle_hint;
    use noughts::solver::puzzle::Puzzler;
    use noughts::solver::tictactoe::TicTacToePuzzle;
    // The places by name, from the cells' names (a1 … c3).
    let place = |cell: &str| match cell {
        "b2" => "in the centre",
        "a1" | "c1" | "a3" | "c3" => "in a corner",
        _ => "on an edge",
    };
    let (mut each, mut one) = (0, 0);
    let mut puzzler = Puzzler::new();
    for level in 1..=2u8 {
        for number in 1..=60u32 {
            let p: TicTacToePuzzle = puzzler.named(level, number);
            if p.answers.len() < 2 {
                continue;
            }
            let hint = puzzle_hint(&p, 1);
            let places: Vec<&str> = p.answers.iter().map(|c| place(&c.to_string())).collect();
            let named = places[0];
            assert!(hint.ends_with(named), "{hint}");
            if places.iter().all(|&p| p == named) {
                assert!(
                    hint.contains(&format!("each is {named}")),
                    "{hint}: {places:?}"
                );
                each += 1;
            } else {
                assert!(
                    hint.contains(&format!("one is {named}")),
                    "{hint}: {places:?}"
                );
                one += 1;
            }
        }
    }
    assert!(each > 0 && one > 0, "each {each}, one {one}");
}

#[test]
fn a_second_hint_names_the_row_of_an_answer_by_the_cells_name() {
    use noughts::notation::tictactoe::puzzle_hint;
    use noughts::solver::puzzle::Puzzler;
    use noughts::solver::tictactoe::TicTacToePuzzle;
    // The row by the cell's name: a1 … c1 the top row, … a3 … c3 the bottom.
    let row = |cell: &str| match &cell[1..] {
        "1" => "the top row",
        "2" => "the middle row",
        _ => "the bottom row",
    };
    let mut rows_seen = std::collections::HashSet::new();
    let mut centres = 0;
    let mut puzzler = Puzzler::new();
    for level in 1..=3u8 {
        for number in 1..=60u32 {
            let p: TicTacToePuzzle = puzzler.named(level, number);
            let hint = puzzle_hint(&p, 2);
            let answers: Vec<String> = p.answers.iter().map(|c| c.to_string()).collect();
            if answers == ["b2"] {
                // "In the centre" names the cell: the first hint says what
                // the move does, no place; the second says where (round
                // 12 read the answer in hint 1).
                let first = puzzle_hint(&p, 1);
                assert!(
                    !first.contains("centre") && !first.contains("row") && !first.contains("b2"),
                    "{first}"
                );
                assert_eq!(hint, "it is in the centre");
                centres += 1;
                continue;
            }
            // The row named is that of an answer (the one the first hint
            // and the last name), and no other row is named.
            let named: Vec<&str> = ["the top row", "the middle row", "the bottom row"]
                .into_iter()
                .filter(|r| hint.contains(r))
                .collect();
            assert_eq!(named.len(), 1, "{hint}");
            assert!(
                answers.iter().any(|a| row(a) == named[0]),
                "{hint}: {answers:?}"
            );
            let last = puzzle_hint(&p, 3);
            assert!(last.contains(&answers[0]), "{last}");
            assert_eq!(row(&answers[0]), named[0], "{hint}: {answers:?}");
            rows_seen.insert(named[0]);
        }
    }
    assert_eq!(rows_seen.len(), 3, "{rows_seen:?}");
    assert!(centres > 0, "no puzzle whose one answer is the centre");
}

#[test]
fn a_fork_puzzles_first_hint_says_how_to_find_the_fork_not_the_question_again() {
    use noughts::notation::puzzle::PuzzleText;
    use noughts::notation::tictactoe::puzzle_hint;
    use noughts::solver::puzzle::Puzzler;
    use noughts::solver::tictactoe::TicTacToePuzzle;
    // The eight lines over the board string's cells, row-major a1 b1 c1 …
    use crate::independent::LINES;
    let mut puzzler = Puzzler::new();
    let mut centres = 0;
    for number in 1..=400u32 {
        let p: TicTacToePuzzle = puzzler.named(2, number);
        let question = p.question();
        if !question.contains("find a fork") || p.answers().join(" ") != "b2" {
            continue;
        }
        let hint = puzzle_hint(&p, 1);
        // Round 19: "makes two threats at once" said the question again.
        assert!(
            !hint.contains("fork") && !hint.contains("threat") && !hint.contains("b2"),
            "{question} / {hint}"
        );
        // What it says holds, counted from the board string alone: the
        // centre lies on two lines, each with one of the mover's marks and
        // none of the other's.
        let mover = question.chars().next().unwrap();
        let other = if mover == 'X' { 'O' } else { 'X' };
        assert!(
            hint.contains(&format!("one {mover} and no {other}")),
            "{hint}"
        );
        let cells: Vec<char> = p
            .position_text()
            .chars()
            .filter(|&c| c != '/')
            .map(|c| {
                if c == '0' {
                    'O'
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        let lines = LINES
            .iter()
            .filter(|line| line.contains(&4))
            .filter(|line| {
                let mine = line.iter().filter(|&&i| cells[i] == mover).count();
                let theirs = line.iter().filter(|&&i| cells[i] == other).count();
                mine == 1 && theirs == 0
            })
            .count();
        assert!(lines >= 2, "{}: {lines} lines", p.position_text());
        centres += 1;
    }
    assert!(centres > 0, "no fork puzzle whose one answer is the centre");
}
