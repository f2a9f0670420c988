//! The grouping of a window's pairs: the bucket pass, which appends each
//! pair's number to its bucket's list, and the merging of the buckets'
//! last, part-filled registers into whole ones.

use super::bucket_of;
use crate::batch::Pair;
use crate::batch::lanes::MAX_LANES;
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
/// numbers, written to the merged list at [`MERGED_START`] in `lists`
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
    let (mut at, mut k) = (0, 0);
    let (mut start, mut most_a, mut most_b) = (0, 0, 0);
    for tail in &TAILS {
        let bucket = usize::from(tail.bucket);
        let n = usize::from(count[bucket]);
        for j in n - n % lanes..n {
            lists[MERGED_START + at] = lists[bucket * STRIDE + j];
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

/// How many pair numbers a bucket's list holds: when one fills, its
/// registers are run there and then (whole registers of every width: a
/// multiple of [`MAX_LANES`]), and the list starts again.
///
/// So the lists take 280 KiB a thread, where lists with room for a whole
/// window took 4.0 MiB (8 232 numbers for each of 257 lists, written
/// whole when made: the thirty-ninth session's lazily touched pages cost
/// 6-9%). On a Zen 4, lists of 512 ran level with them on every table
/// with every instruction set (`tools/alternate`, 8-30 rounds: best
/// 0.99-1.01, medians 0.99-1.01 but for one run of six rounds of SSE2,
/// 1.03 on polygons vs circles, level in eight rounds after it), and so
/// did lists of 1024; lists of 128 and 256 took up to 1.05x the time.
/// The 512 polygons vs circles, 680 pairs a bucket in a window of 4096,
/// fill one and a third lists a window at 512.
pub(super) const LIST: usize = 512;
const _: () = assert!(LIST.is_multiple_of(MAX_LANES));
// A pair's number is its place in its window, kept in 16 bits, and a
// register reads its pairs by those numbers with no check (`Numbered`).
const _: () = assert!(super::window_len::WINDOW_LARGE <= 1 << 16);

/// How far apart the buckets' lists start, in pair numbers: a list's
/// worth and 80 bytes more. At a whole number of 4 KiB pages apart every
/// list's next slot would fall in the same few sets of the L1 cache, and
/// the lists evicted each other: the windows measured 4-10% slower than
/// the counting sort they replaced, and 4-15% faster with this offset
/// (the second session, with windows of 2048).
pub(super) const STRIDE: usize = LIST + 40;

/// Where the merged list ([`merge_tails`]) starts in the lists, in pair
/// numbers: after every bucket's own.
pub(super) const MERGED_START: usize = BUCKETS * STRIDE;

/// Room for the merged list: each shared bucket's last pairs are fewer
/// than a register's width.
const MERGED_ROOM: usize = SHARED * (MAX_LANES - 1);

/// The lists' length, in pair numbers: every bucket's, then the merged.
pub(super) const LISTS_LEN: usize = MERGED_START + MERGED_ROOM;

/// How far [`group`] got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Grouped {
    /// Every pair's number is in its bucket's list.
    Done,
    /// `bucket`'s list is full ([`LIST`] numbers): run it, empty it, and
    /// group again from pair `next`.
    Full {
        /// The bucket whose list is full.
        bucket: usize,
        /// The first pair not yet grouped.
        next: usize,
    },
    /// A pair names a shape beyond the table.
    Bad,
}

/// Appends the number of each pair from `from` on to its bucket's list
/// (bucket `k`'s from `k * STRIDE` in `lists`), counting them in `count`,
/// until a list fills ([`Grouped::Full`]) or a pair names a shape beyond
/// the table. Plain scalar code, the same for every instruction set, so
/// it is compiled once and kept out of line: inlined into each walker,
/// where the kernels hold most registers, it reloaded its loop's
/// invariants from the stack at every pair (26 instructions a pair, 23
/// here; the time is the same within the noise). The check for a full
/// list costs about one more (callgrind: 25.1 a pair on the polygons vs
/// circles, with AVX2, against 24 with the call before it).
#[inline(never)]
pub(super) fn group(
    info: &[Info],
    pairs: &[Pair],
    from: usize,
    lists: &mut [u16],
    count: &mut [u16; 256],
) -> Grouped {
    let len = info.len();
    for (i, p) in pairs.iter().enumerate().skip(from) {
        let (a, b) = (p.a as usize, p.b as usize);
        if (a >= len) | (b >= len) {
            return Grouped::Bad;
        }
        let k = usize::from(info[a].bucket(info[b]));
        // One count for every value of a bucket's byte, so that counting
        // needs no bounds check.
        let c = &mut count[k];
        lists[k * STRIDE + usize::from(*c)] = i as u16;
        *c += 1;
        if usize::from(*c) == LIST {
            return Grouped::Full {
                bucket: k,
                next: i + 1,
            };
        }
    }
    Grouped::Done
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
                let mut lists = vec![0u16; LISTS_LEN];
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
                    let start = MERGED_START + usize::from(m.start);
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

    /// The bucket pass stops at the pair that fills a list, saying which
    /// bucket and where to go on; it refuses a shape beyond the table; and
    /// each list holds its pairs' numbers in order.
    #[test]
    fn grouping_stops_at_a_full_list_and_goes_on_after_it() {
        use crate::batch::{Pose, Shape, prepared};
        use crate::sat::Polygon;
        let shapes = [
            Shape::Polygon(Polygon::regular(5, 10.0).unwrap()),
            Shape::Circle { radius: 3.0 },
        ];
        let table = prepared::prepare(&shapes);
        let pair = |a, b| Pair {
            a,
            pose_a: Pose::default(),
            b,
            pose_b: Pose::default(),
        };
        // Every third pair a circle against the pentagon, the rest the
        // pentagon against itself.
        let pairs: Vec<Pair> = (0..2 * LIST)
            .map(|i| if i % 3 == 2 { pair(1, 0) } else { pair(0, 0) })
            .collect();
        let pentagons = usize::from(table.info[0].bucket(table.info[0]));
        let circles = usize::from(table.info[1].bucket(table.info[0]));
        let mut lists = vec![0u16; LISTS_LEN];
        let mut count = [0u16; 256];
        // The pentagons' LIST-th pair: two in every three pairs, the
        // second of a three at 1 in it.
        let filled = 3 * (LIST / 2 - 1) + 1;
        assert_eq!(
            group(&table.info, &pairs, 0, &mut lists, &mut count),
            Grouped::Full {
                bucket: pentagons,
                next: filled + 1
            }
        );
        let numbers = |bucket: usize, lists: &[u16], count: &[u16; 256]| {
            let start = bucket * STRIDE;
            lists[start..start + usize::from(count[bucket])].to_vec()
        };
        let want: Vec<u16> = (0..=filled as u16).filter(|i| i % 3 != 2).collect();
        assert_eq!(numbers(pentagons, &lists, &count), want);
        let want: Vec<u16> = (0..=filled as u16).filter(|i| i % 3 == 2).collect();
        assert_eq!(numbers(circles, &lists, &count), want);
        // Emptied, it takes the rest.
        count[pentagons] = 0;
        assert_eq!(
            group(&table.info, &pairs, filled + 1, &mut lists, &mut count),
            Grouped::Done
        );
        let want: Vec<u16> = (filled as u16 + 1..2 * LIST as u16)
            .filter(|i| i % 3 != 2)
            .collect();
        assert_eq!(numbers(pentagons, &lists, &count), want);
        assert_eq!(usize::from(count[circles]), (2 * LIST).div_ceil(3) - 1);
        // A shape beyond the table stops it.
        let mut bad = pairs.clone();
        bad[7].b = 2;
        let mut count = [0u16; 256];
        assert_eq!(
            group(&table.info, &bad, 0, &mut lists, &mut count),
            Grouped::Bad
        );
    }

    /// A window whose pairs fill a bucket's list several times over (most
    /// of them pentagons against pentagons, of many sizes, so no run of
    /// one shape pair) gets the one-pair path's answers with every
    /// instruction set and the portable lanes, and the same answers, bit
    /// for bit, in windows of every length.
    #[test]
    fn full_lists_run_mid_window_with_the_same_answers() {
        use crate::batch::isa::{self, Isa, into_vec};
        use crate::batch::walk::tests::run_portable;
        use crate::batch::walk::with_window;
        use crate::batch::{Pose, Shape, agree, prepared, scalar};
        use crate::sat::Polygon;
        let mut rng = Rng(43);
        let shapes: Vec<Shape> = (0..60)
            .map(|i| match i % 6 {
                0 => Shape::Circle {
                    radius: rng.range(5.0, 40.0),
                },
                1 => Shape::Polygon(Polygon::regular(3, rng.range(10.0, 60.0)).unwrap()),
                _ => Shape::Polygon(Polygon::regular(5, rng.range(10.0, 60.0)).unwrap()),
            })
            .collect();
        let table = prepared::prepare(&shapes);
        let pentagon = |rng: &mut Rng| 6 * rng.below(10) as u32 + 2 + rng.below(4) as u32;
        let pose = |rng: &mut Rng| Pose {
            position: rng.in_disk(glam::Vec2::ZERO, 90.0),
            angle: rng.range(-7.0, 7.0),
        };
        let pairs: Vec<Pair> = (0..12_000)
            .map(|i| {
                let (a, b) = if i % 10 < 8 {
                    (pentagon(&mut rng), pentagon(&mut rng))
                } else {
                    (rng.below(60) as u32, rng.below(60) as u32)
                };
                Pair {
                    a,
                    pose_a: pose(&mut rng),
                    b,
                    pose_b: pose(&mut rng),
                }
            })
            .collect();
        // The pentagons' bucket fills its list several times in a window
        // of the shorter length.
        let first = &pairs[..super::super::window_len::WINDOW];
        let k = table.info[2].bucket(table.info[2]);
        let in_bucket = first
            .iter()
            .filter(|p| table.info[p.a as usize].bucket(table.info[p.b as usize]) == k)
            .count();
        assert!(in_bucket > 4 * LIST, "{in_bucket} pentagon pairs");
        let want: Vec<_> = pairs
            .iter()
            .map(|p| scalar::pair(&table.shapes, p))
            .collect();
        let windows = [4096, 8192, 1000, LIST - 1];
        let mut runs: Vec<(String, Vec<_>)> = Vec::new();
        for isa in Isa::available() {
            for window in windows {
                let mut got = Vec::new();
                with_window(window, || {
                    assert!(into_vec(&mut got, pairs.len(), |slots| {
                        isa::run(isa, &table, &pairs, slots)
                    }));
                });
                runs.push((format!("{} in windows of {window}", isa.name()), got));
            }
        }
        for window in windows {
            let mut got = Vec::new();
            with_window(window, || {
                assert!(into_vec(&mut got, pairs.len(), |slots| {
                    run_portable(&table, &pairs, slots)
                }));
            });
            runs.push((format!("portable lanes in windows of {window}"), got));
        }
        for (name, got) in &runs {
            assert_eq!(got.len(), pairs.len(), "{name}");
            for ((p, r), w) in pairs.iter().zip(got).zip(&want) {
                agree(p, r, w);
            }
        }
        // One instruction set's answers do not depend on the window.
        for group in runs.chunks(windows.len()) {
            for (name, got) in &group[1..] {
                assert!(*got == group[0].1, "{name} against {}", group[0].0);
            }
        }
        let overlapping = want.iter().filter(|r| r.overlapping).count();
        assert!(
            (1000..11_000).contains(&overlapping),
            "{overlapping} of 12 000 overlapping: the poses should mix both verdicts"
        );
    }
}
