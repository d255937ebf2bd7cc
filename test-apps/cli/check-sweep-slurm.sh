#!/usr/bin/env bash
# check-sweep-slurm.sh GCNSIM FIR DIR CLUSTER_SCRIPT — the tiny sweep through
# `gcnsim sweep --slurm` on a one-machine SLURM cluster (CLUSTER_SCRIPT starts it) and
# with `--jobs 2`: the merged tables (CSV and Parquet) must be identical. Exits 77
# (skipped, saying why) only when SLURM cannot be started.
set -euo pipefail
source "$(dirname "$0")/common.sh"
gcnsim=$1 fir=$2 dir=$3 cluster=$4
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"

status=0
"$cluster" start "$dir/cluster" >cluster.txt 2>cluster-errors.txt || status=$?
if [ "$status" -eq 77 ]; then
    echo "SKIPPED: the SLURM sweep test did not run. $(tail -1 cluster-errors.txt)" >&2
    exit 77
fi
[ "$status" -eq 0 ] || fail "the SLURM cluster script failed ($status): $(cat cluster-errors.txt)"
trap '"$cluster" stop "$dir/cluster"' EXIT
source cluster.txt

write_sweep slurm.toml "$fir" slurm-results
write_sweep local.toml "$fir" local-results
expect_status 1 "$gcnsim" sweep slurm.toml --slurm --sbatch-arg=--time=10
grep -q 'submitted SLURM job array' err.txt || fail "$(cat err.txt)"
grep -q '4 of 8 points ok' err.txt || fail "$(cat err.txt)"
[ "$(ls slurm-results/slurm | wc -l)" = 8 ] || fail "expected 8 task logs: $(ls slurm-results/slurm)"
expect_status 1 "$gcnsim" sweep local.toml --jobs 2
cmp slurm-results/table.csv local-results/table.csv || fail "SLURM and local tables differ"
cmp slurm-results/table.parquet local-results/table.parquet || fail "SLURM and local Parquet tables differ"
echo "gcnsim sweep --slurm: same table as --jobs 2 ($(wc -l <local-results/table.csv) rows)"
