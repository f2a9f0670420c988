//! AVX-512F's 16 lanes ([`Avx512`]): their transposes and result
//! scatters, with the poses' permutes worked out at compile time.

use super::*;

/// AVX-512F: 16 lanes.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(__m512);

impl Simd for Avx512 {
    const LANES: usize = 16;
    // Placed between the two fills (see `Simd::PLACE_EARLY`): on an
    // Emerald Rapids the 512 polygons took 0.964-0.974x the time (medians
    // of four alternated runs of 10-16 rounds), every kind 0.99x, the
    // rest level, with the same answers. The other switches stay off
    // there: the trees left the tables at 0.995-1.011x, fixed loops in
    // runs took them 1.03-1.06x (one run of 10 rounds each).
    const PLACE_EARLY: bool = true;
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
    #[inline(always)]
    fn any_pose_beyond(positions: [Self; 4], angles: [Self; 2]) -> bool {
        // As AVX2's `beyond`: the greatest of the rows' bits, their signs
        // taken off, against the limit's, the two compares' masks or-ed.
        unsafe {
            let [p0, p1, p2, p3] = positions;
            let [a0, a1] = angles;
            let (p0, p1) = (_mm512_abs_ps(p0.0), _mm512_abs_ps(p1.0));
            let (p2, p3) = (_mm512_abs_ps(p2.0), _mm512_abs_ps(p3.0));
            let (a0, a1) = (_mm512_abs_ps(a0.0), _mm512_abs_ps(a1.0));
            let far = _mm512_max_epi32(
                _mm512_max_epi32(_mm512_castps_si512(p0), _mm512_castps_si512(p1)),
                _mm512_max_epi32(_mm512_castps_si512(p2), _mm512_castps_si512(p3)),
            );
            let wide = _mm512_max_epi32(_mm512_castps_si512(a0), _mm512_castps_si512(a1));
            let far =
                _mm512_cmpgt_epi32_mask(far, _mm512_set1_epi32(MAX_COORDINATE.to_bits() as i32));
            let wide =
                _mm512_cmpgt_epi32_mask(wide, _mm512_set1_epi32(SINCOS_LIMIT.to_bits() as i32));
            (far | wide) != 0
        }
    }
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        // One blend by one mask: `self < o` where `o` is not below 0 (the
        // second compare runs only in the lanes the first leaves set).
        // The default's two selects are two blends, and `Best::axis` makes
        // four such selects an axis, on the same compares.
        Avx512(unsafe {
            let open = _mm512_cmp_ps_mask::<_CMP_NLT_UQ>(o.0, _mm512_setzero_ps());
            _mm512_mask_blend_ps(
                _mm512_mask_cmp_ps_mask::<_CMP_LT_OQ>(open, self.0, o.0),
                y.0,
                x.0,
            )
        })
    }
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        if rows <= 4 {
            return transpose16_half(src, dst);
        }
        // Register k holds lane k's 8 numbers and lane k + 8's side by
        // side (each lane's row read whole: one load, and one insert for
        // two lanes), so that an 8×8 transpose within each 256-bit half
        // (16 shuffles) leaves entry q of lanes 0-3 and 8-11 in the
        // 128-bit blocks of one register and of lanes 4-7 and 12-15 in
        // another, which one two-register permute a row puts in order: 32
        // inserts and shuffles for 8 rows of 16 lanes, where two passes of
        // `transpose16_half`'s kind take 40, on a core whose 512-bit
        // shuffles have one port (Ice Lake's 256-bit ones have two). 8%
        // faster on the 512-shape tables (10 alternated runs).
        // SAFETY: each load reads a lane's 8 numbers, each store writes
        // a row's 16 lanes; the rest are register operations.
        unsafe {
            let mut r = [_mm512_setzero_ps(); 8];
            for (k, r) in r.iter_mut().enumerate() {
                let lo = _mm512_castps_pd(_mm512_castps256_ps512(_mm256_loadu_ps(src[k].as_ptr())));
                let hi = _mm256_castps_pd(_mm256_loadu_ps(src[k + 8].as_ptr()));
                *r = _mm512_castpd_ps(_mm512_insertf64x4::<1>(lo, hi));
            }
            // x[q]'s blocks hold entry q of lanes 0-3, entry q + 4 of
            // lanes 0-3, entry q of lanes 8-11 and entry q + 4 of lanes
            // 8-11; y[q]'s the same of lanes 4-7 and 12-15.
            let x = transpose_blocks([r[0], r[1], r[2], r[3]]);
            let y = transpose_blocks([r[4], r[5], r[6], r[7]]);
            // Row q is blocks 0 of x, 0 of y, 2 of x, 2 of y (lanes 0-3,
            // 4-7, 8-11, 12-15); row q + 4 is their blocks 1 and 3.
            let first = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
            let second = _mm512_add_epi32(first, _mm512_set1_epi32(4));
            for (q, (x, y)) in x.into_iter().zip(y).enumerate() {
                _mm512_storeu_ps(dst[q].as_mut_ptr(), _mm512_permutex2var_ps(x, first, y));
                _mm512_storeu_ps(
                    dst[q + 4].as_mut_ptr(),
                    _mm512_permutex2var_ps(x, second, y),
                );
            }
        }
    }
    #[inline(always)]
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        // A pair is 8 numbers (no padding: the assertion below), so 16
        // pairs are 8 registers of 2 pairs each, and the 6 pose rows are a
        // transpose of them: three rounds of two-register permutes (20 in
        // all) in place of 96 scalar stores and 6 vector loads, which the
        // store buffer cannot forward and so wait on memory.
        const { assert!(size_of::<Pair>() == 8 * size_of::<f32>()) };
        assert!(pairs.len() >= 16, "a pair for every lane");
        let round1 = &ROUND1[usize::from(swap)];
        // SAFETY: the 8 loads read the first 16 pairs' 512 bytes, within
        // `pairs` (asserted), every byte of which is initialized (a pair
        // is two u32 and six f32 with no padding); the permutes only move
        // lanes.
        unsafe {
            let base = pairs.as_ptr().cast::<f32>();
            let mut r = [_mm512_setzero_ps(); 8];
            for (k, r) in r.iter_mut().enumerate() {
                *r = _mm512_loadu_ps(base.add(16 * k));
            }
            // Round 1: 4 pairs (2 registers) at a time, 4 lanes per row:
            // rows 0-3 in one register, rows 4-5 in another.
            let (lo, hi) = (index16(round1[0]), index16(round1[1]));
            let mut s = [[_mm512_setzero_ps(); 2]; 4];
            for (g, s) in s.iter_mut().enumerate() {
                *s = [
                    _mm512_permutex2var_ps(r[2 * g], lo, r[2 * g + 1]),
                    _mm512_permutex2var_ps(r[2 * g], hi, r[2 * g + 1]),
                ];
            }
            // Round 2: 8 lanes per row, two rows per register.
            let (even, odd) = (index16(ROUND2[0]), index16(ROUND2[1]));
            let mut t = [[_mm512_setzero_ps(); 3]; 2];
            for (h, t) in t.iter_mut().enumerate() {
                let (x, y) = (s[2 * h], s[2 * h + 1]);
                *t = [
                    _mm512_permutex2var_ps(x[0], even, y[0]),
                    _mm512_permutex2var_ps(x[0], odd, y[0]),
                    _mm512_permutex2var_ps(x[1], even, y[1]),
                ];
            }
            // Round 3: each row's two halves of 8 lanes side by side.
            let mut rows = [Avx512(_mm512_setzero_ps()); 6];
            for (row, out) in rows.iter_mut().enumerate() {
                let (x, y) = (t[0][row / 2], t[1][row / 2]);
                *out = Avx512(if row % 2 == 0 {
                    _mm512_shuffle_f32x4::<0b01_00_01_00>(x, y)
                } else {
                    _mm512_shuffle_f32x4::<0b11_10_11_10>(x, y)
                });
            }
            rows
        }
    }
    #[inline(always)]
    fn write_results(slots: &mut [MaybeUninit<SatResult>], n: usize, x: Self, y: Self, push: Self) {
        let Some(layout) = RESULT_SLOTS.filter(|_| slots.len() >= MAX_LANES) else {
            return write_lanes(slots, n, x, y, push);
        };
        let [r0, r1, r2, r3] = transpose_results(layout, x, y, push);
        // SAFETY: `slots` has room for 16 results (checked above), so the
        // 4 stores of 64 bytes land inside it, and each slot then holds a
        // whole `SatResult` (see `transpose_results`).
        unsafe {
            let dst = slots.as_mut_ptr().cast::<f32>();
            _mm512_storeu_ps(dst, r0);
            _mm512_storeu_ps(dst.add(16), r1);
            _mm512_storeu_ps(dst.add(32), r2);
            _mm512_storeu_ps(dst.add(48), r3);
        }
    }
    #[inline(always)]
    fn write_results_at(
        slots: &mut [MaybeUninit<SatResult>],
        at: &[u16],
        x: Self,
        y: Self,
        push: Self,
    ) {
        let (Some(layout), Some(mut to)) = (RESULT_SLOTS, Scatter::<16>::new(slots, at)) else {
            return write_lanes_at(slots, at, x, y, push);
        };
        let r = result_blocks(layout, x, y, push);
        for (j, &r) in r.iter().enumerate() {
            // Results j, 4 + j, 8 + j and 12 + j, one in each block.
            // SAFETY: register operations.
            let blocks = unsafe {
                [
                    _mm512_castps512_ps128(r),
                    _mm512_extractf32x4_ps::<1>(r),
                    _mm512_extractf32x4_ps::<2>(r),
                    _mm512_extractf32x4_ps::<3>(r),
                ]
            };
            for (k, block) in blocks.into_iter().enumerate() {
                to.store(4 * k + j, block);
            }
        }
    }
}

/// Entries 0-3 of 16 lanes' rows of `src` into `dst`'s rows 0-3 (see
/// [`Simd::transpose`]), for shapes of at most 4 axes or corners: register
/// k holds the first quarters of lanes k, k + 4, k + 8 and k + 12 side by
/// side, so that a 4×4 transpose within each 128-bit block (8 shuffles)
/// leaves row r's 16 lanes in order in register r, stored whole (64
/// bytes), which the kernel's 64-byte load of it can take straight from
/// the store buffer.
#[inline(always)]
fn transpose16_half(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M]) {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check. Each load reads 4 of a lane's 8
    // numbers, each store writes a row's 16 lanes.
    unsafe {
        let mut r = [_mm512_setzero_ps(); 4];
        for (k, r) in r.iter_mut().enumerate() {
            let v = _mm512_castps128_ps512(_mm_loadu_ps(src[k].as_ptr()));
            let v = _mm512_insertf32x4::<1>(v, _mm_loadu_ps(src[k + 4].as_ptr()));
            let v = _mm512_insertf32x4::<2>(v, _mm_loadu_ps(src[k + 8].as_ptr()));
            *r = _mm512_insertf32x4::<3>(v, _mm_loadu_ps(src[k + 12].as_ptr()));
        }
        for (k, row) in transpose_blocks(r).into_iter().enumerate() {
            _mm512_storeu_ps(dst[k].as_mut_ptr(), row);
        }
    }
}

/// A permute's 16 indices as a register. A function, not a closure: an
/// intrinsic inside a closure (or an array's `map` or `from_fn`) is
/// compiled wherever the closure lands, which need not have AVX-512 turned
/// on, and is then a call per intrinsic (see `Simd`'s notes on inlining).
#[inline(always)]
fn index16(a: [i32; 16]) -> __m512i {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; the load reads the 64 bytes of `a`.
    unsafe { _mm512_loadu_si512(a.as_ptr().cast()) }
}

/// A 4×4 transpose within each 128-bit block of four registers: entry `i`
/// of a block of register `k` becomes entry `k` of that block of register
/// `i`. Two unpacks, then two shuffles, for each pair of registers.
#[inline(always)]
fn transpose_blocks(r: [__m512; 4]) -> [__m512; 4] {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; register operations only.
    unsafe {
        // t0 = entries 0 of r0, r1, entries 1 of r0, r1 (each block); t1
        // the same of entries 2 and 3; t2, t3 the same of r2 and r3.
        let t0 = _mm512_unpacklo_ps(r[0], r[1]);
        let t1 = _mm512_unpackhi_ps(r[0], r[1]);
        let t2 = _mm512_unpacklo_ps(r[2], r[3]);
        let t3 = _mm512_unpackhi_ps(r[2], r[3]);
        [
            _mm512_shuffle_ps::<0x44>(t0, t2),
            _mm512_shuffle_ps::<0xEE>(t0, t2),
            _mm512_shuffle_ps::<0x44>(t1, t3),
            _mm512_shuffle_ps::<0xEE>(t1, t3),
        ]
    }
}

/// 16 lanes' results as 16 whole `SatResult`s, one in each 128-bit
/// block of four registers (block k of register j is result 4k + j): the
/// four rows (x, y, depth, flag) transposed within each block
/// ([`transpose_blocks`]), in place of a dozen scalar instructions per
/// lane. Every 32-bit slot gets a valid
/// value for its field (`layout`, from `RESULT_SLOTS`, says where the
/// three f32s and the flag are; the flag's first byte, little-endian, is
/// 0 or 1, a valid bool, the other 3 padding).
#[inline(always)]
fn result_blocks(layout: [usize; 4], x: Avx512, y: Avx512, push: Avx512) -> [__m512; 4] {
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; register operations only.
    unsafe {
        let depth = _mm512_abs_ps(push.0);
        let overlap = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(push.0, _mm512_setzero_ps());
        let flag = _mm512_castsi512_ps(_mm512_maskz_mov_epi32(overlap, _mm512_set1_epi32(1)));
        let mut v = [flag; 4];
        v[layout[0]] = x.0;
        v[layout[1]] = y.0;
        v[layout[2]] = depth;
        v[layout[3]] = flag;
        transpose_blocks(v)
    }
}

/// 16 lanes' results as the 64 floats of 16 `SatResult`s in order, four
/// registers of them: [`result_blocks`], its blocks put in order by block
/// shuffles.
#[inline(always)]
fn transpose_results(layout: [usize; 4], x: Avx512, y: Avx512, push: Avx512) -> [__m512; 4] {
    let r = result_blocks(layout, x, y, push);
    // SAFETY: only reached from the AVX-512 kernel, compiled with AVX-512F
    // and run after the CPU check; register operations only.
    unsafe {
        // Blocks 0 and 2 (then 1 and 3) of two registers: results 0, 8,
        // 1, 9 and 2, 10, 3, 11 (then 4, 12, 5, 13 and 6, 14, 7, 15); the
        // same again gives 0-3, 8-11 (then 4-7, 12-15).
        let u0 = _mm512_shuffle_f32x4::<0x88>(r[0], r[1]);
        let u1 = _mm512_shuffle_f32x4::<0x88>(r[2], r[3]);
        let u2 = _mm512_shuffle_f32x4::<0xDD>(r[0], r[1]);
        let u3 = _mm512_shuffle_f32x4::<0xDD>(r[2], r[3]);
        [
            _mm512_shuffle_f32x4::<0x88>(u0, u1),
            _mm512_shuffle_f32x4::<0x88>(u2, u3),
            _mm512_shuffle_f32x4::<0xDD>(u0, u1),
            _mm512_shuffle_f32x4::<0xDD>(u2, u3),
        ]
    }
}

/// The first round's picks from two registers of 2 pairs each (pair `p`
/// of the 4 at numbers `8p..8p+8`): element `e` is row `first + e / 4`
/// of pair `e % 4`, for as many rows as there are (the rest pick 0).
const fn round1(f: [usize; 6], first: usize) -> [i32; 16] {
    let mut picks = [0; 16];
    let mut e = 0;
    while e < 16 {
        let row = first + e / 4;
        if row < 6 {
            picks[e] = (8 * (e % 4) + f[row]) as i32;
        }
        e += 1;
    }
    picks
}

/// [`round1`]'s picks of rows 0-3 and of rows 4-5, for unswapped poses
/// (entry 0) and swapped ones (entry 1). Worked out at compile time: left
/// a function, a build with fat LTO called it at every register of
/// poses, and batches ran 1.1–1.4× slower.
const ROUND1: [[[i32; 16]; 2]; 2] = [
    [round1(POSE_FIELDS, 0), round1(POSE_FIELDS, 4)],
    [
        round1(POSE_FIELDS_SWAPPED, 0),
        round1(POSE_FIELDS_SWAPPED, 4),
    ],
];

/// The second round's picks from two first-round registers of 4 lanes
/// per row: element `e` is lane `e % 8` of row `first + e / 8` within the
/// register (lanes 0-3 from the first register, 4-7 from the second).
const fn round2(first: usize) -> [i32; 16] {
    let mut picks = [0; 16];
    let mut e = 0;
    while e < 16 {
        let (row, lane) = (first + e / 8, e % 8);
        picks[e] = if lane < 4 {
            (4 * row + lane) as i32
        } else {
            (16 + 4 * row + lane - 4) as i32
        };
        e += 1;
    }
    picks
}

/// [`round2`]'s picks of the even and the odd rows, worked out at compile
/// time (see [`ROUND1`]).
const ROUND2: [[i32; 16]; 2] = [round2(0), round2(2)];
