//! The Tic-tac-toe tab: edit a board, see its verdict live, and for a
//! legal continuing board what every empty cell gives under perfect play.

use super::app::{render_too_small, TicTacToeAction};
use super::grid::{self, GRID_HEIGHT, GRID_WIDTH};
use super::theme::Theme;
use crate::cli::tictactoe::{parse, Format};
use crate::solver::tictactoe::{
    cell_name, illegality, result_words, Analysis, Analyzer, Atlas, Board, Illegality, Mark,
    Verdict,
};
use crate::solver::Outcome;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Smallest area the tab draws in (grid, gap, a readable panel).
pub const MIN_SIZE: (u16, u16) = (GRID_WIDTH + 2 + 36, GRID_HEIGHT + 1);

/// The examples of `assets/`, shipped inside the binary.
const EXAMPLES: &str = include_str!("../../assets/tictactoe/codeforces-examples.txt");

/// Where the tab puts things: the one source for drawing and clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicTacToeLayout {
    /// The whole grid, borders included.
    pub grid: Rect,
    /// The inside of each cell, row by row.
    pub cells: [Rect; 9],
    pub panel: Rect,
}

/// `None` when the area is smaller than [`MIN_SIZE`].
pub fn layout(area: Rect) -> Option<TicTacToeLayout> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let grid = Rect::new(area.x + 1, area.y + 1, GRID_WIDTH, GRID_HEIGHT);
    let cells = grid::cells(grid);
    let panel_x = grid.right() + 2;
    let panel = Rect::new(panel_x, area.y + 1, area.right() - panel_x, area.height - 1);
    Some(TicTacToeLayout { grid, cells, panel })
}

/// What the board is, computed once per edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdicts {
    pub verdict: Verdict,
    pub why: Option<Illegality>,
    pub analysis: Option<Analysis>,
}

pub struct TicTacToeTab {
    board: Board,
    cursor: usize,
    undo: Vec<Board>,
    redo: Vec<Board>,
    analyzer: Analyzer,
    verdicts: Verdicts,
    examples: Vec<Board>,
    next_example: usize,
}

impl Default for TicTacToeTab {
    fn default() -> Self {
        Self::new()
    }
}

impl TicTacToeTab {
    pub fn new() -> TicTacToeTab {
        Self::with_board(Board::EMPTY)
    }

    pub fn with_board(board: Board) -> TicTacToeTab {
        let mut analyzer = Analyzer::new();
        let verdicts = assess(&board, &mut analyzer);
        TicTacToeTab {
            board,
            cursor: 4,
            undo: Vec::new(),
            redo: Vec::new(),
            analyzer,
            verdicts,
            examples: parse(EXAMPLES, Format::Codeforces).unwrap_or_default(),
            next_example: 0,
        }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn verdicts(&self) -> &Verdicts {
        &self.verdicts
    }

    /// Replaces the board as one undoable edit (no-op if unchanged).
    fn edit(&mut self, board: Board) {
        if board == self.board {
            return;
        }
        self.undo.push(self.board);
        self.redo.clear();
        self.set(board);
    }

    fn set(&mut self, board: Board) {
        self.board = board;
        self.verdicts = assess(&board, &mut self.analyzer);
    }

    pub fn update(&mut self, action: TicTacToeAction) {
        use TicTacToeAction as A;
        let cell = self.cursor;
        match action {
            A::Move { rows, cols } => {
                let row = (self.cursor / 3) as i8 + rows;
                let col = (self.cursor % 3) as i8 + cols;
                self.cursor = (row.clamp(0, 2) * 3 + col.clamp(0, 2)) as usize;
            }
            A::Cycle => self.edit(self.board.with(cell, cycled(self.board.get(cell)))),
            A::Click(at) if at < 9 => {
                self.cursor = at;
                self.edit(self.board.with(at, cycled(self.board.get(at))));
            }
            A::Click(_) => {}
            A::SetX => self.edit(self.board.with(cell, Some(Mark::X))),
            A::SetO => self.edit(self.board.with(cell, Some(Mark::O))),
            A::SetEmpty => self.edit(self.board.with(cell, None)),
            A::Clear => self.edit(Board::EMPTY),
            A::NextExample => {
                if let Some(&example) = self.examples.get(self.next_example) {
                    self.next_example = (self.next_example + 1) % self.examples.len();
                    self.edit(example);
                }
            }
            A::Undo => {
                if let Some(previous) = self.undo.pop() {
                    self.redo.push(self.board);
                    self.set(previous);
                }
            }
            A::Redo => {
                if let Some(next) = self.redo.pop() {
                    self.undo.push(self.board);
                    self.set(next);
                }
            }
        }
    }

    /// The cell under a screen position, by the same layout as drawing.
    pub fn cell_at(&self, area: Rect, at: Position) -> Option<usize> {
        layout(area)?.cells.iter().position(|r| r.contains(at))
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(layout) = layout(area) else {
            render_too_small(area, buf, MIN_SIZE);
            return;
        };
        self.render_grid(&layout, buf, theme);
        self.render_panel(layout.panel, buf, theme);
    }

    fn render_grid(&self, layout: &TicTacToeLayout, buf: &mut Buffer, theme: &Theme) {
        grid::draw(layout.grid, buf, theme);
        let best: Vec<usize> = self
            .verdicts
            .analysis
            .as_ref()
            .map(|a| a.best_cells().collect())
            .unwrap_or_default();
        for (cell, rect) in layout.cells.iter().enumerate() {
            let mut lines = vec![Line::styled(cell_name(cell), theme.dim())];
            match self.board.get(cell) {
                Some(Mark::X) => lines.push(Line::styled("X", theme.mark_x()).centered()),
                Some(Mark::O) => lines.push(Line::styled("O", theme.mark_o()).centered()),
                None => {
                    let value =
                        self.verdicts.analysis.as_ref().and_then(|a| {
                            a.moves.iter().find(|(c, _)| *c == cell).map(|(_, v)| *v)
                        });
                    if let Some(value) = value {
                        let is_best = best.contains(&cell);
                        let style = outcome_style(value, theme);
                        let style = if is_best {
                            style.patch(theme.best())
                        } else {
                            style
                        };
                        let star = if is_best { "★" } else { "" };
                        lines.push(Line::styled(format!("{star}{value}"), style).centered());
                    }
                }
            }
            let style = if cell == self.cursor {
                theme.cursor()
            } else {
                Style::new()
            };
            Paragraph::new(lines).style(style).render(*rect, buf);
        }
    }

    fn render_panel(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let v = &self.verdicts;
        let label = |text: &'static str| Span::styled(format!("{text:<13}"), theme.dim());
        let verdict_style = if v.verdict.is_legal() {
            theme.good()
        } else {
            theme.bad()
        };
        let code_meaning = match v.verdict.status_code() {
            1 => "reachable, over",
            2 => "reachable, continuing",
            _ => "unreachable",
        };
        let mut lines = vec![
            Line::from(vec![label("Board"), Span::raw(notation(&self.board))]),
            Line::from(vec![
                label("Codeforces"),
                Span::styled(v.verdict.words(), verdict_style),
            ]),
            Line::from(vec![
                label("CodeChef"),
                Span::styled(v.verdict.status_code().to_string(), verdict_style),
                Span::styled(format!("  ({code_meaning})"), theme.dim()),
            ]),
        ];
        if let Some(why) = v.why {
            lines.push(Line::from(vec![
                label("Why"),
                Span::styled(why.to_string(), theme.bad()),
            ]));
        }
        if let Some(a) = &v.analysis {
            lines.push(Line::from(vec![
                label("To move"),
                Span::raw(a.mover.to_string()),
            ]));
            lines.push(Line::from(vec![
                label("Perfect play"),
                Span::styled(
                    result_words(a.mover, a.value),
                    outcome_style(a.value, theme).patch(theme.best()),
                ),
                Span::styled(format!("  ({} for {})", a.value, a.mover), theme.dim()),
            ]));
            let best: Vec<String> = a.best_cells().map(cell_name).collect();
            lines.push(Line::from(vec![
                label("Best moves"),
                Span::styled(format!("★ {}", best.join(" ")), theme.best()),
            ]));
            lines.push(Line::from(""));
            lines.push(Line::styled(
                format!("Each empty cell: {}'s result after playing there,", a.mover),
                theme.dim(),
            ));
            lines.push(Line::styled(
                "in plies; ★ marks the best moves.",
                theme.dim(),
            ));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

fn assess(board: &Board, analyzer: &mut Analyzer) -> Verdicts {
    Verdicts {
        verdict: Atlas::shared().verdict(board),
        why: illegality(board),
        analysis: analyzer.analyze(board),
    }
}

fn cycled(mark: Option<Mark>) -> Option<Mark> {
    match mark {
        None => Some(Mark::X),
        Some(Mark::X) => Some(Mark::O),
        Some(Mark::O) => None,
    }
}

fn outcome_style(value: Outcome, theme: &Theme) -> Style {
    match value {
        Outcome::Win(_) => theme.win(),
        Outcome::Draw => theme.draw(),
        Outcome::Loss(_) => theme.loss(),
    }
}

/// `X0X/.0./.X.`: rows joined by `/` in the Codeforces alphabet.
pub fn notation(board: &Board) -> String {
    board.to_string().replace('\n', "/")
}

/// Parses the notation of [`notation`] (`O` is accepted for `0`).
pub fn parse_notation(text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 3 {
        return Err(format!(
            "expected 3 rows joined by '/', found {}",
            rows.len()
        ));
    }
    let rows = rows.join("\n").replace('O', "0");
    match parse(&rows, Format::Codeforces) {
        Ok(boards) if boards.len() == 1 => Ok(boards[0]),
        Ok(_) => Err("expected one board".into()),
        Err(e) => Err(format!(
            "row {}, column {}: {}",
            e.line, e.column, e.message
        )),
    }
}
