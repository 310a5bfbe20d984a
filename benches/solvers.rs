//! Benchmarks of the solvers (divan): `cargo bench --bench solvers`.

// A benchmark that cannot set up its input should stop at once.
#![allow(clippy::unwrap_used)]

use noughts::cli;
use noughts::solver::grundy::GrundyTable;
use noughts::solver::mnc::{Engine, Position};
use noughts::solver::notakto::{self, Board as NotaktoBoard, Quotient};
use noughts::solver::puzzle::{Puzzle, PuzzleGame, PuzzleId, Puzzler};
use noughts::solver::tictactoe::{Atlas, Board};
use noughts::solver::treblecross::analyze;
use std::sync::OnceLock;

fn main() {
    divan::main();
}

/// MNC: solve the whole game from the start with a fresh engine, on one
/// thread and on two.
#[divan::bench(sample_count = 20, args = [1, 2])]
fn mnc_solve_whole_game(threads: usize) -> Engine {
    Engine::solved_on(threads)
}

/// MNC: the engine's reply once solved, from positions along a game.
#[divan::bench]
fn mnc_engine_reply(bencher: divan::Bencher) {
    let mut engine = Engine::solved();
    let mut positions = vec![Position::START];
    let mut position = Position::START;
    while let Some(mv) = engine.best_move(&position) {
        position = position.play(mv).unwrap();
        positions.push(position);
    }
    bencher.bench_local(|| {
        for p in &positions {
            divan::black_box(engine.best_move(divan::black_box(p)));
        }
    });
}

fn table_100k() -> &'static GrundyTable {
    static TABLE: OnceLock<GrundyTable> = OnceLock::new();
    TABLE.get_or_init(|| GrundyTable::with_len(100_001).unwrap())
}

/// Treblecross: every winning cell of a 100,000-cell strip (table built
/// beforehand, as the app and the CLI keep it).
#[divan::bench(args = ["empty", "scattered"])]
fn treblecross_winning_cells_100k(bencher: divan::Bencher, kind: &str) {
    let mut table = table_100k().clone();
    let strip: Vec<bool> = (0..100_000)
        .map(|i| kind == "scattered" && i % 97 == 0)
        .collect();
    bencher.bench_local(|| analyze(divan::black_box(&strip), &mut table).unwrap());
}

/// Tic-tac-toe: all 19,683 boards through the Codeforces command.
#[divan::bench(sample_count = 20)]
fn tictactoe_all_boards(bencher: divan::Bencher) {
    let _ = Atlas::shared();
    let input: String = Board::all().map(|b| format!("{b}\n")).collect();
    bencher.bench_local(|| {
        let mut out = Vec::with_capacity(1 << 20);
        cli::tictactoe::run(&input, cli::tictactoe::Format::Codeforces, false, &mut out).unwrap();
        out
    });
}

/// Treblecross (0.007) values G(0 … n): the rare/common method on one and
/// two threads against the naive mex over every split, in one run.
mod grundy {
    use noughts::solver::grundy::{GrundyMethod, Naive, RareCommon};
    use noughts::solver::octal::OctalGame;

    const SIZES: [usize; 2] = [1 << 14, 1 << 16];

    /// What the Treblecross tab computes on the UI thread at most
    /// (`SYNC_GRUNDY` lengths, from the 1,024 it starts with).
    #[divan::bench(sample_count = 20)]
    fn free_segments_to_sync_limit(bencher: divan::Bencher) {
        use noughts::solver::grundy::GrundyTable;
        use noughts::tui::tabs::treblecross::SYNC_GRUNDY;
        bencher
            .with_inputs(|| GrundyTable::with_len(1024).unwrap())
            .bench_local_values(|mut table| {
                table.extend_to(SYNC_GRUNDY).unwrap();
                table
            });
    }

    #[divan::bench(sample_count = 5, args = SIZES)]
    fn naive(n: usize) -> Vec<u16> {
        let mut values = Vec::new();
        Naive
            .extend_to(&OctalGame::treblecross(), &mut values, n, 1)
            .unwrap();
        values
    }

    #[divan::bench(sample_count = 5, args = SIZES)]
    fn rare_common_one_thread(n: usize) -> Vec<u16> {
        let mut values = Vec::new();
        RareCommon
            .extend_to(&OctalGame::treblecross(), &mut values, n, 1)
            .unwrap();
        values
    }

    #[divan::bench(sample_count = 5, args = SIZES)]
    fn rare_common_two_threads(n: usize) -> Vec<u16> {
        let mut values = Vec::new();
        RareCommon
            .extend_to(&OctalGame::treblecross(), &mut values, n, 2)
            .unwrap();
        values
    }
}

/// A new puzzle of a game at a level, once the puzzler holds what it reads
/// (the tic-tac-toe index, the Grundy table, the solved MNC game and its
/// index: made once, on the first puzzle). Each iteration a new seed.
fn new_puzzles(bencher: divan::Bencher, game: PuzzleGame, level: u8) {
    let mut puzzler = Puzzler::new();
    puzzler.make(PuzzleId {
        game,
        level,
        seed: 0,
    });
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        divan::black_box(puzzler.make(PuzzleId { game, level, seed }))
    });
}

#[divan::bench(args = [1, 2, 3])]
fn puzzle_tictactoe(bencher: divan::Bencher, level: u8) {
    new_puzzles(bencher, PuzzleGame::TicTacToe, level);
}

#[divan::bench(args = [1, 5, 10])]
fn puzzle_treblecross(bencher: divan::Bencher, level: u8) {
    new_puzzles(bencher, PuzzleGame::Treblecross, level);
}

#[divan::bench(args = [1, 3, 6])]
fn puzzle_mnc(bencher: divan::Bencher, level: u8) {
    new_puzzles(bencher, PuzzleGame::Mnc, level);
}

/// The first puzzle of each game from a new puzzler: what it makes once.
#[divan::bench(sample_count = 10, args = ["tictactoe", "treblecross", "mnc"])]
fn puzzle_first(game: &str) -> Puzzle {
    let game: PuzzleGame = game.parse().unwrap();
    Puzzler::new().make(PuzzleId {
        game,
        level: 1,
        seed: 0,
    })
}

/// A saved Treblecross game of `moves` moves on a strip of 1.5 × `moves`
/// cells (`XX.` repeated), read and replayed as `--load` and Ctrl-O do:
/// linear in the moves (issue 32 measured 5.1 s at 66,667 moves before).
#[divan::bench(sample_count = 10, args = [16_667, 66_667])]
fn saved_treblecross_game_read_and_replayed(bencher: divan::Bencher, moves: usize) {
    use noughts::notation::saved::{read, Saved};
    let n = moves * 3 / 2;
    let mut text = format!("noughts 1\ntreblecross {}\nfirst you\n", ".".repeat(n));
    for c in (0..n).filter(|i| i % 3 != 2) {
        text.push_str(&format!("move {}\n", c + 1));
    }
    bencher.bench(|| {
        let Ok(Saved::Treblecross {
            strip,
            game: Some((first, cells)),
        }) = read(&text)
        else {
            unreachable!("the file written above is a game")
        };
        let mut game = noughts::solver::treblecross::new_match(strip, first).unwrap();
        let mut player = first;
        for cell in cells {
            game.play(player, cell).unwrap();
            player = player.other();
        }
        game
    });
}

/// Notakto: the misère quotient computed from the rules (once per process
/// in the app and the command line).
#[divan::bench(sample_count = 20)]
fn notakto_quotient_computed() -> Quotient {
    Quotient::compute()
}

/// Notakto: who wins a position of 1,000 boards, and every move with
/// whether it wins (the target: 10 ms).
#[divan::bench]
fn notakto_1000_boards(bencher: divan::Bencher) {
    // Boards with 0 to 4 X (some dead), from a fixed generator.
    let mut state = 1u32;
    let boards: Vec<NotaktoBoard> = (0..1000)
        .map(|_| {
            let mut cells = 0u16;
            for _ in 0..4 {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                if state >> 31 == 1 {
                    cells |= 1 << ((state >> 16) % 9);
                }
            }
            NotaktoBoard::from_cells(cells)
        })
        .collect();
    notakto::quotient();
    bencher.bench_local(|| notakto::analyze(divan::black_box(&boards)));
}
