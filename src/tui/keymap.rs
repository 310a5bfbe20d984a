//! The keys of each tab, listed once: the footer and the `?` overlay are
//! both drawn from these lists, and key presses are matched against them.

use super::app::{Action, MncAction, TabId, TicTacToeAction, TreblecrossAction};
use super::treblecross::Player;
use crate::solver::mnc::{Side, Size};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One key (with the modifiers it needs; Shift on characters is ignored
/// since the character itself carries it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn key(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}
const fn ch(c: char) -> Key {
    key(KeyCode::Char(c))
}
const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

/// A command: its keys, how they are written, what it does.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub keys: &'static [Key],
    pub label: &'static str,
    pub help: &'static str,
    pub action: Action,
    /// The word in the footer, or its keys and word (`x/o/. set`);
    /// empty: only in the overlay.
    pub footer: &'static str,
}

const fn bind(
    keys: &'static [Key],
    label: &'static str,
    help: &'static str,
    action: Action,
    footer: &'static str,
) -> Binding {
    Binding {
        keys,
        label,
        help,
        action,
        footer,
    }
}

/// Keys that work on every tab.
pub const GLOBAL: &[Binding] = &[
    bind(&[key(KeyCode::Tab)], "Tab", "next tab", Action::NextTab, ""),
    bind(
        &[key(KeyCode::BackTab)],
        "S-Tab",
        "previous tab",
        Action::PrevTab,
        "",
    ),
    bind(
        &[ch('1')],
        "1",
        "Tic-tac-toe tab",
        Action::SelectTab(TabId::TicTacToe),
        "",
    ),
    bind(
        &[ch('2')],
        "2",
        "Treblecross tab",
        Action::SelectTab(TabId::Treblecross),
        "",
    ),
    bind(
        &[ch('3')],
        "3",
        "Noughts & Crosses+ tab",
        Action::SelectTab(TabId::Mnc),
        "",
    ),
    bind(
        &[ch('?')],
        "?",
        "help: every key of this tab",
        Action::ToggleHelp,
        "help",
    ),
    bind(
        &[ch('q'), key(KeyCode::Esc)],
        "q/Esc",
        "quit",
        Action::Quit,
        "quit",
    ),
];

use TicTacToeAction as T;

pub const TICTACTOE: &[Binding] = &[
    bind(
        &[key(KeyCode::Left), ch('h')],
        "←/h",
        "cursor left",
        Action::TicTacToe(T::Move { rows: 0, cols: -1 }),
        "",
    ),
    bind(
        &[key(KeyCode::Right), ch('l')],
        "→/l",
        "cursor right",
        Action::TicTacToe(T::Move { rows: 0, cols: 1 }),
        "",
    ),
    bind(
        &[key(KeyCode::Up), ch('k')],
        "↑/k",
        "cursor up",
        Action::TicTacToe(T::Move { rows: -1, cols: 0 }),
        "",
    ),
    bind(
        &[key(KeyCode::Down), ch('j')],
        "↓/j",
        "cursor down",
        Action::TicTacToe(T::Move { rows: 1, cols: 0 }),
        "",
    ),
    bind(
        &[key(KeyCode::Char(' '))],
        "Space",
        "cycle the cell . → X → O → . (or click)",
        Action::TicTacToe(T::Cycle),
        "cycle",
    ),
    bind(
        &[ch('x')],
        "x",
        "put X in the cell",
        Action::TicTacToe(T::SetX),
        "x/o/. set",
    ),
    bind(
        &[ch('o'), ch('0')],
        "o",
        "put O in the cell",
        Action::TicTacToe(T::SetO),
        "",
    ),
    bind(
        &[ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)],
        ".",
        "empty the cell",
        Action::TicTacToe(T::SetEmpty),
        "",
    ),
    bind(&[ch('u')], "u", "undo", Action::TicTacToe(T::Undo), "undo"),
    bind(
        &[ctrl('r')],
        "C-r",
        "redo",
        Action::TicTacToe(T::Redo),
        "redo",
    ),
    bind(
        &[ch('c')],
        "c",
        "clear the board",
        Action::TicTacToe(T::Clear),
        "clear",
    ),
    bind(
        &[ch('e')],
        "e",
        "load the next example from assets/",
        Action::TicTacToe(T::NextExample),
        "example",
    ),
];

use TreblecrossAction as S;

pub const TREBLECROSS: &[Binding] = &[
    bind(
        &[key(KeyCode::Left), ch('h')],
        "←/h",
        "cursor left",
        Action::Treblecross(S::Move(-1)),
        "",
    ),
    bind(
        &[key(KeyCode::Right), ch('l')],
        "→/l",
        "cursor right",
        Action::Treblecross(S::Move(1)),
        "",
    ),
    bind(
        &[key(KeyCode::PageUp)],
        "PgUp",
        "cursor 50 cells left",
        Action::Treblecross(S::Move(-50)),
        "",
    ),
    bind(
        &[key(KeyCode::PageDown)],
        "PgDn",
        "cursor 50 cells right",
        Action::Treblecross(S::Move(50)),
        "",
    ),
    bind(
        &[key(KeyCode::Home)],
        "Home",
        "first cell",
        Action::Treblecross(S::Home),
        "",
    ),
    bind(
        &[key(KeyCode::End)],
        "End",
        "last cell",
        Action::Treblecross(S::End),
        "",
    ),
    bind(
        &[key(KeyCode::Char(' '))],
        "Space",
        "toggle X in the cell (or click it)",
        Action::Treblecross(S::Toggle),
        "toggle",
    ),
    bind(
        &[ch('x')],
        "x",
        "put X in the cell",
        Action::Treblecross(S::SetX),
        "",
    ),
    bind(
        &[ch('.'), key(KeyCode::Backspace), key(KeyCode::Delete)],
        ".",
        "empty the cell",
        Action::Treblecross(S::SetEmpty),
        "",
    ),
    bind(
        &[ch('+'), ch('=')],
        "+",
        "one cell longer",
        Action::Treblecross(S::Longer(1)),
        "+/- length",
    ),
    bind(
        &[ch('-')],
        "-",
        "one cell shorter (down to 3)",
        Action::Treblecross(S::Shorter(1)),
        "",
    ),
    bind(
        &[ch('>')],
        ">",
        "100 cells longer (up to 100,000)",
        Action::Treblecross(S::Longer(100)),
        "",
    ),
    bind(
        &[ch('<')],
        "<",
        "100 cells shorter",
        Action::Treblecross(S::Shorter(100)),
        "",
    ),
    bind(
        &[ch('u')],
        "u",
        "undo",
        Action::Treblecross(S::Undo),
        "undo",
    ),
    bind(
        &[ctrl('r')],
        "C-r",
        "redo",
        Action::Treblecross(S::Redo),
        "",
    ),
    bind(
        &[ch('c')],
        "c",
        "clear the strip",
        Action::Treblecross(S::Clear),
        "clear",
    ),
    bind(
        &[ch('e')],
        "e",
        "next example (the UVA sample strips)",
        Action::Treblecross(S::NextExample),
        "example",
    ),
    bind(
        &[ch('p')],
        "p",
        "play the engine, you first (p: stop)",
        Action::Treblecross(S::Play(Player::You)),
        "play",
    ),
    bind(
        &[ch('P')],
        "P",
        "play the engine, engine first",
        Action::Treblecross(S::Play(Player::Engine)),
        "",
    ),
    bind(
        &[ch('[')],
        "[",
        "Grundy panel: smaller L (or wheel)",
        Action::Treblecross(S::ScrollGrundy(-8)),
        "",
    ),
    bind(
        &[ch(']')],
        "]",
        "Grundy panel: larger L (or wheel)",
        Action::Treblecross(S::ScrollGrundy(8)),
        "[/] G(L)",
    ),
    bind(
        &[ch('s')],
        "s",
        "Grundy panel: statistics / values",
        Action::Treblecross(S::GrundyStats),
        "",
    ),
];

use MncAction as M;

pub const MNC: &[Binding] = &[
    bind(
        &[key(KeyCode::Left), ch('h')],
        "←/h",
        "cursor left",
        Action::Mnc(M::Move { rows: 0, cols: -1 }),
        "",
    ),
    bind(
        &[key(KeyCode::Right), ch('l')],
        "→/l",
        "cursor right",
        Action::Mnc(M::Move { rows: 0, cols: 1 }),
        "",
    ),
    bind(
        &[key(KeyCode::Up), ch('k')],
        "↑/k",
        "cursor up",
        Action::Mnc(M::Move { rows: -1, cols: 0 }),
        "",
    ),
    bind(
        &[key(KeyCode::Down), ch('j')],
        "↓/j",
        "cursor down",
        Action::Mnc(M::Move { rows: 1, cols: 0 }),
        "",
    ),
    bind(
        &[ch('s')],
        "s",
        "place a small piece at the cursor",
        Action::Mnc(M::PlaceHere(Size::Small)),
        "small",
    ),
    bind(
        &[ch('b')],
        "b",
        "place a big piece (may cover a small)",
        Action::Mnc(M::PlaceHere(Size::Big)),
        "big",
    ),
    bind(
        &[ch('m')],
        "m",
        "pick up your big piece, to move it",
        Action::Mnc(M::PickUp),
        "move",
    ),
    bind(
        &[key(KeyCode::Char(' ')), key(KeyCode::Enter)],
        "Space",
        "put the picked piece here (or click)",
        Action::Mnc(M::Activate),
        "",
    ),
    bind(
        &[ch('t')],
        "t",
        "hints: your moves' values on the board",
        Action::Mnc(M::ToggleHints),
        "hints",
    ),
    bind(
        &[ch('u')],
        "u",
        "take back your move and the reply",
        Action::Mnc(M::Undo),
        "undo",
    ),
    bind(&[ch('n')], "n", "new game", Action::Mnc(M::NewGame), "new"),
    bind(
        &[ch('w')],
        "w",
        "swap sides (a new game)",
        Action::Mnc(M::SwapSides),
        "swap",
    ),
    bind(
        &[ch('a')],
        "a",
        "analysis: set up any position (a: back)",
        Action::Mnc(M::ToggleAnalysis),
        "analyse",
    ),
    bind(
        &[ch('.')],
        ".",
        "analysis: empty the cell",
        Action::Mnc(M::SetupEmpty),
        "",
    ),
    bind(
        &[ch('v')],
        "v",
        "analysis: the other side to move",
        Action::Mnc(M::SetupSide),
        "",
    ),
    bind(
        &[ch('[')],
        "[",
        "analysis: x holds a small piece less",
        Action::Mnc(M::SetupHand(Side::X, -1)),
        "",
    ),
    bind(
        &[ch(']')],
        "]",
        "analysis: x holds a small piece more",
        Action::Mnc(M::SetupHand(Side::X, 1)),
        "",
    ),
    bind(
        &[ch('{')],
        "{",
        "analysis: o holds a small piece less",
        Action::Mnc(M::SetupHand(Side::O, -1)),
        "",
    ),
    bind(
        &[ch('}')],
        "}",
        "analysis: o holds a small piece more",
        Action::Mnc(M::SetupHand(Side::O, 1)),
        "",
    ),
];

/// The bindings of a tab (its own first, then the global ones).
pub fn bindings(tab: TabId) -> impl Iterator<Item = &'static Binding> {
    let own: &'static [Binding] = match tab {
        TabId::TicTacToe => TICTACTOE,
        TabId::Treblecross => TREBLECROSS,
        TabId::Mnc => MNC,
    };
    own.iter().chain(GLOBAL)
}

/// The action a key press asks for on this tab, if any.
pub fn action_for(tab: TabId, event: &KeyEvent) -> Option<Action> {
    let pressed_ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
    bindings(tab)
        .find(|b| {
            b.keys
                .iter()
                .any(|k| k.code == event.code && k.ctrl == pressed_ctrl)
        })
        .map(|b| b.action)
}
