//! The batch engine against the scalar reference (`collide_one`), on every
//! instruction set this CPU has and on all cores; its refusals of bad
//! batches; its verdicts against parry2d's; and the throughput example's
//! report of the speed targets. This file holds what the
//! tests share: the engines, the checks and the random batches; each
//! module beside it tests one thing.

mod answers;
mod calls;
mod manifolds;
mod referee;
mod refusals;
mod runs_and_buckets;
mod target_report;

#[path = "../support/batch_workloads.rs"]
mod workloads;

/// `examples/throughput.rs`'s report of issue 13's targets, tested in
/// `target_report`.
#[path = "../../examples/support/targets.rs"]
mod targets;

use sat_visualizer::batch::{self, BatchError, Isa, Pair, Pose, Shape, ShapeTable, collide_one};
use sat_visualizer::sat::{Polygon, SatResult, Vec2};
use workloads::{Rng, check_result};

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
/// with a corner repeated, one in five centrally symmetric, of 4, 6 or 8
/// corners (`workloads::random_symmetric_polygon`), and one in ten such a
/// polygon moved off its origin by up to its size (its edges then still
/// come in parallel pairs, but for rounding).
fn polygon(rng: &mut Rng, scale: f32) -> Polygon {
    let kind = rng.below(10);
    if kind < 3 {
        let half = 2 + rng.below(3);
        let p = workloads::random_symmetric_polygon(rng, half, scale);
        if kind < 2 {
            return p;
        }
        let off = glam::Vec2::new(rng.range(-scale, scale), rng.range(-scale, scale));
        let moved = p.points().iter().map(|&c| c + off).collect();
        return Polygon::new(moved).expect("a moved convex polygon");
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

/// A polygon with these corners and, after them, the same corners with
/// their signs turned: centrally symmetric about its origin.
fn symmetric(half: &[(f32, f32)]) -> Shape {
    let half: Vec<Vec2> = half.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    Shape::Polygon(Polygon::new(workloads::with_opposites(&half)).unwrap())
}
