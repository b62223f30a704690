#!/usr/bin/env bash
# Creates a new crate that passes scripts/test.sh, clippy and fmt at once (`xtask new`).
#   A problem, crates/NAME: a sample problem (the sum of N integers; with --interactive, guess
#   the number with its interactor) whose parts say what to replace: solver, oracle,
#   generator, stress and CLI tests, benchmark, testdata.list and a sample in testdata/NAME/;
#   then its testdata is made. --time-limit and --memory-limit are the statement's limits
#   (else the judge profile's usual ones apply).
#   A library, crates/NAME with --lib: std only, Rust 1.63, a sample (a Fenwick tree) with its
#   docs, a doctest and a test against a naive version.
#
#   scripts/new.sh boj-1000 --judge boj --time-limit 2000
#   cargo run -q -p xtask -- profiles                      (the judges PROFILE may name)
#   scripts/new.sh cf-1999-g --judge codeforces --interactive
#   scripts/new.sh --lib fenwick
set -uo pipefail
USAGE="scripts/new.sh NAME --judge PROFILE [--time-limit MS] [--memory-limit MB] [--interactive] | scripts/new.sh --lib NAME"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -ge 1 ] || usage "NAME is missing"
xtask new "$@"
