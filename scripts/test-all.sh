#!/usr/bin/env bash
# Every test of the project, as `just test` runs it. Each runner prints its own summary; the last line adds
# them up ("N passed, N failed"). Exits non-zero when any step fails, after running the remaining steps.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
log=$(mktemp -d)
trap 'rm -rf "$log"; scripts/pg-local.sh test-writes off >/dev/null 2>&1 || true' EXIT
failed_steps=()

timings=()
step() {
    local name=$1; shift
    local started=$SECONDS
    printf '\n==> %s\n' "$name"
    if ! "$@" 2>&1 | tee "$log/$name.out"; then
        failed_steps+=("$name")
    fi
    timings+=("$name $((SECONDS - started)) s")
}

scripts/pg-local.sh ensure || exit 1
# Hundreds of test databases are made and dropped: no fsync for this run (scripts/pg-local.sh, test-writes).
scripts/pg-local.sh test-writes on || exit 1
scripts/pg-local.sh drop-dbs test_ >/dev/null || exit 1
export PMIS_TEST_DATABASE_URL="$(scripts/pg-local.sh url)"
scripts/py-tools.sh ensure || exit 1
export PMIS_TEST_PYTHON="$(scripts/py-tools.sh python)"

# Clippy lints the workspace's crates as their compiler in the test build, as `cargo clippy` itself does it
# (RUSTC_WORKSPACE_WRAPPER=clippy-driver, its arguments in CLIPPY_ARGS), with warnings as errors: the dependencies
# are built once for lints and tests instead of twice (about 6 minutes on 2 cores). Exported, so the browser tests'
# and schemathesis' `cargo build` find the same build. `just lint` still runs `cargo clippy` on its own.
RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver || rustup which clippy-driver)" || exit 1
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
step lint just lint-except-clippy
step cargo-test cargo test --workspace --no-fail-fast --color never
# What the API tests left (each process's seeded template, a database whose drop failed) goes before the browser tests.
scripts/pg-local.sh drop-dbs test_ >/dev/null || true
step vitest env NO_COLOR=1 npm --prefix frontend test --silent -- --reporter=default
step ui-build just ui-build
step playwright scripts/e2e.sh
step schemathesis scripts/schemathesis.sh

# Add up the runners' own counts.
# count LINE_PATTERN WORD: adds up "N WORD" on the runners' summary lines that match LINE_PATTERN.
count() {
    # Runners may colour their summaries even when not on a terminal: strip ANSI escapes first.
    sed 's/\x1b\[[0-9;]*m//g' "$log"/*.out 2>/dev/null | grep -E "$1" | grep -oE "[0-9]+ $2" | awk '{ s += $1 } END { print s + 0 }'
}
# cargo: "test result: ok. 23 passed; 0 failed;"  vitest: "Tests  1 failed | 3 passed (4)"
# playwright: "  3 passed (2.9s)" and "  1 failed"
# schemathesis (scripts/schemathesis.sh): "schemathesis: 28 passed (…)" counts the API operations it tested.
passed=$(( $(count '^test result:' passed) + $(count '^ +Tests ' passed) + $(count '^ +[0-9]+ passed \(' passed) + $(count '^schemathesis: ' passed) ))
failed=$(( $(count '^test result:' failed) + $(count '^ +Tests ' failed) + $(count '^ +[0-9]+ failed$' failed) + $(count '^schemathesis: ' failed) ))
echo
# Each step's wall time: CI's budget is 30 minutes, and this says where it goes.
echo "steps: $(IFS=,; echo "${timings[*]}" | sed 's/,/, /g')"
if [ ${#failed_steps[@]} -gt 0 ]; then
    echo "failed steps: ${failed_steps[*]}"
    [ "$failed" -gt 0 ] || failed=${#failed_steps[@]}
    echo "just test: $passed passed, $failed failed"
    exit 1
fi
echo "just test: $passed passed, $failed failed"
