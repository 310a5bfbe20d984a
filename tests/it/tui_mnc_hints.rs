//! Noughts & Crosses+'s hints (`t`) on the board: one style over the whole
//! board at every size, and a legend of only what that style shortens.
//! Round 14 read `★m W9 b L8`, `sb L2` and `big L4 / small L2` on one
//! board under a legend of letters.

use crate::app_support::*;
use crate::players::Lcg;
use noughts::solver::mnc::{Move, Size};
use noughts::solver::Side;
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::tabs::mnc::{Action as MncAction, MncTab};
use noughts::tui::theme::Theme;
use std::time::Duration;

/// The board's text: each row between the grid's first and last `│` (the
/// hands and the panel beside it left out).
fn board_text(screen: &str) -> String {
    let mut board = String::new();
    for line in screen.lines() {
        let (Some(first), Some(last)) = (line.find('│'), line.rfind('│')) else {
            continue;
        };
        if last > first {
            board.push_str(&line[first..last]);
            board.push('\n');
        }
    }
    board
}

/// The hint styles a board's text shows: written values (`win in 13`,
/// `win 13`), short values (`W13`), names (`small`, `moved big`), letters
/// (`★s`, `sb`, `m`).
#[derive(Debug, Default)]
struct Seen {
    written_values: bool,
    short_values: bool,
    names: bool,
    letters: bool,
}

fn styles_in(board: &str) -> Seen {
    let mut seen = Seen::default();
    let words: Vec<&str> = board
        .split(|c: char| c == '│' || c.is_whitespace() || c == ',' || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    for (k, word) in words.iter().enumerate() {
        let word = word.trim_start_matches('★');
        let next = words.get(k + 1).copied().unwrap_or("");
        let value = |w: &str| {
            w.len() > 1
                && (w.starts_with('W') || w.starts_with('L') || w.starts_with('D'))
                && w[1..].chars().all(|c| c.is_ascii_digit())
        };
        if matches!(word, "win" | "loss") {
            seen.written_values = true;
        }
        if value(word) || value(word.trim_start_matches(['s', 'b', 'm'])) {
            seen.short_values = true;
        }
        if word
            .split('/')
            .any(|w| matches!(w, "small" | "big" | "moved"))
        {
            seen.names = true;
        }
        // Letters: `s`, `sb`, `bm` … before a value, or glued to one
        // (`★sW13…`; a cell's name, `b2`, is not).
        let letters = word.trim_end_matches(|c: char| c.is_ascii_digit() || "WLD….".contains(c));
        let glued = &word[letters.len()..];
        if !letters.is_empty()
            && letters.len() <= 3
            && letters.chars().all(|c| "sbm".contains(c))
            && (value(next) || glued.contains(['W', 'L', 'D']))
        {
            seen.letters = true;
        }
    }
    seen
}

/// Every size's board in one style, and the legend naming exactly what it
/// shortens: letters explained only where letters are drawn, `W9` only
/// where values are short, `★ best` always.
fn one_style_and_its_legend(app: &App, what: &str, styles: &mut Seen) {
    for (width, height) in [(80, 24), (120, 40), (200, 60)] {
        let screen = draw(app, width, height).backend().to_string();
        let board = board_text(&screen);
        let seen = styles_in(&board);
        let at = format!("{what} at {width}×{height}: {seen:?}\n{screen}");
        assert!(!(seen.names && seen.letters), "names and letters: {at}");
        assert!(
            !(seen.written_values && seen.short_values),
            "written and short values: {at}"
        );
        assert!(screen.contains("★ best"), "no legend: {at}");
        assert_eq!(
            screen.contains("s small,"),
            seen.letters,
            "legend of letters: {at}"
        );
        assert_eq!(
            screen.contains("W9 win in 9,"),
            seen.short_values,
            "legend of short values: {at}"
        );
        styles.written_values |= seen.written_values;
        styles.short_values |= seen.short_values;
        styles.names |= seen.names;
        styles.letters |= seen.letters;
    }
}

#[test]
fn the_hints_keep_one_style_over_the_board_and_the_legend_says_that_style() {
    let mut styles = Seen::default();
    for seed in 1..=4 {
        let mut app = App::new(Theme { color: true });
        app.tabs.mnc = MncTab::new(Side::X, Duration::ZERO);
        app.update(Action::SelectTab(TabId::Mnc));
        app.update(Action::tab(MncAction::ToggleHints));
        let mut rng = Lcg(seed);
        let mut turns = 0;
        loop {
            tick_until(&mut app, "x's turn with its values", |app| {
                let mnc = &app.tabs.mnc;
                mnc.winner().is_some() || (mnc.humans_turn() && mnc.value().is_some())
            });
            if app.tabs.mnc.winner().is_some() {
                break;
            }
            turns += 1;
            one_style_and_its_legend(&app, &format!("seed {seed}, turn {turns}"), &mut styles);
            let moves = app.tabs.mnc.position().legal_moves();
            // Big pieces first, so that boards with big moves come.
            let bigs: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| {
                    matches!(
                        mv,
                        Move::Shift { .. }
                            | Move::Place {
                                size: Size::Big,
                                ..
                            }
                    )
                })
                .collect();
            let pool = if bigs.is_empty() || rng.below(2) == 0 {
                &moves
            } else {
                &bigs
            };
            let mv = pool[rng.below(pool.len())];
            app.update(Action::tab(MncAction::Play(mv)));
        }
        assert!(turns >= 2, "seed {seed}: a game of {turns} turns");
    }
    // Every style came up somewhere (the checks above were not idle).
    assert!(
        styles.written_values && styles.short_values && styles.names && styles.letters,
        "{styles:?}"
    );
}

/// At 40×16 the board's hints are at their shortest (`★sW13…`): the legend
/// comes first after what to do and the value, its rest behind `J`
/// (round 19 found no legend there at all).
#[test]
fn at_40_by_16_the_short_hints_have_their_legend_on_the_panels_pages() {
    let mut app = App::new(Theme { color: false });
    app.tabs.mnc = MncTab::new(Side::X, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    app.update(Action::tab(MncAction::ToggleHints));
    tick_until(&mut app, "x's turn with its values", |app| {
        app.tabs.mnc.humans_turn() && app.tabs.mnc.value().is_some()
    });
    let screen = |app: &App| draw(app, 40, 16).backend().to_string();
    let first = screen(&app);
    assert!(
        first.contains("★sW13"),
        "short hints on the board:\n{first}"
    );
    assert!(first.contains("hints: s small,"), "{first}");
    assert!(first.contains("J reads on"), "{first}");
    let mut text = first.clone();
    let mut pages = 1;
    while !text.contains("★ best") && pages < 5 {
        type_keys(&mut app, "J");
        text = screen(&app);
        pages += 1;
    }
    assert!(
        text.contains("W9 win in 9,") && text.contains("★ best"),
        "{text}"
    );
}
