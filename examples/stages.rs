//! Where a mixed batch's time goes: the batch walker's stages timed apart,
//! on the 512-shape tables, for each instruction set this CPU has.
//!
//! ```text
//! RUSTFLAGS="--cfg sat_stage_probe -C llvm-args=-align-loops=64 \
//!     -C llvm-args=-align-all-nofallthru-blocks=5" \
//!     cargo run --release --example stages -- --pairs 300000
//! ```
//!
//! (RUSTFLAGS replaces `.cargo/config.toml`'s flags, so the code
//! alignment every other build here has is given again.)
//!
//! The walker can be told to stop after a stage (only in a build with
//! `--cfg sat_stage_probe`; see `batch::Stages`), so each stage's cost is
//! the difference of two runs:
//!
//! - **buckets**: the pairs read from memory once, each pair's number put
//!   on its bucket's list, and the results written out in order;
//! - **gather**: each bucket's registers of pairs gathered from the
//!   window, and their results scattered to the pairs' slots (a real run
//!   reads a polygon's and a circle's pairs where they lie, but these
//!   partial runs copy them as they do the others', so that copy shows
//!   here, not in the kernels);
//! - **fill**: the registers' shapes transposed into the lanes;
//! - **kernels**: the tests themselves (poses, turns, shadows, the best
//!   axis, the results' transposes).
//!
//! The last column runs the kernels on shapes already in the lanes (no
//! fill after each bucket's first register): when it is less than the
//! kernels' column, the kernels wait on the fills' stores beyond the
//! fills' own work. On polygons against circles it comes out above the
//! kernels' column: only the full run reads those pairs in place, and the
//! partial runs, this one too, copy them (see **gather**), so the
//! kernels' column there is the kernels less what reading in place saves,
//! and this one the kernels as the copying path runs them.
//!
//! Each figure is the best of `--reps` runs alternated stage by stage, so
//! that a noisy spell on a shared machine slows one run of each, not one
//! stage.
//!
//! Built without the flag, it says how to build it and exits with an
//! error (the stages cannot be chosen there).

#[path = "support/cli.rs"]
// Without the probe flag this example only says how to build it: no table.
#[cfg_attr(not(sat_stage_probe), allow(dead_code, unused_macros, unused_imports))]
mod cli;

#[path = "../tests/support/batch_workloads.rs"]
mod workloads;

use clap::Parser;

/// The batch walker's stages timed apart on the 512-shape tables.
#[derive(Parser)]
#[command(name = "stages")]
struct Args {
    /// Pairs per workload.
    #[arg(long, default_value_t = 300_000)]
    pairs: usize,
    /// Runs of each stage; the best is kept.
    #[arg(long, default_value_t = 7)]
    reps: usize,
}

#[cfg(sat_stage_probe)]
fn main() {
    use sat_visualizer::batch::{Isa, ShapeTable, Stages, set_stages};
    use std::time::Instant;

    let args = cli::parse::<Args>();
    if args.pairs == 0 || args.reps == 0 {
        fail("--pairs and --reps must be at least 1");
    }
    let n = args.pairs;
    let isas: Vec<Isa> = Isa::available()
        .into_iter()
        .filter(|i| *i != Isa::Scalar)
        .collect();
    let stages = [
        Stages::Buckets,
        Stages::Gather,
        Stages::Fill,
        Stages::All,
        Stages::NoFill,
    ];
    cli::say!(
        "{n} pairs per workload, the best of {} runs; ns a pair",
        args.reps
    );
    cli::say!(
        "{:<20} {:<9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>18}",
        "workload",
        "isa",
        "buckets",
        "gather",
        "fill",
        "kernels",
        "total",
        "kernels, no fill"
    );
    for w in workloads::tables(n, 4) {
        let table = ShapeTable::new(&w.shapes).expect("a valid table");
        let mut out = Vec::new();
        for &isa in &isas {
            let mut best = [f64::INFINITY; 5];
            for _ in 0..args.reps {
                for (k, &stage) in stages.iter().enumerate() {
                    set_stages(stage);
                    let start = Instant::now();
                    table
                        .collide_with(isa, &w.pairs, &mut out)
                        .expect("a valid batch");
                    best[k] = best[k].min(start.elapsed().as_secs_f64() * 1e9 / n as f64);
                }
            }
            set_stages(Stages::All);
            let [buckets, gather, fill, all, no_fill] = best;
            cli::say!(
                "{:<20} {:<9} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>18.2}",
                w.name,
                isa.name(),
                buckets,
                gather - buckets,
                fill - gather,
                all - fill,
                all,
                no_fill - gather
            );
        }
    }
}

#[cfg(not(sat_stage_probe))]
fn main() {
    let _ = cli::parse::<Args>();
    fail(
        "the stages can only be chosen in a probe build: \
         RUSTFLAGS=\"--cfg sat_stage_probe -C llvm-args=-align-loops=64 \
         -C llvm-args=-align-all-nofallthru-blocks=5\" \
         cargo run --release --example stages",
    );
}

/// One line on stderr, naming the example, and exit status 2 (as a bad
/// argument does).
fn fail(why: &str) -> ! {
    eprintln!("stages: {why}");
    std::process::exit(2);
}
