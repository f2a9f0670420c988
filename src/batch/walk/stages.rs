//! The walker's stage switch: how far a window's grouped pairs are
//! taken, for timing the stages apart (`examples/stages.rs`).

/// How far a window's grouped pairs are taken, to time the walker's
/// stages apart (`examples/stages.rs`). Only a build with `--cfg
/// sat_stage_probe` can choose anything but [`Stages::All`]; in every
/// other build [`stages`] is that constant, and the tests on it compile
/// away. Each stage but `All` gives wrong answers: a timing instrument,
/// never an engine.
#[cfg_attr(not(sat_stage_probe), allow(dead_code))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Stages {
    /// Everything: the real answers.
    All = 0,
    /// The bucket pass alone: every result a placeholder, written in
    /// order (the pairs read once from memory, the results written once).
    Buckets = 1,
    /// And each bucket's registers gathered, with placeholder results
    /// scattered to their slots.
    Gather = 2,
    /// And the registers' shapes filled into the lanes.
    Fill = 3,
    /// Everything but the fills after each bucket's first register: the
    /// kernels on shapes already in the lanes (wrong shapes, the same
    /// arithmetic), to show what the fills cost the kernels beyond their
    /// own work.
    NoFill = 4,
}

/// The stages a probe build runs (see [`Stages`]).
#[cfg(sat_stage_probe)]
static STAGES: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Chooses the stages the walker runs, in a `--cfg sat_stage_probe`
/// build, on every thread.
#[cfg(sat_stage_probe)]
pub fn set_stages(stages: Stages) {
    STAGES.store(stages as u8, std::sync::atomic::Ordering::Relaxed);
}

/// The stages the walker runs: [`Stages::All`], except where a probe
/// build chose others.
#[inline(always)]
pub(super) fn stages() -> Stages {
    #[cfg(sat_stage_probe)]
    {
        match STAGES.load(std::sync::atomic::Ordering::Relaxed) {
            1 => Stages::Buckets,
            2 => Stages::Gather,
            3 => Stages::Fill,
            4 => Stages::NoFill,
            _ => Stages::All,
        }
    }
    #[cfg(not(sat_stage_probe))]
    Stages::All
}
