//! The scene drawn by the real renderer, headless on the software adapter:
//! reference images, pixel checks of what the test found, the 2× image,
//! and the binary's `--screenshot` and its refusals of bad arguments.

mod support;

use std::process::Command;
use std::sync::{Mutex, OnceLock};

use image::RgbaImage;
use sat_visualizer::app::{self, AppError, Options, parse_args};
use sat_visualizer::draw::{Color, DrawList};
use sat_visualizer::render::Headless;
use sat_visualizer::sat::Vec2;
use sat_visualizer::scene::{AMBER, Action, BACKGROUND, BLUE, GREEN, GREY, Scene, TEXT};
use support::{Tolerance, compare_with_reference, count_near, count_near_in, is_near};

/// One headless renderer for every test in this file (making one costs far
/// more than a render), or None when SAT_SKIP_GPU_TESTS=1 says to skip.
fn gpu() -> Option<&'static Mutex<Headless>> {
    static GPU: OnceLock<Option<Mutex<Headless>>> = OnceLock::new();
    GPU.get_or_init(|| support::headless().map(Mutex::new))
        .as_ref()
}

/// The scene as a window `w`×`h` logical pixels at `scale` would show it.
fn shot(scene: &mut Scene, w: u32, h: u32, scale: f32) -> Option<RgbaImage> {
    let gpu = gpu()?;
    scene.set_hints(app::hints());
    scene.resize(w as f32, h as f32);
    let mut list = DrawList::default();
    scene.build(&mut list);
    let mut gpu = gpu.lock().unwrap_or_else(|e| e.into_inner());
    Some(gpu.render(&list, w, h, scale).expect("the scene renders"))
}

fn overlapping_scene() -> Scene {
    let mut scene = Scene::new();
    scene.set_box(Vec2::new(560.0, 360.0), 0.3).unwrap();
    scene
}

/// The chapter's step 5: the box's corner just inside the circle.
fn circle_scene() -> Scene {
    let mut scene = Scene::new();
    scene.start(Action::ToggleCircle);
    scene.set_box(Vec2::new(508.0, 290.0), 0.3).unwrap();
    scene
}

#[test]
fn reference_images_of_the_scene() {
    let cases: [(&str, Scene); 4] = [
        ("scene_apart", Scene::new()),
        ("scene_overlapping", overlapping_scene()),
        ("scene_circle", circle_scene()),
        ("scene_extras", {
            let mut s = overlapping_scene();
            s.set_box(Vec2::new(620.0, 380.0), 0.0).unwrap();
            for k in Action::OVERLAYS {
                s.start(k);
            }
            s
        }),
    ];
    for (name, mut scene) in cases {
        let Some(image) = shot(&mut scene, 1000, 700, 1.0) else {
            return;
        };
        compare_with_reference(name, &image, Tolerance::DEFAULT);
    }
}

#[test]
fn overlapping_is_amber_with_no_blue_or_green() {
    let mut scene = overlapping_scene();
    assert!(scene.result().overlapping);
    let Some(img) = shot(&mut scene, 1000, 700, 1.0) else {
        return;
    };
    let amber = count_near(&img, AMBER, 4);
    assert!(
        amber > 1500,
        "amber outlines, arrow and readout: {amber} px"
    );
    assert_eq!(
        count_near(&img, BLUE, 24),
        0,
        "no blue box when overlapping"
    );
    assert_eq!(
        count_near(&img, GREEN, 24),
        0,
        "no green shape when overlapping"
    );
    // The readout is amber too: its line holds amber text pixels.
    assert!(count_near_in(&img, (0, 0, 500, 28), AMBER, 20) > 100);
    // The arrow runs from the box's center along the push: its middle is amber.
    let r = scene.result();
    let mid = scene.box_position() + r.push() * 0.5;
    let around = (
        mid.x as u32 - 2,
        mid.y as u32 - 2,
        mid.x as u32 + 3,
        mid.y as u32 + 3,
    );
    assert!(
        count_near_in(&img, around, AMBER, 8) > 0,
        "the arrow's shaft at {mid}"
    );
}

#[test]
fn apart_is_blue_and_green_with_grey_dashes() {
    let mut scene = Scene::new();
    assert!(!scene.result().overlapping);
    let Some(img) = shot(&mut scene, 1000, 700, 1.0) else {
        return;
    };
    assert!(count_near(&img, BLUE, 4) > 500, "the blue box");
    assert!(count_near(&img, GREEN, 4) > 500, "the green pentagon");
    assert_eq!(count_near(&img, AMBER, 24), 0, "no amber when apart");

    // Walk along the dividing line inside the window, away from the text:
    // grey and not grey must alternate, dash after dash.
    let (p, q) = scene.dividing_line(700.0).unwrap();
    let (mut runs, mut last, mut grey_px) = (0, None, 0);
    for i in 0..=1400 {
        let at = p.lerp(q, i as f32 / 1400.0);
        if !(at.x >= 0.0 && at.x < 1000.0 && at.y > 60.0 && at.y < 650.0) {
            continue;
        }
        let grey = is_near(img.get_pixel(at.x as u32, at.y as u32), GREY, 20);
        grey_px += grey as usize;
        if last != Some(grey) {
            runs += 1;
            last = Some(grey);
        }
    }
    assert!(grey_px > 150, "grey along the line: {grey_px}");
    assert!(runs > 40, "dashes alternate: {runs} runs");
}

#[test]
fn the_circle_scene_draws_a_circle() {
    let mut scene = circle_scene();
    assert!(
        scene.result().overlapping,
        "the corner pokes into the circle"
    );
    let Some(img) = shot(&mut scene, 1000, 700, 1.0) else {
        return;
    };
    // The circle's outline passes through (620 + 80 cos t, 380 + 80 sin t)
    // for every t; a pentagon's corner-to-corner edges would miss most of
    // these points (its edges' middles are 15 px inside the circle).
    let mut hits = 0;
    for i in 0..36 {
        let t = i as f32 * std::f32::consts::TAU / 36.0;
        let at = Vec2::new(620.0, 380.0) + Vec2::from_angle(t) * 80.0;
        let region = (
            at.x as u32 - 1,
            at.y as u32 - 1,
            at.x as u32 + 2,
            at.y as u32 + 2,
        );
        hits += (count_near_in(&img, region, AMBER, 30) > 0) as u32;
    }
    assert!(hits >= 34, "amber on the circle at {hits} of 36 angles");
}

#[test]
fn a_2x_image_is_twice_the_size_and_as_sharp() {
    let mut scene = Scene::new();
    let Some(one) = shot(&mut scene, 1000, 700, 1.0) else {
        return;
    };
    let Some(two) = shot(&mut scene, 1000, 700, 2.0) else {
        return;
    };
    assert_eq!(one.dimensions(), (1000, 700));
    assert_eq!(two.dimensions(), (2000, 1400));
    // A blurred 2x image would have few pixels of the exact colors; a sharp
    // one has lines twice as wide and twice as long: about 4 times as many.
    // (Text may gain more: at 1x most of a thin stem is anti-aliased, at 2x
    // its middle is solid; it must not gain less.)
    for (what, color, most) in [
        ("blue outline", BLUE, 7.0),
        ("green outline", GREEN, 7.0),
        ("text", TEXT, 16.0),
    ] {
        let (a, b) = (count_near(&one, color, 6), count_near(&two, color, 6));
        let ratio = b as f64 / a.max(1) as f64;
        println!("{what}: {a} px at 1x, {b} at 2x ({ratio:.2})");
        assert!(
            a > 50 && (3.0..most).contains(&ratio),
            "{what}: {a} px at 1x, {b} at 2x ({ratio:.2})"
        );
    }
    // And the same picture: the 2x image's every other pixel matches the
    // 1x image away from the edges of shapes.
    let mut same = 0;
    for (x, y, p) in one.enumerate_pixels() {
        let q = two.get_pixel(2 * x, 2 * y);
        same += (0..3).all(|c| p[c].abs_diff(q[c]) <= 24) as usize;
    }
    let share = same as f64 / (1000.0 * 700.0);
    assert!(
        share > 0.97,
        "the 2x image shows the same scene: {share:.4}"
    );
    // Crisp edges at 2x: across the box's outline, from the background to
    // the blue line takes at most 2 physical pixels of blend.
    let row = 2 * 300; // through the box's middle
    let blues: Vec<u32> = (0..2000)
        .filter(|&x| is_near(two.get_pixel(x, row), BLUE, 6))
        .collect();
    assert!(!blues.is_empty(), "the outline crosses row {row}");
    let first = blues[0];
    let blend = (first.saturating_sub(4)..first)
        .filter(|&x| {
            let p = two.get_pixel(x, row);
            !is_near(p, BACKGROUND, 6) && !is_near(p, Color::rgb(34, 39, 47), 6)
        })
        .count();
    assert!(blend <= 2, "{blend} blended pixels before the outline");
}

#[test]
fn a_wide_window_centers_the_world() {
    let mut scene = Scene::new();
    let Some(img) = shot(&mut scene, 2000, 700, 1.0) else {
        return;
    };
    assert_eq!(img.dimensions(), (2000, 700));
    // The box's center is at world (320, 300), 500 px in from the left.
    let c = scene.view().to_logical(scene.box_position());
    assert_eq!(c, Vec2::new(820.0, 300.0));
    assert!(
        count_near_in(&img, (700, 200, 950, 400), BLUE, 4) > 300,
        "the box where the view puts it"
    );
    assert_eq!(
        count_near_in(&img, (0, 100, 700, 600), BLUE, 4),
        0,
        "nothing blue left of it"
    );
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sat-visualizer"))
}

#[test]
fn the_binary_writes_the_screenshot_the_window_would_show() {
    let Some(_) = gpu() else { return };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("cli_shot.png");
    let _ = std::fs::remove_file(&path);
    // The scene's options, the same for the binary and in-process.
    let scene_args = [
        "--size",
        "600x420",
        "--scale",
        "1.5",
        "--box",
        "540,350",
        "--angle",
        "0.2",
        "--circle",
        "--shadows",
    ];
    let out = bin()
        .arg("--screenshot")
        .arg(&path)
        .args(scene_args)
        .output()
        .expect("run the binary");
    assert!(out.status.success(), "{out:?}");
    let file = image::open(&path).expect("a PNG was written").to_rgba8();
    assert_eq!(file.dimensions(), (900, 630));

    // The same options in-process give the same picture.
    let args = ["--screenshot", "x.png"].into_iter().chain(scene_args);
    let app::Command::Run(opts) = parse_args(args).unwrap() else {
        panic!("run")
    };
    let mut scene = opts.scene().unwrap();
    assert!(scene.uses_circle() && scene.shows_shadows());
    let here = shot(&mut scene, 600, 420, 1.5).unwrap();
    let (diff, _) = support::difference(&here, &file, Tolerance::DEFAULT);
    assert!(diff.fraction_over < 0.001, "{diff:?}");
    assert!(
        count_near(&file, AMBER, 4) > 500,
        "the box overlaps the circle: amber"
    );
}

/// Runs the binary with `args` while nobody reads its stdout: a pipe whose
/// read end is closed before the binary starts, as when it is piped into
/// `head` and `head` has gone, so its first write fails. Its status and
/// stderr.
fn run_unread(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = bin()
        .args(args)
        .stdout(writer)
        .output()
        .expect("run the binary");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `--help | head -1`: the help's reader gone before it is written ends
/// the app quietly (status 0, nothing on stderr), not in `println!`'s
/// panic; and the help itself is still printed whole when read.
#[test]
fn help_whose_reader_has_gone_ends_quietly() {
    let (code, err) = run_unread(&["--help".as_ref()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "nothing on stderr: {err}");
    let out = bin().arg("--help").output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), app::help());
}

/// A screenshot's lines for scripts with no one reading them: the PNG is
/// still written and the app ends quietly.
#[test]
fn screenshot_lines_whose_reader_has_gone_end_quietly() {
    let Some(_) = gpu() else { return };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("unread_lines.png");
    let _ = std::fs::remove_file(&path);
    let (code, err) = run_unread(&["--screenshot".as_ref(), path.as_os_str()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    image::open(&path).expect("the PNG was written");
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["--sides", "9"],
        &["--sides"],
        &["--size", "0x700"],
        &["--size", "1000by700"],
        &["--scale", "abc", "--screenshot", "a.png"],
        &["--scale", "2"],
        &["--box", "1"],
        &["--box", "nan,2"],
        &["--angle", "inf"],
        &["--screenshot", "shot.jpg"],
        &["--circle=yes"],
        &["--frobnicate"],
        // The chapter's options (issue 10).
        &["--figure", "nope"],
        &["--step", "0"],
        &["--corners", "500,300;700,300"],
        &["--corners", "500,300;700,300;500,300"],
        &["--corners", "500,300;700,300;nan,400"],
        &["--corners", "500,300;700,300;2e5,400"],
        &["--corners", "500,300;600,300;700,300"],
        &[
            "--size",
            "8000x8000",
            "--scale",
            "2",
            "--screenshot",
            "a.png",
        ],
    ];
    for args in cases {
        let out = bin()
            .args(*args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let lines: Vec<_> = err.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{args:?}: one line, got {err:?}");
        assert!(
            lines[0].starts_with("sat-visualizer: bad argument"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let help = bin().arg("--help").output().unwrap();
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for opt in [
        "--screenshot",
        "--size",
        "--scale",
        "--box",
        "--angle",
        "--circle",
        "--sides",
        "--shadows",
        "--all-axes",
        "--shortcut",
        "--path",
        "--step",
        "--figure",
        "--corners",
        "[PgDn] [PgUp]",
    ] {
        assert!(text.contains(opt), "--help lists {opt}");
    }
    // An unknown figure's one line lists every name.
    let out = bin().args(["--figure", "nope"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    for name in sat_visualizer::scene::Figure::NAMES {
        assert!(err.contains(name), "{err}");
    }
}

/// The scene the binary makes for these arguments (what `--screenshot`
/// would draw).
fn scene_for(args: &[&str]) -> Scene {
    let app::Command::Run(opts) = parse_args(args.iter().copied()).unwrap() else {
        panic!("run")
    };
    opts.scene().unwrap()
}

#[test]
fn reference_images_of_the_chapter() {
    let mut cases: Vec<(String, Scene)> = vec![
        (
            "path_overlapping".into(),
            scene_for(&["--path", "--box", "560,360"]),
        ),
        ("path_apart".into(), scene_for(&["--path"])),
        (
            "path_circle".into(),
            scene_for(&["--path", "--circle", "--box", "508,290"]),
        ),
        (
            "step_2".into(),
            scene_for(&["--step", "2", "--box", "560,360"]),
        ),
        (
            "corners_dent".into(),
            scene_for(&["--corners", "500,280;740,280;740,480;500,480;620,380"]),
        ),
    ];
    for name in sat_visualizer::scene::Figure::NAMES {
        cases.push((format!("figure_{name}"), scene_for(&["--figure", name])));
    }
    for (name, mut scene) in cases {
        let Some(image) = shot(&mut scene, 1000, 700, 1.0) else {
            return;
        };
        compare_with_reference(&name, &image, Tolerance::DEFAULT);
    }
}

/// `--screenshot` prints each line of text the picture shows, top to
/// bottom, so a script can check the chapter's numbers.
#[test]
fn the_screenshot_prints_its_lines_for_scripts() {
    let Some(_) = gpu() else { return };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let lines = |args: &[&str]| -> Vec<String> {
        let path = dir.join("lines.png");
        let out = bin()
            .args(["--screenshot", path.to_str().unwrap(), "--size", "500x350"])
            .args(args)
            .output()
            .expect("run the binary");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    // The worked example: the push of 0.5 reads 50 px, the diagonal's
    // two ways out 106 and 389, and 3 directions among 7 axes.
    let out = lines(&["--figure", "worked-example"]);
    assert_eq!(out[0], "overlapping: push the box 50 px, as shown");
    assert!(out[1].starts_with("axes: "));
    assert!(
        out.iter()
            .any(|l| l.starts_with("6. B's edge 2:") && l.ends_with("forward 106, backward 389")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "7 of 7 axes tried, 3 different directions"),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("worked example")),
        "{out:?}"
    );
    assert!(out.last().unwrap().starts_with("[Drag] the box"));
    // The other figures' numbers.
    assert_eq!(
        lines(&["--figure", "centered"])[0],
        "overlapping: push the box 121 px, as shown"
    );
    assert!(lines(&["--figure", "centered"])[2].starts_with("shortcut (silver): push 90 px"));
    assert_eq!(
        lines(&["--figure", "gap-36"])[0],
        "apart: a gap of 36 px on one axis"
    );
    assert_eq!(
        lines(&["--figure", "corner-circle"])[0],
        "overlapping: push the box 22 px, as shown"
    );
    assert_eq!(
        lines(&["--figure", "exercise-3"])[0],
        "overlapping: push the box 50 px, as shown"
    );
    assert!(
        lines(&["--figure", "shadow-inside"])[0]
            .starts_with("axis 1 of 8: forward 320 px, backward 160 px")
    );
    // The path: inside by the push; outside by at least the gap.
    let out = lines(&["--path", "--box", "560,360"]);
    let push: i64 = out[0].split_whitespace().nth(4).unwrap().parse().unwrap();
    assert_eq!(
        out[2],
        format!("A's center is {push} px inside the path (silver)")
    );
    // A dent from the command line is accepted and said.
    let out = lines(&[
        "--corners",
        "500,280;740,280;740,480;500,480;620,380",
        "--box",
        "470,380",
        "--angle",
        "0",
    ]);
    assert!(
        out.contains(&"a dent: tested as its hull".to_string()),
        "{out:?}"
    );
    assert_eq!(out[0], "overlapping: push the box 40 px, as shown");
}

#[test]
fn no_display_exits_2_and_suggests_screenshot() {
    let out = bin()
        .env("DISPLAY", "")
        .env("WAYLAND_DISPLAY", "")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(
        err.contains("no display") && err.contains("--screenshot"),
        "{err}"
    );
}

#[test]
fn options_parse_into_the_scene() {
    let args = [
        "--box=100,200",
        "--angle",
        "-0.5",
        "--sides",
        "7",
        "--all-axes",
        "--shortcut",
        "--size",
        "800X600",
    ];
    let app::Command::Run(opts) = parse_args(args).unwrap() else {
        panic!("run")
    };
    assert_eq!(opts.size, (800, 600));
    assert!(opts.screenshot.is_none());
    let scene = opts.scene().unwrap();
    assert_eq!(scene.box_position(), Vec2::new(100.0, 200.0));
    assert_eq!(scene.box_angle(), -0.5);
    assert_eq!(scene.sides(), 7);
    assert!(scene.shows_all_axes() && scene.shows_shortcut() && !scene.shows_shadows());
    assert_eq!(scene.view().scale, 0.8);
    assert_eq!(
        parse_args(["--help", "--frobnicate"]).unwrap(),
        app::Command::Help
    );
    assert_eq!(
        parse_args(Vec::<String>::new()).unwrap(),
        app::Command::Run(Options::default())
    );
    assert!(
        matches!(parse_args(["--contacts"]).unwrap(), app::Command::Run(o) if o.contacts && o.scene().unwrap().shows_contacts())
    );
    let err = parse_args(["--sides", "2"]).unwrap_err();
    assert!(matches!(err, AppError::Args(_)) && err.exit_code() == 2);
}

#[test]
fn steady_frames_create_no_gpu_buffers_or_textures() {
    let Some(gpu) = gpu() else { return };
    let mut gpu = gpu.lock().unwrap_or_else(|e| e.into_inner());
    let mut list = DrawList::default();
    // Drag the box back and forth across the pentagon, turning it, with
    // everything shown: colors, pushes, lines and text all change, the
    // target does not. The first pass is the warm-up (buffers grow to the
    // biggest frame); the second pass over the same frames may make nothing.
    let mut scene = Scene::new();
    for k in Action::OVERLAYS {
        scene.start(k);
    }
    scene.pointer_pressed(BOX_START_LOGICAL);
    let mut pass = |scene: &mut Scene, gpu: &mut Headless| {
        let mut overlapped = 0;
        for i in 0..40 {
            let t = if i < 20 { i } else { 40 - i } as f32;
            scene.pointer_moved(BOX_START_LOGICAL + Vec2::new(t * 18.0, t * 3.0));
            overlapped += scene.result().overlapping as u32;
            scene.build(&mut list);
            gpu.render(&list, 1000, 700, 1.0).unwrap();
        }
        overlapped
    };
    let first = pass(&mut scene, &mut gpu);
    let warm = gpu.stats();
    let second = pass(&mut scene, &mut gpu);
    let after = gpu.stats();
    assert!(
        first > 5 && first < 35,
        "the drag crossed in and out: {first}"
    );
    assert_eq!(first, second, "the same frames twice");
    assert_eq!(after.frames, warm.frames + 40);
    assert_eq!(
        after.buffers_created, warm.buffers_created,
        "no vertex/index buffer made per frame"
    );
    assert_eq!(
        after.msaa_textures_created, warm.msaa_textures_created,
        "no MSAA texture made per frame"
    );
}

/// The box's starting center in logical pixels of a 1000×700 window.
const BOX_START_LOGICAL: Vec2 = Vec2::new(320.0, 300.0);

#[test]
fn no_gpu_adapter_exits_2_with_a_clear_line() {
    // A name no adapter has; and the Vulkan loader pointed at no driver.
    let cases: [&[(&str, &str)]; 2] = [
        &[("WGPU_ADAPTER_NAME", "no-such-gpu-anywhere")],
        &[
            ("WGPU_BACKEND", "vulkan"),
            ("VK_ICD_FILENAMES", "/nonexistent/icd.json"),
        ],
    ];
    for envs in cases {
        let out = bin()
            .args(["--screenshot", "never-written.png"])
            .envs(envs.iter().copied())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{envs:?}: {err}");
        let ours: Vec<_> = err
            .lines()
            .filter(|l| l.starts_with("sat-visualizer:"))
            .collect();
        assert_eq!(ours.len(), 1, "{envs:?}: {err}");
        assert!(ours[0].contains("no GPU adapter"), "{envs:?}: {err}");
        assert!(!err.contains("panicked"), "{envs:?}: {err}");
        assert!(!std::path::Path::new("never-written.png").exists());
    }
}

/// A window of any size keeps drawing what fits: a 1×1 window, slivers
/// both ways, at scale factors 0.5 to 4, with every overlay on. Below about
/// 10 px the scene's dashes were once shorter than the renderer accepts,
/// and the frame failed with "invalid draw list".
#[test]
fn any_window_size_and_scale_renders() {
    let Some(_) = gpu() else { return };
    for (w, h) in [(1, 1), (3, 700), (700, 3), (12, 9)] {
        for scale in [0.5f32, 1.0, 4.0] {
            let mut scene = overlapping_scene();
            for a in Action::OVERLAYS {
                scene.start(a);
            }
            let image = shot(&mut scene, w, h, scale).expect("a renderer");
            let physical = |side: u32| (side as f64 * scale as f64).round() as u32;
            assert_eq!(image.dimensions(), (physical(w), physical(h)));
            assert!(
                count_near(&image, BACKGROUND, 24) > 0,
                "{w}x{h} at {scale}: the background is drawn"
            );
        }
    }
}

/// The binary's `--screenshot` at the smallest size exits 0 and writes the
/// 1×1 (and, at scale 4, 4×4) picture.
#[test]
fn the_binary_screenshots_a_1x1_window() {
    let Some(_) = gpu() else { return };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (scale, side) in [("1", 1), ("4", 4)] {
        let path = dir.join(format!("cli_1x1_at_{scale}.png"));
        let _ = std::fs::remove_file(&path);
        let out = bin()
            .args(["--screenshot", path.to_str().unwrap()])
            .args(["--size", "1x1", "--scale", scale, "--shadows"])
            .output()
            .expect("run the binary");
        assert!(out.status.success(), "{out:?}");
        let file = image::open(&path).expect("a PNG was written").to_rgba8();
        assert_eq!(file.dimensions(), (side, side));
    }
}
