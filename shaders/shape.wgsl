// The shape pipeline: lyon's triangles in logical pixels, one flat color
// per vertex (premultiplied, linear when the target is sRGB).

struct Screen {
    // 2 / logical width, 2 / logical height: logical pixels to clip units.
    scale: vec2<f32>,
    _pad: vec2<f32>,
};

@group(0) @binding(0) var<uniform> screen: Screen;

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
};

@vertex
fn vs_main(@location(0) position: vec2<f32>, @location(1) color: vec4<f32>) -> VertexOut {
    var out: VertexOut;
    // Logical (0, 0) is the top-left corner and y grows down; clip space
    // has (-1, 1) there and y grows up.
    out.clip = vec4<f32>(position.x * screen.scale.x - 1.0, 1.0 - position.y * screen.scale.y, 0.0, 1.0);
    out.color = color;
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return in.color;
}
