//! What the kernel reads, laid out on the CPU: each shape's geometry done
//! once in its own frame, and each pair's poses with their turns already
//! taken as cosine and sine.
//!
//! The kernel never builds a placed polygon. For a polygon it needs the
//! corners (to cast its shadow on the other shape's axes), its own axes, and
//! its own shadow on each of them, which does not change when the shape is
//! moved or turned: in the shape's frame it is the same two numbers for
//! every pair. Working in that frame, only the other shape's corners are
//! projected.

use std::collections::VecDeque;
use std::sync::Mutex;

use bytemuck::{Pod, Zeroable};
use glam::Vec2;

use crate::batch::prepared::PolyData;
use crate::batch::{BatchError, Pair, Shape, validate_pairs};
use crate::sat::{Polygon, SatResult};

/// One shape's entry in the table the kernel reads (WGSL `Shape`).
///
/// At `offset` in the data array lie `corners` corners, then `normals`
/// unit axes, then the shape's own shadow (min, max) on each axis. A circle
/// has no corners and no axes, only its `radius`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub(crate) struct GpuShape {
    pub corners: u32,
    pub normals: u32,
    pub offset: u32,
    pub radius: f32,
}

/// One pair as the kernel reads it (WGSL `Pair`): 40 bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub(crate) struct GpuPair {
    pub a: u32,
    pub b: u32,
    pub pos_a: [f32; 2],
    pub rot_a: [f32; 2],
    pub pos_b: [f32; 2],
    pub rot_b: [f32; 2],
}

/// The size of one result as the kernel writes it: axis x, axis y, depth,
/// and 1 for an overlap or 0 for a gap (WGSL `vec4<f32>`).
pub(crate) const HIT_BYTES: usize = 16;

/// The whole shape table: headers and the data they point into.
#[derive(Debug, Default)]
pub(crate) struct ShapeTable {
    pub shapes: Vec<GpuShape>,
    pub data: Vec<[f32; 2]>,
}

impl ShapeTable {
    /// Lays out `shapes`, reusing this table's memory.
    pub fn build(&mut self, shapes: &[Shape]) {
        self.shapes.clear();
        self.data.clear();
        for shape in shapes {
            let offset = self.data.len() as u32;
            let header = match shape {
                Shape::Circle { radius } => GpuShape {
                    corners: 0,
                    normals: 0,
                    offset,
                    radius: *radius,
                },
                Shape::Polygon(poly) => {
                    let normals = self.push_polygon(poly);
                    GpuShape {
                        corners: poly.points().len() as u32,
                        normals,
                        offset,
                        radius: 0.0,
                    }
                }
            };
            self.shapes.push(header);
        }
        // A storage binding may not be empty.
        if self.shapes.is_empty() {
            self.shapes.push(GpuShape::zeroed());
        }
        if self.data.is_empty() {
            self.data.push([0.0; 2]);
        }
    }

    /// Appends a polygon's corners, its axes and its own shadow on each,
    /// as the batch engine prepares them ([`PolyData::new`]: the same axes
    /// in the same order, less zero axes and parallel repeats, so a box
    /// has 2, not 4); returns how many axes.
    fn push_polygon(&mut self, poly: &Polygon) -> u32 {
        let prepared = PolyData::new(poly);
        self.data
            .extend(prepared.corners().iter().map(|p| p.to_array()));
        self.data
            .extend(prepared.axes().iter().map(|n| n.to_array()));
        self.data.extend(prepared.extents().map(|s| [s.min, s.max]));
        prepared.axes().len() as u32
    }
}

/// Pairs in one block of the upload buffer: the unit of work of the
/// packing threads, packed on the stack and written to the mapped buffer
/// in one sequential copy.
const BLOCK_PAIRS: usize = 1024;
const BLOCK_BYTES: usize = BLOCK_PAIRS * size_of::<GpuPair>();

/// Blocks one packing thread takes at least: fewer are not worth a thread.
const BLOCKS_PER_THREAD: usize = 16;

/// Checks and packs pairs straight into the mapped upload buffer `dst`
/// (exactly their size), on up to `threads` threads: taking each turn's
/// cosine and sine is most of the CPU's work for a pair, and writing 40
/// bytes the rest. `pairs` start at pair `first` of the batch, whose
/// table has `shape_count` shapes.
///
/// Each block is checked as [`batch::validate`](crate::batch::validate)
/// checks pairs, just before it is packed, so the pairs are read from
/// memory once: on a real GPU, a separate pass over them had cost more
/// than the packing (the twentieth session). Where blocks have bad pairs,
/// the error is the one for the first bad pair of the lowest such block,
/// which is the first bad pair of all, as `validate` would name it.
///
/// The threads take blocks from one queue, and this thread takes them too,
/// so the work gets done even if no thread can be had.
pub(crate) fn write_pairs(
    pairs: &[Pair],
    first: usize,
    shape_count: usize,
    dst: wgpu::WriteOnly<'_, [u8]>,
    threads: usize,
) -> Result<(), BatchError> {
    let (blocks, tail) = dst.into_chunks::<BLOCK_BYTES>();
    let full = blocks.len();
    let queue = Mutex::new(blocks.into_iter().enumerate().collect::<VecDeque<_>>());
    // The lowest block with a bad pair, and that pair's error.
    let bad: Mutex<Option<(usize, BatchError)>> = Mutex::new(None);
    let check = |i: usize, run: &[Pair]| {
        let found = validate_pairs(shape_count, run, first + i * BLOCK_PAIRS).err();
        if let Some(e) = found {
            let mut bad = bad.lock().unwrap_or_else(|e| e.into_inner());
            if bad.as_ref().is_none_or(|(j, _)| i < *j) {
                *bad = Some((i, e));
            }
            return false;
        }
        true
    };
    let work = || {
        loop {
            let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
            let Some((i, block)) = next else { break };
            let run = &pairs[i * BLOCK_PAIRS..(i + 1) * BLOCK_PAIRS];
            if check(i, run) {
                write_block(run, block.into());
            }
        }
    };
    let helpers = threads.min(full / BLOCKS_PER_THREAD).saturating_sub(1);
    std::thread::scope(|scope| {
        for _ in 0..helpers {
            // No thread to be had: the others, this one included, do more.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    let run = &pairs[full * BLOCK_PAIRS..];
    if check(full, run) {
        write_block(run, tail);
    }
    match bad.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Packs at most a block of pairs on the stack and writes them to `dst`.
fn write_block(pairs: &[Pair], mut dst: wgpu::WriteOnly<'_, [u8]>) {
    let mut packed = [GpuPair::zeroed(); BLOCK_PAIRS];
    let packed = &mut packed[..pairs.len()];
    pack_slice(pairs, packed);
    dst.copy_from_slice(bytemuck::cast_slice(packed));
}

fn pack_slice(pairs: &[Pair], out: &mut [GpuPair]) {
    // Batches often repeat a turn (one shape placed once against many):
    // the same angle, bit for bit, has the same cosine and sine.
    let mut last_a = Turn::default();
    let mut last_b = Turn::default();
    for (p, o) in pairs.iter().zip(out) {
        *o = GpuPair {
            a: p.a,
            b: p.b,
            pos_a: p.pose_a.position.to_array(),
            rot_a: last_a.of(p.pose_a.angle),
            pos_b: p.pose_b.position.to_array(),
            rot_b: last_b.of(p.pose_b.angle),
        };
    }
}

/// The last turn taken as (cos, sin), to reuse when the next is the same.
struct Turn {
    angle_bits: u32,
    turn: [f32; 2],
}

impl Default for Turn {
    fn default() -> Self {
        Turn {
            angle_bits: 0.0f32.to_bits(),
            turn: Vec2::from_angle(0.0).to_array(),
        }
    }
}

impl Turn {
    /// A pose's turn as the kernel takes it: (cos, sin), computed exactly
    /// as [`Polygon::placed`] computes it, so that both engines turn the
    /// corners by the very same numbers.
    fn of(&mut self, angle: f32) -> [f32; 2] {
        if angle.to_bits() != self.angle_bits {
            self.angle_bits = angle.to_bits();
            self.turn = Vec2::from_angle(angle).to_array();
        }
        self.turn
    }
}

/// Reads results the kernel wrote (any alignment) onto the end of `out`:
/// on rayon's threads when the `parallel` feature is on and there are many.
/// On a real GPU this copy out of the mapped buffer was a third of a
/// batch's time on one thread (the twentieth session).
pub(crate) fn unpack_hits(bytes: &[u8], out: &mut Vec<SatResult>) {
    #[cfg(feature = "parallel")]
    if bytes.len() >= PARALLEL_HITS * HIT_BYTES {
        use rayon::prelude::*;
        // An indexed iterator: rayon writes each result in its place.
        out.par_extend(bytes.par_chunks_exact(HIT_BYTES).map(hit));
        return;
    }
    out.extend(bytes.chunks_exact(HIT_BYTES).map(hit));
}

/// Results fewer than this are read on the calling thread alone.
#[cfg(feature = "parallel")]
const PARALLEL_HITS: usize = 1 << 15;

/// One result as the kernel wrote it: axis x, axis y, depth, overlap flag.
fn hit(b: &[u8]) -> SatResult {
    let f = |i: usize| f32::from_ne_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    SatResult {
        overlapping: f(12) != 0.0,
        axis: Vec2::new(f(0), f(4)),
        depth: f(8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(shapes: &[Shape]) -> ShapeTable {
        let mut t = ShapeTable::default();
        t.build(shapes);
        t
    }

    #[test]
    fn a_box_has_two_axes_and_a_pentagon_five() {
        let shapes = [
            Shape::Polygon(Polygon::rectangle(140.0, 90.0).unwrap()),
            Shape::Polygon(Polygon::regular(5, 80.0).unwrap()),
            Shape::Polygon(Polygon::regular(6, 10.0).unwrap()),
        ];
        let t = table(&shapes);
        assert_eq!(t.shapes[0].corners, 4);
        assert_eq!(t.shapes[0].normals, 2);
        assert_eq!(t.shapes[1].normals, 5);
        assert_eq!(t.shapes[2].normals, 3);
        // The box's own shadows: half its width and height either side.
        let base = (t.shapes[0].offset + 4 + 2) as usize;
        let mut spans: Vec<f32> = t.data[base..base + 2].iter().map(|s| s[1] - s[0]).collect();
        spans.sort_by(f32::total_cmp);
        assert_eq!(spans, [90.0, 140.0]);
        assert_eq!(t.shapes[1].offset, 4 + 2 + 2);
    }

    #[test]
    fn repeated_corners_give_no_axis() {
        let tri = Polygon::new(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(4.0, 0.0),
            Vec2::new(0.0, 3.0),
            Vec2::new(0.0, 3.0),
        ])
        .unwrap();
        let t = table(&[Shape::Polygon(tri), Shape::Circle { radius: 2.5 }]);
        assert_eq!((t.shapes[0].corners, t.shapes[0].normals), (5, 3));
        for n in &t.data[5..8] {
            assert!((Vec2::from(*n).length() - 1.0).abs() < 1e-6);
        }
        assert_eq!(
            t.shapes[1],
            GpuShape {
                corners: 0,
                normals: 0,
                offset: 11,
                radius: 2.5
            }
        );
    }

    #[test]
    fn packed_turns_are_the_scalar_tests_own_bit_for_bit() {
        use crate::batch::Pose;
        // Repeated angles (taken from the last pair), -0 after 0, and
        // enough pairs for several threads.
        let angles = [0.0f32, -0.0, 0.0, 1.25, 1.25, -3.0, 1e-30, 7.5, 7.5, 0.0];
        let pairs: Vec<Pair> = (0..100_000u32)
            .map(|i| Pair {
                a: i % 3,
                pose_a: Pose {
                    position: Vec2::new(i as f32, -(i as f32)),
                    angle: angles[i as usize % angles.len()],
                },
                b: i % 5,
                pose_b: Pose {
                    position: Vec2::ZERO,
                    angle: angles[(i as usize / 3) % angles.len()] * 2.0,
                },
            })
            .collect();
        let written = |threads: usize| {
            let mut bytes = vec![0u8; pairs.len() * size_of::<GpuPair>()];
            write_pairs(&pairs, 0, 5, wgpu::WriteOnly::from(&mut bytes[..]), threads).unwrap();
            bytes
        };
        let one = written(1);
        assert!(one == written(4), "threads wrote other bytes");
        let one: Vec<GpuPair> = one
            .chunks_exact(size_of::<GpuPair>())
            .map(bytemuck::pod_read_unaligned)
            .collect();
        let bits = |v: [f32; 2]| v.map(f32::to_bits);
        for (p, g) in pairs.iter().zip(&one) {
            assert_eq!((g.a, g.b), (p.a, p.b));
            assert_eq!(g.pos_a, p.pose_a.position.to_array());
            assert_eq!(
                bits(g.rot_a),
                bits(Vec2::from_angle(p.pose_a.angle).to_array())
            );
            assert_eq!(
                bits(g.rot_b),
                bits(Vec2::from_angle(p.pose_b.angle).to_array())
            );
        }
    }

    #[test]
    fn bad_pairs_get_the_first_ones_error_on_any_threads() {
        use crate::batch::Pose;
        let good = Pair {
            a: 0,
            pose_a: Pose::default(),
            b: 1,
            pose_b: Pose::default(),
        };
        let mut pairs = vec![good; 100_000];
        // Bad pairs in three blocks and in the tail; the first is in the
        // 69th block, which some thread other than the first may take.
        pairs[70_001].pose_b.angle = f32::NAN;
        pairs[70_002].b = 9;
        pairs[80_000].a = 2;
        pairs[99_999].pose_a.position.x = f32::INFINITY;
        let first = 3_000_000;
        for threads in [1, 4, 16] {
            let mut bytes = vec![0u8; pairs.len() * size_of::<GpuPair>()];
            let got = write_pairs(
                &pairs,
                first,
                2,
                wgpu::WriteOnly::from(&mut bytes[..]),
                threads,
            );
            assert_eq!(
                got,
                Err(BatchError::BadPose {
                    pair: first + 70_001
                })
            );
        }
        // The same pairs without the first bad one: the next, an index.
        pairs[70_001] = good;
        let mut bytes = vec![0u8; pairs.len() * size_of::<GpuPair>()];
        let got = write_pairs(&pairs, 0, 2, wgpu::WriteOnly::from(&mut bytes[..]), 4);
        assert_eq!(
            got,
            crate::batch::validate(&vec![Shape::Circle { radius: 1.0 }; 2], &pairs)
        );
        assert_eq!(
            got,
            Err(BatchError::ShapeIndex {
                pair: 70_002,
                shape: 9,
                len: 2
            })
        );
        // Only the tail's pair left bad.
        pairs[70_002] = good;
        pairs[80_000] = good;
        let got = write_pairs(&pairs, 0, 2, wgpu::WriteOnly::from(&mut bytes[..]), 4);
        assert_eq!(got, Err(BatchError::BadPose { pair: 99_999 }));
    }

    #[test]
    fn an_empty_table_still_binds() {
        let t = table(&[]);
        assert_eq!((t.shapes.len(), t.data.len()), (1, 1));
    }

    #[test]
    fn hits_unpack_from_unaligned_bytes() {
        let words = [0.6f32, -0.8, 2.5, 1.0, 1.0, 0.0, 0.25, 0.0];
        let mut bytes = vec![0u8];
        bytes.extend(words.iter().flat_map(|w| w.to_ne_bytes()));
        let mut out = Vec::new();
        unpack_hits(&bytes[1..], &mut out);
        assert_eq!(
            out,
            [
                SatResult {
                    overlapping: true,
                    axis: Vec2::new(0.6, -0.8),
                    depth: 2.5
                },
                SatResult {
                    overlapping: false,
                    axis: Vec2::X,
                    depth: 0.25
                },
            ]
        );
    }

    #[test]
    fn many_hits_unpack_in_order_after_what_was_there() {
        // Enough for rayon's threads (with the `parallel` feature), from
        // an odd offset, onto a vector that already holds a result.
        let n = 100_003;
        let mut bytes = vec![0u8; 3];
        for i in 0..n {
            let words = [i as f32, -(i as f32), 0.5 * i as f32, (i % 3) as f32];
            bytes.extend(words.iter().flat_map(|w| w.to_ne_bytes()));
        }
        let first = SatResult {
            overlapping: true,
            axis: Vec2::Y,
            depth: 7.0,
        };
        let mut out = vec![first];
        unpack_hits(&bytes[3..], &mut out);
        assert_eq!(out.len(), n + 1);
        assert_eq!(out[0], first);
        for (i, r) in out[1..].iter().enumerate() {
            let want = SatResult {
                overlapping: i % 3 != 0,
                axis: Vec2::new(i as f32, -(i as f32)),
                depth: 0.5 * i as f32,
            };
            assert_eq!(*r, want, "result {i}");
        }
    }
}
