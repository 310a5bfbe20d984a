//! Drawing the tab: the board with each empty cell's value (or a
//! puzzle's answers), the verdict panel, a game's panel and move list, the
//! perfect line, the puzzle panel.

use super::{GameWords, TicTacToeLayout, TicTacToeTab};
use crate::notation::line_words;
use crate::notation::tictactoe::{mark_letter, result_words, slashed};
use crate::solver::record::{Match, PerfectLine, Shown};
use crate::solver::tictactoe::TicTacToeRules;
use crate::solver::tictactoe::Verdict;
use crate::solver::{Cell, Outcome, Side};
use crate::tui::grid::{draw_centred, glyph, Shape};
use crate::tui::playing::{game_lines, Banner};
use crate::tui::record_view;
use crate::tui::theme::Theme;
use crate::tui::value_history::{ValueHistory, LEAST_ROWS, MOST_ROWS};
use crate::tui::widgets::{key_lines, put_label, render_wrapped, rows_of, together};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

impl TicTacToeTab {
    pub(super) fn render_grid(&self, layout: &TicTacToeLayout, buf: &mut Buffer, theme: &Theme) {
        layout.board.draw(buf, theme);
        let best: Vec<Cell> = self
            .verdicts
            .analysis
            .as_ref()
            .map(|a| a.best_cells().collect())
            .unwrap_or_default();
        let line = self.won_line();
        let (board, last) = self.shown();
        let puzzle = self
            .training
            .current
            .as_ref()
            .filter(|_| self.study.is_none());
        let editing = self.study.is_none() && puzzle.is_none();
        // The editor's line, or a puzzle's or lesson's own board's (round
        // 19 found the lesson's finished three not marked `won`, as N&C+'s
        // is); none on a study's perfect line.
        let line_cells = match (editing, puzzle) {
            (true, _) => line.map(|(_, cells)| cells),
            (false, Some(_)) => [Side::X, Side::O].into_iter().find_map(|s| board.line_of(s)),
            (false, None) => None,
        };
        for (cell, rect) in Cell::ALL.into_iter().zip(layout.cells) {
            // The winning line: its cells tinted and marked `row` (no
            // colour needed; ★ is the best cells'); on the perfect line,
            // the last move's cell.
            let on_line = line_cells.is_some_and(|cells| cells & cell.bit() != 0);
            let mut style = if on_line || last == Some(cell) {
                theme.tint()
            } else {
                Style::new()
            };
            if self.study.is_none() && cell == self.cursor {
                style = style.patch(theme.cursor());
            }
            buf.set_style(rect, style);
            let mut name = vec![Span::styled(cell.to_string(), theme.dim())];
            if on_line {
                name.push(Span::styled(" won", theme.good()));
            }
            if last == Some(cell) {
                name.push(Span::styled(" last", theme.key()));
            }
            put_label(buf, rect.x, rect.y, &Line::from(name), rect.width);
            // The mark fills the rows under the name.
            let body = Rect::new(rect.x, rect.y + 1, rect.width, rect.height - 1);
            match (board.get(cell), puzzle) {
                (Some(side), _) => {
                    let (shape, style) = match side {
                        Side::X => (Shape::Cross, theme.mark_x()),
                        Side::O => (Shape::Ring, theme.mark_o()),
                    };
                    let rows = body.height;
                    draw_centred(&glyph(shape, rows, mark_letter(side)), body, style, buf);
                }
                (None, Some(t)) => {
                    // A puzzle: the answers given, then (once it is over)
                    // every cell's value with the answers starred.
                    let value = t.value_of(cell);
                    let answer = t.puzzle.answers.contains(&cell);
                    if t.more.found.contains(&cell) {
                        put_value(buf, body, "✓", value, false, theme);
                    } else if t.shows_values() {
                        put_value(buf, body, "", value, answer, theme);
                    } else if t.more.missed.contains(&cell) {
                        put_value(buf, body, "✗", value, false, theme);
                    }
                }
                (None, None) if !editing || self.analysis_hidden() => {}
                (None, None) => {
                    let value =
                        self.verdicts.analysis.as_ref().and_then(|a| {
                            a.moves.iter().find(|(c, _)| *c == cell).map(|(_, v)| *v)
                        });
                    if value.is_some() {
                        put_value(buf, body, "", value, best.contains(&cell), theme);
                    }
                }
            }
        }
    }

    /// The perfect line in the panel: each move with the value after it.
    fn render_line(
        &self,
        line: &PerfectLine<TicTacToeRules>,
        step: usize,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        // Headed as every tab heads its line: where from, then how long and
        // which step (on a line of its own: a narrow panel never splits
        // "step 2 of 4").
        let heading = Line::styled(
            format!("PERFECT LINE from {}", slashed(&line.from)),
            theme.title(),
        );
        let steps = Line::from(record_view::line_steps(line.moves.len(), "", step));
        let keys = record_view::line_keys(
            "c continue from the board shown",
            "p or Esc back",
            self.training.current.is_none(),
        );
        let keys = key_lines(&keys, area.width, theme.dim());
        let given_up = self
            .training
            .given_up_words(false)
            .map(|words| Line::styled(words, theme.bad()));
        let given_up_short = self
            .training
            .given_up_words(true)
            .map(|words| Line::styled(words, theme.bad()));
        let lines: Vec<Line> = given_up
            .into_iter()
            .chain([
                heading,
                steps,
                Line::styled(
                    "each move, and what perfect play gives after it",
                    theme.dim(),
                ),
            ])
            .collect();
        let mut moves = Vec::new();
        let mut board = line.from;
        for (k, &(cell, value)) in line.moves.iter().enumerate() {
            let side = board.to_move();
            board = board.with(cell, Some(side));
            let mover = mark_letter(side);
            // Counted from after the move ("more"): round 13 read `✓ a3 wins
            // in 3 moves` and then `1. X a3: X wins in 2 moves` as two counts.
            let more = |d: u8| match d {
                1 => "1 more move".to_string(),
                d => format!("{d} more moves"),
            };
            let after = match value {
                Outcome::Win(1) => format!("{mover} wins"),
                Outcome::Win(d) => format!("{mover} wins in {}", more(d - 1)),
                Outcome::Loss(d) => {
                    format!("{} wins in {}", mark_letter(side.other()), more(d - 1))
                }
                Outcome::Draw => "draw".to_string(),
            };
            let style = if k + 1 == step {
                theme.cursor()
            } else {
                Style::new()
            };
            moves.push(Line::styled(
                format!("{}. {mover} {cell}: {after}", k + 1),
                style,
            ));
        }
        let message = self
            .message
            .iter()
            .map(|m| Line::styled(m.clone(), theme.bad()));
        let all: Vec<Line> = lines
            .iter()
            .cloned()
            .chain(moves.iter().cloned())
            .chain(keys.iter().cloned())
            .chain(message.clone())
            .collect();
        // A short panel: the step and the keys first, then the line from
        // the move shown on.
        let rows = rows_of(&all, area.width);
        let fits = rows <= usize::from(area.height);
        // Under the words where they leave room: the line's value history.
        let spare = area.height.saturating_sub(rows as u16 + 1).min(MOST_ROWS);
        let mut area = area;
        if let (true, Some(study)) = (spare >= LEAST_ROWS, &self.study) {
            let side = line.from.to_move();
            if let Some(history) = ValueHistory::of(study, side) {
                let chart = Rect::new(area.x, area.bottom() - spare, area.width, spare);
                let whose = if side == Side::X { "X" } else { "O" };
                history.render(whose, chart, buf, theme);
                area.height -= spare;
            }
        }
        let shown = if fits {
            all
        } else {
            let short = Line::styled(
                format!(
                    "PERFECT LINE, {}",
                    together(&format!("step {step} of {}", line.moves.len()))
                ),
                theme.title(),
            );
            let keys = key_lines(
                &["< > step", "c continue", "p back"],
                area.width,
                theme.dim(),
            );
            let from = step.saturating_sub(1);
            std::iter::once(short)
                .chain(given_up_short)
                .chain(keys)
                .chain(message)
                .chain(moves.into_iter().skip(from))
                .collect()
        };
        render_wrapped(shown, area, buf, theme.dim());
    }

    pub(super) fn render_panel(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if let Some((line, step)) = self.perfect_line() {
            return self.render_line(line, step, area, buf, theme);
        }
        if let (None, Some(game)) = (&self.training.current, self.game()) {
            return self.render_game(game, area, buf, theme);
        }
        if self.training.current.is_some() {
            let mut panel = self.puzzle_panel(theme);
            panel.message.extend(
                self.message
                    .iter()
                    .map(|m| Line::styled(m.clone(), theme.bad())),
            );
            return panel.render(area, buf, theme);
        }
        let v = &self.verdicts;
        let label = |text: &'static str| Span::styled(format!("{text:<13}"), theme.dim());
        let verdict_style = if v.verdict.is_legal() {
            theme.good()
        } else {
            theme.bad()
        };
        // The two contest problems' answers, named as what they are and
        // each saying what it means: a newcomer meets "first" or
        // "CodeChef 2" nowhere else.
        // They are the details (`i`): plain words lead.
        let mut facts = vec![
            Line::from(vec![label("Board"), Span::raw(slashed(&self.board))]),
            Line::styled("As the contest judges answer:", theme.dim()),
            Line::from(vec![
                label(" Codeforces"),
                Span::styled(v.verdict.words(), verdict_style),
                Span::styled(format!(": {}", v.verdict.meaning()), theme.dim()),
            ]),
            Line::from(vec![
                label(" CodeChef"),
                Span::styled(v.verdict.status_code().to_string(), verdict_style),
                Span::styled(format!(": {}", v.verdict.status_meaning()), theme.dim()),
            ]),
        ];
        if !self.details {
            facts.clear();
        }
        // The verdict: why illegal, the line, whose move and what perfect
        // play gives.
        let mut lines = Vec::new();
        match v.verdict {
            Verdict::Illegal => lines.push(Line::from(vec![
                label("Not legal"),
                Span::styled("no game reaches this board", theme.bad()),
            ])),
            Verdict::Draw => lines.push(Line::from(vec![
                label("Game over"),
                Span::styled(
                    "a draw: the board is full (c clears it for a new game)",
                    theme.key(),
                ),
            ])),
            _ => {}
        }
        if let Some(why) = v.why {
            lines.push(Line::from(vec![
                label("Why"),
                Span::styled(why.to_string(), theme.bad()),
            ]));
        }
        if let Some((side, cells)) = self.won_line() {
            lines.push(Line::from(vec![
                label("Game over"),
                Span::styled(
                    format!(
                        "{} won (c clears the board for a new game)",
                        mark_letter(side)
                    ),
                    theme.good(),
                ),
            ]));
            lines.push(Line::from(vec![
                label("Line"),
                Span::styled(
                    format!(
                        "{} has the line {} (marked won)",
                        mark_letter(side),
                        line_words(cells)
                    ),
                    theme.good(),
                ),
            ]));
        }
        if let Some(a) = &v.analysis {
            lines.push(Line::from(vec![
                label("To move"),
                Span::raw(mark_letter(a.mover).to_string()),
            ]));
            lines.push(Line::from(vec![
                label("Perfect play"),
                Span::styled(
                    result_words(a.mover, a.value),
                    outcome_style(a.value, theme).patch(theme.best()),
                ),
                Span::styled(
                    format!("  ({} for {})", a.value, mark_letter(a.mover)),
                    theme.dim(),
                ),
            ]));
            let best: Vec<String> = a.best_cells().map(|c| c.to_string()).collect();
            // Every cell best (an empty board) is said in two words: the
            // nine would not fit a narrow panel.
            let best = match best.len() == a.moves.len() && best.len() > 1 {
                true => "every cell".to_string(),
                false => best.join(" "),
            };
            lines.push(Line::from(vec![
                label("Best moves"),
                Span::styled(format!("★ {best}"), theme.best()),
            ]));
        }
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        let mut notes = Vec::new();
        if let Some(a) = &v.analysis {
            notes.push(Line::from(""));
            notes.push(Line::styled(
                format!(
                    "Each empty cell: {}'s result after playing there, in moves (each player's turn \
                     counts); ★ marks the best moves.",
                    mark_letter(a.mover)
                ),
                theme.dim(),
            ));
        }
        // How to play on, while a game can go on (game over says `c`),
        // after how to win (round 16 found it only under `r`, where the
        // other tabs say it on their first screen).
        if v.analysis.is_some() {
            notes.push(Line::styled(
                format!(
                    "Three in a row (across, down or diagonally) wins. Click a cell (or Space) to play {} there; X and O take turns. A click on a mark takes it back. g plays the engine from this board.",
                    mark_letter(self.board.to_move())
                ),
                theme.dim(),
            ));
        }
        notes.push(Line::styled(
            if self.details {
                "i hides the details"
            } else {
                "i: the details (board as text, coding-contest answers)"
            },
            theme.dim(),
        ));
        // The board's forms first where everything fits; on a short panel
        // the verdict and what to do come first.
        let all: Vec<Line> = facts.iter().chain(&lines).chain(&notes).cloned().collect();
        let fits = rows_of(&all, area.width) <= usize::from(area.height);
        let ordered = if fits {
            all
        } else {
            lines.into_iter().chain(facts).chain(notes).collect()
        };
        render_wrapped(ordered, area, buf, theme.dim());
    }
}

impl TicTacToeTab {
    /// A game's panel: how it stands (or the review of a move, or the
    /// perfect line), then the move list with its value history.
    fn render_game(
        &self,
        game: &Match<TicTacToeRules>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let lines = self.game_words(game, area.width, theme);
        let (status, list) = record_view::split_words_and_list(area, &lines, record_view::has_moves(game.record()));
        render_wrapped(lines, status, buf, theme.dim());
        if let Some(list) = list {
            record_view::render_record(game.record(), &GameWords::of(game), list, buf, theme);
        }
    }

    /// The words over a game's move list.
    fn game_words(
        &self,
        game: &Match<TicTacToeRules>,
        width: u16,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let record = game.record();
        let mut lines = match record.shown() {
            Shown::Review { .. } => {
                record_view::review_lines(record, &GameWords::of(game), width, theme)
            }
            Shown::Line { .. } => {
                let continues = self.training.current.is_none();
                record_view::line_lines(record, continues, width, theme)
            }
            Shown::Live => {
                let you = mark_letter(game.human());
                // Where the three are, as N&C+ says it.
                let three = |side| match game.position().line_of(side) {
                    Some(line) => format!("three in a row, {}", line_words(line)),
                    None => "three in a row".into(),
                };
                let banner = Banner {
                    how_you_won: three(game.human()),
                    how_engine_won: three(game.human().other()),
                    your_move: format!("your move, you play {you}: click a cell (or Space)"),
                };
                let hidden = self.analysis_hidden();
                let mut lines = game_lines(game, banner, hidden, width, theme);
                if let (false, Some(a)) = (hidden, &self.verdicts.analysis) {
                    lines.push(Line::from(vec![
                        Span::styled("perfect play from here: ", theme.dim()),
                        Span::styled(
                            result_words(a.mover, a.value),
                            outcome_style(a.value, theme),
                        ),
                        Span::styled("; ★ marks the best cells", theme.dim()),
                    ]));
                }
                lines
            }
        };
        // The newest words first, as the other tabs put them: at 40×16
        // `the engine played a1` went under `… 3 more rows` (round 13).
        if let Some(message) = &self.message {
            lines.insert(0, Line::styled(message.clone(), theme.key()));
        }
        lines
    }

    /// Where the game's move list is in the panel `area`, if one is drawn
    /// (the same split as drawing, for clicks).
    pub(super) fn game_list_area(&self, area: Rect) -> Option<Rect> {
        let game = self.game()?;
        let lines = self.game_words(game, area.width, &Theme { color: false });
        record_view::split_words_and_list(area, &lines, record_view::has_moves(game.record())).1
    }
}

/// A cell's value in the middle of its body: "★win in 5", or "★W5" in a
/// narrow cell, after `mark` (a puzzle's ✓ or ✗).
fn put_value(
    buf: &mut Buffer,
    body: Rect,
    mark: &str,
    value: Option<Outcome>,
    is_best: bool,
    theme: &Theme,
) {
    let star = if is_best { "★" } else { "" };
    let (long, short) = match value {
        Some(value) if mark.is_empty() => (
            format!("{star}{value}"),
            match value {
                Outcome::Win(d) => format!("{star}W{d}"),
                Outcome::Loss(d) => format!("{star}L{d}"),
                Outcome::Draw => format!("{star}D"),
            },
        ),
        Some(value) => (
            format!("{mark} {star}{value}"),
            match value {
                Outcome::Win(d) => format!("{mark}{star}W{d}"),
                Outcome::Loss(d) => format!("{mark}{star}L{d}"),
                Outcome::Draw => format!("{mark}{star}D"),
            },
        ),
        None => (mark.to_string(), mark.to_string()),
    };
    let style = match value {
        Some(value) if is_best => outcome_style(value, theme).patch(theme.best()),
        Some(value) => outcome_style(value, theme),
        None => theme.good(),
    };
    let text = if long.chars().count() > usize::from(body.width) {
        short
    } else {
        long
    };
    let width = text.chars().count() as u16;
    let x = body.x + body.width.saturating_sub(width) / 2;
    let y = body.y + body.height.saturating_sub(1) / 2;
    let room = body.right() - x;
    put_label(buf, x, y, &Line::styled(text, style), room);
}

fn outcome_style(value: Outcome, theme: &Theme) -> Style {
    match value {
        Outcome::Win(_) => theme.win(),
        Outcome::Draw => theme.draw(),
        Outcome::Loss(_) => theme.loss(),
    }
}
