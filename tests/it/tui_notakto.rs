//! The Notakto tab without a terminal: editing by keys and clicks, what
//! the boards and the words show checked against the tests' own misère
//! search, games against the engine to the end with every engine move
//! checked, the review and the perfect line, puzzles, files and settings.

use crate::app_support::*;
use crate::independent::notakto::{dead, moves, NotaktoSearch};
use crate::notakto::{board_of_kind, same_kind};
use crossterm::event::{KeyCode, KeyModifiers};
use noughts::notation::notakto::BoardCount;
use noughts::notation::saved;
use noughts::settings::Settings;
use noughts::solver::notakto::game::Player;
use noughts::solver::notakto::{Board, Move};
use noughts::solver::record::{Ending, Shown};
use noughts::solver::Cell;
use noughts::tui::app::{App, TabId};
use noughts::tui::puzzle::PuzzleAction;
use noughts::tui::puzzle::Puzzles;
use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::notakto::{self, layout, NotaktoTab};
use noughts::tui::theme::Theme;
use noughts::tui::value_history::ValueHistory;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// A board from `X../.X./...` (cell = 3 · row + column), read by the
/// tests, not the crate.
fn bits(text: &str) -> u16 {
    text.chars()
        .filter(|&c| c != '/')
        .enumerate()
        .filter(|&(_, c)| c == 'X')
        .fold(0, |cells, (i, _)| cells | 1 << i)
}

fn app_with(boards: &[u16]) -> App {
    let mut app = App::new(Theme { color: true });
    let boards = boards.iter().map(|&b| Board::from_cells(b)).collect();
    app.tabs.notakto = NotaktoTab::with_boards(boards);
    app.tab = TabId::Notakto;
    app
}

fn tab(app: &App) -> &NotaktoTab {
    &app.tabs.notakto
}

fn cells(app: &App) -> Vec<u16> {
    tab(app).boards().iter().map(|b| b.cells()).collect()
}

/// Ticks until the engine has answered everything asked of it.
fn settle(app: &mut App) {
    tick_until(app, "an answer from the engine", |app| !app.busy());
}

/// The screen position of cell `cell` of board `board`, as drawn on a
/// screen of [`AREA`].
fn spot(app: &App, board: usize, cell: usize) -> (u16, u16) {
    let body = shell_layout(AREA).body;
    let place = layout(body, tab(app).boards().len()).unwrap().boards[board];
    let rect = place.cells[cell];
    (rect.x + rect.width / 2, rect.y + rect.height - 1)
}

fn click_cell(app: &mut App, board: usize, cell: usize) {
    let (x, y) = spot(app, board, cell);
    app.handle(&click(x, y), AREA);
}

/// The text drawn in each cell of each board.
fn drawn_cells(app: &App, terminal: &Terminal<TestBackend>) -> Vec<[String; 9]> {
    let body = shell_layout(AREA).body;
    let buffer = terminal.backend().buffer();
    layout(body, tab(app).boards().len())
        .unwrap()
        .boards
        .iter()
        .map(|place| {
            place.cells.map(|r| {
                let mut text = String::new();
                for y in r.top()..r.bottom() {
                    for x in r.left()..r.right() {
                        text.push_str(buffer[(x, y)].symbol());
                    }
                }
                text
            })
        })
        .collect()
}

/// Positions to look at: the shipped examples and random ones of 1 to 4
/// boards (a fixed stream of its own).
fn positions() -> Vec<Vec<u16>> {
    let mut all: Vec<Vec<u16>> = notakto::examples()
        .unwrap()
        .iter()
        .map(|p| p.boards.iter().map(|b| b.cells()).collect())
        .collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    for _ in 0..40 {
        let count = 1 + next(4) as usize;
        let boards = (0..count)
            .map(|_| {
                let mut b = 0u16;
                for _ in 0..next(6) {
                    let c = 1 << next(9);
                    if !dead(b | c) {
                        b |= c;
                    }
                }
                // Now and then a dead board.
                if next(7) == 0 {
                    b | 0b111
                } else {
                    b
                }
            })
            .collect();
        all.push(boards);
    }
    all
}

#[test]
fn every_empty_cell_is_starred_exactly_when_the_search_says_it_wins() {
    let mut search = NotaktoSearch::default();
    for position in positions() {
        let app = app_with(&position);
        let terminal = draw(&app, AREA.width, AREA.height);
        let drawn = drawn_cells(&app, &terminal);
        let text = terminal.backend().to_string();
        let wins = search.wins(&position);
        let verdict = if wins { "WINNING" } else { "LOSING" };
        let over = position.iter().all(|&b| dead(b));
        assert!(
            over && text.contains("Every board is dead") || text.contains(verdict),
            "{position:?}: {text}"
        );
        for (k, &board) in position.iter().enumerate() {
            for (cell, shown) in drawn[k].iter().enumerate() {
                if board >> cell & 1 == 1 {
                    // A letter, or a cross drawn over rows.
                    let cross = shown.contains(['X', '╳', '╲']);
                    assert!(cross, "{position:?} {k} {cell}: {shown}");
                    continue;
                }
                if dead(board) {
                    assert!(!shown.contains(['★', '⊘']), "a dead board has no marks");
                    continue;
                }
                let mut after = position.clone();
                after[k] |= 1 << cell;
                let winning = !search.wins(&after);
                assert_eq!(
                    shown.contains('★'),
                    winning,
                    "{position:?}: board {} cell {cell}: {shown}",
                    k + 1
                );
                assert_eq!(shown.contains('⊘'), !winning);
            }
            let label = if dead(board) { "dead" } else { "board" };
            assert!(text.contains(label), "{text}");
        }
    }
}

#[test]
fn editing_by_keys_and_clicks_with_undo_and_the_board_count() {
    let mut app = App::new(Theme { color: false });
    type_keys(&mut app, "4");
    assert_eq!(app.tab, TabId::Notakto);
    assert_eq!(cells(&app), [0, 0, 0], "three empty boards to start");
    // Space on the centre of board 1; right twice crosses into board 2.
    type_keys(&mut app, " ");
    app.handle(&key(KeyCode::Right), AREA);
    app.handle(&key(KeyCode::Right), AREA);
    type_keys(&mut app, "x");
    assert_eq!(cells(&app), [1 << 4, 1 << 3, 0]);
    // A click toggles a cell of board 3, and again back.
    click_cell(&mut app, 2, 0);
    assert_eq!(cells(&app)[2], 1);
    assert_eq!(
        tab(&app).cursor(),
        notakto::Spot {
            board: 2,
            cell: Cell::from_index(0).unwrap()
        }
    );
    click_cell(&mut app, 2, 0);
    assert_eq!(cells(&app)[2], 0);
    // A board more, the cursor on it; - takes the cursor's away.
    type_keys(&mut app, "+");
    assert_eq!(cells(&app), [1 << 4, 1 << 3, 0, 0]);
    assert_eq!(tab(&app).cursor().board, 3);
    type_keys(&mut app, "[[[");
    assert_eq!(tab(&app).cursor().board, 0);
    type_keys(&mut app, "-");
    assert_eq!(cells(&app), [1 << 3, 0, 0]);
    type_keys(&mut app, "u");
    assert_eq!(cells(&app), [1 << 4, 1 << 3, 0, 0]);
    app.handle(&key_with(KeyCode::Char('r'), KeyModifiers::CONTROL), AREA);
    assert_eq!(cells(&app), [1 << 3, 0, 0]);
    type_keys(&mut app, "c");
    assert_eq!(cells(&app), [0, 0, 0]);
    type_keys(&mut app, "c");
    assert!(tab(&app).message().unwrap().contains("no X to clear"));
    for _ in 0..8 {
        type_keys(&mut app, "+");
    }
    assert_eq!(cells(&app).len(), 9);
    assert!(tab(&app).message().unwrap().contains("9 boards at most"));
    // Nine boards still fit a 40×16 terminal, every one drawn (with the
    // details, each labelled with its element).
    app.set_details(true);
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("9: c") || text.contains("9 c"), "{text}");
    app.set_details(false);
    // The up and down arrows cross to the board drawn above or below.
    draw(&app, AREA.width, AREA.height);
    let per_row = layout(shell_layout(AREA).body, 9).unwrap().per_row;
    assert!(per_row < 9, "nine boards wrap at 100 columns");
    type_keys(&mut app, "[[[[[[[[");
    let before = tab(&app).cursor().board;
    assert_eq!(before, 0);
    for _ in 0..3 {
        app.handle(&key(KeyCode::Down), AREA);
    }
    assert_eq!(tab(&app).cursor().board, before + per_row);
    // e loads the examples in turn, each saying what it shows.
    type_keys(&mut app, "e");
    assert_eq!(cells(&app), [0]);
    let said = tab(&app).message().unwrap();
    assert!(said.starts_with("example 1 of 6: One board"), "{said}");
    type_keys(&mut app, "e");
    assert_eq!(cells(&app), [0, 0]);
}

/// Plays a game to its end: your moves picked by `pick` among the legal
/// ones (by a click), the engine's replies checked against the search:
/// from a winning position the engine keeps the win, and on three boards
/// or fewer it wins as fast, or loses as slowly, as the search says.
fn play_out(app: &mut App, search: &mut NotaktoSearch, mut pick: impl FnMut(usize) -> usize) {
    settle(app);
    loop {
        let game = tab(app).game().unwrap();
        if !game.is_on() {
            break;
        }
        assert_eq!(game.to_move(), Player::You);
        let position = cells(app);
        let legal = moves(&position);
        let (board, cell, _) = legal[pick(legal.len())];
        click_cell(app, board, cell);
        settle(app);
        let game = tab(app).game().unwrap();
        let record = game.record();
        let replied = record.moves().len() % 2 == (record.start().to_move == Player::You) as usize;
        if !game.is_on() || !replied {
            continue;
        }
        let reply = *record.moves().last().unwrap();
        let before: Vec<u16> = record
            .position_at(record.moves().len() - 1)
            .boards
            .iter()
            .map(|b| b.cells())
            .collect();
        let mut after = before.clone();
        after[reply.board] |= reply.cell.bit();
        let live = before.iter().filter(|&&b| !dead(b)).count();
        if search.wins(&before) {
            assert!(
                !search.wins(&after),
                "the engine gave a win away: {before:?}"
            );
            if live <= 3 {
                assert_eq!(search.plies(&after) + 1, search.plies(&before));
            }
        } else if live <= 3 {
            assert_eq!(
                search.plies(&after) + 1,
                search.plies(&before),
                "the longest loss"
            );
        }
    }
}

#[test]
fn games_against_the_engine_are_played_to_the_end_and_reviewed() {
    // Two empty boards, you first: the first player loses, so the engine
    // wins whatever you do.
    let mut state = 7usize;
    for round in 0..4 {
        let mut app = app_with(&[0, 0]);
        type_keys(&mut app, "g");
        let mut search = NotaktoSearch::default();
        play_out(&mut app, &mut search, |n| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(round);
            (state >> 33) % n
        });
        settle(&mut app);
        let game = tab(&app).game().unwrap();
        assert_eq!(game.winner(), Some(Player::Engine));
        let text = draw(&app, 100, 30).backend().to_string();
        assert!(text.contains("GAME OVER: the engine wins"), "{text}");
        // Every engine move is marked as keeping its win.
        let notes = game.record().annotations().unwrap();
        assert_eq!(notes.len(), game.record().moves().len());
        for (i, note) in notes.iter().enumerate().skip(1).step_by(2) {
            assert!(note.for_mover().winning, "engine move {} lost", i + 1);
        }
        // The value history: each position's value for you, as the search
        // has it, drawn one bar a position; a click on a bar reviews it.
        let history = ValueHistory::of(game.record(), Player::You).expect("a history");
        let mut position = game.record().start().clone();
        let mut positions = vec![position.clone()];
        for &mv in game.record().moves() {
            position.boards[mv.board] = position.boards[mv.board].with_x(mv.cell);
            positions.push(position.clone());
        }
        assert_eq!(history.endings.len(), positions.len());
        for (k, (ending, p)) in history.endings.iter().zip(&positions).enumerate() {
            let boards: Vec<u16> = p.boards.iter().map(|b| b.cells()).collect();
            // The player to move at position k: you at even k (you began).
            let yours = k % 2 == 0;
            let mover_wins = search.wins(&boards);
            let plies = search.plies(&boards) as u8;
            let expected = match (mover_wins == yours, plies) {
                (true, d) => Ending::Win(Some(d)),
                (false, d) => Ending::Loss(Some(d)),
            };
            assert_eq!(*ending, expected, "position {k}");
        }
        assert_eq!(history.shown, positions.len() - 1);
        let terminal = draw(&app, AREA.width, AREA.height);
        let buffer = terminal.backend().buffer();
        let bar_columns: Vec<u16> = (0..AREA.width)
            .filter(|&x| (0..AREA.height).any(|y| buffer[(x, y)].symbol() == "█"))
            .collect();
        assert_eq!(bar_columns.len(), positions.len(), "a bar a position");
        let bar = (0..AREA.height)
            .find(|&y| buffer[(bar_columns[2], y)].symbol() == "█")
            .unwrap();
        app.handle(&click(bar_columns[2], bar), AREA);
        assert_eq!(tab(&app).view(), Shown::Review { ply: 2 });
        app.handle(&key(KeyCode::Esc), AREA);
        // At 40×16 the compact strip: a half block a position, up for your
        // wins and down for your losses, and a click on one reviews it.
        let small = ratatui::layout::Rect::new(0, 0, 40, 16);
        let terminal = draw(&app, small.width, small.height);
        let buffer = terminal.backend().buffer();
        let row = (0..small.height)
            .find(|&y| buffer[(1, y)].symbol() == "y" && buffer[(4, y)].symbol() == ":")
            .expect("the strip's row, `you:`");
        let signs: String = (6..6 + positions.len() as u16)
            .map(|x| buffer[(x, row)].symbol().to_string())
            .collect();
        let expected: String = history
            .endings
            .iter()
            .map(|e| match e {
                Ending::Win(_) => "▀",
                Ending::Loss(_) => "▄",
                Ending::Draw => "─",
            })
            .collect();
        assert_eq!(signs, expected);
        app.handle(&click(6 + 1, row), small);
        assert_eq!(tab(&app).view(), Shown::Review { ply: 1 });
        app.handle(&key(KeyCode::Esc), small);
        // The review steps back; the perfect line from there, and back.
        type_keys(&mut app, "<");
        assert!(matches!(tab(&app).view(), Shown::Review { .. }));
        let text = draw(&app, 100, 30).backend().to_string();
        assert!(text.contains("REVIEW, after move"), "{text}");
        type_keys(&mut app, "p");
        settle(&mut app);
        assert!(matches!(tab(&app).view(), Shown::Line { .. }));
        let text = draw(&app, 100, 30).backend().to_string();
        assert!(text.contains("PERFECT LINE"), "{text}");
        app.handle(&key(KeyCode::Esc), AREA);
        app.handle(&key(KeyCode::Esc), AREA);
        assert_eq!(tab(&app).view(), Shown::Live);
    }
}

#[test]
fn the_engine_first_on_one_board_takes_the_centre_and_wins() {
    let mut app = app_with(&[0]);
    type_keys(&mut app, "G");
    settle(&mut app);
    let game = tab(&app).game().unwrap();
    assert_eq!(
        game.record().moves(),
        [Move {
            board: 0,
            cell: Cell::CENTRE
        }]
    );
    play_out(&mut app, &mut NotaktoSearch::default(), |_| 0);
    assert_eq!(tab(&app).game().unwrap().winner(), Some(Player::Engine));
    // The take-back goes on from before your last move.
    type_keys(&mut app, "u");
    settle(&mut app);
    assert!(tab(&app).game().unwrap().is_on());
    // g stops the game: the boards keep its X for editing.
    type_keys(&mut app, "g");
    if app.question().is_some() {
        type_keys(&mut app, "y");
    }
    assert!(tab(&app).game().is_none());
    assert_ne!(cells(&app), [0]);
}

#[test]
fn while_playing_the_analysis_is_hidden_until_asked_for() {
    let mut app = app_with(&[0, 0, 0]);
    app.set_details(true);
    type_keys(&mut app, "g");
    settle(&mut app);
    let terminal = draw(&app, AREA.width, AREA.height);
    let marks: String = drawn_cells(&app, &terminal).concat().concat();
    assert!(!marks.contains(['★', '⊘']), "{marks}");
    let text = terminal.backend().to_string();
    assert!(text.contains("analysis is hidden") && !text.contains("board 1: c"));
    type_keys(&mut app, "a");
    let text = draw(&app, AREA.width, AREA.height).backend().to_string();
    assert!(
        text.contains("board 1: c") && text.contains("P-portion"),
        "{text}"
    );
}

#[test]
fn a_puzzle_is_answered_by_a_click_and_the_boards_come_back() {
    let mut app = app_with(&[bits("X../.../..."), 0]);
    app.update(noughts::tui::app::Action::tab(notakto::Action::Puzzle(
        PuzzleAction::Toggle,
    )));
    let t = tab(&app).training().current.as_ref().expect("a puzzle");
    let puzzle = t.puzzle.clone();
    let position: Vec<u16> = puzzle.boards.iter().map(|b| b.cells()).collect();
    assert_eq!(cells(&app), position);
    // The search agrees with the answers, and a move not among them is
    // refused.
    let mut search = NotaktoSearch::default();
    let answers: Vec<(usize, usize)> = moves(&position)
        .into_iter()
        .filter(|(_, _, after)| !search.wins(after))
        .map(|(k, c, _)| (k, c))
        .collect();
    let theirs: Vec<(usize, usize)> = puzzle
        .answers
        .iter()
        .map(|m| (m.board, m.cell.index()))
        .collect();
    assert_eq!(theirs, answers);
    let text = draw(&app, AREA.width, AREA.height).backend().to_string();
    assert!(
        text.contains("PUZZLE notakto-") && !text.contains('★'),
        "{text}"
    );
    if let Some((k, c, _)) = moves(&position)
        .into_iter()
        .find(|(k, c, _)| !answers.contains(&(*k, *c)))
    {
        let screen = |app: &App| draw(app, AREA.width, AREA.height).backend().to_string();
        assert!(!screen(&app).contains('✗'));
        click_cell(&mut app, k, c);
        assert_eq!(cells(&app), position, "a wrong move is not played");
        // Marked on its board, where it was tried.
        assert!(screen(&app).contains('✗'), "{}", screen(&app));
        let t = tab(&app).training().current.as_ref().unwrap();
        assert!(t
            .said
            .as_ref()
            .is_some_and(|(w, right)| !right && w.contains("not played")));
    }
    let (k, c) = answers[0];
    click_cell(&mut app, k, c);
    let t = tab(&app).training().current.as_ref().unwrap();
    assert!(t
        .said
        .as_ref()
        .is_some_and(|(w, right)| *right && w.contains("wins")));
    assert_eq!(
        cells(&app)[k],
        position[k] | 1 << c,
        "the winning X is placed"
    );
    app.handle(&key(KeyCode::Esc), AREA);
    assert!(tab(&app).training().current.is_none());
    assert_eq!(cells(&app), [bits("X../.../..."), 0], "the boards are back");
}

#[test]
fn a_game_saved_and_loaded_comes_back_with_its_moves() {
    let text = "noughts 1\nnotakto .../.../... .../.../...\nfirst you\nmove 1:a1\nmove 2:b2\n";
    let mut app = App::new(Theme { color: false });
    app.load_saved(saved::read(text).unwrap());
    settle(&mut app);
    assert_eq!(app.tab, TabId::Notakto);
    let game = tab(&app).game().expect("the game is on again");
    assert_eq!(game.record().moves().len(), 2);
    assert_eq!(saved::write(&app.saved()), text);
    // Editing boards saved: the count with them.
    let text = "noughts 1\nnotakto XXX/.../... X../.../... .../.X./... .../.../...\n";
    app.load_saved(saved::read(text).unwrap());
    assert!(tab(&app).game().is_none());
    assert_eq!(cells(&app).len(), 4);
    assert_eq!(saved::write(&app.saved()), text);
}

#[test]
fn the_settings_give_a_fresh_tab_its_boards_and_can_open_it() {
    let mut settings = Settings::default();
    settings.games.notakto.boards = BoardCount(5);
    settings.tab = noughts::settings::OpeningTab::Game("notakto");
    let mut app = App::new(Theme { color: false });
    app.apply_settings(&settings);
    app.open_settings_tab(&settings);
    assert_eq!(app.tab, TabId::Notakto);
    assert_eq!(cells(&app), [0; 5]);
    // A tab with boards of its own keeps them.
    let mut app = app_with(&[1, 0]);
    app.apply_settings(&settings);
    assert_eq!(cells(&app), [1, 0]);
}

#[test]
fn a_game_put_aside_for_the_puzzles_is_at_stake_and_comes_back_going() {
    use noughts::tui::app::Action;
    let mut app = app_with(&[0, 0]);
    type_keys(&mut app, "g");
    settle(&mut app);
    click_cell(&mut app, 0, 4);
    // Into the puzzles before the engine's reply is taken in (replies are
    // taken on the app's ticks): it comes while the game waits aside.
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Toggle)));
    assert!(tab(&app).game().is_none(), "the game waits aside");
    assert_eq!(app.at_stake(), ["the Notakto game"]);
    settle(&mut app);
    app.update(Action::tab(notakto::Action::Puzzle(PuzzleAction::Leave)));
    settle(&mut app);
    let game = tab(&app).game().expect("the game is back");
    assert_eq!(game.record().moves().len(), 2, "the engine has replied");
    assert_eq!(game.to_move(), Player::You);
    // Stopped, the game's boards are an edit: u brings back the empty ones.
    type_keys(&mut app, "g");
    if app.question().is_some() {
        type_keys(&mut app, "y");
    }
    assert_ne!(cells(&app), [0, 0]);
    type_keys(&mut app, "u");
    assert_eq!(cells(&app), [0, 0]);
}

/// The winning moves fill the rows the panel has: all 17 of two empty
/// boards and an `X.X` one at 120×40 and 200×60 (the list was cut to one
/// row, `… (27 in all)`, above 15 empty rows); at 80×24 as many as fit, the
/// count after.
#[test]
fn the_winning_moves_fill_the_rows_there_are() {
    let app = app_with(&[0, 0, bits("X.X/.../...")]);
    // In plain words the moves are grouped by board.
    let winning = [
        "board 1: a1 b1 c1 a2 c2 a3 b3 c3",
        "board 2: a1 b1 c1 a2 c2 a3 b3 c3",
        "board 3: b1",
    ];
    for (width, height) in [(120, 40), (200, 60)] {
        let text = draw(&app, width, height).backend().to_string();
        // The panel's words, read apart from the boards: the columns from
        // where its verdict begins, rows joined.
        let column = text
            .lines()
            .find_map(|l| l.chars().collect::<String>().find("WINNING"))
            .map(|byte| {
                let line = text.lines().find(|l| l.contains("WINNING")).unwrap();
                line[..byte].chars().count()
            })
            .unwrap();
        let panel: Vec<String> = text
            .lines()
            .map(|l| l.chars().skip(column).collect::<String>().replace('"', " "))
            .collect();
        let joined = flat_words(&panel.join(" "));
        for group in winning {
            assert!(
                joined.contains(group),
                "{group} missing at {width}×{height}:\n{text}"
            );
        }
        assert!(!text.contains("in all"), "{width}×{height}:\n{text}");
    }
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("winning moves: board 1: a1"), "{text}");
    assert!(
        text.contains("(17 in all)") || text.contains("board 3: b1"),
        "{text}"
    );
}

/// Where every move wins (three empty boards: 27 of them) the panel says
/// so in three words rather than listing them (a newcomer read a list of
/// 27 cut with `… (27 in all)`); where only some do, it lists them.
#[test]
fn every_move_wins_is_said_not_listed() {
    let app = app_with(&[0, 0, 0]);
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("every move wins"), "{text}");
    assert!(!text.contains("in all)"), "{text}");
    let app = app_with(&[0, bits("XX./.../...")]);
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(!text.contains("every move wins"), "{text}");
    assert!(text.contains("winning moves: "), "{text}");
}

#[test]
fn without_colour_the_line_that_killed_a_board_is_named_and_underlined() {
    use ratatui::style::Modifier;
    let mut app = App::new(Theme { color: false });
    let boards = [bits(".../XXX/..."), 0].map(Board::from_cells).to_vec();
    app.tabs.notakto = NotaktoTab::with_boards(boards);
    app.tab = TabId::Notakto;
    // Wide cells name the line's cells in a word.
    let terminal = draw(&app, 80, 24);
    let buffer = terminal.backend().buffer();
    let rows: Vec<String> = (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect())
        .collect();
    let named: Vec<String> = ["a", "b", "c"]
        .iter()
        .flat_map(|col| (1..=3).map(move |row| format!("{col}{row} line")))
        .filter(|name| rows.iter().any(|r| r.contains(name.as_str())))
        .collect();
    assert_eq!(
        named,
        ["a2 line", "b2 line", "c2 line"],
        "{}",
        rows.join("\n")
    );
    // Small cells carry it by underline: the three X of board 1, no other.
    let terminal = draw(&app, 40, 16);
    let buffer = terminal.backend().buffer();
    let underlined: Vec<(u16, u16)> = (0..16)
        .flat_map(|y| (0..40).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let c = &buffer[(x, y)];
            c.symbol() == "X" && c.modifier.contains(Modifier::UNDERLINED)
        })
        .collect();
    assert_eq!(underlined.len(), 3, "{underlined:?}");
    assert!(
        underlined.iter().all(|&(_, y)| y == underlined[0].1),
        "one row"
    );
}

#[test]
fn the_first_screen_says_the_rules_and_hint_two_shows_what_the_cursors_cell_makes() {
    // The game in a sentence over the verdict, where the rows hold it.
    let app = app_with(&[0, 0, 0]);
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(
        text.contains("Notakto: both players put an X in turn; three in a row kills a board;"),
        "{text}"
    );
    // A puzzle: after hint 2, what the cursor's cell makes of its board
    // (by the search: the same kind as the board the words name), never
    // whether it wins.
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-1-56360".parse().unwrap());
    type_keys(&mut app, "t");
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(
        !text.contains("the cursor: X at"),
        "not before hint 2:\n{text}"
    );
    type_keys(&mut app, "t");
    let mut search = NotaktoSearch::default();
    let mut seen = 0;
    for _ in 0..9 {
        let spot = tab(&app).cursor();
        let boards = cells(&app);
        let text = draw(&app, 120, 40).backend().to_string();
        let board = boards[spot.board];
        if board >> spot.cell.index() & 1 == 0 && !dead(board) {
            let said = text
                .lines()
                .find_map(|l| {
                    let (_, r) = l.split_once("the cursor: X at ")?;
                    Some(r.trim_end_matches(['"', ' ']).to_string())
                })
                .unwrap_or_else(|| panic!("{text}"));
            assert!(!said.contains("wins") && !said.contains("los"), "{said}");
            let after = board | 1 << spot.cell.index();
            let rest = said.split_once(" board ").map(|(_, r)| r).unwrap_or("");
            let kind = rest.split_once(' ').map(|(_, k)| k).unwrap_or("");
            if dead(after) {
                assert!(said.contains("kills board"), "{said}");
            } else {
                let like = board_of_kind(kind);
                assert!(same_kind(&mut search, after, like), "{said}");
            }
            seen += 1;
        }
        app.handle(&key(KeyCode::Right), AREA);
    }
    assert!(seen >= 3, "{seen}");
}

#[test]
fn a_game_the_engine_begins_still_says_who_holds_the_winning_side() {
    // Three empty boards win for the first player: with `G` the engine
    // begins, and its first move no longer hides that it holds the win.
    let mut app = app_with(&[0, 0, 0]);
    type_keys(&mut app, "G");
    settle(&mut app);
    assert_eq!(tab(&app).game().unwrap().record().moves().len(), 1);
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(text.contains("the engine played board 1, "), "{text}");
    assert!(
        text.contains(
            "the engine holds the winning side here: g stops, then g lets you move first"
        ),
        "{text}"
    );
    // A move of yours (on the first empty cell the cursor meets): the
    // message is the game's again.
    while tab(&app).game().unwrap().record().moves().len() == 1 {
        app.handle(&key(KeyCode::Right), AREA);
        type_keys(&mut app, " ");
        settle(&mut app);
    }
    assert_eq!(tab(&app).game().unwrap().record().moves().len(), 3);
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(!text.contains("holds the winning side"), "{text}");
}

#[test]
fn at_40_by_16_hint_two_keeps_the_cursors_line_and_a_taken_cell_says_so() {
    // The compact panel held hint 2 ("the panel now says what the cursor's
    // cell makes") and the question, but no cursor line; and a cursor on an
    // X said nothing at any size.
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-2-1913011318".parse().unwrap());
    type_keys(&mut app, "tt");
    let spot = tab(&app).cursor();
    let boards = cells(&app);
    assert!(
        boards[spot.board] >> spot.cell.index() & 1 == 1,
        "starts on an X"
    );
    for (w, h) in [(40, 16), (80, 24), (120, 40)] {
        let mut text = draw(&app, w, h).backend().to_string();
        // At 40×16 the question stays (round 16): the line may be on the
        // next page.
        if w == 40 {
            type_keys(&mut app, "J");
            text += &draw(&app, w, h).backend().to_string();
            type_keys(&mut app, "K");
        }
        let flat = flat_words(&text);
        assert!(
            flat.contains("the cursor: board 1, b2 has an X; move the cursor to an empty cell"),
            "{w}x{h}:\n{text}"
        );
    }
    app.handle(&key(KeyCode::Right), AREA);
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("hint 2:"), "{text}");
    // Under the question (round 16), the cursor's line may follow on the
    // next page, the sign saying so.
    assert!(text.contains("find a winning move"), "{text}");
    type_keys(&mut app, "J");
    let next = draw(&app, 40, 16).backend().to_string();
    let flat = flat_words(&(text.clone() + &next));
    assert!(
        flat.contains("the cursor: X at board 1, c2 kills board 1"),
        "{text}\n{next}"
    );
}

#[test]
fn in_a_game_at_80_by_24_the_cursors_line_is_not_cut() {
    // The game's empty move list took the rows the cursor's line needed;
    // after a move, the list of winning moves gives way to it instead.
    let mut app = app_with(&[0, 0, 0]);
    type_keys(&mut app, "g");
    settle(&mut app);
    type_keys(&mut app, "a");
    app.handle(&key(KeyCode::Right), AREA);
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(!text.contains("more row"), "{text}");
    assert!(
        text.contains("X at board 1, c2 makes it count for nothing"),
        "{text}"
    );
    type_keys(&mut app, " ");
    settle(&mut app);
    assert_eq!(tab(&app).game().unwrap().record().moves().len(), 2);
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("moves (click one to review)"), "{text}");
    assert!(text.contains("board 1, c2 holds an X"), "{text}");
    // With the details on, in their words, as the move list writes moves
    // (round 16: the refusal always spoke plainly).
    type_keys(&mut app, "i ");
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("1:c2 holds an X already"), "{text}");
}

#[test]
fn at_40_by_16_a_hint_asked_after_a_wrong_answer_comes_first_and_a_refusal_goes() {
    // Round 11: after a wrong answer, `t` twice showed only the answer's
    // first rows and "… more rows"; and "holds an X already" stayed over
    // the next answer's words.
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-2-1913011318".parse().unwrap());
    type_keys(&mut app, " ");
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("holds an X already"), "{text}");
    app.handle(&key(KeyCode::Right), AREA);
    type_keys(&mut app, " ");
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("not played: board 1, c2"), "{text}");
    assert!(!text.contains("holds an X already"), "{text}");
    type_keys(&mut app, "tt");
    let text = draw(&app, 40, 16).backend().to_string();
    assert!(text.contains("hint 2: on board 3"), "{text}");
    // The question stays over it (round 16); the cursor's line the hint
    // points to follows it, on the next page where the rows run out.
    assert!(text.contains("find a winning move"), "{text}");
    type_keys(&mut app, "J");
    let next = draw(&app, 40, 16).backend().to_string();
    type_keys(&mut app, "K");
    let flat = flat_words(&(text.clone() + &next));
    assert!(
        flat.contains("the cursor: X at board 1, c2 kills board 1"),
        "{text}\n{next}"
    );
    // An answer after the hint: its words come first again, under the
    // question.
    app.handle(&key(KeyCode::Right), AREA);
    type_keys(&mut app, " ");
    let text = draw(&app, 40, 16).backend().to_string();
    let rows: Vec<&str> = text.lines().collect();
    assert!(rows[8].contains("find a winning move"), "{text}");
    assert!(
        rows[10].contains("not played: board 2, a2") || rows[10].contains("✓"),
        "{text}"
    );
}

#[test]
fn at_80_by_24_the_rating_line_stays_over_a_wrong_answer_and_two_hints() {
    // Round 11 never saw the rating change at 80×24: with an answer and a
    // hint in, the heading went whole; now the question (read before)
    // goes first.
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-2-1913011318".parse().unwrap());
    app.handle(&key(KeyCode::Right), AREA);
    type_keys(&mut app, " tt");
    app.handle(&key(KeyCode::Right), AREA);
    app.handle(&key(KeyCode::Right), AREA);
    type_keys(&mut app, " ");
    let text = draw(&app, 80, 24).backend().to_string();
    assert!(text.contains("not played: board 2, b2"), "{text}");
    assert!(text.contains("hint 2: on board 3"), "{text}");
    assert!(text.contains("your rating"), "{text}");
    // What gave way is behind a sign, read on with J (round 15: the
    // heading went with no sign, and J did nothing).
    assert!(text.contains("more rows: J reads on"), "{text}");
    type_keys(&mut app, "J");
    let next = draw(&app, 80, 24).backend().to_string();
    assert!(next.contains("hint 1: the boards count"), "{next}");
}

#[test]
fn at_80_by_24_a_long_miss_keeps_the_rating_line_over_the_tabs_own_words() {
    // Round 13: a miss whose words take three rows left no room for the
    // rating line with the count of the boards and what to do next; the
    // count (where the game stands) gives way first now.
    for id in ["notakto-1-5", "notakto-1-386"] {
        let mut app = App::new(Theme { color: false });
        app.open_puzzle(id.parse().unwrap());
        app.update(noughts::tui::app::Action::tab(notakto::Action::Click(
            0,
            Cell::from_index(4).unwrap(),
        )));
        let text = draw(&app, 80, 24).backend().to_string();
        assert!(text.contains("not played: board 1, b2"), "{text}");
        assert!(text.contains("your rating 1350 (-150"), "{text}");
    }
}

#[test]
fn without_colour_a_losing_cell_is_marked_by_a_sign_no_empty_cell_has() {
    // Round 9 read `×` beside an X as one more X; round 12 read the dash
    // that replaced it without colour, with four boards drawn small, as an
    // empty cell. Colour or not, the sign is the same.
    for (color, mark) in [(false, "⊘"), (true, "⊘")] {
        let mut app = App::new(Theme { color });
        type_keys(&mut app, "4+ ");
        let text = draw(&app, 80, 24).backend().to_string();
        let boards: String = text.lines().take(7).collect();
        assert!(boards.contains(mark), "{color}:\n{text}");
        assert!(!boards.contains(" - "), "{color}:\n{text}");
        assert!(text.contains(&format!("{mark} loses;")), "{color}:\n{text}");
    }
}

#[test]
fn a_puzzle_given_up_says_what_it_cost_over_its_line_in_notakto_and_treblecross() {
    // Round 14: `p` went to the perfect line with no word of the miss,
    // where tic-tac-toe says it.
    for id in ["notakto-1-5", "treblecross-2-1"] {
        let mut app = App::new(Theme { color: false });
        app.open_puzzle(id.parse().unwrap());
        type_keys(&mut app, "p");
        let text = draw(&app, 200, 40).backend().to_string();
        // The rating's change may wrap beside large boards.
        let words = format!("{id} given up: it counts as a miss; your rating 1350");
        assert!(text.contains(&words), "{words:?} not in\n{text}");
        assert!(text.contains("(-150"), "{text}");
        assert!(text.contains("PERFECT LINE"), "{text}");
    }
}

/// Whether `text` names a move in the notation, `2:b3`.
fn has_notation(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(4).any(|w| {
        w[0].is_ascii_digit() && w[1] == ':' && "abc".contains(w[2]) && "123".contains(w[3])
    })
}

/// Plain words name a move `board 2, b3` wherever it is written — the
/// move list, the perfect line, the engine's move, a lesson's cursor
/// words — and the details (`i`) `2:b3`: round 14 met `1:c3` in the
/// lesson and `you 2:c3` in a given-up puzzle's line.
#[test]
fn moves_are_named_by_board_and_cell_until_the_details_show_the_notation() {
    let game =
        "noughts 1\nnotakto .../.../... .../.../... .../.../...\nfirst you\nmove 1:a1\nmove 2:b2\n";
    let mut app = App::new(Theme { color: false });
    app.load_saved(saved::read(game).unwrap());
    settle(&mut app);
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(text.contains("you board 1, a1"), "{text}");
    assert!(text.contains("engine board 2, b2"), "{text}");
    assert!(!has_notation(&text), "{text}");
    app.set_details(true);
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(text.contains("you 1:a1"), "{text}");
    // A given-up puzzle's perfect line.
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-2-3".parse().unwrap());
    settle(&mut app);
    type_keys(&mut app, "p");
    settle(&mut app);
    let text = draw(&app, 120, 40).backend().to_string();
    assert!(
        text.contains("PERFECT LINE") && text.contains("you board"),
        "{text}"
    );
    assert!(!has_notation(&text), "{text}");
    // The lesson's cursor words, from its second hint, at every step that
    // has taught the count (the fourth on).
    let mut app = App::new(Theme { color: false });
    app.tab = TabId::Notakto;
    type_keys(&mut app, "L");
    for step in 1..=8 {
        settle(&mut app);
        type_keys(&mut app, "tt");
        let text = draw(&app, 120, 40).backend().to_string();
        assert_eq!(
            text.contains("the cursor"),
            step >= 4,
            "step {step}: {text}"
        );
        assert!(!has_notation(&text), "step {step}: {text}");
        if text.contains("step 8 of") || !text.contains("LESSON") {
            break;
        }
        type_keys(&mut app, "pn");
        if !draw(&app, 120, 40).backend().to_string().contains("LESSON") {
            break;
        }
    }
}

/// Every page of the screen at `width`×`height`, read on with J to the
/// end (a panel that fits is one page).
fn all_pages(app: &mut App, width: u16, height: u16) -> String {
    let mut text = draw(app, width, height).backend().to_string();
    let mut page = text.clone();
    for _ in 0..12 {
        if !page.contains("J reads on") && !page.contains("J on, K back") {
            break;
        }
        type_keys(app, "J");
        page = draw(app, width, height).backend().to_string();
        text.push_str(&page);
    }
    text
}

/// Round 15 read `1 HF` and `2 FOS` under boards at 40×16 with nothing to
/// say what the letters stand for: the legend (the tab's, and a puzzle's
/// notes) says it wherever they are drawn, and only then.
#[test]
fn a_boards_label_in_letters_is_explained() {
    const KEY: &str = "H half, F flip, O open, S spare";
    let flat = flat_words;
    // The boards of notakto-2-1913011318: a half and a flip, a flip, and a
    // flip, an open and a spare.
    let mut app = app_with(&[88, 262, 290]);
    let small = draw(&app, 40, 16).backend().to_string();
    assert!(small.contains("1 HF") && small.contains("3 FOS"), "{small}");
    // On the first page, with the letters it explains (round 17 found it
    // behind `J`, under the cursor's line).
    assert!(small.contains(KEY), "{small}");
    let wide = all_pages(&mut app, 120, 40);
    assert!(
        wide.contains("a flip, an open and a spare") && !flat(&wide).contains(KEY),
        "{wide}"
    );
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-2-1913011318".parse().unwrap());
    type_keys(&mut app, "t");
    let small = draw(&app, 40, 16).backend().to_string();
    assert!(small.contains("3 FOS"), "{small}");
    assert!(flat(&all_pages(&mut app, 40, 16)).contains(KEY), "{small}");
    assert!(!flat(&all_pages(&mut app, 120, 40)).contains(KEY));
}

/// A given-up puzzle's winning moves are told apart (round 16 read
/// `board 1, b1 board 1, c1 board 1, a2`).
#[test]
fn a_puzzles_winning_moves_are_listed_apart() {
    let mut app = App::new(Theme { color: false });
    app.open_puzzle("notakto-2-1913011318".parse().unwrap());
    type_keys(&mut app, "p");
    app.handle(&key(KeyCode::Esc), AREA);
    let text = all_pages(&mut app, 120, 40);
    let flat = flat_words(&text);
    assert!(
        flat.contains("the winning moves: board 3, b2; board 3, a3 (any of them)"),
        "{text}"
    );
}

/// The cursor's line says what a move leaves from the opponent's side, and
/// its verdict is the independent search's (round 18 read `not a losing
/// count, a losing move` as a contradiction).
#[test]
fn the_cursors_line_says_who_the_count_favours_and_agrees_with_the_search() {
    let mut search = NotaktoSearch::default();
    let (mut winning, mut losing) = (0, 0);
    // Three empty boards; a half beside an empty board; a flip and a half.
    for position in [
        &[0u16, 0, 0][..],
        &[0b101, 0],
        &[0b000_000_010 | 0b000_001_000, 0b101, 0],
    ] {
        let mut app = app_with(position);
        for _ in 0..9 * position.len() {
            let spot = tab(&app).cursor();
            // The panel under the boards at 80 columns: read whole.
            let text = draw(&app, 80, 40).backend().to_string();
            let said = flat_words(&text);
            let boards = cells(&app);
            if boards[spot.board] >> spot.cell.index() & 1 == 0 {
                let (_, said) = said.split_once("the cursor: X at ").expect(&said);
                let (_, _, after) = moves(&boards)
                    .into_iter()
                    .find(|(k, c, _)| (*k, *c) == (spot.board, spot.cell.index()))
                    .unwrap();
                let wins = !search.wins(&after);
                let words = match wins {
                    true => "which lose for the opponent: a winning move",
                    false => "which win for the opponent: a losing move",
                };
                assert!(said.contains(words), "{spot:?}: {said}");
                assert!(!said.contains("not a losing count"), "{said}");
                *(if wins { &mut winning } else { &mut losing }) += 1;
            }
            // Across the boards cell by cell.
            match spot.cell.index() % 3 {
                2 if spot.cell.index() < 8 => {
                    type_keys(&mut app, "jhh");
                }
                2 => {
                    app.handle(&key(KeyCode::Right), AREA);
                    type_keys(&mut app, "kkhh");
                }
                _ => app.handle(&key(KeyCode::Right), AREA),
            }
        }
    }
    assert!(winning >= 3 && losing >= 3, "{winning} {losing}");
}

/// Round 19 played the engine without colour and could not tell which X
/// was its reply: the last move's cell says `last` after its name, as the
/// other boards' tabs say it.
#[test]
fn the_last_move_is_named_on_its_cell_without_colour() {
    let mut app = App::new(Theme { color: false });
    app.tabs.notakto = NotaktoTab::with_boards(vec![Board::from_cells(0); 3]);
    app.tab = TabId::Notakto;
    type_keys(&mut app, "g");
    settle(&mut app);
    click_cell(&mut app, 0, 0);
    settle(&mut app);
    let text = draw(&app, 80, 24).backend().to_string();
    let (_, last) = tab(&app).shown();
    let (mover, reply) = last.expect("the engine's reply");
    assert_eq!(mover, Player::Engine, "{text}");
    let named = format!("{} last", reply.cell);
    let boards: String = text
        .lines()
        .take_while(|l| !l.contains("board 1"))
        .collect();
    assert_eq!(boards.matches(" last").count(), 1, "{text}");
    assert!(boards.contains(&named), "{named}:\n{text}");
}

/// Round 19 paged Notakto's first screen at 40×16 and found the game's
/// one-sentence rule on no page, where Treblecross's is on its last: it
/// goes last where the rows do not hold it first.
#[test]
fn the_rule_in_one_sentence_is_on_some_page_at_40_by_16() {
    let mut app = App::new(Theme { color: false });
    app.tab = TabId::Notakto;
    let mut pages = String::new();
    for _ in 0..4 {
        pages += &flat_words(&draw(&app, 40, 16).backend().to_string());
        type_keys(&mut app, "J");
    }
    assert!(
        pages.contains("whoever kills the last live board loses"),
        "{pages}"
    );
}

#[test]
fn after_a_miss_and_a_hint_the_puzzles_heading_is_on_screen_or_behind_the_sign() {
    // Round 20, 80×24: a wrong cell then `t` left only the hint, the miss
    // and the question; the puzzle's id and rating had gone with no
    // `… N more rows`, and `J` had nothing to show.
    let mut cases = 0;
    for level in 1..=3u8 {
        for seed in 1..=25u32 {
            for (width, height) in [(80, 24), (40, 16), (60, 20)] {
                let mut app = App::new(Theme { color: false });
                app.open_puzzle(format!("notakto-{level}-{seed}").parse().unwrap());
                let t = app.tabs.notakto.training().current.as_ref().unwrap();
                let boards = app.tabs.notakto.boards().to_vec();
                let answers = t.puzzle.answers.clone();
                let wrong = (0..boards.len())
                    .flat_map(|board| Cell::ALL.map(|cell| Move { board, cell }))
                    .find(|m| {
                        !boards[m.board].is_dead()
                            && !boards[m.board].has_x(m.cell)
                            && !answers.contains(m)
                    });
                let Some(wrong) = wrong else { continue };
                app.update(noughts::tui::app::Action::tab(notakto::Action::Click(
                    wrong.board,
                    wrong.cell,
                )));
                type_keys(&mut app, "t");
                let text = draw(&app, width, height).backend().to_string();
                assert!(
                    text.contains("PUZZLE notakto-") || text.contains("J reads on"),
                    "notakto-{level}-{seed} at {width}×{height}:\n{text}"
                );
                cases += 1;
            }
        }
    }
    assert!(cases > 100, "{cases}");
}
