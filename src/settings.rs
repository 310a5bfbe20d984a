//! The app's settings: a TOML file in the platform's config folder
//! (`$XDG_CONFIG_HOME/noughts/settings.toml` on Linux, Application Support
//! on macOS, `%APPDATA%` on Windows; `$NOUGHTS_CONFIG_DIR` when set), written
//! with comments on first use or by `noughts config --init`, read at start.
//! Command-line options win over it. A file that does not read gives one
//! line (the key, line and column) and the defaults; it is left as it is.

use crate::notation::{GameSettings, GAME_WORDS};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const FILE_NAME: &str = "settings.toml";

/// A settings file is a few hundred bytes: past this it is not one.
const LONGEST: u64 = 64 * 1024;

/// The settings every tab shares, as a new file writes them (the games'
/// sections follow, from [`GameSettings::default_text`]).
const SHARED_TEXT: &str = r#"# noughts settings (noughts config --path says where this file is).
# Command-line options win over these; delete a line for its default.

# The tab the app opens on: "last" (where you left off), or always
# GAMES.
tab = "last"

# Mouse capture: false leaves the terminal its own selection and scrolling
# (as noughts --no-mouse does).
mouse = true

# "unicode", or "ascii" for terminals without box drawing, stars and
# braille (the Linux console, old Windows consoles; as noughts --ascii).
display = "unicode"

# The details in every tab from the start (i turns them on and off): the
# contest judges' answers, the Grundy values, the quotient's algebra.
details = false
"#;

/// The file written by `noughts config --init` and on first use: every
/// setting at its default, each with what it does.
pub fn default_text() -> String {
    let games = crate::notation::or_listed(GAME_WORDS.iter().map(|w| format!("\"{w}\"")));
    format!(
        "{}\n{}",
        SHARED_TEXT.replace("GAMES", &games),
        GameSettings::default_text()
    )
}

/// The tab the app opens on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpeningTab {
    /// The tab of the last session (the first tab without one).
    #[default]
    Last,
    /// Always this game's tab (its word, one of [`GAME_WORDS`]).
    Game(&'static str),
}

impl OpeningTab {
    /// The tab's game in one word, as the file writes it; `None` for
    /// `last`, which names no tab.
    pub fn word(self) -> Option<&'static str> {
        match self {
            OpeningTab::Last => None,
            OpeningTab::Game(word) => Some(word),
        }
    }
}

impl<'de> Deserialize<'de> for OpeningTab {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<OpeningTab, D::Error> {
        let word = String::deserialize(d)?;
        if word == "last" {
            return Ok(OpeningTab::Last);
        }
        match GAME_WORDS.iter().find(|&&w| w == word) {
            Some(w) => Ok(OpeningTab::Game(w)),
            None => Err(serde::de::Error::unknown_variant(&word, tab_words())),
        }
    }
}

/// `last` and the games' words: what `tab` takes.
fn tab_words() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| std::iter::once("last").chain(GAME_WORDS).collect())
}

/// The file's keys: the shared settings and the games' sections.
fn keys() -> &'static [&'static str] {
    static KEYS: OnceLock<Vec<&'static str>> = OnceLock::new();
    KEYS.get_or_init(|| {
        ["tab", "mouse", "display", "details"]
            .into_iter()
            .chain(GameSettings::SECTIONS.iter().copied())
            .collect()
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Display {
    #[default]
    Unicode,
    Ascii,
}

/// What the settings file says: the settings every tab shares, and each
/// game's own section (`[mnc]`), read by its game's type (see
/// [`GameSettings`]; this file names no game). A key no one reads is an
/// error at its line and column, as a value of the wrong kind is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub tab: OpeningTab,
    pub mouse: bool,
    pub display: Display,
    /// The details shown from the start.
    pub details: bool,
    pub games: GameSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tab: OpeningTab::Last,
            mouse: true,
            display: Display::Unicode,
            details: false,
            games: GameSettings::default(),
        }
    }
}

impl<'de> Deserialize<'de> for Settings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
        d.deserialize_map(SettingsVisitor)
    }
}

/// A key of the file: one of [`keys`], else an error placed at the key.
struct Key(&'static str);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        let key = String::deserialize(d)?;
        match keys().iter().find(|&&k| k == key) {
            Some(k) => Ok(Key(k)),
            None => Err(serde::de::Error::unknown_field(&key, keys())),
        }
    }
}

struct SettingsVisitor;

impl<'de> serde::de::Visitor<'de> for SettingsVisitor {
    type Value = Settings;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("the settings")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Settings, A::Error> {
        let mut settings = Settings::default();
        while let Some(Key(key)) = map.next_key()? {
            match key {
                "tab" => settings.tab = map.next_value()?,
                "mouse" => settings.mouse = map.next_value()?,
                "display" => settings.display = map.next_value()?,
                "details" => settings.details = map.next_value()?,
                // keys() holds nothing else.
                section => {
                    settings.games.read_section(section, &mut map)?;
                }
            }
        }
        Ok(settings)
    }
}

/// Where the settings file is: `$NOUGHTS_CONFIG_DIR/settings.toml`, else
/// in the platform's config folder; `None` where there is none (no home).
pub fn path() -> Option<PathBuf> {
    Some(crate::store::Folder::Config.path()?.join(FILE_NAME))
}

/// The settings in `text`, or one line saying what is wrong where.
pub fn parse(text: &str) -> Result<Settings, String> {
    toml::from_str(text).map_err(|e| {
        let (line, column) = match e.span() {
            Some(span) => line_and_column(text, span.start),
            None => (1, 1),
        };
        // toml's message can run over lines; one line here, whole (it
        // names what was expected) unless a quoted value makes it long.
        let what = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        let mut what = crate::notation::escape_all(&what);
        if what.chars().count() > 200 {
            what = what.chars().take(199).chain(['…']).collect();
        }
        format!("line {line}, column {column}: {what}")
    })
}

fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// What reading the settings gave: the settings to use, and a one-line
/// note when the file could not be read or written (the defaults are then
/// used, and the file is left as it was).
pub struct Loaded {
    pub settings: Settings,
    pub note: Option<String>,
    /// The file was written just now: the app's very first start.
    pub first: bool,
}

/// Reads the settings file at `file`; writes the commented defaults there
/// first when there is none (the first use).
pub fn load_or_create(file: &Path) -> Loaded {
    let defaults = |note: String| Loaded {
        settings: Settings::default(),
        note: Some(note),
        first: false,
    };
    match crate::store::read_bounded(file, LONGEST) {
        Ok(Some(text)) => match parse(&text) {
            Ok(settings) => Loaded {
                settings,
                note: None,
                first: false,
            },
            // That the defaults are used and which file first, then
            // where in it and what (toml's words, the part a narrow
            // screen cuts).
            Err(why) => defaults(format!(
                "settings: the defaults are used; {} {why}",
                crate::notation::escape_all(&file.display().to_string())
            )),
        },
        Ok(None) => match write_new(file) {
            Ok(()) => Loaded {
                settings: Settings::default(),
                note: None,
                first: true,
            },
            Err(e) => defaults(format!(
                "settings {}: could not be written ({e}); the defaults are used",
                crate::notation::escape_all(&file.display().to_string())
            )),
        },
        Err(e) => defaults(format!(
            "settings {}: {e}; the defaults are used",
            crate::notation::escape_all(&file.display().to_string())
        )),
    }
}

/// Writes the commented defaults to `file`, which must not exist yet:
/// whole or not at all (a full disk leaves no empty file behind), never
/// through a link planted at its name. The config folder is made if
/// missing; a file where the folder should be is an error that says so.
pub fn write_new(file: &Path) -> std::io::Result<()> {
    if let Some(folder) = file.parent() {
        if std::fs::metadata(folder).is_ok_and(|m| !m.is_dir()) {
            return Err(std::io::Error::other(format!(
                "{} is not a folder",
                crate::notation::escape_all(&folder.display().to_string())
            )));
        }
        crate::store::ensure_folder(folder)?;
    }
    crate::store::write_new(file, &default_text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_file_reads_back_as_the_defaults() {
        assert_eq!(parse(&default_text()), Ok(Settings::default()));
        assert_eq!(parse(""), Ok(Settings::default()));
    }

    #[test]
    fn the_first_use_writes_the_file_and_a_bad_one_is_left_alone() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("deep").join(FILE_NAME);
        let first = load_or_create(&file);
        assert_eq!(first.settings, Settings::default());
        assert!(first.note.is_none());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), default_text());

        std::fs::write(&file, "display = 3\n").unwrap();
        let bad = load_or_create(&file);
        assert_eq!(bad.settings, Settings::default());
        let note = bad.note.unwrap();
        assert!(note.contains("line 1, column 11"), "{note}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "display = 3\n");
        assert!(write_new(&file).is_err(), "--init never overwrites");
    }
}
