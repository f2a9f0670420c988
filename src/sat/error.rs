//! What can be wrong with a shape, said plainly.

use std::fmt;

/// The largest coordinate or radius a shape may have.
///
/// The test multiplies coordinates together (dot products, cross products),
/// so a coordinate beyond this could overflow `f32` into infinity and give a
/// wrong answer; such a shape is refused instead.
pub const MAX_COORDINATE: f32 = 1e18;

/// Why a shape could not be made: every way a corner list or a circle can be
/// unfit for the separating axis test.
///
/// Corner indices count from 0 in the list as it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeError {
    /// A polygon needs at least 3 distinct corners; this one had `distinct`.
    TooFewPoints {
        /// How many distinct corners there were.
        distinct: usize,
    },
    /// Corner `index` has a NaN or infinite coordinate.
    NotFinite {
        /// The offending corner.
        index: usize,
    },
    /// Corner `index` lies farther than [`MAX_COORDINATE`] from the origin
    /// along x or y.
    OutOfRange {
        /// The offending corner.
        index: usize,
    },
    /// All the corners lie on one line, so the shape has no inside.
    Collinear,
    /// The outline turns the wrong way at corner `index` (a dent), or has
    /// wound around more than once by then (a star): it is not convex.
    /// [`Polygon::hull`](super::Polygon::hull) fills dents.
    NotConvex {
        /// The corner where the outline stops being convex.
        index: usize,
    },
    /// A pose (a position and an angle) is NaN or infinite, or would place
    /// a corner beyond [`MAX_COORDINATE`].
    BadPose,
    /// A circle's center has a NaN or infinite coordinate, or one beyond
    /// [`MAX_COORDINATE`].
    BadCenter,
    /// A circle's radius is NaN, infinite, or beyond [`MAX_COORDINATE`].
    BadRadius,
    /// A circle's radius is less than 0.
    NegativeRadius,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::TooFewPoints { distinct } => write!(
                f,
                "a polygon needs at least 3 distinct corners, and this one has {distinct}"
            ),
            ShapeError::NotFinite { index } => {
                write!(f, "corner {index} has a coordinate that is NaN or infinite")
            }
            ShapeError::OutOfRange { index } => write!(
                f,
                "corner {index} has a coordinate beyond ±{MAX_COORDINATE:e}, too large to test safely"
            ),
            ShapeError::Collinear => write!(f, "all the corners lie on one line"),
            ShapeError::NotConvex { index } => write!(
                f,
                "the corners are not in convex order: the outline turns the wrong way at corner {index} (use Polygon::hull to fill a dent)"
            ),
            ShapeError::BadPose => write!(
                f,
                "the pose is NaN or infinite, or places a corner beyond ±{MAX_COORDINATE:e}"
            ),
            ShapeError::BadCenter => write!(
                f,
                "the circle's center is NaN, infinite or beyond ±{MAX_COORDINATE:e}"
            ),
            ShapeError::BadRadius => write!(
                f,
                "the circle's radius is NaN, infinite or beyond {MAX_COORDINATE:e}"
            ),
            ShapeError::NegativeRadius => write!(f, "the circle's radius is negative"),
        }
    }
}

impl std::error::Error for ShapeError {}
