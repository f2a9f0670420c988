//! The draw list: what to draw in one frame, as plain data, and the checks
//! that say whether a renderer can draw it.
//!
//! A [`DrawList`] is a background color and primitives in logical pixels
//! ([`Polygon`], [`Circle`], [`Line`], [`Arrow`], [`Dashed`], [`Text`]),
//! painted in order. It is the one thing the scene and the renderer share:
//! the scene fills one and knows nothing of the GPU; the renderer
//! (`sat_visualizer::render`, feature `viewer`) draws one and knows nothing
//! of SAT. Nothing here uses a GPU crate, so it builds with
//! `--no-default-features`.
//!
//! [`DrawList::validate`] checks every item against the limits below (a
//! renderer refuses a list that fails it, with the same
//! [`DrawListError`]), so code that makes a list can check it without a GPU.
//!
//! ```
//! use sat_visualizer::draw::{Color, DrawList, Paint};
//! use sat_visualizer::sat::Vec2;
//!
//! let mut list = DrawList::new(Color::rgb(20, 23, 28));
//! list.circle(Vec2::new(50.0, 50.0), 20.0, Paint::fill(Color::rgb(232, 89, 12)));
//! list.dashed(Vec2::ZERO, Vec2::new(100.0, 0.0), 2.0, 10.0, 8.0, Color::rgb(90, 100, 112));
//! assert!(list.validate().is_ok());
//!
//! list.dashed(Vec2::ZERO, Vec2::X, 1.0, 0.0, 1.0, Color::rgb(90, 100, 112));
//! let error = list.validate().unwrap_err();
//! assert_eq!(error.index(), 2);
//! assert!(error.to_string().starts_with("item 2: dash 0"));
//! ```

mod color;
mod list;
mod validate;

pub use color::Color;
pub use list::{Arrow, Circle, Dashed, DrawList, Line, Paint, Polygon, Primitive, Text};
pub use validate::{DrawListError, MAX_DRAW_COORDINATE, MAX_TEXT_SIZE, MIN_DASH};
