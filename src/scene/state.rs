//! The scene's state and the input that changes it.
//!
//! This is the chapter's demo loop without the window: the box A is dragged
//! and turned, the fixed shape B is a regular polygon or a circle, and the
//! test runs on whatever the state is now, so the result is never stale.

use glam::Vec2;

use super::error::SceneError;
use super::view::View;
use crate::sat::{
    self, Circle, Interval, Polygon, SatResult, project_circle, project_polygon, shortcut,
};

/// How fast a held Left or Right turns the box, in radians a second.
pub const TURN_SPEED: f32 = 1.8;
/// The box's width: its corners are ±70 around its center.
pub const BOX_WIDTH: f32 = 140.0;
/// The box's height: its corners are ±45 around its center.
pub const BOX_HEIGHT: f32 = 90.0;
/// Where the box starts, in world units.
pub const BOX_START: Vec2 = Vec2::new(320.0, 300.0);
/// How far the box starts turned, in radians.
pub const BOX_START_ANGLE: f32 = 0.3;
/// The fixed shape's center.
pub const FIXED_CENTER: Vec2 = Vec2::new(620.0, 380.0);
/// The fixed shape's radius: the polygon's corners' distance from its
/// center, or the circle's radius.
pub const FIXED_RADIUS: f32 = 80.0;
/// The fewest sides the fixed polygon can have (key 3).
pub const MIN_SIDES: usize = 3;
/// The most sides the fixed polygon can have (key 8).
pub const MAX_SIDES: usize = 8;
/// How far from the world's origin the box may be placed: far beyond the
/// window, and well inside the SAT core's coordinate range.
pub(crate) const MAX_POSITION: f32 = 1.0e5;
/// How much of the push Space leaves undone: the push less this leaves the
/// shapes overlapping by a thousandth of a pixel, so that rounding never
/// opens a hair-wide gap and the readout says "push the box 0 px".
const PUSH_SLACK: f32 = 1.0e-3;

/// The keys the scene reacts to, in its own terms (the app maps the window
/// system's keys onto these).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// Held: turns the box counterclockwise on screen.
    Left,
    /// Held: turns the box clockwise on screen.
    Right,
    /// Moves the box by the push, so that the shapes just touch.
    Space,
    /// Switches the fixed shape between its polygon and the circle.
    C,
    /// Shows or hides the deciding axis with each shape's shadow on it.
    S,
    /// Shows or hides the overlap-length shortcut's answer.
    X,
    /// Shows or hides every axis tried.
    A,
    /// Shows or hides the help line with every key.
    H,
    /// A digit key: 3 to 8 make the fixed shape a regular polygon of that
    /// many sides; the others do nothing.
    Digit(u8),
}

/// The fixed shape B, placed in the world.
#[derive(Debug, Clone, PartialEq)]
pub enum Fixed {
    /// A regular polygon around the fixed center.
    Polygon(Polygon),
    /// The circle of the same center and radius.
    Circle(Circle),
}

/// The deciding axis with both shapes' shadows on it, as exercise 4 shows
/// them: the gap's axis when apart, the push's axis when overlapping.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShadowView {
    /// The axis, a unit vector (oriented from B towards A).
    pub axis: Vec2,
    /// The box's shadow on it.
    pub a: Interval,
    /// The fixed shape's shadow on it.
    pub b: Interval,
}

/// The visualizer's whole state: the box, the fixed shape, the input in
/// progress and what is shown.
#[derive(Debug, Clone)]
pub struct Scene {
    box_corners: Polygon,
    box_pos: Vec2,
    box_angle: f32,
    grabbed: bool,
    last_pointer: Option<Vec2>,
    sides: usize,
    use_circle: bool,
    fixed_polygon: Polygon,
    circle: Circle,
    turn_left: bool,
    turn_right: bool,
    pub(crate) show_shadows: bool,
    pub(crate) show_all_axes: bool,
    pub(crate) show_shortcut: bool,
    pub(crate) show_help: bool,
    view: View,
}

impl Default for Scene {
    fn default() -> Self {
        Scene::new()
    }
}

impl Scene {
    /// The chapter's starting scene: the box at (320, 300) turned 0.3 rad,
    /// the pentagon around (620, 380), in a 1000×700 view.
    pub fn new() -> Scene {
        let box_corners = Polygon::rectangle(BOX_WIDTH, BOX_HEIGHT).expect("a 140×90 box is valid");
        Scene {
            box_corners,
            box_pos: BOX_START,
            box_angle: BOX_START_ANGLE,
            grabbed: false,
            last_pointer: None,
            sides: 5,
            use_circle: false,
            fixed_polygon: regular_at_center(5),
            circle: Circle {
                center: FIXED_CENTER,
                radius: FIXED_RADIUS,
            },
            turn_left: false,
            turn_right: false,
            show_shadows: false,
            show_all_axes: false,
            show_shortcut: false,
            show_help: false,
            view: View::default(),
        }
    }

    // ---- the state, read ------------------------------------------------

    /// The box's center, in world units.
    pub fn box_position(&self) -> Vec2 {
        self.box_pos
    }

    /// How far the box is turned, in radians.
    pub fn box_angle(&self) -> f32 {
        self.box_angle
    }

    /// The box's own corners, around its center, before it is placed.
    pub fn box_corners(&self) -> &Polygon {
        &self.box_corners
    }

    /// The box placed in the world: shape A of the test.
    pub fn placed_box(&self) -> Polygon {
        self.box_corners.placed(self.box_pos, self.box_angle)
    }

    /// The fixed shape B, placed in the world.
    pub fn fixed(&self) -> Fixed {
        if self.use_circle {
            Fixed::Circle(self.circle)
        } else {
            Fixed::Polygon(self.fixed_polygon.clone())
        }
    }

    /// Whether the fixed shape is the circle.
    pub fn uses_circle(&self) -> bool {
        self.use_circle
    }

    /// How many sides the fixed polygon has (kept while the circle shows).
    pub fn sides(&self) -> usize {
        self.sides
    }

    /// Whether the box is held by the mouse.
    pub fn is_grabbed(&self) -> bool {
        self.grabbed
    }

    /// Whether the scene changes by itself as time passes (a turn key is
    /// held), so the app must keep drawing frames. When this is false, the
    /// scene only changes on input.
    pub fn is_animating(&self) -> bool {
        self.turn_left != self.turn_right
    }

    /// The view that fits the world into the target.
    pub fn view(&self) -> View {
        self.view
    }

    /// Whether the deciding axis and the shadows are shown (S).
    pub fn shows_shadows(&self) -> bool {
        self.show_shadows
    }

    /// Whether every axis tried is shown (A).
    pub fn shows_all_axes(&self) -> bool {
        self.show_all_axes
    }

    /// Whether the overlap-length shortcut's answer is shown (X).
    pub fn shows_shortcut(&self) -> bool {
        self.show_shortcut
    }

    /// Whether the help line is shown (H).
    pub fn shows_help(&self) -> bool {
        self.show_help
    }

    // ---- the test -------------------------------------------------------

    /// The separating axis test of the box (A) against the fixed shape (B),
    /// as things are now.
    pub fn result(&self) -> SatResult {
        let a = self.placed_box();
        if self.use_circle {
            sat::sat_polygon_circle(&a, &self.circle)
        } else {
            sat::sat_polygons(&a, &self.fixed_polygon)
        }
    }

    /// The overlap-length shortcut's answer for the same shapes (wrong when
    /// one shadow lies inside the other; shown by X).
    pub fn shortcut_result(&self) -> SatResult {
        let a = self.placed_box();
        if self.use_circle {
            shortcut::shortcut_polygon_circle(&a, &self.circle)
        } else {
            shortcut::shortcut_polygons(&a, &self.fixed_polygon)
        }
    }

    /// Every axis the test tries, in its order (the box's edge normals, then
    /// the polygon's or the one toward the circle's center), zero axes
    /// left out, each with whether the test reached it before a gap ended
    /// it.
    pub fn axes(&self) -> Vec<(Vec2, bool)> {
        let a = self.placed_box();
        let axes: Vec<Vec2> = if self.use_circle {
            sat::polygon_circle_axes(&a, &self.circle).collect()
        } else {
            sat::polygon_axes(&a, &self.fixed_polygon).collect()
        };
        let mut reached = true;
        axes.into_iter()
            .filter(|axis| axis.length_squared() >= 0.5)
            .map(|axis| {
                let tried = reached;
                if reached && self.gap_on(axis) {
                    reached = false;
                }
                (axis, tried)
            })
            .collect()
    }

    fn gap_on(&self, axis: Vec2) -> bool {
        let (a, b) = self.shadows_on(axis);
        a.gap(&b) > 0.0
    }

    /// Both shapes' shadows on `axis`: the box's, then the fixed shape's.
    pub fn shadows_on(&self, axis: Vec2) -> (Interval, Interval) {
        let a = project_polygon(&self.placed_box(), axis);
        let b = match self.use_circle {
            true => project_circle(&self.circle, axis),
            false => project_polygon(&self.fixed_polygon, axis),
        };
        (a, b)
    }

    /// The deciding axis and both shadows on it (exercise 4).
    pub fn shadow_view(&self) -> ShadowView {
        let axis = self.result().axis;
        let (a, b) = self.shadows_on(axis);
        ShadowView { axis, a, b }
    }

    /// The box where the push would leave it, just touching the fixed
    /// shape: `None` when the shapes are apart.
    pub fn pushed_box(&self) -> Option<Polygon> {
        let r = self.result();
        r.overlapping.then(|| {
            self.box_corners
                .placed(self.box_pos + r.push(), self.box_angle)
        })
    }

    /// Where the shortcut would leave the box: `None` when apart.
    pub fn shortcut_box(&self) -> Option<Polygon> {
        let r = self.shortcut_result();
        r.overlapping.then(|| {
            self.box_corners
                .placed(self.box_pos + r.push(), self.box_angle)
        })
    }

    /// The dividing line through the middle of the gap, at right angles to
    /// the gap's axis, as its two ends in world units; `None` when the
    /// shapes overlap. `reach` is how far it runs each way from the point
    /// nearest the two centers' midpoint (the chapter uses 700).
    ///
    /// The middle of the gap is a place on the axis, halfway between the
    /// facing ends of the two shadows. The point halfway between the
    /// centers, moved along the axis until its own place is that middle, is
    /// on the line, and the line runs along the axis's quarter turn.
    pub fn dividing_line(&self, reach: f32) -> Option<(Vec2, Vec2)> {
        let (on_line, along) = self.divider()?;
        Some((on_line - along * reach, on_line + along * reach))
    }

    /// The dividing line as a point on it (nearest the centers' midpoint)
    /// and its unit direction, the gap axis's quarter turn; `None` when the
    /// shapes overlap.
    pub(crate) fn divider(&self) -> Option<(Vec2, Vec2)> {
        let r = self.result();
        if r.overlapping {
            return None;
        }
        let (a, b) = self.shadows_on(r.axis);
        let middle = if a.max < b.min {
            (a.max + b.min) / 2.0
        } else {
            (b.max + a.min) / 2.0
        };
        let halfway = self.box_pos.lerp(FIXED_CENTER, 0.5);
        let on_line = halfway + r.axis * (middle - halfway.dot(r.axis));
        Some((on_line, r.axis.perp()))
    }

    // ---- settings -------------------------------------------------------

    /// Places the box at `position` (world units), turned by `angle`
    /// radians; refused for a position that is not finite or beyond ±1e5,
    /// or an angle that is not finite.
    pub fn set_box(&mut self, position: Vec2, angle: f32) -> Result<(), SceneError> {
        if !position.is_finite() || position.abs().max_element() > MAX_POSITION {
            return Err(SceneError::Position(position.x, position.y));
        }
        if !angle.is_finite() {
            return Err(SceneError::Angle(angle));
        }
        self.box_pos = position;
        self.box_angle = angle;
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
        self.use_circle = false;
        Ok(())
    }

    /// Makes the fixed shape the circle (`true`) or the polygon (`false`).
    pub fn set_circle(&mut self, circle: bool) {
        self.use_circle = circle;
    }

    /// Shows or hides the deciding axis and the shadows on it (as S does).
    pub fn set_shadows(&mut self, on: bool) {
        self.show_shadows = on;
    }

    /// Shows or hides every axis tried (as A does).
    pub fn set_all_axes(&mut self, on: bool) {
        self.show_all_axes = on;
    }

    /// Shows or hides the shortcut's answer (as X does).
    pub fn set_shortcut(&mut self, on: bool) {
        self.show_shortcut = on;
    }

    /// Shows or hides the help line (as H does).
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
        self.grabbed = self.placed_box().contains(world);
    }

    /// The pointer moved to `logical`: a held box moves as far as the
    /// pointer has, in world units, so it stays under the pointer at any
    /// view scale. Returns whether the box moved.
    pub fn pointer_moved(&mut self, logical: Vec2) -> bool {
        let world = self.view.to_world(logical);
        let last = self.last_pointer.replace(world);
        match last {
            Some(last) if self.grabbed => {
                let moved = self.box_pos + (world - last);
                // A drag far out of the window stops at the edge of the
                // range, rather than being refused mid-drag.
                self.box_pos = moved.clamp(Vec2::splat(-MAX_POSITION), Vec2::splat(MAX_POSITION));
                true
            }
            _ => false,
        }
    }

    /// The left button went up: the box is dropped where it is.
    pub fn pointer_released(&mut self) {
        self.grabbed = false;
    }

    /// The pointer left the window: the next move starts afresh, so the box
    /// does not jump by the distance travelled outside.
    pub fn pointer_left(&mut self) {
        self.last_pointer = None;
    }

    /// A key went down (not a repeat). Returns whether anything shown
    /// changed, so the app knows to draw a frame.
    pub fn key_pressed(&mut self, key: Key) -> bool {
        match key {
            Key::Left => self.turn_left = true,
            Key::Right => self.turn_right = true,
            Key::Space => return self.push_out(),
            Key::C => self.use_circle = !self.use_circle,
            Key::S => self.show_shadows = !self.show_shadows,
            Key::X => self.show_shortcut = !self.show_shortcut,
            Key::A => self.show_all_axes = !self.show_all_axes,
            Key::H => self.show_help = !self.show_help,
            Key::Digit(d) => return self.set_sides(d as usize).is_ok(),
        }
        true
    }

    /// A key went up: a turn key stops turning.
    pub fn key_released(&mut self, key: Key) {
        match key {
            Key::Left => self.turn_left = false,
            Key::Right => self.turn_right = false,
            _ => {}
        }
    }

    /// Lets `dt` seconds pass: a held Left or Right turns the box by
    /// `TURN_SPEED * dt`, so the rate is the same at any frame rate. A `dt`
    /// that is not a positive finite number does nothing.
    pub fn update(&mut self, dt: f32) {
        if !(dt.is_finite() && dt > 0.0) {
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
        self.box_angle = (self.box_angle + turn) % std::f32::consts::TAU;
    }

    /// Moves the box by the push, so that the shapes just touch (exercise
    /// 5). Returns whether it moved: it does not when the shapes are apart.
    pub fn push_out(&mut self) -> bool {
        let r = self.result();
        if !r.overlapping || r.depth <= 0.0 {
            return false;
        }
        self.box_pos += r.axis * (r.depth - PUSH_SLACK).max(0.0);
        true
    }
}

fn regular_at_center(sides: usize) -> Polygon {
    Polygon::regular(sides, FIXED_RADIUS)
        .expect("3 to 8 sides at radius 80 is a valid polygon")
        .placed(FIXED_CENTER, 0.0)
}
