//! Asking for pairs and result slots from memory before they are needed:
//! the next window's while this one's buckets compute, and a run's a
//! little ahead of its registers.

use std::mem::MaybeUninit;

use crate::batch::lanes::Simd;
use crate::batch::{Pair, isa};
use crate::sat::SatResult;

/// The next window's pairs, asked for from memory a little at a time
/// while this window's registers compute. A bucket pass does little but
/// read its pairs, so reading them from memory it mostly waited (about
/// two thirds of its time on the 512-shape tables, `examples/stages`);
/// asked for ahead, they come from the L2 cache, and the memory's time
/// overlaps the kernels'. The result slots the registers will scatter
/// into are asked for the same way: a line of slots is read before it is
/// written, and four results in no order fall in it. A run of one shape
/// pair asks for its own a little ahead instead ([`run_ahead`]).
pub(super) struct Ahead<'a> {
    /// The next window's pairs not yet asked for.
    rest: &'a [Pair],
    /// How many to ask for at each register.
    per: usize,
    /// Where the next window's result slots not yet asked for begin (an
    /// address only: nothing is read through it).
    slots: *const u8,
    /// How many bytes of them are left to ask for.
    slots_left: usize,
    /// How many bytes to ask for at each register (whole cache lines).
    slots_per: usize,
}

impl<'a> Ahead<'a> {
    /// The next window's pairs `next` (none after the last window), spread
    /// over the registers a full window of `window` pairs runs (and a few
    /// more, for the buckets' part-filled last registers).
    pub(super) fn new<S: Simd>(next: &'a [Pair], slots: *const u8, window: usize) -> Self {
        let steps = window.div_ceil(S::LANES) + 8;
        let slots_left = next.len() * size_of::<SatResult>();
        Ahead {
            rest: next,
            per: next.len().div_ceil(steps),
            slots,
            slots_left,
            slots_per: slots_left.div_ceil(steps).next_multiple_of(64),
        }
    }

    /// Asks for the next few pairs.
    #[inline(always)]
    pub(super) fn step(&mut self) {
        self.ask(self.per, self.slots_per);
    }

    /// Asks for whatever is left.
    pub(super) fn rest(&mut self) {
        self.ask(self.rest.len(), self.slots_left);
    }

    /// Asks for the next `n` pairs and `bytes` of result slots (as many as
    /// are left, at most).
    #[inline(always)]
    fn ask(&mut self, n: usize, bytes: usize) {
        let (now, rest) = self.rest.split_at(n.min(self.rest.len()));
        isa::prefetch(now.as_ptr().cast(), size_of_val(now));
        self.rest = rest;
        let bytes = bytes.min(self.slots_left);
        isa::prefetch(self.slots, bytes);
        self.slots = self.slots.wrapping_add(bytes);
        self.slots_left -= bytes;
    }
}

/// How far ahead of a run's register its pairs are asked for from memory,
/// in bytes: 512 pairs, 32 registers of 16 (their result slots as many
/// slots ahead).
///
/// A run of one shape pair (the chapter's scene) reads its pairs and
/// writes its results in order, and was left to the hardware prefetcher.
/// On the Emerald Rapids that did not keep up: the chapter's scene took
/// 8.0 ns a pair with AVX2 at 100 000 pairs, 9.0-9.8 at a million and
/// 9.1-10.5 at 3 million (`fingerprint --only pentagon`, the
/// forty-eighth session), where the 512-shape tables, whose buckets ask
/// ahead ([`Ahead`]), took the same time at every size. A plain loop that
/// only reads 32 bytes and writes 16 a pair took 1.7 ns a pair at a
/// million there: the memory's time was added to the arithmetic's, not
/// overlapped with it. A run's register is a long chain of dependent
/// steps, so the core's window does not reach the next register's loads
/// while this one computes. Asked for 16 KiB ahead (`tools/alternate`, 12
/// to 16 rounds at a million pairs, medians): AVX2 0.92x the time, AVX-512
/// 0.88x; at 100 000 and 300 000 pairs, already in the caches, 1.000-1.006
/// (24 rounds), and SSE2 level. 4 KiB ahead gained about as much at a
/// million (0.91-0.94x in one sweep), 1 KiB nothing (0.98-1.02x). A
/// run asking for the next window through [`Ahead`], as the buckets do,
/// had gained nothing at a million pairs (1.002x, the twenty-sixth
/// session): that asks for pairs about a window (4096 or 8192 pairs) off,
/// this for pairs 512 off, so the two are kept apart.
pub(super) const RUN_AHEAD: usize = 16 * 1024;

/// Asks for the pairs [`RUN_AHEAD`] bytes past a run's register of `S`
/// that starts at pair `pairs`, and for their result slots past `slots`
/// (its first slot): a hint, which reads nothing (an address past the
/// batch is never read either). Each register asks for a whole
/// register's bytes, a count known when compiled (so no loop is left),
/// and a run so asks for every line once.
#[inline(always)]
pub(super) fn run_ahead<S: Simd>(pairs: *const Pair, slots: *const MaybeUninit<SatResult>) {
    const SLOTS_AHEAD: usize = RUN_AHEAD / size_of::<Pair>() * size_of::<SatResult>();
    let pairs = pairs.cast::<u8>().wrapping_add(RUN_AHEAD);
    isa::prefetch(pairs, S::LANES * size_of::<Pair>());
    let slots = slots.cast::<u8>().wrapping_add(SLOTS_AHEAD);
    isa::prefetch(slots, S::LANES * size_of::<SatResult>());
}
