//! Styles of the app. With `NO_COLOR` set, no colour is used at all and
//! every highlight is carried by bold, reverse or underline (and symbols
//! drawn by the tabs), never by colour alone.

use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value (no-color.org).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    fn paint(&self, style: Style, fg: Color) -> Style {
        if self.color {
            style.fg(fg)
        } else {
            style
        }
    }

    pub fn title(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::Cyan)
    }
    pub fn tab(&self) -> Style {
        Style::new()
    }
    pub fn tab_selected(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            Color::Cyan,
        )
    }
    pub fn key(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::Yellow)
    }
    pub fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }
    pub fn border(&self) -> Style {
        self.dim()
    }
    /// The cell under the cursor.
    pub fn cursor(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    /// A cell to look at: where the last move went, a winning line
    /// (without colour the tab also writes a word or a star in it).
    pub fn tint(&self) -> Style {
        if self.color {
            Style::new().bg(Color::Indexed(58))
        } else {
            Style::new()
        }
    }
    /// Fainter: the cell a moved big piece left (the tab writes "from").
    pub fn tint_faint(&self) -> Style {
        if self.color {
            Style::new().bg(Color::Indexed(237))
        } else {
            Style::new()
        }
    }
    pub fn mark_x(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::LightBlue)
    }
    pub fn mark_o(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::BOLD),
            Color::LightMagenta,
        )
    }
    pub fn win(&self) -> Style {
        self.paint(Style::new(), Color::Green)
    }
    pub fn draw(&self) -> Style {
        self.paint(Style::new(), Color::Yellow)
    }
    pub fn loss(&self) -> Style {
        self.paint(Style::new(), Color::Red)
    }
    /// A best move: bold and underlined as well as coloured (and starred).
    pub fn best(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }
    pub fn bad(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::Red)
    }
    pub fn good(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::Green)
    }
}
