//! Every engine gives the chapter's answers: on random batches at every
//! scale, the benchmarks' workloads and tables, polygons too large for the
//! lanes, and the cases worked by hand (the chapter's scene, the first gap,
//! a circle at a corner); and on small batches found by proptest.

use proptest::prelude::*;
use sat_visualizer::batch::{self, Pair, Pose, Shape, collide_one};
use sat_visualizer::sat::{Polygon, Vec2};

use super::workloads::{self, Rng, reach};
use super::{at, check, check_all, engines, polygon, random_batch};

#[test]
fn hundred_thousand_random_pairs_agree_with_the_scalar_test() {
    let (shapes, pairs) = random_batch(100_000, 7);
    let mut out = Vec::new();
    batch::collide(&shapes, &pairs, &mut out).unwrap();
    let overlapping = out.iter().filter(|r| r.overlapping).count();
    assert!(
        (20_000..80_000).contains(&overlapping),
        "a mix of overlaps and gaps: {overlapping}"
    );
    // Every kind of pair, many times: polygon–polygon, polygon–circle,
    // circle–polygon, circle–circle.
    let is_circle = |i: u32| matches!(shapes[i as usize], Shape::Circle { .. });
    let mut kinds = [0usize; 4];
    for p in &pairs {
        kinds[is_circle(p.a) as usize * 2 + is_circle(p.b) as usize] += 1;
    }
    assert!(kinds.iter().all(|&k| k > 4_000), "kinds {kinds:?}");
    // Centrally symmetric polygons at every scale, tiny and huge.
    for (scale, group) in shapes.chunks(40).enumerate() {
        let symmetric = group
            .iter()
            .filter(|s| matches!(s, Shape::Polygon(p) if p.is_centrally_symmetric()))
            .count();
        assert!(symmetric >= 2, "scale {scale}: {symmetric} symmetric");
    }
    check_all(&shapes, &pairs);
}

#[test]
fn sorted_batches_and_the_benchmark_scenes_agree() {
    // Runs of one kind (the SIMD kernels with every lane alike, then
    // lanes that differ) and the three benchmark workloads.
    let (shapes, mut pairs) = random_batch(20_000, 11);
    pairs.sort_by_key(|p| {
        (
            matches!(shapes[p.a as usize], Shape::Circle { .. }),
            matches!(shapes[p.b as usize], Shape::Circle { .. }),
            p.a,
            p.b,
        )
    });
    check_all(&shapes, &pairs);
    for w in [
        workloads::chapter(20_000, 1),
        workloads::random_polygons(20_000, 2),
        workloads::polygons_circles(20_000, 3),
    ] {
        check_all(&w.shapes, &w.pairs);
    }
}

/// The world-like tables of 512 different shapes, pairs at random (the
/// benchmarks' workloads), on every engine: every pair's answer the
/// chapter's. Big enough for many windows of pairs, each grouped by kind
/// and corner count and put back in order.
#[test]
fn the_512_shape_tables_agree_on_every_engine() {
    for w in workloads::tables(30_000, 4) {
        let is_circle = |i: u32| matches!(w.shapes[i as usize], Shape::Circle { .. });
        let mut kinds = [0usize; 4];
        for p in &w.pairs {
            kinds[is_circle(p.a) as usize * 2 + is_circle(p.b) as usize] += 1;
        }
        match w.name {
            "512 polygons" => assert_eq!(kinds[0], w.pairs.len()),
            "512 poly vs circle" => assert_eq!(kinds[1], w.pairs.len()),
            _ => assert!(kinds.iter().all(|&k| k > 1000), "{}: {kinds:?}", w.name),
        }
        check_all(&w.shapes, &w.pairs);
    }
}

/// A world of boxes (half the table, the rest polygons and circles), on
/// every engine: the boxes' buckets try their 2 axes and cast their
/// shadows from 2 corners, and every pair's answer is still the
/// chapter's.
#[test]
fn a_world_of_boxes_agrees_on_every_engine() {
    check_world(workloads::table_boxes(10_000, 7), |p| {
        p.is_centrally_symmetric()
    });
}

/// A world of tiles (boxes given from a corner, half the table; the rest
/// polygons and circles), on every engine: the tiles' buckets try their 2
/// axes and cast their shadows from all 4 corners, and every pair's
/// answer is still the chapter's.
#[test]
fn a_world_of_tiles_agrees_on_every_engine() {
    check_world(workloads::table_tiles(10_000, 8), |p| {
        p.points().len() == 4 && p.points()[0] == Vec2::ZERO
    });
}

/// Every engine on world `w`, half of whose shapes are boxes (`is_box`
/// tells them), with many pairs of two boxes among its pairs.
fn check_world(w: workloads::Workload, is_box: impl Fn(&Polygon) -> bool) {
    let is_box = |i: u32| matches!(&w.shapes[i as usize], Shape::Polygon(p) if is_box(p));
    let boxes = w
        .pairs
        .iter()
        .filter(|p| is_box(p.a) && is_box(p.b))
        .count();
    assert!(boxes > 2000, "{}: only {boxes} pairs of two boxes", w.name);
    check_all(&w.shapes, &w.pairs);
}

#[test]
fn polygons_too_large_for_the_lanes_and_odd_lengths() {
    let shapes = vec![
        Shape::Polygon(Polygon::regular(20, 50.0).unwrap()),
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
        Shape::Circle { radius: 30.0 },
        Shape::Polygon(Polygon::regular(9, 40.0).unwrap()),
    ];
    let mut rng = Rng(5);
    for n in [1, 3, 5, 17, 33, 100] {
        let pairs: Vec<Pair> = (0..n)
            .map(|_| Pair {
                a: rng.below(4) as u32,
                pose_a: Pose {
                    position: rng.in_disk(Vec2::ZERO, 150.0),
                    angle: rng.angle(),
                },
                b: rng.below(4) as u32,
                pose_b: Pose {
                    position: Vec2::ZERO,
                    angle: rng.angle(),
                },
            })
            .collect();
        check_all(&shapes, &pairs);
    }
}

#[test]
fn the_chapter_scene_gives_the_chapter_answers() {
    // The box 140×90 just right of the pentagon of radius 80: the box's
    // left side at x = 1 is inside the pentagon's right corner.
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
        Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
    ];
    let right = Vec2::from_angle(-std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU / 5.0) * 80.0;
    let pairs = [
        Pair {
            a: 0,
            pose_a: Pose {
                position: Vec2::new(right.x + 69.0, right.y),
                angle: 0.0,
            },
            b: 1,
            pose_b: Pose::default(),
        },
        Pair {
            a: 0,
            pose_a: Pose {
                position: Vec2::new(right.x + 75.0, right.y),
                angle: 0.0,
            },
            b: 1,
            pose_b: Pose::default(),
        },
    ];
    for (name, engine) in engines() {
        let mut out = Vec::new();
        engine(&shapes, &pairs, &mut out).unwrap();
        assert!(out[0].overlapping, "{name}");
        assert!(
            (out[0].depth - 1.0).abs() < 1e-3,
            "{name}: the push is 1 px: {:?}",
            out[0]
        );
        assert!(
            out[0].axis.distance(Vec2::X) < 1e-5,
            "{name}: the box moves right: {:?}",
            out[0]
        );
        assert!(!out[1].overlapping, "{name}");
        assert!(
            (out[1].depth - 5.0).abs() < 1e-3,
            "{name}: a 5 px gap: {:?}",
            out[1]
        );
        assert!(
            out[1].axis.distance(Vec2::X) < 1e-5,
            "{name}: from the pentagon towards the box: {:?}",
            out[1]
        );
    }
}

#[test]
fn apart_the_answer_is_the_first_gap_in_order_not_the_widest() {
    let (shapes, pairs, want) = workloads::first_gap_cases();
    for (p, w) in pairs.iter().zip(&want) {
        let one = collide_one(
            &shapes[p.a as usize],
            p.pose_a,
            &shapes[p.b as usize],
            p.pose_b,
        );
        assert_eq!(one, *w, "collide_one {p:?}");
    }
    for (name, engine) in engines() {
        let mut out = Vec::new();
        engine(&shapes, &pairs, &mut out).unwrap();
        for ((p, got), w) in pairs.iter().zip(&out).zip(&want) {
            assert!(!got.overlapping, "{name} {p:?}: {got:?}");
            assert!(
                got.axis.distance(w.axis) < 1e-6 && (got.depth - w.depth).abs() < 1e-6,
                "{name} {p:?}: {got:?}, want {w:?}"
            );
        }
    }
}

/// A circle against a polygon's corner, where the answer may be the
/// circle's own axis (from the nearest corner towards the center): just
/// apart and just overlapping there (where the push on it is measured
/// along the scaled offset and divided by its length: dropping that
/// division fails here), a center exactly on a corner (no axis of its
/// own) and a hair from one (the offset 1.2e-7, and below f32's least
/// normal number, whose square is 0), turned and not, either shape as A.
/// Every engine gives the scalar test's answer.
#[test]
fn a_circle_at_a_corner_gets_the_scalar_tests_answer() {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(2.0, 2.0).unwrap()),
        // A corner exactly at its own origin.
        Shape::Polygon(
            Polygon::new(vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(2.0, 0.0),
                Vec2::new(0.0, 2.0),
            ])
            .unwrap(),
        ),
        Shape::Circle { radius: 0.4 },
    ];
    let hair = f32::from_bits(1.0f32.to_bits() + 1);
    let tiny = 1e-40;
    let mut pairs = Vec::new();
    for (polygon, pose, center) in [
        // The box's corner (1, 1): apart by 0.024 on the circle's axis,
        // then overlapping by 0.117 on it, on the corner, a hair off it.
        (0, at(0.0, 0.0, 0.0), Vec2::new(1.3, 1.3)),
        (0, at(0.0, 0.0, 0.0), Vec2::new(1.2, 1.2)),
        (0, at(0.0, 0.0, 0.0), Vec2::new(1.0, 1.0)),
        (0, at(0.0, 0.0, 0.0), Vec2::new(hair, hair)),
        (0, at(0.0, 0.0, 0.0), Vec2::new(hair, 1.0)),
        // The triangle's corner at its origin: on it, and a subnormal
        // offset from it, straight and on a slant.
        (1, at(0.0, 0.0, 0.0), Vec2::new(0.0, 0.0)),
        (1, at(0.0, 0.0, 0.0), Vec2::new(-tiny, -tiny)),
        (1, at(0.0, 0.0, 0.0), Vec2::new(-tiny, -3.0 * tiny)),
        (1, at(0.0, 0.0, 0.0), Vec2::new(-tiny, 0.0)),
        // Turned: the circle on the turned corner, and beyond it.
        (1, at(5.0, -2.0, 0.7), Vec2::new(5.0, -2.0)),
        (1, at(5.0, -2.0, 0.7), Vec2::new(4.7, -2.2)),
    ] {
        let circle = at(center.x, center.y, 0.3);
        pairs.push(Pair {
            a: polygon,
            pose_a: pose,
            b: 2,
            pose_b: circle,
        });
        pairs.push(Pair {
            a: 2,
            pose_a: circle,
            b: polygon,
            pose_b: pose,
        });
    }
    // Full registers of these pairs on every instruction set, and the
    // pairs alone.
    let many: Vec<Pair> = pairs
        .iter()
        .cycle()
        .take(16 * pairs.len())
        .copied()
        .collect();
    check_all(&shapes, &pairs);
    check_all(&shapes, &many);
    // The first pair's answer, worked by hand: apart on the circle's
    // axis, from the circle towards the box.
    let mut out = Vec::new();
    batch::collide(&shapes, &pairs[..1], &mut out).unwrap();
    let gap = 0.3 * std::f32::consts::SQRT_2 - 0.4;
    let toward_a = Vec2::new(-1.0, -1.0).normalize();
    assert!(!out[0].overlapping, "{:?}", out[0]);
    assert!(
        (out[0].depth - gap).abs() < 1e-5 && out[0].axis.distance(toward_a) < 1e-5,
        "{:?}, want a gap of {gap} along {toward_a:?}",
        out[0]
    );
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (3usize..=8, 1e-3f32..1e6, any::<u64>())
            .prop_map(|(k, s, seed)| Shape::Polygon(polygon(&mut Rng(seed ^ k as u64), s))),
        (0.0f32..1e6).prop_map(|radius| Shape::Circle { radius }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Small batches for shrinking: one shape pair at up to 20 poses.
    #[test]
    fn any_small_batch_agrees(a in arb_shape(), b in arb_shape(), poses in prop::collection::vec((-3.0f32..3.0, -3.0f32..3.0, -10.0f32..10.0, -10.0f32..10.0), 1..20)) {
        let scale = reach(&a).max(reach(&b));
        let shapes = vec![a, b];
        let pairs: Vec<Pair> = poses
            .iter()
            .map(|&(x, y, ta, tb)| Pair { a: 0, pose_a: Pose { position: Vec2::new(x, y) * scale, angle: ta }, b: 1, pose_b: Pose { position: Vec2::ZERO, angle: tb } })
            .collect();
        let mut out = Vec::new();
        for (name, engine) in engines() {
            engine(&shapes, &pairs, &mut out).unwrap();
            for (p, r) in pairs.iter().zip(&out) {
                if let Err(e) = check(&shapes, p, r) {
                    prop_assert!(false, "{}: {}", name, e);
                }
            }
        }
    }
}
