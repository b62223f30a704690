#!/usr/bin/env bash
# Creates a new crate that passes scripts/test.sh, clippy and fmt at once (`xtask new`).
#   A problem, crates/NAME: a sample problem (the sum of N integers; with --interactive, guess
#   the number with its interactor) whose parts say what to replace: solver, oracle,
#   generator, stress and CLI tests, benchmark, testdata.list and a sample in testdata/NAME/,
#   then its testdata made. --time-limit and --memory-limit are the statement's limits (else
#   the judge profile's usual ones apply).
#   A library, crates/NAME with --lib: std only, Rust 1.63, a sample (a Fenwick tree) with its
#   docs, a doctest and a test against a naive version.
#
#   scripts/new.sh boj-1000 --judge boj --time-limit 2000   (profiles: xtask profiles)
#   scripts/new.sh cf-1999-g --judge codeforces --interactive
#   scripts/new.sh --lib fenwick
set -uo pipefail
USAGE="scripts/new.sh NAME --judge PROFILE [--time-limit MS] [--memory-limit MB] [--interactive] | scripts/new.sh --lib NAME"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -ge 1 ] || usage
# xtask checks every argument (a bad one is a usage line and exit 2) and writes the files.
xtask new "$@" || exit $?
# The arguments are valid now: pick out the name and the kind.
name=
library=no
while [ $# -gt 0 ]; do
    case $1 in
        --judge | --time-limit | --memory-limit) shift ;;
        --lib) library=yes ;;
        --interactive) ;;
        *) name=$1 ;;
    esac
    shift
done
# The templates are formatted for names of usual length; a long name may move line breaks.
cargo fmt -p "$name" || die "cargo fmt -p $name failed"
[ "$library" = yes ] && exit 0
scripts/make-testdata.sh "$name" || die "crates/$name was created, but its testdata could not be made"
