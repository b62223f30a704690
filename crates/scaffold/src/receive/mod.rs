//! Problems from the page (`WORKSPACE.md`, "Problems from the page"): the documents the
//! Competitive Companion browser extension sends, one per problem, read into [`Problem`]s,
//! and the listener on 127.0.0.1 that receives them.
//!
//! The parts, each usable alone:
//! - [`json`]: the JSON reader (judge-meta's); errors name the line, the column and the
//!   field's path.
//! - [`payload`]: a document as a [`Problem`] (crate name, judge profile, limits, kind,
//!   samples, batch), every field checked.
//! - [`naming`]: judges and crate names from URLs (each checked by `crate::names`).
//! - [`http`]: reading one request with bounds, writing one response.
//! - [`listener`]: the [`Server`] (127.0.0.1 only, concurrent reads under a deadline each,
//!   503 at once past a cap, refusals reported once per kind a minute, serialized handler).
//! - [`batch`]: [`Batches`], a contest's problems gathered until the last one is in.
//! - [`client`]: posting as the extension does (the tests' client over loopback), and a
//!   crowd of idle and slow connections (the listener's test and benchmark).
//!
//! [`Receiver`] puts them together for `scripts/receive.sh`: it reads each POSTed document,
//! answers 400 with the reason if it is wrong, gathers contests, and hands every whole batch
//! to a [`Sink`] that makes the crates:
//!
//! ```no_run
//! use scaffold::receive::{Incomplete, Options, Problem, Receiver, Reply, Server, Sink, DEFAULT_PORT};
//!
//! struct Workspace;
//! impl Sink for Workspace {
//!     fn problems(&mut self, problems: Vec<Problem>) -> Reply {
//!         for problem in &problems {
//!             println!("{}: {} ({}, {} samples)", problem.crate_name, problem.title, problem.judge, problem.samples.len());
//!         }
//!         Reply::ok(format!("made {} crates", problems.len()))
//!     }
//!     fn incomplete(&mut self, batch: Incomplete<Problem>) {
//!         eprintln!("{} of {} problems of a contest came", batch.items.len(), batch.size);
//!     }
//!     fn rejected(&mut self, status: u16, reason: &str) {
//!         eprintln!("refused ({status}): {reason}");
//!     }
//! }
//!
//! let profiles = ["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];
//! let server = Server::bind(DEFAULT_PORT).expect("the port is free");
//! server.serve(Receiver::new(Options::new(&profiles), Workspace));
//! ```

pub mod batch;
pub mod client;
pub mod http;
/// The workspace's one JSON reader (judge-meta's), which documents are read with.
pub use judge_meta::json;
pub mod listener;
pub mod naming;
pub mod payload;

pub use batch::{Added, Batches, GaveUp, Incomplete};
pub use http::{Limits, Refusal, Reply, Request};
pub use listener::{Config, Handler, Server, StopHandle, DEFAULT_PORT};
pub use payload::{Batch, Input, Options, Output, Problem, Sample, TestType};

use std::time::Instant;

/// What becomes of received problems: the workspace's side of `receive.sh`.
pub trait Sink: Send {
    /// A whole batch: a problem alone, or every problem of a contest in arrival order. Make
    /// the crates; the reply is the response (`Reply::ok`, `Reply::failed`, or e.g. a 409 for
    /// crates that exist and were left as they are). The extension gives up waiting after
    /// 500 ms and never reads it: what the user should see goes to the terminal too.
    fn problems(&mut self, problems: Vec<Problem>) -> Reply;

    /// A contest given up on (its next problem did not come in time, or too many contests
    /// were partial), with the problems that did come.
    fn incomplete(&mut self, batch: Incomplete<Problem>);

    /// A problem of a contest whose others have not all come (`have` of `size` so far; the
    /// problems come whole through [`Sink::problems`] once the last is in).
    fn waiting(&mut self, problem: &Problem, have: usize, size: usize) {
        let _ = (problem, have, size);
    }

    /// A request or document refused, with the status it was answered with and why (for the
    /// log: the extension does not show responses).
    fn rejected(&mut self, status: u16, reason: &str) {
        let _ = (status, reason);
    }

    /// A document that is not a problem (answered 400), with its bytes: a sink may keep it,
    /// for a fix the listener cannot make (a name for a problem whose URL gives none). By
    /// default, [`Sink::rejected`].
    fn refused_document(&mut self, reason: &str, document: &[u8]) {
        let _ = document;
        self.rejected(400, reason);
    }
}

/// The [`Handler`] of `receive.sh`: documents in, whole batches of [`Problem`]s out to a
/// [`Sink`].
#[derive(Debug)]
pub struct Receiver<'a, S> {
    options: Options<'a>,
    batches: Batches<Problem>,
    sink: S,
}

impl<'a, S: Sink> Receiver<'a, S> {
    /// Reads documents with `options` (profiles, a `--judge`), gathering contests in
    /// [`Batches::default`].
    pub fn new(options: Options<'a>, sink: S) -> Receiver<'a, S> {
        Receiver { options, batches: Batches::default(), sink }
    }

    /// The same with other bounds on partial contests.
    pub fn with_batches(
        options: Options<'a>,
        batches: Batches<Problem>,
        sink: S,
    ) -> Receiver<'a, S> {
        Receiver { options, batches, sink }
    }

    /// The sink (after serving, to see what it did).
    pub fn into_sink(self) -> S {
        self.sink
    }
}

impl<S: Sink> Handler for Receiver<'_, S> {
    fn request(&mut self, request: &Request) -> Reply {
        let problem = match Problem::from_json(&request.body, &self.options) {
            Ok(problem) => problem,
            Err(error) => {
                let reason = format!("the document is not a problem: {error}");
                self.sink.refused_document(&reason, &request.body);
                return Reply::bad_request(reason);
            }
        };
        let Batch { id, size } = problem.batch.clone();
        // What the terminal says of a problem that waits for its contest (documents are
        // kilobytes: a copy costs nothing).
        let arrived = (size > 1).then(|| problem.clone());
        let added = match self.batches.add(&id, size, problem, Instant::now()) {
            Ok(added) => added,
            Err(why) => {
                let reason = format!("batch.size: {why}");
                self.sink.rejected(400, &reason);
                return Reply::bad_request(reason);
            }
        };
        if let Some(evicted) = added.evicted {
            self.sink.incomplete(without_repeats_in(evicted));
        }
        match added.complete {
            Some(problems) => self.sink.problems(without_repeats(problems)),
            None => {
                if let Some(problem) = &arrived {
                    self.sink.waiting(problem, added.have, added.size);
                }
                Reply::accepted(format!(
                    "{} of the contest's {} problems received; waiting for the rest",
                    added.have, added.size
                ))
            }
        }
    }

    fn tick(&mut self, now: Instant) {
        for batch in self.batches.expire(now) {
            self.sink.incomplete(without_repeats_in(batch));
        }
    }

    fn refused(&mut self, refusal: &Refusal) {
        self.sink.rejected(refusal.status, &refusal.reason);
    }
}

/// A contest's problems, each identical repeat left out: a contest page that lists a problem
/// twice sends its document twice (counted in the batch's size), and it is made once. Two
/// different problems stay, even with one crate name: the sink says why it cannot make them.
fn without_repeats(problems: Vec<Problem>) -> Vec<Problem> {
    let mut kept: Vec<Problem> = Vec::with_capacity(problems.len());
    for problem in problems {
        if !kept.contains(&problem) {
            kept.push(problem);
        }
    }
    kept
}

/// [`without_repeats`] of what came of a contest given up on.
fn without_repeats_in(batch: Incomplete<Problem>) -> Incomplete<Problem> {
    Incomplete { items: without_repeats(batch.items), ..batch }
}
