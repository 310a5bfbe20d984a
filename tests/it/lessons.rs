//! The lessons (`L`): in every tab, 4 to 8 steps, each a puzzle whose
//! answers the slow twins (which share no code with the solvers) agree
//! with; the screen says `LESSON …, step K of N` and, once a step is over,
//! why; the lesson ends by pointing to the rated puzzles, and nothing in
//! it moves the player's record.

use crate::app_support::*;
use crate::bridge::{outcome, twin_of};
use crate::independent::mnc::SlowSolver;
use crate::independent::notakto::{moves, NotaktoSearch};
use crate::independent::{mask_of, TreblecrossSearch, Value};
use crate::puzzle::reachable_twins;
use crossterm::event::KeyCode;
use noughts::notation::tictactoe::slashed;
use noughts::solver::mnc::MncPuzzle;
use noughts::solver::notakto::NotaktoPuzzle;
use noughts::solver::tictactoe::{TicTacToePuzzle, TicTacToeTask};
use noughts::solver::treblecross::{TreblecrossPuzzle, TreblecrossTask};
use noughts::solver::{Cell, Outcome, Side};
use noughts::training::Progress;
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::puzzle::Puzzles;
use noughts::tui::tabs::mnc::MncTab;
use noughts::tui::tabs::{notakto, tictactoe, treblecross};
use noughts::tui::theme::Theme;
use std::collections::HashMap;
use std::time::Duration;

fn fresh(tab: TabId) -> App {
    let mut app = App::new(Theme { color: false });
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.tab = tab;
    tick_until(&mut app, "the background work done", |app| !app.busy());
    app
}

/// The Notakto lesson at step `step` (from 1), reached by `L` and `n`.
fn notakto_step(step: u32) -> App {
    let mut app = fresh(TabId::Notakto);
    type_keys(&mut app, "L");
    for _ in 1..step {
        type_keys(&mut app, "n");
    }
    let t = app.tabs.notakto.training().current.as_ref().unwrap();
    assert_eq!(t.attempt.id.seed, step, "the lesson's step");
    app
}

/// The screen as text.
fn screen(app: &App, width: u16, height: u16) -> String {
    draw(app, width, height).backend().to_string()
}

/// The record of the tab's game: a lesson must leave it as it was.
fn progress(app: &App) -> Progress {
    match app.tab {
        TabId::TicTacToe => app.tabs.tictactoe.training().trainer.progress(),
        TabId::Treblecross => app.tabs.treblecross.training().trainer.progress(),
        TabId::Mnc => app.tabs.mnc.training().trainer.progress(),
        TabId::Notakto => app.tabs.notakto.training().trainer.progress(),
    }
}

/// What the help says of the tab's `L`.
fn lesson_help(tab: TabId) -> &'static str {
    fn of<A>(bindings: &[noughts::tui::keymap::Binding<A>]) -> &'static str {
        // The editor's `L` (a game's says only that the game waits).
        let l = bindings
            .iter()
            .find(|b| b.label == "L" && b.help.contains(" steps"));
        l.map_or("", |b| b.help)
    }
    match tab {
        TabId::TicTacToe => of(tictactoe::BINDINGS),
        TabId::Treblecross => of(treblecross::BINDINGS),
        TabId::Mnc => of(noughts::tui::tabs::mnc::BINDINGS),
        TabId::Notakto => of(notakto::BINDINGS),
    }
}

/// Presses `L`, then for each step checks it (`check`, with the step's
/// number), shows its answer (`p`) and goes on (`n`): the steps seen.
/// After the last, `n` gives a rated puzzle, and the record is unchanged.
fn walk<P: Clone>(tab: TabId, current: fn(&App) -> Option<P>, mut check: impl FnMut(&P, usize)) {
    let mut app = fresh(tab);
    let before = progress(&app);
    type_keys(&mut app, "L");
    let mut steps = 0;
    loop {
        steps += 1;
        let text = screen(&app, 100, 30);
        assert!(text.contains("LESSON"), "{tab:?}, step {steps}:\n{text}");
        let place = format!("step {steps}");
        assert!(text.contains(&place), "{tab:?}: no {place:?}:\n{text}");
        assert!(!text.contains("Why ("), "{tab:?}: why before the answer");
        let puzzle = current(&app).expect("a step on the board");
        check(&puzzle, steps);
        // The first hints are the step's own, in the player's words.
        type_keys(&mut app, "t");
        let text = screen(&app, 100, 30);
        assert!(text.contains("hint 1: "), "{tab:?}, step {steps}:\n{text}");
        for expert in ["nim-sum", "P-portion", "product", "G("] {
            assert!(
                !text.contains(expert),
                "{tab:?}, step {steps}: {expert}:\n{text}"
            );
        }
        // The second hint says that the next one ends the step.
        type_keys(&mut app, "t");
        let text = screen(&app, 100, 30);
        assert!(
            text.contains("t once more shows the answer"),
            "{tab:?}:\n{text}"
        );
        // p marks the answer where the step is a board or strip; N&C+'s is a
        // line of moves, its perfect line (p again is back to the step).
        type_keys(&mut app, "p");
        tick_until(&mut app, "the answer shown", |app| !app.busy());
        let line = screen(&app, 100, 30).contains("PERFECT LINE");
        assert_eq!(line, tab == TabId::Mnc, "{tab:?}");
        if line {
            type_keys(&mut app, "p");
        }
        let text = screen(&app, 100, 30);
        assert!(text.contains("Why ("), "{tab:?}, step {steps}:\n{text}");
        if text.contains("the lesson is over") {
            break;
        }
        type_keys(&mut app, "n");
        assert!(steps < 9, "{tab:?}: the lesson never ends");
    }
    assert!((4..=8).contains(&steps), "{tab:?}: {steps} steps");
    // The help says as many steps (round 6 read "five" over six).
    let said = ["four", "five", "six", "seven", "eight"][steps - 4];
    let help = lesson_help(tab);
    assert!(
        help.contains(&format!("in {said} steps")),
        "{tab:?}: {help}"
    );
    assert_eq!(
        progress(&app),
        before,
        "{tab:?}: a lesson counts for nothing"
    );
    type_keys(&mut app, "n");
    tick_until(&mut app, "a rated puzzle", |app| {
        let text = screen(app, 100, 30);
        text.contains("PUZZLE") && !text.contains("choosing the puzzle")
    });
    let text = screen(&app, 100, 30);
    assert!(!text.contains("LESSON"), "{tab:?}:\n{text}");
    // The first rated puzzle says the lesson is over.
    let text = screen(&app, 200, 40);
    assert!(
        text.contains("the lesson is over: from here the"),
        "{tab:?}:\n{text}"
    );
}

#[test]
fn tic_tac_toe_steps_agree_with_plain_negamax() {
    walk(
        TabId::TicTacToe,
        |app| {
            let t = app.tabs.tictactoe.training().current.as_ref()?;
            Some(t.puzzle.clone())
        },
        |p: &TicTacToePuzzle, step| {
            use crate::independent::tictactoe::{from_rows, move_value};
            let board = from_rows(&slashed(&p.board));
            let values: Vec<(usize, Value)> = (0..9)
                .filter(|&c| board[c] == b'.')
                .map(|c| (c, move_value(&board, c)))
                .collect();
            let right: Vec<usize> = match p.task {
                TicTacToeTask::Win { plies } => (values.iter())
                    .filter(|(_, v)| *v == Value::Win(u32::from(plies)))
                    .map(|(c, _)| *c)
                    .collect(),
                TicTacToeTask::Save => (values.iter())
                    .filter(|(_, v)| !v.is_loss())
                    .map(|(c, _)| *c)
                    .collect(),
            };
            // A win asks for the fastest: nothing wins sooner.
            if let TicTacToeTask::Win { plies } = p.task {
                assert!(
                    values.iter().all(|(_, v)| match v {
                        Value::Win(d) => *d >= u32::from(plies),
                        _ => true,
                    }),
                    "step {step}"
                );
            }
            let answers: Vec<usize> = p.answers.iter().map(|c| c.index()).collect();
            assert_eq!(answers, right, "step {step}");
            assert!(!answers.is_empty(), "step {step}");
        },
    );
}

#[test]
fn treblecross_steps_agree_with_the_exhaustive_search() {
    walk(
        TabId::Treblecross,
        |app| {
            let t = app.tabs.treblecross.training().current.as_ref()?;
            Some(t.puzzle.clone())
        },
        |p: &TreblecrossPuzzle, step| {
            let TreblecrossTask::WinningCell { cells } = &p.task else {
                panic!("step {step}: a lesson asks for cells")
            };
            let strip = p.strip.to_vec();
            let mut search = TreblecrossSearch::new(strip.len());
            assert_eq!(cells, &search.winning_cells(mask_of(&strip)), "step {step}");
            assert!(!cells.is_empty(), "step {step}");
        },
    );
}

#[test]
fn notakto_steps_agree_with_the_plain_misere_search() {
    let mut search = NotaktoSearch::default();
    walk(
        TabId::Notakto,
        |app| {
            let t = app.tabs.notakto.training().current.as_ref()?;
            Some(t.puzzle.clone())
        },
        |p: &NotaktoPuzzle, step| {
            let cells: Vec<u16> = p.boards.iter().map(|b| b.cells()).collect();
            assert!(search.wins(&cells), "step {step}: not a win");
            let winning: Vec<(usize, usize)> = moves(&cells)
                .into_iter()
                .filter(|(_, _, after)| !search.wins(after))
                .map(|(k, cell, _)| (k, cell))
                .collect();
            let answers: Vec<(usize, usize)> = (p.answers.iter())
                .map(|m| (m.board, m.cell.index()))
                .collect();
            // Step 5 asks for a move on board 1 (make it a half): its
            // answers are the wins there; every other step's are all.
            let asked: Vec<(usize, usize)> = match step {
                5 => winning.iter().copied().filter(|m| m.0 == 0).collect(),
                _ => winning,
            };
            assert_eq!(answers, asked, "step {step}");
        },
    );
}

#[test]
fn mnc_steps_agree_with_the_slow_twin_and_a_game_reaches_each() {
    let mut slow = SlowSolver {
        cover_own_small: true,
        memo: HashMap::new(),
    };
    let reached = reachable_twins();
    walk(
        TabId::Mnc,
        |app| {
            let t = app.tabs.mnc.training().current.as_ref()?;
            Some(t.puzzle.clone())
        },
        |p: &MncPuzzle, step| {
            let twin = twin_of(&p.position);
            let x = p.position.to_move() == Side::X;
            assert!(
                reached.contains(&(twin, x)),
                "step {step}: no game reaches it"
            );
            let n = p.plies;
            assert_eq!(outcome(slow.value(&twin)), Outcome::Win(n), "step {step}");
            let mut right: Vec<_> = (twin.moves(true).into_iter())
                .filter(|after| outcome(slow.value(after)) == Outcome::Loss(n - 1))
                .collect();
            let mut given: Vec<_> = (p.answers.iter())
                .map(|mv| twin_of(&p.position.play(*mv).unwrap()))
                .collect();
            right.sort_by_key(|t| (t.cells, t.hands));
            given.sort_by_key(|t| (t.cells, t.hands));
            assert_eq!(given, right, "step {step}");
        },
    );
}

/// Right answers, by click: each says ✓ and why, and the next step follows.
#[test]
fn a_right_answer_says_why_and_the_steps_follow_in_every_tab_that_answers_by_cell() {
    // Tic-tac-toe: every cell a step asks for.
    let mut app = fresh(TabId::TicTacToe);
    type_keys(&mut app, "L");
    for step in 1.. {
        if step == 2 {
            // b1 loses: refused, in the player's words; once the answer is
            // shown, "try another" is gone.
            app.update(Action::tab(tictactoe::Action::Click(Cell::ALL[1])));
            assert!(screen(&app, 80, 24).contains("not played: after b1"));
            type_keys(&mut app, "pp");
            let text = screen(&app, 80, 24);
            assert!(!text.contains("not played"), "{text}");
            assert!(text.contains("Why ("), "{text}");
            type_keys(&mut app, "n");
            continue;
        }
        let answers = app
            .tabs
            .tictactoe
            .training()
            .current
            .as_ref()
            .unwrap()
            .puzzle
            .answers
            .clone();
        for cell in answers {
            app.update(Action::tab(tictactoe::Action::Click(cell)));
        }
        let text = screen(&app, 80, 24);
        assert!(
            text.contains('✓') && text.contains("Why ("),
            "step {step}:\n{text}"
        );
        if step == 1 {
            // A hint asked for once the step is done speaks of the step.
            type_keys(&mut app, "t");
            let text = screen(&app, 80, 24);
            assert!(
                text.contains("this step is done: n for the next step"),
                "{text}"
            );
            assert!(!text.contains("this puzzle is over"), "{text}");
        }
        if text.contains("the lesson is over") {
            break;
        }
        type_keys(&mut app, "n");
    }
    // Treblecross and Notakto: the first winning cell or move.
    let mut app = fresh(TabId::Treblecross);
    type_keys(&mut app, "L");
    let mut steps = 0;
    loop {
        if steps == 1 {
            app.update(Action::tab(treblecross::Action::Click(4)));
            let text = screen(&app, 80, 24);
            assert!(
                // X at 1 and 5 leave cells 8 to 10 safe: one stretch of
                // three, a win for the player to move. Counts come in the
                // last step: none before (round 12 met "it counts 2" in
                // step 3).
                text.split(['"', '\n', ' '])
                    .filter(|w| !w.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
                    .contains("after 5 the free cells left (cells 8–10) are a win for your opponent, who moves next"),
                "{text}"
            );
            assert!(!text.contains("counts"), "{text}");
        }
        let t = app.tabs.treblecross.training().current.as_ref().unwrap();
        let TreblecrossTask::WinningCell { cells } = &t.puzzle.task else {
            panic!("a lesson asks for cells")
        };
        app.update(Action::tab(treblecross::Action::Click(cells[0])));
        let text = screen(&app, 80, 24);
        assert!(text.contains("Why ("), "{text}");
        // The right answer in the player's words (the nim-sum is a detail).
        let said = text.lines().find(|l| l.contains('✓')).unwrap();
        assert!(!said.contains("nim-sum"), "{said}");
        assert_eq!(
            said.contains("makes three in a row"),
            steps == 0,
            "step {}: {said}",
            steps + 1
        );
        if steps == 0 {
            // Three in a row ends the game: no cell is marked unsafe (the
            // strip's row is the third of the screen).
            let strip_row = text.lines().nth(2).unwrap();
            assert!(strip_row.contains("X    X    X"), "{text}");
            assert!(!strip_row.contains('⊘'), "{text}");
        }
        steps += 1;
        if text.contains("the lesson is over") {
            break;
        }
        type_keys(&mut app, "n");
    }
    let mut app = fresh(TabId::Notakto);
    type_keys(&mut app, "L");
    loop {
        if app.tabs.notakto.boards().len() == 1 {
            // The first step: a corner loses, said in the player's words
            // (no count: the lesson teaches it from its fourth step).
            app.update(Action::tab(notakto::Action::Click(0, Cell::ALL[0])));
            let text = screen(&app, 160, 40);
            assert!(
                text.contains("board 1, a1 loses: the opponent wins"),
                "{text}"
            );
            assert!(
                !text.contains("count for") && !text.contains("opens") && !text.contains("1:a1"),
                "{text}"
            );
        }
        let t = app.tabs.notakto.training().current.as_ref().unwrap();
        let m = t.puzzle.answers[0];
        app.update(Action::tab(notakto::Action::Click(m.board, m.cell)));
        let text = screen(&app, 80, 24);
        assert!(text.contains("Why ("), "{text}");
        // The move is on the boards, and the marks are the opponent's.
        let wide = screen(&app, 120, 40);
        assert!(
            wide.contains("the marks now say what each cell gives"),
            "{wide}"
        );
        if text.contains("the lesson is over") {
            break;
        }
        type_keys(&mut app, "n");
    }
}

/// At 40×16 a step shows the lesson's heading and its question, and `L`
/// is in the footer of every tab while no game or puzzle is on.
#[test]
fn lessons_are_named_in_the_footer_and_read_at_40_by_16() {
    for &tab in TabId::ALL.iter() {
        let mut app = fresh(tab);
        let footer = footer_of(&draw(&app, 120, 30));
        assert!(footer.contains("L lesson"), "{tab:?}: {footer}");
        assert!(
            helps(&app).iter().any(|h| h.starts_with("a lesson")),
            "{tab:?}: L not in the help"
        );
        type_keys(&mut app, "L");
        // A lesson has no aim and starts no run: the footer says so.
        let footer = footer_of(&draw(&app, 120, 30));
        assert!(footer.contains("t hint"), "{tab:?}: {footer}");
        assert!(!footer.contains("harder/easier"), "{tab:?}: {footer}");
        tick_until(&mut app, "the step set", |app| !app.busy());
        let text = screen(&app, 40, 16);
        // N&C+ has two rows under its hands there: the question goes first.
        if tab != TabId::Mnc {
            assert!(text.contains("LESSON"), "{tab:?}:\n{text}");
        }
        assert!(!text.contains("more row"), "{tab:?}:\n{text}");
        let first_word = ["Threats.", "Three", "Lines.", "One"];
        assert!(
            first_word.iter().any(|w| text.contains(w)),
            "{tab:?}: the question is not shown:\n{text}"
        );
        // After an answer, what comes next is said before the why, which a
        // small screen may cut.
        type_keys(&mut app, "p");
        if screen(&app, 40, 16).contains("PERFECT LINE") {
            type_keys(&mut app, "p");
        }
        tick_until(&mut app, "the answer shown", |app| !app.busy());
        let text = screen(&app, 40, 16);
        assert!(text.contains("Why (n: the next"), "{tab:?}:\n{text}");
        // Esc leaves it, and the tab is as it was.
        app.handle(&key(KeyCode::Esc), AREA);
        assert!(!screen(&app, 80, 24).contains("LESSON"), "{tab:?}");
    }
}

/// Round 17: Notakto's step 5 asks to make board 1 a half, and took a
/// winning move on board 2 as the answer. It wins, so it is no mistake:
/// not played, not counted, and said.
#[test]
fn a_win_the_step_does_not_ask_for_is_said_to_win_too_and_not_played() {
    let mut app = fresh(TabId::Notakto);
    type_keys(&mut app, "L");
    // A step's puzzle id counts the steps.
    let step = |app: &App| {
        let t = app.tabs.notakto.training().current.as_ref().unwrap();
        t.attempt.id.seed
    };
    while step(&app) != 5 {
        let t = app.tabs.notakto.training().current.as_ref().unwrap();
        let m = t.puzzle.answers[0];
        app.update(Action::tab(notakto::Action::Click(m.board, m.cell)));
        type_keys(&mut app, "n");
    }
    let boards = app.tabs.notakto.boards().to_vec();
    // b2 on board 2 wins (the independent search says so), on the other board.
    let mut search = NotaktoSearch::default();
    let cells: Vec<u16> = boards.iter().map(|b| b.cells()).collect();
    let (k, cell, after) = moves(&cells)
        .into_iter()
        .find(|(k, cell, _)| (*k, *cell) == (1, 4))
        .unwrap();
    assert!(!search.wins(&after), "board 2, b2 wins");
    app.update(Action::tab(notakto::Action::Click(k, Cell::ALL[cell])));
    let text = flat_words(&screen(&app, 120, 40));
    assert!(
        text.contains(
            "not played: board 2, b2 wins too, but this step asks for another. Try another move."
        ),
        "{text}"
    );
    assert_eq!(app.tabs.notakto.boards(), &boards[..], "not played");
    let t = app.tabs.notakto.training().current.as_ref().unwrap();
    assert_eq!(t.attempt.wrong, 0, "not counted");
    assert!(t.attempt.is_open());
}

#[test]
fn a_slower_win_in_a_lesson_speaks_of_the_step_not_a_puzzle() {
    // Round 9 met "the puzzle asks for the win in 1 move. Not counted." in
    // the N&C+ lesson: a step is no puzzle and counts for nothing anyway.
    // (No tic-tac-toe step has a slower win to click; the words are the
    // training's, the same in every tab.)
    let mut app = fresh(TabId::TicTacToe);
    type_keys(&mut app, "L");
    app.tabs.tictactoe.training_mut().slower("a1", 3, 1, "cell");
    let text = screen(&app, 200, 40);
    assert!(
        text.contains("not played: a1 wins too, but in 3 moves: this step asks for the win in 1 move. Try another cell."),
        "{text}"
    );
    assert!(!text.contains("Not counted"), "{text}");
}

#[test]
fn a_lessons_place_wraps_whole_and_reads_as_plain_spaces() {
    // 40×16: round 12 read `LESSON big and small pieces, step 1 of` over
    // `4`. The place wraps as one word, drawn with plain spaces (a copied
    // screen or a search for `step 1 of 4` finds it).
    let mut app = noughts::tui::app::App::new(noughts::tui::theme::Theme { color: false });
    app.update(noughts::tui::app::Action::SelectTab(
        noughts::tui::app::TabId::Mnc,
    ));
    type_keys(&mut app, "L");
    tick_until(&mut app, "the step set", |app| !app.busy());
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("step 1 of 4"), "{text}");
    assert!(!text.contains('\u{a0}'), "{text}");
}

/// At 40×16 every step's why is read whole once its answer is shown,
/// `J` turning its pages to the end and `K` back: round 14 could not read
/// the end of tic-tac-toe's last step there.
#[test]
fn every_steps_why_is_read_whole_at_40_by_16() {
    let mut paged = 0;
    for &tab in TabId::ALL.iter() {
        let mut app = fresh(tab);
        type_keys(&mut app, "L");
        for step in 1..=8 {
            tick_until(&mut app, "the step set", |app| !app.busy());
            type_keys(&mut app, "p");
            tick_until(&mut app, "the answer shown", |app| !app.busy());
            if screen(&app, 40, 16).contains("PERFECT LINE") {
                type_keys(&mut app, "p");
            }
            let first = screen(&app, 40, 16);
            assert!(first.contains("Why ("), "{tab:?}, step {step}:\n{first}");
            let over = first.contains("the lesson is over");
            if first.contains("more rows: J reads on") {
                paged += 1;
                let mut pages = 1;
                loop {
                    type_keys(&mut app, "J");
                    let text = screen(&app, 40, 16);
                    assert!(!text.contains("Why ("), "{tab:?}, step {step}:\n{text}");
                    pages += 1;
                    if text.contains("the end: K back up") {
                        break;
                    }
                    assert!(
                        text.contains("J on, K back"),
                        "{tab:?}, step {step}:\n{text}"
                    );
                    assert!(pages < 8, "{tab:?}, step {step}: no end");
                }
                // Past the end it stays; K goes back a page at a time.
                type_keys(&mut app, "J");
                assert!(screen(&app, 40, 16).contains("the end: K back up"));
                for _ in 1..pages {
                    type_keys(&mut app, "K");
                }
                assert_eq!(screen(&app, 40, 16), first, "{tab:?}, step {step}");
                // Any other key shows the first page again.
                type_keys(&mut app, "J");
                type_keys(&mut app, "t");
                assert!(
                    screen(&app, 40, 16).contains("Why ("),
                    "{tab:?}, step {step}"
                );
            } else {
                assert!(
                    !first.contains("more row"),
                    "{tab:?}, step {step}:\n{first}"
                );
            }
            if over {
                break;
            }
            type_keys(&mut app, "n");
        }
    }
    assert!(
        paged > 0,
        "no step needed a second page: the check did nothing"
    );
}

/// At 40×16 a wrong answer in a lesson shows what it gave and, under it,
/// the question still to answer: round 16 found the question behind
/// `… 6 more rows` (the step's heading and keys may give way behind the
/// sign: the step was read before, the footer names the keys).
#[test]
fn a_wrong_answer_at_40_by_16_keeps_the_question_in_sight() {
    let mut app = fresh(TabId::TicTacToe);
    type_keys(&mut app, "L");
    let asked = screen(&app, 40, 16);
    assert!(asked.contains("click the cell that makes three"), "{asked}");
    // c3 (index 8) does not make three.
    app.update(Action::tab(tictactoe::Action::Click(Cell::ALL[8])));
    let text = screen(&app, 40, 16);
    assert!(text.contains("not played: after c3"), "{text}");
    assert!(text.contains("click the cell that makes three"), "{text}");
    // The step's heading gave way behind the sign, never silently (round
    // 20): `J` shows it.
    assert!(text.contains("more rows: J reads on"), "{text}");
    type_keys(&mut app, "J");
    let next = screen(&app, 40, 16);
    assert!(next.contains("LESSON"), "{next}");
}

/// Round 18 read `the boards count 0 flips, 0 halves, 3 opens, 1 spare` on
/// Notakto's step 4, which teaches opens and spares: halves and flips come
/// in steps 5 and 6. The plain count names only the parts it has.
#[test]
fn the_notakto_lessons_count_names_only_what_the_boards_have() {
    let mut app = notakto_step(4);
    // The panel under the boards at 80 columns: its words read whole.
    let text = flat_words(&screen(&app, 80, 60));
    assert!(
        text.contains("the boards count 3 opens and 1 spare"),
        "{text}"
    );
    assert!(!text.contains("half") && !text.contains("flip"), "{text}");
    // A wrong move says what it leaves in the same few words.
    app.update(Action::tab(notakto::Action::Click(0, Cell::ALL[0])));
    let text = flat_words(&screen(&app, 80, 60));
    assert!(
        text.contains("leaves 2 opens and 1 spare, not a losing count"),
        "{text}"
    );
    assert!(!text.contains("0 flips"), "{text}");
}

/// Round 18, tic-tac-toe's lesson at 40×16: a wrong cell, then two hints;
/// the first page showed the newest hint alone over a blank row, and then
/// (with the question kept) the hint went whole behind `J`. The question
/// stays and the hint asked for begins under it, its rest behind the sign.
#[test]
fn a_hint_asked_for_in_a_lesson_at_40_by_16_begins_under_the_question() {
    let mut app = fresh(TabId::TicTacToe);
    type_keys(&mut app, "L");
    app.update(Action::tab(tictactoe::Action::Click(Cell::ALL[6])));
    type_keys(&mut app, "tt");
    let text = screen(&app, 40, 16);
    let panel: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains('└'))
        .skip(1)
        .collect();
    assert!(panel[0].contains("Threats."), "{text}");
    let hint = panel
        .iter()
        .position(|l| l.contains("hint 2:"))
        .expect(&text);
    // No blank row between the hint and the sign.
    assert!(panel[hint + 1].contains("J reads on"), "{text}");
    // The rest on the next page.
    type_keys(&mut app, "J");
    let next = flat_words(&screen(&app, 40, 16));
    assert!(next.contains("not played: after a3"), "{next}");
}

/// Round 18, Notakto's step 5 at 80×24 answered after two hints: the
/// panel read the ✓ with the rule's whole case, then hint 2, the step,
/// hint 1. Once a step is over, what the answer gave comes first, the ✓ in
/// the plain count (the rule's case is `r`'s), and the hints follow in
/// their order.
#[test]
fn a_solved_step_reads_its_answer_first_and_its_hints_in_order() {
    let mut app = notakto_step(5);
    type_keys(&mut app, "tt");
    // b2 of board 1 makes it a half: one of the step's answers.
    app.update(Action::tab(notakto::Action::Click(0, Cell::ALL[4])));
    let first = screen(&app, 80, 24);
    let mut pages = flat_words(&first);
    for _ in 0..3 {
        type_keys(&mut app, "J");
        pages += &flat_words(&screen(&app, 80, 24));
    }
    let at = |words: &str| {
        pages
            .find(words)
            .unwrap_or_else(|| panic!("{words}: {pages}"))
    };
    assert!(first.contains("✓ board 1, b2 wins"), "{first}");
    assert!(pages.contains("leaves 2 halves, a losing count"), "{pages}");
    assert!(!pages.contains("with no opens"), "{pages}");
    assert!(at("✓ board 1") < at("hint 1:"), "{pages}");
    assert!(at("hint 1:") < at("hint 2:"), "{pages}");
}

/// Round 19, Notakto's step 3 after a wrong move and two hints: the
/// cursor's line said "makes board 2 a half", two steps before halves are
/// taught. Before the count's step, no line names what a board counts as.
#[test]
fn no_notakto_step_names_a_count_before_it_is_taught() {
    let mut app = notakto_step(3);
    app.update(Action::tab(notakto::Action::Click(1, Cell::ALL[0])));
    type_keys(&mut app, "tt");
    let text = flat_words(&screen(&app, 200, 60));
    assert!(text.contains("hint 2:"), "{text}");
    for word in ["a half", "a flip", "open", "the cursor:"] {
        assert!(!text.contains(word), "{word}: {text}");
    }
}

/// Round 19 clicked cell 8 on Treblecross's first step (`..X.X...`) and
/// read that it "hands the opponent three in a row at 4": the three at 4
/// was there already, the player's own to make.
#[test]
fn a_three_there_already_is_said_to_be_left_not_handed() {
    let mut app = fresh(TabId::Treblecross);
    type_keys(&mut app, "L");
    app.update(Action::tab(treblecross::Action::Click(7)));
    let text = flat_words(&screen(&app, 200, 60));
    assert!(
        text.contains("leaves the opponent three in a row at 4, which was yours to make"),
        "{text}"
    );
    assert!(!text.contains("hands"), "{text}");
}

/// Round 19, Notakto's step 4 at 40×16: a wrong move, then `t`; page 1
/// still showed only the question (eight rows of the seven), the hint
/// behind the sign, so `t` seemed to do nothing. A question that leaves
/// no row over the sign goes after the newest words.
#[test]
fn a_hint_shows_at_40_by_16_under_a_question_longer_than_the_page() {
    let mut app = notakto_step(4);
    app.update(Action::tab(notakto::Action::Click(0, Cell::ALL[4])));
    type_keys(&mut app, "t");
    let text = screen(&app, 40, 16);
    assert!(text.contains("hint 1:"), "{text}");
    type_keys(&mut app, "J");
    let next = flat_words(&screen(&app, 40, 16));
    assert!(next.contains("Opens. Each empty board"), "{next}");
}

/// Round 19 finished the tic-tac-toe lesson's first three and found it
/// unmarked, where N&C+'s lesson says `won` on its cells.
#[test]
fn a_lessons_finished_three_is_marked_won() {
    let mut app = fresh(TabId::TicTacToe);
    type_keys(&mut app, "L");
    // c1 finishes the top row.
    app.update(Action::tab(tictactoe::Action::Click(Cell::ALL[2])));
    let text = screen(&app, 80, 24);
    for cell in ["a1 won", "b1 won", "c1 won"] {
        assert!(text.contains(cell), "{cell}:\n{text}");
    }
}

/// Sizes from the smallest up, where the panel's words fill it to
/// different depths.
const SIZES_TRIED: [(u16, u16); 12] = [
    (40, 16),
    (40, 20),
    (50, 18),
    (60, 20),
    (60, 24),
    (70, 22),
    (80, 20),
    (80, 24),
    (90, 24),
    (100, 30),
    (120, 40),
    (200, 60),
];

#[test]
fn the_cursors_line_leaves_the_panels_parts_in_their_order_from_key_to_key() {
    // Round 19's Notakto step 7 at 80×24: the cursor's line, one row or
    // two as the cursor moved, made the panel choose another order of its
    // parts from one key to the next. What stands above the cursor's line
    // (or the whole page, where it is behind `J`) must not change.
    let mut pointers = HashMap::new();
    for step in 4..=7 {
        for (width, height) in SIZES_TRIED {
            let mut app = notakto_step(step);
            type_keys(&mut app, "tt");
            let above = |app: &App| -> Vec<String> {
                let text = screen(app, width, height);
                let lines: Vec<String> = text.lines().map(str::to_string).collect();
                match lines.iter().position(|l| l.contains("the cursor:")) {
                    Some(k) => lines[..k].to_vec(),
                    None => (lines.into_iter())
                        .filter(|l| !l.contains("more rows"))
                        .collect(),
                }
            };
            let first = above(&app);
            for _ in 0..27 {
                app.handle(&key(KeyCode::Right), AREA);
                let text = screen(&app, width, height);
                if let Some(line) = text.lines().find(|l| l.contains("the cursor:")) {
                    pointers.insert(line.trim().chars().count(), line.to_string());
                }
                let now = above(&app);
                assert_eq!(
                    first, now,
                    "step {step} at {width}×{height}: the panel moved with the cursor\n{text}"
                );
            }
        }
    }
    // The cursor's line took lines of different lengths (the checks above
    // were not idle).
    assert!(pointers.len() > 1, "{pointers:?}");
}
