//! The batch's contact manifolds: the scalar functions' in order, on one
//! thread and on all cores, for every margin and length; and beside
//! parry2d's.

use sat_visualizer::batch::{self, BatchError, Pair, Pose, Shape, collide_one};

use super::random_batch;
use super::workloads::{self, pair_size, reach};

/// The scalar manifold of one pair, on the placed shapes: the reference
/// for the batch's.
fn manifold_one(shapes: &[Shape], p: &Pair, margin: f32) -> sat_visualizer::sat::Manifold {
    use sat_visualizer::sat::{
        Circle, manifold_circles, manifold_polygon_circle, manifold_polygons,
    };
    let circle = |r: f32, pose: Pose| Circle::new(pose.position, r).unwrap();
    match (&shapes[p.a as usize], &shapes[p.b as usize]) {
        (Shape::Polygon(a), Shape::Polygon(b)) => manifold_polygons(
            &a.placed(p.pose_a.position, p.pose_a.angle),
            &b.placed(p.pose_b.position, p.pose_b.angle),
            margin,
        ),
        (Shape::Polygon(a), Shape::Circle { radius }) => manifold_polygon_circle(
            &a.placed(p.pose_a.position, p.pose_a.angle),
            &circle(*radius, p.pose_b),
            margin,
        ),
        (Shape::Circle { radius }, Shape::Polygon(b)) => manifold_polygon_circle(
            &b.placed(p.pose_b.position, p.pose_b.angle),
            &circle(*radius, p.pose_a),
            margin,
        )
        .swapped(),
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => {
            manifold_circles(&circle(*ra, p.pose_a), &circle(*rb, p.pose_b), margin)
        }
    }
}

#[test]
fn batch_manifolds_are_the_scalar_functions_in_order() {
    let (shapes, pairs) = random_batch(20_000, 0x3a11);
    let margin = 3.0;
    let mut one = Vec::new();
    batch::manifolds(&shapes, &pairs, margin, &mut one).unwrap();
    assert_eq!(one.len(), pairs.len());
    #[cfg(feature = "parallel")]
    {
        // A stale answer in `out` first: it must be cleared.
        let mut par = one[..1].to_vec();
        batch::manifolds_par(&shapes, &pairs, margin, &mut par).unwrap();
        assert_eq!(one, par, "the same answers on all cores");
    }
    let mut touching = 0;
    for (p, got) in pairs.iter().zip(&one) {
        assert_eq!(*got, manifold_one(&shapes, p, margin), "{p:?}");
        // Overlapping, the normal is the push's axis and the deepest point
        // as deep as the push (up to rounding, or a tie between faces).
        let hit = collide_one(
            &shapes[p.a as usize],
            p.pose_a,
            &shapes[p.b as usize],
            p.pose_b,
        );
        if hit.overlapping && hit.depth > 1e-2 {
            touching += 1;
            let deepest = got.deepest().expect("overlapping: points");
            // Rounding of f32 coordinates: some units in the last place of
            // the largest of them (pairs here reach 1e14 out).
            let far = p.pose_a.position.abs().max_element()
                + p.pose_b.position.abs().max_element()
                + reach(&shapes[p.a as usize])
                + reach(&shapes[p.b as usize]);
            let tol = 64.0 * f32::EPSILON * far;
            assert!(deepest <= -hit.depth + tol, "{p:?}: {got:?} vs {hit:?}");
        }
    }
    assert!(touching > 1000, "{touching}");
    // A bad batch is refused whole, as collide refuses it.
    let mut bad = pairs[..10].to_vec();
    bad[7].b = shapes.len() as u32;
    let err = batch::manifolds(&shapes, &bad, margin, &mut one).unwrap_err();
    assert!(
        matches!(err, BatchError::ShapeIndex { pair: 7, .. }),
        "{err:?}"
    );
    assert!(one.is_empty());
    bad[7].b = 0;
    bad[3].pose_a.angle = f32::NAN;
    #[cfg(feature = "parallel")]
    {
        let mut par = one.clone();
        assert!(batch::manifolds_par(&shapes, &bad, margin, &mut par).is_err());
        assert!(par.is_empty());
    }
    assert!(batch::manifolds(&shapes, &bad, margin, &mut one).is_err());
}

/// `manifolds_par` shares a batch out in pieces of at least 256 pairs,
/// and works through one of at most 256 on the calling thread: every size
/// around that bound gets `manifolds`' answers, in order, with a stale
/// answer in `out` cleared; a bad pair deep in a shared batch refuses it
/// whole, naming that pair.
#[cfg(feature = "parallel")]
#[test]
fn manifolds_par_shares_out_batches_of_every_size() {
    let (shapes, pairs) = random_batch(20_000, 23);
    let margin = 2.0;
    let mut one = Vec::new();
    batch::manifolds(&shapes, &pairs, margin, &mut one).unwrap();
    for n in [255, 256, 257, 513, 4095, 4097, 12_289, 20_000] {
        let mut par = one[n / 2..n / 2 + 1].to_vec();
        batch::manifolds_par(&shapes, &pairs[..n], margin, &mut par).unwrap();
        assert_eq!(par, one[..n], "{n} pairs");
    }
    let mut bad = pairs.clone();
    bad[17_001].pose_b.position.y = f32::INFINITY;
    let mut par = one.clone();
    assert_eq!(
        batch::manifolds_par(&shapes, &bad, margin, &mut par),
        Err(BatchError::BadPose { pair: 17_001 })
    );
    assert!(par.is_empty(), "out is left empty");
}

/// Our manifolds beside parry2d's `contact_manifold_convex_convex` (its
/// polygon clipping) on the same pairs. Where parry2d's deepest point is as
/// deep as the push (theirs is right), ours is too, with the same normal;
/// where it is not, the test counts how often, and prints it. Where they
/// give more points, theirs past the margin are the difference: parry2d
/// keeps both ends of the clipped face whatever their distance. (Ours is
/// checked against the push on every pair in
/// `batch_manifolds_are_the_scalar_functions_in_order`.)
#[test]
fn manifolds_beside_parry2ds_contact_manifolds() {
    use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
    let margin = 0.0;
    for w in [
        workloads::chapter(5000, 31),
        workloads::random_polygons(5000, 32),
        workloads::polygons_circles(5000, 33),
    ] {
        let parry = workloads::parry_shapes(&w.shapes);
        let mut ours = Vec::new();
        batch::manifolds(&w.shapes, &w.pairs, margin, &mut ours).unwrap();
        let (mut overlapping, mut theirs_right, mut theirs_off) = (0, 0, 0);
        let (mut we_have_fewer, mut we_have_more) = (0, 0);
        for (p, m) in w.pairs.iter().zip(&ours) {
            let hit = collide_one(
                &w.shapes[p.a as usize],
                p.pose_a,
                &w.shapes[p.b as usize],
                p.pose_b,
            );
            if !hit.overlapping || hit.depth < 1e-2 {
                continue;
            }
            overlapping += 1;
            let (pa, pb) = (
                workloads::parry_pose(p.pose_a),
                workloads::parry_pose(p.pose_b),
            );
            let mut theirs = ContactManifold::<(), ()>::new();
            DefaultQueryDispatcher
                .contact_manifold_convex_convex(
                    &pa.inv_mul(&pb),
                    &*parry[p.a as usize],
                    &*parry[p.b as usize],
                    None,
                    None,
                    margin,
                    &mut theirs,
                )
                .unwrap();
            let size = pair_size(&w.shapes, p);
            let tol = 1e-3 * size;
            let their_deepest = theirs
                .points
                .iter()
                .map(|c| c.dist)
                .fold(f32::INFINITY, f32::min);
            if (their_deepest + hit.depth).abs() <= tol {
                theirs_right += 1;
                let deepest = m.deepest().expect("overlapping: points");
                assert!(
                    (deepest + hit.depth).abs() <= tol,
                    "{}: parry2d {their_deepest}, ours {m:?}, the push {hit:?}",
                    w.name
                );
                // Their normal is A's outward one in A's frame: A moves
                // against it.
                let their_normal = -(pa.rotation * theirs.local_n1);
                if (their_normal - m.normal).length() < 1e-3 {
                    match m.points().len().cmp(&theirs.points.len()) {
                        std::cmp::Ordering::Less => {
                            // What they keep and we do not is a point
                            // apart by more than the margin.
                            let beyond = theirs.points.iter().filter(|c| c.dist > margin).count();
                            assert!(
                                beyond >= theirs.points.len() - m.points().len(),
                                "{}: {theirs:?} vs ours {m:?}",
                                w.name
                            );
                            we_have_fewer += 1;
                        }
                        std::cmp::Ordering::Greater => we_have_more += 1,
                        std::cmp::Ordering::Equal => {}
                    }
                }
            } else {
                theirs_off += 1;
            }
        }
        println!(
            "{}: {overlapping} overlapping; parry2d's deepest point right on {theirs_right}, \
             off on {theirs_off}; with the same normal, we have fewer points on {we_have_fewer} \
             (each a point of theirs apart by more than the margin) and more on {we_have_more}",
            w.name
        );
        assert!(theirs_right > 0, "{}", w.name);
    }
}

/// The batch manifolds, on one thread and on all cores, are the scalar
/// functions', in order, for mixed kinds and sizes (polygons of 3 to 9
/// corners, some with a repeated corner, circles; the chapter's box and
/// pentagon; random polygons), odd lengths, and margins from none through
/// ones that make most pairs speculative to ones the functions count as 0
/// (negative, NaN, infinite).
#[test]
fn batch_manifolds_for_every_margin_and_length() {
    let (shapes, pairs) = random_batch(4000, 0x51d);
    let chapter = workloads::chapter(3000, 7);
    let polygons = workloads::random_polygons(3000, 8);
    let mut checked = 0;
    for (shapes, pairs) in [
        (&shapes, &pairs),
        (&chapter.shapes, &chapter.pairs),
        (&polygons.shapes, &polygons.pairs),
    ] {
        for margin in [
            0.0,
            1e-6,
            0.05,
            0.5,
            3.0,
            1e9,
            -1.0,
            f32::NAN,
            f32::INFINITY,
        ] {
            for n in [0, 1, 7, 9, 15, 17, 333, pairs.len()] {
                let pairs = &pairs[..n.min(pairs.len())];
                let want: Vec<_> = pairs
                    .iter()
                    .map(|p| manifold_one(shapes, p, margin))
                    .collect();
                let mut got = vec![];
                batch::manifolds(shapes, pairs, margin, &mut got).unwrap();
                assert_eq!(got, want, "margin {margin}, {n} pairs");
                checked += got.len();
                #[cfg(feature = "parallel")]
                {
                    batch::manifolds_par(shapes, pairs, margin, &mut got).unwrap();
                    assert_eq!(got, want, "on all cores: margin {margin}, {n} pairs");
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}
