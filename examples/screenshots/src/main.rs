//! Makes the pictures in `screenshots/` from the app's real drawing code:
//! each view is drawn by `App` into ratatui's TestBackend, and the buffer
//! is painted as a terminal shows it (see `paint.rs`: DejaVu Sans Mono,
//! antialiased). `demo.gif` is a short game of Noughts & Crosses+ and a
//! Treblecross edit, driven by the key presses and clicks a person makes.
//!
//! `cargo run --release -p noughts-screenshots` (writes `screenshots/*`)

mod demo;
mod paint;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use demo::Recorder;
use noughts::solver::mnc::{Engine, Move, Size};
use noughts::solver::tictactoe::Board;
use noughts::solver::treblecross::{Player, Strip};
use noughts::solver::{Cell, Side};
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::puzzle::Puzzles;
use noughts::tui::shell::shell_layout;
use noughts::tui::tabs::mnc::{layout as mnc_layout, Action as MncAction, MncTab};
use noughts::tui::tabs::treblecross::{
    layout as treblecross_layout, Action as TreblecrossAction, TreblecrossTab,
};
use noughts::tui::theme::Theme;
use paint::Painter;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::Terminal;
use std::path::Path;
use std::time::{Duration, Instant};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Text size of the stills, in pixels (cells of 11 × 24).
const STILL_PX: f32 = 22.0;
/// Text size of the demo (smaller: it is 80 columns of many frames).
const DEMO_PX: f32 = 16.0;
/// Pixels of background round the terminal.
const MARGIN: usize = 12;

/// The app drawn into a buffer of `width` × `height` cells.
fn draw(app: &App, width: u16, height: u16) -> Result<Buffer> {
    let mut terminal = Terminal::new(TestBackend::new(width, height))?;
    terminal.draw(|frame| frame.render_widget(app, frame.area()))?;
    Ok(terminal.backend().buffer().clone())
}

fn save(painter: &mut Painter, app: &App, width: u16, height: u16, path: &Path) -> Result<()> {
    painter
        .paint(&draw(app, width, height)?, MARGIN)
        .save_png(path)?;
    println!("wrote {}", path.display());
    Ok(())
}

/// Ticks the app until the MNC engine has answered and rated the position.
fn settle(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        app.tick();
        let m = &app.tabs.mnc;
        let ready = (m.humans_turn() && m.value().is_some()) || m.winner().is_some();
        if ready {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn stills(dir: &Path) -> Result<()> {
    let mut painter = Painter::new(STILL_PX, None);
    let with_board = |board: &str| -> Result<App> {
        let mut app = App::new(Theme { color: true });
        let board: Board = board.parse().map_err(|e| format!("{e}"))?;
        app.tabs.tictactoe = noughts::tui::tabs::tictactoe::TicTacToeTab::with_board(board);
        Ok(app)
    };
    save(
        &mut painter,
        &with_board("X0X/.0./.X.")?,
        100,
        20,
        &dir.join("tictactoe.png"),
    )?;
    save(
        &mut painter,
        &with_board("XXX/00./0..")?,
        100,
        20,
        &dir.join("tictactoe-illegal.png"),
    )?;
    // The details (`i`): the board as text and the contest judges' answers.
    let mut details = with_board("X0X/.0./.X.")?;
    details.update(Action::ToggleDetails);
    details.notice = None;
    save(
        &mut painter,
        &details,
        100,
        20,
        &dir.join("tictactoe-details.png"),
    )?;
    // A lesson's third step (`L`), one of its four answers found.
    use noughts::tui::puzzle::PuzzleAction;
    use noughts::tui::tabs::tictactoe::Action as TicTacToeAction;
    let mut lesson = with_board(".../.../...")?;
    for action in [PuzzleAction::Lesson, PuzzleAction::Next, PuzzleAction::Next] {
        lesson.update(Action::tab(TicTacToeAction::Puzzle(action)));
    }
    lesson.update(Action::tab(TicTacToeAction::Click(Cell::ALL[1])));
    save(
        &mut painter,
        &lesson,
        100,
        20,
        &dir.join("tictactoe-lesson.png"),
    )?;
    let mut help = with_board("X.X/00./...")?;
    help.update(Action::ToggleHelp);
    save(
        &mut painter,
        &help,
        100,
        26,
        &dir.join("tictactoe-help.png"),
    )?;

    let with_strip = |strip: &str| {
        let mut app = App::new(Theme { color: true });
        let cells: Vec<bool> = strip.chars().map(|c| c == 'X').collect();
        app.tabs.treblecross = TreblecrossTab::with_strip(Strip::from(cells));
        app.update(Action::SelectTab(TabId::Treblecross));
        app
    };
    let strip = "X.......X........................X...................X.........";
    save(
        &mut painter,
        &with_strip(strip),
        100,
        26,
        &dir.join("treblecross.png"),
    )?;
    let mut game = with_strip(&".".repeat(40));
    game.update(Action::tab(TreblecrossAction::Play(Player::You)));
    for _ in 0..9 {
        game.update(Action::tab(TreblecrossAction::Move(1)));
    }
    game.update(Action::tab(TreblecrossAction::Toggle));
    settle_engine(&mut game);
    save(
        &mut painter,
        &game,
        100,
        26,
        &dir.join("treblecross-game.png"),
    )?;
    let mut study = with_strip(strip);
    for _ in 0..125 {
        study.update(Action::tab(TreblecrossAction::ScrollGrundy(8)));
    }
    study.update(Action::tab(TreblecrossAction::GrundyStats));
    // The research views with the details: the segments' values, the sum.
    study.set_details(true);
    save(
        &mut painter,
        &study,
        100,
        26,
        &dir.join("treblecross-stats.png"),
    )?;

    let mut mnc = App::new(Theme { color: true });
    mnc.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    mnc.update(Action::SelectTab(TabId::Mnc));
    settle(&mut mnc);
    mnc.update(Action::tab(MncAction::Play(Move::Place {
        size: Size::Big,
        cell: Cell::ALL[0],
    })));
    settle(&mut mnc);
    mnc.update(Action::tab(MncAction::ToggleHints));
    mnc.update(Action::tab(MncAction::Hand(Size::Small)));
    save(&mut painter, &mnc, 100, 24, &dir.join("mnc.png"))?;
    mnc.update(Action::tab(MncAction::Cancel));
    mnc.update(Action::tab(MncAction::ToggleAnalysis));
    let deadline = Instant::now() + Duration::from_secs(20);
    while mnc.tabs.mnc.setup_rating().is_none() && Instant::now() < deadline {
        mnc.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    save(&mut painter, &mnc, 100, 24, &dir.join("mnc-analysis.png"))?;

    // A finished game under review, at a bigger size.
    let mut review = App::new(Theme { color: true });
    review.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    review.update(Action::SelectTab(TabId::Mnc));
    let mut engine = Engine::solved();
    loop {
        settle(&mut review);
        let tab = &review.tabs.mnc;
        if tab.winner().is_some() {
            break;
        }
        // o plays its worst move now and then: the review marks it.
        let rated = engine.rate_moves(tab.position());
        let pick = if tab.history().len() % 4 == 1 {
            rated.len() - 1
        } else {
            0
        };
        review.update(Action::tab(MncAction::Play(rated[pick].0)));
    }
    for _ in 0..3 {
        review.update(Action::tab(MncAction::Review(
            noughts::tui::review::Review::Step(-1),
        )));
    }
    settle_annotations(&mut review);
    save(&mut painter, &review, 120, 34, &dir.join("mnc-review.png"))?;

    // The panel studying another game: Grundy's game, its statistics.
    let mut grundy = with_strip("......X.........X......");
    grundy.update(Action::tab(TreblecrossAction::OtherGame));
    for c in "grundy".chars() {
        grundy.update(Action::tab(TreblecrossAction::Prompt(
            noughts::tui::text::TextKey::Char(c),
        )));
    }
    grundy.update(Action::tab(TreblecrossAction::Prompt(
        noughts::tui::text::TextKey::Enter,
    )));
    grundy.update(Action::tab(TreblecrossAction::GrundyStats));
    grundy.set_details(true);
    save(
        &mut painter,
        &grundy,
        100,
        26,
        &dir.join("treblecross-grundys-game.png"),
    )?;

    // The plot of the Grundy values.
    let mut plot = with_strip("......X.........X......");
    plot.update(Action::tab(TreblecrossAction::GrundyStats));
    plot.update(Action::tab(TreblecrossAction::GrundyStats));
    settle_table(&mut plot);
    plot.set_details(true);
    save(
        &mut painter,
        &plot,
        120,
        40,
        &dir.join("treblecross-plot.png"),
    )?;
    puzzles(&mut painter, dir)?;
    dashboard(&mut painter, dir)?;
    notakto(&mut painter, dir)
}

/// The tic-tac-toe dashboard after a sitting of puzzles: fifteen opened by
/// id, one in three missed once before it was solved.
fn dashboard(painter: &mut Painter, dir: &Path) -> Result<()> {
    use noughts::tui::puzzle::PuzzleAction::{Dashboard, Theme, Toggle};
    use noughts::tui::tabs::tictactoe::Action as TicTacToeAction;
    let mut app = App::new(noughts::tui::theme::Theme { color: true });
    for k in 1..=15u32 {
        let level = 1 + k % 2;
        app.open_puzzle(format!("tictactoe-{level}-{k}").parse()?);
        let t = app
            .tabs
            .tictactoe
            .training()
            .current
            .as_ref()
            .ok_or("no puzzle")?;
        let answers = t.puzzle.answers.clone();
        if k % 3 == 0 {
            // The first empty cell that is not an answer (a taken one is
            // refused and counts for nothing).
            for cell in Cell::ALL.into_iter().filter(|c| !answers.contains(c)) {
                app.update(Action::tab(TicTacToeAction::Click(cell)));
                let t = app.tabs.tictactoe.training().current.as_ref();
                if t.is_some_and(|t| t.attempt.wrong > 0) {
                    break;
                }
            }
        }
        for cell in answers {
            app.update(Action::tab(TicTacToeAction::Click(cell)));
        }
    }
    app.update(Action::tab(TicTacToeAction::Puzzle(Dashboard)));
    save(painter, &app, 100, 34, &dir.join("puzzle-dashboard.png"))?;

    // One theme practised (`f` twice: forks), a puzzle solved: the heading
    // names the theme asked for, the panel the puzzle's themes.
    let mut app = App::new(noughts::tui::theme::Theme { color: true });
    app.update(Action::tab(TicTacToeAction::Puzzle(Toggle)));
    app.update(Action::tab(TicTacToeAction::Puzzle(Theme)));
    app.update(Action::tab(TicTacToeAction::Puzzle(Theme)));
    // (Chosen near the rating from a seed of the clock, as the app
    // chooses: the puzzle differs from one run to the next.)
    let t = app
        .tabs
        .tictactoe
        .training()
        .current
        .as_ref()
        .ok_or("no puzzle")?;
    let first = *t.puzzle.answers.first().ok_or("no answer")?;
    app.update(Action::tab(TicTacToeAction::Click(first)));
    save(painter, &app, 100, 20, &dir.join("tictactoe-theme.png"))
}

/// The Notakto tab: a position late in a game with its one winning move,
/// nine boards wrapped, and a game played to the end and reviewed.
fn notakto(painter: &mut Painter, dir: &Path) -> Result<()> {
    use noughts::notation::saved;
    use noughts::tui::tabs::notakto::Action as NotaktoAction;
    let mut app = App::new(Theme { color: true });
    let late = "noughts 1\nnotakto XX./..X/... .X./X../... X.X/.../.X.\n";
    app.load_saved(saved::read(late)?);
    save(painter, &app, 100, 24, &dir.join("notakto.png"))?;

    let nine = "noughts 1\nnotakto X../.X./... .../.../... XXX/.../... .X./X../... \
                .../.X./... XX./.../... X.X/.../.X. ..X/.../X.. .../.../...\n";
    app.load_saved(saved::read(nine)?);
    // With the details: each board's element and the product.
    app.set_details(true);
    save(painter, &app, 120, 30, &dir.join("notakto-nine.png"))?;
    app.set_details(false);

    // Two boards, you first (a lost position): the engine wins; the
    // review's marks on your moves.
    app.load_saved(saved::read("noughts 1\nnotakto .../.../... .../.../...\n")?);
    app.update(Action::tab(NotaktoAction::Play(Player::You)));
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        app.tick();
        let tab = &app.tabs.notakto;
        let Some(game) = tab.game() else { break };
        if !tab.is_thinking() && !game.is_on() {
            break;
        }
        if !tab.is_thinking() && game.to_move() == Player::You {
            let boards = tab.boards().to_vec();
            let (k, cell) = boards
                .iter()
                .enumerate()
                .find_map(|(k, b)| b.playable().last().map(|c| (k, c)))
                .ok_or("no move")?;
            app.update(Action::tab(NotaktoAction::Click(k, cell)));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    app.update(Action::tab(NotaktoAction::Review(
        noughts::tui::review::Review::Step(-3),
    )));
    while app.tabs.notakto.is_thinking() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    save(painter, &app, 100, 24, &dir.join("notakto-review.png"))?;
    // At 40×16 the value history is its one-row strip.
    save(painter, &app, 40, 16, &dir.join("notakto-review-40x16.png"))?;

    app.open_puzzle("notakto-4-9".parse()?);
    app.update(Action::tab(NotaktoAction::Puzzle(
        noughts::tui::puzzle::PuzzleAction::Hint,
    )));
    save(painter, &app, 100, 24, &dir.join("notakto-puzzle.png"))?;

    // A timed run: three puzzles solved, one wrong move on the way (its
    // 10 seconds off the clock).
    app.update(Action::tab(NotaktoAction::Puzzle(
        noughts::tui::puzzle::PuzzleAction::Run(noughts::tui::puzzle::RunKind::Timed),
    )));
    for k in 0..3 {
        let puzzle = app.tabs.notakto.training().current.as_ref();
        let puzzle = &puzzle.ok_or("no puzzle")?.puzzle;
        let answer = puzzle.answers[0];
        if k == 2 {
            let wrong = (puzzle.boards.iter().enumerate())
                .filter(|(_, b)| !b.is_dead())
                .flat_map(|(k, b)| b.playable().map(move |cell| (k, cell)))
                .find(|&(board, cell)| {
                    !puzzle
                        .answers
                        .iter()
                        .any(|a| (a.board, a.cell) == (board, cell))
                });
            let (board, cell) = wrong.ok_or("no losing move")?;
            app.update(Action::tab(NotaktoAction::Click(board, cell)));
        }
        app.update(Action::tab(NotaktoAction::Click(answer.board, answer.cell)));
        app.tick();
    }
    save(painter, &app, 100, 24, &dir.join("notakto-timed-run.png"))
}

/// A puzzle in each game, after a wrong answer (or a right first move)
/// and a hint.
fn puzzles(painter: &mut Painter, dir: &Path) -> Result<()> {
    use noughts::tui::puzzle::PuzzleAction::Hint;
    use noughts::tui::tabs::tictactoe::Action as TicTacToeAction;
    let mut app = App::new(Theme { color: true });
    app.open_puzzle("tictactoe-2-2".parse()?);
    // b3 only draws: refused, the cell marked with its value.
    app.update(Action::tab(TicTacToeAction::Click(Cell::ALL[7])));
    app.update(Action::tab(TicTacToeAction::Puzzle(Hint)));
    save(painter, &app, 100, 20, &dir.join("tictactoe-puzzle.png"))?;

    app.open_puzzle("treblecross-4-6".parse()?);
    app.update(Action::tab(TreblecrossAction::Toggle));
    app.update(Action::tab(TreblecrossAction::Puzzle(Hint)));
    save(painter, &app, 100, 24, &dir.join("treblecross-puzzle.png"))?;

    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    app.open_puzzle("mnc-2-5".parse()?);
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.tabs.mnc.training().current.is_none() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(&mut app);
    // The one winning move: x's big piece onto c1, then the engine's reply.
    app.update(Action::tab(MncAction::Play(Move::Place {
        size: Size::Big,
        cell: Cell::ALL[2],
    })));
    settle(&mut app);
    app.update(Action::tab(MncAction::Puzzle(Hint)));
    save(painter, &app, 100, 24, &dir.join("mnc-puzzle.png"))
}

/// Ticks until the MNC tab's review has its values.
fn settle_annotations(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.tabs.mnc.annotations().is_none() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ticks until the MNC tab's perfect line has come.
fn settle_line(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.tabs.mnc.perfect_line().is_none() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ticks until the Treblecross engine has answered (its own thread).
fn settle_engine(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.tabs.treblecross.is_thinking() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ticks until the Treblecross tab's Grundy values are computed.
fn settle_table(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.tabs.treblecross.computing().is_some() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The demo's screen, and the caption rows under it.
const SCREEN: Rect = Rect {
    x: 0,
    y: 0,
    width: 80,
    height: 24,
};
const CAPTION_ROWS: u16 = 2;

/// Records frames of the app with a caption saying what the person did.
struct Film {
    app: App,
    painter: Painter,
    recorder: Recorder,
}

impl Film {
    fn shoot(&mut self, caption: &str, seconds: f32) -> Result<()> {
        let screen = draw(&self.app, SCREEN.width, SCREEN.height)?;
        let mut buffer = Buffer::empty(Rect::new(0, 0, SCREEN.width, SCREEN.height + CAPTION_ROWS));
        buffer.merge(&screen);
        let style = Style::default()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD);
        let text = format!(" {caption} ");
        buffer.set_string(1, SCREEN.height + 1, text, style);
        self.recorder
            .frame(self.painter.paint(&buffer, MARGIN), seconds);
        Ok(())
    }

    fn press(&mut self, code: KeyCode) {
        let event = Event::Key(KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        });
        self.app.handle(&event, SCREEN);
    }

    fn click(&mut self, column: u16, row: u16) {
        let event = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        });
        self.app.handle(&event, SCREEN);
    }
}

fn demo(dir: &Path) -> Result<()> {
    let mut app = App::new(Theme { color: true });
    app.tabs.mnc = MncTab::new(Side::O, Duration::ZERO);
    let mut film = Film {
        app,
        // Coverage in 4 levels keeps the GIF within its 256 colours.
        painter: Painter::new(DEMO_PX, Some(4)),
        recorder: Recorder::new(),
    };
    film.shoot("noughts: tic-tac-toe, Treblecross, Noughts & Crosses+", 1.5)?;
    film.press(KeyCode::Char('3'));
    settle(&mut film.app);
    film.shoot(
        "3: Noughts & Crosses+ against the perfect engine (x moves first)",
        2.5,
    )?;
    film.press(KeyCode::Char('a'));
    film.shoot("a: the analysis - the value of each of your moves", 2.5)?;

    // o defends as well as o can: the engine's best move for o each time.
    let mut engine = Engine::solved();
    let body = shell_layout(SCREEN).body;
    let places = mnc_layout(body).ok_or("the demo screen is too small")?;
    for _ in 0..4 {
        let tab = &film.app.tabs.mnc;
        if tab.winner().is_some() {
            break;
        }
        let position = *tab.position();
        let Some(&(mv, _)) = engine.rate_moves(&position).first() else {
            break;
        };
        let cell_centre = |cell: Cell| {
            let r = places.cells[cell.index()];
            (r.x + r.width / 2, r.y + r.height / 2)
        };
        match mv {
            Move::Place { size, cell } => {
                let hand = if size == Size::Small {
                    places.hand_small
                } else {
                    places.hand_big
                };
                film.click(hand.x + 1, hand.y);
                let piece = if size == Size::Small {
                    "small o"
                } else {
                    "big O"
                };
                film.shoot(&format!("click: pick up a {piece}"), 1.5)?;
                let (x, y) = cell_centre(cell);
                film.click(x, y);
                film.shoot(&format!("click {cell}: place it"), 1.2)?;
            }
            Move::Shift { from, to } => {
                let (x, y) = cell_centre(from);
                film.click(x, y);
                film.shoot(&format!("click {from}: pick up your big O"), 1.5)?;
                let (x, y) = cell_centre(to);
                film.click(x, y);
                film.shoot(&format!("click {to}: move it there"), 1.2)?;
            }
        }
        settle(&mut film.app);
        film.shoot("the engine answers at once", 2.0)?;
    }
    // Look back: the move before, then the perfect line from there.
    film.press(KeyCode::Char('<'));
    settle_annotations(&mut film.app);
    film.shoot("<: review - each move with its value before and after", 2.5)?;
    film.press(KeyCode::Char('p'));
    settle_line(&mut film.app);
    film.shoot("p: the perfect line from the position shown", 2.0)?;
    for _ in 0..3 {
        film.press(KeyCode::Char('>'));
        film.shoot(">: a move along it", 1.2)?;
    }
    film.press(KeyCode::Esc);
    film.press(KeyCode::Esc);
    film.press(KeyCode::Char('?'));
    film.shoot("?: every key that works now", 3.0)?;
    film.press(KeyCode::Char('?'));

    // Treblecross: put X on a strip by clicking; the winning cells show.
    film.press(KeyCode::Char('2'));
    film.shoot(
        "2: Treblecross - the winning cells and the Grundy values",
        2.5,
    )?;
    while film.app.tabs.treblecross.strip().len() < 30 {
        film.press(KeyCode::Char('+'));
    }
    film.shoot("+ (held): a longer strip - 30 cells", 2.0)?;
    let body = shell_layout(SCREEN).body;
    let strip = treblecross_layout(body, false)
        .ok_or("the demo screen is too small")?
        .strip;
    let z = film.app.tabs.treblecross.cell_width(strip.width);
    for (i, cell) in [6u16, 17, 25].into_iter().enumerate() {
        film.click(strip.x + cell * z + z / 2, strip.y);
        let what = if i == 0 { "an X" } else { "another X" };
        film.shoot(
            &format!("click cell {}: {what}; the free segments change", cell + 1),
            2.2,
        )?;
    }
    for _ in 0..4 {
        film.press(KeyCode::Left);
    }
    film.shoot("the cursor's cell: what playing there would do", 2.5)?;
    film.press(KeyCode::Char('s'));
    film.press(KeyCode::Char('s'));
    settle_table(&mut film.app);
    film.shoot(
        "s s: the Grundy values of the whole table, rare ones as bullets",
        3.0,
    )?;
    film.recorder.save_gif(&dir.join("demo.gif"))?;
    // Each frame as a PNG too, to look at one by one (not committed).
    let frames = Path::new("target/demo-frames");
    std::fs::create_dir_all(frames)?;
    film.recorder.save_pngs(frames)?;
    println!("wrote {}", dir.join("demo.gif").display());
    Ok(())
}

fn main() -> Result<()> {
    let dir = Path::new("screenshots");
    std::fs::create_dir_all(dir)?;
    stills(dir)?;
    demo(dir)
}
