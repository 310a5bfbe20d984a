//! Drawing the Notakto tab: the boards at the look that fits them all
//! (dead ones drawn dashed and dim, each empty cell of a live board ★ for
//! a winning move and ⊘ for a losing one, as the Treblecross strip marks
//! a cell that hands the opponent the win), each board's element under it,
//! and the words: the product written out and so who wins, what the cell
//! under the cursor would do, the game, the review and the perfect line.

use super::layout::{Look, NotaktoLayout, Place};
use super::{NotaktoTab, Spot};
use crate::notation::notakto::{
    KIND_LETTERS,
    count_plain, count_short, element, kind_words, makes_words, move_named, product_words,
    MoveText,
};
use crate::solver::notakto::count::Count;
use crate::solver::board::line_in;
use crate::solver::notakto::game::Player;
use crate::solver::notakto::{analyze, play, quotient, Analysis, Board, Move};
use crate::solver::record::Shown;
use crate::solver::Cell;
use crate::tui::ascii;
use crate::tui::audit;
use crate::tui::grid::{draw_centred, glyph, Grid, Shape};
use crate::tui::playing::{game_lines, Banner};
use crate::tui::record_view;
use crate::tui::theme::Theme;
use crate::tui::widgets::{put_label, render_wrapped, rows_of, width_of};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// What putting an `X` on `spot` does, in words: what the board becomes
/// and the count left (with the details, its element and the product),
/// and so whether the opponent is left losing (a winning move).
pub fn cursor_words(boards: &[Board], spot: Spot, ascii: bool, details: bool) -> String {
    let mv = Move {
        board: spot.board,
        cell: spot.cell,
    };
    let k = spot.board + 1;
    let board = boards[spot.board];
    if board.is_dead() {
        return format!("board {k} is dead (three in a line): no move there");
    }
    // Plain words name the board and the cell; the details, `1:b2`.
    let at = move_named(mv, details);
    if board.has_x(spot.cell) {
        return format!("{at} holds an X");
    }
    let after = play(boards, mv);
    let analysis = analyze(&after);
    if analysis.is_over() {
        return format!("X at {at} completes a line on the last live board: it loses at once");
    }
    if !details {
        // Plain: whether it wins, and why by the count it leaves; the
        // algebra behind it is a detail.
        // Said from the opponent's side, who moves next (round 18 read
        // `not a losing count, a losing move` as a contradiction).
        let left = Count::of_all(&after);
        // The count's rule and the quotient agree on every position
        // (count.rs tests it), so the quotient's verdict speaks for both.
        let (count, verdict) = match analysis.p_position {
            true => ("which lose for the opponent", "a winning move"),
            false => ("which win for the opponent", "a losing move"),
        };
        return format!(
            "X at {at} {} and leaves {}, {count}: {verdict}",
            makes_words(boards, mv, "it"),
            count_short(left)
        );
    }
    let q = quotient();
    let becomes = if after[spot.board].is_dead() {
        format!("kills board {k} (its element becomes 1)")
    } else {
        let x = q.element_of(after[spot.board]);
        format!("board {k} becomes {}", element(q, x, ascii))
    };
    let product = element(q, analysis.product, ascii);
    let verdict = if analysis.p_position {
        "in the P-portion: the opponent is LOSING, a winning move"
    } else {
        "not in the P-portion: the opponent is WINNING"
    };
    format!(
        "X at {}: {becomes}, the product {product} is {verdict}",
        MoveText(mv)
    )
}

/// What a board's label says beside its number.
#[derive(Clone, Copy)]
enum Label {
    Number,
    /// Its element of the quotient (the details).
    Element,
    /// What it counts for, in plain words, from the form of
    /// [`kind_words`] that every board's label fits.
    Kind(usize),
}

/// The form of [`kind_words`] in letters (`1 HF`).
const LETTERS: usize = 4;

/// Every move's verdict by board and cell: `Some(true)` a winning move.
fn verdicts(analysis: &Analysis, count: usize) -> Vec<[Option<bool>; 9]> {
    let mut by_board = vec![[None; 9]; count];
    for &(mv, wins) in &analysis.moves {
        by_board[mv.board][mv.cell.index()] = Some(wins);
    }
    by_board
}

impl NotaktoTab {
    pub(super) fn render_boards(&self, layout: &NotaktoLayout, buf: &mut Buffer, theme: &Theme) {
        let (boards, last) = self.shown();
        let live = self.view() == Shown::Live;
        let show = live && !self.analysis_hidden();
        let marks = verdicts(&self.analysis, boards.len());
        let engine_x = self.engine_cells(boards.len());
        // One form of the words for every board (round 7 read `board 1:
        // pairs with 2` beside `1: with 2` as two things): the longest
        // that fits under each.
        let form = (0..=LETTERS)
            .find(|&i| {
                (layout.boards.iter().zip(&boards).enumerate()).all(|(k, (place, &board))| {
                    let words = kind_words(k + 1, board);
                    let fits = |w: &String| width_of(&Line::raw(w.as_str())) <= usize::from(place.label.width);
                    words.get(i).is_none_or(fits)
                })
            })
            .unwrap_or(LETTERS);
        self.letters_drawn.set(false);
        for (k, (place, &board)) in layout.boards.iter().zip(&boards).enumerate() {
            let dead = board.is_dead();
            draw_frame(layout.look, place, dead, buf, theme);
            // The line that killed a dead board.
            let line = line_in(board.cells()).unwrap_or(0);
            for (cell, rect) in Cell::ALL.into_iter().zip(place.cells) {
                let mut style = Style::new();
                let is_last = last.is_some_and(|(_, m)| m.board == k && m.cell == cell);
                if is_last {
                    style = theme.tint();
                }
                if live && self.cursor == (Spot { board: k, cell }) {
                    style = style.patch(theme.cursor());
                }
                buf.set_style(rect, style);
                let on_line = line & cell.bit() != 0;
                let body = if let Look::Grid(h @ 2..) = layout.look {
                    // The cell's name on its first row, as on the
                    // tic-tac-toe board; the line that killed the board
                    // says so in a word (no colour needed).
                    let mut name = vec![Span::styled(cell.to_string(), theme.dim())];
                    if on_line {
                        name.push(Span::styled(" line", theme.bad()));
                    }
                    // The last move in a word where it fits, as the other
                    // boards say it (round 19 without colour found no sign
                    // of the engine's reply).
                    let room = usize::from(rect.width) >= width_of(&Line::from(name.clone())) + 5;
                    if room && is_last {
                        name.push(Span::styled(" last", theme.key()));
                    }
                    put_label(buf, rect.x, rect.y, &Line::from(name), rect.width);
                    Rect::new(rect.x, rect.y + 1, rect.width, h - 1)
                } else {
                    rect
                };
                let missed = self
                    .training
                    .current
                    .as_ref()
                    .is_some_and(|t| t.more.at(&Move { board: k, cell }).is_some());
                if live && missed && !board.has_x(cell) {
                    // A puzzle's wrong answer, where it was tried.
                    let sign = if body.width >= 7 { "✗ loses" } else { "✗" };
                    draw_centred(&[sign.to_string()], body, theme.bad(), buf);
                } else if board.has_x(cell) {
                    let mark = if on_line && theme.color {
                        theme.bad()
                    } else if on_line {
                        // Without colour the X are underlined too (a small
                        // cell has no room for the word).
                        theme.bad().add_modifier(Modifier::UNDERLINED)
                    } else if engine_x[k] & cell.bit() != 0 {
                        theme.mark_o()
                    } else {
                        theme.mark_x()
                    };
                    let rows = if body.width >= 5 { body.height } else { 1 };
                    draw_centred(&glyph(Shape::Cross, rows, 'X'), body, mark, buf);
                } else if !matches!(layout.look, Look::Grid(_)) && (!show || dead) {
                    // No lines between these cells: a dot says where
                    // each empty one is.
                    draw_centred(&["·".to_string()], body, theme.dim(), buf);
                } else if show && !dead {
                    // A wide cell says it in a word too (a lone mark reads
                    // more plainly with a word).
                    let (sign, style) = match marks[k][cell.index()] {
                        // What the move does for whoever plays it (a
                        // `loss` read as the opponent's, after a puzzle).
                        Some(true) if body.width >= 7 => {
                            ("★ wins".to_string(), theme.win().patch(theme.best()))
                        }
                        Some(true) => ("★".to_string(), theme.win().patch(theme.best())),
                        _ if body.width >= 7 => (format!("{LOSS_MARK} loses"), theme.dim()),
                        _ => (LOSS_MARK.to_string(), theme.dim()),
                    };
                    draw_centred(&[sign], body, style, buf);
                }
            }
            // What each board counts for is said in puzzles too: it is
            // the position's reading, not which move wins.
            let tagged = live && (show || self.training.is_open()) && self.counts_taught();
            let label = match () {
                () if self.details && (show || !live) => Label::Element,
                () if tagged => {
                    // Letters drawn (not `1 dead`, `1 0`): the legend says them.
                    if form == LETTERS {
                        let words = kind_words(k + 1, board);
                        let letters = words[LETTERS].chars().any(|c| c.is_ascii_uppercase());
                        self.letters_drawn.set(self.letters_drawn.get() || letters);
                    }
                    Label::Kind(form)
                }
                () => Label::Number,
            };
            self.render_label(place, k, board, label, buf, theme);
        }
    }

    /// The engine's X on the boards shown, board by board: the game's moves
    /// up to the position shown, then the perfect line's up to its step,
    /// the movers alternating from the game's first.
    fn engine_cells(&self, count: usize) -> Vec<u16> {
        let mut cells = vec![0u16; count];
        let (Some(game), Some(first)) = (&self.playing.game, self.first_player()) else {
            return cells;
        };
        let record = game.record();
        let (ply, line): (usize, &[(Move, _)]) = match record.shown() {
            Shown::Live => (record.moves().len(), &[]),
            Shown::Review { ply } => (ply, &[]),
            Shown::Line { ply, step, .. } => (
                ply,
                record
                    .line()
                    .map_or(&[][..], |l| &l.moves[..step.min(l.moves.len())]),
            ),
        };
        let moves = record.moves()[..ply]
            .iter()
            .copied()
            .chain(line.iter().map(|&(mv, _)| mv));
        for (i, mv) in moves.enumerate() {
            if (i % 2 == 0) == (first == Player::Engine) {
                cells[mv.board] |= mv.cell.bit();
            }
        }
        cells
    }

    /// Under a board: its number and, where the analysis shows, what it
    /// counts for beside the others (its element with the details on); a
    /// dead board's says so.
    fn render_label(
        &self,
        place: &Place,
        k: usize,
        board: Board,
        shown: Label,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let q = quotient();
        let n = k + 1;
        let candidates = match shown {
            Label::Number if !board.is_dead() => vec![format!("board {n}"), n.to_string()],
            Label::Element if !board.is_dead() => {
                let named = element(q, q.element_of(board), ascii::on());
                vec![
                    format!("board {n}: {named}"),
                    format!("{n}: {named}"),
                    format!("{n} {named}"),
                    named,
                ]
            }
            Label::Kind(form) => kind_words(n, board).split_off(form),
            _ => kind_words(n, board),
        };
        let style = if board.is_dead() {
            theme.bad()
        } else {
            theme.key()
        };
        let room = place.label.width;
        if let Some(line) = candidates
            .into_iter()
            .map(|text| Line::styled(text, style))
            .find(|line| width_of(line) <= usize::from(room))
        {
            let x = place.label.x + (room - width_of(&line) as u16) / 2;
            put_label(buf, x, place.label.y, &line, place.label.right() - x);
        }
    }

    /// The words: the puzzle, the analysis and the game, a review or the
    /// perfect line, with the move list under them.
    pub(super) fn render_info(&self, layout: &NotaktoLayout, buf: &mut Buffer, theme: &Theme) {
        let info = layout.info;
        if self.view() == Shown::Live {
            if let Some(panel) = self.puzzle_panel(theme) {
                return panel.render(info, buf, theme);
            }
        }
        let lines = self.info_lines(info.width, self.words_rows(info), theme);
        let (status, list) =
            record_view::split_words_and_list(info, &lines, self.playing.has_moves());
        render_wrapped(lines, status, buf, theme.dim());
        if let (Some(list), Some(record)) = (list, self.record()) {
            record_view::render_record(record, &self.words(), list, buf, theme);
        }
    }

    /// Rows the words may fill in `info`: all but the move list's least
    /// (its heading and a row) once there are moves, so that the list of
    /// winning moves gives way before the cursor's line does.
    fn words_rows(&self, info: Rect) -> u16 {
        match self.playing.has_moves() {
            true => info.height.saturating_sub(2),
            false => info.height,
        }
    }

    /// Where the move list is drawn in `area`, if one is.
    pub(super) fn list_area(&self, area: Rect) -> Option<Rect> {
        let layout = self.layout(area)?;
        let info = layout.info;
        let lines = self.info_lines(info.width, self.words_rows(info), &Theme { color: false });
        record_view::split_words_and_list(layout.info, &lines, self.playing.has_moves()).1
    }

    fn info_lines(&self, width: u16, rows: u16, theme: &Theme) -> Vec<Line<'static>> {
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
            _ => return self.live_lines(width, rows, theme),
        };
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.key()));
        }
        lines
    }

    /// The analysis in words (or the game going on), the cursor's move.
    fn live_lines(&self, width: u16, rows: u16, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.key()));
        }
        if let Some(game) = &self.playing.game {
            let banner = Banner {
                how_you_won: "the engine completed a line on the last live board".into(),
                how_engine_won: "you completed a line on the last live board".into(),
                your_move: format!(
                    "your move, the cursor on {}. Space or click places an X; whoever kills \
                     the last board loses.",
                    move_named(self.cursor.as_move(), self.details)
                ),
            };
            let hidden = self.analysis_hidden();
            lines.extend(game_lines(game, banner, hidden, width, theme));
            if hidden {
                return lines;
            }
        }
        let analysis = &self.analysis;
        if analysis.is_over() && self.playing.game.is_some() {
            // The banner said who won.
            return lines;
        }
        if analysis.is_over() {
            lines.push(Line::styled(
                "Every board is dead: the player to move has won (whoever killed the last board lost).",
                theme.bad(),
            ));
            return lines;
        }
        let verdict = if analysis.is_winning() {
            Span::styled("WINNING", theme.good())
        } else {
            Span::styled("LOSING", theme.bad())
        };
        let winning = analysis.winning_moves();
        let legal: usize = (self.boards().iter())
            .filter(|b| !b.is_dead())
            .map(|b| 9 - b.x_count() as usize)
            .sum();
        // Who wins and what to do first, in plain words; then why (the
        // count, or with the details the quotient's product).
        let (what, listed) = match () {
            () if winning.is_empty() => ("every move loses against perfect play".to_string(), false),
            () if winning.len() == legal && legal > 1 => {
                ("every move wins (with perfect play after it)".to_string(), false)
            }
            () if winning.len() == 1 => ("one move wins, starred ★".to_string(), true),
            () => (format!("{} moves win, starred ★", winning.len()), true),
        };
        let why = match self.details {
            true => product_words(quotient(), analysis, ascii::on()),
            // Plain: only the parts the boards have, each said as a shape
            // to look for where there is room (round 13 met flips, halves
            // and opens here before anything had said what they are); the
            // part of the rule that decides it is a detail, and `r`'s.
            false => count_plain(self.boards(), width >= 60 && self.playing.game.is_none()),
        };
        if self.playing.game.is_some() {
            // A game's words have few rows (the move list is under them):
            // the verdict with its why, as the player asked for it (`a`),
            // then what to play.
            lines.push(Line::from(vec![
                verdict,
                Span::raw(" for the player to move: "),
                Span::raw(why),
            ]));
            if !listed {
                lines.push(Line::styled(what, theme.dim()));
            }
        } else {
            lines.push(Line::from(vec![
                verdict,
                Span::raw(" for the player to move: "),
                Span::styled(what, theme.dim()),
            ]));
            lines.push(Line::from(vec![
                Span::styled("why: ", theme.dim()),
                Span::raw(why),
            ]));
        }
        // Under the moves: the letters of narrow labels (round 15 read `1 H`
        // and `2 FOS` with no key; round 17 found the key behind `J` at
        // 40×16, under the cursor's line), the cursor's move and the legend.
        let mut tail = Vec::new();
        let letters = !self.details && self.letters_drawn.get();
        if letters {
            // On one row where it can: the key alone on a narrow panel.
            let key = format!("under the boards: {KIND_LETTERS}");
            let key = match key.chars().count() <= usize::from(width) {
                true => key,
                false => KIND_LETTERS.to_string(),
            };
            tail.push(Line::styled(key, theme.dim()));
        }
        if self.playing.game.as_ref().is_none_or(|g| g.is_on()) {
            // Named as the cursor's, as in Treblecross and the puzzles.
            let words = cursor_words(self.boards(), self.cursor, ascii::on(), self.details);
            tail.push(Line::styled(format!("the cursor: {words}"), theme.best()));
        }
        tail.push(Line::styled(
            format!(
                "★ wins, {} loses; under each board {}",
                LOSS_MARK,
                match self.details {
                    true => "its element",
                    // The count's words are the lesson's (round 13 met
                    // them here first, with nothing to say where they are
                    // taught).
                    false => "what it counts for (L: a lesson)",
                }
            ),
            theme.dim(),
        ));
        tail.push(Line::styled(
            match self.details {
                true => "i hides the details",
                false => "i: the details (the numbers behind the verdict)",
            },
            theme.dim(),
        ));
        if listed {
            // As many as the rows left hold (at least one row's worth);
            // the boards star every one.
            let used = rows_of(&lines, width) + rows_of(&tail, width);
            let left = usize::from(rows).saturating_sub(used);
            let plain = !self.details;
            lines.push(winning_line(&winning, plain, width, left.max(1), theme));
        }
        lines.extend(tail);
        // The game in one sentence over the rest where the rows hold it
        // (round 10 found the rules only in the lesson and the game).
        if self.playing.game.is_none() && !self.details {
            let rules = Line::styled(
                "Notakto: both players put an X in turn; three in a row kills a board; whoever \
                 kills the last live board loses.",
                theme.dim(),
            );
            // Else last, behind `J` (round 19 found it on no page at 40×16,
            // where Treblecross's is).
            let at = match rows_of(&lines, width) + rows_of(std::slice::from_ref(&rules), width)
                <= usize::from(rows)
            {
                true => usize::from(self.message.is_some()),
                false => lines.len(),
            };
            lines.insert(at, rules);
        }
        lines
    }
}

/// The mark of a losing empty cell, "no entry": `×` beside a played X
/// read as one (round 9), a dash as an empty cell (round 12), and
/// Treblecross's unsafe cells are marked so too.
const LOSS_MARK: &str = "⊘";

/// A board's lines: the grid, a box, or none; a dead board's dashed and
/// dim.
fn draw_frame(look: Look, place: &Place, dead: bool, buf: &mut Buffer, theme: &Theme) {
    let area = place.area.intersection(buf.area);
    if !matches!(look, Look::Grid(_)) {
        // The grid notes its own.
        audit::region(place.area, "the board");
    }
    match look {
        Look::Grid(h) => Grid::at(place.area.x, place.area.y, h).draw(buf, theme),
        Look::Boxed => {
            for y in area.top()..area.bottom() {
                for x in area.left()..area.right() {
                    let (top, bottom) = (y == place.area.y, y == place.area.bottom() - 1);
                    let (left, right) = (x == place.area.x, x == place.area.right() - 1);
                    let symbol = match (top, bottom, left, right) {
                        (true, _, true, _) => "┌",
                        (true, _, _, true) => "┐",
                        (_, true, true, _) => "└",
                        (_, true, _, true) => "┘",
                        (true, _, _, _) | (_, true, _, _) => "─",
                        (_, _, true, _) | (_, _, _, true) => "│",
                        _ => continue,
                    };
                    buf[(x, y)].set_symbol(symbol).set_style(theme.border());
                }
            }
        }
        Look::Bare => {}
    }
    if dead {
        for y in area.top()..area.bottom() {
            for x in area.left()..area.right() {
                let cell = &mut buf[(x, y)];
                let dashed = match cell.symbol() {
                    "─" => "╌",
                    "│" => "╎",
                    _ => continue,
                };
                cell.set_symbol(dashed).set_style(theme.dim());
            }
        }
    }
}

/// `winning moves: …` in at most `rows` rows of `width` (but never fewer
/// than four moves), the count after the last one shown when some are left
/// out. In plain words the moves are grouped by board (`board 1: a2 c3;
/// board 3: b1`), with the details as the move list writes them (`1:a2`).
fn winning_line(
    winning: &[Move],
    plain: bool,
    width: u16,
    rows: usize,
    theme: &Theme,
) -> Line<'static> {
    let line = |shown: usize| {
        let mut moves: Vec<String> = match plain {
            false => winning[..shown]
                .iter()
                .map(|&m| MoveText(m).to_string())
                .collect(),
            true => {
                let mut groups: Vec<(usize, Vec<String>)> = Vec::new();
                for m in &winning[..shown] {
                    match groups.last_mut() {
                        Some((board, cells)) if *board == m.board => cells.push(m.cell.to_string()),
                        _ => groups.push((m.board, vec![m.cell.to_string()])),
                    }
                }
                let groups: Vec<String> = groups
                    .into_iter()
                    .map(|(board, cells)| format!("board {}: {}", board + 1, cells.join(" ")))
                    .collect();
                vec![groups.join("; ")]
            }
        };
        if shown < winning.len() {
            moves.push(format!("… ({} in all)", winning.len()));
        }
        Line::from(vec![
            Span::raw("winning moves: "),
            Span::styled(moves.join(" "), theme.win().patch(theme.best())),
        ])
    };
    let fits = |shown: usize| rows_of(&[line(shown)], width) <= rows;
    // The most that fit, found by halves: the panel is drawn every frame.
    let (mut low, mut high) = (4.min(winning.len()), winning.len());
    if fits(high) {
        return line(high);
    }
    while low + 1 < high {
        let mid = (low + high) / 2;
        if fits(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    line(low)
}
