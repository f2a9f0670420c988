//! SAT Visualizer: the Separating Axis Theorem as an exact Rust library, and
//! a wgpu app that draws the dividing line or the push live.
//!
//! - [`sat`]: the test itself for convex polygons and circles, with no GPU
//!   crate (build with `--no-default-features`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod render;
pub mod sat;
pub mod scene;
#[cfg(feature = "gpu")]
pub mod gpu;
#[cfg(feature = "viewer")]
pub mod app;
