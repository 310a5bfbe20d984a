//! `noughts mnc`: Magnificent Noughts & Crosses on the command line: the
//! analysis of a position (notation in [`crate::notation::mnc`]), the
//! whole-game solve, and the contest's interactive protocol.

use super::json::{self, Value};
use super::Error;
use crate::notation::mnc::{
    game_over_words, move_notation, position_notation, read_moves, read_row, side_letter,
    value_words,
};
use crate::notation::{quoted, text_of, InputError, Token, Tokens};
use crate::solver::mnc::{Census, Engine, Move, Position};
use crate::solver::{Outcome, Side};
use serde::Serialize;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn hand_words(position: &Position, side: Side) -> String {
    format!(
        "{} holds {} small + {} big",
        side_letter(side),
        position.small_in_hand(side),
        position.big_in_hand(side)
    )
}

/// `noughts mnc`'s subcommands, each with its options, help and examples
/// (on [`MncCommand`], here).
#[derive(Debug, clap::Args)]
pub struct Options {
    #[command(subcommand)]
    command: MncCommand,
}

#[derive(Debug, clap::Subcommand)]
enum MncCommand {
    /// Play the contest's interactive protocol as x (the engine moves first).
    #[command(
        after_help = "The engine prints the board after its move (3 lines of '.xXoO') and flushes,\n\
                            then reads the opponent's board, or 'Sigur!' / 'Tap!', after which it exits 0.\n\
                            A reply that is not one legal move of o is an error (exit status 2)."
    )]
    Kattis,
    /// Each move of a match saved by the app (Ctrl-S), with its value
    /// before and after and the review's ?? / ?! marks.
    #[command(after_help = "Example:\n  noughts mnc review ~/.local/share/noughts/saved/mnc.txt")]
    Review {
        /// The saved match (standard input when absent or '-').
        file: Option<PathBuf>,
    },
    /// The value of a position and of every legal move, with distances in moves.
    #[command(after_help = "POSITION is ROWS [SIDE] [XHAND OHAND]:\n  \
                            ROWS   the three rows over '.xXoO' joined by '/', e.g. o.X/.x./...\n  \
                            SIDE   'x' or 'o', the side to move\n  \
                            XHAND OHAND  small pieces x and o still hold (0 to 4)\n\
                            Big pieces in hand are 2 minus those on the board. Without hands, no small piece\n\
                            has been captured yet and the side to move follows from the counts.\n\n\
                            MOVES (--after) are played from the position first, in the one notation of moves\n\
                            joined by commas: the piece, the cell, and what it takes, e.g. 'x b2, O b2 takes x'\n\
                            (a big piece moved: 'X a1-c3 takes o').\n\n\
                            Examples:\n  noughts mnc analyze .../.../...\n  noughts mnc analyze 'o.X/.x./O.. x 2 3'\n  \
                            noughts mnc analyze .../.../... --after 'x b2, O b2 takes x'")]
    Analyze {
        /// The position (one argument, or several joined by spaces).
        // No hyphen values: no position starts with '-', and `--json` after
        // the position is the flag.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
        /// Moves to play from the position first, joined by commas.
        #[arg(long, value_name = "MOVES")]
        after: Option<String>,
        /// One line of JSON instead: the position, hands, value and every
        /// move's value.
        #[arg(long)]
        json: bool,
    },
    /// Solve the whole game from the start; print its facts and the time taken.
    Solve {
        /// One line of JSON instead.
        #[arg(long)]
        json: bool,
    },
}

impl Options {
    pub fn run(self, out: &mut impl Write) -> Result<(), Error> {
        match self.command {
            MncCommand::Solve { json: false } => solve(out),
            MncCommand::Solve { json: true } => solve_json(out),
            MncCommand::Analyze {
                position,
                after,
                json,
            } => {
                let position = position_after(&position.join(" "), after.as_deref())?;
                if json {
                    analyze_json(&position, &mut Engine::new(), out)
                } else {
                    analyze(&position, &mut Engine::new(), out)
                }
            }
            MncCommand::Review { file } => {
                let text = super::input::read_saved_game(file.as_deref())?;
                review(&text, &mut Engine::new(), out).map_err(|e| e.in_file(file.as_deref()))
            }
            MncCommand::Kattis => {
                // The protocol flushes after every board: no buffer between.
                let stdin = std::io::stdin();
                let stdout = std::io::stdout();
                kattis(stdin.lock(), stdout.lock()).map_err(Error::Protocol)
            }
        }
    }
}

/// The position `mnc analyze` is asked about: the one written, with the
/// moves of `--after` played from it.
pub fn position_after(text: &str, after: Option<&str>) -> Result<Position, Error> {
    let position: Position = text.parse().map_err(|error| Error::Argument {
        name: "the position".into(),
        error,
    })?;
    match after {
        None => Ok(position),
        Some(moves) => read_moves(&position, moves)
            .map(|(_, reached)| reached)
            .map_err(|error| Error::Argument {
                name: "--after".into(),
                error,
            }),
    }
}

/// `noughts mnc analyze`: the value of a position and of every move.
pub fn analyze(
    position: &Position,
    engine: &mut Engine,
    out: &mut impl Write,
) -> Result<(), Error> {
    let position = *position;
    let mover = position.to_move();
    writeln!(out, "{position}")?;
    writeln!(
        out,
        "{} to move; {}; {}",
        side_letter(mover),
        hand_words(&position, Side::X),
        hand_words(&position, Side::O)
    )?;
    if let Some(over) = game_over_words(&position) {
        writeln!(out, "value: {over}")?;
        return Ok(());
    }
    let rated = engine.rate_moves(&position);
    let value = engine.value(&position);
    writeln!(
        out,
        "value: {} ({value} for {})",
        value_words(mover, value),
        side_letter(mover)
    )?;
    writeln!(out, "moves, best first:")?;
    for (mv, value) in rated {
        writeln!(
            out,
            "  {:<16} {}",
            move_notation(&position, mv),
            value_words(mover, value)
        )?;
    }
    Ok(())
}

/// The pieces a side still holds.
#[derive(Debug, Serialize)]
pub struct Hand {
    pub small: u8,
    pub big: u8,
}

/// Both hands.
#[derive(Debug, Serialize)]
pub struct Hands {
    pub x: Hand,
    pub o: Hand,
}

/// A move and its value for the side to move.
#[derive(Debug, Serialize)]
pub struct MoveValue {
    /// In the one notation of moves: `x b2`, `O a1 takes x`, `X c1-a3 takes o`.
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(flatten)]
    pub value: Value,
}

/// `mnc analyze --json`: a position, its value and every move's.
#[derive(Debug, Serialize)]
pub struct PositionReport {
    /// The position in the notation `mnc analyze` reads (`o.X/.x./O.. x 2 3`).
    pub position: String,
    pub to_move: char,
    pub hands: Hands,
    /// Why the game is over, if it is.
    pub over: Option<String>,
    /// The winner of a finished game.
    pub winner: Option<char>,
    /// What perfect play gives the side to move, while the game goes on.
    pub value: Option<Value>,
    /// Every legal move, best first.
    pub moves: Vec<MoveValue>,
}

/// The `--json` report of a position.
pub fn position_report(position: &Position, engine: &mut Engine) -> PositionReport {
    let mover = position.to_move();
    let hand = |side| Hand {
        small: position.small_in_hand(side),
        big: position.big_in_hand(side),
    };
    let over = game_over_words(position);
    let (value, moves) = if over.is_some() {
        (None, Vec::new())
    } else {
        let moves = engine
            .rate_moves(position)
            .into_iter()
            .map(|(mv, value)| MoveValue {
                mv: move_notation(position, mv),
                value: Value::new(value, mover, side_letter),
            })
            .collect();
        let value = Value::new(engine.value(position), mover, side_letter);
        (Some(value), moves)
    };
    // A finished game: a line won it, or the side to move has no move.
    let winner = over
        .as_ref()
        .map(|_| position.winner().unwrap_or(mover.other()));
    PositionReport {
        position: position_notation(position),
        to_move: side_letter(mover),
        hands: Hands {
            x: hand(Side::X),
            o: hand(Side::O),
        },
        over,
        winner: winner.map(side_letter),
        value,
        moves,
    }
}

/// `noughts mnc analyze --json`: the report as one line of JSON.
pub fn analyze_json(
    position: &Position,
    engine: &mut Engine,
    out: &mut impl Write,
) -> Result<(), Error> {
    json::write_line(out, &position_report(position, engine))
}

/// `mnc solve --json`: the facts of the whole game.
#[derive(Debug, Serialize)]
pub struct SolveReport {
    /// The value of the start for x, who moves first.
    pub start: Value,
    /// x's openings with their values for x, best first.
    pub openings: Vec<MoveValue>,
    /// Positions a search of every move from the start visits.
    pub keys: usize,
    /// Those that are wins for the side to move.
    pub winning_keys: usize,
    /// Those distinct under the 8 symmetries of the board.
    pub distinct_keys: usize,
    pub solved_ms: f64,
    pub counted_ms: f64,
}

/// `noughts mnc solve --json`: the facts as one line of JSON.
pub fn solve_json(out: &mut impl Write) -> Result<(), Error> {
    let started = Instant::now();
    let mut engine = Engine::solved();
    let solved_in = started.elapsed();
    let census = engine.census();
    let counted_in = started.elapsed() - solved_in;
    json::write_line(out, &solve_facts(&census, solved_in, counted_in))
}

pub fn solve_facts(census: &Census, solved_in: Duration, counted_in: Duration) -> SolveReport {
    SolveReport {
        start: Value::new(census.start, Side::X, side_letter),
        openings: census
            .openings
            .iter()
            .map(|(mv, value)| MoveValue {
                mv: move_notation(&Position::START, *mv),
                value: Value::new(*value, Side::X, side_letter),
            })
            .collect(),
        keys: census.keys,
        winning_keys: census.winning_keys,
        distinct_keys: census.distinct_keys,
        solved_ms: solved_in.as_secs_f64() * 1e3,
        counted_ms: counted_in.as_secs_f64() * 1e3,
    }
}

/// `noughts mnc solve`: solves the game from the start, prints the facts.
pub fn solve(out: &mut impl Write) -> Result<(), Error> {
    let started = Instant::now();
    let mut engine = Engine::solved();
    let solved_in = started.elapsed();
    let census = engine.census();
    let counted_in = started.elapsed() - solved_in;
    out.write_all(solve_report(&census, solved_in, counted_in).as_bytes())?;
    Ok(())
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
    use std::fmt::Write as _;
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
            move_notation(&Position::START, *mv),
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

impl ProtocolError {
    /// A reply that broke the protocol (as against a failure of ours).
    pub fn is_bad_input(&self) -> bool {
        matches!(self, ProtocolError::Input(_))
    }
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
/// A line ends at `\n`, `\r\n` or a lone `\r`, as in the other commands.
struct LineTokens<R> {
    reader: R,
    line: usize,
    /// The last line ended at a `\r`: a `\n` that comes next is the rest
    /// of its end. Not waited for: the judge waits for our board first.
    after_cr: bool,
    pending: Vec<(String, usize)>,
}

/// The longest reply line read, its end aside (a board row is 3
/// characters): a longer one is refused rather than read without bound.
pub const LONGEST_REPLY_LINE: usize = 1024;

impl<R: BufRead> LineTokens<R> {
    fn new(reader: R) -> LineTokens<R> {
        LineTokens {
            reader,
            line: 0,
            after_cr: false,
            pending: Vec::new(),
        }
    }

    /// The next line without its end, or `None` at the end of input.
    fn read_line(&mut self) -> Result<Option<Vec<u8>>, ProtocolError> {
        let mut bytes = Vec::new();
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if buffer.is_empty() {
                return Ok((!bytes.is_empty()).then_some(bytes));
            }
            if std::mem::take(&mut self.after_cr) && buffer[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
            let taken = end.unwrap_or(buffer.len());
            if bytes.len() + taken > LONGEST_REPLY_LINE {
                return Err(InputError {
                    line: self.line + 1,
                    column: LONGEST_REPLY_LINE + 1,
                    message: format!(
                        "expected a line of at most {LONGEST_REPLY_LINE} bytes (a board row), found a longer one"
                    ),
                }
                .into());
            }
            bytes.extend_from_slice(&buffer[..taken]);
            match end {
                Some(end) => {
                    self.after_cr = buffer[end] == b'\r';
                    self.reader.consume(end + 1);
                    return Ok(Some(bytes));
                }
                None => self.reader.consume(taken),
            }
        }
    }

    /// The next word with its line and column, or `None` at end of input.
    fn next(&mut self) -> Result<Option<(String, usize, usize)>, ProtocolError> {
        while self.pending.is_empty() {
            let Some(bytes) = self.read_line()? else {
                return Ok(None);
            };
            self.line += 1;
            let text = text_of(bytes).map_err(|e| InputError {
                line: self.line,
                ..e
            })?;
            let tokens: Vec<_> = Tokens::new(&text)
                .map(|t| (t.text.to_string(), t.column))
                .collect();
            self.pending = tokens.into_iter().rev().collect();
        }
        Ok(self
            .pending
            .pop()
            .map(|(text, column)| (text, self.line, column)))
    }

    /// The next word if it is on the line of the last one.
    fn next_on_line(&mut self) -> Option<(String, usize, usize)> {
        self.pending
            .pop()
            .map(|(text, column)| (text, self.line, column))
    }
}

/// The interactive protocol with the engine as x: print the board after
/// each engine move, flush, read the reply board or `Sigur!`/`Tap!`.
pub fn kattis<R: BufRead, W: Write>(input: R, mut output: W) -> Result<(), ProtocolError> {
    // One thread: a judge counts process time, and a second thread would
    // add more to it than it takes off the clock.
    let mut engine = Engine::solved_on(1);
    let mut tokens = LineTokens::new(input);
    let mut position = Position::START;
    loop {
        let mv = engine.best_move(&position).ok_or(ProtocolError::NoMove)?;
        position = position.play(mv).map_err(|_| ProtocolError::NoMove)?;
        writeln!(output, "{position}")?;
        output.flush()?;

        // After a winning move of x the judge says "Sigur!"; otherwise it
        // sends o's board (or "Tap!", were o to win: never against the
        // engine, and not before o has moved).
        let over = position.game_over().is_some();
        let mut cells = [None; 9];
        for row in 0..3 {
            let Some((text, line, column)) = tokens.next()? else {
                let what = if over {
                    "\"Sigur!\" (x has won)"
                } else if row == 0 {
                    "the opponent's reply (3 rows of '.xXoO')"
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
            if over {
                if text == "Sigur!" {
                    return Ok(());
                }
                return Err(token
                    .error(format!(
                        "expected \"Sigur!\": x has won, found {}",
                        quoted(&text)
                    ))
                    .into());
            }
            if text == "Sigur!" || text == "Tap!" {
                return Err(token
                    .error(format!(
                        "expected {} of o's reply board, found {}: the game is not over",
                        ["the first row", "row 2", "row 3"][row],
                        quoted(&text)
                    ))
                    .into());
            }
            let row_cells = read_row(&token)?;
            // One row a line, as the judge prints boards: anything after
            // a row is refused where it stands, not taken as the next row.
            if let Some((extra, line, column)) = tokens.next_on_line() {
                return Err(InputError {
                    line,
                    column,
                    message: format!(
                        "expected the end of the line after row {} (one row a line), found {}",
                        row + 1,
                        quoted(&extra)
                    ),
                }
                .into());
            }
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

impl From<ProtocolError> for Error {
    fn from(e: ProtocolError) -> Error {
        Error::Protocol(e)
    }
}

/// `mnc review`: each move of a saved match with the value before it (for
/// its mover) and after it (for the next), and `??` / `?!` where the app's
/// review marks them.
pub fn review(text: &str, engine: &mut Engine, out: &mut impl Write) -> Result<(), Error> {
    use crate::notation::saved::{self, Saved};
    let Saved::Mnc {
        start,
        human,
        moves,
    } = saved::read(text)?
    else {
        return Err(Error::Input(crate::notation::InputError {
            line: 2,
            column: 1,
            message: "expected a saved MNC match ('mnc'), found another game's file".into(),
        }));
    };
    writeln!(
        out,
        "a match from {}, you {}: {} moves",
        crate::notation::mnc::position_notation(&start),
        side_letter(human),
        moves.len()
    )?;
    let notes = engine.annotate(&start, &moves);
    let mut at = start;
    for (i, (&mv, note)) in moves.iter().zip(&notes).enumerate() {
        let mover = at.to_move();
        let name = move_notation(&at, mv);
        let sign = note
            .mark()
            .sign()
            .map(|s| format!(" {s}"))
            .unwrap_or_default();
        at = at
            .play(mv)
            .map_err(|why| Error::Range(format!("move {} is not legal: {why}", i + 1)))?;
        let after = match game_over_words(&at) {
            Some(over) => over,
            None => value_words(at.to_move(), note.after),
        };
        writeln!(
            out,
            "{:>3}. {name:<16}{sign:<4} before: {} · after: {after}",
            i + 1,
            value_words(mover, note.before)
        )?;
    }
    Ok(())
}
