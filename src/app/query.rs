//! The page's address as a command line: `?box=600,370&shadows` is
//! `--box=600,370 --shadows`, read by the same parser as the command line
//! ([`parse_args`]), so a link shows any figure the command line can, with
//! the same checks and the same messages.

use super::args::{Command, Options, parse_args};
use super::error::AppError;

/// The command line's options that make sense on a page, by the names the
/// query uses (the option's name without its dashes). The rest (the
/// screenshot, its size and scale, `--help`) are for the command line
/// only: the page is as big as the browser's window.
pub const PAGE_OPTIONS: [&str; 15] = [
    "box", "angle", "circle", "sides", "shadows", "all-axes", "shortcut", "contacts", "tank",
    "passes", "hold", "path", "step", "figure", "corners",
];

/// A query string (what follows `?` in the address; a leading `?` is
/// ignored) as the arguments it stands for: `name` is `--name`, and
/// `name=value` is `--name=value`, percent-escapes and `+` decoded. A
/// name not in [`PAGE_OPTIONS`], or a broken escape, is an
/// [`AppError::Args`] that names it.
pub fn query_args(query: &str) -> Result<Vec<String>, AppError> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (name, value) = match part.split_once('=') {
                Some((name, value)) => (decode(name)?, Some(decode(value)?)),
                None => (decode(part)?, None),
            };
            if !PAGE_OPTIONS.contains(&name.as_str()) {
                return Err(AppError::Args(format!(
                    "the page has no parameter {name:?}; it takes {}",
                    PAGE_OPTIONS.join(", ")
                )));
            }
            Ok(match value {
                Some(value) => format!("--{name}={value}"),
                None => format!("--{name}"),
            })
        })
        .collect()
}

/// The options a page's query string asks for, through [`query_args`] and
/// the command line's parser: any bad parameter is one
/// [`AppError::Args`], on one line.
pub fn page_options(query: &str) -> Result<Options, AppError> {
    match parse_args(query_args(query)?)? {
        Command::Run(opts) => Ok(opts),
        // `help` is not a page option, so this is not reached; say so
        // rather than panic.
        Command::Help => Err(AppError::Args("the page has no help parameter".into())),
    }
}

/// Decodes one `application/x-www-form-urlencoded` component: `+` is a
/// space and `%XX` a byte; the bytes must be UTF-8.
fn decode(component: &str) -> Result<String, AppError> {
    let bad = || AppError::Args(format!("{component:?} is not a well-escaped parameter"));
    let mut bytes = Vec::with_capacity(component.len());
    let mut rest = component.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        rest = tail;
        match b {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hex = rest.get(..2).ok_or_else(bad)?;
                let hex = std::str::from_utf8(hex).map_err(|_| bad())?;
                bytes.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
                rest = &rest[2..];
            }
            b => bytes.push(b),
        }
    }
    String::from_utf8(bytes).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn the_issues_link_is_its_command_line() {
        let query = "?box=600,370&angle=0.3&circle&sides=6&shadows&all-axes&shortcut";
        assert_eq!(
            query_args(query).unwrap(),
            [
                "--box=600,370",
                "--angle=0.3",
                "--circle",
                "--sides=6",
                "--shadows",
                "--all-axes",
                "--shortcut"
            ]
        );
        let opts = page_options(query).unwrap();
        assert_eq!(opts.box_position, Some(Vec2::new(600.0, 370.0)));
        assert_eq!(
            (opts.circle, opts.sides, opts.shadows),
            (true, Some(6), true)
        );
        assert!(opts.all_axes && opts.shortcut && !opts.size_given);
        let chapter = page_options("figure=centered&path&step=3&tank&box=-5%2C7").unwrap();
        assert!(chapter.path && chapter.tank && chapter.figure.is_some());
        assert_eq!(chapter.step, Some(3));
        assert_eq!(chapter.box_position, Some(Vec2::new(-5.0, 7.0)));
        assert_eq!(page_options("").unwrap(), Options::default());
        assert_eq!(
            query_args("corners=1,2%3B3,4;5+,6&&").unwrap(),
            ["--corners=1,2;3,4;5 ,6"]
        );
    }

    #[test]
    fn a_bad_parameter_is_one_line_that_names_it() {
        for (query, says) in [
            ("box=1", "X,Y"),
            ("sides=9", "--sides"),
            ("circle=yes", "--circle"),
            ("size=600x400", "\"size\""),
            ("screenshot=a.png", "\"screenshot\""),
            ("help", "\"help\""),
            ("frobnicate", "\"frobnicate\""),
            ("box=%zz", "well-escaped"),
            ("box=%e9", "well-escaped"),
            ("step=0", "--step"),
            ("figure=nope", "worked-example"),
        ] {
            let Err(AppError::Args(why)) = page_options(query) else {
                panic!("{query:?} is refused");
            };
            assert!(
                why.contains(says) && !why.contains('\n'),
                "{query:?}: {why}"
            );
        }
    }
}
