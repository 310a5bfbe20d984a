//! The last session back: while the app runs, each tab's board, strip and
//! match (in the saved files' notation) and the panel's settings are kept
//! in `session.json` in the platform's state folder (by [`Keeper`], soon
//! after each change and on every way out); the next start restores them.
//! A file that does not read, or of another version, is set aside under a
//! fresh name (never deleted, never written over) with a one-line note,
//! and the app starts clean; `--fresh` starts clean without reading it.
//! One instance at a time keeps its session in a state folder: a second
//! one finds the folder's lock taken, says so, and keeps nothing.

use super::app::{App, TabId};
use super::terminal::keeper::Keeper;
use crate::notation::escape_all;
use crate::notation::saved::{self, Saved};
use crate::store;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const FILE_NAME: &str = "session.json";
/// Version 2 keeps each tab under its word; version 1 (one field per tab)
/// is still read.
const VERSION: u32 = 2;
/// A strip of 100,000 cells is the largest part: 100 KB and change.
const LONGEST: u64 = 4 * 1024 * 1024;

/// Where the session is kept: `$NOUGHTS_STATE_DIR`, else the platform's
/// state folder (`~/.local/state/noughts` on Linux; where there is none,
/// as on macOS and Windows, the local data folder).
pub fn file() -> Option<PathBuf> {
    Some(store::Folder::State.path()?.join(FILE_NAME))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Session {
    version: u32,
    /// The tab shown, by its word (`tictactoe`, …).
    tab: String,
    /// Each tab by its word.
    tabs: BTreeMap<String, KeptTab>,
    /// The details shown (`i`), once turned on.
    #[serde(default)]
    details: bool,
}

/// A tab as the session keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeptTab {
    /// As a saved file holds it.
    saved: String,
    /// The tab's own settings ([`Tab::kept`](super::tab::Tab::kept)).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    settings: BTreeMap<String, String>,
}

/// The first version: a field per tab, read without naming one. A field
/// named by a tab's word is its saved file; `word_name` is that tab's
/// setting `name`; any other plain field is a setting offered to every
/// tab (each takes only the settings it keeps, as version 1's `zoom`).
fn from_v1(value: &serde_json::Value) -> Result<Session, String> {
    let fields = value.as_object().ok_or("a session is a JSON object")?;
    let tab = match fields.get("tab") {
        Some(serde_json::Value::String(word)) => word.clone(),
        _ => return Err("missing field `tab`".into()),
    };
    let mut tabs: BTreeMap<String, KeptTab> = BTreeMap::new();
    let mut shared = Vec::new();
    for (name, field) in fields {
        let text = match field {
            serde_json::Value::String(text) => text.clone(),
            serde_json::Value::Bool(_) | serde_json::Value::Number(_) => field.to_string(),
            serde_json::Value::Null => continue,
            _ => {
                return Err(format!(
                    "field `{}`: not a string, number or truth",
                    escape_all(name)
                ))
            }
        };
        let kept = |word: &str| TabId::ALL.iter().any(|id| id.word() == word);
        match name.split_once('_') {
            _ if name == "version" || name == "tab" => {}
            _ if kept(name) => tabs.entry(name.clone()).or_default().saved = text,
            Some((word, setting)) if kept(word) => {
                let settings = &mut tabs.entry(word.into()).or_default().settings;
                settings.insert(setting.into(), text);
            }
            _ => shared.push((name.clone(), text)),
        }
    }
    // A tab with settings but no file (none of version 1's) is dropped.
    tabs.retain(|_, kept| !kept.saved.is_empty());
    for kept in tabs.values_mut() {
        kept.settings.extend(shared.iter().cloned());
    }
    Ok(Session {
        version: VERSION,
        tab,
        tabs,
        details: false,
    })
}

/// The session's text: what [`restore`] reads back.
pub fn text(app: &mut App) -> String {
    let tabs = TabId::ALL
        .iter()
        .map(|&id| {
            let page = app.tabs.page(id);
            let settings = page
                .kept()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            let saved = saved::write(&page.saved());
            (id.word().to_string(), KeptTab { saved, settings })
        })
        .collect();
    let session = Session {
        version: VERSION,
        tab: app.tab.word().into(),
        tabs,
        details: app.details,
    };
    // Plain strings and numbers: serialising cannot fail.
    serde_json::to_string_pretty(&session).unwrap_or_default()
}

/// The session kept for this run: who writes it, and the lock on the
/// state folder that makes this instance the one that keeps it.
pub struct Kept {
    /// `None`: this run's session is not kept (no state folder, or another
    /// instance keeps its own there).
    pub keeper: Option<Keeper>,
    /// What the user should know, in one line.
    pub note: Option<String>,
    _lock: Option<store::Lock>,
}

/// The lock file in the state folder.
const LOCK_NAME: &str = "noughts.lock";

/// Takes the state folder of `file` for this run and restores the last
/// session into `app` (unless `fresh`).
pub fn open(app: &mut App, file: &Path, fresh: bool) -> Kept {
    let folder = file.parent().unwrap_or(Path::new("."));
    let shown = escape_all(&folder.display().to_string());
    let mut kept = Kept {
        keeper: None,
        note: None,
        _lock: None,
    };
    if let Err(e) = store::ensure_folder(folder) {
        kept.note = Some(format!(
            "the state folder {shown} cannot be made ({e}): this session will not be kept"
        ));
        return kept;
    }
    let mut notes = Vec::new();
    // Whether this instance keeps the session: it holds the folder's lock.
    let ours = match store::Lock::try_take(&folder.join(LOCK_NAME)) {
        Ok(Some(lock)) => {
            kept._lock = Some(lock);
            true
        }
        Ok(None) => {
            notes.push(format!(
                "another noughts keeps its session in {shown}: this one's will not be kept"
            ));
            false
        }
        // A link, a FIFO or a folder at the lock's name: refused, nothing
        // made through it, and this instance keeps nothing (another one
        // could not tell it is here).
        Err(e) if store::is_not_a_file(&e) => {
            notes.push(format!(
                "the session lock {} cannot be used ({e}): remove it; this session will not be kept",
                escape_all(&folder.join(LOCK_NAME).display().to_string())
            ));
            false
        }
        // A folder without locks (some network file systems): kept anyway.
        Err(e) => {
            notes.push(format!(
                "the state folder {shown} cannot be locked ({e}): a second instance would not be noticed"
            ));
            true
        }
    };
    let keeper = ours.then(|| Keeper::start(file));
    // Read either way, so every instance starts where the user left off; a
    // bad file is set aside only by the instance that keeps the session.
    // --fresh does not read it at all.
    match ((!fresh).then(|| read(file)), &keeper) {
        (None, _) | (Some(Ok(None)), _) | (Some(Err(_)), None) => {}
        (Some(Ok(Some((session, tabs)))), _) => apply(app, session, tabs),
        (Some(Err(why)), Some(keeper)) => {
            let shown_file = escape_all(&file.display().to_string());
            let aside = store::set_aside(file);
            let words = store::set_aside_words(&aside);
            let mut note =
                format!("the last session: {why}; starting clean ({shown_file} {words})");
            if aside.is_err() {
                let other = other_name(file);
                note.push_str(&format!(
                    "; this session is kept in {}",
                    escape_all(&other.display().to_string())
                ));
                keeper.move_to(&other);
            }
            notes.push(note);
        }
    }
    kept.keeper = keeper;
    kept.note = (!notes.is_empty()).then(|| notes.join("; "));
    kept
}

/// Where a session goes when `session.json` cannot be set aside:
/// `session-<seconds>.json` beside it, a name no earlier run used.
fn other_name(file: &Path) -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let folder = file.parent().unwrap_or(Path::new("."));
    (0..)
        .map(|n| match n {
            0 => folder.join(format!("session-{seconds}.json")),
            n => folder.join(format!("session-{seconds}-{n}.json")),
        })
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| folder.join("session-kept.json"))
}

/// Each tab's part of a session, read.
type TabFiles = Vec<(TabId, Saved)>;

/// Puts a session read back into `app`: each tab's file, then its
/// settings (a tab this app does not have is passed over).
fn apply(app: &mut App, session: Session, tabs: TabFiles) {
    for (id, saved) in tabs {
        // Its own tab takes it: the words were checked when read.
        let _ = app.tabs.page_mut(id).load(saved);
        if let Some(kept) = session.tabs.get(id.word()) {
            for (name, value) in &kept.settings {
                app.tabs.page_mut(id).restore(name, value);
            }
        }
    }
    app.tab = TabId::from_word(&session.tab).unwrap_or(TabId::ALL[0]);
    // On if the settings or the last session turned it on.
    if session.details {
        app.set_details(true);
    }
}

/// The session in `file` with each tab's part read; `None` when there is
/// none. A bad part sets the whole file aside.
fn read(file: &Path) -> Result<Option<(Session, TabFiles)>, String> {
    let Some(text) = store::read_bounded(file, LONGEST).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    if text.trim().is_empty() {
        return Err("the file is empty".into());
    }
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| store::json_error(&e))?;
    let session: Session = match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(1) => from_v1(&value)?,
        Some(2) => Session::deserialize(&value).map_err(|e| e.to_string())?,
        Some(n) => {
            return Err(format!(
                "a session of version {n}, this app keeps version {VERSION}"
            ))
        }
        None => return Err("no version: not a session of this app".into()),
    };
    let mut tabs = Vec::new();
    for (word, kept) in &session.tabs {
        let Some(id) = TabId::from_word(word) else {
            continue;
        };
        let saved = saved::read(&kept.saved).map_err(|e| format!("{word}: {e}"))?;
        if saved.game_word() != id.word() {
            return Err(format!("{word}: holds a {} file", saved.game_word()));
        }
        tabs.push((id, saved));
    }
    Ok(Some((session, tabs)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::Theme;

    /// Opens the session in `folder` for a fresh app; the note.
    fn open_in(app: &mut App, folder: &Path) -> Kept {
        open(app, &folder.join(FILE_NAME), false)
    }

    #[test]
    fn an_old_or_broken_session_is_set_aside_under_a_fresh_name() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join(FILE_NAME);
        let texts = ["{not json", "{\"version\": 0}", ""];
        for text in texts {
            std::fs::write(&file, text).unwrap();
            let mut app = App::new(Theme { color: false });
            let note = open_in(&mut app, folder.path()).note.unwrap();
            assert!(note.starts_with("the last session: "), "{note}");
            assert!(!file.exists());
        }
        // Each kept, none over another.
        let aside = |n: &str| folder.path().join(format!("session.json.unreadable{n}"));
        for (text, n) in texts.iter().zip(["", ".2", ".3"]) {
            assert_eq!(std::fs::read_to_string(aside(n)).unwrap(), *text);
        }
    }

    #[test]
    fn a_session_that_cannot_be_set_aside_is_never_written_over() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join(FILE_NAME);
        std::fs::write(&file, "{broken").unwrap();
        std::fs::create_dir(folder.path().join("session.json.unreadable")).unwrap();
        for n in 2..=1000 {
            std::fs::create_dir(folder.path().join(format!("session.json.unreadable.{n}")))
                .unwrap();
        }
        let mut app = App::new(Theme { color: false });
        let kept = open_in(&mut app, folder.path());
        let note = kept.note.clone().unwrap();
        assert!(note.contains("left as it is"), "{note}");
        assert!(note.contains("this session is kept in"), "{note}");
        let keeper = kept.keeper.clone().unwrap();
        keeper.offer(text(&mut app));
        keeper.flush().unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "{broken");
        assert!(keeper.file().starts_with(folder.path()));
        assert_ne!(keeper.file(), file);
        assert!(keeper.file().exists());
    }
}
