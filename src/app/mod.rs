//! The app: the winit event loop that owns the window and surface, feeds
//! input to the scene, and hands its draw list to the renderer.
