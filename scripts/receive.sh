#!/usr/bin/env bash
# Receives problems from the Competitive Companion browser extension (`xtask receive`; --help
# says more): listens on 127.0.0.1 only (port 4244 by default, one the extension posts to as
# it is) and makes a problem crate of each problem it sends, a contest whole: its samples in
# testdata/NAME/, its limits in its metadata, its judge from the page's address (--judge J for
# other sites), the interactive or multi-test shape when the page says so. Then it prints what
# it made and the next command. A crate that exists is never overwritten (--add-samples adds
# the page's samples it lacks). Every refusal is one `error:` line. Ctrl-C stops it.
#
#   scripts/receive.sh
#   scripts/receive.sh --port 10045 --judge boj
set -uo pipefail
# Every argument goes through to `xtask receive`, which parses them (--help too: common.sh
# sees none).
args=("$@")
set --
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build_xtask
# exec: Ctrl-C reaches the listener itself.
exec "$XTASK_BIN" receive ${args[@]+"${args[@]}"}
