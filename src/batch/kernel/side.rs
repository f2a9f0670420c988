//! A side of every lane ([`Side`]): one polygon's axes, own shadows and
//! corners per lane, turned from the table's blocks into rows of lanes.

use super::*;

/// One side (A or B) of every lane: its polygon's axes, own shadows and
/// corners, in its own frame, padded to [`LANE_CORNERS`] (`M`).
///
/// Aligned to a cache line, so that no register's load or store of a row
/// straddles two lines wherever the caller's stack happens to fall. Its
/// rows are plain `f32` arrays (aligned to 4), and AVX2's walker aligned
/// its frame to 32 bytes only: where the process's stack fell (each run
/// of a program, at random) decided whether the rows' 8-lane halves lay
/// across lines, and polygons vs circles took 1.2x the time in the worst
/// places (the forty-fifth session: a pattern repeated every 64 bytes of
/// environment under `setarch -R`, gone with this alignment; AVX-512's
/// walker already aligned its frame to 64). A line is also the most any
/// instruction set reads at once.
#[repr(align(64))]
pub(crate) struct Side {
    /// Axis `i`'s x part, per lane.
    pub(super) axis_x: [Row; M],
    /// Axis `i`'s y part, per lane.
    pub(super) axis_y: [Row; M],
    /// Where the polygon's own shadow on axis `i` begins, per lane.
    pub(super) own_min: [Row; M],
    /// Where it ends, per lane.
    pub(super) own_max: [Row; M],
    /// Corner `j`'s x, per lane.
    pub(super) corner_x: [Row; M],
    /// Corner `j`'s y, per lane.
    pub(super) corner_y: [Row; M],
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
    ///
    /// Each lane's block is read with no bounds check: the walker checked
    /// every pair's shape numbers against the table as it grouped or ran
    /// them, and a check per lane here was a compare and a branch for each
    /// of 8 or 16 lanes (with [`Numbered`]'s reads, 0.94-0.96x the time on
    /// the 512 polygons vs circles with AVX2; see there).
    ///
    /// # Safety
    ///
    /// `index(l)` is below `blocks.len()` for every lane `l` below
    /// [`Simd::LANES`] (the walker's checks against `Table::lanes_len`
    /// see to it).
    // Out of line in debug builds, where nothing is optimized and each copy
    // inlined into the walker would add its temporaries to one stack frame;
    // always inlined otherwise.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[allow(unsafe_code)]
    pub(crate) unsafe fn fill<S: Simd>(
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
        let block = |i: u32| {
            debug_assert!((i as usize) < blocks.len(), "shape {i} is not in the table");
            // SAFETY: every lane's shape number is below `blocks.len()`
            // (the caller's promise; `i` is one of them).
            unsafe { blocks.get_unchecked(i as usize) }
        };
        let mut lanes = [block(index(0)); MAX_LANES];
        for (l, lane) in lanes.iter_mut().enumerate().take(S::LANES) {
            self.key[l] = index(l);
            *lane = block(self.key[l]);
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
