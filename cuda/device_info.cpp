#include "cuda/device_info.hpp"

#include <cuda_runtime.h>

#include <string>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {

std::string UnsupportedComputeReason(const std::string& name, int major, int minor) {
  if (major >= kMinComputeMajor) return "";
  return "the CUDA device " + name + " has compute capability " + std::to_string(major) + "." + std::to_string(minor) +
         "; Filter Lab's kernels need " + std::to_string(kMinComputeMajor) + ".0 or newer";
}

namespace {

// Device 0's compute capability major, or -1 when the runtime cannot say.
int ComputeMajorOfDeviceZero() noexcept {
  int major = -1;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return major;
}

}  // namespace

int DeviceCount() noexcept {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error so later calls start clean
    return 0;
  }
  return n > 0 && ComputeMajorOfDeviceZero() >= kMinComputeMajor ? n : 0;
}

std::string NoDeviceReason() {
  int n = 0;
  const cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    cudaGetLastError();
    return std::string("no usable CUDA device (") + cudaGetErrorString(err) + ")";
  }
  if (n == 0) return "no CUDA device found";
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
    cudaGetLastError();
    return "the CUDA device's properties could not be read";
  }
  return UnsupportedComputeReason(p.name, p.major, p.minor);
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
