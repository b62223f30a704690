//! Phase 4: the file as the judge gets it. Blank lines that removals left are collapsed, the
//! text is written for the judge's edition (Rust 2024: `unsafe extern` blocks, `unsafe(..)`
//! attributes, `r#gen` for the new keyword, `static mut` references allowed as before), a
//! header says where it came from, and each of the judge's compilers (stand-ins) checks it:
//! a bundle the judge would reject is never printed.

use super::lexer::{self, Kind};
use super::mapped::{Edit, Mapped};
use super::refusal::{self, Judge};
use super::rustc::{self, Compiler};
use super::source::Source;

/// Collapses the blank lines that removals leave: at most one blank line between items, none
/// after a `{` or before a `}`, one newline at the end. Only whitespace between tokens is
/// touched, never the inside of a literal or a comment.
pub fn tidy(text: &mut Mapped) {
    let tokens = lexer::tokenize(&text.text).expect("the bundle is made of tokens that lexed");
    let mut edits = Vec::new();
    let mut pos = 0;
    let mut after_open = false;
    for token in &tokens {
        let gap = &text.text[pos..token.start];
        let token_text = &text.text[token.start..token.end];
        let before_close = token_text == "}";
        let limit = if after_open || before_close { 1 } else { 2 };
        let newlines = gap.matches('\n').count();
        if newlines > limit {
            let indent = &gap[gap.rfind('\n').expect("has newlines") + 1..];
            let first = if pos == 0 { 0 } else { limit };
            edits.push(Edit::new(pos, token.start, format!("{}{indent}", "\n".repeat(first))));
        } else if newlines > 0 && gap.starts_with([' ', '\t']) {
            // Spaces a removal left at the end of a line.
            let blanks = gap.len() - gap.trim_start_matches([' ', '\t']).len();
            edits.push(Edit::new(pos, pos + blanks, String::new()));
        }
        after_open = token_text == "{";
        pos = token.end;
    }
    let tail = &text.text[pos..];
    if tail != "\n" {
        edits.push(Edit::new(pos, text.text.len(), "\n".to_string()));
    }
    text.apply(edits);
}

/// Tidies the `use` groups that removals of single imports left (`use a::{ B};`,
/// `use a::{B, };`, on one line): as a person writes them.
pub fn tidy_use_groups(text: &mut Mapped) {
    let src = &text.text;
    let tokens = lexer::tokenize(src).expect("the bundle is made of tokens that lexed");
    let mut edits = Vec::new();
    let mut in_use = false;
    for (at, token) in tokens.iter().enumerate() {
        let word = &src[token.start..token.end];
        match (token.kind, word) {
            (Kind::Ident, "use") => in_use = true,
            (Kind::Punct, ";") => in_use = false,
            (Kind::Punct, "{") if in_use => {
                if let Some(next) = tokens.get(at + 1) {
                    let gap = &src[token.end..next.start];
                    if !gap.is_empty() && !gap.contains('\n') {
                        edits.push(Edit::new(token.end, next.start, String::new()));
                    }
                }
            }
            (Kind::Punct, "}") if in_use && at >= 1 => {
                let comma = tokens[at - 1];
                let gap = &src[comma.end..token.start];
                if &src[comma.start..comma.end] == "," && !gap.contains('\n') {
                    edits.push(Edit::new(comma.start, token.start, String::new()));
                }
            }
            _ => {}
        }
    }
    text.apply(edits);
    single_element_groups(text);
}

/// `use a::{B};` (a group that removals left with one import) as `use a::B;`.
fn single_element_groups(text: &mut Mapped) {
    let source = Source::new(String::new(), text.text.clone()).expect("the bundle lexed before");
    let (src, tokens) = (&source.text, &source.tokens);
    let word = |at: usize| &src[tokens[at].start..tokens[at].end];
    let mut edits = Vec::new();
    let mut in_use = false;
    for (at, token) in tokens.iter().enumerate() {
        match (token.kind, word(at)) {
            (Kind::Ident, "use") => in_use = true,
            (Kind::Punct, ";") => in_use = false,
            (Kind::Punct, "{") if in_use => {
                let close = source.close(at);
                let inner: Vec<usize> = (at + 1..close)
                    .filter(|&i| !matches!(tokens[i].kind, Kind::Comment(_)))
                    .collect();
                let mut depth = 0;
                let mut commas = 0;
                for &i in &inner {
                    match word(i) {
                        "{" => depth += 1,
                        "}" => depth -= 1,
                        "," if depth == 0 => commas += 1,
                        _ => {}
                    }
                }
                let simple = !inner.is_empty()
                    && commas == 0
                    && word(inner[0]) != "self"
                    && !src[token.end..tokens[close].start].contains('\n');
                if simple {
                    edits.push(Edit::new(token.start, tokens[inner[0]].start, String::new()));
                    let last = inner[inner.len() - 1];
                    edits.push(Edit::new(tokens[last].end, tokens[close].end, String::new()));
                }
            }
            _ => {}
        }
    }
    // Nested groups (`a::{b::{C}}`) lose both pairs; edits that would overlap are left out.
    let mut taken: Vec<Edit> = Vec::new();
    for edit in edits {
        if !taken.iter().any(|t| t.span.overlaps(edit.span)) {
            taken.push(edit);
        }
    }
    text.apply(taken);
}

/// Rewrites what Rust 2024 reads differently in code written for 2021: `extern` blocks
/// become `unsafe extern`, `#[no_mangle]` (and `export_name`, `link_section`) become
/// `#[unsafe(..)]`, the identifier `gen` (a keyword now) becomes `r#gen`, and references to
/// a `static mut`, an error in 2024, are allowed as 2021 allowed them.
pub fn edition_2024(text: &mut Mapped) {
    let src = &text.text;
    let tokens = lexer::tokenize(src).expect("the bundle is made of tokens that lexed");
    let word = |i: usize| -> &str {
        match tokens.get(i) {
            Some(t) if t.kind == Kind::Ident || t.kind == Kind::Punct => &src[t.start..t.end],
            _ => "",
        }
    };
    let code: Vec<usize> =
        (0..tokens.len()).filter(|&i| !matches!(tokens[i].kind, Kind::Comment(_))).collect();
    let mut edits = Vec::new();
    let mut static_mut = false;
    for (n, &i) in code.iter().enumerate() {
        let prev = n.checked_sub(1).map(|p| code[p]);
        let at = |d: usize| code.get(n + d).copied();
        match word(i) {
            "extern" if prev.map_or(true, |p| word(p) != "unsafe") => {
                let abi = at(1).is_some_and(|a| matches!(tokens[a].kind, Kind::Literal(_)));
                let open = if abi { at(2) } else { at(1) };
                if open.is_some_and(|open| word(open) == "{") {
                    edits.push(Edit::new(tokens[i].start, tokens[i].start, "unsafe ".to_string()));
                }
            }
            "no_mangle" | "export_name" | "link_section"
                if prev.is_some_and(|p| word(p) == "[") && n >= 2 && word(code[n - 2]) == "#" =>
            {
                // `#[no_mangle]` -> `#[unsafe(no_mangle)]`: around the attribute's contents.
                let mut end = n;
                while end + 1 < code.len() && word(code[end + 1]) != "]" {
                    end += 1;
                }
                edits.push(Edit::new(tokens[i].start, tokens[i].start, "unsafe(".to_string()));
                edits.push(Edit::new(
                    tokens[code[end]].end,
                    tokens[code[end]].end,
                    ")".to_string(),
                ));
            }
            "gen" if tokens[i].kind == Kind::Ident && prev.map_or(true, |p| word(p) != "$") => {
                edits.push(Edit::new(tokens[i].start, tokens[i].end, "r#gen".to_string()));
            }
            "static" if at(1).is_some_and(|a| word(a) == "mut") => static_mut = true,
            _ => {}
        }
    }
    if static_mut {
        edits.push(Edit::new(0, 0, "#![allow(static_mut_refs)]\n".to_string()));
    }
    text.apply(edits);
}

/// One compiler run that must accept the bundle, and how to name it in a refusal.
#[derive(Debug, Clone)]
pub struct JudgeCheck {
    pub compiler: Compiler,
    /// How a refusal names it: `BOJ (rustc 1.63, Rust 2021)`.
    pub what: String,
    /// For a platform check by an older compiler than the judge's (Windows, by rustc 1.63):
    /// that compiler for this platform. When it rejects the bundle too, the failure is the
    /// compiler's age, not the platform, and the check says nothing.
    pub baseline: Option<Compiler>,
}

/// What a judge's compiler said of the bundle.
#[derive(Debug)]
pub enum Verdict {
    /// It compiles: with these warnings (each at its place), which the judge prints too.
    Accepted(Vec<String>),
    /// A platform check that could not say (see [`JudgeCheck::baseline`]).
    Note(String),
    /// The judge refuses it: why, at its place.
    Refused(String),
}

/// Runs `check` on `text` for `judge`.
pub fn judge_check(
    check: &JudgeCheck,
    judge: &Judge,
    text: &Mapped,
    scratch: &std::path::Path,
    place: &dyn Fn(&Mapped, usize) -> String,
) -> Result<Verdict, String> {
    let run = |compiler: &Compiler| {
        rustc::check(compiler, &text.text, scratch)
            .map_err(|e| format!("cannot check the bundle with {}: {e}", check.what))
    };
    let outcome = run(&check.compiler)?;
    let at = |offset: usize| place(text, offset);
    if let Some(found) = refusal::too_new(&outcome, &text.text).first() {
        return Ok(Verdict::Refused(refusal::api_refusal(judge, found, &at(found.start))));
    }
    if outcome.compiled {
        let mut warnings: Vec<String> = outcome
            .diagnostics
            .iter()
            .filter(|d| d.is_judges_warning())
            .filter_map(|d| {
                let span = d.spans.iter().find(|s| s.primary)?;
                Some(format!("{} warns: {}warning: {}", check.what, at(span.start), d.message))
            })
            .collect();
        // One warning of a macro's body comes once per expansion: each is said once.
        warnings.dedup();
        return Ok(Verdict::Accepted(warnings));
    }
    let Some(baseline) = &check.baseline else {
        return refusal::refusal(judge, &check.compiler, &outcome, text, scratch, &at)
            .map(Verdict::Refused);
    };
    // A platform check.
    let first = |what: &str| rustc::first_error(&outcome, what, &at);
    if !run(baseline)?.compiled {
        // The Windows stand-in is older than the judge's Rust: code it cannot compile on
        // Linux either says nothing of Windows, and the judge's Rust was checked above.
        return Ok(Verdict::Note(first(&format!(
            "not checked for Windows: the one Windows compiler here, {}, is older than {}'s \
             Rust {} and cannot compile this on any platform (the Linux check accepted it)",
            check.what, judge.name, judge.rust_version
        ))));
    }
    let who = format!("{} on Windows ({})", judge.name, check.what);
    Ok(Verdict::Refused(format!(
        "{}\n{} compiles on Windows: code for one platform (`std::os::unix`, Linux system \
         calls) goes under `#[cfg(unix)]`, with a `#[cfg(windows)]` twin or a portable \
         fallback.",
        first(&format!("{who} rejects this")),
        judge.name
    )))
}
