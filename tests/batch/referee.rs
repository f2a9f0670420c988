//! Every verdict against an f64 referee, and beside parry2d's `contact`;
//! and the referee itself on cases worked by hand.

use sat_visualizer::batch::{self, Pair, Pose, Shape};

use super::workloads::{self, verdict_is_right};
use super::{at, quad};

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
