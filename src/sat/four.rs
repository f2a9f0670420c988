//! The test on a polygon's own axes, four at a time.
//!
//! Each lane of a `Vec4` holds one of the polygon's edge normals, so one
//! pass over the other shape's corners casts its shadow on four axes, and
//! one branch asks whether any of the four shows a gap. Pushes are not
//! compared axis by axis as they come (a branch that goes either way at
//! random): each lane keeps the shortest push it has seen, and the four
//! lanes are compared once, at the end. The answer is the chapter loop's:
//! the first axis in order with a gap, or else the shortest push of all,
//! the first of any that tie.

use glam::{Vec2, Vec4};

use super::collide::SatResult;
use super::shape::Polygon;

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

/// The shadows of `corners` on four axes: each lane's least and most dot
/// product.
#[inline]
fn project(corners: &[Vec2], ax: Vec4, ay: Vec4) -> (Vec4, Vec4) {
    let (mut lo, mut hi) = (Vec4::INFINITY, Vec4::NEG_INFINITY);
    for c in corners {
        let d = ax * c.x + ay * c.y;
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo, hi)
}

/// The shortest push found so far in each lane: its length, which axis it
/// is on (numbered across both shapes, in the test's order, to break ties
/// as the chapter's loop does) and its unit direction's x and y parts.
pub(crate) struct Pushes {
    depth: Vec4,
    axis: Vec4,
    x: Vec4,
    y: Vec4,
}

impl Pushes {
    /// No push yet: every lane endless, so the first real one replaces it.
    pub(crate) fn new() -> Pushes {
        Pushes {
            depth: Vec4::INFINITY,
            axis: Vec4::ZERO,
            x: Vec4::ZERO,
            y: Vec4::ZERO,
        }
    }

    /// The shortest push of all lanes, the lowest-numbered axis among any
    /// that tie, as a result. With no axis tried, the start of a search (an
    /// endless push).
    pub(crate) fn shortest(&self) -> SatResult {
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
#[inline(always)]
pub(crate) fn own_axes(
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
