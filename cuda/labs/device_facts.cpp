#include "cuda/labs/device_facts.hpp"

#include <cuda_runtime.h>

#include "cuda/cuda_check.hpp"
#include "cuda/device_info.hpp"

namespace fl::cuda::labs {

static int Attribute(cudaDeviceAttr attr, int dev) {
  int value = 0;
  FL_CUDA_CHECK(cudaDeviceGetAttribute(&value, attr, dev));
  return value;
}

DeviceFacts QueryDeviceFacts() {
  int dev = 0;
  FL_CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp p{};
  FL_CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
  DeviceFacts f;
  f.limits = QueryDeviceLimits();
  for (int i = 0; i < 3; ++i) {
    f.max_block[i] = p.maxThreadsDim[i];
    f.max_grid[i] = p.maxGridSize[i];
  }
  f.max_blocks_per_sm = p.maxBlocksPerMultiProcessor;
  f.regs_per_block = p.regsPerBlock;
  f.l2_bytes = p.l2CacheSize;
  // cudaDeviceProp's memoryClockRate, memoryBusWidth and clockRate are gone in CUDA 13: ask for the
  // attributes.
  f.memory_clock_khz = Attribute(cudaDevAttrMemoryClockRate, dev);
  f.memory_bus_bits = Attribute(cudaDevAttrGlobalMemoryBusWidth, dev);
  f.clock_khz = Attribute(cudaDevAttrClockRate, dev);
  return f;
}

}  // namespace fl::cuda::labs
