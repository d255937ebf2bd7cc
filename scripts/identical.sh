#!/usr/bin/env bash
# identical.sh — writes the timing-mode metrics reports, traces and printed
# profiling times (the host's build time left out) of a fixed set of workloads into a directory, so two builds
# can be compared byte for byte (diff -r DIR_A DIR_B).
#
#   scripts/identical.sh OUT_DIR [LIBDIR]
#
# LIBDIR is where libgcnsim.so is found (default: this worktree's
# target/release); the apps are taken from build/ (scripts/run.sh builds them).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
out=$1
lib=${2:-$GCNSIM_LIBDIR}
mkdir -p "$out"
run() {
    local name=$1 gpus=$2
    shift 2
    env OCL_ICD_VENDORS="$GCNSIM_REPO/OpenCL.icd" LD_LIBRARY_PATH="$lib" \
        GCNSIM_MODE=timing GCNSIM_GPUS="$gpus" GCNSIM_THREADS=1 \
        GCNSIM_REPORT="$out/$name.csv" GCNSIM_TRACE="$out/$name.trace.json" \
        "$@" 2>&1 | grep -v '^build: ' >"$out/$name.out"
}
b=$GCNSIM_BUILD
run fir 1 "$b/fir/fir" -n 262144
run matmul 1 "$b/matmul/matmul" -m 256 -n 256 -k 256
run transpose 1 "$b/transpose/transpose"
run kmeans 1 "$b/kmeans/kmeans"
run vectoradd4 4 "$b/vectoradd/vectoradd" --all-devices -n 262144
GCNSIM_UNIFIED=1 run matmul_unified4 4 "$b/matmul/matmul" -m 128 -n 128 -k 128
