#!/usr/bin/env bash
# Runs a problem's stress tests (solver vs oracle) for as many cases as asked, in release mode.
# Usage: scripts/stress.sh PROBLEM [CASES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
problem=${1:?usage: scripts/stress.sh PROBLEM [CASES] [SEED]}
export STRESS_CASES=${2:-100000}
[ -n "${3:-}" ] && export STRESS_SEED=$3
cargo test --release -p "$problem" --test stress -- --nocapture
