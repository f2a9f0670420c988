//! The SIMD kernels: `L` pairs at once, one per lane, the same test as
//! `scalar.rs` (in A's frame, the axes in the chapter's order), written
//! over [`Simd`] so that each step is one instruction for all lanes.
//!
//! Every axis is tried in every lane: there is no branch per pair, so no
//! lane can stop at its first gap. Instead each lane keeps the best answer
//! so far, replaced by an axis whose push is strictly less only while the
//! best is not yet a gap (see [`Best::axis`]). A gap's push is negative,
//! so any gap beats every push, and the first gap in the test's order then
//! stays: the chapter's answer, the first gap in order when there is one,
//! else the shortest push (the first of any that tie). The answer's axis
//! and its two ways out are selected beside the push; which way is shorter
//! is settled once, at the end.
//!
//! Shape data sits in structure-of-arrays form ([`Side`]): for corner `j`,
//! the x of every lane's corner `j` side by side. A lane keeps its shape
//! until another pair in that lane names a different one, so a batch that
//! tests the same two shapes at many poses gathers them only once. Shapes
//! with fewer corners or axes than others in the chunk are padded by
//! repeating their last: a repeated corner casts no new shadow, and a
//! repeated axis gives the same push, or the same gap later in the order,
//! neither of which replaces the best.

use super::Pair;
use super::lanes::{MAX_LANES, Simd, sin_cos};
#[cfg(doc)]
use super::prepared::LANE_CORNERS;
use super::prepared::{Block, LANE_CORNERS as M};
use super::walk::Sink;
use crate::sat::MAX_COORDINATE;

/// One number for every lane.
type Row = [f32; MAX_LANES];

/// Whether the kernels may compile in their corner loops' lengths (see
/// `by_corners!`): in optimized builds only. Unoptimized, each of the
/// seven copies of every kernel step keeps its own stack slots, and the
/// walker's frame grew past the 2 MiB of a test's (or any spawned)
/// thread; CI runs the batch tests optimized too, so that the fixed loops
/// are tested.
const FIXED_LOOPS: bool = !cfg!(debug_assertions);

/// Calls `$f::<.., N>(.., corners)`, a kernel step generic over its
/// corner count, for `$corners` corners at run time. With `$fixed`, `N`
/// is that count, so the corner loops have fixed lengths, which LLVM
/// unrolls with no test after each corner (two instructions of six,
/// before): fewer instructions for a world's batch, whose buckets each have
/// one count. Fewer than 3 corners run as 3: a lane's rows past its own
/// corners repeat its last, and a transposed half always has 4 rows (see
/// `Side::fill`). Without `$fixed`, `N` is [`LANE_CORNERS`] and the
/// loops stop at `$corners`: one shape pair at many poses keeps its
/// compact loop where that is faster (the fixed lengths' larger code
/// measured 8-10% slower on the chapter's scene before the shadows were
/// taken as a tree; see [`Simd::FIXED_RUNS`] for where it is not). Debug
/// builds never fix them (see [`FIXED_LOOPS`]).
macro_rules! by_corners {
    ($fixed:expr, $corners:expr, $f:ident::<$($g:ty),*>($($arg:expr),* $(,)?)) => {
        if !($fixed && FIXED_LOOPS) {
            $f::<$($g,)* { M }>($($arg,)* $corners)
        } else {
            match $corners {
                0..=3 => $f::<$($g,)* 3>($($arg,)* 3),
                4 => $f::<$($g,)* 4>($($arg,)* 4),
                5 => $f::<$($g,)* 5>($($arg,)* 5),
                6 => $f::<$($g,)* 6>($($arg,)* 6),
                7 => $f::<$($g,)* 7>($($arg,)* 7),
                _ => $f::<$($g,)* { M }>($($arg,)* M),
            }
        }
    };
}

/// One side (A or B) of every lane: its polygon's axes, own shadows and
/// corners, in its own frame, padded to [`LANE_CORNERS`] (`M`).
pub(crate) struct Side {
    /// Axis `i`'s x part, per lane.
    axis_x: [Row; M],
    /// Axis `i`'s y part, per lane.
    axis_y: [Row; M],
    /// Where the polygon's own shadow on axis `i` begins, per lane.
    own_min: [Row; M],
    /// Where it ends, per lane.
    own_max: [Row; M],
    /// Corner `j`'s x, per lane.
    corner_x: [Row; M],
    /// Corner `j`'s y, per lane.
    corner_y: [Row; M],
    /// Which shape each lane holds (`u32::MAX`: none yet).
    key: [u32; MAX_LANES],
}

impl Side {
    /// No shape in any lane yet.
    pub fn new() -> Self {
        let z = [[0.0; MAX_LANES]; M];
        Side {
            axis_x: z,
            axis_y: z,
            own_min: z,
            own_max: z,
            corner_x: z,
            corner_y: z,
            key: [u32::MAX; MAX_LANES],
        }
    }

    /// Puts shape `index(l)` of the table in each lane `l`, unless every
    /// lane holds its shape already: the rows of the lanes' [`Block`]s
    /// turned into lanes by transposes, the first `corners` rows of each
    /// (the most corners any of these shapes has).
    ///
    /// The axes take as many rows as the corners, though a polygon with
    /// parallel edges has fewer axes (a regular hexagon 3, not 6): a lane
    /// whose shape is already in place is not filled again, and a bucket
    /// of 6-corner polygons tries 6 axes (the rows past a shape's own
    /// repeat its last), so the rows must not depend on which of a run of
    /// one shape pair or a bucket filled them. (Filled with only its own
    /// axes by a run, a hexagon then met in every lane of a bucket's
    /// register left two rows of zeros: an axis of no length, whose push
    /// of 0 won every overlap.)
    // Out of line in debug builds, where nothing is optimized and each copy
    // inlined into the walker would add its temporaries to one stack frame;
    // always inlined otherwise.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn fill<S: Simd>(
        &mut self,
        blocks: &[Block],
        index: impl Fn(usize) -> u32,
        corners: usize,
    ) {
        // Stops at the first lane whose shape differs (the first, nearly
        // always, in a world's batch). A loop over every lane was
        // vectorized into two gathers of the keys, which cost more on
        // AVX-512 here than the rest of the check.
        if (0..S::LANES).all(|l| self.key[l] == index(l)) {
            return;
        }
        let mut lanes = [&blocks[index(0) as usize]; MAX_LANES];
        for (l, lane) in lanes.iter_mut().enumerate().take(S::LANES) {
            self.key[l] = index(l);
            *lane = &blocks[self.key[l] as usize];
        }
        S::transpose(&rows(&lanes, |b| &b.axis_x), &mut self.axis_x, corners);
        S::transpose(&rows(&lanes, |b| &b.axis_y), &mut self.axis_y, corners);
        S::transpose(&rows(&lanes, |b| &b.own_min), &mut self.own_min, corners);
        S::transpose(&rows(&lanes, |b| &b.own_max), &mut self.own_max, corners);
        S::transpose(&rows(&lanes, |b| &b.corner_x), &mut self.corner_x, corners);
        S::transpose(&rows(&lanes, |b| &b.corner_y), &mut self.corner_y, corners);
    }
}

/// One row of each lane's block (`field` picks which), written out lane by
/// lane with the field as a closure of its own type, so that each row's
/// copy is compiled in place. An array's `map` with a function pointer for
/// the field was left a call per lane in some builds (see `Simd`'s notes
/// on inlining); a loop was 1.4× slower on the 512-shape tables.
#[inline(always)]
fn rows<'a>(
    lanes: &[&'a Block; MAX_LANES],
    field: impl Fn(&'a Block) -> &'a [f32; M],
) -> [&'a [f32; M]; MAX_LANES] {
    const { assert!(MAX_LANES == 16) };
    let [
        l0,
        l1,
        l2,
        l3,
        l4,
        l5,
        l6,
        l7,
        l8,
        l9,
        l10,
        l11,
        l12,
        l13,
        l14,
        l15,
    ] = *lanes;
    [
        field(l0),
        field(l1),
        field(l2),
        field(l3),
        field(l4),
        field(l5),
        field(l6),
        field(l7),
        field(l8),
        field(l9),
        field(l10),
        field(l11),
        field(l12),
        field(l13),
        field(l14),
        field(l15),
    ]
}

/// The best answer so far in every lane: its push (negative: minus a
/// gap's width), its axis in A's frame, and how much shorter the way out
/// forward is than the way back (negative when forward is the shorter:
/// the push's direction). Where [`Simd::ORIENT_EARLY`] says so, each axis
/// is turned the way of its push before it is weighed, and the lead is
/// not kept.
struct Best<S> {
    push: S,
    axis_x: S,
    axis_y: S,
    lead: S,
}

impl<S: Simd> Best<S> {
    /// No answer yet: an endless push, which any axis replaces.
    #[inline(always)]
    fn new() -> Self {
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
    fn axis(&mut self, nx: S, ny: S, a_min: S, a_max: S, b_min: S, b_max: S) {
        let (push, lead) = push_and_lead(a_min, a_max, b_min, b_max);
        self.answer(nx, ny, push, lead);
    }

    /// [`Best::axis`] for an axis whose push and lead (`forward -
    /// backward`, or any number of its sign) are already worked out.
    #[inline(always)]
    fn answer(&mut self, nx: S, ny: S, push: S, lead: S) {
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
    fn owned_axis(&mut self, nx: S, ny: S, own: (S, S), theirs: (S, S), owner_is_a: bool) {
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
    fn write<K: Sink>(&self, cos: S, sin: S, flip: bool, n: usize, sink: &mut K) {
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
fn push_and_lead<S: Simd>(a_min: S, a_max: S, b_min: S, b_max: S) -> (S, S) {
    let forward = b_max.sub(a_min);
    let backward = a_max.sub(b_min);
    (forward.min(backward), forward.sub(backward))
}

/// The lanes' poses: A's (or the polygon's, for a circle as A) and B's.
pub(crate) struct Poses<S> {
    /// Where A is placed: x.
    a_x: S,
    /// Where A is placed: y.
    a_y: S,
    /// How far A is turned, in radians.
    a_angle: S,
    /// Where B is placed: x.
    b_x: S,
    /// Where B is placed: y.
    b_y: S,
    /// How far B is turned, in radians.
    b_angle: S,
}

impl<S: Simd> Poses<S> {
    /// The lanes' poses, or `None` when any of them is unfit to test by
    /// the same rule as `pose_ok` (a position beyond [`MAX_COORDINATE`] or
    /// an angle that is not finite; NaN fails both compares).
    // Out of line in debug builds, where nothing is optimized and each copy
    // inlined into the walker would add its temporaries to one stack frame;
    // always inlined otherwise.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn gather(pairs: &[Pair], swap: bool) -> Option<Self> {
        Self::checked(S::poses(pairs, swap))
    }

    /// [`Poses::gather`] of the pairs numbered `at` in `pairs`, read where
    /// they lie (see [`Simd::poses_at`]).
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn gather_at(pairs: &[Pair], at: &[u16], swap: bool) -> Option<Self> {
        Self::checked(S::poses_at(pairs, at, swap))
    }

    /// The poses of `rows`, or `None` when any is unfit (see
    /// [`Poses::gather`]).
    #[inline(always)]
    fn checked([a_x, a_y, a_angle, b_x, b_y, b_angle]: [S; 6]) -> Option<Self> {
        let p = Poses {
            a_x,
            a_y,
            a_angle,
            b_x,
            b_y,
            b_angle,
        };
        let (far, turn) = (S::splat(MAX_COORDINATE), S::splat(f32::MAX));
        let bad = p.a_x.abs().any_not_le(far)
            | p.a_y.abs().any_not_le(far)
            | p.b_x.abs().any_not_le(far)
            | p.b_y.abs().any_not_le(far)
            | p.a_angle.abs().any_not_le(turn)
            | p.b_angle.abs().any_not_le(turn);
        (!bad).then_some(p)
    }

    /// For a polygon against a polygon of `counts`, which of the two the
    /// test runs at home in (see [`polygons`]), its turn, and where the
    /// other lies in its frame: all that the kernel works out from the
    /// poses alone, so that the caller can have it worked out between the
    /// two sides' fills (see `walk::run_lanes`).
    #[inline(always)]
    pub(crate) fn placed(&self, counts: Counts) -> Placed<S> {
        let (turn_a, turn_b) = (sin_cos(self.a_angle), sin_cos(self.b_angle));
        let (a_at, b_at) = ((self.a_x, self.a_y), (self.b_x, self.b_y));
        if counts.home_is_b() {
            Placed {
                home: turn_b,
                away: Placing::new(turn_b, b_at, turn_a, a_at),
            }
        } else {
            Placed {
                home: turn_a,
                away: Placing::new(turn_a, a_at, turn_b, b_at),
            }
        }
    }

    /// A's turn, its (sine, cosine), and where B's origin lies in A's
    /// frame (the circle's center, for a polygon against a circle).
    #[inline(always)]
    pub(crate) fn b_seen_from_a(&self) -> (S, S, S, S) {
        let (sin, cos) = sin_cos(self.a_angle);
        let (x, y) = seen_from((sin, cos), (self.a_x, self.a_y), (self.b_x, self.b_y));
        (sin, cos, x, y)
    }
}

/// How many axes and corners a chunk's kernel must go through: the most
/// of any lane's, the shorter lists padded (see [`Side`]). For a circle as
/// A, "A" is the polygon, and B has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counts {
    /// The most axes of A's.
    pub a_axes: usize,
    /// The most corners of A's.
    pub a_corners: usize,
    /// The most axes of B's.
    pub b_axes: usize,
    /// The most corners of B's.
    pub b_corners: usize,
}

impl Counts {
    /// Whether two polygons of these counts are tested at home in B (see
    /// [`polygons`]): when turning B would cost more than turning A.
    #[inline(always)]
    pub(crate) fn home_is_b(self) -> bool {
        self.b_corners + 2 * self.b_axes > self.a_corners + 2 * self.a_axes
    }
}

/// Polygon against polygon in every lane: A's axes, then B's, the
/// chapter's order. The test runs in the frame of one of the two (its
/// "home"), the other turned and moved into it: whichever costs fewer
/// operations, the away polygon's corners and axes being turned (4 each)
/// and the home one's corners only moved (2 each; [`Counts::home_is_b`]).
/// So a box against a pentagon runs in the pentagon's frame. The order of
/// the axes, and so the answer, is the same in either frame. `fixed`: the
/// corner loops' lengths are compiled in (see `by_corners!`).
///
/// The turns and the placing are worked out here, from the poses `p`;
/// [`polygons_placed`] takes them worked out beforehand (see
/// `Simd::PLACE_EARLY`).
// Out of line in debug builds, where nothing is optimized and each copy
// inlined into the walker would add its temporaries to one stack frame;
// always inlined otherwise.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn polygons<S: Simd, K: Sink>(
    a: &Side,
    b: &Side,
    counts: Counts,
    p: &Poses<S>,
    fixed: bool,
    n: usize,
    sink: &mut K,
) {
    let (sin_a, cos_a) = sin_cos(p.a_angle);
    let (sin_b, cos_b) = sin_cos(p.b_angle);
    let mut best = Best::new();
    let Counts {
        a_axes,
        a_corners,
        b_axes,
        b_corners,
    } = counts;
    if counts.home_is_b() {
        // At home in B: A's axes (turned), then B's own.
        let away = Placing::new(
            (sin_b, cos_b),
            (p.b_x, p.b_y),
            (sin_a, cos_a),
            (p.a_x, p.a_y),
        );
        by_corners!(
            fixed,
            b_corners,
            away_axes::<S>(&mut best, a, a_axes, b, &away, true)
        );
        by_corners!(
            fixed,
            a_corners,
            home_axes::<S>(&mut best, b, b_axes, a, &away, false)
        );
        best.write(cos_b, sin_b, false, n, sink);
    } else {
        let away = Placing::new(
            (sin_a, cos_a),
            (p.a_x, p.a_y),
            (sin_b, cos_b),
            (p.b_x, p.b_y),
        );
        by_corners!(
            fixed,
            b_corners,
            home_axes::<S>(&mut best, a, a_axes, b, &away, true)
        );
        by_corners!(
            fixed,
            a_corners,
            away_axes::<S>(&mut best, b, b_axes, a, &away, false)
        );
        best.write(cos_a, sin_a, false, n, sink);
    }
}

/// [`polygons`] on pairs whose turns and placing were worked out
/// beforehand ([`Poses::placed`]).
// Out of line in debug builds, as `polygons`.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn polygons_placed<S: Simd, K: Sink>(
    (a, b): (&Side, &Side),
    counts: Counts,
    placed: &Placed<S>,
    fixed: bool,
    n: usize,
    sink: &mut K,
) {
    let mut best = Best::new();
    let Counts {
        a_axes,
        a_corners,
        b_axes,
        b_corners,
    } = counts;
    let (away, (sin_h, cos_h)) = (&placed.away, placed.home);
    if counts.home_is_b() {
        // At home in B: A's axes (turned), then B's own.
        by_corners!(
            fixed,
            b_corners,
            away_axes::<S>(&mut best, a, a_axes, b, away, true)
        );
        by_corners!(
            fixed,
            a_corners,
            home_axes::<S>(&mut best, b, b_axes, a, away, false)
        );
    } else {
        by_corners!(
            fixed,
            b_corners,
            home_axes::<S>(&mut best, a, a_axes, b, away, true)
        );
        by_corners!(
            fixed,
            a_corners,
            away_axes::<S>(&mut best, b, b_axes, a, away, false)
        );
    }
    best.write(cos_h, sin_h, false, n, sink);
}

/// Which polygon a pair of them is tested at home in, and where the other
/// lies in its frame ([`Poses::placed`]).
pub(crate) struct Placed<S> {
    /// The home polygon's turn: its (sine, cosine).
    home: (S, S),
    /// Where the away polygon lies in the home one's frame.
    away: Placing<S>,
}

/// Where the away polygon lies in the home one's frame: turned by the
/// difference of their angles (`cos`, `sin`), its origin at `off`.
struct Placing<S> {
    cos: S,
    sin: S,
    /// Minus the sine, once: each turn is then a multiply and a fused
    /// multiply-add.
    minus_sin: S,
    off_x: S,
    off_y: S,
}

impl<S: Simd> Placing<S> {
    /// From the home polygon's and the away one's (sine, cosine) and
    /// positions.
    #[inline(always)]
    fn new(home: (S, S), home_at: (S, S), away: (S, S), away_at: (S, S)) -> Self {
        let ((sin_h, cos_h), (sin_w, cos_w)) = (home, away);
        let cos = cos_h.madd(cos_w, sin_h.mul(sin_w));
        let sin = cos_h.madd(sin_w, sin_h.mul(cos_w).neg());
        let (off_x, off_y) = seen_from((sin_h, cos_h), home_at, away_at);
        Placing {
            cos,
            sin,
            minus_sin: sin.neg(),
            off_x,
            off_y,
        }
    }
}

/// Where `point` lies in the frame of a shape at `origin` turned by
/// (`sin`, `cos`): the offset between them turned back by that angle.
#[inline(always)]
fn seen_from<S: Simd>((sin, cos): (S, S), origin: (S, S), point: (S, S)) -> (S, S) {
    let (dx, dy) = (point.0.sub(origin.0), point.1.sub(origin.1));
    (cos.madd(dx, sin.mul(dy)), cos.madd(dy, sin.mul(dx).neg()))
}

/// The home polygon's axes, as they are: its own shadows on them against
/// the away polygon's `corners` (at most `N`) placed in the home frame.
/// `home_is_a` says which shadow is A's.
#[inline(always)]
fn home_axes<S: Simd, const N: usize>(
    best: &mut Best<S>,
    home: &Side,
    axes: usize,
    away: &Side,
    at: &Placing<S>,
    home_is_a: bool,
    corners: usize,
) {
    let corners = corners.min(N);
    // The away corners in the home frame, once for all of its axes.
    let mut cx = [S::splat(0.0); M];
    let mut cy = [S::splat(0.0); M];
    for j in 0..corners {
        let (x, y) = (S::load(&away.corner_x[j]), S::load(&away.corner_y[j]));
        cx[j] = at.cos.madd(x, at.minus_sin.madd(y, at.off_x));
        cy[j] = at.sin.madd(x, at.cos.madd(y, at.off_y));
    }
    for i in 0..axes {
        let (nx, ny) = (S::load(&home.axis_x[i]), S::load(&home.axis_y[i]));
        let (lo, hi) = shadow::<S, N>(nx, ny, &cx, &cy, corners);
        let own = (S::load(&home.own_min[i]), S::load(&home.own_max[i]));
        best.owned_axis(nx, ny, own, (lo, hi), home_is_a);
    }
}

/// The away polygon's axes, turned into the home frame: its own shadows
/// on them against the home polygon's `corners` (at most `N`) seen from
/// the away origin, so that both shadows are measured from that origin and
/// its own need no moving. `away_is_a` says which shadow is A's.
#[inline(always)]
fn away_axes<S: Simd, const N: usize>(
    best: &mut Best<S>,
    away: &Side,
    axes: usize,
    home: &Side,
    at: &Placing<S>,
    away_is_a: bool,
    corners: usize,
) {
    let corners = corners.min(N);
    let mut cx = [S::splat(0.0); M];
    let mut cy = [S::splat(0.0); M];
    for j in 0..corners {
        cx[j] = S::load(&home.corner_x[j]).sub(at.off_x);
        cy[j] = S::load(&home.corner_y[j]).sub(at.off_y);
    }
    for k in 0..axes {
        let (bx, by) = (S::load(&away.axis_x[k]), S::load(&away.axis_y[k]));
        let nx = at.cos.madd(bx, at.minus_sin.mul(by));
        let ny = at.sin.madd(bx, at.cos.mul(by));
        let (lo, hi) = shadow::<S, N>(nx, ny, &cx, &cy, corners);
        let own = (S::load(&away.own_min[k]), S::load(&away.own_max[k]));
        best.owned_axis(nx, ny, own, (lo, hi), away_is_a);
    }
}

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
fn shadow<S: Simd, const N: usize>(
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

/// Polygon A against circle B (radius `r`) in every lane: A's axes, then
/// the circle's own; with `flip` the circle was A and the answer is
/// turned round. `turned` is A's sine and cosine and the circle's center
/// in A's frame ([`Poses::b_seen_from_a`]), worked out by the caller
/// before it fills A's side (see `walk::run_lanes`).
// Out of line in debug builds, where nothing is optimized and each copy
// inlined into the walker would add its temporaries to one stack frame;
// always inlined otherwise.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn polygon_circle<S: Simd, K: Sink>(
    a: &Side,
    counts: Counts,
    r: S,
    turned: (S, S, S, S),
    (flip, fixed): (bool, bool),
    n: usize,
    sink: &mut K,
) {
    by_corners!(
        fixed,
        counts.a_corners,
        polygon_circle_n::<S, K>((a, counts.a_axes), r, turned, flip, n, sink)
    );
}

/// [`polygon_circle`] for a polygon of `corners` (at most `N`) corners
/// and `axes` axes.
#[inline(always)]
fn polygon_circle_n<S: Simd, K: Sink, const N: usize>(
    (a, axes): (&Side, usize),
    r: S,
    (sin_a, cos_a, center_x, center_y): (S, S, S, S),
    flip: bool,
    n: usize,
    sink: &mut K,
    corners: usize,
) {
    let corners = corners.min(N);
    let mut best = Best::new();
    for i in 0..axes {
        let (nx, ny) = (S::load(&a.axis_x[i]), S::load(&a.axis_y[i]));
        let d = nx.madd(center_x, ny.mul(center_y));
        let (own_min, own_max) = (S::load(&a.own_min[i]), S::load(&a.own_max[i]));
        best.axis(nx, ny, own_min, own_max, d.sub(r), d.add(r));
    }
    // The circle's own axis: from A's corner nearest its center (the
    // first of any that tie) towards the center.
    let mut corner_x = [S::splat(0.0); M];
    let mut corner_y = [S::splat(0.0); M];
    let mut nearest = S::splat(f32::INFINITY);
    let (mut vx, mut vy) = (S::splat(0.0), S::splat(0.0));
    for j in 0..corners {
        corner_x[j] = S::load(&a.corner_x[j]);
        corner_y[j] = S::load(&a.corner_y[j]);
        let (ex, ey) = (center_x.sub(corner_x[j]), center_y.sub(corner_y[j]));
        let d2 = ex.madd(ex, ey.mul(ey));
        vx = d2.lt_select(nearest, ex, vx);
        vy = d2.lt_select(nearest, ey, vy);
        nearest = d2.min(nearest);
    }
    // The axis is measured along (`sx`, `sy`), the offset scaled by its
    // larger coordinate (1 to 1.42 long), while its length is found: the
    // shadows on it need no wait for the square root and the division
    // that make it a unit axis, and only the push is divided by the length
    // at the end. (Shadows on the unit axis waited on both, which on a
    // register of 8 or 16 circles was the longest chain of the kernel.)
    let (sx, sy, none) = scaled_lanes(vx, vy);
    let length = length_lanes(sx, sy);
    let per_length = S::splat(1.0).div(length);
    let (lo, hi) = shadow::<S, N>(sx, sy, &corner_x, &corner_y, corners);
    let d = sx.madd(center_x, sy.mul(center_y));
    // The circle's shadow on the scaled axis is as many times wider.
    let reach = r.mul(length);
    // A center on the corner gives no axis: its shadows are made endless,
    // so its push never wins.
    let half = S::splat(0.5);
    let zero = S::splat(0.0);
    let lo = none.lt_select(half, lo, S::splat(f32::NEG_INFINITY));
    let hi = none.lt_select(half, hi, S::splat(f32::INFINITY));
    // The polygon is A; its push along the scaled axis, then as measured
    // along the unit axis (the lead's sign is the same either way).
    let (push, lead) = push_and_lead(lo, hi, d.sub(reach), d.add(reach));
    let ux = none.lt_select(half, sx.mul(per_length), zero);
    let uy = none.lt_select(half, sy.mul(per_length), zero);
    best.answer(ux, uy, push.mul(per_length), lead);
    best.write(cos_a, sin_a, flip, n, sink);
}

/// The least positive number (a subnormal): what a length is kept from
/// falling below, so that dividing by it stays finite or infinite, never
/// NaN.
const TINY: f32 = f32::from_bits(1);

/// Each lane's `(vx, vy)` divided by its larger coordinate's size, so
/// that one part is ±1 and its length is 1 to 1.42, and 1.0 in the third
/// part where it has no direction (both parts zero; its scaled parts are
/// then meaningless, for the caller to replace). As `unit_or_zero` does,
/// so that tiny and huge offsets keep their direction.
#[inline(always)]
fn scaled_lanes<S: Simd>(vx: S, vy: S) -> (S, S, S) {
    let tiny = S::splat(TINY);
    let largest = vx.abs().max(vy.abs());
    let none = largest.lt_select(tiny, S::splat(1.0), S::splat(0.0));
    let scale = largest.max(tiny);
    (vx.div(scale), vy.div(scale), none)
}

/// Each lane's `(vx, vy)` scaled to length 1 (see [`scaled_lanes`], whose
/// third part it passes on).
#[inline(always)]
fn unit_lanes<S: Simd>(vx: S, vy: S) -> (S, S, S) {
    let (ux, uy, none) = scaled_lanes(vx, vy);
    let len = length_lanes(ux, uy);
    (ux.div(len), uy.div(len), none)
}

/// Each lane's length of `(x, y)`, at least [`TINY`].
#[inline(always)]
fn length_lanes<S: Simd>(x: S, y: S) -> S {
    x.madd(x, y.mul(y)).sqrt().max(S::splat(TINY))
}

/// Circle A (radius `ra`) against circle B (radius `rb`) in every lane:
/// the one axis, the line between the centers from B towards A (the x
/// axis when the centers coincide), as `sat_circles` takes it.
// Out of line in debug builds, where nothing is optimized and each copy
// inlined into the walker would add its temporaries to one stack frame;
// always inlined otherwise.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn circles<S: Simd, K: Sink>(ra: S, rb: S, p: &Poses<S>, n: usize, sink: &mut K) {
    let (vx, vy) = (p.a_x.sub(p.b_x), p.a_y.sub(p.b_y));
    // Only centers that coincide give no direction: the x axis then.
    let (ux, uy, none) = unit_lanes(vx, vy);
    let half = S::splat(0.5);
    let ax = none.lt_select(half, ux, S::splat(1.0));
    let ay = none.lt_select(half, uy, S::splat(0.0));
    // The gap between the shadows on it, measured from B's center; the
    // push is minus the gap.
    let gap = vx.madd(ax, vy.mul(ay)).sub(ra.add(rb));
    sink.put_lanes(n, ax, ay, gap.neg());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::lanes::Portable;
    use crate::batch::test_rng::Rng;

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
