//! The two kinds of convex shape the test knows: polygons and circles.

use glam::{DVec2, Vec2};

use super::axes::AxisBlock;
use super::ends::key;
use super::error::{MAX_COORDINATE, ShapeError};

/// A convex polygon: its corners, in order around its outline.
///
/// Either winding is accepted, and a corner may be listed twice in a row
/// (its edge has no length, and the zero axis it gives is skipped). The
/// corners are checked once, when the polygon is made, so every `Polygon`
/// is finite, has at least 3 distinct corners that are not all on one line,
/// and is convex.
#[derive(Clone)]
pub struct Polygon {
    /// The corners, then the polygon's own axes four to a block (see
    /// [`AxisBlock`]), in one list so that placing a polygon allocates once.
    /// The axes are found once, when the polygon is made; placing it only
    /// turns and moves them, so the test needs no square root per axis.
    outline: Vec<Vec2>,
    /// How many of `outline` are corners.
    corners: usize,
    /// Whether the blocks hold the polygon's shadows on its own axes. Kept
    /// for up to [`OWN_SHADOW_CORNERS`] corners (they cost n² to find);
    /// without them the test projects the polygon's own corners too.
    own_shadows: bool,
    /// -1 or +1: each edge's outward normal is this times its axis (its
    /// unit normal, the edge's quarter turn), by the corners' winding.
    /// Turning and moving keep it.
    outward: f32,
}

/// The most corners for which a polygon keeps its shadows on its own axes;
/// larger polygons find them by a pass over the corners, axis by axis.
const OWN_SHADOW_CORNERS: usize = 64;

/// A circle: its center and its radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    /// Where the circle is centered.
    pub center: Vec2,
    /// How far it reaches from its center in every direction (0 or more).
    pub radius: f32,
}

impl Circle {
    /// A circle, checked: the center must be finite and the radius finite and
    /// not negative, both within [`MAX_COORDINATE`].
    pub fn new(center: Vec2, radius: f32) -> Result<Circle, ShapeError> {
        if !in_range(center) {
            return Err(ShapeError::BadCenter);
        }
        if !radius.is_finite() || radius > MAX_COORDINATE {
            return Err(ShapeError::BadRadius);
        }
        if radius < 0.0 {
            return Err(ShapeError::NegativeRadius);
        }
        Ok(Circle { center, radius })
    }

    /// The same circle moved to `position`: a circle looks the same at any
    /// angle, so only its center moves.
    pub fn placed(&self, position: Vec2) -> Circle {
        Circle {
            center: self.center + position,
            radius: self.radius,
        }
    }
}

/// Two polygons are equal when their corners are, in the same order (what
/// they keep for the test follows from the corners, up to rounding).
impl PartialEq for Polygon {
    fn eq(&self, other: &Polygon) -> bool {
        self.points() == other.points()
    }
}

impl std::fmt::Debug for Polygon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Polygon")
            .field("points", &self.points())
            .finish_non_exhaustive()
    }
}

impl Polygon {
    /// A polygon from its corners in order around the outline, checked.
    ///
    /// Refused, with the reason: fewer than 3 distinct corners, a NaN or
    /// infinite coordinate (or one beyond [`MAX_COORDINATE`]), all corners on
    /// one line, or corners that are not in convex order (a dent, a spike
    /// that doubles back, or a star that winds around twice).
    pub fn new(points: Vec<Vec2>) -> Result<Polygon, ShapeError> {
        validate(&points)?;
        let corners = points.len();
        let own_shadows = corners <= OWN_SHADOW_CORNERS;
        let mut outline = points;
        AxisBlock::append(&mut outline, own_shadows);
        Ok(Polygon {
            outward: outward(&outline[..corners]),
            outline,
            corners,
            own_shadows,
        })
    }

    /// The convex hull of any points, in either order: the smallest convex
    /// polygon that holds them all, which fills any dent. Corners that lie
    /// on the hull's edges are dropped.
    pub fn hull(points: &[Vec2]) -> Result<Polygon, ShapeError> {
        check_coordinates(points)?;
        let hull = super::hull::convex_hull(points);
        Polygon::new(hull).map_err(|e| match e {
            // The hull of points that are not all on one line has at least 3
            // corners; fewer means they were on one line or all the same.
            ShapeError::TooFewPoints { .. } if distinct_count(points) >= 3 => ShapeError::Collinear,
            ShapeError::TooFewPoints { .. } => ShapeError::TooFewPoints {
                distinct: distinct_count(points),
            },
            other => other,
        })
    }

    /// A regular polygon of `sides` corners, `radius` from its center at the
    /// origin, its first corner straight up the screen (at `(0, -radius)`,
    /// since screen y grows downward), as the chapter builds its pentagon.
    ///
    /// With an even number of sides, the second half of the corners are the
    /// first half's with their signs turned, exactly, rather than worked out
    /// from sines and cosines of their own (which round differently): the
    /// polygon is then centrally symmetric to the last bit, as a regular
    /// polygon of even sides is, and the batch engine casts its shadows from
    /// half its corners.
    pub fn regular(sides: usize, radius: f32) -> Result<Polygon, ShapeError> {
        if sides < 3 {
            return Err(ShapeError::TooFewPoints { distinct: sides });
        }
        let corner = |i: usize| {
            let angle =
                -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::TAU / sides as f32;
            Vec2::from_angle(angle) * radius
        };
        let points = if sides.is_multiple_of(2) {
            let half: Vec<Vec2> = (0..sides / 2).map(corner).collect();
            half.iter()
                .copied()
                .chain(half.iter().map(|&c| -c))
                .collect()
        } else {
            (0..sides).map(corner).collect()
        };
        Polygon::new(points)
    }

    /// A box `width` by `height`, centered on the origin, sides along x and
    /// y: the chapter's box is `Polygon::rectangle(140.0, 90.0)`.
    pub fn rectangle(width: f32, height: f32) -> Result<Polygon, ShapeError> {
        let (x, y) = (width / 2.0, height / 2.0);
        Polygon::new(vec![
            Vec2::new(-x, -y),
            Vec2::new(x, -y),
            Vec2::new(x, y),
            Vec2::new(-x, y),
        ])
    }

    /// The corners, in order around the outline, exactly as given.
    pub fn points(&self) -> &[Vec2] {
        &self.outline[..self.corners]
    }

    /// The polygon's own axes, four edges to a block, in edge order.
    pub(crate) fn axis_blocks(&self) -> impl Iterator<Item = AxisBlock> + '_ {
        self.outline[self.corners..]
            .chunks_exact(AxisBlock::LEN)
            .map(AxisBlock::read)
    }

    /// The polygon's list past its corners: its axis blocks, as
    /// [`AxisBlock::read`] reads them, [`AxisBlock::LEN`] entries a block.
    pub(crate) fn axes(&self) -> &[Vec2] {
        &self.outline[self.corners..]
    }

    /// The list [`placed`](Polygon::placed) makes, written into `outline`
    /// (cleared first): the corners turned by `turn` (the cosine and sine of
    /// the angle) and moved by `position`, then the axis blocks turned and
    /// their shadows moved. The batch engine places its shapes into reused
    /// lists this way, so that its answers are the placed polygons', bit
    /// for bit.
    pub(crate) fn place_into(&self, turn: Vec2, position: Vec2, outline: &mut Vec<Vec2>) {
        outline.clear();
        outline.extend(self.points().iter().map(|&c| position + turn.rotate(c)));
        for block in self.axis_blocks() {
            block.placed(turn, position).write(outline);
        }
    }

    /// -1 or +1: each edge's outward normal is this times its axis.
    pub(crate) fn outward(&self) -> f32 {
        self.outward
    }

    /// What the polygon keeps, borrowed: corners, axis blocks and outward
    /// side.
    pub(crate) fn kept(&self) -> Kept<'_> {
        Kept {
            corners: self.points(),
            axes: self.axes(),
            outward: self.outward,
        }
    }

    /// Whether the axis blocks hold the polygon's shadows on its own axes.
    pub(crate) fn keeps_own_shadows(&self) -> bool {
        self.own_shadows
    }

    /// This shape placed in the world, as the chapter's `placed` does: each
    /// corner turned about the origin (the shape's own center) by `angle`
    /// radians, then moved by `position`. Turning and moving keep a convex
    /// shape convex, so nothing is checked again; the pose must be finite
    /// (use [`try_placed`](Polygon::try_placed) for poses from outside).
    pub fn placed(&self, position: Vec2, angle: f32) -> Polygon {
        let mut outline = Vec::with_capacity(self.outline.len());
        self.place_into(Vec2::from_angle(angle), position, &mut outline);
        Polygon {
            outline,
            corners: self.corners,
            own_shadows: self.own_shadows,
            outward: self.outward,
        }
    }

    /// [`placed`](Polygon::placed), checked, for poses that come from
    /// outside: a NaN or infinite `position` or `angle`, or one that would
    /// put a corner beyond [`MAX_COORDINATE`], is refused with
    /// [`ShapeError::BadPose`] instead of giving a polygon of NaN corners.
    pub fn try_placed(&self, position: Vec2, angle: f32) -> Result<Polygon, ShapeError> {
        if !position.is_finite() || !angle.is_finite() {
            return Err(ShapeError::BadPose);
        }
        let placed = self.placed(position, angle);
        if placed.points().iter().all(|&p| in_range(p)) {
            Ok(placed)
        } else {
            Err(ShapeError::BadPose)
        }
    }

    /// The mean of the corners: a point inside the polygon, used as its
    /// center (a repeated corner pulls it toward itself).
    pub fn center(&self) -> Vec2 {
        let corners = self.points();
        corners.iter().copied().sum::<Vec2>() / corners.len() as f32
    }

    /// The edges as pairs of corners, from each corner to the next, the last
    /// joining back to the first.
    pub fn edges(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        // Each corner with the next, and the last with the first, without
        // a division per edge for the wrap.
        let corners = self.points();
        let next = corners.iter().skip(1).chain(corners.first());
        corners.iter().copied().zip(next.copied())
    }

    /// The unit normals of the edges, in edge order: the axes this polygon
    /// gives the test. An edge of no length gives the zero vector, which the
    /// test skips.
    pub fn edge_normals(&self) -> impl Iterator<Item = Vec2> + '_ {
        self.edges().map(|(a, b)| edge_normal(b - a))
    }

    /// Whether it is centrally symmetric about its own origin, exactly: an
    /// even number of corners, at least 4, each of the second half exactly
    /// minus its opposite in the first (corner `j + n/2` is minus corner
    /// `j`), as a box from [`Polygon::rectangle`] or an even polygon from
    /// [`Polygon::regular`] is. Its shadow on any axis is then centred on
    /// its origin's, and reaches as far either way as the first half's
    /// widest corner: the batch engine casts it from half the corners.
    pub fn is_centrally_symmetric(&self) -> bool {
        let corners = self.points();
        let (n, half) = (corners.len(), corners.len() / 2);
        n >= 4 && n.is_multiple_of(2) && (0..half).all(|j| corners[j + half] == -corners[j])
    }

    /// The corner nearest to `point` (the first of any that tie).
    pub fn nearest_corner(&self, point: Vec2) -> Vec2 {
        nearest_of(self.points(), point)
    }

    /// Whether `point` is inside the outline or on it: it is not on the outer
    /// side of any edge (the chapter's `insideConvex`, for either winding).
    pub fn contains(&self, point: Vec2) -> bool {
        let (mut inner_left, mut inner_right) = (true, true);
        for (a, b) in self.edges() {
            let side = (b - a).perp_dot(point - a);
            inner_left &= side >= 0.0;
            inner_right &= side <= 0.0;
        }
        inner_left || inner_right
    }
}

/// Of `corners` (at least one), the one nearest to `point`, the first of
/// any that tie: where a circle's own axis starts.
pub(crate) fn nearest_of(corners: &[Vec2], point: Vec2) -> Vec2 {
    let (mut best, mut nearest) = (0, key(corners[0].distance_squared(point)));
    for (i, p) in corners.iter().enumerate() {
        // Selects rather than a branch: which corner is nearer is as good
        // as random. The corner is picked by its number and the distance
        // by its key, so neither select is a float's (a branch on wasm32;
        // see `Ends`).
        let d = key(p.distance_squared(point));
        let nearer = d < nearest;
        best = if nearer { i } else { best };
        nearest = if nearer { d } else { nearest };
    }
    corners[best]
}

/// A convex outline as a [`Polygon`] keeps it, borrowed from a polygon or
/// from a list [`Polygon::place_into`] wrote: what the contact manifolds
/// read.
#[derive(Clone, Copy)]
pub(crate) struct Kept<'a> {
    /// The corners (at least 3), in order around the outline.
    pub(crate) corners: &'a [Vec2],
    /// The axis blocks, [`AxisBlock::LEN`] entries a block.
    pub(crate) axes: &'a [Vec2],
    /// -1 or +1: each edge's outward normal is this times its axis.
    pub(crate) outward: f32,
}

/// -1 or +1, the side of each edge its axis points to, by the corners'
/// winding: the axis of edge `e` is the quarter turn `(-e.y, e.x)`, which
/// points inside when the corners go counterclockwise (in y-up terms), so
/// the outward normal is the axis times -1 then, and +1 when they go
/// clockwise. The winding is the sign of twice the signed area, summed
/// from the corners measured from the first one (the shoelace formula,
/// with less round-off).
fn outward(corners: &[Vec2]) -> f32 {
    let first = corners[0];
    let mut area = 0.0;
    for w in corners.windows(2) {
        area += (w[0] - first).perp_dot(w[1] - first);
    }
    if area >= 0.0 { -1.0 } else { 1.0 }
}

/// An edge's unit normal, a quarter turn of the edge, or zero for an edge
/// of no length.
pub(crate) fn edge_normal(edge: Vec2) -> Vec2 {
    unit_or_zero(edge.perp())
}

/// `v` scaled to length 1, or zero for the zero vector. It is first divided
/// by its largest coordinate, so that tiny vectors (whose squared length
/// would underflow) and huge ones (whose squared length would overflow)
/// still give a direction.
pub(crate) fn unit_or_zero(v: Vec2) -> Vec2 {
    // The common case first: a length whose square neither underflows nor
    // overflows. (The bounds leave a factor of 1e6 of room either side of
    // where f32 stops being exact enough.)
    let length_squared = v.length_squared();
    if length_squared > 1e-30 && length_squared < 1e30 {
        return v * length_squared.sqrt().recip();
    }
    let largest = v.abs().max_element();
    if largest == 0.0 || !largest.is_finite() {
        return Vec2::ZERO;
    }
    (v / largest).normalize_or_zero()
}

fn in_range(p: Vec2) -> bool {
    p.is_finite() && p.abs().max_element() <= MAX_COORDINATE
}

fn check_coordinates(points: &[Vec2]) -> Result<(), ShapeError> {
    for (index, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ShapeError::NotFinite { index });
        }
        if !in_range(*p) {
            return Err(ShapeError::OutOfRange { index });
        }
    }
    Ok(())
}

fn distinct_count(points: &[Vec2]) -> usize {
    let mut seen: Vec<Vec2> = Vec::new();
    for &p in points {
        if !seen.contains(&p) {
            seen.push(p);
        }
    }
    seen.len()
}

/// Checks a corner list for everything `Polygon::new` promises.
///
/// The geometry is done in `f64`, on coordinates moved so the first corner
/// is at the origin and scaled so the shape is about 1 across: then the same
/// tolerances serve a shape 1e-20 across and one 1e15 across.
fn validate(points: &[Vec2]) -> Result<(), ShapeError> {
    check_coordinates(points)?;

    // The corners with repeats in a row removed (around the wrap too),
    // each with its index in the list as given.
    let mut corners: Vec<(usize, DVec2)> = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        if corners.last().is_none_or(|&(_, q)| q != p.as_dvec2()) {
            corners.push((i, p.as_dvec2()));
        }
    }
    while corners.len() > 1 && corners[0].1 == corners[corners.len() - 1].1 {
        corners.pop();
    }
    if corners.len() < 3 {
        return Err(ShapeError::TooFewPoints {
            distinct: distinct_count(points),
        });
    }

    // Normalize: the first corner to the origin, the farthest corner from it
    // to distance 1.
    let origin = corners[0].1;
    let extent = corners
        .iter()
        .map(|&(_, p)| (p - origin).length())
        .fold(0.0, f64::max);
    let rel: Vec<(usize, DVec2)> = corners
        .iter()
        .map(|&(i, p)| (i, (p - origin) / extent))
        .collect();
    // How far f32 rounding of the input may have moved a corner, in these
    // units: a few units in the last place of the largest coordinate.
    let largest = points
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0, f32::max) as f64;
    let slack = 4.0 * f32::EPSILON as f64 * largest / extent;

    // All on one line: every corner within the slack of the line from the
    // first corner to the farthest.
    let far = rel
        .iter()
        .map(|&(_, p)| p)
        .max_by(|a, b| a.length_squared().total_cmp(&b.length_squared()))
        .unwrap_or(DVec2::X);
    let line = far.normalize();
    if rel
        .iter()
        .all(|&(_, p)| line.perp_dot(p).abs() <= 1e-9 + slack)
    {
        return Err(ShapeError::Collinear);
    }

    // The winding, from the sign of the area (twice the area, by the
    // shoelace formula).
    let m = rel.len();
    let area: f64 = (0..m).map(|i| rel[i].1.perp_dot(rel[(i + 1) % m].1)).sum();
    let mut winding = area.signum();

    // Every turn must go the winding's way, or straight on; and all the
    // turns together must come to one full turn, not two (a star).
    let mut turned = 0.0f64;
    for k in 0..m {
        let (index, here) = rel[k];
        let before = rel[(k + m - 1) % m].1;
        let after = rel[(k + 1) % m].1;
        let (e1, e2) = (here - before, after - here);
        let cross = e1.perp_dot(e2);
        let straight = 1e-9 * e1.length() * e2.length() + slack * (e1.length() + e2.length());
        if cross.abs() <= straight {
            if e1.dot(e2) < 0.0 {
                // A spike: the outline doubles back on itself.
                return Err(ShapeError::NotConvex { index });
            }
            continue;
        }
        if winding == 0.0 {
            winding = cross.signum();
        }
        if cross.signum() != winding {
            return Err(ShapeError::NotConvex { index });
        }
        turned += cross.atan2(e1.dot(e2)).abs();
        if turned > std::f64::consts::TAU * 1.5 {
            return Err(ShapeError::NotConvex { index });
        }
    }
    Ok(())
}
