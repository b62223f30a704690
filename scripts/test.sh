#!/usr/bin/env bash
# The one command that proves the workspace works on a fresh clone:
#   builds everything, runs `cargo test` (unit, stress and CLI tests), then runs every
#   testdata/<problem>/*.in through the release binary and through the bundle compiled the way
#   the problem's judge compiles (Debian's rustc 1.63, installed here if missing, or the
#   workspace's rustc with the judge's edition), compared by the problem's checker.
# Prints cargo test's per-test lines only when something fails, then the verdict table; ends
# with `N passed, N failed` (cargo tests plus testdata runs) and exits 1 on any failure.
set -uo pipefail
USAGE="scripts/test.sh [PROBLEM...]"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

for arg in "$@"; do
    case $arg in -*) usage "unknown option $arg" ;; esac
done
problems=("$@")
[ ${#problems[@]} -eq 0 ] || check_problems "${problems[@]}"

# The judges' compiler stand-in. It installs beside the rustup toolchain as /usr/bin/rustc.
if [ ! -x /usr/bin/rustc ]; then
    echo "== installing Debian's rustc (the judges' rustc 1.63)"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq rustc >/dev/null; } ||
        die "cannot install Debian's rustc package"
fi
echo "== judge compiler: $(/usr/bin/rustc --version), workspace: $(rustc --version)"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
passed=0
failed=0

echo "== cargo build --release"
if ! cargo build -q --release --workspace --bins >"$log" 2>&1; then
    cat "$log"
    echo "error: the release build failed" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

packages=(--workspace)
if [ ${#problems[@]} -gt 0 ]; then
    packages=()
    for problem in "${problems[@]}"; do packages+=(-p "$problem"); done
fi
echo "== cargo test ${packages[*]}"
cargo test --no-fail-fast "${packages[@]}" >"$log" 2>&1
test_status=$?
# The "N passed; M failed" counts of every test binary.
while read -r p f; do
    passed=$((passed + p))
    failed=$((failed + f))
done < <(sed -n 's/^test result: [A-Za-z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$log")
if [ "$test_status" -ne 0 ]; then
    # The per-test lines, failures and build errors: everything but the passing tests.
    grep -v -e ' \.\.\. ok$' -e '^running [0-9]* tests\?$' -e '^$' "$log"
    [ "$failed" -eq 0 ] && failed=1 # it failed before any test ran (a build error)
fi
echo "cargo test: $passed passed, $failed failed"

echo "== testdata"
xtask testdata "${problems[@]}" | tee "$log"
testdata_status=${PIPESTATUS[0]}
read -r tp tf < <(sed -n 's/^testdata: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log")
passed=$((passed + ${tp:-0}))
failed=$((failed + ${tf:-0}))
if [ "$testdata_status" -ne 0 ] && [ "${tf:-0}" -eq 0 ]; then
    failed=$((failed + 1)) # the runner itself stopped with an error
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
