//! Looking for a period among values that stream past, in memory that does
//! not grow with them: does `G(n + p) = G(n)` hold for every `n` of a
//! window `from … to − 1` (the values since the last rare heap) for some
//! `p ≤ (to − from) / 2` (a period seen at least twice)?
//!
//! The values are read in stretches, twice at most plus once per period
//! left to confirm. The scarcest value of the window decides which periods
//! can be: if it occurs once, at `m`, no `p` up to the bound is a period,
//! since one of `m − p` and `m + p` lies in the window and holds another
//! value — a proof anyone can check with another table. If it occurs `k`
//! times, at `o1 < o2 < …`, a period `p` must carry `o1` onto another of
//! them (`o1 − p` is before the window, so `o1 + p` is in it), so only the
//! `k − 1` differences `oj − o1` can be periods; those that carry every
//! occurrence onto another are confirmed value by value over the window.
//!
//! A period confirmed in the window is proved for every later heap by the
//! theorem of Guy and Smith once the window reaches `2·from + 2p + t + 1`
//! values (`t` the most tokens a move takes, `from` at least 1; heap 0 has
//! no move: [`super::Period::proof_length`]).

use super::Period;

/// Where the values come from: `read(at, out)` fills `out` with
/// `G(at …)`, or says why it cannot (a checkpoint read back).
pub type Reader<'a> = dyn FnMut(usize, &mut [u16]) -> Result<(), String> + 'a;

/// How many values are read at a time.
const STRETCH: usize = 1 << 16;

/// At most this many positions of the scarcest value are kept (2^18, 2 MiB):
/// past it the search says it did not decide.
pub const MOST_PLACES: usize = 1 << 18;

/// The places of the scarcest value a ruling gives, where it has this
/// many at most.
pub const PLACES_SAID: usize = 8;

/// At most this many candidate periods are read value by value and found
/// wanting (each reads the window once more): past it the search says it
/// did not decide.
pub const MOST_CONFIRMED: usize = 16;

/// What the window's values say of a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No value in the window (it is empty): nothing to say.
    Empty,
    /// `value` occurs once in the window, at `at`: no period up to the
    /// bound.
    Once { value: u16, at: usize },
    /// `value` occurs `times` times; none of the periods its positions
    /// allow (up to the bound) holds over the window. Its
    /// `places` where they are few (at most [`PLACES_SAID`]), for a reader
    /// to check.
    Ruled {
        value: u16,
        times: usize,
        /// The distances from its first place to another, up to the
        /// bound: the only periods there can be.
        within: usize,
        places: Vec<usize>,
    },
    /// `G(n + period) = G(n)` for every `n` with `from ≤ n < to − period`,
    /// the smallest such period up to the bound; `proved` once the window
    /// is long enough for the Guy–Smith theorem.
    Repeats { period: usize, proved: bool },
    /// Not decided within the limits: `value` (the scarcest) occurs
    /// `times` times, and `cause` says which limit stopped the search.
    Undecided {
        value: u16,
        times: usize,
        cause: Undecided,
    },
}

/// Which limit left a search undecided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undecided {
    /// The scarcest value has more than [`MOST_PLACES`] places to keep.
    TooManyPlaces,
    /// [`MOST_CONFIRMED`] candidate periods were compared value by value
    /// and failed, and `left` more were still to compare.
    TooManyCandidates { left: usize },
}

/// The search over the window `from … to − 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodSearch {
    pub from: usize,
    pub to: usize,
    /// Periods `1 … bound` were looked for: `(to − from) / 2`.
    pub bound: usize,
    pub verdict: Verdict,
}

/// The values that prove a period `period` from `from` (Guy–Smith), `t`
/// the most tokens a move takes.
pub fn proof_length(from: usize, period: usize, largest_take: usize) -> usize {
    Period {
        preperiod: from,
        period,
    }
    .proof_length(largest_take)
}

/// Searches `from … to − 1` of the values `read` gives (`read(at, out)`
/// fills `out` with `G(at …)`); `largest_take` is the game's `t` of the
/// Guy–Smith theorem, `None` where it does not apply (a period is then
/// never called proved).
pub fn search(
    from: usize,
    to: usize,
    largest_take: Option<usize>,
    read: &mut Reader,
) -> Result<PeriodSearch, String> {
    let to = to.max(from);
    let bound = (to - from) / 2;
    let done = |verdict| PeriodSearch {
        from,
        to,
        bound,
        verdict,
    };
    // The first pass: how often each value occurs, and where first.
    let mut counts: Vec<(usize, usize)> = Vec::new();
    stretches(from, to, read, &mut |at, values| {
        for (i, &g) in values.iter().enumerate() {
            let g = usize::from(g);
            if counts.len() <= g {
                counts.resize(g + 1, (0, 0));
            }
            if counts[g].0 == 0 {
                counts[g].1 = at + i;
            }
            counts[g].0 += 1;
        }
    })?;
    // The scarcest value (the first found of the scarcest, to be repeatable).
    let scarcest = (counts.iter().enumerate())
        .filter(|(_, c)| c.0 > 0)
        .min_by_key(|&(_, &(times, first))| (times, first));
    let Some((value, &(times, first))) = scarcest else {
        return Ok(done(Verdict::Empty));
    };
    let value = value as u16;
    if times == 1 {
        return Ok(done(Verdict::Once { value, at: first }));
    }
    if times > MOST_PLACES {
        let cause = Undecided::TooManyPlaces;
        return Ok(done(Verdict::Undecided {
            value,
            times,
            cause,
        }));
    }
    // The second pass: where it occurs.
    let mut places = Vec::with_capacity(times);
    stretches(from, to, read, &mut |at, values| {
        let found = values.iter().enumerate().filter(|(_, &g)| g == value);
        places.extend(found.map(|(i, _)| at + i));
    })?;
    // A period carries each place onto another, within the window.
    let carried = |p: usize| {
        places.iter().all(|&m| {
            let back = m < from + p || places.binary_search(&(m - p)).is_ok();
            let on = m + p >= to || places.binary_search(&(m + p)).is_ok();
            back && on
        })
    };
    let within: Vec<usize> = (places.iter().skip(1))
        .map(|&m| m - places[0])
        .take_while(|&p| p <= bound)
        .collect();
    let candidates: Vec<usize> = within.iter().copied().filter(|&p| carried(p)).collect();
    // The smallest first: the first that holds is the answer.
    for (tried, &period) in candidates.iter().enumerate() {
        if tried == MOST_CONFIRMED {
            let left = candidates.len() - tried;
            let cause = Undecided::TooManyCandidates { left };
            return Ok(done(Verdict::Undecided {
                value,
                times,
                cause,
            }));
        }
        if repeats(from, to, period, read)? {
            let proved = largest_take.is_some_and(|t| to >= proof_length(from, period, t));
            return Ok(done(Verdict::Repeats { period, proved }));
        }
    }
    places.truncate(if times <= PLACES_SAID { times } else { 0 });
    Ok(done(Verdict::Ruled {
        value,
        times,
        within: within.len(),
        places,
    }))
}

/// Whether `G(n + period) = G(n)` for every `n` with `from ≤ n < to −
/// period`, read a stretch at a time.
fn repeats(from: usize, to: usize, period: usize, read: &mut Reader) -> Result<bool, String> {
    let mut here = vec![0; STRETCH];
    let mut there = vec![0; STRETCH];
    let mut at = from;
    while at + period < to {
        let len = STRETCH.min(to - period - at);
        read(at, &mut here[..len])?;
        read(at + period, &mut there[..len])?;
        if here[..len] != there[..len] {
            return Ok(false);
        }
        at += len;
    }
    Ok(true)
}

/// Gives `from … to − 1` to `take` a stretch at a time, with its start.
fn stretches(
    from: usize,
    to: usize,
    read: &mut Reader,
    take: &mut dyn FnMut(usize, &[u16]),
) -> Result<(), String> {
    let mut buffer = vec![0; STRETCH.min(to - from)];
    let mut at = from;
    while at < to {
        let len = STRETCH.min(to - at);
        read(at, &mut buffer[..len])?;
        take(at, &buffer[..len]);
        at += len;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search over a table in memory.
    fn search_in(values: &[u16], from: usize, t: Option<usize>) -> PeriodSearch {
        let mut read = |at: usize, out: &mut [u16]| {
            out.copy_from_slice(&values[at..at + out.len()]);
            Ok(())
        };
        search(from, values.len(), t, &mut read).unwrap()
    }

    /// The smallest period of the window the plain way: every p up to the
    /// bound, every n (shares nothing with `search` but the question).
    fn smallest_plainly(values: &[u16], from: usize) -> Option<usize> {
        let bound = (values.len() - from) / 2;
        (1..=bound).find(|&p| (from..values.len() - p).all(|n| values[n] == values[n + p]))
    }

    /// A small random-looking sequence (xorshift), values below `range`.
    fn noise(seed: u64, len: usize, range: u16) -> Vec<u16> {
        let mut x = seed | 1;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % u64::from(range)) as u16
            })
            .collect()
    }

    #[test]
    fn the_search_finds_what_the_plain_way_finds() {
        // How often each verdict came: each must, or the test tests little.
        let mut seen = [0usize; 3];
        for seed in 1..400u64 {
            let len = 20 + (seed as usize * 7) % 200;
            let range = 2 + (seed % 5) as u16;
            let mut values = noise(seed, len, range);
            // Every other sequence made periodic from a point on.
            if seed % 2 == 0 {
                let start = (seed as usize * 3) % (len / 2);
                let period = 1 + (seed as usize) % 13;
                for n in start + period..len {
                    values[n] = values[n - period];
                }
            }
            for from in [0, len / 5, len / 3, len / 2] {
                let found = search_in(&values, from, None);
                let plain = smallest_plainly(&values, from);
                match found.verdict {
                    Verdict::Repeats { period, proved } => {
                        assert_eq!(Some(period), plain, "seed {seed}, from {from}");
                        assert!(!proved);
                        seen[0] += 1;
                    }
                    Verdict::Once { value, at } => {
                        assert_eq!(plain, None, "seed {seed}, from {from}");
                        let places = (from..len).filter(|&n| values[n] == value);
                        assert_eq!(places.collect::<Vec<_>>(), vec![at]);
                        seen[1] += 1;
                    }
                    Verdict::Ruled {
                        value,
                        times,
                        within,
                        ref places,
                        ..
                    } => {
                        assert_eq!(plain, None, "seed {seed}, from {from}: {found:?}");
                        let all: Vec<usize> = (from..len).filter(|&n| values[n] == value).collect();
                        assert_eq!(all.len(), times);
                        let near = all[1..].iter().filter(|&&m| m - all[0] <= found.bound);
                        assert_eq!(near.count(), within);
                        let said = if times <= PLACES_SAID { all } else { vec![] };
                        assert_eq!(places, &said);
                        seen[2] += 1;
                    }
                    Verdict::Empty => assert_eq!(plain, None),
                    Verdict::Undecided { .. } => panic!("seed {seed}: {found:?}"),
                }
                assert_eq!(found.bound, (len - from) / 2);
            }
        }
        assert!(seen.iter().all(|&n| n >= 50), "{seen:?}");
    }

    #[test]
    fn kayles_repeats_with_12_from_its_last_exception_and_is_proved() {
        use crate::solver::grundy::{GrundyMethod, Naive};
        use crate::solver::octal::OctalGame;
        let kayles = OctalGame::from_digits(vec![0, 7, 7]).unwrap();
        let mut values = Vec::new();
        Naive.extend_to(&kayles, &mut values, 400, 1).unwrap();
        let t = kayles.periodicity_take();
        // From heap 71 (the last exception) the values repeat with 12.
        let found = search_in(&values, 71, t);
        assert_eq!(
            found.verdict,
            Verdict::Repeats {
                period: 12,
                proved: true
            }
        );
        // Not yet proved where the table is too short for the theorem.
        // The theorem wants 2·71 + 2·12 + t + 1 values (t = 2): one fewer
        // does not prove it, that many does.
        let needed = proof_length(71, 12, 2);
        assert_eq!(needed, 169);
        for (len, proved) in [(needed - 2, false), (needed - 1, false), (needed, true)] {
            assert_eq!(
                search_in(&values[..len], 71, t).verdict,
                Verdict::Repeats { period: 12, proved },
                "{len} values"
            );
        }
        // From heap 70, G(70) breaks the pattern: period 12 does not hold.
        assert!(!matches!(
            search_in(&values, 70, t).verdict,
            Verdict::Repeats { period: 12, .. }
        ));
    }

    #[test]
    fn a_window_of_many_stretches_is_read_whole() {
        // 300,000 values (about 4.6 stretches), periodic with a period
        // longer than a stretch from position 10,000.
        let (from, period, len) = (10_000, 70_001, 300_000);
        let mut values = noise(7, len, 4);
        for n in from + period..len {
            values[n] = values[n - period];
        }
        let found = search_in(&values, from, None);
        assert_eq!(smallest_plainly(&values, from), Some(period));
        assert_eq!(
            found.verdict,
            Verdict::Repeats {
                period,
                proved: false
            }
        );
        // One value changed in the fourth stretch: no period, and the
        // search must have read that far to know it.
        let mut broken = values.clone();
        broken[250_000] = (broken[250_000] + 1) % 4;
        assert_eq!(smallest_plainly(&broken, from), None);
        let found = search_in(&broken, from, None);
        assert!(matches!(found.verdict, Verdict::Ruled { .. }), "{found:?}");
        // A value of its own there: it occurs once, and the search says
        // where.
        broken[250_000] = 9;
        let found = search_in(&broken, from, None);
        let once = Verdict::Once {
            value: 9,
            at: 250_000,
        };
        assert_eq!(found.verdict, once);
    }

    #[test]
    fn too_many_failed_candidates_are_said_as_such() {
        // The scarcest value, 7, every fifth place: every multiple of 5 up
        // to the bound carries its places onto each other (20 of them), and
        // the noise between makes each fail value by value.
        let mut values = noise(3, 200, 2);
        for n in (0..200).step_by(5) {
            values[n] = 7;
        }
        assert_eq!(smallest_plainly(&values, 0), None);
        let found = search_in(&values, 0, None);
        let cause = Undecided::TooManyCandidates {
            left: 20 - MOST_CONFIRMED,
        };
        assert_eq!(
            found.verdict,
            Verdict::Undecided {
                value: 7,
                times: 40,
                cause
            }
        );
    }

    #[test]
    fn an_empty_window_says_nothing() {
        assert_eq!(search_in(&[1, 2, 3], 3, Some(3)).verdict, Verdict::Empty);
    }

    #[test]
    fn a_value_once_is_the_proof_that_no_period_fits() {
        let mut values = vec![0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
        values[7] = 5;
        let found = search_in(&values, 0, Some(2));
        assert_eq!(found.verdict, Verdict::Once { value: 5, at: 7 });
        assert_eq!(found.bound, 6);
    }
}
