#!/usr/bin/env bash
# check-sweep.sh GCNSIM FIR DIR — `gcnsim sweep --jobs 2` on a tiny sweep with failing
# points: the table holds every point with its parameters and status; a second run
# skips the finished points and gives the same table; a bad sweep file is refused
# without touching the results; `gcnsim plot` draws the table's charts.
set -euo pipefail
source "$(dirname "$0")/common.sh"
gcnsim=$1 fir=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
write_sweep sweep.toml "$fir" results

expect_status 1 "$gcnsim" sweep sweep.toml --jobs 2
grep -q '8 points, 0 already done, 8 to run' err.txt || fail "$(cat err.txt)"
grep -q '4 of 8 points ok' err.txt || fail "$(cat err.txt)"
grep -q 'point bad-.*failed: exit status' err.txt || fail "failing points not reported: $(cat err.txt)"
table=results/table.csv
head -1 "$table" | grep -qx 'point,command,gpus,mode,gpu.l2.size_bytes,status,exit_code,message,location,what,value,unit' ||
    fail "table header: $(head -1 "$table")"
ok_points=$(awk -F, '$6 == "ok" { print $1 }' "$table" | sort -u | wc -l)
failed_points=$(awk -F, '$6 == "failed" && $2 == "bad" { print $1 }' "$table" | sort -u | wc -l)
[ "$ok_points" = 4 ] && [ "$failed_points" = 4 ] || fail "ok $ok_points, failed $failed_points points"
durations=$(awk -F, '$2 == "fir" && $10 == "duration" && $9 ~ /^gpu[0-9]+\.launch[0-9]+\.fir$/' "$table" | wc -l)
[ "$durations" = 8 ] || fail "$durations kernel durations in the table, expected 2 launches × 4 points"
[ "$(head -c 4 results/table.parquet)" = PAR1 ] || fail "table.parquet is not a Parquet file"
cp "$table" first.csv

expect_status 1 "$gcnsim" sweep sweep.toml --jobs 2
grep -q '8 points, 4 already done, 4 to run' err.txt || fail "not resumed: $(cat err.txt)"
cmp -s first.csv "$table" || fail "the resumed sweep's table differs"

cp sweep.toml bad.toml
sed -i 's/"gpu.l2.size_bytes"/"gpu.l2.size"/' bad.toml
expect_status 2 "$gcnsim" sweep bad.toml
grep -q 'unknown platform key `gpu.l2.size`' err.txt || fail "bad sweep file: $(cat err.txt)"
cmp -s first.csv "$table" || fail "a bad sweep file changed the results"

expect_status 0 "$gcnsim" plot "$table" --html --out plots --x gpu.l2.size_bytes
for chart in kernel_time hit_rate_l2 hit_rate_l1v dram_bandwidth; do
    for ext in svg png; do
        [ -s "plots/$chart.$ext" ] || fail "plots/$chart.$ext missing"
    done
    grep -q "$chart.svg" plots/index.html || fail "index.html does not show $chart"
done
grep -qx ' *gpu.l2.size_bytes *' plots/kernel_time.svg || fail "kernel_time.svg: no x-axis label"
series=$(grep -cx ' *fir gpus=[12] *' plots/kernel_time.svg || true)
[ "$series" = 2 ] || fail "kernel_time.svg has $series legend entries, expected 2 (gpus=1, gpus=2)"
# Logarithmic axes on request (the L2 sizes span less than 2 decades: linear by default).
expect_status 0 "$gcnsim" plot "$table" --out log-plots --x gpu.l2.size_bytes --log-x --log-y
grep -qx ' *gpu.l2.size_bytes (log scale) *' log-plots/kernel_time.svg ||
    fail "kernel_time.svg with --log-x: the x axis does not say it is logarithmic"
grep -qx ' *time (µs), log scale *' log-plots/kernel_time.svg ||
    fail "kernel_time.svg with --log-y: the y axis does not say it is logarithmic"
grep -qx ' *16384 *' log-plots/kernel_time.svg && grep -qx ' *65536 *' log-plots/kernel_time.svg ||
    fail "kernel_time.svg with --log-x: the swept values are not marked on the x axis"
series=$(grep -cx ' *fir gpus=[12] *' log-plots/kernel_time.svg || true)
[ "$series" = 2 ] || fail "log kernel_time.svg has $series legend entries, expected 2"
# A point's mode and GPU count come from the sweep file, never from the shell: with
# neither swept, GCNSIM_MODE=timing and GCNSIM_GPUS=2 in the environment change nothing
# (emu mode on the platform file's GPUs: no per-compute-unit rows, as in timing mode).
cat >plain.toml <<EOT
output = "plain"
[parameters]
"gpu.l2.size_bytes" = [16384]
[commands]
fir = ["$fir", "-n", "4096", "-b", "2"]
EOT
GCNSIM_MODE=timing GCNSIM_GPUS=2 expect_status 0 "$gcnsim" sweep plain.toml --jobs 1
if grep -q '\.cu0,' plain/table.csv; then
    fail "a point ran in the shell's GCNSIM_MODE=timing"
fi
grep -q ',duration,' plain/table.csv || fail "plain sweep: no kernel duration in the table"
echo "gcnsim sweep/plot: all checks passed"
