//! The tab in files: the strip (and a game with its moves) as a saved file
//! holds it, a saved one loaded, and the zoom the session keeps.

use super::Edit;
use super::TreblecrossTab;
use crate::notation::saved::Saved;
use crate::settings::Settings;
use crate::solver::puzzle::PuzzleId;
use crate::solver::treblecross::{Player, Position, Strip};
use crate::tui::playing::{EditedMatch, PlayingTab};
use crate::tui::tab::Keep;

impl Keep for TreblecrossTab {
    /// The strip, and in a game where it started, who moved first and the
    /// moves: as a saved file holds them.
    fn saved(&self) -> Saved {
        match self.saved_game() {
            Some((start, moves)) => Saved::Treblecross {
                strip: start.strip,
                game: Some((start.to_move, moves)),
            },
            // During a puzzle: the editor's own, put aside.
            None => Saved::Treblecross {
                strip: self
                    .aside()
                    .map_or(&self.strip, |a| &a.editor.strip)
                    .clone(),
                game: None,
            },
        }
    }

    /// The puzzle's strip as shown (with the winning X once found).
    fn puzzle_saved(&self) -> Option<(PuzzleId, Saved)> {
        let t = self.training.current.as_ref()?;
        let strip = self.strip.clone();
        Some((t.attempt.id, Saved::Treblecross { strip, game: None }))
    }

    /// A saved file of this tab's game, loaded; another given back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved> {
        match saved {
            Saved::Treblecross { strip, game } => {
                self.load_strip(strip, game);
                Ok(())
            }
            other => Err(other),
        }
    }

    /// The settings file's zoom (0: the widest that fits).
    fn apply_settings(&mut self, settings: &Settings) {
        let zoom = settings.games.treblecross.zoom.0;
        self.set_zoom((zoom > 0).then_some(u16::from(zoom)));
    }

    fn kept(&self) -> Vec<(&'static str, String)> {
        vec![("zoom", self.zoom.unwrap_or(0).to_string())]
    }

    fn restore(&mut self, name: &str, value: &str) {
        if let ("zoom", Ok(zoom)) = (name, value.parse::<u16>()) {
            self.set_zoom((zoom > 0).then_some(zoom));
        }
    }
}

impl TreblecrossTab {
    /// A saved strip, as one undoable edit; with a game, the game played
    /// again to where it was (the engine moves if it is its turn).
    fn load_strip(&mut self, strip: Strip, game: Option<(Player, Vec<usize>)>) {
        self.training.forget();
        self.playing.game = None;
        self.playing.study = None;
        self.cursor = 0;
        self.edit(Edit::whole(&strip));
        self.message = None;
        if let Some((first, moves)) = game {
            self.load_game(
                Position {
                    strip,
                    to_move: first,
                },
                Player::You,
                moves,
            );
        }
    }
}
