// The reduce lab's kernels: sum, min and max of every byte lane in one pass, combined within a block either
// by a shared-memory tree or by warp shuffles, then one set of atomics per block.
#include <cstddef>

#include "cuda/cuda_check.hpp"
#include "cuda/labs/byte_stream.cuh"
#include "cuda/labs/packed_bytes.hpp"
#include "cuda/labs/reduce.hpp"
#include "cuda/read_stream.hpp"

namespace fl::cuda::labs {
namespace {

constexpr unsigned kFullMask = 0xFFFFFFFFu;

// One total alone in its 128-byte line: every block's atomics land on these 12 totals, and totals sharing a line
// share one L2 slice, which serialises all of them; in lines of their own the slices work in parallel.
template <typename T>
struct alignas(128) OwnLine {
  T v;
};

// The device totals: per byte lane (k = byte offset mod 4) the sum, min and max.
struct LaneTotals {
  OwnLine<unsigned long long> sum[4];
  OwnLine<unsigned> min[4];
  OwnLine<unsigned> max[4];
};

// One thread's running totals. Min and max of the four lanes live packed in one word each (__vminu4 and
// __vmaxu4 compare four bytes at once); sums split each word into its even and odd bytes as 16-bit lanes, so
// one 32-bit add adds two bytes (four words add at most 4 x 255 per lane: no carry).
struct LaneAcc {
  unsigned long long sum[4] = {0, 0, 0, 0};
  unsigned vmin = 0xFFFFFFFFu, vmax = 0;

  __device__ void AddChunk(uint4 v) {
    const unsigned even =
        (v.x & 0x00FF00FFu) + (v.y & 0x00FF00FFu) + (v.z & 0x00FF00FFu) + (v.w & 0x00FF00FFu);
    const unsigned odd = ((v.x >> 8) & 0x00FF00FFu) + ((v.y >> 8) & 0x00FF00FFu) +
                         ((v.z >> 8) & 0x00FF00FFu) + ((v.w >> 8) & 0x00FF00FFu);
    sum[0] += even & 0xFFFFu;
    sum[1] += odd & 0xFFFFu;
    sum[2] += even >> 16;
    sum[3] += odd >> 16;
    vmin = __vminu4(vmin, __vminu4(__vminu4(v.x, v.y), __vminu4(v.z, v.w)));
    vmax = __vmaxu4(vmax, __vmaxu4(__vmaxu4(v.x, v.y), __vmaxu4(v.z, v.w)));
  }
  __device__ void AddByte(unsigned b, int lane) {
#pragma unroll
    for (int k = 0; k < 4; ++k)  // constant indices keep sum[] in registers
      if (k == lane) sum[k] += b;
    const int shift = 8 * lane;
    vmin = __vminu4(vmin, ~(0xFFu << shift) | (b << shift));
    vmax = __vmaxu4(vmax, b << shift);
  }
  __device__ void Add(const LaneAcc& o) {
#pragma unroll
    for (int k = 0; k < 4; ++k) sum[k] += o.sum[k];
    vmin = __vminu4(vmin, o.vmin);
    vmax = __vmaxu4(vmax, o.vmax);
  }
  __device__ void AtomicInto(LaneTotals* out) const {
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      atomicAdd(&out->sum[k].v, sum[k]);
      atomicMin(&out->min[k].v, ByteOf(vmin, k));
      atomicMax(&out->max[k].v, ByteOf(vmax, k));
    }
  }
};

__device__ inline LaneAcc ThreadTotals(const uint4* __restrict__ chunks, std::size_t n,
                                       const std::uint8_t* __restrict__ tail, int tail_n) {
  LaneAcc a;
  ForEachChunk(chunks, n, [&](uint4 v) { a.AddChunk(v); });
  ForEachTailByte(tail, tail_n, [&](unsigned b, int lane) { a.AddByte(b, lane); });
  return a;
}

// The block's threads combine pairwise in shared memory, halving the active threads each step (log2(256) = 8
// steps, a barrier each); thread 0 does the block's atomics.
__global__ void __launch_bounds__(kStreamBlock)
    ReduceSmemTree(const uint4* __restrict__ chunks, std::size_t n, const std::uint8_t* __restrict__ tail,
                   int tail_n, LaneTotals* out) {
  __shared__ unsigned long long s_sum[4][kStreamBlock];
  __shared__ unsigned s_min[kStreamBlock], s_max[kStreamBlock];
  const LaneAcc a = ThreadTotals(chunks, n, tail, tail_n);
  const int t = threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k) s_sum[k][t] = a.sum[k];
  s_min[t] = a.vmin;
  s_max[t] = a.vmax;
  __syncthreads();
  for (int stride = kStreamBlock / 2; stride > 0; stride >>= 1) {
    if (t < stride) {
#pragma unroll
      for (int k = 0; k < 4; ++k) s_sum[k][t] += s_sum[k][t + stride];
      s_min[t] = __vminu4(s_min[t], s_min[t + stride]);
      s_max[t] = __vmaxu4(s_max[t], s_max[t + stride]);
    }
    __syncthreads();
  }
  if (t == 0) {
    LaneAcc block;
    for (int k = 0; k < 4; ++k) block.sum[k] = s_sum[k][0];
    block.vmin = s_min[0];
    block.vmax = s_max[0];
    block.AtomicInto(out);
  }
}

// Combines the 32 threads of a warp in registers: 5 shuffle steps, no shared memory, no barrier.
__device__ inline LaneAcc WarpTotals(LaneAcc a) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) {
    LaneAcc other;
#pragma unroll
    for (int k = 0; k < 4; ++k) other.sum[k] = __shfl_down_sync(kFullMask, a.sum[k], offset);
    other.vmin = __shfl_down_sync(kFullMask, a.vmin, offset);
    other.vmax = __shfl_down_sync(kFullMask, a.vmax, offset);
    a.Add(other);
  }
  return a;
}

// Warp shuffles within each warp, the 8 warp totals through shared memory (one barrier), shuffles again in
// the first warp, and one set of atomics per block.
__global__ void __launch_bounds__(kStreamBlock)
    ReduceWarpShuffle(const uint4* __restrict__ chunks, std::size_t n, const std::uint8_t* __restrict__ tail,
                      int tail_n, LaneTotals* out) {
  constexpr int kWarps = kStreamBlock / 32;
  // Plain arrays: a __shared__ variable cannot have a constructor (LaneAcc's initializers).
  __shared__ unsigned long long w_sum[4][kWarps];
  __shared__ unsigned w_min[kWarps], w_max[kWarps];
  const LaneAcc a = WarpTotals(ThreadTotals(chunks, n, tail, tail_n));
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) {
#pragma unroll
    for (int k = 0; k < 4; ++k) w_sum[k][warp] = a.sum[k];
    w_min[warp] = a.vmin;
    w_max[warp] = a.vmax;
  }
  __syncthreads();
  if (warp != 0) return;
  LaneAcc mine;  // lanes past the last warp keep the neutral totals
  if (lane < kWarps) {
#pragma unroll
    for (int k = 0; k < 4; ++k) mine.sum[k] = w_sum[k][lane];
    mine.vmin = w_min[lane];
    mine.vmax = w_max[lane];
  }
  const LaneAcc block = WarpTotals(mine);
  if (lane == 0) block.AtomicInto(out);
}

using ReduceKernelFn = void (*)(const uint4*, std::size_t, const std::uint8_t*, int, LaneTotals*);

ReduceKernelFn KernelFor(ReduceKernel k) {
  return k == ReduceKernel::SmemTree ? ReduceSmemTree : ReduceWarpShuffle;
}

void ResetTotals(LaneTotals* totals, cudaStream_t s) {
  FL_CUDA_CHECK(cudaMemsetAsync(totals, 0, sizeof(LaneTotals), s));
  // min starts at the top (address arithmetic only: `totals` is a device pointer)
  FL_CUDA_CHECK(cudaMemsetAsync(reinterpret_cast<char*>(totals) + offsetof(LaneTotals, min), 0xFF,
                                sizeof(LaneTotals::min), s));
}

fl::labs::LaneStats ToLaneStats(const LaneTotals& t) {
  fl::labs::LaneStats s;
  for (int k = 0; k < 4; ++k) {
    s.sum[k] = t.sum[k].v;
    s.min[k] = static_cast<int>(t.min[k].v > 255 ? 255 : t.min[k].v);  // a lane no byte reached: still the top
    s.max[k] = static_cast<int>(t.max[k].v);
  }
  return s;
}

}  // namespace

ReduceRuns RunReduceKernels(const Image& image, const std::vector<ReduceKernel>& kernels, int repeat,
                            const std::atomic<bool>* cancel, int blocks_per_sm) {
  const Stream stream = Stream::Create();
  const cudaStream_t s = stream.get();
  const PackedBytes in(image, s);
  const DeviceBuffer totals = DeviceBuffer::Allocate(sizeof(LaneTotals));
  LaneTotals* out = totals.as<LaneTotals>();
  const L2Flusher flusher;
  const auto* chunks = reinterpret_cast<const uint4*>(in.data());

  ReduceRuns runs;
  for (const ReduceKernel k : kernels) {
    const ReduceKernelFn fn = KernelFor(k);
    const unsigned grid =
        StreamGrid(reinterpret_cast<const void*>(fn), kStreamBlock, 0, in.chunks(), blocks_per_sm);
    const TimingSamples t = TimeLaunches(
        s, 1, repeat, [&] { ResetTotals(out, s); },
        [&] {
          fn<<<grid, kStreamBlock, 0, s>>>(chunks, in.chunks(), in.tail_data(), in.tail(), out);
          FL_CUDA_CHECK_LAUNCH("reduce kernel");
        },
        flusher, cancel);
    LaneTotals host{};
    FL_CUDA_CHECK(cudaMemcpyAsync(&host, out, sizeof host, cudaMemcpyDeviceToHost, s));
    FL_CUDA_CHECK(cudaStreamSynchronize(s));
    runs.kernels.push_back({t.Median(), t.Min(), ToLaneStats(host)});
  }
  const DeviceBuffer sink = DeviceBuffer::Allocate(sizeof(unsigned));
  const TimingSamples read = TimeLaunches(
      s, 1, repeat, [] {}, [&] { ReadEveryWord(in.data(), in.chunks() * 16, sink.as<unsigned>(), s); }, flusher,
      cancel);
  runs.read_ms = read.Median();
  runs.read_min_ms = read.Min();
  return runs;
}

}  // namespace fl::cuda::labs
