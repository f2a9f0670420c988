//! The chunk walker: the pairs, a register's width at a time, each chunk
//! sorted by kind and sent to its kernel (or pair by pair to the scalar
//! path), the lanes' shape data gathered only when it changes, and the
//! results put in order.

use super::kernel::{Poses, Side, polygon_circle, polygons};
use super::lanes::{MAX_LANES, Simd};
use super::prepared::{Info, PolyData, Prepared, Table};
use super::{Pair, scalar};
use crate::sat::SatResult;

/// The kinds of pair a chunk can hold, for the kernels.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Polygons,
    PolygonCircle,
    CirclePolygon,
    Other,
}

/// A chunk's kind and its most axes and corners: A's axes, A's corners,
/// B's axes, B's corners (for a circle as A, "A" is the polygon).
type Plan = (Kind, (usize, usize, usize, usize));

fn poly(table: &Table, index: u32) -> &PolyData {
    match &table.shapes[index as usize] {
        Prepared::Polygon(p) => p,
        Prepared::Circle(_) => unreachable!("the chunk's kind says this is a polygon"),
    }
}

fn radius(table: &Table, index: u32) -> f32 {
    match table.shapes[index as usize] {
        Prepared::Circle(r) => r,
        Prepared::Polygon(_) => unreachable!("the chunk's kind says this is a circle"),
    }
}

/// Sorts a chunk: one kind for all its lanes, or [`Kind::Other`].
fn plan(table: &Table, lanes: &[Pair]) -> Plan {
    let (mut a_kinds, mut b_kinds) = (0u8, 0u8);
    let (mut na, mut ca, mut nb, mut cb) = (0u8, 0u8, 0u8, 0u8);
    for p in lanes {
        let (a, b) = (table.info[p.a as usize], table.info[p.b as usize]);
        a_kinds |= 1 << a.kind;
        b_kinds |= 1 << b.kind;
        (na, ca) = (na.max(a.axes), ca.max(a.corners));
        (nb, cb) = (nb.max(b.axes), cb.max(b.corners));
    }
    let (poly, circle) = (1 << Info::LANE_POLYGON, 1 << Info::CIRCLE);
    let counts = (na as usize, ca as usize, nb as usize, cb as usize);
    match (a_kinds, b_kinds) {
        (a, b) if a == poly && b == poly => (Kind::Polygons, counts),
        (a, b) if a == poly && b == circle => (Kind::PolygonCircle, counts),
        (a, b) if a == circle && b == poly => (Kind::CirclePolygon, (counts.2, counts.3, 0, 0)),
        _ => (Kind::Other, counts),
    }
}

/// The whole of `pairs` (validated, on the prepared `table`) into `out`,
/// `L` at a time. A chunk whose pairs are all of one kind runs in the
/// kernel for it; a chunk that mixes kinds, or holds a polygon too large
/// for the lanes, runs pair by pair. A chunk whose lanes all name the same
/// two shapes as the one before needs no sorting and no gathering.
#[inline(always)]
pub(crate) fn run<S: Simd, K: Sink>(table: &Table, pairs: &[Pair], sink: &mut K) {
    let mut side_a = Side::new();
    let mut side_b = Side::new();
    let mut uniform: Option<(u32, u32, Plan)> = None;
    let mut pad = [Pair::default(); MAX_LANES];
    for chunk in pairs.chunks(S::LANES) {
        let n = chunk.len();
        let lanes: &[Pair] = if chunk.len() == S::LANES {
            chunk
        } else {
            // A short last chunk is padded with its last pair; only the
            // real lanes are written.
            let last = chunk[chunk.len() - 1];
            for (l, p) in pad.iter_mut().enumerate().take(S::LANES) {
                *p = chunk.get(l).copied().unwrap_or(last);
            }
            &pad[..S::LANES]
        };
        let (a0, b0) = (lanes[0].a, lanes[0].b);
        let mut same = true;
        for p in lanes {
            same &= (p.a == a0) & (p.b == b0);
        }
        let (kind, counts) = match uniform {
            Some((a, b, plan)) if same && a == a0 && b == b0 => plan,
            _ => {
                let plan = plan(table, lanes);
                match plan.0 {
                    Kind::Polygons => {
                        for (l, p) in lanes.iter().enumerate() {
                            side_a.load(l, p.a, poly(table, p.a));
                            side_b.load(l, p.b, poly(table, p.b));
                        }
                    }
                    Kind::PolygonCircle => {
                        for (l, p) in lanes.iter().enumerate() {
                            side_a.load(l, p.a, poly(table, p.a));
                        }
                    }
                    Kind::CirclePolygon => {
                        for (l, p) in lanes.iter().enumerate() {
                            side_a.load(l, p.b, poly(table, p.b));
                        }
                    }
                    Kind::Other => {}
                }
                uniform = same.then_some((a0, b0, plan));
                plan
            }
        };
        match kind {
            Kind::Polygons => {
                let poses = Poses::gather(lanes, false);
                polygons::<S, K>(&side_a, &side_b, counts, &poses, n, sink);
            }
            Kind::PolygonCircle | Kind::CirclePolygon => {
                let flip = kind == Kind::CirclePolygon;
                let mut r = [0.0; MAX_LANES];
                for (l, p) in lanes.iter().enumerate() {
                    r[l] = radius(table, if flip { p.a } else { p.b });
                }
                let poses = Poses::gather(lanes, flip);
                polygon_circle::<S, K>(
                    &side_a,
                    (counts.0, counts.1),
                    S::load(&r),
                    &poses,
                    flip,
                    n,
                    sink,
                );
            }
            Kind::Other => {
                sink.put(n, |l| scalar::pair(&table.shapes, &chunk[l]));
            }
        }
    }
}

/// Where the kernels put their results, a chunk at a time, in order.
pub(crate) trait Sink {
    /// Puts `n` results, `result(0)` to `result(n - 1)`.
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult);
}

/// Appended to a vector: written once, with no filling beforehand.
impl Sink for Vec<SatResult> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        self.extend((0..n).map(result));
    }
}

/// Written into a slice (a thread's share of the output), front to back.
#[cfg(feature = "parallel")]
pub(crate) struct Cursor<'a>(pub &'a mut [SatResult]);

#[cfg(feature = "parallel")]
impl Sink for Cursor<'_> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        let (head, rest) = std::mem::take(&mut self.0).split_at_mut(n);
        for (l, o) in head.iter_mut().enumerate() {
            *o = result(l);
        }
        self.0 = rest;
    }
}
