//! A pair's answer is its own, bit for bit, wherever it runs: in a run of
//! one shape pair or in a bucket, beside whatever neighbours, in batches
//! cut anywhere; polygons whose shadows are cast from half their corners
//! included.

use sat_visualizer::batch::{self, Isa, Pair, Pose, Shape, ShapeTable};
use sat_visualizer::sat::{Polygon, Vec2};

use super::workloads::{self, Rng};
use super::{check_all, quad, runs_of_every_pair, symmetric};

/// A pair's answer is its own, bit for bit, whatever pairs share the
/// batch with it: the same pairs shuffled, or cut into batches of odd
/// sizes, put each pair in other registers beside other pairs (a
/// bucket's last register runs with its neighbours' buckets', with their
/// most corners), and must change no answer.
#[test]
fn a_pairs_answer_does_not_depend_on_its_neighbours() {
    let mut rng = Rng(91);
    for w in workloads::tables(9_000, 42) {
        let table = ShapeTable::new(&w.shapes).unwrap();
        // A shuffle (Fisher-Yates) of the pairs' order.
        let mut order: Vec<usize> = (0..w.pairs.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let shuffled: Vec<Pair> = order.iter().map(|&i| w.pairs[i]).collect();
        let (mut whole, mut got, mut part) = (Vec::new(), Vec::new(), Vec::new());
        for isa in Isa::available() {
            table.collide_with(isa, &w.pairs, &mut whole).unwrap();
            table.collide_with(isa, &shuffled, &mut got).unwrap();
            for (k, &i) in order.iter().enumerate() {
                assert_eq!(
                    got[k],
                    whole[i],
                    "{} {}, pair {i} shuffled",
                    w.name,
                    isa.name()
                );
            }
            got.clear();
            for cut in w.pairs.chunks(1_237) {
                table.collide_with(isa, cut, &mut part).unwrap();
                got.extend_from_slice(&part);
            }
            assert!(got == whole, "{} {}: cut into batches", w.name, isa.name());
        }
    }
}

/// A pair's answer is its own, bit for bit, whether it runs in a run of
/// one shape pair (a batch or window that begins with registers of pairs
/// naming the same two shapes) or among other pairs in a bucket: for
/// shapes with fewer axes than corners (parallel edges: a box, off its
/// origin or not, a trapezoid, a regular hexagon), a quadrilateral with
/// none, a pentagon, a triangle, a circle, and a hexagon and an octagon
/// that are centrally symmetric (as the box on its origin is, whose
/// shadows are cast from half their corners), every ordered pair of
/// them, on every instruction set, and shared out by `collide_par`.
#[test]
fn a_pairs_answer_is_the_same_in_a_run_and_in_a_bucket() {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
        quad([(-30.0, -20.0), (50.0, -20.0), (50.0, 20.0), (-30.0, 20.0)]),
        quad([(-40.0, -25.0), (40.0, -25.0), (20.0, 25.0), (-20.0, 25.0)]),
        quad([(-30.0, -20.0), (35.0, -25.0), (28.0, 22.0), (-25.0, 18.0)]),
        Shape::Polygon(Polygon::regular(6, 45.0).unwrap()),
        Shape::Polygon(Polygon::regular(5, 50.0).unwrap()),
        Shape::Polygon(Polygon::regular(3, 45.0).unwrap()),
        Shape::Circle { radius: 35.0 },
        symmetric(&[(50.0, 0.0), (25.0, 40.0), (-25.0, 40.0)]),
        symmetric(&[(45.0, -10.0), (40.0, 25.0), (10.0, 45.0), (-25.0, 40.0)]),
    ];
    let table = ShapeTable::new(&shapes).unwrap();
    let mut rng = Rng(321);
    let runs = runs_of_every_pair(shapes.len(), 40, 110.0, &mut rng);
    // Every pair, shuffled (Fisher-Yates), so that nearly every one runs
    // in a bucket.
    let mut mixed: Vec<Pair> = runs.concat();
    for i in (1..mixed.len()).rev() {
        mixed.swap(i, rng.below(i + 1));
    }
    let key = |p: &Pair| {
        (
            p.a,
            p.b,
            p.pose_a.position.x.to_bits(),
            p.pose_a.angle.to_bits(),
        )
    };
    let (mut alone, mut among) = (Vec::new(), Vec::new());
    for isa in Isa::available() {
        table.collide_with(isa, &mixed, &mut among).unwrap();
        let answer: std::collections::HashMap<_, _> =
            mixed.iter().map(key).zip(among.iter().copied()).collect();
        for run in &runs {
            table.collide_with(isa, run, &mut alone).unwrap();
            for (p, r) in run.iter().zip(&alone) {
                assert_eq!(*r, answer[&key(p)], "{} {p:?}", isa.name());
            }
        }
    }
    // Shared out, the runs one after another: threads' runs begin where
    // they may, so a pair may run in a run or in a bucket.
    #[cfg(feature = "parallel")]
    {
        let sorted: Vec<Pair> = runs
            .iter()
            .cycle()
            .take(runs.len() * 8)
            .flatten()
            .copied()
            .collect();
        let (mut par, mut one) = (Vec::new(), Vec::new());
        table.collide_par(&sorted, &mut par).unwrap();
        table.collide(&sorted, &mut one).unwrap();
        assert!(par == one, "collide_par and collide differ");
    }
}

/// A run of pairs that all name the same two shapes, then pairs whose A
/// is still the run's polygon, so that a bucket's registers find that
/// polygon in every lane already. The run needs only the polygon's own
/// axes (a regular hexagon has 3, its parallel edges removed), a bucket
/// of 6-corner polygons needs as many rows as corners: the rows the run
/// left must serve the bucket too.
#[test]
fn a_run_then_buckets_of_the_same_polygon_agree() {
    let shapes = vec![
        Shape::Polygon(Polygon::regular(6, 40.0).unwrap()),
        Shape::Polygon(Polygon::rectangle(50.0, 30.0).unwrap()),
        Shape::Polygon(Polygon::regular(5, 35.0).unwrap()),
        Shape::Circle { radius: 25.0 },
    ];
    let mut rng = Rng(99);
    let mut pairs = Vec::new();
    for (b, count) in [(1u32, 40), (2, 200), (3, 100), (1, 100)] {
        for _ in 0..count {
            pairs.push(Pair {
                a: 0,
                pose_a: Pose {
                    position: rng.in_disk(Vec2::ZERO, 60.0),
                    angle: rng.range(0.0, 7.0),
                },
                b,
                pose_b: Pose {
                    position: Vec2::ZERO,
                    angle: rng.range(0.0, 7.0),
                },
            });
        }
    }
    check_all(&shapes, &pairs);
}

/// Runs of one shape pair whose polygons are centrally symmetric about
/// their origins, whose shadows the lanes cast from half their corners:
/// a box, a parallelogram, a hexagon and an octagon, against each other
/// and against a pentagon, a triangle and a box moved off its origin
/// (not symmetric, so cast whole), each way round, so that a symmetric
/// polygon is A and B, at home and away, and each half count (2, 3, 4)
/// is run. Every pair's answer is the chapter's, on every engine.
#[test]
fn runs_of_centrally_symmetric_polygons_agree() {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
        symmetric(&[(-40.0, -25.0), (25.0, -25.0)]),
        symmetric(&[(50.0, 0.0), (25.0, 40.0), (-25.0, 40.0)]),
        symmetric(&[(45.0, -10.0), (40.0, 25.0), (10.0, 45.0), (-25.0, 40.0)]),
        Shape::Polygon(Polygon::regular(5, 50.0).unwrap()),
        Shape::Polygon(Polygon::regular(3, 45.0).unwrap()),
        quad([(-30.0, -20.0), (50.0, -20.0), (50.0, 20.0), (-30.0, 20.0)]),
    ];
    let mut rng = Rng(123);
    let mut pairs = Vec::new();
    let mut overlapping = 0;
    for run in runs_of_every_pair(shapes.len(), 37, 120.0, &mut rng) {
        // Each run alone, as a batch of one shape pair.
        check_all(&shapes, &run);
        let mut out = Vec::new();
        batch::collide(&shapes, &run, &mut out).unwrap();
        overlapping += out.iter().filter(|r| r.overlapping).count();
        pairs.extend(run);
    }
    let all = pairs.len();
    assert!(
        (all / 5..all * 4 / 5).contains(&overlapping),
        "a mix of overlaps and gaps: {overlapping} of {all}"
    );
    // And all of them in one batch: the first run, then buckets.
    check_all(&shapes, &pairs);
}
