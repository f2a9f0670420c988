//! The instruction set the kernels run on, chosen at run time: the one
//! generic chunk walker (`walk::run`, with the kernels it calls) is
//! compiled once per instruction set, inside a function that enables it,
//! so the same code becomes AVX-512, AVX2+FMA or SSE2 with no
//! `-C target-cpu=native`. On AArch64 it is NEON, part of the architecture;
//! on wasm32 WebAssembly's SIMD where the build turns it on (a module
//! cannot ask at run time), else the one-pair path.
//!
//! This is the crate's main module with `unsafe`: calling a function
//! compiled for features the build does not assume everywhere is unsafe,
//! and it is sound once the CPU is known to have them; its `x86` part
//! wraps one intrinsic per lane operation on the same ground, and so does
//! its `neon` part, whose intrinsics Rust marks unsafe too. (Plain lane
//! arrays left to LLVM's auto-vectorizer were measured 1.5–2.5× slower
//! on the chapter's scene: it unrolls the lanes and rebuilds vectors
//! badly, and with AVX-512 turns the corner loops into gathers. On
//! WebAssembly they took 6.7–18.6× the time of its own lanes, which need
//! no `unsafe`: see `wasm`.) The only other `unsafe` is the walker's:
//! a register reads its pairs, and its shapes' blocks and radii, with no
//! bounds check, on the checks the walker made as it grouped the pairs
//! (see `numbered::Numbered` and `walk::bucket_chunks`'s callers).
#![allow(unsafe_code)]

use std::mem::MaybeUninit;
use std::sync::OnceLock;

#[cfg(test)]
mod checks;
#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(feature = "parallel")]
use super::BatchError;
use super::Pair;
use super::prepared::Table;
#[cfg(feature = "parallel")]
use super::share;
use super::walk;
use crate::sat::SatResult;

/// The lanes every build for its target has, without asking the CPU:
/// SSE2 on x86-64, NEON on AArch64, WebAssembly's own where the build
/// turns them on; elsewhere two plain numbers. The one-pair path works out
/// a pair's two turns on them, both angles at once ([`Turns`]).
///
/// [`Turns`]: crate::batch::scalar::Turns
#[cfg(target_arch = "x86_64")]
pub(crate) type Baseline = x86::Sse2;
/// The lanes every build for its target has (here NEON).
#[cfg(target_arch = "aarch64")]
pub(crate) type Baseline = neon::Neon;
/// The lanes every build for its target has (here WebAssembly's own).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) type Baseline = wasm::Simd128;
/// The lanes every build for its target has: none here, so two plain
/// numbers.
#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
pub(crate) type Baseline = super::lanes::Portable<2>;

/// An instruction set the batch engine can run on, with the number of
/// pairs it tests side by side (its lanes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Isa {
    /// One pair at a time, with no lanes of the engine's own: the sat
    /// core's test in each polygon's own frame on the prepared table,
    /// stopping at the first gap (for one pair that beats trying every
    /// axis). Four axes go to one glam `Vec4` where that is a SIMD
    /// register, one axis at a time where it is not.
    Scalar,
    /// x86-64's baseline, 4 lanes of 128 bits: SSE2, with SSE4.1's blend
    /// for its selects where the CPU has it (one instruction instead of
    /// three; every x86-64 CPU since 2008), the same answers either way.
    Sse2,
    /// AVX2 with fused multiply-add, 8 lanes (a run of pairs that all
    /// name the same two shapes goes 16 at a time, as two registers side
    /// by side).
    Avx2,
    /// AVX-512, 16 lanes. On a CPU that runs each 512-bit operation as
    /// two 256-bit halves (AMD's Zen 4), pairs of mixed shapes go 8 at a
    /// time, in 256-bit registers with AVX-512's 32 of them, which there
    /// took 0.83-0.92x the time of 16 lanes on the 512-shape tables of
    /// polygons and of every kind; runs of pairs that all name the same
    /// two shapes still go 16 at a time.
    Avx512,
    /// ARM's NEON, 4 lanes (always there on AArch64).
    Neon,
    /// WebAssembly's 128-bit SIMD, 4 lanes, in a wasm32 build made with
    /// `-C target-feature=+simd128` (every current browser and WASI
    /// runtime runs it; a module cannot ask at run time, so it is the
    /// build's choice). The same lanes as [`Isa::Sse2`]'s, with no fused
    /// multiply-add.
    Simd128,
}

impl Isa {
    /// Every instruction set, narrowest first.
    pub const ALL: [Isa; 6] = [
        Isa::Scalar,
        Isa::Sse2,
        Isa::Neon,
        Isa::Simd128,
        Isa::Avx2,
        Isa::Avx512,
    ];

    /// How many pairs it tests at once (at most: see [`Isa::Avx512`]).
    pub fn lanes(self) -> usize {
        match self {
            Isa::Scalar => 1,
            Isa::Sse2 | Isa::Neon | Isa::Simd128 => 4,
            Isa::Avx2 => 8,
            Isa::Avx512 => 16,
        }
    }

    /// How many pairs of mixed shapes it tests at once on this CPU: the
    /// registers of a world's batch, whose pairs are grouped by kind and
    /// corner count. [`Isa::lanes`], but 8 for AVX-512 on a CPU that splits
    /// 512-bit operations (see [`Isa::Avx512`]).
    pub fn mixed_lanes(self) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self == Isa::Avx512 && splits_512() {
            return Isa::Avx2.lanes();
        }
        self.lanes()
    }

    /// Its usual name, as in CPU feature lists.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Scalar => "scalar",
            Isa::Sse2 => "sse2",
            Isa::Avx2 => "avx2+fma",
            Isa::Avx512 => "avx512f",
            Isa::Neon => "neon",
            Isa::Simd128 => "simd128",
        }
    }

    /// Whether this CPU (and this build's target) has it.
    pub fn is_available(self) -> bool {
        match self {
            Isa::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Sse2 => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("fma")
            }
            #[cfg(target_arch = "aarch64")]
            Isa::Neon => true,
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Isa::Simd128 => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The instruction sets this CPU has, narrowest first.
    pub fn available() -> Vec<Isa> {
        Isa::ALL
            .into_iter()
            .filter(|isa| isa.is_available())
            .collect()
    }

    /// The widest instruction set this CPU has: what [`collide`](super::collide)
    /// uses. Found once, then remembered.
    pub fn best() -> Isa {
        static BEST: OnceLock<Isa> = OnceLock::new();
        *BEST.get_or_init(|| {
            Isa::ALL
                .into_iter()
                .rev()
                .find(|isa| isa.is_available())
                .unwrap_or(Isa::Scalar)
        })
    }
}

/// Fills `out` (cleared) with `n` results written by `fill` into its
/// spare capacity, one slot per result: when `fill` returns true it has
/// written every slot, and they become `out`'s; when false, `out` is left
/// empty.
pub(crate) fn into_vec(
    out: &mut Vec<SatResult>,
    n: usize,
    fill: impl FnOnce(&mut [MaybeUninit<SatResult>]) -> bool,
) -> bool {
    out.clear();
    out.reserve(n);
    if !fill(&mut out.spare_capacity_mut()[..n]) {
        return false;
    }
    // SAFETY: `fill` returned true, so it wrote all of the first `n` spare
    // slots (the walkers assert one result per pair before saying so).
    unsafe { out.set_len(n) };
    true
}

/// Runs the (prepared) batch on `isa`, or on the widest available set
/// narrower than it when this CPU lacks it, into `out` (one slot per
/// pair): false when it met a pair unfit to test and stopped there (see
/// `walk::run`).
pub(crate) fn run(
    isa: Isa,
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
) -> bool {
    let isa = if isa.is_available() {
        isa
    } else {
        Isa::ALL
            .into_iter()
            .rev()
            .find(|i| i.lanes() < isa.lanes() && i.is_available())
            .unwrap_or(Isa::Scalar)
    };
    match isa {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `is_available` has just checked that this CPU has
        // AVX-512F, AVX2 and FMA, and `splits_512` that it has AVX-512VL:
        // all that `run_avx512_halves` is compiled for.
        Isa::Avx512 if splits_512() => unsafe { run_avx512_halves(table, pairs, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `is_available` has just checked that this CPU has
        // AVX-512F, AVX2 and FMA, all that `run_avx512` is compiled for.
        Isa::Avx512 => unsafe { run_avx512(table, pairs, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `is_available` has just checked that this CPU has AVX2
        // and FMA, all that `run_avx2` is compiled for.
        Isa::Avx2 => unsafe { run_avx2(table, pairs, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `is_x86_feature_detected` has just found SSE4.1, all that
        // `run_sse41` is compiled for beyond x86-64's own SSE2.
        Isa::Sse2 if is_x86_feature_detected!("sse4.1") => unsafe { run_sse41(table, pairs, out) },
        #[cfg(target_arch = "x86_64")]
        // SSE2 is part of x86-64 itself: the baseline build has it.
        Isa::Sse2 => walk::run::<x86::Sse2, x86::Sse2>(table, pairs, out),
        #[cfg(target_arch = "aarch64")]
        // NEON, with its fused multiply-add, is part of AArch64 itself.
        Isa::Neon => walk::run::<neon::Neon, neon::Neon>(table, pairs, out),
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        // The build's own target feature: every instruction is there.
        Isa::Simd128 => walk::run::<wasm::Simd128, wasm::Simd128>(table, pairs, out),
        // One pair at a time (the one-pair path, `batch::scalar`).
        _ => walk::run_scalar(table, pairs, out),
    }
}

/// Asks for the `len` bytes from `start` to be brought into the core's L2
/// cache ahead of use: a hint, which reads nothing and changes no answer
/// (x86-64; elsewhere nothing). One request for each 64 bytes from
/// `start`; a line the last request only reaches into is left to the
/// caller's next request, which starts there.
#[inline(always)]
pub(crate) fn prefetch(start: *const u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T1, _mm_prefetch};
        let mut offset = 0;
        while offset < len {
            // SAFETY: a prefetch reads nothing and cannot fault, whatever
            // the address (SSE, which it needs, is part of x86-64).
            unsafe { _mm_prefetch::<_MM_HINT_T1>(start.wrapping_add(offset).cast()) };
            offset += 64;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (start, len);
}

/// A check of a run of pairs: the run and the index of its first pair.
#[cfg(feature = "parallel")]
pub(crate) type Check<'a> = dyn Fn(&[Pair], usize) -> Result<(), BatchError> + Sync + 'a;

/// The fewest pairs a thread is given at a time; a batch of no more than
/// this many is not worth handing to other threads at all.
#[cfg(feature = "parallel")]
pub(crate) const MIN_RUN: usize = 1024;

/// The most windows a thread is given at a time (see `run_par`).
#[cfg(feature = "parallel")]
const MAX_RUN_WINDOWS: usize = 16;

/// The batch on all cores, written straight into `out`'s spare capacity
/// (no filling beforehand: the output is written once, as on one thread).
/// Each thread, the calling one among them, takes runs of pairs (see
/// [`share`]), checks a run with `check` (the run and the index of its
/// first pair) and tests it; a bad pair anywhere leaves `out` empty and
/// returns the first.
#[cfg(feature = "parallel")]
pub(crate) fn run_par(
    isa: Isa,
    table: &Table,
    pairs: &[Pair],
    check: &Check<'_>,
    out: &mut Vec<SatResult>,
) -> Result<(), BatchError> {
    use std::sync::{Mutex, PoisonError};
    // Long enough that a lane's first gather and a thread's taking of the
    // run are small beside it, short enough that every core gets several,
    // so that one woken late still finds work. A run's first window is
    // read cold (the walker asks ahead only for the windows after it; see
    // `walk::Ahead`), so runs of up to 16 windows, not 2: at most 8192
    // pairs, half the windows of a million-pair batch were cold, and
    // `collide_par` ran 1.35-1.62x `collide` on the 512-shape tables
    // against 1.44-1.76x with runs of up to 65 536 (best of 5, 6-8
    // alternated runs, four comparisons). The runs shrink towards the end
    // (`share::run_lens`), so that the threads finish within a short run
    // of each other: with runs of one length, `collide_par` was 1.85-1.89x
    // as fast as `collide` on the chapter's scene, and 1.97x with
    // shrinking runs (a million pairs, three alternated runs of `throughput
    // --engines collide`; 1.82-1.93x and 1.87-2.07x on the other five).
    let lens = share::run_lens(pairs.len(), MIN_RUN, MAX_RUN_WINDOWS * walk::window_len());
    out.clear();
    out.reserve(pairs.len());
    let (mut slots, mut rest, mut start) = (&mut out.spare_capacity_mut()[..pairs.len()], pairs, 0);
    let mut runs = Vec::with_capacity(lens.len());
    for n in lens {
        let (run_slots, more_slots) = std::mem::take(&mut slots).split_at_mut(n);
        let (run, more) = rest.split_at(n);
        runs.push((run_slots, run, start));
        (slots, rest, start) = (more_slots, more, start + n);
    }
    let first_bad: Mutex<Option<BatchError>> = Mutex::new(None);
    // The calling thread takes runs too (see `share`): called from
    // outside the pool once every 16 ms on the chapter's scene, 16 384
    // pairs took 1.14-1.23x `collide`'s time, against 1.69-1.79x when the
    // whole batch was handed to the pool (medians of 40 calls, two runs
    // of each, on a busy 2-vCPU virtual machine). The scope still waits
    // for the woken threads, even when nothing is left for them, so a
    // batch done sooner than they wake still loses. (Called repeatedly,
    // with the threads awake: level within the noise.)
    share::share(runs, |_, (slots, run, start)| {
        // The walk checks each pair as it tests it (as `collide` does),
        // so a good run is read once; only a run it stops in is checked
        // again, by the plain rule, to say which pair is bad and why.
        if self::run(isa, table, run, slots) {
            // Every slot of this run written, one result per pair (the
            // walkers assert it): what makes `set_len` below sound.
            return;
        }
        let bad = check(run, start).expect_err("the walk and the check agree on bad pairs");
        let mut first = first_bad.lock().unwrap_or_else(PoisonError::into_inner);
        if first.as_ref().is_none_or(|f| bad.pair() < f.pair()) {
            *first = Some(bad);
        }
    });
    let first_bad = first_bad
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(e) = first_bad {
        return Err(e);
    }
    // SAFETY: the runs split the first `pairs.len()` slots of the spare
    // capacity between them, and each run wrote every slot of its share
    // (checked above); `share` does every run before it returns; with no
    // bad run, all of them are initialized.
    unsafe { out.set_len(pairs.len()) };
    Ok(())
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
fn run_avx512(table: &Table, pairs: &[Pair], out: &mut [MaybeUninit<SatResult>]) -> bool {
    walk::run::<x86::Avx512, x86::Avx512>(table, pairs, out)
}

/// Whether this CPU runs each 512-bit operation as two 256-bit halves,
/// as AMD's Zen 4 does (CPUID family 0x19, whose Zen 3 members have no
/// AVX-512), and has AVX-512VL, which lets 256-bit operations use
/// AVX-512's 32 registers. Found once, then remembered.
///
/// On such a core a 512-bit register does no more arithmetic a cycle
/// than two AVX2 ones, and AVX-512's 16 lanes cost more than they give
/// where pairs of many shapes are grouped: wider transposes in the fill,
/// more empty lanes. On an EPYC 9004 (Zen 4, 2 vCPUs), `Isa::Avx512` with
/// 16 lanes throughout took 1.09-1.21x the time of [`run_avx512_halves`]
/// on the 512 polygons, 1.11-1.19x on every kind and 1.03-1.21x on
/// polygons vs circles, and the same on the chapter's scene, whose runs
/// of one shape pair keep 16 lanes in both (the best of alternated runs
/// of `throughput --pairs 300000 --rounds 5`, in two comparisons: one
/// binary choosing the walker at run time, and two builds). AVX2's own
/// walker, with 16 registers, was within 4% of the 8-lane buckets on the
/// tables and 1.18x slower on the chapter's scene. So there
/// `Isa::Avx512` runs the buckets' registers 8 lanes wide. Other CPUs
/// with AVX-512 keep 16 lanes throughout: on the Ice Lake Xeon, whose
/// units are 512 bits wide, AVX-512 ran the tables about 1.25x as fast as
/// AVX2 (the fifth to tenth sessions, `docs/mixed-batches.md`), and on
/// an Emerald Rapids Xeon the 8-lane buckets took the tables 1.08-1.16x
/// the time of 16 lanes (the twenty-third session). AMD's
/// Zen 5 (family 0x1A), whose server and desktop parts have 512-bit
/// units, has not been timed.
#[cfg(target_arch = "x86_64")]
fn splits_512() -> bool {
    static SPLITS: OnceLock<bool> = OnceLock::new();
    *SPLITS.get_or_init(|| {
        use std::arch::x86_64::__cpuid;
        // SAFETY: every x86-64 CPU has CPUID and its leaves 0 (the vendor)
        // and 1 (the family). (A safe function in newer Rust than this
        // crate's oldest.)
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let word = |s: &[u8; 4]| u32::from_le_bytes(*s);
        let amd =
            (vendor.ebx, vendor.edx, vendor.ecx) == (word(b"Auth"), word(b"enti"), word(b"cAMD"));
        // The family is the base's 4 bits, plus the extended family's 8
        // where the base is 0xF.
        let base = (signature >> 8) & 0xf;
        let family = if base == 0xf {
            base + ((signature >> 20) & 0xff)
        } else {
            base
        };
        amd && family == 0x19 && is_x86_feature_detected!("avx512vl")
    })
}

/// The size of a core's L2 cache in bytes, as CPUID's extended leaf
/// 0x8000_0006 gives it in KiB (bits 16-31 of ECX, on Intel's CPUs and
/// AMD's alike), or `None` where the CPU has no such leaf or gives 0:
/// what `walk::window_len` chooses the walkers' window by.
#[cfg(target_arch = "x86_64")]
pub(crate) fn l2_bytes() -> Option<usize> {
    use std::arch::x86_64::__cpuid;
    // SAFETY: every x86-64 CPU has CPUID and its leaf 0x8000_0000, which
    // says the highest extended leaf; 0x8000_0006 is read only where that
    // is at least as high. (A safe function in newer Rust than this
    // crate's oldest.)
    #[allow(unused_unsafe)]
    let top = unsafe { __cpuid(0x8000_0000) }.eax;
    if top < 0x8000_0006 {
        return None;
    }
    // SAFETY: the leaf is there (checked just above).
    #[allow(unused_unsafe)]
    let kib = unsafe { __cpuid(0x8000_0006) }.ecx >> 16;
    (kib > 0).then(|| kib as usize * 1024)
}

/// Elsewhere the L2's size is not read, and the walkers keep the shorter
/// of `walk::window_len`'s windows (on Apple's cores, whose L2 is shared
/// by a cluster, no other window has been timed).
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn l2_bytes() -> Option<usize> {
    None
}

/// [`run_avx512`] on a CPU that splits 512-bit operations
/// ([`splits_512`]): the buckets' registers 8 lanes wide (AVX2's lanes,
/// given AVX-512's 32 registers by AVX-512VL), the runs of one shape pair
/// 16 wide.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx2,fma")]
fn run_avx512_halves(table: &Table, pairs: &[Pair], out: &mut [MaybeUninit<SatResult>]) -> bool {
    walk::run::<x86::Avx2, x86::Avx512>(table, pairs, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse4.1")]
fn run_sse41(table: &Table, pairs: &[Pair], out: &mut [MaybeUninit<SatResult>]) -> bool {
    walk::run::<x86::Sse2<true>, x86::Sse2<true>>(table, pairs, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn run_avx2(table: &Table, pairs: &[Pair], out: &mut [MaybeUninit<SatResult>]) -> bool {
    walk::run::<x86::Avx2, x86::Avx2x2>(table, pairs, out)
}

#[cfg(test)]
mod plain_numbers {
    //! The plain-number lanes, which the one-pair path works its turns out
    //! on where the target has no lanes of its own ([`Baseline`]), held to
    //! every check the instruction sets are.
    use crate::batch::lanes::Portable;

    #[test]
    fn plain_numbers_pass_every_check() {
        super::checks::all::<Portable<2>>();
        super::checks::all::<Portable<4>>();
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    //! `Isa::Sse2` runs with SSE4.1's blend wherever the CPU has it (every
    //! x86-64 CPU since 2008), so the plain SSE2 selects would go untested
    //! through `collide_with`: they are run here directly, and must give
    //! the very same answers, bit for bit.
    use super::*;
    use crate::batch::{Pose, Shape, ShapeTable, prepared};
    use crate::sat::Polygon;
    use glam::Vec2;

    /// Six shapes, and every shape pair at many poses, from near to
    /// apart, in an order that mixes the buckets, after a leading run of
    /// one shape pair (run in place, its lanes kept for the buckets).
    fn mixed() -> (Vec<Shape>, Vec<Pair>) {
        let shapes = vec![
            Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
            Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
            Shape::Circle { radius: 30.0 },
            Shape::Polygon(Polygon::regular(3, 50.0).unwrap()),
            Shape::Polygon(Polygon::regular(8, 60.0).unwrap()),
            Shape::Circle { radius: 45.0 },
        ];
        let pairs: Vec<Pair> = (0..3000u32)
            .map(|i| {
                let t = i as f32 * 0.618;
                Pair {
                    a: (i * 7) % 6,
                    pose_a: Pose {
                        position: Vec2::from_angle(t) * (i % 250) as f32,
                        angle: t * 3.0,
                    },
                    b: (i * 5 + i / 6) % 6,
                    pose_b: Pose {
                        position: Vec2::ZERO,
                        angle: -t,
                    },
                }
            })
            .collect();
        let run = pairs.iter().take(100).map(|p| Pair { a: 1, b: 4, ..*p });
        (shapes, run.chain(pairs.iter().copied()).collect())
    }

    #[test]
    fn sse2_selects_and_sse41_blends_give_the_same_answers() {
        let (shapes, pairs) = mixed();
        let table = prepared::prepare(&shapes);
        let mut plain = Vec::new();
        assert!(into_vec(&mut plain, pairs.len(), |slots| {
            walk::run::<x86::Sse2, x86::Sse2>(&table, &pairs, slots)
        }));
        let mut public = Vec::new();
        ShapeTable::new(&shapes)
            .unwrap()
            .collide_with(Isa::Sse2, &pairs, &mut public)
            .unwrap();
        assert_eq!(plain.len(), pairs.len());
        assert_eq!(plain, public);
        let overlapping = plain.iter().filter(|r| r.overlapping).count();
        assert!(
            (300..2700).contains(&overlapping),
            "{overlapping} of 3100 overlapping: the poses should mix both verdicts"
        );
    }

    /// AVX-512's walker with 16 lanes throughout, the one with the
    /// buckets 8 lanes wide that a CPU splitting 512-bit operations runs
    /// (`splits_512`), and AVX2's give the very same answers, bit for bit
    /// (the same operations, fused the same way, in every lane), on every
    /// CPU with AVX-512F and VL, whichever of the two `collide` picks
    /// there. A CPU found to split them has both.
    #[test]
    fn both_avx512_walkers_give_avx2s_answers() {
        let full = Isa::Avx512.is_available() && is_x86_feature_detected!("avx512vl");
        assert!(
            !splits_512() || full,
            "splits 512-bit operations without AVX-512F and VL"
        );
        if !full {
            // Nothing of AVX-512 can run here; `collide_with(Isa::Avx512)`
            // falls back to AVX2, which `tests/batch/calls.rs` checks.
            eprintln!("no AVX-512F and VL on this CPU: only the detection was checked");
            return;
        }
        let (shapes, pairs) = mixed();
        let table = prepared::prepare(&shapes);
        let mut got = Vec::new();
        for run in [run_avx2, run_avx512, run_avx512_halves] {
            let mut out = Vec::new();
            // SAFETY: the CPU has AVX-512F, AVX-512VL, AVX2 and FMA (checked
            // above), all that the three walkers are compiled for.
            assert!(into_vec(&mut out, pairs.len(), |slots| unsafe {
                run(&table, &pairs, slots)
            }));
            got.push(out);
        }
        assert_eq!(got[0].len(), pairs.len());
        assert_eq!(got[1], got[0], "AVX-512 with 16 lanes against AVX2");
        assert_eq!(got[2], got[0], "AVX-512 with 8-lane buckets against AVX2");
    }
}
