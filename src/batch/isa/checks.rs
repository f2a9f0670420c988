//! Checks of a set of lanes' transposes, result scatters, sign flips,
//! selects and checks (a register's shape names, its poses' range)
//! against what they must do, entry by entry: each is an arrangement of
//! shuffles or bit tricks whose mistakes would move numbers between lanes
//! or misread one (the batch tests would see a wrong answer somewhere;
//! these say which step). [`all`] runs them on one set; each
//! architecture's tests run it on every set it has (x86's in `x86/tests.rs`,
//! NEON's and WebAssembly's beside their lanes).
use std::mem::MaybeUninit;

use glam::Vec2;

use crate::batch::lanes::{MAGIC, MAX_LANES, SINCOS_LIMIT, Simd};
use crate::batch::numbered::{Numbered, within};
use crate::batch::prepared::LANE_CORNERS as M;
use crate::batch::{Pair, Pose};
use crate::sat::{MAX_COORDINATE, SatResult};

/// Every check here, on the lanes `S`.
pub(crate) fn all<S: Simd>() {
    check_transpose::<S>();
    check_scatter::<S>();
    check_write::<S>();
    check_orient::<S>();
    check_all_name::<S>();
    check_pose_beyond::<S>();
    check_quadrant::<S>();
    check_poses::<S>();
    check_selects::<S>();
}

/// Each lane's row of 8 numbers, all different: lane `l`, entry `i`
/// is `100 l + i`.
fn rows() -> Vec<[f32; M]> {
    (0..MAX_LANES)
        .map(|l| std::array::from_fn(|i| (100 * l + i) as f32))
        .collect()
}

/// `S::transpose` of [`rows`] for every count of rows, checked entry
/// by entry: row `i`, lane `l` is lane `l`'s entry `i`.
fn check_transpose<S: Simd>() {
    let src_rows = rows();
    let src: [&[f32; M]; MAX_LANES] = std::array::from_fn(|l| &src_rows[l]);
    for count in 1..=M {
        let mut dst = [[f32::NAN; MAX_LANES]; M];
        S::transpose(&src, &mut dst, count);
        for (i, row) in dst.iter().enumerate().take(count) {
            for (l, &x) in row.iter().enumerate().take(S::LANES) {
                assert_eq!(x, src_rows[l][i], "{count} rows: row {i}, lane {l}");
            }
        }
    }
}

/// A register whose lane `l` holds `f(l)`.
fn lanes<S: Simd>(f: impl Fn(usize) -> f32) -> S {
    let row: [f32; MAX_LANES] = std::array::from_fn(f);
    S::load(&row)
}

/// `S::write_results` of the first `n` lanes into `n` slots in order,
/// for every `n` up to a register's: each result checked in its slot,
/// and no slot past the `n`th written.
fn check_write<S: Simd>() {
    let (x, y) = (lanes::<S>(|l| l as f32), lanes::<S>(|l| 2.0 * l as f32));
    let push = lanes::<S>(|l| {
        if l % 3 == 0 {
            -1.0 - l as f32
        } else {
            l as f32
        }
    });
    for n in 1..=S::LANES {
        let mut slots = vec![MaybeUninit::new(SatResult::START); S::LANES];
        S::write_results(&mut slots[..n], n, x, y, push);
        for (l, slot) in slots.iter().enumerate() {
            // SAFETY: every slot was initialized when made.
            let r = unsafe { slot.assume_init() };
            if l >= n {
                assert_eq!(r, SatResult::START, "{n} lanes: slot {l} untouched");
                continue;
            }
            let gap = l % 3 == 0;
            assert_eq!(
                r.axis,
                Vec2::new(l as f32, 2.0 * l as f32),
                "{n} lanes: {l}"
            );
            assert_eq!(r.depth, if gap { 1.0 + l as f32 } else { l as f32 });
            assert_eq!(r.overlapping, !gap, "{n} lanes: {l}");
        }
    }
}

/// `S::write_results_at` of a full register into slots in a shuffled
/// order, each result checked in its slot.
fn check_scatter<S: Simd>() {
    let n = S::LANES;
    let (x, y) = (lanes::<S>(|l| l as f32), lanes::<S>(|l| -(l as f32)));
    // Odd lanes overlap (a push of 0.5 + l), even ones have a gap.
    let push = lanes::<S>(|l| {
        if l % 2 == 1 {
            0.5 + l as f32
        } else {
            -1.0 - l as f32
        }
    });
    let at: Vec<u16> = (0..n).map(|l| ((l * 7 + 3) % n) as u16).collect();
    let mut slots = vec![MaybeUninit::uninit(); n];
    S::write_results_at(&mut slots, &at, x, y, push);
    for (l, &i) in at.iter().enumerate() {
        // SAFETY: `at` names every slot once, so each was written.
        let r = unsafe { slots[usize::from(i)].assume_init() };
        let want_depth = if l % 2 == 1 {
            0.5 + l as f32
        } else {
            1.0 + l as f32
        };
        assert_eq!(r.axis, Vec2::new(l as f32, -(l as f32)), "lane {l}");
        assert_eq!(r.depth, want_depth, "lane {l}");
        assert_eq!(r.overlapping, l % 2 == 1, "lane {l}");
    }
}

/// `S::orient` against the multiply by ±1 it stands for, bit for
/// bit: leads below, at (either zero) and above 0, axes with zeros of
/// either sign.
fn check_orient<S: Simd>() {
    let leads = [
        -3.5,
        -f32::MIN_POSITIVE,
        -0.0,
        0.0,
        1e-30,
        2.0,
        f32::MAX,
        -f32::MAX,
    ];
    let parts = [0.6, -0.0, 0.0, -0.8, 1.0, -1.0, 1e-20, -3.0];
    for shift in 0..leads.len() {
        let lead = lanes::<S>(|l| leads[(l + shift) % leads.len()]);
        let x = lanes::<S>(|l| parts[(l + 2 * shift) % parts.len()]);
        let y = lanes::<S>(|l| parts[(l + shift + 3) % parts.len()]);
        let (ox, oy) = S::orient(lead, x, y);
        let (mut got_x, mut got_y) = ([0.0; MAX_LANES], [0.0; MAX_LANES]);
        ox.store(&mut got_x);
        oy.store(&mut got_y);
        for l in 0..S::LANES {
            let lead = leads[(l + shift) % leads.len()];
            let f = if lead < 0.0 { 1.0f32 } else { -1.0 };
            let want_x = parts[(l + 2 * shift) % parts.len()] * f;
            let want_y = parts[(l + shift + 3) % parts.len()] * f;
            assert_eq!(
                got_x[l].to_bits(),
                want_x.to_bits(),
                "x, lane {l}, lead {lead}"
            );
            assert_eq!(
                got_y[l].to_bits(),
                want_y.to_bits(),
                "y, lane {l}, lead {lead}"
            );
        }
    }
}

/// `S::quadrant` against its rule, q mod 4 taken as a whole number, bit
/// for bit: every q mod 4, of either sign, small and near 2²², with
/// sines and cosines of either sign, so that a swap or a sign flip
/// misread from `shifted`'s bits is caught in any lane. No zeros: a
/// negation as 0 - x makes +0 of either zero where a sign flip makes the
/// other (a sine of 0 comes of r = 0, which is all but always an angle
/// of 0, whose q of 0 flips nothing).
fn check_quadrant<S: Simd>() {
    let parts = [0.3, -0.7, 1e-30, -2.5, 0.999, -1e-8, 0.5, -0.25];
    let qs = (-9..=9).chain([(1 << 22) - 1, (1 << 22) - 2, -(1 << 22) + 1, -(1 << 22) + 3]);
    for q in qs {
        let q = q as f32;
        let shifted = q + MAGIC;
        for shift in 0..parts.len() {
            let sin_r = |l: usize| parts[(l + shift) % parts.len()];
            let cos_r = |l: usize| parts[(l + 3 * shift + 1) % parts.len()];
            let (s, c) = S::quadrant(
                S::splat(q),
                S::splat(shifted),
                lanes::<S>(sin_r),
                lanes::<S>(cos_r),
            );
            let (mut got_s, mut got_c) = ([0.0; MAX_LANES], [0.0; MAX_LANES]);
            s.store(&mut got_s);
            c.store(&mut got_c);
            for l in 0..S::LANES {
                // The rule, by q mod 4 as a whole number.
                let (sr, cr) = (sin_r(l), cos_r(l));
                let (ws, wc) = match (q as i32).rem_euclid(4) {
                    0 => (sr, cr),
                    1 => (cr, -sr),
                    2 => (-sr, -cr),
                    _ => (-cr, sr),
                };
                assert_eq!(got_s[l].to_bits(), ws.to_bits(), "sine, q {q}, lane {l}");
                assert_eq!(got_c[l].to_bits(), wc.to_bits(), "cosine, q {q}, lane {l}");
            }
        }
    }
}

/// `S::any_pose_beyond` against its rule, `|x| > limit` or NaN for
/// each row and lane: every row in turn holds, in one lane, a number at
/// the edge (the limit itself, of either sign, and the next float past
/// it), an infinity, a NaN of either sign or -0, the other rows and lanes
/// within their limits (the angles at theirs); so the test fails if any
/// row, any lane or either limit is misread.
fn check_pose_beyond<S: Simd>() {
    let up = |x: f32| f32::from_bits(x.to_bits() + 1);
    let edges = |limit: f32| {
        [
            limit,
            -limit,
            up(limit),
            -up(limit),
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
            -0.0,
        ]
    };
    for row in 0..6 {
        let limit = if row < 4 {
            MAX_COORDINATE
        } else {
            SINCOS_LIMIT
        };
        for x in edges(limit) {
            let want = x.is_nan() || x.abs() > limit;
            for lane in 0..S::LANES {
                // Positions far past SINCOS_LIMIT, angles at it.
                let mut v = [[0.0f32; MAX_LANES]; 6];
                for (r, values) in v.iter_mut().enumerate() {
                    for (l, value) in values.iter_mut().enumerate() {
                        let near = if r < 4 { 1e12 } else { SINCOS_LIMIT };
                        *value = if l % 2 == 0 { near } else { -near };
                    }
                }
                v[row][lane] = x;
                let r: [S; 6] = std::array::from_fn(|r| S::load(&v[r]));
                let got = S::any_pose_beyond([r[0], r[1], r[2], r[3]], [r[4], r[5]]);
                assert_eq!(got, want, "row {row}, lane {lane}, {x:e} (limit {limit:e})");
            }
        }
    }
}

/// `S::all_name` against the names it must see: true when every pair
/// names shapes 3 and 9, and false when any one pair's A or B differs,
/// by one bit (the lowest or the highest) or by the two swapped; the
/// poses' numbers, whose bits are set to the names', never count.
fn check_all_name<S: Simd>() {
    let (a, b) = (3u32, 9u32);
    let (fa, fb) = (f32::from_bits(a), f32::from_bits(b));
    let names = |p: &mut Pair| {
        p.pose_a = Pose {
            position: Vec2::new(fa, fb),
            angle: fb,
        };
        p.pose_b = Pose {
            position: Vec2::new(fb, fa),
            angle: fa,
        };
    };
    let mut pairs = vec![Pair::default(); MAX_LANES];
    for p in pairs.iter_mut() {
        (p.a, p.b) = (a, b);
        names(p);
    }
    assert!(S::all_name(&pairs, a, b), "all the same");
    for l in 0..S::LANES {
        for (wrong_a, wrong_b) in [
            (a ^ 1, b),
            (a, b ^ 1),
            (a ^ 1 << 31, b),
            (a, b ^ 1 << 31),
            (b, a),
        ] {
            let mut odd = pairs.clone();
            (odd[l].a, odd[l].b) = (wrong_a, wrong_b);
            assert!(!S::all_name(&odd, a, b), "lane {l}: {wrong_a}, {wrong_b}");
        }
    }
    // The pairs past a register's lanes are not its own.
    let mut past = pairs.clone();
    past[S::LANES..].iter_mut().for_each(|p| p.a = a + 1);
    assert!(S::all_name(&past, a, b), "only the register's lanes");
}

/// `S::poses` (and `S::poses_at`) against the pairs' own numbers, each
/// way round: row `k`, lane `l` is pair `l`'s A x, A y, A angle, B x,
/// B y or B angle (B's first when swapped), every number different.
fn check_poses<S: Simd>() {
    let pairs: Vec<Pair> = (0..MAX_LANES)
        .map(|l| {
            let n = |k: usize| (10 * l + k) as f32 + 0.5;
            Pair {
                a: l as u32,
                pose_a: Pose {
                    position: Vec2::new(n(0), n(1)),
                    angle: n(2),
                },
                b: 100 + l as u32,
                pose_b: Pose {
                    position: Vec2::new(n(3), n(4)),
                    angle: n(5),
                },
            }
        })
        .collect();
    // The register's pairs in reverse order through `poses_at`.
    let at: Vec<u16> = (0..S::LANES).rev().map(|l| l as u16).collect();
    assert!(within(&pairs, &at));
    // SAFETY: checked just above.
    let numbered = unsafe { Numbered::new(&pairs, &at) };
    for swap in [false, true] {
        for (way, rows, order) in [
            (
                "poses",
                S::poses(&pairs, swap),
                (0..S::LANES).collect::<Vec<_>>(),
            ),
            (
                "poses_at",
                S::poses_at(numbered, swap),
                at.iter().map(|&i| usize::from(i)).collect(),
            ),
        ] {
            for (k, row) in rows.iter().enumerate() {
                let mut got = [0.0; MAX_LANES];
                row.store(&mut got);
                for (l, &p) in order.iter().enumerate() {
                    let field = if swap { (k + 3) % 6 } else { k };
                    let want = (10 * p + field) as f32 + 0.5;
                    assert_eq!(got[l], want, "{way}, swap {swap}: row {k}, lane {l}");
                }
            }
        }
    }
}

/// The selects, the least and greatest and the test for a lane past a
/// limit, lane by lane against their rules: `lt_select` and
/// `lt_open_select` with each lane's comparison going either way (ties
/// and negative bests included), `min` and `max` of numbers of either
/// order, and `any_not_le` with one lane past, at or NaN.
fn check_selects<S: Simd>() {
    let a = [1.0, -2.0, 3.0, 0.5, -7.0, 2.0, 9.0, -1.0];
    let b = [2.0, -2.0, -3.0, 0.0, 7.0, -2.0, 9.5, 1.0];
    for shift in 0..a.len() {
        let va = |l: usize| a[(l + shift) % a.len()];
        let vb = |l: usize| b[(l + 3 * shift) % b.len()];
        let (x, y) = (
            lanes::<S>(|l| 100.0 + l as f32),
            lanes::<S>(|l| -100.0 - l as f32),
        );
        let (sa, sb) = (lanes::<S>(va), lanes::<S>(vb));
        let mut got = [[0.0; MAX_LANES]; 4];
        sa.lt_select(sb, x, y).store(&mut got[0]);
        sa.lt_open_select(sb, x, y).store(&mut got[1]);
        sa.min(sb).store(&mut got[2]);
        sa.max(sb).store(&mut got[3]);
        let names = ["lt_select", "lt_open_select", "min", "max"];
        for (k, (name, row)) in names.iter().zip(&got).enumerate() {
            for (l, &g) in row.iter().enumerate().take(S::LANES) {
                let (pick_x, pick_y) = (100.0 + l as f32, -100.0 - l as f32);
                let less = va(l) < vb(l);
                let want = [
                    if less { pick_x } else { pick_y },
                    if less && vb(l) >= 0.0 { pick_x } else { pick_y },
                    va(l).min(vb(l)),
                    va(l).max(vb(l)),
                ];
                assert_eq!(g, want[k], "{name}, lane {l}: {} and {}", va(l), vb(l));
            }
        }
    }
    let limit = S::splat(2.0);
    assert!(
        !lanes::<S>(|l| l as f32 / 8.0).any_not_le(limit),
        "none past"
    );
    for lane in 0..S::LANES {
        for (x, want) in [
            (2.0, false),
            (2.5, true),
            (f32::NAN, true),
            (-f32::NAN, true),
        ] {
            let v = lanes::<S>(|l| if l == lane { x } else { 1.0 });
            assert_eq!(v.any_not_le(limit), want, "lane {lane}: {x}");
        }
    }
}
