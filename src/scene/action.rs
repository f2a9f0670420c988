//! What the user can ask of the scene, in its own terms. The app's keymap
//! turns keys into these; the scene never sees a key.

/// One thing the user can ask of the scene. The app's keymap decides which
/// key asks for it; [`Scene::start`](super::Scene::start) does it, and
/// [`Scene::stop`](super::Scene::stop) ends the ones that last while held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// While held: turns the box counterclockwise on screen, at
    /// [`TURN_SPEED`](super::TURN_SPEED).
    TurnLeft,
    /// While held: turns the box clockwise on screen.
    TurnRight,
    /// Moves the box by the push, so that the shapes just touch (the
    /// chapter's exercise 5).
    PushOut,
    /// Switches the fixed shape between its polygon and the circle.
    ToggleCircle,
    /// Shows or hides the deciding axis with each shape's shadow on it
    /// (exercise 4).
    ToggleShadows,
    /// Shows or hides the overlap-length shortcut's answer.
    ToggleShortcut,
    /// Shows or hides every axis the test tries.
    ToggleAllAxes,
    /// Shows or hides the contact points (a dot on each surface), their
    /// separations and the normal.
    ToggleContacts,
    /// Shows or hides the help line.
    ToggleHelp,
    /// Makes the fixed shape a regular polygon of this many sides
    /// ([`MIN_SIDES`](super::MIN_SIDES) to [`MAX_SIDES`](super::MAX_SIDES);
    /// others do nothing).
    Sides(u8),
    /// While held, in the tank game: drives the tank forward (Up).
    DriveForward,
    /// While held, in the tank game: drives the tank back (Down).
    DriveBack,
    /// Switches between SAT Visualizer and the tank game (G).
    ToggleTank,
    /// Tests the tank against the course once or twice a step.
    TogglePasses,
    /// Shows or hides Figure 16.2's path: where A's center goes as A
    /// slides around B just touching.
    TogglePath,
    /// Shows the test's next axis (its shadows, and the gap or the two
    /// ways out), then the result.
    StepForward,
    /// Shows the test's axis before.
    StepBack,
    /// Loads the chapter's next figure.
    NextFigure,
    /// Loads the chapter's figure before.
    PreviousFigure,
    /// Resets the scene to the chapter's starting scene.
    Reset,
}

impl Action {
    /// The four overlays the chapter's exercises and the FAQ add, as S, X,
    /// A and H toggle them: the deciding axis with its shadows, the
    /// shortcut's answer, every axis tried, and the help line.
    pub const OVERLAYS: [Action; 4] = [
        Action::ToggleShadows,
        Action::ToggleShortcut,
        Action::ToggleAllAxes,
        Action::ToggleHelp,
    ];

    /// Whether the action lasts while its key is held (a turn), rather
    /// than happening once when it is pressed.
    pub fn is_held(self) -> bool {
        matches!(
            self,
            Action::TurnLeft | Action::TurnRight | Action::DriveForward | Action::DriveBack
        )
    }

    /// Whether the action is the tank game's own (it does nothing in SAT
    /// Visualizer, except [`Action::ToggleTank`], which switches to it).
    pub fn is_tank(self) -> bool {
        matches!(
            self,
            Action::DriveForward | Action::DriveBack | Action::ToggleTank | Action::TogglePasses
        )
    }
}
