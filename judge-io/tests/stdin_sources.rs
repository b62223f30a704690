//! `run_main` (and `run_stream`, which reads as input arrives) reads the same input whatever
//! stdin is: a regular file (mapped), a file that does not end in whitespace (at a page
//! boundary too, where reading one byte too far would fault), an empty file, `/dev/null`, a
//! pipe, and a file whose start a parent already read; and the answers written before a bad
//! token stay printed. This binary is the test and, re-executed with `--child` (or
//! `--echo-child`, `--stream-child`), the program under test: it prints the count and sum of
//! the integers on stdin (or echoes them).
//!
//! A terminal is not covered here (no pseudo-terminal in std); it takes the same read path
//! as a pipe, being no regular file.

use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Output as ProcessOutput, Stdio};

use judge_io::{Error, Output, Scanner, StreamInput};

fn main() -> ExitCode {
    if std::env::args().any(|arg| arg == "--child") {
        return judge_io::run_main(count_and_sum);
    }
    if std::env::args().any(|arg| arg == "--echo-child") {
        return judge_io::run_main(echo);
    }
    if std::env::args().any(|arg| arg == "--stream-child") {
        return judge_io::run_stream(count_and_sum_streamed);
    }
    let dir = std::env::temp_dir().join(format!("judge-io-stdin-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("can create a temporary folder");
    let cases = cases();
    for (name, input) in &cases {
        let expected = expected(input);
        let path = dir.join(name);
        fs::write(&path, input).expect("can write the input");
        let from_file = run(Stdio::from(File::open(&path).expect("readable")), None);
        check(name, "file", &from_file, &expected);
        let from_pipe = run(Stdio::piped(), Some(input));
        check(name, "pipe", &from_pipe, &expected);
        let file = Stdio::from(File::open(&path).expect("readable"));
        check(name, "file, streamed", &run_mode("--stream-child", file, None), &expected);
        let from_pipe = run_mode("--stream-child", Stdio::piped(), Some(input));
        check(name, "pipe, streamed", &from_pipe, &expected);
    }
    let from_null = run(Stdio::null(), None);
    check("/dev/null", "null", &from_null, &expected(b""));
    let from_null = run_mode("--stream-child", Stdio::null(), None);
    check("/dev/null", "null, streamed", &from_null, &expected(b""));
    partly_read_file_starts_where_the_parent_stopped(&dir);
    answers_before_a_bad_token_stay_printed(&dir);
    fs::remove_dir_all(&dir).expect("can remove the temporary folder");
    println!(
        "stdin_sources: {} inputs x file and pipe, whole and streamed, /dev/null, partly read, \
         bad input: passed",
        cases.len()
    );
    ExitCode::SUCCESS
}

/// The program under test.
fn count_and_sum<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut scanner = Scanner::new(input);
    let (mut count, mut sum) = (0u64, 0i64);
    while !scanner.at_end() {
        sum = sum.wrapping_add(scanner.int::<i64>()?);
        count += 1;
    }
    out.int(count).byte(b' ').int(sum).newline();
    Ok(())
}

/// The program under test, reading as input arrives.
fn count_and_sum_streamed<R: Read, W: Write>(
    input: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let (mut count, mut sum) = (0u64, 0i64);
    while !input.at_end()? {
        sum = sum.wrapping_add(input.int::<i64>()?);
        count += 1;
    }
    out.int(count).byte(b' ').int(sum).newline();
    Ok(())
}

/// Echoes every integer on its own line as soon as it is parsed.
fn echo<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut scanner = Scanner::new(input);
    while !scanner.at_end() {
        out.int(scanner.int::<i64>()?).newline();
    }
    Ok(())
}

/// The output `count_and_sum` must print, by std's parsing.
fn expected(input: &[u8]) -> String {
    let text = std::str::from_utf8(input).expect("ASCII inputs");
    let values: Vec<i64> =
        text.split_ascii_whitespace().map(|t| t.parse().expect("valid integers")).collect();
    format!("{} {}\n", values.len(), values.iter().fold(0i64, |s, &v| s.wrapping_add(v)))
}

/// Named inputs: the edge cases of mapping and of reading.
fn cases() -> Vec<(String, Vec<u8>)> {
    let mut cases = vec![
        ("empty".to_string(), Vec::new()),
        ("one-digit-no-newline".to_string(), b"7".to_vec()),
        ("spaces-only".to_string(), b" \n\t\r\n".to_vec()),
        ("no-trailing-newline".to_string(), b"3\n-1 20 300".to_vec()),
        ("crlf".to_string(), b"1 2\r\n-3\r\n".to_vec()),
    ];
    // Files of exactly one and two pages whose last bytes are digits: the scanner's word reads
    // must stop at the end of the mapping.
    for pages in [1, 2] {
        let size = 4096 * pages;
        let mut input = Vec::with_capacity(size);
        let mut value = 1u64;
        while input.len() + 20 < size {
            input.extend_from_slice(format!("{} ", value).as_bytes());
            value = value * 7 % 1_000_000_007;
        }
        input.resize(size, b'9');
        cases.push((format!("{}-pages-ending-in-digits", pages), input));
    }
    // 3 MiB: a pipe delivers it in many pieces, and it spans many pages of a mapped file.
    let mut large = Vec::with_capacity(3 << 20);
    let mut value = 1i64;
    while large.len() < 3 << 20 {
        large.extend_from_slice(format!("{}\n", value).as_bytes());
        value = -(value * 7919 % 1_000_000_007);
    }
    cases.push(("3-mib".to_string(), large));
    cases
}

/// Runs the child with `stdin`, writing `piped` into it if given.
fn run(stdin: Stdio, piped: Option<&[u8]>) -> ProcessOutput {
    run_mode("--child", stdin, piped)
}

/// Runs the child in `mode` (`--child`, `--echo-child` or `--stream-child`).
fn run_mode(mode: &str, stdin: Stdio, piped: Option<&[u8]>) -> ProcessOutput {
    let mut child = Command::new(std::env::current_exe().expect("the test binary's path"))
        .arg(mode)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("can start the child");
    if let Some(bytes) = piped {
        let mut pipe = child.stdin.take().expect("piped");
        pipe.write_all(bytes).expect("the child reads its input");
    }
    child.wait_with_output().expect("the child can be waited for")
}

fn check(name: &str, how: &str, output: &ProcessOutput, expected: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{name} through a {how}: failed: {stderr}");
    assert_eq!(stdout, expected, "{name} through a {how}");
}

/// A shell script may read a line of stdin and then run the program on the rest: the
/// program must see only the rest, mapped or not.
fn partly_read_file_starts_where_the_parent_stopped(dir: &std::path::Path) {
    let path: PathBuf = dir.join("partly-read");
    fs::write(&path, b"1000000 2000000\n5 6 7\n").expect("can write the input");
    let mut file = File::open(&path).expect("readable");
    let mut first_line = [0u8; 16];
    file.read_exact(&mut first_line).expect("16 bytes");
    assert_eq!(file.stream_position().expect("a file has a position"), 16);
    let output = run(Stdio::from(file), None);
    check("partly-read", "file", &output, "3 18\n");
    // And from the start, for contrast.
    let mut file = File::open(&path).expect("readable");
    file.seek(SeekFrom::Start(0)).expect("seekable");
    check("partly-read from 0", "file", &run(Stdio::from(file), None), "5 3000018\n");
}

/// Output written through before a bad token (far more than the buffer holds) and the rest
/// flushed after it: every answer before the error is printed, then one `error:` line.
fn answers_before_a_bad_token_stay_printed(dir: &std::path::Path) {
    let values: Vec<i64> = (0..20_000).map(|i| i * 104_729 - 1_000_000_000).collect();
    let mut input: Vec<u8> = values.iter().map(|v| format!("{} ", v)).collect::<String>().into();
    let bad_column = input.len() + 1;
    input.extend_from_slice(b"oops 5\n");
    let expected: String = values.iter().map(|v| format!("{}\n", v)).collect();
    let path = dir.join("bad-at-the-end");
    fs::write(&path, &input).expect("can write the input");
    for how in ["file", "pipe"] {
        let output = if how == "file" {
            run_mode("--echo-child", Stdio::from(File::open(&path).expect("readable")), None)
        } else {
            run_mode("--echo-child", Stdio::piped(), Some(&input))
        };
        assert_eq!(output.status.code(), Some(1), "bad input through a {how}");
        assert!(output.stdout == expected.as_bytes(), "answers before the error, {how}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("error: line 1, column {bad_column}: expected an integer, found \"oops\"\n"),
        );
    }
}
