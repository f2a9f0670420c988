//! One pair at a time, on the prepared table: the path for polygons too
//! large for the lanes, for registers that mix kinds of pair, and the whole
//! of `Isa::Scalar`'s. It allocates nothing.
//!
//! Every pair is worked in a shape's own frame, as Box2D's
//! `b2CollidePolygons` works in one shape's frame: there the shape's axes
//! and its own shadows on them are the prepared numbers, and only the other
//! shape is seen from there. The axes are tried in the chapter's order (A's,
//! then B's; for a circle, the polygon's and then the circle's own), so the
//! first gap and the shortest push are the chapter loop's, and the answer's
//! axis is turned into the world at the end. The turns' sines and cosines
//! are the lanes' own ([`sin_cos`]), far quicker than the standard
//! library's, both angles at once on the lanes every build of the target
//! has, and worked out a pair ahead ([`Turns`], [`run`]).
//!
//! Two ways of walking the axes, by what glam's `Vec4` is on the build's
//! target ([`FOUR_WIDE`]):
//! - [`four`]: the sat core's own test, four axes to a `Vec4`
//!   ([`own_axes`](crate::sat::four::own_axes)), where a `Vec4` is one SIMD
//!   register;
//! - [`by_axis`]: one axis at a time, stopping at the first gap, where a
//!   `Vec4` is four separate numbers and the four-wide test would pay for
//!   the lanes past a polygon's last axis and for the axes after a gap.

mod by_axis;
mod four;

use std::mem::MaybeUninit;

use glam::Vec2;

use super::isa::Baseline;
use super::lanes::{MAX_LANES, Simd, sin_cos};
use super::prepared::Prepared;
use super::{Pair, Pose, circle_at};
use crate::sat::four::FOUR_WIDE;
use crate::sat::{Interval, SatResult, sat_circles};

/// A circle's shadow on a unit axis, its center's place on it being `d`.
#[inline]
fn circle_shadow(d: f32, radius: f32) -> Interval {
    Interval {
        min: d - radius,
        max: d + radius,
    }
}

/// The search's result with its axis turned from a shape's frame into the
/// world by that shape's `turn` (the cosine and sine of its angle).
#[inline]
fn to_world(result: SatResult, turn: Vec2) -> SatResult {
    SatResult {
        axis: turn.rotate(result.axis),
        ..result
    }
}

/// The turn back: the cosine and sine of minus the angle.
#[inline]
fn back(turn: Vec2) -> Vec2 {
    Vec2::new(turn.x, -turn.y)
}

/// A pair's two turns into the world: the cosine and sine of each pose's
/// angle, A's and B's, both at once (the lanes' own [`sin_cos`]).
///
/// They are the one-pair path's longest chain of dependent steps (about
/// 25 multiplies and adds, none fused without FMA), and every other step of
/// a pair waits on them. [`run`] works out the next pair's while this
/// pair's axes are tried: the branch at the first gap goes either way at
/// random, and a mispredicted branch throws away the work after it, so
/// the turns worked out after a pair's last branch would start only then.
#[derive(Clone, Copy)]
pub(crate) struct Turns {
    /// A's turn (the cosine and sine of its angle).
    a: Vec2,
    /// B's turn.
    b: Vec2,
}

impl Turns {
    /// Both poses' turns; a pose that is not fit to test (an angle that
    /// is NaN or endless) gives NaN, and is refused before it is used.
    #[inline(always)]
    pub(crate) fn of(p: &Pair) -> Turns {
        let mut angles = [0.0; MAX_LANES];
        angles[..2].copy_from_slice(&[p.pose_a.angle, p.pose_b.angle]);
        let (sin, cos) = sin_cos(Baseline::load(&angles));
        let (mut s, mut c) = ([0.0; MAX_LANES], [0.0; MAX_LANES]);
        sin.store(&mut s);
        cos.store(&mut c);
        Turns {
            a: Vec2::new(c[0], s[0]),
            b: Vec2::new(c[1], s[1]),
        }
    }
}

/// Two poses' turns, and B's placement seen from A.
struct Placing {
    /// A's turn into the world (the cosine and sine of its angle).
    turn_a: Vec2,
    /// B's turn into the world.
    turn_b: Vec2,
    /// B's turn seen from A: by the difference of the angles.
    turn: Vec2,
    /// B's place seen from A: the offset turned back by A's angle.
    offset: Vec2,
}

/// B's placement seen from A, from the two poses and their turns.
#[inline]
fn placing(turns: Turns, pose_a: Pose, pose_b: Pose) -> Placing {
    let Turns {
        a: turn_a,
        b: turn_b,
    } = turns;
    Placing {
        turn_a,
        turn_b,
        turn: back(turn_a).rotate(turn_b),
        offset: seen_from(pose_a, turn_a, pose_b.position),
    }
}

/// A point in the world seen from a shape at `pose`, turned by `turn`
/// (the cosine and sine of the pose's angle): its offset turned back.
#[inline]
fn seen_from(pose: Pose, turn: Vec2, point: Vec2) -> Vec2 {
    back(turn).rotate(point - pose.position)
}

/// One pair by the prepared table, the way [`FOUR_WIDE`] chooses.
pub(crate) fn pair(table: &[Prepared], p: &Pair) -> SatResult {
    pair_by(FOUR_WIDE, table, p, Turns::of(p))
}

/// The pairs one at a time, each by [`pair`], into `out` (one slot for
/// each). The next pair's turns are worked out before this pair's axes
/// are tried (see [`Turns`]); the answers are [`pair`]'s, bit for bit.
/// `fit` checks each pair before it is tested: false at the first unfit
/// one, where it stops.
#[inline]
pub(crate) fn run(
    table: &[Prepared],
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
    fit: impl Fn(&Pair) -> bool,
) -> bool {
    assert_eq!(pairs.len(), out.len(), "a slot for every pair");
    let Some(first) = pairs.first() else {
        return true;
    };
    let mut turns = Turns::of(first);
    for (i, (p, o)) in pairs.iter().zip(out).enumerate() {
        if !fit(p) {
            return false;
        }
        // The last pair works out its own again: no branch, and nothing
        // read past the batch.
        let next = Turns::of(&pairs[(i + 1).min(pairs.len() - 1)]);
        o.write(pair_by(FOUR_WIDE, table, p, turns));
        turns = next;
    }
    true
}

/// One pair by the prepared table, four axes at a time or one by one.
#[inline(always)]
fn pair_by(four_wide: bool, table: &[Prepared], p: &Pair, turns: Turns) -> SatResult {
    let polygons = if four_wide {
        four::polygons
    } else {
        by_axis::polygons
    };
    let polygon_circle = if four_wide {
        four::polygon_circle
    } else {
        by_axis::polygon_circle
    };
    match (&table[p.a as usize], &table[p.b as usize]) {
        (Prepared::Polygon(a), Prepared::Polygon(b)) => {
            polygons(a, b, placing(turns, p.pose_a, p.pose_b))
        }
        (Prepared::Polygon(a), Prepared::Circle(r)) => {
            let c = seen_from(p.pose_a, turns.a, p.pose_b.position);
            polygon_circle(a, turns.a, c, *r)
        }
        (Prepared::Circle(r), Prepared::Polygon(b)) => {
            // The circle is A: the test from the polygon's side, turned
            // round (A moves the other way; from B towards A is the other
            // way too).
            let c = seen_from(p.pose_b, turns.b, p.pose_a.position);
            let r = polygon_circle(b, turns.b, c, *r);
            SatResult { axis: -r.axis, ..r }
        }
        (Prepared::Circle(ra), Prepared::Circle(rb)) => {
            sat_circles(&circle_at(p.pose_a, *ra), &circle_at(p.pose_b, *rb))
        }
    }
}

#[cfg(test)]
mod tests {
    //! Only one of the two walks runs through `collide_with` on a given
    //! build, so both are checked here, on every build, against the sat
    //! core on the same shapes placed in the world.
    use super::*;
    use crate::batch::{Pose, Shape, agree, collide_one, prepared};
    use crate::sat::Polygon;
    use crate::test_rng::Rng;

    /// A convex polygon of `n` corners at random angles on a circle (an
    /// outline of more than the lanes take among them).
    fn polygon(rng: &mut Rng, n: usize) -> Polygon {
        let mut angles: Vec<f32> = (0..n).map(|_| rng.angle()).collect();
        angles.sort_by(f32::total_cmp);
        let r = rng.range(20.0, 80.0);
        let corners: Vec<Vec2> = angles.iter().map(|&t| Vec2::from_angle(t) * r).collect();
        Polygon::hull(&corners).unwrap()
    }

    #[test]
    fn both_walks_give_the_sat_cores_answers() {
        let mut rng = Rng(2026);
        let mut shapes = vec![
            Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
            Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
            Shape::Circle { radius: 30.0 },
            Shape::Circle { radius: 0.0 },
        ];
        for n in [3, 4, 5, 7, 8, 9, 13, 40] {
            shapes.push(Shape::Polygon(polygon(&mut rng, n)));
        }
        let table = prepared::prepare(&shapes);
        let (mut apart, mut pushed) = (0, 0);
        for _ in 0..20_000 {
            let p = Pair {
                a: rng.below(shapes.len()) as u32,
                pose_a: Pose {
                    position: rng.in_disk(Vec2::ZERO, 200.0),
                    angle: rng.range(-7.0, 7.0),
                },
                b: rng.below(shapes.len()) as u32,
                pose_b: Pose {
                    position: rng.in_disk(Vec2::ZERO, 200.0),
                    angle: rng.range(-7.0, 7.0),
                },
            };
            let (a, b) = (&shapes[p.a as usize], &shapes[p.b as usize]);
            let want = collide_one(a, p.pose_a, b, p.pose_b);
            for four_wide in [true, false] {
                agree(
                    &p,
                    &pair_by(four_wide, &table.shapes, &p, Turns::of(&p)),
                    &want,
                );
            }
            if want.overlapping {
                pushed += 1;
            } else {
                apart += 1;
            }
        }
        // Both answers come up often enough to mean something.
        assert!(
            apart > 2000 && pushed > 2000,
            "{apart} apart, {pushed} pushed"
        );
    }
}
