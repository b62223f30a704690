//! `--lib`: a std-only library crate that problems depend on by path.

use std::path::Path;

use super::error::NewError;
use super::files::{fill, rustfmt, template, Template};
use super::stage::write_all_or_nothing;
use crate::names::check_crate_name;

/// A library crate.
pub(super) const LIBRARY: &[Template] = &[
    ("crates/NAME/Cargo.toml", template!("library/Cargo.toml.tmpl")),
    ("crates/NAME/src/lib.rs", template!("library/lib.rs.tmpl")),
];

/// Makes library crate `name` under `root`, every file or none.
pub fn make_library(root: &Path, name: &str) -> Result<(), NewError> {
    check_crate_name(name).map_err(NewError::BadArgument)?;
    if root.join("crates").join(name).symlink_metadata().is_ok() {
        return Err(NewError::BadArgument(format!(
            "crates/{name} already exists: pick another name"
        )));
    }
    let values = [("name", name.to_string()), ("crate", name.replace('-', "_"))];
    let mut files = Vec::new();
    for (path, text) in LIBRARY {
        let mut text = fill(text, &values);
        if path.ends_with(".rs") {
            text = rustfmt(root, &text, path)?;
        }
        files.push((path.replace("NAME", name), text));
    }
    write_all_or_nothing(root, &files, &[format!("crates/{name}")])
}
