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
