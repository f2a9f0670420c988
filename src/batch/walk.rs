//! The chunk walker: the pairs, a window at a time, grouped by kind and
//! corner count into buckets (each pair's number appended to its bucket's
//! list as the pair is read), each bucket a register's
//! width at a time sent to its kernel (or pair by pair to the scalar
//! path), the lanes' shape data gathered only when it changes, and each
//! result written straight into its pair's slot, in the caller's order.
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
//! its results land there.

use std::cell::RefCell;
use std::mem::MaybeUninit;

use super::kernel::{Counts, Poses, Side, circles, polygon_circle, polygons};
use super::lanes::{MAX_LANES, Simd};
use super::prepared::{BUCKETS, CLASSES, Info, LANE_CORNERS as M, ShapeKind, Table};
use super::{Pair, isa, pose_ok, scalar};
use crate::sat::SatResult;

/// The kinds of pair a chunk can hold, for the kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Polygon against polygon in every lane.
    Polygons,
    /// Polygon (A) against circle (B) in every lane.
    PolygonCircle,
    /// Circle (A) against polygon (B) in every lane.
    CirclePolygon,
    /// Circle against circle in every lane.
    Circles,
    /// A polygon too large for the lanes: pair by pair.
    Other,
}

/// How a chunk is run: its kind, and the most axes and corners its kernel
/// must go through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    /// Which kernel, if any.
    kind: Kind,
    /// The most axes and corners of any lane's.
    counts: Counts,
    /// Whether the kernels' corner loops have their lengths compiled in
    /// (a bucket's registers), or stop at a count (a run of one shape pair,
    /// whose loop stays compact; see `kernel::by_corners`).
    fixed: bool,
}

/// How registers of pairs that all name shape `a` as A and shape `b` as
/// B are run: the kernel for their kind, through their own counts of axes
/// and corners, or [`Kind::Other`] for a polygon too large for the lanes.
fn plan(table: &Table, a: u32, b: u32) -> Plan {
    let (a, b) = (table.info[a as usize], table.info[b as usize]);
    let counts = |(a_axes, a_corners): (u8, u8), (b_axes, b_corners): (u8, u8)| Counts {
        a_axes: a_axes.into(),
        a_corners: a_corners.into(),
        b_axes: b_axes.into(),
        b_corners: b_corners.into(),
    };
    let (own_a, own_b) = ((a.axes, a.corners), (b.axes, b.corners));
    let (kind, counts) = match (a.kind, b.kind) {
        (ShapeKind::LanePolygon, ShapeKind::LanePolygon) => (Kind::Polygons, counts(own_a, own_b)),
        (ShapeKind::LanePolygon, ShapeKind::Circle) => (Kind::PolygonCircle, counts(own_a, (0, 0))),
        // The polygon is B: the kernel takes it as its "A".
        (ShapeKind::Circle, ShapeKind::LanePolygon) => (Kind::CirclePolygon, counts(own_b, (0, 0))),
        (ShapeKind::Circle, ShapeKind::Circle) => (Kind::Circles, counts((0, 0), (0, 0))),
        _ => (Kind::Other, counts((0, 0), (0, 0))),
    };
    Plan {
        kind,
        counts,
        fixed: false,
    }
}

/// How many pairs a window holds at most (see the module's notes): its
/// pairs (32 bytes each), their result slots (16) and their numbers in the
/// bucket lists (2) are 200 KiB, within a core's L2 cache. Each bucket's
/// last register is part-filled, about 3.5 empty lanes of 8 for each
/// bucket a window holds (up to 49; before `merge_tails` ran them
/// together): 4096 pairs ran 3-4% fewer instructions a pair than 2048 on
/// the mixed tables, for 827 KiB of lists a thread instead of 418 (of
/// which a window touches only 8).
pub(crate) const WINDOW: usize = 4096;

/// How far apart the buckets' lists start, in pair numbers: a window's
/// worth and 80 bytes more. At exactly 4 KiB apart every list's next slot
/// would fall in the same few sets of the L1 cache, and the lists evicted
/// each other: the windows measured 4-10% slower than the counting sort
/// they replaced, and 4-15% faster with this offset.
const STRIDE: usize = WINDOW + 40;

/// The bucket of A's class `a` and B's class `b`, as [`Info::bucket`]
/// numbers it.
fn bucket_of(a: usize, b: usize) -> usize {
    a * CLASSES + b
}

/// A's class and B's class of `bucket` (the inverse of [`bucket_of`]).
fn classes_of(bucket: usize) -> (usize, usize) {
    (bucket / CLASSES, bucket % CLASSES)
}

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
fn stages() -> Stages {
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

/// A thread's working memory for the windows, kept between calls so that
/// a call allocates nothing once the thread has run one.
#[derive(Default)]
struct Scratch {
    /// Each bucket's list of the window's pair numbers, bucket `k`'s from
    /// `k * STRIDE` (empty until the thread's first window that groups).
    lists: Vec<u16>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The whole of `pairs` (on the prepared `table`) into `out` (one slot per
/// pair), a window at a time.
///
/// The pairs are checked here too, before anything of them is looked up
/// or tested: the shape indices as a run of pairs or a bucket is formed,
/// the poses on the lanes they are gathered into (a few vector compares
/// instead of a scalar pass over every pair). At the first pair that
/// `validate_pairs` would refuse, it stops and returns false, with `out`
/// partly written for the caller to throw away; true when every pair was
/// fit and tested, and every slot of `out` written.
#[inline(always)]
pub(crate) fn run<S: Simd>(
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
    for (k, (window_pairs, out)) in pairs.chunks(WINDOW).zip(out.chunks_mut(WINDOW)).enumerate() {
        let from = ((k + 1) * WINDOW).min(pairs.len());
        let next = &pairs[from..pairs.len().min(from + WINDOW)];
        let next_slots = slots.wrapping_add(from * size_of::<SatResult>());
        let mut ahead = Ahead::new::<S>(next, next_slots);
        if !window::<S>(
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
fn window<S: Simd>(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
    scratch: &mut Scratch,
    sides: &mut (Side, Side),
    ahead: &mut Ahead<'_>,
) -> bool {
    // One shape pair at many poses (the chapter's scene, a body against
    // the ground) needs no bucket: the pairs are read once, as they are
    // tested, so that their loads from memory overlap the arithmetic.
    let done = match same_shapes::<S>(table, pairs, out, sides) {
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
        lists.resize((BUCKETS + 1) * STRIDE, 0);
    }
    let mut count = [0u16; 256];
    if !group(&table.info, pairs, lists, &mut count) {
        return false;
    }
    if stages() == Stages::Buckets {
        out.iter_mut().for_each(|o| {
            o.write(SatResult::START);
        });
        return true;
    }
    // Bucket by bucket, so that no register mixes two. The lists hold
    // every pair's number once, so every slot is written once: straight
    // into the caller's slots, which were asked for during the last
    // window. (Written into a window of scratch and copied out, they took
    // 4-9% longer; written straight in but not asked for ahead, 8-22%.)
    // Each bucket's last, part-filled register is set aside and run with
    // its neighbours' (see `merge_tails`): the buckets' whole registers
    // first, then the merged ones, through one call of the kernels (two
    // calls inlined them twice, and the walker's code, 2.6 times the size,
    // ran 5-40% slower).
    let mut merged = [Merged::default(); MERGED_MOST];
    let n_merged = merge_tails(lists, &count, S::LANES, &mut merged);
    let mut written = 0;
    for job in 0..BUCKETS + n_merged {
        let (bucket, order) = match job.checked_sub(BUCKETS) {
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
                let start = BUCKETS * STRIDE + usize::from(start);
                (usize::from(bucket), &lists[start..start + usize::from(len)])
            }
        };
        if !order.is_empty() {
            if !bucket_chunks::<S>(table, bucket, pairs, order, out, sides, ahead) {
                return false;
            }
            written += order.len();
        }
    }
    ahead.rest();
    assert_eq!(written, pairs.len(), "a result for every pair");
    true
}

/// Which of the four groups of buckets whose last registers are merged
/// ([`merge_tails`]) the bucket of classes `a` and `b` belongs to, if any:
/// polygon against polygon at home in A (B has no more corners than A),
/// or in B (more; see `kernel::polygons`); polygon against circle; circle
/// against polygon. Within a group, the most corners of A's and of B's
/// among several buckets choose the same home as each bucket's own, so
/// that the home frame, and so the rounding, is the pair's own.
fn tail_group(a: usize, b: usize) -> Option<usize> {
    match (a, b) {
        (0, 0) => None,
        (0, b) if b <= M => Some(3),
        (a, 0) if a <= M => Some(2),
        (a, b) if a <= M && b <= M => Some(usize::from(b > a)),
        _ => None,
    }
}

/// Whether `bucket`'s last, part-filled register is run with the other
/// buckets' of its group ([`merge_tails`], [`tail_group`]): polygon
/// against polygon, polygon against circle, circle against polygon.
/// (Circle against circle is one bucket, and a polygon too large for the
/// lanes goes pair by pair.)
fn shares_tail(bucket: usize) -> bool {
    let (a, b) = classes_of(bucket);
    tail_group(a, b).is_some()
}

/// A register of several buckets' last pairs (see [`merge_tails`]): the
/// bucket whose plan runs it, and where its pair numbers lie in the
/// merged list (after the buckets' own lists).
#[derive(Debug, Clone, Copy, Default)]
struct Merged {
    /// The bucket of the most corners of A's and of B's among its pairs.
    bucket: u8,
    /// Its first number's place in the merged list.
    start: u16,
    /// How many pairs it holds (a register's width, or fewer for each
    /// group's last).
    len: u8,
}

/// The most merged registers a window can have: 80 buckets share their
/// last registers (8 × 8 polygon–polygon, 8 of each polygon–circle
/// order), each fewer than a register's width, so they fill fewer than
/// 80 registers, and each of the four groups ([`tail_group`]) ends with
/// at most one part-filled.
const MERGED_MOST: usize = M * M + 2 * M + 4;

/// Sets aside each bucket's last, part-filled register (the numbers of
/// its list past its whole registers of `lanes`), merged with the other
/// buckets' of the same group ([`tail_group`]) into registers of `lanes`
/// numbers, written to the merged list at `BUCKETS * STRIDE` in `lists`
/// and described in `merged`: how many there are.
///
/// Run alone, each of a window's buckets left a register part empty: on
/// the 512-shape tables, 36 to 49 buckets of about 7.5 empty lanes of 16
/// with AVX-512 (6-9% of the lanes), 3.5 of 8 with AVX2. A register of
/// several buckets' pairs runs with the most axes and corners of any of
/// them, which changes no answer: a lane's rows past its own repeat its
/// last (see `prepared::Block`): each pair gets the same answer, bit for
/// bit, as in a register of its own bucket, whatever shares its register
/// (so that `collide_par`, whose windows differ, answers as `collide`
/// does). The buckets are taken in order of their classes, A's then B's,
/// so that neighbours in a register differ little.
#[inline(never)]
fn merge_tails(
    lists: &mut [u16],
    count: &[u16; 256],
    lanes: usize,
    merged: &mut [Merged; MERGED_MOST],
) -> usize {
    let base = BUCKETS * STRIDE;
    let (mut at, mut k) = (0, 0);
    for group in 0..4 {
        let (mut start, mut most_a, mut most_b) = (at, 0, 0);
        for a in 0..=M {
            for b in 0..=M {
                if tail_group(a, b) != Some(group) {
                    continue;
                }
                let bucket = bucket_of(a, b);
                let n = usize::from(count[bucket]);
                for j in n - n % lanes..n {
                    lists[base + at] = lists[bucket * STRIDE + j];
                    at += 1;
                    (most_a, most_b) = (most_a.max(a), most_b.max(b));
                    if at - start == lanes {
                        merged[k] = Merged {
                            bucket: bucket_of(most_a, most_b) as u8,
                            start: start as u16,
                            len: lanes as u8,
                        };
                        (k, start, most_a, most_b) = (k + 1, at, 0, 0);
                    }
                }
            }
        }
        if at > start {
            merged[k] = Merged {
                bucket: bucket_of(most_a, most_b) as u8,
                start: start as u16,
                len: (at - start) as u8,
            };
            k += 1;
        }
    }
    k
}

/// Appends each pair's number to its bucket's list (bucket `k`'s from
/// `k * STRIDE` in `lists`), counting them in `count`: false at the first
/// pair that names a shape beyond the table. Plain scalar code, the same
/// for every instruction set, so it is compiled once and kept out of
/// line: inlined into each walker, where the kernels hold most registers,
/// it reloaded its loop's invariants from the stack at every pair (26
/// instructions a pair, 23 here; the time is the same within the noise).
#[inline(never)]
fn group(info: &[Info], pairs: &[Pair], lists: &mut [u16], count: &mut [u16; 256]) -> bool {
    let len = info.len();
    for (i, p) in pairs.iter().enumerate() {
        let (a, b) = (p.a as usize, p.b as usize);
        if (a >= len) | (b >= len) {
            return false;
        }
        let k = info[a].bucket(info[b]);
        // One count for every value of a bucket's byte, so that counting
        // needs no bounds check.
        let c = &mut count[usize::from(k)];
        lists[usize::from(k) * STRIDE + usize::from(*c)] = i as u16;
        *c += 1;
    }
    true
}

/// The leading pairs of `pairs` that name the same two shapes as the
/// first (indices checked once), a register's width at a time, in place:
/// how many were run and written (all of them, or up to the first
/// register that names other shapes), or `None` at a bad index or pose.
/// The lanes keep the two shapes in `sides`, so nothing is gathered after
/// the first register.
#[inline(always)]
fn same_shapes<S: Simd>(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
    sides: &mut (Side, Side),
) -> Option<usize> {
    let (a, b) = (pairs[0].a, pairs[0].b);
    let len = table.info.len();
    if (a as usize) >= len || (b as usize) >= len {
        return None;
    }
    let mut pad = [Pair::default(); MAX_LANES];
    let mut plan_once = None;
    let mut done = 0;
    for (chunk, out) in pairs.chunks(S::LANES).zip(out.chunks_mut(S::LANES)) {
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
                let first = plan(table, a, b);
                fill::<S>(table, first, lanes, sides);
                plan_once = Some(first);
                first
            }
        };
        if !run_lanes::<S, _>(table, plan, lanes, chunk, sides, &mut Cursor(out)) {
            return None;
        }
        done += chunk.len();
    }
    Some(done)
}

/// The pairs of one bucket (their numbers in `order`, in `pairs`) a
/// register's width at a time, each result written to its pair's slot of
/// `out`. The bucket says the kind and the corner counts, so a register
/// needs no planning; its shapes are gathered into the lanes. False at a
/// bad pose.
#[inline(always)]
fn bucket_chunks<S: Simd>(
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
            for (l, lane) in gathered.iter_mut().enumerate().take(S::LANES) {
                *lane = pairs[numbers[l.min(n - 1)] as usize];
            }
        }
        ahead.step();
        let lanes = &gathered[..S::LANES];
        if stages != Stages::Gather && (stages != Stages::NoFill || first) {
            fill::<S>(table, plan, lanes, sides);
        }
        first = false;
        let mut sink = Scatter {
            slots: out,
            at: numbers,
        };
        if matches!(stages, Stages::Gather | Stages::Fill) {
            sink.put(n, |_| SatResult::START);
            continue;
        }
        if !run_lanes::<S, _>(table, plan, lanes, &lanes[..n], sides, &mut sink) {
            return false;
        }
    }
    true
}

/// The next window's pairs, asked for from memory a little at a time
/// while this window's registers compute. A bucket pass does little but
/// read its pairs, so reading them from memory it mostly waited (about
/// two thirds of its time on the 512-shape tables, `examples/stages`);
/// asked for ahead, they come from the L2 cache, and the memory's time
/// overlaps the kernels'. The result slots the registers will scatter
/// into are asked for the same way: a line of slots is read before it is
/// written, and four results in no order fall in it. A run of one shape
/// pair needs none of this: it reads its pairs and writes its results in
/// order as it tests them, and the hardware prefetcher keeps ahead.
struct Ahead<'a> {
    /// The next window's pairs not yet asked for.
    rest: &'a [Pair],
    /// How many to ask for at each register.
    per: usize,
    /// Where the next window's result slots not yet asked for begin (an
    /// address only: nothing is read through it).
    slots: *const u8,
    /// How many bytes of them are left to ask for.
    slots_left: usize,
    /// How many bytes to ask for at each register (whole cache lines).
    slots_per: usize,
}

impl<'a> Ahead<'a> {
    /// The next window's pairs `next` (none after the last window), spread
    /// over the registers a full window runs (and a few more, for the
    /// buckets' part-filled last registers).
    fn new<S: Simd>(next: &'a [Pair], slots: *const u8) -> Self {
        let steps = WINDOW.div_ceil(S::LANES) + 8;
        let slots_left = next.len() * size_of::<SatResult>();
        Ahead {
            rest: next,
            per: next.len().div_ceil(steps),
            slots,
            slots_left,
            slots_per: slots_left.div_ceil(steps).next_multiple_of(64),
        }
    }

    /// Asks for the next few pairs.
    #[inline(always)]
    fn step(&mut self) {
        self.ask(self.per, self.slots_per);
    }

    /// Asks for whatever is left.
    fn rest(&mut self) {
        self.ask(self.rest.len(), self.slots_left);
    }

    /// Asks for the next `n` pairs and `bytes` of result slots (as many as
    /// are left, at most).
    #[inline(always)]
    fn ask(&mut self, n: usize, bytes: usize) {
        let (now, rest) = self.rest.split_at(n.min(self.rest.len()));
        isa::prefetch(now.as_ptr().cast(), size_of_val(now));
        self.rest = rest;
        let bytes = bytes.min(self.slots_left);
        isa::prefetch(self.slots, bytes);
        self.slots = self.slots.wrapping_add(bytes);
        self.slots_left -= bytes;
    }
}

/// How a bucket's registers are run: its kind, and its corner counts as
/// the counts of axes and corners (a polygon has no more axes than
/// corners, and a lane's rows past its own repeat its last, which changes
/// no answer; see `Side`).
fn bucket_plan(bucket: usize) -> Plan {
    let (a, b) = classes_of(bucket);
    let polygon = |c: usize| (1..=M).contains(&c);
    let counts = |a: usize, b: usize| Counts {
        a_axes: a,
        a_corners: a,
        b_axes: b,
        b_corners: b,
    };
    let (kind, counts) = match (a, b) {
        (a, b) if polygon(a) && polygon(b) => (Kind::Polygons, counts(a, b)),
        (a, 0) if polygon(a) => (Kind::PolygonCircle, counts(a, 0)),
        // The polygon is B: the kernel takes it as its "A".
        (0, b) if polygon(b) => (Kind::CirclePolygon, counts(b, 0)),
        (0, 0) => (Kind::Circles, counts(0, 0)),
        _ => (Kind::Other, counts(0, 0)),
    };
    Plan {
        kind,
        counts,
        fixed: true,
    }
}

/// `chunk` as a register's lanes: itself when full, else copied into
/// `pad` with its last pair repeated.
#[inline(always)]
fn padded<'a, S: Simd>(chunk: &'a [Pair], pad: &'a mut [Pair; MAX_LANES]) -> &'a [Pair] {
    if chunk.len() == S::LANES {
        return chunk;
    }
    let last = chunk[chunk.len() - 1];
    for (l, p) in pad.iter_mut().enumerate().take(S::LANES) {
        *p = chunk.get(l).copied().unwrap_or(last);
    }
    &pad[..S::LANES]
}

/// Puts the lanes' shapes into `sides` for `plan`'s kernel (only where
/// they changed; see [`Side::fill`]).
#[inline(always)]
fn fill<S: Simd>(table: &Table, plan: Plan, lanes: &[Pair], (side_a, side_b): &mut (Side, Side)) {
    let blocks = &table.blocks;
    let Counts {
        a_axes,
        a_corners,
        b_axes,
        b_corners,
    } = plan.counts;
    match plan.kind {
        Kind::Polygons => {
            side_a.fill::<S>(blocks, |l| lanes[l].a, a_axes, a_corners);
            side_b.fill::<S>(blocks, |l| lanes[l].b, b_axes, b_corners);
        }
        // The polygon is the kernel's "A" either way.
        Kind::PolygonCircle => side_a.fill::<S>(blocks, |l| lanes[l].a, a_axes, a_corners),
        Kind::CirclePolygon => side_a.fill::<S>(blocks, |l| lanes[l].b, a_axes, a_corners),
        Kind::Circles | Kind::Other => {}
    }
}

/// One register of pairs (`lanes`, [`Simd::LANES`] of them; the first
/// `real.len()` real) through `plan`'s kernel, the shapes already in
/// `sides`, the real lanes' results into `sink`. The poses are checked
/// here: false at a bad one.
#[inline(always)]
fn run_lanes<S: Simd, K: Sink>(
    table: &Table,
    plan: Plan,
    lanes: &[Pair],
    real: &[Pair],
    (side_a, side_b): &(Side, Side),
    sink: &mut K,
) -> bool {
    let (kind, counts, fixed, n) = (plan.kind, plan.counts, plan.fixed, real.len());
    match kind {
        Kind::Polygons => {
            let Some(poses) = Poses::gather(lanes, false) else {
                return false;
            };
            polygons::<S, _>(side_a, side_b, counts, &poses, fixed, n, sink);
        }
        Kind::PolygonCircle | Kind::CirclePolygon => {
            let flip = kind == Kind::CirclePolygon;
            let r = radii::<S>(table, lanes, flip);
            let Some(poses) = Poses::gather(lanes, flip) else {
                return false;
            };
            polygon_circle::<S, _>(side_a, counts, r, &poses, (flip, fixed), n, sink);
        }
        Kind::Circles => {
            let (ra, rb) = (
                radii::<S>(table, lanes, true),
                radii::<S>(table, lanes, false),
            );
            let Some(poses) = Poses::gather(lanes, false) else {
                return false;
            };
            circles::<S, _>(ra, rb, &poses, n, sink);
        }
        Kind::Other => {
            if !real.iter().all(|p| pose_ok(&p.pose_a) & pose_ok(&p.pose_b)) {
                return false;
            }
            sink.put(n, |l| scalar::pair(&table.shapes, &real[l]));
        }
    }
    true
}

/// The lanes' circles' radii: A's with `a`, else B's. (A function, not a
/// closure: a closure would not be compiled for the caller's instruction
/// set.)
#[inline(always)]
fn radii<S: Simd>(table: &Table, lanes: &[Pair], a: bool) -> S {
    let mut r = [0.0; MAX_LANES];
    for (l, p) in lanes.iter().enumerate() {
        r[l] = table.radius[if a { p.a } else { p.b } as usize];
    }
    S::load(&r)
}

/// The pairs one at a time by the one-pair path ([`scalar::pair`]), on the
/// prepared table: for one pair, stopping at the first gap beats trying
/// every axis. Checked as [`run`] checks them; false at the first bad
/// pair.
pub(crate) fn run_scalar(
    table: &Table,
    pairs: &[Pair],
    out: &mut [MaybeUninit<SatResult>],
) -> bool {
    assert_eq!(pairs.len(), out.len(), "a slot for every pair");
    let len = table.info.len();
    for (p, o) in pairs.iter().zip(out) {
        let fit = ((p.a as usize) < len)
            & ((p.b as usize) < len)
            & pose_ok(&p.pose_a)
            & pose_ok(&p.pose_b);
        if !fit {
            return false;
        }
        o.write(scalar::pair(&table.shapes, p));
    }
    true
}

/// Where the kernels put their results, a chunk at a time, in order.
pub(crate) trait Sink {
    /// Puts `n` results, `result(0)` to `result(n - 1)`.
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult);

    /// Puts the first `n` lanes' results from a kernel's registers: the
    /// axis (`x`, `y`) and the push, negative for a gap (see
    /// [`super::lanes::result`]).
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S);
}

/// Written into slots front to back (the output's spare capacity, or a
/// window's results), each once, with no filling beforehand.
pub(crate) struct Cursor<'a>(pub &'a mut [MaybeUninit<SatResult>]);

impl Sink for Cursor<'_> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        let (head, rest) = std::mem::take(&mut self.0).split_at_mut(n);
        for (l, o) in head.iter_mut().enumerate() {
            o.write(result(l));
        }
        self.0 = rest;
    }

    #[inline(always)]
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S) {
        let slots = std::mem::take(&mut self.0);
        S::write_results(&mut *slots, n, x, y, push);
        self.0 = &mut slots[n..];
    }
}

/// Written into the slots a bucket's register's pairs name (`at`, one
/// per real lane), each once.
struct Scatter<'a, 'b> {
    /// The window's results, in its pairs' order.
    slots: &'a mut [MaybeUninit<SatResult>],
    /// The register's real pairs' numbers in the window.
    at: &'b [u16],
}

impl Sink for Scatter<'_, '_> {
    #[inline(always)]
    fn put(&mut self, n: usize, result: impl Fn(usize) -> SatResult) {
        for (l, &i) in self.at[..n].iter().enumerate() {
            self.slots[i as usize].write(result(l));
        }
    }

    #[inline(always)]
    fn put_lanes<S: Simd>(&mut self, n: usize, x: S, y: S, push: S) {
        S::write_results_at(self.slots, &self.at[..n], x, y, push);
    }
}

#[cfg(test)]
mod tests {
    //! The portable lanes (what AArch64 runs, as `Isa::Neon`) are not
    //! reachable through `collide_with` on x86, so they are checked here
    //! against the one-pair path, and `sin_cos` against the standard
    //! library's; and the merging of the buckets' last registers, on
    //! its own.
    use super::*;
    use crate::batch::lanes::{Portable, SINCOS_LIMIT, sin_cos};
    use crate::batch::test_rng::Rng;
    use crate::batch::{Pose, Shape, prepared};
    use crate::sat::Polygon;
    use crate::scene::{BOX_HEIGHT, BOX_WIDTH, FIXED_RADIUS};

    /// Every bucket's last pairs are merged, each exactly once, into
    /// registers of at most the lanes' width, each within one group and
    /// run with classes no fewer than any of its pairs' (so with the same
    /// home): for every width, with every shared bucket holding one pair
    /// short of a register (the most registers), or a random number.
    #[test]
    fn merged_registers_hold_every_last_pair_once_within_its_group() {
        let mut rng = Rng(3);
        for lanes in [4, 8, 16] {
            for full in [true, false] {
                let mut lists = vec![0u16; (BUCKETS + 1) * STRIDE];
                let mut count = [0u16; 256];
                let mut want = Vec::new();
                for (bucket, c) in count[..BUCKETS].iter_mut().enumerate() {
                    let n = if full {
                        2 * lanes - 1
                    } else {
                        rng.below(3 * lanes)
                    };
                    *c = n as u16;
                    for j in 0..n {
                        // A pair's number says its bucket and its place.
                        lists[bucket * STRIDE + j] = (bucket * 64 + j) as u16;
                        if shares_tail(bucket) && j >= n - n % lanes {
                            want.push(bucket * 64 + j);
                        }
                    }
                }
                let mut merged = [Merged::default(); MERGED_MOST];
                let k = merge_tails(&mut lists, &count, lanes, &mut merged);
                let mut got = Vec::new();
                for m in &merged[..k] {
                    let (len, bucket) = (usize::from(m.len), usize::from(m.bucket));
                    assert!((1..=lanes).contains(&len), "{lanes} lanes: {m:?}");
                    let (most_a, most_b) = classes_of(bucket);
                    let group = tail_group(most_a, most_b);
                    let start = BUCKETS * STRIDE + usize::from(m.start);
                    for &i in &lists[start..start + len] {
                        let (a, b) = classes_of(usize::from(i) / 64);
                        assert_eq!(tail_group(a, b), group, "{lanes} lanes: {m:?}");
                        assert!(a <= most_a && b <= most_b, "{lanes} lanes: {m:?}");
                        // The same home frame as the pair's own bucket
                        // (`kernel::polygons`: B's when it has more).
                        assert_eq!(b > a, most_b > most_a, "{lanes} lanes: {m:?}");
                        got.push(usize::from(i));
                    }
                }
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{lanes} lanes, full {full}");
                // As few registers as the groups' last pairs can fill.
                let fewest: usize = (0..4)
                    .map(|g| {
                        let n = want.iter().filter(|&&i| {
                            let (a, b) = classes_of(i / 64);
                            tail_group(a, b) == Some(g)
                        });
                        n.count().div_ceil(lanes)
                    })
                    .sum();
                assert_eq!(k, fewest, "{lanes} lanes, full {full}");
            }
        }
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
                |slots| { run::<Portable<4>>(&table, &pairs, slots) }
            ));
            assert_eq!(got.len(), pairs.len());
            for (p, r) in pairs.iter().zip(&got) {
                agree(p, r, &scalar::pair(&table.shapes, p));
            }
        }
    }

    /// A lane's result beside the one-pair path's: the same verdict
    /// (touching aside), push, or first gap with its axis.
    fn agree(p: &Pair, r: &SatResult, want: &SatResult) {
        if r.overlapping != want.overlapping {
            assert!(
                r.depth < 1e-2 && want.depth < 1e-2,
                "{p:?}: {r:?} vs {want:?}"
            );
        } else if r.overlapping {
            assert!(
                (r.depth - want.depth).abs() < 1e-2,
                "{p:?}: {r:?} vs {want:?}"
            );
        } else {
            // Both the first gap in the chapter's order: the same axis
            // and width.
            assert!(
                (r.depth - want.depth).abs() < 1e-2 && r.axis.distance(want.axis) < 1e-3,
                "{p:?}: {r:?} vs {want:?}"
            );
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
