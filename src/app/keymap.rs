//! The app's keymap: one table of key, action and words. The window maps
//! keys through it, and the same table writes the scene's controls line,
//! its help line and `--help`'s list of keys, so they can never disagree.

use winit::keyboard::{Key as WinitKey, KeyCode, NamedKey, PhysicalKey};

use crate::scene::{Action, Hints, MAX_SIDES, MIN_SIDES};

/// What a key asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Command {
    /// Quit the app.
    Quit,
    /// An action for the scene.
    Scene(Action),
}

/// Where a binding's words are shown in the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// The controls line, always shown at the bottom.
    Controls,
    /// The help line, shown by the help key.
    Help,
    /// The tank game's line of keys, shown at its bottom.
    Tank,
    /// The chapter's keys, shown above the help line with it.
    Chapter,
}

/// One row of the keymap: the keys (by their place on the keyboard, so
/// the letters work on any layout as the chapter's scancodes do, and by
/// what they type as a fallback), the label shown in brackets, what they
/// ask for, and the words that say so (`{polygon}` is the fixed polygon's
/// name, filled in by the scene).
struct Binding {
    /// The keys by their place on the keyboard.
    codes: &'static [KeyCode],
    /// The characters they type, lower-cased, for keys not found by place.
    typed: &'static [&'static str],
    /// The named keys (arrows, Esc, Space) by what they are.
    named: &'static [NamedKey],
    /// The label in the hints, in brackets.
    label: &'static str,
    /// What they ask for; `None` for a row that only puts words on a line.
    command: Option<Command>,
    /// What the hints say they do (empty: the label runs into the next).
    words: &'static str,
    /// Which line of hints shows them.
    line: Line,
}

/// A row's keys: by place, by what they type, and by name (see
/// [`Binding`]).
type Keys = (
    &'static [KeyCode],
    &'static [&'static str],
    &'static [NamedKey],
);

/// One row of the keymap, in the order the table's columns go.
const fn bind(
    (codes, typed, named): Keys,
    label: &'static str,
    command: Option<Command>,
    words: &'static str,
    line: Line,
) -> Binding {
    Binding {
        codes,
        typed,
        named,
        label,
        command,
        words,
        line,
    }
}

use Action::*;

/// The keymap, in the order the hints list it. The mouse drag has no key,
/// but its words belong on the controls line like the others
/// (`command: None`).
#[rustfmt::skip] // a table: one row a line
const KEYMAP: &[Binding] = &[
    bind((&[], &[], &[]), "[Drag]", None, "the box", Line::Controls),
    bind((&[KeyCode::ArrowLeft], &[], &[NamedKey::ArrowLeft]), "[Left]", Some(Command::Scene(TurnLeft)), "", Line::Controls),
    bind((&[KeyCode::ArrowRight], &[], &[NamedKey::ArrowRight]), "[Right]", Some(Command::Scene(TurnRight)), "turn it", Line::Controls),
    bind((&[KeyCode::KeyC], &["c"], &[]), "[C]", Some(Command::Scene(ToggleCircle)), "{polygon} or circle", Line::Controls),
    bind((&[KeyCode::KeyH], &["h"], &[]), "[H]", Some(Command::Scene(ToggleHelp)), "more keys", Line::Controls),
    bind((&[KeyCode::Escape], &[], &[NamedKey::Escape]), "[Esc]", Some(Command::Quit), "quit", Line::Controls),
    bind((&[KeyCode::KeyS], &["s"], &[]), "[S]", Some(Command::Scene(ToggleShadows)), "shadows", Line::Help),
    bind((&[KeyCode::Space], &[" "], &[NamedKey::Space]), "[Space]", Some(Command::Scene(PushOut)), "push out", Line::Help),
    bind((&[KeyCode::KeyX], &["x"], &[]), "[X]", Some(Command::Scene(ToggleShortcut)), "shortcut", Line::Help),
    bind((&[KeyCode::KeyA], &["a"], &[]), "[A]", Some(Command::Scene(ToggleAllAxes)), "all axes", Line::Help),
    bind((&[KeyCode::KeyK], &["k"], &[]), "[K]", Some(Command::Scene(ToggleContacts)), "contacts", Line::Help),
    // The digits 3 to 8 are one row in the hints; `digit` finds them.
    bind((&[], &[], &[]), "[3]-[8]", None, "sides", Line::Help),
    // G's own row is the tank's; here it only names the game.
    bind((&[], &[], &[]), "[G]", None, "tank game", Line::Help),
    bind((&[KeyCode::KeyH], &[], &[]), "[H]", None, "hide", Line::Help),
    // The tank game's keys. Left, Right and Esc do there what they do in
    // SAT Visualizer (their rows above map them); these rows only put
    // their words on the tank's line.
    bind((&[KeyCode::ArrowUp], &[], &[NamedKey::ArrowUp]), "[Up]", Some(Command::Scene(DriveForward)), "", Line::Tank),
    bind((&[KeyCode::ArrowDown], &[], &[NamedKey::ArrowDown]), "[Down]", Some(Command::Scene(DriveBack)), "drive", Line::Tank),
    bind((&[], &[], &[]), "[Left]", None, "", Line::Tank),
    bind((&[], &[], &[]), "[Right]", None, "turn it", Line::Tank),
    bind((&[KeyCode::KeyV], &["v"], &[]), "[V]", Some(Command::Scene(TogglePasses)), "one pass or two", Line::Tank),
    bind((&[KeyCode::KeyG], &["g"], &[]), "[G]", Some(Command::Scene(ToggleTank)), "the tank or SAT Visualizer", Line::Tank),
    bind((&[], &[], &[]), "[K]", None, "contacts", Line::Tank),
    bind((&[], &[], &[]), "[Esc]", None, "quit", Line::Tank),
    // The chapter's tools (issue 10).
    bind((&[KeyCode::KeyP], &["p"], &[]), "[P]", Some(Command::Scene(TogglePath)), "path", Line::Chapter),
    bind((&[KeyCode::KeyT], &["t"], &[]), "[T]", Some(Command::Scene(StepForward)), "next axis", Line::Chapter),
    // Shift+T: the window turns T's step forward into a step back.
    bind((&[], &[], &[]), "[Shift+T]", None, "axis before", Line::Chapter),
    bind((&[KeyCode::PageDown], &[], &[NamedKey::PageDown]), "[PgDn]", Some(Command::Scene(NextFigure)), "", Line::Chapter),
    bind((&[KeyCode::PageUp], &[], &[NamedKey::PageUp]), "[PgUp]", Some(Command::Scene(PreviousFigure)), "figures", Line::Chapter),
    bind((&[], &[], &[]), "[Drag]", None, "B's corners (double-click adds one, right-click removes)", Line::Chapter),
    bind((&[KeyCode::KeyR], &["r"], &[]), "[R]", Some(Command::Scene(Reset)), "reset", Line::Chapter),
];

/// The digit keys, by place and on the number pad, with the digit each
/// types.
const DIGITS: [(KeyCode, KeyCode, u8); 10] = [
    (KeyCode::Digit0, KeyCode::Numpad0, 0),
    (KeyCode::Digit1, KeyCode::Numpad1, 1),
    (KeyCode::Digit2, KeyCode::Numpad2, 2),
    (KeyCode::Digit3, KeyCode::Numpad3, 3),
    (KeyCode::Digit4, KeyCode::Numpad4, 4),
    (KeyCode::Digit5, KeyCode::Numpad5, 5),
    (KeyCode::Digit6, KeyCode::Numpad6, 6),
    (KeyCode::Digit7, KeyCode::Numpad7, 7),
    (KeyCode::Digit8, KeyCode::Numpad8, 8),
    (KeyCode::Digit9, KeyCode::Numpad9, 9),
];

/// A digit key as the number of sides it asks for: only 3 to 8 ask for
/// anything.
fn digit(n: u8) -> Option<Command> {
    (MIN_SIDES as u8..=MAX_SIDES as u8)
        .contains(&n)
        .then_some(Command::Scene(Sides(n)))
}

/// What a key asks for: by its place on the keyboard first, then by what
/// it types.
pub(crate) fn command(physical: PhysicalKey, logical: &WinitKey) -> Option<Command> {
    if let PhysicalKey::Code(code) = physical {
        if let Some(&(_, _, n)) = DIGITS.iter().find(|d| d.0 == code || d.1 == code) {
            return digit(n);
        }
        let by_place = KEYMAP
            .iter()
            .find(|b| b.command.is_some() && b.codes.contains(&code));
        if let Some(b) = by_place {
            return b.command;
        }
    }
    let typed = match logical {
        WinitKey::Named(named) => {
            return KEYMAP
                .iter()
                .find(|b| b.command.is_some() && b.named.contains(named))
                .and_then(|b| b.command);
        }
        WinitKey::Character(s) => s.to_ascii_lowercase(),
        _ => return None,
    };
    if let [d] = typed.as_bytes()
        && d.is_ascii_digit()
    {
        return digit(d - b'0');
    }
    KEYMAP
        .iter()
        .find(|b| b.command.is_some() && b.typed.contains(&typed.as_str()))
        .and_then(|b| b.command)
}

/// One line of hints: each binding's label and words, three spaces apart
/// (a label with no words runs into the next, as `[Left] [Right] turn
/// it`).
///
/// On the web page Esc quits nothing (a page is closed by its browser), so
/// the page's lines leave out the "quit" rows.
fn line_of(line: Line) -> String {
    let page = cfg!(target_arch = "wasm32");
    let mut out = String::new();
    for b in KEYMAP
        .iter()
        .filter(|b| b.line == line && !(page && b.words == "quit"))
    {
        out.push_str(b.label);
        if b.words.is_empty() {
            out.push(' ');
        } else {
            out.push(' ');
            out.push_str(b.words);
            out.push_str("   ");
        }
    }
    out.trim_end().to_string()
}

/// The scene's key hints: the controls line and the help line.
pub fn hints() -> Hints {
    Hints {
        controls: line_of(Line::Controls),
        help: line_of(Line::Help),
    }
}

/// The tank game's line of keys, drawn at its bottom
/// ([`Scene::set_tank_hints`](crate::scene::Scene::set_tank_hints)).
pub fn tank_hints() -> String {
    line_of(Line::Tank)
}

/// The action a held key's name asks for, as `--hold` names keys: `Up`,
/// `Down`, `Left` or `Right` (any case), by the keymap's labels; `None` for
/// any other name.
pub fn held_action(name: &str) -> Option<Action> {
    KEYMAP.iter().find_map(|b| match b.command {
        Some(Command::Scene(action))
            if action.is_held()
                && b.label
                    .strip_prefix('[')
                    .and_then(|l| l.strip_suffix(']'))
                    .is_some_and(|l| l.eq_ignore_ascii_case(name)) =>
        {
            Some(action)
        }
        _ => None,
    })
}

/// What a key asks for with Shift held: Shift+T steps back through the
/// axes; every other key asks for the same with or without it.
pub(crate) fn shifted(command: Command) -> Command {
    match command {
        Command::Scene(StepForward) => Command::Scene(StepBack),
        other => other,
    }
}

/// The chapter's keys in words, shown above the help line while help is
/// on: the path, the steps, the figures, B's corners and the reset.
pub fn chapter_keys() -> String {
    line_of(Line::Chapter)
}

/// The keys for `--help`: one row each, label then words, with the fixed
/// polygon's name as "polygon" (the scene's current one isn't known
/// there).
pub fn help_text() -> String {
    let mut out = String::from("Keys in the window:\n");
    let mut seen = Vec::new();
    for b in KEYMAP {
        // A row that only names a key another row maps (H's "hide", G
        // on the help line) says nothing new here.
        let named_elsewhere = b.command.is_none()
            && KEYMAP
                .iter()
                .any(|o| o.label == b.label && o.command.is_some());
        if b.words.is_empty() || seen.contains(&(b.label, b.words)) || named_elsewhere {
            continue;
        }
        seen.push((b.label, b.words));
        let label = match b.label {
            "[Right]" => "[Left] [Right]",
            "[Down]" => "[Up] [Down]",
            "[PgUp]" => "[PgDn] [PgUp]",
            other => other,
        };
        let words = b.words.replace("{polygon}", "polygon");
        out.push_str(&format!("  {label:<16} {words}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use winit::keyboard::SmolStr;

    fn by_code(code: KeyCode) -> Option<Command> {
        command(
            PhysicalKey::Code(code),
            &WinitKey::Unidentified(winit::keyboard::NativeKey::Unidentified),
        )
    }

    fn by_char(s: &str) -> Option<Command> {
        command(
            PhysicalKey::Unidentified(winit::keyboard::NativeKeyCode::Unidentified),
            &WinitKey::Character(SmolStr::new(s)),
        )
    }

    #[test]
    fn every_key_the_hints_name_does_what_they_say() {
        use Command::Scene as S;
        for (code, typed, want) in [
            (KeyCode::ArrowLeft, None, S(TurnLeft)),
            (KeyCode::ArrowRight, None, S(TurnRight)),
            (KeyCode::KeyC, Some("c"), S(ToggleCircle)),
            (KeyCode::KeyH, Some("H"), S(ToggleHelp)),
            (KeyCode::KeyS, Some("s"), S(ToggleShadows)),
            (KeyCode::KeyX, Some("x"), S(ToggleShortcut)),
            (KeyCode::KeyA, Some("A"), S(ToggleAllAxes)),
            (KeyCode::Space, Some(" "), S(PushOut)),
            (KeyCode::KeyK, Some("K"), S(ToggleContacts)),
            (KeyCode::Digit3, Some("3"), S(Sides(3))),
            (KeyCode::Numpad8, Some("8"), S(Sides(8))),
            (KeyCode::Escape, None, Command::Quit),
        ] {
            assert_eq!(by_code(code), Some(want), "{code:?}");
            if let Some(t) = typed {
                assert_eq!(by_char(t), Some(want), "{t:?}");
            }
        }
        for (code, typed, want) in [
            (KeyCode::KeyP, "p", S(TogglePath)),
            (KeyCode::KeyT, "T", S(StepForward)),
            (KeyCode::KeyR, "r", S(Reset)),
        ] {
            assert_eq!(by_code(code), Some(want), "{code:?}");
            assert_eq!(by_char(typed), Some(want), "{typed:?}");
        }
        assert_eq!(by_code(KeyCode::PageDown), Some(S(NextFigure)));
        assert_eq!(by_code(KeyCode::PageUp), Some(S(PreviousFigure)));
        assert_eq!(shifted(S(StepForward)), S(StepBack));
        assert_eq!(shifted(S(TogglePath)), S(TogglePath));
        for code in [KeyCode::Digit2, KeyCode::Digit9, KeyCode::KeyQ] {
            assert_eq!(by_code(code), None, "{code:?}");
        }
        assert_eq!(by_char("9"), None);
        assert_eq!(by_char("q"), None);
    }

    #[test]
    fn the_hints_are_the_tables_words() {
        let h = hints();
        assert_eq!(
            h.controls,
            "[Drag] the box   [Left] [Right] turn it   [C] {polygon} or circle   [H] more keys   [Esc] quit"
        );
        assert_eq!(
            h.help,
            "[S] shadows   [Space] push out   [X] shortcut   [A] all axes   [K] contacts   [3]-[8] sides   [G] tank game   [H] hide"
        );
        assert_eq!(
            chapter_keys(),
            "[P] path   [T] next axis   [Shift+T] axis before   [PgDn] [PgUp] figures   \
             [Drag] B's corners (double-click adds one, right-click removes)   [R] reset"
        );
        let help = help_text();
        for row in [
            "[Drag]",
            "[Left] [Right]   turn it",
            "[C]",
            "polygon or circle",
            "[Space]",
            "push out",
            "[3]-[8]",
            "[Esc]",
            "[PgDn] [PgUp]",
            "[Shift+T]",
        ] {
            assert!(help.contains(row), "--help's keys name {row:?}:\n{help}");
        }
    }
}
