# common.sh — helpers of the gcnsim command's CTest scripts (sourced).

# fail MESSAGE: prints the failure and exits 1.
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# expect_status WANT COMMAND...: runs COMMAND (stdout to out.txt, stderr to err.txt in
# the current folder) and fails unless it exits with WANT.
expect_status() {
    local want=$1 status=0
    shift
    "$@" >out.txt 2>err.txt || status=$?
    if [ "$status" -ne "$want" ]; then
        cat out.txt err.txt >&2
        fail "'$*' exited with $status, expected $want"
    fi
}

# write_sweep FILE FIR OUTPUT: a tiny timing sweep (2 L2 sizes × 1 and 2 GPUs) of fir
# and of a command that fails (fir refuses -n 100), results in OUTPUT.
write_sweep() {
    cat >"$1" <<EOT
output = "$3"
[parameters]
mode = "timing"
gpus = [1, 2]
"gpu.l2.size_bytes" = [16384, 65536]
[commands]
fir = ["$2", "-n", "4096", "-b", "2"]
bad = ["$2", "-n", "100"]
EOT
}
