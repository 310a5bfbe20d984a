//! `noughts tictactoe`: verdicts in the Codeforces 3C or CodeChef TCTCTOE
//! format, optionally explained.

use super::input::read_input;
use super::json::{self, Value};
use super::Error;
use crate::notation::tictactoe::{mark_letter, read_board, result_words, slashed, Alphabet};
use crate::notation::{counted, line_words, InputError, Tokens};
use crate::solver::tictactoe::{illegality, Analyzer, Atlas, Board, Verdict};
use crate::solver::Side;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// `noughts tictactoe`'s options (its help and examples are on the
/// command, in [`super::Command`]).
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Input format.
    #[arg(long, value_enum, default_value_t = Format::Codeforces)]
    format: Format,
    /// Add, under each verdict, why an illegal board is illegal, or what
    /// perfect play gives and each empty cell's result with its distance.
    #[arg(long)]
    explain: bool,
    /// A line of JSON per board instead: verdict, status code, reason,
    /// winner and line, whose turn, and every empty cell's value.
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Input file; standard input if absent or `-`.
    file: Option<PathBuf>,
}

impl Options {
    pub fn run(self, out: &mut impl Write) -> Result<(), Error> {
        let text = read_input(self.file.as_deref())?;
        let answered = if self.json {
            run_json(&text, self.format, out)
        } else {
            run(&text, self.format, self.explain, out)
        };
        answered.map_err(|e| e.in_file(self.file.as_deref()))
    }
}

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
    fn alphabet(self) -> Alphabet {
        match self {
            Format::Codeforces => Alphabet::CODEFORCES,
            Format::Codechef => Alphabet::CODECHEF,
        }
    }
}

/// Parses a whole input in the given format.
pub fn parse(text: &str, format: Format) -> Result<Vec<Board>, InputError> {
    let mut tokens = Tokens::new(text);
    let mut boards = Vec::new();
    let alphabet = format.alphabet();
    match format {
        Format::Codeforces => {
            // At least one board: the end of input is only allowed after it.
            while let Some(board) =
                read_board(&mut tokens, alphabet, boards.len() + 1, !boards.is_empty())?
            {
                boards.push(board);
            }
        }
        Format::Codechef => {
            let count = tokens.expect_count("the number of boards")?;
            for number in 1..=count {
                if let Some(board) = read_board(&mut tokens, alphabet, number, false)? {
                    boards.push(board);
                }
            }
            tokens.expect_end(&counted(count, "board"))?;
        }
    }
    Ok(boards)
}

/// The answer lines for every board, written to `out`. The whole input is
/// read first: bad input gets its error and no partial answer.
pub fn run(text: &str, format: Format, explain: bool, out: &mut impl Write) -> Result<(), Error> {
    let boards = parse(text, format)?;
    let atlas = Atlas::shared();
    let mut analyzer = explain.then(Analyzer::new);
    for board in &boards {
        let verdict = atlas.verdict(board);
        match format {
            Format::Codeforces => writeln!(out, "{}", verdict.words())?,
            Format::Codechef => writeln!(out, "{}", verdict.status_code())?,
        }
        if let Some(analyzer) = analyzer.as_mut() {
            let mut lines = String::new();
            explain_board(&mut lines, board, verdict, analyzer);
            out.write_all(lines.as_bytes())?;
        }
    }
    Ok(())
}

/// One board as `--json` gives it (a line of JSON per board).
#[derive(Debug, Serialize)]
pub struct BoardReport {
    /// The board on one line, rows joined by `/` (`X0X/.0./.X.`).
    pub board: String,
    /// The verdict in the words of Codeforces 3C.
    pub verdict: &'static str,
    /// The status code of CodeChef TCTCTOE (1 over, 2 going on, 3 illegal).
    pub code: u8,
    /// Why an illegal board is illegal.
    pub reason: Option<String>,
    /// Who has three in a row (`X` or `O`), on a legal board.
    pub winner: Option<char>,
    /// That line by its end cells (`a1–c3`).
    pub line: Option<String>,
    /// Whose turn it is, when the game goes on.
    pub to_move: Option<char>,
    /// What perfect play gives the side to move.
    pub value: Option<Value>,
    /// Every empty cell with the value of playing there, best first.
    pub moves: Vec<CellValue>,
}

/// A cell and the value of playing there, for the side to move.
#[derive(Debug, Serialize)]
pub struct CellValue {
    pub cell: String,
    #[serde(flatten)]
    pub value: Value,
}

/// The `--json` report of one board.
pub fn board_report(board: &Board, verdict: Verdict, analyzer: &mut Analyzer) -> BoardReport {
    let mut report = BoardReport {
        board: slashed(board),
        verdict: verdict.words(),
        code: verdict.status_code(),
        reason: None,
        winner: None,
        line: None,
        to_move: None,
        value: None,
        moves: Vec::new(),
    };
    match verdict {
        Verdict::Illegal => report.reason = illegality(board).map(|why| why.to_string()),
        Verdict::FirstPlayerWon | Verdict::SecondPlayerWon => {
            let winner = if verdict == Verdict::FirstPlayerWon {
                Side::X
            } else {
                Side::O
            };
            report.winner = Some(mark_letter(winner));
            report.line = board.line_of(winner).map(line_words);
        }
        Verdict::Draw => {}
        Verdict::First | Verdict::Second => {
            if let Some(analysis) = analyzer.analyze(board) {
                let mover = analysis.mover;
                report.to_move = Some(mark_letter(mover));
                report.value = Some(Value::new(analysis.value, mover, mark_letter));
                let mut moves = analysis.moves.clone();
                moves.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                report.moves = moves
                    .into_iter()
                    .map(|(cell, value)| CellValue {
                        cell: cell.to_string(),
                        value: Value::new(value, mover, mark_letter),
                    })
                    .collect();
            }
        }
    }
    report
}

/// `--json`: a line of JSON per board (see [`BoardReport`]); the whole
/// input is read first, as for the text answers.
pub fn run_json(text: &str, format: Format, out: &mut impl Write) -> Result<(), Error> {
    let boards = parse(text, format)?;
    let atlas = Atlas::shared();
    let mut analyzer = Analyzer::new();
    for board in &boards {
        json::write_line(
            out,
            &board_report(board, atlas.verdict(board), &mut analyzer),
        )?;
    }
    Ok(())
}

/// The reason and perfect-play analysis of one board, indented.
pub fn explain_board(out: &mut String, board: &Board, verdict: Verdict, analyzer: &mut Analyzer) {
    use std::fmt::Write as _;
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
                let mover = mark_letter(analysis.mover);
                line(
                    out,
                    format!(
                        "{mover} to move; perfect play gives: {} ({} for {mover})",
                        result_words(analysis.mover, analysis.value),
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
                    line(out, format!("  {mover} on {cell}: {value}{best}"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, format: Format, explain: bool) -> Result<String, Error> {
        let mut out = Vec::new();
        super::run(text, format, explain, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

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
        assert!(m.contains("end of input after 1 board,"), "{m}");
        let (_, _, m) = error("x\n", Format::Codechef);
        assert!(m.contains("number of boards"), "{m}");
    }
}
