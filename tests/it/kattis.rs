//! The real binary plays the contest's interactive protocol over pipes
//! against scripted opponents: it must win every game, flush each board,
//! print nothing after the verdict, exit 0, and reject bad replies.

use crate::players;

use noughts::solver::mnc::{Engine, Move, Position};
use noughts::solver::Side;
use players::{greedy, Lcg};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::Duration;

enum Opponent {
    Random(Lcg),
    /// Completes a line if it can, else avoids handing x a line, else random.
    Greedy(Lcg),
    /// The engine's own choice for o: the slowest loss.
    Perfect(Box<Engine>),
}

impl Opponent {
    fn choose(&mut self, position: &Position) -> Move {
        let moves = position.legal_moves();
        match self {
            Opponent::Random(rng) => moves[rng.below(moves.len())],
            Opponent::Greedy(rng) => greedy(position, rng),
            Opponent::Perfect(engine) => engine.best_move(position).unwrap(),
        }
    }
}

struct Game {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Game {
    fn start() -> Game {
        let mut child = Command::new(env!("CARGO_BIN_EXE_noughts"))
            .args(["mnc", "kattis"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Game {
            child,
            stdin,
            lines,
        }
    }

    /// The next board; times out if the binary did not flush it.
    fn read_board(&self) -> String {
        (0..3)
            .map(|_| {
                self.lines
                    .recv_timeout(Duration::from_secs(20))
                    .expect("a board line, flushed")
                    + "\n"
            })
            .collect()
    }

    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for exit; returns status, remaining stdout lines and stderr.
    fn finish(mut self) -> (std::process::ExitStatus, Vec<String>, String) {
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        let rest: Vec<String> = self.lines.try_iter().collect();
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        (status, rest, err)
    }
}

/// Plays one game; returns the number of plies.
fn play(mut opponent: Opponent) -> usize {
    let mut game = Game::start();
    let mut position = Position::START;
    let mut plies = 0;
    loop {
        let board = game.read_board();
        let mv = position
            .move_to(&parse(&board))
            .unwrap_or_else(|| panic!("engine board is not one legal move:\n{board}"));
        position = position.play(mv).unwrap();
        plies += 1;
        if let Some(winner) = position.game_over() {
            assert_eq!(winner, Side::X, "the engine must win");
            game.send("Sigur!\n");
            break;
        }
        let reply = opponent.choose(&position);
        position = position.play(reply).unwrap();
        plies += 1;
        assert_ne!(
            position.game_over(),
            Some(Side::O),
            "the engine lost:\n{position}"
        );
        game.send(&format!("{position}\n"));
    }
    let (status, rest, err) = game.finish();
    assert!(status.success(), "exit status {status}, stderr {err}");
    assert!(rest.is_empty(), "printed after the verdict: {rest:?}");
    assert!(err.is_empty(), "{err}");
    plies
}

fn parse(board: &str) -> [Option<noughts::solver::mnc::Piece>; 9] {
    let chars: Vec<char> = board.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(chars.len(), 9, "{board}");
    std::array::from_fn(|i| noughts::solver::mnc::Piece::from_letter(chars[i]))
}

#[test]
fn wins_against_random_opponents() {
    for seed in 0..12 {
        play(Opponent::Random(Lcg(seed)));
    }
}

#[test]
fn wins_against_greedy_opponents() {
    for seed in 0..12 {
        play(Opponent::Greedy(Lcg(seed)));
    }
}

#[test]
fn wins_against_the_perfect_opponent_in_13_plies() {
    assert_eq!(play(Opponent::Perfect(Box::new(Engine::solved()))), 13);
}

#[test]
fn an_illegal_reply_is_an_error() {
    let mut game = Game::start();
    let board = game.read_board();
    // o places two pieces at once: not one legal move.
    let mut cells: Vec<char> = board.chars().collect();
    let empties: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == '.').collect();
    cells[empties[0]] = 'o';
    cells[empties[1]] = 'o';
    game.send(&cells.into_iter().collect::<String>());
    let (status, _, err) = game.finish();
    assert_eq!(status.code(), Some(2));
    assert!(
        err.contains("line 3") && err.contains("legal move"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn a_malformed_or_missing_reply_is_an_error() {
    let mut game = Game::start();
    game.read_board();
    game.send("..q\n");
    let (status, _, err) = game.finish();
    assert_eq!(status.code(), Some(2));
    assert!(
        err.contains("line 1, column 3") && err.contains("'q'"),
        "{err}"
    );

    let game = Game::start();
    game.read_board();
    let (status, _, err) = game.finish();
    assert_eq!(status.code(), Some(2));
    assert!(err.contains("end of input"), "{err}");
}
