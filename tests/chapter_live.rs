//! The whole chapter, live (issue 10), as scene logic on the CPU: Figure
//! 16.2's path against the Minkowski-difference oracle, the test one axis
//! at a time against the test itself, the figures' numbers, and B's
//! corners under the mouse.

#[path = "sat/oracle.rs"]
#[allow(dead_code)]
mod oracle;

use glam::DVec2;
use proptest::prelude::*;
use sat_visualizer::draw::DrawList;
use sat_visualizer::sat::{
    self, Polygon, Vec2, polygon_axes, polygon_circle_axes, sat_polygon_circle, sat_polygons,
};
use sat_visualizer::scene::{
    Action, AxisFrom, EdgeSource, Figure, Fixed, MIN_CORNERS, Scene, WayOut,
};

fn corners(p: &Polygon) -> Vec<DVec2> {
    p.points().iter().map(|c| c.as_dvec2()).collect()
}

fn scene_at(position: Vec2, angle: f32, sides: Option<usize>) -> Scene {
    let mut scene = Scene::new();
    match sides {
        Some(n) => scene.set_sides(n).unwrap(),
        None => scene.set_circle(true),
    }
    scene.set_box(position, angle).unwrap();
    scene
}

fn directions(p: &Polygon) -> Vec<Vec2> {
    p.edges().map(|(a, b)| (b - a).normalize()).collect()
}

fn parallel(d: Vec2, set: &[Vec2]) -> bool {
    set.iter().any(|e| d.perp_dot(*e).abs() < 2e-3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each straight edge of the path runs parallel to an edge of A or of
    /// B, as its source says, and every edge of both shows up in it.
    #[test]
    fn the_path_s_edges_are_parallel_to_a_s_and_b_s(
        x in 300.0f32..900.0, y in 200.0f32..600.0, angle in -4.0f32..4.0, sides in 3usize..=8,
    ) {
        let scene = scene_at(Vec2::new(x, y), angle, Some(sides));
        let path = scene.path().expect("a path");
        let Fixed::Polygon(b) = scene.fixed() else { unreachable!() };
        let (da, db) = (directions(scene.placed_box()), directions(&b));
        let mut seen_a = vec![false; da.len()];
        let mut seen_b = vec![false; db.len()];
        for e in &path.edges {
            let d = (e.to - e.from).normalize();
            let (pa, pb) = (parallel(d, &da), parallel(d, &db));
            match e.source {
                EdgeSource::A => prop_assert!(pa, "{e:?}"),
                EdgeSource::B => prop_assert!(pb, "{e:?}"),
                EdgeSource::Both => prop_assert!(pa && pb, "{e:?}"),
                other => prop_assert!(false, "{other:?} on a polygon's path"),
            }
            for (i, a) in da.iter().enumerate() {
                seen_a[i] |= d.perp_dot(*a).abs() < 2e-3;
            }
            for (i, b) in db.iter().enumerate() {
                seen_b[i] |= d.perp_dot(*b).abs() < 2e-3;
            }
            // The normal is a unit axis, at right angles to the edge.
            prop_assert!((e.normal.length() - 1.0).abs() < 1e-4);
            prop_assert!(e.normal.dot(d).abs() < 1e-3);
        }
        prop_assert!(seen_a.iter().all(|&s| s), "every edge of A: {seen_a:?}");
        prop_assert!(seen_b.iter().all(|&s| s), "every edge of B: {seen_b:?}");
    }

    /// Inside the path, the distance to it is the push; outside, it is the
    /// true distance between the shapes, which the gap on one axis never
    /// exceeds. The oracle is the Minkowski difference, in f64.
    #[test]
    fn the_distance_to_the_path_is_the_push_or_the_true_distance(
        x in 350.0f32..890.0, y in 250.0f32..510.0, angle in -4.0f32..4.0,
        sides in prop_oneof![Just(None), (3usize..=8).prop_map(Some)],
    ) {
        let scene = scene_at(Vec2::new(x, y), angle, sides);
        let path = scene.path().expect("a path");
        let d = path.signed_distance(scene.box_position()) as f64;
        let a = corners(scene.placed_box());
        let truth = match scene.fixed() {
            Fixed::Polygon(b) => oracle::polygons(&a, &corners(&b)),
            Fixed::Circle(c) => oracle::polygon_circle(&a, c.center.as_dvec2(), c.radius as f64),
        };
        let r = scene.result();
        let tol = 2e-2;
        if truth.overlapping && truth.depth > tol {
            prop_assert!(d <= 0.0, "inside: {d} vs {truth:?}");
            prop_assert!((-d - truth.depth).abs() < tol, "push {d} vs {truth:?}");
            prop_assert!((-d - r.depth as f64).abs() < tol, "push {d} vs {r:?}");
        } else if !truth.overlapping && truth.depth > tol {
            prop_assert!(d >= 0.0, "outside: {d} vs {truth:?}");
            prop_assert!((d - truth.depth).abs() < tol, "distance {d} vs {truth:?}");
            prop_assert!(!r.overlapping);
            prop_assert!(r.depth as f64 <= d + tol, "gap {r:?} beyond {d}");
        }
    }

    /// Stepping goes through the axes in the test's order, stops at the
    /// test's gap, and ends at the test's result.
    #[test]
    fn stepping_follows_the_test_s_order(
        x in 300.0f32..900.0, y in 200.0f32..600.0, angle in -4.0f32..4.0,
        sides in prop_oneof![Just(None), (3usize..=8).prop_map(Some)],
    ) {
        let scene = scene_at(Vec2::new(x, y), angle, sides);
        let (steps, total) = scene.axis_steps();
        let a = scene.placed_box();
        let (axes, result): (Vec<Vec2>, _) = match scene.fixed() {
            Fixed::Polygon(b) => (polygon_axes(a, &b).collect(), sat_polygons(a, &b)),
            Fixed::Circle(c) => (polygon_circle_axes(a, &c).collect(), sat_polygon_circle(a, &c)),
        };
        let axes: Vec<Vec2> = axes.into_iter().filter(|v| v.length_squared() >= 0.5).collect();
        prop_assert_eq!(total, axes.len());
        prop_assert!(!steps.is_empty() && steps.len() <= total);
        for (k, s) in steps.iter().enumerate() {
            prop_assert_eq!(s.axis, axes[k], "axis {}", k + 1);
            let gap = matches!(s.way, WayOut::Gap(_));
            prop_assert_eq!(gap, k + 1 == steps.len() && !result.overlapping);
        }
        let last = steps.last().unwrap().so_far;
        prop_assert_eq!(last.overlapping, result.overlapping);
        prop_assert!((last.depth - result.depth).abs() < 1e-2, "{last:?} vs {result:?}");
        prop_assert!((last.axis - result.axis).length() < 1e-3 || (last.depth - result.depth).abs() < 1e-2);
        // The first steps come from A's edges, in order.
        let na = a.points().len();
        for (k, s) in steps.iter().enumerate().take(na) {
            prop_assert_eq!(s.from, AxisFrom::A(k + 1));
        }
    }
}

#[test]
fn t_and_shift_t_walk_the_axes_with_axis_k_of_m() {
    let mut scene = scene_at(Vec2::new(560.0, 360.0), 0.3, Some(5));
    assert!(scene.result().overlapping);
    let (steps, total) = scene.axis_steps();
    assert_eq!((steps.len(), total), (9, 9));
    for k in 1..=9 {
        assert!(scene.start(Action::StepForward));
        assert_eq!(scene.step(), Some(k));
        assert!(scene.shows_axis_step());
        let line = scene.readout();
        assert!(
            line.starts_with(&format!("axis {k} of 9: forward ")),
            "{line}"
        );
        assert!(line.contains("the shortest push so far is"), "{line}");
        assert_eq!(scene.step_table().len(), k);
    }
    scene.start(Action::StepForward); // the result
    assert!(!scene.shows_axis_step());
    assert!(scene.readout().starts_with("overlapping: push the box"));
    assert_eq!(scene.step_table().len(), 10, "nine rows and the count");
    scene.start(Action::StepBack);
    assert_eq!(scene.step(), Some(9));
    scene.start(Action::StepForward);
    scene.start(Action::StepForward); // off again
    assert_eq!(scene.step(), None);
    assert!(scene.step_table().is_empty());

    // Apart: the list stops at the gap, which says so.
    let mut scene = Scene::new();
    scene.set_step(Some(1));
    let (steps, total) = scene.axis_steps();
    assert_eq!(total, 9);
    let k = steps.len();
    scene.set_step(Some(k));
    assert!(
        scene.readout().ends_with(&format!(
            "a gap of {} px: the test stops here",
            scene.result().depth.round()
        )),
        "{}",
        scene.readout()
    );
    assert!(scene.readout().starts_with(&format!("axis {k} of 9:")));
}

#[test]
fn the_path_s_readout_gives_the_push_or_the_distance() {
    let scene = {
        let mut s = scene_at(Vec2::new(560.0, 360.0), 0.3, Some(5));
        s.start(Action::TogglePath);
        s
    };
    let push = scene.result().depth.round() as i64;
    let line = scene.path_line().unwrap();
    assert_eq!(
        line,
        format!("A's center is {push} px inside the path (silver)")
    );
    assert!(scene.text_lines().contains(&line));

    let mut scene = Scene::new();
    scene.set_path(true);
    let line = scene.path_line().unwrap();
    assert!(line.contains("px outside the path"), "{line}");
    assert!(line.contains("is never more than that"), "{line}");
    // Against the circle the path is rounded, and fine enough to look
    // smooth: no piece turns more than 3 degrees.
    scene.set_circle(true);
    let path = scene.path().unwrap();
    assert!(path.is_rounded());
    let arcs: Vec<_> = path
        .edges
        .iter()
        .filter(|e| e.source == EdgeSource::Arc)
        .collect();
    assert!(arcs.len() >= 120, "{} pieces", arcs.len());
    for e in arcs {
        assert!(e.from.distance(e.to) < 80.0 * 0.06, "{e:?}");
    }
}

fn figure(f: Figure) -> Scene {
    let mut scene = Scene::new();
    scene.load_figure(f);
    assert_eq!(scene.figure(), Some(f));
    assert!(
        scene
            .caption()
            .is_some_and(|c| !c.is_empty() && !c.contains('\n'))
    );
    scene
}

fn close(v: f32, want: f32) -> bool {
    (v - want).abs() < 0.01
}

#[test]
fn each_figure_gives_the_chapter_s_numbers() {
    // The worked example: seven axes, three directions, a push of 0.5 up.
    let s = figure(Figure::WorkedExample);
    let r = s.result();
    assert!(
        r.overlapping && close(r.depth, 50.0) && r.axis == Vec2::new(0.0, -1.0),
        "{r:?}"
    );
    let (steps, total) = s.axis_steps();
    assert_eq!(total, 7);
    assert_eq!(steps.iter().filter(|s| s.repeats.is_none()).count(), 3);
    let pushes: Vec<(f32, f32)> = steps
        .iter()
        .filter(|s| s.repeats.is_none())
        .map(|s| match s.way {
            WayOut::Overlap { forward, backward } => (forward.min(backward), forward.max(backward)),
            _ => panic!("no gap"),
        })
        .collect();
    // y: 4.5 and 0.5; x: 4 and 1; the diagonal: 1.06 and 3.89.
    assert!(
        close(pushes[0].0, 50.0) && close(pushes[0].1, 450.0),
        "{pushes:?}"
    );
    assert!(
        close(pushes[1].0, 100.0) && close(pushes[1].1, 400.0),
        "{pushes:?}"
    );
    assert!(
        (pushes[2].0 - 106.07).abs() < 0.05 && (pushes[2].1 - 388.9).abs() < 0.1,
        "{pushes:?}"
    );
    assert!(
        s.step_table()
            .last()
            .unwrap()
            .contains("7 of 7 axes tried, 3 different directions")
    );

    // Shadow inside: 2 to 4 in 0 to 10, ×40: forward 8, backward 4.
    let s = figure(Figure::ShadowInside);
    let (steps, _) = s.axis_steps();
    let first = steps[0];
    assert_eq!(first.axis, Vec2::X);
    assert!(close(first.a.min, 380.0) && close(first.a.max, 460.0));
    assert!(close(first.b.min, 300.0) && close(first.b.max, 700.0));
    assert_eq!(
        first.way,
        WayOut::Overlap {
            forward: 320.0,
            backward: 160.0
        }
    );
    assert!(close(
        first.a.max.min(first.b.max) - first.a.min.max(first.b.min),
        80.0
    ));
    assert!(
        s.readout()
            .starts_with("axis 1 of 8: forward 320 px, backward 160 px")
    );
    assert!(close(s.result().depth, 160.0) && close(s.shortcut_result().depth, 80.0));

    // 36 px short, on the axis of the box's right edge.
    let s = figure(Figure::Gap36);
    let r = s.result();
    assert!(!r.overlapping && (r.depth - 36.0).abs() < 0.01, "{r:?}");
    let right = Vec2::from_angle(0.3);
    assert!(r.axis.dot(right).abs() > 0.9999, "{r:?}");
    assert_eq!(s.readout(), "apart: a gap of 36 px on one axis");

    // Centered: 121, where the shortcut says 90.
    let s = figure(Figure::Centered);
    assert_eq!(s.result().depth.round(), 121.0);
    assert_eq!(s.shortcut_result().depth.round(), 90.0);
    assert!(s.shows_shortcut());

    // A corner 22 px into the circle, along the circle's own axis.
    let s = figure(Figure::CornerCircle);
    let r = s.result();
    assert!(
        s.uses_circle() && r.overlapping && close(r.depth, 22.0),
        "{r:?}"
    );
    let Fixed::Circle(c) = s.fixed() else {
        unreachable!()
    };
    let corner = s.placed_box().nearest_corner(c.center);
    let own = (c.center - corner).normalize();
    assert!(r.axis.dot(own).abs() > 0.9999, "{r:?} vs {own}");
    let (steps, _) = s.axis_steps();
    assert_eq!(steps.last().unwrap().from, AxisFrom::CircleCenter);

    // The long boxes: apart, yet overlapping on the line between centers.
    let s = figure(Figure::LongBoxes);
    assert!(!s.result().overlapping);
    let line = s.overlay_lines().join("\n");
    assert!(
        line.contains("the shadows overlap, yet the shapes are apart"),
        "{line}"
    );
    let Fixed::Polygon(b) = s.fixed() else {
        unreachable!()
    };
    let u = (s.box_position() - b.center()).normalize();
    let (sa, sb) = s.shadows_on(u);
    assert!(sa.gap(&sb) < 0.0);

    // The dent: an overlap reported where the true shapes do not meet.
    let s = figure(Figure::Dent);
    assert!(s.has_dent() && s.result().overlapping);
    assert!(
        s.overlay_lines()
            .contains(&"a dent: tested as its hull".to_string())
    );
    let dented: Vec<DVec2> = s.corners().iter().map(|c| c.as_dvec2()).collect();
    // The dent's two halves are convex; the box meets neither.
    let a = corners(s.placed_box());
    for half in [
        [dented[0], dented[1], dented[4]],
        [dented[4], dented[2], dented[3]],
    ] {
        let t = oracle::polygons(&a, &half);
        assert!(!t.overlapping, "{t:?}");
    }
    let halves = [[dented[4], dented[1], dented[2]]];
    for half in halves {
        assert!(!oracle::polygons(&a, &half).overlapping);
    }

    // Exercise 3: 50 px, eight axes, two directions.
    let s = figure(Figure::Exercise3);
    let r = s.result();
    assert!(r.overlapping && close(r.depth, 50.0), "{r:?}");
    let (steps, total) = s.axis_steps();
    assert_eq!(total, 8);
    assert_eq!(steps.iter().filter(|s| s.repeats.is_none()).count(), 2);
}

#[test]
fn figures_go_round_with_page_keys_and_stay_draggable() {
    let mut scene = Scene::new();
    for &f in Figure::ALL.iter() {
        scene.start(Action::NextFigure);
        assert_eq!(scene.figure(), Some(f));
        assert_eq!(Figure::from_name(f.name()), Ok(f));
        let before = scene.box_position();
        let at = scene.view().to_logical(before);
        scene.pointer_pressed(at);
        assert!(
            scene.is_grabbed(),
            "{f:?}: the box is grabbed at its center"
        );
        scene.pointer_moved(at + Vec2::new(15.0, -10.0));
        scene.pointer_released();
        assert_eq!(
            scene.box_position(),
            before + Vec2::new(15.0, -10.0),
            "{f:?}"
        );
        let mut list = DrawList::default();
        scene.build(&mut list);
        list.validate().unwrap();
    }
    scene.start(Action::NextFigure);
    assert_eq!(scene.figure(), Some(Figure::ALL[0]));
    scene.start(Action::PreviousFigure);
    assert_eq!(scene.figure(), Some(Figure::ALL[7]));
    let err = Figure::from_name("nope").unwrap_err().to_string();
    for name in Figure::NAMES {
        assert!(err.contains(name), "{err}");
    }
    scene.start(Action::Reset);
    assert_eq!(scene.figure(), None);
    assert_eq!(scene.readout(), Scene::new().readout());
    assert_eq!(scene.box_corners(), Scene::new().box_corners());
}

#[test]
fn b_s_corners_drag_add_and_remove_never_below_three() {
    let mut scene = Scene::new();
    let pentagon = scene.corners();
    // A press on a corner grabs it (the box is elsewhere); a drag moves it.
    let top = pentagon[0];
    scene.pointer_pressed(top + Vec2::new(6.0, 5.0));
    assert_eq!(scene.held_corner(), Some(0));
    assert!(scene.pointer_moved(top + Vec2::new(6.0, -35.0)));
    scene.pointer_released();
    assert_eq!(scene.corners()[0], top + Vec2::new(0.0, -40.0));
    assert!(scene.has_edited_corners() && !scene.has_dent());
    assert_eq!(
        scene.axes_line(),
        "axes: the box's 4 edge normals, and the outline's 5"
    );

    // The box keeps priority: a corner moved under it is not grabbed.
    scene.set_box(pentagon[4], 0.0).unwrap();
    scene.pointer_pressed(pentagon[4]);
    assert!(scene.is_grabbed() && scene.held_corner().is_none());
    scene.pointer_released();
    scene.set_box(Vec2::new(200.0, 200.0), 0.0).unwrap();

    // A double-click on an edge adds a corner there.
    let mid = (scene.corners()[1] + scene.corners()[2]) * 0.5;
    assert!(scene.pointer_double_clicked(mid + Vec2::new(3.0, 0.0)));
    assert_eq!(scene.corners().len(), 6);
    assert!(scene.corners()[2].distance(mid) < 3.5);
    // Far from any edge, nothing.
    assert!(!scene.pointer_double_clicked(Vec2::new(100.0, 600.0)));

    // Right-clicks remove corners down to three, never fewer.
    let mut removed = 0;
    for _ in 0..10 {
        let c = scene.corners()[0];
        if scene.pointer_right_pressed(c) {
            removed += 1;
        }
        assert!(scene.corners().len() >= MIN_CORNERS);
    }
    assert_eq!(removed, 3);
    assert_eq!(scene.corners().len(), 3);

    // A dent is no error: the test uses the hull, and the readout says so.
    let mut scene = Scene::new();
    let c = scene.corners();
    scene.pointer_pressed(c[0]);
    scene.pointer_moved(Vec2::new(620.0, 420.0)); // the top corner pulled in
    scene.pointer_released();
    assert!(scene.has_dent());
    assert!(
        scene
            .overlay_lines()
            .contains(&"a dent: tested as its hull".to_string())
    );
    let Fixed::Polygon(b) = scene.fixed() else {
        unreachable!()
    };
    assert_eq!(b.points().len(), 4, "the hull drops the pulled-in corner");
    // A drag that would put every corner on one line is not taken.
    let mut scene = Scene::new();
    scene
        .set_corners(vec![
            Vec2::new(500.0, 300.0),
            Vec2::new(700.0, 300.0),
            Vec2::new(600.0, 400.0),
        ])
        .unwrap();
    scene.pointer_pressed(Vec2::new(600.0, 400.0));
    scene.pointer_moved(Vec2::new(600.0, 300.0));
    assert_eq!(scene.corners()[2], Vec2::new(600.0, 400.0));
    scene.pointer_released();
    // Number keys bring back the regular polygon.
    scene.start(Action::Sides(6));
    assert!(!scene.has_edited_corners());
    assert_eq!(scene.corners().len(), 6);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any run of corner edits keeps at least 3 corners and a valid list.
    #[test]
    fn editing_corners_always_keeps_three(
        edits in prop::collection::vec((0u8..3, 0usize..12, -60.0f32..60.0, -60.0f32..60.0), 1..40)
    ) {
        let mut scene = Scene::new();
        scene.set_box(Vec2::new(150.0, 150.0), 0.0).unwrap();
        for (kind, i, dx, dy) in edits {
            let c = scene.corners();
            let at = c[i % c.len()];
            match kind {
                0 => {
                    scene.pointer_pressed(at);
                    scene.pointer_moved(at + Vec2::new(dx, dy));
                    scene.pointer_released();
                }
                1 => {
                    let next = c[(i + 1) % c.len()];
                    scene.pointer_double_clicked((at + next) * 0.5);
                }
                _ => {
                    scene.pointer_right_pressed(at);
                }
            }
            prop_assert!(scene.corners().len() >= MIN_CORNERS);
            let Fixed::Polygon(b) = scene.fixed() else { unreachable!() };
            prop_assert!(b.points().len() >= 3);
            let truth = oracle::polygons(&corners(scene.placed_box()), &corners(&b));
            prop_assert_eq!(truth.overlapping, scene.result().overlapping);
        }
        scene.set_path(true);
        scene.set_step(Some(3));
        let mut list = DrawList::default();
        scene.build(&mut list);
        prop_assert!(list.validate().is_ok());
    }
}

#[test]
fn text_lines_run_top_to_bottom() {
    let mut scene = Scene::new();
    scene.load_figure(Figure::Exercise3);
    scene.set_path(true);
    let lines = scene.text_lines();
    assert_eq!(lines[0], "overlapping: push the box 50 px, as shown");
    assert!(lines[1].starts_with("axes:"));
    assert!(lines[2].contains("px inside the path"));
    assert!(lines[3].starts_with("1. A's edge 1:"));
    assert_eq!(lines.last().unwrap(), Figure::Exercise3.caption());
    let _ = sat::MAX_COORDINATE;
}
