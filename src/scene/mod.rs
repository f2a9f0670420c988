//! The scene: the visualizer's state on the CPU (shapes, input, the SAT
//! result), and the draw list it makes each frame.
