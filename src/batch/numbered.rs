//! A register's pairs by number ([`Numbered`]), each lane's pair read
//! with no bounds check: the bucket lists the numbers come from hold only
//! the window's.
#![allow(unsafe_code)]

use super::Pair;

/// A register's pairs as numbers into a window of pairs: lane `l`'s pair
/// is `pairs[at[l]]`, and a list shorter than the lanes repeats its last
/// pair in the lanes past it (whose answers are never written).
///
/// Whoever makes one promises that every number lies within `pairs`
/// ([`Numbered::new`]): the walker's bucket lists hold only the numbers
/// of the window's pairs, so each lane's pair is read with no check of
/// its own ([`Numbered::pair`]). A polygon against a circle reads each
/// lane's pair three times (the circle's radius, the pose, the polygon's
/// block), and those reads, each with its bounds check, were a good part
/// of the register's scalar work: with them and the shapes' lookups
/// unchecked, the 512 polygons vs circles took 0.94-0.96x the time with
/// AVX2 and 0.96-0.97x with AVX-512 on a Zen 4 (medians of alternated
/// rounds, the forty-sixth session). Checking the
/// numbers once a register instead (their largest against the window's
/// length) took most of that back: 0.98x.
#[derive(Clone, Copy)]
pub(crate) struct Numbered<'a> {
    /// The window's pairs.
    pairs: &'a [Pair],
    /// The register's pairs' numbers in `pairs`: at least one, each
    /// below `pairs.len()`.
    at: &'a [u16],
}

impl<'a> Numbered<'a> {
    /// The pairs numbered `at` in `pairs`.
    ///
    /// # Safety
    ///
    /// `at` is not empty, and each of its numbers is below `pairs.len()`
    /// ([`within`]).
    #[inline(always)]
    pub(crate) unsafe fn new(pairs: &'a [Pair], at: &'a [u16]) -> Self {
        debug_assert!(
            within(pairs, at),
            "numbers {at:?} beyond {} pairs",
            pairs.len()
        );
        Numbered { pairs, at }
    }

    /// The register's real pairs' numbers in the window (at least one).
    #[inline(always)]
    pub(crate) fn numbers(self) -> &'a [u16] {
        self.at
    }

    /// How many real pairs the register holds.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        self.at.len()
    }

    /// Lane `l`'s pair: the `l`th numbered, or the last for a lane past
    /// them.
    #[inline(always)]
    pub(crate) fn pair(self, l: usize) -> &'a Pair {
        // `at` is not empty, so this is below its length.
        let k = l.min(self.at.len() - 1);
        // SAFETY: `k` is below `at.len()` (above), and every number in
        // `at` is below `pairs.len()` (`new`'s promise; both are shared
        // borrows, so neither has changed since).
        unsafe {
            self.pairs
                .get_unchecked(usize::from(*self.at.get_unchecked(k)))
        }
    }
}

/// Whether `at` numbers at least one pair and none beyond `pairs`: what
/// [`Numbered::new`]'s caller promises.
pub(crate) fn within(pairs: &[Pair], at: &[u16]) -> bool {
    !at.is_empty() && at.iter().all(|&i| usize::from(i) < pairs.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `within` finds numbers beyond the window, and a short list repeats
    /// its last pair in the lanes past it.
    #[test]
    fn numbers_within_the_window_and_a_short_list_repeating_its_last() {
        let pairs: Vec<Pair> = (0..5)
            .map(|i| Pair {
                a: i,
                ..Pair::default()
            })
            .collect();
        assert!(!within(&pairs, &[]));
        assert!(!within(&pairs, &[0, 5]));
        assert!(!within(&pairs, &[u16::MAX]));
        assert!(!within(&pairs[..0], &[0]));
        let at = [4, 0, 2];
        assert!(within(&pairs, &at));
        // SAFETY: checked just above.
        let numbered = unsafe { Numbered::new(&pairs, &at) };
        assert_eq!((numbered.len(), numbered.numbers()), (3, &at[..]));
        let lanes: Vec<u32> = (0..8).map(|l| numbered.pair(l).a).collect();
        assert_eq!(lanes, [4, 0, 2, 2, 2, 2, 2, 2]);
    }
}
