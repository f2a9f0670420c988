//! The separating axis test itself: every axis, both shadows, a gap or the
//! shorter of two ways out on each.

use glam::Vec2;

use super::ends::{Key, key, least, lesser, value};
use super::four::{Other, Pushes, own_axes};
use super::shadow::{Interval, Shadow};
use super::shape::{Circle, Polygon, unit_or_zero};

/// What the separating axis test found.
///
/// When the shapes overlap, `axis` is the unit direction A must move to get
/// out and `depth` the shortest push that frees it: moving A by
/// `axis * depth` leaves the shapes just touching (the minimum translation
/// vector). When they are apart, `axis` is the axis whose shadows showed the
/// gap, pointing from B towards A (A's shadow lies after B's along it), and
/// `depth` is the gap's width on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SatResult {
    /// Whether the shapes overlap; touching counts as overlapping.
    pub overlapping: bool,
    /// The push's direction (overlapping), or the gap's axis from B towards
    /// A (apart). A unit vector.
    pub axis: Vec2,
    /// The push's length (overlapping), or the gap's width (apart); never
    /// negative.
    pub depth: f32,
}

impl SatResult {
    /// The start of a search: an overlap with an endless push, so that the
    /// first axis's push always replaces it.
    pub(crate) const START: SatResult = SatResult {
        overlapping: true,
        axis: Vec2::ZERO,
        depth: f32::INFINITY,
    };

    /// The minimum translation vector: `axis * depth` when overlapping (move
    /// A by it and the shapes just touch), zero when apart.
    pub fn push(&self) -> Vec2 {
        if self.overlapping {
            self.axis * self.depth
        } else {
            Vec2::ZERO
        }
    }
}

/// Is `axis` a real axis? A zero axis, from an edge with no length, says
/// nothing: every shadow on it is the single number 0, a gap of 0 and a push
/// of 0, which would win as the shortest push. So it is skipped.
#[inline]
pub(crate) fn is_axis(axis: Vec2) -> bool {
    axis.length_squared() >= 0.5
}

/// One axis of the test, with A's and B's shadows on it. A gap means the
/// shapes are apart: the result says so, oriented from B towards A, and
/// this returns `true`, which ends the test. Otherwise A could get out along
/// this axis by moving its shadow past either end of B's, forward by
/// `b.max - a.min` or backward by `a.max - b.min`; the shorter way is kept
/// if it is the shortest push so far.
#[inline]
pub fn gap_on_axis(axis: Vec2, a: Interval, b: Interval, result: &mut SatResult) -> bool {
    if !is_axis(axis) {
        return false;
    }
    if let Some(gap) = gap_between(axis, a, b) {
        *result = gap;
        return true;
    }
    let forward = b.max - a.min;
    let backward = a.max - b.min;
    let push = least(forward, backward);
    if push < result.depth {
        *result = SatResult {
            overlapping: true,
            axis: if forward < backward { axis } else { -axis },
            depth: push,
        };
    }
    false
}

/// The gap between A's shadow `a` and B's `b` on `axis`, if they have one,
/// as the test's result: the axis oriented so that A's shadow lies after
/// B's along it.
#[inline(always)]
pub(crate) fn gap_between(axis: Vec2, a: Interval, b: Interval) -> Option<SatResult> {
    let a_first = b.min - a.max;
    let b_first = a.min - b.max;
    if a_first > 0.0 || b_first > 0.0 {
        Some(if a_first > b_first {
            SatResult {
                overlapping: false,
                axis: -axis,
                depth: a_first,
            }
        } else {
            SatResult {
                overlapping: false,
                axis,
                depth: b_first,
            }
        })
    } else {
        None
    }
}

/// The shortest push found so far, as [`gap_on_axis`] keeps it in a
/// result, but with its length as a [`Key`] and its direction as bits, so
/// that keeping it is whole-number selects, never a branch: which axis
/// gives the shortest push is as good as random, and wasm32 makes a
/// float select a branch (see [`ends`](super::ends)).
#[derive(Clone, Copy)]
pub(crate) struct Best {
    depth: Key,
    x: u32,
    y: u32,
}

impl Best {
    /// No push yet: the start of a search, an endless push.
    pub(crate) const NONE: Best = Best {
        depth: key(f32::INFINITY),
        x: 0,
        y: 0,
    };

    /// [`gap_on_axis`] with the push kept here: the gap if `a` and `b`
    /// have one on `axis`, else the shorter way out kept if it is the
    /// shortest so far (the first of any that tie).
    #[inline(always)]
    pub(crate) fn take_axis(&mut self, axis: Vec2, a: Interval, b: Interval) -> Option<SatResult> {
        if !is_axis(axis) {
            return None;
        }
        if let Some(gap) = gap_between(axis, a, b) {
            return Some(gap);
        }
        let forward = b.max - a.min;
        let backward = a.max - b.min;
        let push = lesser(key(forward), key(backward));
        // Backward (the axis turned round) unless forward is shorter: the
        // compare is a float's, but its answer is a whole number.
        let turn = u32::from(forward >= backward) << 31;
        let shorter = push < self.depth;
        self.depth = if shorter { push } else { self.depth };
        self.x = if shorter {
            axis.x.to_bits() ^ turn
        } else {
            self.x
        };
        self.y = if shorter {
            axis.y.to_bits() ^ turn
        } else {
            self.y
        };
        None
    }

    /// The shortest push as the test's result (an endless push when none
    /// was kept).
    #[inline(always)]
    pub(crate) fn result(&self) -> SatResult {
        SatResult {
            overlapping: true,
            axis: Vec2::new(f32::from_bits(self.x), f32::from_bits(self.y)),
            depth: value(self.depth),
        }
    }
}

/// Runs the test over `axes`, in order, with both shapes' shadows on each.
/// One gap ends it; an overlap on every axis means the shapes collide, and
/// the result holds the shortest push of all.
pub fn sat_on_axes<A, B>(a: &A, b: &B, axes: impl IntoIterator<Item = Vec2>) -> SatResult
where
    A: Shadow + ?Sized,
    B: Shadow + ?Sized,
{
    let mut result = SatResult::START;
    for axis in axes {
        if !is_axis(axis) {
            continue;
        }
        if gap_on_axis(axis, a.shadow(axis), b.shadow(axis), &mut result) {
            return result;
        }
    }
    result
}

/// The axes the test tries for two polygons, in order: A's edge normals,
/// then B's (zero axes from edges of no length included; the test skips
/// them).
pub fn polygon_axes<'a>(a: &'a Polygon, b: &'a Polygon) -> impl Iterator<Item = Vec2> + 'a {
    a.edge_normals().chain(b.edge_normals())
}

/// The axes the test tries for a polygon and a circle, in order: the
/// polygon's edge normals, then the circle's own axis, from the polygon's
/// corner nearest the circle's center toward the center (zero when the
/// center sits on that corner).
pub fn polygon_circle_axes<'a>(a: &'a Polygon, b: &'a Circle) -> impl Iterator<Item = Vec2> + 'a {
    let own = unit_or_zero(b.center - a.nearest_corner(b.center));
    a.edge_normals().chain(std::iter::once(own))
}

/// The separating axis test for two convex polygons: the normals of both
/// polygons' edges are the axes, A's first. One gap ends it; an overlap on
/// every axis means the shapes collide, and the shortest push is kept,
/// found by checking both ways out on every axis.
///
/// Each polygon keeps its axes, and its own shadow on each, from when it
/// was made (placing it turns and moves them), so each axis projects only
/// the other polygon's corners, with no square root; and the axes go four
/// at a time, one to a SIMD lane, where the build has SIMD (one at a time
/// where it has none, as on wasm32 without `simd128`). The answer is the
/// chapter's loop's.
pub fn sat_polygons(a: &Polygon, b: &Polygon) -> SatResult {
    let mut pushes = Pushes::new();
    let na = a.points().len();
    if let Some(gap) = own_axes(a, &Other::Corners(b.points()), true, 0, &mut pushes) {
        return gap;
    }
    if let Some(gap) = own_axes(b, &Other::Corners(a.points()), false, na, &mut pushes) {
        return gap;
    }
    pushes.shortest()
}

/// The separating axis test for a convex polygon A and a circle B. A circle
/// has no edges, so it gives one axis of its own: from the polygon's corner
/// nearest the circle's center, toward the center. When the nearest part of
/// the polygon is an edge, that edge's normal finds any gap; when it is a
/// corner, this axis does.
pub fn sat_polygon_circle(a: &Polygon, b: &Circle) -> SatResult {
    let mut pushes = Pushes::new();
    let circle = Other::Circle {
        center: b.center,
        radius: b.radius,
    };
    if let Some(gap) = own_axes(a, &circle, true, 0, &mut pushes) {
        return gap;
    }
    let mut result = pushes.shortest();
    let own = unit_or_zero(b.center - a.nearest_corner(b.center));
    if is_axis(own) {
        gap_on_axis(own, a.shadow(own), b.shadow(own), &mut result);
    }
    result
}

/// The separating axis test for two circles. Their one axis is the line
/// between their centers: they are apart when the centers are farther than
/// the radii together. When the centers coincide every direction is as
/// good, and the push goes along +x.
pub fn sat_circles(a: &Circle, b: &Circle) -> SatResult {
    let between = a.center - b.center;
    let axis = unit_or_zero(between);
    let axis = if is_axis(axis) { axis } else { Vec2::X };
    // The shadows on that axis, measured from B's center.
    let gap = between.dot(axis) - (a.radius + b.radius);
    if gap > 0.0 {
        SatResult {
            overlapping: false,
            axis,
            depth: gap,
        }
    } else {
        SatResult {
            overlapping: true,
            axis,
            depth: -gap,
        }
    }
}
