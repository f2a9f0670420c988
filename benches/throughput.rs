//! Pairs per second: the scalar functions, the batch engine (each
//! instruction set, one thread and all cores, and through a `ShapeTable`
//! prepared once) and parry2d, on the very same pairs, for seven
//! workloads: the chapter's box against pentagon, random convex polygons
//! of 3 to 8 corners, polygons against circles, world-like tables of 512
//! different shapes with pairs at random (polygons; polygons against
//! circles; every kind mixed, circle against circle included), and a world
//! of 512 shapes half of which are boxes (not one of issue 13's tables).
//!
//! `cargo bench --bench throughput` (a few minutes). An engine is a name
//! and a closure over a workload. Where a wgpu adapter is found, the GPU
//! collider gets four rows per workload: its wall time per batch, and that
//! time split into upload, compute and read-back (from its own timing).

#[path = "../tests/support/batch_workloads.rs"]
mod workloads;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parry2d::query;
use sat_visualizer::batch::{self, Isa};
use sat_visualizer::gpu::{GpuCollider, GpuTiming};
use sat_visualizer::sat::{SatResult, sat_circles, sat_polygon_circle, sat_polygons};
use workloads::{Placed, Workload};

const PAIRS: usize = 100_000;

/// A workload with everything the engines need made outside the timing.
struct Ready {
    work: Workload,
    table: batch::ShapeTable,
    parry: Vec<parry2d::shape::SharedShape>,
    poses: Vec<(parry2d::math::Pose, parry2d::math::Pose)>,
    placed: Vec<(Placed, Placed)>,
}

fn ready(work: Workload) -> Ready {
    let placed = workloads::placed_pairs(&work.shapes, &work.pairs);
    Ready {
        table: batch::ShapeTable::new(&work.shapes).expect("valid shapes"),
        parry: workloads::parry_shapes(&work.shapes),
        poses: workloads::parry_poses(&work.pairs),
        placed,
        work,
    }
}

type Run = Box<dyn Fn(&Ready, &mut Vec<SatResult>) -> usize>;

/// The engines, by name; each returns how many pairs it found touching
/// (so nothing is optimised away).
fn engines() -> Vec<(String, Run)> {
    let mut list: Vec<(String, Run)> = vec![
        (
            "parry2d contact".into(),
            Box::new(|r, _| {
                let mut n = 0;
                for (p, (pa, pb)) in r.work.pairs.iter().zip(&r.poses) {
                    let c = query::contact(
                        pa,
                        &*r.parry[p.a as usize],
                        pb,
                        &*r.parry[p.b as usize],
                        0.0,
                    );
                    n += matches!(c, Ok(Some(_))) as usize;
                }
                n
            }),
        ),
        (
            "parry2d intersection_test".into(),
            Box::new(|r, _| {
                let mut n = 0;
                for (p, (pa, pb)) in r.work.pairs.iter().zip(&r.poses) {
                    let hit = query::intersection_test(
                        pa,
                        &*r.parry[p.a as usize],
                        pb,
                        &*r.parry[p.b as usize],
                    );
                    n += hit.is_ok_and(|h| h.intersecting) as usize;
                }
                n
            }),
        ),
        (
            "sat_* on placed shapes".into(),
            Box::new(|r, _| {
                let mut n = 0;
                for (a, b) in &r.placed {
                    let hit = match (a, b) {
                        (Placed::P(a), Placed::P(b)) => sat_polygons(a, b),
                        // A circle as A is tested from the polygon's side:
                        // the verdict is the same either way round.
                        (Placed::P(p), Placed::C(c)) | (Placed::C(c), Placed::P(p)) => {
                            sat_polygon_circle(p, c)
                        }
                        (Placed::C(a), Placed::C(b)) => sat_circles(a, b),
                    };
                    n += hit.overlapping as usize;
                }
                n
            }),
        ),
        (
            "collide_one (place + sat_*)".into(),
            Box::new(|r, _| {
                let s = &r.work.shapes;
                r.work
                    .pairs
                    .iter()
                    .filter(|p| {
                        batch::collide_one(&s[p.a as usize], p.pose_a, &s[p.b as usize], p.pose_b)
                            .overlapping
                    })
                    .count()
            }),
        ),
    ];
    for isa in Isa::available() {
        list.push((
            format!("collide_with {}", isa.name()),
            Box::new(move |r, out| {
                batch::collide_with(isa, &r.work.shapes, &r.work.pairs, out).unwrap();
                out.iter().filter(|r| r.overlapping).count()
            }),
        ));
    }
    list.push((
        "ShapeTable::collide (prepared once)".into(),
        Box::new(|r, out| {
            r.table.collide(&r.work.pairs, out).unwrap();
            out.iter().filter(|r| r.overlapping).count()
        }),
    ));
    list.push((
        "collide_par".into(),
        Box::new(|r, out| {
            batch::collide_par(&r.work.shapes, &r.work.pairs, out).unwrap();
            out.iter().filter(|r| r.overlapping).count()
        }),
    ));
    list
}

/// The GPU collider's rows: `iter_custom` times each part by the collider's
/// own split of every call.
fn gpu_rows(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    gpu: &mut GpuCollider,
    r: &Ready,
    out: &mut Vec<SatResult>,
) {
    type Part = fn(&GpuTiming) -> Duration;
    let parts: [(&str, Part); 4] = [
        ("gpu wall", |t| t.total),
        ("gpu upload", |t| t.upload),
        ("gpu compute", |t| t.compute),
        ("gpu read-back", |t| t.readback),
    ];
    for (name, part) in parts {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    gpu.collide(&r.work.shapes, &r.work.pairs, out)
                        .expect("a valid batch on a working GPU");
                    spent += part(&gpu.last_timing());
                }
                spent
            })
        });
    }
}

fn throughput(c: &mut Criterion) {
    let engines = engines();
    let mut gpu = match GpuCollider::new_headless() {
        Ok(gpu) => {
            eprintln!("GPU adapter: {}", gpu.adapter_name());
            Some(gpu)
        }
        Err(e) => {
            eprintln!("no GPU rows: {e}");
            None
        }
    };
    let [polygons, polygons_circles, mixed] = workloads::tables(PAIRS, 4);
    for work in [
        workloads::chapter(PAIRS, 1),
        workloads::random_polygons(PAIRS, 2),
        workloads::polygons_circles(PAIRS, 3),
        polygons,
        polygons_circles,
        mixed,
        workloads::table_boxes(PAIRS, 7),
    ] {
        let r = ready(work);
        let mut group = c.benchmark_group(r.work.name);
        group
            .throughput(Throughput::Elements(PAIRS as u64))
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        let mut out = Vec::with_capacity(PAIRS);
        for (name, run) in &engines {
            group.bench_function(name.as_str(), |b| b.iter(|| black_box(run(&r, &mut out))));
        }
        if let Some(gpu) = gpu.as_mut() {
            gpu_rows(&mut group, gpu, &r, &mut out);
        }
        group.finish();
    }
}

/// What a world pays to keep its table as its shapes change: the whole
/// table of 512 shapes prepared (`ShapeTable::new`, as `collide` does every
/// call), against one shape replaced (`ShapeTable::set`), and the table
/// built by pushing its shapes one at a time (`ShapeTable::push`).
fn table_edits(c: &mut Criterion) {
    let w = workloads::table_mixed(16, 5);
    let mut group = c.benchmark_group("shape table of 512");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    group.bench_function("new (all 512)", |b| {
        b.iter(|| batch::ShapeTable::new(black_box(&w.shapes)).expect("valid shapes"))
    });
    let mut table = batch::ShapeTable::new(&w.shapes).expect("valid shapes");
    // Polygons and circles in turn, as a world's would come.
    let mut k = 0;
    group.bench_function("set (one shape)", |b| {
        b.iter(|| {
            k = (k + 1) % w.shapes.len();
            table.set(k, black_box(&w.shapes[(k * 7) % w.shapes.len()]))
        })
    });
    group.bench_function("push (all 512, one at a time)", |b| {
        b.iter(|| {
            let mut t = batch::ShapeTable::default();
            for s in &w.shapes {
                t.push(black_box(s)).expect("a valid shape");
            }
            t
        })
    });
    group.finish();
}

criterion_group!(benches, throughput, table_edits);
criterion_main!(benches);
