#!/usr/bin/env bash
# The one command that proves the workspace works on a fresh clone (`xtask test`): it builds
# what the testdata runs (release) and every test executable, then runs at once, on every
# core and the slowest first: cargo's tests (unit, integration, doc-tests), and every
# testdata/<problem>/*.in through the release binary and through the bundle compiled the way
# the problem's judge compiles (Debian's rustc 1.63, installed here if missing, or the
# workspace's rustc with the judge's edition), judged by the problem's checker or interactor.
# It prints a line as each job ends, then what failed, the verdict tables and the slowest
# jobs, and ends with `N passed, N failed` (exit status 1 on any failure).
#   PROBLEM...: only those problems' tests and testdata, building only what they need.
#   LIBRARY...: a library's tests, and the library compiled whole as every judge meets it
#   (rustc 1.63 as Rust 2015 and 2021, the workspace's rustc as Rust 2024, the std APIs of the
#   oldest judge's Rust); a full run checks every library that way too.
#   --quick: the loop after an edit: the release build of the named problems (every problem
#   when none is named) and their testdata through the release binary only; a named
#   library's compile check.
#   --watch PROBLEM: --quick PROBLEM, then again whenever a file of the problem, of a library
#   it uses or of its testdata changes (on a cleared screen); Ctrl-C ends it.
#
#   scripts/test.sh
#   scripts/test.sh boj-11559
#   scripts/test.sh --quick boj-11559
#   scripts/test.sh --watch boj-11559
#   scripts/test.sh judge-io
set -uo pipefail
USAGE="scripts/test.sh [--quick] [PROBLEM|LIBRARY...] | scripts/test.sh --watch PROBLEM"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

quick=no
for arg in "$@"; do
    case $arg in
        # xtask checks that --watch comes first, with one problem.
        --quick | --watch) quick=yes ;;
        -*) usage "unknown option $arg" ;;
    esac
done
[ "$quick" = yes ] || need_judge_compilers
# xtask checks the problem names (a library is told what to run instead).
xtask test "$@"
