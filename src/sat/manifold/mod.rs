//! Contact manifolds: where two shapes touch, not only how deep.
//!
//! The push says how far and which way A must move; a rigid body that
//! turns also needs to know where the shapes touch. The answer here is
//! built on the same idea as the test: the polygon face whose shadows
//! leave the least overlap (or show the widest gap) is the *reference
//! face*, the other polygon's face that most nearly faces it is the
//! *incident face*, and the incident face, clipped to the reference face's
//! width, gives up to two points. Box2D's `b2CollidePolygons` works the
//! same way (reference face, incident face, clipping); this is our own
//! version of that idea, with the chapter's orientation (the normal is the
//! way A moves) and exact distances for shapes apart.
//!
//! Everything is measured from A's first corner, so that shapes far from
//! the origin keep their small distances exact (as Box2D works in one
//! shape's frame). Any point of A's would do; its first corner costs
//! nothing to find, where A's mean corner cost a divide a pair.

use glam::Vec2;

mod outline;

use super::shape::{Circle, Kept, Polygon};
use outline::{Large, Outline, SMALL, Small};

/// One point where the shapes touch or overlap (a contact point).
///
/// `point` lies midway between the two surfaces: `point + normal *
/// separation / 2` is on A's boundary and `point - normal * separation / 2`
/// is on B's.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactPoint {
    /// Midway between the two surfaces there.
    pub point: Vec2,
    /// How far apart the surfaces are along the manifold's normal here:
    /// negative when they overlap (the point's share of the push), positive
    /// for shapes apart by no more than the margin (a speculative contact).
    pub separation: f32,
    /// The features that made the point: which edge or corner of A, and of
    /// B (see [`feature_id`]). It stays the same while the same features
    /// touch, so a solver can carry its impulses from frame to frame.
    pub id: u32,
}

/// Where two shapes touch: a normal and 0, 1 or 2 contact points (the
/// contact manifold).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Manifold {
    /// The unit direction A must move: the same as
    /// [`SatResult::axis`](super::SatResult::axis) when the shapes overlap,
    /// and from B towards A across the shortest distance when they are
    /// apart.
    pub normal: Vec2,
    points: [ContactPoint; 2],
    count: u8,
}

impl Manifold {
    /// No points (shapes farther apart than the margin), with `normal`.
    pub(crate) fn empty(normal: Vec2) -> Manifold {
        Manifold {
            normal,
            points: [ContactPoint::default(); 2],
            count: 0,
        }
    }

    /// The contact points: none, one (a corner into an edge, or a circle)
    /// or two (edge against edge).
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.count as usize]
    }

    /// The least separation of the points (minus the push's depth when the
    /// shapes overlap), or `None` when there are no points.
    pub fn deepest(&self) -> Option<f32> {
        self.points().iter().map(|p| p.separation).reduce(f32::min)
    }

    /// The same contact seen from the other side: B's manifold against A
    /// (the normal turned round, each id's halves swapped).
    pub fn swapped(&self) -> Manifold {
        let mut m = *self;
        m.normal = -m.normal;
        for p in &mut m.points[..m.count as usize] {
            p.id = p.id.rotate_left(16);
        }
        m
    }

    fn push(&mut self, point: ContactPoint) {
        if (self.count as usize) < self.points.len() {
            self.points[self.count as usize] = point;
            self.count += 1;
        }
    }
}

/// A feature of one shape: an edge (from corner `i` to the next) or a
/// corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// The edge from corner `i` to corner `i + 1` (the last to the first).
    Edge(u16),
    /// Corner `i`.
    Corner(u16),
}

impl Feature {
    fn bits(self) -> u32 {
        match self {
            Feature::Edge(i) => i as u32 & 0x7fff,
            Feature::Corner(i) => 0x8000 | (i as u32 & 0x7fff),
        }
    }
}

/// A contact point's id from the features that made it: A's in the high
/// 16 bits, B's in the low 16, each its index with the top bit set for a
/// corner. A circle's one feature is `Edge(0)`.
pub fn feature_id(a: Feature, b: Feature) -> u32 {
    (a.bits() << 16) | b.bits()
}

/// A margin as the functions use it: a NaN, infinite or negative margin
/// counts as 0.
fn sane_margin(margin: f32) -> f32 {
    if margin.is_finite() && margin > 0.0 {
        margin
    } else {
        0.0
    }
}

/// Which polygon holds the reference face.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    A,
    B,
}

/// Contact points from the reference face `r` of `refp` against the
/// incident face of `inc`: the incident face clipped to the reference
/// face's width (Box2D's side planes), each end kept if it is no more than
/// `margin` out. The normal is the way A moves.
#[inline]
fn clip<T: Outline>(
    refp: &T,
    r: usize,
    inc: &T,
    side: Side,
    origin: Vec2,
    margin: f32,
) -> Manifold {
    let n = refp.normal(r).unwrap_or(Vec2::X);
    let (v1, v2) = (refp.corner(r), refp.corner(refp.next(r)));
    let i = inc.incident_edge(n);
    let j = inc.next(i);
    let (mut w1, mut w2) = (inc.corner(i), inc.corner(j));
    // Each end's features: (reference, incident).
    let mut f1 = (Feature::Edge(r as u16), Feature::Corner(i as u16));
    let mut f2 = (Feature::Edge(r as u16), Feature::Corner(j as u16));
    // The face's direction, a quarter turn of its unit normal, the way
    // from v1 to v2 (no square root: the normal is already of unit length).
    let t = n.perp();
    let t = if t.dot(v2 - v1) < 0.0 { -t } else { t };
    // Keep the part with t·(x - v1) ≥ 0, then with t·(x - v2) ≤ 0. An end
    // cut off moves to where the edge crosses the side plane; it then
    // stands for the reference face's corner against the incident edge.
    for (plane, at, corner) in [(v1, 1.0f32, r), (v2, -1.0, refp.next(r))] {
        let d1 = at * t.dot(w1 - plane);
        let d2 = at * t.dot(w2 - plane);
        if d1 < 0.0 && d2 < 0.0 {
            return Manifold::empty(orient(n, side));
        }
        let cut = (Feature::Corner(corner as u16), Feature::Edge(i as u16));
        if d1 < 0.0 {
            w1 = w1 + (w2 - w1) * (d1 / (d1 - d2));
            f1 = cut;
        } else if d2 < 0.0 {
            w2 = w2 + (w1 - w2) * (d2 / (d2 - d1));
            f2 = cut;
        }
    }
    let normal = orient(n, side);
    let mut m = Manifold::empty(normal);
    for (w, (fr, fi)) in [(w1, f1), (w2, f2)] {
        let s = n.dot(w - v1);
        if s > margin {
            continue;
        }
        // w is on the incident polygon's boundary, w - n·s on the
        // reference face: the point is midway.
        let point = w - n * (s / 2.0) + origin;
        let id = match side {
            Side::A => feature_id(fr, fi),
            Side::B => feature_id(fi, fr),
        };
        m.push(ContactPoint {
            point,
            separation: s,
            id,
        });
    }
    m
}

/// The way A moves for a reference face of outward normal `n`: away from
/// its own face's outside when the face is A's, along it when it is B's.
fn orient(n: Vec2, side: Side) -> Vec2 {
    match side {
        Side::A => -n,
        Side::B => n,
    }
}

/// The nearest point to `p` on the segment `a`–`b`, and where on it (0 at
/// `a`, 1 at `b`).
fn nearest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> (Vec2, f32) {
    let e = b - a;
    let len2 = e.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(e) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + e * t, t)
}

/// The shortest distance between two polygons that do not overlap, as the
/// nearest pair of features: a corner of one and an edge (or corner) of
/// the other. Returns the distance, the point on A, the point on B, and
/// their features.
fn closest_features<T: Outline>(a: &T, b: &T) -> (f32, Vec2, Vec2, Feature, Feature) {
    let mut best = (
        f32::INFINITY,
        Vec2::ZERO,
        Vec2::ZERO,
        Feature::Corner(0),
        Feature::Corner(0),
    );
    // Each polygon's corners against the other's edges.
    for (from, to, from_is_a) in [(a, b, true), (b, a, false)] {
        for k in 0..from.len() {
            let p = from.corner(k);
            for e in 0..to.len() {
                let (q, t) = nearest_on_segment(p, to.corner(e), to.corner(to.next(e)));
                let d = p.distance(q);
                if d < best.0 {
                    let edge = if t <= 0.0 {
                        Feature::Corner(e as u16)
                    } else if t >= 1.0 {
                        Feature::Corner(to.next(e) as u16)
                    } else {
                        Feature::Edge(e as u16)
                    };
                    let corner = Feature::Corner(k as u16);
                    best = if from_is_a {
                        (d, p, q, corner, edge)
                    } else {
                        (d, q, p, edge, corner)
                    };
                }
            }
        }
    }
    best
}

/// The contact manifold of two convex polygons, A and B: the normal A must
/// move along, and up to two contact points. Shapes apart by no more than
/// `margin` get speculative points with a positive separation (the least
/// of them the true distance between the shapes); shapes farther apart get
/// none. A NaN, infinite or negative margin counts as 0. Nothing here
/// allocates or panics.
///
/// Edge against edge gives two points (the chapter's worked example: the
/// square (0,0)–(2,2) against the triangle gives points at x = 1 and x = 2,
/// y = 1.75, separation −0.5, normal (0, −1)); a corner into an edge gives
/// one.
pub fn manifold_polygons(a: &Polygon, b: &Polygon, margin: f32) -> Manifold {
    polygons_by_outline(a.kept(), b.kept(), margin)
}

/// [`manifold_polygons`] on two convex outlines, each given as a
/// [`Polygon`] keeps it: its corners (at least 3), its axis blocks and its
/// outward side (see [`Polygon::place_into`]). What the batch engine calls on outlines it has
/// placed itself, without making polygons.
pub(crate) fn polygons_by_outline(a: Kept, b: Kept, margin: f32) -> Manifold {
    let margin = sane_margin(margin);
    let origin = a.corners[0];
    if a.corners.len() <= SMALL && b.corners.len() <= SMALL {
        polygons(
            &Small::new(a, origin),
            &Small::new(b, origin),
            origin,
            margin,
        )
    } else {
        polygons(
            &Large::new(a, origin),
            &Large::new(b, origin),
            origin,
            margin,
        )
    }
}

/// [`polygons_by_outline`] on the two outlines seen from `origin`, with a
/// margin already made sane.
#[inline]
fn polygons<T: Outline>(la: &T, lb: &T, origin: Vec2, margin: f32) -> Manifold {
    let (sep_a, face_a) = la.max_separation(lb, margin);
    if sep_a > margin {
        return Manifold::empty(-la.normal(face_a).unwrap_or(Vec2::X));
    }
    let (sep_b, face_b) = lb.max_separation(la, margin);
    // A's faces first, as the test tries A's axes first: B's face is the
    // reference only where it leaves strictly less overlap.
    let (sep, side, face) = if sep_b > sep_a {
        (sep_b, Side::B, face_b)
    } else {
        (sep_a, Side::A, face_a)
    };
    let (refp, inc) = match side {
        Side::A => (la, lb),
        Side::B => (lb, la),
    };
    if sep > margin {
        // The distance is at least the widest gap on any axis.
        let n = refp.normal(face).unwrap_or(Vec2::X);
        return Manifold::empty(orient(n, side));
    }
    if sep <= 0.0 {
        return clip(refp, face, inc, side, origin, margin);
    }
    // Apart, but within the margin: the nearest features say how far, and
    // whether a face is nearest (then clipping gives its points) or only a
    // corner (then one point, on the line between the corners).
    let (d, pa, pb, fa, fb) = closest_features(la, lb);
    if d > margin {
        return Manifold::empty(orient(refp.normal(face).unwrap_or(Vec2::X), side));
    }
    let face_of = |f: Feature| match f {
        Feature::Edge(i) => Some(i as usize),
        Feature::Corner(_) => None,
    };
    if let Some(e) = face_of(fb) {
        return clip(lb, e, la, Side::B, origin, margin);
    }
    if let Some(e) = face_of(fa) {
        return clip(la, e, lb, Side::A, origin, margin);
    }
    // Corner against corner: the normal runs between them, from B to A.
    let normal = super::shape::unit_or_zero(pa - pb);
    let normal = if normal == Vec2::ZERO {
        orient(refp.normal(face).unwrap_or(Vec2::X), side)
    } else {
        normal
    };
    let mut m = Manifold::empty(normal);
    m.push(ContactPoint {
        point: (pa + pb) / 2.0 + origin,
        separation: d,
        id: feature_id(fa, fb),
    });
    m
}

/// The contact manifold of a convex polygon A and a circle B: one point at
/// most, where the circle meets A's nearest face or corner. The margin
/// works as for [`manifold_polygons`].
pub fn manifold_polygon_circle(a: &Polygon, b: &Circle, margin: f32) -> Manifold {
    polygon_circle_by_outline(a.kept(), b.center, b.radius, margin)
}

/// [`manifold_polygon_circle`] on a convex outline given as a [`Polygon`]
/// keeps it (corners and axis blocks) and a circle given by its center and
/// radius.
pub(crate) fn polygon_circle_by_outline(
    a: Kept,
    center: Vec2,
    radius: f32,
    margin: f32,
) -> Manifold {
    let margin = sane_margin(margin);
    let origin = a.corners[0];
    if a.corners.len() <= SMALL {
        polygon_circle(&Small::new(a, origin), center, radius, origin, margin)
    } else {
        polygon_circle(&Large::new(a, origin), center, radius, origin, margin)
    }
}

/// [`polygon_circle_by_outline`] on A's outline seen from `origin`, with a
/// margin already made sane.
#[inline]
fn polygon_circle<T: Outline>(
    la: &T,
    center: Vec2,
    radius: f32,
    origin: Vec2,
    margin: f32,
) -> Manifold {
    let c = center - origin;
    let b = Circle { center, radius };
    // The face whose line the circle's center is farthest out from (or,
    // inside, least far in from).
    let mut best = (f32::NEG_INFINITY, 0, Vec2::X);
    for i in 0..la.len() {
        if let Some(n) = la.normal(i) {
            let s = n.dot(c - la.corner(i));
            if s > best.0 {
                best = (s, i, n);
            }
        }
    }
    let (out, face, n) = best;
    if out - b.radius > margin {
        return Manifold::empty(-n);
    }
    let (v1, v2) = (la.corner(face), la.corner(la.next(face)));
    let (on_edge, t) = nearest_on_segment(c, v1, v2);
    let (normal, on_a, feature) = if out <= 0.0 || (t > 0.0 && t < 1.0) {
        // Inside, or beside the face: the face's normal.
        (-n, c - n * out, Feature::Edge(face as u16))
    } else {
        // Past a corner: the circle meets the corner, along the line from
        // the circle's center to it.
        let k = if t <= 0.0 { face } else { la.next(face) };
        let away = super::shape::unit_or_zero(on_edge - c);
        let away = if away == Vec2::ZERO { -n } else { away };
        (away, on_edge, Feature::Corner(k as u16))
    };
    let on_b = c + normal * b.radius;
    // A's boundary less B's, along the way A moves: negative when they
    // overlap.
    let separation = (on_a - on_b).dot(normal);
    if separation > margin {
        return Manifold::empty(normal);
    }
    let mut m = Manifold::empty(normal);
    m.push(ContactPoint {
        point: (on_a + on_b) / 2.0 + origin,
        separation,
        id: feature_id(feature, Feature::Edge(0)),
    });
    m
}

/// The contact manifold of two circles: one point on the line between
/// their centers. Centers that coincide push along +x, as
/// [`sat_circles`](super::sat_circles) does. The margin works as for
/// [`manifold_polygons`].
pub fn manifold_circles(a: &Circle, b: &Circle, margin: f32) -> Manifold {
    let margin = sane_margin(margin);
    let between = a.center - b.center;
    let normal = super::shape::unit_or_zero(between);
    let normal = if normal == Vec2::ZERO {
        Vec2::X
    } else {
        normal
    };
    let separation = between.dot(normal) - (a.radius + b.radius);
    if separation > margin {
        return Manifold::empty(normal);
    }
    let on_a = a.center - normal * a.radius;
    let on_b = b.center + normal * b.radius;
    let mut m = Manifold::empty(normal);
    m.push(ContactPoint {
        point: (on_a + on_b) / 2.0,
        separation,
        id: feature_id(Feature::Edge(0), Feature::Edge(0)),
    });
    m
}
