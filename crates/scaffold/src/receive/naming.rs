//! A problem's judge and crate name, from the URL of its page, as contestants name problems:
//! `https://atcoder.jp/contests/abc300/tasks/abc300_a` is `abc300-a` on `atcoder`,
//! `https://codeforces.com/contest/1167/problem/B` is `cf-1167-b` on `codeforces`,
//! `https://www.acmicpc.net/problem/11559` is `boj-11559` on `boj`.
//!
//! Every name this module makes or accepts passes [`check_crate_name`]: a valid Cargo package
//! name that is also one plain directory under `crates/` and a module name a bundle can use.
//! A URL whose name would not pass is an error, never quietly turned into another name.

use crate::names::{check_crate_name, MAX_NAME_LEN};

/// The longest URL accepted (browsers' addresses of problem pages are far shorter).
pub const MAX_URL_LEN: usize = 2048;

/// The parts of an `http` or `https` URL that name a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url<'a> {
    /// The URL as given.
    pub text: &'a str,
    /// The host, lowercased, without a port or a final dot (`atcoder.jp`).
    pub host: String,
    /// The path, from its `/` (`/contests/abc300/tasks/abc300_a`), possibly empty.
    pub path: &'a str,
    /// The query without its `?`, possibly empty.
    pub query: &'a str,
}

impl<'a> Url<'a> {
    /// Reads `text` as an `http` or `https` URL with a host name.
    ///
    /// # Errors
    /// Why it is not one (a sentence that never quotes the URL's characters, which may be
    /// anything).
    pub fn parse(text: &'a str) -> Result<Url<'a>, String> {
        if text.len() > MAX_URL_LEN {
            return Err(format!("the URL is longer than {MAX_URL_LEN} characters"));
        }
        if let Some(c) = text.chars().find(|&c| !is_url_char(c)) {
            let what = match c {
                ' ' => "a space".to_string(),
                '"' => "a double quote".to_string(),
                '\\' => "a backslash".to_string(),
                c if c.is_ascii_control() => "a control character".to_string(),
                c if !c.is_ascii() => "a character that is not ASCII".to_string(),
                c => format!("the character {c}"),
            };
            return Err(format!("not a URL: it holds {what}"));
        }
        let (scheme, rest) = text.split_once("://").ok_or("not an http or https URL")?;
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return Err("not an http or https URL".to_string());
        }
        let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, after) = rest.split_at(authority_end);
        if authority.contains('@') {
            return Err("a URL with a user name is not a problem's page".to_string());
        }
        let host = host_of(authority)?;
        let after = after.split('#').next().unwrap_or("");
        let (path, query) = after.split_once('?').unwrap_or((after, ""));
        Ok(Url { text, host, path, query })
    }

    /// The path's non-empty segments.
    pub fn segments(&self) -> Vec<&'a str> {
        self.path.split('/').filter(|s| !s.is_empty()).collect()
    }

    /// The URL for a message, cut short if long (it holds only URL characters, checked).
    pub fn shown(&self) -> String {
        const MAX: usize = 120;
        if self.text.len() <= MAX {
            self.text.to_string()
        } else {
            format!("{}...", &self.text[..MAX])
        }
    }
}

/// The characters RFC 3986 allows in a URL (percent-escapes are made of them).
fn is_url_char(c: char) -> bool {
    c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}')
}

/// The host of an authority (`host`, `host:port`), lowercased, without a final dot.
fn host_of(authority: &str) -> Result<String, String> {
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, _)) if !host.ends_with(']') && host.contains(':') => (authority, ""),
        Some((host, port)) => (host, port),
        None => (authority, ""),
    };
    if !port.bytes().all(|b| b.is_ascii_digit()) || port.len() > 5 {
        return Err("the URL's port is not a number".to_string());
    }
    let host = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
    if host.is_empty() {
        return Err("the URL has no host".to_string());
    }
    let name = host.split('.').all(|label| {
        !label.is_empty() && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    });
    let ipv6 = host.starts_with('[') && host.ends_with(']');
    if !name && !ipv6 {
        return Err("the URL's host is not a host name".to_string());
    }
    Ok(host)
}

/// A judge site: its domain (subdomains included) and the judge profile it submits to.
struct Site {
    domain: &'static str,
    judge: &'static str,
}

/// The sites whose judge the workspace knows. Codeforces serves the same pages from mirrors
/// (`m1.codeforces.com`, `codeforces.ml`, `codeforc.es`, `codeforces.net`), as Competitive
/// Companion's parser lists them.
const SITES: &[Site] = &[
    Site { domain: "atcoder.jp", judge: "atcoder" },
    Site { domain: "codeforces.com", judge: "codeforces" },
    Site { domain: "codeforces.ml", judge: "codeforces" },
    Site { domain: "codeforc.es", judge: "codeforces" },
    Site { domain: "codeforces.net", judge: "codeforces" },
    Site { domain: "acmicpc.net", judge: "boj" },
    Site { domain: "algospot.com", judge: "algospot" },
    Site { domain: "programmers.co.kr", judge: "programmers" },
    Site { domain: "swexpertacademy.com", judge: "swea" },
];

fn site_of(host: &str) -> Option<&'static Site> {
    SITES.iter().find(|site| {
        host == site.domain || host.strip_suffix(site.domain).is_some_and(|sub| sub.ends_with('.'))
    })
}

/// The judge profile key of a problem page's host (`atcoder.jp` and its subdomains are
/// `atcoder`), if the workspace knows the site.
///
/// # Examples
/// ```
/// use scaffold::receive::naming::judge_of_host;
/// assert_eq!(judge_of_host("m1.codeforces.com"), Some("codeforces"));
/// assert_eq!(judge_of_host("www.acmicpc.net"), Some("boj"));
/// assert_eq!(judge_of_host("notcodeforces.com"), None);
/// ```
pub fn judge_of_host(host: &str) -> Option<&'static str> {
    site_of(host).map(|site| site.judge)
}

/// The crate name for the problem at `url` whose statement title is `title`.
///
/// Known judges name problems by their ids (AtCoder `abc300-a`, Codeforces `cf-1167-b`,
/// `cf-gym-102000-a`, BOJ `boj-11559`, Algospot `boardcover`, Programmers `programmers-84021`,
/// SWEA `swea-1204`). Other sites: the last path segment that names something (not
/// `problem`, `view`, `index.php`...), else an id in the query (`?id=1000`), else the title,
/// as a slug; prefixed with the site's name when it starts with a digit (`cses-1068`).
///
/// # Errors
/// A known site's page that is not a problem's (with the path it expects), or why no usable
/// name comes out (the name it would be is reserved, a keyword, too long...).
pub fn crate_name(url: &Url<'_>, title: &str) -> Result<String, String> {
    let segments = url.segments();
    let known = match site_of(&url.host).map(|site| site.judge) {
        Some("atcoder") => {
            let name = atcoder_name(&segments, title).transpose()?;
            Some((name, "/contests/CONTEST/tasks/TASK"))
        }
        Some("codeforces") => Some((
            codeforces_name(&segments),
            "/contest/N/problem/X, /problemset/problem/N/X, /gym/N/problem/X or the like",
        )),
        Some("boj") => Some((boj_name(&segments), "/problem/N")),
        Some("algospot") => Some((algospot_name(&segments), "/judge/problem/read/ID")),
        Some("programmers") => Some((programmers_name(&segments), "/learn/courses/N/lessons/N")),
        Some("swea") => Some((
            swea_name(title, url.query),
            "a title that starts with the problem's number, or ?contestProbId=ID",
        )),
        _ => None,
    };
    // A known site's page that is not a problem's is an error: a name made from it some
    // other way would surprise.
    let name = match known {
        Some((Some(name), _)) => name,
        Some((None, shape)) => {
            return Err(format!("not a problem's page on {} (expected {shape})", url.host));
        }
        None => other_site_name(url, &segments, title)?,
    };
    check_crate_name(&name)
        .map_err(|why| format!("the crate name this problem gets, {why}: give it a name"))?;
    Ok(name)
}

/// Lowercase ASCII letters and digits; every other run of characters becomes one hyphen,
/// none at either end (`abc300_a` -> `abc300-a`, `A. Watermelon` -> `a-watermelon`).
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && !out.is_empty() {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            gap = false;
        } else {
            gap = true;
        }
    }
    out
}

/// `slug`, with `prefix-` before it if it starts with a digit (a package name cannot).
fn with_prefix(prefix: &str, slug: String) -> String {
    if slug.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{prefix}-{slug}")
    } else {
        slug
    }
}

fn is_digits(s: &str, max_len: usize) -> bool {
    !s.is_empty() && s.len() <= max_len && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_id(s: &str, max_len: usize) -> bool {
    !s.is_empty() && s.len() <= max_len && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `/contests/<contest>/tasks/<task>` (and the old `<contest>.contest.atcoder.jp/tasks/<task>`):
/// the task id, which already holds the contest (`abc300_a`, `typical90_a`). A task served
/// under another contest's id (`/contests/abc086/tasks/arc089_a`, ABC086's C) is named from
/// the contest and the letter its title starts with (`C - Traveling`: `abc086-c`); with no
/// letter in the title, from the task id ([`atcoder_alias`] lets the summary say so). A task
/// id too long for a crate name is an error saying so.
fn atcoder_name(segments: &[&str], title: &str) -> Option<Result<String, String>> {
    let task = segments.iter().position(|s| *s == "tasks").and_then(|i| segments.get(i + 1))?;
    if !is_id(task, usize::MAX) {
        return None;
    }
    if let Some((contest, _)) = atcoder_alias(segments) {
        if let Some(letter) = task_letter(title) {
            return Some(Ok(format!("{}-{letter}", slug(contest))));
        }
    }
    if task.len() > MAX_NAME_LEN {
        return Some(Err(format!(
            "the task in the URL is {} characters long, over the {MAX_NAME_LEN} a crate name may \
             have: give it a name",
            task.len()
        )));
    }
    Some(Ok(with_prefix("atcoder", slug(task))))
}

/// An AtCoder task served under another contest's id: (the contest, the task id) of
/// `/contests/abc086/tasks/arc089_a`; `None` when the task id starts with its contest's.
pub fn atcoder_alias<'a>(segments: &[&'a str]) -> Option<(&'a str, &'a str)> {
    let at = segments.iter().position(|s| *s == "tasks")?;
    let (contest, task) = (*segments.get(at.checked_sub(1)?)?, *segments.get(at + 1)?);
    let ours = at >= 2 && segments[at - 2] == "contests";
    let (prefix, _) = task.rsplit_once('_')?;
    (ours && is_id(contest, MAX_NAME_LEN) && slug(prefix) != slug(contest))
        .then_some((contest, task))
}

/// The letter an AtCoder task's title starts with (`C - Traveling`: `c`; `Ex - ...`: `ex`).
fn task_letter(title: &str) -> Option<String> {
    let (letter, _) = title.split_once(" - ")?;
    let letter = letter.trim();
    let plain = (1..=3).contains(&letter.len())
        && letter.starts_with(|c: char| c.is_ascii_alphabetic())
        && letter.bytes().all(|b| b.is_ascii_alphanumeric());
    plain.then(|| letter.to_ascii_lowercase())
}

/// Every problem page shape Competitive Companion's Codeforces parser reads.
fn codeforces_name(segments: &[&str]) -> Option<String> {
    let (kind, contest, problem) = match *segments {
        ["contest", contest, "problem", problem, ..]
        | ["problemset", "problem", contest, problem, ..] => ("", contest, problem),
        ["gym", contest, "problem", problem, ..]
        | ["problemset", "gymProblem", contest, problem, ..] => ("gym-", contest, problem),
        ["group", _, "contest", contest, "problem", problem, ..] => ("group-", contest, problem),
        ["edu", "course", .., "contest", contest, "problem", problem] => ("edu-", contest, problem),
        ["problemsets", "acmsguru", "problem", _, problem, ..] if is_id(problem, 8) => {
            return Some(format!("cf-acmsguru-{}", slug(problem)));
        }
        _ => return None,
    };
    let problem_ok = is_id(problem, 8) && !problem.contains('_');
    (is_digits(contest, 9) && problem_ok).then(|| format!("cf-{kind}{contest}-{}", slug(problem)))
}

/// `/problem/<n>`, and a contest's copy `/contest/problem/<contest>/<index>`.
fn boj_name(segments: &[&str]) -> Option<String> {
    match *segments {
        ["problem", number, ..] if is_digits(number, 9) => Some(format!("boj-{number}")),
        ["contest", "problem", contest, index, ..]
            if is_digits(contest, 9) && is_digits(index, 4) =>
        {
            Some(format!("boj-contest-{contest}-{index}"))
        }
        _ => None,
    }
}

/// `/judge/problem/read/<ID>`: the id, lowercased (`BOARDCOVER` -> `boardcover`).
fn algospot_name(segments: &[&str]) -> Option<String> {
    match *segments {
        ["judge", "problem", "read", id, ..] if is_id(id, usize::MAX) => {
            Some(with_prefix("algospot", slug(id)))
        }
        _ => None,
    }
}

/// `/learn/courses/<course>/lessons/<n>`.
fn programmers_name(segments: &[&str]) -> Option<String> {
    let i = segments.iter().position(|s| *s == "lessons")?;
    let number = segments.get(i + 1).filter(|n| is_digits(n, 9))?;
    Some(format!("programmers-{number}"))
}

/// SWEA's URLs hold an opaque id; its titles start with the problem's number (`1204. ...`).
fn swea_name(title: &str, query: &str) -> Option<String> {
    let number: String = title.trim_start().chars().take_while(char::is_ascii_digit).collect();
    if !number.is_empty() && number.len() <= 9 {
        return Some(format!("swea-{number}"));
    }
    query_id(query).map(|id| format!("swea-{id}"))
}

/// Path segments that say what a page is rather than which problem.
const GENERIC_SEGMENTS: &[&str] = &[
    "problem",
    "problems",
    "task",
    "tasks",
    "challenge",
    "challenges",
    "contest",
    "contests",
    "problemset",
    "view",
    "show",
    "showproblem",
    "statement",
    "statements",
    "description",
    "detail",
    "details",
    "index",
    "main",
    "home",
    "submit",
    "practice",
    "learn",
    "p",
    "en",
    "ru",
    "ja",
    "ko",
    "zh",
];

/// Query keys that carry a problem's id (`showproblem.php?pid=1000`, `problem?id=1000`).
const ID_QUERY_KEYS: &[&str] =
    &["id", "pid", "problem", "problemid", "problem_id", "probid", "contestprobid", "task"];

/// The longest slug taken from a title (a title is a sentence, a name should not be).
const MAX_TITLE_SLUG: usize = 40;

fn other_site_name(url: &Url<'_>, segments: &[&str], title: &str) -> Result<String, String> {
    let from_path = segments.iter().rev().filter_map(|s| segment_slug(s)).next();
    let name = from_path
        .or_else(|| query_id(url.query))
        .or_else(|| title_slug(title))
        .ok_or("neither the URL nor the title has a name for the crate: give it a name")?;
    Ok(with_prefix(&site_label(&url.host), name))
}

/// The slug of a path segment that names something: plain characters only (a segment with
/// percent-escapes is not a name), a file extension dropped, not a generic word.
fn segment_slug(segment: &str) -> Option<String> {
    let plain =
        segment.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if !plain {
        return None;
    }
    let stem = match segment.rsplit_once('.') {
        Some((stem, ext))
            if !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphabetic()) =>
        {
            stem
        }
        _ => segment,
    };
    let slug = slug(stem);
    (!slug.is_empty() && !GENERIC_SEGMENTS.contains(&slug.as_str())).then_some(slug)
}

fn query_id(query: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        let plain = value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
        let slug = slug(value);
        (ID_QUERY_KEYS.contains(&key.to_ascii_lowercase().as_str()) && plain && !slug.is_empty())
            .then_some(slug)
    })
}

/// The title's slug, cut at a hyphen to at most [`MAX_TITLE_SLUG`] characters.
fn title_slug(title: &str) -> Option<String> {
    let mut slug = slug(title);
    if slug.len() > MAX_TITLE_SLUG {
        let cut = slug[..=MAX_TITLE_SLUG].rfind('-').unwrap_or(MAX_TITLE_SLUG);
        slug.truncate(cut);
    }
    (!slug.is_empty()).then_some(slug)
}

/// A short name of a site for a prefix: its registered name (`cses.fi` -> `cses`,
/// `open.kattis.com` -> `kattis`, `acm.hdu.edu.cn` -> `hdu`); `site` for an address.
fn site_label(host: &str) -> String {
    let mut labels: Vec<&str> = host.split('.').collect();
    let address = host.starts_with('[') || labels.iter().all(|l| is_digits(l, 3));
    if address {
        return "site".to_string();
    }
    if labels.len() > 1 {
        labels.pop();
    }
    while labels.len() > 1
        && matches!(
            *labels.last().unwrap_or(&""),
            "co" | "com" | "ac" | "edu" | "org" | "net" | "gov" | "or" | "go" | "ne"
        )
    {
        labels.pop();
    }
    let label = slug(labels.last().copied().unwrap_or(""));
    if label.is_empty() || label.starts_with(|c: char| c.is_ascii_digit()) {
        "site".to_string()
    } else {
        label
    }
}

#[cfg(test)]
mod tests {
    use super::{crate_name, judge_of_host, slug, Url};

    #[track_caller]
    fn name(url: &str, title: &str) -> Result<String, String> {
        let url = Url::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        crate_name(&url, title)
    }

    #[track_caller]
    fn check(url: &str, expected_judge: Option<&str>, expected_name: &str) {
        let parsed = Url::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(judge_of_host(&parsed.host), expected_judge, "{url}");
        assert_eq!(name(url, "A Title").as_deref(), Ok(expected_name), "{url}");
    }

    #[test]
    fn atcoder_problems_are_named_by_task_id() {
        check("https://atcoder.jp/contests/abc300/tasks/abc300_a", Some("atcoder"), "abc300-a");
        check(
            "https://atcoder.jp/contests/arc150/tasks/arc150_b?lang=ja",
            Some("atcoder"),
            "arc150-b",
        );
        check("https://atcoder.jp/contests/agc001/tasks/agc001_a", Some("atcoder"), "agc001-a");
        check(
            "https://atcoder.jp/contests/typical90/tasks/typical90_a",
            Some("atcoder"),
            "typical90-a",
        );
        check("https://atcoder.jp/contests/APG4b/tasks/APG4b_a", Some("atcoder"), "apg4b-a");
        check("https://atcoder.jp/contests/abc001/tasks/abc001_1#top", Some("atcoder"), "abc001-1");
        check(
            "https://atcoder.jp/contests/tessoku-book/tasks/tessoku_book_a",
            Some("atcoder"),
            "tessoku-book-a",
        );
        check("https://abc001.contest.atcoder.jp/tasks/abc001_1", Some("atcoder"), "abc001-1");
        check("https://atcoder.jp/contests/x/tasks/2020_a", Some("atcoder"), "atcoder-2020-a");
        // A task served under another contest's id: the contest and the title's letter.
        let served = "https://atcoder.jp/contests/abc086/tasks/arc089_a";
        assert_eq!(name(served, "C - Traveling").as_deref(), Ok("abc086-c"));
        assert_eq!(name(served, "Traveling").as_deref(), Ok("arc089-a"));
        let segments = Url::parse(served).unwrap().segments();
        assert_eq!(super::atcoder_alias(&segments), Some(("abc086", "arc089_a")));
        let own = Url::parse("https://atcoder.jp/contests/abc300/tasks/abc300_a").unwrap();
        assert_eq!(super::atcoder_alias(&own.segments()), None);
        assert_eq!(
            name("https://atcoder.jp/contests/abc999/tasks/arc200_a", "Ex - Sum").as_deref(),
            Ok("abc999-ex")
        );
        // A task id too long for a crate name says so, not "not a problem's page".
        let long = format!("https://atcoder.jp/contests/abc300/tasks/abc300_{}", "a".repeat(70));
        let algospot = format!("https://algospot.com/judge/problem/read/{}", "A".repeat(65));
        assert!(name(&algospot, "")
            .unwrap_err()
            .contains("longer than 64 characters: give it a name"));
        assert_eq!(
            name(&long, "A - Long").unwrap_err(),
            "the task in the URL is 77 characters long, over the 64 a crate name may have: give \
             it a name"
        );
    }

    #[test]
    fn codeforces_problems_are_named_by_contest_and_index() {
        check("https://codeforces.com/contest/1167/problem/B", Some("codeforces"), "cf-1167-b");
        check("https://codeforces.com/problemset/problem/1167/B", Some("codeforces"), "cf-1167-b");
        check("https://codeforces.com/contest/1725/problem/B1", Some("codeforces"), "cf-1725-b1");
        check("https://codeforces.com/gym/102000/problem/A", Some("codeforces"), "cf-gym-102000-a");
        check(
            "https://codeforces.com/problemset/gymProblem/102000/A",
            Some("codeforces"),
            "cf-gym-102000-a",
        );
        check(
            "https://codeforces.com/group/MWSDmqGsZm/contest/219158/problem/C",
            Some("codeforces"),
            "cf-group-219158-c",
        );
        check(
            "https://codeforces.com/edu/course/2/lesson/4/1/practice/contest/273169/problem/A",
            Some("codeforces"),
            "cf-edu-273169-a",
        );
        check(
            "https://codeforces.com/problemsets/acmsguru/problem/99999/100",
            Some("codeforces"),
            "cf-acmsguru-100",
        );
        check("https://m1.codeforces.com/contest/1167/problem/B", Some("codeforces"), "cf-1167-b");
        check("http://codeforces.ml/contest/4/problem/A", Some("codeforces"), "cf-4-a");
        check("https://codeforc.es/contest/4/problem/A?locale=ru", Some("codeforces"), "cf-4-a");
        check("https://codeforces.net/contest/4/problem/A", Some("codeforces"), "cf-4-a");
        check("https://CodeForces.com./contest/4/problem/A/", Some("codeforces"), "cf-4-a");
    }

    #[test]
    fn the_other_known_judges() {
        check("https://www.acmicpc.net/problem/11559", Some("boj"), "boj-11559");
        check("https://acmicpc.net/problem/1000", Some("boj"), "boj-1000");
        check("https://www.acmicpc.net/contest/problem/1040/3", Some("boj"), "boj-contest-1040-3");
        check("https://algospot.com/judge/problem/read/BOARDCOVER", Some("algospot"), "boardcover");
        check("https://www.algospot.com/judge/problem/read/PI", Some("algospot"), "pi");
        check(
            "https://school.programmers.co.kr/learn/courses/30/lessons/84021",
            Some("programmers"),
            "programmers-84021",
        );
        let swea = Url::parse(
            "https://swexpertacademy.com/main/code/problem/problemDetail.do?contestProbId=AV13zo1KAAACFAYh",
        )
        .unwrap();
        assert_eq!(judge_of_host(&swea.host), Some("swea"));
        assert_eq!(crate_name(&swea, "1204. [S/W] 최빈수 구하기").as_deref(), Ok("swea-1204"));
        assert_eq!(crate_name(&swea, "큰 퍼즐").as_deref(), Ok("swea-av13zo1kaaacfayh"));
    }

    #[test]
    fn other_sites_are_named_by_their_ids() {
        check("https://cses.fi/problemset/task/1068", None, "cses-1068");
        check("https://open.kattis.com/problems/hello", None, "hello");
        check("https://leetcode.com/problems/two-sum/description/", None, "two-sum");
        check(
            "https://www.hackerrank.com/challenges/solve-me-first/problem",
            None,
            "solve-me-first",
        );
        check("http://poj.org/problem?id=1000", None, "poj-1000");
        check("http://acm.hdu.edu.cn/showproblem.php?pid=1000", None, "hdu-1000");
        check("https://judge.yosupo.jp/problem/aplusb", None, "aplusb");
        check("https://www.luogu.com.cn/problem/P1001", None, "p1001");
        check("https://onlinejudge.u-aizu.ac.jp/problems/ALDS1_1_A", None, "alds1-1-a");
        check("https://example.org/p/1", None, "example-1");
        check("http://127.0.0.1:8080/7", None, "site-7");
        // Nothing in the URL: the title.
        assert_eq!(name("https://example.org/", "A. Watermelon").as_deref(), Ok("a-watermelon"));
        assert_eq!(
            name("https://example.org/", "The Quick Brown Fox Jumps Over The Lazy Dog Again")
                .as_deref(),
            Ok("the-quick-brown-fox-jumps-over-the-lazy")
        );
        assert!(name("https://example.org/", "큰 퍼즐").unwrap_err().contains("give it a name"));
        // Percent-escapes and dot segments never become names.
        assert_eq!(name("https://example.org/q/%2e%2e", "t").as_deref(), Ok("q"));
        assert_eq!(name("https://example.org/ok/..", "t").as_deref(), Ok("ok"));
    }

    #[test]
    fn a_known_sites_other_pages_are_errors() {
        let error = name("https://atcoder.jp/contests/abc300/tasks/..%2Fx", "").unwrap_err();
        assert_eq!(
            error,
            "not a problem's page on atcoder.jp (expected /contests/CONTEST/tasks/TASK)"
        );
        assert!(name("https://atcoder.jp/contests/abc300", "").is_err());
        assert!(name("https://codeforces.com/contest/1167/problem/%2e%2e", "").is_err());
        assert!(name("https://codeforces.com/blog/entry/1", "")
            .unwrap_err()
            .contains("/gym/N/problem/X"));
        assert!(name("https://www.acmicpc.net/problem/abc", "")
            .unwrap_err()
            .contains("/problem/N"));
        assert!(name("https://algospot.com/judge/problem/read/", "").is_err());
        assert!(name("https://programmers.co.kr/learn/courses/30", "").is_err());
        assert!(
            name("https://swexpertacademy.com/main/code/problem/problemDetail.do", "t").is_err()
        );
    }

    #[test]
    fn unusable_names_are_errors() {
        let error = name("https://open.kattis.com/problems/test", "Test").unwrap_err();
        assert_eq!(
            error,
            "the crate name this problem gets, test is reserved (a crate of std or of the workspace): give it a name"
        );
        assert!(name("https://open.kattis.com/problems/match", "")
            .unwrap_err()
            .contains("keyword"));
        assert!(name("https://open.kattis.com/problems/con", "").unwrap_err().contains("Windows"));
        // A name cargo refuses is refused with the reason, never changed into another.
        assert_eq!(
            name("https://open.kattis.com/problems/incremental", "").unwrap_err(),
            "the crate name this problem gets, incremental cannot name a binary: cargo refuses \
             it, it is one of its build directories (build, deps, examples, incremental), and a \
             problem's binary takes its crate's name: give it a name"
        );
        let long = format!("https://example.org/{}", "a".repeat(70));
        assert!(name(&long, "").unwrap_err().contains("longer than 64"));
    }

    #[test]
    fn urls() {
        let url = Url::parse("HTTPS://Www.AcmIcpc.NET:443/problem/1000?x=1#y").unwrap();
        assert_eq!(url.host, "www.acmicpc.net");
        assert_eq!(url.path, "/problem/1000");
        assert_eq!(url.query, "x=1");
        assert_eq!(url.segments(), ["problem", "1000"]);
        let url = Url::parse("http://[::1]:4244/x").unwrap();
        assert_eq!(url.host, "[::1]");
        for (bad, why) in [
            ("ftp://atcoder.jp/", "not an http or https URL"),
            ("atcoder.jp/contests", "not an http or https URL"),
            ("https://", "the URL has no host"),
            ("https://:80/", "the URL has no host"),
            ("https://a.b:x/", "the URL's port is not a number"),
            ("https://user@atcoder.jp/", "a URL with a user name is not a problem's page"),
            ("https://a_b.jp/", "the URL's host is not a host name"),
            ("https://codeforces..com/", "the URL's host is not a host name"),
            ("https://.jp/", "the URL's host is not a host name"),
            ("https://atcoder.jp/a b", "not a URL: it holds a space"),
            ("https://atcoder.jp/\"", "not a URL: it holds a double quote"),
            ("https://atcoder.jp/\n", "not a URL: it holds a control character"),
            ("https://atcoder.jp/é", "not a URL: it holds a character that is not ASCII"),
            ("https://atcoder.jp/{", "not a URL: it holds the character {"),
        ] {
            assert_eq!(Url::parse(bad).unwrap_err(), why, "{bad:?}");
        }
        let long = format!("https://a.jp/{}", "a".repeat(3000));
        assert!(Url::parse(&long).unwrap_err().contains("longer than 2048"));
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("abc300_a"), "abc300-a");
        assert_eq!(slug("  A. Watermelon!! "), "a-watermelon");
        assert_eq!(slug("a__b"), "a-b");
        assert_eq!(slug("큰 퍼즐"), "");
        assert_eq!(slug("..%2F"), "2f");
    }
}
