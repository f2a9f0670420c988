//! Workloads for the batch engine, shared by tests/batch/,
//! benches/throughput.rs and examples/throughput.rs (included by path):
//! a small seeded random generator, the benchmark scenes (the chapter's
//! few shapes, and world-like tables of 512 different shapes), and the
//! same shapes and poses as parry2d sees them.
#![allow(dead_code)]

use sat_visualizer::batch::{Pair, Pose, Shape};
use sat_visualizer::sat::{
    Circle, Interval, Polygon, SatResult, Vec2, edge_normals, project_circle, project_polygon,
};
use sat_visualizer::scene::{BOX_HEIGHT, BOX_WIDTH, FIXED_CENTER, FIXED_RADIUS};

#[path = "rng.rs"]
mod rng;
pub use rng::Rng;

/// How far a shape reaches from its own origin: its size, for tolerances.
pub fn reach(s: &Shape) -> f32 {
    match s {
        Shape::Polygon(p) => p.points().iter().map(|q| q.length()).fold(0.0, f32::max),
        Shape::Circle { radius } => *radius,
    }
}

/// A pair's size, for its tolerances: the farther reach of its two shapes.
pub fn pair_size(shapes: &[Shape], p: &Pair) -> f32 {
    reach(&shapes[p.a as usize]).max(reach(&shapes[p.b as usize]))
}

/// A placed shape's shadow on a unit `axis`, from the scalar functions.
pub fn shadow(s: &Shape, pose: Pose, axis: Vec2) -> Interval {
    match s {
        Shape::Polygon(p) => project_polygon(&p.placed(pose.position, pose.angle), axis),
        Shape::Circle { radius } => project_circle(
            &Circle {
                center: pose.position,
                radius: *radius,
            },
            axis,
        ),
    }
}

/// A shape placed in the world beforehand, for the scalar functions.
pub enum Placed {
    P(Polygon),
    C(Circle),
}

/// How far apart a pair's two shapes are, worked in f64 from their exact
/// corners: positive, the widest gap between their shadows on any of the
/// test's axes; negative, they overlap. Only its sign and size matter: it
/// is the referee where parry2d and the engines disagree, with no code in
/// common with either (the f32 engines place shapes with their own sines
/// and cosines, parry2d runs its own algorithms, and either may be the one
/// that is off; see `verdict_is_right`).
///
/// - Two polygons: the widest gap over every edge normal of both (for
///   convex shapes, apart exactly when some edge normal shows a gap).
/// - A polygon and a circle: the distance from the center to the polygon
///   (its nearest edge, or less than 0 inside), less the radius.
/// - Two circles: the distance between the centers less both radii.
pub fn separation(shapes: &[Shape], p: &Pair) -> f64 {
    type P = (f64, f64);
    let place = |s: &Shape, pose: Pose| -> Result<Vec<P>, (P, f64)> {
        let (x, y) = (pose.position.x as f64, pose.position.y as f64);
        match s {
            Shape::Polygon(q) => {
                let (sin, cos) = (pose.angle as f64).sin_cos();
                Ok(q.points()
                    .iter()
                    .map(|v| {
                        let (u, w) = (v.x as f64, v.y as f64);
                        (cos * u - sin * w + x, sin * u + cos * w + y)
                    })
                    .collect())
            }
            Shape::Circle { radius } => Err(((x, y), *radius as f64)),
        }
    };
    // Each edge of a polygon as (start, end), the last back to the first.
    let edges =
        |q: &[P]| -> Vec<(P, P)> { (0..q.len()).map(|i| (q[i], q[(i + 1) % q.len()])).collect() };
    // The distance from `c` to the segment from `s` to `e`.
    let to_segment = |c: P, (s, e): (P, P)| -> f64 {
        let (dx, dy) = (e.0 - s.0, e.1 - s.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((c.0 - s.0) * dx + (c.1 - s.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (c.0 - s.0 - t * dx).hypot(c.1 - s.1 - t * dy)
    };
    let polygon_circle = |q: &[P], c: P, r: f64| -> f64 {
        let edges = edges(q);
        let d = edges
            .iter()
            .map(|&e| to_segment(c, e))
            .fold(f64::INFINITY, f64::min);
        // Inside when the center is on the same side of every edge (either
        // winding).
        let sides: Vec<f64> = edges
            .iter()
            .map(|&(s, e)| (e.0 - s.0) * (c.1 - s.1) - (e.1 - s.1) * (c.0 - s.0))
            .collect();
        let inside = sides.iter().all(|&t| t >= 0.0) || sides.iter().all(|&t| t <= 0.0);
        if inside { -d - r } else { d - r }
    };
    match (
        place(&shapes[p.a as usize], p.pose_a),
        place(&shapes[p.b as usize], p.pose_b),
    ) {
        (Ok(a), Ok(b)) => {
            let mut widest = f64::NEG_INFINITY;
            for (s, e) in edges(&a).into_iter().chain(edges(&b)) {
                let (nx, ny) = (e.1 - s.1, s.0 - e.0);
                let len = nx.hypot(ny);
                if len == 0.0 {
                    continue;
                }
                let shadow = |q: &[P]| {
                    q.iter()
                        .map(|v| (v.0 * nx + v.1 * ny) / len)
                        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), t| {
                            (lo.min(t), hi.max(t))
                        })
                };
                let ((a0, a1), (b0, b1)) = (shadow(&a), shadow(&b));
                widest = widest.max((a0 - b1).max(b0 - a1));
            }
            widest
        }
        (Ok(q), Err((c, r))) | (Err((c, r)), Ok(q)) => polygon_circle(&q, c, r),
        (Err((ca, ra)), Err((cb, rb))) => (ca.0 - cb.0).hypot(ca.1 - cb.1) - ra - rb,
    }
}

/// Whether `overlapping` is the right verdict for pair `p`, by the f64
/// [`separation`], to within `tol` = 1e-4 of the shapes' size (the f32
/// rounding of shapes placed far out and turned): a verdict is wrong only
/// when the shapes are more than `tol` from touching the other way.
pub fn verdict_is_right(shapes: &[Shape], p: &Pair, overlapping: bool) -> bool {
    let tol = 1e-4 * pair_size(shapes, p) as f64;
    let apart = separation(shapes, p);
    if overlapping {
        apart <= tol
    } else {
        apart >= -tol
    }
}

/// Each pair's two shapes placed by their poses, A then B.
pub fn placed_pairs(shapes: &[Shape], pairs: &[Pair]) -> Vec<(Placed, Placed)> {
    let place = |s: &Shape, pose: Pose| match s {
        Shape::Polygon(p) => Placed::P(p.placed(pose.position, pose.angle)),
        Shape::Circle { radius } => Placed::C(Circle {
            center: pose.position,
            radius: *radius,
        }),
    };
    pairs
        .iter()
        .map(|p| {
            (
                place(&shapes[p.a as usize], p.pose_a),
                place(&shapes[p.b as usize], p.pose_b),
            )
        })
        .collect()
}

/// The axes the chapter's test tries for a pair, in its order, each with
/// its place in that order: A's edge normals, then B's; for a polygon and
/// a circle (either way round) the polygon's and then the circle's own
/// axis, from the polygon's corner nearest the center; for two circles the
/// line between the centers. Zero axes are left out (the test skips them).
///
/// Which corner is nearest can tie within rounding, and then the engines
/// may start the circle's own axis from different corners: every corner
/// within `tol` of the nearest distance gives a candidate, all at the
/// circle axis's place.
pub fn chapter_axes(shapes: &[Shape], p: &Pair, tol: f32) -> Vec<(usize, Vec2)> {
    let place = |s: &Shape, pose: Pose| match s {
        Shape::Polygon(q) => Ok(q.placed(pose.position, pose.angle)),
        Shape::Circle { radius } => Err(Circle {
            center: pose.position,
            radius: *radius,
        }),
    };
    let (sa, sb) = (&shapes[p.a as usize], &shapes[p.b as usize]);
    let (a, b) = (place(sa, p.pose_a), place(sb, p.pose_b));
    let mut axes: Vec<Vec2> = own_axes(sa, p.pose_a);
    axes.extend(own_axes(sb, p.pose_b));
    let mut own: Vec<Vec2> = Vec::new();
    match (&a, &b) {
        (Ok(_), Ok(_)) => {}
        (Ok(poly), Err(circle)) | (Err(circle), Ok(poly)) => {
            let nearest = poly
                .points()
                .iter()
                .map(|q| q.distance(circle.center))
                .fold(f32::INFINITY, f32::min);
            own.extend(
                poly.points()
                    .iter()
                    .filter(|q| q.distance(circle.center) <= nearest + tol)
                    .map(|q| (circle.center - *q).normalize_or_zero())
                    .filter(is_real),
            );
        }
        (Err(a), Err(b)) => {
            let between = (a.center - b.center).normalize_or_zero();
            axes.push(if is_real(&between) { between } else { Vec2::X });
        }
    }
    let last = axes.len();
    let mut list: Vec<(usize, Vec2)> = axes.into_iter().enumerate().collect();
    list.extend(own.into_iter().map(|v| (last, v)));
    list
}

/// A shape's own axes in the chapter's order, as [`chapter_axes`] lists
/// them: a polygon's edge normals turned by its pose, as every engine
/// takes them (found again from the placed corners, a very short edge's
/// normal would be far off), less any of no length (the test skips
/// them); a circle has none of its own until it meets a polygon.
pub fn own_axes(s: &Shape, pose: Pose) -> Vec<Vec2> {
    match s {
        Shape::Polygon(q) => edge_normals(q)
            .filter(is_real)
            .map(|n| Vec2::from_angle(pose.angle).rotate(n))
            .collect(),
        Shape::Circle { .. } => Vec::new(),
    }
}

/// Whether `v`, a unit axis or a zero vector from `normalize_or_zero`
/// or an edge of no length, is a real axis: the ones the test skips are
/// left out of [`chapter_axes`] and [`own_axes`] alike.
fn is_real(v: &Vec2) -> bool {
    v.length_squared() >= 0.5
}

/// Where `axis` (either way round) stands in the test's order: the place
/// of the listed axis most nearly parallel to it (the first of any that
/// are as near, to rounding), or `None` when none is within 1e-3.
pub fn axis_place(axes: &[(usize, Vec2)], axis: Vec2) -> Option<usize> {
    let off = |v: Vec2| v.perp_dot(axis).abs();
    let nearest = axes
        .iter()
        .map(|&(_, v)| off(v))
        .fold(f32::INFINITY, f32::min);
    if nearest > 1e-3 {
        return None;
    }
    axes.iter()
        .find(|&&(_, v)| off(v) <= 2.0 * nearest + 1e-5)
        .map(|&(k, _)| k)
}

/// Checks an engine's result for a pair against the chapter's answer,
/// `want` (from `collide_one`), to within `tol` = 1e-4 of the shapes' size
/// (the rounding of shapes placed far from the origin and turned):
///
/// - Verdicts differ only where both say the shapes are within `tol` of
///   touching.
/// - Overlapping: the same depth, and an axis along which A's push out
///   really is that depth (the reference's, or one that ties with it).
/// - Apart: a real gap of the reported width on the reported axis, A's
///   shadow after B's (the axis points from B towards A), and it is the
///   first gap in the test's order: the same axis as the reference's, with
///   the same width. Only rounding may move the first gap: where the
///   engine's gap comes earlier in the order than the reference's, the
///   reference saw that axis's shadows overlap, so the engine's gap must be
///   within `tol` of 0; where it comes later, the engine saw the
///   reference's axis overlap, so the reference's gap must be within `tol`
///   of 0. A gap wider than rounding on an earlier axis, missed, fails.
pub fn check_result(
    shapes: &[Shape],
    p: &Pair,
    got: &SatResult,
    want: &SatResult,
) -> Result<(), String> {
    let (a, b) = (&shapes[p.a as usize], &shapes[p.b as usize]);
    let size = pair_size(shapes, p);
    let tol = 1e-4 * size;
    let fail = |why: &str| {
        Err(format!(
            "{why}: got {got:?}, reference {want:?}, size {size:e}"
        ))
    };
    if !(got.depth >= 0.0 && got.depth.is_finite()) {
        return fail("depth not finite and at least 0");
    }
    if (got.axis.length() - 1.0).abs() > 1e-4 {
        return fail("axis not of length 1");
    }
    if got.overlapping != want.overlapping {
        return if got.depth <= tol && want.depth <= tol {
            Ok(())
        } else {
            fail("verdicts differ beyond touching")
        };
    }
    let (sa, sb) = (shadow(a, p.pose_a, got.axis), shadow(b, p.pose_b, got.axis));
    if got.overlapping {
        if (got.depth - want.depth).abs() > tol {
            return fail("depths differ");
        }
        if got.axis.distance(want.axis) > 1e-3 {
            // A tie: the push along our axis must be as short as the
            // reference's, and in our direction.
            let push = sb.max - sa.min;
            if (push - want.depth).abs() > tol {
                return fail("axes differ and do not tie");
            }
        }
        return Ok(());
    }
    // The axis points from B towards A: A's shadow comes after B's.
    let gap = sa.min - sb.max;
    if (gap - got.depth).abs() > tol || gap < -tol {
        return fail("no gap of that width on that axis");
    }
    let axes = chapter_axes(shapes, p, tol);
    let (Some(ours), Some(theirs)) = (axis_place(&axes, got.axis), axis_place(&axes, want.axis))
    else {
        return fail("the gap's axis is not one the test tries");
    };
    if ours == theirs {
        if (got.depth - want.depth).abs() > tol || got.axis.distance(want.axis) > 1e-3 {
            return fail("the same axis, but another gap");
        }
    } else if ours < theirs && got.depth > tol {
        return fail("a gap on an earlier axis than the reference's first");
    } else if ours > theirs && want.depth > tol {
        return fail("not the first gap: the reference's comes earlier");
    }
    Ok(())
}

/// Shapes apart on two axes, where the first gap in the test's order is
/// not the widest: a 2×2 box (its axes y, then x: its first edge runs
/// along x) with a box or a circle of radius 1 whose center is 10 right
/// and 3 down of it. On y the gap is 1, on x it is 8; the answer is y's.
pub fn first_gap_cases() -> (Vec<Shape>, Vec<Pair>, Vec<SatResult>) {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(2.0, 2.0).unwrap()),
        Shape::Circle { radius: 1.0 },
    ];
    let at = |x: f32, y: f32| Pose {
        position: Vec2::new(x, y),
        angle: 0.0,
    };
    let pair = |a, pose_a, b, pose_b| Pair {
        a,
        pose_a,
        b,
        pose_b,
    };
    let pairs = vec![
        pair(0, at(0.0, 0.0), 0, at(10.0, 3.0)),
        pair(0, at(0.0, 0.0), 1, at(10.0, 3.0)),
        pair(1, at(10.0, 3.0), 0, at(0.0, 0.0)),
    ];
    let gap = |x: f32, y: f32| SatResult {
        overlapping: false,
        axis: Vec2::new(x, y),
        depth: 1.0,
    };
    // From B towards A: up for the box at the origin as A, down for the
    // circle as A.
    (
        shapes,
        pairs,
        vec![gap(0.0, -1.0), gap(0.0, -1.0), gap(0.0, 1.0)],
    )
}

/// A batch: the shape table and the pairs.
pub struct Workload {
    pub name: &'static str,
    pub shapes: Vec<Shape>,
    pub pairs: Vec<Pair>,
}

/// The chapter's box (A) and its regular pentagon (B), of the scene's
/// sizes.
pub fn chapter_shapes() -> Vec<Shape> {
    vec![
        Shape::Polygon(Polygon::rectangle(BOX_WIDTH, BOX_HEIGHT).expect("the chapter's box")),
        Shape::Polygon(Polygon::regular(5, FIXED_RADIUS).expect("the chapter's pentagon")),
    ]
}

/// The chapter's scene: the box (A) against the regular pentagon (B) at
/// the scene's fixed center, the box at random poses around it; about 40%
/// of the pairs overlap.
pub fn chapter(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let shapes = chapter_shapes();
    let center = FIXED_CENTER;
    let pairs = (0..n)
        .map(|_| Pair {
            a: 0,
            pose_a: Pose {
                position: rng.in_disk(center, 190.0),
                angle: rng.angle(),
            },
            b: 1,
            pose_b: Pose {
                position: center,
                angle: rng.angle(),
            },
        })
        .collect();
    Workload {
        name: "box vs pentagon",
        shapes,
        pairs,
    }
}

/// A random convex polygon of exactly `corners` corners, about `size`
/// across: corners at sorted random angles on an ellipse.
pub fn random_polygon(rng: &mut Rng, corners: usize, size: f32) -> Polygon {
    loop {
        let points = on_ellipse(rng, corners, size, std::f32::consts::TAU);
        if let Ok(p) = Polygon::new(points)
            && p.points().len() == corners
        {
            return p;
        }
    }
}

/// A random polygon of `2 * half` corners about `size` across, centrally
/// symmetric about its origin to the bit: its first half at sorted random
/// angles on an ellipse within half a turn, the second half the first
/// with the signs turned.
pub fn random_symmetric_polygon(rng: &mut Rng, half: usize, size: f32) -> Polygon {
    loop {
        let first = on_ellipse(rng, half, size, std::f32::consts::PI);
        if let Ok(p) = Polygon::new(with_opposites(&first))
            && p.points().len() == 2 * half
        {
            return p;
        }
    }
}

/// `first`, then `first` with every sign turned: the corners of a polygon
/// centrally symmetric about its origin, whose first half is `first`.
pub fn with_opposites(first: &[Vec2]) -> Vec<Vec2> {
    first
        .iter()
        .copied()
        .chain(first.iter().map(|&c| -c))
        .collect()
}

/// `count` points on an ellipse about `size` across (half-axes 0.3 to
/// 0.5 of it), at sorted random angles from 0 to `turn`.
fn on_ellipse(rng: &mut Rng, count: usize, size: f32, turn: f32) -> Vec<Vec2> {
    let mut angles: Vec<f32> = (0..count).map(|_| rng.range(0.0, turn)).collect();
    angles.sort_by(f32::total_cmp);
    let (rx, ry) = (size * rng.range(0.3, 0.5), size * rng.range(0.3, 0.5));
    angles
        .iter()
        .map(|&t| Vec2::new(rx * t.cos(), ry * t.sin()))
        .collect()
}

/// A random convex polygon of 3 to 8 corners, 40 to 160 across.
fn table_polygon(rng: &mut Rng) -> Shape {
    let corners = 3 + rng.below(6);
    let size = rng.range(40.0, 160.0);
    Shape::Polygon(random_polygon(rng, corners, size))
}

/// A circle of radius 10 to 60.
fn table_circle(rng: &mut Rng) -> Shape {
    Shape::Circle {
        radius: rng.range(10.0, 60.0),
    }
}

/// `n` pairs at random: A is `pick_a`'s shape placed at random within
/// `reach` of the origin, B is `pick_b`'s at the origin, both turned at
/// random.
fn random_pairs(
    rng: &mut Rng,
    n: usize,
    reach: f32,
    pick_a: impl Fn(&mut Rng) -> u32,
    pick_b: impl Fn(&mut Rng) -> u32,
) -> Vec<Pair> {
    (0..n)
        .map(|_| Pair {
            a: pick_a(rng),
            pose_a: Pose {
                position: rng.in_disk(Vec2::ZERO, reach),
                angle: rng.angle(),
            },
            b: pick_b(rng),
            pose_b: Pose {
                position: Vec2::ZERO,
                angle: rng.angle(),
            },
        })
        .collect()
}

/// Random convex polygons of 3 to 8 corners against each other, each pair
/// two random shapes of a table of 256 at random poses (about half
/// overlap).
pub fn random_polygons(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let shapes: Vec<Shape> = (0..256).map(|_| table_polygon(&mut rng)).collect();
    let pick = |rng: &mut Rng| rng.below(256) as u32;
    let pairs = random_pairs(&mut rng, n, 100.0, pick, pick);
    Workload {
        name: "random polygons",
        shapes,
        pairs,
    }
}

/// Random polygons (A) against circles (B): 128 polygons of 3 to 8 corners
/// and 128 circles, at random poses.
pub fn polygons_circles(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let mut shapes: Vec<Shape> = (0..128).map(|_| table_polygon(&mut rng)).collect();
    shapes.extend((0..128).map(|_| table_circle(&mut rng)));
    let pairs = random_pairs(
        &mut rng,
        n,
        110.0,
        |rng| rng.below(128) as u32,
        |rng| 128 + rng.below(128) as u32,
    );
    Workload {
        name: "polygons vs circles",
        shapes,
        pairs,
    }
}

/// How many shapes the world-like tables hold: many different shapes, as
/// a real world has them, so that neighbouring pairs rarely share one.
pub const TABLE_SHAPES: usize = 512;

/// A world's table of [`TABLE_SHAPES`] different polygons of 3 to 8
/// corners, pairs of any two of them at random poses (about half overlap).
pub fn table_polygons(n: usize, seed: u64) -> Workload {
    any_two("512 polygons", n, seed, |_, rng| table_polygon(rng))
}

/// A world's table of [`TABLE_SHAPES`] shapes, shape `k` made by
/// `make(k, rng)`, and `n` pairs of any two of them at random poses.
fn any_two(
    name: &'static str,
    n: usize,
    seed: u64,
    mut make: impl FnMut(usize, &mut Rng) -> Shape,
) -> Workload {
    let mut rng = Rng(seed);
    let shapes: Vec<Shape> = (0..TABLE_SHAPES).map(|k| make(k, &mut rng)).collect();
    let pick = |rng: &mut Rng| rng.below(TABLE_SHAPES) as u32;
    let pairs = random_pairs(&mut rng, n, 100.0, pick, pick);
    Workload {
        name,
        shapes,
        pairs,
    }
}

/// A world's table of [`TABLE_SHAPES`] shapes, half polygons of 3 to 8
/// corners and half circles; each pair a random polygon (A) against a
/// random circle (B).
pub fn table_polygons_circles(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let half = TABLE_SHAPES / 2;
    let mut shapes: Vec<Shape> = (0..half).map(|_| table_polygon(&mut rng)).collect();
    shapes.extend((half..TABLE_SHAPES).map(|_| table_circle(&mut rng)));
    let pairs = random_pairs(
        &mut rng,
        n,
        110.0,
        |rng| rng.below(half) as u32,
        |rng| (half + rng.below(half)) as u32,
    );
    Workload {
        name: "512 poly vs circle",
        shapes,
        pairs,
    }
}

/// A world's table of [`TABLE_SHAPES`] shapes, every fourth a circle and
/// the rest polygons of 3 to 8 corners; each pair any two of them, so
/// every kind of pair comes (polygon–polygon, polygon–circle,
/// circle–polygon, circle–circle), in no order.
pub fn table_mixed(n: usize, seed: u64) -> Workload {
    any_two("512 every kind", n, seed, |k, rng| {
        if k % 4 == 3 {
            table_circle(rng)
        } else {
            table_polygon(rng)
        }
    })
}

/// A world's table of [`TABLE_SHAPES`] shapes as a game's often are: half
/// of them boxes of random sizes and proportions (centrally symmetric, so
/// their shadows come from half their corners and their axes are half
/// their corners), a quarter polygons of 3 to 8 corners, a quarter
/// circles; each pair any two of them at random poses. Not one of the
/// issue's tables: it shows what the symmetric polygons' buckets are worth.
pub fn table_boxes(n: usize, seed: u64) -> Workload {
    world_of_boxes("world of boxes", n, seed, |w, h| {
        Polygon::rectangle(w, h).expect("a box")
    })
}

/// [`table_boxes`]'s world with its boxes given from a corner, as a tile
/// map places its tiles (`(0, 0)` to `(w, h)`; with the same seed, the
/// same shapes and pairs but for that): not symmetric about their origin,
/// so their shadows come from all 4 corners, but their edges come in
/// parallel pairs, so they have 2 axes. Not one of the tables: it
/// shows what the paired polygons' buckets are worth, and what a box
/// given about its centre is worth beside it.
pub fn table_tiles(n: usize, seed: u64) -> Workload {
    world_of_boxes("world of tiles", n, seed, |w, h| {
        let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
        let corners = corners.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        Polygon::new(corners).expect("a tile")
    })
}

/// The worlds of boxes' table: half of it boxes of random proportions (20
/// to 160 across), `make_box(w, h)` giving each its corners, a quarter
/// polygons of 3 to 8 corners, a quarter circles; pairs of any two.
fn world_of_boxes(
    name: &'static str,
    n: usize,
    seed: u64,
    make_box: impl Fn(f32, f32) -> Polygon,
) -> Workload {
    any_two(name, n, seed, |k, rng| match k % 4 {
        0 | 1 => {
            let (w, h) = (rng.range(20.0, 160.0), rng.range(20.0, 160.0));
            Shape::Polygon(make_box(w, h))
        }
        2 => table_polygon(rng),
        _ => table_circle(rng),
    })
}

/// The world-like workloads, [`TABLE_SHAPES`] shapes and pairs at random:
/// polygons, polygons against circles, every kind mixed.
pub fn tables(n: usize, seed: u64) -> [Workload; 3] {
    [
        table_polygons(n, seed),
        table_polygons_circles(n, seed + 1),
        table_mixed(n, seed + 2),
    ]
}

/// The shapes as parry2d sees them: counterclockwise (y up) convex
/// polygons without repeated corners, and balls.
pub fn parry_shapes(shapes: &[Shape]) -> Vec<parry2d::shape::SharedShape> {
    use parry2d::shape::{Ball, ConvexPolygon, SharedShape};
    shapes
        .iter()
        .map(|s| match s {
            Shape::Polygon(p) => {
                let mut pts: Vec<Vec2> = Vec::new();
                for &q in p.points() {
                    if pts.last() != Some(&q) {
                        pts.push(q);
                    }
                }
                while pts.len() > 1 && pts[0] == pts[pts.len() - 1] {
                    pts.pop();
                }
                let area: f32 = (0..pts.len())
                    .map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()]))
                    .sum();
                if area < 0.0 {
                    pts.reverse();
                }
                SharedShape::new(
                    ConvexPolygon::from_convex_polyline(pts).expect("a valid convex polygon"),
                )
            }
            Shape::Circle { radius } => SharedShape::new(Ball::new(*radius)),
        })
        .collect()
}

/// A pose as parry2d's.
pub fn parry_pose(p: Pose) -> parry2d::math::Pose {
    parry2d::math::Pose::new(p.position, p.angle)
}

/// The pairs' poses as parry2d's, A's then B's.
pub fn parry_poses(pairs: &[Pair]) -> Vec<(parry2d::math::Pose, parry2d::math::Pose)> {
    pairs
        .iter()
        .map(|p| (parry_pose(p.pose_a), parry_pose(p.pose_b)))
        .collect()
}
