//! The axis-by-axis walk, where glam's `Vec4` is four separate numbers: in
//! A's frame, each axis in turn with the sat core's own step
//! ([`Best::take_axis`], [`gap_on_axis`](crate::sat::gap_on_axis) with the
//! shortest push kept without a branch), stopping at the first gap. B's
//! corners are seen from A by turning each axis back into B's frame, so no
//! corner is turned.

use glam::Vec2;

use super::{Placing, back, circle_shadow, to_world};
use crate::batch::prepared::PolyData;
use crate::sat::{Best, Interval, SatResult, nearest_of, project_points, unit_or_zero};

/// Polygon A against polygon B, both prepared, in A's frame.
pub(super) fn polygons(a: &PolyData, b: &PolyData, placing: Placing) -> SatResult {
    // B's placement seen from A.
    let Placing {
        turn_a,
        turn,
        offset,
        ..
    } = placing;
    let mut best = Best::NONE;
    for (&axis, own) in a.axes().iter().zip(a.extents()) {
        // B's corner c sits at turn·c + offset, so its shadow on `axis` is
        // c · (turn⁻¹ axis) + offset · axis.
        let turned_back = back(turn).rotate(axis);
        let theirs = project_points(b.corners(), turned_back);
        let moved = offset.dot(axis);
        let theirs = Interval {
            min: theirs.min + moved,
            max: theirs.max + moved,
        };
        if let Some(gap) = best.take_axis(axis, own, theirs) {
            return to_world(gap, turn_a);
        }
    }
    for (&axis, own) in b.axes().iter().zip(b.extents()) {
        // B's axis in A's frame; B's own shadow on it moves with B.
        let axis = turn.rotate(axis);
        let moved = axis.dot(offset);
        let mine = Interval {
            min: own.min + moved,
            max: own.max + moved,
        };
        if let Some(gap) = best.take_axis(axis, project_points(a.corners(), axis), mine) {
            return to_world(gap, turn_a);
        }
    }
    to_world(best.result(), turn_a)
}

/// Polygon A, turned into the world by `turn_a` (the cosine and sine of
/// its pose's angle), against a circle of `radius` whose center is `c` in
/// A's frame ([`seen_from`](super::seen_from)): A's axes, then the
/// circle's own, from A's corner nearest the center towards it.
pub(super) fn polygon_circle(a: &PolyData, turn_a: Vec2, c: Vec2, radius: f32) -> SatResult {
    let mut best = Best::NONE;
    for (&axis, own) in a.axes().iter().zip(a.extents()) {
        if let Some(gap) = best.take_axis(axis, own, circle_shadow(c.dot(axis), radius)) {
            return to_world(gap, turn_a);
        }
    }
    // A zero axis (the center on the corner) is skipped by `Best::take_axis`.
    let axis = unit_or_zero(c - nearest_of(a.corners(), c));
    let mine = project_points(a.corners(), axis);
    if let Some(gap) = best.take_axis(axis, mine, circle_shadow(c.dot(axis), radius)) {
        return to_world(gap, turn_a);
    }
    to_world(best.result(), turn_a)
}
