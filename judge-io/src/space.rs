//! What separates tokens, the one definition the integer reader ([`crate::int`]) and the
//! cursor's reading rules share (a module below both, so neither names the other for it).

/// The bytes that separate tokens: ASCII whitespace (space, tab, newline, carriage return,
/// form feed). The range test comes first: without it the compiler merges this test with the
/// `-` test that follows into one bit-table branch, which mispredicts on mixed signs
/// (measured: parsing took 1.5x as long).
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    b <= b' ' && b.is_ascii_whitespace()
}

/// `text` without trailing whitespace.
pub(super) fn trim_end(text: &[u8]) -> &[u8] {
    let end = text.iter().rposition(|&b| !is_space(b)).map_or(0, |i| i + 1);
    &text[..end]
}
