//! The shape table, prepared once per batch: each polygon's own axes (its
//! edge normals, parallel ones removed) and its own shadow on each, in its
//! own frame. A pair then only has to turn the other shape into this
//! one's frame, as Box2D's `b2CollidePolygons` does, and the geometry that
//! depends on one shape alone is never redone per pair.

use glam::Vec2;

use super::Shape;
use crate::sat::{Interval, Polygon, is_axis, project_points};

/// The most corners (and so the most axes) a polygon may have to take the
/// SIMD kernels; larger ones go through the one-pair path.
pub(crate) const LANE_CORNERS: usize = 8;

/// Two unit axes closer than this (in the sine of the angle between them)
/// are one axis: their shadows differ by at most this fraction of the
/// shape's size, far below the test's tolerance. The one tolerance for
/// parallel axes, used by every engine's table (the batch engine's and the
/// GPU collider's).
pub(crate) const PARALLEL: f32 = 1e-6;

/// A polygon in its own frame, with what the test needs of it ready: the
/// one preparation of a polygon for the engines, shared by the batch
/// engine's table and the GPU collider's.
#[derive(Debug, Clone)]
pub(crate) struct PolyData {
    /// Its own axes, in edge order, without zero or parallel repeats; then
    /// its own shadow on each, as (min, max). One list, so that preparing a
    /// polygon allocates once for both: a table of 512 polygons took
    /// 0.66–0.71× as long to prepare as with a list for each and a copy of
    /// the corners, and `batch::collide` prepares one every call.
    own: Vec<Vec2>,
    /// The polygon itself, in its own frame, as the sat core keeps it: its
    /// corners and its axes with its own shadows four to a block, for the
    /// one-pair path, which runs the core's four-axes test in each shape's
    /// own frame.
    pub shape: Polygon,
}

impl PolyData {
    /// Its own axes, in edge order, without zero or parallel repeats.
    pub fn axes(&self) -> &[Vec2] {
        &self.own[..self.own.len() / 2]
    }

    /// Its own shadow on each of [`PolyData::axes`], in the same order.
    pub fn extents(&self) -> impl ExactSizeIterator<Item = Interval> + '_ {
        (0..self.axes().len()).map(|k| self.extent(k))
    }

    /// Its own shadow on axis `k` of [`PolyData::axes`].
    pub fn extent(&self, k: usize) -> Interval {
        let s = self.own[self.own.len() / 2 + k];
        Interval { min: s.x, max: s.y }
    }

    /// Its corners as given (a repeated corner is harmless for shadows).
    pub fn corners(&self) -> &[Vec2] {
        self.shape.points()
    }

    /// Whether it is centrally symmetric about its own origin
    /// ([`Polygon::is_centrally_symmetric`]): then half its corners cast
    /// its shadows (`kernel::shadow::symmetric_shadow`).
    ///
    /// Exactly, with no tolerance, so that the half casts the very shadow
    /// the whole would: a turn and a projection give minus a corner's
    /// numbers for minus the corner, to the bit. [`Polygon::regular`]
    /// makes its even polygons so; a hexagon whose opposite corners were
    /// worked out from sines and cosines of their own angles is usually
    /// not, and takes the general path.
    pub fn symmetric(&self) -> bool {
        self.shape.is_centrally_symmetric()
    }

    /// Whether the SIMD kernels can take it.
    pub fn fits_lanes(&self) -> bool {
        self.corners().len() <= LANE_CORNERS && self.axes().len() <= LANE_CORNERS
    }

    /// Prepares `poly`: its edge normals, in edge order, less the zero
    /// axes and the repeats of an axis already kept, and its own shadow on
    /// each.
    ///
    /// Leaving the repeats out does not change the test's answer, the
    /// first gap included. A zero axis says nothing ([`is_axis`]). An axis
    /// parallel to an earlier one, either way round, casts the same shadows
    /// (mirrored): it shows a gap exactly when the earlier one does, of the
    /// same width and, oriented from B towards A, along the same direction;
    /// and it offers the same push. So it can never be the first gap, nor a
    /// shorter push than the earlier one's, and the first gap in this
    /// shorter list is the first gap in the chapter's full list.
    pub(crate) fn new(poly: &Polygon) -> PolyData {
        let corners = poly.points();
        let mut own: Vec<Vec2> = Vec::with_capacity(2 * corners.len());
        for axis in poly.edge_normals() {
            // Only axes are in the list yet.
            if is_axis(axis) && own.iter().all(|k| k.perp_dot(axis).abs() > PARALLEL) {
                own.push(axis);
            }
        }
        for k in 0..own.len() {
            let shadow = project_points(corners, own[k]);
            own.push(Vec2::new(shadow.min, shadow.max));
        }
        PolyData {
            own,
            shape: poly.clone(),
        }
    }
}

/// One shape of the table, prepared.
#[derive(Debug, Clone)]
pub(crate) enum Prepared {
    /// A polygon, its axes and own shadows ready.
    Polygon(PolyData),
    /// A circle: its radius.
    Circle(f32),
}

/// What kind of shape a table entry is, as the chunk walker sorts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum ShapeKind {
    /// A polygon small enough for the SIMD kernels ([`PolyData::fits_lanes`]).
    LanePolygon = 0,
    /// A circle.
    Circle = 1,
    /// A polygon too large for the lanes: tested one pair at a time.
    BigPolygon = 2,
}

/// What the chunk walker needs to know of a shape, packed small so that
/// finding each pair's bucket reads one short array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Info {
    /// What kind of shape.
    pub kind: ShapeKind,
    /// How many axes (polygons; 0 for circles).
    pub axes: u8,
    /// How many corners (polygons, up to 255 counted; 0 for circles).
    pub corners: u8,
    /// Its class for grouping pairs (see [`Info::bucket`]): 0 for a
    /// circle, its corner count (1 to [`LANE_CORNERS`]) for a polygon the
    /// lanes take, [`BIG_CLASS`] for a larger one, from
    /// [`SYMMETRIC_CLASS`] for a centrally symmetric polygon the lanes
    /// take, and from [`PAIRED_CLASS`] for one whose edges come in
    /// parallel pairs but which is not symmetric about its origin (see
    /// [`class_polygon`]).
    pub class: u8,
}

/// The class of a polygon too large for the lanes.
pub(crate) const BIG_CLASS: u8 = LANE_CORNERS as u8 + 1;

/// The class of a centrally symmetric polygon of 4 corners
/// ([`PolyData::symmetric`]); one of 6 is the next, and so on to
/// [`LANE_CORNERS`]. Such a polygon's shadows are cast from half its
/// corners, so it has buckets of its own: a pair's answer is then the
/// same, bit for bit, in a bucket as in a run of one shape pair.
pub(crate) const SYMMETRIC_CLASS: u8 = BIG_CLASS + 1;

/// The class of a polygon of 4 corners with at most 2 axes that is not
/// symmetric about its origin (a box or a parallelogram given from a
/// corner, as a tile map places its tiles); one of 6 corners and at most
/// 3 axes is the next, and so on to [`LANE_CORNERS`]. Its edges come in
/// parallel pairs, so [`PolyData::new`] keeps half as many axes as
/// corners, and its buckets try only those: in a bucket of its corner
/// count it tried twice as many, the last repeated. Its shadows are cast
/// from all its corners, as in that bucket, so every answer is the same,
/// bit for bit (a repeated axis never wins; see [`Block`]).
pub(crate) const PAIRED_CLASS: u8 = SYMMETRIC_CLASS + (LANE_CORNERS / 2 - 1) as u8;

/// How many classes there are (0 to the last paired one), on A's side
/// and on B's: a bucket is A's class times this, plus B's
/// ([`Info::bucket`]).
pub(crate) const CLASSES: usize = PAIRED_CLASS as usize + LANE_CORNERS / 2 - 1;

// Every bucket's number fits the byte `Info::bucket` makes.
const _: () = assert!(CLASSES * CLASSES <= 256);

/// The polygons of one class the lanes take ([`class_polygon`]): how
/// many corners their buckets go through, how many axes they try, and
/// whether half the corners cast the shadows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClassPolygon {
    /// The most corners of any of them.
    pub corners: usize,
    /// The most axes of any of them: as many as the corners, or half as
    /// many for a symmetric or a paired class.
    pub axes: usize,
    /// Whether each is centrally symmetric about its origin
    /// ([`PolyData::symmetric`]).
    pub symmetric: bool,
}

/// The polygons that `class` stands for, if it is one the lanes take.
/// (A `const fn`, so that the walker's tables of buckets are worked out
/// when compiled.)
pub(crate) const fn class_polygon(class: usize) -> Option<ClassPolygon> {
    let (symmetric, paired) = (SYMMETRIC_CLASS as usize, PAIRED_CLASS as usize);
    // A symmetric or a paired class: 4 corners, then 6, and so on; half
    // as many axes.
    let (first, is_symmetric) = if class >= 1 && class <= LANE_CORNERS {
        return Some(ClassPolygon {
            corners: class,
            axes: class,
            symmetric: false,
        });
    } else if class >= symmetric && class < paired {
        (symmetric, true)
    } else if class >= paired && class < CLASSES {
        (paired, false)
    } else {
        return None;
    };
    let corners = 2 * (class - first) + 4;
    Some(ClassPolygon {
        corners,
        axes: corners / 2,
        symmetric: is_symmetric,
    })
}

/// The class of `poly` (see [`Info::class`]); `fits`: whether the lanes
/// take it ([`PolyData::fits_lanes`]).
///
/// A symmetric or a paired class stands for at most half as many axes as
/// corners (`walk::bucket_plan` tries no more): opposite edges of a
/// centrally symmetric polygon are each other's negatives to the bit, so
/// the second half's edges are all parallel to axes the first half's gave
/// (or to their parallel repeats), and [`PolyData::new`] leaves them out;
/// any other polygon of 4, 6 or 8 corners with no more axes than that is
/// paired (its edges come in parallel pairs, as a box's given from a
/// corner do). The axes counted are what decides, so that a bucket never
/// tries fewer axes than a polygon in it has, whatever the preparation
/// does.
fn class_of(poly: &PolyData, fits: bool) -> u8 {
    let corners = poly.corners().len();
    // 4, 6 or 8 corners (the lanes take no more), half as many axes.
    let halved = corners >= 4 && corners.is_multiple_of(2) && poly.axes().len() <= corners / 2;
    match (fits, halved, poly.symmetric()) {
        (false, _, _) => BIG_CLASS,
        (true, false, _) => corners as u8,
        (true, true, symmetric) => {
            let first = if symmetric {
                SYMMETRIC_CLASS
            } else {
                PAIRED_CLASS
            };
            first + (corners / 2 - 2) as u8
        }
    }
}

/// How many buckets pairs are grouped into: one per pair of classes.
pub(crate) const BUCKETS: usize = CLASSES * CLASSES;

impl Info {
    /// The bucket of a pair of A of this kind against B of `b`'s: pairs of
    /// one bucket are of one kind (polygon–polygon, polygon–circle,
    /// circle–polygon, circle–circle) and their polygons of one corner
    /// count, so that a register of them pads no lane to a longer polygon.
    #[inline(always)]
    pub(crate) fn bucket(self, b: Info) -> u8 {
        self.class * CLASSES as u8 + b.class
    }
}

/// A polygon's numbers laid out for the lanes: its axes, its own shadow
/// on each and its corners, each list in a row of [`LANE_CORNERS`] padded
/// by repeating its last entry, so that a lane's shape is six contiguous
/// rows, turned into lanes by a transpose.
///
/// A repeated corner casts no new shadow, and a repeated axis gives the
/// same push, or the same gap later in the test's order, which the
/// kernels' strict `<` never takes: padding changes no answer.
///
/// Aligned to a cache line, a block (192 bytes) is exactly three lines.
/// Aligned only to 32 bytes, as its loads need, a table could start half
/// a line in, and then every block touched four. On the 512-shape
/// tables, whose 96 KiB of blocks do not fit a core's L1 cache, a fill
/// waits on its blocks' lines from L2 (the fill took 0.77x the time on
/// the polygons with 64 shapes instead of 512); aligned to lines, the
/// tables took 0.97-0.99x the time (AVX2, three alternated runs; the
/// chapter's scene, whose lanes are filled once, 0.99-1.00x).
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
pub(crate) struct Block {
    /// Axis `i`'s x part.
    pub axis_x: [f32; LANE_CORNERS],
    /// Axis `i`'s y part.
    pub axis_y: [f32; LANE_CORNERS],
    /// Where the polygon's own shadow on axis `i` begins.
    pub own_min: [f32; LANE_CORNERS],
    /// Where it ends.
    pub own_max: [f32; LANE_CORNERS],
    /// Corner `j`'s x.
    pub corner_x: [f32; LANE_CORNERS],
    /// Corner `j`'s y.
    pub corner_y: [f32; LANE_CORNERS],
}

// A block is whole cache lines (see its notes).
const _: () = assert!(size_of::<Block>() == 3 * 64);

impl Block {
    /// `poly`'s block, which must fit the lanes ([`PolyData::fits_lanes`]).
    fn new(poly: &PolyData) -> Block {
        let (axes, corners) = (poly.axes(), poly.corners());
        let mut b = Block::default();
        for i in 0..LANE_CORNERS {
            let k = i.min(axes.len() - 1);
            b.axis_x[i] = axes[k].x;
            b.axis_y[i] = axes[k].y;
            let own = poly.extent(k);
            b.own_min[i] = own.min;
            b.own_max[i] = own.max;
            let k = i.min(corners.len() - 1);
            b.corner_x[i] = corners[k].x;
            b.corner_y[i] = corners[k].y;
        }
        b
    }
}

/// The prepared table: each shape's data and its [`Info`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Table {
    /// Each shape's prepared data, in table order.
    pub shapes: Vec<Prepared>,
    /// Each shape's [`Info`], in table order.
    pub info: Vec<Info>,
    /// Each shape's [`Block`], in table order (all zero but for the
    /// polygons the lanes take).
    pub blocks: Vec<Block>,
    /// Each shape's radius, in table order (0 but for circles).
    pub radius: Vec<f32>,
}

impl Table {
    /// How many shapes each of the lanes' lists (`info`, `blocks`,
    /// `radius`) holds: the least of their lengths, which [`Table::push`]
    /// and [`Table::set`] keep equal. The walker checks every pair's shape
    /// numbers against this, so that a register reads a shape's block and
    /// radius with no check of its own (see `Side::fill`).
    pub(crate) fn lanes_len(&self) -> usize {
        self.info
            .len()
            .min(self.blocks.len())
            .min(self.radius.len())
    }
}

/// Prepares a whole (validated) table.
pub(crate) fn prepare(shapes: &[Shape]) -> Table {
    let mut table = Table {
        shapes: Vec::with_capacity(shapes.len()),
        info: Vec::with_capacity(shapes.len()),
        blocks: Vec::with_capacity(shapes.len()),
        radius: Vec::with_capacity(shapes.len()),
    };
    for shape in shapes {
        table.push(shape);
    }
    table
}

/// One shape's entries in each of a [`Table`]'s lists, found from it
/// alone: no entry depends on another shape, so a table can be built, or
/// changed, one shape at a time.
struct Entry {
    /// Its prepared data.
    shape: Prepared,
    /// Its [`Info`].
    info: Info,
    /// Its [`Block`] (all zero but for a polygon the lanes take).
    block: Block,
    /// Its radius (0 but for a circle).
    radius: f32,
}

impl Entry {
    /// Prepares one (validated) shape.
    fn new(shape: &Shape) -> Entry {
        match shape {
            Shape::Polygon(p) => {
                let p = PolyData::new(p);
                let fits = p.fits_lanes();
                let info = Info {
                    kind: if fits {
                        ShapeKind::LanePolygon
                    } else {
                        ShapeKind::BigPolygon
                    },
                    axes: p.axes().len().min(255) as u8,
                    corners: p.corners().len().min(255) as u8,
                    class: class_of(&p, fits),
                };
                let block = if fits {
                    Block::new(&p)
                } else {
                    Block::default()
                };
                Entry {
                    shape: Prepared::Polygon(p),
                    info,
                    block,
                    radius: 0.0,
                }
            }
            Shape::Circle { radius } => Entry {
                shape: Prepared::Circle(*radius),
                info: Info {
                    kind: ShapeKind::Circle,
                    axes: 0,
                    corners: 0,
                    class: 0,
                },
                block: Block::default(),
                radius: *radius,
            },
        }
    }
}

impl Table {
    /// Prepares one more (validated) shape at the end.
    pub(crate) fn push(&mut self, shape: &Shape) {
        let entry = Entry::new(shape);
        self.shapes.push(entry.shape);
        self.info.push(entry.info);
        self.blocks.push(entry.block);
        self.radius.push(entry.radius);
    }

    /// Prepares (validated) `shape` in the place of shape `index`, which
    /// must be in the table.
    pub(crate) fn set(&mut self, index: usize, shape: &Shape) {
        let entry = Entry::new(shape);
        (
            self.shapes[index],
            self.info[index],
            self.blocks[index],
            self.radius[index],
        ) = (entry.shape, entry.info, entry.block, entry.radius);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::PI;

    fn prepared(points: &[(f32, f32)]) -> PolyData {
        let points = points.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        PolyData::new(&Polygon::new(points).expect("a valid polygon"))
    }

    /// Each class a polygon the lanes take is given stands for its corner
    /// count, its axes and its symmetry, and no other class stands for a
    /// polygon: a trapezoid (two edges parallel) is plain, a box, a hexagon
    /// and an octagon of parallel opposite edges are symmetric about their
    /// origin or, moved off it, paired.
    #[test]
    fn classes_stand_for_their_polygons() {
        let hexagon = [(2.0, 0.0), (1.0, 1.5), (-1.0, 1.5)];
        let octagon = [(2.0, 0.0), (1.5, 1.5), (0.0, 2.0), (-1.5, 1.5)];
        let moved = |points: Vec<(f32, f32)>| -> Vec<(f32, f32)> {
            points.iter().map(|&(x, y)| (x + 5.0, y + 3.0)).collect()
        };
        let polygons = [
            prepared(&[(-1.0, -1.0), (1.0, -1.0), (0.0, 1.0)]),
            prepared(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]),
            prepared(&[(-1.0, -1.0), (2.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]),
            prepared(&[
                (2.0, 0.0),
                (1.0, 1.5),
                (-1.0, 1.5),
                (-2.0, 0.0),
                (0.0, -2.0),
            ]),
            prepared(&whole(&hexagon)),
            prepared(&whole(&octagon)),
            prepared(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)]),
            prepared(&moved(whole(&hexagon))),
            prepared(&moved(whole(&octagon))),
        ];
        let shapes: Vec<Shape> = polygons
            .iter()
            .map(|p| Shape::Polygon(p.shape.clone()))
            .chain([Shape::Circle { radius: 1.0 }])
            .collect();
        let table = prepare(&shapes);
        let mut seen = Vec::new();
        for (p, info) in polygons.iter().zip(&table.info) {
            let class = class_polygon(info.class.into()).expect("a class of the lanes");
            assert_eq!(class.corners, p.corners().len());
            assert_eq!(class.symmetric, p.symmetric());
            // Its buckets try every axis it has, and no more than a
            // halved class's share where it is one.
            assert!(p.axes().len() <= class.axes, "{:?}", p.corners());
            seen.push((info.class, class.axes));
        }
        assert_eq!(
            seen,
            [
                (3, 3),
                (10, 2),
                (4, 4),
                (5, 5),
                (11, 3),
                (12, 4),
                (13, 2),
                (14, 3),
                (15, 4)
            ]
        );
        assert_eq!(table.info[polygons.len()].class, 0);
        for class in [0, usize::from(BIG_CLASS), CLASSES] {
            assert_eq!(class_polygon(class), None);
        }
        let halved = |corners: usize, symmetric: bool| ClassPolygon {
            corners,
            axes: corners / 2,
            symmetric,
        };
        assert_eq!(class_polygon(SYMMETRIC_CLASS.into()), Some(halved(4, true)));
        assert_eq!(class_polygon(PAIRED_CLASS.into()), Some(halved(4, false)));
        assert_eq!(class_polygon(CLASSES - 1), Some(halved(8, false)));
    }

    /// A centrally symmetric polygon has at most half as many axes as
    /// corners, so its class's buckets, which try only that many
    /// (`walk::bucket_plan`), try every axis it has: boxes turned at many
    /// angles, parallelograms, hexagons and octagons of random corners,
    /// and a hexagon with two edges a hair from parallel (whose axes are
    /// one, so it has fewer), each put in a symmetric class with no more
    /// axes than half its corners; and each of them moved off its origin
    /// put in a paired class where it keeps half as many axes.
    #[test]
    fn a_halved_class_has_no_more_axes_than_half_its_corners() {
        let mut rng = crate::test_rng::Rng(40);
        let mut polygons = Vec::new();
        for k in 0..200 {
            // A box turned by `t`: its corners are ±u ± v, u and v its
            // half sides.
            let t = k as f32 * 0.0314;
            let (u, v) = (Vec2::from_angle(t) * 3.0, Vec2::from_angle(t).perp() * 2.0);
            polygons.push(whole(&[(u + v).into(), (v - u).into()]));
            // Parallelograms, hexagons and octagons: `n` corners at sorted
            // random angles within half a turn, then their opposites.
            for n in 2..=4 {
                let mut angles: Vec<f32> = (0..n).map(|_| rng.range(0.0, PI)).collect();
                angles.sort_by(f32::total_cmp);
                let (rx, ry) = (rng.range(1.0, 10.0), rng.range(1.0, 10.0));
                let half: Vec<(f32, f32)> = angles
                    .iter()
                    .map(|a| (rx * a.cos(), ry * a.sin()))
                    .collect();
                polygons.push(whole(&half));
            }
        }
        let (mut seen, mut paired) = (0, 0);
        for points in &polygons {
            let points: Vec<Vec2> = points.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
            let Ok(poly) = Polygon::new(points.clone()) else {
                continue;
            };
            let p = PolyData::new(&poly);
            if !p.symmetric() || !p.fits_lanes() {
                continue;
            }
            let corners = p.corners().len();
            assert!(p.axes().len() <= corners / 2, "{:?}", p.corners());
            let class = class_polygon(class_of(&p, true).into());
            assert_eq!(
                class.map(|c| (c.corners, c.symmetric)),
                Some((corners, true))
            );
            seen += 1;
            // Moved off its origin (as a tile map places a tile from its
            // corner), it is not symmetric about it: paired where its
            // edges are still parallel in pairs once rounded, plain
            // otherwise; its class tries every axis it has either way.
            let off = Vec2::new(rng.range(-40.0, 40.0), rng.range(-40.0, 40.0));
            let moved = Polygon::new(points.iter().map(|&q| q + off).collect());
            let p = PolyData::new(&moved.expect("a moved polygon"));
            let class = class_polygon(class_of(&p, true).into()).expect("a class of the lanes");
            assert!(!p.symmetric() && !class.symmetric, "{:?}", p.corners());
            assert!(p.axes().len() <= class.axes, "{:?}", p.corners());
            let halved = p.axes().len() <= corners / 2;
            assert_eq!(class.axes, if halved { corners / 2 } else { corners });
            paired += usize::from(halved);
        }
        assert!(seen > 700, "only {seen} symmetric polygons made");
        assert!(
            paired > 500,
            "only {paired} of {seen} moved polygons paired"
        );
        // A hexagon whose first two edges are a hair from parallel: they
        // give one axis, so it has 2, and its class is still symmetric.
        let hair = prepared(&whole(&[(4.0, 0.0), (2.0, 1.0), (0.0, 2.000_000_2)]));
        assert!(hair.symmetric());
        assert_eq!((hair.corners().len(), hair.axes().len()), (6, 2));
        let class = class_polygon(class_of(&hair, true).into());
        assert_eq!(class.map(|c| (c.corners, c.symmetric)), Some((6, true)));
    }

    /// A symmetric polygon's corners: `half`, then `half` with its signs
    /// turned.
    fn whole(half: &[(f32, f32)]) -> Vec<(f32, f32)> {
        let opposite = half.iter().map(|&(x, y)| (-x, -y));
        half.iter().copied().chain(opposite).collect()
    }

    /// Central symmetry about the origin is found exactly: a box centred
    /// on its origin, a parallelogram and a hexagon of opposite corners
    /// are; a box moved off its origin, one corner a float's step away,
    /// an odd count and a triangle are not.
    #[test]
    fn central_symmetry_is_found_exactly() {
        let (x, y) = (70.0, 45.0);
        let boxed = Polygon::rectangle(2.0 * x, 2.0 * y).expect("a box");
        assert!(PolyData::new(&boxed).symmetric());
        assert!(prepared(&[(-3.0, -1.0), (2.0, -1.0), (3.0, 1.0), (-2.0, 1.0)]).symmetric());
        assert!(prepared(&whole(&[(2.0, 0.0), (1.0, 1.5), (-1.0, 1.5)])).symmetric());
        assert!(
            !prepared(&[(-x + 1.0, -y), (x + 1.0, -y), (x + 1.0, y), (-x + 1.0, y)]).symmetric()
        );
        let nudged = f32::from_bits(x.to_bits() + 1);
        assert!(!prepared(&[(-x, -y), (x, -y), (nudged, y), (-x, y)]).symmetric());
        let pentagon = Polygon::regular(5, 50.0).expect("a pentagon");
        assert!(!PolyData::new(&pentagon).symmetric());
        for sides in [4, 6, 8, 12] {
            let even = Polygon::regular(sides, 50.0).expect("an even regular polygon");
            assert!(PolyData::new(&even).symmetric(), "{sides} sides");
        }
        assert!(!prepared(&[(-1.0, -1.0), (1.0, -1.0), (0.0, 1.0)]).symmetric());
    }
}
