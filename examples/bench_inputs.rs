//! Writes the inputs of the whole-process timings in the README:
//! `cargo run --release --example bench_inputs -- DIR`
//! - `all-boards.txt`: the 19,683 tic-tac-toe boards (Codeforces format);
//! - `uva-100k.txt`: 100,000 Treblecross strips of 200 cells (UVA format),
//!   each with a few `X` placed by a fixed pseudo-random sequence, none
//!   with three in a row;
//! - `notakto-1000.txt`: 1,000 Notakto boards of 0 to 4 `X` (some dead),
//!   one per line, for `noughts notakto -`.

use noughts::solver::tictactoe::Board;
use std::fmt::Write as _;
use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/bench-inputs".into()),
    );
    std::fs::create_dir_all(&dir)?;

    let boards: String = Board::all().map(|b| format!("{b}\n")).collect();
    std::fs::write(dir.join("all-boards.txt"), boards)?;

    let mut seed: u64 = 2026;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut uva = String::from("100000\n");
    for _ in 0..100_000 {
        let mut strip = vec![b'.'; 200];
        for _ in 0..next(12) {
            let i = next(200) as usize;
            strip[i] = b'X';
            if strip.windows(3).any(|w| w == b"XXX") {
                strip[i] = b'.';
            }
        }
        let _ = writeln!(uva, "{}", String::from_utf8_lossy(&strip));
    }
    std::fs::write(dir.join("uva-100k.txt"), uva)?;

    let mut notakto = String::new();
    for _ in 0..1000 {
        let mut cells = [b'.'; 9];
        for _ in 0..next(5) {
            cells[next(9) as usize] = b'X';
        }
        let rows: Vec<String> = cells
            .chunks(3)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect();
        let _ = writeln!(notakto, "{}", rows.join("/"));
    }
    std::fs::write(dir.join("notakto-1000.txt"), notakto)?;
    println!("wrote {}", dir.display());
    Ok(())
}
