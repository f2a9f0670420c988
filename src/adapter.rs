//! Choosing the GPU adapter, shared by the window, the headless renderer and
//! the GPU collider: `WGPU_ADAPTER_NAME` is honoured without panicking when
//! it matches nothing (wgpu's own helper panics then).

/// The adapter whose name contains `WGPU_ADAPTER_NAME` (case-insensitive)
/// and that can present to `surface` when one is given; without the
/// variable, wgpu's choice for `WGPU_POWER_PREF`, or `power` when that is
/// unset. No match, or no adapter at all, is an error that says so.
pub(crate) fn pick_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
    power: wgpu::PowerPreference,
) -> Result<wgpu::Adapter, String> {
    if let Some(wanted) = wanted_name() {
        let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
        let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
        return adapters
            .into_iter()
            .filter(|a| surface.is_none_or(|s| a.is_surface_supported(s)))
            .find(|a| a.get_info().name.to_lowercase().contains(&wanted))
            .ok_or_else(|| {
                format!("WGPU_ADAPTER_NAME={wanted:?} matches none of the adapters {names:?}")
            });
    }
    pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::from_env().unwrap_or(power),
        compatible_surface: surface,
        ..Default::default()
    }))
    .map_err(|e| e.to_string())
}

fn wanted_name() -> Option<String> {
    std::env::var("WGPU_ADAPTER_NAME")
        .ok()
        .map(|n| n.to_lowercase())
}
