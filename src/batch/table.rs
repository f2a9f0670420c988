//! [`ShapeTable`]: a world's shapes prepared once, for any number of
//! batches of pairs over them, and changed a shape at a time.

use super::isa::{self, Isa};
use super::prepared::{self, Table};
use super::{BatchError, Pair, Shape, validate_pairs, validate_shape, validate_shapes};
use crate::sat::SatResult;

/// A shape table prepared for the batch engine, kept across calls: each
/// polygon's own axes (its edge normals, parallel ones removed) and its own
/// shadow on each, found once in its own frame and laid out for the SIMD
/// lanes. A world that keeps its shapes pays for preparing them once, and
/// one that gains or changes a shape pays for that shape
/// ([`ShapeTable::push`], [`ShapeTable::set`]);
/// [`collide`](super::collide) prepares a table for each call. The
/// default table is empty, for a world that pushes its shapes as they
/// come.
///
/// Its answers are [`collide`](super::collide)'s, pair for pair.
#[derive(Debug, Clone, Default)]
pub struct ShapeTable {
    table: Table,
}

impl ShapeTable {
    /// Prepares `shapes` (pairs name them by their index here). A circle
    /// with a NaN, infinite, negative or too large radius is refused
    /// ([`BatchError::BadShape`]); polygons are valid by construction.
    pub fn new(shapes: &[Shape]) -> Result<ShapeTable, BatchError> {
        validate_shapes(shapes)?;
        Ok(ShapeTable {
            table: prepared::prepare(shapes),
        })
    }

    /// Adds `shape` at the end of the table, prepared as
    /// [`ShapeTable::new`] prepares each, and returns its index, by which
    /// pairs name it. Only this shape is prepared: a world that gains a
    /// shape pays for that one, not for the table again. A circle with a
    /// NaN, infinite, negative or too large radius is refused
    /// ([`BatchError::BadShape`], with the index it would have had), and
    /// the table is left as it was.
    ///
    /// (A table of more than `u32::MAX + 1` shapes holds the rest, but no
    /// pair can name them.)
    pub fn push(&mut self, shape: &Shape) -> Result<usize, BatchError> {
        let index = self.len();
        validate_shape(index, shape)?;
        self.table.push(shape);
        Ok(index)
    }

    /// Replaces shape `index` with `shape`, prepared as
    /// [`ShapeTable::new`] prepares each: a world whose body changes its
    /// shape, or that gives a removed body's index to a new one, pays for
    /// that one shape. Pairs name it by the same index, and every later
    /// batch sees the new shape. A bad circle ([`BatchError::BadShape`])
    /// or an index past the end ([`BatchError::NoShape`]) is refused, and
    /// the table is left as it was.
    ///
    /// After any [`push`](ShapeTable::push)es and `set`s, the answers are
    /// those of a table made by [`ShapeTable::new`] from the same shapes
    /// in the same order, bit for bit.
    pub fn set(&mut self, index: usize, shape: &Shape) -> Result<(), BatchError> {
        let len = self.len();
        if index >= len {
            return Err(BatchError::NoShape { shape: index, len });
        }
        validate_shape(index, shape)?;
        self.table.set(index, shape);
        Ok(())
    }

    /// How many shapes it holds.
    pub fn len(&self) -> usize {
        self.table.info.len()
    }

    /// Whether it holds no shape.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The test for every pair, on one thread, on the widest instruction
    /// set this CPU has ([`Isa::best`]): clears `out` and fills it with one
    /// result per pair, in the pairs' order (the overlap verdict, and the
    /// push or the first gap in the chapter's order with its axis),
    /// reusing its capacity. A bad pair (a shape index out of range, a pose
    /// that is NaN, infinite or too far out) refuses the whole batch before
    /// any result is seen, and `out` is left empty.
    ///
    /// Pairs in any order get the same answers, but pairs sorted by shape
    /// (A's index, then B's) run faster: neighbouring pairs then share
    /// their shapes, and the lanes are filled with a shape's numbers once
    /// for all of them instead of once a register. On 512 shapes with
    /// pairs at random, sorted, they took 0.78–0.90× the time, on the
    /// machines measured (README, "A world's batch"). The engine does not
    /// sort them itself: that cost more than it saved.
    pub fn collide(&self, pairs: &[Pair], out: &mut Vec<SatResult>) -> Result<(), BatchError> {
        self.collide_with(Isa::best(), pairs, out)
    }

    /// [`ShapeTable::collide`] on a chosen instruction set (to compare
    /// them). When this CPU lacks `isa` ([`Isa::is_available`]), the
    /// widest narrower one it has is used; the answers are the same either
    /// way.
    pub fn collide_with(
        &self,
        isa: Isa,
        pairs: &[Pair],
        out: &mut Vec<SatResult>,
    ) -> Result<(), BatchError> {
        // The pairs are checked as they are tested, a window at a time, by
        // the walk itself. A bad pair anywhere stops it and leaves `out`
        // empty; only then are the pairs gone through one by one, by the
        // same rule, to say which pair and why.
        if !isa::into_vec(out, pairs.len(), |slots| {
            isa::run(isa, &self.table, pairs, slots)
        }) {
            validate_pairs(self.len(), pairs, 0)?;
            unreachable!("the walk refuses only the pairs that validate_pairs refuses");
        }
        Ok(())
    }

    /// [`ShapeTable::collide`] on all cores (through rayon): the same
    /// answers, in the same order. The pairs are checked and tested in runs
    /// that threads take in turn, the calling thread among them; of several
    /// bad pairs, the first is reported. A batch too small to be worth
    /// sharing out is tested on the calling thread.
    #[cfg(feature = "parallel")]
    pub fn collide_par(&self, pairs: &[Pair], out: &mut Vec<SatResult>) -> Result<(), BatchError> {
        if pairs.len() <= isa::MIN_RUN || rayon::current_num_threads() < 2 {
            return self.collide(pairs, out);
        }
        let len = self.len();
        let check = |run: &[Pair], first: usize| validate_pairs(len, run, first);
        isa::run_par(Isa::best(), &self.table, pairs, &check, out)
    }
}
