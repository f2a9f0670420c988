//! Choosing the GPU adapter, shared by the window, the headless renderer and
//! the GPU collider: `WGPU_ADAPTER_NAME` is honoured without panicking when
//! it matches nothing (wgpu's own helper panics then), and every way of
//! finding none is the one [`NoAdapter`] error.

/// No GPU adapter could be had: none at all (no driver, or none for the
/// backends this build has), none that can present to the window, or none
/// whose name contains `WGPU_ADAPTER_NAME`. On a machine with no GPU,
/// Mesa's software Vulkan driver (llvmpipe, Debian's
/// `mesa-vulkan-drivers`) is one.
///
/// The GPU collider ([`GpuError::NoAdapter`](crate::gpu::GpuError::NoAdapter)),
/// the headless renderer and the window all report this same error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NoAdapter {
    /// wgpu found no adapter for the backends and surface asked for.
    #[error(
        "no GPU adapter found ({0}); install a Vulkan driver (Debian's mesa-vulkan-drivers for software rendering)"
    )]
    None(String),
    /// `WGPU_ADAPTER_NAME` asked for an adapter that is not there.
    #[error(
        "no GPU adapter found: WGPU_ADAPTER_NAME={wanted:?} matches none of the adapters {found:?}"
    )]
    NoMatch {
        /// The name asked for (lower-cased).
        wanted: String,
        /// The names of the adapters there are.
        found: Vec<String>,
    },
    /// An adapter was found, but it cannot present to the window.
    #[error("no GPU adapter found: the adapter {0:?} cannot present to this window")]
    CannotPresent(String),
}

/// The adapter whose name contains `WGPU_ADAPTER_NAME` (case-insensitive)
/// and that can present to `surface` when one is given; without the
/// variable, wgpu's choice for `WGPU_POWER_PREF`, or `power` when that is
/// unset. No match, or no adapter at all, is a [`NoAdapter`]. Blocks until
/// wgpu answers ([`find_adapter`] is the same, awaited).
pub(crate) fn pick_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
    power: wgpu::PowerPreference,
) -> Result<wgpu::Adapter, NoAdapter> {
    pollster::block_on(find_adapter(instance, surface, power))
}

/// [`pick_adapter`], as a future: the web page cannot block, and awaits it.
pub(crate) async fn find_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
    power: wgpu::PowerPreference,
) -> Result<wgpu::Adapter, NoAdapter> {
    if let Some(wanted) = wanted_name() {
        let adapters = instance.enumerate_adapters(wgpu::Backends::all()).await;
        let found: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
        return adapters
            .into_iter()
            .filter(|a| surface.is_none_or(|s| a.is_surface_supported(s)))
            .find(|a| a.get_info().name.to_lowercase().contains(&wanted))
            .ok_or(NoAdapter::NoMatch { wanted, found });
    }
    instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::from_env().unwrap_or(power),
            compatible_surface: surface,
            ..Default::default()
        })
        .await
        .map_err(|e| NoAdapter::None(one_line(&e.to_string())))
}

/// Keeps a library's message on one line.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn wanted_name() -> Option<String> {
    std::env::var("WGPU_ADAPTER_NAME")
        .ok()
        .map(|n| n.to_lowercase())
}
