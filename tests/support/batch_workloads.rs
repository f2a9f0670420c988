//! Workloads for the batch engine, shared by tests/batch.rs,
//! benches/throughput.rs and examples/throughput.rs (included by path):
//! a small seeded random generator, the three benchmark scenes, and the
//! same shapes and poses as parry2d sees them.
#![allow(dead_code)]

use sat_visualizer::batch::{Pair, Pose, Shape};
use sat_visualizer::sat::{Circle, Interval, Polygon, Vec2, project_circle, project_polygon};

/// SplitMix64: a tiny, seeded, well-mixed generator (no dependency).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn angle(&mut self) -> f32 {
        self.range(-std::f32::consts::PI, std::f32::consts::PI)
    }
    /// A point uniform in the disk of radius `r` about `c`.
    pub fn in_disk(&mut self, c: Vec2, r: f32) -> Vec2 {
        let d = r * self.unit().sqrt();
        c + Vec2::from_angle(self.angle()) * d
    }
}

/// How far a shape reaches from its own origin: its size, for tolerances.
pub fn reach(s: &Shape) -> f32 {
    match s {
        Shape::Polygon(p) => p.points().iter().map(|q| q.length()).fold(0.0, f32::max),
        Shape::Circle { radius } => *radius,
    }
}

/// A placed shape's shadow on a unit `axis`, from the scalar functions.
pub fn shadow(s: &Shape, pose: Pose, axis: Vec2) -> Interval {
    match s {
        Shape::Polygon(p) => project_polygon(&p.placed(pose.position, pose.angle), axis),
        Shape::Circle { radius } => project_circle(
            &Circle {
                center: pose.position,
                radius: *radius,
            },
            axis,
        ),
    }
}

/// A batch: the shape table and the pairs.
pub struct Workload {
    pub name: &'static str,
    pub shapes: Vec<Shape>,
    pub pairs: Vec<Pair>,
}

/// The chapter's scene: the box 140×90 (A) against the regular pentagon of
/// radius 80 (B) at the middle of the canvas, the box at random poses
/// around it; about 40% of the pairs overlap.
pub fn chapter(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let shapes = vec![
        Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
        Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
    ];
    let center = Vec2::new(400.0, 300.0);
    let pairs = (0..n)
        .map(|_| Pair {
            a: 0,
            pose_a: Pose {
                position: rng.in_disk(center, 190.0),
                angle: rng.angle(),
            },
            b: 1,
            pose_b: Pose {
                position: center,
                angle: rng.angle(),
            },
        })
        .collect();
    Workload {
        name: "box vs pentagon",
        shapes,
        pairs,
    }
}

/// A random convex polygon of exactly `corners` corners, about `size`
/// across: corners at sorted random angles on an ellipse.
pub fn random_polygon(rng: &mut Rng, corners: usize, size: f32) -> Polygon {
    loop {
        let mut angles: Vec<f32> = (0..corners)
            .map(|_| rng.range(0.0, std::f32::consts::TAU))
            .collect();
        angles.sort_by(f32::total_cmp);
        let (rx, ry) = (size * rng.range(0.3, 0.5), size * rng.range(0.3, 0.5));
        let points: Vec<Vec2> = angles
            .iter()
            .map(|&t| Vec2::new(rx * t.cos(), ry * t.sin()))
            .collect();
        if let Ok(p) = Polygon::new(points)
            && p.points().len() == corners
        {
            return p;
        }
    }
}

/// Random convex polygons of 3 to 8 corners against each other, each pair
/// two random shapes of a table of 256 at random poses (about half
/// overlap).
pub fn random_polygons(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let shapes: Vec<Shape> = (0..256)
        .map(|_| {
            let corners = 3 + rng.below(6);
            let size = rng.range(40.0, 160.0);
            Shape::Polygon(random_polygon(&mut rng, corners, size))
        })
        .collect();
    let pairs = (0..n)
        .map(|_| {
            let pa = rng.in_disk(Vec2::ZERO, 100.0);
            Pair {
                a: rng.below(256) as u32,
                pose_a: Pose {
                    position: pa,
                    angle: rng.angle(),
                },
                b: rng.below(256) as u32,
                pose_b: Pose {
                    position: Vec2::ZERO,
                    angle: rng.angle(),
                },
            }
        })
        .collect();
    Workload {
        name: "random polygons",
        shapes,
        pairs,
    }
}

/// Random polygons (A) against circles (B): 128 polygons of 3 to 8 corners
/// and 128 circles, at random poses.
pub fn polygons_circles(n: usize, seed: u64) -> Workload {
    let mut rng = Rng(seed);
    let mut shapes: Vec<Shape> = (0..128)
        .map(|_| {
            let corners = 3 + rng.below(6);
            let size = rng.range(40.0, 160.0);
            Shape::Polygon(random_polygon(&mut rng, corners, size))
        })
        .collect();
    shapes.extend((0..128).map(|_| Shape::Circle {
        radius: rng.range(10.0, 60.0),
    }));
    let pairs = (0..n)
        .map(|_| Pair {
            a: rng.below(128) as u32,
            pose_a: Pose {
                position: rng.in_disk(Vec2::ZERO, 110.0),
                angle: rng.angle(),
            },
            b: 128 + rng.below(128) as u32,
            pose_b: Pose {
                position: Vec2::ZERO,
                angle: rng.angle(),
            },
        })
        .collect();
    Workload {
        name: "polygons vs circles",
        shapes,
        pairs,
    }
}

/// The shapes as parry2d sees them: counterclockwise (y up) convex
/// polygons without repeated corners, and balls.
pub fn parry_shapes(shapes: &[Shape]) -> Vec<parry2d::shape::SharedShape> {
    use parry2d::shape::{Ball, ConvexPolygon, SharedShape};
    shapes
        .iter()
        .map(|s| match s {
            Shape::Polygon(p) => {
                let mut pts: Vec<Vec2> = Vec::new();
                for &q in p.points() {
                    if pts.last() != Some(&q) {
                        pts.push(q);
                    }
                }
                while pts.len() > 1 && pts[0] == pts[pts.len() - 1] {
                    pts.pop();
                }
                let area: f32 = (0..pts.len())
                    .map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()]))
                    .sum();
                if area < 0.0 {
                    pts.reverse();
                }
                SharedShape::new(
                    ConvexPolygon::from_convex_polyline(pts).expect("a valid convex polygon"),
                )
            }
            Shape::Circle { radius } => SharedShape::new(Ball::new(*radius)),
        })
        .collect()
}

/// A pose as parry2d's.
pub fn parry_pose(p: Pose) -> parry2d::math::Pose {
    parry2d::math::Pose::new(p.position, p.angle)
}

/// The pairs' poses as parry2d's, A's then B's.
pub fn parry_poses(pairs: &[Pair]) -> Vec<(parry2d::math::Pose, parry2d::math::Pose)> {
    pairs
        .iter()
        .map(|p| (parry_pose(p.pose_a), parry_pose(p.pose_b)))
        .collect()
}
