#pragma once
// Device side of the byte labs: a grid-stride walk over 16-byte chunks with several loads in flight per
// thread, and the byte-wise tail (PackedBytes: bytes % 16 after the last whole chunk).
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace fl::cuda::labs {

constexpr int kStreamBlock = 256;   // threads per block of every byte-lab kernel
constexpr int kChunksInFlight = 4;  // loads issued before any is used, to cover DRAM latency

// Calls f(uint4) for every chunk this thread owns: chunk i, i + stride, ... (stride = every thread of the
// grid). Groups of kChunksInFlight loads are issued together, then used, so the memory system always has work
// queued even when `f` does atomics the compiler may not move loads across.
template <typename F>
__device__ inline void ForEachChunk(const uint4* __restrict__ chunks, std::size_t n, F&& f) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + (kChunksInFlight - 1) * stride < n; i += kChunksInFlight * stride) {
    uint4 v[kChunksInFlight];
#pragma unroll
    for (int k = 0; k < kChunksInFlight; ++k) v[k] = __ldg(chunks + i + k * stride);
#pragma unroll
    for (int k = 0; k < kChunksInFlight; ++k) f(v[k]);
  }
  for (; i < n; i += stride) f(__ldg(chunks + i));
}

// The first thread of the grid calls g(byte, lane) for each of the `tail` bytes after the last chunk; the
// tail starts at a multiple of 16, so byte t is in lane t % 4.
template <typename G>
__device__ inline void ForEachTailByte(const std::uint8_t* __restrict__ tail_bytes, int tail, G&& g) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  for (int t = 0; t < tail; ++t) g(static_cast<unsigned>(tail_bytes[t]), t & 3);
}

// Byte j (0..3) of a 32-bit word.
__device__ inline unsigned ByteOf(unsigned w, int j) { return (w >> (8 * j)) & 0xFFu; }

}  // namespace fl::cuda::labs
