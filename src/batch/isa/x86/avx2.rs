//! AVX2's 8 lanes with FMA ([`Avx2`]), and the 8-lane transpose of the
//! shapes' rows that [`Avx2x2`] runs twice.

use super::*;

/// AVX2 with FMA: 8 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(pub(super) __m256);

impl Simd for Avx2 {
    const LANES: usize = 8;
    const TREE: bool = true;
    const FIXED_RUNS: bool = true;
    const PLACE_EARLY: bool = true;
    const ORIENT_EARLY: bool = true;
    // SAFETY (every block in this impl): made only in the kernel compiled
    // with AVX2 and FMA, run only after `is_x86_feature_detected!` found
    // both; the loads and stores stay within arrays of MAX_LANES ≥ 8.
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Avx2(unsafe { _mm256_set1_ps(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Avx2(unsafe { _mm256_loadu_ps(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        unsafe { _mm256_storeu_ps(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn orient(lead: Self, x: Self, y: Self) -> (Self, Self) {
        // The sign bit flipped where the lead is not below 0: a compare, an
        // and-not and two exclusive ors, one operation each, where a select
        // is three on an Intel core (see `ORIENT_EARLY`). The same bits as
        // the multiply by -1 it stands for, zeros included.
        unsafe {
            let ahead = _mm256_cmp_ps::<_CMP_LT_OQ>(lead.0, _mm256_setzero_ps());
            let sign = _mm256_andnot_ps(ahead, _mm256_set1_ps(-0.0));
            (
                Avx2(_mm256_xor_ps(x.0, sign)),
                Avx2(_mm256_xor_ps(y.0, sign)),
            )
        }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_add_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_sub_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_mul_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_div_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        Avx2(unsafe { _mm256_fmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx2(unsafe { _mm256_sqrt_ps(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Avx2(unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Avx2(unsafe { _mm256_blendv_ps(y.0, x.0, _mm256_cmp_ps::<_CMP_LT_OQ>(self.0, o.0)) })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_NLE_UQ>(self.0, o.0)) != 0 }
    }
    #[inline(always)]
    fn any_pose_beyond(positions: [Self; 4], angles: [Self; 2]) -> bool {
        unsafe { _mm256_movemask_ps(_mm256_castsi256_ps(beyond(positions, angles))) != 0 }
    }
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        Avx2(unsafe {
            let m = _mm256_and_ps(
                _mm256_cmp_ps::<_CMP_LT_OQ>(self.0, o.0),
                _mm256_cmp_ps::<_CMP_GE_OQ>(o.0, _mm256_setzero_ps()),
            );
            _mm256_blendv_ps(y.0, x.0, m)
        })
    }
    #[inline(always)]
    fn quadrant(_q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        // The bits of `shifted` end in q's: bit 0 (moved to the sign bit,
        // and spread over the lane) says swap, bit 1 flips the sine's
        // sign, and bit 1 of q + 1, bit 1 xor bit 0, the cosine's. The
        // swap by exclusive ors, where two blends are six operations on an
        // Intel core; no conversion of q. 0.975-0.982x the chapter's
        // scene's time on an Emerald Rapids (medians of 40 alternated
        // rounds, four runs), the tables level. (AVX-512 keeps the trait's:
        // this by masks took its scene 0.97x but its every kind 1.01-1.02x.)
        unsafe {
            let qi = _mm256_castps_si256(shifted.0);
            let odd = _mm256_slli_epi32::<31>(qi);
            let swap = _mm256_and_ps(
                _mm256_xor_ps(sin_r.0, cos_r.0),
                _mm256_castsi256_ps(_mm256_srai_epi32::<31>(odd)),
            );
            let sin_flip =
                _mm256_and_si256(_mm256_slli_epi32::<30>(qi), _mm256_set1_epi32(i32::MIN));
            let cos_flip = _mm256_xor_si256(sin_flip, odd);
            (
                Avx2(_mm256_xor_ps(
                    _mm256_xor_ps(sin_r.0, swap),
                    _mm256_castsi256_ps(sin_flip),
                )),
                Avx2(_mm256_xor_ps(
                    _mm256_xor_ps(cos_r.0, swap),
                    _mm256_castsi256_ps(cos_flip),
                )),
            )
        }
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        transpose_lanes8(src, 0, dst, rows);
    }
    #[inline(always)]
    fn all_name(pairs: &[Pair], a: u32, b: u32) -> bool {
        const { assert!(offset_of!(Pair, a) == 0 && offset_of!(Pair, b) == 16) };
        assert!(pairs.len() >= 8, "a pair for every lane");
        // SAFETY: the loads read the first 8 pairs' 256 bytes, within
        // `pairs` (asserted), every byte of which is initialized.
        unsafe {
            // The first steps of the poses' transpose (`transpose8`): after
            // the unpacks and one shuffle each, s0 holds the `a` of pairs
            // 0-3 in its low half and their `b` in its high half, s4 the
            // same of pairs 4-7. A run reads its pairs' poses right after
            // (`Simd::poses`), and the compiler makes the loads and unpacks
            // once for both: two compares and an and for 8 pairs, where a
            // compare and an and a pair took the chapter's scene 1.5-3%
            // longer (`tools/alternate`, the same answers). The loads and
            // unpacks are written out again here, not taken from helpers
            // shared with `poses` and `transpose8`: that version made the
            // same instructions here but allocated the axis loops'
            // registers worse, and took the scene 1.05x the time (10
            // alternated rounds).
            let base = pairs.as_ptr().cast::<f32>();
            let mut r = [_mm256_setzero_ps(); 8];
            for (l, r) in r.iter_mut().enumerate() {
                *r = _mm256_loadu_ps(base.add(8 * l));
            }
            let t0 = _mm256_unpacklo_ps(r[0], r[1]);
            let t2 = _mm256_unpacklo_ps(r[2], r[3]);
            let t4 = _mm256_unpacklo_ps(r[4], r[5]);
            let t6 = _mm256_unpacklo_ps(r[6], r[7]);
            let s0 = _mm256_castps_si256(_mm256_shuffle_ps::<0x44>(t0, t2));
            let s4 = _mm256_castps_si256(_mm256_shuffle_ps::<0x44>(t4, t6));
            let (a, b) = (a as i32, b as i32);
            let want = _mm256_setr_epi32(a, a, a, a, b, b, b, b);
            let all = _mm256_and_si256(_mm256_cmpeq_epi32(s0, want), _mm256_cmpeq_epi32(s4, want));
            _mm256_movemask_ps(_mm256_castsi256_ps(all)) == 0xFF
        }
    }
    #[inline(always)]
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        // 8 pairs of 8 numbers each: one 8×8 transpose gives a row per
        // number of a pair, of which the poses are 6 (in place of 48
        // scalar stores and 6 loads, which the store buffer cannot forward
        // and so wait on memory).
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        assert!(pairs.len() >= 8, "a pair for every lane");
        let f = pose_fields(swap);
        // SAFETY: the loads read the first 8 pairs' 256 bytes, within
        // `pairs` (asserted), every byte of which is initialized (a pair is
        // two u32 and six f32 with no padding).
        let rows = unsafe {
            let base = pairs.as_ptr().cast::<f32>();
            let mut r = [_mm256_setzero_ps(); 8];
            for (l, r) in r.iter_mut().enumerate() {
                *r = _mm256_loadu_ps(base.add(8 * l));
            }
            transpose8(r)
        };
        avx2_pose_rows(rows, f)
    }
    #[inline(always)]
    fn poses_at(numbered: Numbered<'_>, swap: bool) -> [Self; 6] {
        // As `poses`, each pair loaded whole where it lies.
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        // SAFETY: each load reads one pair's 32 bytes (a reference to it,
        // within the window: see `Numbered`), every one of which is initialized (two u32 and
        // six f32 with no padding).
        let rows = unsafe {
            let mut r = [_mm256_setzero_ps(); 8];
            for (l, r) in r.iter_mut().enumerate() {
                let pair = numbered.pair(l);
                *r = _mm256_loadu_ps(std::ptr::from_ref(pair).cast::<f32>());
            }
            transpose8(r)
        };
        avx2_pose_rows(rows, pose_fields(swap))
    }
    #[inline(always)]
    fn write_results(slots: &mut [MaybeUninit<SatResult>], n: usize, x: Self, y: Self, push: Self) {
        let Some(layout) = RESULT_SLOTS.filter(|_| slots.len() >= 8) else {
            return write_lanes(slots, n, x, y, push);
        };
        let r = avx2_results(layout, x, y, push);
        // SAFETY: 4 stores of 32 bytes inside `slots` (room for 8
        // results, checked above); each slot then holds a whole `SatResult`
        // (see `transpose_results`).
        unsafe {
            let dst = slots.as_mut_ptr().cast::<f32>();
            _mm256_storeu_ps(dst, _mm256_permute2f128_ps::<0x20>(r[0], r[1]));
            _mm256_storeu_ps(dst.add(8), _mm256_permute2f128_ps::<0x20>(r[2], r[3]));
            _mm256_storeu_ps(dst.add(16), _mm256_permute2f128_ps::<0x31>(r[0], r[1]));
            _mm256_storeu_ps(dst.add(24), _mm256_permute2f128_ps::<0x31>(r[2], r[3]));
        }
    }
    #[inline(always)]
    fn write_results_at(
        slots: &mut [MaybeUninit<SatResult>],
        at: &[u16],
        x: Self,
        y: Self,
        push: Self,
    ) {
        let (Some(layout), Some(mut to)) = (RESULT_SLOTS, Scatter::<8>::new(slots, at)) else {
            return write_lanes_at(slots, at, x, y, push);
        };
        let r = avx2_results(layout, x, y, push);
        for (k, &r) in r.iter().enumerate() {
            // Results k and k + 4, each in a half of the register.
            // SAFETY: register operations.
            let (lo, hi) = unsafe { (_mm256_castps256_ps128(r), _mm256_extractf128_ps::<1>(r)) };
            to.store(k, lo);
            to.store(k + 4, hi);
        }
    }
}

/// AVX2's 8 lanes as 8 whole results (see `transpose_results`): register
/// `k` holds result `k` in its low half and result `k + 4` in its high.
#[inline(always)]
fn avx2_results(layout: [usize; 4], x: Avx2, y: Avx2, push: Avx2) -> [__m256; 4] {
    // SAFETY: only reached from the AVX2 and AVX-512 kernels, compiled
    // with AVX2 and run after the CPU check; register operations only.
    unsafe {
        let depth = _mm256_andnot_ps(_mm256_set1_ps(-0.0), push.0);
        let overlap = _mm256_cmp_ps::<_CMP_GE_OQ>(push.0, _mm256_setzero_ps());
        let flag = _mm256_and_ps(overlap, _mm256_castsi256_ps(_mm256_set1_epi32(1)));
        let mut v = [flag; 4];
        v[layout[0]] = x.0;
        v[layout[1]] = y.0;
        v[layout[2]] = depth;
        v[layout[3]] = flag;
        let (t0, t1) = (
            _mm256_unpacklo_ps(v[0], v[1]),
            _mm256_unpackhi_ps(v[0], v[1]),
        );
        let (t2, t3) = (
            _mm256_unpacklo_ps(v[2], v[3]),
            _mm256_unpackhi_ps(v[2], v[3]),
        );
        let (t0, t1) = (_mm256_castps_pd(t0), _mm256_castps_pd(t1));
        let (t2, t3) = (_mm256_castps_pd(t2), _mm256_castps_pd(t3));
        [
            _mm256_castpd_ps(_mm256_unpacklo_pd(t0, t2)),
            _mm256_castpd_ps(_mm256_unpackhi_pd(t0, t2)),
            _mm256_castpd_ps(_mm256_unpacklo_pd(t1, t3)),
            _mm256_castpd_ps(_mm256_unpackhi_pd(t1, t3)),
        ]
    }
}

/// Lanes `first` to `first + 7` of `dst`'s rows from those lanes' rows of
/// `src` (see [`Simd::transpose`]), as far as row `rows` (rounded up to 4
/// or 8). Each register is loaded as two lanes' halves side by side (lane
/// `k` and lane `k + 4`, entries 0-3 or 4-7), so that a transpose within
/// 128-bit halves (8 shuffles for 4 rows, no lane crossing) finishes it.
#[inline(always)]
pub(super) fn transpose_lanes8(
    src: &[&[f32; M]; MAX_LANES],
    first: usize,
    dst: &mut [[f32; MAX_LANES]; M],
    rows: usize,
) {
    for half in 0..rows.div_ceil(4) {
        // SAFETY: only reached from the AVX2 and AVX-512 kernels, compiled
        // with AVX2 and run after the CPU check. Each load reads 4 of a
        // lane's 8 numbers, each store writes 8 of a row's 16 lanes
        // (`first` is 0 or 8).
        unsafe {
            let mut r = [_mm256_setzero_ps(); 4];
            for (k, r) in r.iter_mut().enumerate() {
                let lo = _mm_loadu_ps(src[first + k].as_ptr().add(4 * half));
                let hi = _mm_loadu_ps(src[first + k + 4].as_ptr().add(4 * half));
                *r = _mm256_insertf128_ps::<1>(_mm256_castps128_ps256(lo), hi);
            }
            let t0 = _mm256_unpacklo_ps(r[0], r[1]);
            let t1 = _mm256_unpackhi_ps(r[0], r[1]);
            let t2 = _mm256_unpacklo_ps(r[2], r[3]);
            let t3 = _mm256_unpackhi_ps(r[2], r[3]);
            let out = [
                _mm256_shuffle_ps::<0x44>(t0, t2),
                _mm256_shuffle_ps::<0xEE>(t0, t2),
                _mm256_shuffle_ps::<0x44>(t1, t3),
                _mm256_shuffle_ps::<0xEE>(t1, t3),
            ];
            for (k, row) in out.into_iter().enumerate() {
                _mm256_storeu_ps(dst[4 * half + k].as_mut_ptr().add(first), row);
            }
        }
    }
}

/// The 6 rows of the poses' numbers (`fields`, in [`Simd::poses`]'s
/// order) among a register's 8 pairs transposed into 8 rows.
#[inline(always)]
fn avx2_pose_rows(rows: [__m256; 8], fields: [usize; 6]) -> [Avx2; 6] {
    let [a, b, c, d, e, f] = pose_rows(rows, fields);
    [Avx2(a), Avx2(b), Avx2(c), Avx2(d), Avx2(e), Avx2(f)]
}

/// An 8×8 transpose: entry `i` of register `l` becomes entry `l` of
/// register `i`. Unpacks and shuffles within 128-bit halves, then the
/// halves exchanged: 24 shuffles.
#[inline(always)]
fn transpose8(r: [__m256; 8]) -> [__m256; 8] {
    // SAFETY: only reached from the AVX2 and AVX-512 kernels, compiled
    // with AVX2 and run after the CPU check; register operations only.
    // (Written out, with no closures: a closure would not be compiled for
    // the kernel's instruction set.)
    unsafe {
        // t0 = 00 10 01 11 | 04 14 05 15, t1 = 02 12 03 13 | 06 16 07 17,
        // and so on for rows 2-3, 4-5, 6-7.
        let t0 = _mm256_unpacklo_ps(r[0], r[1]);
        let t1 = _mm256_unpackhi_ps(r[0], r[1]);
        let t2 = _mm256_unpacklo_ps(r[2], r[3]);
        let t3 = _mm256_unpackhi_ps(r[2], r[3]);
        let t4 = _mm256_unpacklo_ps(r[4], r[5]);
        let t5 = _mm256_unpackhi_ps(r[4], r[5]);
        let t6 = _mm256_unpacklo_ps(r[6], r[7]);
        let t7 = _mm256_unpackhi_ps(r[6], r[7]);
        // s_q = entry q of rows 0-3 | entry q + 4 of rows 0-3 (s0-s3), and
        // the same of rows 4-7 (s4-s7).
        let s0 = _mm256_shuffle_ps::<0x44>(t0, t2);
        let s1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
        let s2 = _mm256_shuffle_ps::<0x44>(t1, t3);
        let s3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
        let s4 = _mm256_shuffle_ps::<0x44>(t4, t6);
        let s5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
        let s6 = _mm256_shuffle_ps::<0x44>(t5, t7);
        let s7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
        [
            _mm256_permute2f128_ps::<0x20>(s0, s4),
            _mm256_permute2f128_ps::<0x20>(s1, s5),
            _mm256_permute2f128_ps::<0x20>(s2, s6),
            _mm256_permute2f128_ps::<0x20>(s3, s7),
            _mm256_permute2f128_ps::<0x31>(s0, s4),
            _mm256_permute2f128_ps::<0x31>(s1, s5),
            _mm256_permute2f128_ps::<0x31>(s2, s6),
            _mm256_permute2f128_ps::<0x31>(s3, s7),
        ]
    }
}

/// All ones in the lanes where any of the `positions` lies further than
/// [`MAX_COORDINATE`] from 0 or any of the `angles` further than
/// [`SINCOS_LIMIT`] (see [`Simd::any_pose_beyond`]).
///
/// A float's bits without the sign, read as a whole number, grow with its
/// size, the infinities above every finite number and NaN above them: so
/// `|x| > limit` (or NaN) exactly when those bits exceed the limit's. Four
/// rows then take one compare, after the greatest of their bits.
#[inline(always)]
pub(super) fn beyond(positions: [Avx2; 4], angles: [Avx2; 2]) -> __m256i {
    // SAFETY: register operations only, in code compiled with AVX2 (see
    // the impl's note).
    unsafe {
        // No closures here: see `Simd`'s notes on inlining.
        let magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(i32::MAX));
        let [p0, p1, p2, p3] = positions;
        let [a0, a1] = angles;
        let p0 = _mm256_castps_si256(_mm256_and_ps(p0.0, magnitude));
        let p1 = _mm256_castps_si256(_mm256_and_ps(p1.0, magnitude));
        let p2 = _mm256_castps_si256(_mm256_and_ps(p2.0, magnitude));
        let p3 = _mm256_castps_si256(_mm256_and_ps(p3.0, magnitude));
        let a0 = _mm256_castps_si256(_mm256_and_ps(a0.0, magnitude));
        let a1 = _mm256_castps_si256(_mm256_and_ps(a1.0, magnitude));
        let far = _mm256_max_epi32(_mm256_max_epi32(p0, p1), _mm256_max_epi32(p2, p3));
        let far = _mm256_cmpgt_epi32(far, _mm256_set1_epi32(MAX_COORDINATE.to_bits() as i32));
        let wide = _mm256_cmpgt_epi32(
            _mm256_max_epi32(a0, a1),
            _mm256_set1_epi32(SINCOS_LIMIT.to_bits() as i32),
        );
        _mm256_or_si256(far, wide)
    }
}
