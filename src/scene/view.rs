//! The view: how the chapter's 1000×700 world sits in a window of any size.
//!
//! One uniform scale (the largest that fits both ways, so nothing is
//! stretched) and an offset that centers the world. Drawing maps world →
//! logical through it, and the mouse goes back logical → world through its
//! exact inverse, so a click lands on what is drawn under it at any size.
//!
//! Only at sizes no window reaches is the scale held back (see
//! [`MIN_SCALE`], [`MAX_SCALE`] and [`MAX_SIZE`]), so that every
//! coordinate, width and font size the scene draws stays within what
//! [`DrawList::validate`](crate::draw::DrawList::validate) accepts.

use glam::Vec2;

/// The chapter's window width, the world's width in world units.
pub const WORLD_WIDTH: f32 = 1000.0;
/// The chapter's window height, the world's height in world units.
pub const WORLD_HEIGHT: f32 = 700.0;

/// The least scale, in logical pixels per world unit: the whole world is
/// then 0.1 logical px wide. A window 1 physical px wide at scale factor 4
/// (0.25 logical px) is still above it; only a narrower target (where
/// nothing can show anyway) sees a part of the world. It keeps `to_world`
/// finite and the scene's font size above 0.
const MIN_SCALE: f32 = 1e-4;

/// The greatest scale: a target more than 40 000 × 28 000 logical px (no
/// window is) shows the world at this scale, centered, with room around
/// it. The scene draws nothing farther than about 2·10⁵ world units from
/// the origin (the box stays within ±10⁵, and its shadows are drawn beside
/// it), so at this scale everything stays well inside
/// [`MAX_DRAW_COORDINATE`](crate::draw::MAX_DRAW_COORDINATE), and the
/// readout's font within [`MAX_TEXT_SIZE`](crate::draw::MAX_TEXT_SIZE).
const MAX_SCALE: f32 = 40.0;

/// The largest target side the view covers, in logical pixels: a larger
/// target is fitted as if it were this big (its top-left part). Far past
/// any device's largest texture; it keeps the grid and the centering
/// offset inside [`MAX_DRAW_COORDINATE`](crate::draw::MAX_DRAW_COORDINATE).
const MAX_SIZE: f32 = 1e6;

/// The world fitted into a target of some logical size: `logical = offset +
/// world * scale`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// The target's logical size.
    pub size: Vec2,
    /// Logical pixels per world unit, the same along x and y.
    pub scale: f32,
    /// Where the world's origin lands, in logical pixels.
    pub offset: Vec2,
}

impl Default for View {
    fn default() -> Self {
        View {
            size: Vec2::new(WORLD_WIDTH, WORLD_HEIGHT),
            scale: 1.0,
            offset: Vec2::ZERO,
        }
    }
}

impl View {
    /// The view that fits the world into `width` × `height` logical pixels,
    /// centered; `None` when either is zero, negative or not finite (a
    /// minimized window, where nothing is drawn). Any other size gets a
    /// view, however thin: the scale is the largest that fits both ways,
    /// held within 10⁻⁴ to 40 logical px per world unit, and a side over
    /// 10⁶ logical px counts as 10⁶ (neither happens for a real window).
    pub fn fit(width: f32, height: f32) -> Option<View> {
        if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
            return None;
        }
        let size = Vec2::new(width, height).min(Vec2::splat(MAX_SIZE));
        let scale = (size.x / WORLD_WIDTH)
            .min(size.y / WORLD_HEIGHT)
            .clamp(MIN_SCALE, MAX_SCALE);
        let offset = (size - Vec2::new(WORLD_WIDTH, WORLD_HEIGHT) * scale) * 0.5;
        Some(View {
            size,
            scale,
            offset,
        })
    }

    /// A world point's place in logical pixels.
    pub fn to_logical(&self, world: Vec2) -> Vec2 {
        self.offset + world * self.scale
    }

    /// A logical pixel's place in the world: the inverse of
    /// [`to_logical`](Self::to_logical).
    pub fn to_world(&self, logical: Vec2) -> Vec2 {
        (logical - self.offset) / self.scale
    }

    /// The part of the world the whole target shows, as its least and most
    /// corners (larger than 1000×700 when the window's shape differs).
    pub fn visible_world(&self) -> (Vec2, Vec2) {
        (self.to_world(Vec2::ZERO), self.to_world(self.size))
    }
}

/// A position in physical pixels (what the window system reports) in
/// logical pixels: divided by the scale factor. A scale factor that is not a
/// positive finite number is treated as 1.
pub fn logical_from_physical(physical: Vec2, scale_factor: f64) -> Vec2 {
    let s = if scale_factor.is_finite() && scale_factor > 0.0 {
        scale_factor
    } else {
        1.0
    };
    (physical.as_dvec2() / s).as_vec2()
}
