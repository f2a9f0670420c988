//! Figure 16.2's path: the closed path A's center traces as A slides around
//! B without turning, just touching.
//!
//! A placed at `p` is `p + a` for each of A's corners `a` taken about its
//! center, and it overlaps B exactly when `p` is in `B ⊕ (−A)`: B grown by
//! A turned half way round, the Minkowski sum that robotics calls the
//! configuration-space obstacle. Its boundary is the path. Inside it, A
//! overlaps B, and the shortest way out to the nearest edge is the push;
//! outside it, the distance to the path is the true distance between the
//! shapes, and the gap on any one axis is never more than that.
//!
//! Each straight edge of the path runs parallel to an edge of A or of B
//! (both when they have parallel edges). Against a circle, the path is A's
//! outline, turned half way round, grown by the radius: A's edges pushed
//! out, joined by arcs of the circle at A's corners.

use glam::Vec2;

use crate::sat::{Circle, Polygon};

/// How finely the path's arcs are cut, in radians per piece: 3°, so that at
/// the chapter's radius of 80 a piece bows at most 0.03 px from the arc.
const ARC_STEP: f32 = std::f32::consts::PI / 60.0;

/// Which shape a straight edge of the path is parallel to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EdgeSource {
    /// Parallel to an edge of A: a corner of B slides along that edge.
    A,
    /// Parallel to an edge of B: an edge of B slides past a corner of A.
    B,
    /// Parallel to an edge of each: the two edges slide along each other.
    Both,
    /// A piece of an arc: a corner of A slides around the circle.
    Arc,
}

impl EdgeSource {
    /// The letter drawn beside the edge: "A", "B", "A+B", or none for an
    /// arc.
    pub fn label(self) -> &'static str {
        match self {
            EdgeSource::A => "A",
            EdgeSource::B => "B",
            EdgeSource::Both => "A+B",
            EdgeSource::Arc => "",
        }
    }
}

/// One edge of the path (or one piece of an arc), in world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathEdge {
    /// Where the edge starts.
    pub from: Vec2,
    /// Where it ends; the path's inside is on the same side of every edge.
    pub to: Vec2,
    /// The edge's outward unit normal: an axis of the test, pointing away
    /// from the path's inside (for an arc's piece, at its middle).
    pub normal: Vec2,
    /// Which shape's edge it runs parallel to.
    pub source: EdgeSource,
}

/// The path A's center traces around B (see the module's docs): its edges
/// in order, and what is needed to measure from it exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct MinkowskiPath {
    /// The edges in order around the path, arcs cut into short pieces.
    pub edges: Vec<PathEdge>,
    /// The straight-sided part: for two polygons the whole path, against a
    /// circle the path with its radius taken off (A's outline about the
    /// circle's center, turned half way round).
    core: Vec<Vec2>,
    /// How far the path lies outside `core`: the circle's radius, or 0.
    radius: f32,
}

impl MinkowskiPath {
    /// The path of A's center around a polygon B. `a` is A's corners about
    /// its center (the placed box less its position), so the path is
    /// every `b − a`'s convex hull.
    pub fn around_polygon(a: &[Vec2], b: &Polygon) -> Option<MinkowskiPath> {
        let sums: Vec<Vec2> = b
            .points()
            .iter()
            .flat_map(|&q| a.iter().map(move |&p| q - p))
            .collect();
        let hull = Polygon::hull(&sums).ok()?;
        let core = hull.points().to_vec();
        let directions = |pts: &[Vec2]| -> Vec<Vec2> {
            edges_of(pts)
                .map(|(f, t)| (t - f).normalize_or_zero())
                .filter(|d| *d != Vec2::ZERO)
                .collect()
        };
        let (da, db) = (directions(a), directions(b.points()));
        let parallel = |d: Vec2, set: &[Vec2]| set.iter().any(|e| d.perp_dot(*e).abs() < 1e-3);
        let sign = winding(&core);
        let edges = edges_of(&core)
            .map(|(from, to)| {
                let d = (to - from).normalize_or_zero();
                let source = match (parallel(d, &da), parallel(d, &db)) {
                    (true, true) => EdgeSource::Both,
                    (true, false) => EdgeSource::A,
                    _ => EdgeSource::B,
                };
                PathEdge {
                    from,
                    to,
                    normal: outward(d, sign),
                    source,
                }
            })
            .collect();
        Some(MinkowskiPath {
            edges,
            core,
            radius: 0.0,
        })
    }

    /// The path of A's center around a circle B: A's outline turned half
    /// way round about the circle's center, grown by the radius, its
    /// corners rounded by arcs cut every 3°.
    pub fn around_circle(a: &[Vec2], b: &Circle) -> Option<MinkowskiPath> {
        let turned: Vec<Vec2> = a.iter().map(|&p| b.center - p).collect();
        let hull = Polygon::hull(&turned).ok()?;
        let core = hull.points().to_vec();
        let sign = winding(&core);
        let n = core.len();
        let normals: Vec<Vec2> = edges_of(&core)
            .map(|(f, t)| outward((t - f).normalize_or_zero(), sign))
            .collect();
        let r = b.radius;
        let mut edges = Vec::new();
        for i in 0..n {
            let (from, to) = (core[i], core[(i + 1) % n]);
            let nrm = normals[i];
            edges.push(PathEdge {
                from: from + nrm * r,
                to: to + nrm * r,
                normal: nrm,
                source: EdgeSource::A,
            });
            // The arc around the corner `to`, from this edge's normal to
            // the next one's, turning the path's way.
            let next = normals[(i + 1) % n];
            let turn = nrm.perp_dot(next).atan2(nrm.dot(next));
            let pieces = ((turn.abs() / ARC_STEP).ceil() as usize).max(1);
            if r > 0.0 {
                for k in 0..pieces {
                    let (t0, t1) = (
                        turn * k as f32 / pieces as f32,
                        turn * (k + 1) as f32 / pieces as f32,
                    );
                    let (u0, u1) = (
                        Vec2::from_angle(t0).rotate(nrm),
                        Vec2::from_angle(t1).rotate(nrm),
                    );
                    let mid = Vec2::from_angle((t0 + t1) * 0.5).rotate(nrm);
                    edges.push(PathEdge {
                        from: to + u0 * r,
                        to: to + u1 * r,
                        normal: mid,
                        source: EdgeSource::Arc,
                    });
                }
            }
        }
        Some(MinkowskiPath {
            edges,
            core,
            radius: r,
        })
    }

    /// Whether the path has rounded corners (B is a circle).
    pub fn is_rounded(&self) -> bool {
        self.radius > 0.0
    }

    /// How far `p` is from the path: negative inside (its size is the
    /// shortest way out, the push), positive outside (the true distance
    /// between the shapes, the shortest move that makes them touch), found
    /// exactly, arcs included.
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        let sign = winding(&self.core);
        let mut deepest = f32::NEG_INFINITY;
        for (from, to) in edges_of(&self.core) {
            let n = outward((to - from).normalize_or_zero(), sign);
            deepest = deepest.max(n.dot(p - from));
        }
        let core = if deepest <= 0.0 {
            deepest
        } else {
            edges_of(&self.core)
                .map(|(f, t)| distance_to_segment(p, f, t))
                .fold(f32::INFINITY, f32::min)
        };
        core - self.radius
    }

    /// The index of the edge nearest `p` from inside: the one `p` is least
    /// far behind, where the push ends.
    pub fn nearest_edge(&self, p: Vec2) -> Option<usize> {
        self.edges
            .iter()
            .enumerate()
            .map(|(i, e)| (i, e.normal.dot(p - e.from)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }

    /// The index of the edge whose outward normal points most nearly along
    /// `axis`: with the gap's axis, the edge A's center is past.
    pub fn edge_along(&self, axis: Vec2) -> Option<usize> {
        self.edges
            .iter()
            .enumerate()
            .map(|(i, e)| (i, e.normal.dot(axis)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }
}

/// Each corner with the next, the last with the first.
fn edges_of(pts: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    pts.iter()
        .copied()
        .zip(pts.iter().skip(1).chain(pts.first()).copied())
}

/// The sign of the outline's area by the shoelace formula: which side of
/// each edge is inside.
fn winding(pts: &[Vec2]) -> f32 {
    let area: f32 = edges_of(pts).map(|(a, b)| a.perp_dot(b)).sum();
    if area < 0.0 { -1.0 } else { 1.0 }
}

/// An edge direction's outward normal, for an outline of `winding`.
fn outward(d: Vec2, winding: f32) -> Vec2 {
    Vec2::new(d.y, -d.x) * winding
}

fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}
