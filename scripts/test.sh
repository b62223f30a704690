#!/usr/bin/env bash
# The one command that proves the workspace works on a fresh clone:
#   builds everything, runs `cargo test` (unit, stress and CLI tests), then runs every
#   testdata/<problem>/*.in through the release binary and through the bundle compiled by the
#   judge's compiler (Debian's rustc 1.63, installed here if missing).
# Usage: scripts/test.sh [PROBLEM]
# Ends with `N passed, N failed` (cargo tests plus testdata runs); exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
problem=${1:-}

if ! command -v cargo >/dev/null && [ -x "$HOME/.cargo/bin/cargo" ]; then
    PATH="$HOME/.cargo/bin:$PATH"
fi

if [ -n "$problem" ] && [ ! -d "crates/$problem" ]; then
    echo "error: no problem crate crates/$problem" >&2
    exit 1
fi

# The judges' compiler stand-in. It installs beside the rustup toolchain as /usr/bin/rustc.
if [ ! -x /usr/bin/rustc ]; then
    echo "== installing Debian's rustc (the judges' rustc 1.63)"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq rustc >/dev/null || {
        echo "error: cannot install Debian's rustc package" >&2
        exit 1
    }
fi
echo "== judge compiler: $(/usr/bin/rustc --version)"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
passed=0
failed=0

# Adds the "N passed; M failed" counts of every cargo test binary in $log to the totals.
count_cargo_results() {
    local p f
    while read -r p f; do
        passed=$((passed + p))
        failed=$((failed + f))
    done < <(sed -n 's/^test result: [A-Za-z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$log")
}

echo "== cargo build --release"
if ! cargo build --release --workspace --bins; then
    echo "error: the release build failed" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

if [ -n "$problem" ]; then
    echo "== cargo test -p $problem"
    cargo test -p "$problem" 2>&1 | tee "$log"
else
    echo "== cargo test --workspace"
    cargo test --workspace 2>&1 | tee "$log"
fi
test_status=${PIPESTATUS[0]}
count_cargo_results
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1 # it failed before any test ran (a build error)
fi

echo "== testdata"
# shellcheck disable=SC2086 # $problem is empty or one word
cargo run -q --release -p xtask -- testdata $problem | tee "$log"
testdata_status=${PIPESTATUS[0]}
read -r tp tf < <(sed -n 's/^testdata: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log")
passed=$((passed + ${tp:-0}))
failed=$((failed + ${tf:-0}))
if [ "$testdata_status" -ne 0 ] && [ "${tf:-0}" -eq 0 ]; then
    failed=$((failed + 1)) # the runner itself stopped with an error
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
