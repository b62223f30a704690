//! What a failed run's stderr says, on one line: a Rust panic's message and where it happened
//! (in the format of the rustc that built the program: 1.73 and later, or the judges' 1.63),
//! else the first line that is not blank (a program's own `error: ...` line); and
//! [`HeadTail`], which keeps a stream's head and tail, so a program's stderr is never held
//! whole.

use std::collections::VecDeque;
use std::io::Read;

/// How much of a message an RE line shows.
const SHOWN_CHARS: usize = 200;

/// One line for an RE verdict: `panicked at src/main.rs:3:5: index out of bounds: ...`, or
/// the first non-blank stderr line, or `no stderr`.
pub fn summary(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let line = panic_summary(&text)
        .or_else(|| text.lines().map(str::trim).find(|line| !line.is_empty()).map(String::from))
        .unwrap_or_else(|| "no stderr".to_string());
    cut(&line)
}

/// `panicked at PLACE: MESSAGE` from the panic report in `text`, if there is one.
///
/// - rustc 1.73 and later: `thread 'main' panicked at src/main.rs:3:5:` (since 1.91 with the
///   thread's id, `thread 'main' (4242) panicked at`) then the message on the lines after, up
///   to `note: run with `RUST_BACKTRACE=1`...` or `stack backtrace:`.
/// - rustc 1.63: `thread 'main' panicked at 'MESSAGE', src/main.rs:3:5` (the message may span
///   lines).
fn panic_summary(text: &str) -> Option<String> {
    const MARK: &str = " panicked at ";
    let start = text.find("thread '")?;
    let report = &text[start..];
    let first_line = report.lines().next()?;
    let after = &report[first_line.find(MARK)? + MARK.len()..];
    if let Some(quoted) = after.strip_prefix('\'') {
        // The old form: the message is quoted and the place follows `', `.
        let end = quoted.find("', ")?;
        let message = quoted[..end].lines().collect::<Vec<_>>().join(" ");
        let place = quoted[end + 3..].lines().next()?.trim();
        return Some(format!("panicked at {place}: {message}"));
    }
    let mut lines = after.lines();
    let place = lines.next()?.trim().trim_end_matches(':');
    let message: Vec<&str> = lines
        .take_while(|line| {
            !line.starts_with("note: run with `RUST_BACKTRACE")
                && !line.starts_with("stack backtrace:")
        })
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
        .collect();
    if message.is_empty() {
        return Some(format!("panicked at {place}"));
    }
    Some(format!("panicked at {place}: {}", message.join(" ")))
}

/// How much of a stream's head, and of its tail, [`HeadTail`] keeps.
const KEPT_BYTES: usize = 64 << 10;

/// The head and the tail of a stream, with the count of what lay between.
#[derive(Debug, Default)]
pub struct HeadTail {
    head: Vec<u8>,
    /// The last bytes, at most `KEPT_BYTES`.
    tail: VecDeque<u8>,
    left_out: u64,
}

impl HeadTail {
    /// Reads `from` to its end.
    pub fn read_all(mut from: impl Read) -> HeadTail {
        let mut kept = HeadTail::default();
        let mut buffer = vec![0; 1 << 16];
        loop {
            match from.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => kept.push(&buffer[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        kept
    }

    pub fn push(&mut self, bytes: &[u8]) {
        let room = KEPT_BYTES - self.head.len();
        let (to_head, rest) = bytes.split_at(room.min(bytes.len()));
        self.head.extend_from_slice(to_head);
        // Only the last KEPT_BYTES of `rest` can stay.
        let dropped = rest.len().saturating_sub(KEPT_BYTES);
        self.tail.extend(&rest[dropped..]);
        let excess = self.tail.len().saturating_sub(KEPT_BYTES);
        self.tail.drain(..excess);
        self.left_out += (dropped + excess) as u64;
    }

    /// The head, a line saying how much was left out (if anything was), and the tail.
    pub fn bytes(&self) -> Vec<u8> {
        let mut bytes = self.head.clone();
        if self.left_out > 0 {
            let note = format!("\n... ({} bytes left out) ...\n", self.left_out);
            bytes.extend_from_slice(note.as_bytes());
        }
        bytes.extend(&self.tail);
        bytes
    }
}

/// `line` cut to `SHOWN_CHARS` characters, with `...` where it was cut.
fn cut(line: &str) -> String {
    match line.char_indices().nth(SHOWN_CHARS) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{summary, HeadTail, KEPT_BYTES};

    #[test]
    fn a_long_stream_keeps_its_head_and_tail() {
        let mut stream = Vec::new();
        stream.extend_from_slice(b"first line\n");
        stream.resize(KEPT_BYTES * 5, b'.');
        stream.extend_from_slice(b"\nthread 'main' panicked at src/main.rs:1:1:\nlast words\n");
        let kept = HeadTail::read_all(stream.as_slice());
        let bytes = kept.bytes();
        assert!(bytes.len() < 2 * KEPT_BYTES + 100);
        assert!(bytes.starts_with(b"first line\n"));
        assert!(bytes.ends_with(b"last words\n"));
        let left_out = format!("({} bytes left out)", stream.len() - 2 * KEPT_BYTES);
        assert!(String::from_utf8_lossy(&bytes).contains(&left_out));
        // Fed in small pieces, the same.
        let mut pieces = HeadTail::default();
        for piece in stream.chunks(1000) {
            pieces.push(piece);
        }
        assert_eq!(pieces.bytes(), bytes);
        assert_eq!(summary(&bytes), "panicked at src/main.rs:1:1: last words");
        assert_eq!(HeadTail::read_all(&b"short"[..]).bytes(), b"short");
    }

    #[test]
    fn a_panic_shows_its_message_and_place() {
        // rustc 1.73 and later, with and without a backtrace after it.
        let new = "\nthread 'main' panicked at src/main.rs:3:5:\nindex out of bounds: the len is \
                   3 but the index is 7\nnote: run with `RUST_BACKTRACE=1` environment variable \
                   to display a backtrace\n";
        let shown = "panicked at src/main.rs:3:5: index out of bounds: the len is 3 but the index \
                     is 7";
        assert_eq!(summary(new.as_bytes()), shown);
        let traced = "thread 'main' panicked at src/main.rs:3:5:\nindex out of bounds: the len \
                      is 3 but the index is 7\nstack backtrace:\n   0: rust_begin_unwind\n";
        assert_eq!(summary(traced.as_bytes()), shown);
        let with_id = "thread 'main' (4242) panicked at src/main.rs:3:5:\nexplicit panic\n";
        assert_eq!(summary(with_id.as_bytes()), "panicked at src/main.rs:3:5: explicit panic");
        let two_lines = "thread '<unnamed>' panicked at src/lib.rs:9:1:\nfirst\nsecond\n";
        assert_eq!(summary(two_lines.as_bytes()), "panicked at src/lib.rs:9:1: first second");
        // rustc 1.63 (the judges' compiler builds the bundle).
        let old = "thread 'main' panicked at 'attempt to subtract with overflow', \
                   target/bundles/p/Main.rs:41:13\nnote: run with `RUST_BACKTRACE=1` ...\n";
        assert_eq!(
            summary(old.as_bytes()),
            "panicked at target/bundles/p/Main.rs:41:13: attempt to subtract with overflow"
        );
        let old_two_lines = "thread 'main' panicked at 'a\nb', Main.rs:1:2\n";
        assert_eq!(summary(old_two_lines.as_bytes()), "panicked at Main.rs:1:2: a b");
    }

    #[test]
    fn other_failures_show_their_first_line() {
        let error = "\nerror: line 2, column 3: expected a digit, found \"x\"\nmore\n";
        assert_eq!(
            summary(error.as_bytes()),
            "error: line 2, column 3: expected a digit, found \"x\""
        );
        assert_eq!(summary(b""), "no stderr");
        assert_eq!(summary(b"  \n\n"), "no stderr");
        let long = "x".repeat(500);
        assert_eq!(summary(long.as_bytes()), format!("{}...", "x".repeat(200)));
    }
}
