//! The size of what is drawn into, and how much anti-aliasing it can get.

/// The size of a render target in physical pixels, with the scale factor
/// that turns the draw list's logical pixels into them: logical = physical
/// / `scale_factor`. A window's inner size and scale factor give one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetSize {
    /// Width in physical pixels.
    pub width: u32,
    /// Height in physical pixels.
    pub height: u32,
    /// Physical pixels per logical pixel (1 on most monitors, 2 on HiDPI).
    pub scale_factor: f32,
}

impl TargetSize {
    /// A target `width` x `height` physical pixels at `scale_factor`.
    pub const fn new(width: u32, height: u32, scale_factor: f32) -> TargetSize {
        TargetSize {
            width,
            height,
            scale_factor,
        }
    }

    /// The target for a logical size at a scale factor: the physical size is
    /// the logical one times the scale, rounded.
    pub fn from_logical(logical_width: u32, logical_height: u32, scale_factor: f32) -> TargetSize {
        let physical =
            |logical: u32| (logical as f64 * scale_factor as f64).round().max(0.0) as u32;
        TargetSize {
            width: physical(logical_width),
            height: physical(logical_height),
            scale_factor,
        }
    }

    /// True when there is nothing to draw into (zero width or height).
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// The logical size the draw list's coordinates are measured in.
    pub fn logical_size(&self) -> [f32; 2] {
        [
            self.width as f32 / self.scale_factor,
            self.height as f32 / self.scale_factor,
        ]
    }

    /// Checks the scale factor is a positive finite number.
    pub(crate) fn check_scale(&self) -> Result<(), super::RenderError> {
        if self.scale_factor.is_finite() && self.scale_factor > 0.0 {
            Ok(())
        } else {
            Err(super::RenderError::InvalidTarget(format!(
                "scale factor {} is not a positive finite number",
                self.scale_factor
            )))
        }
    }
}

/// The MSAA sample count to render `format` with on `adapter`: 4 if the
/// adapter can render and resolve 4x multisampled `format`, else 1 (no
/// anti-aliasing). Pass it to [`Renderer::new`](crate::render::Renderer::new).
pub fn best_sample_count(adapter: &wgpu::Adapter, format: wgpu::TextureFormat) -> u32 {
    let features = adapter.get_texture_format_features(format);
    let resolves = features
        .flags
        .contains(wgpu::TextureFormatFeatureFlags::MULTISAMPLE_RESOLVE);
    if resolves && features.flags.sample_count_supported(4) {
        4
    } else {
        1
    }
}

/// The surface format to configure a window with so it shows what
/// [`Headless`](crate::render::Headless) renders: the first sRGB format the
/// surface offers (usually `Bgra8UnormSrgb`), else its first format (then
/// colors are blended in sRGB space but still stored exactly). None if the
/// surface offers no format at all (it cannot be used with this adapter).
pub fn srgb_surface_format(
    capabilities: &wgpu::SurfaceCapabilities,
) -> Option<wgpu::TextureFormat> {
    capabilities
        .formats
        .iter()
        .copied()
        .find(|f| f.is_srgb())
        .or_else(|| capabilities.formats.first().copied())
}
