//! The x86 registers as [`Simd`] lanes, one instruction per operation,
//! each set in its own file: SSE2's 4 floats (`sse2`), AVX2's 8 with FMA
//! (`avx2`), AVX-512's 16 (`avx512`), and AVX2 twice over ([`Avx2x2`]),
//! 16 lanes as two registers, for a run of one shape pair. Here is what
//! they share: where a result's and a pose's numbers lie in memory, which
//! their transposes follow, and the store of one result into its slot.
//!
//! Every intrinsic needs its instruction set, which the build does not
//! assume: these types are only ever made inside the kernels that
//! `super::run` calls after it has checked the CPU (SSE2 is part of
//! x86-64 itself), and the kernels are compiled with those features on,
//! so each `unsafe` block in these files rests on that one check (and the
//! one store to a slot not checked lane by lane, [`Scatter::store`], on
//! the check [`Scatter::new`] makes of the register's slots).

use std::arch::x86_64::*;
use std::mem::{MaybeUninit, offset_of};

use glam::Vec2;

use crate::batch::lanes::{MAX_LANES, SINCOS_LIMIT, Simd, write_lanes, write_lanes_at};
use crate::batch::numbered::Numbered;
use crate::batch::prepared::LANE_CORNERS as M;
use crate::batch::{Pair, Pose};
use crate::sat::{MAX_COORDINATE, SatResult};

mod avx2;
mod avx2x2;
mod avx512;
mod sse2;
#[cfg(test)]
mod tests;

pub(crate) use avx2::Avx2;
use avx2::{beyond, transpose_lanes8};
pub(crate) use avx2x2::Avx2x2;
pub(crate) use avx512::Avx512;
pub(crate) use sse2::Sse2;

/// The slots a bucket's register of `N` results goes to: slot `at[k]` of
/// `slots` for lane `k`, every one found within `slots` at once, when it
/// is made, so that each store needs no test of its own.
///
/// Each lane's slot was found within `slots` by its own compare and
/// branch to a panic. Checked once a register, callgrind counts 9
/// instructions a pair fewer on the 512 polygons with AVX2 (1329 to 1320
/// a pair of `examples/fingerprint`, whose own drawing of pairs and
/// hashing are most of that), 4 on polygons against circles and 3 on
/// every kind. Timed, it was level or a little faster within the noise of
/// a busy Emerald Rapids (the thirty-second session,
/// `docs/mixed-batches.md`). A bad number is still a panic: the register
/// then goes lane by lane (`write_lanes_at`), which checks each.
struct Scatter<'a, const N: usize> {
    /// The window's slots.
    slots: &'a mut [MaybeUninit<SatResult>],
    /// The register's pairs' numbers, each below `slots.len()`.
    at: &'a [u16; N],
}

impl<'a, const N: usize> Scatter<'a, N> {
    /// The slots `at` names in `slots`, or `None` unless there are `N` of
    /// them and every one lies within `slots` (one vector maximum of the
    /// numbers, for `N` compares and branches).
    #[inline(always)]
    fn new(slots: &'a mut [MaybeUninit<SatResult>], at: &'a [u16]) -> Option<Self> {
        let at: &[u16; N] = at.try_into().ok()?;
        let most = at.iter().copied().max()?;
        (usize::from(most) < slots.len()).then_some(Scatter { slots, at })
    }

    /// Stores `r`, a whole result laid out as [`RESULT_SLOTS`] says, into
    /// lane `k`'s slot.
    #[inline(always)]
    fn store(&mut self, k: usize, r: __m128) {
        const { assert!(size_of::<SatResult>() == 4 * size_of::<f32>()) };
        let i = usize::from(self.at[k]);
        // SAFETY: `i` is below `slots.len()` (every number of `at` was found
        // so in `new`, and neither can change since); one store of 16
        // bytes, the size of a `SatResult` (asserted), into its slot.
        unsafe { _mm_storeu_ps(self.slots.as_mut_ptr().add(i).cast::<f32>(), r) }
    }
}

/// Where a result's four 32-bit slots are (in f32s): its axis' x and y,
/// its depth, and its `overlapping` flag (a byte with 3 of padding after
/// it); `None` when the layout is not four such slots, and the results
/// are then written lane by lane.
const RESULT_SLOTS: Option<[usize; 4]> = result_slots();

const fn result_slots() -> Option<[usize; 4]> {
    let x = offset_of!(SatResult, axis) + offset_of!(Vec2, x);
    let y = offset_of!(SatResult, axis) + offset_of!(Vec2, y);
    let d = offset_of!(SatResult, depth);
    let o = offset_of!(SatResult, overlapping);
    let w = size_of::<f32>();
    let slots = [x / w, y / w, d / w, o / w];
    if size_of::<SatResult>() != 4 * w || x % w != 0 || y % w != 0 || d % w != 0 || o % w != 0 {
        return None;
    }
    // Four slots of 4 bytes in 16, all different: each field has its own,
    // and the 3 bytes after the flag are padding.
    let mut seen = [false; 4];
    let mut k = 0;
    while k < 4 {
        if slots[k] >= 4 || seen[slots[k]] {
            return None;
        }
        seen[slots[k]] = true;
        k += 1;
    }
    Some(slots)
}

/// Where each pose row's number sits in a pair, counted in f32s: A's x,
/// y and angle, then B's; and with A and B swapped.
const POSE_FIELDS: [usize; 6] = pose_fields_of(false);
const POSE_FIELDS_SWAPPED: [usize; 6] = pose_fields_of(true);

/// [`POSE_FIELDS`], or with `swap` [`POSE_FIELDS_SWAPPED`].
#[inline(always)]
fn pose_fields(swap: bool) -> [usize; 6] {
    if swap {
        POSE_FIELDS_SWAPPED
    } else {
        POSE_FIELDS
    }
}

const fn pose_fields_of(swap: bool) -> [usize; 6] {
    let (a, b) = if swap {
        (offset_of!(Pair, pose_b), offset_of!(Pair, pose_a))
    } else {
        (offset_of!(Pair, pose_a), offset_of!(Pair, pose_b))
    };
    let x = offset_of!(Pose, position) + offset_of!(Vec2, x);
    let y = offset_of!(Pose, position) + offset_of!(Vec2, y);
    let t = offset_of!(Pose, angle);
    let w = size_of::<f32>();
    [
        (a + x) / w,
        (a + y) / w,
        (a + t) / w,
        (b + x) / w,
        (b + y) / w,
        (b + t) / w,
    ]
}

/// The 6 rows `fields` of 8 (the poses' numbers among a pair's, in
/// [`Simd::poses`]' order), each picked out by name: written out, not a
/// loop, which measured 1-2% slower on the polygons vs circles (AVX2).
#[inline(always)]
fn pose_rows<T: Copy>(rows: [T; 8], f: [usize; 6]) -> [T; 6] {
    [
        rows[f[0]], rows[f[1]], rows[f[2]], rows[f[3]], rows[f[4]], rows[f[5]],
    ]
}
