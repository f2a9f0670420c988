//! The scene's state, and what the test finds in it (its input is in
//! `input.rs`).
//!
//! This is the chapter's demo loop without the window: the box A is dragged
//! and turned, the fixed shape B is a regular polygon or a circle, and the
//! test runs on whatever the state is now, so the result is never stale.

use glam::Vec2;

use super::error::SceneError;
use super::view::View;
use crate::sat::{
    self, Circle, Interval, Manifold, Polygon, SatResult, project_circle, project_polygon, shortcut,
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
/// How far apart the shapes may be, in world units, for a contact point
/// to show (a speculative contact, just before they touch).
pub const CONTACT_MARGIN: f32 = 8.0;
/// The fewest sides the fixed polygon can have (key 3).
pub const MIN_SIDES: usize = 3;
/// The most sides the fixed polygon can have (key 8).
pub const MAX_SIDES: usize = 8;
/// How far from the world's origin the box may be placed: far beyond the
/// window, and well inside the SAT core's coordinate range.
pub const MAX_POSITION: f32 = 1.0e5;
/// How much of the push Space leaves undone: the push less this leaves the
/// shapes overlapping by a thousandth of a pixel, so that rounding never
/// opens a hair-wide gap and the readout says "push the box 0 px".
pub(super) const PUSH_SLACK: f32 = 1.0e-3;

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
    /// Whether the contact points and normal are shown (K).
    pub(super) show_contacts: bool,
    /// The contact manifold, as the state is now: found by
    /// [`Scene::settle`] only while the contacts are shown, so the default
    /// frame never pays for it.
    pub(super) contacts: Option<Manifold>,
    pub(super) view: View,
    /// The key hints the app gave (see [`Scene::set_hints`]).
    pub(super) hints: Hints,
    /// The box placed in the world, as the state is now.
    pub(super) placed: Polygon,
    /// The test's result, as the state is now: found once per change of
    /// the shapes (by [`Scene::settle`]), so a frame's drawing reads it
    /// rather than running the test again for each thing it draws.
    pub(super) result: SatResult,
    /// The chapter's tools: the path, the steps, the figure, B's corners.
    pub(super) chapter: super::chapter::Chapter,
    /// How many times the test has run (for the once-per-change check).
    #[cfg(test)]
    pub(super) tests_run: usize,
    /// Whether the tank game shows instead of SAT Visualizer (G).
    pub(super) tank_mode: bool,
    /// The tank game's state (see `scene/tank`).
    pub(super) tank: super::tank::Tank,
    /// The tank mode's line of key hints (see [`Scene::set_tank_hints`]).
    pub(super) tank_hints: String,
}

/// The words of the key hints the app shows at the bottom of the scene:
/// the controls line, and the help line that [`Action::ToggleHelp`]
/// shows above it. The scene knows actions, not keys, so these come from
/// the app's keymap; `{polygon}` in them stands for the fixed polygon's
/// name ("pentagon"), which only the scene knows.
///
/// [`Action::ToggleHelp`]: super::Action::ToggleHelp
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hints {
    /// The line always shown at the bottom (empty: none).
    pub controls: String,
    /// The line shown above it while help is on (empty: none).
    pub help: String,
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
        let mut scene = Scene {
            placed: box_corners.clone(),
            result: SatResult {
                overlapping: false,
                axis: Vec2::X,
                depth: 0.0,
            },
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
            show_contacts: false,
            contacts: None,
            view: View::default(),
            hints: Hints::default(),
            chapter: Default::default(),
            #[cfg(test)]
            tests_run: 0,
            tank_mode: false,
            tank: super::tank::Tank::default(),
            tank_hints: String::new(),
        };
        scene.settle();
        scene
    }

    /// Places the box and runs the test for the state as it is now: called
    /// by every change that moves, turns or swaps a shape, and by nothing
    /// else, so the test runs once per change however often it is read.
    pub(super) fn settle(&mut self) {
        self.placed = self.box_corners.placed(self.box_pos, self.box_angle);
        self.result = if self.use_circle {
            sat::sat_polygon_circle(&self.placed, &self.circle)
        } else {
            sat::sat_polygons(&self.placed, &self.fixed_polygon)
        };
        #[cfg(test)]
        {
            self.tests_run += 1;
        }
        self.settle_contacts();
    }

    /// Finds the contact manifold for the state as it is now, or drops it
    /// when the contacts are hidden.
    pub(super) fn settle_contacts(&mut self) {
        self.contacts = self.show_contacts.then(|| {
            if self.use_circle {
                sat::manifold_polygon_circle(&self.placed, &self.circle, CONTACT_MARGIN)
            } else {
                sat::manifold_polygons(&self.placed, &self.fixed_polygon, CONTACT_MARGIN)
            }
        });
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
    pub fn placed_box(&self) -> &Polygon {
        &self.placed
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
        if self.tank_mode {
            return self.tank.drive().is_moving();
        }
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

    /// Whether the contact points, their separations and the normal are
    /// shown (K).
    pub fn shows_contacts(&self) -> bool {
        self.show_contacts
    }

    /// The contact manifold of the box (A) against the fixed shape (B),
    /// with a margin of [`CONTACT_MARGIN`]: `None` while the contacts are
    /// hidden (it is only found while they show).
    pub fn contacts(&self) -> Option<Manifold> {
        self.contacts
    }

    // ---- the test -------------------------------------------------------

    /// The separating axis test of the box (A) against the fixed shape (B),
    /// as things are now (found when they last changed, not on each call).
    pub fn result(&self) -> SatResult {
        self.result
    }

    /// The overlap-length shortcut's answer for the same shapes (wrong when
    /// one shadow lies inside the other; shown by X).
    pub fn shortcut_result(&self) -> SatResult {
        let a = self.placed_box();
        if self.use_circle {
            shortcut::shortcut_polygon_circle(a, &self.circle)
        } else {
            shortcut::shortcut_polygons(a, &self.fixed_polygon)
        }
    }

    /// Every axis the test tries, in its order (the box's edge normals, then
    /// the polygon's or the one toward the circle's center), zero axes
    /// left out, each with whether the test reached it before a gap ended
    /// it.
    pub fn axes(&self) -> Vec<(Vec2, bool)> {
        let a = self.placed_box();
        let axes: Vec<Vec2> = if self.use_circle {
            sat::polygon_circle_axes(a, &self.circle).collect()
        } else {
            sat::polygon_axes(a, &self.fixed_polygon).collect()
        };
        let mut reached = true;
        axes.into_iter()
            .filter(|&axis| sat::is_axis(axis))
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
        let a = project_polygon(self.placed_box(), axis);
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

/// Checks a pose from outside (the box's or the tank's): refused for a
/// position that is not finite or beyond [`MAX_POSITION`], or an angle
/// that is not finite.
pub(crate) fn check_pose(position: Vec2, angle: f32) -> Result<(), SceneError> {
    if !position.is_finite() || position.abs().max_element() > MAX_POSITION {
        return Err(SceneError::Position(position.x, position.y));
    }
    if !angle.is_finite() {
        return Err(SceneError::Angle(angle));
    }
    Ok(())
}

pub(super) fn regular_at_center(sides: usize) -> Polygon {
    Polygon::regular(sides, FIXED_RADIUS)
        .expect("3 to 8 sides at radius 80 is a valid polygon")
        .placed(FIXED_CENTER, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::DrawList;
    use crate::scene::Action;

    #[test]
    fn the_test_runs_once_per_change_not_per_read() {
        let mut scene = Scene::new();
        for action in Action::OVERLAYS {
            scene.start(action);
        }
        let mut list = DrawList::default();
        for at in [Vec2::new(320.0, 300.0), Vec2::new(560.0, 360.0)] {
            scene.set_box(at, 0.3).unwrap();
            let before = scene.tests_run;
            // A frame with every overlay reads the result many times.
            scene.build(&mut list);
            scene.build(&mut list);
            let _ = (scene.readout(), scene.shadow_view(), scene.pushed_box());
            assert_eq!(scene.tests_run, before, "drawing ran the test again");
        }
        // Each change runs it once; a change that changes nothing, none.
        let before = scene.tests_run;
        scene.start(Action::ToggleCircle);
        scene.update(0.0);
        scene.update(1.0 / 60.0); // no turn key held: nothing turns
        assert_eq!(scene.tests_run, before + 1);
        scene.start(Action::TurnLeft);
        scene.update(1.0 / 60.0);
        assert_eq!(scene.tests_run, before + 2);
        // The cached answer is the test's, as things are now.
        let fresh = sat::sat_polygon_circle(&scene.placed, &scene.circle);
        assert_eq!(scene.result(), fresh);
    }
}
