#!/usr/bin/env bash
# Creates a new problem crate, crates/NAME, that passes scripts/test.sh NAME, clippy and fmt at
# once: a sample input format, stubs that say what to replace, the oracle, the generator, the
# stress and CLI tests, testdata.list and a sample in testdata/NAME/.
#
#   scripts/new.sh boj-1000 --judge boj        (profiles: cargo run -q -p xtask -- profiles)
set -uo pipefail
USAGE="scripts/new.sh NAME --judge PROFILE   (for example: scripts/new.sh boj-1000 --judge boj)"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -eq 3 ] || usage
xtask new "$@" || exit $?
# The templates are formatted for names of usual length; a long name may move line breaks.
cargo fmt -p "$1" || die "cargo fmt -p $1 failed"
scripts/make-testdata.sh "$1" || die "crates/$1 was created, but its testdata could not be made"
