//! The scene's draw list at any window size: whatever the size (1 to 16384
//! physical px a side, any aspect), scale factor (0.5 to 4), box pose,
//! fixed shape and overlays, the list `Scene::build` makes passes
//! `DrawList::validate`, so the renderer never refuses it, and it stays
//! small enough to draw every frame. CPU only: no GPU, no renderer.

use proptest::prelude::*;
use sat_visualizer::draw::{DrawList, Primitive};
use sat_visualizer::sat::Vec2;
use sat_visualizer::scene::{Figure, Scene};

/// More than the scene ever draws in a normal window (about 40 grid lines
/// and 20 other items), far fewer than a grid line per 50 world units
/// over a sliver of a window would be.
const MAX_ITEMS: usize = 600;

/// What one frame is built from.
#[derive(Debug, Clone)]
struct Setup {
    physical: (u32, u32),
    scale_factor: f32,
    position: Vec2,
    angle: f32,
    sides: Option<usize>,
    overlays: [bool; 5],
    /// The chapter's overlays: a figure first, then the path, the step
    /// shown, and B's corners dented (issue 10).
    chapter: Chapter,
}

#[derive(Debug, Clone, Default)]
struct Chapter {
    figure: Option<usize>,
    path: bool,
    step: Option<usize>,
    dent: bool,
}

/// The scene for `setup`, fitted to its window, and the list it makes.
fn build(setup: &Setup) -> (Scene, DrawList) {
    let mut scene = Scene::new();
    scene.set_chapter_keys("[P] path   [T] next axis");
    if let Some(f) = setup.chapter.figure {
        scene.load_figure(Figure::ALL[f]);
    }
    scene
        .set_box(setup.position, setup.angle)
        .expect("a valid pose");
    match setup.sides {
        Some(sides) => scene.set_sides(sides).expect("3 to 8 sides"),
        None => scene.set_circle(true),
    }
    let [shadows, axes, shortcut, help, contacts] = setup.overlays;
    scene.set_contacts(contacts);
    scene.set_shadows(shadows);
    scene.set_all_axes(axes);
    scene.set_shortcut(shortcut);
    scene.set_help(help);
    scene.set_path(setup.chapter.path);
    scene.set_step(setup.chapter.step);
    if setup.chapter.dent && setup.sides.is_some() {
        let dented = [
            (500.0, 280.0),
            (740.0, 280.0),
            (740.0, 480.0),
            (500.0, 480.0),
            (620.0, 380.0),
        ];
        scene
            .set_corners(dented.iter().map(|&(x, y)| Vec2::new(x, y)).collect())
            .expect("a dent is accepted");
    }
    let (w, h) = setup.physical;
    scene.resize(w as f32 / setup.scale_factor, h as f32 / setup.scale_factor);
    let mut list = DrawList::default();
    scene.build(&mut list);
    (scene, list)
}

fn check(setup: &Setup) -> Result<(), TestCaseError> {
    let (scene, list) = build(setup);
    if let Err(e) = list.validate() {
        return Err(TestCaseError::fail(format!(
            "{e}: {:?} in view {:?}",
            list.items[e.index()],
            scene.view()
        )));
    }
    prop_assert!(
        list.items.len() <= MAX_ITEMS,
        "{} items in view {:?}",
        list.items.len(),
        scene.view()
    );
    // Every frame shows the shapes and the readout, whatever the size.
    prop_assert!(list.items.iter().any(|i| matches!(i, Primitive::Text(_))));
    prop_assert!(
        list.items
            .iter()
            .any(|i| matches!(i, Primitive::Polygon(_)))
    );
    Ok(())
}

/// A side in physical pixels: uniform, or spread evenly over powers of
/// two so that slivers (1 to 16 px) come up as often as big windows.
fn side() -> impl Strategy<Value = u32> {
    prop_oneof![
        1u32..=16384,
        (0.0f64..=14.0).prop_map(|e| 2f64.powf(e).round() as u32),
        1u32..=16,
    ]
}

/// A box position: near the world, or anywhere the scene allows (±10⁵).
fn position() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        (-200.0f32..1200.0, -200.0f32..900.0),
        (-1e5f32..=1e5, -1e5f32..=1e5),
        prop::sample::select(vec![(-1e5, -1e5), (1e5, 1e5), (1e5, -1e5), (0.0, 1e5)]),
    ]
    .prop_map(|(x, y)| Vec2::new(x, y))
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        (side(), side()),
        prop_oneof![
            0.5f32..=4.0,
            prop::sample::select(vec![0.5f32, 1.0, 2.0, 4.0])
        ],
        position(),
        -10.0f32..10.0,
        prop_oneof![Just(None), (3usize..=8).prop_map(Some)],
        any::<[bool; 5]>(),
        (
            prop::option::of(0usize..Figure::ALL.len()),
            any::<bool>(),
            prop::option::of(1usize..=14),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(physical, scale_factor, position, angle, sides, overlays, chapter)| Setup {
                physical,
                scale_factor,
                position,
                angle,
                sides,
                overlays,
                chapter: Chapter {
                    figure: chapter.0,
                    path: chapter.1,
                    step: chapter.2,
                    dent: chapter.3,
                },
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_scene_s_list_is_valid_at_any_size_scale_and_pose(setup in setup()) {
        check(&setup)?;
    }
}

/// The sizes that failed before: slivers, a 1×1 window and the largest,
/// at both ends of the scale factors, with every overlay on.
#[test]
fn slivers_and_extremes_with_everything_shown() {
    let sizes = [
        (1, 1),
        (3, 700),
        (700, 3),
        (1, 16384),
        (16384, 1),
        (16384, 16384),
        (9, 9),
        (1000, 700),
    ];
    for physical in sizes {
        for scale_factor in [0.5, 1.0, 4.0] {
            for sides in [None, Some(3), Some(8)] {
                for (position, figure) in [
                    (Vec2::new(560.0, 360.0), None),
                    (Vec2::splat(1e5), None),
                    (Vec2::splat(-1e5), None),
                    (Vec2::splat(1e5), Some(0)),
                    (Vec2::splat(-1e5), Some(5)),
                ] {
                    let setup = Setup {
                        physical,
                        scale_factor,
                        position,
                        angle: 0.3,
                        sides,
                        overlays: [true; 5],
                        chapter: Chapter {
                            figure,
                            path: true,
                            step: Some(2),
                            dent: true,
                        },
                    };
                    if let Err(e) = check(&setup) {
                        panic!("{setup:?}: {e}");
                    }
                }
            }
        }
    }
}

/// The chapter's starting scene in a `w`×`h` window at scale factor 1.
fn starting_scene(w: u32, h: u32) -> Setup {
    Setup {
        physical: (w, h),
        scale_factor: 1.0,
        position: Vec2::new(320.0, 300.0),
        angle: 0.3,
        sides: Some(5),
        overlays: [false; 5],
        chapter: Chapter::default(),
    }
}

/// The picture at normal sizes is what it was: dashes keep their lengths,
/// and the grid its 50-unit step.
#[test]
fn normal_sizes_keep_the_chapter_s_dashes_and_grid() {
    let (_, list) = build(&starting_scene(1000, 700));
    let dashes: Vec<(f32, f32)> = list
        .items
        .iter()
        .filter_map(|i| match i {
            Primitive::Dashed(d) => Some((d.dash, d.gap)),
            _ => None,
        })
        .collect();
    assert_eq!(dashes, [(10.0, 8.0)], "the dividing line's 10 on, 8 off");
    // 21 lines across (0, 50, ..., 1000) and 15 down (0, ..., 700).
    let grid = list
        .items
        .iter()
        .filter(|i| matches!(i, Primitive::Line(l) if l.width == 1.0))
        .count();
    assert_eq!(grid, 21 + 15);
}

/// In a small window a dash is lengthened to stay drawable, its gap with
/// it in proportion.
#[test]
fn small_windows_lengthen_dashes_in_proportion() {
    let (_, list) = build(&starting_scene(30, 21));
    let Some(Primitive::Dashed(d)) = list
        .items
        .iter()
        .find(|i| matches!(i, Primitive::Dashed(_)))
    else {
        panic!("the dividing line is dashed");
    };
    assert!(d.dash >= 1.0, "{d:?}"); // and so above MIN_DASH
    assert!((d.gap / d.dash - 0.8).abs() < 1e-4, "{d:?}");
}
