//! The sequence of values a front end shows — an octal game's heaps, or the
//! free segments of Treblecross (0.007 read from heap 2 on) — and the
//! figures that `noughts grundy --stats` and the app's panel give of it.

use super::stats::{find_period, stats, GrundyStats};
use super::HEAP_OF_SEGMENT;
use crate::solver::octal::OctalGame;
use std::ops::Range;

/// Which game's values, counted how: position `i` of the sequence is heap
/// `i + offset` of the game — a heap of `n` tokens (offset 0), or a free
/// Treblecross segment of `L` cells (0.007 on a heap of `L + 2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    game: OctalGame,
    offset: usize,
}

impl Sequence {
    /// Free Treblecross segments of `L` cells: 0.007 from heap 2 on.
    pub fn segments() -> Sequence {
        Sequence {
            game: OctalGame::treblecross(),
            offset: HEAP_OF_SEGMENT,
        }
    }

    /// The heaps of `n` tokens of `game` (of 0.007 too: heaps, not
    /// segments).
    pub fn heaps(game: OctalGame) -> Sequence {
        Sequence { game, offset: 0 }
    }

    pub fn game(&self) -> &OctalGame {
        &self.game
    }

    /// Position `i` of the sequence is heap `i + offset`.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the positions are free segments (`L`) rather than heaps
    /// (`n`).
    pub fn is_segments(&self) -> bool {
        self.offset != 0
    }

    /// The sequence's values in a table of the game's heap values.
    pub fn values<'a>(&self, heaps: &'a [u16]) -> &'a [u16] {
        &heaps[self.offset.min(heaps.len())..]
    }

    /// The figures of the values at the positions of `range` (as far as
    /// `heaps`, the game's heap values, holds them), with the period that
    /// every value up to the end of the range proves.
    pub fn figures(&self, heaps: &[u16], range: Range<usize>) -> Figures {
        let values = self.values(heaps);
        let end = range.end.min(values.len());
        let first = range.start.min(end);
        let mut stats = stats(&values[first..end]);
        stats.first_largest_at += first;
        stats.split.last_rare += first;
        let take = self.game.periodicity_take();
        let period = match take {
            Some(take) if end > 0 => {
                find_period(&heaps[..end + self.offset], take).map(|p| ProvedPeriod {
                    period: p.period,
                    preperiod: p.preperiod.saturating_sub(self.offset),
                    proved_up_to: p.proof_length(take) - 1 - self.offset,
                })
            }
            _ => None,
        };
        Figures {
            first,
            end,
            stats,
            period,
            period_checked: take.is_some(),
        }
    }
}

/// What is said of a stretch of a sequence: the figures of its values, and
/// the period proved by the values up to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    /// The stretch: positions `first … end − 1` (none when they are equal).
    pub first: usize,
    pub end: usize,
    /// The figures of the stretch's values, at positions of the sequence:
    /// `first_largest_at` and `split.last_rare` count from 0, not from
    /// `first` (`split.last_rare` is `first` when no value is rare).
    pub stats: GrundyStats,
    /// The period the values `0 … end − 1` prove, if any (none looked for
    /// when `end` is 0).
    pub period: Option<ProvedPeriod>,
    /// Whether the Guy–Smith check applies (not to Grundy's game).
    pub period_checked: bool,
}

/// A period proved, at positions of the sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProvedPeriod {
    /// `G(i + period) = G(i)` for every `i >= preperiod` …
    pub period: usize,
    pub preperiod: usize,
    /// … proved by the values up to this position (the fewest that do).
    pub proved_up_to: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::grundy::{GrundyMethod, Naive, Period};

    fn heaps(game: &OctalGame, n: usize) -> Vec<u16> {
        let mut heaps = Vec::new();
        Naive.extend_to(game, &mut heaps, n, 1).unwrap();
        heaps
    }

    #[test]
    fn the_whole_sequence_has_the_figures_of_its_values() {
        let kayles = OctalGame::from_digits(vec![0, 7, 7]).unwrap();
        let table = heaps(&kayles, 400);
        let figures = Sequence::heaps(kayles).figures(&table, 0..usize::MAX);
        assert_eq!((figures.first, figures.end), (0, 400));
        assert_eq!(figures.stats, stats(&table));
        // Kayles: period 12 from heap 71 (Guy & Smith).
        let p = figures.period.unwrap();
        assert_eq!((p.period, p.preperiod), (12, 71));
        let proof = Period {
            preperiod: 71,
            period: 12,
        }
        .proof_length(2);
        assert_eq!(p.proved_up_to, proof - 1);
    }

    #[test]
    fn a_stretch_counts_positions_from_the_start_of_the_sequence() {
        let sequence = Sequence::segments();
        let table = heaps(sequence.game(), 1000);
        let values = sequence.values(&table);
        assert_eq!(values.len(), 998);
        let figures = sequence.figures(&table, 80..180);
        let plain = stats(&values[80..180]);
        assert_eq!(figures.stats.largest, plain.largest);
        assert_eq!(figures.stats.first_largest_at, 80 + plain.first_largest_at);
        assert_eq!(figures.stats.split.last_rare, 80 + plain.split.last_rare);
        // Past the end: cut to what the table holds; empty: no period.
        assert_eq!(sequence.figures(&table, 900..5000).end, 998);
        let none = sequence.figures(&table, 2000..3000);
        assert_eq!((none.first, none.end, none.stats.count), (998, 998, 0));
        assert_eq!(sequence.figures(&table, 0..0).period, None);
    }

    #[test]
    fn segments_are_heaps_two_tokens_longer() {
        let segments = Sequence::segments();
        let heaps_of_0007 = Sequence::heaps(OctalGame::treblecross());
        assert!(segments.is_segments() && !heaps_of_0007.is_segments());
        let table = heaps(segments.game(), 500);
        assert_eq!(segments.values(&table), &table[2..]);
        assert_eq!(heaps_of_0007.values(&table), &table[..]);
        assert!(segments.figures(&table, 0..498).period_checked);
    }

    #[test]
    fn grundys_game_has_no_period_check() {
        let game = OctalGame::grundys_game();
        let table = heaps(&game, 300);
        let figures = Sequence::heaps(game).figures(&table, 0..300);
        assert!(!figures.period_checked);
        assert_eq!(figures.period, None);
    }
}
