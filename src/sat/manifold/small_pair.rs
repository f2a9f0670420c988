//! Two small polygons made ready for the search of their faces outside
//! the one-pair path: the batch engine lays many pairs' faces and corners
//! side by side (one pair per lane), finds each pair's best face of A and
//! of B at once, and hands them back here to finish the manifold exactly
//! as [`polygons_by_outline`](super::polygons_by_outline) would.

use glam::Vec2;

use super::outline::{SMALL, Small};
use super::{Manifold, finish, mean, sane_margin};
use crate::sat::shape::Kept;

/// Two polygons of up to [`SMALL`] corners each, placed and seen from A's
/// center (the mean of its corners), with the margin made sane: what
/// [`polygons_by_outline`](super::polygons_by_outline) builds before it
/// searches their faces.
pub(crate) struct SmallPair {
    /// A, the polygon the normal moves.
    pub(crate) a: Small,
    /// B.
    pub(crate) b: Small,
    /// A's center, from which both are measured.
    origin: Vec2,
    /// The margin, made sane.
    margin: f32,
}

impl SmallPair {
    /// A pair of no polygons yet, a place to [`set`](SmallPair::set) one.
    pub(crate) fn empty() -> SmallPair {
        SmallPair {
            a: Small::empty(),
            b: Small::empty(),
            origin: Vec2::ZERO,
            margin: 0.0,
        }
    }

    /// Makes this the two outlines ready to search, written where it lies
    /// (nothing of it is copied afterwards); false, and left as it was,
    /// when either has more than [`SMALL`] corners (then only the one-pair
    /// path takes them).
    #[inline(always)]
    pub(crate) fn set(&mut self, a: Kept, b: Kept, margin: f32) -> bool {
        if a.corners.len() > SMALL || b.corners.len() > SMALL {
            return false;
        }
        let origin = mean(a.corners);
        self.a.set(a, origin);
        self.b.set(b, origin);
        self.origin = origin;
        self.margin = sane_margin(margin);
        true
    }

    /// The margin as the searches use it: a face past it is answer enough.
    #[inline(always)]
    pub(crate) fn margin(&self) -> f32 {
        self.margin
    }

    /// The manifold, from the searches' answers: `a` is A's best face
    /// against B's corners and its separation, `b` B's against A's, each
    /// as [`Outline::max_separation`](super::outline::Outline) finds it
    /// with the margin as answer enough. (`b` is not read when `a` is past
    /// the margin, as the one-pair path does not look for it then.)
    #[inline]
    pub(crate) fn finish(&self, a: (f32, usize), b: (f32, usize)) -> Manifold {
        finish(&self.a, &self.b, self.origin, self.margin, a, || b)
    }
}
