//! AArch64's NEON ([`Neon`]): 4 lanes, one of `core::arch::aarch64`'s
//! operations per lane operation. NEON, with its fused multiply-add, is
//! part of AArch64 itself, so every build for it has them.
//!
//! The portable lanes (`lanes::Portable`, plain arrays left to LLVM's
//! vectorizer) ran here before, and no ARM core has timed either. What
//! could be seen without one:
//! - the walker compiled for them (`isa::run`, objdump) held 27 431
//!   instructions, 2 677 of them scalar float arithmetic and 5 518 scalar
//!   loads and stores of floats; for these lanes 20 160, 160 and 110;
//! - under qemu their kernels took more time than the one-pair path on
//!   three of the four benchmark sets, and these 0.78-0.95× theirs
//!   (qemu's emulation of vector instructions is no measure of a core's);
//! - on WebAssembly, where both could be timed, the portable lanes took
//!   6.7-18.6× the time of lanes written out as here (see `isa::wasm`).
//!
//! Unlike the portable lanes, the multiply-add is fused, as AVX2's is.

use core::arch::aarch64::*;

use crate::batch::lanes::{MAX_LANES, Simd};
use crate::batch::prepared::LANE_CORNERS as M;

/// NEON: 4 lanes of `f32` in one `float32x4_t`.
#[derive(Clone, Copy)]
pub(crate) struct Neon(float32x4_t);

/// Per lane, `x` where `mask` is set (all ones) and `y` where it is
/// clear: NEON's bit select.
#[inline(always)]
fn select(mask: uint32x4_t, x: float32x4_t, y: float32x4_t) -> float32x4_t {
    // SAFETY: NEON is part of AArch64; register operations only.
    unsafe { vbslq_f32(mask, x, y) }
}

// SAFETY (every block in this file without a note of its own): NEON is
// part of AArch64, so its instructions are there in every build for it;
// the intrinsics are unsafe only because they are compiled for the
// feature, and these are register operations only.
impl Simd for Neon {
    const LANES: usize = 4;
    // As SSE2's; not timed on an ARM core.
    const TREE: bool = true;
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Neon(unsafe { vdupq_n_f32(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        // SAFETY: reads the first 4 of the array's 16 floats.
        Neon(unsafe { vld1q_f32(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        // SAFETY: writes the first 4 of the array's 16 floats.
        unsafe { vst1q_f32(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Neon(unsafe { vaddq_f32(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Neon(unsafe { vsubq_f32(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Neon(unsafe { vmulq_f32(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Neon(unsafe { vdivq_f32(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        // c + self·b, rounded once.
        Neon(unsafe { vfmaq_f32(c.0, self.0, b.0) })
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Neon(unsafe { vminq_f32(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Neon(unsafe { vmaxq_f32(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Neon(unsafe { vsqrtq_f32(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Neon(unsafe { vabsq_f32(self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Neon(select(unsafe { vcltq_f32(self.0, o.0) }, x.0, y.0))
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        // A NaN is not less than or equal to anything, so it counts: some
        // lane's mask is clear.
        unsafe { vminvq_u32(vcleq_f32(self.0, o.0)) == 0 }
    }
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        let mask = unsafe { vandq_u32(vcltq_f32(self.0, o.0), vcgezq_f32(o.0)) };
        Neon(select(mask, x.0, y.0))
    }
    #[inline(always)]
    fn quadrant(_q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        // As the x86 sets': the bits of `shifted` end in q's; bit 0 says
        // swap, bit 1 flips the sine's sign, bit 1 xor bit 0 the cosine's.
        unsafe {
            let bits = vreinterpretq_u32_f32(shifted.0);
            let odd = vshlq_n_u32::<31>(bits);
            let swap = vreinterpretq_u32_s32(vshrq_n_s32::<31>(vreinterpretq_s32_u32(odd)));
            let s = select(swap, cos_r.0, sin_r.0);
            let c = select(swap, sin_r.0, cos_r.0);
            let sin_flip = vandq_u32(vshlq_n_u32::<30>(bits), vdupq_n_u32(1 << 31));
            let cos_flip = veorq_u32(sin_flip, odd);
            (Neon(flip(s, sin_flip)), Neon(flip(c, cos_flip)))
        }
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        // Each half of the rows (entries 0-3, then 4-7), as far as needed,
        // is a 4×4 transpose of the 4 lanes' quarters.
        for half in 0..rows.div_ceil(4) {
            let at = 4 * half;
            let mut r = [unsafe { vdupq_n_f32(0.0) }; 4];
            for (l, r) in r.iter_mut().enumerate() {
                // SAFETY: reads 4 of a lane's 8 numbers (`at` is 0 or 4).
                *r = unsafe { vld1q_f32(src[l].as_ptr().add(at)) };
            }
            for (k, row) in transpose4(r).into_iter().enumerate() {
                Neon(row).store(&mut dst[at + k]);
            }
        }
    }
}

/// `x` with the bits set in `f` flipped: its sign, where `f` is the sign
/// bit.
#[inline(always)]
fn flip(x: float32x4_t, f: uint32x4_t) -> float32x4_t {
    unsafe { vreinterpretq_f32_u32(veorq_u32(vreinterpretq_u32_f32(x), f)) }
}

/// A 4×4 transpose: entry `i` of register `l` becomes entry `l` of
/// register `i`. Lanes zipped in 32-bit pairs, then in 64-bit halves.
#[inline(always)]
fn transpose4(r: [float32x4_t; 4]) -> [float32x4_t; 4] {
    let (t0, t1, t2, t3) = unsafe {
        (
            vzip1q_f32(r[0], r[1]),
            vzip1q_f32(r[2], r[3]),
            vzip2q_f32(r[0], r[1]),
            vzip2q_f32(r[2], r[3]),
        )
    };
    let (o0, o1) = halves(t0, t1);
    let (o2, o3) = halves(t2, t3);
    [o0, o1, o2, o3]
}

/// The low 64-bit halves of `a` and `b` side by side, and their high ones.
#[inline(always)]
fn halves(a: float32x4_t, b: float32x4_t) -> (float32x4_t, float32x4_t) {
    unsafe {
        let (a, b) = (vreinterpretq_f64_f32(a), vreinterpretq_f64_f32(b));
        (
            vreinterpretq_f32_f64(vzip1q_f64(a, b)),
            vreinterpretq_f32_f64(vzip2q_f64(a, b)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lanes' transposes, selects, sign flips and checks against
    /// `isa::checks`' rules, entry by entry.
    #[test]
    fn the_lanes_keep_every_bit() {
        crate::batch::isa::checks::all::<Neon>();
    }
}
