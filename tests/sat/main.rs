//! Tests of the SAT core (`sat_visualizer::sat`): the chapter's figures,
//! every error, and property tests against an independent oracle.

mod chapter;
mod errors;
mod manifold;
mod oracle;
mod properties;
#[path = "../support/rng.rs"]
mod rng;
