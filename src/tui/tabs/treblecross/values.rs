//! The Grundy values the tab needs: the analysis's (at once when cheap, on
//! a background thread with progress when a long free segment needs many)
//! and the panel's (another octal game typed at its prompt, a longer plot).

use super::{PanelMode, TreblecrossTab, PANEL_SPAN, PLOT_MOST, SYNC_GRUNDY};
use crate::solver::grundy::GrundyTable;
use crate::solver::octal::{OctalGame, ValueTooLarge};
use crate::tui::text::{TextKey, Typed};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;

/// Grundy values being computed on a background thread.
pub(super) struct TableJob {
    pub(super) wanted: usize,
    pub(super) known: Arc<AtomicUsize>,
    result: Receiver<Result<GrundyTable, ValueTooLarge>>,
}

impl TreblecrossTab {
    pub(super) fn poll_table(&mut self) -> bool {
        let Some(job) = &self.job else { return false };
        match job.result.try_recv() {
            Ok(Ok(table)) => {
                if table.len() > self.table.len() {
                    self.table = table;
                }
                self.job = None;
                self.reanalyze();
                true
            }
            Ok(Err(e)) => {
                self.job = None;
                self.message = Some(e.to_string());
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.message = Some("the Grundy values could not be computed".into());
                true
            }
        }
    }

    pub(super) fn start_job(&mut self, wanted: usize) {
        let mut table = self.table.clone();
        let known = Arc::new(AtomicUsize::new(table.len()));
        let (send, result) = channel();
        let progress = Arc::clone(&known);
        std::thread::spawn(move || {
            let done = table.extend_with_progress(wanted, |n| progress.store(n, Relaxed));
            // The tab may have gone: then nobody wants the table.
            let _ = send.send(done.map(|()| table));
        });
        self.job = Some(TableJob {
            wanted,
            known,
            result,
        });
    }

    /// The prompt of the panel: a game code typed, then shown.
    pub(super) fn prompt_key(&mut self, key: TextKey) {
        let Some(field) = &mut self.panel.prompt else {
            return;
        };
        // Enter on an empty line: back to Treblecross.
        let empty_enter = key == TextKey::Enter && field.is_empty();
        let text = match field.key(key) {
            _ if empty_enter => "treblecross".to_string(),
            Typed::Editing | Typed::Refused => return,
            Typed::Cancelled => {
                self.panel.prompt = None;
                return;
            }
            Typed::Done(text) => text,
        };
        let game = match text.as_str() {
            "treblecross" => None,
            code => match code.parse::<OctalGame>() {
                Ok(game) => Some(game),
                Err(e) => {
                    self.message = Some(format!("not a game: {}", e.message));
                    return;
                }
            },
        };
        self.panel.prompt = None;
        let wanted = self.panel_wanted();
        if let Err(e) = self.panel.show_game(game, wanted) {
            self.message = Some(e.to_string());
        }
    }

    /// How many values the panel needs now.
    fn panel_wanted(&self) -> usize {
        match self.panel.mode {
            PanelMode::Plot => self.panel.plot_len,
            _ => self.panel.start + PANEL_SPAN,
        }
    }

    pub(super) fn scroll_panel(&mut self, delta: isize) {
        if self.panel.mode == PanelMode::Plot {
            // The plot: half or twice as many values.
            let len = if delta < 0 {
                self.panel.plot_len / 2
            } else {
                self.panel.plot_len * 2
            };
            self.panel.plot_len = len.clamp(PANEL_SPAN, PLOT_MOST);
            return self.fill_panel();
        }
        // The bars show values already known, or cheap to know.
        let limit = self.table.len().max(SYNC_GRUNDY);
        let start = self.panel.start.saturating_add_signed(delta).min(limit);
        if start == self.panel.start {
            self.message = Some(if delta < 0 {
                "the values start at 0".into()
            } else {
                format!("the bars go up to {limit}")
            });
        }
        self.panel.start = start;
        self.fill_panel();
    }

    pub(super) fn next_panel_mode(&mut self) {
        self.panel.mode = match self.panel.mode {
            PanelMode::Values => PanelMode::Stats,
            PanelMode::Stats => PanelMode::Plot,
            PanelMode::Plot => PanelMode::Values,
        };
        self.fill_panel();
    }

    /// Computes what the panel needs: at once for the bars, on the
    /// background thread for a long plot of Treblecross.
    fn fill_panel(&mut self) {
        let wanted = self.panel_wanted();
        if self.panel.other.is_some() {
            if let Err(e) = self.panel.extend_other(wanted) {
                self.message = Some(e.to_string());
            }
            return;
        }
        if wanted <= self.table.len() {
            return;
        }
        if self.panel.mode == PanelMode::Plot {
            if self.job.as_ref().is_none_or(|job| job.wanted < wanted) {
                self.start_job(wanted);
            }
        } else if let Err(e) = self.table.extend_to(wanted) {
            self.message = Some(e.to_string());
        }
    }
}
