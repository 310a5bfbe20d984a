//! The settings file as a person writes it: every setting of every game's
//! section read, and a bad file named by line and column, whichever part
//! (a shared setting, a tab, a section, a key in a section) is wrong.

use noughts::notation::mnc::{SideSetting, StrengthSetting};
use noughts::notation::notakto::BoardCount;
use noughts::notation::treblecross::Zoom;
use noughts::settings::{parse, Display, OpeningTab};

#[test]
fn each_setting_reads() {
    let text = "tab = \"mnc\"\nmouse = false\ndisplay = \"ascii\"\ndetails = true\n[mnc]\nside = \"x\"\nstrength = \"casual\"\nhints = true\n[treblecross]\nzoom = 2\n";
    let s = parse(text).unwrap();
    assert_eq!(s.tab, OpeningTab::Game("mnc"));
    assert!(!s.mouse);
    assert_eq!(s.display, Display::Ascii);
    assert!(s.details);
    // The app takes it: the details on in every tab.
    let mut app = noughts::tui::app::App::new(noughts::tui::theme::Theme { color: false });
    app.apply_settings(&s);
    assert!(app.details);
    assert_eq!(s.games.mnc.side, SideSetting::X);
    assert_eq!(s.games.mnc.strength, StrengthSetting::Casual);
    assert!(s.games.mnc.hints);
    assert_eq!(s.games.treblecross.zoom, Zoom(2));
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
        parse("tab = \"notakto\"\n[notakto]\nboards = 9\n")
            .map(|s| (s.tab, s.games.notakto.boards)),
        Ok((OpeningTab::Game("notakto"), BoardCount(9)))
    );
    let tab = parse("mouse = true\ntab = \"chess\"\n").unwrap_err();
    assert!(tab.starts_with("line 2, column 7:"), "{tab}");
    assert!(
        tab.contains("`last`, `tictactoe`, `treblecross`, `mnc`, `notakto`"),
        "{tab}"
    );
    let section = parse("[mnc]\nhints = true\n[chess]\nclock = 5\n").unwrap_err();
    assert!(section.starts_with("line 3, column 2:"), "{section}");
    let key = parse("[treblecross]\nzom = 2\n").unwrap_err();
    assert!(key.starts_with("line 2, column 1:"), "{key}");
    let zoom = parse("[treblecross]\nzoom = 9\n").unwrap_err();
    assert!(zoom.contains("expected a zoom of 0"), "{zoom}");
    assert!(!zoom.contains('\n'));
}

/// The file a first start writes, whole: its words are what a person reads
/// to change a setting, put together from the shared part and each game's
/// section; a change to them is a change to this test.
#[test]
fn the_new_file_says_every_setting_with_what_it_does() {
    let expected = r#"# noughts settings (noughts config --path says where this file is).
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

# The details in every tab from the start (i turns them on and off): the
# contest judges' answers, the Grundy values, the quotient's algebra.
details = false

[mnc]
# Your side in Noughts & Crosses+: "x" (you move first) or "o" (the engine does).
side = "x"
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
    assert_eq!(noughts::settings::default_text(), expected);
    assert_eq!(parse(expected), Ok(noughts::settings::Settings::default()));
}
