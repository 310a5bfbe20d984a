//! Treblecross: a strip of cells, both players place `X`, three in a row wins.
//!
//! An immediate win (filling `XX.`, `.XX` or `X.X`) is taken when there is
//! one. Otherwise every cell within distance 2 of an `X` is unsafe (playing
//! there lets the opponent complete three), the safe cells form independent
//! free segments, and the game is their sum: the mover wins iff the xor of
//! the segments' Grundy values is non-zero. Winning cells come from one pass
//! over the segments with the Grundy table: O(n).

use super::grundy::{split, GrundyTable};
use super::octal::ValueTooLarge;
use super::search::{Expansion, Game, Outcome, Solver};
use std::ops::Deref;

/// A Treblecross strip: each cell holds an `X` (true) or is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Strip(Vec<bool>);

impl Strip {
    /// The fewest cells a strip has (shorter ones cannot hold three).
    pub const MIN_LEN: usize = 3;

    /// An empty strip of `len` cells.
    pub fn empty(len: usize) -> Strip {
        Strip(vec![false; len])
    }

    pub fn cells(&self) -> &[bool] {
        &self.0
    }

    pub fn set(&mut self, cell: usize, x: bool) {
        self.0[cell] = x;
    }

    pub fn toggle(&mut self, cell: usize) {
        self.0[cell] = !self.0[cell];
    }

    /// Longer (with empty cells) or shorter (cut at the right end).
    pub fn resize(&mut self, len: usize) {
        self.0.resize(len, false);
    }

    /// Whether any cell holds an `X`.
    pub fn has_x(&self) -> bool {
        self.0.contains(&true)
    }
}

impl From<Vec<bool>> for Strip {
    fn from(cells: Vec<bool>) -> Strip {
        Strip(cells)
    }
}

impl Deref for Strip {
    type Target = [bool];
    fn deref(&self) -> &[bool] {
        &self.0
    }
}

/// A maximal run of safe empty cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeSegment {
    /// Index of its first cell in the strip (0-based).
    pub start: usize,
    pub len: usize,
    /// Its Grundy value G(len).
    pub grundy: u16,
}

/// What the player to move has on a strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripAnalysis {
    /// Three `X` are already in a row: the game is over, the previous
    /// player won. Carries the start of the first such run.
    Finished { run_start: usize },
    /// The mover completes three at once on any of these cells (0-based).
    ImmediateWin { cells: Vec<usize> },
    /// No immediate win: the free segments decide.
    Segments {
        segments: Vec<FreeSegment>,
        /// The xor of all segment values (non-zero: the mover wins).
        nim_sum: u16,
        /// Every winning cell (0-based, ascending); empty when losing.
        winning_cells: Vec<usize>,
    },
}

impl StripAnalysis {
    pub fn is_winning(&self) -> bool {
        match self {
            StripAnalysis::Finished { .. } => false,
            StripAnalysis::ImmediateWin { .. } => true,
            StripAnalysis::Segments { nim_sum, .. } => *nim_sum != 0,
        }
    }

    pub fn winning_cells(&self) -> &[usize] {
        match self {
            StripAnalysis::Finished { .. } => &[],
            StripAnalysis::ImmediateWin { cells } => cells,
            StripAnalysis::Segments { winning_cells, .. } => winning_cells,
        }
    }
}

/// The first run of three `X`, if any.
pub fn three_in_a_row(strip: &[bool]) -> Option<usize> {
    strip.windows(3).position(|w| w[0] && w[1] && w[2])
}

/// The cells holding an `X`, ascending: the analysis works on these, so
/// that apart from one pass over the strip it costs O(number of X).
fn x_cells(strip: &[bool]) -> Vec<usize> {
    strip
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| x.then_some(i))
        .collect()
}

/// Cells where placing an `X` makes three in a row (ascending).
pub fn immediate_wins(strip: &[bool]) -> Vec<usize> {
    immediate_wins_of(&x_cells(strip), strip.len())
}

/// [`immediate_wins`] from the `X` cells of a strip of `n` cells. Such a
/// cell needs two `X` within distance 2 of each other: `XX.`, `.XX`, `X.X`.
fn immediate_wins_of(xs: &[usize], n: usize) -> Vec<usize> {
    let mut cells = Vec::new();
    for pair in xs.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        match b - a {
            1 => {
                cells.extend(a.checked_sub(1));
                cells.extend(Some(b + 1).filter(|&c| c < n));
            }
            2 => cells.push(a + 1),
            _ => {}
        }
    }
    // The neighbours of a pair may hold an X (a run of three): not empty.
    cells.retain(|c| xs.binary_search(c).is_err());
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Whether each cell is safe: empty and not within distance 2 of an `X`.
pub fn safe_cells(strip: &[bool]) -> Vec<bool> {
    let n = strip.len();
    let mut safe = vec![true; n];
    for (i, _) in strip.iter().enumerate().filter(|(_, &x)| x) {
        for s in &mut safe[i.saturating_sub(2)..(i + 3).min(n)] {
            *s = false;
        }
    }
    safe
}

/// The free segments (start and length) of a strip of `n` cells with `X`
/// on `xs`: the gaps between the cells within distance 2 of an `X`.
fn segments_of(xs: impl IntoIterator<Item = usize>, n: usize) -> impl Iterator<Item = FreeSegment> {
    let mut free_from = 0;
    xs.into_iter()
        .chain(std::iter::once(n + 2))
        .filter_map(move |x| {
            let free_to = x.saturating_sub(2).min(n);
            let segment = (free_to > free_from).then(|| FreeSegment {
                start: free_from,
                len: free_to - free_from,
                grundy: 0,
            });
            free_from = free_from.max(x + 3);
            segment
        })
}

/// The length of the longest free segment (0 if none): how far the Grundy
/// table must reach to analyse the strip.
pub fn longest_free_segment(strip: &[bool]) -> usize {
    // One pass, nothing kept: a strip may have hundreds of millions of cells.
    let xs = strip
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| x.then_some(i));
    segments_of(xs, strip.len())
        .map(|s| s.len)
        .max()
        .unwrap_or(0)
}

/// The free segments of a strip with no immediate win, with their values.
pub fn free_segments(
    strip: &[bool],
    table: &mut GrundyTable,
) -> Result<Vec<FreeSegment>, ValueTooLarge> {
    valued(segments_of(x_cells(strip), strip.len()).collect(), table)
}

/// Gives each segment its Grundy value, growing the table to the longest.
fn valued(
    mut segments: Vec<FreeSegment>,
    table: &mut GrundyTable,
) -> Result<Vec<FreeSegment>, ValueTooLarge> {
    if let Some(longest) = segments.iter().map(|s| s.len).max() {
        table.extend_to(longest + 1)?;
    }
    for segment in &mut segments {
        segment.grundy = table.get(segment.len);
    }
    Ok(segments)
}

/// The full analysis of a strip for the player to move, in O(n) once the
/// table holds the longest segment (it is extended to it when shorter).
pub fn analyze(strip: &[bool], table: &mut GrundyTable) -> Result<StripAnalysis, ValueTooLarge> {
    let xs = x_cells(strip);
    if let Some(i) = xs.windows(3).position(|w| w[2] == w[0] + 2) {
        return Ok(StripAnalysis::Finished { run_start: xs[i] });
    }
    let cells = immediate_wins_of(&xs, strip.len());
    if !cells.is_empty() {
        return Ok(StripAnalysis::ImmediateWin { cells });
    }
    let segments = valued(
        segments_of(xs.iter().copied(), strip.len()).collect(),
        table,
    )?;
    let nim_sum = segments.iter().fold(0, |acc, s| acc ^ s.grundy);
    let mut winning_cells = Vec::new();
    if nim_sum != 0 {
        let values = table.values();
        for segment in &segments {
            // Playing in this segment must leave it worth `target`.
            let target = nim_sum ^ segment.grundy;
            for p in 0..segment.len {
                let (left, right) = split(segment.len, p);
                if values[left] ^ values[right] == target {
                    winning_cells.push(segment.start + p);
                }
            }
        }
    }
    Ok(StripAnalysis::Segments {
        segments,
        nim_sum,
        winning_cells,
    })
}

/// Treblecross as the generic search sees it: the exhaustive slow twin of
/// [`analyze`] and the engine for short strips. A strip is a bitmask of its
/// `X` cells; both players place `X`, so the mover does not matter.
#[derive(Debug, Clone, Copy)]
pub struct Treblecross {
    pub len: u32,
}

impl Treblecross {
    fn full(&self) -> u64 {
        (1u64 << self.len) - 1
    }

    fn has_three(mask: u64) -> bool {
        mask & mask >> 1 & mask >> 2 != 0
    }
}

impl Game for Treblecross {
    type Position = u64;

    fn key(&self, mask: &u64) -> u64 {
        *mask
    }

    fn expand(&self, &mask: &u64, children: &mut Vec<u64>) -> Expansion {
        if Self::has_three(mask) {
            return Expansion::Settled(Outcome::Loss(0));
        }
        let empty = self.full() & !mask;
        let mut rest = empty;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if Self::has_three(mask | bit) {
                return Expansion::Settled(Outcome::Win(1));
            }
            children.push(mask | bit);
        }
        Expansion::Moves
    }

    fn no_moves(&self) -> Outcome {
        // Only a strip of fewer than 3 cells can fill up without a line.
        Outcome::Draw
    }
}

/// Strips with at most this many empty cells are played exactly by search:
/// about 40 ms for 24 empty cells, growing about 1.6 times per cell (600 ms
/// at 30), so the app can answer at once.
pub const EXACT_ENGINE_EMPTY_CELLS: usize = 24;

/// The engine's move on a strip with no three in a row, or `None` if it
/// is full. It takes a winning cell whenever it has one; otherwise it plays
/// the move that keeps the game going longest. Exact (fastest win, slowest
/// loss) when at most [`EXACT_ENGINE_EMPTY_CELLS`] cells are empty; on
/// longer strips it takes the first winning cell of [`analyze`] or, when
/// losing, the safe cell that leaves the most safe cells (a cell next to an
/// `X` only when every cell is unsafe).
pub fn engine_move(
    strip: &[bool],
    table: &mut GrundyTable,
) -> Result<Option<usize>, ValueTooLarge> {
    let empty: Vec<usize> = (0..strip.len()).filter(|&i| !strip[i]).collect();
    if empty.is_empty() || three_in_a_row(strip).is_some() {
        return Ok(None);
    }
    if empty.len() <= EXACT_ENGINE_EMPTY_CELLS && strip.len() <= 64 {
        let mut solver: Solver<Treblecross> = Solver::new(Treblecross {
            len: strip.len() as u32,
        });
        let mask = to_mask(strip);
        // Best for the mover: the highest value of the position after it.
        return Ok(empty.iter().copied().max_by_key(|&i| {
            (
                solver.solve(&(mask | 1 << i)).for_previous_mover(),
                std::cmp::Reverse(i),
            )
        }));
    }
    if let Some(&cell) = analyze(strip, table)?.winning_cells().first() {
        return Ok(Some(cell));
    }
    // Playing at i makes the safe cells within distance 2 of it unsafe;
    // the move that loses fewest keeps the most moves for later. O(n).
    let safe = safe_cells(strip);
    let lost = |i: usize| {
        (i.saturating_sub(2)..(i + 3).min(strip.len()))
            .filter(|&j| safe[j])
            .count()
    };
    Ok((0..strip.len())
        .filter(|&i| safe[i])
        .min_by_key(|&i| (lost(i), i))
        .or_else(|| empty.first().copied()))
}

/// What a strip is worth to the player to move: winning or losing, and
/// in how many plies under perfect play when that is known exactly (at
/// most [`EXACT_ENGINE_EMPTY_CELLS`] empty cells on 64 cells or fewer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StripValue {
    pub winning: bool,
    pub plies: Option<u8>,
}

impl StripValue {
    /// The value as an outcome for the mover when exact.
    pub fn outcome(self) -> Option<Outcome> {
        self.plies.map(|d| {
            if self.winning {
                Outcome::Win(d)
            } else {
                Outcome::Loss(d)
            }
        })
    }
}

/// The exact search of a strip, when it is small enough.
fn exact_solver(strip: &[bool]) -> Option<Solver<Treblecross>> {
    let empty = strip.iter().filter(|&&x| !x).count();
    (empty <= EXACT_ENGINE_EMPTY_CELLS && strip.len() <= 64).then(|| {
        Solver::new(Treblecross {
            len: strip.len() as u32,
        })
    })
}

fn value_with(
    strip: &[bool],
    solver: &mut Option<Solver<Treblecross>>,
    table: &mut GrundyTable,
) -> Result<StripValue, ValueTooLarge> {
    if let Some(solver) = solver {
        let outcome = solver.solve(&to_mask(strip));
        return Ok(StripValue {
            winning: outcome.is_win(),
            plies: outcome.distance(),
        });
    }
    Ok(StripValue {
        winning: analyze(strip, table)?.is_winning(),
        plies: None,
    })
}

/// The value of a strip for the player to move (a strip with three in a
/// row is lost for the player to move: the other one made it).
pub fn strip_value(strip: &[bool], table: &mut GrundyTable) -> Result<StripValue, ValueTooLarge> {
    value_with(strip, &mut exact_solver(strip), table)
}

/// The perfect line from a strip: the engine's move (see [`engine_move`])
/// for each side in turn until three in a row or a full strip, each cell
/// with the value, for the player making it, of the strip before it.
/// Exact on small strips; on long ones the winner's moves are winning
/// moves and the loser's the longest-lasting of [`engine_move`]. At most
/// `most` moves; true with them if the line goes on past that.
pub fn perfect_line(
    strip: &[bool],
    table: &mut GrundyTable,
    most: usize,
) -> Result<(Vec<(usize, StripValue)>, bool), ValueTooLarge> {
    let mut strip = strip.to_vec();
    let mut solver = exact_solver(&strip);
    let mut line = Vec::new();
    while three_in_a_row(&strip).is_none() {
        if line.len() == most {
            let more = strip.iter().any(|&x| !x);
            return Ok((line, more));
        }
        if solver.is_none() {
            // Few enough cells left to search exactly from here on.
            solver = exact_solver(&strip);
        }
        let value = value_with(&strip, &mut solver, table)?;
        let cell = match &mut solver {
            // The solver already holds this strip's subtree: choose here.
            Some(solver) => {
                let mask = to_mask(&strip);
                (0..strip.len()).filter(|&i| !strip[i]).max_by_key(|&i| {
                    (
                        solver.solve(&(mask | 1 << i)).for_previous_mover(),
                        std::cmp::Reverse(i),
                    )
                })
            }
            None => engine_move(&strip, table)?,
        };
        let Some(cell) = cell else { break };
        line.push((cell, value));
        strip[cell] = true;
    }
    Ok((line, false))
}

/// The two players of a game against the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    You,
    Engine,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::You => Player::Engine,
            Player::Engine => Player::You,
        }
    }
}

/// Why a move of a [`Match`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchError {
    /// The strip already holds three in a row: there is no game to play.
    AlreadyOver,
    /// The game has a winner.
    GameOver,
    /// Not this player's turn.
    NotYourTurn,
    /// The cell is off the strip or holds an `X` already.
    Taken(usize),
    /// Nothing of yours to take back.
    NothingToTakeBack,
    /// The strip is full (no move, no winner: a strip under 3 cells).
    Full,
    /// The engine's Grundy values passed `u16`.
    TooLarge(ValueTooLarge),
}

/// A game against the engine on a strip: who is to move, who won, and the
/// cells played, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub strip: Strip,
    pub to_move: Player,
    pub winner: Option<Player>,
    pub moves: Vec<(Player, usize)>,
}

impl Match {
    /// A game on `strip` with `first` to move; refused if the strip already
    /// holds three in a row.
    pub fn new(strip: Strip, first: Player) -> Result<Match, MatchError> {
        if three_in_a_row(&strip).is_some() {
            return Err(MatchError::AlreadyOver);
        }
        Ok(Match {
            strip,
            to_move: first,
            winner: None,
            moves: Vec::new(),
        })
    }

    /// Whether the game goes on (no winner yet).
    pub fn is_on(&self) -> bool {
        self.winner.is_none()
    }

    /// `player` puts an `X` on `cell`; three in a row wins.
    pub fn play(&mut self, player: Player, cell: usize) -> Result<(), MatchError> {
        if self.winner.is_some() {
            return Err(MatchError::GameOver);
        }
        if player != self.to_move {
            return Err(MatchError::NotYourTurn);
        }
        if self.strip.get(cell) != Some(&false) {
            return Err(MatchError::Taken(cell));
        }
        self.strip.set(cell, true);
        self.moves.push((player, cell));
        self.to_move = player.other();
        if three_in_a_row(&self.strip).is_some() {
            self.winner = Some(player);
        }
        Ok(())
    }

    /// The engine's move (see [`engine_move`]), played; returns its cell.
    pub fn engine_plays(&mut self, table: &mut GrundyTable) -> Result<usize, MatchError> {
        if self.winner.is_some() {
            return Err(MatchError::GameOver);
        }
        if self.to_move != Player::Engine {
            return Err(MatchError::NotYourTurn);
        }
        let cell = engine_move(&self.strip, table)
            .map_err(MatchError::TooLarge)?
            .ok_or(MatchError::Full)?;
        self.play(Player::Engine, cell)?;
        Ok(cell)
    }

    /// Takes back your last move and everything after it (the engine's
    /// reply); you are to move again.
    pub fn take_back(&mut self) -> Result<(), MatchError> {
        let last_yours = self
            .moves
            .iter()
            .rposition(|(p, _)| *p == Player::You)
            .ok_or(MatchError::NothingToTakeBack)?;
        for (_, cell) in self.moves.drain(last_yours..) {
            self.strip.set(cell, false);
        }
        self.to_move = Player::You;
        self.winner = None;
        Ok(())
    }

    /// The engine's cells, in the order played.
    pub fn engine_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.moves
            .iter()
            .filter(|(p, _)| *p == Player::Engine)
            .map(|(_, c)| *c)
    }
}

/// A strip as a bitmask (cell 0 = bit 0).
pub fn to_mask(strip: &[bool]) -> u64 {
    strip
        .iter()
        .enumerate()
        .filter(|(_, &x)| x)
        .fold(0, |m, (i, _)| m | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(s: &str) -> Strip {
        Strip::from(s.chars().map(|c| c == 'X').collect::<Vec<_>>())
    }

    #[test]
    fn sample_of_the_contest() {
        let mut table = GrundyTable::default();
        let cases = [
            (".....", Some(vec![3])),
            ("X.....X..X.............X....X..X", None),
            (".X.X...X", Some(vec![3])),
            (
                "...............................................",
                Some(vec![1, 12, 15, 17, 20, 24, 28, 31, 33, 36, 47]),
            ),
        ];
        for (s, expected) in cases {
            let analysis = analyze(&strip(s), &mut table).unwrap();
            match expected {
                Some(cells) => {
                    assert!(analysis.is_winning(), "{s}");
                    let one_based: Vec<usize> =
                        analysis.winning_cells().iter().map(|c| c + 1).collect();
                    assert_eq!(one_based, cells, "{s}");
                }
                None => {
                    assert!(!analysis.is_winning(), "{s}");
                    assert!(analysis.winning_cells().is_empty());
                }
            }
        }
    }

    #[test]
    fn finished_and_immediate_strips() {
        let mut table = GrundyTable::default();
        assert_eq!(
            analyze(&strip("..XXX."), &mut table).unwrap(),
            StripAnalysis::Finished { run_start: 2 }
        );
        assert_eq!(
            analyze(&strip("X.X..XX"), &mut table).unwrap(),
            StripAnalysis::ImmediateWin { cells: vec![1, 4] }
        );
    }

    #[test]
    fn segments_of_a_strip() {
        let mut table = GrundyTable::default();
        // X at 0 and 9 of 13 cells: safe cells are 3..=6 and 12.
        let segments = free_segments(&strip("X........X..."), &mut table).unwrap();
        assert_eq!(
            segments,
            vec![
                FreeSegment {
                    start: 3,
                    len: 4,
                    grundy: 2
                },
                FreeSegment {
                    start: 12,
                    len: 1,
                    grundy: 1
                }
            ]
        );
    }

    #[test]
    fn a_match_alternates_ends_on_three_and_takes_back() {
        let mut table = GrundyTable::default();
        assert_eq!(
            Match::new(strip("XXX.."), Player::You),
            Err(MatchError::AlreadyOver)
        );
        let mut game = Match::new(strip("......."), Player::You).unwrap();
        assert_eq!(game.play(Player::Engine, 0), Err(MatchError::NotYourTurn));
        game.play(Player::You, 3).unwrap();
        assert_eq!(game.play(Player::You, 4), Err(MatchError::NotYourTurn));
        let reply = game.engine_plays(&mut table).unwrap();
        assert_eq!(game.moves, [(Player::You, 3), (Player::Engine, reply)]);
        assert_eq!(game.play(Player::You, reply), Err(MatchError::Taken(reply)));
        game.take_back().unwrap();
        assert!(game.moves.is_empty() && !game.strip.has_x());
        assert_eq!(game.take_back(), Err(MatchError::NothingToTakeBack));
        // X.X: the mover completes three and wins.
        let mut game = Match::new(strip("X.X...."), Player::You).unwrap();
        game.play(Player::You, 1).unwrap();
        assert_eq!(game.winner, Some(Player::You));
        assert_eq!(game.play(Player::Engine, 5), Err(MatchError::GameOver));
    }
}
