#!/usr/bin/env bash
# multigpu-study.sh — the MGPUSim paper's unified multi-GPU question on gcnsim: how
# do MGPUSim's benchmarks speed up on 1, 2 and 4 R9 Nanos made one device, and what
# crosses the links between them? Not part of CI (minutes of timing simulation;
# hours with MGPUSim beside it).
#
#   MGPUSIM_DIR=/path/to/mgpusim scripts/multigpu-study.sh [--no-build] [--only NAME]
#       [--setup LABEL] [--a2a-gbps G] [--config FILE] [--fresh] [--timeout SECONDS]
#       [--no-mgpusim]
#
# Runs the same hosts as scripts/crossval.sh (test-apps/mgpusim/, MGPUSim's own code
# objects read from MGPUSIM_DIR) in GCNSIM_MODE=timing with GCNSIM_UNIFIED=1 on 1, 2
# and 4 GPUs of the default platform (PCIe switch tree, interleaved pages, MGPUSim's
# work-group split), and on 4 GPUs with direct links between every two GPUs
# (gpu_links = "all_to_all", 32 GB/s each way: --a2a-gbps to change it), and on 2 and
# 4 GPUs over the PCIe tree of MGPUSim's links (configs/mgpusim-links.toml: 64-byte
# flits at 64 GB/s through a model of MGPUSim's switches, link_model = "switches"),
# with on-demand page migration (configs/page-migration.toml) and with PASI
# (configs/pasi.toml); and, for the hosts that take --devices N, on 2
# and 4 discrete GPUs (the host splits the work-groups over N devices, each with
# buffers of its own; kernel time from the hosts' "time:" lines: per launch, the
# latest end minus the earliest start over the devices). Prints one table (also
# build/multigpu-study.md): per workload the summed kernel time, the speed-up over one GPU, the bytes that
# crossed between GPUs, the busiest link's utilisation (its busy time over the
# kernels' time) and the pages migrated. --config FILE lays a platform file under
# every setup (e.g. configs/mgpusim-r9nano.toml, the figures cross-validated
# against MGPUSim on one GPU; each setup's own file is laid over it). --only NAME
# runs only workload NAME, --setup LABEL only the setup of that label (e.g. "1 GPU",
# "4 GPUs, PCIe tree of MGPUSim's links"; speed-ups need the "1 GPU" row); both may
# be given more than once.
#
# MGPUSim beside it: when MGPUSIM_DIR holds bin/<sample> (go build -o bin/<sample>
# ./samples/<sample>), MGPUSim itself runs each workload in -timing -report-all
# mode on one GPU, with -unified-gpus 1,..,N (one device of N GPUs: its driver
# gives each GPU a run of consecutive work-groups and the pages of every buffer
# in turn; the counterpart of the PCIe-tree rows, at either link rate) and with
# -gpus 1,..,N (N
# devices: the Go host launches a slice of the grid on each and its driver
# places a run of consecutive pages of each buffer on each GPU, in one address
# space; the counterpart of the discrete rows, though there what a GPU's slice
# reads off its run of pages crosses PCIe through the RDMA engines). Its results are
# cached in build/multigpu-study/mgpusim/<command>/ and reused until --fresh (each run
# takes minutes); --timeout gives up on a run after SECONDS (default 3600);
# --no-mgpusim leaves MGPUSim out. The table then adds, for the rows with a
# counterpart: MGPUSim's kernel time (per GPU the command processor's
# kernel_time summed over the launches, the largest over the GPUs), its speed-up
# over its own one GPU, the cache lines that went to another GPU (MGPUSim: its
# RDMA engines' outgoing transactions; gcnsim: the crossbar's remote tasks) and
# the L1 vector caches' hit rate (hits over hits and misses, reads and writes),
# each as MGPUSim/gcnsim.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# workload|host arguments|MGPUSim sample and arguments, the same launch (sizes a
# little above MGPUSim's defaults: enough work-groups to fill four GPUs)
WORKLOADS='
fir|-n 262144|fir -verify -length 262144
matrixtranspose|-w 1024|matrixtranspose -verify -width 1024
aes|-n 262144|aes -verify -length 262144
kmeans|-p 8192 -c 5 -f 32 -i 5|kmeans -verify -points 8192 -clusters 5 -features 32 -max-iter 5
simpleconvolution|-x 766 -y 766 -m 3|simpleconvolution -verify -width 766 -height 766 -mask-size 3
matrixmultiplication|-x 256 -y 256 -z 256|matrixmultiplication -verify -x 256 -y 256 -z 256
relu|-n 1048576|relu -verify -length 1048576
'

build=1
a2a_gbps=32
fresh=0
base_config=
mgpusim=1
timeout_s=3600
only=()
setups=()
usage() {
    echo "usage: $0 [--no-build] [--only NAME]... [--setup LABEL]... [--a2a-gbps G]" \
        "[--config FILE] [--fresh] [--timeout S] [--no-mgpusim]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --no-build) build=0 ;;
    --only)
        only+=("$2")
        shift
        ;;
    --setup)
        setups+=("$2")
        shift
        ;;
    --a2a-gbps)
        a2a_gbps=$2
        shift
        ;;
    --config)
        [ -f "${2:-}" ] || usage
        base_config=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
        shift
        ;;
    --fresh) fresh=1 ;;
    --no-mgpusim) mgpusim=0 ;;
    --timeout)
        [[ ${2:-} =~ ^[0-9]+$ ]] || usage
        timeout_s=$2
        shift
        ;;
    *) usage ;;
    esac
    shift
done
[ -n "${MGPUSIM_DIR:-}" ] || {
    echo "error: set MGPUSIM_DIR to an MGPUSim v3.0.0 checkout (its code objects)" >&2
    exit 2
}
# The hosts draw MGPUSim's inputs with Go's math/rand, whose seed table they read
# from the Go installation's source (test-apps/mgpusim/mgpusim.h).
if [ -z "${GOROOT:-}" ] && ! command -v go >/dev/null; then
    echo "error: no Go installation: set GOROOT (e.g. /usr/lib/go-1.19) or put go on PATH" >&2
    exit 2
fi

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

# setup label|GPUs|platform file (empty: the default)|unified or discrete|MGPUSim's
# flags for its counterpart (- for none)
SETUPS="1 GPU|1||unified|
2 discrete GPUs|2||discrete|-gpus 1,2
4 discrete GPUs|4||discrete|-gpus 1,2,3,4
2 GPUs, PCIe tree|2||unified|-unified-gpus 1,2
4 GPUs, PCIe tree|4||unified|-unified-gpus 1,2,3,4
2 GPUs, PCIe tree of MGPUSim's links|2|$GCNSIM_REPO/configs/mgpusim-links.toml|unified|-unified-gpus 1,2
4 GPUs, PCIe tree of MGPUSim's links|4|$GCNSIM_REPO/configs/mgpusim-links.toml|unified|-unified-gpus 1,2,3,4
4 GPUs, all-to-all|4|$out/all-to-all.toml|unified|-
2 GPUs, on-demand migration|2|$GCNSIM_REPO/configs/page-migration.toml|unified|-
4 GPUs, on-demand migration|4|$GCNSIM_REPO/configs/page-migration.toml|unified|-
2 GPUs, PASI|2|$GCNSIM_REPO/configs/pasi.toml|unified|-
4 GPUs, PASI|4|$GCNSIM_REPO/configs/pasi.toml|unified|-"
for setup in ${setups[@]+"${setups[@]}"}; do
    grep -qxF "$setup" <<<"$(cut -d'|' -f1 <<<"$SETUPS")" || {
        echo "error: --setup '$setup' names no setup; the setups are:" >&2
        cut -d'|' -f1 <<<"$SETUPS" | sed 's/^/  /' >&2
        exit 2
    }
done

# The platform file BASE with the file SETUP (if any) laid over it, written under
# $out: prints its path.
layered_config() {
    local merged
    merged=$out/$(basename "$1" .toml)${2:+-$(basename "$2" .toml)}.toml
    python3 - "$1" "$2" "$merged" <<'PY'
import sys, tomllib
base, setup, out = sys.argv[1:]
def load(path):
    with open(path, "rb") as f:
        return tomllib.load(f)
def lay(under, over):
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(under.get(key), dict):
            lay(under[key], value)
        else:
            under[key] = value
def dump(table, path, lines):
    plain = {k: v for k, v in table.items() if not isinstance(v, dict)}
    if plain or not path:
        if path:
            lines.append(f"[{path}]")
        for key, value in plain.items():
            lines.append(f"{key} = " + (str(value).lower() if isinstance(value, bool)
                                         else f'"{value}"' if isinstance(value, str)
                                         else repr(value)))
    for key, value in table.items():
        if isinstance(value, dict):
            dump(value, f"{path}.{key}" if path else key, lines)
merged = load(base)
if setup:
    lay(merged, load(setup))
lines = []
dump(merged, "", lines)
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
PY
    echo "$merged"
}

# MGPUSim's run of a command, cached in $out/mgpusim/<the command>/ (setups with
# the same counterpart share it): prints the folder.
run_mgpusim() {
    local sample=$1
    shift
    local cmd="$sample -timing -report-all $*" rc=0 start end dir
    dir=$out/mgpusim/$(echo "$cmd" | tr -c 'a-zA-Z0-9,.-' '_')
    if [ "$fresh" = 1 ] || [ ! -f "$dir/rc" ] || [ "$(cat "$dir/cmd" 2>/dev/null)" != "$cmd" ]; then
        echo "MGPUSim: $cmd" >&2
        rm -rf "$dir"
        mkdir -p "$dir"
        echo "$cmd" >"$dir/cmd"
        start=$(date +%s.%N)
        (cd "$dir" && timeout "$timeout_s" "$MGPUSIM_DIR/bin/$sample" -timing -report-all "$@" \
            >stdout 2>stderr) || rc=$?
        end=$(date +%s.%N)
        python3 -c "print(f'{$end - $start:.1f}')" >"$dir/wall"
        echo "$rc" >"$dir/rc"
        [ "$rc" = 0 ] || echo "  MGPUSim failed (exit $rc; 124: timed out): see $dir/stderr" >&2
    else
        echo "MGPUSim: $cmd (cached, $(cat "$dir/wall") s)" >&2
    fi
    echo "$dir"
}

for line in "${rows[@]}"; do
    IFS='|' read -r name args margs <<<"$line"
    read -r -a argv <<<"$args"
    read -r -a margv <<<"$margs"
    with_mgpusim=0
    [ "$mgpusim" = 0 ] || [ ! -x "$MGPUSIM_DIR/bin/${margv[0]}" ] || with_mgpusim=1
    host=$GCNSIM_BUILD/mgpusim/mgpusim-$name
    # Hosts that split their work over discrete devices list --devices.
    discrete=0
    help=$("$host" --help 2>&1 || true)
    [[ $help != *--devices* ]] || discrete=1
    while IFS='|' read -r label gpus config mode mflags; do
        [ "$mode" = unified ] || [ "$discrete" = 1 ] || continue
        if [ ${#setups[@]} -gt 0 ]; then
            chosen=0
            for setup in "${setups[@]}"; do
                [ "$setup" != "$label" ] || chosen=1
            done
            [ "$chosen" = 1 ] || continue
        fi
        tag=${name}_$(echo "$label" | tr -c 'a-zA-Z0-9' '_')
        echo "gcnsim: $name $args on $label"
        settings=(GCNSIM_MODE=timing "GCNSIM_GPUS=$gpus")
        run=("${argv[@]}")
        if [ "$mode" = unified ]; then
            settings+=(GCNSIM_UNIFIED=1)
        else
            run+=(--devices "$gpus")
        fi
        if [ -n "$base_config" ]; then
            config=$(layered_config "$base_config" "$config")
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
        mdir=
        if [ "$with_mgpusim" = 1 ] && [ "$mflags" != - ]; then
            read -r -a mflagv <<<"$mflags"
            mdir=$(run_mgpusim "${margv[@]}" ${mflagv[@]+"${mflagv[@]}"})
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$args" "$label" "$gpus" "$mode" \
            "$out/$tag" "$mdir" >>"$manifest"
    done <<<"$SETUPS"
done

python3 - "$manifest" "$GCNSIM_BUILD/multigpu-study.md" <<'PY'
import csv, os, re, sys
from collections import defaultdict
manifest, md = sys.argv[1:]
runs = [line.rstrip("\n").split("\t") for line in open(manifest)]

def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""

def mgpusim(d):
    """MGPUSim's figures from its metrics.csv (rows: index, where, what, value)."""
    rc = read(os.path.join(d, "rc")).strip()
    if rc != "0":
        return {"status": "timed out" if rc == "124" else f"failed (exit {rc})"}
    m = defaultdict(float)
    for line in read(os.path.join(d, "metrics.csv")).splitlines()[1:]:
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 4:
            m[(re.sub(r"\[\d+\]", "[N]", parts[1]), parts[1], parts[2])] += float(parts[3])
    def where(comp, what):
        return [v for (c, _, w), v in m.items() if c == comp and w == what]
    per_gpu = defaultdict(float)
    for (c, full, w), v in m.items():
        if c == "GPU[N].CommandProcessor" and w == "kernel_time":
            per_gpu[full] += v
    hits = sum(where("GPU[N].SA[N].L1VCache[N]", "read-hit") + where("GPU[N].SA[N].L1VCache[N]", "write-hit"))
    misses = sum(where("GPU[N].SA[N].L1VCache[N]", "read-miss") + where("GPU[N].SA[N].L1VCache[N]", "write-miss"))
    return {"status": "ok", "ns": max(per_gpu.values(), default=0) * 1e9,
            "remote": sum(where("GPU[N].RDMA", "outgoing_trans_count")),
            "l1v": hits / (hits + misses) if hits + misses else None}

cols = ["kernel us", "speed-up", "inter-GPU MB", "busiest link", "pages migrated"]
with_m = any(r[6] for r in runs)
if with_m:
    cols += ["MGPUSim us", "MGPUSim speed-up", "remote lines M/g", "L1V hit M/g"]
lines = ["| workload | setup | " + " | ".join(cols) + " |", "|---|---|" + "---|" * len(cols)]
base, mbase, failures = {}, {}, []
for name, args, label, gpus, mode, tag, mdir in runs:
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
    cells = [f"{ns / 1000:.1f}", f"{speedup:.2f}", f"{between / 1e6:.2f}",
             f"{link} {100 * most / ns:.0f} %" if most else "-", f"{migrated:.0f}"]
    if with_m:
        remote = sum(float(r["value"]) for r in rows
                     if r["location"].endswith(".xbar") and r["what"] == "remote_tasks")
        def l1v(r):
            return re.search(r"\.cu\d+\.l1v$", r["location"])
        hits = sum(float(r["value"]) for r in rows if l1v(r) and r["what"] in ("read_hits", "write_hits"))
        misses = sum(float(r["value"]) for r in rows if l1v(r) and r["what"] in ("read_misses", "write_misses"))
        g_l1v = f"{100 * hits / (hits + misses):.0f} %" if hits + misses else "-"
        m = mgpusim(mdir) if mdir else None
        if m is None:
            cells += ["-", "-", f"-/{remote:,.0f}", f"-/{g_l1v}"]
        elif m["status"] != "ok":
            failures.append(f"MGPUSim {name} {label}: {m['status']} ({mdir})")
            cells += [m["status"], "-", f"-/{remote:,.0f}", f"-/{g_l1v}"]
        else:
            if gpus == "1":
                mbase[name] = m["ns"]
            msp = f"{mbase[name] / m['ns']:.2f}" if name in mbase and m["ns"] else "-"
            m_l1v = f"{100 * m['l1v']:.0f} %" if m["l1v"] is not None else "-"
            cells += [f"{m['ns'] / 1000:.1f}", msp, f"{m['remote']:,.0f}/{remote:,.0f}",
                      f"{m_l1v}/{g_l1v}"]
    lines.append(f"| {name} {args} | {label} | " + " | ".join(cells) + " |")
text = "\n".join(lines) + "\n" + "".join(f"\n{f}\n" for f in failures)
open(md, "w").write(text)
print(text)
PY
