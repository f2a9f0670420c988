//! The contacts overlay (K, `--contacts`): the contact manifold's points as
//! a dot on each surface, their separations as labels and a readout line,
//! and the normal as an arrow, only while shown.

use sat_visualizer::draw::{DrawList, Primitive};
use sat_visualizer::sat::Vec2;
use sat_visualizer::scene::{Action, CONTACT_MARGIN, FIXED_CENTER, FIXED_RADIUS, Scene};

/// The pentagon's flat bottom edge, in world units (its first corner is
/// straight up, so y grows downward to its bottom edge).
fn pentagon_bottom() -> f32 {
    FIXED_CENTER.y + FIXED_RADIUS * 36f32.to_radians().cos()
}

/// The box unturned, under the pentagon, its top edge `gap` below the
/// pentagon's bottom edge (negative: overlapping by that much), flush.
fn flush_box(gap: f32) -> Scene {
    let mut scene = Scene::new();
    let y = pentagon_bottom() + 45.0 + gap;
    scene.set_box(Vec2::new(FIXED_CENTER.x, y), 0.0).unwrap();
    scene
}

fn list_of(scene: &Scene) -> DrawList {
    let mut list = DrawList::default();
    scene.build(&mut list);
    list.validate().expect("a valid list");
    list
}

fn texts(list: &DrawList) -> Vec<&str> {
    list.items
        .iter()
        .filter_map(|i| match i {
            Primitive::Text(t) => Some(t.text.as_str()),
            _ => None,
        })
        .collect()
}

fn count(list: &DrawList, f: impl Fn(&Primitive) -> bool) -> usize {
    list.items.iter().filter(|i| f(i)).count()
}

#[test]
fn hidden_by_default_and_not_found() {
    let scene = flush_box(-10.0);
    assert!(!scene.shows_contacts());
    assert!(scene.contacts().is_none() && scene.contacts_line().is_none());
    assert!(
        !texts(&list_of(&scene))
            .iter()
            .any(|t| t.contains("contact"))
    );
}

#[test]
fn a_flush_overlap_gives_two_points_drawn_with_dots_labels_and_the_normal() {
    let mut scene = flush_box(-10.0);
    let before = list_of(&scene);
    assert!(scene.start(Action::ToggleContacts));
    assert!(scene.shows_contacts());
    let m = scene.contacts().expect("found while shown");
    assert_eq!(m.points().len(), 2, "{m:?}");
    assert!((m.normal - Vec2::Y).length() < 1e-4, "A moves down: {m:?}");
    for p in m.points() {
        assert!((p.separation + 10.0).abs() < 1e-2, "{p:?}");
        // A's end on the box's top edge, B's end on the pentagon's bottom.
        let a_end = p.point + m.normal * p.separation / 2.0;
        let b_end = p.point - m.normal * p.separation / 2.0;
        assert!(
            (a_end.y - (pentagon_bottom() - 10.0)).abs() < 1e-2,
            "{a_end}"
        );
        assert!((b_end.y - pentagon_bottom()).abs() < 1e-2, "{b_end}");
    }

    let after = list_of(&scene);
    let circles = |l: &DrawList| count(l, |i| matches!(i, Primitive::Circle(_)));
    let arrows = |l: &DrawList| count(l, |i| matches!(i, Primitive::Arrow(_)));
    assert_eq!(circles(&after), circles(&before) + 4, "a dot on each end");
    assert_eq!(arrows(&after), arrows(&before) + 1, "the normal");
    let words = texts(&after);
    assert_eq!(
        words.iter().filter(|t| **t == "-10.0 px").count(),
        2,
        "{words:?}"
    );
    assert!(
        words.contains(&"contacts: 2 points, separations -10.0 and -10.0 px"),
        "{words:?}"
    );

    // K again hides them: the list is the one before.
    assert!(scene.start(Action::ToggleContacts));
    assert!(!scene.shows_contacts() && scene.contacts().is_none());
    assert_eq!(list_of(&scene), before);
}

#[test]
fn speculative_points_show_just_before_touching_and_none_farther() {
    let mut scene = flush_box(5.0);
    scene.set_contacts(true);
    let m = scene.contacts().unwrap();
    assert_eq!(m.points().len(), 2);
    assert!(m.points().iter().all(|p| (p.separation - 5.0).abs() < 1e-2));
    assert_eq!(
        scene.contacts_line().unwrap(),
        "contacts: 2 points, separations 5.0 and 5.0 px"
    );

    // Moving the box refinds them.
    scene
        .set_box(
            Vec2::new(
                FIXED_CENTER.x,
                pentagon_bottom() + 45.0 + 2.0 * CONTACT_MARGIN,
            ),
            0.0,
        )
        .unwrap();
    assert!(scene.contacts().unwrap().points().is_empty());
    assert_eq!(scene.contacts_line().unwrap(), "contacts: none within 8 px");
    let list = list_of(&scene);
    assert!(!list.items.iter().any(|i| matches!(i, Primitive::Arrow(_))));
}

#[test]
fn the_circle_gives_one_point() {
    let mut scene = flush_box(-10.0);
    scene.set_circle(true);
    scene.set_contacts(true);
    let m = scene.contacts().unwrap();
    assert_eq!(m.points().len(), 1, "{m:?}");
    assert!(
        scene
            .contacts_line()
            .unwrap()
            .starts_with("contacts: 1 point, separation -")
    );
}
