//! Text, through glyphon, with the one embedded font.
//!
//! Text is laid out in logical pixels and drawn at `scale` physical pixels
//! per logical one, so glyphs are rasterized at the physical size (crisp at
//! 2x) while the layout is the same at every scale factor. Each text item
//! keeps its shaped glyphon buffer from frame to frame: shaping is the
//! expensive part, and most of a frame's text is what it was last frame.

use std::sync::Arc;

use glyphon::{
    Attrs, Buffer, Cache, ColorMode, Family, FontSystem, Metrics, Resolution, Shaping, SwashCache,
    TextArea, TextAtlas, TextBounds, TextRenderer, Viewport, Wrap, fontdb,
};

use super::{RenderError, TargetSize};
use crate::draw::{Color, DrawList, Primitive, Text};

/// DejaVu Sans (Bitstream Vera licence, see assets/DejaVuSans.LICENSE.txt),
/// built into the binary so start-up scans no system fonts and every
/// machine draws the same glyphs.
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// Line height as a multiple of the font size.
const LINE_HEIGHT: f32 = 1.25;

/// One text item's shaped buffer, kept while its text and size stay.
struct Slot {
    /// The text it was shaped for.
    text: String,
    /// The font size it was shaped at, in logical pixels.
    size: f32,
    /// The shaped glyphs.
    buffer: Buffer,
    /// Its left edge this frame, in logical pixels.
    left: f32,
    /// Its top edge this frame, in logical pixels.
    top: f32,
    /// Its color this frame.
    color: glyphon::Color,
}

/// Everything glyphon needs, kept from frame to frame: the font, the glyph
/// atlas, and one shaped [`Slot`] per text item.
pub(crate) struct TextLayer {
    /// The embedded font, and the shaper.
    font_system: FontSystem,
    /// Rasterized glyphs, cached.
    swash: SwashCache,
    /// The target's size, as glyphon's shader wants it.
    viewport: Viewport,
    /// The glyph atlas texture.
    atlas: TextAtlas,
    /// glyphon's pipeline and vertex buffer.
    renderer: TextRenderer,
    /// The embedded font's family name.
    family: String,
    /// The shaped text items, in list order; kept past `used` for reuse.
    slots: Vec<Slot>,
    /// How many slots this frame's list uses.
    used: usize,
    /// Physical pixels per logical pixel this frame.
    scale: f32,
    /// How many times a buffer was (re)shaped: a frame whose text did not
    /// change adds nothing.
    pub(crate) shapings: u64,
}

impl TextLayer {
    /// Loads the embedded font and makes glyphon's atlas and pipeline for
    /// targets of `format` with `sample_count` samples.
    pub(crate) fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        format: wgpu::TextureFormat,
        sample_count: u32,
    ) -> TextLayer {
        let mut db = fontdb::Database::new();
        db.load_font_source(fontdb::Source::Binary(Arc::new(FONT)));
        let family = db
            .faces()
            .next()
            .and_then(|face| face.families.first())
            .map(|(name, _)| name.clone())
            .unwrap_or_else(|| "DejaVu Sans".to_owned());
        db.set_sans_serif_family(family.clone());
        let font_system = FontSystem::new_with_locale_and_db("en-US".to_owned(), db);
        let cache = Cache::new(device);
        let viewport = Viewport::new(device, &cache);
        // Accurate mode converts the sRGB text colors to linear for an
        // sRGB target, as the shape pipeline does; Web mode leaves them be
        // for a target that stores sRGB values as they are.
        let mode = if format.is_srgb() {
            ColorMode::Accurate
        } else {
            ColorMode::Web
        };
        let mut atlas = TextAtlas::with_color_mode(device, queue, &cache, format, mode);
        let multisample = wgpu::MultisampleState {
            count: sample_count,
            ..Default::default()
        };
        let renderer = TextRenderer::new(&mut atlas, device, multisample, None);
        TextLayer {
            font_system,
            swash: SwashCache::new(),
            viewport,
            atlas,
            renderer,
            family,
            slots: Vec::new(),
            used: 0,
            scale: 1.0,
            shapings: 0,
        }
    }

    /// Shapes what changed, then uploads the glyphs of every text item.
    pub(crate) fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        list: &DrawList,
        target: TargetSize,
    ) -> Result<(), RenderError> {
        // Glyphs not used since the last trim may now be evicted when the
        // atlas needs room; the ones this frame uses are marked again below.
        self.atlas.trim();
        self.viewport.update(
            queue,
            Resolution {
                width: target.width,
                height: target.height,
            },
        );
        self.scale = target.scale_factor;
        self.used = 0;
        for item in &list.items {
            let Primitive::Text(Text {
                text,
                position,
                size,
                color,
            }) = item
            else {
                continue;
            };
            if text.is_empty() || color.a == 0 {
                continue;
            }
            if self.used == self.slots.len() {
                let mut buffer = Buffer::new_empty(Metrics::new(*size, *size * LINE_HEIGHT));
                buffer.set_wrap(Wrap::None);
                self.slots.push(Slot {
                    text: String::new(),
                    size: 0.0,
                    buffer,
                    left: 0.0,
                    top: 0.0,
                    color: glyphon::Color::rgb(0, 0, 0),
                });
            }
            let slot = &mut self.slots[self.used];
            self.used += 1;
            if slot.text != *text || slot.size != *size {
                slot.buffer
                    .set_metrics(Metrics::new(*size, *size * LINE_HEIGHT));
                slot.buffer.set_size(None, None);
                let attrs = Attrs::new().family(Family::Name(&self.family));
                slot.buffer.set_text(text, &attrs, Shaping::Advanced, None);
                slot.buffer.shape_until_scroll(&mut self.font_system, false);
                slot.text.clone_from(text);
                slot.size = *size;
                self.shapings += 1;
            }
            slot.left = position.x;
            slot.top = position.y;
            slot.color = glyph_color(*color);
        }
        let scale = self.scale;
        let bounds = TextBounds {
            left: 0,
            top: 0,
            right: target.width.min(i32::MAX as u32) as i32,
            bottom: target.height.min(i32::MAX as u32) as i32,
        };
        let areas = self.slots[..self.used].iter().map(|slot| TextArea {
            buffer: &slot.buffer,
            left: slot.left * scale,
            top: slot.top * scale,
            scale,
            bounds,
            default_color: slot.color,
            custom_glyphs: &[],
        });
        self.renderer
            .prepare(
                device,
                queue,
                &mut self.font_system,
                &mut self.atlas,
                &self.viewport,
                areas,
                &mut self.swash,
            )
            .map_err(RenderError::from)
    }

    /// Draws the prepared text into `pass`.
    pub(crate) fn render(&self, pass: &mut wgpu::RenderPass<'_>) -> Result<(), RenderError> {
        self.renderer
            .render(&self.atlas, &self.viewport, pass)
            .map_err(RenderError::from)
    }
}

/// A list color as glyphon's (both sRGB bytes).
fn glyph_color(c: Color) -> glyphon::Color {
    glyphon::Color::rgba(c.r, c.g, c.b, c.a)
}
