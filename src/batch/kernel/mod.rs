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
//!
//! Here is what every kernel shares: the counts a chunk runs through
//! ([`Counts`]) and the corner loops' compiled-in lengths (`by_corners!`).
//! The steps the kernels are made of each have a file: `side` (a side's
//! rows), `poses` (the poses, turns and placing), `shadow` (a shadow on an
//! axis, a centrally symmetric polygon's cast from half its corners),
//! `best` (the best answer so far) and `unit` (offsets made unit axes).
//! So does each kernel: `polygons`, `polygon_circle`, `circles`.

use super::Pair;
#[cfg(doc)]
use super::lanes::SINCOS_LIMIT;
use super::lanes::{MAX_LANES, Simd, sin_cos_within};
use super::numbered::Numbered;
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
    ($fixed:expr, $corners:expr, $f:ident::<$($g:tt),*>($($arg:expr),* $(,)?)) => {
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

/// `by_corners!` for the first half of a centrally symmetric polygon's
/// corners (`$halves` of them, 2 to `LANE_CORNERS / 2`), which cast its
/// shadows (see [`polygons()`]): a box's 2, a hexagon's 3, an octagon's
/// 4. Their lengths are compiled in wherever [`FIXED_LOOPS`] allows,
/// in a run of one shape pair too: three short copies, where loops that
/// stop at the count took the chapter's scene 1.04-1.05x the time before
/// halves with SSE2 and AVX-512, and the fixed ones 0.93x and 0.96x (16
/// alternated rounds on an Emerald Rapids).
macro_rules! by_halves {
    ($halves:expr, $f:ident::<$($g:tt),*>($($arg:expr),* $(,)?)) => {
        if !FIXED_LOOPS {
            $f::<$($g,)* { M }>($($arg,)* $halves)
        } else {
            match $halves {
                0..=2 => $f::<$($g,)* 2>($($arg,)* 2),
                3 => $f::<$($g,)* 3>($($arg,)* 3),
                _ => $f::<$($g,)* { M / 2 }>($($arg,)* M / 2),
            }
        }
    };
}

mod best;
mod circles;
mod polygon_circle;
mod polygons;
mod poses;
mod shadow;
mod side;
mod unit;

use best::{Best, push_and_lead};
pub(crate) use circles::circles;
pub(crate) use polygon_circle::polygon_circle;
pub(crate) use polygons::{polygons, polygons_placed};
use poses::Placing;
pub(crate) use poses::{Placed, Poses};
use shadow::{shadow, symmetric_shadow};
pub(crate) use side::Side;
use unit::{length_lanes, scaled_lanes, unit_lanes};

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
    /// Whether every lane's A is centrally symmetric about its origin
    /// (`PolyData::symmetric`), so that the first half of its corners
    /// casts its shadows (see [`polygons()`]): in a run of one shape pair
    /// whose A is, and in the buckets of the symmetric polygons' classes
    /// (`prepared::class_polygon`).
    pub a_symmetric: bool,
    /// The same of every lane's B.
    pub b_symmetric: bool,
}

impl Counts {
    /// Whether two polygons of these counts are tested at home in B (see
    /// [`polygons()`]): when B has more corners than A.
    ///
    /// By the corners alone, so that a pair's frame, and so the rounding
    /// of its answer, is the same in a run of one shape pair (whose counts
    /// are the shapes' own) as in a bucket (whose counts are its corner
    /// counts, a polygon's axes as many as its corners): a pair's answer
    /// is its own, bit for bit, whichever way it runs. Weighing the axes
    /// too, as runs once did, chose B for a box against a quadrilateral
    /// with no parallel edges in a run and A in a bucket.
    #[inline(always)]
    pub(crate) fn home_is_b(self) -> bool {
        self.b_corners > self.a_corners
    }
}
