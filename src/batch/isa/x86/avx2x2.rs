//! AVX2 twice over: 16 lanes as two registers of 8, every lane operation
//! two instructions that do not wait on each other.
//!
//! A register of pairs is a chain of dependent steps (the poses, their
//! sines and cosines, one polygon placed in the other's frame, the
//! shadows, the best axis, the result), about 160 cycles long, and the
//! core's window of 256 instructions holds only part of a register's
//! work, so it cannot start the next register while one finishes. Two
//! registers side by side give it two chains to work on at once. They
//! also hold twice the values in AVX2's 16 registers, so more of them go
//! to the stack and back.
//!
//! On a Zen 3 core, run as the engine for runs of one shape pair (the
//! chapter's scene, a body against the ground) this took the chapter's
//! scene 0.91–0.93× the time of single registers, the tables level. For
//! a bucket's registers (a world's table) it was slower: 1.12× on the 512
//! polygons, 1.02–1.03× on polygons vs circles, 1.09× on every kind (the
//! sixth session had measured 7–18% slower on an Ice Lake). So the walker
//! takes it for runs only (`walk::run`'s `R`), with AVX2 for the buckets.

use super::*;

/// Lane operations, each [`Avx2`]'s own on each half: binary ones, and
/// the selects (a compare of `self` with `o` choosing `x` or `y`).
macro_rules! each_half {
    ($($op:ident),*) => {
        $(
            #[inline(always)]
            fn $op(self, o: Self) -> Self {
                Avx2x2(self.0.$op(o.0), self.1.$op(o.1))
            }
        )*
    };
    (selects: $($op:ident),*) => {
        $(
            #[inline(always)]
            fn $op(self, o: Self, x: Self, y: Self) -> Self {
                Avx2x2(self.0.$op(o.0, x.0, y.0), self.1.$op(o.1, x.1, y.1))
            }
        )*
    };
}

/// 16 lanes: lanes 0–7 in the first register, 8–15 in the second.
#[derive(Clone, Copy)]
pub(crate) struct Avx2x2(Avx2, Avx2);

/// Each half of the work is [`Avx2`]'s own, on its half of the lanes, so
/// this impl has no `unsafe` but its loads and stores.
impl Simd for Avx2x2 {
    const LANES: usize = 16;
    const TREE: bool = true;
    const FIXED_RUNS: bool = true;
    const PLACE_EARLY: bool = true;
    const ORIENT_EARLY: bool = true;
    #[inline(always)]
    fn orient(lead: Self, x: Self, y: Self) -> (Self, Self) {
        let (x0, y0) = Avx2::orient(lead.0, x.0, y.0);
        let (x1, y1) = Avx2::orient(lead.1, x.1, y.1);
        (Avx2x2(x0, x1), Avx2x2(y0, y1))
    }
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Avx2x2(Avx2::splat(x), Avx2::splat(x))
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        // SAFETY: made only in the AVX2 walker, run after the CPU check
        // (as `Avx2`); the two loads read entries 0-7 and 8-15 of the
        // array of MAX_LANES = 16.
        unsafe {
            Avx2x2(
                Avx2(_mm256_loadu_ps(a.as_ptr())),
                Avx2(_mm256_loadu_ps(a.as_ptr().add(8))),
            )
        }
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        // SAFETY: as `load`, for the two stores.
        unsafe {
            _mm256_storeu_ps(a.as_mut_ptr(), self.0.0);
            _mm256_storeu_ps(a.as_mut_ptr().add(8), self.1.0);
        }
    }
    each_half!(add, sub, mul, div, min, max);
    each_half!(selects: lt_select, lt_open_select);
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        Avx2x2(self.0.madd(b.0, c.0), self.1.madd(b.1, c.1))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx2x2(self.0.sqrt(), self.1.sqrt())
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Avx2x2(self.0.abs(), self.1.abs())
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        self.0.any_not_le(o.0) | self.1.any_not_le(o.1)
    }
    #[inline(always)]
    fn any_pose_beyond(positions: [Self; 4], angles: [Self; 2]) -> bool {
        // Both halves' lanes in one mask, tested once.
        let [p0, p1, p2, p3] = positions;
        let [a0, a1] = angles;
        let first = beyond([p0.0, p1.0, p2.0, p3.0], [a0.0, a1.0]);
        let second = beyond([p0.1, p1.1, p2.1, p3.1], [a0.1, a1.1]);
        // SAFETY: as the impl's other blocks: AVX2 register operations.
        unsafe { _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(first, second))) != 0 }
    }
    #[inline(always)]
    fn quadrant(q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        let (s0, c0) = Avx2::quadrant(q.0, shifted.0, sin_r.0, cos_r.0);
        let (s1, c1) = Avx2::quadrant(q.1, shifted.1, sin_r.1, cos_r.1);
        (Avx2x2(s0, s1), Avx2x2(c0, c1))
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        transpose_lanes8(src, 0, dst, rows);
        transpose_lanes8(src, 8, dst, rows);
    }
    #[inline(always)]
    fn all_name(pairs: &[Pair], a: u32, b: u32) -> bool {
        Avx2::all_name(&pairs[..8], a, b) & Avx2::all_name(&pairs[8..16], a, b)
    }
    #[inline(always)]
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        let lo = Avx2::poses(&pairs[..8], swap);
        let hi = Avx2::poses(&pairs[8..16], swap);
        [
            Avx2x2(lo[0], hi[0]),
            Avx2x2(lo[1], hi[1]),
            Avx2x2(lo[2], hi[2]),
            Avx2x2(lo[3], hi[3]),
            Avx2x2(lo[4], hi[4]),
            Avx2x2(lo[5], hi[5]),
        ]
    }
    #[inline(always)]
    fn write_results(slots: &mut [MaybeUninit<SatResult>], n: usize, x: Self, y: Self, push: Self) {
        let first = n.min(8);
        let cut = slots.len().min(8);
        let (lo, hi) = slots.split_at_mut(cut);
        Avx2::write_results(lo, first, x.0, y.0, push.0);
        if n > 8 {
            Avx2::write_results(hi, n - 8, x.1, y.1, push.1);
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
        let cut = at.len().min(8);
        Avx2::write_results_at(slots, &at[..cut], x.0, y.0, push.0);
        if at.len() > 8 {
            Avx2::write_results_at(slots, &at[8..], x.1, y.1, push.1);
        }
    }
}
