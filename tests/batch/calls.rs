//! How the engine is called: a table prepared once and kept across
//! calls, `out` cleared and reused, batches of every size shared out on
//! all cores, and the widest instruction set chosen.

use sat_visualizer::batch::{self, BatchError, Isa, Pair, Shape, ShapeTable};
use sat_visualizer::sat::SatResult;

use super::workloads;

/// A table prepared once answers batch after batch as `collide` does,
/// bit for bit, in the pairs' order; a bad circle is refused up front.
#[test]
fn a_shape_table_is_prepared_once_and_kept() {
    let w = workloads::table_mixed(12_000, 77);
    let table = ShapeTable::new(&w.shapes).unwrap();
    assert_eq!((table.len(), table.is_empty()), (w.shapes.len(), false));
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for part in [&w.pairs[..], &w.pairs[5_000..5_100], &w.pairs[..1], &[]] {
        for isa in Isa::available() {
            table.collide_with(isa, part, &mut got).unwrap();
            batch::collide_with(isa, &w.shapes, part, &mut want).unwrap();
            assert_eq!(got, want, "{}", isa.name());
        }
        table.collide(part, &mut got).unwrap();
        batch::collide(&w.shapes, part, &mut want).unwrap();
        assert_eq!(got, want);
        #[cfg(feature = "parallel")]
        {
            table.collide_par(part, &mut got).unwrap();
            assert_eq!(got.len(), want.len());
            if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
                panic!(
                    "collide_par, pair {i} {:?} {:?}: {:?} vs {:?}",
                    part[i],
                    (&w.shapes[part[i].a as usize], &w.shapes[part[i].b as usize]),
                    got[i],
                    want[i]
                );
            }
        }
    }
    let mut bad = w.pairs[..100].to_vec();
    bad[42].a = w.shapes.len() as u32;
    assert_eq!(
        table.collide(&bad, &mut got),
        Err(BatchError::ShapeIndex {
            pair: 42,
            shape: w.shapes.len() as u32,
            len: w.shapes.len()
        })
    );
    assert!(got.is_empty());
    let mut shapes = w.shapes.clone();
    shapes[300] = Shape::Circle {
        radius: f32::INFINITY,
    };
    assert_eq!(
        ShapeTable::new(&shapes).unwrap_err(),
        BatchError::BadShape { shape: 300 }
    );
    assert!(ShapeTable::new(&[]).unwrap().is_empty());
}

/// Every way this table answers `pairs` (each instruction set, the
/// widest, and on all cores), for comparing two tables bit for bit.
fn every_answer(table: &ShapeTable, pairs: &[Pair]) -> Vec<Vec<SatResult>> {
    let mut all = Vec::new();
    for isa in Isa::available() {
        let mut out = Vec::new();
        table.collide_with(isa, pairs, &mut out).unwrap();
        all.push(out);
    }
    let mut out = Vec::new();
    table.collide(pairs, &mut out).unwrap();
    all.push(out);
    #[cfg(feature = "parallel")]
    {
        let mut out = Vec::new();
        table.collide_par(pairs, &mut out).unwrap();
        all.push(out);
    }
    all
}

/// A table changed a shape at a time (pushed from empty, then each shape
/// set to another and back, in a random order, with batches run between
/// the changes) answers as a table made whole from the same shapes, bit
/// for bit, on every instruction set: every kind of shape replaced by
/// every other (a circle by a polygon, a triangle by a box, a polygon the
/// lanes take by one too large for them, a symmetric one by one that is
/// not), so that no lane, bucket or class keeps anything of a shape's
/// last tenant. Bad shapes and indices are refused, leaving it as it was.
#[test]
fn a_shape_table_changed_a_shape_at_a_time_answers_as_one_made_whole() {
    use sat_visualizer::sat::Polygon;
    let mut w = workloads::table_mixed(6_000, 91);
    // A few of every other kind among the table's: polygons too large for
    // the lanes, and centrally symmetric ones (4, 6 and 8 corners).
    for (k, n) in [12, 4, 6, 8, 16, 4].into_iter().enumerate() {
        w.shapes[40 * k + 7] = Shape::Polygon(Polygon::regular(n, 35.0).unwrap());
    }
    let want = every_answer(&ShapeTable::new(&w.shapes).unwrap(), &w.pairs);

    // Pushed from empty, as shapes other than the world's: the list
    // turned round, so that every index first holds another shape (a
    // circle where a polygon will be, and so on).
    let mut table = ShapeTable::default();
    assert!(table.is_empty());
    for (i, shape) in w.shapes.iter().rev().enumerate() {
        assert_eq!(table.push(shape), Ok(i));
    }
    assert_eq!(table.len(), w.shapes.len());
    let mut rng = workloads::Rng(4242);
    let mut order: Vec<usize> = (0..w.shapes.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut kinds_replaced = [[0usize; 4]; 4];
    let kind = |s: &Shape| match s {
        Shape::Circle { .. } => 0,
        Shape::Polygon(p) if p.points().len() > 8 => 2,
        Shape::Polygon(p) if p.is_centrally_symmetric() => 3,
        Shape::Polygon(_) => 1,
    };
    for (k, &i) in order.iter().enumerate() {
        let old = &w.shapes[w.shapes.len() - 1 - i];
        kinds_replaced[kind(old)][kind(&w.shapes[i])] += 1;
        table.set(i, &w.shapes[i]).unwrap();
        if k % 97 == 0 {
            // A batch between the changes: nothing of it may stay behind.
            every_answer(&table, &w.pairs[..700]);
        }
    }
    assert_eq!(every_answer(&table, &w.pairs), want, "pushed, then set");
    // A circle was replaced by a polygon and a polygon by a circle, a
    // polygon the lanes take by another, by one too large for them and by
    // a centrally symmetric one, and those the other way round (kinds:
    // circle 0, lanes' polygon 1, larger polygon 2, symmetric polygon 3).
    for (from, to) in [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (1, 3), (3, 1)] {
        assert!(
            kinds_replaced[from][to] > 0,
            "{from} by {to}: {kinds_replaced:?}"
        );
    }

    // Set to other shapes and back: the same answers again.
    for i in (0..w.shapes.len()).step_by(3) {
        let other = &w.shapes[(i + 1) % w.shapes.len()];
        table.set(i, other).unwrap();
    }
    assert_ne!(
        every_answer(&table, &w.pairs),
        want,
        "the changes change answers"
    );
    for i in (0..w.shapes.len()).step_by(3) {
        table.set(i, &w.shapes[i]).unwrap();
    }
    assert_eq!(every_answer(&table, &w.pairs), want, "set and set back");

    // Refusals change nothing.
    let len = table.len();
    for radius in [f32::NAN, f32::INFINITY, -1.0] {
        let bad = Shape::Circle { radius };
        assert_eq!(table.push(&bad), Err(BatchError::BadShape { shape: len }));
        assert_eq!(table.set(17, &bad), Err(BatchError::BadShape { shape: 17 }));
    }
    let fine = Shape::Circle { radius: 1.0 };
    for index in [len, len + 1, usize::MAX] {
        assert_eq!(
            table.set(index, &fine),
            Err(BatchError::NoShape { shape: index, len })
        );
    }
    assert_eq!(table.len(), len);
    assert_eq!(every_answer(&table, &w.pairs), want, "after the refusals");
    // A pushed shape is named by the index it was given.
    assert_eq!(table.push(&fine), Ok(len));
    let mut pair = w.pairs[0];
    (pair.a, pair.b) = (len as u32, len as u32);
    pair.pose_b.position = pair.pose_a.position + sat_visualizer::sat::Vec2::new(1.5, 0.0);
    let mut out = Vec::new();
    table.collide(&[pair], &mut out).unwrap();
    assert!(
        out[0].overlapping && (out[0].depth - 0.5).abs() < 1e-4,
        "{:?}",
        out[0]
    );
}

/// `collide_par` shares a batch out in runs that shrink towards its end,
/// from up to 65 536 pairs down to 1024 (or what is left), and tests one
/// of at most 1024 on the calling thread: every size around those bounds
/// gets one right result per pair, in order.
#[cfg(feature = "parallel")]
#[test]
fn collide_par_shares_out_batches_of_every_size() {
    use super::{check, random_batch};
    let (shapes, pairs) = random_batch(40_000, 21);
    for n in [1023, 1024, 1025, 2049, 8191, 8193, 16_387, 40_000] {
        let pairs = &pairs[..n];
        let (mut par, mut one) = (Vec::new(), Vec::new());
        batch::collide_par(&shapes, pairs, &mut par).unwrap();
        batch::collide(&shapes, pairs, &mut one).unwrap();
        assert_eq!(par.len(), n, "{n} pairs: one result per pair");
        for (i, (p, r)) in pairs.iter().zip(&par).enumerate() {
            check(&shapes, p, r).unwrap_or_else(|e| panic!("{n} pairs, pair {i}: {e}"));
            assert_eq!(r.overlapping, one[i].overlapping, "{n} pairs, pair {i}");
        }
    }
}

#[test]
fn out_is_cleared_refilled_in_order_and_keeps_its_capacity() {
    let w = workloads::chapter(1000, 9);
    let mut out = Vec::new();
    batch::collide(&w.shapes, &w.pairs, &mut out).unwrap();
    let (ptr, cap) = (out.as_ptr(), out.capacity());
    batch::collide(&w.shapes, &w.pairs[..500], &mut out).unwrap();
    assert_eq!(out.len(), 500);
    assert_eq!(
        (out.as_ptr(), out.capacity()),
        (ptr, cap),
        "the same buffer, reused"
    );
    let reversed: Vec<Pair> = w.pairs.iter().rev().copied().collect();
    let mut back = Vec::new();
    batch::collide(&w.shapes, &reversed, &mut back).unwrap();
    let mut forward = Vec::new();
    batch::collide(&w.shapes, &w.pairs, &mut forward).unwrap();
    for (i, r) in back.iter().rev().enumerate() {
        assert_eq!(
            r.overlapping, forward[i].overlapping,
            "pair {i}: results follow the pairs' order"
        );
    }
    batch::collide(&w.shapes, &[], &mut out).unwrap();
    assert!(out.is_empty());
}

#[test]
fn the_widest_instruction_set_is_chosen_and_available() {
    let best = Isa::best();
    assert!(best.is_available());
    assert!(Isa::available().iter().all(|i| i.lanes() <= best.lanes()));
    assert!(Isa::available().contains(&Isa::Scalar));
    #[cfg(target_arch = "x86_64")]
    assert!(Isa::available().contains(&Isa::Sse2));
    #[cfg(target_arch = "aarch64")]
    assert!(Isa::available().contains(&Isa::Neon));
    // A wasm32 build with SIMD runs its lanes, one without runs pair by
    // pair.
    #[cfg(target_arch = "wasm32")]
    assert_eq!(
        best,
        if cfg!(target_feature = "simd128") {
            Isa::Simd128
        } else {
            Isa::Scalar
        }
    );
    // Mixed shapes go at most as wide as the lanes, and only AVX-512 ever
    // goes narrower (8 lanes, AVX2's width, on a CPU that splits 512-bit
    // operations).
    for isa in Isa::ALL {
        let (lanes, mixed) = (isa.lanes(), isa.mixed_lanes());
        let narrower = isa == Isa::Avx512 && mixed == Isa::Avx2.lanes();
        assert!(
            mixed == lanes || narrower,
            "{isa:?}: {mixed} of {lanes} lanes"
        );
    }
}

/// An instruction set this CPU lacks runs on the widest narrower one it
/// has, as `collide_with` promises: the same answers, bit for bit, on a
/// table of every kind of pair, for every set missing here (every build
/// lacks some: NEON off AArch64, WebAssembly's lanes off wasm32, x86's
/// sets on any other CPU).
#[test]
fn an_instruction_set_this_cpu_lacks_runs_on_the_widest_narrower_one() {
    let w = workloads::table_mixed(3_000, 57);
    let table = ShapeTable::new(&w.shapes).unwrap();
    let missing: Vec<Isa> = Isa::ALL
        .into_iter()
        .filter(|isa| !isa.is_available())
        .collect();
    assert!(!missing.is_empty(), "no build has every set");
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for isa in missing {
        // `available` is narrowest first.
        let narrower = Isa::available()
            .into_iter()
            .rev()
            .find(|i| i.lanes() < isa.lanes())
            .expect("Isa::Scalar is narrower than any set of lanes");
        table.collide_with(isa, &w.pairs, &mut got).unwrap();
        table.collide_with(narrower, &w.pairs, &mut want).unwrap();
        assert!(got == want, "{isa:?} should run as {narrower:?}");
        batch::collide_with(isa, &w.shapes, &w.pairs, &mut got).unwrap();
        assert!(got == want, "batch::collide_with {isa:?}");
    }
}
