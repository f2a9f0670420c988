//! Contact manifolds: the chapter's worked example, the shapes a solver
//! meets most (a box resting on a box, a corner into an edge), bad
//! margins, and 100 000 random pairs against the Minkowski oracle, with
//! the boundaries measured in f64.

use glam::DVec2;
use sat_visualizer::sat::{
    Circle, Feature, Manifold, Polygon, Vec2, feature_id, manifold_circles,
    manifold_polygon_circle, manifold_polygons, sat_polygon_circle, sat_polygons,
};

use super::oracle;
use super::rng::Rng;

fn square(x0: f32, y0: f32, side: f32) -> Polygon {
    Polygon::new(vec![
        Vec2::new(x0, y0),
        Vec2::new(x0 + side, y0),
        Vec2::new(x0 + side, y0 + side),
        Vec2::new(x0, y0 + side),
    ])
    .unwrap()
}

fn near(a: f32, b: f32, tol: f32) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn the_worked_example_touches_along_an_edge_at_two_points() {
    let a = square(0.0, 0.0, 2.0);
    let b = Polygon::new(vec![
        Vec2::new(1.0, 1.5),
        Vec2::new(4.0, 1.5),
        Vec2::new(1.0, 4.5),
    ])
    .unwrap();
    let m = manifold_polygons(&a, &b, 0.0);
    assert_eq!(m.normal, Vec2::new(0.0, -1.0), "{m:?}");
    assert_eq!(m.normal, sat_polygons(&a, &b).axis);
    let mut xs: Vec<f32> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(f32::total_cmp);
    assert_eq!(m.points().len(), 2, "{m:?}");
    assert!(near(xs[0], 1.0, 1e-6) && near(xs[1], 2.0, 1e-6), "{m:?}");
    for p in m.points() {
        assert!(near(p.point.y, 1.75, 1e-6), "{m:?}");
        assert!(near(p.separation, -0.5, 1e-6), "{m:?}");
    }
    // The two points are different features, each its own id.
    assert_ne!(m.points()[0].id, m.points()[1].id);
}

#[test]
fn a_box_resting_on_a_box_gets_two_points_and_a_corner_one() {
    // A sits on B, sunk 0.25 in: y grows down, so A moves up.
    let b = Polygon::rectangle(200.0, 20.0)
        .unwrap()
        .placed(Vec2::new(0.0, 0.0), 0.0);
    let a = Polygon::rectangle(40.0, 40.0)
        .unwrap()
        .placed(Vec2::new(10.0, -29.75), 0.0);
    let m = manifold_polygons(&a, &b, 0.0);
    assert_eq!(m.points().len(), 2, "{m:?}");
    assert!((m.normal - Vec2::new(0.0, -1.0)).length() < 1e-6, "{m:?}");
    for p in m.points() {
        assert!(near(p.separation, -0.25, 1e-4), "{m:?}");
        assert!(near(p.point.y, -10.0 + 0.125, 1e-4), "{m:?}");
    }
    // Turned 30°, a corner pokes into B's top face: one point.
    let tilted = Polygon::rectangle(40.0, 40.0)
        .unwrap()
        .placed(Vec2::new(10.0, -36.0), std::f32::consts::FRAC_PI_6);
    let m = manifold_polygons(&tilted, &b, 0.0);
    assert_eq!(m.points().len(), 1, "{m:?}");
    let depth = sat_polygons(&tilted, &b).depth;
    assert!(near(m.points()[0].separation, -depth, 1e-3), "{m:?}");
}

#[test]
fn speculative_points_within_the_margin_and_none_beyond() {
    let b = square(0.0, 0.0, 10.0);
    // Corner to corner, 3-4-5 apart: the true distance, not either axis's
    // gap (3 or 4).
    let a = square(13.0, 14.0, 10.0);
    assert!(manifold_polygons(&a, &b, 4.9).points().is_empty());
    let m = manifold_polygons(&a, &b, 5.0);
    assert_eq!(m.points().len(), 1, "{m:?}");
    assert!(near(m.points()[0].separation, 5.0, 1e-5), "{m:?}");
    assert!((m.normal - Vec2::new(0.6, 0.8)).length() < 1e-6, "{m:?}");
    assert_eq!(
        m.points()[0].id,
        feature_id(Feature::Corner(0), Feature::Corner(2))
    );
    // Face to face, 2 apart: two points at +2.
    let beside = square(12.0, 3.0, 4.0);
    let m = manifold_polygons(&beside, &b, 2.5);
    assert_eq!(m.points().len(), 2, "{m:?}");
    assert!(m.points().iter().all(|p| near(p.separation, 2.0, 1e-5)));
    assert_eq!(m.normal, Vec2::X);
    // A NaN, infinite or negative margin counts as 0.
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -1.0] {
        assert!(manifold_polygons(&beside, &b, bad).points().is_empty());
        let c = Circle::new(Vec2::new(30.0, 5.0), 1.0).unwrap();
        assert!(manifold_polygon_circle(&b, &c, bad).points().is_empty());
        let d = Circle::new(Vec2::new(0.0, 0.0), 1.0).unwrap();
        assert!(manifold_circles(&c, &d, bad).points().is_empty());
    }
}

#[test]
fn circles_touch_at_one_point_on_the_line_between_centers() {
    let a = Circle::new(Vec2::new(0.0, 0.0), 5.0).unwrap();
    let b = Circle::new(Vec2::new(8.0, 0.0), 5.0).unwrap();
    let m = manifold_circles(&a, &b, 0.0);
    assert_eq!(m.normal, Vec2::new(-1.0, 0.0));
    assert_eq!(m.points().len(), 1);
    assert!(near(m.points()[0].separation, -2.0, 1e-6));
    assert!((m.points()[0].point - Vec2::new(4.0, 0.0)).length() < 1e-6);
    // The chapter's step 5: a corner of the box just inside the circle.
    let the_box = Polygon::rectangle(140.0, 90.0)
        .unwrap()
        .placed(Vec2::new(508.0, 290.0), 0.3);
    let circle = Circle::new(Vec2::new(620.0, 380.0), 80.0).unwrap();
    let m = manifold_polygon_circle(&the_box, &circle, 0.0);
    let hit = sat_polygon_circle(&the_box, &circle);
    assert_eq!(m.points().len(), 1);
    assert!((m.normal - hit.axis).length() < 1e-4, "{m:?} vs {hit:?}");
    assert!(near(m.points()[0].separation, -hit.depth, 1e-3));
}

/// A random convex polygon: 3 to 8 corners at sorted angles on a circle of
/// radius 5 to 150 (one in five with 9 to 16, which the manifold reads
/// where it lies rather than copying), squashed a little, placed anywhere
/// within ±120.
fn random_polygon(rng: &mut Rng) -> Polygon {
    loop {
        let n = if rng.below(5) == 0 {
            9 + rng.below(8)
        } else {
            3 + rng.below(6)
        };
        let r = 5.0 + rng.unit() * 145.0;
        let mut angles: Vec<f32> = (0..n).map(|_| rng.unit() * std::f32::consts::TAU).collect();
        angles.sort_by(f32::total_cmp);
        let squash = 0.4 + rng.unit() * 0.6;
        let corners: Vec<Vec2> = angles
            .iter()
            .map(|&t| Vec2::new(t.cos() * r, t.sin() * r * squash))
            .collect();
        if let Ok(p) = Polygon::new(corners) {
            let at = Vec2::new(rng.unit() * 240.0 - 120.0, rng.unit() * 240.0 - 120.0);
            return p.placed(at, rng.unit() * 7.0);
        }
    }
}

fn f64s(p: &Polygon) -> Vec<DVec2> {
    p.points().iter().map(|c| c.as_dvec2()).collect()
}

/// How far `p` is from the outline `corners`, in f64.
fn to_boundary(p: DVec2, corners: &[DVec2]) -> f64 {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % n]);
            let e = b - a;
            let t = ((p - a).dot(e) / e.length_squared().max(1e-300)).clamp(0.0, 1.0);
            (a + e * t).distance(p)
        })
        .fold(f64::INFINITY, f64::min)
}

/// What the random run saw, for the report and the bounds.
#[derive(Debug, Default)]
struct Tally {
    overlapping: usize,
    speculative: usize,
    deepest_cut_off: usize,
    ids_changed: usize,
    points: usize,
}

/// Checks one manifold of A against B (B a polygon's corners) against the
/// oracle; `margin` as given to it.
fn check_polygons(a: &Polygon, b: &Polygon, margin: f32, tally: &mut Tally) {
    let m = manifold_polygons(a, b, margin);
    let (ca, cb) = (f64s(a), f64s(b));
    let truth = oracle::polygons(&ca, &cb);
    let scale = a
        .points()
        .iter()
        .chain(b.points())
        .map(|p| p.abs().max_element())
        .fold(1.0, f32::max) as f64;
    // f32 coordinates a few hundred px out: a few units in the last place
    // of the largest coordinate, times the steps the answer takes.
    let tol = 64.0 * f32::EPSILON as f64 * scale;
    assert!((m.normal.length() - 1.0).abs() < 1e-5, "{m:?}");
    ends_on_the_boundaries(&m, &ca, &cb, tol);
    tally.points += m.points().len();
    if truth.overlapping {
        tally.overlapping += 1;
        assert!(!m.points().is_empty(), "overlapping, no points: {m:?}");
        let deepest = m.deepest().unwrap() as f64;
        // The deepest point's separation is minus the push, unless the
        // incident face's deepest corner lies past the reference face's
        // side and clipping cut it off; then it is shallower.
        assert!(
            deepest >= -truth.depth - tol,
            "{deepest} vs -{}",
            truth.depth
        );
        if deepest > -truth.depth + tol {
            tally.deepest_cut_off += 1;
        }
        // The normal is the test's axis, unless two faces tie for the
        // least overlap (then either is a shortest push).
        let hit = sat_polygons(a, b);
        if (m.normal - hit.axis).length() > 1e-3 {
            let along = truth_push_along(&ca, &cb, m.normal.as_dvec2());
            assert!(
                (along - truth.depth).abs() <= tol,
                "{m:?} vs {hit:?}: {along} vs {}",
                truth.depth
            );
        }
    } else if truth.depth <= margin as f64 - tol {
        tally.speculative += 1;
        let deepest = m.deepest().expect("apart within the margin: points") as f64;
        assert!(
            (deepest - truth.depth).abs() <= tol,
            "{m:?}: {deepest} vs the distance {}",
            truth.depth
        );
    } else if truth.depth > margin as f64 + tol {
        assert!(m.points().is_empty(), "farther than the margin: {m:?}");
    }
}

/// How far A must move along `n` to get out of B: A's shadow's start
/// past B's shadow's end, by the oracle's own f64 corners.
fn truth_push_along(a: &[DVec2], b: &[DVec2], n: DVec2) -> f64 {
    let a_min = a.iter().map(|p| p.dot(n)).fold(f64::INFINITY, f64::min);
    let b_max = b.iter().map(|p| p.dot(n)).fold(f64::NEG_INFINITY, f64::max);
    b_max - a_min
}

fn ends_on_the_boundaries(m: &Manifold, a: &[DVec2], b: &[DVec2], tol: f64) {
    let n = m.normal.as_dvec2();
    for p in m.points() {
        let half = n * (p.separation as f64 / 2.0);
        let (on_a, on_b) = (p.point.as_dvec2() + half, p.point.as_dvec2() - half);
        let (da, db) = (to_boundary(on_a, a), to_boundary(on_b, b));
        assert!(da <= tol && db <= tol, "{m:?}: {da} from A, {db} from B");
    }
}

#[test]
fn random_pairs_agree_with_the_minkowski_oracle() {
    let mut rng = Rng(0x5eed_0012);
    let mut tally = Tally::default();
    let margin = 4.0;
    for k in 0..100_000 {
        let (a, b) = if k % 4 == 3 {
            // Flush faces: two boxes turned alike (a quarter turn apart
            // at most), so that the push leaves them edge on edge.
            let turn = rng.unit() * 7.0;
            let size = |rng: &mut Rng| 5.0 + rng.unit() * 100.0;
            let b = Polygon::rectangle(size(&mut rng), size(&mut rng)).unwrap();
            let a = Polygon::rectangle(size(&mut rng), size(&mut rng)).unwrap();
            let quarter = rng.below(4) as f32 * std::f32::consts::FRAC_PI_2;
            let at = Vec2::new(rng.unit() * 100.0 - 50.0, rng.unit() * 100.0 - 50.0);
            (a.placed(at, turn + quarter), b.placed(Vec2::ZERO, turn))
        } else {
            (random_polygon(&mut rng), random_polygon(&mut rng))
        };
        // Two pairs in three that overlap are moved out by the push, to
        // touch B face to face or corner to face, then nudged a hair
        // either way (flush and near-touching pairs).
        let hit = sat_polygons(&a, &b);
        let a = if hit.overlapping && k % 3 != 0 {
            let nudge = (rng.unit() - 0.5) * 0.2;
            a.placed(hit.axis * (hit.depth + nudge), 0.0)
        } else {
            a
        };
        check_polygons(&a, &b, margin, &mut tally);
        // The same features touch after a tiny move: the same ids.
        let before = manifold_polygons(&a, &b, margin);
        let moved = a.placed(Vec2::new(1e-3, -1e-3), 0.0);
        let after = manifold_polygons(&moved, &b, margin);
        let ids = |m: &Manifold| {
            let mut v: Vec<u32> = m.points().iter().map(|p| p.id).collect();
            v.sort();
            v
        };
        if ids(&before) != ids(&after) {
            tally.ids_changed += 1;
        }
    }
    println!("{tally:?}");
    assert!(
        tally.overlapping > 20_000 && tally.speculative > 1_000,
        "{tally:?}"
    );
    // Clipping cuts the deepest corner off only where a corner overhangs
    // the reference face: rare.
    assert!(tally.deepest_cut_off * 100 < tally.overlapping, "{tally:?}");
    // A move of a thousandth of a pixel changes which features touch only
    // where the pair sits on a boundary between them.
    assert!(tally.ids_changed * 200 < 100_000, "{tally:?}");
}

#[test]
fn random_polygons_and_circles_agree_with_the_oracle() {
    let mut rng = Rng(0x5eed_0013);
    let margin = 4.0;
    let (mut overlapping, mut speculative) = (0, 0);
    for _ in 0..100_000 {
        let a = random_polygon(&mut rng);
        let center = Vec2::new(rng.unit() * 500.0 - 250.0, rng.unit() * 500.0 - 250.0);
        let b = Circle::new(center, 2.0 + rng.unit() * 150.0).unwrap();
        let m = manifold_polygon_circle(&a, &b, margin);
        let ca = f64s(&a);
        let truth = oracle::polygon_circle(&ca, b.center.as_dvec2(), b.radius as f64);
        let tol = 64.0 * f32::EPSILON as f64 * 800.0;
        for p in m.points() {
            let half = m.normal.as_dvec2() * (p.separation as f64 / 2.0);
            let on_a = p.point.as_dvec2() + half;
            let on_b = p.point.as_dvec2() - half;
            assert!(to_boundary(on_a, &ca) <= tol, "{m:?}");
            let off = (on_b.distance(b.center.as_dvec2()) - b.radius as f64).abs();
            assert!(off <= tol, "{m:?}");
        }
        if truth.overlapping {
            overlapping += 1;
            let p = m.points().first().expect("overlapping: a point");
            assert!(
                (p.separation as f64 + truth.depth).abs() <= tol,
                "{m:?} {truth:?}"
            );
            let hit = sat_polygon_circle(&a, &b);
            assert!(
                (m.normal - hit.axis).length() < 1e-3
                    || (hit.depth as f64 - truth.depth).abs() < tol,
                "{m:?} vs {hit:?}"
            );
        } else if truth.depth <= margin as f64 - tol {
            speculative += 1;
            let p = m.points().first().expect("within the margin: a point");
            assert!(
                (p.separation as f64 - truth.depth).abs() <= tol,
                "{m:?} {truth:?}"
            );
        } else if truth.depth > margin as f64 + tol {
            assert!(m.points().is_empty(), "{m:?}");
        }
    }
    assert!(
        overlapping > 10_000 && speculative > 100,
        "{overlapping} {speculative}"
    );
}
