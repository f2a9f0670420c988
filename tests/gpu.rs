//! The GPU collider against the chapter's answers, on the adapter
//! this machine has (Mesa's llvmpipe where there is no GPU).
//!
//! No adapter makes these tests fail; set `SAT_SKIP_GPU_TESTS=1` to skip
//! them on purpose.
#![cfg(feature = "gpu")]

use std::f32::consts::PI;
use std::sync::{Mutex, MutexGuard};

#[path = "support/batch_workloads.rs"]
mod workloads;

use sat_visualizer::batch::{self, BatchError, Pair, Pose, Shape};
use sat_visualizer::gpu::{GpuCollider, GpuError};
use sat_visualizer::sat::{Polygon, SatResult, Vec2};
use workloads::{Rng, check_result};

/// The tests take turns. The collider takes turns with the driver itself
/// (`src/gpu/driver_lock.rs`: on NVIDIA's driver, one device being
/// dropped while another submitted work deadlocked both), but some tests
/// here make and drop devices of their own, outside the collider.
fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    // A test that failed while it held the lock leaves it poisoned; the
    // others still run.
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn skip() -> bool {
    let skip = std::env::var("SAT_SKIP_GPU_TESTS").as_deref() == Ok("1");
    if skip {
        eprintln!("SAT_SKIP_GPU_TESTS=1: GPU test skipped");
    }
    skip
}

/// The default adapter, for tests that open a device of their own; no
/// adapter fails the test.
fn adapter() -> wgpu::Adapter {
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
        .unwrap_or_else(|e| panic!("no GPU adapter: {e} (set SAT_SKIP_GPU_TESTS=1 to skip)"))
}

fn gpu() -> Option<GpuCollider> {
    if skip() {
        return None;
    }
    match GpuCollider::new_headless() {
        Ok(g) => Some(g),
        Err(e) => panic!("{e} (install mesa-vulkan-drivers, or set SAT_SKIP_GPU_TESTS=1 to skip)"),
    }
}

/// A convex polygon of 3 to 8 corners about `scale` across: corners at
/// random angles on an ellipse, off the origin, either winding, sometimes
/// with a corner repeated.
fn random_polygon(rng: &mut Rng, scale: f32) -> Polygon {
    loop {
        let n = 3 + rng.below(6);
        let mut angles: Vec<f32> = (0..n).map(|_| rng.range(0.0, 2.0 * PI)).collect();
        angles.sort_by(f32::total_cmp);
        let (rx, ry) = (rng.range(0.3, 1.0) * scale, rng.range(0.3, 1.0) * scale);
        let shift = Vec2::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3)) * scale;
        let mut points: Vec<Vec2> = angles
            .iter()
            .map(|a| Vec2::new(rx * a.cos(), ry * a.sin()) + shift)
            .collect();
        if rng.unit() < 0.5 {
            points.reverse();
        }
        if rng.unit() < 0.3 {
            let i = rng.below(n);
            points.insert(i, points[i]);
        }
        if let Ok(p) = Polygon::new(points) {
            return p;
        }
    }
}

/// A shape table in groups of one size each (from 1e-15 to 1e15, tiny to
/// huge), a third of them circles, and pairs within a group placed about
/// their size apart, so that about half overlap.
fn random_batch(seed: u64, shape_count: usize, pair_count: usize) -> (Vec<Shape>, Vec<Pair>) {
    let mut rng = Rng(seed);
    let groups = [
        1e-15f32, 1e-9, 1e-6, 1e-3, 0.1, 1.0, 140.0, 1e4, 1e6, 1e9, 1e15,
    ];
    let per = (shape_count / groups.len()).max(1);
    let mut shapes = Vec::new();
    for &scale in &groups {
        for _ in 0..per {
            shapes.push(if rng.unit() < 1.0 / 3.0 {
                Shape::Circle {
                    radius: rng.range(0.1, 1.0) * scale,
                }
            } else {
                Shape::Polygon(random_polygon(&mut rng, scale))
            });
        }
    }
    let pairs = (0..pair_count)
        .map(|_| {
            let g = rng.below(groups.len());
            let scale = groups[g];
            let a = (g * per + rng.below(per)) as u32;
            let b = (g * per + rng.below(per)) as u32;
            let center = Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)) * scale;
            let offset = Vec2::from_angle(rng.range(-PI, PI)) * rng.range(0.0, 2.2) * scale;
            Pair {
                a,
                pose_a: Pose {
                    position: center + offset,
                    angle: rng.range(-PI, PI),
                },
                b,
                pose_b: Pose {
                    position: center,
                    angle: rng.range(-4.0 * PI, 4.0 * PI),
                },
            }
        })
        .collect();
    (shapes, pairs)
}

/// Checks every GPU result against the chapter's answer, from the scalar
/// functions (`collide_one`): see `workloads::check_result`.
fn check_all(shapes: &[Shape], pairs: &[Pair], got: &[SatResult]) {
    assert_eq!(got.len(), pairs.len());
    let mut failures = Vec::new();
    for (i, (pair, g)) in pairs.iter().zip(got).enumerate() {
        let w = batch::collide_one(
            &shapes[pair.a as usize],
            pair.pose_a,
            &shapes[pair.b as usize],
            pair.pose_b,
        );
        if let Err(why) = check_result(shapes, pair, g, &w) {
            failures.push(format!("pair {i} {pair:?}: {why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} pairs disagree; first ones:\n{}",
        failures.len(),
        pairs.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

#[test]
fn agrees_with_the_chapter_on_100_000_random_pairs() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let (shapes, pairs) = random_batch(0x5A7_0001, 700, 100_000);
    let mut got = Vec::new();
    gpu.collide(&shapes, &pairs, &mut got).unwrap();
    check_all(&shapes, &pairs, &got);

    // The batch covers every kind of pair, both verdicts, and repeats.
    let is_circle = |i: u32| matches!(shapes[i as usize], Shape::Circle { .. });
    let mut kinds = [0usize; 4];
    for p in &pairs {
        kinds[is_circle(p.a) as usize * 2 + is_circle(p.b) as usize] += 1;
    }
    assert!(kinds.iter().all(|&k| k > 5_000), "kinds {kinds:?}");
    let overlapping = got.iter().filter(|r| r.overlapping).count();
    assert!(
        (20_000..80_000).contains(&overlapping),
        "{overlapping} overlapping"
    );
    let repeated = shapes.iter().filter(|s| match s {
        Shape::Polygon(p) => p.points().windows(2).any(|w| w[0] == w[1]),
        _ => false,
    });
    assert!(repeated.count() > 50);
    let timing = gpu.last_timing();
    assert_eq!((timing.pairs, timing.chunks), (100_000, 1));
    assert!(timing.compute > std::time::Duration::ZERO);
    assert!(timing.upload >= timing.upload_cpu && timing.upload_cpu > std::time::Duration::ZERO);
    assert!(
        timing.readback >= timing.readback_cpu && timing.readback_cpu > std::time::Duration::ZERO
    );
    assert!(timing.total >= timing.upload_cpu + timing.readback_cpu);
    assert!(timing.ns_per_pair(timing.total) > 0.0);
    let rate = timing.mpairs_per_s(timing.total);
    assert!((rate * timing.ns_per_pair(timing.total) - 1e3).abs() < 1e-6 * 1e3);
}

/// The world-like tables of 512 shapes (polygons, polygons against
/// circles, every kind mixed), the very pairs the benchmarks run: the same
/// answers as the scalar functions.
#[test]
fn the_512_shape_tables_agree_with_the_chapter() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let mut got = Vec::new();
    for w in workloads::tables(20_000, 4) {
        gpu.collide(&w.shapes, &w.pairs, &mut got).unwrap();
        check_all(&w.shapes, &w.pairs, &got);
    }
}

#[test]
fn apart_the_answer_is_the_first_gap_in_order_not_the_widest() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let (shapes, pairs, want) = workloads::first_gap_cases();
    let mut got = Vec::new();
    gpu.collide(&shapes, &pairs, &mut got).unwrap();
    for ((p, g), w) in pairs.iter().zip(&got).zip(&want) {
        assert!(!g.overlapping, "{p:?}: {g:?}");
        assert!(
            g.axis.distance(w.axis) < 1e-6 && (g.depth - w.depth).abs() < 1e-6,
            "{p:?}: {g:?}, want {w:?}"
        );
    }
}

#[test]
fn the_chapter_scene_agrees_and_the_square_triangle_example_holds() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let shapes = [
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
        Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
        Shape::Polygon(
            Polygon::new(vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(2.0, 0.0),
                Vec2::new(2.0, 2.0),
                Vec2::new(0.0, 2.0),
            ])
            .unwrap(),
        ),
        Shape::Polygon(
            Polygon::new(vec![
                Vec2::new(1.0, 1.5),
                Vec2::new(4.0, 1.5),
                Vec2::new(1.0, 4.5),
            ])
            .unwrap(),
        ),
    ];
    let mut rng = Rng(7);
    let mut pairs: Vec<Pair> = (0..20_000)
        .map(|_| Pair {
            a: 0,
            pose_a: Pose {
                position: Vec2::new(rng.range(-220.0, 220.0), rng.range(-220.0, 220.0)),
                angle: rng.range(-PI, PI),
            },
            b: 1,
            pose_b: Pose::default(),
        })
        .collect();
    pairs.push(Pair {
        a: 2,
        pose_a: Pose::default(),
        b: 3,
        pose_b: Pose::default(),
    });
    let mut got = Vec::new();
    gpu.collide(&shapes, &pairs, &mut got).unwrap();
    check_all(&shapes, &pairs, &got);
    // The chapter's worked example: the square moves up by 0.5.
    let last = got.last().unwrap();
    assert!(last.overlapping);
    assert!((last.depth - 0.5).abs() < 1e-6, "{last:?}");
    assert!(
        (last.axis - Vec2::new(0.0, -1.0)).length() < 1e-6,
        "{last:?}"
    );
}

#[test]
fn chunks_of_any_size_give_identical_results() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let (shapes, pairs) = random_batch(0x5A7_0002, 140, 5_000);
    let mut whole = Vec::new();
    gpu.collide(&shapes, &pairs, &mut whole).unwrap();
    assert_eq!(gpu.last_timing().chunks, 1);
    for chunk in [7, 1000, 4096] {
        gpu.set_chunk_pairs(chunk);
        assert_eq!(gpu.chunk_pairs(), chunk);
        let mut parts = vec![SatResult {
            overlapping: false,
            axis: Vec2::X,
            depth: 9.0,
        }];
        gpu.collide(&shapes, &pairs, &mut parts).unwrap();
        assert_eq!(gpu.last_timing().chunks, pairs.len().div_ceil(chunk));
        assert!(parts == whole, "chunks of {chunk} differ");
    }
    gpu.set_chunk_pairs(1);
    let mut ones = Vec::new();
    gpu.collide(&shapes, &pairs[..200], &mut ones).unwrap();
    assert_eq!(gpu.last_timing().chunks, 200);
    assert!(ones[..] == whole[..200]);
    // Beyond the device's limit the chunk is the limit.
    gpu.set_chunk_pairs(usize::MAX);
    assert_eq!(gpu.chunk_pairs(), gpu.max_chunk_pairs());
}

#[test]
fn buffers_grow_and_are_reused() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let (small_shapes, small_pairs) = random_batch(0x5A7_0003, 14, 5);
    let (big_shapes, big_pairs) = random_batch(0x5A7_0004, 3_500, 60_000);
    let mut first = Vec::new();
    gpu.collide(&small_shapes, &small_pairs, &mut first)
        .unwrap();
    check_all(&small_shapes, &small_pairs, &first);
    let mut big = Vec::new();
    gpu.collide(&big_shapes, &big_pairs, &mut big).unwrap();
    check_all(&big_shapes, &big_pairs, &big);
    let mut again = Vec::new();
    gpu.collide(&small_shapes, &small_pairs, &mut again)
        .unwrap();
    assert!(again == first);
    // The same shapes with other pairs: the table is not sent again, and
    // the answers still hold.
    let (_, other_pairs) = random_batch(0x5A7_0005, 14, 300);
    gpu.collide(&small_shapes, &other_pairs, &mut again)
        .unwrap();
    check_all(&small_shapes, &other_pairs, &again);
}

#[test]
fn bad_batches_get_the_batch_error_and_an_empty_out() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let shapes = [
        Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
        Shape::Circle { radius: 3.0 },
    ];
    let good = Pair {
        a: 0,
        pose_a: Pose::default(),
        b: 1,
        pose_b: Pose::default(),
    };
    let stale = SatResult {
        overlapping: true,
        axis: Vec2::X,
        depth: 1.0,
    };
    let nan_position = Pose {
        position: Vec2::new(f32::NAN, 0.0),
        angle: 0.0,
    };
    let endless_turn = Pose {
        position: Vec2::ZERO,
        angle: f32::INFINITY,
    };
    let far = Pose {
        position: Vec2::new(0.0, 1e19),
        angle: 0.0,
    };
    let cases: Vec<(Vec<Shape>, Pair, BatchError)> = vec![
        (
            shapes.to_vec(),
            Pair { b: 2, ..good },
            BatchError::ShapeIndex {
                pair: 1,
                shape: 2,
                len: 2,
            },
        ),
        (
            shapes.to_vec(),
            Pair {
                pose_a: nan_position,
                ..good
            },
            BatchError::BadPose { pair: 1 },
        ),
        (
            shapes.to_vec(),
            Pair {
                pose_b: endless_turn,
                ..good
            },
            BatchError::BadPose { pair: 1 },
        ),
        (
            shapes.to_vec(),
            Pair {
                pose_b: far,
                ..good
            },
            BatchError::BadPose { pair: 1 },
        ),
        (
            vec![shapes[0].clone(), Shape::Circle { radius: -1.0 }],
            good,
            BatchError::BadShape { shape: 1 },
        ),
        (
            vec![shapes[0].clone(), Shape::Circle { radius: f32::NAN }],
            good,
            BatchError::BadShape { shape: 1 },
        ),
    ];
    for (table, bad, expected) in cases {
        let mut out = vec![stale; 3];
        let err = gpu.collide(&table, &[good, bad], &mut out).unwrap_err();
        assert_eq!(err, GpuError::Batch(expected));
        assert!(out.is_empty());
        // The batch's own error is the cause, and the report names both.
        assert_eq!(err.to_string(), "bad batch");
        let text = sat_visualizer::report(&err);
        assert_eq!(text, format!("bad batch: {expected}"));
    }
    // The collider still works after refusing a batch.
    let mut out = Vec::new();
    gpu.collide(&shapes, &[good], &mut out).unwrap();
    assert!(out[0].overlapping);
    // An empty batch is fine and gives nothing.
    out.push(stale);
    gpu.collide(&shapes, &[], &mut out).unwrap();
    assert!(out.is_empty());
    assert_eq!(gpu.last_timing().pairs, 0);
}

#[test]
fn the_collider_can_move_to_another_thread() {
    let _serial = serial();
    fn send<T: Send>() {}
    send::<GpuCollider>();
    send::<GpuError>();
    let Some(mut gpu) = gpu() else { return };
    let shapes = [Shape::Circle { radius: 1.0 }];
    let pairs = [Pair {
        a: 0,
        pose_a: Pose::default(),
        b: 0,
        pose_b: Pose::default(),
    }];
    let out = std::thread::spawn(move || {
        let mut out = Vec::new();
        gpu.collide(&shapes, &pairs, &mut out).map(|()| out)
    })
    .join()
    .unwrap()
    .unwrap();
    assert_eq!(
        out,
        [SatResult {
            overlapping: true,
            axis: Vec2::X,
            depth: 2.0
        }]
    );
}

#[test]
fn no_adapter_is_a_clear_error() {
    let _serial = serial();
    if skip() {
        return;
    }
    // This build has no Metal backend off Apple systems, so no adapter.
    if cfg!(target_vendor = "apple") {
        return;
    }
    let err = GpuCollider::new_headless_with(wgpu::Backends::METAL).unwrap_err();
    assert!(matches!(err, GpuError::NoAdapter(_)), "{err:?}");
    let text = err.to_string();
    assert!(
        text.starts_with("no GPU adapter found") && !text.contains('\n'),
        "{text}"
    );
}

#[test]
fn runs_on_a_device_of_yours_and_a_lost_device_is_an_error() {
    let _serial = serial();
    if skip() {
        return;
    }
    let adapter = adapter();
    let (device, queue) =
        pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor::default())).unwrap();
    let mut gpu = GpuCollider::new(device.clone(), queue).unwrap();
    assert_eq!(gpu.adapter_name(), adapter.get_info().name);
    let (shapes, pairs) = random_batch(0x5A7_0006, 70, 2_000);
    let mut got = Vec::new();
    gpu.collide(&shapes, &pairs, &mut got).unwrap();
    check_all(&shapes, &pairs, &got);
    // Timestamps were not asked for on this device: the compute time is
    // the wait for each submission.
    assert!(!gpu.last_timing().timestamps);
    assert!(gpu.last_timing().compute > std::time::Duration::ZERO);

    device.destroy();
    let err = gpu.collide(&shapes, &pairs, &mut got).unwrap_err();
    assert!(matches!(err, GpuError::DeviceLost(_)), "{err:?}");
    assert!(got.is_empty());
    assert!(!err.to_string().contains('\n'), "{err}");
}

#[test]
fn a_headless_collider_whose_device_is_lost_says_so() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let shapes = [Shape::Circle { radius: 1.0 }, Shape::Circle { radius: 2.0 }];
    let pairs = [Pair {
        a: 0,
        pose_a: Pose::default(),
        b: 1,
        pose_b: Pose::default(),
    }];
    let mut out = Vec::new();
    gpu.collide(&shapes, &pairs, &mut out).unwrap();
    assert_eq!(
        out[0],
        SatResult {
            overlapping: true,
            axis: Vec2::X,
            depth: 3.0
        }
    );
    gpu.device().destroy();
    for _ in 0..2 {
        let err = gpu.collide(&shapes, &pairs, &mut out).unwrap_err();
        assert!(matches!(err, GpuError::DeviceLost(_)), "{err:?}");
        assert!(
            err.to_string().starts_with("the GPU device was lost"),
            "{err}"
        );
        assert!(out.is_empty());
    }
}

#[test]
fn batches_beyond_the_devices_limits_are_split_to_fit() {
    let _serial = serial();
    if skip() {
        return;
    }
    let adapter = adapter();
    let (shapes, pairs) = random_batch(0x5A7_0007, 70, 5_000);
    let mut whole = Vec::new();
    gpu().unwrap().collide(&shapes, &pairs, &mut whole).unwrap();
    // A storage binding of 999 pairs and a word (not a whole pair more),
    // then a dispatch of at most 5 workgroups (320 pairs).
    for (binding, workgroups, chunk) in [(40 * 999 + 4, 65535, 999), (1 << 20, 5, 320)] {
        let limits = wgpu::Limits {
            max_storage_buffer_binding_size: binding,
            max_compute_workgroups_per_dimension: workgroups,
            ..wgpu::Limits::default()
        };
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_limits: limits,
            ..Default::default()
        }))
        .unwrap();
        let mut gpu = GpuCollider::new(device, queue).unwrap();
        assert_eq!(gpu.max_chunk_pairs(), chunk);
        let mut got = Vec::new();
        gpu.collide(&shapes, &pairs, &mut got).unwrap();
        assert_eq!(gpu.last_timing().chunks, pairs.len().div_ceil(chunk));
        assert!(got == whole, "chunks of {chunk} differ");
    }
}

/// Runs `f` on a thread of its own and fails the test if it has not
/// finished within `secs` seconds: a deadlock fails, not hangs, the suite.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(std::time::Duration::from_secs(secs)) {
        Ok(value) => value,
        // A panic on that thread drops the sender: the test fails with
        // its message printed above.
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the work panicked"),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("not finished after {secs} s: deadlocked?")
        }
    }
}

/// The tests' turn, then a batch of 70 shapes and its answers from one
/// collider, checked against the chapter's: what the colliders on other
/// threads must give. None where the GPU tests are skipped.
type Checked = (
    MutexGuard<'static, ()>,
    Vec<Shape>,
    Vec<Pair>,
    Vec<SatResult>,
);
fn checked_batch(seed: u64, pair_count: usize) -> Option<Checked> {
    let serial = serial();
    if skip() {
        return None;
    }
    let (shapes, pairs) = random_batch(seed, 70, pair_count);
    let mut want = Vec::new();
    gpu().unwrap().collide(&shapes, &pairs, &mut want).unwrap();
    check_all(&shapes, &pairs, &want);
    Some((serial, shapes, pairs, want))
}

/// Many colliders at once on many threads, each made, run and dropped
/// while the others work: they take turns with the driver, and every
/// answer is still the chapter's. (On an NVIDIA H200 this is what
/// deadlocked before the colliders took turns.)
#[test]
fn colliders_on_many_threads_take_turns() {
    let Some((_serial, shapes, pairs, want)) = checked_batch(0x5A7_0008, 3_000) else {
        return;
    };
    within(300, move || {
        std::thread::scope(|s| {
            for t in 0..8 {
                let (shapes, pairs, want) = (&shapes, &pairs, &want);
                s.spawn(move || {
                    for round in 0..3 {
                        let mut gpu = gpu().unwrap();
                        // Small chunks on some: more submissions to
                        // interleave.
                        if (t + round) % 2 == 1 {
                            gpu.set_chunk_pairs(500);
                        }
                        let mut got = Vec::new();
                        gpu.collide(shapes, pairs, &mut got).unwrap();
                        assert!(got == *want, "thread {t}, round {round}");
                    }
                });
            }
        });
    });
}

/// A bad pair in a later chunk: the error `batch::validate` gives, for the
/// first bad pair, whichever thread packed it; nothing in `out`; and the
/// collider works after it.
#[test]
fn a_bad_pair_in_a_later_chunk_is_the_batch_error() {
    let _serial = serial();
    let Some(mut gpu) = gpu() else { return };
    let (shapes, mut pairs) = random_batch(0x5A7_0009, 70, 120_000);
    pairs[95_123].pose_a.angle = f32::NAN;
    pairs[95_124].b = 70;
    pairs[119_999].a = 1_000;
    let want = batch::validate(&shapes, &pairs).unwrap_err();
    assert_eq!(want, BatchError::BadPose { pair: 95_123 });
    for chunk in [1_000, 50_000, 1 << 20] {
        gpu.set_chunk_pairs(chunk);
        let stale = SatResult {
            overlapping: true,
            axis: Vec2::X,
            depth: 1.0,
        };
        let mut out = vec![stale; 2];
        let err = gpu.collide(&shapes, &pairs, &mut out).unwrap_err();
        assert_eq!(err, GpuError::Batch(want), "chunks of {chunk}");
        assert!(out.is_empty());
    }
    pairs[95_123].pose_a.angle = 0.5;
    let mut out = Vec::new();
    let err = gpu.collide(&shapes, &pairs, &mut out).unwrap_err();
    assert_eq!(
        err,
        GpuError::Batch(batch::validate(&shapes, &pairs).unwrap_err())
    );
    pairs[95_124].b = 0;
    pairs[119_999].a = 0;
    gpu.collide(&shapes, &pairs, &mut out).unwrap();
    check_all(&shapes, &pairs, &out);
}

/// Colliders called from rayon's threads, with batches big enough that
/// each reads its results back on rayon's threads too. A thread that
/// waits for its share of that reading may take up another task, another
/// collider's call among them; that call must not wait for a turn the
/// same thread holds.
#[cfg(feature = "parallel")]
#[test]
fn colliders_inside_rayon_tasks_finish() {
    use rayon::prelude::*;
    let Some((_serial, shapes, pairs, want)) = checked_batch(0x5A7_000A, 40_000) else {
        return;
    };
    // A scoped pool: its threads, which made and dropped devices, are
    // joined before the test ends. (A pool's threads left to exit on
    // their own, as the process did, once brought down llvmpipe's
    // clean-up at exit: "double free or corruption".)
    let done = within(300, move || {
        rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build_scoped(
                |thread| thread.run(),
                |pool| {
                    pool.install(|| {
                        (0..12)
                            .into_par_iter()
                            .map(|task| {
                                let mut gpu = gpu().unwrap();
                                let mut got = Vec::new();
                                gpu.collide(&shapes, &pairs, &mut got).unwrap();
                                assert!(got == want, "task {task}");
                            })
                            .count()
                    })
                },
            )
            .unwrap()
    });
    assert_eq!(done, 12);
}
