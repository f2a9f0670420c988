//! One pair at a time, in A's frame, on the prepared table: the path for
//! polygons too large for the lanes, for registers that mix kinds of pair,
//! and the whole of `Isa::Scalar`'s.
//! It allocates nothing.
//!
//! The axes are tried in the chapter's order (A's, then B's; for a circle,
//! the polygon's and then the circle's own) with the sat core's own
//! [`gap_on_axis`]: the first axis whose shadows show a gap ends the test,
//! and otherwise the shortest push is kept. Only the frame differs: the
//! test is worked in A's frame, where A's own shadows on its axes are the
//! prepared numbers, and the answer's axis is turned into the world at the
//! end. The turns' sines and cosines are the lanes' own ([`sin_cos`]),
//! both angles at once, far quicker than the standard library's.

use glam::Vec2;

use super::lanes::{Portable, sin_cos};
use super::prepared::{PolyData, Prepared};
use super::{Pair, Pose, circle_at};
use crate::sat::{
    Interval, SatResult, gap_on_axis, nearest_of, project_points, sat_circles, unit_or_zero,
};

/// A circle's shadow on a unit axis, its center's place on it being `d`.
#[inline]
fn circle_shadow(d: f32, radius: f32) -> Interval {
    Interval {
        min: d - radius,
        max: d + radius,
    }
}

/// The search's result with its axis turned from A's frame into the world
/// by `turn_a`.
fn to_world(result: SatResult, turn_a: Vec2) -> SatResult {
    SatResult {
        axis: turn_a.rotate(result.axis),
        ..result
    }
}

/// Polygon A against polygon B, both prepared, in A's frame.
fn polygons(a: &PolyData, pose_a: Pose, b: &PolyData, pose_b: Pose) -> SatResult {
    let (sin, cos) = sin_cos(Portable([pose_a.angle, pose_b.angle]));
    let turn_a = Vec2::new(cos.0[0], sin.0[0]);
    let turn_b = Vec2::new(cos.0[1], sin.0[1]);
    // B's placement seen from A: turned by the difference of the angles,
    // moved by the offset turned back by A's angle.
    let to_a = Vec2::new(turn_a.x, -turn_a.y);
    let turn = to_a.rotate(turn_b);
    let offset = to_a.rotate(pose_b.position - pose_a.position);
    let mut result = SatResult::START;
    for (&axis, &own) in a.axes.iter().zip(&a.extents) {
        // B's corner c sits at turn·c + offset, so its shadow on `axis` is
        // c · (turn⁻¹ axis) + offset · axis.
        let back = Vec2::new(turn.x, -turn.y).rotate(axis);
        let theirs = project_points(&b.corners, back);
        let moved = offset.dot(axis);
        let theirs = Interval {
            min: theirs.min + moved,
            max: theirs.max + moved,
        };
        if gap_on_axis(axis, own, theirs, &mut result) {
            return to_world(result, turn_a);
        }
    }
    for (&axis, &own) in b.axes.iter().zip(&b.extents) {
        // B's axis in A's frame; B's own shadow on it moves with B.
        let axis = turn.rotate(axis);
        let moved = axis.dot(offset);
        let mine = Interval {
            min: own.min + moved,
            max: own.max + moved,
        };
        if gap_on_axis(axis, project_points(&a.corners, axis), mine, &mut result) {
            break;
        }
    }
    to_world(result, turn_a)
}

/// Polygon A against a circle of `radius` at `center`: A's axes, then the
/// circle's own, from A's corner nearest the center towards it.
fn polygon_circle(a: &PolyData, pose_a: Pose, center: Vec2, radius: f32) -> SatResult {
    let (sin, cos) = sin_cos(Portable([pose_a.angle]));
    let turn_a = Vec2::new(cos.0[0], sin.0[0]);
    let c = Vec2::new(turn_a.x, -turn_a.y).rotate(center - pose_a.position);
    let mut result = SatResult::START;
    for (&axis, &own) in a.axes.iter().zip(&a.extents) {
        if gap_on_axis(axis, own, circle_shadow(c.dot(axis), radius), &mut result) {
            return to_world(result, turn_a);
        }
    }
    // A zero axis (the center on the corner) is skipped by `gap_on_axis`.
    let axis = unit_or_zero(c - nearest_of(&a.corners, c));
    let mine = project_points(&a.corners, axis);
    gap_on_axis(axis, mine, circle_shadow(c.dot(axis), radius), &mut result);
    to_world(result, turn_a)
}

/// One pair by the prepared table.
pub(crate) fn pair(table: &[Prepared], p: &Pair) -> SatResult {
    match (&table[p.a as usize], &table[p.b as usize]) {
        (Prepared::Polygon(a), Prepared::Polygon(b)) => polygons(a, p.pose_a, b, p.pose_b),
        (Prepared::Polygon(a), Prepared::Circle(r)) => {
            polygon_circle(a, p.pose_a, p.pose_b.position, *r)
        }
        (Prepared::Circle(r), Prepared::Polygon(b)) => {
            // The circle is A: the test from the polygon's side, turned
            // round (A moves the other way; from B towards A is the other
            // way too).
            let r = polygon_circle(b, p.pose_b, p.pose_a.position, *r);
            SatResult { axis: -r.axis, ..r }
        }
        (Prepared::Circle(ra), Prepared::Circle(rb)) => {
            sat_circles(&circle_at(p.pose_a, *ra), &circle_at(p.pose_b, *rb))
        }
    }
}
