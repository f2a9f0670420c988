//! The search for each pair's reference face, across pairs: one pair of
//! small polygons per lane, 8 pairs at once with AVX2, 4 with SSE2 or NEON.
//!
//! Each pair is placed and made ready one at a time (the same placing and
//! the same [`SmallPair`] as the one-pair path), its face and corner rows
//! are turned into lanes by the instruction set's transpose, and the lanes
//! then find, for every pair at once, A's best face against B's corners and
//! B's best face against A's corners: for each face, how far the other's
//! corners stay out along its outward normal at the least (its gap when
//! positive, its overlap when negative). Each pair is then finished on its
//! own from the faces found ([`SmallPair::finish`]: reference face,
//! incident face, clipping), so the answers are the one-pair path's bit for
//! bit: the lanes do the very float operations, in the same order, that
//! `Small::max_separation` does four faces at a time.

use super::{Scratch, one, place};
use crate::batch::lanes::{MAX_LANES, Simd};
use crate::batch::prepared::LANE_CORNERS as M;
use crate::batch::{Pair, Shape};
use crate::sat::Manifold;
use crate::sat::manifold::{Outline, Small, SmallPair};

// A `Small`'s rows are what the transpose takes: one polygon's numbers of
// one kind, a row of the lane layout's width.
const _: () = assert!(crate::sat::manifold::SMALL == M);

/// Rows of lanes: row `i` holds number `i` of every lane's row (a face's
/// normal part, or a corner's coordinate).
type Rows = [[f32; MAX_LANES]; M];

/// A row for the lanes not yet pointed at a pair's.
const EMPTY: [f32; M] = [0.0; M];

/// Every pair's manifold into `out` (one slot per pair, in order): pairs of
/// two small polygons gathered a register at a time and searched in lanes,
/// the others (circles, polygons of more than 8 corners) one at a time as
/// the one-pair path does them.
#[inline(always)]
pub(crate) fn run<S: Simd>(
    shapes: &[Shape],
    pairs: &[Pair],
    margin: f32,
    out: &mut [Manifold],
    scratch: &mut Scratch,
) {
    debug_assert_eq!(pairs.len(), out.len());
    scratch.ready = 0;
    for (k, p) in pairs.iter().enumerate() {
        if !small_pair(shapes, p, margin, scratch) {
            out[k] = one(shapes, p, margin, scratch);
            continue;
        }
        scratch.slot[scratch.ready] = k;
        scratch.ready += 1;
        if scratch.ready == S::LANES {
            search::<S>(scratch, out);
        }
    }
    if scratch.ready > 0 {
        search::<S>(scratch, out);
    }
}

/// Places the pair's polygons and makes them ready for the lanes in the
/// group's next place; false when it is not two polygons of up to 8
/// corners.
#[inline(always)]
fn small_pair(shapes: &[Shape], p: &Pair, margin: f32, scratch: &mut Scratch) -> bool {
    let (Shape::Polygon(a), Shape::Polygon(b)) = (&shapes[p.a as usize], &shapes[p.b as usize])
    else {
        return false;
    };
    if a.points().len() > M || b.points().len() > M {
        return false;
    }
    let Scratch {
        a: sa,
        b: sb,
        group,
        ready,
        ..
    } = scratch;
    group[*ready].set(place(a, p.pose_a, sa), place(b, p.pose_b, sb), margin)
}

/// Finishes the group's ready pairs (up to [`Simd::LANES`]): both searches
/// in lanes, then each pair on its own, into its slot; the group is then
/// empty.
#[inline(always)]
fn search<S: Simd>(scratch: &mut Scratch, out: &mut [Manifold]) {
    let group = &scratch.group[..scratch.ready];
    // Every pair of a call has the same margin.
    let enough = group[0].margin();
    let (sep_a, face_a) = best_faces::<S>(group, false, enough);
    // B's faces are needed only where A's show no gap past the margin (the
    // one-pair path does not look at them otherwise): a group whose every
    // pair is that far apart skips their search.
    let within = S::splat(enough).lt_select(sep_a, S::splat(0.0), S::splat(1.0));
    let (sep_b, face_b) = if within.any_not_le(S::splat(0.5)) {
        best_faces::<S>(group, true, enough)
    } else {
        (sep_a, face_a)
    };
    let (sep_a, face_a) = (lanes(sep_a), lanes(face_a));
    let (sep_b, face_b) = (lanes(sep_b), lanes(face_b));
    for (l, pair) in group.iter().enumerate() {
        out[scratch.slot[l]] = pair.finish(
            (sep_a[l], face_a[l] as usize),
            (sep_b[l], face_b[l] as usize),
        );
    }
    scratch.ready = 0;
}

/// For every lane's pair, the face of one polygon (A's, or B's when
/// `swap`) whose line the other's corners reach least far past, and how
/// far they stay out from it: the separation on that polygon's faces (the
/// least overlap of its axes' shadows, or the widest gap) and the face's
/// index (as a float), as `Small::max_separation` gives them with
/// `enough` as answer enough. Lanes past the group's end repeat its first
/// pair.
#[inline(always)]
fn best_faces<S: Simd>(group: &[SmallPair], swap: bool, enough: f32) -> (S, S) {
    // As many faces and corners as the group's largest polygons have: a
    // smaller polygon's rows are padded so that the extra ones change
    // nothing (no face there, or its first corner again).
    let (mut faces, mut corners) = (0, 0);
    for p in group {
        let (f, c) = sides(swap, p);
        faces = faces.max(f.len());
        corners = corners.max(c.len());
    }
    // Each lane's rows (lanes past the group's end repeat its first pair),
    // turned into rows of lanes, five numbers' worth: the faces' normal
    // parts and places, and the other's corners.
    let mut f: [Rows; 3] = [[[0.0; MAX_LANES]; M]; 3];
    let mut c: [Rows; 2] = [[[0.0; MAX_LANES]; M]; 2];
    let mut src: [[&[f32; M]; MAX_LANES]; 5] = [[&EMPTY; MAX_LANES]; 5];
    let lanes = group.iter().chain(std::iter::repeat(&group[0]));
    for (l, p) in lanes.take(S::LANES).enumerate() {
        let (fp, cp) = sides(swap, p);
        let ([nx, ny, offset], [x, y]) = (fp.face_rows(), cp.corner_rows());
        (src[0][l], src[1][l], src[2][l], src[3][l], src[4][l]) = (nx, ny, offset, x, y);
    }
    let (face_src, corner_src) = src.split_at(3);
    for (src, rows) in face_src.iter().zip(&mut f) {
        S::transpose(src, rows, faces);
    }
    for (src, rows) in corner_src.iter().zip(&mut c) {
        S::transpose(src, rows, corners);
    }
    let [nx, ny, offset] = &f;
    let [cx, cy] = &c;
    // The corners once into registers (a loop, not a closure: a closure
    // is not compiled for the kernel's instruction set).
    let (mut xs, mut ys) = ([S::splat(0.0); M], [S::splat(0.0); M]);
    for ((x, y), (cx, cy)) in xs
        .iter_mut()
        .zip(&mut ys)
        .zip(cx.iter().zip(cy))
        .take(corners)
    {
        (*x, *y) = (S::load(cx), S::load(cy));
    }
    let enough = S::splat(enough);
    let (mut best, mut index) = (S::splat(f32::NEG_INFINITY), S::splat(0.0));
    for (i, ((nx, ny), offset)) in nx.iter().zip(ny).zip(offset).take(faces).enumerate() {
        let (nx, ny, offset) = (S::load(nx), S::load(ny), S::load(offset));
        // How far out the corners stay, at the least: n·c − n·v, the same
        // operations in the same order as the one-pair search (no fused
        // multiply-add, which would round differently).
        let mut least = S::splat(f32::INFINITY);
        for (&x, &y) in xs.iter().zip(&ys).take(corners) {
            least = least.min(nx.mul(x).add(ny.mul(y)).sub(offset));
        }
        // A face strictly beyond the best so far takes its place (the
        // first of ties stays), unless the best is already past `enough`:
        // the one-pair search stops at the first face past it.
        let still = enough.lt_select(best, S::splat(0.0), S::splat(1.0));
        let take = best.lt_select(least, still, S::splat(0.0));
        let half = S::splat(0.5);
        index = half.lt_select(take, S::splat(i as f32), index);
        best = half.lt_select(take, least, best);
    }
    (best, index)
}

/// A register's lanes, as numbers.
#[inline(always)]
fn lanes<S: Simd>(v: S) -> [f32; MAX_LANES] {
    let mut a = [0.0; MAX_LANES];
    v.store(&mut a);
    a
}

/// A pair's two outlines: the one whose faces are searched, then the one
/// whose corners are measured (A's faces first; B's when `swap`).
#[inline(always)]
fn sides(swap: bool, p: &SmallPair) -> (&Small, &Small) {
    if swap { (&p.b, &p.a) } else { (&p.a, &p.b) }
}
