#include "cuda/device_memory.hpp"

#include <cuda_runtime.h>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {

DeviceMemory QueryDeviceMemory() {
  DeviceMemory m;
  FL_CUDA_CHECK(cudaMemGetInfo(&m.free, &m.total));
  return m;
}

}  // namespace fl::cuda
