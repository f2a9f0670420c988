//! Offsets made axes in every lane: scaled by their larger coordinate,
//! measured, and made unit length, as the sat core's `unit_or_zero`.

use super::*;

/// The least positive number (a subnormal): what a length is kept from
/// falling below, so that dividing by it stays finite or infinite, never
/// NaN.
const TINY: f32 = f32::from_bits(1);

/// Each lane's `(vx, vy)` divided by its larger coordinate's size, so
/// that one part is ±1 and its length is 1 to 1.42, and 1.0 in the third
/// part where it has no direction (both parts zero; its scaled parts are
/// then meaningless, for the caller to replace). As `unit_or_zero` does,
/// so that tiny and huge offsets keep their direction.
#[inline(always)]
pub(super) fn scaled_lanes<S: Simd>(vx: S, vy: S) -> (S, S, S) {
    let tiny = S::splat(TINY);
    let largest = vx.abs().max(vy.abs());
    let none = largest.lt_select(tiny, S::splat(1.0), S::splat(0.0));
    let scale = largest.max(tiny);
    (vx.div(scale), vy.div(scale), none)
}

/// Each lane's `(vx, vy)` scaled to length 1 (see [`scaled_lanes`], whose
/// third part it passes on).
#[inline(always)]
pub(super) fn unit_lanes<S: Simd>(vx: S, vy: S) -> (S, S, S) {
    let (ux, uy, none) = scaled_lanes(vx, vy);
    let len = length_lanes(ux, uy);
    (ux.div(len), uy.div(len), none)
}

/// Each lane's length of `(x, y)`, at least [`TINY`].
#[inline(always)]
pub(super) fn length_lanes<S: Simd>(x: S, y: S) -> S {
    x.madd(x, y.mul(y)).sqrt().max(S::splat(TINY))
}
