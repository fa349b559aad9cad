#!/usr/bin/env bash
# gpu-check.sh [BUILD]: on a machine with an NVIDIA GPU (not part of CI), the corpus built
# natively with nvcc and run on the GPU, against the converted modules run through jax's
# CUDA PJRT plugin (`pip install "jax[cuda13]<0.11"` into BUILD/venv; docs/pjrt.md) or,
# when that plugin is not installed, on the bundled cpu backend. Prints one line per
# kernel with both times and the closing `N passed, N failed, N skipped` line.
# A few minutes for the whole corpus. Set ARCH (default sm_90) for other GPUs.
set -u
cd "$(dirname "$0")/.."
build=${1:-build}
py="$build/venv/bin/python"
[ -x "$py" ] || py=python3
command -v nvidia-smi >/dev/null && nvidia-smi -L
plugin=pjrt:cuda
if ! "$py" -c "import jax_plugins.xla_cuda13" 2>/dev/null; then
  echo "gpu-check: jax's CUDA PJRT plugin is not installed; converted modules run on the cpu backend"
  plugin=cpu
fi
exec "$py" scripts/gpu_check.py --bin "$build/bin" --arch "${ARCH:-sm_90}" --plugin "$plugin" "${@:2}"
