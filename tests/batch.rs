//! The batch engine against the scalar reference (`collide_one`), on every
//! instruction set this CPU has and on all cores; its refusals of bad
//! batches; and its verdicts against parry2d's.

#[path = "support/batch_workloads.rs"]
mod workloads;

use proptest::prelude::*;
use sat_visualizer::batch::{self, BatchError, Isa, Pair, Pose, Shape, ShapeTable, collide_one};
use sat_visualizer::sat::{MAX_COORDINATE, Polygon, SatResult, Vec2};
use workloads::{Rng, check_result, pair_size, reach, verdict_is_right};

/// A batch engine under test.
type Engine = Box<dyn Fn(&[Shape], &[Pair], &mut Vec<SatResult>) -> Result<(), BatchError>>;

/// A [`ShapeTable`] engine, the table made for the call: `out` is cleared
/// first, as `collide` clears it, so that a refused table leaves it empty.
fn on_table(
    run: impl Fn(&ShapeTable, &[Pair], &mut Vec<SatResult>) -> Result<(), BatchError> + 'static,
) -> Engine {
    Box::new(move |s, p, o| {
        o.clear();
        run(&ShapeTable::new(s)?, p, o)
    })
}

/// Every engine: each instruction set, then the parallel one; and the
/// same through a [`ShapeTable`] ([`on_table`]).
fn engines() -> Vec<(String, Engine)> {
    let mut list: Vec<(String, Engine)> = Vec::new();
    for isa in Isa::available() {
        list.push((
            isa.name().to_string(),
            Box::new(move |s, p, o| batch::collide_with(isa, s, p, o)),
        ));
        list.push((
            format!("ShapeTable {}", isa.name()),
            on_table(move |t, p, o| t.collide_with(isa, p, o)),
        ));
    }
    list.push(("collide".into(), Box::new(batch::collide)));
    list.push(("ShapeTable collide".into(), on_table(ShapeTable::collide)));
    #[cfg(feature = "parallel")]
    {
        list.push(("collide_par".into(), Box::new(batch::collide_par)));
        list.push((
            "ShapeTable collide_par".into(),
            on_table(ShapeTable::collide_par),
        ));
    }
    list
}

/// A pose at (`x`, `y`), turned by `angle` radians.
fn at(x: f32, y: f32, angle: f32) -> Pose {
    Pose {
        position: Vec2::new(x, y),
        angle,
    }
}

/// Checks one batch result against the chapter's answer, from the
/// scalar functions ([`collide_one`]); see `workloads::check_result`.
fn check(shapes: &[Shape], p: &Pair, got: &SatResult) -> Result<(), String> {
    let want = collide_one(
        &shapes[p.a as usize],
        p.pose_a,
        &shapes[p.b as usize],
        p.pose_b,
    );
    check_result(shapes, p, got, &want)
}

fn check_all(shapes: &[Shape], pairs: &[Pair]) {
    let mut out = Vec::new();
    for (name, engine) in engines() {
        engine(shapes, pairs, &mut out).expect("a valid batch");
        assert_eq!(out.len(), pairs.len(), "{name}: one result per pair");
        let mut bad = Vec::new();
        for (i, (p, r)) in pairs.iter().zip(&out).enumerate() {
            if let Err(e) = check(shapes, p, r) {
                bad.push(format!("pair {i} {p:?}: {e}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{name}: {} of {} pairs wrong, first: {}",
            bad.len(),
            pairs.len(),
            bad[0]
        );
    }
}

/// A random convex polygon of 3 to 8 corners about `scale` across, some
/// with a corner repeated and one in five centrally symmetric, of 4, 6
/// or 8 corners (`workloads::random_symmetric_polygon`).
fn polygon(rng: &mut Rng, scale: f32) -> Polygon {
    if rng.below(5) == 0 {
        let half = 2 + rng.below(3);
        return workloads::random_symmetric_polygon(rng, half, scale);
    }
    let corners = 3 + rng.below(6);
    let p = workloads::random_polygon(rng, corners, scale);
    if rng.below(4) == 0 {
        let mut pts = p.points().to_vec();
        let k = rng.below(pts.len());
        pts.insert(k, pts[k]);
        Polygon::new(pts).expect("a repeated corner keeps it valid")
    } else {
        p
    }
}

/// A batch of `n` pairs over a table in 24 scales from 1e-9 to 1e14,
/// polygons (some centrally symmetric) and circles mixed, both as A and
/// as B; pairs are near enough that about half overlap, and some angles
/// are huge.
fn random_batch(n: usize, seed: u64) -> (Vec<Shape>, Vec<Pair>) {
    let mut rng = Rng(seed);
    let per_scale = 40;
    let scales: Vec<f32> = (0..24).map(|i| 10f32.powf(-9.0 + i as f32)).collect();
    let mut shapes = Vec::new();
    for &s in &scales {
        for k in 0..per_scale {
            shapes.push(if k % 4 == 3 {
                Shape::Circle {
                    radius: s * rng.range(0.05, 0.5),
                }
            } else {
                Shape::Polygon(polygon(&mut rng, s))
            });
        }
    }
    let pairs = (0..n)
        .map(|_| {
            let bucket = rng.below(scales.len());
            let s = scales[bucket];
            let pick = |rng: &mut Rng| (bucket * per_scale + rng.below(per_scale)) as u32;
            let angle = |rng: &mut Rng| {
                if rng.below(50) == 0 {
                    rng.range(-1e6, 1e6)
                } else {
                    rng.angle()
                }
            };
            let base = Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)) * s;
            Pair {
                a: pick(&mut rng),
                pose_a: Pose {
                    position: rng.in_disk(base, 0.9 * s),
                    angle: angle(&mut rng),
                },
                b: pick(&mut rng),
                pose_b: Pose {
                    position: base,
                    angle: angle(&mut rng),
                },
            }
        })
        .collect();
    (shapes, pairs)
}

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

/// A quadrilateral with these corners.
fn quad(points: [(f32, f32); 4]) -> Shape {
    let points = points.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    Shape::Polygon(Polygon::new(points).unwrap())
}

/// For every ordered pair of `shapes` shapes, a run of `len` pairs that
/// name them: B near the origin, A within `reach` of it, both turned at
/// random.
fn runs_of_every_pair(shapes: usize, len: usize, reach: f32, rng: &mut Rng) -> Vec<Vec<Pair>> {
    let mut runs = Vec::new();
    for a in 0..shapes as u32 {
        for b in 0..shapes as u32 {
            let run = (0..len)
                .map(|_| Pair {
                    a,
                    pose_a: at(
                        rng.range(-reach, reach),
                        rng.range(-reach, reach),
                        rng.angle(),
                    ),
                    b,
                    pose_b: at(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0), rng.angle()),
                })
                .collect();
            runs.push(run);
        }
    }
    runs
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

/// That `pairs` are refused on `isa` for pair `i`'s pose, and `out`
/// left empty; `case` names the batch in a failure's message.
fn refused_for_its_pose(
    table: &ShapeTable,
    isa: Isa,
    pairs: &[Pair],
    i: usize,
    out: &mut Vec<SatResult>,
    case: &str,
) {
    let got = table.collide_with(isa, pairs, out);
    let want = Err(BatchError::BadPose { pair: i });
    assert_eq!(got, want, "{} {case}: pair {i}", isa.name());
    assert!(out.is_empty(), "{} {case}: out is left empty", isa.name());
}

/// A bad pose is refused wherever its pair lands, the buckets' merged
/// last registers included: in a batch this small (300 pairs over the
/// mixed table's 49 buckets) nearly every pair runs in one of them.
#[test]
fn a_bad_pose_in_a_merged_register_is_refused() {
    let w = workloads::table_mixed(300, 93);
    let table = ShapeTable::new(&w.shapes).unwrap();
    let mut out = Vec::new();
    for isa in Isa::available() {
        for i in (0..w.pairs.len()).step_by(3) {
            let mut pairs = w.pairs.clone();
            pairs[i].pose_b.position.y = f32::NAN;
            refused_for_its_pose(&table, isa, &pairs, i, &mut out, "merged");
        }
    }
}

/// A bad pose is refused in a bucket's whole registers of a polygon
/// against a circle too, either way round (their pairs are read where
/// they lie, not copied first): a NaN angle or an endless position, on
/// either side.
#[test]
fn a_bad_pose_in_a_polygon_circle_register_is_refused() {
    let w = workloads::table_polygons_circles(4000, 17);
    let table = ShapeTable::new(&w.shapes).unwrap();
    let flipped: Vec<Pair> = w
        .pairs
        .iter()
        .map(|p| Pair {
            a: p.b,
            pose_a: p.pose_b,
            b: p.a,
            pose_b: p.pose_a,
        })
        .collect();
    let mut out = Vec::new();
    for isa in Isa::available() {
        for (order, pairs) in [("polygon first", &w.pairs), ("circle first", &flipped)] {
            for (k, i) in [7, 1500, 3999].into_iter().enumerate() {
                let mut bad = pairs.clone();
                match k {
                    0 => bad[i].pose_a.angle = f32::NAN,
                    1 => bad[i].pose_b.position.x = f32::INFINITY,
                    _ => bad[i].pose_b.angle = f32::NAN,
                }
                refused_for_its_pose(&table, isa, &bad, i, &mut out, order);
            }
        }
    }
}

/// A table prepared once answers batch after batch as `collide` does,
/// bit for bit, in the pairs' order; a bad circle is refused up front.
#[test]
fn a_shape_table_is_prepared_once_and_kept() {
    let w = workloads::table_mixed(12_000, 77);
    let table = ShapeTable::new(&w.shapes).unwrap();
    assert_eq!((table.len(), table.is_empty()), (w.shapes.len(), false));
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for part in [&w.pairs[..], &w.pairs[5_000..5_100], &w.pairs[..1], &[]] {
        for isa in Isa::available() {
            table.collide_with(isa, part, &mut got).unwrap();
            batch::collide_with(isa, &w.shapes, part, &mut want).unwrap();
            assert_eq!(got, want, "{}", isa.name());
        }
        table.collide(part, &mut got).unwrap();
        batch::collide(&w.shapes, part, &mut want).unwrap();
        assert_eq!(got, want);
        #[cfg(feature = "parallel")]
        {
            table.collide_par(part, &mut got).unwrap();
            assert_eq!(got.len(), want.len());
            if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
                panic!(
                    "collide_par, pair {i} {:?} {:?}: {:?} vs {:?}",
                    part[i],
                    (&w.shapes[part[i].a as usize], &w.shapes[part[i].b as usize]),
                    got[i],
                    want[i]
                );
            }
        }
    }
    let mut bad = w.pairs[..100].to_vec();
    bad[42].a = w.shapes.len() as u32;
    assert_eq!(
        table.collide(&bad, &mut got),
        Err(BatchError::ShapeIndex {
            pair: 42,
            shape: w.shapes.len() as u32,
            len: w.shapes.len()
        })
    );
    assert!(got.is_empty());
    let mut shapes = w.shapes.clone();
    shapes[300] = Shape::Circle {
        radius: f32::INFINITY,
    };
    assert_eq!(
        ShapeTable::new(&shapes).unwrap_err(),
        BatchError::BadShape { shape: 300 }
    );
    assert!(ShapeTable::new(&[]).unwrap().is_empty());
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

#[test]
fn bad_batches_are_refused_whole_and_leave_out_empty() {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(2.0, 1.0).unwrap()),
        Shape::Circle { radius: 1.0 },
    ];
    let good = Pair {
        a: 0,
        pose_a: Pose::default(),
        b: 1,
        pose_b: Pose {
            position: Vec2::X,
            angle: 0.0,
        },
    };
    let bad_pose = |pose: Pose| {
        let mut pairs = vec![good; 40];
        pairs[37].pose_b = pose;
        pairs
    };
    let cases: Vec<(Vec<Shape>, Vec<Pair>, BatchError)> = vec![
        (
            shapes.clone(),
            {
                let mut p = vec![good; 40];
                p[33].b = 2;
                p
            },
            BatchError::ShapeIndex {
                pair: 33,
                shape: 2,
                len: 2,
            },
        ),
        (
            // Every pair the same bad one: the one-shape-pair fast path
            // refuses it too.
            shapes.clone(),
            vec![Pair { b: 5, ..good }; 40],
            BatchError::ShapeIndex {
                pair: 0,
                shape: 5,
                len: 2,
            },
        ),
        (
            shapes.clone(),
            {
                let mut p = vec![good; 40];
                p[0].a = u32::MAX;
                p
            },
            BatchError::ShapeIndex {
                pair: 0,
                shape: u32::MAX,
                len: 2,
            },
        ),
        (
            shapes.clone(),
            bad_pose(Pose {
                position: Vec2::new(f32::NAN, 0.0),
                angle: 0.0,
            }),
            BatchError::BadPose { pair: 37 },
        ),
        (
            shapes.clone(),
            bad_pose(Pose {
                position: Vec2::ZERO,
                angle: f32::INFINITY,
            }),
            BatchError::BadPose { pair: 37 },
        ),
        (
            shapes.clone(),
            bad_pose(Pose {
                position: Vec2::new(0.0, 2.0 * MAX_COORDINATE),
                angle: 0.0,
            }),
            BatchError::BadPose { pair: 37 },
        ),
        (
            vec![shapes[0].clone(), Shape::Circle { radius: -1.0 }],
            vec![good; 3],
            BatchError::BadShape { shape: 1 },
        ),
        (
            vec![shapes[0].clone(), Shape::Circle { radius: f32::NAN }],
            vec![good; 3],
            BatchError::BadShape { shape: 1 },
        ),
    ];
    for (shapes, pairs, want) in cases {
        for (name, engine) in engines() {
            let mut out = vec![
                SatResult {
                    overlapping: true,
                    axis: Vec2::X,
                    depth: 1.0
                };
                5
            ];
            assert_eq!(engine(&shapes, &pairs, &mut out), Err(want), "{name}");
            assert!(out.is_empty(), "{name}: out is left empty");
        }
        assert!(!want.to_string().is_empty());
    }
}

/// `collide_par` shares a batch out in runs that shrink towards its end,
/// from up to 65 536 pairs down to 1024 (or what is left), and tests one
/// of at most 1024 on the calling thread: every size around those bounds
/// gets one right result per pair, in order.
#[cfg(feature = "parallel")]
#[test]
fn collide_par_shares_out_batches_of_every_size() {
    let (shapes, pairs) = random_batch(40_000, 21);
    for n in [1023, 1024, 1025, 2049, 8191, 8193, 16_387, 40_000] {
        let pairs = &pairs[..n];
        let (mut par, mut one) = (Vec::new(), Vec::new());
        batch::collide_par(&shapes, pairs, &mut par).unwrap();
        batch::collide(&shapes, pairs, &mut one).unwrap();
        assert_eq!(par.len(), n, "{n} pairs: one result per pair");
        for (i, (p, r)) in pairs.iter().zip(&par).enumerate() {
            check(&shapes, p, r).unwrap_or_else(|e| panic!("{n} pairs, pair {i}: {e}"));
            assert_eq!(r.overlapping, one[i].overlapping, "{n} pairs, pair {i}");
        }
    }
}

/// In a batch big enough to be shared out, a bad pair in any run refuses
/// the whole batch, and of several the first is named, wherever the
/// threads met them.
#[cfg(feature = "parallel")]
#[test]
fn collide_par_names_the_first_bad_pair_of_a_shared_batch() {
    let (shapes, good) = random_batch(50_000, 22);
    let cases: Vec<(Vec<usize>, BatchError)> = vec![
        (vec![49_999], BatchError::BadPose { pair: 49_999 }),
        (vec![30_001, 45_000], BatchError::BadPose { pair: 30_001 }),
        (
            vec![45_000, 1_500, 20_000],
            BatchError::BadPose { pair: 1_500 },
        ),
    ];
    for (bad, want) in cases {
        let mut pairs = good.clone();
        for &i in &bad {
            pairs[i].pose_a.angle = f32::NAN;
        }
        let mut out = vec![
            SatResult {
                overlapping: true,
                axis: Vec2::X,
                depth: 1.0,
            };
            3
        ];
        assert_eq!(batch::collide_par(&shapes, &pairs, &mut out), Err(want));
        assert!(out.is_empty(), "out is left empty");
        assert_eq!(batch::collide(&shapes, &pairs, &mut out), Err(want));
    }
    let mut pairs = good;
    pairs[33_333].b = shapes.len() as u32;
    let mut out = Vec::new();
    assert_eq!(
        batch::collide_par(&shapes, &pairs, &mut out),
        Err(BatchError::ShapeIndex {
            pair: 33_333,
            shape: shapes.len() as u32,
            len: shapes.len(),
        })
    );
}

#[test]
fn out_is_cleared_refilled_in_order_and_keeps_its_capacity() {
    let w = workloads::chapter(1000, 9);
    let mut out = Vec::new();
    batch::collide(&w.shapes, &w.pairs, &mut out).unwrap();
    let (ptr, cap) = (out.as_ptr(), out.capacity());
    batch::collide(&w.shapes, &w.pairs[..500], &mut out).unwrap();
    assert_eq!(out.len(), 500);
    assert_eq!(
        (out.as_ptr(), out.capacity()),
        (ptr, cap),
        "the same buffer, reused"
    );
    let reversed: Vec<Pair> = w.pairs.iter().rev().copied().collect();
    let mut back = Vec::new();
    batch::collide(&w.shapes, &reversed, &mut back).unwrap();
    let mut forward = Vec::new();
    batch::collide(&w.shapes, &w.pairs, &mut forward).unwrap();
    for (i, r) in back.iter().rev().enumerate() {
        assert_eq!(
            r.overlapping, forward[i].overlapping,
            "pair {i}: results follow the pairs' order"
        );
    }
    batch::collide(&w.shapes, &[], &mut out).unwrap();
    assert!(out.is_empty());
}

#[test]
fn the_widest_instruction_set_is_chosen_and_available() {
    let best = Isa::best();
    assert!(best.is_available());
    assert!(Isa::available().iter().all(|i| i.lanes() <= best.lanes()));
    assert!(Isa::available().contains(&Isa::Scalar));
    #[cfg(target_arch = "x86_64")]
    assert!(Isa::available().contains(&Isa::Sse2));
    #[cfg(target_arch = "aarch64")]
    assert!(Isa::available().contains(&Isa::Neon));
    // A wasm32 build with SIMD runs its lanes, one without runs pair by
    // pair.
    #[cfg(target_arch = "wasm32")]
    assert_eq!(
        best,
        if cfg!(target_feature = "simd128") {
            Isa::Simd128
        } else {
            Isa::Scalar
        }
    );
    // Mixed shapes go at most as wide as the lanes, and only AVX-512 ever
    // goes narrower (8 lanes, AVX2's width, on a CPU that splits 512-bit
    // operations).
    for isa in Isa::ALL {
        let (lanes, mixed) = (isa.lanes(), isa.mixed_lanes());
        let narrower = isa == Isa::Avx512 && mixed == Isa::Avx2.lanes();
        assert!(
            mixed == lanes || narrower,
            "{isa:?}: {mixed} of {lanes} lanes"
        );
    }
}

/// Every verdict against an f64 referee ([`workloads::separation`]), and
/// beside parry2d's `contact` with no prediction (a contact means dist <=
/// 0). parry2d is not the judge: on rare pairs its `contact` finds nothing
/// where the shapes plainly overlap (one such pair in a million of the
/// random polygons, 0.144 deep, which its own `distance` calls 0). So each
/// verdict is checked by the referee, and parry2d's are too, as a check of
/// the referee: an independent library agreeing with it on all but a
/// handful of pairs is what says the referee itself is sound.
#[test]
fn verdicts_agree_with_an_f64_referee_and_with_parry2d() {
    let [polygons, polygons_circles, mixed] = workloads::tables(5000, 24);
    for w in [
        workloads::chapter(5000, 21),
        workloads::random_polygons(5000, 22),
        workloads::polygons_circles(5000, 23),
        polygons,
        polygons_circles,
        mixed,
    ] {
        let parry = workloads::parry_shapes(&w.shapes);
        let mut out = Vec::new();
        batch::collide(&w.shapes, &w.pairs, &mut out).unwrap();
        let (mut parry_wrong, mut overlapping) = (0, 0);
        for (p, r) in w.pairs.iter().zip(&out) {
            assert!(
                verdict_is_right(&w.shapes, p, r.overlapping),
                "{}: we say {r:?}, the f64 separation is {}",
                w.name,
                workloads::separation(&w.shapes, p)
            );
            let (pa, pb) = (
                workloads::parry_pose(p.pose_a),
                workloads::parry_pose(p.pose_b),
            );
            let c = parry2d::query::contact(
                &pa,
                &*parry[p.a as usize],
                &pb,
                &*parry[p.b as usize],
                0.0,
            )
            .unwrap();
            let theirs = c.is_some_and(|c| c.dist <= 0.0);
            parry_wrong += usize::from(!verdict_is_right(&w.shapes, p, theirs));
            overlapping += usize::from(r.overlapping);
        }
        assert!(
            parry_wrong <= 2,
            "{}: parry2d and the f64 referee disagree on {parry_wrong} pairs",
            w.name
        );
        // The workloads mean to be a fair mix: neither verdict rare.
        assert!(
            (500..=4500).contains(&overlapping),
            "{}: {overlapping} of 5000 overlapping",
            w.name
        );
    }
}

/// The referee itself on cases worked by hand: boxes a known distance
/// apart or into each other, a circle beside and inside a box, two
/// circles; either way round.
#[test]
fn the_f64_referee_measures_hand_worked_cases() {
    let square = quad([(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]);
    let shapes = vec![square, Shape::Circle { radius: 0.5 }];
    let pair = |a: u32, pose_a: Pose, b: u32, pose_b: Pose| Pair {
        a,
        pose_a,
        b,
        pose_b,
    };
    let o = at(0.0, 0.0, 0.0);
    let cases = [
        // Two squares 3 apart (centers 5 apart), then 0.5 into each other.
        (pair(0, at(5.0, 0.0, 0.0), 0, o), 3.0),
        (pair(0, o, 0, at(0.0, 1.5, 0.0)), -0.5),
        // Turned by 45°, the square reaches √2 along x: 5 - 1 - √2 apart.
        (
            pair(0, at(5.0, 0.0, std::f32::consts::FRAC_PI_4), 0, o),
            4.0 - std::f64::consts::SQRT_2,
        ),
        // The circle 1 right of the square's side, either way round.
        (pair(0, o, 1, at(2.5, 0.0, 0.0)), 1.0),
        (pair(1, at(2.5, 0.0, 0.0), 0, o), 1.0),
        // Off a corner: the distance is to the corner, not a side.
        (pair(0, o, 1, at(4.0, 5.0, 0.0)), 5.0 - 0.5),
        // Inside: 0.75 from the nearest side, so 1.25 into it.
        (pair(0, o, 1, at(0.25, 0.0, 0.0)), -1.25),
        // Two circles, centers 3 apart.
        (pair(1, o, 1, at(0.0, 3.0, 0.0)), 2.0),
    ];
    for (p, want) in cases {
        let got = workloads::separation(&shapes, &p);
        assert!((got - want).abs() < 1e-6, "{p:?}: {got}, want {want}");
        assert!(verdict_is_right(&shapes, &p, want <= 0.0));
        assert!(!verdict_is_right(&shapes, &p, want > 0.0));
    }
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

/// A polygon with these corners and, after them, the same corners with
/// their signs turned: centrally symmetric about its origin.
fn symmetric(half: &[(f32, f32)]) -> Shape {
    let half: Vec<Vec2> = half.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    Shape::Polygon(Polygon::new(workloads::with_opposites(&half)).unwrap())
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

/// A bad pose is refused in whichever lane of a run of one shape pair it
/// lands: every lane of the widest register (16, AVX2's two registers
/// side by side included) and of the short register at the end, a NaN,
/// an endless angle and a position beyond the limit each.
#[test]
fn a_bad_pose_in_any_lane_of_a_run_is_refused() {
    let w = workloads::chapter(40, 5);
    let table = ShapeTable::new(&w.shapes).unwrap();
    let mut out = Vec::new();
    let bad = [
        Pose {
            position: Vec2::new(f32::NAN, 0.0),
            angle: 0.0,
        },
        Pose {
            position: Vec2::ZERO,
            angle: f32::INFINITY,
        },
        Pose {
            position: Vec2::new(0.0, 2.0 * MAX_COORDINATE),
            angle: 0.0,
        },
    ];
    for isa in Isa::available() {
        for i in 0..w.pairs.len() {
            for pose in bad {
                let mut pairs = w.pairs.clone();
                pairs[i].pose_a = pose;
                assert_eq!(
                    table.collide_with(isa, &pairs, &mut out),
                    Err(BatchError::BadPose { pair: i }),
                    "{} pair {i}: {pose:?}",
                    isa.name()
                );
                assert!(out.is_empty(), "out is left empty");
            }
        }
    }
}
