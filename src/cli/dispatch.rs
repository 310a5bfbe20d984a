//! Which command runs: each batch command's options turned into its call.
//! `main.rs` only starts things; the app (`tui`) is started there.

use super::input::{open_input, read_input};
use super::{Command, Error, MncCommand};
use crate::solver::mnc::Engine;
use std::io::Write;

/// Runs one batch command, writing its answer to `out`.
pub fn run(command: Command, out: &mut impl Write) -> Result<(), Error> {
    match command {
        Command::Tui(_) => Ok(()),
        Command::Tictactoe {
            format,
            explain,
            json,
            file,
        } => {
            let text = read_input(file.as_deref())?;
            let answered = if json {
                super::tictactoe::run_json(&text, format, out)
            } else {
                super::tictactoe::run(&text, format, explain, out)
            };
            answered.map_err(|e| e.in_file(file.as_deref()))
        }
        Command::Notakto {
            boards,
            quotient,
            json,
            explain,
        } => {
            if quotient {
                super::notakto::quotient(json, out)
            } else {
                let boards = super::notakto::read_boards(&boards)?;
                super::notakto::run(&boards, json, explain, out)
            }
        }
        Command::Treblecross { json, file } => {
            let (input, source) = open_input(file.as_deref())?;
            let answered = if json {
                super::treblecross::run_json(input, &source, out)
            } else {
                super::treblecross::run(input, &source, out)
            };
            answered.map_err(|e| e.in_file(file.as_deref()))
        }
        Command::Grundy {
            merge: Some(folder),
            json,
            ..
        } => super::grundy::merge(&folder, json, out),
        Command::Grundy {
            survey: true,
            games: Some(games),
            results,
            shard,
            max,
            threads,
            ..
        } => super::grundy::survey_games(
            &super::grundy::SurveyRequest {
                games,
                results,
                max: max.unwrap_or(super::grundy::DEFAULT_MAX),
                shard,
                threads: threads.map(usize::from),
            },
            out,
        ),
        Command::Grundy {
            survey: true,
            max,
            threads,
            ..
        } => super::grundy::survey(
            max.unwrap_or(super::grundy::DEFAULT_MAX),
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
            games: _,
            results: _,
            shard: _,
            merge: _,
            game,
            out: table,
            resume,
            checkpoint,
            sha256,
            records,
            method,
            threads,
        } => super::grundy::run(
            &super::grundy::Request {
                count: match n {
                    Some(n) => super::grundy::Count::Exactly(n),
                    // clap asks for N unless --until-period (or --survey,
                    // taken above) is given.
                    None => {
                        super::grundy::Count::UntilPeriod(max.unwrap_or(super::grundy::DEFAULT_MAX))
                    }
                },
                stats,
                json,
                game,
                out: table,
                resume,
                checkpoint,
                sha256,
                records,
                method,
                threads: threads.map(usize::from),
            },
            out,
        ),
        Command::Mnc { command } => match command {
            MncCommand::Solve { json: false } => super::mnc::solve(out),
            MncCommand::Solve { json: true } => super::mnc::solve_json(out),
            MncCommand::Analyze {
                position,
                after,
                json,
            } => {
                let position = super::mnc::position_after(&position.join(" "), after.as_deref())?;
                if json {
                    super::mnc::analyze_json(&position, &mut Engine::new(), out)
                } else {
                    super::mnc::analyze(&position, &mut Engine::new(), out)
                }
            }
            MncCommand::Review { file } => {
                let text = super::input::read_saved_game(file.as_deref())?;
                super::mnc::review(&text, &mut Engine::new(), out)
                    .map_err(|e| e.in_file(file.as_deref()))
            }
            MncCommand::Kattis => {
                // The protocol flushes after every board: no buffer between.
                let stdin = std::io::stdin();
                let stdout = std::io::stdout();
                super::mnc::kattis(stdin.lock(), stdout.lock()).map_err(Error::Protocol)
            }
        },
        Command::Puzzle {
            game,
            level,
            count,
            seed,
            rating,
            json,
        } => {
            let levels = game.levels();
            let level = u8::try_from(level)
                .ok()
                .filter(|l| (1..=levels).contains(l))
                .ok_or_else(|| Error::Option {
                    option: "--level".into(),
                    error: crate::notation::InputError::at_column(
                        1,
                        format!("expected a level from 1 to {levels} for this game, found {level}"),
                    ),
                })?;
            // No seed: one from the clock (the ids printed name the puzzles).
            let seed = seed.unwrap_or_else(|| {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
                now.map_or(0, |d| d.subsec_nanos() ^ d.as_secs() as u32)
            });
            super::puzzle::run(
                super::puzzle::Request {
                    game,
                    level,
                    count,
                    seed,
                    rating,
                    json,
                },
                out,
            )
        }
        Command::Config { path: _, init } => super::config::run(init, out),
        Command::Completions { shell } => super::completions(shell, out),
        Command::Manpage { dir } => super::manpage(dir.as_deref(), out),
    }
}
