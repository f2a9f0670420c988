//! The lanes' poses ([`Poses`]), checked as they are read, and what the
//! kernels work out from them alone: the turns, and where one shape lies
//! in the other's frame ([`Placed`]).

use super::*;

/// The lanes' poses: A's (or the polygon's, for a circle as A) and B's.
pub(crate) struct Poses<S> {
    /// Where A is placed: x.
    pub(super) a_x: S,
    /// Where A is placed: y.
    pub(super) a_y: S,
    /// How far A is turned, in radians.
    pub(super) a_angle: S,
    /// Where B is placed: x.
    pub(super) b_x: S,
    /// Where B is placed: y.
    pub(super) b_y: S,
    /// How far B is turned, in radians.
    pub(super) b_angle: S,
    /// Whether any lane's angle may lie beyond [`SINCOS_LIMIT`], so that
    /// the turns must look for such lanes and redo them by the standard
    /// library. Nearly never: where it is false the turns make no test.
    wide: bool,
}

impl<S: Simd> Poses<S> {
    /// The lanes' poses, or `None` when any of them is unfit to test by
    /// the same rule as `pose_ok` (a position beyond [`MAX_COORDINATE`] or
    /// an angle that is not finite; NaN fails both compares).
    // Out of line in debug builds, where nothing is optimized and each copy
    // inlined into the walker would add its temporaries to one stack frame;
    // always inlined otherwise.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn gather(pairs: &[Pair], swap: bool) -> Option<Self> {
        Self::checked(S::poses(pairs, swap))
    }

    /// [`Poses::gather`] of a register's pairs by number, read where they
    /// lie (see [`Simd::poses_at`]).
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn gather_at(numbered: Numbered<'_>, swap: bool) -> Option<Self> {
        Self::checked(S::poses_at(numbered, swap))
    }

    /// The poses of `rows`, or `None` when any is unfit (see
    /// [`Poses::gather`]).
    ///
    /// One quick test of all six rows ([`Simd::any_pose_beyond`]) finds
    /// nearly every register fit, with every angle within
    /// [`SINCOS_LIMIT`] radians; only a register it flags is checked by
    /// the rule itself, and its turns then look for the lanes beyond the
    /// limit again. So the turns of a fit register make no test of their
    /// own. On an Emerald Rapids this took the chapter's scene 0.985× the
    /// time with AVX2 (medians of 40 alternated rounds, three runs) and
    /// 0.97× with AVX-512, the tables level, with the same answers.
    #[inline(always)]
    fn checked([a_x, a_y, a_angle, b_x, b_y, b_angle]: [S; 6]) -> Option<Self> {
        let mut p = Poses {
            a_x,
            a_y,
            a_angle,
            b_x,
            b_y,
            b_angle,
            wide: false,
        };
        if S::any_pose_beyond([a_x, a_y, b_x, b_y], [a_angle, b_angle]) {
            let (far, turn) = (S::splat(MAX_COORDINATE), S::splat(f32::MAX));
            let bad = p.a_x.abs().any_not_le(far)
                | p.a_y.abs().any_not_le(far)
                | p.b_x.abs().any_not_le(far)
                | p.b_y.abs().any_not_le(far)
                | p.a_angle.abs().any_not_le(turn)
                | p.b_angle.abs().any_not_le(turn);
            if bad {
                return None;
            }
            p.wide = true;
        }
        Some(p)
    }

    /// The sine and cosine of `angle`, one of these poses' rows.
    #[inline(always)]
    fn turn(&self, angle: S) -> (S, S) {
        sin_cos_within(angle, self.wide)
    }

    /// For a polygon against a polygon of `counts`, which of the two the
    /// test runs at home in (see [`polygons()`]), its turn, and where the
    /// other lies in its frame: all that the kernel works out from the
    /// poses alone, so that the caller can have it worked out between the
    /// two sides' fills (see `walk::run_lanes`).
    #[inline(always)]
    pub(crate) fn placed(&self, counts: Counts) -> Placed<S> {
        let (turn_a, turn_b) = (self.turn(self.a_angle), self.turn(self.b_angle));
        let (a_at, b_at) = ((self.a_x, self.a_y), (self.b_x, self.b_y));
        if counts.home_is_b() {
            Placed {
                home: turn_b,
                away: Placing::new(turn_b, b_at, turn_a, a_at),
            }
        } else {
            Placed {
                home: turn_a,
                away: Placing::new(turn_a, a_at, turn_b, b_at),
            }
        }
    }

    /// A's turn, its (sine, cosine), and where B's origin lies in A's
    /// frame (the circle's center, for a polygon against a circle).
    #[inline(always)]
    pub(crate) fn b_seen_from_a(&self) -> (S, S, S, S) {
        let (sin, cos) = self.turn(self.a_angle);
        let (x, y) = seen_from((sin, cos), (self.a_x, self.a_y), (self.b_x, self.b_y));
        (sin, cos, x, y)
    }
}

/// Which polygon a pair of them is tested at home in, and where the other
/// lies in its frame ([`Poses::placed`]).
pub(crate) struct Placed<S> {
    /// The home polygon's turn: its (sine, cosine).
    pub(super) home: (S, S),
    /// Where the away polygon lies in the home one's frame.
    pub(super) away: Placing<S>,
}

/// Where the away polygon lies in the home one's frame: turned by the
/// difference of their angles (`cos`, `sin`), its origin at `off`.
pub(super) struct Placing<S> {
    pub(super) cos: S,
    pub(super) sin: S,
    /// Minus the sine, once: each turn is then a multiply and a fused
    /// multiply-add.
    pub(super) minus_sin: S,
    pub(super) off_x: S,
    pub(super) off_y: S,
}

impl<S: Simd> Placing<S> {
    /// From the home polygon's and the away one's (sine, cosine) and
    /// positions.
    #[inline(always)]
    pub(super) fn new(home: (S, S), home_at: (S, S), away: (S, S), away_at: (S, S)) -> Self {
        let ((sin_h, cos_h), (sin_w, cos_w)) = (home, away);
        let cos = cos_h.madd(cos_w, sin_h.mul(sin_w));
        let sin = cos_h.madd(sin_w, sin_h.mul(cos_w).neg());
        let (off_x, off_y) = seen_from((sin_h, cos_h), home_at, away_at);
        Placing {
            cos,
            sin,
            minus_sin: sin.neg(),
            off_x,
            off_y,
        }
    }
}

/// Where `point` lies in the frame of a shape at `origin` turned by
/// (`sin`, `cos`): the offset between them turned back by that angle.
#[inline(always)]
fn seen_from<S: Simd>((sin, cos): (S, S), origin: (S, S), point: (S, S)) -> (S, S) {
    let (dx, dy) = (point.0.sub(origin.0), point.1.sub(origin.1));
    (cos.madd(dx, sin.mul(dy)), cos.madd(dy, sin.mul(dx).neg()))
}
