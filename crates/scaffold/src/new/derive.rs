//! The generator a kit derives from the problem's own `input!` declaration: the `input!`
//! calls of one function (`parse` in `src/lib.rs`, `read_case` in an interactive problem's
//! `src/interactor.rs`), in order, and the `for` loops around them, read with the bundler's
//! lexer. Each declared value becomes a call of `judge_test::InputGen` that writes it and binds
//! it under its own name, so the declaration's bounds and counts (`1..=n`, `[i64; n]`) are
//! copied as they are written; the consts they name are copied too, so the generator names
//! nothing of the library and compiles whatever the solution becomes.
//!
//! A value's role decides how it is drawn: a **count** (an array's length, a row's width, a
//! loop's end) is small, or at its bound for `max`, nested counts lowered to a budget; a
//! **bound** (a value a later range names) is small, or at its upper end; any other value is
//! near zero, or anywhere in its range.
//!
//! What it cannot read it refuses with the place and the reason (an `input!` inside an `if`,
//! a read outside `input!`, a name that is neither declared nor a const): the kit then writes
//! a generator that says so, and the stress tests stop on it.

use std::collections::BTreeMap;
use std::fmt::Write;

use bundler::lexer::{self, Kind, Lit, Token};

/// A derived generator: the parts of `src/gen.rs` that depend on the declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Derived {
    /// The copied consts, one item per line (empty when the declaration names none).
    pub consts: String,
    /// The body of `generate`, after `let mut g = ...` and before `Ok(g.finish())`.
    pub body: String,
    /// The declaration's lines of the file, as they were (for the generator's docs).
    pub source: String,
    /// The first and last line of those.
    pub lines: (usize, usize),
    /// What each value became: `counts t, n; values a`.
    pub summary: String,
}

/// Derives the generator from the `input!` calls of `function` in `src` (the text of `file`,
/// for messages); the consts it names may be in `src` or in the files `also` (`src/lib.rs`,
/// for an interactor that uses its bounds).
pub fn derive(
    src: &str,
    file: &str,
    function: &str,
    also: &[(&str, &str)],
) -> Result<Derived, String> {
    let source = Source::new(src, file)?;
    let (open, close) = source.function_body(function)?;
    let mut consts = BTreeMap::new();
    for (text, other) in also {
        consts.extend(Source::new(text, other)?.consts());
    }
    consts.extend(source.consts());
    let mut reader =
        Reader { source: &source, consts: &consts, scope: Vec::new(), sources: vec![] };
    let steps = reader.steps(open + 1, close)?;
    if steps.is_empty() {
        return Err(format!("{file}: `fn {function}` has no input! call"));
    }
    source.check_reads_outside(open + 1, close, &reader.sources)?;
    let roles = roles(&steps);
    let mut declared = Vec::new();
    for step in &steps {
        step.names(&mut declared);
    }
    let mut others: Vec<&str> = Vec::new();
    for (name, _) in declared {
        if !roles.contains_key(name) && !others.contains(&name) {
            others.push(name);
        }
    }
    let mut body = String::new();
    for step in &steps {
        emit_step(&mut body, step, &roles, None, 1);
    }
    let first = steps.first().map_or(open, Step::first_token);
    let last = steps.last().map_or(close, Step::last_token);
    let lines = (source.line(first), source.line(last));
    Ok(Derived {
        consts: copied_consts(&steps, &consts),
        body,
        source: source.lines(lines),
        lines,
        summary: summary(&roles, &others),
    })
}

/// The top-level items of a file that the kit is written against.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Items {
    /// Each `fn`: its name, whether it is `pub`, and its signature on one line.
    pub fns: Vec<(String, bool, String)>,
    /// Each `mod NAME` (declared or inline).
    pub mods: Vec<String>,
}

impl Items {
    /// Whether the file has `pub fn name` at its top level.
    pub fn has_pub_fn(&self, name: &str) -> bool {
        self.fns.iter().any(|(n, public, _)| n == name && *public)
    }

    /// The signature of `fn name`, if there is one.
    pub fn signature(&self, name: &str) -> Option<&str> {
        self.fns.iter().find(|(n, ..)| n == name).map(|(_, _, signature)| signature.as_str())
    }
}

/// The top-level functions and modules of `src` (the text of `file`).
pub fn items(src: &str, file: &str) -> Result<Items, String> {
    let s = Source::new(src, file)?;
    let mut items = Items::default();
    let mut i = 0;
    while i < s.tokens.len() {
        if (s.is(i, "fn") || s.is(i, "mod")) && s.is_ident(i + 1) {
            let mut start = i;
            while start > 0 && matches!(s.text(start - 1), "pub" | "const" | "unsafe" | ")") {
                start = if s.is(start - 1, ")") { s.partner[start - 1] } else { start - 1 };
            }
            // `pub(crate)` is not reachable from the tests and binaries.
            let public = s.is(start, "pub") && !s.is(start + 1, "(");
            let name = s.text(i + 1).to_string();
            if s.is(i, "mod") {
                items.mods.push(name);
            } else {
                let mut end = i + 2;
                while end < s.tokens.len() && !s.is(end, "{") && !s.is(end, ";") {
                    end = s.skip(end);
                }
                let signature = one_line(&s.span(start, end));
                items.fns.push((name, public, signature));
            }
        }
        i = s.skip(i);
    }
    Ok(items)
}

/// `text` with its runs of whitespace made single spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A file's tokens (comments left out) and their delimiters.
struct Source<'a> {
    src: &'a str,
    file: &'a str,
    tokens: Vec<Token>,
    partner: Vec<usize>,
}

impl<'a> Source<'a> {
    fn new(src: &'a str, file: &'a str) -> Result<Source<'a>, String> {
        let place = |offset: usize, message: &str| {
            let line = src[..offset.min(src.len())].matches('\n').count() + 1;
            format!("{file} line {line}: {message}")
        };
        let tokens: Vec<Token> = lexer::tokenize(src)
            .map_err(|e| place(e.offset, &e.message))?
            .into_iter()
            .filter(|token| !matches!(token.kind, Kind::Comment(_)))
            .collect();
        let partner =
            lexer::match_delimiters(src, &tokens).map_err(|e| place(e.offset, &e.message))?;
        Ok(Source { src, file, tokens, partner })
    }

    fn text(&self, i: usize) -> &'a str {
        self.tokens.get(i).map_or("", |t| &self.src[t.start..t.end])
    }

    fn is(&self, i: usize, text: &str) -> bool {
        i < self.tokens.len() && self.text(i) == text
    }

    fn is_ident(&self, i: usize) -> bool {
        self.tokens.get(i).is_some_and(|t| t.kind == Kind::Ident)
    }

    fn opens(&self, i: usize) -> bool {
        matches!(self.text(i), "(" | "[" | "{") && self.tokens[i].kind == Kind::Punct
    }

    /// The index after token `i`, skipping a whole group when `i` opens one.
    fn skip(&self, i: usize) -> usize {
        if self.opens(i) {
            self.partner[i] + 1
        } else {
            i + 1
        }
    }

    fn line(&self, i: usize) -> usize {
        let offset = self.tokens.get(i).map_or(self.src.len(), |t| t.start);
        self.src[..offset].matches('\n').count() + 1
    }

    /// The text of tokens `a..b`, as written.
    fn span(&self, a: usize, b: usize) -> String {
        if a >= b {
            return String::new();
        }
        self.src[self.tokens[a].start..self.tokens[b - 1].end].to_string()
    }

    fn error(&self, i: usize, message: &str) -> String {
        format!("{} line {}: {message}", self.file, self.line(i))
    }

    /// Lines `first..=last` of the file, their common indentation removed.
    fn lines(&self, (first, last): (usize, usize)) -> String {
        let lines: Vec<&str> = self.src.lines().skip(first - 1).take(last + 1 - first).collect();
        let indent = lines
            .iter()
            .filter(|line| !line.trim().is_empty())
            .map(|line| line.len() - line.trim_start().len())
            .min()
            .unwrap_or(0);
        let mut text = String::new();
        for line in lines {
            text.push_str(line.get(indent..).unwrap_or("").trim_end());
            text.push('\n');
        }
        text
    }

    /// The body of the top-level `fn name`: its braces' indices.
    fn function_body(&self, name: &str) -> Result<(usize, usize), String> {
        let mut i = 0;
        while i < self.tokens.len() {
            if self.is(i, "fn") && self.is(i + 1, name) {
                let mut j = i + 2;
                while j < self.tokens.len() && !self.is(j, "{") && !self.is(j, ";") {
                    j = self.skip(j);
                }
                if self.is(j, "{") {
                    return Ok((j, self.partner[j]));
                }
            }
            i = self.skip(i);
        }
        Err(format!("{} has no `fn {name}` at its top level", self.file))
    }

    /// The top-level consts: name -> (the item as gen.rs writes it, the names its value uses).
    fn consts(&self) -> BTreeMap<String, (String, Vec<String>)> {
        let mut found = BTreeMap::new();
        let mut i = 0;
        while i < self.tokens.len() {
            if self.is(i, "const") && self.is_ident(i + 1) && self.is(i + 2, ":") {
                let mut end = i + 3;
                while end < self.tokens.len() && !self.is(end, ";") {
                    end = self.skip(end);
                }
                let mut eq = i + 3;
                while eq < end && !self.is(eq, "=") {
                    eq = self.skip(eq);
                }
                let name = self.text(i + 1);
                let item =
                    format!("const {name}: {} = {};", self.span(i + 3, eq), self.span(eq + 1, end));
                let uses = self.free_names(eq + 1, end).into_iter().map(|(n, _)| n).collect();
                found.insert(name.to_string(), (item, uses));
                i = end;
            }
            i = self.skip(i);
        }
        found
    }

    /// The names an expression's tokens `a..b` use that must come from its scope: not
    /// methods or fields (after `.`), path tails (after `::`), primitive types or keywords;
    /// with the index of each.
    fn free_names(&self, a: usize, b: usize) -> Vec<(String, usize)> {
        const KNOWN: &[&str] = &[
            "as", "true", "false", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32",
            "i64", "i128", "isize", "f32", "f64", "bool", "char", "std", "core",
        ];
        let mut names = Vec::new();
        for i in a..b {
            // After `.` is a method or a field, unless the `.` ends a range's `..`.
            let method = i > a && self.is(i - 1, ".") && !(i > a + 1 && self.is(i - 2, "."));
            let after_dot = method || (i > a && self.is(i - 1, "::"));
            if self.is_ident(i) && !after_dot && !KNOWN.contains(&self.text(i)) {
                names.push((self.text(i).to_string(), i));
            }
        }
        names
    }

    /// What the group opening at token `open` belongs to, looking back to the start of its
    /// statement (no further than token `from`): an `if`, a closure, a block, ...
    fn enclosing(&self, from: usize, open: usize) -> &'static str {
        let mut k = open;
        while k > from {
            k -= 1;
            match self.text(k) {
                ";" | "{" | "}" => break,
                "if" => return "an `if`",
                "else" => return "an `else`",
                "while" => return "a `while` loop",
                "loop" => return "a `loop`",
                "match" => return "a `match`",
                "|" => return "a closure",
                _ => {}
            }
        }
        "a block"
    }

    /// Whether tokens `a..b` hold an `input!` call.
    fn holds_input(&self, a: usize, b: usize) -> bool {
        (a..b).any(|i| self.is(i, "input") && self.is(i + 1, "!"))
    }

    /// Refuses reads from an `input!` source outside `input!`: the generator would not write
    /// what they read. Declaring the source and checking the end are fine.
    fn check_reads_outside(&self, a: usize, b: usize, sources: &[String]) -> Result<(), String> {
        const HARMLESS: &[&str] = &["expect_end", "at_end", "position", "error_at", "line_column"];
        let mut i = a;
        while i < b {
            if self.is(i, "input") && self.is(i + 1, "!") && self.opens(i + 2) {
                i = self.partner[i + 2] + 1;
                continue;
            }
            let name = self.text(i);
            if self.is_ident(i) && sources.iter().any(|s| s == name) {
                let declared =
                    self.is(i.wrapping_sub(1), "mut") || self.is(i.wrapping_sub(1), "let");
                let harmless = self.is(i + 1, ".") && HARMLESS.contains(&self.text(i + 2));
                if !declared && !harmless {
                    let mut end = i;
                    while end < b && !self.is(end, ";") {
                        end = self.skip(end);
                    }
                    return Err(self.error(
                        i,
                        &format!(
                            "`{name}` is read outside input! (`{}`): the derived generator would \
                             not write what it reads; declare it in input!, or write src/gen.rs",
                            self.span(i, end)
                        ),
                    ));
                }
            }
            i += 1;
        }
        Ok(())
    }
}

/// A declared type, as `input!` reads it.
#[derive(Debug, Clone)]
enum Ty {
    /// An integer type, with its range.
    Int {
        ty: String,
        range: Option<Expr>,
    },
    /// `Usize1`: a 1-based index, with its range in the input's terms.
    Index {
        range: Option<Expr>,
    },
    Bytes,
    Str,
    /// `Row(width)` or `Row(width, "alphabet")`.
    Row {
        width: Expr,
        alphabet: Option<String>,
    },
    Array {
        item: Box<Ty>,
        len: Expr,
    },
    /// Items, each with its name when it has one (`(n: usize, a: [i64; n])`), and the sums
    /// among them (`sum(n) <= MAX_SUM_N`: over the array whose items the tuple is).
    Tuple {
        items: Vec<(Option<String>, Ty)>,
        sums: Vec<Sum>,
    },
}

/// `sum(EXPR) <= BOUND` among a tuple's items: EXPR summed over the array stays within BOUND.
#[derive(Debug, Clone)]
struct Sum {
    expr: Expr,
    bound: Expr,
}

impl Ty {
    /// How deeply its values nest: 0 for a number, 1 for a word, a row or an array of numbers.
    fn levels(&self) -> u32 {
        match self {
            Ty::Int { .. } | Ty::Index { .. } => 0,
            Ty::Bytes | Ty::Str | Ty::Row { .. } => 1,
            Ty::Array { item, .. } => 1 + item.levels(),
            Ty::Tuple { items, .. } => items.iter().map(|(_, ty)| ty.levels()).max().unwrap_or(0),
        }
    }

    /// The Rust type `input!` gives it.
    fn rust(&self) -> String {
        match self {
            Ty::Int { ty, .. } => ty.clone(),
            Ty::Index { .. } => "usize".to_string(),
            Ty::Bytes | Ty::Row { .. } => "Vec<u8>".to_string(),
            Ty::Str => "String".to_string(),
            Ty::Array { item, .. } => format!("Vec<{}>", item.rust()),
            Ty::Tuple { items, .. } => {
                let types: Vec<String> = items.iter().map(|(_, ty)| ty.rust()).collect();
                match types.len() {
                    1 => format!("({},)", types[0]),
                    _ => format!("({})", types.join(", ")),
                }
            }
        }
    }

    fn is_scalar(&self) -> bool {
        matches!(self, Ty::Int { .. } | Ty::Index { .. } | Ty::Bytes | Ty::Str)
    }

    /// Every expression in it, with whether it is a count (a length or a width).
    fn exprs<'t>(&'t self, found: &mut Vec<(&'t Expr, bool)>) {
        match self {
            Ty::Int { range, .. } | Ty::Index { range } => {
                found.extend(range.iter().map(|r| (r, false)))
            }
            Ty::Bytes | Ty::Str => {}
            Ty::Row { width, .. } => found.push((width, true)),
            Ty::Array { item, len } => {
                found.push((len, true));
                item.exprs(found);
            }
            Ty::Tuple { items, sums } => {
                items.iter().for_each(|(_, ty)| ty.exprs(found));
                for sum in sums {
                    found.extend([(&sum.expr, false), (&sum.bound, false)]);
                }
            }
        }
    }

    /// The names it declares, with their types.
    fn names<'t>(&'t self, found: &mut Vec<(&'t str, &'t Ty)>) {
        match self {
            Ty::Array { item, .. } => item.names(found),
            Ty::Tuple { items, .. } => {
                for (name, ty) in items {
                    if let Some(name) = name {
                        found.push((name, ty));
                    }
                    ty.names(found);
                }
            }
            _ => {}
        }
    }
}

/// An expression as written, and the names it uses.
#[derive(Debug, Clone)]
struct Expr {
    text: String,
    names: Vec<String>,
}

/// One declared value.
#[derive(Debug, Clone)]
struct Decl {
    name: String,
    ty: Ty,
}

/// What the function does that the generator repeats.
#[derive(Debug, Clone)]
enum Step {
    /// One `input!` call; its token range.
    Read { decls: Vec<Decl>, tokens: (usize, usize) },
    /// `for PATTERN in ITER { ... }`, around `input!` calls.
    Loop { pattern: String, iter: Expr, body: Vec<Step>, tokens: (usize, usize) },
}

impl Step {
    fn first_token(&self) -> usize {
        match self {
            Step::Read { tokens, .. } | Step::Loop { tokens, .. } => tokens.0,
        }
    }

    fn last_token(&self) -> usize {
        match self {
            Step::Read { tokens, .. } | Step::Loop { tokens, .. } => tokens.1,
        }
    }

    fn levels(&self) -> u32 {
        match self {
            Step::Read { decls, .. } => decls.iter().map(|d| d.ty.levels()).max().unwrap_or(0),
            Step::Loop { body, .. } => 1 + body.iter().map(Step::levels).max().unwrap_or(0),
        }
    }

    /// Every expression in it, with whether it is a count.
    fn exprs<'s>(&'s self, found: &mut Vec<(&'s Expr, bool)>) {
        match self {
            Step::Read { decls, .. } => decls.iter().for_each(|d| d.ty.exprs(found)),
            Step::Loop { iter, body, .. } => {
                found.push((iter, true));
                body.iter().for_each(|step| step.exprs(found));
            }
        }
    }

    /// The names it declares, with their types.
    fn names<'s>(&'s self, found: &mut Vec<(&'s str, &'s Ty)>) {
        match self {
            Step::Read { decls, .. } => {
                for decl in decls {
                    found.push((&decl.name, &decl.ty));
                    decl.ty.names(found);
                }
            }
            Step::Loop { body, .. } => body.iter().for_each(|step| step.names(found)),
        }
    }
}

/// The consts a file offers: name -> (the item, the names its value uses).
type Consts = BTreeMap<String, (String, Vec<String>)>;

/// Reads the steps of a function body, keeping the names in scope.
struct Reader<'s, 'a> {
    source: &'s Source<'a>,
    consts: &'s Consts,
    /// The declared names and loop variables in scope, innermost last.
    scope: Vec<String>,
    /// The `from` sources of the `input!` calls.
    sources: Vec<String>,
}

impl Reader<'_, '_> {
    fn steps(&mut self, a: usize, b: usize) -> Result<Vec<Step>, String> {
        let s = self.source;
        let mut steps = Vec::new();
        let mut i = a;
        while i < b {
            if s.is(i, "input") && s.is(i + 1, "!") && s.opens(i + 2) {
                let close = s.partner[i + 2];
                let decls = self.call(i + 3, close)?;
                steps.push(Step::Read { decls, tokens: (i, close) });
                i = close + 1;
            } else if s.is(i, "for") && s.is_ident(i) {
                let mut j = i + 1;
                while j < b && !s.is(j, "in") {
                    j = s.skip(j);
                }
                let mut open = j + 1;
                while open < b && !s.is(open, "{") {
                    open = s.skip(open);
                }
                if open >= b {
                    return Err(s.error(i, "a `for` loop without a body"));
                }
                let close = s.partner[open];
                if s.holds_input(open, close) {
                    let pattern = s.span(i + 1, j);
                    let iter = self.expr(j + 1, open)?;
                    let depth = self.scope.len();
                    for (name, _) in s.free_names(i + 1, j) {
                        if name != "mut" && name != "ref" {
                            self.scope.push(name);
                        }
                    }
                    let body = self.steps(open + 1, close)?;
                    self.scope.truncate(depth);
                    steps.push(Step::Loop { pattern, iter, body, tokens: (i, close) });
                }
                i = close + 1;
            } else if s.opens(i) {
                let close = s.partner[i];
                if s.holds_input(i, close) {
                    let what = s.enclosing(a, i);
                    let mut at = i + 1;
                    while !(s.is(at, "input") && s.is(at + 1, "!")) {
                        at += 1;
                    }
                    return Err(s.error(
                        at,
                        &format!(
                            "input! inside {what}: the kit derives the generator from input! \
                             calls in order, in `for` loops at most; write src/gen.rs"
                        ),
                    ));
                }
                i = close + 1;
            } else {
                i += 1;
            }
        }
        Ok(steps)
    }

    /// The declarations of one `input! { from SOURCE, ... }` call, tokens `a..b` inside it.
    fn call(&mut self, a: usize, b: usize) -> Result<Vec<Decl>, String> {
        let s = self.source;
        if !s.is(a, "from") {
            return Err(s.error(a, "input! without `from SOURCE` first"));
        }
        let segments = self.split(a, b, ",");
        let (from_start, from_end) = segments[0];
        if let Some((name, _)) = s.free_names(from_start + 1, from_end).into_iter().last() {
            if !self.sources.contains(&name) {
                self.sources.push(name);
            }
        }
        let mut decls = Vec::new();
        for &(start, end) in &segments[1..] {
            if start == end {
                continue;
            }
            let name_at = if s.is(start, "mut") { start + 1 } else { start };
            if !s.is_ident(name_at) || !s.is(name_at + 1, ":") {
                let found = s.span(start, end);
                return Err(s.error(start, &format!("expected NAME: TYPE, found `{found}`")));
            }
            let ty = self.ty(name_at + 2, end)?;
            let name = s.text(name_at).to_string();
            self.scope.push(name.clone());
            decls.push(Decl { name, ty });
        }
        Ok(decls)
    }

    /// `TYPE [(ARGS)] [in RANGE]`, tokens `a..b`.
    fn ty(&mut self, a: usize, b: usize) -> Result<Ty, String> {
        const INTS: &[&str] =
            &["u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize"];
        let s = self.source;
        if a >= b {
            return Err(s.error(a, "a declaration without a type"));
        }
        let after = s.skip(a);
        let range = |this: &mut Self, at: usize| -> Result<Option<Expr>, String> {
            match at {
                at if at >= b => Ok(None),
                at if s.is(at, "in") => this.expr(at + 1, b).map(Some),
                at => Err(s.error(at, &format!("unexpected `{}` in a declaration", s.span(at, b)))),
            }
        };
        if s.is(a, "[") {
            let close = s.partner[a];
            let parts = self.split(a + 1, close, ";");
            let [(item_start, item_end), (len_start, len_end)] = parts[..] else {
                return Err(s.error(a, "expected [TYPE; LENGTH]"));
            };
            let len = self.expr(len_start, len_end)?;
            let item = self.ty(item_start, item_end)?;
            if after < b {
                return Err(s.error(after, "unexpected tokens after an array"));
            }
            return Ok(Ty::Array { item: Box::new(item), len });
        }
        if s.is(a, "(") {
            let close = s.partner[a];
            let mut items = Vec::new();
            let mut sums = Vec::new();
            for (start, end) in self.split(a + 1, close, ",") {
                if start == end {
                    continue;
                }
                if s.is(start, "sum") && s.is(start + 1, "(") {
                    let close = s.partner[start + 1];
                    if !(s.is(close + 1, "<") && s.is(close + 2, "=")) {
                        return Err(s.error(start, "expected sum(EXPR) <= BOUND"));
                    }
                    let expr = self.expr(start + 2, close)?;
                    let bound = self.expr(close + 3, end)?;
                    sums.push(Sum { expr, bound });
                    continue;
                }
                let named = s.is_ident(start) && s.is(start + 1, ":");
                let ty_start = if named { start + 2 } else { start };
                let ty = self.ty(ty_start, end)?;
                let name = named.then(|| s.text(start).to_string());
                if let Some(name) = &name {
                    self.scope.push(name.clone());
                }
                items.push((name, ty));
            }
            if after < b {
                return Err(s.error(after, "unexpected tokens after a tuple"));
            }
            return Ok(Ty::Tuple { items, sums });
        }
        if !s.is_ident(a) {
            return Err(s.error(a, &format!("expected a type, found `{}`", s.text(a))));
        }
        match s.text(a) {
            "Usize1" => Ok(Ty::Index { range: range(self, after)? }),
            "Bytes" => range(self, after).map(|_| Ty::Bytes),
            "String" => range(self, after).map(|_| Ty::Str),
            "Row" if s.is(after, "(") => {
                let close = s.partner[after];
                let args = self.split(after + 1, close, ",");
                let width = self.expr(args[0].0, args[0].1)?;
                let alphabet = match args.get(1) {
                    Some(&(start, end)) if end == start + 1 => Some(string_literal(s, start)?),
                    Some(&(start, _)) => {
                        return Err(s.error(start, "expected the row's alphabet as a string"))
                    }
                    None => None,
                };
                range(self, close + 1).map(|_| Ty::Row { width, alphabet })
            }
            ty if INTS.contains(&ty) => {
                Ok(Ty::Int { ty: ty.to_string(), range: range(self, after)? })
            }
            other => Err(
                s.error(a, &format!("input! type `{other}` is new to the kit; write src/gen.rs"))
            ),
        }
    }

    /// Tokens `a..b` split at the top-level `separator`s: each part's range.
    fn split(&self, a: usize, b: usize, separator: &str) -> Vec<(usize, usize)> {
        let s = self.source;
        let mut parts = Vec::new();
        let mut start = a;
        let mut i = a;
        while i < b {
            if s.is(i, separator) && s.tokens[i].kind == Kind::Punct {
                parts.push((start, i));
                start = i + 1;
            }
            i = s.skip(i);
        }
        parts.push((start, b));
        parts
    }

    /// An expression, every name it uses in scope or a const.
    fn expr(&self, a: usize, b: usize) -> Result<Expr, String> {
        let s = self.source;
        if a >= b {
            return Err(s.error(a, "an empty expression"));
        }
        let mut names = Vec::new();
        for (name, i) in s.free_names(a, b) {
            if s.is(i + 1, "!") {
                return Err(
                    s.error(i, &format!("a macro (`{name}!`) in a bound; write src/gen.rs"))
                );
            }
            if !self.scope.contains(&name) && !self.consts.contains_key(&name) {
                let or_lib = if s.file == "src/lib.rs" { "" } else { " or src/lib.rs" };
                return Err(s.error(
                    i,
                    &format!(
                        "`{name}` is neither a value declared before it nor a const of {}{or_lib}; \
                         write src/gen.rs",
                        s.file
                    ),
                ));
            }
            names.push(name);
        }
        Ok(Expr { text: s.span(a, b), names })
    }
}

/// The text of the string literal at token `i` (no escapes).
fn string_literal(s: &Source<'_>, i: usize) -> Result<String, String> {
    let text = s.text(i);
    let inner = match s.tokens[i].kind {
        Kind::Literal(Lit::Str) => text.strip_prefix('"'),
        Kind::Literal(Lit::ByteStr) => text.strip_prefix("b\""),
        _ => None,
    }
    .and_then(|rest| rest.strip_suffix('"'))
    .filter(|inner| !inner.contains('\\'));
    inner
        .map(str::to_string)
        .ok_or_else(|| s.error(i, "expected the row's alphabet as a plain string literal"))
}

/// How a declared number is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A length or a loop's end, within counts nested this deep.
    Count(u32),
    /// Named by a later range.
    Bound,
    Value,
}

/// The role of every declared number.
fn roles(steps: &[Step]) -> BTreeMap<String, Role> {
    let mut roles = BTreeMap::new();
    let mut declared = Vec::new();
    for step in steps {
        step.names(&mut declared);
    }
    for (name, ty) in declared {
        if matches!(ty, Ty::Int { .. }) {
            roles.insert(name.to_string(), Role::Value);
        }
    }
    // A count's budget is that of what it counts: the declaration that names it (or the
    // whole loop around the `input!` calls that do).
    let mut parts: Vec<(u32, Vec<(&Expr, bool)>)> = Vec::new();
    for step in steps {
        let mut exprs = Vec::new();
        match step {
            Step::Read { decls, .. } => {
                for decl in decls {
                    let mut exprs = Vec::new();
                    decl.ty.exprs(&mut exprs);
                    parts.push((decl.ty.levels(), exprs));
                }
            }
            Step::Loop { .. } => {
                step.exprs(&mut exprs);
                parts.push((step.levels(), exprs));
            }
        }
    }
    for (levels, exprs) in parts {
        let levels = levels.max(1);
        for (expr, is_count) in exprs {
            for name in &expr.names {
                if let Some(role) = roles.get_mut(name) {
                    *role = match (*role, is_count) {
                        (Role::Count(l), true) => Role::Count(l.max(levels)),
                        (_, true) => Role::Count(levels),
                        (Role::Value, false) => Role::Bound,
                        (role, false) => role,
                    };
                }
            }
        }
    }
    roles
}

/// `counts t, n; bounds k; values a, s`: the numbers by role, then the other values.
fn summary(roles: &BTreeMap<String, Role>, others: &[&str]) -> String {
    let pick = |want: fn(Role) -> bool| -> Vec<&str> {
        roles.iter().filter(|(_, role)| want(**role)).map(|(name, _)| name.as_str()).collect()
    };
    let values: Vec<&str> =
        pick(|r| r == Role::Value).into_iter().chain(others.iter().copied()).collect();
    let parts = [
        ("counts", pick(|r| matches!(r, Role::Count(_)))),
        ("bounds", pick(|r| r == Role::Bound)),
        ("values", values),
    ];
    let shown: Vec<String> = parts
        .iter()
        .filter(|(_, names)| !names.is_empty())
        .map(|(what, names)| format!("{what} {}", names.join(", ")))
        .collect();
    if shown.is_empty() {
        "none".to_string()
    } else {
        shown.join("; ")
    }
}

/// The consts the steps name, and those their values name, sorted by name.
fn copied_consts(steps: &[Step], consts: &Consts) -> String {
    let mut wanted: Vec<String> = Vec::new();
    let mut exprs = Vec::new();
    for step in steps {
        step.exprs(&mut exprs);
    }
    let mut queue: Vec<String> = exprs.iter().flat_map(|(e, _)| e.names.iter().cloned()).collect();
    while let Some(name) = queue.pop() {
        if let Some((_, uses)) = consts.get(&name) {
            if !wanted.contains(&name) {
                wanted.push(name);
                queue.extend(uses.iter().cloned());
            }
        }
    }
    let mut text = String::new();
    for (name, (item, _)) in consts {
        if wanted.contains(name) {
            text.push_str(item);
            text.push('\n');
        }
    }
    text
}

/// Writes the code of `step` at `depth`; inside a loop, `levels` is how deep the loop nests
/// (else each declaration's own).
fn emit_step(
    out: &mut String,
    step: &Step,
    roles: &BTreeMap<String, Role>,
    levels: Option<u32>,
    depth: usize,
) {
    let indent = "    ".repeat(depth);
    match step {
        Step::Read { decls, .. } => {
            let _ = writeln!(out, "{indent}g.line();");
            for decl in decls {
                let levels = levels.unwrap_or_else(|| decl.ty.levels()).max(1);
                let value = expr_of(&decl.ty, Some(&decl.name), roles, levels);
                let _ = writeln!(out, "{indent}let {}: {} = {value};", decl.name, decl.ty.rust());
            }
        }
        Step::Loop { pattern, iter, body, .. } => {
            let _ = writeln!(out, "{indent}for {pattern} in {} {{", iter.text);
            let levels = levels.unwrap_or_else(|| step.levels());
            for inner in body {
                emit_step(out, inner, roles, Some(levels), depth + 1);
            }
            let _ = writeln!(out, "{indent}}}");
        }
    }
}

/// The call that writes a value of `ty` (named `name`, if it is) and gives it as `input!` does.
fn expr_of(ty: &Ty, name: Option<&str>, roles: &BTreeMap<String, Role>, levels: u32) -> String {
    value_of(ty, name, roles, levels, None, &[])
}

/// `expr_of` for an item of the array of length `array_len`, if it is one, whose number is
/// lowered to each of `caps` (what the sums over the array leave it: `judge_test::share`).
fn value_of(
    ty: &Ty,
    name: Option<&str>,
    roles: &BTreeMap<String, Role>,
    levels: u32,
    array_len: Option<&Expr>,
    caps: &[String],
) -> String {
    let range = |range: &Option<Expr>| {
        let text = range.as_ref().map_or("..".to_string(), |r| r.text.clone());
        caps.iter().fold(text, |text, cap| format!("judge_test::capped({text}, {cap})"))
    };
    match ty {
        Ty::Int { ty, range: r } => {
            match name.and_then(|name| roles.get(name)).copied().unwrap_or(Role::Value) {
                Role::Count(l) => format!("g.count::<{ty}, _>({}, {l})", range(r)),
                Role::Bound => format!("g.bound::<{ty}, _>({})", range(r)),
                Role::Value => format!("g.value::<{ty}, _>({})", range(r)),
            }
        }
        Ty::Index { range: r } => format!("g.index({})", range(r)),
        Ty::Bytes => format!("g.word({levels})"),
        Ty::Str => format!("g.text({levels})"),
        Ty::Row { width, alphabet } => {
            format!("g.row({}, {:?})", width.text, alphabet.as_deref().unwrap_or(".#"))
        }
        Ty::Array { item, len } => format!(
            "g.array({}, {}, |g| {})",
            len.text,
            !item.is_scalar(),
            value_of(item, None, roles, levels, Some(len), &[])
        ),
        Ty::Tuple { items, sums } => {
            if sums.is_empty() && items.iter().all(|(name, _)| name.is_none()) {
                let values: Vec<String> =
                    items.iter().map(|(_, ty)| expr_of(ty, None, roles, levels)).collect();
                return match values.len() {
                    1 => format!("({},)", values[0]),
                    _ => format!("({})", values.join(", ")),
                };
            }
            let mut block = String::from("{ ");
            let mut names = Vec::new();
            for (k, (item_name, ty)) in items.iter().enumerate() {
                let bound = item_name.clone().unwrap_or_else(|| format!("item_{k}"));
                let caps = match (item_name, array_len) {
                    (Some(item_name), Some(len)) => sum_caps(item_name, items, sums, len),
                    _ => Vec::new(),
                };
                let value = value_of(ty, item_name.as_deref(), roles, levels, None, &caps);
                let _ = write!(block, "let {bound}: {} = {value}; ", ty.rust());
                names.push(bound);
            }
            let _ = write!(block, "({}) }}", names.join(", "));
            block
        }
    }
}

/// What the sums of a tuple that is an item of an array of length `len` leave its number
/// `name`: for each sum whose expression names it, an equal share of the bound (a root of it
/// when the expression names several of the tuple's numbers, as in `sum(n * m)`), so that the
/// `max` input, whose counts would otherwise all be at their bounds, keeps every sum.
fn sum_caps(name: &str, items: &[(Option<String>, Ty)], sums: &[Sum], len: &Expr) -> Vec<String> {
    let numbers: Vec<&str> = items
        .iter()
        .filter(|(_, ty)| matches!(ty, Ty::Int { .. }))
        .filter_map(|(name, _)| name.as_deref())
        .collect();
    sums.iter()
        .filter(|sum| sum.expr.names.iter().any(|n| n == name))
        .map(|sum| {
            let mut named: Vec<&str> =
                sum.expr.names.iter().map(String::as_str).filter(|n| numbers.contains(n)).collect();
            named.sort_unstable();
            named.dedup();
            format!("judge_test::share({}, {}, {})", sum.bound.text, len.text, named.len())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{derive, items};

    const LIB: &str = r#"
//! A problem.
use judge_io::{input, Error, Scanner};

/// Bounds.
pub const MAX_N: usize = 2 * HALF;
const HALF: usize = 100_000;
const MAX_A: i64 = 1_000_000_000;
const UNUSED: u8 = 3;

pub fn parse(input: &[u8]) -> Result<Vec<i64>, Error> {
    let mut sc = Scanner::new(input);
    input! { from sc, t: usize in 1..=10 }
    let mut all = Vec::new();
    for _ in 0..t {
        // A case: "{" in a comment changes nothing.
        input! { from sc, n: usize in 1..=MAX_N, k: u32 in 1..=n as u32, a: [i64 in -MAX_A..=MAX_A; n] }
        all.extend(a);
    }
    input! { from &mut sc, h: usize in 1..=50, w: usize in 1..=50, grid: [Row(w); h], s: Bytes }
    input! { from sc, edges: [(Usize1 in 1..=h, Usize1 in 1..=w); 3], cases: [(m: usize in 1..=5, b: [u8; m]); 2] }
    sc.expect_end()?;
    Ok(all)
}

pub(crate) fn solve(a: &[i64]) -> i64 {
    a.iter().sum()
}
"#;

    #[test]
    fn a_declaration_becomes_a_generator() {
        let derived = derive(LIB, "src/lib.rs", "parse", &[]).expect("derivable");
        assert_eq!(
            derived.consts,
            "const HALF: usize = 100_000;\nconst MAX_A: i64 = 1_000_000_000;\n\
             const MAX_N: usize = 2 * HALF;\n"
        );
        let expected = "    g.line();
    let t: usize = g.count::<usize, _>(1..=10, 2);
    for _ in 0..t {
        g.line();
        let n: usize = g.count::<usize, _>(1..=MAX_N, 2);
        let k: u32 = g.value::<u32, _>(1..=n as u32);
        let a: Vec<i64> = g.array(n, false, |g| g.value::<i64, _>(-MAX_A..=MAX_A));
    }
    g.line();
    let h: usize = g.count::<usize, _>(1..=50, 2);
    let w: usize = g.count::<usize, _>(1..=50, 2);
    let grid: Vec<Vec<u8>> = g.array(h, true, |g| g.row(w, \".#\"));
    let s: Vec<u8> = g.word(1);
    g.line();
    let edges: Vec<(usize, usize)> = g.array(3, true, |g| (g.index(1..=h), g.index(1..=w)));
    let cases: Vec<(usize, Vec<u8>)> = g.array(2, true, |g| { let m: usize = g.count::<usize, _>(1..=5, 2); let b: Vec<u8> = g.array(m, false, |g| g.value::<u8, _>(..)); (m, b) });
";
        assert_eq!(derived.body, expected);
        assert_eq!(derived.lines, (13, 21));
        assert!(derived.source.starts_with("input! { from sc, t: usize in 1..=10 }\nlet mut all"));
        assert_eq!(derived.summary, "counts h, m, n, t, w; values k, a, grid, s, edges, cases, b");
        let found = items(LIB, "src/lib.rs").expect("items");
        assert!(found.has_pub_fn("parse") && !found.has_pub_fn("solve"));
        assert_eq!(found.signature("solve"), Some("pub(crate) fn solve(a: &[i64]) -> i64"));
    }

    #[test]
    fn test_cases_keep_their_sums() {
        // The multi-test problem `new.sh` makes: each case's n is lowered to its share of
        // MAX_SUM_N over the t cases, so that the max input keeps the sum.
        let template = include_str!("../../templates/problem/multi-test/lib.rs.tmpl");
        let derived = derive(template, "src/lib.rs", "parse", &[]).expect("derivable");
        assert_eq!(
            derived.consts,
            "const MAX_A: i64 = 1_000_000_000;\nconst MAX_N: usize = 200_000;\n\
             const MAX_SUM_N: usize = 200_000;\nconst MAX_T: usize = 10_000;\n"
        );
        let expected = "    g.line();
    let t: usize = g.count::<usize, _>(1..=MAX_T, 2);
    let cases: Vec<(usize, Vec<i64>)> = g.array(t, true, |g| { let n: usize = \
g.count::<usize, _>(judge_test::capped(1..=MAX_N, judge_test::share(MAX_SUM_N, t, 1)), 2); \
let a: Vec<i64> = g.array(n, false, |g| g.value::<i64, _>(1..=MAX_A)); (n, a) });
";
        assert_eq!(derived.body, expected);
        assert_eq!(derived.summary, "counts n, t; values cases, a");
        // Two numbers of a case in one sum: each gets the square root of the share.
        let src = "fn parse(input: &[u8]) {\n    let mut sc = Scanner::new(input);\n    input! { \
                   from sc, t: usize, cases: [(n: usize in 1..=9, m: u32, sum(n * m as usize) <= \
                   100, sum(n) <= 50); t] }\n}\n";
        let derived = derive(src, "src/lib.rs", "parse", &[]).expect("derivable");
        assert!(
            derived.body.contains(
                "let n: usize = g.bound::<usize, _>(judge_test::capped(judge_test::capped(1..=9, \
                 judge_test::share(100, t, 2)), judge_test::share(50, t, 1))); let m: u32 = \
                 g.bound::<u32, _>(judge_test::capped(.., judge_test::share(100, t, 2)));"
            ),
            "{}",
            derived.body
        );
        assert_eq!(
            derive(&src.replace("sum(n) <= 50", "sum(n) < 50"), "src/lib.rs", "parse", &[])
                .unwrap_err(),
            "src/lib.rs line 3: expected sum(EXPR) <= BOUND"
        );
    }

    #[test]
    fn what_it_cannot_read_it_refuses_with_the_place() {
        let refused = |body: &str| {
            let src = format!(
                "const N: usize = 5;\nfn parse(input: &[u8]) {{\n    let mut sc = \
                 Scanner::new(input);\n{body}\n}}\n"
            );
            derive(&src, "src/lib.rs", "parse", &[]).expect_err("refused")
        };
        assert_eq!(
            refused("    if true {\n        input! { from sc, n: usize }\n    }"),
            "src/lib.rs line 5: input! inside an `if`: the kit derives the generator from input! \
             calls in order, in `for` loops at most; write src/gen.rs"
        );
        assert_eq!(
            refused("    input! { from sc, a: [i64; m] }"),
            "src/lib.rs line 4: `m` is neither a value declared before it nor a const of \
             src/lib.rs; write src/gen.rs"
        );
        assert!(refused("    input! { from sc, n: usize }\n    let x: u8 = sc.int()?;")
            .starts_with("src/lib.rs line 5: `sc` is read outside input! (`sc.int()?`)"));
        let chars = refused("    input! { from sc, c: Chars }");
        assert!(chars.contains("input! type `Chars` is new to the kit"), "{chars}");
        assert!(refused("    let x = 1;").ends_with("`fn parse` has no input! call"));
        let none = derive("fn main() {}", "src/lib.rs", "parse", &[]).unwrap_err();
        assert!(none.contains("no `fn parse`"), "{none}");
    }

    #[test]
    fn an_interactors_bounds_may_be_the_librarys() {
        let interactor = "use super::MAX_N;\npub fn read_case(case: &[u8]) -> Result<u64, Error> \
                          {\n    let mut sc = Scanner::new(case);\n    input! { from sc, n: u64 \
                          in 1..=MAX_N, x: u64 in 1..=n }\n    Ok(x)\n}\n";
        let lib = "pub const MAX_N: u64 = 1_000;\n";
        let alone = derive(interactor, "src/interactor.rs", "read_case", &[]).unwrap_err();
        assert!(alone.contains("nor a const of src/interactor.rs or src/lib.rs"), "{alone}");
        let also = [(lib, "src/lib.rs")];
        let derived = derive(interactor, "src/interactor.rs", "read_case", &also).expect("derived");
        assert_eq!(derived.consts, "const MAX_N: u64 = 1_000;\n");
        assert_eq!(derived.summary, "bounds n; values x");
    }
}
