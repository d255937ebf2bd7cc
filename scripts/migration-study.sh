#!/usr/bin/env bash
# migration-study.sh — the MGPUSim paper's multi-GPU case study on gcnsim's own
# workloads: how do vector add, matmul, FIR and transpose run on 2 and 4 R9 Nanos as
# discrete devices (the program splits the work), as a unified device with
# interleaved pages (RDMA only), with the Locality API placing each GPU's data on it,
# with on-demand page migration and with progressive page splitting (PASI), against
# one GPU? Not part of CI (minutes of timing simulation).
#
#   scripts/migration-study.sh [--threads N] [--only APP]...
#
# Runs each app in GCNSIM_MODE=timing on one GPU, on 2 and 4 discrete GPUs
# (--all-devices) and with GCNSIM_UNIFIED=1 on 2 and 4 GPUs of the default platform
# (PCIe switch tree): page_migration "off" without and with the app's --locality,
# "on_demand" (configs/page-migration.toml) and "pasi" (configs/pasi.toml). Prints one
# table (also build/migration-study.md): per app and setup the kernel time (summed over
# a device's launches; of the slowest device for discrete GPUs), the speed-up over one
# GPU, the bytes that crossed between GPUs during the kernels (requests, answers and
# migrations, headers included), those that crossed before them (buffers moving
# between discrete GPUs, pages the Locality API placed) and the pages migrated.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

threads=1
only=()
while [ $# -gt 0 ]; do
    case $1 in
    --threads)
        threads=$2
        shift
        ;;
    --only)
        only+=("$2")
        shift
        ;;
    *)
        echo "usage: $0 [--threads N] [--only APP]..." >&2
        exit 2
        ;;
    esac
    shift
done

# app|arguments|whether it takes --all-devices and --locality (the sizes of
# docs/multigpu.md's discrete-versus-unified table; k-means, whose five iterations
# read the same points, splits its work over no devices)
APPS='
vectoradd|-n 1048576|1
matmul|-m 256 -n 256 -k 256|1
fir|-n 262144|1
transpose|-r 1024 -c 1024|1
kmeans|-n 65536|0
'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
table=$GCNSIM_BUILD/migration-study.md
{
    echo "| workload | setup | kernel us | speed-up | inter-GPU MB | moved before, MB | pages migrated |"
    echo "|---|---|---|---|---|---|---|"
} >"$table"
while IFS='|' read -r app args splits; do
    [ -n "$app" ] || continue
    if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" $app "* ]]; then
        continue
    fi
    exe=$GCNSIM_BUILD/$app/$app
    [ -x "$exe" ] || { echo "error: $exe not built" >&2; exit 1; }
    one=""
    for setup in "1 GPU|1|0||" \
        "2 discrete GPUs|2|0||--all-devices" "2 GPUs, unified|2|1||" \
        "2 GPUs, Locality API|2|1||--locality 2" \
        "2 GPUs, on-demand migration|2|1|page-migration|" "2 GPUs, PASI|2|1|pasi|" \
        "4 discrete GPUs|4|0||--all-devices" "4 GPUs, unified|4|1||" \
        "4 GPUs, Locality API|4|1||--locality 4" \
        "4 GPUs, on-demand migration|4|1|page-migration|" "4 GPUs, PASI|4|1|pasi|"; do
        IFS='|' read -r label gpus unified config extra <<<"$setup"
        [ "$splits" = 1 ] || [ -z "$extra" ] || continue
        report=$work/$app-$gpus-$unified-$config-${extra// /}.csv
        settings=(GCNSIM_MODE=timing GCNSIM_GPUS="$gpus" GCNSIM_UNIFIED="$unified"
            GCNSIM_THREADS="$threads" GCNSIM_REPORT="$report")
        [ -z "$config" ] || settings+=(GCNSIM_CONFIG="$GCNSIM_REPO/configs/$config.toml")
        # shellcheck disable=SC2086
        if ! env OCL_ICD_VENDORS="$GCNSIM_REPO/OpenCL.icd" LD_LIBRARY_PATH="$GCNSIM_LIBDIR" \
            GCNSIM_CACHE_DIR="$GCNSIM_BUILD/gcnsim-cache" "${settings[@]}" \
            nice -n 10 "$exe" $args $extra >"$work/out" 2>&1 || ! grep -q PASSED "$work/out"; then
            echo "error: $app ($label) failed:" >&2
            tail -5 "$work/out" >&2
            exit 1
        fi
        row=$(python3 - "$report" "$app" "$label" "$one" <<'PY'
import csv, re, sys
report, app, label, one = sys.argv[1:]
kernel = crossed = moved = pages = 0
for location, what, value, _unit in csv.reader(open(report)):
    if re.fullmatch(r"gpu\d+", location) and what == "kernel_time":
        kernel = max(kernel, float(value))
    elif location.endswith(".fabric") and re.fullmatch(r"bytes_gpu\d+_to_gpu\d+", what):
        if location == "transfers.fabric":
            moved += float(value)
        else:
            crossed += float(value)
    elif location.endswith(".fabric") and what.startswith("migrated_pages_"):
        pages += float(value)
speedup = float(one) / kernel if one else 1.0
print(f"{kernel:.0f}||| {app} | {label} | {kernel / 1000:.1f} | {speedup:.2f} | "
      f"{crossed / 1e6:.2f} | {moved / 1e6:.2f} | {pages:.0f} |")
PY
)
        [ -n "$one" ] || one=${row%%||*}
        echo "${row#*||}" | tee -a "$table"
    done
done <<<"$APPS"
echo "table: $table"
