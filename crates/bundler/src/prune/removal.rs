//! A removal: bytes of the bundle's text and the names they take away, and the arithmetic of
//! several removals (merged, applied, and offsets after them mapped back).

use crate::index::Index;
use crate::items::ItemKind;
use crate::mapped::{Edit, Mapped};
use crate::span::ByteSpan;

/// A removal: bytes of the text (whole lines where the item fills them), and the names it
/// takes away (for telling which removal an error is about).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Removal {
    pub span: ByteSpan,
    pub names: Vec<String>,
    /// For a trait: the names of its items (an error naming one asks for the trait back).
    pub members: Vec<String>,
    /// For what a repair adds (an `impl` of a removed trait): the removed names it goes for.
    pub because: Vec<String>,
}

impl Removal {
    /// The removal of entry `at` of `index`, whole, by its name (a trait's with its items').
    pub fn of(index: &Index, at: usize) -> Removal {
        let e = &index.entries[at];
        let members = if e.kind == ItemKind::Trait {
            index.children(at).map(|m| m.name.clone()).collect()
        } else {
            Vec::new()
        };
        Removal { span: e.range, names: vec![e.name.clone()], members, because: Vec::new() }
    }

    /// Whether `removals` hold one of the same bytes.
    pub fn is_in(&self, removals: &[Removal]) -> bool {
        removals.iter().any(|r| r.span == self.span)
    }
}

/// The bytes of `removals`, sorted, with spans inside others (or overlapping them) merged
/// away.
pub fn disjoint(removals: &[Removal]) -> Vec<ByteSpan> {
    let mut spans: Vec<ByteSpan> = removals.iter().map(|r| r.span).collect();
    spans.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    let mut out: Vec<ByteSpan> = Vec::new();
    for span in spans {
        match out.last_mut() {
            Some(last) if span.start < last.end => last.end = last.end.max(span.end),
            _ => out.push(span),
        }
    }
    out
}

/// `base` with `removals` applied (nested ones fold into the outer one).
pub fn applied(base: &Mapped, removals: &[Removal]) -> Mapped {
    let mut text = base.clone();
    text.apply(disjoint(removals).into_iter().map(Edit::cut).collect());
    text
}

/// How many bytes before byte `at` `removals` take away.
pub fn removed_before(at: usize, removals: &[Removal]) -> usize {
    disjoint(removals).into_iter().map(|s| s.end.min(at).saturating_sub(s.start)).sum()
}

/// Offset `at` of a text with `removals` applied, back in the offsets of the text before.
pub fn to_base(at: usize, removals: &[Removal]) -> usize {
    let mut offset = at;
    for span in disjoint(removals) {
        if span.start <= offset {
            offset += span.len();
        } else {
            break;
        }
    }
    offset
}

/// What identifies a removal from one round to the next (offsets move): its names and the
/// first line of what it removes from `text`.
pub fn memo_key(text: &str, removal: &Removal) -> String {
    let removed = text.get(removal.span.range()).unwrap_or_default();
    let first = removed.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
    format!("{} {first}", removal.names.join(" "))
}

#[cfg(test)]
mod tests {
    use super::{applied, disjoint, removed_before, to_base, Removal};
    use crate::mapped::Mapped;
    use crate::span::ByteSpan;

    fn removal(start: usize, end: usize) -> Removal {
        Removal { span: ByteSpan::new(start, end), ..Removal::default() }
    }

    #[test]
    fn nested_and_overlapping_removals_merge() {
        let removals = [removal(10, 20), removal(0, 4), removal(12, 15), removal(18, 25)];
        assert_eq!(disjoint(&removals), [ByteSpan::new(0, 4), ByteSpan::new(10, 25)]);
        let mut text = Mapped::default();
        text.push_str("abcdefghijklmnopqrstuvwxyz");
        assert_eq!(applied(&text, &removals).text, "efghijz");
    }

    #[test]
    fn offsets_map_back_across_removals() {
        let removals = [removal(2, 5), removal(8, 10)];
        // "0123456789ab" without bytes 2..5 and 8..10 is "01567ab".
        assert_eq!(to_base(1, &removals), 1);
        assert_eq!(to_base(2, &removals), 5);
        assert_eq!(to_base(5, &removals), 10);
        assert_eq!(removed_before(9, &removals), 4);
        assert_eq!(removed_before(100, &removals), 5);
    }
}
