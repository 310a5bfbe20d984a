//! What every tab does the same way, now that puzzles, files, Esc and the
//! footer are written once: each test goes through every tab, or through
//! every mode of every tab, rather than one tab at a time.

use crate::app_support::*;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
use noughts::notation::saved;
use noughts::solver::mnc::Size;
use noughts::solver::treblecross::Player;
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::keymap::Key;
use noughts::tui::puzzle::PuzzleAction;
use noughts::tui::puzzle::Puzzles;
use noughts::tui::tabs::mnc::{self, MncTab};
use noughts::tui::tabs::{notakto, tictactoe, treblecross};
use noughts::tui::theme::Theme;
use std::time::Duration;

/// An app whose MNC engine moves at once.
fn fresh() -> App {
    let mut app = App::new(Theme { color: false });
    app.tabs.mnc = MncTab::new(noughts::solver::Side::O, Duration::ZERO);
    settle(&mut app);
    app
}

fn settle(app: &mut App) {
    tick_until(app, "the background work done", |app| !app.busy());
}

/// What a case is, and how a fresh app gets there.
type Case = (&'static str, fn(&mut App));

fn screen(app: &App) -> String {
    draw(app, 100, 30).backend().to_string()
}

/// A Notakto game in progress (you moved once), as a saved file.
const NOTAKTO_GAME: &str =
    "noughts 1\nnotakto .../.../... .../.../... .../.../...\nfirst you\nmove 1:a1\nmove 2:b2\n";

/// A Treblecross game in progress (you moved once), as a saved file.
const TREBLECROSS_GAME: &str = "noughts 1\ntreblecross ..........\nfirst you\nmove 1\nmove 10\n";

#[test]
fn p_during_a_game_puts_it_aside_and_brings_it_back_in_every_tab_that_has_games() {
    // Treblecross: P used to be refused during a game.
    let mut app = fresh();
    app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
    settle(&mut app);
    let before = app.saved();
    app.update(Action::tab(treblecross::Action::Puzzle(
        PuzzleAction::Toggle,
    )));
    assert!(app.tabs.treblecross.training().current.is_some());
    assert!(
        app.tabs.treblecross.game().is_none(),
        "the game waits aside"
    );
    assert_eq!(app.saved(), before, "the session keeps the game put aside");
    app.update(Action::tab(treblecross::Action::Puzzle(
        PuzzleAction::Leave,
    )));
    settle(&mut app);
    assert_eq!(app.saved(), before, "the game comes back as it was");
    assert!(app.tabs.treblecross.game().is_some_and(|g| g.is_on()));

    // MNC: the same.
    app.update(Action::SelectTab(TabId::Mnc));
    app.update(Action::tab(mnc::Action::Play(
        noughts::solver::mnc::Move::Place {
            size: Size::Small,
            cell: noughts::solver::Cell::CENTRE,
        },
    )));
    settle(&mut app);
    let before = app.saved();
    app.update(Action::tab(mnc::Action::Puzzle(PuzzleAction::Toggle)));
    settle(&mut app);
    assert!(app.tabs.mnc.training().current.is_some());
    assert_eq!(app.saved(), before);
    app.update(Action::tab(mnc::Action::Puzzle(PuzzleAction::Leave)));
    settle(&mut app);
    assert_eq!(app.saved(), before);
}

/// Ctrl-S, a path typed and Enter: the file written and the notice.
fn save_to(app: &mut App, file: &std::path::Path) -> (saved::Saved, String) {
    app.handle(&key_with(KeyCode::Char('s'), KeyModifiers::CONTROL), AREA);
    app.handle(&key_with(KeyCode::Char('u'), KeyModifiers::CONTROL), AREA);
    type_keys(app, &file.display().to_string());
    app.handle(&press(KeyCode::Enter), AREA);
    let text = std::fs::read_to_string(file).unwrap();
    let notice = app.notice.clone().unwrap_or_default();
    (saved::read(&text).unwrap(), notice)
}

#[test]
fn ctrl_s_during_a_puzzle_saves_the_puzzle_on_screen_in_every_tab_and_says_so() {
    // A newcomer's Ctrl-S during an MNC puzzle wrote the match put aside
    // (its start, no move) and said only "saved to …/saved/mnc.txt".
    let folder = tempfile::tempdir().unwrap();
    let mut app = fresh();
    app.keep_puzzles_in(folder.path().to_path_buf());
    // Something of the tab's own in each, put aside by the puzzles.
    type_keys(&mut app, "x");
    app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
    settle(&mut app);

    app.open_puzzle("tictactoe-2-7".parse().unwrap());
    let board = app
        .tabs
        .tictactoe
        .training()
        .current
        .as_ref()
        .unwrap()
        .board()
        .0;
    let file = folder.path().join("ttt.txt");
    let (kept, said) = save_to(&mut app, &file);
    assert_eq!(kept, saved::Saved::TicTacToe { board, game: None });
    assert!(said.starts_with("saved puzzle tictactoe-2-7 "), "{said}");

    app.open_puzzle("treblecross-3-7".parse().unwrap());
    let strip = app.tabs.treblecross.strip().clone();
    let file = folder.path().join("strip.txt");
    let (kept, said) = save_to(&mut app, &file);
    assert_eq!(kept, saved::Saved::Treblecross { strip, game: None });
    assert!(said.starts_with("saved puzzle treblecross-3-7 "), "{said}");

    // MNC: the puzzle's position and the moves made in it (one right move
    // and the engine's answer), as `noughts mnc review` reads them.
    app.open_puzzle("mnc-2-12".parse().unwrap());
    settle(&mut app);
    let t = app.tabs.mnc.training().current.as_ref().unwrap();
    let (start, answer) = (t.puzzle.position, t.puzzle.answers[0]);
    app.update(Action::tab(mnc::Action::Play(answer)));
    settle(&mut app);
    let file = folder.path().join("mnc.txt");
    let (kept, said) = save_to(&mut app, &file);
    let saved::Saved::Mnc {
        start: from, moves, ..
    } = kept
    else {
        panic!("{kept:?}")
    };
    assert_eq!(from, start);
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(moves[0], answer);
    assert!(said.starts_with("saved puzzle mnc-2-12 "), "{said}");
    // The prompt starts at a file of the puzzle's own, not over the
    // match's saved/mnc.txt.
    app.update(Action::SaveFile);
    let shown = draw(&app, 120, 30).backend().to_string();
    assert!(shown.contains("mnc-2-12.txt"), "{shown}");
    app.handle(&press(KeyCode::Esc), AREA);
    // Out of the puzzles, Ctrl-S saves the tab's own again.
    app.update(Action::tab(mnc::Action::Puzzle(PuzzleAction::Leave)));
    settle(&mut app);
    let (kept, said) = save_to(&mut app, &folder.path().join("match.txt"));
    assert_eq!(kept, app.saved());
    assert!(said.starts_with("saved to "), "{said}");
}

#[test]
fn a_puzzle_asked_for_always_opens_whatever_its_tab_holds() {
    // `noughts tui --puzzle` after a session with a game restored.
    for id in ["tictactoe-2-7", "treblecross-3-7", "mnc-2-7", "notakto-2-7"] {
        let mut app = fresh();
        app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
        app.update(Action::SelectTab(TabId::Mnc));
        app.update(Action::tab(mnc::Action::Hand(Size::Big)));
        app.open_puzzle(id.parse().unwrap());
        settle(&mut app);
        let on = match app.tab {
            TabId::TicTacToe => app.tabs.tictactoe.training().current.is_some(),
            TabId::Treblecross => app.tabs.treblecross.training().current.is_some(),
            TabId::Mnc => app.tabs.mnc.training().current.is_some(),
            TabId::Notakto => app.tabs.notakto.training().current.is_some(),
        };
        assert!(on, "{id}: shown on {:?}", app.tab);
        assert!(id.starts_with(app.tab.word()), "{id} on {:?}", app.tab);
    }
}

/// The shown tab's message.
fn message_of(app: &App) -> Option<String> {
    match app.tab {
        TabId::TicTacToe => app.tabs.tictactoe.message(),
        TabId::Treblecross => app.tabs.treblecross.message(),
        TabId::Mnc => app.tabs.mnc.message(),
        TabId::Notakto => app.tabs.notakto.message(),
    }
    .map(str::to_owned)
}

fn press(code: KeyCode) -> crossterm::event::Event {
    crossterm::event::Event::Key(KeyEvent {
        code,
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

#[test]
fn esc_takes_a_tabs_message_away_in_every_tab_and_mode() {
    // Each sets a message; Esc must take it away, whatever Esc also does
    // in that mode (put a piece down, leave a review).
    let cases: Vec<Case> = vec![
        ("tic-tac-toe: nothing to undo", |app| {
            app.update(Action::SelectTab(TabId::TicTacToe));
            app.update(Action::tab(tictactoe::Action::Undo));
        }),
        ("Treblecross: nothing to undo", |app| {
            app.update(Action::SelectTab(TabId::Treblecross));
            app.update(Action::tab(treblecross::Action::Undo));
        }),
        ("Treblecross review: at the start", |app| {
            app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
            settle(app);
            for _ in 0..4 {
                app.update(Action::tab(treblecross::Action::Review(
                    noughts::tui::review::Review::Step(-1),
                )));
            }
        }),
        ("MNC with a piece picked up", |app| {
            app.update(Action::SelectTab(TabId::Mnc));
            app.update(Action::tab(mnc::Action::Hand(Size::Small)));
            app.update(Action::tab(mnc::Action::Undo));
        }),
        ("Notakto: nothing to undo", |app| {
            app.update(Action::SelectTab(TabId::Notakto));
            app.update(Action::tab(notakto::Action::Undo));
        }),
        ("Notakto review: at the start", |app| {
            app.load_saved(saved::read(NOTAKTO_GAME).unwrap());
            settle(app);
            for _ in 0..4 {
                app.update(Action::tab(notakto::Action::Review(
                    noughts::tui::review::Review::Step(-1),
                )));
            }
        }),
        ("MNC review", |app| {
            app.update(Action::SelectTab(TabId::Mnc));
            app.update(Action::tab(mnc::Action::NextStrength));
            app.update(Action::tab(mnc::Action::Review(
                noughts::tui::review::Review::Step(-1),
            )));
            app.update(Action::tab(mnc::Action::Review(
                noughts::tui::review::Review::Step(-1),
            )));
        }),
    ];
    for (what, make) in cases {
        let mut app = fresh();
        make(&mut app);
        settle(&mut app);
        let message = message_of(&app);
        assert!(message.is_some(), "{what}: no message to take away");
        app.handle(&press(KeyCode::Esc), AREA);
        let message = message_of(&app);
        assert_eq!(message, None, "{what}: Esc left it");
    }
}

/// The modes of every tab, each reached from a fresh app.
fn modes() -> Vec<Case> {
    use noughts::tui::tabs::mnc::Action as M;
    use noughts::tui::tabs::notakto::Action as N;
    use noughts::tui::tabs::tictactoe::Action as T;
    use noughts::tui::tabs::treblecross::Action as B;
    vec![
        ("tic-tac-toe editing", |app| {
            app.update(Action::SelectTab(TabId::TicTacToe))
        }),
        ("tic-tac-toe perfect line", |app| {
            app.update(Action::tab(T::Review(noughts::tui::review::Review::Line)));
        }),
        ("tic-tac-toe puzzle", |app| {
            app.open_puzzle("tictactoe-2-3".parse().unwrap())
        }),
        ("tic-tac-toe puzzle's solution", |app| {
            app.open_puzzle("tictactoe-2-3".parse().unwrap());
            app.update(Action::tab(T::Puzzle(PuzzleAction::Solution)));
        }),
        ("Treblecross editing", |app| {
            app.update(Action::SelectTab(TabId::Treblecross))
        }),
        ("Treblecross playing", |app| {
            app.load_saved(saved::read(TREBLECROSS_GAME).unwrap())
        }),
        ("Treblecross game over", |app| {
            app.load_saved(saved::read("noughts 1\ntreblecross X.X......\n").unwrap());
            app.update(Action::tab(B::Play(Player::You)));
            app.update(Action::tab(B::Click(1)));
        }),
        ("Treblecross review", |app| {
            app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
            settle(app);
            app.update(Action::tab(B::Review(noughts::tui::review::Review::Step(
                -1,
            ))));
        }),
        ("Treblecross line", |app| {
            app.update(Action::SelectTab(TabId::Treblecross));
            app.update(Action::tab(B::Review(noughts::tui::review::Review::Line)));
        }),
        ("Treblecross puzzle", |app| {
            app.open_puzzle("treblecross-1-3".parse().unwrap())
        }),
        ("Treblecross drill", |app| {
            app.open_puzzle("treblecross-4-1".parse().unwrap())
        }),
        ("MNC your move", |app| {
            app.update(Action::SelectTab(TabId::Mnc))
        }),
        ("MNC piece picked up", |app| {
            app.update(Action::SelectTab(TabId::Mnc));
            app.update(Action::tab(M::Hand(Size::Big)));
        }),
        ("MNC review", |app| {
            app.update(Action::SelectTab(TabId::Mnc));
            app.update(Action::tab(M::Play(noughts::solver::mnc::Move::Place {
                size: Size::Small,
                cell: noughts::solver::Cell::CENTRE,
            })));
            settle(app);
            app.update(Action::tab(M::Review(noughts::tui::review::Review::Step(
                -1,
            ))));
        }),
        ("MNC game over", |app| {
            app.load_saved(
                saved::read("noughts 1\nmnc xx./oo./... x 2 2\nyou o\nmove x c1\n").unwrap(),
            );
        }),
        ("MNC analysis", |app| {
            app.update(Action::SelectTab(TabId::Mnc));
            app.update(Action::tab(M::ToggleAnalysis));
        }),
        ("MNC puzzle", |app| {
            app.open_puzzle("mnc-2-3".parse().unwrap())
        }),
        ("MNC puzzle's solution", |app| {
            app.open_puzzle("mnc-2-3".parse().unwrap());
            settle(app);
            app.update(Action::tab(M::Puzzle(PuzzleAction::Solution)));
        }),
        ("Notakto editing", |app| {
            app.update(Action::SelectTab(TabId::Notakto))
        }),
        ("Notakto playing", |app| {
            app.load_saved(saved::read(NOTAKTO_GAME).unwrap())
        }),
        ("Notakto game over", |app| {
            app.load_saved(saved::read("noughts 1\nnotakto XX./.../...\n").unwrap());
            app.update(Action::tab(N::Play(Player::You)));
            app.update(Action::tab(N::Click(
                0,
                noughts::solver::Cell::from_index(2).unwrap(),
            )));
        }),
        ("Notakto review", |app| {
            app.load_saved(saved::read(NOTAKTO_GAME).unwrap());
            settle(app);
            app.update(Action::tab(N::Review(noughts::tui::review::Review::Step(
                -1,
            ))));
        }),
        ("Notakto line", |app| {
            app.update(Action::SelectTab(TabId::Notakto));
            app.update(Action::tab(N::Review(noughts::tui::review::Review::Line)));
        }),
        ("Notakto puzzle", |app| {
            app.open_puzzle("notakto-2-3".parse().unwrap())
        }),
        ("Notakto puzzle's solution", |app| {
            app.open_puzzle("notakto-2-3".parse().unwrap());
            app.update(Action::tab(N::Puzzle(PuzzleAction::Solution)));
        }),
    ]
}

fn event_of(key: Key) -> crossterm::event::Event {
    let modifiers = if key.ctrl {
        KeyModifiers::CONTROL
    } else {
        KeyModifiers::NONE
    };
    key_with(key.code, modifiers)
}

#[test]
fn every_key_in_every_footer_does_something() {
    for (mode, make) in modes() {
        let mut app = fresh();
        make(&mut app);
        settle(&mut app);
        let footer: Vec<_> = app
            .hints()
            .into_iter()
            .filter(|h| h.footer_entry().is_some())
            .collect();
        assert!(footer.len() >= 4, "{mode}: a footer of {footer:?}");
        for hint in footer {
            let mut app = fresh();
            make(&mut app);
            settle(&mut app);
            let before = screen(&app);
            let key = hint.key.expect("a footer entry has a key");
            app.handle(&event_of(key), AREA);
            settle(&mut app);
            let moved = screen(&app) != before || !app.running;
            assert!(
                moved,
                "{mode}: `{}` ({}) did nothing",
                hint.label, hint.help
            );
        }
    }
}

#[test]
fn loading_a_file_over_a_match_in_progress_asks_first() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("strip.txt");
    std::fs::write(&file, "noughts 1\ntreblecross ...X...\n").unwrap();
    let mut app = fresh();
    app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
    settle(&mut app);
    let before = app.saved();
    app.update(Action::LoadFile);
    app.handle(&key_with(KeyCode::Char('u'), KeyModifiers::CONTROL), AREA);
    type_keys(&mut app, &file.display().to_string());
    app.handle(&press(KeyCode::Enter), AREA);
    assert!(
        matches!(
            app.question(),
            Some(noughts::tui::app::Question::Load { .. })
        ),
        "{:?}",
        app.question()
    );
    app.handle(&press(KeyCode::Char('n')), AREA);
    assert_eq!(app.saved(), before, "n keeps the game");
    app.update(Action::LoadFile);
    app.handle(&key_with(KeyCode::Char('u'), KeyModifiers::CONTROL), AREA);
    type_keys(&mut app, &file.display().to_string());
    app.handle(&press(KeyCode::Enter), AREA);
    app.handle(&press(KeyCode::Char('y')), AREA);
    assert_eq!(
        app.saved(),
        saved::read("noughts 1\ntreblecross ...X...\n").unwrap()
    );
}

#[test]
fn a_puzzles_line_is_never_played_on_in_any_tab() {
    for id in ["tictactoe-2-3", "treblecross-1-3", "mnc-2-3", "notakto-1-3"] {
        let mut app = fresh();
        app.open_puzzle(id.parse().unwrap());
        settle(&mut app);
        type_keys(&mut app, "p");
        settle(&mut app);
        type_keys(&mut app, ">c");
        settle(&mut app);
        // `c` is not offered there (no footer entry, no panel words) and
        // leaves the line as it was.
        let text = screen(&app);
        assert!(text.contains("PERFECT LINE"), "{id}: {text}");
        assert!(!text.contains("c continue"), "{id}: {text}");
        let footer = app.hints();
        assert!(
            footer.iter().all(|h| h.label != "c"),
            "{id}: {:?}",
            footer.iter().map(|h| h.label).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_tab_too_small_to_draw_takes_no_keys() {
    let tiny = ratatui::layout::Rect::new(0, 0, 30, 10);
    for &tab in TabId::ALL {
        let mut app = fresh();
        app.update(Action::SelectTab(tab));
        let before = app.saved();
        for c in [' ', 'x', 's', 'b', 'l', 'c'] {
            app.handle(&press(KeyCode::Char(c)), tiny);
        }
        app.handle(&press(KeyCode::Right), tiny);
        settle(&mut app);
        assert_eq!(app.saved(), before, "{tab:?}");
        // The app's own keys still work.
        app.handle(&press(KeyCode::Char('?')), tiny);
        assert!(app.showing_help());
    }
}

/// The quit question names every game left unfinished, in whichever tabs
/// (it used to name the first one found).
#[test]
fn the_quit_question_names_every_unfinished_game() {
    let mut app = fresh();
    app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
    settle(&mut app);
    app.load_saved(saved::read(NOTAKTO_GAME).unwrap());
    settle(&mut app);
    assert_eq!(app.at_stake(), ["the Treblecross game", "the Notakto game"]);
    app.update(Action::Quit);
    let text = screen(&app);
    assert!(
        text.contains("The Treblecross game and the Notakto game are"),
        "{text}"
    );
    app.update(Action::Yes);
    assert!(!app.running);
}

#[test]
fn every_game_has_one_word_in_every_list() {
    let words = noughts::notation::GAME_WORDS;
    let tabs: Vec<&str> = TabId::ALL.iter().map(|t| t.word()).collect();
    assert_eq!(tabs, words, "the tabs' words, in order");
    let puzzles: Vec<&str> = noughts::solver::PuzzleGame::ALL
        .into_iter()
        .map(noughts::notation::puzzle::game_word)
        .collect();
    assert_eq!(puzzles, words, "the puzzles' words, in order");
    let app = fresh();
    for &tab in TabId::ALL {
        assert_eq!(
            app.tabs.page(tab).saved().game_word(),
            tab.word(),
            "a saved file's word"
        );
    }
}

/// The words of the expert's layer: the contest problems, the Grundy
/// values' list, the quotient's algebra, a unit a player does not count in,
/// the octal games' word for what the plain words call a free stretch
/// (round 14 met both).
const EXPERT_WORDS: [&str; 7] = [
    "Codeforces",
    "CodeChef",
    "P-portion",
    "L:G",
    "plies",
    "nim-sum",
    "segment",
];

/// Each tab's first screen at 80×24 speaks plainly: it says who wins and
/// no expert word, until `i` shows the details (each tab's own), which `i`
/// hides again; the details are every tab's at once.
#[test]
fn first_screens_speak_plainly_until_i_shows_the_details() {
    // What `i` brings in each tab, in the title bar's order.
    let shown = ["Codeforces", "L:G", "position  x", "P-portion"];
    assert_eq!(shown.len(), TabId::ALL.len());
    let mut app = fresh();
    for (&tab, details) in TabId::ALL.iter().zip(shown) {
        app.update(Action::SelectTab(tab));
        let plain = draw(&app, 80, 24).backend().to_string();
        for word in EXPERT_WORDS.iter().chain([&details]) {
            assert!(!plain.contains(word), "{tab:?} shows {word}:\n{plain}");
        }
        let verdict = ["draw", "LOSING", "wins", "WINNING"];
        assert!(verdict.iter().any(|v| plain.contains(v)), "{plain}");
        app.handle(&press(KeyCode::Char('i')), AREA);
        let expert = draw(&app, 80, 24).backend().to_string();
        assert!(expert.contains(details), "{tab:?}: no {details}:\n{expert}");
        app.handle(&press(KeyCode::Char('i')), AREA);
        // Esc takes the note of what `i` did away.
        app.handle(&press(KeyCode::Esc), AREA);
        assert_eq!(draw(&app, 80, 24).backend().to_string(), plain, "{tab:?}");
    }
    // On in one tab, on in all.
    app.handle(&press(KeyCode::Char('i')), AREA);
    for (&tab, details) in TabId::ALL.iter().zip(shown) {
        app.update(Action::SelectTab(tab));
        let screen = draw(&app, 80, 24).backend().to_string();
        assert!(screen.contains(details), "{tab:?}:\n{screen}");
    }
}

#[test]
fn after_a_solved_puzzle_the_perfect_line_starts_with_the_opponent() {
    use noughts::solver::treblecross::TreblecrossTask;
    use noughts::tui::review::Review;
    // A solve plays the answer where the tab plays it (Notakto's boards,
    // Treblecross's strip): the line from there is the opponent's first
    // (round 7 read `1. you …` and `your opponent wins` after a win).
    let mut app = fresh();
    app.open_puzzle("notakto-1-5".parse().unwrap());
    settle(&mut app);
    let t = app.tabs.notakto.training().current.as_ref().unwrap();
    let m = t.puzzle.answers[0];
    app.update(Action::tab(notakto::Action::Click(m.board, m.cell)));
    app.update(Action::tab(notakto::Action::Review(Review::Line)));
    settle(&mut app);
    let text = screen(&app);
    assert!(text.contains("1. opponent "), "{text}");
    assert!(!text.contains("your opponent wins"), "{text}");

    let mut app = fresh();
    app.open_puzzle("treblecross-3-7".parse().unwrap());
    settle(&mut app);
    let t = app.tabs.treblecross.training().current.as_ref().unwrap();
    let TreblecrossTask::WinningCell { cells } = &t.puzzle.task else {
        panic!("treblecross-3-7 asks for a cell");
    };
    let cell = cells[0];
    app.update(Action::tab(treblecross::Action::Click(cell)));
    app.update(Action::tab(treblecross::Action::Review(Review::Line)));
    settle(&mut app);
    let text = screen(&app);
    assert!(text.contains("1. opponent "), "{text}");
}

#[test]
fn a_small_screen_keeps_the_puzzles_name_and_a_lessons_step_after_a_hint() {
    // 40×16: Treblecross gave three empty rows to the segments it hides
    // in a puzzle and dropped the heading; Notakto's lesson heading took
    // two rows and went.
    let mut app = fresh();
    app.open_puzzle("treblecross-5-7".parse().unwrap());
    settle(&mut app);
    app.update(Action::tab(treblecross::Action::Puzzle(PuzzleAction::Hint)));
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("PUZZLE treblecross-5-7"), "{text}");
    assert!(text.contains("hint 1: "), "{text}");

    let mut app = fresh();
    app.update(Action::SelectTab(TabId::Notakto));
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Lesson)));
    for _ in 0..2 {
        app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Next)));
    }
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Hint)));
    // Where the step, its question and the hint cannot all stand on the
    // first page, the question and the hint do, and the step follows
    // behind `J` (round 17's N&C+ lesson lost its question there instead).
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(flat_words(&text).contains("Killing a board."), "{text}");
    assert!(text.contains("hint 1: "), "{text}");
    assert!(text.contains("J reads on"), "{text}");
    type_keys(&mut app, "J");
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("step 3 of 7"), "{text}");
    // N&C+'s four rows at 40×16: a wrong move, then a hint.
    let mut app = fresh();
    app.update(Action::SelectTab(TabId::Mnc));
    app.update(Action::tab(mnc::Action::Puzzle(PuzzleAction::Lesson)));
    settle(&mut app);
    let t = app.tabs.mnc.training().current.as_ref().unwrap();
    let answers = t.puzzle.answers.clone();
    let wrong = (app.tabs.mnc.position().legal_moves().into_iter())
        .find(|m| !answers.contains(m))
        .unwrap();
    app.update(Action::tab(mnc::Action::Play(wrong)));
    app.update(Action::tab(mnc::Action::Puzzle(PuzzleAction::Hint)));
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(
        flat_words(&text).contains("x to move: make three in a line"),
        "{text}"
    );
    assert!(text.contains("hint 1: "), "{text}");
}

#[test]
fn once_a_puzzle_is_over_the_footer_no_longer_offers_an_answer() {
    // Round 12 read `Space answer` in the footer of a puzzle solved or
    // given up, where Space only says the puzzle is over.
    let footer = |app: &App| -> Vec<String> {
        app.hints()
            .iter()
            .filter_map(|h| h.footer_entry())
            .map(|(keys, word)| format!("{keys} {word}"))
            .collect()
    };
    for id in ["tictactoe-2-7", "treblecross-3-7", "notakto-1-5"] {
        let mut app = fresh();
        app.open_puzzle(id.parse().unwrap());
        settle(&mut app);
        let open = footer(&app);
        assert!(open.contains(&"Space answer".to_string()), "{id}: {open:?}");
        // The third hint shows the answer: the puzzle is over.
        for _ in 0..3 {
            let hint = match id.split('-').next() {
                Some("tictactoe") => Action::tab(tictactoe::Action::Puzzle(PuzzleAction::Hint)),
                Some("treblecross") => Action::tab(treblecross::Action::Puzzle(PuzzleAction::Hint)),
                _ => Action::tab(notakto::Action::Puzzle(PuzzleAction::Hint)),
            };
            app.update(hint);
        }
        settle(&mut app);
        let over = footer(&app);
        assert!(
            over.iter().all(|e| !e.ends_with(" answer")),
            "{id}: {over:?}"
        );
        assert!(over.contains(&"n next".to_string()), "{id}: {over:?}");
        // Space still says why it does nothing.
        app.handle(&press(KeyCode::Char(' ')), AREA);
        let said = message_of(&app).unwrap_or_default();
        assert!(
            said.contains("this puzzle is over"),
            "{id}: Space said {said:?}"
        );
    }
}

#[test]
fn a_runs_next_puzzle_shows_its_question_under_the_last_ones_words() {
    use noughts::notation::puzzle::PuzzleText;
    use noughts::tui::puzzle::RunKind;
    // Round 12: at 80×24 a streak run's next Notakto puzzle showed `the last
    // puzzle: ✓ …` and what to do next, but not what it asked.
    let mut app = fresh();
    app.update(Action::SelectTab(TabId::Notakto));
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Toggle)));
    settle(&mut app);
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Run(
        RunKind::Streak,
    ))));
    settle(&mut app);
    let t = app.tabs.notakto.training().current.as_ref().unwrap();
    let m = t.puzzle.answers[0];
    app.update(Action::tab(notakto::Action::Click(m.board, m.cell)));
    tick_until(&mut app, "the run's next puzzle on", |app| {
        app.tabs.notakto.training().is_open()
    });
    let t = app.tabs.notakto.training().current.as_ref().unwrap();
    let asked = t.puzzle.question();
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("the last puzzle: ✓"), "{text}");
    let first_words: String = asked.chars().take(30).collect();
    assert!(text.contains(&first_words), "no `{asked}`:\n{text}");
}

#[test]
fn once_a_puzzle_is_over_the_panel_names_its_themes_in_every_tab() {
    use noughts::solver::puzzle::Puzzler;
    for id in [
        "tictactoe-2-2",
        "treblecross-3-7",
        "notakto-1-5",
        "mnc-1-48651",
    ] {
        let id: noughts::solver::puzzle::PuzzleId = id.parse().unwrap();
        let themes: Vec<String> = (Puzzler::new().make(id).themes().iter())
            .map(|t| t.name.replace('-', " "))
            .collect();
        let mut app = fresh();
        app.open_puzzle(id);
        settle(&mut app);
        let open = draw(&app, 120, 40).backend().to_string();
        assert!(
            !open.contains("theme"),
            "{id}: named before the answer:\n{open}"
        );
        let hint = match id.game {
            noughts::solver::puzzle::PuzzleGame::TicTacToe => {
                Action::tab(tictactoe::Action::Puzzle(PuzzleAction::Hint))
            }
            noughts::solver::puzzle::PuzzleGame::Treblecross => {
                Action::tab(treblecross::Action::Puzzle(PuzzleAction::Hint))
            }
            noughts::solver::puzzle::PuzzleGame::Mnc => {
                Action::tab(mnc::Action::Puzzle(PuzzleAction::Hint))
            }
            noughts::solver::puzzle::PuzzleGame::Notakto => {
                Action::tab(notakto::Action::Puzzle(PuzzleAction::Hint))
            }
        };
        for _ in 0..3 {
            app.update(hint);
        }
        settle(&mut app);
        let over = draw(&app, 120, 40).backend().to_string();
        let plural = if themes.len() == 1 { "" } else { "s" };
        let line = format!("theme{plural}: {}", themes.join(", "));
        assert!(over.contains(&line), "{id}: no `{line}`:\n{over}");
    }
}

#[test]
fn a_puzzles_review_and_line_never_offer_a_new_game_where_a_games_review_does() {
    // Round 14 read `n new` under a given-up puzzle's perfect line in
    // three tabs, where `n` said a puzzle is on (or, in N&C+, went on to
    // the next puzzle); `w swap` and `d strength` with it in N&C+.
    use noughts::tui::review::Review;
    let footer = |app: &App| -> Vec<String> {
        app.hints()
            .iter()
            .filter_map(|h| h.footer_entry())
            .map(|(_, word)| word.to_string())
            .collect()
    };
    let game_keys = ["new", "swap", "strength"];
    let tab = |id: &str, action: Review| match id.split('-').next() {
        Some("tictactoe") => Action::tab(tictactoe::Action::Review(action)),
        Some("treblecross") => Action::tab(treblecross::Action::Review(action)),
        Some("mnc") => Action::tab(mnc::Action::Review(action)),
        _ => Action::tab(notakto::Action::Review(action)),
    };
    let give_up = |id: &str| match id.split('-').next() {
        Some("tictactoe") => Action::tab(tictactoe::Action::Puzzle(PuzzleAction::Solution)),
        Some("treblecross") => Action::tab(treblecross::Action::Puzzle(PuzzleAction::Solution)),
        Some("mnc") => Action::tab(mnc::Action::Puzzle(PuzzleAction::Solution)),
        _ => Action::tab(notakto::Action::Puzzle(PuzzleAction::Solution)),
    };
    for id in ["tictactoe-2-7", "treblecross-3-7", "mnc-2-3", "notakto-1-5"] {
        let mut app = fresh();
        app.open_puzzle(id.parse().unwrap());
        settle(&mut app);
        app.update(give_up(id));
        settle(&mut app);
        // Giving up shows the perfect line (`p`); `<` steps back along it.
        for (what, action) in [("line", None), ("a step back", Some(Review::Step(-1)))] {
            if let Some(action) = action {
                app.update(tab(id, action));
                settle(&mut app);
            }
            let words = footer(&app);
            assert!(
                words.iter().all(|w| !game_keys.contains(&w.as_str())),
                "{id}, {what}: {words:?}\n{}",
                screen(&app)
            );
            assert!(
                words.contains(&"back".to_string()),
                "{id}, {what}: {words:?}"
            );
        }
    }
    // A game's review still offers its new game.
    for (what, make) in modes() {
        if what.ends_with(" review") {
            let mut app = fresh();
            make(&mut app);
            settle(&mut app);
            let words = footer(&app);
            assert!(words.contains(&"new".to_string()), "{what}: {words:?}");
        }
    }
}

/// S, T and D work from every tab's first screen as in its puzzles: a
/// streak run, a timed run, the dashboard (round 16 pressed S on a main
/// screen, as the help's puzzle keys say, and nothing happened).
#[test]
fn s_t_and_d_work_from_every_first_screen() {
    use noughts::tui::puzzle::RunKind;
    // The run on in the shown tab, and whether a puzzle is on.
    fn run_of(app: &App) -> (Option<RunKind>, bool) {
        macro_rules! of {
            ($tab:expr) => {{
                let training = $tab.training();
                (
                    training.run_on().map(|r| r.kind),
                    training.current.is_some(),
                )
            }};
        }
        match app.tab {
            TabId::TicTacToe => of!(app.tabs.tictactoe),
            TabId::Treblecross => of!(app.tabs.treblecross),
            TabId::Mnc => of!(app.tabs.mnc),
            TabId::Notakto => of!(app.tabs.notakto),
        }
    }
    for tab in [
        TabId::TicTacToe,
        TabId::Treblecross,
        TabId::Mnc,
        TabId::Notakto,
    ] {
        for (key, kind) in [
            ('S', Some(RunKind::Streak)),
            ('T', Some(RunKind::Timed)),
            ('D', None),
        ] {
            let mut app = fresh();
            app.update(Action::SelectTab(tab));
            settle(&mut app);
            app.handle(&press(KeyCode::Char(key)), AREA);
            settle(&mut app);
            match kind {
                Some(kind) => assert_eq!(run_of(&app), (Some(kind), true), "{key} on {tab:?}"),
                None => {
                    let text = screen(&app);
                    assert!(
                        text.contains("Puzzle dashboard"),
                        "{key} on {tab:?}:\n{text}"
                    );
                }
            }
        }
    }
}

/// Under a pop-up the footer names the pop-up's keys, not the tab's (round
/// 20 read `Space play  L lesson  g vs engine` under the dashboard, where
/// none of them works).
#[test]
fn a_pop_up_s_footer_names_its_own_keys_in_every_tab() {
    for tab in [
        TabId::TicTacToe,
        TabId::Treblecross,
        TabId::Mnc,
        TabId::Notakto,
    ] {
        // (Help and the rules cover the footer's row with their frame: no
        // footer to read there. The question's is read below.)
        let mut app = fresh();
        app.update(Action::SelectTab(tab));
        settle(&mut app);
        let before = draw(&app, 100, 30).backend().to_string();
        let footer = |text: &str| text.lines().last().unwrap().to_string();
        assert!(footer(&before).contains("? help"), "{tab:?}: {before}");
        app.handle(&press(KeyCode::Char('D')), AREA);
        for ascii in [false, true] {
            app.ascii = ascii;
            let text = draw(&app, 100, 30).backend().to_string();
            let last = footer(&text);
            assert!(last.contains("D/Esc closes"), "{tab:?}: {last:?}");
            for theirs in ["? help", "q quit", "lesson", "puzzle"] {
                assert!(!last.contains(theirs), "{tab:?}: {last:?}");
            }
        }
    }
}

/// A question keeps the screen around its box: left of it every row reads
/// as before (round 21 read board edges and moves wiped beside `Sure?`),
/// and the footer names its answers (it went blank).
#[test]
fn a_question_keeps_the_screen_beside_it_and_names_its_keys() {
    // N&C+ after a move, then `w` (swap sides): the case round 21 met.
    let mut app = fresh();
    app.update(Action::SelectTab(TabId::Mnc));
    settle(&mut app);
    type_keys(&mut app, "s");
    settle(&mut app);
    let rows = |app: &App| -> Vec<String> {
        let text = draw(app, 80, 24).backend().to_string();
        text.lines()
            .map(|l| l.trim_matches('"').to_string())
            .collect()
    };
    let before = rows(&app);
    app.handle(&press(KeyCode::Char('w')), AREA);
    let after = rows(&app);
    let top = after
        .iter()
        .position(|r| r.contains("┌ Sure?"))
        .expect("the question");
    let left = after[top].chars().position(|c| c == '┌').unwrap();
    assert!(left > 8, "{after:#?}");
    for (k, (was, now)) in before.iter().zip(&after).enumerate().take(23).skip(1) {
        let beside = |row: &str| row.chars().take(left - 1).collect::<String>();
        let (was, now) = (beside(was), beside(now));
        // Equal, but for a word the margin cut (gone whole).
        let kept = was
            .chars()
            .zip(now.chars())
            .all(|(w, n)| w == n || (n == ' ' && w.is_alphanumeric()));
        assert!(kept, "row {k}: {was:?} became {now:?}");
    }
    // Beside the box the screen is dimmed, the box and the footer (which
    // names its keys) are not.
    use ratatui::style::Modifier;
    let terminal = draw(&app, 80, 24);
    let buf = terminal.backend().buffer();
    let dim = |x: u16, y: u16| buf[(x, y)].modifier.contains(Modifier::DIM);
    assert!(dim(1, top as u16) && dim(1, 1), "beside the box");
    assert!(!dim(left as u16 + 2, top as u16 + 1), "the box");
    assert!((0..80).all(|x| !dim(x, 23)), "the footer");
    let footer = after.last().unwrap();
    assert!(
        footer.contains("y yes") && footer.contains("n no"),
        "{footer:?}"
    );
}

/// S during a game puts it aside as P does, and Esc brings back the same
/// game; in a lesson S starts no run (the lesson's keys offer none); D
/// leaves the tab's words as they were.
#[test]
fn s_puts_a_game_aside_starts_no_run_in_a_lesson_and_d_keeps_the_words() {
    let mut app = fresh();
    app.load_saved(saved::read(TREBLECROSS_GAME).unwrap());
    settle(&mut app);
    let before = app.saved();
    app.handle(&press(KeyCode::Char('S')), AREA);
    settle(&mut app);
    assert!(app.tabs.treblecross.training().run_on().is_some());
    assert!(
        app.tabs.treblecross.game().is_none(),
        "the game waits aside"
    );
    app.handle(&press(KeyCode::Esc), AREA);
    settle(&mut app);
    assert_eq!(app.saved(), before, "the same game back");
    // Leaving the run said so; D and its closing leave those words.
    let said = message_of(&app);
    assert!(
        said.as_deref()
            .is_some_and(|s| s.contains("you left the streak run")),
        "{said:?}"
    );
    app.handle(&press(KeyCode::Char('D')), AREA);
    assert!(screen(&app).contains("Puzzle dashboard"));
    app.handle(&press(KeyCode::Char('D')), AREA);
    assert_eq!(message_of(&app), said);

    let mut app = fresh();
    app.update(Action::SelectTab(TabId::TicTacToe));
    app.handle(&press(KeyCode::Char('L')), AREA);
    assert!(app.tabs.tictactoe.training().in_lesson());
    app.handle(&press(KeyCode::Char('S')), AREA);
    assert!(
        app.tabs.tictactoe.training().in_lesson(),
        "the lesson goes on"
    );
    assert!(app.tabs.tictactoe.training().run_on().is_none());
    let said = message_of(&app).unwrap_or_default();
    assert!(said.contains("a lesson is on"), "{said}");
}

/// `a` is the analysis in every tab's game: it shows or hides the values
/// and the game goes on, the footer naming it alike (round 16 found N&C+'s
/// `a` leaving the match for its position editor, `t` showing the values).
#[test]
fn a_shows_the_analysis_in_every_tabs_game_and_the_game_goes_on() {
    let games: [Case; 4] = [
        ("tic-tac-toe", |app| {
            app.update(Action::SelectTab(TabId::TicTacToe));
            app.handle(&key(KeyCode::Char('g')), AREA);
        }),
        ("Treblecross", |app| {
            app.load_saved(saved::read(TREBLECROSS_GAME).unwrap())
        }),
        ("Noughts & Crosses+", |app| {
            app.update(Action::SelectTab(TabId::Mnc))
        }),
        ("Notakto", |app| {
            app.load_saved(saved::read(NOTAKTO_GAME).unwrap())
        }),
    ];
    for (game, make) in games {
        let mut app = fresh();
        make(&mut app);
        settle(&mut app);
        let footer = footer_of(&draw(&app, 160, 30));
        assert!(footer.contains("a analysis"), "{game}: {footer}");
        assert!(footer.contains("u take back"), "{game}: {footer}");
        let before = screen(&app);
        let saved = app.saved();
        app.handle(&key(KeyCode::Char('a')), AREA);
        settle(&mut app);
        assert_ne!(screen(&app), before, "{game}: a changed nothing");
        let footer = footer_of(&draw(&app, 160, 30));
        assert!(
            footer.contains("u take back") && footer.contains("a analysis"),
            "{game}: a left the game: {footer}"
        );
        assert_eq!(app.saved(), saved, "{game}: the game is as it was");
        app.handle(&key(KeyCode::Char('a')), AREA);
        settle(&mut app);
        assert_eq!(screen(&app), before, "{game}: a again hides it");
    }
}

/// A game's end is written alike in every tab: `GAME OVER: you win: …!` or
/// `GAME OVER: the engine wins: ….`, with where or how (round 16 read a
/// colon in two tabs and a comma in two).
#[test]
fn a_games_end_is_written_alike_in_every_tab() {
    use noughts::tui::tabs::notakto::Action as N;
    use noughts::tui::tabs::tictactoe::Action as T;
    use noughts::tui::tabs::treblecross::Action as B;
    // A game, how a fresh app gets to its end, and the words there.
    type End = (&'static str, fn(&mut App), &'static str);
    let ends: [End; 3] = [
        (
            "tic-tac-toe",
            |app| {
                app.load_saved(saved::read("noughts 1\ntictactoe XX./OO./...\n").unwrap());
                app.update(Action::tab(T::Game(noughts::solver::record::Player::You)));
                app.update(Action::tab(T::Click("c1".parse().unwrap())));
            },
            "GAME OVER: you win: three in a row, a1–c1!",
        ),
        (
            "Treblecross",
            |app| {
                app.load_saved(saved::read("noughts 1\ntreblecross X.X......\n").unwrap());
                app.update(Action::tab(B::Play(Player::You)));
                app.update(Action::tab(B::Click(1)));
            },
            "GAME OVER: you win: three in a row at 1–3!",
        ),
        (
            "Notakto",
            |app| {
                app.load_saved(saved::read("noughts 1\nnotakto XX./.../...\n").unwrap());
                app.update(Action::tab(N::Play(Player::You)));
                app.update(Action::tab(N::Click(0, "c1".parse().unwrap())));
            },
            "GAME OVER: the engine wins: you completed a line on the last live board.",
        ),
    ];
    for (game, make, said) in ends {
        let mut app = fresh();
        make(&mut app);
        settle(&mut app);
        let text = flat_words(&draw(&app, 200, 40).backend().to_string());
        assert!(text.contains(said), "{game}: {text}");
    }
}

/// The keys' help on each tab's first screen speaks as plainly as the
/// screen: no expert word until `i` is on (round 16 read "nim-sums" in
/// Treblecross's `P` before any lesson had taught one).
#[test]
fn the_first_screens_keys_speak_plainly_too() {
    let mut app = fresh();
    for &tab in TabId::ALL.iter() {
        app.update(Action::SelectTab(tab));
        for hint in app.hints() {
            for word in EXPERT_WORDS {
                assert!(
                    !hint.help.contains(word),
                    "{tab:?}: `{}` says {word}: {}",
                    hint.label,
                    hint.help
                );
            }
        }
    }
}

/// At 40×16 an open puzzle keeps its question in sight after a wrong
/// answer and a hint, in every tab: the question first, then what the
/// answer gave and the hint, the rest behind `J` (round 16's Notakto
/// puzzle showed a hint of six rows and left the question behind
/// `… 18 more rows`).
#[test]
fn at_40x16_a_puzzles_question_stays_after_a_hint_in_every_tab() {
    use noughts::tui::tabs::notakto::Action as N;
    use noughts::tui::tabs::tictactoe::Action as T;
    use noughts::tui::tabs::treblecross::Action as B;
    // A puzzle, its question's words, and a wrong answer and a hint.
    type Wrong = (&'static str, &'static str, fn(&mut App));
    let cases: [Wrong; 4] = [
        (
            "tictactoe-2-3",
            "find every move that does not lose",
            |app| {
                app.update(Action::tab(T::Click("b3".parse().unwrap())));
                app.update(Action::tab(T::Puzzle(PuzzleAction::Hint)));
            },
        ),
        ("treblecross-5-7", "find a winning cell", |app| {
            app.update(Action::tab(B::Click(9)));
            app.update(Action::tab(B::Puzzle(PuzzleAction::Hint)));
        }),
        ("mnc-2-3", "win in 5 moves", |app| {
            app.update(Action::tab(mnc::Action::Puzzle(PuzzleAction::Hint)));
        }),
        ("notakto-1-47922", "find a winning move", |app| {
            app.update(Action::tab(N::Click(0, "b2".parse().unwrap())));
            app.update(Action::tab(N::Puzzle(PuzzleAction::Hint)));
        }),
    ];
    for (id, question, answer) in cases {
        let mut app = fresh();
        app.open_puzzle(id.parse().unwrap());
        settle(&mut app);
        answer(&mut app);
        settle(&mut app);
        let text = flat_words(&draw(&app, 40, 16).backend().to_string());
        assert!(text.contains("hint 1:"), "{id}: {text}");
        assert!(text.contains(question), "{id}: no question: {text}");
    }
}

/// A lesson's question stays on the first page under its step where the
/// rows leave room for the newest words too (round 17's Notakto lesson at
/// 80×24, a wrong answer and two hints, left it on page 2 over a blank
/// row).
#[test]
fn a_lessons_question_stays_over_a_wrong_answer_and_hints_where_it_fits() {
    let mut app = fresh();
    app.update(Action::SelectTab(TabId::Notakto));
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Lesson)));
    for _ in 0..2 {
        app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Next)));
    }
    app.update(Action::tab(notakto::Action::Click(
        0,
        "c3".parse().unwrap(),
    )));
    for _ in 0..2 {
        app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Hint)));
    }
    let text = flat_words(&draw(&app, 80, 24).backend().to_string());
    assert!(text.contains("step 3 of 7"), "{text}");
    assert!(text.contains("Killing a board."), "{text}");
    assert!(text.contains("hint 2:"), "{text}");
}
