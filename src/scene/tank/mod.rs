//! The chapter's tank exercise, as a mode of the scene: a 60×40 box tank
//! that drives among tilted walls and fixed pentagons, moved out of each by
//! the test's push, so it slides along walls instead of stopping dead.
//!
//! It runs on a fixed time step of [`STEP`] (1/60 s): the time the app lets
//! pass is added up and stepped through whole steps, so the tank moves the
//! same at any frame rate, and [`Scene::hold`] drives the same steps for
//! `--hold`.
//!
//! ```
//! use sat_visualizer::scene::tank::TANK_START;
//! use sat_visualizer::scene::{Action, Scene};
//!
//! let mut scene = Scene::new();
//! scene.start(Action::ToggleTank);
//! // 60 steps with Up held: into the first pentagon, and out by its push.
//! scene.hold(Action::DriveForward, 1.0);
//! assert!(scene.tank().position().x > TANK_START.x);
//! assert!(scene.tank().deepest() < 0.5);
//! assert!(scene.tank_line().unwrap().starts_with("tank: at "));
//! ```

mod course;
mod draw;
mod step;

use glam::Vec2;

pub use course::{
    Corner, Course, Obstacle, ObstacleKind, PENTAGON_RADIUS, WALL_THICKNESS, pentagon, wall,
};
pub use step::{Drive, Push, Tank};

use super::action::Action;
use super::state::Scene;

/// The tank's width, along the way it drives.
pub const TANK_WIDTH: f32 = 60.0;
/// The tank's height, across the way it drives.
pub const TANK_HEIGHT: f32 = 40.0;
/// How fast Up and Down drive it, in world units a second.
pub const TANK_SPEED: f32 = 160.0;
/// Fixed steps a second.
pub const STEPS_PER_SECOND: u32 = 60;
/// One fixed step, in seconds.
pub const STEP: f32 = 1.0 / STEPS_PER_SECOND as f32;
/// The most steps one [`Tank::update`] runs: after a stall of more than
/// 0.1 s the tank moves 0.1 s worth rather than jumping.
pub const MAX_STEPS_PER_UPDATE: u32 = 6;
/// Where the tank starts, in the open middle of the course.
pub const TANK_START: Vec2 = Vec2::new(470.0, 210.0);
/// How the tank starts turned: facing right.
pub const TANK_START_ANGLE: f32 = 0.0;

/// The chapter's answer to why the tank slides, shown in the tank mode.
pub const WHY_SLIDE: &str = "Why it slides: the push removes only the part of the move that went \
into the wall; the part along the wall stays.";
/// The chapter's answer to the corner's jitter, shown in the tank mode.
pub const WHY_PASSES: &str = "In a corner, one pass can push it out of one wall into the other, \
so it jitters; a second pass tests again and settles it.";

impl Scene {
    /// Whether the scene is the tank game rather than SAT Visualizer.
    pub fn is_tank(&self) -> bool {
        self.tank_mode
    }

    /// Switches to the tank game (`true`) or back to SAT Visualizer; held
    /// keys are let go, so nothing keeps turning in the other mode.
    pub fn set_tank(&mut self, on: bool) {
        self.stop_all();
        self.tank_mode = on;
    }

    /// The contact manifolds between the tank (A) and each obstacle it
    /// touches or comes within [`CONTACT_MARGIN`](super::state::CONTACT_MARGIN)
    /// of, in course order: where the walls and pentagons meet it, as a
    /// solver that turns the tank would need them. Empty while the contacts
    /// are hidden (K).
    pub fn tank_contacts(&self) -> Vec<crate::sat::Manifold> {
        if !self.show_contacts {
            return Vec::new();
        }
        let tank = self.tank.placed();
        self.tank
            .course()
            .obstacles()
            .iter()
            .map(|o| crate::sat::manifold_polygons(tank, &o.shape, super::state::CONTACT_MARGIN))
            .filter(|m| !m.points().is_empty())
            .collect()
    }

    /// The tank, in either mode (it waits where it is while SAT Visualizer
    /// shows).
    pub fn tank(&self) -> &Tank {
        &self.tank
    }

    /// The tank, to set its pose, passes or course directly.
    pub fn tank_mut(&mut self) -> &mut Tank {
        &mut self.tank
    }

    /// The tank's line, in the tank mode: where it is, and the deepest
    /// overlap left after the last step's passes, as `--screenshot` prints
    /// it. `None` in SAT Visualizer.
    pub fn tank_line(&self) -> Option<String> {
        if !self.tank_mode {
            return None;
        }
        let t = &self.tank;
        let p = t.position();
        let passes = match t.passes() {
            1 => "1 pass".to_string(),
            n => format!("{n} passes"),
        };
        Some(format!(
            "tank: at {:.0},{:.0}, angle {:.2} rad; deepest overlap after {passes}: {:.2} px",
            p.x,
            p.y,
            t.angle(),
            t.deepest()
        ))
    }

    /// Holds `action`'s key for `seconds` at [`STEPS_PER_SECOND`] steps a
    /// second (rounded to whole steps), then lets it go: what `--hold`
    /// does before a screenshot. In the tank mode each step is one of the
    /// tank's fixed steps; in SAT Visualizer a held turn turns the box by
    /// [`STEP`] each step.
    pub fn hold(&mut self, action: Action, seconds: f32) {
        let steps = (seconds.max(0.0) * STEPS_PER_SECOND as f32).round() as u64;
        self.start(action);
        for _ in 0..steps {
            if self.tank_mode {
                self.tank.step();
            } else {
                self.update(STEP);
            }
        }
        self.stop(action);
    }

    /// The tank mode's share of [`Scene::start`]: the tank's own actions in
    /// either mode, and the turns in the tank mode; other visualizer
    /// actions do nothing there. Returns whether anything shown changed.
    pub(super) fn tank_start(&mut self, action: Action) -> bool {
        let mut drive = self.tank.drive();
        match action {
            Action::ToggleTank => {
                self.set_tank(!self.tank_mode);
                return true;
            }
            Action::TogglePasses => {
                let passes = if self.tank.passes() == 1 { 2 } else { 1 };
                let _ = self.tank.set_passes(passes);
                return self.tank_mode;
            }
            // K shows the contact points in the tank game too (the same
            // switch as SAT Visualizer's).
            Action::ToggleContacts if self.tank_mode => {
                self.set_contacts(!self.show_contacts);
                return true;
            }
            Action::DriveForward => drive.forward = true,
            Action::DriveBack => drive.back = true,
            Action::TurnLeft if self.tank_mode => drive.left = true,
            Action::TurnRight if self.tank_mode => drive.right = true,
            _ => return false,
        }
        self.tank.set_drive(drive);
        self.tank_mode
    }

    /// The tank mode's share of [`Scene::stop`]: lets go of the key in the
    /// tank's held keys too.
    pub(super) fn tank_stop(&mut self, action: Action) {
        let mut drive = self.tank.drive();
        match action {
            Action::DriveForward => drive.forward = false,
            Action::DriveBack => drive.back = false,
            Action::TurnLeft => drive.left = false,
            Action::TurnRight => drive.right = false,
            _ => return,
        }
        self.tank.set_drive(drive);
    }
}

impl Scene {
    /// Sets the tank mode's line of key hints, drawn at its bottom: the
    /// app's keymap in words, as [`Scene::set_hints`] does for SAT
    /// Visualizer.
    pub fn set_tank_hints(&mut self, hints: impl Into<String>) {
        self.tank_hints = hints.into();
    }
}
