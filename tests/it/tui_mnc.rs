//! The Noughts & Crosses+ tab without a terminal: whole games against the
//! engine through the app's update function, with the inputs a person
//! gives (pick from the hand, click a cell; click a big piece, click its
//! target), and snapshots.
//!
//! Past 600 lines because the tab does much (the match, its review and
//! perfect line, analysis, hints, strengths, the questions); the tests go
//! through it in that order.

use crate::app_support;
use crate::players;

use app_support::*;
use noughts::solver::mnc::{Move, Size};
use noughts::solver::{BySide, Cell, Side};
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::puzzle::Puzzles;
use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::mnc::{layout, Action as MncAction, MncTab, Selection};
use noughts::tui::theme::Theme;
use players::{greedy, Lcg};
use std::time::Duration;

fn app_playing(human: Side) -> App {
    let mut app = App::new(Theme { color: true });
    app.tabs.mnc = MncTab::new(human, Duration::ZERO);
    app.update(Action::SelectTab(TabId::Mnc));
    app
}

fn mnc(app: &App) -> &MncTab {
    &app.tabs.mnc
}

/// A game from `start` (x to move), you playing x.
fn x_playing_from(start: noughts::solver::mnc::Position) -> App {
    use noughts::notation::Saved;
    use noughts::tui::tab::Keep;
    let mut app = app_playing(Side::X);
    wait_for_turn(&mut app);
    let loaded = app.tabs.mnc.load(Saved::Mnc {
        start,
        human: Side::X,
        moves: Vec::new(),
    });
    assert!(loaded.is_ok());
    wait_for_turn(&mut app);
    app
}

/// Ticks until the human may move or the game is over (engine replies
/// come from its thread).
fn wait_for_turn(app: &mut App) {
    tick_until(app, "the human's turn", |app| {
        (mnc(app).humans_turn() || mnc(app).winner().is_some())
            && !(mnc(app).humans_turn() && mnc(app).value().is_none())
    });
}

/// Makes a move the way a person does: clicks (hand, then cell; or big
/// piece, then target).
fn make_move(app: &mut App, mv: Move) {
    let body = shell_layout(AREA).body;
    let l = layout(body).unwrap();
    let click_cell = |app: &mut App, cell: Cell| {
        let r = l.cells[cell.index()];
        app.handle(&click(r.x + 4, r.y + 1), AREA);
    };
    match mv {
        Move::Place { size, cell } => {
            let hand = if size == Size::Small {
                l.hand_small
            } else {
                l.hand_big
            };
            app.handle(&click(hand.x + 1, hand.y), AREA);
            assert_eq!(mnc(app).selection(), Some(Selection::Hand(size)));
            click_cell(app, cell);
        }
        Move::Shift { from, to } => {
            click_cell(app, from);
            assert_eq!(mnc(app).selection(), Some(Selection::Board(from)));
            assert!(mnc(app).targets_of(Selection::Board(from)).contains(&to));
            click_cell(app, to);
        }
    }
}

fn play_out(seed: u64, greedy_human: bool) {
    let mut app = app_playing(Side::O);
    let mut rng = Lcg(seed);
    let mut plies_by_human = 0;
    loop {
        wait_for_turn(&mut app);
        if mnc(&app).winner().is_some() {
            break;
        }
        let position = *mnc(&app).position();
        let mv = if greedy_human {
            greedy(&position, &mut rng)
        } else {
            let moves = position.legal_moves();
            moves[rng.below(moves.len())]
        };
        let before = mnc(&app).history().len();
        make_move(&mut app, mv);
        assert_eq!(mnc(&app).history().len(), before + 1, "the move was taken");
        assert_eq!(mnc(&app).history().last().map(|h| h.1), Some(mv));
        plies_by_human += 1;
    }
    assert_eq!(
        mnc(&app).winner(),
        Some(Side::X),
        "seed {seed}: the engine (x) wins"
    );
    assert!(plies_by_human >= 2);
}

#[test]
fn the_engine_as_x_beats_random_humans() {
    for seed in 0..16 {
        play_out(seed, false);
    }
}

#[test]
fn the_engine_as_x_beats_greedy_humans() {
    for seed in 100..116 {
        play_out(seed, true);
    }
}

#[test]
fn illegal_attempts_are_explained_and_undo_takes_back_both_moves() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    let engine_cell = mnc(&app).history()[0].1.target();
    // A small piece on the engine's piece: refused, with the reason.
    app.update(Action::tab(MncAction::Hand(Size::Small)));
    app.update(Action::tab(MncAction::Click(engine_cell)));
    assert_eq!(mnc(&app).history().len(), 1);
    assert!(
        mnc(&app).message().unwrap().contains("is taken"),
        "{:?}",
        mnc(&app).message()
    );
    // Nothing selected: a click on the engine's piece says what to do.
    app.update(Action::tab(MncAction::Cancel));
    app.update(Action::tab(MncAction::Click(engine_cell)));
    assert!(mnc(&app)
        .message()
        .unwrap()
        .contains("choose a piece first"));
    // A click on an empty cell with nothing picked places a small piece;
    // the engine replies; undo takes both back.
    let empty = Cell::ALL
        .into_iter()
        .find(|&c| mnc(&app).position().piece_at(c).is_none())
        .unwrap();
    app.update(Action::tab(MncAction::Click(empty)));
    assert_eq!(
        mnc(&app).history()[1].1,
        Move::Place {
            size: Size::Small,
            cell: empty
        }
    );
    wait_for_turn(&mut app);
    assert_eq!(mnc(&app).history().len(), 3);
    app.update(Action::tab(MncAction::Undo));
    assert_eq!(mnc(&app).history().len(), 1);
    assert!(mnc(&app).humans_turn());
}

#[test]
fn swapping_sides_lets_you_move_first_and_keys_place_pieces() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "w");
    assert_eq!(mnc(&app).human(), Side::X);
    assert!(mnc(&app).history().is_empty());
    wait_for_turn(&mut app);
    // The cursor starts in the centre: s puts a small x there.
    type_keys(&mut app, "s");
    assert_eq!(
        mnc(&app).history()[0].1,
        Move::Place {
            size: Size::Small,
            cell: Cell::CENTRE
        }
    );
    wait_for_turn(&mut app);
    assert_eq!(mnc(&app).history().len(), 2, "the engine answered");
    // You (x) are winning from the start: the verdict says so.
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("perfect play  x wins in 11 moves"), "{text}");
}

#[test]
fn snapshots_mid_game_selecting_and_over() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    // The engine's first move is deterministic: small a1.
    app.update(Action::tab(MncAction::Play(Move::Place {
        size: Size::Big,
        cell: Cell::ALL[0],
    })));
    wait_for_turn(&mut app);
    insta::assert_snapshot!("mnc_mid_game", draw(&app, 100, 24).backend());

    app.update(Action::tab(MncAction::Hand(Size::Small)));
    app.update(Action::tab(MncAction::ToggleHints));
    let terminal = draw(&app, 100, 24);
    insta::assert_snapshot!("mnc_selecting", terminal.backend());
    let text = terminal.backend().to_string();
    assert!(text.contains("place the small piece"));
    // Every legal target is marked ◎, and only those.
    let targets = mnc(&app).targets_of(Selection::Hand(Size::Small));
    let l = layout(shell_layout(AREA).body).unwrap();
    for cell in Cell::ALL {
        let r = l.cells[cell.index()];
        let first_row: String = (0..r.width)
            .map(|x| {
                terminal.backend().buffer()[(r.x + x, r.y)]
                    .symbol()
                    .to_string()
            })
            .collect();
        assert_eq!(
            first_row.contains('◎'),
            targets.contains(&cell),
            "{cell}: {first_row}"
        );
    }

    // Play the engine's own moves for o until the game ends: x still wins.
    app.update(Action::tab(MncAction::Cancel));
    let mut engine = noughts::solver::mnc::Engine::solved();
    loop {
        wait_for_turn(&mut app);
        if mnc(&app).winner().is_some() {
            break;
        }
        let mv = engine.best_move(mnc(&app).position()).unwrap();
        app.update(Action::tab(MncAction::Play(mv)));
    }
    // Over: the values of its moves come (the value history is drawn).
    tick_until(&mut app, "the game's values", |app| {
        mnc(app).annotations().is_some()
    });
    let text = draw(&app, 100, 24).backend().to_string();
    insta::assert_snapshot!("mnc_game_over", text);
    assert!(text.contains("GAME OVER: the engine wins"), "{text}");
}

/// Ticks until the engine has rated the set-up position.
fn wait_for_setup_rating(app: &mut App) {
    tick_until(app, "a rating of the set-up", |app| {
        mnc(app).setup_rating().is_some()
    });
}

#[test]
fn analysis_mode_sets_up_any_position_and_refuses_inconsistent_ones() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "e");
    let setup = *mnc(&app).setup().expect("analysis mode");
    // It starts from the match's position.
    assert_eq!(setup.position(), Ok(*mnc(&app).position()));
    wait_for_setup_rating(&mut app);

    // Cycle the centre (cursor) to a big X, hands and side by keys.
    type_keys(&mut app, "  ");
    type_keys(&mut app, "[}v");
    let setup = *mnc(&app).setup().unwrap();
    assert_eq!(setup.cells[4].map(|p| p.letter()), Some('X'));
    assert_eq!(setup.hands, BySide::new(2, 4));
    assert_eq!(setup.to_move, Side::X);
    // The value is the one `noughts mnc analyze` gives for it.
    wait_for_setup_rating(&mut app);
    let position = setup.position().unwrap();
    let rating = mnc(&app).setup_rating().unwrap().clone();
    let (value, moves) = (rating.value, rating.moves);
    let mut engine = noughts::solver::mnc::Engine::new();
    assert_eq!(value, engine.value(&position));
    assert_eq!(moves, engine.rate_moves(&position));
    let notation = format!("{} x 2 4", position.to_string().replace('\n', "/"));
    let mut cli = Vec::new();
    let asked = noughts::cli::mnc::position_after(&notation, None).unwrap();
    noughts::cli::mnc::analyze(&asked, &mut engine, &mut cli).unwrap();
    let cli = String::from_utf8(cli).unwrap();
    let text = draw(&app, 100, 24).backend().to_string();
    let cli_value = cli.lines().find(|l| l.starts_with("value: ")).unwrap();
    let words = cli_value
        .trim_start_matches("value: ")
        .split(" (")
        .next()
        .unwrap();
    assert!(text.contains(words), "{words} in {text}");

    // Three big X (a1 held x: one click makes it X): refused, with why.
    app.update(Action::tab(MncAction::Click(Cell::ALL[0])));
    app.update(Action::tab(MncAction::Click(Cell::ALL[8])));
    app.update(Action::tab(MncAction::Click(Cell::ALL[8])));
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(mnc(&app).setup().unwrap().position().is_err());
    assert!(
        text.contains("refused: x has 3 big pieces on the board"),
        "{text}"
    );
    // Back to the match, unchanged.
    type_keys(&mut app, "e");
    assert!(mnc(&app).setup().is_none());
    assert_eq!(mnc(&app).history().len(), 1);
}

#[test]
fn footer_and_help_follow_the_mode() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    assert!(helps(&app).contains(&"place a small piece at the cursor"));
    assert!(!helps(&app).contains(&"analysis: empty the cell"));
    assert!(!helps(&app).contains(&"put the picked piece down"));
    // A piece picked up: Esc puts it down, and says so; it does not quit.
    app.update(Action::tab(MncAction::Hand(Size::Small)));
    assert!(helps(&app).contains(&"put the picked piece down"));
    assert!(footer_of(&draw(&app, 100, 24)).contains("Esc put down"));
    app.handle(&key(crossterm::event::KeyCode::Esc), AREA);
    assert!(app.running && mnc(&app).selection().is_none());
    // Analysis mode: the set-up keys, not the match's.
    type_keys(&mut app, "e");
    assert!(helps(&app).contains(&"analysis: empty the cell"));
    assert!(helps(&app).contains(&"back to the match"));
    assert!(!helps(&app).contains(&"place a small piece at the cursor"));
    let footer = footer_of(&draw(&app, 100, 24));
    assert!(
        footer.contains("e match") && !footer.contains("s small"),
        "{footer}"
    );
}

#[test]
fn esc_never_quits_and_q_asks_while_a_match_is_on() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    // Only the engine has moved: nothing of yours at stake, q quits.
    assert!(app.at_stake().is_empty());
    // Esc puts a picked-up piece down, then dismisses, and never quits.
    type_keys(&mut app, "b");
    app.handle(&key(crossterm::event::KeyCode::Esc), AREA);
    assert_eq!(mnc(&app).selection(), None);
    for _ in 0..3 {
        app.handle(&key(crossterm::event::KeyCode::Esc), AREA);
    }
    assert!(app.running);
    // A move of yours: the match is at stake, q asks.
    let empty = Cell::ALL
        .into_iter()
        .find(|&c| mnc(&app).position().piece_at(c).is_none())
        .unwrap();
    app.update(Action::tab(MncAction::Click(empty)));
    wait_for_turn(&mut app);
    type_keys(&mut app, "q");
    assert!(app.running);
    assert!(app.question().is_some());
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("Quit?") && text.contains("The Noughts & Crosses+ match"));
    // n stays; so do Esc and a click; other keys do nothing meanwhile.
    type_keys(&mut app, "n");
    assert!(app.running && app.question().is_none());
    type_keys(&mut app, "q");
    app.handle(&key(crossterm::event::KeyCode::Esc), AREA);
    assert!(app.running && app.question().is_none());
    type_keys(&mut app, "qs");
    assert_eq!(mnc(&app).history().len(), 3, "s did not reach the board");
    app.handle(&click(1, 1), AREA);
    assert!(app.running && app.question().is_none());
    // Also from another tab: the match is still at stake.
    type_keys(&mut app, "1q");
    assert!(app.question().is_some());
    type_keys(&mut app, "y");
    assert!(!app.running);
}

#[test]
fn keys_that_would_throw_the_match_away_ask_first() {
    use noughts::tui::app::Question;
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    // Before a move of yours nothing is lost: n starts again at once.
    type_keys(&mut app, "n");
    assert!(app.question().is_none());
    wait_for_turn(&mut app);
    let empty = Cell::ALL
        .into_iter()
        .find(|&c| mnc(&app).position().piece_at(c).is_none())
        .unwrap();
    app.update(Action::tab(MncAction::Click(empty)));
    wait_for_turn(&mut app);
    let moves = mnc(&app).history().len();
    for (keys, words) in [
        ("n", "Start a new game?"),
        ("w", "Swap sides and start again, you as x?"),
        ("d", "Let the engine play strong from here on?"),
    ] {
        type_keys(&mut app, keys);
        assert!(
            matches!(app.question(), Some(Question::Abandon { question, .. }) if question.contains(words)),
            "{keys}: {:?}",
            app.question()
        );
        let text = draw(&app, 80, 24).backend().to_string();
        assert!(text.contains("Sure?") && text.contains("y yes"), "{text}");
        // n (or Esc) keeps the match as it was.
        type_keys(&mut app, "n");
        assert!(app.question().is_none());
        assert_eq!(mnc(&app).history().len(), moves, "{keys}");
    }
    // y does it: a new game with the sides swapped.
    type_keys(&mut app, "wy");
    assert_eq!(mnc(&app).human(), Side::X);
    assert!(mnc(&app).history().is_empty());
}

#[test]
fn captures_are_written_said_and_counted() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    let (_, opening) = mnc(&app).history()[0];
    let cell = opening.target();
    // Your big O on the engine's small x: it leaves the game.
    make_move(
        &mut app,
        Move::Place {
            size: Size::Big,
            cell,
        },
    );
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains(&format!("2. O {cell} takes x")), "{text}");
    assert!(
        text.contains(&format!("you took the engine's x on {cell}")),
        "{text}"
    );
    // The engine's line counts its piece lost, in your line's words.
    assert!(
        text.contains("1 small x taken") || text.contains("1 x taken"),
        "{text}"
    );
    // The cell of the last move is tinted and marked.
    let l = layout(shell_layout(AREA).body).unwrap();
    let r = l.cells[cell.index()];
    let buffer = draw(&app, 100, 24).backend().buffer().clone();
    assert!(buffer[(r.x + r.width - 1, r.y)].bg == ratatui::style::Color::Indexed(58));
    let name: String = (0..r.width)
        .map(|x| buffer[(r.x + x, r.y)].symbol().to_string())
        .collect();
    assert!(name.contains("last"), "{name}");
    // At every size the count says whose pieces were taken (round 17 read
    // `4 taken` and `2 taken` beside the hands of this puzzle at 80×24 and
    // could not tell).
    app.open_puzzle("mnc-1-82725".parse().unwrap());
    tick_until(&mut app, "the puzzle", |app| {
        let made = mnc(app).training().current.as_ref();
        made.is_some_and(|t| t.attempt.id.to_string() == "mnc-1-82725")
    });
    for (w, h) in [(80, 24), (100, 24), (120, 40), (200, 60)] {
        let text = draw(&app, w, h).backend().to_string();
        let counts: Vec<&str> = text.lines().filter(|l| l.contains(" taken")).collect();
        assert_eq!(counts.len(), 2, "{w}×{h}: {text}");
        for line in counts {
            let before = line.split(" taken").next().unwrap();
            assert!(
                before.ends_with(" x") || before.ends_with(" o"),
                "{w}×{h}: {line}"
            );
        }
    }
}

/// Plays o's moves with `choose` until the game is over.
fn play_out_with(app: &mut App, mut choose: impl FnMut(&noughts::solver::mnc::Position) -> Move) {
    loop {
        wait_for_turn(app);
        if mnc(app).winner().is_some() {
            return;
        }
        let mv = choose(mnc(app).position());
        app.update(Action::tab(MncAction::Play(mv)));
    }
}

#[test]
fn the_perfect_line_is_the_solvers_move_by_move() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "p");
    tick_until(&mut app, "a perfect line", |app| {
        mnc(app).perfect_line().is_some()
    });
    let line = mnc(&app).perfect_line().unwrap().clone();
    let mut engine = noughts::solver::mnc::Engine::solved();
    let start = *mnc(&app).position();
    // o to move, and lost: the line lasts as long as the loss.
    let noughts::solver::Outcome::Loss(plies) = engine.value(&start) else {
        panic!("x wins from here");
    };
    // As long as the value says, each move the best, each value the solver's.
    assert_eq!(line.from, start);
    assert_eq!(line.moves.len(), usize::from(plies));
    let mut at = start;
    for (k, &(mv, value)) in line.moves.iter().enumerate() {
        let before = at;
        let rated = engine.rate_moves(&before);
        assert_eq!(value, rated[0].1, "step {k}");
        assert_eq!(value, engine.value(&before), "step {k}");
        assert!(
            rated.iter().any(|&(m, v)| m == mv && v == value),
            "step {k}"
        );
        at = before.play(mv).unwrap();
        // Stepping along it shows each position on the board.
        type_keys(&mut app, ">");
        assert_eq!(mnc(&app).shown().0, at, "step {k}");
    }
    assert!(at.game_over().is_some());
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("PERFECT LINE"), "{text}");
    // p again: back to the game as it stands, which did not change.
    type_keys(&mut app, "p");
    assert_eq!(mnc(&app).view(), noughts::solver::record::Shown::Live);
    assert_eq!(*mnc(&app).position(), start);
}

#[test]
fn review_annotations_are_the_solvers_values_and_play_resumes() {
    let mut app = app_playing(Side::O);
    // o plays its worst move each time: the defence shortens (?!).
    let mut engine = noughts::solver::mnc::Engine::solved();
    play_out_with(&mut app, |p| engine.rate_moves(p).last().unwrap().0);
    let moves = mnc(&app).history().to_vec();
    type_keys(&mut app, "<");
    tick_until(&mut app, "annotations", |app| {
        mnc(app).annotations().is_some()
    });
    let annotations = mnc(&app).annotations().unwrap().to_vec();
    assert_eq!(annotations.len(), moves.len());
    let mut marked = 0;
    for (&(before, mv), note) in moves.iter().zip(&annotations) {
        let after = before.play(mv).unwrap();
        assert_eq!(note.before, engine.value(&before));
        // After a move: the value of the position it leaves, for the side
        // to move there, as the live panel showed it then.
        assert_eq!(note.after, engine.value(&after));
        let mistake = noughts::solver::search::Mistake::of(
            note.before,
            engine.value(&after).for_previous_mover(),
        );
        assert_eq!(
            mistake.is_some(),
            note.mark().sign().is_some(),
            "{before:?} {mv:?}"
        );
        if mistake.is_some() {
            marked += 1;
        }
    }
    assert!(marked > 0, "the worst moves shorten the defence");
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(text.contains("REVIEW") && text.contains("?!"), "{text}");
    // The review's "after" in the live panel's words: the last move
    // reviewed is the one before the end, whose position after is the
    // one before the last move.
    let (before_last, _) = moves[moves.len() - 1];
    let words =
        noughts::notation::mnc::value_words(before_last.to_move(), engine.value(&before_last));
    assert!(text.contains(&format!("after  {words}")), "{words}\n{text}");
    // Back to the start and forward again; a click on move 2 reviews it.
    for _ in 0..moves.len() {
        type_keys(&mut app, "<");
    }
    assert_eq!(mnc(&app).shown().0, noughts::solver::mnc::Position::START);
    // Where move 2 is drawn in the list (under the value history).
    let l = layout(shell_layout(AREA).body).unwrap();
    let terminal = draw(&app, AREA.width, AREA.height);
    let buffer = terminal.backend().buffer();
    let (y, column) = (l.moves.y..l.moves.bottom())
        .find_map(|y| {
            let row: String = (0..AREA.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect();
            // The column: characters before it, not bytes.
            row.find("2. ")
                .map(|byte| (y, row[..byte].chars().count() as u16))
        })
        .expect("move 2 in the list");
    app.handle(&click(column + 1, y), AREA);
    assert_eq!(
        mnc(&app).view(),
        noughts::solver::record::Shown::Review { ply: 2 }
    );
    assert_eq!(mnc(&app).shown().0, moves[1].0.play(moves[1].1).unwrap());
    // A move while reviewing is refused with what to do.
    type_keys(&mut app, "s");
    assert!(mnc(&app)
        .message()
        .unwrap()
        .contains("Esc back to the game"));
    // c: play goes on from move 2, the later moves gone, the engine to move.
    type_keys(&mut app, "c");
    assert_eq!(mnc(&app).view(), noughts::solver::record::Shown::Live);
    assert_eq!(mnc(&app).history().len(), 2);
    wait_for_turn(&mut app);
    assert_eq!(
        mnc(&app).history().len(),
        3,
        "the engine moved on from there"
    );
}

#[test]
fn weaker_engines_play_legal_moves_and_can_lose() {
    use noughts::solver::mnc::Strength;
    let mut engine = noughts::solver::mnc::Engine::solved();
    let mut human_wins = 0;
    for (seed, strength) in (0..12u64).zip([Strength::Strong, Strength::Casual].into_iter().cycle())
    {
        let mut app = app_playing(Side::O);
        app.tabs.mnc.set_strength(strength);
        app.tabs.mnc.seed(seed + 1);
        let text = draw(&app, 100, 24).backend().to_string();
        let word = noughts::tui::tabs::mnc::strength_word(strength);
        assert!(text.contains(&format!("engine: {word}")), "{text}");
        // o plays perfectly: it wins whenever the engine errs badly enough.
        play_out_with(&mut app, |p| engine.best_move(p).unwrap());
        let tab = mnc(&app);
        // Every move on record is legal from the position before it.
        let mut at = noughts::solver::mnc::Position::START;
        for (before, mv) in tab.history() {
            assert_eq!(before, at);
            at = before.play(mv).expect("a legal move");
        }
        assert!(tab.message().is_none_or(|m| !m.contains("not allowed")));
        if tab.winner() == Some(Side::O) {
            human_wins += 1;
        }
    }
    assert!(human_wins > 0, "weaker levels lose sometimes");
}

#[test]
fn analysis_takes_small_pieces_from_the_hand_and_gives_them_back() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "e");
    let before = *mnc(&app).setup().unwrap();
    // A small x on an empty cell comes from x's hand: still consistent.
    let empty = (0..9).find(|&i| before.cells[i].is_none()).unwrap();
    app.update(Action::tab(MncAction::Click(Cell::ALL[empty])));
    let setup = *mnc(&app).setup().unwrap();
    assert_eq!(setup.cells[empty].map(|p| p.letter()), Some('x'));
    assert_eq!(setup.hands[Side::X], before.hands[Side::X] - 1);
    assert!(setup.position().is_ok(), "{:?}", setup.position());
    // Cycled on to a big X, the small x goes back to the hand.
    app.update(Action::tab(MncAction::Click(Cell::ALL[empty])));
    let setup = *mnc(&app).setup().unwrap();
    assert_eq!(setup.hands, before.hands);
    // Then o, a small o from o's hand; emptied, it goes back.
    app.update(Action::tab(MncAction::Click(Cell::ALL[empty])));
    assert_eq!(
        mnc(&app).setup().unwrap().hands[Side::O],
        before.hands[Side::O] - 1
    );
    type_keys(&mut app, ".");
    let cursor_cell = mnc(&app).setup().unwrap();
    assert_eq!(cursor_cell.hands[Side::O], before.hands[Side::O]);
}

#[test]
fn a_panel_too_short_for_its_words_says_so() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    let empty = Cell::ALL
        .into_iter()
        .find(|&c| mnc(&app).position().piece_at(c).is_none())
        .unwrap();
    app.update(Action::tab(MncAction::Click(empty)));
    wait_for_turn(&mut app);
    type_keys(&mut app, "<");
    tick_until(&mut app, "annotations", |app| {
        mnc(app).annotations().is_some()
    });
    // 40×16: the panel under the board has two rows for a review of five.
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("REVIEW, after move"), "{text}");
    assert!(text.contains("more row"), "{text}");
    // 100×24: all of it, and no sign.
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(
        text.contains("before ") && !text.contains("more row"),
        "{text}"
    );
}

#[test]
fn analysis_keeps_its_set_up_and_leaves_the_match_keys_to_the_match() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "e");
    // Space cycles the centre cell: a small x there.
    type_keys(&mut app, " ");
    let setup = *mnc(&app).setup().unwrap();
    // p, < and t are the match's: said so, nothing changes.
    for keys in ["p", "<", "t"] {
        type_keys(&mut app, keys);
        assert!(
            mnc(&app).message().unwrap().contains("works on the match"),
            "{keys}: {:?}",
            mnc(&app).message()
        );
        assert_eq!(mnc(&app).view(), noughts::solver::record::Shown::Live);
    }
    // Back to the match and into analysis again: the set-up is still there.
    type_keys(&mut app, "ee");
    assert_eq!(mnc(&app).setup(), Some(&setup));
}

/// The hand lines under the board stop two columns short of the panel
/// beside it, whatever they hold (at 80×24 `lost 3 o`, now `3 o taken`, ran on into the move
/// list's `8. o b2` with one space between), move after move of games.
#[test]
fn the_hands_keep_clear_of_the_panel() {
    for seed in 1..=6 {
        let mut app = app_playing(Side::O);
        let mut rng = Lcg(seed);
        // Drawn at 80×24; played by clicks at the tests' usual size.
        let small = ratatui::layout::Rect::new(0, 0, 80, 24);
        let l = layout(shell_layout(small).body).unwrap();
        assert!(l.panel.x > l.grid.right(), "the panel is beside the board");
        loop {
            wait_for_turn(&mut app);
            let buffer = draw(&app, small.width, small.height)
                .backend()
                .buffer()
                .clone();
            for y in [l.hand_small.y, l.hand_small.y + 1] {
                for x in l.panel.x - 2..l.panel.x {
                    let row: String = (0..small.width).map(|x| buffer[(x, y)].symbol()).collect();
                    assert_eq!(
                        buffer[(x, y)].symbol(),
                        " ",
                        "seed {seed}, column {x}: {row}"
                    );
                }
            }
            if mnc(&app).winner().is_some() {
                break;
            }
            let position = *mnc(&app).position();
            make_move(&mut app, greedy(&position, &mut rng));
        }
    }
}

/// With no small piece left in hand, a click on an empty cell places a
/// big one (a newcomer found no way to do it by mouse).
#[test]
fn a_click_places_a_big_piece_once_the_small_ones_are_gone() {
    use noughts::solver::mnc::{Piece, Position};
    let small = |side| {
        Some(Piece {
            side,
            size: Size::Small,
        })
    };
    let (x, o) = (small(Side::X), small(Side::O));
    // a1 b1 c1 / a2 b2 c2 / a3 b3 c3: every small piece played, no line,
    // x to move with only b3 empty.
    let cells = [x, x, o, o, o, x, x, None, o];
    let start = Position::new(cells, BySide::new(0, 0), Side::X).unwrap();
    let mut app = x_playing_from(start);
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("no small piece left: a click"), "{text}");
    // `s` is not offered with an empty hand, and says why when pressed;
    // `b` is (both big pieces are in the hand).
    let footer = footer_of(&draw(&app, 100, 24));
    assert!(
        !footer.contains("s small") && footer.contains("b big"),
        "{footer}"
    );
    assert!(!helps(&app).contains(&"place a small piece at the cursor"));
    type_keys(&mut app, "s");
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("no small piece left in your hand"), "{text}");
    assert!(mnc(&app).game().record().moves().is_empty());
    let b3 = Cell::from_index(7).unwrap();
    app.update(Action::tab(MncAction::Click(b3)));
    let record = mnc(&app).game().record();
    assert_eq!(
        record.moves().first(),
        Some(&Move::Place {
            size: Size::Big,
            cell: b3
        })
    );
}

#[test]
fn m_again_on_a_target_drops_the_big_piece_picked_up() {
    use noughts::solver::mnc::Position;
    // The lesson's fourth step: x's big X on a3 may move onto o's a2.
    let start: Position = ".oo/oXx/X.O x 1 0".parse().unwrap();
    let mut app = x_playing_from(start);
    let (a2, a3) = (Cell::from_index(3).unwrap(), Cell::from_index(6).unwrap());
    // Picked up by a click, then the cursor up to a2 and `m` (round 10
    // pressed `m` twice and was told a2 holds no big piece of theirs).
    app.update(Action::tab(MncAction::Click(a3)));
    assert_eq!(mnc(&app).selection(), Some(Selection::Board(a3)));
    type_keys(&mut app, "m");
    assert_eq!(
        mnc(&app).selection(),
        Some(Selection::Board(a3)),
        "m on a3 again keeps it"
    );
    app.handle(&key(crossterm::event::KeyCode::Up), AREA);
    type_keys(&mut app, "m");
    assert_eq!(
        mnc(&app).game().record().moves().first(),
        Some(&Move::Shift { from: a3, to: a2 })
    );
}

/// At 40×16 the hands stand in a column beside the board, so that the
/// panel under it has four rows, not two (a capture's sentence was cut
/// there); their buttons take clicks there, and the panel's words are
/// drawn whole under the board.
#[test]
fn at_40_by_16_the_hands_stand_beside_the_board_and_the_panel_gets_their_rows() {
    let small = ratatui::layout::Rect::new(0, 0, 40, 16);
    let l = layout(shell_layout(small).body).unwrap();
    assert!(l.hands_beside);
    assert!(l.panel.height >= 4, "{:?}", l.panel);
    for hand in [l.hand_small, l.hand_big] {
        assert!(hand.x > l.grid.right() - 1 && hand.right() <= small.width);
        assert!(hand.y >= l.grid.y && hand.bottom() <= l.grid.bottom());
    }
    // The usual size keeps them under the board, the panel beside.
    let wide = layout(shell_layout(AREA).body).unwrap();
    assert!(!wide.hands_beside);

    let mut app = app_playing(Side::X);
    let text = draw(&app, 40, 16).backend().to_string();
    let hand_row = text.lines().nth(usize::from(l.hand_small.y)).unwrap();
    assert!(hand_row.contains("[4 small x]"), "{text}");
    let small_area = ratatui::layout::Rect::new(0, 0, 40, 16);
    app.handle(&click(l.hand_big.x + 1, l.hand_big.y), small_area);
    assert_eq!(mnc(&app).selection(), Some(Selection::Hand(Size::Big)));
    app.handle(&click(l.hand_small.x + 1, l.hand_small.y), small_area);
    assert_eq!(mnc(&app).selection(), Some(Selection::Hand(Size::Small)));
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("engine"), "{text}");
}

/// A click while the engine thinks is refused with a word to wait; once the
/// engine has moved, that word is gone (round 16 read it, stale, beside the
/// engine's move).
#[test]
fn the_word_to_wait_goes_once_the_engine_has_moved() {
    let mut app = App::new(Theme { color: true });
    // You play o: the engine, x, moves first, after a pause.
    // A pause long enough for a click on a loaded machine.
    app.tabs.mnc = MncTab::new(Side::O, Duration::from_millis(1500));
    app.update(Action::SelectTab(TabId::Mnc));
    tick_until(&mut app, "solved", |app| mnc(app).value().is_some());
    assert!(!mnc(&app).humans_turn());
    let body = shell_layout(AREA).body;
    let r = layout(body).unwrap().cells[Cell::CENTRE.index()];
    app.handle(&click(r.x + 4, r.y + 1), AREA);
    assert_eq!(mnc(&app).message(), Some("wait: it is the engine's move"));
    wait_for_turn(&mut app);
    assert_eq!(mnc(&app).game().record().moves().len(), 1);
    assert_ne!(mnc(&app).message(), Some("wait: it is the engine's move"));
}
