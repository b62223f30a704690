//! Competitive Companion's document about one problem, checked and turned into a [`Problem`]:
//! the crate name and judge profile it gets, its limits, kind and samples.
//!
//! The document (one per problem; a contest is one per problem sharing `batch.id`), as the
//! extension sends it (`src/models/Task.ts` in jmerle/competitive-companion):
//!
//! | field | type | here |
//! |---|---|---|
//! | `name` | string | required: the statement's title |
//! | `group` | string | required: `"<judge> - <contest>"`, or the judge alone |
//! | `url` | string | required: the problem's page, `http(s)` |
//! | `interactive` | boolean | optional, default `false` |
//! | `memoryLimit` | number, MB | required, 1..=65536 after rounding |
//! | `timeLimit` | number, ms | required, 50..=600000 after rounding |
//! | `tests` | `[{input, output}]` strings | required, may be empty |
//! | `testType` | `"single"`, `"multiNumber"`, `"multiEOF"` | optional, default single |
//! | `input` | `{type: "stdin"}`, `{type: "file", fileName}`, `{type: "regex", pattern}` | optional, default stdin |
//! | `output` | `{type: "stdout"}`, `{type: "file", fileName}` | optional, default stdout |
//! | `batch` | `{id: string, size: integer}` | optional, default a batch of one |
//! | `languages` | object | ignored (Java class names) |
//!
//! The extension always sends every field but `interactive` on old versions; the optional ones
//! have defaults so that a document written by hand (for `new.sh NAME --from FILE`) need not
//! spell them out (`null` there is the default too). Other fields are ignored. Every required
//! field that is missing or `null`, and every field of the wrong type or out of range, is an
//! error naming the field and its place.
//! Limits are rounded to whole units (the extension itself floors them; other senders divide
//! KB by 1024); the ranges catch a time limit given in seconds.

use super::json::{self, Error, Field, Value};
use super::naming::{self, Url};
use std::ops::RangeInclusive;

/// The time limits accepted, in ms: below 50 ms is a limit given in seconds by mistake.
pub const TIME_LIMIT_MS: RangeInclusive<u64> = 50..=600_000;

/// The memory limits accepted, in MB.
pub const MEMORY_LIMIT_MB: RangeInclusive<u64> = 1..=65_536;

/// The largest contest accepted as one batch (CSES's problem set, parsed as one contest, has
/// about 400).
pub const MAX_BATCH_SIZE: usize = 1000;

/// The longest batch id accepted (the extension's are UUIDs, 36 characters).
pub const MAX_BATCH_ID_LEN: usize = 256;

/// What the caller knows besides the document.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// The judge profiles there are, by key (`boj`, `atcoder`, ...): a problem's judge must be
    /// one of them.
    pub profiles: &'a [&'a str],
    /// The judge profile to use whatever the URL's host (`--judge J`).
    pub judge: Option<&'a str>,
    /// The crate name to use instead of the one the URL gives (`new.sh NAME --from FILE`).
    pub name: Option<&'a str>,
}

impl<'a> Options<'a> {
    /// Judge from the URL's host, name from the URL.
    pub fn new(profiles: &'a [&'a str]) -> Options<'a> {
        Options { profiles, judge: None, name: None }
    }
}

/// One sample test: the input and the expected output, with `\n` line ends, each ending in a
/// newline unless empty (a problem without input has an empty sample input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// The input.
    pub input: String,
    /// The expected output.
    pub output: String,
}

/// How the tests of one input are arranged (`testType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestType {
    /// One test per input (`single`).
    Single,
    /// A count of tests, then the tests (`multiNumber`).
    MultiNumber,
    /// Tests until the end of the input (`multiEOF`).
    MultiEof,
}

impl TestType {
    /// The document's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            TestType::Single => "single",
            TestType::MultiNumber => "multiNumber",
            TestType::MultiEof => "multiEOF",
        }
    }
}

/// Where a solution reads its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file of this name.
    File(String),
    /// The file whose name matches this pattern (judges that hand out input files).
    Regex(String),
}

/// Where a solution writes its output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Standard output.
    Stdout,
    /// A file of this name.
    File(String),
}

/// Which contest a problem arrived with: the extension sends a contest as `size` documents
/// with the same `id` (a single problem is a batch of one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Batch {
    /// The batch's id (a UUID from the extension).
    pub id: String,
    /// How many problems the batch has.
    pub size: usize,
}

/// A problem as the workspace makes a crate of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The crate's name (`abc300-a`): valid by `crate::names::check_crate_name`.
    pub crate_name: String,
    /// The judge profile's key (`atcoder`), one of [`Options::profiles`].
    pub judge: String,
    /// The statement's title (`A - N-choice question`).
    pub title: String,
    /// The group as sent: the judge and the contest (`AtCoder - AtCoder Beginner Contest 300`).
    pub group: String,
    /// The problem's page.
    pub url: String,
    /// Whether the solution talks with an interactor instead of reading a whole input.
    pub interactive: bool,
    /// How the tests of one input are arranged.
    pub test_type: TestType,
    /// The time limit per test file, in ms.
    pub time_limit_ms: u64,
    /// The memory limit, in MB.
    pub memory_limit_mb: u64,
    /// The statement's samples, in order.
    pub samples: Vec<Sample>,
    /// Where the solution reads.
    pub input: Input,
    /// Where the solution writes.
    pub output: Output,
    /// The contest batch the problem came in.
    pub batch: Batch,
}

impl Problem {
    /// Reads a problem from a document's bytes.
    ///
    /// # Errors
    /// A JSON syntax error, or the first thing wrong with a field, at its place; or an
    /// option that is wrong (an unknown `judge`, a bad `name`), without a place.
    ///
    /// # Examples
    /// ```
    /// use scaffold::receive::payload::{Options, Problem};
    /// let document = br#"{"name": "A. Watermelon", "group": "Codeforces - Beta Round 4",
    ///     "url": "https://codeforces.com/problemset/problem/4/A", "interactive": false,
    ///     "memoryLimit": 64, "timeLimit": 1000, "testType": "single",
    ///     "tests": [{"input": "8\n", "output": "YES\n"}]}"#;
    /// let problem = Problem::from_json(document, &Options::new(&["codeforces"])).unwrap();
    /// assert_eq!(problem.crate_name, "cf-4-a");
    /// assert_eq!(problem.judge, "codeforces");
    /// assert_eq!((problem.time_limit_ms, problem.memory_limit_mb), (1000, 64));
    /// assert_eq!(problem.samples[0].output, "YES\n");
    /// ```
    pub fn from_json(document: &[u8], options: &Options<'_>) -> Result<Problem, Error> {
        check_options(options)?;
        Problem::read(&json::parse(document)?, options)
    }

    /// Reads a problem from a parsed document (see [`Problem::from_json`]).
    pub fn from_value(document: &Value, options: &Options<'_>) -> Result<Problem, Error> {
        check_options(options)?;
        Problem::read(document, options)
    }

    fn read(document: &Value, options: &Options<'_>) -> Result<Problem, Error> {
        let root = document.field();
        root.as_object()?;
        let title = required(&root, "name", STRING)?.as_str()?;
        let group = required(&root, "group", STRING)?.as_str()?;
        let url_field = required(&root, "url", STRING)?;
        let url_text = url_field.as_str()?;
        let url = Url::parse(url_text).map_err(|why| url_field.error(why))?;
        let interactive = match root.get_opt("interactive")? {
            Some(field) => field.as_bool()?,
            None => false,
        };
        let memory_limit_mb =
            limit(&required(&root, "memoryLimit", NUMBER)?, MEMORY_LIMIT_MB, "MB", "memory")?;
        let time_limit_ms =
            limit(&required(&root, "timeLimit", NUMBER)?, TIME_LIMIT_MS, "ms", "time")?;
        let samples = required(&root, "tests", "an array")?
            .as_array()?
            .iter()
            .map(|test| {
                Ok(Sample {
                    input: normalise_sample(required(test, "input", STRING)?.as_str()?),
                    output: normalise_sample(required(test, "output", STRING)?.as_str()?),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let test_type = match root.get_opt("testType")? {
            None => TestType::Single,
            Some(field) => match one_of(&field, &["single", "multiNumber", "multiEOF"])? {
                "single" => TestType::Single,
                "multiNumber" => TestType::MultiNumber,
                _ => TestType::MultiEof,
            },
        };
        let input = match root.get_opt("input")? {
            None => Input::Stdin,
            Some(field) => {
                match one_of(&required(&field, "type", STRING)?, &["stdin", "file", "regex"])? {
                    "stdin" => Input::Stdin,
                    "file" => Input::File(file_name(&required(&field, "fileName", STRING)?)?),
                    _ => Input::Regex(required(&field, "pattern", STRING)?.as_str()?.to_string()),
                }
            }
        };
        let output = match root.get_opt("output")? {
            None => Output::Stdout,
            Some(field) => match one_of(&required(&field, "type", STRING)?, &["stdout", "file"])? {
                "stdout" => Output::Stdout,
                _ => Output::File(file_name(&required(&field, "fileName", STRING)?)?),
            },
        };
        let batch = match root.get_opt("batch")? {
            None => Batch { id: url_text.to_string(), size: 1 },
            Some(field) => read_batch(&field)?,
        };
        let judge = judge(&url, &url_field, options)?;
        let crate_name = match options.name {
            Some(name) => name.to_string(),
            None => naming::crate_name(&url, title).map_err(|why| url_field.error(why))?,
        };
        Ok(Problem {
            crate_name,
            judge,
            title: title.to_string(),
            group: group.to_string(),
            url: url_text.to_string(),
            interactive,
            test_type,
            time_limit_ms,
            memory_limit_mb,
            samples,
            input,
            output,
            batch,
        })
    }

    /// Whether one input holds several tests (`multiNumber` or `multiEOF`).
    pub fn is_multi_test(&self) -> bool {
        self.test_type != TestType::Single
    }

    /// The contest's name: the group after its `"<judge> - "` prefix, if it has one
    /// (`AtCoder Beginner Contest 300`).
    pub fn contest(&self) -> Option<&str> {
        self.group.split_once(" - ").map(|(_, contest)| contest).filter(|c| !c.trim().is_empty())
    }

    /// The problem as a document of the extension's shape, which [`Problem::from_json`] reads
    /// back as it is (with the same crate name and judge given as options when the URL does
    /// not give them): how a problem that could not be made here is saved for `new.sh NAME
    /// --from FILE`.
    pub fn to_json(&self) -> String {
        use super::json::quote;
        let tests: Vec<String> = self
            .samples
            .iter()
            .map(|s| {
                format!("{{\"input\": {}, \"output\": {}}}", quote(&s.input), quote(&s.output))
            })
            .collect();
        let input = match &self.input {
            Input::Stdin => "{\"type\": \"stdin\"}".to_string(),
            Input::File(name) => format!("{{\"type\": \"file\", \"fileName\": {}}}", quote(name)),
            Input::Regex(pattern) => {
                format!("{{\"type\": \"regex\", \"pattern\": {}}}", quote(pattern))
            }
        };
        let output = match &self.output {
            Output::Stdout => "{\"type\": \"stdout\"}".to_string(),
            Output::File(name) => format!("{{\"type\": \"file\", \"fileName\": {}}}", quote(name)),
        };
        format!(
            "{{\n    \"name\": {},\n    \"group\": {},\n    \"url\": {},\n    \"interactive\": {},\n    \
             \"memoryLimit\": {},\n    \"timeLimit\": {},\n    \"tests\": [{}],\n    \"testType\": {},\n    \
             \"input\": {input},\n    \"output\": {output},\n    \"batch\": {{\"id\": {}, \"size\": {}}}\n}}\n",
            quote(&self.title),
            quote(&self.group),
            quote(&self.url),
            self.interactive,
            self.memory_limit_mb,
            self.time_limit_ms,
            tests.join(", "),
            quote(self.test_type.as_str()),
            quote(&self.batch.id),
            self.batch.size,
        )
    }

    /// The kind for reports: `interactive`, `multi-test` or `standard`.
    pub fn kind(&self) -> &'static str {
        if self.interactive {
            "interactive"
        } else if self.is_multi_test() {
            "multi-test"
        } else {
            "standard"
        }
    }
}

/// The options must make sense before any document is read: a known judge, a usable name.
fn check_options(options: &Options<'_>) -> Result<(), Error> {
    if let Some(judge) = options.judge {
        if !options.profiles.contains(&judge) {
            return Err(Error::general(format!(
                "unknown judge profile {judge:?} (profiles: {})",
                options.profiles.join(", ")
            )));
        }
    }
    if let Some(name) = options.name {
        crate::names::check_crate_name(name).map_err(Error::general)?;
    }
    Ok(())
}

/// The judge: the option, else the one the URL's host belongs to if it is a profile, else an
/// error that names the host and says what to do.
fn judge(url: &Url<'_>, url_field: &Field<'_>, options: &Options<'_>) -> Result<String, Error> {
    if let Some(judge) = options.judge {
        return Ok(judge.to_string());
    }
    match naming::judge_of_host(&url.host) {
        Some(judge) if options.profiles.contains(&judge) => Ok(judge.to_string()),
        _ => Err(json::Error::at(
            url_field.value().pos(),
            format!(
                "cannot tell the judge of {} (host {}): give --judge ({})",
                url.shown(),
                url.host,
                options.profiles.join(", ")
            ),
        )),
    }
}

/// A limit: a positive number, rounded to a whole unit, within `range`.
fn limit(
    field: &Field<'_>,
    range: RangeInclusive<u64>,
    unit: &str,
    what: &str,
) -> Result<u64, Error> {
    let value = field.as_f64()?;
    let rounded = value.round();
    // `as` saturates; the range check then refuses what saturated.
    let whole = if rounded < 0.0 { 0 } else { rounded as u64 };
    if value < 0.0 || !range.contains(&whole) {
        let shown = field.value().as_number().map_or(String::new(), |n| shown_number(n.text()));
        return Err(field.error(format_args!(
            "{shown} {unit} is not a sane {what} limit (expected {} to {} {unit})",
            range.start(),
            range.end()
        )));
    }
    Ok(whole)
}

/// The words for a field's expected type (as [`Field`]'s accessors say them).
const STRING: &str = "a string";
const NUMBER: &str = "a number";

/// The member `key` of the object `field`, which must be there: absent is "missing field", and
/// `null` is named as what it is, with the type expected (for a required field `null` is no
/// default, as it is for the optional ones).
fn required<'a>(field: &Field<'a>, key: &str, expected: &str) -> Result<Field<'a>, Error> {
    if let Some(value) = field.as_object()?.get(key).filter(|value| value.is_null()) {
        let path = match field.path() {
            "" => key.to_string(),
            parent => format!("{parent}.{key}"),
        };
        return Err(Error::at(value.pos(), format!("{path} is null, expected {expected}")));
    }
    field.get(key)
}

/// A number's text for a message, cut short if long (a hostile number may have a million
/// digits; the text is ASCII, so any byte index is a char boundary).
fn shown_number(text: &str) -> String {
    if text.len() > 24 {
        format!("{}...", &text[..24])
    } else {
        text.to_string()
    }
}

fn read_batch(field: &Field<'_>) -> Result<Batch, Error> {
    let id_field = required(field, "id", STRING)?;
    let id = id_field.as_str()?;
    if id.is_empty() || id.len() > MAX_BATCH_ID_LEN || id.chars().any(char::is_control) {
        return Err(id_field.error(format_args!(
            "expected an id of 1 to {MAX_BATCH_ID_LEN} printable characters"
        )));
    }
    let size_field = required(field, "size", "an integer")?;
    let out_of_range = |shown: &str| {
        size_field
            .error(format_args!("{shown} is not a batch size (expected 1 to {MAX_BATCH_SIZE})"))
    };
    let size = match size_field.value().as_number() {
        // Negative or too large for a u64 is out of range like any other (the range said is
        // the one that holds, not u64's).
        Some(number) if number.is_integer_literal() => {
            number.as_u64().ok_or_else(|| out_of_range(&shown_number(number.text())))?
        }
        // Not a number, or not written as an integer: the accessor's own error.
        _ => size_field.as_u64()?,
    };
    if !(1..=MAX_BATCH_SIZE as u64).contains(&size) {
        return Err(out_of_range(&size.to_string()));
    }
    Ok(Batch { id: id.to_string(), size: size as usize })
}

fn file_name(field: &Field<'_>) -> Result<String, Error> {
    let name = field.as_str()?;
    if name.is_empty() {
        return Err(field.error("expected a file name, found an empty string"));
    }
    Ok(name.to_string())
}

/// The field's string, which must be one of `words` (the one it is, as `words` has it).
fn one_of(field: &Field<'_>, words: &[&'static str]) -> Result<&'static str, Error> {
    let text = field.as_str()?;
    words.iter().copied().find(|word| *word == text).ok_or_else(|| {
        let (last, rest) = words.split_last().expect("some words");
        let choices = if rest.is_empty() {
            last.to_string()
        } else {
            format!("{} or {last}", rest.join(", "))
        };
        field.error(format_args!("expected {choices}, not {}", shown_text(text)))
    })
}

/// A string from the document for a message: in backquotes if short and plain, else not
/// shown (it may hold anything).
fn shown_text(text: &str) -> String {
    let plain = text.len() <= 32
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'-' | b'_' | b'.'));
    if plain {
        format!("`{text}`")
    } else {
        "that".to_string()
    }
}

/// A sample's text with `\n` line ends (`\r\n` and a lone `\r` become `\n`), ending in a
/// newline unless empty.
pub fn normalise_sample(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{normalise_sample, Batch, Input, Options, Output, Problem, TestType};

    const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];

    /// A document like the extension's for Codeforces 4A, with `fields` replacing or adding
    /// members (`"name": null` style edits are done by giving the raw member text).
    fn document(edit: &[(&str, &str)]) -> String {
        let mut members = vec![
            ("name", "\"A. Watermelon\""),
            ("group", "\"Codeforces - Codeforces Beta Round 4 (Div. 2 Only)\""),
            ("url", "\"https://codeforces.com/problemset/problem/4/A\""),
            ("interactive", "false"),
            ("memoryLimit", "64"),
            ("timeLimit", "1000"),
            ("tests", "[{\"input\": \"8\\n\", \"output\": \"YES\\n\"}]"),
            ("testType", "\"single\""),
            ("input", "{\"type\": \"stdin\"}"),
            ("output", "{\"type\": \"stdout\"}"),
            ("languages", "{\"java\": {\"mainClass\": \"Main\", \"taskClass\": \"AWatermelon\"}}"),
            ("batch", "{\"id\": \"2b5e1f3a-7c1d-4e8a-9a43-8d5f0c6b1e27\", \"size\": 1}"),
        ];
        for &(key, value) in edit {
            match members.iter_mut().find(|(k, _)| *k == key) {
                Some(member) => member.1 = value,
                None => members.push((key, value)),
            }
        }
        let body: Vec<String> = members
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| format!("  \"{k}\": {v}"))
            .collect();
        format!("{{\n{}\n}}", body.join(",\n"))
    }

    fn read(edit: &[(&str, &str)]) -> Result<Problem, String> {
        Problem::from_json(document(edit).as_bytes(), &Options::new(PROFILES))
            .map_err(|e| e.to_string())
    }

    #[track_caller]
    fn check_error(edit: &[(&str, &str)], expected: &str) {
        assert_eq!(read(edit).unwrap_err(), expected, "edit {edit:?}");
    }

    #[test]
    fn a_whole_document() {
        let problem = read(&[]).unwrap();
        assert_eq!(problem.crate_name, "cf-4-a");
        assert_eq!(problem.judge, "codeforces");
        assert_eq!(problem.title, "A. Watermelon");
        assert_eq!(problem.contest(), Some("Codeforces Beta Round 4 (Div. 2 Only)"));
        assert!(!problem.interactive);
        assert_eq!(problem.test_type, TestType::Single);
        assert_eq!(problem.kind(), "standard");
        assert_eq!((problem.time_limit_ms, problem.memory_limit_mb), (1000, 64));
        assert_eq!(problem.samples.len(), 1);
        assert_eq!((problem.input.clone(), problem.output.clone()), (Input::Stdin, Output::Stdout));
        assert_eq!(
            problem.batch,
            Batch { id: "2b5e1f3a-7c1d-4e8a-9a43-8d5f0c6b1e27".to_string(), size: 1 }
        );
    }

    #[test]
    fn optional_fields_have_defaults() {
        let problem = read(&[
            ("interactive", ""),
            ("testType", ""),
            ("input", ""),
            ("output", ""),
            ("batch", ""),
            ("languages", ""),
        ])
        .unwrap();
        assert!(!problem.interactive);
        assert_eq!(problem.test_type, TestType::Single);
        assert_eq!(problem.input, Input::Stdin);
        assert_eq!(problem.batch, Batch { id: problem.url.clone(), size: 1 });
        let problem = read(&[("interactive", "null"), ("batch", "null")]).unwrap();
        assert_eq!(problem.batch.size, 1);
    }

    #[test]
    fn kinds_and_io() {
        let problem = read(&[("interactive", "true")]).unwrap();
        assert_eq!(problem.kind(), "interactive");
        let problem = read(&[("testType", "\"multiNumber\"")]).unwrap();
        assert_eq!((problem.test_type, problem.kind()), (TestType::MultiNumber, "multi-test"));
        let problem = read(&[("testType", "\"multiEOF\"")]).unwrap();
        assert!(problem.is_multi_test());
        let problem = read(&[
            ("input", "{\"type\": \"file\", \"fileName\": \"input.txt\"}"),
            ("output", "{\"type\": \"file\", \"fileName\": \"output.txt\"}"),
        ])
        .unwrap();
        assert_eq!(problem.input, Input::File("input.txt".to_string()));
        assert_eq!(problem.output, Output::File("output.txt".to_string()));
        let problem =
            read(&[("input", "{\"type\": \"regex\", \"pattern\": \"a_.*[.]in\"}")]).unwrap();
        assert_eq!(problem.input, Input::Regex("a_.*[.]in".to_string()));
    }

    #[test]
    fn limits_are_rounded_and_sane() {
        let problem =
            read(&[("timeLimit", "2299.9999999999995"), ("memoryLimit", "122.0703125")]).unwrap();
        assert_eq!((problem.time_limit_ms, problem.memory_limit_mb), (2300, 122));
        check_error(&[("timeLimit", "2")], "line 7, column 16: timeLimit: 2 ms is not a sane time limit (expected 50 to 600000 ms)");
        check_error(&[("timeLimit", "-1000")], "line 7, column 16: timeLimit: -1000 ms is not a sane time limit (expected 50 to 600000 ms)");
        check_error(&[("memoryLimit", "0")], "line 6, column 18: memoryLimit: 0 MB is not a sane memory limit (expected 1 to 65536 MB)");
        check_error(&[("memoryLimit", "0.4")], "line 6, column 18: memoryLimit: 0.4 MB is not a sane memory limit (expected 1 to 65536 MB)");
        check_error(
            &[("memoryLimit", "1e400")],
            "line 6, column 18: memoryLimit: 1e400 is out of range",
        );
        check_error(
            &[("memoryLimit", "123456789012345678901234567890")],
            "line 6, column 18: memoryLimit: 123456789012345678901234... MB is not a sane memory limit (expected 1 to 65536 MB)",
        );
        check_error(
            &[("timeLimit", "\"1 s\"")],
            "line 7, column 16: timeLimit: expected a number, found a string",
        );
    }

    #[test]
    fn samples_are_normalised() {
        assert_eq!(normalise_sample("1 2\r\n3\r\n"), "1 2\n3\n");
        assert_eq!(normalise_sample("a\rb"), "a\nb\n");
        assert_eq!(normalise_sample("a\r\r\nb\n\n"), "a\n\nb\n\n");
        assert_eq!(normalise_sample("x"), "x\n");
        assert_eq!(normalise_sample(""), "");
        let problem = read(&[(
            "tests",
            "[{\"input\": \"3 4\\r\\n5\", \"output\": \"\"}, {\"input\": \"\", \"output\": \"7\"}]",
        )])
        .unwrap();
        assert_eq!(problem.samples[0].input, "3 4\n5\n");
        assert_eq!(problem.samples[0].output, "");
        assert_eq!(problem.samples[1].output, "7\n");
        assert!(read(&[("tests", "[]")]).unwrap().samples.is_empty());
    }

    #[test]
    fn every_missing_or_ill_typed_field_is_named() {
        for field in ["name", "group", "url", "memoryLimit", "timeLimit", "tests"] {
            let error = read(&[(field, "")]).unwrap_err();
            assert_eq!(error, format!("line 1, column 1: missing field {field}"));
        }
        check_error(&[("name", "7")], "line 2, column 11: name: expected a string, found a number");
        check_error(&[("url", "null")], "line 4, column 10: url is null, expected a string");
        check_error(&[("name", "null")], "line 2, column 11: name is null, expected a string");
        check_error(
            &[("timeLimit", "null")],
            "line 7, column 16: timeLimit is null, expected a number",
        );
        check_error(&[("tests", "null")], "line 8, column 12: tests is null, expected an array");
        check_error(
            &[("tests", "[{\"input\": \"1\\n\", \"output\": null}]")],
            "line 8, column 40: tests[0].output is null, expected a string",
        );
        check_error(
            &[("input", "{\"type\": null}")],
            "line 10, column 21: input.type is null, expected a string",
        );
        check_error(
            &[("output", "{\"type\": \"file\", \"fileName\": null}")],
            "line 11, column 42: output.fileName is null, expected a string",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": null}")],
            "line 13, column 32: batch.size is null, expected an integer",
        );
        check_error(
            &[("interactive", "\"yes\"")],
            "line 5, column 18: interactive: expected a boolean, found a string",
        );
        check_error(
            &[("tests", "{}")],
            "line 8, column 12: tests: expected an array, found an object",
        );
        check_error(
            &[("tests", "[{\"input\": \"1\\n\"}]")],
            "line 8, column 13: missing field tests[0].output",
        );
        check_error(
            &[(
                "tests",
                "[{\"input\": \"1\", \"output\": \"1\"}, {\"input\": 5, \"output\": \"2\"}]",
            )],
            "line 8, column 54: tests[1].input: expected a string, found a number",
        );
        check_error(
            &[("tests", "[\"1\"]")],
            "line 8, column 13: tests[0]: expected an object, found a string",
        );
        check_error(
            &[("testType", "\"multi\"")],
            "line 9, column 15: testType: expected single, multiNumber or multiEOF, not `multi`",
        );
        check_error(
            &[("testType", "\"\\u0000\"")],
            "line 9, column 15: testType: expected single, multiNumber or multiEOF, not that",
        );
        check_error(
            &[("input", "\"stdin\"")],
            "line 10, column 12: input: expected an object, found a string",
        );
        check_error(&[("input", "{}")], "line 10, column 12: missing field input.type");
        check_error(
            &[("input", "{\"type\": \"file\"}")],
            "line 10, column 12: missing field input.fileName",
        );
        check_error(
            &[("input", "{\"type\": \"file\", \"fileName\": \"\"}")],
            "line 10, column 41: input.fileName: expected a file name, found an empty string",
        );
        check_error(
            &[("output", "{\"type\": \"socket\"}")],
            "line 11, column 22: output.type: expected stdout or file, not `socket`",
        );
        check_error(
            &[("batch", "{\"id\": \"x\"}")],
            "line 13, column 12: missing field batch.size",
        );
        check_error(
            &[("batch", "{\"id\": 1, \"size\": 1}")],
            "line 13, column 19: batch.id: expected a string, found a number",
        );
        check_error(
            &[("batch", "{\"id\": \"\", \"size\": 1}")],
            "line 13, column 19: batch.id: expected an id of 1 to 256 printable characters",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": 0}")],
            "line 13, column 32: batch.size: 0 is not a batch size (expected 1 to 1000)",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": 7.5}")],
            "line 13, column 32: batch.size: expected an integer, found 7.5",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": -7}")],
            "line 13, column 32: batch.size: -7 is not a batch size (expected 1 to 1000)",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": -1}")],
            "line 13, column 32: batch.size: -1 is not a batch size (expected 1 to 1000)",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": 1001}")],
            "line 13, column 32: batch.size: 1001 is not a batch size (expected 1 to 1000)",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": 123456789012345678901234567890}")],
            "line 13, column 32: batch.size: 123456789012345678901234... is not a batch size (expected 1 to 1000)",
        );
        check_error(
            &[("batch", "{\"id\": \"x\", \"size\": 1e3}")],
            "line 13, column 32: batch.size: expected an integer, found 1e3",
        );
        assert_eq!(
            Problem::from_json(b"[1]", &Options::new(PROFILES)).unwrap_err().to_string(),
            "line 1, column 1: expected an object, found an array"
        );
        assert_eq!(
            Problem::from_json(b"{\"name\": ", &Options::new(PROFILES)).unwrap_err().to_string(),
            "line 1, column 10: expected a value, found end of input"
        );
    }

    #[test]
    fn a_problem_written_as_a_document_reads_back_as_it_is() {
        let problem = read(&[
            ("name", "\"A \\\"quoted\\\" title\\n\\u0001 \\\\ end\""),
            ("interactive", "true"),
            ("testType", "\"multiEOF\""),
            ("input", "{\"type\": \"regex\", \"pattern\": \"a_.*[.]in\"}"),
            ("output", "{\"type\": \"file\", \"fileName\": \"out.txt\"}"),
            ("tests", "[{\"input\": \"1 2\\r\\n\", \"output\": \"\"}, {\"input\": \"\", \"output\": \"3\"}]"),
        ])
        .unwrap();
        let again = Problem::from_json(problem.to_json().as_bytes(), &Options::new(PROFILES));
        assert_eq!(again, Ok(problem.clone()), "{}", problem.to_json());
        let plain = read(&[]).unwrap();
        assert_eq!(
            Problem::from_json(plain.to_json().as_bytes(), &Options::new(PROFILES)),
            Ok(plain)
        );
    }

    #[test]
    fn judges_and_names() {
        check_error(
            &[("url", "\"https://example.org/p/1\"")],
            "line 4, column 10: cannot tell the judge of https://example.org/p/1 (host example.org): give --judge (boj, algospot, atcoder, codeforces, swea, programmers)",
        );
        check_error(
            &[("url", "\"ftp://x.org/\"")],
            "line 4, column 10: url: not an http or https URL",
        );
        check_error(
            &[("url", "\"https://x.org/\\\"\"")],
            "line 4, column 10: url: not a URL: it holds a double quote",
        );
        let document = document(&[("url", "\"https://example.org/p/1\"")]);
        let options = Options { judge: Some("boj"), ..Options::new(PROFILES) };
        let problem = Problem::from_json(document.as_bytes(), &options).unwrap();
        assert_eq!((problem.judge.as_str(), problem.crate_name.as_str()), ("boj", "example-1"));
        // A host whose judge is not a profile here needs --judge too.
        let error = Problem::from_json(self::document(&[]).as_bytes(), &Options::new(&["boj"]))
            .unwrap_err();
        assert!(error.to_string().contains("cannot tell the judge of https://codeforces.com/problemset/problem/4/A (host codeforces.com): give --judge (boj)"), "{error}");
        let options = Options { judge: Some("hackerrank"), ..Options::new(PROFILES) };
        let error = Problem::from_json(self::document(&[]).as_bytes(), &options).unwrap_err();
        assert_eq!(error.to_string(), "unknown judge profile \"hackerrank\" (profiles: boj, algospot, atcoder, codeforces, swea, programmers)");
        let options = Options { name: Some("watermelon"), ..Options::new(PROFILES) };
        assert_eq!(
            Problem::from_json(self::document(&[]).as_bytes(), &options).unwrap().crate_name,
            "watermelon"
        );
        for bad in ["../x", "a/b"] {
            let options = Options { name: Some(bad), ..Options::new(PROFILES) };
            let error = Problem::from_json(self::document(&[]).as_bytes(), &options).unwrap_err();
            assert!(error.to_string().contains("one directory under crates/"), "{error}");
            assert_eq!(error.pos, None);
        }
        check_error(
            &[("url", "\"https://open.kattis.com/problems/test\"")],
            "line 4, column 10: cannot tell the judge of https://open.kattis.com/problems/test (host open.kattis.com): give --judge (boj, algospot, atcoder, codeforces, swea, programmers)",
        );
        let document = self::document(&[("url", "\"https://open.kattis.com/problems/test\"")]);
        let options = Options { judge: Some("boj"), ..Options::new(PROFILES) };
        assert_eq!(
            Problem::from_json(document.as_bytes(), &options).unwrap_err().to_string(),
            "line 4, column 10: url: the crate name this problem gets, test is reserved (a crate of std or of the workspace): give it a name"
        );
    }
}
