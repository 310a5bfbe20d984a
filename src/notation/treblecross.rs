//! Treblecross strips in text: `X` for a cell holding an X, `.` for an
//! empty one.

use super::escaped;
use super::puzzle::PuzzleText;
use super::saved::{expect_key, player_word, read_first, Fact, Saved};
use super::{describe, quoted, InputError, Token};
use crate::solver::grundy::{reached_values, split};
use crate::solver::record::Player;
use crate::solver::treblecross::FreeSegment;
use crate::solver::treblecross::{completes_three, three_in_a_row};
use crate::solver::treblecross::{Strip, StripAnalysis};
use crate::solver::treblecross::{TreblecrossPuzzle, TreblecrossTask};
use std::fmt;
use std::str::FromStr;

/// The longest strip the app edits (`--strip`, `+`/`>`): long enough to
/// study, short enough that every edit answers at once.
pub const LONGEST_EDITABLE: usize = 100_000;

/// Checks a token is a strip: `X` and `.` only, at least 3 cells, and no
/// three `X` in a row already (the game would be over).
pub fn check_strip(token: &Token) -> Result<(), InputError> {
    let bytes = token.text.as_bytes();
    // A fold without early exit, which the compiler turns into wide
    // compares (the batch command checks 20 MB); the place is looked for
    // only when something is wrong.
    let wrong = bytes
        .iter()
        .fold(false, |wrong, &b| wrong | ((b != b'X') & (b != b'.')));
    let first_wrong = || bytes.iter().position(|&b| b != b'X' && b != b'.');
    if let Some(i) = wrong.then(first_wrong).flatten() {
        // The first byte that is not X or '.': name its character.
        let ch = token.text[i..].chars().next().unwrap_or('\u{fffd}');
        let offset = token.text[..i].chars().count();
        return Err(token.error_at(
            offset,
            format!("expected 'X' or '.', found {}", describe(ch)),
        ));
    }
    if bytes.len() < Strip::MIN_LEN {
        return Err(token.error(format!(
            "expected a strip of at least {} cells, found {} in {}",
            Strip::MIN_LEN,
            bytes.len(),
            quoted(token.text)
        )));
    }
    let longest_run = bytes
        .iter()
        .scan(0u32, |run, &b| {
            *run = if b == b'X' { *run + 1 } else { 0 };
            Some(*run)
        })
        .max();
    let three = longest_run.is_some_and(|run| run >= 3);
    let first_three = || bytes.windows(3).position(|w| w == b"XXX");
    if let Some(start) = three.then(first_three).flatten() {
        return Err(token.error_at(
            start,
            "expected a game in progress, found three 'X' in a row (the game is over)",
        ));
    }
    Ok(())
}

/// The cells of a checked strip token into `cells` (cleared first).
pub fn cells_into(token: &Token, cells: &mut Vec<bool>) {
    cells.clear();
    cells.extend(token.text.bytes().map(|b| b == b'X'));
}

/// Reads a strip from a token (see [`check_strip`]).
pub fn read_strip(token: &Token) -> Result<Strip, InputError> {
    check_strip(token)?;
    let mut cells = Vec::with_capacity(token.text.len());
    cells_into(token, &mut cells);
    Ok(Strip::from(cells))
}

impl FromStr for Strip {
    type Err = InputError;

    /// One strip on its own, as [`read_strip`] reads it.
    fn from_str(text: &str) -> Result<Strip, InputError> {
        read_strip(&Token {
            text,
            line: 1,
            column: 1,
        })
    }
}

impl fmt::Display for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Cells(self).fmt(f)
    }
}

/// The cells of a strip as text, written a piece at a time (a strip of
/// millions of cells is never a second time in memory as a string).
#[derive(Debug, Clone, Copy)]
pub struct Cells<'a>(pub &'a [bool]);

impl fmt::Display for Cells<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut piece = [0u8; 4096];
        for cells in self.0.chunks(piece.len()) {
            for (byte, &x) in piece.iter_mut().zip(cells) {
                *byte = if x { b'X' } else { b'.' };
            }
            // X and '.' are ASCII.
            f.write_str(std::str::from_utf8(&piece[..cells.len()]).unwrap_or_default())?;
        }
        Ok(())
    }
}

/// The value parser of `--strip`: a strip the app can edit.
pub fn strip_arg(text: &str) -> Result<Strip, InputError> {
    let strip = text.parse::<Strip>()?;
    if strip.len() > LONGEST_EDITABLE {
        return Err(InputError::at_column(
            LONGEST_EDITABLE + 1,
            format!(
                "expected at most {LONGEST_EDITABLE} cells, found {}",
                strip.len()
            ),
        ));
    }
    Ok(strip)
}

/// What an example strip shows, for the tab's `e`: who wins, and how.
pub fn example_words(analysis: &StripAnalysis) -> String {
    match analysis {
        StripAnalysis::Finished { .. } => "over: three X in a row already".into(),
        StripAnalysis::ImmediateWin { cells } => format!(
            "the player to move makes three at once ({} way{})",
            cells.len(),
            if cells.len() == 1 { "" } else { "s" }
        ),
        StripAnalysis::Segments {
            segments,
            winning_cells,
            ..
        } if winning_cells.is_empty() => format!(
            "the player to move loses: the {} free stretch{} balance out",
            segments.len(),
            if segments.len() == 1 { "" } else { "es" }
        ),
        StripAnalysis::Segments { winning_cells, .. } => format!(
            "the player to move wins, by {} cell{} (starred)",
            winning_cells.len(),
            if winning_cells.len() == 1 { "" } else { "s" }
        ),
    }
}

/// Treblecross puzzles in words: cells numbered from 1.
impl PuzzleText for TreblecrossPuzzle {
    const WORD: &'static str = "treblecross";

    fn question(&self) -> String {
        match &self.task {
            TreblecrossTask::WinningCell { .. } => "find a winning cell".into(),
            TreblecrossTask::SegmentValue { len, .. } => {
                format!("what is G({len}), the value of a free segment of {len} cells?")
            }
            TreblecrossTask::NimSum { .. } => "what is the nim-sum of this strip?".into(),
        }
    }

    fn position_text(&self) -> String {
        self.strip.to_string()
    }

    fn answers(&self) -> Vec<String> {
        match &self.task {
            TreblecrossTask::WinningCell { cells } => {
                cells.iter().map(|c| (c + 1).to_string()).collect()
            }
            TreblecrossTask::SegmentValue { value, .. } | TreblecrossTask::NimSum { value } => {
                vec![value.to_string()]
            }
        }
    }

    fn answer_text(&self) -> String {
        match &self.task {
            TreblecrossTask::WinningCell { .. } => {
                format!("winning cells: {}", self.answers().join(" "))
            }
            TreblecrossTask::SegmentValue { len, value } => format!("G({len}) = {value}"),
            TreblecrossTask::NimSum { value } => format!("nim-sum {value}"),
        }
    }
}

/// The free segments as the hints list them: "4 (cells 1–4)".
fn segment_words(segment: &FreeSegment) -> String {
    format!("{} ({})", segment.len, cells_words(segment))
}

/// What a free stretch of 1 to `longest` cells counts (its Grundy value,
/// from `values`), equal counts of neighbouring lengths run together:
/// `1–3 → 1, 4–5 → 2, 6 → 0, 7–8 → 3` (no `·`: that is a safe cell here).
pub fn stretch_counts(values: &[u16], longest: usize) -> String {
    let longest = longest.min(values.len().saturating_sub(1));
    let mut runs: Vec<(usize, usize, u16)> = Vec::new();
    // The last run whole, past the longest where the table holds it: `1–3
    // → 1`, never `1–2 → 1` (which read as if 3 counted otherwise).
    for (len, &count) in values.iter().enumerate().skip(1) {
        match runs.last_mut() {
            Some((_, last, c)) if *c == count => *last = len,
            _ if len > longest => break,
            _ => runs.push((len, len, count)),
        }
    }
    // A long strip's longest stretches would fill the screen: the first
    // runs (lengths to about 80: a level-8 strip's stretches, where round
    // 6 met a list that stopped at 39 under a stretch of 56), then `…`.
    const MOST_RUNS: usize = 50;
    let mut words: Vec<String> = runs
        .iter()
        .take(MOST_RUNS)
        .map(|&(first, last, count)| match first == last {
            true => format!("{first} → {count}"),
            false => format!("{first}–{last} → {count}"),
        })
        .collect();
    if runs.len() > MOST_RUNS {
        words.push("… (longer: the first hint counts each stretch)".into());
    }
    words.join(", ")
}

/// The free stretches and their counts in plain words, the cells first
/// (`1 (cells 8–10)` read as one cell): `cells 1–2 → 1 and cells 8–22 → 3`.
pub fn stretches_counting(segments: &[FreeSegment]) -> String {
    let words: Vec<String> = segments
        .iter()
        .map(|s| format!("{} → {}", cells_words(s), s.grundy))
        .collect();
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "nothing".into(),
    }
}

/// A stretch's cells: `cell 4`, `cells 8–22`.
pub fn cells_words(segment: &FreeSegment) -> String {
    let first = segment.start + 1;
    match segment.len {
        1 => format!("cell {first}"),
        len => format!("cells {first}–{}", first + len - 1),
    }
}

/// Step `step` of the hint of a Treblecross puzzle; `analysis` is the
/// strip's, `values` the Grundy values up to its length at least. A
/// winning cell's hints are in plain words (the safe cells, the stretch to
/// play in); with `details` they give the nim-sum and the stretch's value.
pub fn puzzle_hint(
    p: &TreblecrossPuzzle,
    analysis: &StripAnalysis,
    values: &[u16],
    step: u8,
    details: bool,
) -> String {
    let (segments, nim_sum): (&[FreeSegment], u16) = match analysis {
        StripAnalysis::Segments {
            segments, nim_sum, ..
        } => (segments, *nim_sum),
        _ => (&[], 0),
    };
    match (&p.task, step) {
        (TreblecrossTask::WinningCell { .. }, 1) => match analysis {
            StripAnalysis::ImmediateWin { .. } => {
                "two X are close together: one cell completes three in a row".into()
            }
            _ if details => format!(
                "the free segments' nim-sum is {nim_sum}: a winning cell leaves it 0 (and gives no three in a row)"
            ),
            _ => format!(
                "the free stretches count: {}; a winning cell leaves counts that cancel out (never within two cells of an X)",
                stretches_counting(segments)
            ),
        },
        (TreblecrossTask::WinningCell { cells }, 2) => {
            let cell = cells.first().copied().unwrap_or(0);
            match segments
                .iter()
                .find(|s| (s.start..s.start + s.len).contains(&cell))
            {
                Some(s) if details => format!(
                    "play in the segment of {}, worth G = {}",
                    segment_words(s),
                    s.grundy
                ),
                // The only stretch: naming it would repeat the question
                // (round 14), so say what a winning cell leaves of it.
                Some(s) if segments.len() == 1 => {
                    let left = cell.saturating_sub(2).saturating_sub(s.start);
                    let right = (s.start + s.len).saturating_sub(cell + 3);
                    let parts: Vec<usize> = [left, right].into_iter().filter(|&l| l > 0).collect();
                    let leaves = match parts[..] {
                        [] => "no free cell".to_string(),
                        [a] => format!("one stretch, of {a}, which counts 0"),
                        [a, b] => format!("two stretches, of {a} and {b}, whose counts cancel out"),
                        _ => unreachable!("two parts at most"),
                    };
                    // One way among several is said as one (round 17 read
                    // "a winning cell leaves one stretch" as the only way).
                    let which = match cells.len() {
                        1 => "the winning cell",
                        _ => "one winning cell",
                    };
                    format!(
                        "the only free stretch is {}: {which} leaves {leaves}",
                        cells_words(s)
                    )
                }
                Some(s) => format!("a winning cell lies in the free stretch of {}", segment_words(s)),
                None => format!("look near cell {}", cell + 1),
            }
        }
        (TreblecrossTask::WinningCell { cells }, _) => {
            let names: Vec<String> = cells.iter().map(|c| (c + 1).to_string()).collect();
            format!("winning cells: {}", names.join(" "))
        }
        (TreblecrossTask::SegmentValue { len, .. }, 1) => format!(
            "a move in a free segment of {len} leaves two (the cells beside an X are lost), whose values combine by binary addition without carry (their nim-sum); G({len}) is the smallest number no move reaches"
        ),
        (TreblecrossTask::SegmentValue { len, .. }, 2) => {
            let reached: Vec<String> = reached_values(*len, values)
                .iter()
                .map(|(v, _)| v.to_string())
                .collect();
            format!("the nim-sums moves reach: {}", reached.join(" "))
        }
        (TreblecrossTask::SegmentValue { len, value }, _) => format!("G({len}) = {value}"),
        (TreblecrossTask::NimSum { .. }, 1) => {
            let lens: Vec<String> = segments.iter().map(segment_words).collect();
            format!(
                "the free segments: {}; their values G combine by binary addition without carry",
                lens.join(", ")
            )
        }
        (TreblecrossTask::NimSum { .. }, 2) => {
            let gs: Vec<String> = segments
                .iter()
                .map(|s| format!("G({}) = {}", s.len, s.grundy))
                .collect();
            format!("their values: {}", gs.join(", "))
        }
        (TreblecrossTask::NimSum { value }, _) => format!("the nim-sum: {value}"),
    }
}

/// What a wrong number says: `answer` for G(len) = `value`.
pub fn segment_value_wrong(len: usize, value: u16, answer: u16, values: &[u16]) -> String {
    let reached = reached_values(len, values);
    match reached.iter().find(|(v, _)| *v == answer) {
        Some((_, p)) => {
            let (left, right) = split(len, *p);
            format!(
                "{answer} is reached: a move at cell {} leaves G({left}) ⊕ G({right}) = {answer}",
                p + 1
            )
        }
        None if answer > value => {
            format!("too big: a value under {answer} is reached by no move")
        }
        // Every value under G(len) is reached: never here.
        None => format!("not {answer}"),
    }
}

/// A saved strip: its line, and in a game who moved first and the cells
/// played (from 1).
pub(super) fn write_saved(strip: &Strip, game: &Option<(Player, Vec<usize>)>, text: &mut String) {
    text.push_str(&format!("treblecross {strip}\n"));
    if let Some((first, moves)) = game {
        text.push_str(&format!("first {}\n", player_word(*first)));
        for cell in moves {
            text.push_str(&format!("move {}\n", cell + 1));
        }
    }
}

/// A strip as the editor holds it: `X` and `.`, 3 to 100,000 cells, three
/// in a row allowed (a finished strip can be studied, not played).
fn editable_strip(fact: &Fact) -> Result<Strip, InputError> {
    if let Some((i, ch)) = fact
        .value
        .chars()
        .enumerate()
        .find(|(_, c)| *c != 'X' && *c != '.')
    {
        return Err(fact.error(i, format!("expected 'X' or '.', found {}", describe(ch))));
    }
    let len = fact.value.len();
    if !(Strip::MIN_LEN..=LONGEST_EDITABLE).contains(&len) {
        return Err(fact.error(
            0,
            format!(
                "expected a strip of {} to {} cells, found {len}",
                Strip::MIN_LEN,
                LONGEST_EDITABLE
            ),
        ));
    }
    Ok(Strip::from(
        fact.value.bytes().map(|b| b == b'X').collect::<Vec<_>>(),
    ))
}

/// `treblecross` and a strip; in a game, `first` and the cells played,
/// each checked on the strip as it then is.
pub(super) fn read_saved(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let mut strip = editable_strip(game)?;
    let start = strip.clone();
    let Some(first_fact) = rest.first() else {
        return Ok(Saved::Treblecross { strip, game: None });
    };
    let first_fact = expect_key(Some(first_fact), "first", game)?;
    if three_in_a_row(&strip).is_some() {
        return Err(first_fact.error(
            0,
            "expected the end: no game starts on a strip with three in a row",
        ));
    }
    let first = read_first(first_fact)?;
    let mut moves = Vec::new();
    // The start has no three in a row: only a move can make one, and only
    // through its own cell (checked there, so a long game reads in linear
    // time).
    let mut over = false;
    for fact in &rest[1..] {
        let fact = expect_key(Some(fact), "move", game)?;
        if over {
            return Err(fact.error(0, "expected the end: the game is over (three in a row)"));
        }
        let cell = super::digits::<usize>(fact.value)
            .filter(|c| (1..=strip.len()).contains(c))
            .ok_or_else(|| {
                fact.error(
                    0,
                    format!(
                        "expected a cell from 1 to {}, found {}",
                        strip.len(),
                        escaped(fact.value)
                    ),
                )
            })?;
        if strip[cell - 1] {
            return Err(fact.error(0, format!("cell {cell} holds an X already")));
        }
        strip.set(cell - 1, true);
        over = completes_three(&strip, cell - 1);
        moves.push(cell - 1);
    }
    Ok(Saved::Treblecross {
        strip: start,
        game: Some((first, moves)),
    })
}

/// The `[treblecross]` section as a new settings file writes it.
pub const SETTINGS_TEXT: &str = r#"[treblecross]
# Columns per cell: 0 for the widest that fits the strip, else 1, 2 or 3.
zoom = 0
"#;

/// The `[treblecross]` section of the settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TreblecrossSettings {
    /// 0: the widest that fits; 1 to 3 columns.
    pub zoom: Zoom,
}

/// Columns per Treblecross cell: 0 (the widest that fits) to 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Zoom(pub u8);

impl<'de> serde::Deserialize<'de> for Zoom {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Zoom, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        if n > 3 {
            return Err(serde::de::Error::custom(format!(
                "expected a zoom of 0 (the widest that fits), 1, 2 or 3, found {n}"
            )));
        }
        Ok(Zoom(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_round_trip_and_bad_ones_say_where() {
        let strip: Strip = "..X.X..".parse().unwrap();
        assert_eq!(strip.to_string(), "..X.X..");
        assert_eq!("..x..".parse::<Strip>().unwrap_err().column, 3);
        assert_eq!("é.x..".parse::<Strip>().unwrap_err().column, 1);
        assert_eq!("..é.x".parse::<Strip>().unwrap_err().column, 3);
        assert_eq!(".XXX.".parse::<Strip>().unwrap_err().column, 2);
        assert!(".."
            .parse::<Strip>()
            .unwrap_err()
            .message
            .contains("at least 3"));
        assert!(strip_arg(&".".repeat(LONGEST_EDITABLE + 1)).is_err());
        assert!(strip_arg(&".".repeat(LONGEST_EDITABLE)).is_ok());
    }
}
