//! The chunk walker: the pairs, a register's width at a time, each chunk
//! sorted by kind and sent to its kernel (or pair by pair to the scalar
//! path), the lanes' shape data gathered only when it changes, and the
//! results put in order.

use super::kernel::{Poses, Side, polygon_circle, polygons};
use super::lanes::{MAX_LANES, Simd};
use super::prepared::{Info, PolyData, Prepared, Table};
use super::{Pair, pose_ok, scalar};
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

/// The whole of `pairs` (on the prepared `table`) into `out`, `L` at a
/// time. A chunk whose pairs are all of one kind runs in the kernel for
/// it; a chunk that mixes kinds, or holds a polygon too large for the
/// lanes, runs pair by pair. A chunk whose lanes all name the same two
/// shapes as the one before needs no sorting and no gathering.
///
/// The pairs are checked here too, a chunk at a time and before anything
/// of the chunk is looked up or tested: the shape indices in the loop
/// that compares them anyway, the poses on the lanes they are gathered
/// into (a few vector compares instead of a scalar pass over every pair).
/// At the first chunk with a pair that `validate_pairs` would refuse, it
/// stops and returns false, leaving what was put so far for the caller to
/// throw away; true when every pair was fit and tested.
#[inline(always)]
pub(crate) fn run<S: Simd, K: Sink>(table: &Table, pairs: &[Pair], sink: &mut K) -> bool {
    let len = table.info.len();
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
            // The same two shapes in every lane as in a chunk already
            // checked: the indices are known good.
            Some((a, b, plan)) if same && a == a0 && b == b0 => plan,
            _ => {
                if !lanes
                    .iter()
                    .all(|p| ((p.a as usize) < len) & ((p.b as usize) < len))
                {
                    return false;
                }
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
                let Some(poses) = Poses::gather(lanes, false) else {
                    return false;
                };
                polygons::<S, K>(&side_a, &side_b, counts, &poses, n, sink);
            }
            Kind::PolygonCircle | Kind::CirclePolygon => {
                let flip = kind == Kind::CirclePolygon;
                let mut r = [0.0; MAX_LANES];
                for (l, p) in lanes.iter().enumerate() {
                    r[l] = radius(table, if flip { p.a } else { p.b });
                }
                let Some(poses) = Poses::gather(lanes, flip) else {
                    return false;
                };
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
                if !chunk
                    .iter()
                    .all(|p| pose_ok(&p.pose_a) & pose_ok(&p.pose_b))
                {
                    return false;
                }
                sink.put(n, |l| scalar::pair(&table.shapes, &chunk[l]));
            }
        }
    }
    true
}

/// Where the kernels put their results, a chunk at a time, in order.
pub(crate) trait Sink {
    /// Puts `n` results, `result(0)` to `result(n - 1)`.
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult);

    /// Puts the first `n` lanes' results from a kernel's registers: the
    /// axis (`x`, `y`) and the least push (see [`super::lanes::result`]).
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S);
}

/// Appended to a vector: written once, with no filling beforehand.
impl Sink for Vec<SatResult> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        self.extend((0..n).map(result));
    }

    #[inline(always)]
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S) {
        S::append_results(self, n, x, y, push);
    }
}

/// Written into a thread's share of the output's spare capacity, front
/// to back.
#[cfg(feature = "parallel")]
pub(crate) struct Cursor<'a>(pub &'a mut [std::mem::MaybeUninit<SatResult>]);

#[cfg(feature = "parallel")]
impl Sink for Cursor<'_> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        let (head, rest) = std::mem::take(&mut self.0).split_at_mut(n);
        for (l, o) in head.iter_mut().enumerate() {
            o.write(result(l));
        }
        self.0 = rest;
    }

    #[inline(always)]
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S) {
        let slots = std::mem::take(&mut self.0);
        S::write_results(&mut *slots, n, x, y, push);
        self.0 = &mut slots[n..];
    }
}

#[cfg(test)]
mod tests {
    //! The portable lanes (what AArch64 runs, as `Isa::Neon`) are not
    //! reachable through `collide_with` on x86, so they are checked here
    //! against the one-pair path, and `sin_cos` against the standard
    //! library's.
    use super::*;
    use crate::batch::lanes::{Portable, SINCOS_LIMIT, sin_cos};
    use crate::batch::{Pose, Shape, prepared};
    use crate::sat::{Polygon, Vec2};

    #[test]
    fn portable_lanes_agree_with_the_one_pair_path() {
        let shapes = vec![
            Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
            Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
            Shape::Circle { radius: 30.0 },
            Shape::Polygon(Polygon::regular(3, 50.0).unwrap()),
        ];
        let table = prepared::prepare(&shapes);
        // A plain linear congruential walk is enough to spread the poses.
        let mut seed = 12345u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32
        };
        let mut pairs = Vec::new();
        for _ in 0..2001 {
            let (a, b) = ((next() * 4.0) as u32 % 4, (next() * 4.0) as u32 % 4);
            let pose = |x: f32, y: f32, t: f32| Pose {
                position: Vec2::new(x, y),
                angle: t,
            };
            pairs.push(Pair {
                a,
                pose_a: pose(next() * 300.0 - 150.0, next() * 300.0 - 150.0, next() * 7.0),
                b,
                pose_b: pose(0.0, 0.0, next() * 7.0),
            });
        }
        // Sorted by kind, so most chunks run in a kernel.
        pairs.sort_by_key(|p| (p.a, p.b));
        let mut got = Vec::new();
        assert!(run::<Portable<4>, _>(&table, &pairs, &mut got));
        assert_eq!(got.len(), pairs.len());
        for (p, r) in pairs.iter().zip(&got) {
            let want = scalar::pair(&table.shapes, p);
            if r.overlapping != want.overlapping {
                assert!(
                    r.depth < 1e-2 && want.depth < 1e-2,
                    "{p:?}: {r:?} vs {want:?}"
                );
            } else if r.overlapping {
                assert!(
                    (r.depth - want.depth).abs() < 1e-2,
                    "{p:?}: {r:?} vs {want:?}"
                );
            } else {
                // Ours is the widest gap, the reference's the first found.
                assert!(r.depth >= want.depth - 1e-2, "{p:?}: {r:?} vs {want:?}");
            }
        }
    }

    #[test]
    fn lane_sin_cos_matches_the_standard_library() {
        let mut worst = 0.0f32;
        let mut x = -9000.0f32;
        while x < 9000.0 {
            let xs = [x, x + 0.25, -x, x * 0.5];
            let (s, c) = sin_cos(Portable(xs));
            for (l, x) in xs.iter().enumerate() {
                let (ws, wc) = x.sin_cos();
                worst = worst.max((s.0[l] - ws).abs()).max((c.0[l] - wc).abs());
            }
            x += 0.37;
        }
        assert!(worst < 2e-6, "worst difference {worst}");
        // Beyond the quick reduction's range, the standard library's own.
        let big = [1e6, -3e7, SINCOS_LIMIT * 2.0, 1e30];
        let (s, c) = sin_cos(Portable(big));
        for (l, x) in big.iter().enumerate() {
            assert_eq!((s.0[l], c.0[l]), x.sin_cos());
        }
    }
}
