//! Asking a rustc about a bundle: one run over the bundle's text (given on stdin, so every
//! span is a byte offset into that text), its JSON diagnostics read back into
//! [`Diagnostic`]s.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use judge_meta::json;

/// clippy's driver: rustc with clippy's lints (a rustup proxy, like `rustc`).
pub const CLIPPY_DRIVER: &str = "clippy-driver";

/// A compiler and the flags that make it a judge's (or the analysis's) compiler.
#[derive(Debug, Clone)]
pub struct Compiler {
    /// The program: `rustc` (the workspace's) or `/usr/bin/rustc` (Debian's 1.63).
    pub program: String,
    /// Flags before the input: `--edition 2021`, `--target ...`, lint levels.
    pub flags: Vec<String>,
    /// Environment variables it needs (clippy's MSRV: `CARGO_PKG_RUST_VERSION`).
    pub env: Vec<(String, String)>,
}

/// One diagnostic of rustc's `--error-format=json`.
#[derive(Debug, Clone, Default)]
pub struct Diagnostic {
    /// `error`, `warning`, `note`, `help`, `failure-note`.
    pub level: String,
    /// The lint or error code (`dead_code`, `E0425`), if any.
    pub code: Option<String>,
    pub message: String,
    pub spans: Vec<Span>,
}

impl Diagnostic {
    /// Whether this is a warning the judge's compiler would print: not one about a clippy
    /// lint's own name (`lint \`clippy::x\` has been renamed`), which only clippy's driver (the
    /// std-API check) reads; rustc leaves tool lints' names alone.
    pub fn is_judges_warning(&self) -> bool {
        self.level == "warning" && !self.message.starts_with("lint `clippy::")
    }
}

/// A span of a diagnostic: bytes of the input.
#[derive(Debug, Clone, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub primary: bool,
    /// Whether the span is in the input itself (not in a macro's expansion or another file).
    pub in_input: bool,
    /// Whether the bytes are the input's, though they may have come through a macro (a
    /// name a macro call's arguments give the item it makes).
    pub in_file: bool,
    /// For a span in a macro's expansion: where, in the input, the outermost macro call is.
    pub call_site: Option<usize>,
}

/// What one run found.
#[derive(Debug)]
pub struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
    /// Whether it compiled (no `error` diagnostic, exit status 0).
    pub compiled: bool,
}

impl Outcome {
    /// The errors, in the order rustc reported them.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.level == "error" && !d.spans.is_empty())
    }
}

/// `file:line:column: what: error[E0000]: message`, at the first error's primary span of
/// `outcome` (`place` says where a byte of the checked text came from).
pub fn first_error(outcome: &Outcome, what: &str, place: &dyn Fn(usize) -> String) -> String {
    let Some(error) = outcome.errors().next() else {
        return what.to_string();
    };
    let place = error.spans.iter().find(|s| s.primary).map(|s| place(s.start)).unwrap_or_default();
    let code = error.code.as_deref().map(|c| format!("[{c}]")).unwrap_or_default();
    format!("{place}{what}: error{code}: {}", error.message)
}

/// The identifiers between backticks in a compiler message (``cannot find type `Foo` ``,
/// `` `DynamicModInt<I>` ``, `` `crate::m::Bar` ``).
pub fn backticked(message: &str) -> Vec<String> {
    let mut names = Vec::new();
    for part in message.split('`').skip(1).step_by(2) {
        names.extend(
            part.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| w.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_'))
                .map(String::from),
        );
    }
    names
}

/// Checks `text` as a binary crate with `compiler` (`--emit=metadata`: type and borrow
/// checks and lints, no code generation), in the scratch folder `scratch`.
pub fn check(compiler: &Compiler, text: &str, scratch: &Path) -> Result<Outcome, String> {
    let out: PathBuf = scratch.join("bundle.rmeta");
    let mut child = Command::new(&compiler.program)
        .args(&compiler.flags)
        .envs(compiler.env.iter().map(|(k, v)| (k, v)))
        .args(["--crate-type", "bin", "--crate-name", "bundle", "--emit=metadata"])
        .args(["--error-format=json", "-o"])
        .arg(&out)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            let hint = if compiler.program == CLIPPY_DRIVER {
                " (the std-API check is clippy's: `rustup component add clippy`)"
            } else {
                ""
            };
            format!("cannot run {}: {e}{hint}", compiler.program)
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A failed write means rustc stopped early; its exit status and stderr say why.
    let _ = stdin.write_all(text.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().map_err(|e| format!("{}: {e}", compiler.program))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut diagnostics = Vec::new();
    for line in stderr.lines().filter(|l| l.starts_with('{')) {
        let value = json::parse(line.as_bytes())
            .map_err(|e| format!("cannot read {}'s diagnostics: {e}", compiler.program))?;
        diagnostics.push(diagnostic(&value));
    }
    let compiled = output.status.success() && !diagnostics.iter().any(|d| d.level == "error");
    if !output.status.success() && diagnostics.is_empty() {
        return Err(format!("{} failed: {}", compiler.program, stderr.trim()));
    }
    Ok(Outcome { diagnostics, compiled })
}

fn diagnostic(value: &json::Value) -> Diagnostic {
    Diagnostic {
        level: value.get("level").and_then(json::Value::as_str).unwrap_or_default().to_string(),
        code: value
            .get("code")
            .and_then(|c| c.get("code"))
            .and_then(json::Value::as_str)
            .map(String::from),
        message: value.get("message").and_then(json::Value::as_str).unwrap_or_default().to_string(),
        spans: value
            .get("spans")
            .and_then(json::Value::as_array)
            .map_or(Vec::new(), |spans| spans.iter().map(span).collect()),
    }
}

fn span(value: &json::Value) -> Span {
    let number = |key: &str| value.get(key).and_then(json::Value::as_f64).unwrap_or(0.0) as usize;
    let file = value.get("file_name").and_then(json::Value::as_str).unwrap_or_default();
    let expansion = value.get("expansion").filter(|e| !e.is_null());
    let expanded = expansion.is_some();
    // The call site of an expansion is a span too, perhaps in another expansion.
    let call_site = expansion
        .and_then(|e| e.get("span"))
        .map(span)
        .and_then(|site| site.call_site.or(site.in_input.then_some(site.start)));
    Span {
        start: number("byte_start"),
        end: number("byte_end"),
        primary: value.get("is_primary").and_then(json::Value::as_bool).unwrap_or(false),
        in_input: file == "<anon>" && !expanded,
        in_file: file == "<anon>",
        call_site,
    }
}
