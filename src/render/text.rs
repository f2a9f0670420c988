//! Text, through glyphon, with the one embedded font.
//!
//! Text is laid out in logical pixels and drawn at `scale` physical pixels
//! per logical one, so glyphs are rasterized at the physical size (crisp at
//! 2x) while the layout is the same at every scale factor.
//!
//! Shaping is the expensive part, and a frame's text is mostly last
//! frame's: a readout changes a number, not the words around it. So text
//! is shaped a word at a time, and each shaped word is kept from frame to
//! frame (while some frame of the last couple of seconds used it). A line
//! is laid out by placing its words one after another, each a space's
//! advance from the last. That is the layout cosmic-text gives the whole
//! line, which also shapes word by word and puts no kerning across a
//! space; so a line whose number changed costs the number's shaping
//! alone. Text with line breaks, tabs or right-to-left letters (whose
//! words bidi reorders) is shaped whole instead, as one piece.
//! A line that did change is reshaped word by word through cosmic-text's
//! run cache, so only its changed words (the numbers) are shaped anew.

use std::collections::HashMap;
use std::sync::Arc;

use glyphon::{
    Attrs, Buffer, Cache, ColorMode, Family, FontSystem, Metrics, Resolution, Shaping, SwashCache,
    TextArea, TextAtlas, TextBounds, TextRenderer, Viewport, Wrap, fontdb,
};

use super::{RenderError, TargetSize};
use crate::draw::{Color, DrawList, Primitive, Text};
use glam::Vec2;

/// DejaVu Sans (Bitstream Vera licence, see assets/DejaVuSans.LICENSE.txt),
/// built into the binary so start-up scans no system fonts and every
/// machine draws the same glyphs.
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// Line height as a multiple of the font size.
const LINE_HEIGHT: f32 = 1.25;

/// How many frames a shaped piece of text is kept unused, at the least:
/// every this many frames the pieces unused for as long are dropped, so a
/// piece goes between one and two times this after its last use.
const KEEP_FRAMES: u64 = 120;

/// A piece of text shaped once and kept: a word, a space, or a whole text
/// that cannot be split at its spaces.
struct Piece {
    /// The shaped glyphs.
    buffer: Buffer,
    /// Its advance: how far the next word starts from its start, in
    /// logical pixels.
    width: f32,
    /// The last frame that used it.
    used: u64,
}

/// One shaped piece placed this frame.
struct Placed {
    /// Which piece, an index into [`TextLayer::pieces`].
    piece: usize,
    /// Its left edge, in logical pixels.
    left: f32,
    /// Its top edge, in logical pixels.
    top: f32,
    /// Its color.
    color: glyphon::Color,
}

/// Everything glyphon needs, kept from frame to frame: the font, the glyph
/// atlas, and the shaped [`Piece`]s of recent frames.
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
    /// The shaped pieces of recent frames.
    pieces: Vec<Piece>,
    /// Where each piece is in `pieces`: by font size (its bits), then by
    /// text, so a lookup borrows the text instead of copying it.
    index: HashMap<u32, HashMap<String, usize>>,
    /// This frame's placed pieces, in list order.
    placed: Vec<Placed>,
    /// Frames prepared so far.
    frame: u64,
    /// How many pieces were shaped: a frame whose text did not change adds
    /// nothing, and a changed number adds one.
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
            pieces: Vec::new(),
            index: HashMap::new(),
            placed: Vec::new(),
            frame: 0,
            shapings: 0,
        }
    }

    /// Shapes the words not shaped recently, lays out every text item, and
    /// uploads their glyphs.
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
        self.frame += 1;
        if self.frame.is_multiple_of(KEEP_FRAMES) {
            self.forget_unused();
        }
        self.placed.clear();
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
            self.lay_out(text, *position, *size, glyph_color(*color));
        }
        let scale = target.scale_factor;
        let bounds = TextBounds {
            left: 0,
            top: 0,
            right: target.width.min(i32::MAX as u32) as i32,
            bottom: target.height.min(i32::MAX as u32) as i32,
        };
        let pieces = &self.pieces;
        let areas = self.placed.iter().map(|placed| TextArea {
            buffer: &pieces[placed.piece].buffer,
            left: placed.left * scale,
            top: placed.top * scale,
            scale,
            bounds,
            default_color: placed.color,
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

    /// Places one text item's pieces: its words a space apart, or the
    /// whole text as one piece when it cannot be split at its spaces.
    fn lay_out(&mut self, text: &str, position: Vec2, size: f32, color: glyphon::Color) {
        let place = |piece: usize, left: f32| Placed {
            piece,
            left,
            top: position.y,
            color,
        };
        if !splits_at_spaces(text) {
            let piece = self.piece(text, size);
            self.placed.push(place(piece, position.x));
            return;
        }
        let space = self.piece(" ", size);
        let space = self.pieces[space].width;
        let mut left = position.x;
        for (n, word) in text.split(' ').enumerate() {
            if n > 0 {
                left += space;
            }
            for part in parts(word) {
                let piece = self.piece(part, size);
                self.placed.push(place(piece, left));
                left += self.pieces[piece].width;
            }
        }
    }

    /// The piece for `text` at `size`, shaped now if no recent frame had it.
    fn piece(&mut self, text: &str, size: f32) -> usize {
        let by_text = self.index.entry(size.to_bits()).or_default();
        if let Some(&piece) = by_text.get(text) {
            self.pieces[piece].used = self.frame;
            return piece;
        }
        let mut buffer = Buffer::new_empty(Metrics::new(size, size * LINE_HEIGHT));
        buffer.set_wrap(Wrap::None);
        buffer.set_size(None, None);
        let attrs = Attrs::new().family(Family::Name(&self.family));
        buffer.set_text(text, &attrs, Shaping::Advanced, None);
        buffer.shape_until_scroll(&mut self.font_system, false);
        let width = buffer
            .layout_runs()
            .map(|run| run.line_w)
            .fold(0.0, f32::max);
        self.shapings += 1;
        by_text.insert(text.to_owned(), self.pieces.len());
        self.pieces.push(Piece {
            buffer,
            width,
            used: self.frame,
        });
        self.pieces.len() - 1
    }

    /// Drops the pieces no frame used for [`KEEP_FRAMES`] frames, so a
    /// readout whose number keeps changing does not pile up words.
    fn forget_unused(&mut self) {
        let frame = self.frame;
        // Where each kept piece moves to, once the others are gone.
        let mut kept = 0;
        let moved: Vec<Option<usize>> = self
            .pieces
            .iter()
            .map(|piece| {
                (piece.used + KEEP_FRAMES > frame).then(|| {
                    kept += 1;
                    kept - 1
                })
            })
            .collect();
        let mut old = moved.iter();
        self.pieces
            .retain(|_| old.next().is_some_and(Option::is_some));
        for by_text in self.index.values_mut() {
            by_text.retain(|_, piece| match moved[*piece] {
                Some(to) => {
                    *piece = to;
                    true
                }
                None => false,
            });
        }
        self.index.retain(|_, by_text| !by_text.is_empty());
    }

    /// Draws the prepared text into `pass`.
    pub(crate) fn render(&self, pass: &mut wgpu::RenderPass<'_>) -> Result<(), RenderError> {
        self.renderer
            .render(&self.atlas, &self.viewport, pass)
            .map_err(RenderError::from)
    }
}

/// A word's pieces: each ASCII digit on its own, and the runs of other
/// characters between them. A readout's numbers change every frame, and as
/// words each new value would be shaped anew; as digits, ten pieces serve
/// every number. The layout is the same: the font's digits all have one
/// advance and are never kerned, against each other or anything else, and
/// the shaper joins no digit to its neighbours.
fn parts(word: &str) -> impl Iterator<Item = &str> {
    let mut rest = word;
    std::iter::from_fn(move || {
        let first = rest.chars().next()?;
        let len = if first.is_ascii_digit() {
            1
        } else {
            rest.find(|c: char| c.is_ascii_digit())
                .unwrap_or(rest.len())
        };
        let (part, after) = rest.split_at(len);
        rest = after;
        Some(part)
    })
}

/// Whether `text` lays out as its space-separated words placed one after
/// another: no line breaks, tabs or other control characters, and no
/// right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
/// presentation forms, and the historic RTL scripts), whose words the
/// bidi algorithm would reorder across the spaces.
fn splits_at_spaces(text: &str) -> bool {
    text.chars().all(|c| {
        let c32 = c as u32;
        !c.is_control()
            && !(0x0590..=0x08FF).contains(&c32)
            && !(0xFB1D..=0xFDFF).contains(&c32)
            && !(0xFE70..=0xFEFF).contains(&c32)
            && !(0x10800..=0x10FFF).contains(&c32)
            && !(0x1E800..=0x1EFFF).contains(&c32)
            && !matches!(c32, 0x200F | 0x202B | 0x202E | 0x2067)
    })
}

/// A list color as glyphon's (both sRGB bytes).
fn glyph_color(c: Color) -> glyphon::Color {
    glyphon::Color::rgba(c.r, c.g, c.b, c.a)
}

#[cfg(test)]
mod tests {
    use super::splits_at_spaces;

    #[test]
    fn words_split_into_digits_and_the_runs_between() {
        fn split(w: &str) -> Vec<&str> {
            super::parts(w).collect()
        }
        assert_eq!(split("-766"), ["-", "7", "6", "6"]);
        assert_eq!(split("151,"), ["1", "5", "1", ","]);
        assert_eq!(split("(x=12.5px)"), ["(x=", "1", "2", ".", "5", "px)"]);
        assert_eq!(split("push"), ["push"]);
        assert_eq!(split("−3"), ["−", "3"]);
        assert!(split("").is_empty());
    }

    #[test]
    fn only_single_line_left_to_right_text_is_split_into_words() {
        for simple in ["push 121 px", "A's edge 1: A −3 to 5", "×·—é ß Ω ж", ""] {
            assert!(splits_at_spaces(simple), "{simple:?}");
        }
        for whole in [
            "two\nlines",
            "a\ttab",
            "שלום עולם",
            "مرحبا بالعالم",
            "ﻻ ﻼ",
            "left \u{202E}right",
        ] {
            assert!(!splits_at_spaces(whole), "{whole:?}");
        }
    }
}
