//! The renderer on a real (usually software) adapter: reference images of
//! every primitive at 1x and 2x, and pixel checks of what must hold
//! whatever the adapter: exact colors, sharp 2x lines, dashes, text, reuse.
#![cfg(feature = "viewer")]

mod support;

use glam::Vec2;
use sat_visualizer::draw::{Color, DrawList, DrawListError, Paint, Polygon, Primitive};
use sat_visualizer::render::{RenderError, render_to_image};
use support::{
    Tolerance, assert_pixel, compare_with_reference, count_near, count_near_in, drawn_box, headless,
};

// The chapter's colors.
const TEXT: Color = Color::rgb(235, 238, 242);
const GREY: Color = Color::rgb(90, 100, 112);
const BLUE: Color = Color::rgb(47, 111, 235);
const AMBER: Color = Color::rgb(232, 89, 12);
const GREEN: Color = Color::rgb(47, 158, 68);
const SILVER: Color = Color::rgb(150, 158, 170);
const BACKGROUND: Color = Color::rgb(18, 20, 24);

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// One of everything, on 320 x 200 logical pixels.
fn all_primitives() -> DrawList {
    let mut list = DrawList::new(BACKGROUND);
    // Filled and outlined polygon: a box turned a little.
    list.polygon(
        [
            v(20.0, 40.0),
            v(100.0, 30.0),
            v(110.0, 90.0),
            v(30.0, 100.0),
        ],
        Paint::fill_and_stroke(AMBER, TEXT, 2.0),
    );
    // Outlined pentagon.
    let pentagon = (0..5).map(|i| {
        let a = std::f32::consts::TAU * i as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
        v(190.0 + 40.0 * a.cos(), 70.0 + 40.0 * a.sin())
    });
    list.polygon(pentagon, Paint::stroke(BLUE, 3.0));
    // Filled circle, outlined circle.
    list.circle(v(270.0, 60.0), 30.0, Paint::fill(GREEN));
    list.circle(v(270.0, 150.0), 30.0, Paint::stroke(SILVER, 2.0));
    // Line, arrow, dashed line.
    list.line(v(20.0, 130.0), v(200.0, 130.0), 2.0, GREY);
    list.arrow(v(20.0, 160.0), v(200.0, 145.0), 2.0, 12.0, AMBER);
    list.dashed(v(20.0, 185.0), v(220.0, 185.0), 2.0, 8.0, 6.0, SILVER);
    // Text.
    list.text("apart: a gap of 12 px", v(10.0, 4.0), 16.0, TEXT);
    list
}

#[test]
fn every_primitive_matches_its_reference_at_1x_and_2x() {
    let Some(mut gpu) = headless() else { return };
    println!(
        "adapter: {}, {}x MSAA",
        gpu.adapter_name(),
        gpu.sample_count()
    );
    let list = all_primitives();
    let one = gpu.render(&list, 320, 200, 1.0).expect("1x render");
    let two = gpu.render(&list, 320, 200, 2.0).expect("2x render");
    assert_eq!(one.dimensions(), (320, 200));
    assert_eq!(two.dimensions(), (640, 400));
    // Filled areas are their exact color, at both scales.
    assert_pixel(&one, 65, 65, AMBER, 2);
    assert_pixel(&two, 130, 130, AMBER, 2);
    assert_pixel(&one, 270, 60, GREEN, 2);
    assert_pixel(&two, 540, 120, GREEN, 2);
    // An outline does not fill.
    assert_pixel(&one, 270, 150, BACKGROUND, 2);
    assert_pixel(&one, 190, 70, BACKGROUND, 2);
    compare_with_reference("primitives_1x", &one, Tolerance::DEFAULT);
    compare_with_reference("primitives_2x", &two, Tolerance::DEFAULT);
}

#[test]
fn the_chapter_colors_come_back_exact() {
    let Some(mut gpu) = headless() else { return };
    let colors = [TEXT, GREY, BLUE, AMBER, GREEN, SILVER];
    let mut list = DrawList::new(BACKGROUND);
    for (i, &c) in colors.iter().enumerate() {
        let x = 10.0 + 40.0 * i as f32;
        list.polygon(
            [v(x, 10.0), v(x + 30.0, 10.0), v(x + 30.0, 40.0), v(x, 40.0)],
            Paint::fill(c),
        );
    }
    for scale in [1.0, 2.0, 1.5] {
        let image = gpu.render(&list, 250, 50, scale).expect("render");
        for (i, &c) in colors.iter().enumerate() {
            let (x, y) = ((25.0 + 40.0 * i as f32) * scale, 25.0 * scale);
            assert_pixel(&image, x as u32, y as u32, c, 2);
        }
        assert_pixel(&image, 2, 2, BACKGROUND, 2);
    }
}

#[test]
fn translucent_colors_blend_in_linear_light() {
    let Some(mut gpu) = headless() else { return };
    // Half-covering white over black is half the light: linear 0.5, which
    // sRGB encodes as 188 (a blend of the sRGB bytes would give 128).
    let mut list = DrawList::new(Color::rgb(0, 0, 0));
    list.circle(
        v(20.0, 20.0),
        15.0,
        Paint::fill(Color::rgb(255, 255, 255).with_alpha(128)),
    );
    let image = gpu.render(&list, 40, 40, 1.0).expect("render");
    let p = image.get_pixel(20, 20);
    assert!(
        (186..=190).contains(&p[0]) && p[0] == p[1] && p[1] == p[2],
        "got {:?}",
        p.0
    );
}

#[test]
fn a_2x_render_is_as_sharp_as_1x() {
    let Some(mut gpu) = headless() else { return };
    // A 2 px line centred on y = 50 covers logical rows 49 and 50 exactly,
    // so it is 2 solid rows at 1x and 4 at 2x, with nothing blurred around.
    let mut list = DrawList::new(BACKGROUND);
    list.line(v(10.0, 50.0), v(90.0, 50.0), 2.0, TEXT);
    for (scale, rows) in [(1.0f32, 2u32), (2.0, 4)] {
        let image = gpu.render(&list, 100, 100, scale).expect("render");
        let x = (50.0 * scale) as u32;
        let column: Vec<u32> = (0..image.height())
            .filter(|&y| !support::is_near(image.get_pixel(x, y), BACKGROUND, 3))
            .collect();
        let first = (49.0 * scale) as u32;
        assert_eq!(
            column,
            (first..first + rows).collect::<Vec<_>>(),
            "at {scale}x"
        );
        for &y in &column {
            assert_pixel(&image, x, y, TEXT, 2);
        }
    }
}

#[test]
fn curves_are_smooth_and_edges_antialiased() {
    let Some(mut gpu) = headless() else { return };
    let mut list = DrawList::new(Color::rgb(0, 0, 0));
    list.circle(v(50.0, 50.0), 40.0, Paint::fill(Color::rgb(255, 255, 255)));
    for scale in [1.0f32, 2.0] {
        let image = gpu.render(&list, 100, 100, scale).expect("render");
        // Its area is πr² physical pixels (edge pixels count by coverage).
        let coverage: f64 = image.pixels().map(|p| srgb_to_linear(p[0])).sum();
        let expected = std::f64::consts::PI * (40.0 * scale as f64).powi(2);
        assert!(
            (coverage - expected).abs() / expected < 0.01,
            "{scale}x: covered {coverage:.0} of {expected:.0}"
        );
        if gpu.sample_count() > 1 {
            let partial = image.pixels().filter(|p| p[0] > 10 && p[0] < 245).count();
            assert!(
                partial > 100,
                "{scale}x: only {partial} anti-aliased edge pixels"
            );
        }
    }
}

fn srgb_to_linear(byte: u8) -> f64 {
    let c = byte as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

#[test]
fn dashes_really_alternate() {
    let Some(mut gpu) = headless() else { return };
    let mut list = DrawList::new(BACKGROUND);
    list.dashed(v(0.0, 20.0), v(200.0, 20.0), 4.0, 10.0, 10.0, AMBER);
    for scale in [1.0f32, 2.0] {
        let image = gpu.render(&list, 200, 40, scale).expect("render");
        let y = (20.0 * scale) as u32;
        for k in 0..10 {
            let dash = ((20 * k + 5) as f32 * scale) as u32;
            let gap = ((20 * k + 15) as f32 * scale) as u32;
            assert_pixel(&image, dash, y, AMBER, 2);
            assert_pixel(&image, gap, y, BACKGROUND, 2);
        }
    }
}

#[test]
fn an_arrow_points_at_its_tip() {
    let Some(mut gpu) = headless() else { return };
    let mut list = DrawList::new(BACKGROUND);
    list.arrow(v(10.0, 30.0), v(90.0, 30.0), 2.0, 16.0, AMBER);
    let image = gpu.render(&list, 100, 60, 1.0).expect("render");
    let (_, bounds) = drawn_box(&image, BACKGROUND, 10);
    let (x0, y0, x1, y1) = bounds.expect("something drawn");
    assert_eq!((x0, x1), (10, 90), "from the tail to the tip");
    // The head is 16 long and as wide; the shaft is 2 wide.
    assert!(
        (21..=23).contains(&y0) && (37..=39).contains(&y1),
        "head spans rows {y0}..{y1}"
    );
    assert_pixel(&image, 80, 33, AMBER, 2);
    assert_pixel(&image, 80, 36, BACKGROUND, 2);
    assert_pixel(&image, 40, 35, BACKGROUND, 2);
}

#[test]
fn text_draws_its_color_inside_its_box() {
    let Some(mut gpu) = headless() else { return };
    let mut list = DrawList::new(BACKGROUND);
    list.text("SAT 42", v(20.0, 10.0), 20.0, AMBER);
    let one = gpu.render(&list, 200, 60, 1.0).expect("1x");
    let two = gpu.render(&list, 200, 60, 2.0).expect("2x");
    let (drawn1, box1) = drawn_box(&one, BACKGROUND, 6);
    let (drawn2, box2) = drawn_box(&two, BACKGROUND, 6);
    let (x0, y0, x1, y1) = box1.expect("text drew at 1x");
    // Top-left at (20, 10); one line of a 20 px font is 25 px high; six
    // glyphs of DejaVu Sans at 20 px are about 70 px wide.
    assert!(x0 >= 20 && y0 >= 10 && y1 <= 35, "1x text in {box1:?}");
    assert!(
        (55..=90).contains(&(x1 - x0)),
        "1x text {} px wide",
        x1 - x0
    );
    assert!(
        count_near(&one, AMBER, 3) > 40,
        "solid glyph pixels are the text color"
    );
    // At 2x the same text covers about four times the pixels, in the box
    // twice as far out.
    let (a, b, c, d) = box2.expect("text drew at 2x");
    assert!(
        a >= 40 && b >= 20 && d <= 70 && (110..=180).contains(&(c - a)),
        "2x text in {box2:?}"
    );
    let ratio = drawn2 as f64 / drawn1 as f64;
    assert!((3.0..5.0).contains(&ratio), "2x/1x drawn pixels = {ratio}");
    assert!(count_near_in(&two, (a, b, c, d), AMBER, 3) > 4 * 40);
}

#[test]
fn text_outside_the_view_and_empty_text_are_fine() {
    let Some(mut gpu) = headless() else { return };
    let mut list = DrawList::new(BACKGROUND);
    list.text("", v(5.0, 5.0), 12.0, TEXT);
    list.text("far away", v(5000.0, -3000.0), 12.0, TEXT);
    list.text("half in", v(-20.0, 30.0), 12.0, TEXT);
    let image = gpu.render(&list, 80, 60, 1.0).expect("render");
    let (drawn, bounds) = drawn_box(&image, BACKGROUND, 6);
    assert!(drawn > 0, "the half-visible text shows");
    assert!(bounds.is_some_and(|(_, y0, _, _)| y0 >= 30));
}

#[test]
fn one_headless_renders_many_sizes_and_scales() {
    let Some(mut gpu) = headless() else { return };
    let list = all_primitives();
    let first = gpu.render(&list, 320, 200, 1.0).expect("first");
    for (w, h, s) in [
        (123u32, 77u32, 2.0f32),
        (1, 1, 1.0),
        (300, 10, 1.5),
        (64, 64, 3.0),
        (17, 900, 1.25),
    ] {
        let image = gpu.render(&list, w, h, s).expect("render");
        let expected = ((w as f32 * s).round() as u32, (h as f32 * s).round() as u32);
        assert_eq!(image.dimensions(), expected, "{w}x{h} at {s}");
        assert_pixel(&image, 0, 0, BACKGROUND, 2);
    }
    let again = gpu.render(&list, 320, 200, 1.0).expect("again");
    assert!(
        first == again,
        "the same list at the same size renders the same image after other sizes"
    );
}

#[test]
fn shaped_words_unused_for_a_while_are_forgotten_and_the_rest_kept() {
    let Some(mut gpu) = headless() else { return };
    let line = |text: &str| {
        let mut list = DrawList::default();
        list.text(text, v(10.0, 10.0), 16.0, TEXT);
        list
    };
    let (old, kept) = (line("qqq"), line("zzz"));
    gpu.render(&old, 64, 32, 1.0).expect("first frame");
    // 250 frames without "qqq": past the 120 to 240 frames an unused
    // piece is kept.
    for _ in 0..250 {
        gpu.render(&kept, 64, 32, 1.0).expect("a frame");
    }
    let before = gpu.stats().text_shapings;
    gpu.render(&kept, 64, 32, 1.0).expect("the kept word");
    assert_eq!(gpu.stats().text_shapings, before, "zzz was kept");
    gpu.render(&old, 64, 32, 1.0).expect("the forgotten word");
    assert_eq!(gpu.stats().text_shapings, before + 1, "qqq is shaped again");
    gpu.render(&kept, 64, 32, 1.0).expect("the kept word again");
    assert_eq!(gpu.stats().text_shapings, before + 1, "zzz still kept");
}

#[test]
fn steady_frames_create_no_gpu_resources_and_shape_no_text() {
    let Some(mut gpu) = headless() else { return };
    let mut list = all_primitives();
    gpu.render(&list, 320, 200, 1.0).expect("warm-up");
    let warm = gpu.stats();
    for _ in 0..3 {
        gpu.render(&list, 320, 200, 1.0).expect("steady");
    }
    let steady = gpu.stats();
    assert_eq!(steady.frames, warm.frames + 3);
    assert_eq!(
        steady.buffers_created, warm.buffers_created,
        "no vertex/index buffer per frame"
    );
    assert_eq!(
        steady.msaa_textures_created, warm.msaa_textures_created,
        "no MSAA texture per frame"
    );
    assert_eq!(
        steady.text_shapings, warm.text_shapings,
        "unchanged text is not shaped again"
    );
    assert!(steady.vertices > 0 && steady.indices > 0);

    // New text is shaped a word (and a digit) at a time, once: a line
    // whose number changes reshapes only a digit not shaped before. A new
    // size makes one new MSAA
    // texture.
    // ("12", "px" and the space are the first line's, at the same size.)
    list.text("zq wv 12 px", v(10.0, 60.0), 16.0, TEXT);
    gpu.render(&list, 320, 200, 1.0).expect("more text");
    let shaped = gpu.stats().text_shapings;
    assert_eq!(shaped, steady.text_shapings + 2, "zq and wv are new");
    let Some(Primitive::Text(line)) = list.items.last_mut() else {
        panic!("the line just added");
    };
    line.text = "zq wv 13 px".to_owned();
    gpu.render(&list, 320, 200, 1.0).expect("a changed number");
    assert_eq!(gpu.stats().text_shapings, shaped + 1, "only the 3 is new");
    gpu.render(&list, 200, 100, 1.0).expect("resized");
    if gpu.sample_count() > 1 {
        assert_eq!(
            gpu.stats().msaa_textures_created,
            steady.msaa_textures_created + 1
        );
    }

    // Many more shapes grow the buffers by doubling, a few times at most.
    let before = gpu.stats();
    for i in 0..2000 {
        list.circle(
            v((i % 300) as f32, (i / 10) as f32),
            3.0,
            Paint::fill(GREEN),
        );
    }
    gpu.render(&list, 320, 200, 1.0).expect("big list");
    let grown = gpu.stats();
    assert!(grown.vertex_capacity >= grown.vertices as u64 * 24);
    assert!(
        grown.buffers_created - before.buffers_created <= 2 * 8,
        "grew {} times",
        grown.buffers_created - before.buffers_created
    );
    let after_growth = grown.buffers_created;
    gpu.render(&list, 320, 200, 1.0).expect("big list again");
    assert_eq!(gpu.stats().buffers_created, after_growth);
}

#[test]
fn zero_sized_targets_and_empty_lists_are_fine() {
    let Some(mut gpu) = headless() else { return };
    let list = all_primitives();
    for (w, h) in [(0u32, 0u32), (0, 50), (50, 0)] {
        let image = gpu.render(&list, w, h, 1.0).expect("zero-sized render");
        assert_eq!(image.dimensions(), (w, h));
    }
    let empty = DrawList::new(SILVER);
    let image = gpu.render(&empty, 30, 20, 2.0).expect("empty list");
    assert_eq!(image.dimensions(), (60, 40));
    assert_eq!(
        count_near(&image, SILVER, 2),
        60 * 40,
        "an empty list is all background"
    );
    // And it still draws after all that.
    let image = gpu.render(&list, 320, 200, 1.0).expect("render");
    assert_pixel(&image, 270, 60, GREEN, 2);
}

#[test]
fn bad_input_is_a_clear_error_and_the_renderer_survives() {
    let Some(mut gpu) = headless() else { return };
    let list = all_primitives();
    for scale in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        match gpu.render(&list, 10, 10, scale) {
            Err(RenderError::InvalidTarget(why)) => assert!(why.contains("scale factor"), "{why}"),
            other => panic!("scale {scale}: expected InvalidTarget, got {other:?}"),
        }
    }
    match gpu.render(&list, 1_000_000, 10, 1.0) {
        Err(e @ RenderError::InvalidTarget(_)) => assert!(e.to_string().contains("limit"), "{e}"),
        other => panic!("huge target: expected InvalidTarget, got {other:?}"),
    }
    let mut bad = DrawList::new(BACKGROUND);
    bad.circle(v(f32::NAN, 1.0), 5.0, Paint::fill(AMBER));
    for (w, h) in [(20, 20), (0, 0)] {
        match gpu.render(&bad, w, h, 1.0) {
            Err(e @ RenderError::InvalidList(_)) => {
                let line = sat_visualizer::report(&e);
                assert!(
                    line.starts_with("invalid draw list: item 0: circle center (NaN, 1)"),
                    "{line}"
                );
                let cause = std::error::Error::source(&e).expect("the list's error as the source");
                let cause = cause
                    .downcast_ref::<DrawListError>()
                    .expect("a DrawListError");
                assert_eq!(cause.index(), 0);
            }
            other => panic!("NaN center: expected InvalidList, got {other:?}"),
        }
    }
    // What outside code might hand in: each refused with the item and what
    // is wrong with it, never a panic, at any target size.
    let with = |add: &dyn Fn(&mut DrawList)| {
        let mut list = DrawList::new(BACKGROUND);
        list.line(v(0.0, 0.0), v(5.0, 5.0), 1.0, AMBER);
        add(&mut list);
        list
    };
    let cases = [
        (
            with(&|l| l.dashed(v(0.0, 5.0), v(20.0, 5.0), 1.0, 0.01, 1.0, AMBER)),
            "item 1: dash 0.01 is shorter than 0.1 px",
        ),
        (
            with(&|l| {
                l.push(Polygon {
                    points: 5..9,
                    paint: Paint::fill(AMBER),
                })
            }),
            "item 1: polygon points 5..9 outside the list's 0 points",
        ),
        (
            with(&|l| l.text("big", v(0.0, 0.0), 5000.0, AMBER)),
            "item 1: text size 5000",
        ),
        (
            with(&|l| l.line(v(0.0, 0.0), v(1e9, 0.0), f32::INFINITY, AMBER)),
            "item 1: line end (1000000000, 0)",
        ),
    ];
    for (bad, needle) in cases {
        for (w, h, scale) in [(20, 20, 1.0), (1, 1, 4.0), (0, 5, 1.0)] {
            match gpu.render(&bad, w, h, scale) {
                Err(e @ RenderError::InvalidList(_)) => {
                    let line = sat_visualizer::report(&e);
                    assert!(line.contains(needle), "{line} lacks {needle:?}");
                }
                other => panic!("{needle}: expected InvalidList, got {other:?}"),
            }
        }
    }
    let image = gpu
        .render(&list, 320, 200, 1.0)
        .expect("renders after errors");
    assert_pixel(&image, 65, 65, AMBER, 2);
}

#[test]
fn render_to_image_matches_a_reused_headless() {
    let Some(mut gpu) = headless() else { return };
    let list = all_primitives();
    let reused = gpu.render(&list, 320, 200, 2.0).expect("headless");
    let once = render_to_image(&list, 320, 200, 2.0).expect("one-shot");
    assert!(reused == once, "one-shot and reused renders differ");
}

#[test]
fn the_reference_comparison_catches_a_moved_or_recolored_shape() {
    let Some(mut gpu) = headless() else { return };
    let draw = |offset: f32, color: Color| {
        let mut list = DrawList::new(BACKGROUND);
        list.circle(v(50.0 + offset, 40.0), 20.0, Paint::fill(color));
        list.text("readout", v(5.0, 2.0), 12.0, TEXT);
        list
    };
    let base = gpu.render(&draw(0.0, AMBER), 100, 80, 1.0).expect("base");
    let same = gpu.render(&draw(0.0, AMBER), 100, 80, 1.0).expect("same");
    let moved = gpu.render(&draw(3.0, AMBER), 100, 80, 1.0).expect("moved");
    let recolored = gpu
        .render(&draw(0.0, Color::rgb(232, 120, 12)), 100, 80, 1.0)
        .expect("recolored");
    let (d, _) = support::difference(&base, &same, Tolerance::DEFAULT);
    assert_eq!(d.pixels_over, 0);
    for (what, other) in [("moved 3 px", &moved), ("green +31", &recolored)] {
        let (d, diff) = support::difference(&base, other, Tolerance::DEFAULT);
        assert!(
            d.fraction_over > Tolerance::DEFAULT.fraction,
            "{what}: only {d:?}"
        );
        assert!(
            diff.pixels().any(|p| p[0] == 255 && p[1] < 255),
            "{what}: the diff image marks it"
        );
    }
}

#[test]
fn renderers_can_move_between_threads() {
    fn send<T: Send>() {}
    send::<sat_visualizer::render::Renderer>();
    send::<sat_visualizer::render::Headless>();
    let Some(mut gpu) = headless() else { return };
    let image = std::thread::spawn(move || gpu.render(&all_primitives(), 320, 200, 1.0))
        .join()
        .expect("render thread")
        .expect("render on another thread");
    assert_pixel(&image, 65, 65, AMBER, 2);
}
