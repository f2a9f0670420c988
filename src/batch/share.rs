//! Sharing a batch's runs out among rayon's threads, the calling thread
//! among them, for `collide_par`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Each run is what is left of the batch divided by this many times the
/// threads (see [`run_lens`]), so that the runs shrink towards the end.
const SHARE_PER_THREAD: usize = 2;

/// The lengths of the runs a batch of `len` items is cut into, in order,
/// each at least `min` (or what is left) and at most `max`: each run is
/// `1 / (SHARE_PER_THREAD × threads)` of what is left, so long runs come
/// first and short ones last (guided self-scheduling, as OpenMP's
/// `schedule(guided)` has it). The threads then finish within a short run
/// of each other: with runs of one length, the last thread to take one
/// could leave the others idle for a whole run's time.
pub(crate) fn run_lens(len: usize, min: usize, max: usize) -> Vec<usize> {
    let threads = rayon::current_num_threads().max(1);
    let mut lens = Vec::new();
    let mut left = len;
    while left > 0 {
        let n = (left / (SHARE_PER_THREAD * threads))
            .clamp(min, max)
            .min(left);
        lens.push(n);
        left -= n;
    }
    lens
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

    /// The runs cover the batch once, in order, each within its bounds
    /// (the last may be shorter than `min`), none longer than the one
    /// before it, and shrinking towards the end.
    #[test]
    fn run_lengths() {
        for (len, min, max) in [
            (0, 100, 1000),
            (10, 100, 1000),
            (1 << 20, 1024, 65_536),
            (12_345, 7, 500),
        ] {
            let lens = run_lens(len, min, max);
            assert_eq!(lens.iter().sum::<usize>(), len, "{len} items");
            for (k, &n) in lens.iter().enumerate() {
                let last = k + 1 == lens.len();
                assert!(
                    n <= max && (n >= min || last) && n > 0,
                    "{len}: run {k} of {n}"
                );
                if k > 0 {
                    assert!(
                        n <= lens[k - 1],
                        "{len}: run {k} of {n} after {}",
                        lens[k - 1]
                    );
                }
            }
        }
        let lens = run_lens(1 << 20, 1024, 65_536);
        assert_eq!(lens[0], 65_536);
        assert!(lens[lens.len() - 2] <= 2048, "{lens:?}");
    }
}
