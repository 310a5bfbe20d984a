//! `noughts notakto`: who wins a Notakto position and every winning move,
//! read off the misère quotient; `--quotient` prints the quotient itself.

use super::input::read_input;
use super::{json, Error};
use crate::notation::notakto::{
    board_kind, count_verdict, element, p_portion, presentation, product_words, read_board,
    BoardText, MoveText,
};
use crate::notation::{InputError, Token, Tokens};
use crate::solver::notakto::count::Count;
use crate::solver::notakto::{analyze, quotient as notakto_quotient, Analysis, Board};
use serde::Serialize;
use std::io::Write;

/// `noughts notakto`'s options (its help and examples are on the command,
/// in [`super::Command`]).
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The boards (at least one unless --quotient); `-` reads them from
    /// standard input, separated by whitespace.
    #[arg(required_unless_present = "quotient", num_args = 1..)]
    boards: Vec<String>,
    /// Print the quotient instead: presentation, elements, P-portion and
    /// every board position's element (up to symmetry).
    #[arg(long, conflicts_with = "boards")]
    quotient: bool,
    /// One line of JSON instead: each board's kind and element, the count,
    /// the product, the verdict and every move with whether it wins.
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Add why: what the boards count for and the rule that decides it,
    /// then the product written out (each board's element, the product
    /// and whether it is in the P-portion).
    #[arg(long, conflicts_with = "quotient")]
    explain: bool,
}

impl Options {
    pub fn run(self, out: &mut impl Write) -> Result<(), Error> {
        if self.quotient {
            quotient(self.json, out)
        } else {
            run(&read_boards(&self.boards)?, self.json, self.explain, out)
        }
    }
}

/// The boards of the command line, or of standard input for `-` (separated
/// by whitespace). Standard input's errors name the line and column, and the
/// board; an argument's name the board and the character in it.
pub fn read_boards(args: &[String]) -> Result<Vec<Board>, Error> {
    if let [only] = args {
        if only == "-" {
            let text = read_input(None)?;
            let mut tokens = Tokens::new(&text);
            let boards = tokens
                .by_ref()
                .enumerate()
                .map(|(i, token)| read_board(&token).map_err(|e| on_board(i, e)))
                .collect::<Result<Vec<_>, _>>()?;
            if boards.is_empty() {
                return Err(Error::Input(tokens.end_error(
                    "expected a board such as X../.X./..., found end of input",
                )));
            }
            return Ok(boards);
        }
    }
    let in_argument = |i: usize, error| Error::Argument {
        name: format!("board {}", i + 1),
        error,
    };
    if let Some(i) = args.iter().position(|a| a == "-") {
        let message = "'-' (the boards from standard input) must be the only argument";
        return Err(Error::Argument {
            name: format!("argument {}", i + 1),
            error: InputError::at_column(1, message),
        });
    }
    args.iter()
        .enumerate()
        .map(|(i, arg)| {
            let token = Token {
                text: arg,
                line: 1,
                column: 1,
            };
            read_board(&token).map_err(|e| in_argument(i, e))
        })
        .collect()
}

/// An error in the `i`-th board (from 0), which it names.
fn on_board(i: usize, e: InputError) -> InputError {
    InputError {
        message: format!("board {}: {}", i + 1, e.message),
        ..e
    }
}

/// `WINNING` or `LOSING` for the player to move, then the winning moves
/// (`K:CELL`, board order then reading order) or an empty line. With no
/// live board the player to move has already won: `WINNING`, no moves.
pub fn run(boards: &[Board], json: bool, explain: bool, out: &mut impl Write) -> Result<(), Error> {
    let analysis = analyze(boards);
    if json {
        return json::write_line(out, &Report::new(boards, &analysis));
    }
    writeln!(out, "{}", verdict(&analysis))?;
    let moves: Vec<String> = analysis
        .winning_moves()
        .iter()
        .map(|&m| MoveText(m).to_string())
        .collect();
    writeln!(out, "{}", moves.join(" "))?;
    if explain {
        // The count in plain words first, then the algebra it comes from.
        writeln!(out, "{}", count_verdict(boards))?;
        writeln!(
            out,
            "{}",
            product_words(notakto_quotient(), &analysis, false)
        )?;
    }
    Ok(())
}

fn verdict(analysis: &Analysis) -> &'static str {
    if analysis.is_winning() {
        "WINNING"
    } else {
        "LOSING"
    }
}

/// `notakto --json`: one line for the position.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The boards as read.
    pub boards: Vec<String>,
    /// Each board's element of the quotient (`ab^2`; a dead board's is `1`).
    pub elements: Vec<String>,
    /// Which boards are dead (three in a line).
    pub dead: Vec<bool>,
    /// What each board counts for in plain words (`a half and a flip`,
    /// `counts for nothing`, `dead`).
    pub kinds: Vec<String>,
    /// What the boards count for together; the player to move loses
    /// exactly when it is a losing count (`p_position`).
    pub count: CountReport,
    /// Their product.
    pub product: String,
    /// Whether the product is in the P-portion (the player to move loses).
    pub p_position: bool,
    /// `WINNING` or `LOSING` for the player to move.
    pub verdict: &'static str,
    /// No live board: the player to move has already won.
    pub over: bool,
    /// The winning moves, `K:CELL`.
    pub winning_moves: Vec<String>,
    /// Every move with whether it wins, in the same order.
    pub moves: Vec<MoveReport>,
}

/// Flips, halves, opens and spares (docs/rules.md#notakto).
#[derive(Debug, Serialize)]
pub struct CountReport {
    pub flips: u32,
    pub halves: u32,
    pub opens: u32,
    pub spares: u32,
}

#[derive(Debug, Serialize)]
pub struct MoveReport {
    #[serde(rename = "move")]
    pub mv: String,
    pub wins: bool,
}

impl Report {
    pub fn new(boards: &[Board], analysis: &Analysis) -> Report {
        let q = notakto_quotient();
        Report {
            boards: boards.iter().map(|&b| BoardText(b).to_string()).collect(),
            elements: analysis
                .elements
                .iter()
                .map(|&x| element(q, x, true))
                .collect(),
            dead: boards.iter().map(|b| b.is_dead()).collect(),
            kinds: boards.iter().map(|&b| board_kind(b)[0].clone()).collect(),
            count: {
                let c = Count::of_all(boards);
                CountReport {
                    flips: c.flips,
                    halves: c.halves,
                    opens: c.opens,
                    spares: c.spares,
                }
            },
            product: element(q, analysis.product, true),
            p_position: analysis.p_position,
            verdict: verdict(analysis),
            over: analysis.is_over(),
            winning_moves: analysis
                .winning_moves()
                .iter()
                .map(|&m| MoveText(m).to_string())
                .collect(),
            moves: analysis
                .moves
                .iter()
                .map(|&(m, wins)| MoveReport {
                    mv: MoveText(m).to_string(),
                    wins,
                })
                .collect(),
        }
    }
}

/// `notakto --quotient`: the monoid, as computed.
pub fn quotient(json: bool, out: &mut impl Write) -> Result<(), Error> {
    let q = notakto_quotient();
    if json {
        return json::write_line(out, &QuotientReport::new());
    }
    let proof = q.proof();
    writeln!(
        out,
        "Notakto's misère quotient, computed from the rules of one board"
    )?;
    writeln!(out, "presentation: {}", presentation(q, false))?;
    let names: Vec<String> = q.elements().map(|x| element(q, x, false)).collect();
    writeln!(out, "elements ({}): {}", q.len(), names.join(" "))?;
    writeln!(
        out,
        "P-portion (the player to move loses): {}",
        p_portion(q, false).join(" ")
    )?;
    writeln!(out, "generators (each the first position that takes it):")?;
    for (i, g) in q.generators().iter().enumerate() {
        writeln!(
            out,
            "  {} = {}",
            crate::notation::notakto::generator_name(i),
            BoardText(g.board)
        )?;
    }
    writeln!(
        out,
        "positions ({} live, up to symmetry; fewest X first):",
        q.positions().len()
    )?;
    for &(board, x) in q.positions() {
        writeln!(out, "  {}  {}", BoardText(board), element(q, x, false))?;
    }
    writeln!(
        out,
        "checked: {} states prove the product gives every sum's outcome (the candidate came from sums of up to {} and {} boards)",
        proof.states, proof.test_boards.0, proof.test_boards.1
    )?;
    Ok(())
}

/// `notakto --quotient --json`.
#[derive(Debug, Serialize)]
pub struct QuotientReport {
    /// `<a, b, … | relations>` in ASCII.
    pub presentation: String,
    /// Every element's name, identity first.
    pub elements: Vec<String>,
    /// The elements whose positions the player to move loses.
    pub p_portion: Vec<String>,
    /// Each generator's first board position.
    pub generators: Vec<String>,
    /// Every live board position up to symmetry with its element.
    pub positions: Vec<(String, String)>,
    /// The `(x, W)` states the proof checked.
    pub states: usize,
    /// The sizes of the test sums the candidate came from (`t`, `s`).
    pub test_boards: (usize, usize),
}

impl QuotientReport {
    fn new() -> QuotientReport {
        let q = notakto_quotient();
        QuotientReport {
            presentation: presentation(q, true),
            elements: q.elements().map(|x| element(q, x, true)).collect(),
            p_portion: p_portion(q, true),
            generators: q
                .generators()
                .iter()
                .map(|g| BoardText(g.board).to_string())
                .collect(),
            positions: q
                .positions()
                .iter()
                .map(|&(b, x)| (BoardText(b).to_string(), element(q, x, true)))
                .collect(),
            states: q.proof().states,
            test_boards: q.proof().test_boards,
        }
    }
}
