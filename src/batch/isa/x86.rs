//! The x86 registers as [`Simd`] lanes: SSE2's 4 floats, AVX2's 8 (with
//! FMA) and AVX-512's 16, one instruction per operation.
//!
//! Every intrinsic here needs its instruction set, which the build does
//! not assume: these types are only ever made inside the kernels that
//! `super::run` calls after it has checked the CPU (SSE2 is part of
//! x86-64 itself), and the kernels are compiled with those features on,
//! so each `unsafe` block below rests on that one check.

use std::arch::x86_64::*;
use std::mem::{MaybeUninit, offset_of};

use glam::Vec2;

use crate::batch::lanes::{MAX_LANES, Simd, write_lanes};
use crate::batch::{Pair, Pose};
use crate::sat::SatResult;

/// SSE2: 4 lanes, no FMA.
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128);

/// AVX2 with FMA: 8 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(__m256);

/// AVX-512F: 16 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(__m512);

impl Simd for Sse2 {
    const LANES: usize = 4;
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
        // No blend before SSE4.1: and, and-not, or.
        Sse2(unsafe {
            let m = _mm_cmplt_ps(self.0, o.0);
            _mm_or_ps(_mm_and_ps(m, x.0), _mm_andnot_ps(m, y.0))
        })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm_movemask_ps(_mm_cmpnle_ps(self.0, o.0)) != 0 }
    }
}

impl Simd for Avx2 {
    const LANES: usize = 8;
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
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        // A pair is 8 numbers (no padding: the assertion below), so 16
        // pairs are 8 registers of 2 pairs each, and the 6 pose rows are a
        // transpose of them: three rounds of two-register permutes (20 in
        // all) in place of 96 scalar stores and 6 vector loads, which the
        // store buffer cannot forward and so wait on memory.
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        assert!(pairs.len() >= 16, "a pair for every lane");
        let f = if swap {
            POSE_FIELDS_SWAPPED
        } else {
            POSE_FIELDS
        };
        // SAFETY: the 8 loads read the first 16 pairs' 512 bytes, within
        // `pairs` (asserted), every byte of which is initialized (a pair
        // is two u32 and six f32 with no padding); the permutes only move
        // lanes.
        unsafe {
            let base = pairs.as_ptr().cast::<f32>();
            let r: [__m512; 8] = std::array::from_fn(|k| _mm512_loadu_ps(base.add(16 * k)));
            let ix = |a: [i32; 16]| _mm512_loadu_si512(a.as_ptr().cast());
            // Round 1: 4 pairs (2 registers) at a time, 4 lanes per row:
            // rows 0-3 in one register, rows 4-5 in another.
            let (lo, hi) = (ix(round1(f, 0)), ix(round1(f, 4)));
            let s: [[__m512; 2]; 4] = std::array::from_fn(|g| {
                [
                    _mm512_permutex2var_ps(r[2 * g], lo, r[2 * g + 1]),
                    _mm512_permutex2var_ps(r[2 * g], hi, r[2 * g + 1]),
                ]
            });
            // Round 2: 8 lanes per row, two rows per register.
            let (even, odd) = (ix(round2(0)), ix(round2(2)));
            let t: [[__m512; 3]; 2] = std::array::from_fn(|h| {
                let (x, y) = (s[2 * h], s[2 * h + 1]);
                [
                    _mm512_permutex2var_ps(x[0], even, y[0]),
                    _mm512_permutex2var_ps(x[0], odd, y[0]),
                    _mm512_permutex2var_ps(x[1], even, y[1]),
                ]
            });
            // Round 3: each row's two halves of 8 lanes side by side.
            std::array::from_fn(|row| {
                let (x, y) = (t[0][row / 2], t[1][row / 2]);
                Avx512(if row % 2 == 0 {
                    _mm512_shuffle_f32x4::<0b01_00_01_00>(x, y)
                } else {
                    _mm512_shuffle_f32x4::<0b11_10_11_10>(x, y)
                })
            })
        }
    }
    #[inline(always)]
    fn append_results(out: &mut Vec<SatResult>, n: usize, x: Self, y: Self, push: Self) {
        out.reserve(MAX_LANES);
        let len = out.len();
        Self::write_results(out.spare_capacity_mut(), n, x, y, push);
        // SAFETY: `write_results` initialized the first `n` spare slots,
        // which `reserve` made room for.
        unsafe { out.set_len(len + n) };
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
}

/// 16 lanes' results as the 64 floats of 16 `SatResult`s in order, four
/// registers of them: the four rows (x, y, depth, flag) transposed.
/// Unpacks make 4 results per 128-bit block and block shuffles put them in
/// order, in place of a dozen scalar instructions per lane. Every 32-bit
/// slot gets a valid value for its field (`layout`, from `RESULT_SLOTS`,
/// says where the three f32s and the flag are; the flag's first byte,
/// little-endian, is 0 or 1, a valid bool, the other 3 padding).
#[inline(always)]
fn transpose_results(layout: [usize; 4], x: Avx512, y: Avx512, push: Avx512) -> [__m512; 4] {
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
        let (t0, t1) = (
            _mm512_unpacklo_ps(v[0], v[1]),
            _mm512_unpackhi_ps(v[0], v[1]),
        );
        let (t2, t3) = (
            _mm512_unpacklo_ps(v[2], v[3]),
            _mm512_unpackhi_ps(v[2], v[3]),
        );
        let [t0, t1, t2, t3] = [t0, t1, t2, t3].map(|t| _mm512_castps_pd(t));
        // Block k of r[j] is result 4k + j.
        let r = [
            _mm512_unpacklo_pd(t0, t2),
            _mm512_unpackhi_pd(t0, t2),
            _mm512_unpacklo_pd(t1, t3),
            _mm512_unpackhi_pd(t1, t3),
        ]
        .map(|r| _mm512_castpd_ps(r));
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
const POSE_FIELDS: [usize; 6] = pose_fields(false);
const POSE_FIELDS_SWAPPED: [usize; 6] = pose_fields(true);

const fn pose_fields(swap: bool) -> [usize; 6] {
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
fn round1(f: [usize; 6], first: usize) -> [i32; 16] {
    std::array::from_fn(|e| {
        let row = first + e / 4;
        if row < 6 {
            (8 * (e % 4) + f[row]) as i32
        } else {
            0
        }
    })
}

/// The second round's picks from two first-round registers of 4 lanes
/// per row: element `e` is lane `e % 8` of row `first + e / 8` within the
/// register (lanes 0-3 from the first register, 4-7 from the second).
fn round2(first: usize) -> [i32; 16] {
    std::array::from_fn(|e| {
        let (row, lane) = (first + e / 8, e % 8);
        if lane < 4 {
            (4 * row + lane) as i32
        } else {
            (16 + 4 * row + lane - 4) as i32
        }
    })
}
