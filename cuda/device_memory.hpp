#pragma once
// How much memory the current CUDA device has free, for soak runs that check nothing grows.
#include <cstddef>

namespace fl::cuda {

struct DeviceMemory {
  std::size_t free = 0, total = 0;
  std::size_t used() const { return total - free; }
};

// cudaMemGetInfo on the current device; throws RuntimeError when it fails.
DeviceMemory QueryDeviceMemory();

}  // namespace fl::cuda
