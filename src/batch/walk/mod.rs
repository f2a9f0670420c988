//! The chunk walker: the pairs, a window at a time, grouped by kind,
//! corner count, axes and symmetry into buckets (each pair's number
//! appended to its bucket's list as the pair is read; a list that fills
//! is run there and then), each bucket a register's width at a time sent
//! to its kernel (or pair by pair to the scalar path), the lanes' shape
//! data gathered only when it changes, and each result written straight
//! into its pair's slot, in the caller's order.
//!
//! Grouping is what makes a world's batch fast: with many different shapes
//! in no order, a register of pairs would otherwise mix kinds (and go pair
//! by pair) or pad every lane to the longest polygon among them (8 corners
//! nearly always, for polygons of 3 to 8). A window is small enough that
//! its pairs, their results and the bucket lists stay in the core's own
//! caches, and large enough that the last, part-filled register of each
//! bucket is a small share of it; those registers are merged with their
//! neighbour buckets' (`merge_tails`), so that few lanes run empty. A
//! window's leading run of pairs that all name the same two shapes (the
//! whole window, for the chapter's scene or a body against the ground) is
//! run in place as it is read, with no sorting; only the rest is grouped.
//! While a window's registers compute, the next window's pairs and result
//! slots are asked for from memory (see `Ahead`), so that its bucket pass,
//! which otherwise mostly waits on memory, reads them from the cache, and
//! its results land there; a run asks for its own pairs and slots a few
//! dozen registers ahead (`RUN_AHEAD`).
//!
//! Here the windows, the runs of one shape pair and the buckets'
//! registers; in their own files, the grouping (`buckets`: the bucket pass
//! and the merging of the buckets' last registers), one register through
//! its kernel (`register`: its plan, its shapes, its poses), the asking
//! ahead (`ahead`), where the results go (`sink`), how many pairs a
//! window holds on this CPU (`window_len`) and the stage switch for
//! timing (`stages`).

mod ahead;
mod buckets;
mod register;
mod sink;
mod stages;
mod window_len;

use std::cell::RefCell;
use std::mem::MaybeUninit;

use super::kernel::{Counts, Poses, Side, circles, polygon_circle, polygons, polygons_placed};
use super::lanes::{MAX_LANES, Simd};
use super::numbered::Numbered;
use super::prepared::{BUCKETS, CLASSES, ClassPolygon, ShapeKind, Table, class_polygon};
use super::{Pair, pose_ok, scalar};
use crate::sat::SatResult;
use ahead::{Ahead, run_ahead};
use buckets::{
    Grouped, LISTS_LEN, MERGED_MOST, MERGED_START, Merged, STRIDE, group, merge_tails, shares_tail,
};
use register::{Kind, bucket_plan, fill, padded, plan, polygon_circle_at, run_lanes};
use sink::Scatter;
pub(crate) use sink::{Cursor, Sink};
pub use stages::Stages;
#[cfg(sat_stage_probe)]
pub use stages::set_stages;
use stages::stages;
pub(crate) use window_len::window_len;

/// The bucket of A's class `a` and B's class `b`, as
/// [`Info::bucket`](super::prepared::Info::bucket) numbers it.
const fn bucket_of(a: usize, b: usize) -> usize {
    a * CLASSES + b
}

/// A's class and B's class of `bucket` (the inverse of [`bucket_of`]).
const fn classes_of(bucket: usize) -> (usize, usize) {
    (bucket / CLASSES, bucket % CLASSES)
}

/// A thread's working memory for the windows, kept between calls so that
/// a call allocates nothing once the thread has run one.
struct Scratch {
    /// How many pairs a window holds at most: this CPU's
    /// [`window_len()`] (see its module's notes), or a test's
    /// (`with_window`).
    window: usize,
    /// Each bucket's list of the window's pair numbers, bucket `k`'s from
    /// `k * STRIDE`, then the merged list (empty until the thread's first
    /// window that groups). Each list holds [`buckets::LIST`] numbers
    /// and is run when full, so the lists of all 256 buckets take 280 KiB
    /// a thread, whatever the window.
    lists: Vec<u16>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            window: window_len(),
            lists: Vec::new(),
        }
    }
}

/// Runs `f` with this thread's windows `window` pairs long (at most the
/// longer window, which the lists have room for), then this CPU's again:
/// for the tests that the window changes no answer.
#[cfg(test)]
pub(crate) fn with_window<T>(window: usize, f: impl FnOnce() -> T) -> T {
    assert!(
        window <= window_len::WINDOW_LARGE,
        "pair numbers of 16 bits for {window}"
    );
    let set = |window| {
        SCRATCH.with_borrow_mut(|s| {
            s.window = window;
            s.lists.clear();
        })
    };
    set(window);
    let got = f();
    set(window_len());
    got
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The whole of `pairs` (on the prepared `table`) into `out` (one slot per
/// pair), a window at a time: the buckets' registers in lanes `S`, the
/// runs of one shape pair in lanes `R` (the same, or wider where that is
/// faster: AVX2 runs them as two registers side by side, `Avx2x2`).
///
/// The pairs are checked here too, before anything of them is looked up
/// or tested: the shape indices as a run of pairs or a bucket is formed,
/// the poses on the lanes they are gathered into (a few vector compares
/// instead of a scalar pass over every pair). At the first pair that
/// `validate_pairs` would refuse, it stops and returns false, with `out`
/// partly written for the caller to throw away; true when every pair was
/// fit and tested, and every slot of `out` written.
#[inline(always)]
pub(crate) fn run<S: Simd, R: Simd>(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
) -> bool {
    assert_eq!(pairs.len(), out.len(), "a slot for every pair");
    // Plain loops, no closures, around the windows: a closure here would
    // not be compiled for the instruction set of the function this is
    // inlined into, and every lane operation would become a call.
    let mut scratch = SCRATCH.take();
    let mut sides = (Side::new(), Side::new());
    let mut ok = true;
    // Where the slots begin, for asking ahead for the next window's (an
    // address only: nothing is read through it).
    let slots = out.as_ptr().cast::<u8>();
    let len = scratch.window;
    for (k, (window_pairs, out)) in pairs.chunks(len).zip(out.chunks_mut(len)).enumerate() {
        let from = ((k + 1) * len).min(pairs.len());
        let next = &pairs[from..pairs.len().min(from + len)];
        let next_slots = slots.wrapping_add(from * size_of::<SatResult>());
        let mut ahead = Ahead::new::<S>(next, next_slots, len);
        if !window::<S, R>(
            table,
            window_pairs,
            out,
            &mut scratch,
            &mut sides,
            &mut ahead,
        ) {
            ok = false;
            break;
        }
    }
    SCRATCH.set(scratch);
    ok
}

/// One window: its leading pairs run in place while they name the same
/// two shapes (all of it, for one shape pair at many poses), the rest
/// grouped by bucket and run a bucket at a time, each result written to
/// its pair's own slot.
#[inline(always)]
#[allow(unsafe_code)]
fn window<S: Simd, R: Simd>(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
    scratch: &mut Scratch,
    sides: &mut (Side, Side),
    ahead: &mut Ahead<'_>,
) -> bool {
    // One shape pair at many poses (the chapter's scene, a body against
    // the ground) needs no bucket: the pairs are read once, as they are
    // tested, each asked for from memory a few dozen registers before.
    let done = match same_shapes::<R>(table, pairs, out, sides) {
        Some(done) if done == pairs.len() => return true,
        Some(done) => done,
        None => return false,
    };
    let (pairs, out) = (&pairs[done..], &mut out[done..]);
    // Each pair's number goes to the end of its bucket's list as the pair
    // is read, its shape indices checked: one pass, where a counting sort
    // took two (count, then place). Only the numbers move; a register's
    // pairs are read where they lie.
    let lists = &mut scratch.lists;
    if lists.is_empty() {
        // Every page written here, in order, when the lists are made. Left
        // to the allocator's zeroed pages (3e89b58), only the pages a
        // window wrote were touched, in the window's random order, and on
        // a Zen 4 with AVX2 the 512 polygons took 1.08x the time and every
        // kind 1.06x in every later call (alternated rounds of
        // `fingerprint`, the thirty-ninth session; 1.4 MiB less resident
        // memory a thread was all it gained).
        lists.resize(LISTS_LEN, 0);
    }
    let mut count = [0u16; 256];
    // Bucket by bucket, so that no register mixes two. The lists hold
    // every pair's number once, so every slot is written once: straight
    // into the caller's slots, which were asked for during the last
    // window. (Written into a window of scratch and copied out, they took
    // 4-9% longer; written straight in but not asked for ahead, 8-22%.)
    // A bucket whose list fills runs there and then (whole registers: a
    // list holds a multiple of every width), and the grouping goes on.
    // At the window's end each bucket's last, part-filled register is set
    // aside and run with its neighbours' (see `merge_tails`): the
    // buckets' whole registers first, then the merged ones. Every one
    // goes through one call of the kernels (two calls inlined them
    // twice, and the walker's code, 2.6 times the size, ran 5-40%
    // slower).
    let mut merged = [Merged::default(); MERGED_MOST];
    let (mut from, mut written) = (0, 0);
    // Each pair's shape numbers are checked against the lanes' lists'
    // length as the pair is grouped: what lets a register read its shapes
    // with no check of its own (see `Side::fill`).
    let info = &table.info[..table.lanes_len()];
    loop {
        let (jobs, full) = match group(info, pairs, from, lists, &mut count) {
            Grouped::Bad => return false,
            Grouped::Full { bucket, next } => {
                from = next;
                // The bucket stage alone (a probe's) only empties the list.
                let runs = usize::from(stages() != Stages::Buckets);
                (bucket..bucket + runs, Some(bucket))
            }
            Grouped::Done if stages() == Stages::Buckets => {
                out.iter_mut().for_each(|o| {
                    o.write(SatResult::START);
                });
                return true;
            }
            Grouped::Done => {
                let n_merged = merge_tails(lists, &count, S::LANES, &mut merged);
                (0..BUCKETS + n_merged, None)
            }
        };
        for job in jobs {
            let (bucket, order) = match job.checked_sub(BUCKETS) {
                // A full list's count is a multiple of every width, so
                // its whole registers are all of it.
                None => {
                    let n = usize::from(count[job]);
                    let whole = if shares_tail(job) {
                        n - n % S::LANES
                    } else {
                        n
                    };
                    (job, &lists[job * STRIDE..job * STRIDE + whole])
                }
                Some(k) => {
                    let Merged { bucket, start, len } = merged[k];
                    let start = MERGED_START + usize::from(start);
                    (usize::from(bucket), &lists[start..start + usize::from(len)])
                }
            };
            if !order.is_empty() {
                // SAFETY: the lists hold the numbers of pairs `group` has
                // grouped in this window (a full list's since it was last
                // emptied, the merged ones' moved there from the lists'
                // counted parts once every pair was grouped): each below
                // `pairs.len()` (its place in the window, which is shorter
                // than 2^16), and `group` grouped only pairs whose shapes
                // are below the length of `info` as given it, `lanes_len`.
                let ran =
                    unsafe { bucket_chunks::<S>(table, bucket, pairs, order, out, sides, ahead) };
                if !ran {
                    return false;
                }
                written += order.len();
            }
        }
        match full {
            Some(bucket) => count[bucket] = 0,
            None => break,
        }
    }
    ahead.rest();
    assert_eq!(written, pairs.len(), "a result for every pair");
    true
}

/// The leading pairs of `pairs` that name the same two shapes as the
/// first (indices checked once), a register's width at a time, in place:
/// how many were run and written (all of them, or up to the first
/// register that names other shapes), or `None` at a bad index or pose.
/// The lanes keep the two shapes in `sides`, so nothing is gathered after
/// the first register.
#[inline(always)]
#[allow(unsafe_code)]
fn same_shapes<S: Simd>(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
    sides: &mut (Side, Side),
) -> Option<usize> {
    let (a, b) = (pairs[0].a, pairs[0].b);
    let len = table.lanes_len();
    if (a as usize) >= len || (b as usize) >= len {
        return None;
    }
    let mut pad = [Pair::default(); MAX_LANES];
    let mut plan_once = None;
    let mut done = 0;
    for (chunk, out) in pairs.chunks(S::LANES).zip(out.chunks_mut(S::LANES)) {
        // The pairs a few dozen registers on, and their slots, asked for
        // from memory now (see `RUN_AHEAD`).
        run_ahead::<S>(chunk.as_ptr(), out.as_ptr());
        let same = if chunk.len() == S::LANES {
            S::all_name(chunk, a, b)
        } else {
            chunk.iter().all(|p| (p.a == a) & (p.b == b))
        };
        if !same {
            break;
        }
        let lanes = padded::<S>(chunk, &mut pad);
        // Planned at the first register, in the loop: planned before it,
        // the compiler copied the loop once per kind, which measured 8%
        // slower on the chapter's scene. (No closure here: it would not be
        // compiled for the caller's instruction set.)
        let plan = match plan_once {
            Some(plan) => plan,
            None => {
                let first = plan::<S>(table, a, b);
                // SAFETY: every lane names shapes `a` and `b` (`same`, and
                // padding repeats the last real pair), checked against the
                // table above. (So this rests on `S::all_name` too, which
                // `isa::checks` tests lane by lane for every set.)
                unsafe { fill::<S>(table, first, lanes, sides) };
                plan_once = Some(first);
                first
            }
        };
        // SAFETY: as the fill's.
        let ran =
            unsafe { run_lanes::<S, _>(table, plan, lanes, chunk, sides, false, &mut Cursor(out)) };
        if !ran {
            return None;
        }
        done += chunk.len();
    }
    Some(done)
}

/// The pairs of one bucket (their numbers in `order`, in `pairs`) a
/// register's width at a time, each result written to its pair's slot of
/// `out`. The bucket says the kind and the corner counts, so a register
/// needs no planning; its pairs are copied into a register's worth (but
/// a polygon's and a circle's: [`polygon_circle_at`]) and its shapes
/// gathered into the lanes. False at a bad pose.
///
/// # Safety
///
/// Every number in `order` is below `pairs.len()`, and the pair it
/// numbers names shapes of `table` (below [`Table::lanes_len`]).
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn bucket_chunks<S: Simd>(
    table: &Table,
    bucket: usize,
    pairs: &[Pair],
    order: &[u16],
    out: &mut [MaybeUninit<SatResult>],
    sides: &mut (Side, Side),
    ahead: &mut Ahead<'_>,
) -> bool {
    let plan = bucket_plan(bucket);
    let (stages, mut first) = (stages(), true);
    if matches!(plan.kind, Kind::PolygonCircle | Kind::CirclePolygon) && stages == Stages::All {
        for at in order.chunks(S::LANES) {
            ahead.step();
            // SAFETY: a chunk is not empty, and the lists number only the
            // window's pairs (the caller's promise).
            let numbered = unsafe { Numbered::new(pairs, at) };
            let mut sink = Scatter {
                slots: out,
                at: numbered.numbers(),
            };
            // SAFETY: `numbered`'s pairs are among `order`'s (the caller's
            // promise).
            if !unsafe { polygon_circle_at::<S, _>(table, plan, numbered, sides, &mut sink) } {
                return false;
            }
        }
        return true;
    }
    let mut gathered = [Pair::default(); MAX_LANES];
    for numbers in order.chunks(S::LANES) {
        let n = numbers.len();
        if n == S::LANES {
            for (lane, &i) in gathered.iter_mut().zip(numbers) {
                *lane = pairs[i as usize];
            }
        } else {
            // A short last register repeats its last pair; only the real
            // lanes are written.
            // SAFETY: as the polygon–circle registers' above.
            let numbered = unsafe { Numbered::new(pairs, numbers) };
            for (l, lane) in gathered.iter_mut().enumerate().take(S::LANES) {
                *lane = *numbered.pair(l);
            }
        }
        ahead.step();
        let lanes = &gathered[..S::LANES];
        let refill = stages != Stages::NoFill || first;
        first = false;
        let mut sink = Scatter {
            slots: out,
            at: numbers,
        };
        if matches!(stages, Stages::Gather | Stages::Fill) {
            if stages == Stages::Fill {
                // SAFETY: the lanes are copies of `order`'s pairs (the
                // caller's promise).
                unsafe { fill::<S>(table, plan, lanes, sides) };
            }
            sink.put(n, |_| SatResult::START);
            continue;
        }
        // SAFETY: as the fill's.
        if !unsafe { run_lanes::<S, _>(table, plan, lanes, &lanes[..n], sides, refill, &mut sink) }
        {
            return false;
        }
    }
    true
}

/// The pairs one at a time by the one-pair path ([`scalar::run`]), on the
/// prepared table: for one pair, stopping at the first gap beats trying
/// every axis. Checked as [`run`] checks them; false at the first bad
/// pair.
pub(crate) fn run_scalar(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
) -> bool {
    let len = table.info.len();
    scalar::run(&table.shapes, pairs, out, |p| {
        ((p.a as usize) < len) & ((p.b as usize) < len) & pose_ok(&p.pose_a) & pose_ok(&p.pose_b)
    })
}

#[cfg(test)]
mod tests {
    //! The portable lanes (the reference the registers are held to, which
    //! no engine runs) are not reachable through `collide_with`, so they
    //! are checked here against the one-pair path, and `sin_cos` against
    //! the standard library's.
    use super::*;
    use crate::batch::lanes::{Portable, SINCOS_LIMIT, sin_cos};
    use crate::batch::{Pose, Shape, agree, prepared};
    use crate::sat::Polygon;
    use crate::scene::{BOX_HEIGHT, BOX_WIDTH, FIXED_RADIUS};
    use crate::test_rng::Rng;

    /// The portable lanes' walker, compiled once for every test here and
    /// in `buckets`. [`run`] is always inlined, so each test that called
    /// it from its own closure held another whole copy of the walker for
    /// the optimizer: about 70 seconds of a release build each, and CI
    /// builds these tests in release for AArch64 and twice for wasm32.
    #[inline(never)]
    pub(super) fn run_portable(
        table: &Table,
        pairs: &[Pair],
        out: &mut [MaybeUninit<SatResult>],
    ) -> bool {
        run::<Portable<4>, Portable<4>>(table, pairs, out)
    }

    #[test]
    fn portable_lanes_agree_with_the_one_pair_path() {
        let shapes = vec![
            Shape::Polygon(Polygon::rectangle(BOX_WIDTH, BOX_HEIGHT).unwrap()),
            Shape::Polygon(Polygon::regular(5, FIXED_RADIUS).unwrap()),
            Shape::Circle { radius: 30.0 },
            Shape::Polygon(Polygon::regular(3, 50.0).unwrap()),
        ];
        let table = prepared::prepare(&shapes);
        let mut rng = Rng(12345);
        let mut pairs = Vec::new();
        for _ in 0..2001 {
            let (a, b) = (rng.below(4) as u32, rng.below(4) as u32);
            let pose_a = Pose {
                position: rng.in_disk(glam::Vec2::ZERO, 210.0),
                angle: rng.range(0.0, 7.0),
            };
            pairs.push(Pair {
                a,
                pose_a,
                b,
                pose_b: Pose {
                    position: glam::Vec2::ZERO,
                    angle: rng.range(0.0, 7.0),
                },
            });
        }
        // As drawn (every window grouped by kind and corners), and sorted
        // by shapes (windows of one bucket, run in place).
        let mut sorted = pairs.clone();
        sorted.sort_by_key(|p| (p.a, p.b));
        for pairs in [pairs, sorted] {
            let mut got = Vec::new();
            assert!(crate::batch::isa::into_vec(
                &mut got,
                pairs.len(),
                |slots| { run_portable(&table, &pairs, slots) }
            ));
            assert_eq!(got.len(), pairs.len());
            for (p, r) in pairs.iter().zip(&got) {
                agree(p, r, &scalar::pair(&table.shapes, p));
            }
        }
    }

    /// The walker checks every shape number against the shortest of the
    /// lanes' lists (`Table::lanes_len`), on which the registers' unchecked
    /// lookups rest: a table whose last radius is missing refuses a pair
    /// naming that circle, in a run of one shape pair and in a bucket,
    /// and runs the same pairs once the radius is back.
    #[test]
    fn a_shape_past_the_shortest_list_is_refused() {
        let shapes = vec![
            Shape::Polygon(Polygon::regular(5, FIXED_RADIUS).unwrap()),
            Shape::Polygon(Polygon::regular(3, 50.0).unwrap()),
            Shape::Circle { radius: 30.0 },
        ];
        let mut table = prepared::prepare(&shapes);
        let pair = |a: u32, b: u32, x: f32| Pair {
            a,
            pose_a: Pose::default(),
            b,
            pose_b: Pose {
                position: glam::Vec2::new(x, 0.0),
                angle: 0.0,
            },
        };
        // A run of one shape pair (every pair names the circle), and a
        // window of mixed pairs, the circle's last.
        let run_pairs: Vec<Pair> = (0..40).map(|i| pair(0, 2, i as f32)).collect();
        let mut mixed: Vec<Pair> = (0..40).map(|i| pair(i % 2, 1, i as f32)).collect();
        mixed.push(pair(1, 2, 5.0));
        let radius = table.radius.pop().expect("a radius for every shape");
        assert_eq!(table.lanes_len(), 2);
        for pairs in [&run_pairs, &mixed] {
            let mut got = Vec::new();
            assert!(!crate::batch::isa::into_vec(
                &mut got,
                pairs.len(),
                |slots| { run_portable(&table, pairs, slots) }
            ));
        }
        table.radius.push(radius);
        assert_eq!(table.lanes_len(), 3);
        for pairs in [&run_pairs, &mixed] {
            let mut got = Vec::new();
            assert!(crate::batch::isa::into_vec(
                &mut got,
                pairs.len(),
                |slots| { run_portable(&table, pairs, slots) }
            ));
            for (p, r) in pairs.iter().zip(&got) {
                agree(p, r, &scalar::pair(&table.shapes, p));
            }
        }
    }

    #[test]
    fn lane_sin_cos_matches_the_standard_library() {
        let mut worst = 0.0f32;
        let mut x = -9000.0f32;
        while x < 9000.0 {
            let xs = [x, x + 0.25, -x, x * 0.5];
            let (s, c) = sin_cos(Portable(xs));
            for (l, x) in xs.iter().enumerate() {
                let (ws, wc) = x.sin_cos();
                worst = worst.max((s.0[l] - ws).abs()).max((c.0[l] - wc).abs());
            }
            x += 0.37;
        }
        assert!(worst < 2e-6, "worst difference {worst}");
        // Beyond the quick reduction's range, the standard library's own.
        let big = [1e6, -3e7, SINCOS_LIMIT * 2.0, 1e30];
        let (s, c) = sin_cos(Portable(big));
        for (l, x) in big.iter().enumerate() {
            assert_eq!((s.0[l], c.0[l]), x.sin_cos());
        }
    }
}
