#!/usr/bin/env bash
# Runs a problem's stress tests (the `stress_*` tests of crates/PROBLEM/tests/stress.rs:
# solver against oracle on seeded random inputs) in release mode, for N cases or S seconds.
# On the first disagreement or crash the input is saved under target/stress/PROBLEM/, shrunk,
# and shown with both answers and the seed that found it.
#
#   scripts/stress.sh boj-11559 --seconds 60          (default: 60 seconds, a random seed)
#   scripts/stress.sh boj-11559 --cases 100000 --seed 7
set -uo pipefail
USAGE="scripts/stress.sh PROBLEM [--cases N | --seconds S] [--seed X]"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -ge 1 ] || usage
problem=$1
shift
case $problem in -*) usage "the first argument is the problem" ;; esac
cases=
seconds=
seed=
while [ $# -gt 0 ]; do
    case $1 in --cases | --seconds | --seed) ;; *) usage "unknown argument \"$1\"" ;; esac
    [ $# -ge 2 ] || usage "$1 needs a value"
    is_number "$2" || usage "$1 needs a non-negative integer, found \"$2\""
    case $1 in
        --cases) cases=$2 ;;
        --seconds) seconds=$2 ;;
        --seed) seed=$2 ;;
        *) usage "unknown option $1" ;;
    esac
    shift 2
done
[ -z "$cases" ] || [ -z "$seconds" ] || usage "--cases and --seconds exclude each other"
check_problems "$problem"

if [ -z "$cases" ] && [ -z "$seconds" ]; then
    seconds=60
fi
if [ -n "$cases" ]; then
    export STRESS_CASES=$cases STRESS_SECONDS=0
    budget="$cases cases"
else
    export STRESS_CASES=18446744073709551615 STRESS_SECONDS=$seconds
    budget="$seconds seconds per test"
fi
[ -n "$seed" ] || seed=$(( (RANDOM << 15 | RANDOM) ))
export STRESS_SEED=$seed
export STRESS_DIR=${CARGO_TARGET_DIR:-$PWD/target}/stress/$problem
echo "== stress $problem: seed $seed, $budget, release build (failing inputs go to $STRESS_DIR)"
if ! cargo test -q --release -p "$problem" --test stress -- stress_ --nocapture --test-threads 1; then
    die "stress $problem (seed $seed) found a failing case: see above; inputs in $STRESS_DIR"
fi
