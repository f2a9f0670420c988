//! The x86 sets' lanes against `isa::checks`, on every set this CPU has.
use super::*;
use crate::batch::isa::checks;

#[target_feature(enable = "avx512f,avx2,fma")]
fn avx512_checks() {
    checks::all::<Avx512>();
}

#[target_feature(enable = "avx2,fma")]
fn avx2_checks() {
    checks::all::<Avx2>();
    checks::all::<Avx2x2>();
}

#[target_feature(enable = "sse4.1")]
fn sse41_checks() {
    checks::all::<Sse2<true>>();
}

#[test]
fn transposes_scatters_and_sign_flips_keep_every_bit() {
    checks::all::<Sse2>();
    let mut ran = vec!["sse2"];
    if is_x86_feature_detected!("sse4.1") {
        // SAFETY: the CPU has SSE4.1 (checked).
        unsafe { sse41_checks() };
        ran.push("sse4.1");
    }
    if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has AVX2 and FMA (checked).
        unsafe { avx2_checks() };
        ran.push("avx2");
    }
    if is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("fma")
    {
        // SAFETY: the CPU has AVX-512F, AVX2 and FMA (checked).
        unsafe { avx512_checks() };
        ran.push("avx512f");
    }
    eprintln!("checked: {}", ran.join(", "));
}

/// A register's scatter is made only when every number names a slot and
/// the register is full, so that its stores need no test of their own;
/// else the results go lane by lane (`write_lanes_at`), which checks each.
#[test]
fn a_scatter_is_made_only_within_the_slots() {
    let mut slots = vec![MaybeUninit::<SatResult>::uninit(); 10];
    assert!(Scatter::<4>::new(&mut slots, &[9, 0, 3, 5]).is_some());
    assert!(
        Scatter::<4>::new(&mut slots, &[9, 0, 10, 5]).is_none(),
        "one past the end"
    );
    assert!(
        Scatter::<4>::new(&mut slots, &[u16::MAX, 0, 1, 2]).is_none(),
        "far past the end"
    );
    assert!(
        Scatter::<4>::new(&mut slots, &[0, 1, 2]).is_none(),
        "a short register"
    );
    assert!(
        Scatter::<4>::new(&mut [], &[0, 0, 0, 0]).is_none(),
        "no slots"
    );
}

/// A number past the slots in a full register panics (the lane-by-lane
/// path's own check) rather than storing past them.
#[test]
#[should_panic(expected = "index out of bounds")]
fn a_scatter_past_the_slots_panics() {
    let mut slots = vec![MaybeUninit::<SatResult>::uninit(); 4];
    let zero = Sse2::<false>::splat(0.0);
    Sse2::<false>::write_results_at(&mut slots, &[0, 1, 2, 4], zero, zero, zero);
}
