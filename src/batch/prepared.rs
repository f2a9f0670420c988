//! The shape table, prepared once per batch: each polygon's own axes (its
//! edge normals, parallel ones removed) and its own shadow on each, in its
//! own frame. A pair then only has to turn the other shape into this
//! one's frame, as Box2D's `b2CollidePolygons` does, and the geometry that
//! depends on one shape alone is never redone per pair.

use glam::Vec2;

use super::Shape;
use crate::sat::{Interval, Polygon};

/// The most corners (and so the most axes) a polygon may have to take the
/// SIMD kernels; larger ones go through the one-pair path.
pub(crate) const LANE_CORNERS: usize = 8;

/// Two unit axes closer than this (in the sine of the angle between them)
/// are one axis: their shadows differ by at most this fraction of the
/// shape's size, far below the test's tolerance.
const PARALLEL: f32 = 1e-6;

/// A polygon in its own frame, with what the test needs of it ready.
#[derive(Debug, Clone)]
pub(crate) struct PolyData {
    /// Its own axes, in edge order, without zero or parallel repeats.
    pub axes: Vec<Vec2>,
    /// Its own shadow on each of `axes`.
    pub extents: Vec<Interval>,
    /// Its corners as given (a repeated corner is harmless for shadows).
    pub corners: Vec<Vec2>,
}

impl PolyData {
    /// Whether the SIMD kernels can take it.
    pub fn fits_lanes(&self) -> bool {
        self.corners.len() <= LANE_CORNERS && self.axes.len() <= LANE_CORNERS
    }

    fn new(poly: &Polygon) -> PolyData {
        let mut axes: Vec<Vec2> = Vec::with_capacity(poly.points().len());
        for axis in poly.edge_normals() {
            // A zero axis (an edge of no length) says nothing; an axis
            // parallel to one already kept, either way round, casts the
            // same shadows (mirrored), so it would only repeat the work.
            if axis.length_squared() < 0.5
                || axes.iter().any(|k| k.perp_dot(axis).abs() <= PARALLEL)
            {
                continue;
            }
            axes.push(axis);
        }
        let corners = poly.points().to_vec();
        let extents = axes
            .iter()
            .map(|&axis| crate::sat::project_polygon(poly, axis))
            .collect();
        PolyData {
            axes,
            extents,
            corners,
        }
    }
}

/// One shape of the table, prepared.
#[derive(Debug, Clone)]
pub(crate) enum Prepared {
    Polygon(PolyData),
    Circle(f32),
}

/// What the chunk walker needs to know of a shape, packed small so that
/// sorting a chunk's lanes by kind reads one short array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Info {
    /// What kind of shape: [`Info::LANE_POLYGON`], [`Info::CIRCLE`] or
    /// [`Info::BIG_POLYGON`].
    pub kind: u8,
    /// How many axes (polygons; 0 for circles).
    pub axes: u8,
    /// How many corners (polygons, up to 255 counted; 0 for circles).
    pub corners: u8,
}

impl Info {
    pub const LANE_POLYGON: u8 = 0;
    pub const CIRCLE: u8 = 1;
    pub const BIG_POLYGON: u8 = 2;
}

/// The prepared table: each shape's data and its [`Info`].
pub(crate) struct Table {
    pub shapes: Vec<Prepared>,
    pub info: Vec<Info>,
}

/// Prepares a whole (validated) table.
pub(crate) fn prepare(shapes: &[Shape]) -> Table {
    let shapes: Vec<Prepared> = shapes
        .iter()
        .map(|s| match s {
            Shape::Polygon(p) => Prepared::Polygon(PolyData::new(p)),
            Shape::Circle { radius } => Prepared::Circle(*radius),
        })
        .collect();
    let info = shapes
        .iter()
        .map(|s| match s {
            Prepared::Polygon(p) => Info {
                kind: if p.fits_lanes() {
                    Info::LANE_POLYGON
                } else {
                    Info::BIG_POLYGON
                },
                axes: p.axes.len().min(255) as u8,
                corners: p.corners.len().min(255) as u8,
            },
            Prepared::Circle(_) => Info {
                kind: Info::CIRCLE,
                axes: 0,
                corners: 0,
            },
        })
        .collect();
    Table { shapes, info }
}
