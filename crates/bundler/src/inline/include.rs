//! `include_str!("f")` and `include_bytes!("f")` as the literals they give: the file read
//! relative to the one that calls the macro, written as a raw string or a byte string. A file
//! that resolves (symlinks followed) outside the workspace is refused: a submission carries
//! only the workspace's own files, never one from elsewhere on the machine.

use std::path::Path;

use crate::lexer::{Kind, Lit};
use crate::read::Tree;
use crate::source::Source;

/// The `include_str!` or `include_bytes!` call whose name is token `name` and `!` token
/// `bang`, in `src` (at `path`, a file of `tree`): the index of its closing delimiter and the
/// literal it gives.
pub fn included(
    tree: &Tree,
    src: &Source,
    path: &Path,
    name: usize,
    bang: usize,
) -> Result<(usize, String), String> {
    let all = src.tokens.len();
    let open = src.next_code(bang + 1, all);
    let path_at = src.next_code(open + 1, all);
    let after = src.next_code(path_at + 1, all);
    let after = if src.is_punct(after, ",") { src.next_code(after + 1, all) } else { after };
    let one_literal = src.tokens.get(path_at).map(|t| t.kind) == Some(Kind::Literal(Lit::Str));
    let Some(close) = src.partner(open).filter(|&close| close == after && one_literal) else {
        return Err(src.error(name, "cannot inline this include: expected one string literal"));
    };
    let relative = src.text(path_at).trim_matches('"');
    if relative.contains('\\') {
        return Err(src.error(path_at, "cannot inline an include path with escapes"));
    }
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if let Some(resolved) = tree.outside_workspace(&base.join(relative)) {
        let message = format!(
            "cannot inline `{}!` of {relative}: it is {}, outside the workspace (a submission \
             carries only the workspace's own files)",
            src.text(name),
            resolved.display()
        );
        return Err(src.error(path_at, &message));
    }
    let bytes = std::fs::read(base.join(relative))
        .map_err(|e| src.error(path_at, &format!("cannot read {relative}: {e}")))?;
    let literal = if src.text(name) == "include_str" {
        let text = String::from_utf8(bytes)
            .map_err(|_| src.error(path_at, &format!("{relative} is not UTF-8")))?;
        str_literal(&text)
    } else {
        bytes_literal(&bytes)
    };
    Ok((close, literal))
}

/// `text` as a literal: a raw string with enough `#`s, or (for a bare carriage return, which
/// a raw string cannot hold) an escaped string.
fn str_literal(text: &str) -> String {
    if text.contains('\r') {
        format!("{text:?}")
    } else {
        let hashes = "#".repeat(1 + longest_hash_run(text));
        format!("r{hashes}\"{text}\"{hashes}")
    }
}

/// `bytes` as a byte string literal: printable ASCII as itself, the rest escaped.
fn bytes_literal(bytes: &[u8]) -> String {
    let mut text = String::from("b\"");
    for &b in bytes {
        match b {
            b'"' => text.push_str("\\\""),
            b'\\' => text.push_str("\\\\"),
            b' '..=b'~' => text.push(b as char),
            _ => text.push_str(&format!("\\x{b:02x}")),
        }
    }
    text.push('"');
    text
}

/// The longest run of `#` right after a `"` in `text` (a raw string needs one more).
fn longest_hash_run(text: &str) -> usize {
    text.split('"')
        .skip(1)
        .map(|rest| rest.len() - rest.trim_start_matches('#').len())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{bytes_literal, str_literal};

    #[test]
    fn literals_hold_any_text() {
        assert_eq!(str_literal("a \"b\"# c"), "r##\"a \"b\"# c\"##");
        assert_eq!(str_literal("plain"), "r#\"plain\"#");
        assert_eq!(str_literal("a\r\nb"), "\"a\\r\\nb\"");
        assert_eq!(bytes_literal(b"\x01\"\\z\n"), "b\"\\x01\\\"\\\\z\\x0a\"");
    }
}
