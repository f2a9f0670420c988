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
