//! A problem from its page becomes a crate: [`spec_of`] turns a [`Problem`] (a document read
//! by [`crate::receive`]) into the [`ProblemSpec`] the maker takes, [`make`] makes it with
//! [`crate::new::make_problem`] (every file or none, and a crate that exists left as it is,
//! its samples compared with the page's, added with `--add-samples`), and [`Workspace`] is
//! the receiver's [`Sink`] that does it for each batch `xtask receive` gets. `xtask new
//! --from FILE` uses the same for a saved document (their command lines are in
//! [`crate::cli`]).
//!
//! What the user should see goes to the terminal, since the extension never shows a reply:
//! what was made and the next command on stdout, each refusal as one `error:` line on
//! stderr. A document that cannot become a crate here (its URL gives no usable name, its host
//! no judge, two problems of a contest the same name) is kept under [`KEPT_DIR`], and its
//! error line says the `new.sh --from` command that makes it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use judge_meta::checker::CheckerSpec;
use judge_meta::profiles::PROFILES;

use crate::new::{make_problem, Made, NewError, ProblemSpec};
use crate::receive::naming::{self, Url};
use crate::receive::{GaveUp, Incomplete, Input, Options, Output, Problem, Reply, Sink, TestType};

/// Where documents that could not become crates are kept, from the workspace root (ignored by
/// git).
pub const KEPT_DIR: &str = "target/received";

/// The most documents kept there: a page that posts in a loop cannot fill the disk.
const MAX_KEPT: usize = 200;

/// The judge profiles' keys: what a document's judge may be.
pub(crate) fn profile_keys() -> Vec<&'static str> {
    PROFILES.iter().map(|p| p.key).collect()
}

/// The crate a problem from its page becomes, and what the user should know about it that
/// the crate cannot say (where the page says the input comes from).
pub fn spec_of(problem: &Problem, checker: Option<CheckerSpec>) -> (ProblemSpec, Vec<String>) {
    let spec = ProblemSpec {
        name: problem.crate_name.clone(),
        profile: problem.judge.clone(),
        time_limit_ms: Some(problem.time_limit_ms),
        memory_limit_mb: Some(problem.memory_limit_mb),
        interactive: problem.interactive,
        multi_test: problem.is_multi_test(),
        checker,
        samples: problem.samples.iter().map(|s| (s.input.clone(), s.output.clone())).collect(),
        title: Some(problem.title.clone()),
        url: Some(problem.url.clone()),
    };
    let mut notes = Vec::new();
    if problem.samples.is_empty() && !problem.interactive {
        notes.push(format!(
            "the page has no samples: testdata/{}/sample-1 is the sample problem's; write the \
             statement's in its place",
            problem.crate_name
        ));
    }
    let stdin = "the workspace runs solutions on stdin: read that instead when you submit";
    match &problem.input {
        Input::Stdin => {}
        Input::File(name) => {
            notes.push(format!("the page says the input is the file {}; {stdin}", shown(name)))
        }
        Input::Regex(pattern) => notes.push(format!(
            "the page says the input is a file whose name matches {}; {stdin}",
            shown(pattern)
        )),
    }
    if let Output::File(name) = &problem.output {
        notes.push(format!(
            "the page says the output goes to the file {}; the workspace reads stdout: write that \
             file instead when you submit",
            shown(name)
        ));
    }
    if problem.test_type == TestType::MultiEof && !problem.interactive {
        notes.push(format!(
            "the test cases run to the end of the input, with no count first (testType \
             multiEOF): parse in crates/{}/src/lib.rs reads a count t; read the cases until \
             the end instead",
            problem.crate_name
        ));
    }
    (spec, notes)
}

/// A string from the document for a message: quoted, on one line, cut short if long.
fn shown(text: &str) -> String {
    format!("{:?}", crate::new::comment_text(text))
}

/// One line about a problem: `abc300-a: A - N-choice question (AtCoder Beginner Contest 300;
/// atcoder, 2000 ms, 1024 MB, 2 samples)`.
pub fn describe(problem: &Problem) -> String {
    let contest = problem.contest().map(|c| format!("{}; ", crate::new::comment_text(c)));
    let samples = match problem.samples.len() {
        1 => "1 sample".to_string(),
        n => format!("{n} samples"),
    };
    let kind = match problem.kind() {
        "standard" => String::new(),
        kind => format!(", {kind}"),
    };
    // An AtCoder task served under another contest's id: the id the page has.
    let served = Url::parse(&problem.url)
        .ok()
        .filter(|url| naming::judge_of_host(&url.host) == Some("atcoder"))
        .and_then(|url| {
            let (contest, task) = naming::atcoder_alias(&url.segments())?;
            Some(format!("{contest}'s task, served as {task}; "))
        });
    format!(
        "{}: {} ({}{}{}, {} ms, {} MB, {samples}{kind})",
        problem.crate_name,
        crate::new::comment_text(&problem.title),
        contest.unwrap_or_default(),
        served.unwrap_or_default(),
        problem.judge,
        problem.time_limit_ms,
        problem.memory_limit_mb,
    )
}

/// Makes the crate of `problem` under `root` (or compares its samples with those of the crate
/// that exists, adding the missing ones when `add_samples` asks): the lines to print.
pub fn make(
    root: &Path,
    problem: &Problem,
    checker: Option<CheckerSpec>,
    add_samples: bool,
) -> Result<(Made, String), NewError> {
    let (spec, notes) = spec_of(problem, checker);
    let made = make_problem(root, &spec, add_samples)?;
    let mut text = made.report();
    if matches!(made, Made::Created(_)) {
        for note in notes {
            text.push_str(&format!("note: {note}\n"));
        }
    }
    Ok((made, text))
}

/// The next command for the problems made: the file to write, then the samples' verdicts.
pub fn next_step(made: &[&Problem]) -> Option<String> {
    let first = made.first()?;
    let name = &first.crate_name;
    let files = if first.interactive {
        format!(
            "crates/{name}/src/lib.rs (the solver) and src/interactor.rs (the judge's side, from \
             the statement; the page's records of games are in testdata/{name}/page/)"
        )
    } else {
        format!("crates/{name}/src/lib.rs")
    };
    let others = match made.len() {
        1 => String::new(),
        2 => format!("; then {} alike", made[1].crate_name),
        n => format!("; then {} to {} alike", made[1].crate_name, made[n - 1].crate_name),
    };
    Some(format!(
        "next: write {files}, then scripts/test.sh --quick {name} (the samples' verdicts) and \
         scripts/bundle.sh {name} > Main.rs{others}"
    ))
}

/// The workspace as `receive.sh`'s [`Sink`]: makes the crates of each whole batch under its
/// root, and says so on `out` (progress) and `err` (one `error:` line per refusal).
pub struct Workspace<O, E> {
    root: PathBuf,
    add_samples: bool,
    out: O,
    err: E,
}

impl<O: Write + Send, E: Write + Send> Workspace<O, E> {
    /// Makes crates under `root`, adding missing samples to existing crates if `add_samples`.
    pub fn new(root: &Path, add_samples: bool, out: O, err: E) -> Workspace<O, E> {
        Workspace { root: root.to_path_buf(), add_samples, out, err }
    }

    /// The terminal's two streams (after serving, to see what was said).
    pub fn into_streams(self) -> (O, E) {
        (self.out, self.err)
    }

    fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    fn error(&mut self, line: &str) {
        let _ = writeln!(self.err, "error: {}", one_line(line));
        let _ = self.err.flush();
    }

    /// Keeps `document` under [`KEPT_DIR`] as `stem.json` (or `stem-2.json`, ...): its path
    /// from the root, if it could be written.
    fn keep(&self, stem: &str, document: &[u8]) -> Option<String> {
        let dir = self.root.join(KEPT_DIR);
        fs::create_dir_all(&dir).ok()?;
        if fs::read_dir(&dir).ok()?.count() >= MAX_KEPT {
            return None;
        }
        let name = (1..=MAX_KEPT).map(|k| match k {
            1 => format!("{stem}.json"),
            k => format!("{stem}-{k}.json"),
        });
        for name in name {
            let path = dir.join(&name);
            let created = fs::OpenOptions::new().write(true).create_new(true).open(&path);
            if let Ok(mut file) = created {
                file.write_all(document).ok()?;
                return Some(format!("{KEPT_DIR}/{name}"));
            }
        }
        None
    }

    /// The command that takes the page's limits for the existing crate of `problem`: its
    /// document kept, and `new.sh --from` it with `--take-limits`.
    fn limits_hint(&mut self, problem: &Problem) {
        let name = &problem.crate_name;
        let Some(kept) = self.keep(name, problem.to_json().as_bytes()) else {
            return;
        };
        let judge = &problem.judge;
        self.say(&format!(
            "note: scripts/new.sh {name} --from {kept} --judge {judge} --take-limits takes the \
             page's\n"
        ));
    }

    /// Makes the crates of `problems` (one whole batch, or what came of one): the reply.
    fn make_all(&mut self, problems: &[Problem]) -> Reply {
        let mut made: Vec<&Problem> = Vec::new();
        let (mut existing, mut failed) = (0, 0);
        for (k, problem) in problems.iter().enumerate() {
            let name = &problem.crate_name;
            let same: Vec<&Problem> =
                problems.iter().filter(|other| other.crate_name == *name).collect();
            if same.len() > 1 {
                let kept = self.keep(&format!("{name}-{}", k + 1), problem.to_json().as_bytes());
                let titles: Vec<String> = same
                    .iter()
                    .map(|p| format!("{:?}", crate::new::comment_text(&p.title)))
                    .collect();
                self.error(&format!(
                    "{} problems of this contest would all be crates/{name} ({}): none of them \
                     was made{}",
                    same.len(),
                    titles.join(", "),
                    kept_hint(kept.as_deref(), &problem.judge)
                ));
                failed += 1;
                continue;
            }
            self.say(&format!("{}\n", describe(problem)));
            match make(&self.root, problem, None, self.add_samples) {
                Ok((result, text)) => {
                    self.say(&text);
                    match result {
                        Made::Created(_) => made.push(problem),
                        Made::Existing(report) => {
                            existing += 1;
                            if report.limits_differ.is_some() {
                                self.limits_hint(problem);
                            }
                        }
                    }
                }
                Err(NewError::BadArgument(why) | NewError::Failed(why)) => {
                    let kept = self.keep(name, problem.to_json().as_bytes());
                    self.error(&format!(
                        "{name} was not made: {why}{}",
                        kept_hint(kept.as_deref(), &problem.judge)
                    ));
                    failed += 1;
                }
            }
        }
        let names: Vec<&str> = made.iter().map(|p| p.crate_name.as_str()).collect();
        if problems.len() > 1 {
            self.say(&format!(
                "made {} of the {} problems{}\n",
                made.len(),
                problems.len(),
                if names.is_empty() { String::new() } else { format!(": {}", names.join(", ")) }
            ));
        }
        if let Some(next) = next_step(&made) {
            self.say(&format!("{next}\n"));
        }
        let summary = format!(
            "made {}{}{}",
            if names.is_empty() { "nothing".to_string() } else { names.join(", ") },
            if existing > 0 {
                format!("; {existing} existing left as they were")
            } else {
                String::new()
            },
            if failed > 0 {
                format!("; {failed} failed (see the terminal)")
            } else {
                String::new()
            },
        );
        if failed > 0 {
            Reply::failed(summary)
        } else if existing > 0 {
            Reply::new(409, summary)
        } else {
            Reply::ok(summary)
        }
    }
}

/// The end of an error line about a problem whose document is kept at `kept`: the command
/// that makes it.
fn kept_hint(kept: Option<&str>, judge: &str) -> String {
    match kept {
        Some(path) => format!(
            "; the document is kept: scripts/new.sh NAME --from {path} --judge {judge} makes it"
        ),
        None => String::new(),
    }
}

/// `text` on one line: an error line stays one line whatever a document held.
fn one_line(text: &str) -> String {
    text.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" / ")
}

impl<O: Write + Send, E: Write + Send> Sink for Workspace<O, E> {
    fn problems(&mut self, problems: Vec<Problem>) -> Reply {
        self.make_all(&problems)
    }

    fn incomplete(&mut self, batch: Incomplete<Problem>) {
        let why = match batch.why {
            GaveUp::TimedOut => "its next problem did not come within 2 minutes",
            GaveUp::Evicted => "too many contests were partly received at once",
        };
        let contest = batch
            .items
            .first()
            .and_then(Problem::contest)
            .map_or(String::new(), |c| format!(" ({})", crate::new::comment_text(c)));
        self.error(&format!(
            "a contest{contest} of {} problems stopped at {} of them ({why}): making those; \
             send the others from their own pages",
            batch.size,
            batch.items.len()
        ));
        self.make_all(&batch.items);
    }

    fn waiting(&mut self, problem: &Problem, have: usize, size: usize) {
        self.say(&format!(
            "{}: {have} of the contest's {size} problems; waiting for the rest\n",
            problem.crate_name
        ));
    }

    fn rejected(&mut self, status: u16, reason: &str) {
        self.error(&format!("refused a request ({status}): {reason}"));
    }

    fn refused_document(&mut self, reason: &str, document: &[u8]) {
        // Kept only when a name or a judge would make it: what `new.sh --from` can add.
        let keys = profile_keys();
        let reads = |name: Option<&str>, judge: Option<&str>| {
            Problem::from_json(document, &Options { profiles: &keys, judge, name }).is_ok()
        };
        let command = if reads(None, Some(keys[0])) {
            Some("scripts/new.sh --from {} --judge PROFILE")
        } else if reads(Some("kept"), None) {
            Some("scripts/new.sh NAME --from {}")
        } else if reads(Some("kept"), Some(keys[0])) {
            Some("scripts/new.sh NAME --from {} --judge PROFILE")
        } else {
            None
        };
        let hint = command
            .and_then(|command| Some(command.replace("{}", &self.keep("refused", document)?)))
            .map_or(String::new(), |command| format!("; the document is kept: {command} makes it"));
        self.error(&format!("refused a request (400): {reason}{hint}"));
    }
}

#[cfg(test)]
mod tests {
    use super::{spec_of, Workspace, KEPT_DIR};
    use crate::receive::{
        Batch, GaveUp, Incomplete, Input, Options, Output, Problem, Sink, TestType,
    };
    use crate::test_root::Root;
    use std::fs;
    use std::path::PathBuf;

    const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];

    fn payload(name: &str) -> Vec<u8> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/payloads").join(name);
        fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn problem(name: &str) -> Problem {
        Problem::from_json(&payload(name), &Options::new(PROFILES)).expect("a problem")
    }

    type Terminal = Workspace<Vec<u8>, Vec<u8>>;

    fn said(workspace: Terminal) -> (String, String) {
        let (out, err) = workspace.into_streams();
        (String::from_utf8(out).expect("UTF-8"), String::from_utf8(err).expect("UTF-8"))
    }

    #[test]
    fn a_page_gives_the_limits_the_shape_and_notes_on_its_files() {
        let (spec, notes) = spec_of(&problem("multi-test.json"), None);
        assert_eq!((spec.name.as_str(), spec.profile.as_str()), ("cf-1760-a", "codeforces"));
        assert_eq!((spec.time_limit_ms, spec.memory_limit_mb), (Some(1000), Some(256)));
        assert!(spec.multi_test && !spec.interactive && notes.is_empty());
        assert_eq!(spec.samples[0].1, "5\n4\n2\n2\n12\n10\n6\n3\n8\n");
        assert_eq!(spec.url.as_deref(), Some("https://codeforces.com/contest/1760/problem/A"));
        let mut odd = problem("codeforces.json");
        odd.input = Input::File("input.txt".to_string());
        odd.output = Output::File("output.txt".to_string());
        odd.test_type = TestType::MultiEof;
        let (spec, notes) = spec_of(&odd, None);
        assert!(spec.multi_test);
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert!(notes[0].starts_with("the page says the input is the file \"input.txt\""));
        assert!(notes[1].contains("the output goes to the file \"output.txt\""));
        assert!(notes[2].contains("no count first (testType multiEOF)"));
        odd.input = Input::Regex("a_.*[.]in".to_string());
        assert!(spec_of(&odd, None).1[0].contains("matches \"a_.*[.]in\""));
        let mut bare = problem("boj.json");
        bare.samples.clear();
        let notes = spec_of(&bare, None).1;
        assert!(notes[0].starts_with("the page has no samples: testdata/boj-11559/sample-1 is"));
    }

    #[test]
    fn an_atcoder_task_served_under_another_contests_id_says_so() {
        let mut served = problem("atcoder.json");
        served.url = "https://atcoder.jp/contests/abc086/tasks/arc089_a".to_string();
        served.title = "Traveling".to_string();
        let line = super::describe(&served);
        assert!(line.contains("abc086's task, served as arc089_a; atcoder,"), "{line}");
        assert!(!super::describe(&problem("atcoder.json")).contains("served as"));
    }

    #[test]
    fn a_crate_whose_limits_differ_from_the_pages_gets_the_command_that_takes_them() {
        let root = Root::new("limits");
        let mut workspace = Workspace::new(&root.0, false, Vec::new(), Vec::new());
        let first = problem("codeforces.json");
        workspace.problems(vec![first.clone()]);
        let mut again = first.clone();
        again.time_limit_ms = 2000;
        again.memory_limit_mb = 1024;
        workspace.problems(vec![again]);
        let (out, err) = said(workspace);
        assert_eq!(err, "");
        let lines: Vec<&str> = out.lines().filter(|l| l.contains("limits")).collect();
        assert_eq!(
            lines,
            [
                "limits differ: 1000 ms / 64 MB in crates/cf-4-a/Cargo.toml, 2000 ms / 1024 MB on \
                 the page",
                "note: scripts/new.sh cf-4-a --from target/received/cf-4-a.json --judge \
                 codeforces --take-limits takes the page's",
            ],
            "{out}"
        );
        let kept = fs::read(root.0.join(KEPT_DIR).join("cf-4-a.json")).expect("kept");
        let read = Problem::from_json(&kept, &Options::new(PROFILES)).expect("reads");
        assert_eq!((read.time_limit_ms, read.memory_limit_mb), (2000, 1024));
    }

    #[test]
    fn a_contest_that_stopped_coming_is_made_of_what_came() {
        let root = Root::new("incomplete");
        let mut workspace = Workspace::new(&root.0, false, Vec::new(), Vec::new());
        let items = vec![problem("contest-abc300/abc300-a.json")];
        let batch = Incomplete { id: "x".to_string(), size: 7, items, why: GaveUp::TimedOut };
        workspace.incomplete(batch);
        let (out, err) = said(workspace);
        assert_eq!(
            err,
            "error: a contest (AtCoder Beginner Contest 300) of 7 problems stopped at 1 of them \
             (its next problem did not come within 2 minutes): making those; send the others \
             from their own pages\n"
        );
        assert!(out.contains("created crates/abc300-a/"), "{out}");
        assert!(root.0.join("crates/abc300-a/src/lib.rs").is_file());
    }

    #[test]
    fn a_batch_with_one_name_twice_makes_neither_and_keeps_both() {
        let root = Root::new("twice");
        let mut workspace = Workspace::new(&root.0, false, Vec::new(), Vec::new());
        let mut second = problem("codeforces.json");
        second.title = "A. Watermelon again".to_string();
        second.batch = Batch { id: "b".to_string(), size: 2 };
        let reply = workspace.problems(vec![problem("codeforces.json"), second]);
        assert_eq!(
            (reply.status, reply.text.as_str()),
            (500, "made nothing; 2 failed (see the terminal)")
        );
        let (_, err) = said(workspace);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(
            lines[0].starts_with(
                "error: 2 problems of this contest would all be crates/cf-4-a (\"A. Watermelon\", \
             \"A. Watermelon again\"): none of them was made; the document is kept: \
             scripts/new.sh NAME --from target/received/cf-4-a-1.json --judge codeforces"
            ),
            "{err}"
        );
        assert!(!root.0.join("crates/cf-4-a").exists());
        let kept = fs::read(root.0.join(KEPT_DIR).join("cf-4-a-2.json")).expect("kept");
        let options = Options { name: Some("cf-4-a-2"), ..Options::new(PROFILES) };
        assert_eq!(
            Problem::from_json(&kept, &options).expect("reads").title,
            "A. Watermelon again"
        );
    }

    #[test]
    fn a_refused_document_is_kept_only_when_a_name_or_a_judge_makes_it() {
        let root = Root::new("refused");
        let mut workspace = Workspace::new(&root.0, false, Vec::new(), Vec::new());
        let document = String::from_utf8(payload("codeforces.json")).expect("UTF-8");
        let unknown_host = document.replace("codeforces.com", "example.org");
        let not_a_problem = document.replace("problemset/problem/4/A", "blog/entry/1");
        // Nothing in the URL or the title names it, and no judge has its host.
        let both =
            unknown_host.replace("problemset/problem/4/A", "").replace("A. Watermelon", "큰 퍼즐");
        let missing = document.replace("\"tests\"", "\"tasks\"");
        for document in [&unknown_host, &not_a_problem, &both, &missing, &"[1]".to_string()] {
            workspace.refused_document("why", document.as_bytes());
        }
        let (_, err) = said(workspace);
        let lines: Vec<&str> = err.lines().collect();
        let kept = "error: refused a request (400): why; the document is kept: scripts/new.sh";
        assert_eq!(
            lines,
            [
                format!("{kept} --from target/received/refused.json --judge PROFILE makes it"),
                format!("{kept} NAME --from target/received/refused-2.json makes it"),
                format!(
                    "{kept} NAME --from target/received/refused-3.json --judge PROFILE makes it"
                ),
                "error: refused a request (400): why".to_string(),
                "error: refused a request (400): why".to_string(),
            ]
        );
        assert_eq!(fs::read_dir(root.0.join(KEPT_DIR)).expect("kept").count(), 3);
    }
}
