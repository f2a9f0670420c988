//! Shared helpers for the GPU tests: a headless renderer (or a clear
//! reason there is none), reference-image comparison, and pixel probes.
#![allow(dead_code)]

use std::path::PathBuf;

use image::{Rgba, RgbaImage};
use sat_visualizer::draw::Color;
use sat_visualizer::render::Headless;

/// A headless renderer on whatever adapter wgpu finds (llvmpipe will do).
/// Panics with a clear message when there is none, unless
/// `SAT_SKIP_GPU_TESTS=1`: then it prints why and returns None, and the
/// test returns early.
pub fn headless() -> Option<Headless> {
    if std::env::var("SAT_SKIP_GPU_TESTS").as_deref() == Ok("1") {
        println!("skipped: SAT_SKIP_GPU_TESTS=1");
        return None;
    }
    match Headless::new() {
        Ok(gpu) => Some(gpu),
        Err(e) => panic!(
            "GPU tests need a wgpu adapter and found none ({e}). Install Mesa's software \
             Vulkan driver (apt-get install -y mesa-vulkan-drivers libvulkan1), or set \
             SAT_SKIP_GPU_TESTS=1 to skip these tests on purpose."
        ),
    }
}

/// How different an image may be from its reference: a pixel differs when
/// any channel is off by more than `channel`; the image fails when more
/// than `fraction` of its pixels differ. Small anti-aliasing differences
/// between adapters stay under both.
#[derive(Clone, Copy, Debug)]
pub struct Tolerance {
    /// The largest channel difference a pixel may have and still match.
    pub channel: u8,
    /// The share of pixels (0..1) allowed over `channel`.
    pub fraction: f64,
}

impl Tolerance {
    /// Tight enough to catch a moved or recolored shape, loose enough for
    /// MSAA and glyph rasterization differences along edges.
    pub const DEFAULT: Tolerance = Tolerance {
        channel: 16,
        fraction: 0.003,
    };
}

fn test_dir(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

/// The numbers behind a comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// Pixels whose largest channel difference is over the tolerance.
    pub pixels_over: usize,
    /// Their share of all pixels.
    pub fraction_over: f64,
    /// The largest channel difference anywhere.
    pub max_channel: u8,
}

/// Compares two images of the same size, and draws where they differ (red,
/// brighter for bigger differences, over a dimmed copy of `actual`).
pub fn difference(
    expected: &RgbaImage,
    actual: &RgbaImage,
    tolerance: Tolerance,
) -> (Difference, RgbaImage) {
    assert_eq!(
        expected.dimensions(),
        actual.dimensions(),
        "images differ in size"
    );
    let mut diff = RgbaImage::new(actual.width(), actual.height());
    let (mut over, mut max_channel) = (0usize, 0u8);
    for (x, y, a) in actual.enumerate_pixels() {
        let e = expected.get_pixel(x, y);
        let d = (0..4).map(|c| a[c].abs_diff(e[c])).max().unwrap_or(0);
        max_channel = max_channel.max(d);
        let pixel = if d > tolerance.channel {
            over += 1;
            Rgba([255, 255 - d, 255 - d, 255])
        } else {
            Rgba([a[0] / 4, a[1] / 4, a[2] / 4, 255])
        };
        diff.put_pixel(x, y, pixel);
    }
    let total = (actual.width() as usize * actual.height() as usize).max(1);
    let numbers = Difference {
        pixels_over: over,
        fraction_over: over as f64 / total as f64,
        max_channel,
    };
    (numbers, diff)
}

/// Compares `image` with tests/reference/NAME.png. On a mismatch it writes
/// tests/output/NAME.actual.png and NAME.diff.png and panics with their
/// paths and the numbers. A missing reference is written from `image` and
/// the test FAILS (so it never passes unseen), unless SAT_BLESS=1, which
/// rewrites the reference and passes: look at it before committing it.
pub fn compare_with_reference(name: &str, image: &RgbaImage, tolerance: Tolerance) {
    let reference = test_dir("reference").join(format!("{name}.png"));
    let bless = std::env::var("SAT_BLESS").as_deref() == Ok("1");
    if bless || !reference.exists() {
        std::fs::create_dir_all(reference.parent().expect("has a parent"))
            .expect("create tests/reference");
        image.save(&reference).expect("write the reference image");
        if bless {
            println!("blessed {}", reference.display());
            return;
        }
        panic!(
            "no reference image {}: wrote one from this render; look at it, and rerun with \
             SAT_BLESS=1 to accept it",
            reference.display()
        );
    }
    let expected = image::open(&reference)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", reference.display()))
        .to_rgba8();
    let output = test_dir("output");
    let actual_path = output.join(format!("{name}.actual.png"));
    let diff_path = output.join(format!("{name}.diff.png"));
    let save_actual = || {
        std::fs::create_dir_all(&output).expect("create tests/output");
        image.save(&actual_path).expect("write the actual image");
    };
    if expected.dimensions() != image.dimensions() {
        save_actual();
        panic!(
            "{name}: reference {} is {:?} but the render is {:?}; render in {}",
            reference.display(),
            expected.dimensions(),
            image.dimensions(),
            actual_path.display()
        );
    }
    let (numbers, diff) = difference(&expected, image, tolerance);
    if numbers.fraction_over > tolerance.fraction {
        save_actual();
        diff.save(&diff_path).expect("write the diff image");
        panic!(
            "{name}: {} pixels ({:.3}%) differ by more than {} (allowed {:.3}%), largest channel \
             difference {}; reference {}, render {}, diff {}",
            numbers.pixels_over,
            numbers.fraction_over * 100.0,
            tolerance.channel,
            tolerance.fraction * 100.0,
            numbers.max_channel,
            reference.display(),
            actual_path.display(),
            diff_path.display()
        );
    }
}

/// True when `pixel`'s RGB is within `tolerance` of `color` on every channel.
pub fn is_near(pixel: &Rgba<u8>, color: Color, tolerance: u8) -> bool {
    pixel[0].abs_diff(color.r) <= tolerance
        && pixel[1].abs_diff(color.g) <= tolerance
        && pixel[2].abs_diff(color.b) <= tolerance
}

/// How many pixels of `image` are near `color`.
pub fn count_near(image: &RgbaImage, color: Color, tolerance: u8) -> usize {
    image
        .pixels()
        .filter(|p| is_near(p, color, tolerance))
        .count()
}

/// How many pixels in the box `x0..x1` x `y0..y1` (clamped to the image)
/// are near `color`.
pub fn count_near_in(
    image: &RgbaImage,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    color: Color,
    tolerance: u8,
) -> usize {
    let (x1, y1) = (x1.min(image.width()), y1.min(image.height()));
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| is_near(image.get_pixel(x, y), color, tolerance))
        .count()
}

/// How many pixels are NOT near `color` (e.g. everything drawn over the
/// background), and the box that holds them all (None if there are none).
pub fn drawn_box(
    image: &RgbaImage,
    background: Color,
    tolerance: u8,
) -> (usize, Option<(u32, u32, u32, u32)>) {
    let mut count = 0;
    let mut bounds: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in image.enumerate_pixels() {
        if !is_near(p, background, tolerance) {
            count += 1;
            bounds = Some(match bounds {
                None => (x, y, x + 1, y + 1),
                Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x + 1), d.max(y + 1)),
            });
        }
    }
    (count, bounds)
}

/// Panics unless the pixel at (x, y) is within `tolerance` of `color`.
pub fn assert_pixel(image: &RgbaImage, x: u32, y: u32, color: Color, tolerance: u8) {
    let p = image.get_pixel(x, y);
    assert!(
        is_near(p, color, tolerance),
        "pixel ({x}, {y}) is {:?}, expected ({}, {}, {}) ± {tolerance}",
        p.0,
        color.r,
        color.g,
        color.b
    );
}
