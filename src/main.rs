mod standard_output;

use noughts::cli::{self, AppArgs, Cli, Command, Error, EXIT_BAD_INPUT, EXIT_FAILURE};
use noughts::tui;
use standard_output::check_stdout;
use std::ffi::OsString;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Kept to show what clap quotes of it escaped.
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_from_args(&args) {
        Ok(cli) => cli,
        // --help and --version print as clap prints them; a failed write
        // is said, as for any answer.
        Err(e) if !e.use_stderr() => {
            let printed = check_stdout()
                .and_then(|()| e.print())
                .and_then(|()| std::io::stdout().flush());
            return match printed {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => failed(&Error::Output(error)),
            };
        }
        // A usage error is one line, like every other error.
        Err(e) => {
            eprintln!("noughts: error: {}", cli::usage_line(&e, &args));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let command = cli
        .command
        .unwrap_or_else(|| Command::Tui(AppArgs::default()));
    if let Command::Tui(app) = command {
        return run_app(app, cli.no_mouse, cli.ascii);
    }
    if let Err(error) = check_stdout() {
        return failed(&Error::Output(error));
    }
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = command
        .run(&mut out)
        .and_then(|()| out.flush().map_err(Error::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `| head` closed the pipe: the reader has what it wanted.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // What was written stays written; the error goes on its own line.
            drop(out.into_parts());
            failed(&e)
        }
    }
}

/// The app: the file to load read before the screen is taken (a bad one is
/// one line and status 2, as bad input everywhere), then the app itself.
fn run_app(app: AppArgs, no_mouse: bool, ascii: bool) -> ExitCode {
    let mut load = match app.load.as_ref().map(|path| tui::load(path)) {
        None => Vec::new(),
        Some(Ok(saved)) => vec![saved],
        Some(Err(why)) => {
            eprintln!("noughts: error: {why}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    load.extend(app.positions());
    let options = tui::Options {
        mouse: !(app.no_mouse || no_mouse),
        ascii: app.ascii || ascii,
        puzzle: app.puzzle,
        load,
        fresh: app.fresh,
    };
    // color-eyre reports panics; errors are one line, as everywhere.
    let _ = color_eyre::install();
    match tui::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("noughts: error: {e}");
            ExitCode::from(match e {
                tui::Error::NoTerminal => EXIT_BAD_INPUT,
                tui::Error::Io(_) | tui::Error::NotKept(_) => EXIT_FAILURE,
            })
        }
    }
}

/// The error as one line, and its exit status.
fn failed(e: &Error) -> ExitCode {
    eprintln!("noughts: error: {e}");
    ExitCode::from(e.exit_code())
}
