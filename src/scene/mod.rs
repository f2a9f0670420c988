//! The scene: the visualizer's state on the CPU (the box A, the fixed shape
//! B, the input that moves them, the SAT result) and the draw list it makes
//! each frame.
//!
//! It knows nothing of wgpu or winit. Its input API takes plain logical
//! positions (the window's pixels before the scale factor) and
//! [`Action`]s (the app's keymap decides which key asks for which), and
//! what it draws is a [`DrawList`](crate::draw::DrawList)
//! in the same logical pixels. The chapter's 1000×700 world is fitted into
//! whatever logical size the window has by a [`View`]: one uniform scale and
//! an offset that centers it, whose inverse maps the mouse back into the
//! world, so picking is exact at any size.
//!
//! ```
//! use sat_visualizer::draw::DrawList;
//! use sat_visualizer::scene::{Action, Scene};
//! use sat_visualizer::sat::Vec2;
//!
//! let mut scene = Scene::new();
//! // Grab the box at its center and drag it onto the pentagon.
//! scene.pointer_pressed(Vec2::new(320.0, 300.0));
//! scene.pointer_moved(Vec2::new(560.0, 360.0));
//! scene.pointer_released();
//! assert!(scene.result().overlapping);
//! assert!(scene.readout().starts_with("overlapping: push the box"));
//!
//! scene.start(Action::ToggleCircle); // the circle instead of the pentagon
//! let mut list = DrawList::default();
//! scene.build(&mut list);
//! assert!(!list.items.is_empty());
//! ```

mod action;
mod chapter;
mod contacts;
mod corners;
mod draw;
mod error;
mod figures;
mod input;
mod overlays;
mod palette;
mod path;
mod readout;
mod state;
mod steps;
pub mod tank;
mod view;

pub use action::Action;
pub use corners::{CORNER_REACH, MIN_CORNERS};
pub use error::SceneError;
pub use figures::Figure;
pub use palette::{AMBER, BACKGROUND, BLUE, GREEN, GREY, GRID, SILVER, TEXT};
pub use path::{EdgeSource, MinkowskiPath, PathEdge};
pub use readout::shape_name;
pub use state::{
    BOX_HEIGHT, BOX_START, BOX_START_ANGLE, BOX_WIDTH, CONTACT_MARGIN, FIXED_CENTER, FIXED_RADIUS,
    Fixed, Hints, MAX_POSITION, MAX_SIDES, MIN_SIDES, Scene, ShadowView, TURN_SPEED,
};
pub use steps::{AxisFrom, AxisStep, WayOut, axis_steps};
pub use view::{View, WORLD_HEIGHT, WORLD_WIDTH, logical_from_physical};
