//! The last session back: on quit the app writes each tab's board, strip
//! and match (in the saved files' notation) and the panel's settings to
//! `session.json` in the platform's state folder, atomically; the next
//! start restores them. A file that does not read, or of another version,
//! is set aside (renamed, never deleted) with a one-line note, and the app
//! starts clean; `--fresh` starts clean without reading it.

use super::app::{App, TabId};
use crate::notation::escape_all;
use crate::notation::saved::{self, Saved};
use crate::solver::mnc::Strength;
use crate::store;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Names the state folder instead of the platform's (tests point it at a
/// temporary directory).
pub const STATE_DIR_ENV: &str = "NOUGHTS_STATE_DIR";

const FILE_NAME: &str = "session.json";
const VERSION: u32 = 1;
/// A strip of 100,000 cells is the largest part: 100 KB and change.
const LONGEST: u64 = 4 * 1024 * 1024;

/// Where the session is kept: `$NOUGHTS_STATE_DIR`, else the platform's
/// state folder (`~/.local/state/noughts` on Linux; where there is none,
/// as on macOS and Windows, the local data folder).
pub fn file() -> Option<PathBuf> {
    let folder = match std::env::var_os(STATE_DIR_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            let dirs = directories::ProjectDirs::from("", "", "noughts")?;
            dirs.state_dir()
                .unwrap_or_else(|| dirs.data_local_dir())
                .to_path_buf()
        }
    };
    Some(folder.join(FILE_NAME))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Session {
    version: u32,
    /// The tab shown: tictactoe, treblecross or mnc.
    tab: String,
    /// Each tab as a saved file holds it; no match when the tab was never
    /// opened.
    tictactoe: String,
    treblecross: String,
    mnc: Option<String>,
    /// Treblecross columns per cell (0: the widest that fits).
    zoom: u16,
    mnc_hints: bool,
    mnc_strength: String,
}

fn strength_word(strength: Strength) -> &'static str {
    match strength {
        Strength::Perfect => "perfect",
        Strength::Strong => "strong",
        Strength::Casual => "casual",
    }
}

/// Writes the session to `file` (a new file renamed over the old).
pub fn save(app: &mut App, file: &Path) -> Result<(), String> {
    let shown = escape_all(&file.display().to_string());
    let tab = app.tab;
    let session = Session {
        version: VERSION,
        tab: tab.word().into(),
        tictactoe: saved::write(&app.tictactoe.saved()),
        treblecross: saved::write(&app.treblecross.saved()),
        mnc: app.mnc.as_ref().map(|m| saved::write(&m.saved())),
        zoom: app.treblecross.zoom().unwrap_or(0),
        mnc_hints: app.mnc.as_ref().is_some_and(|m| m.hints_on()),
        mnc_strength: strength_word(app.mnc.as_ref().map_or(Strength::Perfect, |m| m.strength))
            .into(),
    };
    let text = serde_json::to_string_pretty(&session).map_err(|e| e.to_string())?;
    store::write_atomically(file, &text)
        .map_err(|e| format!("the session could not be kept in {shown}: {e}"))
}

/// Restores the session kept in `file`, if any; a note when it could not
/// be read (it is then set aside, and the app starts clean).
pub fn restore(app: &mut App, file: &Path) -> Option<String> {
    let (session, tabs) = match read(file) {
        Ok(None) => return None,
        Ok(Some(read)) => read,
        Err(why) => {
            let shown = escape_all(&file.display().to_string());
            let kept = store::set_aside(file);
            return Some(format!(
                "the last session: {why}; starting clean ({shown} {kept})"
            ));
        }
    };
    for saved in tabs {
        app.load_saved(saved);
    }
    app.treblecross
        .set_zoom((session.zoom > 0).then_some(session.zoom));
    if let Some(mnc) = &mut app.mnc {
        mnc.set_hints(session.mnc_hints);
        mnc.strength = match session.mnc_strength.as_str() {
            "strong" => Strength::Strong,
            "casual" => Strength::Casual,
            _ => Strength::Perfect,
        };
    }
    let shown = TabId::ALL.into_iter().find(|t| t.word() == session.tab);
    app.tab = match shown {
        Some(TabId::Mnc) if app.mnc.is_none() => TabId::TicTacToe,
        Some(tab) => tab,
        None => TabId::TicTacToe,
    };
    None
}

/// The session in `file` with each tab's part read; `None` when there is
/// none. A bad part sets the whole file aside.
fn read(file: &Path) -> Result<Option<(Session, Vec<Saved>)>, String> {
    let Some(text) = store::read_bounded(file, LONGEST).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let session: Session = serde_json::from_str(&text).map_err(|e| store::json_error(&e))?;
    if session.version != VERSION {
        return Err(format!(
            "a session of version {}, this app keeps version {VERSION}",
            session.version
        ));
    }
    let parts = [
        Some(&session.tictactoe),
        Some(&session.treblecross),
        session.mnc.as_ref(),
    ];
    let tabs = parts
        .into_iter()
        .flatten()
        .map(|text| saved::read(text).map_err(|e| e.to_string()))
        .collect::<Result<Vec<Saved>, String>>()?;
    Ok(Some((session, tabs)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::Theme;

    #[test]
    fn a_session_kept_comes_back_whole() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join(FILE_NAME);
        let mut app = App::new(Theme { color: false });
        app.load_saved(saved::read("noughts 1\ntictactoe X../.0./...\n").unwrap());
        app.load_saved(
            saved::read("noughts 1\ntreblecross ..X.......X...\nfirst engine\nmove 6\n").unwrap(),
        );
        app.treblecross.set_zoom(Some(2));
        app.tab = TabId::Treblecross;
        save(&mut app, &file).unwrap();

        let mut back = App::new(Theme { color: false });
        assert_eq!(restore(&mut back, &file), None);
        assert_eq!(back.tab, TabId::Treblecross);
        assert_eq!(back.tictactoe.saved(), app.tictactoe.saved());
        assert_eq!(back.treblecross.saved(), app.treblecross.saved());
        assert_eq!(back.treblecross.zoom(), Some(2));
        assert!(back.mnc.is_none(), "a tab never opened stays closed");
    }

    #[test]
    fn an_old_or_broken_session_is_set_aside() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join(FILE_NAME);
        for text in ["{not json", "{\"version\": 0}"] {
            std::fs::write(&file, text).unwrap();
            let mut app = App::new(Theme { color: false });
            let note = restore(&mut app, &file).unwrap();
            assert!(note.starts_with("the last session: "), "{note}");
            assert!(!file.exists());
            let aside = folder.path().join("session.json.unreadable");
            assert_eq!(std::fs::read_to_string(&aside).unwrap(), text);
            std::fs::remove_file(aside).unwrap();
        }
    }
}
