//! The best answer so far in every lane ([`Best`]): the chapter's first
//! gap or shortest push, kept with no branch.

use super::*;

/// The best answer so far in every lane: its push (negative: minus a
/// gap's width), its axis in A's frame, and how much shorter the way out
/// forward is than the way back (negative when forward is the shorter:
/// the push's direction). Where [`Simd::ORIENT_EARLY`] says so, each axis
/// is turned the way of its push before it is weighed, and the lead is
/// not kept.
pub(super) struct Best<S> {
    /// The push (the minimum translation's length), or minus the gap.
    push: S,
    /// The axis' x part, in A's frame.
    axis_x: S,
    /// The axis' y part.
    axis_y: S,
    /// Forward minus backward, whose sign says the push's way (unused
    /// where the axes are turned early).
    lead: S,
}

impl<S: Simd> Best<S> {
    /// No answer yet: an endless push, which any axis replaces.
    #[inline(always)]
    pub(super) fn new() -> Self {
        let endless = S::splat(f32::INFINITY);
        Best {
            push: endless,
            axis_x: S::splat(0.0),
            axis_y: S::splat(0.0),
            lead: S::splat(0.0),
        }
    }

    /// The next axis of the test's order, (`nx`, `ny`), with A's shadow
    /// `a_min..a_max` and B's `b_min..b_max` on it.
    ///
    /// A could get out forward by `b_max - a_min` or backward by
    /// `a_max - b_min`; the push is the shorter way. It is negative exactly
    /// when the shadows have a gap, and then it is minus the gap's width.
    /// The axis replaces the best where its push is less, while the best
    /// is no gap: so a gap beats any push, the first gap stays once found,
    /// and among pushes the shortest wins, the first of any that tie: the
    /// chapter's answer, with no branch. Which way is shorter is settled
    /// once, for the best axis, in [`Best::write`]; or, where
    /// [`Simd::ORIENT_EARLY`] says so, for each axis as it is weighed, by
    /// turning it that way ([`Simd::orient`]).
    #[inline(always)]
    pub(super) fn axis(&mut self, nx: S, ny: S, a_min: S, a_max: S, b_min: S, b_max: S) {
        let (push, lead) = push_and_lead(a_min, a_max, b_min, b_max);
        self.answer(nx, ny, push, lead);
    }

    /// [`Best::axis`] for an axis whose push and lead (`forward -
    /// backward`, or any number of its sign) are already worked out.
    #[inline(always)]
    pub(super) fn answer(&mut self, nx: S, ny: S, push: S, lead: S) {
        let (nx, ny) = if S::ORIENT_EARLY {
            S::orient(lead, nx, ny)
        } else {
            self.lead = push.lt_open_select(self.push, lead, self.lead);
            (nx, ny)
        };
        self.axis_x = push.lt_open_select(self.push, nx, self.axis_x);
        self.axis_y = push.lt_open_select(self.push, ny, self.axis_y);
        self.push = push.lt_open_select(self.push, push, self.push);
    }

    /// [`Best::axis`] for an axis of one polygon's own: `own` is that
    /// polygon's shadow on it, `theirs` the other's, and `owner_is_a`
    /// says which of them is A.
    #[inline(always)]
    pub(super) fn owned_axis(
        &mut self,
        nx: S,
        ny: S,
        own: (S, S),
        theirs: (S, S),
        owner_is_a: bool,
    ) {
        let ((a_min, a_max), (b_min, b_max)) = if owner_is_a {
            (own, theirs)
        } else {
            (theirs, own)
        };
        self.axis(nx, ny, a_min, a_max, b_min, b_max);
    }

    /// Puts the first `n` lanes into `sink`, the axis pointing the way A
    /// must move (`+axis` when forward is the shorter way, so from B
    /// towards A for a gap) and turned into the world by A's turn (`cos`,
    /// `sin`); `flip` turns the axis round (circle as A).
    #[inline(always)]
    pub(super) fn write<K: Sink>(&self, cos: S, sin: S, flip: bool, n: usize, sink: &mut K) {
        let (plus, minus) = if flip { (-1.0, 1.0) } else { (1.0, -1.0) };
        let f = if S::ORIENT_EARLY {
            // Turned the way of the push already: only a flip is left (a
            // multiply by 1, which the compiler drops, where there is none).
            S::splat(plus)
        } else {
            self.lead
                .lt_select(S::splat(0.0), S::splat(plus), S::splat(minus))
        };
        let (ax, ay) = (self.axis_x.mul(f), self.axis_y.mul(f));
        let wx = cos.mul(ax).sub(sin.mul(ay));
        let wy = sin.mul(ax).add(cos.mul(ay));
        sink.put_lanes(n, wx, wy, self.push);
    }
}

/// A's way out of B along an axis, from A's shadow `a_min..a_max` and
/// B's `b_min..b_max` on it: the push (the shorter of forward, `b_max -
/// a_min`, and backward, `a_max - b_min`; minus the gap's width when they
/// have one) and the lead, `forward - backward`. Forward is the shorter
/// way exactly when the lead is negative (a difference of two different
/// finite numbers is never 0), so one select keeps the direction.
#[inline(always)]
pub(super) fn push_and_lead<S: Simd>(a_min: S, a_max: S, b_min: S, b_max: S) -> (S, S) {
    let forward = b_max.sub(a_min);
    let backward = a_max.sub(b_min);
    (forward.min(backward), forward.sub(backward))
}
