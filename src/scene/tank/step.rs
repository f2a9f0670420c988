//! The tank and its fixed time step: drive, then test against every wall
//! and pentagon and move out by each push, once or twice over.

use glam::Vec2;

use super::course::Course;
use super::{
    MAX_STEPS_PER_UPDATE, STEP, TANK_HEIGHT, TANK_SPEED, TANK_START, TANK_START_ANGLE, TANK_WIDTH,
};
use crate::sat::{self, Polygon};
use crate::scene::SceneError;
use crate::scene::state::{TURN_SPEED, check_pose};
use crate::scene::view::{WORLD_HEIGHT, WORLD_WIDTH};

/// The least place the tank's center may drive to: the world's edge, less
/// half the tank's width, so that it always stays in view.
const ARENA_MIN: Vec2 = Vec2::splat(TANK_WIDTH / 2.0);
/// The most place the tank's center may drive to.
const ARENA_MAX: Vec2 = Vec2::new(
    WORLD_WIDTH - TANK_WIDTH / 2.0,
    WORLD_HEIGHT - TANK_WIDTH / 2.0,
);

/// The keys held for the tank: what one step does with it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drive {
    /// Up: drive forward, the way the tank's long side points.
    pub forward: bool,
    /// Down: drive back.
    pub back: bool,
    /// Left: turn counterclockwise on screen.
    pub left: bool,
    /// Right: turn clockwise on screen.
    pub right: bool,
}

impl Drive {
    /// Whether anything is held that moves or turns the tank (a key and
    /// its opposite held together cancel).
    pub fn is_moving(&self) -> bool {
        self.forward != self.back || self.left != self.right
    }
}

/// One push applied in a step: the tank was inside an obstacle, and moved
/// out by the test's push.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Push {
    /// Which obstacle pushed, an index into
    /// [`Course::obstacles`](super::Course::obstacles).
    pub obstacle: usize,
    /// Which pass it came in: 1, or 2 for the second test.
    pub pass: u8,
    /// The tank's center before the push.
    pub at: Vec2,
    /// The push: the axis times the depth, from the obstacle toward the
    /// tank.
    pub push: Vec2,
}

/// The chapter's tank: a 60×40 box that drives and turns, and is moved out
/// of every wall and pentagon by the test's push, step by fixed step.
#[derive(Debug, Clone)]
pub struct Tank {
    course: Course,
    body: Polygon,
    pos: Vec2,
    angle: f32,
    placed: Polygon,
    drive: Drive,
    passes: u8,
    /// Time let pass but not yet stepped, under one [`STEP`].
    pending: f32,
    /// The last step's pushes (its capacity is kept from step to step).
    pushes: Vec<Push>,
    /// The deepest overlap with any obstacle after the last step's passes.
    deepest: f32,
}

impl Default for Tank {
    fn default() -> Self {
        Tank::new(Course::chapter())
    }
}

impl Tank {
    /// A tank at [`TANK_START`] facing [`TANK_START_ANGLE`] in `course`,
    /// with two passes.
    pub fn new(course: Course) -> Tank {
        let body = Polygon::rectangle(TANK_WIDTH, TANK_HEIGHT).expect("a 60×40 box is valid");
        let mut tank = Tank {
            course,
            placed: body.clone(),
            body,
            pos: TANK_START,
            angle: TANK_START_ANGLE,
            drive: Drive::default(),
            passes: 2,
            pending: 0.0,
            pushes: Vec::new(),
            deepest: 0.0,
        };
        tank.place();
        tank.deepest = tank.deepest_overlap();
        tank
    }

    fn place(&mut self) {
        self.placed = self.body.placed(self.pos, self.angle);
    }

    /// The course it drives in.
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// Its center, in world units.
    pub fn position(&self) -> Vec2 {
        self.pos
    }

    /// How far it is turned, in radians (0: facing right).
    pub fn angle(&self) -> f32 {
        self.angle
    }

    /// The way it faces: the unit vector Up drives it along.
    pub fn heading(&self) -> Vec2 {
        Vec2::from_angle(self.angle)
    }

    /// Its corners in the world: shape A of each test.
    pub fn placed(&self) -> &Polygon {
        &self.placed
    }

    /// The keys held for it.
    pub fn drive(&self) -> Drive {
        self.drive
    }

    /// Sets the keys held for it.
    pub fn set_drive(&mut self, drive: Drive) {
        self.drive = drive;
    }

    /// How many times each step tests it against the course: 1 or 2.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Tests it once or twice a step; anything but 1 or 2 is refused.
    pub fn set_passes(&mut self, passes: u8) -> Result<(), SceneError> {
        if !(1..=2).contains(&passes) {
            return Err(SceneError::Passes(passes));
        }
        self.passes = passes;
        Ok(())
    }

    /// Puts it at `position` turned by `angle`, without any push (it may
    /// be left inside an obstacle until the next step); refused for a
    /// position not finite or beyond ±1e5, or an angle not finite.
    pub fn set_pose(&mut self, position: Vec2, angle: f32) -> Result<(), SceneError> {
        check_pose(position, angle)?;
        self.pos = position;
        self.angle = angle % std::f32::consts::TAU;
        self.place();
        self.pushes.clear();
        self.deepest = self.deepest_overlap();
        Ok(())
    }

    /// The pushes the last step applied, in the order applied.
    pub fn pushes(&self) -> &[Push] {
        &self.pushes
    }

    /// Whether a push acted on it in the last step (it is drawn amber).
    pub fn is_pushed(&self) -> bool {
        !self.pushes.is_empty()
    }

    /// The deepest overlap with any wall or pentagon left after the last
    /// step's passes, in world units (0 when it touches nothing).
    pub fn deepest(&self) -> f32 {
        self.deepest
    }

    /// The deepest overlap with any obstacle where the tank is now: the
    /// largest depth of any test that finds the shapes overlapping.
    pub fn deepest_overlap(&self) -> f32 {
        self.course
            .obstacles()
            .iter()
            .map(|o| sat::sat_polygons(&self.placed, &o.shape))
            .filter(|r| r.overlapping)
            .fold(0.0, |deepest, r| deepest.max(r.depth))
    }

    /// One fixed step of [`STEP`] seconds: turn and drive by the held keys
    /// (the center stays within the 1000×700 world, less half the tank's
    /// width, so the tank never drives out of view), then, once per pass, test the tank against every wall and pentagon
    /// in turn and move it out by each push. The push removes only the part
    /// of the move that went into the obstacle, so the tank slides along a
    /// wall it meets at an angle. In a corner, the push out of the second
    /// wall can move it back into the first; a second pass tests it again
    /// and moves it out of that too.
    pub fn step(&mut self) {
        let d = self.drive;
        let turn = (d.right as i8 - d.left as i8) as f32;
        let drive = (d.forward as i8 - d.back as i8) as f32;
        self.angle = (self.angle + turn * TURN_SPEED * STEP) % std::f32::consts::TAU;
        self.pos += Vec2::from_angle(self.angle) * (drive * TANK_SPEED * STEP);
        self.pos = self.pos.clamp(ARENA_MIN, ARENA_MAX);
        self.place();
        self.pushes.clear();
        for pass in 1..=self.passes {
            for (i, o) in self.course.obstacles().iter().enumerate() {
                let r = sat::sat_polygons(&self.placed, &o.shape);
                if r.overlapping && r.depth > 0.0 {
                    self.pushes.push(Push {
                        obstacle: i,
                        pass,
                        at: self.pos,
                        push: r.push(),
                    });
                    self.pos += r.push();
                    self.placed = self.body.placed(self.pos, self.angle);
                }
            }
        }
        self.deepest = self.deepest_overlap();
    }

    /// Lets `dt` seconds pass: as many fixed steps as fit in the time let
    /// pass so far (the rest waits for the next call), at most
    /// [`MAX_STEPS_PER_UPDATE`], so the tank moves the same at any frame
    /// rate. A `dt` that is not a positive finite number does nothing.
    /// Returns how many steps ran.
    pub fn update(&mut self, dt: f32) -> u32 {
        if !(dt.is_finite() && dt > 0.0) {
            return 0;
        }
        // A hair under a step counts as one, so that sixty calls of 1/60 s
        // make sixty steps whatever the rounding of the sum.
        let whole = STEP * (1.0 - 1e-4);
        self.pending += dt;
        let mut steps = 0;
        while self.pending >= whole && steps < MAX_STEPS_PER_UPDATE {
            self.step();
            self.pending = (self.pending - STEP).max(0.0);
            steps += 1;
        }
        if steps == MAX_STEPS_PER_UPDATE {
            // After a stall, drop the time that did not fit, rather than
            // catching up over the following frames.
            self.pending = 0.0;
        }
        steps
    }
}
