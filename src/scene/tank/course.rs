//! The course the tank drives in: six long, thin walls at different angles,
//! meeting in pairs in three corners, and three fixed pentagons.

use glam::Vec2;

use crate::sat::Polygon;

/// How thick a wall is, in world units.
pub const WALL_THICKNESS: f32 = 16.0;
/// The fixed pentagons' radius: their corners' distance from their center.
pub const PENTAGON_RADIUS: f32 = 36.0;

/// The chapter course's walls, each as the two ends of its center line. They
/// meet in pairs: walls 0 and 1 at (110, 110), 2 and 3 at (900, 330), 4 and
/// 5 at (480, 585); the corners between them are 69°, 117° and 103° wide.
const WALLS: [(Vec2, Vec2); 6] = [
    (Vec2::new(110.0, 110.0), Vec2::new(420.0, 150.0)),
    (Vec2::new(110.0, 110.0), Vec2::new(190.0, 440.0)),
    (Vec2::new(900.0, 330.0), Vec2::new(740.0, 100.0)),
    (Vec2::new(900.0, 330.0), Vec2::new(760.0, 590.0)),
    (Vec2::new(480.0, 585.0), Vec2::new(290.0, 460.0)),
    (Vec2::new(480.0, 585.0), Vec2::new(640.0, 430.0)),
];

/// The chapter course's pentagons' centers.
const PENTAGONS: [Vec2; 3] = [
    Vec2::new(600.0, 250.0),
    Vec2::new(350.0, 310.0),
    Vec2::new(660.0, 340.0),
];

/// What the tank can run into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ObstacleKind {
    /// A long, thin wall.
    Wall,
    /// A fixed pentagon.
    Pentagon,
}

/// One fixed shape of the course, placed in the world: shape B of the test
/// the tank (shape A) runs against it.
#[derive(Debug, Clone, PartialEq)]
pub struct Obstacle {
    /// A wall or a pentagon.
    pub kind: ObstacleKind,
    /// Its corners in the world.
    pub shape: Polygon,
}

/// Where two walls meet: the corner the tank can drive into, where one
/// wall's push can move it into the other.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Corner {
    /// Where the walls' center lines meet.
    pub point: Vec2,
    /// The two walls, as indices into [`Course::obstacles`].
    pub walls: (usize, usize),
    /// The unit direction that drives straight into the corner: along the
    /// line halfway between the walls, toward `point`.
    pub into: Vec2,
    /// The angle between the walls, in radians: the narrower, the more the
    /// push out of one wall moves the tank into the other.
    pub opening: f32,
}

/// The walls and pentagons the tank drives among, and the corners where
/// walls meet.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    obstacles: Vec<Obstacle>,
    corners: Vec<Corner>,
}

impl Default for Course {
    fn default() -> Self {
        Course::chapter()
    }
}

impl Course {
    /// The exercise's course: six walls at different angles meeting in
    /// three corners, and three pentagons, all inside the 1000×700 world
    /// and clear of the text at its top and bottom.
    pub fn chapter() -> Course {
        let mut course = Course::new(
            WALLS.iter().map(|&(a, b)| wall(a, b)).collect(),
            PENTAGONS.iter().map(|&c| pentagon(c)).collect(),
        );
        for (i, j) in [(0, 1), (2, 3), (4, 5)] {
            let (p, a) = WALLS[i];
            let (_, b) = WALLS[j];
            let (da, db) = ((a - p).normalize(), (b - p).normalize());
            course.corners.push(Corner {
                point: p,
                walls: (i, j),
                into: -(da + db).normalize(),
                opening: da.angle_to(db).abs(),
            });
        }
        course
    }

    /// A course of these walls and pentagons (already placed), walls first;
    /// it lists no corners.
    pub fn new(walls: Vec<Polygon>, pentagons: Vec<Polygon>) -> Course {
        let obstacles = walls
            .into_iter()
            .map(|shape| Obstacle {
                kind: ObstacleKind::Wall,
                shape,
            })
            .chain(pentagons.into_iter().map(|shape| Obstacle {
                kind: ObstacleKind::Pentagon,
                shape,
            }))
            .collect();
        Course {
            obstacles,
            corners: Vec::new(),
        }
    }

    /// Every wall and pentagon, in the order the tank is tested against
    /// them: walls first.
    pub fn obstacles(&self) -> &[Obstacle] {
        &self.obstacles
    }

    /// The walls alone.
    pub fn walls(&self) -> impl Iterator<Item = &Polygon> + '_ {
        self.obstacles
            .iter()
            .filter(|o| o.kind == ObstacleKind::Wall)
            .map(|o| &o.shape)
    }

    /// The corners where two walls meet (none for a course made by
    /// [`Course::new`]).
    pub fn corners(&self) -> &[Corner] {
        &self.corners
    }
}

/// A wall along the center line from `from` to `to`: a box
/// [`WALL_THICKNESS`] thick, reaching half its thickness past each end, so
/// two walls that share an end close the corner between them.
///
/// # Panics
///
/// Never for ends within the SAT core's coordinate range that are apart:
/// such a box is always a valid polygon. Ends that coincide give a square
/// wall [`WALL_THICKNESS`] wide.
pub fn wall(from: Vec2, to: Vec2) -> Polygon {
    let along = to - from;
    Polygon::rectangle(along.length() + WALL_THICKNESS, WALL_THICKNESS)
        .expect("a wall's sides are positive")
        .placed((from + to) * 0.5, along.y.atan2(along.x))
}

/// A fixed pentagon of [`PENTAGON_RADIUS`] around `center`, first corner
/// straight up.
pub fn pentagon(center: Vec2) -> Polygon {
    Polygon::regular(5, PENTAGON_RADIUS)
        .expect("a pentagon of radius 36 is valid")
        .placed(center, 0.0)
}
