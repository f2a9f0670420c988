//! This machine's arithmetic peak, measured rather than taken from a data
//! sheet: how many multiply-adds a second one core retires, and all cores
//! at once, for each instruction set the batch engine runs on.
//!
//! `cargo run --release --example peak -- [--millis MS] [--runs N]`.
//! Prints one table: for each instruction set this CPU has, its lanes, the
//! best GFLOP/s of one thread and of one thread per core (a multiply-add
//! counted as 2 flops, as README's "share of the peak" counts them), and
//! the ratio of the two.
//!
//! Two things are read from it:
//! - **The share of the peak** a workload reaches: README divides a
//!   workload's flops a second by the one-thread column, not by clock ×
//!   lanes × units, which on a shared virtual machine is a guess.
//! - **How far the cores scale together.** `batch::collide_par` cannot run
//!   faster than the cores do on the same instructions: where running
//!   wide vectors on every core lowers each core's clock, as AVX-512 does
//!   on many Intel server parts, the last column says by how much.
//!
//! Each thread runs independent chains of `x = x * m + c`, with no memory
//! traffic: as many as keep the multiply-add units busy (units × latency
//! in flight), and no more than fit in registers with the two constants.
//! With AVX2 and SSE2, which have 16 registers, that is 12: with 16 the
//! compiler kept three on the stack, where each step waits for a store and
//! a load as well as the multiply-add, and a Zen 3 core measured 61
//! GFLOP/s with AVX2 against 107 with 12, its two units' full rate at the
//! clock it ran (3.36 GHz). AVX-512 and NEON have 32 registers, and run
//! 16: what an Apple core's four NEON units of four cycles' latency need,
//! and twice what an Intel core's two 512-bit units need. With 24, which
//! fit, rustc 1.95 kept nine of AVX-512's on the stack all the same, and
//! an AMD Zen 4 core measured 45.9 GFLOP/s with AVX-512 against 116.8
//! with 16 (and 116.4 with AVX2: Zen 4 does a 512-bit multiply-add as two
//! 256-bit halves). SSE2 has no fused multiply-add, so its chains are a
//! multiply and an add (2 flops in 2 instructions). NEON's chains are
//! `x = x + m * c`: its multiply-add adds into the register it writes, so
//! with `x * m + c` every step first copied `c` into a fresh register (30
//! moves and two chains on the stack for 16 multiply-adds, in the loop as
//! compiled for AArch64); this way `x` is that register, and the loop is
//! the 16 multiply-adds alone.

#[path = "support/cli.rs"]
mod cli;

use std::hint::black_box;
use std::time::{Duration, Instant};

/// How many independent chains each thread runs with SSE2 or AVX2, whose
/// 16 registers must hold them and the two constants (see the module's
/// notes).
#[cfg(target_arch = "x86_64")]
const CHAINS_16: usize = 12;

/// How many with AVX-512 or NEON, which have 32 registers (not more: see
/// the module's notes).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const CHAINS_32: usize = 16;

/// This machine's multiply-add peak, one core and all cores.
#[derive(Debug, clap::Parser)]
#[command(name = "peak")]
struct Args {
    /// How long each timed run lasts, in milliseconds.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(10..=60_000))]
    millis: u32,
    /// Timed runs of each kind; the best is kept.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    runs: u32,
}

/// One instruction set's chains: its name, lanes, how many chains, and a
/// function that runs `steps` steps of every chain and returns a number
/// that depends on all of them (so that none is optimized away).
struct Chains {
    name: &'static str,
    lanes: usize,
    chains: usize,
    run: fn(u64) -> f32,
}

fn main() {
    let args = cli::parse::<Args>();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let sets = chains();
    if sets.is_empty() {
        eprintln!("peak: no vector instruction set this example knows on this CPU");
        std::process::exit(1);
    }
    let run_for = Duration::from_millis(args.millis.into());
    cli::say!(
        "multiply-add peak, best of {} runs of {} ms; a multiply-add is 2 flops",
        args.runs,
        args.millis
    );
    cli::say!(
        "{:<10} {:>5} {:>14} {:>16} {:>9}",
        "isa",
        "lanes",
        "1 thread",
        format!("{threads} threads"),
        "scaling"
    );
    for set in &sets {
        let steps = steps_for(set, run_for);
        let best = |threads: usize| {
            (0..args.runs)
                .map(|_| gflops(set, steps, threads))
                .fold(0.0, f64::max)
        };
        let (one, all) = (best(1), best(threads));
        cli::say!(
            "{:<10} {:>5} {:>8.1} GFLOP/s {:>10.1} GFLOP/s {:>8.2}×",
            set.name,
            set.lanes,
            one,
            all,
            all / one
        );
    }
}

/// How many steps of the chains take about `run_for` on one thread.
fn steps_for(set: &Chains, run_for: Duration) -> u64 {
    let trial = 1 << 20;
    let start = Instant::now();
    black_box((set.run)(black_box(trial)));
    let took = start.elapsed().as_secs_f64().max(1e-6);
    ((trial as f64) * run_for.as_secs_f64() / took).max(1.0) as u64
}

/// GFLOP/s of `threads` threads each running `steps` steps of the chains,
/// timed from the first thread's start to the last one's end.
fn gflops(set: &Chains, steps: u64, threads: usize) -> f64 {
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| black_box((set.run)(black_box(steps))));
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let flops = 2.0 * (set.chains * set.lanes) as f64 * steps as f64 * threads as f64;
    flops / seconds / 1e9
}

/// The chains of every instruction set this CPU has, narrowest first.
#[cfg(target_arch = "x86_64")]
fn chains() -> Vec<Chains> {
    use std::arch::is_x86_feature_detected as has;
    [
        (true, "sse2", 4, CHAINS_16, x86::sse2 as fn(u64) -> f32),
        (
            has!("avx2") && has!("fma"),
            "avx2+fma",
            8,
            CHAINS_16,
            x86::avx2,
        ),
        (has!("avx512f"), "avx512f", 16, CHAINS_32, x86::avx512),
    ]
    .into_iter()
    .filter(|&(available, ..)| available)
    .map(|(_, name, lanes, chains, run)| Chains {
        name,
        lanes,
        chains,
        run,
    })
    .collect()
}

/// The chains of every instruction set this CPU has: NEON, on AArch64.
#[cfg(target_arch = "aarch64")]
fn chains() -> Vec<Chains> {
    vec![Chains {
        name: "neon",
        lanes: 4,
        chains: CHAINS_32,
        run: arm::neon,
    }]
}

/// No chains elsewhere.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn chains() -> Vec<Chains> {
    Vec::new()
}

/// Defines `$name(steps)`, compiled for `$feature`: `$chains` chains, each
/// register starting at its own number (so that none can be merged with
/// another), `$step` one step of one of them (`$x` the register, `$m` and
/// `$c` the constants), and the sum of every register's first lane.
/// `$splat` makes a register of one number; `$first` reads lane 0.
macro_rules! chains_for {
    ($name:ident, $feature:literal, $chains:expr, $splat:expr, $first:expr,
     |$x:ident, $m:ident, $c:ident| $step:expr) => {
        #[target_feature(enable = $feature)]
        fn $name(steps: u64) -> f32 {
            let ($m, $c) = ($splat(0.999_9), $splat(1e-4));
            let mut x: [_; $chains] =
                std::array::from_fn(|i| std::hint::black_box($splat(i as f32)));
            for _ in 0..steps {
                for v in &mut x {
                    let $x = *v;
                    *v = $step;
                }
            }
            x.iter().map(|v| $first(*v)).fold(0.0, |s, v| s + v)
        }
    };
}

/// The chains on x86-64. Each `*_chains` function is compiled for its
/// instruction set; the plain wrappers are what [`Chains::run`] holds, and
/// [`chains`] offers each only where the CPU has its set.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    /// SSE2 (every x86-64 CPU): a multiply and an add a step.
    pub fn sse2(steps: u64) -> f32 {
        // SAFETY: SSE2 is part of x86-64, so every CPU this runs on has it.
        unsafe { sse2_chains(steps) }
    }

    chains_for!(
        sse2_chains,
        "sse2",
        super::CHAINS_16,
        _mm_set1_ps,
        _mm_cvtss_f32,
        |x, m, c| _mm_add_ps(_mm_mul_ps(x, m), c)
    );

    /// AVX2 with FMA: one fused multiply-add a step.
    pub fn avx2(steps: u64) -> f32 {
        // SAFETY: offered only where the CPU has AVX2 and FMA (see
        // `chains`), which are all that `avx2_chains` is compiled for.
        unsafe { avx2_chains(steps) }
    }

    chains_for!(
        avx2_chains,
        "avx2,fma",
        super::CHAINS_16,
        _mm256_set1_ps,
        _mm256_cvtss_f32,
        |x, m, c| _mm256_fmadd_ps(x, m, c)
    );

    /// AVX-512: one fused multiply-add a step, 16 lanes.
    pub fn avx512(steps: u64) -> f32 {
        // SAFETY: offered only where the CPU has AVX-512 F (see `chains`),
        // which is all that `avx512_chains` is compiled for.
        unsafe { avx512_chains(steps) }
    }

    chains_for!(
        avx512_chains,
        "avx512f",
        super::CHAINS_32,
        _mm512_set1_ps,
        _mm512_cvtss_f32,
        |x, m, c| _mm512_fmadd_ps(x, m, c)
    );
}

/// The chains on AArch64, whose NEON every CPU has.
#[cfg(target_arch = "aarch64")]
mod arm {
    use std::arch::aarch64::*;

    /// NEON: one fused multiply-add a step, 4 lanes.
    pub fn neon(steps: u64) -> f32 {
        // SAFETY: NEON is part of AArch64, so every CPU this runs on has it.
        unsafe { neon_chains(steps) }
    }

    chains_for!(
        neon_chains,
        "neon",
        super::CHAINS_32,
        vdupq_n_f32,
        vgetq_lane_f32::<0>,
        |x, m, c| vfmaq_f32(x, m, c)
    );
}
