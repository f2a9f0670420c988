//! The whole chapter, live: the state and the words of Figure 16.2's path,
//! the test one axis at a time, the chapter's figures as scenes, and B's
//! corners as the user edits them. Drawn in `overlays.rs`.

use glam::Vec2;

use super::action::Action;
use super::figures::Figure;
use super::path::MinkowskiPath;
use super::state::{Fixed, Scene};
use super::steps::{AxisStep, axis_steps, px};

/// What the chapter's tools show, kept apart from the chapter's demo state.
#[derive(Debug, Clone, Default)]
pub(super) struct Chapter {
    /// Whether the path is shown (P).
    pub(super) show_path: bool,
    /// The step shown: `Some(k)` is axis k (from 1), one past the last
    /// axis tried is the result; `None` is the whole test at once.
    pub(super) step: Option<usize>,
    /// The figure loaded, whose caption shows.
    pub(super) figure: Option<Figure>,
    /// The chapter's keys in words, shown with the help line.
    pub(super) keys_line: String,
    /// B's corners as the user gave them (edited, or `--corners`), when
    /// they are not the regular polygon's.
    pub(super) outline: Option<Vec<Vec2>>,
    /// Whether that outline has a dent (or crosses itself), so the test
    /// uses its hull.
    pub(super) dent: bool,
    /// The corner of B the mouse holds, by its place in `outline`.
    pub(super) held_corner: Option<usize>,
    /// Whether the line between the centers is shown with the shadows on it
    /// (the FAQ's first question).
    pub(super) center_line: bool,
}

impl Scene {
    // ---- the path -------------------------------------------------------

    /// Whether Figure 16.2's path is shown (P).
    pub fn shows_path(&self) -> bool {
        self.chapter.show_path
    }

    /// Shows or hides the path ([`Action::TogglePath`]).
    pub fn set_path(&mut self, on: bool) {
        self.chapter.show_path = on;
    }

    /// Figure 16.2's path: where A's center goes as A slides around B
    /// without turning, just touching (B grown by A at A's current angle);
    /// `None` only if the shapes are too thin to have one.
    pub fn path(&self) -> Option<MinkowskiPath> {
        let a: Vec<Vec2> = self
            .placed_box()
            .points()
            .iter()
            .map(|&p| p - self.box_position())
            .collect();
        match self.fixed() {
            Fixed::Polygon(b) => MinkowskiPath::around_polygon(&a, &b),
            Fixed::Circle(c) => MinkowskiPath::around_circle(&a, &c),
        }
    }

    /// The path's readout line: how far A's center is inside the path (the
    /// push) or outside it (the true distance), and, when apart, that the
    /// gap on one axis is never more than that.
    pub fn path_line(&self) -> Option<String> {
        let d = self.path()?.signed_distance(self.box_position());
        let r = self.result();
        Some(if r.overlapping {
            format!("A's center is {} px inside the path (silver)", px(-d))
        } else {
            format!(
                "A's center is {} px outside the path (silver); the gap on one axis, {} px, is never more than that",
                px(d.max(0.0)),
                px(r.depth)
            )
        })
    }

    // ---- one axis at a time ---------------------------------------------

    /// The test's axes in its order, each with what it showed, up to the
    /// first gap; and how many axes there are in all.
    pub fn axis_steps(&self) -> (Vec<AxisStep>, usize) {
        axis_steps(self.placed_box(), &self.fixed())
    }

    /// The step shown: `Some(k)` for axis k (from 1), or one past the last
    /// axis tried for the result; `None` when the test shows all at once.
    pub fn step(&self) -> Option<usize> {
        let (steps, _) = self.axis_steps();
        self.chapter.step.map(|k| k.min(steps.len() + 1))
    }

    /// Shows axis `k` of the test (from 1; past the last axis tried, the
    /// result), or the whole test at once (`None`).
    pub fn set_step(&mut self, k: Option<usize>) {
        self.chapter.step = k.map(|k| k.max(1));
    }

    /// Whether one axis is shown, not the result (the push and the
    /// dividing line wait until then).
    pub fn shows_axis_step(&self) -> bool {
        let (steps, _) = self.axis_steps();
        self.chapter.step.is_some_and(|k| k <= steps.len())
    }

    /// T: the next axis, then the result, then the whole test again.
    pub fn step_forward(&mut self) {
        let last = self.axis_steps().0.len() + 1;
        self.chapter.step = match self.step() {
            None => Some(1),
            Some(k) if k < last => Some(k + 1),
            Some(_) => None,
        };
    }

    /// Shift+T: the axis before; from the first, the whole test again;
    /// from the whole test, the result.
    pub fn step_back(&mut self) {
        let last = self.axis_steps().0.len() + 1;
        self.chapter.step = match self.step() {
            None => Some(last),
            Some(1) => None,
            Some(k) => Some(k - 1),
        };
    }

    /// The readout's first line while one axis is shown: "axis K of M",
    /// then the gap that stops the test, or the two ways out and the
    /// shortest push so far.
    pub(super) fn step_readout(&self) -> Option<String> {
        let k = self.chapter.step?;
        let (steps, total) = self.axis_steps();
        let step = steps.get(k - 1)?;
        Some(match step.way {
            super::steps::WayOut::Gap(g) => {
                format!(
                    "axis {k} of {total}: a gap of {} px: the test stops here",
                    px(g)
                )
            }
            super::steps::WayOut::Overlap { forward, backward } => format!(
                "axis {k} of {total}: forward {} px, backward {} px; the shortest push so far is {} px",
                px(forward),
                px(backward),
                px(step.so_far.depth)
            ),
        })
    }

    /// The table beside the shapes while stepping: one row for each axis
    /// tried so far (all of them at the result).
    pub fn step_table(&self) -> Vec<String> {
        let Some(k) = self.step() else {
            return Vec::new();
        };
        let (steps, total) = self.axis_steps();
        let mut rows: Vec<String> = steps
            .iter()
            .take(k)
            .enumerate()
            .map(|(i, s)| s.row(i + 1))
            .collect();
        if k > steps.len() {
            let tried = steps.len();
            let different = steps.iter().filter(|s| s.repeats.is_none()).count();
            rows.push(format!(
                "{tried} of {total} axes tried, {different} different directions"
            ));
        }
        rows
    }

    // ---- words ----------------------------------------------------------

    /// Sets the chapter's keys in words, shown above the help line while
    /// help is on (the app's keymap; empty: none).
    pub fn set_chapter_keys(&mut self, words: impl Into<String>) {
        self.chapter.keys_line = words.into();
    }

    /// The chapter's keys line, as set by [`Scene::set_chapter_keys`].
    pub fn chapter_keys_line(&self) -> &str {
        &self.chapter.keys_line
    }

    /// The figure loaded, if any.
    pub fn figure(&self) -> Option<Figure> {
        self.chapter.figure
    }

    /// The loaded figure's caption, if any.
    pub fn caption(&self) -> Option<String> {
        self.chapter.figure.map(|f| f.caption().to_string())
    }

    /// The lines the overlays add below the readout, top to bottom: the
    /// path's, the dent's, the line between the centers', then the step
    /// table.
    pub fn overlay_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.shows_path()
            && let Some(line) = self.path_line()
        {
            out.push(line);
        }
        if self.has_dent() {
            out.push("a dent: tested as its hull".to_string());
        }
        if let Some(line) = self.center_line_words() {
            out.push(line);
        }
        out.extend(self.step_table());
        out
    }

    /// Every line of text the picture shows, top to bottom: the readout,
    /// the axes line, the shortcut's line, the overlays' lines, the
    /// caption, the keys lines. `--screenshot` prints these.
    pub fn text_lines(&self) -> Vec<String> {
        let mut out = vec![self.readout(), self.axes_line()];
        if self.shows_shortcut() {
            out.push(self.shortcut_line());
        }
        out.extend(self.overlay_lines());
        out.extend(self.contacts_line());
        out.extend(self.caption());
        if self.shows_help() {
            if !self.chapter.keys_line.is_empty() {
                out.push(self.chapter.keys_line.clone());
            }
            out.push(self.help_line());
        }
        let controls = self.controls_line();
        if !controls.is_empty() {
            out.push(controls);
        }
        out
    }

    /// The line between the centers, and both shadows on it (the FAQ's
    /// long boxes): `None` unless a figure shows it.
    pub(super) fn center_line_words(&self) -> Option<String> {
        let (_, a, b, _) = self.center_line_shadows()?;
        let overlap = a.gap(&b) <= 0.0;
        Some(format!(
            "on the line between the centers (white): A {} to {}, B {} to {}: {}",
            px(a.min),
            px(a.max),
            px(b.min),
            px(b.max),
            if overlap {
                "the shadows overlap, yet the shapes are apart"
            } else {
                "a gap"
            }
        ))
    }

    /// The unit line from B's center to A's, both shadows on it, and B's
    /// center, when shown.
    pub(super) fn center_line_shadows(
        &self,
    ) -> Option<(Vec2, crate::sat::Interval, crate::sat::Interval, Vec2)> {
        if !self.chapter.center_line {
            return None;
        }
        let b_center = match self.fixed() {
            Fixed::Polygon(p) => p.center(),
            Fixed::Circle(c) => c.center,
        };
        let u = (self.box_position() - b_center).normalize_or_zero();
        if u == Vec2::ZERO {
            return None;
        }
        let (a, b) = self.shadows_on(u);
        Some((u, a, b, b_center))
    }

    // ---- keys -----------------------------------------------------------

    /// Does one of the chapter's actions; returns whether anything shown
    /// changed.
    pub(super) fn start_chapter(&mut self, action: Action) -> bool {
        match action {
            Action::TogglePath => self.chapter.show_path = !self.chapter.show_path,
            Action::StepForward => self.step_forward(),
            Action::StepBack => self.step_back(),
            Action::NextFigure => {
                let next = Figure::after(self.chapter.figure);
                self.load_figure(next);
            }
            Action::PreviousFigure => {
                let previous = Figure::before(self.chapter.figure);
                self.load_figure(previous);
            }
            Action::Reset => self.reset(),
            _ => return false,
        }
        true
    }

    /// R: the chapter's starting scene again, keeping the window's view
    /// and the key hints.
    pub fn reset(&mut self) {
        let (view, hints, keys) = (
            self.view,
            self.hints.clone(),
            self.chapter.keys_line.clone(),
        );
        *self = Scene::new();
        self.view = view;
        self.hints = hints;
        self.chapter.keys_line = keys;
    }
}
