//! A shadow's two ends, the least and the most of many numbers, found
//! without a branch on every target.
//!
//! Which corner casts a shadow's end is as good as random, so the search
//! is written as compares and selects, never as a branch that would be
//! guessed wrong half the time. Native compilers make each select one
//! instruction (`minss`, `fmin`, `fcsel`). WebAssembly is the exception:
//! its one float select is turned by V8 (Node, Chrome) into a branch, and
//! `f32::min` becomes a call (`fminf`), since WebAssembly's own `f32.min`
//! treats NaN otherwise. V8 does make a select of whole numbers a
//! conditional move. So on wasm32 each number is kept by its place in
//! order as a whole number, its [`Key`], and compared and selected as one.
//! Measured under Node 20 on wasm32 without `simd128` (`examples/throughput`,
//! two builds alternated), this alone took the batch engine's one-pair
//! path from 322–326 to 150–154 ns a pair on the 512 polygons; a
//! microbenchmark's least and most of six numbers took 2.4 ns a number
//! with keys, 6.7 with float selects and 16 with `f32::min`.
//!
//! The key is the float's bits, with every bit but the sign flipped on the
//! negative ones: IEEE 754 orders positive floats as their bits, and
//! negative ones the other way round. It orders every float as `<` does,
//! except that -0 comes just before +0 (where `<` calls them equal), so an
//! end of zero may carry the other sign; and it orders NaN beyond the
//! infinities, where `<` orders it nowhere. No NaN reaches it: shapes are
//! finite and within [`MAX_COORDINATE`](super::MAX_COORDINATE), and axes
//! are units.

use super::shadow::Interval;

/// A number's place in order, compared and selected without a branch: the
/// float itself where a float select is one instruction, a whole number
/// on wasm32 (see the module's comment).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) type Key = f32;

/// A number's place in order, compared and selected without a branch: the
/// float itself where a float select is one instruction, a whole number
/// on wasm32 (see the module's comment).
#[cfg(target_arch = "wasm32")]
pub(crate) type Key = i32;

/// `x`'s key.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(crate) const fn key(x: f32) -> Key {
    x
}

/// `x`'s key: its bits, every one but the sign flipped when it is
/// negative. The flip is its own inverse, so [`value`] is the same steps.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub(crate) const fn key(x: f32) -> Key {
    let bits = x.to_bits() as i32;
    bits ^ ((bits >> 31) & i32::MAX)
}

/// The number whose key is `k`.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(crate) const fn value(k: Key) -> f32 {
    k
}

/// The number whose key is `k`.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub(crate) const fn value(k: Key) -> f32 {
    f32::from_bits((k ^ ((k >> 31) & i32::MAX)) as u32)
}

/// The lesser of two keys, `a` where they tie: a compare and a select.
#[inline(always)]
pub(crate) fn lesser(a: Key, b: Key) -> Key {
    if b < a { b } else { a }
}

/// The greater of two keys, `a` where they tie: a compare and a select.
#[inline(always)]
pub(crate) fn greater(a: Key, b: Key) -> Key {
    if b > a { b } else { a }
}

/// The lesser of `a` and `b` (`a` where they tie), with no branch and no
/// call: `f32::min` is a call on wasm32 and a few instructions more
/// elsewhere, for a NaN rule no shadow needs.
#[inline(always)]
pub(crate) fn least(a: f32, b: f32) -> f32 {
    value(lesser(key(a), key(b)))
}

/// The two ends of a shadow being cast, point by point: the least and the
/// most of the numbers taken so far, kept as keys.
#[derive(Clone, Copy)]
pub(crate) struct Ends {
    least: Key,
    most: Key,
}

impl Ends {
    /// No number taken yet: the empty shadow, from +∞ to −∞, which the
    /// first number replaces at both ends.
    pub(crate) const NONE: Ends = Ends {
        least: key(f32::INFINITY),
        most: key(f32::NEG_INFINITY),
    };

    /// Takes the shadow of one more point, `d`, on the axis.
    #[inline(always)]
    pub(crate) fn take(&mut self, d: f32) {
        let k = key(d);
        self.least = lesser(self.least, k);
        self.most = greater(self.most, k);
    }

    /// The shadow the numbers taken cast.
    #[inline(always)]
    pub(crate) fn interval(self) -> Interval {
        Interval {
            min: value(self.least),
            max: value(self.most),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers of every kind a shadow's end may be, in order.
    const IN_ORDER: [f32; 13] = [
        f32::NEG_INFINITY,
        -f32::MAX,
        -1.0e30,
        -3.5,
        -1.0,
        -f32::MIN_POSITIVE,
        -1.0e-45,
        0.0,
        1.0e-45,
        f32::MIN_POSITIVE,
        1.0,
        1.0e30,
        f32::INFINITY,
    ];

    #[test]
    fn keys_order_numbers_as_the_numbers_are_ordered() {
        for (i, &x) in IN_ORDER.iter().enumerate() {
            assert_eq!(
                value(key(x)).to_bits(),
                x.to_bits(),
                "{x} back from its key"
            );
            for &y in &IN_ORDER[i + 1..] {
                assert!(key(x) < key(y), "{x} before {y}");
            }
        }
        // -0 keeps its sign through its key, and orders at or before +0.
        assert_eq!(value(key(-0.0)).to_bits(), (-0.0f32).to_bits());
        assert!(key(-0.0) <= key(0.0));
    }

    #[test]
    fn ends_are_the_least_and_the_most() {
        let numbers = [3.0, -2.5, 7.25, 0.0, -2.5, 1.0e-40, 6.0];
        let mut ends = Ends::NONE;
        let empty = ends.interval();
        assert_eq!((empty.min, empty.max), (f32::INFINITY, f32::NEG_INFINITY));
        for (n, &d) in numbers.iter().enumerate() {
            ends.take(d);
            let seen = &numbers[..=n];
            let shadow = ends.interval();
            assert_eq!(
                shadow.min,
                seen.iter().copied().fold(f32::INFINITY, f32::min)
            );
            assert_eq!(
                shadow.max,
                seen.iter().copied().fold(f32::NEG_INFINITY, f32::max)
            );
        }
        assert_eq!(least(2.0, -1.0), -1.0);
        assert_eq!(least(-1.0, 2.0), -1.0);
        assert_eq!(least(f32::INFINITY, 5.0), 5.0);
    }
}
