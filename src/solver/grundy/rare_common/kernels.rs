//! The hot loops of the rare/common method: marking the options of many
//! splits in a set of values, and looking for one value among many splits.
//! Each has a plain version the compiler vectorises and, on x86-64 with
//! AVX2 (checked at run time), one written with its intrinsics.

// The Grundy kernels: SIMD and shared tables read without locks, each
// unsafe block with the reason it is sound beside it (Cargo.toml denies
// unsafe code everywhere else).
#![allow(unsafe_code)]

use super::BATCH;

/// Adds `v` to a set of values (a power of two long: the index wraps
/// instead of being checked; no option reaches the length).
#[inline(always)]
pub fn set(seen: &mut [u8], v: usize) {
    let wrap = seen.len() - 1;
    seen[v & wrap] = 1;
}

#[inline(always)]
pub fn has(seen: &[u8], v: usize) -> bool {
    seen[v] != 0
}

/// For each rare heap `r` of value `g` and each heap `j` of a batch:
/// records `g ^ G(first_rest + j − r)` in the `j`-th set of options. The
/// batch's heaps read neighbouring values of the table, one cache line for
/// all of them, where one heap at a time would read it once per heap.
#[inline(never)]
pub fn mark_rare_splits(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
    count: usize,
) {
    if count == BATCH {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe {
                mark_rare_splits_avx2(seen, width, table, rare_heaps, rare_values, first_rest)
            };
        }
        return mark_rare_splits_of::<BATCH>(
            seen,
            width,
            table,
            rare_heaps,
            rare_values,
            first_rest,
        );
    }
    // A short batch (the end of the table, or one heap at a time when
    // threads share the work): heap by heap.
    for j in 0..count {
        mark_rare_splits_of::<1>(
            &mut seen[j * width..],
            width,
            table,
            rare_heaps,
            rare_values,
            first_rest + j,
        );
    }
}

/// [`mark_rare_splits_of`] for a full batch in AVX2: a row of the batch's
/// 16 values is xored, wrapped and turned into 16 indices into `seen` by
/// vector instructions, leaving one byte store per split (the compiler's
/// own version extracts each lane separately: twice the instructions).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_rare_splits_avx2(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
) {
    use std::arch::x86_64::*;
    const _: () = assert!(BATCH == 16);
    let seen = &mut seen[..BATCH * width];
    if BATCH * width <= 1 << 16 {
        // SAFETY: the processor has AVX2 (this function's own feature).
        return mark_rare_splits_avx2_16(seen, width, table, rare_heaps, rare_values, first_rest);
    }
    let w = width as i32;
    let wrap = _mm256_set1_epi16((width - 1) as i16);
    let low_rows = _mm256_setr_epi32(0, w, 2 * w, 3 * w, 4 * w, 5 * w, 6 * w, 7 * w);
    let high_rows = _mm256_add_epi32(low_rows, _mm256_set1_epi32(8 * w));
    let mut at = [0u32; BATCH];
    for (&r, &g) in rare_heaps.iter().zip(rare_values) {
        let row = &table[first_rest - r as usize..][..BATCH];
        // SAFETY: `row` holds 16 u16 (32 bytes), read unaligned; `at` has
        // room for two vectors of 8 u32.
        unsafe {
            let values = _mm256_loadu_si256(row.as_ptr().cast());
            let options =
                _mm256_and_si256(_mm256_xor_si256(values, _mm256_set1_epi16(g as i16)), wrap);
            let low = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(options));
            let high = _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(options));
            _mm256_storeu_si256(at.as_mut_ptr().cast(), _mm256_add_epi32(low, low_rows));
            _mm256_storeu_si256(
                at.as_mut_ptr().add(8).cast(),
                _mm256_add_epi32(high, high_rows),
            );
        }
        for &i in &at {
            // SAFETY: lane j is j·width plus an option below width, so
            // below 16·width = seen.len().
            unsafe { *seen.get_unchecked_mut(i as usize) = 1 };
        }
    }
}

/// [`mark_rare_splits_avx2`] where every index into `seen` fits 16 bits
/// (16 · width ≤ 2^16, as in Treblecross to past 2^24): the row offsets
/// added in the value's own lanes, one vector store of 16 indices, where
/// widening them to 32 bits takes two conversions and a second store.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_rare_splits_avx2_16(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
) {
    use std::arch::x86_64::*;
    assert!(seen.len() == BATCH * width && seen.len() <= 1 << 16);
    let w = width as u16;
    let row = |j: u16| (j * w) as i16;
    let wrap = _mm256_set1_epi16((width - 1) as i16);
    let rows = _mm256_setr_epi16(
        row(0),
        row(1),
        row(2),
        row(3),
        row(4),
        row(5),
        row(6),
        row(7),
        row(8),
        row(9),
        row(10),
        row(11),
        row(12),
        row(13),
        row(14),
        row(15),
    );
    for (&r, &g) in rare_heaps.iter().zip(rare_values) {
        let values = &table[first_rest - r as usize..][..BATCH];
        // SAFETY: `values` holds 16 u16 (32 bytes), read unaligned.
        let at = unsafe {
            let options = _mm256_and_si256(
                _mm256_xor_si256(
                    _mm256_loadu_si256(values.as_ptr().cast()),
                    _mm256_set1_epi16(g as i16),
                ),
                wrap,
            );
            quarters(_mm256_add_epi16(options, rows))
        };
        for mut four in at {
            for _ in 0..4 {
                // SAFETY: lane j is j·width plus an option below width,
                // below 16·width = seen.len() (asserted above).
                unsafe { *seen.get_unchecked_mut((four & 0xFFFF) as usize) = 1 };
                four >>= 16;
            }
        }
    }
}

/// The 16 lanes of 16 bits, four to a general register: the stores that
/// follow take them out by shifts, with no trip through memory (a vector
/// stored and read back lane by lane waits on the store; measured 3% of
/// the whole at 2^20 on Zen 4).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn quarters(lanes: std::arch::x86_64::__m256i) -> [u64; 4] {
    use std::arch::x86_64::*;
    let (low, high) = (
        _mm256_castsi256_si128(lanes),
        _mm256_extracti128_si256::<1>(lanes),
    );
    [
        _mm_cvtsi128_si64(low) as u64,
        _mm_extract_epi64::<1>(low) as u64,
        _mm_cvtsi128_si64(high) as u64,
        _mm_extract_epi64::<1>(high) as u64,
    ]
}

/// [`mark_rare_splits`] for `N` heaps: the inner loop unrolled.
#[inline(always)]
fn mark_rare_splits_of<const N: usize>(
    seen: &mut [u8],
    width: usize,
    table: &[u16],
    rare_heaps: &[u32],
    rare_values: &[u16],
    first_rest: usize,
) {
    let wrap = width - 1;
    let seen = &mut seen[..N * width];
    for (&r, &g) in rare_heaps.iter().zip(rare_values) {
        let row: &[u16; N] = table[first_rest - r as usize..][..N]
            .try_into()
            .expect("a row of N values");
        for (j, &t) in row.iter().enumerate() {
            seen[j * width + ((g ^ t) as usize & wrap)] = 1;
        }
    }
}

/// Records `left[i] ^ right[i]` for each `i`.
#[inline(never)]
pub fn mark_splits(seen: &mut [u8], left: &[u16], right: &[u16]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { mark_splits_avx2(seen, left, right) };
    }
    mark_splits_here(seen, left, right)
}

#[inline(always)]
fn mark_splits_here(seen: &mut [u8], left: &[u16], right: &[u16]) {
    for (&x, &y) in left.iter().zip(right) {
        set(seen, (x ^ y) as usize);
    }
}

/// [`mark_splits`] in AVX2: 16 options xored and wrapped at once, then one
/// byte store each (as in [`mark_rare_splits_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_splits_avx2(seen: &mut [u8], left: &[u16], right: &[u16]) {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    assert!(seen.len().is_power_of_two() && seen.len() <= 1 << 16);
    let wrap = _mm256_set1_epi16((seen.len() - 1) as i16);
    let whole = left.len().min(right.len()) / LANES * LANES;
    for (x, y) in left[..whole]
        .chunks_exact(LANES)
        .zip(right[..whole].chunks_exact(LANES))
    {
        // SAFETY: each chunk holds 16 u16 (32 bytes), read unaligned.
        let at = unsafe {
            let options = _mm256_xor_si256(
                _mm256_loadu_si256(x.as_ptr().cast()),
                _mm256_loadu_si256(y.as_ptr().cast()),
            );
            quarters(_mm256_and_si256(options, wrap))
        };
        for mut four in at {
            for _ in 0..4 {
                // SAFETY: wrapped below seen.len().
                unsafe { *seen.get_unchecked_mut((four & 0xFFFF) as usize) = 1 };
                four >>= 16;
            }
        }
    }
    mark_splits_here(seen, &left[whole..], &right[whole..]);
}

/// The first `v` with `flags[v]` set and `v` not in `seen`: 32 at a time
/// without an early exit inside (so the compiler makes it vector
/// compares), then the place within the first chunk that has one.
pub fn first_flagged_missing(seen: &[u8], flags: &[u8]) -> Option<usize> {
    const CHUNK: usize = 32;
    let missing = |(&s, &f): (&u8, &u8)| f & u8::from(s == 0);
    seen.chunks(CHUNK)
        .zip(flags.chunks(CHUNK))
        .enumerate()
        .find_map(|(c, (s, f))| {
            let any = s.iter().zip(f).fold(0, |any, pair| any | missing(pair));
            (any != 0).then(|| {
                let at = s.iter().zip(f).position(|pair| missing(pair) != 0);
                c * CHUNK + at.unwrap_or(0)
            })
        })
}

/// Which of `values` (at most 16) some split gives: bit `k` of the
/// answer is set when `left[i] ^ right[i] == values[k]` for some `i`. One
/// pass over the splits for all the values, each xor compared with every
/// value in registers (where a pass per value would load and xor the
/// splits again for each).
pub fn splits_give(left: &[u16], right: &[u16], values: &[u16]) -> u32 {
    assert!(values.len() <= 16, "at most 16 values at once");
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        macro_rules! by_count {
            ($($k:literal)*) => {
                match values.len() {
                    // SAFETY: the processor has AVX2, checked just above.
                    $($k => return unsafe { splits_give_avx2::<$k>(left, right, values) },)*
                    _ => {}
                }
            };
        }
        by_count!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    }
    splits_give_here(left, right, values)
}

/// [`splits_give`] in AVX2 for `K` values: 16 splits xored at once, then
/// compared with each value, the hits gathered in one register a value.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn splits_give_avx2<const K: usize>(left: &[u16], right: &[u16], values: &[u16]) -> u32 {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    let wanted: [__m256i; K] = std::array::from_fn(|k| _mm256_set1_epi16(values[k] as i16));
    let mut hits = [_mm256_setzero_si256(); K];
    let whole = left.len().min(right.len()) / LANES * LANES;
    for (x, y) in left[..whole]
        .chunks_exact(LANES)
        .zip(right[..whole].chunks_exact(LANES))
    {
        // SAFETY: each chunk holds 16 u16 (32 bytes), read unaligned.
        let options = unsafe {
            _mm256_xor_si256(
                _mm256_loadu_si256(x.as_ptr().cast()),
                _mm256_loadu_si256(y.as_ptr().cast()),
            )
        };
        for k in 0..K {
            hits[k] = _mm256_or_si256(hits[k], _mm256_cmpeq_epi16(options, wanted[k]));
        }
    }
    let mut found = splits_give_here(&left[whole..], &right[whole..], values);
    for (k, hit) in hits.iter().enumerate() {
        if _mm256_movemask_epi8(*hit) != 0 {
            found |= 1 << k;
        }
    }
    found
}

#[inline(always)]
fn splits_give_here(left: &[u16], right: &[u16], values: &[u16]) -> u32 {
    let mut found = 0;
    for (k, &value) in values.iter().enumerate() {
        let hit = left
            .iter()
            .zip(right)
            .fold(false, |hit, (&x, &y)| hit | (x ^ y == value));
        found |= u32::from(hit) << k;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_flagged_missing_value_is_the_plain_search() {
        let mut random = crate::solver::puzzle::SplitMix64::new(11);
        for len in [0, 1, 31, 32, 33, 64, 100, 2048] {
            for density in [1, 2, 10, 1000] {
                let seen: Vec<u8> = (0..len)
                    .map(|_| u8::from(random.below(density) != 0))
                    .collect();
                let flags: Vec<u8> = (0..len).map(|_| u8::from(random.below(2) == 0)).collect();
                let plain = (0..len).find(|&v| flags[v] == 1 && seen[v] == 0);
                assert_eq!(first_flagged_missing(&seen, &flags), plain, "{len}");
            }
        }
    }

    /// The vector marking (16-bit indices up to 16 · width = 2^16, 32-bit
    /// past it) against the plain loop, heap by heap.
    #[test]
    fn marking_a_batch_marks_what_the_plain_loop_marks() {
        let mut random = crate::solver::puzzle::SplitMix64::new(3);
        for width in [16, 256, 4096, 8192] {
            let table: Vec<u16> = (0..3000).map(|_| random.below(width) as u16).collect();
            let mut rare_heaps: Vec<u32> = (0..200).map(|_| random.below(1000) as u32).collect();
            rare_heaps.sort();
            rare_heaps.dedup();
            let rare_values: Vec<u16> = rare_heaps.iter().map(|&r| table[r as usize]).collect();
            let first_rest = 1500;
            let mut batch = vec![0u8; BATCH * width];
            mark_rare_splits(
                &mut batch,
                width,
                &table,
                &rare_heaps,
                &rare_values,
                first_rest,
                BATCH,
            );
            let mut plain = vec![0u8; BATCH * width];
            for j in 0..BATCH {
                mark_rare_splits_of::<1>(
                    &mut plain[j * width..],
                    width,
                    &table,
                    &rare_heaps,
                    &rare_values,
                    first_rest + j,
                );
            }
            assert!(batch == plain, "width {width}");
            assert!(batch.contains(&1));

            let left = &table[..1000];
            let right = &table[1000..1999];
            let (mut fast, mut slow) = (vec![0u8; width], vec![0u8; width]);
            mark_splits(&mut fast, left, right);
            mark_splits_here(&mut slow, left, right);
            assert!(fast == slow, "width {width}");
        }
    }

    /// The one-pass answer against a plain search, for every count of
    /// values and lengths that leave a tail.
    #[test]
    fn splits_give_finds_exactly_the_values_some_split_gives() {
        let mut random = crate::solver::puzzle::SplitMix64::new(7);
        for len in [0, 1, 15, 16, 17, 100, 256] {
            let left: Vec<u16> = (0..len).map(|_| random.below(64) as u16).collect();
            let right: Vec<u16> = (0..len).map(|_| random.below(64) as u16).collect();
            for count in 1..=16 {
                let values: Vec<u16> = (0..count).map(|_| random.below(80) as u16).collect();
                let found = splits_give(&left, &right, &values);
                for (k, &v) in values.iter().enumerate() {
                    let plain = left.iter().zip(&right).any(|(&x, &y)| x ^ y == v);
                    assert_eq!(found >> k & 1 == 1, plain, "len {len}, value {v}");
                }
                assert_eq!(found >> count, 0);
            }
        }
    }
}
