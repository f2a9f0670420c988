//! The command line, parsed by clap: a window by default, or a headless
//! screenshot with `--screenshot PATH.png`, and the scene's settings for
//! either. The ranges come from the scene's own constants, and the list of
//! keys in `--help` from the app's keymap.

use std::path::PathBuf;

use clap::{CommandFactory, Parser};
use glam::Vec2;

use super::error::AppError;
use super::keymap;
use crate::scene::{
    Action, BOX_START, BOX_START_ANGLE, Figure, MAX_POSITION, MAX_SIDES, MIN_SIDES, Scene,
    WORLD_HEIGHT, WORLD_WIDTH,
};

/// The largest image side, in physical pixels: wgpu's guaranteed texture
/// limit, so a screenshot never asks the device for more than it has.
pub const MAX_PHYSICAL_SIDE: u32 = 8192;

/// The largest `--scale`, in physical pixels per logical pixel.
pub const MAX_SCALE: f32 = 8.0;

/// The longest time one key of `--hold` may be held, in seconds.
pub const MAX_HOLD_SECONDS: f32 = 600.0;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Open the window, or write a screenshot, with these options.
    Run(Options),
    /// Print the help text ([`help`]) and exit.
    Help,
}

/// Everything the command line can set.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Where to write the headless screenshot; `None` opens the window.
    pub screenshot: Option<PathBuf>,
    /// The logical size, width then height.
    pub size: (u32, u32),
    /// Whether `--size` was given (the window keeps the chapter's size
    /// otherwise).
    pub size_given: bool,
    /// The screenshot's scale factor (physical pixels per logical pixel).
    pub scale: f32,
    /// The box's center, if given.
    pub box_position: Option<Vec2>,
    /// The box's angle in radians, if given.
    pub angle: Option<f32>,
    /// The circle instead of the polygon.
    pub circle: bool,
    /// The fixed polygon's sides, if given.
    pub sides: Option<usize>,
    /// Show the deciding axis with both shadows.
    pub shadows: bool,
    /// Show every axis tried.
    pub all_axes: bool,
    /// Show the shortcut's answer.
    pub shortcut: bool,
    /// Show the contact points, their separations and the normal.
    pub contacts: bool,
    /// Start in the tank game rather than SAT Visualizer.
    pub tank: bool,
    /// How many times each of the tank's steps tests it against the
    /// course (1 or 2), if given.
    pub passes: Option<u8>,
    /// Keys to hold in turn, each for its seconds, before the first frame
    /// (`--hold`): the held key's action and how long.
    pub hold: Vec<(Action, f32)>,
    /// Show Figure 16.2's path.
    pub path: bool,
    /// Show the test's axis K (from 1), or its result past the last.
    pub step: Option<usize>,
    /// Load the chapter's figure.
    pub figure: Option<Figure>,
    /// B's corners, in world pixels, in order around its outline.
    pub corners: Option<Vec<Vec2>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            screenshot: None,
            size: (WORLD_WIDTH as u32, WORLD_HEIGHT as u32),
            size_given: false,
            scale: 1.0,
            box_position: None,
            angle: None,
            circle: false,
            sides: None,
            shadows: false,
            all_axes: false,
            shortcut: false,
            contacts: false,
            tank: false,
            passes: None,
            hold: Vec::new(),
            path: false,
            step: None,
            figure: None,
            corners: None,
        }
    }
}

impl Options {
    /// The scene these options describe, fitted to their logical size, with
    /// the keymap's hints.
    pub fn scene(&self) -> Result<Scene, AppError> {
        let mut scene = Scene::new();
        scene.set_hints(keymap::hints());
        scene.set_chapter_keys(keymap::chapter_keys());
        if let Some(figure) = self.figure {
            scene.load_figure(figure);
        }
        if let Some(corners) = &self.corners {
            scene
                .set_corners(corners.clone())
                .map_err(|e| AppError::Args(format!("--corners: {e}")))?;
        }
        if let Some(sides) = self.sides {
            scene
                .set_sides(sides)
                .map_err(|e| AppError::Args(e.to_string()))?;
        }
        let position = self.box_position.unwrap_or(scene.box_position());
        let angle = self.angle.unwrap_or(scene.box_angle());
        scene
            .set_box(position, angle)
            .map_err(|e| AppError::Args(e.to_string()))?;
        // A figure sets its own shape and overlays; the options add to them.
        scene.set_circle(self.circle || scene.uses_circle());
        scene.set_shadows(self.shadows || scene.shows_shadows());
        scene.set_all_axes(self.all_axes || scene.shows_all_axes());
        scene.set_shortcut(self.shortcut || scene.shows_shortcut());
        scene.set_path(self.path);
        if self.step.is_some() {
            scene.set_step(self.step);
        }
        scene.set_contacts(self.contacts);
        scene.set_tank_hints(keymap::tank_hints());
        if let Some(passes) = self.passes {
            scene
                .tank_mut()
                .set_passes(passes)
                .map_err(|e| AppError::Args(e.to_string()))?;
        }
        scene.set_tank(self.tank);
        for &(action, seconds) in &self.hold {
            scene.hold(action, seconds);
        }
        scene.resize(self.size.0 as f32, self.size.1 as f32);
        Ok(scene)
    }
}

/// A logical size, `WxH`.
#[derive(Debug, Clone, Copy)]
struct Size(u32, u32);

/// The command line as clap reads it.
#[derive(Debug, Parser)]
#[command(
    name = "sat-visualizer",
    about = "SAT Visualizer: the separating axis test, live, on a box you drag and turn.",
    long_about = "SAT Visualizer: the separating axis test, live, on a box you drag and turn.\n\n\
        With no --screenshot, opens the window; with it, renders what the window would show \
        into a PNG and exits.",
    disable_version_flag = true
)]
struct Cli {
    /// Render what the window would show into PATH.png and exit.
    #[arg(long, value_name = "PATH.png", value_parser = png_path)]
    screenshot: Option<PathBuf>,
    /// The logical size (default 1000x700; the window's starting size).
    #[arg(long, value_name = "WxH", value_parser = size)]
    size: Option<Size>,
    /// The screenshot's scale factor: physical pixels per logical pixel
    /// (default 1; 2 for high-DPI). The window uses its monitor's.
    #[arg(long, value_name = "S", value_parser = scale, requires = "screenshot")]
    scale: Option<f32>,
    /// The box's center in the 1000x700 world (default 320,300).
    #[arg(long = "box", value_name = "X,Y", value_parser = point, allow_hyphen_values = true)]
    box_position: Option<Vec2>,
    /// The box's angle in radians (default 0.3).
    #[arg(long, value_name = "RAD", value_parser = angle, allow_negative_numbers = true)]
    angle: Option<f32>,
    /// The circle instead of the polygon.
    #[arg(long)]
    circle: bool,
    /// The fixed polygon's sides, 3 to 8 (default 5).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(MIN_SIDES as i64..=MAX_SIDES as i64))]
    sides: Option<u8>,
    /// Show the deciding axis with both shapes' shadows on it.
    #[arg(long)]
    shadows: bool,
    /// Show every axis the test tries.
    #[arg(long)]
    all_axes: bool,
    /// Show the overlap-length shortcut's answer beside the real push.
    #[arg(long)]
    shortcut: bool,
    /// Show the contact points (a dot on each shape's surface), their
    /// separations and the normal, as K does.
    #[arg(long)]
    contacts: bool,
    /// Start in the chapter's tank game (G switches in the window).
    #[arg(long)]
    tank: bool,
    /// How many times each step tests the tank against the walls and
    /// pentagons, 1 or 2 (default 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=2))]
    passes: Option<u8>,
    /// Hold these keys in turn (Up, Down, Left, Right), each for its
    /// seconds, at 60 steps a second, before the first frame: in the tank
    /// game they drive it, in SAT Visualizer Left and Right turn the box.
    #[arg(long, value_name = "KEY:SECONDS[,KEY:SECONDS...]", value_parser = hold)]
    hold: Option<Holds>,
    /// Show Figure 16.2's path: where the box's center goes as it slides
    /// around B just touching (key P).
    #[arg(long)]
    path: bool,
    /// Show the test's axis K of M (from 1; past the last axis tried, the
    /// result), with both shadows and the step table (keys T, Shift+T).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=1000))]
    step: Option<u32>,
    /// Load one of the chapter's figures (PageDown, PageUp).
    #[arg(long, value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(Figure::NAMES))]
    figure: Option<String>,
    /// B's corners in world pixels, in order around its outline,
    /// "X,Y;X,Y;..." (a dent is tested as its hull).
    #[arg(long, value_name = "X,Y;X,Y;...", value_parser = corners, allow_hyphen_values = true)]
    corners: Option<Corners>,
}

/// B's corners as `--corners` gives them (one value, so clap does not
/// take it for a list of values).
#[derive(Debug, Clone)]
struct Corners(Vec<Vec2>);

/// `--hold`'s keys, each with its seconds.
#[derive(Debug, Clone)]
struct Holds(Vec<(Action, f32)>);

/// The help text `--help` prints: the options, then the keymap's keys.
pub fn help() -> String {
    let mut command = Cli::command().after_long_help(keymap::help_text());
    command.render_long_help().to_string()
}

/// Parses the arguments after the program's name. `--name value` and
/// `--name=value` both work. Anything unknown, missing or out of range is
/// an [`AppError::Args`] naming the option, on one line.
pub fn parse_args<I, S>(args: I) -> Result<Command, AppError>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let program = std::iter::once(std::ffi::OsString::from("sat-visualizer"));
    let cli = match Cli::try_parse_from(program.chain(args.into_iter().map(Into::into))) {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => return Ok(Command::Help),
        Err(e) => return Err(AppError::Args(clap_one_line(&e))),
    };
    let opts = Options {
        screenshot: cli.screenshot,
        size: cli
            .size
            .map_or(Options::default().size, |Size(w, h)| (w, h)),
        size_given: cli.size.is_some(),
        scale: cli.scale.unwrap_or(1.0),
        box_position: cli.box_position,
        angle: cli.angle,
        circle: cli.circle,
        sides: cli.sides.map(usize::from),
        shadows: cli.shadows,
        all_axes: cli.all_axes,
        shortcut: cli.shortcut,
        contacts: cli.contacts,
        tank: cli.tank,
        passes: cli.passes,
        hold: cli.hold.map(|Holds(h)| h).unwrap_or_default(),
        path: cli.path,
        step: cli.step.map(|k| k as usize),
        figure: cli
            .figure
            .as_deref()
            .and_then(|n| Figure::from_name(n).ok()),
        corners: cli.corners.map(|Corners(c)| c),
    };
    if opts.screenshot.is_some() {
        let (w, h) = opts.size;
        let (pw, ph) = (
            (w as f32 * opts.scale).round(),
            (h as f32 * opts.scale).round(),
        );
        if pw > MAX_PHYSICAL_SIDE as f32 || ph > MAX_PHYSICAL_SIDE as f32 || pw < 1.0 || ph < 1.0 {
            return Err(AppError::Args(format!(
                "--size {w}x{h} at --scale {} is {pw}x{ph} physical pixels; each side must be 1 to {MAX_PHYSICAL_SIDE}",
                opts.scale
            )));
        }
    }
    Ok(Command::Run(opts))
}

/// clap's message for a bad argument, without its usage lines, on one
/// line (clap writes some over several: the missing arguments, say).
fn clap_one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let message = text
        .split("\n\nUsage:")
        .next()
        .unwrap_or_default()
        .split("\n\nFor more information")
        .next()
        .unwrap_or_default();
    let message = message.trim().strip_prefix("error:").unwrap_or(message);
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn png_path(v: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(v);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
    {
        Ok(path)
    } else {
        Err("needs a path ending in .png".into())
    }
}

fn size(v: &str) -> Result<Size, String> {
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_PHYSICAL_SIDE).contains(n))
    };
    v.split_once(['x', 'X'])
        .and_then(|(w, h)| Some(Size(side(w)?, side(h)?)))
        .ok_or_else(|| format!("needs WxH with each side 1 to {MAX_PHYSICAL_SIDE}, e.g. 1000x700"))
}

fn scale(v: &str) -> Result<f32, String> {
    v.parse::<f32>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_SCALE)
        .ok_or_else(|| format!("needs a number above 0 and at most {MAX_SCALE}"))
}

fn point(v: &str) -> Result<Vec2, String> {
    let coord = |s: &str| {
        s.trim()
            .parse::<f32>()
            .ok()
            .filter(|c| c.is_finite() && c.abs() <= MAX_POSITION)
    };
    v.split_once(',')
        .and_then(|(x, y)| Some(Vec2::new(coord(x)?, coord(y)?)))
        .ok_or_else(|| {
            format!(
                "needs X,Y as two finite numbers within ±{MAX_POSITION}, e.g. {},{}",
                BOX_START.x, BOX_START.y
            )
        })
}

fn hold(v: &str) -> Result<Holds, String> {
    let usage = format!(
        "needs KEY:SECONDS[,KEY:SECONDS...] with KEY Up, Down, Left or Right and SECONDS above 0 \
         and at most {MAX_HOLD_SECONDS}, e.g. Up:1.5,Left:0.5"
    );
    v.split(',')
        .map(|part| {
            let (key, secs) = part
                .split_once(':')
                .ok_or_else(|| format!("{part:?} {usage}"))?;
            let action = keymap::held_action(key.trim())
                .ok_or_else(|| format!("{:?} is not a key it can hold; it {usage}", key.trim()))?;
            let seconds = secs
                .trim()
                .parse::<f32>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_HOLD_SECONDS)
                .ok_or_else(|| {
                    format!(
                        "{:?} is not a time it can hold for; it {usage}",
                        secs.trim()
                    )
                })?;
            Ok((action, seconds))
        })
        .collect::<Result<Vec<_>, String>>()
        .map(Holds)
}

/// `--corners`: at least 3 distinct corners, each finite and within the
/// box's range, not all on one line; a dent is fine (the scene tests the
/// hull).
fn corners(v: &str) -> Result<Corners, String> {
    let mut out = Vec::new();
    for part in v.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let p = point(part).map_err(|_| {
            format!(
                "corner {part:?} needs X,Y as two finite numbers within ±{MAX_POSITION}, as in \"560,300;680,300;620,420\""
            )
        })?;
        out.push(p);
    }
    let mut scene = Scene::new();
    scene.set_corners(out.clone()).map_err(|e| e.to_string())?;
    Ok(Corners(out))
}

fn angle(v: &str) -> Result<f32, String> {
    v.parse::<f32>()
        .ok()
        .filter(|a| a.is_finite())
        .ok_or_else(|| format!("needs a finite number of radians, e.g. {BOX_START_ANGLE}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_agrees_with_itself() {
        Cli::command().debug_assert();
    }

    #[test]
    fn bad_arguments_say_what_is_wrong_on_one_line() {
        for (args, says) in [
            (&["--sides", "9"][..], "--sides"),
            (&["--scale", "2"], "--screenshot"),
            (&["--box", "1"], "X,Y"),
            (&["--frobnicate"], "--frobnicate"),
            (&["--circle=yes"], "--circle"),
            (&["--passes", "3"], "--passes"),
            (&["--hold", "Jump:1"], "\"Jump\""),
            (&["--hold", "Up:0"], "\"0\""),
            (&["--hold", "Up:1,Left"], "--hold"),
            (&["--hold", "Up:nan"], "--hold"),
            (&["--figure", "nope"], "worked-example"),
            (&["--corners", "1,2;3,4"], "3 distinct"),
            (&["--corners", "1,2;3,4;nan,5"], "--corners"),
            (&["--corners", "1,2;3,4;1e9,5"], "--corners"),
            (&["--corners", "0,0;1,1;2,2"], "one line"),
            (&["--step", "0"], "--step"),
        ] {
            let Err(AppError::Args(why)) = parse_args(args.iter().copied()) else {
                panic!("{args:?} is refused");
            };
            assert!(why.contains(says) && !why.contains('\n'), "{args:?}: {why}");
        }
    }

    #[test]
    fn help_lists_the_options_and_the_keys() {
        let text = help();
        for want in ["--screenshot", "--sides", "Keys in the window", "[Space]"] {
            assert!(text.contains(want), "{want}:\n{text}");
        }
    }
}
