//! Games against the engine in the tic-tac-toe tab, without a terminal:
//! every engine move checked against the tests' own negamax (which shares
//! no code with the solver), a perfect game drawn, a blunder punished, the
//! take-back, the quit question and the puzzles over a game.

use crate::app_support::*;
use crate::independent::tictactoe::{from_rows, mover, value, Board as Twin};
use noughts::solver::tictactoe::Board;
use noughts::solver::Cell;
use noughts::tui::app::{Action, App};
use noughts::tui::tabs::tictactoe;
use noughts::tui::theme::Theme;

fn fresh() -> App {
    let mut app = App::new(Theme { color: false });
    settle(&mut app);
    app
}

/// Ticks until the engine has answered everything asked of it.
fn settle(app: &mut App) {
    tick_until(app, "the engine answered", |app| !app.busy());
}

fn screen(app: &App) -> String {
    draw(app, 100, 30).backend().to_string()
}

/// The twin's board of the game's position.
fn twin_of(app: &App) -> Twin {
    let board = app.tabs.tictactoe.game().expect("a game").position();
    from_rows(&noughts::notation::tictactoe::slashed(board))
}

/// The twin's best cell for the mover (the first of the best).
fn best_cell(board: &Twin) -> usize {
    let me = mover(board);
    let other = if me == b'X' { b'O' } else { b'X' };
    let mut best = None;
    for cell in (0..9).filter(|&c| board[c] == b'.') {
        let mut next = *board;
        next[cell] = me;
        let v = value(&mut next, other).for_mover();
        if best.is_none_or(|(b, _)| v.better_of(b) != b) {
            best = Some((v, cell));
        }
    }
    best.expect("a move").1
}

/// Whether the engine's move `cell` on `before` keeps the twin's value.
fn is_best(before: &Twin, cell: usize) -> bool {
    let me = mover(before);
    let other = if me == b'X' { b'O' } else { b'X' };
    let mut after = *before;
    after[cell] = me;
    value(&mut after, other).for_mover() == value(&mut before.clone(), me)
}

fn play(app: &mut App, cell: usize) {
    let cell = Cell::from_index(cell).unwrap();
    app.update(Action::tab(tictactoe::Action::Click(cell)));
    settle(app);
}

/// Checks each engine move of the game so far against the twin.
fn engine_moves_are_perfect(app: &App) {
    let game = app.tabs.tictactoe.game().unwrap();
    let mut board = from_rows(&noughts::notation::tictactoe::slashed(
        game.record().start(),
    ));
    for &cell in game.record().moves() {
        let engines = mover(&board) != mark_of(game.human());
        if engines {
            assert!(is_best(&board, cell.index()), "engine {cell} on {board:?}");
        }
        board[cell.index()] = mover(&board);
    }
}

fn mark_of(side: noughts::solver::Side) -> u8 {
    match side {
        noughts::solver::Side::X => b'X',
        noughts::solver::Side::O => b'O',
    }
}

#[test]
fn perfect_play_against_the_engine_is_a_draw() {
    let mut app = fresh();
    type_keys(&mut app, "g");
    assert!(screen(&app).contains("you play X"), "{}", screen(&app));
    // Who moves first, in the tense of the moment.
    assert!(
        screen(&app).contains("(you move first)"),
        "{}",
        screen(&app)
    );
    let mut first = true;
    while app.tabs.tictactoe.game().unwrap().is_on() {
        if !std::mem::take(&mut first) {
            assert!(
                screen(&app).contains("(you moved first)"),
                "{}",
                screen(&app)
            );
        }
        let cell = best_cell(&twin_of(&app));
        play(&mut app, cell);
        engine_moves_are_perfect(&app);
    }
    let game = app.tabs.tictactoe.game().unwrap();
    assert!(game.is_drawn() && game.winner().is_none());
    assert_eq!(game.record().moves().len(), 9);
    let text = screen(&app);
    assert!(text.contains("GAME OVER: a draw"), "{text}");
    assert!(!text.contains("??"), "no blunder marked: {text}");
    // A finished draw draws its value history as a win or a loss does
    // (round 20 found none, though the README says every finished game
    // has one).
    let wide = draw(&app, 200, 40).backend().to_string();
    assert!(wide.contains("value history for you"), "{wide}");
}

#[test]
fn the_engine_first_plays_x_and_punishes_a_blunder() {
    let mut app = fresh();
    type_keys(&mut app, "G");
    settle(&mut app);
    let game = app.tabs.tictactoe.game().unwrap();
    assert_eq!(game.record().moves().len(), 1, "the engine opened");
    assert!(screen(&app).contains("you play O"), "{}", screen(&app));
    // The first empty cell whose value is a loss for you, each turn while
    // there is one (after the first, the engine is winning).
    while app.tabs.tictactoe.game().unwrap().is_on() {
        let board = twin_of(&app);
        assert_eq!(mover(&board), b'O');
        let empty = || (0..9).filter(|&c| board[c] == b'.');
        let losing = empty()
            .find(|&c| !is_best(&board, c))
            .unwrap_or_else(|| empty().next().unwrap());
        play(&mut app, losing);
        engine_moves_are_perfect(&app);
    }
    let game = app.tabs.tictactoe.game().unwrap();
    assert_eq!(game.winner(), Some(noughts::solver::Side::X));
    let text = screen(&app);
    assert!(text.contains("GAME OVER: the engine wins"), "{text}");
    assert!(text.contains("??"), "the blunder marked: {text}");
    // The move threw a draw away, and the legend says so.
    let wide = draw(&app, 200, 40).backend().to_string();
    assert!(wide.contains("?? threw a win or a draw away"), "{wide}");
}

#[test]
fn take_back_quit_question_and_puzzles_over_a_game() {
    let mut app = fresh();
    type_keys(&mut app, "g");
    play(&mut app, 4);
    let moves = |app: &App| app.tabs.tictactoe.game().unwrap().record().moves().to_vec();
    assert_eq!(moves(&app).len(), 2, "your move and the engine's reply");
    // The board being edited waits: it is still empty.
    assert_eq!(app.tabs.tictactoe.board(), Board::EMPTY);
    // Editing keys are refused while the game is on.
    type_keys(&mut app, "x");
    assert!(screen(&app).contains("a game is on"), "{}", screen(&app));
    // u takes back your move and the reply.
    type_keys(&mut app, "u");
    assert!(moves(&app).is_empty());
    play(&mut app, 0);
    let before = moves(&app);
    // A review step shows the values of the position reviewed (O to
    // move after your first move), not of the live one (X to move).
    type_keys(&mut app, "<");
    let reviewed = app.tabs.tictactoe.verdicts().analysis.as_ref().unwrap();
    assert_eq!(reviewed.mover, noughts::solver::Side::O);
    app.handle(&key(crossterm::event::KeyCode::Esc), AREA);
    let live = app.tabs.tictactoe.verdicts().analysis.as_ref().unwrap();
    assert_eq!(live.mover, noughts::solver::Side::X);
    // Quitting names the game at stake.
    type_keys(&mut app, "q");
    let question = app.question().expect("asked before quitting");
    assert!(
        format!("{question:?}").contains("tic-tac-toe game"),
        "{question:?}"
    );
    type_keys(&mut app, "n");
    assert!(app.running);
    // A puzzle is drawn over the game, which comes back as it was.
    type_keys(&mut app, "P");
    assert!(app.tabs.tictactoe.training().current.is_some());
    type_keys(&mut app, "P");
    assert!(app.tabs.tictactoe.training().current.is_none());
    assert_eq!(moves(&app), before);
    // g asks before it stops a game you moved in; y stops it, and the
    // board being edited takes the game's position.
    type_keys(&mut app, "g");
    assert!(app.question().is_some());
    type_keys(&mut app, "y");
    assert!(app.tabs.tictactoe.game().is_none());
    let edited = app.tabs.tictactoe.board();
    for (k, cell) in before.iter().enumerate() {
        assert!(edited.get(*cell).is_some(), "move {k} kept on the board");
    }
    // A saved board loaded during a game ends the game: the board is the
    // file's, its verdict the board's.
    type_keys(&mut app, "c");
    type_keys(&mut app, "g");
    play(&mut app, 4);
    assert!(app.tabs.tictactoe.game().is_some());
    let file: Board = "X../.O./...".parse().unwrap();
    use noughts::tui::tab::Keep;
    assert!(app
        .tabs
        .tictactoe
        .load(noughts::notation::Saved::TicTacToe {
            board: file,
            game: None
        })
        .is_ok());
    assert!(app.tabs.tictactoe.game().is_none());
    assert_eq!(app.tabs.tictactoe.board(), file);
    assert_eq!(
        app.tabs
            .tictactoe
            .verdicts()
            .analysis
            .as_ref()
            .unwrap()
            .mover,
        noughts::solver::Side::X
    );
}

#[test]
fn at_40_by_16_the_engines_reply_is_said_first() {
    // Round 13: `the engine played a3` went under `… 3 more rows` at 40×16
    // while the unchanged `your move` stayed; the newest words go first,
    // as in the other tabs.
    let mut app = fresh();
    type_keys(&mut app, "g");
    settle(&mut app);
    play(&mut app, 4);
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("the engine played "), "{text}");
}

/// The first screen says how to win, as the other tabs' do (round 16
/// found it only under `r`).
#[test]
fn the_first_screen_says_how_to_win() {
    let app = noughts::tui::app::App::new(noughts::tui::theme::Theme { color: false });
    for (width, height) in [(80, 24), (120, 40)] {
        let text = draw(&app, width, height).backend().to_string();
        // The panel's words: what is right of the board on each row.
        let panel: Vec<&str> = (text.lines())
            .map(|row| row.rsplit(['│', '┤', '┘', '┐']).next().unwrap_or(row))
            .collect();
        let flat = flat_words(&panel.join(" "));
        assert!(
            flat.contains("Three in a row (across, down or diagonally) wins."),
            "{text}"
        );
    }
}
