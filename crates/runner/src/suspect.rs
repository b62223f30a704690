//! How a SUSPECT line reads: a hand-written sample's `.out` that the problem's oracle
//! disagrees with, told in one orientation, the oracle's, the sample's and the solver's
//! answers side by side: `oracle p-naive "2", sample-2.out "3", solver "2" (line 1, column 1)`.
//! Both comparisons are made with the `.out` as the expected output, so the checker's messages
//! (`line 1, column 1: expected "3", found "2"`) line up; a message of another form (a checker
//! program's own) is shown as it is.

/// The SUSPECT detail: `sample` (the `.out`'s name) against the oracle `oracle`, from the
/// checker's message on the oracle's output (`oracle_says`) and on the solver's
/// (`solver_says`), both checked against the `.out`.
pub fn detail(sample: &str, oracle: &str, oracle_says: &str, solver_says: &str) -> String {
    if let (Some(by_oracle), Some(by_solver)) = (difference(oracle_says), difference(solver_says)) {
        if by_oracle.expected == by_solver.expected {
            let place = if by_oracle.place == by_solver.place {
                by_oracle.place.to_string()
            } else {
                format!("{} for the oracle, {} for the solver", by_oracle.place, by_solver.place)
            };
            return format!(
                "{sample} is the suspect: oracle {oracle} {}, {sample} {}, solver {} ({place})",
                by_oracle.found, by_oracle.expected, by_solver.found
            );
        }
    }
    format!(
        "{sample} is the suspect: the oracle {oracle} disagrees with it too ({oracle_says}); \
         the solver's output: {solver_says}"
    )
}

/// A checker's message taken apart: `PLACE: expected EXPECTED, found FOUND...`.
#[derive(Debug, PartialEq)]
struct Difference<'a> {
    place: &'a str,
    expected: &'a str,
    found: &'a str,
}

fn difference(message: &str) -> Option<Difference<'_>> {
    let (place, rest) = message.split_once(": expected ")?;
    if !place.starts_with("line ") {
        return None;
    }
    let (expected, rest) = shown_token(rest)?;
    let (found, _) = shown_token(rest.strip_prefix(", found ")?)?;
    Some(Difference { place, expected, found })
}

/// A token as the checkers show it at the start of `text` (`"..."` with escapes, perhaps
/// followed by `...`, or `end of output`), and what follows it.
fn shown_token(text: &str) -> Option<(&str, &str)> {
    const END: &str = "end of output";
    if text.starts_with(END) {
        return Some(text.split_at(END.len()));
    }
    let mut chars = text.char_indices();
    if chars.next()?.1 != '"' {
        return None;
    }
    let mut escaped = false;
    for (at, c) in chars {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => {
                let mut end = at + 1;
                if text[end..].starts_with("...") {
                    end += 3;
                }
                return Some(text.split_at(end));
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::detail;

    #[test]
    fn the_three_answers_side_by_side() {
        let oracle = r#"line 1, column 1: expected "5", found "4""#;
        let solver = r#"line 1, column 1: expected "5", found "4""#;
        assert_eq!(
            detail("sample-a.out", "typo-naive", oracle, solver),
            r#"sample-a.out is the suspect: oracle typo-naive "4", sample-a.out "5", solver "4" (line 1, column 1)"#
        );
        let quoted = r#"line 2, column 3: expected "a\"b"..., found end of output"#;
        let solver = r#"line 2, column 1: expected "a\"b"..., found "c": a note"#;
        assert_eq!(
            detail("s.out", "p-naive", quoted, solver),
            r#"s.out is the suspect: oracle p-naive end of output, s.out "a\"b"..., solver "c" (line 2, column 3 for the oracle, line 2, column 1 for the solver)"#
        );
        // A checker program's own words are shown as they are.
        assert_eq!(
            detail("s.out", "p-naive", "sums differ", "sums differ too"),
            "s.out is the suspect: the oracle p-naive disagrees with it too (sums differ); the \
             solver's output: sums differ too"
        );
    }
}
