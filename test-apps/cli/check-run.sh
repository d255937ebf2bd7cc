#!/usr/bin/env bash
# check-run.sh GCNSIM FIR DIR — `gcnsim run`, `info` and `config` from a clean
# environment: two devices for --gpus 2, exit status passed through, report written
# where asked, unknown keys refused with the key named.
set -euo pipefail
source "$(dirname "$0")/common.sh"
gcnsim=$1 fir=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
clean=(env -u OCL_ICD_VENDORS -u LD_LIBRARY_PATH -u GCNSIM_GPUS -u GCNSIM_CONFIG -u GCNSIM_MODE)

expect_status 0 "${clean[@]}" "$gcnsim" run --gpus 2 -- clinfo -l
devices=$(grep -c 'Device #.*(gcnsim)' out.txt || true)
[ "$devices" = 2 ] || fail "clinfo -l under 'gcnsim run --gpus 2' lists $devices gcnsim devices: $(cat out.txt)"

expect_status 7 "${clean[@]}" "$gcnsim" run -- sh -c 'exit 7'

expect_status 0 "${clean[@]}" "$gcnsim" run --gpus 1 --mode timing --report fir.json --summary \
    -- "$fir" -n 4096 -b 1
grep -q '"what": "duration"' fir.json || fail "fir.json has no kernel duration"
grep -q "gcnsim: report written to $dir/fir.json" err.txt || fail "no 'report written' line: $(cat err.txt)"
grep -q 'gcnsim: fir on gpu0: .* simulated' err.txt || fail "--summary printed no kernel line"

expect_status 0 "$gcnsim" plot fir.json --out plots --html
for chart in kernel_time hit_rates dram_bandwidth instruction_mix workgroups_per_cu cpi_per_cu \
    simd_busy_per_cu; do
    [ -s "plots/$chart.svg" ] && [ -s "plots/$chart.png" ] || fail "plot of a timing report: no $chart"
done
grep -qx ' *gpu0.launch0.fir *' plots/kernel_time.svg || fail "kernel_time.svg does not name the launch"
grep -qx ' *l2 *' plots/hit_rates.svg || fail "hit_rates.svg has no l2 bar label"

# One command: the run, its report and trace, and every chart with index.html. The
# work-groups-over-time heat map has a lane per compute unit that ran a work-group (the
# report's work-group_tasks), its axes named.
expect_status 0 "${clean[@]}" "$gcnsim" run --gpus 1 --mode timing --plot runplots \
    -- "$fir" -n 4096 -b 2
for chart in kernel_time cpi_stack_per_cu workgroups_over_time; do
    [ -s "runplots/$chart.svg" ] && [ -s "runplots/$chart.png" ] || fail "run --plot: no $chart"
    grep -q "$chart.svg" runplots/index.html || fail "run --plot: index.html does not show $chart"
done
heat=runplots/workgroups_over_time.svg
cus=$(grep '"work-group_tasks"' runplots/report.json | grep -v '"value": 0,' |
    sed -E 's/.*\.(cu[0-9]+)".*/\1/' | sort -u | wc -l)
lanes=$(grep -cE '^ *cu[0-9]+ *$' "$heat" || true)
[ "$cus" -gt 1 ] && [ "$lanes" = "$cus" ] ||
    fail "workgroups_over_time.svg has $lanes compute-unit lanes, the report $cus CUs with work-groups"
grep -qx ' *simulated time (µs) *' "$heat" || fail "workgroups_over_time.svg: no time axis"
grep -qx ' *compute unit (gpu0) *' "$heat" || fail "workgroups_over_time.svg: no CU axis"
# In emulation mode the trace's times are estimates, and the chart says so.
expect_status 0 "${clean[@]}" "$gcnsim" run --gpus 1 --mode emu --trace emu-trace.json \
    -- "$fir" -n 4096 -b 2
expect_status 0 "$gcnsim" plot emu-trace.json --out emu-plots
grep -q 'estimated time (µs; emu mode, not simulated)' emu-plots/workgroups_over_time.svg ||
    fail "the chart of an emu-mode trace does not say its times are estimates"
# A failed program's exit status passes through --plot; a sweep-only option is refused.
expect_status 7 "${clean[@]}" "$gcnsim" run --plot failed -- sh -c 'exit 7'
grep -q 'gcnsim: no charts: the program wrote no report and no trace' err.txt ||
    fail "run --plot after a failed program: $(cat err.txt)"
expect_status 2 "$gcnsim" plot fir.json --log-x
grep -q 'apply to sweep tables' err.txt || fail "plot --log-x of a report: $(cat err.txt)"

expect_status 2 "${clean[@]}" "$gcnsim" run --set gpu.l2.size=1 -- true
grep -q 'unknown platform key `gpu.l2.size`' err.txt || fail "unknown key not named: $(cat err.txt)"
expect_status 2 "${clean[@]}" "$gcnsim" run --set gpu.l2.ways=many -- true
grep -q 'gpu.l2.ways' err.txt || fail "bad value not named: $(cat err.txt)"

expect_status 0 "$gcnsim" config --set gpu.l2.size_bytes=262144 --set gpu.compute_units=32
grep -q '^size_bytes = 262144$' out.txt || fail "config does not show the L2 size set"
grep -q '^compute_units = 32$' out.txt || fail "config does not show the CU count set"
grep -q '^# Vector L1 cache' out.txt || fail "config lost the file's comments"
expect_status 0 "$gcnsim" info --gpus 2 --set gpu.compute_units=32
grep -q '^platform: 2 × ' out.txt || fail "info: $(cat out.txt)"
grep -q '32 compute units' out.txt || fail "info: $(cat out.txt)"
echo "gcnsim run/info/config: all checks passed"
