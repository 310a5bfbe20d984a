//! `noughts mnc`: Magnificent Noughts & Crosses on the command line.
//!
//! Position notation (for `analyze`): `ROWS [SIDE] [XHAND OHAND]`
//! - `ROWS`: the three rows over `.xXoO`, top to bottom, joined by `/`,
//!   e.g. `o.X/.x./...`;
//! - `SIDE`: `x` or `o`, the side to move;
//! - `XHAND OHAND`: how many small pieces x and o still hold (0 to 4).
//!
//! Big pieces in hand are always 2 minus those on the board. Left out, the
//! hands assume no small piece was ever captured (4 minus those on the
//! board) and the side to move follows from that (x if both placed as many
//! pieces, else o).

use super::input::{describe, quoted, InputError, Token, Tokens};
use crate::solver::mnc::{Census, Engine, Move, Piece, Position, Side, Size, SMALL_PIECES};
use crate::solver::Outcome;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// Reads three rows (`.xXoO`) from one token joined by `/`.
fn parse_rows(token: &Token) -> Result<[Option<Piece>; 9], InputError> {
    let mut cells = [None; 9];
    let mut cell = 0;
    for (i, ch) in token.text.chars().enumerate() {
        let at_separator = cell > 0 && cell % 3 == 0 && i == cell + cell / 3 - 1;
        if at_separator {
            if ch != '/' {
                return Err(token.error_at(
                    i,
                    format!(
                        "expected '/' after row {}, found {}",
                        cell / 3,
                        describe(ch)
                    ),
                ));
            }
            continue;
        }
        if cell == 9 {
            return Err(token.error_at(
                i,
                format!(
                    "expected end of the board after 3 rows, found {}",
                    describe(ch)
                ),
            ));
        }
        cells[cell] = match ch {
            '.' => None,
            c => match Piece::from_letter(c) {
                Some(piece) => Some(piece),
                None => {
                    return Err(token.error_at(
                        i,
                        format!(
                            "expected one of '.', 'x', 'X', 'o', 'O', found {}",
                            describe(c)
                        ),
                    ))
                }
            },
        };
        cell += 1;
    }
    if cell < 9 {
        let len = token.text.chars().count();
        return Err(token.error_at(
            len,
            format!(
                "expected 3 rows of 3 cells joined by '/', found {cell} cells in {}",
                quoted(token.text)
            ),
        ));
    }
    Ok(cells)
}

fn parse_hand(token: &Token, side: Side) -> Result<u8, InputError> {
    match token.text.parse::<u8>() {
        Ok(n) if n <= SMALL_PIECES => Ok(n),
        _ => Err(token.error(format!(
            "expected the number of small pieces {side} holds (0 to {SMALL_PIECES}), found {}",
            quoted(token.text)
        ))),
    }
}

/// Parses the notation described in the module documentation.
pub fn parse_position(text: &str) -> Result<Position, InputError> {
    let mut tokens = Tokens::new(text);
    let rows = tokens.expect("a board: three rows of '.xXoO' joined by '/'")?;
    let cells = parse_rows(&rows)?;
    let count = |side: Side, size: Size| {
        cells
            .iter()
            .flatten()
            .filter(|p| p.side == side && p.size == size)
            .count() as u8
    };
    let mut hands = [Side::X, Side::O].map(|s| SMALL_PIECES.saturating_sub(count(s, Size::Small)));
    let placed = |s: Side| count(s, Size::Small) + count(s, Size::Big);
    let mut to_move = if placed(Side::X) > placed(Side::O) {
        Side::O
    } else {
        Side::X
    };
    let mut last = rows;
    if let Some(token) = tokens.next() {
        to_move = match token.text {
            "x" => Side::X,
            "o" => Side::O,
            other => {
                return Err(token.error(format!(
                    "expected the side to move, 'x' or 'o', found {}",
                    quoted(other)
                )))
            }
        };
        last = token;
        if let Some(token) = tokens.next() {
            hands[0] = parse_hand(&token, Side::X)?;
            let o_hand = tokens.expect("the number of small pieces o holds")?;
            hands[1] = parse_hand(&o_hand, Side::O)?;
            last = o_hand;
        }
    }
    tokens.expect_end("the position")?;
    Position::new(cells, hands, to_move).map_err(|why| InputError {
        line: last.line,
        column: 1,
        message: format!("inconsistent position: {why}"),
    })
}

/// "x wins in 5 plies" from a mover-relative value.
pub fn value_words(mover: Side, value: Outcome) -> String {
    match value {
        Outcome::Win(d) => format!("{mover} wins in {d} {}", plies(d)),
        Outcome::Loss(d) => format!("{} wins in {d} {}", mover.other(), plies(d)),
        Outcome::Draw => "draw".into(),
    }
}

fn plies(d: u8) -> &'static str {
    if d == 1 {
        "ply"
    } else {
        "plies"
    }
}

fn hand_words(position: &Position, side: Side) -> String {
    format!(
        "{side} holds {} small + {} big",
        position.small_in_hand(side),
        position.big_in_hand(side)
    )
}

/// `noughts mnc analyze`: the value of a position and of every move.
pub fn analyze(text: &str, engine: &mut Engine) -> Result<String, InputError> {
    let position = parse_position(text)?;
    let mut out = String::new();
    let mover = position.to_move();
    let _ = writeln!(out, "{position}");
    let _ = writeln!(
        out,
        "{mover} to move; {}; {}",
        hand_words(&position, Side::X),
        hand_words(&position, Side::O)
    );
    if let Some(winner) = position.winner() {
        let _ = writeln!(out, "value: the game is over: {winner} has three in a row");
        return Ok(out);
    }
    let rated = engine.rate_moves(&position);
    if rated.is_empty() {
        let _ = writeln!(
            out,
            "value: the game is over: {mover} has no legal move and loses"
        );
        return Ok(out);
    }
    let value = engine.value(&position);
    let _ = writeln!(
        out,
        "value: {} ({value} for {mover})",
        value_words(mover, value)
    );
    let _ = writeln!(out, "moves, best first:");
    for (mv, value) in rated {
        let _ = writeln!(out, "  {:<8} {}", mv.to_string(), value_words(mover, value));
    }
    Ok(out)
}

/// `noughts mnc solve`: solves the game from the start, prints the facts.
pub fn solve() -> String {
    let started = Instant::now();
    let mut engine = Engine::solved();
    let solved_in = started.elapsed();
    let census = engine.census();
    let counted_in = started.elapsed() - solved_in;
    solve_report(&census, solved_in, counted_in)
}

fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

pub fn solve_report(census: &Census, solved_in: Duration, counted_in: Duration) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "start: {} (perfect play)",
        value_words(Side::X, census.start)
    );
    let winning: Vec<&(Move, Outcome)> =
        census.openings.iter().filter(|(_, v)| v.is_win()).collect();
    let _ = writeln!(
        out,
        "x's openings: {} of {} win",
        winning.len(),
        census.openings.len()
    );
    for (mv, value) in &census.openings {
        let _ = writeln!(
            out,
            "  {:<8} {}",
            mv.to_string(),
            value_words(Side::X, *value)
        );
    }
    let _ = writeln!(
        out,
        "keys visited by a search of every move from the start: {} ({} wins for the mover)",
        thousands(census.keys),
        thousands(census.winning_keys)
    );
    let _ = writeln!(
        out,
        "distinct under the 8 symmetries of the board: {}",
        thousands(census.distinct_keys)
    );
    let _ = writeln!(
        out,
        "solved in {:.1} ms; counted in {:.1} ms",
        solved_in.as_secs_f64() * 1e3,
        counted_in.as_secs_f64() * 1e3
    );
    out
}

/// What went wrong in an interactive game.
#[derive(Debug)]
pub enum ProtocolError {
    Input(InputError),
    Io(std::io::Error),
    /// The engine had no move: cannot happen from the start (x wins).
    NoMove,
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProtocolError::Input(e) => e.fmt(f),
            ProtocolError::Io(e) => write!(f, "i/o error: {e}"),
            ProtocolError::NoMove => write!(f, "the engine has no legal move"),
        }
    }
}

impl From<std::io::Error> for ProtocolError {
    fn from(e: std::io::Error) -> Self {
        ProtocolError::Io(e)
    }
}

impl From<InputError> for ProtocolError {
    fn from(e: InputError) -> Self {
        ProtocolError::Input(e)
    }
}

/// Whitespace-separated words read a line at a time, as the judge speaks.
struct LineTokens<R> {
    reader: R,
    line: usize,
    pending: Vec<(String, usize)>,
}

impl<R: BufRead> LineTokens<R> {
    /// The next word with its line and column, or `None` at end of input.
    fn next(&mut self) -> std::io::Result<Option<(String, usize, usize)>> {
        while self.pending.is_empty() {
            let mut buf = String::new();
            if self.reader.read_line(&mut buf)? == 0 {
                return Ok(None);
            }
            self.line += 1;
            let tokens: Vec<_> = Tokens::new(&buf)
                .map(|t| (t.text.to_string(), t.column))
                .collect();
            self.pending = tokens.into_iter().rev().collect();
        }
        Ok(self
            .pending
            .pop()
            .map(|(text, column)| (text, self.line, column)))
    }
}

/// The interactive protocol with the engine as x: print the board after
/// each engine move, flush, read the reply board or `Sigur!`/`Tap!`.
pub fn kattis<R: BufRead, W: Write>(input: R, mut output: W) -> Result<(), ProtocolError> {
    let mut engine = Engine::solved();
    let mut tokens = LineTokens {
        reader: input,
        line: 0,
        pending: Vec::new(),
    };
    let mut position = Position::START;
    loop {
        let mv = engine.best_move(&position).ok_or(ProtocolError::NoMove)?;
        position = position.play(mv).map_err(|_| ProtocolError::NoMove)?;
        writeln!(output, "{position}")?;
        output.flush()?;

        let over = position.game_over().is_some();
        let mut cells = [None; 9];
        for row in 0..3 {
            let Some((text, line, column)) = tokens.next()? else {
                let what = if row == 0 {
                    "the opponent's reply"
                } else {
                    "the rest of the reply board"
                };
                return Err(InputError {
                    line: tokens.line + 1,
                    column: 1,
                    message: format!("expected {what}, found end of input"),
                }
                .into());
            };
            let token = Token {
                text: &text,
                line,
                column,
            };
            if row == 0 && (text == "Sigur!" || text == "Tap!") {
                return Ok(());
            }
            if over {
                return Err(token
                    .error(format!(
                        "expected \"Sigur!\": x has won, found {}",
                        quoted(&text)
                    ))
                    .into());
            }
            let row_cells = parse_reply_row(&token)?;
            cells[3 * row..3 * row + 3].copy_from_slice(&row_cells);
        }
        match position.move_to(&cells) {
            Some(reply) => position = position.play(reply).map_err(|_| ProtocolError::NoMove)?,
            None => {
                return Err(InputError {
                    line: tokens.line,
                    column: 1,
                    message: "expected a board one legal move of o after the last one, found a board no move of o reaches".into(),
                }
                .into())
            }
        }
    }
}

fn parse_reply_row(token: &Token) -> Result<[Option<Piece>; 3], InputError> {
    let mut row = [None; 3];
    for (i, ch) in token.text.chars().enumerate() {
        if i == 3 {
            return Err(token.error_at(
                3,
                format!("expected a row of 3 cells, found {}", quoted(token.text)),
            ));
        }
        row[i] = match ch {
            '.' => None,
            c => Some(Piece::from_letter(c).ok_or_else(|| {
                token.error_at(
                    i,
                    format!(
                        "expected one of '.', 'x', 'X', 'o', 'O', found {}",
                        describe(c)
                    ),
                )
            })?),
        };
    }
    let len = token.text.chars().count();
    if len < 3 {
        return Err(token.error_at(
            len,
            format!("expected a row of 3 cells, found {}", quoted(token.text)),
        ));
    }
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_with_defaults() {
        let p = parse_position("x../.../...").unwrap();
        assert_eq!(p.to_move(), Side::O);
        assert_eq!(p.small_in_hand(Side::X), 3);
        assert_eq!(p.big_in_hand(Side::X), 2);
        let p = parse_position("X../.o./... x 2 3").unwrap();
        assert_eq!(p.to_move(), Side::X);
        assert_eq!((p.small_in_hand(Side::X), p.small_in_hand(Side::O)), (2, 3));
        assert_eq!(p.big_in_hand(Side::X), 1);
    }

    #[test]
    fn notation_errors() {
        let col = |t: &str| parse_position(t).unwrap_err().column;
        assert_eq!(col("x../.a./..."), 6);
        assert_eq!(col("x..|.../..."), 4);
        assert_eq!(col("x../.../.."), 11);
        assert_eq!(col("x../.../...."), 12);
        assert_eq!(col("x../.../... z"), 13);
        assert_eq!(col("x../.../... x 5 1"), 15);
        let e = parse_position("XXX/.../... o 4 4").unwrap_err();
        assert!(e.message.contains("3 big pieces"), "{}", e.message);
        let e = parse_position("xxx/.../... x 4 4").unwrap_err();
        assert!(e.message.contains("more than the 4"), "{}", e.message);
        let e = parse_position("oxx/ox./o.. o 1 1").unwrap_err();
        assert!(e.message.contains("three in a row"), "{}", e.message);
        assert!(parse_position("").unwrap_err().message.contains("board"));
    }
}
