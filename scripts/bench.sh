#!/usr/bin/env bash
# Runs the benchmarks (max-size inputs; figures, not pass/fail) in release mode.
#   TARGET: judge-io, bundler (bundling times, a generated 20k-line library among them) or a
#   problem crate with examples/<problem>-bench.rs; default: all.
set -uo pipefail
USAGE="scripts/bench.sh [judge-io|bundler|PROBLEM...]"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

targets=()
problems=()
for arg in "$@"; do
    case $arg in
        -*) usage "unknown option $arg" ;;
        judge-io | bundler) targets+=("$arg") ;;
        *) problems+=("$arg"); targets+=("$arg") ;;
    esac
done
if [ ${#problems[@]} -gt 0 ]; then
    check_problems "${problems[@]}"
fi
if [ ${#targets[@]} -eq 0 ]; then
    targets=(judge-io bundler)
    while read -r problem; do
        targets+=("$problem")
    done < <(xtask problems)
fi
for target in "${targets[@]}"; do
    dir=crates/$target
    [ "$target" = judge-io ] && dir=judge-io
    if [ ! -f "$dir/examples/$target-bench.rs" ] && [ ! -f "$dir/examples/$target-bench/main.rs" ]; then
        # Naming all problems skips those without a benchmark; naming one asks for it.
        [ $# -eq 0 ] && continue
        [ "$target" = judge-io ] && die "judge-io has no benchmark ($dir/examples/$target-bench.rs)"
        die "$target has no kit yet (no $dir/examples/$target-bench.rs): scripts/new.sh --kit $target adds a generator and a benchmark"
    fi
    echo "== bench $target"
    # Example names carry the package name: cargo's outputs share one examples folder.
    cargo run -q --release -p "$target" --example "$target-bench" || die "the $target benchmark failed"
done
