//! A crate that exists keeps its code: the given samples are compared with its own, and the
//! ones it lacks added when asked, never over a file.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::error::NewError;
use super::limits::Limits;
use super::text::normalized;

/// How the given samples compare with those of a crate that exists.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SampleReport {
    pub name: String,
    /// The folder the samples are in, from the root (`testdata/NAME`, or `testdata/NAME/page`
    /// for an interactive problem).
    pub dir: PathBuf,
    /// The given samples (numbered from 1) found there.
    pub same: Vec<usize>,
    /// Given samples whose file of the same number differs: the number and how.
    pub differing: Vec<(usize, String)>,
    /// Given samples with no file of their number.
    pub missing: Vec<usize>,
    /// Given samples whose input is an existing sample's with another answer: the number, the
    /// existing sample's stem (`sample-2`) and how the answers differ. Never added: the
    /// testdata would ask two answers of one input.
    pub conflicting: Vec<(usize, String, String)>,
    /// The files written for the differing and missing ones, when asked to add them.
    pub added: Vec<PathBuf>,
    /// The crate's limits and the given ones, when they differ.
    pub limits_differ: Option<(Limits, Limits)>,
}

impl SampleReport {
    /// How many given samples are neither there nor added.
    pub fn pending(&self) -> usize {
        if self.added.is_empty() {
            self.differing.len() + self.missing.len()
        } else {
            0
        }
    }
}

/// Compares `samples` with the samples of the existing crate `name`, and adds the ones that
/// are not there when `add` asks for it (each as the next free `sample-K`, never over a file).
pub(crate) fn compare_samples(
    root: &Path,
    name: &str,
    samples: &[(String, String)],
    add: bool,
) -> Result<SampleReport, NewError> {
    let interactive = judge_meta::problem::read(root, name).is_ok_and(|meta| meta.interactive);
    let dir = if interactive {
        PathBuf::from(format!("testdata/{name}/page"))
    } else {
        PathBuf::from(format!("testdata/{name}"))
    };
    let on_disk = samples_on_disk(&root.join(&dir));
    let mut report =
        SampleReport { name: name.to_string(), dir: dir.clone(), ..SampleReport::default() };
    for (k, (input, output)) in samples.iter().enumerate() {
        let number = k + 1;
        if on_disk.iter().any(|(_, i, o)| i == input && o.as_deref() == Some(output.as_str())) {
            report.same.push(number);
            continue;
        }
        if let Some((stem, _, Some(disk_out))) =
            on_disk.iter().find(|(_, i, o)| i == input && o.is_some())
        {
            let how = first_difference(disk_out, output);
            report.conflicting.push((number, stem.clone(), how));
            continue;
        }
        match on_disk.iter().find(|(stem, ..)| *stem == format!("sample-{number}")) {
            Some((stem, disk_in, disk_out)) => {
                let how = if disk_in != input {
                    format!("{stem}.in: {}", first_difference(disk_in, input))
                } else {
                    let disk_out = disk_out.as_deref().unwrap_or("");
                    format!("{stem}.out: {}", first_difference(disk_out, output))
                };
                report.differing.push((number, how));
            }
            None => report.missing.push(number),
        }
    }
    if add {
        refuse_symlinks(root, &dir)?;
        let mut next = on_disk
            .iter()
            .filter_map(|(stem, ..)| stem.strip_prefix("sample-")?.parse::<usize>().ok())
            .max()
            .unwrap_or(0)
            + 1;
        let wanted: Vec<usize> = report
            .differing
            .iter()
            .map(|(k, _)| *k)
            .chain(report.missing.iter().copied())
            .collect();
        let mut files = Vec::new();
        for k in wanted {
            let (input, output) = &samples[k - 1];
            while root.join(&dir).join(format!("sample-{next}.in")).exists()
                || root.join(&dir).join(format!("sample-{next}.out")).exists()
            {
                next += 1;
            }
            files.push((dir.join(format!("sample-{next}.in")), input.clone()));
            files.push((dir.join(format!("sample-{next}.out")), output.clone()));
            next += 1;
        }
        let mut written = Vec::new();
        for (path, text) in &files {
            let full = root.join(path);
            let result = fs::create_dir_all(full.parent().expect("a sample is in a folder"))
                .and_then(|()| fs::OpenOptions::new().write(true).create_new(true).open(&full))
                .and_then(|mut file| file.write_all(text.as_bytes()));
            if let Err(e) = result {
                for done in &written {
                    let _ = fs::remove_file(root.join(done));
                }
                let shown = path.display();
                return Err(NewError::Failed(format!("cannot write {shown}: {e} (nothing added)")));
            }
            written.push(path.clone());
        }
        report.added = written;
    }
    Ok(report)
}

/// An error if `dir` (from `root`) or a folder above it below `root` is a symbolic link:
/// samples are never written through one (a `testdata/NAME` that points outside).
fn refuse_symlinks(root: &Path, dir: &Path) -> Result<(), NewError> {
    let mut path = PathBuf::new();
    for part in dir.components() {
        path.push(part);
        let is_link = root.join(&path).symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
        if is_link {
            return Err(NewError::Failed(format!(
                "{} is a symbolic link: samples are never written through one (nothing added)",
                path.display()
            )));
        }
    }
    Ok(())
}

/// The `sample*.in` files of `dir`, sorted: (stem, input, output if there is one).
fn samples_on_disk(dir: &Path) -> Vec<(String, String, Option<String>)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(String, String, Option<String>)> = entries
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_string();
            if path.extension()? != "in" || !stem.starts_with("sample") {
                return None;
            }
            let input = normalized(&fs::read_to_string(&path).ok()?);
            let output = fs::read_to_string(path.with_extension("out")).ok();
            Some((stem, input, output.map(|o| normalized(&o))))
        })
        .collect();
    found.sort();
    found
}

/// Where `ours` (on disk) and `theirs` (given) first differ: `line 2: "5 4" on disk, "5 3"
/// given`.
fn first_difference(ours: &str, theirs: &str) -> String {
    let (mut a, mut b) = (ours.lines(), theirs.lines());
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (None, None) => return "they differ only in the ends of their lines".to_string(),
            (x, y) => {
                let shown = |l: Option<&str>| l.map_or("the end".to_string(), |l| format!("{l:?}"));
                return format!("line {line}: {} on disk, {} given", shown(x), shown(y));
            }
        }
    }
}
