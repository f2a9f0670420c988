//! Sharing a batch's runs out among rayon's threads, the calling thread
//! among them, for `collide_par`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// How many runs a batch of `len` items is cut into at most, per thread:
/// enough that one thread woken late still finds work, few enough that
/// taking a run stays small beside doing it.
const RUNS_PER_THREAD: usize = 4;

/// The length of each run for a batch of `len` items, at least `min` and
/// at most `max`, about [`RUNS_PER_THREAD`] runs a thread in between.
pub(crate) fn run_len(len: usize, min: usize, max: usize) -> usize {
    let threads = rayon::current_num_threads().max(1);
    len.div_ceil(RUNS_PER_THREAD * threads).clamp(min, max)
}

/// Does `work(k, run)` for every run, each once, on whichever thread
/// takes it first; returns when all are done. A panic in `work` comes
/// back to the caller, as rayon's scopes pass it on.
///
/// The calling thread takes runs too, from the start, while the pool's
/// threads wake. Called from outside the pool (a game's main thread, once
/// a frame), handing the whole batch to the pool and waiting left the
/// caller's core idle, and put the threads' waking (127 µs after 5 ms idle
/// on a busy 2-vCPU virtual machine) before any work: see `run_par`'s
/// notes for what that cost. So one job fewer is spawned than the pool
/// has threads, and none beyond the runs there are, since each spawned job
/// is waited for even when nothing is left for it.
pub(crate) fn share<T: Send>(runs: Vec<T>, work: impl Fn(usize, T) + Sync) {
    // Each run behind its own lock, taken out once: the counter gives
    // each run's number to one thread only, so the lock only hands the
    // run over, and is never waited on.
    let runs: Vec<Mutex<Option<T>>> = runs.into_iter().map(|r| Mutex::new(Some(r))).collect();
    let next = AtomicUsize::new(0);
    let take_runs = || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = runs.get(k) else {
                return;
            };
            let run = slot
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
                .expect("each run is taken once");
            work(k, run);
        }
    };
    let helpers = rayon::current_num_threads()
        .min(runs.len())
        .saturating_sub(1);
    rayon::in_place_scope(|s| {
        for _ in 0..helpers {
            s.spawn(|_| take_runs());
        }
        take_runs();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every run is done exactly once, with its own number, whatever the
    /// pool's size; with no runs, nothing is done.
    #[test]
    fn every_run_once() {
        for threads in [1, 2, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for runs in [0, 1, 2, 7, 100] {
                let done: Vec<AtomicUsize> = (0..runs).map(|_| AtomicUsize::new(0)).collect();
                pool.install(|| {
                    share((0..runs).collect(), |k, run| {
                        assert_eq!(k, run, "run {run} handed over as number {k}");
                        done[run].fetch_add(1, Ordering::Relaxed);
                    })
                });
                for (k, d) in done.iter().enumerate() {
                    assert_eq!(
                        d.load(Ordering::Relaxed),
                        1,
                        "run {k} of {runs}, {threads} threads"
                    );
                }
            }
        }
    }

    /// Runs of an output cut in slices each write their own slice.
    #[test]
    fn runs_write_their_slices() {
        let mut out = vec![0usize; 1000];
        let runs: Vec<_> = out.chunks_mut(64).collect();
        share(runs, |k, slice| {
            for (i, x) in slice.iter_mut().enumerate() {
                *x = k * 64 + i;
            }
        });
        assert!(out.iter().enumerate().all(|(i, &x)| i == x));
    }

    /// A panic in a run reaches the caller.
    #[test]
    #[should_panic(expected = "run 3 fails")]
    fn a_panic_comes_back() {
        share((0..8).collect(), |k, _: usize| {
            assert_ne!(k, 3, "run 3 fails");
        });
    }

    /// Runs are about four a thread, within their bounds.
    #[test]
    fn run_lengths() {
        let threads = rayon::current_num_threads();
        assert_eq!(run_len(10, 100, 1000), 100);
        assert_eq!(run_len(1 << 30, 100, 1000), 1000);
        let len = 500 * RUNS_PER_THREAD * threads;
        assert_eq!(run_len(len, 100, 1000), 500);
    }
}
