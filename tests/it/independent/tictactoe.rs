//! Tic-tac-toe written from the rules alone: boards of 9 characters, plain
//! negamax with distances, no memo and no symmetry.

use super::{Value, LINES};

/// A board: `X`, `O` or `.` per cell, row by row.
pub type Board = [u8; 9];

/// A board from its rows joined by '/' (`X0X/.0./.X.`, `0` or `O` for O),
/// as the commands print them.
pub fn from_rows(rows: &str) -> Board {
    let mut board = [b'.'; 9];
    let cells = rows.bytes().filter(|&b| b != b'/');
    for (cell, b) in board.iter_mut().zip(cells) {
        *cell = match b {
            b'X' => b'X',
            b'0' | b'O' => b'O',
            _ => b'.',
        };
    }
    board
}

pub fn has_line(board: &Board, mark: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&c| board[c] == mark))
}

/// Whose move: X when the counts are equal.
pub fn mover(board: &Board) -> u8 {
    let xs = board.iter().filter(|&&c| c == b'X').count();
    let os = board.iter().filter(|&&c| c == b'O').count();
    if xs == os {
        b'X'
    } else {
        b'O'
    }
}

/// The value of `board` for `mover`: the other side's line is a loss now,
/// a full board a draw; else the best of the moves.
pub fn value(board: &mut Board, mover: u8) -> Value {
    let other = if mover == b'X' { b'O' } else { b'X' };
    if has_line(board, other) {
        return Value::Loss(0);
    }
    let mut best: Option<Value> = None;
    for cell in 0..9 {
        if board[cell] != b'.' {
            continue;
        }
        board[cell] = mover;
        let v = value(board, other).for_mover();
        board[cell] = b'.';
        if best.is_none_or(|b| better(v, b)) {
            best = Some(v);
        }
    }
    best.unwrap_or(Value::Draw)
}

/// What playing `cell` is worth to the mover.
pub fn move_value(board: &Board, cell: usize) -> Value {
    let mut after = *board;
    let mover = mover(board);
    after[cell] = mover;
    let other = if mover == b'X' { b'O' } else { b'X' };
    value(&mut after, other).for_mover()
}

/// Faster wins, then draws, then slower losses.
pub fn better(a: Value, b: Value) -> bool {
    let rank = |v: Value| match v {
        Value::Win(d) => (2, -i64::from(d)),
        Value::Draw => (1, 0),
        Value::Loss(d) => (0, i64::from(d)),
    };
    rank(a) > rank(b)
}
