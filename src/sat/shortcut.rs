//! The overlap-length shortcut, kept to be shown failing.
//!
//! It measures each axis's overlap as its length (the smaller end less the
//! larger start), calls that the push, and flips the axis to point from B's
//! center toward A's. When one shadow lies inside the other the overlap's
//! length is the shorter shadow's length, which is not far enough; and the
//! flip by the centers guesses wrong when the centers sit awkwardly. The
//! real test, [`sat_polygons`](super::sat_polygons), checks both ways out
//! instead. These functions exist so that the visualizer and the
//! `shortcut_study` example can show the difference; do not use them to
//! separate shapes.

use glam::Vec2;

use super::collide::{SatResult, gap_on_axis, is_axis, polygon_axes, polygon_circle_axes};
use super::shadow::Shadow;
use super::shape::{Circle, Polygon};

/// The shortcut's answer over `axes`: the same gaps as the real test, but
/// the overlap's length as the push, flipped by the centers.
pub fn shortcut_on_axes<A, B>(a: &A, b: &B, axes: impl IntoIterator<Item = Vec2>) -> SatResult
where
    A: Shadow + ?Sized,
    B: Shadow + ?Sized,
{
    let mut result = SatResult::START;
    for axis in axes {
        if !is_axis(axis) {
            continue;
        }
        let (sa, sb) = (a.shadow(axis), b.shadow(axis));
        let mut apart = result;
        if gap_on_axis(axis, sa, sb, &mut apart) {
            return apart;
        }
        let overlap = sa.max.min(sb.max) - sa.min.max(sb.min);
        if overlap < result.depth {
            result = SatResult {
                overlapping: true,
                axis,
                depth: overlap,
            };
        }
    }
    if result.overlapping && (a.center() - b.center()).dot(result.axis) < 0.0 {
        result.axis = -result.axis;
    }
    result
}

/// The overlap-length shortcut for two polygons (wrong when a shadow lies
/// inside another: see the module's note).
pub fn shortcut_polygons(a: &Polygon, b: &Polygon) -> SatResult {
    shortcut_on_axes(a, b, polygon_axes(a, b))
}

/// The overlap-length shortcut for a polygon and a circle.
pub fn shortcut_polygon_circle(a: &Polygon, b: &Circle) -> SatResult {
    shortcut_on_axes(a, b, polygon_circle_axes(a, b))
}

/// Which way the real push's axis would point if it were flipped by the
/// centers instead of by checking both ways out: the axis as found, made
/// to point from B's center toward A's. Compare it with the real result's
/// axis to see the guess go wrong.
pub fn flip_by_centers<A, B>(a: &A, b: &B, axis: Vec2) -> Vec2
where
    A: Shadow + ?Sized,
    B: Shadow + ?Sized,
{
    if (a.center() - b.center()).dot(axis) < 0.0 {
        -axis
    } else {
        axis
    }
}
