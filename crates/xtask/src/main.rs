//! `xtask`: the workspace's own tools, behind `scripts/bundle.sh` and `scripts/test.sh`.
//!
//! ```text
//! xtask bundle [--compact] PROBLEM
//!                            one self-contained .rs file on stdout, its size on stderr;
//!                            `--compact` drops comments (for small source limits)
//! xtask testdata [PROBLEM]   every testdata case through the release binary and the bundle
//! ```

mod bundle;
mod meta;
mod testdata;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: xtask bundle [--compact] PROBLEM | xtask testdata [PROBLEM]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["bundle", problem] if !problem.starts_with('-') => {
            print_bundle(&root, problem, bundle::Options::default())
        }
        ["bundle", "--compact", problem] => {
            print_bundle(&root, problem, bundle::Options { compact: true })
        }
        ["testdata"] => testdata::run(&root, None),
        ["testdata", problem] => testdata::run(&root, Some(problem)),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: two levels above this crate's manifest.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/xtask sits two levels below the workspace root")
        .to_path_buf()
}

/// Writes the bundle to stdout and its size against the judge's limit to stderr.
/// Both sizes are reported, whichever is printed.
fn print_bundle(root: &Path, problem: &str, options: bundle::Options) -> Result<bool, String> {
    let meta = meta::read(root, problem)?;
    let readable = bundle::bundle(root, problem)?;
    let compact = bundle::compact(&readable, problem);
    eprintln!("{}", size_report(readable.len() as u64, &meta));
    eprintln!("{}", size_report(compact.len() as u64, &meta).replace("bundle:", "--compact:"));
    let source = if options.compact { compact } else { readable };
    if meta.source_limit_bytes.is_some_and(|limit| source.len() as u64 > limit) {
        let hint = if options.compact { "" } else { " (try --compact)" };
        return Err(format!("the bundle of {problem} is over {}'s source limit{hint}", meta.judge));
    }
    print!("{source}");
    Ok(true)
}

/// `bundle: 12345 bytes, 2.4% of BOJ's 524288-byte limit`.
fn size_report(size: u64, meta: &meta::JudgeMeta) -> String {
    match meta.source_limit_bytes {
        Some(limit) => format!(
            "bundle: {size} bytes, {:.1}% of {}'s {limit}-byte source limit",
            size as f64 * 100.0 / limit as f64,
            meta.judge
        ),
        None => format!("bundle: {size} bytes ({} publishes no source limit)", meta.judge),
    }
}
