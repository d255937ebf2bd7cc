#!/usr/bin/env bash
# cts.sh — the Khronos OpenCL-CTS as a test source (not part of CI: it builds
# the CTS and runs for an hour or more).
#
#   CTS_SOURCE=<git repository or mirror of KhronosGroup/OpenCL-CTS> \
#       scripts/cts.sh [--suites "api basic ..."] [--only "basic/astype ..."]
#                      [--timeout SECONDS] [--args "OPTIONS"] [--pocl-if-needed]
#                      [--no-build] [--build-only]
#
# 1. Builds the CTS at the pinned commit below (the newest that builds against
#    Debian 12's OpenCL 2023.02 headers) into build/cts: the sources are taken
#    from CTS_SOURCE with `git archive` (a bare mirror will do; default: the
#    GitHub repository, cloned into build/cts/git), and only
#    the suites' executables (test_<suite>) are built, one job at a time
#    under nice.
# 2. Runs every sub-test of each suite (the names its --help lists; with
#    --only, just the named suite/sub-test pairs, of those suites) in a
#    process of its own, first on gcnsim (this clone's target/release, one GPU,
#    GCNSIM_MODE as set, GCNSIM_THREADS=1 unless set), then on PoCL, each
#    with a time limit (default 300 s), in the suite's build folder. --args gives
#    every run options before the sub-test's name (the image suites' modes, e.g.
#    "small_images" or "CL_FILTER_NEAREST"). --pocl-if-needed runs PoCL only
#    where gcnsim does not pass (its column shows "-" elsewhere): what the
#    comparison needs, in about half the time.
# 3. Prints a table with one row per sub-test — suite, sub-test, gcnsim,
#    PoCL — where each column is pass, fail, n/a (the CTS skipped it: the
#    device does not claim the feature), timeout, or crash (no result,
#    exit status N); then the counts per column and the total run time on
#    each platform. The table is also written to
#    build/cts/results/run-<UTC date and time>-<process id>.md and .csv, a pair
#    per call, so calls never overwrite each other's tables.
#
# Default suites: the list of issue 14 (computeinfo api mem_host_flags events
# profiling buffers basic compiler printf). The wider list adds commonfns
# relationals integer_ops atomics vectors multiples device_timer c11_atomics
# generic_address_space non_uniform_work_group subgroups conversions bruteforce
# (math_brute_force's executable); conversions and bruteforce always run in
# their reduced mode (-w, set as CL_WIMPY_MODE=1), as the list asks.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

CTS_COMMIT=0353c0bdbe302920c9c216df2c4f32f4f70ba5a0
CTS_SOURCE=${CTS_SOURCE:-https://github.com/KhronosGroup/OpenCL-CTS}
CTS_DIR=$GCNSIM_BUILD/cts
POCL_ICD=${POCL_ICD:-/etc/OpenCL/vendors/pocl.icd}

suites="computeinfo api mem_host_flags events profiling buffers basic compiler printf"
only=""
timeout_s=300
build=1
run=1
extra_args=""
pocl_if_needed=0

while [ $# -gt 0 ]; do
    case $1 in
        --suites) suites=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --timeout) timeout_s=$2; shift 2 ;;
        --args) extra_args=$2; shift 2 ;;
        --pocl-if-needed) pocl_if_needed=1; shift ;;
        --no-build) build=0; shift ;;
        --build-only) run=0; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "cts.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ -n "$only" ]; then
    suites=$(for pair in $only; do echo "${pair%%/*}"; done | awk '!seen[$0]++' | tr '\n' ' ')
fi
case $timeout_s in
    ''|*[!0-9]*) echo "cts.sh: --timeout needs a number of seconds, not '$timeout_s'" >&2; exit 2 ;;
esac

# The CTS sources at the pinned commit, in $CTS_DIR/src. Files whose contents
# the repository lacks (a mirror may leave out its largest files, such as
# test_conformance/spir/conversions.zip, which only test_spir needs) are left
# out, and named.
fetch_sources() {
    # (Nothing to fetch when the sources are there at the pinned commit.)
    [ "$(cat "$CTS_DIR/src/.commit" 2>/dev/null)" = "$CTS_COMMIT" ] && return 0
    local git_dir=$CTS_SOURCE
    if [ ! -d "$CTS_SOURCE" ]; then
        git_dir=$CTS_DIR/git
        [ -d "$git_dir" ] || git clone --bare "$CTS_SOURCE" "$git_dir"
    fi
    local missing=() path
    while IFS= read -r path; do
        echo "cts.sh: not in the repository, left out: $path" >&2
        missing+=(":(exclude)$path")
    done < <(git -C "$git_dir" ls-tree -r "$CTS_COMMIT" |
        awk '$2 == "blob" { print $3 "\t" $4 }' |
        while IFS=$'\t' read -r object path; do
            git -C "$git_dir" cat-file -e "$object" 2>/dev/null || echo "$path"
        done)
    rm -rf "$CTS_DIR/src"
    mkdir -p "$CTS_DIR/src"
    # (git archive still reports the left-out files' missing objects: filtered.)
    git -C "$git_dir" archive "$CTS_COMMIT" -- . "${missing[@]}" \
        2> >(grep -v '^error: invalid object' >&2) | tar -x -C "$CTS_DIR/src"
    echo "$CTS_COMMIT" >"$CTS_DIR/src/.commit"
}

build_suites() {
    say "building the CTS at ${CTS_COMMIT:0:8}: $suites"
    fetch_sources
    cmake -S "$CTS_DIR/src" -B "$CTS_DIR/build" -DCMAKE_BUILD_TYPE=Release \
        -DCL_INCLUDE_DIR=/usr/include -DCL_LIB_DIR=/usr/lib/x86_64-linux-gnu \
        -DOPENCL_LIBRARIES=OpenCL >/dev/null
    local targets=() s
    for s in $suites; do targets+=(--target "test_$s"); done
    nice cmake --build "$CTS_DIR/build" -j1 "${targets[@]}"
}

# The executable of suite $1.
suite_binary() {
    find "$CTS_DIR/build/test_conformance" -type f -name "test_$1" -perm -u+x | head -n 1
}

# The sub-test names of suite $1 (executable $2), one a line: the lines of --help
# that are a tab and a name (under "Test names:", or test_printf's own list);
# math_brute_force lists its functions with -p; test_conversions has a single
# harness test, "conversions", which runs every conversion.
subtest_names() {
    case $1 in
        bruteforce) "$2" -p 2>&1 | sed -n 's/^\t\([A-Za-z0-9_]*\)$/\1/p' ;;
        conversions) echo conversions ;;
        *) "$2" --help 2>&1 | sed -n 's/^\t\([A-Za-z0-9_]*\)$/\1/p' ;;
    esac
}

# Runs sub-test $2 of suite $1 on platform $3 (gcnsim or pocl); prints its result.
run_subtest() {
    local suite=$1 test=$2 platform=$3 bin json status result name=$2
    # (test_conversions reads its arguments as conversion names: "conversions",
    # its harness test, is every conversion, given as no name at all.)
    [ "$suite" = conversions ] && name=""
    bin=$(suite_binary "$suite")
    json=$CTS_DIR/results/$platform/$suite.$test.json
    mkdir -p "$(dirname "$json")"
    rm -f "$json"
    local env=(CL_CONFORMANCE_RESULTS_FILENAME="$json")
    case $suite in conversions|bruteforce) env+=(CL_WIMPY_MODE=1) ;; esac
    if [ "$platform" = gcnsim ]; then
        env+=(OCL_ICD_VENDORS="$GCNSIM_REPO/OpenCL.icd" LD_LIBRARY_PATH="$GCNSIM_LIBDIR"
              GCNSIM_GPUS=1 GCNSIM_THREADS="${GCNSIM_THREADS:-1}"
              GCNSIM_CACHE_DIR="$CTS_DIR/gcnsim-cache")
    else
        env+=(OCL_ICD_VENDORS="$POCL_ICD")
    fi
    set +e
    (cd "$(dirname "$bin")" && env "${env[@]}" timeout --kill-after=10 "$timeout_s" \
        "$bin" $extra_args $name >"$CTS_DIR/results/$platform/$suite.$test.log" 2>&1)
    status=$?
    set -e
    # (No results file after a timeout or a crash.)
    result=$(sed -n "s/^[[:space:]]*\"$test\": \"\([a-z]*\)\".*/\1/p" "$json" 2>/dev/null || true)
    case $result in
        pass) echo pass ;;
        fail) echo fail ;;
        skip) echo n/a ;;
        *) if [ $status -eq 124 ] || [ $status -eq 137 ]; then echo timeout;
           else echo "crash ($status)"; fi ;;
    esac
}

run_suites() {
    local run_name
    run_name=run-$(date -u +%Y%m%dT%H%M%S)-$$
    local md=$CTS_DIR/results/$run_name.md csv=$CTS_DIR/results/$run_name.csv s t bin g p
    local -A count time
    mkdir -p "$CTS_DIR/results"
    {
        echo "CTS ${CTS_COMMIT:0:8}, $(date -u +%Y-%m-%d), gcnsim $(git -C "$GCNSIM_REPO" rev-parse --short HEAD) (GCNSIM_MODE=${GCNSIM_MODE:-emu}, 1 GPU), timeout ${timeout_s} s${extra_args:+, options: $extra_args}"
        echo
        echo "| suite | sub-test | gcnsim | PoCL |"
        echo "| --- | --- | --- | --- |"
    } >"$md"
    echo "suite,subtest,gcnsim,pocl" >"$csv"
    time[gcnsim]=0
    time[pocl]=0
    for s in $suites; do
        bin=$(suite_binary "$s")
        if [ -z "$bin" ]; then
            echo "cts.sh: test_$s was not built (run without --no-build)" >&2
            exit 1
        fi
        for t in $(subtest_names "$s" "$bin"); do
            if [ -n "$only" ] && [[ " $only " != *" $s/$t "* ]]; then
                continue
            fi
            local start=$SECONDS
            g=$(run_subtest "$s" "$t" gcnsim)
            time[gcnsim]=$((time[gcnsim] + SECONDS - start))
            if [ $pocl_if_needed -eq 1 ] && [ "$g" = pass ]; then
                p=-
            else
                start=$SECONDS
                p=$(run_subtest "$s" "$t" pocl)
                time[pocl]=$((time[pocl] + SECONDS - start))
            fi
            printf '%-16s %-48s %-12s %s\n' "$s" "$t" "$g" "$p"
            echo "| $s | $t | $g | $p |" >>"$md"
            echo "$s,$t,$g,$p" >>"$csv"
            count[gcnsim ${g%% *}]=$((${count[gcnsim ${g%% *}]:-0} + 1))
            count[pocl ${p%% *}]=$((${count[pocl ${p%% *}]:-0} + 1))
        done
    done
    local line
    for platform in gcnsim pocl; do
        line="$platform:"
        for r in pass fail n/a timeout crash -; do
            line+=" ${count[$platform $r]:-0} ${r/#-/not run},"
        done
        line+=" ${time[$platform]} s"
        echo "$line"
        printf '\n%s\n' "$line" >>"$md"
    done
    echo "table: $md (and .csv)"
}

if [ $build -eq 1 ]; then build_suites; fi
if [ $run -eq 1 ]; then run_suites; fi
