//! Polygon against circle in every lane ([`polygon_circle()`]): the
//! polygon's axes, then the circle's own, from the nearest corner.

use super::*;

/// Polygon A against circle B (radius `r`) in every lane: A's axes, then
/// the circle's own; with `flip` the circle was A and the answer is
/// turned round. `turned` is A's sine and cosine and the circle's center
/// in A's frame ([`Poses::b_seen_from_a`]), worked out by the caller
/// before it fills A's side (see `walk::run_lanes`).
// Out of line in debug builds, where nothing is optimized and each copy
// inlined into the walker would add its temporaries to one stack frame;
// always inlined otherwise.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn polygon_circle<S: Simd, K: Sink>(
    a: &Side,
    counts: Counts,
    r: S,
    turned: (S, S, S, S),
    (flip, fixed): (bool, bool),
    n: usize,
    sink: &mut K,
) {
    by_corners!(
        fixed,
        counts.a_corners,
        polygon_circle_n::<S, K>((a, counts.a_axes), r, turned, flip, n, sink)
    );
}

/// [`polygon_circle()`] for a polygon of `corners` (at most `N`) corners
/// and `axes` axes.
#[inline(always)]
fn polygon_circle_n<S: Simd, K: Sink, const N: usize>(
    (a, axes): (&Side, usize),
    r: S,
    (sin_a, cos_a, center_x, center_y): (S, S, S, S),
    flip: bool,
    n: usize,
    sink: &mut K,
    corners: usize,
) {
    let corners = corners.min(N);
    let mut best = Best::new();
    for i in 0..axes {
        let (nx, ny) = (S::load(&a.axis_x[i]), S::load(&a.axis_y[i]));
        let d = nx.madd(center_x, ny.mul(center_y));
        let (own_min, own_max) = (S::load(&a.own_min[i]), S::load(&a.own_max[i]));
        best.axis(nx, ny, own_min, own_max, d.sub(r), d.add(r));
    }
    // The circle's own axis: from A's corner nearest its center (the
    // first of any that tie) towards the center.
    let mut corner_x = [S::splat(0.0); M];
    let mut corner_y = [S::splat(0.0); M];
    let mut nearest = S::splat(f32::INFINITY);
    let (mut vx, mut vy) = (S::splat(0.0), S::splat(0.0));
    for j in 0..corners {
        corner_x[j] = S::load(&a.corner_x[j]);
        corner_y[j] = S::load(&a.corner_y[j]);
        let (ex, ey) = (center_x.sub(corner_x[j]), center_y.sub(corner_y[j]));
        let d2 = ex.madd(ex, ey.mul(ey));
        vx = d2.lt_select(nearest, ex, vx);
        vy = d2.lt_select(nearest, ey, vy);
        nearest = d2.min(nearest);
    }
    // The axis is measured along (`sx`, `sy`), the offset scaled by its
    // larger coordinate (1 to 1.42 long), while its length is found: the
    // shadows on it need no wait for the square root and the division
    // that make it a unit axis, and only the push is divided by the length
    // at the end. (Shadows on the unit axis waited on both, which on a
    // register of 8 or 16 circles was the longest chain of the kernel.)
    let (sx, sy, none) = scaled_lanes(vx, vy);
    let length = length_lanes(sx, sy);
    let per_length = S::splat(1.0).div(length);
    let (lo, hi) = shadow::<S, N>(sx, sy, &corner_x, &corner_y, corners);
    let d = sx.madd(center_x, sy.mul(center_y));
    // The circle's shadow on the scaled axis is as many times wider.
    let reach = r.mul(length);
    // A center on the corner gives no axis: its shadows are made endless,
    // so its push never wins.
    let half = S::splat(0.5);
    let zero = S::splat(0.0);
    let lo = none.lt_select(half, lo, S::splat(f32::NEG_INFINITY));
    let hi = none.lt_select(half, hi, S::splat(f32::INFINITY));
    // The polygon is A; its push along the scaled axis, then as measured
    // along the unit axis (the lead's sign is the same either way).
    let (push, lead) = push_and_lead(lo, hi, d.sub(reach), d.add(reach));
    let ux = none.lt_select(half, sx.mul(per_length), zero);
    let uy = none.lt_select(half, sy.mul(per_length), zero);
    best.answer(ux, uy, push.mul(per_length), lead);
    best.write(cos_a, sin_a, flip, n, sink);
}
