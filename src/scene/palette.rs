//! The chapter's colors, in sRGB, and the two dark ones behind them.

use crate::draw::Color;

/// The readout's text, light so that it reads well on the dark background.
pub const TEXT: Color = Color::rgb(235, 238, 242);
/// The grey of the dividing line, the pushed outline and the controls line.
pub const GREY: Color = Color::rgb(90, 100, 112);
/// The box when the shapes are apart.
pub const BLUE: Color = Color::rgb(47, 111, 235);
/// Both shapes, the push and the readout when the shapes overlap.
pub const AMBER: Color = Color::rgb(232, 89, 12);
/// The fixed shape when the shapes are apart.
pub const GREEN: Color = Color::rgb(47, 158, 68);
/// The axes line of the readout, and the overlap-length shortcut's outline.
pub const SILVER: Color = Color::rgb(150, 158, 170);
/// The window's background: dark, so that every color above stands out.
pub const BACKGROUND: Color = Color::rgb(20, 23, 28);
/// The grid's lines, a step lighter than the background.
pub const GRID: Color = Color::rgb(34, 39, 47);
