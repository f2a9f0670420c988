//! The tank mode drawn into a draw list: the course, the tank (amber while
//! a push acts on it), each push of the last step as a short arrow, the
//! contact points when K shows them, and the text lines.

use glam::Vec2;

use super::WHY_PASSES;
use super::WHY_SLIDE;
use super::course::ObstacleKind;
use crate::draw::{Color, DrawList, MAX_TEXT_SIZE, Paint};
use crate::sat::Polygon;
use crate::scene::palette::{AMBER, BACKGROUND, BLUE, GREEN, GREY, SILVER, TEXT};
use crate::scene::state::Scene;
use crate::scene::view::{View, WORLD_HEIGHT};

/// The text's size, as SAT Visualizer's.
const TEXT_SIZE: f32 = 15.0;
/// How long a push's arrow is drawn, in world units: a step's push is a
/// pixel or two, too short to see, so the arrow shows its way, not its
/// length.
const PUSH_ARROW: f32 = 45.0;
/// How opaque the shapes' faint fill is.
const FILL_ALPHA: u8 = 40;

/// World → logical, for the tank's frame.
struct Pen<'a> {
    view: View,
    list: &'a mut DrawList,
}

impl Pen<'_> {
    fn polygon(&mut self, poly: &Polygon, color: Color, width: f32) {
        let view = self.view;
        let paint =
            Paint::fill_and_stroke(color.with_alpha(FILL_ALPHA), color, width * self.view.scale);
        self.list
            .polygon(poly.points().iter().map(|&p| view.to_logical(p)), paint);
    }
    fn line(&mut self, from: Vec2, to: Vec2, width: f32, color: Color) {
        let v = self.view;
        self.list
            .line(v.to_logical(from), v.to_logical(to), width * v.scale, color);
    }
    fn arrow(&mut self, from: Vec2, to: Vec2, color: Color) {
        let v = self.view;
        self.list.arrow(
            v.to_logical(from),
            v.to_logical(to),
            3.0 * v.scale,
            10.0 * v.scale,
            color,
        );
    }
    /// A contact point's dot, filled with `color` and outlined in the
    /// text's color.
    fn dot(&mut self, at: Vec2, color: Color) {
        let v = self.view;
        let paint = Paint::fill_and_stroke(color, TEXT, v.scale);
        self.list.circle(v.to_logical(at), 4.5 * v.scale, paint);
    }
    fn text(&mut self, text: impl Into<String>, y: f32, color: Color) {
        let v = self.view;
        let size = (TEXT_SIZE * v.scale).min(MAX_TEXT_SIZE);
        self.list
            .text(text, v.to_logical(Vec2::new(12.0, y)), size, color);
    }
}

impl Scene {
    /// The tank mode's frame: the grid, the walls (silver) and pentagons
    /// (green), each outlined amber when it pushed in the last step, the
    /// tank (blue, or amber while a push acts on it) with its gun showing
    /// the way Up drives it, each push as a short arrow from where the tank
    /// was (amber for the first pass, white and shorter for the second), and the text:
    /// the tank's line, the pushes, the chapter's two answers and the keys.
    pub(in crate::scene) fn build_tank(&self, list: &mut DrawList) {
        list.clear(BACKGROUND);
        let view = self.view();
        crate::scene::draw::grid(view, list);
        let mut pen = Pen { view, list };
        let tank = self.tank();
        let pushed_by = |i: usize| tank.pushes().iter().any(|p| p.obstacle == i);
        for (i, o) in tank.course().obstacles().iter().enumerate() {
            let color = match (pushed_by(i), o.kind) {
                (true, _) => AMBER,
                (false, ObstacleKind::Pentagon) => GREEN,
                (false, _) => SILVER,
            };
            pen.polygon(&o.shape, color, 2.0);
        }
        let color = if tank.is_pushed() { AMBER } else { BLUE };
        pen.polygon(tank.placed(), color, 2.5);
        let center = tank.position();
        pen.line(center, center + tank.heading() * 38.0, 6.0, color);
        for p in tank.pushes() {
            let way = p.push.normalize_or_zero();
            // The second pass's arrows are shorter, so that the first's
            // show past them when both point the same way.
            let (color, length) = match p.pass {
                1 => (AMBER, PUSH_ARROW),
                _ => (TEXT, PUSH_ARROW * 0.6),
            };
            pen.arrow(p.at, p.at + way * length, color);
        }

        // The contact points (K): a dot on each surface, joined.
        for m in self.tank_contacts() {
            for c in m.points() {
                let on_tank = c.point + m.normal * (c.separation / 2.0);
                let on_obstacle = c.point - m.normal * (c.separation / 2.0);
                pen.line(on_tank, on_obstacle, 1.5, TEXT);
                pen.dot(on_tank, BLUE);
                pen.dot(on_obstacle, GREEN);
            }
        }

        let line = self.tank_line().unwrap_or_default();
        pen.text(line, 10.0, if tank.is_pushed() { AMBER } else { TEXT });
        pen.text(self.pushes_line(), 30.0, SILVER);
        pen.text(WHY_SLIDE, WORLD_HEIGHT - 66.0, SILVER);
        pen.text(WHY_PASSES, WORLD_HEIGHT - 46.0, SILVER);
        pen.text(self.tank_hints.clone(), WORLD_HEIGHT - 26.0, GREY);
    }

    /// The second line in the tank mode: how many pushes the last step
    /// applied, and in which pass.
    pub fn pushes_line(&self) -> String {
        let pushes = self.tank().pushes();
        let second = pushes.iter().filter(|p| p.pass == 2).count();
        match (pushes.len(), self.tank().passes()) {
            (0, _) => "no push this step: the tank touches nothing".to_string(),
            (n, 1) => format!("pushes this step: {n}, in 1 pass (arrows: each push's way out)"),
            (n, _) => format!(
                "pushes this step: {n}, {second} of them in pass 2 (arrows: amber pass 1, white pass 2)"
            ),
        }
    }
}
