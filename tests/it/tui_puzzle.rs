//! The puzzle mode of each tab, driven as a person drives it (keys and
//! clicks through the app): a wrong answer says what it gives — checked
//! against the slow twins of `tests/independent` —, a right one ends the
//! puzzle and grows the streak, the hints come in three steps, the
//! solution is the perfect line, leaving brings the tab back as it was,
//! and the level and streak are kept in the folder named for them.

use crate::app_support;
use crate::independent;

use crate::bridge::{outcome, twin_of};
use app_support::*;
use crossterm::event::KeyCode;
use independent::mnc::SlowSolver;
use independent::{segment_values, tictactoe as twin};
use noughts::notation::tictactoe::slashed;
use noughts::solver::puzzle::{PuzzleGame, PuzzleId, Rated};
use noughts::solver::record::Shown;
use noughts::solver::tictactoe::TicTacToeTask;
use noughts::solver::treblecross::TreblecrossTask;
use noughts::solver::{Cell, Outcome};
use noughts::training::run::{MISTAKE_COSTS, RUN_TIME};
use noughts::training::{Attempt, Run, RunEnd, RunKind, Standing};
use noughts::tui::app::{App, TabId};
use noughts::tui::puzzle::{Puzzles, Training};
use noughts::tui::tabs::tictactoe;
use noughts::tui::theme::Theme;
use std::collections::HashMap;

/// Wide enough that no sentence of the panel wraps.
const WIDE: (u16, u16) = (200, 60);

fn screen(app: &App) -> String {
    draw(app, WIDE.0, WIDE.1).backend().to_string()
}

fn shows(app: &App, words: &str) {
    let text = screen(app);
    assert!(text.contains(words), "{words:?} not on screen:\n{text}");
}

/// The player's tic-tac-toe rating now.
fn ttt_rating(app: &App) -> f64 {
    let training = app.tabs.tictactoe.training();
    training.trainer.progress().rating.rating
}

/// The tic-tac-toe puzzle's attempt (one is open).
fn ttt_attempt(app: &App) -> &Attempt {
    &app.tabs
        .tictactoe
        .training()
        .current
        .as_ref()
        .unwrap()
        .attempt
}

fn id(text: &str) -> PuzzleId {
    text.parse().unwrap()
}

fn app_keeping_in(folder: &std::path::Path) -> App {
    let mut app = App::new(Theme { color: false });
    app.keep_puzzles_in(folder.to_path_buf());
    app
}

/// A click in the middle of a tic-tac-toe cell, as the terminal sends it.
fn click_tictactoe(app: &mut App, cell: Cell) {
    let area = ratatui::layout::Rect::new(0, 0, WIDE.0, WIDE.1);
    let body = noughts::tui::shell::shell_layout(area).body;
    let rect = tictactoe::layout(body).unwrap().cells[cell.index()];
    let event = click(rect.x + rect.width / 2, rect.y + rect.height / 2);
    app.handle(&event, area);
}

/// What the slow twin says after a move worth `value` to the mover, in the
/// panel's words.
fn after(name: &str, other: char, value: independent::Value) -> String {
    match value {
        independent::Value::Loss(2) => format!("after {name}, {other} wins at once"),
        independent::Value::Loss(d) => format!("{name} loses in {d} moves: {other} wins"),
        independent::Value::Draw => format!("{name} only draws"),
        independent::Value::Win(d) => format!("{name} wins in {d} moves"),
    }
}

fn progress_file(folder: &std::path::Path, game: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(folder.join(format!("puzzles-{game}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn tic_tac_toe_puzzles_judge_by_click_hint_in_steps_and_keep_the_streak() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    // A board of the editor's, to find again after the puzzles.
    type_keys(&mut app, "x");
    let edited = app.tabs.tictactoe.board();
    type_keys(&mut app, "P");
    assert!(app.tabs.tictactoe.training().current.is_some());
    shows(&app, "PUZZLE tictactoe-");
    shows(&app, "chosen below your rating while it is new");
    shows(&app, "t hint");

    // Win puzzles until one has a wrong cell to try, then every puzzle
    // once right: wrong answers in the twin's words, right ones solve.
    let mut wrongs = 0;
    let mut slow_wins = 0;
    let mut solved = 0;
    let mut saves = [0; 2];
    for seed in 0..40 {
        app.open_puzzle(id(&format!("tictactoe-2-{seed}")));
        let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
        let board = twin::from_rows(&slashed(&t.puzzle.board));
        let (task, answers) = (t.puzzle.task, t.puzzle.answers.clone());
        let other = if twin::mover(&board) == b'X' {
            'O'
        } else {
            'X'
        };
        let values: Vec<(Cell, independent::Value)> = Cell::ALL
            .into_iter()
            .filter(|c| board[c.index()] == b'.')
            .map(|c| (c, twin::move_value(&board, c.index())))
            .collect();
        let holds = |v: independent::Value| match task {
            TicTacToeTask::Win { plies } => v == independent::Value::Win(u32::from(plies)),
            TicTacToeTask::Save => !v.is_loss(),
        };
        let right: Vec<Cell> = values
            .iter()
            .filter(|(_, v)| holds(*v))
            .map(|(c, _)| *c)
            .collect();
        assert_eq!(right, answers, "seed {seed}");
        if let Some(&(cell, value)) = values.iter().find(|(_, v)| v.is_loss()) {
            click_tictactoe(&mut app, cell);
            shows(&app, &after(&cell.to_string(), other, value));
            wrongs += 1;
            assert_eq!(app.tabs.tictactoe.training().trainer.progress().streak, 0);
        }
        // A slower win: both distances in moves.
        let slower = values.iter().find(|(_, v)| match (task, v) {
            (TicTacToeTask::Win { plies }, independent::Value::Win(d)) => *d > u32::from(plies),
            _ => false,
        });
        if let (TicTacToeTask::Win { plies }, Some(&(cell, independent::Value::Win(d)))) =
            (task, slower)
        {
            let wrong_before = ttt_attempt(&app).wrong;
            click_tictactoe(&mut app, cell);
            shows(
                &app,
                &format!("{cell} wins too, but in {d} moves: the puzzle asks for the win in {plies} move"),
            );
            shows(&app, "Not counted. Try another cell.");
            // No mistake: the try is not counted, and the puzzle stays open.
            let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
            assert_eq!(t.attempt.wrong, wrong_before, "seed {seed}");
            assert!(t.attempt.is_open(), "seed {seed}");
            slow_wins += 1;
        }
        for cell in &right {
            click_tictactoe(&mut app, *cell);
        }
        let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
        assert_eq!(t.attempt.standing, Standing::Solved, "seed {seed}");
        // Solved after a slip is a miss, as the dashboard counts it.
        let clean = t.attempt.wrong == 0;
        shows(&app, "✓ solved: n for the next puzzle");
        // A save of one cell is not "the last cell to find".
        if task == TicTacToeTask::Save {
            let last = right.last().unwrap();
            match right.len() {
                1 => shows(
                    &app,
                    &format!("✓ {last} holds: the only cell that does not lose"),
                ),
                _ => shows(
                    &app,
                    &format!("✓ {last} holds, and that was the last cell to find"),
                ),
            }
            saves[usize::from(right.len() > 1)] += 1;
        }
        solved += u32::from(clean);
    }
    assert!(wrongs > 5, "only {wrongs} puzzles had a losing cell");
    assert!(slow_wins > 0, "no puzzle had a slower win");
    assert!(
        saves[0] > 0 && saves[1] > 0,
        "saves of one and of several cells: {saves:?}"
    );
    let kept = progress_file(folder.path(), "tictactoe");
    assert_eq!(kept["solved"], solved);

    // Three clean solves in a row: the streak grows, the rating rises,
    // and each next puzzle is chosen near it.
    // (A puzzle missed above may come back among them: solved, it grows
    // the streak but moves no rating, its answer having been seen.)
    let before = app.tabs.tictactoe.training().trainer.progress();
    let (mut rated, mut solves) = (0, 0);
    while rated < 3 {
        type_keys(&mut app, "n");
        let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
        assert_eq!(t.attempt.rating, t.puzzle.rating(), "the panel's rating");
        rated += u32::from(!t.attempt.again);
        let answers = t.puzzle.answers.clone();
        for cell in answers {
            click_tictactoe(&mut app, cell);
        }
        solves += 1;
        assert!(solves < 200, "comebacks never end");
    }
    let after = app.tabs.tictactoe.training().trainer.progress();
    let streak = before.streak + solves;
    assert_eq!(after.streak, streak);
    assert!(after.rating.rating > before.rating.rating);
    assert_eq!(progress_file(folder.path(), "tictactoe")["streak"], streak);
    // Settled by now: no longer eased. (A puzzle missed above may come
    // back first: its heading says so; the next ones are chosen.)
    while ttt_attempt(&app).again {
        shows(&app, "missed before: back until solved 2 times in a row");
        type_keys(&mut app, "n");
    }
    shows(&app, "chosen near your rating");
    assert!(!screen(&app).contains("while your rating is new"));

    // Hints in three steps; the third gives the move away and ends the
    // streak; Space answers at the cursor.
    type_keys(&mut app, "n");
    shows(&app, "p gives up and shows the answer");
    let rating = ttt_rating(&app);
    for step in 1..=3 {
        type_keys(&mut app, "t");
        shows(&app, &format!("hint {step}: "));
        // What the next t does is said before it is asked for: the third
        // is the answer, rated as giving up (the rating falls below).
        match step {
            1 => shows(&app, "t for the next (the last shows the answer)"),
            2 => shows(&app, "t shows the answer, which counts as a miss"),
            _ => {}
        }
    }
    let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
    assert_eq!(t.attempt.standing, Standing::GivenUp);
    assert!(ttt_rating(&app) < rating);
    assert_eq!(app.tabs.tictactoe.training().trainer.progress().streak, 0);
    shows(&app, "the answer is shown: n for the next puzzle");

    // The solution is the perfect line from the puzzle's board.
    type_keys(&mut app, "n");
    let board = app
        .tabs
        .tictactoe
        .training()
        .current
        .as_ref()
        .unwrap()
        .puzzle
        .board;
    type_keys(&mut app, "p");
    let (line, step) = app
        .tabs
        .tictactoe
        .perfect_line()
        .expect("the line is shown");
    assert_eq!((line.from, step), (board, 0));
    shows(&app, "PERFECT LINE from");
    app.handle(&key(KeyCode::Esc), AREA);
    assert!(app.tabs.tictactoe.perfect_line().is_none());
    shows(&app, "PUZZLE tictactoe-");

    // Leaving: the editor's board, as it was.
    type_keys(&mut app, "P");
    assert!(app.tabs.tictactoe.training().current.is_none());
    assert_eq!(app.tabs.tictactoe.board(), edited);
    assert_eq!(app.tabs.tictactoe.shown().0, edited);
}

#[test]
fn treblecross_puzzles_take_cells_and_typed_numbers() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.update(noughts::tui::app::Action::SelectTab(TabId::Treblecross));
    // With the details, whose Grundy panel the puzzles must hide.
    app.set_details(true);
    type_keys(&mut app, "+++");
    let edited = app.tabs.treblecross.strip().clone();
    let g = segment_values(600);
    let (mut cells, mut numbers, mut clean) = (0, 0, 0);
    for seed in 0..30 {
        app.open_puzzle(id(&format!("treblecross-3-{seed}")));
        let t = app.tabs.treblecross.training().current.as_ref().unwrap();
        let strip = t.puzzle.strip.clone();
        // The table would give the answer away while the puzzle is open.
        shows(&app, "hidden while the puzzle is open");
        match t.puzzle.task.clone() {
            TreblecrossTask::WinningCell { cells: winning } => {
                // A safe cell that does not win (by the twin's segments):
                // after it the nim-sum is not 0.
                let safe = independent::safe(&strip);
                let wrong = (0..strip.len()).find(|c| safe[*c] && !winning.contains(c));
                if let Some(c) = wrong {
                    move_cursor_to(&mut app, c);
                    assert!(!screen(&app).contains('✗'), "{}", screen(&app));
                    type_keys(&mut app, " ");
                    // Marked on the strip where it was tried.
                    assert!(screen(&app).contains('✗'), "{}", screen(&app));
                    let mut after = strip.to_vec();
                    after[c] = true;
                    let nim = nim_sum(&after, &g);
                    assert_ne!(nim, 0);
                    shows(
                        &app,
                        &format!("after {} the free segments' nim-sum is {nim}", c + 1),
                    );
                }
                move_cursor_to(&mut app, winning[0]);
                type_keys(&mut app, "x");
                cells += 1;
            }
            TreblecrossTask::SegmentValue { len, value } => {
                assert_eq!(u32::from(value), g[len]);
                // Too big, or reached by a move (X at p kills the cells
                // within two of it): the words say which.
                let wrong = g[len] + 1;
                let reached = (0..len).any(|p| {
                    let (left, right) = (p.saturating_sub(2), (len - p).saturating_sub(3));
                    g[left] ^ g[right] == wrong
                });
                type_keys(&mut app, &wrong.to_string());
                app.handle(&key(KeyCode::Enter), AREA);
                if reached {
                    shows(&app, &format!("{wrong} is reached: a move at cell"));
                } else {
                    shows(
                        &app,
                        &format!("too big: a value under {wrong} is reached by no move"),
                    );
                }
                type_keys(&mut app, &g[len].to_string());
                app.handle(&key(KeyCode::Enter), AREA);
                numbers += 1;
            }
            TreblecrossTask::NimSum { value } => {
                let nim = nim_sum(&strip, &g);
                assert_eq!(u32::from(value), nim);
                type_keys(&mut app, &(nim + 1).to_string());
                app.handle(&key(KeyCode::Enter), AREA);
                shows(&app, &format!("not {}: XOR the values", nim + 1));
                type_keys(&mut app, &nim.to_string());
                app.handle(&key(KeyCode::Enter), AREA);
                numbers += 1;
            }
        }
        let t = app.tabs.treblecross.training().current.as_ref().unwrap();
        assert_eq!(t.attempt.standing, Standing::Solved, "seed {seed}");
        clean += u32::from(t.attempt.wrong == 0);
        shows(&app, "✓ solved: n for the next puzzle");
    }
    assert!(cells > 5 && numbers > 5, "{cells} cells, {numbers} numbers");
    // Solves after a slip are misses, as the dashboard counts them.
    assert!(clean < 30, "every puzzle solved cleanly: no slip tried");
    assert_eq!(progress_file(folder.path(), "treblecross")["solved"], clean);

    // The hints of a drill, then the solution: the perfect line from the
    // puzzle's strip, for a cell puzzle.
    let cell_puzzle = (0..)
        .map(|seed| id(&format!("treblecross-2-{seed}")))
        .find(|&id| {
            app.open_puzzle(id);
            let t = app.tabs.treblecross.training().current.as_ref().unwrap();
            matches!(t.puzzle.task, TreblecrossTask::WinningCell { .. })
        })
        .unwrap();
    for step in 1..=2 {
        type_keys(&mut app, "t");
        shows(&app, &format!("hint {step}: "));
    }
    type_keys(&mut app, "p");
    tick_until(&mut app, "the perfect line", |app| {
        app.tabs.treblecross.perfect_line().is_some()
    });
    assert!(matches!(app.tabs.treblecross.view(), Shown::Line { .. }));
    // The line is yours from the puzzle's strip: you move first and win
    // (round 5 read "1. first 4: second wins" as a loss of its own).
    let text = screen(&app);
    shows(&app, "1. you ");
    assert!(text.contains("you win in"), "{text}");
    assert!(
        !text.contains("first") && !text.contains("second"),
        "{text}"
    );
    app.handle(&key(KeyCode::Esc), AREA);
    shows(&app, &format!("PUZZLE {cell_puzzle}"));

    // Leaving: the editor's strip back.
    type_keys(&mut app, "P");
    assert!(app.tabs.treblecross.training().current.is_none());
    assert_eq!(app.tabs.treblecross.strip(), &edited);
}

fn move_cursor_to(app: &mut App, cell: usize) {
    app.handle(&key(KeyCode::Home), AREA);
    for _ in 0..cell {
        app.handle(&key(KeyCode::Right), AREA);
    }
    assert_eq!(app.tabs.treblecross.cursor(), cell);
}

/// The nim-sum of a strip's free segments, read off its safe cells (the
/// twin's) with the twin's values.
fn nim_sum(strip: &[bool], g: &[u32]) -> u32 {
    let safe = independent::safe(strip);
    let mut nim = 0;
    let mut run = 0;
    for (i, &s) in safe.iter().enumerate() {
        if s && !strip[i] {
            run += 1;
        } else {
            nim ^= g[run];
            run = 0;
        }
    }
    nim ^ g[run]
}

#[test]
fn mnc_puzzles_play_on_against_the_engine_until_the_win_is_home() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    // The match before the puzzles (the engine's first move, once made).
    tick_until(&mut app, "the engine's first move", |app| {
        app.tabs.mnc.humans_turn() && app.tabs.mnc.value().is_some()
    });
    let before = app.tabs.mnc.game().record().moves().to_vec();
    let mut clean = 0;
    for seed in 0..4 {
        let puzzle = id(&format!("mnc-2-{seed}"));
        app.open_puzzle(puzzle);
        assert_eq!(app.tab, TabId::Mnc);
        tick_until(&mut app, "the puzzle", |app| {
            let mnc = &app.tabs.mnc;
            let made = mnc.training().current.as_ref();
            made.is_some_and(|t| t.attempt.id == puzzle) && mnc.value().is_some()
        });
        shows(&app, &format!("PUZZLE {puzzle}"));
        shows(&app, "to move and win in 5 moves");
        let mut wrong_said = false;
        loop {
            let mnc = &app.tabs.mnc;
            if mnc.winner().is_some() {
                break;
            }
            let now = mnc.training().current.as_ref().unwrap();
            assert!(now.attempt.is_open());
            let position = *mnc.position();
            let rated = mnc.value().expect("rated");
            let Outcome::Win(plies) = rated else {
                panic!("the mover of {puzzle} no longer wins: {rated:?}")
            };
            assert_eq!(
                outcome(slow.value(&twin_of(&position))),
                Outcome::Win(plies)
            );
            // A move the twin says does not keep the win: refused, with
            // what it gives.
            let moves: Vec<_> = position.legal_moves();
            if !wrong_said {
                if let Some(&mv) = moves.iter().find(|mv| {
                    let after = position.play(**mv).unwrap();
                    !matches!(outcome(slow.value(&twin_of(&after))), Outcome::Loss(d) if d + 1 == plies)
                }) {
                    let after = position.play(mv).unwrap();
                    let given = outcome(slow.value(&twin_of(&after)));
                    let words = match given {
                        Outcome::Win(1) => "wins at once".to_string(),
                        Outcome::Win(d) => format!("loses in {} moves", d + 1),
                        Outcome::Draw => "only draws".into(),
                        Outcome::Loss(d) => format!(
                            "but in {} moves: the puzzle asks for the win in {plies} moves",
                            d + 1
                        ),
                    };
                    let wrong_before = now.attempt.wrong;
                    app.update(noughts::tui::app::Action::tab(
                        noughts::tui::tabs::mnc::Action::Play(mv),
                    ));
                    assert_eq!(*app.tabs.mnc.position(), position, "refused");
                    shows(&app, &words);
                    if given == Outcome::Win(1) {
                        // The win at once is named (round 18 could not see
                        // it): a reply whose position the twin calls over.
                        let text = screen(&app);
                        let named = after.legal_moves().into_iter().any(|r| {
                            let name = noughts::notation::mnc::move_notation(&after, r);
                            let over = outcome(slow.value(&twin_of(&after.play(r).unwrap())));
                            text.contains(&format!("wins at once: {name}")) && over == Outcome::Loss(0)
                        });
                        assert!(named, "{text}");
                    }
                    let wrong = app.tabs.mnc.training().current.as_ref().unwrap().attempt.wrong;
                    if let Outcome::Loss(_) = given {
                        // A slower win is no mistake: not counted, not marked.
                        shows(&app, "Not counted. Try another move.");
                        assert_eq!(wrong, wrong_before, "{puzzle}");
                    } else {
                        // Marked on its target cell with what it gives there.
                        let value = given.for_previous_mover();
                        shows(&app, &format!("✗ {value}"));
                        assert_eq!(wrong, wrong_before + 1, "{puzzle}");
                    }
                    wrong_said = true;
                }
            }
            // A move the twin says keeps the win in the fewest plies.
            let mv = *moves
                .iter()
                .find(|mv| {
                    let after = position.play(**mv).unwrap();
                    outcome(slow.value(&twin_of(&after))) == Outcome::Loss(plies - 1)
                })
                .expect("a winning move");
            app.update(noughts::tui::app::Action::tab(
                noughts::tui::tabs::mnc::Action::Play(mv),
            ));
            tick_until(&mut app, "the engine's answer", |app| {
                let mnc = &app.tabs.mnc;
                mnc.winner().is_some() || (mnc.humans_turn() && mnc.value().is_some())
            });
        }
        assert!(wrong_said, "{puzzle}: no move to refuse");
        let mnc = &app.tabs.mnc;
        assert_eq!(mnc.winner(), Some(mnc.human()));
        let t = mnc.training().current.as_ref().unwrap();
        assert_eq!(t.attempt.standing, Standing::Solved);
        clean += u32::from(t.attempt.wrong == 0);
        // How it was won, as the rules say: a line, or no legal move left.
        let how = match mnc.position().line_of(mnc.human()) {
            Some(_) => "three in a row",
            None => "the engine has no legal move left, and a player who cannot move loses",
        };
        shows(&app, &format!("won ({how})"));
        shows(&app, "✓ solved");
        // The next one asked for: while the engine's thread makes it, the
        // panel says so and no longer shows the solved one as if it were on.
        if seed == 3 {
            type_keys(&mut app, "n");
            let text = screen(&app);
            // A near one, or a puzzle missed above coming back by its id.
            let making =
                text.contains("choosing the puzzle nearest") || text.contains("making puzzle mnc-");
            assert!(making, "{text}");
            assert!(!text.contains(&format!("PUZZLE {puzzle}")), "{text}");
            assert!(!text.contains("✓"), "{text}");
        }
    }
    assert_eq!(progress_file(folder.path(), "mnc")["solved"], clean);

    // Leaving: the match as it was.
    type_keys(&mut app, "P");
    let mnc = &app.tabs.mnc;
    assert!(mnc.training().current.is_none());
    assert_eq!(mnc.game().record().moves(), before);
}

#[test]
fn a_bad_record_is_set_aside_and_the_panel_says_so() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("puzzles-tictactoe.json"), "level = 3\n").unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(PuzzleId {
        game: PuzzleGame::TicTacToe,
        level: 1,
        seed: 1,
    });
    shows(&app, "puzzle record");
    shows(&app, "line 1, column 1");
    assert!(folder
        .path()
        .join("puzzles-tictactoe.json.unreadable")
        .exists());
}

/// Issue 34: after the last hint (the move shown) and that move played,
/// the panel kept "hint 2: the big piece on a3 moves" about a position
/// that was gone, and a wrong move was then played on the board. Now the
/// hints go with their position, and a wrong move is refused, open or
/// not.
#[test]
fn after_the_answer_is_shown_the_hints_go_and_a_wrong_move_is_still_refused() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let puzzle = id("mnc-3-1");
    app.open_puzzle(puzzle);
    let ready = |app: &App| {
        let mnc = &app.tabs.mnc;
        let made = mnc.training().current.as_ref();
        made.is_some_and(|t| t.attempt.id == puzzle) && mnc.humans_turn() && mnc.value().is_some()
    };
    tick_until(&mut app, "the puzzle", ready);
    // Every hint: the last one gives the move away and ends the attempt.
    type_keys(&mut app, "ttt");
    let t = app.tabs.mnc.training().current.as_ref().unwrap();
    assert!(!t.attempt.is_open());
    assert_eq!(t.hints.len(), 3);
    // A fourth: no more hints here, but the win may still be played home
    // (the panel said "this puzzle is over" beside "your move").
    type_keys(&mut app, "t");
    let text = screen(&app);
    assert!(!text.contains("is over"), "{text}");
    for words in ["no more hints here", "your move", "play the win home"] {
        assert!(text.contains(words), "{words:?} not on screen:\n{text}");
    }
    // The moves of the win, as the twin says, with a wrong one first
    // each time: refused, the board unchanged.
    let mut refused = 0;
    while app.tabs.mnc.winner().is_none() {
        let position = *app.tabs.mnc.position();
        let Outcome::Win(plies) = outcome(slow.value(&twin_of(&position))) else {
            panic!("the mover no longer wins at {position}")
        };
        let keeps = |mv: &noughts::solver::mnc::Move, slow: &mut SlowSolver| {
            let after = position.play(*mv).unwrap();
            outcome(slow.value(&twin_of(&after))) == Outcome::Loss(plies - 1)
        };
        let moves = position.legal_moves();
        if let Some(&wrong) = moves.iter().find(|mv| !keeps(mv, &mut slow)) {
            app.update(noughts::tui::app::Action::tab(
                noughts::tui::tabs::mnc::Action::Play(wrong),
            ));
            assert_eq!(*app.tabs.mnc.position(), position, "{wrong:?} was played");
            // Said so: not played, and to try again.
            shows(&app, "not played: ");
            shows(&app, "another move.");
            refused += 1;
        }
        let right = *moves.iter().find(|mv| keeps(mv, &mut slow)).unwrap();
        app.update(noughts::tui::app::Action::tab(
            noughts::tui::tabs::mnc::Action::Play(right),
        ));
        let t = app.tabs.mnc.training().current.as_ref().unwrap();
        assert!(
            t.hints.is_empty(),
            "hints of a position gone: {:?}",
            t.hints
        );
        let text = screen(&app);
        assert!(!text.contains("hint 1"), "{text}");
        tick_until(&mut app, "the engine's answer", |app| {
            let mnc = &app.tabs.mnc;
            mnc.winner().is_some() || (mnc.humans_turn() && mnc.value().is_some())
        });
        // The next position has hints of its own.
        if app.tabs.mnc.winner().is_none() {
            type_keys(&mut app, "t");
            shows(&app, "hint 1: ");
        }
    }
    assert!(refused > 0);
    assert_eq!(app.tabs.mnc.winner(), Some(app.tabs.mnc.human()));
    shows(&app, ": won");
}

/// A tab's run and the try on, whatever the tab.
fn run_and_try(app: &App) -> (Option<Run>, Option<Attempt>) {
    fn look<P, A, E>(t: &Training<P, A, E>) -> (Option<Run>, Option<Attempt>) {
        (t.run.clone(), t.current.as_ref().map(|t| t.attempt.clone()))
    }
    match app.tab {
        TabId::TicTacToe => look(app.tabs.tictactoe.training()),
        TabId::Treblecross => look(app.tabs.treblecross.training()),
        TabId::Mnc => look(app.tabs.mnc.training()),
        TabId::Notakto => look(app.tabs.notakto.training()),
    }
}

fn message_of(app: &App) -> String {
    match app.tab {
        TabId::TicTacToe => app.tabs.tictactoe.message(),
        TabId::Treblecross => app.tabs.treblecross.message(),
        TabId::Mnc => app.tabs.mnc.message(),
        TabId::Notakto => app.tabs.notakto.message(),
    }
    .unwrap_or_default()
    .to_owned()
}

/// Keys, then the background work they asked for (an MNC puzzle is made
/// on the engine's thread).
fn keys_then_settle(app: &mut App, keys: &str) {
    let settle = |app: &mut App| {
        tick_until(app, "the tab to settle", |app| !app.busy());
        app.tick();
    };
    settle(app);
    for c in keys.chars() {
        type_keys(app, &c.to_string());
        settle(app);
    }
}

/// Esc from the solution's line (where `p` showed one) back to the
/// puzzle's panel.
fn back_to_the_panel(app: &mut App) {
    if !screen(app).contains(" RUN ") {
        app.handle(&key(KeyCode::Esc), AREA);
    }
    assert!(screen(app).contains(" RUN "), "{}", screen(app));
}

#[test]
fn streak_and_timed_runs_behave_alike_in_every_tab() {
    for first in ["tictactoe-2-1", "treblecross-3-1", "mnc-1-1", "notakto-2-1"] {
        let folder = tempfile::tempdir().unwrap();
        let mut app = app_keeping_in(folder.path());
        let named = id(first);
        app.open_puzzle(named);
        keys_then_settle(&mut app, "");
        let record = |app: &App| match app.tab {
            TabId::TicTacToe => app.tabs.tictactoe.training().trainer.progress(),
            TabId::Treblecross => app.tabs.treblecross.training().trainer.progress(),
            TabId::Mnc => app.tabs.mnc.training().trainer.progress(),
            TabId::Notakto => app.tabs.notakto.training().trainer.progress(),
        };
        let before = record(&app);
        // The footer offers hints and the aim on a rated puzzle, not in a
        // run (where they do nothing but say so).
        let footer = |app: &App| -> Vec<&str> {
            app.hints()
                .iter()
                .filter_map(|h| h.footer_entry())
                .map(|(_, word)| word)
                .collect()
        };
        assert!(
            footer(&app).contains(&"hint") && footer(&app).contains(&"harder/easier"),
            "{first}"
        );

        // A streak run: its first puzzle near the game's easy end.
        keys_then_settle(&mut app, "S");
        let words = footer(&app);
        assert!(
            !words.contains(&"hint") && !words.contains(&"harder/easier"),
            "{first}: {words:?}"
        );
        // `n` skips in a run, and says so: round 20 pressed `n next` in a
        // streak run and lost the run.
        assert!(
            words.contains(&"solution") && words.contains(&"skip") && !words.contains(&"next"),
            "{first}: {words:?}"
        );
        let (run, attempt) = run_and_try(&app);
        let (run, attempt) = (run.expect(first), attempt.expect(first));
        assert_eq!(
            (run.kind, run.solved, run.is_on()),
            (RunKind::Streak, 0, true)
        );
        assert_ne!(attempt.id, named, "{first}: the run's own puzzle");
        let (low, high) = named.game.span();
        assert!(
            attempt.rating.abs_diff(low) <= 150,
            "{first}: {} is far from the easy end {low}",
            attempt.rating
        );
        shows(&app, "STREAK RUN 0 solved, best 0");
        // No hints and no aim in a run.
        keys_then_settle(&mut app, "t");
        assert!(message_of(&app).starts_with("no hints in a run"), "{first}");
        keys_then_settle(&mut app, "+");
        assert!(message_of(&app).starts_with("a run chooses"), "{first}");
        // Asking for the solution gives the run up, named as such.
        keys_then_settle(&mut app, "p");
        let (run, attempt) = run_and_try(&app);
        let run = run.unwrap();
        assert!(matches!(run.ended, Some((_, RunEnd::GivenUp))), "{first}");
        assert_eq!(attempt.unwrap().standing, Standing::GivenUp);
        back_to_the_panel(&mut app);
        shows(&app, "STREAK RUN OVER (you gave up): 0 solved, best 0");
        // Over, the run asks for no move (Noughts & Crosses+ said "your
        // move: click a cell" under it).
        let text = screen(&app);
        assert!(!text.contains("your move"), "{first}:\n{text}");
        shows(
            &app,
            "n for rated puzzles, S another streak run, T a timed run",
        );
        // Over, the run leaves the aim to the rated puzzles again; no hint
        // for a puzzle that is over.
        let words = footer(&app);
        assert!(
            !words.contains(&"hint") && words.contains(&"harder/easier"),
            "{first}: {words:?}"
        );
        // The rated record is as it was: runs count apart.
        let after = record(&app);
        assert_eq!((after.rating, after.streak), (before.rating, before.streak));
        // n: the rated puzzles again.
        keys_then_settle(&mut app, "n");
        let (run, attempt) = run_and_try(&app);
        assert!(run.is_none(), "{first}");
        assert!(!attempt.unwrap().named, "{first}: chosen near the rating");

        // n in a streak run is a skip: the run ends on its own puzzle with
        // the answer shown, where a rated puzzle used to take its place
        // unseen.
        keys_then_settle(&mut app, "S");
        let run_puzzle = run_and_try(&app).1.unwrap().id;
        keys_then_settle(&mut app, "n");
        let (run, attempt) = run_and_try(&app);
        assert!(
            matches!(run.unwrap().ended, Some((_, RunEnd::GivenUp))),
            "{first}"
        );
        assert_eq!(attempt.unwrap().id, run_puzzle, "{first}");
        let said = message_of(&app);
        assert!(
            said.starts_with("a skip ends a streak run"),
            "{first}: {said}"
        );
        back_to_the_panel(&mut app);
        shows(&app, "STREAK RUN OVER (you gave up)");
        keys_then_settle(&mut app, "n");
        assert!(run_and_try(&app).0.is_none(), "{first}");

        // A timed run: 3 minutes, 10 s a mistake; skipping is free.
        keys_then_settle(&mut app, "T");
        shows(&app, "TIMED RUN ");
        let left = run_and_try(&app).0.unwrap().left(std::time::Instant::now());
        assert!(left > RUN_TIME - MISTAKE_COSTS, "{first}: {left:?}");
        keys_then_settle(&mut app, "n");
        let (run, _) = run_and_try(&app);
        assert_eq!(
            run.as_ref().map(|r| (r.is_on(), r.mistakes)),
            Some((true, 0))
        );
        keys_then_settle(&mut app, "p");
        let run = run_and_try(&app).0.unwrap();
        assert_eq!(run.mistakes, 1);
        let left = run.left(std::time::Instant::now());
        assert!(left <= RUN_TIME - MISTAKE_COSTS, "{first}: {left:?}");
        back_to_the_panel(&mut app);
        shows(&app, "0 solved, 1 mistake, best 0");
        shows(&app, "n for the next puzzle");
        // 18 mistakes are the whole clock (fewer on a slow machine, where
        // the clock's own seconds count too).
        for _ in 1..18 {
            if run_and_try(&app).0.is_some_and(|r| !r.is_on()) {
                break;
            }
            keys_then_settle(&mut app, "np");
            back_to_the_panel(&mut app);
        }
        let (run, attempt) = run_and_try(&app);
        let run = run.unwrap();
        assert!(matches!(run.ended, Some((_, RunEnd::TimeUp))), "{first}");
        assert!(!attempt.unwrap().is_open());
        shows(&app, "TIMED RUN OVER (time is up): 0 solved");

        // Leaving the puzzles ends a run.
        keys_then_settle(&mut app, "T");
        assert!(run_and_try(&app).0.is_some_and(|r| r.is_on()));
        keys_then_settle(&mut app, "P");
        assert_eq!(run_and_try(&app), (None, None), "{first}");
        // ... and says how far it got (it ended silently).
        shows(&app, "you left the timed run: 0 puzzles solved");
        let _ = high;
    }
}

/// Clicks every answer of the tic-tac-toe puzzle on, then lets the next
/// puzzle of a run come.
fn solve_tictactoe(app: &mut App) {
    let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
    for cell in t.puzzle.answers.clone() {
        click_tictactoe(app, cell);
    }
    app.tick();
}

#[test]
fn a_streak_run_climbs_with_each_solve_and_keeps_its_best() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(id("tictactoe-1-1"));
    type_keys(&mut app, "S");
    let mut ids = Vec::new();
    let mut aims = Vec::new();
    let mut ratings = Vec::new();
    for k in 0..6 {
        let (run, attempt) = run_and_try(&app);
        let (run, attempt) = (run.unwrap(), attempt.unwrap());
        assert_eq!(run.solved, k);
        aims.push(run.aim(PuzzleGame::TicTacToe));
        ids.push(attempt.id);
        ratings.push(attempt.rating);
        solve_tictactoe(&mut app);
    }
    // Each solve brought the next puzzle at once, aimed higher and rated
    // no lower than the last (a newcomer saw 870, 870, 799, 969 before).
    let (run, attempt) = run_and_try(&app);
    assert_eq!(run.as_ref().unwrap().solved, 6);
    let attempt = attempt.unwrap();
    assert!(attempt.is_open(), "the next puzzle is on");
    ratings.push(attempt.rating);
    assert!(aims.windows(2).all(|w| w[0] < w[1]), "{aims:?}");
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
    assert!(ratings[6] > ratings[0], "{ratings:?}");
    ids.dedup();
    assert_eq!(ids.len(), 6, "a new puzzle each time");
    shows(&app, "the last puzzle: ✓");
    shows(&app, "STREAK RUN 6 solved, a new best!");
    assert_eq!(
        progress_file(folder.path(), "tictactoe")["best_streak_run"],
        6
    );
    // Runs leave the rated record alone.
    let p = app.tabs.tictactoe.training().trainer.progress();
    assert_eq!((p.solved, p.streak), (0, 0));
    assert_eq!(p.rating.rating, 1500.0);

    // A wrong cell ends the run (a puzzle with one, found by skipping
    // would end it too: so by the tab's own puzzle, answered wrongly
    // where it can be; a slower win is no mistake, so not one of those).
    loop {
        let t = app.tabs.tictactoe.training().current.as_ref().unwrap();
        let wrong = t
            .puzzle
            .moves
            .iter()
            .filter(|(_, value)| !matches!(value, Outcome::Win(_)))
            .map(|(c, _)| *c)
            .find(|c| !t.puzzle.answers.contains(c));
        match wrong {
            Some(cell) => {
                click_tictactoe(&mut app, cell);
                break;
            }
            None => solve_tictactoe(&mut app),
        }
    }
    let (run, _) = run_and_try(&app);
    let run = run.unwrap();
    assert!(matches!(run.ended, Some((_, RunEnd::Mistake))));
    shows(&app, "the run is over");
    let best = run.solved;
    assert_eq!(
        progress_file(folder.path(), "tictactoe")["best_streak_run"],
        best
    );

    // A timed run's solves count too, and its best is its own.
    type_keys(&mut app, "T");
    for _ in 0..3 {
        solve_tictactoe(&mut app);
    }
    assert_eq!(run_and_try(&app).0.unwrap().solved, 3);
    let kept = progress_file(folder.path(), "tictactoe");
    assert_eq!(
        (
            kept["best_timed_run"].as_u64(),
            kept["best_streak_run"].as_u64()
        ),
        (Some(3), Some(u64::from(best)))
    );
    shows(&app, "TIMED RUN");
}

#[test]
fn plus_and_minus_aim_the_puzzles_above_and_below_your_rating() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(id("notakto-1-1"));
    let mut near = Vec::new();
    for (key, aim) in [
        ("n", 0),
        ("+", 200),
        ("+", 400),
        ("-", 200),
        ("-", 0),
        ("-", -200),
    ] {
        // The key, then more puzzles at that aim.
        for k in ["n"; 5]
            .into_iter()
            .enumerate()
            .map(|(k, n)| if k == 0 { key } else { n })
        {
            type_keys(&mut app, k);
            let t = app.tabs.notakto.training();
            assert_eq!(t.trainer.progress().aim, aim);
            let wanted = t.trainer.aim();
            let ease = i32::from(t.trainer.ease());
            assert_eq!(i32::from(wanted), 1500 + i32::from(aim) - ease);
            let rating = t.current.as_ref().unwrap().attempt.rating;
            near.push(rating.abs_diff(wanted));
        }
    }
    // Within the first room (75) unless the seeds near it ran short.
    near.sort();
    assert!(near[near.len() / 2] <= 75, "{near:?}");
    assert_eq!(progress_file(folder.path(), "notakto")["aim"], -200);
}

#[test]
fn a_wrong_number_that_ends_a_streak_run_says_so_and_gives_the_answer() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(id("treblecross-1-1"));
    // Streak runs until one opens on a number drill (the run's puzzles
    // are chosen near a rating, of any kind, the drills with the details).
    type_keys(&mut app, "i");
    let mut asked = None;
    for _ in 0..200 {
        keys_then_settle(&mut app, "S");
        let t = app.tabs.treblecross.training().current.as_ref().unwrap();
        match t.puzzle.task {
            TreblecrossTask::NimSum { value } => {
                asked = Some((value, format!("the nim-sum is {value}")));
                break;
            }
            TreblecrossTask::SegmentValue { len, value } => {
                asked = Some((value, format!("G({len}) = {value}")));
                break;
            }
            TreblecrossTask::WinningCell { .. } => {}
        }
    }
    let (value, answer) = asked.expect("a number drill in 200 runs");
    type_keys(&mut app, &(value + 1).to_string());
    app.handle(&key(KeyCode::Enter), AREA);
    let said = message_or_said(&app);
    assert!(
        said.ends_with(&format!("({answer}): the run is over")),
        "{said}"
    );
    assert!(!said.contains("Try again"), "{said}");
    assert!(matches!(
        run_and_try(&app).0.unwrap().ended,
        Some((_, RunEnd::Mistake))
    ));
}

/// What the panel says of the last answer.
fn message_or_said(app: &App) -> String {
    let t = app.tabs.treblecross.training().current.as_ref().unwrap();
    t.said
        .as_ref()
        .map(|(words, _)| words.clone())
        .unwrap_or_default()
}

/// A puzzle only looked at costs nothing: leaving the puzzles and coming
/// back, or `n` past a puzzle untouched, keeps the streak; a skip after a
/// hint ends it, as a wrong answer does.
#[test]
fn a_glance_at_a_puzzle_keeps_the_streak() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(id("tictactoe-1-1"));
    solve_tictactoe(&mut app);
    let streak = |folder: &std::path::Path| progress_file(folder, "tictactoe")["streak"].clone();
    assert_eq!(streak(folder.path()), 1);
    // n: a new puzzle, glanced at; P leaves it, P opens another, P leaves.
    keys_then_settle(&mut app, "n");
    keys_then_settle(&mut app, "P");
    keys_then_settle(&mut app, "P");
    keys_then_settle(&mut app, "n");
    keys_then_settle(&mut app, "P");
    assert_eq!(streak(folder.path()), 1, "{}", screen(&app));
    // A hint, then a skip: the streak ends.
    keys_then_settle(&mut app, "P");
    keys_then_settle(&mut app, "t");
    keys_then_settle(&mut app, "n");
    assert_eq!(streak(folder.path()), 0, "{}", screen(&app));
}

/// At 40×16 a puzzle's few rows under the board ask its question first in
/// every tab, then the hint asked for; after a wrong answer, what it gave
/// comes first (issue 49: N&C+ showed only `PUZZLE mnc-…; aim:` and
/// `… 5 more rows`, and `t`'s hint was nowhere in tic-tac-toe).
#[test]
fn at_40_by_16_every_tab_asks_its_puzzle_first_and_says_what_a_wrong_answer_gave() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    for text in [
        "tictactoe-2-41357",
        "treblecross-4-5",
        "notakto-1-9",
        "mnc-1-55417",
    ] {
        let puzzle = id(text);
        app.open_puzzle(puzzle);
        tick_until(&mut app, "the puzzle", |app| !app.busy());
        let asked = noughts::notation::puzzle::question(
            &noughts::solver::puzzle::Puzzler::new().make(puzzle),
        );
        // The question's first words (the rest may wrap to the next row).
        let start: String = asked.split(' ').take(3).collect::<Vec<_>>().join(" ");
        let small = draw(&app, 40, 16).backend().to_string();
        assert!(
            small.contains(&start),
            "{text}: {start:?} not at 40×16:\n{small}"
        );
        // A hint asked for is there too (it was cut before the question),
        // under the question (round 16: the question stays in sight), the
        // rest of a long one on the next page.
        type_keys(&mut app, "t");
        let small = draw(&app, 40, 16).backend().to_string();
        assert!(
            small.contains(&start),
            "{text}: {start:?} not at 40×16 after a hint:\n{small}"
        );
        type_keys(&mut app, "J");
        let next = draw(&app, 40, 16).backend().to_string();
        type_keys(&mut app, "K");
        let tabs = &app.tabs;
        let hint = match text.split('-').next() {
            Some("tictactoe") => tabs
                .tictactoe
                .training()
                .current
                .as_ref()
                .map(|t| t.hints.clone()),
            Some("treblecross") => tabs
                .treblecross
                .training()
                .current
                .as_ref()
                .map(|t| t.hints.clone()),
            Some("notakto") => tabs
                .notakto
                .training()
                .current
                .as_ref()
                .map(|t| t.hints.clone()),
            _ => tabs
                .mnc
                .training()
                .current
                .as_ref()
                .map(|t| t.hints.clone()),
        };
        let hint = hint.and_then(|h| h.last().cloned()).expect("a hint given");
        let flat = flat_words;
        // Its start on the first page, its end on the first or the next.
        let words: Vec<&str> = hint.split(' ').collect();
        let (first, last) = (
            words[..words.len().min(6)].join(" "),
            words[words.len().saturating_sub(4)..].join(" "),
        );
        assert!(
            flat(&small).contains(&flat(&first)),
            "{text}: no hint {hint:?} at 40×16:\n{small}"
        );
        assert!(
            flat(&small).contains(&flat(&last)) || flat(&next).contains(&flat(&last)),
            "{text}: the hint's end {last:?} at 40×16:\n{small}\n{next}"
        );
    }
    // N&C+: a move that does not keep the win is refused, and says so.
    let mnc = &app.tabs.mnc;
    let position = *mnc.position();
    let t = mnc.training().current.as_ref().unwrap();
    let wrong = position
        .legal_moves()
        .into_iter()
        .find(|mv| !t.puzzle.answers.contains(mv))
        .expect("a move that is not an answer");
    app.update(noughts::tui::app::Action::tab(
        noughts::tui::tabs::mnc::Action::Play(wrong),
    ));
    let small = draw(&app, 40, 16).backend().to_string();
    assert!(small.contains("not played"), "{small}");
    // A key refused says why there too: no hints in a run, under its clock.
    app.open_puzzle(id("tictactoe-2-41357"));
    type_keys(&mut app, "S");
    type_keys(&mut app, "t");
    let small = draw(&app, 40, 16).backend().to_string();
    assert!(
        small.contains("STREAK RUN") && small.contains("no hints in a run"),
        "{small}"
    );
}

#[test]
fn a_provisional_rating_says_so_and_its_first_swing_is_explained_once() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(id("tictactoe-2-2"));
    shows(&app, "your rating 1500 (provisional ±350)");
    let note = "a new one moves most on its first answers";
    assert!(!screen(&app).contains(note), "{}", screen(&app));
    // The solution shown: a loss against the puzzle's rating (Esc leaves
    // its perfect line for the puzzle's panel).
    type_keys(&mut app, "p");
    app.handle(&key(KeyCode::Esc), AREA);
    let rating = app.tabs.tictactoe.training().trainer.progress().rating;
    let change = app.tabs.tictactoe.training().trainer.change.unwrap();
    assert!(change < 0, "{change}");
    let deviation = rating.uncertainty().expect("still provisional");
    shows(
        &app,
        &format!(
            "your rating {} ({change:+}; provisional ±{deviation})",
            rating.rating.round()
        ),
    );
    shows(&app, note);
    // The next swing is not explained again.
    type_keys(&mut app, "n");
    type_keys(&mut app, "p");
    app.handle(&key(KeyCode::Esc), AREA);
    assert!(app.tabs.tictactoe.training().trainer.change.is_some());
    shows(&app, "provisional ±");
    assert!(!screen(&app).contains(note), "{}", screen(&app));
}

#[test]
fn treblecross_drills_come_only_with_the_details_on() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let task = |app: &App| {
        let t = app.tabs.treblecross.training().current.as_ref().unwrap();
        t.puzzle.task.clone()
    };
    // A drill named by its id is given whatever the details.
    app.open_puzzle(id("treblecross-1-1"));
    let mut drills_named = 0;
    for seed in 1..40 {
        app.open_puzzle(id(&format!("treblecross-3-{seed}")));
        drills_named += usize::from(!matches!(task(&app), TreblecrossTask::WinningCell { .. }));
    }
    assert!(drills_named > 0, "no drill among 39 named puzzles");
    // Chosen for the player (n: the next near the rating): no drill.
    for _ in 0..40 {
        type_keys(&mut app, "n");
        let task = task(&app);
        assert!(
            matches!(task, TreblecrossTask::WinningCell { .. }),
            "{task:?} with the details off"
        );
    }
    // With the details on, the drills are chosen too.
    type_keys(&mut app, "i");
    let mut drills = 0;
    for _ in 0..40 {
        type_keys(&mut app, "n");
        drills += usize::from(!matches!(task(&app), TreblecrossTask::WinningCell { .. }));
    }
    assert!(drills > 0, "no drill among 40 puzzles with the details on");
}

#[test]
fn giving_up_a_tictactoe_puzzle_says_what_it_cost_over_its_line() {
    // `p` shows the perfect line in the panel's place: the miss and the
    // rating it moved are said there, not only after Esc (round 9).
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    app.open_puzzle(id("tictactoe-2-87336"));
    let before = ttt_rating(&app);
    type_keys(&mut app, "p");
    assert_eq!(ttt_attempt(&app).standing, Standing::GivenUp);
    assert!(
        app.tabs.tictactoe.perfect_line().is_some(),
        "the line is shown"
    );
    let after = ttt_rating(&app);
    assert!(after < before, "{before} then {after}");
    let change = app.tabs.tictactoe.training().trainer.change.unwrap();
    shows(
        &app,
        &format!(
            "tictactoe-2-87336 given up: it counts as a miss; your rating {} ({change:+}",
            after.round()
        ),
    );
    // On a small screen, in fewer words.
    let small = draw(&app, 40, 16).backend().to_string();
    assert!(small.contains("given up: it counts as a miss"), "{small}");
}

/// Round 12: at 40×16, after the first move of an N&C+ win, the hints
/// asked for were under `✓ … keeps the win: the` and `… more rows`, and
/// "the engine answers" stayed on after its reply.
#[test]
fn at_40_by_16_an_mnc_hint_after_a_move_comes_first_and_nothing_says_the_engine_answers() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let puzzle = id("mnc-1-48473");
    app.open_puzzle(puzzle);
    tick_until(&mut app, "the puzzle", |app| !app.busy());
    let on = (app.tabs.mnc.training().current.as_ref())
        .unwrap()
        .puzzle
        .clone();
    app.update(noughts::tui::app::Action::tab(
        noughts::tui::tabs::mnc::Action::Play(on.answers[0]),
    ));
    tick_until(&mut app, "the engine's answer", |app| {
        let mnc = &app.tabs.mnc;
        mnc.humans_turn() && mnc.value().is_some() && !app.busy()
    });
    let text = screen(&app);
    assert!(text.contains("keeps the win"), "{text}");
    assert!(!text.contains("the engine answers"), "{text}");
    // The question says what is left (round 17 read `win in 3 moves` with
    // one move to go).
    let plies = on.plies;
    let asked = format!("to move and win in {plies} moves: {} to go", plies - 2);
    assert!(text.contains(&asked), "{text}");
    type_keys(&mut app, "t");
    let small = draw(&app, 40, 16).backend().to_string();
    // The panel's first page, under the board: the hint asked for is read
    // at once, with the question; what gave way is behind the sign (round
    // 20 found the heading gone with no sign).
    let panel: Vec<&str> = small
        .lines()
        .skip_while(|l| !l.contains('└'))
        .skip(1)
        .take_while(|l| !l.contains("J reads on"))
        .collect();
    assert!(panel.iter().any(|l| l.contains("hint 1:")), "{small}");
    assert!(panel.iter().any(|l| l.contains("1 to go")), "{small}");
    assert!(small.contains("more rows: J reads on"), "{small}");
}

#[test]
fn an_mnc_big_pieces_wrong_move_is_marked_with_where_it_came_from() {
    use noughts::solver::mnc::Move;
    // Round 13 moved a big piece a1-b2 (wrong) and read the `✗` on b2 as
    // "b2 loses", where a2-b2 won: the mark names the piece's cell.
    let mut found = false;
    for seed in 1..60 {
        let folder = tempfile::tempdir().unwrap();
        let mut app = app_keeping_in(folder.path());
        app.open_puzzle(id(&format!("mnc-2-{seed}")));
        tick_until(&mut app, "the puzzle", |app| !app.busy());
        let t = app.tabs.mnc.training().current.as_ref().unwrap();
        let wrong = (t.puzzle.moves.iter()).find(|(mv, v)| {
            matches!(mv, Move::Shift { .. }) && v.is_loss() && !t.puzzle.answers.contains(mv)
        });
        let Some(&(mv, _)) = wrong else {
            continue;
        };
        let Move::Shift { from, to } = mv else {
            unreachable!()
        };
        app.update(noughts::tui::app::Action::tab(
            noughts::tui::tabs::mnc::Action::Play(mv),
        ));
        let text = draw(&app, 120, 40).backend().to_string();
        assert!(
            text.contains(&format!("✗ from {from}")),
            "{mv:?} to {to}:\n{text}"
        );
        found = true;
        break;
    }
    assert!(found, "no puzzle with a losing move of a big piece");
}

/// Round 18 left a Treblecross puzzle with `P`, pressed `P` again for it,
/// met another and gave that up unseen: a puzzle left untouched comes back
/// (and says so); one answered or hinted at does not, its rating moved or
/// its answer helped.
#[test]
fn p_brings_back_a_puzzle_left_untouched_and_only_that() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    let on = |app: &App| {
        let t = app.tabs.tictactoe.training().current.as_ref();
        t.map(|t| t.attempt.id)
    };
    type_keys(&mut app, "P");
    let first = on(&app).unwrap();
    type_keys(&mut app, "P");
    assert_eq!(on(&app), None, "left");
    type_keys(&mut app, "P");
    assert_eq!(on(&app), Some(first), "back");
    shows(&app, "the puzzle you left, back as it was (n for another)");
    // Esc leaves the same way.
    app.handle(&key(KeyCode::Esc), AREA);
    type_keys(&mut app, "P");
    assert_eq!(on(&app), Some(first), "back after Esc");
    // A hint: the next P brings another (twice, in case one is the same by
    // chance of the generator: never both).
    type_keys(&mut app, "t");
    type_keys(&mut app, "PP");
    let second = on(&app).unwrap();
    type_keys(&mut app, "t");
    type_keys(&mut app, "PP");
    let third = on(&app).unwrap();
    assert!(
        second != first || third != first,
        "{first} {second} {third}"
    );
    assert!(!screen(&app).contains("the puzzle you left"));
    // `n` skips: the next puzzle is another, and leaving it brings it back.
    type_keys(&mut app, "n");
    let fourth = on(&app).unwrap();
    type_keys(&mut app, "PP");
    assert_eq!(on(&app), Some(fourth));
}

/// Round 19 gave up a puzzle brought back by `P` and read "the puzzle you
/// left, back as it was" beside "the answer is shown": giving up ends
/// what was said before, a wrong try's "try another" too.
#[test]
fn giving_up_clears_what_was_said_before() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = app_keeping_in(folder.path());
    type_keys(&mut app, "PPP");
    shows(&app, "the puzzle you left, back as it was");
    // `p` shows the perfect line, Esc comes back to the puzzle.
    type_keys(&mut app, "p");
    app.handle(&key(KeyCode::Esc), AREA);
    shows(&app, "the answer is shown");
    assert!(
        !screen(&app).contains("the puzzle you left"),
        "{}",
        screen(&app)
    );
}
