//! `noughts puzzle --history`: the puzzles tried in the app, as its data
//! folder keeps them (every game, or one), oldest first; then, for each
//! game, the rating, the ratings by theme (weakest first) and the missed
//! puzzles that come back.

use super::{json, Error};
use crate::solver::puzzle::PuzzleGame;
use crate::training::history::{self, Comeback, Ended, Entry};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// One attempt as a line of JSON: the attempt as kept, its game's word,
/// and whether the puzzle is on the missed list now.
#[derive(Serialize)]
struct AttemptDocument<'a> {
    game: &'static str,
    #[serde(flatten)]
    entry: &'a Entry,
    comes_back: bool,
}

/// Prints the history kept in `folder` (of `game` only, if given).
pub fn run(
    folder: &Path,
    game: Option<PuzzleGame>,
    as_json: bool,
    out: &mut impl Write,
) -> Result<(), Error> {
    let file = history::file_in(folder);
    let shown = crate::notation::escape_all(&file.display().to_string());
    let attempts = history::read(&file)
        .map_err(|why| Error::Range(format!("puzzle history {shown}: {why}")))?;
    let games: Vec<PuzzleGame> = match game {
        Some(game) => vec![game],
        None => PuzzleGame::ALL.to_vec(),
    };
    let mine: Vec<&Entry> = (attempts.iter())
        .filter(|e| games.contains(&e.id.game))
        .collect();
    let comebacks: Vec<Comeback> = (games.iter())
        .flat_map(|&g| history::comebacks(attempts.iter(), g))
        .collect();
    if as_json {
        for entry in &mine {
            json::write_line(
                out,
                &AttemptDocument {
                    game: crate::notation::puzzle::game_word(entry.id.game),
                    entry,
                    comes_back: comebacks.iter().any(|c| c.id == entry.id),
                },
            )?;
        }
        return Ok(());
    }
    if mine.is_empty() {
        writeln!(
            out,
            "no puzzle tried yet{} (kept in {shown}; P in any tab of the app for puzzles)",
            game.map_or(String::new(), |g| format!(
                " in {}",
                crate::notation::puzzle::game_word(g)
            ))
        )?;
        return Ok(());
    }
    for entry in &mine {
        writeln!(out, "{}", attempt_line(entry))?;
    }
    for &g in &games {
        let tried = mine.iter().filter(|e| e.id.game == g).count();
        if tried > 0 {
            writeln!(out)?;
            summary(g, tried, folder, &attempts, out)?;
        }
    }
    Ok(())
}

/// `2026-11-28 17:33  tictactoe-2-3  missed (1 wrong)  puzzle  980  you
/// 1388 → 1238  1 s  block` (in columns).
fn attempt_line(e: &Entry) -> String {
    let mut how = e.ended.words().to_string();
    let mut said = Vec::new();
    if e.wrong > 0 {
        said.push(format!("{} wrong", e.wrong));
    }
    match e.hints {
        0 => {}
        1 => said.push("1 hint".into()),
        n => said.push(format!("{n} hints")),
    }
    if e.shown && e.ended == Ended::Missed {
        said.push("solution shown".into());
    }
    if !said.is_empty() && e.ended != Ended::Left {
        how = format!("{how} ({})", said.join(", "));
    }
    let rating = match e.rated {
        true => format!(
            "you {} → {}",
            e.rating_before.round(),
            e.rating_after.round()
        ),
        false => "(not rated)".into(),
    };
    let mut tail = Vec::new();
    if let Some(run) = e.run {
        tail.push(format!("{} run", run.word()));
    }
    if e.again {
        tail.push("back after a miss".into());
    }
    format!(
        "{}  {:<20} {:<26} puzzle {:>4}  {:<16} {:>5}  {}{}",
        utc_minute(e.at),
        e.id.to_string(),
        how,
        e.puzzle_rating,
        rating,
        format!("{} s", e.seconds),
        e.themes.join(", "),
        match tail.is_empty() {
            true => String::new(),
            false => format!("  [{}]", tail.join("; ")),
        }
    )
}

/// A game's standing: its rating (from its record), the ratings by theme
/// and the missed puzzles that come back.
fn summary(
    game: PuzzleGame,
    tried: usize,
    folder: &Path,
    attempts: &[Entry],
    out: &mut impl Write,
) -> Result<(), Error> {
    let word = crate::notation::puzzle::game_word(game);
    let rating = match crate::training::read_record(game, folder) {
        Ok(Some(progress)) => {
            let r = progress.rating;
            match r.uncertainty() {
                Some(d) => format!("rating {} (provisional ±{d})", r.rating.round()),
                None => format!("rating {}", r.rating.round()),
            }
        }
        Ok(None) => "no record".into(),
        Err(why) => format!("record unreadable ({why})"),
    };
    writeln!(
        out,
        "{word}: {rating}; {} kept",
        crate::notation::counted(tried, "attempt")
    )?;
    let themes = history::theme_ratings(attempts.iter(), game);
    if !themes.is_empty() {
        let listed: Vec<String> = (themes.iter())
            .map(|t| {
                format!(
                    "{} {} ({} rated, {} lost)",
                    t.name,
                    t.rating.rating.round(),
                    t.tried,
                    t.lost
                )
            })
            .collect();
        writeln!(out, "  themes, weakest first: {}", listed.join(", "))?;
    }
    let back = history::comebacks(attempts.iter(), game);
    if back.is_empty() {
        writeln!(out, "  no missed puzzle to come back")?;
    } else {
        let listed: Vec<String> = (back.iter())
            .map(|c| {
                let when = match (c.due_in(), c.clean) {
                    (0, _) => "due now".to_string(),
                    (n, 0) => format!("due after {n} more"),
                    (n, _) => format!("solved once, due after {n} more"),
                };
                format!("{} ({when})", c.id)
            })
            .collect();
        writeln!(
            out,
            "  missed, to come back until solved {} times in a row: {}",
            history::CLEAN_TO_CLEAR,
            listed.join(", ")
        )?;
    }
    Ok(())
}

/// Seconds since 1970 as a UTC date and minute: `2026-11-28 17:05`.
pub fn utc_minute(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let minute = seconds % 86_400 / 60;
    // Days to a civil date (H. Hinnant's algorithm, proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        minute / 60,
        minute % 60
    )
}

#[cfg(test)]
mod tests {
    use super::utc_minute;

    #[test]
    fn dates_read_as_the_calendar_has_them() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00");
        assert_eq!(utc_minute(951_782_400), "2000-02-29 00:00");
        assert_eq!(utc_minute(1_795_886_140), "2026-11-28 17:15");
        assert_eq!(utc_minute(4_107_542_399), "2100-02-28 23:59");
    }
}
