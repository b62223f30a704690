#!/usr/bin/env bash
# Rebuilds testdata/<problem>/ from crates/<problem>/testdata.list.
#   Each line of the list is `NAME GENERATOR-ARGS...`; the input is `<problem>-gen ARGS`, the
#   output is the release solver's answer. A NAME ending in `!` is small enough for the oracle:
#   `<problem>-naive` must give the same output (or, for a problem with its own checker
#   `<problem>-check`, an output the checker accepts against the oracle's), or nothing is
#   written.
#   testdata/<problem>/.generated lists the cases this script made; a case it made that the list
#   no longer names is removed. Hand-written samples (never in .generated) are left alone.
set -uo pipefail
USAGE="scripts/make-testdata.sh PROBLEM"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -eq 1 ] || usage
problem=$1
case $problem in -*) usage "unknown option $problem" ;; esac
check_problems "$problem"
list="crates/$problem/testdata.list"
[ -f "$list" ] || die "$list does not exist"

cargo build -q --release -p "$problem" --bins || die "the build of $problem failed"
bin="${CARGO_TARGET_DIR:-target}/release"
out_dir="testdata/$problem"
manifest="$out_dir/.generated"
mkdir -p "$out_dir"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

names=()
while read -r name _; do
    case "$name" in '' | '#'*) continue ;; esac
    names+=("${name%!}")
done <"$list"

# Cases made before that the list no longer names (a renamed case must not run forever).
if [ -f "$manifest" ]; then
    while read -r old; do
        [ -n "$old" ] || continue
        keep=no
        for name in "${names[@]}"; do [ "$name" = "$old" ] && keep=yes; done
        if [ "$keep" = no ]; then
            rm -f "$out_dir/$old.in" "$out_dir/$old.out"
            echo "$old: removed (no longer in $list)"
        fi
    done <"$manifest"
fi

made=0
: >"$scratch/manifest"
while read -r name args; do
    case "$name" in '' | '#'*) continue ;; esac
    checked=no
    if [ "${name%!}" != "$name" ]; then
        name=${name%!}
        checked=yes
    fi
    # shellcheck disable=SC2086 # the generator arguments are words
    "$bin/$problem-gen" $args >"$scratch/in" || die "$name: $problem-gen $args failed"
    "$bin/$problem" <"$scratch/in" >"$scratch/out" || die "$name: the solver failed"
    if [ "$checked" = yes ]; then
        "$bin/$problem-naive" <"$scratch/in" >"$scratch/naive" || die "$name: the oracle failed"
        if [ -x "$bin/$problem-check" ]; then
            verdict=$("$bin/$problem-check" "$scratch/in" "$scratch/naive" "$scratch/out") ||
                die "$name: the checker failed"
            [ "$verdict" = AC ] || die "$name: the checker rejects the solver's output: $verdict"
        elif ! cmp -s "$scratch/out" "$scratch/naive"; then
            diff "$scratch/out" "$scratch/naive" | head -5 >&2
            die "$name: the solver and the oracle disagree; nothing written"
        fi
    fi
    mv "$scratch/in" "$out_dir/$name.in"
    mv "$scratch/out" "$out_dir/$name.out"
    echo "$name" >>"$scratch/manifest"
    made=$((made + 1))
    echo "$name: $(wc -c <"$out_dir/$name.in") bytes in, oracle-checked: $checked"
done <"$list"
mv "$scratch/manifest" "$manifest"
# The testdata budget (README.md, "Adding a problem"): what every clone and CI run carries.
budget_kib=4096
size_kib=$(du -sk "$out_dir" | cut -f1)
echo "made $made cases in $out_dir ($size_kib KiB in all)"
if [ "$size_kib" -gt "$budget_kib" ]; then
    echo "warning: $out_dir is over the $budget_kib KiB testdata budget; move big cases to the benchmark" >&2
fi
