//! The batch commands: the contest framing (counts, formats, answers) of
//! the solvers, reading through [`crate::notation`]. Each command writes
//! to the output it is given as it goes and returns a typed [`Error`];
//! `main` turns that into one line and an exit status.
//!
//! This file lists the commands (their help and examples, from which the
//! help, completions and man pages all come); each command's options and
//! what they ask for are in its own module.

pub mod config;
mod files;
pub mod grundy;
mod history;
pub mod input;
mod interrupt;
pub mod json;
pub mod mnc;
pub mod notakto;
mod progress;
pub mod puzzle;
pub mod tictactoe;
pub mod treblecross;

use crate::notation::Saved;
use crate::notation::{self, InputError};
use crate::solver::octal::ValueTooLarge;
use crate::solver::puzzle::PuzzleId;
use crate::solver::tictactoe::Board;
use crate::solver::treblecross::Strip;
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

/// Exit status for bad input (and bad usage, as clap does).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit status when the answer could not be written or the work failed.
pub const EXIT_FAILURE: u8 = 1;

/// Exit status after an interrupt (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Why a command failed.
#[derive(Debug)]
pub enum Error {
    /// Bad input: where, and what was expected.
    Input(InputError),
    /// Bad input in what an option names (`--resume F`, `--games F`):
    /// the option, then the line and column.
    Option { option: String, error: InputError },
    /// Bad input in a value typed on the command line (`--game 0.8`, a
    /// Notakto board): its name, then the character
    /// ([`InputError::in_argument`]: an argument has no lines).
    Argument { name: String, error: InputError },
    /// Bad input in a file named on the command line: the file, then where.
    InFile { file: String, error: InputError },
    /// A file (or standard input) could not be read.
    Read {
        source: String,
        error: std::io::Error,
    },
    /// A file named by an option could not be written.
    Write {
        option: String,
        error: std::io::Error,
    },
    /// A place an option names cannot be written at all (a directory, a
    /// FIFO, a missing folder): refused before any work, as bad input.
    Unwritable {
        option: String,
        error: std::io::Error,
    },
    /// Stopped by a signal after saving what was done (the message says
    /// what and where).
    Interrupted(String),
    /// A request out of range (too many values).
    Range(String),
    /// Grundy values passed what the tool keeps.
    TooLarge(ValueTooLarge),
    /// The interactive game broke off.
    Protocol(mnc::ProtocolError),
    /// The answer could not be written (other than a closed pipe).
    Output(std::io::Error),
}

impl Error {
    /// The exit status: 2 for bad input or usage, 1 for a failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Input(_)
            | Error::Option { .. }
            | Error::Argument { .. }
            | Error::InFile { .. }
            | Error::Read { .. }
            | Error::Range(_)
            | Error::Unwritable { .. } => EXIT_BAD_INPUT,
            Error::Interrupted(_) => EXIT_INTERRUPTED,
            Error::Protocol(e) if e.is_bad_input() => EXIT_BAD_INPUT,
            Error::Protocol(_) | Error::Write { .. } | Error::TooLarge(_) | Error::Output(_) => {
                EXIT_FAILURE
            }
        }
    }

    /// Bad input named by the file it was read from, when it came from a
    /// file named on the command line (not standard input, `-` or none),
    /// as the app names a file it cannot load.
    pub fn in_file(self, file: Option<&std::path::Path>) -> Error {
        match (self, file) {
            (Error::Input(error), Some(path)) if path.as_os_str() != "-" => Error::InFile {
                file: path.display().to_string(),
                error,
            },
            (other, _) => other,
        }
    }

    /// Whether the output went away (`| head`): not worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        let io = match self {
            Error::Output(e) => Some(e),
            Error::Protocol(mnc::ProtocolError::Io(e)) => Some(e),
            _ => None,
        };
        io.is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(e) => e.fmt(f),
            Error::Option { option, error } => write!(f, "{option}: {error}"),
            Error::Argument { name, error } => write!(f, "{name}: {}", error.in_argument()),
            Error::InFile { file, error } => write!(f, "{}: {error}", notation::escape_all(file)),
            Error::Read { source, error } => {
                write!(f, "cannot read {}: {error}", notation::escape_all(source))
            }
            Error::Write { option, error } | Error::Unwritable { option, error } => {
                write!(f, "{option}: {error}")
            }
            Error::Interrupted(message) => f.write_str(message),
            Error::Range(message) => f.write_str(message),
            Error::TooLarge(e) => e.fmt(f),
            Error::Protocol(e) => e.fmt(f),
            Error::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl Cli {
    /// The command line parsed (`args` begins with the program's name).
    pub fn try_from_args(args: &[OsString]) -> Result<Cli, clap::Error> {
        use clap::CommandFactory;
        Cli::parse_by(Cli::command(), args)
    }

    fn parse_by(mut command: clap::Command, args: &[OsString]) -> Result<Cli, clap::Error> {
        use clap::FromArgMatches;
        let matches = command.try_get_matches_from_mut(args)?;
        let cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))?;
        // --no-mouse and --ascii are the app's: clap takes them before any
        // command, but only `noughts` alone and `noughts tui` open the app.
        for (option, given) in [("--no-mouse", cli.no_mouse), ("--ascii", cli.ascii)] {
            if let Some(name) = matches.subcommand_name().filter(|_| given) {
                if name != "tui" {
                    let message = format!(
                        "'{option}' cannot be used with '{name}': it is the app's (noughts {option}, noughts tui {option})"
                    );
                    return Err(command.error(clap::error::ErrorKind::ArgumentConflict, message));
                }
            }
        }
        Ok(cli)
    }
}

/// clap's usage error on one line, as every error is: its first line, and
/// when that ends in a colon ("required arguments were not provided:") the
/// list under it. `args` is the command line clap read: every word of it
/// that clap quotes is shown escaped, so that no argument can cut the line
/// or drive the terminal.
pub fn usage_line(error: &clap::Error, args: &[OsString]) -> String {
    use clap::CommandFactory;
    // clap's text drops from the user's words what looks like an escape
    // sequence (`--threads=4\e[2J` shows as '4'), and rendered as it is
    // typed it holds clap's styles: the same line parsed again without
    // styles gives the words as typed and nothing else to escape.
    let plain = Cli::command().styles(clap::builder::Styles::plain());
    let text = match Cli::parse_by(plain, args) {
        Err(again) if again.kind() == error.kind() => again.render().ansi().to_string(),
        _ => error.to_string(),
    };
    let text = escape_quoted_arguments(&text, args);
    // A missing argument is answered with how the command is written
    // (round 20 read `noughts notakto` answered with no usage line).
    let usage = (error.kind() == clap::error::ErrorKind::MissingRequiredArgument)
        .then(|| text.lines().find_map(|l| l.trim().strip_prefix("Usage:")))
        .flatten()
        .map(|usage| format!(" (usage: {}; --help says more)", usage.trim()));
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more"));
    let first = lines.next().unwrap_or("bad usage");
    let first = first.trim_start_matches("error: ");
    let rest: Vec<&str> = lines.take_while(|l| !l.starts_with("tip:")).collect();
    match first.strip_suffix(':') {
        Some(head) => format!("{head}: {}{}", rest.join(", "), usage.unwrap_or_default()),
        // "invalid value 'foo' for '--format'" says what would do.
        None => match rest.iter().find(|l| l.starts_with("[possible values")) {
            Some(values) => format!("{first} {values}"),
            None => first.to_string(),
        },
    }
}

/// clap's text with each argument, or the part of one that clap quotes,
/// escaped where it stands quoted (`'5\u{d}'`); longest first, so that a
/// part never breaks up a whole it is in. Anything else that needs it is
/// escaped after, but for the line ends that part clap's own lines.
fn escape_quoted_arguments(text: &str, args: &[OsString]) -> String {
    let mut words: Vec<String> = args
        .iter()
        .flat_map(|arg| quotable_parts(&arg.to_string_lossy()))
        .filter(|word| word.chars().any(notation::needs_escape))
        .collect();
    words.sort_by_key(|word| std::cmp::Reverse(word.len()));
    words.dedup();
    let mut text = text.to_string();
    for word in words {
        let shown = format!("'{}'", notation::escape_all(&word));
        text = text.replace(&format!("'{word}'"), &shown);
    }
    text.split('\n')
        .map(notation::escape_all)
        .collect::<Vec<_>>()
        .join("\n")
}

/// An argument and the parts of it clap may quote alone: the name and the
/// value of `--option=value`; in a cluster of short flags the first flag
/// and what follows it (a value), and each flag that needs escaping.
fn quotable_parts(arg: &str) -> Vec<String> {
    let mut parts = vec![arg.to_string()];
    if arg.starts_with("--") {
        if let Some((name, value)) = arg.split_once('=') {
            parts.extend([name.to_string(), value.to_string()]);
        }
    } else if let Some(flags) = arg.strip_prefix('-') {
        let mut chars = flags.chars();
        if let Some(first) = chars.next() {
            let value = chars.as_str();
            parts.extend([format!("-{first}"), value.to_string()]);
            if let Some(value) = value.strip_prefix('=') {
                parts.push(value.to_string());
            }
        }
        let hidden = flags.chars().filter(|&c| notation::needs_escape(c));
        parts.extend(hidden.map(|c| format!("-{c}")));
    }
    parts
}

/// A progress bar on standard error when it is a terminal (hidden
/// otherwise, so that logs and pipes get no escape codes).
pub fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    // {rate} and {left}: the rate over the recent half of the run, and the
    // time left with the cost of a value growing as it has so far.
    let template =
        format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what} ({{rate}}), {{left}}");
    let style = indicatif::ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .with_key("rate", progress::BarEta::new(true))
        .with_key("left", progress::BarEta::new(false))
        .progress_chars("=> ");
    indicatif::ProgressBar::new(len).with_style(style)
}

impl From<InputError> for Error {
    fn from(e: InputError) -> Error {
        Error::Input(e)
    }
}

impl From<std::io::Error> for Error {
    /// I/O errors of a command are errors writing its output.
    fn from(e: std::io::Error) -> Error {
        Error::Output(e)
    }
}

impl From<ValueTooLarge> for Error {
    fn from(e: ValueTooLarge) -> Error {
        Error::TooLarge(e)
    }
}

#[derive(Debug, Parser)]
#[command(
    name = "noughts",
    version,
    about = "Exact analysis of tic-tac-toe, Treblecross, Magnificent Noughts & Crosses and Notakto",
    long_about = "Exact analysis of 'three in a row' games: tic-tac-toe positions, \
                  Treblecross (Grundy values), Magnificent Noughts & Crosses (a perfect engine) and \
                  Notakto (its misère quotient).\n\n\
                  Bad input gets a one-line error naming where (a file's line and column, an argument's character) and what was expected, and exit status 2."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Leave mouse capture off in the app (the terminal keeps its own
    /// selection and scrolling).
    #[arg(long)]
    pub no_mouse: bool,
    /// Draw the app in ASCII only, for terminals without box drawing,
    /// stars and braille (as `display = "ascii"` in the settings file).
    #[arg(long)]
    pub ascii: bool,
}

// What opens the app: a position to start with, a file to load, and how it
// draws (`noughts` with no command is `noughts tui` with none of them). A
// plain comment: a doc comment here would replace the command's own help.
#[derive(Debug, Default, Args)]
pub struct AppArgs {
    /// A tic-tac-toe board to start with: 3 rows over 'X', '0' (or 'O')
    /// and '.', joined by '/'.
    #[arg(long, value_parser = notation::argument(notation::tictactoe::board_arg))]
    pub board: Option<Board>,
    /// A Treblecross strip to start with (over 'X' and '.', 3 to
    /// 100,000 cells); opens the Treblecross tab.
    #[arg(long, value_parser = notation::argument(notation::treblecross::strip_arg))]
    pub strip: Option<Strip>,
    /// A puzzle to open by its id, as the panel and `noughts puzzle` show it: mnc-3-1234.
    #[arg(long, value_parser = notation::argument(notation::puzzle::id_arg))]
    pub puzzle: Option<PuzzleId>,
    /// A file saved by the app (Ctrl-S) to open in its tab.
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// Start clean: do not restore the last session (it is kept again
    /// on quit).
    #[arg(long)]
    pub fresh: bool,
    /// Leave mouse capture off (the terminal keeps its own selection
    /// and scrolling).
    #[arg(long)]
    pub no_mouse: bool,
    /// Draw in ASCII only, for terminals without box drawing, stars and
    /// braille (as `display = "ascii"` in the settings file).
    #[arg(long)]
    pub ascii: bool,
}

impl AppArgs {
    /// The positions given to start with, as the games their tabs load.
    pub fn positions(&self) -> Vec<Saved> {
        let board = self
            .board
            .map(|board| Saved::TicTacToe { board, game: None });
        let strip = self
            .strip
            .clone()
            .map(|strip| Saved::Treblecross { strip, game: None });
        board.into_iter().chain(strip).collect()
    }
}

// Parsed once per process and matched at once: the size of its largest
// variant (Grundy's options; PathBuf is larger on Windows) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the app (the same as no command), optionally with a board.
    #[command(
        after_help = "Examples:\n  noughts tui --board XOX/.O./.X.\n  noughts tui --strip X.....X..X....\n  noughts tui --puzzle mnc-3-1234"
    )]
    Tui(AppArgs),
    /// Verdicts for tic-tac-toe boards (Codeforces 3C or CodeChef TCTCTOE format).
    #[command(
        after_help = "Examples:\n  printf 'X0X\\n.0.\\n.X.\\n' | noughts tictactoe\n  \
                            noughts tictactoe --format codechef --explain assets/tictactoe/codechef-example.txt"
    )]
    Tictactoe(tictactoe::Options),
    /// Winning cells of Treblecross strips (UVA 10561 format).
    #[command(
        after_help = "Input: T, then T strips over 'X' and '.' (any length >= 3).\n\
                            Output per strip: WINNING and the winning cells (1-based), or LOSING and an empty line.\n\n\
                            Example:\n  noughts treblecross assets/treblecross/uva-sample.txt"
    )]
    Treblecross(treblecross::Options),
    /// Grundy values G(0) … G(N−1) of free Treblecross segments, or of any
    /// octal game.
    #[command(
        after_help = "Treblecross: G(0) = 0, G(L) = mex { G(max(0,p-2)) xor G(max(0,L-p-3)) : 0 <= p < L },\n\
                      which is the octal game 0.007 on a heap of L + 2 tokens.\n\
                      \n\
                      --game takes an octal code d0.d1d2d3... (digit dk: what removing k tokens may do;\n\
                      1 = take a whole heap of k, 2 = leave one heap, 4 = leave two; sums of these; d0 is\n\
                      0, or 4 to split a heap without taking any), up to 1024 digits, or a name:\n\
                      treblecross (free segments, the default), kayles (0.77), dawsons-kayles (0.07),\n\
                      dawsons-chess (0.137), grundy (Grundy's game: split a heap into two unequal heaps).\n\
                      A code lists heaps of n tokens: --game 0.007 is the default shifted by two.\n\
                      Octal digits only: hexadecimal codes (moves leaving three heaps) are not supported.\n\
                      \n\
                      Examples:\n\
                      \x20\x20noughts grundy 26\n\
                      \x20\x20noughts grundy 100000 --stats\n\
                      \x20\x20noughts grundy 1000 --game kayles --stats\n\
                      \x20\x20noughts grundy --until-period --game 0.56\n\
                      \x20\x20noughts grundy --survey --max 262144\n\
                      \x20\x20noughts grundy 1048576 --out g.txt        (interrupt it, then:)\n\
                      \x20\x20noughts grundy 1048576 --resume g.txt --out g.txt"
    )]
    Grundy(grundy::Options),
    /// Magnificent Noughts & Crosses: the perfect engine.
    Mnc(mnc::Options),
    /// Notakto (X-only tic-tac-toe on several boards, misère): who wins and
    /// every winning move, by the game's misère quotient.
    #[command(
        after_help = "A board is three rows joined by '/' over 'X' and '.', rows from the top\n\
                            (cells a1 b1 c1 / a2 b2 c2 / a3 b3 c3). A board with three in a line is dead;\n\
                            whoever completes a line on the last live board loses.\n\
                            Output: WINNING or LOSING for the player to move, then the winning moves as\n\
                            K:CELL (board number from 1), or an empty line.\n\n\
                            Examples:\n  noughts notakto .../.../... .../.../...\n  \
                            noughts notakto --quotient"
    )]
    Notakto(notakto::Options),
    /// Puzzles made by the solvers, with proved answers; a seed names them.
    #[command(
        after_help = "Levels: tictactoe 1-2 (1: win at once; 2: win in 3 or 5 moves, or find every\n\
                            move that does not lose), treblecross 1-10 (strips of 10 to 390 cells; or\n\
                            G(L) and nim-sum drills), mnc 1-5 (win in 3, 5, 7, 9, then 11 or 13 moves),\n\
                            notakto 1-5 (find a winning move on 2, 3, 3, 4-5, then 6-9 boards).\n\
                            A run skips a puzzle met in its last 50 of the level (up to symmetry).\n\nExamples:\n  \
                            noughts puzzle --game mnc --level 3\n  \
                            noughts puzzle --game treblecross --level 6 --count 10 --seed 1 --json\n  \
                            noughts puzzle --game notakto --rating 1500 --count 5\n  \
                            noughts puzzle --game tictactoe --theme fork\n  \
                            noughts puzzle --history --game mnc"
    )]
    Puzzle(puzzle::Options),
    /// Where the app's settings file is, or write it with its defaults.
    #[command(after_help = "Examples:\n  noughts config --path\n  noughts config --init")]
    Config {
        /// Print the settings file's path (the default).
        #[arg(long, conflicts_with = "init")]
        path: bool,
        /// Write the settings file, each setting at its default with what it does (never over one that exists).
        #[arg(long)]
        init: bool,
    },
    /// Print a shell completion script.
    #[command(after_help = "Install, for example:\n  \
                            noughts completions bash > ~/.local/share/bash-completion/completions/noughts\n  \
                            noughts completions zsh > ~/.zfunc/_noughts   (with fpath+=~/.zfunc)\n  \
                            noughts completions fish > ~/.config/fish/completions/noughts.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write every page to a folder.
    #[command(after_help = "Install, for example:\n  \
                            noughts manpage > ~/.local/share/man/man1/noughts.1\n  \
                            noughts manpage --dir ~/.local/share/man/man1   (noughts.1, noughts-grundy.1, …)")]
    Manpage {
        /// Write noughts.1 and a page per command (noughts-grundy.1, …)
        /// into DIR instead of printing noughts.1.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

impl Command {
    /// Runs one batch command, writing its answer to `out`: each command's
    /// options and what they ask for are in its own module. The app
    /// (`Tui`) is started by `main`, not here.
    pub fn run(self, out: &mut impl std::io::Write) -> Result<(), Error> {
        match self {
            Command::Tui(_) => Ok(()),
            Command::Tictactoe(options) => options.run(out),
            Command::Treblecross(options) => options.run(out),
            Command::Grundy(options) => options.run(out),
            Command::Mnc(options) => options.run(out),
            Command::Notakto(options) => options.run(out),
            Command::Puzzle(options) => options.run(out),
            Command::Config { path: _, init } => config::run(init, out),
            Command::Completions { shell } => completions(shell, out),
            Command::Manpage { dir } => manpage(dir.as_deref(), out),
        }
    }
}

/// The completion script for `shell`, generated from the command line's
/// own definition. Generated in memory first: clap_complete panics on a
/// failed write, and `| head` is no reason to panic.
pub fn completions(
    shell: clap_complete::Shell,
    out: &mut impl std::io::Write,
) -> Result<(), Error> {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "noughts", &mut script);
    out.write_all(&script)?;
    Ok(())
}

/// The man page, generated from the command line's own definition: the
/// main page on `out`, or with `dir` every page written there (the main
/// page names the others: noughts-grundy(1), …).
pub fn manpage(dir: Option<&std::path::Path>, out: &mut impl std::io::Write) -> Result<(), Error> {
    use clap::CommandFactory;
    let command = Cli::command().disable_help_subcommand(true);
    match dir {
        None => clap_mangen::Man::new(command).render(out)?,
        Some(dir) => {
            let mut command = command;
            command.build();
            write_pages(command, dir).map_err(|(page, error)| Error::Write {
                option: format!(
                    "--dir {}: {}",
                    notation::escape_all(&dir.display().to_string()),
                    notation::escape_all(&page.to_string_lossy())
                ),
                error,
            })?;
            eprintln!(
                "noughts: wrote noughts.1 and a page per command to {}",
                notation::escape_all(&dir.display().to_string())
            );
        }
    }
    Ok(())
}

/// A man page for `command` and each of its commands, in `dir`, each
/// written whole or not at all (as clap_mangen names them: noughts.1,
/// noughts-grundy.1, …). The name of the page that failed, if one did.
fn write_pages(
    command: clap::Command,
    dir: &std::path::Path,
) -> Result<(), (std::ffi::OsString, std::io::Error)> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub.clone(), dir)?;
    }
    let man = clap_mangen::Man::new(command);
    let name = man.get_filename();
    let mut page = Vec::new();
    man.render(&mut page)
        .and_then(|()| files::write_whole(&dir.join(&name), &page))
        .map_err(|error| (name.into(), error))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_quote_arguments_escaped_in_one_line() {
        let line = |args: &[&str]| {
            let args: Vec<OsString> = args.iter().map(OsString::from).collect();
            usage_line(&Cli::try_from_args(&args).unwrap_err(), &args)
        };
        assert_eq!(
            line(&["noughts", "grundy", "5\n\u{1b}[2J"]),
            "invalid value '5\\u{a}\\u{1b}[2J' for '[N]': character 2: expected a whole number, found character U+000A"
        );
        assert_eq!(
            line(&["noughts", "grundy", "5", "--threads=\u{202e}4"]),
            "invalid value '\\u{202e}4' for '--threads <N>': expected a whole number, found character U+202E"
        );
        assert_eq!(
            line(&["noughts", "grundy", "--json", "5"]),
            "the following required arguments were not provided: <--stats|--until-period|--merge <DIR>> \
             (usage: noughts grundy --json <--stats|--until-period|--merge <DIR>> <N>; --help says more)"
        );
    }

    #[test]
    #[cfg(unix)] // arguments as bytes
    fn usage_errors_take_arguments_that_are_not_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let args = [
            OsString::from("noughts"),
            OsString::from_vec(b"\xff\r\x1b[2J".to_vec()),
        ];
        let error = Cli::try_from_args(&args).unwrap_err();
        assert_eq!(
            usage_line(&error, &args),
            "unrecognized subcommand '\u{fffd}\\u{d}\\u{1b}[2J'"
        );
        let args = [
            OsString::from("noughts"),
            OsString::from("tui"),
            OsString::from("--board"),
            OsString::from_vec(b"X0X\xfe\n".to_vec()),
        ];
        let error = Cli::try_from_args(&args).unwrap_err();
        assert_eq!(
            usage_line(&error, &args),
            "invalid UTF-8 was detected in one or more arguments"
        );
    }
}
