//! Contact manifolds for many pairs: each pair's shapes placed by its
//! poses into scratch outlines that are reused from pair to pair (nothing
//! is allocated per pair), then the scalar manifold functions' steps, so
//! the answers are theirs bit for bit.
//!
//! Pairs of two polygons of up to 8 corners have their reference faces
//! searched across pairs, one pair per SIMD lane (`lanes.rs`), on the
//! instruction set [`Isa::best`] finds; everything else, and everything on
//! [`Isa::Scalar`], goes one pair at a time through the scalar functions.

use glam::Vec2;

use super::lanes::MAX_LANES;
use super::{BatchError, Isa, Pair, Pose, Shape, circle_at, isa, validate};
use crate::sat::Kept;
use crate::sat::manifold::{SmallPair, polygon_circle_by_outline, polygons_by_outline};
use crate::sat::manifold_circles;
use crate::sat::{Manifold, Polygon};

pub(crate) mod lanes;

/// What a call keeps from pair to pair: the outlines placed in the world,
/// and the pairs of small polygons waiting for a register's worth.
pub(crate) struct Scratch {
    /// A's outline, placed.
    a: Vec<Vec2>,
    /// B's outline, placed.
    b: Vec<Vec2>,
    /// Room for a register's worth of pairs ready for the lanes (one per
    /// lane, each made where it lies), of which the first `ready` are.
    group: Vec<SmallPair>,
    /// The slot each ready pair's manifold goes to.
    slot: [usize; MAX_LANES],
    /// How many pairs of `group` are ready.
    ready: usize,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            a: Vec::new(),
            b: Vec::new(),
            group: (0..MAX_LANES).map(|_| SmallPair::empty()).collect(),
            slot: [0; MAX_LANES],
            ready: 0,
        }
    }
}

/// `poly` placed by `pose` into `out`, exactly as
/// [`Polygon::placed`](crate::sat::Polygon::placed) places it (corners,
/// then axis blocks), and what it keeps there.
#[inline(always)]
fn place<'a>(poly: &Polygon, pose: Pose, out: &'a mut Vec<Vec2>) -> Kept<'a> {
    poly.place_into(Vec2::from_angle(pose.angle), pose.position, out);
    let (corners, axes) = out.split_at(poly.points().len());
    Kept {
        corners,
        axes,
        outward: poly.outward(),
    }
}

/// One (checked) pair's manifold, by the scalar functions.
fn one(shapes: &[Shape], p: &Pair, margin: f32, scratch: &mut Scratch) -> Manifold {
    match (&shapes[p.a as usize], &shapes[p.b as usize]) {
        (Shape::Polygon(a), Shape::Polygon(b)) => {
            let (a, b) = (
                place(a, p.pose_a, &mut scratch.a),
                place(b, p.pose_b, &mut scratch.b),
            );
            polygons_by_outline(a, b, margin)
        }
        (Shape::Polygon(a), Shape::Circle { radius }) => {
            let a = place(a, p.pose_a, &mut scratch.a);
            polygon_circle_by_outline(a, p.pose_b.position, *radius, margin)
        }
        (Shape::Circle { radius }, Shape::Polygon(b)) => {
            // The circle is A: the polygon's manifold against it, seen from
            // the circle's side.
            let b = place(b, p.pose_b, &mut scratch.b);
            polygon_circle_by_outline(b, p.pose_a.position, *radius, margin).swapped()
        }
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => {
            manifold_circles(&circle_at(p.pose_a, *ra), &circle_at(p.pose_b, *rb), margin)
        }
    }
}

/// Every (checked) pair's manifold into `out` (one slot per pair), one
/// pair at a time: the path of [`Isa::Scalar`].
pub(crate) fn run_scalar(
    shapes: &[Shape],
    pairs: &[Pair],
    margin: f32,
    out: &mut [Manifold],
    scratch: &mut Scratch,
) {
    for (slot, p) in out.iter_mut().zip(pairs) {
        *slot = one(shapes, p, margin, scratch);
    }
}

/// `out` cleared and made one slot per pair, each holding a manifold of no
/// points until it is written.
fn slots(out: &mut Vec<Manifold>, n: usize) {
    out.clear();
    out.resize(n, Manifold::empty(Vec2::ZERO));
}

/// The contact manifold of every pair, in order: clears `out` and fills it
/// with one [`Manifold`] per pair (the same as
/// [`manifold_polygons`](crate::sat::manifold_polygons) and its kin on the
/// placed shapes), reusing its capacity. A bad batch is refused whole, as
/// [`collide`](super::collide) refuses it, and `out` is left empty. The
/// margin works as for the scalar functions.
pub fn manifolds(
    shapes: &[Shape],
    pairs: &[Pair],
    margin: f32,
    out: &mut Vec<Manifold>,
) -> Result<(), BatchError> {
    manifolds_with(Isa::best(), shapes, pairs, margin, out)
}

/// [`manifolds`] on a chosen instruction set (to compare them):
/// [`Isa::Scalar`] takes every pair alone, the others search small
/// polygons' faces across pairs. When this CPU lacks `isa`, the widest
/// narrower one it has is used; the answers are the same either way.
pub fn manifolds_with(
    isa: Isa,
    shapes: &[Shape],
    pairs: &[Pair],
    margin: f32,
    out: &mut Vec<Manifold>,
) -> Result<(), BatchError> {
    out.clear();
    validate(shapes, pairs)?;
    slots(out, pairs.len());
    isa::manifolds(isa, shapes, pairs, margin, out, &mut Scratch::default());
    Ok(())
}

/// [`manifolds`] on all cores (through rayon): the same answers, in the
/// same order, each thread taking runs of pairs with its own scratch.
#[cfg(feature = "parallel")]
pub fn manifolds_par(
    shapes: &[Shape],
    pairs: &[Pair],
    margin: f32,
    out: &mut Vec<Manifold>,
) -> Result<(), BatchError> {
    use rayon::prelude::*;
    /// Pairs a thread takes at a time: many registers' worth, and few
    /// enough that every core gets several runs.
    const RUN: usize = 1024;
    out.clear();
    validate(shapes, pairs)?;
    slots(out, pairs.len());
    let isa = Isa::best();
    out.par_chunks_mut(RUN)
        .zip(pairs.par_chunks(RUN))
        .for_each_init(Scratch::default, |scratch, (out, pairs)| {
            isa::manifolds(isa, shapes, pairs, margin, out, scratch)
        });
    Ok(())
}
