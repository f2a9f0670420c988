//! The grouping of a window's pairs: the bucket pass, which appends each
//! pair's number to its bucket's list, and the merging of the buckets'
//! last, part-filled registers into whole ones.

use super::window_len::STRIDE;
use super::{bucket_of, classes_of};
use crate::batch::Pair;
use crate::batch::prepared::{BUCKETS, Info, LANE_CORNERS as M};

/// Which of the four groups of buckets whose last registers are merged
/// ([`merge_tails`]) the bucket of classes `a` and `b` belongs to, if any:
/// polygon against polygon at home in A (B has no more corners than A),
/// or in B (more; see `kernel::polygons`); polygon against circle; circle
/// against polygon. Within a group, the most corners of A's and of B's
/// among several buckets choose the same home as each bucket's own, so
/// that the home frame, and so the rounding, is the pair's own.
fn tail_group(a: usize, b: usize) -> Option<usize> {
    match (a, b) {
        (0, 0) => None,
        (0, b) if b <= M => Some(3),
        (a, 0) if a <= M => Some(2),
        (a, b) if a <= M && b <= M => Some(usize::from(b > a)),
        _ => None,
    }
}

/// Whether `bucket`'s last, part-filled register is run with the other
/// buckets' of its group ([`merge_tails`], [`tail_group`]): polygon
/// against polygon, polygon against circle, circle against polygon.
/// (Circle against circle is one bucket, and a polygon too large for the
/// lanes goes pair by pair.)
pub(super) fn shares_tail(bucket: usize) -> bool {
    let (a, b) = classes_of(bucket);
    tail_group(a, b).is_some()
}

/// A register of several buckets' last pairs (see [`merge_tails`]): the
/// bucket whose plan runs it, and where its pair numbers lie in the
/// merged list (after the buckets' own lists).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Merged {
    /// The bucket of the most corners of A's and of B's among its pairs.
    pub(super) bucket: u8,
    /// Its first number's place in the merged list.
    pub(super) start: u16,
    /// How many pairs it holds (a register's width, or fewer for each
    /// group's last).
    pub(super) len: u8,
}

/// The most merged registers a window can have: 80 buckets share their
/// last registers (8 × 8 polygon–polygon, 8 of each polygon–circle
/// order), each fewer than a register's width, so they fill fewer than
/// 80 registers, and each of the four groups ([`tail_group`]) ends with
/// at most one part-filled.
pub(super) const MERGED_MOST: usize = M * M + 2 * M + 4;

/// Sets aside each bucket's last, part-filled register (the numbers of
/// its list past its whole registers of `lanes`), merged with the other
/// buckets' of the same group ([`tail_group`]) into registers of `lanes`
/// numbers, written to the merged list at `BUCKETS * STRIDE` in `lists`
/// and described in `merged`: how many there are.
///
/// Run alone, each of a window's buckets left a register part empty: on
/// the 512-shape tables, 36 to 49 buckets of about 7.5 empty lanes of 16
/// with AVX-512 (6-9% of the lanes), 3.5 of 8 with AVX2. A register of
/// several buckets' pairs runs with the most axes and corners of any of
/// them, which changes no answer: a lane's rows past its own repeat its
/// last (see `prepared::Block`): each pair gets the same answer, bit for
/// bit, as in a register of its own bucket, whatever shares its register
/// (so that `collide_par`, whose windows differ, answers as `collide`
/// does). The buckets are taken in order of their classes, A's then B's,
/// so that neighbours in a register differ little.
#[inline(never)]
pub(super) fn merge_tails(
    lists: &mut [u16],
    count: &[u16; 256],
    lanes: usize,
    merged: &mut [Merged; MERGED_MOST],
) -> usize {
    let base = BUCKETS * STRIDE;
    let (mut at, mut k) = (0, 0);
    for group in 0..4 {
        let (mut start, mut most_a, mut most_b) = (at, 0, 0);
        for a in 0..=M {
            for b in 0..=M {
                if tail_group(a, b) != Some(group) {
                    continue;
                }
                let bucket = bucket_of(a, b);
                let n = usize::from(count[bucket]);
                for j in n - n % lanes..n {
                    lists[base + at] = lists[bucket * STRIDE + j];
                    at += 1;
                    (most_a, most_b) = (most_a.max(a), most_b.max(b));
                    if at - start == lanes {
                        merged[k] = Merged {
                            bucket: bucket_of(most_a, most_b) as u8,
                            start: start as u16,
                            len: lanes as u8,
                        };
                        (k, start, most_a, most_b) = (k + 1, at, 0, 0);
                    }
                }
            }
        }
        if at > start {
            merged[k] = Merged {
                bucket: bucket_of(most_a, most_b) as u8,
                start: start as u16,
                len: (at - start) as u8,
            };
            k += 1;
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
    use super::*;
    use crate::test_rng::Rng;

    /// Every bucket's last pairs are merged, each exactly once, into
    /// registers of at most the lanes' width, each within one group and
    /// run with classes no fewer than any of its pairs' (so with the same
    /// home): for every width, with every shared bucket holding one pair
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
                    let start = BUCKETS * STRIDE + usize::from(m.start);
                    for &i in &lists[start..start + len] {
                        let (a, b) = classes_of(usize::from(i) / 64);
                        assert_eq!(tail_group(a, b), group, "{lanes} lanes: {m:?}");
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
