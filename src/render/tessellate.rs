//! Turning a draw list's shapes into triangles with lyon.
//!
//! Everything stays in logical pixels: the vertex shader maps logical
//! pixels to clip space, so only the flattening tolerance depends on the
//! scale factor (a curve flattened to within 0.1 logical px would show its
//! corners at 2x; 0.1 physical px does not).

use bytemuck::{Pod, Zeroable};
use glam::{DVec2, Vec2};
use lyon::math::{Point, point};
use lyon::path::Polygon;
use lyon::tessellation::{
    BuffersBuilder, FillOptions, FillTessellator, FillVertex, LineCap, LineJoin, StrokeOptions,
    StrokeTessellator, StrokeVertex, TessellationError, VertexBuffers,
};

use super::{Color, DrawList, Paint, Primitive, RenderError};

/// The largest coordinate (in logical pixels) a draw list may use. Beyond
/// it f32 has under a tenth of a pixel of precision left, so nothing there
/// could be drawn where it was meant to be.
pub const MAX_DRAW_COORDINATE: f32 = 1e7;

/// The shortest dash a dashed line may have, in logical pixels: shorter
/// ones are invisible and would cost a triangle pair each.
pub const MIN_DASH: f32 = 0.1;

/// The largest font size, in logical pixels (the glyph atlas must hold a
/// glyph).
pub const MAX_TEXT_SIZE: f32 = 1000.0;

/// Flattening error allowed for curves, in physical pixels.
const TOLERANCE_PHYSICAL: f32 = 0.1;

/// One vertex of the shape pipeline: a position in logical pixels and a
/// premultiplied RGBA color, already linear when the target is sRGB.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub(crate) struct Vertex {
    pub(crate) position: [f32; 2],
    pub(crate) color: [f32; 4],
}

impl Vertex {
    pub(crate) const LAYOUT: wgpu::VertexBufferLayout<'static> = wgpu::VertexBufferLayout {
        array_stride: std::mem::size_of::<Vertex>() as u64,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x4],
    };
}

/// The sRGB transfer function undone: what linear intensity an sRGB byte
/// stands for.
pub(crate) fn srgb_to_linear(byte: u8) -> f32 {
    let c = byte as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The vertex color for `color`: premultiplied, because the pipeline blends
/// premultiplied (so partly covered MSAA samples and translucent colors mix
/// the same way), and linear when the target's format re-encodes to sRGB on
/// store; a non-sRGB target stores what it is given, so it gets the sRGB
/// values themselves.
pub(crate) fn vertex_color(color: Color, srgb_target: bool) -> [f32; 4] {
    let channel = |c: u8| {
        if srgb_target {
            srgb_to_linear(c)
        } else {
            c as f32 / 255.0
        }
    };
    let a = color.a as f32 / 255.0;
    [
        channel(color.r) * a,
        channel(color.g) * a,
        channel(color.b) * a,
        a,
    ]
}

struct WithColor([f32; 4]);

impl lyon::tessellation::FillVertexConstructor<Vertex> for WithColor {
    fn new_vertex(&mut self, vertex: FillVertex) -> Vertex {
        Vertex {
            position: vertex.position().to_array(),
            color: self.0,
        }
    }
}

impl lyon::tessellation::StrokeVertexConstructor<Vertex> for WithColor {
    fn new_vertex(&mut self, vertex: StrokeVertex) -> Vertex {
        Vertex {
            position: vertex.position().to_array(),
            color: self.0,
        }
    }
}

fn lyon_error(index: usize, error: TessellationError) -> RenderError {
    RenderError::Tessellation(format!("item {index}: {error:?}"))
}

fn check_point(index: usize, what: &str, p: Vec2) -> Result<(), RenderError> {
    if p.is_finite() && p.abs().max_element() <= MAX_DRAW_COORDINATE {
        Ok(())
    } else {
        Err(RenderError::InvalidList(format!(
            "item {index}: {what} ({}, {}) is not finite or beyond ±{MAX_DRAW_COORDINATE:e}",
            p.x, p.y
        )))
    }
}

fn check_length(index: usize, what: &str, value: f32) -> Result<(), RenderError> {
    if value.is_finite() && (0.0..=MAX_DRAW_COORDINATE).contains(&value) {
        Ok(())
    } else {
        Err(RenderError::InvalidList(format!(
            "item {index}: {what} {value} is not a finite length from 0 to {MAX_DRAW_COORDINATE:e}"
        )))
    }
}

fn check_paint(index: usize, paint: &Paint) -> Result<(), RenderError> {
    match paint.stroke {
        Some((_, width)) => check_length(index, "outline width", width),
        None => Ok(()),
    }
}

/// Checks that every item of `list` can be drawn, so that bad input is a
/// clear error instead of a lyon panic or garbage on screen.
pub(crate) fn validate(list: &DrawList) -> Result<(), RenderError> {
    for (index, item) in list.items.iter().enumerate() {
        match item {
            Primitive::Polygon { points, paint } => {
                if points.start > points.end || points.end > list.points.len() {
                    return Err(RenderError::InvalidList(format!(
                        "item {index}: polygon points {}..{} outside the list's {} points",
                        points.start,
                        points.end,
                        list.points.len()
                    )));
                }
                for &p in &list.points[points.clone()] {
                    check_point(index, "polygon corner", p)?;
                }
                check_paint(index, paint)?;
            }
            Primitive::Circle {
                center,
                radius,
                paint,
            } => {
                check_point(index, "circle center", *center)?;
                check_length(index, "circle radius", *radius)?;
                check_paint(index, paint)?;
            }
            Primitive::Line {
                from, to, width, ..
            } => {
                check_point(index, "line start", *from)?;
                check_point(index, "line end", *to)?;
                check_length(index, "line width", *width)?;
            }
            Primitive::Arrow {
                from,
                to,
                width,
                head,
                ..
            } => {
                check_point(index, "arrow tail", *from)?;
                check_point(index, "arrow tip", *to)?;
                check_length(index, "arrow width", *width)?;
                check_length(index, "arrow head", *head)?;
            }
            Primitive::Dashed {
                from,
                to,
                width,
                dash,
                gap,
                ..
            } => {
                check_point(index, "dashed line start", *from)?;
                check_point(index, "dashed line end", *to)?;
                check_length(index, "dashed line width", *width)?;
                check_length(index, "dash", *dash)?;
                check_length(index, "gap", *gap)?;
                if *dash < MIN_DASH {
                    return Err(RenderError::InvalidList(format!(
                        "item {index}: dash {dash} is shorter than {MIN_DASH} px"
                    )));
                }
            }
            Primitive::Text { position, size, .. } => {
                check_point(index, "text position", *position)?;
                if !(size.is_finite() && *size > 0.0 && *size <= MAX_TEXT_SIZE) {
                    return Err(RenderError::InvalidList(format!(
                        "item {index}: text size {size} is not above 0 and at most {MAX_TEXT_SIZE}"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The part of segment `from`..`to` inside `rect` (min, max corners), as
/// parameters `t0 <= t1` in 0..=1, or None if it misses (Liang–Barsky: each
/// slab narrows the interval of t where the point is inside it).
fn clip_segment(from: DVec2, to: DVec2, min: DVec2, max: DVec2) -> Option<(f64, f64)> {
    let d = to - from;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let (p, lo, hi) = (from[axis], min[axis], max[axis]);
        if d[axis] == 0.0 {
            if p < lo || p > hi {
                return None;
            }
            continue;
        }
        let (mut a, mut b) = ((lo - p) / d[axis], (hi - p) / d[axis]);
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        t0 = t0.max(a);
        t1 = t1.min(b);
        if t0 > t1 {
            return None;
        }
    }
    Some((t0, t1))
}

/// A dashed line's geometry, as the list gives it.
#[derive(Clone, Copy)]
struct Dashes {
    from: Vec2,
    to: Vec2,
    width: f32,
    dash: f32,
    gap: f32,
}

/// Reused tessellation state: lyon's tessellators and the CPU geometry,
/// cleared (not freed) every frame.
pub(crate) struct Tessellator {
    fill: FillTessellator,
    stroke: StrokeTessellator,
    pub(crate) geometry: VertexBuffers<Vertex, u32>,
    corners: Vec<Point>,
}

impl Tessellator {
    pub(crate) fn new() -> Tessellator {
        Tessellator {
            fill: FillTessellator::new(),
            stroke: StrokeTessellator::new(),
            geometry: VertexBuffers::new(),
            corners: Vec::new(),
        }
    }

    /// Tessellates every shape of `list` (text is glyphon's) into
    /// `self.geometry`, in list order, for a target `logical_size` logical
    /// pixels big at `scale_factor`. The list must have passed [`validate`].
    pub(crate) fn build(
        &mut self,
        list: &DrawList,
        logical_size: [f32; 2],
        scale_factor: f32,
        srgb_target: bool,
    ) -> Result<(), RenderError> {
        self.geometry.clear();
        let tolerance = TOLERANCE_PHYSICAL / scale_factor;
        let view = Vec2::from(logical_size);
        for (index, item) in list.items.iter().enumerate() {
            match item {
                Primitive::Polygon { points, paint } => {
                    self.corners.clear();
                    self.corners
                        .extend(list.points[points.clone()].iter().map(|p| point(p.x, p.y)));
                    if self.corners.len() < 2 {
                        continue;
                    }
                    self.paint_corners(index, paint, tolerance, srgb_target)?;
                }
                Primitive::Circle {
                    center,
                    radius,
                    paint,
                } => {
                    if *radius <= 0.0 {
                        continue;
                    }
                    self.circle_corners(*center, *radius, tolerance);
                    self.paint_corners(index, paint, tolerance, srgb_target)?;
                }
                Primitive::Line {
                    from,
                    to,
                    width,
                    color,
                } => {
                    self.segment(index, *from, *to, *width, *color, tolerance, srgb_target)?;
                }
                Primitive::Arrow {
                    from,
                    to,
                    width,
                    head,
                    color,
                } => {
                    self.arrow(
                        index,
                        *from,
                        *to,
                        *width,
                        *head,
                        *color,
                        tolerance,
                        srgb_target,
                    )?;
                }
                Primitive::Dashed {
                    from,
                    to,
                    width,
                    dash,
                    gap,
                    color,
                } => {
                    let dashed = Dashes {
                        from: *from,
                        to: *to,
                        width: *width,
                        dash: *dash,
                        gap: *gap,
                    };
                    self.dashes(index, dashed, view, *color, tolerance, srgb_target)?;
                }
                Primitive::Text { .. } => {}
            }
        }
        Ok(())
    }

    /// The dashes of a dashed line that can show: the line is clipped to
    /// the view (grown by the width, so a dash poking in from outside still
    /// shows), keeping the phase measured from `from`. In f64, because the
    /// distance along a line from far outside can be ~1e7 px, where f32
    /// steps by a whole pixel and a dash index stops counting.
    fn dashes(
        &mut self,
        index: usize,
        line: Dashes,
        view: Vec2,
        color: Color,
        tolerance: f32,
        srgb_target: bool,
    ) -> Result<(), RenderError> {
        let (from, to) = (line.from.as_dvec2(), line.to.as_dvec2());
        let length = from.distance(to);
        if length <= 0.0 || line.width <= 0.0 || color.a == 0 {
            return Ok(());
        }
        let margin = DVec2::splat(line.width as f64 + 1.0);
        let Some((t0, t1)) = clip_segment(from, to, -margin, view.as_dvec2() + margin) else {
            return Ok(());
        };
        let (s0, s1) = (t0 * length, t1 * length);
        let (dash, period) = (line.dash as f64, line.dash as f64 + line.gap as f64);
        let direction = (to - from) / length;
        let first = (s0 / period).floor();
        // Bounded by the clipped length (at most the view's diagonal plus
        // margins) over the period (at least MIN_DASH).
        let count = ((s1 - first * period) / period).ceil().max(0.0) as u64;
        for i in 0..count {
            let start = (first + i as f64) * period;
            let (a, b) = (start.max(s0), (start + dash).min(s1));
            if b > a {
                let (p, q) = (
                    (from + direction * a).as_vec2(),
                    (from + direction * b).as_vec2(),
                );
                self.segment(index, p, q, line.width, color, tolerance, srgb_target)?;
            }
        }
        Ok(())
    }

    /// Fills and/or outlines the closed outline in `self.corners`.
    fn paint_corners(
        &mut self,
        index: usize,
        paint: &Paint,
        tolerance: f32,
        srgb_target: bool,
    ) -> Result<(), RenderError> {
        if let Some(color) = paint.fill.filter(|c| c.a > 0) {
            let options = FillOptions::non_zero().with_tolerance(tolerance);
            let mut out = BuffersBuilder::new(
                &mut self.geometry,
                WithColor(vertex_color(color, srgb_target)),
            );
            self.fill
                .tessellate_polygon(
                    Polygon {
                        points: &self.corners,
                        closed: true,
                    },
                    &options,
                    &mut out,
                )
                .map_err(|e| lyon_error(index, e))?;
        }
        if let Some((color, width)) = paint.stroke.filter(|(c, w)| c.a > 0 && *w > 0.0) {
            let options = StrokeOptions::tolerance(tolerance)
                .with_line_width(width)
                .with_line_join(LineJoin::Miter);
            let mut out = BuffersBuilder::new(
                &mut self.geometry,
                WithColor(vertex_color(color, srgb_target)),
            );
            self.stroke
                .tessellate_polygon(
                    Polygon {
                        points: &self.corners,
                        closed: true,
                    },
                    &options,
                    &mut out,
                )
                .map_err(|e| lyon_error(index, e))?;
        }
        Ok(())
    }

    /// A circle as a regular polygon fine enough that no chord strays more
    /// than `tolerance` inside the true circle: a chord spanning angle θ
    /// sags r(1 − cos(θ/2)), so θ = 2·acos(1 − tolerance/r). (lyon's own
    /// circle rounds its segment count down to a power of two and can miss
    /// the tolerance by up to 2x.)
    fn circle_corners(&mut self, center: Vec2, radius: f32, tolerance: f32) {
        let step = 2.0 * (1.0 - (tolerance / radius).min(1.0)).acos();
        let count = ((std::f32::consts::TAU / step).ceil() as usize).clamp(8, 4096);
        self.corners.clear();
        self.corners.extend((0..count).map(|i| {
            let angle = std::f32::consts::TAU * i as f32 / count as f32;
            point(
                center.x + radius * angle.cos(),
                center.y + radius * angle.sin(),
            )
        }));
    }

    /// A straight stroke with butt ends, so it ends exactly at its end
    /// points (dashes and arrow shafts rely on that).
    #[allow(clippy::too_many_arguments)]
    fn segment(
        &mut self,
        index: usize,
        from: Vec2,
        to: Vec2,
        width: f32,
        color: Color,
        tolerance: f32,
        srgb_target: bool,
    ) -> Result<(), RenderError> {
        if from == to || width <= 0.0 || color.a == 0 {
            return Ok(());
        }
        let ends = [point(from.x, from.y), point(to.x, to.y)];
        let options = StrokeOptions::tolerance(tolerance)
            .with_line_width(width)
            .with_line_cap(LineCap::Butt);
        let mut out = BuffersBuilder::new(
            &mut self.geometry,
            WithColor(vertex_color(color, srgb_target)),
        );
        self.stroke
            .tessellate_polygon(
                Polygon {
                    points: &ends,
                    closed: false,
                },
                &options,
                &mut out,
            )
            .map_err(|e| lyon_error(index, e))?;
        Ok(())
    }

    /// An arrow: a shaft up to the head's base and a filled triangle whose
    /// tip is exactly `to`. The head is as wide as it is long (but never
    /// narrower than twice the shaft), and shrinks to fit a short arrow.
    #[allow(clippy::too_many_arguments)]
    fn arrow(
        &mut self,
        index: usize,
        from: Vec2,
        to: Vec2,
        width: f32,
        head: f32,
        color: Color,
        tolerance: f32,
        srgb_target: bool,
    ) -> Result<(), RenderError> {
        let length = from.distance(to);
        if length <= 0.0 || color.a == 0 {
            return Ok(());
        }
        let direction = (to - from) / length;
        let head = head.min(length);
        let base = to - direction * head;
        self.segment(index, from, base, width, color, tolerance, srgb_target)?;
        if head > 0.0 {
            let half = (head * 0.5).max(width);
            let side = direction.perp() * half;
            let (l, r) = (base + side, base - side);
            self.corners.clear();
            self.corners
                .extend([point(to.x, to.y), point(l.x, l.y), point(r.x, r.y)]);
            self.paint_corners(index, &Paint::fill(color), tolerance, srgb_target)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AMBER: Color = Color::rgb(232, 89, 12);

    fn built(list: &DrawList, scale: f32) -> VertexBuffers<Vertex, u32> {
        validate(list).expect("valid list");
        let mut t = Tessellator::new();
        t.build(list, [400.0, 300.0], scale, true)
            .expect("tessellates");
        t.geometry
    }

    #[test]
    fn srgb_bytes_round_trip_through_linear() {
        for byte in 0..=255u8 {
            let linear = srgb_to_linear(byte);
            let back = if linear <= 0.0031308 {
                linear * 12.92
            } else {
                1.055 * linear.powf(1.0 / 2.4) - 0.055
            };
            assert_eq!((back * 255.0).round() as u8, byte);
        }
    }

    #[test]
    fn colors_are_premultiplied() {
        let c = vertex_color(Color::rgb(255, 255, 255).with_alpha(128), true);
        let a = 128.0 / 255.0;
        assert!((c[3] - a).abs() < 1e-6);
        assert!((c[0] - a).abs() < 1e-6);
        let straight = vertex_color(Color::rgb(51, 0, 0), false);
        assert!((straight[0] - 0.2).abs() < 1e-6);
    }

    #[test]
    fn indices_point_at_vertices_across_items() {
        let mut list = DrawList::default();
        list.polygon(
            [
                Vec2::new(10.0, 10.0),
                Vec2::new(50.0, 10.0),
                Vec2::new(30.0, 40.0),
            ],
            Paint::fill(AMBER),
        );
        list.circle(
            Vec2::new(100.0, 100.0),
            20.0,
            Paint::fill_and_stroke(AMBER, AMBER, 2.0),
        );
        list.arrow(Vec2::ZERO, Vec2::new(100.0, 0.0), 2.0, 12.0, AMBER);
        let g = built(&list, 1.0);
        assert!(g.indices.len().is_multiple_of(3) && !g.indices.is_empty());
        assert!(g.indices.iter().all(|&i| (i as usize) < g.vertices.len()));
    }

    #[test]
    fn circles_get_finer_at_higher_scale() {
        let mut list = DrawList::default();
        list.circle(Vec2::new(100.0, 100.0), 80.0, Paint::fill(AMBER));
        let at1 = built(&list, 1.0).vertices.len();
        let at2 = built(&list, 2.0).vertices.len();
        assert!(at2 > at1, "2x circle has {at2} vertices, 1x has {at1}");
    }

    #[test]
    fn arrow_tip_is_exactly_the_end_point() {
        let mut list = DrawList::default();
        list.arrow(
            Vec2::new(10.0, 50.0),
            Vec2::new(110.0, 50.0),
            2.0,
            12.0,
            AMBER,
        );
        let g = built(&list, 1.0);
        let max_x = g
            .vertices
            .iter()
            .map(|v| v.position[0])
            .fold(f32::MIN, f32::max);
        assert!((max_x - 110.0).abs() < 1e-3, "rightmost vertex at {max_x}");
        let min_x = g
            .vertices
            .iter()
            .map(|v| v.position[0])
            .fold(f32::MAX, f32::min);
        assert!(
            (min_x - 10.0).abs() < 1e-3,
            "butt end at the tail, got {min_x}"
        );
    }

    #[test]
    fn dashes_are_clipped_to_the_view_but_keep_their_phase() {
        // 10 on, 10 off from x = -10000: the visible dashes must still start
        // on multiples of 20 from there.
        let mut list = DrawList::default();
        list.dashed(
            Vec2::new(-10000.0, 50.0),
            Vec2::new(10000.0, 50.0),
            2.0,
            10.0,
            10.0,
            AMBER,
        );
        let g = built(&list, 1.0);
        // Each dash is one butt-capped quad: 4 vertices; the view is 400
        // wide (+3 margin each side), so about 20 dashes, not 1000.
        let dashes = g.vertices.len() / 4;
        assert!((19..=22).contains(&dashes), "{dashes} dashes");
        for v in &g.vertices {
            let s = v.position[0] + 10000.0;
            let phase = s.rem_euclid(20.0);
            let clipped = v.position[0] <= -2.9 || v.position[0] >= 402.9;
            assert!(
                clipped || phase < 1e-2 || (phase - 10.0).abs() < 1e-2,
                "vertex at {:?}",
                v.position
            );
        }
    }

    #[test]
    fn a_dash_fully_outside_the_view_makes_nothing() {
        let mut list = DrawList::default();
        list.dashed(
            Vec2::new(-100.0, -100.0),
            Vec2::new(-50.0, -100.0),
            2.0,
            5.0,
            5.0,
            AMBER,
        );
        assert!(built(&list, 1.0).vertices.is_empty());
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        let cases: Vec<(DrawList, &str)> = vec![
            {
                let mut l = DrawList::default();
                l.line(Vec2::new(f32::NAN, 0.0), Vec2::ZERO, 1.0, AMBER);
                (l, "line start")
            },
            {
                let mut l = DrawList::default();
                l.circle(Vec2::ZERO, -1.0, Paint::fill(AMBER));
                (l, "circle radius")
            },
            {
                let mut l = DrawList::default();
                l.dashed(Vec2::ZERO, Vec2::X, 1.0, 0.0, 3.0, AMBER);
                (l, "dash")
            },
            {
                let mut l = DrawList::default();
                l.text("hi", Vec2::ZERO, 0.0, AMBER);
                (l, "text size")
            },
            {
                let mut l = DrawList::default();
                l.items.push(Primitive::Polygon {
                    points: 0..3,
                    paint: Paint::fill(AMBER),
                });
                (l, "outside the list's 0 points")
            },
            {
                let mut l = DrawList::default();
                l.line(Vec2::ZERO, Vec2::splat(2e7), 1.0, AMBER);
                (l, "line end")
            },
        ];
        for (list, needle) in cases {
            match validate(&list) {
                Err(RenderError::InvalidList(why)) => {
                    assert!(why.contains(needle), "{why:?} lacks {needle:?}")
                }
                other => panic!("expected InvalidList({needle}), got {other:?}"),
            }
        }
    }

    #[test]
    fn clipping_keeps_the_inside_part() {
        let (t0, t1) = clip_segment(
            DVec2::new(-10.0, 5.0),
            DVec2::new(30.0, 5.0),
            DVec2::ZERO,
            DVec2::splat(10.0),
        )
        .unwrap();
        assert!((t0 - 0.25).abs() < 1e-6 && (t1 - 0.5).abs() < 1e-6);
        assert!(
            clip_segment(
                DVec2::new(-10.0, 20.0),
                DVec2::new(30.0, 20.0),
                DVec2::ZERO,
                DVec2::splat(10.0)
            )
            .is_none()
        );
    }

    #[test]
    fn degenerate_shapes_draw_nothing_or_a_sliver_without_failing() {
        let mut list = DrawList::default();
        let p = Vec2::new(20.0, 20.0);
        list.polygon([p, p, p, p], Paint::fill_and_stroke(AMBER, AMBER, 2.0));
        list.polygon(
            [p, p + Vec2::X * 10.0, p + Vec2::X * 20.0],
            Paint::fill_and_stroke(AMBER, AMBER, 2.0),
        );
        list.polygon([p, p + Vec2::X], Paint::fill_and_stroke(AMBER, AMBER, 2.0));
        list.polygon([p], Paint::fill(AMBER));
        list.polygon([], Paint::fill(AMBER));
        // A bow tie (self-intersecting) and a concave arrow shape.
        list.polygon(
            [
                Vec2::ZERO,
                Vec2::new(40.0, 40.0),
                Vec2::new(40.0, 0.0),
                Vec2::new(0.0, 40.0),
            ],
            Paint::fill(AMBER),
        );
        list.polygon(
            [
                Vec2::ZERO,
                Vec2::new(40.0, 20.0),
                Vec2::new(0.0, 40.0),
                Vec2::new(10.0, 20.0),
            ],
            Paint::fill(AMBER),
        );
        list.circle(p, 1e-4, Paint::fill_and_stroke(AMBER, AMBER, 1.0));
        list.line(p, p, 3.0, AMBER);
        list.arrow(p, p, 3.0, 10.0, AMBER);
        list.arrow(p, p + Vec2::X * 3.0, 3.0, 10.0, AMBER);
        list.dashed(p, p, 3.0, 1.0, 1.0, AMBER);
        list.line(p, p + Vec2::Y * 5.0, 0.0, AMBER);
        let g = built(&list, 1.0);
        assert!(g.indices.iter().all(|&i| (i as usize) < g.vertices.len()));
        assert!(
            g.vertices
                .iter()
                .all(|v| v.position[0].is_finite() && v.position[1].is_finite())
        );
    }

    #[test]
    fn huge_but_valid_shapes_tessellate() {
        let mut list = DrawList::default();
        let far = MAX_DRAW_COORDINATE;
        list.polygon(
            [
                Vec2::new(-far, -far),
                Vec2::new(far, -far),
                Vec2::new(far, far),
            ],
            Paint::fill_and_stroke(AMBER, AMBER, 5.0),
        );
        list.circle(Vec2::ZERO, far, Paint::fill_and_stroke(AMBER, AMBER, 5.0));
        list.line(Vec2::new(-far, 0.0), Vec2::new(far, 0.0), 1.0, AMBER);
        list.dashed(
            Vec2::new(-far, 10.0),
            Vec2::new(far, 10.0),
            1.0,
            MIN_DASH,
            0.0,
            AMBER,
        );
        let g = built(&list, 1.0);
        // The circle is capped at 4096 corners, the dashes clipped to the view.
        assert!(g.vertices.len() < 100_000, "{} vertices", g.vertices.len());
    }
}
