//! The x86 registers as [`Simd`] lanes: SSE2's 4 floats, AVX2's 8 (with
//! FMA) and AVX-512's 16, one instruction per operation.
//!
//! Every intrinsic here needs its instruction set, which the build does
//! not assume: these types are only ever made inside the kernels that
//! `super::run` calls after it has checked the CPU (SSE2 is part of
//! x86-64 itself), and the kernels are compiled with those features on,
//! so each `unsafe` block below rests on that one check.

use std::arch::x86_64::*;

use crate::batch::lanes::{MAX_LANES, Simd};

/// SSE2: 4 lanes, no FMA.
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128);

/// AVX2 with FMA: 8 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(__m256);

/// AVX-512F: 16 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(__m512);

impl Simd for Sse2 {
    const LANES: usize = 4;
    // SAFETY (every block in this impl): SSE2 is part of x86-64, and the
    // loads and stores stay within arrays of MAX_LANES ≥ 4 floats.
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Sse2(unsafe { _mm_set1_ps(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Sse2(unsafe { _mm_loadu_ps(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        unsafe { _mm_storeu_ps(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Sse2(unsafe { _mm_add_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Sse2(unsafe { _mm_sub_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Sse2(unsafe { _mm_mul_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Sse2(unsafe { _mm_div_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        self.mul(b).add(c)
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Sse2(unsafe { _mm_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Sse2(unsafe { _mm_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Sse2(unsafe { _mm_sqrt_ps(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Sse2(unsafe { _mm_andnot_ps(_mm_set1_ps(-0.0), self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        // No blend before SSE4.1: and, and-not, or.
        Sse2(unsafe {
            let m = _mm_cmplt_ps(self.0, o.0);
            _mm_or_ps(_mm_and_ps(m, x.0), _mm_andnot_ps(m, y.0))
        })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm_movemask_ps(_mm_cmpnle_ps(self.0, o.0)) != 0 }
    }
}

impl Simd for Avx2 {
    const LANES: usize = 8;
    // SAFETY (every block in this impl): made only in the kernel compiled
    // with AVX2 and FMA, run only after `is_x86_feature_detected!` found
    // both; the loads and stores stay within arrays of MAX_LANES ≥ 8.
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Avx2(unsafe { _mm256_set1_ps(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Avx2(unsafe { _mm256_loadu_ps(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        unsafe { _mm256_storeu_ps(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_add_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_sub_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_mul_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_div_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        Avx2(unsafe { _mm256_fmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx2(unsafe { _mm256_sqrt_ps(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Avx2(unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Avx2(unsafe { _mm256_blendv_ps(y.0, x.0, _mm256_cmp_ps::<_CMP_LT_OQ>(self.0, o.0)) })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_NLE_UQ>(self.0, o.0)) != 0 }
    }
}

impl Simd for Avx512 {
    const LANES: usize = 16;
    // SAFETY (every block in this impl): made only in the kernel compiled
    // with AVX-512F, run only after `is_x86_feature_detected!` found it;
    // the loads and stores are of exactly MAX_LANES = 16 floats.
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Avx512(unsafe { _mm512_set1_ps(x) })
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Avx512(unsafe { _mm512_loadu_ps(a.as_ptr()) })
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        unsafe { _mm512_storeu_ps(a.as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_add_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_sub_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_mul_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_div_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        Avx512(unsafe { _mm512_fmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx512(unsafe { _mm512_sqrt_ps(self.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Avx512(unsafe { _mm512_abs_ps(self.0) })
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        Avx512(unsafe {
            _mm512_mask_blend_ps(_mm512_cmp_ps_mask::<_CMP_LT_OQ>(self.0, o.0), y.0, x.0)
        })
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        unsafe { _mm512_cmp_ps_mask::<_CMP_NLE_UQ>(self.0, o.0) != 0 }
    }
}
