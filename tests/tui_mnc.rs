//! The Noughts & Crosses+ tab without a terminal: whole games against the
//! engine through the app's update function, with the inputs a person
//! gives (pick from the hand, click a cell; click a big piece, click its
//! target), and snapshots.

mod app_support;
mod players;

use app_support::*;
use noughts::solver::mnc::{Move, Size};
use noughts::solver::{BySide, Cell, Side};
use noughts::tui::app::{shell_layout, Action, App, TabId};
use noughts::tui::tabs::mnc::{layout, Action as MncAction, MncTab, Selection};
use noughts::tui::theme::Theme;
use players::{greedy, Lcg};
use std::time::{Duration, Instant};

fn app_playing(human: Side) -> App {
    let mut app = App::new(Theme { color: true });
    app.mnc = Some(MncTab::new(human, Duration::ZERO));
    app.update(Action::SelectTab(TabId::Mnc));
    app
}

fn mnc(app: &App) -> &MncTab {
    app.mnc.as_ref().unwrap()
}

/// Ticks until the human may move or the game is over (engine replies
/// come from its thread).
fn wait_for_turn(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !(mnc(app).humans_turn() || mnc(app).winner().is_some())
        || (mnc(app).humans_turn() && mnc(app).value().is_none())
    {
        assert!(Instant::now() < deadline, "the engine never answered");
        std::thread::sleep(Duration::from_millis(1));
        app.tick();
    }
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
    app.update(Action::Mnc(MncAction::Hand(Size::Small)));
    app.update(Action::Mnc(MncAction::Click(engine_cell)));
    assert_eq!(mnc(&app).history().len(), 1);
    assert!(
        mnc(&app).message().unwrap().contains("is taken"),
        "{:?}",
        mnc(&app).message()
    );
    // Nothing selected: a click on an empty cell says what to do.
    app.update(Action::Mnc(MncAction::Cancel));
    let empty = Cell::ALL
        .into_iter()
        .find(|&c| mnc(&app).position().piece_at(c).is_none())
        .unwrap();
    app.update(Action::Mnc(MncAction::Click(empty)));
    assert!(mnc(&app)
        .message()
        .unwrap()
        .contains("choose a piece first"));
    // A legal move, the engine's reply, then undo: back to one move.
    app.update(Action::Mnc(MncAction::Hand(Size::Small)));
    app.update(Action::Mnc(MncAction::Click(empty)));
    wait_for_turn(&mut app);
    assert_eq!(mnc(&app).history().len(), 3);
    app.update(Action::Mnc(MncAction::Undo));
    assert_eq!(mnc(&app).history().len(), 1);
    assert!(mnc(&app).humans_turn());
}

#[test]
fn swapping_sides_lets_you_move_first_and_keys_place_pieces() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "w");
    assert_eq!(mnc(&app).human, Side::X);
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
    assert!(
        text.contains("engine's verdict  x wins in 11 plies"),
        "{text}"
    );
}

#[test]
fn snapshots_mid_game_selecting_and_over() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    // The engine's first move is deterministic: small a1.
    app.update(Action::Mnc(MncAction::Play(Move::Place {
        size: Size::Big,
        cell: Cell::ALL[0],
    })));
    wait_for_turn(&mut app);
    insta::assert_snapshot!("mnc_mid_game", draw(&app, 100, 24).backend());

    app.update(Action::Mnc(MncAction::Hand(Size::Small)));
    app.update(Action::Mnc(MncAction::ToggleHints));
    let terminal = draw(&app, 100, 24);
    insta::assert_snapshot!("mnc_selecting", terminal.backend());
    let text = terminal.backend().to_string();
    assert!(text.contains("place the small piece"));
    // Every legal target is marked +, and only those.
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
            first_row.contains('+'),
            targets.contains(&cell),
            "{cell}: {first_row}"
        );
    }

    // Play the engine's own moves for o until the game ends: x still wins.
    app.update(Action::Mnc(MncAction::Cancel));
    let mut engine = noughts::solver::mnc::Engine::solved();
    loop {
        wait_for_turn(&mut app);
        if mnc(&app).winner().is_some() {
            break;
        }
        let mv = engine.best_move(mnc(&app).position()).unwrap();
        app.update(Action::Mnc(MncAction::Play(mv)));
    }
    let text = draw(&app, 100, 24).backend().to_string();
    insta::assert_snapshot!("mnc_game_over", text);
    assert!(text.contains("GAME OVER: the engine wins"), "{text}");
}

/// Ticks until the engine has rated the set-up position.
fn wait_for_setup_rating(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while mnc(app).setup_rating().is_none() {
        assert!(
            Instant::now() < deadline,
            "the engine never rated the set-up"
        );
        std::thread::sleep(Duration::from_millis(1));
        app.tick();
    }
}

#[test]
fn analysis_mode_sets_up_any_position_and_refuses_inconsistent_ones() {
    let mut app = app_playing(Side::O);
    wait_for_turn(&mut app);
    type_keys(&mut app, "a");
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
    noughts::cli::mnc::analyze(&notation, &mut engine, &mut cli).unwrap();
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
    app.update(Action::Mnc(MncAction::Click(Cell::ALL[0])));
    app.update(Action::Mnc(MncAction::Click(Cell::ALL[8])));
    app.update(Action::Mnc(MncAction::Click(Cell::ALL[8])));
    let text = draw(&app, 100, 24).backend().to_string();
    assert!(mnc(&app).setup().unwrap().position().is_err());
    assert!(
        text.contains("refused: x has 3 big pieces on the board"),
        "{text}"
    );
    // Back to the match, unchanged.
    type_keys(&mut app, "a");
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
    app.update(Action::Mnc(MncAction::Hand(Size::Small)));
    assert!(helps(&app).contains(&"put the picked piece down"));
    assert!(footer_of(&draw(&app, 100, 24)).contains("Esc put down"));
    app.handle(&key(crossterm::event::KeyCode::Esc), AREA);
    assert!(app.running && mnc(&app).selection().is_none());
    // Analysis mode: the set-up keys, not the match's.
    type_keys(&mut app, "a");
    assert!(helps(&app).contains(&"analysis: empty the cell"));
    assert!(helps(&app).contains(&"back to the match"));
    assert!(!helps(&app).contains(&"place a small piece at the cursor"));
    let footer = footer_of(&draw(&app, 100, 24));
    assert!(
        footer.contains("a match") && !footer.contains("s small"),
        "{footer}"
    );
}
