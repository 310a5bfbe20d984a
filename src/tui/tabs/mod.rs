//! The tabs, each a leaf (see [`Tab`]), and the one list that registers
//! them: a tab is a folder here and a line in [`tabs!`]'s call below.
//! From that line come the tab's id ([`TabId`]), its actions in the app's
//! ([`TabAction`]), its field in [`Tabs`] and its [`Page`]: the tab as the
//! app sees it, so that the app never matches on which tab is shown.

pub mod mnc;
pub mod notakto;
pub mod tictactoe;
pub mod treblecross;

use super::keymap::{self, Hint};
use super::puzzle::{PuzzleAction, Puzzles};
use super::tab::{About, Keep, Tab, TabBasics};
use super::theme::Theme;
use super::widgets::render_too_small;
use crate::solver::puzzle::PuzzleId;
use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::path::Path;

/// A tab as the app sees it, its actions wrapped in [`TabAction`]: one
/// blanket implementation for every [`Tab`].
pub trait Page: Keep + TabBasics {
    /// The tab's key that works now.
    fn key_action(&self, event: &KeyEvent) -> Option<TabAction>;
    /// The tab's key whether it works now or not (the tab says why not).
    fn key_action_now_or_not(&self, event: &KeyEvent) -> Option<TabAction>;
    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<TabAction>;
    /// Every key of the tab that works now.
    fn hints(&self) -> Vec<Hint>;
    fn dismiss(&mut self);
    fn typed(&self, event: &KeyEvent) -> Option<TabAction>;
    /// The question to ask before the action, if it loses a match.
    fn abandons(&self, action: TabAction) -> Option<String>;
    /// Does the action (one of another tab's is passed over).
    fn apply(&mut self, action: TabAction);
    fn open_puzzle(&mut self, id: Option<PuzzleId>) -> Result<(), PuzzleId>;
    fn keep_puzzles_in(&mut self, folder: &Path);
    /// The app closes: the puzzle on, if answered or hinted, goes into the
    /// history.
    fn closing(&mut self);
    /// `D` was pressed in the tab's puzzles (asked once: this clears it):
    /// the app opens the dashboard.
    fn take_dashboard_asked(&mut self) -> bool;
    /// The tab's puzzle record and history, which the dashboard reads.
    fn trainer(&self) -> &crate::training::Trainer;
    /// Whether the puzzle on was answered or hinted and is not kept yet
    /// (it is once it ends): the dashboard says so.
    fn attempt_waiting(&self) -> bool;
    /// The missed puzzles played again, the first one now: how many.
    fn replay_missed(&mut self) -> usize;
    /// Whether a puzzle or a lesson is on (shown, or its line or review).
    fn puzzle_on(&self) -> bool;
    /// A puzzle key as the tab's action (S, T, D where no puzzle is on).
    fn puzzle_action(&self, action: PuzzleAction) -> TabAction;
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme);
    /// Whether the tab is drawn in `area` (else "enlarge the terminal"
    /// is, and its keys and clicks wait).
    fn fits(&self, area: Rect) -> bool;
}

impl<T: Tab> Page for T
where
    TabAction: From<T::Action>,
    T::Action: TryFrom<TabAction>,
{
    fn key_action(&self, event: &KeyEvent) -> Option<TabAction> {
        keymap::applicable(self.bindings(), event, self.keys_mode()).map(TabAction::from)
    }

    fn key_action_now_or_not(&self, event: &KeyEvent) -> Option<TabAction> {
        keymap::any(self.bindings(), event).map(TabAction::from)
    }

    fn mouse_action(&self, area: Rect, event: &MouseEvent) -> Option<TabAction> {
        self.mouse(area, event).map(TabAction::from)
    }

    fn hints(&self) -> Vec<Hint> {
        keymap::hints(self.bindings(), self.keys_mode()).collect()
    }

    fn dismiss(&mut self) {
        Tab::dismiss(self);
    }

    fn typed(&self, event: &KeyEvent) -> Option<TabAction> {
        Tab::typed(self, event).map(TabAction::from)
    }

    fn abandons(&self, action: TabAction) -> Option<String> {
        Tab::abandons(self, T::Action::try_from(action).ok()?)
    }

    fn apply(&mut self, action: TabAction) {
        if let Ok(action) = T::Action::try_from(action) {
            Tab::update(self, action);
        }
    }

    fn open_puzzle(&mut self, id: Option<PuzzleId>) -> Result<(), PuzzleId> {
        match id {
            Some(id) if id.game != self.training().trainer.game => Err(id),
            _ => {
                Puzzles::open(self, id);
                Ok(())
            }
        }
    }

    fn keep_puzzles_in(&mut self, folder: &Path) {
        self.training_mut().keep_in(folder);
    }

    fn closing(&mut self) {
        self.training_mut().closing();
    }

    fn take_dashboard_asked(&mut self) -> bool {
        std::mem::take(&mut self.training_mut().dashboard_asked)
    }

    fn trainer(&self) -> &crate::training::Trainer {
        &self.training().trainer
    }

    fn attempt_waiting(&self) -> bool {
        let current = self.training().current.as_ref();
        current.is_some_and(|t| {
            let a = &t.attempt;
            !a.kept && !a.practice && (a.wrong > 0 || a.hints_given > 0)
        })
    }

    fn replay_missed(&mut self) -> usize {
        let count = self.training_mut().start_replay();
        if count > 0 {
            Puzzles::open(self, None);
        }
        count
    }

    fn puzzle_on(&self) -> bool {
        self.training().current.is_some()
    }

    fn puzzle_action(&self, action: PuzzleAction) -> TabAction {
        TabAction::from(T::puzzle_action(action))
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if Page::fits(self, area) {
            Tab::render(self, area, buf, theme);
        } else {
            render_too_small(area, buf, T::MIN_SIZE);
        }
    }

    fn fits(&self, area: Rect) -> bool {
        let (width, height) = T::MIN_SIZE;
        area.width >= width && area.height >= height
    }
}

/// Registers the tabs: `Id: module::TabType`, in the title bar's order.
macro_rules! tabs {
    ($($id:ident: $module:ident::$tab:ident),+ $(,)?) => {
        /// Which tab (in the title bar's order).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum TabId {
            $($id),+
        }

        impl TabId {
            pub const ALL: &[TabId] = &[$(TabId::$id),+];

            /// The tab's names.
            pub fn about(self) -> &'static About {
                match self {
                    $(TabId::$id => &<$module::$tab as Tab>::ABOUT),+
                }
            }
        }

        /// A tab's action, as the app carries it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum TabAction {
            $($id($module::Action)),+
        }

        $(
            impl From<$module::Action> for TabAction {
                fn from(action: $module::Action) -> TabAction {
                    TabAction::$id(action)
                }
            }

            impl TryFrom<TabAction> for $module::Action {
                type Error = TabAction;

                #[allow(irrefutable_let_patterns)]
                fn try_from(action: TabAction) -> Result<$module::Action, TabAction> {
                    match action {
                        TabAction::$id(action) => Ok(action),
                        #[allow(unreachable_patterns)]
                        other => Err(other),
                    }
                }
            }
        )+

        /// Every tab, each in its field.
        #[derive(Default)]
        pub struct Tabs {
            $(pub $module: $module::$tab),+
        }

        impl Tabs {
            /// The tab `id`.
            pub fn page(&self, id: TabId) -> &dyn Page {
                match id {
                    $(TabId::$id => &self.$module),+
                }
            }

            pub fn page_mut(&mut self, id: TabId) -> &mut dyn Page {
                match id {
                    $(TabId::$id => &mut self.$module),+
                }
            }

            /// Every tab, in the title bar's order.
            pub fn pages(&self) -> Vec<&dyn Page> {
                vec![$(&self.$module as &dyn Page),+]
            }

            pub fn pages_mut(&mut self) -> Vec<&mut dyn Page> {
                vec![$(&mut self.$module as &mut dyn Page),+]
            }
        }
    };
}

tabs! {
    TicTacToe: tictactoe::TicTacToeTab,
    Treblecross: treblecross::TreblecrossTab,
    Mnc: mnc::MncTab,
    Notakto: notakto::NotaktoTab,
}

impl TabId {
    pub fn title(self) -> &'static str {
        self.about().title
    }

    /// The title in a narrow title bar.
    pub fn short_title(self) -> &'static str {
        self.about().short_title
    }

    /// The tab's game in one word, as files and settings name it.
    pub fn word(self) -> &'static str {
        self.about().word
    }

    /// The heading of the game's rules in `assets/rules.md`.
    pub fn rules_heading(self) -> &'static str {
        self.about().rules
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn next(self) -> TabId {
        TabId::ALL[(self.index() + 1) % TabId::ALL.len()]
    }

    pub fn prev(self) -> TabId {
        TabId::ALL[(self.index() + TabId::ALL.len() - 1) % TabId::ALL.len()]
    }

    /// The tab whose game is `word` (`tictactoe`, …).
    pub fn from_word(word: &str) -> Option<TabId> {
        TabId::ALL.iter().copied().find(|t| t.word() == word)
    }
}
