//! Magnificent Noughts & Crosses: tic-tac-toe with small and big pieces.
//!
//! Player x owns `x` (small) and `X` (big), player o owns `o` and `O`. Each
//! starts with 4 small and 2 big pieces in hand; x moves first. A move
//! places a small piece on an empty cell, places a big piece on an empty cell
//! or on any small piece (which leaves the game), or moves one of one's big
//! pieces on the board onto any small piece (which leaves the game). Three of
//! one's own pieces in a line wins; a player with no move loses.
//!
//! Every move places a piece from a hand or removes a small piece, so a game
//! lasts at most 12 + 8 = 20 plies and never draws.

use super::search::{Expansion, Game, Memo, Outcome, Solver};
use super::table::{PackedMemo, SharedPackedMemo};
use super::tictactoe::{has_line, transform_cell};
use std::fmt;

pub const SMALL_PIECES: u8 = 4;
pub const BIG_PIECES: u8 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    X,
    O,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The side's letter: `x` or `o`.
    pub fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Size {
    Small,
    Big,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub size: Size,
}

impl Piece {
    /// `x`, `X`, `o` or `O`.
    pub fn letter(self) -> char {
        match (self.side, self.size) {
            (Side::X, Size::Small) => 'x',
            (Side::X, Size::Big) => 'X',
            (Side::O, Size::Small) => 'o',
            (Side::O, Size::Big) => 'O',
        }
    }

    pub fn from_letter(ch: char) -> Option<Piece> {
        let (side, size) = match ch {
            'x' => (Side::X, Size::Small),
            'X' => (Side::X, Size::Big),
            'o' => (Side::O, Size::Small),
            'O' => (Side::O, Size::Big),
            _ => return None,
        };
        Some(Piece { side, size })
    }
}

/// A move of the player to move. Cells are 0..9, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece from the hand onto a cell (a big one may cover a small piece).
    Place { size: Size, cell: u8 },
    /// A big piece on the board onto a cell holding a small piece.
    Shift { from: u8, to: u8 },
}

impl Move {
    /// The cell the move lands on.
    pub fn target(self) -> u8 {
        match self {
            Move::Place { cell, .. } => cell,
            Move::Shift { to, .. } => to,
        }
    }
}

/// Cell names a1…c3, as on the tic-tac-toe board.
pub fn cell_name(cell: u8) -> String {
    super::tictactoe::cell_name(usize::from(cell))
}

impl fmt::Display for Move {
    /// `small b2`, `big a1`, `a1-c3` (a big piece moved).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place {
                size: Size::Small,
                cell,
            } => write!(f, "small {}", cell_name(*cell)),
            Move::Place {
                size: Size::Big,
                cell,
            } => write!(f, "big {}", cell_name(*cell)),
            Move::Shift { from, to } => write!(f, "{}-{}", cell_name(*from), cell_name(*to)),
        }
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    NoSmallInHand,
    NoBigInHand,
    CellOccupied(u8),
    CannotCoverBig(u8),
    NotYourBig(u8),
    TargetNotSmall(u8),
    OffBoard,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::NoSmallInHand => write!(f, "no small piece left in hand"),
            IllegalMove::NoBigInHand => write!(f, "no big piece left in hand"),
            IllegalMove::CellOccupied(c) => {
                write!(
                    f,
                    "{} is taken: a small piece needs an empty cell",
                    cell_name(*c)
                )
            }
            IllegalMove::CannotCoverBig(c) => {
                write!(
                    f,
                    "{} holds a big piece, which cannot be covered",
                    cell_name(*c)
                )
            }
            IllegalMove::NotYourBig(c) => {
                write!(f, "{} does not hold one of your big pieces", cell_name(*c))
            }
            IllegalMove::TargetNotSmall(c) => write!(
                f,
                "a big piece on the board may only move onto a small piece, and {} holds none",
                cell_name(*c)
            ),
            IllegalMove::OffBoard => write!(f, "cells are numbered 0 to 8"),
        }
    }
}

const ALL_CELLS: u16 = 0x1FF;

/// A position: the pieces on the board, the small pieces in each hand (big
/// pieces in hand are 2 minus those on the board) and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Cells holding each side's small pieces, indexed by `Side`.
    small: [u16; 2],
    /// Cells holding each side's big pieces.
    big: [u16; 2],
    /// Small pieces still in each hand.
    small_in_hand: [u8; 2],
    to_move: Side,
}

impl Default for Position {
    fn default() -> Self {
        Self::START
    }
}

fn bits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let cell = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(cell)
        }
    })
}

impl Position {
    /// The start: an empty board, full hands, x to move.
    pub const START: Position = Position {
        small: [0, 0],
        big: [0, 0],
        small_in_hand: [SMALL_PIECES, SMALL_PIECES],
        to_move: Side::X,
    };

    /// Builds a position from its parts; `Err` names the first inconsistency.
    pub fn new(
        cells: [Option<Piece>; 9],
        small_in_hand: [u8; 2],
        to_move: Side,
    ) -> Result<Position, String> {
        let mut position = Position {
            small: [0, 0],
            big: [0, 0],
            small_in_hand,
            to_move,
        };
        for (cell, piece) in cells.iter().enumerate() {
            if let Some(piece) = piece {
                let side = piece.side.index();
                match piece.size {
                    Size::Small => position.small[side] |= 1 << cell,
                    Size::Big => position.big[side] |= 1 << cell,
                }
            }
        }
        for side in [Side::X, Side::O] {
            let s = side.index();
            let big_on_board = position.big[s].count_ones();
            if big_on_board > u32::from(BIG_PIECES) {
                return Err(format!(
                    "{side} has {big_on_board} big pieces on the board, but only {BIG_PIECES} in all"
                ));
            }
            let small_on_board = position.small[s].count_ones();
            if small_on_board + u32::from(small_in_hand[s]) > u32::from(SMALL_PIECES) {
                return Err(format!(
                    "{side} has {small_on_board} small pieces on the board and {} in hand, more than the {SMALL_PIECES} it owns",
                    small_in_hand[s]
                ));
            }
        }
        if position.has_line(Side::X) && position.has_line(Side::O) {
            return Err("both x and o have three in a row".into());
        }
        if position.has_line(to_move) {
            return Err(format!(
                "{to_move} has three in a row but is to move: the game stopped at that line"
            ));
        }
        Ok(position)
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn piece_at(&self, cell: u8) -> Option<Piece> {
        let bit = 1u16 << cell;
        for side in [Side::X, Side::O] {
            let s = side.index();
            if self.small[s] & bit != 0 {
                return Some(Piece {
                    side,
                    size: Size::Small,
                });
            }
            if self.big[s] & bit != 0 {
                return Some(Piece {
                    side,
                    size: Size::Big,
                });
            }
        }
        None
    }

    pub fn cells(&self) -> [Option<Piece>; 9] {
        std::array::from_fn(|c| self.piece_at(c as u8))
    }

    pub fn small_in_hand(&self, side: Side) -> u8 {
        self.small_in_hand[side.index()]
    }

    pub fn big_in_hand(&self, side: Side) -> u8 {
        BIG_PIECES - self.big[side.index()].count_ones() as u8
    }

    fn own(&self, side: Side) -> u16 {
        self.small[side.index()] | self.big[side.index()]
    }

    fn occupied(&self) -> u16 {
        self.own(Side::X) | self.own(Side::O)
    }

    fn all_small(&self) -> u16 {
        self.small[0] | self.small[1]
    }

    pub fn has_line(&self, side: Side) -> bool {
        has_line(self.own(side))
    }

    /// The side with three in a row, if any (only the last mover can have one).
    pub fn winner(&self) -> Option<Side> {
        [Side::X, Side::O].into_iter().find(|&s| self.has_line(s))
    }

    /// Over when someone has a line or the mover has no move; returns the winner.
    pub fn game_over(&self) -> Option<Side> {
        self.winner().or_else(|| {
            if self.legal_moves().is_empty() {
                Some(self.to_move.other())
            } else {
                None
            }
        })
    }

    /// Every legal move of the mover (none once someone has a line).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.winner().is_none() {
            self.for_each_move(|mv, _| {
                moves.push(mv);
                false
            });
        }
        moves
    }

    /// Calls `visit(move, cells the mover owns afterwards)` for each move,
    /// stopping early when it returns true. Ignores lines already made.
    fn for_each_move(&self, mut visit: impl FnMut(Move, u16) -> bool) -> bool {
        let m = self.to_move.index();
        let own = self.own(self.to_move);
        let empty = ALL_CELLS & !self.occupied();
        let small = self.all_small();
        if self.small_in_hand[m] > 0 {
            for cell in bits(empty) {
                if visit(
                    Move::Place {
                        size: Size::Small,
                        cell,
                    },
                    own | 1 << cell,
                ) {
                    return true;
                }
            }
        }
        if self.big[m].count_ones() < u32::from(BIG_PIECES) {
            for cell in bits(empty | small) {
                if visit(
                    Move::Place {
                        size: Size::Big,
                        cell,
                    },
                    own | 1 << cell,
                ) {
                    return true;
                }
            }
        }
        for from in bits(self.big[m]) {
            for to in bits(small) {
                if visit(Move::Shift { from, to }, (own & !(1 << from)) | 1 << to) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the mover can complete a line with one move.
    pub fn has_winning_move(&self) -> bool {
        self.for_each_move(|_, own| has_line(own))
    }

    /// Plays a move known to be legal.
    fn apply(&self, mv: Move) -> Position {
        let mut next = *self;
        let m = self.to_move.index();
        match mv {
            Move::Place {
                size: Size::Small,
                cell,
            } => {
                next.small[m] |= 1 << cell;
                next.small_in_hand[m] -= 1;
            }
            Move::Place {
                size: Size::Big,
                cell,
            } => {
                next.small[0] &= !(1 << cell);
                next.small[1] &= !(1 << cell);
                next.big[m] |= 1 << cell;
            }
            Move::Shift { from, to } => {
                next.small[0] &= !(1 << to);
                next.small[1] &= !(1 << to);
                next.big[m] = (next.big[m] & !(1 << from)) | 1 << to;
            }
        }
        next.to_move = self.to_move.other();
        next
    }

    /// Plays a move, or says why it is not legal.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        if self.winner().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let m = self.to_move.index();
        let check_cell = |c: u8| {
            if c < 9 {
                Ok(1u16 << c)
            } else {
                Err(IllegalMove::OffBoard)
            }
        };
        match mv {
            Move::Place {
                size: Size::Small,
                cell,
            } => {
                let bit = check_cell(cell)?;
                if self.small_in_hand[m] == 0 {
                    return Err(IllegalMove::NoSmallInHand);
                }
                if self.occupied() & bit != 0 {
                    return Err(IllegalMove::CellOccupied(cell));
                }
            }
            Move::Place {
                size: Size::Big,
                cell,
            } => {
                let bit = check_cell(cell)?;
                if self.big_in_hand(self.to_move) == 0 {
                    return Err(IllegalMove::NoBigInHand);
                }
                if (self.big[0] | self.big[1]) & bit != 0 {
                    return Err(IllegalMove::CannotCoverBig(cell));
                }
            }
            Move::Shift { from, to } => {
                let from_bit = check_cell(from)?;
                let to_bit = check_cell(to)?;
                if self.big[m] & from_bit == 0 {
                    return Err(IllegalMove::NotYourBig(from));
                }
                if self.all_small() & to_bit == 0 {
                    return Err(IllegalMove::TargetNotSmall(to));
                }
            }
        }
        Ok(self.apply(mv))
    }

    /// The move that leads from `self` to a position with the board `after`,
    /// if there is exactly such a legal move (every move gives its own board).
    pub fn move_to(&self, after: &[Option<Piece>; 9]) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.apply(mv).cells() == *after)
    }

    /// The memo key: the cells from the mover's point of view as a base-5
    /// number (0 empty, 1 own small, 2 own big, 3 opponent's small, 4
    /// opponent's big), the smallest over the 8 symmetries of the board,
    /// times 25, plus both small hands (mover's first). Below 5^9 · 25 < 2^26.
    #[inline]
    pub fn key(&self) -> u64 {
        let masks = self.masks_for_mover();
        let mut code = board_code(masks, 0);
        for s in 1..8 {
            code = code.min(board_code(masks, s));
        }
        u64::from(code * 25 + self.hands_code())
    }

    /// How many distinct keys the 8 symmetries make of this position.
    pub fn orbit_size(&self) -> usize {
        // Orbit-stabiliser: 8 divided by the symmetries that fix the board.
        let masks = self.masks_for_mover();
        let code = board_code(masks, 0);
        8 / (0..8).filter(|&s| board_code(masks, s) == code).count()
    }

    /// Own small, own big, opponent's small, opponent's big.
    fn masks_for_mover(&self) -> [u16; 4] {
        let (m, o) = (self.to_move.index(), self.to_move.other().index());
        [self.small[m], self.big[m], self.small[o], self.big[o]]
    }

    fn hands_code(&self) -> u32 {
        let (m, o) = (self.to_move.index(), self.to_move.other().index());
        u32::from(self.small_in_hand[m]) * 5 + u32::from(self.small_in_hand[o])
    }

    /// Rebuilds a position from a key (in its canonical orientation), with
    /// the mover given.
    pub fn from_key(key: u64, to_move: Side) -> Position {
        let (m, o) = (to_move.index(), to_move.other().index());
        let mut position = Position {
            small: [0; 2],
            big: [0; 2],
            small_in_hand: [0; 2],
            to_move,
        };
        position.small_in_hand[m] = (key / 5 % 5) as u8;
        position.small_in_hand[o] = (key % 5) as u8;
        // Digit d of the code puts the cell in masks[d] (0 empty, 1 own small,
        // 2 own big, 3 opponent's small, 4 opponent's big): no branches.
        let mut masks = [0u16; 5];
        let mut code = key / 25;
        for cell in 0..9 {
            masks[(code % 5) as usize] |= 1 << cell;
            code /= 5;
        }
        position.small[m] = masks[1];
        position.big[m] = masks[2];
        position.small[o] = masks[3];
        position.big[o] = masks[4];
        position
    }
}

/// `BASE5[s][mask]`: the sum of 5^c over the cells c of `mask` moved by
/// symmetry `s` (`s & 3` quarter turns, then a mirror if `s >= 4`).
static BASE5: [[u32; 512]; 8] = base5_tables();

const fn base5_tables() -> [[u32; 512]; 8] {
    let mut tables = [[0u32; 512]; 8];
    let mut s = 0;
    while s < 8 {
        let mut mask = 0;
        while mask < 512 {
            let mut code = 0u32;
            let mut cell = 0;
            while cell < 9 {
                if mask >> cell & 1 == 1 {
                    code += 5u32.pow(transform_cell(cell, s) as u32);
                }
                cell += 1;
            }
            tables[s][mask] = code;
            mask += 1;
        }
        s += 1;
    }
    tables
}

/// The base-5 code of the board under symmetry `s`.
#[inline(always)]
fn board_code(masks: [u16; 4], s: usize) -> u32 {
    let table = &BASE5[s];
    table[masks[0] as usize]
        + 2 * table[masks[1] as usize]
        + 3 * table[masks[2] as usize]
        + 4 * table[masks[3] as usize]
}

impl fmt::Display for Position {
    /// Three rows over `.xXoO`, as the contest prints boards.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u8 {
            for col in 0..3u8 {
                let ch = self.piece_at(3 * row + col).map_or('.', Piece::letter);
                write!(f, "{ch}")?;
            }
            if row < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// MNC as the generic search sees it.
///
/// Every move is expanded (no short cut for an immediate win) so that the
/// memo holds exactly the keys a full search from the start visits; a
/// position where the opponent completed a line is over (lost) and never
/// stored. `reversed` walks the moves in the opposite order: two threads
/// sharing one memo then start on different parts of the tree.
#[derive(Debug, Clone, Copy, Default)]
pub struct Mnc {
    pub reversed: bool,
}

impl Game for Mnc {
    type Position = Position;

    fn key(&self, position: &Position) -> u64 {
        position.key()
    }

    fn game_over(&self, position: &Position) -> Option<Outcome> {
        position
            .has_line(position.to_move.other())
            .then_some(Outcome::Loss(0))
    }

    fn expand(&self, position: &Position, children: &mut Vec<Position>) -> Expansion {
        position.for_each_move(|mv, _| {
            children.push(position.apply(mv));
            false
        });
        if self.reversed {
            children.reverse();
        }
        Expansion::Moves
    }

    fn no_moves(&self) -> Outcome {
        Outcome::Loss(0)
    }
}

/// Keys in the memo once the game is solved from the start.
const SOLVED_KEYS: usize = 395_554;

/// The perfect engine: a memo of exact values, shared by every query.
pub struct Engine {
    solver: Solver<Mnc, PackedMemo>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with an empty memo: it solves what it is asked, as asked.
    pub fn new() -> Engine {
        Engine {
            solver: Solver::new(Mnc::default()),
        }
    }

    /// An engine that has solved the whole game from the start, on two
    /// threads where the machine has two cores.
    pub fn solved() -> Engine {
        Self::solved_on(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// Solves the whole game from the start on 1 or 2 threads (more are not
    /// used): they fill one memo, walking the moves in opposite orders.
    pub fn solved_on(threads: usize) -> Engine {
        let table = SharedPackedMemo::with_room_for(SOLVED_KEYS);
        let threads = threads.clamp(1, 2);
        std::thread::scope(|scope| {
            for reversed in [false, true].into_iter().take(threads) {
                let table = &table;
                scope.spawn(move || {
                    Solver::with_memo(Mnc { reversed }, table).solve(&Position::START)
                });
            }
        });
        let table = table.finish();
        let mut engine = Engine {
            solver: Solver::with_memo(Mnc::default(), table),
        };
        // Cheap, and completes the memo if a thread could not store a key.
        engine.value(&Position::START);
        engine
    }

    /// The exact value of a position for its mover.
    pub fn value(&mut self, position: &Position) -> Outcome {
        self.solver.solve(position)
    }

    /// Every legal move with its value for the mover, best first (ties keep
    /// the order of generation).
    pub fn rate_moves(&mut self, position: &Position) -> Vec<(Move, Outcome)> {
        let mut rated: Vec<(Move, Outcome)> = position
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, self.value(&position.apply(mv)).for_previous_mover()))
            .collect();
        rated.sort_by_key(|r| std::cmp::Reverse(r.1));
        rated
    }

    /// The engine's choice: fastest win, else slowest loss.
    pub fn best_move(&mut self, position: &Position) -> Option<Move> {
        self.rate_moves(position).first().map(|&(mv, _)| mv)
    }

    /// Keys in the memo with their values (canonical orientation).
    pub fn memo(&self) -> Vec<(u64, Outcome)> {
        self.solver.memo().entries()
    }
}

/// The facts of a whole-game solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    /// Value of the start for x.
    pub start: Outcome,
    /// x's openings with their values for x.
    pub openings: Vec<(Move, Outcome)>,
    /// Keys a full search from the start visits (positions where a line was
    /// just completed included), counted without folding symmetries.
    pub keys: usize,
    /// Those keys that are wins for their mover.
    pub winning_keys: usize,
    /// Keys distinct under the 8 symmetries.
    pub distinct_keys: usize,
    /// Longest game under any play, in plies.
    pub longest_game: u8,
}

impl Engine {
    /// The census of a solved engine's memo.
    pub fn census(&mut self) -> Census {
        let start = self.value(&Position::START);
        let openings = self.rate_moves(&Position::START);
        let (mut keys, mut winning_keys) = (0, 0);
        for (key, value) in self.memo() {
            let orbit = Position::from_key(key, Side::X).orbit_size();
            keys += orbit;
            if value.is_win() {
                winning_keys += orbit;
            }
        }
        Census {
            start,
            openings,
            keys,
            winning_keys,
            distinct_keys: self.solver.memo().len(),
            longest_game: 0,
        }
    }
}
