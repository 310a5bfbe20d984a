use noughts::cli::input::read_input;
use noughts::cli::{self, Cli, Command, Error, MncCommand, EXIT_BAD_INPUT, EXIT_FAILURE};
use noughts::solver::mnc::Engine;
use std::ffi::OsString;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Kept to show what clap quotes of it escaped.
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_from_args(&args) {
        Ok(cli) => cli,
        // --help and --version print as clap prints them.
        Err(e) if !e.use_stderr() => e.exit(),
        // A usage error is one line, like every other error.
        Err(e) => {
            eprintln!("noughts: error: {}", cli::usage_line(&e, &args));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let command = cli.command.unwrap_or(Command::Tui {
        board: None,
        strip: None,
        no_mouse: cli.no_mouse,
    });
    if let Command::Tui {
        board,
        strip,
        no_mouse,
    } = command
    {
        let options = noughts::tui::Options {
            mouse: !(no_mouse || cli.no_mouse),
            board,
            strip,
        };
        // color-eyre reports panics; errors are one line, as everywhere.
        let _ = color_eyre::install();
        return match noughts::tui::run(options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("noughts: error: {e}");
                let code = match e {
                    noughts::tui::Error::NoTerminal => EXIT_BAD_INPUT,
                    noughts::tui::Error::Io(_) => EXIT_FAILURE,
                };
                ExitCode::from(code)
            }
        };
    }
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = run(command, &mut out).and_then(|()| out.flush().map_err(Error::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `| head` closed the pipe: the reader has what it wanted.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // What was written stays written; the error goes on its own line.
            drop(out.into_parts());
            eprintln!("noughts: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs one batch command, writing its answer to `out`.
fn run(command: Command, out: &mut impl Write) -> Result<(), Error> {
    match command {
        Command::Tui { .. } => Ok(()),
        Command::Tictactoe {
            format,
            explain,
            json,
            file,
        } => {
            let text = read_input(file.as_deref())?;
            if json {
                cli::tictactoe::run_json(&text, format, out)
            } else {
                cli::tictactoe::run(&text, format, explain, out)
            }
        }
        Command::Treblecross { json, file } => {
            let text = read_input(file.as_deref())?;
            if json {
                cli::treblecross::run_json(&text, out)
            } else {
                cli::treblecross::run(&text, out)
            }
        }
        Command::Grundy {
            survey: true,
            max,
            threads,
            ..
        } => cli::grundy::survey(
            max.unwrap_or(cli::grundy::DEFAULT_MAX),
            threads.map(usize::from),
            out,
        ),
        Command::Grundy {
            n,
            stats,
            json,
            until_period: _,
            max,
            survey: _,
            game,
            out: table,
            resume,
            method,
            threads,
        } => cli::grundy::run(
            &cli::grundy::Request {
                count: match n {
                    Some(n) => cli::grundy::Count::Exactly(n),
                    // clap asks for N unless --until-period (or --survey,
                    // taken above) is given.
                    None => {
                        cli::grundy::Count::UntilPeriod(max.unwrap_or(cli::grundy::DEFAULT_MAX))
                    }
                },
                stats,
                json,
                game,
                out: table,
                resume,
                method,
                threads: threads.map(usize::from),
            },
            out,
        ),
        Command::Mnc { command } => match command {
            MncCommand::Solve { json: false } => cli::mnc::solve(out),
            MncCommand::Solve { json: true } => cli::mnc::solve_json(out),
            MncCommand::Analyze { position, json } => {
                let text = position.join(" ");
                if json {
                    cli::mnc::analyze_json(&text, &mut Engine::new(), out)
                } else {
                    cli::mnc::analyze(&text, &mut Engine::new(), out)
                }
            }
            MncCommand::Kattis => {
                // The protocol flushes after every board: no buffer between.
                let stdin = std::io::stdin();
                let stdout = std::io::stdout();
                cli::mnc::kattis(stdin.lock(), stdout.lock()).map_err(Error::Protocol)
            }
        },
        Command::Completions { shell } => cli::completions(shell, out),
        Command::Manpage { dir } => cli::manpage(dir.as_deref(), out),
    }
}
