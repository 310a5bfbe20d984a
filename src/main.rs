use clap::Parser;
use noughts::cli::input::read_input;
use noughts::cli::{self, Cli, Command, MncCommand, EXIT_BAD_INPUT};
use noughts::solver::mnc::Engine;
use std::io::Write;
use std::process::ExitCode;

fn main() -> color_eyre::Result<ExitCode> {
    color_eyre::install()?;
    let cli = Cli::parse();
    let mut options = noughts::tui::Options {
        mouse: !cli.no_mouse,
        board: None,
        strip: None,
    };
    let command = match cli.command {
        None => Command::Tui {
            board: None,
            strip: None,
        },
        Some(command) => command,
    };
    let result: Result<String, String> = match command {
        Command::Tui { board, strip } => {
            if let Some(text) = strip {
                let strip = noughts::cli::treblecross::parse(&format!("1\n{text}\n"))
                    .map_err(|e| format!("--strip: column {}: {}", e.column, e.message))
                    .and_then(|mut strips| strips.pop().ok_or_else(|| "--strip: no strip".into()))
                    .and_then(|strip| {
                        if strip.len() > noughts::tui::treblecross::MAX_LENGTH {
                            Err(format!(
                                "--strip: at most {} cells",
                                noughts::tui::treblecross::MAX_LENGTH
                            ))
                        } else {
                            Ok(strip)
                        }
                    });
                match strip {
                    Ok(strip) => options.strip = Some(strip),
                    Err(e) => {
                        eprintln!("noughts: error: {e}");
                        return Ok(ExitCode::from(EXIT_BAD_INPUT as u8));
                    }
                }
            }
            if let Some(text) = board {
                match noughts::tui::tictactoe::parse_notation(&text) {
                    Ok(board) => options.board = Some(board),
                    Err(e) => {
                        eprintln!("noughts: error: --board {text}: {e}");
                        return Ok(ExitCode::from(EXIT_BAD_INPUT as u8));
                    }
                }
            }
            noughts::tui::run(options)?;
            Ok(String::new())
        }
        Command::Tictactoe {
            format,
            explain,
            file,
        } => read_input(file.as_deref())
            .map_err(|e| e.to_string())
            .and_then(|text| {
                cli::tictactoe::run(&text, format, explain).map_err(|e| e.to_string())
            }),
        Command::Treblecross { file } => read_input(file.as_deref())
            .map_err(|e| e.to_string())
            .and_then(|text| cli::treblecross::run(&text).map_err(|e| e.to_string())),
        Command::Grundy {
            n,
            stats,
            game,
            out,
            resume,
            method,
            threads,
        } => cli::grundy::run(&cli::grundy::Request {
            n,
            stats,
            game,
            out,
            resume,
            method,
            threads: threads.map(usize::from),
        }),
        Command::Mnc { command } => match command {
            MncCommand::Solve => Ok(cli::mnc::solve()),
            MncCommand::Analyze { position } => {
                cli::mnc::analyze(&position.join(" "), &mut Engine::new())
                    .map_err(|e| e.to_string())
            }
            MncCommand::Kattis => {
                let stdin = std::io::stdin();
                let stdout = std::io::stdout();
                match cli::mnc::kattis(stdin.lock(), stdout.lock()) {
                    Ok(()) => Ok(String::new()),
                    Err(e) => Err(e.to_string()),
                }
            }
        },
    };
    match result {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (e.g. `| head`) is not an error worth a report.
            if stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return Ok(ExitCode::SUCCESS);
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(message) => {
            eprintln!("noughts: error: {message}");
            Ok(ExitCode::from(EXIT_BAD_INPUT as u8))
        }
    }
}
