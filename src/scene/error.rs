//! Refusals of values that would put the scene in a state it cannot show.

use super::state::MAX_POSITION;
use super::{MAX_SIDES, MIN_SIDES};

/// Why the scene refused a setting: each says what was wrong in one line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SceneError {
    /// The fixed shape's sides must be from 3 to 8.
    #[error("the fixed shape needs {MIN_SIDES} to {MAX_SIDES} sides, not {0}")]
    Sides(usize),
    /// The box's position must be finite and within the coordinate range.
    #[error("the box's position must be finite and within ±{MAX_POSITION}, not ({0}, {1})")]
    Position(f32, f32),
    /// The box's angle must be finite.
    #[error("the box's angle must be a finite number, not {0}")]
    Angle(f32),
    /// The tank is tested against the course once or twice a step.
    #[error("the tank takes 1 or 2 passes, not {0}")]
    Passes(u8),
    /// No figure has this name; the message lists the names.
    #[error("no figure is named {0:?}; the figures are: {names}", names = super::Figure::NAMES.join(", "))]
    Figure(String),
    /// A corner of B must be finite and within the coordinate range.
    #[error("a corner of B must be finite and within ±{MAX_POSITION}, not ({0}, {1})")]
    Corner(f32, f32),
    /// B's corners make no shape: fewer than 3 distinct, or all on one
    /// line.
    #[error("B's corners make no shape: {0}")]
    Outline(#[source] crate::sat::ShapeError),
}
