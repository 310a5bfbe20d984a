//! How the app starts: the settings file's choices, the data folder, and a
//! puzzle to open (the command line's options come after the settings).

use super::app::{App, TabId};
use crate::settings::Settings;
use crate::solver::mnc::Strength;
use crate::solver::puzzle::{PuzzleGame, PuzzleId};
use crate::solver::Side;

impl App {
    /// The settings file's choices (the command line's come after).
    pub fn apply_settings(&mut self, settings: &Settings) {
        use crate::settings::{OpeningTab, SideSetting, StrengthSetting};
        self.ascii = settings.display == crate::settings::Display::Ascii;
        let side = match settings.mnc.side {
            SideSetting::X => Side::X,
            SideSetting::O => Side::O,
        };
        let strength = match settings.mnc.strength {
            StrengthSetting::Perfect => Strength::Perfect,
            StrengthSetting::Strong => Strength::Strong,
            StrengthSetting::Casual => Strength::Casual,
        };
        self.mnc_start = (side, strength, settings.mnc.hints);
        let zoom = settings.treblecross.zoom.0;
        self.treblecross
            .set_zoom((zoom > 0).then_some(u16::from(zoom)));
        self.select_tab(match settings.tab {
            OpeningTab::TicTacToe => TabId::TicTacToe,
            OpeningTab::Treblecross => TabId::Treblecross,
            OpeningTab::Mnc => TabId::Mnc,
        });
    }

    /// The puzzles' levels and streaks kept in `folder` from now on.
    pub fn keep_puzzles_in(&mut self, folder: std::path::PathBuf) {
        self.tictactoe.keep_puzzles_in(&folder);
        self.treblecross.keep_puzzles_in(&folder);
        if let Some(mnc) = &mut self.mnc {
            mnc.keep_puzzles_in(&folder);
        }
        self.puzzle_folder = Some(folder);
    }

    /// Opens the puzzle `id` on its tab.
    pub fn open_puzzle(&mut self, id: PuzzleId) {
        match id.game {
            PuzzleGame::TicTacToe => {
                self.tab = TabId::TicTacToe;
                self.tictactoe.open_puzzle(id);
            }
            PuzzleGame::Treblecross => {
                self.tab = TabId::Treblecross;
                self.treblecross.open_puzzle(Some(id));
            }
            PuzzleGame::Mnc => {
                self.select_tab(TabId::Mnc);
                self.mnc_tab().open_puzzle(Some(id));
            }
        }
    }
}
