//! The scene drawn into a draw list, in the window's logical pixels.
//!
//! Everything is laid out in the chapter's world units and passed through
//! the view, widths and text sizes included, so the picture is the 1000×700
//! demo scaled as a whole to fit the window.
//!
//! At any size the list passes [`DrawList::validate`]: the view keeps
//! coordinates and font sizes in range (see [`View::fit`]), dashes that
//! would come out shorter than [`MIN_SHOWN_DASH`] are lengthened (gaps with
//! them), and the grid thins out rather than draw thousands of lines in a
//! sliver of a window.

use glam::Vec2;

use super::palette::{AMBER, BACKGROUND, BLUE, GREEN, GREY, GRID, SILVER, TEXT};
use super::state::{FIXED_CENTER, Fixed, Scene, ShadowView};
use super::view::{View, WORLD_HEIGHT, WORLD_WIDTH};
use crate::draw::{Color, DrawList, MAX_TEXT_SIZE, MIN_DASH, Paint};
use crate::sat::Polygon;

/// The grid's spacing, in world units.
const GRID_STEP: f32 = 50.0;
/// The shapes' outline width.
const OUTLINE: f32 = 2.5;
/// How opaque the shapes' faint fill is.
const FILL_ALPHA: u8 = 40;
/// The readout's font size.
const TEXT_SIZE: f32 = 15.0;
/// The shortest dash drawn, in logical pixels. A dash scales with the view,
/// and in a small window it would shrink below what shows (and below
/// [`MIN_DASH`], which the renderer refuses), so a shorter one is drawn
/// this long, its gap lengthened in proportion: the pattern keeps its
/// rhythm and the dash count stays bounded. Only windows under about
/// 250×175 logical px are affected (the scene's shortest dash is 4 world
/// units).
const MIN_SHOWN_DASH: f32 = 1.0;
const _: () = assert!(MIN_SHOWN_DASH >= MIN_DASH);
/// The most grid lines drawn each way. A window far longer one way than
/// the world shows a huge stretch of it (a 3×700 window shows 230 000
/// world units top to bottom); past this many lines the grid's step
/// doubles until it fits, so the lines stay on multiples of [`GRID_STEP`].
const MAX_GRID_LINES: f32 = 256.0;

/// World → logical, for points, widths and sizes alike.
pub(super) struct Pen<'a> {
    pub(super) view: View,
    pub(super) list: &'a mut DrawList,
}

impl Pen<'_> {
    pub(super) fn at(&self, w: Vec2) -> Vec2 {
        self.view.to_logical(w)
    }
    pub(super) fn len(&self, w: f32) -> f32 {
        w * self.view.scale
    }
    pub(super) fn line(&mut self, from: Vec2, to: Vec2, width: f32, color: Color) {
        let (f, t, w) = (self.at(from), self.at(to), self.len(width));
        self.list.line(f, t, w, color);
    }
    /// A dashed line whose dash is at least [`MIN_SHOWN_DASH`] long.
    pub(super) fn dashed(
        &mut self,
        from: Vec2,
        to: Vec2,
        width: f32,
        dash: f32,
        gap: f32,
        color: Color,
    ) {
        let (f, t) = (self.at(from), self.at(to));
        let (w, mut d, mut g) = (self.len(width), self.len(dash), self.len(gap));
        if d < MIN_SHOWN_DASH {
            g *= MIN_SHOWN_DASH / d;
            d = MIN_SHOWN_DASH;
        }
        self.list.dashed(f, t, w, d, g, color);
    }
    pub(super) fn polygon(&mut self, poly: &Polygon, paint: Paint) {
        let paint = Paint {
            fill: paint.fill,
            stroke: paint.stroke.map(|(c, w)| (c, self.len(w))),
        };
        let view = self.view;
        self.list
            .polygon(poly.points().iter().map(|&p| view.to_logical(p)), paint);
    }
    /// A line of text, its size scaled with the view (the view's scale
    /// keeps it above 0; the cap is a second guard).
    pub(super) fn text(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.text_sized(text, at, TEXT_SIZE, color);
    }
    /// A line of text `size` world units high, scaled like
    /// [`Pen::text`].
    pub(super) fn text_sized(
        &mut self,
        text: impl Into<String>,
        at: Vec2,
        size: f32,
        color: Color,
    ) {
        let (p, s) = (self.at(at), self.len(size).min(MAX_TEXT_SIZE));
        self.list.text(text, p, s, color);
    }
}

pub(super) fn shape_paint(color: Color) -> Paint {
    Paint::fill_and_stroke(color.with_alpha(FILL_ALPHA), color, OUTLINE)
}

impl Scene {
    /// Fills `list` with this frame, in the view's logical pixels: the
    /// grid, the shapes in the test's colors, the push or the dividing
    /// line, whatever S, X and A show, and the text lines. The list is
    /// cleared first, keeping its capacity.
    pub fn build(&self, list: &mut DrawList) {
        if self.is_tank() {
            return self.build_tank(list);
        }
        list.clear(BACKGROUND);
        let mut pen = Pen {
            view: self.view(),
            list,
        };
        let result = self.result();
        let a = self.placed_box();
        let fixed = self.fixed();

        draw_grid(&mut pen);
        if self.shows_all_axes() {
            self.draw_axes(&mut pen, result.axis);
        }
        self.draw_chapter_under(&mut pen);

        let (color_a, color_b) = if result.overlapping {
            (AMBER, AMBER)
        } else {
            (BLUE, GREEN)
        };
        match &fixed {
            Fixed::Polygon(p) => pen.polygon(p, shape_paint(color_b)),
            Fixed::Circle(c) => {
                let paint = shape_paint(color_b);
                let paint = Paint {
                    stroke: paint.stroke.map(|(c, w)| (c, pen.len(w))),
                    ..paint
                };
                let (center, radius) = (pen.at(c.center), pen.len(c.radius));
                pen.list.circle(center, radius, paint);
            }
        }
        pen.polygon(a, shape_paint(color_a));

        if self.shows_shortcut()
            && let Some(cut) = self.shortcut_box()
        {
            pen.polygon(&cut, Paint::stroke(SILVER, 1.5));
        }

        if self.shows_axis_step() {
            // One axis at a time: the result waits until the last step.
        } else if let Some(pushed) = self.pushed_box() {
            // The push, from the box's center, and the box where it would
            // leave it, just touching.
            let tip = self.box_position() + result.push();
            if result.depth > 1e-3 {
                let head = 14.0f32.min(result.depth);
                let (f, t, w, h) = (
                    pen.at(self.box_position()),
                    pen.at(tip),
                    pen.len(3.0),
                    pen.len(head),
                );
                pen.list.arrow(f, t, w, h, AMBER);
            }
            pen.polygon(&pushed, Paint::stroke(GREY, 2.0));
        } else if let Some((on_line, along)) = self.divider() {
            // The chapter's line runs 700 each way, enough to cross its
            // window. Here the line is cut to what the window shows instead
            // (a wide window needs more, and dashes off screen are wasted
            // tessellation), with a little to spare past the edges.
            let (lo, hi) = pen.view.visible_world();
            let margin = Vec2::splat(10.0);
            if let Some((t0, t1)) = clip_line(on_line, along, lo - margin, hi + margin) {
                let (from, to) = (on_line + along * t0, on_line + along * t1);
                pen.dashed(from, to, 2.0, 10.0, 8.0, GREY);
            }
        }

        if self.shows_shadows() {
            self.draw_shadows(&mut pen, self.shadow_view(), color_a, color_b);
        }
        self.draw_contacts(&mut pen);
        self.draw_chapter_over(&mut pen, color_a, color_b);

        let readout_color = if result.overlapping { AMBER } else { TEXT };
        pen.text(self.readout(), Vec2::new(12.0, 10.0), readout_color);
        pen.text(self.axes_line(), Vec2::new(12.0, 30.0), SILVER);
        let mut y = 50.0;
        if self.shows_shortcut() {
            pen.text(self.shortcut_line(), Vec2::new(12.0, 50.0), SILVER);
            y += 20.0;
        }
        self.draw_chapter_text(&mut pen, y);
        if self.shows_help() {
            pen.text(
                self.help_line(),
                Vec2::new(12.0, WORLD_HEIGHT - 46.0),
                SILVER,
            );
        }
        pen.text(
            self.controls_line(),
            Vec2::new(12.0, WORLD_HEIGHT - 26.0),
            GREY,
        );
    }

    /// Every axis the test tries, as a faint line through the point halfway
    /// between the centers; the deciding one bright. Axes the test never
    /// reached (a gap before them ended it) are dashed.
    fn draw_axes(&self, pen: &mut Pen<'_>, deciding: Vec2) {
        let hub = self.box_position().lerp(FIXED_CENTER, 0.5);
        let reach = 260.0;
        let mut bright = None;
        for (axis, tried) in self.axes() {
            let (from, to) = (hub - axis * reach, hub + axis * reach);
            if axis.dot(deciding).abs() > 0.9999 && bright.is_none() {
                bright = Some((from, to));
            } else if tried {
                pen.line(from, to, 1.5, SILVER.with_alpha(70));
            } else {
                pen.dashed(from, to, 1.5, 6.0, 6.0, SILVER.with_alpha(50));
            }
        }
        if let Some((from, to)) = bright {
            pen.line(from, to, 2.0, TEXT);
        }
    }

    /// Exercise 4: the deciding axis beside the shapes, as a faint line
    /// parallel to it, with each shape's shadow on it as a thick segment in
    /// the shape's color, and faint lines from the shape's extreme points
    /// down to its shadow's ends.
    pub(super) fn draw_shadows(
        &self,
        pen: &mut Pen<'_>,
        sv: ShadowView,
        color_a: Color,
        color_b: Color,
    ) -> ShadowLine {
        let (u, p) = (sv.axis, sv.axis.perp());
        // Beside the shapes: past their reach across the axis, on the side
        // nearer the world's middle, so the line stays in view.
        let (across_a, across_b) = self.shadows_on(p);
        let (near, far) = (
            across_a.min.min(across_b.min) - 45.0,
            across_a.max.max(across_b.max) + 45.0,
        );
        let t_mid = (sv.a.min.min(sv.b.min) + sv.a.max.max(sv.b.max)) * 0.5;
        let middle = Vec2::new(WORLD_WIDTH, WORLD_HEIGHT) * 0.5;
        let place = |off: f32| u * t_mid + p * off;
        let (off, side) = if place(far).distance(middle) <= place(near).distance(middle) {
            (far, 1.0)
        } else {
            (near, -1.0)
        };
        let on_axis = |t: f32, shift: f32| u * t + p * (off + side * shift);
        let (t0, t1) = (sv.a.min.min(sv.b.min) - 40.0, sv.a.max.max(sv.b.max) + 40.0);
        pen.line(
            on_axis(t0, 0.0),
            on_axis(t1, 0.0),
            1.5,
            SILVER.with_alpha(110),
        );

        // The box's shadow on the near side of the line, the fixed shape's
        // on the far side, so that overlapping shadows stay apart.
        let ends = self.extreme_points(u);
        for (shadow, shift, color, (lo, hi)) in
            [(sv.a, -5.0, color_a, ends.0), (sv.b, 5.0, color_b, ends.1)]
        {
            pen.line(
                on_axis(shadow.min, shift),
                on_axis(shadow.max, shift),
                6.0,
                color,
            );
            for (point, t) in [(lo, shadow.min), (hi, shadow.max)] {
                pen.dashed(
                    point,
                    on_axis(t, shift),
                    1.0,
                    4.0,
                    4.0,
                    color.with_alpha(120),
                );
            }
        }
        ShadowLine { u, p, off, side }
    }

    /// The points of each shape whose places on `axis` are its shadow's
    /// ends: the box's, then the fixed shape's, each as (least, most).
    fn extreme_points(&self, axis: Vec2) -> ((Vec2, Vec2), (Vec2, Vec2)) {
        let a = polygon_extremes(self.placed_box(), axis);
        let b = match self.fixed() {
            Fixed::Polygon(poly) => polygon_extremes(&poly, axis),
            Fixed::Circle(c) => (c.center - axis * c.radius, c.center + axis * c.radius),
        };
        (a, b)
    }
}

/// Where [`Scene::draw_shadows`] put its line: `at(t, shift)` is the place
/// `t` along the axis, `shift` across from the line (away from the shapes
/// when positive).
pub(super) struct ShadowLine {
    u: Vec2,
    p: Vec2,
    off: f32,
    side: f32,
}

impl ShadowLine {
    pub(super) fn at(&self, t: f32, shift: f32) -> Vec2 {
        self.u * t + self.p * (self.off + self.side * shift)
    }
}

fn polygon_extremes(poly: &Polygon, axis: Vec2) -> (Vec2, Vec2) {
    let pts = poly.points();
    let key = |p: &&Vec2| p.dot(axis);
    let lo = pts.iter().min_by(|x, y| key(x).total_cmp(&key(y))).copied();
    let hi = pts.iter().max_by(|x, y| key(x).total_cmp(&key(y))).copied();
    (lo.unwrap_or_default(), hi.unwrap_or_default())
}

/// The grid over everything the window shows, lines every 50 world units
/// from the world's origin, so it lines up with the chapter's (every 100,
/// 200, ... when that would be more than [`MAX_GRID_LINES`] lines).
fn draw_grid(pen: &mut Pen<'_>) {
    let (lo, hi) = pen.view.visible_world();
    let mut step = GRID_STEP;
    while (hi - lo).max_element() / step > MAX_GRID_LINES {
        step *= 2.0;
    }
    // Each line at a whole multiple of the step, counted rather than
    // summed, so no rounding piles up.
    let multiples = |lo: f32, hi: f32| {
        let first = (lo / step).ceil();
        let count = ((hi / step).floor() - first + 1.0).max(0.0) as u32;
        (0..count).map(move |i| (first + i as f32) * step)
    };
    for x in multiples(lo.x, hi.x) {
        pen.line(Vec2::new(x, lo.y), Vec2::new(x, hi.y), 1.0, GRID);
    }
    for y in multiples(lo.y, hi.y) {
        pen.line(Vec2::new(lo.x, y), Vec2::new(hi.x, y), 1.0, GRID);
    }
}

/// The grid as [`Scene::build`] draws it, for the tank mode's frame.
pub(super) fn grid(view: View, list: &mut DrawList) {
    draw_grid(&mut Pen { view, list });
}

/// Where the line `point + dir * t` is inside the rectangle `lo`..`hi`: the
/// range of `t`, or `None` when it misses. Each axis of the rectangle is a
/// slab the line enters and leaves; inside all slabs is inside the box.
fn clip_line(point: Vec2, dir: Vec2, lo: Vec2, hi: Vec2) -> Option<(f32, f32)> {
    let (mut t0, mut t1) = (f32::NEG_INFINITY, f32::INFINITY);
    for (p, d, l, h) in [(point.x, dir.x, lo.x, hi.x), (point.y, dir.y, lo.y, hi.y)] {
        if d.abs() < 1e-9 {
            // Parallel to this slab: inside it everywhere, or nowhere.
            if p < l || p > h {
                return None;
            }
            continue;
        }
        let (a, b) = ((l - p) / d, (h - p) / d);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    (t0 < t1).then_some((t0, t1))
}
