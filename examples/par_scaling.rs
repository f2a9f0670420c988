//! How `batch::collide_par` scales over `batch::collide`, on the chapter's
//! scene at several batch sizes, the two timed in turn, call after call, so
//! that a burst of load from the machine's other users falls on both.
//!
//! `cargo run --release --example par_scaling -- [--calls N]` (default 30
//! calls of each per size; `--help` says more). Prints, per batch size, each engine's best and
//! median ns per pair and the ratios of the two: a batch small enough to
//! stay in the cores' own caches shows what the threads do alone; a
//! million pairs (48 MB to read and write) shows them sharing the memory.
//! Last, it times the hand-over itself: work given to rayon's threads and
//! back, once when they have been idle a while and once right after; and
//! how soon a thread starts a job while the caller keeps working, as
//! `collide_par`'s caller does.

#[path = "support/cli.rs"]
mod cli;

#[path = "../tests/support/batch_workloads.rs"]
mod workloads;

use std::time::{Duration, Instant};

use sat_visualizer::batch;
use sat_visualizer::sat::SatResult;

/// The least and the median of some timings.
fn least_and_median(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2])
}

/// The median time, in µs, for rayon's threads to take two empty tasks and
/// hand them back: after 5 ms idle (`idle`), or right after another.
fn hand_over(idle: bool) -> f64 {
    let times = (0..101)
        .map(|_| {
            if idle {
                std::thread::sleep(Duration::from_millis(5));
            } else {
                rayon::scope(|s| s.spawn(|_| {}));
            }
            let start = Instant::now();
            rayon::scope(|s| {
                s.spawn(|_| {
                    std::hint::black_box(1);
                });
                s.spawn(|_| {
                    std::hint::black_box(2);
                });
            });
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    least_and_median(times).1
}

/// The median and the 9th decile of the time, in µs, from spawning one
/// job (from outside the pool) to a pool thread starting it, while the
/// calling thread keeps its own core busy, as `collide_par`'s caller does
/// while it takes runs. Before each, the caller has slept 16 ms (`asleep`,
/// a frame's wait, with every core idle) or worked 16 ms. Where the
/// scheduler puts the woken thread on the busy core, this is as long as
/// it takes to move it.
fn start_while_working(asleep: bool) -> (f64, f64) {
    use std::sync::atomic::{AtomicBool, Ordering};
    let frame = Duration::from_millis(16);
    let mut times: Vec<f64> = (0..41)
        .map(|_| {
            if asleep {
                std::thread::sleep(frame);
            } else {
                let begun = Instant::now();
                while begun.elapsed() < frame {
                    std::hint::spin_loop();
                }
            }
            let started = AtomicBool::new(false);
            let start = Instant::now();
            let mut waited = Duration::ZERO;
            rayon::in_place_scope(|s| {
                s.spawn(|_| started.store(true, Ordering::Release));
                while !started.load(Ordering::Acquire) {
                    std::hint::spin_loop();
                }
                waited = start.elapsed();
            });
            waited.as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() * 9 / 10])
}

/// How `batch::collide_par` scales over `batch::collide` on the chapter's
/// scene, at several batch sizes.
#[derive(Debug, clap::Parser)]
#[command(name = "par_scaling")]
struct Args {
    /// Calls of each engine per batch size.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    calls: u32,
}

fn main() {
    let calls = cli::parse::<Args>().calls;
    cli::say!(
        "box vs pentagon; collide on one thread, collide_par on {}; {calls} calls of each per size, in turn",
        rayon::current_num_threads()
    );
    cli::say!(
        "{:>9} {:>13} {:>13} {:>13} {:>13} {:>9} {:>9}",
        "pairs",
        "collide best",
        "median",
        "par best",
        "median",
        "× best",
        "× median"
    );
    for n in [16_384, 65_536, 262_144, 1_000_000] {
        let work = workloads::chapter(n, 1);
        let mut out: Vec<SatResult> = Vec::with_capacity(n);
        // Small batches are called several times a sample, so that each
        // sample lasts long enough to time.
        let repeat = (1_000_000 / n).max(1);
        let mut sample = |par: bool| {
            let start = Instant::now();
            for _ in 0..repeat {
                let r = if par {
                    batch::collide_par(&work.shapes, &work.pairs, &mut out)
                } else {
                    batch::collide(&work.shapes, &work.pairs, &mut out)
                };
                r.expect("a valid batch");
            }
            start.elapsed().as_secs_f64() * 1e9 / (repeat * n) as f64
        };
        let (mut one, mut all) = (Vec::new(), Vec::new());
        for _ in 0..calls {
            one.push(sample(false));
            all.push(sample(true));
        }
        let ((one_best, one_mid), (all_best, all_mid)) =
            (least_and_median(one), least_and_median(all));
        cli::say!(
            "{n:>9} {one_best:>13.2} {one_mid:>13.2} {all_best:>13.2} {all_mid:>13.2} {:>9.2} {:>9.2}",
            one_best / all_best,
            one_mid / all_mid
        );
    }
    cli::say!(
        "handing work to rayon's threads and back: {:.0} µs after 5 ms idle, {:.0} µs right after another (medians of 101)",
        hand_over(true),
        hand_over(false)
    );
    for (asleep, before) in [(false, "working"), (true, "asleep")] {
        let (median, decile) = start_while_working(asleep);
        cli::say!(
            "a job spawned while the caller works, after 16 ms {before}: started after {median:.0} µs (median of 41; 9th decile {decile:.0} µs)"
        );
    }
}
