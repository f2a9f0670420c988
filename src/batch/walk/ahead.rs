//! Asking for the next window from memory while this one computes.

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
/// pair needs none of this: it reads its pairs and writes its results in
/// order as it tests them, and the hardware prefetcher keeps ahead.
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
