//! The four-wide walk: the sat core's own test, four of a polygon's axes
//! to a `Vec4` ([`own_axes`]), in each polygon's own frame. A's axes are
//! tried in A's frame against B's corners seen from there, then B's in B's
//! frame against A's; the other shape's corners are never turned, since
//! [`Other::Placed`] turns the four axes back into their frame instead.

use glam::Vec2;

use super::{Placing, back, circle_shadow, to_world};
use crate::batch::prepared::PolyData;
use crate::sat::four::{Other, Pushes, own_axes};
use crate::sat::{SatResult, gap_on_axis, nearest_of, project_points, unit_or_zero};

/// Polygon A against polygon B, both prepared: A's axes in A's frame, then
/// B's in B's.
pub(super) fn polygons(a: &PolyData, b: &PolyData, placing: Placing) -> SatResult {
    // B's placement seen from A, and A's seen from B: the same undone.
    let Placing {
        turn_a,
        turn_b,
        turn,
        offset,
    } = placing;
    let b_seen = Other::Placed {
        corners: b.corners(),
        turn,
        offset,
    };
    let mut pushes_a = Pushes::new();
    if let Some(gap) = own_axes(&a.shape, &b_seen, true, 0, &mut pushes_a) {
        return to_world(gap, turn_a);
    }
    let a_seen = Other::Placed {
        corners: a.corners(),
        turn: back(turn),
        offset: -back(turn).rotate(offset),
    };
    // Each frame keeps its own pushes, so B's axes are numbered from 0 too;
    // A's shortest wins a tie, as it comes first in the chapter's order.
    let mut pushes_b = Pushes::new();
    if let Some(gap) = own_axes(&b.shape, &a_seen, false, 0, &mut pushes_b) {
        return to_world(gap, turn_b);
    }
    let (in_a, in_b) = (pushes_a.shortest(), pushes_b.shortest());
    if in_b.depth < in_a.depth {
        to_world(in_b, turn_b)
    } else {
        to_world(in_a, turn_a)
    }
}

/// Polygon A, turned into the world by `turn_a` (the cosine and sine of
/// its pose's angle), against a circle of `radius` whose center is `c` in
/// A's frame ([`seen_from`](super::seen_from)): A's axes, then the
/// circle's own, from A's corner nearest the center towards it, all in A's
/// frame.
pub(super) fn polygon_circle(a: &PolyData, turn_a: Vec2, c: Vec2, radius: f32) -> SatResult {
    let mut pushes = Pushes::new();
    let circle = Other::Circle { center: c, radius };
    if let Some(gap) = own_axes(&a.shape, &circle, true, 0, &mut pushes) {
        return to_world(gap, turn_a);
    }
    let mut result = pushes.shortest();
    // A zero axis (the center on the corner) is skipped by `gap_on_axis`.
    let axis = unit_or_zero(c - nearest_of(a.corners(), c));
    let mine = project_points(a.corners(), axis);
    gap_on_axis(axis, mine, circle_shadow(c.dot(axis), radius), &mut result);
    to_world(result, turn_a)
}
