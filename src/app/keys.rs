//! The window system's keys in the scene's terms.

use winit::keyboard::{Key as WinitKey, KeyCode, NamedKey, PhysicalKey};

use crate::scene::Key;

/// What a key event means to the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    /// Quit (Esc).
    Quit,
    /// A key for the scene.
    Scene(Key),
}

/// Maps a key by its place on the keyboard first (so the letters work on
/// any layout the way the chapter's scancodes do), then by what it types.
pub(crate) fn action(physical: PhysicalKey, logical: &WinitKey) -> Option<Action> {
    if let PhysicalKey::Code(code) = physical {
        let key = match code {
            KeyCode::Escape => return Some(Action::Quit),
            KeyCode::ArrowLeft => Some(Key::Left),
            KeyCode::ArrowRight => Some(Key::Right),
            KeyCode::Space => Some(Key::Space),
            KeyCode::KeyC => Some(Key::C),
            KeyCode::KeyS => Some(Key::S),
            KeyCode::KeyX => Some(Key::X),
            KeyCode::KeyA => Some(Key::A),
            KeyCode::KeyH => Some(Key::H),
            KeyCode::Digit3 | KeyCode::Numpad3 => Some(Key::Digit(3)),
            KeyCode::Digit4 | KeyCode::Numpad4 => Some(Key::Digit(4)),
            KeyCode::Digit5 | KeyCode::Numpad5 => Some(Key::Digit(5)),
            KeyCode::Digit6 | KeyCode::Numpad6 => Some(Key::Digit(6)),
            KeyCode::Digit7 | KeyCode::Numpad7 => Some(Key::Digit(7)),
            KeyCode::Digit8 | KeyCode::Numpad8 => Some(Key::Digit(8)),
            _ => None,
        };
        if let Some(key) = key {
            return Some(Action::Scene(key));
        }
    }
    match logical {
        WinitKey::Named(NamedKey::Escape) => Some(Action::Quit),
        WinitKey::Named(NamedKey::ArrowLeft) => Some(Action::Scene(Key::Left)),
        WinitKey::Named(NamedKey::ArrowRight) => Some(Action::Scene(Key::Right)),
        WinitKey::Named(NamedKey::Space) => Some(Action::Scene(Key::Space)),
        WinitKey::Character(s) => match s.to_ascii_lowercase().as_str() {
            "c" => Some(Action::Scene(Key::C)),
            "s" => Some(Action::Scene(Key::S)),
            "x" => Some(Action::Scene(Key::X)),
            "a" => Some(Action::Scene(Key::A)),
            "h" => Some(Action::Scene(Key::H)),
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => {
                Some(Action::Scene(Key::Digit(d.as_bytes()[0] - b'0')))
            }
            _ => None,
        },
        _ => None,
    }
}
