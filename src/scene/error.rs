//! Refusals of values that would put the scene in a state it cannot show.

use std::fmt;

/// Why the scene refused a setting: each says what was wrong in one line.
#[derive(Debug, Clone, PartialEq)]
pub enum SceneError {
    /// The fixed shape's sides must be from 3 to 8.
    Sides(usize),
    /// The box's position must be finite and within the coordinate range.
    Position(f32, f32),
    /// The box's angle must be finite.
    Angle(f32),
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SceneError::Sides(n) => write!(
                f,
                "the fixed shape needs {} to {} sides, not {n}",
                super::MIN_SIDES,
                super::MAX_SIDES
            ),
            SceneError::Position(x, y) => write!(
                f,
                "the box's position must be finite and within ±{}, not ({x}, {y})",
                super::state::MAX_POSITION
            ),
            SceneError::Angle(a) => write!(f, "the box's angle must be a finite number, not {a}"),
        }
    }
}

impl std::error::Error for SceneError {}
