//! What the puzzles remember, and the dashboard that shows it: each
//! attempt kept as it ends, the missed puzzles brought back and replayed;
//! the dashboard (`D`, in the puzzles or on a first screen): a game's rating over time,
//! its themes from weakest to strongest, the most rated puzzles solved in a row and the best runs, and
//! the missed puzzles waiting to be played again (`m` plays them, one after
//! another). Everything on it is read off the record and the history, so
//! it says what the command line's `noughts puzzle --history` says.

use super::Training;
use crate::solver::puzzle::PuzzleId;
use crate::training::history::{self, Comeback, Ended, CLEAN_TO_CLEAR};
use crate::training::{RunKind, Trainer};
use crate::tui::theme::Theme;
use ratatui::text::{Line, Span};
use std::time::Instant;

/// Rows the rating chart takes.
const CHART_ROWS: usize = 5;

/// The eighths of a cell a column's top fills: a column chart's steps.
const EIGHTHS: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];

/// The dashboard's lines, `width` columns wide (the pop-up scrolls them).
/// `waiting`: the puzzle on was answered or hinted, and is kept (and
/// counted here) once it ends.
pub fn lines(trainer: &Trainer, waiting: bool, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let width = usize::from(width).max(20);
    let p = trainer.progress();
    let mine: Vec<&history::Entry> = (trainer.history.attempts())
        .filter(|e| e.id.game == trainer.game)
        .collect();
    let mut lines = Vec::new();
    let rating = match p.rating.uncertainty() {
        Some(d) => format!(
            "your rating {} (provisional ±{d}: it settles as you answer)",
            p.rating.rating.round()
        ),
        None => format!("your rating {}", p.rating.rating.round()),
    };
    lines.push(Line::styled(rating, theme.title()));
    // How the kept attempts ended, as `noughts puzzle --history` says it.
    let ended = |e: Ended| mine.iter().filter(|a| a.ended == e).count();
    let mut how = vec![format!("{} solved", ended(Ended::Solved))];
    for (e, words) in [
        (Ended::Missed, "missed"),
        (Ended::Shown, "solution shown"),
        (Ended::Left, "left after a hint"),
    ] {
        if ended(e) > 0 {
            how.push(format!("{} {words}", ended(e)));
        }
    }
    lines.push(Line::styled(
        format!(
            "{} kept: {}",
            crate::notation::counted(mine.len(), "attempt"),
            how.join(", ")
        ),
        theme.dim(),
    ));
    if waiting {
        // A miss moves the rating at once, the history at the end (a tmux
        // check read "0 attempts kept" under a rating 150 down).
        lines.push(Line::styled(
            "the puzzle on counts here once it is over",
            theme.dim(),
        ));
    }
    lines.push(Line::styled(
        format!(
            "most rated puzzles solved in a row {}; best streak run {}, best timed run {}",
            p.best,
            trainer.best_run(RunKind::Streak),
            trainer.best_run(RunKind::Timed)
        ),
        theme.dim(),
    ));
    lines.push(Line::from(""));
    lines.extend(chart(&mine, width, theme));
    lines.push(Line::from(""));

    let themes = trainer.theme_ratings();
    if themes.is_empty() {
        lines.push(Line::styled(
            "themes: rated once you answer rated puzzles",
            theme.dim(),
        ));
    } else {
        lines.push(Line::styled(
            "themes, weakest first (each rated on its puzzles alone):",
            theme.title(),
        ));
        let longest = themes.iter().map(|t| t.name.len()).max().unwrap_or(0);
        for t in &themes {
            lines.push(Line::from(vec![
                Span::raw(format!(
                    "  {:<longest$}  {:>4}",
                    t.name.replace('-', " "),
                    t.rating.rating.round()
                )),
                Span::styled(
                    format!("  {} rated, {} lost", t.tried, t.lost),
                    theme.dim(),
                ),
            ]));
        }
    }
    lines.push(Line::from(""));

    let back = trainer.comebacks();
    if back.is_empty() {
        lines.push(Line::styled(
            "no missed puzzle waiting: one you miss comes back after a few others",
            theme.dim(),
        ));
    } else {
        lines.push(Line::styled(
            format!(
                "{} missed: each comes back (not rated) until solved {CLEAN_TO_CLEAR} times in a row",
                crate::notation::counted(back.len(), "puzzle")
            ),
            theme.title(),
        ));
        for c in &back {
            lines.push(Line::styled(
                format!("  {}  {}", c.id, when_back(c)),
                theme.dim(),
            ));
        }
    }
    lines
}

/// When a missed puzzle comes back by itself.
fn when_back(c: &Comeback) -> String {
    match (c.due_in(), c.clean) {
        (0, _) => "due now".into(),
        (n, 0) => format!("back after {n} more"),
        (n, _) => format!("solved once; back after {n} more"),
    }
}

/// The rating after each rated puzzle, as columns `CHART_ROWS` high (the
/// newest at the right, as many as the width holds), with its highest and
/// lowest at the side.
fn chart(mine: &[&history::Entry], width: usize, theme: &Theme) -> Vec<Line<'static>> {
    // The rating before the first rated puzzle, then after each.
    let mut rated: Vec<f64> = (mine.iter().find(|e| e.rated))
        .map(|e| e.rating_before)
        .into_iter()
        .collect();
    rated.extend(mine.iter().filter(|e| e.rated).map(|e| e.rating_after));
    if rated.len() < 2 {
        return vec![Line::styled(
            "the rating's chart begins after your first rated puzzle",
            theme.dim(),
        )];
    }
    let label = 6;
    let room = width.saturating_sub(label + 1).max(8);
    // Few points get wider columns (up to 3 cells), many one cell each.
    let each = (room / rated.len()).clamp(1, 3);
    let shown = &rated[rated.len().saturating_sub(room / each)..];
    let high = shown.iter().copied().fold(f64::MIN, f64::max);
    let low = shown.iter().copied().fold(f64::MAX, f64::min);
    // A flat line still shows as a column an eighth high.
    let span = (high - low).max(1.0);
    let steps = CHART_ROWS * 8;
    let heights: Vec<usize> = (shown.iter())
        .map(|r| 1 + ((r - low) / span * (steps - 1) as f64).round() as usize)
        .collect();
    let mut lines = vec![Line::styled(
        match shown.len() == rated.len() {
            true => format!(
                "your rating from the first kept, after each of {}:",
                crate::notation::counted(shown.len() - 1, "rated puzzle")
            ),
            false => format!("your rating after each of the last {} rated puzzles:", shown.len()),
        },
        theme.title(),
    )];
    for row in (0..CHART_ROWS).rev() {
        let bars: String = (heights.iter())
            .map(|&h| EIGHTHS[h.saturating_sub(row * 8).min(8)].repeat(each))
            .collect();
        let side = match row {
            r if r == CHART_ROWS - 1 => format!("{:>5} ", high.round()),
            0 => format!("{:>5} ", low.round()),
            _ => " ".repeat(label),
        };
        lines.push(Line::from(vec![
            Span::styled(side, theme.dim()),
            Span::styled(bars, theme.good()),
        ]));
    }
    lines
}

impl<P, A, E> Training<P, A, E> {
    /// The oldest missed puzzle due back and not yet offered this sitting
    /// (one passed over with `n` waits for the next).
    pub(super) fn due_back(&self) -> Option<PuzzleId> {
        (self.trainer.comebacks().into_iter())
            .find(|c| c.is_due() && !self.offered_back.contains(&c.id))
            .map(|c| c.id)
    }

    /// The puzzle on, kept in the history once it is over, or as it is
    /// `leaving` (answered or hinted, not only looked at).
    pub(super) fn keep_current(&mut self, leaving: bool) {
        if let Some(t) = &mut self.current {
            if leaving || !t.attempt.is_open() {
                self.trainer.keep(&mut t.attempt);
                if t.attempt.kept {
                    let id = t.attempt.id;
                    self.offered_back.retain(|o| *o != id);
                }
            }
        }
    }

    /// The app closes: the puzzle on, if answered or hinted, is kept.
    pub fn closing(&mut self) {
        self.keep_current(true);
        self.trainer.history.flush();
    }

    /// The missed puzzles to play now, one after another, oldest miss
    /// first (a run or a lesson on stops, the puzzle on counts as left);
    /// how many. The tab then opens the first.
    pub fn start_replay(&mut self) -> usize {
        let ids: Vec<PuzzleId> = self.trainer.comebacks().iter().map(|c| c.id).collect();
        if ids.is_empty() {
            return 0;
        }
        let skipped = match &mut self.run {
            Some(run) => {
                run.end(crate::training::RunEnd::Stopped, Instant::now());
                false
            }
            None => true,
        };
        self.close_current(skipped);
        self.run = None;
        self.lesson = None;
        self.replay = ids.into();
        self.replaying = true;
        self.replay.len()
    }

    /// The next missed puzzle to play again, if a replay is on.
    pub(super) fn next_replayed(&mut self) -> Option<PuzzleId> {
        let next = self.replay.pop_front();
        // The last one played: the next puzzle says the replay is over.
        if next.is_none() && std::mem::take(&mut self.replaying) {
            self.replay_ended = true;
        }
        next
    }

    /// Missed puzzles still to come in the replay.
    pub fn replay_left(&self) -> usize {
        self.replay.len()
    }
}
