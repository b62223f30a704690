#!/usr/bin/env bash
# Prints one self-contained .rs file for PROBLEM (its main.rs with judge-io, the problem's library
# and the workspace libraries it depends on inlined as modules) on stdout, and its size against
# the judge's limit on stderr.
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
[ -n "$problem" ] || usage
check_problems "$problem"
xtask bundle "${compact[@]}" "$problem"
