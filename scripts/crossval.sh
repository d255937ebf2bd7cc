#!/usr/bin/env bash
# crossval.sh — gcnsim's timing model against MGPUSim v3.0.0 on the same code
# objects. Not part of CI: it needs a built MGPUSim checkout and minutes to hours.
#
#   MGPUSIM_DIR=/path/to/mgpusim scripts/crossval.sh [--fresh] [--only NAME]
#       [--config FILE] [--timeout SECONDS] [--no-build] [--defaults]
#
# MGPUSIM_DIR is an MGPUSim v3.0.0 checkout with its samples built as
# bin/<sample> (go build -o bin/<sample> ./samples/<sample>). GOROOT (or go on
# PATH) names the Go installation whose math/rand the hosts follow. For every workload
# and size below it runs
#   - MGPUSim: bin/<sample> -timing -report-all <args> (-verify among them unless
#     MGPUSim is known to fail its check), one GPU, in a
#     scratch folder (its metrics.csv lands in the working directory); the
#     results are cached in build/crossval/mgpusim/<workload>_<size>/ and reused
#     until --fresh (its runs are slow);
#   - gcnsim: the same launches by test-apps/mgpusim/<workload>.c on MGPUSim's
#     code object, GCNSIM_MODE=timing GCNSIM_GPUS=1
#     GCNSIM_CONFIG=configs/mgpusim-r9nano.toml (--config FILE for another
#     platform file), with GCNSIM_REPORT; results in build/crossval/gcnsim/.
# and prints one table, also written to build/crossval.csv and build/crossval.md:
#   MGPUSim us   Driver kernel_time summed over launches (busy time of its
#                LaunchKernelCommands: includes the driver's ~0.59 us per launch)
#   CP us        GPU[1].CommandProcessor kernel_time (without that overhead)
#   gcnsim us    the sum of the host's "time:" lines (profiling events)
#   ratio        gcnsim / MGPUSim (CP): gcnsim's END - START, like an OpenCL
#                profiling time, excludes the driver's trip across PCIe, as
#                MGPUSim's command-processor time does
#   wf-inst      wavefront instructions: "=" when both simulators executed the
#                same number (the launch was reproduced), else both counts
#   L1V, L2 hit  hits / (hits + misses), reads and writes, of all L1 vector
#                caches and L2 banks; MSHR hits count in neither (MGPUSim's
#                report never counts them: it asks for "read-mshr-miss" steps)
#   L2TLB miss   L2 TLB misses
#   DRAM         DRAM transactions (reads + writes) of the kernels. MGPUSim's
#                count also holds the DMA engine's host<->GPU copies, which
#                bypass the L2; its column is that count minus the copies'
#                64-byte lines (from gcnsim's report of the same copies), so
#                it is approximate
# each as MGPUSim/gcnsim; then the mean absolute error of the kernel times.
# Rows marked in "note" are not MGPUSim's exact launch and stay out of the mean.
#
# Options:
#   --fresh          re-run MGPUSim even where a cached result exists
#   --only NAME      run one workload (repeatable)
#   --config FILE    gcnsim platform file (default configs/mgpusim-r9nano.toml)
#   --timeout S      give up on an MGPUSim run after S seconds (default 900)
#   --no-build       use the existing builds of libgcnsim.so and the hosts
#   --defaults       only MGPUSim's default sizes (the rows marked *)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# workload|size label|* for MGPUSim's default size|MGPUSim sample and arguments|
#   gcnsim host arguments|note
# Larger sizes keep each MGPUSim run under about five minutes on one core. The
# defaults of atax and bicg (4096 x 4096: atax takes over five minutes at 1024
# already) and fft (8 MB) take longer and are not run. MGPUSim's Floyd-Warshall
# fails its own check in timing mode beyond 16 nodes (its emulation mode
# passes): the larger sizes run without -verify and stay out of the mean.
WORKLOADS='
fir|4096|*|fir -verify -length 4096|-n 4096|
fir|65536||fir -verify -length 65536|-n 65536|
fir|262144||fir -verify -length 262144|-n 262144|
matrixtranspose|256|*|matrixtranspose -verify -width 256|-w 256|
matrixtranspose|512||matrixtranspose -verify -width 512|-w 512|
matrixtranspose|1024||matrixtranspose -verify -width 1024|-w 1024|
aes|65536|*|aes -verify -length 65536|-n 65536|
aes|131072||aes -verify -length 131072|-n 131072|
aes|262144||aes -verify -length 262144|-n 262144|
kmeans|1024|*|kmeans -verify -points 1024 -clusters 5 -features 32 -max-iter 5|-p 1024 -c 5 -f 32 -i 5|
kmeans|4096||kmeans -verify -points 4096 -clusters 5 -features 32 -max-iter 5|-p 4096 -c 5 -f 32 -i 5|
kmeans|8192||kmeans -verify -points 8192 -clusters 5 -features 32 -max-iter 5|-p 8192 -c 5 -f 32 -i 5|
simpleconvolution|254|*|simpleconvolution -verify -width 254 -height 254 -mask-size 3|-x 254 -y 254 -m 3|
simpleconvolution|510||simpleconvolution -verify -width 510 -height 510 -mask-size 3|-x 510 -y 510 -m 3|
simpleconvolution|766||simpleconvolution -verify -width 766 -height 766 -mask-size 3|-x 766 -y 766 -m 3|
matrixmultiplication|64|*|matrixmultiplication -verify -x 64 -y 64 -z 64|-x 64 -y 64 -z 64|
matrixmultiplication|256||matrixmultiplication -verify -x 256 -y 256 -z 256|-x 256 -y 256 -z 256|
matrixmultiplication|512||matrixmultiplication -verify -x 512 -y 512 -z 512|-x 512 -y 512 -z 512|
relu|4096|*|relu -verify -length 4096|-n 4096|
relu|65536||relu -verify -length 65536|-n 65536|
relu|1048576||relu -verify -length 1048576|-n 1048576|
stencil2d|64|*|stencil2d -verify -row 64 -col 64 -iter 5|-r 64 -c 64 -i 5|
stencil2d|256||stencil2d -verify -row 256 -col 256 -iter 5|-r 256 -c 256 -i 5|
stencil2d|512||stencil2d -verify -row 512 -col 512 -iter 5|-r 512 -c 512 -i 5|
spmv|128|*|spmv -verify -dim 128 -sparsity 0.01|-d 128 -s 10000|
spmv|1024||spmv -verify -dim 1024 -sparsity 0.01|-d 1024 -s 10000|
spmv|4096||spmv -verify -dim 4096 -sparsity 0.01|-d 4096 -s 10000|
fastwalshtransform|1024|*|fastwalshtransform -verify -length 1024|-n 1024|
fastwalshtransform|65536||fastwalshtransform -verify -length 65536|-n 65536|
fastwalshtransform|262144||fastwalshtransform -verify -length 262144|-n 262144|
floydwarshall|16|*|floydwarshall -verify -node 16 -iter 0|-n 16 -i 0|
floydwarshall|64||floydwarshall -node 64 -iter 0|-n 64 -i 0|MGPUSim wrong beyond 16 nodes: unverified
floydwarshall|128||floydwarshall -node 128 -iter 0|-n 128 -i 0|MGPUSim wrong beyond 16 nodes: unverified
nbody|iter8|*|nbody -verify -iter 8|-n 256 -i 8|
nbody|iter16||nbody -verify -iter 16|-n 256 -i 16|
nbody|iter32||nbody -verify -iter 32|-n 256 -i 32|
nw|64|*|nw -verify -length 64|-n 64|
nw|256||nw -verify -length 256|-n 256|
nw|1024||nw -verify -length 1024|-n 1024|
bfs|64|*|bfs -verify -node 64 -degree 3 -depth 0|-n 64 -d 3 -m 0 -l 256|gcnsim wg 256 (MGPUSim 1024)
bfs|65536||bfs -verify -node 65536 -degree 3 -depth 0|-n 65536 -d 3 -m 0 -l 256|gcnsim wg 256 (MGPUSim 1024)
bfs|16384d16||bfs -verify -node 16384 -degree 16 -depth 0|-n 16384 -d 16 -m 0 -l 256|gcnsim wg 256 (MGPUSim 1024)
atax|256||atax -verify -x 256 -y 256|-x 256 -y 256|
atax|512||atax -verify -x 512 -y 512|-x 512 -y 512|
atax|768||atax -verify -x 768 -y 768|-x 768 -y 768|
bicg|256||bicg -verify -x 256 -y 256|-x 256 -y 256|
bicg|512||bicg -verify -x 512 -y 512|-x 512 -y 512|
bicg|768||bicg -verify -x 768 -y 768|-x 768 -y 768|
fft|1MB||fft -verify -MB 1 -passes 2|-m 1 -p 2|
fft|2MB||fft -verify -MB 2 -passes 2|-m 2 -p 2|
fft|4MB||fft -verify -MB 4 -passes 2|-m 4 -p 2|
'

fresh=0
build=1
defaults_only=0
timeout_s=900
config=$GCNSIM_REPO/configs/mgpusim-r9nano.toml
only=()
usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'
    exit "${1:-0}"
}
while [ $# -gt 0 ]; do
    case $1 in
    --fresh) fresh=1 ;;
    --no-build) build=0 ;;
    --defaults) defaults_only=1 ;;
    --only)
        [ $# -ge 2 ] || usage 2
        only+=("$2")
        shift
        ;;
    --config)
        [ $# -ge 2 ] || usage 2
        config=$2
        shift
        ;;
    --timeout)
        [[ ${2:-} =~ ^[0-9]+$ ]] || usage 2
        timeout_s=$2
        shift
        ;;
    -h | --help) usage 0 ;;
    *)
        echo "error: unknown argument '$1'" >&2
        usage 2
        ;;
    esac
    shift
done

die() {
    echo "error: $*" >&2
    exit 1
}

[ -n "${MGPUSIM_DIR:-}" ] ||
    die "MGPUSIM_DIR is not set: point it at an MGPUSim v3.0.0 checkout with its samples built in bin/"
[ -d "$MGPUSIM_DIR" ] || die "MGPUSIM_DIR=$MGPUSIM_DIR is not a directory"
MGPUSIM_DIR=$(cd "$MGPUSIM_DIR" && pwd)
[ -d "$MGPUSIM_DIR/benchmarks" ] ||
    die "$MGPUSIM_DIR has no benchmarks/: not an MGPUSim checkout (the hosts load its code objects)"
[ -f "$config" ] || die "gcnsim platform file $config not found"
config=$(cd "$(dirname "$config")" && pwd)/$(basename "$config")
command -v python3 >/dev/null || die "python3 is needed to read the reports"
# The hosts draw MGPUSim's inputs with Go's math/rand, whose seed table they read
# from the Go installation's source (test-apps/mgpusim/mgpusim.h).
if [ -z "${GOROOT:-}" ] && ! command -v go >/dev/null; then
    die "no Go installation: set GOROOT (e.g. /usr/lib/go-1.19) or put go on PATH; the hosts read its math/rand/rng.go"
fi

# The rows to run.
rows=()
while IFS= read -r line; do
    [ -n "$line" ] || continue
    name=${line%%|*}
    IFS='|' read -r _ _ default _ <<<"$line"
    [ "$defaults_only" = 1 ] && [ "$default" != '*' ] && continue
    if [ ${#only[@]} -gt 0 ]; then
        keep=0
        for o in "${only[@]}"; do [ "$o" = "$name" ] && keep=1; done
        [ "$keep" = 1 ] || continue
    fi
    rows+=("$line")
done <<<"$WORKLOADS"
if [ ${#rows[@]} -eq 0 ]; then
    die "no workload called ${only[*]}; known: $(echo "$WORKLOADS" | cut -d'|' -f1 | sort -u | xargs)"
fi

# Every MGPUSim binary the rows need, before anything runs.
missing=()
for line in "${rows[@]}"; do
    IFS='|' read -r _ _ _ margs _ _ <<<"$line"
    sample=${margs%% *}
    [ -x "$MGPUSIM_DIR/bin/$sample" ] || missing+=("$MGPUSIM_DIR/bin/$sample")
done
if [ ${#missing[@]} -gt 0 ]; then
    die "missing MGPUSim binaries: $(printf '%s\n' "${missing[@]}" | sort -u | xargs)
  build one with: cd $MGPUSIM_DIR && go build -o bin/<sample> ./samples/<sample>"
fi

if [ "$build" = 1 ]; then
    say "building gcnsim (release) and the MGPUSim hosts"
    build_mgpusim_hosts "${rows[@]%%|*}"
fi
[ -f "$GCNSIM_LIBDIR/libgcnsim.so" ] || die "$GCNSIM_LIBDIR/libgcnsim.so not built"

# gcnsim's own variables are set per run below; a trace or summary is not wanted.
unset GCNSIM_REPORT GCNSIM_TRACE GCNSIM_SUMMARY GCNSIM_MODE GCNSIM_GPUS GCNSIM_CONFIG

out=$GCNSIM_BUILD/crossval
mkdir -p "$out/mgpusim" "$out/gcnsim"
manifest=$out/manifest.tsv
: >"$manifest"

for line in "${rows[@]}"; do
    IFS='|' read -r name size default margs gargs note <<<"$line"
    tag=${name}_$size
    read -r -a margv <<<"$margs"
    read -r -a gargv <<<"$gargs"

    # MGPUSim, cached: the cache holds the command it ran, so changed arguments
    # run again.
    mdir=$out/mgpusim/$tag
    mcmd="${margv[0]} -timing -report-all ${margv[*]:1}"
    if [ "$fresh" = 1 ] || [ ! -f "$mdir/rc" ] || [ "$(cat "$mdir/cmd" 2>/dev/null)" != "$mcmd" ]; then
        say "MGPUSim: $mcmd"
        rm -rf "$mdir"
        mkdir -p "$mdir"
        echo "$mcmd" >"$mdir/cmd"
        start=$(date +%s.%N)
        rc=0
        (cd "$mdir" && timeout "$timeout_s" "$MGPUSIM_DIR/bin/${margv[0]}" -timing -report-all \
            "${margv[@]:1}" >stdout 2>stderr) || rc=$?
        end=$(date +%s.%N)
        python3 -c "print(f'{$end - $start:.1f}')" >"$mdir/wall"
        echo "$rc" >"$mdir/rc"
        [ "$rc" = 124 ] && echo "  timed out after ${timeout_s} s" >&2
        [ "$rc" != 0 ] && [ "$rc" != 124 ] && echo "  failed (exit $rc): see $mdir/stderr" >&2
    else
        echo "MGPUSim: $mcmd (cached, $(cat "$mdir/wall") s)"
    fi

    # gcnsim: fast enough to run every time.
    gdir=$out/gcnsim/$tag
    rm -rf "$gdir"
    mkdir -p "$gdir"
    say "gcnsim: mgpusim-$name ${gargv[*]}"
    start=$(date +%s.%N)
    rc=0
    (cd "$gdir" && MGPUSIM_DIR=$MGPUSIM_DIR OCL_ICD_VENDORS=$GCNSIM_REPO/OpenCL.icd \
        LD_LIBRARY_PATH=$GCNSIM_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
        GCNSIM_MODE=timing GCNSIM_GPUS=1 GCNSIM_CONFIG=$config GCNSIM_REPORT=$gdir/report.json \
        GCNSIM_CACHE_DIR=$GCNSIM_BUILD/gcnsim-cache GCNSIM_PROGRESS=off "$GCNSIM_BUILD/mgpusim/mgpusim-$name" "${gargv[@]}" \
        >stdout 2>stderr) || rc=$?
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.1f}')" >"$gdir/wall"
    echo "$rc" >"$gdir/rc"
    tail -n 1 "$gdir/stdout" | sed 's/^/  /'
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$default" "$mcmd" \
        "mgpusim-$name ${gargv[*]}" "$note" "$mdir" "$gdir" >>"$manifest"
done

say "results ($(basename "$config"))"
python3 - "$manifest" "$GCNSIM_BUILD/crossval.csv" "$GCNSIM_BUILD/crossval.md" <<'PY'
import csv, json, math, os, re, sys

manifest, csv_path, md_path = sys.argv[1:4]

def read(path, default=""):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return default

def mgpusim(d):
    """Figures from MGPUSim's metrics.csv (rows: index, where, what, value)."""
    r = {"rc": read(os.path.join(d, "rc")).strip(), "wall": read(os.path.join(d, "wall")).strip()}
    m = {}
    for line in read(os.path.join(d, "metrics.csv")).splitlines()[1:]:
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 4:
            m.setdefault(parts[2], []).append((parts[1], float(parts[3])))
    def total(what, where):
        return sum(v for w, v in m.get(what, []) if re.search(where, w))
    if "kernel_time" in m:
        r["us"] = total("kernel_time", r"^Driver$") * 1e6
        r["cp_us"] = total("kernel_time", r"CommandProcessor") * 1e6
    r["wfinst"] = total("cu_inst_count", r"CU\[")
    for cache, key in (("L1VCache", "l1v"), ("L2\\[", "l2")):
        hits = total("read-hit", cache) + total("write-hit", cache)
        misses = total("read-miss", cache) + total("write-miss", cache)
        r[key] = (hits, misses)
    r["l2tlb_miss"] = total("miss", r"L2TLB")
    r["dram"] = total("read_trans_count", "DRAM") + total("write_trans_count", "DRAM")
    return r

def gcnsim(d):
    """Figures from the host's output and gcnsim's report (rows: location, what, value)."""
    r = {"rc": read(os.path.join(d, "rc")).strip(), "wall": read(os.path.join(d, "wall")).strip()}
    out = read(os.path.join(d, "stdout"))
    times = [int(t) for t in re.findall(r"^time: \S+ (\d+) ns$", out, re.M)]
    r["launches"] = len(times)
    r["verify"] = "PASSED" if re.search(r"^PASSED$", out, re.M) else "FAILED"
    if r["verify"] != "PASSED":
        err = [l for l in (out + read(os.path.join(d, "stderr"))).splitlines()
               if "returned" in l or "error" in l.lower() or "FAIL" in l]
        r["why"] = err[0] if err else "exit " + r["rc"]
    if times:
        r["us"] = sum(times) / 1e3
    try:
        with open(os.path.join(d, "report.json")) as f:
            rows = json.load(f)
    except (OSError, ValueError):
        return r
    s = {}
    for e in rows:
        m = re.match(r"gpu\d+\.launch\d+\.[^.]+\.(.*)$", e["location"])
        comp = re.sub(r"\d+", "N", m.group(1)) if m else e["location"]
        s[(comp, e["what"])] = s.get((comp, e["what"]), 0) + e["value"]
    g = lambda comp, what: s.get((comp, what), 0)
    r["wfinst"] = g("total", "wavefront_instructions")
    for comp, key in (("cuN.lNv", "l1v"), ("lN.bankN", "l2")):
        hits = g(comp, "read_hits") + g(comp, "write_hits")
        misses = g(comp, "read_misses") + g(comp, "write_misses")
        r[key] = (hits, misses)
    r["l2tlb_miss"] = g("lNtlb", "misses")
    r["dram"] = g("dram.chN", "reads") + g("dram.chN", "writes")
    r["copy_lines"] = sum(math.ceil(g("gpu0", k) / 64)
                          for k in ("host_to_device_bytes", "device_to_host_bytes"))
    return r

def rate(pair):
    hits, misses = pair
    return hits / (hits + misses) if hits + misses else None

def pct(x):
    return "-" if x is None else f"{100 * x:.1f}%"

def num(x):
    return "-" if x is None else f"{x:,.0f}"

table, errors = [], []
for line in read(manifest).splitlines():
    name, size, default, mcmd, gcmd, note, mdir, gdir = line.split("\t")
    m, g = mgpusim(mdir), gcnsim(gdir)
    mstat = "ok" if m["rc"] == "0" else ("timeout" if m["rc"] == "124" else "exit " + m["rc"])
    mus, gus = m.get("us"), g.get("us")
    cp = m.get("cp_us")
    ratio = gus / cp if cp and gus and m["rc"] == "0" and g["verify"] == "PASSED" else None
    if g["verify"] != "PASSED":
        errors.append(f"{name} {size}: gcnsim {g.get('why', '')}")
    if m["rc"] != "0":
        errors.append(f"{name} {size}: MGPUSim {mstat} ({mcmd})")
    mdram = m["dram"] - g.get("copy_lines", 0) if "copy_lines" in g else None
    wf = ("=" if m["wfinst"] == g.get("wfinst") else f"{num(m['wfinst'])}/{num(g.get('wfinst'))}")
    table.append({
        "workload": name, "size": size + default,
        "MGPUSim us": f"{mus:.3f}" if mus is not None else "-",
        "CP us": f"{m['cp_us']:.3f}" if "cp_us" in m else "-",
        "gcnsim us": f"{gus:.3f}" if gus is not None else "-",
        "ratio": f"{ratio:.3f}" if ratio else "-",
        "launches": str(g["launches"]),
        "wf-inst": wf,
        "L1V hit": f"{pct(rate(m['l1v']))}/{pct(rate(g['l1v'])) if 'l1v' in g else '-'}",
        "L2 hit": f"{pct(rate(m['l2']))}/{pct(rate(g['l2'])) if 'l2' in g else '-'}",
        "L2TLB miss": f"{num(m['l2tlb_miss'])}/{num(g.get('l2tlb_miss'))}",
        "DRAM": f"{num(mdram)}/{num(g.get('dram'))}",
        "MGPUSim": mstat + f" {m['wall']}s",
        "gcnsim": g["verify"].lower() + f" {g['wall']}s",
        "note": note,
        "_ratio": ratio, "_exact": not note, "_default": default == "*",
        "_raw": {"mgpusim_dram_with_copies": m["dram"], "copy_lines": g.get("copy_lines")},
    })

cols = [c for c in table[0] if not c.startswith("_")] if table else []
widths = {c: max(len(c), *(len(r[c]) for r in table)) for c in cols}
lines = ["  ".join(c.ljust(widths[c]) for c in cols)]
lines += ["  ".join(r[c].ljust(widths[c]) for c in cols) for r in table]
print("\n".join(lines))

def mae(rows):
    errs = [abs(r["_ratio"] - 1) for r in rows if r["_ratio"] and r["_exact"]]
    return (100 * sum(errs) / len(errs), len(errs)) if errs else (None, 0)

summary = []
all_mae, n_all = mae(table)
def_mae, n_def = mae([r for r in table if r["_default"]])
fmt = lambda x: "-" if x is None else f"{x:.1f}%"
summary.append(f"mean absolute error of the kernel time: {fmt(all_mae)} over {n_all} runs "
               f"({fmt(def_mae)} over {n_def} at MGPUSim's default sizes)")
summary.append("size*: MGPUSim's default; metric columns: MGPUSim/gcnsim; DRAM for MGPUSim "
               "excludes the host<->GPU copies (approximate); rows with a note are left out "
               "of the mean")
print()
print("\n".join(summary))
for e in errors:
    print("not compared:", e)

with open(csv_path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(cols + ["mgpusim_dram_with_copies", "copy_lines"])
    for r in table:
        w.writerow([r[c] for c in cols] + [r["_raw"]["mgpusim_dram_with_copies"],
                                           r["_raw"]["copy_lines"]])
with open(md_path, "w") as f:
    f.write("| " + " | ".join(cols) + " |\n")
    f.write("|" + "|".join("---" for _ in cols) + "|\n")
    for r in table:
        f.write("| " + " | ".join(r[c] for c in cols) + " |\n")
    f.write("\n" + "\n\n".join(summary) + "\n")
    for e in errors:
        f.write(f"\nnot compared: {e}\n")
print(f"\nwritten: {csv_path}, {md_path}")
PY
