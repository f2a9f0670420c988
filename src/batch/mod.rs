//! Many pairs at once: the separating axis test over a table of shapes and
//! a list of placed pairs, built for throughput.
//!
//! (First cut: a plain loop over the scalar functions. The fast engine
//! replaces the inside, keeping this API.)

use glam::Vec2;

use crate::sat::{
    Circle, MAX_COORDINATE, Polygon, SatResult, sat_circles, sat_polygon_circle, sat_polygons,
};

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

/// Why a batch could not be run. Nothing is tested when any pair is bad:
/// the batch is checked whole first, and `out` is left empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchError {
    /// Pair `pair` names shape `shape`, but the table has only `len`.
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
    BadPose {
        /// The pair's index in the list.
        pair: usize,
    },
    /// Shape `shape` of the table is a circle with a NaN, infinite,
    /// negative or too large radius.
    BadShape {
        /// The shape's index in the table.
        shape: usize,
    },
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            BatchError::ShapeIndex { pair, shape, len } => write!(
                f,
                "pair {pair} names shape {shape}, but the table has only {len} shapes"
            ),
            BatchError::BadPose { pair } => write!(
                f,
                "pair {pair} has a pose that is NaN, infinite or beyond ±{MAX_COORDINATE:e}"
            ),
            BatchError::BadShape { shape } => write!(
                f,
                "shape {shape} is a circle whose radius is NaN, infinite, negative or too large"
            ),
        }
    }
}

impl std::error::Error for BatchError {}

/// Checks a whole batch before any of it is tested.
pub fn validate(shapes: &[Shape], pairs: &[Pair]) -> Result<(), BatchError> {
    for (shape, s) in shapes.iter().enumerate() {
        if let Shape::Circle { radius } = *s {
            if Circle::new(Vec2::ZERO, radius).is_err() {
                return Err(BatchError::BadShape { shape });
            }
        }
    }
    let pose_ok = |p: &Pose| {
        p.position.is_finite()
            && p.position.abs().max_element() <= MAX_COORDINATE
            && p.angle.is_finite()
    };
    for (i, pair) in pairs.iter().enumerate() {
        for index in [pair.a, pair.b] {
            if index as usize >= shapes.len() {
                return Err(BatchError::ShapeIndex {
                    pair: i,
                    shape: index,
                    len: shapes.len(),
                });
            }
        }
        if !pose_ok(&pair.pose_a) || !pose_ok(&pair.pose_b) {
            return Err(BatchError::BadPose { pair: i });
        }
    }
    Ok(())
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
            &Circle {
                center: pose_b.position,
                radius: *radius,
            },
        ),
        (Shape::Circle { radius }, Shape::Polygon(pb)) => {
            // The circle is A: test the polygon against it, then turn the
            // answer round (the push moves A the other way; the gap's axis
            // from B towards A is the other way too).
            let r = sat_polygon_circle(
                &pb.placed(pose_b.position, pose_b.angle),
                &Circle {
                    center: pose_a.position,
                    radius: *radius,
                },
            );
            SatResult { axis: -r.axis, ..r }
        }
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => sat_circles(
            &Circle {
                center: pose_a.position,
                radius: *ra,
            },
            &Circle {
                center: pose_b.position,
                radius: *rb,
            },
        ),
    }
}

/// The test for every pair, on one thread: clears `out` and fills it with
/// one result per pair, in order, reusing its capacity.
pub fn collide(
    shapes: &[Shape],
    pairs: &[Pair],
    out: &mut Vec<SatResult>,
) -> Result<(), BatchError> {
    out.clear();
    validate(shapes, pairs)?;
    out.extend(pairs.iter().map(|p| {
        collide_one(
            &shapes[p.a as usize],
            p.pose_a,
            &shapes[p.b as usize],
            p.pose_b,
        )
    }));
    Ok(())
}
