//! Headless mode: the window's picture, rendered offscreen into a PNG.
//!
//! The same scene builds the same draw list for the same logical size, and
//! the same renderer draws it at the given scale factor into an sRGB
//! texture, so the file shows exactly what a window of that size and scale
//! would.

use std::path::Path;

use super::args::Options;
use super::error::AppError;
use crate::draw::DrawList;
use crate::render::render_to_image;
use crate::scene::Scene;

/// Renders what the window would show with `opts` into an image of
/// `size * scale` physical pixels.
pub fn screenshot_image(opts: &Options) -> Result<image::RgbaImage, AppError> {
    render_scene(&opts.scene()?, opts)
}

/// Renders `scene` as a window of `opts`'s size and scale would show it.
fn render_scene(scene: &Scene, opts: &Options) -> Result<image::RgbaImage, AppError> {
    let mut list = DrawList::default();
    scene.build(&mut list);
    let (w, h) = opts.size;
    Ok(render_to_image(&list, w, h, opts.scale)?)
}

/// Renders the screenshot and writes it to `path` as a PNG, then prints
/// each line of text the picture shows to stdout, top to bottom (the
/// readout, the axes line, the overlays' lines, the caption, the keys), so
/// a script can check the chapter's numbers; in the tank game, the tank's
/// line ([`Scene::tank_line`]).
pub fn save_screenshot(opts: &Options, path: &Path) -> Result<(), AppError> {
    let scene = opts.scene()?;
    let image = render_scene(&scene, opts)?;
    image
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|source| AppError::Image {
            path: path.to_path_buf(),
            source,
        })?;
    let lines = match scene.tank_line() {
        Some(line) => vec![line],
        None => scene.text_lines(),
    };
    super::stdout::print_lines(&lines)
}
