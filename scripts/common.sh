# common.sh — what scripts/setup.sh, run.sh and test.sh share. Source it; it
# defines variables and functions and changes nothing by itself.

# The repository root (this file lives in <root>/scripts).
GCNSIM_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Where cargo puts its output: $CARGO_TARGET_DIR if set (relative to the
# repository if relative), else <root>/target.
case "${CARGO_TARGET_DIR:-}" in
    "") GCNSIM_TARGET_DIR=$GCNSIM_REPO/target ;;
    /*) GCNSIM_TARGET_DIR=$CARGO_TARGET_DIR ;;
    *) GCNSIM_TARGET_DIR=$GCNSIM_REPO/$CARGO_TARGET_DIR ;;
esac
# The folder holding the release libgcnsim.so.
GCNSIM_LIBDIR=$GCNSIM_TARGET_DIR/release
# The CMake build tree of test-apps.
GCNSIM_BUILD=$GCNSIM_REPO/build

# Cargo installed by rustup lives in ~/.cargo/bin, which a non-login shell
# may not have on its PATH.
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    PATH=$HOME/.cargo/bin:$PATH
fi

# Prints a step heading.
say() {
    printf '\n==> %s\n' "$*"
}

# Prints the value of a benchmark script's `--mode` option, after checking it names a
# simulation mode; exits 2 with an error otherwise.
mode_option() {
    case $1 in
    emu | timing) echo "$1" ;;
    *)
        echo "error: --mode takes emu or timing, not '$1'" >&2
        exit 2
        ;;
    esac
}

# Points the OpenCL loader at this clone's gcnsim build (for the apps this script
# runs), with compiled kernels cached in the build tree: what the benchmark scripts
# share.
use_this_build() {
    export OCL_ICD_VENDORS=$GCNSIM_REPO/OpenCL.icd
    export LD_LIBRARY_PATH=$GCNSIM_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export GCNSIM_CACHE_DIR=$GCNSIM_BUILD/gcnsim-cache
}

# Runs a command as root: directly when root, through sudo when available.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "error: '$*' needs root and sudo is not available" >&2
        return 1
    fi
}

# Builds the workspace in release mode (libgcnsim.so among the results).
build_release() {
    (cd "$GCNSIM_REPO" && cargo build --release --workspace)
}

# Makes the bare name libgcnsim.so (as written in OpenCL.icd) resolve to this
# clone's build for every program: a /usr/local/lib symlink and ldconfig, when
# running as root. Idempotent. Non-root users set LD_LIBRARY_PATH instead.
install_library_link() {
    local lib=$GCNSIM_LIBDIR/libgcnsim.so link=/usr/local/lib/libgcnsim.so
    if [ ! -f "$lib" ]; then
        echo "error: $lib was not built" >&2
        return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "not root: not linking $link; use LD_LIBRARY_PATH=$GCNSIM_LIBDIR"
        return 0
    fi
    if [ "$(readlink "$link" 2>/dev/null)" != "$lib" ]; then
        ln -sfn "$lib" "$link"
        ldconfig
        echo "linked $link -> $lib"
    else
        echo "$link -> $lib (already)"
    fi
}

# Configures and builds test-apps into build/, registering the gcnsim tests
# for the GPU counts given as arguments (default: 1 and 4).
build_apps() {
    local gpus
    gpus=$(IFS=';' && echo "${*:-1;4}")
    cmake -S "$GCNSIM_REPO/test-apps" -B "$GCNSIM_BUILD" -DGCNSIM_LIBRARY_DIR="$GCNSIM_LIBDIR" \
        -DGCNSIM_TEST_GPUS="$gpus" >/dev/null &&
        cmake --build "$GCNSIM_BUILD" --parallel "$(nproc)"
}

# Builds libgcnsim.so (release) and the test-apps hosts of MGPUSim's benchmarks
# named as arguments (test-apps/mgpusim, targets mgpusim-<name>).
build_mgpusim_hosts() {
    build_release >/dev/null
    cmake -S "$GCNSIM_REPO/test-apps" -B "$GCNSIM_BUILD" -DGCNSIM_LIBRARY_DIR="$GCNSIM_LIBDIR" \
        >/dev/null
    local targets=() name
    for name in "$@"; do targets+=(--target "mgpusim-$name"); done
    cmake --build "$GCNSIM_BUILD" --parallel "$(nproc)" "${targets[@]}" >/dev/null
}
