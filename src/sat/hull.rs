//! The convex hull, by Andrew's monotone chain.

use glam::{DVec2, Vec2};

/// The convex hull of `points`, counterclockwise (with y up), without
/// corners on its edges. Fewer than 3 corners come back when the points
/// are all on one line. The caller has checked that every point is finite.
pub(crate) fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut sorted: Vec<Vec2> = points.to_vec();
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    // A point is kept only where the chain turns left: a right turn or no
    // turn means the middle corner is inside the hull or on its edge. The
    // cross product is taken in f64, where it is exact enough for f32 input.
    let turns_left = |o: Vec2, a: Vec2, b: Vec2| {
        let (o, a, b): (DVec2, DVec2, DVec2) = (o.as_dvec2(), a.as_dvec2(), b.as_dvec2());
        (a - o).perp_dot(b - o) > 0.0
    };
    let mut hull: Vec<Vec2> = Vec::with_capacity(sorted.len() + 1);
    for pass in 0..2 {
        let start = hull.len();
        let chain: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(sorted.iter())
        } else {
            Box::new(sorted.iter().rev())
        };
        for &p in chain {
            while hull.len() >= start + 2
                && !turns_left(hull[hull.len() - 2], hull[hull.len() - 1], p)
            {
                hull.pop();
            }
            hull.push(p);
        }
        // The chain's last point is the next chain's first.
        hull.pop();
    }
    hull
}
