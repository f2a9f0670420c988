//! Two builds of the batch engine compared: is the new one faster, and
//! does it give the same answers bit for bit?
//!
//! For the chapter's scene (one shape pair at many poses), each 512-shape
//! table of the issue's, a world of boxes and a world of tiles
//! (`tests/support/batch_workloads.rs`) it times
//! `ShapeTable::collide_with` on one instruction set, the best and the
//! median of `--calls` calls, and prints a fingerprint of the results: a
//! hash of every result's bits, in order. Two builds that give the same
//! fingerprints gave the same answers to every pair; a build whose calls
//! disagree with each other is reported, and the example exits 1.
//!
//! ```text
//! cargo build --release --example fingerprint
//! cp target/release/examples/fingerprint /tmp/before
//! # ... change the engine, build again ...
//! cp target/release/examples/fingerprint /tmp/after
//! tools/alternate 12 /tmp/before /tmp/after -- --isa avx2
//! ```
//!
//! With `--manifolds` it times `batch::manifolds` on the same pairs
//! instead (no margin), and the fingerprint covers each contact
//! manifold's normal and points.
//!
//! `tools/alternate` runs the builds in turn, the order rotated each
//! round, and prints each build's times over the first's. On a shared
//! machine a single run of each tells little: the host's load moves
//! times by more than most changes do, and a build run always first or
//! always last is treated differently. The lines it prints are
//! tab-separated for that script: the table, the best and the median
//! time a pair in ns, and the fingerprint.

#[path = "support/cli.rs"]
mod cli;

#[path = "../tests/support/batch_workloads.rs"]
mod workloads;

use clap::{Parser, ValueEnum};
use sat_visualizer::batch::{self, Isa, ShapeTable};
use sat_visualizer::sat::{Manifold, SatResult};
use std::time::Instant;

/// Times the batch engine on the chapter's scene and the 512-shape
/// tables and prints each one's fingerprint (a hash of every result's bits).
#[derive(Parser)]
#[command(name = "fingerprint")]
struct Args {
    /// Pairs per table.
    #[arg(long, default_value_t = 300_000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pairs: u32,
    /// Calls timed on each table; the best and the median are printed.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    calls: u32,
    /// The instruction set, or `collide` for whichever `collide` picks
    /// on this CPU.
    #[arg(long, value_enum, default_value_t = IsaArg::Collide)]
    isa: IsaArg,
    /// Only the workloads whose name contains this (e.g. `circle`, `box`).
    #[arg(long, default_value = "")]
    only: String,
    /// Time `batch::manifolds` (no margin) instead of the SAT test;
    /// `--isa` is then not used.
    #[arg(long)]
    manifolds: bool,
}

/// `--isa`'s choices: an instruction set, or the one `collide` picks.
#[derive(Clone, Copy, ValueEnum)]
enum IsaArg {
    /// Whichever `collide` picks on this CPU.
    Collide,
    /// `Isa::Scalar`.
    Scalar,
    /// `Isa::Sse2`.
    Sse2,
    /// `Isa::Avx2`.
    Avx2,
    /// `Isa::Avx512`.
    Avx512,
    /// `Isa::Neon`.
    Neon,
    /// `Isa::Simd128`.
    Simd128,
}

fn main() {
    let args = cli::parse::<Args>();
    let isa = match args.isa {
        IsaArg::Collide => Isa::best(),
        IsaArg::Scalar => Isa::Scalar,
        IsaArg::Sse2 => Isa::Sse2,
        IsaArg::Avx2 => Isa::Avx2,
        IsaArg::Avx512 => Isa::Avx512,
        IsaArg::Neon => Isa::Neon,
        IsaArg::Simd128 => Isa::Simd128,
    };
    if !isa.is_available() {
        // One line and status 2, as a bad argument gets from `cli::parse`.
        eprintln!("fingerprint: this CPU cannot run {}", isa.name());
        std::process::exit(2);
    }
    let (pairs, calls) = (args.pairs as usize, args.calls as usize);
    cli::say!(
        "# {} pairs a table, {} calls, {}; table, best ns a pair, median ns a pair, fingerprint",
        pairs,
        calls,
        if args.manifolds {
            "batch::manifolds"
        } else {
            isa.name()
        }
    );
    let mut same = true;
    let scene = std::iter::once(workloads::chapter(pairs, 4));
    let boxes = [
        workloads::table_boxes(pairs, 7),
        workloads::table_tiles(pairs, 7),
    ];
    for w in scene.chain(workloads::tables(pairs, 4)).chain(boxes) {
        if !w.name.contains(args.only.as_str()) {
            continue;
        }
        let table = ShapeTable::new(&w.shapes).expect("a valid table");
        let (mut out, mut contacts) = (Vec::new(), Vec::new());
        let mut times = Vec::with_capacity(calls);
        let mut first = None;
        for _ in 0..calls {
            let start = Instant::now();
            if args.manifolds {
                batch::manifolds(&w.shapes, &w.pairs, 0.0, &mut contacts)
            } else {
                table.collide_with(isa, &w.pairs, &mut out)
            }
            .expect("a valid batch");
            times.push(start.elapsed().as_secs_f64() * 1e9 / pairs as f64);
            let print = if args.manifolds {
                manifolds_fingerprint(&contacts)
            } else {
                fingerprint(&out)
            };
            if *first.get_or_insert(print) != print {
                eprintln!("fingerprint: {}: calls gave different answers", w.name);
                same = false;
            }
        }
        times.sort_by(f64::total_cmp);
        cli::say!(
            "{}\t{:.3}\t{:.3}\t{:016x}",
            w.name,
            times[0],
            times[times.len() / 2],
            first.unwrap_or_default()
        );
    }
    if !same {
        std::process::exit(1);
    }
}

/// A hash of every result's bits, in order (FNV-1a over the verdict, the
/// axis and the depth): equal for two lists exactly when they are equal,
/// but for a collision, which random changes make as unlikely as 2⁻⁶⁴.
fn fingerprint(results: &[SatResult]) -> u64 {
    fnv(results.iter().flat_map(|r| {
        [
            u32::from(r.overlapping),
            r.axis.x.to_bits(),
            r.axis.y.to_bits(),
            r.depth.to_bits(),
        ]
    }))
}

/// The same for contact manifolds: each one's normal, its count of
/// points, and each point's place, separation and features.
fn manifolds_fingerprint(manifolds: &[Manifold]) -> u64 {
    fnv(manifolds.iter().flat_map(|m| {
        let head = [
            m.normal.x.to_bits(),
            m.normal.y.to_bits(),
            m.points().len() as u32,
        ];
        let points = m.points().iter().flat_map(|p| {
            [
                p.point.x.to_bits(),
                p.point.y.to_bits(),
                p.separation.to_bits(),
                p.id,
            ]
        });
        head.into_iter().chain(points)
    }))
}

/// FNV-1a over 32-bit words.
fn fnv(words: impl Iterator<Item = u32>) -> u64 {
    words.fold(0xcbf2_9ce4_8422_2325u64, |h, word| {
        (h ^ u64::from(word)).wrapping_mul(0x0100_0000_01b3)
    })
}
