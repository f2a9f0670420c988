//! Every `ShapeError`, and garbage input that must not panic.

use proptest::prelude::*;
use sat_visualizer::sat::{
    Circle, MAX_COORDINATE, Polygon, ShapeError, Vec2, sat_polygon_circle, sat_polygons,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

#[test]
fn too_few_distinct_corners() {
    assert_eq!(
        Polygon::new(vec![]),
        Err(ShapeError::TooFewPoints { distinct: 0 })
    );
    assert_eq!(
        Polygon::new(vec![v(1.0, 2.0)]),
        Err(ShapeError::TooFewPoints { distinct: 1 })
    );
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(1.0, 0.0), v(0.0, 0.0)]),
        Err(ShapeError::TooFewPoints { distinct: 2 })
    );
    assert_eq!(
        Polygon::new(vec![v(3.0, 3.0); 5]),
        Err(ShapeError::TooFewPoints { distinct: 1 })
    );
    assert_eq!(
        Polygon::regular(2, 10.0),
        Err(ShapeError::TooFewPoints { distinct: 2 })
    );
    assert_eq!(
        Polygon::hull(&[v(0.0, 0.0), v(0.0, 0.0)]),
        Err(ShapeError::TooFewPoints { distinct: 1 })
    );
}

#[test]
fn non_finite_and_out_of_range_corners_are_named() {
    let mut pts = vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
    pts[2].x = f32::NAN;
    assert_eq!(
        Polygon::new(pts.clone()),
        Err(ShapeError::NotFinite { index: 2 })
    );
    pts[2] = v(1.0, f32::INFINITY);
    assert_eq!(
        Polygon::new(pts.clone()),
        Err(ShapeError::NotFinite { index: 2 })
    );
    pts[2] = v(1e30, 1.0);
    assert_eq!(
        Polygon::new(pts.clone()),
        Err(ShapeError::OutOfRange { index: 2 })
    );
    assert_eq!(
        Polygon::hull(&pts),
        Err(ShapeError::OutOfRange { index: 2 })
    );
    pts[2] = v(1.0, f32::NEG_INFINITY);
    assert_eq!(Polygon::hull(&pts), Err(ShapeError::NotFinite { index: 2 }));
    // Right at the limit is fine.
    let big = MAX_COORDINATE;
    assert!(Polygon::new(vec![v(-big, -big), v(big, -big), v(0.0, big)]).is_ok());
}

#[test]
fn corners_on_one_line() {
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]),
        Err(ShapeError::Collinear)
    );
    // Out of order along the line is still one line.
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(2.0, 2.0), v(1.0, 1.0), v(3.0, 3.0)]),
        Err(ShapeError::Collinear)
    );
    assert_eq!(
        Polygon::hull(&[v(0.0, 0.0), v(5.0, 0.0), v(2.0, 0.0)]),
        Err(ShapeError::Collinear)
    );
    // A box of no height has only two distinct corners.
    assert_eq!(
        Polygon::rectangle(10.0, 0.0),
        Err(ShapeError::TooFewPoints { distinct: 2 })
    );
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(1.0, 1e-12), v(2.0, 0.0)]),
        Err(ShapeError::Collinear)
    );
}

#[test]
fn a_dent_names_its_corner() {
    // An arrowhead: corner 3 points inward.
    let dented = vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(2.0, 1.0),
        v(0.0, 4.0),
    ];
    assert_eq!(
        Polygon::new(dented.clone()),
        Err(ShapeError::NotConvex { index: 3 })
    );
    // The other winding names the same corner.
    let mut reversed = dented.clone();
    reversed.reverse();
    assert_eq!(
        Polygon::new(reversed),
        Err(ShapeError::NotConvex { index: 1 })
    );
    // The hull fills the dent.
    let hull = Polygon::hull(&dented).unwrap();
    assert_eq!(hull.points().len(), 4);
    assert!(!hull.points().contains(&v(2.0, 1.0)));
}

#[test]
fn corners_out_of_order_are_not_convex() {
    // A bow tie: the right corners swapped.
    let bow = vec![v(0.0, 0.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 2.0)];
    assert!(matches!(
        Polygon::new(bow),
        Err(ShapeError::NotConvex { .. })
    ));
    // A pentagram: every turn the same way, but it winds around twice.
    let star: Vec<Vec2> = (0..5)
        .map(|i| Vec2::from_angle(i as f32 * 4.0 * std::f32::consts::PI / 5.0) * 10.0)
        .collect();
    assert!(matches!(
        Polygon::new(star),
        Err(ShapeError::NotConvex { .. })
    ));
    // A spike that doubles back along an edge.
    let spike = vec![v(0.0, 0.0), v(4.0, 0.0), v(2.0, 0.0), v(2.0, 3.0)];
    assert!(matches!(
        Polygon::new(spike),
        Err(ShapeError::NotConvex { .. })
    ));
}

#[test]
fn either_winding_and_collinear_edge_corners_are_accepted() {
    let ccw = vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
    let mut cw = ccw.clone();
    cw.reverse();
    assert!(Polygon::new(ccw).is_ok());
    assert!(Polygon::new(cw).is_ok());
    // A corner in the middle of an edge is straight on, not a dent.
    assert!(Polygon::new(vec![v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(1.0, 2.0)]).is_ok());
    // Repeats around the wrap.
    assert!(Polygon::new(vec![v(0.0, 0.0), v(2.0, 0.0), v(1.0, 2.0), v(0.0, 0.0)]).is_ok());
    // Tiny and huge shapes are checked by their own size.
    assert!(Polygon::regular(7, 1e-20).is_ok());
    assert!(Polygon::regular(7, 1e15).is_ok());
}

#[test]
fn bad_circles() {
    assert_eq!(
        Circle::new(v(f32::NAN, 0.0), 1.0),
        Err(ShapeError::BadCenter)
    );
    assert_eq!(
        Circle::new(v(0.0, f32::INFINITY), 1.0),
        Err(ShapeError::BadCenter)
    );
    assert_eq!(Circle::new(v(1e30, 0.0), 1.0), Err(ShapeError::BadCenter));
    assert_eq!(
        Circle::new(v(0.0, 0.0), f32::NAN),
        Err(ShapeError::BadRadius)
    );
    assert_eq!(
        Circle::new(v(0.0, 0.0), f32::INFINITY),
        Err(ShapeError::BadRadius)
    );
    assert_eq!(Circle::new(v(0.0, 0.0), 1e30), Err(ShapeError::BadRadius));
    assert_eq!(
        Circle::new(v(0.0, 0.0), -1.0),
        Err(ShapeError::NegativeRadius)
    );
    assert!(Circle::new(v(0.0, 0.0), 0.0).is_ok());
}

#[test]
fn bad_poses() {
    let square = Polygon::rectangle(2.0, 2.0).unwrap();
    assert_eq!(
        square.try_placed(v(f32::NAN, 0.0), 0.0),
        Err(ShapeError::BadPose)
    );
    assert_eq!(
        square.try_placed(v(0.0, 0.0), f32::INFINITY),
        Err(ShapeError::BadPose)
    );
    let huge = Polygon::rectangle(MAX_COORDINATE, MAX_COORDINATE).unwrap();
    assert_eq!(
        huge.try_placed(v(0.9 * MAX_COORDINATE, 0.0), 0.0),
        Err(ShapeError::BadPose)
    );
    assert!(huge.try_placed(v(0.4 * MAX_COORDINATE, 0.0), 0.0).is_ok());
    let placed = square.try_placed(v(5.0, 6.0), 0.5).unwrap();
    assert_eq!(placed, square.placed(v(5.0, 6.0), 0.5));
    assert!(ShapeError::BadPose.to_string().contains("pose"));
}

#[test]
fn errors_read_clearly() {
    let msg = ShapeError::NotConvex { index: 3 }.to_string();
    assert!(msg.contains("corner 3") && msg.contains("convex"), "{msg}");
    assert!(
        ShapeError::TooFewPoints { distinct: 2 }
            .to_string()
            .contains("at least 3")
    );
    assert!(
        ShapeError::NotFinite { index: 1 }
            .to_string()
            .contains("corner 1")
    );
    assert!(ShapeError::Collinear.to_string().contains("one line"));
    assert!(ShapeError::NegativeRadius.to_string().contains("negative"));
}

/// Any f32 at all, weighted toward the troublesome ones.
fn wild() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(1e30f32),
        Just(-1e30f32),
        Just(0.0f32),
        Just(f32::MIN_POSITIVE),
        Just(1e-40f32),
        -1e3f32..1e3f32,
        any::<f32>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn garbage_never_panics(
        coords in prop::collection::vec((wild(), wild()), 0..10),
        center in (wild(), wild()),
        radius in wild(),
    ) {
        let pts: Vec<Vec2> = coords.iter().map(|&(x, y)| v(x, y)).collect();
        let made = [Polygon::new(pts.clone()), Polygon::hull(&pts)];
        let circle = Circle::new(v(center.0, center.1), radius);
        for poly in made.iter().flatten() {
            // Whatever is accepted keeps the promises, and tests sanely.
            prop_assert!(poly.points().len() >= 3);
            prop_assert!(poly.points().iter().all(|p| p.is_finite()));
            let own = sat_polygons(poly, poly);
            prop_assert!(own.overlapping && own.depth.is_finite() && own.depth >= 0.0);
            if let Ok(c) = &circle {
                let r = sat_polygon_circle(poly, c);
                prop_assert!(r.depth.is_finite() && r.depth >= 0.0, "{r:?}");
                prop_assert!((r.axis.length() - 1.0).abs() < 1e-3, "{r:?}");
            }
        }
        if let Ok(c) = circle {
            prop_assert!(c.center.is_finite() && c.radius >= 0.0 && c.radius.is_finite());
        }
    }
}
