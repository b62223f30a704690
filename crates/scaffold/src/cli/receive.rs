//! `xtask receive` (behind `scripts/receive.sh`, which passes its arguments through): the
//! command line, its help and usage; the listener in [`crate::receive`] serves, and
//! [`crate::page_to_crate::Workspace`] makes the crates.

use std::io;
use std::path::Path;

use crate::new::NewError;
use crate::page_to_crate::{profile_keys, Workspace};
use crate::receive::{Options, Receiver, Server, DEFAULT_PORT};

/// `scripts/receive.sh`'s command line.
pub const USAGE: &str = "usage: scripts/receive.sh [--port N] [--judge PROFILE] [--add-samples] | \
     scripts/receive.sh --help";

/// What `xtask receive` was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ReceiveArgs {
    port: u16,
    judge: Option<String>,
    add_samples: bool,
}

fn parse_receive_args(args: &[&str]) -> Result<Option<ReceiveArgs>, String> {
    let mut parsed = ReceiveArgs { port: DEFAULT_PORT, judge: None, add_samples: false };
    let (mut port_given, mut args) = (false, args.iter());
    while let Some(&arg) = args.next() {
        match arg {
            "--help" | "-h" => return Ok(None),
            "--add-samples" if !parsed.add_samples => parsed.add_samples = true,
            "--port" if !port_given => {
                let value = args.next().ok_or("--port needs a value")?;
                parsed.port = value.parse().map_err(|_| {
                    format!("--port needs a port number in 0..=65535 (0: any free one), found {value:?}")
                })?;
                port_given = true;
            }
            "--judge" if parsed.judge.is_none() => {
                let value = args.next().ok_or("--judge needs a value")?;
                let keys = profile_keys();
                if !keys.contains(value) {
                    return Err(format!(
                        "unknown judge profile {value:?} (profiles: {})",
                        keys.join(", ")
                    ));
                }
                parsed.judge = Some(value.to_string());
            }
            "--add-samples" | "--port" | "--judge" => return Err(format!("{arg} is given twice")),
            _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    Ok(Some(parsed))
}

/// `scripts/receive.sh --help`.
fn help() -> String {
    format!(
        "{USAGE}\n\n\
         scripts/receive.sh listens on 127.0.0.1 (and no other interface) for the problems the\n\
         Competitive Companion browser extension sends, and makes a crate for each: its samples\n\
         in testdata/NAME/, its limits in its metadata, its judge from the page's address, the\n\
         interactive or multi-test shape when the page says so. A contest arrives whole.\n\n\
         \x20 --port N        the port (default {DEFAULT_PORT}, one the extension posts to as it is;\n\
         \x20                 another must be added under the extension's Custom ports; 0: any\n\
         \x20                 free one, printed)\n\
         \x20 --judge J       the judge profile for every problem, whatever its address (needed\n\
         \x20                 for sites other than AtCoder, Codeforces, BOJ, Algospot, Programmers\n\
         \x20                 and SWEA)\n\
         \x20 --add-samples   a crate that exists is never overwritten; with this, the page's\n\
         \x20                 samples it lacks are added to it as new sample files\n\n\
         In the browser: click the extension's green plus on a problem's page (or a contest's).\n\
         Nothing arrives? README.md, \"Problems from the page\", lists what to check.\n\
         Then: edit crates/NAME/src/lib.rs; scripts/test.sh --quick NAME; scripts/bundle.sh NAME\n"
    )
}

/// `xtask receive ARGS...`: listens until killed (Ctrl-C), making crates under `root`.
pub fn main(root: &Path, args: &[&str]) -> Result<(), NewError> {
    let Some(args) = parse_receive_args(args).map_err(NewError::BadArgument)? else {
        print!("{}", help());
        return Ok(());
    };
    let server = Server::bind(args.port).map_err(|e| bind_error(args.port, &e))?;
    let port = server.local_addr().port();
    println!("receive: listening on 127.0.0.1:{port} for Competitive Companion (Ctrl-C stops)");
    let judge = args.judge.as_deref().map_or_else(
        || "each problem's judge from its address".to_string(),
        |j| format!("every problem for {j}"),
    );
    let custom = if port == DEFAULT_PORT {
        String::new()
    } else {
        format!("; add {port} under the extension's Custom ports")
    };
    println!(
        "receive: {judge}; a crate that exists is {}{custom}",
        if args.add_samples { "kept, and the samples it lacks added" } else { "kept as it is" }
    );
    let keys = profile_keys();
    let options = Options { profiles: &keys, judge: args.judge.as_deref(), name: None };
    let sink = Workspace::new(root, args.add_samples, io::stdout(), io::stderr());
    server.serve(Receiver::new(options, sink));
    Ok(())
}

/// Why the port cannot be listened on, and what to do.
fn bind_error(port: u16, error: &io::Error) -> NewError {
    if error.kind() != io::ErrorKind::AddrInUse {
        return NewError::Failed(format!("cannot listen on 127.0.0.1:{port}: {error}"));
    }
    let free = (1..=20)
        .filter_map(|k| port.checked_add(k))
        .find(|&p| std::net::TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, p)).is_ok());
    let suggestion = free.map_or("N".to_string(), |p| p.to_string());
    NewError::Failed(format!(
        "port {port} is taken (another program listens on 127.0.0.1:{port}: another \
         receive.sh, or a tool that Competitive Companion also posts to): run \
         scripts/receive.sh --port {suggestion}{}, and add {suggestion} under the extension's \
         Custom ports (its options page)",
        if free.is_some() { " (free now)" } else { " with a free port N" }
    ))
}

#[cfg(test)]
mod tests {
    use super::{parse_receive_args, ReceiveArgs};

    #[test]
    fn receive_arguments() {
        let parsed = |args: &[&str]| parse_receive_args(args);
        let default = ReceiveArgs { port: 4244, judge: None, add_samples: false };
        assert_eq!(parsed(&[]), Ok(Some(default.clone())));
        let all = ReceiveArgs { port: 0, judge: Some("boj".to_string()), add_samples: true };
        assert_eq!(parsed(&["--judge", "boj", "--add-samples", "--port", "0"]), Ok(Some(all)));
        assert_eq!(parsed(&["--port", "1", "--help"]), Ok(None));
        assert_eq!(
            parsed(&["--port", "1", "--port", "2"]),
            Err("--port is given twice".to_string())
        );
        assert!(parsed(&["--port", "-1"]).unwrap_err().starts_with("--port needs a port number"));
    }
}
