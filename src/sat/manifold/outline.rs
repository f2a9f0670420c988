//! A polygon as the manifold functions see it: its corners measured from
//! one origin (A's first corner, so that shapes far from the world's origin keep
//! their small distances exact), and its edges' outward unit normals,
//! whichever way its corners wind.
//!
//! The normals need no square root: a [`Polygon`](crate::sat::Polygon)
//! keeps its edges' unit normals (the test's axes, in its axis blocks,
//! turned with it when it is placed) and which side of its edges they point
//! to, so each outward normal is an axis or its opposite.
//!
//! A polygon of up to [`SMALL`] corners is copied to the stack once
//! ([`Small`]): its corners moved, and its outward normals and each edge's
//! place along its normal laid out four edges to a block. The search for
//! the reference face then tries four of its faces at once, as the test
//! tries four axes at once (`four.rs`). A larger polygon is read where it
//! lies ([`Large`]), so nothing allocates for any size; both give the same
//! numbers.

use glam::{Vec2, Vec4};

use crate::sat::axes::AxisBlock;
use crate::sat::shape::Kept;

/// The most corners a [`Small`] holds.
pub(super) const SMALL: usize = 8;

/// How many blocks of four edges a [`Small`] holds.
const BLOCKS: usize = SMALL / 4;

/// A convex outline seen from an origin.
pub(super) trait Outline {
    /// How many corners (and edges) it has.
    fn len(&self) -> usize;

    /// Corner `i`, measured from the origin.
    fn corner(&self, i: usize) -> Vec2;

    /// Edge `i`'s outward unit normal (the edge runs from corner `i` to
    /// the next), zero for an edge of no length.
    fn unit_normal(&self, i: usize) -> Vec2;

    /// The corner after corner `i`, round the outline.
    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.len() { 0 } else { i + 1 }
    }

    /// Edge `i`'s outward unit normal, or `None` for an edge of no length
    /// (which has no outside, and is no face).
    #[inline]
    fn normal(&self, i: usize) -> Option<Vec2> {
        let n = self.unit_normal(i);
        (n != Vec2::ZERO).then_some(n)
    }

    /// The edge whose outward normal points most against `n`: the face
    /// that meets a reference face of normal `n` (the incident face). The
    /// first of any that tie; an edge of no length is no face.
    fn incident_edge(&self, n: Vec2) -> usize {
        let (mut best, mut least) = (0, f32::INFINITY);
        for i in 0..self.len() {
            if let Some(m) = self.normal(i) {
                let d = m.dot(n);
                if d < least {
                    (best, least) = (i, d);
                }
            }
        }
        best
    }

    /// The face whose line `other` reaches least far past: for each edge,
    /// how far the other's corners stay out along its outward normal at
    /// the least (negative: they reach in). The largest of those is the
    /// separation on this polygon's faces (the least overlap, or the widest
    /// gap, among its axes); the first of any that tie wins. An edge of no
    /// length is no face.
    ///
    /// A face past `enough` is answer enough (the shapes are farther apart
    /// than the margin), so the search stops there, as the test stops at
    /// its first gap.
    ///
    /// How far corner `c` is out from edge `i` is `n·c − n·v` (with `v`
    /// the edge's first corner), in that order in every implementation, so
    /// that they agree to the last bit.
    fn max_separation(&self, other: &Self, enough: f32) -> (f32, usize) {
        let mut best = (f32::NEG_INFINITY, 0);
        for i in 0..self.len() {
            let Some(n) = self.normal(i) else { continue };
            let offset = n.dot(self.corner(i));
            let mut least = f32::INFINITY;
            for j in 0..other.len() {
                least = least.min(n.dot(other.corner(j)) - offset);
            }
            if least > best.0 {
                best = (least, i);
                if least > enough {
                    break;
                }
            }
        }
        best
    }
}

/// The block of four axes that holds edge `i`'s, from a polygon's axis
/// blocks.
#[inline]
fn block(axes: &[Vec2], b: usize) -> AxisBlock {
    AxisBlock::read(&axes[b * AxisBlock::LEN..])
}

/// A polygon of up to [`SMALL`] corners, copied: corners already measured
/// from the origin, and the edges' outward unit normals found, as blocks of
/// four edges (x parts in one `Vec4`, y parts in another) with each edge's
/// `n·v`, its own line's place along its normal.
pub(super) struct Small {
    len: usize,
    corners: [Vec2; SMALL],
    nx: [Vec4; BLOCKS],
    ny: [Vec4; BLOCKS],
    /// `n·v` for each edge; +∞ for a lane that is no face (past the last
    /// edge, or an edge of no length), so that nothing is out from it and
    /// it never wins.
    offset: [Vec4; BLOCKS],
}

impl Small {
    /// `corners` (3 to [`SMALL`] of them, convex), with their polygon's
    /// axis blocks `axes`, seen from `origin`.
    #[inline(always)]
    pub(super) fn new(kept: Kept, origin: Vec2) -> Small {
        let Kept {
            corners,
            axes,
            outward: out,
        } = kept;
        let len = corners.len().min(SMALL);
        let corners = &corners[..len];
        let mut small = Small {
            len,
            corners: [Vec2::ZERO; SMALL],
            nx: [Vec4::ZERO; BLOCKS],
            ny: [Vec4::ZERO; BLOCKS],
            offset: [Vec4::INFINITY; BLOCKS],
        };
        for (i, &c) in corners.iter().enumerate() {
            small.corners[i] = c - origin;
        }
        for b in 0..len.div_ceil(4) {
            let axes = block(axes, b);
            let (nx, ny) = (axes.nx * out, axes.ny * out);
            // Each edge's first corner, lane by lane in registers (lanes
            // past the last edge read a zero corner, and have no axis).
            let v = &small.corners[4 * b..4 * b + 4];
            let vx = Vec4::new(v[0].x, v[1].x, v[2].x, v[3].x);
            let vy = Vec4::new(v[0].y, v[1].y, v[2].y, v[3].y);
            // A lane with the zero axis (past the last edge, or an edge of
            // no length) is no face.
            let face = nx.cmpne(Vec4::ZERO) | ny.cmpne(Vec4::ZERO);
            small.nx[b] = nx;
            small.ny[b] = ny;
            small.offset[b] = Vec4::select(face, nx * vx + ny * vy, Vec4::INFINITY);
        }
        small
    }
}

impl Outline for Small {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn corner(&self, i: usize) -> Vec2 {
        self.corners[i]
    }

    #[inline]
    fn unit_normal(&self, i: usize) -> Vec2 {
        // Through arrays: indexing a `Vec4` by a lane number known only
        // at run time is a branch per lane.
        let (b, k) = (i / 4, i % 4);
        Vec2::new(self.nx[b].to_array()[k], self.ny[b].to_array()[k])
    }

    /// Four edges at once, each block's least compared with the best so
    /// far in edge order.
    #[inline]
    fn incident_edge(&self, n: Vec2) -> usize {
        let (mut best, mut least) = (0, f32::INFINITY);
        for b in 0..self.len.div_ceil(4) {
            let d = self.nx[b] * n.x + self.ny[b] * n.y;
            let d = Vec4::select(self.offset[b].cmpeq(Vec4::INFINITY), Vec4::INFINITY, d);
            let most_against = d.min_element();
            if most_against < least {
                let k = d
                    .cmpeq(Vec4::splat(most_against))
                    .bitmask()
                    .trailing_zeros() as usize;
                (best, least) = (4 * b + (k & 3), most_against);
            }
        }
        best
    }

    /// Four faces at once: one pass over the other's corners finds how far
    /// they stay out from each of four edges. The lanes then give what the
    /// one-at-a-time search gives, with a branch a block rather than a lane:
    /// the first lane past `enough` ends the search (it beats every lane
    /// before it, none of which was past), and otherwise the block's best
    /// is its first lane holding its largest value.
    #[inline]
    fn max_separation(&self, other: &Small, enough: f32) -> (f32, usize) {
        let mut best = (f32::NEG_INFINITY, 0);
        for b in 0..self.len.div_ceil(4) {
            let (nx, ny, offset) = (self.nx[b], self.ny[b], self.offset[b]);
            let mut least = Vec4::INFINITY;
            for c in &other.corners[..other.len] {
                least = least.min(nx * c.x + ny * c.y - offset);
            }
            let lanes = least.to_array();
            let past = least.cmpgt(Vec4::splat(enough)).bitmask();
            if past != 0 {
                let k = past.trailing_zeros() as usize;
                return (lanes[k], 4 * b + k);
            }
            let most = least.max_element();
            if most > best.0 {
                let k = least.cmpeq(Vec4::splat(most)).bitmask().trailing_zeros() as usize;
                best = (most, 4 * b + (k & 3));
            }
        }
        best
    }
}

/// A polygon of any size, read where it lies.
pub(super) struct Large<'a> {
    corners: &'a [Vec2],
    axes: &'a [Vec2],
    origin: Vec2,
    /// -1 or +1: the outward normal is `out` times the axis.
    out: f32,
}

impl<'a> Large<'a> {
    /// `corners` (3 or more, convex), with their polygon's axis blocks
    /// `axes`, seen from `origin`.
    pub(super) fn new(kept: Kept<'a>, origin: Vec2) -> Large<'a> {
        Large {
            corners: kept.corners,
            axes: kept.axes,
            origin,
            out: kept.outward,
        }
    }
}

impl Outline for Large<'_> {
    fn len(&self) -> usize {
        self.corners.len()
    }

    fn corner(&self, i: usize) -> Vec2 {
        self.corners[i] - self.origin
    }

    fn unit_normal(&self, i: usize) -> Vec2 {
        block(self.axes, i / 4).normal(i % 4) * self.out
    }
}
