//! How long a long run has left. A value's cost grows as a Grundy table
//! grows (more rare heaps to walk), so the rate so far is optimistic: the
//! estimate fits how the cost of a value changes between the last two
//! quarters of the time so far, and carries that trend on to the end.

use std::time::Instant;

/// The most samples kept; past that every other one is let go.
const MOST_SAMPLES: usize = 256;

/// The progress of one run: (seconds since it began, position) samples.
#[derive(Debug, Clone)]
pub struct Eta {
    samples: Vec<(f64, f64)>,
    total: f64,
}

impl Eta {
    /// A run that goes from position `from` to `total`.
    pub fn new(from: u64, total: u64) -> Eta {
        Eta {
            samples: vec![(0.0, from as f64)],
            total: total as f64,
        }
    }

    /// Where the run is `seconds` after it began.
    pub fn record(&mut self, seconds: f64, position: u64) {
        let position = position as f64;
        if let Some(&(t, k)) = self.samples.last() {
            if seconds <= t || position <= k {
                return;
            }
        }
        if self.samples.len() >= MOST_SAMPLES {
            let mut i = 0;
            self.samples.retain(|_| {
                i += 1;
                i % 2 == 1
            });
        }
        self.samples.push((seconds, position));
    }

    /// Positions a second over the second half of the time so far.
    pub fn rate(&self) -> Option<f64> {
        let (t1, k1) = *self.samples.last()?;
        let (tm, km) = self.middle()?;
        (t1 > tm).then(|| (k1 - km) / (t1 - tm))
    }

    /// Seconds left: the cost of a position taken to grow as a power of the
    /// position, the power found from the last two quarters of the time
    /// so far (the growth as it is now, not as it was at the start; at
    /// least 0: a cost that seemed to fall is taken as steady; at most 1:
    /// a value's options are at most the splits of its heap, so its cost
    /// grows at most as the position does).
    pub fn left(&self) -> Option<f64> {
        let &(t0, k0) = self.samples.first()?;
        let &(t1, k1) = self.samples.last()?;
        if t1 <= t0 || k1 <= k0 {
            return None;
        }
        if k1 >= self.total {
            return Some(0.0);
        }
        let steady = (self.total - k1) * (t1 - t0) / (k1 - k0);
        let (ta, ka) = self.at(0.5)?;
        let (tb, kb) = self.at(0.75)?;
        if !(ka < kb && kb < k1 && ta < tb && tb < t1) {
            return Some(steady);
        }
        let earlier = (tb - ta) / (kb - ka);
        let recent = (t1 - tb) / (k1 - kb);
        let (k_earlier, k_recent) = ((ka + kb) / 2.0, (kb + k1) / 2.0);
        if k_earlier <= 0.0 {
            return Some(steady);
        }
        let power = ((recent / earlier).ln() / (k_recent / k_earlier).ln()).clamp(0.0, 1.0);
        // The cost now, then its integral from here to the end.
        let now = recent * (k1 / k_recent).powf(power);
        Some(now * k1 / (power + 1.0) * ((self.total / k1).powf(power + 1.0) - 1.0))
    }

    /// The sample nearest the middle of the time so far.
    fn middle(&self) -> Option<(f64, f64)> {
        self.at(0.5)
    }

    /// The first sample at or past `fraction` of the time so far.
    fn at(&self, fraction: f64) -> Option<(f64, f64)> {
        let (t0, _) = *self.samples.first()?;
        let (t1, _) = *self.samples.last()?;
        let when = t0 + (t1 - t0) * fraction;
        let i = self.samples.partition_point(|&(t, _)| t < when);
        self.samples.get(i.min(self.samples.len() - 1)).copied()
    }
}

/// `1h02m03s`, `2m03s` or `3s`.
pub fn duration_words(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, s) => format!("{h}h{m:02}m{s:02}s"),
    }
}

/// The bar's `{rate}` and `{left}` keys: each keeps its own samples.
#[derive(Debug, Clone)]
pub struct BarEta {
    eta: Eta,
    started: Option<Instant>,
    rate: bool,
}

impl BarEta {
    /// `{rate}` (`rate: true`) or `{left}`.
    pub fn new(rate: bool) -> BarEta {
        BarEta {
            eta: Eta::new(0, 0),
            started: None,
            rate,
        }
    }
}

impl indicatif::style::ProgressTracker for BarEta {
    fn clone_box(&self) -> Box<dyn indicatif::style::ProgressTracker> {
        Box::new(self.clone())
    }

    fn tick(&mut self, state: &indicatif::ProgressState, now: Instant) {
        let started = *self.started.get_or_insert_with(|| {
            self.eta = Eta::new(state.pos(), state.len().unwrap_or(0));
            now
        });
        self.eta.total = state.len().unwrap_or(0) as f64;
        self.eta
            .record(now.duration_since(started).as_secs_f64(), state.pos());
    }

    fn reset(&mut self, _: &indicatif::ProgressState, _: Instant) {
        self.started = None;
    }

    fn write(&self, _: &indicatif::ProgressState, w: &mut dyn std::fmt::Write) {
        let _ = match (self.rate, self.eta.rate(), self.eta.left()) {
            (true, Some(rate), _) => write!(w, "{rate:.0}/s"),
            (false, _, Some(left)) => write!(w, "about {} left", duration_words(left)),
            (true, None, _) => write!(w, "rate not known yet"),
            (false, _, None) => write!(w, "time left not known yet"),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples of a run whose whole time to reach k is `time(k)`.
    fn run(time: impl Fn(f64) -> f64, upto: u64, total: u64) -> Eta {
        let mut eta = Eta::new(0, total);
        for k in (1_000..=upto).step_by(1_000) {
            eta.record(time(k as f64), k);
        }
        eta
    }

    #[test]
    fn a_steady_rate_gives_the_plain_estimate() {
        let eta = run(|k| k / 1e4, 500_000, 1_000_000);
        let left = eta.left().unwrap();
        assert!((left - 50.0).abs() < 0.5, "{left}");
        assert!((eta.rate().unwrap() - 1e4).abs() < 1.0);
    }

    #[test]
    fn a_cost_that_grows_with_the_position_is_carried_on() {
        // Cost ∝ k: the time so far ∝ k², so from halfway three times the
        // time so far is left (the plain rate would say once).
        let eta = run(|k| k * k / 1e10, 500_000, 1_000_000);
        let left = eta.left().unwrap();
        let so_far = 25.0;
        assert!((left - 3.0 * so_far).abs() < 0.05 * 3.0 * so_far, "{left}");
        // And its samples stay bounded.
        assert!(eta.samples.len() <= MOST_SAMPLES);
    }

    #[test]
    fn durations_are_words() {
        assert_eq!(duration_words(3.4), "3s");
        assert_eq!(duration_words(123.0), "2m03s");
        assert_eq!(duration_words(3723.0), "1h02m03s");
    }
}
