//! The grouping of a window's pairs: the bucket pass, which appends each
//! pair's number to its bucket's list, and the merging of the buckets'
//! last, part-filled registers into whole ones.

use super::bucket_of;
use super::window_len::STRIDE;
use crate::batch::Pair;
use crate::batch::prepared::{
    BUCKETS, CLASSES, Info, LANE_CORNERS as M, PAIRED_CLASS, class_polygon,
};

/// The corners a class's last pairs are merged by ([`merge_tails`]): 0
/// for a circle, a polygon's corner count for a plain class or a paired
/// one (whose pairs get the same answers, bit for bit, in a register of
/// its corner count's plain class, where its last axis is tried again),
/// and none for a symmetric class (whose shadows are cast from half its
/// corners, which a plain register does not do) or a polygon too large
/// for the lanes.
const fn tail_corners(class: usize) -> Option<usize> {
    match class_polygon(class) {
        Some(c) if !c.symmetric => Some(c.corners),
        None if class == 0 => Some(0),
        _ => None,
    }
}

/// Which of the four groups of buckets whose last registers are merged
/// ([`merge_tails`]) the bucket of classes `a` and `b` belongs to, if any,
/// by their corners ([`tail_corners`]): polygon against polygon at home in
/// A (B has no more corners than A), or in B (more; see
/// `kernel::polygons`); polygon against circle; circle against polygon.
/// Within a group, the most corners of A's and of B's among several
/// buckets choose the same home as each bucket's own, so that the home
/// frame, and so the rounding, is the pair's own.
const fn tail_group(a: usize, b: usize) -> Option<usize> {
    match (tail_corners(a), tail_corners(b)) {
        (Some(0), Some(0)) | (None, _) | (_, None) => None,
        (Some(0), Some(_)) => Some(3),
        (Some(_), Some(0)) => Some(2),
        (Some(a), Some(b)) => Some(if b > a { 1 } else { 0 }),
    }
}

/// Whether `bucket`'s last, part-filled register is run with the other
/// buckets' of its group ([`merge_tails`], [`tail_group`]): polygon
/// against polygon, polygon against circle, circle against polygon.
/// (Circle against circle is one bucket, a symmetric polygon's pairs run
/// in its own buckets, and a polygon too large for the lanes goes pair
/// by pair.) Looked up: the walker asks it of every bucket of every
/// window.
pub(super) fn shares_tail(bucket: usize) -> bool {
    SHARES_TAIL[bucket]
}

/// [`shares_tail`] of every bucket, worked out when compiled: exactly the
/// buckets [`merge_tails`] takes the last pairs of ([`TAILS`]).
const SHARES_TAIL: [bool; BUCKETS] = {
    let mut shares = [false; BUCKETS];
    let mut k = 0;
    while k < SHARED {
        shares[TAILS[k].bucket as usize] = true;
        k += 1;
    }
    shares
};

/// How many classes' last pairs are merged ([`tail_corners`]): the
/// circle, the plain classes and the paired ones.
const TAIL_CLASSES: usize = M + 1 + (CLASSES - PAIRED_CLASS as usize);

/// How many buckets share their last registers: each of the
/// `TAIL_CLASSES - 1` polygon classes against each, and against a circle
/// either way round.
const SHARED: usize = (TAIL_CLASSES - 1) * (TAIL_CLASSES + 1);

/// The classes whose last pairs are merged, in order of their corners
/// ([`tail_corners`]; a paired class after the plain class of its
/// corners, whose number is lower), so that neighbours in a merged
/// register differ little.
const TAIL_ORDER: [usize; TAIL_CLASSES] = {
    let mut order = [0; TAIL_CLASSES];
    let (mut k, mut corners) = (0, 0);
    while corners <= M {
        let mut class = 0;
        while class < CLASSES {
            if let Some(c) = tail_corners(class)
                && c == corners
            {
                order[k] = class;
                k += 1;
            }
            class += 1;
        }
        corners += 1;
    }
    assert!(k == TAIL_CLASSES);
    order
};

/// A bucket whose last register is merged ([`merge_tails`]): which, the
/// corners of its A's class and of its B's ([`tail_corners`]), and
/// whether it is the last of its group.
#[derive(Debug, Clone, Copy)]
struct Tail {
    /// The bucket.
    bucket: u8,
    /// A's corners (0 for a circle).
    corners_a: u8,
    /// B's corners.
    corners_b: u8,
    /// Whether it is the last bucket of its group ([`tail_group`]).
    last: bool,
}

/// Every bucket whose last register is merged, group by group, and in
/// each group by A's class then B's in [`TAIL_ORDER`]: worked out when
/// compiled, so that merging a window's tails looks at those buckets
/// alone.
const TAILS: [Tail; SHARED] = {
    let none = Tail {
        bucket: 0,
        corners_a: 0,
        corners_b: 0,
        last: false,
    };
    let mut tails = [none; SHARED];
    let mut k = 0;
    let mut group = 0;
    while group < 4 {
        let mut i = 0;
        while i < TAIL_CLASSES {
            let mut j = 0;
            while j < TAIL_CLASSES {
                let (a, b) = (TAIL_ORDER[i], TAIL_ORDER[j]);
                if let Some(g) = tail_group(a, b)
                    && g == group
                {
                    let (Some(corners_a), Some(corners_b)) = (tail_corners(a), tail_corners(b))
                    else {
                        panic!("a merged class has corners");
                    };
                    tails[k] = Tail {
                        bucket: bucket_of(a, b) as u8,
                        corners_a: corners_a as u8,
                        corners_b: corners_b as u8,
                        last: false,
                    };
                    k += 1;
                }
                j += 1;
            }
            i += 1;
        }
        tails[k - 1].last = true;
        group += 1;
    }
    assert!(k == SHARED);
    tails
};

/// A register of several buckets' last pairs (see [`merge_tails`]): the
/// bucket whose plan runs it, and where its pair numbers lie in the
/// merged list (after the buckets' own lists).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Merged {
    /// The bucket of the most corners of A's and of B's among its pairs
    /// (plain classes, whose axes are as many as their corners).
    pub(super) bucket: u8,
    /// Its first number's place in the merged list.
    pub(super) start: u16,
    /// How many pairs it holds (a register's width, or fewer for each
    /// group's last).
    pub(super) len: u8,
}

/// The most merged registers a window can have: each of the [`SHARED`]
/// buckets' last pairs are fewer than a register's width, so they fill
/// fewer registers than there are such buckets, and each of the four
/// groups ([`tail_group`]) ends with at most one part-filled.
pub(super) const MERGED_MOST: usize = SHARED + 4;

/// Sets aside each bucket's last, part-filled register (the numbers of
/// its list past its whole registers of `lanes`), merged with the other
/// buckets' of the same group ([`tail_group`]) into registers of `lanes`
/// numbers, written to the merged list at `BUCKETS * STRIDE` in `lists`
/// and described in `merged`: how many there are.
///
/// Run alone, each of a window's buckets left a register part empty: on
/// the 512-shape tables, 36 to 49 buckets of about 7.5 empty lanes of 16
/// with AVX-512 (6-9% of the lanes), 3.5 of 8 with AVX2. A register of
/// several buckets' pairs runs as the plain classes of the most corners
/// of A's and of B's among them, which changes no answer: a lane's rows
/// past its own repeat its last (see `prepared::Block`), and a paired
/// polygon's axes past its own repeat its last too: each pair gets the
/// same answer, bit for bit, as in a register of its own bucket, whatever
/// shares its register (so that `collide_par`, whose windows differ,
/// answers as `collide` does). The buckets are taken in order of their
/// corners, A's then B's ([`TAILS`]), so that neighbours in a register
/// differ little.
#[inline(never)]
pub(super) fn merge_tails(
    lists: &mut [u16],
    count: &[u16; 256],
    lanes: usize,
    merged: &mut [Merged; MERGED_MOST],
) -> usize {
    let base = BUCKETS * STRIDE;
    let (mut at, mut k) = (0, 0);
    let (mut start, mut most_a, mut most_b) = (0, 0, 0);
    for tail in &TAILS {
        let bucket = usize::from(tail.bucket);
        let n = usize::from(count[bucket]);
        for j in n - n % lanes..n {
            lists[base + at] = lists[bucket * STRIDE + j];
            at += 1;
            (most_a, most_b) = (most_a.max(tail.corners_a), most_b.max(tail.corners_b));
            if at - start == lanes {
                merged[k] = Merged {
                    bucket: bucket_of(most_a.into(), most_b.into()) as u8,
                    start: start as u16,
                    len: lanes as u8,
                };
                (k, start, most_a, most_b) = (k + 1, at, 0, 0);
            }
        }
        // A group's last register, part-filled, runs alone.
        if tail.last && at > start {
            merged[k] = Merged {
                bucket: bucket_of(most_a.into(), most_b.into()) as u8,
                start: start as u16,
                len: (at - start) as u8,
            };
            (k, start, most_a, most_b) = (k + 1, at, 0, 0);
        }
    }
    k
}

/// Appends each pair's number to its bucket's list (bucket `k`'s from
/// `k * STRIDE` in `lists`), counting them in `count`: false at the first
/// pair that names a shape beyond the table. Plain scalar code, the same
/// for every instruction set, so it is compiled once and kept out of
/// line: inlined into each walker, where the kernels hold most registers,
/// it reloaded its loop's invariants from the stack at every pair (26
/// instructions a pair, 23 here; the time is the same within the noise).
#[inline(never)]
pub(super) fn group(
    info: &[Info],
    pairs: &[Pair],
    lists: &mut [u16],
    count: &mut [u16; 256],
) -> bool {
    let len = info.len();
    for (i, p) in pairs.iter().enumerate() {
        let (a, b) = (p.a as usize, p.b as usize);
        if (a >= len) | (b >= len) {
            return false;
        }
        let k = info[a].bucket(info[b]);
        // One count for every value of a bucket's byte, so that counting
        // needs no bounds check.
        let c = &mut count[usize::from(k)];
        lists[usize::from(k) * STRIDE + usize::from(*c)] = i as u16;
        *c += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::classes_of;
    use super::*;
    use crate::test_rng::Rng;

    /// Every bucket's last pairs are merged, each exactly once, into
    /// registers of at most the lanes' width, each within one group and
    /// run as the plain classes of no fewer corners than any of its pairs'
    /// (so with the same home; a paired class's pairs among them): for
    /// every width, with every shared bucket holding one pair
    /// short of a register (the most registers), or a random number.
    #[test]
    fn merged_registers_hold_every_last_pair_once_within_its_group() {
        let mut rng = Rng(3);
        for lanes in [4, 8, 16] {
            for full in [true, false] {
                let mut lists = vec![0u16; (BUCKETS + 1) * STRIDE];
                let mut count = [0u16; 256];
                let mut want = Vec::new();
                for (bucket, c) in count[..BUCKETS].iter_mut().enumerate() {
                    let n = if full {
                        2 * lanes - 1
                    } else {
                        rng.below(3 * lanes)
                    };
                    *c = n as u16;
                    for j in 0..n {
                        // A pair's number says its bucket and its place.
                        lists[bucket * STRIDE + j] = (bucket * 64 + j) as u16;
                        if shares_tail(bucket) && j >= n - n % lanes {
                            want.push(bucket * 64 + j);
                        }
                    }
                }
                let mut merged = [Merged::default(); MERGED_MOST];
                let k = merge_tails(&mut lists, &count, lanes, &mut merged);
                let mut got = Vec::new();
                for m in &merged[..k] {
                    let (len, bucket) = (usize::from(m.len), usize::from(m.bucket));
                    assert!((1..=lanes).contains(&len), "{lanes} lanes: {m:?}");
                    let (most_a, most_b) = classes_of(bucket);
                    let group = tail_group(most_a, most_b);
                    // Run as a plain class (or a circle) of its corners.
                    let corners = |class: usize| tail_corners(class).expect("a merged class");
                    assert_eq!((corners(most_a), corners(most_b)), (most_a, most_b));
                    let start = BUCKETS * STRIDE + usize::from(m.start);
                    for &i in &lists[start..start + len] {
                        let (a, b) = classes_of(usize::from(i) / 64);
                        assert_eq!(tail_group(a, b), group, "{lanes} lanes: {m:?}");
                        let (a, b) = (corners(a), corners(b));
                        assert!(a <= most_a && b <= most_b, "{lanes} lanes: {m:?}");
                        // The same home frame as the pair's own bucket
                        // (`kernel::polygons`: B's when it has more).
                        assert_eq!(b > a, most_b > most_a, "{lanes} lanes: {m:?}");
                        got.push(usize::from(i));
                    }
                }
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{lanes} lanes, full {full}");
                // As few registers as the groups' last pairs can fill.
                let fewest: usize = (0..4)
                    .map(|g| {
                        let n = want.iter().filter(|&&i| {
                            let (a, b) = classes_of(i / 64);
                            tail_group(a, b) == Some(g)
                        });
                        n.count().div_ceil(lanes)
                    })
                    .sum();
                assert_eq!(k, fewest, "{lanes} lanes, full {full}");
            }
        }
    }
}
