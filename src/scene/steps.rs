//! The test one axis at a time, as the chapter's "One Axis at a Time" runs
//! it: the axes in the test's order (A's edge normals, then B's, or the
//! circle's own axis), each with both shadows on it and either the gap that
//! stops the test or the two ways out, and the shortest push so far.

use glam::Vec2;

use crate::sat::{
    Interval, Polygon, SatResult, gap_on_axis, is_axis, polygon_axes, polygon_circle_axes,
    project_circle, project_polygon,
};

use super::state::Fixed;

/// Where an axis of the test comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AxisFrom {
    /// The normal of A's edge of this number (1 is the first).
    A(usize),
    /// The normal of B's edge of this number.
    B(usize),
    /// The circle's own axis, from A's corner nearest its center.
    CircleCenter,
}

impl AxisFrom {
    /// The table's words for it: "A's edge 2", "the circle's own axis".
    pub fn words(self) -> String {
        match self {
            AxisFrom::A(i) => format!("A's edge {i}"),
            AxisFrom::B(i) => format!("B's edge {i}"),
            AxisFrom::CircleCenter => "the circle's own axis".to_string(),
        }
    }
}

/// What one axis showed.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum WayOut {
    /// A gap this wide between the shadows: the shapes are apart, and the
    /// test stops here.
    Gap(f32),
    /// The shadows overlap: A could move forward along the axis by
    /// `forward` (its shadow's start past the end of B's), or backward by
    /// `backward` (its shadow's end past the start of B's).
    Overlap {
        /// `b.max - a.min`.
        forward: f32,
        /// `a.max - b.min`.
        backward: f32,
    },
}

/// One axis of the test, with what it showed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AxisStep {
    /// The axis, a unit vector as the test tries it.
    pub axis: Vec2,
    /// The edge it comes from.
    pub from: AxisFrom,
    /// A's shadow on it.
    pub a: Interval,
    /// B's shadow on it.
    pub b: Interval,
    /// The gap, or the two ways out.
    pub way: WayOut,
    /// The number (from 1) of an earlier axis with the same direction,
    /// pointing one way or the other: this one repeats it.
    pub repeats: Option<usize>,
    /// The test's result so far: the shortest push after this axis, or
    /// the gap when this axis has one.
    pub so_far: SatResult,
}

/// The axes the test tries for A against B, in its order, zero axes (from
/// edges of no length) left out, each with what it showed; the list ends
/// at the first gap, as the test does. Also returns how many axes there
/// are in all (M of "axis K of M").
pub fn axis_steps(a: &Polygon, b: &Fixed) -> (Vec<AxisStep>, usize) {
    // A's edge normals first, then B's, or the circle's own axis: where
    // each came from, numbered from 1 as the table shows them.
    let na = a.points().len();
    let (axes, past_a): (Vec<Vec2>, fn(usize) -> AxisFrom) = match b {
        Fixed::Polygon(p) => (polygon_axes(a, p).collect(), |k| AxisFrom::B(k + 1)),
        Fixed::Circle(c) => (polygon_circle_axes(a, c).collect(), |_| {
            AxisFrom::CircleCenter
        }),
    };
    let axes: Vec<(Vec2, AxisFrom)> = axes
        .into_iter()
        .enumerate()
        .map(|(i, axis)| {
            let from = if i < na {
                AxisFrom::A(i + 1)
            } else {
                past_a(i - na)
            };
            (axis, from)
        })
        .filter(|&(axis, _)| is_axis(axis))
        .collect();
    let total = axes.len();
    let mut steps: Vec<AxisStep> = Vec::with_capacity(total);
    let mut result = SatResult::START;
    for (axis, from) in axes {
        let sa = project_polygon(a, axis);
        let sb = match b {
            Fixed::Polygon(p) => project_polygon(p, axis),
            Fixed::Circle(c) => project_circle(c, axis),
        };
        let repeats = steps
            .iter()
            .position(|s| s.axis.perp_dot(axis).abs() < 1e-4)
            .map(|i| i + 1);
        let gap = gap_on_axis(axis, sa, sb, &mut result);
        let way = if gap {
            WayOut::Gap(result.depth)
        } else {
            WayOut::Overlap {
                forward: sb.max - sa.min,
                backward: sa.max - sb.min,
            }
        };
        steps.push(AxisStep {
            axis,
            from,
            a: sa,
            b: sb,
            way,
            repeats,
            so_far: result,
        });
        if gap {
            break;
        }
    }
    (steps, total)
}

/// A shadow in whole pixels, as the table gives it: "230 to 410".
fn shadow_words(s: Interval) -> String {
    format!("{} to {}", px(s.min), px(s.max))
}

/// A length or place in whole pixels (never "-0").
pub(super) fn px(v: f32) -> i64 {
    let r = v.round() as i64;
    if r == 0 { 0 } else { r }
}

impl AxisStep {
    /// The table's row for this axis, numbered `k` (from 1): where it comes
    /// from, both shadows, and the gap or the two ways out.
    pub fn row(&self, k: usize) -> String {
        let repeat = match self.repeats {
            Some(j) => format!(" (repeats axis {j}'s direction)"),
            None => String::new(),
        };
        let way = match self.way {
            WayOut::Gap(g) => format!("a gap of {}: the test stops here", px(g)),
            WayOut::Overlap { forward, backward } => {
                format!("forward {}, backward {}", px(forward), px(backward))
            }
        };
        format!(
            "{k}. {}{repeat}: A {}, B {}: {way}",
            self.from.words(),
            shadow_words(self.a),
            shadow_words(self.b)
        )
    }
}
