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
#   --from FILE: a problem from a saved Competitive Companion document (what receive.sh gets):
#   its samples, limits and kind; NAME (optional) and --judge from its URL unless given.
#
#   scripts/new.sh boj-1000 --judge boj --time-limit 2000 --memory-limit 256
#   scripts/new.sh cf-1999-a --judge codeforces --multi-test --checker yes-no
#   scripts/new.sh cf-1999-g --judge codeforces --interactive
#   scripts/new.sh --kit boj-1000
#   scripts/new.sh --lib fenwick
#   scripts/new.sh --from target/received/refused.json --judge boj
set -uo pipefail
USAGE="scripts/new.sh NAME --judge boj|algospot|atcoder|codeforces|swea|programmers [--multi-test | --interactive] [--checker exact|tokens|'floats ABS REL'|yes-no|binary] [--time-limit MS] [--memory-limit MB] | scripts/new.sh [NAME] --from FILE [--judge PROFILE] [--checker CHECKER] [--add-samples] | scripts/new.sh --kit PROBLEM | scripts/new.sh --lib NAME | scripts/new.sh --help"
# --from FILE is a path from where the command was typed: made absolute before common.sh
# moves to the workspace root.
args=()
while [ $# -gt 0 ]; do
    if [ "$1" = --from ] && [ $# -ge 2 ] && [[ $2 != /* ]]; then
        args+=("$1" "$PWD/$2")
        shift 2
    else
        args+=("$1")
        shift
    fi
done
set -- ${args[@]+"${args[@]}"}
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -ge 1 ] || usage "NAME is missing"
xtask new "$@"
