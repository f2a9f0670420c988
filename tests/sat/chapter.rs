//! Every figure the chapter gives, reproduced.

use std::f32::consts::FRAC_1_SQRT_2;

use sat_visualizer::sat::shortcut::{shortcut_polygon_circle, shortcut_polygons};
use sat_visualizer::sat::{
    Circle, Interval, Polygon, SatResult, Vec2, gap_on_axis, polygon_axes, project_circle,
    project_polygon, sat_circles, sat_polygon_circle, sat_polygons,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn close(a: f32, b: f32, tol: f32) -> bool {
    (a - b).abs() <= tol
}

fn square(x0: f32, y0: f32, side: f32) -> Polygon {
    Polygon::new(vec![
        v(x0, y0),
        v(x0 + side, y0),
        v(x0 + side, y0 + side),
        v(x0, y0 + side),
    ])
    .unwrap()
}

/// The chapter's box (140 by 90) and pentagon (radius 80 around (620, 380)).
fn chapter_box(position: Vec2, angle: f32) -> Polygon {
    Polygon::rectangle(140.0, 90.0)
        .unwrap()
        .placed(position, angle)
}

fn chapter_pentagon() -> Polygon {
    Polygon::regular(5, 80.0)
        .unwrap()
        .placed(v(620.0, 380.0), 0.0)
}

/// After moving A by the push, the shapes just touch: the test still says
/// overlapping (touching counts), with a push of about zero.
fn assert_just_touching(after: SatResult, tol: f32) {
    // Overlapping by at most the tolerance, or apart by at most it.
    assert!(
        after.depth <= tol,
        "not just touching after the push: {after:?}"
    );
}

#[test]
fn worked_example_square_and_triangle() {
    let square = square(0.0, 0.0, 2.0);
    let triangle = Polygon::new(vec![v(1.0, 1.5), v(4.0, 1.5), v(1.0, 4.5)]).unwrap();

    // Seven axes, three directions.
    let axes: Vec<Vec2> = polygon_axes(&square, &triangle).collect();
    assert_eq!(axes.len(), 7);
    let diagonal = axes[5];
    assert!(close(diagonal.x, -FRAC_1_SQRT_2, 1e-6) && close(diagonal.y, -FRAC_1_SQRT_2, 1e-6));

    // The table of shadows.
    let x = project_polygon(&triangle, v(1.0, 0.0));
    assert_eq!((x.min, x.max), (1.0, 4.0));
    let y = project_polygon(&triangle, v(0.0, 1.0));
    assert_eq!((y.min, y.max), (1.5, 4.5));
    let d = v(-1.0, -1.0).normalize();
    let (a, b) = (project_polygon(&square, d), project_polygon(&triangle, d));
    assert!(close(a.min, -2.83, 0.01) && close(a.max, 0.0, 1e-6));
    assert!(close(b.min, -3.89, 0.01) && close(b.max, -1.77, 0.01));

    // The push: 0.5, backward along y, which moves the square up.
    let hit = sat_polygons(&square, &triangle);
    assert!(hit.overlapping);
    assert!(close(hit.depth, 0.5, 1e-6), "{hit:?}");
    assert!(hit.axis.abs_diff_eq(v(0.0, -1.0), 1e-6), "{hit:?}");
    assert_eq!(hit.push(), v(0.0, -0.5));

    // Moved up by 0.5, its bottom edge meets the triangle's top edge.
    let moved = square.placed(hit.push(), 0.0);
    assert_just_touching(sat_polygons(&moved, &triangle), 1e-6);
}

#[test]
fn shadow_inside_a_shadow_needs_both_ways_out() {
    // A's shadow 2..4 inside B's 0..10: the true pushes are 8 forward and
    // 4 backward; the overlap's length, 2, is not far enough.
    let a = Interval { min: 2.0, max: 4.0 };
    let b = Interval {
        min: 0.0,
        max: 10.0,
    };
    let mut result = SatResult {
        overlapping: true,
        axis: Vec2::ZERO,
        depth: f32::INFINITY,
    };
    assert!(!gap_on_axis(v(1.0, 0.0), a, b, &mut result));
    assert!(result.overlapping);
    assert_eq!(result.depth, 4.0);
    assert_eq!(result.axis, v(-1.0, 0.0), "backward is the shorter way out");

    // The same with shapes: a thin box whose shadow on x lies inside a wide
    // box's. The shortcut's push leaves them overlapping; the real one just
    // touches.
    let small = Polygon::rectangle(2.0, 24.0)
        .unwrap()
        .placed(v(3.0, 0.0), 0.0);
    let long = Polygon::rectangle(10.0, 20.0)
        .unwrap()
        .placed(v(5.0, 0.0), 0.0);
    let real = sat_polygons(&small, &long);
    assert!(real.overlapping && close(real.depth, 4.0, 1e-5), "{real:?}");
    assert!(real.axis.abs_diff_eq(v(-1.0, 0.0), 1e-6));
    let short = shortcut_polygons(&small, &long);
    assert!(close(short.depth, 2.0, 1e-5), "{short:?}");
    assert!(sat_polygons(&small.placed(short.push(), 0.0), &long).depth > 1.0);
    assert_just_touching(sat_polygons(&small.placed(real.push(), 0.0), &long), 1e-5);
}

#[test]
fn exercise_1_project_a_square() {
    let sq = square(0.0, 0.0, 1.0);
    let on = |axis: Vec2| {
        let s = project_polygon(&sq, axis);
        (s.min, s.max)
    };
    assert_eq!(on(v(1.0, 0.0)), (0.0, 1.0));
    assert_eq!(on(v(0.0, 1.0)), (0.0, 1.0));
    let (lo, hi) = on(v(0.6, 0.8));
    assert!(close(lo, 0.0, 1e-6) && close(hi, 1.4, 1e-6));
}

#[test]
fn exercise_2_two_ways_out() {
    let fresh = || SatResult {
        overlapping: true,
        axis: Vec2::ZERO,
        depth: f32::INFINITY,
    };
    // A 3..7, B 5..9: forward 6, backward 2; the shorter is 2, backward.
    let mut r = fresh();
    gap_on_axis(
        v(1.0, 0.0),
        Interval { min: 3.0, max: 7.0 },
        Interval { min: 5.0, max: 9.0 },
        &mut r,
    );
    assert_eq!((r.depth, r.axis), (2.0, v(-1.0, 0.0)));
    // A 4..6 inside B 0..7: forward 3, backward 6; the shortcut says 2.
    let (a, b) = (
        Interval { min: 4.0, max: 6.0 },
        Interval { min: 0.0, max: 7.0 },
    );
    let mut r = fresh();
    gap_on_axis(v(1.0, 0.0), a, b, &mut r);
    assert_eq!((r.depth, r.axis), (3.0, v(1.0, 0.0)));
    assert_eq!(a.max.min(b.max) - a.min.max(b.min), 2.0);
}

#[test]
fn exercise_3_two_squares() {
    let a = square(0.0, 0.0, 2.0);
    let b = square(1.0, 1.5, 2.0);
    // Eight axes, but only two different directions.
    let axes: Vec<Vec2> = polygon_axes(&a, &b).collect();
    assert_eq!(axes.len(), 8);
    assert!(
        axes.iter()
            .all(|n| n.x.abs() == 1.0 && n.y == 0.0 || n.x == 0.0 && n.y.abs() == 1.0)
    );
    let hit = sat_polygons(&a, &b);
    assert!(hit.overlapping && close(hit.depth, 0.5, 1e-6));
    assert!(hit.axis.abs_diff_eq(v(0.0, -1.0), 1e-6));
}

#[test]
fn box_centered_on_the_pentagon() {
    // The box as the demo starts it, turned 0.3, dragged over the center:
    // the true push is about 121 where the shortcut says 90.
    let b = chapter_box(v(620.0, 380.0), 0.3);
    let pentagon = chapter_pentagon();
    let real = sat_polygons(&b, &pentagon);
    assert!(real.overlapping);
    assert!(close(real.depth, 120.73, 0.05), "{real:?}");
    assert_eq!(real.depth.round(), 121.0);
    let short = shortcut_polygons(&b, &pentagon);
    assert!(close(short.depth, 90.0, 1e-3), "{short:?}");
    // The shortcut's push leaves the shapes overlapping; the real push
    // leaves them just touching.
    assert!(sat_polygons(&b.placed(short.push(), 0.0), &pentagon).overlapping);
    assert!(sat_polygons(&b.placed(short.push(), 0.0), &pentagon).depth > 1.0);
    assert_just_touching(sat_polygons(&b.placed(real.push(), 0.0), &pentagon), 1e-3);
}

#[test]
fn zero_length_edge_is_skipped() {
    // A corner listed twice gives an edge of no length: its zero axis is
    // skipped, and the answer is the same as without the repeat.
    let triangle = Polygon::new(vec![v(1.0, 1.5), v(4.0, 1.5), v(1.0, 4.5)]).unwrap();
    let plain = square(0.0, 0.0, 2.0);
    let doubled = Polygon::new(vec![
        v(0.0, 0.0),
        v(2.0, 0.0),
        v(2.0, 0.0),
        v(2.0, 2.0),
        v(0.0, 2.0),
    ])
    .unwrap();
    assert_eq!(
        doubled.edge_normals().filter(|n| *n == Vec2::ZERO).count(),
        1
    );
    assert_eq!(
        sat_polygons(&doubled, &triangle),
        sat_polygons(&plain, &triangle)
    );
    assert_eq!(
        sat_polygons(&triangle, &doubled).depth,
        sat_polygons(&triangle, &plain).depth
    );

    // On its own, a zero axis says nothing: no gap, and no push of 0.
    let mut r = SatResult {
        overlapping: true,
        axis: v(1.0, 0.0),
        depth: 3.0,
    };
    let zero = Interval { min: 0.0, max: 0.0 };
    assert!(!gap_on_axis(Vec2::ZERO, zero, zero, &mut r));
    assert_eq!(
        r,
        SatResult {
            overlapping: true,
            axis: v(1.0, 0.0),
            depth: 3.0
        }
    );
}

#[test]
fn box_corner_poking_into_the_circle() {
    // The box's lower-right corner 22 px inside the circle, up and to the
    // left of its center: the push runs from the center through the corner.
    let circle = Circle::new(v(620.0, 380.0), 80.0).unwrap();
    let out = v(-1.0, -1.0).normalize();
    let corner = circle.center + out * (80.0 - 22.0);
    let b = chapter_box(corner - v(70.0, 45.0), 0.0);
    let hit = sat_polygon_circle(&b, &circle);
    assert!(hit.overlapping);
    assert!(close(hit.depth, 22.0, 1e-3), "{hit:?}");
    assert!(hit.axis.abs_diff_eq(out, 1e-5), "{hit:?}");
    assert_just_touching(
        sat_polygon_circle(&b.placed(hit.push(), 0.0), &circle),
        1e-3,
    );
    // None of the box's edge normals points that way: without the circle's
    // own axis the push would be longer.
    let edges_only = sat_visualizer::sat::sat_on_axes(&b, &circle, b.edge_normals());
    assert!(edges_only.depth > 30.0, "{edges_only:?}");
    // Nor would a gap near the corner be found by the edge normals alone.
    let apart = b.placed(out * 30.0, 0.0);
    assert!(!sat_polygon_circle(&apart, &circle).overlapping);
    assert!(sat_visualizer::sat::sat_on_axes(&apart, &circle, apart.edge_normals()).overlapping);
}

#[test]
fn circle_shadow_and_two_circles() {
    let c = Circle::new(v(3.0, 4.0), 2.0).unwrap();
    assert_eq!(
        project_circle(&c, v(1.0, 0.0)),
        Interval { min: 1.0, max: 5.0 }
    );
    assert_eq!(
        project_circle(&c, v(0.0, -1.0)),
        Interval {
            min: -6.0,
            max: -2.0
        }
    );

    let a = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    let b = Circle::new(v(3.0, 0.0), 1.5).unwrap();
    let apart = sat_circles(&a, &b);
    assert!(!apart.overlapping && close(apart.depth, 0.5, 1e-6));
    assert_eq!(apart.axis, v(-1.0, 0.0), "from B towards A");
    let near = Circle::new(v(2.0, 0.0), 1.5).unwrap();
    let hit = sat_circles(&a, &near);
    assert!(hit.overlapping && close(hit.depth, 0.5, 1e-6));
    assert_eq!(hit.axis, v(-1.0, 0.0), "A moves away from B");
    let same = sat_circles(&a, &a);
    assert!(same.overlapping && same.depth == 2.0 && same.axis.length() == 1.0);
}

#[test]
fn apart_axis_points_from_b_towards_a() {
    let pentagon = chapter_pentagon();
    // The demo's opening scene: the box to the upper left, apart.
    let b = chapter_box(v(320.0, 300.0), 0.3);
    let r = sat_polygons(&b, &pentagon);
    assert!(!r.overlapping && r.depth > 0.0);
    let (sa, sb) = (
        project_polygon(&b, r.axis),
        project_polygon(&pentagon, r.axis),
    );
    assert!(
        close(sa.min - sb.max, r.depth, 1e-3),
        "A's shadow lies after B's: {sa:?} {sb:?}"
    );
    // Against the circle too, and the shortcut agrees when apart.
    let circle = Circle::new(v(620.0, 380.0), 80.0).unwrap();
    let rc = sat_polygon_circle(&b, &circle);
    let (sa, sb) = (
        project_polygon(&b, rc.axis),
        project_circle(&circle, rc.axis),
    );
    assert!(!rc.overlapping && close(sa.min - sb.max, rc.depth, 1e-3));
    let short = shortcut_polygon_circle(&b, &circle);
    assert!(!short.overlapping && short.axis.abs_diff_eq(rc.axis, 1e-6));
    assert!(close(short.depth, rc.depth, 1e-3));
}

#[test]
fn every_size_and_corner_count_gives_the_chapter_loops_answer() {
    // sat_polygons takes shortcuts the chapter's loop does not: a polygon's
    // axes and its own shadows on them found once, when it is made (kept up
    // to 64 corners; a 100-gon projects its corners), four axes at a time. Check each way through, at sizes from 1e-20 to
    // 1e15, against the plain loop.
    let chapter =
        |a: &Polygon, b: &Polygon| sat_visualizer::sat::sat_on_axes(a, b, polygon_axes(a, b));
    for (sides, radius) in [(100, 80.0), (7, 1e-20), (7, 1e-16), (7, 1e15), (5, 80.0)] {
        let fixed = Polygon::regular(sides, radius).unwrap();
        let moving = Polygon::rectangle(1.75 * radius, 1.1 * radius).unwrap();
        for k in 0..40 {
            let t = k as f32 / 40.0;
            let offset = Vec2::from_angle(t * 11.0) * radius * (3.0 * t);
            let a = moving.placed(offset, t * 7.0);
            // B placed too, half the time: its axes (and, up to 64 corners,
            // its shadows on them) are then turned and moved, not found.
            let b = if k % 2 == 0 {
                fixed.clone()
            } else {
                fixed.placed(Vec2::new(0.3, -0.2) * radius, 0.7 * t)
            };
            let (fast, slow) = (sat_polygons(&a, &b), chapter(&a, &b));
            assert_eq!(
                fast.overlapping, slow.overlapping,
                "{sides} sides, radius {radius}: {fast:?} {slow:?}"
            );
            assert!(
                fast.axis.abs_diff_eq(slow.axis, 1e-4),
                "{sides} sides, radius {radius}: {fast:?} {slow:?}"
            );
            assert!(
                (fast.depth - slow.depth).abs() <= 1e-4 * radius,
                "{fast:?} {slow:?}"
            );
        }
    }
}

/// `Polygon::regular` puts its corners on the circle of its radius, the
/// first straight up the screen and each the same turn on from the last;
/// an even one's second half is the first's with the signs turned, to the
/// bit, as the batch engine's half-corner shadows ask.
#[test]
fn regular_polygons_have_their_corners_on_the_circle_in_turn() {
    let radius = 80.0;
    for sides in 3..=12 {
        let p = Polygon::regular(sides, radius).unwrap();
        let corners = p.points();
        assert_eq!(corners.len(), sides);
        assert!(close(corners[0].x, 0.0, 1e-4) && close(corners[0].y, -radius, 1e-4));
        let step = std::f32::consts::TAU / sides as f32;
        for (i, c) in corners.iter().enumerate() {
            assert!(
                close(c.length(), radius, 1e-4),
                "{sides} sides, corner {i}: {c}"
            );
            let next = corners[(i + 1) % sides];
            let turn = c.angle_to(next);
            assert!(
                close(turn, step, 1e-5),
                "{sides} sides, corner {i}: turn {turn}"
            );
        }
        assert_eq!(
            p.is_centrally_symmetric(),
            sides.is_multiple_of(2),
            "{sides} sides"
        );
        if sides.is_multiple_of(2) {
            let half = sides / 2;
            for j in 0..half {
                assert_eq!(corners[j + half], -corners[j], "{sides} sides, corner {j}");
            }
        }
    }
}
