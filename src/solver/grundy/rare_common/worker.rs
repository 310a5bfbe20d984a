//! One thread of the wavefront: it takes a batch of heaps, computes the far
//! part of their options at once from the values below the frontier, then
//! each heap's near part and its value as the values before it come in.

use super::frontier::View;
use super::kernels::{first_flagged_missing, has, mark_rare_splits, mark_splits, set, splits_give};
use super::mask::classes;
use super::scanner::RareList;
use super::{BatchTrace, Failure, Shared, BATCH, BLOCK, COMPARE_UP_TO};
use crate::solver::grundy::Waits;
use crate::solver::octal::{OctalGame, ValueTooLarge, LARGEST_VALUE};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// One thread: its scratch space, and the classes of values under the mask
/// it last used.
pub struct Worker<'a> {
    shared: &'a Shared<'a>,
    game: &'a OctalGame,
    whole_takes: Vec<usize>,
    one_heap_takes: Vec<usize>,
    split_takes: Vec<usize>,
    /// The options found so far of each heap of the batch: `width` flags
    /// per heap, one per value (a byte: a store, where a bit would be a
    /// load, a shift and a store).
    seen: Vec<u8>,
    /// Where each heap's speculative walk over the far splits (step 2)
    /// stopped, per split take: the next left part `a`, the walk going up.
    walked: Vec<usize>,
    /// Each heap's candidate when its far walk began.
    first_candidate: Vec<usize>,
    needed: Vec<u16>,
    /// The values below `classes_for.1` of each class under `classes_for.0`.
    classes_for: (u16, usize),
    /// 1 for each common value below `classes_for.1`, 0 for a rare one.
    common_flags: Vec<u8>,
    rare_values_below: Vec<u16>,
    /// The two parts of a walk's splits read back from the cold store.
    cold_left: Vec<u16>,
    cold_right: Vec<u16>,
    pub waits: Waits,
    /// The batches timed, where the run is traced.
    pub trace: Vec<BatchTrace>,
}

/// A batch as a thread sees it when it takes it up.
pub struct Batch {
    first: usize,
    count: usize,
}

/// What a batch knows when it begins: the frontier then, the values below
/// it, the rare heaps below it and the room for options.
struct Known<'a> {
    end: usize,
    view: View<'a>,
    rare: Arc<RareList>,
    width: usize,
}

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared<'a>) -> Worker<'a> {
        let game = shared.game;
        Worker {
            shared,
            game,
            whole_takes: game.whole_takes().collect(),
            one_heap_takes: game.one_heap_takes().collect(),
            split_takes: game.split_takes().collect(),
            seen: Vec::new(),
            walked: Vec::new(),
            first_candidate: Vec::new(),
            needed: Vec::new(),
            classes_for: (0, 0),
            common_flags: Vec::new(),
            rare_values_below: Vec::new(),
            cold_left: Vec::new(),
            cold_right: Vec::new(),
            waits: Waits::default(),
            trace: Vec::new(),
        }
    }

    /// The next batch nobody has taken, if any is left and the work goes on.
    pub fn take_batch(&self) -> Option<Batch> {
        let end = self.shared.frontier.len();
        let first = self.shared.next_batch.fetch_add(BATCH, Ordering::Relaxed);
        (first < end && !self.shared.frontier.is_stopped()).then(|| Batch {
            first,
            count: BATCH.min(end - first),
        })
    }

    pub fn run_batch(&mut self, batch: Batch) -> Result<(), Failure> {
        let mut heap = batch.first;
        let end = batch.first + batch.count;
        while heap < end && !self.shared.frontier.is_stopped() {
            heap += self.batch(heap, end - heap)?;
        }
        Ok(())
    }

    /// What is known now, with the rare list and room that go with it; or,
    /// where the ring is too short for the farthest rare heap (or the rare
    /// list full), the work stops for a larger one.
    fn known_now(&self) -> Result<Known<'a>, Failure> {
        let frontier = &self.shared.frontier;
        let snapshot = self.shared.scanner.scan(frontier).map_err(|e| {
            frontier.stop();
            Failure::Cold(e)
        })?;
        let reach = snapshot.reach + self.shared.reach_margin;
        if snapshot.full || (frontier.wraps() && reach > frontier.capacity()) {
            frontier.stop();
            return Err(Failure::Grow {
                reach,
                rare_full: snapshot.full,
            });
        }
        Ok(Known {
            end: snapshot.scanned,
            view: frontier.view(snapshot.scanned),
            rare: snapshot.rare,
            width: (snapshot.largest as usize + 1).next_power_of_two(),
        })
    }

    /// Computes the `count` heaps from `first`; returns how many were
    /// computed (fewer when a value outgrew the batch's room, or the work
    /// was stopped).
    pub fn batch(&mut self, first: usize, count: usize) -> Result<usize, Failure> {
        let near_enough = first.saturating_sub(self.shared.ahead);
        if !self
            .shared
            .frontier
            .wait_until(near_enough, &mut self.waits)
        {
            return Ok(count);
        }
        let taken = self.shared.timed.then(Instant::now);
        let known = self.known_now()?;
        let width = known.width;
        self.seen.clear();
        self.seen.resize(count * width, 0);
        self.set_classes(known.rare.mask, width);
        // The far part: everything the values below the frontier give.
        let shared_range = self.far_rare_splits(&known, first, count);
        self.walked.clear();
        self.first_candidate.clear();
        for j in 0..count {
            // The moves to known values count now, so that the candidate
            // the walk starts from is as near the last one as can be.
            let heap = first + j;
            let options = &mut self.seen[j * width..][..width];
            for &k in &self.whole_takes {
                if heap == k {
                    set(options, 0);
                }
            }
            for &k in &self.one_heap_takes {
                if heap > k && heap - k < known.end {
                    set(options, known.view.at(heap - k) as usize);
                }
            }
            self.walk_far_splits(&known, j, heap)?;
        }
        let mut near_from = taken.map(|taken| {
            let now = Instant::now();
            self.trace.push(BatchTrace {
                first,
                far_ns: nanoseconds(now - taken),
                near_ns: Vec::with_capacity(count),
            });
            now
        });
        // The near part, heap by heap as the values before each come in.
        for j in 0..count {
            let heap = first + j;
            let readable = (heap + 1).saturating_sub(self.shared.lag);
            if !self.shared.frontier.wait_until(readable, &mut self.waits) {
                return Ok(count);
            }
            let near = self.shared.frontier.view(readable);
            let largest = (known.end.min(readable)..readable)
                .map(|h| near.at(h))
                .max();
            if largest.is_some_and(|g| (g as usize) >= width) {
                // A value past the room: the rest starts afresh.
                return Ok(j);
            }
            let mut seen = std::mem::take(&mut self.seen);
            let options = &mut seen[j * width..][..width];
            self.add_near_options(options, heap, &known, &near, &shared_range);
            self.seen = seen;
            let value = self.finish(&known, j, heap)?;
            if value > LARGEST_VALUE as usize {
                self.shared.frontier.stop();
                return Err(Failure::TooLarge(ValueTooLarge { heap }));
            }
            self.shared.frontier.put(heap, value as u16);
            if let (Some(from), Some(timed)) = (&mut near_from, self.trace.last_mut()) {
                let now = Instant::now();
                timed.near_ns.push(nanoseconds(now - *from));
                *from = now;
            }
        }
        Ok(count)
    }

    fn set_classes(&mut self, mask: u16, width: usize) {
        if self.classes_for != (mask, width) {
            self.classes_for = (mask, width);
            let (common, rare) = classes(width, mask);
            self.common_flags = vec![0; width];
            for v in common {
                self.common_flags[v as usize] = 1;
            }
            self.rare_values_below = rare;
        }
    }

    /// Step 1's far part: one walk over the rare heaps for the whole batch,
    /// for the splits whose parts are both below the frontier and that
    /// every heap of the batch has (per split take `k`: rare `r` with
    /// `r <= rest − 1` for the first heap and `rest − r < end` for the
    /// last). Returns each take's range of rare parts walked.
    fn far_rare_splits(
        &mut self,
        known: &Known,
        first: usize,
        count: usize,
    ) -> Vec<std::ops::Range<usize>> {
        let last_heap = first + count - 1;
        let (rare_heaps, rare_values) = known.rare.below(known.end);
        let mut ranges = Vec::with_capacity(self.split_takes.len());
        for &k in &self.split_takes {
            let (Some(first_rest), Some(last_rest)) =
                (first.checked_sub(k), last_heap.checked_sub(k))
            else {
                ranges.push(0..0);
                continue;
            };
            let lo = (last_rest + 1).saturating_sub(known.end).max(1);
            let hi = first_rest; // exclusive
            let from = rare_heaps.partition_point(|&r| (r as usize) < lo);
            let to = rare_heaps.partition_point(|&r| (r as usize) < hi);
            if from < to {
                // The rows read: heap `first_rest − r` on, `count` long, for
                // each rare `r`; in one run of the ring, or two where it
                // wraps (the rows that begin before the wrap read on
                // through its mirrored slots).
                let lowest = first_rest - rare_heaps[to - 1] as usize;
                let highest = first_rest - rare_heaps[from] as usize + count;
                let [(a_heap, a_run), (wrap, b_run)] = known.view.runs(lowest, highest);
                let split = from
                    + rare_heaps[from..to].partition_point(|&r| first_rest - (r as usize) >= wrap);
                for (heap, run, rare) in [(a_heap, a_run, split..to), (wrap, b_run, from..split)] {
                    if !rare.is_empty() {
                        mark_rare_splits(
                            &mut self.seen,
                            known.width,
                            run,
                            &rare_heaps[rare.clone()],
                            &rare_values[rare],
                            first_rest - heap,
                            count,
                        );
                    }
                }
            }
            ranges.push(lo..hi.max(lo));
        }
        if self.game.is_grundys_game() {
            // Step 1 counted the equal split, G(a) ⊕ G(a) = 0, which
            // Grundy's game forbids: 0 (a rare value) is looked for again
            // among the unequal splits.
            for j in 0..count {
                if (first + j).is_multiple_of(2) {
                    self.seen[j * known.width] = 0;
                }
            }
        }
        ranges
    }

    /// The options of `heap` that the far walk left out: whole-heap and
    /// one-heap moves, splits with a rare part outside the shared range,
    /// and every split with a part at or past the batch's frontier.
    fn add_near_options(
        &self,
        seen: &mut [u8],
        heap: usize,
        known: &Known,
        near: &View,
        shared_range: &[std::ops::Range<usize>],
    ) {
        let unequal = self.game.is_grundys_game();
        for &k in &self.whole_takes {
            if heap == k {
                set(seen, 0);
            }
        }
        for &k in &self.one_heap_takes {
            if heap > k {
                set(seen, near.at(heap - k) as usize);
            }
        }
        let (rare_heaps, rare_values) = known.rare.below(known.end);
        for (&k, range) in self.split_takes.iter().zip(shared_range) {
            if heap < k + 2 {
                continue;
            }
            let rest = heap - k;
            // Rare parts below and above the shared range, the other part
            // below the frontier.
            let rare = rare_heaps.iter().zip(rare_values);
            let below = rare_heaps.partition_point(|&r| (r as usize) < range.start);
            let above = rare_heaps.partition_point(|&r| (r as usize) < range.end);
            let outside = rare.clone().take(below).chain(rare.skip(above));
            for (&r, &g) in outside.take_while(|(&r, _)| (r as usize) < rest) {
                let r = r as usize;
                if rest - r < known.end && !(unequal && 2 * r == rest) {
                    set(seen, (g ^ near.at(rest - r)) as usize);
                }
            }
            // Splits with a part at or past the frontier: every one (the
            // other part a small heap, kept in the prefix).
            for a in known.end.max(1)..rest {
                if !(unequal && 2 * a == rest) {
                    set(seen, (near.at(a) ^ near.any(rest - a)) as usize);
                }
            }
        }
    }

    /// Heap `j`'s candidate (the smallest common value not among its
    /// options so far), with the rare values below it not seen yet in
    /// `needed`.
    fn candidate(&mut self, width: usize, j: usize) -> usize {
        let seen = &self.seen[j * width..(j + 1) * width];
        let candidate = first_flagged_missing(seen, &self.common_flags).unwrap_or(width);
        self.needed.clear();
        self.needed.extend(
            self.rare_values_below
                .iter()
                .take_while(|&&v| (v as usize) < candidate)
                .filter(|&&v| !has(seen, v as usize)),
        );
        candidate
    }

    /// The far splits of `rest` (both parts below the frontier): the left
    /// parts `a` from `low` to `high`.
    fn far_range(&self, known: &Known, rest: usize) -> std::ops::Range<usize> {
        let low = (rest + 1).saturating_sub(known.end).max(1);
        let high = self.game.splits_end(rest).min(known.end);
        low..high.max(low)
    }

    /// Step 2's speculative walk for heap `j` of the batch, before its near
    /// options are known: over its far splits, until every rare value below
    /// the candidate so far has turned up (each recorded in `seen`). Where
    /// each split take's walk stopped is kept for [`Worker::finish`].
    fn walk_far_splits(&mut self, known: &Known, j: usize, heap: usize) -> Result<(), Failure> {
        let candidate = self.candidate(known.width, j);
        self.first_candidate.push(candidate);
        let mut needed = std::mem::take(&mut self.needed);
        for t in 0..self.split_takes.len() {
            let k = self.split_takes[t];
            let stop = match heap.checked_sub(k).filter(|&rest| rest >= 2) {
                Some(rest) => {
                    let range = self.far_range(known, rest);
                    self.walk(known, j, rest, range, &mut needed)?
                }
                None => 0,
            };
            self.walked.push(stop);
        }
        self.needed = needed;
        Ok(())
    }

    /// Walks the splits of `rest` with left parts in `range` (all below the
    /// frontier), recording in heap `j`'s options each value of `needed`
    /// it meets (every split's value while many are needed), until none is
    /// left; returns where it stopped.
    fn walk(
        &mut self,
        known: &Known,
        j: usize,
        rest: usize,
        range: std::ops::Range<usize>,
        needed: &mut Vec<u16>,
    ) -> Result<usize, Failure> {
        let width = known.width;
        let seen = &mut self.seen[j * width..(j + 1) * width];
        let view = &known.view;
        let mut a = range.start;
        while a < range.end && !needed.is_empty() {
            let scatter = needed.len() > COMPARE_UP_TO;
            let block = (range.end - a).min(if scatter { 4 * BLOCK } else { BLOCK });
            // Both parts in memory: the small heaps `a …` in the prefix,
            // `rest − a, rest − a − 1, …` in the ring (as far as it runs
            // without wrapping). Else both read back.
            let top = rest - a;
            let (left, right) = match view.small(a, block) {
                Some(left) if top + 1 >= view.lowest + block => {
                    let right = view.down_from(top, block);
                    (&left[..right.len()], right)
                }
                _ => {
                    let frontier = &self.shared.frontier;
                    let cold = |e| {
                        frontier.stop();
                        Failure::Cold(e)
                    };
                    self.cold_left.resize(block, 0);
                    self.cold_right.resize(block, 0);
                    frontier.read(view, a, &mut self.cold_left).map_err(cold)?;
                    frontier
                        .read(view, top + 1 - block, &mut self.cold_right)
                        .map_err(cold)?;
                    self.cold_right.reverse();
                    (&self.cold_left[..], &self.cold_right[..])
                }
            };
            let block = left.len();
            if scatter {
                mark_splits(seen, left, right);
                needed.retain(|&v| !has(seen, v as usize));
            } else {
                let found = splits_give(left, right, needed);
                let mut k = 0;
                needed.retain(|&v| {
                    let hit = found >> k & 1 == 1;
                    k += 1;
                    if hit {
                        seen[v as usize] = 1;
                    }
                    !hit
                });
            }
            a += block;
        }
        Ok(a)
    }

    /// Step 2 for heap `j`, its near options in: the candidate, and the
    /// rare values below it that no split gives. The speculative walk goes
    /// on from where it stopped; a value it was not looking for (the
    /// candidate has grown with the near options) is looked for over the
    /// part it walked too, since where it compared it looked for the
    /// others only.
    fn finish(&mut self, known: &Known, j: usize, heap: usize) -> Result<usize, Failure> {
        let candidate = self.candidate(known.width, j);
        let first_candidate = self.first_candidate[j];
        let mut needed = std::mem::take(&mut self.needed);
        let takes = self.split_takes.len();
        for t in 0..takes {
            let k = self.split_takes[t];
            let Some(rest) = heap.checked_sub(k).filter(|&rest| rest >= 2) else {
                continue;
            };
            let range = self.far_range(known, rest);
            let walked = self.walked[j * takes + t].max(range.start);
            self.walk(known, j, rest, walked..range.end, &mut needed)?;
            if needed.iter().any(|&v| v as usize >= first_candidate) {
                let mut new: Vec<u16> = needed
                    .iter()
                    .copied()
                    .filter(|&v| v as usize >= first_candidate)
                    .collect();
                self.walk(known, j, rest, range.start..walked, &mut new)?;
                needed.retain(|&v| (v as usize) < first_candidate || new.contains(&v));
            }
        }
        let value = match needed.first() {
            Some(&rare) => rare as usize,
            None => candidate,
        };
        self.needed = needed;
        Ok(value)
    }
}

fn nanoseconds(time: std::time::Duration) -> u64 {
    u64::try_from(time.as_nanos()).unwrap_or(u64::MAX)
}
