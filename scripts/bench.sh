#!/usr/bin/env bash
# Runs the benchmarks (max-size inputs; figures, not pass/fail) in release mode.
# Usage: scripts/bench.sh [TARGET...]   TARGET: judge-io or a problem crate; default: all.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(judge-io)
    for dir in crates/*/; do
        [ -f "$dir/examples/$(basename "$dir")-bench.rs" ] && targets+=("$(basename "$dir")")
    done
fi
for target in "${targets[@]}"; do
    echo "== bench $target"
    # Example names carry the package name: cargo's outputs share one examples folder.
    cargo run -q --release -p "$target" --example "$target-bench"
done
