# Sourced by every script (not run on its own): answers --help, moves to the workspace root,
# puts cargo on PATH, and gives the one style of messages: bad arguments print `error: REASON`
# then the `usage:` line and exit 2, failures print `error: ...` and exit 1. Set USAGE (a
# command one can type) before sourcing.

# --help (or -h) anywhere among the arguments: the usage line, a blank line and the script's
# description (its first comment block) on stdout, exit 0.
for arg in "$@"; do
    if [ "$arg" = --help ] || [ "$arg" = -h ]; then
        echo "usage: $USAGE"
        echo
        sed -n '2,/^[^#]/{/^#/{s/^#$//;s/^# /  /;p}}' "${BASH_SOURCE[1]:-$0}"
        exit 0
    fi
done

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
if ! command -v cargo >/dev/null && [ -x "$HOME/.cargo/bin/cargo" ]; then
    PATH="$HOME/.cargo/bin:$PATH"
fi

# usage REASON: the reason as an error line, then the usage line; exit 2.
usage() {
    echo "error: $*" >&2
    echo "usage: $USAGE" >&2
    exit 2
}

# die MESSAGE: one error line; exit 1.
die() {
    echo "error: $*" >&2
    exit 1
}

# xtask ARGS...: the workspace's tools (crates/xtask), built once per script run and then
# called directly (each `cargo run` would check the build again). A debug build: the tools
# spend their time in rustc and in the programs they measure, not in their own code (bundling
# and the testdata runner take the same time as with a release build), and the test build
# reuses it instead of building the tools twice.
xtask_built=
XTASK_BIN="${CARGO_TARGET_DIR:-target}/debug/xtask"
build_xtask() {
    [ -n "$xtask_built" ] && return 0
    if ! cargo build -q -p xtask; then
        local manifest
        manifest=$(broken_manifest)
        [ -z "$manifest" ] ||
            die "cannot build the workspace's tools: cargo cannot read $manifest (its message is above)"
        die "cannot build the workspace's tools (crates/xtask)"
    fi
    xtask_built=yes
}

# broken_manifest: when cargo cannot load the workspace's manifests (one malformed Cargo.toml
# anywhere stops every build), the file its message names, from the root, with the line and
# column when cargo gives them; nothing when they load. Cargo names it as ` --> FILE:L:C` (a
# TOML error), as `failed to parse manifest at `FILE`` or `failed to read `FILE`` (the last
# Cargo.toml it names, not the workspace's own on its "referenced ... by workspace at" line),
# or only as the member's folder.
broken_manifest() {
    local message named
    message=$(cargo metadata -q --no-deps --format-version 1 2>&1 >/dev/null) && return 0
    named=$(
        {
            sed -n 's/^ *--> \(.*Cargo\.toml:[0-9]*:[0-9]*\)$/\1/p' <<<"$message"
            grep -v 'by workspace at' <<<"$message" | grep -o '`[^`]*Cargo\.toml`' | tr -d '`' | tail -1
            sed -n 's/.*workspace member `\([^`]*\)`.*/\1\/Cargo.toml/p' <<<"$message"
        } | head -1
    )
    echo "${named#"$PWD/"}"
}
xtask() {
    build_xtask
    "$XTASK_BIN" "$@"
}

# need_debian_package FILE PACKAGE WHAT: installs Debian's PACKAGE (with sudo unless root)
# when FILE is missing; WHAT says what it is for.
need_debian_package() {
    [ -e "$1" ] && return 0
    echo "== installing Debian's $2 package ($3)"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq "$2" >/dev/null; } ||
        die "cannot install Debian's $2 package ($3)"
}

# need_judge_compilers: the judges' compiler stand-ins (Debian's rustc 1.63 and its Windows
# std), and GNU time (the runner's memory test compares with it).
need_judge_compilers() {
    need_debian_package /usr/bin/rustc rustc "the judges' rustc 1.63"
    need_debian_package /usr/bin/time time "GNU time, which the runner's memory test compares with"
    need_debian_package /usr/lib/rustlib/x86_64-pc-windows-gnu libstd-rust-dev-windows \
        "rustc 1.63's Windows std, for the Codeforces bundle check"
}

# check_problems NAME...: exits with the usage line unless every NAME is a problem crate
# (a crate with a [package.metadata.judge] table; xtask decides, for every script alike).
check_problems() {
    local message status
    build_xtask
    message=$(xtask problems "$@" 2>&1 >/dev/null)
    status=$?
    case $status in
        0) ;;
        2) usage "$(echo "$message" | sed -n 's/^error: //p' | head -1)" ;;
        *) die "cannot list the problem crates: $message" ;;
    esac
}

# is_number TEXT: whether TEXT is a non-negative integer.
is_number() {
    [[ $1 =~ ^[0-9]+$ ]]
}
