#!/usr/bin/env bash
# Prints one self-contained .rs file for PROBLEM (its main.rs with judge-io, the problem's
# library and the workspace libraries it depends on inlined as modules) on stdout, and its size
# against the judge's limit on stderr. --compact drops comments (for small source limits).
#
#   scripts/bundle.sh boj-11559 > Main.rs
#   scripts/bundle.sh --compact boj-11559 > Main.rs
set -euo pipefail

compact=()
if [[ "${1:-}" == "--compact" ]]; then
    compact=(--compact)
    shift
fi
if [[ $# -ne 1 || -z "$1" || "$1" == -* ]]; then
    echo "usage: scripts/bundle.sh [--compact] PROBLEM   (for example: scripts/bundle.sh boj-11559 > Main.rs)" >&2
    exit 2
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v cargo >/dev/null && [[ -x "$HOME/.cargo/bin/cargo" ]]; then
    PATH="$HOME/.cargo/bin:$PATH"
fi
exec cargo run -q --release -p xtask -- bundle "${compact[@]}" "$1"
