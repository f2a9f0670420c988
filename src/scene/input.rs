//! What changes the scene: its settings (from the command line or a
//! test), and the user's input, in logical pixels and the scene's own
//! [`Action`]s.

use glam::Vec2;

use super::action::Action;
use super::error::SceneError;
use super::state::{
    Hints, MAX_POSITION, MAX_SIDES, MIN_SIDES, PUSH_SLACK, Scene, TURN_SPEED, check_pose,
    regular_at_center,
};
use super::view::View;

impl Scene {
    // ---- settings -------------------------------------------------------

    /// Places the box at `position` (world units), turned by `angle`
    /// radians; refused for a position that is not finite or beyond ±1e5,
    /// or an angle that is not finite.
    pub fn set_box(&mut self, position: Vec2, angle: f32) -> Result<(), SceneError> {
        check_pose(position, angle)?;
        self.box_pos = position;
        self.box_angle = angle;
        self.settle();
        Ok(())
    }

    /// Makes the fixed shape a regular polygon of `sides` sides (3 to 8),
    /// first corner straight up; this also switches from the circle back to
    /// the polygon.
    pub fn set_sides(&mut self, sides: usize) -> Result<(), SceneError> {
        if !(MIN_SIDES..=MAX_SIDES).contains(&sides) {
            return Err(SceneError::Sides(sides));
        }
        self.sides = sides;
        self.fixed_polygon = regular_at_center(sides);
        self.chapter.outline = None;
        self.use_circle = false;
        self.settle();
        Ok(())
    }

    /// Makes the fixed shape the circle (`true`) or the polygon (`false`).
    pub fn set_circle(&mut self, circle: bool) {
        self.use_circle = circle;
        self.settle();
    }

    /// Sets the key hints drawn at the bottom: the app's keymap in words
    /// (the scene knows actions, not keys).
    pub fn set_hints(&mut self, hints: Hints) {
        self.hints = hints;
    }

    /// Shows or hides the deciding axis and the shadows on it
    /// ([`Action::ToggleShadows`]).
    pub fn set_shadows(&mut self, on: bool) {
        self.show_shadows = on;
    }

    /// Shows or hides every axis tried ([`Action::ToggleAllAxes`]).
    pub fn set_all_axes(&mut self, on: bool) {
        self.show_all_axes = on;
    }

    /// Shows or hides the shortcut's answer ([`Action::ToggleShortcut`]).
    pub fn set_shortcut(&mut self, on: bool) {
        self.show_shortcut = on;
    }

    /// Shows or hides the contact points, their separations and the normal
    /// ([`Action::ToggleContacts`]).
    pub fn set_contacts(&mut self, on: bool) {
        self.show_contacts = on;
        self.settle_contacts();
    }

    /// Shows or hides the help line ([`Action::ToggleHelp`]).
    pub fn set_help(&mut self, on: bool) {
        self.show_help = on;
    }

    /// Fits the world into a target `width` × `height` logical pixels. A
    /// size with nothing in it (a minimized window) keeps the last view,
    /// since nothing is drawn at that size anyway.
    pub fn resize(&mut self, width: f32, height: f32) {
        if let Some(view) = View::fit(width, height) {
            self.view = view;
        }
    }

    // ---- input ----------------------------------------------------------

    /// The left button went down at `logical` (window logical pixels): the
    /// box is grabbed only when that lands inside its outline or on it.
    pub fn pointer_pressed(&mut self, logical: Vec2) {
        let world = self.view.to_world(logical);
        self.last_pointer = Some(world);
        self.grabbed = !self.tank_mode && self.placed_box().contains(world);
        if !self.grabbed && !self.tank_mode {
            self.grab_corner(world);
        }
    }

    /// The pointer moved to `logical`: a held box moves as far as the
    /// pointer has, in world units, so it stays under the pointer at any
    /// view scale. Returns whether the box moved.
    pub fn pointer_moved(&mut self, logical: Vec2) -> bool {
        let world = self.view.to_world(logical);
        let last = self.last_pointer.replace(world);
        if self.chapter.held_corner.is_some() {
            return self.drag_corner(world - last.unwrap_or(world));
        }
        match last {
            Some(last) if self.grabbed => {
                let moved = self.box_pos + (world - last);
                // A drag far out of the window stops at the edge of the
                // range, rather than being refused mid-drag.
                self.box_pos = moved.clamp(Vec2::splat(-MAX_POSITION), Vec2::splat(MAX_POSITION));
                self.settle();
                true
            }
            _ => false,
        }
    }

    /// The left button went up: the box is dropped where it is.
    pub fn pointer_released(&mut self) {
        self.grabbed = false;
        self.chapter.held_corner = None;
    }

    /// The pointer left the window: the next move starts afresh, so the box
    /// does not jump by the distance travelled outside.
    pub fn pointer_left(&mut self) {
        self.last_pointer = None;
    }

    /// The user asked for `action` (its key went down; not a repeat).
    /// A held action (a turn) lasts until [`Scene::stop`]. Returns whether
    /// anything shown changed, so the app knows to draw a frame.
    pub fn start(&mut self, action: Action) -> bool {
        if self.tank_mode || action.is_tank() {
            return self.tank_start(action);
        }
        match action {
            Action::TurnLeft => self.turn_left = true,
            Action::TurnRight => self.turn_right = true,
            Action::PushOut => return self.push_out(),
            Action::ToggleCircle => self.set_circle(!self.use_circle),
            Action::ToggleShadows => self.show_shadows = !self.show_shadows,
            Action::ToggleShortcut => self.show_shortcut = !self.show_shortcut,
            Action::ToggleAllAxes => self.show_all_axes = !self.show_all_axes,
            Action::ToggleHelp => self.show_help = !self.show_help,
            Action::ToggleContacts => self.set_contacts(!self.show_contacts),
            Action::Sides(n) => return self.set_sides(n as usize).is_ok(),
            Action::TogglePath
            | Action::StepForward
            | Action::StepBack
            | Action::NextFigure
            | Action::PreviousFigure
            | Action::Reset => return self.start_chapter(action),
            _ => return false,
        }
        true
    }

    /// A held action ends (its key went up): a turn stops. Others were
    /// done when they started, so this does nothing for them.
    pub fn stop(&mut self, action: Action) {
        self.tank_stop(action);
        match action {
            Action::TurnLeft => self.turn_left = false,
            Action::TurnRight => self.turn_right = false,
            _ => {}
        }
    }

    /// Every held action ends (the window lost the keyboard, so no key-up
    /// will come).
    pub fn stop_all(&mut self) {
        self.tank.set_drive(Default::default());
        self.turn_left = false;
        self.turn_right = false;
    }

    /// Lets `dt` seconds pass: a held Left or Right turns the box by
    /// `TURN_SPEED * dt`, so the rate is the same at any frame rate. A `dt`
    /// that is not a positive finite number does nothing.
    pub fn update(&mut self, dt: f32) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        if self.tank_mode {
            self.tank.update(dt);
            return;
        }
        let mut turn = 0.0;
        if self.turn_left {
            turn -= TURN_SPEED * dt;
        }
        if self.turn_right {
            turn += TURN_SPEED * dt;
        }
        // Kept within one turn either way, so a key held for hours loses no
        // precision in the angle.
        if turn != 0.0 {
            self.box_angle = (self.box_angle + turn) % std::f32::consts::TAU;
            self.settle();
        }
    }

    /// Moves the box by the push, so that the shapes just touch (exercise
    /// 5). Returns whether it moved: it does not when the shapes are apart.
    pub fn push_out(&mut self) -> bool {
        let r = self.result();
        if !r.overlapping || r.depth <= 0.0 {
            return false;
        }
        self.box_pos += r.axis * (r.depth - PUSH_SLACK).max(0.0);
        self.settle();
        true
    }
}
