//! Where the kernels' results go: in order, or scattered to the slots a
//! bucket's register's pairs name.

use std::mem::MaybeUninit;

use crate::batch::lanes::Simd;
use crate::sat::SatResult;

/// Where the kernels put their results, a chunk at a time, in order.
pub(crate) trait Sink {
    /// Puts `n` results, `result(0)` to `result(n - 1)`.
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult);

    /// Puts the first `n` lanes' results from a kernel's registers: the
    /// axis (`x`, `y`) and the push, negative for a gap (see
    /// [`crate::batch::lanes::result`]).
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S);
}

/// Written into slots front to back (the output's spare capacity, or a
/// window's results), each once, with no filling beforehand.
pub(crate) struct Cursor<'a>(pub &'a mut [MaybeUninit<SatResult>]);

impl Sink for Cursor<'_> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        let (head, rest) = std::mem::take(&mut self.0).split_at_mut(n);
        for (l, o) in head.iter_mut().enumerate() {
            o.write(result(l));
        }
        self.0 = rest;
    }

    #[inline(always)]
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S) {
        let slots = std::mem::take(&mut self.0);
        S::write_results(&mut *slots, n, x, y, push);
        self.0 = &mut slots[n..];
    }
}

/// Written into the slots a bucket's register's pairs name (`at`, one
/// per real lane), each once.
pub(super) struct Scatter<'a, 'b> {
    /// The window's results, in its pairs' order.
    pub(super) slots: &'a mut [MaybeUninit<SatResult>],
    /// The register's real pairs' numbers in the window.
    pub(super) at: &'b [u16],
}

impl Sink for Scatter<'_, '_> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        for (l, &i) in self.at[..n].iter().enumerate() {
            self.slots[i as usize].write(result(l));
        }
    }

    #[inline(always)]
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S) {
        S::write_results_at(self.slots, &self.at[..n], x, y, push);
    }
}
