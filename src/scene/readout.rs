//! The readout's words: what the test found, and the axes it tries.

use super::state::Scene;

/// The name of a regular polygon of `sides` sides, as the axes line says
/// it ("pentagon"); `None` outside 3 to 8.
pub fn shape_name(sides: usize) -> Option<&'static str> {
    Some(match sides {
        3 => "triangle",
        4 => "square",
        5 => "pentagon",
        6 => "hexagon",
        7 => "heptagon",
        8 => "octagon",
        _ => return None,
    })
}

impl Scene {
    /// The first line: the push or the gap, in whole pixels, as the chapter
    /// words it.
    pub fn readout(&self) -> String {
        if let Some(line) = self.step_readout() {
            return line;
        }
        let r = self.result();
        let px = r.depth.round() as i64;
        if r.overlapping {
            format!("overlapping: push the box {px} px, as shown")
        } else {
            format!("apart: a gap of {px} px on one axis")
        }
    }

    /// The second line: the axes being tried.
    pub fn axes_line(&self) -> String {
        if self.uses_circle() {
            "axes: the box's 4 edge normals, and 1 toward the circle's center".to_string()
        } else if self.has_edited_corners() {
            let n = self.fixed_polygon.points().len();
            format!("axes: the box's 4 edge normals, and the outline's {n}")
        } else {
            let n = self.sides();
            let name = shape_name(n).unwrap_or("polygon");
            format!("axes: the box's 4 edge normals, and the {name}'s {n}")
        }
    }

    /// The shortcut's line, shown by X: what the overlap-length shortcut
    /// says against the real push.
    pub fn shortcut_line(&self) -> String {
        let real = self.result();
        let cut = self.shortcut_result();
        if !real.overlapping {
            return "shortcut: the same gap (it differs only when the shapes overlap)".to_string();
        }
        let (c, p) = (cut.depth.round() as i64, real.depth.round() as i64);
        let verdict = if (cut.push() - real.push()).length() < 0.5 {
            "agrees"
        } else {
            "is wrong"
        };
        format!("shortcut (silver): push {c} px, the real push is {p} px: it {verdict}")
    }

    /// The controls line at the bottom of the window: the app's hints
    /// ([`Scene::set_hints`]), with `{polygon}` filled in by the fixed
    /// polygon's name ("pentagon" at first). Empty when no hints were given.
    pub fn controls_line(&self) -> String {
        let name = self.fixed_name();
        self.hints.controls.replace("{polygon}", name)
    }

    /// The help line that [`Action::ToggleHelp`](super::Action::ToggleHelp)
    /// shows above the controls line: the app's hints again, filled in the
    /// same way.
    pub fn help_line(&self) -> String {
        let name = self.fixed_name();
        self.hints.help.replace("{polygon}", name)
    }
}
