//! The command line, parsed by hand: a window by default, or a headless
//! screenshot with `--screenshot PATH.png`, and the scene's settings for
//! either.

use std::path::PathBuf;

use glam::Vec2;

use super::error::AppError;
use crate::scene::{MAX_SIDES, MIN_SIDES, Scene, WORLD_HEIGHT, WORLD_WIDTH};

/// The largest image side, in physical pixels: wgpu's guaranteed texture
/// limit, so a screenshot never asks the device for more than it has.
pub const MAX_PHYSICAL_SIDE: u32 = 8192;

/// The help text `--help` prints.
pub const USAGE: &str = "\
SAT Visualizer: the separating axis test, live, on a box you drag and turn.

Usage: sat-visualizer [OPTIONS]

With no --screenshot, opens the window. Keys there: drag the box with the
left button, Left/Right turn it, C pentagon or circle, 3-8 sides, S shadows,
Space push out, X shortcut, A all axes, H help line, Esc quit.

Options:
  --screenshot PATH.png  render what the window would show into PATH.png and exit
  --size WxH             logical size (default 1000x700; the window's starting size)
  --scale S              scale factor of the screenshot (default 1; 2 for high-DPI)
  --box X,Y              the box's center in the 1000x700 world (default 320,300)
  --angle RAD            the box's angle in radians (default 0.3)
  --circle               the circle instead of the polygon
  --sides N              the fixed polygon's sides, 3 to 8 (default 5)
  --shadows              show the deciding axis with both shadows (S)
  --all-axes             show every axis tried (A)
  --shortcut             show the overlap-length shortcut's answer (X)
  --help                 print this and exit";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Open the window, or write a screenshot, with these options.
    Run(Options),
    /// Print the help text and exit.
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
        }
    }
}

impl Options {
    /// The scene these options describe, fitted to their logical size.
    pub fn scene(&self) -> Result<Scene, AppError> {
        let mut scene = Scene::new();
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
        scene.set_circle(self.circle);
        scene.set_shadows(self.shadows);
        scene.set_all_axes(self.all_axes);
        scene.set_shortcut(self.shortcut);
        scene.resize(self.size.0 as f32, self.size.1 as f32);
        Ok(scene)
    }
}

/// Parses the arguments after the program's name. `--name value` and
/// `--name=value` both work. Anything unknown, missing or out of range is
/// an [`AppError::Args`] naming the option.
pub fn parse_args<I, S>(args: I) -> Result<Command, AppError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut opts = Options::default();
    let mut scale_given = false;
    let mut args = args.into_iter().map(Into::into);
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |what: &str| -> Result<String, AppError> {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| AppError::Args(format!("{name} needs a value ({what})")))
        };
        let flag = |inline: &Option<String>| match inline {
            Some(_) => Err(AppError::Args(format!("{name} takes no value"))),
            None => Ok(true),
        };
        match name.as_str() {
            "--help" | "-h" => return Ok(Command::Help),
            "--screenshot" => {
                let path = PathBuf::from(value("a .png path")?);
                let png = path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("png"));
                if !png {
                    return Err(AppError::Args(format!(
                        "--screenshot needs a path ending in .png, not {:?}",
                        path.display().to_string()
                    )));
                }
                opts.screenshot = Some(path);
            }
            "--size" => {
                opts.size = parse_size(&value("WxH, e.g. 1000x700")?)?;
                opts.size_given = true;
            }
            "--scale" => {
                let v = value("a number, e.g. 2")?;
                opts.scale = v
                    .parse::<f32>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 8.0)
                    .ok_or_else(|| {
                        AppError::Args(format!(
                            "--scale needs a number above 0 and at most 8, not {v:?}"
                        ))
                    })?;
                scale_given = true;
            }
            "--box" => opts.box_position = Some(parse_point(&value("X,Y, e.g. 320,300")?)?),
            "--angle" => {
                let v = value("radians, e.g. 0.3")?;
                opts.angle = Some(v.parse::<f32>().ok().filter(|a| a.is_finite()).ok_or_else(
                    || {
                        AppError::Args(format!(
                            "--angle needs a finite number of radians, not {v:?}"
                        ))
                    },
                )?);
            }
            "--sides" => {
                let v = value("3 to 8")?;
                opts.sides = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|n| (MIN_SIDES..=MAX_SIDES).contains(n))
                        .ok_or_else(|| {
                            AppError::Args(format!(
                                "--sides needs a whole number from 3 to 8, not {v:?}"
                            ))
                        })?,
                );
            }
            "--circle" => opts.circle = flag(&inline)?,
            "--shadows" => opts.shadows = flag(&inline)?,
            "--all-axes" => opts.all_axes = flag(&inline)?,
            "--shortcut" => opts.shortcut = flag(&inline)?,
            other => {
                return Err(AppError::Args(format!("unknown argument {other:?}")));
            }
        }
    }
    if scale_given && opts.screenshot.is_none() {
        return Err(AppError::Args(
            "--scale applies to --screenshot only (the window uses its monitor's scale factor)"
                .into(),
        ));
    }
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

fn parse_size(v: &str) -> Result<(u32, u32), AppError> {
    let bad = || {
        AppError::Args(format!(
            "--size needs WxH with each side 1 to {MAX_PHYSICAL_SIDE}, e.g. 1000x700, not {v:?}"
        ))
    };
    let (w, h) = v.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_PHYSICAL_SIDE).contains(n))
    };
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}

fn parse_point(v: &str) -> Result<Vec2, AppError> {
    let bad = || {
        AppError::Args(format!(
            "--box needs X,Y as two finite numbers within ±100000, e.g. 320,300, not {v:?}"
        ))
    };
    let (x, y) = v.split_once(',').ok_or_else(bad)?;
    let coord = |s: &str| {
        s.trim()
            .parse::<f32>()
            .ok()
            .filter(|c| c.is_finite() && c.abs() <= 1.0e5)
    };
    Ok(Vec2::new(
        coord(x).ok_or_else(bad)?,
        coord(y).ok_or_else(bad)?,
    ))
}
