//! `cfg` predicates: `name`, `name = "value"`, `not(..)`, `all(..)`, `any(..)`, as in
//! `#[cfg(..)]` and `#[cfg_attr(predicate, ..)]`. A predicate's value depends on how each
//! option is decided: by the bundler (only `test` and features: a crate whose features are on
//! has its `feature = ".."` predicates written out as `all()` or `any()` when it is read), or
//! by a platform's options (`rustc --print cfg`); `None` where an option is not decided.

use super::source::Source;

/// How one option (`unix`; `target_os` with `"linux"`) is decided: `None` where it is not.
pub type Decide<'a> = &'a dyn Fn(&str, Option<&str>) -> Option<bool>;

/// How the bundler decides a cfg option: `test` is off, a `feature` is off (where one is on,
/// reading wrote its predicates out), and everything else (`unix`, `target_os = "linux"`) is
/// left to the judge's compiler.
pub fn bundler_option(name: &str, value: Option<&str>) -> Option<bool> {
    match (name, value) {
        ("test", None) | ("feature", Some(_)) => Some(false),
        _ => None,
    }
}

/// The value of `cfg(...)` whose `cfg` is token `name_at`, each option decided by `decide`.
pub fn cfg_value(src: &Source, name_at: usize, decide: Decide) -> Result<Option<bool>, String> {
    let open = src.next_code(name_at + 1, src.tokens.len());
    if !src.is_punct(open, "(") {
        return Err(src.error(open, "expected `(` after `cfg`"));
    }
    let close = src.close(open);
    Ok(predicate(src, src.next_code(open + 1, close), close, decide)?.0)
}

/// The predicate of `cfg_attr(predicate, attrs)` whose `cfg_attr` is token `name_at`, each
/// option decided by `decide`.
pub fn cfg_attr_value(
    src: &Source,
    name_at: usize,
    decide: Decide,
) -> Result<Option<bool>, String> {
    let open = src.next_code(name_at + 1, src.tokens.len());
    if !src.is_punct(open, "(") {
        return Err(src.error(open, "expected `(` after `cfg_attr`"));
    }
    let close = src.close(open);
    Ok(predicate(src, src.next_code(open + 1, close), close, decide)?.0)
}

/// One predicate at token `i` (before `hi`): its value and the index after it.
fn predicate(
    src: &Source,
    i: usize,
    hi: usize,
    decide: Decide,
) -> Result<(Option<bool>, usize), String> {
    let code = |j: usize| src.next_code(j, hi);
    let name = match src.ident(i) {
        Some(name) if i < hi => name,
        _ => return Err(src.error(i, "expected a cfg predicate")),
    };
    let next = code(i + 1);
    if src.is_punct(next, "(") {
        let close = src.close(next);
        let mut values = Vec::new();
        let mut j = code(next + 1);
        while j < close {
            let (value, after) = predicate(src, j, close, decide)?;
            values.push(value);
            j = if src.is_punct(after, ",") { code(after + 1) } else { after };
            if j < close && !src.is_punct(after, ",") {
                return Err(src.error(j, "expected `,` between cfg predicates"));
            }
        }
        let value = match name {
            "not" if values.len() == 1 => values[0].map(|v| !v),
            "all" => values.into_iter().fold(Some(true), and),
            "any" => values.into_iter().fold(Some(false), or),
            _ => return Err(src.error(i, &format!("unknown cfg operator `{name}`"))),
        };
        return Ok((value, code(close + 1)));
    }
    if src.is_punct(next, "=") {
        let literal = code(next + 1);
        let value = src.text(literal.min(src.tokens.len() - 1)).trim_matches('"');
        return Ok((decide(name, Some(value)), code(literal + 1)));
    }
    Ok((decide(name, None), next))
}

/// `a && b` where either may be unknown.
fn and(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

/// `a || b` where either may be unknown.
fn or(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (Some(false), Some(false)) => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{bundler_option, cfg_value};
    use crate::source::Source;

    /// The value of the `cfg(..)` in `text` (which starts with `cfg`) under `decide`.
    fn value(text: &str, decide: super::Decide) -> Result<Option<bool>, String> {
        let src = Source::new("t.rs".to_string(), text.to_string()).expect("lexes");
        cfg_value(&src, 0, decide)
    }

    #[test]
    fn the_bundler_decides_test_and_features_only() {
        let bundler = &bundler_option;
        assert_eq!(value("cfg(test)", bundler), Ok(Some(false)));
        assert_eq!(value("cfg(not(test))", bundler), Ok(Some(true)));
        assert_eq!(value("cfg(feature = \"x\")", bundler), Ok(Some(false)));
        assert_eq!(value("cfg(unix)", bundler), Ok(None));
        assert_eq!(value("cfg(all(unix, test))", bundler), Ok(Some(false)));
        assert_eq!(value("cfg(any(unix, test))", bundler), Ok(None));
        assert_eq!(value("cfg(any(unix, not(test)))", bundler), Ok(Some(true)));
    }

    #[test]
    fn a_platform_decides_its_options() {
        let linux = &|name: &str, value: Option<&str>| {
            Some(matches!((name, value), ("unix", None) | ("target_os", Some("linux"))))
        };
        assert_eq!(value("cfg(windows)", linux), Ok(Some(false)));
        assert_eq!(value("cfg(all(unix, target_os = \"linux\"))", linux), Ok(Some(true)));
        assert_eq!(value("cfg(not(any(windows, target_os = \"macos\")))", linux), Ok(Some(true)));
    }

    #[test]
    fn malformed_predicates_are_errors_at_their_place() {
        let bundler = &bundler_option;
        assert!(value("cfg(maybe(x))", bundler).unwrap_err().contains("unknown cfg operator"));
        assert!(value("cfg(all(a b))", bundler).unwrap_err().contains("expected `,`"));
        assert!(value("cfg", bundler).unwrap_err().contains("expected `(` after `cfg`"));
    }
}
