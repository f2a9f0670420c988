//! An independent oracle, from a different idea: the Minkowski difference.
//!
//! A − B, the set of all a − b, is convex, and A overlaps B exactly when it
//! holds the origin. Moving A by t moves A − B by t, so A's shortest push is
//! the shortest t that puts the origin on the boundary: minus the nearest
//! point of the boundary. For a circle B of radius r, A − B is the polygon
//! A − center, grown by r all round. Everything here is f64, and shares no
//! code with the library.

use glam::DVec2;

/// What the oracle says of A against B.
#[derive(Debug, Clone, Copy)]
pub struct Truth {
    /// Whether the shapes overlap (touching counts).
    pub overlapping: bool,
    /// The shortest push when overlapping; when apart, the distance between
    /// the shapes.
    pub depth: f64,
    /// The unit direction of that push (overlapping), or from B towards A
    /// (apart).
    pub axis: DVec2,
}

/// The convex hull, counterclockwise, by gift wrapping (a different method
/// from the library's monotone chain).
fn hull(points: &[DVec2]) -> Vec<DVec2> {
    let start = points
        .iter()
        .copied()
        .min_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)))
        .expect("no points");
    let mut out = vec![start];
    let mut current = start;
    loop {
        let mut next = points[0];
        for &p in points {
            if next == current {
                next = p;
                continue;
            }
            let turn = (next - current).perp_dot(p - current);
            // p is to the right of current→next, or on that line and
            // farther: it wraps tighter.
            if turn < 0.0
                || turn == 0.0 && (p - current).length_squared() > (next - current).length_squared()
            {
                next = p;
            }
        }
        if next == start || out.len() > points.len() {
            break;
        }
        out.push(next);
        current = next;
    }
    out
}

fn nearest_on_segment(p: DVec2, a: DVec2, b: DVec2) -> DVec2 {
    let ab = b - a;
    let t = if ab.length_squared() == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    };
    a + ab * t
}

/// The nearest point of the hull's boundary to the origin, and whether the
/// origin is inside (or on) the hull.
fn nearest_boundary(hull: &[DVec2]) -> (DVec2, bool) {
    let n = hull.len();
    let mut best = hull[0];
    let mut inside = n >= 3;
    for i in 0..n {
        let (a, b) = (hull[i], hull[(i + 1) % n]);
        let q = nearest_on_segment(DVec2::ZERO, a, b);
        if q.length_squared() < best.length_squared() {
            best = q;
        }
        // Counterclockwise: inside is to the left of every edge.
        if (b - a).perp_dot(-a) < 0.0 {
            inside = false;
        }
    }
    (best, inside)
}

fn minkowski(a: &[DVec2], b: &[DVec2]) -> Vec<DVec2> {
    let mut all = Vec::with_capacity(a.len() * b.len());
    for &p in a {
        for &q in b {
            all.push(p - q);
        }
    }
    hull(&all)
}

/// The truth for two convex polygons, by their corners.
pub fn polygons(a: &[DVec2], b: &[DVec2]) -> Truth {
    let m = minkowski(a, b);
    let (q, inside) = nearest_boundary(&m);
    let d = q.length();
    if inside {
        Truth {
            overlapping: true,
            depth: d,
            axis: -q / d,
        }
    } else {
        Truth {
            overlapping: false,
            depth: d,
            axis: q / d,
        }
    }
}

/// The truth for a convex polygon A and a circle B.
pub fn polygon_circle(a: &[DVec2], center: DVec2, radius: f64) -> Truth {
    let m = minkowski(a, &[center]);
    let (q, inside) = nearest_boundary(&m);
    let d = q.length();
    if inside {
        // Out past the polygon's boundary, then the radius further.
        Truth {
            overlapping: true,
            depth: d + radius,
            axis: -q / d,
        }
    } else if d <= radius {
        Truth {
            overlapping: true,
            depth: radius - d,
            axis: q / d,
        }
    } else {
        Truth {
            overlapping: false,
            depth: d - radius,
            axis: q / d,
        }
    }
}

#[test]
fn the_oracle_knows_the_chapter() {
    let square = [
        DVec2::new(0.0, 0.0),
        DVec2::new(2.0, 0.0),
        DVec2::new(2.0, 2.0),
        DVec2::new(0.0, 2.0),
    ];
    let triangle = [
        DVec2::new(1.0, 1.5),
        DVec2::new(4.0, 1.5),
        DVec2::new(1.0, 4.5),
    ];
    let t = polygons(&square, &triangle);
    assert!(
        t.overlapping
            && (t.depth - 0.5).abs() < 1e-12
            && (t.axis - DVec2::new(0.0, -1.0)).length() < 1e-12
    );
    let far: Vec<DVec2> = square.iter().map(|p| *p + DVec2::new(10.0, 0.0)).collect();
    let t = polygons(&far, &triangle);
    assert!(
        !t.overlapping && (t.depth - 6.0).abs() < 1e-12 && (t.axis - DVec2::X).length() < 1e-12
    );
    let t = polygon_circle(&square, DVec2::new(5.0, 1.0), 2.0);
    assert!(!t.overlapping && (t.depth - 1.0).abs() < 1e-12);
    let t = polygon_circle(&square, DVec2::new(1.0, 1.0), 2.0);
    assert!(t.overlapping && (t.depth - 3.0).abs() < 1e-12);
}
