//! Keys, listed once per tab: a key table of [`Binding`]s is matched
//! against key presses, and the footer and the `?` overlay are drawn from
//! the same table. Each binding says in which modes of its tab it applies
//! ([`When`]); the footer and help show only what works now.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One key (with the modifiers it needs; Shift on characters is ignored
/// since the character itself carries it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

pub const fn key(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

pub const fn ch(c: char) -> Key {
    key(KeyCode::Char(c))
}

pub const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

/// The modes of a tab in which a binding applies: a set of bits, each tab
/// naming its own modes ([`When::mode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct When(u32);

impl When {
    /// In every mode.
    pub const ALWAYS: When = When(u32::MAX);

    /// No mode: what a binding [`Binding::needs`] when it needs nothing
    /// more.
    pub const NONE: When = When(0);

    /// No puzzle on: a game's own keys need it (a new game, other sides,
    /// the engine's strength, continuing from a step of the line), which a
    /// puzzle refuses: its review and perfect line offered `n new` (round
    /// 14).
    pub const NO_PUZZLE: When = When(1 << 17);

    /// A puzzle run on: its own word for `n`, which skips the puzzle and
    /// in a streak run ends the run (round 20 pressed `n next` there and
    /// lost the run).
    pub const RUN: When = When(1 << 18);

    /// A puzzle shown and not answered yet: its answer keys need it (the
    /// footer stops offering `Space answer` once the puzzle is over).
    pub const OPEN: When = When(1 << 16);

    /// Outside a puzzle run: the aim needs it, which a run has no use for.
    /// The app adds it and [`When::HINTS`] to a tab's mode
    /// ([`crate::tui::tab::Tab::keys_mode`]), so a tab's own modes stop
    /// below them.
    pub const OUTSIDE_RUNS: When = When(1 << 15);

    /// A puzzle open, outside a run: the hints need it.
    pub const HINTS: When = When(1 << 14);

    /// Outside a lesson: the runs need it, and the puzzles' own words for
    /// `n` and `p`.
    pub const OUTSIDE_LESSONS: When = When(1 << 13);

    /// In a lesson: its own words for `n` and `p`.
    pub const LESSON: When = When(1 << 12);

    /// The mode numbered `n` (0…11) of a tab.
    pub const fn mode(n: u8) -> When {
        assert!(
            n < 12,
            "modes 12 and up are the app's (When::LESSON, OUTSIDE_LESSONS, HINTS, OUTSIDE_RUNS, OPEN, NO_PUZZLE, RUN)"
        );
        When(1 << n)
    }

    /// In either set of modes.
    pub const fn or(self, other: When) -> When {
        When(self.0 | other.0)
    }

    /// Whether a binding for `self` applies in the current mode `now`.
    pub const fn applies(self, now: When) -> bool {
        self.0 & now.0 != 0
    }

    /// Whether every mode of `self` is on `now`.
    pub const fn all_in(self, now: When) -> bool {
        self.0 & now.0 == self.0
    }
}

/// How a binding shows in the footer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Footer {
    /// Only in the help overlay.
    Hidden,
    /// Its label, then this word.
    Word(&'static str),
    /// For a group of bindings: these keys, then this word (`x/o/.` set).
    Group(&'static str, &'static str),
}

/// A command: its keys, how they are written, what it does and when.
#[derive(Debug, Clone, Copy)]
pub struct Binding<A> {
    pub keys: &'static [Key],
    pub label: &'static str,
    pub help: &'static str,
    pub action: A,
    pub when: When,
    /// Modes that must all be on as well (`when` asks for any one).
    pub needs: When,
    pub footer: Footer,
}

impl<A> Binding<A> {
    /// A binding that applies in every mode and shows only in the help.
    pub const fn new(
        keys: &'static [Key],
        label: &'static str,
        help: &'static str,
        action: A,
    ) -> Binding<A> {
        Binding {
            keys,
            label,
            help,
            action,
            when: When::ALWAYS,
            needs: When::NONE,
            footer: Footer::Hidden,
        }
    }

    /// Shown in the footer as its label and `word`.
    pub const fn footer(mut self, word: &'static str) -> Binding<A> {
        self.footer = Footer::Word(word);
        self
    }

    /// Shown in the footer as `keys` and `word`, for a group.
    pub const fn footer_group(mut self, keys: &'static str, word: &'static str) -> Binding<A> {
        self.footer = Footer::Group(keys, word);
        self
    }

    /// Applies only in these modes.
    pub const fn when(mut self, when: When) -> Binding<A> {
        self.when = when;
        self
    }

    /// Applies only while all of these modes are on too.
    pub const fn needs(mut self, needs: When) -> Binding<A> {
        self.needs = needs;
        self
    }

    /// Whether it applies in the current mode `now`.
    pub const fn applies(&self, now: When) -> bool {
        self.when.applies(now) && self.needs.all_in(now)
    }

    /// Whether the key press is one of this binding's keys.
    pub fn matches(&self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        self.keys
            .iter()
            .any(|k| k.code == event.code && k.ctrl == ctrl)
    }

    /// What the footer and help need of it.
    pub fn hint(&self) -> Hint {
        Hint {
            label: self.label,
            help: self.help,
            footer: self.footer,
            key: self.keys.first().copied(),
        }
    }
}

/// A binding as the footer and the help overlay show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    pub label: &'static str,
    pub help: &'static str,
    pub footer: Footer,
    /// The first of its keys (the one a test presses).
    pub key: Option<Key>,
}

impl Hint {
    /// The keys and word of its footer entry, if it has one.
    pub fn footer_entry(&self) -> Option<(&'static str, &'static str)> {
        match self.footer {
            Footer::Hidden => None,
            Footer::Word(word) => Some((self.label, word)),
            Footer::Group(keys, word) => Some((keys, word)),
        }
    }
}

/// A tab's modes, numbered in order: `modes! { EDITING, PLAYING }` makes
/// `pub const EDITING: When = When::mode(0)`, then 1, and so on (each
/// name may carry its doc comment).
macro_rules! modes {
    (@from $n:expr; $(#[$doc:meta])* $name:ident $(, $($(#[$more:meta])* $rest:ident),+)?) => {
        $(#[$doc])*
        pub const $name: $crate::tui::keymap::When = $crate::tui::keymap::When::mode($n);
        $($crate::tui::keymap::modes!(@from $n + 1; $($(#[$more])* $rest),+);)?
    };
    (from $n:expr; $($(#[$doc:meta])* $name:ident),+ $(,)?) => {
        $crate::tui::keymap::modes!(@from $n; $($(#[$doc])* $name),+);
    };
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {
        $crate::tui::keymap::modes!(@from 0; $($(#[$doc])* $name),+);
    };
}
pub(crate) use modes;

/// A key table, one binding a line, read as a table is:
///
/// ```text
/// [keys] "label" "what it does" => action, when MODES, needs MODES, footer "word";
/// [keys] "label" "what it does" => action, group "keys" "word";
/// use AN_EXISTING_BINDING;
/// ```
///
/// (`when`, `needs` and the footer are optional; without `when` a binding
/// applies in every mode, `needs` adds modes that must all be on, without
/// a footer it shows only in the help.)
macro_rules! keys {
    (@table [$($done:expr,)*]) => { &[$($done,)*] };
    (@table [$($done:expr,)*] use $binding:expr; $($rest:tt)*) => {
        $crate::tui::keymap::keys!(@table [$($done,)* $binding,] $($rest)*)
    };
    (@table [$($done:expr,)*]
        [$($key:expr),+ $(,)?] $label:literal $help:literal => $action:expr
        $(, when $when:expr)? $(, needs $needs:expr)? $(, footer $word:literal)? $(, group $keys:literal $group:literal)?;
        $($rest:tt)*
    ) => {
        $crate::tui::keymap::keys!(@table [$($done,)*
            $crate::tui::keymap::Binding::new(&[$($key),+], $label, $help, $action)
                $(.when($when))? $(.needs($needs))? $(.footer($word))? $(.footer_group($keys, $group))?,
        ] $($rest)*)
    };
    // One binding, in the same words (a binding used in two tables).
    (@one [$($key:expr),+ $(,)?] $label:literal $help:literal => $action:expr
        $(, when $when:expr)? $(, needs $needs:expr)? $(, footer $word:literal)? $(, group $keys:literal $group:literal)?
    ) => {
        $crate::tui::keymap::Binding::new(&[$($key),+], $label, $help, $action)
            $(.when($when))? $(.needs($needs))? $(.footer($word))? $(.footer_group($keys, $group))?
    };
    ($($lines:tt)*) => { $crate::tui::keymap::keys!(@table [] $($lines)*) };
}
pub(crate) use keys;

/// The action of the first binding of `bindings` that the key press
/// matches and that applies `now`.
pub fn applicable<A: Copy>(bindings: &[Binding<A>], event: &KeyEvent, now: When) -> Option<A> {
    bindings
        .iter()
        .find(|b| b.applies(now) && b.matches(event))
        .map(|b| b.action)
}

/// The action of the first binding the key press matches, applicable now
/// or not: the tab then says why it does nothing now.
pub fn any<A: Copy>(bindings: &[Binding<A>], event: &KeyEvent) -> Option<A> {
    bindings.iter().find(|b| b.matches(event)).map(|b| b.action)
}

/// The hints of the bindings that apply `now`.
pub fn hints<A>(bindings: &[Binding<A>], now: When) -> impl Iterator<Item = Hint> + '_ {
    bindings
        .iter()
        .filter(move |b| b.applies(now))
        .map(Binding::hint)
}

/// A step of a cursor: on a 3×3 board in four directions, along a strip
/// left and right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Left,
    Right,
    Up,
    Down,
}

impl Direction {
    /// Rows down and columns right.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventKind, KeyEventState};

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }
    }

    const EDITING: When = When::mode(0);
    const PLAYING: When = When::mode(1);
    const TABLE: &[Binding<u8>] = &[
        Binding::new(&[ch('x')], "x", "put X", 1).when(EDITING),
        Binding::new(&[ch('x'), ctrl('r')], "x", "play X", 2)
            .when(PLAYING)
            .footer("play"),
    ];

    #[test]
    fn keys_match_by_mode_and_ctrl() {
        let x = press(KeyCode::Char('x'), KeyModifiers::NONE);
        assert_eq!(applicable(TABLE, &x, EDITING), Some(1));
        assert_eq!(applicable(TABLE, &x, PLAYING), Some(2));
        let r = press(KeyCode::Char('r'), KeyModifiers::NONE);
        assert_eq!(any(TABLE, &r), None);
        let ctrl_r = press(KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(applicable(TABLE, &ctrl_r, EDITING), None);
        assert_eq!(any(TABLE, &ctrl_r), Some(2));
        let shown: Vec<_> = hints(TABLE, PLAYING).map(|h| h.help).collect();
        assert_eq!(shown, ["play X"]);
        assert_eq!(
            hints(TABLE, PLAYING).next().unwrap().footer_entry(),
            Some(("x", "play"))
        );
        assert!(EDITING.or(PLAYING).applies(PLAYING));
    }
}
