//! SplitMix64: the one small, seeded random generator of the tests,
//! benches and examples (no dependency), included by path where it is
//! needed. A seed always gives the same numbers, so every run tries the
//! same pairs.
#![allow(dead_code)]

// glam's `Vec2` (the crate's own), so that the library's unit tests can
// include this file too.
use glam::Vec2;

/// SplitMix64: a tiny, seeded, well-mixed generator; the number is its
/// state.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    /// Uniform in 0..n (n at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// An angle uniform in [-π, π).
    pub fn angle(&mut self) -> f32 {
        self.range(-std::f32::consts::PI, std::f32::consts::PI)
    }
    /// A point uniform in the disk of radius `r` about `c`.
    pub fn in_disk(&mut self, c: Vec2, r: f32) -> Vec2 {
        let d = r * self.unit().sqrt();
        c + Vec2::from_angle(self.angle()) * d
    }
}
