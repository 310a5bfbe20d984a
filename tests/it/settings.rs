//! The settings file as a person writes it: every setting of every game's
//! section read, and a bad file named by line and column, whichever part
//! (a shared setting, a tab, a section, a key in a section) is wrong.

use noughts::notation::mnc::{SideSetting, StrengthSetting};
use noughts::notation::notakto::BoardCount;
use noughts::notation::treblecross::Zoom;
use noughts::settings::{parse, Display, OpeningTab};

#[test]
fn each_setting_reads() {
    let text = "tab = \"mnc\"\nmouse = false\ndisplay = \"ascii\"\n[mnc]\nside = \"x\"\nstrength = \"casual\"\nhints = true\n[treblecross]\nzoom = 2\n";
    let s = parse(text).unwrap();
    assert_eq!(s.tab, OpeningTab::Game("mnc"));
    assert!(!s.mouse);
    assert_eq!(s.display, Display::Ascii);
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
