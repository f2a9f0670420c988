//! What a renderer can draw: the limits on a draw list's numbers, and the
//! check that every item keeps to them, so that bad input is a clear error
//! instead of a tessellator's panic or garbage on screen.

use glam::Vec2;

use super::{DrawList, Paint, Primitive};

/// The largest coordinate (in logical pixels) a draw list may use. Beyond
/// it f32 has under a tenth of a pixel of precision left, so nothing there
/// could be drawn where it was meant to be.
pub const MAX_DRAW_COORDINATE: f32 = 1e7;

/// The shortest dash a dashed line may have, in logical pixels: shorter
/// ones are invisible and would cost a triangle pair each.
pub const MIN_DASH: f32 = 0.1;

/// The largest font size, in logical pixels (the glyph atlas must hold a
/// glyph).
pub const MAX_TEXT_SIZE: f32 = 1000.0;

/// Why a draw list cannot be drawn: which item (its index in
/// [`DrawList::items`]), which of its numbers, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DrawListError {
    /// A point that is not finite or is beyond ±[`MAX_DRAW_COORDINATE`].
    #[error("item {index}: {what} ({x}, {y}) is not finite or beyond ±{MAX_DRAW_COORDINATE:e}")]
    Point {
        /// The item's index.
        index: usize,
        /// Which point of it, e.g. "line start".
        what: &'static str,
        /// The point's x.
        x: f32,
        /// The point's y.
        y: f32,
    },
    /// A width, radius, dash, gap or head length that is not a finite
    /// number from 0 to [`MAX_DRAW_COORDINATE`].
    #[error(
        "item {index}: {what} {value} is not a finite length from 0 to {MAX_DRAW_COORDINATE:e}"
    )]
    Length {
        /// The item's index.
        index: usize,
        /// Which length of it, e.g. "line width".
        what: &'static str,
        /// The length given.
        value: f32,
    },
    /// A polygon whose range of corners is not inside the list's points.
    #[error("item {index}: polygon points {start}..{end} outside the list's {len} points")]
    PolygonRange {
        /// The item's index.
        index: usize,
        /// The range's start.
        start: usize,
        /// The range's end.
        end: usize,
        /// How many points the list has.
        len: usize,
    },
    /// A dash shorter than [`MIN_DASH`].
    #[error("item {index}: dash {dash} is shorter than {MIN_DASH} px")]
    ShortDash {
        /// The item's index.
        index: usize,
        /// The dash's length.
        dash: f32,
    },
    /// A font size that is not above 0 and at most [`MAX_TEXT_SIZE`].
    #[error("item {index}: text size {size} is not above 0 and at most {MAX_TEXT_SIZE}")]
    TextSize {
        /// The item's index.
        index: usize,
        /// The size given.
        size: f32,
    },
}

impl DrawListError {
    /// The index in [`DrawList::items`] of the item that is wrong.
    pub fn index(&self) -> usize {
        match *self {
            DrawListError::Point { index, .. }
            | DrawListError::Length { index, .. }
            | DrawListError::PolygonRange { index, .. }
            | DrawListError::ShortDash { index, .. }
            | DrawListError::TextSize { index, .. } => index,
        }
    }
}

/// Checks the numbers of item `index`, naming each by what it is.
struct Check {
    /// The item's index in the list.
    index: usize,
}

impl Check {
    /// Each point is finite and within ±[`MAX_DRAW_COORDINATE`].
    fn points<'a>(
        &self,
        points: impl IntoIterator<Item = (&'static str, &'a Vec2)>,
    ) -> Result<(), DrawListError> {
        for (what, p) in points {
            if !(p.is_finite() && p.abs().max_element() <= MAX_DRAW_COORDINATE) {
                return Err(DrawListError::Point {
                    index: self.index,
                    what,
                    x: p.x,
                    y: p.y,
                });
            }
        }
        Ok(())
    }

    /// Each length is finite and from 0 to [`MAX_DRAW_COORDINATE`].
    fn lengths<const N: usize>(
        &self,
        lengths: [(&'static str, f32); N],
    ) -> Result<(), DrawListError> {
        for (what, value) in lengths {
            if !(value.is_finite() && (0.0..=MAX_DRAW_COORDINATE).contains(&value)) {
                return Err(DrawListError::Length {
                    index: self.index,
                    what,
                    value,
                });
            }
        }
        Ok(())
    }

    /// The outline's width, if outlined.
    fn paint(&self, paint: &Paint) -> Result<(), DrawListError> {
        match paint.stroke {
            Some((_, width)) => self.lengths([("outline width", width)]),
            None => Ok(()),
        }
    }
}

impl DrawList {
    /// Checks that every item can be drawn: every point finite and within
    /// ±[`MAX_DRAW_COORDINATE`], every width, radius, dash, gap and head a
    /// finite length from 0 to that, every polygon's range inside the
    /// list's points, every dash at least [`MIN_DASH`] and every font size
    /// above 0 and at most [`MAX_TEXT_SIZE`]. The first item that is not
    /// is the error. A renderer draws only a list that passes.
    pub fn validate(&self) -> Result<(), DrawListError> {
        for (index, item) in self.items.iter().enumerate() {
            let check = Check { index };
            match item {
                Primitive::Polygon(p) => {
                    let Some(corners) = self.points.get(p.points.clone()) else {
                        return Err(DrawListError::PolygonRange {
                            index,
                            start: p.points.start,
                            end: p.points.end,
                            len: self.points.len(),
                        });
                    };
                    check.points(corners.iter().map(|c| ("polygon corner", c)))?;
                    check.paint(&p.paint)?;
                }
                Primitive::Circle(c) => {
                    check.points([("circle center", &c.center)])?;
                    check.lengths([("circle radius", c.radius)])?;
                    check.paint(&c.paint)?;
                }
                Primitive::Line(l) => {
                    check.points([("line start", &l.from), ("line end", &l.to)])?;
                    check.lengths([("line width", l.width)])?;
                }
                Primitive::Arrow(a) => {
                    check.points([("arrow tail", &a.from), ("arrow tip", &a.to)])?;
                    check.lengths([("arrow width", a.width), ("arrow head", a.head)])?;
                }
                Primitive::Dashed(d) => {
                    check.points([("dashed line start", &d.from), ("dashed line end", &d.to)])?;
                    check.lengths([
                        ("dashed line width", d.width),
                        ("dash", d.dash),
                        ("gap", d.gap),
                    ])?;
                    if d.dash < MIN_DASH {
                        return Err(DrawListError::ShortDash {
                            index,
                            dash: d.dash,
                        });
                    }
                }
                Primitive::Text(t) => {
                    check.points([("text position", &t.position)])?;
                    if !(t.size.is_finite() && t.size > 0.0 && t.size <= MAX_TEXT_SIZE) {
                        return Err(DrawListError::TextSize {
                            index,
                            size: t.size,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{Color, Polygon};

    const AMBER: Color = Color::rgb(232, 89, 12);

    fn one(add: impl FnOnce(&mut DrawList)) -> DrawList {
        let mut list = DrawList::default();
        list.line(Vec2::ZERO, Vec2::X, 1.0, AMBER);
        add(&mut list);
        list
    }

    #[test]
    fn bad_input_is_a_clear_error_naming_the_item() {
        let nan = Vec2::new(f32::NAN, 0.0);
        let cases: Vec<(DrawList, &str)> = vec![
            (
                one(|l| l.line(nan, Vec2::ZERO, 1.0, AMBER)),
                "item 1: line start (NaN, 0)",
            ),
            (
                one(|l| l.circle(Vec2::ZERO, -1.0, Paint::fill(AMBER))),
                "item 1: circle radius -1",
            ),
            (
                one(|l| l.circle(Vec2::ZERO, 1.0, Paint::stroke(AMBER, f32::INFINITY))),
                "item 1: outline width inf",
            ),
            (
                one(|l| l.dashed(Vec2::ZERO, Vec2::X, 1.0, 0.0, 3.0, AMBER)),
                "item 1: dash 0 is shorter than 0.1 px",
            ),
            (
                one(|l| l.dashed(Vec2::ZERO, Vec2::X, 1.0, 1.0, -3.0, AMBER)),
                "item 1: gap -3",
            ),
            (
                one(|l| l.arrow(Vec2::ZERO, Vec2::X, 1.0, f32::NAN, AMBER)),
                "item 1: arrow head NaN",
            ),
            (
                one(|l| l.text("hi", Vec2::ZERO, 0.0, AMBER)),
                "item 1: text size 0",
            ),
            (
                one(|l| l.text("hi", Vec2::ZERO, 1001.0, AMBER)),
                "item 1: text size 1001",
            ),
            (
                one(|l| {
                    l.push(Polygon {
                        points: 0..3,
                        paint: Paint::fill(AMBER),
                    })
                }),
                "item 1: polygon points 0..3 outside the list's 0 points",
            ),
            (
                one(|l| {
                    l.push(Polygon {
                        // A reversed range is refused too, not a panic.
                        #[allow(clippy::reversed_empty_ranges)]
                        points: 2..1,
                        paint: Paint::fill(AMBER),
                    })
                }),
                "polygon points 2..1",
            ),
            (
                one(|l| l.line(Vec2::ZERO, Vec2::splat(2e7), 1.0, AMBER)),
                "item 1: line end (20000000, 20000000)",
            ),
        ];
        for (list, needle) in cases {
            match list.validate() {
                Err(e) => {
                    assert_eq!(e.index(), 1, "{e}");
                    assert!(e.to_string().contains(needle), "{e} lacks {needle:?}");
                }
                Ok(()) => panic!("expected an error containing {needle:?}"),
            }
        }
    }

    #[test]
    fn the_limits_themselves_pass() {
        let mut list = DrawList::default();
        let far = Vec2::splat(MAX_DRAW_COORDINATE);
        list.polygon([-far, far, Vec2::ZERO], Paint::stroke(AMBER, 0.0));
        list.polygon([], Paint::fill(AMBER));
        list.circle(far, MAX_DRAW_COORDINATE, Paint::fill(AMBER));
        list.dashed(-far, far, 0.0, MIN_DASH, 0.0, AMBER);
        list.arrow(far, -far, 0.0, 0.0, AMBER);
        list.text("", -far, MAX_TEXT_SIZE, AMBER);
        list.text("", far, f32::MIN_POSITIVE, AMBER);
        assert_eq!(list.validate(), Ok(()));
    }
}
