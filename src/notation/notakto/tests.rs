//! Notakto's notation: boards read and written, the words of the count.
use super::*;
use crate::notation::Tokens;

fn board(text: &str) -> Result<Board, InputError> {
    read_board(&Tokens::new(text).next().unwrap())
}

#[test]
fn boards_round_trip_and_bad_ones_say_where() {
    for text in ["X../.X./...", ".../.../...", "XXX/XXX/XXX", "X.X/.X./X.X"] {
        assert_eq!(BoardText(board(text).unwrap()).to_string(), text);
    }
    let error = |text: &str| {
        let e = board(text).unwrap_err();
        (e.column, e.message)
    };
    assert_eq!(error("X../.x./...").0, 6);
    assert!(error("X../.x./...")
        .1
        .contains("expected 'X' or '.', found 'x'"));
    assert_eq!(error("X...X./...").0, 4);
    assert!(error("X...X./...").1.contains("expected '/' after row 1"));
    assert_eq!(error("X../.X./..").0, 11);
    assert!(error("X../.X./..").1.contains("ending"));
    assert_eq!(error("X../.X./..../").0, 12);
    assert!(error("X../\u{1b}X./...").1.contains("U+001B"));
}

#[test]
fn monomials_are_written_as_the_paper_writes_them() {
    assert_eq!(monomial(&[0, 0, 0], false), "1");
    assert_eq!(monomial(&[1, 2, 0, 1], false), "ab²d");
    assert_eq!(monomial(&[1, 2, 0, 1], true), "ab^2d");
    assert_eq!(monomial(&[0, 12], false), "b¹²");
}

/// The first screen's plain why agrees, on every pair of boards, with
/// a search written here from the rules alone (9-bit masks, no Board,
/// no count), and names no part a position does not have.
#[test]
fn the_plain_why_agrees_with_a_search_from_the_rules_and_names_only_parts_there() {
    const LINES: [u16; 8] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
    let dead = |m: u16| LINES.into_iter().any(|l| m & l == l);
    fn wins(
        pos: (u16, u16),
        dead: &dyn Fn(u16) -> bool,
        memo: &mut std::collections::HashMap<(u16, u16), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&pos) {
            return w;
        }
        let mut win = dead(pos.0) && dead(pos.1);
        for cell in 0..9 {
            for (board, other, first) in [(pos.0, pos.1, true), (pos.1, pos.0, false)] {
                if win || dead(board) || board & 1 << cell != 0 {
                    continue;
                }
                let after = board | 1 << cell;
                let next = if first {
                    (after, other)
                } else {
                    (other, after)
                };
                win = !wins(next, dead, memo);
            }
        }
        memo.insert(pos, win);
        win
    }
    let text = |m: u16| {
        (0..3)
            .map(|row| {
                (0..3)
                    .map(|col| {
                        if m & 1 << (row * 3 + col) != 0 {
                            'X'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut memo = std::collections::HashMap::new();
    let mut seen = 0;
    for a in (0..512u16).filter(|&m| !dead(m)) {
        for b in (a..512u16).filter(|&m| !dead(m)).step_by(7) {
            let boards = [board(&text(a)).unwrap(), board(&text(b)).unwrap()];
            let said = count_plain(&boards, true);
            let c = Count::of_all(&boards);
            let mover_wins = wins((a, b), &dead, &mut memo);
            let expected = match c.is_nothing() {
                true => ": the player to move wins",
                false if mover_wins => ": not a losing count",
                false => ": a losing count",
            };
            assert!(said.contains(expected), "{} {}: {said}", text(a), text(b));
            let mover = ["loses", "wins"][usize::from(mover_wins)];
            let glossed = said.contains(" is like ");
            assert!(!glossed || said.ends_with(mover), "{said}");
            for (n, word) in [
                (c.flips, "flip"),
                (c.halves, "half"),
                (c.opens, "open"),
                (c.spares, "spare"),
            ] {
                assert_eq!(said.contains(word), n > 0, "{word} in {said}");
            }
            seen += 1;
        }
    }
    assert!(seen > 2000, "{seen} pairs");
    assert_eq!(
        count_short(Count::of_all(&[board(".../.../...").unwrap(); 3])),
        "3 opens"
    );
}
