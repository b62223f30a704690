//! The buffered writer.

use std::io::{self, Write};

use super::int::Int;

/// Collects all output in memory and writes it with one call to [`Output::flush`].
///
/// Dropping an `Output` flushes what is left (ignoring errors), so answers printed before an
/// input error still reach stdout.
///
/// # Examples
/// ```
/// let mut out = judge_io::Output::new(Vec::new());
/// out.int(-12i32).byte(b' ').int(7u64).newline();
/// assert_eq!(out.into_inner().unwrap(), b"-12 7\n");
/// ```
pub struct Output<W: Write> {
    sink: Option<W>,
    buf: Vec<u8>,
}

impl<W: Write> Output<W> {
    /// A buffer in front of `sink`.
    pub fn new(sink: W) -> Output<W> {
        Output { sink: Some(sink), buf: Vec::with_capacity(1 << 16) }
    }

    /// Appends an integer in decimal.
    #[inline]
    pub fn int<T: Int>(&mut self, value: T) -> &mut Self {
        value.write_decimal(&mut self.buf);
        self
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, b: u8) -> &mut Self {
        self.buf.push(b);
        self
    }

    /// Appends bytes as they are.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        self.buf.extend_from_slice(bytes);
        self
    }

    /// Appends a string.
    pub fn str(&mut self, text: &str) -> &mut Self {
        self.bytes(text.as_bytes())
    }

    /// Appends a newline.
    #[inline]
    pub fn newline(&mut self) -> &mut Self {
        self.byte(b'\n')
    }

    /// Writes everything buffered so far to the sink.
    pub fn flush(&mut self) -> io::Result<()> {
        if let Some(sink) = self.sink.as_mut() {
            sink.write_all(&self.buf)?;
            sink.flush()?;
        }
        self.buf.clear();
        Ok(())
    }

    /// Flushes and returns the sink.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.sink.take().expect("the sink is only taken here"))
    }
}

impl<W: Write> Drop for Output<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::Output;

    #[test]
    fn formats_and_flushes_once() {
        let mut out = Output::new(Vec::new());
        out.int(0u8).byte(b' ').int(i64::MIN).newline().str("ok").bytes(b"!");
        assert_eq!(out.into_inner().unwrap(), format!("0 {}\nok!", i64::MIN).into_bytes());
    }
}
