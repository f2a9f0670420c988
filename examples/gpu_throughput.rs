//! The GPU collider's throughput on the chapter's scene, split into upload,
//! compute and read-back.
//!
//! ```text
//! cargo run --release --example gpu_throughput -- --pairs 10000000
//! ```
//!
//! The scene: the chapter's box (140 x 90) as A at random poses around its
//! regular pentagon (radius 80) as B, about 40% of them overlapping. One
//! untimed call first (it sizes the buffers); then `--repeat` timed calls,
//! of which the one with the median wall time is shown. The results are
//! checked against `batch::collide` on the same pairs.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sat_visualizer::batch::{self, Pair, Pose, Shape};
use sat_visualizer::gpu::{GpuCollider, GpuTiming};
use sat_visualizer::sat::{Polygon, Vec2};

/// Box positions are drawn from a disk this wide about the pentagon, which
/// makes about 40% of the pairs overlap.
const SPREAD: f32 = 222.0;

struct Args {
    pairs: usize,
    repeat: usize,
    chunk: Option<usize>,
}

const USAGE: &str = "usage: gpu_throughput [--pairs N] [--repeat R] [--chunk PAIRS]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        pairs: 1_000_000,
        repeat: 5,
        chunk: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            let v = it
                .next()
                .ok_or_else(|| format!("{name} needs a number ({USAGE})"))?;
            let n: usize = v
                .replace('_', "")
                .parse()
                .map_err(|_| format!("{name}: not a count: {v:?} ({USAGE})"))?;
            if n == 0 {
                return Err(format!("{name} must be at least 1"));
            }
            Ok(n)
        };
        match flag.as_str() {
            "--pairs" => args.pairs = number("--pairs")?,
            "--repeat" => args.repeat = number("--repeat")?,
            "--chunk" => args.chunk = Some(number("--chunk")?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other:?} ({USAGE})")),
        }
    }
    Ok(args)
}

/// SplitMix64, seeded, so every run times the same pairs.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
}

fn scene(count: usize) -> (Vec<Shape>, Vec<Pair>) {
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).expect("the chapter's box")),
        Shape::Polygon(Polygon::regular(5, 80.0).expect("the chapter's pentagon")),
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
    println!(
        "| {name:<14} | {:>10.3} | {:>12.1} | {:>10.3} |",
        timing.ns_per_pair(part),
        timing.mpairs_per_s(part),
        part.as_secs_f64() * 1e3
    );
}

fn run(args: Args) -> Result<(), String> {
    let mut gpu = GpuCollider::new_headless().map_err(|e| e.to_string())?;
    if let Some(chunk) = args.chunk {
        gpu.set_chunk_pairs(chunk);
    }
    let (shapes, pairs) = scene(args.pairs);
    let mut out = Vec::new();
    gpu.collide(&shapes, &pairs, &mut out)
        .map_err(|e| e.to_string())?;
    let mut runs = Vec::with_capacity(args.repeat);
    for _ in 0..args.repeat {
        gpu.collide(&shapes, &pairs, &mut out)
            .map_err(|e| e.to_string())?;
        runs.push(gpu.last_timing());
    }
    runs.sort_by_key(|t| t.total);
    let timing = runs[runs.len() / 2];

    // The same pairs on the CPU, for the check; timed on the second call,
    // when the output's pages are already in memory, as the GPU's are.
    let mut want = Vec::new();
    batch::collide(&shapes, &pairs, &mut want).map_err(|e| e.to_string())?;
    let started = Instant::now();
    batch::collide(&shapes, &pairs, &mut want).map_err(|e| e.to_string())?;
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
    println!(
        "adapter: {} ({:?}, {:?}; driver {} {})",
        gpu.adapter_name(),
        info.backend,
        info.device_type,
        info.driver,
        info.driver_info
    );
    println!(
        "scene: box 140x90 around pentagon r=80, {} pairs, {:.1}% overlapping",
        pairs.len(),
        100.0 * overlapping as f64 / pairs.len() as f64
    );
    println!(
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
    println!();
    println!("| GPU part       |    ns/pair | Mpairs per s |         ms |");
    println!("|----------------|-----------:|-------------:|-----------:|");
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
    println!();
    println!(
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
    match parse_args().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gpu_throughput: {e}");
            ExitCode::FAILURE
        }
    }
}
