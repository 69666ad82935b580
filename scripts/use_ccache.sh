# Sourced by the build scripts: the compiler cache, when one is installed. A rebuild after a small change, or CI
# on a machine that built the same sources before, recompiles only what changed. Paths are hashed relative to
# the checkout, so another clone of the same sources hits too. Without ccache nothing changes.
if command -v ccache >/dev/null 2>&1; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_CUDA_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
fi
