//! The chunk walker: the pairs, a register's width at a time, each chunk
//! sorted by kind and sent to its kernel (or pair by pair to the scalar
//! path), the lanes' shape data gathered only when it changes, and the
//! results put in order.

use super::kernel::{Counts, Poses, Side, polygon_circle, polygons};
use super::lanes::{MAX_LANES, Simd};
use super::prepared::{PolyData, Prepared, ShapeKind, Table};
use super::{Pair, pose_ok, scalar};
use crate::sat::SatResult;

/// The kinds of pair a chunk can hold, for the kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Polygon against polygon in every lane.
    Polygons,
    /// Polygon (A) against circle (B) in every lane.
    PolygonCircle,
    /// Circle (A) against polygon (B) in every lane.
    CirclePolygon,
    /// Kinds mixed, or a polygon too large for the lanes: pair by pair.
    Other,
}

/// How a chunk is run: its kind, and the most axes and corners its kernel
/// must go through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    /// Which kernel, if any.
    kind: Kind,
    /// The most axes and corners of any lane's.
    counts: Counts,
}

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
    let (mut a_axes, mut a_corners, mut b_axes, mut b_corners) = (0u8, 0u8, 0u8, 0u8);
    for p in lanes {
        let (a, b) = (table.info[p.a as usize], table.info[p.b as usize]);
        a_kinds |= a.kind.bit();
        b_kinds |= b.kind.bit();
        (a_axes, a_corners) = (a_axes.max(a.axes), a_corners.max(a.corners));
        (b_axes, b_corners) = (b_axes.max(b.axes), b_corners.max(b.corners));
    }
    let (poly, circle) = (ShapeKind::LanePolygon.bit(), ShapeKind::Circle.bit());
    let counts = Counts {
        a_axes: a_axes.into(),
        a_corners: a_corners.into(),
        b_axes: b_axes.into(),
        b_corners: b_corners.into(),
    };
    let kind = match (a_kinds, b_kinds) {
        (a, b) if a == poly && b == poly => Kind::Polygons,
        (a, b) if a == poly && b == circle => Kind::PolygonCircle,
        (a, b) if a == circle && b == poly => {
            // The polygon is B: the kernel takes it as its "A".
            return Plan {
                kind: Kind::CirclePolygon,
                counts: Counts {
                    a_axes: counts.b_axes,
                    a_corners: counts.b_corners,
                    b_axes: 0,
                    b_corners: 0,
                },
            };
        }
        _ => Kind::Other,
    };
    Plan { kind, counts }
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
        let Plan { kind, counts } = match uniform {
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
                match plan.kind {
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
                polygon_circle::<S, K>(&side_a, counts, S::load(&r), &poses, flip, n, sink);
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
    /// axis (`x`, `y`) and the push, negative for a gap (see
    /// [`super::lanes::result`]).
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

/// The tests' one generator (SplitMix64), shared with the integration
/// tests, benches and examples.
#[cfg(test)]
#[path = "../../tests/support/rng.rs"]
mod test_rng;

#[cfg(test)]
mod tests {
    //! The portable lanes (what AArch64 runs, as `Isa::Neon`) are not
    //! reachable through `collide_with` on x86, so they are checked here
    //! against the one-pair path, and `sin_cos` against the standard
    //! library's.
    use super::*;
    use crate::batch::lanes::{Portable, SINCOS_LIMIT, sin_cos};
    use crate::batch::{Pose, Shape, prepared};
    use crate::sat::Polygon;
    use crate::scene::{BOX_HEIGHT, BOX_WIDTH, FIXED_RADIUS};
    use test_rng::Rng;

    #[test]
    fn portable_lanes_agree_with_the_one_pair_path() {
        let shapes = vec![
            Shape::Polygon(Polygon::rectangle(BOX_WIDTH, BOX_HEIGHT).unwrap()),
            Shape::Polygon(Polygon::regular(5, FIXED_RADIUS).unwrap()),
            Shape::Circle { radius: 30.0 },
            Shape::Polygon(Polygon::regular(3, 50.0).unwrap()),
        ];
        let table = prepared::prepare(&shapes);
        let mut rng = Rng(12345);
        let mut pairs = Vec::new();
        for _ in 0..2001 {
            let (a, b) = (rng.below(4) as u32, rng.below(4) as u32);
            let pose_a = Pose {
                position: rng.in_disk(glam::Vec2::ZERO, 210.0),
                angle: rng.range(0.0, 7.0),
            };
            pairs.push(Pair {
                a,
                pose_a,
                b,
                pose_b: Pose {
                    position: glam::Vec2::ZERO,
                    angle: rng.range(0.0, 7.0),
                },
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
                // Both the first gap in the chapter's order: the same axis
                // and width.
                assert!(
                    (r.depth - want.depth).abs() < 1e-2 && r.axis.distance(want.axis) < 1e-3,
                    "{p:?}: {r:?} vs {want:?}"
                );
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
