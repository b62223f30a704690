#!/usr/bin/env bash
# Figures, not pass/fail, in release mode.
#   TARGET...: the max-size benchmarks (examples/<target>-bench.rs) of judge-io, the bundler
#   (bundling times, a generated 20k-line library among them), scaffold (the receive
#   listener: a valid POST alone, beside 150 idle and 20 slow connections, and past the cap)
#   or problem crates; default: all of them.
#   PROBLEM --scale: how the solver's time grows with the input's size. The problem's
#   generator makes inputs at growing sizes up to the maximum (the `scale` entry of its
#   [package.metadata.judge] says which parameter is n); the release binary runs on each
#   (median CPU time of several runs); time ~ c * n^k is fitted; k, the time predicted and
#   measured at the maximum and the time limit are printed, and a log-log plot is written to
#   target/scale/PROBLEM.svg (open it in a browser).
#   --edit-loop: the contest loop's two timings, medians of RUNS (default 5): a new problem
#   (scripts/new.sh) to its first `scripts/test.sh --quick`, and a one-line edit of
#   boj-11559's lib.rs to its last verdict. It edits the working tree and puts it back.
#   --limits: the testdata runner against solutions a judge stops at its limits (4 GB of
#   memory, a loop, endless output, 1 GB then a wrong line, 1 GB of stderr, a sleeper): the
#   time to each verdict and the runner's own peak memory (crates/runner/examples/
#   limits-bench.rs; its workspace is written under target/bench-limits).
#
#   scripts/bench.sh boj-11559
#   scripts/bench.sh boj-11559 --scale
#   scripts/bench.sh --edit-loop --runs 7
#   scripts/bench.sh --limits
set -uo pipefail
USAGE="scripts/bench.sh [judge-io|bundler|scaffold|PROBLEM...] | scripts/bench.sh PROBLEM --scale | scripts/bench.sh --edit-loop [--runs N] | scripts/bench.sh --limits"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

targets=()
problems=()
scale=no
edit_loop=no
limits=no
runs=5
while [ $# -gt 0 ]; do
    case $1 in
        --scale) scale=yes ;;
        --edit-loop) edit_loop=yes ;;
        --limits) limits=yes ;;
        --runs)
            [ $# -ge 2 ] || usage "--runs needs a value"
            is_number "$2" && [ "$2" -ge 1 ] || usage "--runs needs a positive integer, found \"$2\""
            runs=$2
            shift
            ;;
        -*) usage "unknown option $1" ;;
        judge-io | bundler | scaffold) targets+=("$1") ;;
        *) problems+=("$1"); targets+=("$1") ;;
    esac
    shift
done

# median: the middle line of numbers on stdin.
median() {
    sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# seconds_since START: the seconds from $EPOCHREALTIME START to now.
seconds_since() {
    awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'
}

if [ "$limits" = yes ]; then
    [ ${#targets[@]} -eq 0 ] && [ "$scale" = no ] && [ "$edit_loop" = no ] ||
        usage "--limits takes no target"
    cargo build -q --release -p xtask || die "cannot build the release xtask"
    cargo run -q --release -p runner --example limits-bench || die "the limits benchmark failed"
    exit 0
fi

if [ "$edit_loop" = yes ]; then
    [ ${#targets[@]} -eq 0 ] && [ "$scale" = no ] || usage "--edit-loop takes no target"
    check_problems boj-11559
    echo "== edit loop, medians of $runs runs (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
    lib=crates/boj-11559/src/lib.rs
    saved=$(mktemp)
    cp "$lib" "$saved"
    made=()
    cleanup() {
        cp "$saved" "$lib"
        rm -f "$saved"
        for name in "${made[@]}"; do rm -rf "crates/$name" "testdata/$name"; done
        [ ${#made[@]} -eq 0 ] || cargo metadata -q --format-version 1 >/dev/null 2>&1
    }
    trap cleanup EXIT
    new_times=()
    make_times=()
    for i in $(seq "$runs"); do
        name=edit-loop-$i-$$
        made+=("$name")
        start=$EPOCHREALTIME
        scripts/new.sh "$name" --judge boj >/dev/null || die "scripts/new.sh $name failed"
        make_times+=("$(seconds_since "$start")")
        start=$EPOCHREALTIME
        scripts/test.sh --quick "$name" >/dev/null || die "scripts/test.sh --quick $name failed"
        new_times+=("$(seconds_since "$start")")
    done
    edit_times=()
    for i in $(seq "$runs"); do
        # A real one-line change (the answer plus i minus i), different each run.
        sed -i "s/out.int(solve(field)[^)]*)/out.int(solve(field) + $i - $i)/" "$lib"
        grep -q "solve(field) + $i - $i" "$lib" || die "the edit of $lib did not apply"
        start=$EPOCHREALTIME
        scripts/test.sh --quick boj-11559 >/dev/null || die "scripts/test.sh --quick boj-11559 failed"
        edit_times+=("$(seconds_since "$start")")
    done
    printf '   scripts/new.sh (the crate, its build, its testdata): median %s s (runs: %s)\n' \
        "$(printf '%s\n' "${make_times[@]}" | median)" "${make_times[*]}"
    printf '   new problem, first scripts/test.sh --quick: median %s s (runs: %s)\n' \
        "$(printf '%s\n' "${new_times[@]}" | median)" "${new_times[*]}"
    printf '   boj-11559 one-line edit to its last verdict:  median %s s (runs: %s)\n' \
        "$(printf '%s\n' "${edit_times[@]}" | median)" "${edit_times[*]}"
    echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
    exit 0
fi

if [ "$scale" = yes ]; then
    [ ${#problems[@]} -eq 1 ] || usage "--scale takes one problem"
    check_problems "${problems[0]}"
    xtask scale "${problems[0]}"
    exit
fi

if [ ${#problems[@]} -gt 0 ]; then
    check_problems "${problems[@]}"
fi
if [ ${#targets[@]} -eq 0 ]; then
    targets=(judge-io bundler scaffold)
    while read -r problem; do
        targets+=("$problem")
    done < <(xtask problems)
fi
for target in "${targets[@]}"; do
    dir=crates/$target
    [ "$target" = judge-io ] && dir=judge-io
    if [ ! -f "$dir/examples/$target-bench.rs" ] && [ ! -f "$dir/examples/$target-bench/main.rs" ]; then
        # Naming all problems skips those without a benchmark; naming one asks for it.
        [ ${#problems[@]} -eq 0 ] && continue
        [ "$target" = judge-io ] && die "judge-io has no benchmark ($dir/examples/$target-bench.rs)"
        die "$target has no kit yet (no $dir/examples/$target-bench.rs): scripts/new.sh --kit $target adds a generator and a benchmark"
    fi
    echo "== bench $target"
    # Example names carry the package name: cargo's outputs share one examples folder.
    cargo run -q --release -p "$target" --example "$target-bench" || die "the $target benchmark failed"
done
