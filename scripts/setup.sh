#!/usr/bin/env bash
# setup.sh — installs what gcnsim needs on Debian 12 (idempotent): the OpenCL
# ICD loader, headers and clinfo, CMake and a C compiler, clang-15/LLVM-15 and
# the ROCm device libraries (to compile kernels for gfx803), and PoCL (the
# reference OpenCL implementation the tests compare with), the font `gcnsim plot`
# draws text with, and SLURM with munge (the test of `gcnsim sweep --slurm` starts a
# one-machine cluster with scripts/slurm-cluster.sh). Needs root (or sudo)
# only when something is missing. Checks that the Rust toolchain is present.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

packages=(
    build-essential pkg-config cmake
    ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-headers clinfo
    clang-15 lld-15 llvm-15 rocm-device-libs
    pocl-opencl-icd
    fonts-dejavu-core
    slurm-wlm munge
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends "${missing[@]}"
else
    echo "system packages: all ${#packages[@]} installed"
fi

if ! command -v cargo >/dev/null 2>&1 || ! command -v rustc >/dev/null 2>&1; then
    echo "error: cargo/rustc not found. Install the Rust toolchain with rustup" >&2
    echo "       (https://rustup.rs), then run this script again." >&2
    exit 1
fi
for tool in fmt clippy; do
    if ! cargo "$tool" --version >/dev/null 2>&1; then
        if command -v rustup >/dev/null 2>&1; then
            say "adding the rustup component for cargo $tool"
            rustup component add "$([ "$tool" = fmt ] && echo rustfmt || echo clippy)"
        else
            echo "warning: 'cargo $tool' is missing; scripts/test.sh needs it" >&2
        fi
    fi
done
echo "rust: $(rustc --version), $(cargo --version)"
