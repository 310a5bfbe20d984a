//! `noughts puzzle`: puzzles made by the solvers, with their proved answers,
//! for teachers and contest setters; the same seed gives the same puzzles.

use super::json;
use super::Error;
use crate::notation::puzzle::{answer_text, answers, position_text, question};
use crate::solver::puzzle::{
    Choice, Puzzle, PuzzleGame, PuzzleId, Puzzler, Rated, Theme, FRESH_TRIES, THEME_GIVES_WAY,
};
use serde::Serialize;
use std::io::Write;

/// `noughts puzzle`'s options (its help and examples are on the command,
/// in [`super::Command`]).
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The game: tictactoe, treblecross, mnc or notakto (with --history,
    /// every game when left out).
    #[arg(long, value_parser = crate::notation::argument(crate::notation::puzzle::game_arg), required_unless_present = "history")]
    game: Option<PuzzleGame>,
    /// The level, from 1 (the game's most: tictactoe 2, treblecross 10, mnc 5,
    /// notakto 5).
    #[arg(long, default_value_t = 1, value_parser = crate::notation::argument(crate::notation::count_arg))]
    level: usize,
    /// How many puzzles (seeds counting up from --seed).
    #[arg(long, default_value_t = 1, value_parser = crate::notation::argument(crate::notation::count_arg))]
    count: usize,
    /// The first puzzle's seed, 0 to 4294967295 [default: from the clock].
    #[arg(long, value_parser = crate::notation::argument(crate::notation::puzzle::seed_arg))]
    seed: Option<u32>,
    /// Puzzles rated near R instead of a level (100 to 3000; a new player is
    /// 1500): the levels are tried in turn, seeds counting up from --seed.
    #[arg(long, value_name = "R", conflicts_with = "level", value_parser = crate::notation::argument(crate::notation::puzzle::rating_arg))]
    rating: Option<u16>,
    /// Only puzzles with this theme (the idea their answer turns on; each
    /// game's are listed in docs/commands.md): with a level, seeds count up
    /// until one has it.
    #[arg(long, value_name = "T")]
    theme: Option<String>,
    /// A line of JSON per puzzle: id, question, position, answers, themes,
    /// rating (with --history, per attempt).
    #[arg(long)]
    json: bool,
    /// The puzzles tried in the app, from its data folder (oldest first),
    /// then each game's rating, ratings by theme and the missed puzzles
    /// that come back.
    #[arg(long, conflicts_with_all = ["level", "count", "seed", "rating", "theme"])]
    history: bool,
}

impl Options {
    pub fn run(self, out: &mut impl Write) -> Result<(), Error> {
        if self.history {
            let folder = crate::training::data_dir().ok_or_else(|| {
                Error::Range(format!(
                    "--history: no data folder here; set {} to the app's",
                    crate::store::Folder::Data.variable()
                ))
            })?;
            return super::history::run(&folder, self.game, self.json, out);
        }
        // clap asks for --game without --history; said again, not trusted.
        let game = self.game.ok_or_else(|| Error::Argument {
            name: "--game".into(),
            error: crate::notation::InputError::at_column(1, "expected a game"),
        })?;
        let levels = game.levels();
        let level = u8::try_from(self.level)
            .ok()
            .filter(|l| (1..=levels).contains(l))
            .ok_or_else(|| Error::Argument {
                name: "--level".into(),
                error: crate::notation::InputError::at_column(
                    1,
                    format!(
                        "expected a level from 1 to {levels} for this game, found {}",
                        self.level
                    ),
                ),
            })?;
        // No seed: one from the clock (the ids printed name the puzzles).
        let seed = self.seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.subsec_nanos() ^ d.as_secs() as u32)
        });
        let theme = match &self.theme {
            None => None,
            Some(name) => Some(game.theme(name).ok_or_else(|| Error::Argument {
                name: "--theme".into(),
                error: crate::notation::InputError::at_column(
                    1,
                    format!(
                        "expected a theme of {}'s puzzles ({}), found {}",
                        game_word(game),
                        (game.themes().iter())
                            .map(|t| t.name)
                            .collect::<Vec<_>>()
                            .join(", "),
                        crate::notation::escaped(name)
                    ),
                ),
            })?),
        };
        run(
            Request {
                game,
                level,
                count: self.count,
                seed,
                rating: self.rating,
                theme,
                json: self.json,
            },
            out,
        )
    }
}

/// What `noughts puzzle` was asked for.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    pub game: PuzzleGame,
    pub level: u8,
    pub count: usize,
    /// The first puzzle's seed; the next ones count up from it.
    pub seed: u32,
    /// Puzzles rated near this, from any level (`level` is then unused).
    pub rating: Option<u16>,
    /// Only puzzles with this theme.
    pub theme: Option<Theme>,
    pub json: bool,
}

/// Seeds a level is searched for a puzzle with the theme asked before
/// the search gives up (a theme that a level has turns up within a few
/// hundred).
pub const THEME_TRIES: u32 = 10_000;

/// One puzzle as a line of JSON.
#[derive(Debug, Serialize)]
struct PuzzleDocument {
    id: String,
    game: &'static str,
    level: u8,
    question: String,
    /// The position in the command line's notation (a board, a strip, an
    /// MNC position as `mnc analyze` reads it).
    position: String,
    /// The answers: cells (`b2`; Treblecross 1-based numbers), moves as
    /// the move list writes them (Notakto `2:b2`), or the number asked for.
    answers: Vec<String>,
    /// The answers in words, as the text output gives them.
    answer: String,
    /// The ideas the answers turn on, by name (`fork`, `nim-sum`).
    themes: Vec<&'static str>,
    /// How hard it is, on the usual scale (a new player 1500), from what is
    /// measured of it: see docs/commands.md.
    rating: u16,
}

/// The id's words for the game (`tictactoe`, `treblecross`, `mnc`, `notakto`).
fn game_word(game: PuzzleGame) -> &'static str {
    crate::notation::puzzle::game_word(game)
}

pub fn run(request: Request, out: &mut impl Write) -> Result<(), Error> {
    // The seeds count up from --seed: all of them must be ids' seeds.
    let last = u32::try_from(request.count.saturating_sub(1))
        .ok()
        .and_then(|k| request.seed.checked_add(k));
    if last.is_none() {
        return Err(Error::Range(format!(
            "--seed {} with --count {}: the seeds would run past {} (the largest an id takes); \
             ask for fewer or start lower",
            request.seed,
            request.count,
            u32::MAX
        )));
    }
    let mut puzzler = Puzzler::new();
    let mut next_seed = request.seed;
    let mut made = 0;
    for _ in 0..request.count {
        let (id, puzzle) = match request.rating {
            // Seeds from the last one used on; none of the last 50 repeats.
            Some(rating) => {
                let (id, puzzle) = puzzler.chosen_puzzle(Choice::Near {
                    game: request.game,
                    at_least: 0,
                    rating,
                    seed: next_seed,
                    theme: request.theme,
                });
                // The theme gives way after a while, never silently here.
                if let Some(theme) = request.theme.filter(|t| !puzzle.themes().contains(t)) {
                    out.flush().map_err(Error::Output)?;
                    return Err(Error::Range(format!(
                        "--theme {theme}: no {} puzzle near {rating} has it in seeds {next_seed} to {}; try another rating",
                        game_word(request.game),
                        next_seed.saturating_add(THEME_GIVES_WAY - 1)
                    )));
                }
                (id, puzzle)
            }
            // Each seed counts up from the last one used: one whose puzzle
            // repeats one of the last 50 of the run gives way to the next,
            // and so does one without the theme asked for.
            None => {
                let id = PuzzleId {
                    game: request.game,
                    level: request.level,
                    seed: next_seed,
                };
                let tries = if request.theme.is_some() {
                    THEME_TRIES
                } else {
                    FRESH_TRIES
                };
                match puzzler.fresh_puzzle_with(id, request.theme, tries) {
                    Some(found) => found,
                    None => {
                        out.flush().map_err(Error::Output)?;
                        let last = next_seed.saturating_add(tries - 1);
                        return Err(Error::Range(format!(
                            "--theme {}: no {} puzzle of level {} has it in seeds {next_seed} to {last}; \
                             try another level, or --rating",
                            request.theme.map_or("", |t| t.name),
                            game_word(request.game),
                            request.level
                        )));
                    }
                }
            }
        };
        // Ids' seeds count up and never wrap: a puzzle found below the seed
        // asked for, or a next seed past the largest, ends the batch.
        // The puzzles made stand: out before the error (which drops what
        // is still buffered).
        let mut past_the_end = |made: usize| {
            if let Err(e) = out.flush() {
                return Error::Output(e);
            }
            Error::Range(format!(
                "--seed {} with --count {}: the seeds ran past {} (the largest an id takes) after {made} puzzles; \
                 ask for fewer or start lower",
                request.seed,
                request.count,
                u32::MAX
            ))
        };
        if id.seed < next_seed {
            return Err(past_the_end(made));
        }
        made += 1;
        next_seed = match id.seed.checked_add(1) {
            Some(next) => next,
            None if made < request.count => return Err(past_the_end(made)),
            None => id.seed,
        };
        if request.json {
            json::write_line(out, &document(id, &puzzle))?;
        } else {
            writeln!(
                out,
                "{id}  {}\n  position  {}\n  answer    {}\n  themes    {}\n  rating    {}",
                question(&puzzle),
                position_text(&puzzle),
                answer_text(&puzzle),
                (puzzle.themes().iter())
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", "),
                puzzle.rating()
            )?;
        }
    }
    Ok(())
}

fn document(id: PuzzleId, puzzle: &Puzzle) -> PuzzleDocument {
    PuzzleDocument {
        id: id.to_string(),
        game: game_word(id.game),
        level: id.level,
        question: question(puzzle),
        position: position_text(puzzle),
        answers: answers(puzzle),
        answer: answer_text(puzzle),
        themes: puzzle.themes().iter().map(|t| t.name).collect(),
        rating: puzzle.rating(),
    }
}
