//! SSE2's 4 lanes ([`Sse2`]), the baseline of every x86-64 CPU, with
//! SSE4.1's blend for its selects where the CPU has it.

use super::*;

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
    fn quadrant(_q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        // As AVX2's: the bits of `shifted` end in q's; bit 0 says swap,
        // bit 1 flips the sine's sign, bit 1 xor bit 0 the cosine's.
        unsafe {
            let qi = _mm_castps_si128(shifted.0);
            let odd = _mm_slli_epi32::<31>(qi);
            let swap = _mm_castsi128_ps(_mm_srai_epi32::<31>(odd));
            let s = select::<BLEND>(swap, cos_r.0, sin_r.0);
            let c = select::<BLEND>(swap, sin_r.0, cos_r.0);
            let sin_flip = _mm_and_si128(_mm_slli_epi32::<30>(qi), _mm_set1_epi32(i32::MIN));
            let cos_flip = _mm_xor_si128(sin_flip, odd);
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
        let (Some(layout), Some(mut to)) = (RESULT_SLOTS, Scatter::<4>::new(slots, at)) else {
            return write_lanes_at(slots, at, x, y, push);
        };
        for (k, r) in sse2_results(layout, x, y, push).into_iter().enumerate() {
            to.store(k, r);
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
