//! The separating axis test (SAT) for convex shapes: shadows on axes, edge
//! normals as the axes, and the shortest push out of an overlap, found by
//! checking both ways out on every axis.
//!
//! Two convex shapes are apart exactly when some axis shows a gap between
//! their shadows, and for polygons it is enough to try their edge normals.
//! When every axis overlaps, the least of the axes' pushes is the minimum
//! translation vector. A circle's shadow is its center's place, give or take
//! the radius, and it adds one axis of its own.
//!
//! ```
//! use sat_visualizer::sat::{Polygon, Vec2, sat_polygons};
//!
//! // The chapter's worked example: a square and a triangle.
//! let square = Polygon::new(vec![
//!     Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0), Vec2::new(2.0, 2.0), Vec2::new(0.0, 2.0),
//! ])?;
//! let triangle = Polygon::new(vec![
//!     Vec2::new(1.0, 1.5), Vec2::new(4.0, 1.5), Vec2::new(1.0, 4.5),
//! ])?;
//! let hit = sat_polygons(&square, &triangle);
//! assert!(hit.overlapping);
//! assert!((hit.depth - 0.5).abs() < 1e-6);
//! assert_eq!(hit.axis, Vec2::new(0.0, -1.0)); // the square moves up (y grows down)
//! # Ok::<(), sat_visualizer::sat::ShapeError>(())
//! ```
//!
//! No call here allocates: the axes are taken edge by edge, not gathered
//! into a list. No input makes these functions panic: shapes are checked
//! when they are made, and refused with a [`ShapeError`].

mod axes;
mod collide;
mod ends;
mod error;
pub(crate) mod four;
mod hull;
pub(crate) mod manifold;
mod shadow;
mod shape;
pub mod shortcut;

pub use collide::{
    SatResult, gap_on_axis, polygon_axes, polygon_circle_axes, sat_circles, sat_on_axes,
    sat_polygon_circle, sat_polygons,
};
pub use error::{MAX_COORDINATE, ShapeError};
/// A 2D vector, glam's: a point, an edge, or (at length 1) an axis.
pub use glam::Vec2;
pub use manifold::{
    ContactPoint, Feature, Manifold, feature_id, manifold_circles, manifold_polygon_circle,
    manifold_polygons,
};
pub use shadow::{Interval, Shadow, project_circle, project_polygon};
pub use shape::{Circle, Polygon};

pub(crate) use collide::{Best, is_axis};
pub(crate) use shadow::project_points;
pub(crate) use shape::{Kept, nearest_of, unit_or_zero};

/// The unit normals of a polygon's edges: the axes it gives the test, in
/// edge order (zero for an edge of no length).
pub fn edge_normals(poly: &Polygon) -> impl Iterator<Item = Vec2> + '_ {
    poly.edge_normals()
}
