//! Contact manifolds for many pairs: each pair's shapes placed by its
//! poses into scratch outlines that are reused from pair to pair (nothing
//! is allocated per pair), then the scalar manifold functions, so the
//! answers are theirs bit for bit.

use glam::Vec2;

use super::{BatchError, Pair, Pose, Shape, circle_at, validate};
use crate::sat::Kept;
use crate::sat::manifold::{polygon_circle_by_outline, polygons_by_outline};
use crate::sat::manifold_circles;
use crate::sat::{Manifold, Polygon};

/// Outlines placed in the world, kept from pair to pair.
#[derive(Default)]
struct Scratch {
    a: Vec<Vec2>,
    b: Vec<Vec2>,
}

/// `poly` placed by `pose` into `out`, exactly as
/// [`Polygon::placed`](crate::sat::Polygon::placed) places it (corners,
/// then axis blocks), and what it keeps there.
fn place<'a>(poly: &Polygon, pose: Pose, out: &'a mut Vec<Vec2>) -> Kept<'a> {
    poly.place_into(Vec2::from_angle(pose.angle), pose.position, out);
    let (corners, axes) = out.split_at(poly.points().len());
    Kept {
        corners,
        axes,
        outward: poly.outward(),
    }
}

/// One (checked) pair's manifold.
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
    out.clear();
    validate(shapes, pairs)?;
    let mut scratch = Scratch::default();
    out.extend(pairs.iter().map(|p| one(shapes, p, margin, &mut scratch)));
    Ok(())
}

/// The fewest pairs a thread is given at a time by [`manifolds_par`]; a
/// batch of no more than this many is worked through on the calling
/// thread. A manifold here takes 100-150 ns a pair, 5-15x a batched SAT
/// test, so this is a quarter of `collide_par`'s least run: about as long
/// in time (30-40 us). Handed to rayon whole, as before this bound, 256
/// pairs took 1.1-2.9x the time of one thread, called every 16 ms or
/// call after call, on a 2-vCPU virtual machine where rayon's threads
/// were slow to wake.
#[cfg(feature = "parallel")]
const MIN_RUN: usize = 256;

/// [`manifolds`] on all cores (through rayon): the same answers, in the
/// same order. A batch too small to be worth sharing out stays on the
/// calling thread, and no thread is given fewer than 256 pairs.
#[cfg(feature = "parallel")]
pub fn manifolds_par(
    shapes: &[Shape],
    pairs: &[Pair],
    margin: f32,
    out: &mut Vec<Manifold>,
) -> Result<(), BatchError> {
    if pairs.len() <= MIN_RUN || rayon::current_num_threads() < 2 {
        return manifolds(shapes, pairs, margin, out);
    }
    // rayon's own split and collect, with the calling thread waiting,
    // not working too as in `collide_par`. That was tried (runs of 256 to
    // 1024 or 4096 pairs, `out` filled beforehand so that each run wrote
    // its own slice): on two cores, call after call, it took 1.03-1.32x
    // the time of this on 20 000 pairs (`benches/manifolds.rs`, builds
    // alternated), with no steady gain once a frame. Likely causes: the
    // filling, and the pool's idle thread looking for work beside the two
    // working ones on two cores.
    use rayon::prelude::*;
    out.clear();
    validate(shapes, pairs)?;
    pairs
        .par_iter()
        .with_min_len(MIN_RUN)
        .map_init(Scratch::default, |scratch, p| {
            one(shapes, p, margin, scratch)
        })
        .collect_into_vec(out);
    Ok(())
}
