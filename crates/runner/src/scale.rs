//! `xtask scale PROBLEM` (`scripts/bench.sh PROBLEM --scale`): how a solver's time grows with
//! its input.
//!
//! The problem's metadata says what n is (`scale` in `[package.metadata.judge]`): the
//! generator's arguments for an input of size n, and the sizes up to the maximum. At each size
//! the generator makes one input (seed 1) and the release binary runs on it [`RUNS`] times
//! through the measuring helper (its own CPU time, as the testdata runner measures it); the
//! median counts, and the spread (the range of the middle runs, the fastest and the slowest
//! left out, over the median) says how much the machine disturbed it. The program's start-up (its CPU time on an empty input, which it
//! rejects at once) is taken off, the sizes that take a few start-ups or less are left out of
//! the fit, and time ≈ c·n^k is fitted by least squares on the logarithms. It prints k, the
//! time the fit predicts at the largest size beside the one measured, and the time limit; a
//! spread over [`NOISY_SPREAD`] at a fitted size is said to make the figures untrustworthy. The
//! plot (log-log: the points with their spread, the fit, the limit) goes to
//! `target/scale/<problem>.svg`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use judge_meta::Scale;

use crate::problem::target_dir;
use crate::runner::Runner;
use crate::{cargo, process};

/// Runs per size (the median counts), after one run that warms the caches.
pub const RUNS: usize = 5;

/// A fitted size whose runs spread more than this (relative to their median) is noise.
pub const NOISY_SPREAD: f64 = 0.25;

/// Sizes that take less than this many start-ups are mostly start-up: not fitted.
const STARTUPS_TO_FIT: f64 = 4.0;

/// One size's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub n: u64,
    pub input_bytes: u64,
    /// Median, fastest and slowest CPU time over the runs, seconds.
    pub median: f64,
    pub fastest: f64,
    pub slowest: f64,
    /// The range of the runs but the fastest and the slowest, over the median.
    pub spread: f64,
    pub peak_kib: u64,
    /// Whether the fit uses it.
    pub fitted: bool,
}

/// `time - startup ≈ c·n^k`, by least squares on the logarithms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub c: f64,
    pub k: f64,
    /// How much of the logarithms' variance the line explains.
    pub r_squared: f64,
    pub startup: f64,
}

impl Fit {
    /// The time the fit predicts at size `n`, seconds (start-up included).
    pub fn at(&self, n: f64) -> f64 {
        self.c * n.powf(self.k) + self.startup
    }
}

/// Fits the points whose median is at least `STARTUPS_TO_FIT` start-ups (marking them); `None`
/// with fewer than three such points.
pub fn fit(points: &mut [Point], startup: f64) -> Option<Fit> {
    let floor = STARTUPS_TO_FIT * startup.max(1e-4);
    for point in points.iter_mut() {
        point.fitted = point.median >= floor;
    }
    let xy: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.fitted)
        .map(|p| ((p.n as f64).ln(), (p.median - startup).max(1e-9).ln()))
        .collect();
    if xy.len() < 3 {
        return None;
    }
    let count = xy.len() as f64;
    let mean_x = xy.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = xy.iter().map(|p| p.1).sum::<f64>() / count;
    let sxx: f64 = xy.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = xy.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let syy: f64 = xy.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
    if sxx == 0.0 {
        return None;
    }
    let k = sxy / sxx;
    let c = (mean_y - k * mean_x).exp();
    let r_squared = if syy == 0.0 { 1.0 } else { (sxy * sxy) / (sxx * syy) };
    Some(Fit { c, k, r_squared, startup })
}

/// Runs the scaling benchmark of `problem` (already checked to be a problem crate), printing
/// as it goes; the plot's path.
pub fn run(root: &Path, problem: &str) -> Result<PathBuf, String> {
    let meta = judge_meta::problem::read(root, problem)?;
    let scale = meta.scale.clone().ok_or_else(|| {
        format!(
            "crates/{problem}/Cargo.toml says nothing of how its input grows: add to \
             [package.metadata.judge] a line such as scale = {{ n = \"the side of the grid\", \
             args = \"MODE {{n}} {{n}}\", from = 10, to = 1000 }} (the generator's arguments \
             after the seed)"
        )
    })?;
    if meta.interactive {
        return Err(format!(
            "{problem} is interactive: the scaling benchmark times a program on its input alone"
        ));
    }
    let generator = format!("{problem}-gen");
    cargo::build_release(root, &[(problem, &[problem, generator.as_str()])])?;
    let release = target_dir(root).join("release");
    let out_dir = target_dir(root).join("scale").join(problem);
    fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let runner = Runner::new()?;
    let solver = release.join(problem);
    let limit = Duration::from_millis(meta.time_limit_ms);
    let load = || {
        fs::read_to_string("/proc/loadavg").map_or("unknown".into(), |l| {
            l.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
        })
    };
    println!(
        "== scale {problem}: n = {}, input `{generator} 1 {}`; {RUNS} runs per size (median CPU time); load average {}",
        scale.n,
        scale.args.join(" "),
        load()
    );
    let empty = out_dir.join("empty.in");
    fs::write(&empty, "").map_err(|e| format!("cannot write {}: {e}", empty.display()))?;
    let startup = timed_runs(&runner, &solver, &empty, limit, true)?.median();
    println!("   start-up (its CPU time on an empty input, which it rejects): {}", millis(startup));
    println!(
        "   {:>8} {:>12} {:>10} {:>10} {:>10} {:>7} {:>9}",
        "n", "input", "median", "fastest", "slowest", "spread", "peak"
    );
    let mut points = Vec::new();
    for &n in &scale.sizes {
        let input = out_dir.join(format!("n-{n}.in"));
        generate(&release.join(&generator), &scale, n, &input)?;
        let input_bytes = fs::metadata(&input).map_or(0, |m| m.len());
        let runs = timed_runs(&runner, &solver, &input, limit, false)?;
        let point = Point {
            n,
            input_bytes,
            median: runs.median(),
            fastest: runs.times[0],
            slowest: runs.times[runs.times.len() - 1],
            spread: runs.spread(),
            peak_kib: runs.peak_kib,
            fitted: false,
        };
        println!(
            "   {n:>8} {:>12} {:>10} {:>10} {:>10} {:>6.0}% {:>6.1} MB",
            format!("{input_bytes} B"),
            millis(point.median),
            millis(point.fastest),
            millis(point.slowest),
            100.0 * point.spread,
            point.peak_kib as f64 / 1024.0
        );
        points.push(point);
    }
    let fitted = fit(&mut points, startup);
    let last = points.last().expect("a scale has sizes").clone();
    let limit_s = limit.as_secs_f64();
    match fitted {
        Some(f) => {
            let used: Vec<String> = points.iter().filter(|p| p.fitted).map(|p| p.n.to_string()).collect();
            println!(
                "   fit on n = {}: time ≈ {:.3e} · n^{:.2} + start-up   (R² {:.3})",
                used.join(", "),
                f.c,
                f.k,
                f.r_squared
            );
            println!("   k = {:.2}", f.k);
            println!(
                "   at n = {}: predicted {}, measured {}; the time limit is {} ({:.1}% of it measured)",
                last.n,
                millis(f.at(last.n as f64)),
                millis(last.median),
                millis(limit_s),
                100.0 * last.median / limit_s
            );
            if f.r_squared < 0.95 {
                println!("   note: a poor fit (R² {:.3}): the time does not grow as one power of n here", f.r_squared);
            }
        }
        None => println!(
            "   too fast to fit: fewer than 3 sizes take {STARTUPS_TO_FIT} start-ups or more; at n = {} it takes {} against a limit of {}",
            last.n,
            millis(last.median),
            millis(limit_s)
        ),
    }
    let noisy: Vec<String> = points
        .iter()
        .filter(|p| p.fitted && p.spread > NOISY_SPREAD)
        .map(|p| format!("n = {} ({:.0}%)", p.n, 100.0 * p.spread))
        .collect();
    if !noisy.is_empty() {
        println!(
            "   warning: too noisy to trust: the middle runs spread more than {:.0}% at {} (load \
             average now {}); run it again on a quiet machine",
            100.0 * NOISY_SPREAD,
            noisy.join(", "),
            load()
        );
    }
    let plot = target_dir(root).join("scale").join(format!("{problem}.svg"));
    let svg = svg(problem, &scale, &points, fitted, limit_s);
    fs::write(&plot, svg).map_err(|e| format!("cannot write {}: {e}", plot.display()))?;
    println!("   plot: {}", plot.strip_prefix(root).unwrap_or(&plot).display());
    Ok(plot)
}

/// `12.3 ms`.
fn millis(seconds: f64) -> String {
    let ms = seconds * 1e3;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

/// Writes `<problem>-gen 1 ARGS(n)` into `input`.
fn generate(generator: &Path, scale: &Scale, n: u64, input: &Path) -> Result<(), String> {
    let file =
        fs::File::create(input).map_err(|e| format!("cannot create {}: {e}", input.display()))?;
    let args = scale.args_for(n);
    let output = Command::new(generator)
        .arg("1")
        .args(&args)
        .stdout(file)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", generator.display()))?;
    if !output.status.success() {
        let name = generator.file_name().unwrap_or_default().to_string_lossy();
        return Err(format!(
            "`{name} 1 {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).lines().next().unwrap_or("no stderr")
        ));
    }
    Ok(())
}

/// The CPU times of one size's runs.
struct Runs {
    /// Seconds, fastest first.
    times: Vec<f64>,
    peak_kib: u64,
}

impl Runs {
    fn median(&self) -> f64 {
        self.times[self.times.len() / 2]
    }

    /// The range of the middle runs (the fastest and the slowest left out) over the median:
    /// one run disturbed by the machine does not make the others noise.
    fn spread(&self) -> f64 {
        let middle = &self.times[1..self.times.len() - 1];
        let range = middle[middle.len() - 1] - middle[0];
        if self.median() > 0.0 {
            range / self.median()
        } else {
            0.0
        }
    }
}

/// `RUNS` runs of `program` on `input` after one more that is not counted. `failing`: the
/// program is expected to reject the input.
fn timed_runs(
    runner: &Runner,
    program: &Path,
    input: &Path,
    limit: Duration,
    failing: bool,
) -> Result<Runs, String> {
    let mut times = Vec::new();
    let mut peak = 0;
    for run in 0..=RUNS {
        let usage = process::run_to_files(
            &runner.helper,
            runner.file("report"),
            program,
            input,
            &runner.file("stdout"),
            &runner.file("stderr"),
            limit * 5,
            // Measured as it is, past the limit: the benchmark shows how far past.
            None,
        )?
        .ok_or_else(|| {
            format!(
                "{} ran past five times the time limit on {}",
                program.display(),
                input.display()
            )
        })?;
        if usage.exit.success() == failing {
            let stderr = fs::read(runner.file("stderr")).unwrap_or_default();
            return Err(format!(
                "{} on {}: {}; {}",
                program.display(),
                input.display(),
                usage.exit,
                crate::stderr::summary(&stderr)
            ));
        }
        if run > 0 {
            times.push(usage.cpu.as_secs_f64());
            peak = peak.max(usage.peak_kib);
        }
    }
    times.sort_by(f64::total_cmp);
    Ok(Runs { times, peak_kib: peak })
}

/// The log-log plot: each size's median (a dot; hollow when not fitted) with its fastest and
/// slowest run, the fitted line, and the time limit; the legend below.
pub fn svg(problem: &str, scale: &Scale, points: &[Point], fit: Option<Fit>, limit: f64) -> String {
    const WIDTH: f64 = 860.0;
    const HEIGHT: f64 = 660.0;
    const LEFT: f64 = 90.0;
    const RIGHT: f64 = 30.0;
    const TOP: f64 = 70.0;
    const BOTTOM: f64 = 120.0;
    let (n_min, n_max) = (points[0].n as f64, points[points.len() - 1].n as f64);
    let lowest = points.iter().map(|p| p.fastest).fold(f64::MAX, f64::min).max(1e-6);
    let highest = points.iter().map(|p| p.slowest).fold(limit, f64::max);
    // The ranges drawn: everything, with a margin (logarithms).
    let (x0, x1) = ((n_min / 1.15).log10(), (n_max * 1.15).log10());
    let (y0, y1) = ((lowest / 1.6).log10(), (highest * 1.6).log10());
    let (left, right, top, bottom) = (LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM);
    let x = |n: f64| left + (n.log10() - x0) / (x1 - x0) * (right - left);
    let y = |t: f64| bottom - (t.max(1e-9).log10() - y0) / (y1 - y0) * (bottom - top);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"13\">"
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let title = match fit {
        Some(f) => format!("{problem}: time ≈ c·n^{:.2} (R² {:.3})", f.k, f.r_squared),
        None => format!("{problem}: too fast to fit"),
    };
    let middle = WIDTH / 2.0;
    let _ = writeln!(
        out,
        "<text x=\"{middle}\" y=\"30\" font-size=\"18\" text-anchor=\"middle\">{}</text>",
        escape(&title)
    );
    let _ = writeln!(
        out,
        "<text x=\"{middle}\" y=\"50\" text-anchor=\"middle\" fill=\"#555\">n = {}; CPU time, \
         median of {RUNS} runs (bars: fastest to slowest)</text>",
        escape(&scale.n)
    );
    // Grid lines at 1, 2 and 5 times each power of ten in range; labels at the powers, and at
    // 2 and 5 as well when the range is short.
    for (axis, from, to) in [('x', x0, x1), ('y', y0, y1)] {
        let short = to - from <= 2.2;
        for decade in from.floor() as i32..=to.ceil() as i32 {
            for (step, major) in [(1.0, true), (2.0, false), (5.0, false)] {
                let value = step * 10f64.powi(decade);
                if value.log10() < from || value.log10() > to {
                    continue;
                }
                let colour = if major { "#bbb" } else { "#e6e6e6" };
                let label = major || short;
                if axis == 'x' {
                    let px = x(value);
                    let _ = writeln!(out, "<line x1=\"{px:.1}\" y1=\"{top}\" x2=\"{px:.1}\" y2=\"{bottom}\" stroke=\"{colour}\"/>");
                    if label {
                        let _ = writeln!(
                            out,
                            "<text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                            bottom + 18.0,
                            number(value)
                        );
                    }
                } else {
                    let py = y(value);
                    let _ = writeln!(out, "<line x1=\"{left}\" y1=\"{py:.1}\" x2=\"{right}\" y2=\"{py:.1}\" stroke=\"{colour}\"/>");
                    if label {
                        let _ = writeln!(
                            out,
                            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                            left - 6.0,
                            py + 4.0,
                            seconds(value)
                        );
                    }
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\"/>",
        right - left,
        bottom - top
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">n (log scale)</text>",
        (left + right) / 2.0,
        bottom + 42.0
    );
    let _ = writeln!(
        out,
        "<text transform=\"translate(24 {:.1}) rotate(-90)\" text-anchor=\"middle\">CPU time (log \
         scale)</text>",
        (top + bottom) / 2.0
    );
    // The limit.
    let ly = y(limit);
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{ly:.1}\" x2=\"{right}\" y2=\"{ly:.1}\" stroke=\"#c00\" \
         stroke-width=\"2\" stroke-dasharray=\"8 5\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#c00\">time limit {}</text>",
        right - 6.0,
        ly - 6.0,
        seconds(limit)
    );
    // The fit, over the fitted sizes.
    if let Some(f) = fit {
        let from = points.iter().find(|p| p.fitted).map_or(n_min, |p| p.n as f64);
        let steps = 60;
        let mut path = String::new();
        for i in 0..=steps {
            let n = from * (n_max / from).powf(i as f64 / steps as f64);
            let _ =
                write!(path, "{}{:.1},{:.1} ", if i == 0 { "M" } else { "L" }, x(n), y(f.at(n)));
        }
        let _ = writeln!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>",
            path.trim_end()
        );
    }
    for point in points {
        let px = x(point.n as f64);
        let (fast, slow) = (y(point.fastest), y(point.slowest));
        let _ = writeln!(out, "<line x1=\"{px:.1}\" y1=\"{fast:.1}\" x2=\"{px:.1}\" y2=\"{slow:.1}\" stroke=\"#333\"/>");
        let fill = if point.fitted { "#333" } else { "white" };
        let _ = writeln!(
            out,
            "<circle cx=\"{px:.1}\" cy=\"{:.1}\" r=\"4.5\" fill=\"{fill}\" stroke=\"#333\" \
             stroke-width=\"1.5\"><title>n = {}: {}</title></circle>",
            y(point.median),
            point.n,
            seconds(point.median)
        );
    }
    // The legend, in a row below the axis.
    let row = HEIGHT - 30.0;
    let mut at = left;
    let _ = writeln!(out, "<circle cx=\"{at}\" cy=\"{}\" r=\"4.5\" fill=\"#333\"/>", row - 4.0);
    let _ = writeln!(out, "<text x=\"{}\" y=\"{row}\">measured, fitted</text>", at + 10.0);
    at += 140.0;
    let _ = writeln!(
        out,
        "<circle cx=\"{at}\" cy=\"{}\" r=\"4.5\" fill=\"white\" stroke=\"#333\" stroke-width=\"1.5\"/>",
        row - 4.0
    );
    let _ = writeln!(out, "<text x=\"{}\" y=\"{row}\">measured, mostly start-up</text>", at + 10.0);
    at += 200.0;
    if let Some(f) = fit {
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>",
            at - 8.0,
            row - 4.0,
            at + 8.0,
            row - 4.0
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{row}\">fit {:.3e}·n^{:.2} + start-up {}</text>",
            at + 14.0,
            f.c,
            f.k,
            seconds(f.startup)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// `2 ms`, `1.5 s`, `50 µs`: a tick's time.
fn seconds(t: f64) -> String {
    let trim = |v: f64| {
        let text = format!("{v:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if t >= 1.0 {
        format!("{} s", trim(t))
    } else if t >= 1e-3 {
        format!("{} ms", trim(t * 1e3))
    } else {
        format!("{} µs", trim(t * 1e6))
    }
}

/// `1000`, `20000`, `1e6`: a tick's size.
fn number(n: f64) -> String {
    if n < 1e6 {
        format!("{}", n.round() as u64)
    } else {
        format!("{n:.0e}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::{fit, svg, Point};
    use judge_meta::Scale;

    fn point(n: u64, median: f64) -> Point {
        let (fastest, slowest) = (median * 0.95, median * 1.05);
        Point {
            n,
            input_bytes: n,
            median,
            fastest,
            slowest,
            spread: 0.05,
            peak_kib: 2048,
            fitted: false,
        }
    }

    #[test]
    fn a_power_law_is_found_above_the_startup() {
        // 1 ms of start-up, then 1e-8 · n^2 seconds: the smallest sizes are start-up alone.
        let startup = 1e-3;
        let mut points: Vec<Point> = [10, 30, 100, 300, 1000, 3000, 10000]
            .iter()
            .map(|&n| point(n, startup + 1e-8 * (n as f64).powi(2)))
            .collect();
        let f = fit(&mut points, startup).expect("enough points");
        assert!((f.k - 2.0).abs() < 1e-9, "{f:?}");
        assert!((f.c - 1e-8).abs() < 1e-14, "{f:?}");
        assert!(f.r_squared > 0.999_999);
        let fitted: Vec<u64> = points.iter().filter(|p| p.fitted).map(|p| p.n).collect();
        assert_eq!(fitted, [1000, 3000, 10000]);
        assert!((f.at(10000.0) - points[6].median).abs() < 1e-12);
        // Everything near the start-up: nothing to fit.
        let mut flat: Vec<Point> =
            [10, 100, 1000].iter().map(|&n| point(n, startup * 1.1)).collect();
        assert_eq!(fit(&mut flat, startup), None);
    }

    #[test]
    fn the_plot_has_the_points_the_fit_and_the_limit() {
        let scale =
            Scale { n: "the side <of> the field".into(), args: vec!["{n}".into()], sizes: vec![] };
        let startup = 1e-3;
        let mut points: Vec<Point> = [10, 100, 1000, 3000, 10000]
            .iter()
            .map(|&n| point(n, startup + 1e-5 * n as f64))
            .collect();
        let f = fit(&mut points, startup);
        let text = svg("p", &scale, &points, f, 1.0);
        assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(text.ends_with("</svg>\n"));
        assert_eq!(text.matches("<circle cx").count(), points.len() + 2, "the points, the legend");
        assert!(text.contains("time limit 1 s"));
        assert!(text.contains("n = the side &lt;of&gt; the field"));
        assert!(text.contains("<path d=\"M"), "the fit is drawn");
        assert!(text.contains("c·n^1.00"), "{text}");
    }
}
