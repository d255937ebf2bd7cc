#!/usr/bin/env bash
# run.sh — sets up the machine, builds gcnsim and the test apps, and runs one
# app under the simulator through the real OpenCL ICD loader, printing its
# verification result and the times the simulator reported.
#
#   scripts/run.sh [APP]
#
# APP is a test-apps folder name. Default: fir once test-apps/fir exists (the
# example the project is built around), else api (the OpenCL API test app;
# kernels do not execute yet). Environment variables such as GCNSIM_GPUS or
# GCNSIM_MODE are passed on to the simulator; the example runs in the timing model
# (GCNSIM_MODE=timing) unless GCNSIM_MODE says otherwise, so its times are simulated.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

"$GCNSIM_REPO/scripts/setup.sh"
say "cargo build --release"
build_release
say "making libgcnsim.so findable"
install_library_link
gpus=${GCNSIM_GPUS:-4}
say "building test-apps into build/"
if [ "$gpus" = 1 ] || [ "$gpus" = 4 ]; then
    build_apps 1 4
else
    build_apps 1 4 "$gpus"
fi

# The apps registered with CTest (test names are <app>.gcnsim<N> and <app>.pocl).
apps=$(ctest --test-dir "$GCNSIM_BUILD" -N |
    sed -n 's/^ *Test *#[0-9]*: \(.*\)\.gcnsim[0-9]*$/\1/p' | grep -vx clinfo | sort -u)
# The example app. This is where FIR becomes the example: as soon as an app
# named fir (any case) registers its tests (test-apps/fir/CMakeLists.txt calling
# gcnsim_add_opencl_test(NAME fir ...)), it is chosen; until then, the API test.
app=${1:-$(printf "%s\n" $apps | grep -ix fir | head -1 || true)}
app=${app:-api}
test_name="$app.gcnsim$gpus"
if ! ctest --test-dir "$GCNSIM_BUILD" -N -R "^${test_name//./\\.}\$" | grep -q "Total Tests: 1"; then
    echo "error: no test named $test_name; apps: $(echo $apps)" >&2
    exit 1
fi

export OCL_ICD_VENDORS=$GCNSIM_REPO/OpenCL.icd
export LD_LIBRARY_PATH=$GCNSIM_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export GCNSIM_GPUS=$gpus
export GCNSIM_MODE=${GCNSIM_MODE:-timing}
if [ "$GCNSIM_MODE" = timing ]; then
    time_label="simulated time"
else
    time_label="estimated time ($GCNSIM_MODE mode: the front end's rough estimate, not simulated; GCNSIM_MODE=timing simulates)"
fi

say "clinfo -l under gcnsim (OCL_ICD_VENDORS=$OCL_ICD_VENDORS)"
clinfo -l || true
[ -n "$(clinfo -l 2>/dev/null)" ] || echo "(no platform found)"

say "running $app on $gpus simulated GPU(s) in $GCNSIM_MODE mode ($test_name)"
log=$GCNSIM_BUILD/run-$app.log
status=0
# ctest -V runs the app with exactly the environment the tests use; it prefixes
# the app's output lines with the test number, after a header ending with
# "Test timeout computed to be".
ctest --test-dir "$GCNSIM_BUILD" -R "^${test_name//./\\.}\$" -V 2>&1 |
    awk 'body && sub(/^[0-9]+: /, "") { print } /Test timeout computed to be/ { body = 1 }' \
    >"$log" || true
grep -q '^PASSED$' "$log" || status=1
cat "$log"

say "result"
grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" || true
grep -E '^time: ' "$log" | sed "s/^time: /$time_label: /" || echo "$time_label: none (the app printed no profiling times)"
if [ $status -eq 0 ]; then
    echo "verification: PASSED"
else
    echo "verification: FAILED (full output: $log)"
fi
exit $status
