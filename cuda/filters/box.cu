#include "core/cpu/box.hpp"
#include "cuda/filters/box.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// Sums are int per channel: at most 255 * 129^2 < 2^23, so they never overflow. rgba8 is handled as uchar4
// pixels and int4 sums, so one load or store moves a whole pixel.
__device__ inline int Widen(std::uint8_t v) { return v; }
__device__ inline int4 Widen(uchar4 v) { return make_int4(v.x, v.y, v.z, v.w); }
__device__ inline int4 operator+(int4 a, int4 b) {
  return make_int4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
__device__ inline int4 operator-(int4 a, int4 b) {
  return make_int4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}
__device__ inline int4 operator*(int k, int4 a) { return make_int4(k * a.x, k * a.y, k * a.z, k * a.w); }
__device__ inline int4& operator+=(int4& a, int4 b) { return a = a + b; }

// The reference's rounding: (sum + n/2) / n, n = cpu::BoxTaps(r) computed on the host.
__device__ inline std::uint8_t Mean(int s, int taps) {
  return static_cast<std::uint8_t>((s + taps / 2) / taps);
}
__device__ inline uchar4 Mean(int4 s, int taps) {
  return make_uchar4(Mean(s.x, taps), Mean(s.y, taps), Mean(s.z, taps), Mean(s.w, taps));
}

template <typename P>
struct SumType {
  using Type = int;
};
template <>
struct SumType<uchar4> {
  using Type = int4;
};
template <typename P>
using SumOf = typename SumType<P>::Type;

// ---- direct: the definition, (2r+1)^2 loads per pixel
// ----------------------------------------------------------
template <typename P>
__global__ void BoxDirect(const std::uint8_t* in, std::size_t in_pitch, std::uint8_t* out,
                          std::size_t out_pitch, int w, int h, int r, int taps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  SumOf<P> s{};
  for (int dy = -r; dy <= r; ++dy) {
    const P* row = RowPtr<P>(in, in_pitch, ClampInt(y + dy, 0, h - 1));
    for (int dx = -r; dx <= r; ++dx) s += Widen(row[ClampInt(x + dx, 0, w - 1)]);
  }
  RowPtr<P>(out, out_pitch, y)[x] = Mean(s, taps);
}

// ---- separable: 2r+1 loads per pixel in each of two passes
// -------------------------------------------------------- Pass 1: horizontal sums of 2r+1 pixels into the
// int scratch (w sums per row, no padding).
template <typename P>
__global__ void BoxRowSums(const std::uint8_t* in, std::size_t in_pitch, SumOf<P>* sums, int w, int h,
                           int r) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const P* row = RowPtr<P>(in, in_pitch, y);
  SumOf<P> s{};
  for (int dx = -r; dx <= r; ++dx) s += Widen(row[ClampInt(x + dx, 0, w - 1)]);
  sums[static_cast<std::size_t>(y) * w + x] = s;
}

// Pass 2: vertical sums of 2r+1 row sums, rounded to the mean.
template <typename P>
__global__ void BoxColumnMeans(const SumOf<P>* sums, std::uint8_t* out, std::size_t out_pitch, int w, int h,
                               int r, int taps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  SumOf<P> s{};
  for (int dy = -r; dy <= r; ++dy) s += sums[static_cast<std::size_t>(ClampInt(y + dy, 0, h - 1)) * w + x];
  RowPtr<P>(out, out_pitch, y)[x] = Mean(s, taps);
}

// ---- running_sum: a sliding window, two loads per pixel whatever the radius
// --------------------------------------- The thread's index in a launch whose 2D blocks are used as flat
// groups of threads.
__device__ inline int FlatThread() {
  return blockIdx.x * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x;
}

// Pass 1: one thread walks one row, adding the pixel entering the window and subtracting the one leaving it.
// Neighbouring threads read different rows, so the loads are not coalesced; the caches absorb part of that.
template <typename P>
__global__ void BoxRowRunning(const std::uint8_t* in, std::size_t in_pitch, SumOf<P>* sums, int w, int h,
                              int r) {
  const int y = FlatThread();
  if (y >= h) return;
  const P* row = RowPtr<P>(in, in_pitch, y);
  SumOf<P>* dst = sums + static_cast<std::size_t>(y) * w;
  // The window of x = 0 covers columns -r..r: r+1 copies of column 0 (replicate border) and columns 1..r.
  SumOf<P> s = (r + 1) * Widen(row[0]);
  for (int k = 1; k <= r; ++k) s += Widen(row[min(k, w - 1)]);
  for (int x = 0; x < w; ++x) {
    dst[x] = s;
    s += Widen(row[min(x + r + 1, w - 1)]) - Widen(row[max(x - r, 0)]);
  }
}

// Pass 2: one thread walks one column of row sums the same way; neighbouring threads read neighbouring
// columns, so every step is one coalesced load per warp.
template <typename P>
__global__ void BoxColumnRunning(const SumOf<P>* sums, std::uint8_t* out, std::size_t out_pitch, int w, int h,
                                 int r, int taps) {
  const int x = FlatThread();
  if (x >= w) return;
  const auto at = [&](int y) { return sums[static_cast<std::size_t>(y) * w + x]; };
  SumOf<P> s = (r + 1) * at(0);
  for (int k = 1; k <= r; ++k) s += at(min(k, h - 1));
  for (int y = 0; y < h; ++y) {
    RowPtr<P>(out, out_pitch, y)[x] = Mean(s, taps);
    s += at(min(y + r + 1, h - 1)) - at(max(y - r, 0));
  }
}

template <typename P>
SumOf<P>* ScratchSums(const CudaCall& c) {
  const std::size_t need = BoxScratchBytes(c.in.shape, c.params);
  if (!c.scratch || c.scratch_bytes < need)
    throw RuntimeError("box: scratch of " + std::to_string(c.scratch_bytes) + " bytes, " +
                       std::to_string(need) + " needed");
  return static_cast<SumOf<P>*>(c.scratch);
}

template <typename P>
void Direct(const CudaCall& c) {
  const int w = c.in.shape.width, h = c.in.shape.height, r = c.params.Int("radius");
  BoxDirect<P><<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(
      c.in.data, c.in.pitch, c.out.data, c.out.pitch, w, h, r, cpu::BoxTaps(r));
  FL_CUDA_CHECK_LAUNCH("BoxDirect");
}

template <typename P>
void Separable(const CudaCall& c) {
  const int w = c.in.shape.width, h = c.in.shape.height, r = c.params.Int("radius");
  SumOf<P>* sums = ScratchSums<P>(c);
  const dim3 grid = GridOf(c);  // both passes: one pixel per thread, as declared
  BoxRowSums<P><<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(c.in.data, c.in.pitch, sums, w, h, r);
  FL_CUDA_CHECK_LAUNCH("BoxRowSums");
  BoxColumnMeans<P>
      <<<grid, BlockOf(c.launch), 0, StreamOf(c)>>>(sums, c.out.data, c.out.pitch, w, h, r, cpu::BoxTaps(r));
  FL_CUDA_CHECK_LAUNCH("BoxColumnMeans");
}

template <typename P>
void RunningSum(const CudaCall& c) {
  const int w = c.in.shape.width, h = c.in.shape.height, r = c.params.Int("radius");
  SumOf<P>* sums = ScratchSums<P>(c);
  const long threads = static_cast<long>(c.launch.block_x) * c.launch.block_y;
  BoxRowRunning<P>
      <<<DivUp(h, threads), BlockOf(c.launch), 0, StreamOf(c)>>>(c.in.data, c.in.pitch, sums, w, h, r);
  FL_CUDA_CHECK_LAUNCH("BoxRowRunning");
  BoxColumnRunning<P><<<DivUp(w, threads), BlockOf(c.launch), 0, StreamOf(c)>>>(sums, c.out.data, c.out.pitch,
                                                                                w, h, r, cpu::BoxTaps(r));
  FL_CUDA_CHECK_LAUNCH("BoxColumnRunning");
}

}  // namespace

std::size_t BoxScratchBytes(const ImageShape& in, const ParamValues&) {
  return in.Pixels() * static_cast<std::size_t>(Channels(in.format)) * sizeof(int);
}

void LaunchBoxDirect(const CudaCall& c) {
  c.in.shape.format == PixelFormat::Rgba8 ? Direct<uchar4>(c) : Direct<std::uint8_t>(c);
}
void LaunchBoxSeparable(const CudaCall& c) {
  c.in.shape.format == PixelFormat::Rgba8 ? Separable<uchar4>(c) : Separable<std::uint8_t>(c);
}
void LaunchBoxRunningSum(const CudaCall& c) {
  c.in.shape.format == PixelFormat::Rgba8 ? RunningSum<uchar4>(c) : RunningSum<std::uint8_t>(c);
}

const void* BoxDirectKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&BoxDirect<uchar4>)
                                 : reinterpret_cast<const void*>(&BoxDirect<std::uint8_t>);
}
// The column pass: it does the vertical sums and writes the output.
const void* BoxSeparableKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&BoxColumnMeans<uchar4>)
                                 : reinterpret_cast<const void*>(&BoxColumnMeans<std::uint8_t>);
}
// The row walk: with one thread per row it is the pass that parallelism limits.
const void* BoxRunningSumKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return f == PixelFormat::Rgba8 ? reinterpret_cast<const void*>(&BoxRowRunning<uchar4>)
                                 : reinterpret_cast<const void*>(&BoxRowRunning<std::uint8_t>);
}

}  // namespace fl::cuda
