//! The chapter's tank exercise: the push as a game uses it. The tank's
//! logic on the CPU (sliding, corners with one pass and two, the fixed
//! time step, `--hold`), and with the viewer, its pictures and the binary.

#[cfg(feature = "viewer")]
mod support;

use sat_visualizer::draw::{self, DrawList, Primitive};
use sat_visualizer::sat::{self, Vec2};
use sat_visualizer::scene::tank::{
    Corner, Course, Drive, STEP, TANK_SPEED, TANK_START, Tank, wall,
};
use sat_visualizer::scene::{AMBER, Action, BLUE, BOX_START_ANGLE, Scene, TURN_SPEED};

const UP: Drive = Drive {
    forward: true,
    back: false,
    left: false,
    right: false,
};

/// The deepest the tank is inside any wall of `course`, found by the test
/// itself rather than read from the tank.
fn inside_walls(tank: &Tank, course: &Course) -> f32 {
    course
        .walls()
        .map(|w| sat::sat_polygons(tank.placed(), w))
        .filter(|r| r.overlapping)
        .fold(0.0, |d, r| d.max(r.depth))
}

/// A tank 150 px out from `corner`, turned `off` radians from straight in,
/// with Up held.
fn facing(corner: &Corner, off: f32, passes: u8) -> Tank {
    let mut tank = Tank::new(Course::chapter());
    tank.set_passes(passes).unwrap();
    let heading = Vec2::from_angle(off).rotate(corner.into);
    tank.set_pose(corner.point - corner.into * 150.0, heading.to_angle())
        .unwrap();
    tank.set_drive(UP);
    tank
}

#[test]
fn driving_into_a_wall_at_30_degrees_keeps_the_motion_along_it() {
    // A wall whose line runs 30° from the tank's way: the tank drives right
    // along y = 300 and meets it at (500, 300).
    let along = Vec2::from_angle(30f32.to_radians());
    let course = Course::new(
        vec![wall(
            Vec2::new(500.0, 300.0) - along * 300.0,
            Vec2::new(500.0, 300.0) + along * 300.0,
        )],
        vec![],
    );
    let mut tank = Tank::new(course.clone());
    tank.set_pose(Vec2::new(330.0, 300.0), 0.0).unwrap();
    tank.set_drive(UP);
    let mut contact = None;
    for i in 0..150 {
        let before = tank.position();
        tank.step();
        let moved = tank.position() - before;
        assert!(
            inside_walls(&tank, &course) < 0.01,
            "step {i}: inside the wall"
        );
        if tank.is_pushed() {
            contact.get_or_insert(i);
            // Not stopped dead: the move's part along the wall stays, the
            // part into it is gone.
            let full = TANK_SPEED * STEP;
            let (kept, into) = (moved.dot(along), moved.dot(along.perp()));
            if contact.is_some_and(|c| i > c + 1) {
                assert!(
                    (kept - full * 30f32.to_radians().cos()).abs() < 0.01 * full,
                    "step {i}: {kept} px along the wall, of {full}"
                );
                assert!(into.abs() < 0.01 * full, "step {i}: {into} px into it");
            }
        }
    }
    let c = contact.expect("the tank reached the wall");
    assert!(c < 60, "it met the wall after {c} steps");
    // After 2.5 s it has slid on along the wall, not stopped at (≈470, 300).
    assert!(tank.position().y > 350.0, "{}", tank.position());
}

#[test]
fn two_passes_keep_the_tank_out_of_every_corner() {
    let course = Course::chapter();
    assert_eq!(course.walls().count(), 6);
    assert_eq!(course.obstacles().len(), 9);
    assert_eq!(course.corners().len(), 3);
    for corner in course.corners() {
        for off in [-0.5, -0.25, 0.0, 0.25, 0.5] {
            let mut tank = facing(corner, off, 2);
            let mut worst: f32 = 0.0;
            for _ in 0..600 {
                tank.step();
                worst = worst.max(inside_walls(&tank, &course));
                assert!((tank.deepest() - tank.deepest_overlap()).abs() < 1e-6);
            }
            assert!(
                worst <= 0.5,
                "corner {:?} at {off}: {worst} px inside a wall",
                corner.walls
            );
            // It is in the corner, held there by both walls.
            let pushers: Vec<usize> = tank.pushes().iter().map(|p| p.obstacle).collect();
            let (i, j) = corner.walls;
            assert!(
                pushers.contains(&i) && pushers.contains(&j),
                "corner {:?} at {off}: last step's pushes {pushers:?}",
                corner.walls
            );
        }
    }
}

/// The chapter's question: in a corner, the push out of the second wall
/// moves the tank back into the first. With one pass the step ends there;
/// a second pass tests again and moves it out.
#[test]
fn one_pass_jitters_in_the_narrow_corner_and_two_settle_it() {
    let course = Course::chapter();
    let corner = course.corners()[0];
    assert!(corner.opening < 70f32.to_radians());
    let (first, second) = corner.walls;
    let run = |passes| {
        let mut tank = facing(&corner, 0.0, passes);
        let (mut least, mut most, mut travel) = (f32::INFINITY, 0.0f32, 0.0f32);
        for i in 0..600 {
            tank.step();
            if i >= 60 {
                let d = sat::sat_polygons(tank.placed(), &course.obstacles()[first].shape);
                let d = if d.overlapping { d.depth } else { 0.0 };
                least = least.min(d);
                most = most.max(d);
                travel = travel.max(tank.pushes().iter().map(|p| p.push.length()).sum());
                // Both walls push, every step.
                let pushed = |w| tank.pushes().iter().any(|p| p.obstacle == w);
                assert!(pushed(first) && pushed(second), "pass {passes}, step {i}");
            }
        }
        (least, most, travel)
    };
    let (least1, most1, travel1) = run(1);
    let (_, most2, travel2) = run(2);
    println!(
        "one pass: every step ends {least1:.3} to {most1:.3} px inside wall {first}, pushed \
         {travel1:.2} px back and forth; two passes: {most2:.3} px ({travel2:.2} px of pushes)"
    );
    // One pass: every step ends with the tank pushed back into the first
    // wall, more than half a pixel deep.
    assert!(least1 > 0.5, "one pass left {least1} px");
    // Two passes: a ninth of that or less.
    assert!(most2 < least1 / 5.0, "two passes left {most2} px");
}

#[test]
fn the_tank_steps_the_same_at_any_frame_rate() {
    let run = |dt: f32, frames: u32| {
        let mut scene = Scene::new();
        scene.start(Action::ToggleTank);
        scene.start(Action::DriveForward);
        scene.start(Action::TurnRight);
        for _ in 0..frames {
            scene.update(dt);
        }
        (scene.tank().position(), scene.tank().angle())
    };
    let at_60 = run(1.0 / 60.0, 120);
    for (dt, frames) in [(1.0 / 30.0, 60), (1.0 / 144.0, 288), (0.05, 40)] {
        assert_eq!(run(dt, frames), at_60, "{frames} frames of {dt}s");
    }
    // And as --hold steps it: the same 120 steps.
    let mut scene = Scene::new();
    scene.start(Action::ToggleTank);
    scene.start(Action::TurnRight);
    scene.hold(Action::DriveForward, 2.0);
    assert_eq!((scene.tank().position(), scene.tank().angle()), at_60);
    // A stall moves it at most 0.1 s worth.
    let mut scene = Scene::new();
    scene.start(Action::ToggleTank);
    scene.start(Action::DriveForward);
    scene.update(5.0);
    let moved = scene.tank().position().distance(TANK_START);
    assert!((moved - TANK_SPEED * 0.1).abs() < 0.01, "{moved}");
}

#[test]
fn g_switches_and_the_keys_act_on_the_mode_shown() {
    let mut scene = Scene::new();
    assert!(!scene.is_tank() && scene.tank_line().is_none());
    // Up does nothing to SAT Visualizer's box.
    assert!(!scene.start(Action::DriveForward));
    scene.stop(Action::DriveForward);
    assert!(scene.start(Action::ToggleTank));
    assert!(scene.is_tank());
    // In the tank game Left and Right turn the tank, not the box, and the
    // visualizer's keys do nothing.
    scene.hold(Action::TurnRight, 0.5);
    assert_eq!(scene.box_angle(), BOX_START_ANGLE);
    assert!((scene.tank().angle() - TURN_SPEED * 0.5).abs() < 1e-4);
    assert!(!scene.start(Action::ToggleCircle));
    assert!(!scene.uses_circle());
    // V switches the passes, and the line says so.
    assert_eq!(scene.tank().passes(), 2);
    scene.start(Action::TogglePasses);
    assert_eq!(scene.tank().passes(), 1);
    assert!(scene.tank_line().unwrap().contains("after 1 pass: "));
    // A key held across G is let go.
    scene.start(Action::DriveForward);
    assert!(scene.is_animating());
    scene.start(Action::ToggleTank);
    assert!(!scene.is_tank() && !scene.is_animating());
    // In SAT Visualizer, hold turns the box.
    scene.hold(Action::TurnLeft, 0.5);
    assert!((scene.box_angle() - (BOX_START_ANGLE - TURN_SPEED * 0.5)).abs() < 1e-4);
}

#[test]
fn the_tank_line_reads_as_the_issue_words_it() {
    let mut scene = Scene::new();
    scene.set_tank(true);
    assert_eq!(
        scene.tank_line().unwrap(),
        "tank: at 470,210, angle 0.00 rad; deepest overlap after 2 passes: 0.00 px"
    );
    assert!(scene.tank_mut().set_passes(3).is_err());
}

#[test]
fn k_shows_where_the_tank_touches_each_wall_of_a_corner() {
    let course = Course::chapter();
    let mut scene = Scene::new();
    scene.set_tank(true);
    let c = course.corners()[0];
    *scene.tank_mut() = facing(&c, 0.0, 2);
    for _ in 0..120 {
        scene.tank_mut().step();
    }
    let dots = |scene: &Scene| {
        let mut list = DrawList::default();
        scene.build(&mut list);
        list.validate().unwrap();
        list.items
            .iter()
            .filter(|p| matches!(p, Primitive::Circle(_)))
            .count()
    };
    assert!(scene.tank_contacts().is_empty(), "hidden until K");
    assert_eq!(dots(&scene), 0);
    assert!(
        scene.start(Action::ToggleContacts),
        "K acts in the tank game"
    );
    let contacts = scene.tank_contacts();
    // Wedged into the corner, the tank touches both of its walls.
    assert!(contacts.len() >= 2, "{contacts:?}");
    let points: usize = contacts.iter().map(|m| m.points().len()).sum();
    assert_eq!(dots(&scene), 2 * points, "a dot on each surface");
    for m in &contacts {
        // Settled by two passes: touching, not deep inside.
        let deepest = m.deepest().unwrap();
        assert!(deepest > -1.0, "{m:?}");
        assert!((m.normal.length() - 1.0).abs() < 1e-5);
        for p in m.points() {
            // Each point's tank end lies on the tank's outline.
            let on_tank = p.point + m.normal * (p.separation / 2.0);
            let outline = scene.tank().placed();
            let nearest = outline
                .edges()
                .map(|(a, b)| {
                    let t = ((on_tank - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
                    on_tank.distance(a + (b - a) * t)
                })
                .fold(f32::INFINITY, f32::min);
            assert!(nearest < 1e-2, "{nearest}");
        }
    }
    assert!(scene.start(Action::ToggleContacts));
    assert!(scene.tank_contacts().is_empty());
}

#[test]
fn the_frame_shows_the_pushes_and_an_amber_tank() {
    let course = Course::chapter();
    let mut scene = Scene::new();
    scene.set_tank(true);
    scene.set_tank_hints("[Up] [Down] drive");
    let mut list = DrawList::default();
    scene.build(&mut list);
    list.validate().unwrap();
    let arrows = |l: &DrawList| {
        l.items
            .iter()
            .filter(|p| matches!(p, Primitive::Arrow(_)))
            .count()
    };
    // The tank is the polygon drawn after the course's nine.
    let tank_color = |l: &DrawList| {
        l.items
            .iter()
            .filter_map(|p| match p {
                Primitive::Polygon(draw::Polygon { points, paint }) => Some((points, paint)),
                _ => None,
            })
            .nth(course.obstacles().len())
            .and_then(|(points, paint)| {
                assert_eq!(points.len(), 4, "the tank is a box");
                paint.stroke.map(|(c, _)| c)
            })
            .expect("the tank is drawn")
    };
    assert_eq!(arrows(&list), 0);
    assert_eq!(tank_color(&list), BLUE);
    // Into the first corner: pushes act, each drawn as an arrow.
    let c = course.corners()[0];
    *scene.tank_mut() = facing(&c, 0.0, 2);
    for _ in 0..120 {
        scene.tank_mut().step();
    }
    scene.build(&mut list);
    list.validate().unwrap();
    assert!(scene.tank().pushes().len() >= 2);
    assert_eq!(arrows(&list), scene.tank().pushes().len());
    assert_eq!(tank_color(&list), AMBER);
    let texts: Vec<&str> = list
        .items
        .iter()
        .filter_map(|p| match p {
            Primitive::Text(t) => Some(t.text.as_str()),
            _ => None,
        })
        .collect();
    for want in [
        "tank: at ",
        "Why it slides",
        "second pass",
        "[Up] [Down] drive",
    ] {
        assert!(texts.iter().any(|t| t.contains(want)), "{want}: {texts:?}");
    }
    // Valid at odd sizes too.
    for (w, h) in [(1.0, 1.0), (3.0, 700.0), (4000.0, 90.0)] {
        scene.resize(w, h);
        scene.build(&mut list);
        list.validate().unwrap();
    }
}

/// The tank's pictures, rendered headless on the software adapter, and the
/// binary's `--tank`, `--passes` and `--hold`.
#[cfg(feature = "viewer")]
mod viewer {
    use std::process::Command;

    use sat_visualizer::app::{self, Options, parse_args};
    use sat_visualizer::draw::DrawList;
    use sat_visualizer::scene::{AMBER, Action, BLUE, Scene};

    use super::support::{self, Tolerance, compare_with_reference, count_near};

    /// The scene as the app sets it up from `args`, as `--screenshot` would
    /// show it at 1000×700.
    fn shot(args: &[&str]) -> Option<(Scene, image::RgbaImage)> {
        let mut gpu = support::headless()?;
        let Ok(app::Command::Run(opts)) = parse_args(args.iter().copied()) else {
            panic!("{args:?} parse");
        };
        let scene = opts.scene().expect("the scene");
        let mut list = DrawList::default();
        scene.build(&mut list);
        Some((scene, gpu.render(&list, 1000, 700, 1.0).expect("renders")))
    }

    /// Into the narrow corner: back a little, turn to face it, drive in.
    const INTO_CORNER: &str = "Down:0.5,Left:1.34,Up:4";

    #[test]
    fn reference_images_of_the_course() {
        for (name, args) in [
            ("tank_course", &["--tank"][..]),
            (
                "tank_corner_one_pass",
                &["--tank", "--passes", "1", "--hold", INTO_CORNER],
            ),
            ("tank_corner_two_passes", &["--tank", "--hold", INTO_CORNER]),
        ] {
            let Some((scene, image)) = shot(args) else {
                return;
            };
            let pushed = scene.tank().is_pushed();
            assert_eq!(pushed, name != "tank_course", "{name}");
            // Blue when free, amber while a push acts on it.
            let (want, not) = if pushed { (AMBER, BLUE) } else { (BLUE, AMBER) };
            assert!(count_near(&image, want, 4) > 300, "{name}");
            assert_eq!(count_near(&image, not, 24), 0, "{name}");
            compare_with_reference(name, &image, Tolerance::DEFAULT);
        }
    }

    #[test]
    fn the_visualizer_pictures_do_not_change_with_the_tank_options() {
        // --hold in SAT Visualizer turns the box, as a held key would.
        let (Some((held, a)), Some((_, b))) = (
            shot(&["--hold", "Right:0.5"]),
            shot(&["--angle", &(0.3f32 + 1.8 * 0.5).to_string()]),
        ) else {
            return;
        };
        assert!((held.box_angle() - 1.2).abs() < 1e-4);
        let (diff, _) = support::difference(&a, &b, Tolerance::DEFAULT);
        assert!(diff.fraction_over < 0.001, "{diff:?}");
        let opts = Options {
            tank: false,
            ..Options::default()
        };
        assert!(!opts.scene().unwrap().is_tank());
        let mut s = opts.scene().unwrap();
        s.start(Action::ToggleTank);
        assert!(s.is_tank());
    }

    fn bin() -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_sat-visualizer"));
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
        c
    }

    #[test]
    fn the_screenshot_prints_the_tanks_line() {
        if support::headless().is_none() {
            return;
        }
        let dir = std::env::temp_dir().join(format!("sat-tank-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("tank.png");
        let out = bin()
            .args([
                "--tank",
                "--passes",
                "1",
                "--hold",
                INTO_CORNER,
                "--screenshot",
            ])
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let line = stdout.trim();
        assert!(
            line.starts_with("tank: at 16")
                && line.contains(", angle -2.40 rad; deepest overlap after 1 pass: 0.8"),
            "{line}"
        );
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        assert!(path.exists());
        // SAT Visualizer prints its own lines of text instead (issue 10),
        // and no tank line.
        let out = bin().arg("--screenshot").arg(&path).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}");
        assert!(
            stdout.starts_with("apart: a gap of") && !stdout.contains("tank:"),
            "{stdout}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_hold_or_passes_exit_2_with_one_line() {
        for (args, says) in [
            (&["--hold", "Jump:1"][..], "\"Jump\""),
            (&["--hold", "Up:-1"], "\"-1\""),
            (&["--hold", "Up:0"], "\"0\""),
            (&["--hold", "Up:1e9"], "\"1e9\""),
            (&["--hold", "Up"], "--hold"),
            (&["--hold", "Up:1,"], "--hold"),
            (&["--hold", ""], "--hold"),
            (&["--passes", "3"], "--passes"),
            (&["--passes", "one"], "--passes"),
        ] {
            let out = bin().args(args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            let lines: Vec<&str> = err.lines().collect();
            assert_eq!(lines.len(), 1, "{args:?}: {err}");
            assert!(
                lines[0].starts_with("sat-visualizer: bad argument") && lines[0].contains(says),
                "{args:?}: {err}"
            );
            assert!(out.stdout.is_empty());
        }
    }

    #[test]
    fn the_keymap_names_the_tanks_keys() {
        let line = app::tank_hints();
        assert_eq!(
            line,
            "[Up] [Down] drive   [Left] [Right] turn it   [V] one pass or two   [G] the tank or SAT Visualizer   [K] contacts   [Esc] quit"
        );
        for (name, action) in [
            ("Up", Action::DriveForward),
            ("down", Action::DriveBack),
            ("LEFT", Action::TurnLeft),
            ("Right", Action::TurnRight),
        ] {
            assert_eq!(app::held_action(name), Some(action), "{name}");
        }
        assert_eq!(app::held_action("V"), None);
        let help = app::help_text();
        for want in ["[Up] [Down]", "[V]", "[G]"] {
            assert!(help.contains(want), "{want}: {help}");
        }
    }
}
