//! Notakto: every verdict the quotient gives (the position's and each
//! move's) against a plain misère search that shares no code with it
//! (`independent::notakto`), on every position of up to 3 boards and on
//! random positions of 4 to 6; the computed quotient against the one
//! Plambeck & Whitehead published; and the command's format and errors.

use crate::independent::notakto::{dead, live_positions, moves, turned, NotaktoSearch};
use assert_cmd::Command;
use noughts::notation::notakto::{element, presentation};
use noughts::solver::notakto::{analyze, engine_move, play, quotient, Board, EXACT_ENGINE_BOARDS};
use noughts::solver::puzzle::SplitMix64;

/// Checks the analysis of `cells` against the search: the verdict, and for
/// every playable cell (and no other) whether moving there wins.
fn check(search: &mut NotaktoSearch, cells: &[u16]) {
    let boards: Vec<Board> = cells.iter().map(|&c| Board::from_cells(c)).collect();
    let analysis = analyze(&boards);
    assert_eq!(analysis.is_winning(), search.wins(cells), "{cells:03x?}");
    let expected: Vec<(usize, usize, bool)> = moves(cells)
        .into_iter()
        .map(|(k, cell, after)| (k, cell, !search.wins(&after)))
        .collect();
    let got: Vec<(usize, usize, bool)> = analysis
        .moves
        .iter()
        .map(|(m, wins)| (m.board, m.cell.index(), *wins))
        .collect();
    assert_eq!(got, expected, "{cells:03x?}");
    let winning: Vec<(usize, usize)> = analysis
        .winning_moves()
        .iter()
        .map(|m| (m.board, m.cell.index()))
        .collect();
    let expected_winning: Vec<(usize, usize)> = expected
        .iter()
        .filter(|m| m.2)
        .map(|m| (m.0, m.1))
        .collect();
    assert_eq!(winning, expected_winning);
}

#[test]
fn every_position_of_one_and_two_boards_matches_plain_search() {
    let mut search = NotaktoSearch::default();
    for a in 0..512u16 {
        check(&mut search, &[a]);
        for b in 0..512u16 {
            check(&mut search, &[a, b]);
        }
    }
}

#[test]
fn every_position_of_three_boards_up_to_symmetry_matches_plain_search() {
    // Every multiset of three boards from the 46 live positions up to
    // symmetry and a dead board, each board shown turned another way.
    let mut kinds = live_positions();
    assert_eq!(kinds.len(), 46);
    kinds.push(0b111);
    let mut search = NotaktoSearch::default();
    let mut seed = 0;
    let mut positions = 0;
    for i in 0..kinds.len() {
        for j in i..kinds.len() {
            for k in j..kinds.len() {
                seed += 1;
                let cells = [
                    turned(kinds[i], seed),
                    turned(kinds[j], seed / 8 + 1),
                    turned(kinds[k], seed / 64 + 2),
                ];
                check(&mut search, &cells);
                positions += 1;
            }
        }
    }
    assert_eq!(positions, 47 * 48 * 49 / 6);
}

/// A board reached in play, from the project's fixed random stream: random
/// X on an empty board until a line or a random stop.
fn random_board(random: &mut SplitMix64) -> u16 {
    let mut b = 0u16;
    for _ in 0..random.below(7) {
        b |= 1 << random.below(9);
        if dead(b) {
            break;
        }
    }
    b
}

#[test]
fn random_positions_of_four_to_six_boards_match_plain_search() {
    let mut search = NotaktoSearch::default();
    let mut random = SplitMix64::new(36);
    for (boards, count) in [(4, 2000), (5, 100), (6, 20)] {
        for _ in 0..count {
            let cells: Vec<u16> = (0..boards).map(|_| random_board(&mut random)).collect();
            check(&mut search, &cells);
        }
    }
}

#[test]
fn the_engine_wins_every_won_position_against_every_reply() {
    // Two and three empty boards: the engine moves whenever it is its turn,
    // the other side tries every move; the engine must never lose a won
    // game, which the search confirms at each step.
    let mut search = NotaktoSearch::default();
    for start in [vec![0u16; 1], vec![0u16; 3]] {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start];
        while let Some(cells) = stack.pop() {
            if !seen.insert(cells.clone()) {
                continue;
            }
            let boards: Vec<Board> = cells.iter().map(|&c| Board::from_cells(c)).collect();
            let Some(mv) = engine_move(&boards) else {
                continue;
            };
            assert!(search.wins(&cells), "the engine is to move in a won game");
            let after = play(&boards, mv);
            let after: Vec<u16> = after.iter().map(|b| b.cells()).collect();
            assert!(!search.wins(&after), "the engine's move keeps the win");
            for (_, _, reply) in moves(&after) {
                if reply.iter().any(|&b| !dead(b)) {
                    stack.push(reply);
                }
            }
        }
    }
}

#[test]
fn the_engine_wins_soonest_and_loses_latest_on_few_boards() {
    // Every position of one and two boards, and three-board positions
    // from a fixed generator: the engine's move reaches the best number of
    // plies the plain search knows (fewest when winning, most when losing).
    const { assert!(EXACT_ENGINE_BOARDS >= 3) };
    let mut search = NotaktoSearch::default();
    let mut positions: Vec<Vec<u16>> = Vec::new();
    for a in 0..512u16 {
        positions.push(vec![a]);
        for b in (0..512u16).step_by(7) {
            positions.push(vec![a, b]);
        }
    }
    let mut random = SplitMix64::new(7);
    positions.extend((0..300).map(|_| (0..3).map(|_| random_board(&mut random)).collect()));
    positions.push(vec![0, 0, 0]);
    for cells in positions {
        let boards: Vec<Board> = cells.iter().map(|&c| Board::from_cells(c)).collect();
        // The record's value: who wins and in how many plies.
        let value = noughts::solver::notakto::game::value(&boards);
        assert_eq!(value.winning, search.wins(&cells), "{cells:03x?}");
        assert_eq!(
            value.plies.map(u32::from),
            Some(search.plies(&cells)),
            "{cells:03x?}"
        );
        let Some(mv) = engine_move(&boards) else {
            assert!(cells.iter().all(|&b| dead(b)));
            continue;
        };
        let after: Vec<u16> = play(&boards, mv).iter().map(|b| b.cells()).collect();
        assert_eq!(
            1 + search.plies(&after),
            search.plies(&cells),
            "{cells:03x?}: the engine played {mv:?}"
        );
        assert_eq!(search.wins(&cells), !search.wins(&after), "{cells:03x?}");
    }
}

#[test]
fn the_computed_quotient_is_the_one_plambeck_and_whitehead_published() {
    // "The Secrets of Notakto" (arXiv 1301.1672): 18 elements, this
    // presentation, P-portion {a, b², bc, c²}; the empty board is c and a
    // centre X is c².
    let q = quotient();
    assert_eq!(
        presentation(q, false),
        "⟨a, b, c, d | a² = 1, b³ = b, b²c = c, c³ = ac², b²d = d, cd = ad, d² = c²⟩"
    );
    let names: Vec<String> = q.elements().map(|x| element(q, x, false)).collect();
    assert_eq!(
        names.join(" "),
        "1 a b ab b² ab² c ac bc abc c² ac² bc² abc² d ad bd abd"
    );
    let p: Vec<String> = q
        .elements()
        .filter(|&x| q.is_p(x))
        .map(|x| element(q, x, false))
        .collect();
    assert_eq!(p, ["a", "b²", "bc", "c²"]);
    let of = |cells: u16| element(q, q.element_of(Board::from_cells(cells)), false);
    assert_eq!(of(0), "c");
    assert_eq!(of(1 << 4), "c²");
    assert_eq!(of(0b111), "1", "a dead board is the identity");
}

fn notakto(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .arg("notakto")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_command_answers_in_two_lines() {
    assert_eq!(
        notakto(&[".../.../..."]),
        (0, "WINNING\n1:b2\n".into(), String::new())
    );
    assert_eq!(
        notakto(&[".../.../...", ".../.../..."]),
        (0, "LOSING\n\n".into(), String::new())
    );
    // A dead board counts for nothing; with no live board the player to
    // move has already won.
    assert_eq!(
        notakto(&["XXX/.../...", ".../.../..."]).1,
        "WINNING\n2:b2\n"
    );
    assert_eq!(notakto(&["X../.X./..X"]).1, "WINNING\n\n");
    let three = notakto(&[".../.../...", ".../.../...", ".../.../..."]).1;
    assert!(three.starts_with("WINNING\n"), "{three}");
    // --explain writes the product out; past 9 boards, as powers.
    assert_eq!(
        notakto(&["--explain", ".../.../...", "XX./.../...", ".../.X./..."]).1,
        "WINNING\n2:a3\n\
         the boards count 0 flips, 0 halves, 4 opens, 1 spare: not a losing count, so the player \
         to move wins (with an odd number of spares, the player to move wins)\n\
         c · d · c² = ad: not in the P-portion {a, b², bc, c²}, so the player to move wins\n"
    );
    // The count's line says what the verdict says, on positions of every
    // case of the rule, dead and nothing-counting boards included.
    for boards in [
        vec!["X.X/.../...", "X.X/.../..."],
        vec![".X./X../..."],
        vec![".X./X../...", ".X./X../..."],
        vec!["X.X/.../...", ".../.../..."],
        vec![".../.../...", ".../.../..."],
        vec![".../.X./...", ".X./X../...", "XXX/.../..."],
        vec!["X../.../...", "X../.../..."],
        vec!["X../.X./..X", "XX./.../..."],
    ] {
        let mut args = vec!["--explain"];
        args.extend(boards.iter().copied());
        let out = notakto(&args).1;
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{out}");
        let loses = lines[0] == "LOSING";
        assert_eq!(
            lines[2].contains("so the player to move loses"),
            loses,
            "{out}"
        );
        assert_eq!(
            lines[2].contains("so the player to move wins"),
            !loses,
            "{out}"
        );
    }
    let mut many = vec!["--explain"];
    many.extend([".../.../..."; 10]);
    many.extend(["XX./.../...", "XXX/.../..."]);
    let explained = notakto(&many).1;
    assert!(
        explained.ends_with(
            "c¹⁰ · d = d: not in the P-portion {a, b², bc, c²}, so the player to move wins\n"
        ),
        "{explained}"
    );
    // Standard input with `-`.
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(["notakto", "-"])
        .write_stdin(".../.../...\n.../.../...\n")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "LOSING\n\n");
}

#[test]
fn bad_boards_get_one_line_and_status_2() {
    for (args, expected) in [
        (
            vec![".../.../...", "X../.x./..."],
            "board 2: character 6: expected 'X' or '.', found 'x'",
        ),
        (
            vec!["X..X../..."],
            "board 1: character 4: expected '/' after row 1, found 'X'",
        ),
        (
            vec!["X../.../.."],
            "board 1: character 11: expected 3 rows of 3 cells",
        ),
        (vec!["X../.../...\u{1b}"], "U+001B"),
        (
            vec![""],
            "board 1: expected a board such as X../.X./..., found nothing",
        ),
        (
            vec!["X../.../... .../.../..."],
            "(each board is a word of its own)",
        ),
        (
            vec![".../.../...", "-"],
            "argument 2: '-' (the boards from standard input) must be the only argument",
        ),
    ] {
        let (code, out, err) = notakto(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expected), "{err}");
        // An argument is one line: only standard input's errors name lines.
        assert!(!err.contains("line "), "{err}");
    }
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(["notakto", "-"])
        .write_stdin("\n\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected a board"));
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(["notakto", "-"])
        .write_stdin(".../.../...\n  X..x../...\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("line 2, column 6: board 2: expected '/' after row 1, found 'x'"),
        "{out:?}"
    );
}

#[test]
fn json_and_the_quotient_report() {
    let (code, out, _) = notakto(&["--json", ".../.../...", "XX./.../..."]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["elements"], serde_json::json!(["c", "d"]));
    assert_eq!(v["dead"], serde_json::json!([false, false]));
    assert_eq!(
        v["kinds"],
        serde_json::json!(["an open", "an open and a spare"])
    );
    assert_eq!(
        v["count"],
        serde_json::json!({"flips": 0, "halves": 0, "opens": 2, "spares": 1})
    );
    // c · d is reduced by the relation cd = ad.
    assert_eq!(v["product"], "ad");
    assert_eq!(
        v["verdict"],
        if v["p_position"] == true {
            "LOSING"
        } else {
            "WINNING"
        }
    );
    let (code, out, _) = notakto(&["--quotient"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("P-portion (the player to move loses): a b² bc c²"),
        "{out}"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("  ") && l.contains('/'))
            .count(),
        46 + 4
    );
    let (_, out, _) = notakto(&["--quotient", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["elements"].as_array().unwrap().len(), 18);
}

/// A board written as the app writes it (`X../.X./...`), as the plain
/// search's cells: bit `i` for the `i`-th cell in reading order.
fn cells_of(text: &str) -> u16 {
    let cells: Vec<char> = text.chars().filter(|&c| c != '/').collect();
    assert_eq!(cells.len(), 9, "{text}");
    cells
        .iter()
        .enumerate()
        .map(|(i, &c)| u16::from(c == 'X') << i)
        .sum()
}

/// The board the rules give for each kind the words name, as the plain
/// search's cells.
pub(crate) fn board_of_kind(words: &str) -> u16 {
    let text = match words {
        "count for nothing" => "X../.../...",
        "a flip" => ".X./X../...",
        "a half" => "X.X/.../...",
        "a half and a flip" => "XX./.X./...",
        "an open" => ".../.../...",
        "two opens" => ".../.X./...",
        "an open and a spare" => "XX./.../...",
        "a flip, an open and a spare" => ".XX/X../...",
        other => panic!("no kind is called {other:?}"),
    };
    cells_of(text)
}

/// Whether two boards are of one kind, by the plain search alone: beside
/// every live board up to symmetry, and beside it and one board of each
/// kind the rules name, the outcome is the same with either.
pub(crate) fn same_kind(search: &mut NotaktoSearch, x: u16, y: u16) -> bool {
    let named = [
        "an open",
        "two opens",
        "a half",
        "a flip",
        "a half and a flip",
        "an open and a spare",
    ]
    .map(board_of_kind);
    search.wins(&[x]) == search.wins(&[y])
        && live_positions().into_iter().all(|k| {
            search.wins(&[x, k]) == search.wins(&[y, k])
                && named
                    .iter()
                    .all(|&j| search.wins(&[x, k, j]) == search.wins(&[y, k, j]))
        })
}

#[test]
fn a_puzzles_hints_give_the_count_then_what_to_make_of_a_board_then_the_move() {
    use noughts::notation::notakto::puzzle_hint as notakto_hint;
    use noughts::notation::notakto::MoveText;
    use noughts::solver::puzzle::Puzzler;
    let mut search = NotaktoSearch::default();
    let mut puzzler = Puzzler::new();
    let kinds = live_positions();
    let (mut killed, mut made) = (0, std::collections::BTreeSet::new());
    for level in 1..=4u8 {
        for number in 1..=15u32 {
            let p: noughts::solver::notakto::NotaktoPuzzle = puzzler.named(level, number);
            let cells: Vec<u16> = p.boards.iter().map(|b| b.cells()).collect();
            let plain = notakto_hint(&p, 1, false);
            for expert in ["P-portion", "multiply", "product"] {
                assert!(!plain.contains(expert), "{plain}");
            }
            assert!(plain.starts_with("the boards count "), "{plain}");
            assert!(
                plain.contains(
                    " now; a winning move leaves your opponent a losing count: even spares and "
                ),
                "{plain}"
            );
            let first = p.answers[0];
            // With the details, the quotient's words.
            let product = {
                let q = quotient();
                element(
                    q,
                    q.product(p.boards.iter().map(|&b| q.element_of(b))),
                    false,
                )
            };
            let detailed = notakto_hint(&p, 1, true);
            assert!(
                detailed.contains(&format!("multiply to {product}")),
                "{detailed}"
            );
            assert!(detailed.contains("a, b², bc, c²"), "{detailed}");
            // The board, and what to make of it: checked by the plain search.
            let mut after = cells.clone();
            after[first.board] |= 1 << first.cell.index();
            let board = first.board + 1;
            let second = notakto_hint(&p, 2, true);
            let plain = notakto_hint(&p, 2, false);
            if dead(after[first.board]) {
                assert_eq!(plain, second);
                assert_eq!(second, format!("kill board {board}: complete a line there"));
                killed += 1;
            } else {
                let (told, leaving) = plain
                    .strip_prefix(&format!("on board {board}: one X there makes it "))
                    .and_then(|rest| rest.split_once(", leaving "))
                    .unwrap_or_else(|| panic!("{plain}"));
                // The count it leaves is the count of the answer's position.
                let answered = play(&p.boards, first);
                assert_eq!(
                    leaving,
                    noughts::notation::notakto::count_short(
                        noughts::solver::notakto::count::Count::of_all(&answered)
                    ),
                    "{plain}"
                );
                // Some cell of that board makes it of the kind named, and
                // leaves the opponent lost.
                let like = board_of_kind(told);
                let found = (0..9)
                    .filter(|c| cells[first.board] >> c & 1 == 0)
                    .any(|c| {
                        let mut after = cells.clone();
                        after[first.board] |= 1 << c;
                        !dead(after[first.board])
                            && !search.wins(&after)
                            && same_kind(&mut search, after[first.board], like)
                    });
                assert!(found, "{plain} on {cells:03x?}");
                made.insert(told.to_string());
                let like = second
                    .strip_prefix(&format!("on board {board}: make it like "))
                    .and_then(|rest| rest.strip_suffix(" (of the same kind)"))
                    .unwrap_or_else(|| panic!("{second}"));
                let like = cells_of(like);
                // Of the same kind: the same outcome beside any one board,
                // and in the puzzle's place a loss for the opponent.
                for &k in &kinds {
                    assert_eq!(
                        search.wins(&[like, k]),
                        search.wins(&[after[first.board], k]),
                        "{second}: beside {k:03x}"
                    );
                }
                let mut instead = after.clone();
                instead[first.board] = like;
                assert!(!search.wins(&instead), "{second}");
            }
            assert!(notakto_hint(&p, 3, false).contains(&MoveText(first).to_string()));
        }
    }
    assert!(
        killed > 0 && made.len() >= 3,
        "killed {killed}, made {made:?}"
    );
}

#[test]
fn what_each_board_counts_as_and_the_counts_rule_agree_with_the_plain_search() {
    use noughts::notation::notakto::kind_words;
    use noughts::solver::notakto::count::Count;
    let mut search = NotaktoSearch::default();
    // Every live board up to symmetry: the kind its words name is its kind
    // by the search, and boards the words call one kind are.
    for k in live_positions() {
        let words = kind_words(1, Board::from_cells(k))[0].clone();
        let named = words.strip_prefix("board 1: ").unwrap();
        let named = match named {
            "counts for nothing" => "count for nothing",
            other => other,
        };
        assert!(
            same_kind(&mut search, k, board_of_kind(named)),
            "{k:03x}: {words}"
        );
    }
    // The rule on sums of up to four boards (the verdicts of more are
    // checked above), the search's verdict.
    let mut random = SplitMix64::new(49);
    let (mut lost, mut cases) = (0, std::collections::BTreeSet::new());
    for count in (0..2000).map(|i| 1 + i % 4) {
        let cells: Vec<u16> = (0..count).map(|_| random_board(&mut random)).collect();
        let boards: Vec<Board> = cells.iter().map(|&c| Board::from_cells(c)).collect();
        let c = Count::of_all(&boards);
        assert_eq!(c.loses(), !search.wins(&cells), "{cells:03x?}: {c:?}");
        lost += usize::from(c.loses());
        cases.insert(format!("{:?}", c.case()));
    }
    assert!(
        lost > 50 && cases.len() == 4,
        "{lost} lost, cases {cases:?}"
    );
}

#[test]
fn the_kinds_the_rules_name_lose_as_they_say() {
    let rules = include_str!("../../assets/rules.md");
    let mut search = NotaktoSearch::default();
    let kind = board_of_kind;
    for board in [".X./X../...", "X.X/.../...", "X../.../...", "XX./.../..."] {
        assert!(rules.contains(&format!("`{board}`")), "{board}");
    }
    let (open, flip, half) = (kind("an open"), kind("a flip"), kind("a half"));
    for losing in [
        vec![open, open],
        vec![kind("two opens")],
        vec![flip],
        vec![half, half],
        vec![half, open],
        vec![flip, open, kind("two opens")],
        vec![kind("an open and a spare"), kind("an open and a spare")],
    ] {
        assert!(!search.wins(&losing), "{losing:03x?}");
    }
    for winning in [
        vec![open],
        vec![flip, flip],
        vec![half],
        vec![open, open, open],
    ] {
        assert!(search.wins(&winning), "{winning:03x?}");
    }
    // Beside anything: a corner or edge X alone, a dead board and two
    // flips change nothing.
    let nothing = [
        vec![cells_of("X../.../...")],
        vec![cells_of(".X./.../...")],
        vec![cells_of("XXX/.../...")],
        vec![flip, flip],
    ];
    for k in live_positions() {
        for extra in &nothing {
            let mut with = extra.clone();
            with.push(k);
            assert_eq!(search.wins(&with), search.wins(&[k]), "{with:03x?}");
        }
    }
}

#[test]
fn the_lessons_one_board_rule_wins_whatever_the_opponent_plays() {
    // The lesson's first why: after the centre, any knight's move from the
    // opponent's X that makes no line keeps the win. Checked on every line
    // of play by the plain search (round 7 followed the rule it said
    // before, the opposite cell, and completed a line).
    let lesson = include_str!("../../src/tui/tabs/notakto/lesson.rs");
    assert!(lesson.contains("a knight's move from it"));
    let knight = |a: usize, b: usize| {
        let (dr, dc) = ((a / 3).abs_diff(b / 3), (a % 3).abs_diff(b % 3));
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    let mut search = NotaktoSearch::default();
    let mut stack = vec![1u16 << 4];
    let mut checked = 0;
    while let Some(board) = stack.pop() {
        assert!(
            !search.wins(&[board]),
            "{board:03x}: the opponent should be lost"
        );
        for m in (0..9).filter(|&m| board >> m & 1 == 0) {
            let theirs = board | 1 << m;
            if dead(theirs) {
                continue;
            }
            let replies: Vec<u16> = (0..9)
                .filter(|&r| theirs >> r & 1 == 0 && knight(m, r))
                .map(|r| theirs | 1 << r)
                .filter(|&b| !dead(b))
                .collect();
            assert!(!replies.is_empty(), "{theirs:03x}: no knight's move left");
            stack.extend(replies);
            checked += 1;
        }
    }
    assert!(checked > 8, "{checked}");
}
