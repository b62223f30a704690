//! Text from a problem's page as it goes into a crate: samples with Unix line ends, a title
//! as it may stand in a Rust comment and a TOML string.

/// `text` with Unix line ends and, unless empty, a final newline: how samples are kept.
pub(crate) fn normalized(text: &str) -> String {
    let mut text = text.replace("\r\n", "\n");
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The most characters of a page's text (a title) that go into a crate's docs and manifest.
const MAX_SHOWN_TEXT: usize = 160;

/// Text from a problem's page (its title: anything at all) as it may stand in a Rust line
/// comment and, escaped once more as a TOML string, in a manifest: on one line, each
/// character that is a control or a format character (a bidirectional override, which rustc
/// refuses in a comment; a zero-width one) written as `\u{..}`, cut to 160 characters.
pub fn comment_text(text: &str) -> String {
    let mut out = String::new();
    for (k, word) in text.split_whitespace().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        for c in word.chars() {
            let format = matches!(c, '\u{ad}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}');
            if c.is_control() || format {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            } else {
                out.push(c);
            }
        }
    }
    match out.char_indices().nth(MAX_SHOWN_TEXT) {
        Some((cut, _)) => format!("{}...", &out[..cut]),
        None => out,
    }
}

/// `text` (from [`comment_text`]: no control characters) as the inside of a TOML basic string.
pub(crate) fn toml_string(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}
