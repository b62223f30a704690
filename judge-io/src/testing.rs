//! Support for generators, stress tests and benchmarks: a seeded random source, the `main` of
//! a generator binary, running a binary end to end, the stress test knobs read from the
//! environment, and the process's peak memory.
//!
//! No solution refers to these, so the bundler leaves them out of every submission; they live
//! here so that the four problem crates share one copy (a problem crate depends on judge-io
//! and nothing else).

/// A small, fast, seeded generator (SplitMix64). The same seed gives the same sequence on
/// every machine, which is what makes generated tests reproducible.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..bound`.
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Rng::below needs a positive bound");
        // Multiply-shift keeps the bias below 2^-64 * bound, far beneath what tests can see.
        ((self.next_u64() as u128 * bound as u128) >> 64) as u64
    }

    /// A uniform value in `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range needs lo <= hi");
        if hi - lo == u64::MAX {
            return self.next_u64();
        }
        lo + self.below(hi - lo + 1)
    }

    /// A uniform index in `0..len`, as `usize`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// The stress-test knobs: `STRESS_SEED` (default `default_seed`) and `STRESS_CASES` (default
/// `default_cases`), so a slow, unbounded run is opt-in from the environment.
///
/// # Panics
/// If a variable is set but is not a number: a mistyped knob must not silently run the default.
pub fn stress_knobs(default_seed: u64, default_cases: u64) -> (u64, u64) {
    fn knob(name: &str, default: u64) -> u64 {
        match std::env::var(name) {
            Ok(text) => text.trim().parse().unwrap_or_else(|_| {
                panic!("{} must be a non-negative integer, got {:?}", name, text)
            }),
            Err(_) => default,
        }
    }
    (knob("STRESS_SEED", default_seed), knob("STRESS_CASES", default_cases))
}

/// The whole `main` of a generator binary: `generate` gets the command-line arguments (without
/// the program name) and returns the input file's bytes, which go to stdout; an error becomes
/// one `error: ...` line on stderr and exit status 1.
pub fn generator_main<F>(generate: F) -> std::process::ExitCode
where
    F: FnOnce(&[String]) -> Result<Vec<u8>, String>,
{
    use std::io::Write;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let written = generate(&args).and_then(|bytes| {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(&bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write output: {}", e))
    });
    match written {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {}", message);
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs `program` with `args`, `input` on its stdin, and collects its status and output: the
/// end-to-end tests' one way to run a binary.
///
/// The input is written from another thread, so a binary that exits before reading it all
/// (as it may on bad input) cannot block the caller.
///
/// # Panics
/// If the program cannot be started: a test has nothing to check then.
pub fn run_binary(program: &str, args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", program, e));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A broken pipe only means the binary stopped reading early.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("a started child can be waited for");
    writer.join().expect("the writer thread does not panic");
    output
}

/// The peak resident memory of this process in KiB (`VmHWM` in `/proc/self/status`), if the
/// platform reports it.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_sequence_and_ranges_hold() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            let v = a.range(3, 8);
            assert!((3..=8).contains(&v));
            b.range(3, 8);
        }
        let mut seen = [false; 6];
        for _ in 0..1000 {
            seen[a.index(6)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value in 0..6 appears in 1000 draws");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..100).collect();
        Rng::new(1).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
