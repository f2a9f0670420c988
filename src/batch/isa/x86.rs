//! The x86 registers as [`Simd`] lanes: SSE2's 4 floats, AVX2's 8 (with
//! FMA) and AVX-512's 16, one instruction per operation; and AVX2 twice
//! over ([`Avx2x2`], in its own file), 16 lanes as two registers, for a
//! run of one shape pair.
//!
//! Every intrinsic here needs its instruction set, which the build does
//! not assume: these types are only ever made inside the kernels that
//! `super::run` calls after it has checked the CPU (SSE2 is part of
//! x86-64 itself), and the kernels are compiled with those features on,
//! so each `unsafe` block below rests on that one check.

use std::arch::x86_64::*;
use std::mem::{MaybeUninit, offset_of};

use glam::Vec2;

use crate::batch::lanes::{MAX_LANES, Simd, lane_pair, write_lanes, write_lanes_at};
use crate::batch::prepared::LANE_CORNERS as M;
use crate::batch::{Pair, Pose};
use crate::sat::SatResult;

mod avx2x2;
pub(crate) use avx2x2::Avx2x2;

/// SSE2: 4 lanes, no FMA. With `BLEND`, a select is SSE4.1's one blend
/// instead of SSE2's three logic operations: the 4-lane engine on every
/// x86-64 CPU since 2008, chosen at run time (see `isa::run`).
#[derive(Clone, Copy)]
pub(crate) struct Sse2<const BLEND: bool = false>(__m128);

/// Per lane, `x` where `mask` is set (all ones) and `y` where it is clear
/// (all zeros): with `BLEND`, SSE4.1's blend, which reads only the mask's
/// sign bits; else and, and-not, or.
#[inline(always)]
fn select<const BLEND: bool>(mask: __m128, x: __m128, y: __m128) -> __m128 {
    // SAFETY: SSE2 is part of x86-64; `BLEND` is only set in the engine
    // `isa::run` picks after finding SSE4.1, inlined into a function
    // compiled with it.
    unsafe {
        if BLEND {
            _mm_blendv_ps(y, x, mask)
        } else {
            _mm_or_ps(_mm_and_ps(mask, x), _mm_andnot_ps(mask, y))
        }
    }
}

/// AVX2 with FMA: 8 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(__m256);

/// AVX-512F: 16 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(__m512);

impl<const BLEND: bool> Simd for Sse2<BLEND> {
    const LANES: usize = 4;
    const TREE: bool = true;
    // SAFETY (every block in this impl): SSE2 is part of x86-64, and the
    // loads and stores stay within arrays of MAX_LANES ≥ 4 floats.
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Sse2(unsafe { _mm_set1_ps(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Sse2(unsafe { _mm_loadu_ps(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        unsafe { _mm_storeu_ps(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Sse2(unsafe { _mm_add_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Sse2(unsafe { _mm_sub_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Sse2(unsafe { _mm_mul_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Sse2(unsafe { _mm_div_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        self.mul(b).add(c)
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Sse2(unsafe { _mm_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Sse2(unsafe { _mm_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Sse2(unsafe { _mm_sqrt_ps(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Sse2(unsafe { _mm_andnot_ps(_mm_set1_ps(-0.0), self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Sse2(unsafe { select::<BLEND>(_mm_cmplt_ps(self.0, o.0), x.0, y.0) })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm_movemask_ps(_mm_cmpnle_ps(self.0, o.0)) != 0 }
    }
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        Sse2(unsafe {
            let m = _mm_and_ps(
                _mm_cmplt_ps(self.0, o.0),
                _mm_cmpge_ps(o.0, _mm_setzero_ps()),
            );
            select::<BLEND>(m, x.0, y.0)
        })
    }
    #[inline(always)]
    fn quadrant(q: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        // q is whole, so it converts exactly; its bit 0 says swap, its
        // bit 1 flips the sine's sign, and bit 1 of q + 1 the cosine's.
        unsafe {
            let qi = _mm_cvtps_epi32(q.0);
            let odd = _mm_castsi128_ps(_mm_srai_epi32::<31>(_mm_slli_epi32::<31>(qi)));
            let s = select::<BLEND>(odd, cos_r.0, sin_r.0);
            let c = select::<BLEND>(odd, sin_r.0, cos_r.0);
            let sign = _mm_set1_epi32(i32::MIN);
            let sin_flip = _mm_and_si128(_mm_slli_epi32::<30>(qi), sign);
            let cos_flip = _mm_and_si128(
                _mm_slli_epi32::<30>(_mm_add_epi32(qi, _mm_set1_epi32(1))),
                sign,
            );
            (
                Sse2(_mm_xor_ps(s, _mm_castsi128_ps(sin_flip))),
                Sse2(_mm_xor_ps(c, _mm_castsi128_ps(cos_flip))),
            )
        }
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        // Each half of the rows (entries 0-3, then 4-7), as far as needed,
        // is a 4×4 transpose of the 4 lanes' quarters.
        for half in 0..rows.div_ceil(4) {
            // SAFETY: each load reads 4 of a lane's 8 numbers, each store
            // writes 4 of a row's 16 lanes.
            unsafe {
                let mut r = [_mm_setzero_ps(); 4];
                for (l, r) in r.iter_mut().enumerate() {
                    *r = _mm_loadu_ps(src[l].as_ptr().add(4 * half));
                }
                for (k, row) in transpose4(r).into_iter().enumerate() {
                    _mm_storeu_ps(dst[4 * half + k].as_mut_ptr(), row);
                }
            }
        }
    }
    #[inline(always)]
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        // 4 pairs of 8 numbers each: two 4×4 transposes give 8 rows, one
        // per number of a pair, of which the poses are 6.
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        assert!(pairs.len() >= 4, "a pair for every lane");
        let f = pose_fields(swap);
        // SAFETY: the loads read the first 4 pairs' 128 bytes, within
        // `pairs` (asserted), every byte of which is initialized (a pair is
        // two u32 and six f32 with no padding).
        let rows: [__m128; 8] = unsafe {
            let base = pairs.as_ptr().cast::<f32>();
            let lo = transpose4([
                _mm_loadu_ps(base),
                _mm_loadu_ps(base.add(8)),
                _mm_loadu_ps(base.add(16)),
                _mm_loadu_ps(base.add(24)),
            ]);
            let hi = transpose4([
                _mm_loadu_ps(base.add(4)),
                _mm_loadu_ps(base.add(12)),
                _mm_loadu_ps(base.add(20)),
                _mm_loadu_ps(base.add(28)),
            ]);
            [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]]
        };
        let [a, b, c, d, e, f] = pose_rows(rows, f);
        [Sse2(a), Sse2(b), Sse2(c), Sse2(d), Sse2(e), Sse2(f)]
    }
    #[inline(always)]
    fn write_results(slots: &mut [MaybeUninit<SatResult>], n: usize, x: Self, y: Self, push: Self) {
        let Some(layout) = RESULT_SLOTS.filter(|_| slots.len() >= 4) else {
            return write_lanes(slots, n, x, y, push);
        };
        let dst = slots.as_mut_ptr().cast::<f32>();
        for (k, r) in sse2_results(layout, x, y, push).into_iter().enumerate() {
            // SAFETY: 4 stores of 16 bytes inside `slots` (room for 4
            // results, checked above); each slot then holds a whole
            // `SatResult` (see `transpose_results`).
            unsafe { _mm_storeu_ps(dst.add(4 * k), r) };
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
        let Some(layout) = RESULT_SLOTS.filter(|_| at.len() == 4) else {
            return write_lanes_at(slots, at, x, y, push);
        };
        for (r, &i) in sse2_results(layout, x, y, push).into_iter().zip(at) {
            store_result(slots, i, r);
        }
    }
}

/// SSE2's 4 lanes as 4 whole results, one per register, laid out as
/// `layout` says (see `transpose_results`).
#[inline(always)]
fn sse2_results<const B: bool>(
    layout: [usize; 4],
    x: Sse2<B>,
    y: Sse2<B>,
    push: Sse2<B>,
) -> [__m128; 4] {
    // SAFETY: SSE2 is part of x86-64; register operations only.
    unsafe {
        let depth = _mm_andnot_ps(_mm_set1_ps(-0.0), push.0);
        let overlap = _mm_cmpge_ps(push.0, _mm_setzero_ps());
        let flag = _mm_and_ps(overlap, _mm_castsi128_ps(_mm_set1_epi32(1)));
        let mut v = [flag; 4];
        v[layout[0]] = x.0;
        v[layout[1]] = y.0;
        v[layout[2]] = depth;
        v[layout[3]] = flag;
        transpose4(v)
    }
}

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
    fn quadrant(q: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        // q is whole, so it converts exactly; its bit 0 (moved to the sign
        // bit, which is what a blend reads) says swap, its bit 1 flips the
        // sine's sign, and bit 1 of q + 1 the cosine's.
        unsafe {
            let qi = _mm256_cvtps_epi32(q.0);
            let odd = _mm256_castsi256_ps(_mm256_slli_epi32::<31>(qi));
            let s = _mm256_blendv_ps(sin_r.0, cos_r.0, odd);
            let c = _mm256_blendv_ps(cos_r.0, sin_r.0, odd);
            let sign = _mm256_set1_epi32(i32::MIN);
            let sin_flip = _mm256_and_si256(_mm256_slli_epi32::<30>(qi), sign);
            let cos_flip = _mm256_and_si256(
                _mm256_slli_epi32::<30>(_mm256_add_epi32(qi, _mm256_set1_epi32(1))),
                sign,
            );
            (
                Avx2(_mm256_xor_ps(s, _mm256_castsi256_ps(sin_flip))),
                Avx2(_mm256_xor_ps(c, _mm256_castsi256_ps(cos_flip))),
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
            // Each pair whole in a register, its `a` in entry 0 and its `b`
            // in entry 4: compared with both at once, the other entries
            // ignored.
            let want = _mm256_setr_epi32(a as i32, 0, 0, 0, b as i32, 0, 0, 0);
            let base = pairs.as_ptr().cast::<__m256i>();
            let mut all = _mm256_set1_epi32(-1);
            for l in 0..8 {
                let pair = _mm256_loadu_si256(base.add(l));
                all = _mm256_and_si256(all, _mm256_cmpeq_epi32(pair, want));
            }
            _mm256_movemask_ps(_mm256_castsi256_ps(all)) & 0x11 == 0x11
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
    fn poses_at(pairs: &[Pair], at: &[u16], swap: bool) -> [Self; 6] {
        // As `poses`, each pair loaded whole where it lies.
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        // SAFETY: each load reads one pair's 32 bytes (a reference to it,
        // bounds-checked), every one of which is initialized (two u32 and
        // six f32 with no padding).
        let rows = unsafe {
            let mut r = [_mm256_setzero_ps(); 8];
            for (l, r) in r.iter_mut().enumerate() {
                let pair = lane_pair(pairs, at, l);
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
        let Some(layout) = RESULT_SLOTS.filter(|_| at.len() == 8) else {
            return write_lanes_at(slots, at, x, y, push);
        };
        let r = avx2_results(layout, x, y, push);
        for (k, &r) in r.iter().enumerate() {
            // Results k and k + 4, each in a half of the register.
            // SAFETY: register operations.
            let (lo, hi) = unsafe { (_mm256_castps256_ps128(r), _mm256_extractf128_ps::<1>(r)) };
            store_result(slots, at[k], lo);
            store_result(slots, at[k + 4], hi);
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

impl Simd for Avx512 {
    const LANES: usize = 16;
    // SAFETY (every block in this impl): made only in the kernel compiled
    // with AVX-512F, run only after `is_x86_feature_detected!` found it;
    // the loads and stores are of exactly MAX_LANES = 16 floats.
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Avx512(unsafe { _mm512_set1_ps(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Avx512(unsafe { _mm512_loadu_ps(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        unsafe { _mm512_storeu_ps(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_add_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_sub_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_mul_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_div_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        Avx512(unsafe { _mm512_fmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx512(unsafe { _mm512_sqrt_ps(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Avx512(unsafe { _mm512_abs_ps(self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Avx512(unsafe {
            _mm512_mask_blend_ps(_mm512_cmp_ps_mask::<_CMP_LT_OQ>(self.0, o.0), y.0, x.0)
        })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm512_cmp_ps_mask::<_CMP_NLE_UQ>(self.0, o.0) != 0 }
    }
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        // One blend by one mask: `self < o` where `o` is not below 0 (the
        // second compare runs only in the lanes the first leaves set).
        // The default's two selects are two blends, and `Best::axis` makes
        // four such selects an axis, on the same compares.
        Avx512(unsafe {
            let open = _mm512_cmp_ps_mask::<_CMP_NLT_UQ>(o.0, _mm512_setzero_ps());
            _mm512_mask_blend_ps(
                _mm512_mask_cmp_ps_mask::<_CMP_LT_OQ>(open, self.0, o.0),
                y.0,
                x.0,
            )
        })
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        if rows <= 4 {
            return transpose16_half(src, dst);
        }
        // Register k holds lane k's 8 numbers and lane k + 8's side by
        // side (each lane's row read whole: one load, and one insert for
        // two lanes), so that an 8×8 transpose within each 256-bit half
        // (16 shuffles) leaves entry q of lanes 0-3 and 8-11 in the
        // 128-bit blocks of one register and of lanes 4-7 and 12-15 in
        // another, which one two-register permute a row puts in order: 32
        // inserts and shuffles for 8 rows of 16 lanes, where two passes of
        // `transpose16_half`'s kind take 40, on a core whose 512-bit
        // shuffles have one port (Ice Lake's 256-bit ones have two). 8%
        // faster on the 512-shape tables (10 alternated runs).
        // SAFETY: each load reads a lane's 8 numbers, each store writes
        // a row's 16 lanes; the rest are register operations.
        unsafe {
            let mut r = [_mm512_setzero_ps(); 8];
            for (k, r) in r.iter_mut().enumerate() {
                let lo = _mm512_castps_pd(_mm512_castps256_ps512(_mm256_loadu_ps(src[k].as_ptr())));
                let hi = _mm256_castps_pd(_mm256_loadu_ps(src[k + 8].as_ptr()));
                *r = _mm512_castpd_ps(_mm512_insertf64x4::<1>(lo, hi));
            }
            // x[q]'s blocks hold entry q of lanes 0-3, entry q + 4 of
            // lanes 0-3, entry q of lanes 8-11 and entry q + 4 of lanes
            // 8-11; y[q]'s the same of lanes 4-7 and 12-15.
            let x = transpose_blocks([r[0], r[1], r[2], r[3]]);
            let y = transpose_blocks([r[4], r[5], r[6], r[7]]);
            // Row q is blocks 0 of x, 0 of y, 2 of x, 2 of y (lanes 0-3,
            // 4-7, 8-11, 12-15); row q + 4 is their blocks 1 and 3.
            let first = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
            let second = _mm512_add_epi32(first, _mm512_set1_epi32(4));
            for (q, (x, y)) in x.into_iter().zip(y).enumerate() {
                _mm512_storeu_ps(dst[q].as_mut_ptr(), _mm512_permutex2var_ps(x, first, y));
                _mm512_storeu_ps(
                    dst[q + 4].as_mut_ptr(),
                    _mm512_permutex2var_ps(x, second, y),
                );
            }
        }
    }
    #[inline(always)]
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        // A pair is 8 numbers (no padding: the assertion below), so 16
        // pairs are 8 registers of 2 pairs each, and the 6 pose rows are a
        // transpose of them: three rounds of two-register permutes (20 in
        // all) in place of 96 scalar stores and 6 vector loads, which the
        // store buffer cannot forward and so wait on memory.
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        assert!(pairs.len() >= 16, "a pair for every lane");
        let round1 = &ROUND1[usize::from(swap)];
        // SAFETY: the 8 loads read the first 16 pairs' 512 bytes, within
        // `pairs` (asserted), every byte of which is initialized (a pair
        // is two u32 and six f32 with no padding); the permutes only move
        // lanes.
        unsafe {
            let base = pairs.as_ptr().cast::<f32>();
            let mut r = [_mm512_setzero_ps(); 8];
            for (k, r) in r.iter_mut().enumerate() {
                *r = _mm512_loadu_ps(base.add(16 * k));
            }
            // Round 1: 4 pairs (2 registers) at a time, 4 lanes per row:
            // rows 0-3 in one register, rows 4-5 in another.
            let (lo, hi) = (index16(round1[0]), index16(round1[1]));
            let mut s = [[_mm512_setzero_ps(); 2]; 4];
            for (g, s) in s.iter_mut().enumerate() {
                *s = [
                    _mm512_permutex2var_ps(r[2 * g], lo, r[2 * g + 1]),
                    _mm512_permutex2var_ps(r[2 * g], hi, r[2 * g + 1]),
                ];
            }
            // Round 2: 8 lanes per row, two rows per register.
            let (even, odd) = (index16(ROUND2[0]), index16(ROUND2[1]));
            let mut t = [[_mm512_setzero_ps(); 3]; 2];
            for (h, t) in t.iter_mut().enumerate() {
                let (x, y) = (s[2 * h], s[2 * h + 1]);
                *t = [
                    _mm512_permutex2var_ps(x[0], even, y[0]),
                    _mm512_permutex2var_ps(x[0], odd, y[0]),
                    _mm512_permutex2var_ps(x[1], even, y[1]),
                ];
            }
            // Round 3: each row's two halves of 8 lanes side by side.
            let mut rows = [Avx512(_mm512_setzero_ps()); 6];
            for (row, out) in rows.iter_mut().enumerate() {
                let (x, y) = (t[0][row / 2], t[1][row / 2]);
                *out = Avx512(if row % 2 == 0 {
                    _mm512_shuffle_f32x4::<0b01_00_01_00>(x, y)
                } else {
                    _mm512_shuffle_f32x4::<0b11_10_11_10>(x, y)
                });
            }
            rows
        }
    }
    #[inline(always)]
    fn write_results(slots: &mut [MaybeUninit<SatResult>], n: usize, x: Self, y: Self, push: Self) {
        let Some(layout) = RESULT_SLOTS.filter(|_| slots.len() >= MAX_LANES) else {
            return write_lanes(slots, n, x, y, push);
        };
        let [r0, r1, r2, r3] = transpose_results(layout, x, y, push);
        // SAFETY: `slots` has room for 16 results (checked above), so the
        // 4 stores of 64 bytes land inside it, and each slot then holds a
        // whole `SatResult` (see `transpose_results`).
        unsafe {
            let dst = slots.as_mut_ptr().cast::<f32>();
            _mm512_storeu_ps(dst, r0);
            _mm512_storeu_ps(dst.add(16), r1);
            _mm512_storeu_ps(dst.add(32), r2);
            _mm512_storeu_ps(dst.add(48), r3);
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
        let Some(layout) = RESULT_SLOTS.filter(|_| at.len() == 16) else {
            return write_lanes_at(slots, at, x, y, push);
        };
        let r = result_blocks(layout, x, y, push);
        for (j, &r) in r.iter().enumerate() {
            // Results j, 4 + j, 8 + j and 12 + j, one in each block.
            // SAFETY: register operations.
            let blocks = unsafe {
                [
                    _mm512_castps512_ps128(r),
                    _mm512_extractf32x4_ps::<1>(r),
                    _mm512_extractf32x4_ps::<2>(r),
                    _mm512_extractf32x4_ps::<3>(r),
                ]
            };
            for (k, block) in blocks.into_iter().enumerate() {
                store_result(slots, at[4 * k + j], block);
            }
        }
    }
}

/// Entries 0-3 of 16 lanes' rows of `src` into `dst`'s rows 0-3 (see
/// [`Simd::transpose`]), for shapes of at most 4 axes or corners: register
/// k holds the first quarters of lanes k, k + 4, k + 8 and k + 12 side by
/// side, so that a 4×4 transpose within each 128-bit block (8 shuffles)
/// leaves row r's 16 lanes in order in register r, stored whole (64
/// bytes), which the kernel's 64-byte load of it can take straight from
/// the store buffer.
#[inline(always)]
fn transpose16_half(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M]) {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check. Each load reads 4 of a lane's 8
    // numbers, each store writes a row's 16 lanes.
    unsafe {
        let mut r = [_mm512_setzero_ps(); 4];
        for (k, r) in r.iter_mut().enumerate() {
            let v = _mm512_castps128_ps512(_mm_loadu_ps(src[k].as_ptr()));
            let v = _mm512_insertf32x4::<1>(v, _mm_loadu_ps(src[k + 4].as_ptr()));
            let v = _mm512_insertf32x4::<2>(v, _mm_loadu_ps(src[k + 8].as_ptr()));
            *r = _mm512_insertf32x4::<3>(v, _mm_loadu_ps(src[k + 12].as_ptr()));
        }
        for (k, row) in transpose_blocks(r).into_iter().enumerate() {
            _mm512_storeu_ps(dst[k].as_mut_ptr(), row);
        }
    }
}

/// A permute's 16 indices as a register. A function, not a closure: an
/// intrinsic inside a closure (or an array's `map` or `from_fn`) is
/// compiled wherever the closure lands, which need not have AVX-512 turned
/// on, and is then a call per intrinsic (see `Simd`'s notes on inlining).
#[inline(always)]
fn index16(a: [i32; 16]) -> __m512i {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; the load reads the 64 bytes of `a`.
    unsafe { _mm512_loadu_si512(a.as_ptr().cast()) }
}

/// A 4×4 transpose within each 128-bit block of four registers: entry `i`
/// of a block of register `k` becomes entry `k` of that block of register
/// `i`. Two unpacks, then two shuffles, for each pair of registers.
#[inline(always)]
fn transpose_blocks(r: [__m512; 4]) -> [__m512; 4] {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; register operations only.
    unsafe {
        // t0 = entries 0 of r0, r1, entries 1 of r0, r1 (each block); t1
        // the same of entries 2 and 3; t2, t3 the same of r2 and r3.
        let t0 = _mm512_unpacklo_ps(r[0], r[1]);
        let t1 = _mm512_unpackhi_ps(r[0], r[1]);
        let t2 = _mm512_unpacklo_ps(r[2], r[3]);
        let t3 = _mm512_unpackhi_ps(r[2], r[3]);
        [
            _mm512_shuffle_ps::<0x44>(t0, t2),
            _mm512_shuffle_ps::<0xEE>(t0, t2),
            _mm512_shuffle_ps::<0x44>(t1, t3),
            _mm512_shuffle_ps::<0xEE>(t1, t3),
        ]
    }
}

/// 16 lanes' results as 16 whole `SatResult`s, one in each 128-bit
/// block of four registers (block k of register j is result 4k + j): the
/// four rows (x, y, depth, flag) transposed within each block
/// ([`transpose_blocks`]), in place of a dozen scalar instructions per
/// lane. Every 32-bit slot gets a valid
/// value for its field (`layout`, from `RESULT_SLOTS`, says where the
/// three f32s and the flag are; the flag's first byte, little-endian, is
/// 0 or 1, a valid bool, the other 3 padding).
#[inline(always)]
fn result_blocks(layout: [usize; 4], x: Avx512, y: Avx512, push: Avx512) -> [__m512; 4] {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; register operations only.
    unsafe {
        let depth = _mm512_abs_ps(push.0);
        let overlap = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(push.0, _mm512_setzero_ps());
        let flag = _mm512_castsi512_ps(_mm512_maskz_mov_epi32(overlap, _mm512_set1_epi32(1)));
        let mut v = [flag; 4];
        v[layout[0]] = x.0;
        v[layout[1]] = y.0;
        v[layout[2]] = depth;
        v[layout[3]] = flag;
        transpose_blocks(v)
    }
}

/// 16 lanes' results as the 64 floats of 16 `SatResult`s in order, four
/// registers of them: [`result_blocks`], its blocks put in order by block
/// shuffles.
#[inline(always)]
fn transpose_results(layout: [usize; 4], x: Avx512, y: Avx512, push: Avx512) -> [__m512; 4] {
    let r = result_blocks(layout, x, y, push);
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; register operations only.
    unsafe {
        // Blocks 0 and 2 (then 1 and 3) of two registers: results 0, 8,
        // 1, 9 and 2, 10, 3, 11 (then 4, 12, 5, 13 and 6, 14, 7, 15); the
        // same again gives 0-3, 8-11 (then 4-7, 12-15).
        let u0 = _mm512_shuffle_f32x4::<0x88>(r[0], r[1]);
        let u1 = _mm512_shuffle_f32x4::<0x88>(r[2], r[3]);
        let u2 = _mm512_shuffle_f32x4::<0xDD>(r[0], r[1]);
        let u3 = _mm512_shuffle_f32x4::<0xDD>(r[2], r[3]);
        [
            _mm512_shuffle_f32x4::<0x88>(u0, u1),
            _mm512_shuffle_f32x4::<0x88>(u2, u3),
            _mm512_shuffle_f32x4::<0xDD>(u0, u1),
            _mm512_shuffle_f32x4::<0xDD>(u2, u3),
        ]
    }
}

/// Stores `r`, a whole result laid out as [`RESULT_SLOTS`] says, into
/// slot `i` of `slots`: how the x86 sets scatter a bucket's register of
/// results to its pairs' places.
#[inline(always)]
fn store_result(slots: &mut [MaybeUninit<SatResult>], i: u16, r: __m128) {
    const { assert!(size_of::<SatResult>() == 4 * size_of::<f32>()) };
    let slot = std::ptr::from_mut(&mut slots[usize::from(i)]).cast::<f32>();
    // SAFETY: one store of 16 bytes, the size of a `SatResult`
    // (asserted), into the slot.
    unsafe { _mm_storeu_ps(slot, r) }
}

/// Where a result's four 32-bit slots are (in f32s): its axis' x and y,
/// its depth, and its `overlapping` flag (a byte with 3 of padding after
/// it); `None` when the layout is not four such slots, and the results
/// are then written lane by lane.
const RESULT_SLOTS: Option<[usize; 4]> = result_slots();

const fn result_slots() -> Option<[usize; 4]> {
    let x = offset_of!(SatResult, axis) + offset_of!(Vec2, x);
    let y = offset_of!(SatResult, axis) + offset_of!(Vec2, y);
    let d = offset_of!(SatResult, depth);
    let o = offset_of!(SatResult, overlapping);
    let w = size_of::<f32>();
    let slots = [x / w, y / w, d / w, o / w];
    if size_of::<SatResult>() != 4 * w || x % w != 0 || y % w != 0 || d % w != 0 || o % w != 0 {
        return None;
    }
    // Four slots of 4 bytes in 16, all different: each field has its own,
    // and the 3 bytes after the flag are padding.
    let mut seen = [false; 4];
    let mut k = 0;
    while k < 4 {
        if slots[k] >= 4 || seen[slots[k]] {
            return None;
        }
        seen[slots[k]] = true;
        k += 1;
    }
    Some(slots)
}

/// Where each pose row's number sits in a pair, counted in f32s: A's x,
/// y and angle, then B's; and with A and B swapped.
const POSE_FIELDS: [usize; 6] = pose_fields_of(false);
const POSE_FIELDS_SWAPPED: [usize; 6] = pose_fields_of(true);

/// [`POSE_FIELDS`], or with `swap` [`POSE_FIELDS_SWAPPED`].
#[inline(always)]
fn pose_fields(swap: bool) -> [usize; 6] {
    if swap {
        POSE_FIELDS_SWAPPED
    } else {
        POSE_FIELDS
    }
}

const fn pose_fields_of(swap: bool) -> [usize; 6] {
    let (a, b) = if swap {
        (offset_of!(Pair, pose_b), offset_of!(Pair, pose_a))
    } else {
        (offset_of!(Pair, pose_a), offset_of!(Pair, pose_b))
    };
    let x = offset_of!(Pose, position) + offset_of!(Vec2, x);
    let y = offset_of!(Pose, position) + offset_of!(Vec2, y);
    let t = offset_of!(Pose, angle);
    let w = size_of::<f32>();
    [
        (a + x) / w,
        (a + y) / w,
        (a + t) / w,
        (b + x) / w,
        (b + y) / w,
        (b + t) / w,
    ]
}

/// The first round's picks from two registers of 2 pairs each (pair `p`
/// of the 4 at numbers `8p..8p+8`): element `e` is row `first + e / 4`
/// of pair `e % 4`, for as many rows as there are (the rest pick 0).
const fn round1(f: [usize; 6], first: usize) -> [i32; 16] {
    let mut picks = [0; 16];
    let mut e = 0;
    while e < 16 {
        let row = first + e / 4;
        if row < 6 {
            picks[e] = (8 * (e % 4) + f[row]) as i32;
        }
        e += 1;
    }
    picks
}

/// [`round1`]'s picks of rows 0-3 and of rows 4-5, for unswapped poses
/// (entry 0) and swapped ones (entry 1). Worked out at compile time: left
/// a function, a build with fat LTO called it at every register of
/// poses, and batches ran 1.1–1.4× slower.
const ROUND1: [[[i32; 16]; 2]; 2] = [
    [round1(POSE_FIELDS, 0), round1(POSE_FIELDS, 4)],
    [
        round1(POSE_FIELDS_SWAPPED, 0),
        round1(POSE_FIELDS_SWAPPED, 4),
    ],
];

/// The second round's picks from two first-round registers of 4 lanes
/// per row: element `e` is lane `e % 8` of row `first + e / 8` within the
/// register (lanes 0-3 from the first register, 4-7 from the second).
const fn round2(first: usize) -> [i32; 16] {
    let mut picks = [0; 16];
    let mut e = 0;
    while e < 16 {
        let (row, lane) = (first + e / 8, e % 8);
        picks[e] = if lane < 4 {
            (4 * row + lane) as i32
        } else {
            (16 + 4 * row + lane - 4) as i32
        };
        e += 1;
    }
    picks
}

/// [`round2`]'s picks of the even and the odd rows, worked out at compile
/// time (see [`ROUND1`]).
const ROUND2: [[i32; 16]; 2] = [round2(0), round2(2)];

/// A 4×4 transpose: entry `i` of register `l` becomes entry `l` of
/// register `i`. Unpacks, then moves of halves.
#[inline(always)]
fn transpose4(r: [__m128; 4]) -> [__m128; 4] {
    // SAFETY: SSE2, part of x86-64; register operations only.
    unsafe {
        let (t0, t1) = (_mm_unpacklo_ps(r[0], r[1]), _mm_unpacklo_ps(r[2], r[3]));
        let (t2, t3) = (_mm_unpackhi_ps(r[0], r[1]), _mm_unpackhi_ps(r[2], r[3]));
        [
            _mm_movelh_ps(t0, t1),
            _mm_movehl_ps(t1, t0),
            _mm_movelh_ps(t2, t3),
            _mm_movehl_ps(t3, t2),
        ]
    }
}

/// Lanes `first` to `first + 7` of `dst`'s rows from those lanes' rows of
/// `src` (see [`Simd::transpose`]), as far as row `rows` (rounded up to 4
/// or 8). Each register is loaded as two lanes' halves side by side (lane
/// `k` and lane `k + 4`, entries 0-3 or 4-7), so that a transpose within
/// 128-bit halves (8 shuffles for 4 rows, no lane crossing) finishes it.
#[inline(always)]
fn transpose_lanes8(
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

/// The 6 rows `fields` of 8 (the poses' numbers among a pair's, in
/// [`Simd::poses`]' order), each picked out by name: written out, not a
/// loop, which measured 1-2% slower on the polygons vs circles (AVX2).
#[inline(always)]
fn pose_rows<T: Copy>(rows: [T; 8], f: [usize; 6]) -> [T; 6] {
    [
        rows[f[0]], rows[f[1]], rows[f[2]], rows[f[3]], rows[f[4]], rows[f[5]],
    ]
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

#[cfg(test)]
mod tests {
    //! The x86 sets' transposes and result scatters against what they
    //! must do, entry by entry, on every set this CPU has: each is an
    //! arrangement of shuffles whose mistakes would move numbers between
    //! lanes (the batch tests would see a wrong answer somewhere; these say
    //! which step).
    use super::*;

    /// Each lane's row of 8 numbers, all different: lane `l`, entry `i`
    /// is `100 l + i`.
    fn rows() -> Vec<[f32; M]> {
        (0..MAX_LANES)
            .map(|l| std::array::from_fn(|i| (100 * l + i) as f32))
            .collect()
    }

    /// `S::transpose` of [`rows`] for every count of rows, checked entry
    /// by entry: row `i`, lane `l` is lane `l`'s entry `i`.
    fn check_transpose<S: Simd>() {
        let src_rows = rows();
        let src: [&[f32; M]; MAX_LANES] = std::array::from_fn(|l| &src_rows[l]);
        for count in 1..=M {
            let mut dst = [[f32::NAN; MAX_LANES]; M];
            S::transpose(&src, &mut dst, count);
            for (i, row) in dst.iter().enumerate().take(count) {
                for (l, &x) in row.iter().enumerate().take(S::LANES) {
                    assert_eq!(x, src_rows[l][i], "{count} rows: row {i}, lane {l}");
                }
            }
        }
    }

    /// A register whose lane `l` holds `f(l)`.
    fn lanes<S: Simd>(f: impl Fn(usize) -> f32) -> S {
        let row: [f32; MAX_LANES] = std::array::from_fn(f);
        S::load(&row)
    }

    /// `S::write_results` of the first `n` lanes into `n` slots in order,
    /// for every `n` up to a register's: each result checked in its slot,
    /// and no slot past the `n`th written.
    fn check_write<S: Simd>() {
        let (x, y) = (lanes::<S>(|l| l as f32), lanes::<S>(|l| 2.0 * l as f32));
        let push = lanes::<S>(|l| {
            if l % 3 == 0 {
                -1.0 - l as f32
            } else {
                l as f32
            }
        });
        for n in 1..=S::LANES {
            let mut slots = vec![MaybeUninit::new(SatResult::START); S::LANES];
            S::write_results(&mut slots[..n], n, x, y, push);
            for (l, slot) in slots.iter().enumerate() {
                // SAFETY: every slot was initialized when made.
                let r = unsafe { slot.assume_init() };
                if l >= n {
                    assert_eq!(r, SatResult::START, "{n} lanes: slot {l} untouched");
                    continue;
                }
                let gap = l % 3 == 0;
                assert_eq!(
                    r.axis,
                    Vec2::new(l as f32, 2.0 * l as f32),
                    "{n} lanes: {l}"
                );
                assert_eq!(r.depth, if gap { 1.0 + l as f32 } else { l as f32 });
                assert_eq!(r.overlapping, !gap, "{n} lanes: {l}");
            }
        }
    }

    /// `S::write_results_at` of a full register into slots in a shuffled
    /// order, each result checked in its slot.
    fn check_scatter<S: Simd>() {
        let n = S::LANES;
        let (x, y) = (lanes::<S>(|l| l as f32), lanes::<S>(|l| -(l as f32)));
        // Odd lanes overlap (a push of 0.5 + l), even ones have a gap.
        let push = lanes::<S>(|l| {
            if l % 2 == 1 {
                0.5 + l as f32
            } else {
                -1.0 - l as f32
            }
        });
        let at: Vec<u16> = (0..n).map(|l| ((l * 7 + 3) % n) as u16).collect();
        let mut slots = vec![MaybeUninit::uninit(); n];
        S::write_results_at(&mut slots, &at, x, y, push);
        for (l, &i) in at.iter().enumerate() {
            // SAFETY: `at` names every slot once, so each was written.
            let r = unsafe { slots[usize::from(i)].assume_init() };
            let want_depth = if l % 2 == 1 {
                0.5 + l as f32
            } else {
                1.0 + l as f32
            };
            assert_eq!(r.axis, Vec2::new(l as f32, -(l as f32)), "lane {l}");
            assert_eq!(r.depth, want_depth, "lane {l}");
            assert_eq!(r.overlapping, l % 2 == 1, "lane {l}");
        }
    }

    /// `S::orient` against the multiply by ±1 it stands for, bit for
    /// bit: leads below, at (either zero) and above 0, axes with zeros of
    /// either sign.
    fn check_orient<S: Simd>() {
        let leads = [
            -3.5,
            -f32::MIN_POSITIVE,
            -0.0,
            0.0,
            1e-30,
            2.0,
            f32::MAX,
            -f32::MAX,
        ];
        let parts = [0.6, -0.0, 0.0, -0.8, 1.0, -1.0, 1e-20, -3.0];
        for shift in 0..leads.len() {
            let lead = lanes::<S>(|l| leads[(l + shift) % leads.len()]);
            let x = lanes::<S>(|l| parts[(l + 2 * shift) % parts.len()]);
            let y = lanes::<S>(|l| parts[(l + shift + 3) % parts.len()]);
            let (ox, oy) = S::orient(lead, x, y);
            let (mut got_x, mut got_y) = ([0.0; MAX_LANES], [0.0; MAX_LANES]);
            ox.store(&mut got_x);
            oy.store(&mut got_y);
            for l in 0..S::LANES {
                let lead = leads[(l + shift) % leads.len()];
                let f = if lead < 0.0 { 1.0f32 } else { -1.0 };
                let want_x = parts[(l + 2 * shift) % parts.len()] * f;
                let want_y = parts[(l + shift + 3) % parts.len()] * f;
                assert_eq!(
                    got_x[l].to_bits(),
                    want_x.to_bits(),
                    "x, lane {l}, lead {lead}"
                );
                assert_eq!(
                    got_y[l].to_bits(),
                    want_y.to_bits(),
                    "y, lane {l}, lead {lead}"
                );
            }
        }
    }

    #[target_feature(enable = "avx512f,avx2,fma")]
    fn avx512_checks() {
        check_transpose::<Avx512>();
        check_scatter::<Avx512>();
        check_write::<Avx512>();
    }

    #[target_feature(enable = "avx2,fma")]
    fn avx2_checks() {
        check_transpose::<Avx2>();
        check_scatter::<Avx2>();
        check_write::<Avx2>();
        check_orient::<Avx2>();
        check_transpose::<Avx2x2>();
        check_scatter::<Avx2x2>();
        check_write::<Avx2x2>();
        check_orient::<Avx2x2>();
    }

    #[target_feature(enable = "sse4.1")]
    fn sse41_checks() {
        check_transpose::<Sse2<true>>();
        check_scatter::<Sse2<true>>();
        check_write::<Sse2<true>>();
    }

    #[test]
    fn transposes_scatters_and_sign_flips_keep_every_bit() {
        check_transpose::<Sse2>();
        check_scatter::<Sse2>();
        check_write::<Sse2>();
        check_orient::<Sse2>();
        let mut ran = vec!["sse2"];
        if is_x86_feature_detected!("sse4.1") {
            // SAFETY: the CPU has SSE4.1 (checked).
            unsafe { sse41_checks() };
            ran.push("sse4.1");
        }
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA (checked).
            unsafe { avx2_checks() };
            ran.push("avx2");
        }
        if is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("fma")
        {
            // SAFETY: the CPU has AVX-512F, AVX2 and FMA (checked).
            unsafe { avx512_checks() };
            ran.push("avx512f");
        }
        eprintln!("checked: {}", ran.join(", "));
    }
}
