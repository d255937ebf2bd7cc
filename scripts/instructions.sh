#!/usr/bin/env bash
# instructions.sh — the simulator's cost in host instructions per wavefront
# instruction, counted by valgrind's callgrind: a figure the host's speed and load
# do not move, unlike bench.sh's times (which follow the host: the same build's timing
# mode ran 2.5–3.8 times slower on one host than on another, docs/speed.md). Not part
# of CI; installs valgrind if it is missing.
#
#   scripts/instructions.sh [--mode emu|timing] [APP...]
#
# For every workload app (default: fir matmul transpose) at its default size and in
# every mode (emu and timing, or the one --mode names), on one simulated GPU and one
# simulator thread, runs the app under callgrind counting only inside
# Platform::run_kernel (the simulation of the kernels, from their launch to their
# report: not the app, not the compiler, not the copies) and prints, summed over the
# app's launches:
#   wf-inst      wavefront instructions executed
#   host inst    host instructions callgrind counted
#   per wf-inst  host inst / wf-inst
# and writes the rows to build/instructions.json. Under callgrind a run takes about
# 50 times as long as without (timing mode FIR default: about 20 s).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

only_mode=
while [ $# -gt 0 ]; do
    case $1 in
    --mode)
        only_mode=$(mode_option "${2:-}")
        shift
        ;;
    -*)
        echo "error: unknown option '$1' (usage: scripts/instructions.sh [--mode emu|timing] [APP...])" >&2
        exit 2
        ;;
    *) break ;;
    esac
    shift
done
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
    apps=(fir matmul transpose)
fi
modes=(emu timing)
if [ -n "$only_mode" ]; then
    modes=("$only_mode")
fi

if ! command -v valgrind >/dev/null 2>&1; then
    say "installing valgrind"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends valgrind
fi

say "building gcnsim (release) and the test apps"
build_release >/dev/null
build_apps >/dev/null

use_this_build
export GCNSIM_GPUS=1 GCNSIM_THREADS=1 GCNSIM_SUMMARY=1
unset GCNSIM_REPORT GCNSIM_TRACE GCNSIM_MODE GCNSIM_UNIFIED GCNSIM_CONFIG

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for app in "${apps[@]}"; do
    exe=$GCNSIM_BUILD/$app/$app
    [ -x "$exe" ] || { echo "error: $exe not built (apps: see test-apps/)" >&2; exit 2; }
    # Once outside callgrind, so the kernels come from the compiled-kernel cache below.
    "$exe" >/dev/null 2>&1 || true
    for mode in "${modes[@]}"; do
        tag=$app-$mode
        if ! GCNSIM_MODE=$mode valgrind --tool=callgrind --callgrind-out-file="$work/$tag.cg" \
            --toggle-collect='sim_core::platform::Platform::run_kernel' \
            "$exe" >"$work/$tag.out" 2>"$work/$tag.err"; then
            echo "error: $app ($mode) failed under callgrind:" >&2
            tail -5 "$work/$tag.out" "$work/$tag.err" >&2
            status=1
            continue
        fi
        python3 - "$work/$tag.err" "$work/$tag.cg" "$app" "$mode" >>"$work/rows.jsonl" <<'PY'
import json, re, sys
err, cg, app, mode = sys.argv[1:]
log = open(err).read()
inst = sum(int(n) for n in re.findall(r"^gcnsim: .*? ([0-9]+) wf-inst,", log, re.M))
# callgrind's total of the collected event (Ir) over every thread.
host = sum(int(n) for n in re.findall(r"^summary: ([0-9]+)", open(cg).read(), re.M))
print(json.dumps({"app": app, "size": "default", "mode": mode,
                  "wavefront_instructions": inst, "host_instructions": host,
                  "host_per_wf_inst": host / inst if inst else None}))
PY
    done
done

mkdir -p "$GCNSIM_BUILD"
touch "$work/rows.jsonl"
python3 - "$work/rows.jsonl" "$GCNSIM_BUILD/instructions.json" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
json.dump(rows, open(sys.argv[2], "w"), indent=1)
fmt = "{:<12} {:<8} {:<6} {:>12} {:>16} {:>12}"
print(fmt.format("app", "size", "mode", "wf-inst", "host inst", "per wf-inst"))
for r in rows:
    per = r["host_per_wf_inst"]
    print(fmt.format(r["app"], r["size"], r["mode"], r["wavefront_instructions"],
                     r["host_instructions"], "%.0f" % per if per else "-"))
print("written:", sys.argv[2])
PY
exit $status
