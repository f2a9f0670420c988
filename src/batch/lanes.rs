//! Lanes: a few numbers side by side, one pair of shapes per lane, and the
//! operations the kernels need on them. [`Simd`] is implemented by each
//! instruction set's registers (in `isa/`: x86's in `isa/x86/`, a file
//! each, then NEON's and WebAssembly's; one instruction per operation) and
//! here by [`Portable`], plain arrays whose loops LLVM may or may not
//! vectorize: the one-pair path's sines and cosines, and the reference the
//! unit tests hold the registers to.

use std::mem::MaybeUninit;

use super::Pair;
use super::numbered::Numbered;
use super::prepared::LANE_CORNERS as M;
use crate::sat::{MAX_COORDINATE, SatResult};

/// The most lanes any instruction set has (AVX-512: 16 floats).
pub(crate) const MAX_LANES: usize = 16;

/// One number per lane. Loads and stores go through arrays of
/// [`MAX_LANES`], of which the first [`Simd::LANES`] are used.
///
/// **Inlining.** The kernels are compiled once per instruction set, in a
/// function with that set's features turned on, and everything they call
/// on their lanes must be inlined into it: an intrinsic compiled anywhere
/// else is a call that passes its registers through memory. So every
/// method and helper is `#[inline(always)]`, and none hands an intrinsic,
/// or a lane's value, to a closure that the standard library calls (an
/// array's `map`, `array::from_fn`): whether such a closure is inlined
/// depends on how the crate falls into codegen units. With them the engine
/// ran as fast as it should in the default release build, but 4.3–4.6×
/// slower on the 512-shape tables with AVX-512 when built with
/// `codegen-units = 1`, and 1.5–2.2× slower after a move of code between
/// files.
pub(crate) trait Simd: Copy {
    /// How many lanes.
    const LANES: usize;
    fn splat(x: f32) -> Self;
    fn load(a: &[f32; MAX_LANES]) -> Self;
    fn store(self, a: &mut [f32; MAX_LANES]);
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    /// `self * b + c`, fused where the instruction set has FMA.
    fn madd(self, b: Self, c: Self) -> Self;
    /// The lesser; the inputs are never NaN.
    fn min(self, o: Self) -> Self;
    fn max(self, o: Self) -> Self;
    fn sqrt(self) -> Self;
    fn abs(self) -> Self;
    /// Per lane: `if self < o { x } else { y }`.
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self;
    /// Whether any lane is greater than `o`, or NaN.
    fn any_not_le(self, o: Self) -> bool;

    /// Whether any lane of the `positions` lies further than
    /// [`MAX_COORDINATE`] from 0, or any of the `angles` further than
    /// [`SINCOS_LIMIT`] radians, NaN counted as further: the poses that
    /// need a closer look (see `kernel::Poses`), in one test for a
    /// register's six rows. Here a compare a row; AVX2 and AVX-512 compare
    /// the numbers' bits as whole numbers, their signs taken off, after
    /// taking the greatest of each kind.
    #[inline(always)]
    fn any_pose_beyond(positions: [Self; 4], angles: [Self; 2]) -> bool {
        let (far, wide) = (Self::splat(MAX_COORDINATE), Self::splat(SINCOS_LIMIT));
        let [a_x, a_y, b_x, b_y] = positions;
        a_x.abs().any_not_le(far)
            | a_y.abs().any_not_le(far)
            | b_x.abs().any_not_le(far)
            | b_y.abs().any_not_le(far)
            | angles[0].abs().any_not_le(wide)
            | angles[1].abs().any_not_le(wide)
    }

    /// Whether the kernels take a shadow's least and greatest as a tree
    /// rather than a chain through the corners, where the corner loops
    /// have fixed lengths (see `kernel::shadow`): fewer steps to wait on,
    /// more registers held. On a Zen 3 core the tree took 5-7% less time
    /// on the 512 polygons with AVX2, 1-5% with SSE; on an Ice Lake core
    /// AVX-512 was up to 11% slower with it, on an Emerald Rapids level
    /// (0.995-1.011x on the tables), and AArch64's lanes have not been
    /// timed with it.
    const TREE: bool = false;

    /// Whether a run of one shape pair (the chapter's scene, a body
    /// against the ground) runs on the same fixed-length corner loops as
    /// a bucket's registers, and so takes its shadows as a tree where
    /// [`Simd::TREE`] says so, rather than on loops that stop at its
    /// counts. With AVX2 on a Zen 3 core the chapter's scene took
    /// 0.96-0.97× the time; with SSE it took 1.03-1.05×. With AVX-512, on
    /// an earlier engine the fixed loops' larger code made the chapter's
    /// scene 8-10% slower; on an Emerald Rapids (no tree) it was level
    /// (1.007×) and the tables, whose code had not changed, 1.03-1.06×.
    /// SSE4.1's lanes on an Emerald Rapids were level with them
    /// (0.955-0.990× the time). WebAssembly's under Node 20 on the same
    /// core took the chapter's scene in 0.74-0.77× the time with them.
    const FIXED_RUNS: bool = false;

    /// Whether a register of polygon pairs has its turns and placing
    /// ([`Poses::placed`](super::kernel::Poses::placed)) worked out by the
    /// walker between A's fill and B's, rather than by the kernel after
    /// both: their chain of dependent steps then runs while the fills'
    /// loads come from the caches. With AVX2 on a Zen 3 core every
    /// workload took 0.98-0.99x the time (0.97x in another build). With
    /// SSE, whose 16 registers then hold the placing across the kernel's
    /// start, the chapter's scene took 1.04x and the tables 1.01-1.02x; so
    /// SSE keeps the kernel that places them itself, whose code is as it
    /// was (one form that shared code between the two took SSE's polygons
    /// vs circles, whose code had not changed, 1.35x with no more
    /// instructions). AVX-512, with 32 registers, places them early too
    /// (on an Emerald Rapids the 512 polygons took 0.96-0.97x the time).
    const PLACE_EARLY: bool = false;

    /// Whether the kernels turn each axis the way its push goes
    /// ([`Simd::orient`]) before they weigh it, so that the best axis
    /// needs two selects an axis (its x and y) instead of three (x, y and
    /// the lead, whose sign says the way): one value fewer held across the
    /// axes, for a few more operations an axis. For AVX2, whose select
    /// (`vblendvps`) is three operations on an Intel core: on an Emerald
    /// Rapids the chapter's scene took 0.962× the time and the 512-shape
    /// tables 0.974–0.988× (medians of 20 rounds of `tools/alternate`),
    /// with the same answers. AVX-512's select by a mask is one
    /// operation, and there it was 1.02–1.035× slower; SSE's (SSE4.1's
    /// `blendvps`) 1.01–1.03× slower: both keep the lead. WebAssembly's
    /// select (`v128.bitselect`, three operations as V8 compiles it for
    /// x86) took the 512 polygons in 0.94–1.00× the time with it, and
    /// the other tables 0.93–0.99×, under Node 20 on an Emerald Rapids.
    /// On a Zen 4, whose AVX2 select is one operation, AVX2 without it
    /// took the 512 polygons and every kind 1.03× the time, polygons
    /// against circles and the chapter's scene 0.99× (bests of 30
    /// alternated rounds, the thirty-ninth session), so AVX2 keeps it on
    /// every core.
    const ORIENT_EARLY: bool = false;

    /// `(x, y)` where `lead` is below 0, else `(-x, -y)` (both multiplied
    /// by -1, zeros included): an axis turned the way its push goes, from
    /// B towards A (see `kernel::Best`). Here a select and two multiplies;
    /// AVX2 flips the sign bits.
    #[inline(always)]
    fn orient(lead: Self, x: Self, y: Self) -> (Self, Self) {
        let f = lead.lt_select(Self::splat(0.0), Self::splat(1.0), Self::splat(-1.0));
        (x.mul(f), y.mul(f))
    }

    #[inline(always)]
    fn neg(self) -> Self {
        Self::splat(0.0).sub(self)
    }

    /// Whether each of the first [`Simd::LANES`] pairs (at least that
    /// many are given) names shape `a` as A and shape `b` as B. Here a
    /// scalar loop; AVX2 reads the names from the first steps of the
    /// transpose that [`Simd::poses`] makes of the same pairs.
    #[inline(always)]
    fn all_name(pairs: &[Pair], a: u32, b: u32) -> bool {
        let mut same = true;
        for p in &pairs[..Self::LANES] {
            same &= (p.a == a) & (p.b == b);
        }
        same
    }

    /// [`Simd::poses`] of a register's pairs by number (a short list
    /// repeats its last), read where they lie. Here the pairs are copied
    /// into a register's worth first; AVX2 loads them in place.
    #[inline(always)]
    fn poses_at(numbered: Numbered<'_>, swap: bool) -> [Self; 6] {
        let mut lanes = [Pair::default(); MAX_LANES];
        for (l, lane) in lanes.iter_mut().enumerate().take(Self::LANES) {
            *lane = *numbered.pair(l);
        }
        Self::poses(&lanes[..Self::LANES], swap)
    }

    /// The first [`Simd::LANES`] pairs' poses (at least that many are
    /// given), one row per number: A's x, y and angle, then B's (A and B
    /// swapped with `swap`). Here a scalar loop into arrays; the x86 sets
    /// load the pairs whole and transpose them in registers instead.
    #[inline(always)]
    fn poses(pairs: &[Pair], swap: bool) -> [Self; 6] {
        let mut rows = [[0.0f32; MAX_LANES]; 6];
        for (l, pair) in pairs.iter().enumerate().take(Self::LANES) {
            let (a, b) = if swap {
                (pair.pose_b, pair.pose_a)
            } else {
                (pair.pose_a, pair.pose_b)
            };
            rows[0][l] = a.position.x;
            rows[1][l] = a.position.y;
            rows[2][l] = a.angle;
            rows[3][l] = b.position.x;
            rows[4][l] = b.position.y;
            rows[5][l] = b.angle;
        }
        // A loop, not `rows.map(..)`: see the trait's notes on inlining.
        let mut out = [Self::splat(0.0); 6];
        for (out, row) in out.iter_mut().zip(&rows) {
            *out = Self::load(row);
        }
        out
    }

    /// Row `i` of `dst` gets entry `i` of each lane's row of `src`: lane
    /// `l` of `dst[i]` is `src[l][i]`, for the first [`Simd::LANES`]
    /// lanes and at least the first `rows` rows (a register's worth may be
    /// done past them). How a chunk's shapes, one
    /// [`Block`](super::prepared::Block) row per lane, become lanes. Here
    /// number by number; the x86 sets transpose whole registers.
    #[inline(always)]
    fn transpose(src: &[&[f32; M]; MAX_LANES], dst: &mut [[f32; MAX_LANES]; M], rows: usize) {
        for (l, row) in src.iter().enumerate().take(Self::LANES) {
            for (i, &x) in row.iter().enumerate().take(rows) {
                dst[i][l] = x;
            }
        }
    }

    /// Per lane: `if self < o && o >= 0 { x } else { y }`. How a running
    /// best is replaced by a better candidate (`self`) until it becomes a
    /// gap (negative), after which nothing replaces it. Here two selects;
    /// the x86 sets make the mask once and blend by it.
    #[inline(always)]
    fn lt_open_select(self, o: Self, x: Self, y: Self) -> Self {
        o.lt_select(Self::splat(0.0), y, self.lt_select(o, x, y))
    }

    /// The sine and cosine of `r + q·π/2`, from those of `r`, for whole
    /// numbers `q` (|q| < 2²²): `q` mod 4 says which of ±sin r, ±cos r is
    /// which (sin is sin r, cos r, -sin r, -cos r for q ≡ 0, 1, 2, 3, and
    /// cos is cos r, -sin r, -cos r, sin r). `shifted` is `q + 1.5·2²³`
    /// as [`round`] makes it, whose bits, read as a whole number, end in
    /// q's two lowest. Here by float compares and selects on `q`, which
    /// AVX-512 keeps (its selects are masks); the other sets, and the
    /// plain numbers, read those bits of `shifted`: a swap and two sign
    /// flips. The checks hold each to the rule (`isa/checks.rs`).
    #[inline(always)]
    fn quadrant(q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        let _ = shifted;
        // k = q mod 4, as one of -2, -1, 0, 1, 2 (q less the nearest
        // multiple of 4).
        let k = q.sub(round(q.mul(Self::splat(0.25))).mul(Self::splat(4.0)));
        let odd = k.abs().sub(Self::splat(1.0)).abs().lt_select(
            Self::splat(0.5),
            Self::splat(1.0),
            Self::splat(0.0),
        );
        let half = Self::splat(0.5);
        let s = half.lt_select(odd, cos_r, sin_r);
        let c = half.lt_select(odd, sin_r, cos_r);
        // The sine is negative for k ≡ 2, 3 (k = ±2 or -1); the cosine for
        // k ≡ 1, 2 (k = 1 or ±2).
        let (one, zero) = (Self::splat(1.0), Self::splat(0.0));
        let sin_neg = k.lt_select(
            Self::splat(-0.5),
            one,
            Self::splat(1.5).lt_select(k, one, zero),
        );
        let cos_neg = half.lt_select(k, one, k.lt_select(Self::splat(-1.5), one, zero));
        (
            half.lt_select(sin_neg, s.neg(), s),
            half.lt_select(cos_neg, c.neg(), c),
        )
    }

    /// Writes the first `n` lanes' results to the front of `slots` (which
    /// has at least `n`), each as [`result`] makes it. It may
    /// write more of `slots`, up to [`Simd::LANES`], with the unused
    /// lanes' results; the caller counts only the first `n`. Here lane by
    /// lane; the x86 sets write whole results with a transpose.
    #[inline(always)]
    fn write_results(slots: &mut [MaybeUninit<SatResult>], n: usize, x: Self, y: Self, push: Self) {
        write_lanes(slots, n, x, y, push);
    }

    /// Writes lane `l`'s result, as [`result`] makes it, to slot `at[l]`
    /// of `slots`, for each of `at` (at most [`Simd::LANES`]): a bucket's
    /// register put straight into its pairs' places. Here lane by lane;
    /// the x86 sets store each result whole from the transpose that
    /// [`Simd::write_results`] makes, when the register is full.
    #[inline(always)]
    fn write_results_at(
        slots: &mut [MaybeUninit<SatResult>],
        at: &[u16],
        x: Self,
        y: Self,
        push: Self,
    ) {
        write_lanes_at(slots, at, x, y, push);
    }
}

/// [`Simd::write_results_at`] lane by lane, through arrays.
#[inline(always)]
pub(crate) fn write_lanes_at<S: Simd>(
    slots: &mut [MaybeUninit<SatResult>],
    at: &[u16],
    x: S,
    y: S,
    push: S,
) {
    let result = lane_results(x, y, push);
    for (l, &i) in at.iter().enumerate() {
        slots[i as usize].write(result(l));
    }
}

/// [`Simd::write_results`] lane by lane, through arrays.
#[inline(always)]
pub(crate) fn write_lanes<S: Simd>(
    slots: &mut [MaybeUninit<SatResult>],
    n: usize,
    x: S,
    y: S,
    push: S,
) {
    let result = lane_results(x, y, push);
    for (l, slot) in slots[..n].iter_mut().enumerate() {
        slot.write(result(l));
    }
}

/// Lane `l`'s result, from the registers stored to arrays once.
#[inline(always)]
pub(crate) fn lane_results<S: Simd>(x: S, y: S, push: S) -> impl Fn(usize) -> SatResult {
    let (mut xs, mut ys, mut ps) = ([0.0; MAX_LANES], [0.0; MAX_LANES], [0.0; MAX_LANES]);
    x.store(&mut xs);
    y.store(&mut ys);
    push.store(&mut ps);
    move |l| result(xs[l], ys[l], ps[l])
}

/// One lane's result from its axis and push: overlapping when the push is
/// at least 0, apart with a gap of `-push` when it is negative.
#[inline(always)]
pub(crate) fn result(x: f32, y: f32, push: f32) -> SatResult {
    SatResult {
        overlapping: push >= 0.0,
        axis: glam::Vec2::new(x, y),
        depth: push.abs(),
    }
}

/// `N` plain numbers: the portable lanes (the one-pair path's sines and
/// cosines, and the tests' reference). No engine runs its kernels on them:
/// left to LLVM's vectorizer, 4 of them took 6.7–18.6× the time of
/// WebAssembly's own lanes, and on AArch64 most of their loads and stores
/// and about 30% of their arithmetic stayed scalar (see `isa::neon`).
///
/// A build whose target has lanes of its own uses them only in its tests
/// (hence the `allow`); one with none works the one-pair path's turns out
/// on two of them (`isa::Baseline`).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct Portable<const N: usize>(pub [f32; N]);

impl<const N: usize> Portable<N> {
    #[inline(always)]
    fn map2(self, o: Self, f: impl Fn(f32, f32) -> f32) -> Self {
        let mut r = self;
        for l in 0..N {
            r.0[l] = f(self.0[l], o.0[l]);
        }
        r
    }
}

impl<const N: usize> Simd for Portable<N> {
    const LANES: usize = N;
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Portable([x; N])
    }
    #[inline(always)]
    fn load(a: &[f32; MAX_LANES]) -> Self {
        Portable(std::array::from_fn(|l| a[l]))
    }
    #[inline(always)]
    fn store(self, a: &mut [f32; MAX_LANES]) {
        a[..N].copy_from_slice(&self.0);
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.map2(o, |a, b| a + b)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.map2(o, |a, b| a - b)
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self.map2(o, |a, b| a * b)
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        self.map2(o, |a, b| a / b)
    }
    #[inline(always)]
    fn madd(self, b: Self, c: Self) -> Self {
        // Unfused: without an FMA instruction `mul_add` is a slow call.
        self.mul(b).add(c)
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        self.map2(o, f32::min)
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        self.map2(o, f32::max)
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        self.map2(self, |a, _| a.sqrt())
    }
    #[inline(always)]
    fn abs(self) -> Self {
        self.map2(self, |a, _| a.abs())
    }
    #[inline(always)]
    fn lt_select(self, o: Self, x: Self, y: Self) -> Self {
        let mut r = x;
        for l in 0..N {
            r.0[l] = if self.0[l] < o.0[l] { x.0[l] } else { y.0[l] };
        }
        r
    }
    #[inline(always)]
    fn any_not_le(self, o: Self) -> bool {
        (0..N).any(|l| self.0[l].partial_cmp(&o.0[l]).is_none_or(|c| c.is_gt()))
    }
    /// As the x86 sets do it, a number at a time: the low bits of
    /// `shifted` say whether to swap and which signs to flip. (Float
    /// compares and selects on `q`, as these lanes did it before, took 15
    /// more instructions for a pair's two turns, by callgrind.)
    #[inline(always)]
    fn quadrant(_q: Self, shifted: Self, sin_r: Self, cos_r: Self) -> (Self, Self) {
        let (mut sin, mut cos) = (sin_r, cos_r);
        for l in 0..N {
            let k = shifted.0[l].to_bits();
            let (s, c) = if k & 1 == 0 {
                (sin_r.0[l], cos_r.0[l])
            } else {
                (cos_r.0[l], sin_r.0[l])
            };
            // Bit 1 flips the sine's sign, bit 1 xor bit 0 the cosine's.
            sin.0[l] = f32::from_bits(s.to_bits() ^ ((k & 2) << 30));
            cos.0[l] = f32::from_bits(c.to_bits() ^ (((k ^ (k >> 1)) & 1) << 31));
        }
        (sin, cos)
    }
}

/// Beyond this many radians the quick range reduction below loses
/// accuracy (the three-part π/2 leaves too few exact bits of `q·π/2`), so
/// such lanes are redone by the standard library.
pub(crate) const SINCOS_LIMIT: f32 = 8192.0;

/// 1.5·2²³: a number of size below 2²² added to it is rounded to a whole
/// number, ties to even, which the sum's lowest bits then hold (its units
/// are the last place).
pub(crate) const MAGIC: f32 = 12_582_912.0;

/// Each lane rounded to the nearest whole number, ties to even, for
/// |v| < 2²²: adding and taking away [`MAGIC`] leaves no bits below the
/// units.
#[inline(always)]
fn round<S: Simd>(v: S) -> S {
    v.add(S::splat(MAGIC)).sub(S::splat(MAGIC))
}

/// The sine and cosine of every lane's angle, to within a few units in
/// the last place of the standard library's for |angle| ≤
/// [`SINCOS_LIMIT`], and exactly the standard library's beyond it.
///
/// The angle is reduced to r in [-π/4, π/4] by the nearest multiple q of
/// π/2 (Cody–Waite: π/2 split into three parts whose products with q are
/// exact), the sine and cosine of r come from Cephes' minimax polynomials,
/// and q mod 4 says which of ±sin r, ±cos r is which. All of it is float
/// arithmetic and selects ([`Simd::quadrant`]), so it stays in the lanes.
#[inline(always)]
pub(crate) fn sin_cos<S: Simd>(x: S) -> (S, S) {
    sin_cos_within(x, true)
}

/// [`sin_cos`] where `maybe_beyond` says whether any lane's angle may lie
/// beyond [`SINCOS_LIMIT`] (or be NaN): `false` where the caller knows
/// none does, as the kernels do from the poses' check
/// ([`Simd::any_pose_beyond`]), and then no lane is looked at again.
#[inline(always)]
pub(crate) fn sin_cos_within<S: Simd>(x: S, maybe_beyond: bool) -> (S, S) {
    const P1: f32 = 1.570_312_5;
    const P2: f32 = 4.837_513e-4;
    const P3: f32 = 7.549_79e-8;
    // q, the nearest whole number to x·2/π, as `round` makes it; `shifted`
    // holds q mod 4 in its bits for `quadrant`.
    let shifted = x
        .mul(S::splat(std::f32::consts::FRAC_2_PI))
        .add(S::splat(MAGIC));
    let q = shifted.sub(S::splat(MAGIC));
    let r = q.neg().madd(S::splat(P1), x);
    let r = q.neg().madd(S::splat(P2), r);
    let r = q.neg().madd(S::splat(P3), r);
    let z = r.mul(r);
    let sin_r = S::splat(-1.951_529_6e-4)
        .madd(z, S::splat(8.332_161e-3))
        .madd(z, S::splat(-1.666_665_5e-1));
    let sin_r = sin_r.mul(z).madd(r, r);
    let cos_r = S::splat(2.443_315_7e-5)
        .madd(z, S::splat(-1.388_731_6e-3))
        .madd(z, S::splat(4.166_664_6e-2));
    let cos_r = cos_r.mul(z).madd(z, S::splat(-0.5).madd(z, S::splat(1.0)));
    let (mut sin, mut cos) = S::quadrant(q, shifted, sin_r, cos_r);
    if maybe_beyond && x.abs().any_not_le(S::splat(SINCOS_LIMIT)) {
        let (mut xs, mut ss, mut cs) = ([0.0; MAX_LANES], [0.0; MAX_LANES], [0.0; MAX_LANES]);
        x.store(&mut xs);
        sin.store(&mut ss);
        cos.store(&mut cs);
        for l in 0..S::LANES {
            if xs[l]
                .abs()
                .partial_cmp(&SINCOS_LIMIT)
                .is_none_or(|c| c.is_gt())
            {
                (ss[l], cs[l]) = xs[l].sin_cos();
            }
        }
        sin = S::load(&ss);
        cos = S::load(&cs);
    }
    (sin, cos)
}
