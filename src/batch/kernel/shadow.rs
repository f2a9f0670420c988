//! A polygon's shadow on an axis in every lane ([`shadow()`]): its least
//! and greatest projection, as a chain or as a tree.

use super::*;

/// The shadow of the first `corners` (at least 1) corners (`cx`, `cy`)
/// on the axis (`nx`, `ny`): where it begins and ends. `N` is the corner
/// loops' compiled-in length (see `by_corners!`).
///
/// Where the instruction set asks for it ([`Simd::TREE`]) and the loop
/// has a fixed length under [`LANE_CORNERS`], the least and the greatest
/// are taken as a tree: the second half of the corners' projections
/// against the first, then again, so that 7 corners wait on 3 steps
/// instead of 6. The least and the greatest of the same numbers do not
/// depend on the order they are taken in, so the answer is the same.
/// (Not for `N` = [`LANE_CORNERS`], which a run of one shape pair shares
/// with the 8-corner buckets: its loop stops at a count, and the two ways
/// tried of telling them apart slowed the chapter's scene, by 2-3% with
/// AVX2 and by 9% with SSE. With AVX2's runs on the fixed loops, which
/// needs no telling apart, the tree gained the 8-corner buckets nothing.)
#[inline(always)]
pub(super) fn shadow<S: Simd, const N: usize>(
    nx: S,
    ny: S,
    cx: &[S; M],
    cy: &[S; M],
    corners: usize,
) -> (S, S) {
    if S::TREE && N < M {
        let mut d = [S::splat(0.0); M];
        for j in 0..corners {
            d[j] = nx.madd(cx[j], ny.mul(cy[j]));
        }
        return least_and_greatest(d, corners);
    }
    let first = nx.madd(cx[0], ny.mul(cy[0]));
    let (mut lo, mut hi) = (first, first);
    for j in 1..corners {
        let d = nx.madd(cx[j], ny.mul(cy[j]));
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo, hi)
}

/// The shadow on the axis (`nx`, `ny`) of a centrally symmetric polygon
/// (`PolyData::symmetric`) whose origin lies at `centre` and whose first
/// `halves` corners, turned but not moved, are (`hx`, `hy`): where it
/// begins and ends. `N` is the loops' compiled-in length, as [`shadow()`]'s.
///
/// Corner `j + n/2` is minus corner `j`, so its projection about the
/// origin's is minus corner `j`'s, and the shadow reaches as far either
/// way: the origin's projection, less and plus the greatest of the first
/// half's projections without their signs. A box's 4 corners on 5 axes
/// then cost 2 turned corners and, on each axis, 3 projections, 2 signs
/// dropped and 1 greatest, where the 4 placed corners cost 4 projections,
/// 3 least and 3 greatest: on an Emerald Rapids, the chapter's scene took
/// 0.93x the time with AVX2 and SSE2, and 0.98-1.00x with AVX-512 (20
/// alternated rounds; the home frame chosen by corners, which came just
/// before, had taken AVX-512's 1.02-1.05x).
///
/// The shadow is the one the whole polygon casts, but for rounding: each
/// end is the origin's projection and a corner's, rounded once more than
/// a placed corner's own projection.
#[inline(always)]
pub(super) fn symmetric_shadow<S: Simd, const N: usize>(
    nx: S,
    ny: S,
    (hx, hy): (&[S; M], &[S; M]),
    halves: usize,
    (centre_x, centre_y): (S, S),
) -> (S, S) {
    let (centre, halves) = (nx.madd(centre_x, ny.mul(centre_y)), halves.min(N));
    let mut d = [S::splat(0.0); M];
    for j in 0..halves {
        d[j] = nx.madd(hx[j], ny.mul(hy[j])).abs();
    }
    // The least of them is left to the compiler to drop.
    let reach = if S::TREE && N < M {
        least_and_greatest(d, halves).1
    } else {
        let mut reach = d[0];
        for dj in &d[1..halves] {
            reach = reach.max(*dj);
        }
        reach
    };
    (centre.sub(reach), centre.add(reach))
}

/// The least and the greatest of the first `n` (at least 1) of `d`, as
/// a tree: each of the first half against one of the second, then again,
/// so that `n` numbers wait on about log₂ `n` steps, not `n - 1`.
#[inline(always)]
fn least_and_greatest<S: Simd>(d: [S; M], mut n: usize) -> (S, S) {
    let (mut lo, mut hi) = (d, d);
    while n > 1 {
        // With an odd count the middle one waits for the next step.
        let half = n / 2;
        for j in 0..half {
            lo[j] = lo[j].min(lo[j + n - half]);
            hi[j] = hi[j].max(hi[j + n - half]);
        }
        n -= half;
    }
    (lo[0], hi[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::lanes::Portable;
    use crate::test_rng::Rng;

    /// The tree finds the same least and greatest as a chain through
    /// every number, for every count, wherever they lie.
    #[test]
    fn the_tree_finds_the_least_and_the_greatest() {
        let mut rng = Rng(17);
        for n in 1..=M {
            for _ in 0..200 {
                let mut d = [Portable::<4>::splat(0.0); M];
                for row in d.iter_mut() {
                    for x in row.0.iter_mut() {
                        *x = rng.range(-50.0, 50.0);
                    }
                }
                let (lo, hi) = least_and_greatest(d, n);
                for l in 0..4 {
                    let column = d[..n].iter().map(|row| row.0[l]);
                    let want_lo = column.clone().fold(f32::INFINITY, f32::min);
                    let want_hi = column.fold(f32::NEG_INFINITY, f32::max);
                    assert_eq!((lo.0[l], hi.0[l]), (want_lo, want_hi), "{n} numbers");
                }
            }
        }
    }
}
