//! A puzzle's panel: its parts in order, cut to the rows there are (the
//! question and what the last answer gave stay longest), and the lines
//! every tab's panel begins and ends with; `Training::panel` builds its
//! shared parts.

use super::{
    aim_words, run, Attempt, Run, RunEnd, RunKind, Standing, Trainer, Training, HINT_STEPS,
};
use crate::solver::puzzle::Theme as PuzzleTheme;
use crate::tui::theme::Theme;
use crate::tui::widgets::{render_wrapped, rows_of, split_rows, together};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use std::time::Instant;

/// A puzzle's panel, in parts: all of them in this order where they fit,
/// else what to answer and what happened first.
#[derive(Default)]
pub struct PuzzlePanel {
    pub heading: Vec<Line<'static>>,
    pub question: Vec<Line<'static>>,
    /// What the last answer gave.
    pub answer: Vec<Line<'static>>,
    /// What the tab adds (where its game stands).
    pub said: Vec<Line<'static>>,
    /// The tab's message: why a key was refused, what went wrong.
    pub message: Vec<Line<'static>>,
    pub hints: Vec<Line<'static>>,
    /// What the cursor's cell would make, once a hint points the player
    /// there: it goes wherever the last hint goes (a hint saying "the panel
    /// says" over no such line read as broken at 40×16).
    pub pointer: Vec<Line<'static>>,
    /// The longest of the cursor's lines in this position (wherever the
    /// cursor goes): the panel keeps its rows, so that its parts stay in
    /// their order from key to key.
    pub pointer_longest: Vec<Line<'static>>,
    pub standing: Vec<Line<'static>>,
    pub notes: Vec<Line<'static>>,
    /// The heading's first line stays on a small screen: a run's clock, a
    /// lesson's step.
    pub heading_stays: bool,
    /// The last hint came after the last answer: with the fewest rows it
    /// goes before the answer.
    pub hint_newest: bool,
    /// The puzzle on is answered (over, or its rating moved by a miss):
    /// its question, read before, may give way. Not "any words said": a
    /// run's next puzzle is open under the last one's (round 12's streak
    /// run lost its question to them).
    pub answered: bool,
    /// The puzzle on is still open (a wrong try leaves it so).
    pub open: bool,
    /// A run is on: its clock or its end stays over the rest.
    pub run: bool,
}

impl PuzzlePanel {
    /// Every line, in the order of a panel with room for all.
    pub fn lines(&self) -> Vec<Line<'static>> {
        [
            &self.heading,
            &self.question,
            &self.answer,
            &self.said,
            &self.message,
            &self.hints,
            &self.pointer,
            &self.standing,
            &self.notes,
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    }

    pub fn render(self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let all = self.lines();
        // The cursor's line changes with every cursor key, one row or two:
        // the choice below counts it as long as its longest, so that the
        // parts keep their order from key to key (round 19's Notakto step 7
        // at 80×24 reordered them as the cursor moved).
        let pad = rows_of(&self.pointer_longest, area.width)
            .saturating_sub(rows_of(&self.pointer, area.width));
        let rows = |lines: &[Line<'_>]| {
            let with_pointer = pad > 0 && self.pointer.iter().all(|p| lines.contains(p));
            rows_of(lines, area.width) + if with_pointer { pad } else { 0 }
        };
        if rows(&all) <= usize::from(area.height) {
            return render_wrapped(all, area, buf, theme.dim());
        }
        let height = usize::from(area.height);
        // Less where there is no room: first the notes and the earlier
        // hints (the rating line stays: a player watches it), then the
        // streak and rating line, while the id can stay first.
        let id = self.heading.first().cloned();
        // Once the puzzle is over its hints are what led there: all of them
        // in order or none (round 18's solved lesson step read hint 2 over
        // the step, hint 1 under it).
        let last_hint = match self.open {
            true => &self.hints[self.hints.len().saturating_sub(1)..],
            false => &[],
        };
        // `top`, then `question`, what the answer gave, the tab's words and
        // message, `hints`, the cursor's line and what to do next.
        let body = |top: &[Line<'static>], question: &[Line<'static>], hints: &[Line<'static>]| {
            top.iter()
                .chain(question)
                .chain(&self.answer)
                .chain(&self.said)
                .chain(&self.message)
                .chain(hints)
                .chain(&self.pointer)
                .chain(&self.standing)
                .cloned()
                .collect::<Vec<Line<'static>>>()
        };
        let rated = body(&self.heading, &self.question, last_hint);
        let id_only = &self.heading[..self.heading.len().min(1)];
        let without = |hints: &[Line<'static>]| body(id_only, &self.question, hints);
        // The id and the rating line over the rest, before the heading
        // goes (round 11 never saw a rating change at 80×24: the heading
        // went whole once an answer and a hint were in). Once answered,
        // the question (read before) goes first.
        let rating = &self.heading[..self.heading.len().min(2)];
        let rating_kept = |question: &[Line<'static>]| body(rating, question, last_hint);
        // Fewer rows: the tab's words on where the game stands go too
        // (round 13's Notakto miss at 80×24 lost the rating line to them).
        let rating_first = [
            rating,
            &self.answer,
            &self.message,
            last_hint,
            &self.pointer,
            &self.standing,
        ]
        .concat();
        // With fewer rows still (a small terminal's few under a board) the
        // id goes too: what the last answer gave, the tab's message, what to
        // answer and the last hint come first, then what to do next.
        let compact = [
            &self.answer[..],
            &self.message,
            &self.question,
            last_hint,
            &self.pointer,
            &self.standing,
        ]
        .concat();
        // The newest words: the tab's message, then what the answer gave
        // and the last hint (with the cursor's line), the later of the two
        // first.
        let hint_part = last_hint.iter().chain(&self.pointer);
        let newest: Vec<Line<'static>> = match self.hint_newest {
            true => (self.message.iter())
                .chain(hint_part)
                .chain(&self.answer)
                .cloned()
                .collect(),
            false => (self.message.iter())
                .chain(&self.answer)
                .chain(hint_part)
                .cloned()
                .collect(),
        };
        // The fewest rows of all (N&C+'s two): the newest first, then the
        // question.
        let least: Vec<Line<'static>> = newest.iter().chain(&self.question).cloned().collect();
        // The same, the question first: where nothing else keeps it (the
        // cursor's line a hint points to may then follow behind the sign).
        let newest_lines = newest.clone();
        // A run's clock or a lesson's step, the heading's first line, stays
        // while it fits.
        let clock = |lines: &[Line<'static>]| -> Option<Vec<Line<'static>>> {
            self.heading_stays
                .then(|| id.iter().chain(lines).cloned().collect())
        };
        // Fewer rows still: the newest alone, the question (seen before
        // the hint was asked for) giving way to it whole.
        let newest = (!newest.is_empty()).then_some(newest);
        // The id over the compact lines where one row more fits (a puzzle
        // with no name on screen read as a lost place, round 6).
        let named: Vec<Line<'static>> = id.iter().chain(&compact).cloned().collect();
        let lines = [
            Some(rated),
            Some(rating_kept(&self.question)),
            self.answered.then(|| rating_kept(&[])),
            self.answered.then_some(rating_first),
            Some(without(&self.hints)),
            Some(without(last_hint)),
            Some(named),
            clock(&compact),
            clock(&least),
            // A run's clock or a lesson's step over the newest words before
            // the question (read before) comes back without it: round 12's
            // timed run lost its clock to a wrong answer at 40×16, and round
            // 9's lesson its place to a long why.
            newest.as_deref().and_then(clock),
            Some(compact),
            Some(least.clone()),
            newest,
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>();
        // What gave way of `all` to `chosen`.
        let left_out = |chosen: &[Line<'static>]| {
            let mut left = all.clone();
            for line in chosen {
                if let Some(k) = left.iter().position(|l| l == line) {
                    left.remove(k);
                }
            }
            left
        };
        // What to do next and where the game stands may give way without a
        // sign where the lines kept need every row, so that the sign would
        // cost them one (the footer names the keys; the board shows the
        // game): a lesson's heading stays at 40×16. Notes never go
        // silently (a puzzle's answer, what letters stand for), nor does
        // the heading: round 20 lost a puzzle's id and rating at 80×24
        // after a hint, with no sign and nothing for `J` to show (round 16
        // had let it go to keep the question and the newest words whole).
        let quiet = |line: &Line<'static>| self.standing.contains(line) || self.said.contains(line);
        if let Some(chosen) = lines.iter().find(|l| rows(l) <= height) {
            if rows(chosen) == height && left_out(chosen).iter().all(quiet) {
                return render_wrapped(chosen.clone(), area, buf, theme.dim());
            }
        }
        // Else the first that fits over every row but the sign's, and what
        // gave way after it, behind the sign (`J` reads on): round 15 lost
        // the heading and the rating line at 80×24 with no sign. Each as it
        // is, then without where the game stands, then without what to do
        // next too (round 15's Notakto miss at 80×24 lost the rating line
        // to what to do next).
        let except = |l: &[Line<'static>], parts: &[&Vec<Line<'static>>]| -> Vec<Line<'static>> {
            (l.iter())
                .filter(|line| !parts.iter().any(|part| part.contains(line)))
                .cloned()
                .collect()
        };
        let chosen = (lines.into_iter())
            .flat_map(|l| {
                let (said, standing) = (&self.said, &self.standing);
                [l.clone(), except(&l, &[said]), except(&l, &[said, standing])]
            })
            .find(|l| rows(l) < height);
        // An open puzzle's question is never behind the sign: where no
        // choice above keeps it, it comes first and the newest words after
        // it, cut where the rows end (round 16's Notakto hint of six rows
        // at 40×16 left the question behind `… 18 more rows`). Not in a
        // run, whose clock stays over the newest words. A lesson's step
        // stays over its question where two rows of the newest words fit
        // under them too (round 17's Notakto lesson at 80×24 left its
        // question on page 2); else the question and the newest words, the
        // step behind the sign (round 17's N&C+ lesson at 40×16 lost its
        // question to a wrong answer and a hint).
        let asks = |l: &[Line<'static>]| self.question.iter().all(|q| l.contains(q));
        let lesson = self.heading_stays && !self.run;
        let step: Vec<Line<'static>> = (id.iter().filter(|_| lesson))
            .chain(&self.question)
            .cloned()
            .collect();
        let step = match rows(&step) + 2 < height {
            true => step,
            false => self.question.clone(),
        };
        let own = self.open && (!self.heading_stays || lesson);
        let chosen = match chosen {
            Some(chosen) if asks(&chosen) || !own => chosen,
            _ if own => {
                // The newest words fill the rows the question leaves, a row
                // at a time: a hint asked for is read at once, its rest
                // behind the sign (round 18's lesson hint went whole behind
                // it, over a blank row).
                let rest = left_out(&[step.clone(), newest_lines.clone()].concat());
                let newest_rows = (newest_lines.iter()).flat_map(|l| split_rows(l, area.width));
                // A question that leaves no row for them over the sign
                // (read before, it goes after): round 19's Notakto step 4
                // at 40×16 showed its question alone, the hint behind it.
                let lines = match rows(&step) + 2 <= height {
                    true => [step, newest_rows.collect(), rest].concat(),
                    false => [newest_rows.collect(), step, rest].concat(),
                };
                return render_wrapped(lines, area, buf, theme.dim());
            }
            // Over: what the answer gave first, the rest in its order
            // behind the sign (round 18's solved lesson step read hint 2,
            // the step, then hint 1).
            chosen => chosen.unwrap_or_else(|| match self.open {
                true => least,
                false => [&self.message[..], &self.answer].concat(),
            }),
        };
        let rest = left_out(&chosen);
        render_wrapped([chosen, rest].concat(), area, buf, theme.dim());
    }
}

impl<P, A, E> Training<P, A, E> {
    /// The panel's lines every tab has: the heading, the question asked,
    /// what the last answer gave (and, once it is over, the puzzle's
    /// themes), the hints and what to do next (the tab adds its own).
    pub fn panel(&self, asked: String, theme: &Theme) -> Option<PuzzlePanel> {
        let t = self.current.as_ref()?;
        let mut panel = PuzzlePanel {
            heading: match &self.run {
                Some(run) => run_heading(&self.trainer, run, &t.attempt, theme),
                None => heading(&self.trainer, &t.attempt, self.focus, theme),
            },
            question: vec![Line::styled(asked, theme.title())],
            heading_stays: self.run.is_some(),
            hint_newest: t.hint_newest,
            answered: !t.attempt.is_open() || t.attempt.rated,
            open: t.attempt.is_open(),
            run: self.run.is_some(),
            ..PuzzlePanel::default()
        };
        // A lesson's step over: a wrong try's "try another" no longer holds.
        let stale = self.lesson.is_some() && !t.attempt.is_open();
        if let Some((words, right)) = t.said.as_ref().filter(|(_, right)| *right || !stale) {
            let style = if *right { theme.good() } else { theme.bad() };
            panel.answer.push(Line::styled(words.clone(), style));
        }
        // The ideas it turned on, once over (a lesson says its own why).
        if !t.attempt.is_open() && self.lesson.is_none() {
            panel.answer.push(Line::styled(theme_words(&t.attempt.themes), theme.dim()));
        }
        for (k, words) in t.hints.iter().enumerate() {
            panel.hints.push(Line::styled(
                format!("hint {}: {words}", k + 1),
                theme.key(),
            ));
        }
        panel.standing.push(match &self.run {
            Some(run) => run_standing_line(run, &t.attempt, theme),
            None => standing_line(&t.attempt, theme),
        });
        if let Some([heading, question, why, standing]) = self.lesson_lines(&t.attempt, theme) {
            panel.heading = heading;
            panel.question = question;
            panel.answer.extend(why);
            panel.standing = standing;
            panel.heading_stays = true;
        }
        Some(panel)
    }
}

/// The panel's first lines: the id, the puzzle's rating and the aim; the
/// streak and the player's rating; the trouble with the record, if any.
pub fn heading(
    trainer: &Trainer,
    attempt: &Attempt,
    focus: Option<PuzzleTheme>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let p = trainer.progress();
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("PUZZLE {}", attempt.id), theme.title()),
            Span::styled(
                if attempt.again {
                    // Why it came back, and what takes it off the list.
                    format!(
                        ", rated {}, missed before: back until solved {} times in a row (not rated)",
                        attempt.rating,
                        crate::training::history::CLEAN_TO_CLEAR
                    )
                } else if attempt.named {
                    format!(", rated {}", attempt.rating)
                } else {
                    // A new rating's ease said once, in the fewest words.
                    let chosen = match (p.aim, trainer.ease() > 0) {
                        (0, true) => "chosen below your rating while it is new".to_string(),
                        (aim, true) => format!("chosen {}, eased while your rating is new", aim_words(aim)),
                        (aim, false) => format!("chosen {}", aim_words(aim)),
                    };
                    // The theme practised (`f`), named where it was asked.
                    let chosen = match focus.filter(|t| attempt.themes.contains(t)) {
                        // The theme and its name wrap whole.
                        Some(t) => format!(
                            "{chosen}, {} (f: the next)",
                            together(&format!("on the theme {}", t.name.replace('-', " ")))
                        ),
                        None => chosen,
                    };
                    format!(", rated {}, {chosen}", attempt.rating)
                },
                theme.dim(),
            ),
        ]),
        Line::styled(
            format!(
                "streak {}, best {}, solved {}; your rating {}",
                p.streak,
                p.best,
                p.solved,
                rating_words(trainer, attempt),
            ),
            theme.dim(),
        ),
    ];
    if trainer.first_swing && attempt.rated {
        lines.push(Line::styled(
            "each game has its own rating; a new one moves most on its first answers, less as it settles",
            theme.dim(),
        ));
    }
    for trouble in [&trainer.trouble, &trainer.history.trouble].into_iter().flatten() {
        lines.push(Line::styled(trouble.clone(), theme.bad()));
    }
    lines
}

/// The player's rating, with the last change while its puzzle is shown,
/// and while it is provisional how far off it may be: `1383 (−117;
/// provisional ±290)`, `1500 (provisional ±350)`, `1624 (+8)`.
fn rating_words(trainer: &Trainer, attempt: &Attempt) -> String {
    let rating = trainer.progress().rating;
    let change = trainer
        .change
        .filter(|_| attempt.rated)
        .map(|c| format!("{c:+}"));
    let unsure = rating.uncertainty().map(|d| format!("provisional ±{d}"));
    let said: Vec<String> = [change, unsure].into_iter().flatten().collect();
    if said.is_empty() {
        format!("{}", rating.rating.round())
    } else {
        format!("{} ({})", rating.rating.round(), said.join("; "))
    }
}

/// A run's first lines: the run, its clock and score (or how it ended);
/// the puzzle's id and rating.
pub(super) fn run_heading(
    trainer: &Trainer,
    run: &Run,
    attempt: &Attempt,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let name = run.kind.name().to_uppercase();
    let best = trainer.best_run(run.kind);
    let new_best = run.solved > run.best_before && run.solved > 0;
    let mistakes = match (run.kind, run.mistakes) {
        (RunKind::Timed, 1) => ", 1 mistake".to_string(),
        (RunKind::Timed, m) if m > 1 => format!(", {m} mistakes"),
        _ => String::new(),
    };
    let score = format!(
        "{} solved{mistakes}{}",
        run.solved,
        if new_best {
            ", a new best!".to_string()
        } else {
            format!(", best {best}")
        }
    );
    let clock = match run.kind {
        RunKind::Timed => format!(" {} left:", run::clock(run.left(Instant::now()))),
        RunKind::Streak => String::new(),
    };
    let first = match run.ended {
        None => Line::from(vec![
            Span::styled(format!("{name}{clock}"), theme.title()),
            Span::styled(format!(" {score}"), theme.dim()),
        ]),
        Some((_, how)) => {
            let why = match how {
                RunEnd::Mistake => "a mistake ends it",
                RunEnd::GivenUp => "you gave up",
                RunEnd::TimeUp => "time is up",
                RunEnd::Stopped => "stopped",
            };
            Line::from(vec![
                Span::styled(format!("{name} OVER ({why}):"), theme.title()),
                Span::styled(format!(" {score}"), theme.good()),
            ])
        }
    };
    let mut lines = vec![
        first,
        Line::styled(
            format!("puzzle {}, rated {}", attempt.id, attempt.rating),
            theme.dim(),
        ),
    ];
    for trouble in [&trainer.trouble, &trainer.history.trouble].into_iter().flatten() {
        lines.push(Line::styled(trouble.clone(), theme.bad()));
    }
    lines
}

/// What to do next in a run, for the panel.
pub(super) fn run_standing_line(run: &Run, attempt: &Attempt, theme: &Theme) -> Line<'static> {
    match (run.is_on(), run.kind) {
        (true, RunKind::Streak) => Line::styled(
            "one mistake ends the run; no hints (p gives up and ends it)",
            theme.dim(),
        ),
        (true, RunKind::Timed) if attempt.is_open() => Line::styled(
            format!(
                "a mistake costs {} s ({} so far); n skips, p gives up (10 s too)",
                run::MISTAKE_COSTS.as_secs(),
                run.mistakes
            ),
            theme.dim(),
        ),
        (true, RunKind::Timed) => Line::styled("n for the next puzzle", theme.dim()),
        (false, _) => Line::styled(
            "n for rated puzzles, S another streak run, T a timed run",
            theme.dim(),
        ),
    }
}

/// How the try stands, for the panel: what to do next, and on a rated
/// puzzle what a hint costs before it is asked for (a newcomer could not
/// tell).
/// Whether an answer to `attempt` moves the record: a puzzle with a
/// rating, not a lesson's step, nor a missed puzzle back again (its
/// heading says `not rated`; round 15 read `a miss still is` under it).
fn counts(attempt: &Attempt) -> bool {
    attempt.rating != 0 && !attempt.practice && !attempt.again
}

pub fn standing_line(attempt: &Attempt, theme: &Theme) -> Line<'static> {
    let rated = counts(attempt);
    match attempt.standing {
        Standing::Solving if attempt.hints == 0 && rated => Line::styled(
            "t for a hint (a solve after one is not rated, a miss still is), p gives up and shows the answer",
            theme.dim(),
        ),
        Standing::Solving if attempt.hints == 0 => {
            Line::styled("t for a hint, p for the solution", theme.dim())
        }
        // The last hint is the answer: on a rated puzzle it is rated as
        // giving up, and says so before it is asked for.
        Standing::Solving if attempt.hints + 1 == HINT_STEPS && rated => Line::styled(
            format!(
                "hint {} of {HINT_STEPS}: t shows the answer, which counts as a miss",
                attempt.hints
            ),
            theme.dim(),
        ),
        Standing::Solving if attempt.hints + 1 == HINT_STEPS => Line::styled(
            format!("hint {} of {HINT_STEPS}: t shows the answer", attempt.hints),
            theme.dim(),
        ),
        Standing::Solving => Line::styled(
            format!(
                "hint {} of {HINT_STEPS}: t for the next (the last shows the answer)",
                attempt.hints
            ),
            theme.dim(),
        ),
        Standing::Solved => Line::styled(
            "✓ solved: n for the next puzzle (S a streak run, T a timed run, D your dashboard)",
            theme.good(),
        ),
        Standing::GivenUp => {
            // A miss comes back after a few others (the history's).
            Line::styled(
                "the answer is shown: n for the next puzzle (this one comes back after a few others; D your dashboard)",
                theme.dim(),
            )
        }
    }
}

impl<P, A, E> Training<P, A, E> {
    /// Over a puzzle's line once it was given up, where the panel with
    /// the rating is not drawn: what giving up cost (round 9 saw the rating
    /// move only after Esc). `None` while the puzzle is open or solved.
    pub fn given_up_words(&self, short: bool) -> Option<String> {
        let t = self.current.as_ref()?;
        if t.attempt.standing != Standing::GivenUp {
            return None;
        }
        let id = match short {
            true => String::new(),
            false => format!("{} ", t.attempt.id),
        };
        let back = match (short, self.in_lesson()) {
            (true, _) => "",
            (false, true) => "; Esc back to the step",
            (false, false) => "; Esc back to the puzzle",
        };
        Some(match (&self.run, counts(&t.attempt)) {
            _ if self.in_lesson() => format!("the answer is shown{back}"),
            // A streak run's miss or its clock ends it: no giving up then.
            (Some(run), _) if !run.is_on() => format!("{id}the run is over{back}"),
            (Some(_), _) => format!("{id}given up: it counts as a mistake in the run{back}"),
            (None, false) => format!("{id}given up (not rated){back}"),
            (None, true) => format!(
                "{id}given up: it counts as a miss; your rating {}{back}",
                rating_words(&self.trainer, &t.attempt)
            ),
        })
    }
}

/// A puzzle's themes as the panel names them: `theme: kill a board`,
/// `themes: capture, moving a big piece` (the names `--theme` takes, in
/// words).
pub fn theme_words(themes: &[PuzzleTheme]) -> String {
    let names: Vec<String> = themes.iter().map(|t| t.name.replace('-', " ")).collect();
    let plural = if names.len() == 1 { "" } else { "s" };
    format!("theme{plural}: {}", names.join(", "))
}
