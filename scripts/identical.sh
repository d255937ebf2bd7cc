#!/usr/bin/env bash
# identical.sh — writes the timing-mode metrics reports, traces and printed
# profiling times (the host's build time left out) of a fixed set of workloads, and
# the emu-mode reports and outputs of every workload app (on one and two simulator
# threads), into a directory, so two builds can be compared byte for byte
# (diff -r DIR_A DIR_B).
#
#   scripts/identical.sh OUT_DIR [LIBDIR]
#
# The timing runs use IDENTICAL_THREADS simulator threads (default 1), so the
# same build's output at 1 and 2 threads can be compared too.
#
# LIBDIR is where libgcnsim.so is found (default: this worktree's
# target/release); the apps are taken from build/ (scripts/run.sh builds them).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
out=$1
lib=$(cd "${2:-$GCNSIM_LIBDIR}" && pwd)  # absolute: some runs change directory
mkdir -p "$out"
run() {
    local name=$1 gpus=$2
    shift 2
    env OCL_ICD_VENDORS="$GCNSIM_REPO/OpenCL.icd" LD_LIBRARY_PATH="$lib" \
        GCNSIM_MODE=timing GCNSIM_GPUS="$gpus" GCNSIM_THREADS="${IDENTICAL_THREADS:-1}" \
        GCNSIM_REPORT="$out/$name.csv" GCNSIM_TRACE="$out/$name.trace.json" \
        "$@" 2>&1 | grep -v '^build: ' >"$out/$name.out"
}
# run_emu NAME GPUS APP ARGS...: emu mode on 1 and 2 simulator threads.
run_emu() {
    local name=$1 gpus=$2 threads
    shift 2
    for threads in 1 2; do
        env OCL_ICD_VENDORS="$GCNSIM_REPO/OpenCL.icd" LD_LIBRARY_PATH="$lib" \
            GCNSIM_MODE=emu GCNSIM_GPUS="$gpus" GCNSIM_THREADS=$threads \
            GCNSIM_REPORT="$out/emu-$name-$threads.csv" \
            "$@" 2>&1 | grep -v '^build: ' >"$out/emu-$name-$threads.out"
    done
}
b=$GCNSIM_BUILD
run fir 1 "$b/fir/fir" -n 262144
run matmul 1 "$b/matmul/matmul" -m 256 -n 256 -k 256
run transpose 1 "$b/transpose/transpose"
run kmeans 1 "$b/kmeans/kmeans"
run vectoradd4 4 "$b/vectoradd/vectoradd" --all-devices -n 262144
GCNSIM_UNIFIED=1 run matmul_unified4 4 "$b/matmul/matmul" -m 128 -n 128 -k 128
for app in aes convolution bitonicsort reduction vectoradd sobel; do
    run "$app" 1 "$b/$app/$app"
done
# Every kind of image instruction (imagediff compares with PoCL, so it sees both).
run imagediff 1 env OCL_ICD_VENDORS="$b/imagediff/vendors" "$b/imagediff/imagediff" \
    "$GCNSIM_REPO/test-apps/imagediff/imagediff.cl"
# GCN3's round-robin issue arbiter (the other apps run MGPUSim's sticky one).
(cd "$b/microbench" && GCNSIM_CONFIG="$GCNSIM_REPO/test-apps/microbench/round_robin.toml" \
    run microbench-round-robin 1 "$b/microbench/microbench")
for app in fir matmul aes kmeans transpose convolution bitonicsort reduction vectoradd; do
    run_emu "$app" 1 "$b/$app/$app"
done
run_emu fir-1M 1 "$b/fir/fir" -n 1048576
run_emu vectoradd-4M 1 "$b/vectoradd/vectoradd" -n 4194304
run_emu vectoradd4 4 "$b/vectoradd/vectoradd" --all-devices -n 262144
run_emu matmul-512 1 "$b/matmul/matmul" -m 512 -n 512 -k 512
