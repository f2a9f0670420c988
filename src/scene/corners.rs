//! B's corners under the mouse, and from the command line.
//!
//! B's outline is kept as the user gave it. A convex outline is B itself;
//! one with a dent, or one that crosses itself, is tested as its hull (the
//! FAQ: a shape's shadow on any axis is its filled-in shape's), and the
//! window draws both and says so. It is never an error here.

use glam::Vec2;

use super::error::SceneError;
use super::state::{MAX_POSITION, Scene};
use crate::sat::{Polygon, ShapeError};

/// How near a press must land to one of B's corners (or, for a
/// double-click, to an edge) to take it, in logical pixels.
pub const CORNER_REACH: f32 = 10.0;

/// The fewest corners B keeps: a right-click never removes past this.
pub const MIN_CORNERS: usize = 3;

impl Scene {
    /// Makes B the polygon of these corners, in world units, in order
    /// around its outline. A dent or a crossing is accepted: the test uses
    /// the hull. Refused: a NaN or infinite corner, one beyond ±1e5, fewer
    /// than 3 distinct corners, or all on one line.
    pub fn set_corners(&mut self, corners: Vec<Vec2>) -> Result<(), SceneError> {
        if let Some(p) = corners
            .iter()
            .find(|p| !p.is_finite() || p.abs().max_element() > MAX_POSITION)
        {
            return Err(SceneError::Corner(p.x, p.y));
        }
        let (polygon, dent) = match Polygon::new(corners.clone()) {
            Ok(p) => (p, false),
            Err(ShapeError::NotConvex { .. }) => {
                (Polygon::hull(&corners).map_err(SceneError::Outline)?, true)
            }
            Err(e) => return Err(SceneError::Outline(e)),
        };
        self.fixed_polygon = polygon;
        self.chapter.outline = Some(corners);
        self.chapter.dent = dent;
        self.use_circle = false;
        self.settle();
        Ok(())
    }

    /// B's corners as given (edited or from `--corners`), or the regular
    /// polygon's.
    pub fn corners(&self) -> Vec<Vec2> {
        match &self.chapter.outline {
            Some(outline) => outline.clone(),
            None => self.fixed_polygon.points().to_vec(),
        }
    }

    /// Whether B's corners were edited or given, rather than the regular
    /// polygon's.
    pub fn has_edited_corners(&self) -> bool {
        self.chapter.outline.is_some()
    }

    /// Whether B's outline has a dent (or crosses itself), so that the
    /// test uses its hull.
    pub fn has_dent(&self) -> bool {
        self.chapter.outline.is_some() && self.chapter.dent && !self.use_circle
    }

    /// The corner of B the mouse holds, by its place in [`Scene::corners`].
    pub fn held_corner(&self) -> Option<usize> {
        self.chapter.held_corner
    }

    /// How near, in world units, [`CORNER_REACH`] logical pixels are.
    fn reach(&self) -> f32 {
        CORNER_REACH / self.view.scale
    }

    /// The corner of B within reach of `world`, the nearest.
    fn corner_at(&self, world: Vec2) -> Option<usize> {
        if self.use_circle {
            return None;
        }
        let reach = self.reach();
        self.corners()
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.distance(world)))
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// A left press at `world` that did not grab the box: grabs a corner
    /// of B within reach.
    pub(super) fn grab_corner(&mut self, world: Vec2) {
        self.chapter.held_corner = self.corner_at(world);
    }

    /// Moves the held corner as far as the pointer moved (`by`, in world
    /// units), so it stays under the pointer; an outline that would have
    /// all its corners on one line keeps the corner where it was. Returns
    /// whether B changed.
    pub(super) fn drag_corner(&mut self, by: Vec2) -> bool {
        let Some(i) = self.chapter.held_corner else {
            return false;
        };
        let mut corners = self.corners();
        if i >= corners.len() {
            return false;
        }
        corners[i] = (corners[i] + by).clamp(Vec2::splat(-MAX_POSITION), Vec2::splat(MAX_POSITION));
        self.set_corners(corners).is_ok()
    }

    /// A double-click at `logical`: adds a corner on the edge of B within
    /// reach, at the nearest point of it. Returns whether it did.
    pub fn pointer_double_clicked(&mut self, logical: Vec2) -> bool {
        if self.use_circle {
            return false;
        }
        let world = self.view.to_world(logical);
        let corners = self.corners();
        let n = corners.len();
        let nearest = (0..n)
            .map(|i| {
                let (a, b) = (corners[i], corners[(i + 1) % n]);
                let ab = b - a;
                let t = ((world - a).dot(ab) / ab.length_squared().max(1e-12)).clamp(0.0, 1.0);
                let q = a + ab * t;
                (i, q, q.distance(world))
            })
            .filter(|&(_, _, d)| d <= self.reach())
            .min_by(|a, b| a.2.total_cmp(&b.2));
        let Some((i, q, _)) = nearest else {
            return false;
        };
        let mut corners = corners;
        corners.insert(i + 1, q);
        self.chapter.held_corner = None;
        self.set_corners(corners).is_ok()
    }

    /// A right press at `logical`: removes the corner of B within reach,
    /// unless B would be left with fewer than [`MIN_CORNERS`] (or with all
    /// its corners on one line). Returns whether it did.
    pub fn pointer_right_pressed(&mut self, logical: Vec2) -> bool {
        let world = self.view.to_world(logical);
        let Some(i) = self.corner_at(world) else {
            return false;
        };
        let mut corners = self.corners();
        if corners.len() <= MIN_CORNERS {
            return false;
        }
        corners.remove(i);
        self.chapter.held_corner = None;
        self.set_corners(corners).is_ok()
    }

    /// The fixed polygon's name as the readout and the hints say it:
    /// "pentagon", or "outline" once its corners are edited.
    pub(super) fn fixed_name(&self) -> &'static str {
        if self.chapter.outline.is_some() {
            "outline"
        } else {
            super::readout::shape_name(self.sides()).unwrap_or("polygon")
        }
    }
}
