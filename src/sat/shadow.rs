//! Shadows: a shape projected onto an axis.

use glam::Vec2;

use super::ends::Ends;
use super::shape::{Circle, Polygon};

/// A shape's shadow on an axis: the least and the most of its points' dot
/// products with the axis, that is, how far along the axis it begins and
/// where it ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Where the shadow begins along the axis.
    pub min: f32,
    /// Where the shadow ends along the axis.
    pub max: f32,
}

impl Interval {
    /// The gap between two shadows on one axis: the larger of
    /// `other.min - self.max` (this shadow comes first) and
    /// `self.min - other.max` (the other does). At most one is positive;
    /// when neither is, the shadows overlap or just touch.
    pub fn gap(&self, other: &Interval) -> f32 {
        (other.min - self.max).max(self.min - other.max)
    }

    /// How long the shadow is.
    pub fn length(&self) -> f32 {
        self.max - self.min
    }
}

/// A polygon's shadow on `axis`, a unit vector: how far along the axis its
/// corners reach, by the dot product, from the least to the most. Its edges
/// fill in between, since a straight edge's shadow runs straight between its
/// ends' shadows.
pub fn project_polygon(poly: &Polygon, axis: Vec2) -> Interval {
    project_points(poly.points(), axis)
}

/// A circle's shadow on `axis`, a unit vector: its center's place on the
/// axis, less and plus the radius, since a circle reaches as far in every
/// direction.
pub fn project_circle(circle: &Circle, axis: Vec2) -> Interval {
    let center = circle.center.dot(axis);
    Interval {
        min: center - circle.radius,
        max: center + circle.radius,
    }
}

/// The shadow of a list of points on `axis`; an empty list gives the empty
/// shadow (`min` = +∞, `max` = −∞).
pub(crate) fn project_points(points: &[Vec2], axis: Vec2) -> Interval {
    // `Ends` compares and selects rather than `f32::min`, whose NaN rule
    // costs several instructions more (a call on wasm32): `d` is never NaN,
    // since shapes are finite and within MAX_COORDINATE, and the axis is a
    // unit.
    let mut ends = Ends::NONE;
    for p in points {
        ends.take(p.dot(axis));
    }
    ends.interval()
}

/// A shape that casts a shadow: what the test needs of each side.
pub trait Shadow {
    /// This shape's shadow on a unit `axis`.
    fn shadow(&self, axis: Vec2) -> Interval;
    /// A point inside the shape, the center that the shortcut's axis flip
    /// compares.
    fn center(&self) -> Vec2;
}

impl Shadow for Polygon {
    fn shadow(&self, axis: Vec2) -> Interval {
        project_polygon(self, axis)
    }
    fn center(&self) -> Vec2 {
        Polygon::center(self)
    }
}

impl Shadow for Circle {
    fn shadow(&self, axis: Vec2) -> Interval {
        project_circle(self, axis)
    }
    fn center(&self) -> Vec2 {
        self.center
    }
}
