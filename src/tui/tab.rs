//! What every tab is to the app. A tab is a leaf: it owns its actions,
//! its key table, its state, its click mapping and its drawing, and knows
//! nothing of the app around it (the app wraps its actions in its own).

use super::keymap::{Binding, Direction, When};
use super::puzzle::{PuzzleAction, Puzzles};
use super::theme::Theme;
use crate::notation::saved::Saved;
use crate::settings::Settings;
use crate::solver::puzzle::PuzzleId;
use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

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
/// A tab's names.
pub struct About {
    /// In the title bar, and in a narrow one.
    pub title: &'static str,
    pub short_title: &'static str,
    /// The game in one word, as files, sessions and settings name it.
    pub word: &'static str,
    /// The heading of the game's rules in `assets/rules.md`.
    pub rules: &'static str,
}

impl About {
    pub const fn new(
        title: &'static str,
        short_title: &'static str,
        word: &'static str,
        rules: &'static str,
    ) -> About {
        About {
            title,
            short_title,
            word,
            rules,
        }
    }
}

/// A tab: registered in `tabs/mod.rs` by one line, it is then in the
/// title bar, the key tables, the session, Ctrl-S and Ctrl-O, `--puzzle`
/// and the settings. Its puzzles are [`Puzzles`] (`puzzle.rs`), its files
/// [`Keep`] (`save.rs`). Its game is named outside its folders only in each
/// layer's list (`docs/design.md`, "Adding a tab").
pub trait Tab: Default + Puzzles + Keep + TabBasics {
    /// Everything the tab can be asked to do.
    type Action: Copy + std::fmt::Debug + PartialEq + 'static;

    /// Its names.
    const ABOUT: About;
    /// The smallest area it draws in: below it the app says how large the
    /// terminal must be, and `render` is not called.
    const MIN_SIZE: (u16, u16);

    /// The tab's keys, and those while it shows a puzzle (the cursor keys
    /// and the app's own are the app's).
    const KEYS: &'static [Binding<Self::Action>];
    const PUZZLE_KEYS: &'static [Binding<Self::Action>];

    /// Whether the tab shows a puzzle as it stands (not its solution's
    /// line): its keys are then the puzzle's.
    fn puzzle_shown(&self) -> bool;

    /// The key table that applies now.
    fn bindings(&self) -> &'static [Binding<Self::Action>] {
        if self.puzzle_shown() {
            Self::PUZZLE_KEYS
        } else {
            Self::KEYS
        }
    }

    /// The mode the tab is in now: which bindings apply.
    fn mode(&self) -> When;

    /// The mode the keys are matched in and the footer drawn for: the
    /// tab's, with the shared puzzle keys a run has no use for (the aim,
    /// and the hints while the puzzle is open) outside a run, and the
    /// game's own keys outside a puzzle ([`When::NO_PUZZLE`]), so that the
    /// footer never offers them where they do nothing.
    fn keys_mode(&self) -> When {
        // A run lives only while the puzzles are on, so no need to ask
        // whether one is shown.
        let training = self.training();
        let mode = match (training.is_open(), training.current.is_some()) {
            (true, _) => self.mode().or(When::OPEN),
            (false, true) => self.mode(),
            (false, false) => self.mode().or(When::NO_PUZZLE),
        };
        match (training.run_on(), training.is_open()) {
            // A lesson has no aim and starts no run: its keys are the hints,
            // and its own n and p.
            _ if training.in_lesson() && training.is_open() => {
                mode.or(When::HINTS).or(When::LESSON)
            }
            _ if training.in_lesson() => mode.or(When::LESSON),
            (Some(_), _) => mode.or(When::OUTSIDE_LESSONS).or(When::RUN),
            (None, true) => mode
                .or(When::OUTSIDE_RUNS)
                .or(When::HINTS)
                .or(When::OUTSIDE_LESSONS),
            (None, false) => mode.or(When::OUTSIDE_RUNS).or(When::OUTSIDE_LESSONS),
        }
    }

    /// The one place where the tab's state changes.
    fn update(&mut self, action: Self::Action);

    /// A puzzle key as the tab's own action (S, T and D from a first
    /// screen go through the tab's guards as its puzzle keys do).
    fn puzzle_action(action: PuzzleAction) -> Self::Action;

    /// The action a mouse event asks for; `area` is the tab's area as last
    /// drawn, laid out as drawing lays it out.
    fn mouse(&self, area: Rect, event: &MouseEvent) -> Option<Self::Action>;

    /// The question to ask before `action`, when it would throw away a
    /// match in progress (a new game, other sides): the app asks it and
    /// does the action only on a yes.
    fn abandons(&self, _action: Self::Action) -> Option<String> {
        None
    }

    /// Esc: the tab's message goes away (whatever else Esc does there).
    fn dismiss(&mut self) {
        self.say(None);
    }

    /// While the tab takes typed text (a prompt), the action a key press
    /// is: every key goes to the tab first. `None`: keys as usual.
    fn typed(&self, _key: &KeyEvent) -> Option<Self::Action> {
        None
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme);
}

/// What every tab does whatever its actions are, so that the app asks it
/// of any tab directly (the rest of [`Tab`] it asks through
/// [`Page`](super::tabs::Page), which wraps the tab's actions in its own).
pub trait TabBasics {
    /// How the cursor moves (shown in the footer and help).
    fn cursor(&self) -> Cursor {
        Cursor::BOARD
    }

    /// Moves the tab's cursor (the arrow keys and `hjkl` of every tab).
    fn move_cursor(&mut self, direction: Direction);

    /// Work between events: takes in results of background work.
    fn tick(&mut self) {}

    /// Whether background work the tab asked for is still to come in (an
    /// engine's move, a table being built).
    fn busy(&self) -> bool {
        false
    }

    /// What quitting now would lose, if anything ("the match against the
    /// engine"): the app then asks before quitting.
    fn at_stake(&self) -> Option<&'static str> {
        None
    }

    /// The details (`i`, the app's for every tab) on or off: the
    /// expert's layer under the plain words — the contest judges'
    /// answers, the Grundy values, the quotient's algebra, a position as
    /// text. Off, the tab says who wins and what to do in plain words.
    fn set_details(&mut self, on: bool);
}

/// The tab in files, written in each tab's `save.rs`: as a saved file
/// holds it (Ctrl-S, the session), a saved file loaded (Ctrl-O, `--load`,
/// the session), and the tab's own settings.
pub trait Keep {
    /// The tab as a saved file holds it (a match: with its moves; during a
    /// puzzle, what waits aside): what the session keeps.
    fn saved(&self) -> Saved;

    /// The puzzle on the board, if one is: its id and the position shown
    /// (an MNC puzzle with the moves made in it), as a saved file holds
    /// them. Ctrl-S saves what is on screen: this, else [`Keep::saved`].
    fn puzzle_saved(&self) -> Option<(PuzzleId, Saved)> {
        None
    }

    /// Takes a saved file of this tab's game (a puzzle or review is
    /// left); one of another game is given back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved>;

    /// The settings file's choices for this tab.
    fn apply_settings(&mut self, _settings: &Settings) {}

    /// The tab's own settings the session keeps, by name.
    fn kept(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// One of [`Keep::kept`] back (an unknown name or value is passed over).
    fn restore(&mut self, _name: &str, _value: &str) {}
}
