//! `noughts tictactoe`: verdicts in the Codeforces 3C or CodeChef TCTCTOE
//! format, optionally explained.

use super::input::{describe, quoted, InputError, Token, Tokens};
use crate::solver::tictactoe::{
    cell_name, illegality, result_words, Analyzer, Atlas, Board, Mark, Verdict,
};
use std::fmt::Write as _;

/// The two contest formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Boards of 3 rows over `X`, `0`, `.` until the end of input; verdicts
    /// in words (Codeforces 3C).
    Codeforces,
    /// A count T, then T boards over `X`, `O`, `_`; status codes 1, 2, 3
    /// (CodeChef TCTCTOE).
    Codechef,
}

impl Format {
    /// The characters for X, O and empty.
    fn alphabet(self) -> [char; 3] {
        match self {
            Format::Codeforces => ['X', '0', '.'],
            Format::Codechef => ['X', 'O', '_'],
        }
    }
}

fn parse_row(
    token: &Token,
    board: &mut Board,
    row: usize,
    format: Format,
) -> Result<(), InputError> {
    let [x, o, empty] = format.alphabet();
    let expected = format!("'{x}', '{o}' or '{empty}'");
    for (i, ch) in token.text.chars().enumerate() {
        if i == 3 {
            return Err(token.error_at(
                3,
                format!(
                    "expected a row of 3 cells, found {} characters in {}",
                    token.text.chars().count(),
                    quoted(token.text)
                ),
            ));
        }
        let mark = match ch {
            c if c == x => Some(Mark::X),
            c if c == o => Some(Mark::O),
            c if c == empty => None,
            c => {
                return Err(token.error_at(i, format!("expected {expected}, found {}", describe(c))))
            }
        };
        *board = board.with(3 * row + i, mark);
    }
    let len = token.text.chars().count();
    if len < 3 {
        return Err(token.error_at(
            len,
            format!(
                "expected a row of 3 cells, found {len} in {}",
                quoted(token.text)
            ),
        ));
    }
    Ok(())
}

/// One board of three rows; `None` at a clean end of input when allowed.
fn parse_board(
    tokens: &mut Tokens,
    format: Format,
    number: usize,
    end_allowed: bool,
) -> Result<Option<Board>, InputError> {
    let mut board = Board::EMPTY;
    for row in 0..3 {
        let token = match tokens.next() {
            Some(token) => token,
            None if row == 0 && end_allowed => return Ok(None),
            None => {
                return Err(tokens.end_error(format!(
                    "expected row {} of board {number}, found end of input",
                    row + 1
                )))
            }
        };
        parse_row(&token, &mut board, row, format)?;
    }
    Ok(Some(board))
}

/// Parses a whole input in the given format.
pub fn parse(text: &str, format: Format) -> Result<Vec<Board>, InputError> {
    let mut tokens = Tokens::new(text);
    let mut boards = Vec::new();
    match format {
        Format::Codeforces => {
            // At least one board: the end of input is only allowed after it.
            while let Some(board) =
                parse_board(&mut tokens, format, boards.len() + 1, !boards.is_empty())?
            {
                boards.push(board);
            }
        }
        Format::Codechef => {
            let count = tokens.expect_count("the number of boards")?;
            for number in 1..=count {
                if let Some(board) = parse_board(&mut tokens, format, number, false)? {
                    boards.push(board);
                }
            }
            tokens.expect_end(&format!("{count} boards"))?;
        }
    }
    Ok(boards)
}

/// The answer lines for every board.
pub fn run(text: &str, format: Format, explain: bool) -> Result<String, InputError> {
    let boards = parse(text, format)?;
    let atlas = Atlas::shared();
    let mut analyzer = explain.then(Analyzer::new);
    let mut out = String::with_capacity(boards.len() * 8);
    for board in &boards {
        let verdict = atlas.verdict(board);
        match format {
            Format::Codeforces => out.push_str(verdict.words()),
            Format::Codechef => out.push(char::from(b'0' + verdict.status_code())),
        }
        out.push('\n');
        if let Some(analyzer) = analyzer.as_mut() {
            explain_board(&mut out, board, verdict, analyzer);
        }
    }
    Ok(out)
}

/// The reason and perfect-play analysis of one board, indented.
pub fn explain_board(out: &mut String, board: &Board, verdict: Verdict, analyzer: &mut Analyzer) {
    let line = |out: &mut String, text: String| {
        let _ = writeln!(out, "  {text}");
    };
    match verdict {
        Verdict::Illegal => {
            if let Some(why) = illegality(board) {
                line(out, format!("why: {why}"));
            }
        }
        Verdict::FirstPlayerWon => line(out, "X has three in a row: the game is over".into()),
        Verdict::SecondPlayerWon => line(out, "O has three in a row: the game is over".into()),
        Verdict::Draw => line(
            out,
            "the board is full and nobody has three in a row".into(),
        ),
        Verdict::First | Verdict::Second => {
            if let Some(analysis) = analyzer.analyze(board) {
                let mover = analysis.mover;
                line(
                    out,
                    format!(
                        "{mover} to move; perfect play gives: {} ({} for {mover})",
                        result_words(mover, analysis.value),
                        analysis.value
                    ),
                );
                let mut moves = analysis.moves.clone();
                moves.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                for (cell, value) in moves {
                    let best = if value == analysis.value {
                        "  (best)"
                    } else {
                        ""
                    };
                    line(
                        out,
                        format!("  {mover} on {}: {value}{best}", cell_name(cell)),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codeforces_sample() {
        assert_eq!(
            run("X0X\n.0.\n.X.\n", Format::Codeforces, false).unwrap(),
            "second\n"
        );
    }

    #[test]
    fn several_boards_and_codechef() {
        let out = run("XXX\n0.0\n..0\n\nX0X\n.0.\n.X.", Format::Codeforces, false).unwrap();
        assert_eq!(out, "illegal\nsecond\n");
        let out = run(
            "3\nXOX\nXXO\nO_O\nXXX\nOOO\n___\nXOX\nOX_\nXO_\n",
            Format::Codechef,
            false,
        )
        .unwrap();
        assert_eq!(out, "2\n3\n1\n");
    }

    fn error(text: &str, format: Format) -> (usize, usize, String) {
        let e = parse(text, format).unwrap_err();
        (e.line, e.column, e.message)
    }

    #[test]
    fn errors_name_line_column_and_expectation() {
        let (l, c, m) = error("", Format::Codeforces);
        assert_eq!((l, c), (1, 1));
        assert!(m.contains("expected row 1 of board 1"), "{m}");
        let (l, c, m) = error("X0X\n.o.\n...", Format::Codeforces);
        assert_eq!((l, c), (2, 2));
        assert!(m.contains("'X', '0' or '.'") && m.contains("'o'"), "{m}");
        let (l, c, m) = error("X0X\n..\n...", Format::Codeforces);
        assert_eq!((l, c), (2, 3));
        assert!(m.contains("row of 3 cells"), "{m}");
        let (l, c, _) = error("X0X\n....\n...", Format::Codeforces);
        assert_eq!((l, c), (2, 4));
        let (l, c, m) = error("X0X\n...\n", Format::Codeforces);
        assert_eq!((l, c), (3, 1));
        assert!(m.contains("row 3 of board 1"), "{m}");
        let (l, _, m) = error("2\nXOX\nXXO\nO_O\n", Format::Codechef);
        assert_eq!(l, 5);
        assert!(m.contains("row 1 of board 2"), "{m}");
        let (l, c, m) = error("1\nXOX\nXXO\nO_O\n___", Format::Codechef);
        assert_eq!((l, c), (5, 1));
        assert!(m.contains("end of input after 1 boards"), "{m}");
        let (_, _, m) = error("x\n", Format::Codechef);
        assert!(m.contains("number of boards"), "{m}");
    }
}
