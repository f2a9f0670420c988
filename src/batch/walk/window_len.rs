//! How many pairs a window holds: chosen once, for this CPU, by the size
//! of a core's own L2 cache.
//!
//! A longer window leaves fewer part-filled registers for `merge_tails`
//! to gather (a window's buckets each end in one, however many pairs the
//! window holds) and asks ahead over more registers, but its pairs, their
//! result slots and their numbers in the lists, 50 bytes a pair, and the
//! table's blocks, must stay in the core's L2 while its buckets run. Which
//! of these wins depends on the cache, so the window is chosen by it:
//!
//! - 4096 pairs (200 KiB a window) on most cores: each bucket's last
//!   register is part-filled, about 3.5 empty lanes of 8 for each bucket
//!   a window holds (before `merge_tails` ran them together), and 4096
//!   pairs ran 3-4% fewer instructions a pair than 2048 on the mixed
//!   tables (the second session). On AMD's Zen 4 (1 MiB of L2) windows
//!   of 8192 took 1.00-1.04x the time (the nineteenth session,
//!   `docs/mixed-batches.md`), and on the Ice Lake Xeon (1.25 MiB) 1.55x
//!   (the seventh); Zen 3's L2 is 512 KiB, which 8192 pairs with the
//!   512-shape table's 96 KiB of blocks would nearly fill.
//! - 8192 pairs (400 KiB) where the L2 holds at least 2 MiB (Intel's
//!   Sapphire and Emerald Rapids Xeons and their successors). On an
//!   Emerald Rapids Xeon, as a constant, windows of 8192 took AVX-512
//!   0.94-0.99x the time of 4096 on the 512 polygons and on every kind,
//!   and AVX2 0.98-1.00x, with polygons against circles and the chapter's
//!   scene level (the thirtieth session); 16 384 was no better. Chosen
//!   here, AVX-512 took 0.96-0.97x the time on every kind and 0.97-1.01x
//!   on the polygons, polygons against circles 0.99, AVX2 level within
//!   the noise (the thirty-first session; medians of 16-24 alternated
//!   rounds of `examples/fingerprint`).
//!
//! The window changes no answer: each pair gets the same answer, bit for
//! bit, whatever pairs share its window or its register (see
//! `merge_tails`), which `collide_par`, whose windows fall elsewhere,
//! relies on too.

use std::sync::OnceLock;

use crate::batch::isa::l2_bytes;

/// The window where the L2 is smaller than [`LARGE_L2`], or its size is
/// not known.
pub(super) const WINDOW: usize = 4096;

/// The window where the L2 holds at least [`LARGE_L2`].
pub(super) const WINDOW_LARGE: usize = 8192;

/// The least L2 cache, in bytes, that takes [`WINDOW_LARGE`]: four times
/// a window of it and the 512-shape table's blocks.
const LARGE_L2: usize = 2 << 20;

/// The window this CPU's walkers use (see the module's notes), found once
/// and then remembered.
pub(crate) fn window_len() -> usize {
    static LEN: OnceLock<usize> = OnceLock::new();
    *LEN.get_or_init(|| window_for(l2_bytes()))
}

/// The window for a core with `l2` bytes of its own L2 cache (`None`:
/// not known).
fn window_for(l2: Option<usize>) -> usize {
    match l2 {
        Some(bytes) if bytes >= LARGE_L2 => WINDOW_LARGE,
        _ => WINDOW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_large_window_takes_an_l2_of_two_mebibytes() {
        assert_eq!(window_for(None), WINDOW);
        assert_eq!(window_for(Some(512 << 10)), WINDOW);
        assert_eq!(window_for(Some(1280 << 10)), WINDOW);
        assert_eq!(window_for(Some((2 << 20) - 1024)), WINDOW);
        assert_eq!(window_for(Some(2 << 20)), WINDOW_LARGE);
        assert_eq!(window_for(Some(3 << 20)), WINDOW_LARGE);
        assert_eq!(window_len(), window_for(l2_bytes()));
        // The lists' numbers and counts are 16 bits wide.
        assert!(WINDOW_LARGE < usize::from(u16::MAX));
    }

    /// Every pair's answer is the same, bit for bit, whatever the window:
    /// with each instruction set this CPU has, on a batch of many shapes
    /// whose windows start with a run of one shape pair, then mix every
    /// kind, windows of 4096, 8192 and an odd 1000 pairs (whose registers
    /// and buckets fall elsewhere again) give the same results.
    #[test]
    fn every_window_gives_the_same_answers() {
        use crate::batch::isa::{self, Isa, into_vec};
        use crate::batch::walk::with_window;
        use crate::batch::{Pair, Pose, Shape, prepared};
        use crate::sat::Polygon;
        use crate::test_rng::Rng;
        let mut rng = Rng(31);
        let shapes: Vec<Shape> = (0..60)
            .map(|i| match i % 4 {
                0 => Shape::Circle {
                    radius: rng.range(5.0, 60.0),
                },
                1 => Shape::Polygon(
                    Polygon::rectangle(rng.range(10.0, 120.0), rng.range(10.0, 120.0)).unwrap(),
                ),
                _ => Shape::Polygon(
                    Polygon::regular(3 + rng.below(6), rng.range(10.0, 80.0)).unwrap(),
                ),
            })
            .collect();
        let table = prepared::prepare(&shapes);
        let pose = |rng: &mut Rng| Pose {
            position: rng.in_disk(glam::Vec2::ZERO, 150.0),
            angle: rng.range(-7.0, 7.0),
        };
        let mut pairs = Vec::new();
        for i in 0..20_000 {
            let (a, b) = if i % 8192 < 300 {
                (1, 2)
            } else {
                (rng.below(60) as u32, rng.below(60) as u32)
            };
            let (pose_a, pose_b) = (pose(&mut rng), pose(&mut rng));
            pairs.push(Pair {
                a,
                pose_a,
                b,
                pose_b,
            });
        }
        for isa in Isa::available() {
            let answers = [WINDOW, WINDOW_LARGE, 1000].map(|window| {
                with_window(window, || {
                    let mut out = Vec::new();
                    assert!(into_vec(&mut out, pairs.len(), |slots| {
                        isa::run(isa, &table, &pairs, slots)
                    }));
                    out
                })
            });
            assert_eq!(answers[0].len(), pairs.len());
            let overlapping = answers[0].iter().filter(|r| r.overlapping).count();
            assert!(
                (2000..18_000).contains(&overlapping),
                "{overlapping} of 20 000 overlapping: the poses should mix both verdicts"
            );
            assert!(
                answers[1] == answers[0],
                "{}: 8192 against 4096",
                isa.name()
            );
            assert!(
                answers[2] == answers[0],
                "{}: 1000 against 4096",
                isa.name()
            );
        }
    }

    /// CPUID's L2 is read from the right bits: every x86-64 CPU since
    /// the first has the leaf, and an L2 between 128 KiB and 64 MiB (the
    /// low bits hold the line size, 64, and the ways).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn cpuid_gives_an_l2_of_a_likely_size() {
        let l2 = l2_bytes().expect("CPUID's extended leaf 0x8000_0006");
        assert!((128 << 10..=64 << 20).contains(&l2), "an L2 of {l2} bytes");
    }
}
