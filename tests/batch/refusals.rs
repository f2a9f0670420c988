//! Bad batches are refused whole, naming the first bad pair, and leave
//! `out` empty: a shape index past the table, a bad pose in any lane of a
//! run, a bucket or a merged register, a bad shape; and on all cores.

use sat_visualizer::batch::{BatchError, Isa, Pair, Pose, Shape, ShapeTable};
use sat_visualizer::sat::{MAX_COORDINATE, Polygon, SatResult, Vec2};

use super::engines;
use super::workloads;

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

/// In a batch big enough to be shared out, a bad pair in any run refuses
/// the whole batch, and of several the first is named, wherever the
/// threads met them.
#[cfg(feature = "parallel")]
#[test]
fn collide_par_names_the_first_bad_pair_of_a_shared_batch() {
    use super::random_batch;
    use sat_visualizer::batch;
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
