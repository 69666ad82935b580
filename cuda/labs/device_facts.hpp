#pragma once
// What the device lab reports: the current device's limits and memory system as the runtime states them, the
// theoretical DRAM bandwidth they imply, and a measured device-to-device copy.
#include <cstddef>
#include <string>

#include "core/launch_config.hpp"

namespace fl::cuda::labs {

struct DeviceFacts {
  DeviceLimits limits;  // name, compute capability, SMs, warp, threads, shared memory, registers per SM
  int max_block[3] = {0, 0, 0};
  int max_grid[3] = {0, 0, 0};
  int max_blocks_per_sm = 0;
  int regs_per_block = 0;
  int l2_bytes = 0;
  int memory_clock_khz = 0;  // cudaDevAttrMemoryClockRate (peak)
  int memory_bus_bits = 0;   // cudaDevAttrGlobalMemoryBusWidth
  int clock_khz = 0;         // cudaDevAttrClockRate (SM peak)
  // 2 (double data rate) x clock x bus width / 8, in GB/s (1e9 bytes per second).
  double TheoreticalGBs() const { return 2.0 * memory_clock_khz * 1e3 * (memory_bus_bits / 8.0) / 1e9; }
};

// The current device's facts; every runtime call checked (RuntimeError naming it).
DeviceFacts QueryDeviceFacts();

}  // namespace fl::cuda::labs
