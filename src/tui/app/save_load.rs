//! Saving the tab shown and loading a file into its tab (Ctrl-S, Ctrl-O):
//! the data folder's file for it, the path prompt's answer, and the
//! question before a file is loaded over a game in progress.

use super::App;
use crate::notation::escape_all;
use crate::notation::saved::Saved;
use crate::tui::files::{self, FilePrompt, Intent};
use crate::tui::overlays::{Overlay, Question};
use crate::tui::tabs::TabId;
use std::path::{Path, PathBuf};

impl App {
    /// The data folder's file for the tab shown (`<data>/saved/<game>.txt`,
    /// or during a puzzle `<data>/saved/<puzzle id>.txt`: the file of a
    /// match saved before is not written over by a puzzle).
    pub(super) fn default_file(&self) -> Option<PathBuf> {
        let name = match self.page().puzzle_saved() {
            Some((id, _)) => id.to_string(),
            None => self.tab.word().to_string(),
        };
        files::default_file(self.puzzle_folder.as_deref(), &name)
    }

    pub(super) fn open_file_prompt(&mut self, intent: Intent) {
        self.overlay = Some(Overlay::File(FilePrompt::new(intent, self.default_file())));
    }

    /// Saves the tab shown to `path`, or loads `path` into its tab.
    pub(super) fn file_done(&mut self, intent: Intent, path: &Path) -> Result<String, String> {
        match intent {
            // The app's own folder for saved games is made on first use; a
            // folder the user names must exist, as in an editor.
            Intent::Save => {
                if Some(path) == self.default_file().as_deref() {
                    if let Some(Err(e)) = path.parent().map(crate::store::ensure_folder) {
                        let shown = escape_all(&path.display().to_string());
                        return Err(format!("could not save to {shown}: {e}"));
                    }
                }
                // What is on screen: a puzzle, said so, else the tab.
                match self.page().puzzle_saved() {
                    Some((id, puzzle)) => {
                        files::save(path, &puzzle, Some(&format!("puzzle {id} as it stands")))
                    }
                    None => files::save(path, &self.saved(), None),
                }
            }
            Intent::Load => {
                let saved = files::load(path)?;
                let shown = escape_all(&path.display().to_string());
                // Loading over a match in progress asks first, as a new
                // game does.
                let tab = TabId::from_word(saved.game_word());
                if let Some(what) = tab.and_then(|t| self.tabs.page(t).at_stake()) {
                    let question = format!("Load {shown} over {what}? It is discarded.");
                    let saved = Box::new(saved);
                    self.overlay = Some(Overlay::Question(Question::Load {
                        question,
                        saved,
                        path: shown,
                    }));
                    return Ok(String::new());
                }
                self.load_saved(saved);
                Ok(format!("loaded {shown}"))
            }
        }
    }

    /// The tab on screen, as a saved file holds it.
    pub fn saved(&self) -> Saved {
        self.page().saved()
    }

    /// A saved file in its tab, which is shown.
    pub fn load_saved(&mut self, mut saved: Saved) {
        for &tab in TabId::ALL {
            match self.tabs.page_mut(tab).load(saved) {
                Ok(()) => return self.tab = tab,
                Err(back) => saved = back,
            }
        }
    }
}
