//! A polygon's own axes, kept ready for the test four at a time.
//!
//! For each edge the test needs its axis, the chapter's unit normal (the
//! edge's quarter turn), and the polygon's own shadow on it: one end at
//! the edge itself, since every corner lies behind the edge's line, the
//! other as far as the farthest corner behind it. Both are found once, when
//! the polygon is made, so a block of four edges keeps four axes (x parts,
//! then y parts) and four shadows (their starts, then their ends), one edge
//! to a SIMD lane.
//!
//! None of it needs finding again when the polygon moves: a turn turns the
//! axes and leaves the shadows on them, and a move by `t` shifts each
//! shadow by `axis · t`, since every corner moves by `t`.

use glam::{Vec2, Vec4};

use super::shadow::{Interval, project_points};
use super::shape::edge_normal;

/// Four of a polygon's edges, one to a lane: their axes (unit normals)
/// and the polygon's shadow on each. Lanes past the last edge, and edges of
/// no length, have the zero axis, which is no axis. A polygon too big to
/// keep its own shadows (they cost n² to find) has none here (0), and must
/// project its corners.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct AxisBlock {
    /// The axes' x parts.
    pub(crate) nx: Vec4,
    /// The axes' y parts.
    pub(crate) ny: Vec4,
    /// Where the polygon's shadow on each axis begins.
    pub(crate) lo: Vec4,
    /// Where it ends.
    pub(crate) hi: Vec4,
}

impl AxisBlock {
    /// How many `Vec2`s a block takes in a polygon's list: two per `Vec4`.
    pub(crate) const LEN: usize = 8;

    /// Appends the blocks of the polygon whose corners `outline` holds:
    /// each edge's axis and, with `shadows`, the polygon's shadow on it.
    pub(crate) fn append(outline: &mut Vec<Vec2>, shadows: bool) {
        let n = outline.len();
        let blocks = n.div_ceil(4);
        outline.reserve_exact(blocks * Self::LEN);
        for block in 0..blocks {
            let mut lanes = [[0.0f32; 4]; 4];
            for (k, i) in (block * 4..n.min(block * 4 + 4)).enumerate() {
                let next = if i + 1 == n { 0 } else { i + 1 };
                let axis = edge_normal(outline[next] - outline[i]);
                let own = if shadows {
                    project_points(&outline[..n], axis)
                } else {
                    Interval { min: 0.0, max: 0.0 }
                };
                [lanes[0][k], lanes[1][k], lanes[2][k], lanes[3][k]] =
                    [axis.x, axis.y, own.min, own.max];
            }
            let [nx, ny, lo, hi] = lanes.map(Vec4::from_array);
            AxisBlock { nx, ny, lo, hi }.write(outline);
        }
    }

    /// The block as a polygon turned by `turn` (the cosine and sine of the
    /// angle) and then moved by `position` would have it.
    #[inline]
    pub(crate) fn placed(&self, turn: Vec2, position: Vec2) -> AxisBlock {
        let nx = self.nx * turn.x - self.ny * turn.y;
        let ny = self.nx * turn.y + self.ny * turn.x;
        let shift = nx * position.x + ny * position.y;
        AxisBlock {
            nx,
            ny,
            lo: self.lo + shift,
            hi: self.hi + shift,
        }
    }

    /// Reads a block from its `LEN` entries of a polygon's list.
    #[inline]
    pub(crate) fn read(v: &[Vec2]) -> AxisBlock {
        let pair = |j: usize| Vec4::new(v[j].x, v[j].y, v[j + 1].x, v[j + 1].y);
        AxisBlock {
            nx: pair(0),
            ny: pair(2),
            lo: pair(4),
            hi: pair(6),
        }
    }

    /// Writes the block at the end of a polygon's list.
    #[inline]
    pub(crate) fn write(&self, out: &mut Vec<Vec2>) {
        for v in [self.nx, self.ny, self.lo, self.hi] {
            let [a, b, c, d] = v.to_array();
            out.extend([Vec2::new(a, b), Vec2::new(c, d)]);
        }
    }

    /// Lane `k`'s axis.
    #[inline]
    pub(crate) fn normal(&self, k: usize) -> Vec2 {
        // Through arrays, which index by address, not by a jump per lane.
        Vec2::new(self.nx.to_array()[k & 3], self.ny.to_array()[k & 3])
    }
}
