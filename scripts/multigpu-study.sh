#!/usr/bin/env bash
# multigpu-study.sh — the MGPUSim paper's unified multi-GPU question on gcnsim: how
# do MGPUSim's benchmarks speed up on 1, 2 and 4 R9 Nanos made one device, and what
# crosses the links between them? Not part of CI (minutes of timing simulation).
#
#   MGPUSIM_DIR=/path/to/mgpusim scripts/multigpu-study.sh [--no-build] [--only NAME]
#
# Runs the same hosts as scripts/crossval.sh (test-apps/mgpusim/, MGPUSim's own code
# objects read from MGPUSIM_DIR) in GCNSIM_MODE=timing with GCNSIM_UNIFIED=1 on 1, 2
# and 4 GPUs of the default platform (PCIe switch tree, interleaved pages, MGPUSim's
# work-group split), and on 4 GPUs with direct links between every two GPUs
# (gpu_links = "all_to_all", 32 GB/s each way: --a2a-gbps to change it), and on 2 and
# 4 GPUs over the PCIe tree with on-demand page migration (configs/page-migration.toml)
# and with PASI (configs/pasi.toml); and, for the hosts that take --devices N, on 2
# and 4 discrete GPUs (the host splits the work-groups over N devices, each with
# buffers of its own; kernel time from the hosts' "time:" lines: per launch, the
# latest end minus the earliest start over the devices). Prints one table (also
# build/multigpu-study.md): per workload the summed kernel time, the speed-up over one GPU, the bytes that
# crossed between GPUs, the busiest link's utilisation (its busy time over the
# kernels' time) and the pages migrated.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# workload|host arguments (sizes a little above MGPUSim's defaults: enough
# work-groups to fill four GPUs)
WORKLOADS='
fir|-n 262144
matrixtranspose|-w 1024
aes|-n 262144
kmeans|-p 8192 -c 5 -f 32 -i 5
simpleconvolution|-x 766 -y 766 -m 3
matrixmultiplication|-x 256 -y 256 -z 256
relu|-n 1048576
'

build=1
a2a_gbps=32
only=()
while [ $# -gt 0 ]; do
    case $1 in
    --no-build) build=0 ;;
    --only)
        only+=("$2")
        shift
        ;;
    --a2a-gbps)
        a2a_gbps=$2
        shift
        ;;
    *)
        echo "usage: $0 [--no-build] [--only NAME]... [--a2a-gbps G]" >&2
        exit 2
        ;;
    esac
    shift
done
[ -n "${MGPUSIM_DIR:-}" ] || {
    echo "error: set MGPUSIM_DIR to an MGPUSim v3.0.0 checkout (its code objects)" >&2
    exit 2
}

rows=()
while IFS= read -r line; do
    [ -n "$line" ] || continue
    if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" ${line%%|*} "* ]]; then
        continue
    fi
    rows+=("$line")
done <<<"$WORKLOADS"

if [ "$build" = 1 ]; then
    say "building gcnsim (release) and the MGPUSim hosts"
    build_mgpusim_hosts "${rows[@]%%|*}"
fi

unset GCNSIM_REPORT GCNSIM_TRACE GCNSIM_SUMMARY GCNSIM_MODE GCNSIM_GPUS GCNSIM_CONFIG
out=$GCNSIM_BUILD/multigpu-study
mkdir -p "$out"
printf '[platform]\ngpu_links = "all_to_all"\np2p_gbytes_per_s = %s\n' "$a2a_gbps" \
    >"$out/all-to-all.toml"
manifest=$out/manifest.tsv
: >"$manifest"

# setup label|GPUs|platform file (empty: the default)|unified or discrete
SETUPS="1 GPU|1||unified
2 discrete GPUs|2||discrete
4 discrete GPUs|4||discrete
2 GPUs, PCIe tree|2||unified
4 GPUs, PCIe tree|4||unified
4 GPUs, all-to-all|4|$out/all-to-all.toml|unified
2 GPUs, on-demand migration|2|$GCNSIM_REPO/configs/page-migration.toml|unified
4 GPUs, on-demand migration|4|$GCNSIM_REPO/configs/page-migration.toml|unified
2 GPUs, PASI|2|$GCNSIM_REPO/configs/pasi.toml|unified
4 GPUs, PASI|4|$GCNSIM_REPO/configs/pasi.toml|unified"

for line in "${rows[@]}"; do
    IFS='|' read -r name args <<<"$line"
    read -r -a argv <<<"$args"
    host=$GCNSIM_BUILD/mgpusim/mgpusim-$name
    # Hosts that split their work over discrete devices list --devices.
    discrete=0
    help=$("$host" --help 2>&1 || true)
    [[ $help != *--devices* ]] || discrete=1
    while IFS='|' read -r label gpus config mode; do
        [ "$mode" = unified ] || [ "$discrete" = 1 ] || continue
        tag=${name}_$(echo "$label" | tr -c 'a-zA-Z0-9' '_')
        echo "gcnsim: $name $args on $label"
        settings=(GCNSIM_MODE=timing "GCNSIM_GPUS=$gpus")
        run=("${argv[@]}")
        if [ "$mode" = unified ]; then
            settings+=(GCNSIM_UNIFIED=1)
        else
            run+=(--devices "$gpus")
        fi
        [ -z "$config" ] || settings+=("GCNSIM_CONFIG=$config")
        if ! (cd "$out" && env "${settings[@]}" MGPUSIM_DIR="$MGPUSIM_DIR" \
            OCL_ICD_VENDORS="$GCNSIM_REPO/OpenCL.icd" \
            LD_LIBRARY_PATH="$GCNSIM_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
            GCNSIM_REPORT="$out/$tag.csv" GCNSIM_CACHE_DIR="$GCNSIM_BUILD/gcnsim-cache" \
            GCNSIM_PROGRESS=off "$host" "${run[@]}" >"$out/$tag.out" 2>&1); then
            echo "error: $name on $label failed:" >&2
            tail -5 "$out/$tag.out" >&2
            exit 1
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$args" "$label" "$gpus" "$mode" \
            "$out/$tag" >>"$manifest"
    done <<<"$SETUPS"
done

python3 - "$manifest" "$GCNSIM_BUILD/multigpu-study.md" <<'PY'
import csv, re, sys
from collections import defaultdict
manifest, md = sys.argv[1:]
runs = [line.rstrip("\n").split("\t") for line in open(manifest)]
lines = ["| workload | setup | kernel us | speed-up | inter-GPU MB | busiest link | pages migrated |",
         "|---|---|---|---|---|---|---|"]
base = {}
for name, args, label, gpus, mode, tag in runs:
    rows = list(csv.DictReader(open(tag + ".csv")))
    if mode == "discrete":
        # The report's total sums the devices' times: take the host's time
        # lines (per launch, the latest end minus the earliest start).
        ns = sum(float(t) for t in re.findall(r"^time: \S+ (\d+) ns$",
                                                open(tag + ".out").read(), re.M))
    else:
        total = {r["what"]: float(r["value"]) for r in rows if r["location"] == "total"}
        ns = total["duration"]
    fabric = [r for r in rows if r["location"].endswith(".fabric")]
    # Between GPUs only (on the shared timeline the host's transfers have pairs too).
    between = sum(float(r["value"]) for r in fabric
                  if re.fullmatch(r"bytes_gpu\d+_to_gpu\d+", r["what"]))
    migrated = sum(float(r["value"]) for r in fabric
                   if r["what"].startswith("migrated_pages_"))
    busy = defaultdict(float)
    for r in rows:
        # The links' busy time during kernels: not the host's transfers
        # (`transfers.fabric.*`), which happen outside the kernels' time.
        if r["location"].startswith("transfers."):
            continue
        if ".fabric." in r["location"] and r["what"] == "busy":
            busy[r["location"].split(".fabric.", 1)[1]] += float(r["value"])
    link, most = max(busy.items(), key=lambda kv: kv[1], default=("-", 0.0))
    if gpus == "1":
        base[name] = ns
    speedup = base[name] / ns if name in base and ns else float("nan")
    lines.append(f"| {name} {args} | {label} | {ns / 1000:.1f} | {speedup:.2f} | "
                 f"{between / 1e6:.2f} | " + (f"{link} {100 * most / ns:.0f} %" if most else "-")
                 + f" | {migrated:.0f} |")
text = "\n".join(lines) + "\n"
open(md, "w").write(text)
print(text)
PY
