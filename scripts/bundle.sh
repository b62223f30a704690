#!/usr/bin/env bash
# Prints one self-contained .rs file for PROBLEM (its main.rs with judge-io and the problem's
# library inlined as modules) on stdout, and its size against the judge's limit on stderr.
#
#   scripts/bundle.sh boj-11559 > Main.rs
set -euo pipefail

if [[ $# -ne 1 || -z "$1" ]]; then
    echo "usage: scripts/bundle.sh PROBLEM   (for example: scripts/bundle.sh boj-11559 > Main.rs)" >&2
    exit 2
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v cargo >/dev/null && [[ -x "$HOME/.cargo/bin/cargo" ]]; then
    PATH="$HOME/.cargo/bin:$PATH"
fi
exec cargo run -q --release -p xtask -- bundle "$1"
