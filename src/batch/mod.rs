//! Many pairs at once: the separating axis test over a table of shapes and
//! a list of placed pairs, built for throughput.
//!
//! The answers are the chapter's, as the scalar test gives them
//! ([`collide_one`] is the reference): the same overlap verdict; when
//! overlapping the same push (depth and axis, the first of any that tie);
//! when apart the same gap, the first axis in the test's order whose
//! shadows show one (A's edge normals in edge order, then B's; for a
//! polygon and a circle, the polygon's and then the circle's own axis),
//! pointing from B towards A, with that gap's width as depth.
//!
//! How it is fast:
//! - The geometry is done once. Each polygon's own axes (edge normals,
//!   with parallel ones removed: a box has 2, not 4) and its own shadows on
//!   them are prepared in its own frame, per batch or once for all batches
//!   with a [`ShapeTable`] (and then again only for a shape that is added
//!   or changed, [`ShapeTable::push`] and [`ShapeTable::set`]). A pair is
//!   tested in one polygon's frame, as Box2D's `b2CollidePolygons` works
//!   in A's: only the other's corners and axes are turned, once, and the
//!   home polygon's shadows on its own axes are already known. The home is
//!   whichever of the two costs fewer turns (a box against a pentagon runs
//!   in the pentagon's frame).
//! - One pair per SIMD lane, structure of arrays: 16 pairs at once with
//!   AVX-512, 8 with AVX2+FMA, 4 with SSE2 or NEON, chosen at run time
//!   ([`Isa::best`]); 4 with WebAssembly's SIMD where the build has it.
//!   Every axis is tried in every lane (no branch per pair); a lane's
//!   best is replaced by an axis whose push is strictly less only while
//!   the best is not yet a gap, which gives the first gap or else the
//!   shortest push.
//! - Pairs are grouped before they meet the lanes, as bepuphysics2's
//!   `CollisionBatcher` buckets pairs by shape types: a window of a few
//!   thousand pairs (small enough to stay in the core's caches) is grouped
//!   by kind (polygon–polygon, polygon–circle, circle–polygon,
//!   circle–circle) and by the polygons' corner counts, so that a register
//!   never mixes kinds nor pads a triangle to an octagon; only each
//!   bucket's last, part-filled register is merged with its neighbours'
//!   (of the same kernel, padded to their most corners, which changes no
//!   answer). The results are put back in the caller's order. A window's
//!   leading run of one shape pair (all of it, for a batch of one shape
//!   pair at many poses) is run as it is read, with no sorting. The next
//!   window's pairs are asked for from memory while this one's registers
//!   compute, so that grouping them reads the cache, not memory.
//! - Each polygon is laid out as six padded rows (axes, own shadows,
//!   corners; 8 numbers each, the last repeated), so that a
//!   register's shapes are a few contiguous loads and a transpose, and a
//!   lane keeps its shape while the pairs in it name the same one (a batch
//!   of one shape pair at many poses gathers nothing). A polygon with more
//!   than 8 corners runs one pair at a time (still without allocating).
//!
//! README's "A world's batch" gives, for each workload, the arithmetic and
//! memory traffic per pair, the share of the machine's peak reached, and
//! what bounds it.

use glam::Vec2;

use crate::sat::{
    Circle, MAX_COORDINATE, Polygon, SatResult, sat_circles, sat_polygon_circle, sat_polygons,
};

mod isa;
mod kernel;
mod lanes;
mod manifolds;
mod numbered;
pub(crate) mod prepared;
mod scalar;
#[cfg(feature = "parallel")]
mod share;
mod table;
mod walk;

/// The unit tests' comparison of an engine's answer with a reference's:
/// the same verdict (touching aside), push, or first gap with its axis
/// and width.
#[cfg(test)]
fn agree(p: &Pair, got: &SatResult, want: &SatResult) {
    let close = (got.depth - want.depth).abs() < 1e-2;
    if got.overlapping != want.overlapping {
        assert!(
            got.depth < 1e-2 && want.depth < 1e-2,
            "{p:?}: {got:?} vs {want:?}"
        );
    } else if got.overlapping {
        assert!(close, "{p:?}: {got:?} vs {want:?}");
    } else {
        // Both the first gap in the chapter's order.
        assert!(
            close && got.axis.distance(want.axis) < 1e-3,
            "{p:?}: {got:?} vs {want:?}"
        );
    }
}

pub use isa::Isa;
pub use manifolds::manifolds;
#[cfg(feature = "parallel")]
pub use manifolds::manifolds_par;
pub use table::ShapeTable;
#[cfg(sat_stage_probe)]
pub use walk::{Stages, set_stages};

/// Where a shape is placed in the world: moved to `position`, turned by
/// `angle` radians about its own origin.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Pose {
    /// Where the shape's own origin goes.
    pub position: Vec2,
    /// How far it is turned, in radians.
    pub angle: f32,
}

/// A shape in its own frame, around the origin, before it is placed.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A convex polygon, its corners around the origin.
    Polygon(Polygon),
    /// A circle centered on the origin.
    Circle {
        /// Its radius (finite, 0 or more).
        radius: f32,
    },
}

/// One pair to test: shape `a` of the table placed at `pose_a` (A, the one
/// the push moves) against shape `b` placed at `pose_b`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Pair {
    /// A's index in the shape table.
    pub a: u32,
    /// Where A is placed.
    pub pose_a: Pose,
    /// B's index in the shape table.
    pub b: u32,
    /// Where B is placed.
    pub pose_b: Pose,
}

/// Why a batch could not be run, or a shape table not made or changed.
/// Nothing is tested when any pair is bad: the batch is checked whole
/// first, and `out` is left empty; and a table refuses a bad shape without
/// changing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// Pair `pair` names shape `shape`, but the table has only `len`.
    #[error("pair {pair} names shape {shape}, but the table has only {len} shapes")]
    ShapeIndex {
        /// The pair's index in the list.
        pair: usize,
        /// The index it names.
        shape: u32,
        /// How many shapes the table has.
        len: usize,
    },
    /// Pair `pair` has a pose with a NaN or infinite number, or a position
    /// beyond [`MAX_COORDINATE`].
    #[error("pair {pair} has a pose that is NaN, infinite or beyond ±{max:e}", max = MAX_COORDINATE)]
    BadPose {
        /// The pair's index in the list.
        pair: usize,
    },
    /// Shape `shape` of the table is a circle with a NaN, infinite,
    /// negative or too large radius.
    #[error("shape {shape} is a circle whose radius is NaN, infinite, negative or too large")]
    BadShape {
        /// The shape's index in the table.
        shape: usize,
    },
    /// A shape table was asked to replace shape `shape`
    /// ([`ShapeTable::set`]), but it has only `len`.
    #[error("there is no shape {shape} to replace: the table has only {len} shapes")]
    NoShape {
        /// The index asked for.
        shape: usize,
        /// How many shapes the table has.
        len: usize,
    },
}

impl BatchError {
    /// The pair it is about (0 for a bad shape, which is found first, or a
    /// table's refusal, which no batch gives).
    #[cfg(feature = "parallel")]
    pub(crate) fn pair(&self) -> usize {
        match *self {
            BatchError::ShapeIndex { pair, .. } | BatchError::BadPose { pair } => pair,
            BatchError::BadShape { .. } | BatchError::NoShape { .. } => 0,
        }
    }
}

/// Checks a whole batch before any of it is tested.
pub fn validate(shapes: &[Shape], pairs: &[Pair]) -> Result<(), BatchError> {
    validate_shapes(shapes)?;
    validate_pairs(shapes.len(), pairs, 0)
}

/// Checks the shape table: every circle's radius.
pub(crate) fn validate_shapes(shapes: &[Shape]) -> Result<(), BatchError> {
    for (index, shape) in shapes.iter().enumerate() {
        validate_shape(index, shape)?;
    }
    Ok(())
}

/// Checks one shape, shape `index` of its table: a circle's radius
/// (polygons are valid by construction).
pub(crate) fn validate_shape(index: usize, shape: &Shape) -> Result<(), BatchError> {
    match *shape {
        Shape::Circle { radius } if Circle::new(Vec2::ZERO, radius).is_err() => {
            Err(BatchError::BadShape { shape: index })
        }
        _ => Ok(()),
    }
}

/// Whether a pose is fit to test: finite, and its position within
/// [`MAX_COORDINATE`]. Written with `&` and comparisons that NaN fails, so
/// that a run of pairs is checked with no branch per pair.
#[inline]
fn pose_ok(p: &Pose) -> bool {
    (p.position.x.abs() <= MAX_COORDINATE)
        & (p.position.y.abs() <= MAX_COORDINATE)
        & (p.angle.abs() <= f32::MAX)
}

/// Checks the pairs (the first of them is pair `first` of the batch):
/// runs of them at once, and only a run with a bad pair in it one by one,
/// to say which pair and why.
pub(crate) fn validate_pairs(len: usize, pairs: &[Pair], first: usize) -> Result<(), BatchError> {
    const RUN: usize = 256;
    for (r, run) in pairs.chunks(RUN).enumerate() {
        let mut ok = true;
        for p in run {
            ok &= ((p.a as usize) < len)
                & ((p.b as usize) < len)
                & pose_ok(&p.pose_a)
                & pose_ok(&p.pose_b);
        }
        if ok {
            continue;
        }
        for (k, pair) in run.iter().enumerate() {
            let i = first + r * RUN + k;
            for index in [pair.a, pair.b] {
                if index as usize >= len {
                    return Err(BatchError::ShapeIndex {
                        pair: i,
                        shape: index,
                        len,
                    });
                }
            }
            if !pose_ok(&pair.pose_a) || !pose_ok(&pair.pose_b) {
                return Err(BatchError::BadPose { pair: i });
            }
        }
    }
    Ok(())
}

/// A circle of `radius` placed by `pose` (a circle does not turn).
pub(crate) fn circle_at(pose: Pose, radius: f32) -> Circle {
    Circle {
        center: pose.position,
        radius,
    }
}

/// One pair by the scalar functions on the placed shapes: the reference.
pub fn collide_one(a: &Shape, pose_a: Pose, b: &Shape, pose_b: Pose) -> SatResult {
    match (a, b) {
        (Shape::Polygon(pa), Shape::Polygon(pb)) => sat_polygons(
            &pa.placed(pose_a.position, pose_a.angle),
            &pb.placed(pose_b.position, pose_b.angle),
        ),
        (Shape::Polygon(pa), Shape::Circle { radius }) => sat_polygon_circle(
            &pa.placed(pose_a.position, pose_a.angle),
            &circle_at(pose_b, *radius),
        ),
        (Shape::Circle { radius }, Shape::Polygon(pb)) => {
            // The circle is A: test the polygon against it, then turn the
            // answer round (the push moves A the other way; the gap's axis
            // from B towards A is the other way too).
            let r = sat_polygon_circle(
                &pb.placed(pose_b.position, pose_b.angle),
                &circle_at(pose_a, *radius),
            );
            SatResult { axis: -r.axis, ..r }
        }
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => {
            sat_circles(&circle_at(pose_a, *ra), &circle_at(pose_b, *rb))
        }
    }
}

/// The test for every pair, on one thread, on the widest instruction set
/// this CPU has: clears `out` and fills it with one result per pair, in
/// order, reusing its capacity. A bad batch is refused whole, before any
/// pair is tested, and `out` is left empty. It prepares the shapes for
/// this call ([`ShapeTable::new`]); a world that keeps its shapes prepares
/// them once with a [`ShapeTable`] instead.
pub fn collide(
    shapes: &[Shape],
    pairs: &[Pair],
    out: &mut Vec<SatResult>,
) -> Result<(), BatchError> {
    collide_with(Isa::best(), shapes, pairs, out)
}

/// [`collide`] on a chosen instruction set (to compare them). When this
/// CPU lacks `isa` ([`Isa::is_available`]), the widest narrower one it has
/// is used; the answers are the same either way.
pub fn collide_with(
    isa: Isa,
    shapes: &[Shape],
    pairs: &[Pair],
    out: &mut Vec<SatResult>,
) -> Result<(), BatchError> {
    out.clear();
    ShapeTable::new(shapes)?.collide_with(isa, pairs, out)
}

/// [`collide`] on all cores (through rayon): the same answers, in the same
/// order. The pairs are checked and tested in runs that threads take in
/// turn, the calling thread among them (it starts at once, while rayon's
/// threads wake); of several bad pairs, the first is reported, as
/// [`collide`] does.
/// A batch too small to be worth sharing out is tested on the calling
/// thread, as [`collide`] would.
#[cfg(feature = "parallel")]
pub fn collide_par(
    shapes: &[Shape],
    pairs: &[Pair],
    out: &mut Vec<SatResult>,
) -> Result<(), BatchError> {
    out.clear();
    ShapeTable::new(shapes)?.collide_par(pairs, out)
}
