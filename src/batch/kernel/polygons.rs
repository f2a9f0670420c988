//! Polygon against polygon in every lane ([`polygons()`]), in the frame of
//! whichever of the two costs fewer operations to turn into.

use super::*;

/// Polygon against polygon in every lane: A's axes, then B's, the
/// chapter's order. The test runs in the frame of one of the two (its
/// "home"), the other turned and moved into it: the one with more corners
/// (A where they tie; [`Counts::home_is_b`]), since the away polygon's
/// corners and axes are turned (4 operations each) and the home one's
/// corners only moved (2 each). So a box against a pentagon runs in the
/// pentagon's frame. The order of the axes, and so the answer, is the
/// same in either frame, but for rounding. `fixed`: the
/// corner loops' lengths are compiled in (see `by_corners!`).
///
/// The turns and the placing are worked out here, from the poses `p`
/// ([`Poses::placed`]), and the axes tried by [`polygons_placed`], which
/// the callers that work them out beforehand call themselves (see
/// `Simd::PLACE_EARLY`).
// Out of line in debug builds, where nothing is optimized and each copy
// inlined into the walker would add its temporaries to one stack frame;
// always inlined otherwise.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn polygons<S: Simd, K: Sink>(
    a: &Side,
    b: &Side,
    counts: Counts,
    p: &Poses<S>,
    fixed: bool,
    n: usize,
    sink: &mut K,
) {
    polygons_placed((a, b), counts, &p.placed(counts), fixed, n, sink);
}

/// [`polygons()`] on pairs whose turns and placing were worked out
/// beforehand ([`Poses::placed`]).
// Out of line in debug builds, as `polygons`.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn polygons_placed<S: Simd, K: Sink>(
    (a, b): (&Side, &Side),
    counts: Counts,
    placed: &Placed<S>,
    fixed: bool,
    n: usize,
    sink: &mut K,
) {
    let mut best = Best::new();
    let Counts {
        a_axes,
        a_corners,
        b_axes,
        b_corners,
        ..
    } = counts;
    let (away, (sin_h, cos_h)) = (&placed.away, placed.home);
    // Each side's axes against the other's corners: all of them, or the
    // first half of a centrally symmetric polygon's (`by_halves!`).
    macro_rules! against {
        ($symmetric:expr, $corners:expr, $f:ident($($arg:expr),*)) => {
            if $symmetric {
                by_halves!($corners / 2, $f::<S, true>($($arg),*))
            } else {
                by_corners!(fixed, $corners, $f::<S, false>($($arg),*))
            }
        };
    }
    let (a_symmetric, b_symmetric) = (counts.a_symmetric, counts.b_symmetric);
    if counts.home_is_b() {
        // At home in B: A's axes (turned), then B's own.
        against!(
            b_symmetric,
            b_corners,
            away_axes(&mut best, a, a_axes, b, away, true)
        );
        against!(
            a_symmetric,
            a_corners,
            home_axes(&mut best, b, b_axes, a, away, false)
        );
    } else {
        against!(
            b_symmetric,
            b_corners,
            home_axes(&mut best, a, a_axes, b, away, true)
        );
        against!(
            a_symmetric,
            a_corners,
            away_axes(&mut best, b, b_axes, a, away, false)
        );
    }
    best.write(cos_h, sin_h, false, n, sink);
}

/// The home polygon's axes, as they are: its own shadows on them against
/// the away polygon's `corners` (at most `N`) placed in the home frame.
/// `home_is_a` says which shadow is A's. With `SYMMETRIC`, the away
/// polygon is centrally symmetric and `corners` is the first half of its
/// corners, only turned: its shadows are cast about its origin's
/// ([`symmetric_shadow`]).
#[inline(always)]
fn home_axes<S: Simd, const SYMMETRIC: bool, const N: usize>(
    best: &mut Best<S>,
    home: &Side,
    axes: usize,
    away: &Side,
    at: &Placing<S>,
    home_is_a: bool,
    corners: usize,
) {
    let corners = corners.min(N);
    // The away corners in the home frame, once for all of its axes.
    let mut cx = [S::splat(0.0); M];
    let mut cy = [S::splat(0.0); M];
    for j in 0..corners {
        let (x, y) = (S::load(&away.corner_x[j]), S::load(&away.corner_y[j]));
        if SYMMETRIC {
            cx[j] = at.cos.madd(x, at.minus_sin.mul(y));
            cy[j] = at.sin.madd(x, at.cos.mul(y));
        } else {
            cx[j] = at.cos.madd(x, at.minus_sin.madd(y, at.off_x));
            cy[j] = at.sin.madd(x, at.cos.madd(y, at.off_y));
        }
    }
    for i in 0..axes {
        let (nx, ny) = (S::load(&home.axis_x[i]), S::load(&home.axis_y[i]));
        let (lo, hi) = if SYMMETRIC {
            symmetric_shadow::<S, N>(nx, ny, (&cx, &cy), corners, (at.off_x, at.off_y))
        } else {
            shadow::<S, N>(nx, ny, &cx, &cy, corners)
        };
        let own = (S::load(&home.own_min[i]), S::load(&home.own_max[i]));
        best.owned_axis(nx, ny, own, (lo, hi), home_is_a);
    }
}

/// The away polygon's axes, turned into the home frame: its own shadows
/// on them against the home polygon's `corners` (at most `N`) seen from
/// the away origin, so that both shadows are measured from that origin and
/// its own need no moving. `away_is_a` says which shadow is A's. With
/// `SYMMETRIC`, the home polygon is centrally symmetric and `corners` is
/// the first half of its corners, as they are: its shadows are cast about
/// its origin, seen from the away one ([`symmetric_shadow`]).
#[inline(always)]
fn away_axes<S: Simd, const SYMMETRIC: bool, const N: usize>(
    best: &mut Best<S>,
    away: &Side,
    axes: usize,
    home: &Side,
    at: &Placing<S>,
    away_is_a: bool,
    corners: usize,
) {
    let corners = corners.min(N);
    let mut cx = [S::splat(0.0); M];
    let mut cy = [S::splat(0.0); M];
    for j in 0..corners {
        let (x, y) = (S::load(&home.corner_x[j]), S::load(&home.corner_y[j]));
        if SYMMETRIC {
            (cx[j], cy[j]) = (x, y);
        } else {
            (cx[j], cy[j]) = (x.sub(at.off_x), y.sub(at.off_y));
        }
    }
    // The home origin seen from the away one (used only by `SYMMETRIC`).
    let centre = (at.off_x.neg(), at.off_y.neg());
    for k in 0..axes {
        let (bx, by) = (S::load(&away.axis_x[k]), S::load(&away.axis_y[k]));
        let nx = at.cos.madd(bx, at.minus_sin.mul(by));
        let ny = at.sin.madd(bx, at.cos.mul(by));
        let (lo, hi) = if SYMMETRIC {
            symmetric_shadow::<S, N>(nx, ny, (&cx, &cy), corners, centre)
        } else {
            shadow::<S, N>(nx, ny, &cx, &cy, corners)
        };
        let own = (S::load(&away.own_min[k]), S::load(&away.own_max[k]));
        best.owned_axis(nx, ny, own, (lo, hi), away_is_a);
    }
}
