//! One pair at a time, in A's frame, on the prepared table: the path for
//! polygons too large for the lanes, for lanes that mix kinds of pair, and
//! the scalar engine. It allocates nothing.
//!
//! Every axis is tried (there is no early exit at the first gap): the
//! kept axis is the one with the least push, and a negative push is a gap.
//! On one axis the push is `min(b.max - a.min, a.max - b.min)` and the gap
//! is `max(b.min - a.max, a.min - b.max)`, which is exactly minus the push;
//! so the least push over all axes is also minus the widest gap, and one
//! running minimum finds both the shortest way out (when every push is at
//! least 0) and the widest gap (when some push is negative). Its direction,
//! `+axis` when moving forward is the shorter way out, also points from B
//! towards A when the shadows are apart.

use glam::Vec2;

use super::prepared::{PolyData, Prepared};
use super::{Pair, Pose};
use crate::sat::{Circle, SatResult, sat_circles};

/// The least push so far and its direction.
struct Best {
    push: f32,
    axis: Vec2,
}

impl Best {
    const START: Best = Best {
        push: f32::INFINITY,
        axis: Vec2::ZERO,
    };

    #[inline]
    fn axis(&mut self, axis: Vec2, a_min: f32, a_max: f32, b_min: f32, b_max: f32) {
        let forward = b_max - a_min;
        let backward = a_max - b_min;
        let push = forward.min(backward);
        if push < self.push {
            self.push = push;
            self.axis = if forward < backward { axis } else { -axis };
        }
    }

    /// The result, its axis turned from A's frame into the world.
    fn result(&self, turn_a: Vec2) -> SatResult {
        SatResult {
            overlapping: self.push >= 0.0,
            axis: turn_a.rotate(self.axis),
            depth: self.push.abs(),
        }
    }
}

fn shadow(points: &[Vec2], axis: Vec2) -> (f32, f32) {
    points
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
            let d = p.dot(axis);
            (lo.min(d), hi.max(d))
        })
}

/// `v` at length 1, or `None` for the zero vector; scaled by its largest
/// coordinate first, as the scalar test does, so tiny and huge vectors
/// keep their direction.
pub(crate) fn unit(v: Vec2) -> Option<Vec2> {
    let largest = v.abs().max_element();
    if largest == 0.0 {
        return None;
    }
    Some((v / largest).normalize())
}

fn polygons(a: &PolyData, pose_a: Pose, b: &PolyData, pose_b: Pose) -> SatResult {
    let turn_a = Vec2::from_angle(pose_a.angle);
    let turn_b = Vec2::from_angle(pose_b.angle);
    // B's placement seen from A: turned by the difference of the angles,
    // moved by the offset turned back by A's angle.
    let to_a = Vec2::new(turn_a.x, -turn_a.y);
    let turn = to_a.rotate(turn_b);
    let offset = to_a.rotate(pose_b.position - pose_a.position);
    let mut best = Best::START;
    for (axis, own) in a.axes.iter().zip(&a.extents) {
        let (lo, hi) = b
            .corners
            .iter()
            .map(|&p| (turn.rotate(p) + offset).dot(*axis))
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), d| {
                (lo.min(d), hi.max(d))
            });
        best.axis(*axis, own.min, own.max, lo, hi);
    }
    for (axis, own) in b.axes.iter().zip(&b.extents) {
        let axis = turn.rotate(*axis);
        let moved = axis.dot(offset);
        let (lo, hi) = shadow(&a.corners, axis);
        best.axis(axis, lo, hi, own.min + moved, own.max + moved);
    }
    best.result(turn_a)
}

/// Polygon A against a circle of `radius` at `center`: A's axes, then the
/// axis from A's corner nearest the center towards it.
fn polygon_circle(a: &PolyData, pose_a: Pose, center: Vec2, radius: f32) -> SatResult {
    let turn_a = Vec2::from_angle(pose_a.angle);
    let c = Vec2::new(turn_a.x, -turn_a.y).rotate(center - pose_a.position);
    let mut best = Best::START;
    for (axis, own) in a.axes.iter().zip(&a.extents) {
        let d = c.dot(*axis);
        best.axis(*axis, own.min, own.max, d - radius, d + radius);
    }
    let mut nearest = a.corners[0];
    for &p in &a.corners {
        if p.distance_squared(c) < nearest.distance_squared(c) {
            nearest = p;
        }
    }
    if let Some(axis) = unit(c - nearest) {
        let (lo, hi) = shadow(&a.corners, axis);
        let d = c.dot(axis);
        best.axis(axis, lo, hi, d - radius, d + radius);
    }
    best.result(turn_a)
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
        (Prepared::Circle(ra), Prepared::Circle(rb)) => sat_circles(
            &Circle {
                center: p.pose_a.position,
                radius: *ra,
            },
            &Circle {
                center: p.pose_b.position,
                radius: *rb,
            },
        ),
    }
}
