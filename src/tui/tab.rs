//! What every tab is to the app. A tab is a leaf: it owns its actions,
//! its key table, its state, its click mapping and its drawing, and knows
//! nothing of the app around it (the app wraps its actions in its own).

use super::keymap::{Binding, Direction, When};

/// How a tab's cursor moves, for the footer and help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    /// The keys and word in the footer: `←↓↑→ move`.
    pub keys: &'static str,
    pub word: &'static str,
    /// Whether up and down move it (a board) or only left and right (a strip).
    pub vertical: bool,
}

impl Cursor {
    /// A cursor on a 3×3 board.
    pub const BOARD: Cursor = Cursor {
        keys: "←↓↑→",
        word: "move",
        vertical: true,
    };
}
use super::theme::Theme;
use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The app's three tabs (the rules and the app both name them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TabId {
    TicTacToe,
    Treblecross,
    Mnc,
}

impl TabId {
    pub const ALL: [TabId; 3] = [TabId::TicTacToe, TabId::Treblecross, TabId::Mnc];

    pub fn title(self) -> &'static str {
        match self {
            TabId::TicTacToe => "Tic-tac-toe",
            TabId::Treblecross => "Treblecross",
            TabId::Mnc => "Noughts & Crosses+",
        }
    }

    /// The tab's game in one word, as files and settings name it
    /// (`tictactoe`, `treblecross`, `mnc`).
    pub fn word(self) -> &'static str {
        match self {
            TabId::TicTacToe => "tictactoe",
            TabId::Treblecross => "treblecross",
            TabId::Mnc => "mnc",
        }
    }

    /// The title in a narrow title bar.
    pub fn short_title(self) -> &'static str {
        match self {
            TabId::TicTacToe => "TicTac",
            TabId::Treblecross => "Treble",
            TabId::Mnc => "N&C+",
        }
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }

    pub(super) fn next(self) -> TabId {
        TabId::ALL[(self.index() + 1) % 3]
    }

    pub(super) fn prev(self) -> TabId {
        TabId::ALL[(self.index() + 2) % 3]
    }
}

pub trait Tab {
    /// Everything the tab can be asked to do.
    type Action: Copy + 'static;

    /// The tab's key table (cursor keys and the app's keys are the app's).
    fn bindings(&self) -> &'static [Binding<Self::Action>];

    /// The mode the tab is in now: which bindings apply.
    fn mode(&self) -> When;

    /// The one place where the tab's state changes.
    fn update(&mut self, action: Self::Action);

    /// How the cursor moves (shown in the footer and help).
    fn cursor(&self) -> Cursor {
        Cursor::BOARD
    }

    /// Moves the tab's cursor (the arrow keys and `hjkl` of every tab).
    fn move_cursor(&mut self, direction: Direction);

    /// The action a mouse event asks for; `area` is the tab's area as last
    /// drawn, laid out as drawing lays it out.
    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Self::Action>;

    /// Work between events: takes in results of background work.
    fn tick(&mut self) {}

    /// What quitting now would lose, if anything ("the match against the
    /// engine"): the app then asks before quitting.
    fn at_stake(&self) -> Option<&'static str> {
        None
    }

    /// The question to ask before `action`, when it would throw away a
    /// match in progress (a new game, other sides): the app asks it and
    /// does the action only on a yes.
    fn abandons(&self, _action: Self::Action) -> Option<String> {
        None
    }

    /// Esc with nothing else to undo: the tab's message goes away.
    fn dismiss(&mut self) {}

    /// While the tab takes typed text (a prompt), the action a key press
    /// is: every key goes to the tab first. `None`: keys as usual.
    fn typed(&self, _key: &KeyEvent) -> Option<Self::Action> {
        None
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme);
}
