#!/usr/bin/env bash
# test.sh — every test of the project, with a summary at the end:
#   set-up, cargo fmt --check, cargo clippy (warnings are errors), the release
#   build, cargo test of the workspace, the test apps built with CMake, and
#   CTest: each app under gcnsim with GCNSIM_GPUS=1 and 4 (label gcnsim) and
#   under PoCL as the reference (label pocl), plus the clinfo checks.
# Exits non-zero when any step fails. Extra arguments go to ctest (e.g. -L pocl).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$GCNSIM_REPO"

results=()
failed=0
# step NAME COMMAND...: runs a step, records its outcome and duration.
step() {
    local name=$1 start=$SECONDS status
    shift
    say "$name"
    "$@"
    status=$?
    local took=$((SECONDS - start))
    if [ $status -eq 0 ]; then
        results+=("$(printf '%-6s %5ss  %s' ok "$took" "$name")")
    else
        results+=("$(printf '%-6s %5ss  %s' FAILED "$took" "$name")")
        failed=1
    fi
    return $status
}
skip() {
    results+=("$(printf '%-6s %5s   %s (%s)' skip - "$1" "$2")")
    failed=1
}

run_ctest() {
    ctest --test-dir "$GCNSIM_BUILD" --output-on-failure --parallel "$(nproc)" "$@"
}

step "set-up (scripts/setup.sh)" "$GCNSIM_REPO/scripts/setup.sh" || {
    echo "set-up failed; nothing else can run" >&2
    exit 1
}
step "cargo fmt --check" cargo fmt --all --check
step "cargo clippy --all-targets -- -D warnings" \
    cargo clippy --workspace --all-targets -- -D warnings
if step "cargo build --release" build_release; then
    step "install the libgcnsim.so link" install_library_link
fi
step "cargo test --workspace --release" cargo test --workspace --release
if step "build test-apps (CMake)" build_apps; then
    step "ctest (gcnsim with 1 and 4 GPUs, PoCL)" run_ctest "$@"
else
    skip "ctest" "test-apps did not build"
fi

say "summary"
printf '%s\n' "${results[@]}"
if [ $failed -eq 0 ]; then
    echo "ALL PASSED (${SECONDS}s)"
else
    echo "SOME STEPS FAILED (${SECONDS}s)"
fi
exit $failed
