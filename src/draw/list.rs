//! The draw list and its primitives.
//!
//! Everything is in logical pixels of the target (the window's size before
//! the scale factor), with y growing downward; line widths are logical too,
//! so a 2 px line stays 2 logical px at any scale factor. `clear` keeps the
//! capacity, so one list can be refilled every frame without allocating.

use std::ops::Range;

use glam::Vec2;

use super::Color;

/// How a closed shape is painted: filled, outlined, or both.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paint {
    /// The fill color, if the inside is filled.
    pub fill: Option<Color>,
    /// The outline's color and width in logical pixels, if outlined.
    pub stroke: Option<(Color, f32)>,
}

impl Paint {
    /// Filled, with no outline.
    pub const fn fill(color: Color) -> Paint {
        Paint {
            fill: Some(color),
            stroke: None,
        }
    }

    /// Outlined `width` logical pixels wide, not filled.
    pub const fn stroke(color: Color, width: f32) -> Paint {
        Paint {
            fill: None,
            stroke: Some((color, width)),
        }
    }

    /// Filled with `fill` and outlined with `stroke`, `width` wide.
    pub const fn fill_and_stroke(fill: Color, stroke: Color, width: f32) -> Paint {
        Paint {
            fill: Some(fill),
            stroke: Some((stroke, width)),
        }
    }
}

/// A closed polygon whose corners live in the list's shared point store.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    /// Which of the list's points ([`DrawList::points`]) are its corners,
    /// in order.
    pub points: Range<usize>,
    /// How it is painted.
    pub paint: Paint,
}

/// A circle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    /// Its center.
    pub center: Vec2,
    /// Its radius, in logical pixels.
    pub radius: f32,
    /// How it is painted.
    pub paint: Paint,
}

/// A straight line from `from` to `to`, with butt ends (it ends exactly at
/// its end points).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// Where it starts.
    pub from: Vec2,
    /// Where it ends.
    pub to: Vec2,
    /// Its width, in logical pixels.
    pub width: f32,
    /// Its color.
    pub color: Color,
}

/// An arrow: a line from `from` to `to` with a filled head at `to`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrow {
    /// The tail.
    pub from: Vec2,
    /// The tip, where the head is.
    pub to: Vec2,
    /// The shaft's width, in logical pixels.
    pub width: f32,
    /// The head's length, in logical pixels.
    pub head: f32,
    /// Its color.
    pub color: Color,
}

/// A dashed line from `from` to `to`: `dash` drawn, `gap` skipped, over and
/// over, starting with a dash at `from`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dashed {
    /// Where it starts.
    pub from: Vec2,
    /// Where it ends.
    pub to: Vec2,
    /// Its width, in logical pixels.
    pub width: f32,
    /// The length of each dash, at least [`MIN_DASH`](super::MIN_DASH).
    pub dash: f32,
    /// The length of each gap between dashes.
    pub gap: f32,
    /// Its color.
    pub color: Color,
}

/// One line of text, its top-left corner at `position`.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// What it says.
    pub text: String,
    /// Its top-left corner.
    pub position: Vec2,
    /// The font size, in logical pixels, above 0 and at most
    /// [`MAX_TEXT_SIZE`](super::MAX_TEXT_SIZE).
    pub size: f32,
    /// Its color.
    pub color: Color,
}

/// One thing to draw.
#[derive(Debug, Clone, PartialEq)]
pub enum Primitive {
    /// A closed polygon.
    Polygon(Polygon),
    /// A circle.
    Circle(Circle),
    /// A straight line.
    Line(Line),
    /// An arrow with a head at its end.
    Arrow(Arrow),
    /// A dashed line.
    Dashed(Dashed),
    /// One line of text.
    Text(Text),
}

/// `From<Kind> for Primitive` for each kind, so [`DrawList::push`] takes any.
macro_rules! primitive_from {
    ($($kind:ident),*) => {$(
        impl From<$kind> for Primitive {
            fn from(item: $kind) -> Primitive {
                Primitive::$kind(item)
            }
        }
    )*};
}

primitive_from!(Polygon, Circle, Line, Arrow, Dashed, Text);

/// What to draw in one frame: a background color, then primitives in order,
/// each painted over the ones before.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawList {
    /// The color the target is cleared to first.
    pub background: Color,
    /// The primitives, drawn in this order (text is drawn last, over all
    /// shapes).
    pub items: Vec<Primitive>,
    /// The shared store of polygon corners that [`Polygon::points`] ranges
    /// point into.
    pub points: Vec<Vec2>,
}

impl Default for DrawList {
    fn default() -> Self {
        DrawList::new(Color::rgb(0, 0, 0))
    }
}

impl DrawList {
    /// An empty list that clears to `background`.
    pub fn new(background: Color) -> DrawList {
        DrawList {
            background,
            items: Vec::new(),
            points: Vec::new(),
        }
    }

    /// Empties the list, keeping its capacity, and sets the background.
    pub fn clear(&mut self, background: Color) {
        self.background = background;
        self.items.clear();
        self.points.clear();
    }

    /// The corners of a polygon item (empty when its range is outside the
    /// list's points, which [`validate`](Self::validate) refuses).
    pub fn polygon_points(&self, range: &Range<usize>) -> &[Vec2] {
        self.points.get(range.clone()).unwrap_or_default()
    }

    /// Adds any primitive. A [`Polygon`]'s range must name points already
    /// in the list; [`polygon`](Self::polygon) adds the corners too.
    pub fn push(&mut self, item: impl Into<Primitive>) {
        self.items.push(item.into());
    }

    /// Adds a closed polygon through `corners`.
    pub fn polygon(&mut self, corners: impl IntoIterator<Item = Vec2>, paint: Paint) {
        let start = self.points.len();
        self.points.extend(corners);
        let points = start..self.points.len();
        self.push(Polygon { points, paint });
    }

    /// Adds a circle.
    pub fn circle(&mut self, center: Vec2, radius: f32, paint: Paint) {
        self.push(Circle {
            center,
            radius,
            paint,
        });
    }

    /// Adds a straight line.
    pub fn line(&mut self, from: Vec2, to: Vec2, width: f32, color: Color) {
        self.push(Line {
            from,
            to,
            width,
            color,
        });
    }

    /// Adds an arrow from `from` to its head at `to`.
    pub fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: f32, color: Color) {
        self.push(Arrow {
            from,
            to,
            width,
            head,
            color,
        });
    }

    /// Adds a dashed line.
    pub fn dashed(&mut self, from: Vec2, to: Vec2, width: f32, dash: f32, gap: f32, color: Color) {
        self.push(Dashed {
            from,
            to,
            width,
            dash,
            gap,
            color,
        });
    }

    /// Adds a line of text with its top-left corner at `position`.
    pub fn text(&mut self, text: impl Into<String>, position: Vec2, size: f32, color: Color) {
        self.push(Text {
            text: text.into(),
            position,
            size,
            color,
        });
    }
}
