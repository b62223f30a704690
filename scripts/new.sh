#!/usr/bin/env bash
# Makes a crate that passes fmt, clippy and its checks at once (`xtask new`; --help says more).
#   A problem, crates/NAME: Cargo.toml, src/main.rs (it stays as it is), src/lib.rs (the input!
#   declaration, solve and render: the one file to edit) and a sample in testdata/NAME/ that
#   its sample problem answers (--multi-test: t test cases answered YES/NO; --interactive:
#   guess the number, with src/interactor.rs, the judge's side the samples are played
#   against). --checker, --time-limit and --memory-limit go into its metadata.
#   --kit PROBLEM adds the oracle, a generator derived from its input! declaration, stress and
#   CLI tests, testdata.list and a benchmark to a problem; an existing file is left as it is.
#   A library, crates/NAME with --lib: std only, Rust 1.63, a sample (a Fenwick tree).
#
#   scripts/new.sh boj-1000 --judge boj --time-limit 2000 --memory-limit 256
#   scripts/new.sh cf-1999-a --judge codeforces --multi-test --checker yes-no
#   scripts/new.sh cf-1999-g --judge codeforces --interactive
#   scripts/new.sh --kit boj-1000
#   scripts/new.sh --lib fenwick
set -uo pipefail
USAGE="scripts/new.sh NAME --judge boj|algospot|atcoder|codeforces|swea|programmers [--multi-test | --interactive] [--checker exact|tokens|'floats ABS REL'|yes-no|binary] [--time-limit MS] [--memory-limit MB] | scripts/new.sh --kit PROBLEM | scripts/new.sh --lib NAME | scripts/new.sh --help"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -ge 1 ] || usage "NAME is missing"
xtask new "$@"
