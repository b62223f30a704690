#!/usr/bin/env bash
# Prints one self-contained .rs file for PROBLEM (its main.rs, then its library and the workspace
# libraries it reaches, inlined as modules; what rustc reports unused left out) on stdout, once
# the judge's compiler stand-in has accepted it and it has printed what cargo's release build
# prints on the problem's testdata (the samples, then other cases for about 2 s), and its size
# against the judge's limit on stderr. Installs the stand-ins (Debian's rustc 1.63 and its
# Windows std) if missing.
# --compact drops comments, for judges with small source limits (Codeforces: 64 KiB).
#
#   scripts/bundle.sh boj-11559 > Main.rs
set -uo pipefail
USAGE="scripts/bundle.sh [--compact] PROBLEM   (for example: scripts/bundle.sh boj-11559 > Main.rs)"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

compact=()
problem=
for arg in "$@"; do
    case $arg in
        --compact) compact=(--compact) ;;
        -*) usage "unknown option $arg" ;;
        *) [ -z "$problem" ] || usage "one problem at a time"; problem=$arg ;;
    esac
done
[ -n "$problem" ] || usage "PROBLEM is missing"
check_problems "$problem"
need_judge_compilers
xtask bundle "${compact[@]}" "$problem"
