//! The scene's state, and what the test finds in it (its input is in
//! `input.rs`).
//!
//! This is the chapter's demo loop without the window: the box A is dragged
//! and turned, the fixed shape B is a regular polygon or a circle, and the
//! test runs on whatever the state is now, so the result is never stale.

use glam::Vec2;

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
pub(super) const PUSH_SLACK: f32 = 1.0e-3;

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
    pub(super) box_corners: Polygon,
    pub(super) box_pos: Vec2,
    pub(super) box_angle: f32,
    pub(super) grabbed: bool,
    pub(super) last_pointer: Option<Vec2>,
    pub(super) sides: usize,
    pub(super) use_circle: bool,
    pub(super) fixed_polygon: Polygon,
    pub(super) circle: Circle,
    pub(super) turn_left: bool,
    pub(super) turn_right: bool,
    pub(super) show_shadows: bool,
    pub(super) show_all_axes: bool,
    pub(super) show_shortcut: bool,
    pub(super) show_help: bool,
    pub(super) view: View,
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
}

pub(super) fn regular_at_center(sides: usize) -> Polygon {
    Polygon::regular(sides, FIXED_RADIUS)
        .expect("3 to 8 sides at radius 80 is a valid polygon")
        .placed(FIXED_CENTER, 0.0)
}
