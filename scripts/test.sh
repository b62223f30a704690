#!/usr/bin/env bash
# The one command that proves the workspace works on a fresh clone:
#   builds everything, runs `cargo test` (unit, stress and CLI tests), then runs every
#   testdata/<problem>/*.in through the release binary and through the bundle compiled the way
#   the problem's judge compiles (Debian's rustc 1.63, installed here if missing, or the
#   workspace's rustc with the judge's edition), judged by the problem's checker or interactor.
# It says what it builds and tests as it goes (and something at least every few seconds),
# prints cargo test's per-test lines only when something fails, then the verdict table and the
# slowest test binaries; ends with `N passed, N failed` (cargo tests plus testdata runs) and
# exits 1 on any failure.
#   --quick: the fast loop after an edit: the release build of the named problems and their
#   testdata through the release binary only (no cargo test, no bundle).
set -uo pipefail
USAGE="scripts/test.sh [--quick] [PROBLEM...]"
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

quick=no
problems=()
for arg in "$@"; do
    case $arg in
        --quick) quick=yes ;;
        -*) usage "unknown option $arg" ;;
        *) problems+=("$arg") ;;
    esac
done
[ ${#problems[@]} -eq 0 ] || check_problems "${problems[@]}"

log=$(mktemp)
times=$(mktemp)
trap 'rm -f "$log" "$times"' EXIT
passed=0
failed=0

# testdata [--quick]: the runner's verdict table; adds its counts to passed and failed.
testdata() {
    xtask testdata "$@" "${problems[@]}" | tee "$log"
    local status=${PIPESTATUS[0]} tp tf
    read -r tp tf < <(sed -n 's/^testdata: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log")
    passed=$((passed + ${tp:-0}))
    failed=$((failed + ${tf:-0}))
    if [ "$status" -ne 0 ] && [ "${tf:-0}" -eq 0 ]; then
        failed=$((failed + 1)) # the runner itself stopped with an error
    fi
}

if [ "$quick" = yes ]; then
    testdata --quick
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
fi

need_debian_package /usr/bin/rustc rustc "the judges' rustc 1.63"
need_debian_package /usr/bin/time time "GNU time, which the runner's memory test compares with"
need_debian_package /usr/lib/rustlib/x86_64-pc-windows-gnu libstd-rust-dev-windows \
    "rustc 1.63's Windows std, for the Codeforces bundle check"
echo "== judge compiler: $(/usr/bin/rustc --version), workspace: $(rustc --version)"

now_ms() {
    local micros=${EPOCHREALTIME/./}
    echo $((micros / 1000))
}

# progress: reads cargo's output on stdin into $log and says what cargo is doing: each crate
# it compiles, each test binary it runs, and a line after every 5 s of silence. Each test
# binary's time (libtest's `finished in`) goes to $times as `SECONDS NAME`.
progress() {
    local line chunk="" doing="" since package="" binary="" status seconds
    since=$(now_ms)
    : >"$log"
    while :; do
        if IFS= read -r -t 5 line; then
            line="$chunk$line"
            chunk=""
        else
            status=$?
            if [ "$status" -gt 128 ]; then # timed out; what came so far is in $line
                chunk+=$line
                seconds=$((($(now_ms) - since) / 1000))
                echo "   ... ${doing:-working} (${seconds} s so far)"
                continue
            fi
            [ -n "$chunk$line" ] || break # the end of the input
            line="$chunk$line"            # a last line without a newline
            chunk=""
        fi
        printf '%s\n' "$line" >>"$log"
        case $line in
            *" Compiling "*)
                read -r _ package _ <<<"$line"
                doing="compiling $package"
                since=$(now_ms)
                echo "   $doing"
                ;;
            *" Running "*)
                # `Running unittests src/lib.rs (target/debug/deps/boj_11559-0123abcd)` starts a
                # package (or src/main.rs, for one without a library); `Running tests/stress.rs
                # (...)` and the unit tests of src/bin/* are the same package's.
                binary=${line#*Running }
                binary=${binary% (*}
                binary=${binary#unittests }
                if [[ $line == *"Running unittests src/lib.rs "* || $line == *"Running unittests src/main.rs "* ]]; then
                    package=${line##*/}
                    package=${package%-*}
                    package=${package//_/-}
                fi
                binary="$package $binary"
                doing="testing $binary"
                since=$(now_ms)
                echo "   $doing"
                ;;
            *" Doc-tests "*)
                binary="${line##* } doc-tests"
                binary=${binary//_/-}
                doing="testing $binary"
                since=$(now_ms)
                echo "   $doing"
                ;;
            "test result: "*)
                seconds=${line##*finished in }
                echo "${seconds%s} $binary" >>"$times"
                ;;
        esac
    done
}

echo "== cargo build --release --workspace"
cargo build --release --workspace --bins 2>&1 | progress
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
    cat "$log"
    echo "error: the release build failed" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

packages=(--workspace)
if [ ${#problems[@]} -gt 0 ]; then
    packages=()
    for problem in "${problems[@]}"; do packages+=(-p "$problem"); done
fi
echo "== cargo test ${packages[*]}"
cargo test --no-fail-fast "${packages[@]}" 2>&1 | progress
test_status=${PIPESTATUS[0]}
# The "N passed; M failed" counts of every test binary.
while read -r p f; do
    passed=$((passed + p))
    failed=$((failed + f))
done < <(sed -n 's/^test result: [A-Za-z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$log")
if [ "$test_status" -ne 0 ]; then
    # The per-test lines, failures and build errors: all but passing tests and cargo's progress.
    grep -v -e ' \.\.\. ok$' -e '^running [0-9]* tests\?$' -e '^$' -e '^test result: ok\.' \
        -e '^ *\(Compiling\|Running\|Doc-tests\|Finished\|Fresh\) ' "$log"
    [ "$failed" -eq 0 ] && failed=1 # it failed before any test ran (a build error)
fi
echo "cargo test: $passed passed, $failed failed"

echo "== testdata"
testdata

if [ -s "$times" ]; then
    echo "== slowest test binaries"
    sort -rn "$times" | head -5 | while read -r seconds name; do
        printf '   %7.2f s  %s\n' "$seconds" "$name"
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
