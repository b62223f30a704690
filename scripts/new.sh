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
# Every argument goes through to `xtask new`, which parses them (--help too: common.sh sees
# none); the folder the command was typed in goes with them, for a relative --from FILE.
args=("$@")
caller_dir=$PWD
set --
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build_xtask
XTASK_CALLER_DIR=$caller_dir exec "$XTASK_BIN" new ${args[@]+"${args[@]}"}
