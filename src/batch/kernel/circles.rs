//! Circle against circle in every lane ([`circles()`]): their one axis.

use super::*;

/// Circle A (radius `ra`) against circle B (radius `rb`) in every lane:
/// the one axis, the line between the centers from B towards A (the x
/// axis when the centers coincide), as `sat_circles` takes it.
// Out of line in debug builds, where nothing is optimized and each copy
// inlined into the walker would add its temporaries to one stack frame;
// always inlined otherwise.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn circles<S: Simd, K: Sink>(ra: S, rb: S, p: &Poses<S>, n: usize, sink: &mut K) {
    let (vx, vy) = (p.a_x.sub(p.b_x), p.a_y.sub(p.b_y));
    // Only centers that coincide give no direction: the x axis then.
    let (ux, uy, none) = unit_lanes(vx, vy);
    let half = S::splat(0.5);
    let ax = none.lt_select(half, ux, S::splat(1.0));
    let ay = none.lt_select(half, uy, S::splat(0.0));
    // The gap between the shadows on it, measured from B's center; the
    // push is minus the gap.
    let gap = vx.madd(ax, vy.mul(ay)).sub(ra.add(rb));
    sink.put_lanes(n, ax, ay, gap.neg());
}
