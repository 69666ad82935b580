#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "cuda/compare/compare_checks.hpp"
#include "cuda/compare/device_metrics.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

constexpr unsigned kFullWarp = 0xffffffffu;
constexpr int kWarp = 32;
constexpr unsigned long long kNoMismatch = ~0ull;
constexpr unsigned kNoMinKey = 0xffffffffu;  // above every key: atomicMin's identity
constexpr unsigned kNoMaxKey = 0u;           // below every key: atomicMax's identity

// Where every block's partial ends up: 64 bytes, the only thing that comes back to the host.
struct CompareTotals {
  unsigned long long sum_abs_int;  // gray8, rgba8: exact integer sums (at most 2^30 px * 4 ch * 255^2 < 2^50)
  unsigned long long sum_sq_int;
  double sum_abs;  // gray32f
  double sum_sq;
  // max |a - b| as the bits of a double: non-negative doubles order like their bits, so atomicMax works.
  unsigned long long max_abs_bits;
  unsigned long long mismatches;      // pixels with any channel above the tolerance
  unsigned long long first_mismatch;  // smallest row-major index of those; kNoMismatch when none
  unsigned a_min_key;                 // OrderedKey of A's smallest and largest finite value (gray32f)
  unsigned a_max_key;
};
static_assert(sizeof(CompareTotals) == 64, "one small copy back");

// Floats as unsigned keys that sort like the floats (flip every bit of a negative, the sign bit of a
// positive), so atomicMin/atomicMax on unsigned int find the smallest and largest float.
__device__ inline unsigned OrderedKey(float f) {
  const unsigned bits = __float_as_uint(f);
  return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}
float FromOrderedKey(unsigned key) {
  return std::bit_cast<float>((key & 0x80000000u) ? (key & 0x7fffffffu) : ~key);
}

// One thread's (then one warp's, then one block's) share of the totals. Integer sums for 8-bit formats,
// double sums for gray32f. A plain aggregate (no default member initialisers), so that it may live in
// __shared__ memory.
template <typename Sum>
struct Partial {
  Sum sum_abs;
  Sum sum_sq;
  double max_abs;
  unsigned long long mismatches;
  unsigned long long first_mismatch;
  unsigned a_min_key;
  unsigned a_max_key;
};

template <PixelFormat F>
using SumOf = std::conditional_t<IsInteger(F), unsigned long long, double>;

template <typename Sum>
__device__ inline Partial<Sum> EmptyPartial() {
  return {Sum{0}, Sum{0}, 0.0, 0ull, kNoMismatch, kNoMinKey, kNoMaxKey};
}

template <typename Sum>
__device__ inline void Fold(Partial<Sum>& p, const Partial<Sum>& q) {
  p.sum_abs += q.sum_abs;
  p.sum_sq += q.sum_sq;
  p.max_abs = fmax(p.max_abs, q.max_abs);
  p.mismatches += q.mismatches;
  p.first_mismatch = q.first_mismatch < p.first_mismatch ? q.first_mismatch : p.first_mismatch;
  p.a_min_key = q.a_min_key < p.a_min_key ? q.a_min_key : p.a_min_key;
  p.a_max_key = q.a_max_key > p.a_max_key ? q.a_max_key : p.a_max_key;
}

// The partial of the lane `offset` above this one (lanes near the top get their own back; only lane 0's final
// fold matters).
template <typename Sum>
__device__ inline Partial<Sum> ShuffleDown(const Partial<Sum>& p, int offset) {
  return {__shfl_down_sync(kFullWarp, p.sum_abs, offset),
          __shfl_down_sync(kFullWarp, p.sum_sq, offset),
          __shfl_down_sync(kFullWarp, p.max_abs, offset),
          __shfl_down_sync(kFullWarp, p.mismatches, offset),
          __shfl_down_sync(kFullWarp, p.first_mismatch, offset),
          __shfl_down_sync(kFullWarp, p.a_min_key, offset),
          __shfl_down_sync(kFullWarp, p.a_max_key, offset)};
}

// Five shuffle steps fold 32 lanes into lane 0, through registers: no shared memory, no __syncthreads.
template <typename Sum>
__device__ inline Partial<Sum> WarpFold(Partial<Sum> p) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) Fold(p, ShuffleDown(p, offset));
  return p;
}

// One channel's |a - b|, as CompareImages defines it. Bytes: an exact integer. Floats: the difference in
// double (the same IEEE operations the CPU does, so max_abs matches bit for bit), NaN counting as infinitely
// different.
__device__ inline void AddChannel(Partial<unsigned long long>& p, int a, int b, double tolerance,
                                  bool& mismatch) {
  const unsigned long long d = static_cast<unsigned long long>(a > b ? a - b : b - a);
  p.sum_abs += d;
  p.sum_sq += d * d;
  p.max_abs = fmax(p.max_abs, static_cast<double>(d));
  mismatch |= static_cast<double>(d) > tolerance;
}
__device__ inline void AddChannel(Partial<double>& p, float a, float b, double tolerance, bool& mismatch) {
  double d = fabs(static_cast<double>(a) - static_cast<double>(b));
  if (isnan(d)) d = INFINITY;
  p.sum_abs += d;
  p.sum_sq += d * d;
  p.max_abs = fmax(p.max_abs, d);
  mismatch |= d > tolerance;
}

template <PixelFormat F>
__device__ inline void AddPixel(Partial<SumOf<F>>& p, const std::uint8_t* a, std::size_t a_pitch,
                                const std::uint8_t* b, std::size_t b_pitch, int x, int y,
                                unsigned long long index, double tolerance) {
  bool mismatch = false;
  if constexpr (F == PixelFormat::Gray8) {
    AddChannel(p, RowPtr<std::uint8_t>(a, a_pitch, y)[x], RowPtr<std::uint8_t>(b, b_pitch, y)[x], tolerance,
               mismatch);
  } else if constexpr (F == PixelFormat::Rgba8) {
    const uchar4 pa = RowPtr<uchar4>(a, a_pitch, y)[x], pb = RowPtr<uchar4>(b, b_pitch, y)[x];
    AddChannel(p, pa.x, pb.x, tolerance, mismatch);
    AddChannel(p, pa.y, pb.y, tolerance, mismatch);
    AddChannel(p, pa.z, pb.z, tolerance, mismatch);
    AddChannel(p, pa.w, pb.w, tolerance, mismatch);
  } else {
    const float va = RowPtr<float>(a, a_pitch, y)[x], vb = RowPtr<float>(b, b_pitch, y)[x];
    AddChannel(p, va, vb, tolerance, mismatch);
    if (isfinite(va)) {  // the PSNR peak is the range of A's finite values
      const unsigned key = OrderedKey(va);
      p.a_min_key = key < p.a_min_key ? key : p.a_min_key;
      p.a_max_key = key > p.a_max_key ? key : p.a_max_key;
    }
  }
  if (mismatch) {
    ++p.mismatches;
    p.first_mismatch = index < p.first_mismatch ? index : p.first_mismatch;
  }
}

// Thread 0 of each block: one atomic per field (a field still at its identity is skipped).
__device__ inline void AddSums(CompareTotals* t, const Partial<unsigned long long>& p) {
  if (p.sum_abs) atomicAdd(&t->sum_abs_int, p.sum_abs);
  if (p.sum_sq) atomicAdd(&t->sum_sq_int, p.sum_sq);
}
__device__ inline void AddSums(CompareTotals* t, const Partial<double>& p) {
  if (p.sum_abs != 0.0) atomicAdd(&t->sum_abs, p.sum_abs);  // native double atomicAdd (sm_60 and later)
  if (p.sum_sq != 0.0) atomicAdd(&t->sum_sq, p.sum_sq);
}
template <typename Sum>
__device__ inline void AddToTotals(CompareTotals* t, const Partial<Sum>& p) {
  AddSums(t, p);
  if (p.max_abs > 0.0)
    atomicMax(&t->max_abs_bits, static_cast<unsigned long long>(__double_as_longlong(p.max_abs)));
  if (p.mismatches) {
    atomicAdd(&t->mismatches, p.mismatches);
    atomicMin(&t->first_mismatch, p.first_mismatch);
  }
  if (p.a_min_key <= p.a_max_key) {  // this block saw a finite value of A
    atomicMin(&t->a_min_key, p.a_min_key);
    atomicMax(&t->a_max_key, p.a_max_key);
  }
}

__global__ void ResetTotals(CompareTotals* t) {
  *t = CompareTotals{0ull, 0ull, 0.0, 0.0, 0ull, 0ull, kNoMismatch, kNoMinKey, kNoMaxKey};
}

// -----------------------------------------------------------------------------------------------------------
// Block reduction with ONE atomic per block (per result field), not one per pixel.
//
// Why: atomics on one address are serialised where that address lives (in L2). One atomicAdd per value would
// queue width * height * channels updates on each result word (3.1 million for a 1023x769 rgba8 image), so
// the kernel would run at the pace of that one queue, not at memory bandwidth. Here each thread first folds
// its grid-stride share of pixels in registers, each warp folds its 32 partials with shuffles, the warps'
// partials meet in shared memory (one __syncthreads), and thread 0 alone issues the atomics: a grid of G
// blocks sends only G updates per field (about a thousand on a large GPU, whatever the image size) while the
// bulk of the work stays a streaming read of A and B.
//
// What it costs: this folding code, one partial per warp of shared memory, a block size of whole warps, and
// for gray32f double sums whose addition order changes from run to run (the last bits of mean_abs may differ
// between runs; the 8-bit sums are exact integers, associative, so they never do).
// -----------------------------------------------------------------------------------------------------------
template <PixelFormat F>
__global__ void CompareReduce(const std::uint8_t* a, std::size_t a_pitch, const std::uint8_t* b,
                              std::size_t b_pitch, int w, int h, double tolerance, CompareTotals* totals) {
  using Sum = SumOf<F>;
  __shared__ Partial<Sum> warp_partials[1024 / kWarp];

  // 1. Each thread: a grid-stride loop in row-major order, so neighbouring threads read neighbouring pixels.
  Partial<Sum> p = EmptyPartial<Sum>();
  const unsigned long long n = static_cast<unsigned long long>(w) * static_cast<unsigned long long>(h);
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    const int y = static_cast<int>(i / static_cast<unsigned>(w));
    const int x = static_cast<int>(i - static_cast<unsigned long long>(y) * static_cast<unsigned>(w));
    AddPixel<F>(p, a, a_pitch, b, b_pitch, x, y, i, tolerance);
  }

  // 2. Each warp. Safe with the full mask: no thread returned early (threads past the end hold empty
  // partials)
  //    and the block is whole warps (the host checks).
  p = WarpFold(p);
  const int lane = static_cast<int>(threadIdx.x) % kWarp, warp = static_cast<int>(threadIdx.x) / kWarp;
  if (lane == 0) warp_partials[warp] = p;
  __syncthreads();

  // 3. The block: warp 0 folds the warps' partials. The warp count need not be a power of two (96 threads = 3
  //    warps): lanes without a warp behind them bring the empty partial.
  if (warp == 0) {
    const int warps = static_cast<int>(blockDim.x) / kWarp;
    p = WarpFold(lane < warps ? warp_partials[lane] : EmptyPartial<Sum>());
    if (lane == 0) AddToTotals(totals, p);  // 4. the grid: one atomic per field per block
  }
}

template <PixelFormat F>
void LaunchCompareReduce(int blocks, int threads, const DeviceView& a, const DeviceView& b, double tolerance,
                         CompareTotals* totals, cudaStream_t stream) {
  CompareReduce<F><<<blocks, threads, 0, stream>>>(a.data, a.pitch, b.data, b.pitch, a.shape.width,
                                                   a.shape.height, tolerance, totals);
  FL_CUDA_CHECK_LAUNCH("CompareReduce");
}

ValueSpan SpanOf(PixelFormat format, const CompareTotals& t) {
  if (IsInteger(format)) return ValueSpan::Bytes();
  if (t.a_min_key > t.a_max_key) return ValueSpan::NoFiniteValue();
  return {FromOrderedKey(t.a_min_key), FromOrderedKey(t.a_max_key)};
}

}  // namespace

DeviceComparer::DeviceComparer(int threads_per_block) : threads_(threads_per_block) {
  if (threads_per_block < kWarp || threads_per_block > 1024 || threads_per_block % kWarp != 0)
    throw InputError("comparison block of " + std::to_string(threads_per_block) +
                     " threads: must be a multiple of 32 from 32 to 1024");
}

void DeviceComparer::EnsureBuffers() {
  if (totals_) return;
  int device = 0, sms = 0;
  FL_CUDA_CHECK(cudaGetDevice(&device));
  FL_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  // Enough blocks to fill every multiprocessor once (2048 resident threads each on recent GPUs); more would
  // only add atomics, fewer would leave multiprocessors idle.
  max_blocks_ = std::max(1, sms) * std::max(1, 2048 / threads_);
  totals_ = DeviceBuffer::Allocate(sizeof(CompareTotals));
  host_totals_ = PinnedBuffer::Allocate(sizeof(CompareTotals));
  copied_ = Event::Create();
}

void DeviceComparer::Enqueue(const DeviceView& a, const DeviceView& b, double tolerance,
                             cudaStream_t stream) {
  CheckComparable(a, b);
  EnsureBuffers();
  // A comparison still in flight (perhaps on another stream) must be done with the totals before they are
  // reset. Its result is dropped: should a launch below fail, Collect must not hand out a half-reset one.
  if (pending_) {
    FL_CUDA_CHECK(cudaStreamWaitEvent(stream, copied_.get(), 0));
    pending_ = false;
  }
  const long long n = static_cast<long long>(a.shape.width) * a.shape.height;
  blocks_ = static_cast<int>(std::min<long long>(max_blocks_, (n + threads_ - 1) / threads_));
  CompareTotals* totals = totals_.as<CompareTotals>();
  ResetTotals<<<1, 1, 0, stream>>>(totals);
  FL_CUDA_CHECK_LAUNCH("ResetTotals");
  switch (a.shape.format) {
    case PixelFormat::Gray8:
      LaunchCompareReduce<PixelFormat::Gray8>(blocks_, threads_, a, b, tolerance, totals, stream);
      break;
    case PixelFormat::Rgba8:
      LaunchCompareReduce<PixelFormat::Rgba8>(blocks_, threads_, a, b, tolerance, totals, stream);
      break;
    case PixelFormat::Gray32f:
      LaunchCompareReduce<PixelFormat::Gray32f>(blocks_, threads_, a, b, tolerance, totals, stream);
      break;
  }
  FL_CUDA_CHECK(cudaMemcpyAsync(host_totals_.as<void>(), totals, sizeof(CompareTotals),
                                cudaMemcpyDeviceToHost, stream));
  copied_.Record(stream);
  pending_ = true;
  shape_ = a.shape;
}

ImageMetrics DeviceComparer::Collect() {
  if (!pending_) throw InputError("DeviceComparer::Collect: no comparison was enqueued");
  copied_.Synchronize();
  pending_ = false;
  const CompareTotals t = *host_totals_.as<CompareTotals>();

  // From here on the same arithmetic as CompareImages, on the same values.
  ImageMetrics m;
  const bool integer = IsInteger(shape_.format);
  const double sum_abs = integer ? static_cast<double>(t.sum_abs_int) : t.sum_abs;  // exact below 2^53
  const double sum_sq = integer ? static_cast<double>(t.sum_sq_int) : t.sum_sq;
  m.max_abs = std::bit_cast<double>(t.max_abs_bits);
  m.mismatches = static_cast<std::size_t>(t.mismatches);
  if (t.first_mismatch != kNoMismatch) {
    const auto w = static_cast<unsigned long long>(shape_.width);
    m.first_mismatch =
        std::make_pair(static_cast<int>(t.first_mismatch % w), static_cast<int>(t.first_mismatch / w));
  }
  const double n = static_cast<double>(shape_.Pixels()) * Channels(shape_.format);
  m.mean_abs = sum_abs / n;
  const double mse = sum_sq / n;
  span_ = SpanOf(shape_.format, t);
  const double peak = span_.Peak();
  m.psnr = mse == 0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(peak * peak / mse);
  m.mismatch_pct = 100.0 * static_cast<double>(m.mismatches) / static_cast<double>(shape_.Pixels());
  return m;
}

ImageMetrics DeviceComparer::Compare(const DeviceView& a, const DeviceView& b, double tolerance,
                                     cudaStream_t stream) {
  Enqueue(a, b, tolerance, stream);
  return Collect();
}

ImageMetrics CompareOnDevice(const DeviceView& a, const DeviceView& b, double tolerance,
                             cudaStream_t stream) {
  DeviceComparer comparer;
  return comparer.Compare(a, b, tolerance, stream);
}

}  // namespace fl::cuda
