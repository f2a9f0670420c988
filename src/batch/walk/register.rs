//! One register of pairs through its kernel: how the registers of a run
//! of one shape pair, or of a bucket, are planned (their kernel and the
//! counts it goes through), the lanes' shapes put into the sides, the
//! poses gathered and checked, and the results handed to a sink.

use super::*;

/// The kinds of pair a chunk can hold, for the kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Polygon against polygon in every lane.
    Polygons,
    /// Polygon (A) against circle (B) in every lane.
    PolygonCircle,
    /// Circle (A) against polygon (B) in every lane.
    CirclePolygon,
    /// Circle against circle in every lane.
    Circles,
    /// A polygon too large for the lanes: pair by pair.
    Other,
}

/// How a chunk is run: its kind, and the most axes and corners its kernel
/// must go through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Plan {
    /// Which kernel, if any.
    pub(super) kind: Kind,
    /// The most axes and corners of any lane's.
    counts: Counts,
    /// Whether the kernels' corner loops have their lengths compiled in
    /// (a bucket's registers, and a run of one shape pair where
    /// [`Simd::FIXED_RUNS`] says so), or stop at a count (a run of one
    /// shape pair elsewhere, whose loop stays compact; see
    /// `kernel::by_corners`).
    fixed: bool,
}

/// How registers of pairs that all name shape `a` as A and shape `b` as
/// B are run: the kernel for their kind, through their own counts of axes
/// and corners, or [`Kind::Other`] for a polygon too large for the lanes.
/// A polygon centrally symmetric about its origin casts its shadows from
/// half its corners ([`Counts::a_symmetric`]), in a run as in its bucket.
// Once a run; inlined, as it was before it read the shapes' symmetry
// (`.ci/walkers-inlined` found it out of line in the AVX-512 walkers).
#[inline(always)]
pub(super) fn plan<S: Simd>(table: &Table, a: u32, b: u32) -> Plan {
    let (a, b) = (table.info[a as usize], table.info[b as usize]);
    let symmetric = |class: u8| class_polygon(class.into()).is_some_and(|c| c.symmetric);
    // A shape's axes, corners and symmetry, as the kernel counts them.
    type Own = (u8, u8, bool);
    let counts =
        |(a_axes, a_corners, a_symmetric): Own, (b_axes, b_corners, b_symmetric): Own| Counts {
            a_axes: a_axes.into(),
            a_corners: a_corners.into(),
            b_axes: b_axes.into(),
            b_corners: b_corners.into(),
            a_symmetric,
            b_symmetric,
        };
    let own_a = (a.axes, a.corners, symmetric(a.class));
    let own_b = (b.axes, b.corners, symmetric(b.class));
    let none = (0, 0, false);
    let (kind, counts) = match (a.kind, b.kind) {
        (ShapeKind::LanePolygon, ShapeKind::LanePolygon) => (Kind::Polygons, counts(own_a, own_b)),
        (ShapeKind::LanePolygon, ShapeKind::Circle) => (Kind::PolygonCircle, counts(own_a, none)),
        // The polygon is B: the kernel takes it, and its symmetry, as its
        // "A", as `bucket_plan` does.
        (ShapeKind::Circle, ShapeKind::LanePolygon) => (Kind::CirclePolygon, counts(own_b, none)),
        (ShapeKind::Circle, ShapeKind::Circle) => (Kind::Circles, counts(none, none)),
        _ => (Kind::Other, counts(none, none)),
    };
    Plan {
        kind,
        counts,
        fixed: S::FIXED_RUNS,
    }
}

/// How a bucket's registers are run: its kind, and its classes' corners,
/// axes and symmetry ([`class_polygon`]): as many axes as corners, or half
/// as many for a centrally symmetric polygon's class or a paired one
/// (their edges come in parallel pairs, so their axes are at most half
/// their corners; `prepared::class_of` makes sure). A polygon with fewer
/// axes than its class tries repeats its last, which changes no answer
/// (see `Side`): a box in a bucket tries its 2 axes, as in a run, not 4,
/// whether given about its centre or from a corner.
pub(super) fn bucket_plan(bucket: usize) -> Plan {
    let (a, b) = classes_of(bucket);
    let counts = |a: ClassPolygon, b: ClassPolygon| Counts {
        a_axes: a.axes,
        a_corners: a.corners,
        b_axes: b.axes,
        b_corners: b.corners,
        a_symmetric: a.symmetric,
        b_symmetric: b.symmetric,
    };
    let none = ClassPolygon {
        corners: 0,
        axes: 0,
        symmetric: false,
    };
    let (kind, counts) = match (class_polygon(a), class_polygon(b)) {
        (Some(a), Some(b)) => (Kind::Polygons, counts(a, b)),
        (Some(a), None) if b == 0 => (Kind::PolygonCircle, counts(a, none)),
        // The polygon is B: the kernel takes it as its "A".
        (None, Some(b)) if a == 0 => (Kind::CirclePolygon, counts(b, none)),
        (None, None) if (a, b) == (0, 0) => (Kind::Circles, counts(none, none)),
        _ => (Kind::Other, counts(none, none)),
    };
    Plan {
        kind,
        counts,
        fixed: true,
    }
}

/// `chunk` as a register's lanes: itself when full, else copied into
/// `pad` with its last pair repeated.
#[inline(always)]
pub(super) fn padded<'a, S: Simd>(chunk: &'a [Pair], pad: &'a mut [Pair; MAX_LANES]) -> &'a [Pair] {
    if chunk.len() == S::LANES {
        return chunk;
    }
    let last = chunk[chunk.len() - 1];
    for (l, p) in pad.iter_mut().enumerate().take(S::LANES) {
        *p = chunk.get(l).copied().unwrap_or(last);
    }
    &pad[..S::LANES]
}

/// Puts the lanes' shapes into `sides` for `plan`'s kernel (only where
/// they changed; see [`Side::fill`]).
///
/// # Safety
///
/// Every pair of `lanes` names shapes below `table`'s
/// [`Table::lanes_len`].
#[inline(always)]
#[allow(unsafe_code)]
pub(super) unsafe fn fill<S: Simd>(
    table: &Table,
    plan: Plan,
    lanes: &[Pair],
    (side_a, side_b): &mut (Side, Side),
) {
    let blocks = &table.blocks;
    let Counts {
        a_corners,
        b_corners,
        ..
    } = plan.counts;
    // SAFETY: each fill's shape numbers are the lanes' pairs', which name
    // shapes of the table (the caller's promise).
    unsafe {
        match plan.kind {
            Kind::Polygons => {
                side_a.fill::<S>(blocks, |l| lanes[l].a, a_corners);
                side_b.fill::<S>(blocks, |l| lanes[l].b, b_corners);
            }
            // The polygon is the kernel's "A" either way.
            Kind::PolygonCircle => side_a.fill::<S>(blocks, |l| lanes[l].a, a_corners),
            Kind::CirclePolygon => side_a.fill::<S>(blocks, |l| lanes[l].b, a_corners),
            Kind::Circles | Kind::Other => {}
        }
    }
}

/// One register of pairs (`lanes`, [`Simd::LANES`] of them; the first
/// `real.len()` real) through `plan`'s kernel, the real lanes' results
/// into `sink`, the lanes' shapes first put into `sides` where `refill`
/// says so (see [`fill`]). The poses are checked here: false at a bad one.
///
/// For a polygon against a circle, the polygon's sine and cosine and the
/// circle's center in its frame are worked out before the polygon is
/// filled in: they wait on nothing of the fill, so the core works out
/// their long chain of dependent steps while the fill's loads come from
/// the caches (0.93-0.94x the time on the 512 polygons vs circles, AVX2).
/// For two polygons, the same of both turns and the away polygon's
/// placing ([`Poses::placed`]), between A's fill and B's.
///
/// # Safety
///
/// Every pair of `lanes` names shapes below `table`'s
/// [`Table::lanes_len`].
#[inline(always)]
#[allow(unsafe_code)]
pub(super) unsafe fn run_lanes<S: Simd, K: Sink>(
    table: &Table,
    plan: Plan,
    lanes: &[Pair],
    real: &[Pair],
    sides: &mut (Side, Side),
    refill: bool,
    sink: &mut K,
) -> bool {
    let (kind, counts, fixed, n) = (plan.kind, plan.counts, plan.fixed, real.len());
    match kind {
        Kind::Polygons if S::PLACE_EARLY => {
            let Some(poses) = Poses::gather(lanes, false) else {
                return false;
            };
            // The turns and placing of the pairs wait on nothing of the
            // fills, so they are worked out between them (see
            // `Simd::PLACE_EARLY`), while the fills' loads come from the
            // caches.
            let blocks = &table.blocks;
            if refill {
                // SAFETY: the lanes' shapes are the table's (the caller's
                // promise).
                unsafe { sides.0.fill::<S>(blocks, |l| lanes[l].a, counts.a_corners) };
            }
            let placed = poses.placed(counts);
            if refill {
                // SAFETY: as A's.
                unsafe { sides.1.fill::<S>(blocks, |l| lanes[l].b, counts.b_corners) };
            }
            let (side_a, side_b) = &*sides;
            polygons_placed::<S, _>((side_a, side_b), counts, &placed, fixed, n, sink);
        }
        Kind::Polygons => {
            if refill {
                // SAFETY: the caller's promise, passed on.
                unsafe { fill::<S>(table, plan, lanes, sides) };
            }
            let Some(poses) = Poses::gather(lanes, false) else {
                return false;
            };
            let (side_a, side_b) = &*sides;
            polygons::<S, _>(side_a, side_b, counts, &poses, fixed, n, sink);
        }
        Kind::PolygonCircle | Kind::CirclePolygon => {
            let flip = kind == Kind::CirclePolygon;
            // SAFETY: the lanes' shapes are the table's (the caller's
            // promise).
            let r = unsafe { radii::<S>(table, |l| if flip { lanes[l].a } else { lanes[l].b }) };
            let Some(poses) = Poses::gather(lanes, flip) else {
                return false;
            };
            let turned = poses.b_seen_from_a();
            if refill {
                // SAFETY: the caller's promise, passed on.
                unsafe { fill::<S>(table, plan, lanes, sides) };
            }
            polygon_circle::<S, _>(&sides.0, counts, r, turned, (flip, fixed), n, sink);
        }
        Kind::Circles => {
            // SAFETY: the lanes' shapes are the table's (the caller's
            // promise).
            let (ra, rb) = unsafe {
                (
                    radii::<S>(table, |l| lanes[l].a),
                    radii::<S>(table, |l| lanes[l].b),
                )
            };
            let Some(poses) = Poses::gather(lanes, false) else {
                return false;
            };
            circles::<S, _>(ra, rb, &poses, n, sink);
        }
        Kind::Other => {
            if !real.iter().all(|p| pose_ok(&p.pose_a) & pose_ok(&p.pose_b)) {
                return false;
            }
            sink.put(n, |l| scalar::pair(&table.shapes, &real[l]));
        }
    }
    true
}

/// A register of a polygon against a circle (either way round, `plan`'s
/// kind; its pairs by number, a short list repeating its last) through
/// the kernel as [`run_lanes`] runs it, but with the pairs
/// read where they lie, through their numbers, rather than copied into a
/// register's worth first: 8 loads and 8 stores of 32 bytes a register
/// fewer, and the same answers. On a Zen 4 that took 0.975-0.98x the
/// time on the 512 polygons vs circles with AVX2 and AVX-512, and
/// 0.98-0.99x on every kind (`tools/alternate`, 10-16 rounds). Other
/// kinds are still copied: read in place for two polygons too, the
/// nineteenth session's probe made the polygons' time depend on where
/// the process's stack fell. (Only for the real answers: a stage probe's
/// partial runs copy these pairs too, so there the copy this saves shows
/// in the gather stage, not in the kernels'.) False at a bad pose.
///
/// Its steps repeat [`run_lanes`]' polygon–circle arm on purpose. One
/// function shared by both, taking the gathered poses, measured
/// 1.06-1.08x the time on polygons vs circles with AVX2 (the poses then
/// came before the radii); taking a closure that gathers them, 3.5x (a
/// closure is not compiled for the caller's instruction set, so its
/// intrinsics were calls).
///
/// # Safety
///
/// Every pair of `numbered` names shapes below `table`'s
/// [`Table::lanes_len`].
#[inline(always)]
#[allow(unsafe_code)]
pub(super) unsafe fn polygon_circle_at<S: Simd, K: Sink>(
    table: &Table,
    plan: Plan,
    numbered: Numbered<'_>,
    sides: &mut (Side, Side),
    sink: &mut K,
) -> bool {
    // The kernel takes the polygon as its "A" either way round.
    let flip = plan.kind == Kind::CirclePolygon;
    let circle = |l: usize| {
        let p = numbered.pair(l);
        if flip { p.a } else { p.b }
    };
    // SAFETY: the circles are the lanes' pairs' shapes, which are the
    // table's (the caller's promise).
    let r = unsafe { radii::<S>(table, circle) };
    let Some(poses) = Poses::<S>::gather_at(numbered, flip) else {
        return false;
    };
    let turned = poses.b_seen_from_a();
    let polygon = |l: usize| {
        let p = numbered.pair(l);
        if flip { p.b } else { p.a }
    };
    let (blocks, corners) = (&table.blocks, plan.counts.a_corners);
    // SAFETY: as the circles'.
    unsafe { sides.0.fill::<S>(blocks, polygon, corners) };
    let how = (flip, plan.fixed);
    polygon_circle::<S, _>(&sides.0, plan.counts, r, turned, how, numbered.len(), sink);
    true
}

/// The radii of the lanes' circles, lane `l`'s being shape `circle(l)`,
/// each read with no bounds check, as [`Side::fill`] reads the blocks.
/// (A function, not a closure: a closure would not be compiled for the
/// caller's instruction set. `circle` only picks shape numbers, as
/// `Side::fill`'s `index` does.)
///
/// # Safety
///
/// `circle(l)` is below `table`'s [`Table::lanes_len`] for every lane
/// `l` below [`Simd::LANES`].
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn radii<S: Simd>(table: &Table, circle: impl Fn(usize) -> u32) -> S {
    let mut r = [0.0; MAX_LANES];
    for (l, r) in r.iter_mut().enumerate().take(S::LANES) {
        let i = circle(l) as usize;
        debug_assert!(i < table.radius.len(), "shape {i} is not in the table");
        // SAFETY: `i` is below `lanes_len` (the caller's promise), which
        // is at most `radius`'s length.
        *r = unsafe { *table.radius.get_unchecked(i) };
    }
    S::load(&r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::lanes::Portable;
    use crate::batch::{Shape, prepared};
    use crate::sat::Polygon;
    use glam::Vec2;

    /// A run of one shape pair and that pair's bucket plan the same kernel,
    /// with the same axes, corners and symmetry on each side (the polygon
    /// as the kernel's "A" when the circle is the pair's A), so that a pair
    /// is tested alike in a run and in a bucket: a box tries its 2 axes in
    /// its bucket too, given about its centre or from a corner, and a
    /// regular hexagon its 3.
    #[test]
    fn a_runs_plan_and_its_buckets_agree() {
        let shapes = vec![
            Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
            Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
            Shape::Circle { radius: 30.0 },
            Shape::Polygon(Polygon::regular(6, 50.0).unwrap()),
            Shape::Polygon(Polygon::regular(3, 50.0).unwrap()),
            // A box given from a corner: paired, 2 axes in its bucket too.
            Shape::Polygon(
                Polygon::new(vec![
                    Vec2::new(0.0, 0.0),
                    Vec2::new(140.0, 0.0),
                    Vec2::new(140.0, 90.0),
                    Vec2::new(0.0, 90.0),
                ])
                .unwrap(),
            ),
        ];
        let table = prepared::prepare(&shapes);
        let side = |c: Counts| {
            let a = (c.a_axes, c.a_corners, c.a_symmetric);
            (a, (c.b_axes, c.b_corners, c.b_symmetric))
        };
        let mut symmetric_sides = 0;
        for a in 0..shapes.len() {
            for b in 0..shapes.len() {
                let run = plan::<Portable<4>>(&table, a as u32, b as u32);
                let class = |i: usize| usize::from(table.info[i].class);
                let bucket = bucket_plan(bucket_of(class(a), class(b)));
                assert_eq!(run.kind, bucket.kind, "shapes {a} and {b}");
                assert_eq!(side(run.counts), side(bucket.counts), "shapes {a} and {b}");
                symmetric_sides +=
                    usize::from(run.counts.a_symmetric) + usize::from(run.counts.b_symmetric);
            }
        }
        // The box and the hexagon, each against every shape, each way round.
        assert_eq!(symmetric_sides, 2 * 2 * shapes.len());
    }
}
