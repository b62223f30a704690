#!/usr/bin/env bash
# Rebuilds testdata/<problem>/ from crates/<problem>/testdata.list.
#   Each line of the list is `NAME GENERATOR-ARGS...`; the input is `<problem>-gen ARGS`, the
#   output is the release solver's answer. A NAME ending in `!` is small enough for the oracle:
#   `<problem>-naive` must give the same output, or nothing is written for that case.
#   Hand-written samples (files not named in the list) are left alone.
# Usage: scripts/make-testdata.sh PROBLEM
set -euo pipefail
cd "$(dirname "$0")/.."
problem=${1:?usage: scripts/make-testdata.sh PROBLEM}
list="crates/$problem/testdata.list"
[ -f "$list" ] || { echo "error: $list does not exist" >&2; exit 1; }

cargo build -q --release -p "$problem" --bins
bin="${CARGO_TARGET_DIR:-target}/release"
out_dir="testdata/$problem"
mkdir -p "$out_dir"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

made=0
while read -r name args; do
    case "$name" in '' | '#'*) continue ;; esac
    checked=no
    if [ "${name%!}" != "$name" ]; then
        name=${name%!}
        checked=yes
    fi
    # shellcheck disable=SC2086 # the generator arguments are words
    "$bin/$problem-gen" $args >"$scratch/in"
    "$bin/$problem" <"$scratch/in" >"$scratch/out"
    if [ "$checked" = yes ]; then
        "$bin/$problem-naive" <"$scratch/in" >"$scratch/naive"
        if ! cmp -s "$scratch/out" "$scratch/naive"; then
            echo "error: $name: the solver and the oracle disagree; nothing written" >&2
            diff "$scratch/out" "$scratch/naive" | head -5 >&2
            exit 1
        fi
    fi
    mv "$scratch/in" "$out_dir/$name.in"
    mv "$scratch/out" "$out_dir/$name.out"
    made=$((made + 1))
    echo "$name: $(wc -c <"$out_dir/$name.in") bytes in, oracle-checked: $checked"
done <"$list"
echo "made $made cases in $out_dir"
