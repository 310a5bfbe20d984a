//! What the app can be asked to do ([`Action`]) and the app's own keys:
//! the cursor and the tabs, the general keys, and the keys of the pop-ups
//! (help, rules, questions), each listed once for the key handling, the
//! footer and the help.

use super::keymap::{ch, ctrl, key, keys, modes, Binding, Direction, Footer, Hint, When};
use super::puzzle::{PuzzleAction, RunKind};
use super::tabs::{TabAction, TabId};
use crossterm::event::{KeyCode, KeyEvent};

/// Everything the app can be asked to do: its own actions, and each tab's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// `q`: quits at once (the session is kept), or asks first while a
    /// game is at stake and there is no state folder to keep it in.
    Quit,
    /// Quits whatever is at stake (`y` to the question, Ctrl-C).
    QuitNow,
    /// `y` to the question: quit, or do the tab's action asked about.
    Yes,
    /// Esc: closes the question or the help, else dismisses the tab's
    /// message. Never quits.
    Dismiss,
    NextTab,
    PrevTab,
    SelectTab(TabId),
    ToggleHelp,
    /// The rules of the tab's game, on or off.
    ToggleRules,
    /// The details of every tab on or off (the expert's layer).
    ToggleDetails,
    /// The help or the rules this many lines further down (up if negative).
    ScrollOverlay(isize),
    /// A panel cut short (`… N more rows`) this many pages further on
    /// (back if negative).
    ReadOn(isize),
    /// Stop the app and give the terminal back until `fg` (Ctrl-Z).
    Suspend,
    /// Ctrl-S, Ctrl-O: the prompt for the file to save the tab to, or to
    /// load.
    SaveFile,
    LoadFile,
    /// A key typed into that prompt.
    FileKey(KeyEvent),
    /// The cursor of the current tab.
    Cursor(Direction),
    /// The shown tab's action.
    Tab(TabAction),
    /// From the dashboard: the tab's missed puzzles, played again now.
    ReplayMissed,
    /// A puzzle key where the tab shows no puzzle (S, T, D).
    Puzzle(PuzzleAction),
}

impl Action {
    /// A tab's action as the app's.
    pub fn tab(action: impl Into<TabAction>) -> Action {
        Action::Tab(action.into())
    }
}

/// The app's keys that come before the tab's in the footer.
pub const NAVIGATION: &[Binding<Action>] = keys![
    [key(KeyCode::Left), ch('h')] "←/h" "cursor left" => Action::Cursor(Direction::Left);
    [key(KeyCode::Right), ch('l')] "→/l" "cursor right" => Action::Cursor(Direction::Right);
    [key(KeyCode::Up), ch('k')] "↑/k" "cursor up" => Action::Cursor(Direction::Up);
    [key(KeyCode::Down), ch('j')] "↓/j" "cursor down" => Action::Cursor(Direction::Down);
    [key(KeyCode::Tab)] "Tab" "next tab" => Action::NextTab;
    [key(KeyCode::BackTab)] "S-Tab" "previous tab" => Action::PrevTab;
];

/// The digits that pick a tab: `1` for the first in the title bar, …
pub fn tab_for_digit(key: &KeyEvent) -> Option<TabId> {
    let KeyCode::Char(c) = key.code else {
        return None;
    };
    let digit = c.to_digit(10)? as usize;
    TabId::ALL.get(digit.checked_sub(1)?).copied()
}

/// The digit key's line in the help: `1-3`, the tabs.
pub fn tab_digits_hint() -> Hint {
    let label: &'static str = match TabId::ALL.len() {
        1 => "1",
        2 => "1-2",
        3 => "1-3",
        4 => "1-4",
        _ => "1-9",
    };
    Hint {
        label,
        help: "a tab by its number in the title bar",
        footer: Footer::Hidden,
        key: Some(ch('1')),
    }
}

/// The app's keys that end the footer: Ctrl-Z (last) only where there is
/// job control.
pub const GENERAL: &[Binding<Action>] = if cfg!(unix) {
    GENERAL_ALL
} else {
    GENERAL_ALL.split_at(GENERAL_ALL.len() - 1).0
};

const GENERAL_ALL: &[Binding<Action>] = keys![
    [ch('?')] "?" "help: every key that works now" => Action::ToggleHelp, footer "help";
    [ch('r')] "r" "rules of this tab's game" => Action::ToggleRules, footer "rules";
    [ch('J')] "J" "read on where the words are cut (… more rows)" => Action::ReadOn(1);
    [ch('K')] "K" "back up the words cut" => Action::ReadOn(-1);
    [ch('i')] "i" "details on or off: the board as text and the contest answers, Grundy values, the algebra" => Action::ToggleDetails;
    [ch('q')] "q" "quit (the session is kept; asks first where it cannot be)" => Action::Quit, footer "quit";
    [key(KeyCode::Esc)] "Esc" "close, put down, dismiss (never quits)" => Action::Dismiss;
    [ctrl('s')] "C-s" "save what is shown to a file (a match with its moves)" => Action::SaveFile;
    [ctrl('o')] "C-o" "load a saved file into its tab" => Action::LoadFile;
    [ctrl('c')] "C-c" "quit at once" => Action::QuitNow;
    [ctrl('z')] "C-z" "suspend: back to the shell until fg" => Action::Suspend;
];

/// The puzzles' runs and dashboard from a tab's first screen (or a game),
/// as in its puzzles, where their own keys answer.
pub const PUZZLE_ENTRY: &[Binding<Action>] = keys![
    [ch('S')] "S" "a streak run of puzzles (harder and harder; one mistake ends it)" => Action::Puzzle(PuzzleAction::Run(RunKind::Streak));
    [ch('T')] "T" "a timed run of puzzles (3 minutes; a mistake costs 10 s)" => Action::Puzzle(PuzzleAction::Run(RunKind::Timed));
    [ch('D')] "D" "your puzzle dashboard: the rating over time, themes, best runs, missed puzzles" => Action::Puzzle(PuzzleAction::Dashboard);
];

modes! {
    /// The pop-up shown: each has its keys in [`OVERLAY`].
    HELP,
    RULES,
    QUESTION,
    /// The path prompt of Ctrl-S and Ctrl-O takes every key but Ctrl-C.
    FILE,
    /// The puzzle dashboard (`D`).
    DASHBOARD,
    /// The dashboard, with missed puzzles to play again.
    DASHBOARD_MISSED,
}
const READING: When = HELP.or(RULES).or(DASHBOARD);

/// The keys of the pop-ups; the closing line of each (its footer) comes
/// from here too.
pub const OVERLAY: &[Binding<Action>] = keys![
    [ch('?'), key(KeyCode::Esc), ch('q')] "?, q or Esc" "close the help" => Action::Dismiss, when HELP, footer "closes this help";
    [ch('r'), key(KeyCode::Esc), ch('q')] "r, q or Esc" "close the rules" => Action::Dismiss, when RULES, footer "closes the rules";
    [ch('m')] "m" "play the missed puzzles again now, one after another" => Action::ReplayMissed, when DASHBOARD_MISSED, footer "replays missed";
    [ch('D'), key(KeyCode::Esc), ch('q')] "D/Esc" "close the dashboard (q too)" => Action::Dismiss, when DASHBOARD, footer "closes";
    [key(KeyCode::Down), ch('j')] "↓/j" "a line down" => Action::ScrollOverlay(1), when READING;
    [key(KeyCode::Up), ch('k')] "↑/k" "a line up" => Action::ScrollOverlay(-1), when READING;
    // J and K page as they do in a cut panel (round 15 read `j or PgDn`
    // here and `J reads on` there).
    [ch('J'), key(KeyCode::PageDown), ch(' ')] "J/PgDn" "a page down" => Action::ScrollOverlay(10), when READING;
    [ch('K'), key(KeyCode::PageUp)] "K/PgUp" "a page up" => Action::ScrollOverlay(-10), when READING;
    [ch('y'), ch('Y')] "y" "yes" => Action::Yes, when QUESTION, footer "yes";
    [ch('n'), ch('N'), ch('q'), key(KeyCode::Esc)] "n" "no" => Action::Dismiss, when QUESTION, footer "no";
    [ctrl('c')] "C-c" "quit at once" => Action::QuitNow;
];
