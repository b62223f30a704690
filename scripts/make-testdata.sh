#!/usr/bin/env bash
# Rebuilds testdata/<problem>/ from crates/<problem>/testdata.list (`xtask make-testdata`).
#   Each line of the list is `NAME GENERATOR-ARGS...`; the input is `<problem>-gen ARGS`, the
#   output the release solver's answer. A NAME ending in `!` is small enough to check: the
#   oracle `<problem>-naive` runs too, and the solver's output must pass the problem's checker
#   (exact, tokens, floats or its checker binary) against the oracle's; an interactive problem's
#   cases are inputs alone, and the interactor must accept the solver on a checked one. Nothing
#   is written unless every case is made and checked.
#   testdata/<problem>/.generated lists the cases this script made; a case it made that the list
#   no longer names is removed. Hand-written samples (never in .generated) are left alone.
#   Sizes are in bytes; above the 4,000,000-byte budget it warns.
set -uo pipefail
USAGE="scripts/make-testdata.sh PROBLEM"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

for arg in "$@"; do
    case $arg in -*) usage "unknown option $arg" ;; esac
done
[ $# -ge 1 ] || usage "PROBLEM is missing"
[ $# -eq 1 ] || usage "one problem at a time"
check_problems "$1"
[ -f "crates/$1/testdata.list" ] ||
    die "$1 has no kit yet (no crates/$1/testdata.list): scripts/new.sh --kit $1 adds a generator, an oracle and testdata.list"
xtask make-testdata "$1"
