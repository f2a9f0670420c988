//! The contact manifold drawn over the scene (K): a dot on each surface
//! for every contact point (A's end and B's end), a thin line between
//! them, the separation beside it, the normal as a short arrow, and a
//! readout line.

use glam::Vec2;

use super::draw::Pen;
use super::palette::{BLUE, GREEN, SILVER, TEXT};
use super::state::Scene;
use crate::draw::{Color, Paint};

/// A contact dot's radius, in world units.
const DOT: f32 = 4.5;
/// The normal arrow's length, in world units.
const NORMAL_LENGTH: f32 = 40.0;
/// Where the contacts' readout line goes, in world units (below the
/// shortcut's line).
const READOUT_AT: Vec2 = Vec2::new(12.0, 70.0);

impl Scene {
    /// The contacts' readout: how many points, and their separations in
    /// world px ("contacts: 2 points, separations -12.3 and -11.9 px");
    /// `None` while the contacts are hidden.
    pub fn contacts_line(&self) -> Option<String> {
        let m = self.contacts()?;
        let seps: Vec<String> = m
            .points()
            .iter()
            .map(|p| format!("{:.1}", p.separation))
            .collect();
        Some(match seps.as_slice() {
            [] => format!("contacts: none within {} px", super::state::CONTACT_MARGIN),
            [one] => format!("contacts: 1 point, separation {one} px"),
            many => format!(
                "contacts: {} points, separations {} px",
                many.len(),
                many.join(" and ")
            ),
        })
    }

    /// Draws the contacts when they are shown: nothing otherwise.
    pub(super) fn draw_contacts(&self, pen: &mut Pen<'_>) {
        let (Some(m), Some(line)) = (self.contacts(), self.contacts_line()) else {
            return;
        };
        let n = m.normal;
        let points = m.points();
        for p in points {
            let a_end = p.point + n * (p.separation / 2.0);
            let b_end = p.point - n * (p.separation / 2.0);
            pen.line(a_end, b_end, 1.5, TEXT);
            dot(pen, a_end, BLUE);
            dot(pen, b_end, GREEN);
            // The label beside the point, off to the side of the normal.
            let side = p.point + n.perp() * 10.0 + Vec2::new(4.0, -8.0);
            pen.text(format!("{:.1} px", p.separation), side, TEXT);
        }
        if !points.is_empty() {
            let mid = points.iter().map(|p| p.point).sum::<Vec2>() / points.len() as f32;
            let (f, t, w, h) = (
                pen.at(mid),
                pen.at(mid + n * NORMAL_LENGTH),
                pen.len(2.0),
                pen.len(10.0),
            );
            pen.list.arrow(f, t, w, h, TEXT);
        }
        pen.text(line, READOUT_AT, SILVER);
    }
}

/// A dot at `at`, filled with `color`, outlined in the text's color.
fn dot(pen: &mut Pen<'_>, at: Vec2, color: Color) {
    let (c, r, w) = (pen.at(at), pen.len(DOT), pen.len(1.0));
    pen.list
        .circle(c, r, Paint::fill_and_stroke(color, TEXT, w));
}
