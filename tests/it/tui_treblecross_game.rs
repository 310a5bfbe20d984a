//! Games against the engine in the Treblecross tab, without a terminal:
//! playing by keys and clicks, the engine's replies, the move list, the
//! review and the perfect line against exhaustive search (the editor, the
//! analysis and the panel are in `tui_treblecross.rs`).

use crate::app_support;
use crate::independent;

use app_support::treblecross::*;
use app_support::*;
use crossterm::event::KeyCode;
use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::treblecross::layout;

/// The exact value of a strip for its mover, by the tests' own search.
fn searched(cells: &[bool]) -> noughts::solver::Outcome {
    use independent::{mask_of, TreblecrossSearch, Value};
    use noughts::solver::Outcome;
    match TreblecrossSearch::new(cells.len()).value(mask_of(cells)) {
        Value::Win(d) => Outcome::Win(d as u8),
        Value::Loss(d) => Outcome::Loss(d as u8),
        Value::Draw => Outcome::Draw,
    }
}

#[test]
fn a_game_against_the_engine() {
    use noughts::solver::treblecross::Player;
    // You first on 8 empty cells: a move, then the engine's reply at once.
    let mut app = app_with("........");
    play_keys(&mut app, "glll ");
    let game = app.tabs.treblecross.game().expect("a game is on");
    let moves = moves_of(&app);
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0], (Player::You, 3));
    assert_eq!(moves[1].0, Player::Engine);
    assert_eq!(game.to_move(), Player::You);
    let terminal = draw(&app, 100, 24);
    let text = terminal.backend().to_string();
    assert!(
        text.contains("your move") && text.contains("analysis is hidden"),
        "{text}"
    );
    let strip_row = layout(shell_layout(AREA).body, true).unwrap().strip;
    let row: String = (0..8)
        .map(|x| {
            terminal.backend().buffer()[(strip_row.x + x, strip_row.y)]
                .symbol()
                .to_string()
        })
        .collect();
    assert!(
        !row.contains('★'),
        "no hints on the strip while playing: {row}"
    );

    // Stopping a game you have moved in asks first; n keeps it.
    type_keys(&mut app, "g");
    assert!(app.question().is_some());
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("Stop the game and edit the strip?"), "{text}");
    type_keys(&mut app, "n");
    assert!(app.question().is_none() && app.tabs.treblecross.game().is_some());

    // Editing is refused while a game is on, with the reason.
    type_keys(&mut app, "+");
    assert_eq!(app.tabs.treblecross.strip().len(), 8);
    assert!(app
        .tabs
        .treblecross
        .message()
        .unwrap()
        .contains("g stops it"));

    // Undo takes back your move and the reply.
    type_keys(&mut app, "u");
    assert!(app.tabs.treblecross.strip().iter().all(|&x| !x));
    assert!(moves_of(&app).is_empty());

    // An X next to another hands the engine three in a row.
    play_keys(&mut app, " ");
    let engine_cell = moves_of(&app)[1].1;
    let next_to = if engine_cell + 1 < 8 && !app.tabs.treblecross.strip()[engine_cell + 1] {
        engine_cell + 1
    } else {
        engine_cell - 1
    };
    app.handle(&key(KeyCode::Home), AREA);
    for _ in 0..next_to {
        app.handle(&key(KeyCode::Right), AREA);
    }
    play_keys(&mut app, " ");
    assert_eq!(
        app.tabs.treblecross.game().unwrap().winner(),
        Some(Player::Engine)
    );
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("GAME OVER: the engine wins"), "{text}");
    // From 120×40 the Grundy panel gives way to the game: the value
    // history is a chart with its legend, not the one-row strip (which a
    // newcomer found at 120×40 beside a Grundy chart of 20 rows).
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(text.contains("value history for you"), "{text}");
    let body = shell_layout(ratatui::layout::Rect::new(0, 0, 120, 40)).body;
    let (with_game, without) = (layout(body, true).unwrap(), layout(body, false).unwrap());
    assert!(with_game.info.height > without.info.height);
    assert_eq!(with_game.strip, without.strip);
    // g ends the game (over: nothing to ask); the strip is editable again.
    type_keys(&mut app, "g+");
    assert!(app.tabs.treblecross.game().is_none());
    assert_eq!(app.tabs.treblecross.strip().len(), 9);
}

#[test]
fn the_engine_wins_from_a_won_start_whatever_you_play() {
    use noughts::solver::treblecross::Player;
    for len in [5, 9, 14, 23] {
        let mut app = app_with(&".".repeat(len));
        assert!(
            app.tabs.treblecross.analysis().unwrap().is_winning(),
            "{len}"
        );
        play_keys(&mut app, "G");
        // You always play the first empty cell.
        while app.tabs.treblecross.game().unwrap().winner().is_none() {
            let first_empty = app
                .tabs
                .treblecross
                .strip()
                .iter()
                .position(|&x| !x)
                .unwrap();
            app.handle(&key(KeyCode::Home), AREA);
            for _ in 0..first_empty {
                app.handle(&key(KeyCode::Right), AREA);
            }
            play_keys(&mut app, " ");
        }
        assert_eq!(
            app.tabs.treblecross.game().unwrap().winner(),
            Some(Player::Engine),
            "{len}"
        );
    }
}

#[test]
fn a_game_hides_the_analysis_names_the_engine_and_keeps_a_move_list() {
    let mut app = app_with("...........");
    type_keys(&mut app, "g");
    // Your X on cell 1; the engine replies and says where.
    play_keys(&mut app, " ");
    let (_, engine_cell) = moves_of(&app)[1];
    let terminal = draw(&app, 100, 24);
    let text = terminal.backend().to_string();
    assert!(
        text.contains(&format!("the engine played {}", engine_cell + 1)),
        "{text}"
    );
    assert!(
        text.contains("1. you 1") && text.contains(&format!("2. engine {}", engine_cell + 1)),
        "{text}"
    );
    // Hidden: no labels, no brackets, no stars, no ▲ in the panel.
    assert!(
        !text.contains("L=") && !text.contains('★') && !text.contains('▲'),
        "{text}"
    );
    assert!(!text.contains('└'), "{text}");
    // a shows it.
    type_keys(&mut app, "a");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("for the player to move"), "{text}");
}

#[test]
fn review_and_the_perfect_line_agree_with_exhaustive_search() {
    use noughts::solver::record::Shown;
    use noughts::solver::Outcome;
    // A game where you play badly: the first empty cell each time.
    let mut app = app_with(&".".repeat(14));
    type_keys(&mut app, "g");
    while app.tabs.treblecross.game().unwrap().is_on() {
        let first = app
            .tabs
            .treblecross
            .strip()
            .iter()
            .position(|&x| !x)
            .unwrap();
        app.handle(&key(KeyCode::Home), AREA);
        for _ in 0..first {
            app.handle(&key(KeyCode::Right), AREA);
        }
        play_keys(&mut app, " ");
    }
    let moves = moves_of(&app);
    // Review: back to the start, each move annotated as search says: the
    // value before it for its mover, and after it the value of the strip
    // it leaves for the player to move there (as the live panel counts).
    play_keys(&mut app, "<");
    let annotations = app.tabs.treblecross.annotations().unwrap().to_vec();
    assert_eq!(annotations.len(), moves.len());
    let mut cells = vec![false; 14];
    for (&(_, cell), note) in moves.iter().zip(&annotations) {
        assert_eq!(note.before.outcome(), Some(searched(&cells)));
        cells[cell] = true;
        let expected = if cells.windows(3).any(|w| w.iter().all(|&x| x)) {
            Outcome::Loss(0)
        } else {
            searched(&cells)
        };
        assert_eq!(note.after.outcome(), Some(expected));
    }
    assert!(
        annotations
            .iter()
            .any(|n| n.before.winning && !n.for_mover().winning),
        "you blundered"
    );
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("REVIEW") && text.contains("??"), "{text}");
    for _ in 0..moves.len() {
        play_keys(&mut app, "<");
    }
    assert_eq!(app.tabs.treblecross.view(), Shown::Review { ply: 0 });
    assert!(app.tabs.treblecross.shown().0.iter().all(|&x| !x));
    // The perfect line from the start: every move keeps the value.
    play_keys(&mut app, "p");
    let line = app.tabs.treblecross.perfect_line().unwrap().clone();
    let mut cells = vec![false; 14];
    let start = searched(&cells);
    let Outcome::Win(plies) = start else {
        panic!("14 empty cells are a win");
    };
    assert_eq!(line.moves.len(), usize::from(plies));
    for (k, &(cell, value)) in line.moves.iter().enumerate() {
        assert_eq!(value.outcome(), Some(searched(&cells)), "step {k}");
        cells[cell] = true;
        play_keys(&mut app, ">");
        assert_eq!(
            app.tabs.treblecross.shown().0.cells(),
            &cells[..],
            "step {k}"
        );
    }
    // Esc from a line opened in a review goes back to the review, a
    // second Esc to the game.
    app.handle(&key(KeyCode::Esc), AREA);
    assert_eq!(app.tabs.treblecross.view(), Shown::Review { ply: 0 });
    // c on the line: the game goes on from its last step (over there).
    play_keys(&mut app, "p");
    for _ in 0..line.moves.len() {
        play_keys(&mut app, ">");
    }
    play_keys(&mut app, "c");
    assert_eq!(app.tabs.treblecross.view(), Shown::Live);
    assert_eq!(moves_of(&app).len(), line.moves.len());
}

#[test]
fn a_click_on_a_played_x_reviews_its_move() {
    use noughts::solver::record::Shown as View;
    let mut app = app_with(&".".repeat(20));
    play_keys(&mut app, "g ");
    play_keys(&mut app, "llllllllll ");
    let moves = moves_of(&app);
    assert_eq!(moves.len(), 4);
    type_keys(&mut app, "<");
    let l = layout(shell_layout(AREA).body, true).unwrap();
    let z = app.tabs.treblecross.cell_width(l.strip.width);
    // The engine's first X: the position after move 2.
    let cell = moves[1].1 as u16;
    app.handle(&click(l.strip.x + cell * z + z / 2, l.strip.y), AREA);
    assert_eq!(app.tabs.treblecross.view(), View::Review { ply: 2 });
    // A click on an empty cell only says what works.
    let empty = (0..20)
        .find(|c| moves.iter().all(|&(_, m)| m != *c))
        .unwrap() as u16;
    app.handle(&click(l.strip.x + empty * z + z / 2, l.strip.y), AREA);
    assert_eq!(app.tabs.treblecross.view(), View::Review { ply: 2 });
    assert!(app
        .tabs
        .treblecross
        .message()
        .unwrap()
        .contains("click on an X"));
}

/// A game started where the player to move loses says so, with the way to
/// the other side; one started on the winning side says that instead.
#[test]
fn a_game_says_who_holds_the_winning_side() {
    // Twelve empty cells lose for the player to move (the exhaustive
    // search agrees); thirteen win.
    assert!(matches!(
        searched(&[false; 12]),
        noughts::solver::Outcome::Loss(_)
    ));
    let mut app = app_with("............");
    play_keys(&mut app, "g");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("the engine holds the winning side"), "{text}");
    assert!(matches!(
        searched(&[false; 13]),
        noughts::solver::Outcome::Win(_)
    ));
    let mut app = app_with(".............");
    play_keys(&mut app, "g");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("you hold the winning side"), "{text}");
}
