// The separating axis test for a batch of placed pairs, one pair per
// invocation: the same test as `sat::sat_polygons`, `sat_polygon_circle` and
// `sat_circles`, axis for axis, but worked in one shape's frame.
//
// Each polygon comes with its unit axes (edge normals, parallel duplicates
// removed) and its own shadow on each, computed once on the CPU in its own
// frame. A shadow on an axis moves with the shape, so in the frame of the
// shape that owns the axis that shadow is the stored pair of numbers, and
// only the other shape's corners need projecting. Turning the axis into the
// other shape's frame, instead of turning each of its corners, costs one
// rotation per axis.
//
// The axes go in the chapter's order (A's, then B's; a polygon's, then a
// circle's own), and the first gap ends the test, as in the chapter's
// loop: apart, the answer is the first axis in that order with a gap.
// Leaving out parallel repeats keeps that answer: a repeat casts the same
// shadows as the earlier axis kept, so it can never be the first gap.

struct Shape {
    corners: u32,   // 0 for a circle
    normals: u32,
    offset: u32,    // into `data`: corners, then axes, then own shadows
    radius: f32,    // circles only
}

struct Pair {
    a: u32,
    b: u32,
    pos_a: vec2<f32>,
    rot_a: vec2<f32>,   // (cos, sin) of A's turn, computed on the CPU
    pos_b: vec2<f32>,
    rot_b: vec2<f32>,
}

struct Params {
    count: u32,
    pad0: u32,
    pad1: u32,
    pad2: u32,
}

@group(0) @binding(0) var<storage, read> shapes: array<Shape>;
@group(0) @binding(1) var<storage, read> data: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read> pairs: array<Pair>;
// (axis.x, axis.y, depth, 1 = overlapping / 0 = apart)
@group(0) @binding(3) var<storage, read_write> hits: array<vec4<f32>>;
@group(0) @binding(4) var<uniform> params: Params;

// The shortest push so far, or the gap that ended the test. The scalar test
// starts from an endless push; the largest f32 serves, since every real
// push is finite and so replaces it.
struct Search {
    axis: vec2<f32>,
    depth: f32,
    apart: bool,
}

// Turns v by the turn r = (cos, sin), as glam's `Vec2::rotate`.
fn turn(r: vec2<f32>, v: vec2<f32>) -> vec2<f32> {
    return vec2<f32>(r.x * v.x - r.y * v.y, r.y * v.x + r.x * v.y);
}

// Turns v back by r: the inverse turn.
fn unturn(r: vec2<f32>, v: vec2<f32>) -> vec2<f32> {
    return vec2<f32>(r.x * v.x + r.y * v.y, r.x * v.y - r.y * v.x);
}

// v at length 1, or zero for zero. Divided by its largest coordinate first,
// as the CPU's `unit_or_zero`, so a tiny or huge vector still has a length.
fn unit_or_zero(v: vec2<f32>) -> vec2<f32> {
    let largest = max(abs(v.x), abs(v.y));
    if largest == 0.0 {
        return vec2<f32>(0.0);
    }
    let w = v / largest;
    return w / sqrt(dot(w, w));
}

// One axis of the test with A's shadow a and B's shadow b (x = min,
// y = max), as the CPU's `gap_on_axis`: a gap ends the test with the axis
// oriented from B towards A; otherwise the shorter way out, forward by
// b.max - a.min or backward by a.max - b.min, is kept if it is the shortest.
fn gap_on_axis(axis: vec2<f32>, a: vec2<f32>, b: vec2<f32>, s: ptr<function, Search>) -> bool {
    let a_first = b.x - a.y;
    let b_first = a.x - b.y;
    if a_first > 0.0 || b_first > 0.0 {
        if a_first > b_first {
            *s = Search(-axis, a_first, true);
        } else {
            *s = Search(axis, b_first, true);
        }
        return true;
    }
    let forward = b.y - a.x;
    let backward = a.y - b.x;
    let push = min(forward, backward);
    if push < (*s).depth {
        *s = Search(select(-axis, axis, forward < backward), push, false);
    }
    return false;
}

// A polygon's shadow on an axis m given in its own frame.
fn corner_shadow(shape: Shape, m: vec2<f32>) -> vec2<f32> {
    var lo = dot(data[shape.offset], m);
    var hi = lo;
    for (var i = 1u; i < shape.corners; i++) {
        let d = dot(data[shape.offset + i], m);
        lo = min(lo, d);
        hi = max(hi, d);
    }
    return vec2<f32>(lo, hi);
}

// The axes of polygon `own` against polygon `other`, in own's frame:
// `rel` turns other's frame into own's and `off` is other's origin in own's
// frame; `rot` turns own's frame into the world's. `own_is_a` says which
// side of the test own's stored shadow is on.
fn own_axes(own: Shape, other: Shape, rel: vec2<f32>, off: vec2<f32>, rot: vec2<f32>,
            own_is_a: bool, s: ptr<function, Search>) -> bool {
    let axes = own.offset + own.corners;
    let spans = axes + own.normals;
    for (var k = 0u; k < own.normals; k++) {
        let n = data[axes + k];
        let mine = data[spans + k];
        // other's corner c sits at rel*c + off, so its shadow on n is
        // c . (rel^-1 n) + off . n.
        let theirs = corner_shadow(other, unturn(rel, n)) + dot(off, n);
        let world = turn(rot, n);
        var gap: bool;
        if own_is_a {
            gap = gap_on_axis(world, mine, theirs, s);
        } else {
            gap = gap_on_axis(world, theirs, mine, s);
        }
        if gap {
            return true;
        }
    }
    return false;
}

// Polygon A against polygon B: A's axes in A's frame, then B's in B's.
fn polygons(pa: Shape, pb: Shape, p: Pair) -> Search {
    var s = Search(vec2<f32>(0.0), 3.40282347e38, false);
    let d = p.pos_b - p.pos_a;
    // B's frame into A's: turn by B's angle less A's.
    let rel = vec2<f32>(p.rot_a.x * p.rot_b.x + p.rot_a.y * p.rot_b.y,
                        p.rot_a.x * p.rot_b.y - p.rot_a.y * p.rot_b.x);
    if own_axes(pa, pb, rel, unturn(p.rot_a, d), p.rot_a, true, &s) {
        return s;
    }
    let back = vec2<f32>(rel.x, -rel.y);
    _ = own_axes(pb, pa, back, unturn(p.rot_b, -d), p.rot_b, false, &s);
    return s;
}

// Polygon A (at pos, turned by rot) against a circle B: A's axes, then the
// circle's own, from A's corner nearest the center toward the center; all
// in A's frame, where the center is c.
fn polygon_circle(pa: Shape, pos: vec2<f32>, rot: vec2<f32>, center: vec2<f32>, radius: f32) -> Search {
    var s = Search(vec2<f32>(0.0), 3.40282347e38, false);
    let c = unturn(rot, center - pos);
    let axes = pa.offset + pa.corners;
    let spans = axes + pa.normals;
    for (var k = 0u; k < pa.normals; k++) {
        let n = data[axes + k];
        let mid = dot(c, n);
        if gap_on_axis(turn(rot, n), data[spans + k], vec2<f32>(mid - radius, mid + radius), &s) {
            return s;
        }
    }
    // The nearest corner, the first of any that tie, as `nearest_corner`.
    var best = data[pa.offset];
    var best_d = dot(best - c, best - c);
    for (var i = 1u; i < pa.corners; i++) {
        let q = data[pa.offset + i];
        let dq = dot(q - c, q - c);
        if dq < best_d {
            best = q;
            best_d = dq;
        }
    }
    let u = unit_or_zero(c - best);
    if dot(u, u) >= 0.5 {
        let mid = dot(c, u);
        _ = gap_on_axis(turn(rot, u), corner_shadow(pa, u), vec2<f32>(mid - radius, mid + radius), &s);
    }
    return s;
}

// Two circles: their one axis is the line between the centers (+x when the
// centers coincide), as `sat_circles`.
fn circles(ca: vec2<f32>, ra: f32, cb: vec2<f32>, rb: f32) -> Search {
    let between = ca - cb;
    var axis = unit_or_zero(between);
    if dot(axis, axis) < 0.5 {
        axis = vec2<f32>(1.0, 0.0);
    }
    let gap = dot(between, axis) - (ra + rb);
    if gap > 0.0 {
        return Search(axis, gap, true);
    }
    return Search(axis, -gap, false);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i >= params.count {
        return;
    }
    let p = pairs[i];
    let sa = shapes[p.a];
    let sb = shapes[p.b];
    var s: Search;
    if sa.corners != 0u && sb.corners != 0u {
        s = polygons(sa, sb, p);
    } else if sa.corners != 0u {
        s = polygon_circle(sa, p.pos_a, p.rot_a, p.pos_b, sb.radius);
    } else if sb.corners != 0u {
        // The circle is A: test B against it, then turn the answer round.
        s = polygon_circle(sb, p.pos_b, p.rot_b, p.pos_a, sa.radius);
        s.axis = -s.axis;
    } else {
        s = circles(p.pos_a, sa.radius, p.pos_b, sb.radius);
    }
    hits[i] = vec4<f32>(s.axis, s.depth, select(1.0, 0.0, s.apart));
}
