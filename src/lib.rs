//! SAT Visualizer: the Separating Axis Theorem as an exact Rust library, and
//! a wgpu app that draws the dividing line or the push live.
//!
//! - [`sat`]: the test itself for convex polygons and circles, with no GPU
//!   crate (build with `--no-default-features`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "gpu")]
mod adapter;
#[cfg(feature = "viewer")]
pub mod app;
pub mod batch;
#[cfg(feature = "gpu")]
pub mod gpu;
pub mod render;
pub mod sat;
pub mod scene;

/// README.md's examples, compiled and run as doc tests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
