//! Which of the batch kernels' AVX2 instructions compete with the
//! multiply-adds for the same execution units on this core: what README's
//! "what bounds it" counts against, beside `peak`'s flops.
//!
//! `cargo run --release --example units -- [--millis MS] [--runs N]`.
//!
//! The kernels' arithmetic is not only multiply-adds: each shadow is a
//! running minimum and maximum, and each axis a compare and four selects
//! (`kernel::Best`). `peak` counts only the flops. Here each kind of
//! instruction runs twice on one thread:
//!
//! - **alone**: 12 of it a step, each writing its own register from two
//!   that never change, so that as many run at once as the core has units
//!   for (instructions per nanosecond);
//! - **beside multiply-adds**: 12 of it interleaved with 12 multiply-adds
//!   (12 chains, enough to keep two multiply-add units of four or five
//!   cycles' latency busy). The table gives that loop's time over the 12
//!   multiply-adds' alone: about 1.0 where the instruction runs on units
//!   of its own, about 2.0 where it takes turns on the multiply-add units.
//!
//! The loops are written in assembly, so that the compiler can neither
//! drop an instruction whose result is unused nor fold two steps into
//! one.
//!
//! On a Zen 3 core the multiply, minimum and maximum, compare and select
//! take turns on the two multiply-add units (2.00×), and add and shuffle
//! partly (1.50× and 1.35×). Built for a CPU without AVX2 and FMA, it says
//! so and exits with an error.

#[path = "support/cli.rs"]
mod cli;

use std::time::{Duration, Instant};

/// The units example's options.
#[derive(Debug, clap::Parser)]
#[command(name = "units")]
struct Args {
    /// How long each timed run lasts, in milliseconds.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(10..=60_000))]
    millis: u32,
    /// Timed runs of each loop; the best is kept.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    runs: u32,
}

fn main() {
    let args = cli::parse::<Args>();
    let Some(kinds) = x86::kinds() else {
        eprintln!("units: this CPU has no AVX2 with FMA, which the kernels' table is about");
        std::process::exit(1);
    };
    let run_for = Duration::from_millis(args.millis.into());
    let best = |run: fn(u64), steps: u64| {
        (0..args.runs)
            .map(|_| {
                let start = Instant::now();
                run(std::hint::black_box(steps));
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let steps = steps_for(x86::fma_alone, run_for);
    let fma_alone = best(x86::fma_alone, steps);
    cli::say!(
        "AVX2 on one core, best of {} runs of about {} ms: 12 of each instruction \
         a step alone, then beside 12 multiply-adds",
        args.runs,
        args.millis
    );
    cli::say!(
        "{:<28} {:>14} {:>24}  runs on",
        "instruction",
        "alone, per ns",
        "beside: × multiply-adds'"
    );
    // 12 of the instruction and 12 multiply-adds, over the 12 alone:
    // 1 where they run side by side, 2 where they take turns.
    // Instructions a nanosecond, from a loop's best time.
    let per_ns = |seconds: f64| (12 * steps) as f64 / seconds / 1e9;
    cli::say!(
        "{:<28} {:>14.2} {:>24}  (the multiply-add units)",
        "multiply-add (vfmadd)",
        per_ns(fma_alone),
        "-"
    );
    for kind in &kinds {
        let alone = best(kind.alone, steps);
        let beside = best(kind.beside, steps) / fma_alone;
        let on = if beside > 1.7 {
            "the multiply-add units"
        } else if beside < 1.2 {
            "units of its own"
        } else {
            "partly the multiply-add units"
        };
        cli::say!(
            "{:<28} {:>14.2} {:>23.2}×  {on}",
            kind.name,
            per_ns(alone),
            beside
        );
    }
}

/// One kind of instruction's two loops (see the module's notes), each
/// running the given number of steps.
struct Kind {
    /// What the table calls it.
    name: &'static str,
    /// 12 of it a step.
    alone: fn(u64),
    /// 12 of it and 12 multiply-adds a step.
    beside: fn(u64),
}

/// How many steps of `run` take about `run_for`.
fn steps_for(run: fn(u64), run_for: Duration) -> u64 {
    let trial = 1 << 20;
    let start = Instant::now();
    run(std::hint::black_box(trial));
    let took = start.elapsed().as_secs_f64().max(1e-6);
    ((trial as f64) * run_for.as_secs_f64() / took).max(1.0) as u64
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Kind;
    use std::arch::asm;

    /// The kinds of instruction the kernels run beside the multiply-adds
    /// ([`fma_alone`]), or `None` where the CPU lacks AVX2 or FMA.
    pub fn kinds() -> Option<Vec<Kind>> {
        use std::arch::is_x86_feature_detected as has;
        if !(has!("avx2") && has!("fma")) {
            return None;
        }
        let k = |name, alone, beside| Kind {
            name,
            alone,
            beside,
        };
        Some(vec![
            k("multiply (vmulps)", mul_alone, mul_beside),
            k("add, subtract (vaddps)", add_alone, add_beside),
            k("minimum, maximum (vminps)", min_alone, min_beside),
            k("compare (vcmpps)", cmp_alone, cmp_beside),
            k("select (vblendvps)", sel_alone, sel_beside),
            k("shuffle (vshufps)", shuf_alone, shuf_beside),
        ])
    }

    /// `$op` into ymm`$k` from the operands `$tail` (ymm13 to ymm15, which
    /// nothing in the loops writes), as one line of assembly text.
    macro_rules! one {
        ($op:literal, $k:literal, $tail:literal) => {
            concat!($op, " ymm", $k, $tail, "\n")
        };
    }

    /// 12 of `$op`, into ymm0 to ymm11, as one assembly text.
    macro_rules! twelve {
        ($op:literal, $tail:literal) => {
            concat!(
                one!($op, 0, $tail),
                one!($op, 1, $tail),
                one!($op, 2, $tail),
                one!($op, 3, $tail),
                one!($op, 4, $tail),
                one!($op, 5, $tail),
                one!($op, 6, $tail),
                one!($op, 7, $tail),
                one!($op, 8, $tail),
                one!($op, 9, $tail),
                one!($op, 10, $tail),
                one!($op, 11, $tail),
            )
        };
    }

    /// 12 of `$op`, each into ymm12 and after one of 12 multiply-add
    /// chains (ymm0 to ymm11), as one assembly text.
    macro_rules! beside {
        ($op:literal, $tail:literal) => {
            concat!(
                one!("vfmadd231ps", 0, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 1, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 2, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 3, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 4, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 5, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 6, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 7, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 8, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 9, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 10, ", ymm14, ymm15"),
                one!($op, 12, $tail),
                one!("vfmadd231ps", 11, ", ymm14, ymm15"),
                one!($op, 12, $tail),
            )
        };
    }

    /// Defines `$name(steps)`: `steps` runs (at least 1) of the assembly
    /// text `$body`,
    /// every register zeroed first (zeros keep every result a plain
    /// number: no slow path for subnormals or NaN).
    macro_rules! looped {
        ($name:ident, $body:expr) => {
            pub fn $name(steps: u64) {
                // SAFETY: only called where the CPU has AVX2 and FMA
                // (`kinds`). The text reads and writes only the vector
                // registers it names, all declared clobbered, and the
                // counter; it touches no memory and no stack.
                unsafe {
                    asm!(
                        "vxorps ymm0, ymm0, ymm0", "vxorps ymm1, ymm1, ymm1",
                        "vxorps ymm2, ymm2, ymm2", "vxorps ymm3, ymm3, ymm3",
                        "vxorps ymm4, ymm4, ymm4", "vxorps ymm5, ymm5, ymm5",
                        "vxorps ymm6, ymm6, ymm6", "vxorps ymm7, ymm7, ymm7",
                        "vxorps ymm8, ymm8, ymm8", "vxorps ymm9, ymm9, ymm9",
                        "vxorps ymm10, ymm10, ymm10", "vxorps ymm11, ymm11, ymm11",
                        "vxorps ymm12, ymm12, ymm12", "vxorps ymm13, ymm13, ymm13",
                        "vxorps ymm14, ymm14, ymm14", "vxorps ymm15, ymm15, ymm15",
                        "2:",
                        $body,
                        "dec {n}",
                        "jnz 2b",
                        "vzeroupper",
                        n = inout(reg) steps.max(1) => _,
                        out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _,
                        out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _,
                        out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _,
                        out("ymm12") _, out("ymm13") _, out("ymm14") _, out("ymm15") _,
                        options(nomem, nostack),
                    );
                }
            }
        };
    }

    /// Defines `$alone` and `$beside` (see the module's notes) for `$op`
    /// with the operands `$tail`, written once for both.
    macro_rules! kind {
        ($alone:ident, $beside:ident, $op:literal, $tail:literal) => {
            looped!($alone, twelve!($op, $tail));
            looped!($beside, beside!($op, $tail));
        };
    }

    looped!(fma_alone, twelve!("vfmadd231ps", ", ymm14, ymm15"));
    kind!(mul_alone, mul_beside, "vmulps", ", ymm14, ymm15");
    kind!(add_alone, add_beside, "vaddps", ", ymm14, ymm15");
    kind!(min_alone, min_beside, "vminps", ", ymm14, ymm15");
    kind!(cmp_alone, cmp_beside, "vcmpltps", ", ymm14, ymm15");
    kind!(sel_alone, sel_beside, "vblendvps", ", ymm13, ymm14, ymm15");
    kind!(shuf_alone, shuf_beside, "vshufps", ", ymm14, ymm15, 0x44");
}

/// Elsewhere there is no AVX2.
#[cfg(not(target_arch = "x86_64"))]
mod x86 {
    /// No AVX2 off x86-64.
    pub fn kinds() -> Option<Vec<super::Kind>> {
        None
    }

    /// Never called: `kinds` is `None` here, and `main` stops first.
    pub fn fma_alone(_: u64) {
        unreachable!("no AVX2 off x86-64")
    }
}
