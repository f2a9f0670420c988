//! SAT on the GPU: a WGSL compute path for millions of pairs.
