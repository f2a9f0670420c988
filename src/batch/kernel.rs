//! The SIMD kernels: `L` pairs at once, one per lane, the same steps as
//! `scalar.rs` (in A's frame, every axis tried, one running least push),
//! written over [`V`] so that each step is one instruction for all lanes.
//!
//! Shape data sits in structure-of-arrays form ([`Side`]): for corner `j`,
//! the x of every lane's corner `j` side by side. A lane keeps its shape
//! until another pair in that lane names a different one, so a batch that
//! tests the same two shapes at many poses gathers them only once. Shapes
//! with fewer corners or axes than others in the chunk are padded by
//! repeating their last: a repeated corner casts no new shadow, and a
//! repeated axis gives the same push, which the strict `<` never takes.

use super::Pair;
use super::lanes::{MAX_LANES, Simd, sin_cos};
use super::prepared::{LANE_CORNERS as M, PolyData};
use super::walk::Sink;
use crate::sat::MAX_COORDINATE;

type Row = [f32; MAX_LANES];

/// One side (A or B) of every lane: its polygon's axes, own shadows and
/// corners, in its own frame, padded to [`M`].
pub(crate) struct Side {
    ax: [Row; M],
    ay: [Row; M],
    lo: [Row; M],
    hi: [Row; M],
    px: [Row; M],
    py: [Row; M],
    /// Which shape each lane holds (`u32::MAX`: none yet).
    key: [u32; MAX_LANES],
}

impl Side {
    pub fn new() -> Self {
        let z = [[0.0; MAX_LANES]; M];
        Side {
            ax: z,
            ay: z,
            lo: z,
            hi: z,
            px: z,
            py: z,
            key: [u32::MAX; MAX_LANES],
        }
    }

    #[inline(always)]
    pub(crate) fn load(&mut self, l: usize, index: u32, poly: &PolyData) {
        if self.key[l] == index {
            return;
        }
        self.key[l] = index;
        let (na, nc) = (poly.axes.len(), poly.corners.len());
        for i in 0..M {
            let k = i.min(na - 1);
            self.ax[i][l] = poly.axes[k].x;
            self.ay[i][l] = poly.axes[k].y;
            self.lo[i][l] = poly.extents[k].min;
            self.hi[i][l] = poly.extents[k].max;
            let k = i.min(nc - 1);
            self.px[i][l] = poly.corners[k].x;
            self.py[i][l] = poly.corners[k].y;
        }
    }
}

/// The least push so far in every lane, with its direction in A's frame.
struct Best<S> {
    push: S,
    x: S,
    y: S,
}

impl<S: Simd> Best<S> {
    #[inline(always)]
    fn new() -> Self {
        Best {
            push: S::splat(f32::INFINITY),
            x: S::splat(0.0),
            y: S::splat(0.0),
        }
    }

    /// One axis (`nx`, `ny`) with A's shadow `a_min..a_max` and B's
    /// `b_min..b_max` on it: the push out, the shorter way, is kept where
    /// it beats the best so far (see `scalar.rs` for why this also finds
    /// the widest gap).
    #[inline(always)]
    fn axis(&mut self, nx: S, ny: S, a_min: S, a_max: S, b_min: S, b_max: S) {
        let forward = b_max.sub(a_min);
        let backward = a_max.sub(b_min);
        let push = forward.min(backward);
        let sign = forward.lt_select(backward, S::splat(1.0), S::splat(-1.0));
        let (sx, sy) = (nx.mul(sign), ny.mul(sign));
        self.x = push.lt_select(self.push, sx, self.x);
        self.y = push.lt_select(self.push, sy, self.y);
        self.push = push.min(self.push);
    }

    /// Puts the first `n` lanes into `sink`, the axis turned into the world
    /// by A's turn (`cos`, `sin`); `flip` turns the axis round (circle as
    /// A).
    #[inline(always)]
    fn write<K: Sink>(&self, cos: S, sin: S, flip: bool, n: usize, sink: &mut K) {
        let f = S::splat(if flip { -1.0 } else { 1.0 });
        let wx = cos.mul(self.x).sub(sin.mul(self.y)).mul(f);
        let wy = sin.mul(self.x).add(cos.mul(self.y)).mul(f);
        sink.put_lanes(n, wx, wy, self.push);
    }
}

/// The lanes' poses: A's (or the polygon's, for a circle as A) and B's.
pub(crate) struct Poses<S> {
    ax: S,
    ay: S,
    aa: S,
    bx: S,
    by: S,
    ba: S,
}

impl<S: Simd> Poses<S> {
    /// The lanes' poses, or `None` when any of them is unfit to test by
    /// the same rule as `pose_ok` (a position beyond [`MAX_COORDINATE`] or
    /// an angle that is not finite; NaN fails both compares).
    #[inline(always)]
    pub(crate) fn gather(pairs: &[Pair], swap: bool) -> Option<Self> {
        let [ax, ay, aa, bx, by, ba] = S::poses(pairs, swap);
        let p = Poses {
            ax,
            ay,
            aa,
            bx,
            by,
            ba,
        };
        let (far, turn) = (S::splat(MAX_COORDINATE), S::splat(f32::MAX));
        let bad = p.ax.abs().any_not_le(far)
            | p.ay.abs().any_not_le(far)
            | p.bx.abs().any_not_le(far)
            | p.by.abs().any_not_le(far)
            | p.aa.abs().any_not_le(turn)
            | p.ba.abs().any_not_le(turn);
        (!bad).then_some(p)
    }
}

/// Polygon against polygon in every lane. `na`/`nb`: the most axes of A's
/// and B's in the chunk; `ca`/`cb`: the most corners.
#[inline(always)]
pub(crate) fn polygons<S: Simd, K: Sink>(
    a: &Side,
    b: &Side,
    (na, ca, nb, cb): (usize, usize, usize, usize),
    p: &Poses<S>,
    n: usize,
    sink: &mut K,
) {
    let (sa, cos_a) = sin_cos(p.aa);
    let (sb, cos_b) = sin_cos(p.ba);
    // B's placement seen from A: turned by the difference of the angles,
    // moved by the offset turned back by A's angle.
    let c = cos_a.madd(cos_b, sa.mul(sb));
    let s = cos_a.madd(sb, sa.mul(cos_b).neg());
    let (dx, dy) = (p.bx.sub(p.ax), p.by.sub(p.ay));
    let tx = cos_a.madd(dx, sa.mul(dy));
    let ty = cos_a.madd(dy, sa.mul(dx).neg());
    // B's corners in A's frame, once for all of A's axes.
    let mut qx = [S::splat(0.0); M];
    let mut qy = [S::splat(0.0); M];
    for j in 0..cb {
        let (x, y) = (S::load(&b.px[j]), S::load(&b.py[j]));
        qx[j] = c.madd(x, s.neg().madd(y, tx));
        qy[j] = s.madd(x, c.madd(y, ty));
    }
    let mut best = Best::new();
    for i in 0..na {
        let (nx, ny) = (S::load(&a.ax[i]), S::load(&a.ay[i]));
        let mut lo = S::splat(f32::INFINITY);
        let mut hi = S::splat(f32::NEG_INFINITY);
        for j in 0..cb {
            let d = nx.madd(qx[j], ny.mul(qy[j]));
            lo = lo.min(d);
            hi = hi.max(d);
        }
        best.axis(nx, ny, S::load(&a.lo[i]), S::load(&a.hi[i]), lo, hi);
    }
    // A's corners, loaded once for all of B's axes.
    let mut px = [S::splat(0.0); M];
    let mut py = [S::splat(0.0); M];
    for j in 0..ca {
        px[j] = S::load(&a.px[j]);
        py[j] = S::load(&a.py[j]);
    }
    for k in 0..nb {
        // B's axis in A's frame; B's own shadow on it moves with B.
        let (bx, by) = (S::load(&b.ax[k]), S::load(&b.ay[k]));
        let mx = c.madd(bx, s.mul(by).neg());
        let my = s.madd(bx, c.mul(by));
        let moved = mx.madd(tx, my.mul(ty));
        let mut lo = S::splat(f32::INFINITY);
        let mut hi = S::splat(f32::NEG_INFINITY);
        for j in 0..ca {
            let d = mx.madd(px[j], my.mul(py[j]));
            lo = lo.min(d);
            hi = hi.max(d);
        }
        let (blo, bhi) = (S::load(&b.lo[k]).add(moved), S::load(&b.hi[k]).add(moved));
        best.axis(mx, my, lo, hi, blo, bhi);
    }
    best.write(cos_a, sa, false, n, sink);
}

/// Polygon A against circle B (radius `r`) in every lane; with `flip` the
/// circle was A and the answer is turned round.
#[inline(always)]
pub(crate) fn polygon_circle<S: Simd, K: Sink>(
    a: &Side,
    (na, ca): (usize, usize),
    r: S,
    p: &Poses<S>,
    flip: bool,
    n: usize,
    sink: &mut K,
) {
    let (sa, cos_a) = sin_cos(p.aa);
    let (dx, dy) = (p.bx.sub(p.ax), p.by.sub(p.ay));
    let tx = cos_a.madd(dx, sa.mul(dy));
    let ty = cos_a.madd(dy, sa.mul(dx).neg());
    let mut best = Best::new();
    for i in 0..na {
        let (nx, ny) = (S::load(&a.ax[i]), S::load(&a.ay[i]));
        let d = nx.madd(tx, ny.mul(ty));
        best.axis(
            nx,
            ny,
            S::load(&a.lo[i]),
            S::load(&a.hi[i]),
            d.sub(r),
            d.add(r),
        );
    }
    // The circle's own axis: from A's corner nearest its center (the
    // first of any that tie) towards the center.
    let mut px = [S::splat(0.0); M];
    let mut py = [S::splat(0.0); M];
    let mut near = S::splat(f32::INFINITY);
    let (mut vx, mut vy) = (S::splat(0.0), S::splat(0.0));
    for j in 0..ca {
        px[j] = S::load(&a.px[j]);
        py[j] = S::load(&a.py[j]);
        let (ex, ey) = (tx.sub(px[j]), ty.sub(py[j]));
        let d2 = ex.madd(ex, ey.mul(ey));
        vx = d2.lt_select(near, ex, vx);
        vy = d2.lt_select(near, ey, vy);
        near = d2.min(near);
    }
    // Scaled by the larger coordinate first, as the scalar test does, so
    // that tiny and huge offsets keep their direction. A center on the
    // corner gives no axis: its shadows are made endless, so its push
    // never wins.
    let tiny = S::splat(f32::from_bits(1));
    let largest = vx.abs().max(vy.abs());
    let none = largest.lt_select(tiny, S::splat(1.0), S::splat(0.0));
    let scale = largest.max(tiny);
    let (ux, uy) = (vx.div(scale), vy.div(scale));
    let len = ux.madd(ux, uy.mul(uy)).sqrt().max(tiny);
    let half = S::splat(0.5);
    let zero = S::splat(0.0);
    let ux = none.lt_select(half, ux.div(len), zero);
    let uy = none.lt_select(half, uy.div(len), zero);
    let mut lo = S::splat(f32::INFINITY);
    let mut hi = S::splat(f32::NEG_INFINITY);
    for j in 0..ca {
        let d = ux.madd(px[j], uy.mul(py[j]));
        lo = lo.min(d);
        hi = hi.max(d);
    }
    let d = ux.madd(tx, uy.mul(ty));
    let lo = none.lt_select(half, lo, S::splat(f32::NEG_INFINITY));
    let hi = none.lt_select(half, hi, S::splat(f32::INFINITY));
    best.axis(ux, uy, lo, hi, d.sub(r), d.add(r));
    best.write(cos_a, sa, flip, n, sink);
}
