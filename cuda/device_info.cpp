#include "cuda/device_info.hpp"

#include <cuda_runtime.h>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {

int DeviceCount() noexcept {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error so later calls start clean
    return 0;
  }
  return n;
}

std::string NoDeviceReason() {
  int n = 0;
  const cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    cudaGetLastError();
    return std::string("no usable CUDA device (") + cudaGetErrorString(err) + ")";
  }
  return n == 0 ? "no CUDA device found" : "";
}

DeviceLimits QueryDeviceLimits() {
  int dev = 0;
  FL_CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp p{};
  FL_CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
  DeviceLimits l;
  l.name = p.name;
  l.max_threads_per_block = p.maxThreadsPerBlock;
  l.max_block_x = p.maxThreadsDim[0];
  l.max_block_y = p.maxThreadsDim[1];
  l.max_smem_per_block = p.sharedMemPerBlock;
  l.max_smem_per_block_optin = p.sharedMemPerBlockOptin;
  l.warp_size = p.warpSize;
  l.sm_count = p.multiProcessorCount;
  l.max_threads_per_sm = p.maxThreadsPerMultiProcessor;
  l.smem_per_sm = p.sharedMemPerMultiprocessor;
  l.regs_per_sm = p.regsPerMultiprocessor;
  l.compute_major = p.major;
  l.compute_minor = p.minor;
  l.global_mem = p.totalGlobalMem;
  l.max_blocks_per_sm = p.maxBlocksPerMultiProcessor;
  l.regs_per_block = p.regsPerBlock;
  l.reserved_smem_per_block = p.reservedSharedMemPerBlock;
  return l;
}

}  // namespace fl::cuda
