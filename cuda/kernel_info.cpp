#include "cuda/kernel_info.hpp"

#include <map>
#include <mutex>
#include <tuple>
#include <unordered_map>

#include "core/error.hpp"

#include <cuda_runtime.h>

#include <cstdio>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {
namespace {

// Dynamic shared memory past the 48 KiB every block gets must be opted into before the occupancy calculator counts
// it: until then it reports 0 blocks per SM. The kernel's launcher opts in too, so doing it here first changes
// only the answer (a box fast ring at radius 12 or 16, queried before its first launch, read 0 resident blocks and
// no tail). An amount past the device's limit stays refused, and its occupancy 0.
void OptInSharedMemory(const void* kernel, std::size_t dynamic_smem) {
  if (dynamic_smem <= 48 * 1024) return;
  if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(dynamic_smem)) !=
      cudaSuccess)
    cudaGetLastError();  // clear the refusal: the query below then reports what the device allows
}

}  // namespace

KernelInfo QueryKernelInfo(const void* kernel, int block_threads, std::size_t dynamic_smem,
                           const DeviceLimits& limits) {
  if (!kernel) throw RuntimeError("kernel info: the variant names no kernel");
  cudaFuncAttributes a{};
  FL_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  KernelInfo k;
  k.registers = a.numRegs;
  k.static_smem = a.sharedSizeBytes;
  k.dynamic_smem = dynamic_smem;
  k.local_bytes = a.localSizeBytes;
  k.max_threads_per_block = a.maxThreadsPerBlock;
  int blocks = 0;
  OptInSharedMemory(kernel, dynamic_smem);
  FL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block_threads, dynamic_smem));
  k.active_blocks_per_sm = blocks;
  // Warps, not threads: a partial warp occupies a whole warp slot.
  const int warp = limits.warp_size > 0 ? limits.warp_size : 32;
  const int warps_per_block = (block_threads + warp - 1) / warp;
  const int max_warps = limits.max_threads_per_sm / warp;
  k.occupancy = max_warps > 0 ? static_cast<double>(blocks * warps_per_block) / max_warps : 0.0;
  return k;
}

std::string Describe(const KernelInfo& k) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%d regs, %.1f KiB smem, %d blocks/SM, %.0f%% theoretical occupancy", k.registers,
                static_cast<double>(k.static_smem + k.dynamic_smem) / 1024.0, k.active_blocks_per_sm,
                k.occupancy * 100.0);
  return buf;
}

long ResidentBlocks(const void* kernel, int block_threads, std::size_t dynamic_smem) {
  int device = 0;
  FL_CUDA_CHECK(cudaGetDevice(&device));
  using Key = std::tuple<const void*, int, std::size_t, int>;
  const Key key{kernel, block_threads, dynamic_smem, device};
  static std::mutex mutex;
  static std::map<Key, long> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  int per_sm = 0, sms = 0;
  OptInSharedMemory(kernel, dynamic_smem);
  FL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block_threads, dynamic_smem));
  FL_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return cache[key] = static_cast<long>(per_sm) * sms;
}

StripTiers LaunchTiers(const CudaCall& c, const void* kernel, std::size_t smem, int strips, unsigned grid_x) {
  const long resident = c.tail.divisor > 0 ? ResidentBlocks(kernel, c.launch.block_x * c.launch.block_y, smem) : 0;
  return TiersFor(c.in.shape.height, c.launch.ppt, strips, static_cast<int>(grid_x), resident, c.tail);
}

void CheckKernelThreads(const PlannedStage& s) {
  if (!s.runs_cuda() || !s.variant->kernel || !s.variant->uses.block) return;
  const void* kernel = s.variant->kernel(s.in.format, s.launch, s.params);
  if (!kernel) return;
  static std::mutex mutex;
  static std::unordered_map<const void*, int> limits;  // kernel -> cudaFuncAttributes::maxThreadsPerBlock
  int limit = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = limits.find(kernel);
    if (it == limits.end()) {
      cudaFuncAttributes a{};
      FL_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
      it = limits.emplace(kernel, a.maxThreadsPerBlock).first;
    }
    limit = it->second;
  }
  const long threads = static_cast<long>(s.launch.block_x) * s.launch.block_y;
  if (threads > limit)
    throw InputError("variant '" + s.variant->id + "': block " + FormatBlock(s.launch) + " = " +
                     std::to_string(threads) + " threads > " + std::to_string(limit) +
                     ", the most its kernel can launch with (its registers per thread or launch bounds)");
}

}  // namespace fl::cuda
