//! Shrinking a failing input to a small one, with no per-problem code.
//!
//! The shrinker only sees bytes, and asks one question of a candidate: is it a valid input
//! (the oracle accepts it) on which the solver still fails? It removes what it can (chunks of
//! lines, test cases, tokens, grid columns, elements of bracket lists such as `[[1,0],[0,1]]`),
//! then makes numbers and bytes smaller, and repeats until nothing helps.
//!
//! Inputs count their own parts (`N M K`, a per-case `n` before its values, `T` test cases, a
//! grid's `H W`), so a removal alone is usually invalid. When it is, the removal is tried again
//! with a count lowered with it: an integer before the removed part, by the number of units
//! removed (N lines, N values) or by one (one test case of several lines, one grid column).
//! The integers tried first are those on lines unlike their neighbours (a header `N M K`
//! between value lines, a `Q` between piece lines), nearest first: where counts stand.
//!
//! Every accepted candidate is smaller in (length, bytes), so shrinking ends; a budget of runs
//! and time bounds it too. Numbers stay written as a person writes them (`-1`, never `-0001`).

use std::time::{Duration, Instant};

/// What a candidate input is, to the shrinker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseVerdict {
    /// Not an input of the problem (the oracle rejects it).
    Invalid,
    /// A valid input on which the solver is right.
    Passes,
    /// A valid input on which the solver is wrong or crashes.
    Fails,
}

/// A problem's own shrinking step: smaller (or simpler) variants of an input to try.
pub type ShrinkFn = fn(&[u8]) -> Vec<Vec<u8>>;

/// The most runs of the solver and oracle pair that one shrink may take.
const BUDGET_RUNS: usize = 20_000;
/// The longest one shrink may take.
const BUDGET_TIME: Duration = Duration::from_secs(60);
/// How many integers before a removal are tried as its count.
const MAX_COUNTS: usize = 12;
/// The fewest like lines that make a run (see [`lines_in_runs`]): two lines alike may be a
/// header and a line of values.
const MIN_RUN: usize = 3;
/// The most records (test cases are one to three) one removal takes together.
const MAX_RECORD_WINDOW: usize = 3;

/// Shrinks `input` while `verdict_of` says it fails: the generic steps (see the module docs), then
/// the problem's own `extra` steps, until none helps or the budget runs out. Returns the
/// smallest failing input found and the number of candidates tried.
pub fn shrink(
    input: &[u8],
    verdict_of: &dyn Fn(&[u8]) -> CaseVerdict,
    extra: &[ShrinkFn],
) -> (Vec<u8>, usize) {
    let mut shrinker =
        Shrinker { best: input.to_vec(), tries: 0, verdict_of, started: Instant::now() };
    loop {
        let before = shrinker.best.clone();
        shrinker.remove_units(line_units, Counted::Always);
        shrinker.remove_records();
        shrinker.shrink_sized_records();
        shrinker.remove_units(token_units, Counted::OnLinesUnlikeTheirNeighbours);
        shrinker.remove_grid_columns();
        shrinker.remove_list_elements();
        shrinker.simplify_numbers();
        shrinker.lower_bytes();
        for step in extra {
            for candidate in step(&shrinker.best) {
                shrinker.attempt(&candidate);
            }
        }
        if shrinker.best == before || shrinker.out_of_budget() {
            return (shrinker.best, shrinker.tries);
        }
    }
}

struct Shrinker<'j> {
    best: Vec<u8>,
    tries: usize,
    verdict_of: &'j dyn Fn(&[u8]) -> CaseVerdict,
    started: Instant,
}

/// Byte ranges of an input that a removal step may delete together.
type Units = Vec<(usize, usize)>;

/// When a removal of units is retried with a count lowered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counted {
    Always,
    /// Tokens are counted on a line of values (`3 1 4 1`, or the values after `N`), not on
    /// one of a run of like lines (`a b c` requests, whose arity is fixed).
    OnLinesUnlikeTheirNeighbours,
}

impl<'j> Shrinker<'j> {
    fn out_of_budget(&self) -> bool {
        self.tries >= BUDGET_RUNS || self.started.elapsed() > BUDGET_TIME
    }

    /// Judges `candidate` if it is smaller in (length, bytes) than the best, and keeps it if it
    /// fails. A candidate not tried (not smaller, or no budget left) counts as passing.
    fn attempt(&mut self, candidate: &[u8]) -> CaseVerdict {
        let smaller = (candidate.len(), candidate) < (self.best.len(), &self.best[..]);
        if !smaller || self.out_of_budget() {
            return CaseVerdict::Passes;
        }
        self.tries += 1;
        let verdict = (self.verdict_of)(candidate);
        if verdict == CaseVerdict::Fails {
            self.best = candidate.to_vec();
        }
        verdict
    }

    /// Tries `candidate`, the best input with units removed from byte `at` on; if that alone
    /// is invalid, tries it with an integer before `at` lowered by each of `amounts`.
    fn try_removal(&mut self, candidate: &[u8], at: usize, amounts: &[usize]) -> bool {
        match self.attempt(candidate) {
            CaseVerdict::Fails => true,
            CaseVerdict::Passes => false,
            CaseVerdict::Invalid => self.with_count_lowered(candidate, at, amounts),
        }
    }

    /// Tries `candidate` with one of the likely counts before byte `before` lowered by one of
    /// `amounts` (see [`count_candidates`]). If that is invalid too, later integers that now
    /// exceed the count are lowered to it as well: they may be indices into what it counts.
    fn with_count_lowered(&mut self, candidate: &[u8], before: usize, amounts: &[usize]) -> bool {
        for (start, end, value) in count_candidates(candidate, before) {
            for &amount in amounts.iter().filter(|&&amount| amount as u64 <= value) {
                let lowered = (value - amount as u64).to_string();
                let with_count = replaced(candidate, start, end, &lowered);
                match self.attempt(&with_count) {
                    CaseVerdict::Fails => return true,
                    CaseVerdict::Passes => continue,
                    CaseVerdict::Invalid => {}
                }
                // The removal point, moved by the count's new length.
                let from = before + lowered.len() - (end - start);
                let new = value - amount as u64;
                if let Some(clamped) = clamped_after(&with_count, from, new, value) {
                    if self.attempt(&clamped) == CaseVerdict::Fails {
                        return true;
                    }
                }
            }
            if self.out_of_budget() {
                return false;
            }
        }
        false
    }

    /// Delta debugging: removes chunks of units, halving the chunk size down to one unit.
    fn remove_units(&mut self, units_of: fn(&[u8]) -> Units, counted: Counted) {
        let mut chunk = units_of(&self.best).len().max(1);
        loop {
            chunk = chunk.div_ceil(2);
            let mut first = 0;
            loop {
                let units = units_of(&self.best);
                if first >= units.len() || self.out_of_budget() {
                    break;
                }
                let last = (first + chunk).min(units.len());
                let removed = &units[first..last];
                let candidate = without(&self.best, removed);
                // The units removed, one item of several units, or the tokens removed (values
                // several to a line).
                let tokens: usize =
                    removed.iter().map(|&(s, e)| token_spans(&self.best[s..e]).len()).sum();
                let mut amounts = vec![last - first, 1, tokens];
                amounts.sort_unstable();
                amounts.dedup();
                let counts = counted == Counted::Always || {
                    let (lines, in_run) = lines_in_runs(&self.best);
                    let line_of = |at: usize| lines.partition_point(|&(_, end)| end <= at);
                    removed.iter().all(|&(start, _)| !in_run[line_of(start)])
                };
                if !counts {
                    amounts.clear();
                }
                if !self.try_removal(&candidate, removed[0].0, &amounts) {
                    first += chunk;
                }
            }
            if chunk == 1 || self.out_of_budget() {
                return;
            }
        }
    }

    /// Removes records: a record starts at a short line (at most two tokens, such as `N M` or
    /// `Q`) and runs to the next one, so one test case is one to three neighbouring records.
    /// Every window of up to three records is tried, with a count before it lowered by 1.
    fn remove_records(&mut self) {
        let mut first = 0;
        loop {
            let records = record_units(&self.best);
            if first >= records.len() || self.out_of_budget() {
                return;
            }
            let mut removed = false;
            for size in 1..=MAX_RECORD_WINDOW.min(records.len() - first) {
                let window = (records[first].0, records[first + size - 1].1);
                let candidate = without(&self.best, &[window]);
                if self.try_removal(&candidate, window.0, &[1]) {
                    removed = true;
                    break;
                }
            }
            if !removed {
                first += 1;
            }
        }
    }

    /// Shrinks sized records: when a record's header holds a size `a` and its body is `c * a`
    /// lines (a ring of 4 sides of N pieces, C blocks of A rows), removes one line from each of
    /// the `c` groups (the last, else the first) and lowers `a` by one.
    fn shrink_sized_records(&mut self) {
        const MAX_GROUPS: usize = 8;
        let mut index = 0;
        loop {
            let records = record_units(&self.best);
            let Some(&(start, end)) = records.get(index) else { return };
            let lines = line_units(&self.best[start..end]);
            let body = lines.len() - 1;
            let header = self.best[start..start + lines[0].1].to_vec();
            let mut shrunk = false;
            'sizes: for (s, e) in token_spans(&header) {
                let Some(size) = canonical_int(&header[s..e]).filter(|&v| v >= 2) else {
                    continue;
                };
                let size = size as usize;
                if body == 0 || !body.is_multiple_of(size) || body / size > MAX_GROUPS {
                    continue;
                }
                for drop_in_group in [size - 1, 0] {
                    let dropped: Units = (0..body / size)
                        .map(|group| lines[1 + group * size + drop_in_group])
                        .map(|(a, b)| (start + a, start + b))
                        .collect();
                    let candidate = without(&self.best, &dropped);
                    let lowered =
                        replaced(&candidate, start + s, start + e, &(size - 1).to_string());
                    if self.attempt(&lowered) == CaseVerdict::Fails {
                        shrunk = true;
                        break 'sizes;
                    }
                }
            }
            if !shrunk {
                index += 1;
            }
            if self.out_of_budget() {
                return;
            }
        }
    }

    /// In every grid (see [`grid_blocks`]), tries removing columns from all of its rows: one,
    /// then chunks of two and more neighbouring columns (a cell count may need several to go
    /// at once), with the width before the grid lowered if that alone is invalid.
    fn remove_grid_columns(&mut self) {
        let mut block = 0;
        'blocks: loop {
            let Some(&(first_line, n_lines, width)) = grid_blocks(&self.best).get(block) else {
                return;
            };
            for chunk in 1..width {
                for first in (0..width).step_by(chunk) {
                    let last = (first + chunk).min(width);
                    let lines = line_units(&self.best);
                    let grid_start = lines[first_line].0;
                    let removed: Units = lines[first_line..first_line + n_lines]
                        .iter()
                        .map(|&(start, _)| (start + first, start + last))
                        .collect();
                    let candidate = without(&self.best, &removed);
                    if self.try_removal(&candidate, grid_start, &[last - first]) {
                        // The same grid, narrower: start over on it.
                        continue 'blocks;
                    }
                    if self.out_of_budget() {
                        return;
                    }
                }
            }
            block += 1;
        }
    }

    /// In bracket lists (`[[1,0,1],[0,1,1]]`, as Programmers writes arrays), removes single
    /// elements (a row of a matrix, an item of a list) and matrix columns (the same element of
    /// every row).
    fn remove_list_elements(&mut self) {
        let mut index = 0;
        loop {
            let lists = bracket_lists(&self.best);
            let Some(list) = lists.get(index) else { return };
            let mut candidates = Vec::new();
            // A row of a matrix loses cells only through a column of the matrix.
            let in_matrix = list.parent.is_some_and(|p| matrix_width(&lists, p).is_some());
            if !in_matrix {
                for element in 0..list.elements.len() {
                    candidates.push(without(&self.best, &[element_span(list, element)]));
                }
            }
            if let Some(width) = matrix_width(&lists, index) {
                let rows: Vec<&BracketList> =
                    list.children.iter().map(|&child| &lists[child]).collect();
                for column in 0..width {
                    let removed: Units = rows.iter().map(|row| element_span(row, column)).collect();
                    candidates.push(without(&self.best, &removed));
                }
            }
            let mut changed = false;
            for candidate in candidates {
                if self.attempt(&candidate) == CaseVerdict::Fails {
                    changed = true;
                    break;
                }
                if self.out_of_budget() {
                    return;
                }
            }
            if !changed {
                index += 1;
            }
        }
    }

    /// Replaces each integer by a simpler one: 0, 1, -1, half of it, one step nearer to 0, or
    /// its magnitude, each written plainly. A lowered bound that makes the input invalid is
    /// retried with the later integers beyond it lowered to it (`27 27` becomes `13 13`).
    fn simplify_numbers(&mut self) {
        let mut index = 0;
        loop {
            let spans = token_spans(&self.best);
            let Some(&(start, end)) = spans.get(index) else { return };
            index += 1;
            let Some(value) = canonical_int(&self.best[start..end]) else { continue };
            let simpler = [0, 1, -1, value / 2, value - value.signum(), value.abs()];
            for simpler in simpler {
                let text = simpler.to_string();
                let candidate = replaced(&self.best, start, end, &text);
                match self.attempt(&candidate) {
                    CaseVerdict::Fails => break,
                    CaseVerdict::Passes => continue,
                    CaseVerdict::Invalid => {}
                }
                // A smaller bound (N, or a count) may leave later values beyond it.
                if (0..value).contains(&simpler) {
                    let from = start + text.len();
                    let clamped = clamped_after(&candidate, from, simpler as u64, value as u64);
                    if clamped.is_some_and(|clamped| self.attempt(&clamped) == CaseVerdict::Fails) {
                        break;
                    }
                }
            }
            if self.out_of_budget() {
                return;
            }
        }
    }

    /// Replaces single bytes by smaller ones, the smallest first: bytes the input already
    /// uses (fewer colours, more blocked cells), or in a number a smaller digit that keeps it
    /// a number written plainly.
    fn lower_bytes(&mut self) {
        let mut alphabet: Vec<u8> =
            self.best.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        for (start, end) in token_spans(&self.best.clone()) {
            let number = canonical_int(&self.best[start..end]).is_some();
            for i in start..end {
                let current = self.best[i];
                let lower: Vec<u8> = if number {
                    // The sign stays; the first digit of a longer number never becomes 0.
                    let first_digit = i == start || (i == start + 1 && self.best[start] == b'-');
                    let lowest = if first_digit && i + 1 < end { b'1' } else { b'0' };
                    if current == b'-' {
                        Vec::new()
                    } else {
                        (lowest..current).collect()
                    }
                } else {
                    alphabet.iter().copied().take_while(|&b| b < current).collect()
                };
                for byte in lower {
                    let mut candidate = self.best.clone();
                    candidate[i] = byte;
                    if self.attempt(&candidate) == CaseVerdict::Fails {
                        break;
                    }
                }
                if self.out_of_budget() {
                    return;
                }
            }
        }
    }
}

/// `bytes` with `start..end` replaced by `text`.
fn replaced(bytes: &[u8], start: usize, end: usize, text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + text.len());
    out.extend_from_slice(&bytes[..start]);
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(&bytes[end..]);
    out
}

/// `bytes` with every integer token from byte `from` on that lies in `new + 1..=old` lowered
/// to `new`, or `None` if there is none.
fn clamped_after(bytes: &[u8], from: usize, new: u64, old: u64) -> Option<Vec<u8>> {
    let mut out = bytes[..from].to_vec();
    let mut at = from;
    let mut changed = false;
    for (s, e) in token_spans(&bytes[from..]) {
        let (start, end) = (from + s, from + e);
        let value = canonical_int(&bytes[start..end]);
        if value.is_some_and(|v| v > new as i128 && v <= old as i128) {
            out.extend_from_slice(&bytes[at..start]);
            out.extend_from_slice(new.to_string().as_bytes());
            at = end;
            changed = true;
        }
    }
    out.extend_from_slice(&bytes[at..]);
    changed.then_some(out)
}

/// The value of an integer written plainly (`0`, `17`, `-3`; not `007`, `-0`, `+1`).
fn canonical_int(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    let plain = !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
        && (digits[0] != b'0' || (digits.len() == 1 && digits.len() == token.len()));
    if !plain {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// The non-negative integers before byte `before` that may count what follows them, as
/// `(start, end, value)`, most likely first: those on lines unlike both neighbours (a header
/// between value lines), then the others, nearest line first, at most [`MAX_COUNTS`].
fn count_candidates(bytes: &[u8], before: usize) -> Vec<(usize, usize, u64)> {
    let (lines, in_runs) = lines_in_runs(bytes);
    let mut found: Vec<(bool, usize, usize, usize, u64)> = Vec::new();
    for (line_idx, &(line_start, line_end)) in lines.iter().enumerate() {
        if line_start >= before {
            break;
        }
        let in_run = in_runs[line_idx];
        for (s, e) in token_spans(&bytes[line_start..line_end]) {
            let (start, end) = (line_start + s, line_start + e);
            if end > before {
                break;
            }
            if let Some(value) = canonical_int(&bytes[start..end]).filter(|&v| v >= 0) {
                found.push((in_run, usize::MAX - line_idx, start, end, value as u64));
            }
        }
    }
    found.sort_by_key(|&(in_run, distance, ..)| (in_run, distance));
    found
        .into_iter()
        .take(MAX_COUNTS)
        .map(|(_, _, start, end, value)| (start, end, value))
        .collect()
}

/// The lines of `bytes` (as [`line_units`]) and whether each is one of a run of like lines:
/// at least [`MIN_RUN`] consecutive lines of one token count (values one to a line, `a b c`
/// requests, grid rows).
fn lines_in_runs(bytes: &[u8]) -> (Units, Vec<bool>) {
    let lines = line_units(bytes);
    let counts: Vec<usize> =
        lines.iter().map(|&(start, end)| token_spans(&bytes[start..end]).len()).collect();
    let mut in_run = vec![false; lines.len()];
    let mut first = 0;
    while first < lines.len() {
        let last =
            (first..lines.len()).find(|&i| counts[i] != counts[first]).unwrap_or(lines.len());
        if counts[first] > 0 && last - first >= MIN_RUN {
            in_run[first..last].fill(true);
        }
        first = last;
    }
    (lines, in_run)
}

/// Each line with its newline.
fn line_units(bytes: &[u8]) -> Units {
    let mut units = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            units.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        units.push((start, bytes.len()));
    }
    units
}

/// Each token with the blanks (not newlines) before it, or after it at the start of a line.
fn token_units(bytes: &[u8]) -> Units {
    let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\r';
    let mut units = Vec::new();
    for (token_start, token_end) in token_spans(bytes) {
        let mut start = token_start;
        while start > 0 && blank(bytes[start - 1]) {
            start -= 1;
        }
        let mut end = token_end;
        if start == 0 || bytes[start - 1] == b'\n' {
            while end < bytes.len() && blank(bytes[end]) {
                end += 1;
            }
        }
        units.push((start, end));
    }
    units
}

/// Records: from each short line (one or two tokens) to the next one.
fn record_units(bytes: &[u8]) -> Units {
    let mut records: Units = Vec::new();
    for (start, end) in line_units(bytes) {
        let short = (1..=2).contains(&token_spans(&bytes[start..end]).len());
        match records.last_mut() {
            Some(last) if !short => last.1 = end,
            _ => records.push((start, end)),
        }
    }
    records
}

/// `bytes` without the units in `skip` (sorted; neighbours may overlap).
fn without(bytes: &[u8], skip: &[(usize, usize)]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for &(start, end) in skip {
        // Neighbouring token units may share the blanks between them.
        kept.extend_from_slice(&bytes[at..start.max(at)]);
        at = end.max(at);
    }
    kept.extend_from_slice(&bytes[at..]);
    kept
}

/// The byte spans of the whitespace-separated tokens of `bytes`.
fn token_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        spans.push((start, i));
    }
    spans
}

/// The grids of an input: runs of two or more consecutive lines of one length (at least 2)
/// without blanks, as (first line index, line count, width).
fn grid_blocks(bytes: &[u8]) -> Vec<(usize, usize, usize)> {
    let rows: Vec<Option<usize>> = line_units(bytes)
        .iter()
        .map(|&(start, end)| {
            let row = &bytes[start..end];
            let row = row.strip_suffix(b"\n").unwrap_or(row);
            let row = row.strip_suffix(b"\r").unwrap_or(row);
            (row.len() >= 2 && !row.iter().any(u8::is_ascii_whitespace)).then_some(row.len())
        })
        .collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let Some(width) = rows[i] else {
            i += 1;
            continue;
        };
        let mut j = i + 1;
        while j < rows.len() && rows[j] == Some(width) {
            j += 1;
        }
        if j - i >= 2 {
            blocks.push((i, j - i, width));
        }
        i = j;
    }
    blocks
}

/// A bracket list of an input, `[a, b, [c]]`: its elements (spans without the blanks around
/// them), and where it sits among the other lists.
struct BracketList {
    elements: Units,
    parent: Option<usize>,
    /// The lists among its elements, in order.
    children: Vec<usize>,
}

/// Every bracket list of `bytes`, outer ones before the lists inside them (in the order their
/// `[` appear). Unbalanced brackets end the lists found so far.
fn bracket_lists(bytes: &[u8]) -> Vec<BracketList> {
    let mut lists: Vec<BracketList> = Vec::new();
    // Open lists: index, and where the current element started.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let trimmed = |start: usize, end: usize| -> Option<(usize, usize)> {
        let text = &bytes[start..end];
        let first = text.iter().position(|b| !b.is_ascii_whitespace())?;
        let last = text.iter().rposition(|b| !b.is_ascii_whitespace())?;
        Some((start + first, start + last + 1))
    };
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'[' => {
                let parent = open.last().map(|&(list, _)| list);
                let index = lists.len();
                if let Some(parent) = parent {
                    lists[parent].children.push(index);
                }
                lists.push(BracketList { elements: Vec::new(), parent, children: Vec::new() });
                open.push((index, i + 1));
            }
            b',' | b']' => {
                let Some((list, element_start)) = open.last_mut() else { return lists };
                let list = *list;
                if let Some(span) = trimmed(*element_start, i) {
                    lists[list].elements.push(span);
                }
                *element_start = i + 1;
                if b == b']' {
                    open.pop();
                }
            }
            _ => {}
        }
    }
    lists
}

/// The element count of every row when list `index` is a matrix: two or more elements, all
/// of them lists of one length (at least 1).
fn matrix_width(lists: &[BracketList], index: usize) -> Option<usize> {
    let list = &lists[index];
    if list.elements.len() < 2 || list.children.len() != list.elements.len() {
        return None;
    }
    let width = lists[list.children[0]].elements.len();
    let all_alike = list.children.iter().all(|&child| lists[child].elements.len() == width);
    (width >= 1 && all_alike).then_some(width)
}

/// The bytes to remove for element `element` of `list`, with one comma beside it.
fn element_span(list: &BracketList, element: usize) -> (usize, usize) {
    let (start, end) = list.elements[element];
    if let Some(&(next_start, _)) = list.elements.get(element + 1) {
        (start, next_start)
    } else if element > 0 {
        (list.elements[element - 1].1, end)
    } else {
        (start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::{bracket_lists, canonical_int, count_candidates, matrix_width};

    #[test]
    fn plain_integers_only() {
        assert_eq!(canonical_int(b"0"), Some(0));
        assert_eq!(canonical_int(b"-17"), Some(-17));
        for odd in [&b"007"[..], b"-0", b"-0001", b"+1", b"1a", b"", b"-"] {
            assert_eq!(canonical_int(odd), None, "{:?}", String::from_utf8_lossy(odd));
        }
    }

    #[test]
    fn counts_on_header_lines_come_first() {
        let input = b"3 1 2\n5\n6\n7\n1 1 1\n2 1 3\n2 2 3\n";
        let before = input.len() - 6;
        let values: Vec<u64> =
            count_candidates(input, before).iter().map(|&(_, _, value)| value).collect();
        // The header, then the nearest lines of the two runs (requests, then values).
        assert_eq!(&values[..3], &[3, 1, 2]);
        assert_eq!(&values[3..], &[2, 1, 3, 1, 1, 1, 7, 6, 5]);
    }

    #[test]
    fn bracket_lists_and_matrices() {
        let input = b"[[1,0,1], [0, 1,1]]\n[[1]]\n[]";
        let lists = bracket_lists(input);
        assert_eq!(lists.len(), 6);
        assert_eq!(lists[0].children, vec![1, 2]);
        assert_eq!(matrix_width(&lists, 0), Some(3));
        assert_eq!(matrix_width(&lists, 3), None, "one row is no matrix");
        let second_row: Vec<&[u8]> = lists[2].elements.iter().map(|&(s, e)| &input[s..e]).collect();
        assert_eq!(second_row, vec![&b"0"[..], b"1", b"1"]);
        assert!(lists[5].elements.is_empty());
    }
}
