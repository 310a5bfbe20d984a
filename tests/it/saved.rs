//! Saved files: every kind written and read back the same (random boards,
//! strips, games and matches), through the app's tabs as well (save, load
//! into a fresh app, the same position and game); `mnc review` against the
//! slow twin; bad files named with line and column.

use crate::app_support;
use crate::independent;

use crate::bridge::{outcome, twin_of};
use app_support::*;
use assert_cmd::Command;
use independent::mnc::SlowSolver;
use noughts::notation::saved::{read, write, Saved};
use noughts::solver::mnc::{Move, Position};
use noughts::solver::puzzle::SplitMix64;
use noughts::solver::tictactoe::Board;
use noughts::solver::treblecross::{three_in_a_row, Player, Strip};
use noughts::solver::{Outcome, Side};
use noughts::tui::app::{Action, App};
use noughts::tui::puzzle::Puzzles;
use noughts::tui::tabs::mnc::{Action as MncAction, MncTab};
use noughts::tui::theme::Theme;
use std::collections::HashMap;
use std::time::Duration;

/// A random MNC match from `start`: up to `plies` random legal moves.
fn random_match(random: &mut SplitMix64, start: Position, plies: usize) -> Vec<Move> {
    let mut at = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = at.legal_moves();
        if legal.is_empty() || at.game_over().is_some() {
            break;
        }
        let mv = legal[random.below(legal.len())];
        at = at.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

fn random_strip_game(random: &mut SplitMix64) -> (Strip, Option<(Player, Vec<usize>)>) {
    let len = 3 + random.below(60);
    let mut cells = vec![false; len];
    for cell in cells.iter_mut() {
        *cell = random.below(9) == 0;
    }
    let strip = Strip::from(cells);
    if three_in_a_row(&strip).is_some() || random.below(3) == 0 {
        return (strip, None);
    }
    let first = if random.below(2) == 0 {
        Player::You
    } else {
        Player::Engine
    };
    let mut at = strip.clone();
    let mut moves = Vec::new();
    while three_in_a_row(&at).is_none() && moves.len() < 8 {
        let empty: Vec<usize> = (0..len).filter(|&c| !at[c]).collect();
        if empty.is_empty() {
            break;
        }
        let cell = empty[random.below(empty.len())];
        at.set(cell, true);
        moves.push(cell);
    }
    (strip, Some((first, moves)))
}

#[test]
fn every_kind_of_file_reads_back_as_written() {
    let mut random = SplitMix64::new(27);
    for board in Board::all() {
        let saved = Saved::TicTacToe { board, game: None };
        assert_eq!(read(&write(&saved)).unwrap(), saved);
    }
    for _ in 0..2000 {
        let (strip, game) = random_strip_game(&mut random);
        let saved = Saved::Treblecross { strip, game };
        assert_eq!(read(&write(&saved)).unwrap(), saved);
    }
    for _ in 0..2000 {
        let moves = random_match(&mut random, Position::START, 14);
        let human = if random.below(2) == 0 {
            Side::X
        } else {
            Side::O
        };
        let saved = Saved::Mnc {
            start: Position::START,
            human,
            moves,
        };
        assert_eq!(read(&write(&saved)).unwrap(), saved);
    }
}

#[test]
fn a_tab_saved_and_loaded_into_a_fresh_app_is_the_same() {
    let mut random = SplitMix64::new(5);
    // Tic-tac-toe: the board.
    let mut app = App::new(Theme { color: false });
    type_keys(&mut app, "x");
    let text = write(&app.saved());
    let mut fresh = App::new(Theme { color: false });
    fresh.load_saved(read(&text).unwrap());
    assert_eq!(fresh.tabs.tictactoe.board(), app.tabs.tictactoe.board());

    // Tic-tac-toe: a game against the engine, the engine first, played
    // again move by move (the engine's reply included) with the side you
    // play; the editor's board is the game's start.
    let mut app = App::new(Theme { color: false });
    type_keys(&mut app, "G");
    tick_until(&mut app, "the engine's first move", |app| {
        app.tabs
            .tictactoe
            .game()
            .is_some_and(|g| g.record().moves().len() == 1)
    });
    let empty = *app.tabs.tictactoe.game().unwrap().position();
    let free = noughts::solver::Cell::ALL
        .into_iter()
        .find(|&c| empty.get(c).is_none())
        .unwrap();
    app.update(Action::tab(noughts::tui::tabs::tictactoe::Action::Click(
        free,
    )));
    tick_until(&mut app, "the engine's reply", |app| {
        app.tabs
            .tictactoe
            .game()
            .is_some_and(|g| g.record().moves().len() == 3)
    });
    let text = write(&app.saved());
    assert!(text.contains("\nfirst engine\nmove "), "{text}");
    let mut fresh = App::new(Theme { color: false });
    fresh.load_saved(read(&text).unwrap());
    let (a, b) = (
        app.tabs.tictactoe.game().unwrap(),
        fresh.tabs.tictactoe.game().unwrap(),
    );
    assert_eq!(a.record().moves(), b.record().moves());
    assert_eq!(a.human(), b.human());
    assert_eq!(fresh.tabs.tictactoe.board(), *a.record().start());
    assert_eq!(fresh.saved(), app.saved());

    // Treblecross: strips and games, the game played again move by move.
    for _ in 0..50 {
        let (strip, game) = random_strip_game(&mut random);
        let mut app = App::new(Theme { color: false });
        app.load_saved(Saved::Treblecross {
            strip: strip.clone(),
            game: game.clone(),
        });
        let text = write(&app.saved());
        let mut fresh = App::new(Theme { color: false });
        fresh.load_saved(read(&text).unwrap());
        assert_eq!(fresh.tabs.treblecross.strip(), app.tabs.treblecross.strip());
        assert_eq!(fresh.saved(), app.saved());
    }

    // MNC: a match played in the app (the engine's replies included).
    let mut app = App::new(Theme { color: false });
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.update(Action::SelectTab(noughts::tui::app::TabId::Mnc));
    for _ in 0..3 {
        tick_until(&mut app, "the engine", |app| {
            let m = &app.tabs.mnc;
            m.winner().is_some() || (m.humans_turn() && m.value().is_some())
        });
        let m = &app.tabs.mnc;
        if m.winner().is_some() {
            break;
        }
        let legal = m.position().legal_moves();
        let mv = legal[random.below(legal.len())];
        app.update(Action::tab(MncAction::Play(mv)));
    }
    let text = write(&app.saved());
    let mut fresh = App::new(Theme { color: false });
    fresh.tabs.mnc = MncTab::new(Side::X, Duration::ZERO);
    fresh.load_saved(read(&text).unwrap());
    let (a, b) = (app.tabs.mnc, fresh.tabs.mnc);
    assert_eq!(a.position(), b.position());
    assert_eq!(a.human(), b.human());
    assert_eq!(a.history(), b.history());
}

#[test]
fn mnc_review_prints_each_move_with_the_twins_values() {
    let mut random = SplitMix64::new(11);
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let folder = tempfile::tempdir().unwrap();
    for k in 0..4 {
        let moves = random_match(&mut random, Position::START, 9);
        let saved = Saved::Mnc {
            start: Position::START,
            human: Side::O,
            moves: moves.clone(),
        };
        let file = folder.path().join(format!("m{k}.txt"));
        std::fs::write(&file, write(&saved)).unwrap();
        let out = Command::cargo_bin("noughts")
            .unwrap()
            .args(["mnc", "review"])
            .arg(&file)
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(lines.len(), moves.len(), "{text}");
        let mut at = Position::START;
        for (line, mv) in lines.iter().zip(&moves) {
            let mover = if at.to_move() == Side::X { 'x' } else { 'o' };
            let before = outcome(slow.value(&twin_of(&at)));
            let words = |side: char, v: Outcome| match v {
                Outcome::Win(1) => format!("{side} wins in 1 move"),
                Outcome::Win(d) => format!("{side} wins in {d} moves"),
                Outcome::Loss(d) => {
                    let other = if side == 'x' { 'o' } else { 'x' };
                    if d == 1 {
                        format!("{other} wins in 1 move")
                    } else {
                        format!("{other} wins in {d} moves")
                    }
                }
                Outcome::Draw => "draw".into(),
            };
            assert!(
                line.contains(&format!("before: {}", words(mover, before))),
                "{line}"
            );
            let after = at.play(*mv).unwrap();
            if after.game_over().is_none() {
                let next = if mover == 'x' { 'o' } else { 'x' };
                let value = outcome(slow.value(&twin_of(&after)));
                assert!(
                    line.contains(&format!("after: {}", words(next, value))),
                    "{line}"
                );
                // A won position given away is a blunder.
                let blunder = before.is_win() && !matches!(value, Outcome::Loss(_));
                assert_eq!(line.contains("??"), blunder, "{line}");
            }
            at = after;
        }
    }
}

#[test]
fn bad_files_are_one_line_with_line_and_column() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("bad.txt");
    std::fs::write(
        &file,
        "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove small z9\n",
    )
    .unwrap();
    for args in [&["mnc", "review"][..], &["tui", "--load"][..]] {
        let out = Command::cargo_bin("noughts")
            .unwrap()
            .args(args)
            .arg(&file)
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(err.contains("line 4, column 12"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    std::fs::write(&file, "noughts 1\ntictactoe X../.../...\n").unwrap();
    let out = Command::cargo_bin("noughts")
        .unwrap()
        .args(["mnc", "review"])
        .arg(&file)
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("expected a saved MNC match"), "{err}");
}

#[test]
fn ctrl_s_saves_to_the_data_folder_and_ctrl_o_loads_it_back() {
    use crossterm::event::{KeyCode, KeyModifiers};
    let folder = tempfile::tempdir().unwrap();
    let mut app = App::new(Theme { color: false });
    app.keep_puzzles_in(folder.path().to_path_buf());
    type_keys(&mut app, "x");
    let board = app.tabs.tictactoe.board();
    app.handle(&key_with(KeyCode::Char('s'), KeyModifiers::CONTROL), AREA);
    let screen = draw(&app, 100, 24).backend().to_string();
    assert!(screen.contains("Save to"), "{screen}");
    app.handle(&key(KeyCode::Enter), AREA);
    let file = folder.path().join("saved").join("tictactoe.txt");
    assert_eq!(
        read(&std::fs::read_to_string(&file).unwrap()).unwrap(),
        Saved::TicTacToe { board, game: None }
    );
    assert!(app.notice.as_deref().unwrap().starts_with("saved to "));

    type_keys(&mut app, "c");
    assert_ne!(app.tabs.tictactoe.board(), board);
    app.handle(&key_with(KeyCode::Char('o'), KeyModifiers::CONTROL), AREA);
    // Keys go to the path while it is typed: q is a letter there.
    type_keys(&mut app, "q");
    app.handle(&key(KeyCode::Backspace), AREA);
    app.handle(&key(KeyCode::Enter), AREA);
    assert!(app.running);
    assert_eq!(app.tabs.tictactoe.board(), board);
    assert!(app.notice.as_deref().unwrap().starts_with("loaded "));

    // A file that is not there: one line, nothing changed.
    app.handle(&key_with(KeyCode::Char('o'), KeyModifiers::CONTROL), AREA);
    type_keys(&mut app, "-missing");
    app.handle(&key(KeyCode::Enter), AREA);
    assert!(app.notice.as_deref().unwrap().starts_with("could not load"));
    assert_eq!(app.tabs.tictactoe.board(), board);
}

#[test]
fn commands_and_a_refused_app_write_nothing_in_the_home_folder() {
    let home = tempfile::tempdir().unwrap();
    let runs: [&[&str]; 4] = [
        &["tui"],
        &["config", "--path"],
        &["puzzle", "--game", "mnc", "--seed", "1"],
        &["tui", "--fresh"],
    ];
    for args in runs {
        Command::cargo_bin("noughts")
            .unwrap()
            .args(args)
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_STATE_HOME", home.path().join("state"))
            .env_remove("NOUGHTS_CONFIG_DIR")
            .env_remove("NOUGHTS_DATA_DIR")
            .env_remove("NOUGHTS_STATE_DIR")
            .write_stdin("")
            .output()
            .unwrap();
    }
    let left: Vec<_> = std::fs::read_dir(home.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_tab_with_a_puzzle_on_saves_what_waits_aside() {
    let mut app = App::new(Theme { color: false });
    app.load_saved(read("noughts 1\ntreblecross X.............\n").unwrap());
    let editor = app.saved();
    app.open_puzzle("treblecross-3-7".parse().unwrap());
    assert!(
        app.tabs.treblecross.training().current.is_some(),
        "the puzzle is on"
    );
    assert_eq!(app.saved(), editor, "the editor's strip, not the puzzle's");
    type_keys(&mut app, "P");
    assert_eq!(app.saved(), editor);
}

/// A saved game of 66,667 moves on a 100,000-cell strip (826 KB) reads and
/// replays at once: linear in its moves (issue 32: 5 s before, 17 s in the
/// app). Its size is what is checked here, not a time: each move made is
/// checked where it was played, and the match's winner kept as it goes.
#[test]
fn a_long_saved_game_reads_and_replays_whole() {
    let n = 100_000;
    let cells: Vec<usize> = (0..n).filter(|i| i % 3 != 2).collect();
    let mut text = format!("noughts 1\ntreblecross {}\nfirst you\n", ".".repeat(n));
    for c in &cells {
        text.push_str(&format!("move {}\n", c + 1));
    }
    let Saved::Treblecross { strip, game } = read(&text).unwrap() else {
        panic!("a Treblecross file");
    };
    let (first, moves) = game.unwrap();
    assert_eq!(moves.len(), cells.len());
    let mut game = noughts::solver::treblecross::new_match(strip, first).unwrap();
    let mut player = first;
    for cell in moves {
        game.play(player, cell).unwrap();
        player = player.other();
    }
    assert!(game.is_on(), "XX. repeated holds no three in a row");
    assert!(three_in_a_row(&game.position().strip).is_none());
    // One move more makes three: the game sees it.
    game.play(player, 2).unwrap();
    assert!(!game.is_on());
}

/// The form every file shares, game by game: each kind written and read
/// back, older forms still read, comments, and bad files placed.
mod form {
    use noughts::notation::saved::{read, write, Saved};

    #[test]
    fn each_kind_reads_back() {
        for text in [
            "noughts 1\ntictactoe XOX/.O./.X.\n",
            "noughts 1\ntreblecross X.......X.....\n",
            "noughts 1\ntreblecross X.......X.....\nfirst engine\nmove 4\nmove 12\n",
            "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove x b2\nmove O b2 takes x\nmove X a1\n",
            "noughts 1\nnotakto X../.X./... XXX/.../...\n",
            "noughts 1\nnotakto .../.../... .../.../...\nfirst engine\nmove 2:b2\nmove 1:a1\n",
            "noughts 1\ntictactoe X../.O./...\nfirst you\nmove c3\nmove a3\n",
        ] {
            let saved = read(text).unwrap();
            assert_eq!(write(&saved), text);
        }
        // Files written before O was the letter read as they did.
        let older = read("noughts 1\ntictactoe X0X/.0./.X.\n").unwrap();
        assert_eq!(older, read("noughts 1\ntictactoe XOX/.O./.X.\n").unwrap());
    }

    #[test]
    fn a_match_saved_in_the_first_form_still_loads() {
        let old = "noughts 1\nmnc x../.../... o 3 4\nyou o\nmove small b2\nmove big c3\nmove big a1\nmove c3 b2\n";
        let saved = read(old).unwrap();
        assert_eq!(
            write(&saved),
            "noughts 1\nmnc x../.../... o 3 4\nyou o\nmove o b2\nmove X c3\nmove O a1 takes x\nmove X c3-b2 takes o\n"
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let text = "# saved by hand\nnoughts 1\n\ntictactoe X../.../... # X to start\n";
        assert!(matches!(read(text), Ok(Saved::TicTacToe { .. })));
    }

    #[test]
    fn bad_files_say_line_and_column() {
        let cases = [
            ("", "line 1, column 1: expected 'noughts 1'"),
            ("noughts 2\n", "line 1, column 1: expected 'noughts 1'"),
            (
                "noughts 1\nchess x\n",
                "line 2, column 1: expected the game",
            ),
            (
                "noughts 1\ntictactoe X0X/.0./.Y.\n",
                "line 2, column 20: expected 'X'",
            ),
            (
                "noughts 1\ntreblecross X..\nfirst me\n",
                "line 3, column 7: expected 'you' or 'engine'",
            ),
            (
                "noughts 1\ntreblecross X..\nfirst you\nmove 1\n",
                "line 4, column 6: cell 1 holds an X",
            ),
            (
                "noughts 1\ntreblecross X..\nfirst you\nmove 9\n",
                "line 4, column 6: expected a cell from 1 to 3",
            ),
            (
                "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove small d4\n",
                "line 4, column 12: expected a column a, b or c",
            ),
            (
                "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove a1 b2\n",
                "line 4, column 6: not a legal move here",
            ),
            (
                "noughts 1\nnotakto .../.../... X../.X./..Y\n",
                "line 2, column 31: expected 'X' or '.'",
            ),
            (
                "noughts 1\nnotakto\n",
                "line 2, column 9: expected 1 to 9 boards",
            ),
            (
                "noughts 1\nnotakto .../.../...\nfirst you\nmove 2:b2\n",
                "line 4, column 6: expected a board from 1 to 1",
            ),
            (
                "noughts 1\nnotakto X../.../...\nfirst you\nmove 1:a1\n",
                "line 4, column 8: a1 of board 1 holds an X",
            ),
            (
                "noughts 1\nnotakto X../.../...\nfirst you\nmove 1:d1\n",
                "line 4, column 8: expected a column a, b or c",
            ),
            (
                "noughts 1\nnotakto XX./.../...\nfirst you\nmove 1:c1\nmove 1:b2\n",
                "line 5, column 6: expected the end: the game is over",
            ),
            (
                "noughts 1\nnotakto XXX/.../...\nfirst you\n",
                "line 3, column 7: expected the end: no game starts",
            ),
            (
                "noughts 1\nmnc .../.../... x 4 4\nmove small a1\n",
                "line 3, column 1: expected 'you'",
            ),
            (
                "noughts 1\ntictactoe X../.../...\nfirst you\nmove a1\n",
                "line 4, column 6: a1 is taken already",
            ),
            (
                "noughts 1\ntictactoe X../.../...\nfirst you\nmove d1\n",
                "line 4, column 6: expected a column a, b or c",
            ),
            (
                "noughts 1\ntictactoe XX./OO./...\nfirst you\nmove c1\nmove c2\n",
                "line 5, column 6: expected the end: the game is over",
            ),
            (
                "noughts 1\ntictactoe XXX/OO./...\nfirst you\n",
                "line 3, column 7: expected the end: no game starts",
            ),
            (
                "noughts 1\ntictactoe XXX/.../...\nfirst you\n",
                "line 3, column 7: expected the end: no game starts on this board",
            ),
            (
                "noughts 1\ntictactoe X../.../...\nmove b2\n",
                "line 3, column 1: expected 'first'",
            ),
        ];
        for (text, said) in cases {
            let e = read(text).unwrap_err().to_string();
            assert!(e.starts_with(said), "{text:?}: {e}");
        }
    }
}

/// The app's Ctrl-S and Ctrl-O: a file written whole through a link at its
/// name (the link is replaced, its target kept), read back, and a bad
/// file, a folder, a missing folder and bytes that are not UTF-8 refused
/// where they are.
#[test]
fn a_saved_file_loads_back_and_a_link_at_its_name_is_replaced() {
    let folder = tempfile::tempdir().unwrap();
    let other = folder.path().join("other.txt");
    std::fs::write(&other, "keep me").unwrap();
    let path = folder.path().join("game.txt");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&other, &path).unwrap();
    let saved = Saved::TicTacToe {
        board: "X../.0./...".parse().unwrap(),
        game: None,
    };
    assert!(noughts::tui::files::save(&path, &saved, None)
        .unwrap()
        .starts_with("saved to "));
    assert_eq!(noughts::tui::files::load(&path), Ok(saved.clone()));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "keep me");
    let bad = folder.path().join("bad.txt");
    std::fs::write(&bad, "noughts 1\nchess\n").unwrap();
    assert!(noughts::tui::files::load(&bad)
        .unwrap_err()
        .contains("line 2, column 1"));
    assert!(noughts::tui::files::load(folder.path())
        .unwrap_err()
        .contains("could not load"));
    // A folder that does not exist is an error, not made.
    let missing = folder.path().join("no").join("game.txt");
    let why = noughts::tui::files::save(&missing, &saved, None).unwrap_err();
    assert!(why.contains("does not exist"), "{why}");
    assert!(!folder.path().join("no").exists());
    // A byte-order mark is taken; a byte that is not UTF-8 is placed.
    let marked = folder.path().join("bom.txt");
    std::fs::write(&marked, "\u{feff}noughts 1\ntictactoe X../.0./...\n").unwrap();
    assert_eq!(noughts::tui::files::load(&marked), Ok(saved));
    std::fs::write(&marked, b"noughts 1\ntic\xfftactoe\n").unwrap();
    let why = noughts::tui::files::load(&marked).unwrap_err();
    assert!(why.contains("line 2, column 4"), "{why}");
}

/// A session of the first version (a field per tab, `zoom` plain and the
/// match's settings under its word) comes back whole.
#[test]
fn a_first_version_session_still_comes_back() {
    let folder = tempfile::tempdir().unwrap();
    let old = r#"{"version": 1, "tab": "mnc",
        "tictactoe": "noughts 1\ntictactoe X../.O./...\n",
        "treblecross": "noughts 1\ntreblecross ..X..\n",
        "mnc": "noughts 1\nmnc .../.../... x 4 4\nyou x\n",
        "zoom": 3, "mnc_hints": true, "mnc_strength": "casual"}"#;
    std::fs::write(folder.path().join("session.json"), old).unwrap();
    let mut app = App::new(Theme { color: false });
    let kept = noughts::tui::session::open(&mut app, &folder.path().join("session.json"), false);
    assert!(kept.note.is_none(), "{:?}", kept.note);
    assert_eq!(app.tab, noughts::tui::app::TabId::Mnc);
    use noughts::tui::tab::Keep;
    assert_eq!(
        app.tabs.tictactoe.saved(),
        read("noughts 1\ntictactoe X../.O./...\n").unwrap()
    );
    assert_eq!(
        app.tabs.treblecross.saved(),
        read("noughts 1\ntreblecross ..X..\n").unwrap()
    );
    assert_eq!(app.tabs.treblecross.zoom(), Some(3));
    assert!(app.tabs.mnc.hints_on());
    assert_eq!(
        app.tabs.mnc.strength(),
        noughts::solver::mnc::Strength::Casual
    );
    assert_eq!(app.tabs.mnc.human(), noughts::solver::Side::X);
}

/// Every tab's file and settings, the tab shown and the details come back;
/// a second instance reads the session but keeps none.
#[test]
fn a_session_kept_comes_back_whole() {
    use noughts::tui::session;
    use noughts::tui::tab::Keep;
    let folder = tempfile::tempdir().unwrap();
    let mut app = App::new(Theme { color: false });
    let kept = session::open(&mut app, &folder.path().join("session.json"), false);
    assert!(kept.note.is_none());
    app.load_saved(read("noughts 1\ntictactoe X../.0./...\n").unwrap());
    app.load_saved(read("noughts 1\ntreblecross ..X.......X...\nfirst engine\nmove 6\n").unwrap());
    app.tabs.treblecross.set_zoom(Some(2));
    app.tab = noughts::tui::app::TabId::Treblecross;
    app.set_details(true);
    let keeper = kept.keeper.clone().unwrap();
    keeper.offer(session::text(&mut app));
    keeper.flush().unwrap();
    drop(kept);

    let mut back = App::new(Theme { color: false });
    let kept = session::open(&mut back, &folder.path().join("session.json"), false);
    assert!(kept.note.is_none(), "{:?}", kept.note);
    assert_eq!(back.tab, noughts::tui::app::TabId::Treblecross);
    assert_eq!(back.tabs.tictactoe.saved(), app.tabs.tictactoe.saved());
    assert_eq!(back.tabs.treblecross.saved(), app.tabs.treblecross.saved());
    assert_eq!(back.tabs.treblecross.zoom(), Some(2));
    assert!(back.details, "the details turned on stay on");

    // A second instance meanwhile: reads, keeps nothing, says so.
    let mut second = App::new(Theme { color: false });
    let other = session::open(&mut second, &folder.path().join("session.json"), false);
    assert!(other.keeper.is_none());
    let note = other.note.unwrap();
    assert!(note.contains("will not be kept"), "{note}");
    assert_eq!(
        second.tabs.treblecross.saved(),
        app.tabs.treblecross.saved()
    );
}
