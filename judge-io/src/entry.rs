//! The whole `main` of a judge binary, and all of stdin in memory for it: a regular file is
//! mapped, anything else is read.
//!
//! Mapping saves what reading costs beyond the parse: a fresh page of memory for every 4 KiB
//! of input, which takes as long as parsing it (judge-io's bench, sum of 10^7 integers from a
//! file: 0.08 s mapped, 0.12 s read). Judges give stdin as a file; a pipe (a local run) is
//! simply read.

use std::io::{self, Read, StdinLock, StdoutLock};
use std::process::ExitCode;

use super::error::Error;
use super::output::Output;
use super::stream::StreamInput;

/// Loads all of stdin (mapped if it is a file, else read), calls `run` on it with a buffered
/// stdout, flushes, and turns an error into one `error: ...` line on stderr and exit status 1.
///
/// What `run` wrote before failing is flushed first, so answers for earlier valid cases stay
/// printed. A binary's `main` is then one line:
/// `fn main() -> ExitCode { judge_io::run_main(my_problem::run) }`.
pub fn run_main<F>(run: F) -> ExitCode
where
    F: FnOnce(&[u8], &mut Output<StdoutLock<'static>>) -> Result<(), Error>,
{
    let mut out = Output::new(io::stdout().lock());
    let result = load_stdin().and_then(|input| run(input, &mut out));
    finish(result, &mut out)
}

/// [`run_main`] with stdin read as it arrives, through a small buffer ([`StreamInput`]): for
/// interactive problems (`run` must [`flush`](Output::flush) its output before waiting for
/// each reply), and for parsing a large input in bounded memory.
/// `fn main() -> ExitCode { judge_io::run_stream(my_problem::play) }`.
pub fn run_stream<F>(run: F) -> ExitCode
where
    F: FnOnce(
        &mut StreamInput<StdinLock<'static>>,
        &mut Output<StdoutLock<'static>>,
    ) -> Result<(), Error>,
{
    let mut input = StreamInput::new(io::stdin().lock());
    let mut out = Output::new(io::stdout().lock());
    let result = run(&mut input, &mut out);
    finish(result, &mut out)
}

/// Flushes what `run` wrote, then reports the first error, if any, as one `error:` line.
fn finish<W: io::Write>(result: Result<(), Error>, out: &mut Output<W>) -> ExitCode {
    let flushed = out.flush().map_err(|e| Error::new(format!("cannot write output: {}", e)));
    match flushed.and(result) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::FAILURE
        }
    }
}

/// All of stdin from where earlier reads of it stopped, kept for the rest of the process:
/// mapped if it is a regular file on 64-bit Linux, else (as on Codeforces, which runs
/// Windows) read.
fn load_stdin() -> Result<&'static [u8], Error> {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    if let Some(mapped) = mapped_stdin() {
        return Ok(mapped);
    }
    read_stdin().map(|bytes| &*bytes.leak())
}

/// Reads all of stdin (what is left of it) as bytes, for a `main` of one's own; [`run_main`]
/// maps a file instead.
///
/// [`run_main`]: super::run_main
pub fn read_stdin() -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::new();
    match io::stdin().lock().read_to_end(&mut bytes) {
        Ok(_) => Ok(bytes),
        Err(e) => Err(Error::new(format!("cannot read stdin: {}", e))),
    }
}

/// Stdin's unread part, if it is a regular file, through a read-only mapping of the file (the
/// C library's `mmap`, which std links anyway). The file is a duplicate of fd 0, closed at
/// the end; the mapping is never unmapped, so it lives as long as the process. The file must
/// not change meanwhile, which no judge does. An empty file cannot be mapped: it is read.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn mapped_stdin() -> Option<&'static [u8]> {
    use std::io::Seek;
    use std::os::unix::io::{AsFd, AsRawFd};

    extern "C" {
        fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, offset: i64) -> *mut u8;
    }
    let mut file = std::fs::File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
    let len = file.metadata().ok().filter(|m| m.is_file())?.len() as usize;
    let skip = file.stream_position().ok()? as usize;
    // SAFETY: a new private mapping (2 = MAP_PRIVATE) of an open file, read-only (1 =
    // PROT_READ), at an address the kernel chooses: it touches no memory of ours.
    let start = unsafe { mmap(std::ptr::null_mut(), len, 1, 2, file.as_raw_fd(), 0) };
    if start as usize == usize::MAX {
        return None; // MAP_FAILED, `(void *) -1`
    }
    // SAFETY: `len` readable bytes at `start`, never written to and never unmapped.
    unsafe { std::slice::from_raw_parts(start, len) }.get(skip..)
}
