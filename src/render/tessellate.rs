//! Turning a draw list's shapes into triangles with lyon.
//!
//! Everything stays in logical pixels: the vertex shader maps logical
//! pixels to clip space, so only the flattening tolerance depends on the
//! scale factor (a curve flattened to within 0.1 logical px would show its
//! corners at 2x; 0.1 physical px does not).

use bytemuck::{Pod, Zeroable};
use glam::{DVec2, Vec2};
use lyon::math::{Point, point};
use lyon::path::Polygon as Outline;
use lyon::tessellation::{
    BuffersBuilder, FillOptions, FillTessellator, FillVertex, GeometryBuilderError, LineJoin,
    StrokeOptions, StrokeTessellator, StrokeVertex, TessellationError, VertexBuffers,
};

use super::color::vertex_color;
use super::{RenderError, TargetSize};
use crate::draw::{Arrow, Circle, Color, Dashed, DrawList, Line, Paint, Primitive};

/// Flattening error allowed for curves, in physical pixels.
const TOLERANCE_PHYSICAL: f32 = 0.1;

/// One vertex of the shape pipeline: a position in logical pixels and a
/// premultiplied RGBA color, already linear when the target is sRGB.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub(crate) struct Vertex {
    /// Where it is, in logical pixels.
    pub(crate) position: [f32; 2],
    /// Its premultiplied color (see [`vertex_color`]).
    pub(crate) color: [f32; 4],
}

impl Vertex {
    /// How [`Vertex`] sits in the vertex buffer: the shader's locations 0
    /// (position) and 1 (color).
    pub(crate) const LAYOUT: wgpu::VertexBufferLayout<'static> = wgpu::VertexBufferLayout {
        array_stride: std::mem::size_of::<Vertex>() as u64,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x4],
    };
}

/// lyon's vertex constructor: every vertex of one shape gets its color.
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

/// lyon's failure on item `index`, as a render error that names the item.
fn lyon_error(index: usize, error: TessellationError) -> RenderError {
    RenderError::Tessellation {
        item: index,
        source: error,
    }
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

/// Reused tessellation state: lyon's tessellators and the CPU geometry,
/// cleared (not freed) every frame, and what one frame's shapes share (set
/// once per [`build`](Tessellator::build)).
pub(crate) struct Tessellator {
    /// lyon's fill tessellator.
    fill: FillTessellator,
    /// lyon's stroke tessellator.
    stroke: StrokeTessellator,
    /// The frame's triangles: vertices, and indices into them.
    pub(crate) geometry: VertexBuffers<Vertex, u32>,
    /// The outline being filled or stroked, reused from shape to shape.
    corners: Vec<Point>,
    /// The flattening tolerance in logical pixels: 0.1 physical px.
    tolerance: f32,
    /// Whether the target stores sRGB (so vertex colors are made linear).
    srgb: bool,
    /// The target's logical size, which dashes are clipped to.
    view: Vec2,
    /// The index of the item being tessellated, for errors.
    item: usize,
}

impl Tessellator {
    /// An empty tessellator, for any frame.
    pub(crate) fn new() -> Tessellator {
        Tessellator {
            fill: FillTessellator::new(),
            stroke: StrokeTessellator::new(),
            geometry: VertexBuffers::new(),
            corners: Vec::new(),
            tolerance: TOLERANCE_PHYSICAL,
            srgb: true,
            view: Vec2::ZERO,
            item: 0,
        }
    }

    /// Tessellates every shape of `list` (text is glyphon's) into
    /// `self.geometry`, in list order, for `target`, whose format is sRGB
    /// when `srgb_target`. The list must have passed
    /// [`DrawList::validate`], and the target's scale factor must be a
    /// positive finite number.
    pub(crate) fn build(
        &mut self,
        list: &DrawList,
        target: TargetSize,
        srgb_target: bool,
    ) -> Result<(), RenderError> {
        self.geometry.clear();
        self.tolerance = TOLERANCE_PHYSICAL / target.scale_factor;
        self.srgb = srgb_target;
        self.view = Vec2::from(target.logical_size());
        for (index, item) in list.items.iter().enumerate() {
            self.item = index;
            match item {
                Primitive::Polygon(polygon) => {
                    let corners = list.polygon_points(&polygon.points);
                    if corners.len() < 2 {
                        continue;
                    }
                    self.corners.clear();
                    self.corners.extend(corners.iter().map(|p| point(p.x, p.y)));
                    self.paint_corners(&polygon.paint, false)?;
                }
                Primitive::Circle(circle) => self.circle(circle)?,
                Primitive::Line(line) => self.line(line)?,
                Primitive::Arrow(arrow) => self.arrow(arrow)?,
                Primitive::Dashed(dashed) => self.dashed(dashed)?,
                Primitive::Text(_) => {}
            }
        }
        Ok(())
    }

    /// The dashes of a dashed line that can show: the line is clipped to
    /// the view (grown by the width, so a dash poking in from outside still
    /// shows), keeping the phase measured from `from`. In f64, because the
    /// distance along a line from far outside can be ~1e7 px, where f32
    /// steps by a whole pixel and a dash index stops counting.
    fn dashed(&mut self, dashed: &Dashed) -> Result<(), RenderError> {
        let (from, to) = (dashed.from.as_dvec2(), dashed.to.as_dvec2());
        let length = from.distance(to);
        if length <= 0.0 || dashed.width <= 0.0 || dashed.color.is_clear() {
            return Ok(());
        }
        let margin = DVec2::splat(dashed.width as f64 + 1.0);
        let Some((t0, t1)) = clip_segment(from, to, -margin, self.view.as_dvec2() + margin) else {
            return Ok(());
        };
        let (s0, s1) = (t0 * length, t1 * length);
        let (dash, period) = (dashed.dash as f64, dashed.dash as f64 + dashed.gap as f64);
        let direction = (to - from) / length;
        let first = (s0 / period).floor();
        // Bounded by the clipped length (at most the view's diagonal plus
        // margins) over the period (at least MIN_DASH).
        let count = ((s1 - first * period) / period).ceil().max(0.0) as u64;
        for i in 0..count {
            let start = (first + i as f64) * period;
            let (a, b) = (start.max(s0), (start + dash).min(s1));
            if b > a {
                self.line(&Line {
                    from: (from + direction * a).as_vec2(),
                    to: (from + direction * b).as_vec2(),
                    width: dashed.width,
                    color: dashed.color,
                })?;
            }
        }
        Ok(())
    }

    /// Fills and/or outlines the closed outline in `self.corners`, which
    /// the caller knows to be `convex` or not.
    fn paint_corners(&mut self, paint: &Paint, convex: bool) -> Result<(), RenderError> {
        let index = self.item;
        if let Some(color) = paint.fill.filter(|c| !c.is_clear()) {
            if convex {
                self.fan(color)?;
            } else {
                let options = FillOptions::non_zero().with_tolerance(self.tolerance);
                let mut out = BuffersBuilder::new(
                    &mut self.geometry,
                    WithColor(vertex_color(color, self.srgb)),
                );
                let outline = Outline {
                    points: &self.corners,
                    closed: true,
                };
                self.fill
                    .tessellate_polygon(outline, &options, &mut out)
                    .map_err(|e| lyon_error(index, e))?;
            }
        }
        if let Some((color, width)) = paint.stroke.filter(|(c, w)| !c.is_clear() && *w > 0.0) {
            let options = StrokeOptions::tolerance(self.tolerance)
                .with_line_width(width)
                .with_line_join(LineJoin::Miter);
            let mut out = BuffersBuilder::new(
                &mut self.geometry,
                WithColor(vertex_color(color, self.srgb)),
            );
            self.stroke
                .tessellate_polygon(
                    Outline {
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

    /// The index the first of `count` vertices about to be written
    /// directly will have; an error, as lyon gives one, when the 32-bit
    /// indices would run out.
    fn first_of(&self, count: usize) -> Result<u32, RenderError> {
        u32::try_from(self.geometry.vertices.len() + count)
            .map(|end| end - count as u32)
            .map_err(|_| {
                lyon_error(
                    self.item,
                    TessellationError::GeometryBuilder(GeometryBuilderError::TooManyVertices),
                )
            })
    }

    /// Fills the convex outline in `self.corners` as a fan of triangles
    /// from its first corner: every chord from a corner of a convex polygon
    /// stays inside it, so the fan covers it exactly once, with none of the
    /// sweep a general fill needs (a fine circle has hundreds of corners).
    fn fan(&mut self, color: Color) -> Result<(), RenderError> {
        let base = self.first_of(self.corners.len())?;
        let color = vertex_color(color, self.srgb);
        self.geometry
            .vertices
            .extend(self.corners.iter().map(|p| Vertex {
                position: p.to_array(),
                color,
            }));
        let count = self.corners.len() as u32;
        self.geometry
            .indices
            .extend((1..count.saturating_sub(1)).flat_map(|i| [base, base + i, base + i + 1]));
        Ok(())
    }

    /// A circle as a regular polygon fine enough that no chord strays more
    /// than the tolerance inside the true circle: a chord spanning angle θ
    /// sags r(1 − cos(θ/2)), so θ = 2·acos(1 − tolerance/r). (lyon's own
    /// circle rounds its segment count down to a power of two and can miss
    /// the tolerance by up to 2x.)
    fn circle(&mut self, circle: &Circle) -> Result<(), RenderError> {
        let Circle { center, radius, .. } = *circle;
        if radius <= 0.0 {
            return Ok(());
        }
        let step = 2.0 * (1.0 - (self.tolerance / radius).min(1.0)).acos();
        let count = ((std::f32::consts::TAU / step).ceil() as usize).clamp(8, 4096);
        self.corners.clear();
        self.corners.extend((0..count).map(|i| {
            let angle = std::f32::consts::TAU * i as f32 / count as f32;
            point(
                center.x + radius * angle.cos(),
                center.y + radius * angle.sin(),
            )
        }));
        self.paint_corners(&circle.paint, true)
    }

    /// A straight stroke with butt ends, so it ends exactly at its end
    /// points (dashes and arrow shafts rely on that). With butt ends and
    /// no joins a stroke is just a rectangle, `width` across and centered
    /// on the segment: two triangles written directly, with no tessellator
    /// (a frame's grid and dashes are hundreds of these).
    fn line(&mut self, line: &Line) -> Result<(), RenderError> {
        if line.from == line.to || line.width <= 0.0 || line.color.is_clear() {
            return Ok(());
        }
        // In f64: the ends may be ~1e7 px apart, where an f32 direction
        // loses the sliver's width.
        let (from, to) = (line.from.as_dvec2(), line.to.as_dvec2());
        let side = (to - from).normalize_or_zero().perp() * (line.width as f64 / 2.0);
        let color = vertex_color(line.color, self.srgb);
        let base = self.first_of(4)?;
        self.geometry
            .vertices
            .extend(
                [from + side, to + side, to - side, from - side].map(|p| Vertex {
                    position: p.as_vec2().to_array(),
                    color,
                }),
            );
        self.geometry
            .indices
            .extend([0, 1, 2, 0, 2, 3].map(|i| base + i));
        Ok(())
    }

    /// An arrow: a shaft up to the head's base and a filled triangle whose
    /// tip is exactly `to`. The head is as wide as it is long (but never
    /// narrower than twice the shaft), and shrinks to fit a short arrow.
    fn arrow(&mut self, arrow: &Arrow) -> Result<(), RenderError> {
        let Arrow {
            from,
            to,
            width,
            head,
            color,
        } = *arrow;
        let length = from.distance(to);
        if length <= 0.0 || color.is_clear() {
            return Ok(());
        }
        let direction = (to - from) / length;
        let head = head.min(length);
        let base = to - direction * head;
        self.line(&Line {
            from,
            to: base,
            width,
            color,
        })?;
        if head > 0.0 {
            let half = (head * 0.5).max(width);
            let side = direction.perp() * half;
            let (l, r) = (base + side, base - side);
            self.corners.clear();
            self.corners
                .extend([point(to.x, to.y), point(l.x, l.y), point(r.x, r.y)]);
            self.paint_corners(&Paint::fill(color), true)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{MAX_DRAW_COORDINATE, MIN_DASH};

    const AMBER: Color = Color::rgb(232, 89, 12);

    fn built(list: &DrawList, scale: f32) -> VertexBuffers<Vertex, u32> {
        list.validate().expect("valid list");
        let mut t = Tessellator::new();
        t.build(list, TargetSize::from_logical(400, 300, scale), true)
            .expect("tessellates");
        t.geometry
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

    /// The triangles' total area, each counted positive.
    fn covered_area(g: &VertexBuffers<Vertex, u32>) -> f32 {
        g.indices
            .chunks(3)
            .map(|t| {
                let [a, b, c] = [0, 1, 2].map(|k| Vec2::from(g.vertices[t[k] as usize].position));
                (b - a).perp_dot(c - a).abs() / 2.0
            })
            .sum()
    }

    #[test]
    fn fans_and_quads_cover_their_shapes_exactly_once() {
        // A filled circle's fan: the inscribed polygon's area, just under
        // πr² (within the flattening tolerance all round), not twice it.
        let mut list = DrawList::default();
        list.circle(Vec2::new(100.0, 100.0), 40.0, Paint::fill(AMBER));
        let area = covered_area(&built(&list, 1.0));
        let (full, sag) = (
            std::f32::consts::PI * 1600.0,
            2.0 * std::f32::consts::PI * 40.0 * 0.1,
        );
        assert!(area <= full && area > full - sag, "{area} vs {full}");
        // A line is its width times its length.
        let mut list = DrawList::default();
        list.line(Vec2::new(10.0, 20.0), Vec2::new(40.0, 60.0), 3.0, AMBER);
        let g = built(&list, 1.0);
        assert_eq!((g.vertices.len(), g.indices.len()), (4, 6));
        assert!((covered_area(&g) - 150.0).abs() < 1e-3);
        // An arrow head is its triangle (plus the shaft's rectangle).
        let mut list = DrawList::default();
        list.arrow(Vec2::ZERO, Vec2::new(100.0, 0.0), 2.0, 12.0, AMBER);
        let shaft = 2.0 * 88.0;
        assert!((covered_area(&built(&list, 1.0)) - shaft - 12.0 * 12.0 / 2.0).abs() < 1e-2);
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
