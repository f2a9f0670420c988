//! The renderer: draws a [`DrawList`] into any texture view of one format.
//!
//! A frame is two steps, so an app can put other work in the same encoder:
//! [`Renderer::prepare`] does all CPU work (tessellation, text shaping) and
//! uploads it, [`Renderer::encode`] records one render pass. Every GPU
//! resource is kept: the vertex and index buffers grow by doubling, the
//! MSAA texture is remade only when the target's size changes.

use super::color::vertex_color;
use super::growing::GrowingBuffer;
use super::tessellate::{Tessellator, Vertex};
use super::text::TextLayer;
use super::{RenderError, TargetSize};
use crate::draw::{Color, DrawList};

/// Counters of the work the renderer has done, to check that steady frames
/// reuse everything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderStats {
    /// Frames prepared so far.
    pub frames: u64,
    /// Vertex and index buffers created so far (they grow by doubling).
    pub buffers_created: u64,
    /// MSAA textures created so far (one per target size change).
    pub msaa_textures_created: u64,
    /// Text items shaped so far (unchanged text is not shaped again).
    pub text_shapings: u64,
    /// Vertices in the last prepared frame.
    pub vertices: usize,
    /// Triangle indices in the last prepared frame.
    pub indices: usize,
    /// Bytes the vertex buffer can hold now.
    pub vertex_capacity: u64,
    /// Bytes the index buffer can hold now.
    pub index_capacity: u64,
}

/// The multisampled texture drawn into before the resolve.
struct Msaa {
    /// Its view.
    view: wgpu::TextureView,
    /// Its width in pixels.
    width: u32,
    /// Its height in pixels.
    height: u32,
}

/// Draws draw lists with lyon tessellation, one WGSL pipeline, MSAA and
/// glyphon text, into views of the texture format it was made for.
pub struct Renderer {
    /// The format of the views it draws into.
    format: wgpu::TextureFormat,
    /// MSAA samples per pixel (1: none).
    sample_count: u32,
    /// Whether `format` stores sRGB (so colors go in linear).
    srgb: bool,
    /// The one shape pipeline (shaders/shape.wgsl).
    pipeline: wgpu::RenderPipeline,
    /// The uniform that maps logical pixels to clip space.
    screen: wgpu::Buffer,
    /// The bind group of `screen`.
    screen_bind_group: wgpu::BindGroup,
    /// The shapes' vertices.
    vertices: GrowingBuffer,
    /// The shapes' triangle indices.
    indices: GrowingBuffer,
    /// The multisampled texture, when multisampling.
    msaa: Option<Msaa>,
    /// Turns the list's shapes into triangles.
    tessellator: Tessellator,
    /// The list's text, through glyphon.
    text: TextLayer,
    /// The target the last successful prepare was for.
    prepared: Option<TargetSize>,
    /// The prepared list's background.
    background: Color,
    /// The counters [`Renderer::stats`] reports.
    stats: RenderStats,
}

impl Renderer {
    /// A renderer for targets of `format`, multisampled `sample_count`
    /// times (use [`best_sample_count`](super::best_sample_count)). A count
    /// the format does not surely support on `device` falls back to 1; see
    /// [`Renderer::sample_count`]. Use an `*Srgb` format so the list's sRGB
    /// colors come out exactly.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        format: wgpu::TextureFormat,
        sample_count: u32,
    ) -> Renderer {
        let sample_count = supported_sample_count(device, format, sample_count);
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("sat shape shader"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/shape.wgsl").into()),
        });
        let screen_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("sat screen layout"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: wgpu::BufferSize::new(16),
                },
                count: None,
            }],
        });
        let screen = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("sat screen uniform"),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let screen_bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("sat screen bind group"),
            layout: &screen_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: screen.as_entire_binding(),
            }],
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("sat shape layout"),
            bind_group_layouts: &[Some(&screen_layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("sat shape pipeline"),
            layout: Some(&layout),
            vertex: wgpu::VertexState {
                module: &shader,
                entry_point: Some("vs_main"),
                compilation_options: Default::default(),
                buffers: &[Some(Vertex::LAYOUT)],
            },
            // lyon's triangles come in either winding, so nothing is culled.
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState {
                count: sample_count,
                ..Default::default()
            },
            fragment: Some(wgpu::FragmentState {
                module: &shader,
                entry_point: Some("fs_main"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format,
                    blend: Some(wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING),
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        Renderer {
            format,
            sample_count,
            srgb: format.is_srgb(),
            pipeline,
            screen,
            screen_bind_group,
            vertices: GrowingBuffer::new("sat vertices", wgpu::BufferUsages::VERTEX),
            indices: GrowingBuffer::new("sat indices", wgpu::BufferUsages::INDEX),
            msaa: None,
            tessellator: Tessellator::new(),
            text: TextLayer::new(device, queue, format, sample_count),
            prepared: None,
            background: Color::rgb(0, 0, 0),
            stats: RenderStats::default(),
        }
    }

    /// The MSAA sample count actually used (1: no multisampling).
    pub fn sample_count(&self) -> u32 {
        self.sample_count
    }

    /// The texture format the renderer draws into.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.format
    }

    /// What the renderer has done so far.
    pub fn stats(&self) -> RenderStats {
        RenderStats {
            text_shapings: self.text.shapings,
            vertex_capacity: self.vertices.capacity(),
            index_capacity: self.indices.capacity(),
            ..self.stats
        }
    }

    /// CPU side of a frame: checks the list, tessellates its shapes with lyon
    /// into reused CPU vectors, uploads them into GPU buffers that grow (x2)
    /// and are reused, and shapes and uploads its text with glyphon. No
    /// render pass yet: [`Renderer::encode`] records that. A bad list or
    /// scale factor is an error and leaves nothing prepared.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        list: &DrawList,
        target: TargetSize,
    ) -> Result<(), RenderError> {
        self.prepared = None;
        target.check_scale()?;
        list.validate()?;
        self.background = list.background;
        self.stats.frames += 1;
        if target.is_empty() {
            self.stats.vertices = 0;
            self.stats.indices = 0;
            self.prepared = Some(target);
            return Ok(());
        }
        self.tessellator.build(list, target, self.srgb)?;
        let geometry = &self.tessellator.geometry;
        self.stats.vertices = geometry.vertices.len();
        self.stats.indices = geometry.indices.len();
        let logical = target.logical_size();
        let screen = [2.0 / logical[0], 2.0 / logical[1], 0.0, 0.0];
        queue.write_buffer(&self.screen, 0, bytemuck::cast_slice(&screen));
        let vertex_bytes: &[u8] = bytemuck::cast_slice(&geometry.vertices);
        let index_bytes: &[u8] = bytemuck::cast_slice(&geometry.indices);
        self.stats.buffers_created += u64::from(self.vertices.write(device, queue, vertex_bytes));
        self.stats.buffers_created += u64::from(self.indices.write(device, queue, index_bytes));
        self.text.prepare(device, queue, list, target)?;
        self.prepared = Some(target);
        Ok(())
    }

    /// Records the frame prepared last into `encoder`: clears `view` to the
    /// list's background, draws the shapes in list order, then the text
    /// over them, resolving MSAA into `view` when multisampling. `view`
    /// must be of the renderer's format and `target` its size.
    /// A 0-sized target records nothing; a target other than the prepared
    /// one (or no successful prepare) only clears.
    pub fn encode(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        view: &wgpu::TextureView,
        target: TargetSize,
    ) {
        if target.is_empty() {
            return;
        }
        let ready = self.prepared == Some(target);
        let msaa_view = if self.sample_count > 1 {
            Some(self.msaa_view(device, target.width, target.height))
        } else {
            None
        };
        let (attachment, resolve_target) = match &msaa_view {
            Some(msaa) => (msaa, Some(view)),
            None => (view, None),
        };
        let b = vertex_color(self.background, self.srgb);
        let clear = wgpu::Color {
            r: b[0] as f64,
            g: b[1] as f64,
            b: b[2] as f64,
            a: b[3] as f64,
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("sat frame"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: attachment,
                depth_slice: None,
                resolve_target,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(clear),
                    // The multisampled samples are only needed until they
                    // are resolved into `view`.
                    store: if msaa_view.is_some() {
                        wgpu::StoreOp::Discard
                    } else {
                        wgpu::StoreOp::Store
                    },
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        if !ready {
            return;
        }
        let index_count = self.stats.indices as u32;
        if let (Some(vertices), Some(indices)) = (self.vertices.buffer(), self.indices.buffer())
            && index_count > 0
        {
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.screen_bind_group, &[]);
            pass.set_vertex_buffer(0, vertices.slice(..));
            pass.set_index_buffer(indices.slice(..), wgpu::IndexFormat::Uint32);
            pass.draw_indexed(0..index_count, 0, 0..1);
        }
        // Both of glyphon's render errors (a glyph trimmed from the atlas,
        // the resolution changed) need a prepare in between, which cannot
        // happen here: prepare and this pass saw the same frame.
        let _ = self.text.render(&mut pass);
    }

    /// prepare + encode + submit, for convenience.
    pub fn render(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        list: &DrawList,
        view: &wgpu::TextureView,
        target: TargetSize,
    ) -> Result<(), RenderError> {
        self.prepare(device, queue, list, target)?;
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("sat frame encoder"),
        });
        self.encode(device, &mut encoder, view, target);
        queue.submit(Some(encoder.finish()));
        Ok(())
    }

    /// The multisampled color texture for a `width` x `height` target, made
    /// again only when that size changes.
    fn msaa_view(&mut self, device: &wgpu::Device, width: u32, height: u32) -> wgpu::TextureView {
        if let Some(msaa) = &self.msaa
            && msaa.width == width
            && msaa.height == height
        {
            return msaa.view.clone();
        }
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("sat msaa color"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: self.sample_count,
            dimension: wgpu::TextureDimension::D2,
            format: self.format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        self.stats.msaa_textures_created += 1;
        self.msaa = Some(Msaa {
            view: view.clone(),
            width,
            height,
        });
        view
    }
}

/// `requested` if `format` is sure to support that many samples with a
/// resolve on `device` (4x for every color format a window or [`super::Headless`]
/// uses), else 1.
fn supported_sample_count(
    device: &wgpu::Device,
    format: wgpu::TextureFormat,
    requested: u32,
) -> u32 {
    if requested <= 1 {
        return 1;
    }
    let flags = format.guaranteed_format_features(device.features()).flags;
    if flags.contains(wgpu::TextureFormatFeatureFlags::MULTISAMPLE_RESOLVE)
        && flags.sample_count_supported(requested)
    {
        requested
    } else {
        1
    }
}
