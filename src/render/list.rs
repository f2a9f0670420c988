//! The draw list: what to draw this frame, as plain data.
//!
//! Everything is in logical pixels of the target (the window's size before
//! the scale factor), with y growing downward; line widths are logical too,
//! so a 2 px line stays 2 logical px at any scale factor. The list knows
//! nothing of wgpu, and the scene that fills it knows nothing of the
//! renderer. `clear` keeps the capacity, so one list can be refilled every
//! frame without allocating.

use glam::Vec2;

/// A color in sRGB, as the chapter gives its colors, with alpha (255 is
/// opaque).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0 to 255, sRGB-encoded.
    pub r: u8,
    /// Green, 0 to 255, sRGB-encoded.
    pub g: u8,
    /// Blue, 0 to 255, sRGB-encoded.
    pub b: u8,
    /// Opacity, 0 (clear) to 255 (opaque), linear.
    pub a: u8,
}

impl Color {
    /// An opaque sRGB color.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b, a: 255 }
    }

    /// The same color with opacity `a`.
    pub const fn with_alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }
}

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

/// One thing to draw. Polygon corners live in the list's shared point
/// store, named here by their range.
#[derive(Debug, Clone, PartialEq)]
pub enum Primitive {
    /// A closed polygon through `points` (a range into [`DrawList::points`]).
    Polygon {
        /// Which of the list's points are its corners, in order.
        points: std::ops::Range<usize>,
        /// How it is painted.
        paint: Paint,
    },
    /// A circle.
    Circle {
        /// Its center.
        center: Vec2,
        /// Its radius, in logical pixels.
        radius: f32,
        /// How it is painted.
        paint: Paint,
    },
    /// A straight line from `from` to `to`.
    Line {
        /// Where it starts.
        from: Vec2,
        /// Where it ends.
        to: Vec2,
        /// Its width, in logical pixels.
        width: f32,
        /// Its color.
        color: Color,
    },
    /// An arrow: a line from `from` to `to` with a filled head at `to`.
    Arrow {
        /// The tail.
        from: Vec2,
        /// The tip, where the head is.
        to: Vec2,
        /// The shaft's width, in logical pixels.
        width: f32,
        /// The head's length, in logical pixels.
        head: f32,
        /// Its color.
        color: Color,
    },
    /// A dashed line from `from` to `to`: `dash` drawn, `gap` skipped, over
    /// and over, starting with a dash at `from`.
    Dashed {
        /// Where it starts.
        from: Vec2,
        /// Where it ends.
        to: Vec2,
        /// Its width, in logical pixels.
        width: f32,
        /// The length of each dash.
        dash: f32,
        /// The length of each gap between dashes.
        gap: f32,
        /// Its color.
        color: Color,
    },
    /// One line of text, its top-left corner at `position`.
    Text {
        /// What it says.
        text: String,
        /// Its top-left corner.
        position: Vec2,
        /// The font size, in logical pixels.
        size: f32,
        /// Its color.
        color: Color,
    },
}

/// What to draw in one frame: a background color, then primitives in order,
/// each painted over the ones before.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawList {
    /// The color the target is cleared to first.
    pub background: Color,
    /// The primitives, drawn in this order (text is drawn last, over all
    /// shapes).
    pub items: Vec<Primitive>,
    /// The shared store of polygon corners that [`Primitive::Polygon`]
    /// ranges point into.
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

    /// The corners of a polygon item.
    pub fn polygon_points(&self, range: &std::ops::Range<usize>) -> &[Vec2] {
        &self.points[range.clone()]
    }

    /// Adds a closed polygon through `corners`.
    pub fn polygon(&mut self, corners: impl IntoIterator<Item = Vec2>, paint: Paint) {
        let start = self.points.len();
        self.points.extend(corners);
        let points = start..self.points.len();
        self.items.push(Primitive::Polygon { points, paint });
    }

    /// Adds a circle.
    pub fn circle(&mut self, center: Vec2, radius: f32, paint: Paint) {
        self.items.push(Primitive::Circle {
            center,
            radius,
            paint,
        });
    }

    /// Adds a straight line.
    pub fn line(&mut self, from: Vec2, to: Vec2, width: f32, color: Color) {
        self.items.push(Primitive::Line {
            from,
            to,
            width,
            color,
        });
    }

    /// Adds an arrow from `from` to its head at `to`.
    pub fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: f32, color: Color) {
        self.items.push(Primitive::Arrow {
            from,
            to,
            width,
            head,
            color,
        });
    }

    /// Adds a dashed line.
    pub fn dashed(&mut self, from: Vec2, to: Vec2, width: f32, dash: f32, gap: f32, color: Color) {
        self.items.push(Primitive::Dashed {
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
        self.items.push(Primitive::Text {
            text: text.into(),
            position,
            size,
            color,
        });
    }
}
