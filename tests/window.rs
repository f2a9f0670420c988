//! The real window under Xvfb, driven by xdotool like a user: drag the box
//! onto the pentagon, see amber; press C, see the circle; stay idle, use no
//! CPU; press Esc, see the app exit 0.
//!
//! Needs Xvfb, xdotool and ImageMagick's `import` (apt-get install -y xvfb
//! xdotool imagemagick mesa-vulkan-drivers libvulkan1); without them it
//! fails, naming them, unless SAT_SKIP_WINDOW_TESTS=1.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use image::RgbaImage;
use sat_visualizer::draw::DrawList;
use sat_visualizer::sat::Vec2;
use sat_visualizer::scene::{
    AMBER, BLUE, BOX_START, FIXED_CENTER, FIXED_RADIUS, GREEN, Scene, View,
};
use support::{count_near, count_near_in};

/// Kills and reaps every process it holds when dropped, on every path out
/// of the test (a panic included), the app first and the X server last.
#[derive(Default)]
struct Processes(Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        for child in self.0.iter_mut().rev() {
            stop(child);
        }
    }
}

/// Asks a process to end (SIGTERM, so that Xvfb removes its lock file and
/// socket), and kills it if it has not within two seconds.
fn stop(child: &mut Child) {
    if child.try_wait().ok().flatten().is_some() {
        return;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    if wait_exit(child, 2).is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// Whether display `n` is held by a live X server: its lock file names a
/// process that still exists. (A lock left by a killed server is stale;
/// Xvfb takes such a display over by itself.)
fn display_in_use(n: u32) -> bool {
    let Ok(lock) = std::fs::read_to_string(format!("/tmp/.X{n}-lock")) else {
        return false;
    };
    lock.trim()
        .parse::<u32>()
        .map_or(true, |pid| Path::new(&format!("/proc/{pid}")).exists())
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()))
}

fn output_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("output");
    std::fs::create_dir_all(&dir).expect("create tests/output");
    dir
}

/// Starts Xvfb on the first free display from `first`, waiting for its
/// socket. (Each test starts from its own number, so two tests running at
/// once do not race for one display.)
fn start_xvfb(procs: &mut Processes, first: u32) -> u32 {
    for n in first..first + 40 {
        if display_in_use(n) {
            continue;
        }
        let mut child = Command::new("Xvfb")
            .args([
                format!(":{n}").as_str(),
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
                // Without it the server resets when its last client leaves
                // (our readiness probe), and a client that connects during
                // the reset is refused.
                "-noreset",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        // Ready when it answers a client, not merely when its socket file
        // appears (a stale one may be there from a killed server).
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(15) {
            if child.try_wait().ok().flatten().is_some() {
                break; // lost a race for this display: try the next
            }
            let answered = Command::new("xdotool")
                .arg("getdisplaygeometry")
                .env("DISPLAY", format!(":{n}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            // The server that answered must be ours: its lock file names
            // our child (another test run may hold this display, and then
            // our Xvfb exits while theirs answers).
            let ours = std::fs::read_to_string(format!("/tmp/.X{n}-lock"))
                .is_ok_and(|lock| lock.trim() == child.id().to_string());
            if answered && ours {
                procs.0.push(child);
                return n;
            }
            sleep(Duration::from_millis(100));
        }
        stop(&mut child);
    }
    panic!(
        "no free X display from :{first} to :{} for Xvfb",
        first + 39
    );
}

struct Screen {
    display: String,
    /// Names this session's screenshots.
    name: String,
}

impl Screen {
    fn tool(&self, program: &str, args: &[&str]) -> String {
        let out = Command::new(program)
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .unwrap_or_else(|e| panic!("run {program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A drag with the left button from `from` to `to` (screen pixels), in
    /// twelve steps, as a hand would make it.
    fn drag(&self, from: Vec2, to: Vec2) {
        let xy = |p: Vec2| [format!("{}", p.x.round()), format!("{}", p.y.round())];
        let [fx, fy] = xy(from);
        self.xdotool(&["mousemove", "--sync", &fx, &fy]);
        sleep(Duration::from_millis(200));
        self.xdotool(&["mousedown", "1"]);
        sleep(Duration::from_millis(200));
        for i in 1..=12 {
            let [x, y] = xy(from.lerp(to, i as f32 / 12.0));
            self.xdotool(&["mousemove", "--sync", &x, &y]);
            sleep(Duration::from_millis(60));
        }
        self.xdotool(&["mouseup", "1"]);
    }

    fn xdotool(&self, args: &[&str]) -> String {
        self.tool("xdotool", args)
    }

    fn shot(&self, name: &str) -> RgbaImage {
        let name = format!("{}_{name}", self.name);
        let path = output_dir().join(format!("window_{name}.png"));
        self.tool("import", &["-window", "root", path.to_str().unwrap()]);
        image::open(&path).expect("read the screenshot").to_rgba8()
    }

    /// Screenshots until `ok` holds (the app draws asynchronously), up to
    /// `secs`; returns the last screenshot and whether it held.
    fn shot_until(
        &self,
        name: &str,
        secs: u64,
        ok: impl Fn(&RgbaImage) -> bool,
    ) -> (RgbaImage, bool) {
        let start = Instant::now();
        loop {
            let img = self.shot(name);
            if ok(&img) {
                return (img, true);
            }
            if start.elapsed() > Duration::from_secs(secs) {
                return (img, false);
            }
            sleep(Duration::from_millis(200));
        }
    }
}

/// CPU time (user + system) the process has used, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("read /proc stat");
    // Fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')').expect("stat has a name") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// The id of the app's window, once it appears (within 60 s); the app
/// exiting first, or no window by then, fails the test with its log.
fn find_window(display: &str, app: &mut Child, app_log: &dyn Fn() -> String) -> String {
    let start = Instant::now();
    loop {
        let out = Command::new("xdotool")
            .args(["search", "--name", "SAT Visualizer"])
            .env("DISPLAY", display)
            .output()
            .expect("run xdotool");
        if let Some(id) = String::from_utf8_lossy(&out.stdout).lines().next() {
            return id.to_string();
        }
        if let Some(status) = app.try_wait().unwrap() {
            panic!(
                "the app exited ({status}) before its window appeared: {}",
                app_log()
            );
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no window titled SAT Visualizer: {}",
            app_log()
        );
        sleep(Duration::from_millis(100));
    }
}

/// The window's top-left corner on the screen and its size, in pixels,
/// as xdotool reports them.
fn geometry(screen: &Screen, id: &str) -> (Vec2, Vec2) {
    let geometry = screen.xdotool(&["getwindowgeometry", "--shell", id]);
    let field = |name: &str| -> f32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {geometry}"))
    };
    (
        Vec2::new(field("X"), field("Y")),
        Vec2::new(field("WIDTH"), field("HEIGHT")),
    )
}

fn wait_exit(child: &mut Child, secs: u64) -> Option<ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        if let Some(status) = child.try_wait().expect("poll the app") {
            return Some(status);
        }
        sleep(Duration::from_millis(50));
    }
    None
}

fn tools_or_skip() -> bool {
    if std::env::var("SAT_SKIP_WINDOW_TESTS").as_deref() == Ok("1") {
        println!("skipped: SAT_SKIP_WINDOW_TESTS=1");
        return false;
    }
    let missing: Vec<_> = ["Xvfb", "xdotool", "import"]
        .into_iter()
        .filter(|t| !on_path(t))
        .collect();
    assert!(
        missing.is_empty(),
        "the window test needs {missing:?}: apt-get install -y xvfb xdotool imagemagick \
         mesa-vulkan-drivers libvulkan1 (or set SAT_SKIP_WINDOW_TESTS=1 to skip it on purpose)"
    );
    true
}

#[test]
fn drag_switch_turn_idle_and_quit_at_scale_1() {
    if tools_or_skip() {
        session("scale1", 1.0, &[], 90, (1000, 700));
    }
}

#[test]
fn no_gpu_adapter_for_the_window_exits_2_with_one_line() {
    if !tools_or_skip() {
        return;
    }
    let mut procs = Processes::default();
    let n = start_xvfb(&mut procs, 190);
    let mut app = Command::new(env!("CARGO_BIN_EXE_sat-visualizer"))
        .env("DISPLAY", format!(":{n}"))
        .env_remove("WAYLAND_DISPLAY")
        .env("WGPU_ADAPTER_NAME", "no-such-gpu-anywhere")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the app");
    let status = wait_exit(&mut app, 30);
    if status.is_none() {
        // Still running: stop it, so that reading its stderr ends.
        let _ = app.kill();
    }
    let mut err = String::new();
    std::io::Read::read_to_string(app.stderr.as_mut().unwrap(), &mut err).unwrap();
    procs.0.push(app);
    let status = status.unwrap_or_else(|| panic!("the app kept running without an adapter: {err}"));
    assert_eq!(status.code(), Some(2), "{err}");
    let ours: Vec<_> = err
        .lines()
        .filter(|l| l.starts_with("sat-visualizer:"))
        .collect();
    assert!(
        ours.len() == 1 && ours[0].contains("no GPU adapter"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn picking_is_exact_at_scale_2_in_a_smaller_window() {
    // 600×380 logical at scale factor 2 is 1200×760 physical: it fits the
    // 1280×800 screen, and the 1000×700 world is drawn at 0.543 logical px
    // per unit, centered across.
    if tools_or_skip() {
        session("scale2", 2.0, &["--size", "600x380"], 140, (1200, 760));
    }
}

/// The tank game in the real window: Up held into the left wall. While it
/// is held the tank turns amber (a push acts on it); after Esc the app
/// prints where the tank ended, and the test itself finds it no more than
/// 0.5 px inside any wall.
#[test]
fn the_tank_drives_into_a_wall_and_stays_out_of_it() {
    if !tools_or_skip() {
        return;
    }
    use sat_visualizer::scene::tank::{Course, Tank};
    let mut procs = Processes::default();
    let n = start_xvfb(&mut procs, 240);
    let display = format!(":{n}");
    let log = output_dir().join("window_tank_app.log");
    let out = output_dir().join("window_tank_app.out");
    // Turned to face left (pi rad), toward the wall from (110, 110) to
    // (190, 440).
    let app = Command::new(env!("CARGO_BIN_EXE_sat-visualizer"))
        .args(["--tank", "--passes", "2", "--hold", "Left:1.745"])
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("WINIT_X11_SCALE_FACTOR", "1")
        .stdout(std::fs::File::create(&out).expect("create the app's stdout"))
        .stderr(std::fs::File::create(&log).expect("create the app's log"))
        .spawn()
        .expect("start the app");
    procs.0.push(app);
    let app_log = || std::fs::read_to_string(&log).unwrap_or_default();
    let screen = Screen {
        display: display.clone(),
        name: "tank".to_string(),
    };
    let id = find_window(&display, &mut procs.0[1], &app_log);
    // The first frame: the blue tank, nothing pushing it.
    let (_, ok) = screen.shot_until("start", 60, |img| count_near(img, BLUE, 4) > 300);
    assert!(ok, "the tank never showed: {}", app_log());
    screen.xdotool(&["windowfocus", "--sync", &id]);
    sleep(Duration::from_millis(200));
    // Hold Up until a push acts (the tank and the wall turn amber), then
    // a second more, driving into the wall.
    screen.xdotool(&["keydown", "Up"]);
    let (pushed, ok) = screen.shot_until("pushed", 40, |img| count_near(img, AMBER, 4) > 1500);
    sleep(Duration::from_millis(1000));
    screen.xdotool(&["keyup", "Up"]);
    assert!(
        ok,
        "holding Up never met the wall: {} amber px",
        count_near(&pushed, AMBER, 4)
    );
    sleep(Duration::from_millis(300));
    screen.xdotool(&["key", "Escape"]);
    let status = wait_exit(&mut procs.0[1], 10)
        .unwrap_or_else(|| panic!("no exit within 10 s of Esc: {}", app_log()));
    assert!(status.success(), "exit status {status}: {}", app_log());

    // "tank: at X,Y, angle A rad; deepest overlap after 2 passes: D px"
    let line = std::fs::read_to_string(&out).unwrap_or_default();
    let numbers: Vec<f32> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|s| s.parse().ok())
        .collect();
    let [x, y, angle, passes, deepest] = numbers[..] else {
        panic!("the tank's line: {line:?}");
    };
    assert_eq!(passes, 2.0, "{line}");
    assert!(deepest <= 0.5, "{line}");
    let mut tank = Tank::new(Course::chapter());
    tank.set_pose(Vec2::new(x, y), angle).unwrap();
    // Where the line says it is (rounded to a pixel and a hundredth of a
    // radian), it is within the wall's reach and not inside it.
    assert!(x < 200.0, "it drove to the wall: {line}");
    let inside = Course::chapter()
        .walls()
        .map(|w| sat_visualizer::sat::sat_polygons(tank.placed(), w))
        .filter(|r| r.overlapping)
        .fold(0.0f32, |d, r| d.max(r.depth));
    // The line's rounding moves a corner by up to about 0.5 + 36 * 0.005 px.
    assert!(inside <= 0.5 + 0.7, "{inside} px inside a wall at {line}");
}

/// One run of the app under its own Xvfb: the window at `scale` (winit's
/// X11 scale factor) and `physical` size, driven through a drag onto the
/// pentagon, C, a held Right, an idle spell and Esc.
fn session(name: &str, scale: f32, args: &[&str], first_display: u32, physical: (u32, u32)) {
    let mut procs = Processes::default();
    let n = start_xvfb(&mut procs, first_display);
    let screen = Screen {
        display: format!(":{n}"),
        name: name.to_string(),
    };
    let log = output_dir().join(format!("window_{name}_app.log"));
    let app = Command::new(env!("CARGO_BIN_EXE_sat-visualizer"))
        .args(args)
        .env("DISPLAY", &screen.display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("WINIT_X11_SCALE_FACTOR", scale.to_string())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("create the app's log"))
        .spawn()
        .expect("start the app");
    let pid = app.id();
    procs.0.push(app);
    let app_log = || std::fs::read_to_string(&log).unwrap_or_default();

    // The window, by its title.
    let id = find_window(&screen.display, &mut procs.0[1], &app_log);
    let (origin, size) = geometry(&screen, &id);
    assert_eq!(
        size,
        Vec2::new(physical.0 as f32, physical.1 as f32),
        "the window's physical size"
    );
    // World → logical through the same view the app draws with, then
    // logical → physical screen pixels by the scale factor.
    let view = View::fit(size.x / scale, size.y / scale).unwrap();
    let on_screen = |world: Vec2| origin + view.to_logical(world) * scale;
    let region = |world: Vec2, r: u32| {
        let p = on_screen(world);
        let r = (r as f32 * view.scale * scale).ceil() as u32;
        (
            (p.x as u32).saturating_sub(r),
            (p.y as u32).saturating_sub(r),
            p.x as u32 + r + 1,
            p.y as u32 + r + 1,
        )
    };
    let box_region =
        |world: Vec2, img: &RgbaImage, color| count_near_in(img, region(world, 90), color, 6);

    // The first frame: the blue box and the green pentagon, apart.
    let (first, ok) = screen.shot_until("start", 60, |img| box_region(BOX_START, img, BLUE) > 100);
    assert!(ok, "the app never drew its first frame: {}", app_log());
    assert!(
        box_region(FIXED_CENTER, &first, GREEN) > 100,
        "the green pentagon"
    );
    assert_eq!(count_near(&first, AMBER, 20), 0, "apart: no amber");

    // The window shows what the headless renderer draws for the same
    // logical size and scale factor (what --screenshot writes).
    if let Some(mut gpu) = support::headless() {
        let (lw, lh) = ((size.x / scale) as u32, (size.y / scale) as u32);
        let mut scene = Scene::new();
        // The window draws the keymap's hints; so must the comparison.
        scene.set_hints(sat_visualizer::app::hints());
        scene.resize(lw as f32, lh as f32);
        let mut list = DrawList::default();
        scene.build(&mut list);
        let headless = gpu.render(&list, lw, lh, scale).expect("headless render");
        let window = image::imageops::crop_imm(
            &first,
            origin.x as u32,
            origin.y as u32,
            size.x as u32,
            size.y as u32,
        )
        .to_image();
        let (diff, _) = support::difference(&headless, &window, support::Tolerance::DEFAULT);
        println!("window vs headless: {diff:?}");
        assert!(
            diff.fraction_over < 0.003,
            "the window differs from the headless render: {diff:?}"
        );
    }

    // A press just outside the box's outline (past its turned corner) does
    // not grab it: dragging from there moves nothing.
    let outside = BOX_START + Vec2::new(78.0, 48.0);
    let drag = |from: Vec2, to: Vec2| screen.drag(from, to);
    drag(on_screen(outside), on_screen(FIXED_CENTER));
    sleep(Duration::from_millis(500));
    let missed = screen.shot("missed");
    assert!(
        box_region(BOX_START, &missed, BLUE) > 100 && count_near(&missed, AMBER, 20) == 0,
        "a press outside the box must not grab it"
    );

    // Drag the box by its center onto the pentagon.
    let target = Vec2::new(560.0, 360.0);
    drag(on_screen(BOX_START), on_screen(target));
    let (dragged, ok) = screen.shot_until("dragged", 20, |img| {
        count_near(img, AMBER, 6) > 300 && count_near(img, BLUE, 24) == 0
    });
    assert!(
        ok,
        "after the drag: {} amber px, {} blue px",
        count_near(&dragged, AMBER, 6),
        count_near(&dragged, BLUE, 24)
    );
    // The box is where the mouse took it: amber around its new center.
    assert!(box_region(target, &dragged, AMBER) > 100);

    // The circle's outline where the pentagon's edges are not: the middle
    // of each pentagon edge is 80 cos 36° = 65 from the center, the circle
    // 80, so these points are empty before C and on the outline after.
    // (Only the three away from the box, which covers the other two.)
    let between_corners: Vec<Vec2> = (0..3)
        .map(|i| {
            let t = -std::f32::consts::FRAC_PI_2 + (i as f32 + 0.5) * std::f32::consts::TAU / 5.0;
            FIXED_CENTER + Vec2::from_angle(t) * FIXED_RADIUS
        })
        .collect();
    let on_circle = |img: &RgbaImage| {
        between_corners
            .iter()
            .filter(|&&p| count_near_in(img, region(p, 1), AMBER, 30) > 0)
            .count()
    };
    assert_eq!(
        on_circle(&dragged),
        0,
        "the pentagon does not reach the circle's outline there"
    );
    screen.xdotool(&["windowfocus", "--sync", &id]);
    sleep(Duration::from_millis(200));
    screen.xdotool(&["key", "c"]);
    let (circled, ok) = screen.shot_until("circle", 20, |img| on_circle(img) == 3);
    assert!(
        ok,
        "after C, the circle's outline at {} of 3 points",
        on_circle(&circled)
    );

    // Right held turns the box: its outline moves.
    screen.xdotool(&["keydown", "Right"]);
    sleep(Duration::from_millis(400));
    screen.xdotool(&["keyup", "Right"]);
    sleep(Duration::from_millis(300));
    let turned = screen.shot("turned");
    let (x0, y0, x1, y1) = region(target, 90);
    let changed = (y0..y1.min(turned.height()))
        .flat_map(|y| (x0..x1.min(turned.width())).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let (a, b) = (circled.get_pixel(x, y), turned.get_pixel(x, y));
            (0..3).any(|c| a[c].abs_diff(b[c]) > 40)
        })
        .count();
    assert!(
        changed > 200,
        "holding Right turned the box: {changed} px changed"
    );

    // Idle: nothing moves, so no frames and (almost) no CPU.
    sleep(Duration::from_millis(500));
    let before = cpu_ticks(pid);
    sleep(Duration::from_millis(1500));
    let used = cpu_ticks(pid) - before;
    assert!(
        used <= 10,
        "idle for 1.5 s the app used {used} ticks of CPU (it should render nothing)"
    );

    // Esc quits with status 0, within a few seconds.
    screen.xdotool(&["key", "Escape"]);
    let status = wait_exit(&mut procs.0[1], 10);
    let status =
        status.unwrap_or_else(|| panic!("the app did not exit within 10 s of Esc: {}", app_log()));
    assert!(status.success(), "exit status {status}: {}", app_log());
}

/// Issue 10: B's corners under the mouse in the real window. The
/// pentagon's top corner is dragged up, and its outline follows; P then
/// shows the path (silver), R puts the pentagon back.
#[test]
fn dragging_a_pentagon_corner_moves_its_outline() {
    if !tools_or_skip() {
        return;
    }
    let mut procs = Processes::default();
    let n = start_xvfb(&mut procs, 230);
    let screen = Screen {
        display: format!(":{n}"),
        name: "corner".to_string(),
    };
    let log = output_dir().join("window_corner_app.log");
    let app = Command::new(env!("CARGO_BIN_EXE_sat-visualizer"))
        .env("DISPLAY", &screen.display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("WINIT_X11_SCALE_FACTOR", "1")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("create the app's log"))
        .spawn()
        .expect("start the app");
    procs.0.push(app);
    let app_log = || std::fs::read_to_string(&log).unwrap_or_default();
    let id = find_window(&screen.display, &mut procs.0[1], &app_log);
    let (origin, size) = geometry(&screen, &id);
    let view = View::fit(size.x, size.y).unwrap();
    let on_screen = |world: Vec2| origin + view.to_logical(world);
    let near = |img: &RgbaImage, world: Vec2, color, r: u32| {
        let p = on_screen(world);
        let (x, y) = (p.x as u32, p.y as u32);
        count_near_in(img, (x - r, y - r, x + r + 1, y + r + 1), color, 24)
    };
    // Halfway along the top corner's right edge, once the corner is at
    // (620, 180): outside the pentagon as it starts.
    let top = FIXED_CENTER - Vec2::new(0.0, FIXED_RADIUS);
    let right = FIXED_CENTER + Vec2::from_angle(-0.1 * std::f32::consts::PI) * FIXED_RADIUS;
    let moved_to = Vec2::new(620.0, 180.0);
    let probe = moved_to.lerp(right, 0.5);
    let (first, ok) =
        screen.shot_until("start", 60, |img| near(img, FIXED_CENTER, GREEN, 90) > 100);
    assert!(ok, "no first frame: {}", app_log());
    assert_eq!(
        near(&first, probe, GREEN, 3),
        0,
        "nothing green at {probe} yet"
    );

    screen.drag(
        on_screen(top + Vec2::new(3.0, 3.0)),
        on_screen(moved_to + Vec2::new(3.0, 3.0)),
    );
    let (dragged, ok) = screen.shot_until("dragged", 20, |img| near(img, probe, GREEN, 3) > 0);
    assert!(
        ok,
        "the pentagon's edge follows its dragged corner: {}",
        app_log()
    );
    // The box did not move: it is still blue where it started.
    assert!(near(&dragged, BOX_START, BLUE, 60) > 100);

    // P shows the path in silver around the new outline; R resets.
    screen.xdotool(&["windowfocus", "--sync", &id]);
    sleep(Duration::from_millis(200));
    let silver_px = |img: &RgbaImage| count_near(img, sat_visualizer::scene::SILVER, 6);
    let before = silver_px(&dragged);
    screen.xdotool(&["key", "p"]);
    let (pathed, ok) = screen.shot_until("path", 20, |img| silver_px(img) > before + 500);
    assert!(
        ok,
        "P draws the path: {} silver px, {before} before",
        silver_px(&pathed)
    );
    screen.xdotool(&["key", "r"]);
    let (reset, ok) = screen.shot_until("reset", 20, |img| near(img, probe, GREEN, 3) == 0);
    assert!(ok, "R puts the pentagon back");
    assert!(silver_px(&reset) < before + 500, "and hides the path");

    screen.xdotool(&["key", "Escape"]);
    let status = wait_exit(&mut procs.0[1], 10);
    assert!(status.is_some_and(|s| s.success()), "{}", app_log());
}
