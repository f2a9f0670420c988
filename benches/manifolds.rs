//! Contact manifolds per second: `manifold_*` on shapes placed beforehand
//! and the batch engine's `manifolds` (one thread and all cores), against
//! parry2d's `contact` and its `contact_manifolds`, on the very same
//! pairs: the chapter's box against its pentagon, random convex polygons
//! of 3 to 8 corners, and polygons against circles.
//!
//! `cargo bench --bench manifolds`. Each row's time is for the whole
//! workload of pairs; divide by the pair count for a pair's.

#[path = "../tests/support/batch_workloads.rs"]
mod workloads;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parry2d::query::{self, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use sat_visualizer::batch;
use sat_visualizer::sat::{Manifold, manifold_circles, manifold_polygon_circle, manifold_polygons};
use workloads::{Placed, Workload};

const PAIRS: usize = 20_000;

/// The manifold of one placed pair (a circle as A is seen from the
/// polygon's side, as the batch engine does).
fn manifold(a: &Placed, b: &Placed) -> Manifold {
    match (a, b) {
        (Placed::P(a), Placed::P(b)) => manifold_polygons(a, b, 0.0),
        (Placed::P(p), Placed::C(c)) => manifold_polygon_circle(p, c, 0.0),
        (Placed::C(c), Placed::P(p)) => manifold_polygon_circle(p, c, 0.0).swapped(),
        (Placed::C(a), Placed::C(b)) => manifold_circles(a, b, 0.0),
    }
}

fn manifolds(c: &mut Criterion) {
    for work in [
        workloads::chapter(PAIRS, 1),
        workloads::random_polygons(PAIRS, 2),
        workloads::polygons_circles(PAIRS, 3),
    ] {
        let Workload {
            name,
            shapes,
            pairs,
        } = work;
        let parry = workloads::parry_shapes(&shapes);
        let poses = workloads::parry_poses(&pairs);
        let placed = workloads::placed_pairs(&shapes, &pairs);

        let mut group = c.benchmark_group(format!("manifolds/{name}"));
        group.throughput(Throughput::Elements(pairs.len() as u64));
        group.bench_function("parry2d contact", |b| {
            b.iter(|| {
                let mut n = 0;
                for (p, (pa, pb)) in pairs.iter().zip(&poses) {
                    let hit =
                        query::contact(pa, &*parry[p.a as usize], pb, &*parry[p.b as usize], 0.0);
                    n += matches!(hit, Ok(Some(_))) as usize;
                }
                black_box(n)
            })
        });
        group.bench_function("parry2d contact_manifolds", |b| {
            // One manifold list and workspace, reused from pair to pair (its
            // convex–convex manifold is rewritten each time), so the row
            // counts no allocation.
            let mut list: Vec<ContactManifold<(), ()>> = Vec::new();
            let mut workspace = None;
            b.iter(|| {
                let mut n = 0;
                for (p, (pa, pb)) in pairs.iter().zip(&poses) {
                    let ok = DefaultQueryDispatcher.contact_manifolds(
                        &pa.inv_mul(pb),
                        &*parry[p.a as usize],
                        &*parry[p.b as usize],
                        0.0,
                        &mut list,
                        &mut workspace,
                    );
                    n += (ok.is_ok() && list.iter().any(|m| !m.points.is_empty())) as usize;
                }
                black_box(n)
            })
        });
        group.bench_function("manifold_* on placed shapes", |b| {
            b.iter(|| {
                let points: usize = placed
                    .iter()
                    .map(|(a, b)| manifold(a, b).points().len())
                    .sum();
                black_box(points)
            })
        });
        let mut out = Vec::new();
        group.bench_function("batch::manifolds (place + manifold_*)", |b| {
            b.iter(|| {
                batch::manifolds(&shapes, &pairs, 0.0, &mut out).unwrap();
                black_box(out.len())
            })
        });
        group.bench_function("batch::manifolds_par", |b| {
            b.iter(|| {
                batch::manifolds_par(&shapes, &pairs, 0.0, &mut out).unwrap();
                black_box(out.len())
            })
        });
        group.finish();
    }
}

criterion_group!(benches, manifolds);
criterion_main!(benches);
