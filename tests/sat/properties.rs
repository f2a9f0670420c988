//! Property tests: the library against the Minkowski oracle, on random
//! convex polygons (3 to 8 corners, either winding, some with a repeated
//! corner) and random circles.

use glam::DVec2;
use proptest::prelude::*;
use sat_visualizer::sat::{
    Circle, Polygon, SatResult, Shadow, Vec2, polygon_axes, polygon_circle_axes,
    sat_polygon_circle, sat_polygons,
};

use super::oracle::{self, Truth};

/// A random convex polygon: corners at sorted angles on an ellipse (convex,
/// as any affine image of a circle's chords is), turned, moved, in either
/// winding, maybe with one corner listed twice.
fn convex_polygon() -> impl Strategy<Value = Polygon> {
    (
        prop::collection::vec(0.0f32..1.0, 3..=8),
        (5.0f32..120.0, 0.2f32..1.0),
        (-150.0f32..150.0, -150.0f32..150.0),
        0.0f32..std::f32::consts::TAU,
        any::<bool>(),
        prop::option::of(0usize..8),
    )
        .prop_filter_map(
            "degenerate polygon",
            |(mut t, (r, squash), (x, y), turn, reverse, repeat)| {
                t.sort_by(f32::total_cmp);
                // Spread the angles so no two corners coincide.
                let n = t.len() as f32;
                let mut pts: Vec<Vec2> = t
                    .iter()
                    .enumerate()
                    .map(|(i, &u)| {
                        let angle = (i as f32 + 0.8 * u) / n * std::f32::consts::TAU;
                        let p = Vec2::new(angle.cos() * r, angle.sin() * r * squash);
                        Vec2::new(x, y) + Vec2::from_angle(turn).rotate(p)
                    })
                    .collect();
                if reverse {
                    pts.reverse();
                }
                if let Some(k) = repeat {
                    let k = k % pts.len();
                    pts.insert(k, pts[k]);
                }
                Polygon::new(pts).ok()
            },
        )
}

fn circle() -> impl Strategy<Value = Circle> {
    ((-150.0f32..150.0, -150.0f32..150.0), 1.0f32..120.0)
        .prop_map(|((x, y), r)| Circle::new(Vec2::new(x, y), r).unwrap())
}

fn corners(p: &Polygon) -> Vec<DVec2> {
    p.points().iter().map(|c| c.as_dvec2()).collect()
}

/// A length that stands for how big the shapes are, for tolerances.
fn size(p: &Polygon) -> f32 {
    let c = p.center();
    p.points().iter().map(|q| q.distance(c)).fold(0.0, f32::max)
}

/// Every axis's shortest push, sorted: to know when two axes tie.
fn pushes<A: Shadow, B: Shadow>(a: &A, b: &B, axes: impl Iterator<Item = Vec2>) -> Vec<f32> {
    let mut out: Vec<f32> = axes
        .filter(|n| n.length_squared() >= 0.5)
        .map(|n| {
            let (sa, sb) = (a.shadow(n), b.shadow(n));
            (sb.max - sa.min).min(sa.max - sb.min)
        })
        .collect();
    out.sort_by(f32::total_cmp);
    out
}

/// The largest coordinate among `points`: how far out the shapes lie, which
/// sets how finely f32 places them.
fn farthest(points: impl Iterator<Item = Vec2>) -> f32 {
    points.map(|p| p.abs().max_element()).fold(0.0, f32::max)
}

/// How far out the polygons lie (their largest coordinate), and how far
/// two ways of finding an edge's unit axis may differ: f32 places each
/// corner to a unit in the last place of `far`, which turns the shortest
/// edge by that much over its length.
fn axis_rounding(polygons: &[&Polygon]) -> (f32, f32) {
    let far = farthest(polygons.iter().flat_map(|p| p.points().iter().copied()));
    let shortest = polygons
        .iter()
        .flat_map(|p| p.edges())
        .map(|(from, to)| from.distance(to))
        .filter(|&l| l > 0.0)
        .fold(f32::INFINITY, f32::min);
    (far, 1e-5 + 8.0 * f32::EPSILON * far / shortest)
}

/// The library's answer agrees with the oracle's; `far` is the largest
/// coordinate of either shape.
fn agrees<A: Shadow, B: Shadow>(
    got: SatResult,
    truth: Truth,
    a: &A,
    b: &B,
    scale: f32,
    far: f32,
) -> Result<(), TestCaseError> {
    let tol = 1e-4 * scale.max(1.0);
    // Touching within the tolerance may go either way.
    if truth.depth <= tol as f64 {
        return Ok(());
    }
    prop_assert_eq!(
        got.overlapping,
        truth.overlapping,
        "got {:?}, truth {:?}",
        got,
        truth
    );
    prop_assert!((got.axis.length() - 1.0).abs() < 1e-4);
    if truth.overlapping {
        // f32 corners place each shadow's ends only to a few units in the
        // last place of the coordinates, however small the depth between
        // them: that much is allowed beside the relative error.
        let rounding = 8.0 * f32::EPSILON as f64 * far as f64;
        let error = (got.depth as f64 - truth.depth).abs() - rounding;
        let rel = error.max(0.0) / truth.depth.max(tol as f64);
        prop_assert!(
            rel <= 1e-3,
            "depth {} against {} ({:?})",
            got.depth,
            truth.depth,
            truth
        );
        // The push points where the oracle's does, unless two ways out tie
        // (then either is a shortest push).
        if got.axis.as_dvec2().dot(truth.axis) < 0.999 {
            prop_assert!(
                (got.depth as f64 - truth.depth).abs() <= 1e-3 * truth.depth + tol as f64,
                "axis {:?} against {:?}",
                got.axis,
                truth.axis
            );
        }
    } else {
        // Apart: a real gap on the reported axis, with A's shadow after B's,
        // no wider than the true distance.
        let (sa, sb) = (a.shadow(got.axis), b.shadow(got.axis));
        prop_assert!(
            (sa.min - sb.max - got.depth).abs() <= tol,
            "{:?} {:?} {:?}",
            got,
            sa,
            sb
        );
        prop_assert!(got.depth > 0.0);
        prop_assert!(got.depth as f64 <= truth.depth + tol as f64);
    }
    Ok(())
}

/// `sat_polygons` gives the chapter's loop's answer (every axis, every
/// corner projected): the same verdict, and the same axis and depth unless
/// two axes tie or a gap is within rounding of nothing.
fn same_as_the_chapter_loop(a: &Polygon, b: &Polygon) -> Result<(), TestCaseError> {
    let tol = 1e-4 * size(a).max(size(b));
    // A placed polygon's axes are its own turned, not found again from its
    // turned corners: the two agree to the rounding of an edge's direction.
    let (far, axis_tol) = axis_rounding(&[a, b]);
    // A shadow's ends move by the axis's error times how far out they lie.
    let tol = tol + axis_tol * far;
    let fast = sat_polygons(a, b);
    let chapter = sat_visualizer::sat::sat_on_axes(a, b, polygon_axes(a, b));
    if fast.depth > tol && chapter.depth > tol {
        prop_assert_eq!(
            fast.overlapping,
            chapter.overlapping,
            "{:?} {:?}",
            fast,
            chapter
        );
    }
    if !chapter.overlapping && !fast.overlapping {
        // The same first axis with a gap, and the same gap, unless an
        // earlier axis's gap is within rounding of nothing.
        let ties = pushes(a, b, polygon_axes(a, b));
        if ties.iter().all(|p| p.abs() > tol) {
            prop_assert!(
                fast.axis.abs_diff_eq(chapter.axis, axis_tol),
                "{:?} {:?}",
                fast,
                chapter
            );
            prop_assert!(
                (fast.depth - chapter.depth).abs() <= tol,
                "{:?} {:?}",
                fast,
                chapter
            );
        }
    } else if fast.overlapping && chapter.overlapping {
        prop_assert!(
            (fast.depth - chapter.depth).abs() <= tol,
            "{:?} {:?}",
            fast,
            chapter
        );
        let ties = pushes(a, b, polygon_axes(a, b));
        if ties.len() < 2 || ties[1] - ties[0] > tol {
            prop_assert!(
                fast.axis.abs_diff_eq(chapter.axis, axis_tol),
                "{:?} {:?}",
                fast,
                chapter
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn polygons_agree_with_the_minkowski_oracle(a in convex_polygon(), b in convex_polygon()) {
        let got = sat_polygons(&a, &b);
        let truth = oracle::polygons(&corners(&a), &corners(&b));
        let far = farthest(a.points().iter().chain(b.points()).copied());
        agrees(got, truth, &a, &b, size(&a).max(size(&b)), far)?;
    }

    #[test]
    fn polygon_circle_agrees_with_the_minkowski_oracle(a in convex_polygon(), b in circle()) {
        let got = sat_polygon_circle(&a, &b);
        let truth = oracle::polygon_circle(&corners(&a), b.center.as_dvec2(), b.radius as f64);
        let reach = [b.center - Vec2::splat(b.radius), b.center + Vec2::splat(b.radius)];
        let far = farthest(a.points().iter().copied().chain(reach));
        agrees(got, truth, &a, &b, size(&a).max(b.radius), far)?;
    }

    #[test]
    fn kept_own_shadows_give_the_chapter_loops_answer(a in convex_polygon(), b in convex_polygon()) {
        // sat_polygons takes each polygon's shadow on its own edge's axis
        // from what the polygon keeps; the chapter's loop projects every
        // corner. Same verdict, same push.
        same_as_the_chapter_loop(&a, &b)?;
    }

    #[test]
    fn placing_carries_the_axes_and_shadows_along(
        a in convex_polygon(),
        b in convex_polygon(),
        c in circle(),
        poses in prop::array::uniform3((-300.0f32..300.0, -300.0f32..300.0, -7.0f32..7.0)),
    ) {
        // A placed polygon turns and moves the axes and shadows it keeps
        // instead of finding them again; placing a placed one again must
        // carry them along just as well.
        let place = |p: &Polygon, (x, y, angle): (f32, f32, f32)| p.placed(Vec2::new(x, y), angle);
        let a2 = place(&place(&a, poses[0]), poses[1]);
        let b2 = place(&b, poses[2]);
        same_as_the_chapter_loop(&a2, &b2)?;
        let (far, axis_tol) = axis_rounding(&[&a2]);
        let tol = 1e-4 * size(&a2).max(c.radius) + axis_tol * far;
        let fast = sat_polygon_circle(&a2, &c);
        let chapter = sat_visualizer::sat::sat_on_axes(&a2, &c, polygon_circle_axes(&a2, &c));
        if fast.depth > tol && chapter.depth > tol {
            prop_assert_eq!(fast.overlapping, chapter.overlapping, "{:?} {:?}", fast, chapter);
            prop_assert!((fast.depth - chapter.depth).abs() <= tol, "{:?} {:?}", fast, chapter);
        }
    }

    #[test]
    fn moving_a_by_the_push_leaves_them_just_touching(a in convex_polygon(), b in convex_polygon(), c in circle()) {
        let tol = 2e-4 * size(&a).max(size(&b)).max(c.radius);
        let hit = sat_polygons(&a, &b);
        if hit.overlapping {
            let after = sat_polygons(&a.placed(hit.push(), 0.0), &b);
            prop_assert!(after.depth <= tol, "after the push: {:?}", after);
        }
        let hit = sat_polygon_circle(&a, &c);
        if hit.overlapping {
            let after = sat_polygon_circle(&a.placed(hit.push(), 0.0), &c);
            prop_assert!(after.depth <= tol, "after the push: {:?}", after);
        }
    }

    #[test]
    fn swapping_a_and_b_negates_the_axis(a in convex_polygon(), b in convex_polygon()) {
        let tol = 1e-4 * size(&a).max(size(&b));
        let ab = sat_polygons(&a, &b);
        let ba = sat_polygons(&b, &a);
        let best = pushes(&a, &b, polygon_axes(&a, &b));
        if ab.depth <= tol || ba.depth <= tol {
            return Ok(()); // touching: either verdict
        }
        prop_assert_eq!(ab.overlapping, ba.overlapping);
        if ab.overlapping {
            prop_assert!((ab.depth - ba.depth).abs() <= tol, "{:?} {:?}", ab, ba);
            // Without a tie for the shortest push, the very same axis,
            // reversed.
            if best.len() < 2 || best[1] - best[0] > tol {
                prop_assert!(ab.axis.abs_diff_eq(-ba.axis, 1e-4), "{:?} {:?}", ab, ba);
            }
        } else {
            // The swapped axis points from A towards B: B's shadow lies
            // after A's along it, by the gap.
            let (sa, sb) = (a.shadow(ba.axis), b.shadow(ba.axis));
            prop_assert!((sb.min - sa.max - ba.depth).abs() <= tol, "{:?} {:?} {:?}", ba, sa, sb);
        }
    }

    #[test]
    fn moving_and_turning_both_changes_only_the_axis(
        a in convex_polygon(),
        b in convex_polygon(),
        c in circle(),
        shift in (-300.0f32..300.0, -300.0f32..300.0),
        turn in -3.2f32..3.2,
    ) {
        let shift = Vec2::new(shift.0, shift.1);
        let rot = Vec2::from_angle(turn);
        let tol = 1e-3 * size(&a).max(size(&b)).max(c.radius);
        // Turn about the origin, then move: the same for both shapes.
        let (a2, b2) = (a.placed(shift, turn), b.placed(shift, turn));
        let c2 = Circle { center: shift + rot.rotate(c.center), radius: c.radius };

        for (before, after, ties) in [
            (sat_polygons(&a, &b), sat_polygons(&a2, &b2), pushes(&a, &b, polygon_axes(&a, &b))),
            (sat_polygon_circle(&a, &c), sat_polygon_circle(&a2, &c2), pushes(&a, &c, polygon_circle_axes(&a, &c))),
        ] {
            if before.depth <= tol || after.depth <= tol {
                continue; // touching: either verdict
            }
            prop_assert_eq!(before.overlapping, after.overlapping);
            if before.overlapping {
                prop_assert!((before.depth - after.depth).abs() <= tol, "{:?} {:?}", before, after);
                if ties.len() < 2 || ties[1] - ties[0] > tol {
                    prop_assert!(rot.rotate(before.axis).abs_diff_eq(after.axis, 1e-3), "{:?} {:?}", before, after);
                }
            }
        }
    }
}
