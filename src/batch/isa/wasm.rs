//! WebAssembly's 128-bit SIMD ([`Simd128`]): 4 lanes, one of
//! `core::arch::wasm32`'s operations per lane operation, for a build made
//! with `-C target-feature=+simd128` (a browser's or a WASI runtime's
//! wasm32, which has no way to ask at run time).
//!
//! Every operation here is a safe function: a WebAssembly module either
//! validates with its SIMD instructions or does not load at all, so there
//! is nothing for an `unsafe` block to promise. Loads and stores go
//! through [`f32x4`] and lane extraction, which LLVM turns into the
//! `v128.load` and `v128.store` of the array's 16 bytes.
//!
//! The lanes are SSE2's, operation for operation: the same minimum and
//! maximum (`pmin`/`pmax`, which are x86's `minps`/`maxps`: the second
//! number where the first is not less), a select by a compare's mask,
//! no fused multiply-add (WebAssembly's is only in the relaxed SIMD
//! proposal), and the sine's quadrant read from the bits of the rounding
//! (see `Simd::quadrant`). Two of the kernels' switches differ from
//! SSE2's, as timed under Node (see the constants): a run of one shape
//! pair takes the fixed corner loops, and each axis is turned before it
//! is weighed, by flipping sign bits as AVX2 does.
//!
//! Before these, the engine's portable lanes (`lanes::Portable`, plain
//! arrays left to LLVM) were tried here: the same answers, bit for bit, on
//! every benchmark set (`examples/fingerprint`), in 6.7–18.6× the time
//! (Node 20 on an Emerald Rapids: the chapter's scene 39.6 against 277 ns
//! a pair, the 512 polygons 54.9 against 998), slower even than the
//! one-pair path.

use core::arch::wasm32::*;

use crate::batch::lanes::{MAX_LANES, Simd};
use crate::batch::prepared::LANE_CORNERS as M;

/// WebAssembly's SIMD: 4 lanes of `f32` in one `v128`.
#[derive(Clone, Copy)]
pub(crate) struct Simd128(v128);

impl Simd for Simd128 {
    const LANES: usize = 4;
    // SSE2's choice, as its lanes are SSE2's. Timed against the chain
    // (Node 20 on an Emerald Rapids, three runs of 10-30 alternated
    // rounds, best of each): the chain took 0.95-1.04x the time, no
    // clear gain, so the tree stays.
    const TREE: bool = true;
    // Unlike SSE's (1.03-1.05x the time with fixed runs on a Zen 3,
    // level on an Emerald Rapids): under Node 20 on an Emerald Rapids
    // the chapter's scene took 0.74-0.77x the time with a run's corner
    // loops fixed (four runs of 10-40 alternated rounds, best of each),
    // the tables level.
    const FIXED_RUNS: bool = true;
    // A select is `v128.bitselect`, which V8 makes three operations on
    // x86 (and, and-not, or), as AVX2's is on an Intel core: with the
    // axes turned early, in five runs of 10-40 alternated rounds (best
    // of each), the 512 polygons took 0.94-1.00x the time (0.95-0.96x in
    // three), polygons vs circles 0.93-0.99x, every kind 0.95-0.99x, the
    // chapter's scene 0.96-1.07x. Not timed on ARM.
    const ORIENT_EARLY: bool = true;
    #[inline(always)]
    fn orient(lead: Self, x: Self, y: Self) -> (Self, Self) {
        // As AVX2's: the sign bit flipped where the lead is not below 0,
        // a compare, an and-not and two exclusive ors instead of a select
        // and two multiplies; the same bits, zeros included.
        let ahead = f32x4_lt(lead.0, f32x4_splat(0.0));
        let sign = v128_andnot(f32x4_splat(-0.0), ahead);
        (Simd128(v128_xor(x.0, sign)), Simd128(v128_xor(y.0, sign)))
    }
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Simd128(f32x4_splat(x))
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Simd128(f32x4(a[0], a[1], a[2], a[3]))
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        a[0] = f32x4_extract_lane::<0>(self.0);
        a[1] = f32x4_extract_lane::<1>(self.0);
        a[2] = f32x4_extract_lane::<2>(self.0);
        a[3] = f32x4_extract_lane::<3>(self.0);
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Simd128(f32x4_add(self.0, o.0))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Simd128(f32x4_sub(self.0, o.0))
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Simd128(f32x4_mul(self.0, o.0))
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Simd128(f32x4_div(self.0, o.0))
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        self.mul(b).add(c)
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        // `pmin(a, b)` is `b < a ? b : a`: this is `self < o ? self : o`,
        // as SSE2's `minps`. (`f32x4_min`, which also orders -0 below +0
        // and passes NaN on, takes several instructions on an x86 host.)
        Simd128(f32x4_pmin(o.0, self.0))
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        // `pmax(a, b)` is `a < b ? b : a`: this is `o < self ? self : o`,
        // as SSE2's `maxps`.
        Simd128(f32x4_pmax(o.0, self.0))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Simd128(f32x4_sqrt(self.0))
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Simd128(f32x4_abs(self.0))
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Simd128(v128_bitselect(x.0, y.0, f32x4_lt(self.0, o.0)))
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        // A NaN is not less than or equal to anything, so it counts.
        !i32x4_all_true(f32x4_le(self.0, o.0))
    }
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        let mask = v128_and(f32x4_lt(self.0, o.0), f32x4_ge(o.0, f32x4_splat(0.0)));
        Simd128(v128_bitselect(x.0, y.0, mask))
    }
    #[inline(always)]
    fn quadrant(_q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        // As SSE2's: the bits of `shifted` end in q's; bit 0 says swap,
        // bit 1 flips the sine's sign, bit 1 xor bit 0 the cosine's.
        let odd = i32x4_shl(shifted.0, 31);
        let swap = i32x4_shr(odd, 31);
        let s = v128_bitselect(cos_r.0, sin_r.0, swap);
        let c = v128_bitselect(sin_r.0, cos_r.0, swap);
        let sin_flip = v128_and(i32x4_shl(shifted.0, 30), i32x4_splat(i32::MIN));
        let cos_flip = v128_xor(sin_flip, odd);
        (
            Simd128(v128_xor(s, sin_flip)),
            Simd128(v128_xor(c, cos_flip)),
        )
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        // Each half of the rows (entries 0-3, then 4-7), as far as needed,
        // is a 4×4 transpose of the 4 lanes' quarters.
        for half in 0..rows.div_ceil(4) {
            let at = 4 * half;
            let mut r = [f32x4_splat(0.0); 4];
            for (l, r) in r.iter_mut().enumerate() {
                let s = src[l];
                *r = f32x4(s[at], s[at + 1], s[at + 2], s[at + 3]);
            }
            for (k, row) in transpose4(r).into_iter().enumerate() {
                Simd128(row).store(&mut dst[at + k]);
            }
        }
    }
}

/// A 4×4 transpose: entry `i` of register `l` becomes entry `l` of
/// register `i`. Two rounds of shuffles, as SSE2's unpacks and moves of
/// halves.
#[inline(always)]
fn transpose4(r: [v128; 4]) -> [v128; 4] {
    // Interleave the low and high halves of rows 0 with 1 and 2 with 3.
    let t0 = i32x4_shuffle::<0, 4, 1, 5>(r[0], r[1]);
    let t1 = i32x4_shuffle::<0, 4, 1, 5>(r[2], r[3]);
    let t2 = i32x4_shuffle::<2, 6, 3, 7>(r[0], r[1]);
    let t3 = i32x4_shuffle::<2, 6, 3, 7>(r[2], r[3]);
    [
        i64x2_shuffle::<0, 2>(t0, t1),
        i64x2_shuffle::<1, 3>(t0, t1),
        i64x2_shuffle::<0, 2>(t2, t3),
        i64x2_shuffle::<1, 3>(t2, t3),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lanes' transposes, selects, sign flips and checks against
    /// `isa::checks`' rules, entry by entry.
    #[test]
    fn the_lanes_keep_every_bit() {
        crate::batch::isa::checks::all::<Simd128>();
    }
}
