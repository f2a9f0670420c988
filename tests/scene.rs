//! The scene on the CPU: input, the turn rate, the readout, the dividing
//! line, the push, the view's mouse mapping and the draw list's contents.

use sat_visualizer::draw::{self, Color, DrawList, Primitive};
use sat_visualizer::sat::{self, Vec2};
use sat_visualizer::scene::{
    AMBER, Action, BLUE, BOX_START, BOX_START_ANGLE, FIXED_CENTER, Fixed, GREEN, GREY, Hints,
    Scene, SceneError, TURN_SPEED, View, logical_from_physical,
};

/// The box dragged from its center to `to` (world = logical at 1000×700).
fn drag_box(scene: &mut Scene, to: Vec2) {
    let from = scene.box_position();
    scene.pointer_pressed(from);
    assert!(scene.is_grabbed(), "a press at the box's center grabs it");
    for i in 1..=10 {
        scene.pointer_moved(from.lerp(to, i as f32 / 10.0));
    }
    scene.pointer_released();
}

fn sat_against_fixed(scene: &Scene, a: &sat::Polygon) -> sat::SatResult {
    match scene.fixed() {
        Fixed::Polygon(p) => sat::sat_polygons(a, &p),
        Fixed::Circle(c) => sat::sat_polygon_circle(a, &c),
    }
}

fn colors_in(list: &DrawList) -> Vec<Color> {
    let mut out = Vec::new();
    for item in &list.items {
        match item {
            Primitive::Polygon(draw::Polygon { paint, .. })
            | Primitive::Circle(draw::Circle { paint, .. }) => {
                out.extend(paint.fill);
                out.extend(paint.stroke.map(|(c, _)| c));
            }
            Primitive::Line(draw::Line { color, .. })
            | Primitive::Arrow(draw::Arrow { color, .. })
            | Primitive::Dashed(draw::Dashed { color, .. })
            | Primitive::Text(draw::Text { color, .. }) => out.push(*color),
        }
    }
    out
}

/// A scene with key hints like the app's (the keymap is the app's; the
/// scene only draws the words it is given, filling in `{polygon}`).
fn hinted() -> Scene {
    let mut scene = Scene::new();
    scene.set_hints(Hints {
        controls: "[Drag] the box   [C] {polygon} or circle   [H] more keys   [Esc] quit".into(),
        help: "[S] shadows   [Space] push out   [3]-[8] sides   [H] hide".into(),
    });
    scene
}

fn texts(list: &DrawList) -> Vec<String> {
    list.items
        .iter()
        .filter_map(|i| match i {
            Primitive::Text(draw::Text { text, .. }) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn starts_as_the_chapter_says() {
    let scene = Scene::new();
    assert_eq!(scene.box_position(), Vec2::new(320.0, 300.0));
    assert_eq!(scene.box_angle(), 0.3);
    let corners = scene.box_corners().points();
    assert!(corners.contains(&Vec2::new(-70.0, -45.0)) && corners.contains(&Vec2::new(70.0, 45.0)));
    let Fixed::Polygon(p) = scene.fixed() else {
        panic!("starts with the pentagon")
    };
    assert_eq!(p.points().len(), 5);
    // First corner straight up, 80 from (620, 380).
    assert!((p.points()[0] - Vec2::new(620.0, 300.0)).length() < 1e-3);
    assert!(
        !scene.result().overlapping,
        "the chapter's scene starts apart"
    );
}

#[test]
fn a_click_outside_the_box_does_not_grab_it() {
    let mut scene = Scene::new();
    // Inside the box's bounding square but outside its turned outline: the
    // unturned corner (390, 345) is outside once the box turns by 0.3.
    let corner = BOX_START + Vec2::new(70.0, 45.0);
    assert!(!scene.placed_box().contains(corner));
    scene.pointer_pressed(corner);
    assert!(!scene.is_grabbed());
    assert!(!scene.pointer_moved(corner + Vec2::new(100.0, 0.0)));
    scene.pointer_released();
    assert_eq!(scene.box_position(), BOX_START);
}

#[test]
fn the_drag_moves_the_box_by_the_mouse_delta() {
    let mut scene = Scene::new();
    let grab = BOX_START + Vec2::new(30.0, 10.0);
    scene.pointer_pressed(grab);
    assert!(scene.is_grabbed());
    assert!(scene.pointer_moved(grab + Vec2::new(17.0, -4.0)));
    assert!(scene.pointer_moved(grab + Vec2::new(57.0, 26.0)));
    assert_eq!(scene.box_position(), BOX_START + Vec2::new(57.0, 26.0));
    scene.pointer_released();
    assert!(
        !scene.pointer_moved(grab + Vec2::new(200.0, 200.0)),
        "released: no longer held"
    );
    assert_eq!(scene.box_position(), BOX_START + Vec2::new(57.0, 26.0));
    assert_eq!(scene.box_angle(), BOX_START_ANGLE, "a drag does not turn");
}

#[test]
fn the_turn_rate_is_frame_rate_independent() {
    let mut one = Scene::new();
    let mut many = Scene::new();
    for s in [&mut one, &mut many] {
        s.start(Action::TurnRight);
        assert!(s.is_animating());
    }
    one.update(1.0);
    for _ in 0..60 {
        many.update(1.0 / 60.0);
    }
    let expected = BOX_START_ANGLE + TURN_SPEED;
    assert!(
        (one.box_angle() - expected).abs() < 1e-5,
        "{}",
        one.box_angle()
    );
    assert!(
        (many.box_angle() - expected).abs() < 1e-4,
        "{}",
        many.box_angle()
    );

    // Left turns the other way at the same rate; released, nothing turns.
    let mut left = Scene::new();
    left.start(Action::TurnLeft);
    left.update(0.5);
    assert!((left.box_angle() - (BOX_START_ANGLE - 0.9)).abs() < 1e-5);
    left.stop(Action::TurnLeft);
    assert!(!left.is_animating());
    left.update(2.0);
    assert!((left.box_angle() - (BOX_START_ANGLE - 0.9)).abs() < 1e-5);
    // A bad time step is ignored, not turned into a NaN angle.
    left.start(Action::TurnLeft);
    left.update(f32::NAN);
    left.update(-1.0);
    assert!((left.box_angle() - (BOX_START_ANGLE - 0.9)).abs() < 1e-5);
}

#[test]
fn the_readout_strings() {
    let mut scene = Scene::new();
    // The chapter's start, apart: the gap in whole pixels.
    let r = scene.result();
    assert!(!r.overlapping);
    assert_eq!(
        scene.readout(),
        format!("apart: a gap of {} px on one axis", r.depth.round() as i64)
    );
    assert_eq!(
        scene.axes_line(),
        "axes: the box's 4 edge normals, and the pentagon's 5"
    );

    // Unturned, right over the pentagon's center: the push is the box's
    // half height plus the pentagon's reach below its center (80 cos 36°),
    // 45 + 64.72 = 109.7 px, which the chapter's turned box makes about 121.
    scene.set_box(FIXED_CENTER, 0.0).unwrap();
    let r = scene.result();
    assert!(r.overlapping);
    let expected = 45.0 + 80.0 * (36.0f32).to_radians().cos();
    assert!((r.depth - expected).abs() < 1e-3, "{}", r.depth);
    assert_eq!(
        scene.readout(),
        "overlapping: push the box 110 px, as shown"
    );

    scene.start(Action::ToggleCircle);
    assert_eq!(
        scene.axes_line(),
        "axes: the box's 4 edge normals, and 1 toward the circle's center"
    );
    // The circle: out through its bottom, 45 + 80.
    assert_eq!(
        scene.readout(),
        "overlapping: push the box 125 px, as shown"
    );
}

#[test]
fn the_dividing_line_lies_inside_the_gap() {
    // Several apart placements: the start, and the box left, above and
    // below the pentagon at various angles.
    let places = [
        (BOX_START, BOX_START_ANGLE),
        (Vec2::new(420.0, 380.0), 0.0),
        (Vec2::new(620.0, 200.0), 1.1),
        (Vec2::new(800.0, 560.0), -0.7),
        (Vec2::new(480.0, 250.0), 0.45),
    ];
    for circle in [false, true] {
        for &(pos, angle) in &places {
            let mut scene = Scene::new();
            scene.set_circle(circle);
            scene.set_box(pos, angle).unwrap();
            let r = scene.result();
            assert!(!r.overlapping, "{pos} {angle} should be apart");
            let (p, q) = scene.dividing_line(700.0).expect("apart: a line");
            assert!(((q - p).length() - 1400.0).abs() < 1e-2);
            // At right angles to the gap's axis.
            assert!((q - p).normalize().dot(r.axis).abs() < 1e-4);
            let (a, b) = scene.shadows_on(r.axis);
            let (lo, hi) = if a.max < b.min {
                (a.max, b.min)
            } else {
                (b.max, a.min)
            };
            assert!(
                ((hi - lo) - r.depth).abs() < 1e-3,
                "the gap is the readout's"
            );
            for end in [p, q] {
                let place = end.dot(r.axis);
                assert!(
                    place > lo && place < hi,
                    "{place} outside the gap {lo}..{hi}"
                );
                assert!(
                    (place - (lo + hi) / 2.0).abs() < 1e-2,
                    "in the middle of the gap"
                );
            }
        }
    }
    let mut over = Scene::new();
    over.set_box(FIXED_CENTER, 0.0).unwrap();
    assert!(over.dividing_line(700.0).is_none());
}

#[test]
fn the_pushed_outline_just_touches_the_other_shape() {
    for circle in [false, true] {
        for &(pos, angle) in &[
            (Vec2::new(560.0, 360.0), 0.3),
            (Vec2::new(600.0, 300.0), 1.0),
            (FIXED_CENTER, 0.0),
            (Vec2::new(690.0, 420.0), -0.4),
        ] {
            let mut scene = Scene::new();
            scene.set_circle(circle);
            scene.set_box(pos, angle).unwrap();
            let r = scene.result();
            assert!(r.overlapping);
            let pushed = scene.pushed_box().expect("overlapping: an outline");
            let after = sat_against_fixed(&scene, &pushed);
            // Touching: overlapping by (or apart by) no more than rounding.
            assert!(after.depth < 1e-2, "{circle} {pos}: {after:?}");
            // And not merely anywhere: moved by exactly the push.
            assert!((pushed.center() - (pos + r.push())).length() < 1e-3);
        }
    }
    assert!(Scene::new().pushed_box().is_none(), "apart: no push");
}

#[test]
fn space_pushes_the_box_out() {
    let mut scene = Scene::new();
    scene.set_box(Vec2::new(580.0, 350.0), 0.2).unwrap();
    let before = scene.result();
    assert!(before.overlapping && before.depth > 10.0);
    assert!(scene.start(Action::PushOut));
    let after = scene.result();
    assert!(after.overlapping, "just touching counts as overlapping");
    assert!(after.depth < 1e-2, "{after:?}");
    assert_eq!(scene.readout(), "overlapping: push the box 0 px, as shown");
    assert!((scene.box_position() - (Vec2::new(580.0, 350.0) + before.push())).length() < 1e-2);
    // Apart: Space does nothing.
    let mut apart = Scene::new();
    assert!(!apart.start(Action::PushOut));
    assert_eq!(apart.box_position(), BOX_START);
}

#[test]
fn keys_3_to_8_change_the_sides_and_c_toggles() {
    let names = [
        "triangle", "square", "pentagon", "hexagon", "heptagon", "octagon",
    ];
    let mut scene = hinted();
    for (n, name) in (3..=8).zip(names) {
        assert!(scene.start(Action::Sides(n as u8)));
        assert_eq!(scene.sides(), n);
        let Fixed::Polygon(p) = scene.fixed() else {
            panic!("a polygon")
        };
        assert_eq!(p.points().len(), n);
        assert!(
            (p.points()[0] - Vec2::new(620.0, 300.0)).length() < 1e-3,
            "first corner up"
        );
        assert_eq!(
            scene.axes_line(),
            format!("axes: the box's 4 edge normals, and the {name}'s {n}")
        );
        assert!(
            scene
                .controls_line()
                .contains(&format!("[C] {name} or circle"))
        );
    }
    for d in [0u8, 1, 2, 9] {
        assert!(!scene.start(Action::Sides(d)));
        assert_eq!(scene.sides(), 8);
    }
    assert_eq!(scene.set_sides(9), Err(SceneError::Sides(9)));

    scene.start(Action::ToggleCircle);
    assert!(scene.uses_circle());
    let Fixed::Circle(c) = scene.fixed() else {
        panic!("the circle")
    };
    assert_eq!((c.center, c.radius), (FIXED_CENTER, 80.0));
    scene.start(Action::ToggleCircle);
    assert!(!scene.uses_circle());
    assert_eq!(scene.sides(), 8, "back to the polygon it had");
    // A digit while the circle shows brings back a polygon.
    scene.start(Action::ToggleCircle);
    scene.start(Action::Sides(4));
    assert!(!scene.uses_circle());
    assert_eq!(scene.sides(), 4);
}

#[test]
fn bad_settings_are_refused() {
    let mut scene = Scene::new();
    assert!(matches!(
        scene.set_box(Vec2::new(f32::NAN, 0.0), 0.0),
        Err(SceneError::Position(..))
    ));
    assert!(matches!(
        scene.set_box(Vec2::new(1e9, 0.0), 0.0),
        Err(SceneError::Position(..))
    ));
    assert!(matches!(
        scene.set_box(Vec2::ZERO, f32::INFINITY),
        Err(SceneError::Angle(_))
    ));
    assert_eq!(
        scene.box_position(),
        BOX_START,
        "refused settings change nothing"
    );
    let msg = SceneError::Sides(2).to_string();
    assert!(msg.contains("3 to 8") && !msg.contains('\n'), "{msg}");
}

#[test]
fn the_view_fits_and_centers_the_world() {
    let v = View::fit(1000.0, 700.0).unwrap();
    assert_eq!((v.scale, v.offset), (1.0, Vec2::ZERO));
    // Twice as wide: the height decides, the world is centered across.
    let v = View::fit(2000.0, 700.0).unwrap();
    assert_eq!(v.scale, 1.0);
    assert_eq!(v.offset, Vec2::new(500.0, 0.0));
    assert_eq!(
        v.to_logical(Vec2::new(500.0, 350.0)),
        Vec2::new(1000.0, 350.0)
    );
    // Half the size both ways: half the scale, no distortion.
    let v = View::fit(500.0, 350.0).unwrap();
    assert_eq!(v.scale, 0.5);
    // Tall: the width decides, centered down.
    let v = View::fit(1000.0, 1700.0).unwrap();
    assert_eq!((v.scale, v.offset), (1.0, Vec2::new(0.0, 500.0)));
    for (w, h) in [(0.0, 700.0), (1000.0, 0.0), (f32::NAN, 10.0), (-5.0, 10.0)] {
        assert!(View::fit(w, h).is_none(), "{w}x{h}");
    }
    // The inverse is exact.
    let v = View::fit(1234.0, 567.0).unwrap();
    for p in [Vec2::ZERO, Vec2::new(320.0, 300.0), Vec2::new(999.0, 1.0)] {
        assert!((v.to_world(v.to_logical(p)) - p).length() < 1e-3);
    }
}

#[test]
fn mouse_mapping_is_exact_at_scale_2_and_after_a_resize() {
    // Scale factor 2: the window system reports physical pixels, twice the
    // logical ones. A press at the box's physical place grabs it.
    let mut scene = Scene::new();
    let physical = BOX_START * 2.0;
    let logical = logical_from_physical(physical, 2.0);
    assert_eq!(logical, BOX_START);
    scene.pointer_pressed(logical);
    assert!(scene.is_grabbed());
    scene.pointer_moved(logical_from_physical(physical + Vec2::new(40.0, 20.0), 2.0));
    assert_eq!(
        scene.box_position(),
        BOX_START + Vec2::new(20.0, 10.0),
        "40 physical px = 20 world units"
    );
    scene.pointer_released();

    // A 2000×700 logical window: the world is centered, 500 px in.
    let mut wide = Scene::new();
    wide.resize(2000.0, 700.0);
    // A press at the box's world place, uncorrected, misses it...
    wide.pointer_pressed(BOX_START);
    assert!(!wide.is_grabbed());
    wide.pointer_released();
    // ...and one through the view hits it, and drags it exactly.
    let at = BOX_START + Vec2::new(500.0, 0.0);
    wide.pointer_pressed(at);
    assert!(wide.is_grabbed());
    wide.pointer_moved(at + Vec2::new(-13.0, 7.0));
    assert_eq!(wide.box_position(), BOX_START + Vec2::new(-13.0, 7.0));

    // Half size at scale factor 2 (500×350 logical, 1000×700 physical): a
    // physical pixel delta of 10 is 5 logical and 10 world units.
    let mut small = Scene::new();
    small.resize(500.0, 350.0);
    let p = BOX_START; // physical = world here
    small.pointer_pressed(logical_from_physical(p, 2.0));
    assert!(small.is_grabbed());
    small.pointer_moved(logical_from_physical(p + Vec2::new(10.0, 0.0), 2.0));
    assert_eq!(small.box_position(), BOX_START + Vec2::new(10.0, 0.0));

    // A minimized window keeps the last view.
    small.resize(0.0, 0.0);
    assert_eq!(small.view().scale, 0.5);
}

#[test]
fn the_draw_list_shows_what_the_test_found() {
    let mut list = DrawList::default();
    let mut scene = hinted();
    scene.build(&mut list);
    let colors = colors_in(&list);
    assert!(
        colors.contains(&BLUE) && colors.contains(&GREEN),
        "apart: blue box, green pentagon"
    );
    assert!(!colors.contains(&AMBER), "apart: no amber");
    let dashes: Vec<_> = list
        .items
        .iter()
        .filter(|i| matches!(i, Primitive::Dashed(draw::Dashed { color, .. }) if *color == GREY))
        .collect();
    assert_eq!(dashes.len(), 1, "one grey dividing line");
    assert!(!list.items.iter().any(|i| matches!(i, Primitive::Arrow(_))));
    let t = texts(&list);
    assert_eq!(t[0], scene.readout());
    assert!(t.contains(&scene.axes_line()));
    assert!(
        t.iter()
            .any(|s| s.contains("[Esc] quit") && s.contains("[C]"))
    );

    scene.set_box(Vec2::new(580.0, 350.0), 0.3).unwrap();
    scene.build(&mut list);
    let colors = colors_in(&list);
    assert!(colors.contains(&AMBER));
    assert!(
        !colors.contains(&BLUE) && !colors.contains(&GREEN),
        "overlapping: both amber"
    );
    let arrow = list.items.iter().find_map(|i| match i {
        Primitive::Arrow(draw::Arrow {
            from, to, color, ..
        }) => Some((*from, *to, *color)),
        _ => None,
    });
    let (from, to, color) = arrow.expect("overlapping: the push's arrow");
    assert_eq!(color, AMBER);
    let r = scene.result();
    assert!((from - scene.box_position()).length() < 1e-3);
    assert!(
        ((to - from).length() - r.depth).abs() < 1e-3,
        "the arrow is as long as the push"
    );
    let grey_outline = list.items.iter().any(|i| matches!(i, Primitive::Polygon(draw::Polygon { paint, .. }) if paint.stroke.map(|s| s.0) == Some(GREY) && paint.fill.is_none()));
    assert!(grey_outline, "the pushed box's grey outline");
    assert!(
        !list.items.iter().any(|i| matches!(i, Primitive::Dashed(_))),
        "no dividing line"
    );

    // The circle is drawn as a circle.
    scene.start(Action::ToggleCircle);
    scene.build(&mut list);
    assert!(
        list.items.iter().any(
            |i| matches!(i, Primitive::Circle(draw::Circle { radius, .. }) if *radius == 80.0)
        )
    );

    // Everything scales with the view: at half size, the circle's radius.
    scene.resize(500.0, 350.0);
    scene.build(&mut list);
    assert!(
        list.items.iter().any(
            |i| matches!(i, Primitive::Circle(draw::Circle { radius, .. }) if *radius == 40.0)
        )
    );
}

#[test]
fn s_x_a_and_h_add_what_they_show() {
    let count = |scene: &Scene| {
        let mut list = DrawList::default();
        scene.build(&mut list);
        list
    };
    let mut scene = hinted();
    scene.set_box(Vec2::new(580.0, 350.0), 0.3).unwrap();
    let plain = count(&scene);

    scene.start(Action::ToggleShadows);
    let with_shadows = count(&scene);
    // Two thick shadow segments (width 6) on the deciding axis.
    let thick = |l: &DrawList| {
        l.items
            .iter()
            .filter(|i| matches!(i, Primitive::Line(draw::Line { width, .. }) if *width == 6.0))
            .count()
    };
    assert_eq!(thick(&plain), 0);
    assert_eq!(thick(&with_shadows), 2);
    let sv = scene.shadow_view();
    assert_eq!(sv.axis, scene.result().axis);
    assert!(sv.a.gap(&sv.b) <= 0.0, "overlapping: the shadows overlap");
    scene.start(Action::ToggleShadows);

    scene.start(Action::ToggleAllAxes);
    let with_axes = count(&scene);
    let tried = scene.axes();
    assert_eq!(tried.len(), 9, "4 box normals and the pentagon's 5");
    assert!(
        tried.iter().all(|&(_, t)| t),
        "overlapping: every axis was tried"
    );
    assert!(with_axes.items.len() >= plain.items.len() + 9);
    scene.start(Action::ToggleAllAxes);

    // X: a second, silver outline and its line of text.
    scene.start(Action::ToggleShortcut);
    let with_cut = count(&scene);
    assert_eq!(with_cut.items.len(), plain.items.len() + 2);
    assert!(texts(&with_cut).iter().any(|t| t.starts_with("shortcut")));
    scene.start(Action::ToggleShortcut);

    scene.start(Action::ToggleHelp);
    let help = texts(&count(&scene)).join(" ");
    for key in [
        "[S]",
        "[Space]",
        "[3]-[8]",
        "[C] pentagon",
        "[Esc]",
        "[Drag]",
        "[H] hide",
    ] {
        assert!(help.contains(key), "{key} missing from {help}");
    }
}

#[test]
fn the_shortcut_is_wrong_when_a_shadow_is_inside_another() {
    // The box unturned, right over the pentagon's center: its shadow on x
    // (140 wide) holds the pentagon's (152 wide) only partly, but on y the
    // pentagon's shadow (80 + 64.7) holds the box's (90): the overlap's
    // length says 90, where the real push is about 110.
    let mut scene = Scene::new();
    scene.set_box(FIXED_CENTER, 0.0).unwrap();
    let real = scene.result();
    let cut = scene.shortcut_result();
    assert!(cut.depth < real.depth - 10.0, "{cut:?} vs {real:?}");
    let line = scene.shortcut_line();
    assert!(line.contains("is wrong"), "{line}");
    // Its outline still overlaps the pentagon, which is the failure shown.
    let outline = scene.shortcut_box().unwrap();
    assert!(sat_against_fixed(&scene, &outline).depth > 5.0);
}

#[test]
fn a_gap_stops_the_axes_being_tried() {
    let scene = Scene::new();
    let axes = scene.axes();
    assert_eq!(axes.len(), 9);
    let first_untried = axes.iter().position(|&(_, t)| !t);
    // The start is apart: some axis found the gap; none after it was tried.
    let r = scene.result();
    let decided = axes.iter().rposition(|&(_, t)| t).unwrap();
    assert!(
        axes[decided].0.dot(r.axis).abs() > 0.9999,
        "the last axis tried is the gap's"
    );
    if let Some(i) = first_untried {
        assert!(axes[i..].iter().all(|&(_, t)| !t));
    }
}

#[test]
fn dragging_the_box_onto_the_pentagon_turns_both_amber() {
    let mut scene = Scene::new();
    drag_box(&mut scene, Vec2::new(560.0, 360.0));
    assert_eq!(scene.box_position(), Vec2::new(560.0, 360.0));
    assert!(!scene.is_grabbed(), "released");
    assert!(scene.result().overlapping);
    let mut list = DrawList::default();
    scene.build(&mut list);
    let colors = colors_in(&list);
    assert!(colors.contains(&AMBER) && !colors.contains(&BLUE));
}

#[test]
fn going_deep_gives_the_chapters_numbers() {
    // "Before turning the box, drag it right over the pentagon's center.
    // The push grows to about 121 pixels, all the way out, where the
    // shortcut would have said 90."
    let mut scene = Scene::new();
    scene.set_box(FIXED_CENTER, BOX_START_ANGLE).unwrap();
    let (real, cut) = (scene.result(), scene.shortcut_result());
    assert!(real.overlapping && cut.overlapping);
    assert_eq!(real.depth.round(), 121.0, "{real:?}");
    assert_eq!(cut.depth.round(), 90.0, "{cut:?}");
    assert_eq!(
        scene.readout(),
        "overlapping: push the box 121 px, as shown"
    );
}

#[test]
fn the_dividing_line_crosses_the_whole_window_at_any_size() {
    for (w, h) in [
        (1000.0, 700.0),
        (2000.0, 700.0),
        (600.0, 1400.0),
        (500.0, 350.0),
    ] {
        let mut scene = Scene::new();
        scene.resize(w, h);
        let mut list = DrawList::default();
        scene.build(&mut list);
        let (from, to) = list
            .items
            .iter()
            .find_map(|i| match i {
                Primitive::Dashed(draw::Dashed { from, to, .. }) => Some((*from, *to)),
                _ => None,
            })
            .expect("apart: the dividing line");
        // Both ends sit on the window's edge, pushed out by the 10-unit
        // margin, so the line runs edge to edge.
        let margin = 10.0 * scene.view().scale;
        for end in [from, to] {
            let on_edge = [
                end.x + margin,
                end.x - w - margin,
                end.y + margin,
                end.y - h - margin,
            ]
            .iter()
            .any(|d| d.abs() < 1e-2);
            assert!(on_edge, "{w}x{h}: end {end} is not on the window's edge");
        }
        // And it is the chapter's line: through the middle of the gap.
        let (p, q) = scene.dividing_line(700.0).unwrap();
        let view = scene.view();
        let dir = (q - p).normalize();
        let off = |x: Vec2| (view.to_world(x) - p).perp_dot(dir).abs();
        assert!(
            off(from) < 1e-2 && off(to) < 1e-2,
            "{w}x{h}: on the chapter's line, {} and {} off",
            off(from),
            off(to)
        );
    }
}
