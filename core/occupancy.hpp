#pragma once
// Theoretical occupancy, explained: how many blocks of a kernel fit on one SM by each resource (registers,
// shared memory, the SM's block slots, its warp slots), which of them binds, and what change would lift it.
// The rules are those of the CUDA occupancy calculator (cuda_occupancy.h): registers are allocated per warp
// in units of 256 and split over the SM's 4 sub-partitions; shared memory per block includes the driver's
// reserved 1 KiB (compute capability 8.0 on) and is allocated in units of 128 bytes (256 before 8.0). No CUDA
// here: the GPU tests check it against cudaOccupancyMaxActiveBlocksPerMultiprocessor.
#include <cstddef>
#include <string>

#include "core/launch_config.hpp"

namespace fl {

// The SM's resources as the occupancy calculator sees them.
struct OccupancyLimits {
  int warp_size = 32;
  int max_threads_per_sm = 2048;
  int max_blocks_per_sm = 32;
  int max_threads_per_block = 1024;
  int regs_per_sm = 65536;
  int regs_per_block = 65536;
  int reg_alloc_unit = 256;                 // registers per warp are rounded up to this
  int sub_partitions = 4;                   // registers are allocated in each of them
  std::size_t smem_per_sm = 233472;         // 228 KiB on compute capability 9.0
  std::size_t max_smem_per_block = 232448;  // with opt-in (227 KiB on 9.0)
  std::size_t reserved_smem_per_block = 1024;
  std::size_t smem_alloc_unit = 128;
};

// The limits of a device (its compute capability picks the allocation units).
OccupancyLimits OccupancyLimitsOf(const DeviceLimits& d);

// What one block of a kernel asks for.
struct KernelResources {
  int registers = 0;             // per thread
  std::size_t static_smem = 0;   // bytes per block declared in the kernel
  std::size_t dynamic_smem = 0;  // bytes per block asked for at launch
  int block_threads = 0;
};

enum class OccupancyLimiter {
  None,  // full occupancy
  Registers,
  SharedMemory,
  BlocksPerSm,   // the SM's cap on resident blocks
  ThreadsPerSm,  // the SM's warp slots (blocks too large to fit once more)
  BlockWarps,    // the block's warp count does not divide the SM's warp slots
  Unlaunchable,  // not even one block fits
};

const char* ToString(OccupancyLimiter l);

struct OccupancyReport {
  // Blocks per SM allowed by each resource alone (a large number where a resource does not limit).
  int by_registers = 0;
  int by_smem = 0;
  int by_block_slots = 0;
  int by_warp_slots = 0;
  int blocks_per_sm = 0;  // the least of them
  int warps_per_block = 0;
  int active_warps = 0;
  int max_warps = 0;
  double occupancy = 0;            // active_warps / max_warps, 0..1
  int regs_per_warp = 0;           // allocated (rounded up)
  std::size_t smem_per_block = 0;  // allocated (reserved + static + dynamic, rounded up)
  OccupancyLimiter limiter = OccupancyLimiter::None;
  std::string reason;  // "registers: 64 per thread = 2048 per warp allow 4 blocks of 8 warps"
  std::string advice;  // "use 32 registers or fewer per thread (__launch_bounds__ or fewer live values) ..."
  std::string Summary() const;  // "4 blocks/SM, 50% theoretical occupancy, limited by registers"
  std::string Text() const;     // the summary, the reason and "To lift it: <advice>", one line each
};

OccupancyReport ExplainOccupancy(const KernelResources& k, const OccupancyLimits& l);

}  // namespace fl
