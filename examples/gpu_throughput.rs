//! The GPU collider's throughput on the chapter's scene, split into upload,
//! compute and read-back.
//!
//! ```text
//! cargo run --release --example gpu_throughput -- --pairs 10000000
//! ```
//!
//! The scene: the chapter's box (the scene's `BOX_WIDTH` x `BOX_HEIGHT`) as
//! A at random poses around its regular pentagon (radius `FIXED_RADIUS`) as
//! B, about 40% of them overlapping. One
//! untimed call first (it sizes the buffers); then `--repeat` timed calls,
//! of which the one with the median wall time is shown. The results are
//! checked against `batch::collide` on the same pairs.

#[path = "support/cli.rs"]
mod cli;

use std::process::ExitCode;
use std::time::{Duration, Instant};

#[path = "../tests/support/rng.rs"]
mod rng;

use sat_visualizer::batch::{self, Pair, Pose, Shape};
use sat_visualizer::gpu::{GpuCollider, GpuTiming};
use sat_visualizer::report;
use sat_visualizer::sat::{Polygon, Vec2};
use sat_visualizer::scene::{BOX_HEIGHT, BOX_WIDTH, FIXED_RADIUS};

use rng::Rng;

/// Box positions are drawn from a disk this wide about the pentagon, which
/// makes about 40% of the pairs overlap.
const SPREAD: f32 = 222.0;

/// The GPU collider's throughput on the chapter's scene, split into
/// upload, compute and read-back, checked against `batch::collide`.
#[derive(Debug, clap::Parser)]
#[command(name = "gpu_throughput")]
struct Args {
    /// Pairs in the batch.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1 << 32))]
    pairs: u64,
    /// Timed calls; the one with the median wall time is shown.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    repeat: u32,
    /// Pairs per chunk (the collider's own choice when left out).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1 << 32))]
    chunk: Option<u64>,
}

fn scene(count: usize) -> (Vec<Shape>, Vec<Pair>) {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(BOX_WIDTH, BOX_HEIGHT).expect("the chapter's box")),
        Shape::Polygon(Polygon::regular(5, FIXED_RADIUS).expect("the chapter's pentagon")),
    ];
    let mut rng = Rng(0x5A7);
    let pairs = (0..count)
        .map(|_| {
            // Uniform over the disk: the square root spreads the radius.
            let r = SPREAD * rng.unit().sqrt();
            let turn = std::f32::consts::TAU * rng.unit();
            Pair {
                a: 0,
                pose_a: Pose {
                    position: Vec2::from_angle(turn) * r,
                    angle: std::f32::consts::TAU * rng.unit(),
                },
                b: 1,
                pose_b: Pose::default(),
            }
        })
        .collect();
    (shapes, pairs)
}

fn row(name: &str, timing: &GpuTiming, part: Duration) {
    cli::say!(
        "| {name:<14} | {:>10.3} | {:>12.1} | {:>10.3} |",
        timing.ns_per_pair(part),
        timing.mpairs_per_s(part),
        part.as_secs_f64() * 1e3
    );
}

fn run(args: Args) -> Result<(), String> {
    let mut gpu = GpuCollider::new_headless().map_err(|e| report(&e))?;
    if let Some(chunk) = args.chunk {
        gpu.set_chunk_pairs(chunk as usize);
    }
    let (shapes, pairs) = scene(args.pairs as usize);
    let mut out = Vec::new();
    gpu.collide(&shapes, &pairs, &mut out)
        .map_err(|e| report(&e))?;
    let mut runs = Vec::with_capacity(args.repeat as usize);
    for _ in 0..args.repeat {
        gpu.collide(&shapes, &pairs, &mut out)
            .map_err(|e| report(&e))?;
        runs.push(gpu.last_timing());
    }
    runs.sort_by_key(|t| t.total);
    let timing = runs[runs.len() / 2];

    // The same pairs on the CPU, for the check; timed on the second call,
    // when the output's pages are already in memory, as the GPU's are.
    let mut want = Vec::new();
    batch::collide(&shapes, &pairs, &mut want).map_err(|e| report(&e))?;
    let started = Instant::now();
    batch::collide(&shapes, &pairs, &mut want).map_err(|e| report(&e))?;
    let cpu = started.elapsed();
    let overlapping = out.iter().filter(|r| r.overlapping).count();
    // A verdict may differ only where the shapes just touch.
    let disagree = out
        .iter()
        .zip(&want)
        .filter(|(g, w)| g.overlapping != w.overlapping && (g.depth > 0.02 || w.depth > 0.02))
        .count();
    let depth_off = out
        .iter()
        .zip(&want)
        .filter(|(g, w)| g.overlapping && w.overlapping)
        .map(|(g, w)| (g.depth - w.depth).abs())
        .fold(0.0f32, f32::max);

    let info = gpu.device().adapter_info();
    cli::say!(
        "adapter: {} ({:?}, {:?}; driver {} {})",
        gpu.adapter_name(),
        info.backend,
        info.device_type,
        info.driver,
        info.driver_info
    );
    cli::say!(
        "scene: box {BOX_WIDTH}x{BOX_HEIGHT} around pentagon r={FIXED_RADIUS}, {} pairs, {:.1}% overlapping",
        pairs.len(),
        100.0 * overlapping as f64 / pairs.len() as f64
    );
    cli::say!(
        "{} chunk(s) of up to {} pairs (device limit {}); compute timed by {}; the median of {} run(s)",
        timing.chunks,
        gpu.chunk_pairs(),
        gpu.max_chunk_pairs(),
        if timing.timestamps {
            "GPU timestamps"
        } else {
            "submit-to-done waits (no timestamp queries)"
        },
        args.repeat
    );
    cli::say!();
    cli::say!("| GPU part       |    ns/pair | Mpairs per s |         ms |");
    cli::say!("|----------------|-----------:|-------------:|-----------:|");
    row("upload", &timing, timing.upload);
    row("  CPU pack", &timing, timing.upload_cpu);
    if timing.timestamps {
        row("  GPU copy", &timing, timing.upload - timing.upload_cpu);
    }
    row("compute", &timing, timing.compute);
    row("read-back", &timing, timing.readback);
    if timing.timestamps {
        row("  GPU copy", &timing, timing.readback - timing.readback_cpu);
    }
    row("  CPU unpack", &timing, timing.readback_cpu);
    row("total (wall)", &timing, timing.total);
    cli::say!();
    cli::say!(
        "check: batch::collide ({:.1} ns/pair on one core) agrees on every verdict but {disagree} \
         (touching pairs aside); largest depth difference {depth_off:e}",
        cpu.as_secs_f64() * 1e9 / pairs.len() as f64
    );
    if disagree > 0 {
        return Err(format!("{disagree} verdicts differ from batch::collide"));
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(cli::parse::<Args>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gpu_throughput: {e}");
            ExitCode::FAILURE
        }
    }
}
