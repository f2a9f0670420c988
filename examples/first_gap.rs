//! Where a batch's answers are decided: for the chapter's scene and each
//! 512-shape table, how many pairs are apart, and how many of those show
//! their first gap (the chapter's answer for a pair apart) on the first
//! polygon's own axes, which the test tries first, rather than on a later
//! one (the other polygon's axes, or a circle's own).
//!
//! The batch engine tries every axis of a pair in every lane, since a lane
//! cannot stop on its own, so the later axes' work is spent on the pairs
//! the first polygon's axes already part. This says how much of that there
//! is: what an engine that let those pairs leave early could win at most
//! (docs/mixed-batches.md, the thirty-eighth session, which built one).
//!
//! ```text
//! cargo run --release --example first_gap -- --pairs 200000
//! ```
//!
//! Each pair's answer is `batch::collide_one`'s (the reference), and its
//! axis is placed in the chapter's order of axes as the batch tests place
//! it (`chapter_axes`, `axis_place`).

#[path = "support/cli.rs"]
mod cli;

#[path = "../tests/support/batch_workloads.rs"]
mod workloads;

use clap::Parser;
use sat_visualizer::batch::{self, Pair, Shape};

/// Counts where the first gap lies in the chapter's scene and the
/// 512-shape tables.
#[derive(Parser)]
#[command(name = "first_gap")]
struct Args {
    /// Pairs per table.
    #[arg(long, default_value_t = 200_000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pairs: u32,
}

/// The kinds of pair, as the table's rows name them.
const KINDS: [&str; 3] = ["two polygons", "polygon and circle", "two circles"];

/// One kind's tally: its pairs, those apart, and of those the ones whose
/// first gap is on the first polygon's axes, or later.
#[derive(Default, Clone, Copy)]
struct Tally {
    pairs: usize,
    apart: usize,
    first: usize,
    later: usize,
}

/// [`KINDS`]' place of two circles, whose one axis is neither first nor
/// later.
const TWO_CIRCLES: usize = 2;

/// The pair's kind (an index of [`KINDS`]) and how many axes the test
/// tries first: the first polygon's own (A's, or B's when A is a circle;
/// `own_axes`); none for two circles.
fn kind_and_first_axes(shapes: &[Shape], p: &Pair) -> (usize, usize) {
    let (a, b) = (&shapes[p.a as usize], &shapes[p.b as usize]);
    match (a, b) {
        (Shape::Polygon(_), Shape::Polygon(_)) => (0, workloads::own_axes(a, p.pose_a).len()),
        (Shape::Polygon(_), Shape::Circle { .. }) => (1, workloads::own_axes(a, p.pose_a).len()),
        (Shape::Circle { .. }, Shape::Polygon(_)) => (1, workloads::own_axes(b, p.pose_b).len()),
        (Shape::Circle { .. }, Shape::Circle { .. }) => (TWO_CIRCLES, 0),
    }
}

fn main() {
    let args = cli::parse::<Args>();
    let pairs = args.pairs as usize;
    cli::say!(
        "# {pairs} pairs a table (seed 4); % of the kind's pairs: apart, first gap on the first polygon's axes, on a later axis"
    );
    cli::say!(
        "{:<20} {:<20} {:>8} {:>7} {:>7} {:>7}",
        "table",
        "kind",
        "pairs",
        "apart",
        "first",
        "later"
    );
    let scene = std::iter::once(workloads::chapter(pairs, 4));
    for w in scene.chain(workloads::tables(pairs, 4)) {
        let mut tally = [Tally::default(); 3];
        for p in &w.pairs {
            let (kind, first_axes) = kind_and_first_axes(&w.shapes, p);
            let t = &mut tally[kind];
            t.pairs += 1;
            let (a, b) = (&w.shapes[p.a as usize], &w.shapes[p.b as usize]);
            let r = batch::collide_one(a, p.pose_a, b, p.pose_b);
            if r.overlapping {
                continue;
            }
            t.apart += 1;
            if kind == TWO_CIRCLES {
                continue;
            }
            let axes = workloads::chapter_axes(&w.shapes, p, 1e-4);
            match workloads::axis_place(&axes, r.axis) {
                Some(k) if k < first_axes => t.first += 1,
                Some(_) => t.later += 1,
                None => {
                    eprintln!(
                        "first_gap: {}: {p:?}: its axis is none of the chapter's",
                        w.name
                    );
                    std::process::exit(1);
                }
            }
        }
        for (k, (kind, t)) in KINDS.iter().zip(tally).enumerate() {
            if t.pairs == 0 {
                continue;
            }
            let percent = |n: usize| 100.0 * n as f64 / t.pairs as f64;
            let split = |n: usize| {
                if k == TWO_CIRCLES {
                    "-".to_string()
                } else {
                    format!("{:.1}%", percent(n))
                }
            };
            cli::say!(
                "{:<20} {:<20} {:>8} {:>6.1}% {:>7} {:>7}",
                w.name,
                kind,
                t.pairs,
                percent(t.apart),
                split(t.first),
                split(t.later)
            );
        }
    }
}
