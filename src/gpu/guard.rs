//! Turning wgpu's ways of failing (error scopes, callbacks) into
//! [`GpuError`] values.

use std::sync::{Arc, Mutex};

use super::GpuError;

/// A message a wgpu callback leaves for the collider (the first one, if
/// several come).
#[derive(Clone, Default)]
pub(crate) struct Note(Arc<Mutex<Option<String>>>);

impl Note {
    pub(crate) fn set(&self, message: String) {
        // A poisoned lock still holds its note: a panic elsewhere cannot
        // make this one fail.
        let mut slot = self.0.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(message);
    }

    pub(crate) fn get(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn take(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// Error scopes around a stretch of GPU work, so that wgpu's complaints
/// come back as a [`GpuError`] instead of a panic.
pub(crate) struct Scopes {
    guards: Vec<wgpu::ErrorScopeGuard>,
}

impl Scopes {
    pub(crate) fn push(device: &wgpu::Device) -> Scopes {
        let filters = [
            wgpu::ErrorFilter::Validation,
            wgpu::ErrorFilter::OutOfMemory,
            wgpu::ErrorFilter::Internal,
        ];
        Scopes {
            guards: filters
                .into_iter()
                .map(|f| device.push_error_scope(f))
                .collect(),
        }
    }

    /// Pops the scopes, innermost first; the first error any caught.
    pub(crate) fn pop(mut self) -> Option<GpuError> {
        let mut first = None;
        while let Some(guard) = self.guards.pop() {
            if let Some(e) = pollster::block_on(guard.pop()) {
                first.get_or_insert(GpuError::Gpu(e.to_string()));
            }
        }
        first
    }
}
