//! The app's settings: a TOML file in the platform's config folder
//! (`$XDG_CONFIG_HOME/noughts/settings.toml` on Linux, Application Support
//! on macOS, `%APPDATA%` on Windows; `$NOUGHTS_CONFIG_DIR` when set), written
//! with comments on first use or by `noughts config --init`, read at start.
//! Command-line options win over it. A file that does not read gives one
//! line (the key, line and column) and the defaults; it is left as it is.

use serde::Deserialize;
use std::path::{Path, PathBuf};

const FILE_NAME: &str = "settings.toml";

/// A settings file is a few hundred bytes: past this it is not one.
const LONGEST: u64 = 64 * 1024;

/// The file written by `noughts config --init` and on first use: every
/// setting at its default, each with what it does.
pub const DEFAULT_TEXT: &str = r#"# noughts settings (noughts config --path says where this file is).
# Command-line options win over these; delete a line for its default.

# The tab the app opens on: "last" (where you left off), or always
# "tictactoe", "treblecross", "mnc" or "notakto".
tab = "last"

# Mouse capture: false leaves the terminal its own selection and scrolling
# (as noughts --no-mouse does).
mouse = true

# "unicode", or "ascii" for terminals without box drawing, stars and
# braille (the Linux console, old Windows consoles; as noughts --ascii).
display = "unicode"

[mnc]
# Your side in Noughts & Crosses+: "o" (the engine moves first) or "x".
side = "o"
# The engine: "perfect", "strong" or "casual".
strength = "perfect"
# Your moves' values on the board (t in the tab).
hints = false

[treblecross]
# Columns per cell: 0 for the widest that fits the strip, else 1, 2 or 3.
zoom = 0

[notakto]
# The boards a fresh Notakto tab starts with: 1 to 9 (+ and - change it).
boards = 3
"#;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum OpeningTab {
    /// The tab of the last session (the first tab without one).
    #[default]
    Last,
    TicTacToe,
    Treblecross,
    Mnc,
    Notakto,
}

impl OpeningTab {
    /// The tab's game in one word, as the file writes it; `None` for
    /// `last`, which names no tab.
    pub fn word(self) -> Option<&'static str> {
        match self {
            OpeningTab::Last => None,
            OpeningTab::TicTacToe => Some("tictactoe"),
            OpeningTab::Treblecross => Some("treblecross"),
            OpeningTab::Mnc => Some("mnc"),
            OpeningTab::Notakto => Some("notakto"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Display {
    #[default]
    Unicode,
    Ascii,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SideSetting {
    X,
    #[default]
    O,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum StrengthSetting {
    #[default]
    Perfect,
    Strong,
    Casual,
}

impl StrengthSetting {
    pub fn strength(self) -> crate::solver::mnc::Strength {
        use crate::solver::mnc::Strength;
        match self {
            StrengthSetting::Perfect => Strength::Perfect,
            StrengthSetting::Strong => Strength::Strong,
            StrengthSetting::Casual => Strength::Casual,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MncSettings {
    pub side: SideSetting,
    pub strength: StrengthSetting,
    pub hints: bool,
}

impl Default for MncSettings {
    fn default() -> Self {
        MncSettings {
            side: SideSetting::O,
            strength: StrengthSetting::Perfect,
            hints: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TreblecrossSettings {
    /// 0: the widest that fits; 1 to 3 columns.
    pub zoom: Zoom,
}

/// Columns per Treblecross cell: 0 (the widest that fits) to 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Zoom(pub u8);

impl<'de> Deserialize<'de> for Zoom {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Zoom, D::Error> {
        let n = u8::deserialize(d)?;
        if n > 3 {
            return Err(serde::de::Error::custom(format!(
                "expected a zoom of 0 (the widest that fits), 1, 2 or 3, found {n}"
            )));
        }
        Ok(Zoom(n))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct NotaktoSettings {
    pub boards: BoardCount,
}

/// How many boards a fresh Notakto tab has: 1 to 9.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCount(pub u8);

impl Default for BoardCount {
    fn default() -> Self {
        BoardCount(3)
    }
}

impl<'de> Deserialize<'de> for BoardCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BoardCount, D::Error> {
        let n = u8::deserialize(d)?;
        let most = crate::notation::notakto::MOST_EDITABLE;
        if !(1..=most).contains(&usize::from(n)) {
            return Err(serde::de::Error::custom(format!(
                "expected 1 to {most} boards, found {n}"
            )));
        }
        Ok(BoardCount(n))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub tab: OpeningTab,
    pub mouse: bool,
    pub display: Display,
    pub mnc: MncSettings,
    pub treblecross: TreblecrossSettings,
    pub notakto: NotaktoSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tab: OpeningTab::Last,
            mouse: true,
            display: Display::Unicode,
            mnc: MncSettings::default(),
            treblecross: TreblecrossSettings::default(),
            notakto: NotaktoSettings::default(),
        }
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
}

/// Reads the settings file at `file`; writes the commented defaults there
/// first when there is none (the first use).
pub fn load_or_create(file: &Path) -> Loaded {
    let defaults = |note: String| Loaded {
        settings: Settings::default(),
        note: Some(note),
    };
    match crate::store::read_bounded(file, LONGEST) {
        Ok(Some(text)) => match parse(&text) {
            Ok(settings) => Loaded {
                settings,
                note: None,
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
    crate::store::write_new(file, DEFAULT_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_file_reads_back_as_the_defaults() {
        assert_eq!(parse(DEFAULT_TEXT), Ok(Settings::default()));
        assert_eq!(parse(""), Ok(Settings::default()));
    }

    #[test]
    fn each_setting_reads() {
        let text = "tab = \"mnc\"\nmouse = false\ndisplay = \"ascii\"\n[mnc]\nside = \"x\"\nstrength = \"casual\"\nhints = true\n[treblecross]\nzoom = 2\n";
        let s = parse(text).unwrap();
        assert_eq!(s.tab, OpeningTab::Mnc);
        assert!(!s.mouse);
        assert_eq!(s.display, Display::Ascii);
        assert_eq!(s.mnc.side, SideSetting::X);
        assert_eq!(s.mnc.strength, StrengthSetting::Casual);
        assert!(s.mnc.hints);
        assert_eq!(s.treblecross.zoom, Zoom(2));
    }

    #[test]
    fn a_bad_file_names_the_key_line_and_column() {
        let unknown = parse("tab = \"mnc\"\ncolour = true\n").unwrap_err();
        assert!(unknown.starts_with("line 2, column 1:"), "{unknown}");
        assert!(unknown.contains("colour"), "{unknown}");
        let wrong_type = parse("[mnc]\nhints = \"yes\"\n").unwrap_err();
        assert!(wrong_type.starts_with("line 2, column 9:"), "{wrong_type}");
        let variant = parse("display = \"asci\"\n").unwrap_err();
        assert!(variant.contains("`unicode`"), "{variant}");
        let boards = parse("[notakto]\nboards = 10\n").unwrap_err();
        assert!(boards.contains("expected 1 to 9 boards"), "{boards}");
        assert_eq!(
            parse("tab = \"notakto\"\n[notakto]\nboards = 9\n").map(|s| (s.tab, s.notakto.boards)),
            Ok((OpeningTab::Notakto, BoardCount(9)))
        );
        let zoom = parse("[treblecross]\nzoom = 9\n").unwrap_err();
        assert!(zoom.contains("expected a zoom of 0"), "{zoom}");
        assert!(!zoom.contains('\n'));
    }

    #[test]
    fn the_first_use_writes_the_file_and_a_bad_one_is_left_alone() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("deep").join(FILE_NAME);
        let first = load_or_create(&file);
        assert_eq!(first.settings, Settings::default());
        assert!(first.note.is_none());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), DEFAULT_TEXT);

        std::fs::write(&file, "display = 3\n").unwrap();
        let bad = load_or_create(&file);
        assert_eq!(bad.settings, Settings::default());
        let note = bad.note.unwrap();
        assert!(note.contains("line 1, column 11"), "{note}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "display = 3\n");
        assert!(write_new(&file).is_err(), "--init never overwrites");
    }
}
