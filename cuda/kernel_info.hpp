#pragma once
// What the compiler and the occupancy calculator say about one kernel at one launch configuration: the figures
// that explain why a variant is as fast as it is (registers limit resident warps, shared memory limits blocks).
#include <cstddef>
#include <string>

#include "core/launch_config.hpp"
#include "core/plan.hpp"

namespace fl::cuda {

struct KernelInfo {
  int registers = 0;                // per thread
  std::size_t static_smem = 0;      // bytes per block declared in the kernel
  std::size_t dynamic_smem = 0;     // bytes per block asked for at launch
  std::size_t local_bytes = 0;      // per thread (spills and local arrays)
  int max_threads_per_block = 0;    // the kernel's own limit (registers can lower it below the device's)
  int active_blocks_per_sm = 0;     // cudaOccupancyMaxActiveBlocksPerMultiprocessor
  double occupancy = 0;             // resident warps / the SM's maximum warps, 0..1
};

// Queries `kernel` (a __global__ function's address, from VariantSpec::kernel) for a block of `block_threads`
// threads and `dynamic_smem` bytes. Throws RuntimeError when the runtime refuses (e.g. no device).
KernelInfo QueryKernelInfo(const void* kernel, int block_threads, std::size_t dynamic_smem,
                           const DeviceLimits& limits);

// Refuses (InputError) a CUDA stage whose block has more threads than its kernel can launch with: a kernel's limit
// falls below the device's when its registers per thread or its __launch_bounds__ say so, which the plan cannot
// see (it has no CUDA). Queried once per kernel.
void CheckKernelThreads(const PlannedStage& s);

// Blocks of `kernel` resident on the whole current device at once (blocks per SM x SMs), for launchers that shape
// their grid's last wave (strip::StripTiers). Cached per kernel, block, shared memory and device: a launch path
// must not spend host time that the stream would wait for.
long ResidentBlocks(const void* kernel, int block_threads, std::size_t dynamic_smem);
// The bands of a launch's grid (core/strip_tiers.hpp) under the plan's tail rule (CudaCall::tail): `strips` strips
// per row of blocks (block_y for the strip kernels, one for gauss tensor), `grid_x` blocks across, and the
// device's resident blocks of `kernel` with this block and shared memory. Equal strips of the launch's ppt when the
// stage takes no tail.
StripTiers LaunchTiers(const CudaCall& c, const void* kernel, std::size_t smem, int strips, unsigned grid_x);

// "32 regs, 2.0 KiB smem, 16 blocks/SM, 100% theoretical occupancy".
std::string Describe(const KernelInfo& k);

}  // namespace fl::cuda
