//! Plain facts of the 3×3 board for the slow twins in the tests, written
//! apart from the solvers on purpose.

/// The 8 lines of the board, as cell triples (cell = 3 * row + column).
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];
