#!/usr/bin/env bash
# Runs a problem's stress tests (the `stress_*` tests of crates/PROBLEM/tests/stress.rs:
# solver against oracle on seeded random inputs) in release mode, on every core, for N cases
# or S seconds in all (shared among the stress tests; the build comes first).
# On the first disagreement or crash the input is saved under target/stress/PROBLEM/, shrunk,
# and shown with both answers and the command that reproduces it.
#   --cases N     N cases per stress test (at least 1)
#   --seconds S   S seconds in all, shared among the stress tests (at least 1; default 60)
#   --seed X      the seed (default: a random one, printed)
#   --workers W   W threads (default: every core; more than the cores are capped to them)
#
#   scripts/stress.sh boj-11559 --seconds 60          (default: 60 seconds, a random seed)
#   scripts/stress.sh boj-11559 --cases 100000 --seed 7
#   scripts/stress.sh boj-11559 --seconds 20 --workers 1
set -uo pipefail
USAGE="scripts/stress.sh PROBLEM [--cases N | --seconds S] [--seed X] [--workers W]   \
(for example: scripts/stress.sh boj-11559 --seconds 30)"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# whole_number TEXT: TEXT without leading zeros, if it is a whole number below 2^64.
whole_number() {
    [[ $1 =~ ^[0-9]+$ ]] || return 1
    local n=${1#"${1%%[!0]*}"}
    n=${n:-0}
    [ ${#n} -lt 20 ] || { [ ${#n} -eq 20 ] && [[ $n < 18446744073709551616 ]]; } || return 1
    echo "$n"
}

problem=
cases=
seconds=
seed=
workers=
while [ $# -gt 0 ]; do
    case $1 in
        --cases | --seconds | --seed | --workers)
            [ $# -ge 2 ] || usage "$1 needs a value"
            value=$(whole_number "$2") ||
                usage "$1 needs a whole number below 2^64, found \"$2\""
            case $1 in
                --cases) cases=$value ;;
                --seconds) seconds=$value ;;
                --seed) seed=$value ;;
                --workers) workers=$value ;;
            esac
            shift 2
            ;;
        -*) usage "unknown option \"$1\"" ;;
        *)
            [ -z "$problem" ] || usage "one problem at a time (\"$problem\" and \"$1\")"
            problem=$1
            shift
            ;;
    esac
done
[ -n "$problem" ] || usage "no problem given"
[ -z "$cases" ] || [ -z "$seconds" ] || usage "--cases and --seconds exclude each other"
[ "$cases" != 0 ] || usage "--cases needs at least 1: no case proves nothing"
[ "$seconds" != 0 ] || usage "--seconds needs at least 1: 0 would be no time limit, and no end"
[ "$workers" != 0 ] || usage "--workers needs at least 1"
if [ -n "$workers" ]; then
    # Workers beyond the cores only share them: capped, and said so.
    cores=$(nproc 2>/dev/null || echo 1)
    if [ ${#workers} -gt 9 ] || [ "$workers" -gt "$cores" ]; then
        echo "== --workers $workers is more than the $cores cores here: $cores workers"
        workers=$cores
    fi
fi
check_problems "$problem"
[ -f "crates/$problem/tests/stress.rs" ] ||
    die "$problem has no kit yet (no crates/$problem/tests/stress.rs): scripts/new.sh --kit $problem adds an oracle, a generator and stress tests"

test_args=(--release -p "$problem" --test stress)
echo "== stress $problem: building the release tests"
build_log=$(cargo test -q "${test_args[@]}" --no-run 2>&1) || {
    echo "$build_log" >&2
    die "cannot build the stress tests of $problem"
}
# The stress tests, one `NAME: test` line each.
n_tests=$(cargo test -q "${test_args[@]}" -- stress_ --list 2>/dev/null | grep -c ': test$')
[ "$n_tests" -ge 1 ] || die "crates/$problem/tests/stress.rs has no stress_* test"

if [ -z "$cases" ] && [ -z "$seconds" ]; then
    seconds=60
fi
if [ -n "$cases" ]; then
    export STRESS_CASES=$cases STRESS_SECONDS=0
    budget="$cases cases per test"
else
    # Every case until the time is up: S / n seconds for each of the n tests (never 0, which
    # would mean no time limit).
    export STRESS_CASES=18446744073709551615
    STRESS_SECONDS=$(awk -v s="$seconds" -v n="$n_tests" 'BEGIN { printf "%.6f", s / n }')
    export STRESS_SECONDS
    budget="$seconds seconds in all"
fi
[ -n "$seed" ] || seed=$(( (RANDOM << 15 | RANDOM) ))
export STRESS_SEED=$seed
if [ -n "$workers" ]; then
    export STRESS_WORKERS=$workers
else
    unset STRESS_WORKERS
    workers="every core"
fi
export STRESS_DIR=${CARGO_TARGET_DIR:-$PWD/target}/stress/$problem
# A report left by an earlier run must not be shown as this one's.
rm -f "$STRESS_DIR"/*/report.txt
echo "== stress $problem: $n_tests test(s), seed $seed, $budget, workers: $workers"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test -q "${test_args[@]}" -- stress_ --test-threads 1 --nocapture >"$log" 2>&1
status=$?
# Each stress test's own line: its cases, time, workers and rate (after libtest's dots).
grep -oE 'stress [^ ]+: seed [0-9]+, .*' "$log"
[ $status -eq 0 ] && exit 0

reports=("$STRESS_DIR"/*/report.txt)
if [ -f "${reports[0]}" ]; then
    for report in "${reports[@]}"; do
        echo
        cat "$report"
    done
    die "stress $problem (seed $seed) found a failing case: the command above reproduces it"
fi
tail -n 30 "$log" >&2
die "stress $problem (seed $seed) failed (see the test output above)"
