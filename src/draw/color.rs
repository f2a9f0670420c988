//! Colors as the chapter gives them: sRGB bytes with a linear alpha.

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

    /// Whether it is fully transparent (nothing to draw).
    pub const fn is_clear(self) -> bool {
        self.a == 0
    }
}
