//! Drawing the Treblecross tab: where things go, the strip at its zoom
//! with its ruler, every free segment labelled, and the analysis, the
//! game, the review and the perfect line in words.

use super::layout::{window_start, TreblecrossLayout};
use super::TreblecrossTab;
use crate::notation::{counted, move_verdict};
use crate::solver::grundy::GrundyTable;
use crate::solver::record::Shown;
use crate::solver::treblecross::{
    immediate_wins, three_in_a_row, FreeSegment, Player, StripAnalysis,
};
use crate::tui::audit;
use crate::tui::playing::{game_lines, Banner};
use crate::tui::record_view;
use crate::tui::theme::Theme;
use crate::tui::widgets::{put_label, render_wrapped, rows_of, width_of};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `G(3) ⊕ G(12) = 1 ⊕ 4 = 5`, shortened when there are many segments.
pub fn nim_sum_text(lengths: &[(usize, u16)], nim_sum: u16) -> String {
    const SHOWN: usize = 8;
    if lengths.is_empty() {
        return "no free segment: nim-sum 0".into();
    }
    let more = if lengths.len() > SHOWN {
        " ⊕ …"
    } else {
        ""
    };
    let names: Vec<String> = lengths
        .iter()
        .take(SHOWN)
        .map(|(l, _)| format!("G({l})"))
        .collect();
    let values: Vec<String> = lengths
        .iter()
        .take(SHOWN)
        .map(|(_, g)| g.to_string())
        .collect();
    if lengths.len() == 1 {
        // One segment: its value is the nim-sum.
        return format!("{} = {nim_sum}", names[0]);
    }
    format!(
        "{}{more} = {}{more} = {nim_sum}",
        names.join(" ⊕ "),
        values.join(" ⊕ ")
    )
}

/// The first cell where the opponent makes three in a row once `after`
/// is played on `strip`, and whether it was there to make before the move
/// (the move then leaves it, else hands it: round 19 read "hands" of a
/// three that was there already).
pub(super) fn three_for_opponent(strip: &[bool], after: &[bool]) -> Option<(usize, bool)> {
    let &win = immediate_wins(after).first()?;
    Some((win, immediate_wins(strip).contains(&win)))
}

/// What putting an `X` on `cell` does, in words: for a safe cell whether
/// it wins (with the `details`, the segments it leaves and the new sum), for an unsafe one the win it
/// hands the opponent, for a winning one that it wins.
pub fn cursor_words(
    strip: &[bool],
    cell: usize,
    analysis: &StripAnalysis,
    table: &GrundyTable,
    details: bool,
) -> String {
    let at = cell + 1;
    if strip[cell] {
        return format!("cell {at} holds an X");
    }
    let mut after = strip.to_vec();
    after[cell] = true;
    if let Some(run) = three_in_a_row(&after) {
        return format!(
            "X at {at} completes three in a row at {}–{}: it wins at once",
            run + 1,
            run + 3
        );
    }
    if let Some((win, there)) = three_for_opponent(strip, &after) {
        let gives = match there {
            true => "leaves the opponent",
            false => "hands the opponent",
        };
        return format!(
            "X at {at} {gives} three in a row at {} (it loses at once)",
            win + 1
        );
    }
    let StripAnalysis::Segments {
        segments, nim_sum, ..
    } = analysis
    else {
        return String::new();
    };
    // The segment played in splits into what is left either side of the
    // X and its two neighbours each way.
    let g = |len: usize| table.values().get(len).copied().unwrap_or_default();
    let mut lengths = Vec::with_capacity(segments.len() + 1);
    let mut new_sum = *nim_sum;
    for s in segments {
        if (s.start..s.start + s.len).contains(&cell) {
            let p = cell - s.start;
            let (left, right) = (p.saturating_sub(2), s.len.saturating_sub(p + 3));
            new_sum ^= s.grundy ^ g(left) ^ g(right);
            lengths.extend(
                [left, right]
                    .into_iter()
                    .filter(|&l| l > 0)
                    .map(|l| (l, g(l))),
            );
        } else {
            lengths.push((s.len, s.grundy));
        }
    }
    let verdict = if new_sum == 0 {
        "the opponent is LOSING: a winning move"
    } else {
        "the opponent is WINNING"
    };
    if !details {
        return format!("X at {at}: {}", move_verdict(new_sum == 0));
    }
    format!(
        "X at {at} leaves {}, so {verdict}",
        nim_sum_text(&lengths, new_sum)
    )
}

/// The cells the strip row shows, `start..end`, each `z` columns wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Window {
    pub start: usize,
    pub end: usize,
    pub z: u16,
}

/// How much the words under the strip say: all of it, or on a short
/// screen less, so that the verdict and the cursor's move stay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    Full,
    /// Without the line saying which cells are shown.
    NoWindow,
    /// Without that line and the cursor's segment (its bracket and label
    /// stay on the strip).
    Essential,
}

/// What the words under the strip are fitted to: the cells the strip
/// shows, how much is said, and the width of the words' area.
#[derive(Debug, Clone, Copy)]
struct Fit {
    window: Window,
    detail: Detail,
    width: u16,
}

impl TreblecrossTab {
    /// The cells the strip row shows.
    fn window(&self, layout: &TreblecrossLayout) -> Window {
        let z = self.cell_width(layout.strip.width);
        let visible = usize::from(layout.strip.width / z).max(1);
        let start = window_start(self.cursor, visible);
        let end = (start + visible).min(self.strip().len());
        self.drawn_cell.set(z);
        Window { start, end, z }
    }

    /// Where the move list is drawn in `area`, if one is.
    pub(super) fn list_area(&self, area: Rect) -> Option<Rect> {
        let layout = self.layout_in(area)?;
        let window = self.window(&layout);
        let fit = Fit {
            window,
            detail: Detail::Full,
            width: layout.info.width,
        };
        let lines = self.info_lines(fit, &Theme { color: false });
        record_view::split_words_and_list(layout.info, &lines, self.playing.has_moves()).1
    }

    pub(super) fn render_view(&self, layout: &TreblecrossLayout, buf: &mut Buffer, theme: &Theme) {
        let (strip, last) = self.shown();
        let window = self.window(layout);
        self.render_ruler(layout.ruler, window, buf, theme);
        self.render_strip(layout.strip, strip.cells(), last, window, buf, theme);
        if !self.analysis_hidden() {
            self.render_segments(layout.segments, window, buf, theme);
        }
        if self.render_puzzle_info(layout.info, window, buf, theme) {
            return;
        }
        let fit = Fit {
            window,
            detail: Detail::Full,
            width: layout.info.width,
        };
        let mut lines = self.info_lines(fit, theme);
        let (status, list) =
            record_view::split_words_and_list(layout.info, &lines, self.playing.has_moves());
        // A short info area (a small screen) keeps the verdict, the winning
        // cells and the cursor's move: less detail until the words fit.
        for detail in [Detail::NoWindow, Detail::Essential] {
            if rows_of(&lines, status.width) <= usize::from(status.height) {
                break;
            }
            lines = self.info_lines(Fit { detail, ..fit }, theme);
        }
        render_wrapped(lines, status, buf, theme.dim());
        if let (Some(list), Some(record)) = (list, self.record()) {
            record_view::render_record(record, &self.words(), list, buf, theme);
        }
    }

    /// The words under the strip: the analysis (and the game's state), the
    /// review of a move, or the perfect line.
    fn info_lines(&self, fit: Fit, theme: &Theme) -> Vec<Line<'static>> {
        let width = fit.width;
        let mut lines = match (self.view(), self.record()) {
            (Shown::Review { .. }, Some(record)) => {
                record_view::review_lines(record, &self.words(), width, theme)
            }
            // A puzzle given up says what it cost over its line, as
            // tic-tac-toe does (round 14 saw no word of the miss here).
            (Shown::Line { .. }, Some(record)) => record_view::line_lines_under(
                self.training.given_up_words(false),
                record,
                self.training.current.is_none(),
                width,
                theme,
            ),
            _ => return self.live_lines(fit, theme),
        };
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.key()));
        }
        lines
    }

    fn render_ruler(&self, area: Rect, window: Window, buf: &mut Buffer, theme: &Theme) {
        let Window { start, end, z } = window;
        // 1-based cell numbers above every tenth cell (every fifth when
        // cells are wide) and the first, never overlapping.
        let every = if z >= 2 { 5 } else { 10 };
        audit::region(area, "the ruler");
        let mut free = 0;
        for cell in start..end {
            let number = cell + 1;
            let label = number.to_string();
            let col = (cell - start) as u16 * z + z / 2;
            if (number % every == 0 || cell == start)
                && col >= free
                && col + label.len() as u16 <= area.width
            {
                let width = label.len() as u16;
                let label = Line::styled(label, theme.dim());
                put_label(buf, area.x + col, area.y, &label, area.width - col);
                free = col + width + 1;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn render_strip(
        &self,
        area: Rect,
        strip: &[bool],
        last: Option<(Player, usize)>,
        window: Window,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let Window { start, end, z } = window;
        audit::region(area, "the strip");
        let live = self.view() == Shown::Live;
        let winning = match &self.analysis {
            Some(analysis) if live && !self.analysis_hidden() => analysis.winning_cells(),
            _ => &[],
        };
        // The engine's Xs in its colour: moves alternate from the first
        // player's.
        let mut engine_cells = vec![false; strip.len()];
        if let Some(game) = &self.playing.game {
            let engine_first = game.record().start().to_move == Player::Engine;
            for (i, &cell) in game.record().moves().iter().enumerate() {
                engine_cells[cell] = (i % 2 == 0) == engine_first;
            }
        }
        // A puzzle's wrong answers, marked where they were tried.
        let missed = self.training.current.as_ref().map(|t| &t.more.missed);
        for (cell, &x) in strip.iter().enumerate().take(end).skip(start) {
            let (symbol, mut style) = if x && engine_cells[cell] {
                ("X", theme.mark_o())
            } else if x {
                ("X", theme.mark_x())
            } else if live && missed.is_some_and(|m| m.at(&cell).is_some()) {
                ("✗", theme.bad())
            } else if winning.binary_search(&cell).is_ok() {
                ("★", theme.win().patch(theme.best()))
            } else if !live || self.analysis_hidden() || self.safe.get(cell) == Some(&true) {
                ("·", Style::new())
            } else {
                ("⊘", theme.dim())
            };
            if last.is_some_and(|(_, c)| c == cell) {
                style = style.patch(theme.tint()).patch(theme.best());
            }
            if cell == self.cursor {
                style = style.patch(theme.cursor());
            }
            let x = area.x + (cell - start) as u16 * z;
            for dx in 0..z {
                let symbol = if dx == z / 2 { symbol } else { " " };
                buf[(x + dx, area.y)].set_symbol(symbol).set_style(style);
            }
        }
    }

    /// Brackets under each free segment, and every segment labelled: the
    /// full label where it fits on one of three lines, else a shorter one
    /// (the cursor's segment is written out in full in the panel below).
    fn render_segments(&self, area: Rect, window: Window, buf: &mut Buffer, theme: &Theme) {
        let Window { start, end, z } = window;
        audit::region(area, "the segments");
        let lines = area.height.saturating_sub(1);
        let mut free = vec![0u16; usize::from(lines)];
        for segment in self.segments() {
            let (first, last) = (segment.start, segment.start + segment.len - 1);
            if last < start || first >= end {
                continue;
            }
            let (from, to) = (first.max(start), last.min(end - 1));
            let (left, right) = ((from - start) as u16 * z, (to - start + 1) as u16 * z - 1);
            for col in left..=right {
                let symbol = match (col == left && from == first, col == right && to == last) {
                    (true, true) => "╨",
                    (true, false) => "└",
                    (false, true) => "┘",
                    _ => "─",
                };
                buf[(area.x + col, area.y)]
                    .set_symbol(symbol)
                    .set_style(theme.dim());
            }
            self.place_label(segment, left, area, &mut free, buf, theme);
        }
    }

    fn place_label(
        &self,
        segment: &FreeSegment,
        col: u16,
        area: Rect,
        free: &mut [u16],
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        // Plain: how many cells are free; the details add its value.
        let labels = if self.details {
            vec![
                format!("L={} G={}", segment.len, segment.grundy),
                format!("G={}", segment.grundy),
                segment.grundy.to_string(),
            ]
        } else {
            let len = segment.len;
            vec![
                counted(len, "free cell"),
                format!("{len} free"),
                len.to_string(),
            ]
        };
        for label in &labels {
            let width = label.chars().count() as u16;
            // At the segment's first column, or pulled left at the edge.
            let col = col.min(area.width.saturating_sub(width));
            if let Some(line) = free.iter().position(|&f| f <= col) {
                let y = area.y + 1 + line as u16;
                let room = area.width - col;
                put_label(
                    buf,
                    area.x + col,
                    y,
                    &Line::styled(label.clone(), theme.key()),
                    room,
                );
                free[line] = col + width + 1;
                return;
            }
        }
    }

    /// The analysis in words (or the game going on), the cursor's move.
    fn live_lines(&self, fit: Fit, theme: &Theme) -> Vec<Line<'static>> {
        let Fit {
            window,
            detail,
            width,
        } = fit;
        let Window { start, end, z } = window;
        let n = self.strip().len();
        // The zoom in words only once chosen (z says what it did then);
        // before, what z does first: cells 3 wide, which is wider only
        // where the strip did not fit (round 9 pressed "widens" and got
        // narrower cells).
        let zoom = match self.zoom {
            None if z < 3 => "z widens the cells".to_string(),
            None => "z: smaller cells".to_string(),
            Some(z) => format!("{z}-column cells (z)"),
        };
        let mut head = vec![
            Span::styled(format!("cells {}–{} of {n}", start + 1, end), theme.dim()),
            Span::styled(
                format!("; cursor at {}; {zoom}", self.cursor + 1),
                theme.dim(),
            ),
        ];
        // ⊘ hands the opponent three in a row ("no entry": a `×` read as
        // the `✗` of a tried cell, round 13); on a losing strip the
        // other cells lose too, only later.
        // Only the marks the window shows (round 15 read the ⊘ of an
        // empty strip's legend and looked for one).
        let winning = (self.analysis.as_ref()).map_or(&[][..], |a| a.winning_cells());
        let strip = self.strip();
        let empty = |cell: &usize| !strip[*cell] && winning.binary_search(cell).is_err();
        let drawn = || (start..end.min(n)).filter(empty);
        let unsafe_cell = drawn().any(|c| self.safe.get(c) == Some(&false));
        let safe_cell = drawn().any(|c| self.safe.get(c) != Some(&false));
        let winning_drawn = winning.iter().any(|c| (start..end).contains(c));
        let legend = [
            (winning_drawn, "★ wins"),
            (safe_cell, "· loses later"),
            (unsafe_cell, "⊘ loses at once"),
        ]
        .into_iter()
        .filter_map(|(shown, words)| shown.then_some(words))
        .collect::<Vec<_>>()
        .join(", ");
        let mut lines = Vec::new();
        if detail == Detail::Full {
            // The legend beside the window's words, or under them.
            let legend = Line::styled(legend, theme.dim());
            let beside = width_of(&Line::from(head.clone())) + 2 + width_of(&legend);
            if self.analysis_hidden() || legend.spans.is_empty() {
                lines.push(Line::from(head));
            } else if beside <= usize::from(width) {
                head.push(Span::raw("  "));
                head.extend(legend.spans);
                lines.push(Line::from(head));
            } else {
                lines.push(Line::from(head));
                lines.push(legend);
            }
        } else if detail == Detail::NoWindow && !self.analysis_hidden() && !legend.is_empty() {
            // A short screen keeps what the marks mean.
            lines.push(Line::styled(legend, theme.dim()));
        }
        // The game in one sentence, where there is room and no game or
        // detail says more (round 14 found no word of how to win here,
        // where Notakto has one).
        if detail == Detail::Full && self.playing.game.is_none() && !self.details {
            lines.push(Line::styled(RULE, theme.dim()));
        }
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.key()));
        }
        if let Some(game) = &self.playing.game {
            // Where the three are, as the strip's ruler numbers them.
            let at = three_in_a_row(&game.position().strip)
                .map(|run| format!(" at {}–{}", run + 1, run + 3))
                .unwrap_or_default();
            let banner = Banner {
                how_you_won: format!("three in a row{at}"),
                how_engine_won: format!("three in a row{at}"),
                your_move: "your move. Space or click places an X.".into(),
            };
            let hidden = self.analysis_hidden();
            lines.extend(game_lines(
                game,
                banner,
                hidden && game.is_on(),
                width,
                theme,
            ));
            if hidden {
                return lines;
            }
        }
        let Some(analysis) = &self.analysis else {
            let (known, wanted) = self.computing().unwrap_or_default();
            lines.push(Line::styled(
                format!(
                    "computing the Grundy values up to L = {}: {known} known ({}%)…",
                    wanted.saturating_sub(1),
                    known * 100 / wanted.max(1)
                ),
                theme.key(),
            ));
            return lines;
        };
        let cells = |cells: &[usize]| -> String {
            const SHOWN: usize = 24;
            let mut text: Vec<String> = cells
                .iter()
                .take(SHOWN)
                .map(|c| (c + 1).to_string())
                .collect();
            if cells.len() > SHOWN {
                text.push(format!("… ({} in all)", cells.len()));
            }
            text.join(" ")
        };
        match analysis {
            StripAnalysis::Finished { run_start } => {
                lines.push(Line::styled(
                    format!(
                        "Three X in a row at {}–{}: the game is over, the player who made it won.",
                        run_start + 1,
                        run_start + 3
                    ),
                    theme.bad(),
                ));
                return lines;
            }
            StripAnalysis::ImmediateWin { cells: win } => {
                lines.push(Line::from(vec![
                    Span::styled("WINNING", theme.good()),
                    Span::raw(" at once: the player to move completes three at "),
                    Span::styled(cells(win), theme.win().patch(theme.best())),
                ]));
            }
            StripAnalysis::Segments {
                segments,
                nim_sum,
                winning_cells,
            } => {
                let verdict = if *nim_sum != 0 {
                    Span::styled("WINNING", theme.good())
                } else {
                    Span::styled("LOSING", theme.bad())
                };
                let lengths: Vec<(usize, u16)> =
                    segments.iter().map(|s| (s.len, s.grundy)).collect();
                // The nim-sum on a line of its own where both would not
                // fit one: a narrow panel never splits `G(12) = 0`.
                let verdict_line = Line::from(vec![
                    verdict.clone(),
                    Span::raw(" for the player to move: "),
                    Span::raw(nim_sum_text(&lengths, *nim_sum)),
                ]);
                if !self.details {
                    // Plain: the verdict; the sum behind it is a detail.
                    lines.push(Line::from(vec![
                        verdict.clone(),
                        Span::raw(" for the player to move"),
                    ]));
                } else if width_of(&verdict_line) <= usize::from(width) {
                    lines.push(verdict_line);
                } else {
                    lines.push(Line::from(vec![
                        verdict.clone(),
                        Span::raw(" for the player to move:"),
                    ]));
                    lines.push(Line::raw(nim_sum_text(&lengths, *nim_sum)));
                }
                if !winning_cells.is_empty() {
                    lines.push(Line::from(vec![
                        Span::raw("winning cells: "),
                        Span::styled(cells(winning_cells), theme.win().patch(theme.best())),
                    ]));
                } else {
                    lines.push(Line::styled(
                        "every move loses against perfect play (L: a lesson on why)",
                        theme.dim(),
                    ));
                }
            }
        }
        // The cursor's cell: its segment in full, and what playing it does.
        let strip = self.strip();
        if let Some(s) = self
            .segments()
            .iter()
            .find(|s| (s.start..s.start + s.len).contains(&self.cursor))
            .filter(|_| detail != Detail::Essential && self.details)
        {
            lines.push(Line::styled(
                format!(
                    "the cursor's segment: cells {}–{}, L={} G={}",
                    s.start + 1,
                    s.start + s.len,
                    s.len,
                    s.grundy
                ),
                theme.dim(),
            ));
        }
        if self.playing.game.as_ref().is_none_or(|g| g.is_on()) {
            // Named as the cursor's (round 15 read a bare `X at 1: …` on
            // the first screen as something that had happened).
            let words = cursor_words(
                strip.cells(),
                self.cursor,
                analysis,
                &self.table,
                self.details,
            );
            lines.push(Line::styled(format!("the cursor: {words}"), theme.best()));
        }
        if detail == Detail::Full {
            lines.push(Line::styled(
                match self.details {
                    true => "i hides the details",
                    false => {
                        "i: the details (the Grundy values: each free stretch's, their sum, the table)"
                    }
                },
                theme.dim(),
            ));
        } else if detail == Detail::NoWindow && self.playing.game.is_none() && !self.details {
            // The game in one sentence at the end where rows are few
            // (round 16's 40×16 had three blank rows and no rule): what
            // does not fit is behind `J`, not the verdict.
            lines.push(Line::styled(RULE, theme.dim()));
        }
        lines
    }
}

/// The game in one sentence, for a first screen.
const RULE: &str = "Treblecross: both players put an X in turn on any empty cell; whoever first \
                    makes three X in a row wins.";
