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
//! tries four axes at once (`four.rs`), except on wasm32 without SIMD
//! ([`BY_FACE`]), where it goes one face at a time, as it does for a
//! larger polygon, which is read where it lies ([`Large`]), so nothing
//! allocates for any size. Every way gives the plain search's numbers.
//!
//! One face at a time, the least and the best so far are kept by compares
//! and selects, with the numbers as keys (`sat::ends`): on wasm32 a float
//! select is a branch in V8 and `f32::min` a call, and which corner or
//! face wins goes either way at random.

use glam::{Vec2, Vec4};

use crate::sat::axes::AxisBlock;
use crate::sat::ends::{key, lesser, value};
use crate::sat::shape::Kept;

/// Whether a [`Small`] searches its faces one at a time rather than four
/// at once: on wasm32 without `simd128`, where a `Vec4` is four separate
/// numbers and nothing can make them one register again, each lane's
/// `min` is a call (`fminf`) and each select a branch in V8. Under Node
/// 20 one face at a time took `batch::manifolds` 0.74–0.78× the time on
/// 512 random polygons and 0.80–0.81× on every kind (`tools/alternate`
/// with `fingerprint --manifolds`). Not wherever a `Vec4` is four
/// numbers (`sat::four::FOUR_WIDE`): natively with glam's `scalar-math`,
/// LLVM vectorizes the four numbers' arithmetic itself (SSE2 on x86-64),
/// and one face at a time took 1.26–1.40× the time there.
const BY_FACE: bool = cfg!(all(target_arch = "wasm32", not(target_feature = "simd128")));

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
        incident_by_faces(self, n)
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
        separation_by_faces(self, other, enough)
    }
}

/// [`Outline::incident_edge`] one face at a time. The best so far is kept
/// by compares and selects, not by a branch the faces would send either
/// way at random; the least dot product is kept as a
/// [`Key`](crate::sat::ends::Key), so that on wasm32 the selects are of
/// whole numbers (see `sat::ends`). The compares are the floats' own.
#[inline]
fn incident_by_faces<O: Outline + ?Sized>(outline: &O, n: Vec2) -> usize {
    let (mut best, mut least) = (0, key(f32::INFINITY));
    for i in 0..outline.len() {
        let m = outline.unit_normal(i);
        let d = m.dot(n);
        // Strictly less, so the first of any that tie stays; a face of no
        // length is no face.
        let better = (m != Vec2::ZERO) & (d < value(least));
        best = if better { i } else { best };
        least = if better { key(d) } else { least };
    }
    best
}

/// [`Outline::max_separation`] one face at a time. Each face's least and
/// the best face so far are found by compares and selects, with no branch
/// but the one that stops the search, and kept as
/// [`Key`](crate::sat::ends::Key)s: `f32::min` would be a call on wasm32
/// and a float select a branch there, which the corners and faces would
/// send either way at random (see `sat::ends`).
#[inline]
fn separation_by_faces<O: Outline + ?Sized>(outline: &O, other: &O, enough: f32) -> (f32, usize) {
    let (mut best, mut most) = (0, key(f32::NEG_INFINITY));
    for i in 0..outline.len() {
        let n = outline.unit_normal(i);
        let offset = n.dot(outline.corner(i));
        let mut least = key(f32::INFINITY);
        for j in 0..other.len() {
            least = lesser(least, key(n.dot(other.corner(j)) - offset));
        }
        let out = value(least);
        // Strictly more, as the floats compare, so the first of any that
        // tie stays; a face of no length is no face.
        let better = (n != Vec2::ZERO) & (out > value(most));
        best = if better { i } else { best };
        most = if better { least } else { most };
        if better & (out > enough) {
            break;
        }
    }
    (value(most), best)
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
        if BY_FACE {
            return incident_by_faces(self, n);
        }
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
        if BY_FACE {
            return separation_by_faces(self, other, enough);
        }
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

#[cfg(test)]
mod tests {
    //! The face searches, four faces at once ([`Small`]) and one at a time
    //! ([`Large`], and `Small` where [`BY_FACE`]), against the plain search
    //! as it was written before them: a branch a face and `f32::min`.
    use super::*;
    use crate::sat::Polygon;
    use crate::test_rng::Rng;

    /// A convex polygon of 3 to `most` corners at sorted random angles,
    /// squashed, turned and moved at random; now and then with a corner
    /// listed twice, which makes an edge of no length.
    fn polygon(rng: &mut Rng, most: usize) -> Polygon {
        loop {
            let n = 3 + rng.below(most - 2);
            let r = rng.range(1.0, 150.0);
            let squash = rng.range(0.3, 1.0);
            let mut angles: Vec<f32> = (0..n).map(|_| rng.angle()).collect();
            angles.sort_by(f32::total_cmp);
            let mut corners: Vec<Vec2> = angles
                .iter()
                .map(|&t| Vec2::new(t.cos() * r, t.sin() * r * squash))
                .collect();
            if rng.below(5) == 0 {
                let i = rng.below(n);
                corners.insert(i, corners[i]);
            }
            if let Ok(p) = Polygon::new(corners) {
                return p.placed(rng.in_disk(Vec2::ZERO, 200.0), rng.angle());
            }
        }
    }

    /// [`Outline::max_separation`] written plainly: a branch a face and
    /// `f32::min`.
    fn plain_separation<O: Outline>(outline: &O, other: &O, enough: f32) -> (f32, usize) {
        let mut best = (f32::NEG_INFINITY, 0);
        for i in 0..outline.len() {
            let Some(n) = outline.normal(i) else { continue };
            let offset = n.dot(outline.corner(i));
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

    /// [`Outline::incident_edge`] written plainly: a branch a face.
    fn plain_incident<O: Outline>(outline: &O, n: Vec2) -> usize {
        let (mut best, mut least) = (0, f32::INFINITY);
        for i in 0..outline.len() {
            if let Some(m) = outline.normal(i) {
                let d = m.dot(n);
                if d < least {
                    (best, least) = (i, d);
                }
            }
        }
        best
    }

    /// Both searches of outline `a` against the plain ones: its separation
    /// from `b` with a few margins, and its incident face for each of `b`'s
    /// normals and a random one. Returns how many margins the search
    /// stopped early at.
    fn agree<O: Outline>(a: &O, b: &O, rng: &mut Rng, what: &str) -> usize {
        let mut stopped = 0;
        for enough in [f32::INFINITY, 0.0, rng.range(-20.0, 20.0)] {
            let want = plain_separation(a, b, enough);
            let got = a.max_separation(b, enough);
            assert_eq!(got, want, "{what}: separation past {enough}");
            stopped += usize::from(want.0 > enough);
        }
        for n in (0..b.len())
            .filter_map(|i| b.normal(i))
            .chain([Vec2::from_angle(rng.angle())])
        {
            assert_eq!(
                a.incident_edge(n),
                plain_incident(a, n),
                "{what}: incident to {n}"
            );
        }
        stopped
    }

    #[test]
    fn every_face_search_finds_the_plain_searchs_face() {
        let mut rng = Rng(0x0f_ace5);
        let (mut small_stops, mut large_stops) = (0, 0);
        for _ in 0..3000 {
            // Small enough for `Small`, and any size for `Large`.
            let (a, b) = (polygon(&mut rng, SMALL), polygon(&mut rng, SMALL));
            let origin = a.points()[0];
            let (sa, sb) = (Small::new(a.kept(), origin), Small::new(b.kept(), origin));
            small_stops += agree(&sa, &sb, &mut rng, "Small");
            let (a, b) = (polygon(&mut rng, 20), polygon(&mut rng, 20));
            let origin = a.points()[0];
            let (la, lb) = (Large::new(a.kept(), origin), Large::new(b.kept(), origin));
            large_stops += agree(&la, &lb, &mut rng, "Large");
        }
        // The early stop is tried often enough to mean something.
        assert!(
            small_stops > 500 && large_stops > 500,
            "{small_stops} and {large_stops} stops"
        );
    }
}
