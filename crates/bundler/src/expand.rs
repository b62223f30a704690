//! Enough of `macro_rules!` to see what an item-position macro call of the bundle expands to:
//! matchers (literal tokens, groups, `$x:frag`, `$( ... ) sep op`), transcribers, and nested
//! calls of the bundle's own macros. The pruning asks it one question: is everything a call
//! makes an `impl` that names a removed item (so that the call can go with that item)?
//!
//! Fragments that need Rust's grammar to delimit (`ty`, `expr`, `path`, `pat`, ...) take the
//! tokens up to where the matcher can go on, with angle brackets balanced for types and paths,
//! and never a top-level token that the fragment cannot hold (`;` in an expression, `,` in a
//! type). Where the matching is ambiguous or unsupported, or takes too long, the answer is
//! "unknown", and the pruning keeps the call: unknown never removes anything.

use std::collections::HashMap;

use super::items::{self, ItemKind, MacroRule};
use super::lexer::Kind;
use super::source::Source;
use super::span::TokenSpan;

/// Matching steps at most, per call (the matcher backtracks).
const STEP_BUDGET: usize = 200_000;
/// Nested expansions at most.
const DEPTH_BUDGET: usize = 64;

/// A `macro_rules!` definition: its source and its rules.
pub struct Definition<'s> {
    pub src: &'s Source,
    pub rules: Vec<MacroRule>,
}

/// What a metavariable matched: tokens of the call's source, or one binding per repetition.
#[derive(Debug, Clone)]
enum Binding {
    Tokens(TokenSpan),
    Seq(Vec<Binding>),
}

/// The items a call expands to, fully (nested calls of `macros` expanded), as sources of their
/// own: `None` if the expansion is unknown.
pub fn expand_items(
    call_src: &Source,
    args: TokenSpan,
    name: &str,
    macros: &HashMap<String, Definition>,
) -> Option<Vec<Source>> {
    let mut out = Vec::new();
    let mut budget = STEP_BUDGET;
    expand_into(call_src, args, name, macros, &mut out, &mut budget, 0)?;
    Some(out)
}

fn expand_into(
    call_src: &Source,
    args: TokenSpan,
    name: &str,
    macros: &HashMap<String, Definition>,
    out: &mut Vec<Source>,
    budget: &mut usize,
    depth: usize,
) -> Option<()> {
    if depth > DEPTH_BUDGET {
        return None;
    }
    let def = macros.get(name)?;
    let mut expanded = None;
    for rule in &def.rules {
        let (matcher, transcriber) = (rule.matcher.inside(), rule.transcriber.inside());
        let mut m = Matcher {
            def: def.src,
            input: call_src,
            budget: &mut *budget,
            bindings: HashMap::new(),
        };
        if m.seq(matcher, args, &mut |_| true) {
            let bindings = m.bindings;
            let mut text = String::new();
            transcribe(def.src, transcriber, call_src, &bindings, &[], &mut text)?;
            expanded = Some(text);
            break;
        }
        if *budget == 0 {
            return None;
        }
    }
    let text = expanded?;
    let src = Source::new("an expansion".to_string(), text).ok()?;
    let items = items::split(&src, 0, src.tokens.len()).ok()?;
    let mut own = Vec::new();
    for item in &items {
        if item.kind == ItemKind::MacroCall {
            let bang = (item.keyword..item.end).find(|&i| src.is_punct(i, "!"))?;
            let inner = src.prev_code(bang).and_then(|i| src.ident(i))?.to_string();
            let open = src.next_code(bang + 1, item.end);
            let close = src.partner(open)?;
            let args = TokenSpan::new(open + 1, close);
            expand_into(&src, args, &inner, macros, out, budget, depth + 1)?;
        } else {
            own.push(
                src.text[src.tokens[item.lead].start..src.tokens[item.end - 1].end].to_string(),
            );
        }
    }
    for text in own {
        out.push(Source::new("an expanded item".to_string(), text).ok()?);
    }
    Some(())
}

struct Matcher<'a> {
    def: &'a Source,
    input: &'a Source,
    budget: &'a mut usize,
    bindings: HashMap<String, Binding>,
}

impl Matcher<'_> {
    /// Matches matcher tokens `pattern` against input tokens `input` exactly; on success the
    /// bindings are recorded and `rest(end)` accepted the end (here: the whole input).
    fn seq(
        &mut self,
        pattern: TokenSpan,
        input: TokenSpan,
        rest: &mut dyn FnMut(usize) -> bool,
    ) -> bool {
        self.seq_from(pattern.start, pattern.end, input.start, input.end, &mut |end, _| {
            end == input.end && rest(end)
        })
    }

    /// Matches `def[p..p_hi]` against a prefix of `input[i..i_hi]`; `then(end)` decides whether
    /// the match may end at `end` (and goes on matching what follows).
    fn seq_from(
        &mut self,
        p: usize,
        p_hi: usize,
        i: usize,
        i_hi: usize,
        then: &mut dyn FnMut(usize, &HashMap<String, Binding>) -> bool,
    ) -> bool {
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        let d = self.def;
        let p = d.next_code(p, p_hi);
        let i = self.input.next_code(i, i_hi);
        if p >= p_hi {
            return then(i, &self.bindings);
        }
        if d.is_punct(p, "$") {
            let next = d.next_code(p + 1, p_hi);
            if d.is_punct(next, "(") {
                return self.repetition(next, p_hi, i, i_hi, then);
            }
            if let (Some(name), true) =
                (d.ident(next), d.is_punct(d.next_code(next + 1, p_hi), ":"))
            {
                let frag_at = d.next_code(d.next_code(next + 1, p_hi) + 1, p_hi);
                let frag = d.ident(frag_at).unwrap_or_default().to_string();
                let name = name.to_string();
                let after = frag_at + 1;
                for end in self.fragment_ends(&frag, i, i_hi) {
                    let saved = self.bindings.clone();
                    self.bindings.insert(name.clone(), Binding::Tokens(TokenSpan::new(i, end)));
                    if self.seq_from(after, p_hi, end, i_hi, then) {
                        return true;
                    }
                    self.bindings = saved;
                }
                return false;
            }
        }
        // A literal token or a group.
        if i >= i_hi || !self.same_token(p, i) {
            return false;
        }
        if let Some(pp) = d.closing(p) {
            let Some(ip) = self.input.closing(i) else {
                return false;
            };
            let saved = self.bindings.clone();
            if !self.seq_from(p + 1, pp, i + 1, ip, &mut |end, _| end == ip) {
                self.bindings = saved;
                return false;
            }
            return self.seq_from(pp + 1, p_hi, ip + 1, i_hi, then);
        }
        self.seq_from(p + 1, p_hi, i + 1, i_hi, then)
    }

    fn same_token(&self, p: usize, i: usize) -> bool {
        let (d, s) = (self.def, self.input);
        d.tokens[p].kind == s.tokens[i].kind && d.text(p) == s.text(i)
    }

    /// `$( ... ) sep? op` whose group opens at `open`.
    fn repetition(
        &mut self,
        open: usize,
        p_hi: usize,
        i: usize,
        i_hi: usize,
        then: &mut dyn FnMut(usize, &HashMap<String, Binding>) -> bool,
    ) -> bool {
        let d = self.def;
        let close = d.close(open);
        let mut after = d.next_code(close + 1, p_hi);
        let mut separator = None;
        if !(d.is_punct(after, "*") || d.is_punct(after, "+") || d.is_punct(after, "?")) {
            separator = Some(after);
            after = d.next_code(after + 1, p_hi);
        }
        let op = d.text(after.min(d.tokens.len() - 1)).to_string();
        let cont = after + 1;
        let names = metavariables(d, open + 1, close);
        // Greedy: as many repetitions as match, backtracking to fewer.
        let mut reps: Vec<HashMap<String, Binding>> = Vec::new();
        self.repeat(open, close, separator, &op, cont, p_hi, i, i_hi, &names, &mut reps, then)
    }

    #[allow(clippy::too_many_arguments)]
    fn repeat(
        &mut self,
        open: usize,
        close: usize,
        separator: Option<usize>,
        op: &str,
        cont: usize,
        p_hi: usize,
        i: usize,
        i_hi: usize,
        names: &[String],
        reps: &mut Vec<HashMap<String, Binding>>,
        then: &mut dyn FnMut(usize, &HashMap<String, Binding>) -> bool,
    ) -> bool {
        if *self.budget == 0 {
            return false;
        }
        let can_repeat = op != "?" || reps.is_empty();
        if can_repeat {
            // One more repetition, after a separator if it is not the first.
            let mut start = self.input.next_code(i, i_hi);
            let mut ok = true;
            if !reps.is_empty() {
                if let Some(sep) = separator {
                    if start < i_hi && self.same_token(sep, start) {
                        start += 1;
                    } else {
                        ok = false;
                    }
                }
            }
            if ok && start < i_hi {
                // Every way one repetition can match here, with its own bindings.
                let outer = std::mem::take(&mut self.bindings);
                let mut found: Vec<(usize, HashMap<String, Binding>)> = Vec::new();
                self.seq_from(open + 1, close, start, i_hi, &mut |end, bindings| {
                    found.push((end, bindings.clone()));
                    false
                });
                self.bindings = outer;
                for (end, b) in found.into_iter().rev() {
                    if end == start {
                        continue; // an empty repetition would loop forever
                    }
                    reps.push(b);
                    if self.repeat(
                        open, close, separator, op, cont, p_hi, end, i_hi, names, reps, then,
                    ) {
                        return true;
                    }
                    reps.pop();
                }
            }
        }
        if op == "+" && reps.is_empty() {
            return false;
        }
        // No more repetitions: bind each metavariable to its sequence, then go on.
        let saved = self.bindings.clone();
        for name in names {
            let seq = reps
                .iter()
                .map(|r| r.get(name).cloned().unwrap_or(Binding::Seq(Vec::new())))
                .collect();
            self.bindings.insert(name.clone(), Binding::Seq(seq));
        }
        if self.seq_from(cont, p_hi, i, i_hi, then) {
            return true;
        }
        self.bindings = saved;
        false
    }

    /// Where a fragment of kind `frag` starting at input token `i` may end (longest first).
    fn fragment_ends(&self, frag: &str, i: usize, i_hi: usize) -> Vec<usize> {
        let s = self.input;
        let i = s.next_code(i, i_hi);
        if i >= i_hi {
            return if frag == "vis" { vec![i] } else { Vec::new() };
        }
        let one_if = |matches: bool, end: usize| if matches { vec![end] } else { Vec::new() };
        match frag {
            "tt" => vec![s.skip_tree(i)],
            "ident" => one_if(s.ident(i).is_some() && s.tokens[i].kind == Kind::Ident, i + 1),
            "lifetime" => one_if(s.tokens[i].kind == Kind::Lifetime, i + 1),
            "literal" => {
                let j = if s.is_punct(i, "-") { i + 1 } else { i };
                let literal = match s.tokens.get(j).map(|t| t.kind) {
                    Some(Kind::Literal(_)) => true,
                    Some(Kind::Ident) => matches!(s.text(j), "true" | "false"),
                    _ => false,
                };
                one_if(literal, j + 1)
            }
            "block" => one_if(s.is_punct(i, "{"), s.skip_tree(i)),
            "vis" if s.is_kw(i, "pub") => {
                let next = s.next_code(i + 1, i_hi);
                if s.is_punct(next, "(") {
                    vec![s.skip_tree(next), i + 1]
                } else {
                    vec![i + 1]
                }
            }
            "vis" => vec![i],
            "ty" | "path" | "expr" | "pat" | "pat_param" | "stmt" | "item" | "meta"
            | "expr_2021" => self.grammar_fragment_ends(frag, i, i_hi),
            _ => Vec::new(),
        }
    }

    /// [`Matcher::fragment_ends`] for a fragment that needs Rust's grammar to delimit: every
    /// end before a top-level token the fragment cannot hold (`;` in an expression, `,` in a
    /// type), with angle brackets balanced for types and paths and a closure's parameters
    /// skipped in an expression.
    fn grammar_fragment_ends(&self, frag: &str, i: usize, i_hi: usize) -> Vec<usize> {
        let s = self.input;
        let stops: &[&str] = match frag {
            "ty" | "path" => &[",", ";", "=", "=>", "{", "|", ":"],
            "expr" | "expr_2021" => &[",", ";", "=>"],
            "pat" | "pat_param" => &[",", "=", "=>", ":"],
            _ => &[";"],
        };
        let angles = matches!(frag, "ty" | "path");
        let expr = matches!(frag, "expr" | "expr_2021");
        let mut ends = Vec::new();
        let mut depth = 0i32;
        let mut j = i;
        while j < i_hi {
            // A closure's parameters (`|a, b| a + b`): their commas are not the end.
            let operand_expected = j == i
                || s.prev_code(j).is_some_and(|p| {
                    s.is_kw(p, "move")
                        || (s.tokens[p].kind == Kind::Punct
                            && !matches!(s.text(p), ")" | "]" | "}"))
                });
            if expr && s.is_punct(j, "|") && operand_expected {
                let mut bar = j + 1;
                while bar < i_hi && !s.is_punct(bar, "|") {
                    bar = s.skip_tree(bar);
                }
                j = bar + 1;
                continue;
            }
            if depth == 0 && stops.iter().any(|p| s.is_punct(j, p)) && j > i {
                break;
            }
            if angles && s.is_punct(j, "<") {
                depth += 1;
            } else if angles && s.is_punct(j, ">") {
                depth -= 1;
                if depth < 0 {
                    break;
                }
            } else if angles && s.is_punct(j, "->") && depth == 0 && frag == "path" {
                break;
            }
            j = s.skip_tree(j);
            if depth == 0 {
                ends.push(j);
            }
        }
        ends.reverse();
        ends
    }
}

/// The metavariable names (`$x:frag`) in matcher tokens `lo..hi`, nested repetitions included.
fn metavariables(d: &Source, lo: usize, hi: usize) -> Vec<String> {
    let mut names = Vec::new();
    for j in lo..hi {
        if d.is_punct(j, "$") {
            let next = d.next_code(j + 1, hi);
            if let Some(name) = d.ident(next) {
                if d.is_punct(d.next_code(next + 1, hi), ":") {
                    names.push(name.to_string());
                }
            }
        }
    }
    names
}

/// Writes transcriber tokens `range` of `d` with metavariables replaced; `at` is the
/// repetition index path of the current `$( ... )` nesting. `None` if a metavariable is used
/// at a depth it was not bound at.
fn transcribe(
    d: &Source,
    range: TokenSpan,
    input: &Source,
    bindings: &HashMap<String, Binding>,
    at: &[usize],
    out: &mut String,
) -> Option<()> {
    let TokenSpan { start: mut j, end: hi } = range;
    while j < hi {
        if d.is_comment(j) {
            j += 1;
            continue;
        }
        if d.is_punct(j, "$") {
            let next = d.next_code(j + 1, hi);
            if d.is_punct(next, "(") {
                let close = d.close(next);
                let mut after = d.next_code(close + 1, hi);
                let mut separator = None;
                if !(d.is_punct(after, "*") || d.is_punct(after, "+") || d.is_punct(after, "?")) {
                    separator = Some(d.text(after).to_string());
                    after = d.next_code(after + 1, hi);
                }
                let count = repetitions(d, TokenSpan::new(next + 1, close), bindings, at)?;
                for r in 0..count {
                    if r > 0 {
                        if let Some(sep) = &separator {
                            out.push_str(sep);
                            out.push(' ');
                        }
                    }
                    let mut inner = at.to_vec();
                    inner.push(r);
                    transcribe(d, TokenSpan::new(next + 1, close), input, bindings, &inner, out)?;
                }
                j = after + 1;
                continue;
            }
            if let Some(name) = d.ident(next) {
                if name != "crate" {
                    for i in lookup(bindings.get(name)?, at)?.indices() {
                        if !input.is_comment(i) {
                            out.push_str(input.text(i));
                            out.push(' ');
                        }
                    }
                    j = next + 1;
                    continue;
                }
            }
        }
        out.push_str(d.text(j));
        out.push(' ');
        j += 1;
    }
    Some(())
}

/// How many times the repetition over transcriber tokens `range` runs: the length of the
/// sequence bound to its metavariables at this depth (all the same, or unknown).
fn repetitions(
    d: &Source,
    range: TokenSpan,
    bindings: &HashMap<String, Binding>,
    at: &[usize],
) -> Option<usize> {
    let mut count = None;
    for j in range.indices() {
        if !d.is_punct(j, "$") {
            continue;
        }
        let Some(name) = d.ident(d.next_code(j + 1, range.end)) else { continue };
        let Some(binding) = bindings.get(name) else { continue };
        let mut b = binding;
        for &r in at {
            match b {
                Binding::Seq(items) => b = items.get(r)?,
                Binding::Tokens(..) => break,
            }
        }
        if let Binding::Seq(items) = b {
            match count {
                None => count = Some(items.len()),
                Some(c) if c != items.len() => return None,
                _ => {}
            }
        }
    }
    count
}

/// The tokens a metavariable stands for at repetition path `at`.
fn lookup(binding: &Binding, at: &[usize]) -> Option<TokenSpan> {
    let mut b = binding;
    let mut depth = 0;
    loop {
        match b {
            Binding::Tokens(span) => return Some(*span),
            Binding::Seq(items) => {
                b = items.get(*at.get(depth)?)?;
                depth += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{expand_items, Definition};
    use crate::items::{self, ItemKind};
    use crate::source::Source;
    use crate::span::TokenSpan;

    /// The macros that `definitions` define, by name.
    fn macros(definitions: &Source) -> HashMap<String, Definition<'_>> {
        let items = items::split(definitions, 0, definitions.tokens.len()).expect("splits");
        items
            .into_iter()
            .filter(|item| item.kind == ItemKind::MacroRules)
            .map(|item| {
                let rules = item.rules.expect("rules");
                (item.names[0].clone(), Definition { src: definitions, rules })
            })
            .collect()
    }

    /// What the item-position call `call` (`name!(args);`) expands to, item by item, under
    /// the macros of `definitions`.
    fn expand(definitions: &str, call: &str) -> Option<Vec<String>> {
        let defs = Source::new("defs.rs".to_string(), definitions.to_string()).expect("lexes");
        let call = Source::new("call.rs".to_string(), call.to_string()).expect("lexes");
        let name = call.ident(0).expect("a name").to_string();
        let open = 2;
        let args = TokenSpan::new(open + 1, call.close(open));
        let items = expand_items(&call, args, &name, &macros(&defs))?;
        Some(items.into_iter().map(|item| item.text.trim_end().to_string()).collect())
    }

    #[test]
    fn a_repetition_makes_an_item_per_argument() {
        let def = "macro_rules! zero { ($($t:ty),* $(,)?) => { $(impl Zero for $t { fn zero() -> Self { 0 } })* }; }";
        assert_eq!(
            expand(def, "zero!(u32, Vec<(u8, u16)>,);").expect("expands"),
            [
                "impl Zero for u32 { fn zero ( ) -> Self { 0 } }",
                "impl Zero for Vec < ( u8 , u16 ) > { fn zero ( ) -> Self { 0 } }",
            ]
        );
    }

    #[test]
    fn rules_are_tried_in_order_and_calls_nest() {
        let defs = "macro_rules! one { (unit $n:ident) => { struct $n; }; ($n:ident, $v:expr) => { const $n: u8 = $v; }; }\n\
                    macro_rules! both { ($a:ident $b:ident) => { one!(unit $a); one!($b, |x, y| x + y); }; }";
        assert_eq!(
            expand(defs, "both!(A B);").expect("expands"),
            ["struct A ;", "const B : u8 = | x , y | x + y ;"]
        );
    }

    #[test]
    fn fragments_take_what_their_grammar_allows() {
        let def = "macro_rules! m { ($v:vis fn $f:ident -> $t:ty = $l:literal; $($rest:tt)*) => { $v fn $f() -> $t { $l } $($rest)* }; }";
        assert_eq!(
            expand(def, "m!(pub(crate) fn f -> i64 = -3; struct S;);").expect("expands"),
            ["pub ( crate ) fn f ( ) -> i64 { - 3 }", "struct S ;"]
        );
    }

    #[test]
    fn what_it_cannot_expand_is_unknown() {
        let def = "macro_rules! m { (a) => { struct A; }; }";
        assert_eq!(expand(def, "m!(b);"), None, "no rule matches");
        assert_eq!(expand(def, "other!(a);"), None, "a macro the bundle does not define");
        let depth = "macro_rules! r { () => { r!(); }; }";
        assert_eq!(expand(depth, "r!();"), None, "an endless expansion stops");
    }
}
