//! The tab in files: the match as a saved file holds it (during a puzzle,
//! the match put aside; Ctrl-S saves the puzzle shown), a saved match
//! played again, and the tab's own
//! settings (from the settings file, kept in the session).

use super::{MncTab, Mode};
use crate::notation::mnc::{read_strength, strength_word};
use crate::notation::saved::Saved;
use crate::settings::Settings;
use crate::solver::mnc::{Match, Move, Position};
use crate::solver::puzzle::PuzzleId;
use crate::solver::Side;
use crate::tui::playing::PlayingTab;
use crate::tui::tab::Keep;

impl Keep for MncTab {
    /// The match: where it started, your side, its moves, as a saved file
    /// holds them.
    fn saved(&self) -> Saved {
        // During a puzzle: the match put aside for it.
        let game = self.kept_game().unwrap_or(self.game());
        Saved::Mnc {
            start: *game.record().start(),
            human: game.human(),
            moves: game.record().moves().to_vec(),
        }
    }

    /// The puzzle as it stands: its position, your side and the moves
    /// made in it (`noughts mnc review` goes through them).
    fn puzzle_saved(&self) -> Option<(PuzzleId, Saved)> {
        let t = self.training.current.as_ref()?;
        let game = self.game();
        let saved = Saved::Mnc {
            start: *game.record().start(),
            human: game.human(),
            moves: game.record().moves().to_vec(),
        };
        Some((t.attempt.id, saved))
    }

    /// A saved file of this tab's game, loaded; another given back.
    fn load(&mut self, saved: Saved) -> Result<(), Saved> {
        match saved {
            Saved::Mnc {
                start,
                human,
                moves,
            } => {
                self.load_match(start, human, &moves);
                Ok(())
            }
            other => Err(other),
        }
    }

    /// The settings file's side, strength and hints (the side only while
    /// no move of the match is made).
    fn apply_settings(&mut self, settings: &Settings) {
        let side = settings.games.mnc.side.side();
        if side != self.human() && !self.game().human_moved() {
            self.new_game(side);
        }
        self.set_strength(settings.games.mnc.strength.strength());
        self.set_hints(settings.games.mnc.hints);
    }

    /// The strength and the hints, as the session keeps them.
    fn kept(&self) -> Vec<(&'static str, String)> {
        vec![
            ("hints", self.hints.to_string()),
            ("strength", strength_word(self.strength).to_string()),
        ]
    }

    fn restore(&mut self, name: &str, value: &str) {
        match name {
            "hints" => self.hints = value == "true",
            "strength" => {
                if let Some(strength) = read_strength(value) {
                    self.set_strength(strength);
                }
            }
            _ => {}
        }
    }
}

impl MncTab {
    /// A saved match, played again to where it was (a puzzle or analysis
    /// is left; the engine moves if it is its turn).
    fn load_match(&mut self, start: Position, human: Side, moves: &[Move]) {
        self.training.forget();
        self.pending = None;
        self.mode = Mode::Match;
        let mut game = Match::new(start, human);
        let mut side = start.to_move();
        for &mv in moves {
            if game.play(side, mv).is_err() {
                break;
            }
            side = side.other();
        }
        self.playing.game = Some(game);
        self.selection = None;
        self.message = None;
        self.after_move();
    }
}
