#!/usr/bin/env bash
# bench.sh — simulation speed of the workload apps (issue 5). Not part of CI.
#
#   scripts/bench.sh [--quick] [--mode emu|timing] [APP...]
#
# For every workload app (default: all nine), every mode (emu; timing too when
# the simulator accepts GCNSIM_MODE=timing) and every thread count (1 and 2),
# runs the app on one simulated GPU at its default size; fir and matmul also at
# >= 1 M work-items and transpose at 1024^2 in both modes, vector add split over
# 4 GPUs (1 M elements) and on a unified device of 4 GPUs with PASI page migration,
# matmul 256^3 on a unified device of 4 GPUs, in timing mode, and in emu mode only matmul at 512^2,
# vectoradd at 4 M and aes, kmeans and convolution at >= 1 M work-items
# (--quick skips all larger sizes). Each app and size also runs once on PoCL
# (when /etc/OpenCL/vendors/pocl.icd exists), the same kernels on the host CPU
# with all its cores. From the app's metrics report (GCNSIM_REPORT), per-kernel
# summaries (GCNSIM_SUMMARY) and printed kernel times it prints a table:
#   sim ns   kernel time (sum over launches): simulated in timing mode; in emu
#            mode only the front end's estimate (marked "est")
#   wall s   host time spent simulating the kernels (sum of the summaries); with
#            several GPUs, whose kernels run at once, the process's wall time
#   slowdown wall / kernel time (in emu mode against the estimate)
#   wf-inst  wavefront instructions executed
#   wf-inst/s wf-inst / wall s
#   cpu s    user + system CPU time of the whole process (compiling, the app's
#            CPU reference and the simulation, on all threads)
#   cores    the process's CPU time while the kernels ran / their wall time
#            (with several GPUs: the whole process's): how many cores the
#            simulation had. A waiting simulator thread spins, so a run with 2
#            threads shows about 2 when it had both cores, and about 1 when
#            another process (another session's build: the kernel's autogroups
#            share cores between sessions before nice levels count) held one;
#            such a run's speed-up means nothing
#   load     the machine's 1-minute load average before the run: wall times
#            are only meaningful when it is below the number of cores
#   build ms the host wall time of the app's clBuildProgram (its `build:` line;
#            after the first run of an app, an answer from the compiled-kernel
#            cache, $GCNSIM_BUILD/gcnsim-cache)
#   vs pocl  wall s / PoCL's kernel time (the sum of the durations its profiling
#            events report for the same launches): how many times slower
#            simulating a kernel is than running it on PoCL
#   ev/step  timing mode: events per step of the GPU's engine (a step's
#            components may run on different threads)
#   serial   timing mode: the share of the engine's host time spent serially
#            (scheduling events, stores and atomics executed in order)
#   x16      the speed-up 16 threads would give if the rest divided evenly
#            (Amdahl's law: 1 / (serial + (1 - serial) / 16))
# and writes the rows to build/bench.json. Before the first run and after the last
# it prints the host: its CPU (family and model tell its generation) and caches, and
# the latency of dependent loads through 256 KiB, 4 MiB and 64 MiB (scripts/memlat.c):
# the timing mode's rate depends on the host, so tables taken on different hosts or
# hours compare only with this line beside them (docs/speed.md). It also checks that
# each configuration's report is identical with 1 and 2 threads (determinism) and
# exits 1 if an app fails or a report differs. --mode runs only that mode.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

quick=0
only_mode=
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --mode)
        only_mode=$(mode_option "${2:-}")
        shift
        ;;
    *) break ;;
    esac
    shift
done
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
    apps=(fir matmul aes kmeans transpose convolution bitonicsort reduction vectoradd)
fi

say "building gcnsim (release) and the test apps"
build_release >/dev/null
build_apps >/dev/null
memlat=$GCNSIM_BUILD/memlat
cc -O2 -o "$memlat" "$GCNSIM_REPO/scripts/memlat.c"

# The host, as the timing mode's speed depends on it: CPU generation, caches, and the
# latency of dependent loads at three working-set sizes.
host() {
    local cpu
    cpu=$(lscpu | awk -F': *' '/^Model name/ {n=$2} /^CPU family/ {f=$2} /^Model:/ {m=$2}
        /^L2 cache/ {l2=$2} /^L3 cache/ {l3=$2}
        END {printf "%s (family %s, model %s), L2 %s, L3 %s", n, f, m, l2, l3}')
    echo "host $1: $cpu; dependent loads: $("$memlat")"
}

use_this_build
export GCNSIM_GPUS=1
unset GCNSIM_REPORT GCNSIM_TRACE GCNSIM_THREADS GCNSIM_MODE GCNSIM_SUMMARY

modes=(emu)
if GCNSIM_MODE=timing clinfo -l 2>&1 | grep -q "Device #"; then
    modes+=(timing)
else
    echo "timing mode not available (the simulator rejects GCNSIM_MODE=timing): emu only"
fi
if [ -n "$only_mode" ]; then
    modes=("$only_mode")
fi

pocl_icd=/etc/OpenCL/vendors/pocl.icd
[ -f "$pocl_icd" ] || echo "PoCL not installed ($pocl_icd): no comparison"

# The sizes each app runs at: "label|arguments|modes[|GPUs[|VAR=value ...]]" (all:
# every mode; emu: functional emulation only, for sizes the timing model would
# take hours on; GPUs: the simulated GPUs, default 1; then gcnsim settings for the
# run, e.g. GCNSIM_UNIFIED=1).
sizes() {
    echo "default||all"
    if [ "$quick" = 0 ]; then
        case $1 in
        fir) echo "1M|-n 1048576|all" ;;
        matmul)
            echo "1M|-m 1024 -n 1024 -k 256|all"
            echo "512^2|-m 512 -n 512 -k 512|emu"
            echo "unified4-256^3|-m 256 -n 256 -k 256|timing|4|GCNSIM_UNIFIED=1"
            ;;
        vectoradd)
            echo "4M|-n 4194304|emu"
            echo "4gpu-1M|--all-devices -n 1048576|timing|4"
            echo "pasi4-1M|-n 1048576|timing|4|GCNSIM_UNIFIED=1 GCNSIM_CONFIG=$GCNSIM_REPO/configs/pasi.toml"
            ;;
        transpose) echo "1024^2|-r 1024 -c 1024|all" ;;
        aes) echo "1M|-n 1048576|emu" ;;
        kmeans) echo "1M|-n 1048576 -i 1|emu" ;;
        convolution) echo "1M|-x 1024 -y 1024|emu" ;;
        esac
    fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results.jsonl
status=0
host before | tee "$work/host"
for app in "${apps[@]}"; do
    exe=$GCNSIM_BUILD/$app/$app
    [ -x "$exe" ] || { echo "error: $exe not built" >&2; exit 1; }
    while IFS='|' read -r size args run_modes gpus settings; do
        if [ -f "$pocl_icd" ]; then
            # shellcheck disable=SC2086
            if OCL_ICD_VENDORS=$pocl_icd "$exe" $args >"$work/$app-$size-pocl.out" 2>&1; then
                python3 - "$work/$app-$size-pocl.out" "$app" "$size" >>"$work/pocl.jsonl" <<'PY'
import json, re, sys
out, app, size = sys.argv[1:]
# Every launch's "time: <label> <ns> ns" line; "[all ...]" lines are sums of others.
ns = sum(int(m.group(2)) for m in re.finditer(r"^time: (.*) ([0-9]+) ns$", open(out).read(), re.M)
         if "[all" not in m.group(1))
print(json.dumps({"app": app, "size": size, "pocl_ns": ns}))
PY
            else
                echo "error: $app ($size) failed on PoCL:" >&2
                tail -5 "$work/$app-$size-pocl.out" >&2
                status=1
            fi
        fi
        for mode in "${modes[@]}"; do
            [ "$run_modes" = all ] || [ "$run_modes" = "$mode" ] || continue
            for threads in 1 2; do
                tag=$app-$size-$mode-$threads
                load=$(cut -d' ' -f1 /proc/loadavg)
                # shellcheck disable=SC2086
                if ! env $settings GCNSIM_GPUS=${gpus:-1} GCNSIM_MODE=$mode GCNSIM_THREADS=$threads GCNSIM_SUMMARY=1 \
                    GCNSIM_REPORT=$work/$tag.csv /usr/bin/time -f "%U %S %e" -o "$work/$tag.time" \
                    "$exe" $args >"$work/$tag.out" 2>"$work/$tag.err"; then
                    echo "error: $app ($size, $mode, $threads threads) failed:" >&2
                    tail -5 "$work/$tag.out" "$work/$tag.err" >&2
                    status=1
                    continue
                fi
                python3 - "$work/$tag.csv" "$work/$tag.err" "$app" "$size" "$mode" "$threads" \
                    "$work/$tag.time" "$load" "$work/$tag.out" "${gpus:-1}" >>"$results" <<'PY'
import csv, json, re, sys
report, err, app, size, mode, threads, times, load, out, gpus = sys.argv[1:]
builds = [float(b) for b in re.findall(r"^build: ([0-9.]+) ms$", open(out).read(), re.M)]
user, system, elapsed = (float(t) for t in open(times).read().split()[-3:])
cpu = user + system
total = {r["what"]: float(r["value"]) for r in csv.DictReader(open(report))
         if r["location"] == "total"}
summaries = open(err).read()
wall = sum(float(m) for m in re.findall(r" ([0-9.]+) s wall,", summaries))
kernel_cpu = sum(float(m) for m in re.findall(r" s wall, ([0-9.]+) s CPU,", summaries))
if int(gpus) > 1:
    # Several GPUs simulate at once: their kernels' wall times overlap, so the whole
    # process's counts (it also builds, from the cache, and checks the results).
    wall, kernel_cpu = elapsed, cpu
# Timing mode: the engine's steps per launch ("; <n> steps, <e> events/step, <c>
# components/step, <s>% serial"), combined over launches (serial share by wall time).
# A launch of a few steps may have no timed step ("serial not timed"): it counts for
# the steps and events, not for the serial share.
engine = [(float(w), int(n), float(e), float(s) if s else None) for w, n, e, s in re.findall(
    r" ([0-9.]+) s wall,.*; ([0-9]+) steps, ([0-9.]+) events/step, [0-9.]+ components/step, "
    r"(?:([0-9.]+)% serial|serial not timed)", summaries)]
steps = sum(n for _, n, _, _ in engine)
events = sum(n * e for _, n, e, _ in engine)
timed = [(w, s) for w, _, _, s in engine if s is not None]
engine_wall = sum(w for w, _ in timed)
serial = sum(w * s / 100 for w, s in timed) / engine_wall if engine_wall else None
sim = total["duration"]
inst = total["wavefront_instructions"]
print(json.dumps({
    "app": app, "size": size, "mode": mode, "threads": int(threads), "gpus": int(gpus),
    "launches": int(total["kernel_launches"]), "simulated_ns": int(sim),
    "wall_s": wall, "slowdown": wall * 1e9 / sim if sim else None,
    "wavefront_instructions": int(inst),
    "wf_inst_per_s": inst / wall if wall else None,
    "process_cpu_s": cpu, "load_average": float(load),
    "cores": kernel_cpu / wall if wall else None,
    "build_ms": max(builds) if builds else None,
    "engine_steps": steps or None, "events_per_step": events / steps if steps else None,
    "serial_fraction": serial,
}))
PY
            done
            one=$work/$app-$size-$mode-1.csv two=$work/$app-$size-$mode-2.csv
            if [ -f "$one" ] && [ -f "$two" ] && ! cmp -s "$one" "$two"; then
                echo "error: $app ($size, $mode): reports differ between 1 and 2 threads" >&2
                status=1
            fi
        done
    done < <(sizes "$app")
done

host after | tee -a "$work/host"
mkdir -p "$GCNSIM_BUILD"
touch "$work/pocl.jsonl"
python3 - "$results" "$GCNSIM_BUILD/bench.json" "$work/pocl.jsonl" "$work/host" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
pocl = {(p["app"], p["size"]): p["pocl_ns"] for p in map(json.loads, open(sys.argv[3]))}
host = open(sys.argv[4]).read().splitlines()
for r in rows:
    ns = pocl.get((r["app"], r["size"]))
    r["pocl_kernel_ns"] = ns
    r["vs_pocl"] = r["wall_s"] * 1e9 / ns if ns else None
    r["host"] = host
json.dump(rows, open(sys.argv[2], "w"), indent=1)
fmt = ("{:<12} {:<8} {:<6} {:>3} {:>12} {:>9} {:>10} {:>12} {:>11} {:>8} {:>7} {:>5} {:>5}"
       " {:>9} {:>10} {:>8} {:>8} {:>7} {:>6}")
print(fmt.format("app", "size", "mode", "thr", "sim ns", "wall s", "slowdown",
                 "wf-inst", "wf-inst/s", "speedup", "cpu s", "cores", "load", "build ms", "pocl s",
                 "vs pocl", "ev/step", "serial", "x16"))
one = {(r["app"], r["size"], r["mode"]): r["wall_s"] for r in rows if r["threads"] == 1}
def serial_known(r):
    return r.get("serial_fraction") is not None
for r in rows:
    base = one.get((r["app"], r["size"], r["mode"]))
    speedup = base / r["wall_s"] if base and r["wall_s"] else None
    sim = ("%d" if r["mode"] == "timing" else "%d est") % r["simulated_ns"]
    print(fmt.format(r["app"], r["size"], r["mode"], r["threads"], sim,
                     "%.3f" % r["wall_s"],
                     "%.3g" % r["slowdown"] if r["slowdown"] else "-",
                     r["wavefront_instructions"],
                     "%.3g" % r["wf_inst_per_s"] if r["wf_inst_per_s"] else "-",
                     "%.2fx" % speedup if speedup else "-",
                     "%.2f" % r["process_cpu_s"],
                     "%.2f" % r["cores"] if r["cores"] else "-",
                     "%.1f" % r["load_average"],
                     "%.2f" % r["build_ms"] if r["build_ms"] is not None else "-",
                     "%.4f" % (r["pocl_kernel_ns"] / 1e9) if r["pocl_kernel_ns"] else "-",
                     "%.1fx" % r["vs_pocl"] if r["vs_pocl"] else "-",
                     "%.1f" % r["events_per_step"] if r["events_per_step"] else "-",
                     "%.1f%%" % (100 * r["serial_fraction"]) if serial_known(r) else "-",
                     "%.1fx" % (1 / (r["serial_fraction"] + (1 - r["serial_fraction"]) / 16))
                     if serial_known(r) else "-"))
if any(r["mode"] != "timing" for r in rows):
    print("est: emu mode's kernel time is the front end's estimate, not simulated")
if any(serial_known(r) for r in rows):
    print("ev/step, serial: the timing engine's events per step and the share of its host time"
          " spent serially;\nx16: the speed-up 16 threads would give if the rest divided"
          " evenly (Amdahl's law)")
print("written:", sys.argv[2])
PY
exit $status
