//! One collider at a time inside the GPU driver, across the process.
//!
//! On an NVIDIA H200 (driver 580.159.04, Vulkan through the Khronos
//! loader 1.3.239), this crate's GPU tests hung whenever many of them ran
//! at once; each alone, or two at a time, passed (the twentieth session).
//! The threads' stacks showed why. One thread was letting its collider's
//! device go (`vkDestroyDevice`, which holds the loader's lock while the
//! driver works) and waited inside the driver; another was submitting a
//! batch on a device of its own and waited inside the driver too; every
//! other thread waited for the loader's lock. Two devices should never
//! wait on each other, but these did.
//!
//! So a collider makes its device, runs each batch, and lets its device go
//! while it holds the driver's turn: two colliders are never inside the
//! driver at once. One batch keeps the GPU busy on its own, so little is
//! lost by taking turns. The one stretch of a batch without the turn is
//! reading its results out of a mapped buffer, which is the CPU's work
//! alone and runs on rayon's threads: a rayon thread that waits there can
//! take up other rayon work, another collider's call among it, which must
//! not wait for a turn its own thread holds.
//!
//! The turn is a token rather than a `MutexGuard`, so that a collider that
//! holds it while it is dropped is still `Send`. It is not reentrant: code
//! that holds it must not take it again.

use std::sync::{Condvar, Mutex};

/// Whether some thread holds the turn.
static TAKEN: Mutex<bool> = Mutex::new(false);
/// Signalled when the turn is given back.
static FREED: Condvar = Condvar::new();

/// The driver's turn, held until dropped.
#[derive(Debug)]
pub(crate) struct Turn(());

/// Waits for the driver's turn and takes it.
pub(crate) fn take() -> Turn {
    // A poisoned lock still guards a plain flag: a panic elsewhere cannot
    // leave it in a state worth refusing.
    let mut taken = TAKEN.lock().unwrap_or_else(|e| e.into_inner());
    while *taken {
        taken = FREED.wait(taken).unwrap_or_else(|e| e.into_inner());
    }
    *taken = true;
    Turn(())
}

impl Drop for Turn {
    fn drop(&mut self) {
        *TAKEN.lock().unwrap_or_else(|e| e.into_inner()) = false;
        FREED.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[test]
    fn one_thread_at_a_time_holds_the_turn_and_it_can_move() {
        fn send<T: Send>() {}
        send::<Turn>();
        let inside = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    for _ in 0..200 {
                        let turn = take();
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::yield_now();
                        inside.fetch_sub(1, Ordering::SeqCst);
                        drop(turn);
                    }
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 1);
        // A turn taken on one thread may be given back on another.
        let turn = take();
        std::thread::spawn(move || drop(turn)).join().unwrap();
        drop(take());
    }
}
