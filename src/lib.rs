//! SAT Visualizer: the Separating Axis Theorem as an exact Rust library, and
//! a wgpu app that draws the dividing line or the push live.
//!
//! The flow is one way, and the modules follow it:
//!
//! - [`sat`]: the test itself for convex polygons and circles: shadows on
//!   axes, edge normals as the axes, the shortest push checked both ways
//!   out. No GPU crate (build with `--no-default-features`).
//! - [`batch`]: the same test over many placed pairs at once, one pair per
//!   SIMD lane (`collide`, and `collide_par` on all cores).
//! - `gpu` (feature `gpu`): the same again in a WGSL compute shader.
//! - [`scene`]: the visualizer's state on the CPU (shapes, input, the SAT
//!   result) and the draw list it makes; it knows nothing of wgpu.
//! - [`draw`]: the draw list the scene fills and the renderer draws
//!   (polygons, circles, lines, arrows, dashes, text in logical pixels), and
//!   its validation. No GPU crate.
//! - `render` (feature `app`, in `viewer`): the renderer that draws a draw list with
//!   lyon, one WGSL pipeline and glyphon, in a window or headless; it knows
//!   nothing of SAT.
//! - `app` (feature `app`, in `viewer`): the winit event loop that owns the window
//!   and feeds the scene, and the headless `--screenshot` mode.
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "gpu")]
mod adapter;
#[cfg(feature = "gpu")]
pub use adapter::NoAdapter;
#[cfg(feature = "app")]
pub mod app;
// The batch engine's lanes run on x86-64 and AArch64. Built for any other
// architecture (wasm32 for the page, 32-bit x86, RISC-V), every batch goes
// pair by pair (`Isa::Scalar`), and the walker, its kernels and the lanes
// have no caller there.
#[cfg_attr(
    not(any(target_arch = "x86_64", target_arch = "aarch64")),
    allow(dead_code)
)]
pub mod batch;
pub mod draw;
#[cfg(feature = "gpu")]
pub mod gpu;
#[cfg(feature = "app")]
pub mod render;
pub mod sat;
pub mod scene;

/// An error and every cause under it ([`std::error::Error::source`]), on
/// one line, joined by ": ", with each message's own line breaks and runs
/// of spaces made single spaces: how the app and the examples print an
/// error for the terminal.
pub fn report(error: &dyn std::error::Error) -> String {
    let mut line = String::new();
    let mut next = Some(error);
    while let Some(e) = next {
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.extend(e.to_string().split_whitespace().flat_map(|w| [w, " "]));
        line.pop();
        next = e.source();
    }
    line
}

/// The tests' one generator (SplitMix64), shared with the integration
/// tests, benches and examples.
#[cfg(test)]
#[path = "../tests/support/rng.rs"]
mod test_rng;

/// README.md's examples, compiled and run as doc tests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
