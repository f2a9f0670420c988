//! The test on a polygon's own axes, four at a time (or one at a time
//! where a `Vec4` is not a SIMD register).
//!
//! Each lane of a `Vec4` holds one of the polygon's edge normals, so one
//! pass over the other shape's corners casts its shadow on four axes, and
//! one branch asks whether any of the four shows a gap. Pushes are not
//! compared axis by axis as they come (a branch that goes either way at
//! random): each lane keeps the shortest push it has seen, and the four
//! lanes are compared once, at the end. The answer is the chapter loop's:
//! the first axis in order with a gap, or else the shortest push of all,
//! the first of any that tie.
//!
//! That pays where a `Vec4` is one SIMD register. Where it is four
//! separate numbers ([`FOUR_WIDE`] false: no SIMD on the target, or glam's
//! `scalar-math`), the same test goes one axis at a time, as the chapter's
//! loop does, with the same answers.

use glam::{Vec2, Vec4};

use super::collide::{Best, SatResult};
use super::ends::Ends;
use super::shadow::{Interval, project_circle, project_points};
use super::shape::{Circle, Polygon};

/// The shape on the other side of the test from the polygon whose axes are
/// tried, as far as its shadows go.
pub(crate) enum Other<'a> {
    /// A polygon's corners: its shadow is their least and most dot product.
    Corners(&'a [Vec2]),
    /// A circle: its shadow is its center's place, give or take the radius.
    Circle { center: Vec2, radius: f32 },
    /// A polygon's corners in a frame of their own, seen from the frame
    /// the axes are in: corner `c` sits at `turn.rotate(c) + offset` there
    /// (`turn` is the cosine and sine of the angle between the frames).
    /// The batch engine's one-pair path works so, with each shape's axes
    /// and corners prepared in its own frame: turning the four axes back
    /// into the corners' frame costs a few lanes' multiplies, where turning
    /// the corners would cost two per corner and somewhere to keep them.
    Placed {
        corners: &'a [Vec2],
        turn: Vec2,
        offset: Vec2,
    },
}

impl Other<'_> {
    /// The shadow on one unit axis, worked out as [`Other::shadows`] works
    /// out each lane's.
    #[inline]
    fn shadow(&self, axis: Vec2) -> Interval {
        match *self {
            Other::Corners(corners) => project_points(corners, axis),
            Other::Circle { center, radius } => project_circle(&Circle { center, radius }, axis),
            Other::Placed {
                corners,
                turn,
                offset,
            } => {
                let back = Vec2::new(
                    axis.x * turn.x + axis.y * turn.y,
                    axis.y * turn.x - axis.x * turn.y,
                );
                let shadow = project_points(corners, back);
                let moved = axis.dot(offset);
                Interval {
                    min: shadow.min + moved,
                    max: shadow.max + moved,
                }
            }
        }
    }

    /// The shadows on four unit axes, given by their x and y parts.
    #[inline]
    fn shadows(&self, ax: Vec4, ay: Vec4) -> (Vec4, Vec4) {
        match *self {
            Other::Corners(corners) => project(corners, ax, ay),
            Other::Circle { center, radius } => {
                let c = ax * center.x + ay * center.y;
                (c - Vec4::splat(radius), c + Vec4::splat(radius))
            }
            Other::Placed {
                corners,
                turn,
                offset,
            } => {
                // Corner c's shadow is (turn c + offset) · axis, that is
                // c · (turn⁻¹ axis) + offset · axis.
                let back_x = ax * turn.x + ay * turn.y;
                let back_y = ay * turn.x - ax * turn.y;
                let (lo, hi) = project(corners, back_x, back_y);
                let moved = ax * offset.x + ay * offset.y;
                (lo + moved, hi + moved)
            }
        }
    }
}

/// Whether glam's `Vec4` is one SIMD register on this build: SSE2 on x86,
/// NEON on AArch64, simd128 on wasm32, unless glam's `scalar-math` feature
/// is on (any crate in a build may turn it on, since Cargo unites
/// features), which glam shows by giving `Vec4` the alignment of an `f32`
/// (its `cuda` feature keeps 16 bytes, so with both on this still says
/// four wide: the same answers, a little slower). Where it is not, the
/// test goes one axis at a time ([`own_axes`]), and so does the batch
/// engine's one-pair path.
///
/// Measured on x86-64 (the batch engine's `Isa::Scalar`, the best of 5
/// runs on 300 000 pairs of each workload in
/// `tests/support/batch_workloads.rs`, builds run in turn): with SSE2 the
/// four-wide walk took 0.71–0.93× the time of the axis-by-axis one (the
/// least of 6 runs each; the chapter's scene gains least, the 512
/// polygons most), and with `scalar-math` 1.15–1.47×.
pub(crate) const FOUR_WIDE: bool = cfg!(any(
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ),
    all(target_arch = "aarch64", target_feature = "neon"),
    all(target_arch = "wasm32", target_feature = "simd128"),
)) && std::mem::align_of::<Vec4>() == 16;

/// The shadows of `corners` on four axes: each lane's least and most dot
/// product.
#[inline]
fn project(corners: &[Vec2], ax: Vec4, ay: Vec4) -> (Vec4, Vec4) {
    if FOUR_WIDE {
        let (mut lo, mut hi) = (Vec4::INFINITY, Vec4::NEG_INFINITY);
        for c in corners {
            let d = ax * c.x + ay * c.y;
            lo = lo.min(d);
            hi = hi.max(d);
        }
        return (lo, hi);
    }
    // Four separate numbers: each lane's ends kept by `Ends`, which makes
    // no branch on wasm32, where glam's compare and select would.
    let (ax, ay) = (ax.to_array(), ay.to_array());
    let mut ends = [Ends::NONE; 4];
    for c in corners {
        for (lane, end) in ends.iter_mut().enumerate() {
            end.take(ax[lane] * c.x + ay[lane] * c.y);
        }
    }
    let [e0, e1, e2, e3] = ends.map(Ends::interval);
    (
        Vec4::new(e0.min, e1.min, e2.min, e3.min),
        Vec4::new(e0.max, e1.max, e2.max, e3.max),
    )
}

/// The shortest push found so far in each lane: its length, which axis it
/// is on (numbered across both shapes, in the test's order, to break ties
/// as the chapter's loop does) and its unit direction's x and y parts.
///
/// Where the test goes one axis at a time (not [`FOUR_WIDE`]), the lanes
/// are not used: `one` keeps the shortest push as the chapter's loop does.
pub(crate) struct Pushes {
    depth: Vec4,
    axis: Vec4,
    x: Vec4,
    y: Vec4,
    one: Best,
}

impl Pushes {
    /// No push yet: every lane endless, so the first real one replaces it.
    pub(crate) fn new() -> Pushes {
        Pushes {
            depth: Vec4::INFINITY,
            axis: Vec4::ZERO,
            x: Vec4::ZERO,
            y: Vec4::ZERO,
            one: Best::NONE,
        }
    }

    /// The shortest push found, the lowest-numbered axis among any that tie,
    /// as a result: of all lanes, or `one` where the axes went one at a
    /// time. With no axis tried, the start of a search (an endless push).
    pub(crate) fn shortest(&self) -> SatResult {
        if FOUR_WIDE {
            self.of_lanes()
        } else {
            self.one.result()
        }
    }

    /// [`Pushes::shortest`] where the lanes were used.
    fn of_lanes(&self) -> SatResult {
        // Two rounds of "each lane against its neighbour", first the lanes
        // next to each other and then the halves, leave the best in every
        // lane, with no branch to guess.
        let (mut depth, mut axis, mut x, mut y) = (self.depth, self.axis, self.x, self.y);
        for swap in [
            |v: Vec4| Vec4::new(v.y, v.x, v.w, v.z),
            |v: Vec4| Vec4::new(v.z, v.w, v.x, v.y),
        ] {
            let (d, a) = (swap(depth), swap(axis));
            let better = d.cmplt(depth) | (d.cmpeq(depth) & a.cmplt(axis));
            depth = Vec4::select(better, d, depth);
            axis = Vec4::select(better, a, axis);
            x = Vec4::select(better, swap(x), x);
            y = Vec4::select(better, swap(y), y);
        }
        let depth = depth.x;
        if depth == f32::INFINITY {
            return SatResult::START;
        }
        SatResult {
            overlapping: true,
            axis: Vec2::new(x.x, y.x),
            depth,
        }
    }
}

/// Tries the axes of `own`'s edges, four at a time, against `other`, keeping
/// each lane's shortest push in `pushes`; the first gap, in axis order, ends
/// it and is returned. `own_is_a` says which side of the test `own` is, and
/// `first` is the number of its first axis.
///
/// A polygon's shadows on its own axes are kept with them (see
/// `AxisBlock`), so only the other shape is projected; a polygon too big to
/// keep them projects its own corners too.
///
/// Where a `Vec4` is four separate numbers (not [`FOUR_WIDE`]) the axes go
/// one at a time instead ([`one_by_one`]), with the same answer.
#[inline(always)]
pub(crate) fn own_axes(
    own: &Polygon,
    other: &Other,
    own_is_a: bool,
    first: usize,
    pushes: &mut Pushes,
) -> Option<SatResult> {
    if FOUR_WIDE {
        four_at_once(own, other, own_is_a, first, pushes)
    } else {
        one_by_one(own, other, own_is_a, &mut pushes.one)
    }
}

/// [`own_axes`] four axes at a time, one to a lane of a `Vec4`.
#[inline(always)]
fn four_at_once(
    own: &Polygon,
    other: &Other,
    own_is_a: bool,
    first: usize,
    pushes: &mut Pushes,
) -> Option<SatResult> {
    let kept = own.keeps_own_shadows();
    for (number, block) in own.axis_blocks().enumerate() {
        let start = number * 4;
        let (ax, ay) = (block.nx, block.ny);
        let real = ax.cmpne(Vec4::ZERO) | ay.cmpne(Vec4::ZERO);
        let here = if kept {
            (block.lo, block.hi)
        } else {
            project(own.points(), ax, ay)
        };
        let there = other.shadows(ax, ay);
        let ((a_min, a_max), (b_min, b_max)) = if own_is_a {
            (here, there)
        } else {
            (there, here)
        };

        let a_first = b_min - a_max;
        let b_first = a_min - b_max;
        let gaps = (a_first.cmpgt(Vec4::ZERO) | b_first.cmpgt(Vec4::ZERO)) & real;
        if gaps.any() {
            let k = gaps.bitmask().trailing_zeros() as usize & 3;
            let (a_first, b_first) = (a_first.to_array()[k], b_first.to_array()[k]);
            let normal = block.normal(k);
            // Orient the axis so that A's shadow lies after B's along it.
            return Some(if a_first > b_first {
                SatResult {
                    overlapping: false,
                    axis: -normal,
                    depth: a_first,
                }
            } else {
                SatResult {
                    overlapping: false,
                    axis: normal,
                    depth: b_first,
                }
            });
        }

        // A gets out forward by `b_max - a_min` or backward by
        // `a_max - b_min`; the shorter way, if shorter than the lane's best.
        let forward = b_max - a_min;
        let backward = a_max - b_min;
        let push = Vec4::select(real, forward.min(backward), Vec4::INFINITY);
        // The mask's type is left to glam: `BVec4A` with SIMD, `BVec4`
        // under its `scalar-math` feature, which any crate in a build may
        // turn on (Cargo unites features).
        let shorter = push.cmplt(pushes.depth);
        let numbers = Vec4::splat((first + start) as f32) + Vec4::new(0.0, 1.0, 2.0, 3.0);
        let way = Vec4::select(forward.cmplt(backward), Vec4::ONE, Vec4::NEG_ONE);
        pushes.depth = Vec4::select(shorter, push, pushes.depth);
        pushes.axis = Vec4::select(shorter, numbers, pushes.axis);
        pushes.x = Vec4::select(shorter, ax * way, pushes.x);
        pushes.y = Vec4::select(shorter, ay * way, pushes.y);
    }
    None
}

/// [`own_axes`] one axis at a time, for builds where a `Vec4` is four
/// separate numbers: there the four-wide test would pay for every lane
/// past a polygon's last axis and for every axis of a block after a gap,
/// and keep four pushes with selects that wasm32 makes branches. Each axis
/// is the chapter loop's step ([`Best::take_axis`], the sat core's
/// `gap_on_axis` without a branch): the first gap ends it, and `best`
/// keeps the shortest push, the first of any that tie, as the lanes'
/// numbers do. Each lane's numbers are worked out as the four-wide test
/// works them, so the answers are the same, bit for bit but for the sign
/// a push of exactly zero may carry on wasm32 (see `ends`).
#[inline(always)]
fn one_by_one(own: &Polygon, other: &Other, own_is_a: bool, best: &mut Best) -> Option<SatResult> {
    let kept = own.keeps_own_shadows();
    for block in own.axis_blocks() {
        let (lo, hi) = (block.lo.to_array(), block.hi.to_array());
        for k in 0..4 {
            let axis = block.normal(k);
            if axis == Vec2::ZERO {
                // Past the last edge, or an edge of no length.
                continue;
            }
            let here = if kept {
                Interval {
                    min: lo[k],
                    max: hi[k],
                }
            } else {
                project_points(own.points(), axis)
            };
            let there = other.shadow(axis);
            let (a, b) = if own_is_a {
                (here, there)
            } else {
                (there, here)
            };
            if let Some(gap) = best.take_axis(axis, a, b) {
                return Some(gap);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    //! A build takes one of the two ways through [`own_axes`], so both are
    //! run here side by side, on every build, on the same shapes.
    use super::*;
    use crate::test_rng::Rng;

    /// A convex polygon of `n` corners on a circle, at random angles,
    /// placed at random near the origin.
    fn polygon(rng: &mut Rng, n: usize) -> Polygon {
        let mut angles: Vec<f32> = (0..n)
            .map(|_| rng.range(0.0, std::f32::consts::TAU))
            .collect();
        angles.sort_by(f32::total_cmp);
        let r = rng.range(10.0, 60.0);
        let corners: Vec<Vec2> = angles.iter().map(|&t| Vec2::from_angle(t) * r).collect();
        let at = Vec2::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0));
        Polygon::hull(&corners)
            .unwrap()
            .placed(at, rng.range(-3.0, 3.0))
    }

    /// The test on both polygons' own axes (as `sat_polygons` runs it), or
    /// on A's against `other` alone, four at a time and one by one.
    fn both_ways(a: &Polygon, b: Option<&Polygon>, other: &Other) -> (SatResult, SatResult) {
        let mut lanes = Pushes::new();
        let four = four_at_once(a, other, true, 0, &mut lanes).or_else(|| {
            let b = b?;
            let a_seen = Other::Corners(a.points());
            four_at_once(b, &a_seen, false, a.points().len(), &mut lanes)
        });
        let mut best = Best::NONE;
        let one = one_by_one(a, other, true, &mut best).or_else(|| {
            let b = b?;
            one_by_one(b, &Other::Corners(a.points()), false, &mut best)
        });
        (
            four.unwrap_or(lanes.of_lanes()),
            one.unwrap_or(best.result()),
        )
    }

    #[track_caller]
    fn same(four: SatResult, one: SatResult) {
        // Compared as numbers: a push of exactly zero may carry either sign.
        assert_eq!(four.overlapping, one.overlapping);
        assert_eq!(four.axis, one.axis);
        assert_eq!(four.depth, one.depth);
    }

    #[test]
    fn one_axis_at_a_time_answers_as_four_at_once() {
        let mut rng = Rng(0x5a7_2026);
        let (mut overlaps, mut gaps) = (0, 0);
        for round in 0..3000 {
            // Up to 12 corners (three blocks), and now and then more than a
            // polygon keeps its own shadows for.
            let n = |rng: &mut Rng| {
                if round % 97 == 0 {
                    70
                } else {
                    3 + (rng.unit() * 10.0) as usize
                }
            };
            let (na, nb) = (n(&mut rng), n(&mut rng));
            let (a, b) = (polygon(&mut rng, na), polygon(&mut rng, nb));
            let (four, one) = both_ways(&a, Some(&b), &Other::Corners(b.points()));
            same(four, one);
            if four.overlapping {
                overlaps += 1;
            } else {
                gaps += 1;
            }

            let circle = Circle::new(
                Vec2::new(rng.range(-80.0, 80.0), rng.range(-80.0, 80.0)),
                rng.range(1.0, 40.0),
            )
            .unwrap();
            let other = Other::Circle {
                center: circle.center,
                radius: circle.radius,
            };
            let (four, one) = both_ways(&a, None, &other);
            same(four, one);

            // B's corners in a frame of their own, as the batch engine's
            // one-pair path sees them.
            let turn = Vec2::from_angle(rng.range(-3.0, 3.0));
            let offset = Vec2::new(rng.range(-60.0, 60.0), rng.range(-60.0, 60.0));
            let other = Other::Placed {
                corners: b.points(),
                turn,
                offset,
            };
            let (four, one) = both_ways(&a, None, &other);
            same(four, one);
        }
        // Both answers were tried often.
        assert!(
            overlaps > 300 && gaps > 300,
            "{overlaps} overlaps, {gaps} gaps"
        );
    }
}
