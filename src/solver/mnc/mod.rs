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

use super::board::{has_line, transform_cell, BySide, Cell, Side, ALL_CELLS};
use super::search::{Expansion, Game, Outcome};

mod engine;
mod game;
mod puzzle;

pub use engine::{Census, Engine, Strength};
pub use game::{Match, MatchError, MncRecord, MncRules};
pub use puzzle::MncPuzzle;

pub const SMALL_PIECES: u8 = 4;
pub const BIG_PIECES: u8 = 2;

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

/// A move of the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece from the hand onto a cell (a big one may cover a small piece).
    Place { size: Size, cell: Cell },
    /// A big piece on the board onto a cell holding a small piece.
    Shift { from: Cell, to: Cell },
}

impl Move {
    /// The cell the move lands on.
    pub fn target(self) -> Cell {
        match self {
            Move::Place { cell, .. } => cell,
            Move::Shift { to, .. } => to,
        }
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    NoSmallInHand,
    NoBigInHand,
    CellOccupied(Cell),
    CannotCoverBig(Cell),
    NotYourBig(Cell),
    TargetNotSmall(Cell),
    /// Only under [`Rules::own_small_coverable`] off: the cell holds the
    /// mover's own small piece.
    CannotCoverOwnSmall(Cell),
}

/// Why a set-up is not a position of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionError {
    /// More big pieces of one side on the board than it owns.
    TooManyBig { side: Side, on_board: u8 },
    /// More small pieces of one side on the board and in hand than it owns.
    TooManySmall {
        side: Side,
        on_board: u8,
        in_hand: u8,
    },
    /// Both sides have three in a row: the game stops at the first line.
    BothHaveLines,
    /// The side to move already has three in a row.
    MoverHasLine(Side),
}

/// The rules the game is played by. The real game lets a big piece cover
/// any small piece, one's own included; the variant without that is there
/// to show that it matters (x would lose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub own_small_coverable: bool,
}

impl Rules {
    pub const STANDARD: Rules = Rules {
        own_small_coverable: true,
    };
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

/// A position: the pieces on the board, the small pieces in each hand (big
/// pieces in hand are 2 minus those on the board) and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Cells holding each side's small pieces.
    small: BySide<u16>,
    /// Cells holding each side's big pieces.
    big: BySide<u16>,
    /// Small pieces still in each hand.
    small_in_hand: BySide<u8>,
    to_move: Side,
}

impl Default for Position {
    fn default() -> Self {
        Self::START
    }
}

impl Position {
    /// The start: an empty board, full hands, x to move.
    pub const START: Position = Position {
        small: BySide::new(0, 0),
        big: BySide::new(0, 0),
        small_in_hand: BySide::new(SMALL_PIECES, SMALL_PIECES),
        to_move: Side::X,
    };

    /// Builds a position from its parts, or names the first inconsistency.
    pub fn new(
        cells: [Option<Piece>; 9],
        small_in_hand: BySide<u8>,
        to_move: Side,
    ) -> Result<Position, PositionError> {
        let mut position = Position {
            small: BySide::default(),
            big: BySide::default(),
            small_in_hand,
            to_move,
        };
        for (cell, piece) in Cell::ALL.into_iter().zip(cells) {
            if let Some(piece) = piece {
                match piece.size {
                    Size::Small => position.small[piece.side] |= cell.bit(),
                    Size::Big => position.big[piece.side] |= cell.bit(),
                }
            }
        }
        for side in Side::BOTH {
            let on_board = position.big[side].count_ones() as u8;
            if on_board > BIG_PIECES {
                return Err(PositionError::TooManyBig { side, on_board });
            }
            let on_board = position.small[side].count_ones() as u8;
            if on_board + small_in_hand[side] > SMALL_PIECES {
                return Err(PositionError::TooManySmall {
                    side,
                    on_board,
                    in_hand: small_in_hand[side],
                });
            }
        }
        if position.has_line(Side::X) && position.has_line(Side::O) {
            return Err(PositionError::BothHaveLines);
        }
        if position.has_line(to_move) {
            return Err(PositionError::MoverHasLine(to_move));
        }
        Ok(position)
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let bit = cell.bit();
        for side in Side::BOTH {
            if self.small[side] & bit != 0 {
                return Some(Piece {
                    side,
                    size: Size::Small,
                });
            }
            if self.big[side] & bit != 0 {
                return Some(Piece {
                    side,
                    size: Size::Big,
                });
            }
        }
        None
    }

    pub fn cells(&self) -> [Option<Piece>; 9] {
        Cell::ALL.map(|c| self.piece_at(c))
    }

    pub fn small_in_hand(&self, side: Side) -> u8 {
        self.small_in_hand[side]
    }

    /// Both sides' small pieces in hand.
    pub fn hands(&self) -> BySide<u8> {
        self.small_in_hand
    }

    pub fn big_in_hand(&self, side: Side) -> u8 {
        BIG_PIECES - self.big[side].count_ones() as u8
    }

    fn own(&self, side: Side) -> u16 {
        self.small[side] | self.big[side]
    }

    fn occupied(&self) -> u16 {
        self.own(Side::X) | self.own(Side::O)
    }

    fn all_small(&self) -> u16 {
        self.small[Side::X] | self.small[Side::O]
    }

    pub fn has_line(&self, side: Side) -> bool {
        has_line(self.own(side))
    }

    /// The completed line of `side`, if any, as a cell set.
    pub fn line_of(&self, side: Side) -> Option<u16> {
        super::board::line_in(self.own(side))
    }

    /// The side with three in a row, if any (only the last mover can have one).
    pub fn winner(&self) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.has_line(s))
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
        self.legal_moves_under(Rules::STANDARD)
    }

    /// Every legal move of the mover under `rules`.
    pub fn legal_moves_under(&self, rules: Rules) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.winner().is_none() {
            self.for_each_move(rules, |mv, _| {
                moves.push(mv);
                false
            });
        }
        moves
    }

    /// The small pieces a big piece of the mover may land on.
    #[inline]
    fn coverable(&self, rules: Rules) -> u16 {
        if rules.own_small_coverable {
            self.all_small()
        } else {
            self.small[self.to_move.other()]
        }
    }

    /// Calls `visit(move, cells the mover owns afterwards)` for each move,
    /// stopping early when it returns true. Ignores lines already made.
    #[inline]
    fn for_each_move(&self, rules: Rules, mut visit: impl FnMut(Move, u16) -> bool) -> bool {
        let m = self.to_move;
        let own = self.own(m);
        let empty = ALL_CELLS & !self.occupied();
        let coverable = self.coverable(rules);
        if self.small_in_hand[m] > 0 {
            for cell in Cell::of_set(empty) {
                let size = Size::Small;
                if visit(Move::Place { size, cell }, own | cell.bit()) {
                    return true;
                }
            }
        }
        if self.big[m].count_ones() < u32::from(BIG_PIECES) {
            for cell in Cell::of_set(empty | coverable) {
                let size = Size::Big;
                if visit(Move::Place { size, cell }, own | cell.bit()) {
                    return true;
                }
            }
        }
        for from in Cell::of_set(self.big[m]) {
            for to in Cell::of_set(coverable) {
                if visit(Move::Shift { from, to }, (own & !from.bit()) | to.bit()) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the mover can complete a line with one move.
    pub fn has_winning_move(&self) -> bool {
        self.for_each_move(Rules::STANDARD, |_, own| has_line(own))
    }

    /// Plays a move known to be legal.
    fn apply(&self, mv: Move) -> Position {
        let mut next = *self;
        let m = self.to_move;
        let (o_small, x_small) = (Side::O, Side::X);
        match mv {
            Move::Place {
                size: Size::Small,
                cell,
            } => {
                next.small[m] |= cell.bit();
                next.small_in_hand[m] -= 1;
            }
            Move::Place {
                size: Size::Big,
                cell,
            } => {
                next.small[x_small] &= !cell.bit();
                next.small[o_small] &= !cell.bit();
                next.big[m] |= cell.bit();
            }
            Move::Shift { from, to } => {
                next.small[x_small] &= !to.bit();
                next.small[o_small] &= !to.bit();
                next.big[m] = (next.big[m] & !from.bit()) | to.bit();
            }
        }
        next.to_move = self.to_move.other();
        next
    }

    /// Plays a move, or says why it is not legal.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.play_under(Rules::STANDARD, mv)
    }

    /// Plays a move under `rules`, or says why it is not legal.
    pub fn play_under(&self, rules: Rules, mv: Move) -> Result<Position, IllegalMove> {
        if self.winner().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let m = self.to_move;
        let own_small = |cell: Cell| !rules.own_small_coverable && self.small[m] & cell.bit() != 0;
        match mv {
            Move::Place {
                size: Size::Small,
                cell,
            } => {
                if self.small_in_hand[m] == 0 {
                    return Err(IllegalMove::NoSmallInHand);
                }
                if self.occupied() & cell.bit() != 0 {
                    return Err(IllegalMove::CellOccupied(cell));
                }
            }
            Move::Place {
                size: Size::Big,
                cell,
            } => {
                if self.big_in_hand(self.to_move) == 0 {
                    return Err(IllegalMove::NoBigInHand);
                }
                if (self.big[Side::X] | self.big[Side::O]) & cell.bit() != 0 {
                    return Err(IllegalMove::CannotCoverBig(cell));
                }
                if own_small(cell) {
                    return Err(IllegalMove::CannotCoverOwnSmall(cell));
                }
            }
            Move::Shift { from, to } => {
                if self.big[m] & from.bit() == 0 {
                    return Err(IllegalMove::NotYourBig(from));
                }
                if self.all_small() & to.bit() == 0 {
                    return Err(IllegalMove::TargetNotSmall(to));
                }
                if own_small(to) {
                    return Err(IllegalMove::CannotCoverOwnSmall(to));
                }
            }
        }
        Ok(self.apply(mv))
    }

    /// The small piece a move takes off the board, if it takes one.
    pub fn captured_by(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Place {
                size: Size::Small, ..
            } => None,
            Move::Place { cell, .. } | Move::Shift { to: cell, .. } => self
                .piece_at(cell)
                .filter(|piece| piece.size == Size::Small),
        }
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
        let (m, o) = (self.to_move, self.to_move.other());
        [self.small[m], self.big[m], self.small[o], self.big[o]]
    }

    fn hands_code(&self) -> u32 {
        let (m, o) = (self.to_move, self.to_move.other());
        u32::from(self.small_in_hand[m]) * 5 + u32::from(self.small_in_hand[o])
    }

    /// Rebuilds a position from a key (in its canonical orientation), with
    /// the mover given.
    pub fn from_key(key: u64, to_move: Side) -> Position {
        let (m, o) = (to_move, to_move.other());
        let mut position = Position {
            small: BySide::default(),
            big: BySide::default(),
            small_in_hand: BySide::default(),
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

/// MNC as the generic search sees it.
///
/// A position where the opponent completed a line is over (lost) and never
/// stored. With `short_cut`, a mover who can complete a line wins in 1 ply
/// without a look at the other moves (the engine's way: a third of the
/// positions settle at once); without it every move is expanded, so that
/// the memo holds exactly the keys a full search from the start visits
/// (the census). `reversed` walks the moves in the opposite order: two
/// threads sharing one memo then start on different parts of the tree.
#[derive(Debug, Clone, Copy, Default)]
pub struct Mnc {
    pub rules: Rules,
    pub short_cut: bool,
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
        let wins_at_once = position.for_each_move(self.rules, |mv, own| {
            if self.short_cut && has_line(own) {
                return true;
            }
            children.push(position.apply(mv));
            false
        });
        if wins_at_once {
            children.clear();
            return Expansion::Settled(Outcome::Win(1));
        }
        if self.reversed {
            children.reverse();
        }
        Expansion::Moves
    }

    fn no_moves(&self) -> Outcome {
        Outcome::Loss(0)
    }
}
