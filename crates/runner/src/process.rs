//! Running a program and reading its own CPU time and peak memory.
//!
//! Linux reports a child's peak resident set (`ru_maxrss`, from `wait4`) as the larger of the
//! child's own and the high-water mark of the address space its `exec` replaced. A program
//! started straight from the runner, by `fork` or by `vfork`/`posix_spawn` alike, replaces the
//! runner's address space (or a copy of it), so it would report the runner's peak: every case
//! after a big one would read as big. So every measured program is started through `xtask
//! measure` ([`measure_main`]), a freshly executed process that stays small, forks, and execs
//! the program from that small copy; it reaps the program with `wait4` and writes the usage to
//! a report file. The figures are the ones GNU time (`/usr/bin/time -f %M`) gives, which starts
//! programs the same way.
//!
//! The judge's limits are enforced here ([`Limits`]), in two layers, because neither alone
//! does it: an rlimit cannot see resident memory (Linux ignores `RLIMIT_RSS`) and counts CPU
//! in whole seconds, and polling cannot stop an allocation that takes gigabytes between two
//! looks.
//! - rlimits, set in the program before it starts: `RLIMIT_AS` (address space) at twice the
//!   memory limit plus 256 MiB, so an allocation past it fails at once (Rust then prints
//!   `memory allocation of N bytes failed` and aborts, judged MLE) and the machine is never at
//!   risk whatever the runner does; generous, because address space is more than resident
//!   memory (a thread's stack and malloc's per-thread arenas are reserved whole).
//!   `RLIMIT_CPU` at the time limit rounded up to a second, plus a second: a backstop for a
//!   runner that stalls. `RLIMIT_FSIZE` at the output limit, for a program whose stdout is a
//!   file (an oracle's run).
//! - polling, by the runner while it waits (every few milliseconds): CPU time past the limit
//!   plus [`CPU_MARGIN`] is stopped as TLE, resident memory past the memory limit as MLE. So a
//!   loop costs its limit, not the wall-time backstop, and MLE comes as memory is touched.
//!   The wall-time backstop counts the time the program was seen asleep
//!   ([`Measured::past_wall_limit`]), so it ends a program that sleeps but not one that a
//!   loaded machine slows down.
//!
//! Every helper is the leader of a process group of its own, which the program and whatever it
//! starts join. The runner kills a run by killing the group; a helper whose program ended
//! kills its group once the report is written. So no child of the program survives its run.
//!
//! The program runs with an empty environment. A judge's environment is not published, and
//! what this one holds would change the figures and the behaviour: `RUST_BACKTRACE=1` makes a
//! panicking run symbolize its backtrace (0.1 s and 37 MB instead of 0.002 s and 2 MB), and
//! `RUST_MIN_STACK`, `MALLOC_*`, `GLIBC_TUNABLES` or `LD_PRELOAD` change stacks, allocation
//! and code. So a program's time and memory are its own whoever runs the tests. The helper
//! writes the program's process id beside the report ([`Measured::program_stat`] reads its
//! state and CPU time while it runs, which is how an interactive run sees a deadlock).

use std::ffi::OsStr;
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a measured program ended, and what it used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    pub exit: Exit,
    /// User plus system CPU time.
    pub cpu: Duration,
    /// Peak resident set, KiB.
    pub peak_kib: u64,
}

/// A program's end: its exit code, or the signal that killed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

impl Exit {
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Code(code) => write!(f, "exit status {code}"),
            Exit::Signal(signal) => write!(f, "killed by signal {signal}{}", signal_name(*signal)),
        }
    }
}

/// The judge's limits on one run, enforced while it runs (see the module's doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time.
    pub time: Duration,
    /// Peak resident memory, KiB.
    pub memory_kib: u64,
    /// Bytes of stdout.
    pub output_bytes: u64,
}

/// The wall-time backstop is this many times the time limit, and a second (TLE is judged on
/// CPU time, which is watched), so a program that sleeps cannot stall the suite.
const HARD_LIMIT_FACTOR: u32 = 3;

/// The wall-time backstop of a run, ordinary or interactive: CPU time is watched, so this
/// only ends a program that sleeps or waits (a deadlock ends sooner, see `interactive.rs`);
/// generous, because a loaded machine stretches wall time.
pub fn wall_limit(time_limit: Duration) -> Duration {
    time_limit * HARD_LIMIT_FACTOR + Duration::from_secs(1)
}

/// How far past the time limit a program's CPU time may go before it is stopped: the polled
/// CPU time is counted in clock ticks, and what is judged is `wait4`'s exact figure, so a
/// program that ends just under the limit must not be stopped just over it.
pub const CPU_MARGIN: Duration = Duration::from_millis(100);

/// The address space a program may reserve under a memory limit (see the module's doc).
fn address_space_bytes(memory_kib: u64) -> u64 {
    memory_kib.saturating_mul(2 * 1024).saturating_add(256 << 20)
}

/// The signal `RLIMIT_FSIZE` sends: a file written past the output limit.
pub const SIGXFSZ: i32 = 25;

/// How a watched run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The program ended by itself (or by an rlimit's signal).
    Finished(Usage),
    /// The runner killed it.
    Killed(Killed),
}

/// Why and when the runner killed a run, and what it had used by the last look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Killed {
    pub why: KillReason,
    /// The wall time at the kill.
    pub after: Duration,
    /// The CPU time and the resident memory (KiB) at the last look, if it was seen.
    pub cpu: Option<Duration>,
    pub resident_kib: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KillReason {
    /// The wall-time backstop.
    WallTime,
    /// CPU time past the limit and [`CPU_MARGIN`].
    CpuTime,
    /// Resident memory past the limit.
    Memory,
    /// The caller asked (its output was judged, or is over the limit).
    Stopped,
}

/// ` (SIGSEGV)` for the signals a crashing program usually dies of.
fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        _ => "",
    }
}

/// A program running under the measuring helper.
pub struct Measured {
    helper: Child,
    report: PathBuf,
    started: Instant,
    limits: Option<Limits>,
    /// The program's process id, once the helper has written it.
    program: Option<u32>,
    /// What the last look saw: CPU time and resident memory.
    seen: (Option<Duration>, Option<u64>),
    /// When the last look was, and how long the program was seen asleep in all (waiting: for
    /// time to pass, for input, for a pipe to drain).
    last_look: Option<Instant>,
    asleep: Duration,
}

/// The wall-time backstop's ceiling, in wall limits: even a program that never sleeps ends by
/// then (its CPU limit ends it sooner unless the machine is very busy).
pub const WALL_CEILING: u32 = 4;

impl Measured {
    /// Starts `program ARGS` through `helper` (the `xtask` executable) with the given standard
    /// streams, under `limits` (none: a helper program of the problem's, such as a generator);
    /// the usage is written to `report`, a path no other run uses at the same time.
    #[allow(clippy::too_many_arguments)] // the program, its streams and limits, each named
    pub fn start(
        helper: &Path,
        report: PathBuf,
        program: &Path,
        args: &[&OsStr],
        stdin: Stdio,
        stdout: Stdio,
        stderr: Stdio,
        limits: Option<Limits>,
    ) -> Result<Measured, String> {
        let _ = fs::remove_file(&report);
        let _ = fs::remove_file(pid_file(&report));
        let rlimits = limits.map_or(RLIMITS_NONE.to_string(), |limits| {
            // Whole seconds only: the limit rounded up, and a second more (SIGXCPU; SIGKILL a
            // second after).
            let cpu_seconds = limits.time.as_secs_f64().ceil() as u64 + 1;
            let address_space = address_space_bytes(limits.memory_kib);
            format!("{cpu_seconds},{address_space},{}", limits.output_bytes)
        });
        let helper = Command::new(helper)
            .arg("measure")
            .arg(&report)
            .arg(rlimits)
            .arg(program)
            .args(args)
            .stdin(stdin)
            .stdout(stdout)
            .stderr(stderr)
            // Its own process group, which the program and its children join.
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", helper.display()))?;
        Ok(Measured {
            helper,
            report,
            started: Instant::now(),
            limits,
            program: None,
            seen: (None, None),
            last_look: None,
            asleep: Duration::ZERO,
        })
    }

    /// The stdin, stdout and stderr pipes, when the program was started with them.
    pub fn take_pipes(&mut self) -> (Option<ChildStdin>, Option<ChildStdout>, Option<ChildStderr>) {
        (self.helper.stdin.take(), self.helper.stdout.take(), self.helper.stderr.take())
    }

    /// The wall time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The usage once the program has ended (`None` while it runs).
    pub fn try_finish(&mut self) -> Result<Option<Usage>, String> {
        match self.helper.try_wait() {
            Ok(None) => Ok(None),
            Ok(Some(status)) => self.read_report(status).map(Some),
            Err(e) => Err(format!("cannot wait for the measuring helper: {e}")),
        }
    }

    /// Takes a look at the running program: why it must be stopped now, if it is past its
    /// CPU time or its memory (see the module's doc). Also counts how long it has been seen
    /// asleep ([`Measured::asleep`]).
    pub fn over_limits(&mut self) -> Option<KillReason> {
        let stat = self.program_stat()?;
        let now = Instant::now();
        if let Some(last) = self.last_look.replace(now) {
            if stat.sleeping {
                self.asleep += now - last;
            }
        }
        let limits = self.limits?;
        let cpu = Duration::from_secs_f64(stat.cpu_ticks as f64 / sys::clock_ticks());
        let resident_kib = stat.resident_pages * sys::page_kib();
        self.seen = (Some(cpu), Some(resident_kib));
        if cpu > limits.time + CPU_MARGIN {
            return Some(KillReason::CpuTime);
        }
        (resident_kib > limits.memory_kib).then_some(KillReason::Memory)
    }

    /// Whether the wall-time backstop ends the run now. Under limits: the program has slept
    /// for `wall_limit`, or [`WALL_CEILING`] times that has passed; a program that runs (or
    /// waits for a core on a loaded machine) is left to its CPU limit, so the backstop ends a
    /// program that sleeps without cutting short one that a busy machine slows down. Without
    /// limits (a benchmark's run), `wall_limit` of wall time is the only limit.
    pub fn past_wall_limit(&self, wall_limit: Duration) -> bool {
        let elapsed = self.started.elapsed();
        match self.limits {
            Some(_) => self.asleep >= wall_limit || elapsed >= wall_limit * WALL_CEILING,
            None => elapsed >= wall_limit,
        }
    }

    /// Waits for the program to end, stopping it when it passes its limits, when the
    /// wall-time backstop says so ([`Measured::past_wall_limit`]), or when `stop` is set (by
    /// a thread that judged its output).
    pub fn watch(&mut self, wall_limit: Duration, stop: &AtomicBool) -> Result<Ended, String> {
        let mut killed = None;
        let deadline = self.started + wall_limit * WALL_CEILING;
        let mut usage = None;
        poll_until(deadline, || {
            if let Some(ended) = self.try_finish()? {
                usage = Some(ended);
                return Ok(true);
            }
            let why = if stop.load(Ordering::SeqCst) {
                Some(KillReason::Stopped)
            } else {
                self.over_limits()
                    .or_else(|| self.past_wall_limit(wall_limit).then_some(KillReason::WallTime))
            };
            killed = why;
            Ok(why.is_some())
        })?;
        if let Some(usage) = usage {
            return Ok(Ended::Finished(usage));
        }
        Ok(Ended::Killed(self.kill(killed.unwrap_or(KillReason::WallTime))))
    }

    /// Kills the program, its helper and whatever they started (the helper's process group),
    /// and reaps the helper; what the last look saw.
    pub fn kill(&mut self, why: KillReason) -> Killed {
        let after = self.started.elapsed();
        // The helper is not reaped yet, so its id is still its group's.
        sys::kill_group(self.helper.id());
        let _ = self.helper.wait();
        let _ = fs::remove_file(&self.report);
        let _ = fs::remove_file(pid_file(&self.report));
        Killed { why, after, cpu: self.seen.0, resident_kib: self.seen.1 }
    }

    /// The running program's state and CPU time so far, once the helper has started it.
    pub fn program_stat(&mut self) -> Option<ProcessStat> {
        if self.program.is_none() {
            let pid = fs::read_to_string(pid_file(&self.report)).ok()?.trim().parse().ok()?;
            self.program = Some(pid);
        }
        process_stat(self.program?)
    }

    fn read_report(&self, status: ExitStatus) -> Result<Usage, String> {
        let text = fs::read_to_string(&self.report).unwrap_or_default();
        let _ = fs::remove_file(&self.report);
        let _ = fs::remove_file(pid_file(&self.report));
        if let Some(message) = text.strip_prefix("error ") {
            return Err(message.trim_end().to_string());
        }
        parse_report(&text)
            .ok_or_else(|| format!("the measuring helper failed ({status}) and wrote {text:?}"))
    }
}

/// The helper's limits argument for a program run without limits.
const RLIMITS_NONE: &str = "none";

/// Where the helper writes the program's process id: `REPORT.pid`.
fn pid_file(report: &Path) -> PathBuf {
    let mut name = report.as_os_str().to_os_string();
    name.push(".pid");
    PathBuf::from(name)
}

/// What Linux says of a running process (`/proc/PID/stat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessStat {
    /// Whether it sleeps (state `S`: waiting for an event, such as input on a pipe).
    pub sleeping: bool,
    /// User plus system CPU time so far, in clock ticks (all its threads).
    pub cpu_ticks: u64,
    /// Resident memory, in pages.
    pub resident_pages: u64,
}

/// The state and CPU time of process `pid`, `None` once it has ended.
pub fn process_stat(pid: u32) -> Option<ProcessStat> {
    parse_stat(&fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// Reads `/proc/PID/stat`: `PID (COMMAND) STATE ...`, utime and stime the 14th and 15th
/// fields (the command may hold spaces and parentheses, so fields count from the last `)`).
fn parse_stat(text: &str) -> Option<ProcessStat> {
    let fields: Vec<&str> = text[text.rfind(')')? + 1..].split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
    Some(ProcessStat {
        sleeping: *fields.first()? == "S",
        cpu_ticks: ticks(11)? + ticks(12)?,
        resident_pages: ticks(21).unwrap_or(0),
    })
}

/// Catches Ctrl-C (SIGINT) from now on: the flag is set instead of the process ending, for a
/// command that ends cleanly at its next step (`xtask test --watch`).
pub fn catch_interrupt() -> &'static AtomicBool {
    sys::catch_interrupt();
    &sys::INTERRUPTED
}

/// Kills the process group led by `leader`, a child of this process not yet reaped.
pub fn kill_group(leader: u32) {
    sys::kill_group(leader);
}

/// How many bytes wait to be read in the pipe `fd` (`FIONREAD`), `None` if it cannot say.
pub fn bytes_waiting(fd: std::os::fd::RawFd) -> Option<usize> {
    sys::bytes_waiting(fd)
}

/// Runs `program` with stdin from `input` and stdout, stderr to the given files, under
/// `limits`, killing it once `wall_limit` passes. `Ok(None)` if it was killed.
#[allow(clippy::too_many_arguments)] // the run's files and limits, each named at the call
pub fn run_to_files(
    helper: &Path,
    report: PathBuf,
    program: &Path,
    input: &Path,
    stdout: &Path,
    stderr: &Path,
    wall_limit: Duration,
    limits: Option<Limits>,
) -> Result<Option<Usage>, String> {
    let open = |path: &Path| {
        fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))
    };
    let create = |path: &Path| {
        fs::File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
    };
    // Files, not pipes, so that a chatty program never blocks on a full pipe.
    let mut run = Measured::start(
        helper,
        report,
        program,
        &[],
        open(input)?.into(),
        create(stdout)?.into(),
        create(stderr)?.into(),
        limits,
    )?;
    match run.watch(wall_limit, &AtomicBool::new(false))? {
        Ended::Finished(usage) => Ok(Some(usage)),
        Ended::Killed(_) => Ok(None),
    }
}

/// Waits for `child`, which this process started, to end, killing it once `limit` passes;
/// how it ended and its CPU time (its own and that of the descendants it waited for), or
/// `None` if it was killed. The child is reaped here: `Child::wait` must not follow.
pub fn wait_within(child: &std::process::Child, limit: Duration) -> Result<Option<Usage>, String> {
    let pid = child.id();
    let (ended, waited) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let _ = ended.send(sys::wait(pid));
        });
        match waited.recv_timeout(limit) {
            Ok(usage) => usage.map(Some),
            Err(_) => {
                sys::kill(pid);
                // The waiter reaps it and returns.
                let _ = waited.recv();
                Ok(None)
            }
        }
    })
}

/// Calls `done` with a growing pause (50 us up to 5 ms) until it returns true or `deadline`
/// passes; whether it returned true.
pub fn poll_until(
    deadline: Instant,
    mut done: impl FnMut() -> Result<bool, String>,
) -> Result<bool, String> {
    let mut pause = Duration::from_micros(50);
    loop {
        if done()? {
            return Ok(true);
        }
        if Instant::now() >= deadline {
            return Ok(false);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// The report line: `exit CODE CPU_MICROS PEAK_KIB` or `signal NUMBER CPU_MICROS PEAK_KIB`.
fn format_report(usage: &Usage) -> String {
    let (kind, number) = match usage.exit {
        Exit::Code(code) => ("exit", code),
        Exit::Signal(signal) => ("signal", signal),
    };
    format!("{kind} {number} {} {}\n", usage.cpu.as_micros(), usage.peak_kib)
}

fn parse_report(text: &str) -> Option<Usage> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [kind, number, micros, peak_kib] = words.as_slice() else {
        return None;
    };
    let number = number.parse().ok()?;
    let exit = match *kind {
        "exit" => Exit::Code(number),
        "signal" => Exit::Signal(number),
        _ => return None,
    };
    Some(Usage {
        exit,
        cpu: Duration::from_micros(micros.parse().ok()?),
        peak_kib: peak_kib.parse().ok()?,
    })
}

/// `xtask measure REPORT RLIMITS PROGRAM [ARGS...]` (`args`, after `measure`): the helper's
/// side. Runs the program with this process's standard streams under RLIMITS
/// (`CPU_SECONDS,ADDRESS_SPACE_BYTES,FILE_SIZE_BYTES`, or `none`), waits for it, and writes
/// its usage to REPORT; a program that cannot be started is reported as `error MESSAGE`.
/// Then it kills its process group, itself and whatever the program left running.
pub fn measure_main(args: &[std::ffi::OsString]) -> Result<(), String> {
    let [report, rlimits, program, args @ ..] = args else {
        return Err("usage: xtask measure REPORT RLIMITS PROGRAM [ARGS...]".to_string());
    };
    let report = Path::new(report);
    let rlimits = parse_rlimits(&rlimits.to_string_lossy())?;
    let write = |text: &str| {
        fs::write(report, text).map_err(|e| format!("cannot write {}: {e}", report.display()))
    };
    // If the runner dies, so does this helper, and with it the program.
    let runner = std::os::unix::process::parent_id();
    sys::die_with_parent();
    if std::os::unix::process::parent_id() != runner {
        return Err("the runner ended before the program started".to_string());
    }
    let helper = std::process::id();
    let mut command = Command::new(program);
    // Nothing of this environment reaches the program (see the module's doc).
    command.args(args).env_clear();
    // SAFETY: the hook runs between fork and exec and makes only async-signal-safe system
    // calls (prctl, getppid, setrlimit), allocating nothing. It also makes std fork rather
    // than vfork, which is the point: the program starts from this small process's copy.
    unsafe {
        command.pre_exec(move || {
            sys::die_with_parent();
            if std::os::unix::process::parent_id() != helper {
                return Err(std::io::Error::other("the measuring helper ended"));
            }
            if let Some([cpu_seconds, address_space, file_size]) = rlimits {
                sys::set_limit(sys::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)?;
                sys::set_limit(sys::RLIMIT_AS, address_space, address_space)?;
                sys::set_limit(sys::RLIMIT_FSIZE, file_size, file_size)?;
            }
            Ok(())
        });
    }
    let child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            return write(&format!("error cannot start {}: {e}\n", Path::new(program).display()))
        }
    };
    // For the runner to watch the program while it runs; best effort.
    let _ = fs::write(pid_file(report), child.id().to_string());
    let usage = sys::wait(child.id())?;
    write(&format_report(&usage))?;
    // What the program started dies now, and this helper with it (the report is written).
    sys::kill_group(helper);
    Ok(())
}

/// The helper's RLIMITS argument: `CPU_SECONDS,ADDRESS_SPACE_BYTES,FILE_SIZE_BYTES`, or `none`.
fn parse_rlimits(text: &str) -> Result<Option<[u64; 3]>, String> {
    if text == RLIMITS_NONE {
        return Ok(None);
    }
    let numbers: Vec<u64> = text.split(',').filter_map(|n| n.parse().ok()).collect();
    match numbers.as_slice() {
        [cpu, address_space, file_size] => Ok(Some([*cpu, *address_space, *file_size])),
        _ => {
            Err(format!("expected CPU_SECONDS,ADDRESS_SPACE_BYTES,FILE_SIZE_BYTES, found {text:?}"))
        }
    }
}

#[cfg(not(target_os = "linux"))]
compile_error!("the testdata runner reads a program's resource usage through Linux's wait4");

/// `wait4(2)` and `prctl(2)` from the C library std already links: std can wait for a child
/// but cannot report its resource usage.
#[cfg(target_os = "linux")]
mod sys {
    use super::{Exit, Usage};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[repr(C)]
    struct Timeval {
        seconds: i64,
        micros: i64,
    }

    /// `struct rusage` on 64-bit Linux: two timevals, then 14 longs (`ru_maxrss` first).
    #[repr(C)]
    struct Rusage {
        user: Timeval,
        system: Timeval,
        max_rss_kib: i64,
        rest: [i64; 13],
    }

    const PR_SET_PDEATHSIG: i32 = 1;
    const SIGKILL: u64 = 9;

    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
        fn prctl(option: i32, ...) -> i32;
        #[link_name = "kill"]
        fn kill_process(pid: i32, signal: i32) -> i32;
        fn ioctl(fd: i32, request: u64, ...) -> i32;
        fn setrlimit(resource: i32, limit: *const Rlimit) -> i32;
        fn signal(signal: i32, handler: usize) -> usize;
        fn sysconf(name: i32) -> i64;
    }

    /// `ioctl(2)`'s request for the bytes waiting to be read.
    const FIONREAD: u64 = 0x541B;

    /// How many bytes wait to be read in `fd`.
    pub fn bytes_waiting(fd: i32) -> Option<usize> {
        let mut waiting: i32 = 0;
        // SAFETY: FIONREAD writes one int through the pointer, a live local.
        let status = unsafe { ioctl(fd, FIONREAD, &mut waiting as *mut i32) };
        (status == 0).then_some(waiting.max(0) as usize)
    }

    /// Sends SIGKILL to process `pid` (a child not yet reaped, so the id is still its own).
    pub fn kill(pid: u32) {
        // SAFETY: kill(2) takes two integers and touches no memory of this process.
        unsafe {
            kill_process(pid as i32, SIGKILL as i32);
        }
    }

    /// Sends SIGKILL to every process of the group led by `leader` (a process not yet reaped,
    /// or this one, so the group's id is still its own).
    pub fn kill_group(leader: u32) {
        // SAFETY: as `kill`; a negative id names a process group.
        unsafe {
            kill_process(-(leader as i32), SIGKILL as i32);
        }
    }

    /// Set by the SIGINT handler of [`catch_interrupt`].
    pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

    extern "C" fn on_interrupt(_signal: i32) {
        // An atomic store is async-signal-safe.
        INTERRUPTED.store(true, Ordering::SeqCst);
    }

    /// Installs the SIGINT handler that sets [`INTERRUPTED`].
    pub fn catch_interrupt() {
        const SIGINT: i32 = 2;
        let handler: extern "C" fn(i32) = on_interrupt;
        // SAFETY: signal(2) with a handler that only stores to an atomic.
        unsafe {
            signal(SIGINT, handler as usize);
        }
    }

    pub const RLIMIT_CPU: i32 = 0;
    pub const RLIMIT_FSIZE: i32 = 1;
    pub const RLIMIT_AS: i32 = 9;

    /// `struct rlimit`: the soft and the hard limit.
    #[repr(C)]
    struct Rlimit {
        soft: u64,
        hard: u64,
    }

    /// Sets resource limit `resource` of this process (async-signal-safe: for `pre_exec`).
    pub fn set_limit(resource: i32, soft: u64, hard: u64) -> std::io::Result<()> {
        let limit = Rlimit { soft, hard };
        // SAFETY: setrlimit reads one struct through the pointer, a live local.
        let status = unsafe { setrlimit(resource, &limit) };
        if status == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }

    /// Clock ticks per second, the unit of `/proc/PID/stat`'s CPU times.
    pub fn clock_ticks() -> f64 {
        const SC_CLK_TCK: i32 = 2;
        // SAFETY: sysconf takes an integer and returns one.
        let ticks = unsafe { sysconf(SC_CLK_TCK) };
        if ticks > 0 {
            ticks as f64
        } else {
            100.0
        }
    }

    /// The page size in KiB, the unit of `/proc/PID/stat`'s resident set.
    pub fn page_kib() -> u64 {
        const SC_PAGESIZE: i32 = 30;
        // SAFETY: sysconf takes an integer and returns one.
        let bytes = unsafe { sysconf(SC_PAGESIZE) };
        if bytes > 0 {
            bytes as u64 / 1024
        } else {
            4
        }
    }

    /// Waits for child `pid` to end and reaps it.
    pub fn wait(pid: u32) -> Result<Usage, String> {
        let mut status = 0;
        let mut usage = Rusage {
            user: Timeval { seconds: 0, micros: 0 },
            system: Timeval { seconds: 0, micros: 0 },
            max_rss_kib: 0,
            rest: [0; 13],
        };
        loop {
            // SAFETY: both pointers are to live, properly laid out locals for the call.
            let reaped = unsafe { wait4(pid as i32, &mut status, 0, &mut usage) };
            if reaped > 0 {
                break;
            }
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                return Err(format!("wait4 failed: {error}"));
            }
        }
        let micros = |t: &Timeval| t.seconds as u64 * 1_000_000 + t.micros as u64;
        let exited = status & 0x7f == 0;
        Ok(Usage {
            exit: if exited {
                Exit::Code((status >> 8) & 0xff)
            } else {
                Exit::Signal(status & 0x7f)
            },
            cpu: Duration::from_micros(micros(&usage.user) + micros(&usage.system)),
            peak_kib: usage.max_rss_kib as u64,
        })
    }

    /// Asks for SIGKILL when the parent (the thread that started this process) ends.
    pub fn die_with_parent() {
        // SAFETY: prctl with PR_SET_PDEATHSIG takes one integer argument; async-signal-safe.
        unsafe {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{format_report, parse_report, parse_stat, Exit, ProcessStat, Usage};
    use std::time::Duration;

    #[test]
    fn a_report_reads_back() {
        for exit in [Exit::Code(0), Exit::Code(101), Exit::Signal(11)] {
            let usage = Usage { exit, cpu: Duration::from_micros(1_234_567), peak_kib: 2048 };
            assert_eq!(parse_report(&format_report(&usage)), Some(usage));
        }
        assert_eq!(parse_report(""), None);
        assert_eq!(parse_report("exit 0 12"), None);
        assert_eq!(parse_report("stopped 0 1 2"), None);
    }

    #[test]
    fn a_process_stat_reads_past_the_command() {
        let stat = "4242 (a (b) c) S 1 4242 4242 0 -1 4194304 101 0 0 0 17 3 0 0 20 0 1 0";
        let asleep = ProcessStat { sleeping: true, cpu_ticks: 20, resident_pages: 0 };
        assert_eq!(parse_stat(stat), Some(asleep));
        let with_memory = "7 (x) R 1 7 7 0 -1 0 0 0 0 0 5 0 0 0 20 0 1 0 99 4096000 321 1";
        assert_eq!(parse_stat(with_memory).map(|stat| stat.resident_pages), Some(321));
        let running = "7 (x) R 1 7 7 0 -1 0 0 0 0 0 5 0 0 0";
        let running_stat = ProcessStat { sleeping: false, cpu_ticks: 5, resident_pages: 0 };
        assert_eq!(parse_stat(running), Some(running_stat));
        assert_eq!(parse_stat("7 (x) S 1"), None);
        assert!(super::process_stat(std::process::id()).is_some(), "this process runs");
    }

    #[test]
    fn bytes_waiting_in_a_pipe_are_counted() {
        use std::io::Write;
        use std::os::fd::AsRawFd;
        let mut child = std::process::Command::new("cat")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("cat runs");
        let out = child.stdout.take().expect("piped");
        assert_eq!(super::bytes_waiting(out.as_raw_fd()), Some(0));
        let mut input = child.stdin.take().expect("piped");
        input.write_all(b"12345").expect("cat reads");
        drop(input);
        child.wait().expect("cat ends");
        assert_eq!(super::bytes_waiting(out.as_raw_fd()), Some(5));
        assert_eq!(super::bytes_waiting(-1), None);
    }

    #[test]
    fn a_signal_is_named() {
        assert_eq!(Exit::Signal(11).to_string(), "killed by signal 11 (SIGSEGV)");
        assert_eq!(Exit::Code(1).to_string(), "exit status 1");
    }
}
