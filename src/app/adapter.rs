//! Choosing the GPU adapter, honouring `WGPU_ADAPTER_NAME` without
//! panicking when it matches nothing (wgpu's own helper panics then).

use super::error::AppError;

/// The adapter whose name contains `WGPU_ADAPTER_NAME` (case-insensitive)
/// and that can present to `surface` when one is given; without the
/// variable, wgpu's default choice (`WGPU_POWER_PREF` is honoured). No
/// match, or no adapter at all, is [`AppError::NoAdapter`].
pub(crate) fn pick_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
) -> Result<wgpu::Adapter, AppError> {
    if let Some(wanted) = wanted_name() {
        let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
        let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
        return adapters
            .into_iter()
            .filter(|a| surface.is_none_or(|s| a.is_surface_supported(s)))
            .find(|a| a.get_info().name.to_lowercase().contains(&wanted))
            .ok_or_else(|| {
                AppError::NoAdapter(format!(
                    "WGPU_ADAPTER_NAME={wanted:?} matches none of the adapters {names:?}"
                ))
            });
    }
    pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::from_env().unwrap_or_default(),
        compatible_surface: surface,
        ..Default::default()
    }))
    .map_err(|e| AppError::NoAdapter(e.to_string()))
}

/// Before a headless render: when `WGPU_ADAPTER_NAME` is set, checks that
/// some adapter matches it, so that a wrong name is a clear error rather
/// than a panic inside wgpu's adapter helper.
pub(crate) fn check_adapter_name() -> Result<(), AppError> {
    if wanted_name().is_none() {
        return Ok(());
    }
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    pick_adapter(&instance, None).map(drop)
}

fn wanted_name() -> Option<String> {
    std::env::var("WGPU_ADAPTER_NAME")
        .ok()
        .map(|n| n.to_lowercase())
}
