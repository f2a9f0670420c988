//! The page in headless Chromium, driven through WebDriver like a user:
//! the starting scene's colors, `?box=600,370` turning both shapes amber, a
//! drag of the box onto the pentagon (with the mouse, and with a finger),
//! a bad parameter's one line over the default scene, the page's picture
//! against the native headless render of the same scene, the same picture
//! on WebGPU where the browser offers it, and, in a browser with no GPU, a
//! line saying so instead of the canvas.
//!
//! Builds the page with web/build.sh (incremental), serves target/web on
//! 127.0.0.1 from the test, and drives Debian's chromium through
//! chromedriver, with WebGL2 on SwiftShader (and WebGPU on SwiftShader's
//! Vulkan, with Chromium's flags for it). Needs `chromium` and
//! `chromium-driver` (apt-get install -y chromium chromium-driver); without
//! them it fails, naming them, unless SAT_SKIP_WEB_TESTS=1.

#[path = "support/serve.rs"]
mod serve;
mod support;
#[path = "support/webdriver.rs"]
mod webdriver;

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use image::RgbaImage;
use sat_visualizer::app::Options;
use sat_visualizer::draw::DrawList;
use sat_visualizer::sat::Vec2;
use sat_visualizer::scene::{AMBER, BLUE, BOX_START, GREEN, GREY, View};
use support::{Tolerance, count_near, count_near_in};
use webdriver::{Driver, Pointer, Session};

/// The browser's window, in CSS pixels at a device pixel ratio of 1.
const WINDOW: (u32, u32) = (1000, 700);

fn on_path(tool: &str) -> Option<String> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(tool))
        .find(|p| p.is_file())
        .map(|p| p.display().to_string())
}

/// Chromium's flags for WebGL2 on SwiftShader (through ANGLE).
const WEBGL2: &[&str] = &["--use-angle=swiftshader", "--enable-unsafe-swiftshader"];

/// Chromium's flags for WebGPU on SwiftShader's Vulkan.
const WEBGPU: &[&str] = &[
    "--enable-unsafe-webgpu",
    "--enable-features=Vulkan,WebGPU",
    "--use-vulkan=swiftshader",
    "--use-webgpu-adapter=swiftshader",
];

/// Chromium's binary, or None (after saying so) when SAT_SKIP_WEB_TESTS=1;
/// no chromium or chromedriver otherwise fails the test, naming them.
fn browser_or_skip() -> Option<String> {
    if std::env::var("SAT_SKIP_WEB_TESTS").as_deref() == Ok("1") {
        println!("skipped: SAT_SKIP_WEB_TESTS=1");
        return None;
    }
    let chromium = ["chromium", "chromium-browser"]
        .into_iter()
        .find_map(on_path);
    let driver = on_path("chromedriver");
    assert!(
        chromium.is_some() && driver.is_some(),
        "the page's test needs Chromium and chromedriver (found chromium: {chromium:?}, \
         chromedriver: {driver:?}): apt-get install -y chromium chromium-driver \
         (or set SAT_SKIP_WEB_TESTS=1 to skip it on purpose)"
    );
    chromium
}

fn output_dir() -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("output");
    std::fs::create_dir_all(&dir).expect("create tests/output");
    dir
}

/// Builds the page with web/build.sh (a no-op when nothing changed) and
/// returns its folder.
fn build_page() -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(root.join("web").join("build.sh"))
        .output()
        .expect("run web/build.sh");
    assert!(
        out.status.success(),
        "web/build.sh failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let web = root.join("target").join("web");
    for file in ["index.html", "sat-visualizer.js", "sat-visualizer_bg.wasm"] {
        assert!(web.join(file).is_file(), "web/build.sh made no {file}");
    }
    web
}

/// The page's canvas in the viewport (left, top, width and height in CSS
/// pixels), the viewport's size, and the device pixel ratio.
fn canvas_rect(session: &Session) -> (Vec2, Vec2, Vec2, f32) {
    let v = session.script(
        "const r = document.getElementById('sat').getBoundingClientRect();\
         return [r.left, r.top, r.width, r.height,\
                 window.innerWidth, window.innerHeight, window.devicePixelRatio];",
    );
    let n = |i: usize| v[i].as_f64().unwrap_or_else(|| panic!("canvas rect: {v}")) as f32;
    (
        Vec2::new(n(0), n(1)),
        Vec2::new(n(2), n(3)),
        Vec2::new(n(4), n(5)),
        n(6),
    )
}

/// The page's message line, if it is shown.
fn message(session: &Session) -> Option<String> {
    session
        .script(
            "const m = document.getElementById('message');\
             return m.hidden ? null : m.textContent;",
        )
        .as_str()
        .map(str::to_owned)
}

/// Screenshots until `ok` holds (the page starts, and draws,
/// asynchronously), up to `secs`; the last screenshot and whether it held.
fn shot_until(session: &Session, secs: u64, ok: impl Fn(&RgbaImage) -> bool) -> (RgbaImage, bool) {
    let start = Instant::now();
    loop {
        let img = session.screenshot();
        if ok(&img) {
            return (img, true);
        }
        if start.elapsed() > Duration::from_secs(secs) {
            return (img, false);
        }
        sleep(Duration::from_millis(250));
    }
}

/// Saves a screenshot under tests/output as web_NAME.png, and says where.
fn save(name: &str, img: &RgbaImage) -> String {
    let path = output_dir().join(format!("web_{name}.png"));
    img.save(&path).expect("write a screenshot");
    path.display().to_string()
}

/// The colors in a picture of the starting scene: the blue box, the green
/// pentagon, the grey dashes between them, and no amber.
fn starting_colors(img: &RgbaImage) -> bool {
    count_near(img, BLUE, 6) > 300
        && count_near(img, GREEN, 6) > 300
        && count_near(img, GREY, 6) > 50
        && count_near(img, AMBER, 20) == 0
}

/// Fails, saving both pictures and their difference, unless `a` and `b`
/// are the same picture less the rasterizers' differences: after a 3×3
/// blur, no more than 1% of the pixels differ by more than 24 in a channel.
fn assert_same_picture((a_name, a): (&str, &RgbaImage), (b_name, b): (&str, &RgbaImage)) {
    let tolerance = Tolerance {
        channel: 24,
        fraction: 0.01,
    };
    let (raw, _) = support::difference(a, b, tolerance);
    let (numbers, diff) = support::difference(&blur(a), &blur(b), tolerance);
    println!("{b_name} vs {a_name}: {raw:?}; blurred 3x3: {numbers:?}");
    if numbers.fraction_over > tolerance.fraction {
        let paths = [
            save(a_name, a),
            save(b_name, b),
            save(&format!("{b_name}_vs_{a_name}"), &diff),
        ];
        panic!("{b_name} differs from {a_name}: {numbers:?}; {paths:?}");
    }
}

/// A 3×3 box blur: what is left of a difference after it is more than
/// where two rasterizers put an edge's anti-aliasing.
fn blur(img: &RgbaImage) -> RgbaImage {
    let (w, h) = img.dimensions();
    RgbaImage::from_fn(w, h, |x, y| {
        let mut sum = [0u32; 4];
        let mut n = 0;
        for yy in y.saturating_sub(1)..(y + 2).min(h) {
            for xx in x.saturating_sub(1)..(x + 2).min(w) {
                let p = img.get_pixel(xx, yy);
                (0..4).for_each(|c| sum[c] += p[c] as u32);
                n += 1;
            }
        }
        image::Rgba(sum.map(|s| (s / n) as u8))
    })
}

#[test]
fn the_page_draws_the_scene_and_takes_a_drag_in_headless_chromium() {
    let Some(chromium) = browser_or_skip() else {
        return;
    };
    let port = serve::serve(build_page());
    let page = |query: &str| format!("http://127.0.0.1:{port}/{query}");
    let driver = Driver::start();
    let window_size = format!("--window-size={},{}", WINDOW.0, WINDOW.1);
    // Headless Chromium at the test's window size, with `flags` besides.
    let open = |flags: &[&str]| {
        let mut args = vec!["--headless", "--no-sandbox", "--disable-dev-shm-usage"];
        args.extend(flags);
        args.push(&window_size);
        driver.session(&chromium, &args)
    };
    let one_to_one: &[&str] = &["--force-device-scale-factor=1", "--hide-scrollbars"];
    let session = open(&[WEBGL2, one_to_one].concat());

    // 1. The starting scene: the blue box, the green pentagon, the grey
    // dashes, no amber.
    session.go(&page(""));
    let (first, ok) = shot_until(&session, 120, starting_colors);
    let backend = session.script("return document.body.dataset.backend || null;");
    println!("the page draws with {backend}");
    assert!(
        ok,
        "the page never drew the starting scene (message: {:?}, backend {backend}): {}",
        message(&session),
        save("start", &first)
    );
    assert_eq!(message(&session), None, "no message on a good address");
    let (origin, size, viewport, ratio) = canvas_rect(&session);
    println!("canvas {size} at {origin} in a {viewport} viewport at {ratio} px per px");
    assert_eq!(
        (origin, size, ratio),
        (Vec2::ZERO, viewport, 1.0),
        "the canvas fills the viewport"
    );
    assert_eq!(size.x, WINDOW.0 as f32, "the window's width");

    // 4. The page's picture is the native app's, less the rasterizers'
    // differences: the headless render (what --screenshot writes) of the
    // same scene at the canvas's size.
    if let Some(mut gpu) = support::headless() {
        let opts = Options {
            size: (size.x as u32, size.y as u32),
            ..Options::default()
        };
        let mut list = DrawList::default();
        opts.scene().expect("the default scene").build(&mut list);
        let native = gpu
            .render(&list, opts.size.0, opts.size.1, ratio)
            .expect("headless render");
        let shown =
            image::imageops::crop_imm(&first, 0, 0, native.width(), native.height()).to_image();
        assert_same_picture(("native", &native), ("page", &shown));
    }

    // Where a world point is in the viewport: the same view the app draws
    // with, fitted to the canvas.
    let view = View::fit(size.x, size.y).expect("a canvas to fit");
    let at = |world: Vec2| {
        let p = origin + view.to_logical(world);
        (p.x, p.y)
    };
    let near_target = |img: &RgbaImage, target: Vec2| {
        let (x, y) = at(target);
        let r = 60.0 * view.scale;
        let region = (
            (x - r) as u32,
            (y - r) as u32,
            (x + r) as u32,
            (y + r) as u32,
        );
        count_near_in(img, region, AMBER, 6)
    };

    // 3. A drag of the box onto the pentagon, with the mouse and then with
    // a finger: both shapes amber, the box where the pointer let go.
    let target = Vec2::new(560.0, 360.0);
    for (name, pointer) in [("mouse", Pointer::Mouse), ("touch", Pointer::Touch)] {
        session.go(&page(""));
        let (_, ok) = shot_until(&session, 60, starting_colors);
        assert!(ok, "{name}: the page drew no starting scene to drag in");
        session.drag(pointer, at(BOX_START), at(target), 12);
        let (dragged, ok) = shot_until(&session, 30, |img| {
            count_near(img, AMBER, 6) > 300 && count_near(img, BLUE, 24) == 0
        });
        assert!(
            ok && near_target(&dragged, target) > 100,
            "{name} drag: {} amber px ({} at the target), {} blue px: {}",
            count_near(&dragged, AMBER, 6),
            near_target(&dragged, target),
            count_near(&dragged, BLUE, 24),
            save(&format!("{name}_drag"), &dragged)
        );
    }

    // 2. `?box=600,370` puts the box on the pentagon: both amber.
    session.go(&page("?box=600,370"));
    let (overlap, ok) = shot_until(&session, 60, |img| {
        count_near(img, AMBER, 6) > 1000
            && count_near(img, BLUE, 24) == 0
            && count_near(img, GREEN, 24) == 0
    });
    assert!(
        ok && near_target(&overlap, Vec2::new(600.0, 370.0)) > 100,
        "?box=600,370: {} amber px, {} blue, {} green: {}",
        count_near(&overlap, AMBER, 6),
        count_near(&overlap, BLUE, 24),
        count_near(&overlap, GREEN, 24),
        save("box_600_370", &overlap)
    );

    // A bad parameter: one line that names it, and the default scene.
    session.go(&page("?sides=9"));
    let (default, ok) = shot_until(&session, 60, starting_colors);
    let line = message(&session).unwrap_or_default();
    assert!(
        ok && line.contains("sides") && !line.contains('\n'),
        "?sides=9: message {line:?}: {}",
        save("bad_sides", &default)
    );
    drop(session);

    // At a device pixel ratio of 2, the canvas draws at twice its CSS
    // size: crisp, not scaled up.
    let session = open(&[WEBGL2, &["--force-device-scale-factor=2"]].concat());
    session.go(&page(""));
    let (sharp, ok) = shot_until(&session, 60, starting_colors);
    let sizes = session.script(
        "const c = document.getElementById('sat');\
         return [c.width, c.height, c.clientWidth, c.clientHeight, window.devicePixelRatio];",
    );
    println!(
        "at a device pixel ratio of 2: canvas [width, height, CSS width, CSS height, ratio] = {sizes}"
    );
    let n = |i: usize| sizes[i].as_f64().unwrap_or(0.0);
    assert!(
        ok && n(4) == 2.0 && n(0) == 2.0 * n(2) && n(1) == 2.0 * n(3) && n(2) > 0.0,
        "at a device pixel ratio of 2: {sizes}: {}",
        save("ratio_2", &sharp)
    );
    drop(session);

    // WebGPU where the browser has it (here Chromium's, on SwiftShader's
    // Vulkan): the page picks it over WebGL2, and draws the same picture.
    let session = open(&[WEBGPU, WEBGL2, one_to_one].concat());
    session.go(&page(""));
    let (webgpu, ok) = shot_until(&session, 120, starting_colors);
    let backend = session.script("return document.body.dataset.backend || null;");
    println!("with WebGPU on: the page draws with {backend}");
    assert!(
        ok && backend == "webgpu",
        "with WebGPU on, backend {backend}, message {:?}: {}",
        message(&session),
        save("webgpu", &webgpu)
    );
    assert_same_picture(("webgl2", &first), ("webgpu", &webgpu));
    drop(session);

    // No GPU at all (no WebGL, no software fallback): a line that says so,
    // and no canvas.
    let session = open(&[
        "--disable-gpu",
        "--disable-software-rasterizer",
        "--disable-3d-apis",
    ]);
    session.go(&page(""));
    let start = Instant::now();
    let line = loop {
        if let Some(line) = message(&session) {
            break line;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no message without a GPU"
        );
        sleep(Duration::from_millis(250));
    };
    let canvas_hidden = session.script("return document.getElementById('sat').hidden;");
    println!("without a GPU: {line}");
    assert!(
        line.contains("needs WebGPU or WebGL2") && canvas_hidden == true,
        "without a GPU: {line:?}, canvas hidden: {canvas_hidden}"
    );
}
