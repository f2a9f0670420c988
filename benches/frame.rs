//! The CPU cost of one frame of the SAT Visualizer: the scene's update, its
//! draw list, and the renderer's `prepare` (lyon tessellation, the buffer
//! uploads, glyphon's text shaping and atlas work) on the headless device.
//!
//! Run: `cargo bench --bench frame`. Each case ends the frame with an empty
//! submit and a non-blocking poll, so the uploads are flushed as a real
//! frame's would be (without it `write_buffer`'s staging would pile up);
//! no render pass is recorded, so the GPU's drawing is not in the figure.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sat_visualizer::draw::DrawList;
use sat_visualizer::render::{Headless, TargetSize};
use sat_visualizer::sat::Vec2;
use sat_visualizer::scene::{Action, Scene};

/// The headless device and renderer, driven a frame's CPU half at a time.
struct Gpu(Headless);

impl Gpu {
    fn prepare(&mut self, list: &DrawList, target: TargetSize) {
        let (device, queue, renderer) = self.0.parts();
        renderer
            .prepare(device, queue, list, target)
            .expect("prepare");
        queue.submit(std::iter::empty());
        let _ = device.poll(wgpu::PollType::Poll);
    }
}

fn frame(c: &mut Criterion) {
    let headless = Headless::new().expect(
        "the frame benchmark needs a wgpu adapter (apt-get install -y mesa-vulkan-drivers)",
    );
    println!(
        "adapter: {}, {}x MSAA",
        headless.adapter_name(),
        headless.sample_count()
    );
    let mut gpu = Gpu(headless);
    let mut list = DrawList::default();
    let one = TargetSize::new(1000, 700, 1.0);
    let two = TargetSize::new(2000, 1400, 2.0);

    // The scene alone: a held key's turn and the draw list.
    let mut scene = Scene::new();
    scene.start(Action::TurnRight);
    c.bench_function("frame/scene_update_and_list", |b| {
        b.iter(|| {
            scene.update(1.0 / 60.0);
            scene.build(&mut list);
            black_box(list.items.len())
        })
    });

    // A turning frame: update, list, prepare. The readout's number changes
    // as the box turns, so some frames reshape a line of text.
    for (name, target) in [("frame/turning_1x", one), ("frame/turning_2x", two)] {
        let mut scene = Scene::new();
        scene.set_box(Vec2::new(560.0, 360.0), 0.3).unwrap();
        scene.start(Action::TurnRight);
        bench_frames(c, name, &mut scene, &mut gpu, &mut list, target);
    }

    // A dragging frame: the box follows the pointer back and forth across
    // the pentagon, so the colors, the push and the text all change.
    let mut scene = Scene::new();
    let mut step = 0i32;
    scene.pointer_pressed(scene.box_position());
    c.bench_function("frame/dragging_1x", |b| {
        b.iter(|| {
            step = (step + 1) % 400;
            let x = 320.0 + (200 - (step - 200).abs()) as f32 * 1.5;
            scene.pointer_moved(Vec2::new(x, 300.0 + (step % 7) as f32));
            scene.build(&mut list);
            gpu.prepare(&list, one);
        })
    });

    // Everything on (S, X, A, H): the busiest frame.
    let mut scene = Scene::new();
    scene.set_box(Vec2::new(600.0, 370.0), 0.3).unwrap();
    for k in Action::OVERLAYS.into_iter().chain([Action::TurnRight]) {
        scene.start(k);
    }
    c.bench_function("frame/everything_shown_1x", |b| {
        b.iter(|| {
            scene.update(1.0 / 60.0);
            scene.build(&mut list);
            gpu.prepare(&list, one);
        })
    });
}

/// The tank game's frame: a fixed step with Up held into the narrow corner
/// (two passes, so four pushes a step and the arrows drawn), its draw list,
/// and prepare.
fn tank(c: &mut Criterion) {
    let mut gpu = Gpu(Headless::new().expect("the frame benchmark needs a wgpu adapter"));
    let mut list = DrawList::default();
    let mut scene = Scene::new();
    scene.start(Action::ToggleTank);
    for (key, seconds) in [
        (Action::DriveBack, 0.5),
        (Action::TurnLeft, 1.34),
        (Action::DriveForward, 4.0),
    ] {
        scene.hold(key, seconds);
    }
    scene.start(Action::DriveForward);
    scene.update(1.0 / 60.0);
    assert_eq!(scene.tank().pushes().len(), 4, "in the corner");
    let one = TargetSize::new(1000, 700, 1.0);
    bench_frames(
        c,
        "frame/tank_corner_1x",
        &mut scene,
        &mut gpu,
        &mut list,
        one,
    );
}

/// Issue 10's overlays all at once, on top of S, X, A and H: the path, a
/// stepped axis with its table, and a dented B, while the box turns (so
/// the path, the table's numbers and the readout change every frame).
fn chapter(c: &mut Criterion) {
    let headless = Headless::new().expect("the frame benchmark needs a wgpu adapter");
    let mut gpu = Gpu(headless);
    let mut list = DrawList::default();
    let one = TargetSize::new(1000, 700, 1.0);
    for (name, circle, turning) in [
        ("frame/chapter_everything_1x", false, true),
        ("frame/chapter_everything_circle_1x", true, true),
        ("frame/chapter_everything_still_1x", false, false),
    ] {
        let mut scene = Scene::new();
        scene.set_chapter_keys("[P] path   [T] next axis   [PgDn] [PgUp] figures   [R] reset");
        if circle {
            scene.set_circle(true);
        } else {
            let dented = [
                (540.0, 300.0),
                (700.0, 300.0),
                (700.0, 460.0),
                (540.0, 460.0),
                (620.0, 380.0),
            ];
            scene
                .set_corners(dented.iter().map(|&(x, y)| Vec2::new(x, y)).collect())
                .unwrap();
        }
        scene.set_box(Vec2::new(600.0, 370.0), 0.3).unwrap();
        for k in Action::OVERLAYS.into_iter().chain([
            Action::TogglePath,
            Action::StepForward,
            Action::StepForward,
        ]) {
            scene.start(k);
        }
        if turning {
            scene.start(Action::TurnRight);
        }
        bench_frames(c, name, &mut scene, &mut gpu, &mut list, one);
    }
}

/// Times one frame after another of `scene`: a 1/60 s step, its draw
/// list, and the renderer's prepare for `target`.
fn bench_frames(
    c: &mut Criterion,
    name: &str,
    scene: &mut Scene,
    gpu: &mut Gpu,
    list: &mut DrawList,
    target: TargetSize,
) {
    c.bench_function(name, |b| {
        b.iter(|| {
            scene.update(1.0 / 60.0);
            scene.build(list);
            gpu.prepare(list, target);
        })
    });
}

criterion_group!(benches, frame, tank, chapter);
criterion_main!(benches);
