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

/// Renders what the window would show with `opts` into an image of
/// `size * scale` physical pixels.
pub fn screenshot_image(opts: &Options) -> Result<image::RgbaImage, AppError> {
    let scene = opts.scene()?;
    let mut list = DrawList::default();
    scene.build(&mut list);
    let (w, h) = opts.size;
    Ok(render_to_image(&list, w, h, opts.scale)?)
}

/// Renders the screenshot and writes it to `path` as a PNG, then prints
/// each line of text the picture shows to stdout, top to bottom (the
/// readout, the axes line, the overlays' lines, the caption, the keys), so
/// a script can check the chapter's numbers.
pub fn save_screenshot(opts: &Options, path: &Path) -> Result<(), AppError> {
    let image = screenshot_image(opts)?;
    image
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| AppError::Image(format!("{}: {e}", path.display())))?;
    for line in opts.scene()?.text_lines() {
        println!("{line}");
    }
    Ok(())
}
