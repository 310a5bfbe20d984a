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
    let mut at = [0u16; LANES];
    let whole = left.len().min(right.len()) / LANES * LANES;
    for (x, y) in left[..whole]
        .chunks_exact(LANES)
        .zip(right[..whole].chunks_exact(LANES))
    {
        // SAFETY: each chunk holds 16 u16 (32 bytes), read unaligned; `at`
        // has room for 16 u16.
        unsafe {
            let options = _mm256_xor_si256(
                _mm256_loadu_si256(x.as_ptr().cast()),
                _mm256_loadu_si256(y.as_ptr().cast()),
            );
            _mm256_storeu_si256(at.as_mut_ptr().cast(), _mm256_and_si256(options, wrap));
        }
        for &i in &at {
            // SAFETY: wrapped below seen.len().
            unsafe { *seen.get_unchecked_mut(i as usize) = 1 };
        }
    }
    mark_splits_here(seen, &left[whole..], &right[whole..]);
}

/// Whether `left[i] ^ right[i] == value` for some `i`: written without an
/// early exit so that it compiles to vector compares, twice as wide where
/// the processor has AVX2 (asked once; the answer is cached).
pub fn any_split_gives(left: &[u16], right: &[u16], value: u16) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { any_split_gives_avx2(left, right, value) };
    }
    any_split_gives_here(left, right, value)
}

/// [`any_split_gives`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn any_split_gives_avx2(left: &[u16], right: &[u16], value: u16) -> bool {
    any_split_gives_here(left, right, value)
}

#[inline(always)]
fn any_split_gives_here(left: &[u16], right: &[u16], value: u16) -> bool {
    left.iter()
        .zip(right)
        .fold(false, |hit, (&x, &y)| hit | (x ^ y == value))
}
