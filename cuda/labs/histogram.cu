// The histogram lab's kernels: three ways to count 256 (or 4 x 256) bins with atomics, and where each one's
// atomics collide. Every kernel walks the packed image 16 bytes per load with a grid stride
// (byte_stream.cuh).
#include <cooperative_groups.h>

#include "cuda/cuda_check.hpp"
#include "cuda/labs/byte_stream.cuh"
#include "cuda/labs/histogram.hpp"
#include "cuda/labs/packed_bytes.hpp"

namespace fl::cuda::labs {
namespace {

// kLanes = 1: gray8, one histogram of every byte. kLanes = 4: rgba8, byte j of a word is channel j.
template <int kLanes>
__device__ inline unsigned BinOf(unsigned byte, int lane) {
  return kLanes == 4 ? static_cast<unsigned>(lane) * 256u + byte : byte;
}

template <int kLanes>
__device__ inline void CountChunk(unsigned* bins, uint4 v) {
  const unsigned words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
  for (int w = 0; w < 4; ++w)
#pragma unroll
    for (int j = 0; j < 4; ++j) atomicAdd(bins + BinOf<kLanes>(ByteOf(words[w], j), j), 1u);
}

// One atomicAdd per byte straight to the global bins: every thread of the GPU competes for 256 addresses.
template <int kLanes>
__global__ void __launch_bounds__(kStreamBlock)
    HistogramGlobalAtomics(const uint4* __restrict__ chunks, std::size_t n,
                           const std::uint8_t* __restrict__ tail, int tail_n, unsigned* bins) {
  ForEachChunk(chunks, n, [&](uint4 v) { CountChunk<kLanes>(bins, v); });
  ForEachTailByte(tail, tail_n, [&](unsigned b, int lane) { atomicAdd(bins + BinOf<kLanes>(b, lane), 1u); });
}

// Zeroes `count` shared words cooperatively.
__device__ inline void ZeroShared(unsigned* s, int count) {
  for (int i = threadIdx.x; i < count; i += blockDim.x) s[i] = 0;
}

// For warp_aggregated: before each atomic the threads of a warp that hold the same bin find each other
// (labeled_partition: __match_any_sync underneath) and only one of them adds the group's count. Works
// for any set of active threads, so the grid-stride remainder (where some lanes have no chunk) is safe.
template <int kLanes>
__device__ inline void CountChunkAggregated(unsigned* bins, uint4 v) {
  namespace cg = cooperative_groups;
  const unsigned words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
  for (int w = 0; w < 4; ++w)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const unsigned bin = BinOf<kLanes>(ByteOf(words[w], j), j);
      const auto same_bin = cg::labeled_partition(cg::coalesced_threads(), bin);
      if (same_bin.thread_rank() == 0) atomicAdd(bins + bin, static_cast<unsigned>(same_bin.num_threads()));
    }
}

// Each block counts into its own bins in shared memory, then adds each non-zero bin to the global bins once.
// kAggregate (warp_aggregated): one atomic per group of a warp's threads holding the same bin.
template <int kLanes, bool kAggregate>
__global__ void __launch_bounds__(kStreamBlock)
    HistogramSharedAtomics(const uint4* __restrict__ chunks, std::size_t n,
                           const std::uint8_t* __restrict__ tail, int tail_n, unsigned* bins) {
  __shared__ unsigned sub[kLanes * 256];
  ZeroShared(sub, kLanes * 256);
  __syncthreads();
  ForEachChunk(chunks, n, [&](uint4 v) {
    if constexpr (kAggregate)
      CountChunkAggregated<kLanes>(sub, v);
    else
      CountChunk<kLanes>(sub, v);
  });
  ForEachTailByte(tail, tail_n, [&](unsigned b, int lane) { atomicAdd(sub + BinOf<kLanes>(b, lane), 1u); });
  __syncthreads();
  for (int b = threadIdx.x; b < kLanes * 256; b += blockDim.x)
    if (sub[b]) atomicAdd(bins + b, sub[b]);
}

// Each warp counts into its own bins in shared memory (only its 32 threads collide), then the block sums the
// warps' bins and adds each non-zero total to the global bins once.
template <int kLanes>
__global__ void __launch_bounds__(kStreamBlock)
    HistogramWarpPrivate(const uint4* __restrict__ chunks, std::size_t n,
                         const std::uint8_t* __restrict__ tail, int tail_n, unsigned* bins) {
  constexpr int kWarps = kStreamBlock / 32;
  __shared__ unsigned sub[kWarps][kLanes * 256];
  ZeroShared(&sub[0][0], kWarps * kLanes * 256);
  __syncthreads();
  unsigned* mine = sub[threadIdx.x / 32];
  ForEachChunk(chunks, n, [&](uint4 v) { CountChunk<kLanes>(mine, v); });
  ForEachTailByte(tail, tail_n, [&](unsigned b, int lane) { atomicAdd(mine + BinOf<kLanes>(b, lane), 1u); });
  __syncthreads();
  for (int b = threadIdx.x; b < kLanes * 256; b += blockDim.x) {
    unsigned total = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) total += sub[w][b];
    if (total) atomicAdd(bins + b, total);
  }
}

using HistogramKernelFn = void (*)(const uint4*, std::size_t, const std::uint8_t*, int, unsigned*);

template <int kLanes>
HistogramKernelFn KernelFor(HistogramKernel k) {
  switch (k) {
    case HistogramKernel::GlobalAtomics:
      return HistogramGlobalAtomics<kLanes>;
    case HistogramKernel::SharedAtomics:
      return HistogramSharedAtomics<kLanes, false>;
    case HistogramKernel::WarpPrivate:
      return HistogramWarpPrivate<kLanes>;
    case HistogramKernel::WarpAggregated:
      return HistogramSharedAtomics<kLanes, true>;
  }
  return HistogramGlobalAtomics<kLanes>;
}

}  // namespace

std::vector<HistogramRun> RunHistogramKernels(const Image& image, const std::vector<HistogramKernel>& kernels,
                                              int repeat, const std::atomic<bool>* cancel) {
  const Stream stream = Stream::Create();
  const cudaStream_t s = stream.get();
  const PackedBytes in(image, s);
  const bool rgba = image.format() == PixelFormat::Rgba8;
  const std::size_t bin_count = rgba ? 4 * 256 : 256;
  const DeviceBuffer bins = DeviceBuffer::Allocate(bin_count * sizeof(unsigned));
  const L2Flusher flusher;
  const auto* chunks = reinterpret_cast<const uint4*>(in.data());

  std::vector<HistogramRun> runs;
  for (const HistogramKernel k : kernels) {
    const HistogramKernelFn fn = rgba ? KernelFor<4>(k) : KernelFor<1>(k);
    const unsigned grid = StreamGrid(reinterpret_cast<const void*>(fn), kStreamBlock, 0, in.chunks());
    const TimingSamples t = TimeLaunches(
        s, 1, repeat, [&] { FL_CUDA_CHECK(cudaMemsetAsync(bins.get(), 0, bins.size(), s)); },
        [&] {
          fn<<<grid, kStreamBlock, 0, s>>>(chunks, in.chunks(), in.tail_data(), in.tail(),
                                           bins.as<unsigned>());
          FL_CUDA_CHECK_LAUNCH("histogram kernel");
        },
        flusher, cancel);
    std::vector<unsigned> host(bin_count);
    FL_CUDA_CHECK(cudaMemcpyAsync(host.data(), bins.get(), bins.size(), cudaMemcpyDeviceToHost, s));
    FL_CUDA_CHECK(cudaStreamSynchronize(s));
    runs.push_back({t.Median(), t.Min(), std::vector<std::uint64_t>(host.begin(), host.end())});
  }
  return runs;
}

}  // namespace fl::cuda::labs
