//! The chapter's overlays drawn into the draw list: the path, the axis
//! being stepped through, the line between the centers, B's outline as
//! given, and their lines of text.

use glam::Vec2;

use super::draw::Pen;
use super::palette::{AMBER, SILVER, TEXT};
use super::path::EdgeSource;
use super::state::{Scene, ShadowView};
use super::steps::{WayOut, px};
use super::view::WORLD_HEIGHT;
use crate::draw::{Color, Paint};

/// The step table's and the labels' font size, in world units.
const SMALL_TEXT: f32 = 13.0;
/// The longest a way-out arrow is drawn, in world units; its label gives
/// its true length (a box far out has ways out 10⁵ long).
const MAX_ARROW: f32 = 400.0;
/// The gap between lines of text, in world units.
const LINE_STEP: f32 = 20.0;
/// The table's rows, closer together in their smaller font.
const ROW_STEP: f32 = 17.0;

impl Scene {
    /// Under the shapes: the path with its edges' sources and the edge that
    /// decides, and B's outline as given when it has a dent.
    pub(super) fn draw_chapter_under(&self, pen: &mut Pen<'_>) {
        if self.has_dent() {
            let corners = self.corners();
            let n = corners.len();
            // Thin and faint, solid: a dashed outline costs the
            // tessellator a stroke per dash.
            for i in 0..n {
                pen.line(corners[i], corners[(i + 1) % n], 1.5, TEXT.with_alpha(110));
            }
        }
        if self.has_edited_corners() && !self.uses_circle() {
            for (i, &p) in self.corners().iter().enumerate() {
                let held = self.held_corner() == Some(i);
                let (c, r) = (pen.at(p), pen.len(if held { 6.0 } else { 4.0 }));
                pen.list.circle(c, r, Paint::fill(TEXT.with_alpha(170)));
            }
        }
        if !self.shows_path() {
            return;
        }
        let Some(path) = self.path() else {
            return;
        };
        let center = self.box_position();
        let r = self.result();
        let decides = if r.overlapping {
            path.nearest_edge(center)
        } else {
            path.edge_along(r.axis)
        };
        // The whole path as one filled, stroked outline (one shape for the
        // tessellator, however many pieces its arcs have), the lit edges
        // over it.
        let view = pen.view;
        let paint = Paint::fill_and_stroke(SILVER.with_alpha(22), SILVER, pen.len(2.0));
        pen.list
            .polygon(path.edges.iter().map(|e| view.to_logical(e.from)), paint);
        // An arc's piece is short: its neighbours on the arc are lit with
        // it, so that the deciding place shows.
        let n = path.edges.len();
        let lit = |i: usize| match decides {
            Some(d) if path.edges[d].source == EdgeSource::Arc => (0..=3).any(|k| {
                let (a, b) = ((d + k) % n, (d + n - k) % n);
                (i == a && path.edges[a].source == EdgeSource::Arc)
                    || (i == b && path.edges[b].source == EdgeSource::Arc)
            }),
            Some(d) => i == d,
            None => false,
        };
        for (i, e) in path.edges.iter().enumerate() {
            if lit(i) {
                pen.line(e.from, e.to, 4.0, TEXT);
            }
            if e.source != EdgeSource::Arc {
                let mid = (e.from + e.to) * 0.5 + e.normal * 12.0 - Vec2::new(4.0, 8.0);
                pen.text_sized(e.source.label(), mid, SMALL_TEXT, SILVER);
            }
        }
        // A's center, the point that traces the path.
        let (c, rad) = (pen.at(center), pen.len(4.5));
        pen.list.circle(c, rad, Paint::fill(SILVER));
    }

    /// Over the shapes: the axis being stepped through, with both shadows,
    /// the gap or the two ways out, and the shortest push so far; and the
    /// line between the centers with its shadows.
    pub(super) fn draw_chapter_over(&self, pen: &mut Pen<'_>, color_a: Color, color_b: Color) {
        if let Some((u, a, b, b_center)) = self.center_line_shadows() {
            let (from, to) = (b_center - u * 150.0, self.box_position() + u * 150.0);
            pen.line(from, to, 1.5, TEXT.with_alpha(200));
            self.draw_shadows(pen, ShadowView { axis: u, a, b }, color_a, color_b);
        }
        if !self.shows_axis_step() {
            return;
        }
        let Some(k) = self.chapter.step else {
            return;
        };
        let (steps, _) = self.axis_steps();
        let Some(step) = steps.get(k - 1) else {
            return;
        };
        let sv = ShadowView {
            axis: step.axis,
            a: step.a,
            b: step.b,
        };
        let line = self.draw_shadows(pen, sv, color_a, color_b);
        let center = self.box_position();
        match step.way {
            WayOut::Gap(g) => {
                // The gap between the shadows, on their line.
                let (lo, hi) = if step.a.max < step.b.min {
                    (step.a.max, step.b.min)
                } else {
                    (step.b.max, step.a.min)
                };
                pen.line(line.at(lo, 0.0), line.at(hi, 0.0), 5.0, TEXT);
                pen.text_sized(
                    format!("gap {}: the test stops here", px(g)),
                    line.at((lo + hi) * 0.5, 34.0) - Vec2::new(80.0, 8.0),
                    SMALL_TEXT,
                    TEXT,
                );
            }
            WayOut::Overlap { forward, backward } => {
                for (dir, len, words) in [
                    (step.axis, forward, "forward"),
                    (-step.axis, backward, "backward"),
                ] {
                    let shown = len.clamp(0.0, MAX_ARROW);
                    let tip = center + dir * shown;
                    if shown > 1e-3 {
                        let (f, t, w, h) = (
                            pen.at(center),
                            pen.at(tip),
                            pen.len(2.0),
                            pen.len(10.0f32.min(shown)),
                        );
                        pen.list.arrow(f, t, w, h, SILVER);
                    }
                    pen.text_sized(
                        format!("{words} {}", px(len)),
                        tip + dir * 8.0 - Vec2::new(20.0, 8.0),
                        SMALL_TEXT,
                        SILVER,
                    );
                }
                let best = step.so_far;
                let shown = best.depth.clamp(0.0, MAX_ARROW);
                if shown > 1e-3 {
                    let (f, t, w, h) = (
                        pen.at(center),
                        pen.at(center + best.axis * shown),
                        pen.len(3.0),
                        pen.len(12.0f32.min(shown)),
                    );
                    pen.list.arrow(f, t, w, h, AMBER);
                }
            }
        }
    }

    /// The overlays' lines below the readout (from `y`), and the caption
    /// and the chapter's keys above the hints at the bottom.
    pub(super) fn draw_chapter_text(&self, pen: &mut Pen<'_>, mut y: f32) {
        if self.shows_path()
            && let Some(line) = self.path_line()
        {
            pen.text(line, Vec2::new(12.0, y), SILVER);
            y += LINE_STEP;
        }
        if self.has_dent() {
            pen.text("a dent: tested as its hull", Vec2::new(12.0, y), SILVER);
            y += LINE_STEP;
        }
        if let Some(line) = self.center_line_words() {
            pen.text(line, Vec2::new(12.0, y), SILVER);
            y += LINE_STEP;
        }
        for row in self.step_table() {
            pen.text_sized(row, Vec2::new(12.0, y), SMALL_TEXT, TEXT);
            y += ROW_STEP;
        }
        let mut bottom = WORLD_HEIGHT - 46.0;
        if self.shows_help() {
            bottom -= LINE_STEP;
            if !self.chapter_keys_line().is_empty() {
                pen.text(
                    self.chapter_keys_line().to_string(),
                    Vec2::new(12.0, bottom),
                    SILVER,
                );
                bottom -= LINE_STEP;
            }
        }
        if let Some(caption) = self.caption() {
            pen.text(caption, Vec2::new(12.0, bottom), TEXT);
        }
    }
}
