//! The list's sRGB colors as the shape pipeline wants them: linear (for an
//! sRGB target) and premultiplied.

use std::sync::LazyLock;

use crate::draw::Color;

/// [`srgb_to_linear`] of every byte, worked out once: a frame converts the
/// color of each of its hundreds of dashes and grid lines, and a `powf`
/// each was a visible share of the frame.
static LINEAR: LazyLock<[f32; 256]> =
    LazyLock::new(|| std::array::from_fn(|i| srgb_to_linear(i as u8)));

/// The sRGB transfer function undone: what linear intensity an sRGB byte
/// stands for.
pub(crate) fn srgb_to_linear(byte: u8) -> f32 {
    let c = byte as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The vertex color for `color`: premultiplied, because the pipeline blends
/// premultiplied (so partly covered MSAA samples and translucent colors mix
/// the same way), and linear when the target's format re-encodes to sRGB on
/// store; a non-sRGB target stores what it is given, so it gets the sRGB
/// values themselves.
pub(crate) fn vertex_color(color: Color, srgb_target: bool) -> [f32; 4] {
    let channel = |c: u8| {
        if srgb_target {
            LINEAR[c as usize]
        } else {
            c as f32 / 255.0
        }
    };
    let a = color.a as f32 / 255.0;
    [
        channel(color.r) * a,
        channel(color.g) * a,
        channel(color.b) * a,
        a,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srgb_bytes_round_trip_through_linear() {
        for byte in 0..=255u8 {
            let linear = srgb_to_linear(byte);
            let back = if linear <= 0.0031308 {
                linear * 12.92
            } else {
                1.055 * linear.powf(1.0 / 2.4) - 0.055
            };
            assert_eq!((back * 255.0).round() as u8, byte);
        }
    }

    #[test]
    fn colors_are_premultiplied() {
        let c = vertex_color(Color::rgb(255, 255, 255).with_alpha(128), true);
        let a = 128.0 / 255.0;
        assert!((c[3] - a).abs() < 1e-6);
        assert!((c[0] - a).abs() < 1e-6);
        let straight = vertex_color(Color::rgb(51, 0, 0), false);
        assert!((straight[0] - 0.2).abs() < 1e-6);
    }
}
