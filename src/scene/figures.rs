//! The chapter's figures as scenes: each sets the shapes, the overlays that
//! make its point, and a one-line caption. PageDown and PageUp go through
//! them in order; `--figure NAME` loads one by name.

use glam::Vec2;

use super::error::SceneError;
use super::state::{BOX_START, BOX_START_ANGLE, FIXED_CENTER, Scene, regular_at_center};
use crate::sat::{Polygon, project_polygon};

/// One of the chapter's figures, as a scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Figure {
    /// The worked example: the square and the triangle, the chapter's
    /// units ×100, so the push of 0.5 reads 50 px.
    WorkedExample,
    /// A's shadow 2–4 inside B's 0–10 on one axis (×40 px): forward 8,
    /// backward 4, while the overlap is only 2.
    ShadowInside,
    /// The box 36 px short of the pentagon, the gap on the axis of the
    /// box's right edge.
    Gap36,
    /// The box centered on the pentagon: a push of 121, where the shortcut
    /// says 90.
    Centered,
    /// A corner of the box 22 px into the circle, the push along the
    /// circle's own axis.
    CornerCircle,
    /// The FAQ's two long boxes side by side, one a little ahead: apart,
    /// while their shadows on the line between their centers overlap.
    LongBoxes,
    /// The FAQ's shape with a dent, tested as its hull: an overlap reported
    /// in the dent, where there is none.
    Dent,
    /// The two squares of exercise 3: a push of 50 px, and only two
    /// different axes among eight.
    Exercise3,
}

impl Figure {
    /// Every figure, in the order PageDown goes through them.
    pub const ALL: [Figure; 8] = [
        Figure::WorkedExample,
        Figure::ShadowInside,
        Figure::Gap36,
        Figure::Centered,
        Figure::CornerCircle,
        Figure::LongBoxes,
        Figure::Dent,
        Figure::Exercise3,
    ];

    /// Every figure's name, as `--figure` takes it.
    pub const NAMES: [&'static str; 8] = [
        "worked-example",
        "shadow-inside",
        "gap-36",
        "centered",
        "corner-circle",
        "long-boxes",
        "dent",
        "exercise-3",
    ];

    /// The figure's name, as `--figure` takes it.
    pub fn name(self) -> &'static str {
        let i = Figure::ALL.iter().position(|&f| f == self).unwrap_or(0);
        Figure::NAMES[i]
    }

    /// The figure of this name; an unknown name is refused with the list of
    /// names.
    pub fn from_name(name: &str) -> Result<Figure, SceneError> {
        Figure::NAMES
            .iter()
            .position(|&n| n == name)
            .map(|i| Figure::ALL[i])
            .ok_or_else(|| SceneError::Figure(name.to_string()))
    }

    /// The figure's one-line caption.
    pub fn caption(self) -> &'static str {
        match self {
            Figure::WorkedExample => {
                "worked example (units x100): seven axes, three directions; the shortest push is 0.5 up, 50 px"
            }
            Figure::ShadowInside => {
                "shadow inside (x40 px): A's shadow 2 to 4 lies in B's 0 to 10: forward 8, backward 4, yet the overlap is 2"
            }
            Figure::Gap36 => {
                "the box 36 px short of the pentagon: the gap is on the axis of the box's right edge"
            }
            Figure::Centered => {
                "the box centered on the pentagon: the push is 121 px, where the overlap-length shortcut says 90"
            }
            Figure::CornerCircle => {
                "a corner of the box 22 px into the circle: the push runs along the circle's own axis"
            }
            Figure::LongBoxes => {
                "two long boxes, one a little ahead: apart, yet their shadows on the line between the centers overlap"
            }
            Figure::Dent => {
                "a shape with a dent is tested as its hull: an overlap is reported in the dent, where there is none"
            }
            Figure::Exercise3 => {
                "exercise 3 (units x100): the push is 0.5, 50 px; eight axes, but only two different directions"
            }
        }
    }

    /// The figure PageDown goes to from `now` (the first from none).
    pub fn after(now: Option<Figure>) -> Figure {
        let i = now.map_or(0, |f| (index(f) + 1) % Figure::ALL.len());
        Figure::ALL[i]
    }

    /// The figure PageUp goes to from `now` (the last from none).
    pub fn before(now: Option<Figure>) -> Figure {
        let n = Figure::ALL.len();
        let i = now.map_or(n - 1, |f| (index(f) + n - 1) % n);
        Figure::ALL[i]
    }
}

fn index(f: Figure) -> usize {
    Figure::ALL.iter().position(|&g| g == f).unwrap_or(0)
}

/// The corners of a box from `(x0, y0)` to `(x1, y1)`, in world units.
fn box_from(x0: f32, y0: f32, x1: f32, y1: f32) -> Vec<Vec2> {
    vec![
        Vec2::new(x0, y0),
        Vec2::new(x1, y0),
        Vec2::new(x1, y1),
        Vec2::new(x0, y1),
    ]
}

/// Corners in the chapter's units, scaled and moved into the world.
fn scaled(points: &[(f32, f32)], scale: f32, origin: Vec2) -> Vec<Vec2> {
    points
        .iter()
        .map(|&(x, y)| origin + Vec2::new(x, y) * scale)
        .collect()
}

impl Scene {
    /// Loads `figure`: the starting scene (keeping the view and the key
    /// hints), then the figure's shapes, overlays and caption. The box
    /// stays draggable, and B's corners editable.
    pub fn load_figure(&mut self, figure: Figure) {
        self.reset();
        self.chapter.figure = Some(figure);
        match figure {
            Figure::WorkedExample => {
                let origin = Vec2::new(420.0, 190.0);
                let square = scaled(
                    &[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)],
                    100.0,
                    origin,
                );
                let triangle = scaled(&[(1.0, 1.5), (4.0, 1.5), (1.0, 4.5)], 100.0, origin);
                self.set_box_outline(&square);
                self.set_fixed_outline(triangle);
                self.show_all_axes = true;
                self.chapter.step = Some(usize::MAX);
            }
            Figure::ShadowInside => {
                // B's 0 to 10 is x 300 to 700; A's 2 to 4 is x 380 to 460.
                // A's first edge's normal is +x, so axis 1 shows the case.
                let a = vec![
                    Vec2::new(460.0, 470.0),
                    Vec2::new(460.0, 230.0),
                    Vec2::new(380.0, 230.0),
                    Vec2::new(380.0, 470.0),
                ];
                self.set_box_outline(&a);
                self.set_fixed_outline(box_from(300.0, 250.0, 700.0, 450.0));
                self.show_shortcut = true;
                self.chapter.step = Some(1);
            }
            Figure::Gap36 => {
                // Slide the box from its start along its right edge's
                // normal until that axis shows a gap of 36.
                let u = Vec2::from_angle(BOX_START_ANGLE);
                let pentagon = regular_at_center(5);
                let nearest = project_polygon(&pentagon, u).min;
                let t = nearest - BOX_START.dot(u) - 70.0 - 36.0;
                self.box_pos = BOX_START + u * t;
                self.show_shadows = true;
                self.settle();
            }
            Figure::Centered => {
                self.box_pos = FIXED_CENTER;
                self.show_shortcut = true;
                self.settle();
            }
            Figure::CornerCircle => {
                self.use_circle = true;
                // The chapter's step 5, then the box moved along the push
                // until its corner is 22 px in.
                self.box_pos = Vec2::new(508.0, 290.0);
                self.settle();
                let r = self.result();
                self.box_pos -= r.axis * (22.0 - r.depth);
                self.show_shadows = true;
                self.settle();
            }
            Figure::LongBoxes => {
                let a = box_from(250.0, 310.0, 550.0, 350.0);
                self.set_box_outline(&a);
                self.set_fixed_outline(box_from(350.0, 370.0, 650.0, 410.0));
                self.chapter.center_line = true;
            }
            Figure::Dent => {
                let dented = vec![
                    Vec2::new(500.0, 280.0),
                    Vec2::new(740.0, 280.0),
                    Vec2::new(740.0, 480.0),
                    Vec2::new(500.0, 480.0),
                    Vec2::new(620.0, 380.0),
                ];
                self.set_fixed_outline(dented);
                self.box_angle = 0.0;
                self.box_pos = Vec2::new(470.0, 380.0);
                self.settle();
            }
            Figure::Exercise3 => {
                let origin = Vec2::new(420.0, 190.0);
                let a = scaled(
                    &[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)],
                    100.0,
                    origin,
                );
                let b = scaled(
                    &[(1.0, 1.5), (3.0, 1.5), (3.0, 3.5), (1.0, 3.5)],
                    100.0,
                    origin,
                );
                self.set_box_outline(&a);
                self.set_fixed_outline(b);
                self.chapter.step = Some(usize::MAX);
            }
        }
    }

    /// Makes the box these world corners (a convex outline): its corners
    /// are kept about their mean, placed there, unturned.
    fn set_box_outline(&mut self, corners: &[Vec2]) {
        let center = corners.iter().copied().sum::<Vec2>() / corners.len() as f32;
        let local: Vec<Vec2> = corners.iter().map(|&p| p - center).collect();
        if let Ok(shape) = Polygon::new(local) {
            self.box_corners = shape;
            self.box_pos = center;
            self.box_angle = 0.0;
            self.settle();
        }
    }

    /// Makes B these world corners; the figures' outlines are all valid.
    fn set_fixed_outline(&mut self, corners: Vec<Vec2>) {
        let _ = self.set_corners(corners);
    }
}
