//! The chapter's statistics, reproduced: how often the overlap-length
//! shortcut's push leaves SAT Visualizer's box still inside the pentagon,
//! how far off it is with the box centered, and how often flipping the axis
//! by the centers points the wrong way.
//!
//! `cargo run --release --example shortcut_study -- [--samples N] [--seed S]`

#[path = "support/cli.rs"]
mod cli;
#[path = "../tests/support/rng.rs"]
mod rng;

use sat_visualizer::sat::shortcut::{flip_by_centers, shortcut_polygons};
use sat_visualizer::sat::{Polygon, Vec2, sat_polygons};
use sat_visualizer::scene::{BOX_HEIGHT, BOX_WIDTH, FIXED_CENTER, FIXED_RADIUS};

/// The chapter's statistics for the overlap-length shortcut, reproduced.
#[derive(Debug, clap::Parser)]
#[command(name = "shortcut_study")]
struct Args {
    /// How many placements of the box to sample.
    #[arg(long, value_name = "N", default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    samples: u64,
    /// The generator's seed: the same seed samples the same placements.
    #[arg(long, value_name = "S", default_value_t = 16)]
    seed: u64,
}

fn main() {
    let Args { samples, seed } = cli::parse::<Args>();
    let center = FIXED_CENTER;
    let pentagon = Polygon::regular(5, FIXED_RADIUS)
        .expect("a pentagon")
        .placed(center, 0.0);
    let box_shape = Polygon::rectangle(BOX_WIDTH, BOX_HEIGHT).expect("a box");
    // Any placement that overlaps has the box's center within the pentagon's
    // radius plus the box's half-diagonal of the pentagon's center.
    let reach = FIXED_RADIUS + Vec2::new(BOX_WIDTH, BOX_HEIGHT).length() / 2.0;

    let mut rng = rng::Rng(seed);
    let (mut overlapping, mut still_inside, mut wrong_flip) = (0u64, 0u64, 0u64);
    for _ in 0..samples {
        let offset = Vec2::new(rng.unit() * 2.0 - 1.0, rng.unit() * 2.0 - 1.0) * reach;
        let angle = rng.unit() * std::f32::consts::TAU;
        let a = box_shape.placed(center + offset, angle);
        let real = sat_polygons(&a, &pentagon);
        if !real.overlapping {
            continue;
        }
        overlapping += 1;
        // The shortcut's push, applied: are they still overlapping, by more
        // than rounding?
        let short = shortcut_polygons(&a, &pentagon);
        let after = sat_polygons(&a.placed(short.push(), 0.0), &pentagon);
        if after.overlapping && after.depth > 1e-3 {
            still_inside += 1;
        }
        // The real push's axis, flipped by the centers instead.
        if flip_by_centers(&a, &pentagon, real.axis).dot(real.axis) < 0.0 {
            wrong_flip += 1;
        }
    }

    let centered = box_shape.placed(center, 0.3);
    let real = sat_polygons(&centered, &pentagon);
    let short = shortcut_polygons(&centered, &pentagon);
    let share = |n: u64| 100.0 * n as f64 / overlapping.max(1) as f64;

    cli::say!(
        "SAT Visualizer's box ({BOX_WIDTH} x {BOX_HEIGHT}) against its pentagon (radius {FIXED_RADIUS})"
    );
    cli::say!(
        "sampling: {samples} placements (seed {seed}), the box's center uniform in the square \
         ±{reach:.1} px around the pentagon's center, its angle uniform in [0, 2π); \
         {overlapping} overlap ({:.1}%)",
        100.0 * overlapping as f64 / samples as f64
    );
    cli::say!(
        "the shortcut's push leaves them still overlapping: {still_inside} of {overlapping} = {:.1}% (chapter: 10.8%)",
        share(still_inside)
    );
    cli::say!(
        "box centered on the pentagon, turned 0.3: true push {:.1} px, the shortcut says {:.1} px (chapter: 121 and 90)",
        real.depth,
        short.depth
    );
    cli::say!(
        "flipping the axis by the centers points the wrong way: {wrong_flip} of {overlapping} = {:.2}% (chapter: about 1%)",
        share(wrong_flip)
    );
}
