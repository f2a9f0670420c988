//! What can be wrong with a shape, said plainly.

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A polygon needs at least 3 distinct corners; this one had `distinct`.
    #[error("a polygon needs at least 3 distinct corners, and this one has {distinct}")]
    TooFewPoints {
        /// How many distinct corners there were.
        distinct: usize,
    },
    /// Corner `index` has a NaN or infinite coordinate.
    #[error("corner {index} has a coordinate that is NaN or infinite")]
    NotFinite {
        /// The offending corner.
        index: usize,
    },
    /// Corner `index` lies farther than [`MAX_COORDINATE`] from the origin
    /// along x or y.
    #[error("corner {index} has a coordinate beyond ±{max:e}, too large to test safely", max = MAX_COORDINATE)]
    OutOfRange {
        /// The offending corner.
        index: usize,
    },
    /// All the corners lie on one line, so the shape has no inside.
    #[error("all the corners lie on one line")]
    Collinear,
    /// The outline turns the wrong way at corner `index` (a dent), or has
    /// wound around more than once by then (a star): it is not convex.
    /// [`Polygon::hull`](super::Polygon::hull) fills dents.
    #[error(
        "the corners are not in convex order: the outline turns the wrong way at corner {index} (use Polygon::hull to fill a dent)"
    )]
    NotConvex {
        /// The corner where the outline stops being convex.
        index: usize,
    },
    /// A pose (a position and an angle) is NaN or infinite, or would place
    /// a corner beyond [`MAX_COORDINATE`].
    #[error("the pose is NaN or infinite, or places a corner beyond ±{max:e}", max = MAX_COORDINATE)]
    BadPose,
    /// A circle's center has a NaN or infinite coordinate, or one beyond
    /// [`MAX_COORDINATE`].
    #[error("the circle's center is NaN, infinite or beyond ±{max:e}", max = MAX_COORDINATE)]
    BadCenter,
    /// A circle's radius is NaN, infinite, or beyond [`MAX_COORDINATE`].
    #[error("the circle's radius is NaN, infinite or beyond {max:e}", max = MAX_COORDINATE)]
    BadRadius,
    /// A circle's radius is less than 0.
    #[error("the circle's radius is negative")]
    NegativeRadius,
}
