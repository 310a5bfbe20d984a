//! Drawing the MNC tab: the board with its marks and hints, both hands,
//! and the panel (the match's state in words, then the move list).

use super::hints::{hint_legend, HintForms};
use super::layout::MncLayout;
use super::{MncTab, Selection};
use crate::notation::{in_moves, line_words};
use crate::notation::mnc::strength_word;
use crate::notation::mnc::{move_notation, side_letter, size_word, value_words};
use crate::solver::mnc::{MncRules, Move, Piece, Position, Size, SMALL_PIECES};
use crate::solver::record::Shown;
use crate::solver::{Cell, Outcome, Side};
use crate::tui::ascii::{ellipsis, LIFTED, TARGET};
use crate::tui::grid::{draw_centred, glyph, Shape};
use crate::tui::record_view::{self, Words};
use crate::tui::tab::Tab;
use crate::tui::theme::Theme;
use crate::tui::widgets::{key_lines, put_label, put_str, render_wrapped, rows_of, together};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// How MNC moves and values are written in the move list and the review.
pub(super) struct MncWords {
    pub human: Side,
}

impl Words<MncRules> for MncWords {
    fn move_text(&self, before: &Position, mv: Move) -> String {
        move_notation(before, mv)
    }

    fn who(&self, side: Side) -> &'static str {
        if side == self.human {
            "you"
        } else {
            "the engine"
        }
    }

    fn value_text(&self, position: &Position, value: Outcome) -> String {
        match value {
            // The game is over there: the other side made its line.
            Outcome::Loss(0) => format!("{} won", side_letter(position.to_move().other())),
            _ => value_words(position.to_move(), value),
        }
    }

    fn list_heading(&self) -> &'static str {
        "moves (click one to review)"
    }
    fn history_side(&self, _: &crate::solver::record::Record<MncRules>) -> (Side, &'static str) {
        (self.human, "you")
    }
}

impl MncTab {
    pub(super) fn render_board(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        layout.board.draw(buf, theme);
        let live = self.view() == Shown::Live;
        let (position, last) = self.shown();
        let targets = match self.selection {
            Some(selection) if live => self.targets_of(selection),
            _ => Vec::new(),
        };
        let hints = if live {
            self.hints_by_cell(theme)
        } else {
            vec![None; 9]
        };
        let hint_style = self.hint_style(&hints, &layout.cells);
        // A finished line of three: each of its cells marked `won` (as the
        // tic-tac-toe tab marks its winning line; ★ is the best move's).
        let line = [Side::X, Side::O]
            .into_iter()
            .find_map(|side| position.line_of(side))
            .unwrap_or(0);
        for (i, (cell, rect)) in Cell::ALL.into_iter().zip(layout.cells).enumerate() {
            let mut name = vec![Span::styled(cell.to_string(), theme.dim())];
            if line & 1 << cell.index() != 0 {
                name.push(Span::styled(" won", theme.best()));
            }
            // The last move: its cell tinted and marked (and the cell a
            // moved big piece left).
            let mut style = Style::new();
            if last.is_some_and(|mv| mv.target() == cell) {
                name.push(Span::styled(" last", theme.key()));
                style = theme.tint();
            } else if matches!(last, Some(Move::Shift { from, .. }) if from == cell) {
                name.push(Span::styled(" from", theme.dim()));
                style = theme.tint_faint();
            }
            // A legal target: its sign and a bold green name (no colour
            // needed).
            if targets.contains(&cell) {
                name[0] = Span::styled(cell.to_string(), theme.good());
                name.push(Span::styled(format!(" {TARGET}"), theme.good()));
            }
            if live && self.selection == Some(Selection::Board(cell)) {
                name.push(Span::styled(format!(" {LIFTED}"), theme.good()));
            }
            if live && cell == self.cursor {
                style = style.patch(theme.cursor());
            }
            // A puzzle's wrong try landing here, with what it gives; a big
            // piece's move names where it came from (round 13 read `✗` on
            // b2 after a1-b2 as "b2 is wrong", where a2-b2 won).
            let missed = match &self.training.current {
                Some(t) if live => t.more.find(|mv| mv.target() == cell),
                _ => None,
            };
            let hint = match (hints[i].as_ref(), missed) {
                (None, Some(&(mv, value))) => {
                    let from = match mv {
                        Move::Shift { from, .. } => format!(" from {from}"),
                        Move::Place { .. } => String::new(),
                    };
                    let forms = [
                        value.map(|v| format!("✗{from} {v}")),
                        (!from.is_empty()).then(|| format!("✗{from}")),
                        Some("✗".to_string()),
                    ];
                    let inline = (forms.into_iter().flatten())
                        .map(|words| Line::styled(words, theme.bad()))
                        .collect();
                    Some(HintForms {
                        inline,
                        stacked: Vec::new(),
                    })
                }
                (Some(hint), _) => Some(hint.styles[hint_style].clone()),
                (None, None) => None,
            };
            let view = CellView {
                name: Line::from(name),
                piece: position.piece_at(cell),
                hint,
                style,
            };
            draw_cell(rect, &view, buf, theme);
        }
    }

    /// What the last move captured, in words: "the engine took your o on b2".
    fn last_capture(&self) -> Option<String> {
        let record = self.game().record();
        let mv = *record.moves().last()?;
        let before = record.position_at(record.moves().len() - 1);
        let taken = before.captured_by(mv)?;
        let human = self.human();
        let by_you = before.to_move() == human;
        let (piece, cell) = (taken.letter(), mv.target());
        let text = match (by_you, taken.side == human) {
            (true, true) => format!("you covered your own {piece} on {cell}"),
            (true, false) => format!("you took the engine's {piece} on {cell}"),
            (false, true) => format!("the engine took your {piece} on {cell}"),
            (false, false) => format!("the engine covered its own {piece} on {cell}"),
        };
        Some(text)
    }

    /// Both hands as they are in the position shown, and the small pieces
    /// each side has lost to captures (its own big pieces included).
    pub(super) fn render_hand(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        let you = self.human();
        let (position, _) = self.shown();
        let lost = |side: Side| {
            let on_board = position
                .cells()
                .iter()
                .flatten()
                .filter(|p| p.side == side && p.size == Size::Small)
                .count() as u8;
            SMALL_PIECES - position.small_in_hand(side) - on_board
        };
        if layout.hands_beside {
            // A column: `you`, the buttons, what you lost; then the engine's.
            let (x, y, width) = (layout.hand_small.x, layout.hand_small.y, layout.hand_small.width);
            let engine = you.other();
            let count = |side: Side, size: Size| in_hand(&position, side, size);
            let letter = |side: Side, size: Size| Piece { side, size }.letter();
            let lost_line = |side: Side| match lost(side) {
                0 => String::new(),
                n => format!("{n} {} taken", side_letter(side)),
            };
            let rows = [
                (y - 1, "you".to_string()),
                (y + 2, lost_line(you)),
                (y + 3, "engine".to_string()),
                (y + 4, format!("{} small {}", count(engine, Size::Small), letter(engine, Size::Small))),
                (y + 5, format!("{} big {}", count(engine, Size::Big), letter(engine, Size::Big))),
                (y + 6, lost_line(engine)),
            ];
            for (row, text) in rows {
                put_str(buf, x, row, &text, width, theme.dim());
            }
            self.render_hand_buttons(layout, buf, theme);
            return;
        }
        let room = layout.hand_small.x.saturating_sub(layout.grid.x);
        put_str(
            buf,
            layout.grid.x,
            layout.hand_small.y,
            "you",
            room,
            theme.dim(),
        );
        self.render_hand_buttons(layout, buf, theme);
        // Up to two columns short of the panel when it is beside the board,
        // else the edge: the hands never run on into the panel's words.
        let right = if layout.panel.x > layout.grid.right() {
            layout.panel.x.saturating_sub(2)
        } else {
            buf.area.right()
        };
        let room = |x: u16| right.saturating_sub(x);
        let x = layout.hand_big.right() + 1;
        // Beside each hand, the pieces that side has lost to captures, in
        // the same words on both lines and as the move list's ("2 o taken",
        // as `O b2 takes x`; a newcomer read "lost" on one line and
        // "captured" on the other as two things, and round 15 "2 lost" as
        // lost games), shorter where the long form has no room.
        // Its forms, longest first; both lines take the first form in
        // which each fits (round 15's review read `3 o taken` beside
        // `1 small x taken`).
        let forms = |side: Side| match lost(side) {
            0 => Vec::new(),
            n => vec![
                format!("{n} small {} taken", side_letter(side)),
                format!("{n} {} taken", side_letter(side)),
                format!("{n} taken"),
            ],
        };
        let engine = you.other();
        let hand = format!(
            "engine {} small {}, {} big {}",
            position.small_in_hand(engine),
            Piece {
                side: engine,
                size: Size::Small
            }
            .letter(),
            position.big_in_hand(engine),
            Piece {
                side: engine,
                size: Size::Big
            }
            .letter(),
        );
        let (mine, theirs) = (forms(you), forms(engine));
        let fits = |text: &str, x: u16| text.chars().count() <= usize::from(room(x));
        // Yours beside your hand's buttons (two spaces before it where they
        // fit, else one: `4 x taken` says whose where `4 taken` did not,
        // round 17); the engine's after its hand.
        let yours = |form: &String| {
            [format!("  {form}"), format!(" {form}"), form.clone()]
                .into_iter()
                .find(|t| fits(t, x))
        };
        let engines = |form: &String| {
            [format!("{hand}  {form}"), format!("{hand} {form}")]
                .into_iter()
                .find(|t| fits(t, layout.grid.x))
        };
        let form = (0..3).find(|&i| {
            mine.get(i).is_none_or(|f| yours(f).is_some())
                && theirs.get(i).is_none_or(|f| engines(f).is_some())
        });
        let pick = |forms: &[String]| form.and_then(|i| forms.get(i).cloned());
        if let Some(text) = pick(&mine).and_then(|f| yours(&f)) {
            put_str(buf, x, layout.hand_small.y, &text, room(x), theme.dim());
        }
        let text = pick(&theirs).and_then(|f| engines(&f)).unwrap_or(hand);
        let x = layout.grid.x;
        put_str(buf, x, layout.hand_small.y + 1, &text, room(x), theme.dim());
    }

    /// Your hand's two buttons, `[3 small o]` and `[1 big O]`: a click or
    /// `s`/`b` picks from them.
    fn render_hand_buttons(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        let you = self.human();
        let (position, _) = self.shown();
        for (size, rect) in [
            (Size::Small, layout.hand_small),
            (Size::Big, layout.hand_big),
        ] {
            let left = in_hand(&position, you, size);
            let letter = Piece { side: you, size }.letter();
            let text = format!("[{left} {} {letter}]", size_word(size));
            let mut style = piece_style(Piece { side: you, size }, theme);
            if self.selection == Some(Selection::Hand(size)) {
                style = style.patch(theme.cursor());
            }
            put_str(buf, rect.x, rect.y, &text, rect.width, style);
        }
    }

    /// The panel's words: the match as it stands, a review or the line.
    pub(super) fn status_lines(&self, layout: &MncLayout, theme: &Theme) -> Vec<Line<'static>> {
        let record = self.game().record();
        let words = MncWords {
            human: self.human(),
        };
        let mut lines = match record.shown() {
            // A short panel (a small screen) keeps what to do now.
            Shown::Live => {
                let hints = self.hints_by_cell(theme);
                let style = self.hint_style(&hints, &layout.cells);
                self.live_status(layout.panel.height < 6, layout.panel.width, style, theme)
            }
            Shown::Review { .. } => {
                record_view::review_lines(record, &words, layout.panel.width, theme)
            }
            Shown::Line { .. } => {
                let continues = self.training.current.is_none();
                record_view::line_lines(record, continues, layout.panel.width, theme)
            }
        };
        if let Some(message) = &self.message {
            lines.push(Line::styled(message.clone(), theme.bad()));
        }
        lines
    }

    /// The panel split between its words (all of them, wrapped, and at
    /// least the layout's rows) and the move list under them (the rows
    /// left, at least three where the panel has room: the list gives way).
    pub(super) fn panel_areas(&self, layout: &MncLayout, lines: &[Line<'static>]) -> (Rect, Rect) {
        let panel = layout.panel;
        let needed = rows_of(lines, panel.width) as u16;
        let mut rows = needed.max(layout.moves.y - panel.y);
        if panel.height.saturating_sub(rows) < 3 {
            rows = needed.max(panel.height.saturating_sub(3));
        }
        // A panel too short for the words and a list: the words first, the
        // list keeps its heading and one row where two are left.
        if rows >= panel.height && panel.height >= 6 {
            rows = panel.height - 2;
        }
        let rows = rows.min(panel.height);
        let status = Rect {
            height: rows,
            ..panel
        };
        let moves = Rect {
            y: panel.y + rows,
            height: panel.height - rows,
            ..panel
        };
        (status, moves)
    }

    pub(super) fn render_panel(&self, layout: &MncLayout, buf: &mut Buffer, theme: &Theme) {
        let puzzle = self
            .puzzle_shown()
            .then(|| self.puzzle_panel(theme))
            .flatten();
        let lines = match &puzzle {
            Some(panel) => panel.lines(),
            None => self.status_lines(layout, theme),
        };
        let (status, moves) = self.panel_areas(layout, &lines);
        match puzzle {
            Some(panel) => panel.render(status, buf, theme),
            None => render_wrapped(lines, status, buf, theme.dim()),
        }
        let words = MncWords {
            human: self.human(),
        };
        record_view::render_record(self.game().record(), &words, moves, buf, theme);
    }

    /// Who plays, whose move or the result, the value, hints, a capture
    /// (the message is the caller's);
    /// on a `short` panel what to do and the value first, in fewer words,
    /// with no line of who plays and no legend of the hints.
    pub(super) fn live_status(
        &self,
        short: bool,
        width: u16,
        hint_style: usize,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let you = self.human();
        let mut lines = vec![Line::from(vec![
            Span::raw(format!("You play {}", side_letter(you))),
            Span::styled(
                if you == Side::X {
                    " (you move first)"
                } else {
                    " (the engine moves first)"
                },
                theme.dim(),
            ),
            // "engine: perfect" wraps whole (round 19 read "engine:" / "perfect").
            Span::styled(format!("; {}", together("engine: ")), theme.dim()),
            Span::styled(strength_word(self.strength), theme.key()),
        ])];
        // Whose move, or the result.
        match self.winner() {
            Some(winner) => {
                let loser = if winner == you { "the engine" } else { "you" };
                let how = match self.position().line_of(winner) {
                    Some(line) => format!("three in a row, {}", line_words(line)),
                    // A rule a newcomer does not expect: said with it.
                    None => format!(
                        "{loser} {} no legal move (a player who cannot move loses)",
                        if winner == you { "has" } else { "have" }
                    ),
                };
                let (text, style) = if winner == you {
                    (format!("GAME OVER: you win: {how}!"), theme.good())
                } else {
                    (format!("GAME OVER: the engine wins: {how}."), theme.bad())
                };
                lines.push(Line::styled(text, style));
                lines.extend(key_lines(
                    &[
                        "n new game",
                        "w swap sides",
                        "u take back",
                        "< review",
                        "p perfect line",
                    ],
                    width,
                    theme.dim(),
                ));
            }
            None if self.playing.failed().is_some() => lines.push(Line::styled(
                format!(
                    "the engine stopped: {}",
                    self.playing.failed().unwrap_or_default()
                ),
                theme.bad(),
            )),
            None if !self.is_solved() => lines.push(Line::styled("solving the game…", theme.key())),
            // A run over on its puzzle: the run's panel says what comes
            // next, not "your move" (a puzzle's win given away by the hints
            // may still be played home, and says so).
            None if self.training.run_over() && !self.training.is_open() => {}
            None if self.humans_turn() => {
                let what = match self.selection {
                    Some(Selection::Hand(_)) if short => {
                        format!("your move: place it on a {TARGET} cell")
                    }
                    Some(Selection::Board(from)) if short => {
                        format!("your move: from {from} to a {TARGET} cell")
                    }
                    None if self.position().small_in_hand(you) == 0
                        && self.position().big_in_hand(you) == 0 =>
                    {
                        "your move: m moves one of your big pieces (or click it)".into()
                    }
                    None if short && self.position().small_in_hand(you) == 0 => {
                        "your move: b big here, m move a big one".into()
                    }
                    None if short && self.position().big_in_hand(you) == 0 => {
                        "your move: click a cell; m moves a big one".into()
                    }
                    None if short => "your move: click a cell; b big, m move".into(),
                    Some(Selection::Hand(size)) => format!(
                        "your move: place the {} piece ({TARGET} marks where)",
                        size_word(size)
                    ),
                    Some(Selection::Board(from)) => {
                        format!("your move: move the big piece from {from} ({TARGET} marks where)")
                    }
                    None if self.position().small_in_hand(you) == 0
                        && self.position().big_in_hand(you) > 0 =>
                    {
                        "your move: no small piece left: a click puts a big one there, m picks one up to move it".into()
                    }
                    None if self.position().small_in_hand(you) == 0 => {
                        "your move: your hand is empty: m (or a click on it) picks up a big piece to move it".into()
                    }
                    None if self.position().big_in_hand(you) == 0 => {
                        "your move: click a cell for a small piece (no big one is left in your hand); m picks a big one up to move it".into()
                    }
                    None => {
                        "your move: click a cell for a small piece; b puts a big one at the cursor, m picks one up to move it".into()
                    }
                };
                lines.push(Line::styled(what, theme.key()));
            }
            None => lines.push(Line::styled("the engine is moving…", theme.key())),
        }
        // An open puzzle's question says who wins and in how many moves.
        let value = self.value().filter(|_| !self.puzzle_open());
        if let Some(value) = value {
            let words = value_words(self.position().to_move(), value);
            // Before your first move: which side perfect play favours,
            // and how to change the odds, rather than learning it by losing
            // (a puzzle has its own question). On a short panel in a few
            // words after the value, on its row.
            let started = self.game().record().moves().len();
            let puzzle = self.training.current.is_some();
            let winner = match value {
                Outcome::Win(_) => Some(self.position().to_move()),
                Outcome::Loss(_) => Some(self.position().to_move().other()),
                Outcome::Draw => None,
            };
            let advice = (self.winner().is_none() && started <= 1 && !puzzle).then(|| {
                match (winner, short) {
                    (Some(side), false) if side == you && self.hints => {
                        "you hold the winning side: find the win (★ marks it)".to_string()
                    }
                    (Some(side), false) if side == you => {
                        "you hold the winning side: find the win (a shows the values)".to_string()
                    }
                    // Short: the value in your words (round 17 read
                    // `x wins in 13 moves: you (a: values)` as odd).
                    (Some(side), true) if side == you && self.hints => "; ★ marks how".into(),
                    (Some(side), true) if side == you => "; a shows how".into(),
                    (Some(side), false) => format!(
                        "{} is the winning side: w plays it yourself, d weakens the engine",
                        side_letter(side)
                    ),
                    (Some(_), true) => ": w swaps, d weakens".into(),
                    (None, false) => "a draw with perfect play".to_string(),
                    (None, true) => " with perfect play".into(),
                }
            });
            match advice {
                Some(advice) if short => lines.push(Line::from(vec![
                    Span::styled(
                        match (winner, value) {
                            (Some(side), Outcome::Win(d) | Outcome::Loss(d)) if side == you => {
                                format!("you ({}) win in {}", side_letter(you), in_moves(d))
                            }
                            _ => words,
                        },
                        theme.best(),
                    ),
                    Span::styled(advice, theme.key()),
                ])),
                advice => {
                    lines.push(Line::from(vec![
                        Span::styled("perfect play  ", theme.dim()),
                        Span::styled(words, theme.best()),
                    ]));
                    lines.extend(advice.map(|advice| Line::styled(advice, theme.key())));
                }
            }
        }
        // A short panel keeps the legend too, behind `J` if it must: the
        // short forms (`★sW13…`) are where it is needed most (round 19).
        if self.hints && self.humans_turn() {
            lines.extend(hint_legend(width, hint_style, theme));
        }
        // Said before the first moves, as the advice is.
        let started_fresh =
            self.game().record().moves().len() <= 1 && self.training.current.is_none();
        if self.details && !short {
            lines.push(Line::from(vec![
                Span::styled("position  ", theme.dim()),
                Span::raw(crate::notation::mnc::position_notation(self.position())),
                Span::styled(
                    "  (as noughts mnc analyze reads it; i hides it)",
                    theme.dim(),
                ),
            ]));
        } else if !short && started_fresh {
            lines.push(Line::styled(
                "i: the details (the position as text)",
                theme.dim(),
            ));
        }
        // The pieces and captures are new to most: where to learn them.
        if !short && started_fresh && !self.training.in_lesson() {
            lines.push(Line::styled(
                "new to the game? r: its rules; L: a lesson in four steps",
                theme.dim(),
            ));
        }
        if let Some(capture) = self.last_capture() {
            lines.push(Line::styled(capture, theme.key()));
        }
        if short {
            lines.remove(0);
        }
        lines
    }
}

pub(super) fn piece_style(piece: Piece, theme: &Theme) -> Style {
    match piece.side {
        Side::X => theme.mark_x(),
        Side::O => theme.mark_o(),
    }
}

/// What one cell of the board shows.
pub(super) struct CellView {
    /// The cell's name and its marks (last, from, ◎, ↑).
    pub name: Line<'static>,
    pub piece: Option<Piece>,
    /// The hint in the board's style (or a puzzle's wrong try).
    pub hint: Option<HintForms>,
    /// The tint of the last move, the cursor.
    pub style: Style,
}

/// The pieces of a size `side` still holds.
fn in_hand(position: &Position, side: Side, size: Size) -> u8 {
    match size {
        Size::Small => position.small_in_hand(side),
        Size::Big => position.big_in_hand(side),
    }
}

/// Whether a hint fits its cell whole, as [`draw_cell`] draws it: a line a
/// kind in an empty cell, or its widest form on the last row (after the
/// name where the cell has two rows and a piece).
pub(super) fn hint_fits(rect: Rect, piece: bool, hint: &HintForms) -> bool {
    if !piece && stack_fits(rect, &hint.stacked) {
        return true;
    }
    let hint_row = rect.height >= 3 || !piece;
    // After a cell's name (two columns and a space): "last" and "from"
    // give way to the hint, a ◎ or ↑ does not, but no cell with a piece
    // and two rows is wide enough for a style but letters, which have
    // their own narrower forms.
    let room = if hint_row { rect.width } else { rect.width.saturating_sub(3) };
    hint.inline.first().is_some_and(|form| form.width() <= usize::from(room))
}

/// Whether a stacked hint's lines fit under the cell's name.
fn stack_fits(rect: Rect, lines: &[Line<'static>]) -> bool {
    !lines.is_empty()
        && lines.len() < usize::from(rect.height)
        && lines.iter().all(|line| line.width() <= usize::from(rect.width))
}

/// Draws a cell: its name on the first row, its hint on the last (after
/// the name in a two-row cell holding a piece), the piece in the rows
/// between.
pub(super) fn draw_cell(rect: Rect, view: &CellView, buf: &mut Buffer, theme: &Theme) {
    buf.set_style(rect, view.style);
    let hint_row = rect.height >= 3 || view.piece.is_none();
    let mut name = view.name.clone();
    // A narrow cell: the marks without their spaces, and without the words
    // "last" and "from" (the cell's tint says that).
    if name.width() > usize::from(rect.width) {
        name.spans
            .retain(|s| !matches!(s.content.trim(), "last" | "from"));
        for span in name.spans.iter_mut().skip(1) {
            span.content = span.content.trim().to_string().into();
        }
    }
    // An empty cell with room: the hint a line a kind, at the bottom.
    let stacked = view
        .hint
        .as_ref()
        .filter(|hint| view.piece.is_none() && stack_fits(rect, &hint.stacked));
    if let Some(hint) = stacked {
        let lines = &hint.stacked;
        let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
        let x = rect.x + rect.width.saturating_sub(widest) / 2;
        let top = rect.bottom() - lines.len() as u16;
        for (k, line) in lines.iter().enumerate() {
            put_label(buf, x, top + k as u16, line, rect.right() - x);
        }
        put_label(buf, rect.x, rect.y, &name, rect.width);
        return;
    }
    // The longest form of the hint that fits.
    let fitting = |room: usize| {
        view.hint.as_ref().and_then(|hint| {
            let fits = hint.inline.iter().find(|form| form.width() <= room);
            fits.cloned()
        })
    };
    match &view.hint {
        Some(hint) if hint_row => {
            let narrowest = hint.inline.last().cloned().unwrap_or_default();
            let hint = fitting(usize::from(rect.width)).unwrap_or(narrowest);
            let x = rect.x + rect.width.saturating_sub(hint.width() as u16) / 2;
            put_label(buf, x, rect.bottom() - 1, &hint, rect.right() - x);
        }
        Some(_) => {
            // After the name: the words "last" and "from" give way first
            // (the tint says them), then a `…` says a hint is hidden.
            let room = |name: &Line| usize::from(rect.width).saturating_sub(name.width() + 1);
            if fitting(room(&name)).is_none() {
                name.spans
                    .retain(|s| !matches!(s.content.trim(), "last" | "from"));
            }
            let hint =
                fitting(room(&name)).unwrap_or_else(|| Line::styled(ellipsis(), theme.dim()));
            if room(&name) >= hint.width() {
                name.spans.push(Span::raw(" "));
                name.spans.extend(hint.spans);
            }
        }
        None => {}
    }
    put_label(buf, rect.x, rect.y, &name, rect.width);
    if let Some(piece) = view.piece {
        let rows = rect.height - 1 - u16::from(hint_row);
        let area = Rect::new(rect.x, rect.y + 1, rect.width, rows);
        draw_centred(
            &piece_glyph(piece, rows),
            area,
            piece_style(piece, theme),
            buf,
        );
    }
}

/// A piece drawn in `rows` rows: a big one fills them (a cross of
/// diagonals for x, a ring for o), a small one is a letter, or a third of
/// the height on a large board. A single row shows `[X]` for a big piece.
pub fn piece_glyph(piece: Piece, rows: u16) -> Vec<String> {
    let shape = match piece.side {
        Side::X => Shape::Cross,
        Side::O => Shape::Ring,
    };
    match piece.size {
        Size::Big if rows <= 1 => vec![format!("[{}]", piece.letter())],
        Size::Big => glyph(shape, rows, piece.letter()),
        Size::Small if rows >= 6 => glyph(shape, rows / 3, piece.letter()),
        Size::Small => vec![piece.letter().to_string()],
    }
}
